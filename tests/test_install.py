"""What ``pip install .`` gives: a wheel with the packages and the shipped data (never the
tests), and a ``sudoku`` command that is main.py's command line under its own name."""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from cli import common as cli_common

tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11")

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_the_sudoku_command_is_the_command_line():
    module, _, function = PROJECT["project"]["scripts"]["sudoku"].partition(":")
    assert module == "cli.launch"
    assert callable(getattr(importlib.import_module(module), function))


@pytest.mark.parametrize(
    "argv0, name",
    [
        ("/usr/bin/sudoku", "sudoku"),
        ("C:\\env\\Scripts\\sudoku.exe", "sudoku"),
        ("main.py", "main.py"),
        ("/src/main.py", "main.py"),
        ("", "main.py"),
    ],
)
def test_messages_and_usage_name_the_command_as_it_was_started(monkeypatch, argv0, name):
    monkeypatch.setattr(sys, "argv", [argv0.replace("\\", "/")])
    assert cli_common.program_name() == name


def test_usage_says_sudoku_when_started_as_sudoku(monkeypatch, capsys):
    from cli import commands as cli

    monkeypatch.setattr(sys, "argv", ["/venv/bin/sudoku", "--help"])
    assert cli.main() == 0
    assert capsys.readouterr().out.startswith("usage: sudoku ")


def test_the_dependencies_are_those_of_requirements_txt_without_the_test_tools():
    wanted = {
        line.split(">")[0].split("=")[0].strip()
        for line in (ROOT / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    declared = {spec.split(">")[0].split("=")[0].strip() for spec in PROJECT["project"]["dependencies"]}
    tests = {spec.split(">")[0] for spec in PROJECT["project"]["optional-dependencies"]["test"]}
    assert declared | tests == wanted and not declared & tests


def test_the_wheel_carries_the_packages_and_the_shipped_data(tmp_path):
    pytest.importorskip("setuptools", reason="building a wheel here needs setuptools")
    pytest.importorskip("wheel", reason="building a wheel here needs wheel")
    source = tmp_path / "source"  # a copy: a build writes build/ and *.egg-info beside the sources
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", "__pycache__", "*.work.jsonl", "tests", "docs"))
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(source),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    if built.returncode != 0 and "No module named pip" in built.stderr:
        pytest.skip("no pip here")
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {path.relative_to(ROOT).as_posix() for path in (ROOT / "assets" / "bank").glob("*.json")}
    assert len(shipped) == 6 and shipped <= names  # the five levels and the practice index
    assert "assets/examples.txt" in names
    assert {
        "cli/launch.py",
        "game/scenes/play.py",
        "solver/exact.py",
        "generator/generate.py",
        "puzzle_io/batch.py",
    } <= names
    assert not any(name.startswith(("tests/", "docs/")) or name == "main.py" for name in names)
    entry = next(name for name in names if name.endswith("entry_points.txt"))
    assert "sudoku = cli.launch:main" in zipfile.ZipFile(wheel).read(entry).decode()
