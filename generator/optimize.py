"""The optimizer: a pool of puzzles of one level, mutated toward deep, narrow solutions.

After the Linjat puzzle generator (Juho Snellman's article,
https://www.snellman.net/blog/archive/2019-05-14-procedural-puzzle-generator/, and its
``minimize_width`` in github.com/jsnell/linjat src/main.cc): keep a pool of about ten puzzles;
each iteration picks a pool member at random, mutates it, solves the result, adds it to the
pool if it qualifies, sorts the pool by score and drops the worst. For Sudoku a result
qualifies when it has exactly one solution and grades exactly the target level; the score is
the interest of ``solver.interest``.

The pool starts with ``pool`` puzzles from ``generator.generate``. Mutations (one per
iteration, chosen at random):
  add     put back 1 to ``ADD_MAX`` givens from the solution, then dig again in a new order;
  move    move one given to an empty cell (its digit from the solution): the first cell, in
          random order, that keeps the puzzle unique (and up to Hard within the level); then
          dig again;
  refill  forget the givens of 1 to ``REFILL_BOXES`` boxes, complete the grid again by WFC
          around the kept givens (``generator.wfc.fill`` with ``start``), so the solution may
          change there, and dig the new grid again: the cells the parent left empty first,
          then the refilled boxes, then the kept givens.
"Dig again" removes givens in the mutation's order. Up to Hard a removal is kept while the
puzzle stays unique and solvable within the level (``generator.dig``'s rule). For Expert and
Master it is kept while the puzzle stays unique (checking chains per trial would be slow), then,
as ``generator.generate`` does, Expert backs off along the removals to the last puzzle still
solvable within Expert (fewer givens never make a puzzle easier), and Master keeps the
minimal puzzle. A result is then graded once (``solver.grading.grade``); a puzzle already
seen (in the pool or tried before) is not graded again.

Everything is reproducible from ``seed``. Cancelling is cooperative: ``cancel`` is polled before
each iteration, by every fill, dig trial and level check, and by the grade.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from generator.accept import last_within
from generator.generate import GenerationCancelled, check_playable, generate, seeded_random
from generator.wfc import fill
from puzzle_io.atomic import AtomicFile
from solver.exact import count_solutions
from solver.grading import Grade, grade
from solver.grid import BOXES, values_to_string
from solver.human import poll_cancel
from solver.interest import Interest
from solver.levels import PLAYABLE_LEVELS, Level
from solver.walks import solvable_within

MUTATIONS = ("add", "move", "refill")
ADD_MAX = 4
"""The most givens the ``add`` mutation puts back."""
REFILL_BOXES = 3
"""The most boxes the ``refill`` mutation forgets and completes again."""
STEERED_LEVELS = (Level.EXPERT, Level.MASTER)

ProgressFn = Callable[[int, float], None]
CancelFn = Callable[[], bool]


@dataclass(frozen=True)
class Entry:
    """One puzzle of the pool.

    Fields: ``puzzle`` and ``solution`` are 81 ints (0 = empty in the puzzle); ``grade`` is its
    grade (its level is the pool's level); ``interest`` its layered metrics and score.
    """

    puzzle: tuple[int, ...]
    solution: tuple[int, ...]
    grade: Grade
    interest: Interest

    @property
    def score(self) -> float:
        """The interest score (``Interest.score``)."""
        return self.interest.score

    def to_dict(self) -> dict[str, object]:
        """The JSON form of one optimized puzzle: puzzle, solution, level, givens, hardest,
        score (HoDoKu's), se, and the interest metrics (``Interest.to_dict``)."""
        return {
            "puzzle": values_to_string(self.puzzle),
            "solution": values_to_string(self.solution),
            "level": self.grade.level.name.lower(),
            "givens": sum(1 for value in self.puzzle if value),
            "hardest": self.grade.hardest,
            "score": self.grade.score,
            "se": self.grade.se,
            **self.interest.to_dict(),
        }


class HistoryPoint(NamedTuple):
    """The pool after one iteration (0: the generated pool): best and mean interest score."""

    iteration: int
    best: float
    mean: float


@dataclass(frozen=True)
class OptimizeResult:
    """What ``optimize`` found.

    Fields:
        level: the level of every puzzle of the pool.
        seed: reproduces the run (with the same level, iterations and pool size).
        pool: the pool, best interest first (ties: the earlier found first).
        history: one ``HistoryPoint`` per iteration, the generated pool first.
        tried: per mutation kind, how many results were dug (a mutation whose start was not
            unique or already too hard is not counted).
        valid: per mutation kind, how many new results were unique and exactly the level.
        kept: per mutation kind, how many results entered the pool.
        seconds: wall time of the whole run, in seconds.
        start_seconds: of which generating the first pool, in seconds.
        start_scores: the interest scores of the generated pool (plain generation with the
            same seeds), best first: what the optimizer started from.
    """

    level: Level
    seed: int
    pool: tuple[Entry, ...]
    history: tuple[HistoryPoint, ...]
    tried: dict[str, int]
    valid: dict[str, int]
    kept: dict[str, int]
    seconds: float
    start_seconds: float
    start_scores: tuple[float, ...]

    @property
    def iterations(self) -> int:
        """The iterations done."""
        return len(self.history) - 1


def optimize(
    level: Level,
    iterations: int,
    pool: int = 10,
    seed: int | None = None,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
) -> OptimizeResult:
    """Search for interesting puzzles of exactly ``level`` (the Linjat optimizer).

    Args:
        level: one of ``PLAYABLE_LEVELS``.
        iterations: mutations to try, >= 0 (0 returns the generated pool, sorted).
        pool: the pool's size, >= 1: ``pool`` puzzles are generated first, and the pool never
            holds more (nor two equal puzzles).
        seed: a whole number >= 0 that makes the run reproducible; None draws one (reported
            in the result).
        progress: called after each iteration with (iteration 1..iterations, best score).
        cancel: polled often; once it returns True, ``GenerationCancelled`` is raised.

    Returns:
        An ``OptimizeResult``: the pool best first, the score history, mutation counts, times.

    Raises:
        ValueError: ``level`` is not playable, ``iterations`` < 0, ``pool`` < 1, or ``seed`` < 0.
        GenerationCancelled: ``cancel()`` returned True.
        GenerationError: the first pool could not be generated (see ``generator.generate``).
    """
    check_playable(level, "optimize")
    if iterations < 0:
        raise ValueError(f"iterations must be 0 or more, got {iterations}")
    if pool < 1:
        raise ValueError(f"the pool holds at least 1 puzzle, got {pool}")
    seed, rng = seeded_random(seed)
    start = time.perf_counter()
    entries: list[Entry] = []
    seen: set[tuple[int, ...]] = set()
    for _ in range(pool):
        made = generate(level, seed=rng.getrandbits(32), cancel=cancel)
        assert made.grade is not None  # generate grades in full unless told not to
        if made.puzzle not in seen:
            seen.add(made.puzzle)
            entries.append(Entry(made.puzzle, made.solution, made.grade, made.grade.interest()))
    entries.sort(key=lambda entry: -entry.score)
    start_seconds = time.perf_counter() - start
    start_scores = tuple(entry.score for entry in entries)
    history = [_point(0, entries)]
    tried = dict.fromkeys(MUTATIONS, 0)
    valid = dict.fromkeys(MUTATIONS, 0)
    kept = dict.fromkeys(MUTATIONS, 0)
    try:
        for iteration in range(1, iterations + 1):
            poll_cancel(cancel)
            parent = rng.choice(entries)
            kind = rng.choice(MUTATIONS)
            child = _mutate(kind, parent, level, rng, cancel)
            if child is not None:
                tried[kind] += 1
                puzzle, solution = child
                if puzzle not in seen:
                    seen.add(puzzle)
                    result = _grade_exact(puzzle, level, cancel)
                    if result is not None:
                        valid[kind] += 1
                        entry = Entry(puzzle, solution, result, result.interest())
                        entries.append(entry)
                        entries.sort(key=lambda e: -e.score)  # stable: ties keep the elder
                        del entries[pool:]
                        kept[kind] += any(e is entry for e in entries)
            history.append(_point(iteration, entries))
            if progress is not None:
                progress(iteration, entries[0].score)
    except InterruptedError:
        raise GenerationCancelled("optimization cancelled") from None
    return OptimizeResult(
        level=level,
        seed=seed,
        pool=tuple(entries),
        history=tuple(history),
        tried=tried,
        valid=valid,
        kept=kept,
        seconds=time.perf_counter() - start,
        start_seconds=start_seconds,
        start_scores=start_scores,
    )


def _point(iteration: int, entries: Sequence[Entry]) -> HistoryPoint:
    scores = [entry.score for entry in entries]
    return HistoryPoint(iteration, max(scores), sum(scores) / len(scores))


def _mutate(
    kind: str, parent: Entry, level: Level, rng: random.Random, cancel: CancelFn | None
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """One mutation of ``parent`` dug again at ``level``: (puzzle, solution), unique and
    solvable within ``level``, or None when the mutation's start does not qualify."""
    puzzle = list(parent.puzzle)
    solution = list(parent.solution)
    givens = [cell for cell in range(81) if puzzle[cell]]
    empties = [cell for cell in range(81) if not puzzle[cell]]
    if kind == "add":
        for cell in rng.sample(empties, min(len(empties), rng.randint(1, ADD_MAX))):
            puzzle[cell] = solution[cell]
        order = [cell for cell in range(81) if puzzle[cell]]
        rng.shuffle(order)
    elif kind == "move":
        puzzle[rng.choice(givens)] = 0
        rng.shuffle(empties)
        for target in empties:  # the first target that keeps the puzzle a candidate
            puzzle[target] = solution[target]
            if _diggable(puzzle, level, cancel):
                break
            puzzle[target] = 0
        else:
            return None
        order = [cell for cell in range(81) if puzzle[cell]]
        rng.shuffle(order)
    elif kind == "refill":
        boxes = rng.sample(range(9), rng.randint(1, REFILL_BOXES))
        region = {cell for box in boxes for cell in BOXES[box]}
        kept = [0 if cell in region else value for cell, value in enumerate(puzzle)]
        solution = fill(rng=rng, start=kept, cancel=cancel)
        parts = (
            [cell for cell in empties if cell not in region],
            sorted(region),
            [cell for cell in givens if cell not in region],
        )
        order = []
        for part in parts:
            rng.shuffle(part)
            order += part
        puzzle = list(solution)
    else:
        raise ValueError(f"unknown mutation {kind!r}; choose one of {', '.join(MUTATIONS)}")
    dug = redig(puzzle, order, level, cancel)
    return None if dug is None else (tuple(dug), tuple(solution))


def redig(start: Sequence[int], order: Sequence[int], level: Level, cancel: CancelFn | None = None) -> list[int] | None:
    """Remove the givens of ``start`` in ``order`` while the puzzle stays unique and solvable
    within ``level`` (the optimizer's "dig again"; see the module docstring for Expert and
    Master).

    ``start``: 81 ints (0 = empty); ``order``: the cells to try (empty ones are skipped);
    ``level``: a playable level; ``cancel``: polled before each trial and by each level check.
    Returns 81 ints, a unique puzzle solvable within ``level`` (Master: a minimal unique
    puzzle), or None when ``start`` has not exactly one solution or is already too hard.

    Raises:
        InterruptedError: ``cancel()`` returned True.
    """
    if not _diggable(start, level, cancel):
        return None
    puzzle = list(start)
    steered = level in STEERED_LEVELS
    removed: list[int] = []
    for cell in order:
        poll_cancel(cancel)
        if not puzzle[cell]:
            continue
        trial = puzzle[:]
        trial[cell] = 0
        if count_solutions(trial, 2) != 1:
            continue
        if steered or solvable_within(trial, level, cancel=cancel):
            puzzle = trial
            removed.append(cell)
    if level != Level.EXPERT:
        return puzzle
    found = last_within(start, [(cell,) for cell in removed], level, cancel=cancel)
    return None if found is None else found[0]


def _diggable(puzzle: Sequence[int], level: Level, cancel: CancelFn | None) -> bool:
    """True when ``puzzle`` can start a dig at ``level``: it has one solution and, up to Hard,
    is solvable within ``level`` (fewer givens never make it easier)."""
    if count_solutions(puzzle, 2) != 1:
        return False
    return level in STEERED_LEVELS or solvable_within(puzzle, level, cancel=cancel)


def _grade_exact(puzzle: Sequence[int], level: Level, cancel: CancelFn | None) -> Grade | None:
    """The grade of ``puzzle`` (unique) if it is exactly ``level``, else None; the cheap
    "too easy" checks of ``generator.generate`` come first."""
    index = PLAYABLE_LEVELS.index(level)
    if level == Level.MASTER and solvable_within(puzzle, Level.HARD, cancel=cancel):
        return None
    if index and solvable_within(puzzle, PLAYABLE_LEVELS[index - 1], cancel=cancel):
        return None
    result = grade(puzzle, cancel=cancel)
    return result if result.level == level else None


def plot_history(history: Sequence[HistoryPoint], path: str | os.PathLike[str]) -> None:
    """Write a PNG of the best and mean interest score per iteration to ``path`` (written to
    a temporary file in the same folder, then renamed over ``path``).

    ``history`` is ``OptimizeResult.history``. Needs matplotlib, which the project does not
    require (``pip install matplotlib``).

    Raises:
        RuntimeError: matplotlib is not installed ("install matplotlib for --plot").
        ValueError: ``history`` is empty.
        OSError: the file cannot be written.
    """
    if not history:
        raise ValueError("no history to plot")
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise RuntimeError("install matplotlib for --plot") from None
    figure = Figure(figsize=(8, 4.5), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    steps = [point.iteration for point in history]
    axes.plot(steps, [point.best for point in history], label="best")
    axes.plot(steps, [point.mean for point in history], label="pool mean")
    axes.set(xlabel="iteration", ylabel="interest score", title="Optimizer: interest of the pool")
    axes.grid(True, alpha=0.3)
    axes.legend()
    target = AtomicFile(path)
    try:
        figure.savefig(target.stream.buffer, format="png")
        target.commit()
    finally:
        target.discard()
