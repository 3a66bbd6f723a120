"""The play screen under synthetic pygame events (SDL's dummy driver): what a key press, a click or
a drag does to the model."""

from __future__ import annotations

import pygame

from game import input as act
from solver.grid import BIT
from tests.gameplay import FRAME, PUZZLE, R1C3, R1C4, R5C5, click, key, play

# --- keyboard on the play screen ----------------------------------------------------------------------


def test_digit_keys_enter_and_shift_ctrl_make_corner_and_centre_marks(app):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    app.frame([key(pygame.K_4, unicode="4")], FRAME)
    assert game.state.entries[R1C3] == 4
    game.select([R1C4])
    app.frame([key(pygame.K_2, pygame.KMOD_LSHIFT, unicode="@")], FRAME)  # unicode is not a digit
    app.frame([key(pygame.K_KP7, pygame.KMOD_LSHIFT)], FRAME)
    app.frame([key(pygame.K_9, pygame.KMOD_LCTRL)], FRAME)
    assert game.state.corner[R1C4] == BIT[2] | BIT[7]
    assert game.state.centre[R1C4] == BIT[9]
    assert game.state.entries[R1C4] == 0


def test_an_azerty_top_row_enters_digits_by_the_keys_position(app):
    """On AZERTY the top row's keys have the codes & é " ' ( - è _ ç (the digits need Shift):
    the key's position (its scancode) makes it a digit, and Shift and Ctrl keep their meaning."""
    azerty = [pygame.K_AMPERSAND, 233, pygame.K_QUOTEDBL, pygame.K_QUOTE, pygame.K_LEFTPAREN, pygame.K_MINUS]
    azerty += [232, pygame.K_UNDERSCORE, 231]  # è, _, ç (Latin-1 code points as SDL gives them)
    for digit, code in enumerate(azerty, 1):
        scancode = getattr(pygame, f"KSCAN_{digit}")
        press = pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=scancode)
        assert act.play_action(press) == act.Digit(digit)
        shifted = pygame.event.Event(pygame.KEYDOWN, key=code, mod=pygame.KMOD_LSHIFT, unicode="", scancode=scancode)
        assert act.play_action(shifted) == act.Digit(digit, "corner")
    a_grave = pygame.event.Event(pygame.KEYDOWN, key=224, mod=0, unicode="", scancode=pygame.KSCAN_0)
    assert act.play_action(a_grave) == act.Clear()  # à, where the 0 is: clears, as 0 does
    # the same codes elsewhere on the keyboard (no top-row scancode) stay what they were
    assert act.play_action(key(pygame.K_MINUS)) is None
    # a top-row key whose code already means something here keeps that meaning
    comma = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_COMMA, mod=0, unicode=",", scancode=pygame.KSCAN_4)
    assert act.play_action(comma) == act.WalkLink(-1)
    scene = play(app)
    scene.game.select([R1C3])
    app.frame(
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_QUOTE, mod=0, unicode="'", scancode=pygame.KSCAN_4)], FRAME
    )
    assert scene.game.state.entries[R1C3] == 4


def test_keypad_digits_and_same_digit_again_clears(app):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    app.frame([key(pygame.K_KP4)], FRAME)
    assert game.state.entries[R1C3] == 4
    app.frame([key(pygame.K_KP4)], FRAME)
    assert game.state.entries[R1C3] == 0


def test_mode_keys_and_space_cycle_the_input_mode(app):
    scene = play(app)
    game = scene.game
    for code, mode in ((pygame.K_x, "corner"), (pygame.K_c, "centre"), (pygame.K_v, "colour"), (pygame.K_z, "normal")):
        app.frame([key(code)], FRAME)
        assert game.mode == mode
    app.frame([key(pygame.K_SPACE)], FRAME)
    assert game.mode == "corner"
    game.select([R1C3])
    app.frame([key(pygame.K_5)], FRAME)
    assert game.state.corner[R1C3] == BIT[5] and game.state.entries[R1C3] == 0


def test_undo_redo_keys(app):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    app.frame([key(pygame.K_4)], FRAME)
    app.frame([key(pygame.K_z, pygame.KMOD_LCTRL)], FRAME)
    assert game.state.entries[R1C3] == 0
    app.frame([key(pygame.K_y, pygame.KMOD_LCTRL)], FRAME)
    assert game.state.entries[R1C3] == 4
    app.frame([key(pygame.K_z, pygame.KMOD_LCTRL)], FRAME)
    app.frame([key(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)], FRAME)
    assert game.state.entries[R1C3] == 4
    assert game.mode == "normal"  # Ctrl+Z is not the Z mode key


def test_delete_keys_clear_entry_then_marks(app):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    app.frame([key(pygame.K_3, pygame.KMOD_LSHIFT), key(pygame.K_4)], FRAME)
    app.frame([key(pygame.K_BACKSPACE)], FRAME)
    assert game.state.entries[R1C3] == 0 and game.state.corner[R1C3] == BIT[3]
    app.frame([key(pygame.K_0)], FRAME)
    assert game.state.corner[R1C3] == 0


def test_arrows_move_and_wrap(app):
    scene = play(app)
    game = scene.game
    game.select([0])
    app.frame([key(pygame.K_LEFT)], FRAME)
    assert game.selection == (8,)
    app.frame([key(pygame.K_DOWN, pygame.KMOD_LSHIFT)], FRAME)
    assert game.selection == (8, 17)


# --- mouse on the play screen ---------------------------------------------------------------------------


