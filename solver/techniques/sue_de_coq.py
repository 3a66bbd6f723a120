"""Sue de Coq (two-sector disjoint subsets), after HoDoKu's "Miscellaneous" page
(hodoku.sourceforge.net/en/tech_misc.php).

Glossary:
  core       2 or 3 empty cells where a line (row or column) meets a box, holding between them
             V, at least two digits more than cells.
  line set   other empty cells of the line; the digits they hold outside V are its extras.
  box set    other empty cells of the box, none holding a digit of V the line set holds.
  count      core, line set and box set are together exactly as many cells as V's digits plus
             both sets' extras: every one of those digits is then placed in them, V's digits
             once, the line set's extras in the line set, the box set's in the box set.

So the digits that must fall in the line (V's digits the box set lacks, the line extras) go
from the rest of the line, and those that must fall in the box go from the rest of the box; an
extra digit of both sets goes from both.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from solver.grid import BOXES, DIGITS_OF, HOUSES, POPCOUNT, Grid, cells_of, house_name, places_of, subsets_of
from solver.memo import remember
from solver.step import Candidate, Step
from solver.techniques.als_sets import RemovalKey, eliminations_of_key, removal_key, removals_text
from solver.techniques.subsets import house_keys
from solver.techniques.wording import and_list, cells_text

# (line house, box house, the three cells they share) for every row and column and box.
INTERSECTIONS = tuple(
    (line, 18 + box, tuple(sorted(set(HOUSES[line]) & set(BOXES[box]))))
    for line in range(18)
    for box in range(9)
    if set(HOUSES[line]) & set(BOXES[box])
)

Subset = tuple[int, int, int]  # (cell mask, digit mask, size) of some cells of a house
CoqOrder = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # cells of core, line set, box set
CoqParts = tuple[int, int, int, int, int]  # line, box, and the cell masks of core, line set, box set
CoqFound = tuple[CoqOrder, RemovalKey, CoqParts]  # what ``_around_core`` gives for one Sue de Coq

_FOUND: dict[tuple[int, ...], list[CoqFound]] = {}
"""(line, box, the candidates of the line's and the box's cells) -> what ``_around_core`` found
there. A Sue de Coq and its eliminations lie in one line and one box, so what an intersection
gives depends on those 18 cells' candidates alone; a solve path asks again after every step
while most intersections stay the same. Bounded (emptied when full); safe to share between
threads (a lost race only repeats a search)."""
_FOUND_SIZE = 16384


def sue_de_coq(grid: Grid) -> Iterator[Step]:
    """Every Sue de Coq in ``grid`` (untouched): a core of 2-3 cells where a line meets a box,
    a line set and a box set that together hold exactly as many digits as cells.

    One step per set of eliminations, in HoDoKu 2.2's search order, the first being the one its
    solver takes: rows, then columns, each with the boxes in order; then the core's, the line
    set's and the box set's cells, combined in cell order (a set before its extensions). Source:
    HoDoKu, "Sue de Coq" (hodoku.sourceforge.net/en/tech_misc.php).
    """
    cands = grid.candidates
    holders = places_of(cands)  # the finders before this one at the position made both
    pictures = house_keys(cands)
    found: list[tuple[int, CoqOrder, RemovalKey, CoqParts]] = []  # place, order, key, parts
    for place, (line, box, shared) in enumerate(INTERSECTIONS):
        core_cells = [cell for cell in shared if cands[cell]]
        if len(core_cells) < 2:
            continue
        picture = (line, box, *pictures[line], *pictures[box])
        here = _FOUND.get(picture)
        if here is None:
            here = []
            for core_mask, core_digits, core_size in subsets_of(core_cells, cands):
                spare = POPCOUNT[core_digits] - core_size
                if core_size >= 2 and spare >= 2:
                    line_sets, box_sets = (
                        subsets_of([c for c in HOUSES[house] if cands[c] and not core_mask >> c & 1], cands)
                        for house in (line, box)
                    )
                    if line_sets and box_sets:
                        here += _around_core(holders, line, box, core_mask, core_digits, spare, line_sets, box_sets)
            remember(_FOUND, picture, here, _FOUND_SIZE)
        found += [(place, order, key, parts) for order, key, parts in here]
    found.sort(key=lambda item: item[:2])
    seen = set()
    for _, _, key, parts in found:
        if key not in seen:
            seen.add(key)
            yield _step(cands, *parts, eliminations_of_key(key))


def _around_core(
    holders: Sequence[int],
    line: int,
    box: int,
    core: int,
    core_digits: int,
    spare: int,
    line_subsets: list[Subset],
    box_subsets: list[Subset],
) -> list[CoqFound]:
    """Every line set and box set that complete the core (cell masks): (HoDoKu's search order,
    eliminations, (line, box, core, line set, box set)) each; the order is the cell lists of
    core, line set and box set, which HoDoKu combines in cell order (a set before its
    extensions). ``line_subsets`` and ``box_subsets`` are every subset of the line's and the
    box's open cells outside the core (``subsets_of``, so the last is all of them; not empty)."""
    # box sets by how many of the core's spare digits they take: size minus extras
    box_sets: dict[int, list[Subset]] = {}
    for takes, mask, digits, size in [
        (size - POPCOUNT[digits & ~core_digits], mask, digits, size)
        for mask, digits, size in box_subsets
        if digits & core_digits
    ]:
        if 0 < takes < spare:
            box_sets.setdefault(takes, []).append((mask, digits, size))
    if not box_sets:
        return []
    box_all, line_all = box_subsets[-1][0], line_subsets[-1][0]  # the last subset is all
    found: list[CoqFound] = []
    for takes, line_mask, line_digits, _line_size in [
        (size - POPCOUNT[digits & ~core_digits], mask, digits, size)
        for mask, digits, size in line_subsets
        if digits & core_digits
    ]:
        if not 0 < takes < spare or spare - takes not in box_sets:
            continue
        banned = line_digits & core_digits
        for box_mask, box_digits, _box_size in box_sets.get(spare - takes, ()):
            if box_digits & banned or box_mask & line_mask:
                continue
            both = line_digits & box_digits & ~core_digits
            from_box = ((core_digits | box_digits) & ~line_digits) | both
            from_line = ((core_digits | line_digits) & ~box_digits) | both
            box_rest = box_all & ~box_mask  # the subsets' cells are outside the core already
            line_rest = line_all & ~line_mask
            removed = [(d, box_rest & holders[d]) for d in DIGITS_OF[from_box]]
            removed += [(d, line_rest & holders[d]) for d in DIGITS_OF[from_line]]
            key = removal_key(removed)
            if key:
                order = (tuple(cells_of(core)), tuple(cells_of(line_mask)), tuple(cells_of(box_mask)))
                found.append((order, key, (line, box, core, line_mask, box_mask)))
    return found


