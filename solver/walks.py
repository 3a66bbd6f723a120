"""The generator's fast walks: every single at once with bit masks, and the level checks.

The Solo path of ``solver.human`` takes one step at a time as Step objects; the generator and
``bank check`` only need to know how far techniques get, thousands of times a puzzle, so these
walks place the singles in bulk (``propagate_singles``) and make a step only where the singles
stall. Singles are confluent, so ``hardest_level`` meets the positions and takes the steps of
the Solo path, and its Expert and Master searches go through ``solver.human.deep_first``'s memo.

Public API:
    propagate_singles(values, candidates) -> int         every single at once, in place
    grid_or_none(values) -> Grid | None                  a Grid with basic candidates, if valid
    solvable_within(values, level) -> bool               the generator's check of a level
    walk_in_bulk(grid, level) -> bool                    the same, every step of a round at once
    bulk_techniques(level) -> tuple[Technique, ...]      its techniques, in the order it tries them
    hardest_level(values) -> Level                       the grade's level, fast

Each takes a ``cancel`` callable for work on a worker thread, polled (``poll_cancel``) before
each technique is tried; it raises ``InterruptedError`` once it returns True.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solver.errors import PuzzleFormatError
from solver.grid import ALL_DIGITS, BIT, DIGITS_OF, HOUSES, HOUSES_OF, PEERS, Grid, lonely_digits
from solver.human import ALL_LEVELS, CancelFn, apply_fresh, poll_cancel, walk_step
from solver.levels import Level
from solver.step import Step
from solver.techniques import Finder, Technique, techniques_up_to
from solver.techniques.chains import grouped_nice_loop, nice_loop, x_chain, xy_chain
from solver.techniques.link_closure import link_conclusions
from solver.techniques.singles import SINGLES


def _place(values: list[int], cands: list[int], cell: int, bit: int) -> None:
    """Place the digit of ``bit`` in ``cell`` and clear it from the peers' candidates."""
    values[cell] = DIGITS_OF[bit][0]
    cands[cell] = 0
    keep = ~bit
    for peer in PEERS[cell]:
        cands[peer] &= keep


def propagate_singles(values: list[int], cands: list[int]) -> int:
    """Place every Naked and Hidden Single until none is left, in place, with bit masks.

    ``values``: 81 ints (0 = empty); ``cands``: their 81 candidate masks (0 for a filled
    cell); both are changed.

    Returns the number of empty cells left, or -1 when a cell has no candidate left
    (the position is contradictory).
    """
    empties = [cell for cell in range(81) if not values[cell]]
    while empties:
        progress = False
        for cell in empties:
            mask = cands[cell]
            if mask & (mask - 1):
                continue
            if not mask:
                if values[cell]:
                    continue
                return -1
            _place(values, cands, cell, mask)
            progress = True
        for cells in HOUSES:
            single = lonely_digits(cands, cells)
            while single:
                bit = single & -single
                single ^= bit
                for cell in cells:
                    if cands[cell] & bit:
                        _place(values, cands, cell, bit)
                        progress = True
                        break
        empties = [cell for cell in empties if not values[cell]]
        if not progress:
            break
    return len(empties)


def grid_or_none(values: Sequence[int]) -> Grid | None:
    """A Grid with basic candidates, or None when a digit stands twice in a house."""
    if len(values) != 81:
        raise PuzzleFormatError(f"expected 81 cells, got {len(values)}")
    used = [0] * 27
    for cell, value in enumerate(values):
        if value:
            if not 1 <= value <= 9:
                raise PuzzleFormatError(f"bad value {value!r} at cell {cell}")
            bit = BIT[value]
            for house in HOUSES_OF[cell]:
                if used[house] & bit:
                    return None
                used[house] |= bit
    grid = Grid.__new__(Grid)
    grid.values = list(values)
    grid.given = [bool(v) for v in values]
    grid.candidates = [
        0 if values[cell] else ALL_DIGITS & ~(used[r] | used[c] | used[b]) for cell, (r, c, b) in enumerate(HOUSES_OF)
    ]
    return grid


