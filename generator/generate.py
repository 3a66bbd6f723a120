"""Make a graded puzzle on the spot: WFC fill, dig at the target level, accept only that level.

After Simon Tatham's Solo: the digger removes givens only while the puzzle stays solvable within
the target level, and the result is accepted only if the grader says it needs exactly that
level (an Easy puzzle is not served as Hard). A rejected attempt starts again from a new fill.
The level is decided by one walk of the Solo path (``solver.grading.level_of``); the full grade
(score, Sudoku Explainer estimate, layers) follows for the accepted puzzle only, unless the
caller needs no more than the level and hardest step (``full_grade=False``: the game).

Expert and Master are steered instead of left to chance. Checking every trial removal against
chains and forcing nets would be slow, and most digs end too easy, so the dig keeps uniqueness
alone (in random order, which leaves harder puzzles than the entropy order) and records the
order of its removals. Fewer givens never make a puzzle easier, so the puzzles along that
sequence get harder step by step: a binary search puts givens back, last removed first, to
the last puzzle still solvable within the target level, and accepts it if it is not solvable
one level down. One fill thus yields an Expert puzzle whenever its dig passes through Expert.
Master is the top of the scale, so its dig needs no search: the minimal puzzle is kept when no
Expert technique finishes it. Masters are rare among minimal puzzles but cluster, so a minimal
puzzle that Expert techniques finish is a near miss to walk from, one given moved at a time,
before a new fill is tried (``generator.steer``).

Cancelling is cooperative: ``cancel`` is polled by the fill and the dig before each step, and
by every level check (``solvable_within``, in the binary search too, ``walk_in_bulk`` and
``level_of``) and the final grade (``solver.grading.grade``) before each technique.

For a person watching, ``status`` is told each stage of each grid (``GenerationStatus``): which
grid, filling, digging or checking its level, and why earlier grids were turned down (none is
ever turned down for having two solutions: the dig keeps one). Expert and Master are an open
search with a steady chance per grid (``GRIDS_PER_PUZZLE``), so no fraction of the work done can
be known; ``progress`` only rises toward 0.99 until the end.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

from generator.accept import judge
from generator.dig import dig
from generator.steer import steer
from generator.wfc import Event, fill
from solver.grading import Grade
from solver.grid import values_to_string
from solver.levels import PLAYABLE_LEVELS, Level

DEFAULT_MAX_ATTEMPTS = 500
# About 1 minimal puzzle in 130 is Master (seeds 1-20: 9 to 566 fills each, without steering);
# walking from near misses (generator.steer) takes a mean of 14-23 fills (seeds 1-180, 40 at a
# time), so 500 would nearly always do; 5,000 makes a failure vanishingly rare.
MASTER_MAX_ATTEMPTS = 5000
STEERED_LEVELS = (Level.EXPERT, Level.MASTER)
# Grids tried per accepted puzzle, on average (seeds 1-200 of Easy to Expert: 1.0, 2.9, 3.9,
# 4.6; Master's seeds 1-180, walking from near misses: 20 since its Expert walk takes the
# loops in one closure, 18 before, against 130 without walking). Every grid has about the same
# chance, so the count of grids is about geometric; the generating screen's estimate rests on it.
GRIDS_PER_PUZZLE = {Level.EASY: 1.0, Level.MEDIUM: 2.9, Level.HARD: 3.9, Level.EXPERT: 4.6, Level.MASTER: 20.0}

FILLING, DIGGING, CHECKING = "filling", "digging", "checking"
STAGES = (FILLING, DIGGING, CHECKING)


class GenerationError(RuntimeError):
    """No puzzle of the asked level came out within the attempt limit."""


class GenerationCancelled(Exception):
    """The caller's ``cancel()`` turned true; nothing was produced."""


