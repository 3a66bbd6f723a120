"""The scenes and the flow between them, driven by synthetic pygame events under SDL's dummy
driver: menu -> difficulty -> generating -> play -> win, Esc and Continue, a failed or cancelled
generation, the demo, full frames, and layouts that must hold five levels and long technique
names. What input does on the play screen is tested in tests/test_game_play_input.py, what it
draws in tests/test_game_play_drawing.py."""

from __future__ import annotations

import datetime
import importlib
import threading
import time

import pygame
import pytest

from game import jobs
from game import theme as th
from game.playstate import Puzzle
from game.scenes.difficulty import DifficultyScene
from game.scenes.generating import GeneratingScene
from game.scenes.menu import MenuScene
from game.scenes.play import FLOURISH_SECONDS, PlayScene
from game.scenes.win import WinScene
from game.session import Game
from solver.grid import parse_values
from solver.levels import Level
from tests.gameplay import (
    FRAME,
    PUZZLE,
    R1C3,
    R5C5,
    SOLUTION,
    almost_solved,
    click,
    generated,
    key,
    play,
    run_until,
    solve_by_hand,
)

# --- scenes and flow ---------------------------------------------------------------------------------------


def test_menu_to_difficulty_to_generating_to_play_to_win(app, fake_generate):
    fake_generate.gate.clear()
    app.switch(MenuScene(app))
    assert app.scene.menu.actions() == ["new", "daily", "practice", "stats", "settings", "demo", "quit"]
    app.frame([key(pygame.K_RETURN)], FRAME)  # New game
    assert isinstance(app.scene, DifficultyScene)
    app.frame([key(pygame.K_UP), key(pygame.K_RETURN)], FRAME)  # Medium is focused; up is Easy
    assert isinstance(app.scene, GeneratingScene) and app.scene.level == Level.EASY
    run_until(app, lambda: app.scene.progress == 0.5)
    assert isinstance(app.scene, GeneratingScene)
    fake_generate.gate.set()
    run_until(app, lambda: isinstance(app.scene, PlayScene))
    assert fake_generate.calls == [(Level.EASY, 11)]
    game = app.scene.game
    assert game is app.game and game.state.values[0] == 5
    for cell in range(81):
        if not game.state.values[cell]:
            game.select([cell])
            app.frame([key(getattr(pygame, f"K_{SOLUTION[cell]}"))], FRAME)
    assert game.solved
    run_until(app, lambda: isinstance(app.scene, WinScene), frames=int(FLOURISH_SECONDS / FRAME) + 10)
    rows = dict(app.scene.rows)
    assert rows["Hardest technique"] == "Hidden Pair" and rows["Hints used"] == "0"
    app.frame([key(pygame.K_RETURN)], FRAME)  # New game
    assert isinstance(app.scene, DifficultyScene)


def test_the_daily_puzzle_is_made_from_the_days_seed_and_played(app, fake_generate):
    """Menu -> Daily puzzle -> a level: the generating screen makes today's puzzle of that level
    from the day's seed (generator.daily; the same on every machine), then it is played."""
    from generator.daily import daily_seed

    app.switch(MenuScene(app))
    app.scene.menu.focus = app.scene.menu.actions().index("daily")
    app.frame([key(pygame.K_RETURN)], FRAME)
    today = datetime.date.today()
    assert isinstance(app.scene, DifficultyScene) and app.scene.daily == today
    app.frame([key(pygame.K_DOWN), key(pygame.K_RETURN)], FRAME)  # Medium is focused; down is Hard
    assert isinstance(app.scene, GeneratingScene) and app.scene.daily == today
    run_until(app, lambda: isinstance(app.scene, PlayScene))
    assert fake_generate.calls == [(Level.HARD, daily_seed(today, Level.HARD))]
    assert app.scene.game is app.game and app.game.puzzle.level == Level.HARD
    assert app.game.puzzle.daily == today.isoformat()  # its win will count in the daily streak


def _daily_of(app, level_keys):
    """Menu -> Daily puzzle -> the level ``level_keys`` reach from Medium; the generating screen."""
    app.switch(MenuScene(app))
    app.scene.menu.focus = app.scene.menu.actions().index("daily")
    app.frame([key(pygame.K_RETURN)], FRAME)
    app.frame([*level_keys, key(pygame.K_RETURN)], FRAME)


