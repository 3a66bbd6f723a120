"""The human solver's API: hints, solve paths, the layered mode, the generator's check, grading.

Levels are compared with HoDoKu 2.2.0's on the QQWing puzzle sets (hodoku/qqwing_*.hodoku220.csv):
on the first 200 of each file, every simple/easy puzzle HoDoKu rates EASY and every intermediate
one it rates MEDIUM gets the same level from us (the floors below leave a little slack). HoDoKu
rates most "expert" puzzles HARD or above with techniques we do not have (Skyscraper, Unique
Rectangles, chains), so those are only required never to come out easier than HoDoKu says.
"""

from __future__ import annotations

from collections import Counter

import pytest

from solver.errors import MultipleSolutionsError, NoSolutionError, PuzzleFormatError
from solver.grid import Grid
from solver.human import (
    BEYOND_SE,
    grade,
    next_step,
    solvable_within,
    solve_layers,
    solve_path,
)
from solver.levels import Level
from solver.techniques import TECHNIQUES, technique
from tests.conftest import data_file, data_puzzles
from tests.positions import confine, narrowed

# A QQWing "simple" puzzle (HoDoKu: EASY), and its solution.
SIMPLE = "080470003000050016040000050000300700000000004320001065803040002000000000010503000"
SOLVED = "185476293237958416946132857598364721671295384324781965853649172462817539719523648"
# Easter Monster: nothing up to HARD applies, not even a single.
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"


def hodoku_rows(level_file: str, limit: int) -> list[tuple[str, str]]:
    """(puzzle, HoDoKu level) pairs from hodoku/qqwing_<level_file>.hodoku220.csv."""
    rows = []
    with data_file(f"hodoku/qqwing_{level_file}.hodoku220.csv").open() as handle:
        next(handle)
        for line in handle:
            puzzle, level = line.split(",")[:2]
            rows.append((puzzle, level))
            if len(rows) >= limit:
                break
    return rows


# --- next_step and solve_path -----------------------------------------------------------------


def test_next_step_takes_the_cheapest_technique_and_leaves_the_grid_alone():
    grid = confine(narrowed(r1c2="38", r1c7="38"), "4", 20, "r2c8")  # a Naked Pair and a Hidden Single
    before = grid.copy()
    step = next_step(grid)
    assert str(step) == "Hidden Single: r2c8=4"
    assert grid == before


def test_next_step_respects_max_level():
    grid = confine(narrowed(), "7", 18, "r2c1", "r2c2")  # only a Pointing applies
    assert next_step(grid, Level.EASY) is None
    step = next_step(grid, Level.MEDIUM)
    assert step.technique == "Locked Candidates Type 1 (Pointing)"
    assert str(step) == "Locked Candidates Type 1 (Pointing): " + ", ".join(
        f"r2c{c}<>7" for c in range(4, 10)
    )


def test_solve_path_solves_a_copy_and_its_steps_replay():
    grid = Grid.parse(SIMPLE)
    before = grid.copy()
    path = solve_path(grid)
    assert grid == before
    assert path.solved and path.grid.to_string() == SOLVED
    replay = grid.copy()
    for step in path.steps:
        step.apply(replay)
    assert replay == path.grid


def test_solve_path_stops_when_stuck():
    path = solve_path(Grid.parse(EASTER_MONSTER))
    assert not path.solved and path.steps == ()


def test_layered_path_reaches_the_same_grid_in_fewer_layers():
    grid = Grid.parse(SIMPLE)
    layered = solve_layers(grid)
    path = solve_path(grid)
    assert layered.solved and layered.grid == path.grid
    assert 0 < len(layered.layers) < len(path.steps)
    assert all(layer for layer in layered.layers)
    # every layer uses one technique
    assert all(len({s.technique for s in layer}) == 1 for layer in layered.layers)


# --- solvable_within --------------------------------------------------------------------------


def test_solvable_within_levels():
    values = Grid.parse(SIMPLE).values
    copy = list(values)
    assert solvable_within(values, Level.EASY)
    assert values == copy
    assert solvable_within([int(ch) for ch in SOLVED], Level.EASY)
    assert not solvable_within(Grid.parse(EASTER_MONSTER).values, Level.HARD)
    assert not solvable_within([0] * 81, Level.HARD)


