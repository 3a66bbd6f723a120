"""Building a puzzle bank (``build_bank``, re-exported by generator.bank): the puzzles of every
level made in parallel, each verified where it was made, kept in a work file as it arrives and
written as the level's bank file once the level is complete. The files are described in
generator.bank_format, the runners (process pool, Dask) in generator.bank_pool.

Reproducible: puzzle k of a level is made from ``puzzle_seed(seed, level, k, attempt)``, so the
bank is the same whatever the number of processes or the order they finish in. Resumable: what
is in a level's bank file or work file is kept (when it was built with the same seed and
options) and only the missing puzzles are made. Never imports pygame; never prints.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path

from generator.bank_format import (
    MAX_ATTEMPTS,
    WORK_FORMAT,
    BankError,
    JsonObject,
    Rejected,
    WorkFile,
    bank_path,
    bank_text,
    make_record,
    measure_interest,
    puzzle_seed,
    read_bank_file,
    read_work_file,
    record_fault,
    seed_index,
    verify,
    work_path,
)
from generator.bank_pool import TaskFuture, make_runner
from generator.generate import GenerationCancelled, GenerationError, generate
from puzzle_io.atomic import write_atomic
from solver.grid import values_to_string
from solver.levels import PLAYABLE_LEVELS, Level

OPTIMIZE_POOL = 10  # the optimizer's pool size for a bank puzzle
POLL_SECONDS = 0.2  # how often the build looks at ``cancel`` while it waits


class BuildCancelled(Exception):
    """``cancel()`` turned true; what was finished is kept in the work files."""


@dataclass
class LevelReport:
    """One level of a build: ``total`` puzzles in its file at ``path``, of which ``kept`` were
    there before and ``made`` were made now (``retried``: seeds that failed and were replaced);
    ``cpu_seconds`` is the workers' time for the ones made, ``wall_seconds`` the time from the
    build's start until the file was written."""

    level: Level
    path: Path
    total: int
    kept: int = 0
    made: int = 0
    retried: int = 0
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0


@dataclass
class BuildReport:
    """What ``build_bank`` did: one ``LevelReport`` per level, easiest first."""

    folder: Path
    levels: list[LevelReport]
    seconds: float = 0.0


def make_puzzle(
    level_name: str, index: int, attempt: int, seed: int, iterations: int, cancel: Callable[[], bool] | None = None
) -> JsonObject:
    """A task: make puzzle ``index`` of ``level_name`` for the build from ``seed`` (its
    ``attempt``-th seed), verify it (``bank_format.verify``) and return its work-file entry:
    ``index``, ``attempt``, ``seconds`` taken, and the record's fields.

    Raises:
        GenerationError: no puzzle of the level came from this seed.
        Rejected: the puzzle made fails verification (a bug in the generator or optimizer).
        GenerationCancelled, InterruptedError: ``cancel()`` returned True.
    """
    level = Level[level_name]
    own = puzzle_seed(seed, level, index, attempt)
    start = time.perf_counter()
    if iterations > 0:
        from generator.optimize import optimize

        best = optimize(level, iterations, pool=OPTIMIZE_POOL, seed=own, cancel=cancel).pool[0]
        puzzle, solution = best.puzzle, best.solution
    else:
        made = generate(level, own, cancel=cancel, full_grade=False)  # verify grades it in full
        puzzle, solution = made.puzzle, made.solution
    puzzle_line, solution_line = _line(puzzle), _line(solution)
    result = verify(puzzle_line, solution_line, level, cancel)
    record = make_record(puzzle_line, solution_line, level, own, result, measure_interest(result))
    return {"index": index, "attempt": attempt, "seconds": round(time.perf_counter() - start, 3), **record}


def _line(values: str | Sequence[int]) -> str:
    """81 ints (0 = empty) or an 81-character line, as a line with '.' for empty cells."""
    if isinstance(values, str):
        return values.replace("0", ".")
    return values_to_string(values)


def _record(entry: JsonObject) -> JsonObject:
    """A work-file entry's record (without its index, attempt and time)."""
    return {key: value for key, value in entry.items() if key not in ("index", "attempt", "seconds")}


