"""Per-level statistics: games played and won, best and average time, hints, streaks; and the
statistics file through game.storage. This module never imports pygame.

Glossary:
  played   puzzles started (``record_start``; a saved game that is resumed is not a new start).
  won      puzzles solved; their times (seconds) make the best and the average time.
  streak   consecutive wins at a level without an abandoned game in between; hints are allowed.
           ``record_abandon`` (the player gave a puzzle up for another, or let the Solve tool
           finish it) ends it. Puzzles the player brought (pasted) are not counted at all.
  daily    the dates on which a daily puzzle (any level) was solved; its streak is the run of
           consecutive such days up to today (or yesterday: today's may still come).
  practice per technique (HoDoKu's name): positions tried (checked at least once) and solved
           (an answer judged right) in Practice mode (game.practice).
"""

from __future__ import annotations

import datetime
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game import storage
from solver.levels import Level

STATS_KIND = "sudoku-stats"
STATS_VERSION = 1
STATS_FILE = "stats.json"


@dataclass
class LevelStats:
    """One level's record: ``played`` and ``won`` puzzles, ``best_time`` (seconds, None before the
    first win), ``total_time`` (seconds of all wins, for the average), ``hints_used`` (in every
    game finished or given up),
    ``streak`` (the current run of wins) and ``best_streak`` (the longest run)."""

    played: int = 0
    won: int = 0
    best_time: float | None = None
    total_time: float = 0.0
    hints_used: int = 0
    streak: int = 0
    best_streak: int = 0

    @property
    def average_time(self) -> float | None:
        """Mean seconds per win; None before the first win."""
        return self.total_time / self.won if self.won else None

    @classmethod
    def from_data(cls, data: Any) -> LevelStats:
        """A record from ``asdict``'s shape.

        Raises:
            ValueError: a field is missing, of the wrong type, negative, or the fields disagree
                (more wins than games, a streak longer than the wins or the best streak, a best
                time without wins or above the total time).
        """
        if not isinstance(data, dict):
            raise ValueError("a level's record must be an object")
        record = cls(**{f.name: cls.field_value(f.name, data.get(f.name)) for f in fields(cls)})
        best, won = record.best_time, record.won
        if (
            record.won > record.played
            or record.streak > min(record.won, record.best_streak)
            or record.best_streak > record.won
            or (best is None) != (won == 0)
            or (best is not None and best > record.total_time + 1e-6)
        ):
            raise ValueError("the fields of a level's record disagree")
        return record

    @staticmethod
    def field_value(name: str, value: Any) -> Any:
        """``value`` as field ``name`` keeps it (seconds as a float); ValueError when it does not
        fit: not a whole number >= 0, not a finite number of seconds >= 0 (``best_time`` may be
        None)."""
        if name in ("best_time", "total_time"):
            if name == "best_time" and value is None:
                return None
            if not storage.finite_number(value) or value < 0:
                raise ValueError(f"{name} must be a number of seconds")
            return float(value)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{name} must be a whole number")
        return value


def _key(level: Level | str) -> str:
    """The level's name (``'EASY'``...); ValueError for a level that does not exist."""
    if isinstance(level, Level):
        return level.name
    if not isinstance(level, str):
        raise ValueError(f"not a level: {level!r}")
    return Level.parse(level).name