def test_esc_while_the_daily_is_made_goes_back_to_the_daily_s_levels(app, fake_generate):
    fake_generate.gate.clear()
    _daily_of(app, [])
    assert isinstance(app.scene, GeneratingScene)
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    fake_generate.gate.set()
    assert isinstance(app.scene, DifficultyScene) and app.scene.daily == datetime.date.today()


def test_the_daily_under_way_goes_on_and_a_daily_won_again_is_not_counted(app, fake_generate):
    _daily_of(app, [])
    run_until(app, lambda: isinstance(app.scene, PlayScene))
    game = app.game
    game.select([next(c for c in range(81) if not game.state.values[c])])
    game.input_digit(int(SOLUTION[game.selection[0]]))
    _daily_of(app, [])  # the same day and level while it is under way: that game, as it was
    assert (
        isinstance(app.scene, PlayScene)
        and app.scene.game is game
        and fake_generate.calls == [(Level.MEDIUM, fake_generate.calls[0][1])]
    )
    solve_by_hand(game)
    run_until(app, lambda: isinstance(app.scene, WinScene), frames=int(FLOURISH_SECONDS / FRAME) + 10)
    won = app.profile.stats.level(Level.MEDIUM)
    assert won.won == 1
    _daily_of(app, [])  # won already: played again as a replay, not counted
    run_until(app, lambda: isinstance(app.scene, PlayScene))
    assert app.game is not game and not app.game.puzzle.counted
    assert any("solved this Medium daily puzzle already" in text for text, _ in app.toasts)
    assert app.profile.stats.level(Level.MEDIUM).played == won.played


def test_menu_is_keyboard_and_mouse_navigable(app):
    app.switch(MenuScene(app))
    menu = app.scene.menu
    app.frame([key(pygame.K_UP)], FRAME)
    assert menu.buttons[menu.focus].action == "quit"  # wraps upward
    app.frame([key(pygame.K_DOWN)], FRAME)
    assert menu.buttons[menu.focus].action == "new"  # and downward
    app.frame([key(pygame.K_DOWN), key(pygame.K_DOWN)], FRAME)
    assert menu.buttons[menu.focus].action == "practice"
    quit_button = menu.buttons[-1]
    app.frame(click(quit_button.rect.center), FRAME)
    assert not app.running and app.exit_code == 0


def test_continue_appears_only_while_a_game_is_running(app):
    app.switch(MenuScene(app))
    assert "continue" not in app.scene.menu.actions()
    play(app)
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, MenuScene)
    assert app.scene.menu.actions()[0] == "continue"
    app.game = Game(almost_solved(R5C5), clock=app.clock)
    app.game.select([R5C5])
    app.game.input_digit(5)
    app.switch(MenuScene(app))
    assert "continue" not in app.scene.menu.actions()


def test_esc_from_play_then_continue_returns_to_the_same_game(app):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    app.frame([key(pygame.K_4)], FRAME)
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, MenuScene) and game.timer_stopped
    app.frame([key(pygame.K_RETURN)], FRAME)  # Continue is first and focused
    assert isinstance(app.scene, PlayScene) and app.scene.game is game
    assert game.state.entries[R1C3] == 4 and not game.timer_stopped


def test_esc_cancels_generation_and_returns_to_difficulty(app, monkeypatch):
    started, cancelled = threading.Event(), threading.Event()

    def slow_generate(level, seed, progress, cancel):
        started.set()
        while not cancel():
            time.sleep(0.001)
        cancelled.set()
        raise RuntimeError("cancelled")

    monkeypatch.setattr(jobs, "generate_puzzle", slow_generate)
    app.switch(GeneratingScene(app, Level.HARD))
    assert started.wait(5)
    app.frame([], FRAME)
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, DifficultyScene)
    assert cancelled.wait(5)
    assert not app.jobs.busy
    for _ in range(5):
        app.frame([], FRAME)
    assert isinstance(app.scene, DifficultyScene)


def test_generation_error_returns_to_the_menu_with_a_message(app, monkeypatch, capsys):
    def broken(level, seed, progress, cancel):
        raise ValueError("digger jammed")

    monkeypatch.setattr(jobs, "generate_puzzle", broken)
    app.switch(GeneratingScene(app, Level.EASY))
    run_until(app, lambda: isinstance(app.scene, MenuScene))
    assert app.scene.notice and "digger jammed" in capsys.readouterr().err


