"""Every screen at the window sizes players have (800x600 up to 4K), under SDL's dummy driver:
buttons and text boxes inside the window and apart, clicks that land where they are drawn, text
no smaller than ``MIN_FONT``, and a resize in the middle of a game that keeps the game and
fills the new window. The scenes' flow is tested in tests/test_game_scenes.py, what input does
on the play screen in tests/test_game_play_input.py."""

from __future__ import annotations

import sys
from types import SimpleNamespace

import pygame
import pytest

from game import input as act
from game.app import App
from game.clipboard import copy_text, paste_text
from game.hints import Hint
from game.layout import MIN_FONT, Layout, readable_font
from game.playstate import Puzzle
from game.scenes import SCENES
from game.scenes.play import BOARD_X, BOARD_Y, CELL
from game.session import Game
from game.theme import Theme
from game.widgets import Button
from solver.grid import BIT, parse_values, values_to_string
from solver.levels import Level
from tests.gameplay import (
    FRAME,
    PUZZLE,
    R1C3,
    R1C4,
    R2C2,
    R5C5,
    SOLUTION,
    X_CHAIN,
    FakeClock,
    click,
    generated,
    key,
    play,
    show,
)

SIZES = ((800, 600), (1366, 768), (1920, 1080), (3840, 2160))
SMALLEST = SIZES[0]
LONG_NAME = "Grouped Discontinuous Nice Loop"
OTHER_PUZZLE = "000100000020000000050700083800370902074000010000800305900000050000200790400950201"
STALE = (1, 2, 3)  # a colour no screen draws: what is left of it was not drawn over


@pytest.fixture
def make_app(screen):
    """``make_app(size)``: the game (seed 11, a FakeClock) on a plain Surface of ``size``; every
    app's background jobs are cancelled after the test."""
    made = []

    def make(size: tuple[int, int]) -> App:
        application = App(pygame.Surface(size), seed=11, clock=FakeClock())
        made.append(application)
        return application

    yield make
    for application in made:
        application.cancel_jobs()
        application.jobs.wait(5)
        application.hint_jobs.wait(5)


# --- the screens, each as a player reaches it ------------------------------------------------------


def finished_game(app: App) -> Game:
    """A solved game whose puzzle needed ``LONG_NAME`` (the win screen's longest line)."""
    solution = tuple(parse_values(SOLUTION))
    return Game(Puzzle(solution, solution, Level.EXPERT, LONG_NAME), clock=app.clock)


def play_tools(app: App):
    scene = play(app)
    scene.keypad.flip()
    return scene


def no_game_menu(app: App):
    app.game = None
    return app.goto("menu")


def continue_menu(app: App):
    play(app)
    return app.goto("menu")


def history_screen(app: App):
    """Stats -> History with 30 games, the widest texts of each column among them."""
    from game.history import GameRecord, History

    games = [
        GameRecord(
            f"2026-12-{1 + n % 28:02d}T23:5{n % 10}:00+01:00",
            PUZZLE.replace("0", "."),
            SOLUTION,
            level=(None, "MEDIUM", "MASTER")[n % 3],
            source=("daily", "pasted", "replay")[n % 3],
            daily="2026-12-28" if n % 3 == 0 else None,
            result=("abandoned", "revealed", "playing")[n % 3],
            seconds=35999.0 - n,
            hints=999,
        )
        for n in range(30)
    ]
    app.profile.history = History(games)
    return app.goto("history")


SCREENS = {
    "menu": no_game_menu,
    "menu with a game to continue": continue_menu,
    "difficulty": lambda app: app.goto("difficulty"),
    "settings": lambda app: app.goto("settings"),
    "stats": lambda app: app.goto("stats"),
    "history, 30 games": history_screen,
    "practice, Hard's techniques": lambda app: app.goto("practice", technique="X-Wing"),
    "practice, Expert's techniques": lambda app: app.goto("practice", technique="XY-Chain"),
    "play, digits page": play,
    "play, tools page": play_tools,
    "play, hint at stage 2": lambda app: show(app, X_CHAIN, stage=2),
    "win, long technique name": lambda app: app.goto("win", game=finished_game(app)),
}


