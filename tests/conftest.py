"""Shared test fixtures: the reference puzzle sets in ../shared/data, skipped when absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"


def data_file(name: str) -> Path:
    """The path of a reference file under ../shared/data; skips the test when it is absent."""
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"reference data {name} not found at {path} (../shared/data is absent)")
    return path


def data_puzzles(name: str, limit: int | None = None) -> list[str]:
    """Puzzle strings (81 chars) from a reference file, the first ``limit`` of them."""
    from solver.grid import puzzle_token

    puzzles = []
    with data_file(name).open() as handle:
        for line in handle:
            if name.endswith(".csv") and line.startswith("puzzle,"):
                continue
            token = puzzle_token(line.split(",")[0] if name.endswith(".csv") else line)
            if token:
                puzzles.append(token)
                if limit is not None and len(puzzles) >= limit:
                    break
    return puzzles
