"""Sudoku Explainer's Aligned Pair and Triplet Exclusion (solver.se.exclusion): a position where
the triplet rule fires, with its exact eliminations, and the bit-mask reasoning of
``_exclusion`` against the rule as Sudoku Explainer states it, combination by combination."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.grid import CELL_BIT, DIGITS_OF, PEER_MASK, POPCOUNT
from solver.se.exclusion import (
    _excluders,
    _exclusion,
    _pair_exclusion,
    aligned_pair_exclusion,
    aligned_triple_exclusion,
)
from tests.positions import narrowed

# met on the Sudoku Explainer paths of calibration puzzles (candidates as they were then)
PAIR = narrowed(
    "79.12..363..94.1.2.1236....5..2.436.2..5.3..9.3.8.6257623489...147652..3...731624",
    r3c7="4579",
    r4c5="79",
    r5c3="168",
)
# rated 7.5 (candidates as they were then)
TRIPLET = narrowed(
    "7..2..4.5491......52..74...917386..4384.2..6....749831.4.638.7..7...23488..4.7..6",
    r1c5="69",
    r3c7="16",
    r5c7="79",
    r8c4="59",
    r8c5="15",
)


def test_aligned_triplet_exclusion_removes_what_every_combination_rules_out():
    hint = aligned_triple_exclusion(TRIPLET)
    assert hint is not None and hint.rating == 7.5 and hint.name == "Aligned Triplet Exclusion"
    assert hint.eliminations == ((2, 3), (2, 6))  # r1c3: 3 and 6


def test_aligned_pair_exclusion_removes_a_value_every_pair_rules_out():
    hint = aligned_pair_exclusion(PAIR)
    assert hint is not None and hint.rating == 6.2 and hint.name == "Aligned Pair Exclusion"
    assert hint.eliminations == ((6, 8),)  # r1c7: 8


def _pair_reference(first, second, excluders, cands):
    """Aligned Pair Exclusion as stated: a pair of values is ruled out when the cells see each
    other and repeat a digit, or when it is exactly a bivalue excluder's two candidates."""
    sees = bool(PEER_MASK[first] & CELL_BIT[second])
    allowed = [0, 0]
    for x, y in product(DIGITS_OF[cands[first]], DIGITS_OF[cands[second]]):
        if (x == y and sees) or any(cands[e] == (1 << x - 1) | (1 << y - 1) for e in excluders):
            continue
        allowed[0] |= 1 << x - 1
        allowed[1] |= 1 << y - 1
    return tuple((cell, d) for cell, ok in zip((first, second), allowed) for d in DIGITS_OF[cands[cell] & ~ok])


pairs = st.sampled_from([m for m in range(512) if POPCOUNT[m] == 2])


@settings(max_examples=300, deadline=None)
@given(
    cells=st.lists(st.integers(0, 80), min_size=4, max_size=7, unique=True),
    two=st.tuples(st.integers(1, 511), st.integers(1, 511)),
    excluder_masks=st.lists(pairs, min_size=2, max_size=5),
)
def test_pair_exclusion_bit_masks_agree_with_the_rule_pair_by_pair(cells, two, excluder_masks):
    cands = [0] * 81
    first, second = cells[:2]
    cands[first], cands[second] = two
    excluders = cells[2 : 2 + len(excluder_masks)]
    for cell, mask in zip(excluders, excluder_masks):
        cands[cell] = mask
    common = sum(CELL_BIT[e] for e in excluders)
    expected = _pair_reference(first, second, excluders, cands)
    assert _pair_exclusion(first, second, common, cands) == expected


def _reference(cells, excluders, cands):
    """The rule as stated: a combination of values is ruled out when two of the cells that see
    each other share a digit, or when it holds every candidate of an excluder (a pair, or a
    pair plus any digit, or exactly a three-candidate excluder's digits)."""
    a, b, c = cells
    sees = {(i, j): bool(PEER_MASK[cells[i]] & CELL_BIT[cells[j]]) for i, j in ((0, 1), (0, 2), (1, 2))}
    allowed = [0, 0, 0]
    for x, y, z in product(DIGITS_OF[cands[a]], DIGITS_OF[cands[b]], DIGITS_OF[cands[c]]):
        if (x == y and sees[0, 1]) or (x == z and sees[0, 2]) or (y == z and sees[1, 2]):
            continue
        digits = (1 << x - 1) | (1 << y - 1) | (1 << z - 1)
        if any(cands[e] & ~digits == 0 for e in excluders):  # the excluder would be left empty
            continue
        allowed[0] |= 1 << x - 1
        allowed[1] |= 1 << y - 1
        allowed[2] |= 1 << z - 1
    removed = tuple((cell, d) for cell, ok in zip(cells, allowed) for d in DIGITS_OF[cands[cell] & ~ok])
    return removed or None


masks = st.integers(1, 511)  # the three cells: any candidates
small_masks = st.sampled_from([m for m in range(512) if 2 <= POPCOUNT[m] <= 3])  # excluders


@settings(max_examples=400, deadline=None)
@given(
    cells=st.lists(st.integers(0, 80), min_size=6, max_size=8, unique=True),
    triple=st.tuples(masks, masks, masks),
    excluder_masks=st.lists(small_masks, min_size=3, max_size=5),
)
def test_exclusion_bit_masks_agree_with_the_rule_combination_by_combination(cells, triple, excluder_masks):
    cands = [0] * 81
    three, others = cells[:3], cells[3:]
    for cell, mask in zip(three, triple):
        cands[cell] = mask
    excluders = others[: len(excluder_masks)]
    for cell, mask in zip(excluders, excluder_masks):
        cands[cell] = mask
    common = sum(CELL_BIT[e] for e in excluders)
    assert _exclusion(tuple(three), _excluders(cands, common), cands) == _reference(three, excluders, cands)
