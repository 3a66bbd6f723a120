"""Uniqueness techniques: Unique Rectangles (Types 1-6, Hidden Rectangle), Avoidable Rectangles
(Types 1-2) and Bivalue Universal Grave + 1.

Hand-made positions start from an empty grid (every cell holds all nine candidates) and narrow
only the cells a test names, so the one rectangle present is easy to check by eye; corners are
named in cell order. HoDoKu's regression cases (codes 0600-0610) run in tests/test_techniques.py.
The soundness test follows real solve paths and, where the path stalls, places a solution digit
(as the player would) so that deep positions with solved, non-given cells are covered too.
"""

from __future__ import annotations

import random

import pytest

from solver.exact import solve
from solver.grid import BIT, Grid
from solver.human import next_step, solve_path
from solver.levels import Level
from solver.techniques.uniqueness import (
    avoidable_rectangle_1,
    avoidable_rectangle_2,
    bug_plus_1,
    hidden_rectangle,
    uniqueness_test_1,
    uniqueness_test_2,
    uniqueness_test_3,
    uniqueness_test_4,
    uniqueness_test_5,
    uniqueness_test_6,
)
from tests.positions import box, cell, col, confine, elims, narrowed, notation, row, steps_of
from tests.solving import rated_puzzles

FINDERS = (
    uniqueness_test_1,
    uniqueness_test_2,
    uniqueness_test_3,
    uniqueness_test_4,
    uniqueness_test_5,
    uniqueness_test_6,
    hidden_rectangle,
    avoidable_rectangle_1,
    avoidable_rectangle_2,
    bug_plus_1,
)


def only(finder, grid: Grid):
    """The one step ``finder`` yields on ``grid`` (fails if there are none or several)."""
    steps = steps_of(finder, grid)
    assert len(steps) == 1, [str(s) for s in steps]
    return steps[0]


def placed(**values: int) -> Grid:
    """An empty grid with the named cells solved (not given): ``placed(r1c1=1)``."""
    digits = [0] * 81
    for name, digit in values.items():
        digits[cell(name)] = digit
    return Grid(digits, [False] * 81)


# --- Uniqueness Test 1 --------------------------------------------------------------------------


def test_type_1_removes_both_digits_from_the_fourth_corner():
    grid = narrowed(r1c1="12", r1c2="12", r4c1="12", r4c2="1259")
    step = only(uniqueness_test_1, grid)
    assert step.technique == "Uniqueness Test 1"
    assert notation(step) == elims("r4c2<>12")
    assert {d for _, d in step.pattern} == {1, 2}
    assert step.cells == tuple(cell(n) for n in ("r1c1", "r1c2", "r4c1"))
    assert step.groups == (
        tuple(
            sorted(
                [(cell(n), d) for n in ("r1c1", "r1c2", "r4c1") for d in (1, 2)]
                + [(cell("r4c2"), d) for d in (1, 2, 5, 9)]
            )
        ),
    )
    assert step.houses == (row(1), row(4), col(1), col(2))
    assert "r4c2 can't be 1 or 2" in step.text and "two solutions" in step.text


def test_type_1_needs_exactly_two_boxes():
    grid = narrowed(r1c1="12", r1c4="12", r4c1="12", r4c4="1259")  # four boxes
    assert steps_of(uniqueness_test_1, grid) == []


def test_type_1_ignores_a_rectangle_with_a_given_corner():
    grid = narrowed("3" + "." * 80, r1c2="12", r4c1="12", r4c2="1259")
    assert steps_of(uniqueness_test_1, grid) == []


# --- Uniqueness Test 2 and 5 --------------------------------------------------------------------


def test_type_2_removes_the_extra_digit_from_cells_that_see_both_roof_corners():
    grid = narrowed(r1c1="123", r1c2="123", r4c1="12", r4c2="12")
    step = only(uniqueness_test_2, grid)
    seen = ["r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"]
    assert notation(step) == {f"{name}<>3" for name in seen}
    assert {d for _, d in step.pattern} == {1, 2}
    assert "one of them is 3" in step.text
    assert steps_of(uniqueness_test_5, grid) == []


def test_type_2_must_not_fire_with_two_different_extra_digits():
    grid = narrowed(r1c1="123", r1c2="124", r4c1="12", r4c2="12")
    assert steps_of(uniqueness_test_2, grid) == []


