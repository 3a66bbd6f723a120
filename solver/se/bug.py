"""Bivalue Universal Grave (BUG) types 1 to 4 as Sudoku Explainer finds and rates them.

After SukakuExplainer's BivalueUniversalGrave rule with its default "lkSudoku" fix (facts
gathered from its public source). Glossary: a BUG cell is a cell with
three or more candidates holding a BUG value, a candidate that appears neither zero times nor
twice in one of its houses (looked up box by box, then row by row, column by column, digits
1-9). With every BUG value removed, the grid must be a BUG (every empty cell bivalue, every
digit twice or not at all in every house), so one BUG value is true.

  Type 1 (5.6): one BUG cell; its other candidates go.
  Type 2 (5.7): one BUG value d in all BUG cells; d goes from every cell seeing them all.
  Type 4 (5.7): two BUG cells in one house sharing one other candidate v; each keeps only its
                BUG values and v.
  Type 3 (5.8-6.2): the BUG cells' values make a naked set of n digits (5.7 + 0.1 (n - 1))
                with n - 1 cells of a house they share; its digits go from the cells seeing
                every cell of the set that holds them. Smallest set first.

The lkSudoku fix: when every misplaced value of the grid is one digit, the cells holding it
with three or more candidates are all BUG cells (a type 2 that the plain search misses).
"""

from __future__ import annotations

from itertools import combinations

from solver.grid import BIT, CELL_BIT, DIGITS_OF, HOUSE_MASK, PEER_MASK, POPCOUNT, Grid, cells_of
from solver.se.rules import SEHint

SE_REGIONS = tuple(range(18, 27)) + tuple(range(9)) + tuple(range(9, 18))  # boxes, rows, columns


def _digit_masks(cands: list[int]) -> list[int]:
    masks = [0] * 10
    for cell, mask in enumerate(cands):
        for d in DIGITS_OF[mask]:
            masks[d] |= CELL_BIT[cell]
    return masks


class _BugCells:
    """The BUG cells found so far and what they hold, gathered house by house.

    Fields:
        cells: the BUG cells, in the order found.
        values: cell -> 9-bit mask of its BUG values.
        all_values: the BUG values of the house scan, all cells together (9-bit).
        common: the cells outside them that see every BUG cell (81-bit), None before the first.
        temp: the 81 candidate masks without the BUG values.
    """

    __slots__ = ("all_values", "cells", "common", "temp", "values")

    def __init__(self, cands: list[int]):
        self.cells: list[int] = []
        self.values: dict[int, int] = {}
        self.all_values = 0
        self.common: int | None = None
        self.temp = list(cands)

    def add(self, cell: int) -> bool:
        """Record ``cell`` as a BUG cell; False when no type 1-3 can follow."""
        if cell not in self.cells:
            self.cells.append(cell)
        common = PEER_MASK[cell] if self.common is None else self.common & PEER_MASK[cell]
        for c in self.cells:
            common &= ~CELL_BIT[c]
        self.common = common
        return not (len(self.cells) > 1 and POPCOUNT[self.all_values] > 1 and not common)


def bug(grid: Grid) -> SEHint | None:
    """Sudoku Explainer's first BUG hint (type 1, 2, 4 or 3, as it tries them), or None."""
    cands = grid.candidates
    masks = _digit_masks(cands)
    found = _bug_cells(cands, masks)
    if found is None or not found.cells or not _is_bug(grid, found.temp):
        return None
    return _bug_hint(cands, masks, found)


def _bug_cells(cands: list[int], masks: list[int]) -> _BugCells | None:
    """The BUG cells and values of the grid with candidates ``cands`` (per digit ``masks``):
    the misplaced values, house by house, that lie in one cell of three or more candidates,
    then the lkSudoku fix; None when a misplaced digit has no such cell or no type 1-3 can
    follow."""
    wide = 0  # cells with three or more candidates
    for c in range(81):
        if POPCOUNT[cands[c]] >= 3:
            wide |= CELL_BIT[c]
    found = _BugCells(cands)
    extra_cells: int | None = None
    only_value, one_value = 0, True
    for house in SE_REGIONS:
        hmask = HOUSE_MASK[house]
        for d in range(1, 10):
            places = masks[d] & hmask
            count = places.bit_count()
            if count in (0, 2):
                continue
            new = places & wide
            if extra_cells is None:
                extra_cells, only_value = new, d
            elif one_value:
                if only_value == d:
                    extra_cells |= new
                else:
                    one_value = False
            if new and not new & (new - 1):
                cell = new.bit_length() - 1
                found.values[cell] = found.values.get(cell, 0) | BIT[d]
                found.all_values |= BIT[d]
                found.temp[cell] &= ~BIT[d]
                if not found.add(cell):
                    return None
            if not new:
                return None  # a digit misplaced, but in no cell with an extra candidate
    if one_value and extra_cells is not None and extra_cells.bit_count() > len(found.cells):
        for c in found.cells:
            extra_cells &= ~CELL_BIT[c]
        for cell in cells_of(extra_cells):
            found.values[cell] = BIT[only_value]
            found.temp[cell] &= ~BIT[only_value]
            if not found.add(cell):
                return None
    return found


