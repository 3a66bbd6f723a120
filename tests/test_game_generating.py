"""The generating screen, driven with synthetic frames under SDL's dummy driver and fake jobs:
while the search runs it names the grid, its stage and why grids were turned down, its bar
never stands still, and Esc or Cancel stops the job; then it replays how the puzzle was made
(the WFC fill's events, then the dig): it reaches play after the replay, a key or click skips
it, Esc still cancels, the speed setting stretches or skips it, and it is drawn to fit any
window size with its text apart and readable."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pygame
import pytest

from game import jobs
from game import theme as th
from game.layout import Layout
from game.made import PACE_GRIDS, MakingStatus
from game.making_field import FLASH
from game.replay import Replay
from game.scenes.difficulty import DifficultyScene
from game.scenes.generating import HOLD_SECONDS, REPLAY_SECONDS, STAGES, GeneratingScene
from game.scenes.play import PlayScene
from game.theme import Theme
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
    return SimpleNamespace(
        puzzle=puzzle,
        solution=solution,
        level=level,
        grade=SimpleNamespace(hardest="Full House"),
        seed=seed,
        trace=tuple(events),
        dig_order=DIG,
        put_back=(),
    )


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
    assert glyph_pixels(screen, box, th.STANDARD.given) == 0  # an entropy count, not a digit
    while replay.clock < replay.times[0] + FLASH + 0.05:  # past its flash: the digit alone
        app.frame([], FRAME)
    assert replay.values[first.cell] == first.digit and not replay.digging
    assert glyph_pixels(screen, box, th.STANDARD.given) > 20
    changed = pygame.mask.from_threshold(before, th.STANDARD.board_bg, (1, 1, 1, 255)).count()
    assert glyph_pixels(screen, box, th.STANDARD.board_bg) < changed  # the digit covers more than the count did


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


@pytest.mark.parametrize("level", list(Level)[:5])
def test_every_line_of_the_making_screen_wraps_unsqueezed_in_the_smallest_window(screen, level, monkeypatch):
    """At 800x600 each text of the two panels takes at most 3 lines at its own size: a longer one
    was squeezed to fit (the Master note's last line came out about 7 pixels tall)."""
    from game.app import App
    from game.theme import wrap_text
    from tests.gameplay import FakeClock

    too_long = []
    real = GeneratingScene._lines

    def checked(self, text, width, size, colour):
        if len(wrap_text(self.theme, text, size, width)) > 3:
            too_long.append(text)
        return real(self, text, width, size, colour)

    monkeypatch.setattr(GeneratingScene, "_lines", checked)
    app = App(pygame.display.set_mode((800, 600)), seed=11, clock=FakeClock())
    app.goto("generating", level=level)
    app.frame([], FRAME)
    app.jobs.cancel()
    assert too_long == []


# --- while the search runs: what it says, the bar, Cancel ---------------------------------------

HARD_REASON = "too easy: Hard techniques solve it"
CHECKED = made(level=Level.MASTER).puzzle  # a dug grid (40 givens)


def status(
    grid: int = 40,
    stage: str = "checking",
    seconds: float = 2.0,
    rejected: str = HARD_REASON,
    turned_down=((HARD_REASON, 31), ("too easy: Expert techniques solve it", 8)),
) -> MakingStatus:
    """A Master search's status at ``grid`` (2 s for 39 grids: about 15 s usually at most)."""
    return MakingStatus(stage, grid, seconds, CHECKED if stage == "checking" else (), rejected, turned_down, 130.0)


@pytest.fixture
def searching(monkeypatch):
    """jobs.generate_puzzle tells ``told`` (statuses; a test may add more before starting the
    screen), then searches until cancelled; ``cancelled`` is set when it saw ``cancel()``."""
    fake = SimpleNamespace(told=[status()], cancelled=threading.Event())

    def generate_puzzle(level, seed, progress, cancel):
        for told in fake.told:
            progress(told)
        while not cancel():
            time.sleep(0.002)
        fake.cancelled.set()
        raise RuntimeError("cancelled")

    monkeypatch.setattr(jobs, "generate_puzzle", generate_puzzle)
    return fake


def search(app, searching) -> GeneratingScene:
    """The Master generating screen once ``searching``'s statuses have all arrived."""
    scene = GeneratingScene(app, Level.MASTER)
    app.switch(scene)
    run_until(app, lambda: scene.status == searching.told[-1])
    return scene


def texts_drawn(app, monkeypatch) -> list[str]:
    """Every text the theme renders for one frame of ``app``."""
    seen: list[str] = []
    real = Theme.text

    def text(self, words, size, colour):
        seen.append(words)
        return real(self, words, size, colour)

    monkeypatch.setattr(Theme, "text", text)
    app.frame([], FRAME)
    monkeypatch.setattr(Theme, "text", real)
    return seen


def test_the_usual_time_follows_the_pace_and_the_chance_per_grid():
    assert status(grid=PACE_GRIDS).usual_seconds() is None  # the first grids are slower
    low, high = status(grid=41, seconds=4.0).usual_seconds()  # 0.1 s a grid, 1 grid in 130 is Master
    assert low == pytest.approx(1.37, abs=0.01) and high == pytest.approx(29.8, abs=0.1)  # 10th, 90th percentile
    assert status(grid=41, seconds=8.0).usual_seconds() == pytest.approx((2 * low, 2 * high))
    assert MakingStatus("filling", 7, 3.0, grids_per_puzzle=1.0).usual_seconds() == (0.5, 0.5)


def test_the_screen_names_the_grid_its_stage_and_why_the_last_was_turned_down(app, searching, monkeypatch):
    scene = search(app, searching)
    drawn = texts_drawn(app, monkeypatch)
    assert "Grid 40, dug to 40 givens: checking its level" in drawn
    assert scene.stage_index() == STAGES.index("checking")
    assert "3. Check the level" in drawn and "Grid 40" in drawn
    assert "Grid 39 turned down:" in drawn and HARD_REASON in drawn
    assert "39 turned down in all:" in drawn and f"31 {HARD_REASON}" in drawn
    assert "0 s so far: Master usually takes under 16 s here" in drawn  # 0.05 s a grid
    given = next(c for c in range(81) if CHECKED[c])
    assert str(CHECKED[given]) in drawn  # the field shows the grid being checked


def test_a_moved_puzzle_is_named_by_its_move_and_master_says_near_misses_are_walked(app, searching, monkeypatch):
    searching.told = [status(), status()._replace(move=7)]
    scene = search(app, searching)
    drawn = texts_drawn(app, monkeypatch)
    assert scene.caption() == "Grid 40, move 7: a given moved, dug to 40 givens: checking its level"
    assert scene.stage_index() == STAGES.index("checking")
    assert "If Expert techniques solve it, a given moves toward a harder puzzle" in " ".join(drawn)


def test_the_stage_on_screen_is_held_long_enough_to_read(app, searching):
    searching.told = [status(grid=grid, stage=stage) for grid in range(1, 41) for stage in STAGES]
    scene = search(app, searching)
    first = scene.shown
    app.frame([], HOLD_SECONDS / 2)
    assert scene.shown is first  # newer statuses wait their turn
    app.frame([], HOLD_SECONDS / 2)
    assert scene.shown == scene.status and scene.caption() == "Grid 40, dug to 40 givens: checking its level"


def bar_pixels(app, scene) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(scene.bar_rect(app.screen.get_size())), "RGB")


