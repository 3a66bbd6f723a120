"""The command line as a stream: results out while the input is still open, bounded memory on
endless lines, per-line decoding, exit codes, atomic -o files, Ctrl+C at any moment, and every
puzzle format in and out (convert round trips). Subprocess tests run ``main.py`` itself; the rest
call ``commands.main`` in-process."""

from __future__ import annotations

import ast
import io
import json
import os
import queue
import re
import resource
import shlex
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest

import puzzle_io.batch as batch
from cli import commands
from puzzle_io.formats import FORMATS, PuzzleRecord, basic_candidates, format_puzzle, read_puzzles
from solver.grid import BIT

ROOT = Path(__file__).resolve().parents[1]  # where main.py is
EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
EASY_DOTS = EASY.replace("0", ".")
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
EASY_ROWS = "".join(EASY[r * 9 : r * 9 + 9] + "\n" for r in range(9))  # a 9-line grid
SUDOCUE = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"
NO_SOLUTION = "12345678." + "........9" + "." * 63
MULTIPLE = "." * 81
INVALID = "55" + "." * 79
WAIT = 20  # seconds: only a failing test waits this long


def run(argv, stdin: str = "", monkeypatch=None, out=None):
    """commands.main in-process: (exit code, standard output)."""
    if monkeypatch is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out = io.StringIO() if out is None else out
    code = commands.main(argv, out=out)
    return code, out.getvalue()


def _default_sigint() -> None:
    """In the child, before exec: Ctrl+C at its default, as in a terminal. A test run started in
    the background by a shell (``cmd &``) inherits SIGINT ignored, and an ignored signal sent
    before main.py's first statement is simply lost."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*args: str, **options) -> subprocess.Popen:
    """``python main.py ARGS`` with piped standard streams (binary) and Ctrl+C at its default."""
    options.setdefault("stdin", subprocess.PIPE)
    options.setdefault("stdout", subprocess.PIPE)
    options.setdefault("stderr", subprocess.PIPE)
    if os.name == "posix":
        options.setdefault("preexec_fn", _default_sigint)
    return subprocess.Popen([sys.executable, "main.py", *args], cwd=ROOT, **options)


class LineReader:
    """A pipe's lines, read on a thread so a test can wait for one with a timeout."""

    def __init__(self, stream):
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, args=(stream,), daemon=True).start()

    def _pump(self, stream) -> None:
        for line in iter(stream.readline, b""):
            self.lines.put(line.decode())
        self.lines.put(None)

    def next(self, timeout: float = WAIT) -> str | None:
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no line within {timeout} s") from None


def no_traceback(stderr: bytes) -> bool:
    return b"Traceback" not in stderr and b"KeyboardInterrupt" not in stderr


def temporary_files(folder: Path) -> list[str]:
    return [name for name in os.listdir(folder) if name.endswith(".tmp")]


# --- every command streams, in bounded memory -----------------------------------------------------


@pytest.mark.parametrize(
    "argv, first, per_puzzle",
    [
        (["solve", "-"], EASY_SOLUTION, 1),
        (["rate", "-"], EASY_DOTS, 1),
        (["view", "-"], f"{EASY_DOTS}  (32 givens)", 12),
        (["convert", "--to", "sdm", "-"], EASY, 1),
    ],
)
def test_results_come_out_while_the_input_is_still_open(argv, first, per_puzzle):
    proc = start(*argv)
    lines = LineReader(proc.stdout)
    try:
        for puzzle in (EASY + "\n", EASY_ROWS):  # a line, then a 9-line grid
            proc.stdin.write(puzzle.encode())
            proc.stdin.flush()
            got = [lines.next() for _ in range(per_puzzle)]
            if got[0] == "\n":  # view's blank line between two puzzles
                got = got[1:] + [lines.next()]
            assert got[0].startswith(first)
            assert proc.poll() is None  # still waiting for more input
        proc.stdin.close()
        assert lines.next() is None
        assert proc.wait(WAIT) == 0
    finally:
        proc.kill()
        proc.wait()
    assert no_traceback(proc.stderr.read())