class _Level:
    """The build of one level: what is finished (``entries`` by index), its work file, its
    report."""

    def __init__(self, folder: Path, level: Level, count: int, seed: int, build: dict[str, int]):
        self.level, self.count, self.seed, self.build = level, count, seed, build
        self.path = bank_path(folder, level)
        self.work_path = work_path(folder, level)
        self.report = LevelReport(level, self.path, count)
        header: JsonObject = {"format": WORK_FORMAT, "version": 1, "level": level.name, "build": build}
        self.entries = self._kept(header)
        self.todo = self.missing() + self.duplicates()  # (index, attempt) to make
        self.report.kept = len(self.entries)
        self.work: WorkFile | None = None
        if self.todo:
            self.work = WorkFile(self.work_path, header, [self.entries[k] for k in sorted(self.entries)])

    def _kept(self, header: JsonObject) -> dict[int, JsonObject]:
        """The sound puzzles of this build already in the bank file and the work file."""
        entries: dict[int, JsonObject] = {}
        seeds = seed_index(self.seed, self.level, self.count)
        try:
            data = read_bank_file(self.path, self.level)
        except FileNotFoundError:
            data = None
        if data is not None:
            if data.get("build") != self.build:
                raise BankError(
                    f"{self.path} was built with {data.get('build')}, not {self.build}: build "
                    f"with the same seed and options, or into another folder"
                )
            for record in data["puzzles"]:
                if record_fault(record, self.level) is None and record["seed"] in seeds:
                    index, attempt = seeds[record["seed"]]
                    entries[index] = {"index": index, "attempt": attempt, **record}
        for index, entry in read_work_file(self.work_path, header).items():
            tried = entry.get("attempt")
            if (
                index < self.count
                and isinstance(tried, int)
                and record_fault(_record(entry), self.level) is None
                and entry["seed"] == puzzle_seed(self.seed, self.level, index, tried)
                and tried >= entries.get(index, {}).get("attempt", -1)
            ):
                entries[index] = entry
        return entries

    @property
    def complete(self) -> bool:
        return len(self.entries) == self.count

    def missing(self) -> list[tuple[int, int]]:
        """(index, attempt) of each puzzle still to make."""
        return [(k, 0) for k in range(self.count) if k not in self.entries]

    def duplicates(self) -> list[tuple[int, int]]:
        """(index, next attempt) of each puzzle equal to one of a lower index; they are dropped."""
        seen, again = set(), []
        for index in sorted(self.entries):
            puzzle = self.entries[index]["puzzle"]
            if puzzle in seen:
                again.append((index, self.entries.pop(index)["attempt"] + 1))
            seen.add(puzzle)
        return again

    def add(self, entry: JsonObject) -> None:
        self.entries[entry["index"]] = entry
        assert self.work is not None, "only a level with puzzles to make gets entries, and has a work file"
        self.work.add(entry)
        self.report.made += 1
        self.report.cpu_seconds += entry.get("seconds", 0.0)

    def finish(self, started: float) -> None:
        """Write the bank file (when it changes), then drop the work file."""
        text = bank_text(self.level, self.build, [_record(self.entries[k]) for k in range(self.count)])
        try:
            old = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            old = None
        if text != old:
            write_atomic(self.path, text)
        self.close()
        try:
            os.unlink(self.work_path)
        except FileNotFoundError:
            pass
        self.report.wall_seconds = time.perf_counter() - started

    def close(self) -> None:
        if self.work is not None:
            self.work.close()
            self.work = None


