"""What a background job hands back to the game: plain data that crosses from a worker process
without the solver or the generator being imported on the game's side (game.jobs makes them,
game.playstate.Puzzle.from_generated and the generating screen read them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from solver.levels import Level


class TraceEvent(NamedTuple):
    """One step of a recorded fill, as ``generator.wfc.Event`` has it (kind, cell, digit,
    entropy, undone), in a class the game can unpickle without loading the generator."""

    kind: str
    cell: int
    digit: int = 0
    entropy: int = 0
    undone: tuple[int, ...] = ()


@dataclass(frozen=True)
class MadePuzzle:
    """A puzzle made or checked by a job, as the game reads it: ``puzzle`` and ``solution`` (81
    ints, 0 = empty), ``level``, ``hardest`` (the hardest technique's name), ``seed`` (None for a
    pasted puzzle), and for the generating screen's replay the fill's ``trace`` (TraceEvent),
    ``dig_order`` and ``put_back`` (cells). Plain data: it crosses from a worker process without
    the solver or the generator being imported on the game's side."""

    puzzle: tuple[int, ...]
    solution: tuple[int, ...]
    level: Level | None
    hardest: str | None
    seed: int | None = None
    trace: tuple[TraceEvent, ...] = ()
    dig_order: tuple[int, ...] = ()
    put_back: tuple[int, ...] = ()
