"""Shared test fixtures: the reference puzzle sets in ../shared/data (skipped when absent), a
temporary user data folder for every test, the game's window, app and fake generator (helpers
for the game tests are in tests/gameplay.py), and the fish tests' templates oracle
(tests/fish_checks.py)."""

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


# --- persistence: never the real user folder ----------------------------------------------------


@pytest.fixture(autouse=True)
def user_data_dir(tmp_path_factory, monkeypatch) -> Path:
    """Every test's user data folder (``SUDOKU_DATA_DIR``): a fresh, not yet created folder under
    pytest's temporary root, so no test reads or writes the player's real saves."""
    folder = tmp_path_factory.mktemp("user-data") / "sudoku-wfc"
    monkeypatch.setenv("SUDOKU_DATA_DIR", str(folder))
    return folder


# --- the game: a window under SDL's dummy driver, an app on it, a fast generator ----------------


@pytest.fixture
def screen():
    """The game's window (pygame display and fonts up); closed after the test."""
    import pygame

    from game.app import WINDOW_SIZE

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(WINDOW_SIZE)
    yield surface
    pygame.display.quit()


@pytest.fixture
def app(screen):
    """The game (seed 11, a FakeClock) on ``screen``; its jobs are cancelled after the test."""
    from game.app import App
    from tests.gameplay import FakeClock

    application = App(screen, seed=11, clock=FakeClock())
    yield application
    application.jobs.cancel()
    application.jobs.wait(5)


@pytest.fixture
def fake_generate(monkeypatch):
    """A fast stand-in for generator.generate; records (level, seed) per call in ``calls``.
    It finishes at once unless the test clears ``gate`` (then it waits until it is set)."""
    import threading
    from types import SimpleNamespace

    from game import jobs
    from tests.gameplay import generated

    fake = SimpleNamespace(calls=[], gate=threading.Event())
    fake.gate.set()

    def generate_puzzle(level, seed, progress, cancel):
        fake.calls.append((level, seed))
        progress(0.5)
        fake.gate.wait(10)
        return generated(level=level)

    monkeypatch.setattr(jobs, "generate_puzzle", generate_puzzle)
    return fake


# --- fish: the templates oracle -------------------------------------------------------------------


@pytest.fixture(scope="module")
def templates() -> list[int]:
    """Every placement of one digit (tests/fish_checks.py), 46,656 81-bit masks."""
    from tests.fish_checks import digit_templates

    found = digit_templates()
    assert len(found) == 46656
    return found
