"""game.storage: the data folder, atomic writes (also under SIGKILL), defensive reads that set bad
files aside with a message, and the background writer's coalescing, flush and errors."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game import storage
from game.background_writer import BackgroundWriter
from game.storage import ReadResult, read_json, write_json

ROOT = Path(__file__).resolve().parents[1]
KIND = "sudoku-save"


def broken_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.broken-*"))


# --- the data folder ------------------------------------------------------------------------------


def test_data_dir_follows_the_environment_and_is_not_created(user_data_dir):
    """SUDOKU_DATA_DIR (set for every test by conftest) decides the folder; asking for it creates
    nothing, the first write does."""
    assert storage.data_dir() == user_data_dir
    assert not user_data_dir.exists()
    write_json(storage.data_dir() / "x.json", KIND, 1, {})
    assert (user_data_dir / "x.json").is_file()


def test_data_dir_defaults_to_the_platform_user_folder(monkeypatch):
    """Without the variable the folder is platformdirs' user data folder for "sudoku-wfc"."""
    import platformdirs

    monkeypatch.delenv(storage.DATA_DIR_ENV)
    assert storage.data_dir() == platformdirs.user_data_path("sudoku-wfc", appauthor=False)


# --- writing and reading --------------------------------------------------------------------------


def test_write_then_read_round_trip(tmp_path):
    """What write_json wrote, read_json gives back, inside a versioned envelope with a time;
    the temporary file is gone and the missing folder was created."""
    path = tmp_path / "new" / "save.json"
    data = {"digits": [1, 2, 3], "name": "Medium", "nested": {"x": None, "y": 1.5}}
    write_json(path, KIND, 3, data)
    assert read_json(path, KIND, 3) == ReadResult(data, None)
    envelope = json.loads(path.read_text(encoding="utf-8"))
    assert envelope["format"] == KIND and envelope["version"] == 3 and envelope["data"] == data
    assert "T" in envelope["saved"]
    assert [p.name for p in path.parent.iterdir()] == ["save.json"]


def test_a_byte_order_mark_is_read_as_nothing(tmp_path):
    """A file an editor saved with a UTF-8 byte order mark reads as it would without one."""
    path = tmp_path / "settings.json"
    write_json(path, KIND, 1, {"volume": 0.5})
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert read_json(path, KIND, 1) == ReadResult({"volume": 0.5}, None)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # nothing set aside


def test_write_replaces_the_old_file(tmp_path):
    """A second write replaces the first completely."""
    path = tmp_path / "save.json"
    write_json(path, KIND, 1, {"payload": "x" * 5000})
    write_json(path, KIND, 1, {"payload": "y"})
    assert read_json(path, KIND, 1).data == {"payload": "y"}


def test_write_failure_raises_oserror_and_keeps_nothing_half_written(tmp_path):
    """A folder that cannot exist (its parent is a file) raises OSError."""
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(OSError):
        write_json(tmp_path / "file" / "save.json", KIND, 1, {})


def test_missing_file_reads_as_nothing_without_a_message(tmp_path):
    """No file: (None, None), and nothing is created."""
    assert read_json(tmp_path / "save.json", KIND, 1) == ReadResult(None, None)
    assert list(tmp_path.iterdir()) == []


