"""The one small module all persistence goes through: versioned JSON files in the user data folder.

Glossary:
  envelope   what a file holds: ``{"format": kind, "version": N, "saved": ISO time, "data": {...}}``.
  kind       the format's name, e.g. ``"sudoku-save"``, ``"sudoku-settings"``, ``"sudoku-stats"``.
  set aside  a file that cannot be read is renamed next to itself
             (``save.json`` -> ``save.broken-20261124-183000.json``), never deleted.
  left as it is  instead of set aside: a file the system will not read now (permission denied,
             a sharing violation), one a newer version of the game wrote, and any bad file in a
             folder another window owns. It stays where it is, and nothing is written over it
             (``BackgroundWriter.protect``), so no write replaces what could not be read.

Writes are atomic, as git writes its lock files: a temporary file in the same folder is written,
flushed and fsynced, then renamed over the target, so a reader sees the old file or the new one,
never half of either. ``BackgroundWriter`` does the writing off the UI thread. No file or folder
is touched at import time. This module never imports pygame.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any, NamedTuple, TextIO

import platformdirs

from puzzle_io.atomic import write_atomic

APP_NAME = "sudoku-wfc"
DATA_DIR_ENV = "SUDOKU_DATA_DIR"  # overrides the user data folder (tests, portable use)
LINGER_SECONDS = 60.0  # an idle writer thread waits this long for more before it ends

Migration = Callable[[int, dict[str, Any]], dict[str, Any]]  # (the file's older version, its data) -> current data


class _Kind(NamedTuple):
    read_name: str  # "Your saved game could not be read ..."
    write_name: str  # "Your game could not be saved ..."
    fallback: str  # what happens instead: "... and a new game starts."


_KINDS = {
    "sudoku-save": _Kind("saved game", "game", "a new game starts"),
    "sudoku-settings": _Kind("settings", "settings", "the default settings are used"),
    "sudoku-stats": _Kind("statistics", "statistics", "they start again from zero"),
    "sudoku-played": _Kind(
        "list of played puzzles", "list of played puzzles", "the bank's puzzles may come round again"
    ),
    "sudoku-reserve": _Kind("reserve of new puzzles", "reserve of new puzzles", "new ones are made"),
    "sudoku-history": _Kind("history of games", "history of games", "it starts again empty"),
}


def _kind(kind: str) -> _Kind:
    return _KINDS.get(kind, _Kind(f"{kind} file", f"{kind} file", "it is started afresh"))


def data_dir() -> Path:
    """The folder the game keeps its files in: ``$SUDOKU_DATA_DIR`` when set, else the platform's
    user data folder for the app (platformdirs). It is not created here (``write_json`` does)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


class Loaded(NamedTuple):
    """What a ``load_*`` function returns: the value (a default when the file was missing or bad),
    a one-sentence message for the player when a file was set aside or left as it is, else None,
    and ``keep``: the file when it was left as it is (``ReadResult.keep``), for the profile to
    ``BackgroundWriter.protect``."""

    value: Any
    message: str | None
    keep: Path | None = None


@dataclass(frozen=True)
class ReadResult:
    """The outcome of ``read_json``: ``data`` (the envelope's data object, or None), ``message``
    (one sentence for the player when the file could not be read, else None) and ``keep``: True
    when the file could not be read and was left as it is (the system would not give its bytes,
    a newer version of the game wrote it, or this window does not own the folder), so nothing
    may be written over it."""

    data: dict[str, Any] | None = None
    message: str | None = None
    keep: bool = False


# --- writing ----------------------------------------------------------------------------------


def iso_day(value: Any) -> str | None:
    """``value`` when it is a date written YYYY-MM-DD (a field of a save or statistics file),
    else None."""
    if not isinstance(value, str) or len(value) != 10:
        return None
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        return None


