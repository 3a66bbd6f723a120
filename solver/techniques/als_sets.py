"""The Almost Locked Sets of a position, found once and shared by the ALS techniques.

Glossary (after HoDoKu's "Almost Locked Sets" page, hodoku.sourceforge.net/en/tech_als.php):
  ALS        N cells of one house holding N + 1 candidates between them; a bivalue cell is an
             ALS of one cell. Take any one digit away and the set is locked: each of its N
             other digits must then be placed in it.
  RCC        a restricted common candidate of two ALS: a digit both hold, every instance of
             which (in either set) sees every other, so at most one of the two sets holds it.
             Two sets that share cells may still have an RCC if no shared cell holds it.
  reach      for an ALS and a digit: the cells outside the set that hold the digit and see
             every cell of the set that holds it. If the set must hold the digit, it can go
             from its reach.
  cell mask  an int with bit ``cell`` set for each cell (81 bits); a digit mask has 9 bits.

``als_position(grid)`` returns the position's ALS, their reach and their RCCs. It is cached
per candidate state, so the ALS finders called one after another on the same grid enumerate
the sets once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import cast

from solver.grid import (
    DIGITS,
    DIGITS_OF,
    HOUSE_MASK,
    HOUSES,
    HOUSES_OF,
    PEER_MASK,
    POPCOUNT,
    Grid,
    cell_name,
    cells_of,
    subsets_of,
)
from solver.memo import remember
from solver.step import Candidate
from solver.techniques.wording import and_list, cells_text, or_list

BITS_81 = (1 << 81) - 1
RccPair = tuple[int, int, int]  # (i, j, RCC digit mask): i < j, indices into ``AlsPosition.alses``
RccNeighbours = list[list[tuple[int, int]]]  # per set i: (j, RCC digit mask) for each set j it has RCCs with
Rccs = tuple[list[RccPair], RccNeighbours, list[RccPair], RccNeighbours]  # see ``AlsPosition.rccs``
RemovalKey = tuple[tuple[int, int], ...]  # (digit, cell mask) pairs, merged by digit: see ``removal_key``


class Als:
    """One Almost Locked Set.

    Fields:
        cells: its cells, sorted; mask: the same as an 81-bit cell mask.
        digits: the 9-bit mask of its candidates (one more digit than cells).
        house: the house (0..26) it was found in (rows first for sets that lie in two).
        where: ``where[d]``, the cell mask of its cells holding digit d (10 entries, [0] = 0;
            a tuple shared with the house's cached sets: read only).
        reach: ``reach[d]``, the cells outside it that hold d and see all of ``where[d]``.
        targeted: the digit mask of the digits whose reach is not empty.
    """

    __slots__ = ("_candidates", "cells", "digits", "house", "mask", "reach", "targeted", "where")

    def __init__(
        self,
        cells: tuple[int, ...],
        mask: int,
        digits: int,
        house: int,
        where: Sequence[int],
        reach: list[int],
        targeted: int,
    ):
        self.cells, self.mask, self.digits, self.house = cells, mask, digits, house
        self.where, self.reach, self.targeted = where, reach, targeted
        self._candidates: tuple[Candidate, ...] | None = None

    def candidates(self) -> tuple[Candidate, ...]:
        """Every (cell, digit) candidate of the set, by cell."""
        if self._candidates is None:
            self._candidates = tuple((cell, d) for cell in self.cells for d in DIGITS if self.where[d] >> cell & 1)
        return self._candidates

    def node(self, digit: int) -> tuple[tuple[int, ...], int]:
        """The chain node "``digit`` is in one of the set's cells that hold it"."""
        return tuple(cells_of(self.where[digit])), digit

    def __repr__(self) -> str:
        return f"Als({cells_text(self.cells)}: {DIGITS_OF[self.digits]})"


class AlsPosition:
    """The ALS of one candidate state and the RCCs between them (computed on first use).

    Fields:
        key: the 81 candidate masks the position was built from.
        holders: ``holders[d]``, the cell mask of cells holding candidate d.
        alses: every ALS, in house order (rows, columns, boxes), each house's sets by their
            cells (``_house_sets``); each set of cells appears once, in the first house that
            holds it. HoDoKu lists its sets so, and its ALS-XZ, ALS-XY-Wing and ALS-XY-Chain
            depend on the order.
        derived: data a finder builds from the sets and keeps for the same position.
    """

    __slots__ = ("_rccs", "alses", "derived", "holders", "key")

    def __init__(self, candidates: tuple[int, ...]):
        self.key = candidates
        holders = [0] * 10
        for cell, mask in enumerate(candidates):
            bit = 1 << cell
            for d in DIGITS_OF[mask]:
                holders[d] |= bit
        self.holders = holders
        self.alses = _collect(candidates, holders)
        self.derived: dict[str, object] = {}  # finders' own data for this position
        self._rccs: Rccs | None = None

    def rccs(self) -> Rccs:
        """(pairs, neighbours, overlap_pairs, overlap_neighbours).

        ``pairs`` lists ``(i, j, rcc_mask)`` (i < j indices into ``alses``) for every two sets
        without a common cell that have at least one RCC; ``neighbours[i]`` lists ``(j, mask)``
        for set i, both directions. The ``overlap_`` lists do the same for sets that share
        cells (RCC digits never in a shared cell; a set never pairs with one inside it).
        """
        if self._rccs is None:
            self._rccs = _restricted_commons(self.alses)
        return self._rccs


HouseSets = tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]
"""A house's candidate sets with one digit spare: (cell mask, digit mask, cells, where) each,
``where[d]`` the cells of the set holding d (see ``Als``)."""

_HOUSE_SETS: dict[tuple[int, tuple[int, ...]], HouseSets] = {}
"""(house, its 9 candidate masks) -> its sets: most houses are as they were at the last ALS
position of a solve path (two in three on the Master paths of the bank), and the sets of a house
depend on its own candidates alone. Bounded; safe to share between threads (a lost race only
repeats a search)."""
_SEES: dict[int, int] = {}
"""A cell mask -> the cells that see all its cells (position-independent). Bounded likewise."""
_SPOT_HOUSES: dict[int, tuple[int, ...]] = {}
"""A cell mask -> 10 * each house that holds all its cells (position-independent). Bounded."""
_CACHE_SIZE = 1 << 14
_HOUSE_SETS_SIZE = 1024
"""A house's sets take about 5 KB (up to 511 subsets looked at): 1,024 of them, about 5 MB,
hold the houses of the last few dozen positions, which is where the reuse is."""


def _house_sets(house: int, candidates: tuple[int, ...]) -> HouseSets:
    """The sets of ``house`` (``HouseSets``) in HoDoKu's order: by their cells, as a depth-first
    search over the house's empty cells finds them ({c1}, {c1, c2}, {c1, c2, c3}, ..., {c2},
    ...), the order its ALS steps are searched in and so which step it takes first."""
    cells = HOUSES[house]
    key = (house, tuple([candidates[cell] for cell in cells]))
    known = _HOUSE_SETS.get(key)
    if known is not None:
        return known
    sets = []
    for mask, digits, size in subsets_of([cell for cell in cells if candidates[cell]], candidates):
        if POPCOUNT[digits] == size + 1:
            members = tuple(cells_of(mask))
            where = [0] * 10
            for member in members:
                for d in DIGITS_OF[candidates[member]]:
                    where[d] |= 1 << member
            sets.append((mask, digits, members, tuple(where)))
    sets.sort(key=lambda found: found[2])
    return remember(_HOUSE_SETS, key, tuple(sets), _HOUSE_SETS_SIZE)


def _collect(candidates: tuple[int, ...], holders: list[int]) -> list[Als]:
    """Every ALS of the position: subsets of each house's empty cells with one digit spare,
    each set of cells once (in the first house that holds it: rows, columns, boxes)."""
    seen: set[int] = set()
    sees_of = _SEES
    if len(sees_of) >= _CACHE_SIZE:
        sees_of.clear()
    alses = []
    for house in range(27):
        for mask, digits, cells, where in _house_sets(house, candidates):
            if mask in seen:
                continue
            seen.add(mask)
            reach = [0] * 10
            targeted = 0
            for d in DIGITS_OF[digits]:
                spots = where[d]
                sees = sees_of.get(spots)
                if sees is None:
                    sees = BITS_81
                    for cell in cells_of(spots):
                        sees &= PEER_MASK[cell]
                    sees_of[spots] = sees
                if found := sees & holders[d]:
                    reach[d] = found
                    targeted |= 1 << (d - 1)
            alses.append(Als(cells, mask, digits, house, where, reach, targeted))
    return alses


def _restricted_commons(alses: list[Als]) -> Rccs:
    """The RCCs between every two ALS (see ``AlsPosition.rccs``).

    Cells that all see each other lie in one house, so two sets have an RCC on d exactly when
    their cells holding d lie together in some house and are different cells: a shared cell
    holding d would be in both. Sets are bucketed by (house, d), then by their cells holding
    d, and every two groups with no such cell in common give RCCs.
    """
    buckets: dict[int, dict[int, list[int]]] = {}  # 10 * house + d -> cells holding d -> sets
    houses_of = _SPOT_HOUSES
    if len(houses_of) >= _CACHE_SIZE:
        houses_of.clear()
    for index, als in enumerate(alses):
        where = als.where
        for d in DIGITS_OF[als.digits]:
            spots = where[d]
            houses = houses_of.get(spots)
            if houses is None:
                first = (spots & -spots).bit_length() - 1
                houses = houses_of[spots] = tuple(
                    10 * house for house in HOUSES_OF[first] if not spots & ~HOUSE_MASK[house]
                )
            for house in houses:
                bucket = buckets.get(house + d)
                if bucket is None:
                    buckets[house + d] = {spots: [index]}
                elif (held := bucket.get(spots)) is None:
                    bucket[spots] = [index]
                else:
                    held.append(index)
    size = len(alses)
    masks = [als.mask for als in alses]
    plain: dict[int, int] = {}
    shared: dict[int, int] = {}
    for key, groups in buckets.items():
        if len(groups) < 2:
            continue
        bit = 1 << (key % 10 - 1)
        items = list(groups.items())
        for k, (spots, holders) in enumerate(items):
            for other_spots, second in items[k + 1 :]:
                if spots & other_spots:
                    continue
                for i in holders:
                    mask = masks[i]
                    for j in second:
                        pair = i * size + j if i < j else j * size + i
                        table = shared if masks[j] & mask else plain
                        table[pair] = table.get(pair, 0) | bit
    result: list[list[RccPair] | RccNeighbours] = []
    for table in (plain, shared):
        pairs = []
        neighbours: list[list[tuple[int, int]]] = [[] for _ in alses]
        for pair in sorted(table):  # i * size + j: in (i, j) order
            i, j = divmod(pair, size)
            rcc = table[pair]
            pairs.append((i, j, rcc))
            neighbours[i].append((j, rcc))
            neighbours[j].append((i, rcc))
        result += [pairs, neighbours]
    return cast(Rccs, tuple(result))  # (pairs, neighbours) of the plain, then of the overlapping sets


_last: AlsPosition | None = None


def als_position(grid: Grid) -> AlsPosition:
    """The ALS data of ``grid``'s candidate state; reused while the candidates stay the same."""
    global _last
    key = tuple(grid.candidates)
    cached = _last
    if cached is not None and cached.key == key:
        return cached
    cached = AlsPosition(key)
    _last = cached
    return cached


