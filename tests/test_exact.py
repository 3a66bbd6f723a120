"""Exact solver: worked example, solution counts, errors, and corpus runs over ../shared/data."""

from __future__ import annotations

import random

import pytest

from solver import exact
from solver.errors import MultipleSolutionsError, NoSolutionError, PuzzleFormatError
from solver.grid import HOUSES, Grid, check_houses, parse_values, values_to_string
from tests.conftest import data_puzzles

# The puzzle on Wikipedia's "Sudoku" page and its published solution.
WIKI_PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

# A 17-clue puzzle (the first of Royle's list): unique, and minimal, so removing any given
# leaves more than one solution.
SEVENTEEN = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."

# Solved by naked and hidden singles alone, but naked singles alone must guess (Royle's list).
HIDDEN_SINGLES_ONLY = (
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
)

# House-valid but dead at once: row 1 holds 1-8, and the 9 in column 9 leaves r1c9 no candidate.
DEAD_CELL = "12345678." + "........9" + "." * 63


def assert_solves(solution: list[int], puzzle: list[int]) -> None:
    """Every house holds 1..9 and every given is kept."""
    assert len(solution) == 81
    for house in HOUSES:
        assert sorted(solution[cell] for cell in house) == list(range(1, 10))
    for given, value in zip(puzzle, solution):
        assert given in (0, value)


@pytest.mark.parametrize("method", exact.METHODS)
def test_worked_example(method):
    assert values_to_string(exact.solve(parse_values(WIKI_PUZZLE), method)) == WIKI_SOLUTION


def test_singles_alone_solve_the_worked_example_without_guessing():
    solutions, stats = exact.search(parse_values(WIKI_PUZZLE), "wave", limit=2)
    assert [values_to_string(s) for s in solutions] == [WIKI_SOLUTION]
    assert stats.nodes == 1 and stats.branches == 0 and stats.dead_ends == 0


def test_hidden_singles_spare_the_guesses_naked_singles_need():
    puzzle = parse_values(HIDDEN_SINGLES_ONLY)
    wave_solutions, wave = exact.search(puzzle, "wave", limit=2)
    wfc_solutions, wfc = exact.search(puzzle, "wfc", limit=2)
    assert wave.nodes == 1 and wave.branches == 0
    assert wfc.branches > 0 and wfc.nodes > 1
    assert len(wave_solutions) == 1 and wave_solutions == wfc_solutions
    assert_solves(wave_solutions[0], puzzle)


def test_solve_accepts_a_grid_and_leaves_it_untouched():
    grid = Grid.parse(WIKI_PUZZLE)
    before = (grid.values[:], grid.candidates[:], grid.given[:])
    assert values_to_string(exact.solve(grid)) == WIKI_SOLUTION
    assert (grid.values, grid.candidates, grid.given) == before


def test_input_list_is_not_mutated():
    puzzle = parse_values(SEVENTEEN)
    before = puzzle[:]
    exact.solve(puzzle)
    exact.count_solutions(puzzle)
    assert puzzle == before


def test_tuple_input_works():
    assert values_to_string(exact.solve(tuple(parse_values(WIKI_PUZZLE)))) == WIKI_SOLUTION


@pytest.mark.parametrize("method", exact.METHODS)
def test_unique_puzzle_counts_one(method):
    assert exact.count_solutions(parse_values(SEVENTEEN), method=method) == 1


@pytest.mark.parametrize("method", exact.METHODS)
def test_removing_a_given_from_a_minimal_puzzle_counts_two(method):
    puzzle = parse_values(SEVENTEEN)
    puzzle[next(cell for cell, v in enumerate(puzzle) if v)] = 0
    assert exact.count_solutions(puzzle, method=method) == 2


@pytest.mark.parametrize("method", exact.METHODS)
def test_empty_grid_counts_up_to_the_limit(method):
    assert exact.count_solutions([0] * 81, method=method) == 2
    assert exact.count_solutions([0] * 81, limit=5, method=method) == 5
    assert exact.count_solutions([0] * 81, limit=1, method=method) == 1


def test_search_returns_distinct_valid_solutions():
    solutions, stats = exact.search([0] * 81, limit=3)
    assert len({tuple(s) for s in solutions}) == 3
    for solution in solutions:
        assert_solves(solution, [0] * 81)
    assert stats.branches > 0


