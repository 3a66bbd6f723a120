"""The Stats screen: per level, puzzles played and won, best and average time, hints used, and
the current and best streak (game.stats), with the rules they follow; its History button (or H)
opens the list of every game played (game.scenes.history)."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

import pygame

from game.info_panel import READABLE_FONT
from game.scenes.base import BackListScene
from game.theme import draw_panel, fit_text
from game.widgets import Button, ButtonList, format_time
from solver.levels import PLAYABLE_LEVELS

if TYPE_CHECKING:
    from game.host import Host
    from game.stats import Stats

COLUMNS = ("Level", "Played", "Won", "Best", "Average", "Hints", "Streak")
COLUMN_X = (150, 380, 490, 600, 740, 880, 1000)  # design pixels: each column's centre (Level: left)
TABLE_TOP, ROW_H = 160, 62
RULES = (
    "Played counts every puzzle started; giving one up for another, or letting Solve finish it, "
    "ends the level's streak. Hints count in every game. Pasted and replayed puzzles are not counted."
)


def table_rows(stats: Stats) -> list[tuple[str, ...]]:
    """One row of texts per playable level, in COLUMNS order ("-" before the first win)."""
    rows: list[tuple[str, ...]] = []
    for level in PLAYABLE_LEVELS:
        record = stats.level(level)
        best = format_time(record.best_time) if record.best_time is not None else "-"
        average = format_time(record.average_time) if record.average_time is not None else "-"
        rows.append(
            (
                level.label,
                str(record.played),
                str(record.won),
                best,
                average,
                str(record.hints_used),
                f"{record.streak} (best {record.best_streak})",
            )
        )
    return rows


def daily_text(stats: Stats, today: datetime.date) -> str:
    """The daily puzzles' line: days solved, the current streak of days and the best."""
    current, best = stats.daily_streak(today)
    days = len(stats.daily)
    if not days:
        return "Daily puzzles: none solved yet (menu -> Daily puzzle)"
    plural = "" if days == 1 else "s"
    return f"Daily puzzles: {days} day{plural} solved  -  streak {current} (best {best})"


class StatsScene(BackListScene):
    name = "stats"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.menu = ButtonList([])
        self.resize()
        self.menu.focus = 1  # Back, as before the History button: Enter returns

    def resize(self) -> None:
        f, focus = self.layout, self.menu.focus
        labels = (("History", "history", "H"), ("Back", "back", "Esc"))
        self.menu = ButtonList(
            [
                Button(f.rect(276 + i * 348, 648, 300, 56), label, action, size=f.font(34), scale=f.scale, hint=hint)
                for i, (label, action, hint) in enumerate(labels)
            ]
        )
        self.menu.focus = focus

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.choose("history")
            return
        super().handle(event)

    def choose(self, action: Any) -> None:  # the History button
        if action == "history":
            self.app.goto("history")

    def draw(self, surface: pygame.Surface) -> None:
        f, theme, palette = self.layout, self.theme, self.theme.palette
        self.draw_backdrop(surface)
        self.draw_title(surface, "STATS", 90, size=96, glow=palette.accent_2)
        rows = table_rows(self.app.profile.stats)
        panel = f.rect(90, TABLE_TOP - 20, 1020, ROW_H * (len(rows) + 1) + 30)
        draw_panel(surface, panel, palette, edge=palette.accent_2, radius=f.px(14), width=f.px(2))
        for r, row in enumerate([COLUMNS, *rows]):
            y = f.y(TABLE_TOP + r * ROW_H + ROW_H // 2)
            colour = palette.text_dim if r == 0 else palette.text
            for c, text in enumerate(row):
                size = f.font(22 if r == 0 else 26 if c != len(row) - 1 else 22)
                glyph = theme.text(text, size, palette.accent_3 if c == 0 and r else colour)
                x = f.x(COLUMN_X[c])
                surface.blit(glyph, glyph.get_rect(midleft=(x, y)) if c == 0 else glyph.get_rect(center=(x, y)))
        y = panel.bottom + f.px(10)
        sizes = (max(READABLE_FONT, f.font(21)), max(READABLE_FONT, f.font(19)))
        for line in fit_text(theme, RULES, f.px(1000), sizes, max_lines=3, colour=palette.text_dim):
            surface.blit(line, line.get_rect(midtop=(f.centre_x, y)))
            y += line.get_height()
        daily = theme.text(daily_text(self.app.profile.stats, datetime.date.today()), f.font(24), palette.accent_3)
        surface.blit(daily, daily.get_rect(midtop=(f.centre_x, y + f.px(14))))
        self.menu.draw(surface, theme)
        self.draw_footer(surface, "Times are minutes:seconds of play  -  H: every game played  -  Esc returns")
