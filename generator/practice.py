"""Practice positions: where a technique is the very step the human solver takes next.

The shipped bank's puzzles are solved step by step (``solver.human.solve_path``, cheapest
technique first, as the grade is made); the position before a step of the technique asked for
is one to practise on: every cheaper technique has nothing there, so a solver started from that
position's candidates (``solve --steps --from hodoku``) takes that technique first. One position
per puzzle, so the positions differ; puzzles are taken in a seeded random order, from the
lowest level that can need the technique up.

The practice index (``practice.json`` beside the bank's level files) holds such positions
ready-made, so a request is a lookup: per technique up to ``PER_TECHNIQUE`` positions, each
from a different puzzle, found by solving the bank's puzzles in a seeded order
(``build_index``; ``bank build`` and ``bank practice`` write it). Format (version 1)::

    {"format": "sudoku-practice", "version": 1, "seed": 0, "per_technique": 24,
     "searched": 5000, "levels": {"Full House": "EASY", ...},
     "techniques": {"X-Wing": [{"level": "HARD", "index": 17, "puzzle": "<81 characters>",
                                "values": "<81 digits, 0 = empty>",
                                "candidates": "<81 masks, 3 hex digits each>"}, ...], ...}}

``levels`` names each technique's level, in the solver's order (cheapest first), so the
game lists them without loading the solver: those with positions, and those whose positions
are made on demand (``generator.practice_make.MAKEABLE``), which have no entry. ``level``,
``index`` and ``puzzle`` name the bank
puzzle the position comes from (its level file and place there, and its line, so reading the
index needs no bank file); ``candidates``
holds each cell's mask (bit d-1 = digit d; 000 for a filled cell). A technique the bank's
paths take fewer than ``MIN_POSITIONS`` times is topped up with images of its positions under
Sudoku's symmetries (``generator.practice_symmetry``): such a record has ``"isomorph": <seed>``, its
``puzzle`` the bank puzzle's image. Techniques the bank's paths
never take have no entry: ``practice_positions`` then searches the bank as before.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.bank_format import SHIPPED_BANK, BankError, load_bank
from generator.bank_pool import make_runner
from generator.practice_make import MAKEABLE, Start, made_positions
from generator.practice_symmetry import top_up
from puzzle_io.atomic import AtomicFile
from solver.grid import Grid
from solver.human import ALL_LEVELS, solve_path
from solver.levels import PLAYABLE_LEVELS, Level
from solver.step import Step
from solver.techniques import TECHNIQUES, technique

SEARCH_LIMIT = 400  # puzzles looked at, at most, for one request
PRACTICE_FILE = "practice.json"
PRACTICE_FORMAT = "sudoku-practice"
PRACTICE_VERSION = 1
PER_TECHNIQUE = 24
"""Positions the index keeps per technique (issue 16 asks for at least 20)."""
MIN_POSITIONS = 20
"""A technique the bank's paths take fewer times is topped up with equivalent positions
(``top_up``)."""


@dataclass(frozen=True)
class PracticePosition:
    """A position to practise on: ``puzzle`` (the bank puzzle's 81-character line), the
    position's ``values`` and ``candidates`` (81 ints and 81 masks, bit d-1 = digit d) and the
    ``step`` the solver takes there."""

    puzzle: str
    values: tuple[int, ...]
    candidates: tuple[int, ...]
    step: Step


def practice_positions(
    name: str,
    seed: int | None = None,
    limit: int | None = None,
    folder: str | os.PathLike[str] | None = None,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[float], None] | None = None,
) -> Iterator[PracticePosition]:
    """Positions where technique ``name`` (as HoDoKu spells it, or one of its step names) is the
    next step, one per bank puzzle: first the practice index's (``read_index``) in a random
    order seeded by ``seed``, then, for more, the bank's puzzles searched in a seeded order (at
    most ``limit`` of them, None: ``SEARCH_LIMIT``; those the index already gave are skipped).
    The techniques no bank path takes next (``generator.practice_make.MAKEABLE``) get positions
    made on demand instead, seeded first on the index's positions of techniques as hard or
    harder (``_starts``), then on bank puzzles' paths (at most ``limit`` puzzles, None: that
    module's defaults; ``cancel`` is polled and ``progress`` told the fraction looked at).
    ``folder``: the bank (None: the shipped one). A missing or unreadable index only means
    searching (or making) from the start.

    Raises:
        KeyError: no technique is called ``name`` (the message lists the names).
        InterruptedError: ``cancel()`` returned True while positions were being made.
    """
    wanted = technique(name)
    rng = random.Random(seed)
    given: set[str] = set()
    try:
        index = read_index(folder)
    except BankError:
        index = {}
    entries = list(index.get(wanted.name, []))
    if not entries and wanted.name in MAKEABLE:
        for made in made_positions(
            wanted.name, seed, limit, folder, cancel, progress, _starts(index, wanted.level, rng)
        ):
            yield PracticePosition(*made)
        return
    rng.shuffle(entries)
    for entry in entries:
        found = _indexed_position(entry, wanted.name)
        if found is not None:
            given.add(found.puzzle)
            yield found
    puzzles = [p.puzzle for level in PLAYABLE_LEVELS if level >= wanted.level for p in load_bank(folder, level)]
    rng.shuffle(puzzles)
    for puzzle in puzzles[: SEARCH_LIMIT if limit is None else max(0, limit)]:
        if puzzle in given:
            continue
        found = _first_position(puzzle, wanted.name)
        if found is not None:
            yield found


def _starts(index: dict[str, list[IndexEntry]], level: Level, rng: random.Random) -> list[Start]:
    """The index's positions of the techniques of ``level`` and up, one per bank puzzle (no
    symmetry top-ups), in a random order: where ``made_positions`` seeds first."""
    entries = [entry for name, kept in index.items() if technique(name).level >= level for entry in kept]
    rng.shuffle(entries)
    starts: dict[str, Start] = {}
    for entry in entries:
        if not entry.isomorph and entry.puzzle not in starts:
            starts[entry.puzzle] = (entry.puzzle, entry.values, entry.candidates)
    return list(starts.values())


def _indexed_position(entry: IndexEntry, name: str) -> PracticePosition | None:
    """The position an index entry holds, with the step technique ``name`` takes there (its
    first); None when the technique finds nothing there (an index that does not match the
    engine)."""
    grid = Grid(list(entry.values), given=[ch in "123456789" for ch in entry.puzzle])
    grid.candidates[:] = list(entry.candidates)
    step = next(technique(name).finder(grid), None)
    if step is None:
        return None
    return PracticePosition(entry.puzzle, entry.values, entry.candidates, step)


def _first_position(puzzle: str, name: str) -> PracticePosition | None:
    """The position before the first step of technique ``name`` on ``puzzle``'s path, or None."""
    grid = Grid.parse(puzzle)
    path = solve_path(grid, ALL_LEVELS)
    work = grid.copy()
    for step in path.steps:
        if technique(step.technique).name == name:
            return PracticePosition(puzzle, tuple(work.values), tuple(work.candidates), step)
        step.apply(work)
    return None


