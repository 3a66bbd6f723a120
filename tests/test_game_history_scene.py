"""The History screen (Stats -> History): the games newest first, scrolled by keys and the wheel,
chosen by keys or a click; Replay starts that puzzle again at its level (not counted), Copy puts
its line on the clipboard with a message. Synthetic events under the dummy video driver."""

from __future__ import annotations

import pygame
import pytest

from game.history import GameRecord, History
from game.scenes import history as history_scene
from game.scenes.history import VISIBLE, HistoryScene, Scroller, row_texts
from game.scenes.play import PlayScene
from game.scenes.stats import StatsScene
from solver.levels import Level
from tests.gameplay import FRAME, PUZZLE, SOLUTION, click, generated, key

OTHER = "".join(str(int(ch) % 9 + 1) if ch != "0" else "0" for ch in PUZZLE)
OTHER_SOLUTION = "".join(str(int(ch) % 9 + 1) for ch in SOLUTION)
LEVELS = ("EASY", "MEDIUM", "HARD", "EXPERT", "MASTER")


def records(count: int) -> list[GameRecord]:
    """``count`` finished games, oldest first: game n started on day n, took 60 + n seconds."""
    return [
        GameRecord(
            started=f"2026-10-{1 + n % 30:02d}T{n % 24:02d}:00:00+01:00",
            givens=(OTHER if n % 2 else PUZZLE).replace("0", "."),
            solution=OTHER_SOLUTION if n % 2 else SOLUTION,
            level=LEVELS[n % 5],
            hardest="X-Wing",
            source="bank",
            result="won",
            seconds=60.0 + n,
            hints=n,
        )
        for n in range(count)
    ]


def open_history(app, count: int = 30) -> HistoryScene:
    app.profile.history = History(records(count))
    app.goto("stats")
    app.frame([key(pygame.K_h)], FRAME)
    scene = app.scene
    assert isinstance(scene, HistoryScene)
    return scene


def test_the_stats_screen_opens_the_history_by_its_button_and_the_history_returns(app):
    app.goto("stats")
    button = next(b for b in app.scene.menu.buttons if b.action == "history")
    app.frame(click(button.rect.center), FRAME)
    assert isinstance(app.scene, HistoryScene)
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, StatsScene)
    app.frame([key(pygame.K_RETURN)], FRAME)  # Back keeps the focus on the Stats screen: Enter returns
    assert app.scene.name == "menu"


def test_the_games_are_listed_newest_first_one_line_each(app):
    scene = open_history(app, 30)
    assert [r.hints for r in scene.records] == list(range(29, -1, -1))
    assert list(scene.list.shown) == list(range(VISIBLE))
    assert row_texts(scene.records[0]) == ("2026-10-30 05:00", "Master", "Bank", "Won", "1:29", "29")
    daily = GameRecord("2026-11-26T08:05:00+01:00", PUZZLE.replace("0", "."), source="daily", daily="2026-11-26")
    assert row_texts(daily)[1:4] == ("Not graded", "Daily 11-26", "Playing")


def test_the_game_in_progress_shows_its_live_time(app):
    app.profile.history = History(records(3))
    app.new_puzzle(generated())
    app.clock.now += 125
    scene = app.goto("history")
    assert scene.records[0].result == "playing" and scene.live_seconds(scene.records[0]) == 125
    assert scene.live_seconds(scene.records[1]) is None


def test_keys_move_the_choice_and_the_view_follows(app):
    scene = open_history(app, 30)
    app.frame([key(pygame.K_DOWN)] * 3, FRAME)
    assert scene.list.selected == 3 and scene.list.top == 0
    app.frame([key(pygame.K_PAGEDOWN)], FRAME)
    assert scene.list.selected == 3 + VISIBLE and scene.list.top == 3 + 1  # the chosen line is the last in view
    app.frame([key(pygame.K_END)], FRAME)
    assert scene.list.selected == 29 and list(scene.list.shown)[-1] == 29
    app.frame([key(pygame.K_UP)], FRAME)
    assert scene.list.selected == 28 and scene.list.top == 30 - VISIBLE
    app.frame([key(pygame.K_HOME)], FRAME)
    assert (scene.list.selected, scene.list.top) == (0, 0)


def test_the_wheel_scrolls_the_view_within_the_list(app):
    scene = open_history(app, 30)
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2)], FRAME)
    assert scene.list.top == 6 and scene.list.selected == 0  # two notches down; the choice stays
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-20)], FRAME)
    assert scene.list.top == 30 - VISIBLE
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50)], FRAME)
    assert scene.list.top == 0


def test_a_click_chooses_the_line_under_it_even_scrolled(app):
    scene = open_history(app, 30)
    scene.list.scroll(5)
    app.frame(click(scene.row_rect(2).center), FRAME)
    assert scene.list.selected == 7 and scene.chosen is scene.records[7]


def test_the_scroller_stays_in_range():
    short = Scroller(3, VISIBLE)
    short.scroll(5)
    short.select(10)
    assert (short.top, short.selected, list(short.shown)) == (0, 2, [0, 1, 2])
    empty = Scroller(0, VISIBLE)
    empty.select(1)
    empty.scroll(1)
    assert (empty.top, empty.selected, list(empty.shown)) == (0, 0, [])


