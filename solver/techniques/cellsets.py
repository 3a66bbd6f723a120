"""Cell sets as 81-bit ints: geometry tables and the per-digit views single-digit techniques share.

Glossary:
  cell set   an int whose bit ``cell`` (0..80) is set for each cell in the set; ``&`` is
             intersection, ``|`` union, ``int.bit_count()`` the size.
  places     ``places[d]``: the cell set of the cells where digit d (1..9) is still a candidate
             (index 0 is unused); one pass over the grid builds all nine.
  strong link  a house where a digit has exactly two places: one of the two must hold it
             (a conjugate pair).
  weak link  two places of a digit that share a house: at most one of them holds it.

The tables are computed once at import from ``solver.grid``; nothing here changes a grid.
"""

from __future__ import annotations

from functools import lru_cache

from solver.grid import CELL_BIT, DIGITS_OF, HOUSE_MASK, HOUSES_OF, Grid

_LAST_PLACES: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # (candidates, their places)


def digit_places(grid: Grid) -> tuple[int, ...]:
    """``places[d]`` for d in 1..9 (index 0 unused): the cells where d is still a candidate.

    The finders a solver tries one after another at one position all ask for these, so the
    last position's answer is kept (one entry; safe between threads, as a lost race only
    recomputes it)."""
    key = tuple(grid.candidates)
    last = _LAST_PLACES
    if last[0] == key:
        return last[1]
    places = [0] * 10
    for cell, mask in enumerate(key):
        if mask:
            bit = CELL_BIT[cell]
            for digit in DIGITS_OF[mask]:
                places[digit] |= bit
    result = tuple(places)
    _remember(key, result)
    return result


def _remember(key: tuple[int, ...], places: tuple[int, ...]) -> None:
    global _LAST_PLACES
    _LAST_PLACES = (key, places)


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
