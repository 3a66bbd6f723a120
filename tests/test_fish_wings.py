"""Basic fish (X-Wing, Swordfish, Jellyfish) and wings (XY-Wing, XYZ-Wing).

Hand-checked positions are candidate states built on an empty grid (tests/positions.py): every
cell starts with all nine candidates and only the candidates a test names are removed, so the
one pattern present is easy to check by eye; every step must be well formed
(tests/fish_checks.py). HoDoKu's regression cases for these techniques run with every other
technique's in tests/test_techniques.py. Soundness runs over Norvig's top95 with solutions from
solver.exact, along the paths of tests/solving.py.
"""

from __future__ import annotations

from solver.grid import Grid
from solver.techniques.fish import jellyfish, swordfish, x_wing
from solver.techniques.wings import xy_wing, xyz_wing
from tests.conftest import data_puzzles
from tests.fish_checks import run
from tests.positions import cell, cells, col, confine, narrowed, row
from tests.solving import check_paths

FINDERS = (x_wing, swordfish, jellyfish, xy_wing, xyz_wing)


# --- hand-checked fish ------------------------------------------------------------------------


def x_wing_grid() -> Grid:
    """5 in rows 2 and 7 only in columns 3 and 8."""
    grid = Grid()
    confine(grid, "5", row(2), "r2c3", "r2c8")
    confine(grid, "5", row(7), "r7c3", "r7c8")
    return grid


def test_x_wing_rows_removes_the_digit_from_the_rest_of_both_columns():
    (step,) = run(x_wing, x_wing_grid())
    expected = [(r * 9 + c, 5) for r in range(9) if r not in (1, 6) for c in (2, 7)]
    assert step.technique == "X-Wing"
    assert step.eliminations == tuple(sorted(expected))
    assert step.pattern == tuple((c, 5) for c in cells("r2c3", "r2c8", "r7c3", "r7c8"))
    assert step.houses == (1, 6, 9 + 2, 9 + 7)  # rows 2, 7 then columns 3, 8
    assert step.text.startswith(
        "In rows 2 and 7, the 5 can only go in columns 3 and 8, so 5 can be removed from "
        "the rest of columns 3 and 8 (r1c3, r1c8, r3c3,"
    )


def test_fish_that_eliminates_nothing_is_not_reported():
    # 5 lives only on the four corners r2c3, r2c8, r7c3, r7c8: an X-Wing both ways, but empty.
    grid = x_wing_grid()
    confine(grid, "5", col(3), "r2c3", "r7c3")
    confine(grid, "5", col(8), "r2c8", "r7c8")
    assert run(x_wing, grid) == []
    assert run(swordfish, grid) == [] and run(jellyfish, grid) == []


def test_a_base_set_holding_a_single_is_not_a_fish():
    # Row 2 has 5 only in column 3 (a hidden single); with row 7 it would cover columns 3 and 8.
    grid = Grid()
    confine(grid, "5", row(2), "r2c3")
    confine(grid, "5", row(7), "r7c3", "r7c8")
    assert run(x_wing, grid) == []


def test_swordfish_rows_2_2_2():
    grid = Grid()
    confine(grid, "4", row(1), "r1c2", "r1c5")
    confine(grid, "4", row(5), "r5c5", "r5c8")
    confine(grid, "4", row(9), "r9c2", "r9c8")
    assert run(x_wing, grid) == []  # no two of the rows share their two columns
    (step,) = run(swordfish, grid)
    expected = [(r * 9 + c, 4) for r in range(9) if r not in (0, 4, 8) for c in (1, 4, 7)]
    assert step.technique == "Swordfish"
    assert step.eliminations == tuple(sorted(expected))
    assert step.houses == (0, 4, 8, 10, 13, 16)
    assert len(step.pattern) == 6
    assert step.text.startswith("In rows 1, 5 and 9, the 4 can only go in columns 2, 5 and 8,")


def test_swordfish_must_not_fire_when_the_rows_need_four_columns():
    grid = Grid()
    confine(grid, "4", row(1), "r1c2", "r1c5")
    confine(grid, "4", row(5), "r5c5", "r5c8")
    confine(grid, "4", row(9), "r9c2", "r9c9")
    assert run(swordfish, grid) == []


