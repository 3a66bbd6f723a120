"""The digit filter and clicks on pencil marks (issue 16 item 4), under SDL's dummy driver: the
keys and the tools page's buttons, what the board draws with the filter on (read back pixel by
pixel), and what a click on a mark does to the model and its undo history."""

from __future__ import annotations

import pygame
import pytest

from game import input as act
from game import theme as th
from game import tools
from game.board import FILTER_TINT
from solver.grid import BIT, PEERS
from tests.gameplay import FRAME, PUZZLE, R1C3, R1C4, R5C5, click, key, make_game, pixels, play

GIVENS = [int(ch) for ch in PUZZLE]
R1C6, R2C6 = 5, 14  # r1c6 is empty; r2c6 holds a given 5, like r1c1 (the two are not peers)


def marked(app, mode: str = "centre"):
    """The play screen with centre marks 2 4 7 in r1c3 and 2 6 in r1c4, a corner mark 9 in r1c4,
    the selection on r5c5 and the entry mode ``mode``; drawn once."""
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    for digit in (2, 4, 7):
        game.input_digit(digit, "centre")
    game.select([R1C4])
    game.input_digit(2, "centre")
    game.input_digit(6, "centre")
    game.input_digit(9, "corner")
    game.select([R5C5])
    game.set_mode(mode)
    app.frame([], FRAME)
    return scene


def spot(scene, cell: int, digit: int, layer: str = "centre"):
    """Where the board draws ``cell``'s mark ``digit`` of ``layer``."""
    state = scene.game.state
    return next(
        s
        for s in scene.board.mark_spots(cell, state.corner[cell], state.centre[cell])
        if s.digit == digit and s.layer == layer
    )


def fills(screen, scene) -> list[tuple[int, int, int]]:
    """Each cell's fill, read 3 pixels in from its top-left corner (clear of lines and marks)."""
    board = scene.board
    return [tuple(screen.get_at((board.cell_rect(c).x + 3, board.cell_rect(c).y + 3)))[:3] for c in range(81)]


# --- the keys and the buttons ---------------------------------------------------------------------------


def test_f_keys_alt_digits_and_the_filter_buttons_give_the_same_actions(app):
    scene = play(app)
    buttons = scene.keypad.filter_buttons
    for digit in range(1, 10):
        by_f_key = act.play_action(key(getattr(pygame, f"K_F{digit}")))
        by_alt = act.play_action(key(getattr(pygame, f"K_{digit}"), pygame.KMOD_LALT))
        by_keypad_alt = act.play_action(key(getattr(pygame, f"K_KP{digit}"), pygame.KMOD_RALT))
        assert by_f_key == by_alt == by_keypad_alt == buttons[digit - 1].action == act.FilterDigit(digit)
    # what those keys meant before stays
    assert act.play_action(key(pygame.K_4)) == act.Digit(4)
    assert act.play_action(key(pygame.K_4, pygame.KMOD_LSHIFT)) == act.Digit(4, "corner")
    assert act.play_action(key(pygame.K_4, pygame.KMOD_LCTRL)) == act.Digit(4, "centre")
    assert act.play_action(key(pygame.K_RIGHT, pygame.KMOD_LALT)) == act.WalkLink(1)
    assert act.play_action(key(pygame.K_F11)) is None  # full screen is the app's, not the filter's


def test_the_filter_buttons_are_on_the_tools_page(app):
    scene = play(app)
    keypad = scene.keypad
    assert not {id(b) for b in keypad.filter_buttons} & {id(b) for b in keypad.buttons}
    app.frame([key(pygame.K_t)], FRAME)
    assert {id(b) for b in keypad.filter_buttons} <= {id(b) for b in keypad.buttons}
    rects = [b.rect for b in keypad.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :]), "buttons overlap"
    app.frame(click(keypad.filter_buttons[6].rect.center), FRAME)
    assert scene.filter_digit == 7
    app.frame(click(keypad.filter_buttons[6].rect.center), FRAME)
    assert scene.filter_digit == 0


