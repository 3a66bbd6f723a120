"""The main menu: Continue (only while a game is running), New game, Demo, Quit."""

from __future__ import annotations

import math

import pygame

from game import theme as th
from game.scenes.base import ListScene
from game.theme import fit_text
from game.widgets import ButtonList, centred_column


class MenuScene(ListScene):
    """``notice`` is shown under the menu (e.g. after an error sent the player back here)."""

    name = "menu"

    def __init__(self, app, notice: str | None = None):
        super().__init__(app)
        self.notice = notice
        self.time = 0.0
        self.menu = ButtonList([])

    @property
    def can_continue(self) -> bool:
        return self.app.game is not None and self.app.game.running

    def enter(self) -> None:
        self.resize()

    def resize(self) -> None:
        items = [("Continue", "continue")] if self.can_continue else []
        items += [("New game", "new"), ("Demo", "demo"), ("Quit", "quit")]
        top = 330 if len(items) == 4 else 372
        focus = self.menu.focus
        self.menu = ButtonList(centred_column(self.layout, top, items, size=40))
        self.menu.focus = min(focus, len(items) - 1)

    def escape(self) -> None:
        if self.can_continue:
            self.activate("continue")

    def activate(self, action: str) -> None:
        app = self.app
        if action == "continue" and self.can_continue:
            app.goto("play", game=app.game)
        elif action == "new":
            app.goto("difficulty")
        elif action == "demo":
            app.start_demo()
        elif action == "quit":
            app.quit(0)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        bob = int(4 * math.sin(self.time * 2.0))
        self.draw_title(surface, "SUDOKU", 170 + bob, size=150)
        layout = self.layout
        tag = self.theme.text("PUZZLES MADE ON THE SPOT  -  GRADED BY LOGIC", layout.font(24), th.ACCENT_3)
        surface.blit(tag, tag.get_rect(center=(layout.centre_x, layout.y(262))))
        self.menu.draw(surface, self.theme)
        if self.notice:
            lines = fit_text(self.theme, self.notice, layout.px(1000), (layout.font(24),), max_lines=2,
                             colour=th.CONFLICT)
            y = layout.y(700)
            for line in lines:
                surface.blit(line, line.get_rect(midtop=(layout.centre_x, y)))
                y += line.get_height()
        self.draw_footer(surface, "Arrows choose  -  Enter selects  -  or click")
