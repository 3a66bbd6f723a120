"""Module-level jobs for the worker-process tests (a spawned process must be able to import them)."""

from __future__ import annotations

import os
import time


def answer(value, progress, cancel):
    progress(1.0)
    return value


def until_cancelled(progress, cancel):
    """Spin until ``cancel()`` turns true (at most 20 s)."""
    end = time.monotonic() + 20
    while not cancel() and time.monotonic() < end:
        time.sleep(0.005)
    return "not cancelled"


def die(progress, cancel):
    os._exit(3)


def fail(progress, cancel):
    raise ValueError("no such puzzle")


def niceness(progress, cancel):
    """The worker's scheduling niceness (POSIX)."""
    return os.getpriority(os.PRIO_PROCESS, 0)
