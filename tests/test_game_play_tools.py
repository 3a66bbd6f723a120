"""The play screen's tools page, entropy overlay, pause, check, copy and paste, driven by
synthetic events under the dummy video driver (what a click or key does to the model and the
picture)."""

from __future__ import annotations

import pygame

from game import clipboard
from game import input as act
from game import theme as th
from game.board import ENTROPY
from solver.grid import BIT, PEERS
from tests.gameplay import FRAME, PUZZLE, R1C3, R5C5, SOLUTION, click, key, pixels, play, run_until


def button(scene, action):
    return next(b for b in scene.keypad.buttons if b.action == action)


def test_the_tools_button_flips_the_keypad_to_the_tools_page_and_back(app):
    scene = play(app)
    app.frame(click(button(scene, act.FlipPage()).rect.center), FRAME)
    assert scene.keypad.page == "tools"
    assert act.UseTool("fill") in [b.action for b in scene.keypad.buttons]
    assert not any(isinstance(b.action, act.SetMode) for b in scene.keypad.buttons)
    app.frame([key(pygame.K_t)], FRAME)
    assert scene.keypad.page == "digits"


def test_the_digits_stay_at_hand_on_the_tools_page(app, screen):
    """The tools page keeps a row of the nine digits under the tools (they used to vanish):
    clicking one enters it; none overlaps a tool or the buttons below."""
    scene = play(app)
    scene.perform(act.FlipPage())
    app.frame([], FRAME)
    digits = [b for b in scene.keypad.buttons if isinstance(b.action, act.Digit)]
    assert [b.action.digit for b in digits] == list(range(1, 10))
    others = [b for b in scene.keypad.buttons if not isinstance(b.action, act.Digit)]
    assert not any(d.rect.colliderect(o.rect) for d in digits for o in others)
    scene.game.select([R1C3])
    app.frame(click(digits[3].rect.center), FRAME)
    assert scene.game.state.entries[R1C3] == 4


def test_fill_candidates_from_the_tools_page_is_one_undoable_step(app):
    scene = play(app)
    game = scene.game
    scene.keypad.page = "tools"
    app.frame(click(button(scene, act.UseTool("fill")).rect.center), FRAME)
    assert game.state.centre[R1C3] == BIT[1] | BIT[2] | BIT[4]
    assert scene.panel_text[0] == "FILL CANDIDATES"
    app.frame([key(pygame.K_z, pygame.KMOD_CTRL)], FRAME)
    assert game.state.centre[R1C3] == 0


def test_solve_reveals_the_digits_one_after_another(app):
    scene = play(app)
    scene.perform(act.UseTool("solve"))
    assert scene.game.solved
    times = sorted(scene.pops.values())
    assert len(times) == PUZZLE.count("0") and times[-1] > times[0]  # staggered, not all at once


def test_check_outlines_wrong_entries_in_red(app, screen):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    game.input_digit(1)  # the solution has 4
    scene.perform(act.UseTool("check"))
    app.frame([], FRAME)
    rect = scene.board.cell_rect(R1C3)
    assert game.checked == {R1C3} and pixels(screen, rect, th.STANDARD.wrong_edge) > 100
    assert scene.panel_text[:2] == ("CHECK", "1 cell marked.")


def test_the_entropy_overlay_shows_each_open_cells_count_and_the_hovered_cells_reasons(app, screen):
    scene = play(app)
    app.frame([key(pygame.K_e)], FRAME)
    assert scene.entropy
    rect = scene.board.cell_rect(R1C3)
    assert pixels(screen, rect, ENTROPY) > 20  # "3" in red: r1c3 can be 1, 2 or 4
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))], FRAME)
    title, body, prompt = scene.panel_text
    assert title == "r1c3: entropy 3"
    assert "Candidates: 1 2 4" in body and "5 by r1c1" in body and "8 by r3c3" in body
    assert prompt == "Houses: row 1, column 3, box 1."
    app.frame([key(pygame.K_e)], FRAME)
    assert not scene.entropy and pixels(screen, rect, ENTROPY) == 0


