"""Background work off the UI thread: puzzle generation (and any other slow search).

After the pygame-ce docs and Textual's workers: pygame's event and font functions belong to the
thread that opened the display, so a worker never calls pygame; it hands plain data back through
a queue that the scene polls once per frame. A newer job cancels the older one, and cancelling is
cooperative: the job's ``cancel()`` callable turns true and the job stops at its next check.
"""

from __future__ import annotations

import datetime
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.made import MadePuzzle, MakingStatus, TraceEvent
from game.practice import PracticePosition
from solver.levels import Level

ProgressFn = Callable[[Any], None]  # a fraction 0..1, or a job's own status (plain data)
CancelFn = Callable[[], bool]
JobFn = Callable[[ProgressFn, CancelFn], Any]

PROGRESS_STEP = 0.005  # smaller progress changes are not queued (the bar cannot show them)


def reporter(put: Callable[[str, Any], None]) -> ProgressFn:
    """The ``progress`` a job is handed, on either runner: ``progress(fraction)`` (a number)
    queues a ``"progress"`` message through ``put(kind, value)``, clamped to 0..1, leaving out
    changes smaller than ``PROGRESS_STEP``; ``progress(status)`` with anything else queues a
    ``"status"`` message with it as is (picklable plain data, such as game.made.MakingStatus)."""
    last = [-1.0]

    def progress(value: Any) -> None:
        if not isinstance(value, (int, float)):
            put("status", value)
            return
        fraction = min(1.0, max(0.0, float(value)))
        if abs(fraction - last[0]) >= PROGRESS_STEP or fraction >= 1.0:
            last[0] = fraction
            put("progress", fraction)

    return progress


def generate_puzzle(level: Level, seed: int | None, progress: ProgressFn, cancel: CancelFn) -> MadePuzzle:
    """Make a puzzle with ``generator.generate`` (imported here, when first needed), with its
    fill's trace and dig order for the generating screen's replay. Besides fractions,
    ``progress`` gets a game.made.MakingStatus as each stage of each grid begins.

    Raises ``generator.GenerationCancelled`` when ``cancel()`` turns true. Module-level, so
    ``functools.partial(generate_puzzle, level, seed)`` can go to a worker process
    (game.worker_process). Tests substitute this function with monkeypatch.
    """
    import generator

    made = generator.generate(
        level,
        seed,
        progress=progress,
        cancel=cancel,
        trace=True,
        status=lambda status: progress(MakingStatus(*status)),
        full_grade=False,  # the game shows the level and hardest step, never the SE estimate
    )
    return MadePuzzle(
        tuple(made.puzzle),
        tuple(made.solution),
        made.level,
        made.hardest,
        made.seed,
        tuple(TraceEvent(*event) for event in made.trace),
        tuple(made.dig_order),
        tuple(made.put_back),
    )


def generate_daily(level: Level, day: datetime.date, progress: ProgressFn, cancel: CancelFn) -> MadePuzzle:
    """``day``'s daily puzzle of ``level`` (generator.daily), made as ``generate_puzzle`` makes
    any: the seed is derived here, in the worker, where the generator is loaded anyway (the
    game's own process never imports it)."""
    from generator.daily import daily_seed

    return generate_puzzle(level, daily_seed(day, level), progress, cancel)


def reserve_puzzle(level: Level, seed: int | None, progress: ProgressFn, cancel: CancelFn) -> MadePuzzle:
    """Make a puzzle for the player's reserve (game.supply): like ``generate_puzzle`` without
    the fill's trace (nobody watches it being made). Raises ``generator.GenerationCancelled``
    when ``cancel()`` turns true."""
    import generator

    made = generator.generate(level, seed, progress=progress, cancel=cancel, full_grade=False)
    return MadePuzzle(tuple(made.puzzle), tuple(made.solution), made.level, made.hardest, made.seed)


def import_puzzle(text: str, progress: ProgressFn, cancel: CancelFn) -> MadePuzzle:
    """Check and solve a pasted puzzle (``game.tools.import_puzzle``) as a job; it comes back
    with no level (``grade_puzzle`` grades it).

    Raises:
        PuzzleError: with a message for the player (see ``game.tools.import_puzzle``).
    """
    from game.tools import import_puzzle as check

    return check(text)


STEPS_SHOWN = 24  # a practice position's steps of its technique, at most (the player may find any)


