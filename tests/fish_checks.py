"""Shared checks for the fish tests: a well-formed-step check (``run``, which the wings of
tests/test_fish_wings.py pass too), and the template oracle of the finned, sashimi and Franken
fish's soundness.

A fish uses one digit's candidates only, so each of its eliminations must lie in no template (a
placement of the digit once in every row, column and box) that fits the digit's candidates;
random positions around one solution check that. The 46,656 templates come from the
``templates`` fixture in tests/conftest.py.
"""

from __future__ import annotations

import random

from solver.exact import solve
from solver.grid import BIT, CELLS, Grid, cell_name
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
from tests.conftest import data_puzzles
from tests.positions import steps_of

BASIC_FINNED = (finned_x_wing, sashimi_x_wing, finned_swordfish, sashimi_swordfish, finned_jellyfish, sashimi_jellyfish)


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
