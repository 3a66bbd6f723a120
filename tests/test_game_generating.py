"""The generating screen replays how the puzzle was made (the WFC fill's events, then the dig),
driven with synthetic frames under SDL's dummy driver and a fake job result: it reaches play
after the replay, a key or click skips it, Esc still cancels, the speed setting stretches or
skips it, and it is drawn to fit any window size."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game import jobs
from game import theme as th
from game.scenes.difficulty import DifficultyScene
from game.scenes.generating import FLASH, REPLAY_SECONDS, GeneratingScene, Replay
from game.scenes.play import PlayScene
from generator.wfc import BACKTRACK, Event, fill
from solver.levels import Level
from tests.gameplay import FRAME, click, key, run_until

DIG = tuple(range(0, 81, 2))  # the fake dig: every other cell


def made(seed: int = 6, level: Level = Level.EASY) -> SimpleNamespace:
    """What generator.generate(trace=True) returns, as far as the game reads it: a real WFC
    fill's events (seed 6 backtracks twice) and a dig of every other cell."""
    events: list[Event] = []
    solution = tuple(fill(seed, events=events))
    puzzle = tuple(0 if cell in DIG else v for cell, v in enumerate(solution))
    return SimpleNamespace(puzzle=puzzle, solution=solution, level=level, grade=SimpleNamespace(hardest="Full House"),
                           seed=seed, trace=tuple(events), dig_order=DIG, put_back=())


@pytest.fixture
def traced(monkeypatch):
    """jobs.generate_puzzle returns ``made()`` at once."""
    result = made()
    monkeypatch.setattr(jobs, "generate_puzzle", lambda level, seed, progress, cancel: result)
    return result


def start(app) -> GeneratingScene:
    """The generating screen, run until the worker's result arrives."""
    scene = GeneratingScene(app, Level.EASY)
    app.switch(scene)
    run_until(app, lambda: scene.result is not None)
    return scene


def frames_to_play(app, limit: int = 1000) -> int:
    for count in range(limit):
        if isinstance(app.scene, PlayScene):
            return count
        app.frame([], FRAME)
    raise AssertionError("never reached the play screen")


def test_the_replay_rebuilds_the_solution_then_digs_out_the_puzzle():
    result = made()
    replay = Replay(result.trace, result.dig_order, result.put_back, result.solution, 3.0)
    assert any(e.kind == BACKTRACK for e in result.trace)
    while replay.cursor < replay.fill_steps:
        replay.advance(FRAME)
    assert replay.values == list(result.solution) and not replay.digging
    while not replay.done:
        replay.advance(FRAME)
    assert replay.values == list(result.puzzle)
    assert replay.clock == pytest.approx(3.0, abs=FRAME)


def test_a_long_trace_replays_in_the_same_time_many_steps_per_frame():
    result = made()
    long_trace = result.trace * 40  # about 3,500 events
    replay = Replay(long_trace, (), (), result.solution, 3.0)
    frames = 0
    while not replay.done:
        replay.advance(FRAME)
        frames += 1
    assert frames <= round(3.0 / FRAME) + 1 and replay.cursor == len(long_trace)


