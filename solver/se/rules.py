"""Sudoku Explainer's rules that our HoDoKu-ordered registry does not have, for the SE estimate.

After SukakuExplainer (read in its public source); each rule returns its first (or, where Sudoku
Explainer sorts, its cheapest) hint as an ``SEHint``, or None:

  direct_locking       Direct Pointing 1.7 / Direct Claiming 1.9: a pointing or claiming that
                       leaves the digit one place in another box or line (a placement).
  direct_hidden_set    Direct Hidden Pair 2.0 / Triple 2.5: a hidden set that leaves another
                       digit of its house one place.
  strong_links         Turbot Fish (2 strong links: Skyscraper 4.0, 2-String Kite 4.1, with a
                       box 4.1-4.2, grouped 4.3) and Three Strong Links (5.4-5.7): an X-Chain of
                       n conjugate pairs joined by weak links; the digit goes from cells seeing
                       both ends.
  wings                WXYZ-Wing (5.5-5.6), VWXYZ-Wing (6.2-6.4), UVWXYZ-Wing (6.6) and
                       TUVWXYZ-Wing (7.5): n cells holding n digits between them, every digit
                       but one (z) confined to cells that see each other; z goes from cells
                       that see every z of the wing (and, doubly linked, every digit goes).

Aligned Pair and Triplet Exclusion are in solver.se.exclusion.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from solver.grid import CELL_BIT, DIGITS_OF, HOUSE_MASK, HOUSES, PEER_MASK, POPCOUNT, Grid, cells_of, digit_places
from solver.se.record import Since
from solver.step import Candidate


class SEHint(NamedTuple):
    """A hint of a Sudoku Explainer rule: its rating, name, placements and eliminations."""

    rating: float
    name: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()


BOX_LINE_PAIRS = tuple((box, line) for box in range(18, 27) for line in range(18) if HOUSE_MASK[box] & HOUSE_MASK[line])
LOCKING_ORDER = (
    [(box, line) for box, line in BOX_LINE_PAIRS if line >= 9]
    + [(box, line) for box, line in BOX_LINE_PAIRS if line < 9]
    + [(line, box) for box, line in BOX_LINE_PAIRS if line >= 9]
    + [(line, box) for box, line in BOX_LINE_PAIRS if line < 9]
)
SE_HOUSES = tuple(range(18, 27)) + tuple(range(9, 18)) + tuple(range(9))  # box, column, row


def _same_kind(house: int) -> range:
    return range(18, 27) if house >= 18 else range(9, 18) if house >= 9 else range(9)


def direct_locking(grid: Grid, masks: Sequence[int]) -> SEHint | None:
    """The first Direct Pointing (1.7) or Direct Claiming (1.9), as Sudoku Explainer orders them."""
    for digit in range(1, 10):
        dmask = masks[digit]
        for base, cover in LOCKING_ORDER:
            places = dmask & HOUSE_MASK[base]
            if places.bit_count() < 2 or places & ~HOUSE_MASK[cover]:
                continue
            removed = dmask & HOUSE_MASK[cover] & ~HOUSE_MASK[base]
            if not removed:
                continue
            for other in _same_kind(base):
                if other == base or not HOUSE_MASK[other] & HOUSE_MASK[cover]:
                    continue
                there = dmask & HOUSE_MASK[other]
                left = there & ~HOUSE_MASK[cover]
                if there.bit_count() > 1 and left.bit_count() == 1:
                    cell = left.bit_length() - 1
                    rating = 1.7 if base >= 18 else 1.9
                    name = "Direct Pointing" if base >= 18 else "Direct Claiming"
                    return SEHint(rating, name, placements=((cell, digit),))
    return None


def direct_hidden_set(grid: Grid, masks: Sequence[int], degree: int) -> SEHint | None:
    """The first Direct Hidden Pair (2.0) or Triple (2.5) of Sudoku Explainer's search."""
    cands = grid.candidates
    for house in SE_HOUSES:
        hmask = HOUSE_MASK[house]
        empty = sum(1 for c in HOUSES[house] if cands[c])
        if empty <= degree:
            continue
        places = [0] + [masks[d] & hmask for d in range(1, 10)]
        few = [d for d in range(1, 10) if 0 < places[d].bit_count() <= degree]  # may join the set
        for digits in combinations(few, degree):
            union = 0
            for d in digits:
                union |= places[d]
            if union.bit_count() == degree:
                for other in range(1, 10):
                    if other in digits or places[other].bit_count() < 2:
                        continue
                    left = places[other] & ~union
                    if left.bit_count() == 1:
                        rating = 2.0 if degree == 2 else 2.5
                        name = "Direct Hidden Pair" if degree == 2 else "Direct Hidden Triplet"
                        return SEHint(rating, name, placements=((left.bit_length() - 1, other),))
    return None


