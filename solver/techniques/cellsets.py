"""Cell sets as 81-bit ints: geometry tables and the per-digit views single-digit techniques share.

Glossary:
  cell set   an int whose bit ``cell`` (0..80) is set for each cell in the set; ``&`` is
             intersection, ``|`` union, ``int.bit_count()`` the size.
  places     ``places[d]``: the cell set of the cells where digit d (1..9) is still a candidate
             (index 0 is unused): ``solver.grid.digit_places`` builds all nine.
  strong link  a house where a digit has exactly two places: one of the two must hold it
             (a conjugate pair).
  weak link  two places of a digit that share a house: at most one of them holds it.

The tables are computed once at import from ``solver.grid``; nothing here changes a grid.
"""

from __future__ import annotations

from functools import lru_cache

from solver.grid import HOUSE_MASK, HOUSES_OF


@lru_cache(maxsize=8192)
def strong_links(places: int, houses: range = range(27)) -> tuple[tuple[int, int, int], ...]:
    """(house, first cell, second cell) for every house in ``houses`` where the cell set
    ``places`` (one digit's places) has exactly two cells; cells in ascending order.

    Kept for the last few thousand (places, houses): most digits' places stay the same from
    one position of a solution path to the next, and several finders ask at each."""
    links = []
    for house in houses:
        pair = places & HOUSE_MASK[house]
        if pair and pair.bit_count() == 2:
            low = pair & -pair
            links.append((house, low.bit_length() - 1, (pair ^ low).bit_length() - 1))
    return tuple(links)


def shared_house(first: int, second: int) -> int:
    """The first house (row, then column, then box) two cells share; -1 if they share none."""
    for house in HOUSES_OF[first]:
        if house in HOUSES_OF[second]:
            return house
    return -1
