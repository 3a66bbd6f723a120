"""Calibration against Sudoku Explainer and HoDoKu (not part of the default test run).

    python -m benchmarks.calibrate                 # the whole bank and the four QQWing sets
    python -m benchmarks.calibrate --sample 6      # six puzzles per SE rating of the bank
    python -m benchmarks.calibrate --workers 2     # processes to grade with (default: all cores)
    python -m benchmarks.calibrate --csv out.csv   # also write every bank puzzle's grade and time
    python -m benchmarks.calibrate --ratings 5.6-6.4 --random 300 --se-only --skip-qqwing
                                              # the bank's puzzles rated 5.6-6.4 plus 300 others
    python -m benchmarks.calibrate --holdout FILE  # also "puzzle rating" lines rated by SukakuExplainer
                                              # but never used for calibration

Prints the calibration tables of docs/benchmarks.md: for the Sudoku Exchange bank (SE ratings by
SukakuExplainer), the Spearman rank correlation of our SE estimate with the bank's rating, and
per SE band the share rated exactly as Sudoku Explainer, the mean absolute error, the mean
signed error and the share of puzzles our techniques finish; for each QQWing set, a confusion
matrix of HoDoKu 2.2's level against ours and against ``hodoku_level`` (our path under HoDoKu's
score-cap rule), and the share of puzzles whose score equals HoDoKu's with the mean absolute
score difference. The slow test in
test_calibration.py runs the same functions and checks the targets.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import mean

from benchmarks.common import DATA, ROOT, SE_BANDS, print_table_head, spread, table_row

LEVELS = ("EASY", "MEDIUM", "HARD", "UNFAIR", "EXTREME")


def bank(
    sample: int | None = None, data: Path = DATA, ratings: tuple[float, float] | None = None, extra: int = 0
) -> list[tuple[str, float]]:
    """(puzzle, SE rating) of se_rated/calibration.txt; ``sample`` keeps that many per rating;
    ``ratings`` (low, high) keeps those rated in that range plus ``extra`` others drawn at
    random (seed 0)."""
    rows, kept = [], Counter()
    with (data / "se_rated" / "calibration.txt").open() as handle:
        for line in handle:
            _, puzzle, rating = line.split()
            if sample is not None:
                if kept[rating] >= sample:
                    continue
                kept[rating] += 1
            rows.append((puzzle, float(rating)))
    if ratings is not None:
        inside = [row for row in rows if ratings[0] <= row[1] <= ratings[1]]
        outside = [row for row in rows if not ratings[0] <= row[1] <= ratings[1]]
        rows = inside + random.Random(0).sample(outside, min(extra, len(outside)))
    return rows


def rated_file(path: Path) -> list[tuple[str, float]]:
    """(puzzle, rating) of a file of "puzzle rating" lines (a holdout rated by SukakuExplainer)."""
    rows = []
    with path.open() as handle:
        for line in handle:
            if line.strip():
                puzzle, rating = line.split()[:2]
                rows.append((puzzle, float(rating)))
    return rows


def qqwing(name: str, data: Path = DATA) -> list[tuple[str, str]]:
    """(puzzle, HoDoKu level) of hodoku/qqwing_<name>.hodoku220.csv."""
    with (data / "hodoku" / f"qqwing_{name}.hodoku220.csv").open() as handle:
        next(handle)
        return [tuple(line.split(",")[:2]) for line in handle]


def qqwing_scores(name: str, data: Path = DATA) -> list[int]:
    """HoDoKu's score of each puzzle of hodoku/qqwing_<name>.hodoku220.csv, in file order."""
    with (data / "hodoku" / f"qqwing_{name}.hodoku220.csv").open() as handle:
        next(handle)
        return [int(line.split(",")[2]) for line in handle]


def _grade_one(puzzle: str, se_only: bool = False, se_config: str = "bank") -> tuple[float, str, str, bool, float, int]:
    from solver.grading import grade
    from solver.grid import Grid
    from solver.se import rating as se_rating

    start = time.process_time()
    if se_only:
        rating = se_rating.rate(Grid.parse(puzzle), config=se_config)
        return rating.rating, "", "", rating.solved, time.process_time() - start, 0
    result = grade(puzzle, se_config=se_config)
    seconds = time.process_time() - start
    return (result.se, result.level.hodoku_name, result.hodoku_level.hodoku_name, result.solved, seconds, result.score)


