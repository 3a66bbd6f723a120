"""Intersections of a box with a row or column: Locked Candidates, Locked Pair, Locked Triple.

Definitions after HoDoKu (hodoku.sourceforge.net/en/tech_intersections.php):

  Locked Candidates Type 1 (Pointing)  in a box, every candidate of a digit lies in one row (or
      column), in 2 or 3 cells; the digit goes from the rest of that line.
  Locked Candidates Type 2 (Claiming)  in a row (or column), every candidate of a digit lies in
      one box, in 2 or 3 cells; the digit goes from the rest of that box.
  Locked Pair / Locked Triple  2 (3) cells of one box-line intersection hold only 2 (3)
      candidates between them: a Naked Pair (Triple) in both houses at once, so those digits go
      from the rest of the box and the rest of the line.

Finders yield every step they see that eliminates something and never change the grid.
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from solver.grid import BIT, DIGITS_OF, HOUSES, Grid, house_name
from solver.step import Step
from solver.techniques.subsets import naked_subsets, subset_pattern
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
    _intersection(line, box)
    for line in range(18)
    for box in range(18, 27)
    if set(HOUSES[line]) & set(HOUSES[box])
)
INTERSECTIONS_BY_BOX = tuple(sorted(INTERSECTIONS, key=lambda item: (item.box, item.line)))


def _locked_candidates(grid: Grid, base_is_box: bool) -> Iterator[Step]:
    """Pointing (base = box, cover = line) or Claiming (base = line, cover = box)."""
    cands = grid.candidates
    if base_is_box:
        name, order = "Locked Candidates Type 1 (Pointing)", INTERSECTIONS_BY_BOX
    else:
        name, order = "Locked Candidates Type 2 (Claiming)", INTERSECTIONS
    for item in order:
        if base_is_box:
            base, cover, base_rest, rest = item.box, item.line, item.box_rest, item.line_rest
        else:
            base, cover, base_rest, rest = item.line, item.box, item.line_rest, item.box_rest
        shared = item.shared
        inside = cands[shared[0]] | cands[shared[1]] | cands[shared[2]]
        outside_base = outside_cover = 0
        for cell in base_rest:
            outside_base |= cands[cell]
        for cell in rest:
            outside_cover |= cands[cell]
        # digits confined to the intersection within the base house and present in the cover's rest
        for digit in DIGITS_OF[inside & ~outside_base & outside_cover]:
            bit = BIT[digit]
            pattern = tuple((cell, digit) for cell in shared if cands[cell] & bit)
            if len(pattern) < 2:  # one cell: that is a Hidden Single, not an intersection
                continue
            eliminations = tuple((cell, digit) for cell in rest if cands[cell] & bit)
            yield Step(
                name,
                eliminations=eliminations,
                pattern=pattern,
                houses=(base, cover),
                text=f"In {house_name(base)}, every {digit} lies in {house_name(cover)}, "
                f"so {digit} can't be anywhere else in {house_name(cover)}.",
            )


def locked_candidates_pointing(grid: Grid) -> Iterator[Step]:
    """Yield every Locked Candidates Type 1 (Pointing) step, box by box."""
    return _locked_candidates(grid, base_is_box=True)


def locked_candidates_claiming(grid: Grid) -> Iterator[Step]:
    """Yield every Locked Candidates Type 2 (Claiming) step, rows first, then columns."""
    return _locked_candidates(grid, base_is_box=False)


def _locked_subset(grid: Grid, size: int) -> Iterator[Step]:
    """Locked Pair (size 2) or Locked Triple (size 3): a naked subset inside one intersection."""
    cands = grid.candidates
    name = "Locked Pair" if size == 2 else "Locked Triple"
    for line, box, shared, line_rest, box_rest in INTERSECTIONS:
        clear = shared + line_rest + box_rest
        for cells, digits, eliminations in naked_subsets(cands, shared, size, clear):
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