# --- strong links (Turbot Fish, Three Strong Links) ---------------------------------------------

SL_BASE = {2: 4.0, 3: 5.4, 4: 5.8}
ALL_CELLS = (1 << 81) - 1
StrongEnd = tuple[int, int, int, bool]  # (start mask, end mask, kind 0 box/1 row/2 column, grouped)


def _strong_links(dmask: int) -> list[StrongEnd]:
    """(node, node, kind, grouped) of one digit: nodes are cell masks; kind 0 box, 1 row,
    2 column. A line whose places fill two of its box segments, or a box whose places lie on
    one row and one column, gives a grouped link between the two parts."""
    links = []
    for house in range(27):
        places = dmask & HOUSE_MASK[house]
        kind = 0 if house >= 18 else 1 if house < 9 else 2
        if places.bit_count() == 2:
            low = places & -places
            links.append((low, places ^ low, kind, False))
        elif house < 18 and 2 < places.bit_count() <= 6:
            parts = [places & HOUSE_MASK[box] for box in range(18, 27) if places & HOUSE_MASK[box]]
            if len(parts) == 2:  # the places fill two box segments of the line
                links.append((parts[0], parts[1], kind, True))
        elif house >= 18 and places.bit_count() >= 3:
            for row in range(9):
                rmask = places & HOUSE_MASK[row]
                if not rmask:
                    continue
                for col in range(9, 18):
                    cmask = places & HOUSE_MASK[col]
                    if not cmask or places & ~(HOUSE_MASK[row] | HOUSE_MASK[col]):
                        continue
                    if rmask & ~cmask and cmask & ~rmask:  # the crossing cell is in both ends
                        links.append((rmask, cmask, 0, True))
    return links


def _sees_all(mask: int) -> int:
    """The cells that see every cell of ``mask``."""
    seen = -1
    for cell in cells_of(mask):
        seen &= PEER_MASK[cell]
    return seen & ALL_CELLS


def _sl_rating(n: int, kinds: tuple[int, ...], grouped: bool) -> float:
    """Sudoku Explainer's rating of a chain of ``n`` strong links of the house ``kinds`` (0 box,
    1 row, 2 column); a chain of fewer links gets the lowest rating its completions can have."""
    if grouped:
        return round(SL_BASE[n] + 0.3, 1)
    has_box = 0 in kinds
    mixed = 1 in kinds and 2 in kinds
    if not has_box and not mixed:
        return SL_BASE[n]
    return round(SL_BASE[n] + (0.2 if has_box and mixed else 0.1), 1)


@lru_cache(maxsize=64)
def _links_of(dmask: int) -> tuple[dict[int, list[StrongEnd]], list[StrongEnd]]:
    """The strong-link ends of one digit's places, both directions: by start cell for ends
    that start at one cell, and the list of ends that start at a group of cells."""
    by_cell: dict[int, list[StrongEnd]] = {}
    grouped: list[StrongEnd] = []
    for a, b, kind, is_group in _strong_links(dmask):
        for start, end in ((a, b), (b, a)):
            if start & (start - 1):
                grouped.append((start, end, kind, is_group))
            else:
                by_cell.setdefault(start.bit_length() - 1, []).append((start, end, kind, is_group))
    return by_cell, grouped


def strong_links(grid: Grid, masks: Sequence[int], n: int, cap: float = 0.0) -> SEHint | None:
    """The cheapest chain of ``n`` strong links (2 or 3) on one digit that removes something
    (among equal ratings, the one that removes the most; then the lowest digit), or the first
    digit's best rated ``cap`` or less (such a hint cannot raise the puzzle's rating)."""
    best: tuple[float, int, int, int] | None = None  # rating, -removed, digit, victims
    for digit in range(1, 10):
        found = _digit_strong_links(masks[digit], n) if masks[digit] else None
        if found is None:
            continue
        rating, victims = found
        key = (rating, -victims.bit_count(), digit, victims)
        if best is None or key[:2] < best[:2]:
            best = key
            if rating <= cap:
                break
    if best is None:
        return None
    rating, _, digit, victims = best
    name = {2: "Turbot Fish", 3: "Three Strong Links", 4: "Four Strong Links"}[n]
    return SEHint(rating, name, eliminations=tuple((c, digit) for c in cells_of(victims)))


