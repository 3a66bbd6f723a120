"""Exact solver: constraint propagation plus most-constrained branching (DLX's rule, on bit sets).

This is the ground truth for uniqueness: ``count_solutions`` decides whether a puzzle has
0, 1 or more solutions, and ``solve`` returns the first solution found.

Methods (``METHODS``):
  wfc   Wave Function Collapse with backtracking: every empty cell is a superposition of
        candidates (a 9-bit mask; its entropy is the popcount). A cell left with one candidate
        collapses and its digit leaves its peers (naked singles); a cell left with none is a
        contradiction and the search backtracks. Otherwise the search branches on the
        lowest-entropy cell (fewest candidates, first in cell order on ties), trying its
        candidates in ascending order.
  wave  The default: wfc plus hidden-single analysis of every house before branching. A digit
        with one place left in a house is placed there; a digit with no place is a
        contradiction. At the root (before the first guess) Locked Candidates (Pointing and
        Claiming) sweep the board too, until nothing changes (unless the singles solved it:
        0.93x the instructions on 17-clue puzzles); below it a sweep costs more than the
        nodes it saves (measured on top95, 17-clue and forum-hardest, also when limited to
        the first 1-8 levels of guesses). It branches like Knuth's DLX picks a column: on the
        constraint with fewest options among all 324 (a bivalue cell, or a digit with two
        places in a house; cells first on ties: houses first takes 1.37x the nodes). Picking,
        among the bivalue cells, the one whose placements clear the most candidates takes a
        quarter fewer nodes, but scoring the cells costs more than that saves (0.9x on
        forum-hardest).

Representation: the exact-cover fields of ``solver.cover`` (324 constraints, 11 bits each,
packed into one int); a met field holds just the candidate placed there.
Placing a candidate is one AND with a precomputed mask that clears every candidate sharing a
constraint with it and the guards of its 4 constraints. In a sweep, ``state - LOWS`` borrows
the guard of every open empty field (a contradiction: ``(state ^ that) & GUARDS``) and clears
the lowest option of every other field, so ``stripped = state & that`` keeps the guard of an
open field alone exactly when it had one option; ``stripped + OPTIONS`` carries an open field
with two or more options past its guard into the carry bit, and leaves the guard of an open
field with one option set: in a cell field a naked single, in a house field a hidden single.
Method "wfc" looks at the cell fields only; "wave" at all of them. The loop over the singles
found looks each one's masks up by ``bit_length()`` (tables indexed by bit position), with no
arithmetic per placement. Locked Candidates work on the cell fields alone: each mini-row (the 3
cells a row shares with a box) ORs its cells' masks, and two rotations within groups of three
(the mini-rows of a row, of a box) find the digits confined to one of them; the same for
mini-columns (``_locked``, with the masks of ``solver.minilines``).

Keeping the open flags in the state's own guard bits (not in a second int) and the carry bit
(so the sweep needs no mask before the add) cut a sweep from 8 big-int operations to 6 and a
placement from 3 to 2; same nodes, 1.1-1.2x the throughput on top95, 17-clue and
forum-hardest (measured 2026-11-26, one core, side by side with the code before).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

from solver.cover import (
    CELL_GUARDS,
    CELL_LOWS,
    CELL_OPTIONS,
    DROP,
    DROP_AT,
    GUARDS,
    KEEP_OTHERS_AT,
    LOWS,
    OPTIONS,
    PLACE,
    PLACE_AT,
    WIDTH,
)
from solver.errors import MultipleSolutionsError, NoSolutionError
from solver.grid import ALL_DIGITS, Grid, check_houses
from solver.minilines import MiniLines

METHODS = ("wave", "wfc")

# Per method: (guards, lows, options) of the fields a sweep looks at.
_SCOPES = {
    "wave": (GUARDS, LOWS, OPTIONS),
    "wfc": (CELL_GUARDS, CELL_LOWS, CELL_OPTIONS),
}

_VALUES = frozenset(range(10))
_GIVEN_AT = tuple(9 * cell - 1 for cell in range(81))  # + value: a given's candidate index

# Reading a solution out of the cell fields three cells (33 bits) at a time: the fields of a
# solved grid hold one option each, so a triple's bits name its three digits.
_TRIPLE_SHIFTS = tuple(range(0, 81 * WIDTH, 3 * WIDTH))
_TRIPLE = (1 << 3 * WIDTH) - 1
_TRIPLES = {
    1 << a | 1 << (WIDTH + b) | 1 << (2 * WIDTH + c): (a + 1, b + 1, c + 1)
    for a in range(9)
    for b in range(9)
    for c in range(9)
}


# Locked Candidates in the cell fields (``solver.minilines``): a mini-row's digits gather in the
# field of its first cell, a mini-column's in the field of its top cell.
_LINES = MiniLines(ALL_DIGITS, WIDTH)


def _locked(x: int) -> int:
    """The candidates (cell-field bits) that Locked Candidates remove from cell fields ``x``.

    Pointing: a digit that in a box is confined to one mini-row leaves the rest of the row;
    claiming: a digit that in a row is confined to one mini-row leaves the rest of the box;
    the same for columns.
    """
    lines = _LINES
    rows, columns = lines.gather_rows(x), lines.gather_columns(x)
    row_pointing, column_pointing = lines.pointing(rows, columns)
    row_claiming, column_claiming = lines.claiming(rows, columns)
    gone = (row_pointing | row_claiming) & rows
    lost = (column_pointing | column_claiming) & columns
    return x & (gone | gone << WIDTH | gone << 2 * WIDTH | lost | lost << 9 * WIDTH | lost << 18 * WIDTH)


@dataclass
class SearchStats:
    """Counters of one search, for benchmarks.

    nodes      states propagated: the root plus one per trial placement.
    branches   branch points: cells the search had to guess at.
    dead_ends  states that propagation proved contradictory.
    """

    nodes: int = 0
    branches: int = 0
    dead_ends: int = 0


def _emptied(state: int, guards: int, lows: int, options: int) -> bool:
    """Whether some field of the scope (``guards``, ``lows``, ``options``) has no option left.

    Looked at once, at the root, because a met field (a given cleared by a clashing given, or
    an excluded given) has no guard for the sweep's subtraction to borrow: it would borrow from
    the next field. With every guard set first, a field borrows its own guard exactly when it
    is empty."""
    return ((state & options | guards) - lows) & guards != guards


def _values_of(puzzle: Grid | Sequence[int]) -> list[int]:
    """The puzzle's 81 values (0 = empty) as a new list; PuzzleFormatError if malformed.

    Clashing givens are caught (and reported by ``check_houses``) once they are placed.
    """
    values = list(puzzle.values if isinstance(puzzle, Grid) else puzzle)
    if len(values) != 81 or {int} != set(map(type, values)) or not _VALUES.issuperset(values):
        check_houses(values)  # names the problem; lets odd-but-valid values (True) through
        values = [int(v) for v in values]
    return values


def _scope(method: str) -> tuple[int, int, int]:
    """The fields a sweep of ``method`` looks at; ValueError naming the valid methods."""
    try:
        return _SCOPES[method]
    except (KeyError, TypeError):
        raise ValueError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}") from None


def search(
    puzzle: Grid | Sequence[int],
    method: str = "wave",
    limit: int = 1,
    excluded: Sequence[tuple[int, int]] = (),
) -> tuple[list[list[int]], SearchStats]:
    """Find up to ``limit`` solutions of a puzzle by depth-first search.

    Args:
        puzzle: a ``Grid`` (only its ``values`` are read) or 81 ints, 0 = empty; never mutated.
        method: one of ``METHODS`` ("wave" default, "wfc").
        limit: stop after this many solutions (>= 1).
        excluded: (cell, digit) candidates (cell 0..80, digit 1..9) taken out before the
            search, so only solutions without them count: the digger asks "is there a solution
            in which this emptied cell holds another digit?" this way.

    Returns:
        (solutions, stats): the solutions in search order, each 81 ints 1..9, and the counters.

    Raises:
        PuzzleFormatError: wrong length, a value outside 0..9, or a digit twice in a house.
        ValueError: unknown method, or limit < 1.
    """
    return _search(puzzle, method, limit, excluded, True)


def _search(
    puzzle: Grid | Sequence[int],
    method: str,
    limit: int,
    excluded: Sequence[tuple[int, int]],
    read_values: bool,
) -> tuple[list[list[int]], SearchStats]:
    """``search``; with ``read_values`` False each solution found is an empty list (its digits
    are not read out of the state: what counting needs)."""
    guards, lows, options = _scope(method)
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    wave = method == "wave"
    scope = guards | options
    values = _values_of(puzzle)
    place_at, keep_others_at = PLACE_AT, KEEP_OTHERS_AT
    state = GUARDS | OPTIONS  # every field open, every option left
    for i in [at + value for at, value in zip(_GIVEN_AT, values) if value]:
        state &= PLACE[i]
    solutions: list[list[int]] = []
    stack: list[int] = []  # the states of the trial placements still to try, last first
    nodes = branches = dead_ends = 0
    # After the givens, an empty field means clashing givens (malformed: each empties the
    # other's cell field, so the cell fields alone show it) or a contradiction; after the
    # exclusions, a contradiction (the generator's "another digit here?" is often answered so,
    # without the cost of check_houses).
    if _emptied(state, guards, lows, options):
        check_houses(values)  # raises when two givens clash
        return solutions, SearchStats(1, 0, 1)
    if excluded:
        for cell, digit in excluded:
            state &= DROP[9 * cell + digit - 1]
        if _emptied(state, guards, lows, options):
            return solutions, SearchStats(1, 0, 1)
    while True:
        nodes += 1
        # Propagate: place every single in scope until none is left or a field empties; then
        # (wave) remove what Locked Candidates remove, and again, until nothing changes.
        dead = False
        while True:
            x = state if wave else state & scope
            y = x - lows
            if (x ^ y) & guards:
                dead = True  # an open field emptied: its guard was borrowed
                break
            stripped = x & y  # each field less its lowest option
            single = (stripped + options) & guards  # the open fields with one option
            if single:
                chosen = x & (single - (single >> 9))  # the one option of each single field
                while chosen:
                    b = chosen.bit_length()
                    state &= place_at[b]
                    chosen &= keep_others_at[b]  # drop its other fields and the candidates it cleared
                continue
            if stack or not wave or not state & CELL_GUARDS:
                break  # deeper down a sweep costs more than the nodes it saves; solved: none left to lock
            gone = _locked(x & CELL_OPTIONS)
            if not gone:
                break
            while gone:
                drop = DROP_AT[gone.bit_length()]
                state &= drop
                gone &= drop
        if dead:
            dead_ends += 1
        elif not state & CELL_GUARDS:
            cells = state & CELL_OPTIONS
            solutions.append(
                list(chain.from_iterable([_TRIPLES[cells >> shift & _TRIPLE] for shift in _TRIPLE_SHIFTS]))
                if read_values
                else []
            )
            if len(solutions) >= limit:
                break
        else:
            # Branch on the field with fewest options: strip one option per field at a time
            # until some field is down to one; the lowest such field is the first. Met fields
            # hold one option (the placed candidate), so the first strip drops them.
            x = stripped & options
            while True:
                y = (x | guards) - lows
                last = y & guards
                last ^= last & ((x & y) + options)
                if last:
                    break
                x &= y
            shift = (last ^ (last & (last - 1))).bit_length() - 10
            branches += 1
            mask = (state >> shift) & ALL_DIGITS
            base = state
            while True:  # the trial placements, lowest option first: the rest wait on the stack
                b = mask.bit_length()
                mask ^= 1 << (b - 1)
                if not mask:
                    break
                stack.append(base & place_at[shift + b])
            state = base & place_at[shift + b]
            continue
        if not stack:
            break
        state = stack.pop()  # the next trial placement
    return solutions, SearchStats(nodes, branches, dead_ends)


def solve(puzzle: Grid | Sequence[int], method: str = "wave") -> list[int] | None:
    """The first solution found (81 ints 1..9), or None when the puzzle has none.

    ``puzzle`` is a ``Grid`` (its ``values``) or 81 ints, 0 = empty; it is never mutated.
    Raises PuzzleFormatError for a malformed puzzle and ValueError for an unknown method.
    """
    solutions, _ = search(puzzle, method, 1)
    return solutions[0] if solutions else None


def count_solutions(
    puzzle: Grid | Sequence[int], limit: int = 2, method: str = "wave", excluded: Sequence[tuple[int, int]] = ()
) -> int:
    """The number of solutions, counting no further than ``limit`` (result in 0..limit);
    ``excluded`` as for ``search`` (only solutions without those candidates count).

    With the default limit 2: 0 = no solution, 1 = unique, 2 = more than one. The solutions'
    digits are never read out (cheaper than ``search``).
    Raises PuzzleFormatError for a malformed puzzle and ValueError for an unknown method
    or a limit below 1.
    """
    solutions, _ = _search(puzzle, method, limit, excluded, False)
    return len(solutions)


def solve_unique(puzzle: Grid | Sequence[int], method: str = "wave") -> list[int]:
    """The unique solution (81 ints 1..9) of a proper puzzle.

    Raises:
        NoSolutionError: no grid completes the givens.
        MultipleSolutionsError: more than one grid completes them.
        PuzzleFormatError: malformed puzzle; ValueError: unknown method.
    """
    solutions, _ = search(puzzle, method, 2)
    if not solutions:
        raise NoSolutionError("the puzzle has no solution: its givens contradict each other")
    if len(solutions) > 1:
        raise MultipleSolutionsError("the puzzle has multiple solutions, so it needs more givens")
    return solutions[0]
