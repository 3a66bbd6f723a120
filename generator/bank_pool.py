"""Where the bank's work runs: in this process (one job), on a pool of worker processes
(concurrent.futures), or on a Dask distributed cluster (dask.distributed, an optional extra:
``pip install -r requirements-dask.txt``, imported only when a scheduler is given).

Every runner has the same three methods, so generator.bank drives them alike:
``submit(fn, *args) -> future``; ``wait(pending, timeout) -> (done, still_pending)``, which
returns after ``timeout`` seconds at most; ``close(cancelled)``. A task is a module-level
function taking its arguments and a keyword ``cancel`` (a callable polled for cooperative
cancelling, None on Dask, where queued tasks are cancelled and running ones finish).
Never imports pygame; never prints.
"""

from __future__ import annotations

import collections
import concurrent.futures as cf
import multiprocessing as mp
import os
import signal
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from generator.bank_format import BankError
from solver.runtime import tune_gc

if TYPE_CHECKING:
    from multiprocessing.synchronize import Event

ROOT = Path(__file__).resolve().parents[1]
CODE_PACKAGES = ("solver", "generator")  # what a Dask worker needs of this project
DASK_HINT = "the Dask path needs dask.distributed: pip install -r requirements-dask.txt"

_STOP: Event | None = None  # in a pool's worker process: the pool's stop Event


PARENT_POLL_SECONDS = 0.5  # how often a pool worker checks that its parent still lives

_T = TypeVar("_T")
_T_co = TypeVar("_T_co", covariant=True)


class TaskFuture(Protocol[_T_co]):
    """What the bank reads of a runner's future (a ``concurrent.futures.Future``, or a Dask one):
    the task's result, or its exception raised."""

    def result(self) -> _T_co: ...


Pending = set[TaskFuture[_T]]  # the futures a caller still waits for (``wait`` splits them)


class Runner(Protocol):
    """The three methods every runner has (see the module docstring)."""

    def submit(self, fn: Callable[..., _T], *args: object) -> TaskFuture[_T]: ...

    def wait(self, pending: Pending[_T], timeout: float) -> tuple[Pending[_T], Pending[_T]]: ...

    def close(self, cancelled: bool) -> None: ...


def _init_worker(stop: Event) -> None:
    """A pool worker's start: remember the stop Event; leave Ctrl+C to the parent, which
    cancels the build (so no worker prints a traceback); and watch the parent: a worker whose
    parent died (killed, out of memory) stops within a second instead of waiting for work for
    good, and with the workers gone the resource tracker ends too."""
    global _STOP
    _STOP = stop
    tune_gc()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, name="parent-watch", daemon=True).start()


def _watch_parent() -> None:
    parent = mp.parent_process()
    if parent is None:
        return
    while parent.is_alive():
        time.sleep(PARENT_POLL_SECONDS)
    if _STOP is not None:
        _STOP.set()  # a task under way stops at its next check...
    time.sleep(PARENT_POLL_SECONDS)
    os._exit(0)  # ...and the worker ends, whatever it was doing


def _in_worker(fn: Callable[..., _T], *args: object) -> _T:
    """Run ``fn(*args, cancel=...)`` in a pool worker, cancelled by the pool's stop Event."""
    return fn(*args, cancel=_STOP.is_set if _STOP is not None else None)


class SerialRunner:
    """Runs the tasks in this process, one per ``wait`` call, in the order submitted;
    ``cancel`` (the caller's) is handed to every task."""

    def __init__(self, cancel: Callable[[], bool] | None = None):
        self._cancel = cancel
        # (future, task, its arguments): the tasks' results are of any type
        self._queue: collections.deque[tuple[cf.Future[Any], Callable[..., Any], tuple[object, ...]]] = (
            collections.deque()
        )

    def submit(self, fn: Callable[..., _T], *args: object) -> cf.Future[_T]:
        future: cf.Future[_T] = cf.Future()
        self._queue.append((future, fn, args))
        return future

    def wait(self, pending: Pending[_T], timeout: float) -> tuple[Pending[_T], Pending[_T]]:
        while self._queue:
            future, fn, args = self._queue.popleft()
            if future.cancelled() or future not in pending:
                continue
            future.set_running_or_notify_cancel()
            try:
                future.set_result(fn(*args, cancel=self._cancel))
            except BaseException as error:  # handed to the caller through the future
                if isinstance(error, (KeyboardInterrupt, SystemExit)):
                    raise
                future.set_exception(error)
            return {future}, pending - {future}
        return set(), pending

    def close(self, cancelled: bool) -> None:
        self._queue.clear()


