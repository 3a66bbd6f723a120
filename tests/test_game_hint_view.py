"""What the staged hint shows: stage 1 names the technique and its region, stage 2 draws the
step on the board (chains as arrows, grouped nodes outlined, groups in their own colours, fins
apart, eliminations red, the pattern green). Steps are built by hand here, so these tests do not
depend on the solver's finders; the hint's stages and search are in tests/test_game_hints.py."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import theme as th
from game.focus import houses_text, region_of
from game.hint_view import GROUP_TINT, LINK, group_colour
from game.hints import Hint
from solver.step import Step
from tests.gameplay import R5C5, X_CHAIN, colour_at, disc_pixels, is_disc, show
from tests.positions import cell

# Two Almost Locked Sets (cells of rows 4 and 6) and a finned X-Wing, both on an empty board.
ALS_A = ((cell("r4c2"), 1), (cell("r4c2"), 5), (cell("r4c3"), 5), (cell("r4c3"), 7))
ALS_B = ((cell("r6c5"), 1), (cell("r6c5"), 7), (cell("r6c6"), 1))
ALS_STEP = Step(
    "ALS-XZ",
    eliminations=((cell("r4c5"), 1),),
    groups=(ALS_A, ALS_B),
    text="Two Almost Locked Sets joined by 7 remove 1 from r4c5.",
)
FINNED = Step(
    "Finned X-Wing",
    eliminations=((cell("r3c2"), 9),),
    pattern=((cell("r1c2"), 9), (cell("r1c6"), 9), (cell("r5c2"), 9), (cell("r5c6"), 9)),
    fins=((cell("r1c3"), 9),),
    houses=(0, 4, 10, 14),
    text="A finned X-Wing on 9.",
)


# --- stage 1: the name and the region ------------------------------------------------------------


def test_stage_one_names_one_place_for_a_step_without_houses():
    assert region_of(X_CHAIN) == ()  # no house: the chain's start cell is outlined instead
    hint = Hint("step", 1, X_CHAIN)
    assert hint.title == "X-Chain" and hint.message == "Look at the 4 in r1c2 and follow the chain from there."
    assert region_of(FINNED) == (0, 4)  # a fish: its base rows
    assert houses_text((0, 4, 10, 14)) == "rows 1 and 5, columns 2 and 6"
    assert Hint("step", 2, X_CHAIN).message == X_CHAIN.text


# --- stage 2 on the board ---------------------------------------------------------------------------------


def along(points, step: float = 2.0):
    """Points every ``step`` pixels along a polyline."""
    out = []
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        count = max(1, int(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 / step))
        out += [(ax + (bx - ax) * k / count, ay + (by - ay) * k / count) for k in range(count)]
    return out


def test_a_strong_link_is_a_solid_arrow_between_its_candidates(app, screen):
    scene = show(app, X_CHAIN)
    painter = scene.board.painter
    points, strong = painter.paths[0]
    assert strong
    a, b = painter.spot(cell("r1c2"), 4), painter.spot(cell("r1c8"), 4)
    ring = painter.radius + 2
    assert abs(((points[0][0] - a[0]) ** 2 + (points[0][1] - a[1]) ** 2) ** 0.5 - ring) < 1  # leaves a's ring
    assert abs(((points[-1][0] - b[0]) ** 2 + (points[-1][1] - b[1]) ** 2) ** 0.5 - ring) < 1  # meets b's
    body = along(points)[3:-12]  # between the candidates, short of the arrowhead
    assert [colour_at(screen, p) for p in body].count(LINK) == len(body)  # solid all the way
    middle = pygame.Rect(int(a[0]) + 30, int(a[1]) - 40, int(b[0] - a[0]) - 60, 80)
    assert (
        sum(
            1
            for x in range(middle.left, middle.right, 2)
            for y in range(middle.top, middle.bottom)
            if colour_at(screen, (x, y)) == LINK
        )
        > middle.w
    )  # drawn in the space between them


def test_a_weak_link_is_dashed(app, screen):
    scene = show(app, X_CHAIN)
    points, strong = scene.board.painter.paths[1]
    assert not strong
    body = along(points)[3:-12]
    on = sum(1 for p in body if colour_at(screen, p) == LINK)
    assert 0.3 * len(body) < on < 0.8 * len(body)


def test_stage_two_marks_eliminations_red_and_the_pattern_green(app, screen):
    scene = show(app, X_CHAIN)
    board = scene.board
    assert is_disc(screen, board, cell("r2c3"), 4, th.STANDARD.conflict)
    assert is_disc(screen, board, cell("r8c3"), 4, th.STANDARD.good)
    assert disc_pixels(screen, board, cell("r8c3"), 5, th.STANDARD.good) == 0  # a plain candidate, no disc


def test_stage_one_shows_the_region_but_not_the_pattern(app, screen):
    scene = show(app, X_CHAIN, stage=1)
    board = scene.board
    assert board.painter.paths == []
    rect = board.cell_rect(cell("r2c3"))
    assert (
        sum(
            1
            for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)
            if colour_at(screen, (x, y)) == th.STANDARD.conflict
        )
        == 0
    )
    assert colour_at(screen, (rect.x + 24, rect.y + 24)) == th.STANDARD.board_bg  # only the start is marked
    middle = board.cell_rect(R5C5)
    assert colour_at(screen, (middle.x + 24, middle.y + 24)) == th.STANDARD.board_bg


def test_a_grouped_node_is_outlined_around_its_candidates(app, screen):
    grouped = Step(
        "Grouped X-Chain",
        eliminations=((cell("r5c1"), 4),),
        links=(
            (((cell("r1c1"),), 4), ((cell("r1c4"), cell("r1c5"), cell("r1c6")), 4), True),
            (((cell("r1c4"), cell("r1c5"), cell("r1c6")), 4), ((cell("r5c5"),), 4), False),
        ),
    )
    scene = show(app, grouped)
    painter = scene.board.painter
    left, right = painter.spot(cell("r1c4"), 4), painter.spot(cell("r1c6"), 4)
    top = left[1] - painter.radius - 3
    outline = [colour_at(screen, (x, top)) for x in range(int(left[0]), int(right[0]))]
    assert outline.count(LINK) > 0.8 * len(outline)
    first, _second = painter.paths
    assert first[0][-1][0] == pytest.approx(left[0] - painter.radius - 3, abs=1)  # meets the outline


def test_each_group_has_its_own_colour(app, screen):
    scene = show(app, ALS_STEP)
    board = scene.board
    for index, group in enumerate((ALS_A, ALS_B)):
        for c, digit in group:
            assert is_disc(screen, board, c, digit, group_colour(index))
    assert group_colour(0) != group_colour(1)
    rect = board.cell_rect(cell("r6c6"))
    assert colour_at(screen, (rect.x + 24, rect.y + 24)) == th.blend(th.STANDARD.board_bg, group_colour(1), GROUP_TINT)
    assert is_disc(screen, board, cell("r4c5"), 1, th.STANDARD.conflict)


def test_fins_are_marked_apart_from_the_pattern(app, screen):
    scene = show(app, FINNED)
    board = scene.board
    assert is_disc(screen, board, cell("r1c3"), 9, th.STANDARD.accent_2)  # a fin: yellow
    assert is_disc(screen, board, cell("r1c2"), 9, th.STANDARD.good)
    assert is_disc(screen, board, cell("r3c2"), 9, th.STANDARD.conflict)
    assert th.STANDARD.accent_2 not in (th.STANDARD.good, th.STANDARD.conflict)


def test_candidates_sit_at_their_spot_in_the_cell(app, screen):
    scene = show(app, FINNED)
    painter = scene.board.painter
    rect = scene.board.cell_rect(cell("r1c3"))
    assert painter.spot(cell("r1c3"), 1) == pytest.approx((rect.x + 12, rect.y + 12))
    assert painter.spot(cell("r1c3"), 9) == pytest.approx((rect.x + 60, rect.y + 60))


def test_a_forcing_chain_with_branches_draws_every_branch(app, screen):
    forcing = Step(
        "Forcing Chain Verity",
        placements=((cell("r9c9"), 3),),
        links=(
            (((cell("r1c1"),), 1), ((cell("r1c1"),), 2), True),
            (((cell("r1c1"),), 2), ((cell("r9c1"),), 2), False),
            (((cell("r1c1"),), 1), ((cell("r1c9"),), 1), False),
        ),
    )
    scene = show(app, forcing)
    paths = scene.board.painter.paths
    assert len(paths) == 3
    inside = paths[0][0]  # a strong link inside one cell bends out beside the candidates
    mid = inside[len(inside) // 2]
    assert colour_at(screen, mid) == LINK and max(abs(p[1] - inside[0][1]) for p in inside) > 6
