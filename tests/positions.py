"""Hand-made candidate states for technique tests, written in the community's notation.

A position starts from an empty grid (every cell holds all nine candidates, or from a puzzle
string) and only the candidates a test names are narrowed, so the one pattern present is easy
to check by eye. Expected steps are compared in notation: ``{'r1c3<>3', 'r5c8=4'}``.
"""

from __future__ import annotations

from solver.grid import BIT, HOUSES, Grid
from solver.step import Step


def cell(name: str) -> int:
    """``'r5c8'`` -> 43."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def narrowed(puzzle: str | None = None, **candidates: str) -> Grid:
    """A grid (empty, or parsed from ``puzzle``) whose named cells hold only the given digits.

    ``narrowed(r1c2="38", r1c7="38")``: r1c2 and r1c7 keep candidates 3 and 8 only.
    """
    grid = Grid() if puzzle is None else Grid.parse(puzzle)
    for name, digits in candidates.items():
        grid.candidates[cell(name)] = sum(BIT[int(d)] for d in digits)
    return grid


def confine(grid: Grid, digits: str, house: int, *keep: str) -> Grid:
    """Remove each of ``digits`` from every cell of ``house`` (0..26) except the cells ``keep``."""
    kept = {cell(name) for name in keep}
    for c in HOUSES[house]:
        if c not in kept:
            for d in digits:
                grid.eliminate(c, int(d))
    return grid


def steps_of(finder, grid: Grid) -> list[Step]:
    """Every step ``finder`` yields on ``grid``; fails the test if the finder changed the grid."""
    before = grid.copy()
    steps = list(finder(grid))
    assert grid == before, f"{finder.__name__} changed the grid"
    return steps


def notation(step: Step) -> set[str]:
    """The step's placements and eliminations as a set: ``{'r5c8=4'}``, ``{'r2c4<>7', ...}``."""
    return set(step.notation())


def elims(text: str) -> set[str]:
    """Eliminations in shorthand: ``'r1c3<>38 r2c1<>3'`` -> {'r1c3<>3', 'r1c3<>8', 'r2c1<>3'}."""
    found = set()
    for token in text.split():
        name, digits = token.split("<>")
        found.update(f"{name}<>{d}" for d in digits)
    return found


def row(n: int) -> int:
    """The house index of row ``n`` (1..9): 0..8."""
    return n - 1


def col(n: int) -> int:
    """The house index of column ``n`` (1..9): 9..17."""
    return 8 + n


def box(n: int) -> int:
    """The house index of box ``n`` (1..9, left to right, top to bottom): 18..26."""
    return 17 + n


def cells(*names: str) -> tuple[int, ...]:
    """``cells('r1c1', 'r5c8')`` -> (0, 43)."""
    return tuple(cell(name) for name in names)


def shipped_puzzles(level: str, count: int) -> list[str]:
    """The first ``count`` puzzles of the shipped bank of ``level`` (``"master"``)."""
    import json
    from pathlib import Path

    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / f"{level}.json").read_text())
    return [entry["puzzle"] for entry in bank["puzzles"][:count]]


def shipped_positions(level: str, prefix: str, count: int) -> list[tuple[Grid, list[int]]]:
    """(position, solution) where the Solo path of the first ``count`` shipped puzzles of
    ``level`` (``"master"``) takes a step whose technique starts with ``prefix``."""
    from solver.exact import solve
    from solver.human import solve_path

    found = []
    for puzzle in shipped_puzzles(level, count):
        grid = Grid.parse(puzzle)
        solution = solve(grid.values)
        work = grid.copy()
        for step in solve_path(grid).steps:
            if step.technique.startswith(prefix):
                found.append((work.copy(), solution))
            step.apply(work)
    return found
