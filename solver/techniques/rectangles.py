"""Rectangles for the uniqueness techniques: geometry, the shared scan and step helpers.

Glossary (after HoDoKu's "Uniqueness" pages, hodoku.sourceforge.net/en/tech_ur.php, and
Sudopedia's "Unique Rectangle"):
  rectangle      4 cells in 2 rows, 2 columns and exactly 2 boxes; its corners are kept in cell
                 order (top left, top right, bottom left, bottom right), so corner ``i`` shares
                 its row with corner ``i ^ 1``, its column with ``i ^ 2`` and is diagonal to
                 ``3 - i``.
  deadly pattern a rectangle of cells that are not givens holding only two digits ``a`` and
                 ``b`` (``a b`` over ``b a``): the two digits could swap and the puzzle would
                 have two solutions, so a puzzle with one solution never ends that way.
  floor          the corners whose candidates are ``a`` and/or ``b`` only.
  roof           the other corners: they hold extra candidates, and one of them must use one.
  allowed        a digit no placed value of the cell's houses forbids. As in HoDoKu, a corner
                 whose ``a`` or ``b`` was eliminated by an earlier deduction still belongs to
                 the rectangle: the deadly-pattern argument is about solutions, not candidates.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import NamedTuple

from solver.grid import (
    BIT,
    BOX_OF,
    CELLS,
    COL_OF,
    DIGITS_OF,
    HOUSES_OF,
    PEERS,
    POPCOUNT,
    ROW_OF,
    Grid,
    allowed_masks,
)
from solver.step import Step
from solver.techniques.wording import cells_text


def _rectangles() -> tuple[tuple[int, int, int, int], ...]:
    """Every rectangle: 4 corners in cell order, in 2 rows, 2 columns and exactly 2 boxes."""
    found = []
    for r1, r2 in combinations(range(9), 2):
        for c1, c2 in combinations(range(9), 2):
            corners = (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2)
            if len({BOX_OF[c] for c in corners}) == 2:
                found.append(corners)
    return tuple(found)


RECTANGLES = _rectangles()  # 486 of them
RECTANGLES_OF = tuple(tuple(rect for rect in RECTANGLES if cell in rect) for cell in CELLS)  # 24
PEER_SETS = tuple(frozenset(peers) for peers in PEERS)


class Rectangle(NamedTuple):
    """A possible deadly pattern on digits ``a`` < ``b`` (``ab`` is their mask).

    ``floor`` and ``roof`` are corner positions 0..3 (see the glossary), in order.
    """

    corners: tuple[int, int, int, int]
    a: int
    b: int
    ab: int
    floor: tuple[int, ...]
    roof: tuple[int, ...]


# one-entry memo shared by the 7 finders: ((candidates, values) of the grid, or (), its rectangles)
_last: tuple[tuple[tuple[int, ...], ...], list[Rectangle]] = ((), [])


def _number(corners: tuple[int, ...]) -> int:
    """HoDoKu's number of a rectangle (UniquenessSolver.checkRect, read for the rule): its four
    cells in ascending order read as decimal digits, ``((c0 * 10 + c1) * 10 + c2) * 10 + c3``.
    Two rectangles can share a number; HoDoKu then looks only at the first, and so does this."""
    c0, c1, c2, c3 = sorted(corners)
    return ((c0 * 10 + c1) * 10 + c2) * 10 + c3


def unique_rectangles(grid: Grid) -> list[Rectangle]:
    """Every rectangle of ``grid`` that could become a deadly pattern and has a floor.

    A rectangle on ``a``/``b`` qualifies when one corner holds exactly ``a`` and ``b`` and
    every corner is empty with both digits allowed; found from each bivalue cell in cell order,
    each rectangle once, with the digits of the first bivalue corner that finds it (HoDoKu
    keeps one rectangle per four cells: a rectangle a 2/9 corner found first is not looked at
    again from its 7/9 corner). The result is remembered for the last grid state seen, so
    the seven Unique Rectangle finders share one scan.
    """
    global _last
    key = (tuple(grid.candidates), tuple(grid.values))
    memo = _last
    if memo[0] == key:
        return memo[1]
    cands = grid.candidates
    found: list[Rectangle] = []
    allowed: list[int] | None = None
    seen: set[int] = set()  # HoDoKu's numbers of the rectangles taken (``_number``)
    for cell in CELLS:
        ab = cands[cell]
        if POPCOUNT[ab] != 2:
            continue
        if allowed is None:
            allowed = allowed_masks(grid.values)
        for corners in RECTANGLES_OF[cell]:
            p0, p1, p2, p3 = corners
            if (
                allowed[p0] & ab != ab
                or allowed[p1] & ab != ab
                or allowed[p2] & ab != ab
                or allowed[p3] & ab != ab
                or (number := _number(corners)) in seen
            ):
                continue
            seen.add(number)
            floor = tuple(i for i in range(4) if not cands[corners[i]] & ~ab)
            roof = tuple(i for i in range(4) if cands[corners[i]] & ~ab)
            a, b = DIGITS_OF[ab]
            found.append(Rectangle(corners, a, b, ab, floor, roof))
    _last = (key, found)
    return found


# --- step building -------------------------------------------------------------------------


def deadly_text(corners: tuple[int, ...], a: int, b: int) -> str:
    """``'r1c2, r1c7, r4c2 and r4c7 would hold only 3 and 7, and the puzzle would have two
    solutions'``: the clause every uniqueness sentence ends its argument with."""
    return f"{cells_text(corners)} would hold only {a} and {b}, and the puzzle would have two solutions"


