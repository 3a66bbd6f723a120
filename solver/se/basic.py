"""Sudoku Explainer's rules below the chains, for the SE estimate: their table in its order,
each with the top of its ratings and its cost, and ``basic_hint``, the hint Sudoku Explainer
takes from them (or one that leaves the rating as it is, found sooner).

Once the rating so far reaches a rule's top, any hint of that rule leaves the rating as it is,
so the rules of the free prefix of the table (every top within the rating) are tried cheapest
first, by time per hint found (``BasicRule.cost``); once all of them are free, the first
chaining rule ``solver.se.rating`` would search takes its turn among them (``CHAIN_COST``).
The rules after the prefix wait for every rule before them, as in Sudoku Explainer's order.

Public API:
    BasicRule, BASIC_RULES, SUKAKU_RULES     the rules (config "bank" / "sukaku"), in SE's order
    CHAIN_COST                               the first chaining rule's place in the cost order
    basic_hint(grid, cap, uniqueness, ...)   the hint of the basic rules at a position, or None
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solver.grid import BIT, HOUSES, Grid, digit_places, lonely_digits
from solver.se.bug import bug
from solver.se.exclusion import aligned_pair_exclusion
from solver.se.loops import unique_loops
from solver.se.record import Record, Since
from solver.se.rules import SEHint, direct_hidden_set, direct_locking, strong_links, wings
from solver.techniques import Finder, fish, intersections, singles, subsets
from solver.techniques import wings as xy_wings


def _hidden_single(grid: Grid, masks: Sequence[int], cap: float, changes: Since | None) -> SEHint | None:
    """Full House 1.0 (box, column, row), then Hidden Single in a box 1.2, column or row 1.5."""
    cands, values = grid.candidates, grid.values
    for alone in (True, False):
        for house in (*range(18, 27), *range(9, 18), *range(9)):
            cells = HOUSES[house]
            empty = [values[c] for c in cells].count(0)
            if (empty == 1) != alone or not empty:
                continue
            single = lonely_digits(cands, cells)
            if single:
                digit = (single & -single).bit_length()
                cell = next(c for c in cells if cands[c] & BIT[digit])
                rating = 1.0 if alone else 1.2 if house >= 18 else 1.5
                name = "Full House" if alone else "Hidden Single"
                return SEHint(rating, name, placements=((cell, digit),))
    return None


RuleFn = Callable[[Grid, Sequence[int], float, "Since | None"], "SEHint | None"]


def _from_finder(finder: Finder, rating: float, name: str) -> RuleFn:
    def rule(grid: Grid, masks: Sequence[int], cap: float, changes: Since | None) -> SEHint | None:
        step = next(finder(grid), None)
        if step is None:
            return None
        return SEHint(rating, name, step.placements, step.eliminations)

    return rule


def _locking(grid: Grid, masks: Sequence[int], cap: float, changes: Since | None) -> SEHint | None:
    for finder, rating, name in (
        (intersections.locked_candidates_pointing, 2.6, "Pointing"),
        (intersections.locked_candidates_claiming, 2.8, "Claiming"),
    ):
        step = next(finder(grid), None)
        if step is not None:
            return SEHint(rating, name, step.placements, step.eliminations)
    return None


@dataclass(frozen=True, eq=False)  # compared (and hashed, as a record's key) by identity
class BasicRule:
    """One of Sudoku Explainer's rules below the chains.

    Fields:
        find: ``find(grid, masks, cap, changes)`` -> its hint or None (``masks``:
            ``solver.grid.digit_places(grid)``); a rule that sorts its hints may return any one
            rated ``cap`` or less instead. ``changes`` (``solver.se.record.Since``, or None): what
            changed since this rule last found nothing in the same walk; a rule may look only at
            the patterns that touch it (the slow ones do), and must return what it would without.
        top: the highest rating the rule gives. Once the rating so far reaches the tops of the
            first rules in Sudoku Explainer's order, any hint of theirs will do (the estimate
            keeps only the hardest step), so those rules are tried cheapest first (``cost``);
            a later rule still waits for every rule before it, since Sudoku Explainer takes
            the first rule's hint even when a later rule has a cheaper one.
        cost: its rank in the order that finds a hint soonest when any will do: by time per
            call over the share of calls that find a hint (the least time per hint found
            first), measured on the SE walks of 208 puzzles (30 Masters, 25 rated 8.1 and up,
            40 Expert, 113 of the calibration set): 0.3 ms a hint for Hidden Single, 0.6 for
            Pointing and Claiming, 37 for unique loops, 259 for Aligned Pair Exclusion. Once
            every basic rule is free, the first chaining rule to search joins them at
            ``CHAIN_COST``.
        covered_from: a direct rule is skipped once the rating so far reaches this, the rating
            of the plain rule that finds the same pattern (Pointing for Direct Pointing).
        uniqueness: assumes a unique solution.
        narrows: ``find`` looks only at what changed when told (the other rules are handed
            None: for them keeping the record would cost more than it saves).
    """

    find: RuleFn
    top: float
    cost: int
    covered_from: float | None = None
    uniqueness: bool = False
    narrows: bool = False


BASIC_RULES: tuple[BasicRule, ...] = (  # Sudoku Explainer's order
    BasicRule(_hidden_single, 1.5, 0),
    BasicRule(lambda g, m, cap, changes: direct_locking(g, m), 1.9, 15, covered_from=2.8),
    BasicRule(lambda g, m, cap, changes: direct_hidden_set(g, m, 2), 2.0, 2, covered_from=3.4),
    BasicRule(_from_finder(singles.naked_single, 2.3, "Naked Single"), 2.3, 4),
    BasicRule(lambda g, m, cap, changes: direct_hidden_set(g, m, 3), 2.5, 16, covered_from=4.0),
    BasicRule(_locking, 2.8, 1),
    BasicRule(_from_finder(subsets.naked_pair, 3.0, "Naked Pair"), 3.0, 7),
    BasicRule(_from_finder(fish.x_wing, 3.2, "X-Wing"), 3.2, 5),
    BasicRule(_from_finder(subsets.hidden_pair, 3.4, "Hidden Pair"), 3.4, 8),
    BasicRule(_from_finder(subsets.naked_triple, 3.6, "Naked Triplet"), 3.6, 10),
    BasicRule(_from_finder(fish.swordfish, 3.8, "Swordfish"), 3.8, 11),
    BasicRule(_from_finder(subsets.hidden_triple, 4.0, "Hidden Triplet"), 4.0, 14),
    BasicRule(lambda g, m, cap, changes: strong_links(g, m, 2, cap), 4.3, 12),
    BasicRule(_from_finder(xy_wings.xy_wing, 4.2, "XY-Wing"), 4.2, 3),
    BasicRule(_from_finder(xy_wings.xyz_wing, 4.4, "XYZ-Wing"), 4.4, 6),
    BasicRule(lambda g, m, cap, changes: unique_loops(g, m), 5.3, 19, uniqueness=True),
    BasicRule(_from_finder(subsets.naked_quad, 5.0, "Naked Quad"), 5.0, 20),
    BasicRule(_from_finder(fish.jellyfish, 5.2, "Jellyfish"), 5.2, 21),
    BasicRule(_from_finder(subsets.hidden_quad, 5.4, "Hidden Quad"), 5.4, 22),
    BasicRule(lambda g, m, cap, changes: strong_links(g, m, 3, cap), 5.7, 17),
    BasicRule(lambda g, m, cap, changes: wings(g, 4, cap, changes), 5.6, 9, narrows=True),
    BasicRule(lambda g, m, cap, changes: bug(g), 6.2, 18, uniqueness=True),
    BasicRule(lambda g, m, cap, changes: wings(g, 5, cap, changes), 6.4, 13, narrows=True),
    BasicRule(lambda g, m, cap, changes: aligned_pair_exclusion(g, changes), 6.2, 23, narrows=True),
)
# config "sukaku" adds Four Strong Links after BUG and the UVWXYZ-Wing after Aligned Pair Exclusion
FOUR_STRONG_LINKS = BasicRule(lambda g, m, cap, changes: strong_links(g, m, 4, cap), 6.1, 24)
UVWXYZ_RULE = BasicRule(lambda g, m, cap, changes: wings(g, 6, cap, changes), 6.6, 25, narrows=True)
SUKAKU_RULES = tuple(
    rule for old in BASIC_RULES for rule in ((old, FOUR_STRONG_LINKS) if old is BASIC_RULES[-3] else (old,))
) + (UVWXYZ_RULE,)


CHAIN_COST = 9
"""The first chaining rule's place in the basic rules' cost order (``BasicRule.cost``) once all
of them are free: after Hidden Pair (8), before the WXYZ-Wing (9). Multiple Forcing Chains, the
first from 8.0, find a hint within the rating so far in about 2.3 ms on the tail of a Master's
walk, where the basic rules from the WXYZ-Wing on take 4 ms (the WXYZ-Wing) to 40 ms and more
(unique loops; Aligned Pair Exclusion found none) per hint they find. Measured in instructions
on the SE walks of 30 Masters, against the chain after every basic rule: 0.88x with the chain
here, 0.90x with it first of all, 0.89x after Turbot Fish (12); 0.84x on 25 puzzles rated 8.1
and up; the same on 40 Experts (their ratings seldom reach a chain's). From 6.5 to 7.5 the
first rule is Forcing Chains & Cycles, which often has only hints above the rating: taking it
here from 6.5 (26.03 G instructions on the 30 Masters) costs no more than from 8.0 only
(26.21 G), and the same on the Experts (12.29 against 12.31 G)."""


def basic_hint(
    grid: Grid,
    cap: float,
    uniqueness: bool,
    config: str = "bank",
    record: Record | None = None,
    chain: Callable[[], SEHint | None] | None = None,
) -> SEHint | None:
    """The hint of the first basic rule in Sudoku Explainer's order that has one, except that
    the rules before the first one that could give a hint above ``cap`` are tried cheapest
    first (any of their hints leaves the rating as it is; see ``BasicRule``). ``record``: the
    walk's (``Record``, looking at ``grid``), for the rules that narrow their search.

    ``chain``: the first chaining rule to search (in ``solver.se.rating``'s order), returning
    its hint when rated ``cap`` or less, else None. When every basic rule is free (``cap``
    reaches all their tops), its hints within ``cap`` leave the rating as theirs do, so it takes
    its turn among them by its cost, ``CHAIN_COST``, and its hint is returned as theirs are;
    otherwise it is not called."""
    masks = digit_places(grid)
    every = SUKAKU_RULES if config == "sukaku" else BASIC_RULES
    rules = [rule for rule in every if uniqueness or not rule.uniqueness]
    free = next((i for i, rule in enumerate(rules) if rule.top > cap), len(rules))

    def find(rule: BasicRule) -> SEHint | None:
        if record is None or not rule.narrows:
            return rule.find(grid, masks, cap, None)
        return record.run(rule, lambda changes: rule.find(grid, masks, cap, changes))

    if free < len(rules):
        chain = None
    for rule in sorted(rules[:free], key=lambda rule: rule.cost):
        if chain is not None and rule.cost >= CHAIN_COST:
            hint, chain = chain(), None
            if hint is not None:
                return hint
        if rule.covered_from is not None and rule.covered_from <= cap:
            continue
        hint = find(rule)
        if hint is not None:
            return hint
    for rule in rules[free:]:
        hint = find(rule)
        if hint is not None:
            return hint
    return chain() if chain is not None else None
