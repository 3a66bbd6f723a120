"""Benchmarks of the setter's side (not part of the test run): bank builds on one core and on
every core, and a new game from the bank (click to board).

    python -m benchmarks.bench_setter                     # everything, about ten minutes
    python -m benchmarks.bench_setter --only jobs         # generation throughput, 1 job vs every core
    python -m benchmarks.bench_setter --only bank100      # a whole bank of 100 puzzles per level
    python -m benchmarks.bench_setter --only instant      # click to playable board, per level
    python -m benchmarks.bench_setter --only optimizer    # optimizer iterations per second
    python -m benchmarks.bench_setter --only practice     # the practice index: read, look up; made positions
    python -m benchmarks.bench_setter --quick             # small samples, a smoke run

Unlike benchmarks/bench.py this does not pin itself to one core: the point is using them all.
Every build goes to a temporary folder with a fixed seed, so a run repeats. The optimizer's
gain over more runs is measured by benchmarks/interest_report.py --optimize. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

from benchmarks.common import headless, print_rows, print_table_head
from generator.bank import build_bank
from solver.levels import PLAYABLE_LEVELS, Level
from solver.runtime import tune_gc

SAMPLE = {Level.EASY: 600, Level.MEDIUM: 400, Level.HARD: 200, Level.EXPERT: 80, Level.MASTER: 10}
"""Puzzles per level for the throughput rows: about 20-40 s on one core each, so the pool's start
(spawning the workers, importing the solver) and the last puzzle in flight weigh little."""
SEED = 11


def _build_seconds(levels: tuple[Level, ...], per_level: int, jobs: int) -> tuple[float, list]:
    with tempfile.TemporaryDirectory(prefix="sudoku-bench-bank-") as folder:
        start = time.perf_counter()
        report = build_bank(folder, per_level, levels, SEED, jobs)
        return time.perf_counter() - start, report.levels


def bench_jobs(quick: bool) -> list[tuple[str, str, str]]:
    """Bank-build throughput per level with one worker and with every core (same seeds)."""
    cores = os.cpu_count() or 1
    rows = []
    for level in PLAYABLE_LEVELS:
        n = max(cores, SAMPLE[level] // 20) if quick else SAMPLE[level]
        one, _ = _build_seconds((level,), n, 1)
        many, _ = _build_seconds((level,), n, cores)
        rows.append(
            (
                f"gen {level.name.lower()}: {n} verified puzzles, --jobs 1 vs --jobs {cores}",
                f"{n / one:.2f} vs {n / many:.2f} puzzles/s",
                f"speed-up {one / many:.2f}x on {cores} cores",
            )
        )
    return rows


def bench_bank100(quick: bool) -> list[tuple[str, str, str]]:
    """A whole bank: 100 puzzles per level (10 with --quick) on every core."""
    per_level = 10 if quick else 100
    cores = os.cpu_count() or 1
    seconds, levels = _build_seconds(PLAYABLE_LEVELS, per_level, cores)
    detail = ", ".join(f"{r.level.name.lower()} {r.cpu_seconds:.0f} s" for r in levels)
    return [
        (f"bank build, {per_level} per level, --jobs {cores}", f"{seconds:.0f} s", f"worker time per level: {detail}")
    ]


def bench_instant(quick: bool) -> list[tuple[str, str, str]]:
    """Click on a level's button to the play screen drawn, with the "bank" puzzle source."""
    headless()
    from game.measure import measure_instant_start

    rows = []
    for level in PLAYABLE_LEVELS:
        result = measure_instant_start(rounds=2 if quick else 10, levels=(level,))
        later = result["later"]
        rows.append(
            (
                f"new {level.name.lower()} game from the bank: click to board",
                f"median {statistics.median(later):.1f} ms, max {max(later):.1f} ms",
                f"first game of the session {result['first'][0]:.1f} ms",
            )
        )
    return rows


