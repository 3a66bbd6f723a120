"""What the play screen draws, read back pixel by pixel under SDL's dummy driver: givens, entries,
rule breaks, cell colours, pencil marks, and the staged hint's placement and wrong entries."""

from __future__ import annotations

import pygame

from game import theme as th
from game.playstate import Puzzle
from solver.grid import BIT
from solver.levels import Level
from tests.gameplay import (
    FRAME,
    R1C3,
    R5C5,
    SOLUTION,
    almost_solved,
    key,
    pixels,
    play,
    run_until,
)

# --- drawing --------------------------------------------------------------------------------------------


def test_givens_and_entries_are_drawn_in_different_colours(app, screen):
    scene = play(app)
    scene.game.select([R1C3])
    app.frame([key(pygame.K_4)], FRAME)
    scene.game.select([R5C5])  # move the highlight away
    app.frame([], FRAME)
    given_rect, entry_rect = scene.board.cell_rect(0), scene.board.cell_rect(R1C3)
    assert pixels(screen, given_rect, th.STANDARD.given) > 30 and pixels(screen, given_rect, th.STANDARD.entry) == 0
    assert pixels(screen, entry_rect, th.STANDARD.entry) > 30 and pixels(screen, entry_rect, th.STANDARD.given) == 0


def test_a_digit_that_breaks_a_rule_is_drawn_red(app, screen):
    scene = play(app)
    scene.game.select([R1C3])
    app.frame([key(pygame.K_4)], FRAME)
    assert pixels(screen, scene.board.cell_rect(R1C3), th.STANDARD.conflict) == 0
    app.frame([key(pygame.K_5)], FRAME)  # r1c1 holds a given 5
    scene.game.select([R5C5])
    app.frame([], FRAME)
    assert pixels(screen, scene.board.cell_rect(R1C3), th.STANDARD.conflict) > 30
    assert pixels(screen, scene.board.cell_rect(0), th.STANDARD.conflict) > 30


def test_cell_colour_is_painted_and_colour_mode_shows_swatches(app, screen):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    app.frame([key(pygame.K_v), key(pygame.K_8)], FRAME)
    assert game.state.colours[R1C3] == 8
    game.select([R5C5])
    app.frame([], FRAME)
    rect = scene.board.cell_rect(R1C3)
    expected = th.blend(th.STANDARD.peer, th.STANDARD.cell_colours[7], th.CELL_COLOUR_ALPHA)  # r1c3 is no peer of r5c5
    expected_plain = th.blend(th.STANDARD.board_bg, th.STANDARD.cell_colours[7], th.CELL_COLOUR_ALPHA)
    assert tuple(screen.get_at((rect.x + 8, rect.y + 8)))[:3] in (expected, expected_plain)
    button = scene.keypad.digit_buttons[7]
    swatch = th.blend(th.STANDARD.panel, th.STANDARD.cell_colours[7], 0.85)
    assert tuple(screen.get_at((button.rect.x + 10, button.rect.centery)))[:3] == swatch
    app.frame([key(pygame.K_z)], FRAME)
    assert tuple(screen.get_at((button.rect.x + 10, button.rect.centery)))[:3] != swatch


def test_corner_and_centre_marks_are_drawn_small(app, screen):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    app.frame([key(pygame.K_2, pygame.KMOD_LSHIFT), key(pygame.K_6, pygame.KMOD_LCTRL)], FRAME)
    game.select([R5C5])
    app.frame([], FRAME)
    rect = scene.board.cell_rect(R1C3)
    corner = pygame.Rect(rect.x, rect.y, rect.w // 3, rect.h // 3)
    middle = pygame.Rect(rect.x + rect.w // 3, rect.y + rect.h // 3, rect.w // 3, rect.h // 3)
    assert pixels(screen, corner, th.STANDARD.mark) > 3
    assert pixels(screen, middle, th.STANDARD.mark) > 3
    assert pixels(screen, rect, th.STANDARD.entry) == 0


def test_marks_on_a_bright_cell_colour_switch_to_dark_ink(app, screen):
    from game.board import DARK_INK

    scene = play(app)
    game = scene.game
    game.select([R1C3])
    app.frame([key(pygame.K_v), key(pygame.K_7), key(pygame.K_z), key(pygame.K_2, pygame.KMOD_LSHIFT)], FRAME)
    assert game.state.colours[R1C3] == 7 and game.state.corner[R1C3] == BIT[2]
    game.select([R5C5])
    app.frame([], FRAME)
    rect = scene.board.cell_rect(R1C3)
    assert pixels(screen, rect, DARK_INK) > 3 and pixels(screen, rect, th.STANDARD.mark) == 0


# --- staged hint on the play screen -----------------------------------------------------------------------


def test_three_hint_presses_name_show_and_apply_a_full_house(app, screen):
    puzzle = almost_solved(R5C5)
    givens = list(puzzle.givens)
    givens[80] = 0  # two open cells, so applying one hint does not win the game
    scene = play(app, Puzzle(tuple(givens), puzzle.solution, Level.EASY))
    game = scene.game
    game.select([0])
    app.frame([key(pygame.K_h)], FRAME)
    run_until(app, lambda: game.hint.kind == "step")  # the search runs on the hint worker
    assert game.hint.stage == 1 and game.hint.title == "Full House"
    ((cell, digit),) = game.hint.step.placements
    assert cell in (R5C5, 80) and digit == int(SOLUTION[cell])
    app.frame([key(pygame.K_h)], FRAME)
    assert game.hint.stage == 2
    assert pixels(screen, scene.board.cell_rect(cell), th.STANDARD.good) > 30  # the placement, in green
    assert game.state.entries[cell] == 0
    app.frame([key(pygame.K_h)], FRAME)
    assert game.state.entries[cell] == digit and game.hints_used == 1
    app.frame([key(pygame.K_z, pygame.KMOD_LCTRL)], FRAME)
    assert game.state.entries[cell] == 0


def test_hint_with_a_wrong_entry_outlines_it_in_red(app, screen):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    app.frame([key(pygame.K_2)], FRAME)  # the solution has 4
    app.frame([key(pygame.K_h)], FRAME)
    assert game.hint.kind == "wrong" and game.hint.cells == (R1C3,)
    rect = scene.board.cell_rect(R1C3)
    reds = sum(
        1
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if screen.get_at((x, y))[0] > 180 and screen.get_at((x, y))[1] < 120
    )
    assert reds > 40
