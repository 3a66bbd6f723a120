"""The implication engine (solver.implication): singles as whole-board sweeps, and the static links.

It is only useful if it answers exactly what Sudoku Explainer's chain search finds from the same
premise (a contradiction or not; the potentials implied "on" and "off"), so the chaining rules
can skip the premises that lead nowhere and rate the rest as before. Checked premise by premise
on positions of hard puzzles, also with candidates removed at random (positions with singles,
and broken ones), and rule by rule: the hints with and without screening are the same.
"""

from __future__ import annotations

import random

import pytest

from solver.exact import solve
from solver.grid import PEERS, POPCOUNT, Grid
from solver.implication import FIELD_BIT, ImplicationEngine, StaticImplications, candidates, field_bits
from solver.se.chains import Position, propagate
from solver.se.multiple import multiple_chains

HARD = (
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",  # Inkala
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",  # top95
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",  # top95
    ".....6....59.....82....8....45........3........6..3.54...325..6..................",  # top95
)


def positions(seed: int, count: int) -> list[list[int]]:
    """The starts of HARD, then ``count`` of them with up to 50 candidates removed at random
    (which leaves singles, and may leave no solution)."""
    rng = random.Random(seed)
    found = [list(Grid.parse(p).candidates) for p in HARD]
    for _ in range(count):
        cells = list(rng.choice(found[: len(HARD)]))
        for _ in range(rng.randrange(51)):
            cell = rng.randrange(81)
            mask = cells[cell]
            if POPCOUNT[mask] >= 2:
                cells[cell] &= ~(1 << rng.choice([d for d in range(9) if mask >> d & 1]))
        found.append(cells)
    return found


