"""The history of games: one record per game started (when, which puzzle, its level and source,
how it ended, the time and hints), newest last, the last ``HISTORY_LIMIT`` kept; and the history
file through game.storage. This module never imports pygame.

Glossary:
  record   one game started (``GameRecord``): frozen; a change replaces it in the list.
  source   where the puzzle came from: ``"generated"`` (made on the spot, or in the background
           for the reserve), ``"bank"`` (the shipped bank), ``"daily"`` (the day's puzzle; its
           date in ``daily``), ``"pasted"`` (the player brought it) or ``"replay"`` (started again
           from this history).
  result   ``"playing"`` (the game in progress, or one the player may still continue),
           ``"won"``, ``"revealed"`` (the Solve tool finished it: no win) or ``"abandoned"`` (given
           up for another game, or left behind when the saved game was replaced).
"""

from __future__ import annotations

import datetime
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game import storage
from solver.levels import Level

HISTORY_KIND = "sudoku-history"
HISTORY_VERSION = 1
HISTORY_FILE = "history.json"
HISTORY_LIMIT = 1000  # records kept; the oldest goes first
SOURCES = ("generated", "bank", "daily", "pasted", "replay")
RESULTS = ("playing", "won", "revealed", "abandoned")
REQUIRED = ("started", "givens", "result")  # a bad one of these costs the whole record


