"""Empty Rectangle and Dual Empty Rectangle: a box's digit confined to one row and one column
of the box, joined to a strong link outside it.

Definitions after HoDoKu's "Single Digit Patterns" page (hodoku.sourceforge.net/en/tech_sdp.php);
the other single-digit patterns are ``solver.techniques.single_digit``'s.

Glossary (see also solver.techniques.single_digit):
  Empty Rectangle  a box whose places for the digit all lie in one row and one column of the
              box (the box is a grouped strong link: its digit is in the row or in the column),
              joined to a strong link outside the box.
  Dual        two Empty Rectangles in one box that remove different candidates: reported as
              one step that removes both.

Steps come best first: single rectangles before duals.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from solver.grid import CELL_BIT, DIGITS, HOUSE_MASK, HOUSES_OF, Grid, cell_name, cells_of, digit_places, house_name
from solver.memo import remember
from solver.step import Link, Step
from solver.techniques.wording import cells_text

# The rows and columns of each box, as house indices: BOX_ROWS[box] = (0, 1, 2) for box 0.
BOX_ROWS = tuple(tuple(range(box // 3 * 3, box // 3 * 3 + 3)) for box in range(9))
BOX_COLS = tuple(tuple(9 + c for c in range(box % 3 * 3, box % 3 * 3 + 3)) for box in range(9))


class Rectangle(NamedTuple):
    """An Empty Rectangle: ``box``'s places for ``digit`` lie in ``row`` or ``col`` (houses);
    ``x`` on ``line`` (the row or the column) outside the box has the strong link ``x = y`` in
    ``strong_house``; ``target``, where y's line meets the box's other line, loses the digit."""

    digit: int
    box: int
    row: int
    col: int
    line: int
    x: int
    y: int
    strong_house: int
    target: int


def _rectangle_lines(in_box: int, box: int) -> Iterator[tuple[int, int]]:
    """(row, column) houses of ``box`` that hold all its places ``in_box`` (a cell set), with
    some places of each off their crossing."""
    for row in BOX_ROWS[box]:
        row_part = in_box & HOUSE_MASK[row]
        for col in BOX_COLS[box]:
            col_part = in_box & HOUSE_MASK[col]
            off_cross = row_part & ~col_part and col_part & ~row_part
            if off_cross and not in_box & ~(row_part | col_part):
                yield row, col


def _empty_rectangles(places: Sequence[int]) -> list[Rectangle]:
    """Every Empty Rectangle that removes something, by digit and box."""
    found: list[Rectangle] = []
    for digit in DIGITS:
        found += _rectangles_of_digit(digit, places[digit])
    return found


_RECTANGLES: dict[tuple[int, int], tuple[Rectangle, ...]] = {}
"""(digit, its places) -> its Empty Rectangles: they live on one digit, and a solve path asks
again after every step while most digits' places stay the same (as ``single_digit._TURBOT``).
Bounded (emptied when full); safe to share between threads (a lost race only repeats work)."""
_MEMO_SIZE = 4096  # (digit, places) entries: a few MB at most


def _rectangles_of_digit(digit: int, where: int) -> tuple[Rectangle, ...]:
    """The Empty Rectangles of one digit at its places ``where`` (a cell set), box by box."""
    known = _RECTANGLES.get((digit, where))
    if known is not None:
        return known
    found = []
    for box in range(9):
        in_box = where & HOUSE_MASK[18 + box]
        if in_box.bit_count() < 2:
            continue
        for row, col in _rectangle_lines(in_box, box):
            for line, other_line in ((row, col), (col, row)):
                along = 0 if line < 9 else 1  # HOUSES_OF index of `line`'s kind
                for x in cells_of(where & HOUSE_MASK[line] & ~in_box):
                    strong_house = HOUSES_OF[x][1 - along]  # across `line`
                    pair = where & HOUSE_MASK[strong_house]
                    if pair.bit_count() != 2:
                        continue
                    y = (pair & ~CELL_BIT[x]).bit_length() - 1
                    hit = where & HOUSE_MASK[HOUSES_OF[y][along]] & HOUSE_MASK[other_line]
                    if hit and not hit & in_box:
                        target = hit.bit_length() - 1
                        found.append(Rectangle(digit, box, row, col, line, x, y, strong_house, target))
    return remember(_RECTANGLES, (digit, where), tuple(found), _MEMO_SIZE)


def _er_step(name: str, where: int, rectangles: list[Rectangle]) -> Step:
    """The Step for one Empty Rectangle, or two in one box (a Dual Empty Rectangle). The box
    end is two grouped nodes: the box's places on the line through x, then the rest (on the
    box's other line)."""
    first = rectangles[0]
    digit, box = first.digit, 18 + first.box
    in_box = where & HOUSE_MASK[box]
    box_cells = cells_of(in_box)
    links: list[Link] = []
    pattern = {(cell, digit) for cell in box_cells}
    houses = [box]
    for r in rectangles:
        near = in_box & HOUSE_MASK[r.line]
        near_node, far_node = tuple(cells_of(near)), tuple(cells_of(in_box & ~near))
        links += [
            (((r.y,), digit), ((r.x,), digit), True),
            (((r.x,), digit), (near_node, digit), False),
            ((near_node, digit), (far_node, digit), True),
        ]
        pattern |= {(r.x, digit), (r.y, digit)}
        houses += [house for house in (r.line, r.strong_house) if house not in houses]
    head = f"Every {digit} of {house_name(box)} lies in {house_name(first.row)} or {house_name(first.col)}."
    target, x, y = cell_name(first.target), cell_name(first.x), cell_name(first.y)
    if len(rectangles) == 1:
        text = (
            f"{head} If {target} were {digit}, {y} could not be, so {x} would be (the only other "
            f"place for {digit} in {house_name(first.strong_house)}), and together they would "
            f"leave {house_name(box)} no place for {digit}; so {digit} can't be in {target}."
        )
    else:
        second = rectangles[1]
        text = (
            f"{head} If {target} were {digit}, {y} could not be and {x} would be, leaving "
            f"{house_name(box)} no place for {digit}; the same holds for "
            f"{cell_name(second.target)} through {cells_text((second.y, second.x))}, so {digit} "
            f"can't be in {target} or {cell_name(second.target)}."
        )
    return Step(
        technique=name,
        eliminations=tuple(sorted((r.target, digit) for r in rectangles)),
        pattern=tuple(sorted(pattern)),
        houses=tuple(houses),
        links=tuple(links),
        text=text,
        groups=(tuple((cell, digit) for cell in box_cells),),
    )


