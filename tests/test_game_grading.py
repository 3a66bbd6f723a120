"""A pasted puzzle (or ``play --puzzle``) is playable at once and graded meanwhile on the app's job
runner (game.paste.Grading): the header says so above any hint and while paused, Esc stops the
grading (the puzzle stays "not graded", the game goes on), the level appears when it is known,
and nothing on the board changes unless the player acts. Driven under SDL's dummy driver with a
stand-in grading job that runs until a test lets it finish or cancels it."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pygame
import pytest

from cli import commands
from game import clipboard, jobs, tools
from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.theme import Theme
from solver.levels import Level
from tests.gameplay import FRAME, INKALA, FakeClock, key, play, run_until

OTHER = "000100000020000000050700083800370902074000010000800305900000050000200790400950201"


@pytest.fixture
def grader(monkeypatch):
    """jobs.grade_puzzle runs until ``done`` is set (then grades Master) or it is cancelled
    (``cancelled`` is set); ``calls`` counts the gradings started."""
    fake = SimpleNamespace(done=threading.Event(), cancelled=threading.Event(), calls=[])

    def grade_puzzle(givens, progress, cancel):
        fake.calls.append(givens)
        while not fake.done.is_set():
            if cancel():
                fake.cancelled.set()
                raise InterruptedError("cancelled")
            time.sleep(0.002)
        return Level.MASTER, "Forcing Chain"

    monkeypatch.setattr(jobs, "grade_puzzle", grade_puzzle)
    return fake


def board_and_history(game) -> tuple:
    """What the player sees and can undo: the board, marks, selection, undo and redo depths, hint."""
    state = game.state
    return (
        state.values,
        state.entries,
        state.corner,
        state.centre,
        state.colours,
        game.selection,
        len(game.undo_stack),
        len(game.redo_stack),
        game.hint,
        game.hints_used,
    )


def paste(app, monkeypatch, text: str = OTHER) -> PlayScene:
    """The play screen after pasting ``text`` (checked; its grading under way)."""
    monkeypatch.setattr(clipboard.pygame.scrap, "get_text", lambda: text)
    scene = play(app)
    app.frame([key(pygame.K_v, pygame.KMOD_CTRL)], FRAME)
    run_until(app, lambda: not scene.pasting.active and scene.grading.active)
    return scene


class TextRecorder(pygame.Surface):
    """A window that remembers where each text the theme rendered was blitted, by its words."""

    def __init__(self, size, texts: dict[int, str]):
        super().__init__(size)
        self.texts = texts
        self.placed: dict[str, pygame.Rect] = {}

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        if id(source) in self.texts:
            self.placed[self.texts[id(source)]] = rect
        return rect


@pytest.fixture
def recorded(screen, monkeypatch):
    """An app (seed 11, a FakeClock) on a 1200x800 window that records where texts go."""
    texts: dict[int, str] = {}
    real = Theme.text

    def text(self, words, size, colour):
        surface = real(self, words, size, colour)
        texts[id(surface)] = words
        return surface

    monkeypatch.setattr(Theme, "text", text)
    app = App(TextRecorder((1200, 800), texts), seed=11, clock=FakeClock())
    yield app
    app.cancel_jobs()
    app.jobs.wait(5)


def drawn(app) -> dict[str, pygame.Rect]:
    """The texts one frame draws, with their rectangles."""
    app.screen.placed.clear()
    app.frame([], FRAME)
    return dict(app.screen.placed)


def test_a_pasted_puzzle_is_playable_at_once_while_it_is_graded(app, grader, monkeypatch):
    scene = paste(app, monkeypatch)
    game = scene.game
    assert "".join(map(str, game.puzzle.givens)) == OTHER and game.puzzle.level is None
    assert grader.calls == [game.puzzle.givens] and scene.grading.level_text(game) == "GRADING"
    assert scene.panel_text[0] == "PASTED"
    open_cell = OTHER.index("0")
    game.select([open_cell])
    app.frame([key(getattr(pygame, f"K_{game.puzzle.solution[open_cell]}"))], FRAME)
    assert game.state.entries[open_cell] == game.puzzle.solution[open_cell]  # playable meanwhile
    assert scene.grading.active


def test_the_grading_line_stays_visible_above_a_hint_and_while_paused(recorded, grader, monkeypatch):
    app = recorded
    scene = paste(app, monkeypatch)
    for _ in range(int(2 / FRAME)):
        app.frame([], FRAME)
    line = "Grading... 2 s    Esc stops it"
    app.frame([key(pygame.K_h)], FRAME)
    run_until(app, lambda: scene.game.hint is not None and scene.game.hint.kind == "step")
    texts = drawn(app)
    assert scene.panel_text[0] not in ("PASTED", "KEYS")  # the hint has the panel
    assert line in texts and not texts[line].colliderect(scene.panel.current)
    assert app.screen.get_rect().contains(texts[line]) and texts[line].bottom < scene.board.rect.top
    assert "GRADING" in texts  # the level chip
    app.frame([key(pygame.K_p)], FRAME)
    assert scene.paused and line in drawn(app)


def test_esc_stops_the_grading_and_the_game_goes_on_not_graded(app, grader, monkeypatch):
    scene = paste(app, monkeypatch)
    game = scene.game
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert app.scene is scene and grader.cancelled.wait(5)
    assert scene.grading.level_text(game) == "NOT GRADED" and game.puzzle.level is None
    assert scene.grading.line() == "Grading stopped: the puzzle stays not graded"
    for _ in range(30):
        app.frame([], FRAME)
    assert len(grader.calls) == 1 and not app.jobs.busy  # not started again
    game.select([OTHER.index("0")])
    app.frame([key(pygame.K_5)], FRAME)
    assert game.state.entries[OTHER.index("0")] == 5  # still playable
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, MenuScene)  # the next Esc leaves as always


def test_the_level_appears_when_known_and_nothing_on_the_board_changes(app, grader, monkeypatch):
    scene = paste(app, monkeypatch)
    game = scene.game
    open_cells = [c for c, ch in enumerate(OTHER) if ch == "0"]
    game.select([open_cells[0]])
    game.input_digit(game.puzzle.solution[open_cells[0]])
    game.select([open_cells[1]])
    game.input_digit(3, "corner")
    game.input_digit(4, "centre")
    before = board_and_history(game)
    pasted, state = game.puzzle, game.state
    grader.done.set()
    run_until(app, lambda: game.puzzle.level is not None)
    after = board_and_history(game)
    assert after == before
    assert game.puzzle.level == Level.MASTER and game.puzzle.hardest == "Forcing Chain"
    assert game.puzzle is pasted and game.state is state  # the puzzle learnt its grade; no state replaced
    assert scene.grading.level_text(game) is None
    assert scene.grading.line() == "Graded: Master, hardest step Forcing Chain"
    assert app.profile.stats.level(Level.MASTER).played == 0  # a pasted puzzle is not counted
    record = app.profile.history.records[-1]  # History shows the level while the game is played
    assert (record.source, record.level, record.hardest, record.result) == (
        "pasted",
        "MASTER",
        "Forcing Chain",
        "playing",
    )
    while game.undo():
        if game.puzzle.givens == pasted.givens:
            assert game.puzzle is pasted  # every state of it holds the grade
    assert game.puzzle is not pasted and game.puzzle.level is not None  # back before the paste


def test_another_paste_supersedes_the_grading_and_a_failed_one_restarts_it(app, grader, monkeypatch):
    scene = paste(app, monkeypatch)
    pasted = scene.game.puzzle
    monkeypatch.setattr(clipboard.pygame.scrap, "get_text", lambda: "0" * 81)
    app.frame([key(pygame.K_v, pygame.KMOD_CTRL)], FRAME)
    assert grader.cancelled.wait(5)  # the newer job cancelled the grading
    run_until(app, lambda: scene.panel_text[0] == "CANNOT PASTE")
    run_until(app, lambda: len(grader.calls) == 2)  # the pasted puzzle is graded again
    assert scene.game.puzzle is pasted and scene.grading.puzzle is pasted


def test_leaving_the_play_screen_drops_the_grading_and_continue_starts_it_again(app, grader, monkeypatch):
    scene = paste(app, monkeypatch)
    app.frame([key(pygame.K_ESCAPE)], FRAME)  # stops the grading
    app.frame([key(pygame.K_ESCAPE)], FRAME)  # leaves
    grader.cancelled.clear()
    app.goto("play", game=app.game)
    assert not app.jobs.busy  # stopped by the player: it stays stopped
    monkeypatch.setattr(clipboard.pygame.scrap, "get_text", lambda: INKALA)
    app.frame([key(pygame.K_v, pygame.KMOD_CTRL)], FRAME)
    run_until(app, lambda: len(grader.calls) == 2)
    app.frame([key(pygame.K_p)], FRAME)
    app.goto("menu")
    assert grader.cancelled.wait(5)  # left mid-grading: dropped
    app.goto("play", game=app.game)
    run_until(app, lambda: len(grader.calls) == 3)  # and started again on return
    assert scene is not app.scene and app.scene.grading.active


def test_play_with_a_puzzle_opens_it_ungraded_and_the_play_screen_grades_it(app, grader, monkeypatch):
    opened = []
    monkeypatch.setattr("game.window.run", lambda **kw: opened.append(kw["puzzle"]) or 0)
    monkeypatch.setattr("solver.grading.grade", lambda *a, **k: pytest.fail("the command line graded it"))
    assert commands.main(["play", "--puzzle", INKALA]) == 0
    imported = opened[0]
    assert imported.level is None and "".join(str(v or ".") for v in imported.puzzle) == INKALA
    app.play_imported(imported)
    run_until(app, lambda: isinstance(app.scene, PlayScene) and app.scene.grading.active)
    assert grader.calls == [imported.puzzle]


def test_inkalas_puzzle_is_checked_at_once_whatever_grading_costs(monkeypatch):
    monkeypatch.setattr("solver.grading.grade", lambda *a, **k: pytest.fail("checking must not grade"))
    imported = tools.import_puzzle(INKALA)
    assert imported.level is None and 0 not in imported.solution
