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

from collections.abc import Iterator
from itertools import combinations
from typing import NamedTuple

from solver.grid import BIT, DIGITS_OF, HOUSES, HOUSES_OF, POPCOUNT, Grid, house_name
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


def _locked_candidates(grid: Grid, base_is_box: bool) -> Iterator[Step]:
    """Pointing (base = box, cover = line) or Claiming (base = line, cover = box).

    In HoDoKu's order: base houses boxes (Pointing) or rows then columns (Claiming), and in each
    house the digits ascending; a Pointing digit in one row and one column is the row's.
    """
    cands = grid.candidates
    if base_is_box:
        name, bases = "Locked Candidates Type 1 (Pointing)", range(18, 27)
    else:
        name, bases = "Locked Candidates Type 2 (Claiming)", range(18)
    for base in bases:
        base_cells = HOUSES[base]
        for digit in DIGITS_OF[_union(cands, base_cells)]:
            bit = BIT[digit]
            pattern = tuple((cell, digit) for cell in base_cells if cands[cell] & bit)
            if not 2 <= len(pattern) <= 3:  # one cell: that is a Hidden Single
                continue
            places = tuple(cell for cell, _ in pattern)
            for cover in _covers(places, base_is_box):
                eliminations = tuple(
                    (cell, digit) for cell in HOUSES[cover] if cands[cell] & bit and cell not in places
                )
                if eliminations:
                    yield Step(
                        name,
                        eliminations=eliminations,
                        pattern=pattern,
                        houses=(base, cover),
                        text=f"In {house_name(base)}, every {digit} lies in {house_name(cover)}, "
                        f"so {digit} can't be anywhere else in {house_name(cover)}.",
                    )
                    break


def _union(cands: list[int], cells: tuple[int, ...]) -> int:
    mask = 0
    for cell in cells:
        mask |= cands[cell]
    return mask


def _covers(cells: tuple[int, ...], base_is_box: bool) -> tuple[int, ...]:
    """The houses other than the base that hold all of ``cells``: for a box its row, else its
    column (at most one); for a line its box."""
    row, col, box = HOUSES_OF[cells[0]]
    if base_is_box:
        if all(HOUSES_OF[cell][0] == row for cell in cells):
            return (row,)
        if all(HOUSES_OF[cell][1] == col for cell in cells):
            return (col,)
        return ()
    return (box,) if all(HOUSES_OF[cell][2] == box for cell in cells) else ()


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