def open_screen(app: App, name: str):
    """Show screen ``name`` of SCREENS and draw one frame; returns its scene."""
    scene = SCREENS[name](app)
    app.frame([], FRAME)
    assert app.scene is scene, f"{name}: the frame sent the app elsewhere"
    return scene


def boxes(scene) -> list[tuple[str, pygame.Rect]]:
    """The scene's buttons and text boxes, named, in window pixels: on the play screen the
    board, the info panel and the keypad's buttons; elsewhere the buttons, and the win
    screen's stats panel."""
    if scene.name == "play":
        found = [("board", scene.board.rect), ("info panel", scene.panel.rect)]
        return found + [(f"button {b.label!r}", b.rect) for b in scene.keypad.buttons]
    found = [(f"button {b.label!r}", b.rect) for b in scene.menu.buttons]
    if scene.name == "win":
        found.append(("stats panel", scene.panel_layout()[0]))
    if scene.name == "history":
        found.append(("table", scene.panel_rect()))
    return found


def overlaps(named: list[tuple[str, pygame.Rect]]) -> list[tuple[str, str]]:
    """The pairs of names whose rectangles share a pixel."""
    return [(a, b) for i, (a, ra) in enumerate(named) for b, rb in named[i + 1 :] if ra.colliderect(rb)]


class BlitRecorder(pygame.Surface):
    """A Surface that remembers the rectangle of every blit onto it (in order)."""

    def __init__(self, size):
        super().__init__(size)
        self.blits: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        self.blits.append(rect)
        return rect


def buttons_of(scene) -> list[Button]:
    return scene.keypad.buttons if scene.name == "play" else scene.menu.buttons


# --- buttons and text boxes: inside the window and apart ------------------------------------------


