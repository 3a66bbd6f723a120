"""Process-wide settings for processes that run the engine (solver.runtime): the command line
applies them at its start (the game runs through it), never an import."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from solver.runtime import GC_THRESHOLDS, tune_gc

ROOT = Path(__file__).resolve().parents[1]


def test_tune_gc_sets_the_collector_s_thresholds_and_importing_the_engine_does_not():
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        import cli.commands  # noqa: F401  (the command line's module, imported: nothing changes)
        import solver.grading  # noqa: F401

        assert gc.get_threshold() == (700, 10, 10)
        tune_gc()
        assert gc.get_threshold() == GC_THRESHOLDS and GC_THRESHOLDS[0] > 700
    finally:
        gc.set_threshold(*before)


def test_the_command_line_runs_with_the_tuned_collector():
    code = (
        "import gc, sys; from cli import commands;"
        "commands.main = lambda argv=None: print(gc.get_threshold()) or 0;"
        "sys.exit(commands._run())"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(GC_THRESHOLDS)
