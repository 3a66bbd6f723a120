"""The record of how a puzzle was made, for the generating screen's replay: the WFC fill's events
(collapse, propagate, backtrack) and the dig order. Replaying them must rebuild exactly the
accepted solution and puzzle, and recording must not change what is generated."""

from __future__ import annotations

import pickle

import pytest

from generator import generate
from generator.wfc import BACKTRACK, COLLAPSE, GIVEN, KINDS, PROPAGATE, Event, apply_event, fill, replay
from solver.grid import ALL_DIGITS, BIT, PEERS, POPCOUNT
from solver.levels import Level


def candidates(values: list[int], cell: int) -> int:
    """The mask of digits none of ``cell``'s peers holds."""
    used = 0
    for peer in PEERS[cell]:
        used |= BIT[values[peer]]
    return ALL_DIGITS & ~used


def test_fill_events_replay_to_the_filled_grid_and_keep_the_old_trace():
    for seed in range(60):
        events: list[Event] = []
        trace: list[tuple[int, int]] = []
        grid = fill(seed, events=events, trace=trace)
        assert grid == fill(seed)  # recording changes nothing
        assert replay(events) == grid
        assert trace == [(e.cell, e.digit) for e in events if e.kind != BACKTRACK]
        assert {e.kind for e in events} <= set(KINDS) - {GIVEN}


def test_every_event_says_truly_what_happened():
    """Collapse: an open cell with ``entropy`` candidates takes one of them; propagate: an open
    cell with one candidate left takes it; backtrack: a cell is left with no candidate, and the
    cells undone were filled."""
    backtracks = 0
    for seed in range(40):
        events: list[Event] = []
        fill(seed, events=events)
        values = [0] * 81
        for event in events:
            if event.kind == BACKTRACK:
                backtracks += 1
                assert values[event.cell] == 0 and candidates(values, event.cell) == 0
                assert event.undone and all(values[c] for c in event.undone)
            else:
                mask = candidates(values, event.cell)
                assert values[event.cell] == 0 and mask & BIT[event.digit]
                assert event.entropy == POPCOUNT[mask]
                if event.kind == PROPAGATE:
                    assert event.entropy == 1
            apply_event(values, event)
    assert backtracks > 0  # the seeds exercise the backtracking


def test_fill_events_of_a_partial_grid_start_with_its_givens():
    start = [0] * 81
    start[0], start[40], start[80] = 5, 3, 9
    events: list[Event] = []
    grid = fill(1, start=start, events=events)
    assert [(e.kind, e.cell, e.digit) for e in events[:3]] == [(GIVEN, 0, 5), (GIVEN, 40, 3), (GIVEN, 80, 9)]
    assert replay(events) == grid
    assert events[3].kind == COLLAPSE


def dug(made) -> list[int]:
    """The solution with ``dig_order`` emptied, then ``put_back`` refilled."""
    grid = list(made.solution)
    for cell in made.dig_order:
        grid[cell] = 0
    for cell in made.put_back:
        grid[cell] = made.solution[cell]
    return grid


@pytest.mark.parametrize(
    "level, seed", [(Level.EASY, 3), (Level.MEDIUM, 3), (Level.HARD, 6), (Level.EXPERT, 33), (Level.MASTER, 9)]
)
def test_generate_hands_back_the_accepted_fill_and_dig(level, seed):
    made = generate(level, seed, trace=True)
    assert replay(made.trace) == list(made.solution)
    assert len(set(made.dig_order)) == len(made.dig_order)
    assert dug(made) == list(made.puzzle)
    assert set(made.put_back) <= set(made.dig_order)
    plain = generate(level, seed)
    assert (plain.puzzle, plain.solution, plain.attempts) == (made.puzzle, made.solution, made.attempts)
    assert plain.trace == () and plain.dig_order == made.dig_order
    assert pickle.loads(pickle.dumps(made.trace)) == made.trace  # plain data for the worker's queue


def test_a_master_walked_to_lists_its_empty_cells_and_puts_nothing_back():
    made = generate(Level.MASTER, 9, full_grade=False)  # seed 9 walks 19 moves from near misses
    assert made.moves == 19 and made.to_dict()["moves"] == 19
    assert made.put_back == () and sorted(made.dig_order) == [c for c in range(81) if not made.puzzle[c]]


def test_expert_steering_reports_the_givens_it_put_back():
    made = generate(Level.EXPERT, 33, trace=True)
    assert len(made.put_back) == 3
    assert all(made.puzzle[c] for c in made.put_back)
    assert dug(made) == list(made.puzzle)


def test_only_the_accepted_fill_is_traced():
    made = generate(Level.MEDIUM, 3, trace=True)
    assert made.attempts == 2  # the first fill was rejected
    assert replay(made.trace) == list(made.solution)
    assert sum(1 for e in made.trace if e.kind != BACKTRACK) < 2 * 81
