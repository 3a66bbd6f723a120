"""Steering toward Master: from a near miss, move one given at a time toward a harder puzzle.

About 1 minimal puzzle in 130-180 is Master, whatever its fill, so the plain generator spends a
hundred or more fills on each one. But Master puzzles cluster: a puzzle that Expert techniques
finish only after several rounds of Expert steps is near one. Moving one given of such a near
miss (take a given out, put the solution's digit in another cell so that the solution is unique
again, then dig to a minimal puzzle) gives a Master far more often than a new fill does:

    Expert rounds of the near miss   1     2     3     4     5     6     7     8 or more
    moves that give a Master (%)     0.8   0.9   1.7   2.3   3.4   4.5   6     2-14 (few)

(measured 2026-11-27 on 1,400 near misses of 14,000 fills, 12 moves from each; a fresh fill
gives a Master 0.6-0.7% of the time; the walk then took the rounds in HoDoKu's order, and since
its link closure comes first, ``solver.walks.bulk_techniques``, a near miss counts fewer rounds:
on 625 grids, 1 round for half of those with any, against a quarter before). The walk
(``steer``) keeps moving from the deepest near miss found so far: a moved puzzle that Expert
techniques still finish in at least as many Expert rounds becomes the one to move from, and the
walk gives up after ``PATIENCE`` moves without a deeper one. A move costs more than a fill and
its dig (half the moved puzzles need the Expert walk, against a fifth of fresh digs), but pays
off by its odds: Masters come about 1.2x as fast, and the fills per Master fall from a median of
about 100-130 to about 15 (``docs/benchmarks.md``).

Like the rest of the generator, every choice comes from the caller's ``random.Random``, so a
seed makes the same puzzle on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from generator.accept import Verdict
from solver.exact import search
from solver.human import CancelFn, poll_cancel

PATIENCE = 30
"""Moves without a deeper near miss before the walk gives up (and a new fill is tried).
Measured against the generator without steering, paired runs on one core each: seeds 1-180
made 1.13-1.30x as many Masters a second, with a median of 10-17 fills each against 97-134;
20 moves (0.99-1.09x, 17-19 fills) and 40 (0.90-0.95x, 13-16 fills) did less well."""


Proofs = dict[int, list[int]]
"""Per given of a puzzle (cell -> 81 ints): a solution of the puzzle without that given in
which its cell holds another digit, the proof that the given is needed. Removing other givens
keeps every proof valid; adding one keeps those that agree with it."""


def move_given(
    puzzle: Sequence[int], solution: Sequence[int], rng: random.Random, cancel: CancelFn | None = None
) -> list[int] | None:
    """One given of ``puzzle`` moved to another cell, then dug again to a minimal puzzle.

    ``puzzle``: 81 ints (0 = empty), a puzzle whose only solution is ``solution`` (81 ints).
    A given chosen at random is taken out; a target cell is then looked for among the cells
    where every other solution found so far differs from ``solution`` (only there can the
    solution's digit rule them all out), in random order, until one makes the solution unique
    again; the other givens are then removed in random order while it stays unique.

    Returns 81 ints, a minimal puzzle with the same unique solution, or None when no single
    target makes the solution unique again (about half the moves).

    Raises:
        InterruptedError: ``cancel()`` returned True (polled before each solver call).
    """
    return _move(puzzle, solution, rng, cancel, {})[0]


def _move(
    puzzle: Sequence[int], solution: Sequence[int], rng: random.Random, cancel: CancelFn | None, proofs: Proofs
) -> tuple[list[int] | None, Proofs]:
    """``move_given``, told the ``proofs`` of ``puzzle``'s givens (``Proofs``; any may be
    missing) and returning the moved puzzle's with it (or None and {}). The same random
    choices and the same puzzle as without proofs: a proof only stands in for the solver call
    that would have found a solution too. The new given's proof comes from the move itself: the
    last other solution found solves the moved puzzle without it and differs there (4% fewer
    solver calls over Master seeds 1-20, the same puzzles)."""
    base = list(puzzle)
    moved = rng.choice([cell for cell in range(81) if base[cell]])
    base[moved] = 0
    # Every other solution has another digit at `moved` (else it would solve `puzzle` too),
    # and one target must rule them all out: it lies where each of them differs.
    other_than = ((moved, solution[moved]),)
    targets: set[int] = set(range(81))
    trial = base
    known = proofs
    while True:
        poll_cancel(cancel)
        found, _ = search(trial, limit=1, excluded=other_than)
        if not found:
            return _minimal(trial, rng, cancel, known)
        other = found[0]
        targets &= {cell for cell in range(81) if not base[cell] and other[cell] != solution[cell]}
        targets.discard(moved)
        if not targets:
            return None, {}
        target = rng.choice(sorted(targets))
        targets.discard(target)
        trial = base[:]
        trial[target] = solution[target]
        # ``other`` solves ``trial`` less its target and differs there: the target's proof
        known = {**proofs, target: other}


def _minimal(puzzle: list[int], rng: random.Random, cancel: CancelFn | None, known: Proofs) -> tuple[list[int], Proofs]:
    """``puzzle`` (unique; changed in place and returned) with givens removed in random order
    while it stays unique: a minimal puzzle, and the proofs of its givens. A removal leaves it
    unique exactly when no solution has another digit in the emptied cell; a proof in
    ``known`` that agrees with every other given is such a solution, found without a search
    (most givens of a moved puzzle keep theirs: a move changes two cells)."""
    givens = [cell for cell in range(81) if puzzle[cell]]
    rng.shuffle(givens)
    proofs: Proofs = {}
    for cell in givens:
        poll_cancel(cancel)
        digit = puzzle[cell]
        puzzle[cell] = 0
        proof = known.get(cell)
        if proof is None or any(value and proof[c] != value for c, value in enumerate(puzzle)):
            found, _ = search(puzzle, limit=1, excluded=((cell, digit),))
            proof = found[0] if found else None
        if proof is not None:
            puzzle[cell] = digit
            proofs[cell] = proof
    return puzzle, proofs


class Judge(Protocol):
    """The generator's check of a puzzle (81 ints; ``generator.accept.judge`` with the rest of
    its arguments bound): its ``Verdict``; when Expert techniques finish a Master candidate, the
    number of their Expert rounds is appended to ``depth``."""

    def __call__(self, puzzle: list[int], *, depth: list[int]) -> Verdict: ...


def steer(
    start: Sequence[int],
    depth: int,
    solution: Sequence[int],
    rng: random.Random,
    judge: Judge,
    cancel: CancelFn | None = None,
    told: Callable[[list[int], int], None] | None = None,
) -> tuple[Verdict | None, int]:
    """Walk from the near miss ``start`` (81 ints, its unique solution ``solution``), which
    Expert techniques finish after ``depth`` Expert rounds, moving one given at a time
    (``move_given``) until a moved puzzle is accepted.

    ``judge`` is the generator's check of a puzzle (``Judge``). A moved puzzle with at least
    as many Expert rounds as the current one is moved from next; ``PATIENCE`` moves without
    one with more end the walk. ``told(puzzle, move)``, when given, is called with each moved
    puzzle before it is judged (``move`` counts from 1).

    Returns (the accepted verdict or None, the moves made).

    Raises:
        InterruptedError: ``cancel()`` returned True.
    """
    current, deepest = list(start), depth
    proofs: Proofs = {}  # of the current puzzle's givens, as the moves find them
    moves = idle = 0
    while idle < PATIENCE:
        idle += 1
        moves += 1
        child, child_proofs = _move(current, solution, rng, cancel, proofs)
        if child is None:
            continue
        if told is not None:
            told(child, moves)
        rounds: list[int] = []
        verdict = judge(child, depth=rounds)
        if not verdict[3]:
            return verdict, moves
        if rounds and rounds[0] >= deepest:
            if rounds[0] > deepest:
                idle = 0
            current, deepest, proofs = child, rounds[0], child_proofs
    return None, moves
