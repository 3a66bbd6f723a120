"""Generator properties with fixed seeds: WFC fill, digging, exact-level targeting."""

from __future__ import annotations

import itertools
import random
import traceback

import pytest

from generator import GenerationCancelled, GenerationError, generate
from generator.dig import dig
from generator.generate import CHECKING, GRIDS_PER_PUZZLE, STAGES
from generator.wfc import fill
from solver.errors import NoSolutionError
from solver.exact import count_solutions
from solver.grading import grade
from solver.grid import HOUSES, Grid, parse_values
from solver.human import forget_quiet
from solver.levels import Level
from solver.walks import solvable_within

FULL = set(range(1, 10))


def assert_complete(grid: list[int]) -> None:
    for house in HOUSES:
        assert {grid[c] for c in house} == FULL


# --- WFC fill -------------------------------------------------------------------------------


def test_fill_makes_a_valid_grid_and_is_reproducible():
    first = fill(7)
    assert_complete(first)
    assert fill(7) == first
    assert fill(8) != first


def test_fill_lowest_choice_differs_from_random_and_is_valid():
    lowest = fill(7, choose="lowest")
    assert_complete(lowest)
    assert lowest != fill(7)


def test_fill_trace_records_every_collapse_in_order():
    trace: list[tuple[int, int]] = []
    grid = fill(3, trace=trace)
    assert len(trace) >= 81
    last = {}
    for cell, digit in trace:
        last[cell] = digit
    assert [last[c] for c in range(81)] == grid


def test_fill_completes_a_partial_grid_keeping_its_digits():
    start = [0] * 81
    start[0], start[40], start[80] = 5, 3, 9
    grid = fill(1, start=start)
    assert_complete(grid)
    assert (grid[0], grid[40], grid[80]) == (5, 3, 9)


def test_fill_rejects_a_start_that_cannot_be_completed():
    # r1c1..r1c8 hold 1..8 and r2c9 holds 9: r1c9 has no candidate left.
    start = parse_values("12345678." + "........9" + "." * 63)
    with pytest.raises(NoSolutionError):
        fill(1, start=start)


def test_fill_rejects_unknown_choice_rule():
    with pytest.raises(ValueError, match="lowest"):
        fill(1, choose="middle")


# --- digging --------------------------------------------------------------------------------


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM, Level.HARD])
def test_dig_keeps_one_solution_solvable_within_level(level):
    solution = fill(11)
    puzzle = dig(solution, level, rng=random.Random(11))
    assert count_solutions(puzzle, 2) == 1
    assert all(v in (0, s) for v, s in zip(puzzle, solution))
    assert solvable_within(puzzle, level)
    assert sum(1 for v in puzzle if not v) > 40


def test_dig_symmetric_pairs_and_blank_cap():
    solution = fill(5)
    puzzle = dig(solution, Level.EASY, rng=random.Random(5), symmetry=True, max_blanks=30)
    assert all(bool(puzzle[c]) == bool(puzzle[80 - c]) for c in range(81))
    assert sum(1 for v in puzzle if not v) <= 30


def test_dig_random_order_is_reproducible():
    solution = fill(9)
    one = dig(solution, Level.EASY, rng=random.Random(1), order="random")
    two = dig(solution, Level.EASY, rng=random.Random(1), order="random")
    assert one == two
    assert count_solutions(one, 2) == 1


def test_dig_rejects_unknown_order():
    with pytest.raises(ValueError, match="entropy"):
        dig(fill(1), Level.EASY, rng=random.Random(1), order="spiral")


# --- generate: exact level ------------------------------------------------------------------


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM, Level.HARD])
@pytest.mark.parametrize("seed", [1, 2])
def test_generate_gives_unique_puzzles_graded_exactly_as_asked(level, seed):
    made = generate(level, seed)
    assert made.level == level
    assert made.grade.level == level
    assert grade(made.puzzle).level == level
    assert count_solutions(made.puzzle, 2) == 1
    assert all(v in (0, s) for v, s in zip(made.puzzle, made.solution))
    assert_complete(list(made.solution))
    assert made.givens == sum(1 for v in made.puzzle if v)


@pytest.mark.parametrize("level, seed", [(Level.EXPERT, 1), (Level.EXPERT, 2), (Level.MASTER, 9)])
def test_generate_steers_expert_and_master_puzzles_to_exactly_their_level(level, seed):
    made = generate(level, seed)
    assert made.grade.level == level and made.grade.solved
    assert count_solutions(made.puzzle, 2) == 1
    assert all(v in (0, s) for v, s in zip(made.puzzle, made.solution))
    assert not solvable_within(made.puzzle, Level(level - 1))
    assert solvable_within(made.puzzle, level)


