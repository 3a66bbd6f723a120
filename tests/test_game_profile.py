"""A game the player keeps: the saved game offered by Continue, settings and stats screens, what
settings change on the board, the win recorded in the stats, messages about bad files, the main
loop, and the window's display check. Synthetic events under the dummy video driver; every app
writes to the test's own data folder (tests/conftest.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from game import folder_lock
from game import input as act
from game import theme as th
from game.app import App
from game.profile import Profile
from game.scenes.menu import MenuScene
from game.scenes.play import FLOURISH_SECONDS, PlayScene
from game.scenes.win import WinScene
from game.stats import stats_path
from game.window import NO_DISPLAY, display_problem, fallback_problem
from solver.levels import Level
from tests.gameplay import (
    FRAME,
    R1C3,
    R1C4,
    FakeClock,
    key,
    make_game,
    make_puzzle,
    pixels,
    play,
    run_until,
    solve_by_hand,
)


def new_app(screen, folder) -> App:
    app = App(screen, seed=3, clock=FakeClock(), profile=Profile(folder))
    app.load_profile()
    return app


def test_a_game_left_mid_way_is_offered_by_continue_and_restored_with_its_history(screen, tmp_path):
    first = new_app(screen, tmp_path)
    scene = play(first, make_puzzle(level=Level.HARD))
    game = scene.game
    game.select([R1C3])
    game.input_digit(4)
    game.select([R1C4])
    game.input_digit(6, "corner")
    first.clock.now += 75
    first.frame([], FRAME)
    first.quit()  # saves and waits for the writer
    second = new_app(screen, tmp_path)
    second.goto("menu")
    label = second.scene.menu.buttons[0].label
    assert label == "Continue  -  Hard  -  1:15"
    second.frame([key(pygame.K_RETURN)], FRAME)
    restored = second.scene.game
    assert isinstance(second.scene, PlayScene)
    assert restored.state.entries == game.state.entries and restored.state.corner == game.state.corner
    assert restored.undo() and restored.state.corner[R1C4] == 0
    assert restored.undo() and restored.state.entries[R1C3] == 0


def test_a_broken_save_is_set_aside_with_a_message_and_the_game_starts_fresh(screen, tmp_path):
    (tmp_path / "save.json").write_text('{"format": "sudoku-save", "version": 1, "data": {"puz')
    app = new_app(screen, tmp_path)
    app.goto("menu")
    app.frame([], FRAME)
    assert app.game is None and app.scene.menu.actions()[0] == "new"
    assert app.toasts and "could not be read" in next(iter(app.toasts))[0]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("save.broken")]


def test_settings_change_on_enter_are_used_at_once_and_saved(screen, tmp_path):
    app = new_app(screen, tmp_path)
    app.goto("settings")
    menu = app.scene.menu
    menu.focus = menu.actions().index("show_mistakes")
    app.frame([key(pygame.K_RETURN)], FRAME)
    assert app.settings.show_mistakes == "solution"
    assert "also wrong digits" in app.scene.menu.buttons[menu.focus].label
    app.frame([key(pygame.K_LEFT)], FRAME)
    assert app.settings.show_mistakes == "conflicts"
    app.frame([key(pygame.K_RIGHT)], FRAME)
    app.profile.writer.flush(5)
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["data"]["show_mistakes"] == "solution"


def test_marking_wrong_digits_is_a_setting(app, screen):
    scene = play(app)
    game = scene.game
    game.select([R1C4])
    game.input_digit(2)  # breaks no rule, but the solution has 6
    game.select([0])
    app.frame([], FRAME)
    rect = scene.board.cell_rect(R1C4)
    assert pixels(screen, rect, th.STANDARD.conflict) == 0
    app.apply_settings(app.settings.__class__(show_mistakes="solution"))
    app.frame([], FRAME)
    assert pixels(screen, scene.board.cell_rect(R1C4), th.STANDARD.conflict) > 50


def test_highlighting_peers_is_a_setting(app, screen):
    scene = play(app)
    scene.game.select([40])
    app.frame([], FRAME)
    peer = scene.board.cell_rect(41)  # r5c6, empty
    assert pixels(screen, peer, th.STANDARD.peer) > 1000
    app.apply_settings(app.settings.__class__(highlight_peers=False))
    app.frame([], FRAME)
    assert pixels(screen, scene.board.cell_rect(41), th.STANDARD.peer) == 0


def test_the_high_contrast_palette_turns_the_board_black(app, screen):
    scene = play(app)
    app.apply_settings(app.settings.__class__(palette="high-contrast"))
    app.frame([], FRAME)
    empty = app.scene.board.cell_rect(80)  # r9c9: a given 9, but its corner is board
    assert screen.get_at((empty.x + 3, empty.y + 3))[:3] == (0, 0, 0)
    app.apply_settings(app.settings.__class__())
    assert app.theme.palette is th.STANDARD and scene is app.scene


def test_a_win_is_counted_and_a_first_win_is_a_new_best(app):
    scene = play(app)
    game = scene.game
    app.clock.now += 42
    solve_by_hand(game)
    run_until(app, lambda: isinstance(app.scene, WinScene), frames=int(FLOURISH_SECONDS / FRAME) + 10)
    record = app.profile.stats.level(Level.MEDIUM)
    assert record.won == 1 and record.best_time == 42 and record.streak == 1
    assert dict(app.scene.rows)["Time"] == "0:42  NEW BEST!"


@pytest.mark.parametrize("leave", ["escape", "close"])
def test_a_win_left_during_its_flourish_is_still_counted_and_kept(screen, tmp_path, leave):
    app = new_app(screen, tmp_path)
    scene = play(app, make_puzzle(level=Level.HARD))
    game = scene.game
    app.profile.history_start(game.puzzle, "bank")
    app.clock.now += 42
    solve_by_hand(game)
    app.frame([], FRAME)  # the flourish starts
    assert scene.flourish is not None and scene.flourish < FLOURISH_SECONDS
    if leave == "escape":
        app.frame([key(pygame.K_ESCAPE)], FRAME)
        assert isinstance(app.scene, MenuScene)
    app.frame([pygame.event.Event(pygame.QUIT)], FRAME)  # saves and waits for the writer
    again = new_app(screen, tmp_path)
    record = again.profile.stats.level(Level.HARD)
    assert record.won == 1 and record.best_time == 42 and record.streak == 1
    assert [r.result for r in again.profile.history.records] == ["won"]


def test_a_game_pasted_in_after_a_win_has_its_own_win_counted(screen, tmp_path):
    """A paste checked while the last digit went in arrives during the flourish and replaces the
    solved game: its own win must be recorded too (the first win's flag stood for both)."""
    from tests.gameplay import generated

    app = new_app(screen, tmp_path)
    scene = play(app, make_puzzle(level=Level.HARD))
    app.profile.history_start(scene.game.puzzle, "bank")
    for game in (scene.game, None):
        if game is None:  # what _poll_paste does with a checked paste
            game = scene.game = app.new_puzzle(generated(level=Level.EASY), counted=False)
        solve_by_hand(game)
        app.frame([], FRAME)
    assert [r.result for r in app.profile.history.records] == ["won", "won"]
    assert scene.new_best is False  # the pasted game is not counted: no best time


def test_a_puzzle_finished_by_the_solve_tool_is_not_a_win(app):
    scene = play(app)
    scene.perform(act.UseTool("solve"))
    run_until(app, lambda: isinstance(app.scene, WinScene), frames=200)
    record = app.profile.stats.level(Level.MEDIUM)
    assert record.won == 0 and record.streak == 0


def test_the_stats_screen_lists_every_level(app, screen):
    app.profile.stats.record_start(Level.HARD)
    app.profile.stats.record_win(Level.HARD, 125, 2)
    app.goto("stats")
    app.frame([], FRAME)
    from game.scenes.stats import table_rows

    hard = table_rows(app.profile.stats)[2]
    assert hard == ("Hard", "1", "1", "2:05", "2:05", "2", "1 (best 1)")
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, MenuScene)