@lru_cache(maxsize=4096)
def _digit_strong_links(dmask: int, n: int) -> tuple[float, int] | None:
    """(rating, victims mask) of the cheapest chain of ``n`` strong links among the places
    ``dmask`` of one digit (then the one that removes the most; the first found on a tie), or
    None. Depends on the digit's places alone, so it is cached: a step changes few digits."""
    best: tuple[float, int] | None = None
    by_cell, grouped_ends = _links_of(dmask)
    seen: dict[int, int] = {}

    def sees(mask: int) -> int:
        value = seen.get(mask)
        if value is None:
            value = seen[mask] = _sees_all(mask)
        return value

    def extend(depth: int, last: int, used: int, kinds: tuple[int, ...], grouped: bool, near: int) -> None:
        """Add links after the end ``last``; ``near``: the digit's places outside the chain
        that see its start (the victims can only be among them)."""
        nonlocal best
        if best is not None and _sl_rating(n, kinds, grouped) > best[0]:
            return  # a longer chain only rates higher
        if depth == n:
            victims = near & sees(last)
            if victims:
                rating = _sl_rating(n, kinds, grouped)
                if best is None or (rating, -victims.bit_count()) < (best[0], -best[1].bit_count()):
                    best = (rating, victims)
            return
        reach = sees(last)
        for cell in cells_of(reach & dmask & ~used):
            for a, b, kind, is_group in by_cell.get(cell, ()):
                if not b & used and near & ~(a | b):
                    extend(depth + 1, b, used | a | b, kinds + (kind,), grouped or is_group, near & ~(a | b))
        for a, b, kind, is_group in grouped_ends:
            if not (a | b) & used and not a & ~reach and near & ~(a | b):
                extend(depth + 1, b, used | a | b, kinds + (kind,), grouped or is_group, near & ~(a | b))

    for ends in (*by_cell.values(), grouped_ends):
        for a, b, kind, is_group in ends:
            near = dmask & sees(a) & ~(a | b)
            if near:
                extend(1, b, a | b, (kind,), is_group, near)
    return best


# --- wings ---------------------------------------------------------------------------------------

WING_NAMES = {4: "WXYZ-Wing", 5: "VWXYZ-Wing", 6: "UVWXYZ-Wing", 7: "TUVWXYZ-Wing"}


def _wing_rating(size: int, biggest: int) -> float:
    """SukakuExplainer's rating: WXYZ 5.5-5.6 and VWXYZ 6.2-6.4 by the set's biggest cell
    (sizes in the middle rate highest), UVWXYZ 6.6 and TUVWXYZ 7.5 flat."""
    if size == 6:
        return 6.6
    if size == 7:
        return 7.5
    base = 5.5 if size == 4 else 6.2
    middle = (size + 2) // 2
    return round(base + (size - middle - abs(middle - biggest)) * 0.1, 1)


class _WingHint(NamedTuple):
    hint: SEHint
    suffix: str  # SukakuExplainer's: doubly linked (2 or 1), biggest cell, sum of cell sizes
    order: tuple[int, ...]  # the set's cells and the bivalue cell: its search order


def _wing_before(a: _WingHint, b: _WingHint) -> bool:
    """SukakuExplainer's order of wing hints: cheaper, then more eliminations, then the greater
    suffix (doubly linked first), then the order found."""
    ka = (a.hint.rating, -len(a.hint.eliminations))
    kb = (b.hint.rating, -len(b.hint.eliminations))
    if ka != kb:
        return ka < kb
    if a.suffix != b.suffix:
        return a.suffix > b.suffix
    return a.order < b.order


def wings(grid: Grid, size: int, cap: float = 0.0, changes: Since | None = None) -> SEHint | None:
    """The first hint in SukakuExplainer's order of the ``size``-cell wings (4: WXYZ, 5: VWXYZ,
    6: UVWXYZ, 7: TUVWXYZ) that remove something, or the first found rated ``cap`` or less.
    ``changes``: what changed since a position of this walk where this rule found nothing;
    only the wings with a changed cell are then looked at (the same answer, see ``Since``).

    As SukakuExplainer builds them, a wing is an Almost Locked Set of ``size - 1`` cells that
    all see each other (``size`` digits between them) plus a bivalue cell x/z that sees every
    x of the set (x is restricted); z goes from every cell that sees the bivalue cell and every
    z of the set. When z is restricted too (doubly linked), the wing is a locked set: x and z
    also go from the cells seeing all of theirs, and each other digit from the cells seeing
    every one of it in the set. Three or more cells that all see each other lie in one house,
    so the sets are Almost Locked Sets of one house (``_wing_sets``).
    """
    cands = grid.candidates
    bivalue = 0
    for c in range(81):
        if POPCOUNT[cands[c]] == 2:
            bivalue |= CELL_BIT[c]
    places = digit_places(grid)
    best: _WingHint | None = None
    touched = ALL_CELLS if changes is None else changes.cells
    # with no changed bivalue cell, a wing that touches the change has a changed cell in its set
    sets = _wing_sets(cands, size - 1, None if bivalue & touched else touched)
    for cells, digits, set_mask in sets:
        partners = bivalue
        if not set_mask & touched:
            partners &= touched  # an unchanged set: only a changed bivalue cell makes a new wing
            if not partners:
                continue
        for found in _wing_hints(grid, cells, digits, size, partners, places):
            if best is None or _wing_before(found, best):
                best = found
                if found.hint.rating <= cap:
                    return found.hint
    return best.hint if best is not None else None