def test_type_2_keeps_a_corner_whose_digit_was_eliminated_but_not_one_a_placed_digit_forbids():
    three_in_box_4 = "." * 38 + "3" + "." * 42  # r5c3 = 3: no 1/3 rectangle through row 4
    # r1c1 lost its 2 to an earlier deduction: the rectangle still stands.
    grid = narrowed(three_in_box_4, r1c1="13", r1c2="123", r4c1="12", r4c2="12")
    assert notation(only(uniqueness_test_2, grid)) >= elims("r1c4<>3 r2c1<>3")
    # a 2 placed in box 1 (r3c3) forbids it in both roof corners: no deadly pattern is possible.
    two_in_box_1 = three_in_box_4[:20] + "2" + three_in_box_4[21:]
    grid = narrowed(two_in_box_1, r1c1="13", r1c2="13", r4c1="12", r4c2="12")
    assert steps_of(uniqueness_test_2, grid) == []


def test_type_5_with_diagonal_roof_corners():
    grid = narrowed(r1c1="123", r1c2="12", r4c1="12", r4c2="123")
    step = only(uniqueness_test_5, grid)
    assert step.technique == "Uniqueness Test 5"
    assert notation(step) == elims("r2c2<>3 r3c2<>3 r5c1<>3 r6c1<>3")
    assert steps_of(uniqueness_test_2, grid) == []


def test_type_5_with_three_roof_corners():
    grid = narrowed(r1c1="123", r1c2="123", r4c1="123", r4c2="12")
    step = only(uniqueness_test_5, grid)
    assert notation(step) == elims("r2c1<>3 r3c1<>3")  # the cells that see all three
    assert "none of r1c1, r1c2 and r4c1" in step.text


# --- Uniqueness Test 3 --------------------------------------------------------------------------


def test_type_3_naked_pair_with_the_roof():
    grid = narrowed(r1c1="123", r1c2="124", r4c1="12", r4c2="12", r1c5="34")
    step = only(uniqueness_test_3, grid)
    assert notation(step) == elims("r1c3<>34 r1c4<>34 r1c6<>34 r1c7<>34 r1c8<>34 r1c9<>34")
    assert {d for _, d in step.pattern} == {1, 2}
    assert step.groups[1] == ((cell("r1c5"), 3), (cell("r1c5"), 4))
    assert row(1) in step.houses
    assert "naked pair on 3 and 4 in row 1" in step.text


def test_type_3_naked_pair_in_a_row_and_a_box_clears_both():
    grid = narrowed(r1c1="123", r1c2="124", r4c1="12", r4c2="12", r1c3="34")
    step = only(uniqueness_test_3, grid)
    in_row = [f"r1c{c}<>{d}" for c in range(4, 10) for d in "34"]
    in_box = [f"r{r}c{c}<>{d}" for r in (2, 3) for c in (1, 2, 3) for d in "34"]
    assert notation(step) == set(in_row + in_box)
    assert "in row 1 and box 1" in step.text


def test_type_3_naked_triple_in_the_box():
    grid = narrowed(r1c1="123", r1c2="124", r4c1="12", r4c2="12", r2c2="35", r3c3="45")
    step = only(uniqueness_test_3, grid)
    assert notation(step) == elims("r1c3<>345 r2c1<>345 r2c3<>345 r3c1<>345 r3c2<>345")
    assert "naked triple on 3, 4 and 5 in box 1" in step.text


def test_type_3_must_not_fire_when_the_extras_need_more_cells():
    grid = narrowed(r1c1="123", r1c2="124", r4c1="12", r4c2="12", r1c5="35")
    assert steps_of(uniqueness_test_3, grid) == []


# --- Uniqueness Test 4 and 6, Hidden Rectangle --------------------------------------------------


def test_type_4_conjugate_pair_in_the_row():
    grid = narrowed(r1c1="1234", r1c2="1256", r4c1="12", r4c2="12")
    confine(grid, "1", row(1), "r1c1", "r1c2")
    step = only(uniqueness_test_4, grid)
    assert notation(step) == elims("r1c1<>2 r1c2<>2")
    assert row(1) in step.houses
    assert "In row 1, 1 can only go in r1c1 and r1c2" in step.text


def test_type_4_conjugate_pair_in_the_box():
    grid = narrowed(r1c1="1234", r1c2="1256", r4c1="12", r4c2="12")
    confine(grid, "2", box(1), "r1c1", "r1c2")
    assert notation(only(uniqueness_test_4, grid)) == elims("r1c1<>1 r1c2<>1")


def test_type_4_must_not_fire_without_a_conjugate_pair():
    grid = narrowed(r1c1="1234", r1c2="1256", r4c1="12", r4c2="12")
    assert steps_of(uniqueness_test_4, grid) == []