def bench_optimizer(quick: bool) -> list[tuple[str, str, str]]:
    """Optimizer iterations per second per level (one run, pool 10; Master pool 5), one core."""
    from generator.optimize import optimize

    rows = []
    for level in PLAYABLE_LEVELS:
        iterations = (10 if quick else 100) if level != Level.MASTER else (3 if quick else 20)
        pool = 5 if level == Level.MASTER else 10
        result = optimize(level, iterations, pool=pool, seed=SEED)
        loop = result.seconds - result.start_seconds
        rows.append(
            (
                f"optimize {level.name.lower()}: {iterations} iterations, pool {pool}",
                f"{iterations / loop:.1f} iterations/s",
                f"first pool {result.start_seconds:.1f} s; best interest {result.start_scores[0]:.1f}"
                f" -> {result.pool[0].score:.1f}, pool mean "
                f"{sum(result.start_scores) / len(result.start_scores):.1f} -> "
                f"{sum(e.score for e in result.pool) / len(result.pool):.1f}",
            )
        )
    return rows


def bench_practice(quick: bool) -> list[tuple[str, str, str]]:
    """The shipped practice index: reading it (the first request of a process) and a request
    once read, a position of each technique it holds (issue 16 item 7: under 10 ms)."""
    from generator import practice

    if not practice.index_path().is_file():
        return [("practice index", "skipped", f"{practice.index_path()} not found")]
    reads = []
    for _ in range(3 if quick else 10):
        practice._READ.clear()  # a cold read is what is measured
        start = time.perf_counter()
        index = practice.read_index()
        reads.append((time.perf_counter() - start) * 1000)
    lookups = []
    for name in index:
        start = time.perf_counter()
        entries = practice.read_index()[name]
        entry = entries[len(lookups) % len(entries)]
        position = entry.values, entry.candidates  # decoded on first use
        lookups.append((time.perf_counter() - start) * 1000)
        assert len(position[1]) == 81
    positions = sum(len(entries) for entries in index.values())
    return [
        *_made_rows(quick),
        (
            "practice index: read the shipped file",
            f"median {statistics.median(reads):.1f} ms",
            f"max {max(reads):.1f} ms; {positions} positions of {len(index)} techniques",
        ),
        (
            "practice index: one technique's position decoded, once read",
            f"median {statistics.median(lookups) * 1000:.1f} us",
            f"max {max(lookups) * 1000:.1f} us over {len(lookups)} techniques; target < 10 ms",
        ),
    ]


def _made_rows(quick: bool) -> list[tuple[str, str, str]]:
    """A position made on demand of each technique the index holds none of
    (``generator.practice_make``, as the game and ``practice`` ask for it: seeded from the
    index's positions first), seeds 1-5 (1-2 with ``quick``): seconds to the first one."""
    from generator.practice import practice_positions
    from generator.practice_make import MAKEABLE

    rows = []
    for name in MAKEABLE:
        times, missed = [], 0
        for seed in range(1, 3 if quick else 6):
            start = time.perf_counter()
            if next(practice_positions(name, seed=seed), None) is None:
                missed += 1
            times.append(time.perf_counter() - start)
        rows.append(
            (
                f"practice position made on demand: {name}",
                f"median {statistics.median(times) * 1000:.0f} ms",
                f"max {max(times) * 1000:.0f} ms over {len(times)} seeds"
                + (f"; {missed} found none" if missed else ""),
            )
        )
    return rows


GROUPS = {
    "jobs": bench_jobs,
    "optimizer": bench_optimizer,
    "bank100": bench_bank100,
    "instant": bench_instant,
    "practice": bench_practice,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small samples")
    parser.add_argument("--only", choices=tuple(GROUPS), help="run one group")
    args = parser.parse_args(argv)
    tune_gc()  # as the command line and the game run the engine
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}")
    print()
    print_table_head("benchmark", "result", "detail")
    for name, run in GROUPS.items():
        if args.only and name != args.only:
            continue
        print_rows(run(args.quick))
    return 0


if __name__ == "__main__":
    sys.exit(main())
