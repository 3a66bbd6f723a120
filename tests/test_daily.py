"""The daily puzzle (generator.daily, ``gen --daily``): one per level per date, the same on every
machine, exactly of its level."""

from __future__ import annotations

import datetime
import json

import pytest

from generator.daily import daily_seed, parse_day
from solver.grading import grade
from solver.levels import PLAYABLE_LEVELS, Level
from tests.test_cli import run

DAY = datetime.date(2026, 11, 26)


def test_the_seed_is_pinned_so_every_machine_and_version_agrees():
    """A change to the derivation would give every player a different puzzle for the same day:
    these values are part of the format."""
    assert daily_seed(DAY, Level.EXPERT) == 951999826
    assert daily_seed(DAY, Level.EASY) != daily_seed(DAY, Level.MEDIUM)


def test_each_level_and_day_has_its_own_seed():
    days = [DAY + datetime.timedelta(days=n) for n in range(366)]
    seeds = {daily_seed(day, level) for day in days for level in PLAYABLE_LEVELS}
    assert len(seeds) == 366 * len(PLAYABLE_LEVELS)


def test_days_are_read_as_iso_dates_or_today():
    assert parse_day("2026-11-26") == DAY
    assert parse_day(" today ") == datetime.date.today()
    for bad in ("26/11/2026", "2026-13-01", "tomorrow", ""):
        with pytest.raises(ValueError, match="YYYY-MM-DD"):
            parse_day(bad)


def test_gen_daily_makes_the_same_puzzle_every_time_exactly_of_its_level():
    def made_on(day: str) -> dict:
        code, line = run(["gen", "-d", "medium", "--daily", day, "--json"])
        assert code == 0
        made = json.loads(line)
        del made["ms"]  # how long it took is the one thing that may differ
        return made

    made = made_on("2026-11-26")
    assert made_on("2026-11-26") == made and made_on("2026-11-27")["puzzle"] != made["puzzle"]
    assert made["seed"] == daily_seed(DAY, Level.MEDIUM) and made["level"] == "medium"
    assert grade(made["puzzle"]).level == Level.MEDIUM  # graded again from the puzzle alone


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["gen", "--daily", "2026-11-26", "-n", "2"], "--daily makes one puzzle"),
        (["gen", "--daily", "2026-11-26", "--seed", "3"], "not allowed with argument --daily"),
        (["gen", "--daily", "26.11.2026"], "YYYY-MM-DD"),
    ],
)
def test_gen_daily_refuses_what_it_cannot_mean(argv, message, capsys):
    code, out = run(argv)
    assert code == 2 and message in capsys.readouterr().err and not out
