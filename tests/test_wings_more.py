"""Remote Pair, W-Wing and WXYZ-Wing.

Hand-made positions narrow a few cells of an empty grid (tests/positions.py); the expected
eliminations are worked out by hand. HoDoKu's regression cases for Remote Pair and W-Wing run
in tests/test_techniques.py; HoDoKu has no WXYZ-Wing, so its positions are checked here against
the definition itself (every four cells, brute force). Soundness along paths through real
puzzles uses the shared walk of tests/solving.py.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from solver.grid import BIT, DIGITS_OF, PEER_MASK, POPCOUNT, Grid, cells_of, digit_places
from solver.techniques.wings_more import remote_pair, w_wing, wxyz_wing
from tests.positions import box, cell, confine, elims, narrowed, notation, row, steps_of
from tests.solving import check_sound, rated_puzzles, walk

FINDERS = (remote_pair, w_wing, wxyz_wing)


# --- Remote Pair ------------------------------------------------------------------------------


def test_remote_pair_of_four_cells():
    grid = narrowed(r1c1="38", r1c5="38", r5c5="38", r5c9="38")
    [step] = steps_of(remote_pair, grid)
    assert step.technique == "Remote Pair"
    # r1c1 and r5c9 hold different digits; r1c9 and r5c1 see both
    assert notation(step) == elims("r1c9<>38 r5c1<>38")
    assert step.chain_text() == "(3=8)r1c1-(8=3)r1c5-(3=8)r5c5-(8=3)r5c9"
    assert step.houses == (row(1), 9 + 4, row(5))
    assert step.text == (
        "r1c1, r1c5, r5c5 and r5c9 hold only 3 and 8 and each sees the next, so they alternate: "
        "r1c1 and r5c5 hold one digit, r1c5 and r5c9 the other. r1c9 and r5c1 see one cell of "
        "each kind, so 3 and 8 can be removed from them."
    )


def test_remote_pair_of_six_cells_removes_more_than_its_parts():
    # r1c1-r1c5-r5c5-r5c9-r9c9-r9c1: cells 0 and 3 (r1c9, r5c1), 2 and 5 (r9c5, r5c1),
    # 0 and 5 (the whole first column between them)
    grid = narrowed(r1c1="38", r1c5="38", r5c5="38", r5c9="38", r9c9="38", r9c1="38")
    steps = steps_of(remote_pair, grid)
    assert notation(steps[0]) == elims(
        "r1c9<>38 r5c1<>38 r9c5<>38 r2c1<>38 r3c1<>38 r4c1<>38 r6c1<>38 r7c1<>38 r8c1<>38"
    )
    assert len(steps[0].pattern) == 12


def test_remote_pair_must_not_fire():
    # three cells: an XY-Chain of sorts, not a Remote Pair
    assert steps_of(remote_pair, narrowed(r1c1="38", r1c5="38", r5c5="38")) == []
    # four cells, but the last holds other digits
    assert steps_of(remote_pair, narrowed(r1c1="38", r1c5="38", r5c5="38", r5c9="37")) == []


# --- W-Wing -----------------------------------------------------------------------------------


def w_wing_grid() -> Grid:
    """r2c2 and r8c8 hold 1/2; row 5 has 1 only in r5c2 (sees r2c2) and r5c8 (sees r8c8)."""
    return confine(narrowed(r2c2="12", r8c8="12"), "1", row(5), "r5c2", "r5c8")


def test_w_wing():
    [step] = steps_of(w_wing, w_wing_grid())
    assert step.technique == "W-Wing"
    assert notation(step) == elims("r2c8<>2 r8c2<>2")
    assert step.chain_text() == "(2=1)r2c2-(1)r5c2=(1)r5c8-(1=2)r8c8"
    assert step.houses == (9 + 1, row(5), 9 + 7)
    assert step.text == (
        "r2c2 and r8c8 both hold only 1 and 2. Row 5 has 1 only in r5c2 and r5c8, which see "
        "r2c2 and r8c8 in turn, so r2c2 and r8c8 can't both be 1: one of them is 2, and 2 can't "
        "be in r2c8 or r8c2, which see both."
    )


def test_w_wing_whose_link_end_sees_both_cells_pairs_with_an_end_seeing_the_second():
    # box 3 has 1 only in r1c8 and r2c8: r2c8 sees r2c2 and r8c8, r1c8 sees r8c8 only. HoDoKu
    # 2.2 counts r2c8 for r2c2 and r1c8 for r8c8, a W-Wing (whatever its source comment says)
    grid = confine(narrowed(r2c2="12", r8c8="12"), "1", box(3), "r1c8", "r2c8")
    [step] = steps_of(w_wing, grid)
    assert notation(step) == elims("r2c8<>2 r8c2<>2")
    assert step.chain_text() == "(2=1)r2c2-(1)r2c8=(1)r1c8-(1=2)r8c8"


def test_w_wings_come_in_hodokus_order_by_cells_not_by_eliminations():
    # r1c1 and r9c9 (3/4) remove 4 from r1c9 only (r9c1 has no 4); r2c2 and r8c8 (1/2) remove 2
    # from r2c8 and r8c2. HoDoKu's solver takes the first W-Wing of its cell-by-cell search,
    # the one on r1c1, though the other removes more
    grid = narrowed(r2c2="12", r8c8="12", r1c1="34", r9c9="34", r9c1="12356789")
    confine(grid, "1", row(5), "r5c2", "r5c8")
    confine(grid, "3", row(4), "r4c1", "r4c9")
    steps = steps_of(w_wing, grid)
    assert [notation(step) for step in steps] == [elims("r1c9<>4"), elims("r2c8<>2 r8c2<>2")]


def test_w_wing_must_not_fire():
    # the strong link's ends do not reach r8c8
    grid = confine(narrowed(r2c2="12", r8c8="12"), "1", row(5), "r5c2", "r5c3")
    assert steps_of(w_wing, grid) == []
    # box 3 has 1 only in r2c7 and r2c8: r2c8 sees both cells, r2c7 only the first, r2c2.
    # HoDoKu 2.2 counts an end that sees the first cell for the first cell only, so both ends
    # count for r2c2 and it finds no W-Wing here (see the next test for the other way round)
    grid = confine(narrowed(r2c2="12", r8c8="12"), "1", box(3), "r2c7", "r2c8")
    assert steps_of(w_wing, grid) == []
    # different digits in the two cells
    grid = confine(narrowed(r2c2="12", r8c8="13"), "1", row(5), "r5c2", "r5c8")
    assert steps_of(w_wing, grid) == []


# --- WXYZ-Wing --------------------------------------------------------------------------------


def test_wxyz_wing_with_the_pivot_holding_z():
    grid = narrowed(r2c2="1234", r1c1="14", r3c3="24", r2c7="34")
    [step] = steps_of(wxyz_wing, grid)
    assert step.technique == "WXYZ-Wing"
    assert notation(step) == elims("r2c1<>4 r2c3<>4")
    assert step.cells == tuple(cell(n) for n in ("r1c1", "r2c2", "r2c7", "r3c3"))
    assert step.text == (
        "r1c1, r2c2, r2c7 and r3c3 hold only 1, 2, 3 and 4 between them, and 1, 2 and 3 can "
        "each fill at most one of them (their cells there see each other), so one of the four "
        "is 4. 4 can't be in r2c1 or r2c3, which see every 4 among them (r1c1, r2c2, r2c7 and "
        "r3c3)."
    )


def test_wxyz_wing_with_the_pivot_lacking_z():
    grid = narrowed(r2c2="123", r1c1="14", r3c3="24", r2c7="34")
    [step] = steps_of(wxyz_wing, grid)
    assert notation(step) == elims("r2c1<>4 r2c3<>4")
    assert step.text.endswith("which see every 4 among them (r1c1, r2c7 and r3c3).")


def test_wxyz_wing_must_not_fire():
    # an XY-Wing (r2c2, r2c7, r5c2) and a fourth cell with a digit of its own (3): no WXYZ
    assert steps_of(wxyz_wing, narrowed(r2c2="12", r2c7="19", r5c2="29", r2c1="13")) == []
    # two digits not restricted (1 and 4: r1c1 and r2c7 don't see each other)
    assert steps_of(wxyz_wing, narrowed(r2c2="23", r1c1="14", r3c3="24", r2c7="134")) == []
    # four cells of one row: every digit restricted (a Naked Quad)
    assert steps_of(wxyz_wing, narrowed(r1c1="12", r1c2="23", r1c3="34", r1c4="14")) == []


def wxyz_by_definition(grid: Grid) -> set:
    """(four cells, eliminations) for every WXYZ-Wing, straight from the definition."""
    cands, places = grid.candidates, digit_places(grid)
    small = [c for c in range(81) if 2 <= POPCOUNT[cands[c]] <= 4]
    found = set()
    for four in combinations(small, 4):
        union = cands[four[0]] | cands[four[1]] | cands[four[2]] | cands[four[3]]
        if POPCOUNT[union] != 4:
            continue
        holders = {d: [c for c in four if cands[c] & BIT[d]] for d in DIGITS_OF[union]}
        if any(len(cells) < 2 for cells in holders.values()):
            continue
        free = [
            d for d, cells in holders.items()
            if not all(PEER_MASK[a] >> b & 1 for a, b in combinations(cells, 2))
        ]  # fmt: skip
        if len(free) == 1:
            seen = places[free[0]]
            for c in holders[free[0]]:
                seen &= PEER_MASK[c]
            if seen:
                found.add((four, tuple((c, free[0]) for c in cells_of(seen))))
    return found


def test_wxyz_wing_finds_exactly_what_the_definition_says_on_real_positions():
    checked = fired = 0
    for puzzle in rated_puzzles(8):
        for grid in walk(puzzle, (wxyz_wing,))[1][::4]:
            ours = {(step.cells, step.eliminations) for step in wxyz_wing(grid)}
            assert ours == wxyz_by_definition(grid), puzzle
            checked += 1
            fired += bool(ours)
    assert checked >= 10 and fired >= 3


# --- soundness --------------------------------------------------------------------------------


def test_every_step_keeps_the_solution_on_hard_puzzles():
    fired = check_sound(FINDERS, rated_puzzles(100))
    for name in ("W-Wing", "WXYZ-Wing"):
        assert fired.get(name, 0) >= 10, fired


@pytest.mark.slow
def test_every_step_keeps_the_solution_on_many_hard_puzzles():
    fired = check_sound(FINDERS, rated_puzzles(2000))
    assert fired.get("Remote Pair", 0) >= 5, fired
