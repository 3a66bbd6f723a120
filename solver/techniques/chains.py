"""Chains and loops on the link graph: X-Chain, XY-Chain, Nice Loops and AICs, grouped forms.

After HoDoKu (hodoku.sourceforge.net/en/tech_chains.php).
"""

from __future__ import annotations

from typing import Iterator

from solver.grid import Grid
from solver.step import Step


def x_chain(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def xy_chain(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def nice_loop(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def grouped_nice_loop(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())
