"""Finned and sashimi fish: hand-made positions, cases that must not fire, soundness; and the
soundness oracles that tests/test_fish_franken.py shares.

Hand-made positions start from an empty grid (every cell holds all nine candidates) and confine
one digit in a few houses (tests/positions.py), so the one pattern present is easy to check by
eye. HoDoKu's regression cases for these fish (siamese ones included) run with every other
technique's in tests/test_techniques.py.

Soundness has two oracles. Templates: a fish uses one digit's candidates only, so each of its
eliminations must lie in no template (a placement of the digit once in every row, column and
box) that fits the digit's candidates; random positions check that. Solutions: along the paths
of real puzzles (our fish, singles, and a solution digit placed when they stall) no step removes
a solution digit. ``-m slow`` runs more random positions.
"""

from __future__ import annotations

import random

import pytest

from solver.exact import solve
from solver.grid import BIT, CELLS, DIGITS_OF, HOUSES, Grid, cell_name
from solver.step import Step
from solver.techniques import technique
from solver.techniques.fish_finned import (
    finned_jellyfish,
    finned_swordfish,
    finned_x_wing,
    sashimi_jellyfish,
    sashimi_swordfish,
    sashimi_x_wing,
)
from tests.conftest import data_file, data_puzzles
from tests.positions import cell, confine, elims, notation, steps_of

BASIC_FINNED = (finned_x_wing, sashimi_x_wing, finned_swordfish, sashimi_swordfish,
                finned_jellyfish, sashimi_jellyfish)


def row(n: int) -> int:
    return n - 1


def col(n: int) -> int:
    return 8 + n


def box(n: int) -> int:
    return 17 + n


def run(finder, grid: Grid) -> list[Step]:
    """Every step of ``finder`` (grid untouched), each well formed: its technique is the
    finder's registry name, eliminations sorted, fins apart from the pattern, all of them
    candidates of the grid, and a sentence."""
    steps = steps_of(finder, grid)
    for step in steps:
        assert step.technique in technique(step.technique).names
        assert technique(step.technique).finder is finder
        assert step.eliminations and step.eliminations == tuple(sorted(step.eliminations))
        assert not set(step.fins) & set(step.pattern)
        used = step.eliminations + step.pattern + step.fins
        assert all(grid.candidates[c] & BIT[d] for c, d in used)
        assert step.text and "  " not in step.text
    return steps


def cells(*names: str) -> tuple:
    return tuple(cell(name) for name in names)


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
    assert step.text.startswith(
        "In columns 1, 5 and 8, the 3 can only go in rows 2, 6 and 9 or in the fin r8c8."
    )
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
        elims("r3c4<>7"), elims("r3c5<>7"), elims("r3c6<>7"),
        elims("r3c4<>7 r3c5<>7"), elims("r3c4<>7 r3c6<>7"), elims("r3c5<>7 r3c6<>7"),
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


