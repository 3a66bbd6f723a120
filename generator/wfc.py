"""Wave Function Collapse: fill a grid by collapsing the lowest-entropy cell, with backtracking.

Every empty cell is a superposition of its candidates (a 9-bit mask); its entropy is their
number. Each round picks the cell of lowest entropy (ties broken by the seeded RNG), collapses it
to one candidate (a random one by default, or the lowest), and propagates: the digit leaves the
candidates of the cell's peers, and a peer left with one candidate collapses in turn. A cell left
with none is a contradiction: the search backtracks to the last choice and tries the next
candidate there. The same seed always gives the same grid.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from solver.errors import NoSolutionError
from solver.grid import ALL_DIGITS, BIT, DIGITS_OF, PEERS, POPCOUNT, Grid

CHOICES = ("random", "lowest")

Collapse = tuple[int, int]  # (cell, digit), as recorded in a trace


class _Contradiction(Exception):
    pass


def _collapse(values: list[int], cands: list[int], cell: int, digit: int, trace: list | None) -> None:
    """Set cell to digit and propagate naked singles; raise _Contradiction on an empty cell."""
    queue = [(cell, digit)]
    while queue:
        cell, digit = queue.pop()
        if values[cell]:
            if values[cell] != digit:
                raise _Contradiction
            continue
        if not cands[cell] & BIT[digit]:
            raise _Contradiction
        values[cell] = digit
        cands[cell] = 0
        if trace is not None:
            trace.append((cell, digit))
        clear = ~BIT[digit]
        for peer in PEERS[cell]:
            mask = cands[peer]
            if mask & BIT[digit]:
                mask &= clear
                cands[peer] = mask
                if not mask:
                    raise _Contradiction
                if POPCOUNT[mask] == 1:
                    queue.append((peer, DIGITS_OF[mask][0]))


def fill(
    seed: int | None = None,
    *,
    rng: random.Random | None = None,
    choose: str = "random",
    start: Sequence[int] | None = None,
    trace: list[Collapse] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[int]:
    """Fill a grid by Wave Function Collapse; return 81 ints, every cell 1..9.

    Args:
        seed: seeds a fresh ``random.Random`` when ``rng`` is not given.
        rng: the random source for tie-breaks and collapses (takes precedence over ``seed``).
        choose: ``"random"`` collapses to a random candidate; ``"lowest"`` to the lowest one.
        start: 81 ints (0 = empty) to complete instead of an empty grid.
        trace: if a list is given, every collapse ``(cell, digit)`` is appended in order, so the
            fill can be replayed on screen (entries undone by backtracking stay in the trace;
            the final grid is the last value written to each cell).
        cancel: polled between collapses; when it returns True, ``InterruptedError`` is raised.

    Raises:
        ValueError: ``choose`` is not one of ``CHOICES``.
        PuzzleFormatError: ``start`` is malformed or repeats a digit in a house.
        NoSolutionError: ``start`` cannot be completed.
    """
    if choose not in CHOICES:
        raise ValueError(f"unknown choice rule {choose!r}; choose one of {', '.join(CHOICES)}")
    rng = rng if rng is not None else random.Random(seed)
    base = Grid(start)
    values = [0] * 81
    cands = [ALL_DIGITS] * 81
    try:
        for cell, digit in enumerate(base.values):
            if digit:
                _collapse(values, cands, cell, digit, trace)
    except _Contradiction:
        raise NoSolutionError("the starting grid cannot be completed") from None

    stack: list[tuple[list[int], list[int], int, list[int]]] = []
    while True:
        if cancel is not None and cancel():
            raise InterruptedError("fill cancelled")
        open_cells = [cell for cell in range(81) if not values[cell]]
        if not open_cells:
            return values
        lowest = min(POPCOUNT[cands[cell]] for cell in open_cells)
        cell = rng.choice([c for c in open_cells if POPCOUNT[cands[c]] == lowest])
        options = list(DIGITS_OF[cands[cell]])
        if choose == "random":
            rng.shuffle(options)
        stack.append((values, cands, cell, options))
        while True:
            if not stack:
                raise NoSolutionError("the starting grid cannot be completed")
            saved_values, saved_cands, cell, options = stack[-1]
            if not options:
                stack.pop()
                continue
            digit = options.pop(0)
            values, cands = saved_values[:], saved_cands[:]
            try:
                _collapse(values, cands, cell, digit, trace)
                break
            except _Contradiction:
                continue
