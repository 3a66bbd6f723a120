"""Our solve path takes the step HoDoKu 2.2 takes where several tie, so scores equal HoDoKu's.

The expected paths are HoDoKu 2.2's own (``hodoku.jar /bs FILE /vp``): which single it takes
when several fire (``SinglesQueue``), and which subset or Locked Candidates step it finds first.
"""

from __future__ import annotations

import pytest

from solver.grid import Grid, parse_values
from solver.human import ALL_LEVELS, solve_path
from solver.step import placement_text
from solver.techniques import technique
from solver.techniques.singles import SinglesQueue
from tests.conftest import data_file

# QQWing "easy" #1: HoDoKu 2.2 rates it Easy (298); its path starts with these singles.
EASY = "080470003000050016040000050000300700000000004320001065803040002000000000010503000"
EASY_HODOKU_START = [
    "Hidden Single: r2c7=4",
    "Hidden Single: r3c9=7",
    "Hidden Single: r2c2=3",
    "Hidden Single: r6c3=4",
    "Hidden Single: r4c6=4",
    "Hidden Single: r3c5=3",
    "Hidden Single: r3c7=8",
    "Naked Single: r6c7=9",
    "Naked Single: r1c7=2",
    "Full House: r1c8=9",
    "Naked Single: r6c5=8",
    "Full House: r6c4=7",
]

# A QQWing "intermediate" puzzle: HoDoKu 2.2 rates it Medium (536) with these steps besides singles.
MEDIUM = "000100000020000000050700083800370902074000010000800305900000050000200790400950201"
MEDIUM_HODOKU_STEPS = [
    ("Locked Pair", {"r2c9<>4", "r7c7<>4"}),
    ("Locked Candidates Type 1 (Pointing)", {"r8c3<>3"}),
    ("Locked Candidates Type 1 (Pointing)", {"r8c3<>8"}),
    ("Locked Candidates Type 1 (Pointing)", {"r5c4<>6", "r5c5<>6", "r5c6<>6"}),
]


def _score(puzzle: str) -> int:
    return sum(technique(step.technique).score for step in solve_path(Grid.parse(puzzle), ALL_LEVELS).steps)


def test_the_path_takes_the_single_hodoku_takes_not_the_lowest_cell():
    steps = solve_path(Grid.parse(EASY), ALL_LEVELS).steps
    assert [f"{s.technique}: {placement_text(s.placements[0])}" for s in steps[:12]] == EASY_HODOKU_START
    assert sum(technique(s.technique).score for s in steps) == 298


def test_the_path_takes_the_locked_pair_and_pointing_steps_hodoku_takes():
    steps = [s for s in solve_path(Grid.parse(MEDIUM), ALL_LEVELS).steps if s.eliminations]
    assert [(s.technique, {str(e) for e in s.to_dict()["eliminations"]}) for s in steps] == MEDIUM_HODOKU_STEPS
    assert _score(MEDIUM) == 536


def test_full_house_reads_the_queue_and_naked_single_takes_from_it():
    grid = Grid(parse_values(EASY))
    queue = SinglesQueue(grid)
    for step in solve_path(grid, ALL_LEVELS).steps[:9]:  # up to HoDoKu's "Naked Single: r1c7=2"
        queue.apply(step, grid)
    before = list(queue.naked)
    full_house = queue.full_house(grid)
    assert str(full_house) == "Full House: r1c8=9" and list(queue.naked) == before  # read only
    queue.apply(full_house, grid)
    assert str(queue.naked_single(grid)) == "Naked Single: r6c5=8"
    assert len(queue.naked) < len(before)  # taken off the front, with the stale entries before it


@pytest.mark.parametrize("level_file", ["simple", "easy", "intermediate"])
def test_scores_equal_hodoku_on_the_first_100_puzzles_of_each_easy_qqwing_set(level_file):
    with data_file(f"hodoku/qqwing_{level_file}.hodoku220.csv").open() as handle:
        next(handle)
        rows = [line.split(",")[:3] for _, line in zip(range(100), handle)]
    misses = [(puzzle, score, _score(puzzle)) for puzzle, _, score in rows if _score(puzzle) != int(score)]
    assert not misses, misses[:3]


