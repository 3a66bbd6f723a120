"""Franken fish and the rank test that screens their search: hand-made positions, cases that must
not fire, soundness.

Hand-made positions start from an empty grid and confine one digit in a few houses
(tests/positions.py), as in tests/test_fish_finned.py, whose soundness oracles serve here too:
templates of one digit (tests/fish_checks.py) and solution paths of real puzzles
(tests/solving.py). The rank test (solver.techniques.fish_franken_rank) is checked against
brute force (its cover-rank table) and against the search itself (the same fish with and
without it). HoDoKu's regression cases for these fish run in tests/test_techniques.py.
``-m slow`` runs more random positions and 150 puzzles of SE 6.0 or more through all twelve
fish finders together (15 for the Franken Jellyfish ones, which HoDoKu leaves off by default).
"""

from __future__ import annotations

import random

import pytest

from solver.exact import solve
from solver.grid import BIT, CELLS, HOUSE_MASK, Grid, digit_places
from solver.techniques.fish_franken import (
    finned_franken_jellyfish,
    finned_franken_swordfish,
    finned_franken_x_wing,
    franken_jellyfish,
    franken_swordfish,
    franken_x_wing,
)
from solver.techniques.fish_franken_rank import (
    BOX_SEGMENTS,
    LINE_SEGMENTS,
    RANK,
    possible_base_sets,
)
from solver.techniques.fish_franken_search import BASE_HOUSES, MAX_ENDO_FINS, fish_of_digit
from tests.conftest import data_puzzles
from tests.fish_checks import BASIC_FINNED, check_templates, random_position, run, template_eliminations
from tests.positions import box, cell, cells, col, confine, elims, notation, row
from tests.solving import check_paths, place_singles, rated_puzzles

FRANKEN = (
    franken_x_wing,
    franken_swordfish,
    franken_jellyfish,
    finned_franken_x_wing,
    finned_franken_swordfish,
    finned_franken_jellyfish,
)
BIG_FRANKEN = (franken_jellyfish, finned_franken_jellyfish)  # slow; off in HoDoKu's default
FAST_FRANKEN = tuple(finder for finder in FRANKEN if finder not in BIG_FRANKEN)


# --- Franken fish ---------------------------------------------------------------------------------


def franken_swordfish_grid(*fins: str) -> Grid:
    """6 in row 1 only at c1, c7; row 2 at c5, c8; row 7 at c1, c5 (and ``fins``): covered by
    columns 1 and 5 and box 3 (r1c7, r2c8), and no two of the rows fit in two cover sets."""
    grid = Grid()
    confine(grid, "6", row(1), "r1c1", "r1c7")
    confine(grid, "6", row(2), "r2c5", "r2c8")
    confine(grid, "6", row(7), "r7c1", "r7c5", *fins)
    return grid


def test_franken_swordfish_rows_into_two_columns_and_a_box():
    grid = franken_swordfish_grid()
    (step,) = run(franken_swordfish, grid)
    assert step.technique == "Franken Swordfish"
    assert notation(step) == elims(
        "r3c1<>6 r4c1<>6 r5c1<>6 r6c1<>6 r8c1<>6 r9c1<>6 "
        "r3c5<>6 r4c5<>6 r5c5<>6 r6c5<>6 r8c5<>6 r9c5<>6 r3c7<>6 r3c8<>6 r3c9<>6"
    )
    assert step.fins == ()
    assert step.houses == (row(1), row(2), row(7), col(1), col(5), box(3))
    assert step.text.startswith(
        "In rows 1, 2 and 7, the 6 can only go in column 1, column 5 and box 3, so 6 can be "
        "removed from the rest of column 1, column 5 and box 3 (r3c1, r3c5, r3c7,"
    )
    assert run(franken_x_wing, grid) == []


def test_finned_franken_swordfish():
    grid = franken_swordfish_grid("r7c6")
    assert run(franken_swordfish, grid) == []
    (step,) = run(finned_franken_swordfish, grid)
    assert step.technique == "Finned Franken Swordfish"
    assert notation(step) == elims("r8c5<>6 r9c5<>6")
    assert step.fins == ((cell("r7c6"), 6),)
    assert step.houses == (row(1), row(2), row(7), col(1), col(5), box(3))
    assert step.text == (
        "In rows 1, 2 and 7, the 6 can only go in column 1, column 5 and box 3 or in the fin r7c6. "
        "Either the fish stands, and 6 leaves the rest of column 1, column 5 and box 3, or the fin "
        "is 6; both remove 6 from r8c5 and r9c5, which see the fin."
    )


