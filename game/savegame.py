"""The game in progress to and from plain data (JSON values), and the save file through game.storage.

What is kept: the current play state, the whole undo and redo stacks, each puzzle's timer
(seconds of play; a running timer is saved as its time so far) and hints used, the selection,
the cursor and the input mode. ``Game.new_puzzle`` is undoable, so the stacks may hold states of
earlier puzzles: the data holds a table of puzzles and each state names its puzzle by index.
The staged hint is not kept (it is transient). This module never imports pygame.

The data (``SAVE_VERSION`` 1)::

    {"puzzles": [{"givens": 81 digits ("0" = empty), "solution": 81 digits,
                  "level": "MEDIUM" | null, "hardest": "Hidden Pair" | null, "seed": int | null,
                  "elapsed": seconds, "hints_used": int}, ...],
     "state": STATE, "undo": [STATE, ...], "redo": [STATE, ...] (oldest first, as in Game),
     "selection": [cells 0..80], "cursor": cell, "mode": "normal" | "corner" | "centre" | "colour"}
    STATE = {"puzzle": index, "entries": 81 digits ("0" = none), "corner": 81 masks,
             "centre": 81 masks, "colours": 81 digits (0 = none), "eliminated": [[cell, digit], ...]}
"""

from __future__ import annotations

import math
import os
import time
from pathlib import Path
from typing import Any, Callable

from game import storage
from game.playstate import MODES, PlayState, Puzzle
from game.session import Game
from solver.grid import CELLS, HOUSES, cell_name
from solver.levels import Level

SAVE_KIND = "sudoku-save"
SAVE_VERSION = 1
SAVE_FILE = "save.json"


# --- to data ------------------------------------------------------------------------------------


def _digits(values: tuple[int, ...]) -> str:
    return "".join(str(v) for v in values)


def _state_to_data(state: PlayState, index: dict[int, int]) -> dict:
    return {
        "puzzle": index[id(state.puzzle)],
        "entries": _digits(state.entries),
        "corner": list(state.corner),
        "centre": list(state.centre),
        "colours": _digits(state.colours),
        "eliminated": [list(candidate) for candidate in sorted(state.eliminated)],
    }


def game_to_data(game: Game) -> dict:
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
        table.append({
            "givens": _digits(puzzle.givens),
            "solution": _digits(puzzle.solution),
            "level": puzzle.level.name if puzzle.level is not None else None,
            "hardest": puzzle.hardest,
            "seed": puzzle.seed,
            "elapsed": float(seconds),
            "hints_used": hints,
        })
    return {
        "puzzles": table,
        "state": _state_to_data(game.state, index),
        "undo": [_state_to_data(state, index) for state in game.undo_stack],
        "redo": [_state_to_data(state, index) for state in game.redo_stack],
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
    if not isinstance(elapsed, (int, float)) or isinstance(elapsed, bool) or not math.isfinite(elapsed) \
            or elapsed < 0:
        raise ValueError(f"the time of {where} must be a number of seconds")
    hints = _int(_field(data, "hints_used", where), 0, 10**9, f"the hints used on {where}")
    level = Level[level_name] if level_name is not None else None
    puzzle = Puzzle(givens, solution, level=level, hardest=hardest, seed=seed)  # checks the givens
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


def _states(data: Any, key: str, puzzles: list[Puzzle]) -> list[PlayState]:
    states = _field(data, key, "the save")
    if not isinstance(states, list):
        raise ValueError(f"the {key} history must be a list")
    return [_state_from_data(state, puzzles, f"{key} step {i + 1}") for i, state in enumerate(states)]


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
    state = _state_from_data(_field(data, "state", "the save"), puzzles, "the current state")
    undo = _states(data, "undo", puzzles)
    redo = _states(data, "redo", puzzles)
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


def save_path(folder: str | os.PathLike | None = None) -> Path:
    """The save file in ``folder`` (default: ``storage.data_dir()``)."""
    return Path(folder if folder is not None else storage.data_dir()) / SAVE_FILE


def save_game(game: Game, folder: str | os.PathLike | None = None) -> None:
    """Write ``game`` to the save file now, on this thread (use a ``storage.BackgroundWriter``
    with ``game_to_data`` from the frame loop).

    Raises:
        OSError: the file cannot be written (the previous save is intact).
    """
    storage.write_json(save_path(folder), SAVE_KIND, SAVE_VERSION, game_to_data(game))


def load_game(folder: str | os.PathLike | None = None,
              clock: Callable[[], float] = time.monotonic) -> storage.Loaded:
    """The saved game and a message: ``(Game, None)``; ``(None, None)`` when there is no save;
    ``(None, message)`` when the save was bad (it was moved aside; the message is one sentence
    for the player). Never raises."""
    path = save_path(folder)
    result = storage.read_json(path, SAVE_KIND, SAVE_VERSION)
    if result.data is None:
        return storage.Loaded(None, result.message)
    try:
        return storage.Loaded(game_from_data(result.data, clock), None)
    except ValueError as error:
        return storage.Loaded(None, storage.set_aside(path, SAVE_KIND, str(error)))
