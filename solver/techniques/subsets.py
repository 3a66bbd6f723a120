"""Subsets: Naked and Hidden Pair, Triple and Quad, in rows, columns and boxes.

Definitions after HoDoKu (hodoku.sourceforge.net/en/tech_naked.php, tech_hidden.php):

  Naked subset   n cells of a house hold only n candidates between them (each cell 2..n of
                 them); those digits go from every other cell of the house.
  Hidden subset  n digits of a house can only go in the same n cells (each digit in 2..n of
                 them); every other candidate goes from those cells.

Houses are scanned in HoDoKu's order: boxes, then rows, then columns. A naked subset that lies
in two houses (a row and a box) removes its digits from both, as HoDoKu's does. Finders yield
every step that eliminates something and never change the grid.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from solver.grid import BIT, DIGITS_OF, HOUSES, HOUSES_OF, POPCOUNT, Grid, house_name
from solver.memo import remember
from solver.step import Step
from solver.techniques.wording import and_list, cells_text, or_list

SIZE_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}


def naked_subsets(
    cands: list[int], pool: list[int], size: int, clear: list[int]
) -> Iterator[tuple[tuple[int, ...], int, tuple[tuple[int, int], ...]]]:
    """Each ``size`` cells of ``pool`` holding only ``size`` digits between them.

    ``cands`` is the grid's 81 candidate masks; cells of ``pool`` with 2..size candidates are
    combined. Yields (cells, digit mask, eliminations): the subset's digits in the cells of
    ``clear`` outside the subset, only when there is at least one.
    """
    for subset, digits in closed_subsets(cands, pool, size):
        eliminations = tuple(
            (cell, digit) for cell in clear if cell not in subset for digit in DIGITS_OF[cands[cell] & digits]
        )
        if eliminations:
            yield subset, digits, eliminations


def closed_subsets(cands: list[int], pool: list[int], size: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """(cells, digit mask) for each ``size`` cells of ``pool`` (in pool order, those with 2..size
    candidates) holding only ``size`` digits between them."""
    small = [cell for cell in pool if 2 <= POPCOUNT[cands[cell]] <= size]
    for subset in combinations(small, size):
        digits = 0
        for cell in subset:
            digits |= cands[cell]
        if POPCOUNT[digits] == size:
            yield subset, digits


def subset_pattern(cands: list[int], cells: tuple[int, ...], digits: int) -> tuple[tuple[int, int], ...]:
    """The candidates of ``digits`` in ``cells``: the pattern that justifies a subset step."""
    return tuple((cell, d) for cell in cells for d in DIGITS_OF[cands[cell] & digits])


BOXES_ROWS_COLUMNS = tuple(range(18, 27)) + tuple(range(18))
"""HoDoKu's order of houses for subsets: boxes, then rows, then columns."""


def subset_eliminations(
    cands: list[int], cells: tuple[int, ...], digits: int
) -> tuple[tuple[tuple[int, int], ...], bool]:
    """What a naked subset of ``cells`` holding ``digits`` removes, and whether it is locked.

    The digits go from every other cell of each house the cells share (row, column, box, in
    that order; cells in house order, digits ascending; each candidate once), as HoDoKu's
    createSubsetStep lists them. A pair or triple is locked (HoDoKu's Locked Pair or Triple)
    when it lies in a box and a line and removes something in the box and something in the
    line outside the box.
    """
    eliminations: list[tuple[int, int]] = []
    seen = set()
    first = HOUSES_OF[cells[0]]
    shared = [house for i, house in enumerate(first) if all(HOUSES_OF[cell][i] == house for cell in cells)]
    box = first[2] if first[2] in shared else None
    in_box = in_line = False
    for house in shared:
        for cell in HOUSES[house]:
            if cell in cells:
                continue
            for digit in DIGITS_OF[cands[cell] & digits]:
                if house == box:
                    in_box = True
                elif HOUSES_OF[cell][2] != first[2]:
                    in_line = True
                if (cell, digit) not in seen:
                    seen.add((cell, digit))
                    eliminations.append((cell, digit))
    locked = len(cells) < 4 and box is not None and len(shared) > 1 and in_box and in_line
    return tuple(eliminations), locked


def _naked(grid: Grid, size: int) -> Iterator[Step]:
    """Naked subsets in HoDoKu's order (boxes, rows, columns; cells combined in house order),
    each with the eliminations of every house its cells share; the locked ones are left to
    Locked Pair and Locked Triple. Which cells of a house close a subset depends on the house's
    candidates alone, so it is remembered by them (``_CLOSED``); what the subset removes is
    worked out each time, as it reaches into the other houses its cells share."""
    cands = grid.candidates
    name = f"Naked {SIZE_NAMES[size]}"
    keys = house_keys(cands)
    for house in BOXES_ROWS_COLUMNS:
        entry = (size, house, keys[house])
        closed = _CLOSED.get(entry)
        if closed is None:
            open_cells = [cell for cell in HOUSES[house] if cands[cell]]
            closed = tuple(closed_subsets(cands, open_cells, size)) if len(open_cells) > size else ()
            remember(_CLOSED, entry, closed, _MEMO_SIZE)
        for subset, digits in closed:
            eliminations, locked = subset_eliminations(cands, subset, digits)
            if not eliminations or locked:
                continue
            names = DIGITS_OF[digits]
            yield Step(
                name,
                eliminations=eliminations,
                pattern=subset_pattern(cands, subset, digits),
                houses=(house,),
                text=f"{cells_text(subset)} hold only {and_list(names)} between them, so no "
                f"other cell in {house_name(house)} can be {or_list(names)}.",
            )