# --- the practice index ---------------------------------------------------------------------------


@dataclass(frozen=True)
class IndexEntry:
    """One position of the practice index: the bank puzzle it comes from (``level``, its
    ``index`` in that level's file, its ``puzzle`` line) and the position as the file holds it
    (``values_text``, ``candidates_text``), decoded on first use into ``values`` and
    ``candidates`` (81 ints and 81 masks): reading the index stays a JSON parse. ``isomorph``:
    0, or the seed of the symmetry (``practice_symmetry.isomorph``) that maps the bank puzzle and
    its position to ``puzzle`` and this one (a rare technique's top-up)."""

    level: Level
    index: int
    puzzle: str
    values_text: str
    candidates_text: str
    isomorph: int = 0

    @cached_property
    def values(self) -> tuple[int, ...]:
        """The position's 81 values (0 = empty)."""
        return tuple(int(ch) for ch in self.values_text)

    @cached_property
    def candidates(self) -> tuple[int, ...]:
        """The position's 81 candidate masks (bit d-1 = digit d; 0 for a filled cell)."""
        text = self.candidates_text
        return tuple(int(text[i : i + 3], 16) for i in range(0, 243, 3))


def index_path(folder: str | os.PathLike[str] | None = None) -> Path:
    """Where the practice index of the bank at ``folder`` (None: the shipped bank) lives."""
    return Path(folder if folder is not None else SHIPPED_BANK) / PRACTICE_FILE


