"""The generating screen's field: the grid the generator is working on, and the replay of how
the accepted puzzle was made (game.replay), drawn into a square of 9 x 9 cells.

While the worker searches, the field shows the grid of its last status: the filled grid while
digging, the dug puzzle while checking, each open cell with how many digits it could still hold.
During the replay it shows the digits placed so far and the entropy of each open cell, with
fading flashes for collapses (cyan), contradictions (red), undone and dug digits.
"""

from __future__ import annotations

import math

import pygame

from game import theme as th
from game.layout import readable_font
from game.made import MakingStatus
from game.replay import CONFLICT_FLASH, Replay, open_counts
from solver.grid import PEERS

FLASH = 0.35  # seconds a collapse, a restore or a dug cell's fade lasts
FADE_STEPS = 6  # fading digits use this many shades (each shade is one cached text surface)


def entropy_colours(palette: th.Palette) -> tuple[th.RGB, ...]:
    """The colour of each entropy count 0..9 in ``palette``: red at 0, yellow at 1, magenta at 2,
    dimmer above (the field asks 81 times a frame: worked out once per frame)."""
    high = th.blend(palette.board_bg, palette.text, 0.8)
    low = th.blend(palette.board_bg, palette.text_dim, 0.7)
    above = tuple(th.blend(high, low, min(1.0, (entropy - 3) / 6)) for entropy in range(3, 10))
    return (palette.conflict, palette.accent_2, palette.accent, *above)


def cell_rect(field: pygame.Rect, cell: int) -> pygame.Rect:
    """Cell ``cell``'s rect inside the field rect ``field``."""
    row, col = divmod(cell, 9)
    x0, x1 = field.x + col * field.w // 9, field.x + (col + 1) * field.w // 9
    y0, y1 = field.y + row * field.h // 9, field.y + (row + 1) * field.h // 9
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0)


def draw_field(
    surface: pygame.Surface,
    field: pygame.Rect,
    theme: th.Theme,
    scale: float,
    shown: MakingStatus | None,
    replay: Replay | None,
    time: float,
) -> None:
    """The field in the window rect ``field``: the replay's grid when there is a ``replay``,
    else the grid of the worker's last status ``shown``; its lines, and an edge that glows with
    ``time`` (seconds). ``scale``: the layout's, design pixels to window pixels."""
    palette = theme.palette
    pygame.draw.rect(surface, palette.board_bg, field)
    if replay is not None:
        _draw_replay(surface, field, theme, scale, replay)
    else:
        _draw_grid(surface, field, theme, scale, shown)
    for i in range(1, 9):
        colour = palette.grid_box if i % 3 == 0 else palette.grid_thin
        x, y = field.x + i * field.w // 9, field.y + i * field.h // 9
        pygame.draw.line(surface, colour, (x, field.y), (x, field.bottom - 1))
        pygame.draw.line(surface, colour, (field.x, y), (field.right - 1, y))
    glow = 0.6 + 0.4 * math.sin(time * 4)
    edge = max(2, field.w // 150)
    pygame.draw.rect(
        surface,
        th.blend(palette.bg_top, palette.accent_3, glow),
        field.inflate(2 * edge, 2 * edge),
        edge,
        border_radius=edge + 1,
    )


def _draw_grid(
    surface: pygame.Surface, field: pygame.Rect, theme: th.Theme, scale: float, shown: MakingStatus | None
) -> None:
    """The grid the worker last told of (``shown``): its digits, and in each open cell how
    many digits it could still hold (every cell 9 before the first grid is told of)."""
    values = list(shown.values) if shown is not None and shown.values else [0] * 81
    least = readable_font(scale)
    small, large = max(least, field.w // 21), max(least, field.w // 14)
    counts = open_counts(values)
    palette = theme.palette
    entropy_ink = entropy_colours(palette)
    colour = palette.given if shown is not None and shown.stage == "checking" else palette.entry
    for cell in range(81):
        box = cell_rect(field, cell)
        if values[cell]:
            glyph = theme.text(str(values[cell]), large, colour)
        else:
            glyph = theme.text(str(counts[cell]), small, entropy_ink[counts[cell]])
        surface.blit(glyph, glyph.get_rect(center=box.center))


def _draw_replay(surface: pygame.Surface, field: pygame.Rect, theme: th.Theme, scale: float, replay: Replay) -> None:
    """The replay's grid: digits placed so far, entropy counts in open cells, and fading
    flashes for collapses (cyan), contradictions (red), undone and dug digits."""
    palette = theme.palette
    entropy_ink = entropy_colours(palette)
    now = replay.clock
    least = readable_font(scale)
    small, large = max(least, field.w // 21), max(least, field.w // 14)
    entropy = replay.entropy()
    focus_age = now - replay.focus_time
    peers = set(PEERS[replay.focus]) if replay.focus >= 0 and focus_age < FLASH and not replay.digging else ()
    for cell in range(81):
        box = cell_rect(field, cell)
        age = now - replay.changed[cell]
        effect = replay.effect[cell]
        fresh = max(0.0, 1.0 - age / FLASH)
        if cell == replay.conflict and now - replay.conflict_time < CONFLICT_FLASH:
            strength = 1.0 - (now - replay.conflict_time) / CONFLICT_FLASH
            pygame.draw.rect(surface, th.blend(palette.board_bg, palette.conflict, 0.8 * strength), box)
        elif fresh and effect in ("collapse", "restore"):
            flash = palette.accent_3 if effect == "collapse" else palette.accent_2
            pygame.draw.rect(surface, th.blend(palette.board_bg, flash, 0.5 * fresh), box)
        elif not replay.values[cell] and not entropy[cell] and not replay.digging:
            pygame.draw.rect(surface, th.blend(palette.board_bg, palette.conflict, 0.5), box)  # no candidate left
        elif cell in peers:
            pygame.draw.rect(surface, palette.peer, box)
        digit = replay.values[cell]
        if digit:
            if effect == "propagate":
                colour = th.blend(palette.entry, palette.accent_3, _shade(fresh))
            else:
                colour = th.blend(palette.given, palette.accent_2, _shade(fresh))
            glyph = theme.text(str(digit), large, colour)
        elif fresh and effect in ("undone", "dig") and replay.ghost[cell]:
            base = palette.conflict if effect == "undone" else palette.given
            glyph = theme.text(str(replay.ghost[cell]), large, th.blend(palette.board_bg, base, _shade(fresh)))
        elif not replay.digging:
            glyph = theme.text(str(entropy[cell]), small, entropy_ink[entropy[cell]])
        else:
            continue
        surface.blit(glyph, glyph.get_rect(center=box.center))


def _shade(fraction: float) -> float:
    """``fraction`` (0..1) rounded to one of FADE_STEPS shades, so fades reuse cached text."""
    return round(fraction * FADE_STEPS) / FADE_STEPS