class GenerationStatus(NamedTuple):
    """Where ``generate`` is, told at the start of each stage of each grid (plain data).

    ``stage`` is one of ``STAGES``: ``"filling"`` (Wave Function Collapse fills an empty grid),
    ``"digging"`` (givens are removed while the solution stays unique) or ``"checking"`` (the
    solver finds the dug puzzle's level). ``grid`` counts the grids (fills) tried, this one
    included (1 for the first); ``seconds`` is the wall time since ``generate`` began.
    ``values`` is what the stage works on, 81 ints (0 = empty): the filled grid when digging,
    the dug puzzle when checking, empty when filling. ``rejected`` says why the previous grid
    was turned down ("" for the first), in words such as "too easy: Hard techniques solve it";
    ``turned_down`` counts every reason so far, as (reason, grids) pairs in the order first
    seen. ``grids_per_puzzle`` is how many grids the asked level takes on average
    (``GRIDS_PER_PUZZLE``), for an estimate. ``move`` counts the givens moved from a Master near
    miss of this grid (``generator.steer``): from 1 while checking a moved puzzle, else 0.
    """

    stage: str
    grid: int
    seconds: float
    values: tuple[int, ...] = ()
    rejected: str = ""
    turned_down: tuple[tuple[str, int], ...] = ()
    grids_per_puzzle: float = 1.0
    move: int = 0


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A generated puzzle with its solution and grade.

    Fields: ``puzzle`` and ``solution`` are 81 ints (0 = empty in the puzzle); ``level`` is the
    grade's level (always the level asked for); ``hardest`` the name of its hardest step
    (``Grade.hardest``); ``grade`` the full grade, None when ``generate(full_grade=False)``;
    ``seed`` reproduces the puzzle with the same options; ``ms`` is the wall time taken in
    milliseconds; ``attempts`` counts fills tried; ``moves`` the givens moved from Master near
    misses on the way (``generator.steer``; 0 for the other levels).

    How it was made, for display (the accepted fill and dig only): ``trace`` is the fill's
    ``generator.wfc.Event`` tuples in order (empty unless ``generate(trace=True)``), so
    ``generator.wfc.replay(trace)`` equals ``solution``; ``dig_order`` lists the cells whose
    givens the dig removed, in order; ``put_back`` the cells whose givens the Expert search put
    back, last removed first. Emptying ``dig_order`` from the solution and then refilling
    ``put_back`` leaves ``puzzle``. (A Master walked to from a near miss lists the dig's cells
    still empty, then the other empty cells, and puts nothing back.)
    """

    puzzle: tuple[int, ...]
    solution: tuple[int, ...]
    level: Level
    hardest: str | None
    grade: Grade | None
    seed: int
    ms: float
    attempts: int
    trace: tuple[Event, ...] = ()
    dig_order: tuple[int, ...] = ()
    put_back: tuple[int, ...] = ()
    moves: int = 0

    @property
    def givens(self) -> int:
        """How many cells the puzzle fills in."""
        return sum(1 for v in self.puzzle if v)

    def to_dict(self) -> dict[str, object]:
        """The JSON form used by ``gen --json``: puzzle, solution, level, seed, givens, ms,
        attempts, moves, hardest, and with the full grade score, se, steps and layers."""
        found: dict[str, object] = {
            "puzzle": values_to_string(self.puzzle),
            "solution": values_to_string(self.solution),
            "level": self.level.name.lower(),
            "seed": self.seed,
            "givens": self.givens,
            "ms": round(self.ms, 2),
            "attempts": self.attempts,
            "moves": self.moves,
            "hardest": self.hardest,
        }
        if self.grade is not None:
            grade = self.grade
            found.update(score=grade.score, se=grade.se, steps=grade.steps, layers=grade.layers)
        return found


def check_playable(level: Level, verb: str) -> None:
    """Raise ValueError, naming the playable levels, unless ``level`` is one of them (``verb``:
    what was asked for, as in "cannot generate Unfair puzzles")."""
    if level not in PLAYABLE_LEVELS:
        names = ", ".join(lvl.name.lower() for lvl in PLAYABLE_LEVELS)
        raise ValueError(f"cannot {verb} {level.label} puzzles; choose one of {names}")


def seeded_random(seed: int | None) -> tuple[int, random.Random]:
    """``(seed, random.Random(seed))``, a fresh 32-bit seed drawn when ``seed`` is None.

    Raises:
        ValueError: ``seed`` is negative (``random.Random`` ignores the sign, so -s would repeat s).
    """
    if seed is None:
        seed = secrets.randbits(32)
    elif seed < 0:
        raise ValueError(f"seed must be 0 or more, got {seed}")
    return seed, random.Random(seed)


def generate(
    level: Level,
    seed: int | None = None,
    *,
    symmetry: bool = False,
    max_blanks: int | None = None,
    order: str | None = None,
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    max_attempts: int | None = None,
    uniqueness: bool = True,
    trace: bool = False,
    status: Callable[[GenerationStatus], None] | None = None,
    full_grade: bool = True,
) -> GeneratedPuzzle:
    """Generate one puzzle whose grade is exactly ``level``.

    Args:
        level: one of ``PLAYABLE_LEVELS`` (EASY, MEDIUM, HARD, EXPERT, MASTER).
        seed: a whole number >= 0 that makes the result reproducible; None draws a fresh seed
            (reported in the result).
        symmetry, max_blanks, order: passed to ``generator.dig.dig``; ``order`` None is
            "entropy" up to Hard and "random" for Expert and Master.
        progress: called (from the calling thread) with a fraction 0..1 that never decreases.
        cancel: polled often; when it returns True, ``GenerationCancelled`` is raised.
        max_attempts: fills to try before giving up; None is ``DEFAULT_MAX_ATTEMPTS`` (500),
            or ``MASTER_MAX_ATTEMPTS`` (5,000) for Master.
        uniqueness: False leaves out the techniques that assume one solution, in the dig and
            in the grade.
        trace: record the WFC fill's events for display (``GeneratedPuzzle.trace``); only the
            accepted fill's are kept. The puzzles made are the same either way.
        status: called (from the calling thread) with a ``GenerationStatus`` as each stage of
            each grid begins, three times a grid. The puzzles made are the same either way.
        full_grade: grade the accepted puzzle in full (``GeneratedPuzzle.grade``: score, SE
            estimate, layers); False stops at its level and hardest step, which is all the
            acceptance needs (``grade`` is then None): about twice as fast for Expert. The
            puzzles made are the same either way.

    Raises:
        ValueError: ``level`` is not playable, ``seed`` is negative (``random.Random`` ignores
            the sign, so -s would repeat s), or ``order`` is unknown.
        GenerationCancelled: ``cancel()`` returned True.
        GenerationError: no fill within ``max_attempts`` gave a puzzle of exactly ``level``
            (likely with a tight ``max_blanks``).
    """
    check_playable(level, "generate")
    seed, rng = seeded_random(seed)
    start = time.perf_counter()
    shown = 0.0

    def report(attempt: int, fraction: float) -> None:
        nonlocal shown
        value = min(0.99, 1 - (1 - fraction) * 0.5**attempt)
        if progress is not None and value > shown:
            shown = value
            progress(value)

    steered = level in STEERED_LEVELS
    if max_attempts is None:
        max_attempts = MASTER_MAX_ATTEMPTS if level == Level.MASTER else DEFAULT_MAX_ATTEMPTS
    if order is None:
        order = "random" if steered else "entropy"
    turned_down: dict[str, int] = {}
    rejected = ""
    moves = 0
    per_puzzle = GRIDS_PER_PUZZLE[level]

    def tell(stage: str, attempt: int, values: Sequence[int] = (), move: int = 0) -> None:
        if status is not None:
            status(
                GenerationStatus(
                    stage,
                    attempt + 1,
                    time.perf_counter() - start,
                    tuple(values),
                    rejected,
                    tuple(turned_down.items()),
                    per_puzzle,
                    move,
                )
            )

    try:
        for attempt in range(max_attempts):
            tell(FILLING, attempt)
            events: list[Event] | None = [] if trace else None  # a rejected fill's are dropped
            solution = fill(rng=rng, cancel=cancel, events=events)
            tell(DIGGING, attempt, solution)
            removed: list[tuple[int, ...]] = []
            puzzle = dig(
                solution,
                None if steered else level,
                rng=rng,
                order=order,
                symmetry=symmetry,
                max_blanks=max_blanks,
                cancel=cancel,
                progress=partial(report, attempt),
                removed=removed,
                uniqueness=uniqueness,
            )
            tell(CHECKING, attempt, puzzle)
            check = partial(
                judge,
                solution=solution,
                removed=removed,
                level=level,
                uniqueness=uniqueness,
                cancel=cancel,
                full_grade=full_grade,
            )
            depth: list[int] = []
            puzzle, result, hardest, rejected = check(puzzle, depth=depth)
            walked = 0
            # a Master near miss: walk on from it, where a moved given breaks no promise (moves
            # are one given at a time, so never with symmetry; a walk may end with more blanks)
            if rejected and depth and not symmetry:
                told = partial(tell, CHECKING, attempt)
                verdict, walked = steer(puzzle, depth[0], solution, rng, check, cancel, told)
                moves += walked
                if verdict is not None and (max_blanks is None or verdict[0].count(0) <= max_blanks):
                    puzzle, result, hardest, rejected = verdict
            if rejected:
                turned_down[rejected] = turned_down.get(rejected, 0) + 1
                continue
            if progress is not None:
                progress(1.0)
            dug = tuple(cell for group in removed for cell in group)
            if walked:  # moved givens: the dig's cells still empty, then the others
                dug = tuple(cell for cell in dug if not puzzle[cell]) + tuple(
                    cell for cell in range(81) if not puzzle[cell] and cell not in dug
                )
            return GeneratedPuzzle(
                puzzle=tuple(puzzle),
                solution=tuple(solution),
                level=level,
                hardest=hardest,
                grade=result,
                seed=seed,
                ms=(time.perf_counter() - start) * 1000,
                attempts=attempt + 1,
                trace=tuple(events) if events is not None else (),
                dig_order=dug,
                put_back=tuple(cell for cell in reversed(dug) if puzzle[cell]),
                moves=moves,
            )
    except InterruptedError:
        raise GenerationCancelled("generation cancelled") from None
    raise GenerationError(
        f"no {level.label} puzzle in {max_attempts} attempts"
        + (f" with at most {max_blanks} blanks" if max_blanks is not None else "")
    )
