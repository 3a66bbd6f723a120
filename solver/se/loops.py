"""Sudoku Explainer's Unique Rectangles and Unique Loops, rated as it rates them (4.5 to 5.x).

After SukakuExplainer's ``UniqueLoops``: starting from each bivalue cell x/y, a depth-first
search walks to cells that hold both x and y, leaving each cell through a house of another kind
than it entered by, and closes a loop of 4, 6, 8 ... cells. A loop is valid when every house it
touches holds exactly two of its cells, one on an odd and one on an even position, so x and y
could swap all around it: a deadly pattern, which a puzzle with one solution cannot contain.
The cells with extra candidates ("rescue" cells) must therefore break it:

  Type 1  one rescue cell: it is not x and not y.
  Type 2  every rescue cell has the same one extra digit: it goes from cells seeing them all.
  Type 3  two rescue cells of one house whose extra digits form a naked set with other cells
          of that house: those digits go from the rest of the house.
  Type 4  two rescue cells of one house where x has no other place: y goes from both.

Rating: 4.5 for a rectangle, 4.6 for a loop of 6, 4.7 of 8, 5.0 of 10 or more; type 3 adds 0.1
per digit of its naked set beyond the first. The cheapest hint wins (type breaks ties).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from solver.grid import BOX_OF, COL_OF, DIGITS_OF, HOUSES, PEER_MASK, POPCOUNT, ROW_OF, Grid, cells_of, digit_places
from solver.se.rules import SEHint

# Sudoku Explainer's region kinds in its order: block, row, column
REGION_OF = tuple((18 + BOX_OF[c], ROW_OF[c], 9 + COL_OF[c]) for c in range(81))
ALL_CELLS = (1 << 81) - 1
RatedHint = tuple[float, int, SEHint]  # (rating, type 1..4, hint): the cheapest wins, type breaks ties


def _loop_base(length: int) -> float:
    if length >= 10:
        return 5.0
    return 4.5 + {4: 0.0, 6: 0.1, 8: 0.2}[length]


def _valid(loop: list[int]) -> bool:
    """Every region of the loop holds one odd-position and one even-position cell."""
    odd: set[int] = set()
    even: set[int] = set()
    for position, cell in enumerate(loop):
        side = odd if position % 2 else even
        for region in REGION_OF[cell]:
            if region in side:
                return False
            side.add(region)
    return odd == even


REGION_BITS = tuple(sum(1 << region for region in regions) for regions in REGION_OF)


def _loops(cands: list[int], start: int, pair: int) -> list[list[int]]:
    """Sudoku Explainer's checkForLoops from ``start`` for the digits of ``pair``.

    A path is given up as soon as it puts two cells of one parity (odd or even position) in
    one region: every loop that extends it fails ``_valid``, so the loops that pass are the
    same, found in the same order, without walking the paths that cannot close validly
    (their number grows exponentially on grids with many cells holding the pair)."""
    found: list[list[int]] = []
    loop = [start]
    sides = [REGION_BITS[start], 0]  # regions holding a loop cell at an even / odd position

    def walk(cell: int, allowed: int, extra: int, last_kind: int) -> None:
        side = len(loop) & 1
        for kind in range(3):
            if kind == last_kind:
                continue
            for nxt in HOUSES[REGION_OF[cell][kind]]:
                if nxt == loop[0] and len(loop) >= 4:
                    found.append(loop[:])
                elif nxt not in loop and cands[nxt] & pair == pair and not sides[side] & REGION_BITS[nxt]:
                    new_extra = extra | (cands[nxt] & ~pair)
                    count = POPCOUNT[cands[nxt]]
                    if count == 2 or POPCOUNT[new_extra] == 1 or allowed > 0:
                        loop.append(nxt)
                        sides[side] |= REGION_BITS[nxt]
                        walk(nxt, allowed - (count > 2), new_extra, kind)
                        sides[side] ^= REGION_BITS[nxt]
                        loop.pop()

    walk(start, 2, 0, -1)
    return found


_MEMO_SIZE = 4096
_MEMO: dict[tuple[int, int, int, tuple[int, ...]], list[list[int]]] = {}
"""(start, pair, the cells holding the pair, their candidates) -> ``_loops``' answer, which
depends on nothing else: a rating walk asks after every step while most pairs' cells stay the
same. Bounded; safe between threads (a lost race only walks again)."""


def _loops_of(cands: list[int], start: int, pair: int, places: Sequence[int]) -> list[list[int]]:
    """``_loops(cands, start, pair)``, remembered (``_MEMO``); ``places``: per digit, its cells."""
    low, high = DIGITS_OF[pair]
    holders = places[low] & places[high]
    key = (start, pair, holders, tuple(cands[c] for c in cells_of(holders)))
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        found = _MEMO[key] = _loops(cands, start, pair)
    return found


def unique_loops(grid: Grid, places: Sequence[int] | None = None) -> SEHint | None:
    """The cheapest Unique Rectangle or Unique Loop hint of ``grid`` (see the module docstring);
    ``places``: ``solver.grid.digit_places(grid)`` when the caller has it already."""
    cands = grid.candidates
    if places is None:
        places = digit_places(grid)
    best: RatedHint | None = None
    seen: set[tuple[frozenset[int], int]] = set()  # (loop cells, pair)
    for start in range(81):
        pair = cands[start]
        if POPCOUNT[pair] != 2:
            continue
        for loop in _loops_of(cands, start, pair, places):
            key = (frozenset(loop), pair)
            if key in seen or not _valid(loop):
                continue
            seen.add(key)
            for hint in _hints(grid, loop, pair):
                if best is None or hint[:2] < best[:2]:
                    best = hint
    return best[2] if best is not None else None


def _hints(grid: Grid, loop: list[int], pair: int) -> list[RatedHint]:
    """(rating, type, hint) for each type of hint the loop gives."""
    cands = grid.candidates
    base = _loop_base(len(loop))
    extra_cells = [c for c in loop if POPCOUNT[cands[c]] > 2]
    name = "Unique Rectangle" if len(loop) == 4 else f"Unique Loop {len(loop)}"
    out: list[RatedHint] = []

    def add(rating: float, kind: int, eliminations: list[tuple[int, int]]) -> None:
        if eliminations:
            out.append((round(rating, 1), kind, SEHint(round(rating, 1), name, eliminations=tuple(eliminations))))

    if len(extra_cells) == 1:
        cell = extra_cells[0]
        add(base, 1, [(cell, d) for d in DIGITS_OF[pair]])
        return out
    if len(extra_cells) < 2:
        return out
    union = 0
    for c in extra_cells:
        union |= cands[c] & ~pair
    if len(extra_cells) > 2 or POPCOUNT[union] == 1:
        value = DIGITS_OF[cands[extra_cells[0]] & ~pair][0]
        seen = ALL_CELLS
        for c in extra_cells:
            seen &= PEER_MASK[c]
        add(base, 2, [(c, value) for c in cells_of(seen) if c not in loop and cands[c] >> (value - 1) & 1])
        if len(extra_cells) > 2:
            return out
    first, second = extra_cells
    shared = [h for h in REGION_OF[first] if h in REGION_OF[second]]
    if POPCOUNT[union] >= 2:
        for house in shared:
            out += _type3(grid, loop, pair, union, house, first, second, base, name)
    for house in shared:  # type 4: one digit of the pair locked in the rescue cells
        others = [c for c in HOUSES[house] if c not in (first, second)]
        for lock, rem in ((DIGITS_OF[pair][0], DIGITS_OF[pair][1]), (DIGITS_OF[pair][1], DIGITS_OF[pair][0])):
            if not any(cands[c] >> (lock - 1) & 1 for c in others):
                add(base, 4, [(first, rem), (second, rem)])
    return out


def _type3(
    grid: Grid, loop: list[int], pair: int, extra: int, house: int, first: int, second: int, base: float, name: str
) -> list[RatedHint]:
    """Naked sets made of the rescue cells' extra digits and other cells of ``house``."""
    cands = grid.candidates
    pool = [c for c in HOUSES[house] if cands[c] and c not in (first, second)]
    out = []
    for degree in range(max(2, POPCOUNT[extra]), 5):
        for others in combinations(pool, degree - 1):
            union = extra
            for c in others:
                union |= cands[c]
            if POPCOUNT[union] != degree:
                continue
            eliminations = [(c, d) for c in pool if c not in others for d in DIGITS_OF[cands[c] & union]]
            if eliminations:
                rating = round(base + (degree - 1) * 0.1, 1)
                out.append((rating, 3, SEHint(rating, name, eliminations=tuple(eliminations))))
    return out
