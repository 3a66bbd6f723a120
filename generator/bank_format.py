"""The puzzle bank's files and records: what a bank holds, how one puzzle is verified and
recorded, and how files are read and written (atomically). The building and checking live in
generator.bank; this module is what they share.

Glossary:
  bank         a folder with one JSON file per level: ``easy.json``, ..., ``master.json``.
  record       one puzzle of a bank, a JSON object (``RECORD_KEYS``, plus ``INTEREST_KEYS``
               once measured): ``puzzle`` and ``solution`` are 81-character lines ('.' empty).
  work file    ``<level>.work.jsonl`` beside the bank file while a level is being built: a
               header line, then one line per finished puzzle (its ``index`` and ``attempt``
               and its record). It lets an interrupted build resume; it is removed once the
               level's bank file is written.
  index        puzzle k of a level in a build: its seed is ``puzzle_seed(seed, level, k)``,
               so the bank does not depend on which worker made what, or when.
  attempt      0, or more when puzzle k's first seeds failed (no puzzle, or a duplicate).

A bank file::

    {"format": "sudoku-bank", "version": 1, "level": "HARD",
     "build": {"seed": 1, "optimize_iterations": 0},
     "puzzles": [{"puzzle": "..3.5...", "solution": "1234...", "level": "HARD", "se": 4.2,
                  "score": 1230, "givens": 26, "seed": 1234567, "hardest": "X-Wing",
                  "depth": 14, "width_max": 9, "width_mean": 3.2, "bottlenecks": 5,
                  "interest": 41.5}, ...]}

``seed`` reproduces the puzzle with the generator the bank was built with:
``generator.generate(level, seed)`` (or, for a bank built with ``optimize_iterations`` K > 0,
``generator.optimize.optimize(level, K, seed=seed).pool[0]``). A later generator may make
another puzzle from it (the shipped Master puzzles predate Master's walk from near misses, and
most of their seeds now give other puzzles); ``bank check`` verifies the puzzles themselves.
Never imports pygame; never prints.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from puzzle_io.atomic import write_atomic
from puzzle_io.json_pieces import loads_in_pieces
from solver.levels import PLAYABLE_LEVELS, Level

if TYPE_CHECKING:
    from solver.grading import Grade

BANK_FORMAT = "sudoku-bank"
BANK_VERSION = 1
WORK_FORMAT = "sudoku-bank-work"
SHIPPED_BANK = Path(__file__).resolve().parents[1] / "assets" / "bank"
RECORD_KEYS = ("puzzle", "solution", "level", "se", "score", "givens", "seed", "hardest")
INTEREST_KEYS = ("depth", "width_max", "width_mean", "bottlenecks", "interest")
MAX_ATTEMPTS = 8  # seeds tried for one index before the build gives up
SEED_BITS = 48  # derived seeds stay exact in any JSON reader (below 2**53)
DIGITS = frozenset("123456789")
# A JSON object as read from or written to a bank or work file (a record, an entry, a header, an
# envelope): its values are of mixed types (str, int, float, None, lists, objects), hence Any.
JsonObject = dict[str, Any]


class BankError(Exception):
    """A bank folder or file that cannot be built, read or extended (the message says why)."""


class Rejected(Exception):
    """A puzzle that failed verification: ``kind`` is one of "format", "givens", "solution",
    "unique", "level", "hardest"; the message says what is wrong."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind

    def __reduce__(self) -> tuple[type[Rejected], tuple[str, str]]:  # crosses from a worker process intact
        return (Rejected, (self.kind, str(self)))


def bank_path(folder: str | os.PathLike[str], level: Level) -> Path:
    """The bank file of ``level`` in ``folder``: ``<folder>/hard.json``."""
    return Path(folder) / f"{level.name.lower()}.json"


def work_path(folder: str | os.PathLike[str], level: Level) -> Path:
    """The work file of ``level`` in ``folder``: ``<folder>/hard.work.jsonl``."""
    return Path(folder) / f"{level.name.lower()}.work.jsonl"


