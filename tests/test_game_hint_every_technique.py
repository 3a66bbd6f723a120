"""Every technique's hint, as the player sees it: for one real step of every step name in the
registry (the first case of HoDoKu's regression library that yields it, or a hand-made position
for those the library lacks), stage 1 names
the technique and where to look without giving the answer away, and stage 2 explains it in a
sentence and draws it: eliminations on red discs, placements as big green digits, chains as arrows,
groups and fins in their own colours."""

from __future__ import annotations

import pytest

from game import theme as th
from game.hint_view import group_colour
from game.hints import Hint
from solver.grid import BIT
from solver.step import Step
from solver.techniques import TECHNIQUES, technique
from solver.techniques.fish_franken import franken_x_wing
from solver.techniques.forcing import _phases, forcing_net
from solver.techniques.forcing_tables import forcing_chain
from solver.techniques.wings_more import wxyz_wing
from tests.gameplay import disc_pixels, is_disc, pixels, show
from tests.positions import box, confine, narrowed, row, shipped_positions, steps_of
from tests.reglib import REGLIB_SKIPPED, REGLIB_TECHNIQUES, reglib_cases

IMPLEMENTED = {
    code: name for code, name in REGLIB_TECHNIQUES.items() if "not implemented" not in REGLIB_SKIPPED.get(code, "")
}


def _franken():
    grid = narrowed()
    confine(grid, "5", row(1), "r1c1", "r1c2")
    return confine(grid, "5", box(4), "r4c1", "r5c2")


def every_forcing_step(grid, dynamic: bool):
    """Every step of each forcing phase, before the finder drops conclusions already shown."""
    return (step for found in _phases(grid, level=0) for _, step in found)


FORCING = narrowed(r1c1="12", r1c2="12", r1c3="123")  # r1c3 is 3: verities and contradictions

# Step names the library has no case for: a position and the finder that yields them there.
HAND_MADE = {
    "WXYZ-Wing": (wxyz_wing, lambda: narrowed(r2c2="1234", r1c1="14", r3c3="24", r2c7="34")),
    "Franken X-Wing": (franken_x_wing, _franken),
    "Forcing Chain Verity": (forcing_chain, lambda: shipped_positions("master", "Forcing Chain", 1)[0][0]),
    "Forcing Chain Contradiction": (forcing_chain, lambda: FORCING),
    "Forcing Net Verity": (forcing_net, lambda: FORCING),
    "Forcing Net Contradiction": (lambda grid: every_forcing_step(grid, True), lambda: FORCING),
}
NAMES = sorted({name for t in TECHNIQUES for name in t.names})


def example(name: str) -> tuple[Step, tuple[int, ...]]:
    """A step named ``name`` (the first its finder gives on the first library case, or the
    hand-made position, that yields one) and that position's candidates (81 masks)."""
    if name in HAND_MADE:
        finder, position = HAND_MADE[name]
        grids = [position()]
    else:
        finder = technique(name).finder
        codes = [code for code, n in IMPLEMENTED.items() if n == name]
        grids = [case.grid for code in codes for case in reglib_cases(code) if not case.must_not_fire]
    for grid in grids:
        for step in steps_of(finder, grid):
            if step.technique == name:
                return step, tuple(grid.candidates)
    pytest.fail(f"no {name} step in the regression library or a hand-made position")


def check_hint(app, screen, step: Step, candidates: tuple[int, ...]) -> None:
    first = Hint("step", 1, step, candidates=candidates)
    assert first.title == step.technique
    assert first.message.startswith("Look at") and "None" not in first.message
    for cell, digit in step.eliminations + step.placements:  # no answer at stage 1
        assert f"r{cell // 9 + 1}c{cell % 9 + 1}<>{digit}" not in first.message
    assert Hint("step", 2, step, candidates=candidates).message == step.text
    assert len(step.text.split()) >= 6, step.text  # a sentence, not a label

    used = {c for c, _ in step.eliminations + step.placements + step.pattern + step.fins}
    used |= {c for group in step.groups for c, _ in group}
    used |= {c for a, b, _ in step.links for c in a[0] + b[0]}
    free = next(c for c in range(81) if c not in used)  # the selection frame must not hide a disc
    board = show(app, step, stage=2, select=free, candidates=candidates).board
    for cell, digit in step.eliminations:
        if candidates[cell] & BIT[digit]:
            assert is_disc(screen, board, cell, digit, th.STANDARD.conflict), f"{step}: {cell},{digit} not red"
    for cell, _digit in step.placements:  # a big green digit
        assert pixels(screen, board.painter.cell_rect(cell), th.STANDARD.good) > 100, f"{step}: {cell} not green"
    if step.links:
        assert board.painter.paths, f"{step}: no arrows"
    for index, group in enumerate(step.groups):
        drawn = [(c, d) for c, d in group if candidates[c] & BIT[d] and (c, d) not in step.eliminations]
        assert not drawn or any(disc_pixels(screen, board, c, d, group_colour(index)) for c, d in drawn), (
            f"{step}: group {index} not in its colour"
        )
    for cell, digit in step.fins:
        assert disc_pixels(screen, board, cell, digit, th.STANDARD.accent_2), f"{step}: fin {cell},{digit} not marked"


@pytest.mark.parametrize("name", NAMES)
def test_every_technique_has_a_staged_drawn_hint(app, screen, name):
    step, candidates = example(name)
    check_hint(app, screen, step, candidates)
