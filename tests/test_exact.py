"""Exact solver: worked example, solution counts, errors, and corpus runs over ../shared/data."""

from __future__ import annotations

import random

import pytest

from solver import cover, exact
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
HIDDEN_SINGLES_ONLY = ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."

# Singles alone must guess (12 times); a Locked Candidates sweep at the root leaves only singles
# (Royle's list).
LOCKED_CANDIDATES_AT_ROOT = ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2..8.91...."

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
def test_excluded_candidates_leave_only_the_solutions_without_them(method):
    puzzle = parse_values(SEVENTEEN)
    (solution,), _ = exact.search(puzzle, method)
    given = next(cell for cell, v in enumerate(puzzle) if v)
    empty = puzzle.index(0)
    wrong = solution[empty] % 9 + 1
    assert exact.search(puzzle, method, 2, excluded=[(empty, wrong)])[0] == [solution]
    assert exact.search(puzzle, method, 2, excluded=[(empty, solution[empty])])[0] == []
    puzzle[given] = 0  # now more solutions: the others hold another digit in the emptied cell
    others, _ = exact.search(puzzle, method, 2, excluded=[(given, solution[given])])
    assert len(others) == 2 and all(other[given] != solution[given] for other in others)
    assert exact.count_solutions(puzzle, 2, method, excluded=[(given, solution[given])]) == 2
    assert exact.count_solutions(puzzle, 1, method, excluded=[(given, solution[given])]) == 1
    puzzle[given] = solution[given]
    assert exact.count_solutions(puzzle, 2, method, excluded=[(empty, solution[empty])]) == 0
    assert exact.count_solutions(puzzle, 2, method, excluded=[(empty, wrong)]) == 1


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
    with pytest.raises(MultipleSolutionsError, match="multiple solutions"):
        exact.solve_unique([0] * 81)


def test_unknown_method_names_the_valid_ones():
    with pytest.raises(ValueError, match=r"wave.*wfc"):
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


def cell_fields(candidates: dict[str, str]) -> int:
    """The cell fields of a state: every cell holds all 9 candidates but those named, e.g.
    {"r1c4": "23"} (cells not named keep 1..9)."""
    x = 0
    for cell in range(81):
        digits = candidates.get(f"r{cell // 9 + 1}c{cell % 9 + 1}", "123456789")
        for digit in digits:
            x |= 1 << (cover.WIDTH * cell + int(digit) - 1)
    return x


def eliminations(bits: int) -> set[str]:
    """Cell-field bits as eliminations in HoDoKu's notation: {"r1c4<>1", ...}."""
    width = cover.WIDTH  # bits per field
    return {f"r{p // width // 9 + 1}c{p // width % 9 + 1}<>{p % width + 1}" for p in range(81 * width) if bits >> p & 1}


def without(digit: str, *cells: str) -> dict[str, str]:
    """Every named cell with all candidates but ``digit``."""
    return {cell: "123456789".replace(digit, "") for cell in cells}


def test_locked_candidates_find_nothing_on_an_empty_grid():
    assert exact._locked(cell_fields({})) == 0


def test_pointing_in_a_row_removes_the_digit_from_the_rest_of_the_row():
    # In box 1, digit 1 is only in row 1: r1c4..r1c9 lose it, and nothing else goes.
    state = cell_fields(without("1", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"))
    assert eliminations(exact._locked(state)) == {f"r1c{c}<>1" for c in range(4, 10)}


def test_pointing_in_a_column_removes_the_digit_from_the_rest_of_the_column():
    # In box 5, digit 9 is only in column 5: r1c5..r3c5 and r7c5..r9c5 lose it.
    box5 = [f"r{r}c{c}" for r in (4, 5, 6) for c in (4, 6)]
    assert eliminations(exact._locked(cell_fields(without("9", *box5)))) == {f"r{r}c5<>9" for r in (1, 2, 3, 7, 8, 9)}


def test_claiming_removes_the_digit_from_the_rest_of_the_box():
    # In row 2, digit 5 is only in box 1: the box's other rows lose it.
    state = cell_fields(without("5", *(f"r2c{c}" for c in range(4, 10))))
    assert eliminations(exact._locked(state)) == {f"r{r}c{c}<>5" for r in (1, 3) for c in (1, 2, 3)}


def test_locked_candidates_do_not_fire_when_the_rest_is_empty_already():
    # Digit 1 in box 1 only in row 1, and nowhere else in row 1 either: nothing to remove.
    cells = ["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"] + [f"r1c{c}" for c in range(4, 10)]
    assert exact._locked(cell_fields(without("1", *cells))) == 0


def test_locked_candidates_at_the_root_spare_every_guess():
    puzzle = parse_values(LOCKED_CANDIDATES_AT_ROOT)
    solutions, wave = exact.search(puzzle, "wave", limit=2)
    wfc_solutions, wfc = exact.search(puzzle, "wfc", limit=2)
    assert wave.branches == 0 and wave.nodes == 1
    assert wfc.branches > 0
    assert len(solutions) == 1 and solutions == wfc_solutions
    assert_solves(solutions[0], puzzle)


@pytest.mark.parametrize("seed", range(6))
def test_methods_find_the_same_solutions_of_a_many_solution_puzzle(seed):
    # Fewer than the limit, so both searches list every solution: the sweeps lose none.
    rng = random.Random(seed)
    puzzle = parse_values(WIKI_SOLUTION)
    for cell in rng.sample(range(81), 50):
        puzzle[cell] = 0
    found = {method: exact.search(puzzle, method, limit=500)[0] for method in exact.METHODS}
    assert 1 < len(found["wave"]) < 500
    assert sorted(found["wave"]) == sorted(found["wfc"])
    for solution in found["wave"]:
        assert_solves(solution, puzzle)


def test_forum_hardest_solved_uniquely():
    for text in data_puzzles("forum_hardest_11plus.txt", limit=100):
        puzzle = parse_values(text)
        solutions, _ = exact.search(puzzle, "wave", limit=2)
        assert len(solutions) == 1, text
        assert_solves(solutions[0], puzzle)


def test_search_stays_small_on_top95():
    # Locked Candidates at the root and branching on the most constrained of all 324
    # constraints: about 51 nodes per puzzle when proving uniqueness (cells only, singles only:
    # 116). The bound catches a lost technique or a worse branching rule.
    puzzles = [parse_values(text) for text in data_puzzles("top95.txt")]
    nodes = sum(exact.search(puzzle, "wave", limit=2)[1].nodes for puzzle in puzzles)
    assert nodes / len(puzzles) < 60