def test_gen_prints_each_puzzle_as_it_is_made_and_ctrl_c_ends_it_with_130():
    proc = start("gen", "-n", "1000", "--seed", "1", stdin=subprocess.DEVNULL)
    try:
        first = LineReader(proc.stdout).next()
        assert len(first.strip()) == 81 and proc.poll() is None
        proc.send_signal(signal.SIGINT)
        assert proc.wait(WAIT) == 130
    finally:
        proc.kill()
        proc.wait()
    assert no_traceback(proc.stderr.read())


def test_rate_flushes_each_result_before_the_next_grade(monkeypatch):
    # a grade can take a minute: the results so far must not wait for it
    import solver.grading

    out, seen, grade = io.StringIO(), [], solver.grading.grade
    monkeypatch.setattr(solver.grading, "grade", lambda *a, **k: seen.append(out.getvalue()) or grade(*a, **k))
    code, text = run(["rate"], f"{EASY}\n{EASY}\n{EASY}\n", monkeypatch, out)
    results = text.splitlines(keepends=True)
    assert code == 0 and len(results) == 3
    assert seen == ["", results[0], results[0] + results[1]]


def test_solve_steps_flushes_each_result_before_the_next_human_solve(monkeypatch):
    import solver.human

    out, seen, solve_path = io.StringIO(), [], solver.human.solve_path
    monkeypatch.setattr(
        solver.human, "solve_path", lambda *a, **k: seen.append(out.getvalue().count("\n")) or solve_path(*a, **k)
    )
    code, text = run(["solve", "--steps"], f"{EASY}\n{EASY}\n", monkeypatch, out)
    assert code == 0 and seen[0] == 0
    assert seen[1] == text.count("\n") // 2  # the whole first result, steps and all


@pytest.mark.parametrize("piece", [1, 2, 3, 7, 1 << 16])
def test_a_line_ends_at_lf_crlf_or_a_lone_cr_wherever_the_reads_cut(piece):
    """An old Mac file ends its lines with CR alone: read as one line, it gave its first puzzle
    and silently dropped the rest (they looked like trailing tokens). A CRLF cut in two by the
    reads is still one line end."""

    class Pieces:
        def __init__(self, data: bytes):
            self.data = data

        def read1(self, size: int) -> bytes:
            taken, self.data = self.data[:piece], self.data[piece:]
            return taken

    data = b"a\rb\r\nc\nd\r\r\ne"
    assert list(batch.read_lines(Pieces(data))) == [(1, b"a"), (2, b"b"), (3, b"c"), (4, b"d"), (5, b""), (6, b"e")]
    mac = f"{EASY}\r{EASY}\r".encode()
    assert [entry.line for entry in read_puzzles(batch.read_lines(Pieces(mac)))] == [1, 2]


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (256 << 20, 256 << 20))


def test_an_endless_line_ends_with_a_clear_error_in_bounded_memory():
    result = subprocess.run(
        [sys.executable, "main.py", "solve", "/dev/zero"],
        cwd=ROOT,
        capture_output=True,
        timeout=60,
        preexec_fn=_limit_memory,
        check=False,
    )
    assert result.stdout == b"invalid: line too long\n"
    assert result.stderr == (
        b"error: cannot read /dev/zero: line 1 goes on past 64 MiB without a line break (not a puzzle file)\n"
    )
    assert result.returncode == 2


def test_reading_an_endless_line_holds_about_one_line_of_memory(monkeypatch):
    class Endless:
        def read1(self, size: int) -> bytes:
            self.read = getattr(self, "read", 0) + size
            return b"7" * size

    monkeypatch.setattr(batch, "MAX_SKIP", 16 << 20)
    stream = Endless()
    tracemalloc.start()
    try:
        lines = batch.read_lines(stream, name="the producer")
        assert next(lines) == (1, None)
        with pytest.raises(batch.InputError, match="the producer: line 1 goes on past 16 MiB"):
            next(lines)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert stream.read > 16 << 20
    assert peak < 3 * batch.MAX_LINE  # a line's worth, not the 16 MiB read


