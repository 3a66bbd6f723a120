"""Writing the game's files off the UI thread: ``BackgroundWriter`` (game.storage writes each
file atomically). This module never imports pygame.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.storage import kind_words, os_reason, write_json

LINGER_SECONDS = 60.0  # an idle writer thread waits this long for more before it ends


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
                reason = os_reason(error) if isinstance(error, OSError) else str(error) or type(error).__name__
                message = f"Your {kind_words(kind).write_name} could not be saved to {path.name} ({reason})."
                with self._condition:
                    if path not in self._failing:  # once until it works again (a full disk)
                        self._failing.add(path)
                        self._errors.append(message)
            else:
                with self._condition:
                    if path in self._failing:
                        self._failing.discard(path)
                        self._errors.append(
                            f"Saving works again: your {kind_words(kind).write_name} is saved to {path.name}."
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
