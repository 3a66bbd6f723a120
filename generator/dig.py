"""Digging: remove givens from a solved grid while a person can still solve it at a level.

A removal is kept only while the puzzle stays solvable by the techniques of the target level
(``solver.walks.solvable_within``). Those techniques are sound, so a puzzle they finish has
exactly one solution. Three checks settle a trial, cheapest first: if the singles alone fill the
grid (most trials), the puzzle is unique and solvable at every level; otherwise above Easy the
exact solver is asked about uniqueness (late in a dig most trials fail there, and the exact
solver refutes them several times faster than exhausting the level's techniques does); only
then the human solver. With no level (``level=None``) the dig keeps uniqueness alone, and the
caller grades the result. Each given is tried once; a removal that fails now would fail later
too, since fewer givens never make a puzzle easier.

Orders:
  entropy  remove the given whose cell would have the fewest candidates first (lowest entropy:
           the cell most determined by its peers), ties broken by the RNG;
  random   a shuffled order.
With ``symmetry`` a given and its 180-degree partner (cell ``80 - c``) go together.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from solver.exact import count_solutions
from solver.grid import ALL_DIGITS, BIT, HOUSES_OF, POPCOUNT
from solver.levels import Level
from solver.walks import propagate_singles, solvable_within

ORDERS = ("entropy", "random")
FIRST_BATCH = 16  # removals tried at once at the start of a steered dig (``_dig_in_batches``)


def _entropy(values: Sequence[int], house_used: list[int], cell: int) -> int:
    """How many digits cell could hold if its given were removed (its own digit included)."""
    r, c, b = HOUSES_OF[cell]
    return POPCOUNT[ALL_DIGITS & ~(house_used[r] | house_used[c] | house_used[b]) | BIT[values[cell]]]


def dig(
    solution: Sequence[int],
    level: Level | None,
    *,
    rng: random.Random,
    order: str = "entropy",
    symmetry: bool = False,
    max_blanks: int | None = None,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[float], None] | None = None,
    removed: list[tuple[int, ...]] | None = None,
    uniqueness: bool = True,
) -> list[int]:
    """Remove givens from ``solution`` while the puzzle stays solvable at ``level``.

    Args:
        solution: 81 ints, a complete valid grid.
        level: the hardest level whose techniques may be needed; None keeps only uniqueness.
        rng: random source for tie-breaks and the random order.
        order: ``"entropy"`` or ``"random"`` (see the module docstring).
        symmetry: remove cells in 180-degree symmetric pairs.
        max_blanks: stop once this many cells are empty (None: dig as far as possible).
        cancel: polled before each trial; when it returns True, ``InterruptedError`` is raised.
        progress: called with the fraction (0..1) of cells tried so far.
        removed: if a list is given, each removal kept is appended as a tuple of cells, in
            order (so the caller can put givens back, last removed first).
        uniqueness: False keeps the techniques that assume one solution out of the check.

    Returns:
        81 ints, 0 = empty: a puzzle with a unique solution, solvable within ``level``.

    Raises:
        ValueError: unknown ``order``.
    """
    if order not in ORDERS:
        raise ValueError(f"unknown dig order {order!r}; choose one of {', '.join(ORDERS)}")
    puzzle = list(solution)
    house_used = [ALL_DIGITS] * 27
    untried = set(range(41) if symmetry else range(81))  # with symmetry: one cell per pair
    total = len(untried)
    blanks = 0
    queue = []
    if order == "random":
        queue = sorted(untried)
        rng.shuffle(queue)

    if level is None and order == "random" and max_blanks is None:
        blanks = _dig_in_batches(puzzle, queue, untried, symmetry, cancel, removed)
        if progress is not None:
            progress(1 - len(untried) / total)
    while untried:
        if cancel is not None and cancel():
            raise InterruptedError("digging cancelled")
        if max_blanks is not None and blanks >= max_blanks:
            break
        if order == "random":
            cell = queue.pop()
        else:
            scored = {c: _entropy(puzzle, house_used, c) for c in untried}
            lowest = min(scored.values())
            cell = rng.choice(sorted(c for c, e in scored.items() if e == lowest))
        untried.discard(cell)
        group = (cell, 80 - cell) if symmetry and cell != 40 else (cell,)
        if max_blanks is not None and blanks + len(group) > max_blanks:
            continue
        trial = puzzle[:]
        for c in group:
            trial[c] = 0
        if _keeps(trial, level, uniqueness, {c: solution[c] for c in group}):
            puzzle = trial
            blanks += len(group)
            if removed is not None:
                removed.append(group)
            for c in group:
                for house in HOUSES_OF[c]:
                    house_used[house] &= ~BIT[solution[c]]
        if progress is not None:
            progress(1 - len(untried) / total)
    return puzzle


def _dig_in_batches(
    puzzle: list[int],
    queue: list[int],
    untried: set[int],
    symmetry: bool,
    cancel: Callable[[], bool] | None,
    removed: list[tuple[int, ...]] | None,
) -> int:
    """The start of a random dig that keeps uniqueness alone, several removals at a time: the
    next ``batch`` cells of ``queue`` (taken from its end, with their partners under
    ``symmetry``) go at once when the puzzle keeps one solution without them all, and every
    puzzle between has more givens of the same solution, so it has one too: the removals, and
    the puzzle, are those of the one-at-a-time dig. A batch that leaves two solutions halves
    the batch; at one the batches end and the dig goes on a cell at a time. Changes ``puzzle``,
    ``queue``, ``untried`` and ``removed`` in place; returns the cells emptied. Measured on 300
    fills, with and without symmetry: 40.5 exact-solver calls a dig instead of 61, 0.86x the
    time (a batch's call costs more than a cell's, which excludes the emptied digit)."""
    blanks = 0
    batch = FIRST_BATCH
    while batch > 1 and len(queue) >= batch:
        if cancel is not None and cancel():
            raise InterruptedError("digging cancelled")
        cells = queue[-batch:][::-1]  # the order the dig would pop them in
        groups = [(cell, 80 - cell) if symmetry and cell != 40 else (cell,) for cell in cells]
        trial = puzzle[:]
        for group in groups:
            for c in group:
                trial[c] = 0
        if count_solutions(trial, 2) != 1:
            batch //= 2
            continue
        puzzle[:] = trial
        del queue[-batch:]
        untried.difference_update(cells)
        blanks += sum(len(group) for group in groups)
        if removed is not None:
            removed.extend(groups)
    return blanks


def _unique(trial: list[int], emptied: dict[int, int]) -> bool:
    """True when ``trial`` (81 ints) has one solution, given that it is a puzzle with one
    solution less the givens ``emptied`` (cell -> its digit there).

    Another solution of ``trial`` must put another digit in an emptied cell (else it would
    solve the puzzle before the removal too), so for one cell the exact solver looks for a
    solution without that candidate: 40% faster than counting to two, which first finds
    the known solution again."""
    if len(emptied) == 1:
        return not count_solutions(trial, 1, excluded=tuple(emptied.items()))
    return count_solutions(trial, 2) == 1


def _keeps(trial: list[int], level: Level | None, uniqueness: bool, emptied: dict[int, int]) -> bool:
    """True when ``trial`` (81 ints) has one solution and is solvable within ``level``;
    ``emptied`` as for ``_unique``.

    With a level, the singles are tried first (they settle most trials and imply every level);
    without one (the steered digs) the exact solver alone decides, twice as fast there."""
    if level is None:
        return _unique(trial, emptied)
    values = trial[:]
    cands = [0] * 81
    used = [0] * 27
    for cell, value in enumerate(values):
        if value:
            for house in HOUSES_OF[cell]:
                used[house] |= BIT[value]
    for cell in range(81):
        if not values[cell]:
            r, c, b = HOUSES_OF[cell]
            cands[cell] = ALL_DIGITS & ~(used[r] | used[c] | used[b])
    if propagate_singles(values, cands) == 0:
        return True  # the singles alone fill it: unique, and solvable at every level
    if level == Level.EASY:
        return False
    if not _unique(trial, emptied):
        return False
    return solvable_within(trial, level, uniqueness=uniqueness)
