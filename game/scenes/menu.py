"""The main menu: Continue (with the level and time of the game in progress), New game, Daily
puzzle, Practice, Stats, Settings, Demo, Quit; Ctrl+V plays a puzzle copied from elsewhere."""

from __future__ import annotations

import datetime
import math
from typing import TYPE_CHECKING

import pygame

from game.clipboard import paste_text
from game.input import CTRL
from game.paste import PasteJob
from game.scenes.base import ListScene
from game.theme import fit_text
from game.widgets import ButtonList, centred_column, format_time

if TYPE_CHECKING:
    from game.host import Host


class MenuScene(ListScene):
    """``notice`` is shown under the menu (e.g. after an error sent the player back here)."""

    name = "menu"

    def __init__(self, app: Host, notice: str | None = None) -> None:
        super().__init__(app)
        self.notice = notice
        self.pasting = PasteJob(app)
        self.time = 0.0
        self.menu = ButtonList([])
        self._drawn_notice: str | None = None

    @property
    def can_continue(self) -> bool:
        return self.app.game is not None and self.app.game.running

    def enter(self) -> None:
        self.resize()

    def resize(self) -> None:
        items = [(self.continue_label(), "continue")] if self.can_continue else []
        items += [
            ("New game", "new"),
            ("Daily puzzle", "daily"),
            ("Practice", "practice"),
            ("Stats", "stats"),
            ("Settings", "settings"),
            ("Demo", "demo"),
            ("Quit", "quit"),
        ]
        # seven buttons (eight with Continue): tighter, so Quit stays clear of the footer
        top, height, gap = {8: (280, 46, 8), 7: (292, 50, 10)}.get(len(items), (330, 56, 12))
        focus = self.menu.focus
        column = centred_column(self.layout, top, items, button_w=420, button_h=height, gap=gap, size=34)
        self.menu = ButtonList(column)
        self.menu.focus = min(focus, len(items) - 1)

    def continue_label(self) -> str:
        """``Continue  -  Hard  -  12:34``: the saved game's level and time."""
        game = self.app.game
        assert game is not None  # asked only when can_continue
        level = game.puzzle.level.label if game.puzzle.level is not None else "Puzzle"
        return f"Continue  -  {level}  -  {format_time(game.elapsed)}"

    def escape(self) -> None:
        if self.can_continue:
            self.activate("continue")

    def activate(self, action: str) -> None:
        app = self.app
        if action == "continue" and self.can_continue:
            app.goto("play", game=app.game)
        elif action == "new":
            app.goto("difficulty")
        elif action == "daily":
            app.goto("difficulty", daily=datetime.date.today())
        elif action in ("stats", "settings", "practice"):
            app.goto(action)
        elif action == "demo":
            app.start_demo()
        elif action == "quit":
            app.quit(0)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and event.mod & CTRL:
            self.paste(paste_text())
            return
        super().handle(event)

    def paste(self, text: str | None) -> None:
        """Check a pasted puzzle on the app's job runner, then play it (the play screen grades it)."""
        self.notice = self.pasting.start(text)

    def leave(self) -> None:
        self.pasting.cancel()

    def animating(self) -> bool:
        """The title bobs only in the app's active second after an input; a paste being
        checked keeps its notice current."""
        return self.pasting.active

    def stale(self) -> bool:
        return self.notice != self._drawn_notice

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt
        result = self.pasting.poll()
        if result is not None:
            kind, value = result
            if kind == "done":
                self.app.play_imported(value)
            else:
                self.notice = f"Cannot paste: {value}"

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        bob = int(4 * math.sin(self.time * 2.0))
        self.draw_title(surface, "SUDOKU", 170 + bob, size=150)
        layout, palette = self.layout, self.theme.palette
        tag = self.theme.text("PUZZLES MADE ON THE SPOT  -  GRADED BY LOGIC", layout.font(24), palette.accent_3)
        surface.blit(tag, tag.get_rect(center=(layout.centre_x, layout.y(262))))
        self.menu.draw(surface, self.theme)
        self._drawn_notice = self.notice
        if self.notice:
            lines = fit_text(
                self.theme, self.notice, layout.px(1000), (layout.font(24),), max_lines=2, colour=palette.conflict
            )
            y = layout.y(722)
            for line in lines:
                surface.blit(line, line.get_rect(midtop=(layout.centre_x, y)))
                y += line.get_height()
        self.draw_footer(surface, "Arrows choose  -  Enter selects  -  Ctrl+V plays a copied puzzle")
