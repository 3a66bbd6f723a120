"""Files replaced all at once: a reader (or a crash) sees the old file or the new one, never a
half-written one. The text goes to a temporary file in the same folder, which is flushed,
fsynced and renamed over the target; the folder is fsynced after, so the rename itself lasts.
The saves, the bank, the practice index and the setter's output files are written this way.
"""

from __future__ import annotations

import os


class AtomicFile:
    """A file replaced all at once: written to a temporary file in the same folder, then
    flushed, fsynced and renamed over ``path`` by ``commit``; ``discard`` (or a crash, or a
    kill) leaves ``path`` as it was. The new file keeps the old one's permissions (a new one
    gets the umask's). ``stream`` is the text stream to write (UTF-8).

    Raises (from the constructor):
        OSError: ``path`` is a folder, or its folder is missing or not writable.
    """

    def __init__(self, path: str | os.PathLike[str]):
        path = os.fspath(path)
        if os.path.isdir(path):
            raise IsADirectoryError(21, os.strerror(21), path)
        self.path = path
        import tempfile  # here: importing it costs a whole-process solve of top95 5%

        folder, name = os.path.split(os.path.abspath(path))
        fd, self.temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
        self.stream = open(fd, "w", encoding="utf-8", newline="\n")  # noqa: SIM115 - closed by commit/abort
        self.done = False

    def commit(self) -> None:
        """Put the written text in place of ``path``. Raises OSError (the temporary file is
        removed and ``path`` left as it was)."""
        try:
            self.stream.flush()
            if hasattr(os, "fchmod"):  # not on Windows before Python 3.13
                os.fchmod(self.stream.fileno(), _mode_for(self.path))
            os.fsync(self.stream.fileno())
            self.stream.close()
            os.replace(self.temporary, self.path)
            self.done = True
        finally:
            self.discard()
        _fsync_folder(os.path.dirname(os.path.abspath(self.path)))

    def discard(self) -> None:
        """Drop the temporary file (nothing once committed); never raises."""
        try:
            self.stream.close()
        except OSError:
            pass
        if not self.done:
            self.done = True
            try:
                os.unlink(self.temporary)
            except OSError:
                pass


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at ``path`` by ``text`` (UTF-8) all at once, as ``AtomicFile`` does.

    Raises:
        OSError: the file cannot be written (``path`` is left as it was).
    """
    target = AtomicFile(path)
    try:
        target.stream.write(text)
        target.commit()
    finally:
        target.discard()


def _mode_for(path: str) -> int:
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_folder(folder: str) -> None:
    """Make the rename itself durable (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
