"""A seeded random-input soak of the whole game under SDL's dummy driver: 5,000 synthetic events
in the default run, 20,000 with ``-m slow`` (every key the game uses and others, with random
modifiers; mouse motion, clicks and drags, many of them aimed at the buttons and cells on
screen; window resizes; focus lost) fed a few per frame from the menu on, through every scene
the input leads to (the puzzle generator is the fast fake of tests/conftest.py). After every
frame: no exception reached the app's recovery, nothing was logged but the expected, no
puzzle's givens changed, no game timer ran backwards; every 500 events on the play screen, an
undo followed by a redo gives back the very same state. Where the walk has not found the Demo
by half time, or a win by three quarters, it is taken there once.

Background jobs (generation, hint searches, pastes) run on their real workers, but the soak
waits for each after its frame, so one seed always plays the same game.
"""

from __future__ import annotations

import collections
import random
import time
import traceback

import pygame
import pytest

from game.app import App
from game.clipboard import copy_text
from game.scenes import SCENES
from tests.gameplay import (
    FRAME,
    PUZZLE,
    R1C3,
    R5C5,
    SOLUTION,
    almost_solved,
    click,
    key,
    play,
    run_until,
)

SEED = 20_251
EVENTS = 5_000  # the default run's soak (about 40 s); -m slow runs the same walk on to 20,000
LONG_EVENTS = 20_000
CHECK_EVERY = 500  # events between two undo-then-redo checks
MIN_SIZE, MAX_SIZE = (800, 600), (2560, 1440)
EXPECTED_LOGS = (
    "full screen is not available",  # F11 under the dummy driver
    "A new puzzle: your unfinished one",
)  # N over a game in progress: a toast

# Every key the game reads (game.input, game.widgets, the scenes), then others it ignores.
GAME_KEYS = (
    *(getattr(pygame, f"K_{d}") for d in range(10)),
    *(getattr(pygame, f"K_KP{d}") for d in range(10)),
    pygame.K_KP_PERIOD,
    pygame.K_KP_ENTER,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_TAB,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_z,
    pygame.K_x,
    pygame.K_c,
    pygame.K_v,
    pygame.K_y,
    pygame.K_h,
    pygame.K_n,
    pygame.K_f,
    pygame.K_e,
    pygame.K_p,
    pygame.K_t,
    pygame.K_w,
    pygame.K_s,
    pygame.K_F11,
)
OTHER_KEYS = tuple(
    sorted({value for name, value in vars(pygame).items() if name.startswith("K_") and value not in GAME_KEYS})
)
MODIFIERS = (
    pygame.KMOD_LSHIFT,
    pygame.KMOD_RSHIFT,
    pygame.KMOD_LCTRL,
    pygame.KMOD_RCTRL,
    pygame.KMOD_LALT,
    pygame.KMOD_LGUI,
    pygame.KMOD_CAPS,
    pygame.KMOD_NUM,
    pygame.KMOD_LSHIFT | pygame.KMOD_LCTRL,
    pygame.KMOD_LCTRL | pygame.KMOD_LALT,
)
WINDOW_EVENTS = (
    pygame.WINDOWFOCUSLOST,
    pygame.WINDOWFOCUSGAINED,
    pygame.WINDOWMINIMIZED,
    pygame.WINDOWRESTORED,
    pygame.WINDOWENTER,
    pygame.WINDOWLEAVE,
)