# Measured in a fresh interpreter: tracemalloc counts every thread's allocations, and in a test
# worker other tests' threads (a game's bank loader, its saving thread) may still be at work.
ENDLESS_PUZZLES = """
import tracemalloc
from itertools import islice
import puzzle_io.batch as batch
from puzzle_io.formats import read_puzzles

LINE = bytes.fromhex("{line}")

class Puzzles:
    def read1(self, size):
        return LINE * (size // 82)

tracemalloc.start()
entries = read_puzzles(batch.read_lines(Puzzles()))
assert sum(1 for _ in islice(entries, 50000)) == 50000  # 4 MB of input
print(tracemalloc.get_traced_memory()[1], batch.CHUNK)
"""


def test_reading_endless_puzzles_holds_no_more_than_a_chunk():
    done = subprocess.run(
        [sys.executable, "-c", ENDLESS_PUZZLES.format(line=(EASY + "\n").encode().hex())],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=True,
    )
    peak, chunk = map(int, done.stdout.split())
    assert peak < 8 * chunk


@pytest.mark.parametrize(
    "tail, expected, code",
    [
        (b"", ["invalid: line too long"], 1),
        (b"\n" + EASY.encode() + b"\n", ["invalid: line too long", EASY_SOLUTION], 1),
    ],
)
def test_a_huge_line_is_one_invalid_line(tmp_path, tail, expected, code):
    path = tmp_path / "huge.txt"
    path.write_bytes(b"1" * (batch.MAX_LINE + 3 * batch.CHUNK + 5) + tail)
    assert run(["solve", str(path)]) == (code, "".join(line + "\n" for line in expected))


# --- decoded line by line -------------------------------------------------------------------------


def test_a_bad_byte_spoils_only_its_line_and_a_bom_is_skipped(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_bytes(
        b"\xef\xbb\xbf"
        + EASY.encode()
        + b"\r\n"
        + b"\xff"
        + EASY.encode()[1:]
        + b"\n"
        + b"# caf\xe9\n"
        + EASY_ROWS.encode()
    )
    code, out = run(["solve", str(path)])
    assert out.splitlines() == [EASY_SOLUTION, "invalid: bad byte 0xff at column 1", EASY_SOLUTION]
    assert code == 1
    code, out = run(["view", str(path)])
    assert "line 2: invalid: bad byte 0xff at column 1" in out.splitlines() and code == 1


def test_a_bom_before_sdk_metadata_is_skipped(tmp_path):
    path = tmp_path / "bom.sdk"
    path.write_bytes(b"\xef\xbb\xbf#AAlice\n" + EASY_ROWS.encode())
    assert run(["convert", "--to", "sdk", str(path)]) == (0, "#AAlice\n" + EASY_ROWS.replace("0", "."))


# --- a 9-line grid only when the lines form one ---------------------------------------------------


@pytest.mark.parametrize("count", [9, 11, 13])
def test_short_lines_stay_one_result_each_in_order(tmp_path, count):
    short = ["12345678", "9", EASY[:27], "003|020|600", ". . 3 . 2"] * 3
    path = tmp_path / "short.txt"
    path.write_text("".join(line + "\n" for line in short[:count]) + EASY + "\n" + EASY_ROWS)
    code, out = run(["solve", str(path)])
    lines = out.splitlines()
    assert len(lines) == count + 2 and code == 1
    assert all(line.startswith("invalid: ") for line in lines[:count])
    assert lines[count:] == [EASY_SOLUTION, EASY_SOLUTION]
    code, out = run(["solve", "--json", str(path)])
    assert [json.loads(line)["line"] for line in out.splitlines()] == list(range(1, count + 3))


# --- exit codes, Ctrl+C at any moment -------------------------------------------------------------


@pytest.mark.parametrize("command", [["solve"], ["rate"], ["view"], ["convert", "--to", "sdk"]])
@pytest.mark.parametrize(
    "puzzle, codes",
    [
        (EASY, {"solve": 0, "rate": 0, "view": 0, "convert": 0}),
        (NO_SOLUTION, {"solve": 1, "rate": 1, "view": 1, "convert": 0}),
        (MULTIPLE, {"solve": 1, "rate": 1, "view": 1, "convert": 0}),
        (INVALID, {"solve": 1, "rate": 1, "view": 1, "convert": 1}),
        (EASY[:-1], {"solve": 1, "rate": 1, "view": 1, "convert": 1}),
    ],
    ids=["unique", "no-solution", "multiple", "two-5s", "80-cells"],
)
def test_exit_codes_per_puzzle(command, puzzle, codes, monkeypatch, capsys):
    code, out = run(command, f"{EASY}\n{puzzle}\n", monkeypatch)
    assert code == codes[command[0]]
    assert "Traceback" not in out + capsys.readouterr().err


def test_view_says_why_a_puzzle_is_not_unique(monkeypatch):
    code, out = run(["view"], f"{NO_SOLUTION}\n{MULTIPLE}\n", monkeypatch)
    headers = [line for line in out.splitlines() if "givens" in line]
    assert code == 1
    assert headers == [f"{NO_SOLUTION}  (9 givens, no solution)", f"{MULTIPLE}  (0 givens, multiple solutions)"]


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "--bogus"],
        ["rate", "missing.txt"],
        ["view", "--from", "csv"],
        ["convert", "-"],
        ["convert", "--to", "xml", "-"],
        ["gen", "-n", "x"],
        ["convert", "--to", "sdk", "-", "-o", "/nonexistent/folder/out.sdk"],
    ],
)
def test_usage_errors_and_unreadable_input_exit_two(argv, monkeypatch, capsys):
    assert run(argv, EASY, monkeypatch)[0] == 2
    assert capsys.readouterr().err.startswith(
        ("usage:", "error: cannot read missing.txt", "error: cannot write /nonexistent/folder/out.sdk")
    )


