"""Benchmarks (not part of the test run): solver, grading and generator speed, frame time.

    python -m benchmarks.bench                                  # full run, several minutes
    python -m benchmarks.bench --quick                          # small samples, a smoke run
    python -m benchmarks.bench --only grade --hodoku PYTHON     # grading, and hodoku-py on the same
                                                           # puzzles (PYTHON: a Python with
                                                           # hodoku-py installed, e.g. a venv's)
    python -m benchmarks.bench --only anchors --anchors DIR     # `rate --json` against HoDoKu 2.2 and
                                                           # Sukaku Explainer, whole processes
                                                           # (DIR/bin: hodoku-bs and serate)
    python -m benchmarks.bench --only exact --hodoku PYTHON     # exact solver vs hodoku-py's backtracker,
                                                           # in-process and `solve FILE` as whole
                                                           # processes (run it from a fresh venv)

Prints a Markdown table for docs/benchmarks.md between two readings of the machine yardstick (a
frozen workload's time, ``benchmarks/yardstick.py``, before and after: figures from hours or
machines of different speed compare through it, and a drift during the run shows). Everything
runs in this one process, pinned to one core where the OS allows it, so the numbers are
single-core numbers; the frame times while generating are the exception: there, as in the game,
the worker process has the other core.
Reads ../shared/data; a missing file is reported and skipped, never fatal.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from benchmarks.bench_anchors import bench_anchors
from benchmarks.bench_game import bench_frames, bench_idle, bench_saving, bench_startup
from benchmarks.common import (
    DATA,
    ROOT,
    SE_BANDS,
    grading_sample,
    met,
    print_rows,
    print_table_head,
    process_seconds,
    spread,
)
from benchmarks.yardstick import yardstick_ms
from solver.runtime import tune_gc

ALL_CORES: set[int] = set()  # the cores this process may use before main() pins it to one


def _puzzles(path: Path, limit: int | None) -> list[str]:
    from solver.grid import puzzle_token

    found = []
    with path.open() as handle:
        for line in handle:
            token = puzzle_token(line)
            if token:
                found.append(token)
                if limit is not None and len(found) >= limit:
                    break
    return found


HODOKU_EXACT_DRIVER = """
import sys, time
from hodoku.generator import generator
solver = generator.SudokuGenerator()
puzzles = [line.split()[0] for line in open(sys.argv[1])]
best = float("inf")
for _ in range(int(sys.argv[2])):
    start = time.process_time()
    for puzzle in puzzles:
        solver.solve_string(puzzle)
    best = min(best, time.process_time() - start)
print(generator._gen_accel is not None, len(puzzles), best)
"""


def _hodoku_exact(hodoku: str, puzzles: list[str], repeats: int) -> tuple[float, bool]:
    """hodoku-py's backtracker (its C accelerator when built) on ``puzzles``, counting up to two
    solutions as ours does: (puzzles per CPU second, best of ``repeats``; whether it ran in C).
    Raises OSError, subprocess.CalledProcessError or ValueError when it cannot be run."""
    import subprocess
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("".join(f"{p}\n" for p in puzzles))
    try:
        done = subprocess.run(
            [hodoku, "-c", HODOKU_EXACT_DRIVER, handle.name, str(repeats)], capture_output=True, text=True, check=True
        )
    finally:
        os.unlink(handle.name)
    in_c, count, seconds = done.stdout.split()[-3:]
    return int(count) / float(seconds), in_c == "True"


HODOKU_SOLVE_DRIVER = """
import sys
from hodoku.generator import generator
solver = generator.SudokuGenerator()
write = sys.stdout.write
for line in open(sys.argv[1]):
    solver.solve_string(line.split()[0])
    write(solver.get_solution_as_string() + "\\n" if solver.get_solution_count() == 1 else "not unique\\n")
