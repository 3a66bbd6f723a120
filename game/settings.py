"""The player's settings: a frozen ``Settings`` with defaults, to and from plain data, and the
settings file through game.storage. Reading never fails: an unknown key is ignored and a bad
value falls back to its default. This module never imports pygame.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from game import storage

SETTINGS_KIND = "sudoku-settings"
SETTINGS_VERSION = 1
SETTINGS_FILE = "settings.json"

MISTAKE_MODES = ("conflicts", "solution")
PALETTES = ("standard", "colour-blind", "high-contrast")
ANIMATION_SPEEDS = ("slow", "normal", "fast", "off")
PUZZLE_SOURCES = ("fresh", "bank")

_CHOICES = {
    "show_mistakes": MISTAKE_MODES,
    "palette": PALETTES,
    "animation_speed": ANIMATION_SPEEDS,
    "puzzle_source": PUZZLE_SOURCES,
}


@dataclass(frozen=True)
class Settings:
    """What the player chose; change one with ``dataclasses.replace``.

    auto_clean_marks      placing a digit removes it from the peers' pencil marks (corner and
                          centre marks).
    highlight_peers       shade the selected cell's peers.
    highlight_same_digit  shade every cell holding the selected cell's digit.
    show_mistakes         "conflicts": mark digits that break a rule; "solution": also mark
                          entries that contradict the solution.
    show_timer            show the play time.
    palette               "standard", "colour-blind" or "high-contrast".
    sound, volume         sound on or off; volume 0.0..1.0 (default 0.3: quiet).
    animation_speed       "slow", "normal", "fast" or "off".
    puzzle_source         "fresh" (generate each puzzle) or "bank" (the shipped puzzle bank).

    Raises:
        ValueError: a field is given a value of the wrong type or outside its choices.
    """

    auto_clean_marks: bool = True
    highlight_peers: bool = True
    highlight_same_digit: bool = True
    show_mistakes: str = "conflicts"
    show_timer: bool = True
    palette: str = "standard"
    sound: bool = True
    volume: float = 0.3
    animation_speed: str = "normal"
    puzzle_source: str = "fresh"

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if not _valid(field.name, field.default, value):
                raise ValueError(f"bad value {value!r} for setting {field.name!r}")
        object.__setattr__(self, "volume", float(self.volume))

    def to_data(self) -> dict[str, Any]:
        """The settings as plain JSON values: one key per field."""
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_data(cls, data: Any) -> Settings:
        """Settings from ``to_data``'s shape (see ``salvage``). Never raises."""
        return cls.salvage(data)[0]

    @classmethod
    def salvage(cls, data: Any) -> tuple[Settings, list[str]]:
        """Settings from ``to_data``'s shape and the settings whose bad value was left out (for
        the player): unknown keys are ignored (a newer version's), a missing value takes its
        default silently, a bad one its default with a word; anything but an object gives the
        defaults. Never raises."""
        if not isinstance(data, dict):
            return cls(), ([] if data is None else ["every setting"])
        chosen, lost = {}, []
        for field in fields(cls):
            if field.name not in data:
                continue
            if _valid(field.name, field.default, data[field.name]):
                chosen[field.name] = data[field.name]
            else:
                lost.append(field.name.replace("_", " "))
        return cls(**chosen), lost


def _valid(name: str, default: Any, value: Any) -> bool:
    """True when ``value`` fits the setting ``name`` (whose default is ``default``)."""
    if name in _CHOICES:
        return isinstance(value, str) and value in _CHOICES[name]
    if isinstance(default, bool):
        return isinstance(value, bool)
    if name == "volume":
        return storage.finite_number(value) and 0.0 <= value <= 1.0
    return False


def settings_path(folder: str | os.PathLike[str] | None = None) -> Path:
    """The settings file in ``folder`` (default: ``storage.data_dir()``)."""
    return Path(folder if folder is not None else storage.data_dir()) / SETTINGS_FILE


def load_settings(folder: str | os.PathLike[str] | None = None, *, owner: bool = True) -> storage.Loaded:
    """``(Settings, message, keep)``: the saved settings (defaults when there is no file), one
    sentence for the player when the file was bad and moved aside or left as it is (else None),
    and the file when it was left as it is (``owner``, ``keep``: see ``storage.read_json``).
    Never raises."""
    return storage.load_salvaged(settings_path(folder), SETTINGS_KIND, SETTINGS_VERSION, Settings.salvage, owner=owner)


def save_settings(folder: str | os.PathLike[str] | None, settings: Settings) -> None:
    """Write ``settings`` to the settings file in ``folder`` (None: ``storage.data_dir()``) now.

    Raises:
        OSError: the file cannot be written (the previous file is intact).
    """
    storage.write_json(settings_path(folder), SETTINGS_KIND, SETTINGS_VERSION, settings.to_data())