_READ: dict[tuple[str, int, int], dict[str, list[IndexEntry]]] = {}  # (path, mtime, size) -> index


def read_index(folder: str | os.PathLike[str] | None = None) -> dict[str, list[IndexEntry]]:
    """The practice index of the bank at ``folder`` (None: the shipped bank): technique name ->
    its positions, in the file's order; {} when there is no index file. Read once per file
    version (kept while the file's time and size stay the same). Entries whose fields are
    malformed are left out.

    Raises:
        BankError: the file cannot be read, is not JSON, or is not a practice index of this
            version (the message says which).
    """
    path = index_path(folder)
    try:
        stat = path.stat()
    except FileNotFoundError:
        return {}
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key in _READ:
        return _READ[key]
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise BankError(f"{path}: not a readable practice index ({error})") from None
    if not isinstance(data, dict) or data.get("format") != PRACTICE_FORMAT:
        raise BankError(f"{path}: not a practice index")
    if data.get("version") != PRACTICE_VERSION:
        version = data.get("version")
        raise BankError(f"{path}: practice index version {version!r}; this program reads {PRACTICE_VERSION}")
    techniques = data.get("techniques")
    if not isinstance(techniques, dict):
        raise BankError(f"{path}: no techniques in the practice index")
    index: dict[str, list[IndexEntry]] = {}
    for name, records in techniques.items():
        entries = [_entry(record) for record in records] if isinstance(records, list) else []
        index[name] = [entry for entry in entries if entry is not None]
    _READ.clear()
    _READ[key] = index
    return index


def _entry(record: Any) -> IndexEntry | None:
    """An ``IndexEntry`` from one record of the file, or None when it is malformed."""
    try:
        level = Level[record["level"]]
        index, puzzle = record["index"], record["puzzle"]
        values, masks = record["values"], record["candidates"]
        if not (isinstance(index, int) and isinstance(puzzle, str) and len(puzzle) == 81):
            return None
        if not (_VALUES.fullmatch(values) and _MASKS.fullmatch(masks)):
            return None
        isomorph = record.get("isomorph", 0)
        if not isinstance(isomorph, int):
            return None
        return IndexEntry(level, index, puzzle, values, masks, isomorph)
    except (KeyError, TypeError):
        return None


_VALUES = re.compile(r"[0-9]{81}")
_MASKS = re.compile(r"[0-9a-f]{243}")


def puzzle_positions(
    puzzle: str, cancel: Callable[[], bool] | None = None
) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
    """A task (``generator.bank_pool``): for each technique on ``puzzle``'s solution path, the
    position (values, candidates) before its first step. ``cancel`` is polled by the solver.

    Raises:
        InterruptedError: ``cancel()`` returned True.
    """
    grid = Grid.parse(puzzle)
    path = solve_path(grid, ALL_LEVELS, cancel=cancel)
    work = grid.copy()
    found: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    for step in path.steps:
        name = technique(step.technique).name
        if name not in found:
            found[name] = (tuple(work.values), tuple(work.candidates))
        step.apply(work)
    return found


