"""The puzzle bank the game ships: build it, check it, read it (the files are described in
generator.bank_format).

  build_bank     make N puzzles per level over a process pool (or a Dask cluster), each
                 verified (unique, its solution, exactly its level) before it is written;
                 reproducible from one seed and resumable after an interruption.
  check_bank     re-verify every puzzle of a bank; returns the faults.
  regrade_bank   grade every puzzle again and renew the fields that come from the grade.
  load_bank      the puzzles of one level, read fast (no solving), for the game.

How a build works: each puzzle is made by
``generator.generate`` (or ``generator.optimize.optimize`` when ``optimize_iterations`` > 0),
then re-checked from scratch by ``bank_format.verify`` in the worker that made it. Never
imports pygame; never prints (progress goes to a callback).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from generator.bank_format import (
    INTEREST_KEYS,
    SHIPPED_BANK,
    BankError,
    BankPuzzle,
    JsonObject,
    Rejected,
    bank_levels,
    bank_path,
    bank_text,
    load_bank,
    measure_interest,
    read_bank_file,
    record_fault,
    verify,
    work_path,
)
from generator.bank_pool import make_runner
from generator.bank_work import BuildCancelled, BuildReport, LevelReport, build_bank
from puzzle_io.atomic import write_atomic
from solver.levels import PLAYABLE_LEVELS, Level

__all__ = [
    "SHIPPED_BANK",
    "BankError",
    "BankPuzzle",
    "BuildCancelled",
    "BuildReport",
    "CheckReport",
    "Fault",
    "LevelReport",
    "RegradeReport",
    "build_bank",
    "check_bank",
    "levels_of",
    "load_bank",
    "regrade_bank",
]

ProgressFn = Callable[[Level, int, int], None]
CancelFn = Callable[[], bool]
POLL_SECONDS = 0.2
_Task = TypeVar("_Task")
_Outcome = TypeVar("_Outcome")


# --- checking --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fault:
    """One thing wrong in a bank: the ``file`` (its name), the puzzle's ``index`` in it (None
    for the file itself), ``kind`` ("file", "format", "givens", "solution", "unique", "level",
    "duplicate") and a sentence."""

    file: str
    index: int | None
    kind: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.index is None else f"{self.file} #{self.index + 1}"
        return f"{where}: {self.kind}: {self.message}"


@dataclass
class CheckReport:
    """What ``check_bank`` found: ``counts`` (puzzles per level checked), ``faults`` in file
    order; ``ok`` is True when there is none."""

    folder: Path
    counts: dict[Level, int] = field(default_factory=dict)
    faults: list[Fault] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.faults

    @property
    def puzzles(self) -> int:
        return sum(self.counts.values())


def check_puzzle(
    level_name: str, puzzle: str, solution: str, hardest: str | None = None, cancel: CancelFn | None = None
) -> tuple[str, str] | None:
    """A task: verify one puzzle and the name of its hardest step (``bank_format.verify``);
    (kind, message) or None when sound."""
    try:
        verify(puzzle, solution, Level[level_name], cancel, grade_it=False, hardest=hardest)
    except Rejected as fault:
        return fault.kind, str(fault)
    return None


def check_bank(
    folder: str | os.PathLike[str] | None = None,
    *,
    jobs: int | None = None,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
    scheduler: str | None = None,
) -> CheckReport:
    """Re-verify every puzzle of the bank at ``folder`` (None: the shipped bank): the file's
    format, each record's fields, givens that agree with the solution, a solution that is a
    valid grid and the puzzle's only one (``solver.exact``), the level re-graded exactly, the
    recorded hardest step (the game shows it) the one today's grade names, and no puzzle twice
    in the bank. Work files of an unfinished build are faults too. (The recorded SE estimate,
    score and interest are not re-computed: ``regrade_bank`` renews them.)

    ``jobs`` processes share the grading (None: every core; 1: this process); ``scheduler``
    runs it on a Dask cluster instead. ``progress(level, checked, total)``; ``cancel()`` polled.

    Raises:
        BuildCancelled: ``cancel()`` returned True.
        BankError: the folder is missing, or the Dask path is asked without dask installed.
    """
    folder = Path(folder if folder is not None else SHIPPED_BANK)
    if not folder.is_dir():
        raise BankError(f"no bank folder at {folder}")
    report = CheckReport(folder)
    tasks: list[tuple[str, int, Level, str, str, str | None]] = []  # file name, index, level, puzzle, solution, hardest
    seen: dict[str, str] = {}
    levels = bank_levels(folder)
    if not levels:
        report.faults.append(Fault(folder.name, None, "file", "no bank file (easy.json ... master.json)"))
    for level in PLAYABLE_LEVELS:
        if work_path(folder, level).exists():
            report.faults.append(Fault(work_path(folder, level).name, None, "file", "an unfinished build's work file"))
    for level in levels:
        name = bank_path(folder, level).name
        try:
            data = read_bank_file(bank_path(folder, level), level)
        except BankError as error:
            report.faults.append(Fault(name, None, "file", str(error).split(": ", 1)[-1]))
            continue
        report.counts[level] = len(data["puzzles"])
        if not data["puzzles"]:
            report.faults.append(Fault(name, None, "file", "no puzzles: a level file must hold at least one"))
        for index, record in enumerate(data["puzzles"]):
            fault = record_fault(record, level)
            if fault is not None:
                report.faults.append(Fault(name, index, fault.kind, str(fault)))
                continue
            key = record["puzzle"].replace("0", ".")
            if key in seen:
                report.faults.append(Fault(name, index, "duplicate", f"the same puzzle as {seen[key]}"))
                continue
            seen[key] = f"{name} #{index + 1}"
            tasks.append((name, index, level, record["puzzle"], record["solution"], record["hardest"]))
    totals = {level: sum(1 for task in tasks if task[2] == level) for level in levels}
    checked = dict.fromkeys(levels, 0)
    for level in levels:
        if progress is not None:
            progress(level, 0, totals[level])
    found: dict[tuple[str, int], Fault] = {}

    def finished(task: tuple[str, int, Level, str, str, str | None], outcome: tuple[str, str] | None) -> None:
        name, index, level = task[:3]
        if outcome is not None:
            found[name, index] = Fault(name, index, *outcome)
        checked[level] += 1
        if progress is not None:
            progress(level, checked[level], totals[level])

    _run_all(tasks, lambda task: (check_puzzle, task[2].name, *task[3:]), finished, jobs, scheduler, cancel)
    report.faults = sorted(report.faults + list(found.values()), key=_place)
    return report


def _place(fault: Fault) -> tuple[Level, str, int]:
    """Where ``fault`` goes in a report: by level (its file's name), the file first, then by index."""
    level = Level.__members__.get(fault.file.split(".")[0].upper(), Level.BEYOND)
    return level, fault.file, -1 if fault.index is None else fault.index


def _run_all(
    tasks: list[_Task],
    call_of: Callable[[_Task], tuple[Callable[..., _Outcome], *tuple[object, ...]]],
    finished: Callable[[_Task, _Outcome], None],
    jobs: int | None,
    scheduler: str | None,
    cancel: CancelFn | None,
) -> None:
    """Run ``call_of(task)`` = (function, *args) for every task on a runner and hand each
    outcome to ``finished(task, outcome)`` as it arrives.

    Raises:
        BuildCancelled: ``cancel()`` returned True (the runner is stopped first).
    """
    if not tasks:
        return
    runner = make_runner(jobs if jobs is not None else (os.cpu_count() or 1), scheduler, cancel)
    cancelled = True
    try:
        pending = {}
        for task in tasks:
            fn, *args = call_of(task)
            pending[runner.submit(fn, *args)] = task
        while pending:
            if cancel is not None and cancel():
                raise BuildCancelled("cancelled")
            done, _ = runner.wait(set(pending), POLL_SECONDS)
            for future in done:
                task = pending.pop(future)
                try:
                    finished(task, future.result())
                except InterruptedError:
                    raise BuildCancelled("cancelled") from None
        cancelled = False
    finally:
        runner.close(cancelled)


# --- grading the bank again ------------------------------------------------------------------------


def regrade_puzzle(level_name: str, puzzle: str, solution: str, cancel: CancelFn | None = None) -> JsonObject:
    """A task: verify one puzzle, grade it in full and return the record's fields that come from
    the grade: se, score, hardest and the interest fields (``INTEREST_KEYS``).

    Raises:
        Rejected: the puzzle fails verification (see ``bank_format.verify``).
    """
    result = verify(puzzle, solution, Level[level_name], cancel)
    return {"se": result.se, "score": result.score, "hardest": result.hardest, **measure_interest(result)}


@dataclass
class RegradeReport:
    """What ``regrade_bank`` did: ``graded`` puzzles, of which ``changed`` had a derived field
    (se, score, hardest, interest) that differs from the record's, per level file name in
    ``changes`` as (field, count) pairs, most changed first."""

    graded: int = 0
    changed: int = 0
    changes: dict[str, list[tuple[str, int]]] = field(default_factory=dict)


def regrade_bank(
    folder: str | os.PathLike[str] | None = None,
    *,
    jobs: int | None = None,
    missing_only: bool = False,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
    scheduler: str | None = None,
) -> RegradeReport:
    """Grade the puzzles of the bank at ``folder`` (None: the shipped bank) again, in full, and
    renew the record fields that come from the grade (se, score, hardest and the interest
    metrics) where the engine now says otherwise; with ``missing_only``, only the puzzles that
    lack the interest fields (a bank built before they existed). Each puzzle is re-verified on
    the way. A level's file is rewritten (atomically) once all its puzzles are graded, and only
    when a field changed. ``jobs``, ``scheduler``, ``progress``, ``cancel`` as for
    ``check_bank``.

    Raises:
        BankError: the folder is missing or holds no bank file, a bank file or a record is
            malformed, or a puzzle fails verification (nothing of its level is written: its
            level changed, say; ``bank build`` it anew).
        BuildCancelled: ``cancel()`` returned True (levels finished before are written).
    """
    folder = Path(folder if folder is not None else SHIPPED_BANK)
    if not folder.is_dir():
        raise BankError(f"no bank folder at {folder}")
    if not bank_levels(folder):
        raise BankError(f"no bank file (easy.json ... master.json) in {folder}")
    report = RegradeReport()
    for level in bank_levels(folder):
        path = bank_path(folder, level)
        data = read_bank_file(path, level)
        records = data["puzzles"]
        for index, record in enumerate(records):
            fault = record_fault(record, level)
            if fault is not None:
                raise BankError(f"{path.name} #{index + 1}: {fault} (`bank check` lists every fault)")
        todo = [r for r in records if not missing_only or not all(key in r for key in INTEREST_KEYS)]
        done, changed, fields = [0], [0], Counter[str]()

        def finished(
            record: JsonObject,
            graded: JsonObject,
            level: Level = level,
            total: int = len(todo),
            done: list[int] = done,
            changed: list[int] = changed,
            fields: Counter[str] = fields,
        ) -> None:
            if set(INTEREST_KEYS) - graded.keys():
                raise BankError(f"solver.interest gave no {sorted(set(INTEREST_KEYS) - graded.keys())}")
            differ = [key for key, value in graded.items() if record.get(key) != value]
            fields.update(differ)
            changed[0] += bool(differ)
            record.update(graded)
            done[0] += 1
            if progress is not None:
                progress(level, done[0], total)

        # a def, not a lambda: mypy cannot infer a lambda's type when it has a default argument
        def call_of(record: JsonObject, level: Level = level) -> tuple[Callable[..., JsonObject], str, str, str]:
            return (regrade_puzzle, level.name, record["puzzle"], record["solution"])

        try:
            _run_all(todo, call_of, finished, jobs, scheduler, cancel)
        except Rejected as fault:
            raise BankError(f"{path.name}: a puzzle fails verification: {fault}") from None
        if changed[0]:
            write_atomic(path, bank_text(level, data.get("build", {}), records))
        report.graded += len(todo)
        report.changed += changed[0]
        report.changes[path.name] = fields.most_common()
    return report


def levels_of(names: Iterable[str] | None) -> tuple[Level, ...]:
    """Playable levels from names ("easy", "Hard", ...); None gives every playable level.

    Raises:
        ValueError: a name is not a playable level.
    """
    if names is None:
        return PLAYABLE_LEVELS
    levels = tuple(Level.parse(name) for name in names)
    for level in levels:
        if level not in PLAYABLE_LEVELS:
            raise ValueError(f"{level.label} is not a playable level")
    return levels