"""
SOLVE_PAIRS = 5  # whole-process runs of `solve` and hodoku-py's, in turn: the ratio is the median of the pairs'
SOLVE_FORUM = 300  # issue 12, item 3: top95 and the first 300 forum-hardest puzzles


def bench_solve_whole(data: Path, quick: bool, hodoku: str) -> list[tuple[str, str, str]]:
    """``main.py solve FILE`` against hodoku-py's backtracker printing the same solutions, whole
    processes (start-up included) in turn on top95 + the first 300 forum-hardest puzzles: CPU
    seconds of each (medians) and the median of the pairs' ratios; the target is at most 1.0x
    (issue 12, item 3). Both start-ups count, so run it from a fresh venv (the README's
    install), as hodoku-py's is: a Python with many packages imports more at start."""
    import subprocess
    import tempfile

    sources = [data / "top95.txt", data / "forum_hardest_11plus.txt"]
    label = "`solve` top95 + 300 forum-hardest, whole process"
    missing = [str(path) for path in sources if not path.is_file()]
    if missing:
        return [(label, "skipped", f"{', '.join(missing)} not found")]
    puzzles = _puzzles(sources[0], None) + _puzzles(sources[1], SOLVE_FORUM)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("".join(f"{p}\n" for p in puzzles))
    ours_runs, theirs_runs, ratios = [], [], []
    try:
        for _ in range(1 if quick else SOLVE_PAIRS):
            ours, printed = process_seconds([sys.executable, str(ROOT / "main.py"), "solve", handle.name])
            theirs, expected = process_seconds([hodoku, "-c", HODOKU_SOLVE_DRIVER, handle.name])
            if printed.split() != expected.split():
                return [(label, "failed", "the two printed different solutions")]
            ours_runs.append(ours)
            theirs_runs.append(theirs)
            ratios.append(ours / theirs)
    except (OSError, subprocess.CalledProcessError) as error:
        return [(label, "failed", str(error)[:80])]
    finally:
        os.unlink(handle.name)
    ratio = statistics.median(ratios)
    return [
        (
            f"{label} ({len(puzzles)} puzzles)",
            f"{statistics.median(ours_runs):.2f} s CPU",
            f"hodoku-py {statistics.median(theirs_runs):.2f} s: ours takes {ratio:.2f}x its time "
            f"(pairs {min(ratios):.2f}-{max(ratios):.2f}x); target <= 1.00x: {met(ratio <= 1.0)}; "
            f"start-ups included (run from a fresh venv)",
        )
    ]


def bench_exact(data: Path, quick: bool, hodoku: str | None = None) -> list[tuple[str, str, str]]:
    """Exact-solver throughput with uniqueness checked (``search(limit=2)``, as ``solve`` does),
    CPU time, best of 3 passes (1 with ``quick``); with ``hodoku`` also hodoku-py's backtracker
    on the same puzzles and the target: at least its throughput, then ``solve FILE`` against it
    as whole processes (``bench_solve_whole``)."""
    import subprocess

    from solver.exact import search
    from solver.grid import parse_values

    rows = []
    repeats = 1 if quick else 3
    sets = [
        ("top95.txt", None, "wave"),
        ("top95.txt", 10 if quick else None, "wfc"),
        ("17clue.txt", 1000 if quick else 10_000, "wave"),
        ("forum_hardest_11plus.txt", 100 if quick else 1000, "wave"),
    ]
    for name, limit, method in sets:
        path = data / name
        if not path.is_file():
            rows.append((f"exact `{method}`, {name}", "skipped", f"{path} not found"))
            continue
        puzzles = _puzzles(path, limit)
        grids = [parse_values(p) for p in puzzles]
        best = theirs = 0.0
        failed = None
        for _ in range(repeats):  # ours and theirs in turn: drift in the machine's speed hits both
            nodes = 0
            start = time.process_time()
            for values in grids:
                solutions, stats = search(values, method=method, limit=2)
                assert len(solutions) == 1, "benchmark puzzle without exactly one solution"
                nodes += stats.nodes
            seconds = time.process_time() - start
            best = max(best, len(grids) / seconds)
            if hodoku and method == "wave" and failed is None:
                try:
                    rate, in_c = _hodoku_exact(hodoku, puzzles, 1)
                    theirs = max(theirs, rate)
                except (OSError, subprocess.CalledProcessError, ValueError) as error:
                    failed = str(error)[:80]
        rows.append(
            (
                f"exact `{method}`, {name} ({len(grids)} puzzles, uniqueness checked)",
                f"{best:,.0f} puzzles/s",
                f"{1000 / best:.2f} ms/puzzle, {nodes / len(grids):.1f} nodes/puzzle",
            )
        )
        if failed is not None:
            rows.append(("hodoku-py backtracker", "failed", failed))
        elif theirs:
            rows.append(
                (
                    f"hodoku-py backtracker{'' if in_c else ' (pure Python: no C build)'}, same puzzles",
                    f"{theirs:,.0f} puzzles/s",
                    f"ours {best / theirs:.2f}x its throughput; target >= 1.00x: "
                    f"{'met' if best >= theirs else 'not met'}",
                )
            )
    if hodoku:
        rows += bench_solve_whole(data, quick, hodoku)
    return rows


