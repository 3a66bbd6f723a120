"""The optimizer (generator.optimize): every pooled puzzle unique and exactly the level, a fixed
seed repeats, the best score never drops, cancelling, and the history plot. Small runs only."""

from __future__ import annotations

import random
import sys

import pytest

from generator.generate import GenerationCancelled
from generator.optimize import MUTATIONS, HistoryPoint, optimize, plot_history, redig
from generator.wfc import fill
from solver.exact import count_solutions
from solver.grading import grade
from solver.interest import measure
from solver.levels import Level
from solver.walks import solvable_within


@pytest.fixture(scope="module")
def easy_run():
    return optimize(Level.EASY, 25, pool=4, seed=0)


@pytest.fixture(scope="module")
def medium_run():
    return optimize(Level.MEDIUM, 15, pool=3, seed=2)


@pytest.fixture(scope="module")
def expert_run():
    # Seed 0 keeps one mutated puzzle: the Expert dig-and-back-off path is exercised.
    return optimize(Level.EXPERT, 4, pool=2, seed=0)


@pytest.mark.parametrize("run_name", ["easy_run", "medium_run", "expert_run"])
def test_every_pooled_puzzle_is_unique_and_exactly_the_level(run_name, request):
    result = request.getfixturevalue(run_name)
    assert result.pool
    for entry in result.pool:
        assert count_solutions(list(entry.puzzle), 2) == 1
        assert all(0 < v <= 9 for v in entry.solution)
        assert all(not v or v == s for v, s in zip(entry.puzzle, entry.solution))
        again = grade(entry.puzzle)  # graded afresh, not trusted from the run
        assert again.level == entry.grade.level == result.level
        assert measure(again).score == pytest.approx(entry.score)
    assert sum(result.kept.values()) >= 1  # a mutated puzzle made it into the pool


def test_the_pool_is_sorted_best_first_without_duplicates(easy_run):
    scores = [entry.score for entry in easy_run.pool]
    assert scores == sorted(scores, reverse=True)
    assert len({entry.puzzle for entry in easy_run.pool}) == len(easy_run.pool) <= 4
    assert len(easy_run.start_scores) == 4


def test_the_best_score_never_decreases(easy_run, medium_run, expert_run):
    for result in (easy_run, medium_run, expert_run):
        best = [point.best for point in result.history]
        assert best == sorted(best)
        assert all(point.mean <= point.best for point in result.history)
        assert [point.iteration for point in result.history] == list(range(result.iterations + 1))
        assert result.history[-1].best == result.pool[0].score
        assert result.history[0].best == max(result.start_scores)


def test_the_optimizer_raises_the_pool_mean(easy_run):
    assert easy_run.history[-1].mean > easy_run.history[0].mean
    assert easy_run.iterations == 25
    assert set(easy_run.tried) == set(MUTATIONS)
    for kind in MUTATIONS:
        assert easy_run.kept[kind] <= easy_run.valid[kind] <= easy_run.tried[kind]


def test_a_fixed_seed_gives_the_same_result(easy_run):
    again = optimize(Level.EASY, 25, pool=4, seed=0)
    assert [e.puzzle for e in again.pool] == [e.puzzle for e in easy_run.pool]
    assert [e.solution for e in again.pool] == [e.solution for e in easy_run.pool]
    assert again.history == easy_run.history
    assert (again.tried, again.valid, again.kept) == (easy_run.tried, easy_run.valid, easy_run.kept)
    other = optimize(Level.EASY, 0, pool=4, seed=1)
    assert {e.puzzle for e in other.pool} != {e.puzzle for e in easy_run.pool}


def test_progress_reports_each_iteration_with_the_best_score():
    seen = []
    result = optimize(Level.EASY, 6, pool=2, seed=5, progress=lambda i, best: seen.append((i, best)))
    assert seen == [(point.iteration, point.best) for point in result.history[1:]]


def test_cancel_stops_the_run():
    stop = False

    def after_two(iteration: int, best: float) -> None:
        nonlocal stop
        stop = iteration >= 2

    with pytest.raises(GenerationCancelled):  # during the iterations
        optimize(Level.EASY, 10_000, pool=2, seed=1, progress=after_two, cancel=lambda: stop)
    with pytest.raises(GenerationCancelled):  # while making the first pool
        optimize(Level.EASY, 5, pool=2, seed=1, cancel=lambda: True)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"level": Level.BEYOND, "iterations": 1},
        {"level": Level.EASY, "iterations": -1},
        {"level": Level.EASY, "iterations": 1, "pool": 0},
        {"level": Level.EASY, "iterations": 1, "seed": -3},
    ],
)
def test_bad_arguments_are_refused(kwargs):
    with pytest.raises(ValueError):
        optimize(**kwargs)


def test_redig_keeps_the_puzzle_unique_and_within_the_level():
    solution = fill(seed=11)
    order = list(range(81))
    random.Random(11).shuffle(order)
    puzzle = redig(solution, order, Level.EASY)
    assert puzzle is not None and sum(1 for v in puzzle if v) < 40
    assert count_solutions(puzzle, 2) == 1 and solvable_within(puzzle, Level.EASY)
    assert all(not v or v == s for v, s in zip(puzzle, solution))
    assert redig(solution, [], Level.EASY) == list(solution)  # nothing to try: unchanged
    assert redig([0] * 81, order, Level.EASY) is None  # not unique: refused


def test_plot_history_asks_for_matplotlib_when_it_is_missing(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib... fails
    with pytest.raises(RuntimeError, match="install matplotlib for --plot"):
        plot_history([HistoryPoint(0, 1.0, 1.0)], tmp_path / "plot.png")
    assert not list(tmp_path.iterdir())
    with pytest.raises(ValueError):
        plot_history([], tmp_path / "plot.png")


def test_plot_history_writes_a_png(easy_run, tmp_path):
    pytest.importorskip("matplotlib", reason="matplotlib is optional (only for --plot)")
    target = tmp_path / "history.png"
    plot_history(easy_run.history, target)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir()] == ["history.png"]  # no temporary file left
