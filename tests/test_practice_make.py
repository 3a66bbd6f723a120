"""Practice positions made on demand (generator.practice_make; issue 16 item 1): for the techniques
no shipped puzzle's path takes next, positions are made from the bank's puzzles (and, for Hidden
Quad, from puzzles made with an empty house) by taking false candidates out. Each made position
must be one a player can hold (the solution among its candidates, nothing added back) on which
the solver's first step is the technique asked for."""

from __future__ import annotations

import io
import json
import random

import pytest

from cli import commands
from generator import practice
from generator.practice_make import Seed, made_positions, order_for, settle
from solver.exact import solve_unique
from solver.grid import BIT, Grid, allowed_masks, parse_values
from solver.human import first_step
from solver.step import Step
from solver.techniques import technique

MADE = ["Hidden Quad", "Avoidable Rectangle Type 2", "WXYZ-Wing", "Death Blossom", "Finned Franken Jellyfish"]


@pytest.mark.parametrize("route", ["walked", "from the index"])
@pytest.mark.parametrize("name", MADE)
def test_a_made_position_keeps_the_solution_and_starts_with_its_technique(name, route):
    # walked: seeded on bank puzzles' paths; from the index: first on the practice index's
    # positions of harder techniques, as the game and `practice` ask
    make = made_positions if route == "walked" else practice.practice_positions
    made = next(make(name, seed=3), None)
    assert made is not None, f"no {name} position made from seed 3"
    givens = parse_values(made.puzzle)
    solution = solve_unique(givens)  # the puzzle it comes from has one solution
    assert all(v in (0, s) for v, s in zip(made.values, solution))  # placed digits are the solution's
    assert all(v == g for v, g in zip(made.values, givens) if g)
    allowed = allowed_masks(list(made.values))
    for cell in range(81):
        if not made.values[cell]:
            assert made.candidates[cell] & BIT[solution[cell]]  # the solution is still a candidate
            assert made.candidates[cell] & ~allowed[cell] == 0  # nothing the digits rule out came back
    grid = Grid(list(made.values), given=[bool(g) for g in givens])
    grid.candidates[:] = list(made.candidates)
    step = first_step(grid, order_for(technique(name)))
    assert step == made.step and technique(step.technique).name == name
    assert all(solution[cell] != digit for cell, digit in step.eliminations)  # sound


def test_a_hidden_quad_is_made_in_a_house_of_nine_open_cells():
    made = next(made_positions("Hidden Quad", seed=3))
    house = made.step.houses[0]
    cells = [c for c in range(81) if house in _houses_of(c)]
    assert len(cells) == 9 and not any(made.values[c] for c in cells)


def _houses_of(cell: int) -> tuple[int, int, int]:
    return cell // 9, 9 + cell % 9, 18 + (cell // 27) * 3 + (cell % 9) // 3


def test_settle_changes_nothing_where_the_technique_is_already_first():
    entry = practice.read_index()["X-Wing"][0]
    grid = Grid(list(entry.values), given=[ch in "123456789" for ch in entry.puzzle])
    grid.candidates[:] = list(entry.candidates)
    solution = tuple(solve_unique(parse_values(entry.puzzle)))
    wanted = technique("X-Wing")
    step = next(wanted.finder(grid))
    seed = Seed(grid.copy(), frozenset(step.pattern), frozenset(step.eliminations))
    assert settle(seed, wanted, order_for(wanted), solution, random.Random(0)) == step
    assert seed.grid.candidates == grid.candidates and seed.grid.values == grid.values


def test_settle_gives_up_when_a_cheaper_step_would_clear_every_target():
    # An X-Wing's target that a pending Hidden Single clears: the single cannot be taken (no
    # target would be left) nor broken (its pattern is the solution's), so the seed is dropped.
    grid = Grid.parse(PUZZLE)
    solution = tuple(solve_unique(parse_values(PUZZLE)))
    wanted = technique("X-Wing")
    single = first_step(grid, order_for(wanted))
    assert single is not None and single.technique.endswith("Single")
    gone = {(c, d) for c in range(81) for d in range(1, 10) if grid.candidates[c] & BIT[d]} - _after(grid, single)
    targets = frozenset(gone - set(single.placements))
    assert targets and all(solution[c] != d for c, d in targets)
    seed = Seed(grid.copy(), frozenset(), targets)
    assert settle(seed, wanted, order_for(wanted), solution, random.Random(0)) is None
    assert targets <= _after(seed.grid, Step("none"))  # the single was not taken


PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _after(grid: Grid, step: Step) -> set[tuple[int, int]]:
    work = grid.copy()
    step.apply(work)
    return {(c, d) for c in range(81) for d in range(1, 10) if work.candidates[c] & BIT[d]}


def test_practice_makes_positions_for_a_technique_the_index_has_none_of(monkeypatch):
    asked = []

    def fake(name, *args, **kwargs):
        asked.append(name)
        yield from ()

    monkeypatch.setattr(practice, "made_positions", fake)
    assert list(practice.practice_positions("Death Blossom", seed=1)) == []
    assert list(practice.practice_positions("X-Wing", seed=1, limit=0))  # from the index, nothing made
    monkeypatch.setattr(practice, "read_index", lambda folder=None: {})  # no index at all:
    assert next(practice.practice_positions("X-Wing", seed=1, limit=3))  # the bank is searched
    assert list(practice.practice_positions("Franken X-Wing", seed=1, limit=2)) == []  # not makeable
    assert asked == ["Death Blossom"]


def test_the_shipped_index_names_every_technique_and_the_game_lists_the_made_ones():
    from game.practice import indexed
    from solver.techniques import TECHNIQUES

    listed = indexed()
    assert set(listed) == set(practice.read_index()) | set(MADE) and len(listed) == len(TECHNIQUES) - 4
    assert {name for name, (_, count) in listed.items() if count == 0} >= set(MADE)


def test_the_command_line_prints_a_made_position_that_solve_starts_with(tmp_path):
    out = io.StringIO()
    assert commands.main(["practice", "--technique", "Hidden Quad", "-n", "1", "--seed", "3"], out=out) == 0
    path = tmp_path / "quad.txt"
    path.write_text(out.getvalue())
    out = io.StringIO()
    assert commands.main(["solve", "--steps", "--json", "--from", "hodoku", str(path)], out=out) == 0
    assert json.loads(out.getvalue())["steps"][0]["technique"] == "Hidden Quad"


def test_the_index_s_positions_seed_made_ones_before_any_path_is_walked(monkeypatch):
    from generator import practice_make

    def walked(*args):
        raise AssertionError("a path was walked")

    monkeypatch.setattr(practice_make, "_stalls", walked)
    indexed = {entry.puzzle for kept in practice.read_index().values() for entry in kept}
    for name in ("Avoidable Rectangle Type 2", "Death Blossom"):
        made = next(practice.practice_positions(name, seed=1))
        assert made.puzzle in indexed and technique(made.step.technique).name == name
