"""Measurements for the benchmark (benchmarks/bench.py), on a real app and window (any SDL video
driver; ``SDL_VIDEODRIVER=dummy`` headless): frame times while a puzzle is made and while the
game is saved after every move, the cost of a save, and the time to the first menu frame. The
player's own files are never touched: each run uses a temporary data folder.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import replace
from typing import TYPE_CHECKING, cast

import pygame

from game import savegame, storage
from game.app import FPS, App
from game.pacing import FramePacer
from game.profile import Profile
from game.scenes.base import ListScene
from game.window import _init_pygame, _open_window, _responsive_threads
from game.worker_process import ProcessJobRunner
from solver.levels import Level

if TYPE_CHECKING:
    from game.session import Game


def measure_generation_frames(level: Level, seed: int, max_seconds: float = 30) -> list[float]:
    """Open the app, let it read the bank as a launch does, then make one puzzle of ``level``
    from ``seed`` and time the frames meanwhile.

    Returns the interval between consecutive drawn frames, in milliseconds, for every frame
    drawn while the worker ran (the loop is capped at FPS, so ~16.7 ms is the floor when the
    frame's work fits). Stops after ``max_seconds`` (cancelling the worker). Uses whatever SDL
    video driver is set (``SDL_VIDEODRIVER=dummy`` for a headless run).
    """
    _init_pygame()
    try:
        with _responsive_threads():
            return _measure(level, seed, max_seconds)
    finally:
        pygame.quit()


def _measure(level: Level, seed: int, max_seconds: float) -> list[float]:
    runner = ProcessJobRunner()  # as the game does: started at launch, ready by the first job
    runner.start()
    app = App(_open_window(), seed=seed, profile=Profile(tempfile.mkdtemp(prefix="sudoku-bench-")), jobs=runner)
    app.supply.wait_ready()  # what a launch reads in its first half second, before any choice
    app.goto("generating", level=level, purpose="measure")  # warms the caches, then submits
    pacer = FramePacer(FPS)  # as the game's loop paces its frames
    times: list[float] = []
    start = last = time.perf_counter()
    try:
        while app.jobs.busy and app.running:
            dt = pacer.begin()
            app.frame(pygame.event.get(), dt)
            pacer.present(pygame.display.flip)
            now = time.perf_counter()
            times.append((now - last) * 1000.0)
            last = now
            if now - start > max_seconds:
                break
    finally:
        app.jobs.cancel()
        runner.close()
    return times


def measure_saving(moves: int = 300) -> dict[str, list[float]]:
    """Play ``moves`` moves, one per frame at FPS, on a real app whose profile saves after each
    move, and time: ``frames`` (the interval between frames, ms), ``autosave`` (what a save
    costs the frame loop: the snapshot and the hand-off, ms) and ``write`` (building the JSON
    and writing it atomically on the writer thread, for the final game with its ``moves``-step
    undo history, ms; repeated 20 times)."""
    _init_pygame()
    try:
        with _responsive_threads():
            return _measure_saving(moves)
    finally:
        pygame.quit()


def _measure_saving(moves: int) -> dict[str, list[float]]:
    from game.playstate import Puzzle
    from game.session import Game
    from generator import generate

    folder = tempfile.mkdtemp(prefix="sudoku-bench-")
    profile = Profile(folder)
    app = App(_open_window(), seed=1, profile=profile)
    made = generate(Level.HARD, 1)
    app.start_game(Game(Puzzle.from_generated(made), clock=app.clock))
    app.goto("play", game=app.game)
    game = app.game
    assert game is not None  # start_game set it
    empty = [c for c in range(81) if not made.puzzle[c]]
    autosave = profile.autosave
    costs: list[float] = []

    def timed(game_now: Game | None) -> bool:
        start = time.perf_counter()
        saved = autosave(game_now)
        if saved:
            costs.append((time.perf_counter() - start) * 1000.0)
        return saved

    profile.autosave = timed  # type: ignore[method-assign,assignment]  # timed: the app calls it once per frame
    pacer = FramePacer(FPS)
    frames: list[float] = []
    last = time.perf_counter()
    for move in range(moves):
        dt = pacer.begin()
        game.select([empty[move % len(empty)]])
        game.input_digit(move % 9 + 1, "corner" if move % 3 else "centre")
        app.frame(pygame.event.get(), dt)
        pacer.present(pygame.display.flip)
        now = time.perf_counter()
        frames.append((now - last) * 1000.0)
        last = now
    profile.autosave = autosave  # type: ignore[method-assign]  # the method back
    profile.writer.flush(10)
    writes = []
    path = savegame.save_path(folder)
    for _ in range(20):
        start = time.perf_counter()
        storage.write_json(path, savegame.SAVE_KIND, savegame.SAVE_VERSION, savegame.game_to_data(game))
        writes.append((time.perf_counter() - start) * 1000.0)
    return {"frames": frames[1:], "autosave": costs, "write": writes}


def time_to_first_frame(started: float) -> float:
    """Milliseconds from ``started`` (a ``time.perf_counter()`` reading taken before importing
    the game) to the first menu frame on screen: pygame up, the window open, the profile read
    (from an empty temporary folder), the menu drawn and flipped."""
    _init_pygame()
    try:
        app = App(_open_window(), seed=1, profile=Profile(tempfile.mkdtemp(prefix="sudoku-bench-")))
        app.load_profile()
        app.goto("menu")
        app.frame(pygame.event.get(), 0.0)
        pygame.display.flip()
        return (time.perf_counter() - started) * 1000.0
    finally:
        pygame.quit()


def measure_instant_start(
    rounds: int = 3, bank_dir: str | os.PathLike[str] | None = None, levels: tuple[Level, ...] | None = None
) -> dict[str, list[float]]:
    """Time a new game from the bank: milliseconds from the click on a level's button (the
    difficulty screen shown) to the play screen drawn and flipped, with the "bank" puzzle
    source, on a real app and window over a temporary data folder. ``bank_dir``: the bank
    (default: the shipped one); ``levels``: those to click (default: every playable level).
    Returns ``{"first": [one time], "later": [times]}``: the very first click (the first play
    screen of the session), then ``rounds`` clicks per level. As in the game a moment after
    start-up, the bank has been read and the play screen drawn once off screen (App.warm_up)
    before the first click."""
    from dataclasses import replace

    from game.supply import PuzzleSupply
    from solver.levels import PLAYABLE_LEVELS

    _init_pygame()
    try:
        with _responsive_threads():
            profile = Profile(tempfile.mkdtemp(prefix="sudoku-bench-"))
            app = App(
                _open_window(),
                seed=1,
                profile=profile,
                supply=PuzzleSupply(profile.folder, profile.writer, bank_dir=bank_dir),
            )
            app.load_profile()
            app.apply_settings(replace(app.settings, puzzle_source="bank"))
            app.filler.wait = float("inf")  # no background puzzles: the clicks alone are timed
            app.goto("menu")
            app.frame(pygame.event.get(), 0.0)  # starts reading the bank
            app.supply.wait_ready()
            times: list[float] = []
            chosen = tuple(levels or PLAYABLE_LEVELS)
            for level in [chosen[0]] + [lv for lv in chosen for _ in range(rounds)]:
                app.goto("difficulty")
                app.frame(pygame.event.get(), 0.0)
                pygame.display.flip()
                button = next(b for b in cast(ListScene, app.scene).menu.buttons if b.action == level)  # difficulty
                events = [
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.rect.center),
                ]
                start = time.perf_counter()
                app.frame(events, 1 / FPS)
                pygame.display.flip()
                times.append((time.perf_counter() - start) * 1000.0)
                assert app.scene is not None  # the app always shows a scene after goto
                if app.scene.name != "play":
                    raise RuntimeError(f"no {level.label} puzzle came from the bank")
            app.quit()
            return {"first": times[:1], "later": times[1:]}
    finally:
        pygame.quit()


def measure_idle_cpu(scene: str, seconds: float = 5.0, settle: float = 2.0) -> float:
    """The share of one core (0..1) the game's own loop (``App.loop``) uses on a still screen:
    ``scene`` "menu" or "play" (a Medium game, untouched), measured over ``seconds`` after
    ``settle`` seconds, with no input. Process CPU time, so the bank-reading thread of the first
    second is left out by ``settle``."""
    import threading

    from game.playstate import Puzzle
    from game.session import Game

    _init_pygame()
    try:
        with _responsive_threads():
            app = App(_open_window(), seed=1, profile=Profile(tempfile.mkdtemp(prefix="sudoku-bench-")))
            app.apply_settings(replace(app.settings, puzzle_source="fresh"))  # no reserve being made
            if scene == "play":
                solution = tuple((row * 3 + row // 3 + col) % 9 + 1 for row in range(9) for col in range(9))
                givens = tuple(v if (cell * 7) % 3 else 0 for cell, v in enumerate(solution))
                app.game = Game(Puzzle(givens, solution, Level.MEDIUM, "Hidden Single"), clock=app.clock)
                app.goto("play", game=app.game)
            else:
                app.goto("menu")
            used: list[float] = []

            def sample() -> None:
                time.sleep(settle)
                start = time.process_time()
                time.sleep(seconds)
                used.append((time.process_time() - start) / seconds)
                pygame.event.post(pygame.event.Event(pygame.QUIT))

            threading.Thread(target=sample, daemon=True).start()
            app.loop()
            return used[0]
    finally:
        pygame.quit()