class RandomPlayer:
    """Makes gestures from a seeded random source: each gesture is a list of pygame events and
    control items, ``("resize", (w, h))`` or ``("mods", flags)`` (what the keyboard holds down
    during the next clicks). Half the pointer positions aim at a button or a cell on show."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def gesture(self, app: App) -> list:
        rng = self.rng
        roll = rng.random()
        if roll < 0.435:
            return self.key_press()
        if roll < 0.655:
            return self.click(app)
        if roll < 0.815:
            return [self.motion(self.point(app), (0, 0, 0))]
        if roll < 0.895:
            return self.drag(app)
        if roll < 0.91:
            return [pygame.event.Event(rng.choice(WINDOW_EVENTS))]
        if roll < 0.925:
            return [("resize", (rng.randint(MIN_SIZE[0], MAX_SIZE[0]), rng.randint(MIN_SIZE[1], MAX_SIZE[1])))]
        if roll < 0.95:
            return [
                pygame.event.Event(
                    pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False, precise_x=0.0, precise_y=1.0
                )
            ]
        if roll < 0.97:
            return [pygame.event.Event(pygame.VIDEORESIZE, size=app.size, w=app.size[0], h=app.size[1])]
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("az19 !"))]

    def key_press(self) -> list:
        rng = self.rng
        code = rng.choice(GAME_KEYS) if rng.random() < 0.8 else rng.choice(OTHER_KEYS)
        mod = 0 if rng.random() < 0.6 else rng.choice(MODIFIERS)
        char = chr(code) if 32 <= code < 127 else ""
        return [key(code, mod, char), pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=char, scancode=0)]

    def click(self, app: App) -> list:
        rng = self.rng
        mods = 0 if rng.random() < 0.75 else rng.choice((pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL))
        pos = self.point(app)
        button = 1 if rng.random() < 0.85 else rng.choice((2, 3, 4, 5))
        return [
            ("mods", mods),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos),
        ]

    def drag(self, app: App) -> list:
        rng = self.rng
        start = self.point(app)
        events = [("mods", 0), pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start)]
        x, y = start
        for _ in range(rng.randint(2, 8)):
            x, y = x + rng.randint(-120, 120), y + rng.randint(-120, 120)
            events.append(self.motion((x, y), (1, 0, 0)))
        events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, y)))
        return events

    @staticmethod
    def motion(pos, buttons) -> pygame.event.Event:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)

    def point(self, app: App) -> tuple[int, int]:
        """Half the time a random pixel of the window, else the centre of a button or a cell
        of the screen on show (anywhere off the window's edge, now and then)."""
        rng = self.rng
        width, height = app.size
        scene = app.scene
        targets = []
        if scene.name == "play":
            board = scene.board
            targets = [b.rect.center for b in scene.keypad.buttons]
            if rng.random() < 0.5:
                targets = [board.cell_rect(rng.randrange(81)).center]
        elif getattr(scene, "menu", None) is not None:
            targets = [b.rect.center for b in scene.menu.buttons]
        roll = rng.random()
        if targets and roll < 0.5:
            return rng.choice(targets)
        if roll < 0.97:
            return rng.randrange(width), rng.randrange(height)
        return rng.randint(-50, width + 50), rng.randint(-50, height + 50)


class Watch:
    """The invariants checked after every frame, with what they remember between frames."""

    def __init__(self):
        self.givens = {}  # Puzzle -> its givens when first seen
        self.elapsed = {}  # (Game, Puzzle) -> the timer when last seen
        self.seen = collections.Counter()  # scene names (and "demo") after each frame

    def check(self, app: App) -> None:
        scene = app.scene
        self.seen[scene.name] += 1
        if scene.name == "play" and scene.demo:
            self.seen["demo"] += 1
        games = {id(g): g for g in (app.game, getattr(scene, "game", None)) if g is not None}
        for game in games.values():
            puzzle, state = game.puzzle, game.state
            assert puzzle.givens == self.givens.setdefault(puzzle, puzzle.givens), "the givens changed"
            for cell, given in enumerate(puzzle.givens):
                if given:
                    assert state.values[cell] == given and not state.entries[cell], f"given {cell} was changed"
            elapsed = game.elapsed
            assert elapsed >= self.elapsed.get((game, puzzle), 0.0) - 1e-9, "the timer ran backwards"
            self.elapsed[(game, puzzle)] = elapsed


def undo_then_redo_restores_the_state(app: App) -> bool:
    """On the play screen with a move to undo: Ctrl+Z then Ctrl+Y (through frames) give back the
    same PlayState and the same stacks; False, checking nothing, when the screen does not allow
    it now (another scene, the demo, paused, solved)."""
    scene = app.scene
    if scene.name != "play" or scene.demo or scene.paused or scene.flourish is not None:
        return False
    game = scene.game
    if game.solved or not game.undo_stack:
        return False
    before, undo, redo = game.state, list(game.undo_stack), list(game.redo_stack)
    app.frame([key(pygame.K_z, pygame.KMOD_LCTRL)], FRAME)
    assert app.scene is scene and game.state is undo[-1], "Ctrl+Z did not undo"
    app.frame([key(pygame.K_y, pygame.KMOD_LCTRL)], FRAME)
    assert game.state is before and game.state == before, "undo then redo changed the state"
    assert [id(s) for s in game.undo_stack] == [id(s) for s in undo]
    assert [id(s) for s in game.redo_stack] == [id(s) for s in redo]
    return True


def reach_win(app: App) -> bool:
    """Start a game one digit from solved, type that digit and run quiet frames until the win
    screen shows (or 20 s pass), so the walk goes on from there."""
    game = play(app, almost_solved(R5C5)).game
    game.select([R5C5])
    app.frame([key(getattr(pygame, f"K_{SOLUTION[R5C5]}"))], FRAME)
    for _ in range(1200):
        if getattr(app.scene, "name", "") == "win":
            return True
        app.clock.now += FRAME
        app.frame([], FRAME)
    return False


def press_demo(app: App) -> bool:
    """Click the menu's Demo button and run quiet frames until the demo plays (or 20 s pass)."""
    menu = app.scene.menu
    demo = menu.buttons[menu.actions().index("demo")]
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=demo.rect.center)], FRAME)
    for _ in range(1200):
        if getattr(app.scene, "name", "") == "play":
            break
        app.clock.now += FRAME
        app.frame([], FRAME)
        app.jobs.wait(10)
    return True


