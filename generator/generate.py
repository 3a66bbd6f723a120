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

from generator.dig import dig
from generator.steer import steer
from generator.wfc import Event, fill
from solver.grading import Grade, grade, level_of, path_level
from solver.grid import Grid, values_to_string
from solver.levels import PLAYABLE_LEVELS, Level
from solver.techniques import TECHNIQUES, technique
from solver.walks import hardest_level, solvable_within, walk_in_bulk

DEFAULT_MAX_ATTEMPTS = 500
# About 1 minimal puzzle in 130 is Master (seeds 1-20: 9 to 566 fills each); walking from near
# misses (generator.steer) takes 1 to 190 fills (seeds 1-180), so 500 would nearly always do;
# 5,000 makes a failure vanishingly rare.
MASTER_MAX_ATTEMPTS = 5000
STEERED_LEVELS = (Level.EXPERT, Level.MASTER)
# Grids tried per accepted puzzle, on average (seeds 1-200 of Easy to Expert: 1.0, 2.9, 3.9,
# 4.6; Master's seeds 1-180, walking from near misses: 18, against 130 without). Every grid
# has about the same chance, so the count of grids is about geometric; the generating screen's
# estimate rests on it.
GRIDS_PER_PUZZLE = {Level.EASY: 1.0, Level.MEDIUM: 2.9, Level.HARD: 3.9, Level.EXPERT: 4.6, Level.MASTER: 18.0}

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
            judge = partial(
                _judge,
                solution=solution,
                removed=removed,
                level=level,
                uniqueness=uniqueness,
                cancel=cancel,
                full_grade=full_grade,
            )
            depth: list[int] = []
            puzzle, result, hardest, rejected = judge(puzzle, depth=depth)
            walked = 0
            if rejected and depth:  # a Master near miss: walk on from it
                told = partial(tell, CHECKING, attempt)
                verdict, walked = steer(puzzle, depth[0], solution, rng, judge, cancel, told)
                moves += walked
                if verdict is not None:
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


def _judge(
    puzzle: list[int],
    solution: Sequence[int],
    removed: Sequence[Sequence[int]],
    level: Level,
    uniqueness: bool,
    cancel: Callable[[], bool] | None,
    full_grade: bool = True,
    depth: list[int] | None = None,
) -> tuple[list[int], Grade | None, str | None, str]:
    """Check a dug grid's level, cheapest checks first: (the puzzle to serve, its grade, the
    name of its hardest step, "") when it is exactly ``level``, else (the puzzle, None, None,
    why it was turned down, in words).

    ``puzzle`` is the dig's result, ``solution`` the filled grid and ``removed`` the dig's
    removals (81 ints, 81 ints, groups of cells); Expert puts givens back along the dig. The
    level is decided by one Solo path (``solver.grading.level_of``), and a puzzle is exactly of
    its level when the techniques of the level below cannot finish it too (for Expert this is a
    check of its own: see below); with ``full_grade`` the accepted puzzle is then graded in full
    (``solver.grading.grade``), else the grade is None. ``depth``, when given, receives for a
    Master candidate that Expert techniques finish the number of their Expert rounds (the
    near miss ``generator.steer`` walks from)."""
    index = PLAYABLE_LEVELS.index(level)
    if level == Level.EXPERT and solvable_within(puzzle, Level.HARD, uniqueness=uniqueness, cancel=cancel):
        # the minimal puzzle is too easy, so is every one along the dig
        return puzzle, None, None, _too_easy(Level.HARD)
    if level == Level.MASTER:
        # Nearly every fill ends here, Hard or Expert techniques finishing the grid: seen in
        # bulk rounds, the Expert walk going on where the Hard one stalled (0.74x the time of
        # the Solo path's walks); a grid they do not finish is graded on that path below.
        work = Grid(puzzle)
        rounds: list[Level] = []
        for easier in (Level.HARD, Level.EXPERT):
            if walk_in_bulk(work, easier, uniqueness=uniqueness, cancel=cancel, rounds=rounds):
                if easier == Level.EXPERT and depth is not None:
                    depth.append(rounds.count(Level.EXPERT))
                return puzzle, None, None, _too_easy(easier)
    used: list[str] = []
    if level == Level.EXPERT:
        found = last_within(solution, removed, level, uniqueness, cancel, used)
        if found is None or found == list(solution):
            return puzzle, None, None, f"no {level.label} puzzle along its dig"  # never seen
        puzzle = found
        if not used:  # singles alone solve it
            return puzzle, None, None, _too_easy(PLAYABLE_LEVELS[index - 1])
        # Master's techniques come last in HoDoKu's order, so the Solo path that solved it
        # within Expert is the whole Solo path: its level and hardest step are level_of's
        graded, hardest = path_level(used)
    else:
        graded, hardest = level_of(puzzle, uniqueness=uniqueness, cancel=cancel, used=used)
    if graded == level == Level.EXPERT and _hard_may_finish(used):
        if solvable_within(puzzle, Level.HARD, uniqueness=uniqueness, cancel=cancel):
            return puzzle, None, None, _too_easy(Level.HARD)
    if graded < level:
        return puzzle, None, None, _too_easy(PLAYABLE_LEVELS[index - 1])  # graded is Easy at least
    if graded != level:
        return puzzle, None, None, _too_hard(graded)
    if not full_grade:
        return puzzle, None, hardest, ""
    result = grade(puzzle, uniqueness=uniqueness, cancel=cancel)
    if result.level != level:  # the same Solo path as level_of's: never seen
        return puzzle, None, None, _too_hard(result.level) if result.level > level else _too_easy(result.level)
    return puzzle, result, result.hardest, ""


