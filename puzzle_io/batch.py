"""The batch commands' work and plumbing: solve, rate, view and convert a stream of puzzles,
one result per entry in input order; input read line by line in bounded memory and output that
reaches its reader as it is made (files are replaced atomically by ``puzzle_io.atomic``).
Nothing here prints: results
go to the ``out`` a caller passes (anything with ``write(str)`` and ``flush()``: it is flushed
before work that may take long, such as a grade), messages to its ``report``.

Glossary:
  chunk      one read from the input: at most ``CHUNK`` bytes, whatever is there (a pipe gives
             what its producer wrote so far).
  long line  a line of more than ``MAX_LINE`` bytes: reported as None and not kept; reading
             stops with ``InputError`` if it goes on past ``MAX_SKIP`` bytes (``/dev/zero``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, BinaryIO, Protocol, TextIO, cast

from puzzle_io.formats import BadLine, PuzzleRecord, format_puzzle, read_puzzles, to_line
from solver.errors import NoSolutionError, PuzzleError, PuzzleFormatError

if TYPE_CHECKING:
    from solver.human import SolvePath

CHUNK = 1 << 16
MAX_LINE = 1 << 20  # 1 MiB: no puzzle line comes near it
MAX_SKIP = 1 << 26  # 64 MiB: a "line" this long is not a puzzle file


STATUS_TEXT = {"none": "no solution", "multiple": "multiple solutions"}


class InputError(Exception):
    """The input cannot be read (any further); the message names the source and the reason."""


def read_source(
    source: str, fmt: str | None, stdin: TextIO | None, before_read: Callable[[], None] | None = None
) -> Iterator[PuzzleRecord | BadLine]:
    """The puzzles and bad lines of ``source`` (a path, or ``-`` for ``stdin``) in format
    ``fmt`` (None: worked out from the content), read as they are asked for; ``before_read``
    as in ``read_lines``. Raises InputError (see ``open_input`` and ``read_lines``)."""
    name = "standard input" if source == "-" else source
    stream = open_input(source, stdin)
    try:
        yield from read_puzzles(read_lines(stream, before_read, name), fmt)
    finally:
        if source != "-":
            stream.close()


def exact_status(entry: PuzzleRecord | BadLine, method: str = "wave") -> tuple[str, list[int] | None, str | None]:
    """(status, the solution when unique, what is wrong otherwise) of one entry by the exact
    solver (solver.exact, ``method``): status "unique", "none", "multiple" or "invalid" (a bad
    line, or a digit twice in a house: the solver finds it while it places the givens, so the
    houses are checked once)."""
    from solver.exact import search  # here: convert and gen never load the exact solver

    if type(entry) is BadLine:
        return "invalid", None, entry.error
    try:
        solutions, _ = search(entry.values, method, 2)
    except PuzzleError as error:
        return "invalid", None, str(error)
    if len(solutions) == 1:
        return "unique", solutions[0], None
    status = "none" if not solutions else "multiple"
    return status, None, STATUS_TEXT[status]


def open_input(source: str, stdin: TextIO | None) -> BinaryIO | _EncodedText:
    """The bytes of ``source``: a file path, or ``-`` for ``stdin`` (a text stream; its binary
    buffer is read when it has one).

    Raises:
        InputError: the file cannot be opened, or standard input is closed (``stdin`` is None).
    """
    if source == "-":
        if stdin is None:
            raise InputError("cannot read standard input: it is closed")
        buffer = getattr(stdin, "buffer", None)
        return buffer if buffer is not None else _EncodedText(stdin)
    try:
        return open(source, "rb", buffering=0)
    except OSError as error:
        raise InputError(f"cannot read {source}: {error.strerror or error}") from None


class _EncodedText:
    """A text stream read as UTF-8 bytes (standard input replaced by a StringIO, say)."""

    def __init__(self, stream: TextIO):
        self.stream = stream

    def read(self, size: int) -> bytes:
        return self.stream.read(size).encode("utf-8", "surrogatepass")

    def close(self) -> None:
        self.stream.close()


def read_lines(
    stream: BinaryIO | _EncodedText, before_read: Callable[[], None] | None = None, name: str = "the input"
) -> Iterator[tuple[int, bytes | None]]:
    """Yield (line number from 1, the line's bytes without its end), one line at a time. A line
    ends at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (an old Mac file's), as Python's universal
    newlines read them.

    Memory stays under ``MAX_LINE`` + ``CHUNK`` bytes: a longer line is yielded as None and
    skipped to its end. ``before_read`` is called before every read that may wait for the
    producer (flush the output there, so a reader downstream sees every result so far).

    Raises:
        InputError: a read fails, or one line goes on past ``MAX_SKIP`` bytes.
    """
    read = getattr(stream, "read1", None) or stream.read
    number, rest, skipping, skipped, after_cr = 0, b"", False, 0, False
    while True:
        chunk = _read(read, before_read, name)
        if not chunk:
            break
        if after_cr and chunk.startswith(b"\n"):
            chunk = chunk[1:]  # the \n of a \r\n that the last read cut in two
        after_cr = chunk.endswith(b"\r")
        if b"\r" in chunk:
            chunk = chunk.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        if skipping:  # the rest of a long line
            end = chunk.find(b"\n")
            if end < 0:
                skipped += len(chunk)
                if skipped > MAX_SKIP:
                    raise InputError(
                        f"cannot read {name}: line {number} goes on past "
                        f"{MAX_SKIP >> 20} MiB without a line break (not a "
                        "puzzle file)"
                    )
                continue
            chunk, skipping = chunk[end + 1 :], False
        lines = (rest + chunk if rest else chunk).split(b"\n")
        rest = lines.pop()
        for line in lines:
            number += 1
            yield number, (line if len(line) <= MAX_LINE else None)
        if len(rest) > MAX_LINE:
            number += 1
            yield number, None
            skipping, skipped, rest = True, len(rest), b""
    if rest:
        yield number + 1, rest


def _read(read: Callable[[int], bytes], before_read: Callable[[], None] | None, name: str) -> bytes:
    if before_read is not None:
        before_read()
    try:
        return read(CHUNK) or b""
    except OSError as error:
        raise InputError(f"cannot read {name}: {error.strerror or error}") from None


class TextSink(Protocol):
    """Where the batch commands write: an ``Output``, or any text stream."""

    def write(self, text: str, /) -> object: ...

    def flush(self) -> object: ...


def solve_batch(
    entries: Iterator[PuzzleRecord | BadLine],
    out: TextSink,
    *,
    method: str = "wave",
    as_json: bool = False,
    steps: bool = False,
    uniqueness: bool = True,
) -> int:
    """Solve each entry; return how many were invalid, unsolvable or ambiguous.

    Per entry ``out`` gets the solution (81 characters), ``invalid: WHAT``, ``no solution`` or
    ``multiple solutions``; with ``steps`` the human solver's numbered steps follow a solution
    (``uniqueness`` False: without the techniques that assume one solution); with ``as_json``
    one object per entry: puzzle, status, solution, error (steps, solved_by_steps), line.
    """
    problems = 0
    plain = not (as_json or steps)
    for entry in entries:
        status, solution, error = exact_status(entry, method)
        if status != "unique":
            problems += 1
        result = to_line(solution) if solution else f"invalid: {error}" if status == "invalid" else STATUS_TEXT[status]
        if plain:
            out.write(result + "\n")
            continue
        path = None
        if steps and solution:
            out.flush()  # the human solver may take a while: the results so far go out first
            try:
                path = _human_path(cast(PuzzleRecord, entry), solution, uniqueness)  # solved: a PuzzleRecord
            except NoSolutionError as wrong_marks:
                problems += 1
                error = str(wrong_marks)
        if not as_json:
            out.write(result + "\n")
            if error and solution:
                out.write(f"  ({error})\n")
            for number, step in enumerate(path.steps if path else (), 1):
                out.write(f"  {number}. {step}\n")
            if path and not path.solved:
                out.write("  (the human techniques stop here: the rest is beyond them)\n")
            continue
        record: dict[str, object] = {
            "puzzle": entry.text if type(entry) is BadLine else entry.to_string(),
            "status": status,
            "solution": solution and to_line(solution),
            "error": error,
        }
        if path:
            record["steps"] = [step.to_dict() for step in path.steps]
            record["solved_by_steps"] = path.solved
        record["line"] = entry.line
        out.write(json_line(record))
    return problems


def _human_path(puzzle: PuzzleRecord, solution: Sequence[int], uniqueness: bool) -> SolvePath:
    """The human solver's path (solver.human.SolvePath) through a puzzle with one solution,
    ``solution``, from its pencil marks when it has them (a HoDoKu grid's candidates).

    Raises:
        NoSolutionError: the marks leave out a digit of the solution (the error names it).
    """
    from solver.grading import with_marks
    from solver.grid import Grid
    from solver.human import solve_path
    from solver.levels import Level

    grid = Grid(puzzle.values)
    if puzzle.candidates is not None:
        grid = with_marks(grid, puzzle.candidates, solution)
    return solve_path(grid, max_level=Level.MASTER, uniqueness=uniqueness)


def rate_batch(
    entries: Iterator[PuzzleRecord | BadLine],
    out: TextSink,
    *,
    as_json: bool = False,
    uniqueness: bool = True,
    se_config: str = "bank",
) -> int:
    """Grade each entry (solver.grading); return how many could not be graded (invalid, no
    solution, several). Per entry ``out`` gets one line: the puzzle, level, score, SE estimate,
    steps, layers, hardest technique and the techniques used, or what is wrong; with
    ``as_json`` the puzzle, ``Grade.to_dict()`` and line (or puzzle, error and line).
    ``se_config``: the Sudoku Explainer technique set (``solver.se.rating.SE_CONFIGS``)."""
    from solver.grading import grade
    from solver.grid import Grid

    problems = 0
    for entry in entries:
        try:
            if type(entry) is BadLine:
                raise PuzzleFormatError(entry.error)
            out.flush()  # a grade may take seconds: the results so far go out first
            result = grade(Grid(entry.values), uniqueness=uniqueness, se_config=se_config, marks=entry.candidates)
        except PuzzleError as error:
            problems += 1
            if as_json:
                text = entry.text if type(entry) is BadLine else entry.to_string()
                out.write(json_line({"puzzle": text, "error": str(error), "line": entry.line}))
            else:
                prefix = "invalid: " if isinstance(error, PuzzleFormatError) else ""
                out.write(f"{prefix}{error}\n")
            continue
        if as_json:
            out.write(json_line({"puzzle": entry.to_string(), **result.to_dict(), "line": entry.line}))
            continue
        used = ", ".join(f"{name} x{count}" for name, count in result.techniques.items())
        level = result.level.name.lower()
        if result.hodoku_level != result.level:
            level += f" (HoDoKu: {result.hodoku_level.hodoku_name.lower()})"
        se_text = f"{result.se:.1f}" if result.se_solved else f">{result.se:.1f}"
        out.write(
            f"{entry.to_string()}  {level:<6}  score {result.score:>5}  SE {se_text}"
            f"  steps {result.steps:>3}  layers {result.layers:>3}"
            f"  hardest: {result.hardest or '-'}  [{used}]\n"
        )
    return problems


def view_batch(entries: Iterator[PuzzleRecord | BadLine], out: TextSink) -> int:
    """Print each entry as a boxed grid under a header (the puzzle, its givens, and "no
    solution" or "multiple solutions" when so), a blank line between entries; a bad entry is
    ``line N: invalid: WHAT``. Return how many were invalid, unsolvable or ambiguous."""
    from solver.grid import format_board

    problems = 0
    for index, entry in enumerate(entries):
        if index:
            out.write("\n")
        status, _, error = exact_status(entry)
        if status != "unique":
            problems += 1
        if status == "invalid":
            out.write(f"line {entry.line}: invalid: {error}\n")
            continue
        puzzle = cast(PuzzleRecord, entry)  # not invalid: a PuzzleRecord
        givens = sum(1 for v in puzzle.values if v)
        note = f", {STATUS_TEXT[status]}" if status != "unique" else ""
        noun = "given" if givens == 1 else "givens"
        out.write(f"{puzzle.to_string()}  ({givens} {noun}{note})\n{format_board(puzzle.values)}\n")
    return problems


def convert_batch(
    entries: Iterator[PuzzleRecord | BadLine], out: TextSink, fmt: str, report: Callable[[str], None]
) -> int:
    """Write each puzzle in format ``fmt`` (puzzle_io.formats.FORMATS); a bad entry or one with a
    digit twice in a house is skipped and reported (``line N: invalid: WHAT``). Return how many
    were skipped."""
    from solver.grid import check_houses

    problems, first = 0, True
    for entry in entries:
        try:
            if type(entry) is BadLine:
                raise PuzzleFormatError(entry.error)
            check_houses(entry.values)
        except PuzzleFormatError as error:
            problems += 1
            report(f"line {entry.line}: invalid: {error}")
            continue
        out.write(format_puzzle(entry, fmt, first=first))
        first = False
    return problems


def json_line(record: Mapping[str, object]) -> str:
    """One JSON object and a newline (json is imported on first use: a plain run starts faster)."""
    import json

    return json.dumps(record) + "\n"


class Output:
    """Text written in batches: ``write`` collects, and the collected text goes out (and is
    flushed) when ``flush`` is called or ``interval`` seconds have passed since the last time.
    ``written`` says whether anything was written at all.

    Errors of the stream (OSError: a full disk, a closed pipe) surface from ``write`` or
    ``flush``.
    """

    def __init__(self, stream: TextIO | None, interval: float = 0.1):
        self.stream = stream
        self.interval = interval
        self.written = False
        self._parts: list[str] = []
        self._last = time.monotonic()

    def write(self, text: str) -> None:
        self._parts.append(text)
        self.written = True
        if time.monotonic() - self._last >= self.interval:
            self.flush()

    def flush(self) -> None:
        self._last = time.monotonic()
        if self._parts:
            text = "".join(self._parts)
            self._parts.clear()
            assert self.stream is not None, "Output(None) is only for a command that writes nothing"
            self.stream.write(text)
        if self.stream is not None:
            self.stream.flush()