# --- shared step parts and wording -------------------------------------------------------------


def removal_key(pairs: Iterable[tuple[int, int]]) -> RemovalKey:
    """(digit, cell mask) pairs -> the same removals merged by digit, in digit order, empty
    masks dropped: a cheap, hashable stand-in for a step's eliminations."""
    merged: dict[int, int] = {}
    for d, mask in pairs:
        if mask:
            merged[d] = merged.get(d, 0) | mask
    return tuple(sorted(merged.items()))


def removal_count(key: RemovalKey) -> int:
    """The number of eliminations of a removal key."""
    return sum(mask.bit_count() for _, mask in key)


def eliminations_of_key(key: RemovalKey) -> tuple[Candidate, ...]:
    """A removal key's eliminations: sorted (cell, digit) pairs."""
    return tuple(sorted((cell, d) for d, mask in key for cell in cells_of(mask)))


def candidates_in(als: Als, digits: int) -> list[Candidate]:
    """The (cell, digit) candidates of ``als`` for the digits of a 9-bit mask."""
    return [(cell, d) for d in DIGITS_OF[digits] for cell in cells_of(als.where[d])]


def als_houses(*alses: Als) -> tuple[int, ...]:
    """The houses of the sets of two or more cells, in order, each once."""
    houses: list[int] = []
    for als in alses:
        if len(als.cells) > 1 and als.house not in houses:
            houses.append(als.house)
    return tuple(houses)


