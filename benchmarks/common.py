"""What the benchmark scripts share: where the repository and the reference data are, the SE
bands the tables group by, the Markdown tables they print, the spread of a sample of times, and
the headless set-up of the game's measurements."""

from __future__ import annotations

import os
import statistics
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"  # the optional reference puzzle sets
SE_BANDS = ((2.5, 3.9), (4.0, 5.9), (6.0, 7.0), (7.1, 8.0), (8.1, 20.0))  # (low, high) SE ratings; 20: no top


def headless() -> None:
    """Let pygame run with no window, no sound device and no greeting line in the table; call it
    before game.* is imported. A value already set in the environment wins."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def spread(values: Sequence[float]) -> tuple[float, float, float]:
    """(median, 99th percentile, max) of ``values`` (not empty)."""
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], ordered[-1]


def table_row(cells: Iterable[str]) -> str:
    """One Markdown table row: ``| a | b | c |``."""
    return "| " + " | ".join(cells) + " |"


def print_table_head(*columns: str) -> None:
    """Print a Markdown table's head: the column names and the separator line under them."""
    print(table_row(columns))
    print("|" + "---|" * len(columns))


def print_rows(rows: Iterable[Sequence[str]]) -> None:
    """Print ``rows`` (each a sequence of cells) as Markdown table rows as they come, flushed."""
    for row in rows:
        print(table_row(row), flush=True)


def met(ok: bool) -> str:
    """A target's verdict in a table row: "met" or "not met"."""
    return "met" if ok else "not met"


def grading_sample(data: Path, per_rating: int) -> list[tuple[str, float]]:
    """``per_rating`` puzzles of each SE rating of the bank (ratings with fewer are skipped)."""
    from collections import defaultdict

    by_rating: dict[str, list[str]] = defaultdict(list)
    with (data / "se_rated" / "calibration.txt").open() as handle:
        for line in handle:
            _, puzzle, rating = line.split()
            by_rating[rating].append(puzzle)
    return [
        (p, float(r))
        for r, ps in sorted(by_rating.items(), key=lambda kv: float(kv[0]))
        if len(ps) >= per_rating
        for p in ps[:per_rating]
    ]


def process_seconds(command: list[str], cwd: Path | None = None) -> tuple[float, str]:
    """Run ``command`` to its end; (CPU seconds of the process and its children, its output).

    Raises:
        subprocess.CalledProcessError: it exited with an error.
    """
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout
