"""Avoidable Rectangles: deadly patterns among cells the solver (or player) filled in.

A rectangle (see ``solver.techniques.rectangles``) whose four cells are not givens can never
end as ``a b`` over ``b a``: the two digits could swap and the puzzle would have two
solutions. When some corners are already solved (placed, not given), that forbids a digit in
the corners still open. Only the puzzle's givens are fixed; a placed digit is part of the one
solution, so the argument holds for it as for any other cell.

Glossary:
  side    two corners of the rectangle in one box (they share a row or a column); here the
          solved corners ``s1`` = ``a`` and ``s2`` = ``b``.
  far     the other two corners: ``f1`` shares a row or column with ``s1``, ``f2`` with ``s2``;
          the deadly pattern would make ``f1`` = ``b`` and ``f2`` = ``a``.

Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php), Avoidable Rectangles.
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.grid import BIT, BOX_OF, POPCOUNT, Grid, cell_name
from solver.step import Step
from solver.techniques.rectangles import (
    RECTANGLES,
    best_first,
    deadly_text,
    rectangle_step,
    seeing_all,
)
from solver.techniques.wording import and_list, cells_text


def _sides() -> tuple[tuple[int, int, tuple[tuple[int, int, tuple[int, ...]], ...]], ...]:
    """(s1, s2, ((f1, f2, corners), ...)): every side of a rectangle with its far corners.

    Each of the 162 sides (two cells of a box in one row or column) appears once, with the six
    rectangles it belongs to; ``s1`` is the lower cell.
    """
    far: dict[tuple[int, int], list[tuple[int, int, tuple[int, ...]]]] = {}
    for corners in RECTANGLES:
        p0, p1, p2, p3 = corners
        if BOX_OF[p0] == BOX_OF[p2]:  # the boxes split the columns: sides are column pairs
            layouts = ((p0, p2, p1, p3), (p1, p3, p0, p2))
        else:  # the boxes split the rows: sides are row pairs
            layouts = ((p0, p1, p2, p3), (p2, p3, p0, p1))
        for s1, s2, f1, f2 in layouts:
            far.setdefault((s1, s2), []).append((f1, f2, corners))
    return tuple((s1, s2, tuple(rest)) for (s1, s2), rest in sorted(far.items()))


SIDES = _sides()


def _solved_sides(grid: Grid) -> Iterator[tuple[int, int, int, int, tuple[int, ...]]]:
    """(a, b, f1, f2, corners) for every rectangle with a side of two solved, non-given cells
    (``s1`` = ``a``, ``s2`` = ``b``) whose far corners are not givens."""
    values, given = grid.values, grid.given
    for s1, s2, rest in SIDES:
        a, b = values[s1], values[s2]
        if not a or not b or given[s1] or given[s2]:
            continue
        for f1, f2, corners in rest:
            if not given[f1] and not given[f2]:
                yield a, b, f1, f2, corners


def _solved_text(grid: Grid, cells: tuple[int, ...]) -> str:
    """``'r1c2 (3), r1c7 (7) and r4c2 (7) were solved, not given'``."""
    return f"{and_list(f'{cell_name(c)} ({grid.values[c]})' for c in cells)} were solved, not given"


def avoidable_rectangle_1(grid: Grid) -> Iterator[Step]:
    """Every Avoidable Rectangle Type 1 in ``grid`` (untouched): three corners are solved (not
    given) as ``a``, ``b``, ``b``; the fourth can't be ``a``. One Step per rectangle. As HoDoKu
    looks for them, the fourth corner holds two candidates (its search for the rectangle asks
    for a bivalue cell there, read in its UniquenessSolver): the deduction holds without, but
    HoDoKu never makes it, and its solving path is the one to follow.

    Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php), Avoidable Rectangle
    Type 1.
    """
    values, cands, steps = grid.values, grid.candidates, []
    for a, b, f1, f2, corners in _solved_sides(grid):
        if values[f1] == b and not values[f2] and cands[f2] & BIT[a] and POPCOUNT[cands[f2]] == 2:
            target, digit = f2, a
        elif values[f2] == a and not values[f1] and cands[f1] & BIT[b] and POPCOUNT[cands[f1]] == 2:
            target, digit = f1, b
        else:
            continue
        solved = tuple(sorted(c for c in corners if c != target))
        low, high = sorted((a, b))
        text = (
            f"{_solved_text(grid, solved)}. If {cell_name(target)} were {digit}, "
            f"{deadly_text(corners, low, high)} (the {low}s and {high}s could swap), so "
            f"{cell_name(target)} can't be {digit}."
        )
        steps.append(
            rectangle_step(
                "Avoidable Rectangle Type 1",
                corners,
                (low, high),
                [(target, digit)],
                grid,
                text,
            )
        )
    return best_first(steps)


def avoidable_rectangle_2(grid: Grid) -> Iterator[Step]:
    """Every Avoidable Rectangle Type 2 in ``grid`` (untouched): two corners of one box are
    solved (not given) as ``a`` and ``b``; the far corners hold ``b``/``x`` and ``a``/``x``.
    One of them is ``x`` (else the deadly pattern), so ``x`` goes from every cell that sees
    both. One Step per rectangle.

    Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php), Avoidable Rectangle
    Type 2.
    """
    values, cands, steps = grid.values, grid.candidates, []
    for a, b, f1, f2, corners in _solved_sides(grid):
        if values[f1] or values[f2]:
            continue
        extra = cands[f1] & ~BIT[b]
        if cands[f1] & BIT[b] == 0 or cands[f2] & BIT[a] == 0 or extra != cands[f2] & ~BIT[a]:
            continue
        if extra & (extra - 1) or not extra:
            continue
        x = extra.bit_length()
        targets = seeing_all(grid, [f1, f2], x, corners)
        if not targets:
            continue
        solved = tuple(sorted(c for c in corners if c not in (f1, f2)))
        low, high = sorted((a, b))
        text = (
            f"{_solved_text(grid, solved)}. If neither {cell_name(f1)} nor {cell_name(f2)} were "
            f"{x}, they would be {b} and {a}: {deadly_text(corners, low, high)}. So one of them "
            f"is {x}, and {x} can't be in {cells_text(targets)}, which "
            f"{'sees' if len(targets) == 1 else 'see'} both."
        )
        elims = [(c, x) for c in targets]
        steps.append(
            rectangle_step(
                "Avoidable Rectangle Type 2",
                corners,
                (low, high),
                elims,
                grid,
                text,
            )
        )
    return best_first(steps)
