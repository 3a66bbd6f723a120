"""The worker process the game generates puzzles in (game.worker_process): results come back as
plain data, a newer job cancels the older, and a worker that dies is reported and replaced."""

from __future__ import annotations

import os
import time
from functools import partial

import pytest

from game import jobs
from game.made import MadePuzzle, MakingStatus
from game.worker_process import ProcessJobRunner
from solver.levels import Level
from tests import worker_jobs
from tests.gameplay import INKALA


@pytest.fixture
def runner():
    started = ProcessJobRunner()
    yield started
    started.close()


def finish(runner, seconds: float = 60.0) -> list:
    """Poll until the newest job ends; its messages."""
    messages, end = [], time.monotonic() + seconds
    while runner.busy and time.monotonic() < end:
        messages += runner.poll()
        time.sleep(0.01)
    assert not runner.busy, "the job never ended"
    return messages


def test_a_puzzle_made_in_the_worker_process_comes_back_with_its_fill(runner):
    from generator.wfc import replay

    runner.submit(partial(jobs.generate_puzzle, Level.EASY, 3))
    messages = finish(runner)
    assert messages[-1].kind == "done"
    made = messages[-1].value
    assert isinstance(made, MadePuzzle) and made.level == Level.EASY
    assert list(replay(made.trace)) == list(made.solution)  # the replay makes the solution
    assert all(made.puzzle[c] in (0, made.solution[c]) for c in range(81))


def test_a_master_search_tells_its_statuses_and_stops_when_cancelled(runner):
    runner.submit(partial(jobs.generate_puzzle, Level.MASTER, 168))  # seed 168 takes 242 grids, 8 s
    messages, end = [], time.monotonic() + 30
    while len({m.value.grid for m in messages if m.kind == "status"}) < 3 and time.monotonic() < end:
        messages += runner.poll()
        time.sleep(0.01)
    told = [m for m in messages if m.kind == "status"]
    assert all(isinstance(m.value, MakingStatus) for m in told) and told[-1].value.grid >= 3
    assert any(m.value.rejected for m in told)
    # still searching when cancelled: were the seed ever made in a few grids, this says so
    # rather than passing without a cancel to test
    assert runner.busy and not any(m.kind == "done" for m in messages)
    runner.cancel()
    started = time.monotonic()
    runner.submit(partial(worker_jobs.answer, "next"))  # the worker runs one job at a time
    assert finish(runner, 10)[-1].value == "next"
    assert time.monotonic() - started < 3  # the search stopped: it had 200 grids to go


def test_grading_inkalas_puzzle_runs_in_the_worker_until_cancelled(runner):
    from solver.grid import parse_values

    runner.submit(partial(jobs.grade_puzzle, tuple(parse_values(INKALA))))  # about 10 s of grading
    time.sleep(1.5)
    assert runner.busy and not runner.poll()  # still grading
    runner.cancel()
    started = time.monotonic()
    runner.submit(partial(worker_jobs.answer, "next"))
    assert finish(runner, 10)[-1].value == "next"
    assert time.monotonic() - started < 3  # the grader stopped at its next cancel check


def test_a_newer_job_cancels_the_older_and_only_its_messages_come_out(runner):
    first = runner.submit(worker_jobs.until_cancelled)
    time.sleep(0.5)
    second = runner.submit(partial(worker_jobs.answer, 42))
    messages = finish(runner)
    assert second > first and [m.value for m in messages if m.kind == "done"] == [42]
    assert all(m.job_id == second for m in messages)


def test_errors_and_a_dead_worker_come_back_as_messages_and_the_next_job_runs(runner):
    runner.submit(worker_jobs.fail)
    assert finish(runner)[-1].value.startswith("ValueError: no such puzzle")
    runner.submit(worker_jobs.die)
    last = finish(runner)[-1]
    assert last.kind == "error" and "worker process stopped" in last.value
    runner.submit(partial(worker_jobs.answer, "again"))
    assert finish(runner)[-1].value == "again"


@pytest.mark.parametrize("text", ["abc", "1" * 81, "0" * 81, "11" + "0" * 79, "12" + "0" * 79 + "3"])
def test_a_bad_paste_reads_as_words_for_the_player(runner, text):
    """What the player is told about a pasted puzzle names no function or exception class."""
    import re
    from types import SimpleNamespace

    from game.paste import PasteJob

    pasting = PasteJob(SimpleNamespace(jobs=runner))
    pasting.start(text)
    end = time.monotonic() + 60
    while (result := pasting.poll()) is None and time.monotonic() < end:
        time.sleep(0.01)
    kind, message = result
    assert kind == "error"
    assert not re.search(r"\(\w*_\w*\)|Error\b|\bparse_|\bsolve_", message), message
    assert message[0].isupper() and message.endswith(".")


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no POSIX priorities here")
def test_the_worker_runs_below_the_games_priority(runner):
    from game.worker_process import WORKER_NICENESS

    ours = os.getpriority(os.PRIO_PROCESS, 0)
    runner.submit(partial(worker_jobs.niceness))
    done = [m for m in finish(runner) if m.kind == "done"]
    assert done and done[0].value == min(19, ours + WORKER_NICENESS)


def test_ctrl_c_in_the_terminal_leaves_the_worker_to_the_game(runner):
    """A terminal's Ctrl+C reaches every process of its group: the worker ignores it from its
    first instruction (it printed "Process sudoku-worker:" and a traceback, and died), and the
    game ends it on its way out. Sent at once and again once it is ready, it still works."""
    import signal

    runner.start()
    os.kill(runner._process.pid, signal.SIGINT)  # while the interpreter starts
    runner.submit(partial(jobs.generate_puzzle, Level.EASY, 3))
    assert finish(runner)[-1].kind == "done"
    os.kill(runner._process.pid, signal.SIGINT)  # while it waits for work
    time.sleep(0.3)
    runner.submit(partial(jobs.generate_puzzle, Level.EASY, 4))
    assert finish(runner)[-1].kind == "done"
    assert signal.getsignal(signal.SIGINT) is not signal.SIG_IGN  # the game's own is given back
