"""The bulk walk's Nice Loop round: everything the links imply, checked against the solution and
against the Nice Loop searches it stands in for."""

from __future__ import annotations

import json
from pathlib import Path

from solver.exact import solve
from solver.grid import Grid
from solver.levels import Level
from solver.techniques.chains import grouped_nice_loop, nice_loop, x_chain, xy_chain
from solver.techniques.link_closure import link_conclusions
from solver.walks import walk_in_bulk
from tests.positions import cell, confine, narrowed
from tests.test_chains import stalls_of_shipped_puzzles

ROW1, COL9, BOX3 = 0, 17, 20  # house indices


def test_link_conclusions_are_true_and_cover_every_nice_loop_and_x_and_xy_chain():
    # where Hard techniques stall on shipped Expert and Master puzzles
    fired = placed = beyond = chained = 0
    for grid in stalls_of_shipped_puzzles(6):
        before = list(grid.candidates)
        placements, eliminations = link_conclusions(grid)
        assert grid.candidates == before  # untouched
        solution = solve(grid)
        assert all(solution[c] == d for c, d in placements)
        assert all(solution[c] != d and grid.candidates[c] >> (d - 1) & 1 for c, d in eliminations)
        loops = {x for finder in (nice_loop, grouped_nice_loop) for step in finder(grid) for x in step.eliminations}
        assert loops <= set(eliminations)
        # X- and XY-Chains too, which the bulk walk leaves to the closure (solver.walks.bulk_techniques)
        chains = [step for finder in (x_chain, xy_chain) for step in finder(grid)]
        assert all(set(step.eliminations) <= set(eliminations) for step in chains)
        assert all(set(step.placements) <= set(placements) for step in chains)
        chained += len(chains)
        fired += bool(placements or eliminations)
        placed += len(placements)
        beyond += len(set(eliminations) - loops)
    assert fired >= 10 and placed and beyond  # 11 of 12 positions; 67 placements, 19 beyond the loops
    assert chained >= 5  # 9 X- and XY-Chain steps


def test_link_conclusions_take_a_loop_through_a_grouped_node():
    # (4)r7c1-(4)r1c1=(4)r1c78-(4)r2c9=(4)r7c9-(4)r7c1: a grouped discontinuous nice loop
    grid = narrowed()
    confine(grid, "4", ROW1, "r1c1", "r1c7", "r1c8")
    confine(grid, "4", BOX3, "r1c7", "r1c8", "r2c9")
    confine(grid, "4", COL9, "r2c9", "r7c9")
    assert not list(nice_loop(grid))  # the plain search needs the grouped node r1c78
    _, eliminations = link_conclusions(grid)
    assert (cell("r7c1"), 4) in eliminations
    assert all(grid.candidates[c] >> (d - 1) & 1 for c, d in eliminations)  # each one new


def test_the_bulk_walk_does_not_finish_shipped_masters():
    # it is stronger than the Solo path's loops (it finishes 2 of the 1,000 shipped Masters):
    # a Master it finished would be lost to the generator
    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / "master.json").read_text())
    for entry in bank["puzzles"][:30]:
        assert not walk_in_bulk(Grid.parse(entry["puzzle"]), Level.EXPERT)
