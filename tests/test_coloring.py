"""Colouring: Simple Colors (Trap, Wrap) and Multi-Colors (1, 2).

Hand-made positions confine one digit on a narrowed empty grid (tests/positions.py) so that its
strong links form the clusters under test; expected eliminations are worked out by hand.
HoDoKu's regression cases run in tests/test_techniques.py; soundness along paths through real
puzzles uses the shared walk of tests/solving.py.
"""

from __future__ import annotations

import pytest

from solver.grid import CELL_BIT, Grid, digit_places
from solver.techniques.coloring import clusters, multi_colors, simple_colors
from tests.positions import box, cell, col, confine, elims, narrowed, notation, row, steps_of
from tests.solving import check_sound, rated_puzzles

FINDERS = (simple_colors, multi_colors)


def colours(*groups: str) -> tuple:
    """``colours("r1c1 r2c8", "r2c3 r7c8")`` -> the step's groups for digit-less cell names."""
    return tuple(tuple(cell(n) for n in group.split()) for group in groups)


def group_cells(step) -> tuple:
    return tuple(tuple(c for c, _ in group) for group in step.groups)


# --- clusters ---------------------------------------------------------------------------------


def trap_grid() -> Grid:
    """4 in box 1 only at r1c1/r2c3, in row 2 at r2c3/r2c8, in column 8 at r2c8/r7c8."""
    grid = confine(narrowed(), "4", box(1), "r1c1", "r2c3")
    confine(grid, "4", row(2), "r2c3", "r2c8")
    return confine(grid, "4", col(8), "r2c8", "r7c8")


def test_clusters_colour_strong_links_in_turn():
    [cluster] = clusters(digit_places(trap_grid())[4])
    a, b = cluster.colours
    assert a == CELL_BIT[cell("r1c1")] | CELL_BIT[cell("r2c8")]
    assert b == CELL_BIT[cell("r2c3")] | CELL_BIT[cell("r7c8")]


# --- Simple Colors ----------------------------------------------------------------------------


def test_simple_colors_trap():
    [step] = steps_of(simple_colors, trap_grid())
    assert step.technique == "Simple Colors Trap"
    assert notation(step) == {"r7c1<>4"}
    assert group_cells(step) == colours("r1c1 r2c8", "r2c3 r7c8")
    assert step.text == (
        "Chain the 4s through houses with only two places for 4 and colour them in turn: either "
        "every cell of colour A (r1c1 and r2c8) is 4 or every cell of colour B (r2c3 and r7c8) "
        "is. r7c1 sees both colours, so 4 can't be in it."
    )


def test_simple_colors_wrap():
    grid = confine(narrowed(), "4", row(1), "r1c1", "r1c5")
    confine(grid, "4", col(5), "r1c5", "r5c5")
    confine(grid, "4", row(5), "r5c5", "r5c2")
    confine(grid, "4", col(1), "r1c1", "r4c1")
    steps = steps_of(simple_colors, grid)
    # B = r1c5, r4c1, r5c2, and r4c1 sees r5c2 (box 4); cells seeing both colours are trapped too
    wraps = [s for s in steps if s.technique == "Simple Colors Wrap"]
    traps = [s for s in steps if s.technique == "Simple Colors Trap"]
    assert [notation(s) for s in wraps] == [elims("r1c5<>4 r4c1<>4 r5c2<>4")]
    assert [notation(s) for s in traps] == [elims("r2c2<>4 r3c2<>4 r4c4<>4 r4c6<>4")]
    assert group_cells(wraps[0]) == colours("r1c1 r5c5", "r1c5 r4c1 r5c2")
    assert "r4c1 and r5c2 are both colour B and see each other, so colour B is not 4" in wraps[0].text
    assert steps[0] is traps[0]  # most eliminations first


def test_simple_colors_must_not_fire():
    # one strong link whose ends share a row: every cell seeing both is in that row (no 4 left)
    assert steps_of(simple_colors, confine(narrowed(), "4", row(2), "r2c3", "r2c8")) == []
    # a cluster whose colours no outside 4 sees together
    grid = confine(narrowed(), "4", row(1), "r1c1", "r1c5")
    assert steps_of(simple_colors, confine(grid, "4", col(5), "r1c5", "r9c5")) == []


# --- Multi-Colors -----------------------------------------------------------------------------


def test_multi_colors_1():
    # clusters A/B = r1c1/r1c8 (row 1) and C/D = r3c9/r9c9 (column 9); B sees C in box 3
    grid = confine(narrowed(), "6", row(1), "r1c1", "r1c8")
    confine(grid, "6", col(9), "r3c9", "r9c9")
    [step] = steps_of(multi_colors, grid)
    assert step.technique == "Multi-Colors 1"
    assert notation(step) == {"r9c1<>6"}
    assert group_cells(step) == colours("r1c1", "r1c8", "r3c9", "r9c9")
    assert step.text.endswith(
        "Colour B sees colour C, so they can't both be 6: colour A or D is. 6 can't be in r9c1: "
        "it sees both colour A and colour D."
    )
    assert steps_of(simple_colors, grid) == []


def test_multi_colors_2():
    # clusters r1c2/r1c8 (row 1) and r3c3,r6c8/r6c3 (column 3, row 6): r3c3 sees r1c2 (box 1)
    # and r6c8 sees r1c8 (column 8), so colour r3c3,r6c8 would leave row 1 without a 6
    grid = confine(narrowed(), "6", row(1), "r1c2", "r1c8")
    confine(grid, "6", col(3), "r3c3", "r6c3")
    confine(grid, "6", row(6), "r6c3", "r6c8")
    steps = steps_of(multi_colors, grid)
    by_name = {s.technique: s for s in steps}
    assert notation(by_name["Multi-Colors 2"]) == elims("r3c3<>6 r6c8<>6")
    assert group_cells(by_name["Multi-Colors 2"]) == colours("r3c3 r6c8", "r6c3", "r1c2", "r1c8")
    assert "Colour A sees cells of both C and D" in by_name["Multi-Colors 2"].text
    # A (r1c2) or D (r6c3) is 6, B (r1c8) or D is 6: r4c2, r5c2 go, and so do r3c3 and r6c8
    assert notation(by_name["Multi-Colors 1"]) == elims("r3c3<>6 r4c2<>6 r5c2<>6 r6c8<>6")
    assert [s.technique for s in steps] == ["Multi-Colors 1", "Multi-Colors 2"]


def test_multi_colors_must_not_fire_when_no_colours_see_each_other():
    grid = confine(narrowed(), "6", row(1), "r1c1", "r1c2")
    assert steps_of(multi_colors, confine(grid, "6", col(9), "r5c9", "r9c9")) == []


# --- soundness --------------------------------------------------------------------------------


def test_every_step_keeps_the_solution_on_hard_puzzles():
    fired = check_sound(FINDERS, rated_puzzles(100))
    for name in ("Simple Colors Trap", "Multi-Colors 1", "Multi-Colors 2"):
        assert fired.get(name, 0) >= 10, fired


@pytest.mark.slow
def test_every_step_keeps_the_solution_on_many_hard_puzzles():
    fired = check_sound(FINDERS, rated_puzzles(2000))
    assert fired.get("Simple Colors Wrap", 0) >= 5, fired
