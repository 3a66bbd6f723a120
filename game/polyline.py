"""Polylines in pixels, for the hint's chain arrows: a quadratic curve as points, points along
a line, its length, its end trimmed, its dashes, and what lies near it.

A polyline is a list of (x, y) points, at least two; distances are pixels. Plain arithmetic
(no pygame): game.chain_layout routes the arrows with these, game.hint_view draws them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Point = tuple[float, float]


def bezier(p0: Point, p1: Point, p2: Point, steps: int = 20) -> list[tuple[float, float]]:
    """The quadratic curve from ``p0`` to ``p2`` pulled toward ``p1``, as ``steps + 1`` points."""
    points: list[tuple[float, float]] = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        points.append(
            (u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1])
        )
    return points


def samples(points: Sequence[Point], spacing: float) -> list[tuple[float, float]]:
    """Points every ``spacing`` pixels along a polyline (its ends included)."""
    out = [points[0]]
    for i in range(len(points) - 1):
        a, b = points[i], points[i + 1]
        count = max(1, int(math.dist(a, b) // spacing))
        out += [(a[0] + (b[0] - a[0]) * k / count, a[1] + (b[1] - a[1]) * k / count) for k in range(1, count + 1)]
    return out


def length(points: Sequence[Point]) -> float:
    """The polyline's length in pixels."""
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def point_back(points: Sequence[Point], distance: float) -> tuple[float, float]:
    """The point ``distance`` pixels before the polyline's end (its start if shorter)."""
    left = distance
    for i in range(len(points) - 1, 0, -1):
        step = math.dist(points[i], points[i - 1])
        if step >= left and step > 0:
            t = left / step
            return (
                points[i][0] + (points[i - 1][0] - points[i][0]) * t,
                points[i][1] + (points[i - 1][1] - points[i][1]) * t,
            )
        left -= step
    return points[0]


def trim_end(points: Sequence[Point], distance: float) -> list[tuple[float, float]]:
    """The polyline without its last ``distance`` pixels (at least two points)."""
    cut = point_back(points, distance)
    left = distance
    kept = list(points)
    while len(kept) > 2 and math.dist(kept[-1], kept[-2]) <= left:
        left -= math.dist(kept[-1], kept[-2])
        kept.pop()
    kept[-1] = cut
    return kept


def dashes(points: Sequence[Point], dash: float, gap: float) -> list[list[tuple[float, float]]]:
    """Cut a polyline into dashes of ``dash`` pixels separated by ``gap`` pixels."""
    dashes: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = [points[0]]
    on, left = True, dash
    for i in range(len(points) - 1):
        a, b = points[i], points[i + 1]
        seg = math.dist(a, b)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg if seg else 0.0
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if on:
                current.append(p)
                dashes.append(current)
            else:
                current = [p]
            on = not on
            left = dash if on else gap
        left -= seg - pos
        if on:
            current.append(b)
    if on and len(current) > 1:
        dashes.append(current)
    return [d for d in dashes if len(d) > 1]


def hits(obstacles: Iterable[Point], points: Sequence[Point], distance: float) -> int:
    """How many of ``obstacles`` lie within ``distance`` pixels of the polyline."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    left, right = min(xs) - distance, max(xs) + distance
    top, bottom = min(ys) - distance, max(ys) + distance
    return sum(
        1 for p in obstacles if left <= p[0] <= right and top <= p[1] <= bottom and near_polyline(p, points, distance)
    )


def near_polyline(p: Point, points: Sequence[Point], distance: float) -> bool:
    """True when ``p`` lies within ``distance`` pixels of the polyline."""
    for i in range(len(points) - 1):
        (ax, ay), (bx, by) = points[i], points[i + 1]
        dx, dy = bx - ax, by - ay
        seg2 = dx * dx + dy * dy
        t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / seg2))
        if math.dist(p, (ax + dx * t, ay + dy * t)) < distance:
            return True
    return False