GOOD = json.dumps({"format": KIND, "version": 1, "saved": "2026-01-01T00:00:00", "data": {"a": 1}})
BAD_FILES = {
    "empty": (b"", "it is empty"),
    "blank": (b"  \n", "it is empty"),
    "truncated": (GOOD[: len(GOOD) // 2].encode(), "it is truncated"),
    "truncated object": (GOOD[:-1].encode(), "it is truncated"),
    "not json": (b"<html>hello</html>", "not valid JSON"),
    "not text": (b"\xff\xfe\x00garbage", "not text"),
    "not an object": (b"[1, 2, 3]", "not a JSON object"),
    "wrong kind": (
        json.dumps({"format": "sudoku-stats", "version": 1, "data": {}}).encode(),
        "it is not a saved game file",
    ),
    "missing fields": (json.dumps({"format": KIND, "version": 1}).encode(), "missing fields"),
    "data not an object": (
        json.dumps({"format": KIND, "version": 1, "data": [1]}).encode(),
        "data is not a JSON object",
    ),
    "bad version": (json.dumps({"format": KIND, "version": "1", "data": {}}).encode(), "version"),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_bad_file_is_moved_aside_with_a_message(tmp_path, name):
    """Each kind of bad file gives (None, one sentence that says why and where it went); the file
    is renamed to save.broken-<time>.json beside it and its bytes survive there unchanged."""
    raw, reason = BAD_FILES[name]
    path = tmp_path / "save.json"
    path.write_bytes(raw)
    result = read_json(path, KIND, 1)
    assert result.data is None
    assert not path.exists()
    [moved] = broken_files(tmp_path)
    assert moved.name.startswith("save.broken-") and moved.suffix == ".json"
    assert moved.read_bytes() == raw
    assert result.message.startswith("Your saved game could not be read (")
    assert reason in result.message
    assert f"it was moved to {moved.name} and a new game starts." in result.message
    assert "\n" not in result.message


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_window_that_does_not_own_the_folder_moves_no_bad_file(tmp_path, name):
    """With ``owner`` False (another window owns the folder) a bad file stays where it is,
    byte for byte, and is to be kept from writes."""
    raw, reason = BAD_FILES[name]
    path = tmp_path / "save.json"
    path.write_bytes(raw)
    result = read_json(path, KIND, 1, owner=False)
    assert result.data is None and result.keep
    assert path.read_bytes() == raw and broken_files(tmp_path) == []
    assert reason in result.message and "so a new game starts here" in result.message
    assert result.message.endswith("the file is left as it is, and nothing is saved over it.")


def test_a_file_from_a_newer_version_is_left_for_it(tmp_path):
    """Moved aside, the newer version would find this version's files in its place and never
    say where its own went: the file stays, and is to be kept from writes."""
    raw = json.dumps({"format": KIND, "version": 2, "data": {"a": 1}}).encode()
    path = tmp_path / "save.json"
    path.write_bytes(raw)
    result = read_json(path, KIND, 1)
    assert result.data is None and result.keep
    assert path.read_bytes() == raw and broken_files(tmp_path) == []
    assert result.message == (
        "Your saved game could not be read (it is from a newer version of the game: format 2, this one "
        "reads 1), so a new game starts here; the file is left as it is, and nothing is saved over it."
    )


def test_two_bad_files_in_one_second_do_not_overwrite_each_other(tmp_path):
    """A second bad file moved aside in the same second gets its own name."""
    path = tmp_path / "settings.json"
    path.write_bytes(b"first")
    first = read_json(path, "sudoku-settings", 1)
    path.write_bytes(b"second")
    second = read_json(path, "sudoku-settings", 1)
    assert first.message != second.message and "the default settings are used" in second.message
    assert sorted(p.read_bytes() for p in broken_files(tmp_path)) == [b"first", b"second"]


def test_older_version_is_migrated_by_the_hook_or_else_moved_aside(tmp_path):
    """An older version goes through ``migrate(old_version, data)``; without a hook, or when the
    hook raises ValueError, the file is moved aside."""
    path = tmp_path / "stats.json"
    write_json(path, "sudoku-stats", 1, {"old": 1})
    seen = []

    def migrate(version, data):
        seen.append((version, data))
        return {"new": data["old"] + 1}

    assert read_json(path, "sudoku-stats", 2, migrate) == ReadResult({"new": 2}, None)
    assert seen == [(1, {"old": 1})]

    def refuse(version, data):
        raise ValueError("no way")

    result = read_json(path, "sudoku-stats", 2, refuse)
    assert result.data is None and "no way" in result.message and len(broken_files(tmp_path)) == 1
    write_json(path, "sudoku-stats", 1, {"old": 1})
    result = read_json(path, "sudoku-stats", 2)
    assert result.data is None and "older version" in result.message
    assert len(broken_files(tmp_path)) == 2


def test_unreadable_path_gives_a_message_and_stays(tmp_path):
    """A path that cannot be read (here a folder) gives a message and is left where it is."""
    path = tmp_path / "save.json"
    path.mkdir()
    result = read_json(path, KIND, 1)
    assert result.data is None and result.message.startswith("Your saved game could not be read (")
    assert result.keep and "nothing is saved over it" in result.message
    assert path.is_dir() and broken_files(tmp_path) == []


def test_a_protected_path_is_never_written(tmp_path):
    """``protect`` drops a payload already waiting and every later one, for that path only."""
    kept, other = tmp_path / "stats.json", tmp_path / "settings.json"
    writer = BackgroundWriter(linger=0.1)
    writer.submit(kept, "sudoku-stats", 1, lambda: (time.sleep(0.2), {"a": 1})[1])
    writer.submit(kept, "sudoku-stats", 1, {"a": 2})  # waits behind the slow first one, then dropped
    writer.protect(kept)
    writer.submit(kept, "sudoku-stats", 1, {"a": 3})
    writer.submit(other, "sudoku-settings", 1, {"b": 1})
    assert writer.flush(10)
    assert read_json(other, "sudoku-settings", 1).data == {"b": 1}
    assert read_json(kept, "sudoku-stats", 1).data in (None, {"a": 1})  # only the write under way


# --- a writer killed at random moments never leaves an unreadable save -----------------------------

WRITER = """
import sys
from game.storage import write_json
print("ready", flush=True)
i = 0
while True:  # until killed: every run is cut short, however fast the machine
    i += 1
    write_json(sys.argv[1], "sudoku-save", 1, {"i": i, "payload": "x" * (i % 200 * 997)})
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_save_survives_sigkill_at_random_moments(tmp_path):
    """A process that writes saves of varying size until it dies is killed with SIGKILL at a random
    moment (seeded, several runs); each time the save reads back whole: one of the saves, never
    half of one and never set aside. Each run must really have been writing when killed."""
    path = tmp_path / "save.json"
    write_json(path, KIND, 1, {"i": 0, "payload": ""})
    for seed in range(6):
        delay = random.Random(seed).uniform(0.05, 1.5)
        process = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True
        )
        try:
            assert process.stdout.readline().strip() == "ready"
            time.sleep(delay)
            assert process.poll() is None, "the writer stopped before it was killed"
            process.send_signal(signal.SIGKILL)
            process.wait(10)
        finally:
            if process.poll() is None:
                process.kill()
            process.stdout.close()
        result = read_json(path, KIND, 1)
        assert result.message is None and broken_files(tmp_path) == []
        i = result.data["i"]
        assert i >= 0 and result.data["payload"] == "x" * (i % 200 * 997)


# --- the background writer ------------------------------------------------------------------------


class Recorder:
    """A write function that records (path, data) and holds the first write until ``release``."""

    def __init__(self):
        self.written = []
        self.started = threading.Event()
        self.release = threading.Event()

    def __call__(self, path, kind, version, data):
        self.started.set()
        assert self.release.wait(10)
        self.written.append((path.name, data))


def test_background_writer_coalesces_and_the_last_payload_wins(tmp_path):
    """While one write is under way, 99 more submits for the same path collapse into one write of
    the newest payload; a second path is written too."""
    recorder = Recorder()
    writer = BackgroundWriter(recorder)
    writer.submit(tmp_path / "save.json", KIND, 1, {"n": 0})
    assert recorder.started.wait(5)
    for n in range(1, 100):
        writer.submit(tmp_path / "save.json", KIND, 1, {"n": n})
    writer.submit(tmp_path / "stats.json", "sudoku-stats", 1, {"wins": 1})
    recorder.release.set()
    assert writer.flush(10)
    assert recorder.written == [("save.json", {"n": 0}), ("save.json", {"n": 99}), ("stats.json", {"wins": 1})]
    assert writer.writes == 3 and not writer.pending


def test_background_writer_on_disk_last_payload_wins(tmp_path):
    """With the real write_json, a burst of submits ends as the last payload on disk in fewer
    writes than submits."""
    writer = BackgroundWriter()
    path = tmp_path / "save.json"
    for n in range(300):
        writer.submit(path, KIND, 1, {"n": n, "payload": "x" * 2000})
    assert writer.flush(30)
    assert read_json(path, KIND, 1).data["n"] == 299
    assert 1 <= writer.writes < 300
    assert writer.errors() == []


def test_submit_returns_at_once_and_flush_waits(tmp_path):
    """submit does not wait for a slow write; flush times out (False) while it runs and returns
    True once it is done."""
    recorder = Recorder()
    writer = BackgroundWriter(recorder)
    writer.submit(tmp_path / "save.json", KIND, 1, {"n": 1})
    assert recorder.written == [] and writer.pending
    assert recorder.started.wait(5)
    assert writer.flush(0.05) is False
    threading.Timer(0.1, recorder.release.set).start()
    assert writer.flush(10) is True
    assert recorder.written == [("save.json", {"n": 1})]


def test_background_writer_reports_errors_once(tmp_path):
    """A write that fails becomes one sentence in errors(), drained by the call; the writer goes
    on with later writes."""
    (tmp_path / "file").write_text("not a folder")
    writer = BackgroundWriter()
    writer.submit(tmp_path / "file" / "save.json", KIND, 1, {})
    writer.submit(tmp_path / "stats.json", "sudoku-stats", 1, {"ok": True})
    assert writer.flush(10)
    [message] = writer.errors()
    assert message.startswith("Your game could not be saved to save.json (") and "\n" not in message
    assert writer.errors() == []
    assert read_json(tmp_path / "stats.json", "sudoku-stats", 1).data == {"ok": True}


def test_a_full_disk_is_reported_once_until_saving_works_again(tmp_path):
    """Sixty moves on a full disk give one message, and one more when the disk has room again."""
    full = {"on": True}

    def write(path, kind, version, data):
        if full["on"]:
            raise OSError(28, "No space left on device")

    writer = BackgroundWriter(write)
    messages = []
    for move in range(60):
        writer.submit(tmp_path / "save.json", "sudoku-save", 1, {"move": move})
        writer.flush(10)
        messages += writer.errors()
    assert len(messages) == 1 and "could not be saved to save.json" in messages[0]
    full["on"] = False
    writer.submit(tmp_path / "save.json", "sudoku-save", 1, {"move": 60})
    writer.flush(10)
    assert writer.errors() == ["Saving works again: your game is saved to save.json."]
    full["on"] = True
    writer.submit(tmp_path / "save.json", "sudoku-save", 1, {"move": 61})
    writer.flush(10)
    assert len(writer.errors()) == 1  # a new failure after it worked is news again


def test_an_atomic_write_reaches_the_disk_before_the_rename(tmp_path, monkeypatch):
    """The new file's bytes are fsynced before it replaces the old one, and the folder after,
    so a power cut leaves the old file or the whole new one."""
    import os

    events = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        events.append(("fsync", os.fstat(fd).st_ino))
        real_fsync(fd)

    def replace(source, target):
        events.append(("replace", os.stat(source).st_ino))
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    path = tmp_path / "save.json"
    write_json(path, KIND, 1, {"move": 1})
    new_file, folder = path.stat().st_ino, tmp_path.stat().st_ino
    assert events == [("fsync", new_file), ("replace", new_file), ("fsync", folder)]
