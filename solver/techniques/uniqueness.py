"""Unique Rectangles: Uniqueness Test 1-6 and Hidden Rectangle; they assume one solution.

Each finder reads the shared scan of ``solver.techniques.rectangles`` (see its glossary: rectangle,
deadly pattern, floor, roof) and asks what the puzzle's single solution forbids. Avoidable
Rectangles live in ``solver.techniques.avoidable`` and Bivalue Universal Grave + 1 in
``solver.techniques.bug``; both are imported here so the registry finds every uniqueness
technique in this module. Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TypedDict, Unpack

from solver.grid import (
    BIT,
    BOX_OF,
    COL_OF,
    COLS,
    DIGITS_OF,
    HOUSES,
    POPCOUNT,
    ROW_OF,
    ROWS,
    Grid,
    cell_name,
    house_name,
)
from solver.step import Candidate, Step
from solver.techniques.avoidable import avoidable_rectangle_1, avoidable_rectangle_2
from solver.techniques.bug import bug_plus_1
from solver.techniques.rectangles import (
    Rectangle,
    best_first,
    deadly_text,
    outside_in,
    rectangle_step,
    seeing_all,
    shared_houses,
    unique_rectangles,
)
from solver.techniques.wording import and_list, cells_text, or_list

__all__ = [
    "avoidable_rectangle_1",
    "avoidable_rectangle_2",
    "bug_plus_1",
    "hidden_rectangle",
    "uniqueness_test_1",
    "uniqueness_test_2",
    "uniqueness_test_3",
    "uniqueness_test_4",
    "uniqueness_test_5",
    "uniqueness_test_6",
]

NAKED_SET_NAMES = {2: "pair", 3: "triple", 4: "quad"}
DIAGONALS = ((0, 3), (1, 2))  # corner positions of a rectangle's two diagonals


class _Extra(TypedDict, total=False):
    """``rectangle_step``'s optional arguments that ``_step`` passes on."""

    extra_houses: tuple[int, ...]
    extra_groups: tuple[tuple[Candidate, ...], ...]


def _step(
    name: str, rect: Rectangle, eliminations: list[Candidate], grid: Grid, text: str, **extra: Unpack[_Extra]
) -> Step:
    """``rectangle_step`` for a Unique Rectangle (``extra``: extra_houses, extra_groups)."""
    return rectangle_step(name, rect.corners, (rect.a, rect.b), eliminations, grid, text, **extra)


def _in_one_line(first: int, second: int) -> bool:
    """True if two cells share a row or a column."""
    return ROW_OF[first] == ROW_OF[second] or COL_OF[first] == COL_OF[second]


# --- Uniqueness Test 1, 2, 5 ---------------------------------------------------------------


def uniqueness_test_1(grid: Grid) -> Iterator[Step]:
    """Every Uniqueness Test 1 in ``grid`` (untouched): three corners hold only ``a`` and
    ``b``, so the fourth can't be ``a`` or ``b``; one Step per rectangle.

    Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php), Type 1.
    """
    cands, steps = grid.candidates, []
    for rect in unique_rectangles(grid):
        if len(rect.floor) != 3:
            continue
        target = rect.corners[rect.roof[0]]
        digits = [d for d in (rect.a, rect.b) if cands[target] & BIT[d]]
        if not digits:
            continue
        name = cell_name(target)
        others = [c for c in rect.corners if c != target]
        text = (
            f"{cells_text(others)} hold only {rect.a} and {rect.b}. If {name} were "
            f"{or_list(digits)} too, {deadly_text(rect.corners, rect.a, rect.b)}, so {name} "
            f"can't be {or_list(digits)}."
        )
        elims = [(target, d) for d in digits]
        steps.append(_step("Uniqueness Test 1", rect, elims, grid, text))
    return best_first(steps)


