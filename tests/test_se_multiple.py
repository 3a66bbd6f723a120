"""Sudoku Explainer's multiple chains (solver.se.multiple): what its memos may skip.

The Nishio rule remembers the digits whose places gave no contradiction; a later call skips them
while their places stay the same. The rating of a puzzle Sudoku Explainer rates by a Nishio
chain (from the Sudoku Exchange bank) must come out the same with the memo empty and full.
"""

from __future__ import annotations

from solver.grid import Grid
from solver.se import chains as se_chains
from solver.se import multiple as se_multiple
from solver.se.rating import rate
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


def test_nesting_levels_tried_in_turn_give_what_each_gives_alone(monkeypatch):
    # Sudoku Explainer's rater tries levels 0, 1, 2 on one position; each deeper level goes on
    # from the searches kept for the shallower one, and must find the hint it finds alone
    from solver.se.chains import Position
    from solver.se.nested import nested_rule

    pos = Position(Grid.parse(INKALA).candidates)
    monkeypatch.setattr(se_chains, "CARRIED", {})
    in_turn = [
        se_multiple.multiple_chains(
            pos, dynamic=True, level=level, nested=nested_rule(level) if level else None, cap=99.0
        )
        for level in (0, 1, 2)
    ]
    assert se_chains.CARRIED, "nothing was kept for the next level"
    alone = []
    for level in (0, 1, 2):
        se_chains.CARRIED.clear()
        alone.append(
            se_multiple.multiple_chains(
                pos, dynamic=True, level=level, nested=nested_rule(level) if level else None, cap=99.0
            )
        )
    assert in_turn == alone
    assert not alone[0] and alone[1] and alone[2], alone  # Inkala needs nesting


INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def test_hodoku_s_nets_reuse_the_searches_sudoku_explainer_s_chains_kept(monkeypatch):
    # both paths of grade() fall back on the same nested searches in the same positions
    from solver.se.chains import Position
    from solver.se.nested import nested_rule
    from solver.techniques.forcing import _Search

    grid = Grid.parse(INKALA)
    monkeypatch.setattr(se_chains, "CARRIED", {})
    se_multiple.multiple_chains(Position(grid.candidates), dynamic=True, level=1, nested=nested_rule(1), cap=99.0)
    kept = se_chains.searches_of(grid.candidates)
    at_level_1 = [(key, prop) for key, (level, prop, parents) in kept.items() if level == 1 and parents is not None]
    assert at_level_1, "Sudoku Explainer's chains kept no level-1 search with its chains"
    search = _Search(grid, level=1)
    for (cand, on), prop in at_level_1[:20]:
        assert search.run(cand, on)[0] is prop  # the same search, not done again