def test_a_new_game_from_the_menu_keeps_the_unfinished_one_one_undo_away(app, fake_generate):
    scene = play(app)
    old = scene.game.puzzle
    app.profile.stats.level(Level.MEDIUM).streak = 3
    app.goto("menu")
    app.scene.activate("new")
    app.frame([key(pygame.K_RETURN)], FRAME)  # the difficulty screen's default choice
    run_until(app, lambda: isinstance(app.scene, PlayScene))
    game = app.scene.game
    assert game.puzzle is not old and game.undo() and game.puzzle is old
    assert app.profile.stats.level(Level.MEDIUM).streak == 0


def test_the_main_loop_runs_frames_until_the_window_closes(app):
    app.goto("menu")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.loop() == 0 and not app.running


def test_without_a_display_the_game_says_so(monkeypatch):
    assert display_problem({}, "linux") == NO_DISPLAY
    assert display_problem({"DISPLAY": ":0"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_problem({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert display_problem({}, "win32") is None


def test_a_desktop_that_does_not_answer_is_named_not_played_on_unseen():
    """SDL falls back to its offscreen driver when DISPLAY names a dead X server (seen on a new
    machine: the game ran unseen and held the saved game); only a driver chosen on purpose draws
    headless."""
    problem = fallback_problem("offscreen", {"DISPLAY": ":57"})
    assert problem is not None and "DISPLAY=:57" in problem
    assert "WAYLAND_DISPLAY=wayland-1" in (fallback_problem("dummy", {"WAYLAND_DISPLAY": "wayland-1"}) or "")
    assert fallback_problem("x11", {"DISPLAY": ":0"}) is None
    assert fallback_problem("wayland", {"WAYLAND_DISPLAY": "wayland-0"}) is None
    assert fallback_problem("offscreen", {"SDL_VIDEODRIVER": "offscreen"}) is None
    assert fallback_problem("dummy", {"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}) is None


def test_a_second_window_on_the_same_folder_is_told_and_writes_nothing(tmp_path):
    """The first window owns the folder (a lock with its process id); the second reads the files,
    says at once that it saves nothing, and does not write over the first window's files; once
    the first closes, the folder is free again."""
    import os

    first, second = Profile(tmp_path), Profile(tmp_path)
    first.load()
    first.record_start(Level.EASY)
    assert first.writer.flush(10)
    before = stats_path(tmp_path).read_bytes()
    second.load()
    [message] = second.take_messages()
    assert f"process {os.getpid()}" in message and "saves nothing" in message
    second.record_start(Level.HARD)
    second.record_start(Level.HARD)
    assert second.writer.flush(10)
    assert stats_path(tmp_path).read_bytes() == before
    first.close(None)
    third = Profile(tmp_path)
    third.load()
    assert third.take_messages() == [] and not third.writer.read_only
    third.close(None)


def test_a_folder_that_cannot_be_written_is_said_once_and_nothing_is_lost_or_written(screen, tmp_path):
    """A file where the data folder should be (or any folder the lock cannot be made in): one
    message naming the folder and why, not one per file the game reads (settings, statistics,
    played puzzles, history, saved game, reserve: six before); defaults to play with; no write
    tried, so no message per failed save either."""
    blocker = tmp_path / "sudoku"
    blocker.write_text("a file, not a folder")
    app = new_app(screen, blocker / "data")
    [message] = app.profile.take_messages()
    assert str(blocker / "data") in message and "not a directory" in message and "saves nothing" in message
    assert app.game is None and not app.profile.readable
    app.profile.record_start(Level.EASY)
    assert app.profile.writer.flush(10) and app.profile.take_messages() == []
    assert blocker.read_text() == "a file, not a folder"
    app.profile.close(None)


def test_a_lock_left_by_a_dead_window_is_taken_over(tmp_path):
    (tmp_path / "sudoku.lock").write_text("999999")  # a process that is gone: no lock held
    profile = Profile(tmp_path)
    profile.load()
    assert profile.owner is None and profile.take_messages() == []
    profile.close(None)


def test_every_window_asks_for_the_lock_on_one_byte_clear_of_the_process_id(tmp_path, monkeypatch):
    """Windows' msvcrt.locking locks the byte at the file's position, and "a+" opens at the end:
    two windows whose process ids differ in length locked different bytes, and both owned the
    folder. Each asks at LOCK_BYTE, whatever the file holds: past the process id, which Windows
    would bar a second window from reading if it lay in the locked byte."""
    asked_at = []

    def try_lock(handle):
        asked_at.append(handle.tell())
        return True

    monkeypatch.setattr(folder_lock, "_try_lock", try_lock)
    for left in ("", "12345", "123456789"):
        (tmp_path / "sudoku.lock").write_text(left)
        lock = folder_lock.FolderLock(tmp_path)
        assert lock.acquire() is None
        lock.release()
    assert asked_at == [folder_lock.LOCK_BYTE] * 3 and folder_lock.LOCK_BYTE > 20  # a process id is at most 20 digits


def test_a_lock_file_the_system_will_not_read_names_no_owner_and_raises_nothing(tmp_path, monkeypatch):
    (tmp_path / "sudoku.lock").write_text("4242")
    monkeypatch.setattr(folder_lock, "_try_lock", lambda handle: False)  # another window holds it

    class Barred:  # Windows, where reading a locked byte fails
        def __init__(self, *args, **kwargs):
            self.closed = False

        def seek(self, offset):
            return offset

        def read(self):
            raise PermissionError(13, "Permission denied")

        def close(self):
            self.closed = True

    monkeypatch.setattr(folder_lock, "open", Barred, raising=False)
    assert folder_lock.FolderLock(tmp_path).acquire() == 0  # another window, unknown: no traceback


HUGE = "1" + "0" * 400  # a JSON integer no float holds: math.isfinite and float() raise on it


@pytest.mark.parametrize(
    "file, field",
    [
        ("settings.json", "volume"),
        ("stats.json", "total_time"),
        ("history.json", "seconds"),
        ("save.json", "elapsed"),
        ("position.json", "elapsed"),
    ],
)
def test_a_number_too_large_for_a_float_in_any_file_is_a_bad_entry_not_a_crash(tmp_path, file, field):
    profile = Profile(tmp_path)
    profile.load()
    game = make_game(level=Level.HARD)
    profile.set_settings(profile.settings.__class__(volume=0.5))
    profile.record_start(Level.HARD)
    profile.history_start(game.puzzle, "bank")
    game.select([R1C3])
    game.input_digit(4)
    profile.close(game)
    path = tmp_path / file
    text, count = re.subn(rf'"{field}":\s*[0-9.]+', f'"{field}":{HUGE}', path.read_text())
    assert count >= 1
    path.write_text(text)
    again = Profile(tmp_path)
    restored = again.load()  # raised OverflowError before
    if file == "position.json":  # a position that does not read is no position: the save stands
        assert restored is not None and restored.state.entries[R1C3] == 4
    else:
        assert again.messages and all("\n" not in message for message in again.messages)


def test_a_position_file_nested_too_deep_for_the_parser_is_no_position(tmp_path):
    (tmp_path / "position.json").write_text("[" * 100_000)
    profile = Profile(tmp_path)
    assert profile.load() is None  # raised RecursionError before


def test_a_fault_of_the_game_s_own_while_reading_saves_nothing_over_the_files(screen, tmp_path, monkeypatch):
    first = new_app(screen, tmp_path)
    first.profile.record_start(Level.HARD)
    first.quit()
    before = (tmp_path / "stats.json").read_bytes()

    def fails(folder, owner=True):
        raise RuntimeError("unforeseen")

    monkeypatch.setattr("game.stats.load_stats", fails)
    app = new_app(screen, tmp_path)  # no traceback: the window opens
    assert app.game is None and app.profile.writer.read_only
    assert any("could not be read (an error in the game: RuntimeError)" in m for m in app.profile.messages)
    app.profile.record_start(Level.EASY)
    app.quit()
    assert (tmp_path / "stats.json").read_bytes() == before


def test_ctrl_c_in_the_terminal_saves_the_game_as_closing_the_window_does(tmp_path, monkeypatch):
    """window.run with its loop interrupted after a move: exit code 130, the profile closed as
    on quit (everything written, the folder's lock given up), the move and statistics on disk."""
    from game import window
    from game.jobs import JobRunner

    class Worker(JobRunner):  # a thread, not a process: the test needs no worker
        def start(self):
            pass

        def close(self, timeout=1.0):
            self.cancel()

    apps = []

    def interrupted_loop(app):
        apps.append(app)
        game = play(app, make_puzzle(level=Level.HARD)).game
        app.profile.record_start(Level.HARD)
        game.select([R1C3])
        game.input_digit(4)
        app.frame([], FRAME)
        raise KeyboardInterrupt

    monkeypatch.setenv("SUDOKU_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(window, "ProcessJobRunner", Worker)
    monkeypatch.setattr(App, "loop", interrupted_loop)
    assert window.run() == 130
    [app] = apps
    assert not app.profile.writer.pending and app.profile.lock._handle is None  # closed: flushed, lock given up
    again = Profile(tmp_path)
    restored = again.load()
    assert restored is not None and restored.state.entries[R1C3] == 4
    assert again.stats.level(Level.HARD).played == 1


def test_a_statistics_file_the_system_will_not_read_is_not_written_over(tmp_path, monkeypatch):
    """A sharing violation or a permission slip at start-up: the statistics start from zero
    for this window, but nothing it records replaces the file (before, the first start of a
    game wrote a fresh one over it)."""
    first = Profile(tmp_path)
    first.load()
    first.record_start(Level.EASY)
    first.close(None)
    before = stats_path(tmp_path).read_bytes()
    read_bytes = Path.read_bytes

    def refuse(path):
        if path.name == "stats.json":
            raise PermissionError(13, "Permission denied")
        return read_bytes(path)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    second = Profile(tmp_path)
    second.load()
    monkeypatch.undo()
    [message] = second.take_messages()
    assert message == (
        "Your statistics could not be read (permission denied), so they start again from zero here; "
        "the file is left as it is, and nothing is saved over it."
    )
    second.record_start(Level.HARD)
    second.record_win(Level.HARD, 100, 0)
    second.close(make_game())
    assert stats_path(tmp_path).read_bytes() == before
    assert (tmp_path / "save.json").is_file()  # the other files are saved as ever


def test_files_from_a_newer_version_are_left_for_it(tmp_path):
    """Set aside and replaced, a newer version's statistics and save would be found in no place
    it looks, with no word: they stay, and this window saves neither over them."""
    newer = {
        "stats.json": {"format": "sudoku-stats", "version": 99, "data": {"levels": {}}},
        "save.json": {"format": "sudoku-save", "version": 99, "data": {}},
    }
    for name, envelope in newer.items():
        (tmp_path / name).write_text(json.dumps(envelope))
    profile = Profile(tmp_path)
    assert profile.load() is None
    messages = profile.take_messages()
    assert len(messages) == 2 and all("newer version of the game: format 99" in m for m in messages)
    profile.record_start(Level.HARD)
    game = make_game()
    game.select([R1C3])
    game.input_digit(4)
    profile.close(game)
    for name, envelope in newer.items():
        assert json.loads((tmp_path / name).read_text()) == envelope
    assert not [p for p in tmp_path.iterdir() if ".broken-" in p.name]
    # nor its moves in the position file: the newer version would put them on top of its own game
    assert not (tmp_path / "position.json").exists()


def test_a_second_window_moves_no_file_aside(tmp_path):
    first = Profile(tmp_path)
    first.load()
    stats_path(tmp_path).write_text("not JSON at all")  # written after the owner read it
    second = Profile(tmp_path)
    second.load()
    assert second.owner is not None
    assert any("statistics could not be read" in m and "left as it is" in m for m in second.take_messages())
    assert stats_path(tmp_path).read_text() == "not JSON at all"
    assert not [p for p in tmp_path.iterdir() if ".broken-" in p.name]
    first.close(None)
