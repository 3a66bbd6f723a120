"""The play screen's keypad: two pages above a fixed bottom.

The digit page holds the mode buttons and digits 1-9 (colour swatches in Colour mode; each
digit shows how many are still to place); the tools page holds the solver's tools (fill
candidates, the entropy overlay, solve singles and pairs, check, solve, restart, new puzzle,
copy and paste), under them the digit filter's row (one small button per digit, F1..F9) and a
row of the nine digits, so digits stay at hand. Below both:
erase, undo, redo, then hint, tools (which flips the page) and pause. Buttons carry the same
actions as the keyboard map (game.input).
"""

from __future__ import annotations

from typing import Any

import pygame

from game import input as act
from game import theme as th
from game.input import Action
from game.layout import Layout
from game.playstate import MODE_LABELS, MODES
from game.session import Game
from game.tools import remaining
from game.widgets import Button

MODE_HINTS = {"normal": "Z", "corner": "X", "centre": "C", "colour": "V"}
TOOL_BUTTONS: tuple[tuple[str, str, Action], ...] = (  # label, key hint, action: two per row
    ("Fill candidates", "F", act.UseTool("fill")),
    ("Entropy overlay", "E", act.ToggleEntropy()),
    ("Solve singles", "", act.UseTool("singles")),
    ("Solve pairs", "", act.UseTool("pairs")),
    ("Check", "", act.UseTool("check")),
    ("Solve", "", act.UseTool("solve")),
    ("Restart", "", act.UseTool("restart")),
    ("New puzzle", "N", act.NewPuzzle()),
    ("Copy puzzle", "^C", act.Copy()),
    ("Paste puzzle", "^V", act.Paste()),
    ("Solution path", "S", act.ShowSteps("path")),
    ("All steps here", "A", act.ShowSteps("here")),
)
PAGES = ("digits", "tools")