# QQWing "expert" puzzles where several steps of one technique fire and HoDoKu 2.2 does not take
# the shortest chain or the first pattern in cell order: (puzzle, index of the step in the path,
# HoDoKu's step there, HoDoKu's score of the whole puzzle). All steps before it are HoDoKu's too.
TIES = [
    # the shortest XY-Chain removes 2 candidates (r5c9, r9c4); HoDoKu's, 5 cells long, removes 3
    (
        "059000000006000000700150008000000000067085100803200009200030016001807300090000700",
        18,
        ("XY-Chain", {"r6c6<>4", "r7c4<>4", "r9c4<>4"}),
        1720,
    ),
    # a 5-link Discontinuous Nice Loop removes 1 candidate; HoDoKu's 9-link AIC removes 3
    (
        "010050900030008700500060020001000007090080260002035100006009000900006080070000000",
        10,
        ("AIC", {"r2c5<>9", "r4c4<>9", "r6c4<>9"}),
        8924,
    ),
    # HoDoKu's first W-Wing in cell order (r3c6 and r7c8), not the one removing most
    (
        "000005001050000026000200000060008009000050600400970000001009508704000000000061400",
        15,
        ("W-Wing", {"r3c8<>7"}),
        1492,
    ),
    # HoDoKu's first Skyscraper with its links in rows, before any in columns
    (
        "000042190000100006006050000000000000000030059050800620005900080802001003901403060",
        14,
        ("Skyscraper", {"r2c3<>9", "r4c2<>9"}),
        2876,
    ),
    # HoDoKu's first XY-Wing by its lowest cell (r3c6), not by its pivot
    (
        "000579000007004059000000000670020000005060000104008000200006004001000200008090706",
        25,
        ("XY-Wing", {"r2c5<>1", "r3c5<>1"}),
        1108,
    ),
    # HoDoKu's first Sue de Coq in its search (column 6 and box 5), not the one removing most
    (
        "001000057097000208000800010100090000532071000009000005700000006020000980000008501",
        36,
        ("Sue de Coq", {"r1c6<>9", "r4c4<>3"}),
        1670,
    ),
    # two Turbot Fish remove one candidate each; HoDoKu's has the lower index sum (r1c7, not r2c7)
    (
        "306000000800000020052104600601080070000200100000000000120070080573000041000000300",
        17,
        ("Turbot Fish", {"r1c7<>9"}),
        None,
    ),
]


@pytest.mark.parametrize("puzzle, index, expected, score", TIES)
def test_the_path_takes_the_step_hodoku_takes_where_several_tie(puzzle, index, expected, score):
    steps = solve_path(Grid.parse(puzzle), ALL_LEVELS).steps
    step = steps[index]
    assert (step.technique, set(step.to_dict()["eliminations"])) == expected
    if score is not None:  # None: the path parts from HoDoKu's later, at an ALS step
        assert sum(technique(s.technique).score for s in steps) == score


# A Master made by `gen` (seed 10 of the twelfth session's `--only gen`): HoDoKu 2.2 rates it
# Extreme (4950) with these steps besides singles (its /vp path; names as ours spell them). It
# checks HoDoKu's choices among its forcing chains (placements first), ALS steps (its list of
# sets) and loops (the chain its table holds), and its Avoidable Rectangle rule (a bivalue open
# corner; ours took an Avoidable Rectangle Type 1 before step 14 that HoDoKu never makes).
MASTER = "000908020800000006050060010008009405000080061100002000064000000000000070010230009"
MASTER_HODOKU_STEPS = [
    "Locked Pair: r9c6<>5 r9c6<>7 r7c1<>7 r8c1<>5 r8c3<>5",
    "Locked Candidates Type 1 (Pointing): r8c4<>6",
    "Locked Candidates Type 1 (Pointing): r6c2<>7 r6c3<>7 r6c4<>7 r6c5<>7",
    "Locked Candidates Type 1 (Pointing): r6c2<>9 r6c3<>9",
    "Continuous Nice Loop: r1c3<>3 r1c3<>7 r4c4<>7 r7c5<>1 r8c5<>1",
    "Discontinuous Nice Loop: r2c3<>7",
    "Discontinuous Nice Loop: r3c9<>4",
    "ALS-XZ: r2c4<>4 r2c6<>4",
    "Sashimi Swordfish: r5c6<>4",
    "ALS-XY-Wing: r1c7<>3",
    "Forcing Chain Contradiction: r9c1=5",
    "Discontinuous Nice Loop: r5c3<>3",
    "Forcing Chain Contradiction: r5c3=5",
    "Discontinuous Nice Loop: r2c6<>3",
    "Discontinuous Nice Loop: r2c6<>7",
    "Discontinuous Nice Loop: r5c2<>3",
    "Grouped Discontinuous Nice Loop: r1c1<>3",
    "AIC: r8c4<>4 r8c5<>4 r8c6<>4 r9c8<>4",
]


def test_a_masters_whole_path_is_hodokus():
    steps = solve_path(Grid.parse(MASTER), ALL_LEVELS).steps
    above_singles = [s for s in steps if s.technique not in ("Full House", "Naked Single", "Hidden Single")]
    assert [f"{s.technique}: {' '.join(s.notation())}" for s in above_singles] == MASTER_HODOKU_STEPS
    assert _score(MASTER) == 4950
