"""Wave Function Collapse: fill a grid by collapsing the lowest-entropy cell, with backtracking.

Every empty cell is a superposition of its candidates (a 9-bit mask); its entropy is their
number. Each round picks the cell of lowest entropy (ties broken by the seeded RNG), collapses it
to one candidate (a random one by default, or the lowest), and propagates: the digit leaves the
candidates of the cell's peers, and a peer left with one candidate collapses in turn. A cell left
with none is a contradiction: the search backtracks to the last choice and tries the next
candidate there. The same seed always gives the same grid.

A fill can be recorded for display in two forms: ``trace`` lists every digit written as
``(cell, digit)``; ``events`` lists ``Event`` tuples that also say why (collapse, propagation,
given) and when the search backtracked, so ``replay`` rebuilds the grid step by step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from solver.errors import NoSolutionError
from solver.grid import ALL_DIGITS, BIT, DIGITS_OF, PEERS, POPCOUNT, Grid

CHOICES = ("random", "lowest")

Collapse = tuple[int, int]  # (cell, digit), as recorded in a trace

# Event kinds (Event.kind).
GIVEN = "given"  # a digit of ``start`` is written
COLLAPSE = "collapse"  # the lowest-entropy cell collapses to one of its candidates
PROPAGATE = "propagate"  # a peer left with one candidate takes it
BACKTRACK = "backtrack"  # a contradiction: the search undoes cells and tries the next option
KINDS = (GIVEN, COLLAPSE, PROPAGATE, BACKTRACK)


class Event(NamedTuple):
    """One step of a recorded fill (plain data: picklable, cheap to pass between threads).

    ``kind`` is one of ``KINDS``. For GIVEN, COLLAPSE and PROPAGATE, ``digit`` (1..9) is written
    into ``cell`` (0..80), and ``entropy`` is how many candidates the cell had just before (1
    for a propagation). For BACKTRACK, ``cell`` is where the contradiction showed (a cell left
    with no candidate), and ``undone`` lists the cells the search emptied again (ascending);
    ``digit`` and ``entropy`` are 0.
    """

    kind: str
    cell: int
    digit: int = 0
    entropy: int = 0
    undone: tuple[int, ...] = ()


class _Contradiction(Exception):
    """A cell (``args[0]``) is left with no candidate."""


def _collapse(
    values: list[int],
    cands: list[int],
    cell: int,
    digit: int,
    trace: list[Collapse] | None,
    events: list[Event] | None = None,
    kind: str = COLLAPSE,
    entropy: int = 0,
) -> None:
    """Set cell to digit and propagate naked singles; raise _Contradiction(cell) on an empty
    cell. With ``events``, the first write is recorded as ``kind`` (with ``entropy``), the
    forced ones after it as PROPAGATE."""
    queue = [(cell, digit)]
    while queue:
        cell, digit = queue.pop()
        if values[cell]:
            if values[cell] != digit:
                raise _Contradiction(cell)
            continue
        if not cands[cell] & BIT[digit]:
            raise _Contradiction(cell)
        values[cell] = digit
        cands[cell] = 0
        if trace is not None:
            trace.append((cell, digit))
        if events is not None:
            events.append(Event(kind, cell, digit, entropy))
            kind, entropy = PROPAGATE, 1
        clear = ~BIT[digit]
        for peer in PEERS[cell]:
            mask = cands[peer]
            if mask & BIT[digit]:
                mask &= clear
                cands[peer] = mask
                if not mask:
                    raise _Contradiction(peer)
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
    events: list[Event] | None = None,
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
        events: if a list is given, every step is appended as an ``Event`` in order: givens,
            collapses (with the cell's entropy), propagations and backtracks (with the cells
            undone), so that ``replay(events)`` equals the returned grid. Recording changes
            nothing else: the same seed gives the same grid with or without it.

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
                _collapse(values, cands, cell, digit, trace, events, GIVEN, POPCOUNT[cands[cell]])
    except _Contradiction:
        raise NoSolutionError("the starting grid cannot be completed") from None

    stack: list[tuple[list[int], list[int], int, list[int]]] = []
    failed = -1  # the cell of the last contradiction, until the search restores a state
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
            if events is not None and failed >= 0:
                undone = tuple(c for c in range(81) if values[c] and not saved_values[c])
                events.append(Event(BACKTRACK, failed, undone=undone))
                failed = -1
            entropy = POPCOUNT[saved_cands[cell]]
            values, cands = saved_values[:], saved_cands[:]
            try:
                _collapse(values, cands, cell, digit, trace, events, COLLAPSE, entropy)
                break
            except _Contradiction as contradiction:
                failed = contradiction.args[0]
                continue


def replay(events: Iterable[Event], start: Sequence[int] | None = None) -> list[int]:
    """The grid that ``events`` (from ``fill``) leave: 81 ints, 0 = empty.

    Each event is applied in order with ``apply_event`` to ``start`` (81 ints; default empty).
    Replaying a whole recorded fill gives the grid ``fill`` returned.
    """
    values = list(start) if start is not None else [0] * 81
    for event in events:
        apply_event(values, event)
    return values


def apply_event(values: list[int], event: Event) -> None:
    """Apply one ``Event`` to ``values`` (81 ints, changed in place): BACKTRACK empties its
    ``undone`` cells, every other kind writes ``digit`` into ``cell``."""
    if event.kind == BACKTRACK:
        for cell in event.undone:
            values[cell] = 0
    else:
        values[event.cell] = event.digit
