"""The module all persistence goes through: versioned JSON files in the user data folder
(game.background_writer writes them off the UI thread; game.folder_lock keeps one window per
folder).

Glossary:
  envelope   what a file holds: ``{"format": kind, "version": N, "saved": ISO time, "data": {...}}``.
  kind       the format's name, e.g. ``"sudoku-save"``, ``"sudoku-settings"``, ``"sudoku-stats"``.
  set aside  a file that cannot be read is renamed next to itself
             (``save.json`` -> ``save.broken-20261124-183000.json``), never deleted.
  left as it is  instead of set aside: a file the system will not read now (permission denied,
             a sharing violation), one a newer version of the game wrote, and any bad file in a
             folder another window owns. It stays where it is, and nothing is written over it
             (``game.background_writer.BackgroundWriter.protect``), so no write replaces what could
             not be read.

Writes are atomic, as git writes its lock files: a temporary file in the same folder is written,
flushed and fsynced, then renamed over the target, so a reader sees the old file or the new one,
never half of either. No file or folder is touched at import time. This module never imports pygame.
"""

from __future__ import annotations

import json
import math
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any, NamedTuple

import platformdirs

from puzzle_io.atomic import write_atomic

APP_NAME = "sudoku-wfc"
DATA_DIR_ENV = "SUDOKU_DATA_DIR"  # overrides the user data folder (tests, portable use)

Migration = Callable[[int, dict[str, Any]], dict[str, Any]]  # (the file's older version, its data) -> current data


class KindWords(NamedTuple):
    """How the messages name a file of one kind: read, written, and what happens instead."""

    read_name: str  # "Your saved game could not be read ..."
    write_name: str  # "Your game could not be saved ..."
    fallback: str  # what happens instead: "... and a new game starts."


_KINDS = {
    "sudoku-save": KindWords("saved game", "game", "a new game starts"),
    "sudoku-settings": KindWords("settings", "settings", "the default settings are used"),
    "sudoku-stats": KindWords("statistics", "statistics", "they start again from zero"),
    "sudoku-played": KindWords(
        "list of played puzzles", "list of played puzzles", "the bank's puzzles may come round again"
    ),
    "sudoku-reserve": KindWords("reserve of new puzzles", "reserve of new puzzles", "new ones are made"),
    "sudoku-history": KindWords("history of games", "history of games", "it starts again empty"),
}


def kind_words(kind: str) -> KindWords:
    """The words for a file of ``kind`` (a generic phrase for a kind not listed)."""
    return _KINDS.get(kind, KindWords(f"{kind} file", f"{kind} file", "it is started afresh"))


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
    ``game.background_writer.BackgroundWriter.protect``."""

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


def os_reason(error: OSError) -> str:
    """The system's words for ``error`` (``strerror``), lower-cased to sit inside a sentence."""
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
    what = kind_words(kind)
    target = broken_name(path)
    try:
        os.replace(path, target)
    except OSError as error:
        return (
            f"Your {what.read_name} could not be read ({reason}) nor moved aside ({os_reason(error)}); {what.fallback}."
        )
    return f"Your {what.read_name} could not be read ({reason}); it was moved to {target.name} and {what.fallback}."


def left_as_is(kind: str, reason: str) -> str:
    """One sentence for the player: the file of ``kind`` could not be read (``reason``), the game
    goes on with its fallback, and the file stays as it is, with nothing saved over it."""
    what = kind_words(kind)
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
        return None, f"it is not a {kind_words(kind).read_name} file"
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
        return ReadResult(None, left_as_is(kind, os_reason(error)), keep=True)
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
    what = kind_words(kind)
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
            f"the original could not be kept ({os_reason(error)})."
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
