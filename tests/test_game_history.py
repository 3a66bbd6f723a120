"""The history of games (game.history): every game started is one record, updated when it is won,
revealed or abandoned; the file round-trips, keeps at most HISTORY_LIMIT games, and a bad record
costs only itself (or a bad field only that field), with a message and the original kept. The
History screen is tested in tests/test_game_history_scene.py."""

from __future__ import annotations

import datetime
import json

import pytest

from game import input as act
from game.app import App
from game.history import (
    HISTORY_LIMIT,
    GameRecord,
    History,
    history_path,
    load_history,
    save_history,
)
from game.profile import Profile
from game.scenes.play import FLOURISH_SECONDS, PlayScene
from game.scenes.win import WinScene
from game.settings import Settings
from solver.levels import Level
from tests.gameplay import FRAME, PUZZLE, SOLUTION, FakeClock, generated, run_until

OTHER = "".join(str(int(ch) % 9 + 1) if ch != "0" else "0" for ch in PUZZLE)  # relabelled: another puzzle
OTHER_SOLUTION = "".join(str(int(ch) % 9 + 1) for ch in SOLUTION)


def new_app(screen, folder) -> App:
    app = App(screen, seed=3, clock=FakeClock(), profile=Profile(folder))
    app.load_profile()
    return app


def solve(game) -> None:
    for cell, digit in enumerate(game.puzzle.solution):
        if not game.state.values[cell]:
            game.select([cell])
            game.input_digit(digit)
    assert game.solved


def record(number: int = 0, **changes) -> GameRecord:
    fields = {
        "started": f"2026-11-{1 + number % 28:02d}T10:{number % 60:02d}:00+01:00",
        "givens": PUZZLE.replace("0", "."),
        "solution": SOLUTION,
        "level": "HARD",
        "hardest": "X-Wing",
        "source": "bank",
        "result": "won",
        "seconds": 100.0 + number,
        "hints": number % 4,
    }
    return GameRecord(**{**fields, **changes})


# --- what the game records ------------------------------------------------------------------------


def test_starting_a_game_adds_one_record_playing_now(app):
    before = datetime.datetime.now().astimezone().replace(microsecond=0)
    app.new_puzzle(generated(level=Level.HARD, hardest="X-Wing"))
    [only] = app.profile.history.records
    assert only.givens == PUZZLE.replace("0", ".") and only.solution == SOLUTION
    assert (only.level, only.hardest, only.source, only.daily) == ("HARD", "X-Wing", "generated", None)
    assert (only.result, only.seconds, only.hints) == ("playing", 0.0, 0)
    started = only.start_time
    assert started.tzinfo is not None  # local time, with its offset
    assert before <= started <= datetime.datetime.now().astimezone()


def test_a_new_game_over_an_unfinished_one_marks_it_abandoned_with_its_time_and_hints(app):
    first = app.new_puzzle(generated())
    app.clock.now += 90
    first.use_tool("check")  # one hint
    app.new_puzzle(generated(OTHER, OTHER_SOLUTION, level=Level.EASY))
    old, new = app.profile.history.records
    assert (old.givens, old.result, old.seconds, old.hints) == (PUZZLE.replace("0", "."), "abandoned", 90.0, 1)
    assert (new.givens, new.level, new.result) == (OTHER.replace("0", "."), "EASY", "playing")


def test_a_new_game_after_a_finished_one_abandons_nothing(app):
    game = app.new_puzzle(generated())
    solve(game)
    app.record_win(game)
    app.new_puzzle(generated(OTHER, OTHER_SOLUTION))
    assert [r.result for r in app.profile.history.records] == ["won", "playing"]


def test_winning_on_the_play_screen_records_the_win_with_time_and_hints(app):
    game = app.new_puzzle(generated())
    app.goto("play", game=game)
    app.clock.now += 42
    game.use_tool("check")
    solve(game)
    run_until(app, lambda: isinstance(app.scene, WinScene), frames=int(FLOURISH_SECONDS / FRAME) + 10)
    [won] = app.profile.history.records
    assert (won.result, won.seconds, won.hints) == ("won", 42.0, 1)
    assert app.profile.stats.level(Level.MEDIUM).won == 1  # the statistics still count it


