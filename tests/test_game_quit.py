"""Quitting at any moment leaves no traceback (issue 14 item 5): the game is started as the
player starts it and its window is closed at random moments 0-2 s after start, while the bank
is read on its thread, the worker process starts and the first frames are drawn."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Starts the game (game.window.run, as main.py does) and closes its window after argv[1] seconds.
DRIVER = """
import sys, threading, time
import pygame
from game import window

def close_later(delay):
    time.sleep(delay)
    while True:  # until the display is up to take the event
        try:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            return
        except pygame.error:
            time.sleep(0.005)

threading.Thread(target=close_later, args=(float(sys.argv[1]),), daemon=True).start()
sys.exit(window.run())
"""


def quit_at(delay: float, folder: Path) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SUDOKU_DATA_DIR=str(folder),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return subprocess.run(
        [sys.executable, "-c", DRIVER, f"{delay:.3f}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def check_quits(times: int, seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    for attempt in range(times):
        delay = rng.uniform(0.0, 2.0)
        done = quit_at(delay, tmp_path / f"data-{attempt}")
        assert done.returncode == 0, f"quit at {delay:.3f} s: exit {done.returncode}\n{done.stderr}"
        assert "Traceback" not in done.stderr and "Error" not in done.stderr, f"quit at {delay:.3f} s:\n{done.stderr}"


def test_quitting_at_random_moments_leaves_no_traceback(tmp_path):
    check_quits(8, seed=1, tmp_path=tmp_path)


@pytest.mark.slow
def test_quitting_fifty_times_leaves_no_traceback(tmp_path):
    check_quits(50, seed=2, tmp_path=tmp_path)
