"""Choose a level: Easy, Medium, Hard (each says which techniques it needs)."""

from __future__ import annotations

import pygame

from game import theme as th
from game.scenes.base import ListScene
from game.widgets import ButtonList, centred_column
from solver.levels import PLAYABLE_LEVELS, Level

LEVEL_NOTES = {
    Level.EASY: "singles only",
    Level.MEDIUM: "locked candidates, pairs and triples",
    Level.HARD: "fish, wings and quads",
}
LEVEL_COLOURS = {Level.EASY: th.GOOD, Level.MEDIUM: th.ACCENT_3, Level.HARD: th.ACCENT}


class DifficultyScene(ListScene):
    name = "difficulty"

    def __init__(self, app):
        super().__init__(app)
        buttons = centred_column(
            app.size[0], 250, [(level.label, level) for level in PLAYABLE_LEVELS] + [("Back", "back")],
            button_w=480, button_h=86, gap=22, size=44,
        )
        for button in buttons:
            if button.action in LEVEL_NOTES:
                button.sub = LEVEL_NOTES[button.action]
                button.colour = LEVEL_COLOURS[button.action]
            else:
                button.rect.h = 64
                button.size = 34
        self.menu = ButtonList(buttons)
        self.menu.focus_on(Level.MEDIUM)

    def escape(self) -> None:
        self.activate("back")

    def activate(self, action) -> None:
        if action == "back":
            from game.scenes.menu import MenuScene

            self.app.switch(MenuScene(self.app))
        else:
            from game.scenes.generating import GeneratingScene

            self.app.switch(GeneratingScene(self.app, action, purpose="new"))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_title(surface, "DIFFICULTY", 130, size=100, glow=th.ACCENT_3)
        self.menu.draw(surface, self.theme)
        self.draw_footer(surface, "Arrows choose  -  Enter starts  -  Esc back")