def test_new_puzzle_key_replaces_the_puzzle_as_an_undo_step(app, fake_generate):
    scene = play(app)
    old = scene.game.puzzle
    scene.game.select([R1C3])
    app.frame([key(pygame.K_4)], FRAME)
    fake_generate.gate.clear()
    app.frame([key(pygame.K_n)], FRAME)
    assert isinstance(app.scene, GeneratingScene) and app.scene.level == Level.MEDIUM
    fake_generate.gate.set()
    run_until(app, lambda: isinstance(app.scene, PlayScene))
    game = app.scene.game
    assert game is app.game and game.puzzle is not old and game.state.entries[R1C3] == 0
    app.frame([key(pygame.K_z, pygame.KMOD_LCTRL)], FRAME)
    assert game.puzzle is old and game.state.entries[R1C3] == 4


def test_exception_in_a_scene_returns_to_the_menu_without_raising(app, monkeypatch, capsys):
    scene = play(app)

    def explode(surface):
        raise RuntimeError("paint spilled")

    monkeypatch.setattr(scene, "draw", explode)
    app.frame([], FRAME)
    assert isinstance(app.scene, MenuScene) and app.scene.notice
    assert app.running
    err = capsys.readouterr().err
    assert "paint spilled" in err and "Traceback" not in err
    assert "continue" in app.scene.menu.actions()  # the game survives


def test_demo_plays_with_the_hint_engine_until_solved_then_moves_on(app, monkeypatch):
    calls = []

    def generate_puzzle(level, seed, progress, cancel):
        calls.append(level)
        puzzle = list(SOLUTION)
        for cell in (0, 10, 40, 80):
            puzzle[cell] = "0"
        return generated("".join(puzzle), level=level, hardest="Full House")

    monkeypatch.setattr(jobs, "generate_puzzle", generate_puzzle)
    # The first hint search imports the solver (tens of milliseconds) and the ten frames below run
    # back to back, so import it first: the test then passes alone, not only after a hint test.
    importlib.import_module("solver.human")
    app.start_demo()
    run_until(app, lambda: isinstance(app.scene, PlayScene))
    scene = app.scene
    assert scene.demo and scene.game is not app.game
    empty = sum(1 for v in scene.game.state.values if not v)
    for _ in range(10):
        app.frame([], 0.1)
    assert sum(1 for v in scene.game.state.values if not v) < empty
    run_until(app, lambda: isinstance(app.scene, WinScene), frames=200)
    run_until(app, lambda: isinstance(app.scene, PlayScene), frames=400)
    assert calls[:2] == [Level.EASY, Level.MEDIUM]
    app.frame([key(pygame.K_a)], FRAME)  # any key leaves the demo
    assert isinstance(app.scene, MenuScene) and not app.demo


def test_any_key_leaves_the_demo_while_it_makes_a_puzzle(app, fake_generate):
    fake_generate.gate.clear()  # the worker waits: the generating screen stays
    app.start_demo()
    app.frame([], FRAME)
    app.frame([key(pygame.K_SPACE)], FRAME)
    assert isinstance(app.scene, MenuScene) and not app.demo
    fake_generate.gate.set()


def test_every_scene_draws_a_full_frame(app, screen, fake_generate):
    stale = (1, 2, 3)  # what the last frame left; a full frame covers every pixel of it

    def stale_pixels() -> int:
        return pygame.mask.from_threshold(screen, stale, (1, 1, 1, 255)).count()

    def draw_frame(scene) -> None:
        screen.fill(stale)
        app.frame([], FRAME)
        assert app.scene is scene  # no error sent the app back to the menu
        assert stale_pixels() == 0, type(scene).__name__

    fake_generate.gate.clear()
    for scene in (MenuScene(app), DifficultyScene(app), GeneratingScene(app, Level.EASY)):
        app.switch(scene)
        draw_frame(scene)
    fake_generate.gate.set()
    draw_frame(play(app))
    app.switch(WinScene(app, app.game))
    draw_frame(app.scene)