@dataclass
class Stats:
    """Statistics by level name (``Level.name``: ``'EASY'``...). Methods take a ``Level`` or a
    name ``Level.parse`` reads, and raise ValueError for anything else."""

    levels: dict[str, LevelStats] = field(default_factory=dict)
    daily: list[str] = field(default_factory=list)  # dates (YYYY-MM-DD) a daily puzzle was solved, sorted
    practice: dict[str, list[int]] = field(default_factory=dict)  # technique -> [tried, solved]

    def record_practice(self, technique: str, tried: bool, solved: bool) -> None:
        """Count a practice position of ``technique``: as tried (its first check) and/or as
        solved (an answer judged right, at its first check or a later one); solved never passes
        tried."""
        count, done = self.practice.get(technique, [0, 0])
        count += int(tried)
        self.practice[technique] = [count, min(count, done + int(solved))]

    def record_daily(self, day: datetime.date) -> None:
        """A daily puzzle of ``day`` was solved (a second one the same day adds nothing)."""
        text = day.isoformat()
        if text not in self.daily:
            self.daily = sorted([*self.daily, text])

    def daily_streak(self, today: datetime.date) -> tuple[int, int]:
        """(current, best) runs of consecutive days with a daily puzzle solved; the current run
        ends today, or yesterday while today's is not solved yet, else it is 0."""
        days = sorted({datetime.date.fromisoformat(text) for text in self.daily})
        best = run = 0
        previous: datetime.date | None = None
        for day in days:
            run = run + 1 if previous is not None and (day - previous).days == 1 else 1
            best = max(best, run)
            previous = day
        alive = previous is not None and (today - previous).days in (0, 1)
        return (run if alive else 0), best

    def level(self, level: Level | str) -> LevelStats:
        """The record of ``level`` (a fresh one when nothing was played there); the live object."""
        return self.levels.setdefault(_key(level), LevelStats())

    def record_start(self, level: Level | str) -> None:
        """A new puzzle of ``level`` was started (not a saved one resumed)."""
        self.level(level).played += 1

    def record_win(self, level: Level | str, seconds: float, hints: int) -> bool:
        """A puzzle of ``level`` was solved in ``seconds`` with ``hints`` hints; returns True when
        it is a new best time (the first win always is). The streak grows by one.

        Raises:
            ValueError: ``seconds`` is not a finite number >= 0 or ``hints`` not an int >= 0.
        """
        if not storage.finite_number(seconds) or seconds < 0:
            raise ValueError(f"seconds must be a finite number >= 0, not {seconds!r}")
        if not isinstance(hints, int) or isinstance(hints, bool) or hints < 0:
            raise ValueError(f"hints must be a whole number >= 0, not {hints!r}")
        record = self.level(level)
        record.won += 1
        record.played = max(record.played, record.won)
        record.total_time += seconds
        record.hints_used += hints
        record.streak += 1
        record.best_streak = max(record.best_streak, record.streak)
        new_best = record.best_time is None or seconds < record.best_time
        if new_best:
            record.best_time = float(seconds)
        return new_best

    def record_abandon(self, level: Level | str, hints: int = 0) -> None:
        """A puzzle of ``level`` was given up unsolved after ``hints`` hints: the streak ends and
        the hints count (hints are counted in every game, won or not)."""
        if not isinstance(hints, int) or isinstance(hints, bool) or hints < 0:
            raise ValueError(f"hints must be a whole number >= 0, not {hints!r}")
        record = self.level(level)
        record.streak = 0
        record.hints_used += hints

    def average_time(self, level: Level | str) -> float | None:
        """Mean seconds per win at ``level``; None before the first win."""
        record = self.levels.get(_key(level))
        return record.average_time if record else None

    def to_data(self) -> dict[str, Any]:
        """Fresh plain JSON values: ``{"levels": {name: {field: value}}, "daily": [dates],
        "practice": {technique: [tried, solved]}}``."""
        return {
            "levels": {name: asdict(record) for name, record in self.levels.items()},
            "daily": list(self.daily),
            "practice": {name: list(counts) for name, counts in self.practice.items()},
        }

    @classmethod
    def from_data(cls, data: Any) -> Stats:
        """Statistics from ``to_data``'s shape, what can be kept of them (``salvage``). Never raises."""
        return cls.salvage(data)[0]

    @classmethod
    def salvage(cls, data: Any) -> tuple[Stats, list[str]]:
        """Statistics from ``to_data``'s shape and what was left out, for the player ("Easy:
        played"). A bad field of a level's record costs that field only (it starts again from
        its default) when the rest still agrees (``LevelStats.from_data``); otherwise that
        level's record; an unknown level's entry is left out. Never raises."""
        levels = data.get("levels") if isinstance(data, dict) else None
        stats, lost = cls(), []
        if not isinstance(levels, dict):
            return stats, ([] if data is None else ["every level"])
        stats.daily, daily_lost = _daily_dates(data.get("daily", []))
        lost += daily_lost
        stats.practice, practice_lost = _practice_counts(data.get("practice", {}))
        lost += practice_lost
        for name, record in levels.items():
            if name not in Level.__members__:
                lost.append(f"an unknown level {name!r}"[:40])
                continue
            label = Level[name].label
            try:
                stats.levels[name] = LevelStats.from_data(record)
                continue
            except ValueError:
                pass
            if not isinstance(record, dict):
                lost.append(f"{label}: the whole record")
                continue
            kept, bad = dict(record), []
            for f in fields(LevelStats):
                try:
                    LevelStats.field_value(f.name, record.get(f.name))
                except ValueError:
                    bad.append(f.name)
                    kept[f.name] = getattr(LevelStats(), f.name)
            if "played" in bad and isinstance(kept.get("won"), int):
                kept["played"] = kept["won"]  # at least the games won were played
            if "best_streak" in bad and isinstance(kept.get("streak"), int):
                kept["best_streak"] = kept["streak"]
            try:
                stats.levels[name] = LevelStats.from_data(kept)
                lost += [f"{label}: {field_name.replace('_', ' ')}" for field_name in bad] or [
                    f"{label}: the whole record"
                ]
            except ValueError:
                lost.append(f"{label}: the whole record")
        return stats, lost