def solvable_within(
    values: Sequence[int], level: Level, *, uniqueness: bool = True, cancel: CancelFn | None = None
) -> bool:
    """True iff the techniques up to ``level`` fill the grid completely (the generator's check).

    ``values``: 81 ints, 0 = empty. Contradictory input (a digit twice in a house, a cell or
    house left without a place) returns False. See ``hardest_level`` for the method.

    Raises:
        PuzzleFormatError: ``values`` is not 81 ints in 0..9.
        InterruptedError: ``cancel()`` returned True; it is polled at the start of each round
            and before each technique.
    """
    return hardest_level(values, level, uniqueness=uniqueness, cancel=cancel) != Level.BEYOND


def _nice_loops_at_once(grid: Grid) -> list[Step]:
    """The bulk walk's Nice Loop round: one Step with all that the links imply
    (``link_conclusions``), or none."""
    placements, eliminations = link_conclusions(grid)
    return [Step("Nice Loop / AIC", placements, eliminations)] if placements or eliminations else []


def _none(grid: Grid) -> list[Step]:
    """No steps: the round the Nice Loop round has already taken."""
    return []


# The bulk walk applies every step of a round and reads nothing else of them. Its Nice Loop
# round takes everything the links imply, grouped nodes too, in one pass (a superset of what
# the Nice Loop and Grouped Nice Loop searches find, in about a quarter of their time), so the
# grouped round has nothing left to find.
_AT_ONCE: dict[Finder, Callable[[Grid], list[Step]]] = {nice_loop: _nice_loops_at_once, grouped_nice_loop: _none}


# Chains whose every elimination the Nice Loop round's closure makes too: left out of the bulk
# walk, which tries the closure first.
_SUBSUMED = frozenset({x_chain, xy_chain})


def bulk_techniques(level: Level, uniqueness: bool = True) -> tuple[Technique, ...]:
    """The techniques ``walk_in_bulk`` tries up to ``level``, cheapest first: HoDoKu's order
    without the singles, except that the Nice Loop round (the closure of the links) comes ahead
    of the techniques of its own level that HoDoKu puts before it (finned and sashimi Swordfish
    and Jellyfish, Sue de Coq, X-Chain, XY-Chain: so Simple Colors and Multi-Colors, which HoDoKu
    puts after those, now come before them), and that X-Chain and XY-Chain, all of whose
    eliminations the closure makes too, are left out. The closure fires in about 7 of 10 Expert
    rounds of the Master generator's walks and those techniques in few; measured on the 625
    grids the Master generator judged for seeds 1-10: the same answer (finished by Hard, by
    Expert, or not) on every one, in 0.80x the time of the walk in HoDoKu's order, with fewer
    Expert rounds (a near miss's depth, ``generator.steer``, counts them)."""
    techniques = [
        t for t in techniques_up_to(level, uniqueness) if t.finder not in SINGLES and t.finder not in _SUBSUMED
    ]
    at = next((i for i, t in enumerate(techniques) if t.finder is nice_loop), None)
    if at is None:  # no closure below this level: keep every chain
        return tuple(t for t in techniques_up_to(level, uniqueness) if t.finder not in SINGLES)
    closure = techniques[at]
    ahead = [t for t in techniques[:at] if t.level == closure.level]
    below = [t for t in techniques[:at] if t.level != closure.level]
    return (*below, closure, *ahead, *techniques[at + 1 :])


