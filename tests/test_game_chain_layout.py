"""Where a chain is drawn (game.chain_layout), as plain geometry: no window, no surface."""

from __future__ import annotations

import math

import pygame

from game import polyline
from game.chain_layout import ChainLayout
from solver.step import Step

CELL = 72
RADIUS = 11


def cell_rect(cell: int) -> pygame.Rect:
    return pygame.Rect(cell % 9 * CELL, cell // 9 * CELL, CELL, CELL)


def layout() -> ChainLayout:
    return ChainLayout(cell_rect, CELL, RADIUS)


def chain(*links) -> Step:
    return Step("X-Chain", links=tuple(links))


def test_a_candidate_sits_in_its_third_of_the_cell():
    assert layout().spot(0, 1) == (12, 12)
    assert layout().spot(0, 9) == (60, 60)
    assert layout().spot(10, 6) == (72 + 60, 72 + 36)  # r2c2, right middle


def test_a_node_is_a_ring_an_outline_around_one_house_or_rings_apart():
    assert layout().node_shape(((0,), 5)) == ("circle", (36.0, 36.0), RADIUS + 2)
    kind, rect = layout().node_shape(((0, 2), 5))  # r1c1 and r1c3 share row 1
    assert kind == "rect" and rect.collidepoint(36, 36) and rect.collidepoint(2 * CELL + 36, 36)
    assert layout().node_shape(((0, 40), 5)) == ("cells", [(36.0, 36.0), (4 * CELL + 36.0, 4 * CELL + 36.0)])


def test_a_clear_link_is_a_straight_arrow_from_ring_to_ring():
    start, end = ((0,), 5), ((4,), 5)  # r1c1 to r1c5, digit 5: nothing between them
    nodes, arrows = layout().route(chain((start, end, True)), (), {(0, 5), (4, 5)}, set(), ())
    assert nodes == [start, end]
    [(points, strong, index)] = arrows
    assert strong and index == 0 and len(points) == 2
    assert math.dist(points[0], (36, 36)) == RADIUS + 2
    assert math.dist(points[1], (4 * CELL + 36, 36)) == RADIUS + 2


def test_an_arrow_bends_around_a_marked_candidate_on_its_line():
    start, end, between = ((0,), 5), ((4,), 5), (2, 5)  # r1c3's 5 lies on the straight line
    _, [(points, _, _)] = layout().route(chain((start, end, False)), (), {(0, 5), (4, 5), between}, set(), ())
    assert len(points) > 2
    assert not polyline.hits([layout().spot(*between)], points, RADIUS + 1)


def test_a_node_without_cells_has_no_arrow():
    _, arrows = layout().route(chain((((), 5), ((4,), 5), True)), (), set(), set(), ())
    assert arrows == []
