"""Sudoku Explainer's Aligned Pair Exclusion and Aligned Triplet Exclusion, for the SE estimate.

After SukakuExplainer (read in its public source), like the other rules of solver.se.rules;
each rule returns its first hint as an ``SEHint``, or None:

  aligned_pair_exclusion    Aligned Pair Exclusion 6.2: a value of one of two cells goes when
                            every pair of values using it is ruled out, by the two cells seeing
                            each other or by a bivalue cell that sees both and holds that pair.
  aligned_triple_exclusion  Aligned Triplet Exclusion 7.5: the same for three cells, whose
                            combinations are ruled out by their common "excluders" (cells of
                            two or three candidates that see all three).
"""

from __future__ import annotations

from typing import NamedTuple

from solver.grid import CELL_BIT, DIGITS_OF, PEER_MASK, POPCOUNT, Grid, cells_of
from solver.se.record import Since
from solver.se.rules import SEHint
from solver.step import Candidate


def aligned_pair_exclusion(grid: Grid, changes: Since | None = None) -> SEHint | None:
    """Sudoku Explainer's Aligned Pair Exclusion (6.2): two cells whose every pair of values is
    ruled out, for some value of one of them, by the two cells seeing each other or by a
    bivalue cell that sees both and holds exactly that pair.

    ``changes``: what changed since a position of this walk where this rule found nothing;
    only the pairs it may have changed are then looked at, for the same answer (``Since``): a
    pair with a changed cell or a changed common bivalue cell, or one that a changed cell kept
    out (a cell of one candidate, now placed, among its peers)."""
    cands = grid.candidates
    touched, touched_or_freed = _touched(changes)
    bivalue = single = 0
    for c in range(81):
        size = POPCOUNT[cands[c]]
        if size == 2:
            bivalue |= CELL_BIT[c]
        elif size == 1:
            single |= CELL_BIT[c]
    # cells of two or more candidates seeing a bivalue cell and no cell of one candidate
    base = [c for c in range(81) if POPCOUNT[cands[c]] >= 2 and PEER_MASK[c] & bivalue and not PEER_MASK[c] & single]
    for index, first in enumerate(base):
        near = bivalue & PEER_MASK[first]
        seconds = base[index + 1 :]
        if changes is not None and not (CELL_BIT[first] & touched_or_freed or near & touched):
            # no pair with ``first`` changed unless its second did
            seconds = [c for c in seconds if CELL_BIT[c] & touched_or_freed]
        for second in seconds:
            common = near & PEER_MASK[second]
            if not common & (common - 1):  # fewer than two
                continue
            if changes is not None and not (
                (CELL_BIT[first] | CELL_BIT[second]) & touched_or_freed or common & touched
            ):
                continue  # the same pair as before, which removed nothing
            removed = _pair_exclusion(first, second, common, cands)
            if removed:
                return SEHint(6.2, "Aligned Pair Exclusion", eliminations=removed)
    return None


def _touched(changes: Since | None) -> tuple[int, int]:
    """(the changed cells, those and every peer of a changed cell that held one candidate
    before, which kept its peers out of the rule), as 81-bit sets; (0, 0) without ``changes``."""
    if changes is None:
        return 0, 0
    freed = 0
    for c in cells_of(changes.cells):
        if POPCOUNT[changes.before[c]] == 1:
            freed |= PEER_MASK[c]
    return changes.cells, changes.cells | freed


def _pair_exclusion(first: int, second: int, common: int, cands: list[int]) -> tuple[Candidate, ...]:
    """The values of ``first`` and ``second`` that no allowed pair of values uses: a pair is
    ruled out when the cells see each other and it repeats a digit, or when it is the two
    candidates of a bivalue cell in ``common`` (which would be left empty)."""
    partners = [0] * 9  # per digit bit: the digits that make a pair of ``common`` with it
    for cell in cells_of(common):
        pair = cands[cell]
        low = pair & -pair
        partners[low.bit_length() - 1] |= pair ^ low
        partners[(pair ^ low).bit_length() - 1] |= low
    sees = bool(CELL_BIT[second] & PEER_MASK[first])
    allowed_first = allowed_second = 0
    full_second = cands[second]
    values = cands[first]
    while values:
        a = values & -values
        values ^= a
        # the values of ``second`` that ``a`` allows: not itself (if the cells see each other),
        # not one that makes a bivalue excluder's pair with it
        ok = full_second & ~(partners[a.bit_length() - 1] | (a if sees else 0))
        if ok:
            allowed_first |= a
            allowed_second |= ok
    removed = [(first, d) for d in DIGITS_OF[cands[first] & ~allowed_first]]
    removed += [(second, d) for d in DIGITS_OF[full_second & ~allowed_second]]
    return tuple(removed)