def _check_started(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise ValueError("the start must be a date and time")
    try:
        datetime.datetime.fromisoformat(value)
    except ValueError:
        raise ValueError("the start must be a date and time") from None
    return value


def _check_line(value: Any, low: str, what: str) -> str:
    if not isinstance(value, str) or len(value) != 81 or any(ch not in low for ch in value):
        raise ValueError(f"{what} must be 81 characters")
    return value


@dataclass(frozen=True)
class GameRecord:
    """One game started: ``started`` (local date and time, ISO 8601 with its UTC offset),
    ``givens`` (81 characters, '.' for an empty cell), ``solution`` (81 digits; None when lost),
    ``level`` (a ``Level`` name; None while a pasted puzzle is not graded), ``hardest`` (the
    hardest technique; None when unknown), ``source`` and ``daily`` (the daily puzzle's
    YYYY-MM-DD), ``result`` (see the glossary), ``seconds`` of play and ``hints`` used."""

    started: str
    givens: str
    solution: str | None = None
    level: str | None = None
    hardest: str | None = None
    source: str = "generated"
    daily: str | None = None
    result: str = "playing"
    seconds: float = 0.0
    hints: int = 0

    @property
    def start_time(self) -> datetime.datetime:
        """``started`` as a datetime (aware when it carries its offset)."""
        return datetime.datetime.fromisoformat(self.started)

    @property
    def level_enum(self) -> Level | None:
        return Level[self.level] if self.level is not None else None

    @staticmethod
    def field_value(name: str, value: Any) -> Any:
        """``value`` as field ``name`` keeps it; ValueError (a short reason) when it does not fit."""
        if name == "started":
            return _check_started(value)
        if name == "givens":
            return _check_line(value, ".123456789", "the givens")
        if name == "solution":
            return None if value is None else _check_line(value, "123456789", "the solution")
        if name == "level":
            if value is not None and (not isinstance(value, str) or value not in Level.__members__):
                raise ValueError("unknown level")
            return value
        if name == "hardest":
            if value is not None and (not isinstance(value, str) or len(value) > 80):
                raise ValueError("the hardest technique must be text")
            return value
        if name == "source":
            if value not in SOURCES:
                raise ValueError("unknown source")
            return value
        if name == "daily":
            if value is not None and storage.iso_day(value) is None:
                raise ValueError("the daily date must be YYYY-MM-DD")
            return value
        if name == "result":
            if value not in RESULTS:
                raise ValueError("unknown result")
            return value
        if name == "seconds":
            if not storage.finite_number(value) or value < 0:
                raise ValueError("the time must be a number of seconds")
            return float(value)
        if name == "hints":
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**9:
                raise ValueError("the hints must be a whole number")
            return value
        raise ValueError(f"no field {name!r}")

    @classmethod
    def salvage(cls, data: Any) -> tuple[GameRecord | None, list[str]]:
        """A record from ``to_data``'s shape and the names of the fields left out: a bad
        optional field falls back to its default (a solution that disagrees with the givens is
        dropped); a bad ``started``, ``givens`` or ``result`` (or a record that is not an object)
        costs the record, (None, ["the whole record"]). Never raises."""
        if not isinstance(data, dict):
            return None, ["the whole record"]
        kept: dict[str, Any] = {}
        lost: list[str] = []
        for f in fields(cls):
            try:
                kept[f.name] = cls.field_value(f.name, data.get(f.name, f.default))
            except ValueError:
                if f.name in REQUIRED:
                    return None, ["the whole record"]
                kept[f.name] = f.default
                lost.append(f.name)
        solution = kept["solution"]
        if solution is not None and any(g not in (".", s) for g, s in zip(kept["givens"], solution, strict=True)):
            kept["solution"] = None
            lost.append("solution")
        return cls(**kept), lost

    def to_data(self) -> dict[str, Any]:
        return asdict(self)


class History:
    """The records, oldest first, at most ``limit`` of them (``add`` drops the oldest)."""

    def __init__(self, records: list[GameRecord] | None = None, limit: int = HISTORY_LIMIT):
        self.limit = limit
        self.records: list[GameRecord] = list(records or [])[-limit:]

    def __len__(self) -> int:
        return len(self.records)

    def newest_first(self) -> list[GameRecord]:
        return self.records[::-1]

    def add(self, record: GameRecord) -> GameRecord:
        """Append ``record`` (a game just started), dropping the oldest beyond ``limit``."""
        self.records.append(record)
        del self.records[: max(0, len(self.records) - self.limit)]
        return record

    def update(self, record: GameRecord, **changes: Any) -> GameRecord | None:
        """Replace ``record`` (this very object, looked for from the newest) with a copy that
        has ``changes``; returns the copy, or None when ``record`` is no longer kept."""
        for index in range(len(self.records) - 1, -1, -1):
            if self.records[index] is record:
                self.records[index] = new = replace(record, **changes)
                return new
        return None

    def newest_of(self, givens: str) -> GameRecord | None:
        """The newest record of the puzzle ``givens`` (81 characters, '.' for empty), or None."""
        return next((r for r in reversed(self.records) if r.givens == givens), None)

    def to_data(self) -> dict[str, Any]:
        """``{"games": [record data, ...]}``, oldest first: fresh plain JSON values."""
        return history_data(tuple(self.records))

    @classmethod
    def salvage(cls, data: Any) -> tuple[History, list[str]]:
        """The history in a file's ``data`` and what was left out, for the player ("game #12:
        seconds", "game #3: the whole record"); None (no file) is an empty history. Never raises."""
        games = data.get("games") if isinstance(data, dict) else None
        if not isinstance(games, list):
            return cls(), ([] if data is None else ["the whole list"])
        records, lost = [], []
        for number, item in enumerate(games, 1):
            record, bad = GameRecord.salvage(item)
            if record is not None:
                records.append(record)
            lost += [f"game #{number}: {name}" for name in bad]
        return cls(records), lost


def history_data(records: tuple[GameRecord, ...]) -> dict[str, Any]:
    """The file's data for ``records`` (immutable: a writer thread may call this)."""
    return {"games": [record.to_data() for record in records]}


def now_text(now: datetime.datetime | None = None) -> str:
    """The local date and time ``now`` (default: this moment) as a record's ``started``."""
    return (now or datetime.datetime.now()).astimezone().isoformat(timespec="seconds")


def history_path(folder: str | os.PathLike[str] | None = None) -> Path:
    """The history file in ``folder`` (default: ``storage.data_dir()``)."""
    return Path(folder if folder is not None else storage.data_dir()) / HISTORY_FILE


def load_history(folder: str | os.PathLike[str] | None = None, *, owner: bool = True) -> storage.Loaded:
    """``(History, message, keep)``: the saved history (empty when there is no file: an older
    data folder), one sentence for the player when the file was bad and moved aside or left as
    it is, or when records or fields were left out (a copy of the original is kept beside it),
    and the file when it was left as it is (``owner``, ``keep``: see ``storage.read_json``).
    Never raises."""
    return storage.load_salvaged(history_path(folder), HISTORY_KIND, HISTORY_VERSION, History.salvage, owner=owner)


def save_history(folder: str | os.PathLike[str] | None, history: History) -> None:
    """Write ``history`` to the history file in ``folder`` (None: ``storage.data_dir()``) now.

    Raises:
        OSError: the file cannot be written (the previous file is intact).
    """
    storage.write_json(history_path(folder), HISTORY_KIND, HISTORY_VERSION, history.to_data())
