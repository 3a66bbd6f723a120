"""Grading: level and score (HoDoKu's order), HoDoKu's level rule, the SE estimate, the depth.

Levels are compared with HoDoKu 2.2.0's on the QQWing puzzle sets (hodoku/qqwing_*.hodoku220.csv)
on a sample of each file; the whole comparison (a confusion matrix per set) is the slow test in
test_calibration.py and the table in docs/benchmarks.md.
"""

from __future__ import annotations

from collections import Counter

import pytest

from solver.errors import MultipleSolutionsError, NoSolutionError, PuzzleFormatError
from solver.grading import grade, hodoku_level, level_of, path_level
from solver.grid import Grid, parse_values
from solver.levels import Level
from solver.techniques import TECHNIQUES, technique
from solver.walks import hardest_level
from tests.conftest import data_file, data_puzzles

# A QQWing "simple" puzzle (HoDoKu: EASY), and its solution.
SIMPLE = "080470003000050016040000050000300700000000004320001065803040002000000000010503000"
SOLVED = "185476293237958416946132857598364721671295384324781965853649172462817539719523648"


# An Expert puzzle whose path takes an AIC before a Discontinuous Nice Loop: one technique, two
# step names tied in HoDoKu's order, so the hardest is the one taken first.
TIED_NAMES = "030500000209000003000007006000005800004000000900063205503700040000002030010040900"


def hodoku_rows(level_file: str, limit: int) -> list[tuple[str, str]]:
    """(puzzle, HoDoKu level) pairs from hodoku/qqwing_<level_file>.hodoku220.csv."""
    rows = []
    with data_file(f"hodoku/qqwing_{level_file}.hodoku220.csv").open() as handle:
        next(handle)
        for line in handle:
            puzzle, level = line.split(",")[:2]
            rows.append((puzzle, level))
            if len(rows) >= limit:
                break
    return rows


def test_grade_of_a_simple_puzzle():
    result = grade(SIMPLE)
    assert result.solved and result.level is Level.EASY and result.hodoku_level is Level.EASY
    assert result.hardest in {"Full House", "Naked Single", "Hidden Single"}
    assert result.steps == sum(result.techniques.values()) == SIMPLE.count("0")
    assert result.score == sum(technique(n).score * k for n, k in result.techniques.items())
    order = [name for t in TECHNIQUES for name in t.names]
    assert list(result.techniques) == [name for name in order if name in result.techniques]
    assert 0 < result.layers <= result.steps
    assert result.se in (1.0, 1.2, 1.5, 2.3)
    assert grade(Grid.parse(SIMPLE)) == grade([int(ch) for ch in SIMPLE]) == result


def test_a_puzzle_the_techniques_cannot_finish_is_graded_beyond(monkeypatch):
    """Never guessed: when the solve path stops short (here: only singles allowed, on a puzzle
    that needs more), the grade is BEYOND, unsolved, and says which technique went furthest."""
    import solver.grading as grading
    from solver import human
    from solver.techniques import techniques_up_to

    easy = techniques_up_to(Level.EASY, True)
    monkeypatch.setattr(grading, "PathWalk", lambda grid, techniques, cancel=None: human.PathWalk(grid, easy, cancel))
    needs_more = ".3.5..2......7..46.9.....3..76..95.......53...1.......9..2........14.82.2.7.....4"  # Hard
    result = grade(needs_more)
    assert not result.solved and result.level is Level.BEYOND and result.hodoku_level is Level.BEYOND
    assert result.hardest in {"Full House", "Naked Single", "Hidden Single"}


def test_grade_of_a_solved_grid():
    done = grade(SOLVED)
    assert (done.level, done.hardest, done.steps, done.layers, done.score, done.se) == (Level.EASY, None, 0, 0, 0, 0.0)