HODOKU_DRIVER = """
import sys, time
from hodoku import Solver
solver = Solver()
finished = 0
start = time.process_time()
for line in open(sys.argv[1]):
    finished += solver.rate(line.split()[0]).level.name != "INCOMPLETE"
print(finished, time.process_time() - start)
"""


def bench_grade(data: Path, quick: bool, hodoku: str | None) -> list[tuple[str, str, str]]:
    """Grading time per puzzle (CPU) per SE band, and hodoku-py's rating time on the same puzzles."""
    import subprocess
    import tempfile

    from solver.grading import grade

    path = data / "se_rated" / "calibration.txt"
    if not path.is_file():
        return [("grade", "skipped", f"{path} not found")]
    sample = grading_sample(data, 1 if quick else 6)
    times: dict[tuple[float, float], list[float]] = {band: [] for band in SE_BANDS}
    total = 0.0
    finished = 0
    for puzzle, rating in sample:
        start = time.process_time()
        finished += grade(puzzle).solved
        seconds = time.process_time() - start
        total += seconds
        for band in SE_BANDS:
            if band[0] <= rating <= band[1]:
                times[band].append(seconds)
    rows = []
    for (low, high), values in times.items():
        if not values:
            continue
        median, p99, worst = spread(values)
        label = f"SE {low}-{high}" if high < 20 else f"SE {low}+"
        target = ""
        if high >= 20:
            target = (
                f"; targets median <= {SE81_MEDIAN_MS} ms: {met(median * 1000 <= SE81_MEDIAN_MS)}, "
                f"none over {SLOWEST_MS} ms: {met(worst * 1000 <= SLOWEST_MS)}"
            )
        rows.append(
            (
                f"grade, {label} ({len(values)} puzzles)",
                f"median {median * 1000:.0f} ms",
                f"p99 {p99 * 1000:.0f} ms, max {worst * 1000:.0f} ms{target}",
            )
        )
    rows.append(
        (
            f"grade, all ({len(sample)} puzzles, {1 if quick else 6} per SE rating)",
            f"{total:.1f} s",
            f"{total / len(sample) * 1000:.0f} ms/puzzle, {finished} finished",
        )
    )
    if hodoku:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.write("".join(f"{p}\n" for p, _ in sample))
        try:
            done = subprocess.run(
                [hodoku, "-c", HODOKU_DRIVER, handle.name], capture_output=True, text=True, check=True
            )
            their_finished, theirs = done.stdout.split()[-2:]
            theirs = float(theirs)
            rows.append(
                (
                    "hodoku-py rate, same puzzles",
                    f"{theirs:.1f} s",
                    f"{theirs / len(sample) * 1000:.0f} ms/puzzle, {their_finished} finished; "
                    f"ours is {theirs / total:.1f}x faster",
                )
            )
        except (OSError, subprocess.CalledProcessError, ValueError, IndexError) as error:
            rows.append(("hodoku-py rate", "failed", str(error)[:80]))
        finally:
            os.unlink(handle.name)
    return rows


SE81_MEDIAN_MS = 300  # issue 12's targets
SLOWEST_MS = 1500
MASTER_FILLS = 20
GEN_TARGETS = {"EXPERT": 8, "MASTER": 1}  # level name -> puzzles per second, one core


def _generate_seeds(level_value: int, n: int, full_grade: bool) -> tuple[float, list[int], list[int], list[int]]:
    """Generate seeds 1..n of a level in this process: (seconds, fills per puzzle, givens,
    givens moved from Master near misses)."""
    from generator import generate
    from solver.levels import Level

    start = time.perf_counter()
    made = [generate(Level(level_value), seed, full_grade=full_grade) for seed in range(1, n + 1)]
    return time.perf_counter() - start, [m.attempts for m in made], [m.givens for m in made], [m.moves for m in made]


