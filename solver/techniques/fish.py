"""Basic fish: X-Wing, Swordfish, Jellyfish (placeholder; being written)."""

from __future__ import annotations

from typing import Iterator

from solver.grid import Grid
from solver.step import Step


def x_wing(grid: Grid) -> Iterator[Step]:
    return iter(())


def swordfish(grid: Grid) -> Iterator[Step]:
    return iter(())


def jellyfish(grid: Grid) -> Iterator[Step]:
    return iter(())