class Keypad:
    """Buttons laid out from design pixels (``x``, ``y``, width ``w``) through ``layout``;
    ``sync`` refreshes them from a Game before drawing. ``page`` is "digits" or "tools";
    ``bottom`` is the window y under the last row."""

    def __init__(self, layout: Layout, x: int, y: int, w: int, page: str = "digits"):
        self.layout = layout
        f = layout
        gap = 12
        top = y
        mode_w = (w - 3 * gap) / 4
        self.mode_buttons = [
            self._button(
                f.rect(x + i * (mode_w + gap), y, mode_w, 52),
                MODE_LABELS[m],
                act.SetMode(m),
                size=24,
                colour="accent",
                hint=MODE_HINTS[m],
            )
            for i, m in enumerate(MODES)
        ]
        y += 52 + 18
        digit_w, digit_h = (w - 2 * gap) / 3, 80
        self.digit_buttons = [
            self._button(
                f.rect(x + (i % 3) * (digit_w + gap), y + (i // 3) * (digit_h + gap), digit_w, digit_h),
                str(i + 1),
                act.Digit(i + 1),
                size=58,
            )
            for i in range(9)
        ]
        y += 3 * digit_h + 2 * gap + 18
        rows = (len(TOOL_BUTTONS) + 1) // 2
        small_gap, mini_h = 8, 46  # the tools page keeps a row of the nine digits under its tools,
        filter_h = 40  # and above them the digit filter's row
        tool_h = (y - 18 - top - mini_h - filter_h - 2 * small_gap - rows * small_gap) / rows
        half = (w - small_gap) / 2
        self.page_buttons = [
            self._button(
                f.rect(x + (i % 2) * (half + small_gap), top + (i // 2) * (tool_h + small_gap), half, tool_h),
                label,
                action,
                size=24,
                colour="accent_3",
                hint=hint,
            )
            for i, (label, hint, action) in enumerate(TOOL_BUTTONS)
        ]
        mini_w = (w - 8 * 6) / 9
        filter_y = top + rows * (tool_h + small_gap)
        caption_w = 74  # the row's caption, "Filter", left of its buttons
        filter_w = (w - caption_w - 8 * 6) / 9
        self.filter_caption = (f.point(x, filter_y + filter_h / 2), f.font(20))
        self.filter_buttons = [
            self._button(
                f.rect(x + caption_w + i * (filter_w + 6), filter_y, filter_w, filter_h),
                str(i + 1),
                act.FilterDigit(i + 1),
                size=24,
                colour="filter",
            )
            for i in range(9)
        ]
        mini_y = filter_y + filter_h + small_gap
        self.mini_digit_buttons = [
            self._button(f.rect(x + i * (mini_w + 6), mini_y, mini_w, mini_h), str(i + 1), act.Digit(i + 1), size=30)
            for i in range(9)
        ]
        third = (w - 2 * gap) / 3
        self.edit_buttons = [
            self._button(f.rect(x, y, third, 54), "Erase", act.Clear(), size=26, hint="Del"),
            self._button(f.rect(x + third + gap, y, third, 54), "Undo", act.Undo(), size=26, hint="^Z"),
            self._button(f.rect(x + 2 * (third + gap), y, third, 54), "Redo", act.Redo(), size=26, hint="^Y"),
        ]
        y += 54 + gap
        self.bottom_buttons = [
            self._button(f.rect(x, y, third, 54), "Hint", act.Hint(), size=28, colour="accent_2", hint="H"),
            self._button(
                f.rect(x + third + gap, y, third, 54), "Tools", act.FlipPage(), size=28, colour="accent_2", hint="T"
            ),
            self._button(
                f.rect(x + 2 * (third + gap), y, third, 54),
                "Pause",
                act.TogglePause(),
                size=28,
                colour="accent_2",
                hint="P",
            ),
        ]
        self.bottom = f.y(y + 54)
        self.hover: Button | None = None
        self.entropy_on = False  # the entropy overlay's button shows as active
        self.filter_digit = 0  # the digit filter's button shows as active (0: none)
        self.page = page

    def _button(self, rect: pygame.Rect, label: str, action: Action, size: int, **kw: Any) -> Button:
        return Button(rect, label, action, size=self.layout.font(size), scale=self.layout.scale, **kw)

    @property
    def page(self) -> str:
        return self._page

    @page.setter
    def page(self, page: str) -> None:
        if page not in PAGES:
            raise ValueError(f"unknown keypad page {page!r}")
        self._page = page
        top = (
            self.mode_buttons + self.digit_buttons
            if page == "digits"
            else self.page_buttons + self.filter_buttons + self.mini_digit_buttons
        )
        self.buttons = top + self.edit_buttons + self.bottom_buttons

    def flip(self) -> None:
        """Show the other page."""
        self.page = "tools" if self.page == "digits" else "digits"

    @property
    def tool_buttons(self) -> list[Button]:
        """The buttons under the page: erase, undo, redo, hint, tools, pause."""
        return self.edit_buttons + self.bottom_buttons

    def sync(self, game: Game, palette: th.Palette) -> None:
        """Show the current mode, swatches in Colour mode (``palette``'s cell colours), and per
        digit how many are left to place (a digit placed nine times is dimmed)."""
        left = remaining(game.state)
        colour_mode = game.mode == "colour"
        digit_colour: th.Role = "accent" if game.mode in ("corner", "centre") else "accent_3"
        font = self.layout.font
        for i, button in enumerate(self.digit_buttons):
            button.swatch = palette.cell_colours[i] if colour_mode else None
            button.dim = not colour_mode and left[i + 1] == 0
            button.badge = "" if colour_mode or not left[i + 1] else str(left[i + 1])
            button.colour = digit_colour
            # SudokuPad's keypad shows where the mark goes: corner digits at their corner
            # (1 top left ... 9 bottom right), centre digits small in the middle.
            if game.mode == "corner":
                button.size, button.anchor = font(32), (0.2 + 0.3 * (i % 3), 0.22 + 0.28 * (i // 3))
            elif game.mode == "centre":
                button.size, button.anchor = font(34), (0.5, 0.5)
            else:
                button.size, button.anchor = font(36 if colour_mode else 58), (0.5, 0.5)
        for i, button in enumerate(self.mini_digit_buttons):  # the tools page's digits
            button.swatch = palette.cell_colours[i] if colour_mode else None
            button.dim = not colour_mode and left[i + 1] == 0
            button.colour = digit_colour
        self.edit_buttons[1].enabled = bool(game.undo_stack)
        self.edit_buttons[2].enabled = bool(game.redo_stack)

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        for button in self.buttons:
            if button.hit(pos):
                return button
        return None

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface, theme: th.Theme, game: Game, paused: bool = False) -> None:
        for button in self.buttons:
            action = button.action
            active = (
                (isinstance(action, act.SetMode) and action.mode == game.mode)
                or (isinstance(action, act.FlipPage) and self.page == "tools")
                or (isinstance(action, act.ToggleEntropy) and self.entropy_on)
                or (isinstance(action, act.FilterDigit) and action.digit == self.filter_digit)
                or (isinstance(action, act.TogglePause) and paused)
            )
            button.draw(surface, theme, focused=button is self.hover, active=active)
        if self.page == "tools":
            (left, middle), size = self.filter_caption
            caption = theme.text("Filter", size, theme.palette.filter)
            surface.blit(caption, caption.get_rect(midleft=(left, middle)))