@pytest.mark.parametrize("method", exact.METHODS)
def test_dead_cell_counts_zero(method):
    puzzle = parse_values(DEAD_CELL)
    assert exact.count_solutions(puzzle, method=method) == 0
    assert exact.solve(puzzle, method) is None


@pytest.mark.parametrize("method", exact.METHODS)
def test_wrong_extra_given_counts_zero(method):
    # A unique puzzle plus a house-valid given that differs from its solution: no solution,
    # and no cell is empty at the start, so only the search can tell.
    puzzle = parse_values(SEVENTEEN)
    solution = exact.solve(puzzle)
    cell = next(c for c, v in enumerate(puzzle) if not v)
    for digit in range(1, 10):
        if digit == solution[cell]:
            continue
        trial = puzzle[:]
        trial[cell] = digit
        try:
            check_houses(trial)
        except PuzzleFormatError:
            continue
        assert exact.count_solutions(trial, method=method) == 0
        break
    else:
        pytest.fail("no house-valid wrong digit found")


@pytest.mark.parametrize("seed", range(20))
def test_methods_agree_on_random_blanks_of_a_solution(seed):
    rng = random.Random(seed)
    solution = parse_values(WIKI_SOLUTION)
    puzzle = solution[:]
    for cell in rng.sample(range(81), rng.randint(30, 60)):
        puzzle[cell] = 0
    counts = {method: exact.count_solutions(puzzle, limit=3, method=method) for method in exact.METHODS}
    assert counts["wave"] == counts["wfc"] >= 1
    for method in exact.METHODS:
        assert_solves(exact.solve(puzzle, method), puzzle)
    if counts["wave"] == 1:
        assert exact.solve(puzzle) == solution


def test_solve_unique_returns_the_solution():
    assert values_to_string(exact.solve_unique(Grid.parse(WIKI_PUZZLE))) == WIKI_SOLUTION


def test_solve_unique_raises_for_no_solution():
    with pytest.raises(NoSolutionError, match="no solution"):
        exact.solve_unique(parse_values(DEAD_CELL))


def test_solve_unique_raises_for_many_solutions():
    with pytest.raises(MultipleSolutionsError, match="more than one solution"):
        exact.solve_unique([0] * 81)


def test_unknown_method_names_the_valid_ones():
    with pytest.raises(ValueError, match="wave.*wfc"):
        exact.solve([0] * 81, method="dlx")


def test_malformed_puzzles_raise_format_errors():
    with pytest.raises(PuzzleFormatError, match="expected 81 cells"):
        exact.solve([0] * 80)
    with pytest.raises(PuzzleFormatError, match="two 5s in row 1"):
        exact.count_solutions([5, 5] + [0] * 79)
    with pytest.raises(PuzzleFormatError, match="two 7s in column 1"):
        exact.solve([7] + [0] * 8 + [7] + [0] * 71)
    with pytest.raises(PuzzleFormatError, match="two 3s in box 9"):
        exact.solve([0] * 60 + [3] + [0] * 9 + [3] + [0] * 10)
    with pytest.raises(PuzzleFormatError, match="bad value"):
        exact.solve([10] + [0] * 80)
    with pytest.raises(PuzzleFormatError, match="bad value"):
        exact.solve([[1]] + [0] * 80)


def test_limit_must_be_positive():
    with pytest.raises(ValueError, match="limit"):
        exact.search([0] * 81, limit=0)


def test_top95_all_solved_uniquely():
    for text in data_puzzles("top95.txt"):
        puzzle = parse_values(text)
        solutions, _ = exact.search(puzzle, "wave", limit=2)
        assert len(solutions) == 1, text
        assert_solves(solutions[0], puzzle)


def test_methods_agree_on_hard_puzzles():
    for text in data_puzzles("top95.txt", limit=20):
        puzzle = parse_values(text)
        assert exact.solve(puzzle, "wfc") == exact.solve(puzzle, "wave"), text


@pytest.mark.slow
def test_all_17clue_puzzles_unique_and_valid():
    for text in data_puzzles("17clue.txt"):
        puzzle = parse_values(text)
        solution = exact.solve_unique(puzzle)
        assert_solves(solution, puzzle)