@pytest.mark.parametrize(
    "argv, first",
    [
        (["solve"], EASY_SOLUTION),
        (["rate"], EASY_DOTS),
        (["view"], EASY_DOTS),
        (["convert", "--to", "sdm"], EASY),
    ],
)
def test_interrupted_mid_run_exits_130_without_a_traceback(argv, first):
    proc = start(*argv, "-")
    try:
        proc.stdin.write(f"{EASY}\n".encode())
        proc.stdin.flush()
        assert LineReader(proc.stdout).next().startswith(first)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(WAIT) == 130
    finally:
        proc.kill()
        proc.wait()
    assert proc.stderr.read() == b""


def _before_main_py_ran(stderr: bytes) -> bool:
    """The signal reached Python before main.py's first statement, where no program has a say:
    the traceback is the interpreter's own start-up (site and the .pth files it runs, which may
    import modules of their own: no frame of main.py), or it stops at main.py's line 0 (a
    signal pending from start-up, delivered as the module's frame begins) or on the guard's
    own lines, or the interpreter was setting up ``__main__`` for the script (its C code then
    says only that)."""
    if stderr.endswith(b"failed to set __main__.__loader__\n"):
        return True
    frames = re.findall(rb'^  File "([^"]*)", line (-?\d+)', stderr, re.MULTILINE)
    if not frames:
        return False
    (outermost, line), *inner = frames
    ours = [frame for frame in frames if frame[0].endswith(b"/main.py")]
    # main.py's own frame alone, at its line 0 or on the guard's lines: the guard had not yet
    # taken effect (its statement was still running when the signal came)
    return not ours or (outermost.endswith(b"/main.py") and not inner and int(line) <= _GUARD_LINE)


_MAIN_SOURCE = (ROOT / "main.py").read_text()
_GUARD_LINE = _MAIN_SOURCE[: _MAIN_SOURCE.find("_signal.signal(_signal.SIGINT")].count("\n") + 1


def _wait_for_exec(proc: subprocess.Popen) -> None:
    """Wait until ``proc`` runs Python on main.py (Linux: its /proc cmdline). A signal sent
    between fork and exec reaches a copy of this process, whose handler swallows it, and the
    child then runs as if never interrupted: a race of the test, not of main.py."""
    cmdline = Path(f"/proc/{proc.pid}/cmdline")
    deadline = time.monotonic() + WAIT
    while cmdline.exists() and b"main.py" not in cmdline.read_bytes():
        assert time.monotonic() < deadline, "the child never started main.py"
        time.sleep(0.0005)