@pytest.mark.parametrize("name", SCREENS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_buttons_and_text_boxes_stay_inside_the_window_and_apart(make_app, size, name):
    """On every screen, every button, the board, the info panel and the win screen's stats panel
    lie wholly inside the window and no two of them share a pixel; the stats panel's texts stay
    inside the panel and apart."""
    app = make_app(size)
    scene = open_screen(app, name)
    window = app.screen.get_rect()
    named = boxes(scene)
    assert len(named) >= (18 if scene.name == "play" else 1)
    outside = [what for what, rect in named if not window.contains(rect)]
    assert not outside, f"{name} at {size}: outside the window: {outside}"
    assert not overlaps(named), f"{name} at {size}: overlapping: {overlaps(named)}"
    if scene.name == "win":
        panel, texts = scene.panel_layout()
        rects = [(f"text {i}", rect) for i, (_, rect) in enumerate(texts)]
        assert len(rects) == 8  # four labels and four values
        assert all(panel.contains(rect) for _, rect in rects), f"{name} at {size}: a text leaves the panel"
        assert not overlaps(rects), f"{name} at {size}: texts overlap: {overlaps(rects)}"


@pytest.mark.parametrize("name", SCREENS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_on_a_button_stays_on_it_and_apart(make_app, size, name):
    """Each button's texts (its label, the note under it, the count left to place and the key
    hint in its corner) are drawn inside the button and do not overlap each other, in every
    input mode (the keypad moves its digits to the corners in Corner mode)."""
    app = make_app(size)
    scene = open_screen(app, name)
    modes = ("normal", "corner", "centre", "colour") if scene.name == "play" else ("",)
    canvas = BlitRecorder(app.size)
    checked = 0
    for mode in modes:
        if mode:
            scene.game.set_mode(mode)
            scene.keypad.sync(scene.game, app.theme.palette)
        for button in buttons_of(scene):
            canvas.blits = []
            button.draw(canvas, app.theme)
            texts = canvas.blits
            assert texts, f"{button.label!r} drew no text"
            assert all(button.rect.contains(rect) for rect in texts), (
                f"{name} at {size} ({mode}): a text of {button.label!r} leaves it: {button.rect} {texts}"
            )
            assert not overlaps([(str(i), rect) for i, rect in enumerate(texts)]), (
                f"{name} at {size} ({mode}): the texts of {button.label!r} overlap: {texts}"
            )
            checked += 1
    assert checked >= len(modes) * len(buttons_of(scene))


# --- clicks land where things are drawn --------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_clicking_a_cell_selects_exactly_that_cell(make_app, size):
    """A click at the centre of each of the 81 cells (as the board draws it) selects that cell
    alone and puts the cursor there."""
    app = make_app(size)
    scene = play(app)
    game = scene.game
    for target in (80, *range(81)):  # r9c9 first, so r1c1 is not already selected
        app.frame(click(scene.board.cell_rect(target).center), FRAME)
        assert game.selection == (target,) and game.cursor == target, f"{size}: clicked {target}"


MODES_BY_LABEL = {"Normal": "normal", "Corner": "corner", "Centre": "centre", "Colour": "colour"}
TOOLS_BY_LABEL = {  # what each button of the tools page must do
    "Fill candidates": act.UseTool("fill"),
    "Entropy overlay": act.ToggleEntropy(),
    "Solve singles": act.UseTool("singles"),
    "Solve pairs": act.UseTool("pairs"),
    "Check": act.UseTool("check"),
    "Solve": act.UseTool("solve"),
    "Restart": act.UseTool("restart"),
    "New puzzle": act.NewPuzzle(),
    "Copy puzzle": act.Copy(),
    "Paste puzzle": act.Paste(),
    "Solution path": act.ShowSteps("path"),
    "All steps here": act.ShowSteps("here"),
}


def record_actions(scene, monkeypatch) -> list[tuple]:
    """The actions (game.input) the play screen performs from now on, in order."""
    performed: list[tuple] = []
    real = scene.perform

    def perform(action: tuple) -> None:
        performed.append(action)
        real(action)

    monkeypatch.setattr(scene, "perform", perform)
    return performed


def press(app: App, button: Button) -> None:
    app.frame(click(button.rect.center), FRAME)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_digit_page_and_the_bottom_rows_do_what_they_say(make_app, size, monkeypatch):
    """Clicking each button of the digit page and of the rows under both pages performs its
    action: a mode button sets the mode; a digit enters that digit in Normal mode, a corner or
    centre mark in those modes, a colour in Colour mode; Erase, Undo and Redo; Hint asks for a
    hint; Tools flips the page and back; Pause pauses and goes on."""
    app = make_app(size)
    scene = play(app)
    game = scene.game
    keypad = scene.keypad
    performed = record_actions(scene, monkeypatch)
    assert keypad.page == "digits"
    assert [b.label for b in keypad.mode_buttons] == list(MODES_BY_LABEL)
    assert [b.label for b in keypad.digit_buttons] == list("123456789")
    assert [b.label for b in keypad.tool_buttons] == ["Erase", "Undo", "Redo", "Hint", "Tools", "Pause"]
    targets = {"corner": R1C3, "centre": R1C4, "colour": R2C2, "normal": R5C5}  # empty cells
    for mode_button in keypad.mode_buttons:
        mode = MODES_BY_LABEL[mode_button.label]
        press(app, mode_button)
        assert game.mode == mode and performed[-1] == act.SetMode(mode)
        target = targets[mode]
        app.frame(click(scene.board.cell_rect(target).center), FRAME)
        for digit, button in enumerate(keypad.digit_buttons, start=1):
            press(app, button)
            assert performed[-1] == act.Digit(digit)
            state = game.state
            if mode == "normal":
                assert state.entries[target] == digit
            elif mode == "corner":
                assert state.corner[target] == sum(BIT[d] for d in range(1, digit + 1))
            elif mode == "centre":
                assert state.centre[target] == sum(BIT[d] for d in range(1, digit + 1))
            else:
                assert state.colours[target] == digit
    erase, undo, redo = keypad.edit_buttons
    hint, tools, pause = keypad.bottom_buttons
    press(app, keypad.mode_buttons[0])
    app.frame(click(scene.board.cell_rect(R5C5).center), FRAME)
    assert game.mode == "normal" and game.selection == (R5C5,)
    press(app, erase)
    assert performed[-1] == act.Clear() and game.state.entries[R5C5] == 0
    press(app, undo)
    assert performed[-1] == act.Undo() and game.state.entries[R5C5] == 9
    press(app, redo)
    assert performed[-1] == act.Redo() and game.state.entries[R5C5] == 0
    press(app, hint)
    assert performed[-1] == act.Hint() and game.hint is not None
    app.hint_jobs.wait(10)  # the search runs on a worker; the next frame shows what it found
    app.frame([], FRAME)
    assert game.hint.kind == "step" and game.hint.stage == 1 and game.hints_used == 1
    press(app, tools)
    assert performed[-1] == act.FlipPage() and keypad.page == "tools"
    press(app, tools)
    assert keypad.page == "digits"
    press(app, pause)
    assert performed[-1] == act.TogglePause() and scene.paused and game.timer_stopped
    press(app, pause)
    assert not scene.paused and not game.timer_stopped
    assert len(performed) == 4 + 4 * 9 + 9


def open_cells(game: Game) -> list[int]:
    return [c for c in range(81) if not game.state.values[c]]


def check_tool(app: App, scene, action: tuple) -> None:
    """What a tools-page button's ``action`` did to the game or the screen."""
    game = scene.game
    title = scene.notice.title if scene.notice is not None else ""
    if action == act.UseTool("fill"):
        assert title == "FILL CANDIDATES" and all(game.state.centre[c] for c in open_cells(game))
    elif action == act.ToggleEntropy():
        assert scene.entropy
    elif action == act.UseTool("singles"):
        assert title == "SOLVE SINGLES" and any(game.state.entries) and game.hints_used == 1
    elif action == act.UseTool("pairs"):
        assert title == "SOLVE PAIRS"
    elif action == act.UseTool("check"):
        assert title == "CHECK" and game.checked == frozenset({R1C3})
    elif action == act.UseTool("solve"):
        assert game.solved and game.revealed
    elif action == act.UseTool("restart"):
        assert title == "RESTART" and not any(game.state.entries)
    elif action == act.NewPuzzle():
        assert app.scene.name == "generating" and app.scene.purpose == "replace"
    elif action == act.Copy():
        assert title in ("COPIED", "NO CLIPBOARD")
        if title == "COPIED":
            assert paste_text() == values_to_string(game.puzzle.givens)
    elif action == act.Paste():  # the clipboard holds OTHER_PUZZLE
        if title != "NO CLIPBOARD":
            app.jobs.wait(10)  # checked and graded on a worker
            app.frame([], FRAME)
            assert scene.notice.title == "PASTED" and game.puzzle.givens == tuple(parse_values(OTHER_PUZZLE))
            assert len(game.undo_stack) == 1
    elif isinstance(action, act.ShowSteps):  # the panel opens on its search
        assert scene.solution is not None and scene.solution.mode == action.mode
    else:
        pytest.fail(f"no check for the tools page's {action}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_button_of_the_tools_page_does_what_it_says(make_app, size, fake_generate, monkeypatch):
    """Clicking each button of the tools page (each on a fresh game; for Check and Restart one
    holding a wrong entry, r1c3=1) performs the action its label names: fill candidates, the
    entropy overlay, solve singles and pairs, check, solve, restart, new puzzle, copy, paste
    (of another puzzle on the clipboard, which replaces the one in play as an undoable step),
    and the solution panel's two modes."""
    app = make_app(size)
    labels = [b.label for b in play_tools(app).keypad.page_buttons]
    assert sorted(labels) == sorted(TOOLS_BY_LABEL)
    for index, label in enumerate(labels):
        action = TOOLS_BY_LABEL[label]
        scene = play_tools(app)
        game = scene.game
        if action in (act.UseTool("check"), act.UseTool("restart")):
            game.select([R1C3])
            game.input_digit(1)  # wrong: the solution has 4
        if action == act.Paste():
            copy_text(OTHER_PUZZLE)
        app.frame([], FRAME)
        performed = record_actions(scene, monkeypatch)
        button = scene.keypad.page_buttons[index]
        press(app, button)
        assert button.label == label and performed == [action], f"{size}: {label!r} performed {performed}"
        check_tool(app, scene, action)
        app.cancel_jobs()


# --- text stays readable in the smallest window --------------------------------------------------------


def generated_with_trace():
    """A made puzzle carrying a short Wave Function Collapse trace, so the generating screen
    replays it."""
    made = generated()
    event = SimpleNamespace
    made.trace = [
        event(kind="collapse", cell=0, digit=5, undone=()),
        event(kind="propagate", cell=1, digit=3, undone=()),
        event(kind="backtrack", cell=2, digit=0, undone=(1,)),
    ]
    made.dig_order, made.put_back = (1, 2), ()
    return made


def draw_every_screen(app: App, monkeypatch) -> None:
    """Draw every screen in its states worth seeing: each SCREENS entry, the play screen with
    an entry, corner and centre marks (up to nine) and a colour in each input mode, the entropy
    overlay, pause, a stage-1 hint, the generating screen waiting and replaying, and a message
    for the player."""
    for name in SCREENS:
        open_screen(app, name)
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    game.input_digit(4)
    for target, mode, digits in (
        (R1C4, "corner", range(1, 10)),
        (R5C5, "centre", range(1, 10)),
        (R2C2, "centre", range(1, 6)),
        (R2C2, "colour", (3,)),
    ):
        game.select([target])
        for digit in digits:
            game.input_digit(digit, mode)
    for mode in ("normal", "corner", "centre", "colour"):
        game.set_mode(mode)
        app.frame([], FRAME)
    app.frame([key(pygame.K_e)], FRAME)  # the entropy overlay
    app.frame([key(pygame.K_p)], FRAME)  # pause
    show(app, X_CHAIN, stage=1)
    monkeypatch.setattr("game.jobs.generate_puzzle", lambda level, seed, progress, cancel: generated_with_trace())
    app.goto("generating", level=Level.HARD)  # draws the waiting field once
    app.jobs.wait(5)
    for _ in range(3):  # the puzzle arrives, then the replay runs
        app.frame([], FRAME)
    assert app.scene.name == "generating" and app.scene.replay is not None
    app.toast("A message for the player that is long enough to wrap onto a second line at this size.")
    app.frame([], FRAME)


def test_no_text_is_smaller_than_a_12_px_line_in_the_smallest_window(make_app, monkeypatch):
    """At 800x600 every text the screens ask of the theme during a frame, the key hints in the
    buttons' corners included, is at least ``readable_font`` (a 12 px line)."""
    asked: list[tuple[str, int, Button | None, str]] = []  # (text, size, the button whose key hint it is, scene)
    real_text, real_glow = Theme.text, Theme.glow_text
    app = make_app(SMALLEST)

    def text(self, text, size, colour):
        caller = sys._getframe(1)
        owner = caller.f_locals.get("self")
        is_hint = isinstance(owner, Button) and caller.f_code.co_name == "draw" and text == owner.hint
        asked.append((text, size, owner if is_hint else None, app.scene.name))
        return real_text(self, text, size, colour)

    def glow_text(self, text, size, *args, **kwargs):
        asked.append((text, size, None, app.scene.name))
        return real_glow(self, text, size, *args, **kwargs)

    monkeypatch.setattr(Theme, "text", text)
    monkeypatch.setattr(Theme, "glow_text", glow_text)
    draw_every_screen(app, monkeypatch)
    assert {scene for *_, scene in asked} == set(SCENES)
    least = readable_font(app.layout.scale)
    small = sorted({(size, text) for text, size, owner, _ in asked if size < least})
    assert not small, f"text below size {least} (a 12 px line) at 800x600: {small}"
    hints = [(text, size, owner) for text, size, owner, _ in asked if owner is not None]
    assert {text for text, _, _ in hints} >= {"Z", "X", "C", "V", "Del", "^Z", "^Y", "H", "T", "P", "F", "E", "N"}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_pencil_marks_stay_readable_inside_their_cell(make_app, size):
    """Nine corner marks in one cell and nine centre marks in another are drawn inside their
    cells and apart, each at the height of MIN_FONT text or more: never squeezed below it (the
    centre marks take two lines when one would not fit the cell). Every mark is its own glyph
    (the digit filter inks one digit apart from the rest)."""
    app = make_app(size)
    canvas = BlitRecorder(size)
    app.resize(canvas)
    scene = play(app)
    game = scene.game
    for target, mode in ((R1C4, "corner"), (R5C5, "centre")):
        game.select([target])
        for digit in range(1, 10):
            game.input_digit(digit, mode)
    game.select([R2C2])
    canvas.blits = []
    app.frame([], FRAME)
    readable = app.theme.text("123456789", MIN_FONT, (255, 255, 255)).get_height()  # as rendered
    for target, count in ((R1C4, (9,)), (R5C5, (9,))):
        rect = scene.board.cell_rect(target)
        marks = [b for b in canvas.blits if rect.collidepoint(b.center) and b.w < rect.w and b.h < rect.h]
        assert len(marks) in count, f"{size}: {len(marks)} texts in cell {target}"
        assert all(rect.contains(b) for b in marks), f"{size}: a mark leaves cell {target}: {rect} {marks}"
        assert all(b.h >= readable for b in marks), f"{size}: a mark squeezed below {MIN_FONT} pixels: {marks}"
        assert not overlaps([(str(i), b) for i, b in enumerate(marks)]), f"{size}: marks overlap in {target}"


# --- resizing --------------------------------------------------------------------------------------------


def what_the_player_has(app: App) -> dict:
    """The parts of the play screen a resize must keep, compared by identity where the game
    keeps immutable snapshots."""
    scene = app.scene
    game = scene.game
    return {
        "scene": id(scene),
        "game": id(game),
        "app.game": id(app.game),
        "state": id(game.state),
        "undo": [id(s) for s in game.undo_stack],
        "redo": [id(s) for s in game.redo_stack],
        "selection": game.selection,
        "cursor": game.cursor,
        "mode": game.mode,
        "hint": id(game.hint),
        "page": scene.keypad.page,
        "entropy": scene.entropy,
        "paused": scene.paused,
        "panel": scene.panel_text,
        "hover": scene.keypad.hover.action if scene.keypad.hover else None,
    }


def test_resizing_mid_game_keeps_the_game_and_lays_it_out_anew(make_app):
    """A game with entries, marks, an undo and a redo step, a selection, Centre mode, the tools
    page, the entropy overlay and a hint at stage 2 goes through every window size: the same
    game, state, history, selection, page and hint on show stay, the timer keeps running, the
    new frame covers the whole new window and the board scales with it (its side is 648
    design pixels); then clicks and undo work in the new layout."""
    app = make_app((1200, 800))
    clock = app.clock
    scene = play(app)
    game = scene.game
    for target, keys in (
        (R1C3, [key(pygame.K_4)]),
        (R1C4, [key(pygame.K_2, pygame.KMOD_LSHIFT)]),
        (R5C5, [key(pygame.K_7), key(pygame.K_z, pygame.KMOD_LCTRL)]),
    ):
        app.frame(click(scene.board.cell_rect(target).center), FRAME)
        app.frame(keys, FRAME)
    assert game.state.entries[R1C3] == 4 and len(game.undo_stack) == 2 and len(game.redo_stack) == 1
    game.select([R1C3, R1C4, R2C2])
    app.frame([key(pygame.K_c), key(pygame.K_t), key(pygame.K_e)], FRAME)
    hover = scene.keypad.page_buttons[3]
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=hover.rect.center, rel=(0, 0), buttons=(0, 0, 0))], FRAME)
    game.hint = Hint("step", 2, X_CHAIN, candidates=tuple(game.state.solver_grid().candidates))
    app.frame([], FRAME)
    kept = what_the_player_has(app)
    assert kept["page"] == "tools" and kept["mode"] == "centre" and kept["entropy"]
    assert kept["panel"][0] == "X-Chain  (2/3)" and kept["hover"] == hover.action
    elapsed = game.elapsed
    for size in (*SIZES, (1000, 1400), (2560, 1080), (1200, 800)):
        surface = pygame.Surface(size)
        surface.fill(STALE)
        clock.now += 5
        app.resize(surface)
        app.frame([], FRAME)
        assert what_the_player_has(app) == kept, f"{size}: the resize lost something"
        assert game.elapsed == pytest.approx(elapsed + 5)
        elapsed = game.elapsed
        layout = Layout.fit(size)
        assert app.layout == layout and app.scene.layout == layout
        assert pygame.mask.from_threshold(surface, STALE, (1, 1, 1, 255)).count() == 0, f"{size}: not all drawn"
        board = scene.board.rect
        assert board.topleft == layout.point(BOARD_X, BOARD_Y) and board.w == board.h == 9 * layout.px(CELL)
        assert abs(board.w - 9 * CELL * layout.scale) <= 9
        assert scene.panel.rect.bottom == board.bottom and scene.panel.rect.right <= size[0]
    app.resize(pygame.Surface(SMALLEST))
    app.frame(click(scene.board.cell_rect(R5C5).center), FRAME)
    assert game.selection == (R5C5,)
    app.frame([key(pygame.K_z, pygame.KMOD_LCTRL)], FRAME)
    assert game.state.entries[R1C4] == 0 and game.state.corner[R1C4] == 0 and game.state.entries[R1C3] == 4