def _wing_sets(cands: list[int], count: int, touching: int | None = None) -> list[tuple[tuple[int, ...], int, int]]:
    """(cells, digits, 81-bit set of the cells) of every Almost Locked Set of ``count`` cells
    with two or more candidates each: ``count`` cells of one house holding ``count + 1`` digits
    between them. Each set once, in the same order whatever ``touching`` is: when given (an
    81-bit set of cells), only the sets holding one of those cells."""
    found: set[int] = set()
    sets = []
    for house, cells in enumerate(HOUSES):
        if touching is not None and not HOUSE_MASK[house] & touching:
            continue
        usable = [c for c in cells if 2 <= POPCOUNT[cands[c]] <= count + 1]
        for combo in combinations(usable, count):
            if touching is not None and not any(CELL_BIT[c] & touching for c in combo):
                continue
            union = 0
            for c in combo:
                union |= cands[c]
            if POPCOUNT[union] != count + 1:
                continue
            mask = 0
            for c in combo:
                mask |= CELL_BIT[c]
            if mask not in found:
                found.add(mask)
                sets.append((tuple(sorted(combo)), union, mask))
    return sets


def _wing_hints(
    grid: Grid, cells: tuple[int, ...], union: int, size: int, bivalue: int, places: Sequence[int]
) -> list[_WingHint]:
    """The wings made of the set ``cells`` (holding ``union``) and one bivalue cell, each as
    SukakuExplainer builds its hint (``places``: per digit, the cells holding it). Most sets
    have none, so the bivalue cells are looked at before anything else is worked out."""
    cands = grid.candidates
    wing_mask = 0
    seen_by_set = 0
    for c in cells:
        wing_mask |= CELL_BIT[c]
        seen_by_set |= PEER_MASK[c]
    found: list[_WingHint] = []
    where: dict[int, int] = {}  # digit -> the set's cells holding it, on first need
    outside: dict[int, int] = {}  # digit -> the cells outside the set holding it that see all of where

    def victims(digit: int) -> int:
        if digit not in outside:
            seen = places[digit] & ~wing_mask
            for c in cells_of(where[digit]):
                seen &= PEER_MASK[c]
            outside[digit] = seen
        return outside[digit]

    for y in cells_of(bivalue & seen_by_set & ~wing_mask):
        ymask = cands[y]
        if ymask & ~union:
            continue
        if not where:
            where.update(dict.fromkeys(DIGITS_OF[union], 0))
            for c in cells:
                for d in DIGITS_OF[cands[c]]:
                    where[d] |= CELL_BIT[c]
        peers_of_y = PEER_MASK[y]
        low, high = DIGITS_OF[ymask]
        restricted = (not where[low] & ~peers_of_y, not where[high] & ~peers_of_y)  # y sees all of them
        if not any(restricted):
            continue
        if all(restricted):  # doubly linked
            weak = [(d, victims(d)) for d in DIGITS_OF[union & ~ymask]]
            on_low, on_high = victims(low) & peers_of_y, victims(high) & peers_of_y
            removed = [(d, mask) for d, mask in weak if mask] + [(low, on_low), (high, on_high)]
            doubly = any(mask for _, mask in weak) or bool(on_high and on_low)
        else:
            z = high if restricted[0] else low
            removed = [(z, victims(z) & peers_of_y)]
            doubly = False
        eliminations = sorted((c, d) for d, mask in removed for c in cells_of(mask))
        if eliminations:
            biggest = max(POPCOUNT[cands[c]] for c in cells)
            suffix_tail = f"{biggest}{sum(POPCOUNT[cands[c]] for c in cells)}"
            hint = SEHint(_wing_rating(size, biggest), WING_NAMES[size], eliminations=tuple(eliminations))
            found.append(_WingHint(hint, ("2" if doubly else "1") + suffix_tail, (*cells, y)))
    return found
