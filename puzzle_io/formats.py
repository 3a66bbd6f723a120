"""Puzzle file formats: read them line by line, write them one puzzle at a time.

Formats (``FORMATS``; the file extension people use in brackets):
  line    one puzzle per line: 81 characters, ``.`` or ``0`` for an empty cell; more tokens may
          follow (``puzzle solution``) or precede it (``id puzzle rating``), ``#`` starts a comment.
          Written with ``.``.
  sdm     SudoCue's collection [.sdm]: a line per puzzle; written with ``0`` for an empty cell.
  sdk     SadMan Sudoku's puzzle [.sdk] as SudoCue extends it: ``#`` + a letter metadata lines
          (``METADATA_KEYS``: #A author, #D description, #C comment, #B date, #S source,
          #L level, #U source URL), then 9 rows of 9 characters, ``.`` for an empty cell.
          A ``[Puzzle]`` section header is skipped.
  ss      Simple Sudoku's puzzle [.ss]: 9 rows such as ``2..|1.5|..3``, a ``-----------`` rule
          under rows 3 and 6. Its framed clipboard form (``*-----------*``, ``|---+---+---|``)
          is read too.
  hodoku  HoDoKu's pencil-mark grid (Edit > Copy pm grid): a boxed grid whose cells hold a placed
          digit or the candidate digits (``.`` for a cell with none), rules such as
          ``.-------.-------.-------.``, ``:-------+-------+-------:`` and ``'-------'...'``.
          One digit alone is a placed value unless a peer still has that digit as a candidate;
          then it is a cell with one candidate (HoDoKu's own rule for this ambiguity).
  url     a SudokuWiki-style link: ``https://www.sudokuwiki.org/sudoku.htm?bd=`` and 81 cells
          (written with ``0``); any line with ``bd=`` and 81 cells after it is read.

Reading (``read_puzzles``) takes numbered lines as bytes and yields, in input order, one
``PuzzleRecord`` per puzzle and one ``BadLine`` per line that should have been one and is not (the
line number and what is wrong). The format is worked out line by line from the content:
9 consecutive grid rows (up to 13 lines, with rule lines only before the grid, after rows 3
and 6 and after the grid) are one puzzle; rows that do not complete such a grid are each
reported on their own line. A grid row is 9 cells: 9 tokens (a digit, ``.``/``0``, or pencil
marks) or 9 cell characters, whole or in boxes of 3 (``..3|.2.|6..``), ``|`` a separator.
Houses are not checked here (the exact solver and ``Grid`` do that); ``check_houses`` in
solver.grid says "two 5s in row 3".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeAlias, final

from solver.errors import PuzzleFormatError
from solver.grid import ALL_DIGITS, BIT, DIGITS_OF, HOUSES, HOUSES_OF, PEERS, POPCOUNT, cell_name

FORMATS = ("line", "sdm", "sdk", "ss", "hodoku", "url")
GRID_FORMATS = ("sdk", "ss", "hodoku")  # a puzzle spans several lines
METADATA_KEYS = {
    "A": "author",
    "D": "description",
    "C": "comment",
    "B": "date",
    "S": "source",
    "L": "level",
    "U": "url",
}
URL_PREFIX = "https://www.sudokuwiki.org/sudoku.htm?bd="
BOM = b"\xef\xbb\xbf"

_CELL_CHARS = ".0123456789"
_CELL_BYTES = _CELL_CHARS.encode()
_VALUE_OF = bytes.maketrans(_CELL_BYTES, bytes([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
_TEXT_OF = {empty: empty.encode() + b"123456789" + b"\xff" * 246 for empty in ".0"}  # >9: not ASCII
_KEY_OF = {name: letter for letter, name in METADATA_KEYS.items()}
_PM_TOKEN = re.compile(r"[1-9]{1,9}|[.0]")
_BD = re.compile(r"bd=([^&#\s]*)")
_RULE_CHARS = "-+|.:'*= "
_MAX_GRID_LINE = 500  # longer lines are never grid rows or rules (bounds what a block holds)
_MAX_METADATA = 4096  # characters a metadata field keeps (#C comments, ...) for one puzzle


@dataclass(slots=True)
class PuzzleRecord:
    """A puzzle as read from a file, or to be written.

    values      81 ints, 0 = empty (givens, and placed digits of a pencil-mark grid).
    line        the 1-based line it starts on (0 when it was not read from a file).
    candidates  81 masks (bit d-1 = digit d, 0 for a filled cell) when the source gave them
                (HoDoKu's grid), else None: the basic rule applies.
    metadata    name -> text from .sdk lines (``METADATA_KEYS``' names); a repeated key's texts
                are joined with newlines.
    """

    values: list[int]
    line: int = 0
    candidates: list[int] | None = None
    metadata: dict[str, str] = field(default_factory=dict)

    def to_string(self, empty: str = ".") -> str:
        """The 81-character line, ``empty`` (``.`` or ``0``) for an empty cell."""
        return to_line(self.values, empty)


@final  # the readers tell it from a PuzzleRecord by ``type(entry) is BadLine``
@dataclass(slots=True)
class BadLine:
    """A line that should hold a puzzle (or a grid row) and does not.

    line   its 1-based number; error  what is wrong ("expected 81 cells, got 80",
    "bad byte 0xff at column 3", "line too long"); text  the offending token or line, or None
    when it could not be decoded or kept.
    """

    line: int
    error: str
    text: str | None = None


def to_line(values: Sequence[int], empty: str = ".") -> str:
    """81 ints (0 = empty) as an 81-character line, ``empty`` (``.`` or ``0``) for an empty cell.
    Raises ValueError for a value outside 0..9 (KeyError for another ``empty``)."""
    try:
        return bytes(values).translate(_TEXT_OF[empty]).decode("ascii")
    except UnicodeDecodeError as error:
        raise ValueError(f"value {values[error.start]} in cell {error.start + 1} is not 0..9") from None


def values_from_cells(cells: str) -> list[int]:
    """81 ints (0 = empty) from 81 cell characters (``1``-``9``, ``.`` or ``0``).

    Raises:
        PuzzleFormatError: a bad character (its 1-based position and cell named first) or a
            count other than 81.
    """
    for position, ch in enumerate(cells[:81]):
        if ch not in _CELL_CHARS:
            raise PuzzleFormatError(f"bad character {ch!r} at position {position + 1} ({cell_name(position)})")
    if len(cells) != 81:
        raise PuzzleFormatError(f"expected 81 cells, got {len(cells)}")
    return list(cells.encode("ascii").translate(_VALUE_OF))


def read_puzzles(lines: Iterable[tuple[int, bytes | None]], fmt: str | None = None) -> Iterator[PuzzleRecord | BadLine]:
    """Puzzles and bad lines, in input order, from numbered lines.

    ``lines`` yields (line number, the line's bytes without its newline), or None in place of
    the bytes for a line too long to keep (puzzle_io.batch.read_lines); it is consumed lazily,
    one line at a time, so a slow producer's puzzles come out as they come in. ``fmt`` (one of
    ``FORMATS``) forces a format; None works it out from each line. A UTF-8 byte order mark at
    the start is skipped; a line that is not UTF-8 is a ``BadLine``.

    Raises:
        ValueError: ``fmt`` is not one of ``FORMATS``.
    """
    reader = _Reader(fmt)
    single = fmt in (None, "line", "sdm")
    for number, raw in lines:
        if single and raw is not None and not reader.pending:
            text = raw.strip()  # the hot path: a bare 81-character line
            if len(text) == 81 and not text.translate(None, _CELL_BYTES):
                reader.after_grid = False  # a rule line after this is not a grid's bottom rule
                yield PuzzleRecord(list(text.translate(_VALUE_OF)), number, None, reader.take_metadata())
                continue
        yield from reader.feed(number, raw)
    yield from reader.close()


# What ``_Reader._classify`` makes of a line: its kind and the payload that kind carries.
_Classified: TypeAlias = (
    tuple[Literal["row"], list[str]]
    | tuple[Literal["line", "url", "other"], str]
    | tuple[Literal["blank", "header", "rule"], None]
)


class _Reader:
    """The line-by-line state machine behind ``read_puzzles``: metadata waiting for its puzzle
    and the lines of a grid that is not complete yet."""

    def __init__(self, fmt: str | None):
        if fmt is not None and fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
        self.fmt = fmt
        self.metadata: dict[str, str] = {}
        self.pending: list[tuple[int, str, list[str] | None]] = []  # (line, text, cells or None)
        self.rows = 0
        self.rules: set[int] = set()  # rows above each rule line of the pending grid
        self.after_grid = False  # a grid just ended: one rule line under it belongs to it

    def take_metadata(self) -> dict[str, str]:
        metadata, self.metadata = self.metadata, {}
        return metadata

    def feed(self, number: int, raw: bytes | None) -> list[PuzzleRecord | BadLine]:
        out: list[PuzzleRecord | BadLine] = []
        if raw is None:
            self._abandon(out)
            self.metadata = {}  # it belonged to the puzzle that failed, as in ``_bad``
            out.append(BadLine(number, "line too long", None))
            return out
        if number == 1 and raw.startswith(BOM):
            raw = raw[len(BOM) :]
        stripped = raw.strip()
        if stripped.startswith(b"#"):
            comment = stripped.decode("utf-8", "replace")
            if self.pending and comment[1:2] in METADATA_KEYS:  # .sdk metadata comes before its
                self._abandon(out)  # grid, never inside one: the rows so far are no grid's
            self._comment(comment)
            return out
        try:
            text = stripped.decode("utf-8")
        except UnicodeDecodeError as error:
            self._abandon(out)
            self.metadata = {}  # it belonged to the puzzle that failed, as in ``_bad``
            column = len(raw) - len(raw.lstrip()) + error.start + 1
            out.append(BadLine(number, f"bad byte 0x{stripped[error.start]:02x} at column {column}"))
            return out
        line = self._classify(text)  # (kind, payload): a test of the kind narrows the payload's type
        if line[0] == "row":
            self._row(number, text, line[1], out)
        elif line[0] == "rule":
            self._rule(number, text, out)
        else:
            self._abandon(out)
            if line[0] == "line":
                out.append(self._puzzle(values_from_cells(line[1]), number))
            elif line[0] == "url":
                out.append(self._url(number, line[1]))
            elif line[0] == "other":
                out.append(self._bad(number, line[1]))
        return out

    def close(self) -> list[PuzzleRecord | BadLine]:
        out: list[PuzzleRecord | BadLine] = []
        self._abandon(out)
        return out

    # --- what a line is --------------------------------------------------------------------

    def _classify(self, text: str) -> _Classified:
        """("blank" | "header" | "line" | "url" | "row" | "rule" | "other", payload)."""
        body = text.split("#", 1)[0].strip()
        if not body or (body.startswith("[") and body.endswith("]")):
            return "blank", None
        fmt = self.fmt
        if "bd=" in body and fmt in (None, "url"):
            return "url", body
        if fmt == "url":
            return "other", body
        if fmt not in GRID_FORMATS:
            for token in body.split():
                if len(token) == 81 and not token.strip(_CELL_CHARS):
                    return "line", token
        if fmt not in ("line", "sdm") and len(body) <= _MAX_GRID_LINE:
            cells = body.replace("|", " ").split()
            if len(cells) == 9 and all(_PM_TOKEN.fullmatch(cell) for cell in cells):
                return "row", cells
            compact = "".join(cells)  # 9 cells as 1 token or boxes of 3 (``..3|.2.|6..``)
            if (
                len(compact) == 9
                and all(len(cell) * len(cells) == 9 for cell in cells)
                and not compact.strip(_CELL_CHARS)
            ):
                return "row", list(compact)
            if "---" in body and not body.strip(_RULE_CHARS):
                return "rule", None
        return "other", body

    def _comment(self, text: str) -> None:
        """A ``#`` line: .sdk metadata (``#A`` + author, ...) is kept for the next puzzle, up to
        ``_MAX_METADATA`` characters a field (lines past it are dropped: a file of nothing but
        ``#C`` lines must not grow one field without end)."""
        name = METADATA_KEYS.get(text[1:2])
        if name is not None:
            value = text[2:].strip()
            old = self.metadata.get(name)
            if old is None:
                self.metadata[name] = value[:_MAX_METADATA]
            elif len(old) + 1 + len(value) <= _MAX_METADATA:
                self.metadata[name] = f"{old}\n{value}"

    # --- grids -----------------------------------------------------------------------------

    def _row(self, number: int, text: str, cells: list[str], out: list[PuzzleRecord | BadLine]) -> None:
        self.after_grid = False
        self.pending.append((number, text, cells))
        self.rows += 1
        if self.rows == 9:
            first = self.pending[0][0]
            rows = [cells for _, _, cells in self.pending if cells is not None]
            self.pending, self.rows, self.rules = [], 0, set()
            out.append(self._grid(first, [cell for row in rows for cell in row]))
            self.after_grid = True

    def _rule(self, number: int, text: str, out: list[PuzzleRecord | BadLine]) -> None:
        if self.after_grid:
            self.after_grid = False  # the grid's bottom rule
            return
        if self.rows not in (0, 3, 6) or self.rows in self.rules:
            self._abandon(out)
        self.rules.add(self.rows)
        self.pending.append((number, text, None))

    def _abandon(self, out: list[PuzzleRecord | BadLine]) -> None:
        """The pending lines do not form a grid: each row is reported on its own line (a rule
        line is layout, not a puzzle, and is dropped)."""
        self.after_grid = False
        for number, text, cells in self.pending:
            if cells is None:
                continue
            if any(len(cell) > 1 for cell in cells):
                out.append(self._bad(number, text, "a pencil-mark row outside a 9-row grid"))
            elif self.fmt is None and len(text.split("#", 1)[0].strip()) == 9:
                out.append(self._bad(number, text))  # 9 bare cells: most likely a short line
            else:
                out.append(self._bad(number, text, "a grid row outside a 9-row grid"))
        self.pending, self.rows, self.rules = [], 0, set()

    def _grid(self, line: int, cells: list[str]) -> PuzzleRecord:
        if all(len(cell) == 1 for cell in cells):
            return self._puzzle(values_from_cells("".join(cells)), line)
        values, candidates = _pencil_marks(cells)
        return self._puzzle(values, line, candidates)

    # --- single lines ----------------------------------------------------------------------

    def _puzzle(self, values: list[int], line: int, candidates: list[int] | None = None) -> PuzzleRecord:
        return PuzzleRecord(values, line, candidates, self.take_metadata())

    def _url(self, number: int, body: str) -> PuzzleRecord | BadLine:
        match = _BD.search(body)
        cells = match.group(1) if match else ""
        try:
            return self._puzzle(values_from_cells(cells), number)
        except PuzzleFormatError as error:
            return self._bad(number, body, f"the link's bd=: {error}")

    def _bad(self, number: int, text: str, error: str | None = None) -> BadLine:
        self.metadata = {}  # it belonged to the puzzle that failed
        if error is None:
            if self.fmt == "url":
                error = "expected a link with bd= and 81 cells"
            elif self.fmt in GRID_FORMATS:
                error = "expected a row of a 9-row grid"
            else:
                token = max(text.split("#", 1)[0].split() or [""], key=len)
                try:
                    values_from_cells(token)
                    error = "expected 81 cells"  # not reached: 81 good cells are a puzzle
                except PuzzleFormatError as problem:
                    error, text = str(problem), token
        return BadLine(number, error, text)


def _pencil_marks(cells: list[str]) -> tuple[list[int], list[int]]:
    """Values and candidates of a pencil-mark grid's 81 cell strings (see the module's hodoku)."""
    masks = [0 if cell in ".0" else sum(BIT[int(d)] for d in set(cell)) for cell in cells]
    values = [0] * 81
    for cell, mask in enumerate(masks):
        if POPCOUNT[mask] == 1 and len(cells[cell]) == 1:
            if not any(not values[p] and masks[p] & mask for p in PEERS[cell]):
                values[cell] = DIGITS_OF[mask][0]
    candidates = [0 if values[cell] else mask for cell, mask in enumerate(masks)]
    return values, candidates


def basic_candidates(values: list[int]) -> list[int]:
    """81 masks by the basic rule: a digit is a candidate of an empty cell when no peer holds it
    (0 for a filled cell); ``values`` is 81 ints, 0 = empty."""
    used = [0] * 27
    for house, cells in enumerate(HOUSES):
        for cell in cells:
            used[house] |= BIT[values[cell]]
    return [
        0 if values[cell] else ALL_DIGITS & ~(used[r] | used[c] | used[b]) for cell, (r, c, b) in enumerate(HOUSES_OF)
    ]


# --- writing --------------------------------------------------------------------------------------


def format_puzzle(puzzle: PuzzleRecord, fmt: str, *, first: bool = True) -> str:
    """The text of one puzzle in format ``fmt`` (one of ``FORMATS``), ending with a newline.

    ``first`` False puts a blank line before a grid format's puzzle, to separate it from the one
    before. Only sdk writes ``metadata``; only hodoku writes ``candidates`` (the basic rule's
    when the puzzle has none). Raises ValueError for an unknown format.
    """
    if fmt == "line":
        return puzzle.to_string(".") + "\n"
    if fmt == "sdm":
        return puzzle.to_string("0") + "\n"
    if fmt == "url":
        return URL_PREFIX + puzzle.to_string("0") + "\n"
    if fmt not in GRID_FORMATS:
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    text = puzzle.to_string(".")
    rows = [text[r * 9 : r * 9 + 9] for r in range(9)]
    lines: list[str] = []
    if fmt == "sdk":
        for name, value in puzzle.metadata.items():
            lines += [f"#{_KEY_OF[name]}{part}" for part in value.split("\n") if name in _KEY_OF]
        lines += rows
    elif fmt == "ss":
        for r, row in enumerate(rows):
            if r in (3, 6):
                lines.append("-----------")
            lines.append(f"{row[:3]}|{row[3:6]}|{row[6:]}")
    else:
        lines = _hodoku_lines(puzzle)
    return ("" if first else "\n") + "\n".join(lines) + "\n"


def _hodoku_lines(puzzle: PuzzleRecord) -> list[str]:
    """HoDoKu's pencil-mark layout: each column as wide as its longest cell plus 2, cells left
    aligned, ``|`` between boxes, rule lines ``.`` / ``:`` and ``+`` / ``'`` at the corners."""
    candidates = puzzle.candidates or basic_candidates(puzzle.values)
    cells = [
        str(v) if v else "".join(map(str, DIGITS_OF[candidates[cell]])) or "." for cell, v in enumerate(puzzle.values)
    ]
    widths = [max(len(cells[r * 9 + c]) for r in range(9)) + 2 for c in range(9)]
    spans = [sum(widths[b * 3 : b * 3 + 3]) for b in range(3)]

    def rule(edge: str, middle: str) -> str:
        return edge + middle.join("-" * span for span in spans) + edge

    lines = [rule(".", ".")]
    for r in range(9):
        if r in (3, 6):
            lines.append(rule(":", "+"))
        parts = []
        for c in range(9):
            parts.append(("| " if c % 3 == 0 else " ") + cells[r * 9 + c].ljust(widths[c] - 1))
        lines.append("".join(parts) + "|")
    lines.append(rule("'", "'"))
    return lines
