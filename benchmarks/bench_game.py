"""The game's benchmarks, run by ``benchmarks.bench`` (``--only frames|saving|idle|startup``):
frame time while a puzzle is made and while every move is saved, the share of a core a still
screen costs, and the time from start-up to the first menu frame. Each returns Markdown rows
(benchmark, result, detail)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

from benchmarks.common import ROOT, headless, spread


def bench_frames(quick: bool, all_cores: set[int]) -> list[tuple[str, str, str]]:
    """Frame time of the game's loop while the worker process makes Hard, Expert and Master
    puzzles; ``all_cores``: the cores the process had before ``benchmarks.bench`` pinned it to one
    (the worker gets the others, as in the game; empty: no pinning was done)."""
    headless()
    import generator.bank_format  # noqa: F401 - loaded as a launch loads it, before the timing
    from game.measure import measure_generation_frames
    from solver.levels import Level

    rows = []
    pinned = os.sched_getaffinity(0) if hasattr(os, "sched_setaffinity") and all_cores else None
    if pinned is not None:  # as in the game: the worker process makes the puzzle on another core
        os.sched_setaffinity(0, all_cores)
    try:
        samples = {}
        for level, seeds in ((Level.HARD, 12), (Level.EXPERT, 4), (Level.MASTER, 2)):
            samples[level] = []
            for seed in range(1, (2 if quick else seeds) + 1):
                samples[level] += measure_generation_frames(level, seed)
    finally:
        if pinned is not None:
            os.sched_setaffinity(0, pinned)
    for level, times in samples.items():
        if not times:
            rows.append((f"frame time while generating {level.name.lower()}", "no frames", ""))
            continue
        median, p99, worst = spread(times)
        rows.append(
            (
                f"frame time while generating {level.name.lower()} ({len(times)} frames)",
                f"median {median:.1f} ms, p99 {p99:.1f} ms",
                f"max {worst:.1f} ms",
            )
        )
    return rows


def bench_saving(quick: bool) -> list[tuple[str, str, str]]:
    """Frame time while the game is saved after every move, what a save costs the frame loop,
    and a save's own time (JSON and atomic write, off the frame loop)."""
    headless()
    from game.measure import measure_saving

    moves = 60 if quick else 300
    result = measure_saving(moves)
    rows = []
    for key, label in (
        ("frames", f"frame time while saving after every move ({moves} moves)"),
        ("autosave", "a save's cost on the frame loop (snapshot and hand-off)"),
        ("write", f"a save on the writer thread ({moves}-move history, JSON + fsync)"),
    ):
        median, p99, worst = spread(result[key])
        rows.append((label, f"median {median:.2f} ms, p99 {p99:.2f} ms", f"max {worst:.2f} ms"))
    return rows


def bench_idle(quick: bool) -> list[tuple[str, str, str]]:
    """The share of a core a still screen costs (the menu; a play screen nobody touches), the
    game's own loop, after it settles; target <= 5%."""
    headless()
    from game.measure import measure_idle_cpu

    seconds = 3.0 if quick else 10.0
    return [
        (
            f"idle {scene}: share of a core",
            f"{100 * measure_idle_cpu(scene, seconds):.1f}%",
            f"over {seconds:.0f} s after 2 s; target <= 5%",
        )
        for scene in ("menu", "play")
    ]


def bench_startup(quick: bool) -> list[tuple[str, str, str]]:
    """Wall time from starting Python to the first menu frame (a fresh process each time)."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    code = "import time; t = time.perf_counter(); import game.measure as m; print(m.time_to_first_frame(t))"
    times = []
    for _ in range(3 if quick else 10):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=False
        )
        total = (time.perf_counter() - start) * 1000
        if done.returncode != 0:
            return [("start-up to the first menu frame", "failed", done.stderr.strip()[-80:])]
        times.append((total, float(done.stdout.split()[-1])))
    whole = statistics.median(t for t, _ in times)
    inside = statistics.median(t for _, t in times)
    return [
        (
            "start-up to the first menu frame",
            f"median {whole:.0f} ms",
            f"{inside:.0f} ms of it from the game's first import",
        )
    ]