def test_the_same_key_again_or_esc_turns_the_filter_off_and_it_is_no_move(app):
    scene = marked(app)
    game = scene.game
    undo_depth = len(game.undo_stack)
    app.frame([key(pygame.K_F4)], FRAME)
    assert scene.filter_digit == 4
    app.frame([key(pygame.K_6, pygame.KMOD_LALT)], FRAME)
    assert scene.filter_digit == 6  # another digit switches the filter over
    app.frame([key(pygame.K_F6)], FRAME)
    assert scene.filter_digit == 0
    app.frame([key(pygame.K_F4), key(pygame.K_ESCAPE)], FRAME)
    assert scene.filter_digit == 0 and app.scene is scene  # Esc turned the filter off, and stayed
    assert len(game.undo_stack) == undo_depth and not game.redo_stack
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert app.scene is not scene  # the next Esc leaves for the menu, as before


# --- where the digit can go -------------------------------------------------------------------------------


def test_the_filter_cells_follow_centre_marks_where_there_are_some_else_the_rules():
    game = make_game()
    by_rules = {c for c in range(81) if not GIVENS[c] and all(GIVENS[p] != 4 for p in PEERS[c])}
    assert tools.digit_cells(game.state, 4) == by_rules and R1C3 in by_rules
    game.select([R1C3])
    game.input_digit(1, "centre")  # the player's own candidates there leave 4 out
    game.input_digit(4, "corner")  # corner marks are no cell's candidates
    game.select([R1C4])
    game.input_digit(4, "centre")  # the player's 4 counts, though r8c4's 4 rules it out
    assert R1C4 not in by_rules
    assert tools.digit_cells(game.state, 4) == by_rules - {R1C3} | {R1C4}
    game.select([R5C5])
    game.input_digit(4, "normal")  # filled cells never count, and their peers lose 4
    assert tools.digit_cells(game.state, 4) == {c for c in by_rules - {R1C3, R5C5} if c not in PEERS[R5C5]} | {R1C4}


# --- what the board shows ----------------------------------------------------------------------------------


@pytest.mark.parametrize("palette", ["standard", "high-contrast"])
def test_the_filter_draws_only_its_digits_marks_and_tints_where_it_can_go(app, screen, palette):
    app.theme.set_palette(palette)
    scene = marked(app)
    scene.game.select([R1C6])
    scene.game.input_digit(8, "centre")  # the rules allow a 4 in r1c6; the player's marks do not
    scene.game.select([R5C5])
    scene.resize()
    app.frame([], FRAME)
    colours = th.PALETTES[palette]
    board = scene.board
    before = fills(screen, scene)
    r1c3, r1c4 = board.cell_rect(R1C3), board.cell_rect(R1C4)
    assert pixels(screen, r1c3, colours.mark) > 20 and pixels(screen, r1c3, colours.filter) == 0
    app.frame([key(pygame.K_F4)], FRAME)
    # r1c3's 4 is drawn in the filter's colour, inside the 4's box; its 2 and 7 are not in the
    # marks' colour any more (faded), nor in the filter's
    four = spot(scene, R1C3, 4).box.inflate(2, 2)  # a pixel of rounding either side
    assert pixels(screen, four, colours.filter) > 10
    assert pixels(screen, r1c3, colours.filter) == pixels(screen, four, colours.filter)
    assert pixels(screen, r1c3, colours.mark) == 0
    # r1c4 has no 4 among its marks: nothing there in the filter's colour, its marks faded
    assert pixels(screen, r1c4, colours.filter) == 0 and pixels(screen, r1c4, colours.mark) == 0
    after = fills(screen, scene)
    by_rules = {c for c in range(81) if not GIVENS[c] and all(GIVENS[p] != 4 for p in PEERS[c])}
    assert {R1C3, R1C6} <= by_rules and R1C4 not in by_rules
    expected = by_rules - {R1C6}  # r1c3's marks hold a 4, r1c6's do not
    tinted = {c for c in range(81) if after[c] != before[c]}
    assert tinted == expected
    for c in tinted:
        assert after[c] == th.blend(before[c], colours.filter, FILTER_TINT)
    app.frame([key(pygame.K_F4)], FRAME)
    assert fills(screen, scene) == before and pixels(screen, r1c3, colours.filter) == 0


