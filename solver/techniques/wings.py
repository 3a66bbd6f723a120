"""XY-Wing and XYZ-Wing (placeholder; being written)."""

from __future__ import annotations

from typing import Iterator

from solver.grid import Grid
from solver.step import Step


def xy_wing(grid: Grid) -> Iterator[Step]:
    return iter(())


def xyz_wing(grid: Grid) -> Iterator[Step]:
    return iter(())
