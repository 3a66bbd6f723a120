"""Chain arrows routed between the board's candidates: a shortest path on the lattice of lines
that run between candidate spots, when no simple curve finds a clear way.

Glossary:
  third    a cell is 3x3 thirds; candidate d sits in the middle of its third (game.chain_layout's spot).
  lattice  the corners of the thirds: 28x28 points, (i, j) = column i, row j of the board's
           thirds grid, i, j in 0..27. Lattice lines run between candidate spots and along the
           cell borders, so a route on them never crosses a candidate's middle; a diagonal
           step crosses the third it cuts, so it is allowed only through an empty third.
  blocked  thirds a route must not cross: the marked candidates (eliminated, placed, nodes)
           and the middle of every cell holding a digit (the glyph covers its four inner
           lattice points, which are closed).

Plain arithmetic on thirds (no pygame): ``route`` returns lattice points; the caller maps them to
pixels. Dijkstra on at most 784 points with 8 moves each: a few milliseconds per arrow.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterable, Sequence

SIDE = 28  # lattice points per side
DIAGONAL = math.sqrt(2)


def third_of(cell: int, digit: int) -> tuple[int, int]:
    """The (column, row) of candidate ``digit``'s third in the board's 27x27 grid of thirds."""
    return 3 * (cell % 9) + (digit - 1) % 3, 3 * (cell // 9) + (digit - 1) // 3


def closed_points(value_cells: Iterable[int]) -> set[tuple[int, int]]:
    """The lattice points a route may not use: the four inner points of each cell holding a
    digit (its glyph covers them)."""
    closed: set[tuple[int, int]] = set()
    for cell in value_cells:
        x, y = 3 * (cell % 9), 3 * (cell // 9)
        closed.update({(x + 1, y + 1), (x + 2, y + 1), (x + 1, y + 2), (x + 2, y + 2)})
    return closed


def route(
    starts: Iterable[tuple[int, int]],
    ends: Iterable[tuple[int, int]],
    blocked: set[tuple[int, int]],
    closed: set[tuple[int, int]],
    soft: dict[tuple[int, int], float] | None = None,
    used: set[frozenset[tuple[int, int]]] | None = None,
) -> list[tuple[float, float]] | None:
    """The cheapest way from one of the thirds ``starts`` to one of ``ends``, in thirds units:
    the start third's centre, lattice points, the end third's centre; None when there is none.

    ``blocked``: thirds no diagonal may cross (marked candidates, digits' cells); ``closed``:
    lattice points no route may use; ``soft``: extra cost of crossing a third diagonally
    (a plain candidate); ``used``: lattice edges (frozensets of two points) earlier arrows
    took, which cost three times as much. The route leaves a start third by one of its four
    corners and enters an end third the same way.
    """
    soft = soft or {}
    used = used or set()
    goal: dict[tuple[int, int], tuple[int, int]] = {}
    for tx, ty in ends:
        for corner in ((tx, ty), (tx + 1, ty), (tx, ty + 1), (tx + 1, ty + 1)):
            if corner not in closed:
                goal[corner] = (tx, ty)
    best: dict[tuple[int, int], float] = {}
    came: dict[tuple[int, int], tuple[int, int] | None] = {}
    origin: dict[tuple[int, int], tuple[int, int]] = {}
    queue: list[tuple[float, tuple[int, int]]] = []
    for tx, ty in starts:
        for corner in ((tx, ty), (tx + 1, ty), (tx, ty + 1), (tx + 1, ty + 1)):
            if corner not in closed and best.get(corner, math.inf) > DIAGONAL / 2:
                best[corner] = DIAGONAL / 2
                came[corner] = None
                origin[corner] = (tx, ty)
                heapq.heappush(queue, (DIAGONAL / 2, corner))
    while queue:
        cost, point = heapq.heappop(queue)
        if cost > best.get(point, math.inf):
            continue
        if point in goal:
            return _points(point, came, origin[point], goal[point])
        x, y = point
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if not dx and not dy:
                    continue
                nx, ny = x + dx, y + dy
                if not (0 <= nx < SIDE and 0 <= ny < SIDE) or (nx, ny) in closed:
                    continue
                step = 1.0
                if dx and dy:  # crosses the third between the two points
                    third = (min(x, nx), min(y, ny))
                    if third in blocked:
                        continue
                    step = DIAGONAL + soft.get(third, 0.0)
                if frozenset((point, (nx, ny))) in used:
                    step *= 3
                if cost + step < best.get((nx, ny), math.inf):
                    best[(nx, ny)] = cost + step
                    came[(nx, ny)] = point
                    origin[(nx, ny)] = origin[point]
                    heapq.heappush(queue, (cost + step, (nx, ny)))
    return None


def _points(
    last: tuple[int, int],
    came: dict[tuple[int, int], tuple[int, int] | None],
    start_third: tuple[int, int],
    end_third: tuple[int, int],
) -> list[tuple[float, float]]:
    """The route's points in thirds units: start centre, lattice points, end centre; collinear
    points merged."""
    lattice: list[tuple[int, int]] = []
    point: tuple[int, int] | None = last
    while point is not None:
        lattice.append(point)
        point = came[point]
    lattice.reverse()
    points = [(start_third[0] + 0.5, start_third[1] + 0.5)] + [(float(x), float(y)) for x, y in lattice]
    points.append((end_third[0] + 0.5, end_third[1] + 0.5))
    merged = [points[0]]
    for i in range(1, len(points) - 1):
        (ax, ay), (bx, by), (cx, cy) = merged[-1], points[i], points[i + 1]
        if abs((bx - ax) * (cy - by) - (by - ay) * (cx - bx)) > 1e-9:
            merged.append(points[i])
    merged.append(points[-1])
    return merged


def edges_of(points: Sequence[tuple[float, float]]) -> set[frozenset[tuple[int, int]]]:
    """The lattice edges (unit steps) a route's inner points walk along, for ``route(used=...)``."""
    lattice = [(round(x), round(y)) for x, y in points[1:-1]]
    edges: set[frozenset[tuple[int, int]]] = set()
    for (ax, ay), (bx, by) in itertools.pairwise(lattice):
        steps = max(abs(bx - ax), abs(by - ay))
        for k in range(steps):
            p = (ax + (bx - ax) * k // steps, ay + (by - ay) * k // steps)
            q = (ax + (bx - ax) * (k + 1) // steps, ay + (by - ay) * (k + 1) // steps)
            edges.add(frozenset((p, q)))
    return edges