def grade_all(
    puzzles: list[str], workers: int | None = None, se_only: bool = False, se_config: str = "bank"
) -> list[tuple[float, str, str, bool, float, int]]:
    """(se, level, hodoku_level, solved, CPU seconds, score) per puzzle, in order, graded in
    ``workers`` processes; ``se_only``: the SE estimate alone (level fields empty, score 0,
    solved: the SE path's)."""
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        return [_grade_one(p, se_only, se_config) for p in puzzles]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_grade_one, puzzles, [se_only] * len(puzzles), [se_config] * len(puzzles), chunksize=8))


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (average ranks for ties)."""

    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=values.__getitem__)
        result = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                result[order[k]] = (i + j) / 2
            i = j + 1
        return result

    a, b = ranks(xs), ranks(ys)
    ma, mb = mean(a), mean(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    var = (sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b)) ** 0.5
    return cov / var if var else 0.0


def bank_report(rows: list[tuple[str, float]], graded: list[tuple[float, str, str, bool, float]]) -> dict:
    """Spearman and the share rated exactly over all, and per band: count, share exact, mean
    absolute error, bias, share finished and grading CPU time (median, 99th percentile, max;
    seconds)."""
    theirs = [rating for _, rating in rows]
    ours = [g[0] for g in graded]
    bands = {}
    for low, high in SE_BANDS:
        pairs = [(t, g) for t, g in zip(theirs, graded) if low <= t <= high]
        if pairs:
            bands[(low, high)] = {
                "n": len(pairs),
                "exact": sum(abs(g[0] - t) < 0.05 for t, g in pairs) / len(pairs),
                "mae": mean(abs(g[0] - t) for t, g in pairs),
                "bias": mean(g[0] - t for t, g in pairs),
                "finished": sum(g[3] for _, g in pairs) / len(pairs),
                "seconds": spread([g[4] for _, g in pairs]),
            }
    exact = sum(abs(g - t) < 0.05 for t, g in zip(theirs, ours)) / len(rows)
    return {
        "spearman": spearman(theirs, ours),
        "n": len(rows),
        "exact": exact,
        "finished": sum(g[3] for g in graded) / len(graded),
        "bands": bands,
    }


def confusion(rows: list[tuple[str, str]], graded: list[tuple[float, str, str, bool]], column: int) -> dict:
    """HoDoKu level -> Counter of our level (``column`` 1: level, 2: hodoku_level)."""
    table: dict[str, Counter] = defaultdict(Counter)
    for (_, theirs), g in zip(rows, graded):
        table[theirs][g[column]] += 1
    return table


def score_agreement(scores: list[int], graded: list[tuple]) -> tuple[float, float]:
    """(share of puzzles whose score equals HoDoKu's ``scores``, mean absolute difference)."""
    diffs = [abs(g[5] - theirs) for theirs, g in zip(scores, graded)]
    return sum(d == 0 for d in diffs) / len(diffs), mean(diffs)


def agreement(table: dict) -> float:
    total = sum(sum(c.values()) for c in table.values())
    return sum(c[level] for level, c in table.items()) / total if total else 0.0


def print_bank(report: dict) -> None:
    print(
        f"Spearman {report['spearman']:.3f} over {report['n']} puzzles; "
        f"{report['exact']:.1%} rated exactly; {report['finished']:.1%} finished by logic"
    )
    print()
    print_table_head(
        "SE band",
        "puzzles",
        "exact",
        "mean abs. error",
        "mean error",
        "finished by logic",
        "grading median / p99 / max",
    )
    for (low, high), band in report["bands"].items():
        label = f"{low}-{high}" if high < 20 else f"{low}+"
        times = " / ".join(f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s" for s in band["seconds"])
        print(
            f"| {label} | {band['n']} | {band['exact']:.1%} | {band['mae']:.2f} | {band['bias']:+.2f} "
            f"| {band['finished']:.1%} | {times} |"
        )


def print_slowest(
    rows: list[tuple[str, float]], graded: list[tuple[float, str, str, bool, float]], count: int = 5
) -> None:
    """The ``count`` puzzles that took longest to grade, with their bank rating and level."""
    slowest = sorted(zip(rows, graded), key=lambda pair: -pair[1][4])[:count]
    print("\nSlowest to grade:")
    for (puzzle, rating), g in slowest:
        print(f"  {puzzle}  SE {rating}  ours {g[0]}  {g[1]}  {g[4]:.2f} s")


def print_misses(rows: list[tuple[str, float]], graded: list[tuple[float, str, str, bool, float]]) -> None:
    """Every puzzle whose SE estimate differs from its reference rating."""
    print("\nNot rated exactly:")
    for (puzzle, rating), g in zip(rows, graded):
        if abs(g[0] - rating) >= 0.05:
            print(f"  {puzzle}  SE {rating}  ours {g[0]}")


def print_confusion(name: str, table: dict, label: str) -> None:
    print(f"\n{name} ({label}): agreement {agreement(table):.1%}")
    print_table_head("HoDoKu \\ ours", *LEVELS, "BEYOND")
    for theirs in LEVELS:
        if theirs in table:
            cells = [str(table[theirs][ours]) for ours in (*LEVELS, "BEYOND")]
            print(table_row([theirs, *cells]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=int, help="puzzles per SE rating (default: the whole bank)")
    parser.add_argument("--workers", type=int, help="processes (default: all cores)")
    parser.add_argument("--skip-qqwing", action="store_true")
    parser.add_argument(
        "--ratings", metavar="LOW-HIGH", help="only the bank's puzzles rated LOW to HIGH (plus --random others)"
    )
    parser.add_argument("--random", type=int, default=0, help="with --ratings: this many other puzzles")
    parser.add_argument(
        "--holdout",
        type=Path,
        action="append",
        default=[],
        help='also a file of "puzzle rating" lines never used for calibration',
    )
    parser.add_argument("--se-only", action="store_true", help="the SE estimate alone (faster)")
    parser.add_argument("--se-config", choices=("bank", "sukaku"), default="bank")
    parser.add_argument("--misses", action="store_true", help="list the puzzles not rated exactly")
    parser.add_argument("--csv", type=Path, help="write puzzle, SE, our se, level, solved, seconds per bank puzzle")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    ratings = tuple(float(x) for x in args.ratings.split("-")) if args.ratings else None
    rows = bank(args.sample, ratings=ratings, extra=args.random)
    if rows:
        graded = grade_all([p for p, _ in rows], args.workers, args.se_only, args.se_config)
        print_bank(bank_report(rows, graded))
        print_slowest(rows, graded)
        if args.misses:
            print_misses(rows, graded)
    for path in args.holdout:
        hrows = rated_file(path)
        hgraded = grade_all([p for p, _ in hrows], args.workers, args.se_only, args.se_config)
        print(f"\nHoldout {path.name}:")
        print_bank(bank_report(hrows, hgraded))
        if args.misses:
            print_misses(hrows, hgraded)
    if args.csv:
        with args.csv.open("w") as handle:
            handle.write("puzzle,se_bank,se_ours,level,hodoku_level,solved,seconds\n")
            for (puzzle, rating), (se, level, hlevel, solved, seconds, _) in zip(rows, graded):
                handle.write(f"{puzzle},{rating},{se},{level},{hlevel},{solved},{seconds:.4f}\n")
    if not args.skip_qqwing:
        for name in ("simple", "easy", "intermediate", "expert"):
            qrows = qqwing(name)
            graded = grade_all([p for p, _ in qrows], args.workers)
            print_confusion(name, confusion(qrows, graded, 2), "hodoku_level: HoDoKu's score rule")
            print_confusion(name, confusion(qrows, graded, 1), "level: hardest technique only")
            exact, mad = score_agreement(qqwing_scores(name), graded)
            print(
                f"\n{name}: score equal to HoDoKu's on {exact:.1%} of {len(qrows)}, mean absolute difference {mad:.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