def test_pause_hides_the_board_stops_the_timer_and_ignores_input(app, screen):
    scene = play(app)
    game = scene.game
    given = scene.board.cell_rect(0)  # r1c1 holds a given 5, hidden while paused
    app.frame([], FRAME)
    assert pixels(screen, given, th.STANDARD.given) > 0
    app.clock.now += 5
    app.frame([key(pygame.K_p)], FRAME)
    assert scene.paused
    elapsed = game.elapsed
    app.clock.now += 60
    assert game.elapsed == elapsed  # the timer stands still
    game.select([R1C3])
    app.frame([key(pygame.K_4)], FRAME)
    assert game.state.entries[R1C3] == 0  # digits do nothing while paused
    assert pixels(screen, given, th.STANDARD.given) == 0
    app.frame(click(button(scene, act.TogglePause()).rect.center), FRAME)
    assert not scene.paused
    app.clock.now += 2
    assert game.elapsed == elapsed + 2


def test_the_game_pauses_when_the_window_loses_focus(app):
    scene = play(app)
    app.frame([pygame.event.Event(pygame.WINDOWFOCUSLOST)], FRAME)
    assert scene.paused and scene.game.timer_stopped


def test_each_digit_button_shows_how_many_are_left(app):
    scene = play(app)
    app.frame([], FRAME)
    five = button(scene, act.Digit(5))
    assert five.badge == str(9 - PUZZLE.count("5"))
    scene.perform(act.UseTool("solve"))
    app.frame([], FRAME)
    assert five.badge == "" and five.dim


def test_copy_puts_the_puzzle_line_on_the_clipboard(app, monkeypatch):
    copied = []
    monkeypatch.setattr(clipboard.pygame.scrap, "put_text", copied.append)
    scene = play(app)
    app.frame([key(pygame.K_c, pygame.KMOD_CTRL)], FRAME)
    assert copied == [PUZZLE.replace("0", ".")]
    assert scene.panel_text[0] == "COPIED"


def test_paste_checks_the_puzzle_off_the_ui_thread_then_plays_it_one_undo_away(app, monkeypatch):
    other = "000100000020000000050700083800370902074000010000800305900000050000200790400950201"
    monkeypatch.setattr(clipboard.pygame.scrap, "get_text", lambda: other)
    scene = play(app)
    old = scene.game.puzzle
    app.frame([key(pygame.K_v, pygame.KMOD_CTRL)], FRAME)
    run_until(app, lambda: not scene.pasting.active)
    game = scene.game
    assert "".join(map(str, game.puzzle.givens)) == other and scene.panel_text[0] == "PASTED"
    run_until(app, lambda: game.puzzle.level is not None)  # graded meanwhile (tests/test_game_grading.py)
    game.undo()
    assert game.puzzle is old


def test_a_bad_paste_says_why_and_keeps_the_game(app, monkeypatch):
    monkeypatch.setattr(clipboard.pygame.scrap, "get_text", lambda: "0" * 81)
    scene = play(app)
    old = scene.game.state
    app.frame([key(pygame.K_v, pygame.KMOD_CTRL)], FRAME)
    run_until(app, lambda: not scene.pasting.active)
    assert scene.game.state is old
    title, body, _ = scene.panel_text
    assert title == "CANNOT PASTE" and "multiple solutions" in body


def test_auto_clean_takes_a_placed_digit_out_of_the_peers_marks(app):
    scene = play(app)
    game = scene.game
    scene.perform(act.UseTool("fill"))
    game.select([R1C3])
    app.frame([key(pygame.K_4)], FRAME)
    assert not any(game.state.centre[p] & BIT[4] for p in PEERS[R1C3])
    assert game.state.values[R1C3] == int(SOLUTION[R1C3])


def test_a_digit_a_tool_places_is_not_drawn_before_its_reveal_time(app, screen):
    scene = play(app)
    scene.perform(act.UseTool("solve"))
    last = max(scene.pops, key=scene.pops.get)
    app.frame([], 0.0)
    assert pixels(screen, scene.board.cell_rect(last), th.STANDARD.entry) == 0
    for _ in range(80):  # 1.3 s: every digit is in, and the win waits for the last one
        app.frame([], FRAME)
    assert app.scene is scene and pixels(screen, scene.board.cell_rect(last), th.STANDARD.entry) > 0