def test_solvable_within_rejects_contradictions():
    clash = [0] * 81
    clash[0] = clash[5] = 3  # two 3s in row 1
    assert not solvable_within(clash, Level.HARD)
    # r1c9 has no candidate left: row 1 holds 1-8, column 9 holds the 9
    dead = Grid.parse("12345678." + "........9" + "." * 63).values
    assert not solvable_within(dead, Level.HARD)


def test_solvable_within_needs_81_values():
    with pytest.raises(PuzzleFormatError):
        solvable_within([0] * 80, Level.EASY)


# --- grade ------------------------------------------------------------------------------------


def test_grade_of_a_simple_puzzle():
    result = grade(SIMPLE)
    assert result.solved and result.level is Level.EASY
    assert result.hardest in {"Full House", "Naked Single", "Hidden Single"}
    assert result.steps == sum(result.techniques.values()) == SIMPLE.count("0")
    assert result.score == sum(technique(n).score * k for n, k in result.techniques.items())
    assert list(result.techniques) == [t.name for t in TECHNIQUES if t.name in result.techniques]
    assert 0 < result.layers <= result.steps
    assert result.se in (1.0, 1.2, 1.5, 2.3)
    assert grade(Grid.parse(SIMPLE)) == grade([int(ch) for ch in SIMPLE]) == result


def test_grade_of_a_solved_grid_and_of_a_puzzle_beyond_our_techniques():
    done = grade(SOLVED)
    assert (done.level, done.hardest, done.steps, done.layers, done.score) == (Level.EASY, None, 0, 0, 0)
    beyond = grade(EASTER_MONSTER)
    assert beyond.level is Level.BEYOND and not beyond.solved
    assert beyond.se == BEYOND_SE > max(t.se for t in TECHNIQUES)


def test_grade_raises_the_right_errors():
    with pytest.raises(PuzzleFormatError):
        grade("123")
    with pytest.raises(PuzzleFormatError, match="two 1s in row 1"):
        grade("11" + "." * 79)
    with pytest.raises(NoSolutionError):
        grade("12345678." + "........9" + "." * 63)
    with pytest.raises(MultipleSolutionsError):
        grade("." * 81)
    # SOLVED with a deadly rectangle blanked: r1c3/r1c5/r2c3/r2c5 can hold 5,7 or 7,5
    with pytest.raises(MultipleSolutionsError):
        grade("18.4.6293" + "23.9.8416" + SOLVED[18:])


# --- agreement with HoDoKu and Sudoku Explainer -----------------------------------------------


@pytest.mark.parametrize(
    "level_file, hodoku_level, floor",
    [("simple", "EASY", 0.95), ("easy", "EASY", 0.95), ("intermediate", "MEDIUM", 0.95)],
)
def test_levels_agree_with_hodoku(level_file, hodoku_level, floor):
    rows = [(p, lvl) for p, lvl in hodoku_rows(level_file, 200) if lvl == hodoku_level]
    ours = Counter(grade(puzzle).level.name for puzzle, _ in rows)
    assert ours[hodoku_level] >= floor * len(rows), dict(ours)


def test_hodoku_hard_puzzles_are_never_easier_for_us():
    for puzzle, level in hodoku_rows("expert", 200):
        if level in ("HARD", "UNFAIR", "EXTREME"):
            assert grade(puzzle).level >= Level.HARD, puzzle


def test_se_estimate_on_the_sudoku_exchange_buckets():
    # SE < 1.5 means box Hidden Singles (and Full Houses) only
    for puzzle in data_puzzles("se_rated/bucket_easy_se_below_1.5.txt", 50):
        assert grade(puzzle).se < 1.5, puzzle
    for puzzle in data_puzzles("se_rated/bucket_medium_se_1.5_to_2.4.txt", 50):
        result = grade(puzzle)
        assert result.se >= 1.5 and result.level <= Level.MEDIUM, puzzle


def test_se_estimate_tracks_the_rated_bank():
    errors = []
    with data_file("se_rated/calibration.txt").open() as handle:
        for line in list(handle)[:200]:
            _, puzzle, rating = line.split()
            result = grade(puzzle)
            if result.solved:
                errors.append(abs(result.se - float(rating)))
    assert len(errors) > 100
    assert sum(errors) / len(errors) < 0.4
