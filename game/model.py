"""The play-state model: what the player has done to a puzzle, apart from the solver's candidates.

Glossary:
  givens     the puzzle's digits, 81 ints (0 = empty); they never change.
  entries    the player's digits, 81 ints (0 = none); never set on a given.
  corner     corner marks: 81 9-bit masks (pencil marks placed around the cell's edge).
  centre     centre marks: 81 9-bit masks (small digits in the middle of the cell).
  colours    81 ints, 0 = none, 1..9 = an index into the 9-colour palette.
  eliminated (cell, digit) candidates that applied hints removed; the hint engine remembers them.
  selection  the cells the player acts on (SudokuPad: click, drag, Ctrl-click); never undone.

After Simon Tatham's Solo midend: a move returns a new, immutable ``PlayState``, so undo and redo
are two stacks of states and every player action is exactly one step on them. ``Game`` holds the
stacks, the selection, the input mode, the staged hint (game.hints) and the timer; the clock is
passed in so tests drive it (as in pyspacewar). This module never imports pygame.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Callable, Iterable, Sequence

from game.hints import Hint, HintSearch
from solver.grid import BIT, CELLS, COL_OF, HOUSES, ROW_OF, Grid, cell_name
from solver.levels import Level
from solver.step import Step

MODES = ("normal", "corner", "centre", "colour")
MODE_LABELS = {"normal": "Normal", "corner": "Corner", "centre": "Centre", "colour": "Colour"}


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One puzzle to play: 81 givens (0 = empty) and its 81-int solution, plus what it needs.

    Compared by identity: two games of the same digits are still two games.
    ``hardest`` is the hardest technique the grader needed (None when unknown).
    """

    givens: tuple[int, ...]
    solution: tuple[int, ...]
    level: Level | None = None
    hardest: str | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if len(self.givens) != 81 or len(self.solution) != 81:
            raise ValueError("givens and solution must be 81 ints each")
        for cell in CELLS:
            if self.givens[cell] and self.givens[cell] != self.solution[cell]:
                raise ValueError(f"given at {cell_name(cell)} disagrees with the solution")

    @classmethod
    def from_generated(cls, generated) -> "Puzzle":
        """From a ``generator.GeneratedPuzzle`` (fields puzzle, solution, level, grade, seed)."""
        grade = getattr(generated, "grade", None)
        return cls(
            givens=tuple(generated.puzzle),
            solution=tuple(generated.solution),
            level=generated.level,
            hardest=getattr(grade, "hardest", None),
            seed=getattr(generated, "seed", None),
        )


def _toggled(masks: tuple[int, ...], cells: Sequence[int], bit: int) -> tuple[int, ...]:
    """Masks with ``bit`` removed from ``cells`` if all have it, else added to all."""
    out = list(masks)
    if all(masks[c] & bit for c in cells):
        for c in cells:
            out[c] &= ~bit
    else:
        for c in cells:
            out[c] |= bit
    return tuple(out)


def _set_all(values: tuple[int, ...], cells: Iterable[int], value: int) -> tuple[int, ...]:
    out = list(values)
    for c in cells:
        out[c] = value
    return tuple(out)


