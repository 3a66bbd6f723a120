"""Buttons and keyboard-navigable button lists, drawn in the arcade theme."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game import theme as th
from game.layout import DESIGN_W, Layout, readable_font

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
"""The arrow keys move the focus by rows and columns (``ButtonList._nearest``); where that finds
nothing, Up and Down step through the list in order, wrapping round."""


def format_time(seconds: float) -> str:
    """``m:ss`` (or ``h:mm:ss`` past an hour) for a duration in seconds."""
    seconds = int(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass
class Button:
    """A clickable rectangle. ``action`` is what ``ButtonList.handle`` returns when it fires.

    ``colour`` tints its edge and fill: a palette role, taken from the palette it is drawn with,
    or a fixed RGB colour. ``hint`` is a small key name drawn in the corner; ``swatch`` fills the
    button with a colour (Colour mode); ``dim`` draws it muted (e.g. a digit already placed nine
    times).
    """

    rect: pygame.Rect
    label: str
    action: Any
    size: int = 34
    colour: th.Role | th.RGB = "accent_3"
    hint: str = ""
    sub: str = ""
    swatch: tuple[int, int, int] | None = None
    enabled: bool = True
    dim: bool = False
    anchor: tuple[float, float] = (0.5, 0.5)  # where the label's centre sits, as fractions
    flash: float = 0.0  # seconds left of the press flash
    scale: float = 1.0  # window pixels per design pixel, for the edges and small print
    badge: str = ""  # small print in the bottom-right corner (a digit's count left to place)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def press(self) -> None:
        self.flash = 0.18

    def update(self, dt: float) -> None:
        if self.flash > 0:
            self.flash = max(0.0, self.flash - dt)

    def draw(self, surface: pygame.Surface, theme: th.Theme, *, focused: bool = False, active: bool = False) -> None:
        rect = self.rect
        palette = theme.palette
        colour = palette.colour(self.colour) if self.enabled else palette.text_dim
        if self.swatch is not None:
            fill = th.blend(palette.panel, self.swatch, 0.85)
        elif active:
            fill = th.blend(palette.panel, colour, 0.35)
        elif focused:
            fill = th.blend(palette.panel, colour, 0.18)
        else:
            fill = palette.panel
        if self.flash > 0:
            fill = th.blend(fill, (255, 255, 255), self.flash / 0.18 * 0.5)
        edge = colour if (focused or active) else th.blend(palette.panel_edge, colour, 0.25)
        k = self.scale
        if focused or active:
            glow = rect.inflate(round(8 * k), round(8 * k))
            pygame.draw.rect(
                surface, th.blend(palette.bg_top, colour, 0.35), glow, max(1, round(3 * k)), border_radius=round(14 * k)
            )
        width = max(1, round((3 if active else 2) * k))
        th.draw_panel(surface, rect, palette, fill, edge, radius=round(10 * k), width=width)
        text_colour = palette.text if self.enabled else palette.text_dim
        if active or focused:
            text_colour = (255, 255, 255)
        if self.dim:
            text_colour = th.blend(palette.panel, palette.text_dim, 0.7)
        if self.swatch is not None:
            text_colour = (20, 20, 30)
        label = theme.text(self.label, self.size, text_colour)
        cx = rect.x + rect.w * self.anchor[0]
        cy = rect.y + rect.h * self.anchor[1] - (round(7 * k) if self.sub else 0)
        hint = None
        if self.hint:
            ink = palette.text_dim if self.swatch is None else (30, 30, 40)
            hint = theme.text(self.hint, max(readable_font(k), round(15 * k)), ink)
            hint_rect = hint.get_rect(topright=(rect.right - round(8 * k), rect.top + round(6 * k)))
            if label.get_rect(center=(cx, cy)).colliderect(hint_rect):  # a narrow button: the label
                cx = rect.x + (hint_rect.left - round(4 * k) - rect.x) / 2  # keeps left of the key
        surface.blit(label, label.get_rect(center=(cx, cy)))
        if self.sub:
            sub = theme.text(
                self.sub, max(readable_font(k), round(20 * k)), palette.text if active or focused else palette.text_dim
            )
            surface.blit(sub, sub.get_rect(center=(rect.centerx, rect.bottom - round(14 * k))))
        if self.badge:
            badge = theme.text(self.badge, max(readable_font(k), round(18 * k)), palette.text_dim)
            surface.blit(badge, badge.get_rect(bottomright=(rect.right - round(9 * k), rect.bottom - round(5 * k))))
        if hint is not None:
            surface.blit(hint, hint_rect)


class ButtonList:
    """A menu of buttons in a column or a grid: the arrows move the focus to the nearest button
    that way (Up and Down wrap round the list where there is none), Enter/Space fire it, the mouse hovers
    (once it has moved: a pointer resting where the window opened leaves the focus alone) and
    clicks. ``handle`` returns the fired button's action, or None."""

    def __init__(self, buttons: list[Button]):
        self.buttons = buttons
        self.focus = 0
        self._pointer: tuple[int, int] | None = None  # where the mouse was first seen

    def actions(self) -> list[Any]:
        return [b.action for b in self.buttons]

    def focused_action(self) -> Any:
        """The action of the button with the focus; None when the list is empty."""
        return self.buttons[self.focus].action if self.buttons else None

    def focus_on(self, action: Any) -> None:
        for i, button in enumerate(self.buttons):
            if button.action == action:
                self.focus = i

    def handle(self, event: pygame.event.Event) -> Any:
        if not self.buttons:
            return None
        if event.type == pygame.KEYDOWN:
            toward = ARROWS.get(event.key)
            nearest = self._nearest(*toward) if toward is not None else None
            if nearest is not None:
                self.focus = nearest
            elif event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_s):
                self.focus = (self.focus + 1) % len(self.buttons)
            elif event.key in (pygame.K_UP, pygame.K_w):
                self.focus = (self.focus - 1) % len(self.buttons)
            elif event.key in ACTIVATE_KEYS:
                button = self.buttons[self.focus]
                button.press()
                return button.action
        elif event.type == pygame.MOUSEMOTION:
            if self._pointer is None or self._pointer == event.pos:
                # the pointer merely sits where the window opened (SDL reports it once): the
                # focus stays where the keyboard expects it (Continue, say)
                self._pointer = event.pos
                return None
            self._pointer = (-1, -1)  # it moved: hovering focuses from now on
            for i, button in enumerate(self.buttons):
                if button.hit(event.pos):
                    self.focus = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, button in enumerate(self.buttons):
                if button.hit(event.pos):
                    self.focus = i
                    button.press()
                    return button.action
        return None

    def _nearest(self, dx: int, dy: int) -> int | None:
        """The index of the button the arrow (dx, dy) moves the focus to, or None (then Up and
        Down step through the list in order). In the focused button's band (the buttons that
        overlap it across the arrow's direction: its row for Left and Right, its column for Up
        and Down), the nearest one that way; for Up and Down with none in the band, the one
        that way nearest by distance along plus twice the distance across; else the band wraps
        round to its far end (a column to its top, a row to its start)."""
        here = self.buttons[self.focus].rect

        def along(rect: pygame.Rect) -> int:
            return (rect.centerx - here.centerx) * dx + (rect.centery - here.centery) * dy

        def across(rect: pygame.Rect) -> int:
            return abs(rect.centery - here.centery) if dx else abs(rect.centerx - here.centerx)

        def in_band(rect: pygame.Rect) -> bool:
            if dx:
                return rect.top < here.bottom and here.top < rect.bottom
            return rect.left < here.right and here.left < rect.right

        others = [(i, b.rect) for i, b in enumerate(self.buttons) if i != self.focus and b.enabled]
        ahead = [(i, rect) for i, rect in others if along(rect) > 0]
        band = [(along(rect), across(rect), i) for i, rect in ahead if in_band(rect)]
        if band:
            return min(band)[2]
        if dy and ahead:
            return min((along(rect) + 2 * across(rect), i) for i, rect in ahead)[1]
        behind = [(along(rect), across(rect), i) for i, rect in others if along(rect) < 0 and in_band(rect)]
        return min(behind)[2] if behind else None

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        for i, button in enumerate(self.buttons):
            button.draw(surface, theme, focused=i == self.focus)


def centred_column(
    layout: Layout,
    top: int,
    labels: list[tuple[str, Any]],
    *,
    button_w: int = 360,
    button_h: int = 64,
    gap: int = 18,
    size: int = 34,
    **kw: Any,  # Button's other fields, passed on to each button
) -> list[Button]:
    """Buttons stacked in a column centred in the window, starting at ``top``; ``top``, the
    button size, ``gap`` and the font ``size`` are design pixels that ``layout`` maps."""
    x = (DESIGN_W - button_w) / 2
    return [
        Button(
            layout.rect(x, top + i * (button_h + gap), button_w, button_h),
            label,
            action,
            size=layout.font(size),
            scale=layout.scale,
            **kw,
        )
        for i, (label, action) in enumerate(labels)
    ]
