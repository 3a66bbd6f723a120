"""A person's whole game, end to end, with the real generator and solver (no fakes):
menu -> difficulty -> generating -> play -> win, by keyboard alone, by mouse alone, and by hints."""

from __future__ import annotations

import time

import pygame
import pytest

from game.scenes.difficulty import DifficultyScene
from game.scenes.menu import MenuScene
from game.scenes.play import FLOURISH_SECONDS, PlayScene
from game.scenes.win import WinScene
from solver.grid import COL_OF, ROW_OF
from solver.levels import Level
from tests.gameplay import FRAME, click, key, run_until

DIGIT_KEYS = [getattr(pygame, f"K_{d}") for d in range(10)]


def start(app, level: Level) -> PlayScene:
    """From the menu, choose New game and ``level`` with the keyboard; wait for the puzzle."""
    app.switch(MenuScene(app))
    app.frame([key(pygame.K_RETURN)], FRAME)
    assert isinstance(app.scene, DifficultyScene)
    app.frame([key(pygame.K_UP)], FRAME)  # Medium has the focus; up is Easy
    app.frame([key(pygame.K_DOWN)] * (level - 1) + [key(pygame.K_RETURN)], FRAME)
    run_until(app, lambda: isinstance(app.scene, PlayScene), frames=3000)
    assert app.game.puzzle.level == level
    return app.scene


def finish(app) -> dict:
    run_until(app, lambda: isinstance(app.scene, WinScene), frames=int(FLOURISH_SECONDS / FRAME) + 30)
    return dict(app.scene.rows)


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM, Level.HARD])
def test_a_generated_puzzle_is_played_to_the_win_screen_with_the_keyboard_alone(app, level):
    scene = start(app, level)
    game = scene.game
    solution = game.puzzle.solution
    cursor = game.cursor
    for cell in range(81):
        if game.state.values[cell]:
            continue
        moves = []
        d_row, d_col = ROW_OF[cell] - ROW_OF[cursor], COL_OF[cell] - COL_OF[cursor]
        moves += [key(pygame.K_DOWN if d_row > 0 else pygame.K_UP)] * abs(d_row)
        moves += [key(pygame.K_RIGHT if d_col > 0 else pygame.K_LEFT)] * abs(d_col)
        app.frame(moves + [key(DIGIT_KEYS[solution[cell]])], FRAME)
        cursor = cell
        assert game.state.values[cell] == solution[cell]
    assert game.solved
    rows = finish(app)
    assert rows["Hardest technique"] == game.puzzle.hardest
    assert rows["Level"] == level.label


def test_a_generated_puzzle_is_played_to_the_win_screen_with_the_mouse_alone(app):
    scene = start(app, Level.MEDIUM)
    game = scene.game
    digit_button = {b.action.digit: b for b in scene.keypad.digit_buttons}
    for cell in range(81):
        if not game.state.values[cell]:
            app.frame(click(scene.board.cell_rect(cell).center), FRAME)
            app.frame(click(digit_button[game.puzzle.solution[cell]].rect.center), FRAME)
            assert game.state.values[cell] == game.puzzle.solution[cell]
    finish(app)


def test_hints_alone_solve_a_generated_hard_puzzle(app):
    scene = start(app, Level.HARD)
    game = scene.game
    for _ in range(3000):
        if game.solved:
            break
        if game.hint is not None and game.hint.kind == "thinking":
            app.frame([], FRAME)  # the search runs on the hint worker
            time.sleep(0.001)
        else:
            app.frame([key(pygame.K_h)], FRAME)  # ask, show, apply
    assert game.solved
    rows = finish(app)
    assert int(rows["Hints used"]) >= 1