def test_entropy_counts_the_digits_still_possible():
    result = made()
    replay = Replay(result.trace, (), (), result.solution, 3.0)
    assert replay.entropy() == [9] * 81
    replay.advance(replay.times[0])  # the first collapse
    first = result.trace[0]
    counts = replay.entropy()
    assert counts[first.cell] == 0 and replay.values[first.cell] == first.digit
    peers = [c for c in range(81) if c != first.cell and (c // 9 == first.cell // 9 or c % 9 == first.cell % 9)]
    assert all(counts[c] == 8 for c in peers)


def test_the_screen_replays_then_reaches_play_with_the_puzzle(app, traced):
    scene = start(app)
    assert scene.replay is not None and isinstance(app.scene, GeneratingScene)
    frames = frames_to_play(app)
    assert abs(frames - REPLAY_SECONDS["normal"] / FRAME) < 10
    assert app.game.puzzle.givens == traced.puzzle


def test_a_key_or_a_click_skips_the_replay_at_once(app, traced):
    start(app)
    app.frame([], FRAME)
    app.frame([key(pygame.K_SPACE)], FRAME)
    assert isinstance(app.scene, PlayScene) and app.game.puzzle.givens == traced.puzzle
    start(app)
    app.frame(click((5, 5)), FRAME)
    assert isinstance(app.scene, PlayScene)


def test_a_key_pressed_while_the_worker_runs_skips_the_replay_when_the_puzzle_arrives(app, fake_generate, monkeypatch):
    fake_generate.gate.clear()
    app.switch(GeneratingScene(app, Level.EASY))
    app.frame([key(pygame.K_RETURN)], FRAME)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)], FRAME)
    assert isinstance(app.scene, GeneratingScene)
    fake_generate.gate.set()
    run_until(app, lambda: isinstance(app.scene, PlayScene), frames=30)


def test_esc_still_cancels_during_the_replay(app, traced):
    start(app)
    app.frame([], FRAME)
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, DifficultyScene)


@pytest.mark.parametrize("speed", ["slow", "fast", "off", "warp"])
def test_the_animation_speed_setting_stretches_or_skips_the_replay(app, traced, speed):
    app.animation_speed = speed
    scene = start(app)
    if speed == "off":
        assert scene.replay is None
        app.frame([], FRAME)
        assert isinstance(app.scene, PlayScene)
        return
    seconds = REPLAY_SECONDS.get(speed, REPLAY_SECONDS["normal"])  # an unknown speed is normal
    assert abs(frames_to_play(app) - seconds / FRAME) < 10


def test_the_demo_shows_the_same_replay(app, traced):
    app.start_demo()
    run_until(app, lambda: getattr(app.scene, "replay", None) is not None)
    assert app.scene.purpose == "demo"
    frames_to_play(app)
    assert app.scene.demo


# --- pixels -----------------------------------------------------------------------------------


def glyph_pixels(surface, rect, colour) -> int:
    return pygame.mask.from_threshold(surface.subsurface(rect), colour, (1, 1, 1, 255)).count()


def test_a_collapsed_cell_shows_its_digit_mid_replay(app, screen, traced):
    scene = start(app)
    replay = scene.replay
    _, field = scene.field_layout(screen.get_size())
    first = traced.trace[0]
    box = GeneratingScene.cell_rect(field, first.cell)
    app.frame([], 0)
    before = screen.subsurface(box).copy()
    assert glyph_pixels(screen, box, th.GIVEN) == 0  # an entropy count, not a digit
    while replay.clock < replay.times[0] + FLASH + 0.05:  # past its flash: the digit alone
        app.frame([], FRAME)
    assert replay.values[first.cell] == first.digit and not replay.digging
    assert glyph_pixels(screen, box, th.GIVEN) > 20
    changed = pygame.mask.from_threshold(before, th.BOARD_BG, (1, 1, 1, 255)).count()
    assert glyph_pixels(screen, box, th.BOARD_BG) < changed  # the digit covers more than the count did


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (3840, 2160)])
def test_the_screen_fits_any_window_size(app, traced, size):
    scene = start(app)
    for _ in range(60):
        app.frame([], FRAME)
    surface = pygame.Surface(size)
    surface.fill((1, 2, 3))
    scene.draw(surface)
    assert pygame.mask.from_threshold(surface, (1, 2, 3), (1, 1, 1, 255)).count() == 0
    _, field = scene.field_layout(size)
    assert surface.get_rect().contains(field.inflate(8, 8))
    assert field.w >= 0.5 * min(size) and abs(field.centerx - size[0] / 2) <= 1
    empty = [c for c in range(81) if not scene.replay.values[c]]
    assert len(empty) < 81  # some digits are on the board
