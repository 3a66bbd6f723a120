"""Steering toward Master (generator.steer): a given moved, and the walk from a near miss."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from generator.steer import PATIENCE, move_given, steer
from solver.exact import count_solutions, solve_unique
from solver.grid import Grid, check_houses

BANK = Path(__file__).parents[1] / "assets" / "bank"


def expert_puzzles(n: int) -> list[list[int]]:
    """The first ``n`` shipped Expert puzzles (minimal or not), 81 ints each."""
    entries = json.loads((BANK / "expert.json").read_text())["puzzles"][:n]
    return [Grid.parse(entry["puzzle"]).values for entry in entries]


class Moving(random.Random):
    """A random source whose first ``choice`` is ``first`` (the given to move)."""

    def __init__(self, first: int, seed: int = 0):
        super().__init__(seed)
        self.first: int | None = first

    def choice(self, seq):  # type: ignore[override]
        if self.first is not None:
            first, self.first = self.first, None
            assert first in seq
            return first
        return super().choice(seq)


def unique_targets(puzzle: list[int], moved: int, solution: list[int]) -> set[int]:
    """Every cell whose given, put in place of the one at ``moved``, makes the solution unique
    again (found one cell at a time)."""
    base = puzzle[:]
    base[moved] = 0
    found = set()
    for cell in range(81):
        if not base[cell] and cell != moved:
            trial = base[:]
            trial[cell] = solution[cell]
            if count_solutions(trial, 2) == 1:
                found.add(cell)
    return found


def is_minimal(puzzle: list[int]) -> bool:
    return all(
        count_solutions([0 if c == cell else v for c, v in enumerate(puzzle)], 2) == 2
        for cell, v in enumerate(puzzle)
        if v
    )


def test_a_moved_given_leaves_a_minimal_puzzle_of_the_same_solution_exactly_when_one_cell_can():
    # against every target tried alone: None exactly when no cell makes the solution unique,
    # else the given lands on one of those cells and the puzzle is dug to a minimal one
    puzzle = expert_puzzles(1)[0]
    solution = solve_unique(puzzle)
    givens = [cell for cell in range(81) if puzzle[cell]]
    outcomes = set()
    for moved in givens[:12]:
        targets = unique_targets(puzzle, moved, solution)
        child = move_given(puzzle, solution, Moving(moved, seed=moved))
        outcomes.add(child is None)
        if child is None:
            assert not targets, moved
            continue
        added = [cell for cell in range(81) if child[cell] and not puzzle[cell]]
        assert len(added) == 1 and added[0] in targets
        assert not child[moved]
        assert all(v in (0, solution[c]) for c, v in enumerate(child))
        assert count_solutions(child, 2) == 1 and is_minimal(child)
    assert outcomes == {True, False}  # both happen among these givens


def test_moving_is_reproducible_from_the_random_source():
    puzzle = expert_puzzles(2)[1]
    solution = solve_unique(puzzle)
    first = [move_given(puzzle, solution, random.Random(seed)) for seed in range(6)]
    assert first == [move_given(puzzle, solution, random.Random(seed)) for seed in range(6)]
    assert any(child is not None and child != puzzle for child in first)


def walk(depths: list[int | None], accept_at: int | None = None) -> tuple[object, int, list[int], list[list[int]]]:
    """Run ``steer`` from a shipped Expert puzzle with a judge that turns every moved puzzle
    down, telling the next depth of ``depths`` (None: finished by Hard techniques), and
    accepts the ``accept_at``-th puzzle it sees: (verdict, moves, judged depths, puzzles
    judged)."""
    puzzle = expert_puzzles(1)[0]
    solution = solve_unique(puzzle)
    seen: list[list[int]] = []
    told: list[int] = []
    script = iter(depths)

    def judge(child: list[int], *, depth: list[int]):
        seen.append(child)
        if accept_at is not None and len(seen) == accept_at:
            return child, None, "Forcing Net", ""
        found = next(script, 1)
        if found is not None:
            depth.append(found)
        return child, None, None, "too easy"

    verdict, moves = steer(puzzle, 3, solution, random.Random(5), judge, told=lambda child, move: told.append(move))
    assert told == sorted(told) and len(told) == len(seen)
    return verdict, moves, told, seen


def test_the_walk_gives_up_after_patience_moves_without_a_deeper_near_miss():
    verdict, moves, _told, seen = walk([2, None, 3, 1])  # then 1 forever: never deeper than 3
    assert verdict is None and moves == PATIENCE
    assert all(count_solutions(child, 2) == 1 for child in seen)


def test_a_deeper_near_miss_restarts_the_patience_and_is_moved_from():
    verdict, moves, told, seen = walk([4])  # the first moved puzzle is deeper than the start
    assert verdict is None
    first = told[0]
    assert moves == first + PATIENCE  # PATIENCE more moves after the deeper one
    # every later move starts from that deeper puzzle (the shallower ones never replace it):
    # each has exactly one given that it lacks, the moved one's new cell
    deeper = seen[0]
    assert all(sum(1 for c in range(81) if child[c] and not deeper[c]) == 1 for child in seen[1:])


def test_the_walk_ends_with_the_first_accepted_puzzle():
    verdict, moves, told, seen = walk([1, 2, 3], accept_at=3)
    assert verdict is not None and verdict[0] == seen[2] and verdict[3] == ""
    assert moves == told[2]


@pytest.mark.parametrize("depths", [[None] * 200, [3] * 200])
def test_equal_or_shallower_near_misses_never_restart_the_patience(depths):
    verdict, moves, _told, seen = walk(depths)
    assert verdict is None and moves == PATIENCE
    if depths[0] == 3:  # as deep as the start: each is moved from in turn
        assert all(sum(1 for c in range(81) if b[c] and not a[c]) == 1 for a, b in itertools.pairwise(seen))


def test_proofs_of_needed_givens_change_no_move_and_hold_for_the_moved_puzzle():
    # a walk hands each moved puzzle the proofs of its parent's givens (a solution without the
    # given, with another digit in its cell); they stand in for solver calls, never for a choice
    from generator.steer import _move

    puzzle = expert_puzzles(3)[2]
    solution = solve_unique(puzzle)
    current, current_proofs = None, {}
    for seed in range(40):
        current, current_proofs = _move(puzzle, solution, random.Random(seed), None, {})
        if current is not None:
            break
    assert current is not None and set(current_proofs) == {cell for cell in range(81) if current[cell]}
    checked = reused = 0
    for seed in range(12):
        plain, _ = _move(current, solution, random.Random(seed), None, {})
        helped, found = _move(current, solution, random.Random(seed), None, current_proofs)
        assert plain == helped  # the same random choices, the same puzzle
        if helped is None:
            continue
        assert set(found) == {cell for cell in range(81) if helped[cell]}  # every given has its proof
        for cell, proof in found.items():
            assert proof[cell] != solution[cell]
            assert all(not v or proof[c] == v for c, v in enumerate(helped) if c != cell)
            assert all(proof) and check_houses(proof) is None  # a whole grid, no digit twice in a house
            checked += 1
            reused += proof is current_proofs.get(cell)
    assert checked > 40 and reused > 10, (checked, reused)


def test_a_moved_puzzle_takes_its_new_givens_proof_from_the_move_without_a_search(monkeypatch):
    # the solution found before the target was chosen solves the puzzle without the target and
    # differs there: it is the target's proof, so digging the moved puzzle asks nothing about it
    import generator.steer as steer

    puzzle = expert_puzzles(3)[2]
    solution = solve_unique(puzzle)
    asked: list[tuple] = []
    real = steer.search

    def recording(values, limit=1, excluded=()):
        asked.append(tuple(excluded))
        return real(values, limit=limit, excluded=excluded)

    monkeypatch.setattr(steer, "search", recording)
    targets = longest = 0
    for seed in range(12):
        asked.clear()
        moved, proofs = steer._move(puzzle, solution, random.Random(seed), None, {})
        if moved is None:
            continue
        # the move's searches all exclude the moved given's digit; the dig's each another cell
        longest = max(longest, *map(asked.count, set(asked)))
        for target in (cell for cell in range(81) if moved[cell] and not puzzle[cell]):
            assert ((target, solution[target]),) not in asked, seed
            proof = proofs[target]
            assert proof[target] != solution[target]
            assert all(not v or proof[c] == v for c, v in enumerate(moved) if c != target)
            targets += 1
    assert targets >= 3, targets
    assert longest >= 3, longest  # some move tried two targets or more: proofs from a later pass
