"""The win screen: time, hints used, and the hardest technique the puzzle needed."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from game import theme as th
from game.scenes.base import ListScene
from game.session import Game
from game.theme import draw_panel, fit_text
from game.widgets import ButtonList, centred_column, format_time
from solver import levels
from solver.levels import Level

if TYPE_CHECKING:
    from game.host import Host

DEMO_WIN_SECONDS = 3.0
PANEL_TOP, PANEL_W, ROW_PITCH, PAD, COLUMN_GAP = 236, 560, 58, 34, 24  # the stats panel, pixels
BESIDE_SIZES = (34, 30)  # a value beside its label shrinks to these sizes to fit its column,
BELOW_SIZES = (34, 30, 26)  # else it goes on its own line below the label (wrapping at 26)
BUTTONS_TOP = 566
SPARK_COLOURS: tuple[th.Role, ...] = ("accent", "accent_2", "accent_3", "good")  # confetti, as palette roles


class WinScene(ListScene):
    name = "win"

    def __init__(self, app: Host, game: Game, demo: bool = False, new_best: bool = False) -> None:
        super().__init__(app)
        self.game = game
        self.demo = demo
        self.new_best = new_best  # the time is the level's best (the statistics said so)
        self.time = 0.0
        rng = random.Random(7)
        # confetti in fractions of the window: x, y, speed, drift, size, colour, phase
        self.sparks = [
            (
                rng.random(),
                rng.uniform(-1, 0),
                rng.uniform(0.11, 0.28),
                rng.uniform(-0.04, 0.04),
                rng.uniform(0.005, 0.011),
                rng.choice(SPARK_COLOURS),
                rng.uniform(0, 6.3),
            )
            for _ in range(140)
        ]
        self.menu = ButtonList([])
        self.resize()

    def resize(self) -> None:
        focus = self.menu.focus
        self.menu = ButtonList(
            centred_column(
                self.layout,
                BUTTONS_TOP,
                [("New game", "new"), ("Menu", "menu")],
                button_w=300,
                button_h=60,
                gap=16,
                size=36,
            )
        )
        self.menu.focus = focus

    @property
    def rows(self) -> list[tuple[str, str]]:
        """What the stats panel shows, as (label, value) pairs."""
        puzzle = self.game.puzzle
        note = "  NEW BEST!" if self.new_best else "  (not counted)" if self.game.revealed else ""
        return [
            ("Level", puzzle.level.label if puzzle.level is not None else "-"),
            ("Time", format_time(self.game.elapsed) + note),
            ("Hints used", str(self.game.hints_used)),
            ("Hardest technique", puzzle.hardest or "-"),
        ]

    @property
    def won(self) -> bool:
        """False when the Solve tool finished the puzzle: a neutral screen, no confetti."""
        return not self.game.revealed

    def handle(self, event: pygame.event.Event) -> None:
        if self.demo:  # any key or click leaves the demo
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.app.end_demo()
            return
        super().handle(event)

    def escape(self) -> None:
        self.activate("menu")

    def activate(self, action: str) -> None:
        app = self.app
        if self.demo:
            app.end_demo()
        elif action == "new":
            app.goto("difficulty")
        elif action == "menu":
            app.goto("menu")

    def animating(self) -> bool:
        return self.won  # confetti

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt
        if self.demo and self.time >= DEMO_WIN_SECONDS:
            self.app.goto("generating", level=next_demo_level(self.game.puzzle.level), purpose="demo")

    def panel_layout(self) -> tuple[pygame.Rect, list[tuple[pygame.Surface, pygame.Rect]]]:
        """The stats panel's rectangle and its texts with their places, in window pixels. A
        value that does not fit beside its label (a long technique name) goes on its own line
        below it."""
        theme, f, palette = self.theme, self.layout, self.theme.palette
        panel = f.rect((1200 - PANEL_W) / 2, PANEL_TOP, PANEL_W, 0)
        pad, half_row = f.px(PAD), f.px(18)
        inner = panel.w - 2 * pad
        blits = []
        y = panel.y + f.px(30)
        for label, value in self.rows:
            left = theme.text(label, f.font(30), palette.text_dim)
            colour = palette.accent_2 if label == "Hardest technique" or value.endswith("NEW BEST!") else palette.text
            blits.append((left, left.get_rect(midleft=(panel.x + pad, y + half_row))))
            column = inner - left.get_width() - f.px(COLUMN_GAP)
            size = next(
                (f.font(size) for size in BESIDE_SIZES if theme.font(f.font(size)).size(value)[0] <= column), None
            )
            if size is not None:
                glyph = theme.text(value, size, colour)
                blits.append((glyph, glyph.get_rect(midright=(panel.right - pad, y + half_row))))
                bottom = y + 2 * half_row
            else:
                bottom = y + half_row + left.get_height() // 2 + f.px(6)
                sizes = tuple(f.font(size) for size in BELOW_SIZES)
                for line in fit_text(theme, value, inner, sizes, max_lines=2, colour=colour):
                    blits.append((line, line.get_rect(topright=(panel.right - pad, bottom))))
                    bottom += line.get_height()
            y = bottom + f.px(ROW_PITCH - 36)  # rows keep ROW_PITCH - 36 design pixels between them
        panel.h = bottom + f.px(30) - panel.y
        return panel, blits

    def draw(self, surface: pygame.Surface) -> None:
        theme, palette = self.theme, self.theme.palette
        self.draw_backdrop(surface)
        width, height = surface.get_size()
        for x, y, speed, drift, size, colour, phase in self.sparks if self.won else ():
            py = (y + speed * self.time) % 1.05 * height - 0.025 * height
            px = (x + drift * self.time) * width + 0.012 * width * math.sin(self.time * 2 + phase)
            side = max(2, int(size * height))
            w = max(1, int(side * abs(math.cos(self.time * 3 + phase))))
            surface.fill(palette.colour(colour), (int(px) % width, int(py), w, side))
        f = self.layout
        pulse = 1.0 + 0.03 * math.sin(self.time * 5) if self.won else 1.0
        title = (
            theme.glow_text("SOLVED!", f.font(140), (255, 250, 220), palette.accent_2, radius=f.px(14))
            if self.won
            else theme.glow_text("SOLVED BY THE SOLVER", f.font(72), palette.text, palette.accent_3, radius=f.px(8))
        )
        if abs(pulse - 1.0) > 0.002:
            title = pygame.transform.smoothscale_by(title, pulse)
        surface.blit(title, title.get_rect(center=(f.centre_x, f.y(140))))
        panel, blits = self.panel_layout()
        draw_panel(surface, panel, palette, edge=palette.accent_2, radius=f.px(16), width=f.px(3))
        for glyph, rect in blits:
            surface.blit(glyph, rect)
        if self.demo:
            self.draw_footer(surface, "Demo  -  next puzzle coming  -  Esc to stop")
        else:
            self.menu.draw(surface, theme)
            self.draw_footer(surface, "Enter: new game  -  Esc: menu")


def next_demo_level(level: Level | None) -> Level:
    """The level of the demo's next puzzle: the one after ``level`` in PLAYABLE_LEVELS,
    wrapping around (the first level when ``level`` is not playable)."""
    playable = tuple(levels.PLAYABLE_LEVELS)
    if level not in playable:
        return playable[0]
    return playable[(playable.index(level) + 1) % len(playable)]
