"""Forcing chains and nets: the last resort that lets logic finish every puzzle.
"""

from __future__ import annotations

from typing import Iterator

from solver.grid import Grid
from solver.step import Step


def forcing_chain(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def forcing_net(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())
