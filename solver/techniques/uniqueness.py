"""Uniqueness techniques: they assume the puzzle has exactly one solution.

Uniqueness Test 1-6 (Unique Rectangles), Hidden Rectangle, Avoidable Rectangle Type 1/2 and
Bivalue Universal Grave + 1, after HoDoKu (hodoku.sourceforge.net/en/tech_ur.php).
"""

from __future__ import annotations

from typing import Iterator

from solver.grid import Grid
from solver.step import Step


def uniqueness_test_1(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def uniqueness_test_2(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def uniqueness_test_3(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def uniqueness_test_4(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def uniqueness_test_5(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def uniqueness_test_6(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def hidden_rectangle(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def avoidable_rectangle_1(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def avoidable_rectangle_2(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def bug_plus_1(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())
