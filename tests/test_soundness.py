"""Soundness of whole solve paths on known solutions, and agreement of the solver's entry points.

Every step of a solve path must keep the solution: no elimination removes the solution's digit
and every placement is the solution's digit (solutions from solver.exact). The fast check
``solvable_within`` and the hint ``next_step`` must agree with ``solve_path``.

What each test covers (files under ../shared/data):
- solve paths (each ends on the solution): every other puzzle of top95.txt (48) and every 400th
  of se_rated/calibration.txt (35);
- every finder's first ``FINDER_STEPS`` steps at each position past the singles: the paths of
  the first 2 puzzles of top95.txt;
- agreement at every playable level: 200 puzzles, the first 40 of each QQWing file
  (hodoku/qqwing_{simple,easy,intermediate,expert}.sdm) and the first 20 of the two easiest SE
  bucket files (below 1.5, and 1.5 to 2.4);
- ``-m slow``: solve paths of all of top95.txt, se_rated/calibration.txt and the first 2,000
  puzzles of 17clue.txt, every finder's first steps along every 50th of them, and agreement at
  Easy, Medium and Hard.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from itertools import islice

import pytest

from solver.exact import solve
from solver.grid import Grid
from solver.human import next_step, solve_path
from solver.levels import PLAYABLE_LEVELS, Level
from solver.step import Step
from solver.techniques import TECHNIQUES
from solver.walks import solvable_within
from tests.conftest import data_puzzles

SINGLE_NAMES = ("Full House", "Naked Single", "Hidden Single")


def unsound(step: Step, solution: list[int]) -> list[str]:
    """The parts of ``step`` that contradict ``solution`` (empty when the step is sound)."""
    wrong = [f"{p} is wrong" for p, (c, d) in zip(step.notation(), step.placements) if solution[c] != d]
    wrong += [f"r{c // 9 + 1}c{c % 9 + 1}<>{d} removes the solution" for c, d in step.eliminations if solution[c] == d]
    return wrong


FINDER_STEPS = 30  # steps of each finder checked per position (a finder yields best first)
SINGLE_NAMES = ("Full House", "Naked Single", "Hidden Single")  # positions not worth checking


def check_path(puzzle: str, every_finder_step: bool = False) -> None:
    """Fails unless every step of ``puzzle``'s solve path keeps its solution and the path ends
    on it; with ``every_finder_step``, also the first ``FINDER_STEPS`` steps of every finder at
    each position where the path takes more than a single."""
    grid = Grid.parse(puzzle)
    solution = solve(grid.values)
    assert solution is not None, puzzle
    path = solve_path(grid)
    work = grid.copy()
    for step in path.steps:
        if every_finder_step and step.technique not in SINGLE_NAMES:
            for tech in TECHNIQUES:
                for other in islice(tech.finder(work), FINDER_STEPS):
                    assert not unsound(other, solution), (puzzle, str(other), unsound(other, solution))
        assert not unsound(step, solution), (puzzle, str(step), unsound(step, solution))
        step.apply(work)
    assert path.solved, puzzle  # forcing nets finish every puzzle with one solution
    assert path.grid.values == solution


def soundness_puzzles() -> list[str]:
    """Every other puzzle of Norvig's top95 and every 400th of the SE-rated bank (ratings 2.5 to
    9.3); ``-m slow`` has them all."""
    return data_puzzles("top95.txt")[::2] + data_puzzles("se_rated/calibration.txt")[::400]


def test_solve_paths_keep_the_solution_on_half_of_top95_and_every_400th_se_rated_puzzle():
    puzzles = soundness_puzzles()
    assert len(puzzles) == 48 + 35
    for puzzle in puzzles:
        check_path(puzzle)


def test_first_steps_of_every_finder_keep_the_solution_along_the_first_2_top95_paths():
    for puzzle in data_puzzles("top95.txt")[:2]:
        check_path(puzzle, every_finder_step=True)


def agreement_puzzles() -> list[str]:
    """The first 40 puzzles of each QQWing file and the first 20 of the SE buckets below 1.5 and
    1.5 to 2.4: 200 puzzles."""
    puzzles = []
    for level in ("simple", "easy", "intermediate", "expert"):
        puzzles += data_puzzles(f"hodoku/qqwing_{level}.sdm", 40)
    puzzles += data_puzzles("se_rated/bucket_easy_se_below_1.5.txt", 20)
    puzzles += data_puzzles("se_rated/bucket_medium_se_1.5_to_2.4.txt", 20)
    return puzzles


def test_next_step_and_solvable_within_agree_with_solve_path_on_200_qqwing_and_se_bucket_puzzles():
    solved_at = dict.fromkeys(PLAYABLE_LEVELS, 0)
    for puzzle in agreement_puzzles():
        grid = Grid.parse(puzzle)
        for level in PLAYABLE_LEVELS:
            path = solve_path(grid, level)
            assert solvable_within(grid.values, level) == path.solved, (puzzle, level)
            hint, first = next_step(grid, level), (path.steps[0] if path.steps else None)
            # where several singles fire, the path takes the one HoDoKu takes (SinglesQueue) and
            # the hint the first its finder yields: the same technique, maybe another cell
            assert hint == first or (hint.technique == first.technique in SINGLE_NAMES), (puzzle, level)
            solved_at[level] += path.solved
    # the sample spans the levels, and Master (forcing nets) finishes everything
    easy, medium, hard, expert, master = (solved_at[level] for level in PLAYABLE_LEVELS)
    assert 0 < easy < medium < hard < expert <= master == 200


def _check_large(args: tuple[int, str]) -> None:
    """The solve path of one puzzle (every finder's steps too on every 50th ``index``), and
    ``solvable_within`` against ``solve_path`` at Easy, Medium and Hard."""
    index, puzzle = args
    check_path(puzzle, every_finder_step=index % 50 == 0)
    grid = Grid.parse(puzzle)
    for level in (Level.EASY, Level.MEDIUM, Level.HARD):
        assert solvable_within(grid.values, level) == solve_path(grid, level).solved, puzzle


@pytest.mark.slow
def test_solve_paths_and_agreement_to_hard_on_top95_the_se_rated_bank_and_2000_17_clue_puzzles():
    """All of top95.txt and se_rated/calibration.txt and the first 2,000 puzzles of 17clue.txt,
    on all cores."""
    puzzles = data_puzzles("top95.txt") + data_puzzles("se_rated/calibration.txt") + data_puzzles("17clue.txt", 2000)
    with ProcessPoolExecutor() as pool:
        list(pool.map(_check_large, enumerate(puzzles), chunksize=16))
