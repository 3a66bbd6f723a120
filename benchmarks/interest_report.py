"""Interest measurements (not part of the test run): the evidence behind solver.interest's score.

    python -m benchmarks.interest_report                 # reference data and generated puzzles
    python -m benchmarks.interest_report --optimize      # and the optimizer against plain generation
    python -m benchmarks.interest_report --quick         # small samples, a smoke run

Prints Markdown tables for docs/benchmarks.md:
  1. the layered metrics and interest per source: "dull" puzzles (45 givens, many singles in
     every layer), the QQWing sets, plainly generated puzzles per level, and the Sudoku
     Exchange calibration puzzles (SE-rated) by our level;
  2. the chosen score against other forms (depth alone, Linjat's depth minus widest layer,
     the weights without widths, HoDoKu's step scores per width): Spearman correlation with
     the SE rating and with depth, within each level, and how often a generated Easy puzzle
     beats a dull one;
  3. the most and least interesting calibration puzzles of one level;
  4. with --optimize: per level, interest of plain and optimized puzzles (min, median, max,
     mean), the gain, and the cost (iterations per second, seconds per optimized puzzle).
Samples are drawn with fixed seeds, so a run repeats. Reads ../shared/data; a missing file is
reported and skipped.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable

from benchmarks.calibrate import spearman  # rank correlation, ties sharing their mean rank
from benchmarks.common import DATA, ROOT, print_table_head, table_row

QQWING = ("simple", "easy", "intermediate", "expert")


class Row:
    """One graded puzzle: where it comes from, its grade and interest, and a reference SE."""

    def __init__(self, source: str, puzzle, se_ref: float | None = None):
        from solver.grading import grade
        from solver.grid import values_to_string
        from solver.interest import measure

        self.source = source
        self.puzzle = puzzle if isinstance(puzzle, str) else values_to_string(puzzle)
        self.grade = grade(puzzle)
        self.interest = measure(self.grade)
        self.se_ref = se_ref if se_ref is not None else self.grade.se


def _min_median_max(values: list[float]) -> str:
    """``min / median / max`` of ``values``, one decimal each."""
    return f"{min(values):.1f} / {statistics.median(values):.1f} / {max(values):.1f}"


def beats(high: list[float], low: list[float]) -> float:
    """The chance that a value of ``high`` exceeds one of ``low`` (ties count half)."""
    wins = sum((h > lo) + 0.5 * (h == lo) for h in high for lo in low)
    return wins / (len(high) * len(low))


def formulas() -> dict[str, Callable[[Row], float]]:
    """The chosen score and the forms it is compared with, each a function of a Row."""
    from solver.techniques import technique

    def per_layer(weight: Callable[[str], float], narrow: Callable[[int], float]):
        return lambda row: sum(
            weight(name) * narrow(width) for name, width in zip(row.interest.techniques, row.interest.widths)
        )

    return {
        "depth (layers)": lambda row: row.interest.depth,
        "Linjat: depth - widest layer": lambda row: row.interest.depth - row.interest.width_max,
        "sum of SE weights (no widths)": per_layer(lambda n: technique(n).se, lambda w: 1),
        "sum of HoDoKu score / width": per_layer(lambda n: technique(n).score, lambda w: 1 / w),
        "**chosen: sum of SE weight / width**": lambda row: row.interest.score,
    }


def reference_rows(per_bucket: int, per_qqwing: int, rng: random.Random) -> list[Row]:
    """Graded samples of the SE calibration set (``per_bucket`` per half point of rating) and
    of each QQWing set."""
    rows: list[Row] = []
    path = DATA / "se_rated" / "calibration.txt"
    if path.is_file():
        buckets: dict[float, list[tuple[str, float]]] = {}
        for line in path.open():
            parts = line.split()
            if len(parts) == 3:
                rating = float(parts[2])
                buckets.setdefault(round(rating * 2) / 2, []).append((parts[1], rating))
        for key in sorted(buckets):
            for puzzle, rating in rng.sample(buckets[key], min(per_bucket, len(buckets[key]))):
                rows.append(Row("calibration", puzzle, rating))
    else:
        print(f"missing {path}: skipped", file=sys.stderr)
    for name in QQWING:
        path = DATA / "hodoku" / f"qqwing_{name}.sdm"
        if not path.is_file():
            print(f"missing {path}: skipped", file=sys.stderr)
            continue
        lines = [line.strip() for line in path.open() if line.strip()]
        rows += [Row(f"QQWing {name}", p) for p in rng.sample(lines, min(per_qqwing, len(lines)))]
    return rows


def made_rows(per_level: int, rng: random.Random) -> list[Row]:
    """Dull puzzles (a random dig stopped at 36 blanks: 45 givens) and plainly generated ones:
    a sample of each level of the shipped bank (``python main.py bank build``, seed 1)."""
    from generator.bank import load_bank
    from generator.dig import dig
    from generator.wfc import fill
    from solver.levels import PLAYABLE_LEVELS, Level

    rows = []
    for seed in range(per_level):
        dull_rng = random.Random(5000 + seed)
        rows.append(
            Row("dull (45 givens)", dig(fill(rng=dull_rng), Level.EASY, rng=dull_rng, order="random", max_blanks=36))
        )
    for level in PLAYABLE_LEVELS:
        bank = load_bank(None, level)
        rows += [
            Row(f"generated {level.label} (bank)", found.puzzle)
            for found in rng.sample(bank, min(per_level, len(bank)))
        ]
    return rows


def source_table(rows: list[Row]) -> None:
    print_table_head(
        "source", "n", "depth", "widest layer", "moves per layer", "bottlenecks", "SE", "interest min / median / max"
    )
    groups: dict[str, list[Row]] = {}
    for row in rows:
        key = row.source
        if key == "calibration":
            key = f"SE calibration, our {row.grade.level.label}"
        groups.setdefault(key, []).append(row)
    for key, group in groups.items():
        scores = [r.interest.score for r in group]
        depth, widest, bottlenecks, se = (
            statistics.median(values)
            for values in zip(
                *((r.interest.depth, r.interest.width_max, r.interest.bottlenecks, r.se_ref) for r in group)
            )
        )
        print(
            f"| {key} | {len(group)} | {depth:g} | {widest:g} | "
            f"{statistics.fmean(r.interest.width_mean for r in group):.2f} | "
            f"{bottlenecks:g} | {se:.1f} | "
            f"{_min_median_max(scores)} |"
        )
    print(
        "\nMedians, except moves per layer (mean of the puzzles' means); SE: the set's own rating "
        "for the calibration puzzles, our estimate otherwise.\n"
    )


def formula_table(rows: list[Row]) -> None:
    from solver.levels import Level

    calibration = [r for r in rows if r.source == "calibration"]
    levels = [
        lv
        for lv in (Level.MEDIUM, Level.HARD, Level.EXPERT, Level.MASTER)
        if sum(r.grade.level == lv for r in calibration) >= 5
    ]
    easy = [r for r in rows if r.source.startswith("generated Easy")]
    dull = [r for r in rows if r.source.startswith("dull")]
    print_table_head(
        "score",
        "ρ with SE",
        "ρ with depth",
        *(f"ρ SE within {lv.label}" for lv in levels),
        "Easy above dull",
        "Easy beats dull",
        "spread within Easy",
    )
    for name, f in formulas().items():
        cells = ["-", "-"] + ["-"] * len(levels)
        if calibration:
            values = [f(r) for r in calibration]
            cells[0] = f"{spearman(values, [r.se_ref for r in calibration]):.2f}"
            cells[1] = f"{spearman(values, [r.interest.depth for r in calibration]):.2f}"
            for i, lv in enumerate(levels):
                group = [r for r in calibration if r.grade.level == lv]
                cells[2 + i] = f"{spearman([f(r) for r in group], [r.se_ref for r in group]):.2f}"
        if easy and dull:
            high, low = [f(r) for r in easy], [f(r) for r in dull]
            pooled = math.sqrt((statistics.pvariance(high) + statistics.pvariance(low)) / 2)
            cells.append(f"{(statistics.fmean(high) - statistics.fmean(low)) / pooled:.1f}")
            cells.append(f"{beats(high, low):.2f}")
            cells.append(f"{statistics.pstdev(high) / statistics.fmean(high):.2f}")
        print(table_row([name, *cells]))
    print(
        f"\nρ: Spearman rank correlation over {len(calibration)} SE calibration puzzles "
        "(with their own SE rating; within a level: the puzzles our grader puts there). "
        "Easy above dull: how far generated Easy puzzles score above dull ones, in pooled "
        "standard deviations (Cohen's d); Easy beats dull: the chance that a generated Easy "
        "puzzle scores above a dull one. Spread: standard deviation / mean over the generated "
        "Easy puzzles (how much the score tells puzzles of one level apart).\n"
    )


def ranking_table(rows: list[Row], level_name: str) -> None:
    group = sorted(
        (r for r in rows if r.source == "calibration" and r.grade.level.name == level_name),
        key=lambda r: -r.interest.score,
    )
    if len(group) < 6:
        return
    print_table_head(
        f"{level_name.capitalize()} calibration puzzle",
        "interest",
        "depth",
        "moves per layer",
        "bottlenecks",
        "hardest",
        "SE",
    )
    for place, r in [("top", r) for r in group[:3]] + [("bottom", r) for r in group[-3:]]:
        print(
            f"| {place} `{r.puzzle}` | {r.interest.score:.1f} | {r.interest.depth} | "
            f"{r.interest.width_mean:.2f} | {r.interest.bottlenecks} | {r.grade.hardest} | {r.se_ref:.1f} |"
        )
    print()


def optimizer_table(runs: int, iterations: int, master_iterations: int) -> None:
    from generator.optimize import optimize
    from solver.levels import Level

    print_table_head(
        "level",
        "runs x pool, iterations",
        "plain: min / median / max",
        "plain mean",
        "optimized: min / median / max",
        "optimized mean",
        "gain",
        "s per plain puzzle",
        "iterations/s",
        "s per run",
        "s per optimized puzzle",
        "kept / tried",
    )
    plans = [(lv, runs, 10, iterations) for lv in (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT)]
    plans.append((Level.MASTER, 1, 5, master_iterations))
    for level, n_runs, pool, n_iter in plans:
        plain, scores = [], []
        loop_seconds = start_seconds = seconds = 0.0
        tried = kept = 0
        for run in range(n_runs):
            result = optimize(level, n_iter, pool=pool, seed=run)
            plain += result.start_scores
            scores += [entry.score for entry in result.pool]
            seconds += result.seconds
            start_seconds += result.start_seconds
            loop_seconds += result.seconds - result.start_seconds
            tried += sum(result.tried.values())
            kept += sum(result.kept.values())
        gain = statistics.fmean(scores) / statistics.fmean(plain) - 1
        print(
            f"| {level.label} | {n_runs} x {pool}, {n_iter} "
            f"| {_min_median_max(plain)} "
            f"| {statistics.fmean(plain):.1f} "
            f"| {_min_median_max(scores)} "
            f"| {statistics.fmean(scores):.1f} | {gain:+.0%} | {start_seconds / len(plain):.2f} "
            f"| {n_runs * n_iter / loop_seconds:.1f} | {seconds / n_runs:.1f} "
            f"| {seconds / len(scores):.2f} | {kept} / {tried} |",
            flush=True,
        )
    print(
        "\nPlain: the pools generator.generate made for the runs (run r uses seed r); optimized: "
        "the same runs' final pools. s per optimized puzzle = run time (generating the first "
        "pool included) / pool size. Kept / tried: mutated puzzles that entered the pool / "
        "mutated puzzles dug.\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small samples")
    parser.add_argument("--optimize", action="store_true", help="also measure the optimizer")
    parser.add_argument("--iterations", type=int, default=None, help="optimizer iterations per run")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    rng = random.Random(7)
    per_bucket, per_qqwing, per_level = (4, 10, 8) if args.quick else (25, 60, 40)
    started = time.perf_counter()
    rows = reference_rows(per_bucket, per_qqwing, rng) + made_rows(per_level, rng)
    print("### Interest by source\n")
    source_table(rows)
    print("### The score against other forms\n")
    formula_table(rows)
    print("### Most and least interesting Expert calibration puzzles\n")
    ranking_table(rows, "EXPERT")
    if args.optimize:
        iterations = args.iterations or (30 if args.quick else 300)
        print("### Optimizer against plain generation\n")
        optimizer_table(1 if args.quick else 3, iterations, 10 if args.quick else 40)
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