@pytest.mark.parametrize("told", [[], [status()]], ids=["before any status", "with an estimate"])
def test_the_bar_never_holds_one_value_for_two_seconds(app, searching, told):
    searching.told = told
    scene = GeneratingScene(app, Level.MASTER)
    app.switch(scene)
    run_until(app, lambda: (scene.status is not None) == bool(told))
    samples, fills = [], []
    for _ in range(int(25 / 0.5)):  # 25 s of simulated time, past the usual 15 s
        for _ in range(int(0.5 / FRAME) - 1):
            scene.update(FRAME)
        app.frame([], FRAME)
        samples.append(bar_pixels(app, scene))
        fills.append(scene.bar()[0])
    for start in range(len(samples) - 4):  # every 2 s window of samples taken each 0.5 s
        assert len(set(samples[start : start + 5])) > 1, f"the bar stood still from {start * 0.5} s"
    if told:
        usual_end = int(scene.usual()[1] / 0.5)
        assert all(a < b for a, b in zip(fills[: usual_end - 4 : 4], fills[4:usual_end:4]))  # it fills with time
        assert fills[-1] == 1.0 and "longer than the usual" in scene.timing()
    else:
        assert set(fills) == {0.0} and scene.timing() in ("24 s so far", "25 s so far")  # no estimate: the light