def puzzle_seed(seed: int, level: Level, index: int, attempt: int = 0) -> int:
    """The seed of puzzle ``index`` of ``level`` in a build from ``seed`` (its ``attempt``-th
    try): a 48-bit number hashed from the four, the same on every machine and in any order."""
    text = f"sudoku-bank/{seed}/{level.name}/{index}/{attempt}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[: SEED_BITS // 8], "big")


def seed_index(seed: int, level: Level, count: int) -> dict[int, tuple[int, int]]:
    """Every seed a build from ``seed`` may give puzzles 0..count-1 of ``level``, mapped to
    (index, attempt): how a puzzle of a finished bank file is put back in its place."""
    return {puzzle_seed(seed, level, k, a): (k, a) for k in range(count) for a in range(MAX_ATTEMPTS)}


# --- verifying and recording one puzzle ------------------------------------------------------


def check_text(puzzle: Any, solution: Any) -> None:
    """Raise ``Rejected`` ("format") unless both are 81-character lines ('.' or '0' for an
    empty cell in ``puzzle``; digits only in ``solution``), or ("givens") when a given of
    ``puzzle`` differs from ``solution``."""
    if not isinstance(puzzle, str) or len(puzzle) != 81 or not set(puzzle) <= DIGITS | {".", "0"}:
        raise Rejected("format", "the puzzle is not an 81-character line")
    if not isinstance(solution, str) or len(solution) != 81 or not set(solution) <= DIGITS:
        raise Rejected("format", "the solution is not 81 digits")
    for cell, (given, digit) in enumerate(zip(puzzle, solution)):
        if given in DIGITS and given != digit:
            raise Rejected(
                "givens", f"the given at r{cell // 9 + 1}c{cell % 9 + 1} is {given}, the solution has {digit}"
            )


@overload
def verify(
    puzzle: str,
    solution: str,
    level: Level,
    cancel: Callable[[], bool] | None = None,
    *,
    grade_it: Literal[True] = True,
    hardest: str | None = None,
) -> Grade: ...


@overload
def verify(
    puzzle: str,
    solution: str,
    level: Level,
    cancel: Callable[[], bool] | None = None,
    *,
    grade_it: Literal[False],
    hardest: str | None = None,
) -> None: ...


def verify(
    puzzle: str,
    solution: str,
    level: Level,
    cancel: Callable[[], bool] | None = None,
    *,
    grade_it: bool = True,
    hardest: str | None = None,
) -> Grade | None:
    """Check one puzzle from scratch and return its ``solver.grading.Grade`` (None when
    ``grade_it`` is False).

    ``puzzle`` and ``solution`` are 81-character lines. Checked in order: the text and the
    givens against the solution (``check_text``), that the puzzle has exactly one solution and
    that it is ``solution`` (one ``solver.exact.search`` for two solutions), and that the
    grade's level is exactly ``level``, then (when ``hardest`` is given: a record's) that the
    name of its hardest step is ``hardest``. With ``grade_it`` False only the level and that name
    are computed (``solver.grading.level_of``, without the score, SE estimate and layers): what
    ``bank check`` needs.

    Raises:
        Rejected: with kind "format", "givens", "solution", "unique", "level" or "hardest".
        InterruptedError: ``cancel()`` returned True during the grade.
    """
    from solver import exact
    from solver.errors import PuzzleFormatError
    from solver.grading import grade, level_of
    from solver.grid import parse_values

    check_text(puzzle, solution)
    answer = [int(ch) for ch in solution]
    try:
        values = parse_values(puzzle)
    except PuzzleFormatError as error:  # two equal givens in a house
        raise Rejected("unique", f"the puzzle has no solution: {error}") from None
    solutions, _ = exact.search(values, limit=2)  # uniqueness and the solution in one search
    if len(solutions) != 1:
        raise Rejected("unique", "the puzzle has no solution" if not solutions else "the puzzle has multiple solutions")
    if solutions[0] != answer:
        raise Rejected("solution", "the solution is not the puzzle's solution")
    result = grade(values, cancel=cancel) if grade_it else None
    found, found_hardest = (result.level, result.hardest) if result is not None else level_of(values, cancel=cancel)
    if found != level:
        raise Rejected("level", f"graded {found.label}, not {level.label} (hardest step: {found_hardest})")
    if hardest is not None and found_hardest != hardest:
        raise Rejected(
            "hardest", f"its hardest step is {found_hardest}, recorded as {hardest} (`bank regrade` renews the record)"
        )
    return result


