"""The Sudoku Explainer estimate: rate a puzzle the way Sudoku Explainer does.

Method (SukakuExplainer's Solver.getDifficulty, read in its public source): repeatedly try the rules
in Sudoku Explainer's order, apply the first hint of the first rule that has one (a chaining
rule offers its cheapest hint), and start over; the puzzle's rating is the highest rating among
the hints applied. Rules and ratings:

  1.0 Full House, 1.2 Hidden Single in a box, 1.5 in a row or column, 1.7 Direct Pointing,
  1.9 Direct Claiming, 2.0 Direct Hidden Pair, 2.3 Naked Single, 2.5 Direct Hidden Triplet,
  2.6 Pointing, 2.8 Claiming, 3.0 Naked Pair, 3.2 X-Wing, 3.4 Hidden Pair, 3.6 Naked Triplet,
  3.8 Swordfish, 4.0 Hidden Triplet, 4.0-4.3 Turbot Fish, 4.2 XY-Wing, 4.4 XYZ-Wing,
  4.5-5.x Unique Rectangles and Loops, 5.0 Naked Quad, 5.2 Jellyfish, 5.4 Hidden Quad,
  5.4-5.7 Three Strong Links, 5.5-5.6 WXYZ-Wing, 5.6-6.2 BUG types 1-4 (``solver.se.bug``),
  (config "sukaku": 5.8-6.1 Four Strong Links), 6.2-6.4 VWXYZ-Wing, 6.2 Aligned Pair Exclusion,
  (config "sukaku": 6.6 UVWXYZ-Wing), then the chaining rules of ``solver.se.chains``: Forcing
  Chains & Cycles 6.5+, (config "sukaku": 7.5 TUVWXYZ-Wing), Aligned Triplet Exclusion 7.5,
  Nishio 7.5+, Multiple 8.0+, Dynamic 8.5+, Dynamic (+) 9.0+, and nested levels (9.5, 10.0,
  ...) only when nothing else applies.

Shortcuts keep it fast without changing what it measures. Once the rating so far is 2.3 or
more, singles are placed all at once (Sudoku Explainer places every single before anything
harder, one by one, and none rates above 2.3). A chaining rule may stop at its first hint
rated no higher than the rating so far, since such a step cannot raise the puzzle's rating
(Forcing Chains & Cycles hands back every forcing chain within it at once: ``solver.se.static``).
And once any hint rated within the rating so far will do, the rules that can give one are
tried cheapest first (``solver.se.basic``, ``_speed_order``), not in Sudoku Explainer's
order: the step is rated as its would be, though the path may go on differently
(never seen to change a rating; see ``_speed_order``).
Not modelled: the hidden form of Unique Loop type 3 (rare, and rated close to what the chains
give instead).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TypedDict, Unpack

from solver.grid import Grid
from solver.human import CancelFn, poll_cancel
from solver.se.basic import basic_hint
from solver.se.chains import ChainHint, NestedRule, Position
from solver.se.exclusion import aligned_triple_exclusion
from solver.se.multiple import multiple_chains
from solver.se.nested import MAX_NESTING, nested_rule
from solver.se.record import Record
from solver.se.rules import SEHint, wings
from solver.se.static import forcing_chains_and_cycles
from solver.walks import propagate_singles


@dataclass(frozen=True)
class SERating:
    """A puzzle's Sudoku Explainer estimate.

    Fields:
        rating: the highest rating among the steps (0.0 when nothing was needed); when
            ``solved`` is False, the highest before the path stopped (a lower bound).
        hardest: the Sudoku Explainer name of that step's rule (None with no step).
        steps: how many steps the path took (a batch of singles counts as one step each).
        solved: False when even the deepest nesting found nothing (none of the bank's puzzles).
    """

    rating: float
    hardest: str | None
    steps: int
    solved: bool


class _ChainOptions(TypedDict, total=False):
    """The options ``_chains`` passes on to ``multiple_chains``."""

    dynamic: bool
    nishio: bool
    level: int
    nested: NestedRule | None


def _chains(
    producer: Callable[..., list[ChainHint]], **options: Unpack[_ChainOptions]
) -> Callable[[Grid, float], SEHint | None]:
    # producer: a chaining rule of solver.se.static or solver.se.multiple (their keywords differ)
    def rule(grid: Grid, cap: float) -> SEHint | None:
        hints = producer(Position(grid.candidates), cap=cap, **options)
        if not hints:
            return None
        hint = hints[0]
        return SEHint(hint.rating, hint.name, hint.placements, hint.eliminations)

    return rule


def _cycles_then_tuvwxyz(grid: Grid, cap: float) -> SEHint | None:
    """Forcing Chains & Cycles, then (config "sukaku") the TUVWXYZ-Wing (7.5), which
    SukakuExplainer tries right after them."""
    return _chains(forcing_chains_and_cycles)(grid, cap) or wings(grid, 7, cap)


CHAIN_RULES = (  # Sudoku Explainer's order, with each rule's base rating
    (_chains(forcing_chains_and_cycles), 6.5),
    (lambda grid, cap: aligned_triple_exclusion(grid), 7.5),
    (_chains(multiple_chains, dynamic=False, nishio=True), 7.5),
    (_chains(multiple_chains, dynamic=False), 8.0),
    (_chains(multiple_chains, dynamic=True), 8.5),
    (_chains(multiple_chains, dynamic=True, level=1, nested=nested_rule(1)), 9.0),
)
FORCING_CHAINS, ALIGNED_TRIPLETS, NISHIO, MULTIPLE, DYNAMIC, DYNAMIC_PLUS = range(6)  # indices in CHAIN_RULES
NESTED_RULES = tuple(
    _chains(multiple_chains, dynamic=True, level=n, nested=nested_rule(n)) for n in range(2, MAX_NESTING + 1)
)


def _speed_order(cap: float) -> list[int]:
    """Chaining rules in the order to search them (``next_hint`` returns the first hint rated
    ``cap`` or less that it finds; once a rule earlier in Sudoku Explainer's order than the
    next one to search has a hint above ``cap``, that next one is skipped, and when no hint
    within ``cap`` comes, the first rule in Sudoku Explainer's order that has a hint gives it):

      below 7.5    Sudoku Explainer's order, with the slow Aligned Triplet Exclusion after
                   Nishio (a Nishio hint of 7.5 rates as it would);
      7.5 to 7.9   Nishio first (7.5 and up; its quiet digits are remembered, so it costs
                   least), then the rest in order and Aligned Triplet Exclusion (always 7.5,
                   so within ``cap``) last;
      8.0 and up   Multiple Forcing Chains first (8.0 and up: a hint in 2-3 ms where the
                   dynamic chains take 15-26 ms), then Nishio, Forcing Chains & Cycles, the
                   dynamic chains, Aligned Triplet Exclusion last.

    The first of the order is searched among the basic rules (``solver.se.basic.CHAIN_COST``)
    once every basic rule is free and its hints can be within ``cap``.

    A shortcut, like the one from 8.5 it replaces (the dynamic chains second): a hint within
    ``cap`` from a rule searched early is taken without searching the rules Sudoku Explainer
    tries before it, and were one of those to have only hints above ``cap`` (a Forcing Chain or
    Nishio chain long enough to rate over 7.5 or 8.0), Sudoku Explainer would apply that one and
    rate the step higher. Never seen: the same rating and hardest rule on all 13,767 calibration
    puzzles, and Sudoku Explainer's own hint at each of the 78 (position, cap) pairs of two
    shipped Masters' paths where it rates above the cap (``tests/test_se.py``). Against the
    order before, 0.66x the estimate's time on 66 puzzles rated 8.1 and up, 0.67x on 30 Masters;
    Sudoku Explainer's order with only Aligned Triplet Exclusion moved last (no shortcut) took
    0.89x on the 66 (``docs/benchmarks.md``)."""
    if cap < 7.5:
        return [FORCING_CHAINS, NISHIO, ALIGNED_TRIPLETS, MULTIPLE, DYNAMIC, DYNAMIC_PLUS]
    if cap < 8.0:
        return [NISHIO, FORCING_CHAINS, MULTIPLE, DYNAMIC, DYNAMIC_PLUS, ALIGNED_TRIPLETS]
    return [MULTIPLE, NISHIO, FORCING_CHAINS, DYNAMIC, DYNAMIC_PLUS, ALIGNED_TRIPLETS]


SE_CONFIGS = ("bank", "sukaku")
"""Sudoku Explainer's technique sets: ``bank`` is how the shipped bank and the Sudoku Exchange
calibration set were rated (SukakuExplainer without the UVWXYZ- and TUVWXYZ-Wings and without
Four Strong Links: serate with Four Strong Links rates 4 of the calibration set's first 900
puzzles rated 6.2-6.4 differently, without it none); ``sukaku`` is SukakuExplainer 1.18.1's
defaults, with all three."""


def _check_config(config: str) -> None:
    if config not in SE_CONFIGS:
        raise ValueError(f"unknown SE configuration {config!r}: choose one of {', '.join(SE_CONFIGS)}")


def next_hint(
    grid: Grid,
    cap: float = 0.0,
    *,
    uniqueness: bool = True,
    cancel: CancelFn | None = None,
    config: str = "bank",
    record: Record | None = None,
) -> SEHint | None:
    """The hint Sudoku Explainer would apply next on ``grid`` (not changed); None if none.

    ``config``: one of ``SE_CONFIGS`` ("sukaku" adds the UVWXYZ- and TUVWXYZ-Wings).
    ``record``: the walk's ``Record``, handed on from one call to the next as the walk goes
    on; the same hint comes back, sooner.
    ``cap``: any hint rated ``cap`` or less may be returned instead of Sudoku Explainer's own
    choice (the estimate only keeps the hardest step). Likewise a Nishio hint rated 7.5 is
    returned without looking for an Aligned Triplet Exclusion first: that rule comes first in
    Sudoku Explainer's order, but rates exactly 7.5 too.

    Raises:
        InterruptedError: ``cancel()`` returned True; it is polled before each chaining rule.
    """
    _check_config(config)
    if record is not None:
        record.look_at(grid)
    found: dict[int, SEHint | None] = {}  # chaining rule (index) -> the hint it found

    def search(index: int) -> SEHint | None:
        """Search chaining rule ``index`` (found[index]); its hint if it will do here."""
        rule, _base = CHAIN_RULES[index]
        if index == FORCING_CHAINS and config == "sukaku":
            rule = _cycles_then_tuvwxyz
        poll_cancel(cancel)
        if index == ALIGNED_TRIPLETS and record is not None:
            hint = record.run(aligned_triple_exclusion, partial(aligned_triple_exclusion, grid))
        else:
            hint = rule(grid, cap)
        found[index] = hint
        if hint is not None and (hint.rating <= cap or (index == NISHIO and hint.rating <= 7.5)):
            return hint
        return None

    order = _speed_order(cap)
    first = order[0]  # searched among the basic rules when its hints can be within ``cap``
    chain = partial(search, first) if cap >= CHAIN_RULES[first][1] else None
    hint = basic_hint(grid, cap, uniqueness, config, record, chain)
    if hint is not None:
        return hint
    for index in order:
        if index in found or any(found.get(i) is not None for i in range(index)):
            continue  # searched among the basic rules, or an earlier rule in Sudoku Explainer's order has a hint
        hint = search(index)
        if hint is not None:
            return hint
    for index in range(len(CHAIN_RULES)):
        if found.get(index) is not None:
            return found[index]
    for rule in NESTED_RULES:
        poll_cancel(cancel)
        hint = rule(grid, cap)
        if hint is not None:
            return hint
    return None


def _apply(grid: Grid, hint: SEHint) -> None:
    for cell, digit in hint.placements:
        if not grid.values[cell]:
            grid.place(cell, digit)
    for cell, digit in hint.eliminations:
        grid.eliminate(cell, digit)


class RatingWalk:
    """Sudoku Explainer's path one hint at a time (``rate``): ``advance()`` applies the next
    hint; ``work`` is the position so far (a copy of ``grid``), ``result()`` the rating.

    Raises (on construction) ValueError when ``config`` is not one of ``SE_CONFIGS``.
    """

    def __init__(self, grid: Grid, *, uniqueness: bool = True, cancel: CancelFn | None = None, config: str = "bank"):
        _check_config(config)
        self.work = grid.copy()
        self.uniqueness, self.cancel, self.config = uniqueness, cancel, config
        self.hardest, self.steps = 0.0, 0
        self.name: str | None = None
        self.solved: bool | None = None  # set when the walk ends
        self.record = Record()  # where each slow rule last found nothing (next_hint)

    def advance(self) -> bool:
        """Apply the next hint; False when the walk has ended (solved, or no rule has a hint).

        Raises:
            InterruptedError: ``cancel()`` returned True; it is polled before each step and
                each chaining rule.
        """
        if self.solved is not None:
            return False
        work = self.work
        if work.is_solved():
            self.solved = True
            return False
        if self.hardest >= 2.3:
            before = sum(1 for v in work.values if v)
            left = propagate_singles(work.values, work.candidates)
            self.steps += sum(1 for v in work.values if v) - before
            if left <= 0:
                self.solved = work.is_solved()
                return False
        poll_cancel(self.cancel)
        hint = next_hint(
            work, self.hardest, uniqueness=self.uniqueness, cancel=self.cancel, config=self.config, record=self.record
        )
        if hint is None:
            self.solved = False
            return False
        if hint.rating > self.hardest:
            self.hardest, self.name = hint.rating, hint.name
        _apply(work, hint)
        self.steps += 1
        return True

    def result(self) -> SERating:
        """The rating (once ``advance`` has returned False; before, the rating so far)."""
        return SERating(self.hardest, self.name, self.steps, bool(self.solved))


def rate(grid: Grid, *, uniqueness: bool = True, cancel: CancelFn | None = None, config: str = "bank") -> SERating:
    """Sudoku Explainer's rating of ``grid`` (a copy is solved; ``grid`` is not changed).

    ``grid`` should hold a puzzle with one solution (the caller checks); ``uniqueness=False``
    leaves out the rules that assume it (Unique Rectangles, BUG). ``config``: one of
    ``SE_CONFIGS``.

    Raises:
        ValueError: ``config`` is not one of ``SE_CONFIGS``.
        InterruptedError: ``cancel()`` returned True; it is polled before each step and each
            chaining rule.
    """
    walk = RatingWalk(grid, uniqueness=uniqueness, cancel=cancel, config=config)
    while walk.advance():
        pass
    return walk.result()