def finite_number(value: Any) -> bool:
    """True for a JSON number (an int or a float, not a bool) that is finite as a float: an int
    too large for a float (a hand-edited ``1e400`` written out in digits) is not."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def write_json(path: str | os.PathLike[str], kind: str, version: int, data: dict[str, Any]) -> None:
    """Write ``data`` (plain JSON values) to ``path`` in an envelope of ``kind`` and ``version``,
    atomically: temp file in the same folder, flush, fsync, ``os.replace``, fsync the folder.
    The folder is created when missing.

    Raises:
        OSError: the folder or the file cannot be written (the old file, if any, is intact).
        TypeError, ValueError: ``data`` holds something that is not a plain JSON value.
    """
    path = Path(path)
    envelope = {
        "format": kind,
        "version": version,
        "saved": datetime.now().astimezone().isoformat(timespec="seconds"),
        "data": data,
    }
    text = json.dumps(envelope, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text)


# --- reading ----------------------------------------------------------------------------------


def _os_reason(error: OSError) -> str:
    text = error.strerror or str(error) or type(error).__name__
    return text[:1].lower() + text[1:]


def broken_name(path: Path, when: datetime | None = None) -> Path:
    """Where a bad ``path`` is moved: ``save.json`` -> ``save.broken-20261124-183000.json`` beside
    it (``-2``, ``-3``... added when that name is taken)."""
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.stem}.broken-{stamp}{path.suffix}")
    number = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}.broken-{stamp}-{number}{path.suffix}")
        number += 1
    return candidate


def set_aside(path: str | os.PathLike[str], kind: str, reason: str) -> str:
    """Move the unreadable file ``path`` of ``kind`` aside (never deleted) and return one sentence
    for the player that says why (``reason``, e.g. "it is truncated") and where it went.
    Never raises: when the move fails the sentence says so."""
    path = Path(path)
    what = _kind(kind)
    target = broken_name(path)
    try:
        os.replace(path, target)
    except OSError as error:
        return (
            f"Your {what.read_name} could not be read ({reason}) nor moved aside "
            f"({_os_reason(error)}); {what.fallback}."
        )
    return f"Your {what.read_name} could not be read ({reason}); it was moved to {target.name} and {what.fallback}."


def left_as_is(kind: str, reason: str) -> str:
    """One sentence for the player: the file of ``kind`` could not be read (``reason``), the game
    goes on with its fallback, and the file stays as it is, with nothing saved over it."""
    what = _kind(kind)
    return (
        f"Your {what.read_name} could not be read ({reason}), so {what.fallback} here; "
        "the file is left as it is, and nothing is saved over it."
    )


def _decode_reason(text: str, error: json.JSONDecodeError) -> str:
    if error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string"):
        return "it is truncated"
    return "it is not valid JSON"


_NEWER = "it is from a newer version of the game"


def _check_envelope(
    envelope: Any, kind: str, version: int, migrate: Migration | None
) -> tuple[dict[str, Any] | None, str | None]:
    """(data, None) for a good envelope, (None, reason) for a bad one (``_NEWER`` starts the
    reason of a file from a newer version)."""
    if not isinstance(envelope, dict):
        return None, "it is not a JSON object"
    if not {"format", "version", "data"} <= envelope.keys():
        return None, "it is missing fields"
    if envelope["format"] != kind:
        return None, f"it is not a {_kind(kind).read_name} file"
    found = envelope["version"]
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        return None, "its version is not a number"
    data = envelope["data"]
    if not isinstance(data, dict):
        return None, "its data is not a JSON object"
    if found > version:
        return None, f"{_NEWER}: format {found}, this one reads {version}"
    if found < version:
        if migrate is None:
            return None, f"it is from an older version of the game (format {found})"
        try:
            data = migrate(found, data)
        except (ValueError, TypeError, KeyError) as error:
            return None, f"it could not be updated from format {found}: {error}"
    return data, None


def read_json(
    path: str | os.PathLike[str], kind: str, version: int, migrate: Migration | None = None, *, owner: bool = True
) -> ReadResult:
    """Read the envelope at ``path`` and return its data when it is of ``kind`` and ``version``.

    A missing file gives ``ReadResult(None, None)``. A file that is empty, truncated, not JSON,
    not an object, of another kind or missing fields is set aside (renamed beside itself, see
    ``set_aside``) and gives ``(None, message)``. An older version is passed to
    ``migrate(old_version, data) -> data`` (it raises ValueError when it cannot); without one it is
    set aside too. Left as it is, with ``keep`` True (nothing may be written over it): a file of
    a newer version (that version reads it again), a file or folder the system will not read
    (permission denied, a sharing violation: it may read next time), and with ``owner`` False
    (another window owns the folder) any bad file. Never raises for bad content or OS errors.
    """
    path = Path(path)

    def bad(reason: str) -> ReadResult:
        if owner and not reason.startswith(_NEWER):
            return ReadResult(None, set_aside(path, kind, reason))
        return ReadResult(None, left_as_is(kind, reason), keep=True)

    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return ReadResult()
    except OSError as error:
        return ReadResult(None, left_as_is(kind, _os_reason(error)), keep=True)
    if not raw.strip():
        return bad("it is empty")
    try:
        text = raw.decode("utf-8-sig")  # a byte order mark (Notepad's) is no fault
    except UnicodeDecodeError:
        return bad("it is not text")
    try:
        envelope = json.loads(text)
    except json.JSONDecodeError as error:
        return bad(_decode_reason(text, error))
    except (ValueError, RecursionError):
        return bad("it is not valid JSON")
    data, reason = _check_envelope(envelope, kind, version, migrate)
    if reason is not None:
        return bad(reason)
    return ReadResult(data, None)


def keep_original(
    path: str | os.PathLike[str], kind: str, lost: list[str], message: str | None = None, *, owner: bool = True
) -> str | None:
    """After a file was read with some entries left out (``lost``: what, for the player, e.g.
    "Easy: played"), keep a copy of its original bytes beside it (``broken_name``; the file
    itself is rewritten without them later) and return one sentence for the player; ``message``
    (read_json's) when nothing was lost. With ``owner`` False (another window owns the folder,
    and this one writes nothing) no copy is made: the file stays as it is. Never raises."""
    if not lost:
        return message
    path = Path(path)
    what = _kind(kind)
    shown = ", ".join(lost[:3]) + (f" and {len(lost) - 3} more" if len(lost) > 3 else "")
    noun = "entry" if len(lost) == 1 else "entries"
    if not owner:
        return f"Your {what.read_name} had {len(lost)} bad {noun} ({shown}), left out here; the file is left as it is."
    target = broken_name(path)
    try:
        shutil.copyfile(path, target)
    except OSError as error:
        return (
            f"Your {what.read_name} had {len(lost)} bad {noun} ({shown}), left out; "
            f"the original could not be kept ({_os_reason(error)})."
        )
    return (
        f"Your {what.read_name} had {len(lost)} bad {noun} ({shown}), left out; the original is kept as {target.name}."
    )


def load_salvaged(
    path: str | os.PathLike[str],
    kind: str,
    version: int,
    salvage: Callable[[Any], tuple[Any, list[str]]],
    *,
    owner: bool = True,
) -> Loaded:
    """Read the file at ``path`` (``read_json``) and keep what it holds that is good:
    ``salvage(data)`` (data None when the file is missing, set aside or left as it is) returns
    the value and what was left out, for the player; when anything was, the original is kept
    beside the file (``keep_original``). ``owner`` as for ``read_json``. Never raises for a bad
    file (nor when ``salvage`` never raises)."""
    result = read_json(path, kind, version, owner=owner)
    value, lost = salvage(result.data)
    return Loaded(
        value, keep_original(path, kind, lost, result.message, owner=owner), Path(path) if result.keep else None
    )


def remove_leftovers(folder: str | os.PathLike[str]) -> list[str]:
    """Remove the temporary files (``.NAME.*.tmp``) a killed writer left in ``folder``; only the
    folder's owner calls it, at start, before anything writes. Returns their names. Never raises."""
    removed = []
    try:
        for path in Path(folder).glob(".*.tmp"):
            try:
                path.unlink()
                removed.append(path.name)
            except OSError:
                pass
    except OSError:
        pass
    return removed


