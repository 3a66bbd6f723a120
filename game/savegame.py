"""The game in progress to and from plain data (JSON values), and the save file through game.storage.

What is kept: the current play state, the whole undo and redo stacks, each puzzle's timer
(seconds of play; a running timer is saved as its time so far) and hints used, the selection,
the cursor and the input mode. ``Game.new_puzzle`` is undoable, so the stacks may hold states of
earlier puzzles: the data holds a table of puzzles and each state names its puzzle by index.
The staged hint is not kept (it is transient). This module never imports pygame.

The data (``SAVE_VERSION`` 1)::

    {"puzzles": [{"givens": 81 digits ("0" = empty), "solution": 81 digits,
                  "level": "MEDIUM" | null, "hardest": "Hidden Pair" | null, "seed": int | null,
                  "counted": bool (optional: true; false for a pasted puzzle),
                  "daily": "YYYY-MM-DD" | null (optional: the date of a daily puzzle),
                  "elapsed": seconds, "hints_used": int}, ...],
     "state": STATE, "undo": [STEP, ...], "redo": [STEP, ...] (oldest first, as in Game),
     "selection": [cells 0..80], "cursor": cell, "mode": "normal" | "corner" | "centre" | "colour"}
    STATE = {"puzzle": index, "entries": 81 digits ("0" = none), "corner": 81 masks,
             "centre": 81 masks, "colours": 81 digits (0 = none), "eliminated": [[cell, digit], ...]}
    STEP  = what differs from its neighbour towards the current state (the next undo state, or
            the current state for the newest undo and the next redo): any of "puzzle": index,
            "entries" / "corner" / "centre" / "colours": [[cell, new value], ...], "eliminated":
            the whole list; a move changes a few cells, so a long history stays small.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import storage
from game.playstate import MODES, PlayState, Puzzle
from game.session import Game, GameSnapshot
from solver.grid import CELLS, HOUSES, cell_name
from solver.levels import Level

SAVE_KIND = "sudoku-save"
SAVE_VERSION = 1
SAVE_FILE = "save.json"

# what ``read_position`` returns: (seq, Puzzle, (entries, corner, centre, colours, eliminated), seconds, hints)
Position = tuple[
    int,
    Puzzle,
    tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], frozenset[tuple[int, int]]],
    float,
    int,
]


# --- to data ------------------------------------------------------------------------------------


def _digits(values: tuple[int, ...]) -> str:
    return "".join(str(v) for v in values)


def _state_to_data(state: PlayState, index: dict[int, int]) -> dict[str, Any]:
    return {
        "puzzle": index[id(state.puzzle)],
        "entries": _digits(state.entries),
        "corner": list(state.corner),
        "centre": list(state.centre),
        "colours": _digits(state.colours),
        "eliminated": [list(candidate) for candidate in sorted(state.eliminated)],
    }


_DIFFED = ("entries", "corner", "centre", "colours")


def _step_to_data(state: PlayState, toward: PlayState, index: dict[int, int]) -> dict[str, Any]:
    """``state`` as its difference from ``toward`` (see STEP in the module docstring)."""
    step: dict[str, Any] = {}
    if state.puzzle is not toward.puzzle:
        step["puzzle"] = index[id(state.puzzle)]
    for key in _DIFFED:
        mine, theirs = getattr(state, key), getattr(toward, key)
        if mine != theirs:
            step[key] = [[cell, mine[cell]] for cell in CELLS if mine[cell] != theirs[cell]]
    if state.eliminated != toward.eliminated:
        step["eliminated"] = [list(candidate) for candidate in sorted(state.eliminated)]
    return step


def _history_to_data(
    game: Game | GameSnapshot, index: dict[int, int]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The undo and redo stacks (oldest first) as steps: each undo state against the state after
    it, each redo state against the state before it."""
    undo = list(game.undo_stack)
    after = undo[1:] + [game.state]
    redo = list(game.redo_stack)  # redo[-1] is the state right after the current one
    before = redo[1:] + [game.state]
    return (
        [_step_to_data(s, t, index) for s, t in zip(undo, after)],
        [_step_to_data(s, t, index) for s, t in zip(redo, before)],
    )