def test_the_same_digit_highlight_keeps_working_under_the_filter(app, screen):
    scene = marked(app)
    scene.game.select([R2C6])  # a given 5: every 5 is highlighted
    app.frame([key(pygame.K_F4)], FRAME)
    assert scene.filter_digit == 4
    assert fills(screen, scene)[0] == th.STANDARD.same_digit  # r1c1's 5, no peer of r2c6


# --- clicks on pencil marks -------------------------------------------------------------------------------


def test_a_click_on_a_centre_mark_toggles_it_and_undo_restores_it(app):
    scene = marked(app, "centre")
    game = scene.game
    depth = len(game.undo_stack)
    app.frame(click(spot(scene, R1C4, 6).box.center), FRAME)
    assert game.state.centre[R1C4] == BIT[2] and game.state.corner[R1C4] == BIT[9]
    assert game.state.centre[R1C3] == BIT[2] | BIT[4] | BIT[7]  # no other cell changed
    assert game.selection == (R5C5,)  # the click edits the mark; the selection stays
    assert len(game.undo_stack) == depth + 1
    app.frame([key(pygame.K_z, pygame.KMOD_LCTRL)], FRAME)
    assert game.state.centre[R1C4] == BIT[2] | BIT[6]
    app.frame([key(pygame.K_y, pygame.KMOD_LCTRL)], FRAME)
    assert game.state.centre[R1C4] == BIT[2]


def test_a_click_on_a_corner_mark_toggles_that_mark_in_its_layer(app):
    scene = marked(app, "corner")
    game = scene.game
    app.frame(click(spot(scene, R1C4, 9, "corner").box.center), FRAME)
    assert game.state.corner[R1C4] == 0 and game.state.centre[R1C4] == BIT[2] | BIT[6]
    app.frame([key(pygame.K_z, pygame.KMOD_LCTRL)], FRAME)
    assert game.state.corner[R1C4] == BIT[9]


def test_a_click_beside_the_marks_or_in_normal_mode_only_selects(app):
    scene = marked(app, "centre")
    game = scene.game
    state, depth = game.state, len(game.undo_stack)
    rect = scene.board.cell_rect(R1C4)
    app.frame(click((rect.x + 8, rect.bottom - 8)), FRAME)  # the cell's empty bottom-left corner
    assert game.selection == (R1C4,) and game.state is state
    game.set_mode("normal")
    app.frame(click(spot(scene, R1C3, 4).box.center), FRAME)
    assert game.selection == (R1C3,) and game.state is state and len(game.undo_stack) == depth


def test_with_the_filter_on_only_its_digits_marks_take_clicks(app):
    scene = marked(app, "centre")
    game = scene.game
    app.frame([key(pygame.K_F2)], FRAME)
    state = game.state
    app.frame(click(spot(scene, R1C4, 6).box.center), FRAME)  # a faded mark: the click selects
    assert game.state is state and game.selection == (R1C4,)
    app.frame(click(spot(scene, R1C4, 2).box.center), FRAME)
    assert game.state.centre[R1C4] == BIT[6]


def test_drag_and_modified_clicks_still_select_in_centre_mode(app, monkeypatch):
    scene = marked(app, "centre")
    game = scene.game
    state = game.state
    board = scene.board
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=board.cell_centre(R1C3 + 9)),
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=spot(scene, R1C3, 4).box.center, rel=(0, -72), buttons=(1, 0, 0)
            ),
            pygame.event.Event(pygame.MOUSEMOTION, pos=spot(scene, R1C4, 6).box.center, rel=(72, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=spot(scene, R1C4, 6).box.center),
        ],
        FRAME,
    )
    assert game.selection == (R1C3 + 9, R1C3, R1C4) and game.state is state  # dragged over marks
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_LCTRL)
    app.frame(click(spot(scene, R1C3, 2).box.center), FRAME)  # Ctrl+click on a mark: selection
    assert game.state is state and R1C3 not in game.selection
