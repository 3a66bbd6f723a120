"""Exact solver: constraint propagation plus lowest-entropy branching (WFC with backtracking).

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
        contradiction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from solver.errors import MultipleSolutionsError, NoSolutionError
from solver.grid import ALL_DIGITS, BIT, HOUSES, HOUSES_OF, PEERS, POPCOUNT, Grid, check_houses

METHODS = ("wave", "wfc")


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


def _values_of(puzzle: Grid | Sequence[int]) -> list[int]:
    """The puzzle's 81 values (0 = empty) as a new list; PuzzleFormatError if malformed."""
    values = list(puzzle.values if isinstance(puzzle, Grid) else puzzle)
    check_houses(values)
    return values


def _check_method(method: str) -> bool:
    """True when ``method`` uses hidden singles; ValueError naming the valid methods otherwise."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}")
    return method == "wave"


def _propagate(cands: list[int], vals: list[int], placed: list[int], queue: list, hidden: bool) -> bool:
    """Place the (cell, bit) pairs in ``queue`` and everything they force; False on contradiction.

    ``cands`` holds the candidate mask of each empty cell (0 once placed), ``vals`` the placed
    digit's bit (0 when empty), ``placed`` the digits placed in each of the 27 houses.
    """
    while True:
        while queue:
            cell, bit = queue.pop()
            if vals[cell]:
                if vals[cell] != bit:
                    return False
                continue
            if not cands[cell] & bit:
                return False
            vals[cell] = bit
            cands[cell] = 0
            for house in HOUSES_OF[cell]:
                placed[house] |= bit
            clear = ~bit
            for peer in PEERS[cell]:
                mask = cands[peer]
                if mask & bit:
                    mask &= clear
                    if not mask:
                        return False
                    cands[peer] = mask
                    if not mask & (mask - 1):
                        queue.append((peer, mask))
        if not hidden:
            return True
        for house, cells in enumerate(HOUSES):
            once = twice = 0
            for cell in cells:
                mask = cands[cell]
                twice |= once & mask
                once |= mask
            if once | placed[house] != ALL_DIGITS:
                return False
            single = once & ~twice
            while single:
                bit = single & -single
                single ^= bit
                for cell in cells:
                    if cands[cell] & bit:
                        queue.append((cell, bit))
                        break
        if not queue:
            return True


def search(
    puzzle: Grid | Sequence[int], method: str = "wave", limit: int = 1
) -> tuple[list[list[int]], SearchStats]:
    """Find up to ``limit`` solutions of a puzzle by depth-first search.

    Args:
        puzzle: a ``Grid`` (only its ``values`` are read) or 81 ints, 0 = empty; never mutated.
        method: one of ``METHODS`` ("wave" default, "wfc").
        limit: stop after this many solutions (>= 1).

    Returns:
        (solutions, stats): the solutions in search order, each 81 ints 1..9, and the counters.

    Raises:
        PuzzleFormatError: wrong length, a value outside 0..9, or a digit twice in a house.
        ValueError: unknown method, or limit < 1.
    """
    hidden = _check_method(method)
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    values = _values_of(puzzle)
    stats = SearchStats()
    solutions: list[list[int]] = []
    cands = [ALL_DIGITS] * 81
    vals = [0] * 81
    placed = [0] * 27
    queue = [(cell, BIT[v]) for cell, v in enumerate(values) if v]
    stats.nodes += 1
    if not _propagate(cands, vals, placed, queue, hidden):
        stats.dead_ends += 1
        return solutions, stats
    stack = []
    while True:
        # Choose the lowest-entropy cell; none left means solved.
        best = -1
        best_count = 10
        for cell in range(81):
            mask = cands[cell]
            if mask:
                count = POPCOUNT[mask]
                if count < best_count:
                    best, best_count = cell, count
                    if count == 2:
                        break
        if best < 0:
            solutions.append([BIT.index(b) for b in vals])
            if len(solutions) >= limit:
                break
        else:
            stats.branches += 1
            stack.append((cands, vals, placed, best, cands[best]))
        # Take the next trial placement from the stack until one propagates cleanly.
        while stack:
            cands, vals, placed, cell, mask = stack.pop()
            bit = mask & -mask
            rest = mask ^ bit
            if rest:
                stack.append((cands, vals, placed, cell, rest))
                cands, vals, placed = cands[:], vals[:], placed[:]
            stats.nodes += 1
            if _propagate(cands, vals, placed, [(cell, bit)], hidden):
                break
            stats.dead_ends += 1
        else:
            break
    return solutions, stats


def solve(puzzle: Grid | Sequence[int], method: str = "wave") -> list[int] | None:
    """The first solution found (81 ints 1..9), or None when the puzzle has none.

    ``puzzle`` is a ``Grid`` (its ``values``) or 81 ints, 0 = empty; it is never mutated.
    Raises PuzzleFormatError for a malformed puzzle and ValueError for an unknown method.
    """
    solutions, _ = search(puzzle, method, 1)
    return solutions[0] if solutions else None


def count_solutions(puzzle: Grid | Sequence[int], limit: int = 2, method: str = "wave") -> int:
    """The number of solutions, counting no further than ``limit`` (result in 0..limit).

    With the default limit 2: 0 = no solution, 1 = unique, 2 = more than one.
    Raises PuzzleFormatError for a malformed puzzle and ValueError for an unknown method.
    """
    solutions, _ = search(puzzle, method, limit)
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
        raise MultipleSolutionsError(
            "the puzzle has more than one solution, so it needs more givens"
        )
    return solutions[0]
