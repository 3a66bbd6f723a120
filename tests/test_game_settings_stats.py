"""game.settings and game.stats: defaults, round trips through plain data and files, bad values
falling back or dropped, and the statistics' wins, best times, averages and streaks."""

from __future__ import annotations

import json
from dataclasses import asdict, replace

import pytest

from game.settings import Settings, load_settings, save_settings
from game.stats import LevelStats, Stats, load_stats, save_stats
from game.storage import write_json
from solver.levels import Level

# --- settings -------------------------------------------------------------------------------------


def test_settings_defaults():
    """The defaults the issue asks for: helpers on, conflicts only, quiet sound, fresh puzzles."""
    s = Settings()
    assert (s.auto_clean_marks, s.highlight_peers, s.highlight_same_digit, s.show_timer, s.sound) == (
        True,
        True,
        True,
        True,
        True,
    )
    assert (s.show_mistakes, s.palette, s.animation_speed, s.puzzle_source) == (
        "conflicts",
        "standard",
        "normal",
        "fresh",
    )
    assert s.volume == 0.3


CHANGED = Settings(
    auto_clean_marks=False,
    highlight_peers=False,
    highlight_same_digit=False,
    show_mistakes="solution",
    show_timer=False,
    palette="high-contrast",
    sound=False,
    volume=0.75,
    animation_speed="off",
    puzzle_source="bank",
)


def test_settings_round_trip_through_data_and_file(tmp_path):
    """Every field survives to_data/from_data (through JSON text) and save/load; no message."""
    assert Settings.from_data(json.loads(json.dumps(CHANGED.to_data()))) == CHANGED
    save_settings(tmp_path, CHANGED)
    assert load_settings(tmp_path) == (CHANGED, None, None)


def test_settings_file_in_the_data_folder(user_data_dir):
    """With no folder given, settings go to the data folder; a missing file gives the defaults."""
    assert load_settings() == (Settings(), None, None)
    save_settings(None, CHANGED)
    assert (user_data_dir / "settings.json").is_file() and load_settings().value == CHANGED


BAD_SETTINGS = {
    "auto_clean_marks": "yes",
    "highlight_peers": 1,
    "show_mistakes": "everything",
    "show_timer": None,
    "palette": "neon",
    "sound": [],
    "volume": 1.5,
    "animation_speed": "ludicrous",
    "puzzle_source": 3,
}


@pytest.mark.parametrize("key", BAD_SETTINGS)
def test_bad_setting_falls_back_to_its_default_and_others_stay(key):
    """A bad value of one setting gives that setting's default; the other settings are kept."""
    data = CHANGED.to_data()
    data[key] = BAD_SETTINGS[key]
    assert Settings.from_data(data) == replace(CHANGED, **{key: getattr(Settings(), key)})


@pytest.mark.parametrize("volume", [-0.1, float("nan"), float("inf"), True, "0.5"])
def test_bad_volume_falls_back(volume):
    """Volume outside 0..1, not finite, a bool or text gives the default 0.3."""
    assert Settings.from_data({"volume": volume}).volume == 0.3


def test_settings_ignore_unknown_keys_and_non_objects():
    """Unknown keys are ignored; data that is not an object gives the defaults; never raises."""
    assert Settings.from_data({"palette": "colour-blind", "future_option": 1}) == Settings(palette="colour-blind")
    for data in (None, [], "settings", 3):
        assert Settings.from_data(data) == Settings()
    assert Settings.from_data({"volume": 1}).volume == 1.0


def test_settings_refuse_bad_values_when_built_directly():
    """Building Settings with a bad value raises ValueError (a bug in the caller)."""
    with pytest.raises(ValueError, match="palette"):
        Settings(palette="neon")
    with pytest.raises(ValueError, match="volume"):
        Settings(volume=2)


def test_bad_settings_file_is_moved_aside_with_a_message(tmp_path):
    """A corrupt settings file gives the defaults and a message that says the defaults are used."""
    (tmp_path / "settings.json").write_text('{"format": "sudoku-settings", "vers')
    settings, message, _ = load_settings(tmp_path)
    assert settings == Settings() and "the default settings are used" in message
    assert list(tmp_path.glob("settings.broken-*.json"))


# --- stats ---------------------------------------------------------------------------------------


def test_wins_best_time_and_new_best_flag():
    """The first win is a new best; a slower win is not; a faster one is. Hints add up."""
    stats = Stats()
    for _ in range(3):
        stats.record_start(Level.HARD)
    assert stats.record_win(Level.HARD, 300.0, 2) is True
    assert stats.record_win("hard", 400.0, 0) is False
    assert stats.record_win(Level.HARD, 250.5, 1) is True
    hard = stats.level(Level.HARD)
    assert (hard.played, hard.won, hard.best_time, hard.hints_used) == (3, 3, 250.5, 3)
    assert stats.level(Level.EASY) == LevelStats()