def test_generating_screen_shows_a_fast_puzzle_for_a_moment_first(app, fake_generate):
    app.switch(GeneratingScene(app, Level.EASY))
    run_until(app, lambda: app.scene.result is not None)
    assert isinstance(app.scene, GeneratingScene)  # held for the animation
    run_until(app, lambda: isinstance(app.scene, PlayScene))


def test_measure_generation_frames_times_frames_while_the_worker_runs(monkeypatch):
    release = threading.Event()

    def generate_puzzle(level, seed, progress, cancel):
        release.wait(0.3)  # keeps the worker busy for a few frames
        return generated(level=level)

    monkeypatch.setattr(jobs, "generate_puzzle", generate_puzzle)
    from game.measure import measure_generation_frames

    times = measure_generation_frames(Level.EASY, 3, max_seconds=5)
    assert len(times) >= 2 and all(t > 0 for t in times)


# --- five levels, the demo's cycle and long technique names -----------------------------------------------

ALL_FIVE = (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.MASTER)


def test_difficulty_screen_lays_out_five_levels_and_back_in_the_window(app, screen, fake_generate, monkeypatch):
    from solver import levels

    monkeypatch.setattr(levels, "PLAYABLE_LEVELS", ALL_FIVE)
    app.switch(DifficultyScene(app))
    menu = app.scene.menu
    assert menu.actions() == [*ALL_FIVE, "back"]
    notes = {b.action: b.sub for b in menu.buttons}
    assert notes[Level.EXPERT] == "chains, ALS and big fish"
    assert notes[Level.MASTER] == "forcing chains and nets"
    window = screen.get_rect()
    footer_top = window.h - 48
    rects = [b.rect for b in menu.buttons]
    for button in menu.buttons:
        assert window.contains(button.rect) and button.rect.bottom < footer_top
        label = app.theme.text(button.label, button.size, th.STANDARD.text)
        assert label.get_width() < button.rect.w and label.get_height() < button.rect.h
        if button.sub:
            assert app.theme.text(button.sub, 20, th.STANDARD.text).get_width() < button.rect.w - 20
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    app.frame([], FRAME)
    assert app.scene.name == "difficulty"  # drew without an error
    app.frame([key(pygame.K_DOWN)] * 3 + [key(pygame.K_RETURN)], FRAME)  # Medium -> Master
    assert isinstance(app.scene, GeneratingScene) and app.scene.level == Level.MASTER


def test_difficulty_screen_still_offers_what_the_generator_makes(app):
    from solver import levels

    app.switch(DifficultyScene(app))
    assert app.scene.menu.actions() == [*levels.PLAYABLE_LEVELS, "back"]


def test_the_demo_cycles_through_every_playable_level(monkeypatch):
    from game.scenes.win import next_demo_level
    from solver import levels

    monkeypatch.setattr(levels, "PLAYABLE_LEVELS", ALL_FIVE)
    order = [Level.EASY]
    for _ in range(5):
        order.append(next_demo_level(order[-1]))
    assert order == [*ALL_FIVE, Level.EASY]
    assert next_demo_level(Level.BEYOND) == Level.EASY


@pytest.mark.parametrize(
    "hardest",
    [
        "Grouped Discontinuous Nice Loop",
        "Locked Candidates Type 1 (Pointing)",
        "Forcing Net Contradiction",
        "Hidden Pair",
    ],
)
def test_win_screen_keeps_a_long_technique_name_off_its_label(app, screen, hardest):
    puzzle = Puzzle(tuple(parse_values(SOLUTION)), tuple(parse_values(SOLUTION)), Level.EXPERT, hardest)
    app.game = Game(puzzle, clock=app.clock)
    app.switch(WinScene(app, app.game))
    app.frame([], FRAME)
    panel, blits = app.scene.panel_layout()
    rects = [rect for _, rect in blits]
    assert all(panel.contains(rect) for rect in rects)
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert all(not panel.colliderect(button.rect) for button in app.scene.menu.buttons)
    if hardest == "Hidden Pair":  # a short name stays beside its label
        assert rects[-1].centery == rects[-2].centery


