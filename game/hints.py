"""The staged hint (Good Sudoku's teaching hints) and the search behind it. Never imports pygame.

Glossary:
  stage    1 names the technique and the region to look at; 2 shows the pattern, the links,
           the groups, the fins and the result with a sentence; 3 (a third press) applies it.
  region   the houses a stage-1 hint points at: the step's houses, or else the boxes its cells
           lie in (chains and colourings carry no houses).
  search   one hint search: the solver grid of the position it was asked on. It runs off the UI
           thread (game.jobs); its result is dropped when the position changed meanwhile.

A ``Hint`` is immutable; ``Game`` (game.session) holds the one on show and replaces it as the player
presses H. The search is cooperative: ``find_step`` is ``solver.human.next_step``, which checks
``cancel()`` before each technique.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.focus import PEER_SET, Focus, and_list, cells_text, focus_of, region_of
from solver.grid import HOUSES, PEERS, Grid, cell_name
from solver.levels import Level
from solver.step import Link, Node, Step

CancelFn = Callable[[], bool]


class HintCancelled(Exception):
    """Raised by ``find_step`` when ``cancel()`` turned true before a step was found."""


def find_step(grid: Grid, cancel: CancelFn | None = None) -> Step | None:
    """The next human-style step on ``grid``: ``solver.human.next_step`` at every level (the
    first step of the cheapest technique that fires); None when nothing fires. ``grid`` is not
    changed.

    Raises:
        HintCancelled: ``cancel()`` turned true; it is checked before each technique (one
            technique's search, a forcing net say, is not interrupted).
    """
    from solver.human import next_step  # imported when first needed: the solver loads slowly

    try:
        return next_step(grid, Level.MASTER, cancel=cancel)
    except InterruptedError:
        raise HintCancelled("hint search cancelled") from None


@dataclass(frozen=True, eq=False)
class HintSearch:
    """One search for a hint, compared by identity: ``grid`` is the position it was asked on
    (the UI thread builds it and never touches it again), ``candidates`` its 81 masks,
    ``marked`` the cells whose candidates there are the player's centre marks, fewer than the
    solver's (``PlayState.marks_grid``)."""

    grid: Grid
    candidates: tuple[int, ...]
    marked: frozenset[int] = frozenset()

    def run(self, cancel: CancelFn | None = None) -> Step | None:
        """Find the step (``find_step``); safe on a worker thread (plain data in and out)."""
        return find_step(self.grid, cancel)


def step_cells(step: Step) -> frozenset[int]:
    """Every cell a step touches: pattern, fins, placements, eliminations, groups, chain nodes."""
    cells = {c for c, _ in step.pattern + step.fins + step.placements + step.eliminations}
    for group in step.groups:
        cells.update(c for c, _ in group)
    for start, end, _ in step.links:
        cells.update(start[0])
        cells.update(end[0])
    return frozenset(cells)


def node_is(node: Node, value: bool) -> str:
    """``r4c5 is 7`` / ``r4c5 is not 7``; a grouped node: ``r1c2 or r1c3 is 4`` / ``neither r1c2
    nor r1c3 is 4``."""
    cells, digit = node
    names = [cell_name(c) for c in cells]
    if len(names) == 1:
        return f"{names[0]} is {digit}" if value else f"{names[0]} is not {digit}"
    if value:
        return f"{' or '.join(names)} is {digit}"
    if len(names) == 2:
        return f"neither {names[0]} nor {names[1]} is {digit}"
    return f"none of {and_list(names)} is {digit}"


def link_sentence(link: Link) -> str:
    """One link in words: a strong link ``r1c2 is not 4, so r1c8 is 4``; a weak one ``r1c8 is 4,
    so r8c8 is not 4``. Within one cell the second half says ``it``."""
    start, end, strong = link
    first = node_is(start, not strong)
    second = node_is(end, strong)
    if start[0] == end[0] and len(start[0]) == 1:
        second = f"it is {end[1]}" if strong else f"it is not {end[1]}"
    text = f"{first}, so {second}."
    return text[0].upper() + text[1:] if not text.startswith("r") else text


@dataclass(frozen=True)
class SingleReason:
    """Why a single holds, as stage 2 shows it.

    blockers: (cell, digit) of the board's digits that rule the other options out (outlined);
    ruled: the cells those digits rule the placed digit out of (a hidden single's other empty
    cells of its house; () for a naked single); text: the sentence that names them.
    """

    blockers: tuple[tuple[int, int], ...]
    ruled: tuple[int, ...]
    text: str


def single_reason(step: Step, values: tuple[int, ...], marked: frozenset[int] = frozenset()) -> SingleReason | None:
    """For a Naked Single: the peers holding each other digit; for a Hidden Single: the digits
    that block the placed digit from each other empty cell of its house. ``values``: the
    position's 81 values (0 = empty); ``marked``: the cells whose candidates were the player's
    centre marks (``Hint.marked``). None for other steps, or when ``values`` is empty.
    A digit no peer holds was taken out by the player's centre marks (in a marked cell) or
    else by an earlier step; the sentence says which."""
    if not values or len(step.placements) != 1:
        return None
    cell, digit = step.placements[0]
    if step.technique == "Naked Single":
        return _naked_single_reason(cell, digit, values, cell in marked)
    if step.technique == "Hidden Single" and step.houses:
        return _hidden_single_reason(cell, digit, step.houses[0], values, marked)
    return None


def _naked_single_reason(cell: int, digit: int, values: tuple[int, ...], marked: bool) -> SingleReason:
    """The peer holding each other digit (outlined); digits no peer holds are not among the
    player's centre marks (``marked``) or else went in earlier steps."""
    blockers, named, earlier = [], [], []
    for other in range(1, 10):
        if other == digit:
            continue
        peer = next((p for p in PEERS[cell] if values[p] == other), None)
        if peer is None:
            earlier.append(str(other))
            continue
        blockers.append((peer, other))
        named.append(f"{other} ({cell_name(peer)})")
    text = f"Its peers hold {and_list(named)}" if named else ""
    if earlier:
        verb = "is" if len(earlier) == 1 else "are"
        gone = f"{verb} not in your centre marks" if marked else "went in earlier steps"
        text += ("; " if text else "") + f"{and_list(earlier)} {gone}"
    return SingleReason(tuple(blockers), (), f"{text[0].upper()}{text[1:]}: only {digit} is left.")


def _hidden_single_reason(
    cell: int, digit: int, house: int, values: tuple[int, ...], marked: frozenset[int]
) -> SingleReason:
    """The fewest placed ``digit``s that rule it out of every other empty cell of ``house``
    (greedy: the one that blocks most cells first); cells none of them sees lost it to the
    player's centre marks (those in ``marked``) or in earlier steps."""
    left = {c for c in HOUSES[house] if c != cell and not values[c]}
    holders = [p for p in range(81) if values[p] == digit and p not in HOUSES[house]]
    blockers: dict[tuple[int, int], list[int]] = {}
    while left:
        seen = {p: sorted(c for c in left if c in PEER_SET[p]) for p in holders}
        best = max(holders, key=lambda p: len(seen[p]), default=None)
        if best is None or not seen[best]:
            break
        blockers[(best, digit)] = seen[best]
        left -= set(seen[best])
    by_marks = sorted(left & marked)
    earlier = sorted(left - marked)
    parts = [
        f"{cells_text(tuple(cells))} {'sees' if len(cells) == 1 else 'see'} the {digit} in {cell_name(peer)}"
        for (peer, _), cells in blockers.items()
    ]
    if by_marks:
        parts.append(f"your centre marks leave {digit} out of {cells_text(tuple(by_marks))}")
    if earlier:
        parts.append(f"{digit} went from {cells_text(tuple(earlier))} in earlier steps")
    ruled = tuple(sorted(c for cells in blockers.values() for c in cells) + by_marks + earlier)
    text = f"The other cells: {'; '.join(parts)}." if parts else ""
    return SingleReason(tuple(blockers), ruled, text)


@dataclass(frozen=True)
class Hint:
    """The hint on show.

    kind: ``"wrong"`` (some entries differ from the solution; ``cells`` are those), ``"marks"``
    (the centre marks of ``cells`` leave out a digit that can still go there),
    ``"thinking"`` (``search`` runs on a worker), ``"step"`` (a technique; ``step`` is it,
    ``candidates`` the 81 masks of the grid it was found on) or ``"none"`` (no technique fires,
    the puzzle is solved, or the search failed; ``note`` then says why).
    stage: 1 names the technique and points at its region; 2 shows the pattern and the result.
    marked: the cells whose candidates in the searched position were the player's centre marks,
    fewer than the solver's own (the search works from the player's marks).
    """

    kind: str
    stage: int = 1
    step: Step | None = None
    cells: tuple[int, ...] = ()
    candidates: tuple[int, ...] = ()
    search: HintSearch | None = None
    note: str = ""
    values: tuple[int, ...] = ()
    link: int = 0
    marked: frozenset[int] = frozenset()

    @property
    def title(self) -> str:
        if self.kind == "wrong":
            return "Check your entries"
        if self.kind == "marks":
            return "Check your marks"
        if self.kind == "thinking":
            return "Hint"
        if self.kind == "step" and self.step is not None:
            return self.step.technique
        return "No hint"

    @property
    def message(self) -> str:
        """What the hint panel says for this stage."""
        if self.kind == "wrong":
            names = ", ".join(cell_name(c) for c in self.cells)
            noun = "entry is" if len(self.cells) == 1 else "entries are"
            return f"{len(self.cells)} {noun} wrong: {names}. Fix them first."
        if self.kind == "marks":
            names = ", ".join(cell_name(c) for c in self.cells)
            where = "that cell" if len(self.cells) == 1 else "each of them"
            return (
                f"Your centre marks in {names} leave out a digit that can still go in {where}: "
                "any step worked out from them could be wrong. Add it back first."
            )
        if self.kind == "thinking":
            return "thinking..."
        if self.kind == "none" or self.step is None:
            return self.note or "No technique I know finds a step here."
        step = self.step
        if self.link:
            index = self.link - 1
            return f"Link {self.link} of {len(step.links)}: {link_sentence(step.links[index])}"
        if self.stage == 1:
            text = focus_of(step).text
        else:
            reason = self.reason
            if reason is not None and reason.text:  # a single's reason names the marks it read
                return f"{step.explain()} {reason.text}"
            text = step.explain()
        note = self.marks_note
        return f"{text} {note}" if note else text

    @property
    def marks_note(self) -> str:
        """For a step found on the player's centre marks that reads a marked cell (among its
        cells and houses, ``shown_cells``): the sentence that says so, naming those cells from
        stage 2 (at stage 1 a name could give the step away); "" otherwise."""
        if self.kind != "step" or not self.marked:
            return ""
        used = sorted(self.marked & self.shown_cells)
        if not used:
            return ""
        if self.stage == 1:
            return "It is worked out from your centre marks."
        return f"Worked out from your centre marks in {and_list([cell_name(c) for c in used])}."

    @property
    def prompt(self) -> str:
        """What the next press of H does ("" when it does nothing new)."""
        if self.kind != "step":
            return ""
        if self.stage == 1:
            return "Press H again for details."
        if self.step is not None and self.step.links:
            return "Press H to apply it; , and . (or Alt+arrows) walk the chain link by link."
        return "Press H to apply it."

    @property
    def reason(self) -> SingleReason | None:
        """Why a single holds (``single_reason``), from stage 2; None otherwise."""
        if self.kind != "step" or self.step is None or self.stage < 2:
            return None
        return single_reason(self.step, self.values, self.marked)

    @property
    def focus(self) -> Focus | None:
        """Where stage 1 points (``focus_of``); None unless a step is shown."""
        if self.kind != "step" or self.step is None:
            return None
        return focus_of(self.step)

    @property
    def region(self) -> tuple[int, ...]:
        """The houses tinted on the board (see ``region_of``); () unless a step is shown."""
        if self.kind != "step" or self.step is None:
            return ()
        return region_of(self.step)

    @property
    def shown_cells(self) -> frozenset[int]:
        """The cells whose candidates the 2nd stage shows: the step's cells and its houses."""
        cells = set(self.step_cells)
        if self.step is not None:
            for house in self.step.houses:
                cells.update(HOUSES[house])
        return frozenset(cells)

    @property
    def step_cells(self) -> frozenset[int]:
        """Every cell the step touches (see ``step_cells``); the wrong cells for a "wrong" hint."""
        if self.step is None:
            return frozenset(self.cells)
        return step_cells(self.step)