def test_grade_raises_the_right_errors():
    with pytest.raises(PuzzleFormatError):
        grade("123")
    with pytest.raises(PuzzleFormatError, match="two 1s in row 1"):
        grade("11" + "." * 79)
    with pytest.raises(NoSolutionError):
        grade("12345678." + "........9" + "." * 63)
    with pytest.raises(MultipleSolutionsError):
        grade("." * 81)
    # SOLVED with a deadly rectangle blanked: r1c3/r1c5/r2c3/r2c5 can hold 5,7 or 7,5
    with pytest.raises(MultipleSolutionsError):
        grade("18.4.6293" + "23.9.8416" + SOLVED[18:])


def test_grade_takes_a_walked_solo_path_instead_of_walking_it_again(monkeypatch):
    """The Expert and Master generators hand the accepted puzzle's Solo path (Expert's walked
    within Expert) to ``grade``: the grade is the one ``grade`` gives alone, and the path is not
    walked again."""
    import solver.grading as grading
    from solver.human import solve_path

    values = parse_values(TIED_NAMES)
    alone = grade(values)
    path = solve_path(Grid(values), Level.EXPERT)

    def no_walk(*args, **kwargs):
        raise AssertionError("the Solo path was walked again")

    monkeypatch.setattr(grading, "PathWalk", no_walk)
    assert grade(values, solo_path=path) == alone
    with pytest.raises(ValueError, match="pencil marks"):
        grade(values, solo_path=path, marks=[0x1FF] * 81)
    stalled = solve_path(Grid(values), Level.HARD)  # Hard techniques stall on it
    assert not stalled.solved
    with pytest.raises(ValueError, match="solved"):
        grade(values, solo_path=stalled)


@pytest.mark.parametrize(
    "level, score, expected",
    [
        (Level.EASY, 800, Level.EASY),
        (Level.EASY, 801, Level.MEDIUM),
        (Level.EASY, 1001, Level.HARD),
        (Level.HARD, 1600, Level.HARD),
        (Level.HARD, 1601, Level.EXPERT),
        (Level.HARD, 1801, Level.MASTER),
        (Level.MASTER, 99999, Level.MASTER),
        (Level.BEYOND, 99999, Level.BEYOND),
    ],
)
def test_hodoku_level_raises_the_level_while_the_score_passes_its_cap(level, score, expected):
    assert hodoku_level(level, score) is expected


def test_to_dict_keeps_the_old_fields_and_adds_hodoku_level_and_the_interest_metrics():
    graded = grade(SIMPLE)
    result = graded.to_dict()
    assert set(result) == {
        "level",
        "hardest",
        "score",
        "se",
        "steps",
        "layers",
        "techniques",
        "solved",
        "hodoku_level",
        "se_hardest",
        "se_solved",
        "depth",
        "width_max",
        "width_mean",
        "bottlenecks",
        "interest",
    }
    assert result["level"] == result["hodoku_level"] == "easy"
    assert result["se_solved"] is True
    assert result["depth"] == result["layers"] == len(graded.layer_widths) > 0
    assert result["width_max"] == max(graded.layer_widths)
    assert result["bottlenecks"] == graded.layer_widths.count(1)


def test_uniqueness_off_leaves_out_the_uniqueness_techniques():
    uses = None
    for puzzle, _ in hodoku_rows("expert", 200):
        result = grade(puzzle)
        if any(technique(name).uniqueness for name in result.techniques):
            uses = puzzle
            break
    assert uses is not None, "no puzzle of the sample needs a uniqueness technique"
    without = grade(uses, uniqueness=False)
    assert without.solved
    assert not any(technique(name).uniqueness for name in without.techniques)


# --- agreement with HoDoKu and Sudoku Explainer -----------------------------------------------


@pytest.mark.parametrize(
    "level_file, limit, floor",
    [("simple", 100, 0.98), ("easy", 100, 0.98), ("intermediate", 100, 0.95), ("expert", 40, 0.85)],
)
def test_levels_agree_with_hodoku(level_file, limit, floor):
    rows = hodoku_rows(level_file, limit)
    agree = Counter(grade(puzzle).hodoku_level.hodoku_name == level for puzzle, level in rows)
    assert agree[True] >= floor * len(rows), dict(agree)