@pytest.mark.parametrize("level, seed", [(Level.EXPERT, 1), (Level.MASTER, 9)])
def test_the_full_grade_takes_the_solo_path_the_level_check_walked(monkeypatch, level, seed):
    import solver.grading as grading

    def no_walk(*args, **kwargs):
        raise AssertionError("the grade walked the Solo path again")

    with monkeypatch.context() as patched:
        patched.setattr(grading, "PathWalk", no_walk)
        made = generate(level, seed)
    assert made.grade == grade(made.puzzle)  # the grade it gives alone


@pytest.mark.parametrize("level, seed", [(Level.EASY, 3), (Level.HARD, 3), (Level.EXPERT, 14)])
def test_generate_without_the_full_grade_makes_the_same_puzzle_and_names_its_hardest_step(level, seed):
    full = generate(level, seed)
    lite = generate(level, seed, full_grade=False)
    assert lite.grade is None and full.grade is not None
    assert (lite.puzzle, lite.level, lite.attempts) == (full.puzzle, full.level, full.attempts)
    assert lite.hardest == full.hardest == full.grade.hardest
    assert set(full.to_dict()) - set(lite.to_dict()) == {"score", "se", "steps", "layers"}


def test_an_expert_step_taken_where_hard_techniques_finish_the_puzzle_is_not_expert():
    """HoDoKu's order puts Finned Swordfish (Expert) before Simple Colors (Hard): this puzzle's
    Solo path takes the fish, so its grade is Expert, but Hard techniques alone finish it. The
    generator turns it down, with or without the full grade."""
    from generator.accept import judge
    from solver.exact import solve
    from solver.grading import level_of

    puzzle = parse_values("010007005900201000002040090090080056030700800400000000000006010005002007000850609")
    assert level_of(puzzle) == (Level.EXPERT, "Finned Swordfish") and solvable_within(puzzle, Level.HARD)
    solution = solve(puzzle)
    empty = tuple(cell for cell in range(81) if not puzzle[cell])
    further = tuple([cell for cell in range(81) if puzzle[cell]][::3])  # past the last Expert puzzle
    dug = [0 if cell in further else value for cell, value in enumerate(puzzle)]
    for full_grade in (True, False):
        served, result, hardest, why = judge(dug, solution, [empty, further], Level.EXPERT, True, None, full_grade)
        assert served == puzzle and result is None and hardest is None
        assert why == "too easy: Hard techniques solve it"


def test_the_last_puzzle_within_expert_along_a_dig_comes_with_its_solo_path():
    from generator.accept import last_within
    from solver.exact import solve
    from solver.human import solve_path

    puzzle = parse_values("010007005900201000002040090090080056030700800400000000000006010005002007000850609")
    solution = solve(puzzle)
    empty = tuple(cell for cell in range(81) if not puzzle[cell])
    further = tuple([cell for cell in range(81) if puzzle[cell]][::3])  # too far: not within Expert
    dug = [0 if cell in further else value for cell, value in enumerate(puzzle)]
    assert not solve_path(Grid(dug), Level.EXPERT).solved
    found = last_within(solution, [empty, further], Level.EXPERT)
    assert found is not None
    served, path = found
    assert served == puzzle and path.solved
    assert path.steps == solve_path(Grid(puzzle), Level.EXPERT).steps
    assert last_within(dug, [(next(c for c in range(81) if dug[c]),)], Level.EXPERT) is None  # the start is beyond


def test_dig_records_its_removals_in_order_and_without_a_level_keeps_only_uniqueness():
    solution = fill(5)
    removed: list[tuple[int, ...]] = []
    puzzle = dig(solution, None, rng=random.Random(5), order="random", removed=removed)
    assert count_solutions(puzzle, 2) == 1
    assert sorted(c for group in removed for c in group) == [c for c in range(81) if not puzzle[c]]
    # putting the last removal back gives a puzzle the dig had before
    back = list(puzzle)
    for cell in removed[-1]:
        back[cell] = solution[cell]
    assert count_solutions(back, 2) == 1