def measure_interest(result: Grade) -> dict[str, int | float]:
    """The interest fields (``INTEREST_KEYS``) of a puzzle graded ``result``
    (``solver.interest``)."""
    measured = result.interest().to_dict()
    return {key: measured[key] for key in INTEREST_KEYS}


def make_record(
    puzzle: str, solution: str, level: Level, seed: int, result: Grade, interest: dict[str, int | float]
) -> JsonObject:
    """A bank record for a verified puzzle graded ``result``, made from ``seed``."""
    record: JsonObject = {
        "puzzle": puzzle,
        "solution": solution,
        "level": level.name,
        "se": result.se,
        "score": result.score,
        "givens": sum(1 for ch in puzzle if ch in DIGITS),
        "seed": seed,
        "hardest": result.hardest,
    }
    record.update(interest)
    return record


def record_fault(record: Any, level: Level) -> Rejected | None:
    """What is wrong with the shape of ``record`` as a puzzle of a ``level`` bank file (missing
    or mistyped fields, bad text, givens count), or None; nothing is solved here."""
    if not isinstance(record, dict):
        return Rejected("format", "a puzzle is not a JSON object")
    missing = [key for key in RECORD_KEYS if key not in record]
    if missing:
        return Rejected("format", f"missing {', '.join(missing)}")
    try:
        check_text(record["puzzle"], record["solution"])
    except Rejected as fault:
        return fault
    if record["level"] != level.name:
        return Rejected("level", f"its level is {record['level']!r} in the {level.name} file")
    if record["givens"] != sum(1 for ch in record["puzzle"] if ch in DIGITS):
        return Rejected(
            "givens",
            f"it says {record['givens']} givens, the puzzle has {sum(1 for ch in record['puzzle'] if ch in DIGITS)}",
        )
    if not isinstance(record["hardest"], str):
        return Rejected("format", "its hardest is not a technique's name")
    numbers = ("se", "score", "seed") + tuple(key for key in INTEREST_KEYS if key in record)
    for key in numbers:
        if not isinstance(record[key], (int, float)) or isinstance(record[key], bool):
            return Rejected("format", f"its {key} is not a number")
    return None


# --- files -----------------------------------------------------------------------------------


def _line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def bank_text(level: Level, build: dict[str, int], records: Iterable[JsonObject]) -> str:
    """A bank file's text: the envelope on the first line, then one puzzle per line."""
    head = _line({"format": BANK_FORMAT, "version": BANK_VERSION, "level": level.name, "build": build})
    lines = [_line(record) for record in records]
    return head[:-1] + ',"puzzles":[\n' + ",\n".join(lines) + "\n]}\n"


def read_bank_file(path: Path, level: Level, between: Callable[[], object] | None = None) -> JsonObject:
    """The envelope of ``level``'s bank file at ``path`` (``puzzles`` not checked one by one);
    ``between`` is called after each puzzle is decoded (see ``loads_in_pieces``).

    Raises:
        FileNotFoundError: there is no such file.
        BankError: the file is not readable JSON, not a bank file, of another version or level.
    """
    try:
        data = loads_in_pieces(path.read_bytes(), between)
    except FileNotFoundError:
        raise
    except (OSError, ValueError, RecursionError) as error:
        raise BankError(f"{path.name}: cannot be read ({error})") from None
    if not isinstance(data, dict) or data.get("format") != BANK_FORMAT:
        raise BankError(f"{path.name}: not a puzzle bank file")
    if data.get("version") != BANK_VERSION:
        raise BankError(f"{path.name}: bank format version {data.get('version')!r}, this program reads {BANK_VERSION}")
    if data.get("level") != level.name:
        raise BankError(f"{path.name}: holds level {data.get('level')!r}, expected {level.name}")
    if not isinstance(data.get("puzzles"), list):
        raise BankError(f"{path.name}: its puzzles are not a list")
    return data