def digit_templates() -> list[int]:
    """Every placement of one digit in all 81 cells (once per row, column and box), as 81-bit
    masks: 46,656 of them."""
    found = []

    def place(r: int, cols: int, boxes: int, mask: int) -> None:
        if r == 9:
            found.append(mask)
            return
        for c in range(9):
            b = (r // 3) * 3 + c // 3
            if not cols >> c & 1 and not boxes >> b & 1:
                place(r + 1, cols | 1 << c, boxes | 1 << b, mask | 1 << (r * 9 + c))

    place(0, 0, 0, 0)
    return found


@pytest.fixture(scope="module")
def templates() -> list[int]:
    found = digit_templates()
    assert len(found) == 46656
    return found


def template_eliminations(grid: Grid, digit: int, templates: list[int]) -> int:
    """The candidates of ``digit`` that no template fitting its candidates uses (81-bit)."""
    bit = BIT[digit]
    cells = sum(1 << c for c in CELLS if grid.candidates[c] & bit)
    used = 0
    for template in templates:
        if not template & ~cells:
            used |= template
    return cells & ~used


def random_position(rng: random.Random, solution: list[int], extra: float) -> Grid:
    """Each cell holds its solution digit and each other digit with probability ``extra``."""
    grid = Grid()
    for c in CELLS:
        grid.candidates[c] = BIT[solution[c]] | sum(
            BIT[d] for d in range(1, 10) if d != solution[c] and rng.random() < extra
        )
    return grid


def check_templates(templates: list[int], finders, trials: int) -> None:
    """No step of ``finders`` removes a candidate that some placement of its digit, fitting the
    candidates, still uses (fish are single-digit logic); random positions around one solution.
    Every finder must fire at least once."""
    rng = random.Random(5)
    solution = solve(Grid.parse(data_puzzles("top95.txt", 1)[0]))
    fired = {finder.__name__: 0 for finder in finders}
    for trial in range(trials):
        grid = random_position(rng, solution, extra=0.1 + 0.02 * (trial % 6))
        allowed = {d: template_eliminations(grid, d, templates) for d in range(1, 10)}
        for finder in finders:
            for step in finder(grid):
                fired[finder.__name__] += 1
                for c, d in step.eliminations:
                    assert allowed[d] >> c & 1, f"{step}: a placement of {d} uses {cell_name(c)}"
    assert all(fired.values()), fired


def test_every_elimination_is_single_digit_logic_on_random_positions(templates):
    check_templates(templates, BASIC_FINNED, trials=6)


@pytest.mark.slow
def test_every_finder_is_single_digit_logic_on_more_random_positions(templates):
    check_templates(templates, BASIC_FINNED, trials=30)


def place_singles(grid: Grid) -> int:
    """Place every naked and hidden single present now; return how many were placed."""
    placed = 0
    for c in CELLS:
        if not grid.values[c] and len(DIGITS_OF[grid.candidates[c]]) == 1:
            grid.place(c, DIGITS_OF[grid.candidates[c]][0])
            placed += 1
    for house in HOUSES:
        for d in range(1, 10):
            spots = [c for c in house if grid.candidates[c] & BIT[d]]
            if len(spots) == 1 and not grid.values[spots[0]]:
                grid.place(spots[0], d)
                placed += 1
    return placed


def check_paths(puzzles: list[str], finders, rounds: int = 60) -> dict[str, int]:
    """Walk each puzzle with the finders' own eliminations and singles, placing a solution digit
    (the empty cell with most candidates) when they stall; every step of every finder must keep
    the solution. Returns how many steps each finder yielded."""
    fired = {finder.__name__: 0 for finder in finders}
    for puzzle in puzzles:
        solution = solve(Grid.parse(puzzle))
        grid = Grid.parse(puzzle)
        for _ in range(rounds):
            assert all(grid.values[c] or grid.candidates[c] & BIT[solution[c]] for c in CELLS)
            progress = 0
            for finder in finders:
                for step in finder(grid):
                    fired[finder.__name__] += 1
                    wrong = [cell_name(c) for c, d in step.eliminations if solution[c] == d]
                    assert not wrong, f"{puzzle}: {step} removes the solution {wrong}"
                    for c, d in step.eliminations:
                        progress += grid.eliminate(c, d)
            progress += place_singles(grid)
            if not progress:
                empty = grid.empty_cells()
                if not empty:
                    break
                widest = max(empty, key=lambda c: (len(DIGITS_OF[grid.candidates[c]]), -c))
                grid.place(widest, solution[widest])
    return fired


def rated_puzzles(limit: int) -> list[str]:
    """The first ``limit`` puzzles of the SE-rated calibration set rated 6.0 or more."""
    found = []
    with data_file("se_rated/calibration.txt").open() as handle:
        for line in handle:
            fields = line.split()
            if len(fields) >= 3 and float(fields[2]) >= 6.0:
                found.append(fields[1])
                if len(found) == limit:
                    break
    return found


def test_basic_finned_fish_keep_the_solution_on_rated_puzzles():
    fired = check_paths(rated_puzzles(150), BASIC_FINNED)
    assert all(count >= 5 for count in fired.values()), fired