@dataclass(frozen=True)
class PlayState:
    """An immutable snapshot of one puzzle being played; every move returns a new snapshot.

    Fields are 81-tuples (see the module glossary) plus the puzzle and the set of candidates
    removed by applied hints. Moves that change nothing return ``self``.
    """

    puzzle: Puzzle
    entries: tuple[int, ...]
    corner: tuple[int, ...]
    centre: tuple[int, ...]
    colours: tuple[int, ...]
    eliminated: frozenset[tuple[int, int]] = frozenset()

    @classmethod
    def start(cls, puzzle: Puzzle) -> "PlayState":
        """A fresh state: no entries, marks or colours."""
        blank = (0,) * 81
        return cls(puzzle, blank, blank, blank, blank)

    # --- derived, computed once per snapshot -------------------------------------------------

    @cached_property
    def values(self) -> tuple[int, ...]:
        """81 ints: the given or the entry in each cell, 0 when empty."""
        givens = self.puzzle.givens
        return tuple(givens[c] or self.entries[c] for c in CELLS)

    @cached_property
    def conflicts(self) -> frozenset[int]:
        """Cells whose digit also stands in one of their houses (a broken rule)."""
        values = self.values
        bad: set[int] = set()
        for house in HOUSES:
            seen: dict[int, int] = {}
            for cell in house:
                digit = values[cell]
                if not digit:
                    continue
                if digit in seen:
                    bad.add(cell)
                    bad.add(seen[digit])
                else:
                    seen[digit] = cell
        return frozenset(bad)

    @cached_property
    def wrong(self) -> frozenset[int]:
        """Cells whose entry differs from the solution."""
        solution = self.puzzle.solution
        return frozenset(c for c in CELLS if self.entries[c] and self.entries[c] != solution[c])

    @cached_property
    def solved(self) -> bool:
        """True when every cell holds its solution digit."""
        return self.values == self.puzzle.solution

    def is_given(self, cell: int) -> bool:
        return bool(self.puzzle.givens[cell])

    def editable(self, cells: Iterable[int]) -> list[int]:
        """The cells among ``cells`` that are not givens, in order."""
        givens = self.puzzle.givens
        return [c for c in cells if not givens[c]]

    def open_cells(self, cells: Iterable[int]) -> list[int]:
        """The cells among ``cells`` with neither a given nor an entry (where marks go)."""
        values = self.values
        return [c for c in cells if not values[c]]

    # --- moves -----------------------------------------------------------------------------

    def enter(self, cells: Iterable[int], digit: int) -> "PlayState":
        """Enter ``digit`` (1..9) in the non-given cells; if all already hold it, clear it.

        The cells' marks stay underneath and show again when the entry is cleared (SudokuPad).
        """
        targets = self.editable(cells)
        if not targets:
            return self
        value = 0 if all(self.entries[c] == digit for c in targets) else digit
        return replace(self, entries=_set_all(self.entries, targets, value))

    def toggle_corner(self, cells: Iterable[int], digit: int) -> "PlayState":
        """Toggle corner mark ``digit`` in the open cells: removed if all have it, else added."""
        targets = self.open_cells(cells)
        if not targets:
            return self
        return replace(self, corner=_toggled(self.corner, targets, BIT[digit]))

    def toggle_centre(self, cells: Iterable[int], digit: int) -> "PlayState":
        """Toggle centre mark ``digit`` in the open cells: removed if all have it, else added."""
        targets = self.open_cells(cells)
        if not targets:
            return self
        return replace(self, centre=_toggled(self.centre, targets, BIT[digit]))

    def toggle_colour(self, cells: Iterable[int], colour: int) -> "PlayState":
        """Paint the cells with ``colour`` (1..9); if all already have it, remove it."""
        targets = list(cells)
        if not targets:
            return self
        value = 0 if all(self.colours[c] == colour for c in targets) else colour
        return replace(self, colours=_set_all(self.colours, targets, value))

    def clear(self, cells: Iterable[int], mode: str = "normal") -> "PlayState":
        """Clear one layer of the cells, as SudokuPad's Delete does.

        Order: entries first, then marks (corner and centre together), then colours. In Colour
        mode colours go first. Givens are never cleared (their colour is).
        """
        cells = list(cells)
        editable = self.editable(cells)
        layers = ["entries", "marks", "colours"]
        if mode == "colour":
            layers = ["colours", "entries", "marks"]
        for layer in layers:
            if layer == "entries" and any(self.entries[c] for c in editable):
                return replace(self, entries=_set_all(self.entries, editable, 0))
            if layer == "marks":
                marked = [c for c in editable if not self.entries[c]]
                if any(self.corner[c] or self.centre[c] for c in marked):
                    return replace(
                        self,
                        corner=_set_all(self.corner, marked, 0),
                        centre=_set_all(self.centre, marked, 0),
                    )
            if layer == "colours" and any(self.colours[c] for c in cells):
                return replace(self, colours=_set_all(self.colours, cells, 0))
        return self

    def apply_step(self, step: Step) -> "PlayState":
        """Apply a hint: placements become entries; eliminations leave the player's marks.

        The eliminations are remembered in ``eliminated`` so the next hint starts from them.
        """
        entries = list(self.entries)
        for cell, digit in step.placements:
            if not self.puzzle.givens[cell]:
                entries[cell] = digit
        corner, centre = list(self.corner), list(self.centre)
        for cell, digit in step.eliminations:
            corner[cell] &= ~BIT[digit]
            centre[cell] &= ~BIT[digit]
        return replace(
            self,
            entries=tuple(entries),
            corner=tuple(corner),
            centre=tuple(centre),
            eliminated=self.eliminated | frozenset(step.eliminations),
        )

    def solver_grid(self) -> Grid:
        """A solver Grid of the givens and entries, less the candidates applied hints removed.

        Raises:
            PuzzleFormatError: the entries break a rule (callers check ``wrong`` first).
        """
        grid = Grid(self.values, given=[bool(v) for v in self.puzzle.givens])
        for cell, digit in self.eliminated:
            if not grid.values[cell]:
                grid.eliminate(cell, digit)
        return grid