def test_average_time():
    """The average is the mean of the winning times; None before the first win."""
    stats = Stats()
    assert stats.average_time(Level.EASY) is None
    stats.record_start(Level.EASY)
    stats.record_abandon(Level.EASY)
    assert stats.average_time(Level.EASY) is None
    for seconds in (100, 200, 360):
        stats.record_start(Level.EASY)
        stats.record_win(Level.EASY, seconds, 0)
    assert stats.average_time("Easy") == pytest.approx(220.0)


def test_streaks_across_an_abandon():
    """Wins in a row grow the streak (hints allowed); an abandoned game ends it; the best streak
    keeps the longest run; another level's abandon does not touch it."""
    stats = Stats()

    def win(hints=0):
        stats.record_start(Level.MEDIUM)
        stats.record_win(Level.MEDIUM, 60, hints)

    win(), win(hints=3), win()
    stats.record_abandon(Level.EXPERT)
    medium = stats.level(Level.MEDIUM)
    assert (medium.streak, medium.best_streak) == (3, 3)
    stats.record_start(Level.MEDIUM)
    stats.record_abandon(Level.MEDIUM)
    assert (medium.streak, medium.best_streak) == (0, 3)
    win(), win()
    assert (medium.streak, medium.best_streak, medium.played, medium.won) == (2, 3, 6, 5)


def test_record_win_refuses_bad_values():
    """Negative or non-finite seconds, negative hints and unknown levels raise ValueError."""
    stats = Stats()
    for seconds, hints, level in (
        (-1, 0, "easy"),
        (float("nan"), 0, "easy"),
        (5, -1, "easy"),
        (5, 0, "impossible"),
        (5, 0, 3),
    ):
        with pytest.raises(ValueError):
            stats.record_win(level, seconds, hints)
    assert stats.levels == {}


def played_stats() -> Stats:
    stats = Stats()
    for level, seconds in ((Level.EASY, 90.0), (Level.EASY, 80.0), (Level.MASTER, 1800.0)):
        stats.record_start(level)
        stats.record_win(level, seconds, 1)
    stats.record_start(Level.HARD)
    stats.record_abandon(Level.HARD)
    return stats


def test_stats_round_trip_through_data_and_file(tmp_path):
    """Every level's record survives to_data/from_data (through JSON text) and save/load."""
    stats = played_stats()
    assert Stats.from_data(json.loads(json.dumps(stats.to_data()))) == stats
    save_stats(tmp_path, stats)
    assert load_stats(tmp_path) == (stats, None, None)
    assert load_stats(tmp_path / "nothing-here") == (Stats(), None, None)


BAD_RECORDS = {
    "not an object": [1, 2],
    "missing field": {},
    "negative": {"played": -1},
    "text": {"won": "2"},
    "bool": {"hints_used": True},
    "more wins than games": {"played": 1},
    "best time without wins": {"won": 0, "streak": 0, "best_streak": 0, "total_time": 0.0},
    "streak above best streak": {"streak": 3},
    "best time above total": {"best_time": 1000.0},
    "infinite time": {"total_time": float("inf")},
}


@pytest.mark.parametrize("name", BAD_RECORDS)
def test_a_bad_stats_entry_costs_that_field_or_that_record_and_is_named(name):
    """A bad field of a level's record is reset when the rest still agrees, else the record is
    left out; either way the loss is named for the player and the other levels stay."""
    data = played_stats().to_data()
    change = BAD_RECORDS[name]
    data["levels"]["EASY"] = change if not isinstance(change, dict) else {**data["levels"]["EASY"], **change}
    if name == "missing field":
        del data["levels"]["EASY"]["won"]
    loaded, lost = Stats.salvage(data)
    assert lost and all(item.startswith("Easy: ") for item in lost)
    assert {k: v for k, v in loaded.levels.items() if k != "EASY"} == {
        k: v for k, v in played_stats().levels.items() if k != "EASY"
    }
    if "EASY" in loaded.levels:  # only the named fields changed
        kept, before = asdict(loaded.levels["EASY"]), asdict(played_stats().levels["EASY"])
        named = {item.split(": ")[1].replace(" ", "_") for item in lost}
        assert {f for f in kept if kept[f] != before[f]} <= named | {"played", "best_streak"}
    if name in ("negative", "bool"):  # a bad counter costs that counter only
        assert "EASY" in loaded.levels and len(lost) == 1


def test_unknown_levels_and_bad_shapes_are_dropped():
    """Unknown level names are dropped; data without a levels object gives empty statistics."""
    data = played_stats().to_data()
    data["levels"]["IMPOSSIBLE"] = data["levels"]["EASY"]
    assert Stats.from_data(data) == played_stats()
    for bad in (None, [], {"levels": []}, {"levels": "x"}):
        assert Stats.from_data(bad) == Stats()


def test_stats_file_of_another_kind_is_moved_aside(tmp_path):
    """A settings file saved where the statistics belong is moved aside; statistics start empty."""
    write_json(tmp_path / "stats.json", "sudoku-settings", 1, {})
    stats, message, _ = load_stats(tmp_path)
    assert stats == Stats() and "Your statistics could not be read" in message
    assert list(tmp_path.glob("stats.broken-*.json"))
