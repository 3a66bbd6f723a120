"""The player's profile: settings, statistics, the game in progress, the puzzles already
played (so the bank never serves one twice) and the history of games, kept between sessions.

Read once at start-up (``load``); written off the frame loop through one
``BackgroundWriter``: the game after each action (``autosave`` notices the change and
hands the writer an immutable snapshot, which it turns into JSON on its own thread), settings,
statistics, the played puzzles and the history when they change, everything once more on quit
(``close``). A file that cannot be read is set aside by game.storage and its one-sentence
message waits in ``messages`` for the screen to show. Never imports pygame; never raises for a bad or unwritable file.
"""

from __future__ import annotations

import datetime
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from game import history as history_module
from game import savegame, storage
from game import settings as settings_module
from game import stats as stats_module
from game.background_writer import BackgroundWriter
from game.folder_lock import FolderLock
from game.history import GameRecord, History
from game.playstate import Puzzle
from game.session import Game
from game.settings import Settings
from game.stats import Stats
from solver.levels import Level

PLAYED_KIND = "sudoku-played"
PLAYED_VERSION = 1
PLAYED_FILE = "played.json"


def puzzle_key(givens: str | Iterable[int]) -> str:
    """How a puzzle is remembered as played: its givens (81 ints, 0 = empty, or an 81-character
    line) as an 81-character line with '.' for an empty cell."""
    if isinstance(givens, str):
        return givens.replace("0", ".")
    return "".join(str(v) if v else "." for v in givens)


def load_played(folder: str | os.PathLike[str], *, owner: bool = True) -> storage.Loaded:
    """``(set of puzzle keys, message, keep)``: the puzzles played so far (``puzzle_key`` lines;
    an empty set when there is no file), a sentence for the player when the file was bad and set
    aside or left as it is, or when bad entries were left out (the original is kept beside it),
    and the file when it was left as it is (``owner``, ``keep``: see ``storage.read_json``).
    Never raises."""
    return storage.load_salvaged(Path(folder) / PLAYED_FILE, PLAYED_KIND, PLAYED_VERSION, _salvage_played, owner=owner)


def _salvage_played(data: Any) -> tuple[set[str], list[str]]:
    """The played-puzzle keys in a played file's ``data``, and what was left out, for the player."""
    puzzles = (data or {}).get("puzzles")
    if not isinstance(puzzles, list):
        return set(), ([] if data is None else ["the whole list"])
    played = {key for key in puzzles if _is_key(key)}
    lost = [f"puzzle #{number}" for number, key in enumerate(puzzles, 1) if not _is_key(key)]
    return played, lost


def _is_key(key: object) -> bool:
    """True for a ``puzzle_key`` line: 81 characters, digits and '.'."""
    return isinstance(key, str) and len(key) == 81 and set(key) <= set(".123456789")


