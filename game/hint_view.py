"""A hint's 2nd stage drawn on the board: what each candidate is to the step, and the chains.

Glossary:
  spot     where a candidate is drawn: digit d at its 3x3 position inside the cell (1 top left,
           9 bottom right), as the player's keypad and most Sudoku programs place them.
  role     what a candidate is to the step, by precedence: eliminated (red), fin (yellow, apart
           from the pattern), in a group (the group's own colour), pattern or chain node
           (green), a digit the step is about (bright text), other (dim text). Placements are
           big green digits.
  node     a chain's end point (cells, digit): one candidate (a ring), or a grouped node / ALS
           node (an outline around all its candidates when they share a house).
  link     an arrow from node to node: solid for a strong link, dashed for a weak one; it bends
           around the step's marked candidates that a straight line would cross.

Colours after HoDoKu and Sudoku Explainer (green justifies, red is removed); groups (ALS, colour
classes, rectangle corners) each get their own colour from GROUP_COLOURS. Draws with pygame on
the UI thread only; reads the Hint, never changes it. Where the nodes and arrows go is
game.chain_layout's (its curves, dashes and obstacle tests are plain arithmetic in game.polyline).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from typing import cast

import pygame

from game import polyline
from game import theme as th
from game.chain_layout import ChainLayout, Point, Routed
from game.hints import Hint
from game.layout import readable_font
from solver.grid import DIGITS_OF
from solver.step import Link, Node, Step

LINK = (255, 96, 214)  # chain arrows (the theme's magenta, a little lighter)
LINK_SHADOW = (8, 10, 24)  # under each arrow, so it reads over candidates and tints
GROUP_COLOURS = (  # apart from green (pattern), red (removed), yellow (fins), orange (hint edges)
    (64, 200, 255),  # cyan
    (186, 124, 255),  # violet
    (236, 236, 250),  # white
    (90, 128, 255),  # blue
    (255, 140, 60),  # orange
    (255, 130, 170),  # rose
)
GROUP_TINT = 0.2  # how much of a group's colour shows in its cells' fill
DASH, GAP = 8, 6  # a weak link's dash and gap, pixels
ARROW_LEN, ARROW_HALF = 12, 6  # arrowhead length and half width, pixels
LINE_W = 3


LINK_WALKED = (150, 70, 132)  # links already walked past when a chain is walked link by link


def walked_links(links: Sequence[Link], current: int) -> set[int]:
    """The indices of ``links`` shown while walking to link ``current``: that link and the
    links before it in its own chain (a net's other branches are left out)."""
    start = current
    while start > 0 and links[start - 1][1] == links[start][0]:
        start -= 1
    return set(range(start, current + 1))


def group_colour(index: int) -> tuple[int, int, int]:
    return GROUP_COLOURS[index % len(GROUP_COLOURS)]


def _ink_on(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark digits on a bright disc, white on a dark one."""
    luma = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
    return (16, 20, 36) if luma > 120 else (255, 255, 255)


def step_roles(step: Step, palette: th.Palette) -> dict[tuple[int, int], tuple[int, int, int]]:
    """(cell, digit) -> colour for every candidate ``step`` marks: the pattern and chain nodes in
    ``palette.good``, groups in GROUP_COLOURS, fins in ``accent_2``, eliminations in
    ``conflict`` (later roles win)."""
    colours: dict[tuple[int, int], tuple[int, int, int]] = {}
    for candidate in step.pattern:
        colours[candidate] = palette.good
    for start, end, _ in step.links:  # chain nodes justify the step too
        for cells, digit in (start, end):
            for cell in cells:
                colours[(cell, digit)] = palette.good
    for index, group in enumerate(step.groups):
        for candidate in group:
            colours[candidate] = group_colour(index)
    for candidate in step.fins:
        colours[candidate] = palette.accent_2
    for candidate in step.eliminations:
        colours[candidate] = palette.conflict
    return colours


class HintPainter:
    """Draws a step's candidates, group tints and chain arrows for a board of ``cell``-pixel
    cells; ``cell_rect(cell)`` is the board's geometry. ``paths`` keeps the arrows of the last
    ``draw_links`` as (points, strong) pairs, for tests and for anyone checking the drawing."""

    def __init__(self, theme: th.Theme, cell_rect: Callable[[int], pygame.Rect], cell: int) -> None:
        self.theme = theme
        self.cell_rect = cell_rect
        self.cell = cell
        self.cand_size = max(readable_font(cell / 72), int(cell * 0.29))  # readable in the smallest window
        self.radius = int(cell / 3 * 0.46)
        self.layout = ChainLayout(cell_rect, cell, self.radius)
        self.paths: list[tuple[list[tuple[float, float]], bool]] = []
        # (hint, values, (nodes, arrows)) of the last routing
        self._routed: tuple[Hint, tuple[int, ...], Routed] | None = None

    # --- geometry ------------------------------------------------------------------------------

    def spot(self, cell: int, digit: int) -> tuple[float, float]:
        """The centre of ``digit``'s 3x3 position inside ``cell``, in pixels."""
        return self.layout.spot(cell, digit)

    # --- roles ---------------------------------------------------------------------------------

    @staticmethod
    def group_cells(hint: Hint) -> dict[int, int]:
        """cell -> index of the (first) group whose candidates lie in it."""
        cells: dict[int, int] = {}
        if hint.step is not None:
            for index, group in enumerate(hint.step.groups):
                for cell, _ in group:
                    cells.setdefault(cell, index)
        return cells

    def roles(self, hint: Hint) -> dict[tuple[int, int], tuple[int, int, int]]:
        """(cell, digit) -> disc colour for every candidate the step marks (the pattern and
        chain nodes in the theme's good colour, fins in its accent_2, eliminations in its
        conflict colour, groups in GROUP_COLOURS)."""
        return {} if hint.step is None else step_roles(hint.step, self.theme.palette)

    # --- candidates --------------------------------------------------------------------------

    def draw_candidates(
        self,
        surface: pygame.Surface,
        cell: int,
        hint: Hint,
        roles: dict[tuple[int, int], tuple[int, int, int]],
        bright_fill: bool,
        dark_ink: tuple[int, int, int],
    ) -> None:
        """The cell's candidates at their spots, each in its role's colour; a placement as a
        big green digit instead."""
        step = cast(Step, hint.step)  # drawn for a "step" hint only (game.board); no check per frame
        palette = self.theme.palette
        rect = self.cell_rect(cell)
        placed = [d for c, d in step.placements if c == cell]
        if placed:
            glyph = self.theme.text(str(placed[0]), int(self.cell * 0.86), palette.good)
            surface.blit(glyph, glyph.get_rect(center=(rect.centerx, rect.centery + 2)))
            return
        mask = hint.candidates[cell] if hint.candidates else 0
        digits = set(DIGITS_OF[mask]) | {d for (c, d) in roles if c == cell}
        focus = step.digits
        for digit in sorted(digits):
            centre = self.spot(cell, digit)
            fill = roles.get((cell, digit))
            if fill is not None:
                pygame.draw.circle(surface, fill, centre, self.radius)
                colour = _ink_on(fill)
            else:
                colour = palette.text if digit in focus else palette.text_dim
                if bright_fill:
                    colour = dark_ink
            glyph = self.theme.text(str(digit), self.cand_size, colour)
            surface.blit(glyph, glyph.get_rect(center=(centre[0], centre[1] + 1)))

    def draw_group_edges(self, surface: pygame.Surface, hint: Hint) -> None:
        """A thin inner outline in each group's colour around its cells (nested when a cell is
        in several groups)."""
        if hint.step is None:
            return
        depth: dict[int, int] = {}
        for index, group in enumerate(hint.step.groups):
            for cell in sorted({c for c, _ in group}):
                inset = 3 + 3 * depth.get(cell, 0)
                depth[cell] = depth.get(cell, 0) + 1
                rect = self.cell_rect(cell).inflate(-2 * inset, -2 * inset)
                pygame.draw.rect(surface, group_colour(index), rect, 2, border_radius=5)

    # --- chains ----------------------------------------------------------------------------------

    def draw_links(
        self,
        surface: pygame.Surface,
        hint: Hint,
        roles: dict[tuple[int, int], tuple[int, int, int]],
        shown: AbstractSet[int] = frozenset(),
        values: tuple[int, ...] = (),
    ) -> None:
        """Every chain of the step: node outlines, then arrows (shadow first, then colour).
        ``shown`` are the cells whose candidates are drawn and ``values`` the board's digits:
        arrows bend around marked candidates first, then around plain ones and digits. The
        routes are worked out once per hint and position (they cost more than a frame)."""
        step = hint.step
        if step is None or not step.links:
            self.paths = []
            return
        if self._routed is None or self._routed[0] is not hint or self._routed[1] is not values:
            self._routed = (hint, values, self.layout.route(step, hint.candidates, roles, shown, values))
        nodes, arrows = self._routed[2]
        colours = [LINK] * len(arrows)
        if hint.link:  # walking: the current link's branch up to it, earlier links dimmer
            shown = walked_links(step.links, hint.link - 1)
            keep = [i for i, arrow in enumerate(arrows) if arrow[2] in shown]
            colours = [LINK if arrows[i][2] == hint.link - 1 else LINK_WALKED for i in keep]
            arrows = [arrows[i] for i in keep]
            ends = {node for i in shown for node in step.links[i][:2]}
            nodes = [node for node in nodes if node in ends]
        for node in nodes:
            self._draw_node(surface, node)
        for points, strong, _ in arrows:
            self._draw_arrow(surface, points, strong, LINK_SHADOW, LINE_W + 3)
        for (points, strong, _), colour in zip(arrows, colours):
            self._draw_arrow(surface, points, strong, colour, LINE_W)
        self.paths = [(points, strong) for points, strong, _ in arrows]

    def _draw_node(self, surface: pygame.Surface, node: Node) -> None:
        shape = self.layout.node_shape(node)
        if shape[0] == "rect":
            pygame.draw.rect(surface, LINK_SHADOW, shape[1].inflate(2, 2), 4, border_radius=8)
            pygame.draw.rect(surface, LINK, shape[1], 2, border_radius=8)
        elif shape[0] == "cells":
            for centre in shape[1]:
                pygame.draw.circle(surface, LINK, centre, self.radius + 3, 2)

    def _draw_arrow(
        self, surface: pygame.Surface, points: Sequence[Point], strong: bool, colour: tuple[int, int, int], width: int
    ) -> None:
        """A polyline (solid, or dashed when ``strong`` is False) with a head at its end."""
        tip = points[-1]
        back = polyline.point_back(points, ARROW_LEN)
        total = polyline.length(points)
        head = min(ARROW_LEN, total * 0.5)
        if total > 1:
            body = polyline.trim_end(points, head * 0.8)
            if strong:
                pygame.draw.lines(surface, colour, False, body, width)
            else:
                for dash in polyline.dashes(body, DASH, GAP):
                    pygame.draw.lines(surface, colour, False, dash, width)
        dx, dy = tip[0] - back[0], tip[1] - back[1]
        norm = math.hypot(dx, dy) or 1.0
        ux, uy = dx / norm, dy / norm
        half = ARROW_HALF * head / ARROW_LEN + (width - LINE_W) / 2
        base = (tip[0] - ux * head, tip[1] - uy * head)
        grow = (width - LINE_W) / 2
        tip_out = (tip[0] + ux * grow, tip[1] + uy * grow)
        pygame.draw.polygon(
            surface,
            colour,
            [tip_out, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)],
        )