def bench_generate(quick: bool) -> list[tuple[str, str, str]]:
    """Generation per level, seeds 1..n, graded in full (``gen --json``, the bank); Expert and
    Master also as the game and plain ``gen`` make them, to their level and hardest step only
    (``full_grade=False``: the same puzzles). Each run has a fresh process (on this core), so
    no run finds the positions of another in the solver's caches."""
    import concurrent.futures
    import multiprocessing

    from solver.levels import PLAYABLE_LEVELS, Level

    # Master: 30 seeds, since the fills a Master takes have a long tail (1 to 100 and more): over
    # seeds 1-10 alone two versions of the generator, equally fast on the same grids, measured
    # 11.5 and 28.6 fills a puzzle (2026-11-27).
    counts = {Level.EASY: 20, Level.MEDIUM: 20, Level.HARD: 10, Level.EXPERT: 20, Level.MASTER: 30}
    rows = []
    for level in PLAYABLE_LEVELS:
        n = max(2, counts[level] // 4) if quick else counts[level]
        for full_grade in (True, False) if level in (Level.EXPERT, Level.MASTER) else (True,):
            spawn = multiprocessing.get_context("spawn")
            with concurrent.futures.ProcessPoolExecutor(1, mp_context=spawn) as pool:
                seconds, fills, givens, moves = pool.submit(_generate_seeds, level.value, n, full_grade).result()
            target = GEN_TARGETS.get(level.name)
            goal = ""
            if target is not None:
                goal = f"; target >= {target}/s: {met(n / seconds >= target)}"
            median = statistics.median(fills)
            if level == Level.MASTER and full_grade:
                goal += (
                    f"; median fills {median:g}, target <= {MASTER_FILLS}: {met(median <= MASTER_FILLS)}; "
                    f"{sum(moves) / n:.0f} givens moved/puzzle"
                )
            how = "" if full_grade else ", level only (the game, gen without --json)"
            rows.append(
                (
                    f"gen {level.name.lower()} ({n} puzzles, seeds 1..{n}{how})",
                    f"{n / seconds:,.2f} puzzles/s",
                    f"{seconds / n * 1000:.0f} ms/puzzle, {sum(fills) / n:.1f} fills/puzzle, "
                    f"{sum(givens) / n:.1f} givens{goal}",
                )
            )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA, help="reference data folder")
    parser.add_argument("--quick", action="store_true", help="small samples")
    parser.add_argument(
        "--only",
        choices=("exact", "grade", "anchors", "gen", "frames", "saving", "idle", "startup"),
        help="run one group",
    )
    parser.add_argument(
        "--anchors",
        metavar="DIR",
        type=Path,
        help="the folder build-anchors.sh built (DIR/bin/hodoku-bs, DIR/bin/serate): "
        "time HoDoKu 2.2 and Sukaku Explainer on the grading sample",
    )
    parser.add_argument(
        "--hodoku",
        metavar="PYTHON",
        help="a Python with hodoku-py installed: time its rating (grade) and its "
        "backtracker (exact) on the same puzzles",
    )
    args = parser.parse_args(argv)
    tune_gc()  # as the command line and the game run the engine (since 2026-11-27, fifth session)
    if hasattr(os, "sched_setaffinity"):
        global ALL_CORES
        ALL_CORES = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {sorted(ALL_CORES)[0]})
    print(f"Python {sys.version.split()[0]}, one core, {time.strftime('%Y-%m-%d')}")
    # the hour's speed, to read every figure below against (benchmarks/yardstick.py)
    print(f"machine yardstick: {yardstick_ms():.0f} ms (a frozen workload; lower is faster; again at the end)")
    print()
    print_table_head("benchmark", "result", "detail")
    groups = {
        "exact": lambda: bench_exact(args.data, args.quick, args.hodoku),
        "grade": lambda: bench_grade(args.data, args.quick, args.hodoku),
        "anchors": lambda: bench_anchors(args.data, args.quick, args.anchors),
        "gen": lambda: bench_generate(args.quick),
        "frames": lambda: bench_frames(args.quick, ALL_CORES),
        "saving": lambda: bench_saving(args.quick),
        "idle": lambda: bench_idle(args.quick),
        "startup": lambda: bench_startup(args.quick),
    }
    for name, run in groups.items():
        if args.only and name != args.only:
            continue
        print_rows(run())
    print()
    print(f"machine yardstick at the end: {yardstick_ms():.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