def technique_levels(names: Iterable[str]) -> dict[str, str]:
    """Each technique of ``names`` -> its level's name, in the solver's order (the cheapest
    first): the index's ``"levels"``, so a reader needs no solver to list them."""
    wanted = set(names)
    return {t.name: t.level.name for t in TECHNIQUES if t.name in wanted}


def build_index(
    folder: str | os.PathLike[str] | None = None,
    *,
    per_technique: int = PER_TECHNIQUE,
    min_positions: int = MIN_POSITIONS,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> dict[str, tuple[int, int]]:
    """Write the practice index of the bank at ``folder`` (None: the shipped bank): every
    puzzle of the bank is solved (``jobs`` processes), in an order seeded by ``seed``, and the
    position before each technique's first step is kept until the technique has
    ``per_technique`` positions; a technique with fewer than ``min_positions`` (at most
    ``per_technique``) is topped up with equivalent positions (``top_up``). Returns technique
    name -> positions kept and how many of them the bank's paths gave, (kept, found), the rarest
    first.
    ``progress(done, total)`` after each puzzle; ``cancel()`` polled.

    Raises:
        ValueError: ``per_technique`` < 1 or ``jobs`` < 1.
        BankError: the bank has no puzzle.
        InterruptedError: ``cancel()`` returned True (the old index is left as it was).
        OSError: the file cannot be written.
    """
    if per_technique < 1 or jobs < 1:
        raise ValueError("per_technique and jobs must be 1 or more")
    order = [(level, i, p.puzzle) for level in PLAYABLE_LEVELS for i, p in enumerate(load_bank(folder, level))]
    if not order:
        raise BankError(f"no bank puzzles in {folder if folder is not None else SHIPPED_BANK}")
    random.Random(seed).shuffle(order)
    results: list[dict[str, tuple[tuple[int, ...], tuple[int, ...]]] | None] = [None] * len(order)
    runner = make_runner(jobs, None, cancel)
    cancelled = True
    try:
        pending = {runner.submit(puzzle_positions, puzzle): n for n, (_, _, puzzle) in enumerate(order)}
        done_count = 0
        while pending:
            if cancel is not None and cancel():
                raise InterruptedError("practice index cancelled")
            done, _ = runner.wait(set(pending), 0.2)
            for future in done:
                try:
                    results[pending.pop(future)] = future.result()
                except BrokenProcessPool as error:
                    raise BankError(f"a worker process stopped ({error})") from None
                done_count += 1
                if progress is not None:
                    progress(done_count, len(order))
        cancelled = False
    finally:
        runner.close(cancelled)
    techniques: dict[str, list[dict[str, object]]] = {}
    for (level, index, puzzle), found in zip(order, results):
        for name, (values, candidates) in (found or {}).items():
            kept = techniques.setdefault(name, [])
            if len(kept) < per_technique:
                kept.append(
                    {
                        "level": level.name,
                        "index": index,
                        "puzzle": puzzle,
                        "values": "".join(map(str, values)),
                        "candidates": "".join(f"{mask:03x}" for mask in candidates),
                    }
                )
    from_bank = {name: len(kept) for name, kept in techniques.items()}
    top_up(techniques, min(min_positions, per_technique), seed)  # never past what was asked for
    data = {
        "format": PRACTICE_FORMAT,
        "version": PRACTICE_VERSION,
        "seed": seed,
        "per_technique": per_technique,
        "searched": len(order),
        "levels": technique_levels([*techniques, *MAKEABLE]),  # those without positions are made on demand
        "techniques": dict(sorted(techniques.items())),
    }
    target = AtomicFile(index_path(folder))
    try:
        target.stream.write(json.dumps(data, separators=(",", ":")) + "\n")
        target.commit()
    finally:
        target.discard()
    counts = {name: (len(kept), from_bank[name]) for name, kept in techniques.items()}
    return dict(sorted(counts.items(), key=lambda item: (item[1][1], item[0])))
