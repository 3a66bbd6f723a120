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

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from solver.grid import BOX_OF, HOUSE_KINDS, HOUSES, HOUSES_OF, PEERS, Grid, cell_name, house_name
from solver.levels import Level
from solver.step import Link, Node, Step, split_chains

PEER_SET = tuple(frozenset(p) for p in PEERS)

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
    (the UI thread builds it and never touches it again), ``candidates`` its 81 masks."""

    grid: Grid
    candidates: tuple[int, ...]

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


@dataclass(frozen=True)
class Focus:
    """Where a stage-1 hint points: one concrete place to start looking.

    houses: houses to tint (0-8 rows, 9-17 columns, 18-26 boxes); cells: cells to outline;
    text: the sentence ("Look at the 3s in rows 3 and 7."). It never names an elimination or a
    placement as such.
    """

    houses: tuple[int, ...]
    cells: tuple[int, ...]
    text: str


FISH_WORDS = ("X-Wing", "Swordfish", "Jellyfish")
ALS_NAMES = ("ALS-XZ", "ALS-XY-Wing", "ALS-XY-Chain", "Death Blossom", "Sue de Coq")
WING_NAMES = ("XY-Wing", "XYZ-Wing", "WXYZ-Wing")
RECTANGLE_WORDS = ("Uniqueness Test", "Avoidable Rectangle", "Hidden Rectangle")


def focus_of(step: Step) -> Focus:
    """The one place a stage-1 hint points at, by the step's kind:

    - forcing chains and nets: the cell whose candidates they try, or the house and digit
      whose places they try, or the one premise a contradiction starts from;
    - Almost Locked Sets (ALS-XZ, -XY-Wing, -XY-Chain, Death Blossom, Sue de Coq): the first
      set's cells;
    - other chains (X-, XY-Chains, Nice Loops, AICs, Skyscraper, Kites, W-Wing...): the
      chain's start candidate;
    - fish: the base houses and the digit; wings: the pivot cell; rectangles: their corners;
    - colourings: the digit and the first colour's first cell;
    - the rest (singles, intersections, subsets): the step's first house, or the box of
      its first cell when it names none. Houses that meet in one cell name that cell.
    """
    chains = split_chains(step.links)
    digits = _focus_digits(step)
    the_digit = f"the {digits[0]}s in " if len(digits) == 1 else ""
    for rule in _FOCUS_RULES:
        found = rule(step, chains, the_digit)
        if found is not None:
            return found
    return _house_focus(step, the_digit)


# Each rule of focus_of: (step, its chains, "the Ns in " or "") -> the Focus, or None when the
# step is not of its kind. Tried in this order; _house_focus is the rest.
FocusRule = Callable[[Step, list[list[Link]], str], "Focus | None"]


def _forcing_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if not step.technique.startswith(("Forcing Chain", "Forcing Net")) or not (step.pattern or chains):
        return None
    # the premises: the pattern holds them (a net's drawn chains may start further on)
    starts: list[Node] = [((cell,), digit) for cell, digit in step.pattern] or [chain[0][0] for chain in chains]
    return _forcing_focus(starts)


def _als_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if step.technique not in ALS_NAMES or not step.groups:
        return None
    cells = tuple(sorted({c for c, _ in step.groups[0]}))
    return Focus((), cells, f"Look at {_cells_text(cells)}: {_set_word(step.technique)}.")


def _chain_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if not chains:
        return None
    (cells, digit) = chains[0][0][0]
    noun = cell_name(cells[0]) if len(cells) == 1 else "/".join(cell_name(c) for c in cells)
    return Focus((), tuple(cells), f"Look at the {digit} in {noun} and follow the chain from there.")


def _fish_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if not any(word in step.technique for word in FISH_WORDS) or not step.houses:
        return None
    base = tuple(step.houses[: len(step.houses) // 2])
    return Focus(base, (), f"Look at {the_digit}{houses_text(base)}.")


def _wing_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if step.technique not in WING_NAMES or not step.pattern:
        return None
    pivot = _pivot(step)
    return Focus((), (pivot,), f"Look at {cell_name(pivot)} and the cells it sees.")


def _rectangle_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if not any(word in step.technique for word in RECTANGLE_WORDS) or not step.groups:
        return None
    corners = tuple(sorted({c for c, _ in step.groups[0]}))
    return Focus((), corners, f"Look at the rectangle {_cells_text(corners)}.")


def _colouring_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if "Colors" not in step.technique or not step.groups:
        return None
    start = min(c for c, _ in step.groups[0])
    digit = step.groups[0][0][1]
    return Focus(
        (),
        (start,),
        f"Look at the {digit} in {cell_name(start)} and follow the {digit}s' conjugate pairs from there.",
    )


_FOCUS_RULES: tuple[FocusRule, ...] = (
    _forcing_rule,
    _als_rule,
    _chain_rule,
    _fish_rule,
    _wing_rule,
    _rectangle_rule,
    _colouring_rule,
)


def _house_focus(step: Step, the_digit: str) -> Focus:
    """Singles, intersections, subsets and the rest: the step's first house (the cell where
    its houses meet, if they meet in one), or the box of its first cell."""
    houses = step.houses[:1]
    if houses:
        cell = _meeting_cell(step.houses) if len(step.houses) > 1 else None
        if cell is not None:
            return Focus((), (cell,), f"Look at {cell_name(cell)}.")
        return Focus(houses, (), f"Look at {the_digit}{houses_text(houses)}.")
    cells = [c for c, _ in step.pattern + step.placements + step.eliminations]
    box = (18 + BOX_OF[cells[0]],) if cells else ()
    return Focus(box, (), f"Look at {the_digit}{houses_text(box)}." if box else "Look at the whole grid.")


def _forcing_focus(premises: Iterable[Node]) -> Focus:
    """A forcing chain's or net's start: its premises (nodes) share a cell, or a house and a
    digit, or are one candidate (a contradiction)."""
    starts = list(dict.fromkeys(premises))
    cells = {c for node_cells, _ in starts for c in node_cells}
    digits = {d for _, d in starts}
    if len(starts) == 1 or (len(cells) == 1 and len(digits) == 1):
        cell, digit = starts[0][0][0], starts[0][1]
        return Focus((), (cell,), f"Look at {cell_name(cell)}: what follows if it is {digit}?")
    if len(cells) == 1:
        cell = next(iter(cells))
        return Focus((), (cell,), f"Look at {cell_name(cell)}: try each of its candidates in turn.")
    if len(digits) == 1:
        shared = set(HOUSES_OF[min(cells)]).intersection(*(HOUSES_OF[c] for c in cells))
        if shared:
            house = min(shared)
            return Focus(
                (house,),
                tuple(sorted(cells)),
                f"Look at the {next(iter(digits))}s in {house_name(house)}: try each place in turn.",
            )
    return Focus((), tuple(sorted(cells)), f"Look at {_cells_text(tuple(sorted(cells)))}: try each in turn.")


def _pivot(step: Step) -> int:
    """A wing's pivot: the pattern cell that sees the most other pattern cells (then the one
    with the most pattern candidates, then the first)."""
    cells = sorted({c for c, _ in step.pattern})
    held = {c: sum(1 for x, _ in step.pattern if x == c) for c in cells}
    return max(cells, key=lambda c: (sum(1 for o in cells if o in PEER_SET[c]), held[c], -c))


def _meeting_cell(houses: tuple[int, ...]) -> int | None:
    """The one cell every house of ``houses`` holds, or None."""
    common = set(HOUSES[houses[0]]).intersection(*(HOUSES[h] for h in houses[1:]))
    return next(iter(common)) if len(common) == 1 else None


def _cells_text(cells: tuple[int, ...]) -> str:
    return _and_list([cell_name(c) for c in cells])


def _set_word(name: str) -> str:
    if name == "Sue de Coq":
        return "the cells where a box and a line cross, and what they hold"
    if name == "Death Blossom":
        return "a stem cell and the sets around it"
    return "an almost locked set (one more candidate than cells)"


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
    return f"none of {_and_list(names)} is {digit}"


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


def single_reason(step: Step, values: tuple[int, ...]) -> SingleReason | None:
    """For a Naked Single: the peers holding each other digit; for a Hidden Single: the digits
    that block the placed digit from each other empty cell of its house. ``values``: the
    position's 81 values (0 = empty). None for other steps, or when ``values`` is empty.
    A digit no peer holds was taken out by an earlier step; the sentence says so."""
    if not values or len(step.placements) != 1:
        return None
    cell, digit = step.placements[0]
    if step.technique == "Naked Single":
        return _naked_single_reason(cell, digit, values)
    if step.technique == "Hidden Single" and step.houses:
        return _hidden_single_reason(cell, digit, step.houses[0], values)
    return None


def _naked_single_reason(cell: int, digit: int, values: tuple[int, ...]) -> SingleReason:
    """The peer holding each other digit (outlined); digits no peer holds went in earlier."""
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
    text = f"Its peers hold {_and_list(named)}" if named else ""
    if earlier:
        text += ("; " if text else "") + f"{_and_list(earlier)} went in earlier steps"
    return SingleReason(tuple(blockers), (), f"{text[0].upper()}{text[1:]}: only {digit} is left.")


def _hidden_single_reason(cell: int, digit: int, house: int, values: tuple[int, ...]) -> SingleReason:
    """The fewest placed ``digit``s that rule it out of every other empty cell of ``house``
    (greedy: the one that blocks most cells first); cells none of them sees lost it earlier."""
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
    earlier = sorted(left)
    parts = [
        f"{_cells_text(tuple(cells))} {'sees' if len(cells) == 1 else 'see'} the {digit} in {cell_name(peer)}"
        for (peer, _), cells in blockers.items()
    ]
    if earlier:
        parts.append(f"{digit} went from {_cells_text(tuple(earlier))} in earlier steps")
    ruled = tuple(sorted(c for cells in blockers.values() for c in cells) + earlier)
    text = f"The other cells: {'; '.join(parts)}." if parts else ""
    return SingleReason(tuple(blockers), ruled, text)


def region_of(step: Step) -> tuple[int, ...]:
    """The houses a stage-1 hint tints: those of its ``focus_of``."""
    return focus_of(step).houses


def houses_text(houses: tuple[int, ...]) -> str:
    """``'rows 1 and 8'``, ``'row 2, columns 3 and 5, box 9'``: houses grouped by kind."""
    parts = []
    for kind_index, kind in enumerate(HOUSE_KINDS):
        numbers = [str(h % 9 + 1) for h in houses if h // 9 == kind_index]
        if not numbers:
            continue
        noun = kind if len(numbers) == 1 else ("boxes" if kind == "box" else kind + "s")
        parts.append(f"{noun} {_and_list(numbers)}")
    return ", ".join(parts)


def _and_list(words: list[str]) -> str:
    """As solver.techniques.wording.and_list, which cannot be imported here: importing it loads
    the whole technique registry (200 ms) before the first frame."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _focus_digits(step: Step) -> tuple[int, ...]:
    """The digits a stage-1 hint may name: those of its pattern, fins, groups and chain nodes;
    none for a step that places a digit (naming it would give the answer away)."""
    if step.placements:
        return ()
    digits = {d for _, d in step.pattern + step.fins}
    digits.update(d for group in step.groups for _, d in group)
    digits.update(node[1] for link in step.links for node in link[:2])
    return tuple(sorted(digits))


@dataclass(frozen=True)
class Hint:
    """The hint on show.

    kind: ``"wrong"`` (some entries differ from the solution; ``cells`` are those),
    ``"thinking"`` (``search`` runs on a worker), ``"step"`` (a technique; ``step`` is it,
    ``candidates`` the 81 masks of the grid it was found on) or ``"none"`` (no technique fires,
    the puzzle is solved, or the search failed; ``note`` then says why).
    stage: 1 names the technique and points at its region; 2 shows the pattern and the result.
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

    @property
    def title(self) -> str:
        if self.kind == "wrong":
            return "Check your entries"
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
        if self.kind == "thinking":
            return "thinking..."
        if self.kind == "none" or self.step is None:
            return self.note or "No technique I know finds a step here."
        step = self.step
        if self.stage == 1:
            return focus_of(step).text
        if self.link:
            index = self.link - 1
            return f"Link {self.link} of {len(step.links)}: {link_sentence(step.links[index])}"
        reason = self.reason
        return f"{step.explain()} {reason.text}" if reason is not None and reason.text else step.explain()

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
        return single_reason(self.step, self.values)

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