# --- one game per data folder ------------------------------------------------------------------

LOCK_FILE = "sudoku.lock"
LOCK_BYTE = 1024  # the byte locked (a lock may lie past a file's end): clear of the process id


class FolderLock:
    """An advisory lock on a data folder, so two game windows never write over each other's
    files: the lock file holds the owner's process id. The system releases it when the process
    ends however it ends, so a lock left by a dead process is simply taken over (``fcntl.flock``;
    ``msvcrt.locking`` on Windows; where neither exists, no lock is taken)."""

    def __init__(self, folder: str | os.PathLike[str]):
        self.path = Path(folder) / LOCK_FILE
        self._handle: TextIO | None = None
        self.error: str | None = None  # why the folder cannot be written, when acquire found out

    def acquire(self) -> int | None:
        """Take the lock; returns None when it is ours (or cannot be had on this system), else
        the process id of the window that holds it (0 when unknown). Never raises: when the
        folder cannot be made or written, ``error`` says why (``not a directory``,
        ``permission denied``...) and None is returned."""
        self.error = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held for the lock's lifetime
        except OSError as error:
            self.error = _os_reason(error)
            return None
        # msvcrt locks the byte at the position ("a+" opens at the end), and Windows then bars
        # every other process from it: one byte well past the process id, the same for all
        handle.seek(LOCK_BYTE)
        if not _try_lock(handle):
            try:
                handle.seek(0)
                text = handle.read().strip()
            except OSError:  # a system that bars reading a locked file's bytes
                text = ""
            handle.close()
            return int(text) if text.isdigit() else 0
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._handle = handle
        return None

    def release(self) -> None:
        """Give the lock up (closing the file releases it)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def _try_lock(handle: TextIO) -> bool:
    try:
        import fcntl
    except ImportError:
        try:
            import msvcrt
        except ImportError:
            return True
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined,unused-ignore]  # stubs: win32 only
            return True
        except OSError:
            return False
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


# --- writing off the UI thread ------------------------------------------------------------------


class BackgroundWriter:
    """Writes files on a daemon thread so the frame loop never waits for the disk.

    ``submit`` queues the newest payload per path (an older payload still waiting for the same
    path is dropped: coalescing); ``flush`` waits until all of it is written (on quit); ``errors``
    hands the failures to the UI as one-line messages. ``write`` is the function that writes
    (``write_json``; tests pass a recorder); a path that keeps failing (a full disk) is reported
    once, and again when a write to it works. ``writes`` counts the writes done or tried. The
    thread stays ``linger`` seconds after its last write (starting one can cost a busy machine
    tens of milliseconds, too much for the frame of a click); ``start`` starts it early.
    """

    def __init__(
        self, write: Callable[[Path, str, int, dict[str, Any]], None] = write_json, linger: float = LINGER_SECONDS
    ):
        self._write = write
        self._linger = linger
        self._condition = threading.Condition()
        self._pending: dict[Path, tuple[str, int, dict[str, Any] | Callable[[], dict[str, Any]]]] = {}
        self._busy = False
        self._thread: threading.Thread | None = None
        self._errors: list[str] = []
        self._failing: set[Path] = set()  # paths whose last write failed (reported once)
        self.writes = 0
        self.read_only = False  # another window owns the folder: this one writes nothing
        self._protected: set[Path] = set()  # files left as they are (``protect``)

    def submit(
        self, path: str | os.PathLike[str], kind: str, version: int, data: dict[str, Any] | Callable[[], dict[str, Any]]
    ) -> None:
        """Queue ``data`` for ``path`` and return at once. ``data`` must be plain JSON values that
        nobody changes afterwards (copied by the caller or immutable), or a function that makes
        them on the writer thread from an immutable snapshot (so even building a large save costs
        the frame loop nothing). With ``read_only`` set nothing is written, nor to a protected
        path."""
        if self.read_only or Path(path) in self._protected:
            return
        with self._condition:
            self._pending[Path(path)] = (kind, version, data)
            self._start()
            self._condition.notify_all()

    def protect(self, path: str | os.PathLike[str]) -> None:
        """Write nothing to ``path`` from now on: a file left as it is when it could not be read
        (``ReadResult.keep``), which a write would replace for good."""
        with self._condition:
            self._protected.add(Path(path))
            self._pending.pop(Path(path), None)

    def protected(self, path: str | os.PathLike[str]) -> bool:
        """True when ``path`` was ``protect``-ed: nothing is written to it."""
        with self._condition:
            return Path(path) in self._protected

    def start(self) -> None:
        """Start the writer thread now (it ends after ``linger`` idle seconds)."""
        with self._condition:
            self._start()

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="storage-writer", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._condition:
                if not self._pending:
                    self._condition.wait_for(lambda: bool(self._pending), self._linger)
                if not self._pending:
                    self._thread = None
                    self._condition.notify_all()
                    return
                path = next(iter(self._pending))
                kind, version, data = self._pending.pop(path)
                self._busy = True
            try:
                self._write(path, kind, version, data() if callable(data) else data)
            except Exception as error:  # reported to the UI, never raised on a daemon thread
                reason = _os_reason(error) if isinstance(error, OSError) else str(error) or type(error).__name__
                message = f"Your {_kind(kind).write_name} could not be saved to {path.name} ({reason})."
                with self._condition:
                    if path not in self._failing:  # once until it works again (a full disk)
                        self._failing.add(path)
                        self._errors.append(message)
            else:
                with self._condition:
                    if path in self._failing:
                        self._failing.discard(path)
                        self._errors.append(
                            f"Saving works again: your {_kind(kind).write_name} is saved to {path.name}."
                        )
            with self._condition:
                self._busy = False
                self.writes += 1
                self._condition.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything submitted has been written (or has failed: see ``errors``), at most
        ``timeout`` seconds (None: no limit). Returns True when nothing is left to write."""
        with self._condition:
            return self._condition.wait_for(lambda: not self._pending and not self._busy, timeout)

    @property
    def pending(self) -> bool:
        """True while something submitted is not written yet."""
        with self._condition:
            return bool(self._pending) or self._busy

    def errors(self) -> list[str]:
        """The failures since the last call, one sentence each (and forgets them)."""
        with self._condition:
            errors, self._errors = self._errors, []
        return errors