def test_type_6_x_wing_on_the_rectangle():
    grid = narrowed(r1c1="12", r1c2="123", r4c1="124", r4c2="12")
    confine(grid, "1", row(1), "r1c1", "r1c2")
    confine(grid, "1", row(4), "r4c1", "r4c2")
    step = only(uniqueness_test_6, grid)
    assert notation(step) == elims("r1c2<>1 r4c1<>1")
    assert "In rows 1 and 4" in step.text


def test_type_6_must_not_fire_when_the_digit_leaves_the_rectangle():
    grid = narrowed(r1c1="12", r1c2="123", r4c1="124", r4c2="12")
    confine(grid, "1", row(1), "r1c1", "r1c2")
    assert steps_of(uniqueness_test_6, grid) == []


def test_hidden_rectangle():
    grid = narrowed(r1c1="12", r1c2="1239", r4c1="1248", r4c2="1257")
    confine(grid, "1", row(4), "r4c1", "r4c2")
    confine(grid, "1", col(2), "r1c2", "r4c2")
    step = only(hidden_rectangle, grid)
    assert notation(step) == elims("r4c2<>2")
    assert (cell("r4c2"), 2) not in step.pattern and (cell("r4c2"), 1) in step.pattern
    assert "If r4c2 were 2, r1c2 and r4c1 would be 1 and r1c1 2" in step.text


def test_hidden_rectangle_needs_both_strong_links():
    grid = narrowed(r1c1="12", r1c2="1239", r4c1="1248", r4c2="1257")
    confine(grid, "1", row(4), "r4c1", "r4c2")
    assert steps_of(hidden_rectangle, grid) == []


def test_hidden_rectangle_must_not_fire_on_two_floor_corners_in_one_row():
    grid = narrowed(r1c1="12", r1c2="12", r4c1="1248", r4c2="1257")
    confine(grid, "1", row(4), "r4c1", "r4c2")
    confine(grid, "1", col(2), "r1c2", "r4c2")
    assert steps_of(hidden_rectangle, grid) == []


# --- Avoidable Rectangles -----------------------------------------------------------------------


def test_avoidable_rectangle_1():
    grid = placed(r1c1=1, r1c2=2, r4c1=2)
    grid.candidates[cell("r4c2")] = BIT[1] | BIT[5]
    step = only(avoidable_rectangle_1, grid)
    assert notation(step) == elims("r4c2<>1")
    assert set(step.pattern) == {(cell("r1c1"), 1), (cell("r1c2"), 2), (cell("r4c1"), 2)}
    assert "were solved, not given" in step.text


def test_avoidable_rectangle_1_needs_a_bivalue_fourth_corner_as_hodoku_looks_for_it():
    # sound with r4c2 holding more, but HoDoKu's search asks for two candidates there
    grid = placed(r1c1=1, r1c2=2, r4c1=2)
    grid.candidates[cell("r4c2")] = BIT[1] | BIT[5] | BIT[7]
    assert steps_of(avoidable_rectangle_1, grid) == []


def test_avoidable_rectangle_1_must_not_fire_when_a_corner_is_a_given():
    grid = placed(r1c1=1, r1c2=2, r4c1=2)
    grid.given[cell("r1c2")] = True
    assert steps_of(avoidable_rectangle_1, grid) == []


def test_avoidable_rectangle_2():
    grid = placed(r1c1=1, r1c2=2)
    grid.candidates[cell("r4c1")] = BIT[2] | BIT[3]
    grid.candidates[cell("r4c2")] = BIT[1] | BIT[3]
    step = only(avoidable_rectangle_2, grid)
    others = [f"r4c{c}<>3" for c in range(3, 10)] + [f"r{r}c{c}<>3" for r in (5, 6) for c in (1, 2, 3)]
    assert notation(step) == set(others)
    assert {d for _, d in step.pattern} == {1, 2}


def test_avoidable_rectangle_2_must_not_fire_on_different_extras():
    grid = placed(r1c1=1, r1c2=2)
    grid.candidates[cell("r4c1")] = BIT[2] | BIT[3]
    grid.candidates[cell("r4c2")] = BIT[1] | BIT[4]
    assert steps_of(avoidable_rectangle_2, grid) == []


# --- Bivalue Universal Grave + 1 ----------------------------------------------------------------

# HoDoKu's regression case 0610 (reglib line 1062): r3c8 and r3c9 lost their 2s earlier.
BUG_PUZZLE = "1953246874.78659.168.179...75.936.189.651837.31824756926975184357..8.19.8.1.9.7.."


def bug_grid() -> Grid:
    grid = Grid.parse(BUG_PUZZLE)
    grid.eliminate(cell("r3c8"), 2)
    grid.eliminate(cell("r3c9"), 2)
    return grid