class PoolRunner:
    """``jobs`` worker processes (started with "spawn"); ``close(True)`` sets their stop Event
    so running tasks stop at their next check, and drops the queued ones."""

    def __init__(self, jobs: int):
        context = mp.get_context("spawn")
        self._stop = context.Event()
        self._pool = cf.ProcessPoolExecutor(
            max_workers=jobs, mp_context=context, initializer=_init_worker, initargs=(self._stop,)
        )

    def submit(self, fn: Callable[..., _T], *args: object) -> cf.Future[_T]:
        return self._pool.submit(_in_worker, fn, *args)

    def wait(self, pending: Pending[_T], timeout: float) -> tuple[Pending[_T], Pending[_T]]:
        futures = cast("set[cf.Future[_T]]", pending)  # this pool's own futures, from ``submit``
        done, rest = cf.wait(futures, timeout, return_when=cf.FIRST_COMPLETED)
        return set(done), set(rest)

    def close(self, cancelled: bool) -> None:
        if cancelled:
            self._stop.set()
        self._pool.shutdown(wait=True, cancel_futures=cancelled)


class DaskRunner:
    """Tasks on the Dask cluster whose scheduler is at ``address`` (e.g. "tcp://host:8786").
    The project's ``solver`` and ``generator`` packages are uploaded to the workers first
    (``Client.upload_file``), so they need only Python and dask.distributed.

    Raises:
        BankError: dask.distributed is not installed, or the scheduler cannot be reached.
    """

    def __init__(self, address: str, upload: bool = True):
        try:
            from dask import distributed
        except ImportError as error:
            raise BankError(f"{DASK_HINT} ({error})") from None
        self._distributed = distributed
        try:
            self._client = distributed.Client(address, timeout="30s")
        except OSError as error:
            raise BankError(f"cannot reach the Dask scheduler at {address}: {error}") from None
        if upload:
            with tempfile.TemporaryDirectory() as folder:
                self._client.upload_file(str(_code_zip(Path(folder) / "sudoku_code.zip")))

    def submit(self, fn: Callable[..., _T], *args: object) -> TaskFuture[_T]:
        future: TaskFuture[_T] = self._client.submit(fn, *args, pure=False)  # a dask.distributed Future
        return future

    def wait(self, pending: Pending[_T], timeout: float) -> tuple[Pending[_T], Pending[_T]]:
        try:
            done, rest = self._distributed.wait(list(pending), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return set(), pending
        return set(done), set(rest)

    def close(self, cancelled: bool) -> None:
        self._client.close()


def _code_zip(path: Path) -> Path:
    """A zip at ``path`` of the ``CODE_PACKAGES``' Python files (what a Dask worker imports)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for package in CODE_PACKAGES:
            for source in sorted((ROOT / package).rglob("*.py")):
                archive.write(source, source.relative_to(ROOT).as_posix())
    return path


def make_runner(jobs: int, scheduler: str | None, cancel: Callable[[], bool] | None) -> Runner:
    """The runner for ``jobs`` processes (1: this process, with ``cancel``), or for the Dask
    scheduler at ``scheduler`` when given.

    Raises:
        ValueError: ``jobs`` is below 1.
        BankError: see ``DaskRunner``.
    """
    if scheduler:
        return DaskRunner(scheduler)
    if jobs < 1:
        raise ValueError(f"jobs must be 1 or more, got {jobs}")
    return SerialRunner(cancel) if jobs == 1 else PoolRunner(jobs)
