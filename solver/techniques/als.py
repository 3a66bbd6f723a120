"""Almost Locked Sets: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, Death Blossom; and Sue de Coq.

After HoDoKu (hodoku.sourceforge.net/en/tech_als.php, tech_misc.php).
"""

from __future__ import annotations

from typing import Iterator

from solver.grid import Grid
from solver.step import Step


def als_xz(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def als_xy_wing(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def als_xy_chain(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def death_blossom(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def sue_de_coq(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())