def test_jellyfish_columns_as_base_sets():
    grid = Grid()
    confine(grid, "7", col(1), "r2c1", "r4c1")
    confine(grid, "7", col(3), "r4c3", "r6c3")
    confine(grid, "7", col(6), "r6c6", "r8c6")
    confine(grid, "7", col(9), "r8c9", "r2c9")
    assert run(x_wing, grid) == [] and run(swordfish, grid) == []
    (step,) = run(jellyfish, grid)
    expected = [(r * 9 + c, 7) for r in (1, 3, 5, 7) for c in range(9) if c not in (0, 2, 5, 8)]
    assert step.technique == "Jellyfish"
    assert step.eliminations == tuple(sorted(expected))
    assert step.houses == (9, 11, 14, 17, 1, 3, 5, 7)  # columns 1, 3, 6, 9 then rows 2, 4, 6, 8
    assert step.text.startswith("In columns 1, 3, 6 and 9, the 7 can only go in rows 2, 4, 6 and 8")


def test_jellyfish_must_not_fire_without_four_base_sets_of_two_to_four_positions():
    grid = Grid()
    confine(grid, "7", col(1), "r2c1", "r4c1")
    confine(grid, "7", col(3), "r4c3", "r6c3")
    confine(grid, "7", col(6), "r6c6", "r8c6", "r9c6")
    assert run(jellyfish, grid) == []


# --- hand-checked wings ----------------------------------------------------------------------


def test_xy_wing():
    grid = narrowed(r2c2="12", r2c7="19", r5c2="29")
    (step,) = run(xy_wing, grid)
    assert step.technique == "XY-Wing"
    assert step.eliminations == ((cell("r5c7"), 9),)
    assert step.cells == cells("r2c2", "r2c7", "r5c2")
    assert step.digits == (1, 2, 9)
    assert step.houses == (1, 10)  # row 2 to r2c7, column 2 to r5c2
    assert step.text == ("Pivot r2c2 is 1 or 2; pincer r2c7 (1/9) or r5c2 (2/9) must then be 9, so 9 can't be in r5c7.")
    assert run(xyz_wing, grid) == []


def test_xy_wings_come_in_hodokus_order_by_their_lowest_cell_not_by_pivot():
    # pivot r2c2 comes before pivot r5c5, but HoDoKu's search goes by the wing's three cells in
    # cell order, and r1c5 (a pincer of the wing on r5c5) comes first of all
    grid = narrowed(r2c2="12", r2c7="19", r5c2="29", r5c5="34", r1c5="35", r5c1="45")
    steps = run(xy_wing, grid)
    assert [(step.cells, step.eliminations) for step in steps] == [
        (cells("r1c5", "r5c1", "r5c5"), ((cell("r1c1"), 5),)),
        (cells("r2c2", "r2c7", "r5c2"), ((cell("r5c7"), 9),)),
    ]


def test_xy_wing_must_not_fire_when_no_cell_sees_both_pincers_with_z():
    grid = narrowed(r2c2="12", r2c7="19", r5c2="29")
    grid.eliminate(cell("r5c7"), 9)
    assert run(xy_wing, grid) == []


def test_xy_wing_must_not_fire_when_the_pincers_share_a_pivot_digit():
    grid = narrowed(r2c2="12", r2c7="19", r5c2="18")
    assert run(xy_wing, grid) == []


def test_xyz_wing():
    grid = narrowed(r2c2="129", r2c7="19", r3c1="29")
    (step,) = run(xyz_wing, grid)
    assert step.technique == "XYZ-Wing"
    assert step.eliminations == ((cell("r2c1"), 9), (cell("r2c3"), 9))
    assert step.cells == cells("r2c2", "r2c7", "r3c1")
    assert step.houses == (1, 18)  # row 2 to r2c7, box 1 to r3c1
    assert "r2c1 or r2c3" in step.text and "Pivot r2c2 (1/2/9)" in step.text
    assert run(xy_wing, grid) == []


def test_xyz_wing_must_not_fire_when_no_cell_sees_all_three():
    grid = narrowed(r2c2="129", r2c7="19", r7c2="29")
    assert run(xyz_wing, grid) == []


# --- soundness on known solutions ------------------------------------------------------------


def test_soundness_on_top95():
    """No fish or wing removes a solution digit: from the basic candidate grid, then round after
    round of our own (checked) eliminations and the singles they allow; when that stalls, one
    solution digit is placed (the empty cell with most candidates) to reach a new position."""
    fired = check_paths(data_puzzles("top95.txt"), FINDERS, rounds=40)
    # Every technique must have been exercised, or this test proves nothing about it.
    assert all(count >= 10 for count in fired.values()), fired
