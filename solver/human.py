"""The human-style solver: hints, solve paths and the generator's fast check.

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
    walk_in_bulk(grid, level) -> bool                    the same, every step of a round at once
    hardest_level(values) -> Level                       the grade's level, fast
    propagate_singles(values, candidates) -> int         every single at once, in place

``next_step`` and ``solvable_within`` take a ``cancel`` callable for work on a worker thread
(hints, the generator): it is polled (``poll_cancel``) before each technique is tried and
raises ``InterruptedError`` once it returns True, as the generator's fill and dig do. A technique's
search for its first step is not interrupted (a forcing net's can take seconds).

Grading (level, score, SE estimate, depth) lives in ``solver.grading``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solver.errors import PuzzleFormatError
from solver.grid import (
    ALL_DIGITS,
    BIT,
    DIGITS_OF,
    HOUSES,
    HOUSES_OF,
    PEERS,
    Grid,
    lonely_digits,
)
from solver.levels import Level
from solver.step import Step
from solver.techniques import TECHNIQUES, Technique, techniques_up_to
from solver.techniques.singles import SINGLES, SinglesQueue, full_house, hidden_single, naked_single

ALL_LEVELS = max(t.level for t in TECHNIQUES if t.enabled)
"""The level that allows every enabled technique of the registry (what grading uses)."""

DEEP_LEVELS = (Level.EXPERT, Level.MASTER)
"""Levels whose techniques take a layer one step at a time in the layered mode: listing every
chain, Almost Locked Set or forcing net of a position costs far more than finding one."""

CancelFn = Callable[[], bool]
"""Polled by long searches; returns True when the caller no longer wants the result."""


def poll_cancel(cancel: CancelFn | None) -> None:
    """Raise ``InterruptedError`` when ``cancel`` is given and returns True."""
    if cancel is not None and cancel():
        raise InterruptedError("search cancelled")


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


_DEEP_MEMO: dict[tuple[str, tuple[int, ...], tuple[int, ...]], Step | None] = {}  # (technique, values, candidates)
_DEEP_MEMO_SIZE = 4096


def deep_first(tech: Technique, grid: Grid) -> Step | None:
    """The first step of an Expert or Master technique on ``grid``, remembered by position.

    Grading walks the Solo path and the layered path over the same positions whenever only
    deep techniques apply (both then take one step at a time), and those finders cost the most,
    so each (technique, position) is searched once. The memo is bounded and safe to share
    between threads (a lost race only repeats a search).
    """
    key = (tech.name, tuple(grid.values), tuple(grid.candidates))
    try:
        return _DEEP_MEMO[key]
    except KeyError:
        pass
    step = next(tech.finder(grid), None)
    if len(_DEEP_MEMO) >= _DEEP_MEMO_SIZE:  # forget the older half (a dict keeps insertion order)
        for old in list(_DEEP_MEMO)[: _DEEP_MEMO_SIZE // 2]:
            _DEEP_MEMO.pop(old, None)
    _DEEP_MEMO[key] = step
    return step


def first_step(grid: Grid, techniques: Sequence[Technique], cancel: CancelFn | None = None) -> Step | None:
    """The first step of the first technique in ``techniques`` that fires, or None; polls
    ``cancel`` before each technique."""
    for tech in techniques:
        poll_cancel(cancel)
        if tech.level in DEEP_LEVELS:
            step = deep_first(tech, grid)
        else:
            step = next(tech.finder(grid), None)
        if step is not None:
            return step
    return None


class PathWalk:
    """The Solo-style path one step at a time, always taking the first step of the first
    technique in ``techniques`` that fires (``solve_path``): ``advance()`` takes the next step;
    ``work`` is the position so far (a copy of ``grid``), ``result()`` the path.

    Where several singles fire, the one HoDoKu takes (``SinglesQueue``: the one that appeared
    first); every other technique's first step is its finder's first. ``on_step`` is handed
    each step as it is taken; ``cancel`` is polled before each technique.
    """

    def __init__(
        self,
        grid: Grid,
        techniques: Sequence[Technique],
        cancel: CancelFn | None = None,
        on_step: Callable[[Step], None] | None = None,
    ):
        self.work = grid.copy()
        self.techniques, self.cancel, self.on_step = techniques, cancel, on_step
        self.queue = SinglesQueue(self.work)
        self.take = {
            full_house: self.queue.full_house,
            naked_single: self.queue.naked_single,
            hidden_single: self.queue.hidden_single,
        }
        self.steps: list[Step] = []
        self.done = False

    def advance(self) -> bool:
        """Take the next step; False (and nothing changes) when the grid is solved or no
        technique fires.

        Raises:
            InterruptedError: ``cancel()`` returned True.
        """
        work = self.work
        if self.done or work.is_solved():
            self.done = True
            return False
        step = None
        for tech in self.techniques:
            poll_cancel(self.cancel)
            if tech.finder in self.take:
                step = self.take[tech.finder](work)
            elif tech.level in DEEP_LEVELS:
                step = deep_first(tech, work)
            else:
                step = next(tech.finder(work), None)
            if step is not None:
                break
        if step is None:
            self.done = True
            return False
        self.queue.apply(step, work)
        self.steps.append(step)
        if self.on_step is not None:
            self.on_step(step)
        return True

    def result(self) -> SolvePath:
        """The path so far (the whole path once ``advance`` has returned False)."""
        return SolvePath(tuple(self.steps), self.work, self.work.is_solved())


def _solve(
    grid: Grid,
    techniques: Sequence[Technique],
    cancel: CancelFn | None = None,
    on_step: Callable[[Step], None] | None = None,
) -> SolvePath:
    """Solve a copy of ``grid`` with a ``PathWalk`` to its end."""
    walk = PathWalk(grid, techniques, cancel, on_step)
    while walk.advance():
        pass
    return walk.result()


def next_step(
    grid: Grid, max_level: Level = Level.MASTER, *, uniqueness: bool = True, cancel: CancelFn | None = None
) -> Step | None:
    """The first step of the cheapest technique (registry order, level <= max_level) that fires.

    ``grid`` is not changed. Returns None when no technique up to ``max_level`` applies (the
    grid is solved, stuck, or needs a harder technique). ``uniqueness=False`` leaves out the
    techniques that assume a unique solution.

    Raises:
        InterruptedError: ``cancel()`` returned True; it is polled before each technique.
    """
    return first_step(grid, techniques_up_to(max_level, uniqueness), cancel)


def solve_path(
    grid: Grid,
    max_level: Level = Level.MASTER,
    *,
    uniqueness: bool = True,
    cancel: CancelFn | None = None,
    on_step: Callable[[Step], None] | None = None,
) -> SolvePath:
    """Solve a copy of ``grid`` step by step, cheapest technique first (Solo's method).

    After every step the search restarts from the cheapest technique. Stops when the grid is
    solved or no technique up to ``max_level`` fires. The input grid is not changed.
    ``on_step``, if given, is called with each step as soon as it is taken (so a caller can show
    the path while the rest is worked out), on the thread that solves.

    Raises:
        InterruptedError: ``cancel()`` returned True; it is polled before each technique.
    """
    return _solve(grid, techniques_up_to(max_level, uniqueness), cancel, on_step)


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


def solve_layers(
    grid: Grid, max_level: Level = Level.MASTER, *, uniqueness: bool = True, cancel: CancelFn | None = None
) -> LayeredPath:
    """Solve a copy of ``grid`` in layers (after the Linjat generator's depth measure).

    Each layer finds every step of the cheapest technique that fires on the current position
    (only its first step for Expert and Master techniques, see ``DEEP_LEVELS``) and applies
    them all at once, skipping what an earlier step of the same layer already did
    (a placement whose digit is no longer a candidate, eliminations already made). The number
    of layers is the depth of the solution. The input grid is not changed.

    Raises:
        InterruptedError: ``cancel()`` returned True; it is polled before each technique.
    """
    work = grid.copy()
    layers = []
    allowed = techniques_up_to(max_level, uniqueness)
    while not work.is_solved():
        for tech in allowed:
            poll_cancel(cancel)
            if tech.level in DEEP_LEVELS:
                found = [step] if (step := deep_first(tech, work)) else []
            else:
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


def propagate_singles(values: list[int], cands: list[int]) -> int:
    """Place every Naked and Hidden Single until none is left, in place, with bit masks.

    ``values``: 81 ints (0 = empty); ``cands``: their 81 candidate masks (0 for a filled
    cell); both are changed.

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
        0 if values[cell] else ALL_DIGITS & ~(used[r] | used[c] | used[b]) for cell, (r, c, b) in enumerate(HOUSES_OF)
    ]
    return grid


def solvable_within(
    values: Sequence[int], level: Level, *, uniqueness: bool = True, cancel: CancelFn | None = None
) -> bool:
    """True iff the techniques up to ``level`` fill the grid completely (the generator's check).

    ``values``: 81 ints, 0 = empty. Contradictory input (a digit twice in a house, a cell or
    house left without a place) returns False. See ``hardest_level`` for the method.

    Raises:
        PuzzleFormatError: ``values`` is not 81 ints in 0..9.
        InterruptedError: ``cancel()`` returned True; it is polled at the start of each round
            and before each technique.
    """
    return hardest_level(values, level, uniqueness=uniqueness, cancel=cancel) != Level.BEYOND


def walk_in_bulk(grid: Grid, level: Level, *, uniqueness: bool = True, cancel: CancelFn | None = None) -> bool:
    """Solve ``grid`` in place in rounds: the singles, then every step of the cheapest technique
    up to ``level`` that fires, applied at once. True when the grid is filled, False when the
    round finds nothing (``grid`` is left where it stalled, so a walk with a higher ``level``
    can go on from there) or the grid is contradictory. The generator's quick test that a dug
    grid is not Master.

    ``grid`` must be of a puzzle with one solution: every step is then a true statement about
    it, so steps found together may be applied together. Where a technique needs a candidate
    that another step of its round removes, this walk and the Solo path's can part, so the
    answer may in principle differ from ``solvable_within``'s; a caller that accepts a puzzle
    on a False here grades it on the Solo path first (``solver.grading.level_of``). Measured on
    342 grids the Master generator dug (seeds 1-10): the same answer on every one, in 0.74x
    the time (9.4 rounds a grid against the Solo path's 13.8, and every round tries the cheap
    techniques again).

    Raises:
        InterruptedError: ``cancel()`` returned True; it is polled at the start of each round
            and before each technique.
    """
    techniques = [t for t in techniques_up_to(level, uniqueness) if t.finder not in SINGLES]
    while True:
        poll_cancel(cancel)
        left = propagate_singles(grid.values, grid.candidates)
        if left <= 0:
            return left == 0
        for tech in techniques:
            poll_cancel(cancel)
            steps = list(tech.finder(grid))
            if steps:
                break
        else:
            return False
        changed = False
        for step in steps:
            changed |= _apply_fresh(step, grid)
        if not changed:  # a finder that repeats itself: never loop
            return False


def hardest_level(
    values: Sequence[int],
    max_level: Level = ALL_LEVELS,
    *,
    uniqueness: bool = True,
    cancel: CancelFn | None = None,
    used: list[str] | None = None,
) -> Level:
    """The level of the hardest technique the Solo path needs, trying techniques up to
    ``max_level`` only: the level ``solver.grading.grade`` reports, without its step objects,
    score, SE estimate or layers; Level.BEYOND when those techniques cannot finish the grid (or
    it is contradictory), Level.EASY when singles alone do. ``used``, when given, receives the
    step names (``Step.technique``) of the steps other than singles, in path order
    (``solver.grading.level_of`` names the hardest from them).

    ``values``: 81 ints, 0 = empty. Singles are propagated all at once with bit masks (no Step
    objects); only when they are stuck does the registry's cheapest firing technique up to
    ``max_level`` make one step, and singles resume. Singles are confluent, so the positions
    where a harder step is needed, and the steps taken there, are those of ``solve_path``; the
    Expert and Master searches go through ``deep_first``'s memo, and a grade of the same puzzle
    right after (the generator's accept check) finds them there. Always ends: every round
    places or eliminates at least one candidate.

    Raises:
        PuzzleFormatError: ``values`` is not 81 ints in 0..9.
        InterruptedError: ``cancel()`` returned True; it is polled at the start of each round
            and before each technique.
    """
    grid = _grid_or_none(values)
    if grid is None:
        return Level.BEYOND
    values, cands = grid.values, grid.candidates
    techniques = [t for t in techniques_up_to(max_level, uniqueness) if t.finder not in SINGLES]
    hardest = Level.EASY
    while True:
        poll_cancel(cancel)
        left = propagate_singles(values, cands)
        if left <= 0:
            return hardest if left == 0 else Level.BEYOND
        for tech in techniques:
            poll_cancel(cancel)
            step = deep_first(tech, grid) if tech.level in DEEP_LEVELS else next(tech.finder(grid), None)
            if step is not None:
                break
        else:
            return Level.BEYOND
        if not _apply_fresh(step, grid):  # a finder that repeats itself: never loop
            return Level.BEYOND
        hardest = max(hardest, tech.level)
        if used is not None:
            used.append(step.technique)