@pytest.mark.parametrize("symmetry", [False, True])
def test_a_steered_dig_in_batches_makes_the_one_at_a_time_digs_puzzle(monkeypatch, symmetry):
    from generator import dig as digging

    for seed in range(6):
        solution = fill(seed)
        made = {}
        for batch in (1, digging.FIRST_BATCH):  # 1: no batch, the dig a cell at a time
            monkeypatch.setattr(digging, "FIRST_BATCH", batch)
            removed: list[tuple[int, ...]] = []
            puzzle = dig(solution, None, rng=random.Random(seed), order="random", symmetry=symmetry, removed=removed)
            made[batch] = (puzzle, removed)
        assert made[1] == made[digging.FIRST_BATCH]
        puzzle = made[1][0]
        for cell in range(41 if symmetry else 81):  # minimal: every given left is needed
            if puzzle[cell]:
                trial = list(puzzle)
                for given in (cell, 80 - cell) if symmetry else (cell,):  # a pair, with symmetry
                    trial[given] = 0
                assert count_solutions(trial, 2) == 2


def test_generate_without_uniqueness_never_needs_a_uniqueness_technique():
    from solver.techniques import technique

    made = generate(Level.HARD, 4, uniqueness=False)
    assert made.grade.level == Level.HARD
    assert not any(technique(name).uniqueness for name in made.grade.techniques)


def test_generate_is_reproducible_from_its_seed():
    assert generate(Level.MEDIUM, 42).puzzle == generate(Level.MEDIUM, 42).puzzle


def test_generate_reports_rising_progress_ending_at_one():
    seen: list[float] = []
    generate(Level.EASY, 3, progress=seen.append)
    assert seen and seen[-1] == 1.0
    assert seen == sorted(seen)


def statuses(level: Level, seed: int) -> tuple[list, object]:
    """Every GenerationStatus ``generate(level, seed)`` tells, and its result."""
    told: list = []
    made = generate(level, seed, status=told.append)
    return told, made


@pytest.mark.parametrize("level, seed", [(Level.HARD, 1), (Level.MASTER, 9)])
def test_generate_tells_each_stage_of_each_grid_and_changes_nothing_by_telling(level, seed):
    told, made = statuses(level, seed)  # Hard seed 1 at its 7th grid, Master seed 9 at its 6th (19 moves)
    assert made.puzzle == generate(level, seed).puzzle
    grids = [s for s in told if not s.move]
    assert [(s.grid, s.stage) for s in grids] == [
        (grid, stage) for grid in range(1, made.attempts + 1) for stage in STAGES
    ]
    assert all(s.grids_per_puzzle == GRIDS_PER_PUZZLE[level] for s in told)
    assert [s.seconds for s in told] == sorted(s.seconds for s in told)
    for filling, digging, checking in zip(grids[::3], grids[1::3], grids[2::3]):
        assert filling.values == () and 0 not in digging.values  # the fill is whole
        assert all(v in (0, digging.values[c]) for c, v in enumerate(checking.values))  # dug from it
        assert count_solutions(list(checking.values)) == 1  # the dig keeps one solution
    # Master walks from near misses: each moved puzzle is told as it is checked, after its
    # grid's own check, dug from the same fill and with one solution
    moved = [s for s in told if s.move]
    assert bool(moved) == (level == Level.MASTER) and len(moved) <= made.moves
    fill: tuple[int, ...] = ()
    last = (0, 0)
    for status in told:
        if status.stage == "digging":
            fill = status.values
        if status.move:
            assert status.stage == CHECKING and (status.grid, status.move) > last
            assert all(v in (0, fill[c]) for c, v in enumerate(status.values))
            assert count_solutions(list(status.values)) == 1
        last = (status.grid, status.move)
    assert told[-1].values == made.puzzle  # the accepted puzzle is the one checked last


def test_each_grid_turned_down_is_told_with_its_true_reason():
    told, _made = statuses(Level.MASTER, 1)
    checked = [s for s in told if s.stage == CHECKING and not s.move]  # each grid's own dig
    assert told[0].rejected == "" and told[0].turned_down == ()
    reasons = {"too easy: Hard techniques solve it": Level.HARD, "too easy: Expert techniques solve it": Level.EXPERT}
    seen = set()
    for before, after in itertools.pairwise(checked):
        reason = after.rejected  # why the grid checked in ``before`` was turned down
        assert reason in reasons, reason
        seen.add(reason)
        assert solvable_within(before.values, reasons[reason])
        if reasons[reason] == Level.EXPERT:
            assert not solvable_within(before.values, Level.HARD)  # the cheaper check let it through
        assert sum(count for _, count in after.turned_down) == after.grid - 1
    assert seen == set(reasons)  # seed 1 is turned down for both
    assert dict(checked[-1].turned_down) == {r: sum(1 for s in checked[1:] if s.rejected == r) for r in seen}