def test_the_menu_keeps_continue_focused_under_a_resting_pointer(app):
    """After a crash the saved game is offered: Enter continues it, even when the pointer sits
    over New game where the window opened (SDL reports its position once); a pointer that moves
    focuses what it hovers."""
    scene = play(app)
    game = scene.game
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    menu = app.scene
    new_game = menu.menu.buttons[menu.menu.actions().index("new")]
    resting = pygame.event.Event(pygame.MOUSEMOTION, pos=new_game.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.frame([resting], FRAME)
    assert menu.menu.actions()[menu.menu.focus] == "continue"
    moved = pygame.event.Event(
        pygame.MOUSEMOTION, pos=(new_game.rect.centerx + 5, new_game.rect.centery), rel=(5, 0), buttons=(0, 0, 0)
    )
    app.frame([moved], FRAME)
    assert menu.menu.actions()[menu.menu.focus] == "new"
    app.frame([key(pygame.K_UP), key(pygame.K_RETURN)], FRAME)
    assert isinstance(app.scene, PlayScene) and app.scene.game is game


@pytest.mark.parametrize("where", ["menu", "play"])
def test_a_still_screen_is_not_redrawn(app, where):
    """The loop draws every frame for a second after an input, then only when something
    changes: a still menu or play screen is drawn about once in its idle seconds, where the old
    loop drew 60 frames a second. A key press draws at once."""
    if where == "play":
        play(app)
    else:
        app.switch(MenuScene(app))
    drawn: list[float] = []
    draw = app.scene.draw
    app.scene.draw = lambda surface: (drawn.append(time.monotonic()), draw(surface))
    start = time.monotonic()
    pygame.time.set_timer(pygame.QUIT, 3000, loops=1)
    pygame.time.set_timer(key(pygame.K_F1), 2000, loops=1)  # a key that does nothing, pressed at 2 s
    app.loop()
    idle = [t - start for t in drawn if 1.2 < t - start < 1.95]
    # after the key every frame is drawn for a second; the window is wide because a loaded
    # machine (the suite's other worker on the other core) can hold the loop back 100 ms and
    # more, and an idle screen would draw once in it at most
    woken = [t - start for t in drawn if 1.95 < t - start < 2.6]
    assert len(drawn) > 20 and len(idle) <= 1 and len(woken) >= 5, (len(drawn), idle, woken)


def test_hints_of_a_game_given_up_count_and_pasted_games_are_not_counted(app):
    """As GNOME Sudoku and Good Sudoku count: the hints of an unfinished game count when it is
    given up (its streak ends); a pasted puzzle counts nowhere, not even as ending a streak."""
    from game.made import MadePuzzle

    stats = app.profile.stats
    stats.level(Level.MEDIUM).streak = stats.level(Level.MEDIUM).best_streak = 2
    stats.level(Level.MEDIUM).won = stats.level(Level.MEDIUM).played = 2
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    game.input_digit(9)  # wrong: the hint points at it and counts
    game.request_hint()
    assert game.hints_used == 1
    pasted = MadePuzzle(tuple(parse_values(PUZZLE)), tuple(parse_values(SOLUTION)), Level.EASY, None, None)
    app.play_imported(pasted)
    medium, easy = stats.level(Level.MEDIUM), stats.level(Level.EASY)
    assert (medium.hints_used, medium.streak, medium.best_streak) == (1, 0, 2)  # given up: counted
    assert (easy.played, easy.won) == (0, 0)  # the pasted one is not a start
    medium.streak = 1
    app.game.select([R1C3])
    app.game.input_digit(9)
    app.game.request_hint()  # a hint in the pasted game
    app.new_puzzle(MadePuzzle(pasted.puzzle, pasted.solution, Level.MEDIUM, None, 3))  # the pasted one given up
    assert (medium.streak, medium.hints_used, medium.played) == (1, 1, 3)  # only the new start counts
    assert stats.level(Level.EASY) == type(easy)()


def test_a_grading_that_ends_while_paused_is_drawn(app):
    """The level is learned in place and the header's line changes: the idle loop must see it
    (it drew neither until the next input, and the "Graded" line ran out unseen)."""
    scene = play(app, Puzzle(tuple(parse_values(PUZZLE)), tuple(parse_values(SOLUTION))))
    scene.set_paused(True)
    app.frame([], FRAME)
    assert not scene.stale()
    scene.game.puzzle.learn_grade(Level.EASY, "Naked Single")
    assert scene.stale()