def test_ctrl_c_in_the_first_fifth_of_a_second_exits_130_without_a_traceback():
    # 0-200 ms after exec: the interpreter's start-up (site and its .pth files take 20-50 ms
    # here), main.py's guard, the imports of cli.commands (about 60 ms more) and main() itself
    unexcused, compiling, lost = [], 0, 0
    for step in range(30):
        proc = start("solve", "-")
        _wait_for_exec(proc)
        delay = step * 0.2 / 29
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=WAIT)
        if stderr == b"KeyboardInterrupt\n":  # raised in C code, no frame: Python compiling main.py
            compiling += 1
        elif stderr == b"" and proc.returncode == 0:  # the signal vanished: see below
            lost += 1
        elif not _before_main_py_ran(stderr) and (stderr or proc.returncode not in (130, -signal.SIGINT)):
            frames = re.findall(r'^  File "([^"]*)", line (-?\d+)', stderr.decode(errors="replace"), re.MULTILINE)
            unexcused.append((round(delay, 3), proc.returncode, frames, stderr.decode()[-300:]))
    # killed by the signal before Python installs its handler: -SIGINT, which a shell shows as 130
    assert unexcused == []
    assert compiling <= 1, f"{compiling} of 30 interrupts hit Python compiling main.py (see below)"
    # The interpreter's own start-up can swallow a Ctrl+C whole: site's .pth files import modules
    # (certifi, importlib.resources, ...), and a KeyboardInterrupt raised where CPython drops it
    # leaves no trace. A two-line script (``sys.stdin.read()``) lost 6 signals of 1,500 sent 10-30
    # ms after exec, on a loaded machine, and main.py 8 of 1,500: all before main.py's first
    # statement. One lost in 30 is that; more is a guard, or a handler of ours, that drops them.
    assert lost <= 1, f"{lost} of 30 interrupts were ignored (exit 0, nothing on stderr)"


def test_main_py_is_a_launcher_short_enough_to_guard_ctrl_c_at_once():
    # Python compiles the whole of main.py before its first statement (the Ctrl+C guard) runs,
    # and never caches that: a long main.py leaves a window of milliseconds in which Ctrl+C
    # prints "KeyboardInterrupt" and exits 1. The commands belong in an imported (cached) module.
    source = (ROOT / "main.py").read_text()
    docstring = ast.parse(source).body[0]
    assert isinstance(docstring, ast.Expr)  # then the launcher: the guard, and an import
    guard_line = source[: source.find("_signal.signal(_signal.SIGINT")].count("\n") + 1
    assert 0 < guard_line - docstring.end_lineno <= 5
    assert len(source.splitlines()) - docstring.end_lineno <= 25


# --- atomic output files; a failing gen seed ------------------------------------------------------