HouseKey = tuple[int, ...]  # the candidate masks of a house's 9 cells, in house order
_CLOSED: dict[tuple[int, int, HouseKey], tuple[tuple[tuple[int, ...], int], ...]] = {}
"""(size, house, its candidates) -> the naked subsets of that size its cells close."""
_HIDDEN: dict[tuple[int, HouseKey], tuple[tuple[Step, ...], ...]] = {}
"""(house, its candidates) -> the house's Hidden Pair, Triple and Quad steps (all inside it)."""
_MEMO_SIZE = 8192
"""Both memos are emptied when full; a solve path asks again after every step while most
houses stay as they were. Safe to share between threads (a lost race only repeats work)."""
_last_keys: tuple[tuple[int, ...], list[HouseKey]] | None = None


def house_keys(cands: list[int]) -> list[HouseKey]:
    """Per house 0..26, its cells' candidate masks: what a subset of the house depends on. The
    six subset finders ask for the same position in turn, so the last position's are kept."""
    global _last_keys
    key = tuple(cands)
    last = _last_keys
    if last is not None and last[0] == key:
        return last[1]
    keys = [tuple([key[cell] for cell in cells]) for cells in HOUSES]
    _last_keys = (key, keys)
    return keys


def _hidden(grid: Grid, size: int) -> Iterator[Step]:
    """Hidden subsets in HoDoKu's order of houses; a house's steps (pattern and eliminations
    both inside it) are remembered by its candidates (``_HIDDEN``)."""
    cands = grid.candidates
    keys = house_keys(cands)
    for house in BOXES_ROWS_COLUMNS:
        entry = (house, keys[house])
        by_size = _HIDDEN.get(entry)
        if by_size is None:
            by_size = remember(_HIDDEN, entry, _hidden_in(cands, house), _MEMO_SIZE)
        yield from by_size[size - 2]


def _hidden_in(cands: list[int], house: int) -> tuple[tuple[Step, ...], ...]:
    """The Hidden Pairs, Triples and Quads of one house (three tuples): the walks try the three
    one after another at a position, so one pass over the house's digits serves them all."""
    cells = HOUSES[house]
    where: dict[int, int] = {}  # digit -> the cells of the house with it, as a 9-bit index mask
    for index, cell in enumerate(cells):
        for digit in DIGITS_OF[cands[cell]]:
            where[digit] = where.get(digit, 0) | 1 << index
    return tuple(tuple(_hidden_of_size(cands, house, where, size)) for size in (2, 3, 4))


def _hidden_of_size(cands: list[int], house: int, where: dict[int, int], size: int) -> Iterator[Step]:
    """The Hidden subsets of ``size`` in one house, its digits' places given (``where``)."""
    if len(where) <= size:
        return
    name = f"Hidden {SIZE_NAMES[size]}"
    cells = HOUSES[house]
    small = sorted(digit for digit, spots in where.items() if 2 <= POPCOUNT[spots] <= size)
    for digits in combinations(small, size):
        spots = 0
        for digit in digits:
            spots |= where[digit]
        if POPCOUNT[spots] != size:
            continue
        subset = tuple(cells[index] for index in range(9) if spots >> index & 1)
        keep = 0
        for digit in digits:
            keep |= BIT[digit]
        eliminations = tuple((cell, digit) for cell in subset for digit in DIGITS_OF[cands[cell] & ~keep])
        if not eliminations:
            continue
        yield Step(
            name,
            eliminations=eliminations,
            pattern=subset_pattern(cands, subset, keep),
            houses=(house,),
            text=f"In {house_name(house)}, {and_list(digits)} can only go in "
            f"{cells_text(subset)}, so those cells can't hold any other digit.",
        )


def naked_pair(grid: Grid) -> Iterator[Step]:
    """Yield every Naked Pair: 2 cells of a house with the same 2 candidates."""
    return _naked(grid, 2)


def naked_triple(grid: Grid) -> Iterator[Step]:
    """Yield every Naked Triple: 3 cells of a house with only 3 candidates between them."""
    return _naked(grid, 3)


def naked_quad(grid: Grid) -> Iterator[Step]:
    """Yield every Naked Quad: 4 cells of a house with only 4 candidates between them."""
    return _naked(grid, 4)


def hidden_pair(grid: Grid) -> Iterator[Step]:
    """Yield every Hidden Pair: 2 digits of a house confined to the same 2 cells."""
    return _hidden(grid, 2)


def hidden_triple(grid: Grid) -> Iterator[Step]:
    """Yield every Hidden Triple: 3 digits of a house confined to the same 3 cells."""
    return _hidden(grid, 3)


def hidden_quad(grid: Grid) -> Iterator[Step]:
    """Yield every Hidden Quad: 4 digits of a house confined to the same 4 cells."""
    return _hidden(grid, 4)
