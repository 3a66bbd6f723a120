"""The hard end a player can read (issue 13): stage 1 points at one concrete place, stage 2 of a
single shows why, hint text stays readable and scrolls inside its panel, a chain can be walked
link by link, and chain arrows keep to the rules on real Expert and Master hints: on the board,
off every eliminated or placed candidate, off every digit."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pygame
import pytest

from game import theme as th
from game.focus import focus_of
from game.hint_view import LINK_WALKED
from game.hints import Hint, link_sentence, single_reason
from game.info_panel import PanelText
from solver.grid import BIT, HOUSES, PEERS, parse_values
from solver.human import apply_fresh, next_step
from solver.levels import Level
from solver.step import Step
from solver.techniques import technique
from solver.walks import grid_or_none
from tests.gameplay import FRAME, PUZZLE, X_CHAIN, colour_at, key, play, show
from tests.positions import cell
from tests.test_game_hint_every_technique import NAMES, example
from tests.test_game_hint_view import ALS_STEP, FINNED

ROOT = Path(__file__).resolve().parents[1]

# A forcing chain verity in two branches from r1c1 (1 or 2), both proving r3c3<>3.
NET = Step(
    "Forcing Chain Verity",
    eliminations=((cell("r3c3"), 3),),
    links=(
        (((cell("r1c1"),), 1), ((cell("r1c2"),), 1), False),
        (((cell("r1c2"),), 1), ((cell("r1c2"),), 2), True),
        (((cell("r1c2"),), 2), ((cell("r3c3"),), 2), False),
        (((cell("r1c1"),), 2), ((cell("r3c3"),), 2), False),
    ),
    text="Whichever digit r1c1 holds, r3c3 is not 3.",
)


# --- stage 1: one concrete place ------------------------------------------------------------------


def test_stage_one_points_at_the_start_of_a_chain():
    assert Hint("step", 1, X_CHAIN).message == "Look at the 4 in r1c2 and follow the chain from there."
    assert focus_of(X_CHAIN).cells == (cell("r1c2"),) and focus_of(X_CHAIN).houses == ()


def test_stage_one_points_at_a_fishs_base_houses_and_an_als_cells():
    assert Hint("step", 1, FINNED).message == "Look at the 9s in rows 1 and 5."
    assert focus_of(FINNED).houses == (0, 4)
    focus = focus_of(ALS_STEP)
    assert focus.cells == (cell("r4c2"), cell("r4c3")) and focus.text.startswith("Look at r4c2 and r4c3:")


def test_stage_one_points_at_the_cell_a_forcing_chain_starts_from():
    assert focus_of(NET).cells == (cell("r1c1"),)
    assert focus_of(NET).text == "Look at r1c1: try each of its candidates in turn."
    from_house = Step(
        "Forcing Chain Verity",
        eliminations=((cell("r6c3"), 1),),
        links=(
            (((cell("r1c3"),), 1), ((cell("r6c3"),), 1), False),
            (((cell("r1c4"),), 1), ((cell("r6c4"),), 1), False),
        ),
    )
    focus = focus_of(from_house)
    assert focus.houses == (0,) and focus.text == "Look at the 1s in row 1: try each place in turn."


def test_a_nets_focus_is_its_premise_even_when_its_drawn_chains_start_further_on():
    """Found on Inkala's puzzle: a Forcing Net Contradiction from r1c4=3 draws chains that start
    at r7c5; stage 1 names the premise (the step's pattern), not where the drawing starts."""
    net = Step(
        "Forcing Net Contradiction",
        eliminations=((cell("r1c4"), 3),),
        pattern=((cell("r1c4"), 3),),
        links=((((cell("r7c5"),), 7), ((cell("r7c5"),), 2), True), (((cell("r7c5"),), 2), ((cell("r8c5"),), 2), False)),
    )
    assert focus_of(net).cells == (cell("r1c4"),)
    assert focus_of(net).text == "Look at r1c4: what follows if it is 3?"


@pytest.mark.parametrize("name", NAMES)
def test_every_technique_points_at_one_place(name):
    step, _ = example(name)
    focus = focus_of(step)
    assert focus.cells or focus.houses, name
    fish = any(word in name for word in ("X-Wing", "Swordfish", "Jellyfish"))
    assert len(focus.houses) <= (4 if fish else 1), f"{name}: {focus.text}"
    assert focus.text.startswith("Look at") and "boxes 1, " not in focus.text
    for c, d in step.eliminations + step.placements:  # the answer stays hidden
        assert (
            f"r{c // 9 + 1}c{c % 9 + 1}<>{d}" not in focus.text and f"r{c // 9 + 1}c{c % 9 + 1}={d}" not in focus.text
        )


def test_stage_one_outlines_the_start_and_tints_only_its_houses(app, screen):
    board = show(app, X_CHAIN, stage=1).board
    start = board.cell_rect(cell("r1c2"))
    edge = [colour_at(screen, (x, start.top + board._px(3))) for x in range(start.left + 8, start.right - 8)]
    assert sum(1 for c in edge if c != th.STANDARD.board_bg and c[0] > c[2]) > 0.7 * len(edge)  # an orange outline
    elsewhere = board.cell_rect(cell("r5c5"))  # neither the region nor a peer of the selection
    assert colour_at(screen, (elsewhere.x + 24, elsewhere.y + 24)) == th.STANDARD.board_bg  # no region tint


# --- stage 2 of a single: why ---------------------------------------------------------------------


def test_a_naked_single_names_the_peers_holding_each_other_digit():
    values = tuple(parse_values(PUZZLE))  # Wikipedia's puzzle: r5c5 can only be 5
    step = Step("Naked Single", placements=((cell("r5c5"), 5),), text="r5c5 has only one candidate left: 5.")
    reason = single_reason(step, values)
    assert {d for _, d in reason.blockers} == {1, 2, 3, 4, 6, 7, 8, 9}
    assert all(values[c] == d and c in PEERS[cell("r5c5")] for c, d in reason.blockers)
    assert reason.ruled == ()
    assert reason.text.startswith("Its peers hold 1 (") and reason.text.endswith("only 5 is left.")


def test_a_hidden_single_names_the_digits_that_block_the_rest_of_its_house():
    values = tuple(parse_values(PUZZLE))
    step = next(technique("Hidden Single").finder(grid_or_none(values)))
    reason = single_reason(step, values)
    (target, digit), house = step.placements[0], step.houses[0]
    empty = {c for c in HOUSES[house] if c != target and not values[c]}
    assert set(reason.ruled) == empty  # every other empty cell of the house is accounted for
    for blocker, d in reason.blockers:
        assert d == digit and values[blocker] == digit and blocker not in HOUSES[house]
    covered = {c for c in empty if any(c in PEERS[b] for b, _ in reason.blockers)}
    assert covered == empty
    assert reason.text.startswith("The other cells: ") and f"the {digit} in " in reason.text


def test_a_single_s_reason_credits_the_player_s_centre_marks_where_they_ruled_a_digit_out():
    """Issue 16 item 6: a digit no peer holds left a marked cell by the player's marks, not in
    an earlier step."""
    values = list(parse_values(PUZZLE))
    values[cell("r5c6")] = 0  # no peer of r5c5 holds 3 now
    step = Step("Naked Single", placements=((cell("r5c5"), 5),), text="r5c5 has only one candidate left: 5.")
    marked = single_reason(step, tuple(values), frozenset({cell("r5c5")}))
    plain = single_reason(step, tuple(values))
    assert marked.text.endswith("(r2c5); 3 is not in your centre marks: only 5 is left.")
    assert plain.text.endswith("(r2c5); 3 went in earlier steps: only 5 is left.")

    row = tuple(HOUSES[0])  # row 1 of an empty board: no digit blocks 1 from r1c2..r1c9
    step = Step("Hidden Single", placements=((0, 1),), houses=(0,), text="In row 1, 1 fits only in r1c1.")
    reason = single_reason(step, (9,) + (0,) * 80, frozenset(row[1:4]))
    assert reason.blockers == () and reason.ruled == row[1:4] + row[4:]
    assert "your centre marks leave 1 out of r1c2, r1c3 and r1c4" in reason.text
    assert reason.text.endswith("1 went from r1c5, r1c6, r1c7, r1c8 and r1c9 in earlier steps.")


def test_stage_two_of_a_hidden_single_outlines_the_blockers_and_crosses_the_ruled_cells(app, screen):
    values = tuple(parse_values(PUZZLE))
    grid = grid_or_none(values)
    step = next(technique("Hidden Single").finder(grid))
    scene = play(app)
    scene.game.select([step.placements[0][0]])
    scene.game.hint = Hint("step", 2, step, candidates=tuple(grid.candidates), values=values)
    app.frame([], FRAME)
    board = scene.board
    reason = scene.game.hint.reason
    assert reason.blockers and reason.text in scene.game.hint.message
    for blocker, _ in reason.blockers:
        rect = board.cell_rect(blocker)
        edge = [colour_at(screen, (x, rect.top + board._px(3))) for x in range(rect.left + 10, rect.right - 10)]
        assert edge.count(th.STANDARD.accent_3) > 0.5 * len(edge)
    for ruled in reason.ruled:
        x, y = board.painter.spot(ruled, step.placements[0][1])
        assert colour_at(screen, (x, y)) == th.STANDARD.accent_3  # the cross's middle


# --- the panel: readable sizes, scrolling, never over the board ---------------------------------

LONG = PanelText(
    "Forcing Net Contradiction  (2/3)",
    "If r5c5 were 7, " * 150,
    "Press H to apply it.",
    "(7)r5c5-(7)r5c6=(7)r4c6-(3)r4c6=(3)r4c1 " * 6,
    walk=True,
    grow=True,
)


@pytest.mark.parametrize("size, least", [((1200, 800), 14), ((1600, 1000), 14), ((800, 600), 12)])
def test_hint_text_is_readable_and_stays_in_its_panel(app, screen, size, least):
    screen = pygame.Surface(size)
    app.resize(screen)
    scene = play(app)
    panel = scene.panel
    panel.draw(screen, LONG)
    assert panel.drawn[1:], "no body line drawn"
    for rect in panel.drawn[1:]:
        assert rect.h >= least, f"a {rect.h} px line at {size}"
        assert panel.current.contains(rect)
        assert not rect.colliderect(scene.board.rect)
    assert panel.hidden > 0  # this much text scrolls
    first = panel.drawn[1].copy()
    panel.scroll_by(3)
    panel.draw(screen, LONG)
    assert panel.scroll == 3
    panel.scroll_by(-10)
    panel.draw(screen, LONG)
    assert panel.scroll == 0 and panel.drawn[1] == first


NICE_LOOP = "(9)r3c8=(9)r3c7-(8)r3c7=(8)r2c9-(8=7)r2c5-(7=2)r2c1-(2=1)r2c8-(1)r3c8=(1)r3c7"


@pytest.mark.parametrize("width", [120, 260, 400])
def test_a_chain_too_wide_for_a_line_is_cut_after_its_links(app, width):
    # the solution path lists Nice Loops in Eureka notation, one word with no space in it
    text = f"9. Discontinuous Nice Loop: {NICE_LOOP} => r3c8<>1"
    lines = th.wrap_text(app.theme, text, 14, width)
    font = app.theme.font(14)
    assert all(font.size(line)[0] <= width for line in lines), lines
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost or doubled
    chain_lines = [line for line in lines if "r" in line and "=>" not in line][1:-1]
    assert all(line[-1] in "=-" for line in chain_lines), lines  # cut after a link


def test_a_long_path_line_stays_in_its_panel(app):
    screen = pygame.Surface((800, 600))
    app.resize(screen)
    scene = play(app)
    panel = scene.panel
    panel.draw(screen, PanelText("SOLUTION PATH (92)", f"> 9. Discontinuous Nice Loop: {NICE_LOOP}\n" * 4, grow=True))
    assert panel.drawn[1:]
    assert all(panel.current.contains(rect) for rect in panel.drawn[1:])


def test_page_down_scrolls_a_long_hint(app, screen):
    scene = show(app, X_CHAIN)
    scene.panel.hidden = 5
    scene.handle(key(pygame.K_PAGEDOWN))
    assert scene.panel.scroll == 3


# --- walking a chain link by link ----------------------------------------------------------------


def test_a_link_in_words():
    assert link_sentence(X_CHAIN.links[0]) == "r1c2 is not 4, so r1c8 is 4."
    assert link_sentence(X_CHAIN.links[1]) == "r1c8 is 4, so r8c8 is not 4."
    assert link_sentence(NET.links[1]) == "r1c2 is not 1, so it is 2."
    grouped = (((cell("r1c4"), cell("r1c5")), 4), ((cell("r5c5"),), 4), True)
    assert link_sentence(grouped) == "Neither r1c4 nor r1c5 is 4, so r5c5 is 4."


def test_the_walk_goes_link_by_link_and_round(app, screen):
    scene = show(app, X_CHAIN)
    game = scene.game
    scene.handle(key(pygame.K_PERIOD))
    assert game.hint.link == 1 and game.hint.message == "Link 1 of 3: r1c2 is not 4, so r1c8 is 4."
    app.frame([], FRAME)
    assert len(scene.board.painter.paths) == 1
    scene.handle(key(pygame.K_RIGHT, pygame.KMOD_ALT))
    app.frame([], FRAME)
    assert game.hint.link == 2 and len(scene.board.painter.paths) == 2
    points, _ = scene.board.painter.paths[0]  # the link walked past is dimmer, the current one bright
    middle = points[len(points) // 2]
    assert colour_at(screen, middle) == LINK_WALKED
    scene.handle(key(pygame.K_COMMA))
    scene.handle(key(pygame.K_COMMA))
    scene.handle(key(pygame.K_COMMA))
    assert game.hint.link == 3  # round from the whole chain (0) to the last link
    assert game.cursor == 80  # the walk never moved the selection


def test_a_net_shows_one_branch_at_a_time(app, screen):
    scene = show(app, NET, select=40)
    game = scene.game
    for _ in range(4):
        game.walk_link(1)
    app.frame([], FRAME)
    assert game.hint.link == 4 and len(scene.board.painter.paths) == 1  # branch 2 alone
    game.walk_link(-1)
    app.frame([], FRAME)
    assert len(scene.board.painter.paths) == 3  # branch 1 up to its third link


def test_clicking_the_walk_buttons(app, screen):
    scene = show(app, X_CHAIN)
    forward = scene.panel.walk_buttons[1]
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=forward.center))
    assert scene.game.hint.link == 1
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=scene.panel.walk_buttons[-1].center))
    assert scene.game.hint.link == 0