EARLY_EXPERT = frozenset(
    t.name
    for i, t in enumerate(TECHNIQUES)
    if t.level == Level.EXPERT and any(u.level == Level.HARD for u in TECHNIQUES[i + 1 :])
)
"""Expert techniques that HoDoKu's order puts before some Hard one (finned and sashimi fish,
Sue de Coq before colouring)."""


def _hard_may_finish(used: Sequence[str]) -> bool:
    """Whether Hard techniques might finish a puzzle whose Solo path took the steps ``used``
    (names, path order, singles left out) and graded Expert. The path took its first Expert step
    where every technique before it in HoDoKu's order had failed; were those all the Hard ones,
    the path that stops at Hard stalls there too. Only an early Expert technique
    (``EARLY_EXPERT``) leaves a Hard one untried, and then only the Hard path itself can tell."""
    for name in used:
        found = technique(name)
        if found.level == Level.EXPERT:  # the first Expert step
            return found.name in EARLY_EXPERT
    return False


def _too_easy(level: Level) -> str:
    return f"too easy: {level.label} techniques solve it"


def _too_hard(level: Level) -> str:
    if level == Level.BEYOND:
        return "too hard: no technique here finishes it"
    return f"too hard: graded {level.label}"


def last_within(
    start: Sequence[int],
    removed: Sequence[Sequence[int]],
    level: Level,
    uniqueness: bool = True,
    cancel: Callable[[], bool] | None = None,
    used: list[str] | None = None,
) -> list[int] | None:
    """The puzzle furthest along a dig's removals that is still solvable within ``level``,
    found by binary search (fewer givens never make a puzzle easier).

    ``start`` is 81 ints (0 = empty) before the dig; ``removed`` the groups of cells the dig
    emptied, in order. Returns the puzzle as 81 ints, or None when ``start`` itself is not
    solvable within ``level``. ``used``, when given, receives the names of the steps other
    than singles that solved the returned puzzle (``solver.walks.hardest_level``'s). Each
    check polls ``cancel`` (``InterruptedError`` once it returns True)."""
    walks: dict[int, list[str]] = {}  # count -> the steps that solved the puzzle after it

    def within(count: int) -> bool:
        names: list[str] = []
        if hardest_level(after(count), level, uniqueness=uniqueness, cancel=cancel, used=names) == Level.BEYOND:
            return False
        walks[count] = names
        return True

    def found(count: int) -> list[int]:
        if used is not None:
            used[:] = walks[count]
        return after(count)

    def after(count: int) -> list[int]:
        puzzle = list(start)
        for group in removed[:count]:
            for cell in group:
                puzzle[cell] = 0
        return puzzle

    if within(len(removed)):
        return found(len(removed))
    if not within(0):
        return None
    low, high = 0, len(removed)  # solvable after `low` removals, not after `high`
    while high - low > 1:
        middle = (low + high) // 2
        if within(middle):
            low = middle
        else:
            high = middle
    return found(low)
