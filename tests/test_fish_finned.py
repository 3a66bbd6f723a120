"""Finned and sashimi fish: hand-made positions, cases that must not fire, soundness.

Hand-made positions start from an empty grid (every cell holds all nine candidates) and confine
one digit in a few houses (tests/positions.py), so the one pattern present is easy to check by
eye. HoDoKu's regression cases for these fish (siamese ones included) run with every other
technique's in tests/test_techniques.py.

Soundness has two oracles. Templates: a fish uses one digit's candidates only, so each of its
eliminations must lie in no template (a placement of the digit once in every row, column and
box) that fits the digit's candidates; random positions check that. Solutions: along the paths
of real puzzles (our fish, singles, and a solution digit placed when they stall) no step removes
a solution digit. The oracles, shared with tests/test_fish_franken.py, are in
tests/fish_checks.py and tests/solving.py. ``-m slow`` runs more random positions.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.grid import Grid
from solver.techniques.fish_finned import finned_swordfish, finned_x_wing, sashimi_swordfish, sashimi_x_wing
from tests.fish_checks import BASIC_FINNED, check_templates, run
from tests.positions import cell, cells, col, confine, elims, notation, row
from tests.solving import check_paths, rated_puzzles

# --- finned and sashimi fish ------------------------------------------------------------------


def finned_x_wing_grid() -> Grid:
    """4 in row 2 only at c3, c8; in row 7 at c3, c8 and the fin r7c7 (box 9)."""
    grid = confine(Grid(), "4", row(2), "r2c3", "r2c8")
    return confine(grid, "4", row(7), "r7c3", "r7c8", "r7c7")


def test_finned_x_wing_removes_the_digit_from_cover_cells_in_the_fin_box():
    grid = finned_x_wing_grid()
    (step,) = run(finned_x_wing, grid)
    assert step.technique == "Finned X-Wing"
    assert notation(step) == elims("r8c8<>4 r9c8<>4")
    assert step.fins == ((cell("r7c7"), 4),)
    assert step.pattern == tuple((c, 4) for c in cells("r2c3", "r2c8", "r7c3", "r7c8"))
    assert step.houses == (row(2), row(7), col(3), col(8))
    assert step.text == (
        "In rows 2 and 7, the 4 can only go in columns 3 and 8 or in the fin r7c7. Either the "
        "fish stands, and 4 leaves the rest of columns 3 and 8, or the fin is 4; both remove 4 "
        "from r8c8 and r9c8, which see the fin."
    )
    assert run(sashimi_x_wing, grid) == []


def test_sashimi_x_wing_has_a_base_set_of_one_candidate_besides_its_fin():
    grid = confine(confine(Grid(), "4", row(2), "r2c3", "r2c8"), "4", row(7), "r7c8", "r7c7")
    (step,) = run(sashimi_x_wing, grid)
    assert step.technique == "Sashimi X-Wing"
    assert notation(step) == elims("r8c8<>4 r9c8<>4")
    assert step.fins == ((cell("r7c7"), 4),)
    assert step.pattern == tuple((c, 4) for c in cells("r2c3", "r2c8", "r7c8"))
    assert run(finned_x_wing, grid) == []


def test_finned_swordfish_on_columns():
    grid = Grid()
    confine(grid, "3", col(1), "r2c1", "r6c1")
    confine(grid, "3", col(5), "r2c5", "r9c5")
    confine(grid, "3", col(8), "r6c8", "r9c8", "r8c8")
    (step,) = run(finned_swordfish, grid)
    assert notation(step) == elims("r9c7<>3 r9c9<>3")
    assert step.fins == ((cell("r8c8"), 3),)
    assert step.houses == (col(1), col(5), col(8), row(2), row(6), row(9))
    assert step.text.startswith("In columns 1, 5 and 8, the 3 can only go in rows 2, 6 and 9 or in the fin r8c8.")
    assert run(sashimi_swordfish, grid) == [] and run(finned_x_wing, grid) == []


def test_finned_fish_must_not_fire_when_its_fins_lie_in_two_boxes():
    grid = confine(Grid(), "4", row(2), "r2c3", "r2c8")
    confine(grid, "4", row(7), "r7c3", "r7c8", "r7c7", "r7c1")
    for finder in BASIC_FINNED:
        assert run(finder, grid) == []


def test_finned_fish_must_not_fire_when_no_cover_cell_sees_the_fin():
    # The fin r7c7 sees r8c8 and r9c8, but 4 is no longer a candidate there.
    grid = finned_x_wing_grid()
    confine(grid, "4", col(8), "r1c8", "r2c8", "r3c8", "r4c8", "r5c8", "r6c8", "r7c8")
    assert run(finned_x_wing, grid) == [] and run(sashimi_x_wing, grid) == []


def test_siamese_finned_swordfish_joins_two_fish_on_the_same_base_sets():
    # Rows 1, 2 and 5 hold 7 in columns 1, 2 and one of 4, 5, 6; the others are fins in box 2.
    grid = Grid()
    confine(grid, "7", row(1), "r1c1", "r1c2", "r1c4")
    confine(grid, "7", row(2), "r2c1", "r2c2", "r2c5", "r2c6")
    confine(grid, "7", row(5), "r5c1", "r5c2")
    steps = run(finned_swordfish, grid)
    assert [notation(step) for step in steps] == [
        elims("r3c4<>7"),
        elims("r3c5<>7"),
        elims("r3c6<>7"),
        elims("r3c4<>7 r3c5<>7"),
        elims("r3c4<>7 r3c6<>7"),
        elims("r3c5<>7 r3c6<>7"),
    ]
    siamese = steps[3]
    assert siamese.technique == "Finned Swordfish"
    assert siamese.fins == tuple((c, 7) for c in cells("r1c4", "r2c5", "r2c6"))
    assert siamese.houses == (row(1), row(2), row(5), col(1), col(2), col(4), col(5))
    assert siamese.text == (
        "Two finned fish share rows 1, 2 and 5 for 7: one covers columns 1, 2 and 4 with the fins "
        "r2c5 and r2c6, the other columns 1, 2 and 5 with the fins r1c4 and r2c6. Each removes 7 "
        "from the cells of its cover sets that see all its fins: r3c4 and r3c5."
    )


# --- soundness ----------------------------------------------------------------------------------


def test_every_elimination_is_single_digit_logic_on_random_positions(templates):
    check_templates(templates, BASIC_FINNED, trials=6)


@pytest.mark.slow
def test_every_finder_is_single_digit_logic_on_more_random_positions(templates):
    check_templates(templates, BASIC_FINNED, trials=30)


def test_basic_finned_fish_keep_the_solution_on_rated_puzzles():
    fired = check_paths(rated_puzzles(150), BASIC_FINNED)
    assert all(count >= 5 for count in fired.values()), fired


@given(st.lists(st.integers(0, 511), min_size=9, max_size=9), st.integers(2, 4))
def test_base_sets_are_every_choice_of_lines_crossing_few_enough_lines_in_order(masks, size):
    """Cutting off a prefix that crosses too many lines loses nothing (a union only grows), so
    the base sets are exactly the plain choices of ``size`` lines, in lexicographic order."""
    from itertools import combinations

    from solver.grid import POPCOUNT
    from solver.techniques.fish_finned import _base_sets

    limit = size + 2
    lines = [line for line in range(9) if 0 < POPCOUNT[masks[line]] <= limit]
    expected = []
    for chosen in combinations(lines, size):
        union = 0
        for line in chosen:
            union |= masks[line]
        if POPCOUNT[union] <= limit:
            expected.append((chosen, union))
    assert _base_sets(masks, lines, size, limit) == expected


def test_base_sets_refuse_a_size_no_finned_fish_has():
    from solver.techniques.fish_finned import _base_sets

    for size in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 base lines"):
            _base_sets([1] * 9, list(range(9)), size, size + 2)