def test_generate_can_be_cancelled():
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 5

    with pytest.raises(GenerationCancelled):
        generate(Level.HARD, 1, cancel=cancel)


def watched_cancel(fire_at: int | None = None):
    """A cancel callable that records, for each call, the names of the functions on the stack
    (a set), and turns true from call ``fire_at`` on (never when None); and the list of calls.

    The walks skip, without polling, the techniques recorded as finding nothing at a position
    (``solver.human.quiet_at``), so the record is emptied first: every watched run polls as a
    run in a fresh process does, whatever ran before it."""
    forget_quiet()
    stacks: list[set[str]] = []

    def cancel() -> bool:
        stacks.append({frame.f_code.co_name for frame, _ in traceback.walk_stack(None)})
        return fire_at is not None and len(stacks) >= fire_at

    return stacks, cancel


@pytest.mark.parametrize("level", [Level.EXPERT, Level.MASTER])
def test_steered_generation_polls_cancel_in_its_level_checks_and_stops_at_the_first_true(level):
    stacks, never = watched_cancel()
    assert generate(level, 1, cancel=never).puzzle == generate(level, 1).puzzle  # polling changes nothing
    check = "solvable_within" if level == Level.EXPERT else "walk_in_bulk"  # Master's: in bulk rounds
    checks = [call for call, names in enumerate(stacks, 1) if check in names]
    assert checks, "the level checks never polled cancel"
    last = len(stacks)
    grading = [call for call, names in enumerate(stacks, 1) if "grade" in names]
    assert grading and grading[-1] == last  # the accepted puzzle's grade polls to the end
    rating = next(call for call, names in enumerate(stacks, 1) if "next_hint" in names)  # its SE path
    firsts = [checks[0], checks[-1], grading[0], rating, last]
    if level == Level.EXPERT:  # and the binary search along the dig's removals
        firsts.append(next(call for call, names in enumerate(stacks, 1) if "last_within" in names))
    for fire_at in firsts:
        stacks, cancel = watched_cancel(fire_at)
        with pytest.raises(GenerationCancelled):
            generate(level, 1, cancel=cancel)
        assert len(stacks) == fire_at  # raised at the first true poll: nothing ran after it


def test_generate_gives_up_clearly_when_the_blank_cap_makes_the_level_impossible():
    with pytest.raises(GenerationError, match="at most 5 blanks"):
        generate(Level.HARD, 1, max_blanks=5, max_attempts=3)


def test_generate_refuses_negative_seeds_which_would_repeat_positive_ones():
    with pytest.raises(ValueError, match="0 or more"):
        generate(Level.EASY, -3)


def test_generate_refuses_beyond():
    with pytest.raises(ValueError):
        generate(Level.BEYOND, 1)


def test_a_master_request_has_its_own_fill_limit(monkeypatch):
    # Master is rare, so its requests may try more fills than the other levels' 500
    # (seed 4 finds its Master at fill 4, walking 35 moves from near misses)
    import importlib

    gen = importlib.import_module("generator.generate")  # the module, not the function
    made = generate(Level.MASTER, 4, full_grade=False)
    assert made.attempts == 4 and made.level == Level.MASTER
    monkeypatch.setattr(gen, "DEFAULT_MAX_ATTEMPTS", 1)
    assert generate(Level.MASTER, 4, full_grade=False).puzzle == made.puzzle
    monkeypatch.setattr(gen, "MASTER_MAX_ATTEMPTS", 3)
    with pytest.raises(GenerationError, match="no Master puzzle in 3 attempts"):
        generate(Level.MASTER, 4, full_grade=False)


@pytest.mark.parametrize("option", [{"symmetry": True}, {"max_blanks": 55}])
def test_a_master_keeps_the_symmetry_and_the_blanks_asked_for(option):
    """Master walks near misses on by moving one given at a time, then digs to a minimal puzzle:
    that broke the 180-degree pairs and went past the blanks allowed (seed 1: 57 of 55). A walk
    is now taken only where it keeps both."""
    made = generate(Level.MASTER, 1, **option)
    puzzle = made.puzzle
    assert made.level == Level.MASTER and count_solutions(puzzle) == 1
    if "symmetry" in option:
        assert all(bool(puzzle[c]) == bool(puzzle[80 - c]) for c in range(81))
    else:
        assert puzzle.count(0) <= option["max_blanks"]
