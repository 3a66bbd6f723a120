"""The background job runner: results come back as data, a newer job cancels the older one."""

from __future__ import annotations

import threading
import time

import pytest

from game.jobs import JobRunner
from game.made import MakingStatus


def drain(runner: JobRunner, until_kind: str, tries: int = 400) -> list:
    """Poll until a message of ``until_kind`` arrives; all messages seen, in order."""
    seen = []
    for _ in range(tries):
        seen += runner.poll()
        if any(m.kind == until_kind for m in seen):
            return seen
        time.sleep(0.005)
    raise AssertionError(f"no {until_kind!r} message; got {seen}")


def test_job_reports_progress_then_its_result():
    runner = JobRunner()

    def job(progress, cancel):
        progress(0.25)
        progress(0.5)
        return "puzzle"

    runner.submit(job)
    messages = drain(runner, "done")
    assert [m.kind for m in messages] == ["progress", "progress", "done"]
    assert [m.value for m in messages] == [0.25, 0.5, "puzzle"]
    assert not runner.busy


def test_tiny_progress_steps_are_not_queued():
    runner = JobRunner()

    def job(progress, cancel):
        for i in range(1000):
            progress(i / 100000)
        return None

    runner.submit(job)
    messages = drain(runner, "done")
    assert len([m for m in messages if m.kind == "progress"]) <= 3


def test_a_status_comes_through_whole_and_unthrottled_while_the_job_runs():
    runner = JobRunner()
    gate = threading.Event()
    told = [
        MakingStatus("checking", grid, 0.1 * grid, (0,) * 81, "too easy: Hard techniques solve it")
        for grid in range(1, 4)
    ]

    def job(progress, cancel):
        for status in told:
            progress(status)
        gate.wait(5)
        return "puzzle"

    runner.submit(job)
    messages = []
    while len(messages) < len(told):
        messages += runner.poll()
        time.sleep(0.005)
    assert [(m.kind, m.value) for m in messages] == [("status", status) for status in told]
    assert runner.busy  # a status is not the job's end
    gate.set()
    assert drain(runner, "done")[-1].value == "puzzle"


def test_newer_job_cancels_the_older_and_old_results_are_dropped():
    runner = JobRunner()
    started = threading.Event()
    saw_cancel = threading.Event()

    def slow(progress, cancel):
        started.set()
        while not cancel():
            time.sleep(0.001)
        saw_cancel.set()
        return "stale"

    runner.submit(slow)
    assert started.wait(5)
    runner.submit(lambda progress, cancel: "fresh")
    assert saw_cancel.wait(5)
    messages = drain(runner, "done")
    assert [m.value for m in messages if m.kind == "done"] == ["fresh"]
    time.sleep(0.02)
    assert runner.poll() == []


def test_errors_come_back_as_messages():
    runner = JobRunner()

    def broken(progress, cancel):
        raise RuntimeError("no puzzle today")

    runner.submit(broken)
    messages = drain(runner, "error")
    assert messages[-1].value == "RuntimeError: no puzzle today"
    assert not runner.busy


@pytest.mark.parametrize("death", [SystemExit(3), KeyboardInterrupt(), MemoryError("out of memory")])
def test_a_job_that_dies_of_anything_reports_an_error_instead_of_hanging(death):
    runner = JobRunner()

    def dying(progress, cancel):
        raise death

    runner.submit(dying)
    messages = drain(runner, "error")
    assert messages[-1].value.startswith(type(death).__name__)
    assert not runner.busy


def test_a_generator_that_dies_brings_the_menu_back_with_a_message(app, monkeypatch):
    from game import jobs
    from game.scenes.menu import MenuScene
    from solver.levels import Level
    from tests.gameplay import FRAME, run_until

    def dying(level, seed, progress, cancel):
        raise SystemExit("worker gone")

    monkeypatch.setattr(jobs, "generate_puzzle", dying)
    app.goto("generating", level=Level.EASY, purpose="new")
    run_until(app, lambda: isinstance(app.scene, MenuScene))
    app.frame([], FRAME)
    assert app.scene.notice == "Could not make a puzzle; please try again."


def test_cancel_makes_the_job_stop_and_drops_its_messages():
    runner = JobRunner()
    started, stopped = threading.Event(), threading.Event()

    def job(progress, cancel):
        started.set()
        while not cancel():
            time.sleep(0.001)
        stopped.set()
        raise InterruptedError("cancelled")

    runner.submit(job)
    assert started.wait(5)
    assert runner.busy
    runner.cancel()
    assert stopped.wait(5), "the job never saw cancel() turn true"
    runner.wait(5)
    assert not runner.busy
    assert runner.poll() == []


def test_wake_is_called_once_a_job_s_last_message_is_queued():
    # the game's loop sleeps in pygame.event.wait while a search runs: the wake posts an event
    seen: list[list[str]] = []
    runner = JobRunner(wake=lambda: seen.append([m.kind for m in runner.poll()]))
    runner.submit(lambda progress, cancel: "found")
    runner.wait(5)
    runner.submit(lambda progress, cancel: 1 / 0)
    runner.wait(5)
    assert seen == [["done"], ["error"]]


def test_the_wake_event_wakes_the_loop_and_is_not_handed_to_a_scene(screen):
    import pygame

    from game.display import WAKE, wake_loop

    pygame.event.clear()
    wake_loop()
    event = pygame.event.wait(1000)
    assert event.type == WAKE
    from game.app import App
    from tests.gameplay import FakeClock

    app = App(pygame.Surface((1200, 800)), seed=11, clock=FakeClock())
    app.goto("menu")
    handled = []
    app.scene.handle = handled.append
    app.frame([event], 1 / 60)
    assert handled == []
