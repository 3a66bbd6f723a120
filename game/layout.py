"""Window geometry: the screens are laid out in a 1200x800 design space that ``Layout`` maps onto a
window of any size (800x600 to 4K), uniformly scaled and centred, drawn at the window's own
resolution (no blurry upscaling), with the backdrop filling the whole window.

Scenes place things in design pixels and ask the layout for window pixels: ``layout.rect(x, y,
w, h)``, ``layout.point(x, y)``, ``layout.px(length)`` and ``layout.font(size)`` (text never
shrinks below a 12 px line, 14 px from the design size up, so it stays readable). No pygame display
calls here; ``initial_window_size`` only does arithmetic on the desktop size it is given.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

DESIGN_W, DESIGN_H = 1200, 800
MIN_W, MIN_H = 800, 600
MIN_FONT = 14  # pixels: the smallest font size asked for (``readable_font`` lifts it)
READABLE_SMALL, READABLE = 17, 18  # font sizes whose lines are 12 and 14 px (pygame's bundled font)


def readable_font(scale: float) -> int:
    """The least font size any text is drawn at, for a layout of ``scale`` (window pixels per
    design pixel): a 12 px line in a window smaller than the design size (800x600), 14 px from
    the design size (1200x800) up."""
    return READABLE_SMALL if scale < 0.999 else READABLE


SCREEN_SHARE = 0.9  # a new window takes at most this share of the desktop in each direction


@dataclass(frozen=True)
class Layout:
    """A uniform scale and an offset from design pixels to window pixels.

    ``size``: the window (width, height) in pixels; ``scale``: window pixels per design pixel;
    ``offset``: where the design space's top-left corner lands in the window.
    """

    size: tuple[int, int]
    scale: float
    offset: tuple[int, int]

    @classmethod
    def fit(cls, size: tuple[int, int]) -> Layout:
        """The layout that fits the whole design space into a window of ``size``, centred."""
        width, height = max(1, size[0]), max(1, size[1])
        scale = min(width / DESIGN_W, height / DESIGN_H)
        offset = (round((width - DESIGN_W * scale) / 2), round((height - DESIGN_H * scale) / 2))
        return cls((width, height), scale, offset)

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    def px(self, length: float) -> int:
        """A design length in window pixels (at least 1 for a positive length)."""
        value = round(length * self.scale)
        return max(1, value) if length > 0 else value

    def font(self, size: float) -> int:
        """A design font size in window pixels, never below ``readable_font`` (a 12 px line at
        800x600, 14 px from 1200x800 up)."""
        return max(readable_font(self.scale), round(size * self.scale))

    def x(self, x: float) -> int:
        return self.offset[0] + round(x * self.scale)

    def y(self, y: float) -> int:
        return self.offset[1] + round(y * self.scale)

    def point(self, x: float, y: float) -> tuple[int, int]:
        """A design point in window pixels."""
        return self.x(x), self.y(y)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A design rectangle in window pixels (edges rounded, so neighbours stay flush)."""
        left, top = self.x(x), self.y(y)
        return pygame.Rect(left, top, self.x(x + w) - left, self.y(y + h) - top)

    @property
    def centre_x(self) -> int:
        """The window's horizontal centre in window pixels."""
        return self.size[0] // 2


def initial_window_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The size to open the window at: the design size scaled (keeping its proportions) to fill
    ``SCREEN_SHARE`` of the desktop, larger or smaller, but never below MIN_W x MIN_H (nor above
    the desktop): 1944x1296 on a 2560x1440 screen, 1152x768 on 1280x854. ``desktop`` is None
    when unknown (the design size is used)."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return DESIGN_W, DESIGN_H
    share = min(desktop[0] * SCREEN_SHARE / DESIGN_W, desktop[1] * SCREEN_SHARE / DESIGN_H)
    width, height = round(DESIGN_W * share), round(DESIGN_H * share)
    width = min(desktop[0], max(MIN_W, width))
    height = min(desktop[1], max(MIN_H, height))
    return width, height
