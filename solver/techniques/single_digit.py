"""Single-digit patterns: Skyscraper, 2-String Kite and Turbot Fish (the fourth, Empty Rectangle,
is ``solver.techniques.empty_rectangle``).

Definitions after HoDoKu's "Single Digit Patterns" page (hodoku.sourceforge.net/en/tech_sdp.php).
Every pattern is a short chain on one digit: a strong link (a house with exactly two places for
the digit), a weak link (two places that share a house), and a second strong link. One end of
the chain or the other must hold the digit, so it goes from every cell that sees both ends.

Glossary (see also solver.techniques.cellsets):
  ends        the two cells at the outer ends of the chain; one of them holds the digit.
  Skyscraper  two strong links in rows (or in columns) whose inner ends share a column (a row).
  2-String Kite  a strong link in a row and one in a column whose inner ends share a box.
  Turbot Fish any chain strong - weak - strong on one digit (Skyscraper and Kite included).
  Dual        two Kites sharing their two box cells that remove different candidates: reported
              as one step that removes both.

Steps of one finder come best first: single patterns before duals, most eliminations first.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from solver.grid import (
    BOX_OF,
    CELL_BIT,
    COL_OF,
    DIGITS,
    PEER_MASK,
    ROW_OF,
    Grid,
    cell_name,
    cells_of,
    digit_places,
    house_name,
)
from solver.memo import remember
from solver.step import Link, Step
from solver.techniques.cellsets import shared_house, strong_links
from solver.techniques.hodoku_order import rank
from solver.techniques.wording import or_list

ROW_HOUSES = range(9)
COL_HOUSES = range(9, 18)


def _sees(cells: list[int]) -> str:
    """``'sees'`` after one cell, ``'see'`` after several."""
    return "sees" if len(cells) == 1 else "see"


def _link(first: int, second: int, digit: int, strong: bool) -> Link:
    """A link between two single-cell nodes of ``digit``."""
    return ((first,), digit), ((second,), digit), strong


def _chain_step(
    name: str,
    digit: int,
    cells: tuple[int, int, int, int],
    houses: tuple[int, int, int],
    targets: list[int],
) -> Step:
    """The Step for a chain ``a = b - c = e`` on ``digit`` (strong links in houses[0] and
    houses[2], weak link in houses[1]) that removes the digit from ``targets``."""
    a, b, c, e = cells
    strong1, weak, strong2 = houses
    text = (
        f"{cell_name(a)} and {cell_name(b)} are the only places for {digit} in "
        f"{house_name(strong1)}, and {cell_name(c)} and {cell_name(e)} the only places in "
        f"{house_name(strong2)}; {cell_name(b)} and {cell_name(c)} share {house_name(weak)}, so "
        f"they can't both be {digit}, and {cell_name(a)} or {cell_name(e)} must be {digit}. "
        f"So {digit} can't be in {or_list(cell_name(t) for t in targets)}, which "
        f"{_sees(targets)} both."
    )
    return Step(
        technique=name,
        eliminations=tuple((t, digit) for t in targets),
        pattern=tuple(sorted((cell, digit) for cell in cells)),
        houses=houses,
        links=(_link(a, b, digit, True), _link(b, c, digit, False), _link(c, e, digit, True)),
        text=text,
    )


def skyscraper(grid: Grid) -> Iterator[Step]:
    """Every Skyscraper in ``grid`` (untouched): two rows with two places each for a digit, one
    place of each in the same column (or the same with columns and rows); the digit goes from
    every cell that sees both other places. Parallel links sharing both columns (an X-Wing) are
    not Skyscrapers, nor are links whose shared column holds the first place of one and the
    second of the other (HoDoKu 2.2 pairs first with first and second with second; its Turbot
    Fish finds the others). Yields one Step per set of removals, in HoDoKu's order, the first
    being the one its solver takes: links in rows for every digit before links in columns;
    then digits ascending, pairs of houses in house order, the first places compared before
    the second.

    Source: HoDoKu, "Single Digit Patterns" (hodoku.sourceforge.net/en/tech_sdp.php).
    """
    places = digit_places(grid)
    seen: set[tuple[int, tuple[int, ...]]] = set()  # (digit, target cells)
    for houses, line_of in ((ROW_HOUSES, COL_OF), (COL_HOUSES, ROW_OF)):
        for digit in DIGITS:
            where = places[digit]
            links = strong_links(where, houses)
            for i, (house1, a0, a1) in enumerate(links):
                for house2, b0, b1 in links[i + 1 :]:
                    if line_of[a0] == line_of[b0]:
                        base1, free1, base2, free2 = a0, a1, b0, b1
                    elif line_of[a1] == line_of[b1]:
                        base1, free1, base2, free2 = a1, a0, b1, b0
                    else:
                        continue
                    if line_of[free1] == line_of[free2]:
                        continue
                    inner = CELL_BIT[base1] | CELL_BIT[base2]
                    targets = cells_of(where & PEER_MASK[free1] & PEER_MASK[free2] & ~inner)
                    key = (digit, tuple(targets))
                    if targets and key not in seen:
                        seen.add(key)
                        weak = shared_house(base1, base2)
                        yield _chain_step(
                            "Skyscraper", digit, (free1, base1, base2, free2), (house1, weak, house2), targets
                        )


class Kite(NamedTuple):
    """A 2-String Kite: the chain ``row end = row box cell - column box cell = column end``."""

    digit: int
    cells: tuple[int, int, int, int]  # row end, row box cell, column box cell, column end
    houses: tuple[int, int, int]  # row, box, column
    targets: list[int]


def _kites(places: Sequence[int]) -> list[Kite]:
    """Every 2-String Kite that removes something, once per digit and targets."""
    kites = []
    seen: set[tuple[int, tuple[int, ...]]] = set()  # (digit, target cells)
    for digit in DIGITS:
        where = places[digit]
        row_links = strong_links(where, ROW_HOUSES)
        if not row_links:
            continue
        col_links = strong_links(where, COL_HOUSES)
        for row, r0, r1 in row_links:
            for col, c0, c1 in col_links:
                if len({r0, r1, c0, c1}) < 4:
                    continue
                for in_box_r, free_r in ((r0, r1), (r1, r0)):
                    for in_box_c, free_c in ((c0, c1), (c1, c0)):
                        if BOX_OF[in_box_r] != BOX_OF[in_box_c]:
                            continue
                        inner = CELL_BIT[in_box_r] | CELL_BIT[in_box_c]
                        seen_by_both = PEER_MASK[free_r] & PEER_MASK[free_c]
                        targets = cells_of(where & seen_by_both & ~inner)
                        key = (digit, tuple(targets))
                        if targets and key not in seen:
                            seen.add(key)
                            cells = (free_r, in_box_r, in_box_c, free_c)
                            houses = (row, 18 + BOX_OF[in_box_r], col)
                            kites.append(Kite(digit, cells, houses, targets))
    return kites


def two_string_kite(grid: Grid) -> Iterator[Step]:
    """Every 2-String Kite in ``grid`` (untouched), then every Dual 2-String Kite.

    A Kite: a row and a column with two places each for a digit, one place of each in the same
    box (two different cells); one of the two other places holds the digit, so it goes from the
    cell where their row and column cross, and from any other cell that sees both (HoDoKu 2.2
    takes the crossing only and leaves the others to its Turbot Fish). A Dual 2-String Kite is
    two Kites of one digit on the same two box cells that remove different candidates, one step.

    Source: HoDoKu, "Single Digit Patterns" (hodoku.sourceforge.net/en/tech_sdp.php).
    """
    kites = _kites(digit_places(grid))
    for kite in kites:
        yield _chain_step("2-String Kite", kite.digit, kite.cells, kite.houses, kite.targets)
    for i, first in enumerate(kites):
        box_cells = {first.cells[1], first.cells[2]}
        for second in kites[i + 1 :]:
            if (
                second.digit == first.digit
                and {second.cells[1], second.cells[2]} == box_cells
                and second.targets != first.targets
            ):
                yield _dual_kite_step(first, second)


def _dual_kite_step(first: Kite, second: Kite) -> Step:
    """The Step for two Kites on the same box cells: both chains, both removals."""
    digit = first.digit
    b, c = first.cells[1], first.cells[2]
    box = first.houses[1]
    halves = []
    for kite in (first, second):
        (a, _, _, e), (row, _, col) = kite.cells, kite.houses
        halves.append(
            f"from {house_name(row)} and {house_name(col)}, {cell_name(a)} or {cell_name(e)} must "
            f"then be {digit}, so {or_list(cell_name(t) for t in kite.targets)} can't be"
        )
    text = (
        f"In {house_name(box)}, {cell_name(b)} and {cell_name(c)} can't both be {digit}. "
        f"{halves[0][0].upper()}{halves[0][1:]}; {halves[1]}."
    )
    links: list[Link] = []
    for a, b1, c1, e in (first.cells, second.cells):
        links += [_link(a, b1, digit, True), _link(b1, c1, digit, False), _link(c1, e, digit, True)]
    eliminations = sorted({(t, digit) for t in first.targets + second.targets})
    return Step(
        technique="Dual 2-String Kite",
        eliminations=tuple(eliminations),
        pattern=tuple(sorted({(cell, digit) for cell in first.cells + second.cells})),
        houses=tuple(dict.fromkeys(first.houses + second.houses)),
        links=tuple(links),
        text=text,
    )


def turbot_fish(grid: Grid) -> Iterator[Step]:
    """Every Turbot Fish in ``grid`` (untouched): a chain ``a = b - c = e`` on one digit, where
    ``a = b`` and ``c = e`` are strong links in any houses and ``b``, ``c`` share a house; one
    of ``a`` and ``e`` holds the digit, so it goes from every cell that sees both. Four
    different cells; Skyscrapers and 2-String Kites are Turbot Fish too. One Step per set of
    removals, in HoDoKu's order (``hodoku_order``: most removals, then the lowest weighted index
    sum), as its solver sorts every Turbot Fish it finds and takes the first.

    Source: HoDoKu, "Single Digit Patterns" (hodoku.sourceforge.net/en/tech_sdp.php): an
    X-Chain of three links.
    """
    places = digit_places(grid)
    ranked: list[tuple[tuple[int, int], Step]] = []
    for digit in DIGITS:
        ranked += _turbot_of_digit(digit, places[digit])
    ranked.sort(key=lambda item: item[0])  # stable: digits in turn, each in the order found
    for _, step in ranked:
        yield step


_TURBOT: dict[tuple[int, int], tuple[tuple[tuple[int, int], Step], ...]] = {}
"""(digit, its places) -> its Turbot Fish with their HoDoKu ranks: a Turbot Fish lives on one
digit, and a solve path asks again after every step while most digits' places stay the same.
Bounded (emptied when full); safe to share between threads (a lost race only repeats work)."""
_DIGIT_MEMO_SIZE = 4096  # (digit, places) entries: a few MB at most


def _turbot_of_digit(digit: int, where: int) -> tuple[tuple[tuple[int, int], Step], ...]:
    """The Turbot Fish of one digit at its places ``where`` (a cell set), each once per set of
    targets, with ``hodoku_order.rank`` of its eliminations."""
    known = _TURBOT.get((digit, where))
    if known is not None:
        return known
    found: list[tuple[tuple[int, int], Step]] = []
    links = strong_links(where)
    if len(links) >= 2:
        seen: set[tuple[int, ...]] = set()  # target cells
        partners: dict[int, list[tuple[int, int]]] = {}
        for house, first, second in links:
            partners.setdefault(first, []).append((house, second))
            partners.setdefault(second, []).append((house, first))
        linked = 0
        for cell in partners:
            linked |= CELL_BIT[cell]
        for house1, first, second in links:
            for a, b in ((first, second), (second, first)):
                for c in cells_of(linked & PEER_MASK[b] & ~CELL_BIT[a]):
                    for house3, e in partners[c]:
                        if e in (a, b) or e < a:  # each chain once, from its lower end
                            continue
                        inner = CELL_BIT[b] | CELL_BIT[c]
                        targets = tuple(cells_of(where & PEER_MASK[a] & PEER_MASK[e] & ~inner))
                        if targets and targets not in seen:
                            seen.add(targets)
                            step = _chain_step(
                                "Turbot Fish", digit, (a, b, c, e), (house1, shared_house(b, c), house3), list(targets)
                            )
                            found.append((rank(step.eliminations), step))
    return remember(_TURBOT, (digit, where), tuple(found), _DIGIT_MEMO_SIZE)