def test_click_selects_a_cell_and_drag_selects_several(app):
    scene = play(app)
    board = scene.board
    app.frame(click(board.cell_centre(R5C5)), FRAME)
    assert scene.game.selection == (R5C5,)
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=board.cell_centre(R1C3)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=board.cell_centre(R1C4), rel=(72, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=board.cell_centre(R1C4 + 1), rel=(72, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=board.cell_centre(R1C4 + 1)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=board.cell_centre(R5C5), rel=(0, 72), buttons=(0, 0, 0)),
        ],
        FRAME,
    )
    assert scene.game.selection == (R1C3, R1C4, R1C4 + 1)


def test_a_fast_drag_selects_the_cells_it_jumps_over(app):
    scene = play(app)
    board = scene.board
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=board.cell_centre(0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=board.cell_centre(3), rel=(216, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=board.cell_centre(3)),
        ],
        FRAME,
    )
    assert scene.game.selection == (0, 1, 2, 3)


def test_ctrl_click_adds_to_the_selection(app, monkeypatch):
    scene = play(app)
    app.frame(click(scene.board.cell_centre(R1C3)), FRAME)
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_LCTRL)
    app.frame(click(scene.board.cell_centre(R5C5)), FRAME)
    assert scene.game.selection == (R1C3, R5C5)


def test_ctrl_click_takes_a_cell_out_even_when_the_mouse_moves_within_it(app, monkeypatch):
    scene = play(app)
    app.frame(click(scene.board.cell_centre(R1C3)), FRAME)
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_LCTRL)
    app.frame(click(scene.board.cell_centre(R5C5)), FRAME)
    x, y = scene.board.cell_centre(R5C5)
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 1, y), rel=(1, 0), buttons=(1, 0, 0)),  # a hand's tremor
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x + 1, y)),
        ],
        FRAME,
    )
    assert scene.game.selection == (R1C3,)


def test_keypad_buttons_enter_digits_and_switch_modes(app):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    four = next(b for b in scene.keypad.digit_buttons if b.action == act.Digit(4))
    app.frame(click(four.rect.center), FRAME)
    assert game.state.entries[R1C3] == 4
    centre = next(b for b in scene.keypad.mode_buttons if b.action == act.SetMode("centre"))
    app.frame(click(centre.rect.center), FRAME)
    assert game.mode == "centre"
    undo = next(b for b in scene.keypad.tool_buttons if b.action == act.Undo())
    app.frame(click(undo.rect.center), FRAME)
    assert game.state.entries[R1C3] == 0


def test_double_click_selects_every_cell_with_that_digit(app):
    scene = play(app)
    app.frame(click(scene.board.cell_centre(0)) + click(scene.board.cell_centre(0)), FRAME)
    assert set(scene.game.selection) == {c for c in range(81) if PUZZLE[c] == "5"}


def test_the_keyboard_map_gives_typed_actions():
    """Each key (with its modifiers) means one action value: what ``perform`` matches on."""
    expected = {
        (pygame.K_4, 0): act.Digit(4),
        (pygame.K_KP4, pygame.KMOD_LSHIFT): act.Digit(4, "corner"),
        (pygame.K_4, pygame.KMOD_LCTRL): act.Digit(4, "centre"),
        (pygame.K_z, pygame.KMOD_LCTRL): act.Undo(),
        (pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT): act.Redo(),
        (pygame.K_y, pygame.KMOD_LCTRL): act.Redo(),
        (pygame.K_z, 0): act.SetMode("normal"),
        (pygame.K_c, 0): act.SetMode("centre"),
        (pygame.K_c, pygame.KMOD_LCTRL): act.Copy(),
        (pygame.K_v, pygame.KMOD_LCTRL): act.Paste(),
        (pygame.K_SPACE, 0): act.CycleMode(),
        (pygame.K_LEFT, 0): act.Move(0, -1, False),
        (pygame.K_DOWN, pygame.KMOD_LSHIFT): act.Move(1, 0, True),
        (pygame.K_RIGHT, pygame.KMOD_LALT): act.WalkLink(1),
        (pygame.K_COMMA, 0): act.WalkLink(-1),
        (pygame.K_PAGEDOWN, 0): act.Scroll(1),
        (pygame.K_f, 0): act.UseTool("fill"),
        (pygame.K_t, 0): act.FlipPage(),
        (pygame.K_ESCAPE, 0): act.ToMenu(),
        (pygame.K_DELETE, 0): act.Clear(),
        (pygame.K_q, 0): None,
        (pygame.K_h, pygame.KMOD_LCTRL): None,  # Ctrl with a plain key means nothing
    }
    for (code, mod), action in expected.items():
        assert act.play_action(key(code, mod)) == action, pygame.key.name(code)


def test_keypad_buttons_carry_the_same_actions_as_their_keys(app):
    """A button and the key its corner names perform the same action, so both are one code path."""
    scene = play(app)
    keypad = scene.keypad
    by_label = {b.label: b.action for b in keypad.buttons}
    assert by_label["Undo"] == act.play_action(key(pygame.K_z, pygame.KMOD_LCTRL))
    assert by_label["Redo"] == act.play_action(key(pygame.K_y, pygame.KMOD_LCTRL))
    assert by_label["Hint"] == act.play_action(key(pygame.K_h))
    assert by_label["Tools"] == act.play_action(key(pygame.K_t))
    assert by_label["Pause"] == act.play_action(key(pygame.K_p))
    assert by_label["Erase"] == act.play_action(key(pygame.K_DELETE))
    assert [b.action for b in keypad.digit_buttons] == [
        act.play_action(key(getattr(pygame, f"K_{d}"))) for d in range(1, 10)
    ]
