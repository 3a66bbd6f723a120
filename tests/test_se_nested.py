"""The rules nested in Sudoku Explainer's deeper chains (solver.se.nested).

``static_conclusions`` stands for every hint of the Forcing Chains & Cycles rule at once (what a
nesting level of 2 or more adds to a stalled propagation): checked on a hand-made Skyscraper
and, over positions of real puzzles, for soundness against the solution and for holding
everything the rule's own best hint concludes.
"""

from __future__ import annotations

import json
from pathlib import Path

from solver.closure import reachable
from solver.exact import solve
from solver.grid import CELL_BIT, DIGITS_OF, HOUSE_MASK, PEER_MASK, POPCOUNT, Grid, cells_of
from solver.human import solve_path
from solver.se import nested as se_nested
from solver.se.chains import OFF_ON_HOUSES, Position, propagate
from solver.se.conclusions import static_conclusions
from solver.se.nested import nested_rule
from solver.se.static import forcing_chains_and_cycles
from tests.conftest import data_file
from tests.positions import cell, col, confine, narrowed


def notation(true: list[int], false: list[int]) -> set[str]:
    def name(cand: int) -> str:
        return f"r{cand // 81 + 1}c{cand // 9 % 9 + 1}"

    return {f"{name(k)}={k % 9 + 1}" for k in true} | {f"{name(k)}<>{k % 9 + 1}" for k in false}


def skyscraper() -> Grid:
    # the 7 of column 2 only in r1c2 and r8c2, of column 6 only in r1c6 and r9c6: r8c2 or r9c6
    # holds it, so the cells that see both lose it (and nothing else follows)
    grid = confine(narrowed(), "7", col(2), "r1c2", "r8c2")
    return confine(grid, "7", col(6), "r1c6", "r9c6")


def test_static_conclusions_of_a_skyscraper():
    true, false = static_conclusions(Position(skyscraper().candidates))
    assert notation(true, false) == {"r8c4<>7", "r8c5<>7", "r9c1<>7", "r9c3<>7"}


def test_nothing_follows_from_a_position_without_links():
    assert static_conclusions(Position(narrowed().candidates)) == ([], [])


def test_a_stalled_net_at_level_two_gets_the_static_conclusions():
    # the working grid is the Skyscraper; the chain removed r1c2<>7 (its ancestor bit 1 << 5):
    # no pointing, pair or X-Wing applies, so level 2 adds the four eliminations, each with the
    # chain's removals as parents; level 1 adds nothing
    work = skyscraper()
    source = work.copy()
    source.candidates[cell("r2c2")] |= 1 << 6  # r2c2 held a 7 the chain removed
    off = {cell("r2c2") * 9 + 6: 1 << 5}
    found = list(nested_rule(2)(Position(source.candidates), Position(work.candidates), off))
    assert sorted(found) == sorted((cell(name) * 9 + 6, 1 << 5) for name in ("r8c4", "r8c5", "r9c1", "r9c3"))
    assert list(nested_rule(1)(Position(source.candidates), Position(work.candidates), off)) == []


