"""`solve --steps` and `rate` start from a pencil-mark grid's candidates (HoDoKu's pm grid), not
from the givens alone; marks that leave out the solution are reported, naming the cell."""

from __future__ import annotations

import json

import pytest

from cli import commands
from puzzle_io.formats import PuzzleRecord, format_puzzle
from solver.errors import NoSolutionError
from solver.exact import solve_unique
from solver.grading import grade, with_marks
from solver.grid import BIT, Grid, parse_values

# its first step beyond singles is Locked Candidates Type 1 (Pointing): r1c6 <> 8
PUZZLE = "...1..79.6......8.7.2.4.....8.3..1.2..3.6.........2..5.6.91....3.....54...5..4..."
R1C6 = 5


def pm_file(tmp_path, candidates):
    path = tmp_path / "marks.txt"
    path.write_text(format_puzzle(PuzzleRecord(parse_values(PUZZLE), candidates=candidates), "hodoku"))
    return path


def run(argv):
    import io

    out = io.StringIO()
    return commands.main(argv, out=out), out.getvalue()


def test_steps_start_from_the_marks(tmp_path):
    basic = Grid.parse(PUZZLE).candidates
    plain_code, plain = run(["solve", "--steps", "--from", "hodoku", str(pm_file(tmp_path, basic))])
    assert plain_code == 0 and "r1c6<>8" in plain.replace(" ", "")  # the pointing step, from the basic rule
    marks = list(basic)
    marks[R1C6] &= ~BIT[8]
    code, text = run(["solve", "--steps", "--from", "hodoku", str(pm_file(tmp_path, marks))])
    assert code == 0 and "r1c6<>8" not in text.replace(" ", "")  # already gone from the marks
    assert text.splitlines()[0] == plain.splitlines()[0]  # the same solution


def test_marks_that_rule_out_the_solution_are_reported_by_cell(tmp_path):
    solution = solve_unique(parse_values(PUZZLE))
    marks = list(Grid.parse(PUZZLE).candidates)
    marks[R1C6] &= ~BIT[solution[R1C6]]
    path = pm_file(tmp_path, marks)
    code, text = run(["solve", "--steps", "--from", "hodoku", str(path)])
    assert code == 1 and f"r1c6 must be {solution[R1C6]}" in text
    code, text = run(["rate", "--json", "--from", "hodoku", str(path)])
    assert code == 1 and f"r1c6 must be {solution[R1C6]}" in json.loads(text)["error"]


def test_rating_from_marks_grades_what_is_left():
    """With the marks of the position after its pointing step, the grade no longer needs it."""
    grid = Grid.parse(PUZZLE)
    marks = list(grid.candidates)
    marks[R1C6] &= ~BIT[8]
    plain, marked = grade(PUZZLE), grade(PUZZLE, marks=marks)
    assert "Locked Candidates Type 1 (Pointing)" in plain.techniques
    assert (
        marked.techniques.get("Locked Candidates Type 1 (Pointing)", 0)
        < plain.techniques["Locked Candidates Type 1 (Pointing)"]
    )


def test_with_marks_keeps_the_basic_rule_and_refuses_bad_masks():
    grid = Grid.parse(PUZZLE)
    solution = solve_unique(grid.values)
    marked = with_marks(grid, [0x1FF] * 81, solution)
    assert marked.candidates == grid.candidates  # marks never add what the givens rule out
    with pytest.raises(ValueError, match="81 masks"):
        with_marks(grid, [0x1FF] * 80, solution)
    broken = [0x1FF] * 81
    broken[R1C6] = BIT[solution[R1C6] % 9 + 1]
    with pytest.raises(NoSolutionError, match="r1c6 must be"):
        with_marks(grid, broken, solution)
