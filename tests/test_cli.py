"""The command line's contract: outputs, JSON fields, exit codes, and bad input without tracebacks."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli import commands
from cli.common import program_name
from solver.grid import Grid, parse_values

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
NO_SOLUTION = "12345678." + "........9" + "." * 63
MULTIPLE = "." * 81


def run(argv, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out = io.StringIO()
    code = commands.main(argv, out=out)
    return code, out.getvalue()


@pytest.fixture
def batch(tmp_path):
    path = tmp_path / "batch.txt"
    path.write_text(
        f"# a comment line\n{EASY}\n\n{EASY[:40]}x{EASY[41:]}\n{EASY[:-1]}\n55{'.' * 79}\n{NO_SOLUTION}\n{MULTIPLE}\n"
    )
    return path


def test_solve_reports_each_puzzle_and_never_stops_the_batch(batch):
    code, out = run(["solve", str(batch)])
    assert out.splitlines() == [
        EASY_SOLUTION,
        "invalid: bad character 'x' at position 41 (r5c5)",
        "invalid: expected 81 cells, got 80",
        "invalid: two 5s in row 1",
        "no solution",
        "multiple solutions",
    ]
    assert code == 1


def test_solve_exits_zero_when_all_unique(tmp_path, monkeypatch):
    code, out = run(["solve", "-"], stdin=f"{EASY}\n", monkeypatch=monkeypatch)
    assert (code, out) == (0, EASY_SOLUTION + "\n")


@pytest.mark.parametrize("method", ["wave", "wfc"])
def test_solve_json_fields(batch, method):
    _code, out = run(["solve", str(batch), "--json", "--method", method])
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["status"] for r in records] == ["unique", "invalid", "invalid", "invalid", "none", "multiple"]
    assert records[0] == {
        "puzzle": EASY.replace("0", "."),
        "status": "unique",
        "solution": EASY_SOLUTION,
        "error": None,
        "line": 2,
    }
    assert [r["line"] for r in records] == [2, 4, 5, 6, 7, 8]  # the input line of each puzzle
    assert records[1]["error"].startswith("bad character")
    assert records[4]["solution"] is None and records[4]["error"] == "no solution"


def test_solve_steps_are_sound_and_in_standard_notation(monkeypatch):
    code, out = run(["solve", "--steps", "--json"], stdin=EASY, monkeypatch=monkeypatch)
    record = json.loads(out)
    assert code == 0 and record["solved_by_steps"] is True
    solution = parse_values(EASY_SOLUTION)
    placed = set()
    for step in record["steps"]:
        assert set(step) == {"technique", "placements", "eliminations", "text"}
        for text in step["placements"]:
            cell = (int(text[1]) - 1) * 9 + int(text[3]) - 1
            assert solution[cell] == int(text[5:]), step
            placed.add(cell)
        for text in step["eliminations"]:
            cell = (int(text[1]) - 1) * 9 + int(text[3]) - 1
            assert solution[cell] != int(text.split("<>")[1]), step
    assert placed == {c for c, v in enumerate(parse_values(EASY)) if not v}


def test_solve_steps_text_lists_numbered_steps(monkeypatch):
    _code, out = run(["solve", "--steps"], stdin=EASY, monkeypatch=monkeypatch)
    lines = out.splitlines()
    assert lines[0] == EASY_SOLUTION
    assert lines[1].startswith("  1. ") and ": r" in lines[1]


def test_solve_reads_a_nine_line_grid(tmp_path):
    rows = [EASY[r * 9 : (r + 1) * 9] for r in range(9)]
    text = ""
    for r, row in enumerate(rows):
        if r in (3, 6):
            text += "------+-------+------\n"
        text += " | ".join(" ".join(row[i : i + 3]) for i in (0, 3, 6)) + "\n"
    path = tmp_path / "grid.txt"
    path.write_text(text)
    assert run(["solve", str(path)]) == (0, EASY_SOLUTION + "\n")


def test_solve_reads_a_nine_line_grid_with_comments_after_its_rows(tmp_path):
    rows = [EASY[r * 9 : (r + 1) * 9] for r in range(9)]
    path = tmp_path / "grid.txt"
    path.write_text("# from the paper\n" + "\n".join(f"{row}  # row {r + 1}" for r, row in enumerate(rows)) + "\n")
    assert run(["solve", str(path)]) == (0, EASY_SOLUTION + "\n")


def test_rate_gives_level_hardest_score_steps_and_technique_counts(monkeypatch):
    code, out = run(["rate", "--json"], stdin=EASY, monkeypatch=monkeypatch)
    record = json.loads(out)
    assert code == 0
    assert record["level"] == "easy"
    assert record["hardest"] in {"Full House", "Naked Single", "Hidden Single"}
    assert record["steps"] == sum(record["techniques"].values()) == EASY.count("0")
    assert record["score"] > 0


def test_rate_reports_bad_puzzles_and_exits_one(monkeypatch):
    code, out = run(["rate"], stdin=f"{MULTIPLE}\n{EASY}\n", monkeypatch=monkeypatch)
    lines = out.splitlines()
    assert code == 1 and len(lines) == 2
    assert "solution" in lines[0].lower()
    assert lines[1].startswith(EASY.replace("0", ".")) and " easy " in lines[1]


def test_view_prints_a_boxed_grid(monkeypatch):
    code, out = run(["view"], stdin=EASY, monkeypatch=monkeypatch)
    lines = out.splitlines()
    assert code == 0
    assert lines[1] == ". . 3 | . 2 . | 6 . ."
    assert lines[4] == "------+-------+------"
    assert len(lines) == 12


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_gen_lines_are_unique_and_graded_as_asked(level):
    from solver.exact import count_solutions
    from solver.grading import grade

    code, out = run(["gen", "-d", level, "-n", "2", "--seed", "5", "-s"])
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 2
    for line in lines:
        puzzle, solution = line.split()
        assert len(puzzle) == 81 and set(puzzle) <= set(".123456789")
        assert count_solutions(parse_values(puzzle), 2) == 1
        assert grade(puzzle).level.name.lower() == level
        assert all(p in (".", s) for p, s in zip(puzzle, solution))


def test_gen_json_and_output_file(tmp_path):
    target = tmp_path / "out.txt"
    code, out = run(["gen", "-n", "1", "--seed", "3", "--json", "--symmetry", "-o", str(target)])
    record = json.loads(target.read_text())
    assert code == 0 and out == ""
    assert {"puzzle", "solution", "level", "seed", "givens", "ms"} <= set(record)
    assert record["level"] == "easy" and record["seed"] == 3
    assert record["givens"] == 81 - record["puzzle"].count(".")
    puzzle = record["puzzle"]
    assert all((puzzle[c] == ".") == (puzzle[80 - c] == ".") for c in range(81))


def test_gen_is_reproducible():
    assert run(["gen", "--seed", "9"]) == run(["gen", "--seed", "9"])


@pytest.mark.parametrize(
    "argv",
    [
        ["gen", "-d", "impossible"],
        ["gen", "-n", "-1"],
        ["gen", "--max-blanks", "0"],
        ["solve", "--method", "dlx"],
        ["frobnicate"],
    ],
)
def test_usage_errors_exit_two(argv, capsys):
    assert commands.main(argv, out=io.StringIO()) == 2
    assert "usage" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["impossible", "beyond"])
def test_a_level_that_cannot_be_played_is_named_with_the_playable_ones(name, capsys):
    """The grade "beyond" is not a level to make or play: the message lists only the five that
    are (it listed "beyond" among the choices for an unknown name, then refused it)."""
    assert commands.main(["gen", "-d", name], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert f"unknown level '{name}'; choose one of easy, medium, hard, expert, master" in err
    assert "beyond" not in err.split("choose one of")[1]


def test_unreadable_file_exits_two_with_a_message(tmp_path, capsys):
    assert commands.main(["solve", str(tmp_path / "missing.txt")], out=io.StringIO()) == 2
    assert capsys.readouterr().err.startswith("error: cannot read")


def test_no_traceback_reaches_the_user(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe garbage\n" + b"1" * 81 + b"\n")
    for command in (["solve", str(bad)], ["rate", str(bad)], ["view", str(bad)], ["solve", str(tmp_path)]):
        result = subprocess.run(
            [sys.executable, "main.py", *command],
            capture_output=True,
            text=True,
            cwd=Path(__file__).resolve().parents[1],
            timeout=60,
            check=False,
        )
        assert "Traceback" not in result.stderr + result.stdout
        assert result.returncode in (1, 2)


def test_grid_parse_accepts_the_solution_of_the_cli_example():
    assert Grid.parse(EASY_SOLUTION).is_solved()


# --- hostile environments: closed streams, unwritable output, full disks ------------------------


def test_closed_standard_input_is_a_clear_error(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", None)  # what Python sets when started with <&-
    assert commands.main(["solve"], out=io.StringIO()) == 2
    assert capsys.readouterr().err == "error: cannot read standard input: it is closed\n"


@pytest.mark.parametrize("where", ["directory", "missing folder"])
def test_gen_to_an_unwritable_path_is_a_clear_error(tmp_path, capsys, where):
    target = tmp_path if where == "directory" else tmp_path / "missing" / "out.txt"
    assert commands.main(["gen", "--seed", "1", "-o", str(target)], out=io.StringIO()) == 2
    assert capsys.readouterr().err.startswith(f"error: cannot write {target}: ")


def test_gen_that_fails_leaves_an_existing_output_file_untouched(tmp_path, capsys):
    target = tmp_path / "keep.txt"
    target.write_text("my puzzles\n")
    argv = ["gen", "-d", "hard", "--max-blanks", "1", "--seed", "1", "-o", str(target)]
    assert commands.main(argv, out=io.StringIO()) == 1
    assert target.read_text() == "my puzzles\n"
    assert commands.main(["gen", "-n", "0", "-o", str(target)], out=io.StringIO()) == 0
    assert target.read_text() == ""  # a run that succeeds writes exactly its puzzles


class FullDisk(io.StringIO):
    def write(self, text):
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize("argv", [["gen", "--seed", "1"], ["solve", "-"], ["view", "-"]])
def test_a_failing_write_is_a_clear_error(argv, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(EASY + "\n"))
    assert commands.main(argv, out=FullDisk()) == 2
    assert capsys.readouterr().err == "error: cannot write the output: No space left on device\n"


def test_closed_standard_output_is_a_clear_error(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(EASY + "\n"))
    monkeypatch.setattr(sys, "stdout", None)  # started with >&-
    assert commands.main(["view"]) == 2
    assert capsys.readouterr().err == "error: cannot write the output: standard output is closed\n"


def test_negative_seeds_are_refused_because_they_repeat_positive_ones(capsys):
    # random.Random(-1) is random.Random(1): "-n 3 --seed -1" would make the same puzzle twice
    assert commands.main(["gen", "-n", "3", "--seed", "-1"], out=io.StringIO()) == 2
    assert "--seed: expected 0 or more, got -1" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # parsed only: main() would open the game
        commands.build_parser().parse_args(["play", "--seed", "-1"])


def test_a_bad_character_the_output_encoding_lacks_is_escaped_not_a_crash(monkeypatch):
    # a Windows console or a redirected file may be cp1252 or ASCII; the puzzle may be anything
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdin", io.StringIO("\u0661" * 81 + "\n"))
    monkeypatch.setattr(sys, "stdout", stdout)
    assert commands.main(["solve"]) == 1
    stdout.flush()
    assert stdout.buffer.getvalue() == b"invalid: bad character '\\u0661' at position 1 (r1c1)\n"


@pytest.mark.parametrize("argv", [["solve", "--bogus"], ["gen", "-x"], ["rate", "-", "extra.txt"]])
def test_an_argument_a_command_does_not_know_gets_that_command_s_usage(argv, capsys):
    """Not the program's (``usage: main.py [-h] COMMAND ...``), which lists no option of the
    command that was asked for."""
    assert commands.main(argv, out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: {program_name()} {argv[0]} [-h]")
    assert f"{program_name()} {argv[0]}: error: unrecognized arguments: {argv[-1]}" in err


@pytest.mark.parametrize("command", ["solve", "rate", "view"])
def test_solve_rate_and_view_write_to_a_file_with_o(command, tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    code, out = run([command, "-", "-o", str(target)], stdin=f"{EASY}\n", monkeypatch=monkeypatch)
    assert code == 0 and out == ""
    assert target.read_text() == run([command, "-"], stdin=f"{EASY}\n", monkeypatch=monkeypatch)[1]