def _digit_words(mask: int) -> str:
    return and_list(DIGITS_OF[mask])


def _step(
    cands: list[int],
    line: int,
    box: int,
    core_mask: int,
    line_mask: int,
    box_mask: int,
    eliminations: tuple[Candidate, ...],
) -> Step:
    """The Step for one Sue de Coq (the three parts as cell masks)."""
    core, line_set, box_set = (tuple(cells_of(m)) for m in (core_mask, line_mask, box_mask))

    def held(cells: tuple[int, ...]) -> int:
        mask = 0
        for cell in cells:
            mask |= cands[cell]
        return mask

    cells = core + line_set + box_set
    groups = tuple(
        tuple((cell, d) for cell in part for d in DIGITS_OF[cands[cell]]) for part in (core, line_set, box_set)
    )
    text = (
        f"{cells_text(core)}, where {house_name(line)} meets {house_name(box)}, hold only "
        f"{_digit_words(held(core))}. With {cells_text(line_set)} of {house_name(line)} "
        f"({_digit_words(held(line_set))}) and {cells_text(box_set)} of {house_name(box)} "
        f"({_digit_words(held(box_set))}), these {len(cells)} cells have just enough digits "
        f"to fill them, so each digit is placed in them: {removals_text(eliminations)}."
    )
    return Step(
        technique="Sue de Coq",
        eliminations=eliminations,
        pattern=tuple(sorted(pair for group in groups for pair in group)),
        houses=(line, box),
        text=text,
        groups=groups,
    )
