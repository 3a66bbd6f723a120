"""Singles: Full House, Naked Single, Hidden Single.

Each finder reads the grid's candidates and yields one ``Step`` per placement it sees, in cell
(or house) order; none changes the grid. Definitions follow HoDoKu's technique pages
(hodoku.sourceforge.net/en/tech_singles.php):

  Full House     a house with one empty cell left; that cell takes the house's missing digit.
  Naked Single   a cell with one candidate left.
  Hidden Single  a digit with one place left in a house (box, row or column; the text names it).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Iterator

from solver.grid import (
    BIT,
    DIGITS_OF,
    HOUSES,
    Grid,
    cell_name,
    house_name,
    lonely_digits,
)
from solver.step import Step

# Boxes first, then rows and columns: a person scans boxes first, and Sudoku Explainer rates a
# hidden single in a box (1.2) below one in a row or column (1.5).
HOUSE_VALUES = tuple(itemgetter(*cells) for cells in HOUSES)  # HOUSE_VALUES[h](values): 9 values

HIDDEN_SINGLE_HOUSE_ORDER = tuple(range(18, 27)) + tuple(range(18))


def full_house(grid: Grid) -> Iterator[Step]:
    """Yield a Full House step for each house with exactly one empty cell (each cell once)."""
    values, cands = grid.values, grid.candidates
    seen = set()
    for house, cells in enumerate(HOUSES):
        if HOUSE_VALUES[house](values).count(0) != 1:
            continue
        empty = [cell for cell in cells if not values[cell]]
        if empty[0] in seen:
            continue
        cell = empty[0]
        used = 0
        for other in cells:
            used |= BIT[values[other]]
        missing = 0x1FF & ~used
        if not cands[cell] & missing:  # contradictory grid: the cell cannot take it
            continue
        seen.add(cell)
        digit = DIGITS_OF[missing][0]
        yield Step(
            "Full House",
            placements=((cell, digit),),
            pattern=((cell, digit),),
            houses=(house,),
            text=f"{cell_name(cell)} is the last empty cell in {house_name(house)}, "
            f"so it must be {digit}.",
        )


def naked_single(grid: Grid) -> Iterator[Step]:
    """Yield a Naked Single step for each empty cell with exactly one candidate."""
    cands = grid.candidates
    for cell in range(81):
        mask = cands[cell]
        if mask and not mask & (mask - 1):
            digit = DIGITS_OF[mask][0]
            yield Step(
                "Naked Single",
                placements=((cell, digit),),
                pattern=((cell, digit),),
                text=f"{cell_name(cell)} has only one candidate left: {digit}.",
            )


def hidden_single(grid: Grid) -> Iterator[Step]:
    """Yield a Hidden Single step for each (digit, cell) whose digit has one place in a house.

    Houses are scanned boxes first, then rows, then columns; a placement that is hidden in
    several houses is yielded once, naming the first of them. A cell whose only candidate is
    the digit still counts (it is then a Naked Single too).
    """
    cands = grid.candidates
    seen = set()
    for house in HIDDEN_SINGLE_HOUSE_ORDER:
        cells = HOUSES[house]
        single = lonely_digits(cands, cells)
        if not single:
            continue
        for digit in DIGITS_OF[single]:
            bit = BIT[digit]
            cell = next(cell for cell in cells if cands[cell] & bit)
            if (cell, digit) in seen:
                continue
            seen.add((cell, digit))
            yield Step(
                "Hidden Single",
                placements=((cell, digit),),
                pattern=((cell, digit),),
                houses=(house,),
                text=f"In {house_name(house)}, the {digit} can only go in {cell_name(cell)}.",
            )


SINGLES = (full_house, naked_single, hidden_single)
"""The singles finders; the fast path in ``solver.human`` replaces them with bit-mask loops."""

