"""The daily puzzle in the game: its date in the save, its wins in the statistics (the streak
of days), and the Stats screen's line."""

from __future__ import annotations

import datetime
from dataclasses import replace

import pytest

from game.savegame import game_from_data, game_to_data
from game.scenes.stats import daily_text
from game.session import Game
from game.stats import Stats
from tests.gameplay import FakeClock, generated, make_game, solve_by_hand

TODAY = datetime.date(2026, 11, 26)


def days(*back: int) -> list[datetime.date]:
    return [TODAY - datetime.timedelta(days=n) for n in back]


@pytest.mark.parametrize(
    ("solved", "streak"),
    [
        ([], (0, 0)),
        (days(0), (1, 1)),
        (days(3, 2, 1, 0), (4, 4)),
        (days(1, 2), (2, 2)),  # today's not solved yet: the run through yesterday still counts
        (days(2, 3, 4), (0, 3)),  # a day missed: the run is over
        (days(0, 1, 5, 6, 7), (2, 3)),
    ],
)
def test_the_daily_streak_counts_consecutive_days(solved, streak):
    stats = Stats()
    for day in solved:
        stats.record_daily(day)
    assert stats.daily_streak(TODAY) == streak


def test_a_day_counts_once_and_the_dates_stay_sorted():
    stats = Stats()
    for day in days(0, 2, 0, 1):
        stats.record_daily(day)
    assert stats.daily == ["2026-11-24", "2026-11-25", "2026-11-26"]


def test_daily_dates_survive_the_file_and_bad_ones_cost_only_themselves():
    stats = Stats()
    stats.level("EASY").played = 3
    stats.record_daily(TODAY)
    data = stats.to_data()
    assert Stats.salvage(data) == (stats, [])
    data["daily"] = ["2026-11-26", "yesterday", 5, "2026-02-30", "2026-11-25"]
    kept, lost = Stats.salvage(data)
    assert kept.daily == ["2026-11-25", "2026-11-26"] and lost == ["daily puzzles: a date"]
    assert kept.level("EASY").played == 3
    data["daily"] = "2026-11-26"
    kept, lost = Stats.salvage(data)
    assert kept.daily == [] and lost == ["daily puzzles: the whole list"] and kept.level("EASY").played == 3
    del data["daily"]  # a file from before the daily puzzle
    assert Stats.salvage(data) == (replace(stats, daily=[]), [])


def test_a_saved_daily_game_keeps_its_date_and_a_bad_date_is_refused():
    game = make_game(FakeClock())
    daily = Game(replace(game.puzzle, daily="2026-11-26"), clock=game.clock)
    data = game_to_data(daily)
    assert game_from_data(data, FakeClock()).puzzle.daily == "2026-11-26"
    assert game_from_data(game_to_data(game), FakeClock()).puzzle.daily is None
    data["puzzles"][0]["daily"] = "26.11.2026"
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        game_from_data(data, FakeClock())


def solve(game: Game) -> None:
    solve_by_hand(game)
    assert game.solved


def test_winning_a_daily_puzzle_records_its_day_and_other_wins_do_not(app):
    game = app.new_puzzle(generated(), daily=TODAY)
    assert game.puzzle.daily == "2026-11-26"
    solve(game)
    app.record_win(game)
    assert app.profile.stats.daily == ["2026-11-26"]
    other = app.new_puzzle(generated())
    solve(other)
    app.record_win(other)
    assert app.profile.stats.daily == ["2026-11-26"] and other.puzzle.daily is None


def test_the_stats_screen_says_how_the_daily_puzzles_go():
    stats = Stats()
    assert "none solved yet" in daily_text(stats, TODAY)
    for day in days(0, 1, 4):
        stats.record_daily(day)
    assert daily_text(stats, TODAY) == "Daily puzzles: 3 days solved  -  streak 2 (best 2)"
