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

from dataclasses import dataclass
from typing import Callable

from solver.grid import BOX_OF, HOUSES, HOUSE_KINDS, Grid, cell_name
from solver.levels import Level
from solver.step import Step

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


def region_of(step: Step) -> tuple[int, ...]:
    """The houses a stage-1 hint points at: the step's houses, else the boxes of its pattern
    (the pattern, fins, groups and chain nodes; the eliminations when there is nothing else)."""
    if step.houses:
        return tuple(step.houses)
    cells = {c for c, _ in step.pattern + step.fins}
    for group in step.groups:
        cells.update(c for c, _ in group)
    for start, end, _ in step.links:
        cells.update(start[0])
        cells.update(end[0])
    if not cells:
        cells = {c for c, _ in step.placements + step.eliminations}
    return tuple(sorted({18 + BOX_OF[c] for c in cells}))


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
            where = houses_text(self.region[:6]) or "the whole grid"
            digits = _focus_digits(step)
            if len(digits) == 1:
                return f"Look at the {digits[0]}s in {where}."
            return f"Look at {where}."
        return step.explain()

    @property
    def prompt(self) -> str:
        """What the next press of H does ("" when it does nothing new)."""
        if self.kind != "step":
            return ""
        return "Press H again for details." if self.stage == 1 else "Press H to apply it."

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
