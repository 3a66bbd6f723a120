"""Colour mode's cell colours and the corner marks, as a player sees them (issue 14 item 11):
each colour stands out from the board (WCAG's 3:1 for what is not text) in every palette, none
looks like the selection, and no corner mark sits under the selection's frame."""

from __future__ import annotations

import math

import pygame
import pytest

from game import theme as th
from game.board import CORNER_SLOTS
from tests.gameplay import R5C5, play


def luminance(colour) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("name", th.PALETTE_NAMES)
def test_each_cell_colour_stands_out_and_none_looks_like_the_selection(name):
    palette = th.PALETTES[name]
    for index, colour in enumerate(palette.cell_colours):
        fill = th.blend(palette.board_bg, colour, th.CELL_COLOUR_ALPHA)
        assert contrast(fill, palette.board_bg) >= 3.0, (
            f"{name}: {th.COLOUR_NAMES[index]} {contrast(fill, palette.board_bg):.2f}"
        )
        assert math.dist(fill, palette.selected) >= 50, f"{name}: {th.COLOUR_NAMES[index]} looks like the selection"


@pytest.mark.parametrize("size", [(800, 600), (1200, 800), (1920, 1080)])
def test_no_corner_mark_sits_under_the_selection_frame(app, size):
    app.resize(pygame.Surface(size))
    scene = play(app)
    board = scene.board
    rect = board.cell_rect(R5C5)
    inset = width = board._px(4)
    frame = rect.inflate(-2 * inset, -2 * inset)
    inner = frame.inflate(-2 * width, -2 * width)  # inside the frame's band
    for x, y in CORNER_SLOTS:
        glyph = board.theme.text("8", board.mark_size, th.STANDARD.mark)
        ink = glyph.get_bounding_rect().move(glyph.get_rect(center=(rect.x + x * rect.w, rect.y + y * rect.h)).topleft)
        assert inner.contains(ink), f"a mark at {(x, y)} reaches the frame at {size}"