def _extra_digit_steps(grid: Grid, type_5: bool) -> Iterator[Step]:
    """Uniqueness Test 2 (``type_5`` False) or 5: the roof cells' extra candidates are one digit
    ``x``, so one roof cell is ``x`` and ``x`` goes from every cell that sees all of them.

    Type 2: two roof cells in one row or column; Type 5: two diagonal roof cells, or three.
    """
    cands, steps = grid.candidates, []
    for rect in unique_rectangles(grid):
        if len(rect.floor) not in (1, 2):
            continue
        roof = [rect.corners[i] for i in rect.roof]
        extra = 0
        for cell in roof:
            extra |= cands[cell] & ~rect.ab
        if POPCOUNT[extra] != 1:
            continue
        if (len(roof) == 3 or not _in_one_line(*roof)) != type_5:
            continue
        x = DIGITS_OF[extra][0]
        targets = seeing_all(grid, roof, x, rect.corners)
        if not targets:
            continue
        if len(roof) == 2:
            which = f"neither {cell_name(roof[0])} nor {cell_name(roof[1])}"
        else:
            which = f"none of {cells_text(roof)}"
        text = (
            f"If {which} were {x}, {deadly_text(rect.corners, rect.a, rect.b)}. So one of them "
            f"is {x}, and {x} can't be in {cells_text(targets)}, which "
            f"{'sees' if len(targets) == 1 else 'see'} {'both' if len(roof) == 2 else 'all three'}."
        )
        name = "Uniqueness Test 5" if type_5 else "Uniqueness Test 2"
        elims = [(c, x) for c in targets]
        steps.append(_step(name, rect, elims, grid, text))
    return best_first(steps)


def uniqueness_test_2(grid: Grid) -> Iterator[Step]:
    """Every Uniqueness Test 2 in ``grid`` (untouched): two corners in one row or column hold
    ``a``, ``b`` and one extra digit ``x``, the others only ``a``/``b``; one of the two is
    ``x``, so ``x`` goes from every cell that sees both.

    Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php), Type 2.
    """
    return _extra_digit_steps(grid, type_5=False)


def uniqueness_test_5(grid: Grid) -> Iterator[Step]:
    """Every Uniqueness Test 5 in ``grid`` (untouched): like Type 2 with the extra digit ``x``
    in two diagonal corners or in three corners; ``x`` goes from every cell that sees all of
    them.

    Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php), Type 5.
    """
    return _extra_digit_steps(grid, type_5=True)


# --- Uniqueness Test 3 ---------------------------------------------------------------------


def uniqueness_test_3(grid: Grid) -> Iterator[Step]:
    """Every Uniqueness Test 3 in ``grid`` (untouched).

    Two roof corners in one row or column hold extra candidates; one of them must take one,
    so together they act as one cell holding the extras. With k other cells of a house they
    share (cells without ``a``/``b``) that make k + 1 cells on k + 1 digits, a naked subset,
    those digits go from the rest of the house (and of the box, when the subset lies in one).
    Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php), Type 3.
    """
    cands, values, steps = grid.candidates, grid.values, []
    for rect in unique_rectangles(grid):
        if len(rect.floor) != 2:
            continue
        first, second = (rect.corners[i] for i in rect.roof)
        if not _in_one_line(first, second):
            continue
        extras = (cands[first] | cands[second]) & ~rect.ab
        for house in shared_houses(first, second):
            pool = [c for c in HOUSES[house] if not values[c] and c != first and c != second and not cands[c] & rect.ab]
            for size in range(1, len(pool) + 1):
                for subset in combinations(pool, size):
                    digits = extras
                    for c in subset:
                        digits |= cands[c]
                    if POPCOUNT[digits] != size + 1:
                        continue
                    cells = (first, second) + subset
                    if house >= 18 and _one_line(cells):
                        continue  # the row or column pass finds it, with the box
                    step = _ut3_step(grid, rect, house, cells, digits)
                    if step is not None:
                        steps.append(step)
    return best_first(steps)