def test_a_game_the_solve_tool_finished_is_recorded_as_revealed(app):
    game = app.new_puzzle(generated())
    scene = app.goto("play", game=game)
    scene.perform(act.UseTool("solve"))
    run_until(app, lambda: isinstance(app.scene, WinScene), frames=200)
    assert [r.result for r in app.profile.history.records] == ["revealed"]


def test_where_each_game_came_from(app):
    app.new_puzzle(generated(), daily=datetime.date(2026, 11, 26))
    app.play_imported(generated(OTHER, OTHER_SOLUTION, level=None, hardest=None))
    records = app.profile.history.records
    assert [(r.source, r.daily) for r in records] == [("daily", "2026-11-26"), ("pasted", None)]
    assert records[1].level is None


def test_the_bank_and_the_reserve_are_told_apart(app):
    app.apply_settings(Settings(puzzle_source="bank"))
    reserve = {"puzzle": OTHER.replace("0", "."), "solution": OTHER_SOLUTION, "hardest": "Hidden Single", "seed": 1}
    app.supply.reserve[Level.EASY] = [reserve]
    app.new_game(Level.EASY)  # from the reserve: made by the generator in the background
    app.new_game(Level.EASY)  # the reserve is empty: from the shipped bank
    assert [r.source for r in app.profile.history.records] == ["generated", "bank"]
    assert app.profile.history.records[0].givens == OTHER.replace("0", ".")


def test_a_pasted_puzzle_graded_meanwhile_keeps_its_level_when_it_ends(app):
    game = app.new_puzzle(generated(level=None, hardest=None), counted=False)
    game.puzzle.learn_grade(Level.HARD, "XY-Wing")
    solve(game)
    app.record_win(game)
    [only] = app.profile.history.records
    assert (only.source, only.level, only.hardest, only.result) == ("pasted", "HARD", "XY-Wing", "won")


def test_undoing_back_to_an_abandoned_game_and_winning_it_records_that_win(app):
    first = app.new_puzzle(generated())
    app.new_puzzle(generated(OTHER, OTHER_SOLUTION))
    assert first.undo()  # back to the first puzzle (the same Game)
    solve(first)
    app.record_win(first)
    assert [(r.givens[:3], r.result) for r in app.profile.history.records] == [("53.", "won"), ("64.", "playing")]
    app.new_puzzle(generated())  # the solved game is replaced: the puzzle one redo away is given up
    assert [r.result for r in app.profile.history.records] == ["won", "abandoned", "playing"]


def test_the_demo_is_not_recorded(app, fake_generate):
    app.start_demo(Level.EASY)
    run_until(app, lambda: isinstance(app.scene, PlayScene))
    assert len(app.profile.history) == 0


# --- across sessions ------------------------------------------------------------------------------


def test_a_game_in_progress_stays_playing_across_a_restart_with_its_time(screen, tmp_path):
    first = new_app(screen, tmp_path)
    first.new_puzzle(generated())
    first.new_puzzle(generated(OTHER, OTHER_SOLUTION))
    first.clock.now += 75
    first.quit()  # saves the game and the history
    on_disk = load_history(tmp_path)
    assert on_disk.message is None
    assert [(r.result, r.seconds) for r in on_disk.value.records] == [("abandoned", 0.0), ("playing", 75.0)]
    second = new_app(screen, tmp_path)
    assert [r.result for r in second.profile.history.records] == ["abandoned", "playing"]
    game = second.game
    assert game is not None
    solve(game)
    second.record_win(game)  # the record found by its givens in the new session
    assert [r.result for r in second.profile.history.records] == ["abandoned", "won"]


def test_a_record_left_playing_without_its_game_becomes_abandoned(screen, tmp_path):
    save_history(tmp_path, History([record(1, result="playing"), record(2, result="won")]))
    app = new_app(screen, tmp_path)  # no saved game: the one playing was lost or replaced
    assert [r.result for r in app.profile.history.records] == ["abandoned", "won"]
    app.profile.close(None)
    assert [r.result for r in load_history(tmp_path).value.records] == ["abandoned", "won"]


def test_an_older_data_folder_without_a_history_works(screen, tmp_path):
    old = new_app(screen, tmp_path)
    old.new_puzzle(generated())
    old.quit()
    history_path(tmp_path).unlink()  # as a folder from before the history was kept
    app = new_app(screen, tmp_path)
    app.goto("menu")
    app.frame([], FRAME)
    assert len(app.profile.history) == 0 and not app.toasts  # nothing to say
    assert app.game is not None
    solve(app.game)
    app.record_win(app.game)  # a game from before the history: no record, no error
    assert len(app.profile.history) == 0
    app.new_puzzle(generated(OTHER, OTHER_SOLUTION))
    assert len(app.profile.history) == 1