def press(app: App, action: str) -> None:
    """Click the button of ``action`` on the screen on show (it has one) and draw a frame."""
    menu = app.scene.menu
    button = menu.buttons[menu.actions().index(action)]
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center)], FRAME)


def visit(app: App, path: tuple[str, ...]) -> bool:
    """From the menu, press the buttons of ``path`` in turn (a screen the walk did not find by
    then), so that screen too takes random events."""
    for action in path:
        press(app, action)
    return True


# screens a short random walk seldom finds, and the buttons from the menu to each
VISITS = {"history": ("stats", "history"), "practice": ("practice",)}


def soak(app: App, events: int, seed: int, monkeypatch) -> tuple[Watch, int]:
    """Feed ``events`` random events to ``app`` from the menu on, checking the invariants after
    every frame; returns the Watch and the number of undo-then-redo checks made."""
    problems: list[str] = []
    real_recover, real_log = App.recover, App.log

    def recover(self, exc):
        problems.append("".join(traceback.format_exception(exc)))
        real_recover(self, exc)

    def log(self, message):
        if not message.startswith(EXPECTED_LOGS):
            problems.append(message)
        real_log(self, message)

    monkeypatch.setattr(App, "recover", recover)
    monkeypatch.setattr(App, "log", log)
    rng = random.Random(seed)
    player = RandomPlayer(seed + 1)
    watch = Watch()
    pending: collections.deque = collections.deque()
    sent, frames, checks, next_check = 0, 0, 0, CHECK_EVERY
    pressed_demo = reached_win = False
    visited: dict[str, bool] = {}
    copy_text(PUZZLE)  # what Ctrl+V pastes until the game copies: the same whatever ran before
    pygame.key.set_mods(0)
    app.goto("menu")
    while sent < events:
        batch = []
        for _ in range(rng.randint(1, 5)):
            if sent >= events:
                break
            if not pending:
                pending.extend(player.gesture(app))
            item = pending[0]
            if isinstance(item, tuple):
                if batch:
                    break  # a resize or a change of held modifiers comes between frames
                pending.popleft()
                if item[0] == "resize":
                    app.resize(pygame.Surface(item[1]))
                    sent += 1
                else:
                    pygame.key.set_mods(item[1])
                continue
            batch.append(pending.popleft())
            sent += 1
        roll = rng.random()  # seconds since the last frame: mostly 60 fps, sometimes a stall
        dt = FRAME if roll < 0.5 else rng.uniform(0, 0.1) if roll < 0.95 else rng.uniform(0.1, 2.0)
        app.clock.now += dt
        app.frame(batch, dt)
        frames += 1
        app.jobs.wait(10)  # the next frame sees what the worker made: one seed, one game
        app.hint_jobs.wait(10)
        assert not problems, f"after {sent} events, {frames} frames:\n{problems[0]}"
        if not app.running:  # Quit was chosen: start again from the menu
            app.running = True
            app.goto("menu")
        if sent >= events // 2 and not pressed_demo and getattr(app.scene, "name", "") == "menu":
            # the walk found no Demo by half time (it depends on where buttons sit): press it
            # once and let the demo reach its play screen, so it too takes random events
            pressed_demo = "demo" in watch.seen or press_demo(app)
        for name, path in VISITS.items():
            if sent >= events // 3 and name not in watch.seen and name not in visited:
                if getattr(app.scene, "name", "") == "menu":
                    visited[name] = visit(app, path)
        if sent >= events * 3 // 4 and not reached_win and "win" not in watch.seen:
            # a random walk seldom solves a puzzle in a short soak: solve one, once, so the win
            # screen takes random events too
            reached_win = reach_win(app)
        watch.check(app)
        if sent >= next_check and undo_then_redo_restores_the_state(app):
            checks += 1
            next_check = sent + CHECK_EVERY
            assert not problems, problems[0]
            watch.check(app)
    return watch, checks


