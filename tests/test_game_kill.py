"""A killed game loses at most the last move, even with every core busy (issue 14 item 3): the
position is written in the frame of each move (game.savegame.write_position) while the full save
follows on the writer thread. A game process moving at 60 moves a second, beside one busy process
per core, is killed with SIGKILL at a random moment; the next start restores every move it had
shown, and removes the temporary files it left."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.profile import Profile

ROOT = Path(__file__).resolve().parents[1]

# Plays moves (an entry in the next empty cell, then its removal, on and on) at 60 a second and
# prints how many it has made after each one is saved as the game saves it.
PLAYER = """
import sys, time
from game.profile import Profile
from game.session import Game
from tests.gameplay import make_puzzle

profile = Profile(sys.argv[1])
profile.load()
game = Game(make_puzzle())
game.resume()
empty = [c for c in range(81) if not game.puzzle.givens[c]]
moves = 0
while True:
    cell = empty[moves % len(empty)]
    game.select([cell])
    game.input_digit(1 + moves % 9)
    moves += 1
    profile.autosave(game)
    print(moves, flush=True)  # the frame that shows the move comes after this
    time.sleep(1 / 60)
"""

BUSY = "while True: pass"


def moves_of(game) -> int:
    """How many moves the restored game holds: its undo steps (each move is one)."""
    return len(game.undo_stack)


def kill_and_check(times: int, seed: int, tmp_path: Path) -> list[int]:
    rng = random.Random(seed)
    burners = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(os.cpu_count() or 2)]
    lost = []
    try:
        for attempt in range(times):
            folder = tmp_path / f"data-{attempt}"
            player = subprocess.Popen(
                [sys.executable, "-c", PLAYER, str(folder)],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                text=True,
                env=dict(os.environ, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1"),
            )
            shown, deadline = 0, time.monotonic() + rng.uniform(0.3, 1.5)
            while time.monotonic() < deadline:
                line = player.stdout.readline()
                if not line:
                    break
                shown = int(line) if line.strip().isdigit() else shown
            os.kill(player.pid, signal.SIGKILL)
            player.wait()
            for line in player.stdout:  # shown before the kill landed
                shown = int(line) if line.strip().isdigit() else shown
            profile = Profile(folder)
            game = profile.load()
            assert game is not None, f"attempt {attempt}: no saved game after {shown} moves"
            lost.append(shown - moves_of(game))
            assert not list(folder.glob(".*.tmp")), "a temporary file was left behind"
            profile.close(None)
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    return lost


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_game_loses_at_most_the_last_move_under_load(tmp_path):
    lost = kill_and_check(10, seed=1, tmp_path=tmp_path)
    assert max(lost) <= 1, lost


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_fifty_kills_under_load(tmp_path):
    lost = kill_and_check(50, seed=2, tmp_path=tmp_path)
    assert max(lost) <= 1, lost
