"""What a background job hands back to the game: plain data that crosses from a worker process
without the solver or the generator being imported on the game's side (game.jobs makes them,
game.playstate.Puzzle.from_generated and the generating screen read them)."""

from __future__ import annotations

import math
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


PACE_GRIDS = 5  # grids finished before the pace is taken as known


class MakingStatus(NamedTuple):
    """Where the generator is, as ``generator.generate.GenerationStatus`` has it (stage, grid,
    seconds, values, rejected, turned_down, grids_per_puzzle, move: see there), in a class the game can
    unpickle without loading the generator."""

    stage: str
    grid: int
    seconds: float
    values: tuple[int, ...] = ()
    rejected: str = ""
    turned_down: tuple[tuple[str, int], ...] = ()
    grids_per_puzzle: float = 1.0
    move: int = 0

    def usual_seconds(self) -> tuple[float, float] | None:
        """The usual time the whole search takes at the pace seen so far: (the 10th, the 90th
        percentile) in seconds, or None before ``PACE_GRIDS`` grids have been finished (the first
        ones are slower: caches warm up). Each grid has the same chance, 1 in
        ``grids_per_puzzle``, so the grids needed follow a geometric distribution."""
        if self.grid <= PACE_GRIDS:
            return None
        per_grid = self.seconds / (self.grid - 1)
        chance = 1.0 / max(1.0, self.grids_per_puzzle)
        if chance >= 1.0:
            return per_grid, per_grid

        def grids(share_done: float) -> float:  # the grids by which ``share_done`` of searches end
            return max(1.0, math.log(1.0 - share_done) / math.log(1.0 - chance))

        return grids(0.1) * per_grid, grids(0.9) * per_grid


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