# --- the file -------------------------------------------------------------------------------------


def test_the_file_round_trips(tmp_path):
    history = History([record(n) for n in range(5)] + [record(9, solution=None, level=None, daily="2026-11-02")])
    save_history(tmp_path, history)
    loaded = load_history(tmp_path)
    assert loaded.message is None and loaded.value.records == history.records
    envelope = json.loads(history_path(tmp_path).read_text())
    assert (envelope["format"], envelope["version"]) == ("sudoku-history", 1)


def test_the_history_keeps_the_last_thousand_games(tmp_path):
    history = History()
    for n in range(HISTORY_LIMIT + 5):
        history.add(record(n))
    assert len(history) == HISTORY_LIMIT
    assert history.records[0] == record(5) and history.records[-1] == record(HISTORY_LIMIT + 4)
    save_history(tmp_path, History([record(n) for n in range(HISTORY_LIMIT + 20)], limit=HISTORY_LIMIT + 20))
    loaded = load_history(tmp_path).value  # a longer file (from a larger bound) keeps the newest
    assert len(loaded) == HISTORY_LIMIT and loaded.records[0] == record(20)


def test_the_bound_holds_as_games_start(app):
    app.profile.history = History([record(n) for n in range(HISTORY_LIMIT)])
    app.new_puzzle(generated())
    records = app.profile.history.records
    assert len(records) == HISTORY_LIMIT and records[0] == record(1) and records[-1].result == "playing"


def _write(folder, games) -> None:
    from game import storage

    storage.write_json(history_path(folder), "sudoku-history", 1, {"games": games})


def _kept(folder, original: bytes) -> bool:
    return any(p.read_bytes() == original for p in folder.iterdir() if ".broken-" in p.name)


@pytest.mark.parametrize(
    ("field", "value"),
    [("givens", "5" * 80), ("started", "yesterday"), ("result", "lost"), ("givens", 12), ("started", None)],
)
def test_a_corrupted_record_costs_only_that_record(tmp_path, field, value):
    games = [record(n).to_data() for n in range(4)]
    games[2][field] = value
    _write(tmp_path, games)
    original = history_path(tmp_path).read_bytes()
    history, message, _ = load_history(tmp_path)
    assert history.records == [record(0), record(1), record(3)]
    assert message is not None and "game #3: the whole record" in message and _kept(tmp_path, original)


@pytest.mark.parametrize(
    ("field", "value", "default"),
    [
        ("seconds", "12", 0.0),
        ("hints", -1, 0),
        ("level", "IMPOSSIBLE", None),
        ("source", 3, "generated"),
        ("daily", "2026-13-40", None),
        ("solution", "1" * 81, None),  # disagrees with the givens
        ("hardest", ["X-Wing"], None),
    ],
)
def test_a_wrong_field_costs_only_that_field(tmp_path, field, value, default):
    games = [record(n).to_data() for n in range(3)]
    games[1][field] = value
    _write(tmp_path, games)
    original = history_path(tmp_path).read_bytes()
    history, message, _ = load_history(tmp_path)
    assert history.records[0] == record(0) and history.records[2] == record(2)
    assert getattr(history.records[1], field) == default
    assert history.records[1] == GameRecord(**{**record(1).to_data(), field: default})
    assert message is not None and f"game #2: {field}" in message and _kept(tmp_path, original)


def test_a_record_that_is_not_an_object_or_a_list_that_is_not_a_list(tmp_path):
    _write(tmp_path, [record(0).to_data(), "garbage", record(1).to_data()])
    history, message, _ = load_history(tmp_path)
    assert history.records == [record(0), record(1)] and "game #2" in message
    (tmp_path / "history.json").unlink()
    _write(tmp_path, {"not": "a list"})
    history, message, _ = load_history(tmp_path)
    assert len(history) == 0 and "the whole list" in message


def test_a_history_file_that_is_not_json_is_moved_aside(tmp_path):
    history_path(tmp_path).write_text('{"format": "sudoku-history", "vers')
    history, message, _ = load_history(tmp_path)
    assert len(history) == 0 and "history of games" in message and "moved to history.broken-" in message
    assert not history_path(tmp_path).exists()
