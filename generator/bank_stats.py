"""Statistics of a puzzle bank: per level, the spread of its givens, SE estimates and interest
metrics (min, quartiles, median, max), for ``main.py bank stats`` and the tables of docs/benchmarks.md.

numpy does the order statistics over whole columns (a bank holds thousands of records per
level). Never imports pygame; nothing is solved: the numbers are the ones the build recorded.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from generator.bank_format import SHIPPED_BANK, bank_path, read_bank_file
from solver.levels import Level

COLUMNS = ("givens", "se", "depth", "width_mean", "bottlenecks", "interest")
"""The numeric record fields summarised, in table order."""


@dataclass(frozen=True)
class Spread:
    """Order statistics of one column: ``count`` values (records missing the field are left
    out), ``low``, ``q1``, ``median``, ``q3``, ``high`` (all NaN when ``count`` is 0)."""

    count: int
    low: float
    q1: float
    median: float
    q3: float
    high: float

    @classmethod
    def of(cls, values: Iterable[float]) -> Spread:
        array = np.fromiter(values, dtype=float)
        if not array.size:
            return cls(0, *([float("nan")] * 5))
        low, q1, median, q3, high = np.percentile(array, [0, 25, 50, 75, 100])
        return cls(int(array.size), float(low), float(q1), float(median), float(q3), float(high))


def level_spreads(folder: str | os.PathLike[str] | None, level: Level) -> dict[str, Spread] | None:
    """Per column of ``COLUMNS``, the ``Spread`` of ``level``'s puzzles in the bank at
    ``folder`` (None: the shipped bank); None when the bank has no file for the level.

    Raises:
        generator.bank_format.BankError: the level's file is not a readable bank file.
    """
    path = bank_path(Path(folder) if folder is not None else SHIPPED_BANK, level)
    try:
        records = [r for r in read_bank_file(path, level)["puzzles"] if isinstance(r, dict)]
    except FileNotFoundError:
        return None
    return {
        column: Spread.of(
            r[column]
            for r in records
            if isinstance(r.get(column), (int, float)) and not isinstance(r.get(column), bool)
        )
        for column in COLUMNS
    }


def bank_table(folder: str | os.PathLike[str] | None, levels: Iterable[Level]) -> str:
    """A plain-text table, one row per level of ``levels`` present in the bank: the puzzle
    count and, per column, "min / median / max". Ends with a newline.

    Raises:
        generator.bank_format.BankError: a level's file is not a readable bank file.
    """
    header = f"{'level':<7} {'puzzles':>7}  " + "  ".join(f"{c:>17}" for c in COLUMNS)
    rows = [header, "-" * len(header)]
    for level in levels:
        spreads = level_spreads(folder, level)
        if spreads is None:
            continue
        count = max(spread.count for spread in spreads.values())
        cells = []
        for column in COLUMNS:
            spread = spreads[column]
            digits = 0 if column in ("givens", "depth", "bottlenecks") else 1
            cells.append(
                f"{spread.low:.{digits}f} / {spread.median:.{digits}f} / {spread.high:.{digits}f}"
                if spread.count
                else "-"
            )
        rows.append(f"{level.name.lower():<7} {count:>7}  " + "  ".join(f"{cell:>17}" for cell in cells))
    if len(rows) == 2:
        rows.append("(no bank file)")
    return "\n".join(rows) + "\n"
