"""The human-style solver: hints, solve paths, the generator's fast check, and grading.

The techniques in ``solver.techniques.TECHNIQUES`` are rewrite rules on the candidate graph. The
solve loop is Simon Tatham's Solo method: apply the first step of the cheapest technique that
fires, then start again from the cheapest, so the hardest technique a path uses is the lowest
level that solves the puzzle. The layered mode (after the Linjat generator's depth measure)
applies every step of the cheapest firing technique at once and counts the layers.

Public API:
    next_step(grid, max_level) -> Step | None          the hint: cheapest step, grid untouched
    solve_path(grid, max_level) -> SolvePath             the Solo-style path
    solve_layers(grid, max_level) -> LayeredPath         the layered path
    solvable_within(values, level) -> bool               fast check for the generator
    grade(puzzle) -> Grade                               level, score, SE estimate, counts
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from solver.errors import MultipleSolutionsError, NoSolutionError, PuzzleFormatError
from solver.grid import ALL_DIGITS, BIT, DIGITS_OF, HOUSES, HOUSES_OF, PEERS, Grid
from solver.levels import Level
from solver.step import Step
from solver.techniques import TECHNIQUES, Technique, technique, techniques_up_to
from solver.techniques.singles import SINGLES, lonely_digits

ALL_LEVELS = max(t.level for t in TECHNIQUES if t.enabled)
"""The level that allows every technique in the registry (what grade() uses)."""

SE_ORDER = tuple(sorted(TECHNIQUES, key=lambda t: min(t.se, t.se_in_box or t.se)))
"""The registry sorted by SE rating: the order in which Sudoku Explainer tries techniques."""

BEYOND_SE = round(max(t.se for t in TECHNIQUES) + 0.1, 1)
"""Grade.se of a puzzle our techniques cannot finish: just above the hardest rating we know
(5.5 with Hidden Quad's 5.4 the highest). It says "harder than anything rated here", not a
Sudoku Explainer estimate: such puzzles rate from about 4.5 (uniqueness) to 11+ in SE."""


@dataclass(frozen=True)
class SolvePath:
    """A Solo-style solve path.

    Fields:
        steps: the steps applied, in order.
        grid: the final position (a copy; the input grid is never changed).
        solved: True when every cell holds a value.
    """

    steps: tuple[Step, ...]
    grid: Grid
    solved: bool


@dataclass(frozen=True)
class LayeredPath:
    """A layered solve path: each layer is every step of the cheapest technique that fired.

    Fields:
        layers: per layer, the steps applied in it (steps made stale by an earlier step of the
            same layer are left out).
        grid: the final position (a copy).
        solved: True when every cell holds a value.
    """

    layers: tuple[tuple[Step, ...], ...]
    grid: Grid
    solved: bool


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is for a person, measured by the techniques it needs.

    Fields:
        level: the level of the hardest technique used; Level.BEYOND if our techniques cannot
            finish the puzzle; Level.EASY for a grid with no empty cell.
        hardest: the name of the hardest technique used (latest in registry order), None if
            no step was needed.
        score: HoDoKu-style score, the sum of the technique scores over all steps.
        se: Sudoku Explainer estimate: the highest SE rating among the steps of a second path
            that, like Sudoku Explainer, always takes the lowest-rated technique that fires
            (``SE_ORDER``; HoDoKu's order would rate most easy puzzles 2.3 for their first Naked
            Single where SE finds a 1.2 box Hidden Single). 0.0 with no steps; ``BEYOND_SE``
            (5.5) when unsolved.
        steps: the number of steps of the Solo-style path.
        layers: the depth of the layered path (Linjat's measure); at most ``steps`` in practice.
        techniques: technique name -> number of steps, only those used, in registry order.
        solved: True when our techniques finish the puzzle.
    """

    level: Level
    hardest: str | None
    score: int
    se: float
    steps: int
    layers: int
    techniques: dict[str, int]
    solved: bool


def _first_step(grid: Grid, techniques: Sequence[Technique]) -> Step | None:
    """The first step of the first technique in ``techniques`` that fires, or None."""
    for tech in techniques:
        step = next(tech.finder(grid), None)
        if step is not None:
            return step
    return None


def _solve(grid: Grid, techniques: Sequence[Technique]) -> SolvePath:
    """Solve a copy of ``grid``, always taking the first step of the first technique that fires."""
    work = grid.copy()
    steps = []
    while True:
        step = _first_step(work, techniques)
        if step is None:
            break
        step.apply(work)
        steps.append(step)
    return SolvePath(tuple(steps), work, work.is_solved())


def next_step(grid: Grid, max_level: Level = Level.MASTER, *, uniqueness: bool = True) -> Step | None:
    """The first step of the cheapest technique (registry order, level <= max_level) that fires.

    ``grid`` is not changed. Returns None when no technique up to ``max_level`` applies (the
    grid is solved, stuck, or needs a harder technique). ``uniqueness=False`` leaves out the
    techniques that assume a unique solution.
    """
    return _first_step(grid, techniques_up_to(max_level, uniqueness))


def solve_path(grid: Grid, max_level: Level = Level.MASTER, *, uniqueness: bool = True) -> SolvePath:
    """Solve a copy of ``grid`` step by step, cheapest technique first (Solo's method).

    After every step the search restarts from the cheapest technique. Stops when the grid is
    solved or no technique up to ``max_level`` fires. The input grid is not changed.
    """
    return _solve(grid, techniques_up_to(max_level, uniqueness))


def _apply_fresh(step: Step, grid: Grid) -> bool:
    """Apply what is still new in ``step`` to ``grid``; True if anything changed."""
    cands = grid.candidates
    changed = False
    for cell, digit in step.placements:
        if cands[cell] & BIT[digit]:
            grid.place(cell, digit)
            changed = True
    for cell, digit in step.eliminations:
        changed |= grid.eliminate(cell, digit)
    return changed


def solve_layers(grid: Grid, max_level: Level = Level.MASTER, *, uniqueness: bool = True) -> LayeredPath:
    """Solve a copy of ``grid`` in layers (after the Linjat generator's depth measure).

    Each layer finds every step of the cheapest technique that fires on the current position
    and applies them all at once, skipping what an earlier step of the same layer already did
    (a placement whose digit is no longer a candidate, eliminations already made). The number
    of layers is the depth of the solution. The input grid is not changed.
    """
    work = grid.copy()
    layers = []
    allowed = techniques_up_to(max_level, uniqueness)
    while True:
        for tech in allowed:
            found = list(tech.finder(work))
            if found:
                break
        else:
            break
        applied = tuple(step for step in found if _apply_fresh(step, work))
        layers.append(applied)
    return LayeredPath(tuple(layers), work, work.is_solved())


def _place(values: list[int], cands: list[int], cell: int, bit: int) -> None:
    """Place the digit of ``bit`` in ``cell`` and clear it from the peers' candidates."""
    values[cell] = DIGITS_OF[bit][0]
    cands[cell] = 0
    keep = ~bit
    for peer in PEERS[cell]:
        cands[peer] &= keep


def _propagate_singles(values: list[int], cands: list[int]) -> int:
    """Place every Naked and Hidden Single until none is left, in place, with bit masks.

    Returns the number of empty cells left, or -1 when a cell has no candidate left
    (the position is contradictory).
    """
    empties = [cell for cell in range(81) if not values[cell]]
    while empties:
        progress = False
        for cell in empties:
            mask = cands[cell]
            if mask & (mask - 1):
                continue
            if not mask:
                if values[cell]:
                    continue
                return -1
            _place(values, cands, cell, mask)
            progress = True
        for cells in HOUSES:
            single = lonely_digits(cands, cells)
            while single:
                bit = single & -single
                single ^= bit
                for cell in cells:
                    if cands[cell] & bit:
                        _place(values, cands, cell, bit)
                        progress = True
                        break
        empties = [cell for cell in empties if not values[cell]]
        if not progress:
            break
    return len(empties)


def _grid_or_none(values: Sequence[int]) -> Grid | None:
    """A Grid with basic candidates, or None when a digit stands twice in a house."""
    if len(values) != 81:
        raise PuzzleFormatError(f"expected 81 cells, got {len(values)}")
    used = [0] * 27
    for cell, value in enumerate(values):
        if value:
            if not 1 <= value <= 9:
                raise PuzzleFormatError(f"bad value {value!r} at cell {cell}")
            bit = BIT[value]
            for house in HOUSES_OF[cell]:
                if used[house] & bit:
                    return None
                used[house] |= bit
    grid = Grid.__new__(Grid)
    grid.values = list(values)
    grid.given = [bool(v) for v in values]
    grid.candidates = [
        0 if values[cell] else ALL_DIGITS & ~(used[r] | used[c] | used[b])
        for cell, (r, c, b) in enumerate(HOUSES_OF)
    ]
    return grid


def solvable_within(values: Sequence[int], level: Level, *, uniqueness: bool = True) -> bool:
    """True iff the techniques up to ``level`` fill the grid completely (the generator's check).

    ``values``: 81 ints, 0 = empty. Singles are propagated all at once with bit masks (no Step
    objects); only when they are stuck and ``level`` is above EASY does the registry's cheapest
    firing technique up to ``level`` make one step, and singles resume. Contradictory input (a
    digit twice in a house, a cell or house left without a place) returns False. Always ends:
    every round places or eliminates at least one candidate.

    Raises:
        PuzzleFormatError: ``values`` is not 81 ints in 0..9.
    """
    grid = _grid_or_none(values)
    if grid is None:
        return False
    values, cands = grid.values, grid.candidates
    finders = [t.finder for t in techniques_up_to(level, uniqueness) if t.finder not in SINGLES]
    while True:
        left = _propagate_singles(values, cands)
        if left <= 0:
            return left == 0
        for finder in finders:
            step = next(finder(grid), None)
            if step is not None:
                break
        else:
            return False
        if not _apply_fresh(step, grid):  # a finder that repeats itself: never loop
            return False


def grade(puzzle: Grid | str | Sequence[int]) -> Grade:
    """Grade a puzzle by the techniques a person needs (all of the registry).

    ``puzzle``: a Grid, a puzzle string (81 characters or a 9-line grid, see Grid.parse), or
    81 ints (0 = empty); of a Grid only the values count (candidates are recomputed).
    Uniqueness is checked first with the exact solver (``solver.exact.count_solutions``).

    Raises:
        PuzzleFormatError: the text or values are not a Sudoku grid.
        NoSolutionError: no grid completes the givens.
        MultipleSolutionsError: more than one grid completes them.
    """
    from solver import exact  # imported here: the exact solver is only needed for grading

    if isinstance(puzzle, str):
        grid = Grid.parse(puzzle)
    elif isinstance(puzzle, Grid):
        grid = Grid(puzzle.values)  # grade the values, not whatever candidates were removed
    else:
        grid = Grid(puzzle)
    count = exact.count_solutions(grid.values, 2)
    if count == 0:
        raise NoSolutionError("the puzzle has no solution")
    if count > 1:
        raise MultipleSolutionsError("the puzzle has more than one solution")
    path = solve_path(grid, ALL_LEVELS)
    counts = {name: 0 for t in TECHNIQUES for name in t.names}
    for step in path.steps:
        counts[step.technique] += 1
    used = {name: n for name, n in counts.items() if n}
    rank = {t.name: (t.level, i) for i, t in enumerate(TECHNIQUES)}
    hardest = max((technique(name) for name in used), key=lambda t: rank[t.name], default=None)
    if path.solved:
        level = hardest.level if hardest else Level.EASY
        se = max((technique(s.technique).step_se(s) for s in _solve(grid, SE_ORDER).steps), default=0.0)
    else:
        level, se = Level.BEYOND, BEYOND_SE
    return Grade(
        level=level,
        hardest=hardest.name if hardest else None,
        score=sum(technique(name).score * n for name, n in used.items()),
        se=se,
        steps=len(path.steps),
        layers=len(solve_layers(grid, ALL_LEVELS).layers),
        techniques=used,
        solved=path.solved,
    )