@pytest.fixture
def soak_app(app, fake_generate):
    """The app with the fast fake generator; the held modifiers and the jobs are put back after
    the soak."""
    yield app
    app.cancel_jobs()
    app.hint_jobs.wait(5)
    pygame.key.set_mods(0)


def run_soak(app, events: int, seed: int, monkeypatch) -> None:
    """``events`` seeded random events from the menu on reach every scene and the demo, and after
    every frame no exception was caught, no puzzle's givens changed and no timer ran backwards;
    every 500 events on the play screen, undo then redo restores the very same state."""
    started = time.process_time()
    watch, checks = soak(app, events, seed, monkeypatch)
    seconds = time.process_time() - started
    print(f"soak: {events} events in {seconds:.1f} s of CPU; scenes {dict(watch.seen)}; {checks} undo checks")
    assert set(watch.seen) >= set(SCENES) | {"demo"}, f"scenes never reached: {set(SCENES) - set(watch.seen)}"
    assert checks >= events // CHECK_EVERY // 3


def test_five_thousand_random_events_break_nothing(soak_app, monkeypatch):
    run_soak(soak_app, EVENTS, SEED, monkeypatch)


@pytest.mark.slow
def test_twenty_thousand_random_events_break_nothing(soak_app, monkeypatch):
    run_soak(soak_app, LONG_EVENTS, SEED, monkeypatch)


def test_a_solved_board_takes_no_more_moves(app):
    """Found by the soak: while the Solve tool's digits appeared (up to 1.2 s), or later in the
    frame in which the last digit went in, a key could change the solved board, so the win
    screen never came and a later Undo jumped back to the solved state, where Redo was refused.
    A solved board now takes no moves (Esc still leaves) and the win screen follows."""
    scene = play(app)
    game = scene.game
    app.frame([key(pygame.K_t)], FRAME)
    solve = next(b for b in scene.keypad.page_buttons if b.label == "Solve")
    app.frame(click(solve.rect.center), FRAME)
    assert game.solved
    solved = game.state
    game.select([R1C3])
    app.frame([key(pygame.K_DELETE), key(pygame.K_z, pygame.KMOD_LCTRL), key(pygame.K_5), key(pygame.K_f)], FRAME)
    assert game.state is solved and scene.time < 1.0  # still revealing
    run_until(app, lambda: app.scene.name == "win", frames=300)

    scene = play(app, almost_solved(R5C5))
    game = scene.game
    game.select([R5C5])
    app.frame([key(pygame.K_5), key(pygame.K_DELETE)], FRAME)  # the last digit, then Delete
    assert game.solved
    run_until(app, lambda: app.scene.name == "win", frames=300)