def premises(cells: list[int]) -> list[int]:
    return [c for c in range(729) if POPCOUNT[cells[c // 9]] >= 2 and cells[c // 9] >> (c % 9) & 1]


def potentials(cells: list[int], singles: bool = False) -> list[tuple[int, bool]]:
    """Each premise of ``premises`` (with ``singles``, every candidate) assumed on, then off."""
    cands = [c for c in range(729) if cells[c // 9] >> (c % 9) & 1] if singles else premises(cells)
    return [(cand, on) for cand in cands for on in (True, False)]


def search(pos: Position, cand: int, on: bool, dynamic: bool):
    """Sudoku Explainer's chain search from premise ``cand`` on (or off)."""
    return propagate(pos, (cand,) if on else (), () if on else (cand,), dynamic=dynamic)


def agrees(found, chain, on: bool, where) -> bool:
    """Assert that the engine's ``found`` is what the chain search found (``chain``) from a
    premise (``on``): a contradiction or none, the floor under its complexity, else the same
    potentials on and off. True for a contradiction."""
    assert found.contradiction == (chain.contradiction is not None), where
    if found.contradiction:
        assert sum(side.bit_count() for side in chain.contradiction) >= found.complexity_floor(on) >= 1, where
        return True
    assert (found.on, found.off) == (field_bits(chain.on), field_bits(chain.off)), where
    return False


def test_candidates_and_field_bits_are_inverse():
    cands = [0, 8, 9, 364, 728]
    assert candidates(field_bits(cands)) == cands
    assert FIELD_BIT[9 * 40 + 4] == 1 << (11 * 40 + 4)


def test_the_solutions_digits_lead_to_no_contradiction_and_imply_only_the_solution():
    for puzzle in HARD:
        grid = Grid.parse(puzzle)
        solution = solve(grid)
        assert solution is not None
        right = {cell * 9 + solution[cell] - 1 for cell in range(81) if not grid.values[cell]}
        engine, static = ImplicationEngine(grid.candidates), StaticImplications(grid.candidates)
        for cand in sorted(right):
            for found in (engine.assume(cand, True), static.assume(cand)):
                assert not found.contradiction
                assert set(candidates(found.on)) <= right and not set(candidates(found.off)) & right


def test_a_single_of_the_start_is_left_alone():
    # a chain derives an "on" only where an "off" leaves a field with one place, so a cell that
    # already has one candidate is not placed, as in Sudoku Explainer's dynamic chains
    cells = list(Grid.parse("." * 81).candidates)
    cells[80] = 0b1  # r9c9 can only be 1
    found = ImplicationEngine(cells).assume(4, True)  # r1c1=5
    assert not found.contradiction and candidates(found.on) == [4]


def test_two_bivalue_cells_sharing_a_third_give_the_expected_consequences():
    # r1c1, r1c2 and r1c3 hold only 1/2: assuming r1c1=1 places r1c2=2 and then r1c3 has none
    cells = list(Grid.parse("." * 81).candidates)
    cells[0] = cells[1] = cells[2] = 0b11
    engine = ImplicationEngine(cells)
    assert engine.assume(0, True).contradiction
    # with r1c3 free, r1c1=1 places r1c2=2; the 1s of r1c1's peers and the 2s of r1c2's (r1c1's
    # own 2 among them) are off, and nothing else is left with one place
    cells[2] = 0b111111111
    found = ImplicationEngine(cells).assume(0, True)
    assert not found.contradiction
    assert candidates(found.on) == [0, 9 + 1]
    assert set(candidates(found.off)) == {9 * p for p in PEERS[0]} | {9 * p + 1 for p in PEERS[1]}


@pytest.mark.parametrize("seed", [1, 2])
def test_dynamic_consequences_are_the_chain_searchs_premise_by_premise(seed):
    checked = contradictions = 0
    for cells in positions(seed, 6):
        pos, engine = Position(cells), ImplicationEngine(cells)
        for cand, on in potentials(cells):
            dead = agrees(engine.assume(cand, on), search(pos, cand, on, True), on, (cells, cand, on))
            contradictions += dead
            checked += not dead
    assert checked > 1000 and contradictions > 100  # both kinds were compared


def test_a_contradictions_complexity_is_at_least_its_floor():
    # the floor lets a rule skip the chain search of contradictions that cannot be its best hint
    tight = 0
    for cells in positions(7, 6):
        pos, engine = Position(cells), ImplicationEngine(cells)
        for cand, on in potentials(cells):
            found = engine.assume(cand, on)
            if not found.contradiction:
                assert found.complexity_floor(on) == 0
                continue
            chain = search(pos, cand, on, True)
            assert chain.contradiction is not None
            complexity = sum(side.bit_count() for side in chain.contradiction)
            assert complexity >= found.complexity_floor(on) >= 1, (cells, cand, on)
            tight += complexity - found.complexity_floor(on) <= 2
    assert tight > 100  # the floor is close for many of them, so it can prune


@pytest.mark.parametrize("dynamic", [True, False])
def test_every_implied_candidate_has_at_least_its_floor_of_ancestors(dynamic):
    # the floors let the cell, region and double forcing chains skip the chain searches of
    # premises whose hints cannot beat the best so far
    checked = above_one = 0
    for cells in positions(8, 4):
        pos = Position(cells)
        engine = ImplicationEngine(cells) if dynamic else StaticImplications(cells)
        for cand, on in potentials(cells):
            found = engine.assume(cand, on)
            if found.contradiction:
                continue
            chain = search(pos, cand, on, dynamic)
            for implied, target_on in [(k, True) for k in chain.on] + [(k, False) for k in chain.off]:
                ancestors = (chain.on if target_on else chain.off)[implied].bit_count()
                floor = found.ancestors_floor(FIELD_BIT[implied], target_on, on)
                assert ancestors >= floor, (cells, cand, on, implied, target_on)
                checked += 1
                above_one += floor > 2
    assert checked > 10_000 and above_one > checked // 4, (checked, above_one)  # mostly more than trivial


@pytest.mark.parametrize("seed", [3, 4])
def test_static_consequences_are_the_chain_searchs_premise_by_premise(seed):
    checked = contradictions = 0
    for cells in positions(seed, 6):
        pos, static = Position(cells), StaticImplications(cells)
        for cand, on in potentials(cells, singles=True):
            dead = agrees(static.assume(cand, on), search(pos, cand, on, False), on, (cells, cand, on))
            contradictions += dead
            checked += not dead
    assert checked > 500 and contradictions > 50


def test_x_contradictions_are_the_nishio_chain_searchs_premise_by_premise():
    contradictions = 0
    for cells in positions(6, 6):
        pos, engine = Position(cells), ImplicationEngine(cells)
        for cand, on in potentials(cells):
            chain = propagate(pos, (cand,) if on else (), () if on else (cand,), y_links=False, dynamic=True)
            found = engine.x_contradiction(cand, on)
            assert found == (chain.contradiction is not None), (cells, cand, on)
            contradictions += found
    assert contradictions > 50


@pytest.mark.parametrize(("dynamic", "nishio"), [(False, False), (True, False), (False, True)])
def test_screened_premises_give_the_same_hint(dynamic, nishio, monkeypatch):
    monkeypatch.setattr("solver.se.multiple._NISHIO_QUIET", set())  # no digit skipped: all compared
    for cells in positions(5, 4):
        pos = Position(cells)
        screened = multiple_chains(pos, dynamic=dynamic, nishio=nishio)
        assert screened == multiple_chains(pos, dynamic=dynamic, nishio=nishio, screen=False), cells
