"""The play screen's keypad: mode buttons, digits 1-9 (colour swatches in Colour mode), erase,
undo, redo, hint and new puzzle. Buttons carry the same action tuples as the keyboard map."""

from __future__ import annotations

import pygame

from game import theme as th
from game.board import digit_counts
from game.layout import Layout
from game.playstate import MODE_LABELS, MODES
from game.session import Game
from game.widgets import Button

MODE_HINTS = {"normal": "Z", "corner": "X", "centre": "C", "colour": "V"}


class Keypad:
    """Buttons laid out from design pixels (``x``, ``y``, width ``w``) through ``layout``;
    ``sync`` refreshes them from a Game before drawing. ``bottom`` is the window y under the
    last row."""

    def __init__(self, layout: Layout, x: int, y: int, w: int):
        self.layout = layout
        f = layout
        gap = 12
        mode_w = (w - 3 * gap) / 4
        self.mode_buttons = [
            self._button(f.rect(x + i * (mode_w + gap), y, mode_w, 52), MODE_LABELS[m], ("mode", m),
                         size=24, colour=th.ACCENT, hint=MODE_HINTS[m])
            for i, m in enumerate(MODES)
        ]
        y += 52 + 18
        digit_w, digit_h = (w - 2 * gap) / 3, 80
        self.digit_buttons = [
            self._button(f.rect(x + (i % 3) * (digit_w + gap), y + (i // 3) * (digit_h + gap), digit_w, digit_h),
                         str(i + 1), ("digit", i + 1, None), size=58)
            for i in range(9)
        ]
        y += 3 * digit_h + 2 * gap + 18
        third = (w - 2 * gap) / 3
        self.tool_buttons = [
            self._button(f.rect(x, y, third, 54), "Erase", ("clear",), size=26, hint="Del"),
            self._button(f.rect(x + third + gap, y, third, 54), "Undo", ("undo",), size=26, hint="^Z"),
            self._button(f.rect(x + 2 * (third + gap), y, third, 54), "Redo", ("redo",), size=26, hint="^Y"),
        ]
        y += 54 + gap
        half = (w - gap) / 2
        self.tool_buttons += [
            self._button(f.rect(x, y, half, 54), "Hint", ("hint",), size=28, colour=th.ACCENT_2, hint="H"),
            self._button(f.rect(x + half + gap, y, half, 54), "New puzzle", ("new",), size=28,
                         colour=th.ACCENT_2, hint="N"),
        ]
        self.bottom = f.y(y + 54)
        self.buttons = self.mode_buttons + self.digit_buttons + self.tool_buttons
        self.hover: Button | None = None

    def _button(self, rect: pygame.Rect, label: str, action: tuple, size: int, **kw) -> Button:
        return Button(rect, label, action, size=self.layout.font(size), scale=self.layout.scale, **kw)

    def sync(self, game: Game) -> None:
        """Show the current mode, swatches in Colour mode, dim digits placed nine times."""
        counts = digit_counts(game.state.values)
        colour_mode = game.mode == "colour"
        for i, button in enumerate(self.digit_buttons):
            button.swatch = th.CELL_COLOURS[i] if colour_mode else None
            button.dim = not colour_mode and counts[i + 1] >= 9
            button.colour = th.ACCENT if game.mode in ("corner", "centre") else th.ACCENT_3
            # SudokuPad's keypad shows where the mark goes: corner digits at their corner
            # (1 top left ... 9 bottom right), centre digits small in the middle.
            font = self.layout.font
            if game.mode == "corner":
                button.size, button.anchor = font(32), (0.2 + 0.3 * (i % 3), 0.22 + 0.28 * (i // 3))
            elif game.mode == "centre":
                button.size, button.anchor = font(34), (0.5, 0.5)
            else:
                button.size, button.anchor = font(36 if colour_mode else 58), (0.5, 0.5)
        self.tool_buttons[1].enabled = bool(game.undo_stack)
        self.tool_buttons[2].enabled = bool(game.redo_stack)

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        for button in self.buttons:
            if button.hit(pos):
                return button
        return None

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface, theme: th.Theme, game: Game) -> None:
        for button in self.buttons:
            active = button in self.mode_buttons and button.action[1] == game.mode
            button.draw(surface, theme, focused=button is self.hover, active=active)