@dataclass
class _Stats:
    """Per-puzzle play time (seconds) and hints used."""

    elapsed: float = 0.0
    since: float | None = None
    hints_used: int = 0


class Game:
    """A play session: the current PlayState, undo/redo stacks, selection, mode, hint, timer.

    ``clock`` returns seconds (default ``time.monotonic``); the timer counts only while the game
    is resumed and the puzzle unsolved. Every action method returns True when it changed the
    state (and so pushed exactly one undo step).
    """

    def __init__(self, puzzle: Puzzle, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.state = PlayState.start(puzzle)
        self.undo_stack: list[PlayState] = []
        self.redo_stack: list[PlayState] = []
        self.selection: tuple[int, ...] = (0,)
        self.cursor = 0
        self.mode = "normal"
        self.hint: Hint | None = None
        self.paused = False
        self._stats: dict[Puzzle, _Stats] = {puzzle: _Stats()}
        self._sync_timer()

    # --- timer -----------------------------------------------------------------------------

    def _current_stats(self) -> _Stats:
        return self._stats.setdefault(self.state.puzzle, _Stats())

    def _stop_timer(self) -> None:
        stats = self._current_stats()
        if stats.since is not None:
            stats.elapsed += self.clock() - stats.since
            stats.since = None

    def _sync_timer(self) -> None:
        stats = self._current_stats()
        running = not self.paused and not self.state.solved
        if running and stats.since is None:
            stats.since = self.clock()
        elif not running:
            self._stop_timer()

    @property
    def elapsed(self) -> float:
        """Seconds of play on the current puzzle."""
        stats = self._current_stats()
        extra = self.clock() - stats.since if stats.since is not None else 0.0
        return stats.elapsed + extra

    @property
    def hints_used(self) -> int:
        """Hints asked for on the current puzzle (each new hint counts once, whatever its stages)."""
        return self._current_stats().hints_used

    def pause(self) -> None:
        """Stop the timer (the player left the play screen)."""
        self.paused = True
        self._sync_timer()

    def resume(self) -> None:
        """Restart the timer unless the puzzle is solved."""
        self.paused = False
        self._sync_timer()

    # --- state ------------------------------------------------------------------------------

    @property
    def puzzle(self) -> Puzzle:
        return self.state.puzzle

    @property
    def solved(self) -> bool:
        return self.state.solved

    @property
    def running(self) -> bool:
        """True while there is an unsolved puzzle to continue."""
        return not self.state.solved

    def _set_state(self, state: PlayState) -> None:
        self._stop_timer()
        self.state = state
        self._sync_timer()

    def _commit(self, state: PlayState) -> bool:
        """Make ``state`` current as one undoable step; False (nothing pushed) if unchanged."""
        if state is self.state or state == self.state:
            return False
        self.undo_stack.append(self.state)
        self.redo_stack.clear()
        self._set_state(state)
        self.hint = None
        return True

    def undo(self) -> bool:
        """Go back one action; False when there is none."""
        return self._travel(self.undo_stack, self.redo_stack)

    def redo(self) -> bool:
        """Redo the last undone action; False when there is none."""
        return self._travel(self.redo_stack, self.undo_stack)

    def _travel(self, source: list[PlayState], target: list[PlayState]) -> bool:
        """Make the top of ``source`` current, keeping the current state on ``target``."""
        if not source:
            return False
        target.append(self.state)
        self._set_state(source.pop())
        self.hint = None
        return True

    def new_puzzle(self, puzzle: Puzzle) -> bool:
        """Switch to a new puzzle as one undoable step (undo returns to the old one)."""
        self._stats.setdefault(puzzle, _Stats())
        return self._commit(PlayState.start(puzzle))

    # --- selection (not undoable) -------------------------------------------------------------

    def select(self, cells: Iterable[int], extend: bool = False) -> None:
        """Select ``cells`` (replacing the selection, or adding to it when ``extend``)."""
        cells = [c for c in cells if 0 <= c < 81]
        if not cells:
            return
        if extend:
            merged = list(self.selection) + [c for c in cells if c not in self.selection]
            self.selection = tuple(merged)
        else:
            self.selection = tuple(dict.fromkeys(cells))
        self.cursor = cells[-1]

    def toggle_selected(self, cell: int) -> None:
        """Ctrl-click: add ``cell`` to the selection, or drop it if it is there (never empties)."""
        if cell in self.selection and len(self.selection) > 1:
            self.selection = tuple(c for c in self.selection if c != cell)
            self.cursor = self.selection[-1]
        else:
            self.select([cell], extend=True)

    def select_same_digit(self, cell: int) -> None:
        """Select every cell that holds the digit in ``cell`` (a double click in SudokuPad)."""
        digit = self.state.values[cell]
        if digit:
            self.select([c for c in CELLS if self.state.values[c] == digit])
            self.cursor = cell
        else:
            self.select([cell])

    def move(self, d_row: int, d_col: int, extend: bool = False) -> None:
        """Move the cursor, wrapping around inside its row or column; select it (or add it)."""
        row = (ROW_OF[self.cursor] + d_row) % 9
        col = (COL_OF[self.cursor] + d_col) % 9
        self.select([row * 9 + col], extend=extend)

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
        self.mode = mode

    def cycle_mode(self) -> None:
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]

    # --- actions (each at most one undo step) -------------------------------------------------

    def input_digit(self, digit: int, mode: str | None = None) -> bool:
        """Use ``digit`` 1..9 on the selection in ``mode`` (default: the current mode)."""
        mode = mode or self.mode
        cells = self.selection
        if mode == "normal":
            return self._commit(self.state.enter(cells, digit))
        if mode == "corner":
            return self._commit(self.state.toggle_corner(cells, digit))
        if mode == "centre":
            return self._commit(self.state.toggle_centre(cells, digit))
        if mode == "colour":
            return self._commit(self.state.toggle_colour(cells, digit))
        raise ValueError(f"unknown mode {mode!r}")

    def clear(self) -> bool:
        """Clear one layer of the selection (entries, then marks, then colours)."""
        return self._commit(self.state.clear(self.selection, self.mode))

    def request_hint(self) -> Hint | None:
        """Advance the staged hint; return what to show, or None once the step was applied.

        Wrong entries come first (no technique is named while any entry is wrong). Otherwise the
        1st press starts a search: the hint turns ``"thinking"`` and carries a ``HintSearch``
        that the caller runs (on a worker: ``search.run(cancel)``) and hands back through
        ``resolve_hint``; pressing again while it thinks changes nothing. Once the step is in,
        the next press shows pattern and result (stage 2), and the one after applies it as one
        undoable action. Each new hint adds one to ``hints_used`` when its step arrives.
        """
        state = self.state
        hint = self.hint
        if state.wrong:
            cells = tuple(sorted(state.wrong))
            if hint is None or hint.kind != "wrong" or hint.cells != cells:
                self._current_stats().hints_used += 1
            self.hint = Hint("wrong", cells=cells)
            return self.hint
        if hint is not None and hint.kind == "thinking":
            return hint
        if hint is None or hint.kind != "step":
            if state.solved:
                self.hint = Hint("none")
                return self.hint
            grid = state.solver_grid()
            self.hint = Hint("thinking", search=HintSearch(grid, tuple(grid.candidates)))
            return self.hint
        if hint.stage == 1:
            self.hint = replace(hint, stage=2)
            return self.hint
        self._commit(state.apply_step(hint.step))
        self.hint = None
        return None

    def resolve_hint(self, search: HintSearch, step: Step | None, failure: str = "") -> bool:
        """Hand in the result of ``search``: its step (stage 1 of a new hint), None when no
        technique fires, or a ``failure`` note when the search broke. Returns False, changing
        nothing, when ``search`` is stale (the position or the hint changed since it started).
        """
        hint = self.hint
        if hint is None or hint.kind != "thinking" or hint.search is not search:
            return False
        if failure:
            self.hint = Hint("none", note=failure)
        elif step is None:
            self.hint = Hint("none")
        else:
            self._current_stats().hints_used += 1
            self.hint = Hint("step", 1, step, candidates=search.candidates)
        return True

    def think(self) -> Hint | None:
        """Run a pending hint search here, on the calling thread (for tests and scripts; the
        play screen runs it on a worker). Returns the hint on show."""
        hint = self.hint
        if hint is not None and hint.kind == "thinking" and hint.search is not None:
            self.resolve_hint(hint.search, hint.search.run())
        return self.hint

    def dismiss_hint(self) -> None:
        """Hide the hint without acting (not an undo step)."""
        self.hint = None