def build_bank(
    out_dir: str | os.PathLike[str],
    per_level: int,
    levels: Iterable[Level],
    seed: int,
    jobs: int,
    optimize_iterations: int = 0,
    progress: Callable[[Level, int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    scheduler: str | None = None,
) -> BuildReport:
    """Build (or complete) a bank of ``per_level`` puzzles of each of ``levels`` in ``out_dir``.

    Args:
        out_dir: the bank folder (created when missing): ``<level>.json`` per level.
        per_level: puzzles per level, 1 or more.
        levels: playable levels (``solver.levels.PLAYABLE_LEVELS``).
        seed: a whole number >= 0; the same seed and options give the same bank.
        jobs: worker processes (1: this process).
        optimize_iterations: > 0 makes each puzzle the best of ``generator.optimize.optimize``
            with that many iterations and a pool of ``OPTIMIZE_POOL``.
        progress: ``progress(level, done, total)``, called from this thread at the start (with
            what was kept) and after each puzzle.
        cancel: polled about five times a second and by the running tasks.
        scheduler: a Dask scheduler's address ("tcp://host:8786"): the tasks run on that
            cluster instead of local processes (``jobs`` is then ignored).

    Returns a ``BuildReport``. Each level's file is written as soon as the level is complete.

    Raises:
        ValueError: ``per_level`` < 1, ``seed`` < 0, ``jobs`` < 1, or a level not playable.
        BankError: ``out_dir`` holds a bank or work file from another seed or options; a
            puzzle index failed ``MAX_ATTEMPTS`` seeds; dask is asked for and not installed.
        BuildCancelled: ``cancel()`` returned True (or Ctrl+C): finished puzzles are kept in
            the work files and the next build with the same arguments goes on from them.
        OSError: the folder cannot be written.
    """
    levels = tuple(levels)
    if per_level < 1 or seed < 0 or optimize_iterations < 0:
        raise ValueError("per_level must be 1 or more, seed and optimize_iterations 0 or more")
    for level in levels:
        if level not in PLAYABLE_LEVELS:
            raise ValueError(f"cannot build {level.label} puzzles")
    started = time.perf_counter()
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    build = {"seed": seed, "optimize_iterations": optimize_iterations}
    states: dict[Level, _Level] = {}
    try:
        for level in levels:
            states[level] = _Level(folder, level, per_level, seed, build)
        _run(states, seed, optimize_iterations, jobs, scheduler, progress, cancel, started)
    finally:
        for state in states.values():
            state.close()
    return BuildReport(folder, [states[level].report for level in levels], time.perf_counter() - started)


def _run(
    states: dict[Level, _Level],
    seed: int,
    iterations: int,
    jobs: int,
    scheduler: str | None,
    progress: Callable[[Level, int, int], None] | None,
    cancel: Callable[[], bool] | None,
    started: float,
) -> None:
    """Make every missing puzzle of ``states`` on a runner; finish each level when complete."""
    todo = {level: state.todo for level, state in states.items()}
    for level, state in states.items():
        if progress is not None:
            progress(level, len(state.entries), state.count)
        if not todo[level]:
            state.finish(started)
    if not any(todo.values()):
        return
    runner = make_runner(jobs, scheduler, cancel)
    pending: dict[TaskFuture[JsonObject], tuple[Level, int, int]] = {}  # future -> (level, index, attempt)
    cancelled = True

    def submit(level: Level, index: int, attempt: int) -> None:
        if attempt >= MAX_ATTEMPTS:
            raise BankError(f"no {level.label} puzzle for index {index} in {MAX_ATTEMPTS} seeds")
        future = runner.submit(make_puzzle, level.name, index, attempt, seed, iterations)
        pending[future] = (level, index, attempt)

    try:
        for level in states:  # easiest first: their files are written early
            for index, attempt in todo[level]:
                submit(level, index, attempt)
        while pending:
            if cancel is not None and cancel():
                raise BuildCancelled("bank build cancelled")
            done, _ = runner.wait(set(pending), POLL_SECONDS)
            for future in done:
                level, index, attempt = pending.pop(future)
                state = states[level]
                try:
                    entry = future.result()
                except (GenerationError, Rejected):
                    state.report.retried += 1
                    submit(level, index, attempt + 1)
                    continue
                except (InterruptedError, GenerationCancelled):
                    raise BuildCancelled("bank build cancelled") from None
                except BrokenProcessPool as error:
                    raise BankError(f"a worker process stopped ({error}); build again to go on") from None
                state.add(entry)
                if progress is not None:
                    progress(level, len(state.entries), state.count)
                if state.complete:
                    again = state.duplicates()
                    for index_again, attempt_again in again:
                        state.report.retried += 1
                        submit(level, index_again, attempt_again)
                    if not again:
                        state.finish(started)
        cancelled = False
    except KeyboardInterrupt:
        raise BuildCancelled("bank build interrupted") from None
    finally:
        runner.close(cancelled)
