"""Shortcuts that must change no result: the X- and XY-Chain closure pre-checks
(``x_chain_starts``, ``xy_chain_starts``: which premises may start a chain) and Sue de Coq's
per-intersection memo. Each is checked against the plain search at every position where a solve
path of a shipped Master puzzle needs more than singles."""

from __future__ import annotations

import json
from pathlib import Path

from solver.grid import Grid, digit_places
from solver.human import solve_path
from solver.techniques import chains, loops, sue_de_coq
from solver.techniques.links import link_graph
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


def test_x_chain_starts_see_a_chain_of_three_strong_links():
    grid = narrowed()
    confine(grid, "7", ROW1, "r1c1", "r1c5")
    confine(grid, "7", ROW5, "r5c5", "r5c9")
    confine(grid, "7", ROW8, "r8c9", "r8c2")
    starts = chains.x_chain_starts(digit_places(grid)[7])
    # r1c1=r1c5-r5c5=r5c9-r8c9=r8c2, read from either end: 7 goes from r2c2, r3c2, r7c1 and r9c1
    r1c1, r8c2 = 0, 9 * 7 + 1
    assert starts == 1 << r1c1 | 1 << r8c2  # the places between start none: no cell sees both ends


def test_x_chain_starts_are_none_when_no_cell_sees_both_ends():
    # r1c2=r1c8-r5c8=r5c5: the cells seeing both ends (r1c5, r5c2) lost their 4.
    grid = narrowed()
    confine(grid, "4", ROW1, "r1c2", "r1c8")
    confine(grid, "4", ROW5, "r5c8", "r5c5")
    assert chains.x_chain_starts(digit_places(grid)[4]) == 0
    confine(grid, "4", ROW8, "r8c8", "r8c2")  # r1c2=r1c8-r8c8=r8c2: column 2 sees both ends
    assert chains.x_chain_starts(digit_places(grid)[4])


def same_without_pre_check(monkeypatch, finder, starts: str, before=lambda: None) -> tuple[int, int]:
    """Compare ``finder``'s steps with and without its pre-check ``chains.<starts>`` (made to
    keep every premise) at every Master position of ``master_positions(3)``; ``before`` runs
    before each search. (positions compared, positions with steps)."""
    compared = found = 0
    for grid in master_positions(3):
        before()
        checked = [str(step) for step in finder(grid)]
        before()
        with monkeypatch.context() as patch:
            patch.setattr(chains, starts, lambda _: -1)  # every bit set: every premise
            plain = [str(step) for step in finder(grid)]
        assert checked == plain, grid.candidates
        compared += 1
        found += bool(plain)
    return compared, found


def test_x_chain_yields_the_same_steps_as_without_the_pre_check(monkeypatch):
    compared, found = same_without_pre_check(monkeypatch, chains.x_chain, "x_chain_starts", chains._NO_X_CHAIN.clear)
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


def test_xy_chain_starts_see_a_chain_of_two_bivalue_cells():
    # r1c1(1=2)-r1c5(2=1): one of the two cells holds the 1, so the rest of row 1 loses it
    starts = chains.xy_chain_starts(narrowed(r1c1="12", r1c5="12"))
    # from "r1c1 is not 1" (bit 0) to "r1c5 is 1", and the other three ways round
    assert starts == sum(1 << (9 * cell + digit - 1) for cell in (0, 4) for digit in (1, 2))
    assert chains.xy_chain_starts(narrowed(r1c1="12", r5c5="12")) == 0  # not linked: no chain


def test_xy_chain_starts_are_none_when_no_cell_sees_both_ends():
    # r1c1(1=2)-r1c5(2=3)-r5c5(3=1): of the cells seeing both ends, r1c5 holds no 1 and r5c1
    # lost its 1; with the 1 back in r5c1 the chain removes it
    cells = {"r1c1": "12", "r1c5": "23", "r5c5": "31"}
    assert chains.xy_chain_starts(narrowed(**cells, r5c1="23456789")) == 0
    # r1c1 off (its 1) and r5c5 off (its 1) start the chain either way round
    assert chains.xy_chain_starts(narrowed(**cells)) == 1 << (9 * 0 + 0) | 1 << (9 * 40 + 0)


def test_xy_chain_yields_the_same_steps_as_without_the_pre_check(monkeypatch):
    compared, found = same_without_pre_check(monkeypatch, chains.xy_chain, "xy_chain_starts")
    skipped = sum(not chains.xy_chain_starts(grid) for grid in master_positions(3))
    assert compared >= 50 and found >= 5 and skipped >= 10, (compared, found, skipped)


def test_nice_loops_yield_the_same_steps_from_the_premises_the_closure_keeps(monkeypatch):
    """Nice Loops and AICs searched only from the premises ``loops._productive`` keeps give the
    steps of a search from every premise, plain and grouped; where the closure concludes
    nothing no premise is kept and the search is skipped."""
    compared = found = skipped = 0
    kept = loops._productive
    for grid in master_positions(3):
        for finder in (chains.nice_loop, chains.grouped_nice_loop):
            narrowed_search = [str(step) for step in finder(grid)]
            with monkeypatch.context() as patch:
                patch.setattr(loops, "_productive", lambda graph, view, cells: list(range(2 * graph.candidate_count)))
                plain = [str(step) for step in finder(grid)]
            assert narrowed_search == plain, grid.candidates
            compared += 1
            found += bool(plain)
        graph = link_graph(grid)
        cells = [sum(3 << (node << 1) for node in nodes) for nodes in graph.cell_nodes]  # a cell's premises
        skipped += not kept(graph, graph.view("plain"), cells)
    assert compared >= 100 and found >= 10 and skipped >= 5, (compared, found, skipped)