def empty_rectangle(grid: Grid) -> Iterator[Step]:
    """Every Empty Rectangle in ``grid`` (untouched), then every Dual Empty Rectangle.

    An Empty Rectangle: in one box every place for a digit lies in one row or one column of the
    box (some off their crossing in each); a cell x on that row (column) outside the box has a
    strong link x = y across it; then the digit goes from the cell where y's row (column) meets
    the box's column (row), outside the box. A Dual Empty Rectangle is two of them in one box
    that remove different candidates, one step. Box ends are grouped nodes in ``links``; the
    box's places form the step's one group. One Empty Rectangle per digit and target (HoDoKu
    2.2 stops at the first strong link of each box, row and column; we look at them all).

    Source: HoDoKu, "Single Digit Patterns" (hodoku.sourceforge.net/en/tech_sdp.php).
    """
    places = digit_places(grid)
    rectangles = _empty_rectangles(places)
    seen: set[tuple[int, int]] = set()
    for r in rectangles:
        if (r.digit, r.target) not in seen:
            seen.add((r.digit, r.target))
            yield _er_step("Empty Rectangle", places[r.digit], [r])
    done: set[tuple[int, int, frozenset[int]]] = set()  # (digit, box, the two targets)
    for i, first in enumerate(rectangles):
        for second in rectangles[i + 1 :]:
            if (first.digit, first.box) != (second.digit, second.box):
                continue
            key = (first.digit, first.box, frozenset((first.target, second.target)))
            if first.target != second.target and key not in done:
                done.add(key)
                yield _er_step("Dual Empty Rectangle", places[first.digit], [first, second])
