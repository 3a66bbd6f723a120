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

from itertools import combinations

from solver.grid import CELL_BIT, DIGITS_OF, PEER_MASK, POPCOUNT, Grid, cells_of
from solver.se.rules import SEHint
from solver.step import Candidate


def aligned_pair_exclusion(grid: Grid) -> SEHint | None:
    """Sudoku Explainer's Aligned Pair Exclusion (6.2): two cells whose every pair of values is
    ruled out, for some value of one of them, by the two cells seeing each other or by a
    bivalue cell that sees both and holds exactly that pair."""
    cands = grid.candidates
    bivalue = 0
    for c in range(81):
        if POPCOUNT[cands[c]] == 2:
            bivalue |= CELL_BIT[c]
    base = []
    for c in range(81):
        if POPCOUNT[cands[c]] >= 2 and PEER_MASK[c] & bivalue:
            if any(POPCOUNT[cands[p]] == 1 for p in cells_of(PEER_MASK[c])):
                continue
            base.append(c)
    for first, second in combinations(base, 2):
        common = bivalue & PEER_MASK[first] & PEER_MASK[second]
        if common.bit_count() < 2:
            continue
        pairs = {cands[c] for c in cells_of(common)}
        sees = bool(CELL_BIT[second] & PEER_MASK[first])
        allowed_first = allowed_second = 0
        for a in DIGITS_OF[cands[first]]:
            for b in DIGITS_OF[cands[second]]:
                if a == b and sees:
                    continue
                if (1 << (a - 1)) | (1 << (b - 1)) in pairs:
                    continue
                allowed_first |= 1 << (a - 1)
                allowed_second |= 1 << (b - 1)
        removed = [(first, d) for d in DIGITS_OF[cands[first] & ~allowed_first]]
        removed += [(second, d) for d in DIGITS_OF[cands[second] & ~allowed_second]]
        if removed:
            return SEHint(6.2, "Aligned Pair Exclusion", eliminations=tuple(removed))
    return None


def aligned_triple_exclusion(grid: Grid) -> SEHint | None:
    """Sudoku Explainer's Aligned Triplet Exclusion (7.5): three cells, the third seen by a
    cell with two or three candidates that sees one of the first two, with at least two
    common "excluders" (cells of two or three candidates seeing all three); a value is
    removed when every combination using it puts one digit twice in a house or empties an
    excluder."""
    cands = grid.candidates
    small = 0
    for c in range(81):
        if 2 <= POPCOUNT[cands[c]] <= 3:
            small |= CELL_BIT[c]
    excluders = {}
    for c in range(81):
        if POPCOUNT[cands[c]] < 2:
            continue
        if any(POPCOUNT[cands[p]] == 1 for p in cells_of(PEER_MASK[c])):
            continue
        if PEER_MASK[c] & small:
            excluders[c] = PEER_MASK[c] & small
    base = sorted(excluders)
    base_mask = sum(CELL_BIT[c] for c in base)
    locked: dict[int, frozenset[int]] = {}  # common excluders -> the digit sets they rule out
    for i, first in enumerate(base):
        for second in base[i + 1 :]:
            pair_common = excluders[first] & excluders[second]
            if pair_common.bit_count() < 2:
                continue
            tails = (excluders[first] | excluders[second]) & base_mask
            tails &= ~(CELL_BIT[first] | CELL_BIT[second])
            for third in cells_of(tails):
                common = pair_common & excluders[third]
                if common.bit_count() < 2:
                    continue
                bad = locked.get(common)
                if bad is None:
                    bad = locked[common] = _locked_combinations(cands, common)
                hint = _exclusion((first, second, third), bad, cands)
                if hint is not None:
                    return SEHint(7.5, "Aligned Triplet Exclusion", eliminations=hint)
    return None


def _locked_combinations(cands: list[int], common: int) -> frozenset[int]:
    """Every set of at most three digits that leaves one of the excluders in ``common`` (cells
    of two or three candidates) without a candidate: each excluder's digits, with any third
    digit added to a pair."""
    bad = set()
    for cell in cells_of(common):
        mask = cands[cell]
        bad.add(mask)
        if POPCOUNT[mask] == 2:
            bad.update(mask | (1 << d) for d in range(9))
    return frozenset(bad)


def _exclusion(cells: tuple[int, ...], bad: frozenset[int], cands: list[int]) -> tuple[Candidate, ...] | None:
    """The values of ``cells`` that no allowed combination uses (see the rules above); ``bad``
    holds the digit sets an excluder rules out."""
    allowed = [0] * len(cells)
    a, b, c = cells
    full = (cands[a], cands[b], cands[c])
    ab = bool(PEER_MASK[a] & CELL_BIT[b])
    ac = bool(PEER_MASK[a] & CELL_BIT[c])
    bc = bool(PEER_MASK[b] & CELL_BIT[c])
    for x in DIGITS_OF[cands[a]]:
        bx = 1 << (x - 1)
        for y in DIGITS_OF[cands[b]]:
            if x == y and ab:
                continue
            by = 1 << (y - 1)
            for z in DIGITS_OF[cands[c]]:
                if (x == z and ac) or (y == z and bc):
                    continue
                bz = 1 << (z - 1)
                if bx | by | bz in bad:
                    continue
                allowed[0] |= bx
                allowed[1] |= by
                allowed[2] |= bz
            if allowed[0] == full[0] and allowed[1] == full[1] and allowed[2] == full[2]:
                return None  # every value of every cell is allowed: nothing to remove
    if tuple(allowed) == full:
        return None
    removed = tuple((cell, d) for cell, ok in zip(cells, allowed) for d in DIGITS_OF[cands[cell] & ~ok])
    return removed or None
