"""``rate --se-config``: the Sudoku Explainer technique set of the ``se`` field."""

from __future__ import annotations

import io
import json
import sys

import pytest

from cli import commands
from solver.grading import grade

# serate (SukakuExplainer 1.18.1 defaults) rates it 6.6 by a UVWXYZ-Wing; the bank's set, 6.7
UVWXYZ = "090000060007000200502080301010090050700308009000000000200567008004030900000901000"


def rate_json(argv: list[str], monkeypatch) -> dict:
    monkeypatch.setattr(sys, "stdin", io.StringIO(UVWXYZ + "\n"))
    out = io.StringIO()
    assert commands.main(["rate", "--json", *argv], out=out) == 0
    return json.loads(out.getvalue())


def test_rate_defaults_to_the_banks_configuration(monkeypatch):
    record = rate_json([], monkeypatch)
    assert record["se"] == 6.7 == rate_json(["--se-config", "bank"], monkeypatch)["se"]


def test_rate_se_config_sukaku_adds_the_uvwxyz_wing(monkeypatch):
    record = rate_json(["--se-config", "sukaku"], monkeypatch)
    assert (record["se"], record["se_hardest"]) == (6.6, "UVWXYZ-Wing")


def test_an_unknown_se_config_is_a_usage_error(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(UVWXYZ + "\n"))
    assert commands.main(["rate", "--se-config", "hodoku"], out=io.StringIO()) == 2
    assert "sukaku" in capsys.readouterr().err


def test_grade_refuses_an_unknown_se_config():
    with pytest.raises(ValueError, match="hodoku"):
        grade(UVWXYZ, se_config="hodoku")