def digits_text(mask: int, joiner: Callable[[Iterable[int]], str] = and_list) -> str:
    """``1, 4, 7 and 9`` for a digit mask."""
    return joiner(DIGITS_OF[mask])


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def groups_text(alses: Iterable[Als]) -> str:
    """``Each group holds one digit more than it has cells: A = r1c1 (1 and 2), B = r4c1 and
    r5c2 (1, 2 and 3)``; the sets are then called A, B, ... in the step's sentence."""
    named = [f"{LETTERS[k % 26]} = {cells_text(als.cells)} ({digits_text(als.digits)})" for k, als in enumerate(alses)]
    return "Each group holds one digit more than it has cells: " + ", ".join(named)


def likewise(digits: list[int]) -> str:
    """`` (and likewise 3 and 7)`` for the other digits a step removes the same way; "" if
    there are none."""
    return f" (and likewise {and_list(digits)})" if digits else ""


def removals_text(eliminations: tuple[Candidate, ...]) -> str:
    """``4 can't be in r3c5 or r3c6 and 8 can't be in r9c9``: the eliminations by digit."""
    by_digit: dict[int, list[int]] = {}
    for cell, d in eliminations:
        by_digit.setdefault(d, []).append(cell)
    parts = [f"{d} can't be in {or_list(cell_name(c) for c in sorted(cells))}" for d, cells in sorted(by_digit.items())]
    if len(parts) == 1:
        return parts[0]
    return "; ".join(parts[:-1]) + ("; and " if len(parts) > 2 else " and ") + parts[-1]