def _one_line(cells: tuple[int, ...]) -> bool:
    """True if the cells lie in one row or one column."""
    return len({ROW_OF[c] for c in cells}) == 1 or len({COL_OF[c] for c in cells}) == 1


def _ut3_step(grid: Grid, rect: Rectangle, house: int, cells: tuple[int, ...], digits: int) -> Step | None:
    """The Uniqueness Test 3 step of a naked subset ``cells`` (the two roof corners first)
    on ``digits`` in ``house``, or None when it eliminates nothing."""
    cands = grid.candidates
    houses = [house]
    boxes = {BOX_OF[c] for c in cells}
    if house < 18 and len(boxes) == 1:
        houses.append(18 + boxes.pop())
    eliminations = sorted(
        {(c, d) for h in houses for c in HOUSES[h] if c not in cells for d in DIGITS_OF[cands[c] & digits]}
    )
    if not eliminations:
        return None
    roof, subset = cells[:2], cells[2:]
    roof_extras = DIGITS_OF[(cands[roof[0]] | cands[roof[1]]) & ~rect.ab]
    subset_words = and_list(f"{cell_name(c)} ({'/'.join(map(str, DIGITS_OF[cands[c]]))})" for c in subset)
    kind = NAKED_SET_NAMES.get(len(subset) + 1, f"set of {len(subset) + 1}")
    listed = and_list(DIGITS_OF[digits])
    targets = cells_text(sorted({c for c, _ in eliminations}))
    text = (
        f"If neither {cell_name(roof[0])} nor {cell_name(roof[1])} were {or_list(roof_extras)}, "
        f"{deadly_text(rect.corners, rect.a, rect.b)}. So one of them is "
        f"{or_list(roof_extras)}, and with {subset_words} it makes a naked {kind} on {listed} "
        f"in {and_list(house_name(h) for h in houses)}: {listed} can't be in {targets}."
    )
    subset_group = tuple(sorted((c, d) for c in subset for d in DIGITS_OF[cands[c]]))
    return _step(
        "Uniqueness Test 3",
        rect,
        eliminations,
        grid,
        text,
        extra_houses=tuple(houses),
        extra_groups=(subset_group,),
    )


# --- Uniqueness Test 4, 6, Hidden Rectangle ------------------------------------------------


def uniqueness_test_4(grid: Grid) -> Iterator[Step]:
    """Every Uniqueness Test 4 in ``grid`` (untouched): two roof corners in one row or column,
    and in a house they share ``a`` can only go in them; one of them is ``a``, so neither can
    be ``b`` (the other would complete the deadly pattern).

    Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php), Type 4.
    """
    cands, steps = grid.candidates, []
    for rect in unique_rectangles(grid):
        if len(rect.floor) != 2:
            continue
        roof = tuple(rect.corners[i] for i in rect.roof)
        if not _in_one_line(*roof):
            continue
        for house in shared_houses(*roof):
            for locked, other in ((rect.a, rect.b), (rect.b, rect.a)):
                if outside_in(grid, HOUSES[house], locked, roof):
                    continue
                elims = [(c, other) for c in roof if cands[c] & BIT[other]]
                if not elims:
                    continue
                text = (
                    f"In {house_name(house)}, {locked} can only go in {cells_text(roof)}, so one "
                    f"of them is {locked}. If the other were {other}, "
                    f"{deadly_text(rect.corners, rect.a, rect.b)}, so {other} can be removed "
                    f"from both."
                )
                steps.append(_step("Uniqueness Test 4", rect, elims, grid, text, extra_houses=(house,)))
    return best_first(steps)