class Profile:
    """Settings, statistics, the saved game, the played puzzles (``played``: a set of
    ``puzzle_key`` lines) and the history of games (``history``: game.history) of one player,
    in ``folder`` (default: the user data folder, ``storage.data_dir()``)."""

    def __init__(self, folder: str | os.PathLike[str] | None = None, writer: BackgroundWriter | None = None):
        self.folder = Path(folder) if folder is not None else storage.data_dir()
        self.writer = writer or BackgroundWriter()
        self.settings = Settings()
        self.stats = Stats()
        self.messages: list[str] = []
        self.played: set[str] = set()  # puzzle_key of every puzzle started
        self.history = History()
        self._records: dict[Puzzle, GameRecord] = {}  # each puzzle started here -> its history record
        self._saved_key: tuple[object, ...] | None = None
        self.lock = FolderLock(self.folder)
        self._position = 0  # the number of the last position written (game.savegame)
        self.owner: int | None = None  # the process id of another window that owns the folder

    # --- start-up -------------------------------------------------------------------------------

    def load(self, clock: Callable[[], float] = time.monotonic) -> Game | None:
        """Take the data folder's lock, then read the settings, the statistics and the saved game;
        returns the saved game (paused, with ``auto_clean`` from the settings) or None. When
        another window holds the lock this profile only reads (its writer writes nothing) and
        says so first; so it does, once, when the folder cannot be written (then nothing is read
        either where the folder is not a directory: a file in its place). Messages about bad files
        go to ``messages``."""
        self.owner = self.lock.acquire()
        if self.owner is not None:  # another window plays on these files: read them, write nothing
            self.writer.read_only = True
            who = f" (process {self.owner})" if self.owner else ""
            self._note(
                f"Another Sudoku window{who} is using your saved game and statistics, so this "
                "one saves nothing: close the other window to keep your progress here."
            )
        elif self.lock.error is not None:  # one message, not one per file read and written
            self.writer.read_only = True
            self._note(
                f"Your game folder {self.folder} cannot be written ({self.lock.error}), so this "
                "window saves nothing: settings, statistics and games last until you quit."
            )
            if not self.readable:
                self._settle_history(None)
                return None
        self.writer.start()  # ready for the first save, which may come in the frame of a click
        owner = self.owner is None  # only the folder's owner moves a bad file aside
        self.settings = self._take(settings_module.load_settings(self.folder, owner=owner))
        self.stats = self._take(stats_module.load_stats(self.folder, owner=owner))
        self.played = self._take(load_played(self.folder, owner=owner))
        self.history = self._take(history_module.load_history(self.folder, owner=owner))
        if self.owner is None and self.lock.error is None:  # the folder is ours to tidy
            storage.remove_leftovers(self.folder)
        loaded = savegame.load_game(self.folder, clock, owner=owner)
        self._take(loaded)
        position = savegame.read_position(self.folder)
        self._position = position[0] if position is not None else 0
        game: Game | None = loaded.value
        if game is not None:
            game.auto_clean = self.settings.auto_clean_marks
            self._saved_key = self._key(game)
        self._settle_history(game)
        return game

    @property
    def readable(self) -> bool:
        """False when the data folder is known to hold nothing: ``load`` could not make it, and
        something other than a folder stands in its place. The game's other files (the reserve
        of new puzzles) are then not read either, so no message repeats ``load``'s."""
        return self.lock.error is None or self.folder.is_dir()

    def _settle_history(self, game: Game | None) -> None:
        """After loading: the saved game's puzzle, while it runs, keeps its record (the newest of
        its givens) "playing", with its time and hints as saved; any other record still
        "playing" was left behind (its game was replaced, lost or finished unseen) and becomes
        "abandoned", as the statistics count it."""
        current = found = None
        if game is not None and game.running:
            found = self.history.newest_of(puzzle_key(game.puzzle.givens))
            if found is not None:
                seconds = max(found.seconds, game.elapsed)
                current = self.history.update(found, result="playing", seconds=seconds, hints=game.hints_used)
                assert current is not None  # it was just found in the list
                self._records[game.puzzle] = current
        changed = current is not None and current != found
        for record in list(self.history.records):
            if record.result == "playing" and record is not current:
                self.history.update(record, result="abandoned")
                changed = True
        if changed:
            self._save_history()

    def _take(self, loaded: storage.Loaded) -> Any:
        """``loaded``'s value; its message noted, and the file it left as it is protected from
        every write (it could not be read now, or a newer version wrote it)."""
        self._note(loaded.message)
        if loaded.keep is not None:
            self.writer.protect(loaded.keep)
        return loaded.value

    def _note(self, message: str | None) -> None:
        if message:
            self.messages.append(message)

    def take_messages(self) -> list[str]:
        """The messages for the player since the last call (bad files, failed writes)."""
        messages, self.messages = self.messages + self.writer.errors(), []
        return messages

    # --- the game in progress -------------------------------------------------------------------

    @staticmethod
    def _key(game: Game) -> tuple[object, ...]:
        """What changes when the player acts (the timer alone does not make a save)."""
        return (
            id(game.state),
            len(game.undo_stack),
            len(game.redo_stack),
            game.selection,
            game.cursor,
            game.mode,
            game.hints_used,
        )

    def autosave(self, game: Game | None) -> bool:
        """Write ``game``'s position at once (``savegame.write_position``, ~0.1 ms) and hand the
        full game to the writer, if it changed since the last save; True when it did. So a kill
        loses no move the player saw, however far the writer has fallen behind."""
        if game is None:
            return False
        key = self._key(game)
        if key == self._saved_key:
            return False
        self._saved_key = key
        snapshot = game.snapshot()
        self._position += 1
        seq = self._position
        save = savegame.save_path(self.folder)
        if not self.writer.read_only and not self.writer.protected(save):  # a save left as it is
            try:  # the position, now: what a kill before the full save below must not lose
                savegame.write_position(self.folder, game, seq)
            except OSError:
                pass  # the full save reports a disk that will not take it
        self.writer.submit(
            save,
            savegame.SAVE_KIND,
            savegame.SAVE_VERSION,
            lambda: {**savegame.game_to_data(snapshot), "position": seq},
        )
        return True

    def close(self, game: Game | None, timeout: float = 3.0) -> bool:
        """Save ``game`` (its timer as it stands) and wait for every write, at most ``timeout``
        seconds; True when all is on disk."""
        if game is not None:
            self._saved_key = None
            self.autosave(game)
            record = self.record_of(game.puzzle)
            if record is not None and record.result == "playing":
                self._set_record(game.puzzle, record, seconds=game.elapsed, hints=game.hints_used)
        done = self.writer.flush(timeout)
        self.lock.release()
        return done

    # --- settings and statistics ----------------------------------------------------------------

    def set_settings(self, settings: Settings) -> None:
        """Use and save ``settings``."""
        self.settings = settings
        self.writer.submit(
            settings_module.settings_path(self.folder),
            settings_module.SETTINGS_KIND,
            settings_module.SETTINGS_VERSION,
            settings.to_data(),
        )

    def _save_stats(self) -> None:
        self.writer.submit(
            stats_module.stats_path(self.folder),
            stats_module.STATS_KIND,
            stats_module.STATS_VERSION,
            self.stats.to_data(),
        )

    def record_played(self, givens: str | Iterable[int]) -> None:
        """Remember the puzzle ``givens`` (81 ints or an 81-character line) as played, for good."""
        key = puzzle_key(givens)
        if key in self.played:
            return
        self.played.add(key)
        played = tuple(self.played)  # the writer thread sorts a copy nobody changes
        self.writer.submit(self.folder / PLAYED_FILE, PLAYED_KIND, PLAYED_VERSION, lambda: {"puzzles": sorted(played)})

    def record_start(self, level: Level | None) -> None:
        """A new puzzle of ``level`` started (None: unknown level, not counted)."""
        if level is not None:
            self.stats.record_start(level)
            self._save_stats()

    def record_win(self, level: Level | None, seconds: float, hints: int) -> bool:
        """A puzzle of ``level`` was solved in ``seconds`` with ``hints``; True for a new best time."""
        if level is None:
            return False
        best = self.stats.record_win(level, seconds, hints)
        self._save_stats()
        return best

    def record_daily(self, day: datetime.date) -> None:
        """The daily puzzle of ``day`` was solved (game.stats: the daily streak)."""
        self.stats.record_daily(day)
        self._save_stats()

    def record_practice(self, technique: str, first: bool, solved: bool) -> None:
        """A practice position of ``technique`` was checked: the ``first`` time for it (it
        counts as tried), ``solved`` when the answer was right the first time it was (the play
        screen says so once); anything else changes nothing (``Stats.record_practice``)."""
        if first or solved:
            self.stats.record_practice(technique, first, solved)
            self._save_stats()

    def record_abandon(self, level: Level | None, hints: int = 0) -> None:
        """An unsolved puzzle of ``level`` was given up for another one (or finished by the
        Solve tool) with ``hints`` used: its streak ends, its hints count."""
        if level is not None:
            self.stats.record_abandon(level, hints)
            self._save_stats()

    # --- the history of games (game.history) ----------------------------------------------------

    def _save_history(self) -> None:
        records = tuple(self.history.records)  # frozen records: the writer thread reads a copy nobody changes
        self.writer.submit(
            history_module.history_path(self.folder),
            history_module.HISTORY_KIND,
            history_module.HISTORY_VERSION,
            lambda: history_module.history_data(records),
        )

    def won_before(self, givens: str | Iterable[int]) -> bool:
        """True when the history holds a win of the puzzle ``givens`` (81 ints or an
        81-character line): playing it again is a replay, whose time would be no fair best."""
        key = puzzle_key(givens)
        return any(record.givens == key and record.result == "won" for record in self.history.records)

    def record_of(self, puzzle: Puzzle) -> GameRecord | None:
        """The history's record of ``puzzle``: the one made when it started in this session, else
        the newest of its givens (a saved game from an earlier session); None when the history
        has none (a game from before the history was kept, or one dropped by its bound)."""
        record = self._records.get(puzzle)
        if record is not None and any(r is record for r in reversed(self.history.records)):
            return record
        return self.history.newest_of(puzzle_key(puzzle.givens))

    def _set_record(self, puzzle: Puzzle, record: GameRecord, **changes: Any) -> None:
        new = self.history.update(record, **changes)
        if new is not None:
            self._records[puzzle] = new
            self._save_history()

    def history_start(self, puzzle: Puzzle, source: str, started: str | None = None) -> GameRecord:
        """Add the history's record of ``puzzle``, a game started now (``started``: the local date
        and time, default this moment) from ``source`` (game.history.SOURCES), "playing". One
        game is played at a time: any other record still "playing" (a puzzle one undo or redo
        away in the game this one replaces) becomes "abandoned"."""
        for other in [r for r in self.history.records if r.result == "playing"]:
            self.history.update(other, result="abandoned")
        record = GameRecord(
            started=started or history_module.now_text(),
            givens=puzzle_key(puzzle.givens),
            solution="".join(map(str, puzzle.solution)),
            level=puzzle.level.name if puzzle.level is not None else None,
            hardest=puzzle.hardest,
            source=source,
            daily=puzzle.daily,
        )
        self._records[puzzle] = self.history.add(record)
        self._save_history()
        return record

    def history_graded(self, puzzle: Puzzle) -> None:
        """``puzzle`` (pasted, or played with ``play --puzzle``) has just learned its level and
        hardest step while it is played: its record says so at once, so History shows the level
        of the game being played, not "Not graded" until it ends. Nothing happens when the
        history has no record of it or it has no level yet."""
        record = self.record_of(puzzle)
        if record is not None and puzzle.level is not None:
            self._set_record(puzzle, record, level=puzzle.level.name, hardest=puzzle.hardest)

    def history_end(self, puzzle: Puzzle, result: str, seconds: float, hints: int) -> None:
        """``puzzle``'s game ended with ``result`` ("won", "revealed", "abandoned") after
        ``seconds`` of play and ``hints``; the level a pasted puzzle learned meanwhile is kept.
        Nothing happens when the history has no record of it."""
        record = self.record_of(puzzle)
        if record is None:
            return
        level = puzzle.level.name if puzzle.level is not None else record.level
        hardest = puzzle.hardest or record.hardest
        changes = {"result": result, "seconds": float(seconds), "hints": hints, "level": level, "hardest": hardest}
        self._set_record(puzzle, record, **changes)