def test_esc_cancels_the_search_and_returns_to_the_difficulty_screen(app, searching):
    search(app, searching)
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, DifficultyScene)
    assert searching.cancelled.wait(5) and not app.jobs.busy


def test_the_cancel_button_cancels_the_search_and_a_click_elsewhere_does_not(app, searching):
    scene = search(app, searching)
    app.frame(click((5, 5)), FRAME)
    assert app.scene is scene and app.jobs.busy
    app.frame(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=scene.cancel_button.rect.center, rel=(0, 0), buttons=(0, 0, 0))],
        FRAME,
    )
    assert scene.hover
    app.frame(click(scene.cancel_button.rect.center), FRAME)
    assert isinstance(app.scene, DifficultyScene)
    assert searching.cancelled.wait(5) and not app.jobs.busy


class TextRecorder(pygame.Surface):
    """A Surface that remembers where each text the theme rendered was blitted."""

    def __init__(self, size, texts: set[int]):
        super().__init__(size)
        self.texts = texts
        self.placed: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        if id(source) in self.texts:
            self.placed.append(rect)
        return rect


@pytest.mark.parametrize("size", [(800, 600), (1200, 800)])
@pytest.mark.parametrize("when", ["searching", "replaying"])
def test_every_text_is_inside_the_window_apart_and_big_enough(app, searching, monkeypatch, size, when):
    long_reasons = (
        (HARD_REASON, 4000),
        ("too easy: Expert techniques solve it", 900),
        ("too hard: no technique here finishes it", 12),
        ("too easy: graded Expert", 3),
    )
    searching.told = [status(grid=4916, seconds=200.0, turned_down=long_reasons)]
    app.resize(pygame.Surface(size))
    scene = search(app, searching) if when == "searching" else None
    if when == "replaying":
        scene = GeneratingScene(app, Level.MASTER)
        scene.status = scene.shown = searching.told[0]
        scene.result = made(level=Level.MASTER)
        scene.replay = scene._replay_of(scene.result)
        scene.replay.advance(1.0)
    texts, sizes = set(), []
    real = Theme.text

    def text(self, words, size_px, colour):
        surface = real(self, words, size_px, colour)
        texts.add(id(surface))
        sizes.append(size_px)
        return surface

    monkeypatch.setattr(Theme, "text", text)
    surface = TextRecorder(size, texts)
    scene.draw(surface)
    window = surface.get_rect()
    assert len(surface.placed) > 81  # the field's digits and counts, and the lines around it
    assert scene.cancel_button.rect == GeneratingScene.make_cancel_button(Layout.fit(size)).rect  # laid out anew
    assert min(sizes) >= (14 if size == (1200, 800) else 12)
    assert all(window.contains(rect) for rect in surface.placed)
    overlapping = [(a, b) for i, a in enumerate(surface.placed) for b in surface.placed[i + 1 :] if a.colliderect(b)]
    assert not overlapping