# --- arrows on real hard hints -------------------------------------------------------------------


def _hard_hints(limit: int = 14):
    """Chain and net steps with their positions: the regression library's examples of every
    chain technique, then the hard steps on the solve paths of the shipped bank's first Master
    and Expert puzzles."""
    found = []
    for name in NAMES:
        try:
            step, candidates = example(name)
        except pytest.skip.Exception:  # no ../shared/data: the library's cases are not here
            continue
        if step.links:
            found.append((step, candidates, (0,) * 81))
    for level in ("master", "expert"):
        records = json.loads((ROOT / "assets" / "bank" / f"{level}.json").read_text())["puzzles"][:3]
        for record in records:
            grid = grid_or_none(parse_values(record["puzzle"]))
            taken = 0
            while taken < limit // 3:
                step = next_step(grid, Level.MASTER)
                if step is None:
                    break
                if step.links and len(step.links) > 2:
                    found.append((step, tuple(grid.candidates), tuple(grid.values)))
                    taken += 1
                apply_fresh(step, grid)
    return found


@pytest.fixture(scope="module")
def hard_hints():
    return _hard_hints()


def _distance(point, points) -> float:
    best = math.inf
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        dx, dy = bx - ax, by - ay
        seg = dx * dx + dy * dy
        t = 0.0 if not seg else max(0.0, min(1.0, ((point[0] - ax) * dx + (point[1] - ay) * dy) / seg))
        best = min(best, math.dist(point, (ax + dx * t, ay + dy * t)))
    return best