@pytest.mark.parametrize("name", ["menu with a game to continue", "difficulty", "settings", "win, long technique name"])
def test_resizing_keeps_the_focused_button(make_app, fake_generate, name):
    """On a screen of buttons, the button the keyboard focus is on stays focused when the
    window changes size, and Enter then fires it in the new layout."""
    app = make_app((1200, 800))
    scene = open_screen(app, name)
    app.frame([key(pygame.K_DOWN)], FRAME)
    focused = scene.menu.buttons[scene.menu.focus].action
    for size in SIZES:
        app.resize(pygame.Surface(size))
        app.frame([], FRAME)
        assert app.scene is scene and scene.menu.buttons[scene.menu.focus].action == focused, size
    if name == "settings":
        before = getattr(app.settings, focused)
        app.frame([key(pygame.K_RETURN)], FRAME)
        assert getattr(app.settings, focused) != before
    else:
        app.frame([key(pygame.K_RETURN)], FRAME)
        assert app.scene is not scene


def surface_bytes(theme: Theme) -> int:
    """The bytes of pixels held by every surface the theme keeps (its caches)."""
    total = 0
    for value in vars(theme).values():
        if isinstance(value, dict):
            for surface in value.values():
                if isinstance(surface, pygame.Surface):
                    total += surface.get_width() * surface.get_height() * surface.get_bytesize()
    return total


