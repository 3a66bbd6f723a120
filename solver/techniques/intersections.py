"""Intersections of a box with a row or column: Locked Candidates, Locked Pair, Locked Triple.

Definitions after HoDoKu (hodoku.sourceforge.net/en/tech_intersections.php):

  Locked Candidates Type 1 (Pointing)  in a box, every candidate of a digit lies in one row (or
      column), in 2 or 3 cells; the digit goes from the rest of that line.
  Locked Candidates Type 2 (Claiming)  in a row (or column), every candidate of a digit lies in
      one box, in 2 or 3 cells; the digit goes from the rest of that box.
  Locked Pair / Locked Triple  2 (3) cells of one box-line intersection hold only 2 (3)
      candidates between them: a Naked Pair (Triple) in both houses at once, so those digits go
      from the rest of the box and the rest of the line. As in HoDoKu, it must remove something
      from each (in the line, outside the box); else it is a Naked Pair (Triple).

Finders yield every step they see that eliminates something and never change the grid.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from solver.grid import (
    DIGITS_OF,
    HOUSE_MASK,
    HOUSES,
    HOUSES_OF,
    POPCOUNT,
    Grid,
    cells_of,
    digit_places,
    house_name,
)
from solver.minilines import MiniLines
from solver.step import Step
from solver.techniques.subsets import subset_eliminations, subset_pattern
from solver.techniques.wording import and_list, cells_text, or_list


class Intersection(NamedTuple):
    """A box and a row or column that cross: the 3 cells they share and the rest of each."""

    line: int  # house 0..17
    box: int  # house 18..26
    shared: tuple[int, ...]  # the 3 cells in both
    line_rest: tuple[int, ...]  # the 6 cells of the line outside the box
    box_rest: tuple[int, ...]  # the 6 cells of the box outside the line


def _intersection(line: int, box: int) -> Intersection:
    shared = tuple(cell for cell in HOUSES[line] if cell in HOUSES[box])
    return Intersection(
        line,
        box,
        shared,
        tuple(cell for cell in HOUSES[line] if cell not in shared),
        tuple(cell for cell in HOUSES[box] if cell not in shared),
    )


# the 54 intersections, rows first, then columns; and the same ordered box by box
INTERSECTIONS = tuple(
    _intersection(line, box) for line in range(18) for box in range(18, 27) if set(HOUSES[line]) & set(HOUSES[box])
)
INTERSECTIONS_BY_BOX = tuple(sorted(INTERSECTIONS, key=lambda item: (item.box, item.line)))


# Every digit's places in one int, digit d's at bits 81 * (d - 1) + cell (``solver.minilines``).
_LINES = MiniLines(1, 1, copies=9, stride=81)
_BLOCK = (1 << 81) - 1


def _locking_digits(places: Sequence[int], base_is_box: bool) -> list[int]:
    """The digits that may have a Pointing (``base_is_box``) or Claiming step, ascending: a few
    whole-board operations on every digit's mini-rows and mini-columns at once, where the
    finder's loop looks at 81 or 162 (house, digit) pairs. A digit left out has none; one
    listed may still have none (one cell of it in the base: the loop leaves that to the
    singles)."""
    x = 0
    for digit in range(9, 0, -1):
        x = x << 81 | places[digit]
    rows, columns = _LINES.gather_rows(x), _LINES.gather_columns(x)
    row_gone, column_gone = _LINES.pointing(rows, columns) if base_is_box else _LINES.claiming(rows, columns)
    cleared = row_gone & rows | column_gone & columns
    digits = []
    digit = 1
    while cleared:
        if cleared & _BLOCK:
            digits.append(digit)
        cleared >>= 81
        digit += 1
    return digits


def _locked_candidates(grid: Grid, base_is_box: bool) -> Iterator[Step]:
    """Pointing (base = box, cover = line) or Claiming (base = line, cover = box).

    In HoDoKu's order: base houses boxes (Pointing) or rows then columns (Claiming), and in each
    house the digits ascending; a Pointing digit in one row and one column is the row's. Works
    on the digits' places as cell sets (``solver.grid.digit_places``): the finder runs at every
    position where singles are stuck, mostly to find nothing, and only the digits
    ``_locking_digits`` lets through are looked at.
    """
    places = digit_places(grid)
    digits = _locking_digits(places, base_is_box)
    if not digits:
        return
    if base_is_box:
        name, bases = "Locked Candidates Type 1 (Pointing)", range(18, 27)
    else:
        name, bases = "Locked Candidates Type 2 (Claiming)", range(18)
    for base in bases:
        base_mask = HOUSE_MASK[base]
        for digit in digits:
            inside = places[digit] & base_mask
            if not inside or not 2 <= inside.bit_count() <= 3:  # one cell: that is a Hidden Single
                continue
            cover = _cover(inside, base_is_box)
            if cover < 0:
                continue
            gone = places[digit] & HOUSE_MASK[cover] & ~inside
            if gone:
                yield Step(
                    name,
                    eliminations=tuple((cell, digit) for cell in cells_of(gone)),
                    pattern=tuple((cell, digit) for cell in cells_of(inside)),
                    houses=(base, cover),
                    text=f"In {house_name(base)}, every {digit} lies in {house_name(cover)}, "
                    f"so {digit} can't be anywhere else in {house_name(cover)}.",
                )


def _cover(cells: int, base_is_box: bool) -> int:
    """The house other than the base that holds every cell of the cell set ``cells``: for a box
    its row, else its column; for a line its box; -1 when there is none."""
    row, col, box = HOUSES_OF[(cells & -cells).bit_length() - 1]
    if base_is_box:
        if cells & ~HOUSE_MASK[row] == 0:
            return row
        return col if cells & ~HOUSE_MASK[col] == 0 else -1
    return box if cells & ~HOUSE_MASK[box] == 0 else -1


def locked_candidates_pointing(grid: Grid) -> Iterator[Step]:
    """Yield every Locked Candidates Type 1 (Pointing) step, box by box, digits ascending."""
    return _locked_candidates(grid, base_is_box=True)


def locked_candidates_claiming(grid: Grid) -> Iterator[Step]:
    """Yield every Locked Candidates Type 2 (Claiming) step, rows first, then columns, digits
    ascending in each."""
    return _locked_candidates(grid, base_is_box=False)


def _locked_subset(grid: Grid, size: int) -> Iterator[Step]:
    """Locked Pair (size 2) or Locked Triple (size 3), in HoDoKu's order: box by box, the box's
    cells combined in box order; only subsets that remove something from the box and from the
    line outside the box (HoDoKu's definition; the others are Naked Pairs or Triples)."""
    cands = grid.candidates
    name = "Locked Pair" if size == 2 else "Locked Triple"
    for box in range(18, 27):
        small = [cell for cell in HOUSES[box] if 2 <= POPCOUNT[cands[cell]] <= size]
        for cells in combinations(small, size):
            digits = 0
            for cell in cells:
                digits |= cands[cell]
            if POPCOUNT[digits] != size:
                continue
            eliminations, locked = subset_eliminations(cands, cells, digits)
            if not locked:
                continue
            row, col, _ = HOUSES_OF[cells[0]]
            line = row if all(HOUSES_OF[cell][0] == row for cell in cells) else col
            names = DIGITS_OF[digits]
            yield Step(
                name,
                eliminations=eliminations,
                pattern=subset_pattern(cands, cells, digits),
                houses=(line, box),
                text=f"{cells_text(cells)} hold only {and_list(names)} between them and lie in "
                f"both {house_name(line)} and {house_name(box)}, so no other cell of either "
                f"house can be {or_list(names)}.",
            )


def locked_pair(grid: Grid) -> Iterator[Step]:
    """Yield every Locked Pair: a Naked Pair inside a box-line intersection, both houses cleared."""
    return _locked_subset(grid, 2)


def locked_triple(grid: Grid) -> Iterator[Step]:
    """Yield every Locked Triple: a Naked Triple inside a box-line intersection, both houses cleared."""
    return _locked_subset(grid, 3)