def walk_in_bulk(
    grid: Grid,
    level: Level,
    *,
    uniqueness: bool = True,
    cancel: CancelFn | None = None,
    rounds: list[Level] | None = None,
    quiet: Level | None = None,
) -> bool:
    """Solve ``grid`` in place in rounds: the singles, then every step of the first technique up
    to ``level`` that fires, in ``bulk_techniques``' order, applied at once. True when the grid
    is filled, False when the round finds nothing (``grid`` is left where it stalled, so a walk
    with a higher ``level`` can go on from there) or the grid is contradictory. The generator's
    quick test that a dug grid is not Master.

    ``grid`` must be of a puzzle with one solution: every step is then a true statement about
    it, so steps found together may be applied together. Where a technique needs a candidate
    that another step of its round removes, this walk and the Solo path's can part, so the
    answer may in principle differ from ``solvable_within``'s; a caller that accepts a puzzle
    on a False here grades it on the Solo path first (``solver.grading.level_of``). Measured on
    342 grids the Master generator dug (seeds 1-10): the same answer on every one, in 0.74x
    the time (9.4 rounds a grid against the Solo path's 13.8, and every round tries the cheap
    techniques again). The Nice Loop round takes all that the links imply, by chains of any
    length and through grouped nodes (``solver.techniques.link_closure``): a superset of the
    Nice Loop and Grouped Nice Loop steps, so this walk may finish a grid the Solo path grades
    Master (a Master the generator loses, never one it wrongly accepts): it finishes 2 of the
    1,000 shipped Masters, which the walk before it did not. ``rounds``, when given, receives
    the level of each round's technique (singles left out): the Master generator counts the
    Expert rounds of a near miss.

    ``quiet``: a level below ``level`` whose walk stalled at ``grid`` (returned False where the
    grid is not contradictory: its last round found nothing). Its techniques, which come first
    in ``bulk_techniques(level)``, would find nothing there again, so the first round starts
    after them; the walk is the same as without it. The generator goes on to Expert where the
    Hard walk stalled this way: 2% of the instructions of a Master went to that round.

    Raises:
        InterruptedError: ``cancel()`` returned True; it is polled at the start of each round
            and before each technique.
    """
    techniques = bulk_techniques(level, uniqueness)
    # the first round tries all but the techniques up to ``quiet``, which found nothing here
    trying = techniques if quiet is None else tuple(t for t in techniques if t.level > quiet)
    while True:
        poll_cancel(cancel)
        left = propagate_singles(grid.values, grid.candidates)
        if left <= 0:
            return left == 0
        for tech in trying:
            poll_cancel(cancel)
            at_once = _AT_ONCE.get(tech.finder)
            steps = list(tech.finder(grid)) if at_once is None else at_once(grid)
            if steps:
                break
        else:
            return False
        if rounds is not None:
            rounds.append(tech.level)
        trying = techniques
        changed = False
        for step in steps:
            changed |= apply_fresh(step, grid)
        if not changed:  # a finder that repeats itself: never loop
            return False


def hardest_level(
    values: Sequence[int],
    max_level: Level = ALL_LEVELS,
    *,
    uniqueness: bool = True,
    cancel: CancelFn | None = None,
    used: list[str] | None = None,
) -> Level:
    """The level of the hardest technique the Solo path needs, trying techniques up to
    ``max_level`` only: the level ``solver.grading.grade`` reports, without its step objects,
    score, SE estimate or layers; Level.BEYOND when those techniques cannot finish the grid (or
    it is contradictory), Level.EASY when singles alone do. ``used``, when given, receives the
    step names (``Step.technique``) of the steps other than singles, in path order
    (``solver.grading.level_of`` names the hardest from them).

    ``values``: 81 ints, 0 = empty. Singles are propagated all at once with bit masks (no Step
    objects); only when they are stuck does the registry's cheapest firing technique up to
    ``max_level`` make one step, and singles resume. Singles are confluent, so the positions
    where a harder step is needed, and the steps taken there, are those of ``solve_path``; the
    Expert and Master searches go through ``deep_first``'s memo, and a grade of the same puzzle
    right after (the generator's accept check) finds them there; what each position's
    techniques found nothing with is remembered too (``solver.human.quiet_at``), so the Solo
    path of the same puzzle goes straight to the technique that fired. Always ends: every round
    places or eliminates at least one candidate.

    Raises:
        PuzzleFormatError: ``values`` is not 81 ints in 0..9.
        InterruptedError: ``cancel()`` returned True; it is polled at the start of each round
            and before each technique.
    """
    grid = grid_or_none(values)
    if grid is None:
        return Level.BEYOND
    values, cands = grid.values, grid.candidates
    techniques = [t for t in techniques_up_to(max_level, uniqueness) if t.finder not in SINGLES]
    hardest = Level.EASY
    while True:
        poll_cancel(cancel)
        left = propagate_singles(values, cands)
        if left <= 0:
            return hardest if left == 0 else Level.BEYOND
        found = walk_step(grid, techniques, cancel)
        if found is None:
            return Level.BEYOND
        tech, step = found
        if not apply_fresh(step, grid):  # a finder that repeats itself: never loop
            return Level.BEYOND
        hardest = max(hardest, tech.level)
        if used is not None:
            used.append(step.technique)
