"""Locked Candidates: the whole-board filter of the digits worth a look loses no step.

``solver.techniques.intersections`` looks first, for all nine digits at once, at which digits
could have a Pointing or Claiming step, and then runs its loop over those digits only. The
oracle here is the rule itself, written plainly over every (house, digit): the finders must
yield exactly its steps, in its order, on random candidate grids (every mini-row pattern the
filter's shifts cross) and on hand-made positions. HoDoKu's regression cases for both
techniques run with every other technique's in tests/test_techniques.py.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.grid import HOUSE_MASK, HOUSES_OF, Grid, cells_of, digit_places
from solver.techniques.intersections import (
    _locking_digits,
    locked_candidates_claiming,
    locked_candidates_pointing,
)
from tests.positions import box, col, confine, elims, notation, row


def reference(grid: Grid, base_is_box: bool) -> list[tuple[tuple[int, int], tuple[tuple[int, int], ...]]]:
    """(houses, eliminations) of every step of the rule, in HoDoKu's order, by brute force."""
    places = digit_places(grid)
    found = []
    for base in range(18, 27) if base_is_box else range(18):
        for digit in range(1, 10):
            inside = places[digit] & HOUSE_MASK[base]
            if not 2 <= inside.bit_count() <= 3:
                continue
            row_, col_, box = HOUSES_OF[cells_of(inside)[0]]
            covers = (row_, col_) if base_is_box else (box,)
            cover = next((house for house in covers if not inside & ~HOUSE_MASK[house]), None)
            if cover is None:
                continue
            gone = places[digit] & HOUSE_MASK[cover] & ~inside
            if gone:
                found.append(((base, cover), tuple((cell, digit) for cell in cells_of(gone))))
    return found


def steps(grid: Grid, base_is_box: bool) -> list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]:
    finder = locked_candidates_pointing if base_is_box else locked_candidates_claiming
    return [(step.houses, step.eliminations) for step in finder(grid)]


# A random candidate grid (81 masks); the test thins one digit out to about a quarter of the
# cells, so that it locks in many houses.
def _grid_of(masks: list[int]) -> Grid:
    grid = Grid()
    grid.candidates = list(masks)
    return grid


candidate_grids = st.lists(st.integers(0, 511), min_size=81, max_size=81).map(_grid_of)


@settings(max_examples=300)
@given(candidate_grids, st.integers(0, 8), st.booleans())
def test_the_finders_give_exactly_the_rules_steps_on_random_grids(grid, sparse, base_is_box):
    # thin one digit out to a few cells per house, so that locked digits are common
    bit = 1 << sparse
    for cell in range(81):
        if (cell * 7 + sparse) % 4:
            grid.candidates[cell] &= ~bit
    assert steps(grid, base_is_box) == reference(grid, base_is_box)


def test_pointing_in_a_box_clears_the_rest_of_its_row():
    grid = confine(Grid(), "6", box(1), "r1c2", "r1c3")  # box 1: 6 only in row 1
    assert notation(next(locked_candidates_pointing(grid))) == elims("r1c4<>6 r1c5<>6 r1c6<>6 r1c7<>6 r1c8<>6 r1c9<>6")
    assert steps(grid, True) == reference(grid, True)
    assert _locking_digits(digit_places(grid), True) == [6]


def test_claiming_in_a_column_clears_the_rest_of_its_box():
    grid = confine(Grid(), "3", col(5), "r4c5", "r6c5")  # column 5: 3 only in box 5
    assert steps(grid, False) == reference(grid, False)
    assert notation(next(locked_candidates_claiming(grid))) == elims("r4c4<>3 r4c6<>3 r5c4<>3 r5c6<>3 r6c4<>3 r6c6<>3")
    assert _locking_digits(digit_places(grid), False) == [3]


def test_only_the_digits_that_lock_are_looked_at():
    grid = Grid()  # every candidate everywhere: no digit is confined anywhere
    assert _locking_digits(digit_places(grid), True) == []
    assert _locking_digits(digit_places(grid), False) == []
    grid = confine(Grid(), "2", row(4), "r4c1", "r4c2")  # row 4 claims box 4's other 2s
    assert _locking_digits(digit_places(grid), False) == [2]
    assert _locking_digits(digit_places(grid), True) == []  # box 4 still has 2 in three rows
    assert steps(grid, False) == reference(grid, False) != []
