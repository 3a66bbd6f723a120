"""XY-Wing and XYZ-Wing: a pivot cell and two bivalue pincers that see it.

Glossary (after HoDoKu's "Wings" page and Sudopedia's "XY-Wing" / "XYZ-Wing"):
  pivot    the middle cell; it sees both pincers.
  pincers  two cells with two candidates each, ``x/z`` and ``y/z``; ``z`` is the digit the wing
           removes.
  XY-Wing  pivot ``x/y``: whichever it is, one pincer must be ``z``, so ``z`` goes from every
           cell that sees both pincers.
  XYZ-Wing pivot ``x/y/z``: one of pivot and pincers must be ``z``, so ``z`` goes from every
           cell that sees all three.
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.grid import BIT, CELLS, DIGITS_OF, HOUSES_OF, PEERS, POPCOUNT, Grid, cell_name
from solver.step import Step
from solver.techniques.wording import or_list

PEER_SETS = tuple(frozenset(peers) for peers in PEERS)


def _digits(mask: int) -> str:
    """``1/9`` for a mask holding 1 and 9."""
    return "/".join(str(d) for d in DIGITS_OF[mask])


def _linking_houses(pivot: int, pincers: tuple[int, int]) -> tuple[int, ...]:
    """The houses the pivot shares with each pincer, in pincer order, each once."""
    houses: list[int] = []
    for pincer in pincers:
        for house in HOUSES_OF[pivot]:
            if house in HOUSES_OF[pincer] and house not in houses:
                houses.append(house)
    return tuple(houses)


def _wings(grid: Grid, pivot_size: int) -> Iterator[tuple[int, int, int, int]]:
    """(pivot, pincer, pincer, z) for every wing whose pivot has ``pivot_size`` (2 or 3) candidates.

    Pincers are bivalue peers of the pivot, ``x/z`` and ``y/z`` with ``{x, y}`` (XY) or
    ``{x, y, z}`` (XYZ) the pivot's candidates; each pair of pincers is reported once, the lower
    cell first.
    """
    cands = grid.candidates
    # XY: a pincer holds one pivot digit and z, which the pivot lacks;
    # XYZ: a pincer holds two of the pivot's three digits.
    shared = pivot_size - 1
    for pivot in CELLS:
        mask = cands[pivot]
        if POPCOUNT[mask] != pivot_size:
            continue
        pincers = [
            peer for peer in PEERS[pivot] if POPCOUNT[cands[peer]] == 2 and POPCOUNT[cands[peer] & mask] == shared
        ]
        for i, first in enumerate(pincers):
            for second in pincers[i + 1 :]:
                common = cands[first] & cands[second]
                # one shared digit z, and together the pincers hold just the pivot's digits and z
                if POPCOUNT[common] != 1 or cands[first] | cands[second] != mask | common:
                    continue
                yield pivot, first, second, DIGITS_OF[common][0]


def _wing_step(grid: Grid, name: str, pivot: int, pincers: tuple[int, int], z: int, eliminations: list[int]) -> Step:
    """The Step for one wing: pattern = every candidate of pivot and pincers."""
    cands = grid.candidates
    pattern = sorted((cell, d) for cell in (pivot,) + pincers for d in DIGITS_OF[cands[cell]])
    targets = or_list(cell_name(cell) for cell in eliminations)
    first, second = pincers
    pincer_words = f"{cell_name(first)} ({_digits(cands[first])}) or {cell_name(second)} ({_digits(cands[second])})"
    if name == "XY-Wing":
        pivot_words = or_list(DIGITS_OF[cands[pivot]])
        text = (
            f"Pivot {cell_name(pivot)} is {pivot_words}; pincer {pincer_words} must then be {z}, "
            f"so {z} can't be in {targets}."
        )
    else:
        text = (
            f"Pivot {cell_name(pivot)} ({_digits(cands[pivot])}) is {z}, or else pincer "
            f"{pincer_words} is {z}, so {z} can't be in {targets}, which "
            f"{'sees' if len(eliminations) == 1 else 'see'} all three."
        )
    return Step(
        technique=name,
        eliminations=tuple((cell, z) for cell in eliminations),
        pattern=tuple(pattern),
        houses=_linking_houses(pivot, pincers),
        text=text,
    )


def xy_wing(grid: Grid) -> Iterator[Step]:
    """Every XY-Wing in ``grid`` (untouched); one Step per wing that eliminates something.

    Pivot ``x/y``; pincers ``x/z`` and ``y/z``, each seeing the pivot; ``z`` is removed from
    every cell that sees both pincers. In HoDoKu 2.2's order, the first being the one its
    solver takes: by the lowest of the three cells, then the middle one, then the highest, and
    for the same cells the lowest as pivot first, then the middle, then the highest. Source:
    HoDoKu, "Wings"
    (hodoku.sourceforge.net/en/tech_wings.php); Sudopedia, "XY-Wing".
    """
    cands = grid.candidates
    found = []
    for pivot, first, second, z in _wings(grid, 2):
        bit = BIT[z]
        seen = PEER_SETS[first] & PEER_SETS[second]
        eliminations = sorted(cell for cell in seen if cands[cell] & bit)
        if eliminations:
            found.append((_hodoku_order(pivot, first, second), pivot, first, second, z, eliminations))
    found.sort()
    for _, pivot, first, second, z, eliminations in found:
        yield _wing_step(grid, "XY-Wing", pivot, (first, second), z, eliminations)


def _hodoku_order(pivot: int, first: int, second: int) -> tuple[int, int, int, int]:
    """HoDoKu 2.2's search order of XY-Wings: the three cells in cell order, then which of
    them is the pivot (the lowest cell, the middle one, the highest)."""
    cells = sorted((pivot, first, second))
    return cells[0], cells[1], cells[2], cells.index(pivot)


def xyz_wing(grid: Grid) -> Iterator[Step]:
    """Every XYZ-Wing in ``grid`` (untouched); one Step per wing that eliminates something.

    Pivot ``x/y/z``; pincers ``x/z`` and ``y/z``, each seeing the pivot; ``z`` is removed from
    every cell that sees pivot and both pincers. Pivots in cell order. Source: HoDoKu, "Wings"
    (hodoku.sourceforge.net/en/tech_wings.php); Sudopedia, "XYZ-Wing".
    """
    cands = grid.candidates
    for pivot, first, second, z in _wings(grid, 3):
        bit = BIT[z]
        seen = PEER_SETS[pivot] & PEER_SETS[first] & PEER_SETS[second]
        eliminations = sorted(cell for cell in seen if cands[cell] & bit)
        if eliminations:
            yield _wing_step(grid, "XYZ-Wing", pivot, (first, second), z, eliminations)
