"""The human-style solver: hints and solve paths (the generator's fast walks: ``solver.walks``).

The techniques in ``solver.techniques.TECHNIQUES`` are rewrite rules on the candidate graph. The
solve loop is Simon Tatham's Solo method: apply the first step of the cheapest technique that
fires, then start again from the cheapest, so the hardest technique a path uses is the lowest
level that solves the puzzle. The layered mode (after the Linjat generator's depth measure)
applies every step of the cheapest firing technique at once and counts the layers.

Public API:
    next_step(grid, max_level) -> Step | None          the hint: cheapest step, grid untouched
    solve_path(grid, max_level) -> SolvePath             the Solo-style path
    solve_layers(grid, max_level) -> LayeredPath         the layered path
    deep_first(tech, grid) -> Step | None                an Expert or Master search, remembered
    quiet_at(position), forget_quiet()                   what found nothing where, and forgetting it
    walk_step(grid, techniques) -> (Technique, Step)     a walk's next step, skipping what found nothing
    apply_fresh(step, grid) -> bool                      apply what is new in a step

``next_step`` and the solve paths take a ``cancel`` callable for work on a worker thread
(hints, the generator): it is polled (``poll_cancel``) before each technique is tried and
raises ``InterruptedError`` once it returns True, as the generator's fill and dig do. A technique's
search for its first step is not interrupted (a forcing net's can take seconds).

Grading (level, score, SE estimate, depth) lives in ``solver.grading``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from solver.grid import BIT, Grid
from solver.levels import Level
from solver.memo import remember
from solver.step import Step
from solver.techniques import TECHNIQUES, Finder, Technique, techniques_up_to
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


Position = tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]
"""A grid's (values, candidates, givens): what a finder's answer depends on (Avoidable
Rectangles read the givens: two puzzles along one dig can meet in values and candidates)."""

_QUIET: dict[Position, frozenset[str]] = {}
"""Position -> the names of the techniques (not singles) a walk found nothing with there. A
finder's answer depends on the position alone, so every later walk through it skips them
(``quiet_at``). The walks that record and skip: the Solo path (``PathWalk``), the layered path
(``solve_layers``) and the generator's level check (``solver.walks.hardest_level``), which
meet at the same positions wherever singles are stuck: the layered path after the Solo path at
14.5 of 14.9 such positions a puzzle on 30 Experts made by ``gen`` (26.8 of 26.9 on 66 puzzles
rated SE 8.1 and up), the Expert generator's Solo path after its check that Hard techniques
cannot finish the same puzzle at every position up to where they stall. Bounded; safe to
share between threads (a lost race only repeats a search)."""
_QUIET_SIZE = 4096


def position_of(grid: Grid) -> Position:
    """``grid``'s ``Position``, the key of ``quiet_at``."""
    return tuple(grid.values), tuple(grid.candidates), tuple(grid.given)


def quiet_at(position: Position) -> frozenset[str]:
    """The names of the techniques a walk found nothing with at ``position`` (``_QUIET``)."""
    return _QUIET.get(position, frozenset())


def forget_quiet() -> None:
    """Forget every technique recorded as finding nothing (``_QUIET``). A walk skips those
    without polling ``cancel`` for them, so a test that counts a walk's polls and replays them
    starts each walk from the same record this way."""
    _QUIET.clear()


class Visit:
    """One walk's stop at ``grid``'s position while the singles are stuck: which techniques to
    skip there (``quiet_at``), and, on ``close``, the record of those that found nothing now.
    The position is read when ``skip`` is first asked, so a stop that a single ends reads
    nothing."""

    __slots__ = ("_grid", "_missed", "_position", "_quiet")

    def __init__(self, grid: Grid):
        self._grid = grid
        self._position: Position | None = None
        self._quiet: frozenset[str] = frozenset()
        self._missed: list[str] = []

    def skip(self, tech: Technique) -> bool:
        """True when a walk found nothing with ``tech`` (not a single) at this position."""
        if self._position is None:
            self._position = position_of(self._grid)
            self._quiet = quiet_at(self._position)
        return tech.name in self._quiet

    def missed(self, tech: Technique) -> None:
        """``tech`` (not a single, asked of ``skip`` first) found nothing here."""
        self._missed.append(tech.name)

    def close(self) -> None:
        """Remember what found nothing here (``_QUIET``); call before the grid changes."""
        if self._missed:
            assert self._position is not None
            remember(_QUIET, self._position, self._quiet.union(self._missed), _QUIET_SIZE)


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


def walk_step(
    grid: Grid,
    techniques: Sequence[Technique],
    cancel: CancelFn | None = None,
    take: Mapping[Finder, Callable[[Grid], Step | None]] | None = None,
) -> tuple[Technique, Step] | None:
    """``first_step`` as the walks take it (the Solo path, ``solver.walks.hardest_level``): the
    techniques a walk found nothing with at ``grid``'s position are skipped without polling
    ``cancel``, and those that find nothing now are recorded (``Visit``). ``take`` maps a
    finder to what the walk asks instead (the Solo path's singles, in HoDoKu's order); those
    are never skipped or recorded. Returns (the technique, its step), or None when none fires.
    Raises InterruptedError when ``cancel()`` returns True."""
    visit = Visit(grid)
    found = None
    for tech in techniques:
        instead = take.get(tech.finder) if take else None
        if instead is not None:
            poll_cancel(cancel)
            step = instead(grid)
        else:
            if visit.skip(tech):
                continue  # a walk found nothing with it here
            poll_cancel(cancel)
            step = deep_first(tech, grid) if tech.level in DEEP_LEVELS else next(tech.finder(grid), None)
            if step is None:
                visit.missed(tech)
        if step is not None:
            found = tech, step
            break
    visit.close()
    return found


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
        self.take: dict[Finder, Callable[[Grid], Step | None]] = {
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
        found = walk_step(work, self.techniques, self.cancel, self.take)
        if found is None:
            self.done = True
            return False
        step = found[1]
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


def apply_fresh(step: Step, grid: Grid) -> bool:
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
    of layers is the depth of the solution. The input grid is not changed. The techniques a walk
    found nothing with at a position are not searched there again (``quiet_at``): on the
    generator's Experts the layered path tries 0.3x the techniques after the Solo path.

    Raises:
        InterruptedError: ``cancel()`` returned True; it is polled before each technique.
    """
    work = grid.copy()
    layers = []
    allowed = techniques_up_to(max_level, uniqueness)
    while not work.is_solved():
        visit = Visit(work)
        found: list[Step] = []
        for tech in allowed:
            single = tech.finder in SINGLES
            if not single and visit.skip(tech):
                continue  # a walk found nothing with it here
            poll_cancel(cancel)
            if tech.level in DEEP_LEVELS:
                found = [step] if (step := deep_first(tech, work)) else []
            else:
                found = list(tech.finder(work))
            if found:
                break
            if not single:
                visit.missed(tech)
        visit.close()
        if not found:
            break
        applied = tuple(step for step in found if apply_fresh(step, work))
        layers.append(applied)
    return LayeredPath(tuple(layers), work, work.is_solved())
