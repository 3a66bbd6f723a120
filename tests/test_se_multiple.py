"""Sudoku Explainer's multiple chains (solver.se_multiple): what its memos may skip.

The Nishio rule remembers the digits whose places gave no contradiction; a later call skips them
while their places stay the same. The rating of a puzzle Sudoku Explainer rates by a Nishio
chain (from the Sudoku Exchange bank) must come out the same with the memo empty and full.
"""

from __future__ import annotations

from solver import se_multiple
from solver.grid import Grid
from solver.se import rate
from tests.conftest import data_file

NISHIO_RATED = "003009000040300060008007501306000070000010000020000806704600300030004020000500400"


def test_the_nishio_memo_changes_no_rating(monkeypatch):
    with data_file("se_rated/calibration.txt").open() as handle:
        assert any(NISHIO_RATED in line and line.split()[2] == "7.7" for line in handle)
    monkeypatch.setattr(se_multiple, "_NISHIO_QUIET", set())
    first = rate(Grid.parse(NISHIO_RATED))
    assert se_multiple._NISHIO_QUIET, "the quiet digits were not recorded"
    second = rate(Grid.parse(NISHIO_RATED))
    assert (first.rating, first.hardest) == (second.rating, second.hardest) == (7.7, "Nishio Forcing Chains")