def test_bug_plus_1():
    step = only(bug_plus_1, bug_grid())
    assert notation(step) == elims("r9c9<>56")
    assert step.pattern == ()
    assert step.houses == (row(9), col(9), box(9))
    assert "r9c9 is 2" in step.text


def test_bug_plus_1_must_not_fire_with_a_second_three_candidate_cell():
    grid = bug_grid()
    target = next(c for c in range(81) if bin(grid.candidates[c]).count("1") == 2)
    grid.candidates[target] |= next(BIT[d] for d in range(1, 10) if not grid.candidates[target] & BIT[d])
    assert steps_of(bug_plus_1, grid) == []


# --- every finder: order, and soundness on real solve paths -------------------------------------


def test_steps_come_most_eliminations_first():
    grid = narrowed(r1c1="123", r1c2="123", r4c1="12", r4c2="12", r7c1="123", r7c2="123")
    grid.candidates[cell("r1c3")] = BIT[4] | BIT[5]
    steps = steps_of(uniqueness_test_2, grid)
    sizes = [len(step.eliminations) for step in steps]
    assert len(steps) >= 2 and sizes == sorted(sizes, reverse=True)


def check_deep_path(puzzle: str, rng: random.Random) -> int:
    """Walk a HARD-level solve path; where it stalls, place a solution digit (not a given).
    Every step every finder here yields on the way must keep the solution; returns the count."""
    grid = Grid.parse(puzzle)
    solution = solve(grid.values)
    assert solution is not None
    checked = 0
    while not grid.is_solved():
        for finder in FINDERS:
            for step in finder(grid):
                checked += 1
                assert step.eliminations and not step.placements, str(step)
                assert all(solution[c] != d for c, d in step.eliminations), (puzzle, str(step))
        step = next_step(grid, Level.HARD)
        if step is None:
            empty = [c for c in range(81) if not grid.values[c]]
            target = rng.choice(empty)
            grid.place(target, solution[target])
        else:
            step.apply(grid)
    return checked


def test_a_rectangle_is_looked_at_once_with_the_digits_of_its_first_bivalue_corner():
    """HoDoKu keeps one rectangle per four cells. In this Expert's path (step 27) r2c7 {2,9} and
    r2c8 {7,9} lie on r2c78/r4c78: HoDoKu takes it as a 2/9 rectangle from r2c7, so the Hidden
    Rectangle on 7/9 (r4c7<>7) it would give from r2c8 is never looked at, and HoDoKu 2.2 (/vp)
    takes an XY-Chain there."""
    puzzle = "020080500806030004004000000060000003795000000000019000107460000000000610000007085"
    steps = solve_path(Grid.parse(puzzle)).steps
    assert not [s for s in steps if s.technique == "Hidden Rectangle"]
    assert str(steps[27]) == "XY-Chain: (7=2)r6c7-(2=9)r2c7-(9=7)r2c8-(7=6)r1c8-(6=7)r1c4 => r6c4<>7"


def test_soundness_on_rated_puzzles():
    rng = random.Random(6)
    checked = sum(check_deep_path(puzzle, rng) for puzzle in rated_puzzles(150, 6.0))
    assert checked > 500


@pytest.mark.slow
def test_soundness_on_many_rated_puzzles():
    rng = random.Random(60)
    checked = sum(check_deep_path(puzzle, rng) for puzzle in rated_puzzles(3000, 3.0))
    assert checked > 10_000


def test_what_a_walk_found_nothing_with_is_remembered_by_position_givens_included(monkeypatch):
    # two puzzles along one dig can meet in values and candidates with different givens, and an
    # Avoidable Rectangle reads the givens: a miss with a given corner must not skip the
    # rectangle where that corner was solved (solver.human.quiet_at)
    from solver import human
    from solver.human import PathWalk, position_of, quiet_at
    from solver.techniques import technique

    monkeypatch.setattr(human, "_QUIET", {})
    rectangle = technique("Avoidable Rectangle Type 1")
    solved = placed(r1c1=1, r1c2=2, r4c1=2)
    solved.candidates[cell("r4c2")] = BIT[1] | BIT[5]
    given = solved.copy()
    given.given[cell("r1c2")] = True
    assert not PathWalk(given, [rectangle]).advance()
    assert quiet_at(position_of(given)) == {rectangle.name}
    assert position_of(given)[:2] == position_of(solved)[:2]  # the same values and candidates
    walk = PathWalk(solved, [rectangle])
    assert walk.advance()
    assert notation(walk.steps[0]) == elims("r4c2<>1")
    calls = []
    assert not PathWalk(given, [rectangle], cancel=lambda: calls.append(1) and False).advance()
    assert calls == []  # not searched again where it found nothing
