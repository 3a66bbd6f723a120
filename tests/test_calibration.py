"""Calibration targets of issue 5, over the whole reference sets (slow: opt in with -m slow).

The SE estimate's Spearman rank correlation with the Sudoku Exchange bank's ratings is 0.95 or
more, our techniques finish every puzzle of the bank, and our levels under HoDoKu's score rule
agree with HoDoKu 2.2 on 90% or more of each QQWing set. ``python -m benchmarks.calibrate`` prints
the same numbers as tables for docs/benchmarks.md.
"""

from __future__ import annotations

import pytest

from benchmarks.calibrate import agreement, bank, bank_report, confusion, grade_all, qqwing
from tests.conftest import data_file

pytestmark = pytest.mark.slow


def test_se_estimate_tracks_the_bank_and_logic_finishes_it():
    data_file("se_rated/calibration.txt")
    rows = bank()
    report = bank_report(rows, grade_all([p for p, _ in rows]))
    assert report["finished"] == 1.0, report
    assert report["spearman"] >= 0.95, report


@pytest.mark.parametrize("name", ["simple", "easy", "intermediate", "expert"])
def test_levels_agree_with_hodoku_on_qqwing_sets(name):
    data_file(f"hodoku/qqwing_{name}.hodoku220.csv")
    rows = qqwing(name)
    table = confusion(rows, grade_all([p for p, _ in rows]), 2)
    assert agreement(table) >= 0.90, {k: dict(v) for k, v in table.items()}