def rectangle_step(
    technique: str,
    corners: tuple[int, ...],
    digits: tuple[int, int],
    eliminations: list[tuple[int, int]],
    grid: Grid,
    text: str,
    extra_houses: tuple[int, ...] = (),
    extra_groups: tuple[tuple[tuple[int, int], ...], ...] = (),
) -> Step:
    """The Step of a rectangle technique.

    ``pattern`` = the rectangle digits in its corners (a placed corner counts with its value),
    less the eliminations; ``groups`` = every candidate (or value) of the four corners, then
    ``extra_groups``; ``houses`` = the rectangle's rows and columns, then ``extra_houses``.
    """
    cands, values = grid.candidates, grid.values
    removed = set(eliminations)
    pattern, corner_group = [], []
    for cell in corners:
        if values[cell]:
            corner_group.append((cell, values[cell]))
            if values[cell] in digits:
                pattern.append((cell, values[cell]))
            continue
        for d in DIGITS_OF[cands[cell]]:
            corner_group.append((cell, d))
            if d in digits and (cell, d) not in removed:
                pattern.append((cell, d))
    first, last = corners[0], corners[-1]
    houses: tuple[int, ...] = (ROW_OF[first], ROW_OF[last], 9 + COL_OF[first], 9 + COL_OF[last])
    houses += tuple(h for h in extra_houses if h not in houses)
    return Step(
        technique=technique,
        eliminations=tuple(sorted(eliminations)),
        pattern=tuple(sorted(pattern)),
        houses=houses,
        text=text,
        groups=(tuple(sorted(corner_group)),) + extra_groups,
    )


def best_first(steps: list[Step]) -> Iterator[Step]:
    """The steps, most eliminations first (ties in the order found), each elimination set once."""
    seen: set[tuple[str, tuple[tuple[int, int], ...]]] = set()
    for step in sorted(steps, key=lambda s: -len(s.eliminations)):
        key = (step.technique, step.eliminations)
        if key not in seen:
            seen.add(key)
            yield step


def seeing_all(grid: Grid, cells: list[int], digit: int, exclude: tuple[int, ...]) -> list[int]:
    """The cells outside ``exclude`` that see every one of ``cells`` and hold ``digit``."""
    common = PEER_SETS[cells[0]].intersection(*(PEER_SETS[c] for c in cells[1:]))
    bit, cands = BIT[digit], grid.candidates
    return sorted(c for c in common if cands[c] & bit and c not in exclude)


def shared_houses(first: int, second: int) -> tuple[int, ...]:
    """The houses two cells share: a row or column, then the box if they share it too."""
    return tuple(h for h in HOUSES_OF[first] if h in HOUSES_OF[second])


def outside_in(grid: Grid, line: tuple[int, ...], digit: int, corners: tuple[int, ...]) -> bool:
    """True if ``digit`` is a candidate of some cell of ``line`` that is not a corner."""
    bit, cands = BIT[digit], grid.candidates
    return any(cands[c] & bit and c not in corners for c in line)
