"""Where a step's chain goes on the board: its nodes' outlines and its arrows' routes.

The geometry of game.hint_view's arrows, apart from their painting: a link's arrow is a
straight line, or a curve bent by whole fractions of a cell to miss what the line would
cross, or, when no curve is clear, a path on the lattice between candidates (game.routing).
Plain arithmetic on pixel points (``pygame.Rect`` is used as a rectangle only; nothing is
drawn), from the board's ``cell_rect``; the curves, dashes and obstacle tests are
game.polyline's.

Glossary (as game.hint_view's): a spot is where a candidate is drawn, a node a chain's end
point (cells, digit), a link an arrow from node to node.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from collections.abc import Set as AbstractSet
from typing import Literal

import pygame

from game import polyline, routing
from solver.grid import DIGITS_OF, HOUSES_OF
from solver.step import Node, Step

Point = tuple[float, float]
Arrow = tuple[list[Point], bool, int]  # (points, strong, the link's index)
Routed = tuple[list[Node], list[Arrow]]  # the nodes to outline and the arrows
# (digit cells, blocked thirds, closed lattice points, soft thirds, used lattice edges): see game.routing
Lattice = tuple[
    set[int], set[tuple[int, int]], set[tuple[int, int]], dict[tuple[int, int], float], set[frozenset[tuple[int, int]]]
]
# a node's outline: ("circle", centre, radius), ("rect", Rect) or ("cells", centres)
Shape = (
    tuple[Literal["circle"], Point, int] | tuple[Literal["rect"], pygame.Rect] | tuple[Literal["cells"], list[Point]]
)
Obstacles = tuple[list[Point], list[Point]]  # (marked candidates, plain candidates and digits)


def _within(rect: pygame.Rect, points: Sequence[tuple[float, float]]) -> bool:
    """True when every point lies in ``rect``, its edges included."""
    return all(rect.left <= x <= rect.right and rect.top <= y <= rect.bottom for x, y in points)


class ChainLayout:
    """The chain geometry of a board of ``cell``-pixel cells: ``cell_rect(cell)`` is the cell's
    rectangle and ``radius`` a candidate disc's radius, in pixels. ``route`` works out one
    step's nodes and arrows; it keeps the lattice edges its arrows take until the next
    ``route``, so that arrows of one step share no lattice line."""

    def __init__(self, cell_rect: Callable[[int], pygame.Rect], cell: int, radius: int) -> None:
        self.cell_rect = cell_rect
        self.cell = cell
        self.radius = radius
        self._lattice: Lattice | None = None  # what game.routing needs while one step's arrows are routed

    def spot(self, cell: int, digit: int) -> tuple[float, float]:
        """The centre of ``digit``'s 3x3 position inside ``cell``, in pixels."""
        rect = self.cell_rect(cell)
        third = rect.w / 3
        return (rect.x + ((digit - 1) % 3 + 0.5) * third, rect.y + ((digit - 1) // 3 + 0.5) * third)

    def board_rect(self) -> pygame.Rect:
        """The 81 cells' rectangle, in pixels."""
        return self.cell_rect(0).union(self.cell_rect(80))

    def route(
        self,
        step: Step,
        candidates: Sequence[int],
        marked: Collection[tuple[int, int]],
        shown: AbstractSet[int],
        values: Sequence[int],
    ) -> Routed:
        """The nodes to outline and the arrows of every link of ``step``, in link order.

        ``candidates`` are the hint's 81 candidate masks (empty: none shown), ``marked`` the
        (cell, digit) candidates the step colours, ``shown`` the cells whose candidates are
        drawn and ``values`` the board's 81 digits (0 = empty; empty: none). Arrows bend around
        marked candidates first, then around plain candidates and digits, and later arrows
        around earlier ones. A link with a node of no cells is left out.
        """
        spots = list(dict.fromkeys(self.spot(*candidate) for candidate in marked))  # nodes included
        plain = [
            self.spot(c, d)
            for c in shown
            if not (values and values[c])
            for d in DIGITS_OF[candidates[c] if candidates else 0]
        ]
        plain += [self.cell_rect(c).center for c in range(len(values)) if values[c]]
        taken = set(spots)
        obstacles = (spots, [p for p in plain if p not in taken])
        digits = {c for c in range(len(values)) if values[c]} | {c for c, _ in step.placements}
        self._lattice = (
            digits,
            {routing.third_of(c, d) for c, d in marked} | {routing.third_of(c, 5) for c in digits},  # 5: middle third
            routing.closed_points(digits),
            {
                routing.third_of(c, d): 0.5
                for c in shown
                if not (values and values[c])
                for d in DIGITS_OF[candidates[c] if candidates else 0]
            },
            set(),  # lattice edges taken by earlier arrows
        )
        nodes: dict[Node, None] = {}
        arrows: list[Arrow] = []
        for index, (start, end, strong) in enumerate(step.links):
            if not start[0] or not end[0]:
                continue  # a node without cells has nowhere to be drawn
            nodes.setdefault(start)
            nodes.setdefault(end)
            points = self._path(start, end, obstacles)
            arrows.append((points, strong, index))
            obstacles[1].extend(polyline.samples(points, self.radius))  # later arrows avoid this one
        return list(nodes), arrows

    def node_shape(self, node: Node) -> Shape:
        """("circle", centre, radius) for one candidate, ("rect", rect) for a node whose
        candidates share a house, ("cells", centres) otherwise."""
        cells, digit = node
        centres = [self.spot(c, digit) for c in cells]
        if len(centres) == 1:
            return ("circle", centres[0], self.radius + 2)
        shared = set(HOUSES_OF[cells[0]]).intersection(*(HOUSES_OF[c] for c in cells[1:]))
        if shared:
            xs, ys = [x for x, _ in centres], [y for _, y in centres]
            pad = self.radius + 3
            rect = pygame.Rect(0, 0, 0, 0)
            rect.update(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
            return ("rect", rect)
        return ("cells", centres)

    def _anchor(self, node: Node, toward: tuple[float, float]) -> tuple[float, float]:
        """Where an arrow leaves or meets ``node``: its outline, on the way to ``toward``."""
        shape = self.node_shape(node)
        if shape[0] == "cells":  # the node's candidate nearest the other end
            centre = min(shape[1], key=lambda p: math.dist(p, toward))
            shape = ("circle", centre, self.radius + 3)
        if shape[0] == "circle":
            (cx, cy), radius = shape[1], shape[2]
            dx, dy = toward[0] - cx, toward[1] - cy
            length = math.hypot(dx, dy) or 1.0
            return (cx + dx / length * radius, cy + dy / length * radius)
        assert shape[0] == "rect"  # a "cells" shape became a "circle" above
        rect = shape[1]
        cx, cy = rect.center
        dx, dy = toward[0] - cx, toward[1] - cy
        scale = max(abs(dx) / (rect.w / 2), abs(dy) / (rect.h / 2), 1e-6)
        if scale < 1:  # the other end lies inside the outline
            return (cx, cy)
        return (cx + dx / scale, cy + dy / scale)

    def _centre(self, node: Node) -> tuple[float, float]:
        shape = self.node_shape(node)
        if shape[0] == "circle":
            return shape[1]
        if shape[0] == "rect":
            return shape[1].center
        xs, ys = [x for x, _ in shape[1]], [y for _, y in shape[1]]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    def _path(self, start: Node, end: Node, obstacles: Obstacles) -> list[tuple[float, float]]:
        """The arrow's points: a straight line, or a quadratic curve bent (by whole fractions
        of a cell) to miss what the line would cross: a marked candidate costs more than a
        plain candidate or a digit, and a bend costs a little. Between spots of one cell it is
        always a small arc beside the candidates."""
        a, b = self._centre(start), self._centre(end)
        length = math.dist(a, b) or 1.0
        normal = (-(b[1] - a[1]) / length, (b[0] - a[0]) / length)
        ends = {self.spot(c, start[1]) for c in start[0]} | {self.spot(c, end[1]) for c in end[0]}
        marked = [p for p in obstacles[0] if p not in ends]
        plain = [p for p in obstacles[1] if min(math.dist(p, a), math.dist(p, b)) > self.radius * 1.8]
        offsets: tuple[float, ...] = (0.0, 0.33, -0.33, 0.66, -0.66, 1.0, -1.0)
        if length < self.cell * 0.6:  # inside one cell: arc toward the cell's nearer edge
            centre = self.cell_rect(start[0][0]).center
            outward = ((a[0] + b[0]) / 2 - centre[0]) * normal[0] + ((a[1] + b[1]) / 2 - centre[1]) * normal[1]
            offsets = (0.6, -0.6) if outward >= 0 else (-0.6, 0.6)
        best: list[Point] | None = None
        best_cost: float | None = None
        board = self.board_rect()
        for offset in offsets:
            bend = offset * self.cell
            control = ((a[0] + b[0]) / 2 + normal[0] * bend, (a[1] + b[1]) / 2 + normal[1] * bend)
            p0 = self._anchor(start, control if bend else b)
            p2 = self._anchor(end, control if bend else a)
            points = polyline.bezier(p0, control, p2) if bend else [p0, p2]
            cost = abs(offset) * 0.6
            cost += 20 * (not _within(board, points))  # off the board
            cost += 10 * polyline.hits(marked, points, self.radius + 1)
            cost += 0.5 * polyline.hits(plain, points, self.radius * 0.7)
            if best_cost is None or cost < best_cost:
                best, best_cost = points, cost
        assert best is not None  # ``offsets`` is never empty
        if length < self.cell * 0.6 or self._clear(best, marked, start, end):
            return best  # (an arc inside one cell stays one)
        return self._lattice_path(start, end) or best

    def _clear(self, points: Sequence[Point], marked: Sequence[Point], start: Node, end: Node) -> bool:
        """True when an arrow stays on the board, misses every marked candidate but its own
        nodes', and keeps off every digit's glyph (given, entry or placement)."""
        if self._lattice is None:
            return True
        if not _within(self.board_rect(), points):
            return False
        if polyline.hits(marked, points, self.radius + 1):
            return False
        digits = self._lattice[0]
        own = set(start[0]) | set(end[0])
        glyphs = [self.cell_rect(c).center for c in digits if c not in own]
        return not polyline.hits(glyphs, points, self.cell * 0.3)

    def _lattice_path(self, start: Node, end: Node) -> list[tuple[float, float]] | None:
        """The arrow's points along the lattice between candidates (game.routing), ending at the
        nodes' outlines; None when the lattice has no way."""
        assert self._lattice is not None  # set by _route, which calls this through _path
        _digits, blocked, closed, soft, used = self._lattice
        starts = [routing.third_of(c, start[1]) for c in start[0]]
        ends = [routing.third_of(c, end[1]) for c in end[0]]
        found = routing.route(starts, ends, blocked - set(starts) - set(ends), closed, soft, used)
        if found is None:
            return None
        used |= routing.edges_of(found)
        origin = self.cell_rect(0).topleft
        third = self.cell / 3
        points = [(origin[0] + x * third, origin[1] + y * third) for x, y in found]
        ring = self.radius + 2  # leave and meet the candidate the route starts and ends at
        for tip, toward in ((0, 1), (-1, -2)):
            (cx, cy), (tx, ty) = points[tip], points[toward]
            length = math.hypot(tx - cx, ty - cy) or 1.0
            points[tip] = (cx + (tx - cx) / length * ring, cy + (ty - cy) / length * ring)
        return points
