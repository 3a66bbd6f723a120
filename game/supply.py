"""Instant games: where a new puzzle comes from when the player picks "instant from the bank".

Glossary:
  bank      the puzzles shipped in assets/bank (generator.bank), read on a background thread
            after the first frame (``start_loading``), or on first use.
  reserve   a few fresh puzzles per level (``RESERVE_SIZE``) that the app's worker makes in
            the background and keeps in the user data folder (reserve.json), used before the
            bank, so a player who has played the whole bank still starts at once.
  played    the profile's set of puzzles already started (game.profile.puzzle_key): neither
            the reserve nor the bank serves one of them again.

``PuzzleSupply.take`` answers from memory (no file) and returns None when a level has nothing
unplayed left; the app then makes a puzzle on the spot (the generating screen). Every puzzle is
verified before it is served (``fault_of``: one exact search, about a millisecond); an unsound
one is skipped with a notice naming its file and number.
``ReserveFiller`` keeps the reserve full on the app's job runner while nobody else uses it.
Never imports pygame.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import jobs, storage
from game.background_writer import BackgroundWriter
from game.made import MadePuzzle
from game.profile import puzzle_key
from solver.levels import PLAYABLE_LEVELS, Level

if TYPE_CHECKING:
    from game.host import Host
    from generator.bank_format import BankPuzzle

BANK_DIR = Path(__file__).resolve().parents[1] / "assets" / "bank"  # generator.bank's SHIPPED_BANK
RESERVE_KIND = "sudoku-reserve"
RESERVE_VERSION = 1
RESERVE_FILE = "reserve.json"
RESERVE_SIZE = 3  # fresh puzzles kept per level
RETRY_SECONDS = 30.0  # after a failed reserve job, the filler waits this long


def _let_others_run() -> None:
    """Hand the interpreter lock to a waiting thread (the frame loop), if any: the bank's
    reading thread calls this after each puzzle. Without it the frame loop, waking from its
    sleep between frames while the bank was read, started up to 10 ms late (frame p99 27 ms)."""
    time.sleep(0)


def _line(values: Iterable[int]) -> str:
    return "".join(str(v) for v in values)


def _from_entry(level: Level, entry: dict[str, Any]) -> MadePuzzle | None:
    """A reserve entry ({"puzzle", "solution", "hardest", "seed"}) as a MadePuzzle; None when
    it is malformed."""
    puzzle, solution = entry.get("puzzle"), entry.get("solution")
    if not (isinstance(puzzle, str) and isinstance(solution, str) and len(puzzle) == len(solution) == 81):
        return None
    if not (set(puzzle) <= set(".0123456789") and set(solution) <= set("123456789")):
        return None
    givens = tuple(0 if ch in ".0" else int(ch) for ch in puzzle)
    seed = entry.get("seed")
    return MadePuzzle(
        givens, tuple(int(ch) for ch in solution), level, entry.get("hardest"), seed if isinstance(seed, int) else None
    )


def fault_of(made: MadePuzzle) -> str | None:
    """Why ``made`` must not be served, or None when it is sound: its givens agree with its
    solution, and the exact solver finds exactly one solution, equal to it. One search for two
    solutions (``solver.exact.search``): about a millisecond for a bank puzzle."""
    from solver.errors import PuzzleFormatError
    from solver.exact import search

    if any(given and given != digit for given, digit in zip(made.puzzle, made.solution)):
        return "its givens do not agree with its solution"
    try:
        solutions, _ = search(made.puzzle, limit=2)
    except PuzzleFormatError as error:
        return f"its givens clash ({error})"
    if len(solutions) != 1:
        return "it has no solution" if not solutions else "it has multiple solutions"
    if tuple(solutions[0]) != tuple(made.solution):
        return "its stored solution is wrong"
    return None


class PuzzleSupply:
    """The bank (at ``bank_dir``, default the shipped one) and the reserve (in ``folder``,
    default the user data folder, saved through ``writer``, a BackgroundWriter)."""

    def __init__(
        self,
        folder: str | os.PathLike[str] | None = None,
        writer: BackgroundWriter | None = None,
        bank_dir: str | os.PathLike[str] | None = None,
        reserve_size: int = RESERVE_SIZE,
    ):
        self.folder = Path(folder) if folder is not None else storage.data_dir()
        self.writer = writer or BackgroundWriter()
        self.bank_dir = Path(bank_dir) if bank_dir is not None else BANK_DIR
        self.reserve_size = reserve_size
        self.reserve: dict[Level, list[dict[str, Any]]] = {level: [] for level in PLAYABLE_LEVELS}
        self.problems: list[str] = []  # bank files that could not be read, for the log
        self.notices: list[str] = []  # puzzles skipped as unsound, for the player (drained by the app)
        self.taken_from = "bank"  # where ``take``'s last puzzle came from: "reserve" or "bank" (the history says)
        self._bank: dict[Level, tuple[BankPuzzle, ...]] = {}
        self._next: dict[Level, int] = {}  # where to look for the next unplayed bank puzzle
        self._lock = threading.Lock()
        self._loader: threading.Thread | None = None

    # --- the reserve's file -------------------------------------------------------------------

    @property
    def reserve_path(self) -> Path:
        return self.folder / RESERVE_FILE

    def load_reserve(self) -> str | None:
        """Read the reserve file (at start-up); returns a sentence for the player when it was
        bad and set aside or left as it is (then nothing is written over it), or when bad
        entries were left out (the original is kept beside it), else None. A window that does
        not own the data folder (its writer is read-only) moves and copies nothing. Never raises."""
        owner = not self.writer.read_only
        result = storage.read_json(self.reserve_path, RESERVE_KIND, RESERVE_VERSION, owner=owner)
        if result.keep:
            self.writer.protect(self.reserve_path)
        levels = (result.data or {}).get("levels")
        lost = [] if result.data is None or isinstance(levels, dict) else ["every level"]
        for level in PLAYABLE_LEVELS:
            entries = levels.get(level.name, []) if isinstance(levels, dict) else []
            if not isinstance(entries, list):
                lost.append(f"{level.label}: every puzzle")
                entries = []
            kept = []
            for number, entry in enumerate(entries, 1):
                if isinstance(entry, dict) and _from_entry(level, entry):
                    kept.append(dict(entry))
                else:
                    lost.append(f"{level.label} #{number}")
            self.reserve[level] = kept[: self.reserve_size]
        return storage.keep_original(self.reserve_path, RESERVE_KIND, lost, result.message, owner=owner)

    def _save_reserve(self) -> None:
        snapshot = {level.name: [dict(e) for e in entries] for level, entries in self.reserve.items()}
        self.writer.submit(self.reserve_path, RESERVE_KIND, RESERVE_VERSION, {"levels": snapshot})

    def add(self, made: MadePuzzle) -> None:
        """Put ``made`` (a fresh puzzle of a playable level) in the reserve and save it."""
        if made.level not in self.reserve:
            return
        self.reserve[made.level].append(
            {
                "puzzle": _line(made.puzzle).replace("0", "."),
                "solution": _line(made.solution),
                "hardest": made.hardest,
                "seed": made.seed,
            }
        )
        self._save_reserve()

    def wanted(self, first: Level | None = None) -> Level | None:
        """The level whose reserve should grow next (``first`` when it is short, then the
        easiest short one), or None when every level's reserve is full."""
        order = ([first] if first in self.reserve else []) + list(PLAYABLE_LEVELS)
        return next((level for level in order if len(self.reserve[level]) < self.reserve_size), None)

    # --- the bank -----------------------------------------------------------------------------

    def start_loading(self) -> None:
        """Read every level of the bank on a daemon thread (once)."""
        if self._loader is None:
            self._loader = threading.Thread(target=self._load_all, name="sudoku-bank", daemon=True)
            self._loader.start()

    @property
    def ready(self) -> bool:
        """True once the background reading has finished."""
        return self._loader is not None and not self._loader.is_alive()

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Start the reading if needed and wait for it, at most ``timeout`` seconds (None: no
        limit); True when it has finished."""
        self.start_loading()
        assert self._loader is not None  # start_loading made it
        self._loader.join(timeout)
        return self.ready

    def _load_all(self) -> None:
        for level in PLAYABLE_LEVELS:
            self._load(level, between=_let_others_run)

    def _load(self, level: Level, between: Callable[[], object] | None = None) -> tuple[BankPuzzle, ...]:
        # the read side only: nothing it imports starts processes, so a quit in the middle of
        # this thread's reading finds no import under way (the generator loads slowly: off the
        # first frame)
        from generator.bank_format import BankError, load_bank

        try:
            puzzles = load_bank(self.bank_dir, level, between)
        except BankError as error:
            puzzles = ()
            self.problems.append(f"the puzzle bank cannot be used: {error}")
        with self._lock:
            return self._bank.setdefault(level, puzzles)

    def bank(self, level: Level) -> tuple[BankPuzzle, ...]:
        """The bank's puzzles of ``level`` (generator.bank.BankPuzzle), read now if the
        background reading has not got there (waiting for it when it is under way)."""
        with self._lock:
            if level in self._bank:
                return self._bank[level]
        if self._loader is not None and self._loader.is_alive():
            self._loader.join()
            with self._lock:
                if level in self._bank:
                    return self._bank[level]
        return self._load(level)

    # --- serving ------------------------------------------------------------------------------

    def take(self, level: Level, played: set[str]) -> MadePuzzle | None:
        """The next sound puzzle of ``level`` not in ``played`` (puzzle keys): from the reserve
        first (it leaves the reserve, which is saved), then the bank in its order; None when
        neither has one left. An unsound one (``fault_of``) is skipped and ``notices`` says so."""
        entries = self.reserve.get(level, [])
        number = 0
        while entries:
            made = _from_entry(level, entries.pop(0))
            number += 1
            self._save_reserve()
            if made is not None and puzzle_key(made.puzzle) not in played:
                fault = fault_of(made)
                if fault is None:
                    self.taken_from = "reserve"
                    return made
                self._skip(f"{RESERVE_FILE}'s {level.label} puzzle #{number}", fault)
        puzzles = self.bank(level)
        start = self._next.get(level, 0)
        for index in range(start, len(puzzles)):
            found = puzzles[index]
            if puzzle_key(found.puzzle) not in played:
                self._next[level] = index + 1
                made = MadePuzzle(found.values, found.solution_values, level, found.hardest, found.seed)
                fault = fault_of(made)
                if fault is None:
                    self.taken_from = "bank"
                    return made
                self._skip(f"the bank's {level.name.lower()}.json #{index + 1}", fault)
        self._next[level] = len(puzzles)
        return None

    def _skip(self, where: str, fault: str) -> None:
        self.notices.append(f"Skipped {where}: {fault}.")

    def left(self, level: Level, played: set[str]) -> int:
        """How many puzzles of ``level`` the reserve and the bank still hold unplayed."""
        pool = [entry.get("puzzle", "") for entry in self.reserve.get(level, [])]
        pool += [found.puzzle for found in self.bank(level)]
        return sum(1 for puzzle in pool if puzzle_key(puzzle) not in played)


class ReserveFiller:
    """Keeps ``supply``'s reserve full on the app's job runner (``app.jobs``: the worker
    process in the game's window), one puzzle at a time, only while the player wants bank games
    and the runner is idle and the scene does not poll it (``scene.uses_jobs``). Any job the
    game submits cancels the filler's (a newer job cancels the older); the filler notices
    (``app.jobs.current`` moved on) and tries again later. ``tick`` is called once per frame.
    """

    def __init__(self, supply: PuzzleSupply, rng: random.Random | None = None):
        self.supply = supply
        self.rng = rng or random.Random()
        self.job: int | None = None
        self.level: Level | None = None
        self.wait = 0.0  # seconds before the next try, after a failure

    def tick(self, app: Host, dt: float) -> None:
        """One frame of ``app`` (a game.app.App) has passed, ``dt`` seconds."""
        runner = app.jobs
        if self.job is not None:
            if runner.current != self.job:
                self.job = None  # the game's own job took the worker
                return
            for message in runner.poll():
                if message.kind == "done":
                    self.job = None
                    self.supply.add(message.value)
                elif message.kind in ("error", "cancelled"):
                    self.job = None
                    if message.kind == "error":
                        app.log(f"a puzzle for the reserve could not be made: {message.value}")
                        self.wait = RETRY_SECONDS
            return
        self.wait = max(0.0, self.wait - dt)
        if (
            self.wait
            or app.settings.puzzle_source != "bank"
            or app.demo
            or runner.busy
            or getattr(app.scene, "uses_jobs", False)
        ):
            return
        game = app.game
        level = self.supply.wanted(game.puzzle.level if game is not None else None)
        if level is None:
            return
        self.level = level
        self.job = runner.submit(partial(jobs.reserve_puzzle, level, self.rng.randrange(1 << 31)), name="reserve")
