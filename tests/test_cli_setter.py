"""The setter's commands: optimize (the Linjat optimizer) and bank build / check / stats, their
output, exit codes and files."""

from __future__ import annotations

import io
import json

import pytest

from cli import commands
from generator.bank_format import bank_path
from solver.exact import count_solutions
from solver.grading import grade
from solver.grid import parse_values
from solver.levels import Level


def run(argv):
    out = io.StringIO()
    return commands.main(argv, out=out), out.getvalue()


def test_optimize_prints_the_pool_most_interesting_first_each_unique_and_exactly_the_level(capsys):
    code, out = run(["optimize", "-d", "medium", "--iterations", "6", "--pool", "3", "--seed", "2", "--json"])
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(records) == 3
    assert [r["interest"] for r in records] == sorted((r["interest"] for r in records), reverse=True)
    for record in records:
        assert {
            "puzzle",
            "solution",
            "level",
            "se",
            "depth",
            "width_max",
            "width_mean",
            "bottlenecks",
            "interest",
        } <= set(record)
        assert count_solutions(parse_values(record["puzzle"]), 2) == 1
        graded = grade(record["puzzle"])
        assert graded.level == Level.MEDIUM == Level.parse(record["level"])
        assert round(graded.interest().score, 2) == record["interest"]
    err = capsys.readouterr().err
    assert "6 iterations" in err and "best interest" in err and "Traceback" not in err


def test_optimize_lines_are_reproducible_from_the_seed():
    argv = ["optimize", "-d", "easy", "--iterations", "4", "--pool", "2", "--seed", "7"]
    first = run(argv)
    assert first == run(argv)
    assert first[0] == 0 and len(first[1].splitlines()) == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["optimize"],
        ["optimize", "-d", "beyond"],
        ["optimize", "-d", "easy", "--pool", "0"],
        ["bank"],
        ["bank", "build", "--per-level", "0"],
        ["bank", "build", "--levels", "x"],
    ],
)
def test_setter_usage_errors_exit_two(argv, capsys):
    assert commands.main(argv, out=io.StringIO()) == 2
    assert "usage" in capsys.readouterr().err


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bank")
    code, out = run(
        [
            "bank",
            "build",
            "-o",
            str(folder),
            "--per-level",
            "2",
            "--levels",
            "easy,medium",
            "--jobs",
            "1",
            "--seed",
            "4",
        ]
    )
    return folder, code, out


def test_bank_build_writes_each_level_and_says_so(built):
    folder, code, out = built
    assert code == 0
    assert out.splitlines()[0].startswith("easy") and "2 puzzles" in out.splitlines()[0]
    for level in (Level.EASY, Level.MEDIUM):
        data = json.loads(bank_path(folder, level).read_text())
        assert len(data["puzzles"]) == 2 and data["build"]["seed"] == 4


def test_bank_check_exits_zero_on_a_sound_bank_and_one_on_a_fault(built, tmp_path):
    folder, _, _ = built
    code, out = run(["bank", "check", str(folder), "--jobs", "1"])
    assert code == 0 and "4 puzzles: every puzzle is unique" in out
    broken = tmp_path / "broken"
    broken.mkdir()
    for level in (Level.EASY, Level.MEDIUM):
        bank_path(broken, level).write_text(bank_path(folder, level).read_text())
    data = json.loads(bank_path(broken, Level.EASY).read_text())
    data["puzzles"][1]["level"] = "HARD"  # a record that claims another level
    bank_path(broken, Level.EASY).write_text(json.dumps(data))
    code, out = run(["bank", "check", str(broken), "--jobs", "1"])
    assert code == 1 and "fault: easy.json #2" in out and "1 fault(s)" in out


def test_bank_regrade_renews_a_stale_record_and_says_what_changed(built, tmp_path, capsys):
    folder, _, _ = built
    copy = tmp_path / "copy"
    copy.mkdir()
    for level in (Level.EASY, Level.MEDIUM):
        bank_path(copy, level).write_text(bank_path(folder, level).read_text())
    data = json.loads(bank_path(copy, Level.MEDIUM).read_text())
    truth = data["puzzles"][0]["hardest"]
    data["puzzles"][0]["hardest"] = "Swordfish"
    bank_path(copy, Level.MEDIUM).write_text(json.dumps(data))
    code, out = run(["bank", "check", str(copy), "--jobs", "1"])
    assert code == 1 and f"hardest: its hardest step is {truth}, recorded as Swordfish" in out
    code, out = run(["bank", "regrade", str(copy), "--jobs", "1"])
    assert code == 0 and "easy.json    as recorded" in out and "medium.json  renewed: hardest 1" in out
    assert "4 puzzles graded, 1 records renewed" in out
    assert json.loads(bank_path(copy, Level.MEDIUM).read_text())["puzzles"][0]["hardest"] == truth
    assert run(["bank", "check", str(copy), "--jobs", "1"])[0] == 0
    code, _ = run(["bank", "regrade", str(tmp_path / "nonexistent")])
    assert code == 2 and "no bank folder at" in capsys.readouterr().err


def test_bank_check_faults_an_empty_level_and_a_missing_folder_exits_two(built, tmp_path, capsys):
    folder, _, _ = built
    empty = tmp_path / "empty"
    empty.mkdir()
    data = json.loads(bank_path(folder, Level.EASY).read_text())
    data["puzzles"] = []
    bank_path(empty, Level.EASY).write_text(json.dumps(data))
    code, out = run(["bank", "check", str(empty), "--jobs", "1"])
    assert code == 1 and "fault: easy.json: file: no puzzles" in out
    for action in ("check", "stats"):
        code, _ = run(["bank", action, str(tmp_path / "nonexistent")])
        assert code == 2 and "no bank folder at" in capsys.readouterr().err


def test_bank_build_refuses_a_folder_of_another_seed_with_exit_one(built, capsys):
    folder, _, _ = built
    code, _ = run(
        ["bank", "build", "-o", str(folder), "--per-level", "2", "--levels", "easy", "--jobs", "1", "--seed", "5"]
    )
    assert code == 1 and "error: bank build" in capsys.readouterr().err


def test_bank_stats_summarises_each_level(built):
    folder, _, _ = built
    code, out = run(["bank", "stats", str(folder)])
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:3] == ["level", "puzzles", "givens"]
    assert [line.split()[:2] for line in lines[2:]] == [["easy", "2"], ["medium", "2"]]


def test_optimize_asks_for_matplotlib_before_the_run_not_after_it(monkeypatch, capsys):
    import sys

    import generator.optimize

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib... fails

    def never(*args, **kwargs):
        raise AssertionError("the run started")

    monkeypatch.setattr(generator.optimize, "optimize", never)
    assert commands.main(["optimize", "-d", "easy", "--plot", "p.png"], out=io.StringIO()) == 2
    assert "error: --plot p.png: install matplotlib for --plot" in capsys.readouterr().err


def test_an_interrupted_bank_check_says_nothing_of_a_practice_index(monkeypatch, capsys):
    import generator.bank

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(generator.bank, "check_bank", interrupted)
    code = commands.main(["bank", "check"], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 130 and "practice index" not in err and "interrupted" in err


def test_bank_build_into_a_file_names_it(tmp_path, capsys):
    target = tmp_path / "a-file"
    target.write_text("mine")
    assert commands.main(["bank", "build", "--levels", "easy", "--per-level", "1", "-o", str(target)]) == 2
    assert f"error: cannot build a bank in {target}: it is a file, not a folder" in capsys.readouterr().err
    assert target.read_text() == "mine"