def test_franken_fish_removes_a_candidate_of_two_cover_sets_cannibalistic():
    # Rows 1, 2, 5 in column 1, column 5 and box 1: r1c1 is in column 1 and box 1.
    grid = Grid()
    confine(grid, "6", row(1), "r1c1", "r1c2")
    confine(grid, "6", row(2), "r2c3", "r2c5")
    confine(grid, "6", row(5), "r5c1", "r5c5")
    steps = run(franken_swordfish, grid)
    step = next(s for s in steps if s.houses == (row(1), row(2), row(5), col(1), col(5), box(1)))
    assert (cell("r1c1"), 6) in step.eliminations and (cell("r1c1"), 6) in step.pattern
    assert step.text.endswith(
        "r1c1 lies in two cover sets: a 6 there would fill both and leave the other base sets one cover set short."
    )


def test_finned_franken_x_wing_with_an_endo_fin():
    # Row 4 and box 5 share r4c6: a candidate of two base sets is a fin (an endo fin).
    grid = confine(Grid(), "6", row(4), "r4c1", "r4c6")
    confine(grid, "6", box(5), "r4c6", "r5c6", "r6c6")
    steps = run(finned_franken_x_wing, grid)
    step = next(s for s in steps if s.houses == (row(4), box(5), col(1), col(6)))
    assert notation(step) == elims("r1c6<>6 r2c6<>6 r3c6<>6 r7c6<>6 r8c6<>6 r9c6<>6")
    assert step.fins == ((cell("r4c6"), 6),)
    assert "the fin r4c6 (in two base sets)" in step.text
    assert run(franken_x_wing, grid) == []  # an endo fin makes the fish finned


def test_cannibalistic_elimination_seen_only_by_an_endo_fin_in_its_column(templates):
    # 2 only in these cells (of a real position): row 1, row 2, row 6 and box 6 in columns 3,
    # 7, 8 and box 3; r2c1 is a fin, r6c7 an endo fin (row 6 and box 6) that column 7 covers.
    # r2c7, in column 7 and box 3, sees both fins: r2c1 along row 2, r6c7 along column 7.
    names = ["r1c3", "r1c7", "r2c1", "r2c7", "r2c8", "r5c1", "r5c3", "r5c7", "r5c8", "r6c3", "r6c7"]
    grid = Grid()
    grid.candidates = [BIT[2] if c in cells(*names) else 0 for c in CELLS]
    steps = run(finned_franken_jellyfish, grid)
    expected = [elims("r2c7<>2"), elims("r5c3<>2"), elims("r5c7<>2")]
    assert [notation(step) for step in steps] == expected
    step = steps[0]
    assert step.houses == (row(1), row(2), row(6), box(6), col(3), col(7), col(8), box(3))
    assert step.fins == ((cell("r2c1"), 2), (cell("r6c7"), 2))
    assert "the fins r2c1 and r6c7 (in two base sets)" in step.text
    assert "r2c7 lies in two cover sets" in step.text
    no_template = template_eliminations(grid, 2, templates)
    assert all(no_template >> c & 1 for step in steps for c, _ in step.eliminations)


def test_franken_fish_must_not_fire_on_rows_and_columns_alone():
    # A plain Swordfish and a Finned X-Wing: no box in base or cover sets, so no Franken fish.
    grid = Grid()
    confine(grid, "4", row(1), "r1c2", "r1c5")
    confine(grid, "4", row(5), "r5c5", "r5c8")
    confine(grid, "4", row(9), "r9c2", "r9c8")
    for finder in (franken_x_wing, franken_swordfish, franken_jellyfish):
        assert run(finder, grid) == []
    assert all(max(s.houses) >= 18 for s in run(finned_franken_x_wing, grid))


# --- the rank test ------------------------------------------------------------------------------