def _daily_dates(value: Any) -> tuple[list[str], list[str]]:
    """(the valid dates of a ``daily`` list, sorted, without repeats; what was left out)."""
    if not isinstance(value, list):
        return [], ["daily puzzles: the whole list"]
    days = [storage.iso_day(item) for item in value]
    kept = sorted({day for day in days if day is not None})
    return kept, (["daily puzzles: a date"] if None in days else [])


def _practice_counts(value: Any) -> tuple[dict[str, list[int]], list[str]]:
    """(the valid entries of a ``practice`` table, technique -> [tried, solved] with
    0 <= solved <= tried; what was left out, each bad entry costing only itself)."""
    if not isinstance(value, dict):
        return {}, ["practice: the whole table"]
    kept, lost = {}, []
    for name, counts in value.items():
        if (
            isinstance(name, str)
            and isinstance(counts, list)
            and len(counts) == 2
            and all(type(n) is int for n in counts)
            and 0 <= counts[1] <= counts[0]
        ):
            kept[name] = list(counts)
        else:
            lost.append(f"practice: {str(name)[:30]}")
    return kept, lost


def stats_path(folder: str | os.PathLike[str] | None = None) -> Path:
    """The statistics file in ``folder`` (default: ``storage.data_dir()``)."""
    return Path(folder if folder is not None else storage.data_dir()) / STATS_FILE


def load_stats(folder: str | os.PathLike[str] | None = None, *, owner: bool = True) -> storage.Loaded:
    """``(Stats, message, keep)``: the saved statistics (empty when there is no file), one
    sentence for the player when the file was bad and moved aside or left as it is, or when some
    entries were left out (a copy of the original is kept beside it), else None, and the file
    when it was left as it is (``owner``, ``keep``: see ``storage.read_json``). Never raises."""
    return storage.load_salvaged(stats_path(folder), STATS_KIND, STATS_VERSION, Stats.salvage, owner=owner)


def save_stats(folder: str | os.PathLike[str] | None, stats: Stats) -> None:
    """Write ``stats`` to the statistics file in ``folder`` (None: ``storage.data_dir()``) now.

    Raises:
        OSError: the file cannot be written (the previous file is intact).
    """
    storage.write_json(stats_path(folder), STATS_KIND, STATS_VERSION, stats.to_data())
