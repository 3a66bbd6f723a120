"""Practice positions: where a technique is the very step the human solver takes next.

The shipped bank's puzzles are solved step by step (``solver.human.solve_path``, cheapest
technique first, as the grade is made); the position before a step of the technique asked for
is one to practise on: every cheaper technique has nothing there, so a solver started from that
position's candidates (``solve --steps --from hodoku``) takes that technique first. One position
per puzzle, so the positions differ; puzzles are taken in a seeded random order, from the
lowest level that can need the technique up.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from generator.bank_format import load_bank
from solver.grid import Grid
from solver.human import ALL_LEVELS, solve_path
from solver.levels import PLAYABLE_LEVELS
from solver.step import Step
from solver.techniques import technique

SEARCH_LIMIT = 400  # puzzles looked at, at most, for one request


@dataclass(frozen=True)
class PracticePosition:
    """A position to practise on: ``puzzle`` (the bank puzzle's 81-character line), the
    position's ``values`` and ``candidates`` (81 ints and 81 masks, bit d-1 = digit d) and the
    ``step`` the solver takes there."""

    puzzle: str
    values: tuple[int, ...]
    candidates: tuple[int, ...]
    step: Step


def practice_positions(name: str, seed: int | None = None, limit: int = SEARCH_LIMIT) -> Iterator[PracticePosition]:
    """Positions where technique ``name`` (as HoDoKu spells it, or one of its step names) is the
    next step, one per bank puzzle, in a random order seeded by ``seed``; at most ``limit``
    puzzles are searched.

    Raises:
        KeyError: no technique is called ``name`` (the message lists the names).
    """
    wanted = technique(name)
    rng = random.Random(seed)
    puzzles = [p.puzzle for level in PLAYABLE_LEVELS if level >= wanted.level for p in load_bank(None, level)]
    rng.shuffle(puzzles)
    for puzzle in puzzles[:limit]:
        found = _first_position(puzzle, wanted.name)
        if found is not None:
            yield found


def _first_position(puzzle: str, name: str) -> PracticePosition | None:
    """The position before the first step of technique ``name`` on ``puzzle``'s path, or None."""
    grid = Grid.parse(puzzle)
    path = solve_path(grid, ALL_LEVELS)
    work = grid.copy()
    for step in path.steps:
        if technique(step.technique).name == name:
            return PracticePosition(puzzle, tuple(work.values), tuple(work.candidates), step)
        step.apply(work)
    return None