def practice_position(name: str, seed: int, progress: ProgressFn, cancel: CancelFn) -> PracticePosition:
    """A position where technique ``name`` is the solver's next step (``generator.practice``:
    the shipped practice index first, in an order seeded by ``seed``; for a technique the index
    has none of, one made on demand, reporting the fraction of puzzles looked at), with the
    technique's steps there, as a job.

    Raises:
        LookupError: no position of ``name`` was found (the message is for the player).
        KeyError: no technique is called ``name``.
        InterruptedError: ``cancel()`` turned true while a position was being made.
    """
    from itertools import islice

    from generator.practice import practice_positions
    from solver.exact import solve_unique
    from solver.grid import Grid
    from solver.techniques import technique

    found = next(practice_positions(name, seed=seed, cancel=cancel, progress=progress), None)
    if found is None:
        raise LookupError(f"No {name} position could be found or made from the puzzles looked at.")
    givens = tuple(0 if ch in ".0" else int(ch) for ch in found.puzzle)
    grid = Grid(list(found.values), given=[bool(v) for v in givens])
    grid.candidates[:] = list(found.candidates)
    steps = (found.step, *(s for s in islice(technique(name).finder(grid), STEPS_SHOWN) if s != found.step))
    return PracticePosition(
        technique(name).name,
        technique(name).level,
        givens,
        tuple(solve_unique(list(givens))),
        found.values,
        found.candidates,
        steps[:STEPS_SHOWN],
    )


def grade_puzzle(givens: tuple[int, ...], progress: ProgressFn, cancel: CancelFn) -> tuple[Level, str | None]:
    """Grade ``givens`` (81 ints, 0 = empty; a puzzle with one solution) with
    ``solver.grading.grade`` as a job: (its level, the hardest technique's name). It can take
    many seconds on the hardest puzzles (Inkala's 2012 puzzle: about 10 s on one core).

    Raises:
        InterruptedError: ``cancel()`` turned true (the grader polls it before each technique).
    """
    from solver.grading import grade

    result = grade(list(givens), cancel=cancel)
    return result.level, result.hardest


@dataclass(frozen=True)
class JobMessage:
    """What a worker reports: ``kind`` is ``"progress"`` (value: 0.0..1.0), ``"status"`` (value:
    the job's own plain data, see ``reporter``), ``"done"`` (value: the job's result),
    ``"cancelled"`` (value: None) or ``"error"`` (value: a short message)."""

    job_id: int
    kind: str
    value: Any = None


class JobRunner:
    """Runs one job at a time on a daemon worker thread; submitting a job cancels the older one.

    Only messages of the newest job come out of ``poll``; a cancelled job's late results are
    dropped. Safe to use from the UI thread only (the worker touches only the queue and its
    Event).
    """

    def __init__(self, wake: Callable[[], None] | None = None) -> None:
        """``wake``, if given, is called on the worker thread after each job's last message is
        queued (the game's ``game.display.wake_loop``, so its loop shows the result at once)."""
        self._wake = wake
        self._queue: queue.Queue[JobMessage] = queue.Queue()
        self._current = 0
        self._cancel: threading.Event | None = None
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """True while the newest job has not reported done, cancelled or error."""
        return self._cancel is not None

    @property
    def current(self) -> int:
        """The newest job's id; it moves on when another job is submitted or on ``cancel``,
        so a job's owner sees whether its job is still the one ``poll`` reports on."""
        return self._current

    def submit(self, job: JobFn, name: str = "job") -> int:
        """Start ``job(progress, cancel)`` on a worker; return its id. Cancels the older job."""
        self.cancel()
        self._current += 1
        event = threading.Event()
        self._cancel = event
        self._thread = threading.Thread(
            target=self._work, args=(self._current, job, event), name=f"sudoku-{name}", daemon=True
        )
        self._thread.start()
        return self._current

    def cancel(self) -> None:
        """Ask the running job to stop (cooperative); its late messages are ignored."""
        if self._cancel is not None:
            self._cancel.set()
            self._cancel = None
            self._current += 1  # anything the old job still sends is stale

    def poll(self) -> list[JobMessage]:
        """Drain the queue; return the newest job's messages in order (never blocks)."""
        messages = []
        while True:
            try:
                message = self._queue.get_nowait()
            except queue.Empty:
                break
            if message.job_id != self._current:
                continue
            if message.kind not in ("progress", "status"):
                self._cancel = None
            messages.append(message)
        return messages

    def wait(self, timeout: float | None = None) -> None:
        """Join the worker thread (for tests and shutdown)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _work(self, job_id: int, job: JobFn, event: threading.Event) -> None:
        progress = reporter(lambda kind, value: self._queue.put(JobMessage(job_id, kind, value)))
        try:
            result = job(progress, event.is_set)
        except BaseException as exc:
            if event.is_set():
                self._queue.put(JobMessage(job_id, "cancelled"))
            else:
                self._queue.put(JobMessage(job_id, "error", f"{type(exc).__name__}: {exc}"))
        else:
            kind = "cancelled" if event.is_set() else "done"
            self._queue.put(JobMessage(job_id, kind, result if kind == "done" else None))
        if self._wake is not None:
            self._wake()
