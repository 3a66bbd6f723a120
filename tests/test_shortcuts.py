"""Shortcuts that must change no result: the X- and XY-Chain closure pre-checks (``x_chain_news``,
``xy_chain_news``) and Sue de Coq's per-intersection memo. Each is checked against the plain
search at every position where a solve path of a shipped Master puzzle needs more than singles."""

from __future__ import annotations

import json
from pathlib import Path

from solver.grid import Grid, digit_places
from solver.human import solve_path
from solver.techniques import chains, sue_de_coq
from tests.positions import confine, narrowed

ROW1, ROW5, ROW8 = 0, 4, 7
SINGLES = ("Full House", "Naked Single", "Hidden Single")


def master_positions(count: int) -> list[Grid]:
    """The positions where the solve paths of the first ``count`` shipped Master puzzles take
    a step harder than a single."""
    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / "master.json").read_text())
    positions = []
    for entry in bank["puzzles"][:count]:
        grid = Grid.parse(entry["puzzle"])
        work = grid.copy()
        for step in solve_path(grid).steps:
            if step.technique not in SINGLES:
                positions.append(work.copy())
            step.apply(work)
    return positions


def test_x_chain_news_sees_a_chain_of_three_strong_links():
    grid = narrowed()
    confine(grid, "7", ROW1, "r1c1", "r1c5")
    confine(grid, "7", ROW5, "r5c5", "r5c9")
    confine(grid, "7", ROW8, "r8c9", "r8c2")
    assert chains.x_chain_news(digit_places(grid)[7])


def test_x_chain_news_is_false_when_no_cell_sees_both_ends():
    # r1c2=r1c8-r5c8=r5c5: the cells seeing both ends (r1c5, r5c2) lost their 4.
    grid = narrowed()
    confine(grid, "4", ROW1, "r1c2", "r1c8")
    confine(grid, "4", ROW5, "r5c8", "r5c5")
    assert not chains.x_chain_news(digit_places(grid)[4])
    confine(grid, "4", ROW8, "r8c8", "r8c2")  # r1c2=r1c8-r8c8=r8c2: column 2 sees both ends
    assert chains.x_chain_news(digit_places(grid)[4])


def same_without_pre_check(monkeypatch, finder, news: str, before=lambda: None) -> tuple[int, int]:
    """Compare ``finder``'s steps with and without its pre-check ``chains.<news>`` (made to
    say yes) at every Master position of ``master_positions(3)``; ``before`` runs before each
    search. (positions compared, positions with steps)."""
    compared = found = 0
    for grid in master_positions(3):
        before()
        checked = [str(step) for step in finder(grid)]
        before()
        with monkeypatch.context() as patch:
            patch.setattr(chains, news, lambda _: True)
            plain = [str(step) for step in finder(grid)]
        assert checked == plain, grid.candidates
        compared += 1
        found += bool(plain)
    return compared, found


def test_x_chain_yields_the_same_steps_as_without_the_pre_check(monkeypatch):
    compared, found = same_without_pre_check(monkeypatch, chains.x_chain, "x_chain_news", chains._NO_X_CHAIN.clear)
    assert compared >= 50 and found >= 5, (compared, found)


def test_sue_de_coq_yields_the_same_steps_with_the_memo(monkeypatch):
    monkeypatch.setattr(sue_de_coq, "_FOUND", {})
    compared = found = 0
    for grid in master_positions(3):
        remembered = [str(step) for step in sue_de_coq.sue_de_coq(grid)]
        again = [str(step) for step in sue_de_coq.sue_de_coq(grid)]  # every intersection from the memo
        sue_de_coq._FOUND.clear()
        fresh = [str(step) for step in sue_de_coq.sue_de_coq(grid)]
        assert remembered == again == fresh
        compared += 1
        found += bool(fresh)
    assert compared >= 50 and found >= 1, (compared, found)
    assert sue_de_coq._FOUND, "the memo was never filled"


def test_xy_chain_news_sees_a_chain_of_two_bivalue_cells():
    # r1c1(1=2)-r1c5(2=1): one of the two cells holds the 1, so the rest of row 1 loses it
    assert chains.xy_chain_news(narrowed(r1c1="12", r1c5="12"))
    assert not chains.xy_chain_news(narrowed(r1c1="12", r5c5="12"))  # not linked: no chain


def test_xy_chain_news_is_false_when_no_cell_sees_both_ends():
    # r1c1(1=2)-r1c5(2=3)-r5c5(3=1): of the cells seeing both ends, r1c5 holds no 1 and r5c1
    # lost its 1; with the 1 back in r5c1 the chain removes it
    cells = {"r1c1": "12", "r1c5": "23", "r5c5": "31"}
    assert not chains.xy_chain_news(narrowed(**cells, r5c1="23456789"))
    assert chains.xy_chain_news(narrowed(**cells))


def test_xy_chain_yields_the_same_steps_as_without_the_pre_check(monkeypatch):
    compared, found = same_without_pre_check(monkeypatch, chains.xy_chain, "xy_chain_news")
    skipped = sum(not chains.xy_chain_news(grid) for grid in master_positions(3))
    assert compared >= 50 and found >= 5 and skipped >= 10, (compared, found, skipped)