def game_to_data(game: Game | GameSnapshot) -> dict[str, Any]:
    """The whole game in progress as fresh plain JSON values (safe to hand to a writer thread):
    see the module docstring for the shape. Times are seconds. Never raises."""
    states = [*game.undo_stack, game.state, *game.redo_stack]
    puzzles: list[Puzzle] = []
    index: dict[int, int] = {}
    for state in states:
        if id(state.puzzle) not in index:
            index[id(state.puzzle)] = len(puzzles)
            puzzles.append(state.puzzle)
    records = game.puzzle_records()
    table = []
    for puzzle in puzzles:
        seconds, hints = records.get(puzzle, (0.0, 0))
        table.append({**_puzzle_to_data(puzzle), "elapsed": float(seconds), "hints_used": hints})
    undo, redo = _history_to_data(game, index)
    return {
        "puzzles": table,
        "state": _state_to_data(game.state, index),
        "undo": undo,
        "redo": redo,
        "selection": list(game.selection),
        "cursor": game.cursor,
        "mode": game.mode,
    }


# --- from data: every check raises ValueError with a short reason ---------------------------------


def _field(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"{where} is not an object")
    if key not in data:
        raise ValueError(f"{where} has no {key!r}")
    return data[key]


def _int(value: Any, low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number {low}..{high}, not {repr(value)[:24]}")
    return value


def _digit_string(value: Any, low: int, what: str) -> tuple[int, ...]:
    """81 digits low..9 from a string of 81 digit characters."""
    if not isinstance(value, str) or len(value) != 81 or not value.isascii() or not value.isdigit():
        raise ValueError(f"{what} must be 81 digits")
    values = tuple(int(ch) for ch in value)
    if any(v < low for v in values):
        raise ValueError(f"{what} must be digits {low}..9")
    return values


def _puzzle_to_data(puzzle: Puzzle) -> dict[str, Any]:
    return {
        "givens": _digits(puzzle.givens),
        "solution": _digits(puzzle.solution),
        "level": puzzle.level.name if puzzle.level is not None else None,
        "hardest": puzzle.hardest,
        "seed": puzzle.seed,
        "counted": puzzle.counted,
        "daily": puzzle.daily,
    }


def _masks(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != 81:
        raise ValueError(f"{what} must be 81 masks")
    return tuple(_int(mask, 0, 0x1FF, f"a mask in {what}") for mask in value)


def _puzzle_from_data(data: Any, number: int) -> tuple[Puzzle, float, int]:
    where = f"puzzle {number}"
    givens = _digit_string(_field(data, "givens", where), 0, f"the givens of {where}")
    solution = _digit_string(_field(data, "solution", where), 1, f"the solution of {where}")
    for house in HOUSES:
        if sorted(solution[c] for c in house) != list(range(1, 10)):
            raise ValueError(f"the solution of {where} breaks a rule")
    level_name = _field(data, "level", where)
    if level_name is not None and (not isinstance(level_name, str) or level_name not in Level.__members__):
        raise ValueError(f"{where} has an unknown level {level_name!r}")
    hardest = _field(data, "hardest", where)
    if hardest is not None and not isinstance(hardest, str):
        raise ValueError(f"the hardest technique of {where} must be text")
    seed = _field(data, "seed", where)
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError(f"the seed of {where} must be a whole number")
    elapsed = _field(data, "elapsed", where)
    if not storage.finite_number(elapsed) or elapsed < 0:
        raise ValueError(f"the time of {where} must be a number of seconds")
    hints = _int(_field(data, "hints_used", where), 0, 10**9, f"the hints used on {where}")
    counted = data.get("counted", True)  # saves from before it was kept: counted
    if not isinstance(counted, bool):
        raise ValueError(f"whether {where} counts in the statistics must be true or false")
    daily = data.get("daily")  # saves from before it was kept: not a daily puzzle
    if daily is not None and storage.iso_day(daily) is None:
        raise ValueError(f"the daily date of {where} must be YYYY-MM-DD")
    level = Level[level_name] if level_name is not None else None
    puzzle = Puzzle(givens, solution, level=level, hardest=hardest, seed=seed, counted=counted, daily=daily)
    return puzzle, float(elapsed), hints


def _state_from_data(data: Any, puzzles: list[Puzzle], where: str) -> PlayState:
    number = _int(_field(data, "puzzle", where), 0, len(puzzles) - 1, f"the puzzle index of {where}")
    puzzle = puzzles[number]
    entries = _digit_string(_field(data, "entries", where), 0, f"the entries of {where}")
    for cell in CELLS:
        if entries[cell] and puzzle.givens[cell]:
            raise ValueError(f"{where} has an entry on the given at {cell_name(cell)}")
    corner = _masks(_field(data, "corner", where), f"the corner marks of {where}")
    centre = _masks(_field(data, "centre", where), f"the centre marks of {where}")
    colours = _digit_string(_field(data, "colours", where), 0, f"the colours of {where}")
    eliminated = _field(data, "eliminated", where)
    if not isinstance(eliminated, list):
        raise ValueError(f"the eliminations of {where} must be a list")
    candidates = set()
    for pair in eliminated:
        if not isinstance(pair, list) or len(pair) != 2:
            raise ValueError(f"an elimination of {where} must be a [cell, digit] pair")
        candidates.add((_int(pair[0], 0, 80, f"a cell in {where}"), _int(pair[1], 1, 9, f"a digit in {where}")))
    return PlayState(puzzle, entries, corner, centre, colours, frozenset(candidates))


_DIFF_LIMITS = {
    "entries": (0, 9, "an entry"),
    "corner": (0, 0x1FF, "a corner mark"),
    "centre": (0, 0x1FF, "a centre mark"),
    "colours": (0, 9, "a colour"),
}


def _apply_step(step: Any, base: dict[str, Any], where: str) -> dict[str, Any]:
    """The full STATE data of a STEP applied to ``base`` (a STATE dict); only the step's own
    shape is checked here, the state it makes is checked by ``_state_from_data``."""
    if not isinstance(step, dict):
        raise ValueError(f"{where} is not an object")
    unknown = set(step) - {"puzzle", "eliminated", *_DIFFED}
    if unknown:
        raise ValueError(f"{where} has an unknown field {sorted(unknown)[0]!r}")
    data = dict(base)
    if "puzzle" in step:
        data["puzzle"] = step["puzzle"]
    if "eliminated" in step:
        data["eliminated"] = step["eliminated"]
    for key in _DIFFED:
        if key not in step:
            continue
        changes = step[key]
        if not isinstance(changes, list):
            raise ValueError(f"the {key} of {where} must be a list of [cell, value] pairs")
        low, high, what = _DIFF_LIMITS[key]
        values = list(data[key])
        for pair in changes:
            if not isinstance(pair, list) or len(pair) != 2:
                raise ValueError(f"the {key} of {where} must be a list of [cell, value] pairs")
            cell = _int(pair[0], 0, 80, f"a cell in {where}")
            value = _int(pair[1], low, high, f"{what} in {where}")
            values[cell] = str(value) if isinstance(data[key], str) else value
        data[key] = "".join(values) if isinstance(data[key], str) else values
    return data


def _states(data: Any, key: str, current: dict[str, Any], puzzles: list[Puzzle]) -> list[PlayState]:
    """The undo or redo stack (oldest first) from its steps, built outward from ``current`` (the
    current state's data)."""
    steps = _field(data, key, "the save")
    if not isinstance(steps, list):
        raise ValueError(f"the {key} history must be a list")
    states: list[PlayState] = []
    base = current
    order = range(len(steps) - 1, -1, -1)  # the step next to the current state comes last
    for i in order:
        where = f"{key} step {i + 1}"
        base = _apply_step(steps[i], base, where)
        states.append(_state_from_data(base, puzzles, where))
    return states[::-1]


def game_from_data(data: Any, clock: Callable[[], float] = time.monotonic) -> Game:
    """The game that ``game_to_data`` described, paused: each puzzle's timer continues from its
    saved seconds when the game resumes. ``clock`` returns seconds (as for ``Game``).

    Raises:
        ValueError: anything is missing or wrong (81-cell strings and lists, digit and mask
            ranges, givens that disagree with the solution, entries on givens, puzzle indices,
            cells, mode and level names); the message is a short reason.
    """
    table = _field(data, "puzzles", "the save")
    if not isinstance(table, list) or not table:
        raise ValueError("the save holds no puzzles")
    puzzles, records = [], {}
    for number, entry in enumerate(table, 1):
        puzzle, seconds, hints = _puzzle_from_data(entry, number)
        puzzles.append(puzzle)
        records[puzzle] = (seconds, hints)
    current = _field(data, "state", "the save")
    state = _state_from_data(current, puzzles, "the current state")
    current = _state_to_data(state, {id(p): i for i, p in enumerate(puzzles)})
    undo = _states(data, "undo", current, puzzles)
    redo = _states(data, "redo", current, puzzles)
    selection = _field(data, "selection", "the save")
    if not isinstance(selection, list) or not selection:
        raise ValueError("the selection is empty")
    cells = [_int(cell, 0, 80, "a selected cell") for cell in selection]
    if len(set(cells)) != len(cells):
        raise ValueError("the selection holds a cell twice")
    cursor = _int(_field(data, "cursor", "the save"), 0, 80, "the cursor")
    mode = _field(data, "mode", "the save")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    return Game.restore(state, undo, redo, records, cells, cursor, mode, clock=clock)


# --- the save file ------------------------------------------------------------------------------


def save_path(folder: str | os.PathLike[str] | None = None) -> Path:
    """The save file in ``folder`` (default: ``storage.data_dir()``)."""
    return Path(folder if folder is not None else storage.data_dir()) / SAVE_FILE


def save_game(game: Game, folder: str | os.PathLike[str] | None = None) -> None:
    """Write ``game`` to the save file now, on this thread (from the frame loop, use a
    ``game.background_writer.BackgroundWriter`` with ``game_to_data``).

    Raises:
        OSError: the file cannot be written (the previous save is intact).
    """
    storage.write_json(save_path(folder), SAVE_KIND, SAVE_VERSION, game_to_data(game))


def load_game(
    folder: str | os.PathLike[str] | None = None, clock: Callable[[], float] = time.monotonic, *, owner: bool = True
) -> storage.Loaded:
    """The saved game and a message: ``(Game, None)``; ``(None, None)`` when there is no save;
    ``(None, message)`` when the save was bad (it was moved aside; the message is one sentence
    for the player); ``(None, message, path)`` when it was left as it is (``owner``, ``keep``:
    see ``storage.read_json``). A newer position file (``write_position``: the moves the
    background save had not written when the game was killed) is put on top, as one undoable
    step. Never raises."""
    path = save_path(folder)
    result = storage.read_json(path, SAVE_KIND, SAVE_VERSION, owner=owner)
    position = read_position(folder)
    if result.data is None:
        if result.message is None and position is not None:  # killed before the first full save
            return storage.Loaded(_recovered(None, position, clock), None)
        return storage.Loaded(None, result.message, path if result.keep else None)
    try:
        game: Game | None = game_from_data(result.data, clock)
    except ValueError as error:
        if not owner:
            return storage.Loaded(None, storage.left_as_is(SAVE_KIND, str(error)), path)
        return storage.Loaded(None, storage.set_aside(path, SAVE_KIND, str(error)))
    saved = result.data.get("position", 0)
    if position is not None and isinstance(saved, int) and position[0] > saved:
        game = _recovered(game, position, clock)
    return storage.Loaded(game, None)


def _recovered(game: Game | None, position: Position, clock: Callable[[], float]) -> Game | None:
    """``game`` (None: no save) with the newer ``position`` (``read_position``) on top: on its
    current puzzle as one undoable step, or as a new puzzle one undo away from it."""
    _, puzzle, state, seconds, hints = position
    try:
        if game is None:
            game = Game(puzzle, clock)
            game.pause()
        elif puzzle.givens != game.puzzle.givens or puzzle.solution != game.puzzle.solution:
            game.new_puzzle(puzzle)
        game.recover(PlayState(game.puzzle, *state), seconds, hints)
    except ValueError:
        pass  # a position that does not fit: what was saved in full stands
    return game


# --- the position file: every move, at once -------------------------------------------------------
#
# The full save (the whole undo history) is written off the frame loop and can fall behind on
# a busy machine. The position (the current puzzle's cells, timer and hints: ~1 KB) is written
# in the frame of the move, before the frame that shows it, atomically but without fsync: a
# killed process loses nothing the system was handed (only a power cut could). ``seq`` orders
# it against the save, which records the last position it holds.

POSITION_FILE = "position.json"


def position_path(folder: str | os.PathLike[str] | None = None) -> Path:
    return Path(folder if folder is not None else storage.data_dir()) / POSITION_FILE


def write_position(folder: str | os.PathLike[str] | None, game: Game, seq: int) -> None:
    """Write ``game``'s current position with sequence number ``seq``, now, on this thread
    (about 0.1 ms). Raises OSError when it cannot (the previous file is intact)."""
    state = game.state
    puzzle = state.puzzle
    data = {
        "seq": seq,
        "puzzle": _puzzle_to_data(puzzle),
        "entries": _digits(state.entries),
        "corner": list(state.corner),
        "centre": list(state.centre),
        "colours": _digits(state.colours),
        "eliminated": [list(candidate) for candidate in sorted(state.eliminated)],
        "elapsed": float(game.elapsed),
        "hints_used": game.hints_used,
    }
    path = position_path(folder)
    temporary = path.with_name(f".{POSITION_FILE}.{os.getpid()}.tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(data, separators=(",", ":")))
    os.replace(temporary, path)


def read_position(folder: str | os.PathLike[str] | None) -> Position | None:
    """``(seq, Puzzle, (entries, corner, centre, colours, eliminated), seconds, hints)`` from
    the position file, or None when there is none or it does not read. Never raises."""
    try:
        data = json.loads(position_path(folder).read_text(encoding="utf-8"))
        seq = _int(data["seq"], 0, 2**62, "the position's number")
        puzzle, _, _ = _puzzle_from_data({**data["puzzle"], "elapsed": 0.0, "hints_used": 0}, 1)
        entries = _digit_string(data["entries"], 0, "the position's entries")
        corner = _masks(data["corner"], "the position's corner marks")
        centre = _masks(data["centre"], "the position's centre marks")
        colours = _digit_string(data["colours"], 0, "the position's colours")
        eliminated = frozenset((_int(c, 0, 80, "a cell"), _int(d, 1, 9, "a digit")) for c, d in data["eliminated"])
        seconds = float(data["elapsed"])
        hints = _int(data["hints_used"], 0, 10**9, "the hints used")
        if not math.isfinite(seconds) or seconds < 0:
            return None
    except (OSError, ValueError, KeyError, TypeError, OverflowError, RecursionError):
        return None  # unreadable, or a number or a nesting no float or stack holds
    return seq, puzzle, (entries, corner, centre, colours, eliminated), seconds, hints