def _is_bug(grid: Grid, temp: list[int]) -> bool:
    """True when the candidates ``temp`` of ``grid``'s empty cells make a BUG: every empty cell
    bivalue, every digit twice or not at all in every house."""
    if any(POPCOUNT[temp[c]] != 2 for c in range(81) if not grid.values[c]):
        return False
    tmasks = _digit_masks(temp)
    for house in SE_REGIONS:
        for d in range(1, 10):
            if (tmasks[d] & HOUSE_MASK[house]).bit_count() not in (0, 2):
                return False
    return True


def _bug_hint(cands: list[int], masks: list[int], found: _BugCells) -> SEHint | None:
    """The hint of the BUG cells ``found`` (one or more) of a grid with candidates ``cands``
    (per digit ``masks``): type 1, 2, 4 or 3, as Sudoku Explainer tries them, or None."""
    bug_cells, all_values = found.cells, found.all_values
    common = found.common or 0
    if len(bug_cells) == 1:
        cell = bug_cells[0]
        removed = cands[cell] & ~all_values
        return SEHint(5.6, "BUG type 1", eliminations=tuple((cell, d) for d in DIGITS_OF[removed]))
    if POPCOUNT[all_values] == 1:
        d = DIGITS_OF[all_values][0]
        victims = common & masks[d]
        if victims:
            return SEHint(5.7, "BUG type 2", eliminations=tuple((c, d) for c in cells_of(victims)))
        return _type4(cands, bug_cells, found.values, all_values) if len(bug_cells) == 2 else None
    if common:
        if len(bug_cells) == 2:
            hint = _type4(cands, bug_cells, found.values, all_values)
            if hint is not None:
                return hint
        return _type3(cands, masks, bug_cells, all_values, common)
    return None


def _shared_houses(cells: list[int]) -> list[int]:
    """The houses holding every cell of ``cells``, boxes first, then rows, then columns."""
    return [h for h in SE_REGIONS if all(HOUSE_MASK[h] & CELL_BIT[c] for c in cells)]


def _type4(cands: list[int], bug_cells: list[int], bug_values: dict[int, int], all_values: int) -> SEHint | None:
    first, second = bug_cells
    common = cands[first] & cands[second] & ~all_values
    if POPCOUNT[common] != 1 or not _shared_houses(bug_cells):
        return None
    eliminations = []
    for cell in (first, second):
        removed = cands[cell] & ~bug_values[cell] & ~common
        eliminations += [(cell, d) for d in DIGITS_OF[removed]]
    return SEHint(5.7, "BUG type 4", eliminations=tuple(eliminations))


def _type3(cands: list[int], masks: list[int], bug_cells: list[int], all_values: int, common: int) -> SEHint | None:
    if POPCOUNT[all_values] < 2:
        return None
    houses = _shared_houses(bug_cells)
    for degree in range(2, 7):
        for house in houses:
            region_cells = cells_of(common & HOUSE_MASK[house])
            if len(region_cells) < degree:
                continue
            # SE's order of the (degree - 1)-cell combinations: by bit mask (colex)
            for combo in sorted(combinations(region_cells, degree - 1), key=lambda c: c[::-1]):
                union = 0
                for c in combo:
                    if POPCOUNT[cands[c]] <= 1:
                        union = -1
                        break
                    union |= cands[c]
                if union < 0 or POPCOUNT[union] != degree or all_values & ~union:
                    continue
                eliminations = []
                for d in DIGITS_OF[union]:
                    seen = -1
                    for c in (*combo, *bug_cells):
                        if cands[c] & BIT[d]:
                            seen &= PEER_MASK[c]
                    eliminations += [(c, d) for c in cells_of(seen & masks[d])]
                if eliminations:
                    eliminations.sort()
                    return SEHint(round(5.7 + 0.1 * (degree - 1), 1), "BUG type 3", eliminations=tuple(eliminations))
    return None