def test_resizing_again_and_again_does_not_keep_a_backdrop_per_size(make_app):
    """Dragging a window's corner sends one size after another: after 30 different sizes near
    2560x1440, on the menu and the play screen, the theme keeps fewer pixels than eight
    backdrops of the largest window (it kept one backdrop, 14 MB, per size it ever saw)."""
    app = make_app((1200, 800))
    largest = (2560, 1440)
    play(app)
    for i in range(30):
        size = (largest[0] - 7 * i, largest[1] - 5 * i)
        app.resize(pygame.Surface(size))
        app.frame([], FRAME)
        if i == 15:
            app.goto("menu")
    kept = surface_bytes(app.theme)
    assert kept < 8 * largest[0] * largest[1] * 4, f"the theme keeps {kept // 2**20} MB of surfaces"


@pytest.mark.parametrize(
    "desktop, size",
    [
        ((2560, 1440), (1944, 1296)),
        ((1280, 854), (1152, 768)),
        ((1920, 1080), (1458, 972)),
        ((800, 600), (800, 600)),
        (None, (1200, 800)),
    ],
)
def test_the_window_opens_fitted_to_the_screen(desktop, size):
    """90% of the desktop in its limiting direction, in the design's proportions, larger or
    smaller than the design size (it opened at 1200x800 on a 2560x1440 screen)."""
    from game.layout import initial_window_size

    assert initial_window_size(desktop) == size