def test_static_conclusions_are_sound_and_hold_every_hint_of_the_rule():
    path = data_file("se_rated/calibration.txt")
    puzzles = [line.split()[1] for i, line in enumerate(path.open()) if i % 2000 == 0]
    positions = hinted = 0
    for puzzle in puzzles:
        grid = Grid.parse(puzzle)
        solution = solve(grid.values)
        work = grid.copy()
        for step in solve_path(grid).steps:
            if step.technique not in ("Full House", "Naked Single", "Hidden Single"):
                pos = Position(work.candidates)
                true, false = static_conclusions(pos)
                assert all(solution[k // 9] == k % 9 + 1 for k in true), puzzle
                assert all(solution[k // 9] != k % 9 + 1 for k in false), puzzle
                hints = forcing_chains_and_cycles(pos)
                assert bool(hints) == bool(true or false), puzzle  # the rule's pre-check
                for hint in hints:
                    hinted += 1
                    assert {c * 9 + d - 1 for c, d in hint.eliminations} <= set(false), puzzle
                    assert {c * 9 + d - 1 for c, d in hint.placements} <= set(true), puzzle
                positions += 1
            step.apply(work)
    assert positions >= 25 and hinted >= 15, (positions, hinted)


def test_static_conclusions_equal_what_the_potentials_closure_gives_on_working_grids():
    # static_conclusions closes a graph of the candidates assumed on; static_reach closes the
    # graph of all 1,458 potentials: "k on" reaching "k off" (or back) must come out the same.
    # The grids are those a dynamic chain leaves when it stalls, on Master positions.
    stalled: list[Position] = []

    def record(source, work, off):
        stalled.append(Position(work.cells[:]))
        return ()

    for puzzle in _master_puzzles(2):
        grid = Grid.parse(puzzle)
        work = grid.copy()
        for step in solve_path(grid).steps[:40]:
            if step.technique not in ("Full House", "Naked Single", "Hidden Single"):
                pos = Position(work.candidates)
                stalled.append(pos)
                for cand in range(0, 729, 11):
                    if pos.cells[cand // 9] >> cand % 9 & 1:
                        propagate(pos, (cand,), (), dynamic=True, nested=record)
            step.apply(work)
    assert len(stalled) >= 300
    concluded = 0
    for pos in stalled:
        reach = static_reach(pos)
        true = [p >> 1 for p in sorted(reach) if p & 1 and reach[p - 1] >> p & 1]
        false = [p >> 1 for p in sorted(reach) if not p & 1 and reach[p + 1] >> p & 1]
        assert static_conclusions(pos) == (true, false), pos.cells
        concluded += bool(true or false)
    assert concluded >= 20


def static_reach(pos: Position) -> dict[int, int]:
    """The test's oracle: potential (2*cand + on, for every candidate of ``pos``) -> the
    potentials it reaches along static X and Y links (itself included), as an int with bit p
    for potential p.

    Method: the links form a graph on the potentials (2-SAT's implication graph, read for its
    backbone), closed in one pass over its strongly connected components (``solver.closure``).
    """
    after = reachable(_static_links(pos))
    return {p: reach | 1 << p for p, reach in after.items()}


def _static_links(pos: Position) -> dict[int, list[int]]:
    """Potential (2*cand + on) -> the potentials its static X and Y links lead to: "on" to the
    other candidates of its cell and its digit's places among the cell's peers ("off"); "off"
    to the other candidate of a bivalue cell and the other place of its digit in a house where
    it has two ("on")."""
    cells, digits = pos.cells, pos.digits
    succ: dict[int, list[int]] = {}
    for c in range(81):
        mask = cells[c]
        if not mask:
            continue
        bivalue = POPCOUNT[mask] == 2
        for digit in DIGITS_OF[mask]:
            d = digit - 1
            k = c * 9 + d
            dmask = digits[digit]
            on = [2 * (p * 9 + d) for p in cells_of(dmask & PEER_MASK[c])]
            on += [2 * (c * 9 + e - 1) for e in DIGITS_OF[mask] if e != digit]
            off = []
            if bivalue:
                off.append(2 * (c * 9 + (mask & ~(1 << d)).bit_length() - 1) + 1)
            for house in OFF_ON_HOUSES[c]:
                places = dmask & HOUSE_MASK[house]
                if places.bit_count() == 2:
                    off.append(2 * (((places & ~CELL_BIT[c]).bit_length() - 1) * 9 + d) + 1)
            succ[2 * k + 1] = on
            succ[2 * k] = off
    return succ


def _master_puzzles(count: int) -> list[str]:
    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / "master.json").read_text())
    return [entry["puzzle"] for entry in bank["puzzles"][:count]]


def test_a_nested_hidden_pair_needs_the_chain_to_have_touched_its_house():
    # 1 and 2 of row 1 only in r1c1 and r1c4 (which also hold 3): a hidden pair, counted
    # only because the chain removed the 1 of r1c5 (its ancestors become the parents)
    work = narrowed(r1c1="123", r1c4="123")
    for name in ("r1c2", "r1c3", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"):
        work.eliminate(cell(name), 1)
        work.eliminate(cell(name), 2)
    source = work.copy()
    source.candidates[cell("r1c5")] |= 1  # r1c5 held a 1 the chain removed
    off = {cell("r1c5") * 9: 1 << 7}
    found = list(nested_rule(1)(Position(source.candidates), Position(work.candidates), off))
    assert sorted(found) == [(cell("r1c1") * 9 + 2, 1 << 7), (cell("r1c4") * 9 + 2, 1 << 7)]
    assert list(nested_rule(1)(Position(work.candidates), Position(work.candidates), {})) == []


def test_nested_locking_takes_sudoku_explainers_order_on_stalled_grids():
    # the reference: every (base, cover) pair of POINTING then CLAIMING, digit by digit
    def reference(source, work, off):
        found = []
        for d in range(9):
            dmask = work.digits[d + 1]
            lost = source.digits[d + 1] & ~dmask
            for base, cover in se_nested.POINTING + se_nested.CLAIMING:
                base_mask, cover_mask = HOUSE_MASK[base], HOUSE_MASK[cover]
                places = dmask & base_mask
                if not lost & base_mask or places.bit_count() < 2 or places & ~cover_mask:
                    continue
                removed = dmask & cover_mask & ~base_mask
                lost_here = lost & base_mask
                anc = 0
                for place in range(81):
                    if lost_here >> place & 1:
                        anc |= off[place * 9 + d]
                if removed and anc:
                    found += [(cell * 9 + d, anc) for cell in range(81) if removed >> cell & 1]
        return found

    stalls = []

    def record(source, work, off):
        stalls.append((source, Position(work.cells[:]), dict(off)))
        return ()

    pos = Position(Grid.parse(_master_puzzles(1)[0]).candidates)
    for cand in range(729):
        if pos.cells[cand // 9] >> cand % 9 & 1:
            propagate(pos, (cand,), (), dynamic=True, nested=record)
    found = 0
    for source, work, off in stalls:
        expected = reference(source, work, off)
        assert list(se_nested.with_ancestors(se_nested._locking(source, work), off)) == expected
        found += bool(expected)
    assert len(stalls) >= 100 and found >= 10, (len(stalls), found)


def test_nested_claiming_goes_box_by_box():
    # the 1s of column 9 lie in box 3 and those of column 1 in box 7; the chain removed a 1 from
    # each column. Sudoku Explainer's order is box by box, so box 3's claiming comes first.
    work = confine(confine(narrowed(), "1", col(1), "r7c1", "r8c1"), "1", col(9), "r1c9", "r2c9")
    source = work.copy()
    source.candidates[cell("r3c1")] |= 1
    source.candidates[cell("r5c9")] |= 1
    off = {cell("r3c1") * 9: 1 << 3, cell("r5c9") * 9: 1 << 4}
    deductions = se_nested._locking(Position(source.candidates), Position(work.candidates))
    found = list(se_nested.with_ancestors(deductions, off))
    box3 = [cell(f"r{r}c{c}") * 9 for r in (1, 2, 3) for c in (7, 8)]
    box7 = [cell(f"r{r}c{c}") * 9 for r in (7, 8, 9) for c in (2, 3)]
    assert found == [(k, 1 << 4) for k in box3] + [(k, 1 << 3) for k in box7]
