"""Process-wide settings for a process that runs the engine (the command line, the game's
window and its worker process, the bank's pool workers); never applied on import.

The engine allocates many short-lived tuples, dicts and Steps; almost all of them are freed by
reference counting, but CPython's cyclic collector still runs every 700 net allocations of
container objects (its default first threshold) and walks the young objects each time, and the
older generations every 10 of those. With the first threshold at 50,000 (the next two at 20)
the collector runs about 70 times less often. Measured 2026-11-27 on one core: the solve paths
of six shipped Masters 8% faster in one process alternating with the default (2.75 -> 2.53 s at
best of four; the collector off altogether: 2.54 s); 34 calibration puzzles of SE 7.0-9.0
graded 4% faster (6.42 -> 6.15 s CPU); the whole solution paths of the first 40 shipped Masters
in the game's window 6-8% faster (13.1-13.3 -> 12.1-12.6 s), where the window's own objects
make each collection longer; `rate --json` of 57 puzzles as a whole process 1.4% faster (median
of 5 paired runs). Garbage in reference cycles waits longer to be collected: the peak memory of
that `rate` rose from 44 to 53 MiB.
"""

from __future__ import annotations

import gc

GC_THRESHOLDS = (50_000, 20, 20)
"""The cyclic collector's thresholds in a process that runs the engine (``gc.set_threshold``)."""


def tune_gc() -> None:
    """Set the cyclic garbage collector's thresholds to ``GC_THRESHOLDS`` for this process."""
    gc.set_threshold(*GC_THRESHOLDS)
