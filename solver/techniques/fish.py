"""Basic fish: X-Wing (size 2), Swordfish (size 3), Jellyfish (size 4).

Glossary (after HoDoKu's "Basic Fish" page and Sudopedia's "Fish"):
  base sets   n rows (or n columns) in which a digit's candidates all lie in the same n columns
              (or rows): the cover sets. Each base set must take the digit once, in a cover set,
              so the n base sets fill the n cover sets, and the digit can be removed from every
              other cell of the cover sets.
  positions   for one digit and one line (row or column), the 9-bit mask of the crossing lines
              (columns or rows) where the digit is still a candidate.

Only complete basic fish are found here (finned and sashimi fish are in fish_finned, fish with
boxes among the base or cover sets in fish_franken; both share the positions table). A base set
needs 2..n positions: a line with one position is a single, and one with none has the digit
placed. A fish is reported only when it eliminates something. Fish that contain a smaller fish
of the same digit are not filtered out; the solve loop tries the smaller technique first.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from solver.grid import DIGITS, DIGITS_OF, POPCOUNT, Grid, cell_name
from solver.step import Step
from solver.techniques.digit_memo import DigitMemo
from solver.techniques.wording import and_list

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_KINDS = (("rows", "columns"), ("columns", "rows"))  # (base kind, cover kind) by orientation
INDICES_OF = tuple(tuple(d - 1 for d in DIGITS_OF[mask]) for mask in range(512))  # 0-based bits


def _cell(orientation: int, line: int, cross: int) -> int:
    """The cell where base ``line`` meets ``cross``; orientation 0 = row bases, 1 = column bases."""
    return line * 9 + cross if orientation == 0 else cross * 9 + line


_last_positions: tuple[tuple[int, ...], list[list[list[int]]]] | None = None


def _positions(grid: Grid) -> list[list[list[int]]]:
    """``positions[orientation][digit][line]``: the mask of crossing lines holding ``digit``.

    One pass over the 81 cells serves every digit and both orientations (row bases, column
    bases), and the last position's table is kept: the basic, finned and sashimi fish of every
    size ask for the same position in turn (one at a time; safe to share between threads, a
    lost race only repeats the work). Read only.
    """
    global _last_positions
    key = tuple(grid.candidates)
    last = _last_positions
    if last is not None and last[0] == key:
        return last[1]
    rows = [[0] * 9 for _ in range(10)]
    cols = [[0] * 9 for _ in range(10)]
    for cell, mask in enumerate(key):
        if mask:
            r, c = divmod(cell, 9)
            row_bit, col_bit = 1 << c, 1 << r
            for digit in DIGITS_OF[mask]:
                rows[digit][r] |= row_bit
                cols[digit][c] |= col_bit
    positions = [rows, cols]
    _last_positions = (key, positions)
    return positions


def _numbers(items: tuple[int, ...] | list[int]) -> str:
    """``2``, ``2 and 7``, ``1, 4 and 9`` for 0-based line indices."""
    return and_list(i + 1 for i in items)


MEMO = DigitMemo()
"""Digits with no basic fish of a size at their places (``solver.techniques.digit_memo``)."""


def _fish(grid: Grid, size: int) -> Iterator[Step]:
    """Every complete basic fish of ``size`` base sets that eliminates something: digits in
    turn, row bases before column bases; digits remembered as having none are skipped."""
    positions = _positions(grid)
    rows = positions[0]
    return MEMO.steps(
        size, lambda digit: tuple(rows[digit]), DIGITS, lambda digit: _fish_of_digit(positions, digit, size)
    )


def _fish_of_digit(positions: list[list[list[int]]], digit: int, size: int) -> Iterator[Step]:
    """The basic fish of one digit and size, row bases first."""
    name = FISH_NAMES[size]
    for orientation in (0, 1):
        masks = positions[orientation][digit]
        eligible = [line for line in range(9) if 2 <= POPCOUNT[masks[line]] <= size]
        if len(eligible) < size:
            continue
        for base in combinations(eligible, size):
            cover = 0
            for line in base:
                cover |= masks[line]
            if POPCOUNT[cover] != size:
                continue
            eliminations = sorted(
                (_cell(orientation, line, cross), digit)
                for line in range(9)
                if line not in base
                for cross in INDICES_OF[masks[line] & cover]
            )
            if not eliminations:
                continue
            yield _fish_step(name, digit, orientation, base, cover, masks, eliminations)


def _fish_step(
    name: str,
    digit: int,
    orientation: int,
    base: tuple[int, ...],
    cover: int,
    masks: list[int],
    eliminations: list[tuple[int, int]],
) -> Step:
    """The Step for one fish: pattern = the digit in the base sets, houses = base then cover."""
    covers = INDICES_OF[cover]
    pattern = sorted((_cell(orientation, line, cross), digit) for line in base for cross in INDICES_OF[masks[line]])
    base_offset, cover_offset = (0, 9) if orientation == 0 else (9, 0)
    houses = tuple(base_offset + line for line in base) + tuple(cover_offset + c for c in covers)
    base_kind, cover_kind = _KINDS[orientation]
    removed = ", ".join(cell_name(cell) for cell, _ in eliminations)
    text = (
        f"In {base_kind} {_numbers(base)}, the {digit} can only go in {cover_kind} "
        f"{_numbers(covers)}, so {digit} can be removed from the rest of {cover_kind} "
        f"{_numbers(covers)} ({removed})."
    )
    return Step(
        technique=name,
        eliminations=tuple(eliminations),
        pattern=tuple(pattern),
        houses=houses,
        text=text,
    )


def x_wing(grid: Grid) -> Iterator[Step]:
    """Every X-Wing in ``grid`` (untouched): 2 rows whose digit lies in the same 2 columns, or
    2 columns whose digit lies in the same 2 rows; yields one Step per fish that eliminates.

    Digits 1..9 in turn, row-based fish before column-based ones. Source: HoDoKu, "Basic Fish"
    (hodoku.sourceforge.net/en/tech_fishb.php); Sudopedia, "X-Wing".
    """
    return _fish(grid, 2)


def swordfish(grid: Grid) -> Iterator[Step]:
    """Every Swordfish in ``grid`` (untouched): 3 base rows/columns whose digit lies in 3 cover
    columns/rows, each base set holding 2 or 3 of them; yields one Step per fish that eliminates.

    Source: HoDoKu, "Basic Fish" (hodoku.sourceforge.net/en/tech_fishb.php); Sudopedia, "Swordfish".
    """
    return _fish(grid, 3)


def jellyfish(grid: Grid) -> Iterator[Step]:
    """Every Jellyfish in ``grid`` (untouched): 4 base rows/columns whose digit lies in 4 cover
    columns/rows, each base set holding 2..4 of them; yields one Step per fish that eliminates.

    Source: HoDoKu, "Basic Fish" (hodoku.sourceforge.net/en/tech_fishb.php); Sudopedia, "Jellyfish".
    """
    return _fish(grid, 4)