def uniqueness_test_6(grid: Grid) -> Iterator[Step]:
    """Every Uniqueness Test 6 in ``grid`` (untouched): two diagonal roof corners; in the
    rectangle's two rows (or two columns) a digit ``d`` of ``a``/``b`` can only go in the
    corners, so it fills one diagonal. On the roof diagonal it would leave the floor the other
    digit, a deadly pattern, so ``d`` goes from both roof corners.

    Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php), Type 6.
    """
    cands, steps = grid.candidates, []
    for rect in unique_rectangles(grid):
        if len(rect.floor) != 2 or rect.roof not in DIAGONALS:
            continue
        corners = rect.corners
        roof = tuple(corners[i] for i in rect.roof)
        floor = tuple(corners[i] for i in rect.floor)
        rows = (ROW_OF[corners[0]], ROW_OF[corners[3]])
        cols = (COL_OF[corners[0]], COL_OF[corners[3]])
        for digit, other in ((rect.a, rect.b), (rect.b, rect.a)):
            for lines, kind, offset in ((rows, "rows", 0), (cols, "columns", 9)):
                if any(outside_in(grid, HOUSES[offset + line], digit, corners) for line in lines):
                    continue
                elims = [(c, digit) for c in roof if cands[c] & BIT[digit]]
                if not elims:
                    continue
                text = (
                    f"In {kind} {and_list(n + 1 for n in lines)}, {digit} can only go in "
                    f"{cells_text(corners)}, so it fills either {cells_text(floor)}, or "
                    f"{cells_text(roof)}. In the second case {cells_text(floor)} would be "
                    f"{other}: {deadly_text(corners, rect.a, rect.b)}; so {cells_text(roof)} "
                    f"can't be {digit}."
                )
                steps.append(_step("Uniqueness Test 6", rect, elims, grid, text))
                break  # rows and columns give the same eliminations
    return best_first(steps)


def hidden_rectangle(grid: Grid) -> Iterator[Step]:
    """Every Hidden Rectangle in ``grid`` (untouched).

    A floor corner C (one, or two diagonal ones); in the row and the column of the opposite
    corner D a digit ``d`` of ``a``/``b`` can only go in the rectangle. If D were the other
    digit ``e``, both corners beside D would be ``d`` and C ``e``: a deadly pattern, so D
    can't be ``e``. Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php),
    Hidden Rectangle.
    """
    cands, steps = grid.candidates, []
    for rect in unique_rectangles(grid):
        if len(rect.floor) > 2 or (len(rect.floor) == 2 and rect.floor not in DIAGONALS):
            continue  # two floor corners must be diagonal (else it is Type 2 or 4 ground)
        corners = rect.corners
        for position in rect.floor:
            corner, opposite = corners[position], corners[3 - position]
            beside = (corners[position ^ 1], corners[position ^ 2])
            row, col = ROWS[ROW_OF[opposite]], COLS[COL_OF[opposite]]
            for digit, other in ((rect.a, rect.b), (rect.b, rect.a)):
                if not cands[opposite] & BIT[other]:
                    continue
                if outside_in(grid, row, digit, corners) or outside_in(grid, col, digit, corners):
                    continue
                in_row = [c for c in sorted((opposite, beside[1])) if cands[c] & BIT[digit]]
                in_col = [c for c in sorted((beside[0], opposite)) if cands[c] & BIT[digit]]
                if not in_row or not in_col:
                    continue  # no place for the digit at all: a broken grid
                text = (
                    f"{cell_name(corner)} holds only {rect.a} and {rect.b}. In row "
                    f"{ROW_OF[opposite] + 1}, {digit} can only go in "
                    f"{or_list(map(cell_name, in_row))}, and in column {COL_OF[opposite] + 1} only "
                    f"in {or_list(map(cell_name, in_col))}. "
                    f"If {cell_name(opposite)} were {other}, {cells_text(beside)} would be {digit} "
                    f"and {cell_name(corner)} {other}: {deadly_text(corners, rect.a, rect.b)}; so "
                    f"{cell_name(opposite)} can't be {other}."
                )
                steps.append(_step("Hidden Rectangle", rect, [(opposite, other)], grid, text))
    return best_first(steps)
