"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.

Definitions after HoDoKu (hodoku.sourceforge.net/en/tech_sdp.php). Every pattern is a short chain
on one digit: strong links (a house with exactly two places for the digit) joined by a weak
link; the digit goes from every cell that sees both ends.
"""

from __future__ import annotations

from typing import Iterator

from solver.grid import Grid
from solver.step import Step


def skyscraper(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def two_string_kite(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def turbot_fish(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())


def empty_rectangle(grid: Grid) -> Iterator[Step]:
    """Not implemented yet: yields nothing."""
    return iter(())
