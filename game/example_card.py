"""A technique's example drawn small beside the practice list: one step on a schematic board.

Beside the list a board is 160-250 px wide, too small for nine candidates a cell at a readable
size, so the card draws only what the step is about, in the colours of the hint's second stage
(``game.hint_view.step_roles``): each cell the step marks is tinted by its strongest role
(eliminated, fin, group, pattern), and shows the step's digits there in those colours when they
fit on one line at a readable size, else as coloured dots at the digits' places in the cell (1
top left, 9 bottom right); a placement is a big digit; the digits already in the grid are dim;
chain links are lines between the cells' centres (thick strong, thin weak), under the digits. Draws with pygame
on the UI thread; reads the step, never changes it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import theme as th
from game.hint_view import step_roles
from solver.step import Step

TINT = 0.28  # how much of a role's colour shows in its cell's fill


def _box_lines(surface: pygame.Surface, rect: pygame.Rect, cell: float, palette: th.Palette) -> None:
    for i in range(10):
        colour = palette.grid_box if i % 3 == 0 else palette.grid_thin
        width = 2 if i % 3 == 0 else 1
        x = round(rect.x + i * cell)
        y = round(rect.y + i * cell)
        pygame.draw.line(surface, colour, (x, rect.y), (x, rect.bottom), width)
        pygame.draw.line(surface, colour, (rect.x, y), (rect.right, y), width)


def cell_rect(board: pygame.Rect, cell: int) -> pygame.Rect:
    """The pixel rectangle of ``cell`` (0..80) on a card board drawn in ``board``."""
    size = board.w / 9
    x, y = board.x + (cell % 9) * size, board.y + (cell // 9) * size
    return pygame.Rect(round(x), round(y), round(x + size) - round(x), round(y + size) - round(y))


def draw_example(
    surface: pygame.Surface, theme: th.Theme, board: pygame.Rect, values: Sequence[int], step: Step, floor: int
) -> dict[int, str]:
    """Draw ``step`` on the position ``values`` (81 ints, 0 = empty) as a schematic board filling
    the square ``board``; ``floor`` is the least font size (``game.layout.readable_font``).
    Returns how each marked cell was drawn, cell -> "digits" or "dots" (for tests)."""
    palette = theme.palette
    size = board.w / 9
    pygame.draw.rect(surface, palette.board_bg, board)
    roles = step_roles(step, palette)
    placed = dict(step.placements)
    by_cell: dict[int, list[tuple[int, tuple[int, int, int]]]] = {}
    for (cell, digit), colour in sorted(roles.items()):
        by_cell.setdefault(cell, []).append((digit, colour))
    order = (palette.conflict, palette.accent_2, palette.good)  # the strongest role tints the cell
    for cell, marks in by_cell.items():
        colours = [colour for _, colour in marks]
        tint = next((c for c in order if c in colours), colours[0])
        pygame.draw.rect(surface, th.blend(palette.board_bg, tint, TINT), cell_rect(board, cell))
    for cell in placed:
        pygame.draw.rect(surface, th.blend(palette.board_bg, palette.good, TINT), cell_rect(board, cell))
    _box_lines(surface, board, size, palette)
    _draw_links(surface, board, step, palette)  # under the digits, which stay readable
    digit_size = max(floor, round(size * 0.62))
    dim = th.blend(palette.board_bg, palette.text_dim, 0.55)
    for cell, value in enumerate(values):
        if value and cell not in placed:
            glyph = theme.text(str(value), digit_size, dim)
            surface.blit(glyph, glyph.get_rect(center=cell_rect(board, cell).center))
    for cell, digit in placed.items():
        glyph = theme.text(str(digit), digit_size, palette.good)
        surface.blit(glyph, glyph.get_rect(center=cell_rect(board, cell).center))
    drawn: dict[int, str] = {}
    for cell, marks in by_cell.items():
        if cell in placed or values[cell]:
            continue
        drawn[cell] = _draw_marks(surface, theme, cell_rect(board, cell), marks, floor)
    return drawn


def _draw_marks(
    surface: pygame.Surface,
    theme: th.Theme,
    rect: pygame.Rect,
    marks: list[tuple[int, tuple[int, int, int]]],
    floor: int,
) -> str:
    """A cell's marked digits on one line when they fit at ``floor`` or more, else dots."""
    font_size = max(floor, round(rect.h * (0.62 if len(marks) == 1 else 0.5)))
    glyphs = [theme.text(str(digit), font_size, colour) for digit, colour in marks]
    width = sum(g.get_width() for g in glyphs)
    if width <= rect.w - 2 and max(g.get_height() for g in glyphs) <= rect.h + 2:
        x = rect.centerx - width / 2
        for glyph in glyphs:
            surface.blit(glyph, glyph.get_rect(midleft=(round(x), rect.centery)))
            x += glyph.get_width()
        return "digits"
    radius = max(2, round(rect.w / 9))
    for digit, colour in marks:
        spot = (
            round(rect.x + ((digit - 1) % 3 + 0.5) * rect.w / 3),
            round(rect.y + ((digit - 1) // 3 + 0.5) * rect.h / 3),
        )
        pygame.draw.circle(surface, colour, spot, radius)
    return "dots"


def _draw_links(surface: pygame.Surface, board: pygame.Rect, step: Step, palette: th.Palette) -> None:
    """Each chain link as a line between the centres of its nodes' cells (the first cell of a
    group), solid and thick for a strong link, thin for a weak one."""
    for (start_cells, _), (end_cells, _), strong in step.links:
        start = cell_rect(board, start_cells[0]).center
        end = cell_rect(board, end_cells[0]).center
        if start != end:
            pygame.draw.line(surface, palette.accent, start, end, 3 if strong else 1)
