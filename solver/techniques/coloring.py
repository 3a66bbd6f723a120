"""Colouring: Simple Colors (Trap/Wrap) and Multi-Colors (1/2).

Definitions after HoDoKu (hodoku.sourceforge.net/en/tech_col.php).
"""

from __future__ import annotations

from typing import Iterator

from solver.grid import Grid
from solver.step import Step


def simple_colors(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def multi_colors(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())