def test_replay_starts_a_new_game_of_that_puzzle_and_level_not_counted(app):
    scene = open_history(app, 30)
    app.frame([key(pygame.K_DOWN)], FRAME)  # the second newest: game 28, Expert, PUZZLE
    chosen = scene.chosen
    assert (chosen.level, chosen.givens) == ("EXPERT", PUZZLE.replace("0", "."))
    app.frame([key(pygame.K_r)], FRAME)
    assert isinstance(app.scene, PlayScene)
    puzzle = app.scene.game.puzzle
    assert app.scene.game is app.game and set(app.game.state.entries) == {0}  # from the start
    assert "".join(map(str, puzzle.givens)) == PUZZLE and "".join(map(str, puzzle.solution)) == SOLUTION
    assert (puzzle.level, puzzle.hardest, puzzle.counted, puzzle.daily) == (Level.EXPERT, "X-Wing", False, None)
    assert app.profile.stats.level(Level.EXPERT).played == 0  # a replay is not counted
    newest = app.profile.history.records[-1]
    assert (newest.source, newest.level, newest.result, newest.givens) == ("replay", "EXPERT", "playing", chosen.givens)
    assert len(app.profile.history) == 31


def test_replay_by_the_button_and_by_a_double_click(app):
    scene = open_history(app, 4)
    button = next(b for b in scene.menu.buttons if b.action == "replay")
    app.frame(click(button.rect.center), FRAME)
    assert isinstance(app.scene, PlayScene) and app.game.puzzle.level == Level.EXPERT  # the newest, game 3
    scene = app.goto("history")
    row = scene.row_rect(2).center  # game 2 (Hard), now the third line (the replay is the newest)
    app.frame(click(row), FRAME)
    assert isinstance(app.scene, HistoryScene) and scene.list.selected == 2  # one click only chooses
    app.frame(click(row), FRAME)
    assert isinstance(app.scene, PlayScene) and app.game.puzzle.level == Level.HARD


def test_a_replay_without_its_solution_finds_it_again(app):
    app.profile.history = History([GameRecord("2026-11-01T10:00:00+01:00", PUZZLE.replace("0", "."), level="HARD")])
    app.goto("history")
    app.frame([key(pygame.K_r)], FRAME)
    assert "".join(map(str, app.game.puzzle.solution)) == SOLUTION


def test_copy_puts_the_chosen_puzzle_on_the_clipboard_with_a_message(app, monkeypatch):
    copied = []
    monkeypatch.setattr(history_scene, "copy_text", lambda text: copied.append(text) or True)
    scene = open_history(app, 30)
    app.frame([key(pygame.K_DOWN), key(pygame.K_c)], FRAME)
    assert copied == [PUZZLE.replace("0", ".")] and scene.chosen.givens == copied[0]  # game 28
    assert any(copied[0] in text for text, *_ in app.toasts)
    button = next(b for b in scene.menu.buttons if b.action == "copy")
    app.frame([key(pygame.K_DOWN), *click(button.rect.center)], FRAME)
    assert copied[-1] == OTHER.replace("0", ".") and isinstance(app.scene, HistoryScene)  # game 27


def test_copy_without_a_clipboard_says_so(app, monkeypatch):
    monkeypatch.setattr(history_scene, "copy_text", lambda text: False)
    open_history(app, 2)
    app.frame([key(pygame.K_c)], FRAME)
    assert any("clipboard is not available" in text for text, *_ in app.toasts)


def test_an_empty_history_says_so_and_replay_and_copy_do_nothing(app, monkeypatch):
    monkeypatch.setattr(history_scene, "copy_text", pytest.fail)
    scene = open_history(app, 0)
    assert not [b for b in scene.menu.buttons if b.enabled and b.action != "back"]
    app.frame([key(pygame.K_r), key(pygame.K_c), key(pygame.K_DOWN)], FRAME)
    assert isinstance(app.scene, HistoryScene) and app.game is None


@pytest.mark.parametrize("size", [(1200, 800), (800, 600)])
def test_every_line_fits_its_column_and_the_buttons_clear_the_table(app, size):
    app.resize(pygame.Surface(size))
    scene = open_history(app, 30)
    widest = GameRecord(
        "2026-12-28T23:59:00+01:00",
        PUZZLE.replace("0", "."),
        level=None,
        source="daily",
        daily="2026-12-28",
        result="abandoned",
        seconds=36000 - 1,
        hints=999,
    )
    scene.records[0] = widest
    app.frame([], FRAME)
    f = scene.layout
    font = scene.theme.font(f.font(24))
    lefts = [f.x(x) for x in history_scene.COLUMN_X]
    texts = row_texts(widest)
    for c in range(3):  # Started, Level, From: each ends before the next column starts
        assert lefts[c] + font.size(texts[c])[0] < lefts[c + 1] - f.px(8), texts[c]
    assert lefts[3] + font.size(texts[3])[0] < lefts[4] - font.size(texts[4])[0] // 2 - f.px(8)
    panel = scene.panel_rect()
    assert pygame.Rect((0, 0), size).contains(panel)
    assert lefts[5] + font.size(texts[5])[0] // 2 < panel.right - f.px(24)  # clear of the scroll bar
    for slot in range(VISIBLE):
        assert panel.contains(scene.row_rect(slot))
    for button in scene.menu.buttons:
        assert pygame.Rect((0, 0), size).contains(button.rect) and button.rect.top > panel.bottom + f.px(24)