def test_the_demo_gives_a_person_time_to_read_each_step():
    from game.hints import Hint
    from game.scenes.play import DEMO_LONGEST, DEMO_STEP, demo_pause
    from solver.step import Step

    single = Hint("step", 2, Step("Hidden Single", placements=((0, 5),), text="r1c1 is the only place for 5 in row 1."))
    chain = Hint("step", 2, Step("X-Chain", eliminations=((0, 5),), text=" ".join(["word"] * 20)))
    assert demo_pause(single) == DEMO_STEP
    assert 3.0 < demo_pause(chain) <= DEMO_LONGEST
    assert demo_pause(None) == DEMO_STEP


def test_a_long_hint_grows_the_panel_over_the_keypad_instead_of_cutting_its_sentence(app, screen):
    from game.hints import Hint
    from solver.step import Step

    scene = play(app)
    game = scene.game
    sentence = " ".join(f"word{i}" for i in range(120)) + " END."
    step = Step("Multi-Colors 1", eliminations=((R1C3, 1),), text=sentence)
    game.hint = Hint("step", 2, step, candidates=tuple([0x1FF] * 81))
    app.frame([], FRAME)
    panel = scene.panel
    assert panel.current.h > panel.rect.h and panel.current.bottom == panel.rect.bottom
    assert panel.current.top >= scene.board.rect.top
    drawn = sum(line.get_height() for line in panel._lines[1][1])
    assert drawn < panel.current.h  # every line, the last word and the prompt included, fits
    covered = next(b for b in scene.keypad.buttons if panel.current.contains(b.rect))
    before = (game.state, game.mode)
    app.frame(click(covered.rect.center), FRAME)
    assert (game.state, game.mode) == before  # a covered button does nothing
    game.hint = None
    app.frame([], FRAME)
    assert panel.current == panel.rect  # back to its place


def test_the_solve_tool_ends_on_a_neutral_screen_not_a_win(app, screen):
    """Solve reveals the solution, then a "solved by the solver" screen: no win sound, no
    confetti, not counted."""
    played = []
    app.sounds = type("Recorder", (), {"play": lambda self, name: played.append(name)})()
    scene = play(app)
    scene.perform(act.UseTool("solve"))
    for _ in range(400):
        app.frame([], FRAME)
        if app.scene is not scene:
            break
    win = app.scene
    assert win.name == "win" and not win.won and not win.animating()
    assert "win" not in played
    assert dict(win.rows)["Time"].endswith("(not counted)")
    assert app.profile.stats.level(scene.game.puzzle.level).won == 0


def test_the_copied_line_fits_its_panel(app, screen, monkeypatch):
    monkeypatch.setattr(clipboard.pygame.scrap, "put_text", lambda text: None)
    scene = play(app)
    app.frame([key(pygame.K_c, pygame.KMOD_CTRL)], FRAME)
    app.frame([], FRAME)
    assert scene.panel_text[0] == "COPIED"
    for rect in scene.panel.drawn:
        assert scene.panel.current.contains(rect)


def test_the_entropy_detail_shows_after_a_tool(app, screen):
    """A tool's message gives way to the overlay's detail once the mouse moves to a cell."""
    scene = play(app)
    scene.perform(act.ToggleEntropy())
    scene.perform(act.UseTool("fill"))
    assert scene.panel_text[0] == "FILL CANDIDATES" or scene.notice.title == "FILL CANDIDATES"
    at = scene.board.cell_rect(R5C5).center
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(3, 0), buttons=(0, 0, 0))], FRAME)
    assert scene.panel_text[0].startswith("r5c5: entropy")


def test_a_new_puzzle_over_an_unfinished_game_says_undo_brings_it_back(app):
    from game.made import MadePuzzle
    from solver.levels import Level

    scene = play(app)
    old = scene.game.puzzle
    scene.game.select([R1C3])
    scene.game.input_digit(4)
    relabel = lambda text: "".join(ch if ch in ".0" else str(int(ch) % 9 + 1) for ch in text)  # noqa: E731
    made = MadePuzzle(
        tuple(int(c) for c in relabel(PUZZLE)), tuple(int(c) for c in relabel(SOLUTION)), Level.MEDIUM, None, 4
    )
    game = app.new_puzzle(made)
    assert any("Undo (Ctrl+Z)" in message for message, _ in app.toasts)
    game.undo()
    assert game.puzzle is old and game.state.entries[R1C3] == 4
