"""One game window per data folder: an advisory lock on the folder, so two windows never
write over each other's files (game.profile takes it at start-up). This module never imports
pygame.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TextIO

from game.storage import os_reason

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
            self.error = os_reason(error)
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
