"""Shared helpers for tests that run finders over real puzzles: the SE-rated bank, paths through a
puzzle, soundness along them (no elimination removes the solution's digit, every placement is
the solution's), and a cancel callable that counts its polls.

A path needs a puzzle's solution (from solver.exact); where the techniques under test stall, the
solution's digit goes into the empty cell with most candidates, so the path reaches positions
the techniques would not reach alone.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.exact import solve
from solver.grid import BIT, CELLS, DIGITS_OF, HOUSES, Grid, cell_name
from solver.techniques import intersections, singles, subsets
from solver.techniques.fish import swordfish, x_wing
from solver.techniques.wings import xy_wing, xyz_wing
from tests.conftest import data_file


def rated_puzzles(count: int, minimum: float = 6.0) -> list[str]:
    """The first ``count`` puzzles of ../shared/data/se_rated/calibration.txt rated ``minimum``
    (Sudoku Explainer) or more; skips the test when the file is absent."""
    found = []
    with data_file("se_rated/calibration.txt").open() as handle:
        for line in handle:
            fields = line.split()
            if len(fields) >= 3 and float(fields[2]) >= minimum:
                found.append(fields[1])
                if len(found) == count:
                    break
    return found


def cancel_after(polls: int) -> tuple[list[int], Callable[[], bool]]:
    """A cancel callable that turns true at its ``polls``-th call, and the list of its calls."""
    calls: list[int] = []

    def cancel() -> bool:
        calls.append(len(calls) + 1)
        return len(calls) >= polls

    return calls, cancel


# --- a path of basic techniques, and every step of some finders along it --------------------------

WALK_FINDERS = (
    singles.full_house, singles.naked_single, singles.hidden_single,
    intersections.locked_candidates_pointing, intersections.locked_candidates_claiming,
    subsets.naked_pair, subsets.hidden_pair, subsets.naked_triple, subsets.hidden_triple,
    x_wing, swordfish, xy_wing, xyz_wing,
)  # fmt: skip


def walk(puzzle: str, finders: tuple = ()) -> tuple[list[int], list[Grid]]:
    """(solution, positions) along a path through ``puzzle``: the first step of the first
    finder that fires (basic techniques, then ``finders``) is applied each time; when none
    fires, the solution's digit goes into the empty cell with most candidates."""
    grid = Grid.parse(puzzle)
    solution = solve(grid.values)
    positions = []
    while not grid.is_solved():
        step = next((s for f in WALK_FINDERS + finders for s in f(grid)), None)
        if step is None:
            empty = grid.empty_cells()
            widest = max(empty, key=lambda c: (bin(grid.candidates[c]).count("1"), -c))
            grid.place(widest, solution[widest])
            continue
        if step.eliminations:
            positions.append(grid.copy())
        step.apply(grid)
    return solution, positions


def check_sound(finders: tuple, puzzles: list[str]) -> dict[str, int]:
    """Walk each puzzle with ``finders``; every step they yield anywhere on the way keeps the
    solution. Returns how many steps each step name yielded."""
    fired: dict[str, int] = {}
    for puzzle in puzzles:
        solution, positions = walk(puzzle, finders)
        for grid in positions:
            for finder in finders:
                for step in finder(grid):
                    fired[step.technique] = fired.get(step.technique, 0) + 1
                    wrong = [e for e in step.eliminations if solution[e[0]] == e[1]]
                    wrong += [p for p in step.placements if solution[p[0]] != p[1]]
                    assert not wrong, (puzzle, str(step), wrong)
    return fired


# --- a path of the finders' own eliminations and singles -------------------------------------------


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
    the solution, and every placed digit must be the solution's. Returns how many steps each
    finder (by function name) yielded."""
    fired = {finder.__name__: 0 for finder in finders}
    for puzzle in puzzles:
        solution = solve(Grid.parse(puzzle))
        grid = Grid.parse(puzzle)
        for _ in range(rounds):
            assert all(grid.values[c] in (0, solution[c]) for c in CELLS), puzzle
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
