"""Messages for the player ("toasts"): shown one at a time over every screen, at the bottom of
the window, for a few seconds each, and logged."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame

from game.layout import Layout
from game.theme import Theme, draw_panel, fit_text

TOAST_SECONDS = 6.0  # how long a message stays on screen
MAX_DT = 0.1  # seconds; a longer stall does not eat a message at once


class Toasts:
    """The queue of messages, oldest first, each with its seconds left on screen. Iterating
    gives (message, seconds left) pairs; it is true while a message waits or shows."""

    def __init__(self, log: Callable[[str], None]) -> None:
        self.log = log
        self._queue: list[tuple[str, float]] = []

    def add(self, message: str) -> None:
        """Show ``message`` after those already waiting (and log it now)."""
        self.log(message)
        self._queue.append((message, TOAST_SECONDS))

    def __bool__(self) -> bool:
        return bool(self._queue)

    def __iter__(self) -> Iterator[tuple[str, float]]:
        return iter(list(self._queue))

    def draw(self, surface: pygame.Surface, layout: Layout, theme: Theme, dt: float) -> None:
        """The oldest message in a panel at the bottom of ``surface``; ``dt`` seconds pass."""
        if not self._queue:
            return
        message, left = self._queue[0]
        left -= min(dt, MAX_DT)
        if left <= 0:
            self._queue.pop(0)
            return
        self._queue[0] = (message, left)
        f = layout
        lines = fit_text(theme, message, f.px(1040), (f.font(22), f.font(19)), max_lines=3)
        height = sum(line.get_height() for line in lines) + f.px(20)
        rect = pygame.Rect(0, 0, f.px(1080), height)
        rect.midbottom = (f.centre_x, f.height - f.px(12))
        palette = theme.palette
        draw_panel(surface, rect, palette, edge=palette.accent_2, radius=f.px(10), width=f.px(2))
        y = rect.y + f.px(10)
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(rect.centerx, y)))
            y += line.get_height()
