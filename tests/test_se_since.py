"""Sudoku Explainer's slow rules looking only at what changed (solver.se.record).

A rating walk hands each rule what changed since the rule last found nothing; the rule must
then answer exactly as its whole search would. Checked rule by rule on positions met on real
rating walks, narrowed further at random (never the solution's candidates), and on whole walks
against ``next_hint`` without the record.
"""

from __future__ import annotations

import random

import pytest

from solver.exact import solve
from solver.grid import BIT, Grid
from solver.se.exclusion import aligned_pair_exclusion, aligned_triple_exclusion
from solver.se.loops import _loops, _loops_of
from solver.se.rating import RatingWalk, next_hint
from solver.se.record import Since, since
from solver.se.rules import wings
from solver.walks import propagate_singles

# made by our generator (Expert), rated 7.9, 8.4 and 8.4 by the estimate
PUZZLES = (
    "002075000608000250000060003040607000007000400500040080000180007009000004000054060",
    "050400000700020000001970005090060050300000009000000200100000000206008001070100093",
    "690005030040020509000800000900000000006907000780004003500200100010600008200000060",
)

RULES = {
    "WXYZ-Wing": lambda grid, changes: wings(grid, 4, 0.0, changes),
    "VWXYZ-Wing": lambda grid, changes: wings(grid, 5, 0.0, changes),
    "UVWXYZ-Wing": lambda grid, changes: wings(grid, 6, 0.0, changes),
    "Aligned Pair Exclusion": aligned_pair_exclusion,
    "Aligned Triplet Exclusion": aligned_triple_exclusion,
}


def wrong_candidates(grid: Grid, solution: list[int]) -> list[tuple[int, int]]:
    """The candidates of ``grid`` that are not the solution's, as (cell, digit)."""
    return [(c, d) for c in range(81) for d in range(1, 10) if grid.candidates[c] & BIT[d] and d != solution[c]]


def walk_positions(puzzle: str) -> list[Grid]:
    """The positions of the puzzle's rating walk, after each step's singles."""
    walk = RatingWalk(Grid.parse(puzzle))
    positions = []
    while walk.advance():
        propagate_singles(walk.work.values, walk.work.candidates)
        positions.append(walk.work.copy())
    return positions


def test_since_names_the_changed_cells_and_refuses_a_position_with_more_candidates():
    before = Grid.parse(PUZZLES[0])
    after = before.copy()
    after.eliminate(0, 1)  # r1c1 held 1
    after.place(80, int(solve(before.values)[80]))
    change = since(before.candidates, after.candidates)
    assert change is not None and change.before == before.candidates
    assert {c for c in range(81) if change.cells >> c & 1} == {0, 80} | {
        c for c in range(81) if before.candidates[c] != after.candidates[c]
    }
    assert since(after.candidates, before.candidates) is None
    assert since(before.candidates, before.candidates) == Since(0, before.candidates)


@pytest.mark.parametrize("name", RULES)
def test_a_rule_told_what_changed_answers_as_its_whole_search(name):
    rule = RULES[name]
    rng = random.Random(name)
    hits = checked = 0
    for puzzle in PUZZLES:
        solution = solve(Grid.parse(puzzle).values)
        positions = walk_positions(puzzle)
        for _ in range(40):
            before = rng.choice(positions[: len(positions) // 2])
            if rule(before, None) is not None:
                continue  # the record only ever holds positions where the rule found nothing
            now = before.copy()
            wrong = wrong_candidates(now, solution)
            for cell, digit in rng.sample(wrong, min(len(wrong), rng.randint(1, 6))):
                now.eliminate(cell, digit)
            whole = rule(now, None)
            assert rule(now, since(before.candidates, now.candidates)) == whole
            checked += 1
            hits += whole is not None
    assert checked >= 60
    assert hits >= 3, "no position where the change makes a hint: the check proves nothing"


def test_remembered_loops_are_the_loops_walked_afresh():
    for puzzle in PUZZLES:
        for grid in walk_positions(puzzle)[::3]:
            cands = grid.candidates
            places = [0] * 10
            for cell in range(81):
                for digit in range(1, 10):
                    if cands[cell] & BIT[digit]:
                        places[digit] |= 1 << cell
            for start in range(81):
                if cands[start].bit_count() == 2:
                    assert _loops_of(cands, start, cands[start], places) == _loops(cands, start, cands[start])


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_a_walk_with_its_record_takes_the_hints_it_takes_without(puzzle):
    walk = RatingWalk(Grid.parse(puzzle))
    while True:
        work = walk.work.copy()
        if walk.hardest >= 2.3:
            propagate_singles(work.values, work.candidates)
        expected = None if work.is_solved() else next_hint(work, walk.hardest)
        if not walk.advance():
            break
        assert expected is not None
        for cell, digit in expected.placements:
            work.place(cell, digit)
        for cell, digit in expected.eliminations:
            work.eliminate(cell, digit)
        assert (walk.work.values, walk.work.candidates) == (work.values, work.candidates)
    assert walk.result().solved
    assert walk.record.misses, "the walk kept no record: the rules were never told what changed"


def test_the_x_searches_are_skipped_only_where_no_digit_can_have_an_x_chain():
    """``_x_concludes`` answers per digit whether X links conclude anything; where no digit
    does, the rule skips its forcing X-chain and X-cycle searches, which must then find
    nothing. Checked on the puzzles' first positions narrowed at random (never the solution's
    candidates), where X-chains are common, and on their rating walks, where they are rare."""
    from solver.se.chains import Position
    from solver.se.static import Links, _exact_cycles, _search, _x_concludes

    rng = random.Random(3)
    outcomes = set()
    for puzzle in PUZZLES:
        solution = solve(Grid.parse(puzzle).values)
        positions = walk_positions(puzzle)[::4]
        for _ in range(12):
            grid = Grid.parse(puzzle)
            for cell, digit in rng.sample(wrong_candidates(grid, solution), rng.randint(5, 80)):
                grid.eliminate(cell, digit)
            positions.append(grid)
        for grid in positions:
            pos = Position(grid.candidates)
            links = Links(pos)
            live = {digit for digit in range(1, 10) if _x_concludes(pos.digits[digit])}
            chains, cycles = _search(pos, links, "x", None, 0.0), _exact_cycles(pos, links, "x", None, 0.0)
            found = [hint for hint in (chains, cycles) if hint]
            for hint in found:
                assert {digit for _, digit in hint.placements + hint.eliminations} <= live
            outcomes.add((bool(live), bool(found)))
    assert {(True, True), (False, False)} <= outcomes