def test_se_estimate_on_the_sudoku_exchange_buckets():
    # SE < 1.5 means box Hidden Singles (and Full Houses) only
    for puzzle in data_puzzles("se_rated/bucket_easy_se_below_1.5.txt", 50):
        assert grade(puzzle).se < 1.5, puzzle
    for puzzle in data_puzzles("se_rated/bucket_medium_se_1.5_to_2.4.txt", 50):
        result = grade(puzzle)
        assert 1.5 <= result.se < 2.5 and result.level <= Level.MEDIUM, puzzle


@pytest.mark.slow
def test_the_forums_hardest_finish_by_nested_forcing_nets():
    # Sudoku Explainer rates these 11.0 or more; nets nesting multiple forcing chains finish them
    for puzzle in data_puzzles("forum_hardest_11plus.txt", 1):
        result = grade(puzzle)
        assert result.solved and result.level == Level.MASTER
        assert result.se_solved and result.se >= 10.5
        assert result.se_hardest.endswith("(+ Multiple Forcing Chains)")


def test_the_two_paths_walk_side_by_side_the_one_further_behind_first():
    # grade() walks the Solo path and the SE path together so that both reach a hard position
    # while the searches there are still kept (solver.se.chains.searches_of)
    from solver.grading import _together

    order = []

    class Walk:
        def __init__(self, name, counts):
            self.name, self.counts = name, list(counts)
            self.work = Grid.parse("." * 81)
            self.work.candidates[:] = [0] * 81

        def advance(self):
            if not self.counts:
                return False
            order.append(self.name)
            left = self.counts.pop(0)
            self.work.candidates[:] = [0b111111111] * (left // 9) + [0] * (81 - left // 9)
            return True

    path, se = Walk("path", [700, 500, 300]), Walk("se", [600, 250])
    path.work.candidates[:] = [0b111111111] * 81
    se.work.candidates[:] = [0b111111111] * 80 + [0]
    _together(path, se)
    assert order == ["path", "se", "path", "se", "path"]  # 729, 720, 693, 594, 495 candidates left


@pytest.mark.parametrize(
    "puzzle, expected",
    [
        (SIMPLE, (Level.EASY, "Hidden Single")),  # singles only: their names come from the path
        (TIED_NAMES, (Level.EXPERT, "AIC")),  # tied names: the first taken, as grade says
        # two solutions (SIMPLE's, r1c3 r1c5 r2c3 r2c5 emptied: a deadly pattern of 5s and 7s):
        # not checked for uniqueness, the walk stalls there, Beyond
        ("18.4.629323.9.8416946132857598364721671295384324781965853649172462817539719523648", None),
    ],
)
def test_level_of_names_the_level_and_hardest_step_as_grade_does(puzzle, expected):
    values = parse_values(puzzle)
    if expected is None:
        assert level_of(values)[0] == Level.BEYOND
        return
    full = grade(values)
    assert level_of(values) == (full.level, full.hardest) == expected


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.MASTER])
def test_level_of_agrees_with_grade_on_shipped_puzzles_with_and_without_uniqueness(level):
    from generator.bank import load_bank

    for puzzle in load_bank(None, level)[::500]:
        for uniqueness in (True, False):
            full = grade(puzzle.values, uniqueness=uniqueness)
            assert level_of(puzzle.values, uniqueness=uniqueness) == (full.level, full.hardest)


def test_a_path_within_expert_is_the_whole_solo_path_as_master_techniques_come_last():
    """The Expert generator names a puzzle's level from the walk that solved it within Expert
    (``path_level``): right only while no Master technique comes before another in the order."""
    levels = [t.level for t in TECHNIQUES]
    first_master = levels.index(Level.MASTER)
    assert all(level == Level.MASTER for level in levels[first_master:])
    values = parse_values(TIED_NAMES)
    used: list[str] = []
    assert hardest_level(values, Level.EXPERT, used=used) == Level.EXPERT
    assert path_level(used) == level_of(values) == (Level.EXPERT, "AIC")
    with pytest.raises(ValueError, match="singles"):
        path_level([])