class Everything:
    """Holds every choice of base sets: the Franken search without the rank test."""

    def __contains__(self, choice: int) -> bool:
        return True


def franken_searches(grid: Grid, size: int, finned: bool) -> list[tuple[int, list, int]]:
    """(digit cells, base-set pool, orientation) of every search the Franken finders make."""
    searches = []
    for digit_cells in digit_places(grid)[1:]:
        for orientation in (0, 1):
            pool = [
                (house, digit_cells & HOUSE_MASK[house])
                for house in BASE_HOUSES[orientation]
                if digit_cells & HOUSE_MASK[house] and (finned or (digit_cells & HOUSE_MASK[house]).bit_count() <= size)
            ]
            if len(pool) >= size:
                searches.append((digit_cells, pool, orientation))
    return searches


def test_cover_rank_is_the_fewest_lines_and_allowed_boxes():
    for index in range(4096):
        segments, barred = index & 511, index >> 9
        fewest = min(
            bin(lines).count("1") + bin(boxes).count("1")
            for lines in range(8)
            for boxes in range(8)
            if not boxes & barred
            and not segments
            & ~sum(LINE_SEGMENTS[i] for i in range(3) if lines >> i & 1)
            & ~sum(BOX_SEGMENTS[k] for k in range(3) if boxes >> k & 1)
        )
        assert RANK[index] == fewest, index


def test_rank_test_passes_the_base_sets_of_a_franken_swordfish():
    grid = franken_swordfish_grid()
    sixes = digit_places(grid)[6]
    pool = next(
        pool for cells, pool, orientation in franken_searches(grid, 3, False) if cells == sixes and orientation == 0
    )  # row and box base sets
    allowed = possible_base_sets(sixes, pool, 0, 3, False, MAX_ENDO_FINS)
    rows = sum(1 << i for i, (house, _) in enumerate(pool) if house in (row(1), row(2), row(7)))
    assert rows in allowed
    assert possible_base_sets(sixes, pool, 0, 2, False, MAX_ENDO_FINS) == set()  # no Franken X-Wing


def test_rank_test_drops_no_fish():
    # Every search, run with and without the rank test, finds the same fish in the same order;
    # on random positions around a solution and on real puzzles after their singles.
    rng = random.Random(11)
    solution = solve(Grid.parse(data_puzzles("top95.txt", 1)[0]))
    grids = [random_position(rng, solution, extra=0.1 + 0.05 * k) for k in range(3)]
    for puzzle in rated_puzzles(3):
        grid = Grid.parse(puzzle)
        while place_singles(grid):
            pass
        grids.append(grid)
    screened = searched = 0
    for grid in grids:
        for size, finned in ((2, False), (3, False), (4, False), (2, True), (3, True)):
            for digit_cells, pool, orientation in franken_searches(grid, size, finned):
                every = fish_of_digit(digit_cells, pool, orientation, size, finned, Everything())
                allowed = possible_base_sets(digit_cells, pool, orientation, size, finned, MAX_ENDO_FINS)
                found = fish_of_digit(digit_cells, pool, orientation, size, finned, allowed)
                assert found == every
                screened += not allowed
                searched += bool(every)
    assert screened and searched, (screened, searched)


# --- soundness ----------------------------------------------------------------------------------


def test_every_franken_elimination_is_single_digit_logic_on_random_positions(templates):
    check_templates(templates, FAST_FRANKEN, trials=6)


@pytest.mark.slow
def test_every_franken_finder_is_single_digit_logic_on_more_random_positions(templates):
    check_templates(templates, FRANKEN, trials=30)


def test_franken_fish_keep_the_solution_on_rated_puzzles():
    finders = (franken_x_wing, franken_swordfish, finned_franken_x_wing)
    fired = check_paths(rated_puzzles(12), finders, rounds=25)
    assert all(fired.values()), fired


@pytest.mark.slow
def test_every_finder_keeps_the_solution_on_150_rated_puzzles():
    # basic and Franken fish on one path: each finder's eliminations shape what the others see
    fired = check_paths(rated_puzzles(150), BASIC_FINNED + FAST_FRANKEN)
    fired.update(check_paths(rated_puzzles(15), BIG_FRANKEN, rounds=25))
    assert all(fired.values()), fired
