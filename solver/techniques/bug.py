"""Bivalue Universal Grave + 1 (BUG+1): one cell away from a grid with no unique solution.

Glossary (after HoDoKu's "Uniqueness" page and Sudopedia's "Bivalue Universal Grave"):
  BUG      a position where every unsolved cell has exactly two candidates and every candidate
           appears exactly twice in each house it is in. Such a position has no solution or
           more than one, never exactly one.
  BUG+1    every unsolved cell has two candidates but one, which has three; one of its digits
           ``d`` appears three times in that cell's row, column and box, every other digit
           twice in every house. Without ``d`` the cell would complete a BUG, so the cell is
           ``d``: its other two candidates go.

As in HoDoKu, the step removes the other candidates (the cell then holds a naked single).
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.grid import (
    BIT,
    CELLS,
    DIGITS_OF,
    HOUSES,
    HOUSES_OF,
    POPCOUNT,
    Grid,
    cell_name,
    house_name,
)
from solver.step import Step
from solver.techniques.wording import and_list, or_list


def _three_times(grid: Grid) -> tuple[tuple[int, int], ...] | None:
    """The (house, digit) pairs whose digit is a candidate in three cells of the house, or None
    when some digit is a candidate in more than three cells of a house."""
    cands = grid.candidates
    found = []
    for house, cells in enumerate(HOUSES):
        ones = twos = threes = 0  # digits seen at least once, twice, three times
        for cell in cells:
            mask = cands[cell]
            if threes & mask:
                return None
            threes |= twos & mask
            twos |= ones & mask
            ones |= mask
        if threes:
            if POPCOUNT[threes] > 1:
                return None
            found.append((house, DIGITS_OF[threes][0]))
    return tuple(found)


def bug_plus_1(grid: Grid) -> Iterator[Step]:
    """The Bivalue Universal Grave + 1 of ``grid`` (untouched), if any: yields at most one Step
    that removes every candidate of the three-candidate cell but the digit ``d`` that appears
    three times in each of its houses (``pattern`` is empty: the whole grid justifies it;
    ``groups`` holds the cell's ``d`` and the other ``d`` candidates of its houses).

    Source: HoDoKu, "Uniqueness" (hodoku.sourceforge.net/en/tech_ur.php), BUG+1; Sudopedia,
    "Bivalue Universal Grave".
    """
    cands, values = grid.candidates, grid.values
    extra_cell = -1
    for cell in CELLS:
        count = POPCOUNT[cands[cell]]
        if count == 2:
            continue
        if values[cell]:
            continue
        if count != 3 or extra_cell >= 0:
            return
        extra_cell = cell
    if extra_cell < 0:
        return
    triples = _three_times(grid)
    houses = HOUSES_OF[extra_cell]
    if triples is None or len(triples) != 3 or tuple(h for h, _ in triples) != houses:
        return
    digit = triples[0][1]
    if any(d != digit for _, d in triples) or not cands[extra_cell] & BIT[digit]:
        return
    others = [d for d in DIGITS_OF[cands[extra_cell]] if d != digit]
    name = cell_name(extra_cell)
    text = (
        f"Every unsolved cell but {name} has two candidates, and {digit} is the one digit that "
        f"appears three times in a house: in {and_list(house_name(h) for h in houses)}. If "
        f"{name} were {or_list(others)}, every candidate left would appear exactly twice in each "
        f"house, a pattern that never has exactly one solution; so {name} is {digit}, and "
        f"{and_list(others)} can be removed from it."
    )
    group = sorted({(c, digit) for h in houses for c in HOUSES[h] if cands[c] & BIT[digit]})
    yield Step(
        technique="Bivalue Universal Grave + 1",
        eliminations=tuple((extra_cell, d) for d in others),
        houses=houses,
        text=text,
        groups=(tuple(group),),
    )
