"""A frozen pure-Python workload that measures the machine, not the project (not a test).

This machine's speed moves by up to 40% from hour to hour, and a new machine may differ by 2x
(2026-11-28: the exact solver's 17-clue loop took 50 us a puzzle on the fifteenth session's
machine and 83-104 us on the sixteenth's, the code unchanged). Every benchmark run prints this
workload's time first and last, so a figure can be read against the hour it was measured in: a target
met with a yardstick of 300 ms and missed with one of 600 ms says more about the hour than the
code.

The workload mixes what the engine's hot paths do, in roughly equal parts of its time: whole-board
operations on ints a few thousand bits wide (the exact solver, the chain searches' bit sets),
breadth-first walks over dicts of lists (the link graphs, Sudoku Explainer's chains), and small
functions on small ints (the techniques' finders). It never imports the project, so changing
the engine never changes it.

DO NOT CHANGE THE WORKLOAD: its figures are compared across sessions (docs/benchmarks.md). A
new workload needs a new name and a new series.
"""

from __future__ import annotations

import time

_WIDTH = 11
_FIELDS = 324


def _lcg(seed: int) -> int:
    return (seed * 6364136223846793005 + 1442695040888963407) & ((1 << 64) - 1)


def _big_ints(rounds: int) -> int:
    """Sweeps of the exact solver's shape on a 3,564-bit int: subtract, xor, and, add."""
    guards = sum(1 << (_WIDTH * i + 9) for i in range(_FIELDS))
    lows = sum(1 << (_WIDTH * i) for i in range(_FIELDS))
    options = sum(0x1FF << (_WIDTH * i) for i in range(_FIELDS))
    masks = []
    seed = 1
    for _ in range(64):
        mask = 0
        for _ in range(12):
            seed = _lcg(seed)
            mask |= 1 << (seed >> 40) % (_WIDTH * _FIELDS)
        masks.append(~mask)
    total = 0
    for r in range(rounds):
        state = guards | options
        for mask in masks[r % 7 :: 7]:
            state &= mask
            y = (state & options | guards) - lows
            single = ((state & y) + options) & guards
            total ^= single.bit_length() ^ ((state ^ y) & guards).bit_count()
    return total


def _graph_walks(rounds: int) -> int:
    """Breadth-first walks over a fixed graph of 1,458 nodes kept as a dict of lists."""
    nodes = 1458
    succ: dict[int, list[int]] = {}
    seed = 7
    for node in range(nodes):
        targets = []
        for _ in range(4):
            seed = _lcg(seed)
            targets.append((seed >> 33) % nodes)
        succ[node] = targets
    total = 0
    for r in range(rounds):
        start = (r * 97) % nodes
        depth = {start: 0}
        frontier = [start]
        while frontier:
            fresh = []
            for node in frontier:
                for target in succ[node]:
                    if target not in depth:
                        depth[target] = depth[node] + 1
                        fresh.append(target)
            frontier = fresh
        total += len(depth)
    return total


def _popcount_of(mask: int) -> int:
    return bin(mask).count("1")


def _small_calls(rounds: int) -> int:
    """Small functions on 9-bit masks, as a technique's finder loops over houses and digits."""
    table = [_popcount_of(m) for m in range(512)]
    total = 0
    seed = 11
    cells = []
    for _ in range(81):
        seed = _lcg(seed)
        cells.append((seed >> 40) & 0x1FF)
    houses = [[9 * r + c for c in range(9)] for r in range(9)] + [[9 * r + c for r in range(9)] for c in range(9)]
    for _ in range(rounds):
        for house in houses:
            seen = 0
            for cell in house:
                mask = cells[cell]
                if table[mask] == 2:
                    seen |= mask
                total += _popcount_of(mask & ~seen)
    return total


def workload() -> int:
    """The workload, once: a checksum (so nothing is optimised away; the same on every run)."""
    return _big_ints(10_000) ^ _graph_walks(200) ^ _small_calls(1_500)


def yardstick_ms(runs: int = 5) -> float:
    """The workload's best CPU time over ``runs`` runs, in milliseconds (lower is faster)."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        workload()
        best = min(best, time.process_time() - start)
    return best * 1000


if __name__ == "__main__":
    print(f"yardstick {yardstick_ms():.0f} ms")
