"""Soundness on known solutions, and agreement of the solver's entry points.

Every step of a solve path must keep the solution: no elimination removes the solution's digit
and every placement is the solution's digit (solutions from solver.exact). The fast check
``solvable_within`` and the hint ``next_step`` must agree with ``solve_path`` at every level.
The default run covers Norvig's top95, 200 puzzles of the SE-rated bank and 200 puzzles from
the QQWing and SE bucket files; ``-m slow`` runs the whole SE-rated bank and 2,000 17-clue
puzzles, and checks every step every finder yields along the way, not only the first.
"""

from __future__ import annotations

import pytest

from solver.exact import solve
from solver.grid import Grid
from solver.human import next_step, solvable_within, solve_path
from solver.levels import PLAYABLE_LEVELS
from solver.step import Step
from solver.techniques import TECHNIQUES
from tests.conftest import data_puzzles


def unsound(step: Step, solution: list[int]) -> list[str]:
    """The parts of ``step`` that contradict ``solution`` (empty when the step is sound)."""
    wrong = [f"{p} is wrong" for p, (c, d) in zip(step.notation(), step.placements) if solution[c] != d]
    wrong += [
        f"r{c // 9 + 1}c{c % 9 + 1}<>{d} removes the solution" for c, d in step.eliminations if solution[c] == d
    ]
    return wrong


def check_path(puzzle: str, every_finder_step: bool = False) -> None:
    grid = Grid.parse(puzzle)
    solution = solve(grid.values)
    assert solution is not None, puzzle
    path = solve_path(grid)
    work = grid.copy()
    for step in path.steps:
        if every_finder_step:
            for tech in TECHNIQUES:
                for other in tech.finder(work):
                    assert not unsound(other, solution), (puzzle, str(other), unsound(other, solution))
        assert not unsound(step, solution), (puzzle, str(step), unsound(step, solution))
        step.apply(work)
    if path.solved:
        assert path.grid.values == solution


def soundness_puzzles() -> list[str]:
    return data_puzzles("top95.txt") + data_puzzles("se_rated/calibration.txt", 200)


def test_solve_paths_keep_the_solution():
    puzzles = soundness_puzzles()
    assert len(puzzles) == 295
    for puzzle in puzzles:
        check_path(puzzle)


def test_every_step_of_every_finder_is_sound_on_top95_sample():
    for puzzle in data_puzzles("top95.txt")[:40]:
        check_path(puzzle, every_finder_step=True)


def agreement_puzzles() -> list[str]:
    puzzles = []
    for level in ("simple", "easy", "intermediate", "expert"):
        puzzles += data_puzzles(f"hodoku/qqwing_{level}.sdm", 40)
    puzzles += data_puzzles("se_rated/bucket_easy_se_below_1.5.txt", 20)
    puzzles += data_puzzles("se_rated/bucket_medium_se_1.5_to_2.4.txt", 20)
    return puzzles


def test_next_step_and_solvable_within_agree_with_solve_path():
    solved_at = {level: 0 for level in PLAYABLE_LEVELS}
    for puzzle in agreement_puzzles():
        grid = Grid.parse(puzzle)
        for level in PLAYABLE_LEVELS:
            path = solve_path(grid, level)
            assert solvable_within(grid.values, level) == path.solved, (puzzle, level)
            assert next_step(grid, level) == (path.steps[0] if path.steps else None)
            solved_at[level] += path.solved
    # the sample spans the levels: some puzzles need more than singles, some more than MEDIUM
    easy, medium, hard = (solved_at[level] for level in PLAYABLE_LEVELS)
    assert 0 < easy < medium < hard < 200


@pytest.mark.slow
def test_soundness_and_agreement_on_large_sets():
    puzzles = data_puzzles("se_rated/calibration.txt") + data_puzzles("17clue.txt", 2000)
    for index, puzzle in enumerate(puzzles):
        check_path(puzzle, every_finder_step=index % 20 == 0)
        grid = Grid.parse(puzzle)
        for level in PLAYABLE_LEVELS:
            assert solvable_within(grid.values, level) == solve_path(grid, level).solved, puzzle