def test_gen_interrupted_leaves_the_old_file_and_no_temporary_file(tmp_path):
    target = tmp_path / "puzzles.txt"
    target.write_text("my old puzzles\n")
    proc = start("gen", "-n", "1000", "--seed", "1", "-o", str(target), stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + WAIT
        while not any((tmp_path / name).stat().st_size for name in temporary_files(tmp_path)):
            assert time.monotonic() < deadline and proc.poll() is None, "gen wrote nothing"
            time.sleep(0.01)
        proc.send_signal(signal.SIGINT)  # mid-run: some puzzles are in the temporary file
        assert proc.wait(WAIT) == 130
    finally:
        proc.kill()
        proc.wait()
    assert no_traceback(proc.stderr.read())
    assert target.read_text() == "my old puzzles\n"
    assert temporary_files(tmp_path) == []


@pytest.fixture
def old_file(tmp_path):
    target = tmp_path / "out.sdk"
    target.write_text("old\n")
    target.chmod(0o640)
    return target


def test_convert_to_a_file_replaces_it_keeping_its_permissions(tmp_path, old_file):
    source = tmp_path / "in.txt"
    source.write_text(f"{EASY}\n{EASY}\n")
    assert run(["convert", "--to", "sdm", str(source), "-o", str(old_file)]) == (0, "")
    assert old_file.read_text() == f"{EASY}\n{EASY}\n"
    assert old_file.stat().st_mode & 0o777 == 0o640
    assert temporary_files(tmp_path) == []


def test_convert_whose_input_fails_leaves_the_old_file(tmp_path, old_file, monkeypatch, capsys):
    monkeypatch.setattr(batch, "MAX_SKIP", 1 << 21)
    source = tmp_path / "in.txt"
    source.write_bytes(f"{EASY}\n".encode() + b"7" * (4 << 20))  # a puzzle, then an endless line
    assert run(["convert", "--to", "sdk", str(source), "-o", str(old_file)])[0] == 2
    assert "goes on past 2 MiB" in capsys.readouterr().err
    assert run(["convert", "--to", "sdk", str(tmp_path / "missing"), "-o", str(old_file)])[0] == 2
    assert old_file.read_text() == "old\n" and temporary_files(tmp_path) == []


def test_convert_interrupted_leaves_the_old_file(tmp_path, old_file, monkeypatch):
    calls = []

    def interrupt_on_the_second(puzzle, fmt, *, first=True):
        calls.append(puzzle)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return format_puzzle(puzzle, fmt, first=first)

    monkeypatch.setattr(batch, "format_puzzle", interrupt_on_the_second)
    source = tmp_path / "in.txt"
    source.write_text(f"{EASY}\n{EASY}\n{EASY}\n")
    assert run(["convert", "--to", "sdk", str(source), "-o", str(old_file)])[0] == 130
    assert old_file.read_text() == "old\n" and temporary_files(tmp_path) == []


@pytest.mark.parametrize("to_file", [False, True])
def test_a_failing_gen_seed_is_reported_and_the_batch_goes_on(tmp_path, monkeypatch, capsys, to_file):
    import generator
    from generator import GenerationError

    real = generator.generate

    def generate(level, seed=None, **options):
        if seed == 6:
            raise GenerationError("no puzzle of this level within 50 attempts")
        return real(level, seed, **options)

    monkeypatch.setattr(generator, "generate", generate)
    target = tmp_path / "gen.txt"
    argv = ["gen", "-n", "3", "--seed", "5"] + (["-o", str(target)] if to_file else [])
    code, out = run(argv)
    text = target.read_text() if to_file else out
    assert code == 1
    assert capsys.readouterr().err == "error: seed 6: no puzzle of this level within 50 attempts\n"
    assert text.splitlines() == [run(["gen", "--seed", str(seed)])[1].strip() for seed in (5, 7)]


# --- gen -o with standard output closed -----------------------------------------------------------


def test_gen_to_a_file_works_with_standard_output_closed(tmp_path):
    target = tmp_path / "gen.txt"
    command = f"exec {shlex.quote(sys.executable)} main.py gen -n 2 --seed 3 -o {shlex.quote(str(target))} >&-"
    result = subprocess.run(command, shell=True, cwd=ROOT, stderr=subprocess.PIPE, timeout=60, check=False)
    assert (result.returncode, result.stderr) == (0, b"")
    assert target.read_text() == run(["gen", "-n", "2", "--seed", "3"])[1]
    closed = subprocess.run(
        f"exec {shlex.quote(sys.executable)} main.py solve - >&-",
        shell=True,
        cwd=ROOT,
        input=EASY.encode(),
        stderr=subprocess.PIPE,
        timeout=60,
        check=False,
    )
    assert closed.returncode == 2
    assert closed.stderr == b"error: cannot write the output: standard output is closed\n"


# --- every format in and out ----------------------------------------------------------------------


def _pm_puzzle() -> PuzzleRecord:
    """EASY with r5c6=4 placed and two candidates eliminated (r1c2<>7, r9c9<>6)."""
    values = [0 if ch == "0" else int(ch) for ch in EASY]
    values[4 * 9 + 5] = 4
    candidates = basic_candidates(values)
    candidates[1] &= ~BIT[7]
    candidates[80] &= ~BIT[6]
    return PuzzleRecord(values, candidates=candidates)


PUZZLES = [
    PuzzleRecord(
        [0 if ch == "." else int(ch) for ch in SUDOCUE],
        metadata={"author": "Ruud", "level": "Easy", "comment": "two\nlines"},
    ),
    PuzzleRecord([0 if ch == "0" else int(ch) for ch in EASY]),
    _pm_puzzle(),
]


def _file(tmp_path, name: str, fmt: str) -> Path:
    path = tmp_path / name
    path.write_text("".join(format_puzzle(p, fmt, first=i == 0) for i, p in enumerate(PUZZLES)))
    return path


def _read(path: Path) -> list[PuzzleRecord]:
    return list(read_puzzles(batch.read_lines(io.BytesIO(path.read_bytes()))))


@pytest.mark.parametrize("a", FORMATS)
def test_convert_round_trips_every_format(tmp_path, a):
    original = _file(tmp_path, f"puzzles.{a}", a)
    for b in FORMATS:
        middle, back = tmp_path / f"{a}-{b}", tmp_path / f"{a}-{b}-{a}"
        assert run(["convert", "--to", b, str(original), "-o", str(middle)]) == (0, "")
        assert run(["convert", "--to", a, str(middle), "-o", str(back)]) == (0, "")
        if a == b or a not in ("sdk", "hodoku"):  # nothing lost on the way: the very same text
            assert back.read_text() == original.read_text(), (a, b)
        puzzles = _read(back)
        assert [p.values for p in puzzles] == [p.values for p in PUZZLES], (a, b)
        assert [p.metadata for p in puzzles] == [p.metadata if a == b == "sdk" else {} for p in PUZZLES]
        if a == "hodoku":
            assert [p.candidates for p in puzzles] == [
                p.candidates if b == "hodoku" and p.candidates else basic_candidates(p.values) for p in PUZZLES
            ]


def test_from_forces_the_format(tmp_path, monkeypatch):
    grid = _file(tmp_path, "puzzles.sdk", "sdk")
    code, out = run(["solve", "--from", "line", str(grid)])
    assert code == 1 and out.splitlines() == ["invalid: expected 81 cells, got 9"] * 27
    assert run(["solve", "--from", "sdk", str(grid)])[0] == 0
    code, out = run(["solve", "--from", "sdk"], f"{EASY}\n", monkeypatch)
    assert (code, out) == (1, "invalid: expected a row of a 9-row grid\n")
    code, out = run(["convert", "--to", "line", "--from", "hodoku", str(_file(tmp_path, "p.hodoku", "hodoku"))])
    assert code == 0 and out.splitlines()[1] == EASY_DOTS


@pytest.mark.parametrize("fmt", FORMATS)
def test_solve_rate_and_view_read_every_format(tmp_path, fmt):
    path = tmp_path / f"easy.{fmt}"
    path.write_text(format_puzzle(PUZZLES[1], fmt) + "\n" + format_puzzle(PUZZLES[1], fmt))
    assert run(["solve", str(path)]) == (0, f"{EASY_SOLUTION}\n{EASY_SOLUTION}\n")
    code, out = run(["rate", str(path)])
    assert code == 0 and [line.split()[:2] for line in out.splitlines()] == [[EASY_DOTS, "easy"]] * 2
    code, out = run(["view", str(path)])
    assert code == 0 and out.count(f"{EASY_DOTS}  (32 givens)\n. . 3 | . 2 . | 6 . .\n") == 2


# --- rate --json carries the interest metrics -----------------------------------------------------


def test_rate_json_has_every_field_of_the_grade(monkeypatch):
    from solver.grading import grade
    from solver.grid import Grid

    code, out = run(["rate", "--json"], f"{EASY}\n", monkeypatch)
    record = json.loads(out)
    assert code == 0
    assert {"depth", "width_max", "width_mean", "bottlenecks", "interest"} <= set(record)
    expected = json.loads(json.dumps(grade(Grid([0 if c == "0" else int(c) for c in EASY])).to_dict()))
    assert record == {"puzzle": EASY_DOTS, **expected, "line": 1}
    assert isinstance(record["depth"], int) and isinstance(record["interest"], (int, float))