def aligned_triple_exclusion(grid: Grid, changes: Since | None = None) -> SEHint | None:
    """Sudoku Explainer's Aligned Triplet Exclusion (7.5): three cells, the third seen by a
    cell with two or three candidates that sees one of the first two, with at least two
    common "excluders" (cells of two or three candidates seeing all three); a value is
    removed when every combination using it puts one digit twice in a house or empties an
    excluder.

    ``changes``: what changed since a position of this walk where this rule found nothing;
    then only the triples it may have changed are worked out, for the same answer (``Since``):
    one with a changed cell, a changed common excluder (an excluder that left only rules out
    less), or a changed cell that kept one out (a cell of one candidate, now placed)."""
    cands = grid.candidates
    touched, touched_or_freed = _touched(changes)
    small = single = 0
    for c in range(81):
        size = POPCOUNT[cands[c]]
        if 2 <= size <= 3:
            small |= CELL_BIT[c]
        elif size == 1:
            single |= CELL_BIT[c]
    excluders = {}
    for c in range(81):
        # cells of two or more candidates seeing no cell of one candidate and some small cell
        if POPCOUNT[cands[c]] >= 2 and not PEER_MASK[c] & single and PEER_MASK[c] & small:
            excluders[c] = PEER_MASK[c] & small
    base = sorted(excluders)
    base_mask = sum(CELL_BIT[c] for c in base)
    locked: dict[int, _Excluders] = {}  # common excluders -> the digit combinations they rule out
    tried: set[tuple[int, int, int]] = set()  # triples already found to remove nothing, sorted
    for i, first in enumerate(base):
        for second in base[i + 1 :]:
            pair_common = excluders[first] & excluders[second]
            if pair_common.bit_count() < 2:
                continue
            tails = (excluders[first] | excluders[second]) & base_mask
            tails &= ~(CELL_BIT[first] | CELL_BIT[second])
            if changes is not None and not (
                (CELL_BIT[first] | CELL_BIT[second]) & touched_or_freed or pair_common & touched
            ):
                tails &= touched_or_freed  # an unchanged pair: only a changed third makes a new triple
            for third in cells_of(tails):
                common = pair_common & excluders[third]
                if common.bit_count() < 2:
                    continue
                # a triple comes up once per pair of it that has two common excluders; what it
                # removes does not depend on the order of its cells
                low, mid, high = sorted((first, second, third))
                key = (low, mid, high)
                if key in tried:
                    continue
                if changes is not None and not (
                    (CELL_BIT[low] | CELL_BIT[mid] | CELL_BIT[high]) & touched_or_freed or common & touched
                ):
                    continue  # the same triple as before, which removed nothing
                ruled_out = locked.get(common)
                if ruled_out is None:
                    ruled_out = locked[common] = _excluders(cands, common)
                hint = _exclusion((first, second, third), ruled_out, cands)
                if hint is not None:
                    return SEHint(7.5, "Aligned Triplet Exclusion", eliminations=hint)
                tried.add(key)
    return None


class _Excluders(NamedTuple):
    """What a set of common excluders rules out, as masks (bit d-1 = digit d): a combination of
    digits is ruled out when it holds both digits of a two-candidate excluder, or is exactly
    the three digits of a three-candidate one (it would leave that excluder empty)."""

    pairs: frozenset[int]  # the two-candidate excluders' masks
    partners: tuple[int, ...]  # per digit bit d: the digits that complete a pair with it
    thirds: dict[int, int]  # per two-digit mask: the digit that completes a three-candidate one


def _excluders(cands: list[int], common: int) -> _Excluders:
    """The digit combinations the excluders in ``common`` (cells of two or three candidates)
    rule out (see ``_Excluders``)."""
    pairs = set()
    partners = [0] * 9
    thirds: dict[int, int] = {}
    for cell in cells_of(common):
        mask = cands[cell]
        digits = [1 << d for d in range(9) if mask >> d & 1]
        if len(digits) == 2:
            pairs.add(mask)
            for bit in digits:
                partners[bit.bit_length() - 1] |= mask & ~bit
        else:
            for i, j in ((0, 1), (0, 2), (1, 2)):
                two = digits[i] | digits[j]
                thirds[two] = thirds.get(two, 0) | (mask & ~two)
    return _Excluders(frozenset(pairs), tuple(partners), thirds)


def _exclusion(cells: tuple[int, ...], excluders: _Excluders, cands: list[int]) -> tuple[Candidate, ...] | None:
    """The values of ``cells`` that no allowed combination uses (see the rules above): for each
    value of the first two cells, the values of the third that the pair leaves allowed are
    one mask, (digits it may not repeat) less (digits that would complete an excluder)."""
    a, b, c = cells
    full_a, full_b, full_c = cands[a], cands[b], cands[c]
    ab = bool(PEER_MASK[a] & CELL_BIT[b])
    ac = bool(PEER_MASK[a] & CELL_BIT[c])
    bc = bool(PEER_MASK[b] & CELL_BIT[c])
    pairs, partners, thirds = excluders
    allowed_a = allowed_b = allowed_c = 0
    xs = full_a
    while xs:
        bx = xs & -xs
        xs ^= bx
        around_x = partners[bx.bit_length() - 1] | (bx if ac else 0)
        ys = full_b & ~bx if ab else full_b
        while ys:
            by = ys & -ys
            ys ^= by
            two = bx | by
            if two in pairs:
                continue  # both digits of an excluder: every third value is ruled out
            zs = full_c & ~(around_x | partners[by.bit_length() - 1] | thirds.get(two, 0) | (by if bc else 0))
            if zs:
                allowed_a |= bx
                allowed_b |= by
                allowed_c |= zs
                if allowed_a == full_a and allowed_b == full_b and allowed_c == full_c:
                    return None  # every value of every cell is allowed: nothing to remove
    removed = tuple(
        (cell, d)
        for cell, full, ok in ((a, full_a, allowed_a), (b, full_b, allowed_b), (c, full_c, allowed_c))
        for d in DIGITS_OF[full & ~ok]
    )
    return removed or None
