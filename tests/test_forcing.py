"""Forcing chains and nets: the last resort, checked on positions where nothing else applies."""

from __future__ import annotations

from functools import cache

from solver.exact import solve
from solver.grid import Grid
from solver.human import solve_path
from solver.levels import Level
from solver.se.chains import Position, propagate
from solver.se.nested import nested_rule
from solver.step import split_chains
from solver.techniques.forcing import _phases, forcing_net
from tests.conftest import data_file
from tests.positions import narrowed, steps_of


@cache
def stuck_positions(limit: int) -> list[tuple[Grid, list[int]]]:
    """Positions of SE 8.5+ bank puzzles where every technique up to Expert is stuck."""
    found = []
    with data_file("se_rated/calibration.txt").open() as handle:
        for line in handle:
            _, puzzle, rating = line.split()
            if float(rating) < 8.5:
                continue
            path = solve_path(Grid.parse(puzzle), Level.EXPERT)
            if not path.solved:
                found.append((path.grid, solve(Grid.parse(puzzle).values)))
                if len(found) >= limit:
                    break
    return found


def test_a_contradiction_net_eliminates_its_premise():
    # assuming r1c3=1 makes both r1c1 and r1c2 2: a contradiction
    grid = narrowed(r1c1="12", r1c2="12", r1c3="123")
    steps = [step for found in _phases(grid, level=0) for _, step in found]
    by_text = {str(step): step for step in steps}
    step = by_text["Forcing Net Contradiction: (1)r1c3-(1=2)r1c2; (1)r1c3-(1=2)r1c1-(2)r1c2 => r1c3<>1"]
    assert step.eliminations == ((2, 1),) and step.pattern == ((2, 1),)
    assert step.text.startswith("Suppose r1c3=1.")


def test_net_steps_are_sound_and_each_branch_starts_at_a_premise():
    finder = forcing_net
    checked = 0
    for grid, solution in stuck_positions(2):
        steps = steps_of(finder, grid)
        for step in steps[:20]:
            assert all(solution[c] == d for c, d in step.placements), str(step)
            assert all(solution[c] != d for c, d in step.eliminations), str(step)
            assert step.links and step.text
            premises = set(step.pattern)
            for chain in split_chains(step.links):
                start_cells, start_digit = chain[0][0]
                assert (start_cells[0], start_digit) in premises
            checked += 1
    assert checked > 0


def test_forcing_nets_finish_what_every_other_technique_leaves():
    for grid, solution in stuck_positions(2):
        path = solve_path(grid, Level.MASTER)
        assert path.solved and path.grid.values == solution
        assert any(s.technique.startswith("Forcing") for s in path.steps)


INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def test_a_deeper_nesting_level_goes_on_from_the_shallower_search():
    # propagate(resume=...) from the level-0, then level-1 search must give exactly what a
    # fresh level-2 search gives: implications, ancestors, contradiction and parents
    pos = Position(Grid.parse(INKALA).candidates)
    compared = resumed = nested_added = 0
    for cand in range(0, 729, 13):
        if not pos.cells[cand // 9] >> cand % 9 & 1:
            continue
        for on in (True, False):
            premises = ((cand,), ()) if on else ((), (cand,))
            fresh_parents: dict[int, int] = {}
            fresh = propagate(pos, *premises, dynamic=True, nested=nested_rule(2), parents=fresh_parents)
            parents: dict[int, int] = {}
            prop = propagate(pos, *premises, dynamic=True, parents=parents)
            nested_added += len(fresh.off) > len(prop.off)
            for level in (1, 2):
                resumed += prop.contradiction is None
                parents = dict(parents)
                prop = propagate(pos, (), (), dynamic=True, nested=nested_rule(level), parents=parents, resume=prop)
            assert (prop.on, prop.off, prop.contradiction, prop.conflict, parents) == (
                fresh.on,
                fresh.off,
                fresh.contradiction,
                fresh.conflict,
                fresh_parents,
            ), (cand, on)
            compared += 1
    assert compared >= 25 and resumed >= 12 and nested_added >= 5, (compared, resumed, nested_added)


def test_pending_contradictions_come_out_in_the_order_a_sort_gives_searched_only_when_due():
    from solver.step import Step
    from solver.techniques.forcing import _shortest_first

    steps = [Step("Forcing Net Contradiction", eliminations=((c, 1),)) for c in range(6)]
    searched = []

    def later(index, complexity):
        def search():
            searched.append(index)
            return complexity, steps[index]

        return search

    # (complexity or floor, order found, step or search): pending ones at floors 3, 4 and 9
    found = [(7, 0, steps[0]), (3, 1, later(1, 7)), (5, 2, steps[2]), (4, 3, later(3, 4)), (9, 4, later(4, 9))]
    found.append((7, 5, steps[5]))
    walk = _shortest_first(found)
    assert next(walk) == (4, steps[3]) and searched == [1, 3]  # the floor-9 one waits
    assert list(walk) == [(5, steps[2]), (7, steps[0]), (7, steps[1]), (7, steps[5]), (9, steps[4])]
    assert searched == [1, 3, 4]


def test_steps_searched_when_due_are_the_steps_searched_at_once(monkeypatch):
    # without the engine's answers every premise is searched at once and the steps sorted
    from solver.techniques import forcing

    for grid, _ in stuck_positions(2):
        lazily = [str(step) for step in forcing._steps(grid, level=0)]
        with monkeypatch.context() as patch:
            patch.setattr(forcing._Search, "leads", lambda self, cand, on: None)
            at_once = [str(step) for step in forcing._steps(grid, level=0)]
        assert lazily == at_once and lazily