def test_f11_never_pauses_and_leaving_full_screen_restores_the_window(app, monkeypatch):
    """F11 makes the window system take the focus away and give it back: the game does not
    pause for that; leaving full screen brings the window back at the size it had."""
    import time as real_time

    from tests.gameplay import play

    full = {"on": False}
    sizes = []
    monkeypatch.setattr(pygame.display, "is_fullscreen", lambda: full["on"])
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: full.update(on=not full["on"]))
    monkeypatch.setattr(
        pygame.display, "set_mode", lambda size, flags=0: sizes.append(tuple(size)) or pygame.Surface(size)
    )
    scene = play(app)
    before = app.size
    app.frame([key(pygame.K_F11), pygame.event.Event(pygame.WINDOWFOCUSLOST)], FRAME)
    assert full["on"] and not scene.paused
    app.frame([key(pygame.K_F11), pygame.event.Event(pygame.WINDOWFOCUSLOST)], FRAME)
    assert not full["on"] and not scene.paused and sizes[-1] == before
    app.display.settling_until = real_time.monotonic() - 1  # later, a real loss of focus pauses
    app.frame([pygame.event.Event(pygame.WINDOWFOCUSLOST)], FRAME)
    assert scene.paused


@pytest.mark.parametrize("size, least", [((800, 600), 12), ((1200, 800), 14), ((1920, 1080), 14)])
def test_no_text_is_smaller_than_a_readable_line_in_any_scene(app, monkeypatch, fake_generate, size, least):
    """Every text any scene draws (menus, the play screen with marks, a hint at both stages, the
    tools page, the win and generating screens) is at least a 12 px line in an 800x600 window
    and 14 px from 1200x800 up (the rendered line's height)."""
    from game import theme as th
    from game.hints import Hint
    from game.scenes.generating import GeneratingScene
    from game.scenes.win import WinScene
    from tests.gameplay import X_CHAIN, play

    small: list[tuple[str, str, int]] = []
    real_text = th.Theme.text
    where = {"scene": ""}

    def text(self, words, font_size, colour):
        surface = real_text(self, words, font_size, colour)
        if words.strip() and surface.get_height() < least:
            small.append((where["scene"], words, surface.get_height()))
        return surface

    monkeypatch.setattr(th.Theme, "text", text)
    app.resize(pygame.Surface(size))

    def look(name):
        where["scene"] = name
        app.frame([], FRAME)

    for name in ("menu", "difficulty", "settings", "stats"):
        app.goto(name)
        look(name)
    scene = play(app)
    game = scene.game
    game.set_mode("corner")
    game.select([R1C3])
    for digit in range(1, 10):
        game.input_digit(digit)
    game.set_mode("centre")
    game.select([R1C4])
    for digit in (1, 2, 5, 7):
        game.input_digit(digit)
    look("play")
    for stage in (1, 2):
        game.hint = Hint("step", stage, X_CHAIN, candidates=tuple(game.state.solver_grid().candidates))
        look(f"hint stage {stage}")
    game.hint = None
    scene.perform(act.FlipPage())
    look("tools page")
    app.switch(WinScene(app, game))
    look("win")
    fake_generate.gate.clear()
    app.switch(GeneratingScene(app, Level.EXPERT))
    look("generating")
    fake_generate.gate.set()
    assert not small, small[:5]