def read_work_file(path: Path, header: JsonObject) -> dict[int, JsonObject]:
    """The finished puzzles of a work file, by index (the last record of an index wins); {}
    when there is none. A torn last line (a crash mid-write) is dropped.

    Raises:
        BankError: the work file belongs to another build (its header is not ``header``).
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as error:
        raise BankError(f"{path.name}: cannot be read ({error})") from None
    found: dict[int, JsonObject] = {}
    for number, line in enumerate(lines):
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # a line cut short by an interruption
        if number == 0:
            if entry != header:
                raise BankError(
                    f"{path.name} is from another build ({entry}); remove it or build with the same seed and options"
                )
            continue
        if isinstance(entry, dict) and isinstance(entry.get("index"), int):
            found[entry["index"]] = entry
    return found


class WorkFile:
    """A level's work file open for appending: ``add`` writes one finished puzzle as one line
    and fsyncs it, so an interruption loses at most the line being written."""

    def __init__(self, path: Path, header: JsonObject, entries: Iterable[JsonObject]):
        write_atomic(path, "".join(_line(item) + "\n" for item in [header, *entries]))
        self.path = path
        self._handle = path.open("a", encoding="utf-8")

    def add(self, entry: JsonObject) -> None:
        self._handle.write(_line(entry) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()


def bank_levels(folder: str | os.PathLike[str]) -> list[Level]:
    """The playable levels that have a bank file in ``folder``, easiest first."""
    return [level for level in PLAYABLE_LEVELS if bank_path(folder, level).is_file()]


# --- reading, for the game (nothing here starts processes: the game reads the bank on a thread) ---


@dataclass(frozen=True)
class BankPuzzle:
    """One puzzle of a bank as the game reads it: ``puzzle`` and ``solution`` are 81-character
    lines ('.' empty), ``level``, ``hardest`` (the hardest technique's name), ``seed``, ``se``
    (the Sudoku Explainer estimate), ``score`` and ``interest`` (None until measured)."""

    puzzle: str
    solution: str
    level: Level
    hardest: str | None
    seed: int | None
    se: float = 0.0
    score: int = 0
    interest: float | None = None

    @property
    def values(self) -> tuple[int, ...]:
        """The givens as 81 ints (0 = empty)."""
        return tuple(0 if ch in ".0" else ord(ch) - 48 for ch in self.puzzle)

    @property
    def solution_values(self) -> tuple[int, ...]:
        """The solution as 81 ints 1..9."""
        return tuple(ord(ch) - 48 for ch in self.solution)


def load_bank(
    folder: str | os.PathLike[str] | None, level: Level, between: Callable[[], object] | None = None
) -> tuple[BankPuzzle, ...]:
    """The puzzles of ``level`` in the bank at ``folder`` (None: the shipped bank), in the
    bank's order; () when the folder has no file for the level. Nothing is solved: a record
    whose puzzle or solution is not an 81-character line is left out (``check_bank`` finds it).
    About 15 ms for 1,000 puzzles. ``between`` is called after each puzzle is decoded and after
    each is taken (a reading thread's chance to let others run; see ``loads_in_pieces``).

    Raises:
        BankError: the level's file is not a readable bank file of this version and level.
    """
    path = bank_path(folder if folder is not None else SHIPPED_BANK, level)
    try:
        data = read_bank_file(path, level, between)
    except FileNotFoundError:
        return ()
    found = []
    for record in data["puzzles"]:
        if between is not None:
            between()
        if not isinstance(record, dict):
            continue
        puzzle, solution = record.get("puzzle"), record.get("solution")
        if not (isinstance(puzzle, str) and isinstance(solution, str) and len(puzzle) == len(solution) == 81):
            continue
        found.append(
            BankPuzzle(
                puzzle,
                solution,
                level,
                record.get("hardest"),
                record.get("seed"),
                record.get("se", 0.0),
                record.get("score", 0),
                record.get("interest"),
            )
        )
    return tuple(found)
