"""The Settings screen: one row per setting; Enter, a click or Right shows the next choice, Left
the previous one. Every change is used at once and saved (App.apply_settings)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from game.scenes.base import BackListScene
from game.settings import ANIMATION_SPEEDS, MISTAKE_MODES, PALETTES, PUZZLE_SOURCES, Settings
from game.widgets import ButtonList, centred_column

if TYPE_CHECKING:
    from game.host import Host

T = TypeVar("T")

ON_OFF = (True, False)
VOLUMES = tuple(round(v / 10, 1) for v in range(1, 11))
# (field, what the row says, its choices, how a choice reads)
ROWS = (
    ("auto_clean_marks", "Clean pencil marks when a digit is placed", ON_OFF, None),
    ("highlight_peers", "Highlight the selected cell's row, column and box", ON_OFF, None),
    ("highlight_same_digit", "Highlight every cell with the same digit", ON_OFF, None),
    ("show_mistakes", "Mark mistakes", MISTAKE_MODES, {"conflicts": "rule breaks", "solution": "also wrong digits"}),
    ("show_timer", "Show the timer", ON_OFF, None),
    (
        "palette",
        "Colours",
        PALETTES,
        {"standard": "standard", "colour-blind": "colour-blind safe", "high-contrast": "high contrast"},
    ),
    ("sound", "Sound", ON_OFF, None),
    ("volume", "Volume", VOLUMES, None),
    ("animation_speed", "Animations", ANIMATION_SPEEDS, None),
    (
        "puzzle_source",
        "New games",
        PUZZLE_SOURCES,
        {"fresh": "fresh puzzles, made on the spot", "bank": "instant, from the puzzle bank"},
    ),
)


def choice_text(field: str, value: Any, names: dict[str, str] | None) -> str:  # value: bool, float or str
    """How a setting's value reads on its row: On/Off, a percentage, or its name."""
    if isinstance(value, bool):
        return "On" if value else "Off"
    if field == "volume":
        return f"{round(value * 100)}%"
    return (names or {}).get(value, str(value))


def next_choice(choices: tuple[T, ...], value: object, step: int = 1) -> T:
    """The choice ``step`` places after ``value`` in ``choices``, wrapping around (the first
    choice when ``value`` is not among them, e.g. a volume between two steps)."""
    if value not in choices:
        return choices[0]
    return choices[(choices.index(value) + step) % len(choices)]


class SettingsScene(BackListScene):
    name = "settings"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.menu = ButtonList([])
        self.resize()

    def sound_note(self) -> str:
        """What the Sound row adds when sound is on but cannot be heard: the mixer did not start
        (no audio device: ``game.sound.Sounds.reason``), else ""."""
        reason = getattr(self.app.sounds, "reason", None)
        if not self.app.settings.sound or reason in (None, "disabled"):
            return ""
        return ", but no sound device was found"

    def resize(self) -> None:
        focus = self.menu.focus
        settings = self.app.settings
        self._noted = self.sound_note()  # the sounds are made after a frame: draw looks again
        items = [
            (
                f"{label}:  {choice_text(field, getattr(settings, field), names)}"
                + (self._noted if field == "sound" else ""),
                field,
            )
            for field, label, _, names in ROWS
        ] + [("Back", "back")]
        self.menu = ButtonList(centred_column(self.layout, 146, items, button_w=760, button_h=48, gap=6, size=26))
        self.menu.buttons[-1].colour = "accent_2"
        self.menu.focus = focus

    def change(self, field: str, step: int = 1) -> Settings:
        """Move setting ``field`` to its next (``step`` 1) or previous (-1) choice; returns the
        new settings (already used and saved)."""
        # a row's choices: bools, floats or strs, each the type of its own Settings field
        choices: tuple[Any, ...] = next(row[2] for row in ROWS if row[0] == field)
        settings = self.app.settings
        new: Settings = replace(settings, **{field: next_choice(choices, getattr(settings, field), step)})
        self.app.apply_settings(new)  # lays this screen out again too
        return new

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            action = self.menu.focused_action()
            if action != "back":
                self.change(action, 1 if event.key == pygame.K_RIGHT else -1)
            return
        super().handle(event)

    def choose(self, action: Any) -> None:
        self.change(action)

    def stale(self) -> bool:
        """The sounds came (they are made after a frame) and the Sound row's note changed: the
        idle window draws it without waiting for an input."""
        return self.sound_note() != self._noted

    def draw(self, surface: pygame.Surface) -> None:
        if self.stale():
            self.resize()
        self.draw_backdrop(surface)
        self.draw_title(surface, "SETTINGS", 82, size=84, glow=self.theme.palette.accent_3)
        self.menu.draw(surface, self.theme)
        self.draw_footer(surface, "Arrows choose  -  Enter or Right changes  -  Left goes back  -  Esc returns")
