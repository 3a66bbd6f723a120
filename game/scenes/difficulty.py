"""Choose a level: each button says which techniques the level needs.

The levels offered are ``solver.levels.PLAYABLE_LEVELS`` (read when the screen opens, so the
screen follows the generator as it learns new levels); up to five levels and Back fit the window.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

import pygame

from game import theme as th
from game.scenes.base import BackListScene
from game.widgets import ButtonList, centred_column
from solver import levels
from solver.levels import Level

if TYPE_CHECKING:
    from game.host import Host
    from game.layout import Layout
    from game.widgets import Button

LEVEL_NOTES = {
    Level.EASY: "singles only",
    Level.MEDIUM: "locked candidates, pairs and triples",
    Level.HARD: "fish, wings and quads",
    Level.EXPERT: "chains, ALS and big fish",
    Level.MASTER: "forcing chains and nets",
}
LEVEL_COLOURS: dict[Level, th.Role | th.RGB] = {  # palette roles, or a colour of the level's own
    Level.EASY: "good",
    Level.MEDIUM: "accent_3",
    Level.HARD: "accent",
    Level.EXPERT: "hint_edge",
    Level.MASTER: (176, 120, 255),
}
BUTTONS_TOP, BUTTONS_BOTTOM = 236, 730  # pixels: where the column of buttons may go
BACK_H = 60
MAX_BUTTON_H, GAP = 86, 14


def level_column(layout: Layout, choices: tuple[Level, ...]) -> list[Button]:
    """The buttons: one per level (its note below its name), then Back, fitted between
    BUTTONS_TOP and BUTTONS_BOTTOM (buttons shrink, down to a size that still holds two
    lines, when there are many levels)."""
    count = len(choices)
    button_h = min(MAX_BUTTON_H, (BUTTONS_BOTTOM - BUTTONS_TOP - BACK_H - count * GAP) // max(1, count))
    button_h = max(64, button_h)
    size = 44 if button_h >= 80 else 38
    items = [(level.label, level) for level in choices] + [("Back", "back")]
    buttons = centred_column(layout, BUTTONS_TOP, items, button_w=500, button_h=button_h, gap=GAP, size=size)
    for button in buttons:
        if button.action in LEVEL_NOTES:
            button.sub = LEVEL_NOTES[button.action]
            button.colour = LEVEL_COLOURS.get(button.action, "accent_3")
        else:
            button.rect.h = layout.px(BACK_H)
            button.size = layout.font(34)
    return buttons


class DifficultyScene(BackListScene):
    """Choose the level of a new game; with ``daily`` (a date), of that day's puzzle, made on
    the spot from the day's seed (generator.daily), the same puzzle on every machine."""

    name = "difficulty"

    def __init__(self, app: Host, daily: datetime.date | None = None) -> None:
        super().__init__(app)
        self.daily = daily
        self.menu = ButtonList(level_column(self.layout, tuple(levels.PLAYABLE_LEVELS)))
        self.menu.focus_on(Level.MEDIUM)

    def resize(self) -> None:
        focus = self.menu.focus
        self.menu = ButtonList(level_column(self.layout, tuple(levels.PLAYABLE_LEVELS)))
        self.menu.focus = focus

    def choose(self, action: Any) -> None:
        app, day = self.app, self.daily
        if day is None:
            app.new_game(action)
            return
        game = app.game
        if (
            game is not None and game.running and game.puzzle.daily == day.isoformat() and game.puzzle.level == action
        ):  # that day's puzzle of that level is under way: go on with it, not from an empty board
            app.goto("play", game=game)
        else:
            app.goto("generating", level=action, daily=day)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        title = "DIFFICULTY" if self.daily is None else "DAILY PUZZLE"
        self.draw_title(surface, title, 130, size=100, glow=self.theme.palette.accent_3)
        self.menu.draw(surface, self.theme)
        footer = "Arrows choose  -  Enter starts  -  Esc back"
        if self.daily is not None:
            footer = f"{self.daily.isoformat()}: the same puzzle for every player  -  {footer}"
        self.draw_footer(surface, footer)
