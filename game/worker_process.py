"""Background work in a separate process, for the game's own window: puzzle generation and paste
checks run there, so their Python code never competes with the frame loop for the GIL (with a
worker thread the frame loop woke up to 5 ms late while generation ran).

``ProcessJobRunner`` has ``JobRunner``'s interface (game.jobs): ``submit``, ``poll``, ``cancel``,
``busy``, ``current``, ``wait``. Jobs must be picklable callables taking ``(progress, cancel)``,
such as a ``functools.partial`` of a module-level function (``game.jobs.generate_puzzle``). One worker
process, started with "spawn" on first use and kept for later jobs, runs them one at a time; a
newer job cancels the older cooperatively (a shared job number that ``cancel()`` compares). A
worker that dies (killed, out of memory) is reported as an error of the job it was running and
started afresh for the next one.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import queue
import signal
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue
from typing import Any, Protocol, cast

from game.jobs import JobFn, JobMessage, reporter
from solver.errors import PuzzleError
from solver.runtime import tune_gc

POLL_SECONDS = 0.2  # how often an idle worker checks that the game is still there

Task = tuple[int, JobFn]  # (job id, job); None in its place stops the worker
Result = tuple[int, str, Any]  # (job id, kind, value): a JobMessage's fields


class SharedInt(Protocol):
    """A ``multiprocessing`` shared int (``ctx.Value("i", ...)``, typed Any by typeshed)."""

    value: int


WORKER_NICENESS = 10
"""How much lower the worker's scheduling priority is than the game's (POSIX ``nice``), so the
window comes first when more wants to run than there are cores: with a busy process beside the
game on a 2-core machine, frame p99 while generating was 21-23 ms instead of 23-25 ms. On an
otherwise idle machine it changes nothing measurable."""


def _yield_to_the_game() -> None:
    """Lower this process's priority below the game's window, where the system allows it."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no os.nice (Windows) or not permitted: run as is
        pass


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ctrl+C ignored while the block runs (from the main thread; elsewhere nothing changes): a
    process started meanwhile inherits it from its first instruction. Ctrl+C in a terminal
    reaches every process of its group; the game ends the worker itself, and a worker that took
    the signal printed a traceback of its own."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        # None: a handler set outside Python, which cannot be put back; Python's own stands in
        signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)


def _work(tasks: Queue[Task | None], results: Queue[Result], current: SharedInt) -> None:
    """The worker process: run each task whose number is still current; report as data."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # as it was started (``_sigint_ignored``), whoever started it
    _yield_to_the_game()
    tune_gc()
    while True:
        try:
            task = tasks.get(timeout=POLL_SECONDS)
        except queue.Empty:
            if mp.parent_process() is not None and not cast(BaseProcess, mp.parent_process()).is_alive():
                return  # the game is gone
            continue
        if task is None:
            return
        job_id, job = task
        if current.value != job_id:
            results.put((job_id, "cancelled", None))
            continue
        progress = reporter(
            cast(Callable[[str, Any], None], lambda kind, value, job_id=job_id: results.put((job_id, kind, value)))
        )

        def cancel(job_id: int = job_id) -> bool:
            return current.value != job_id

        try:
            value = job(progress, cancel)
        except BaseException as exc:
            if cancel():
                results.put((job_id, "cancelled", None))
            else:
                # a puzzle the player gave is wrong: its message is for the player as it is;
                # anything else is a fault, located for the log
                where = (
                    None
                    if isinstance(exc, PuzzleError) or not exc.__traceback__
                    else traceback.extract_tb(exc.__traceback__)[-1]
                )
                results.put((job_id, "error", f"{type(exc).__name__}: {exc}" + (f" ({where.name})" if where else "")))
            continue
        results.put((job_id, "cancelled" if cancel() else "done", value))


class ProcessJobRunner:
    """Runs one job at a time in a worker process; submitting a job cancels the older one."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")  # never fork a process that has SDL's threads
        self._process: BaseProcess | None = None
        self._tasks: Queue[Task | None] | None = None
        self._results: Queue[Result] | None = None
        self._current: SharedInt | None = None  # shared: the number of the job that may run
        self._job_id = 0
        self._busy = False

    def start(self) -> None:
        """Start the worker process now (it takes about half a second to be ready), so the
        first job does not wait for it."""
        self._ensure_worker()

    def _ensure_worker(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        ctx = self._ctx
        self._tasks, self._results = ctx.Queue(), ctx.Queue()
        self._current = ctx.Value("i", self._job_id, lock=False)
        self._process = ctx.Process(
            target=_work, args=(self._tasks, self._results, self._current), name="sudoku-worker", daemon=True
        )
        with _sigint_ignored():
            self._process.start()

    @property
    def busy(self) -> bool:
        """True while the newest job has not reported done, cancelled or error."""
        return self._busy

    @property
    def current(self) -> int:
        """The newest job's id (moves on with each ``submit`` and ``cancel``), as JobRunner's."""
        return self._job_id

    def submit(self, job: JobFn, name: str = "job") -> int:
        """Start ``job(progress, cancel)`` in the worker process (picklable); return its id.
        Cancels the older job."""
        self._ensure_worker()
        assert self._current is not None and self._tasks is not None  # _ensure_worker made them
        self._job_id += 1
        self._current.value = self._job_id
        self._tasks.put((self._job_id, job))
        self._busy = True
        return self._job_id

    def cancel(self) -> None:
        """Ask the running job to stop (cooperative); its late messages are ignored."""
        if self._busy:
            self._busy = False
            self._job_id += 1
            if self._current is not None:
                self._current.value = self._job_id

    def poll(self) -> list[JobMessage]:
        """The newest job's messages since the last call, in order (never blocks). A worker that
        died while the job ran gives an error message."""
        messages: list[JobMessage] = []
        if self._results is None:
            return messages
        while True:
            try:
                job_id, kind, value = self._results.get_nowait()
            except (queue.Empty, EOFError, OSError):
                break
            if job_id != self._job_id:
                continue
            if kind not in ("progress", "status"):
                self._busy = False
            messages.append(JobMessage(job_id, kind, value))
        # busy: a job was submitted, so the worker was started (no check per frame)
        if self._busy and not cast(BaseProcess, self._process).is_alive():
            self._busy = False
            code = cast(BaseProcess, self._process).exitcode
            messages.append(JobMessage(self._job_id, "error", f"the worker process stopped (exit code {code})"))
        return messages

    def wait(self, timeout: float | None = None) -> None:
        """Nothing to join (the worker outlives its jobs); for JobRunner's interface."""

    def close(self, timeout: float = 1.0) -> None:
        """Stop the worker process (on quit)."""
        if self._process is None:
            return
        self.cancel()
        assert self._tasks is not None  # made with the process
        try:
            self._tasks.put(None)
            self._process.join(timeout)
        except (OSError, ValueError):
            pass
        if self._process.is_alive():
            self._process.terminate()
        self._process = None

    def __del__(self) -> None:  # pragma: no cover - best effort at interpreter exit
        try:
            self.close(0.1)
        except Exception:
            pass
