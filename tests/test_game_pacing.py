"""Frame pacing (game.pacing.FramePacer) on a fake clock: flips on a steady cadence whatever
each frame's work, the first frame and a late one shown at once, no burst to catch up."""

from __future__ import annotations

import itertools

import pytest

from game.pacing import MARGIN, WINDOW, FramePacer

PERIOD = 1 / 60


class FakeTime:
    def __init__(self) -> None:
        self.t = 100.0
        self.flips: list[float] = []

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        assert seconds >= 0
        self.t += seconds

    def flip(self) -> None:
        self.flips.append(self.t)


def run(pacer: FramePacer, clock: FakeTime, works: list[float]) -> list[float]:
    """Frames of the given work (seconds); the intervals between their flips."""
    for work in works:
        pacer.begin()
        clock.t += work
        pacer.present(clock.flip)
    return [b - a for a, b in itertools.pairwise(clock.flips)]


def make() -> tuple[FramePacer, FakeTime]:
    clock = FakeTime()
    return FramePacer(60, now=clock.now, sleep=clock.sleep), clock


def test_flips_keep_the_period_when_the_work_changes_from_frame_to_frame():
    # what Clock.tick could not do: 3 ms then 8 ms of work put the flip 5 ms late
    pacer, clock = make()
    intervals = run(pacer, clock, [0.003, 0.008] * 40)
    assert intervals == pytest.approx([PERIOD] * len(intervals))


def test_the_first_frame_shows_as_soon_as_it_is_drawn():
    pacer, clock = make()
    start = clock.t
    run(pacer, clock, [0.004])
    assert clock.flips == [pytest.approx(start + 0.004)]


def test_a_late_frame_shows_at_once_and_the_next_comes_a_period_after_it():
    pacer, clock = make()
    run(pacer, clock, [0.003] * 5 + [0.030] + [0.003] * 3)
    intervals = [b - a for a, b in itertools.pairwise(clock.flips)]
    assert intervals[4] > PERIOD + 0.010  # the slow frame: late, not held back further
    assert intervals[5:] == pytest.approx([PERIOD] * 3)  # then the period again, no burst


def test_a_frame_starts_its_expected_work_before_its_flip():
    # the input a frame reads is at most the expected work old when it is shown
    pacer, clock = make()
    run(pacer, clock, [0.004] * (WINDOW + 5))  # the first frames' assumption has left the window
    assert pacer.expected() == pytest.approx(0.004 + MARGIN)
    before = clock.t
    pacer.begin()
    started = clock.t
    clock.t += 0.004
    pacer.present(clock.flip)
    assert clock.flips[-1] - started == pytest.approx(0.004 + MARGIN)
    assert clock.flips[-1] - before == pytest.approx(PERIOD)


def test_the_expectation_is_the_longest_recent_work_and_at_most_a_period():
    pacer, clock = make()
    assert pacer.expected() == pytest.approx(PERIOD / 2 + MARGIN)  # nothing timed yet
    run(pacer, clock, [0.003, 0.012, 0.003])
    assert pacer.expected() == pytest.approx(0.012 + MARGIN)
    run(pacer, clock, [0.050])
    assert pacer.expected() == pytest.approx(PERIOD + MARGIN)


def test_after_a_pause_the_next_frame_shows_at_once():
    pacer, clock = make()
    run(pacer, clock, [0.003] * 3)
    pacer.pause()
    clock.t += 1.0  # the loop waited for events
    start = clock.t
    pacer.begin()
    clock.t += 0.002
    pacer.present(clock.flip)
    assert clock.flips[-1] == pytest.approx(start + 0.002)


def test_a_skipped_frame_leaves_its_slot_unused():
    pacer, clock = make()
    run(pacer, clock, [0.003] * 3)
    last = clock.flips[-1]
    pacer.begin()
    clock.t += 0.003
    pacer.skip()
    run(pacer, clock, [0.003])
    assert clock.flips[-1] - last == pytest.approx(2 * PERIOD)


def test_begin_gives_the_time_from_the_last_flip_to_this_frames_slot():
    pacer, clock = make()
    assert pacer.begin() == 0.0
    clock.t += 0.003
    pacer.present(clock.flip)
    assert pacer.begin() == pytest.approx(PERIOD)  # this frame is meant to be seen a period later
    clock.t += 0.003
    pacer.present(clock.flip)
    pacer.pause()
    clock.t += 0.5  # the loop waited for events
    assert pacer.begin() == pytest.approx(0.5)  # the wait counts, as it did with Clock.tick


def test_time_steps_stay_a_period_when_the_expected_work_drops():
    # a long frame leaves the window: frames start later from then on, but are seen a period
    # apart, and so is what an animation advances by
    pacer, clock = make()
    run(pacer, clock, [0.003] * 3 + [0.012] + [0.003] * WINDOW)
    steps = []
    for _ in range(10):
        steps.append(pacer.begin())
        clock.t += 0.003
        pacer.present(clock.flip)
    assert steps == pytest.approx([PERIOD] * 10)


def test_the_flips_own_cost_does_not_lower_the_rate():
    pacer, clock = make()

    def slow_flip() -> None:
        clock.flip()
        clock.t += 0.002  # a real display's flip takes time

    for _ in range(60):
        pacer.begin()
        clock.t += 0.004
        pacer.present(slow_flip)
    intervals = [b - a for a, b in itertools.pairwise(clock.flips)]
    assert intervals == pytest.approx([PERIOD] * len(intervals))


def test_frames_that_draw_nothing_still_come_a_period_apart():
    # after a pause, a loop whose frames draw nothing must not spin
    pacer, clock = make()
    pacer.pause()
    starts = []
    for _ in range(5):
        pacer.begin()
        starts.append(clock.t)
        clock.t += 0.001
        pacer.skip()
    gaps = [b - a for a, b in itertools.pairwise(starts)]
    assert min(gaps) > PERIOD / 2 and gaps[1:] == pytest.approx([PERIOD] * 3)


def test_a_rate_must_be_positive():
    with pytest.raises(ValueError, match="fps"):
        FramePacer(0)