@pytest.mark.parametrize("size", [(1200, 800), (1920, 1080)])
def test_arrows_keep_to_the_board_and_off_removed_candidates_and_digits(app, screen, size, hard_hints):
    screen = pygame.Surface(size)
    app.resize(screen)
    checked = 0
    for step, candidates, values in hard_hints:
        scene = play(app)
        used = {c for c, _ in step.eliminations + step.placements + step.pattern}
        used |= {c for a, b, _ in step.links for c in a[0] + b[0]}
        scene.game.select([next(c for c in range(81) if c not in used)])
        scene.game.hint = Hint("step", 2, step, candidates=candidates, values=values)
        painter = scene.board.painter  # drawn over the position's digits (the hint's values)
        roles = painter.roles(scene.game.hint)
        painter.draw_links(screen, scene.game.hint, roles, scene.game.hint.shown_cells, values)
        board = scene.board.rect
        removed = [painter.spot(c, d) for c, d in step.eliminations + step.placements if candidates[c] & BIT[d]]
        glyphs = [painter.cell_rect(c).center for c in range(81) if values[c]]
        glyphs += [painter.cell_rect(c).center for c, _ in step.placements]
        for points, _ in painter.paths:
            assert all(
                board.left - 1 <= x <= board.right + 1 and board.top - 1 <= y <= board.bottom + 1 for x, y in points
            ), f"{step}: an arrow leaves the board"
            for spot in removed:
                assert _distance(spot, points) >= painter.radius, f"{step}: an arrow covers a removed candidate"
            for centre in glyphs:
                assert _distance(centre, points) >= painter.cell * 0.29, f"{step}: an arrow crosses a digit"
        checked += len(painter.paths)
    assert checked > 40  # arrows of the bank's hard steps alone, without the library's
