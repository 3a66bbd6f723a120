"""The daily puzzle: one per level per date, the same on every machine, with no server.

A day's puzzle of a level is the generator's puzzle for a seed derived from the date and the
level alone (``daily_seed``). The generator draws every choice from ``random.Random(seed)`` and
nothing else (no clock, no hash order), so any machine running this version makes the same
puzzle, exactly of its level; a new version of the generator or the grader may make another.
"""

from __future__ import annotations

import datetime
import hashlib

from solver.levels import Level


def daily_seed(day: datetime.date, level: Level) -> int:
    """The generator seed (0 .. 2**32 - 1) of ``level``'s daily puzzle on ``day``: the first
    four bytes of the SHA-256 of "wfc-sudoku daily YYYY-MM-DD level" (stable across machines and
    Python versions, unlike ``hash``)."""
    text = f"wfc-sudoku daily {day.isoformat()} {level.name.lower()}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:4], "big")


def parse_day(text: str) -> datetime.date:
    """A date given as YYYY-MM-DD, or "today" (the local date).

    Raises:
        ValueError: anything else, with a message naming the expected form.
    """
    if text.strip().lower() == "today":
        return datetime.date.today()
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"expected a date as YYYY-MM-DD (or 'today'), got {text!r}") from None
