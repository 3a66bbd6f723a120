"""A play session: the current play state, undo and redo, selection, input mode, hint and timer.

``Game`` holds two stacks of immutable ``PlayState`` snapshots (game.playstate), so every player
action is exactly one undo step (Solo's midend); the selection is never undone. The clock is
passed in so tests drive it (as in pyspacewar). This module never imports pygame.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from game import tools
from game.hints import Hint, HintSearch
from game.playstate import MODES, PlayState, Puzzle
from solver.grid import CELLS, COL_OF, ROW_OF
from solver.step import Step


@dataclass
class _Stats:
    """Per-puzzle play time (seconds) and hints used."""

    elapsed: float = 0.0
    since: float | None = None
    hints_used: int = 0
    revealed: bool = False  # the Solve tool finished the puzzle


@dataclass(frozen=True)
class GameSnapshot:
    """What ``Game.snapshot`` copies: the fields ``game.savegame.game_to_data`` reads."""

    state: PlayState
    undo_stack: tuple[PlayState, ...]
    redo_stack: tuple[PlayState, ...]
    records: dict[Puzzle, tuple[float, int]]
    selection: tuple[int, ...]
    cursor: int
    mode: str

    def puzzle_records(self) -> dict[Puzzle, tuple[float, int]]:
        return self.records


TOOLS = ("fill", "singles", "pairs", "check", "solve", "restart")
"""The player's tools (game.tools): fill candidates, solve singles, solve pairs, check, reveal
the solution, restart."""
SOLVING_TOOLS = ("singles", "pairs", "solve")


class Game:
    """A play session: the current PlayState, undo/redo stacks, selection, mode, hint, timer.

    ``clock`` returns seconds (default ``time.monotonic``); the timer counts only while the game
    is resumed and the puzzle unsolved. Every action method returns True when it changed the
    state (and so pushed exactly one undo step).
    """

    def __init__(self, puzzle: Puzzle, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.state = PlayState.start(puzzle)
        self.start: PlayState | None = None  # where Restart goes back to, when not the bare givens (practice)
        self.undo_stack: list[PlayState] = []
        self.redo_stack: list[PlayState] = []
        self.selection: tuple[int, ...] = (0,)
        self.cursor = 0
        self.mode = "normal"
        self.hint: Hint | None = None
        self.timer_stopped = False  # pause()/resume(): the player is away from the board
        self.auto_clean = True  # a placed digit leaves its peers' pencil marks (a setting)
        self.checked: frozenset[int] = frozenset()  # cells the last Check flagged
        self._checked_state: PlayState | None = None  # the position the last Check counted for
        self.grading_stopped: set[Puzzle] = set()  # ungraded puzzles whose grading the player stopped
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
        running = not self.timer_stopped and not self.state.solved
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
    def revealed(self) -> bool:
        """True when the Solve tool revealed the current puzzle's solution (not a win)."""
        return self._current_stats().revealed

    @property
    def hints_used(self) -> int:
        """Hints asked for on the current puzzle (each new hint counts once, whatever its stages)."""
        return self._current_stats().hints_used

    def puzzle_records(self) -> dict[Puzzle, tuple[float, int]]:
        """Per puzzle this session has played: (seconds of play, hints used); a running timer
        counts its time so far. For saving (game.savegame)."""
        now = self.clock()
        records: dict[Puzzle, tuple[float, int]] = {}
        for puzzle, stats in self._stats.items():
            running = now - stats.since if stats.since is not None else 0.0
            records[puzzle] = (stats.elapsed + running, stats.hints_used)
        return records

    def snapshot(self) -> GameSnapshot:
        """An immutable copy of what a save needs, cheap to take on the UI thread (the states are
        immutable; only the two stacks' lists are copied): ``game.savegame.game_to_data`` reads
        it on a writer thread like a Game."""
        return GameSnapshot(
            self.state,
            tuple(self.undo_stack),
            tuple(self.redo_stack),
            self.puzzle_records(),
            self.selection,
            self.cursor,
            self.mode,
        )

    @classmethod
    def restore(
        cls,
        state: PlayState,
        undo_stack: Iterable[PlayState],
        redo_stack: Iterable[PlayState],
        records: dict[Puzzle, tuple[float, int]],
        selection: Iterable[int],
        cursor: int,
        mode: str,
        clock: Callable[[], float] = time.monotonic,
    ) -> Game:
        """A session rebuilt from saved parts (game.savegame checks them first), paused: the
        timer of each puzzle continues from its saved seconds when the game resumes. ``records``
        maps puzzles to (seconds of play, hints used) as ``puzzle_records`` gives them.

        Raises:
            ValueError: ``mode`` is not one of MODES, or ``selection`` (non-empty) or ``cursor``
                holds a cell outside 0..80.
        """
        game = cls(state.puzzle, clock)
        game.pause()
        game.state = state
        game.undo_stack = list(undo_stack)
        game.redo_stack = list(redo_stack)
        game._stats = {
            puzzle: _Stats(elapsed=seconds, hints_used=hints) for puzzle, (seconds, hints) in records.items()
        }
        game.set_mode(mode)
        selection = tuple(selection)
        game.select(selection)
        if game.selection != tuple(dict.fromkeys(selection)) or not 0 <= cursor < 81:
            raise ValueError("the selection and the cursor must be cells 0..80")
        game.cursor = cursor
        game._sync_timer()
        return game

    def recover(self, state: PlayState, seconds: float, hints: int) -> None:
        """Put ``state`` (of the current puzzle) on top of a restored game as one undoable step,
        with the puzzle's timer at ``seconds`` and ``hints`` used when those are more: the moves
        a killed process had shown but not yet saved in full (game.savegame's position file).

        Raises:
            ValueError: ``state`` is of another puzzle, or puts an entry on a given.
        """
        if state.puzzle is not self.state.puzzle:
            raise ValueError("the position is of another puzzle")
        if any(state.entries[c] and state.puzzle.givens[c] for c in range(81)):
            raise ValueError("the position has an entry on a given")
        if (state.entries, state.corner, state.centre, state.colours, state.eliminated) != (
            self.state.entries,
            self.state.corner,
            self.state.centre,
            self.state.colours,
            self.state.eliminated,
        ):
            self.undo_stack.append(self.state)
            self.redo_stack = []
            self.state = state
        stats = self._current_stats()
        stats.elapsed = max(stats.elapsed, seconds)
        stats.hints_used = max(stats.hints_used, hints)

    def pause(self) -> None:
        """Stop the timer (the player left the play screen or paused)."""
        self.timer_stopped = True
        self._sync_timer()

    def resume(self) -> None:
        """Restart the timer unless the puzzle is solved."""
        self.timer_stopped = False
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

    def count_hint(self) -> None:
        """Count one hint on the current puzzle: help that is not a staged hint (the solution
        panel showing the steps, game.solution)."""
        self._current_stats().hints_used += 1

    def apply_steps(self, steps: Sequence[Step]) -> bool:
        """Apply ``steps`` in turn (``PlayState.apply_step``: placements become entries,
        eliminations leave the marks; with ``auto_clean`` a placed digit leaves its peers' marks
        too, as when the player types it) as one undoable action; False when nothing changed."""
        state = self.state
        for step in steps:
            state = self._applied(state, step)
        return self._commit(state)

    def _applied(self, state: PlayState, step: Step) -> PlayState:
        """``state`` after ``step``, its placements cleaned out of the peers' marks with
        ``auto_clean`` (``tools.clean_marks``)."""
        state = state.apply_step(step)
        if self.auto_clean:
            for cell, digit in step.placements:
                state = tools.clean_marks(state, (cell,), digit)
        return state

    def _commit(self, state: PlayState) -> bool:
        """Make ``state`` current as one undoable step; False (nothing pushed) if unchanged."""
        if state is self.state or state == self.state:
            return False
        self.undo_stack.append(self.state)
        self.redo_stack.clear()
        self._set_state(state)
        self.hint = None
        self.checked = frozenset()
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
        self.checked = frozenset()
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
            state = self.state.enter(cells, digit)
            if self.auto_clean:  # after the cells that took it (a given's digit changes nothing)
                state = tools.clean_marks(state, self.state.editable(cells), digit)
            return self._commit(state)
        if mode == "corner":
            return self._commit(self.state.toggle_corner(cells, digit))
        if mode == "centre":
            return self._commit(self.state.toggle_centre(cells, digit))
        if mode == "colour":
            return self._commit(self.state.toggle_colour(cells, digit))
        raise ValueError(f"unknown mode {mode!r}")

    def toggle_mark(self, cell: int, digit: int, layer: str) -> bool:
        """Toggle one pencil mark, ``digit`` (1..9) in ``cell``'s ``layer`` ("corner" or
        "centre"), whatever the selection (a click on the mark); one undo step. False when the
        cell is not open (a given or an entry: no marks show there).

        Raises:
            ValueError: ``layer`` is neither "corner" nor "centre".
        """
        if layer == "corner":
            return self._commit(self.state.toggle_corner((cell,), digit))
        if layer == "centre":
            return self._commit(self.state.toggle_centre((cell,), digit))
        raise ValueError(f"unknown mark layer {layer!r}; choose corner or centre")

    def clear(self) -> bool:
        """Clear one layer of the selection (entries, then marks, then colours)."""
        return self._commit(self.state.clear(self.selection, self.mode))

    # --- the solver's tools (game.tools), each one undoable step --------------------------------

    def use_tool(self, name: str) -> tools.ToolResult:
        """Apply a tool of ``TOOLS`` to the current state as one undoable step and return what
        it did (its ``message`` is for the player). The solving tools ("singles", "pairs",
        "solve") count as a hint when they do something, and "check" unless the position is
        the one the last Check counted (a second press with no move between). "check" changes
        no state: it sets ``checked``, the cells to flag, until the next action.

        Raises:
            ValueError: ``name`` is not in ``TOOLS``.
        """
        if name not in TOOLS:
            raise ValueError(f"unknown tool {name!r}; choose one of {', '.join(TOOLS)}")
        state = self.state
        if name == "check":
            cells = tools.mistakes(state)
            self.hint = None
            self.checked = cells
            if state is not self._checked_state:  # a second press on the same position tells nothing new
                self._checked_state = state
                self._current_stats().hints_used += 1
            count = len(cells)
            message = "No mistakes so far." if not count else f"{count} cell{'s' * (count != 1)} marked."
            return tools.ToolResult(state, message=message)
        if name == "fill":
            result = tools.fill_candidates(state)
        elif name == "singles":
            result = tools.solve_singles(state, self.auto_clean)
        elif name == "pairs":
            result = tools.solve_pairs(state, self.auto_clean)
        elif name == "solve":
            result = tools.reveal_solution(state)
        else:
            start = self.start if self.start is not None and self.start.puzzle is state.puzzle else None
            result = tools.restart(state, start)
        if self._commit(result.state) and name in SOLVING_TOOLS:
            stats = self._current_stats()
            stats.hints_used += 1
            stats.revealed |= name == "solve"
        return result

    def request_hint(self) -> Hint | None:
        """Advance the staged hint; return what to show, or None once the step was applied.

        Wrong entries come first (no technique is named while any entry is wrong), then centre
        marks that leave out a digit that can still go in their cell (``PlayState.marks_missing``:
        the hint says where, not which digit). Otherwise the 1st press starts a search on the
        player's own candidates (``PlayState.marks_grid``: a cell's centre marks, where it has
        any, stand for its candidates, so the step is the next one *they* can take): the hint
        turns ``"thinking"`` and carries a ``HintSearch`` that the caller runs (on a worker:
        ``search.run(cancel)``) and hands back through ``resolve_hint``; pressing again while it
        thinks changes nothing. Once the step is in, the next press shows pattern and result
        (stage 2), and the one after applies it as one undoable action. Each new hint adds one
        to ``hints_used`` when its step arrives.
        """
        state = self.state
        hint = self.hint
        if state.wrong:
            cells = tuple(sorted(state.wrong))
            if hint is None or hint.kind != "wrong" or hint.cells != cells:
                self._current_stats().hints_used += 1
            self.hint = Hint("wrong", cells=cells)
            return self.hint
        if state.marks_missing:  # a step found from the player's marks could mislead them
            cells = tuple(sorted(state.marks_missing))
            if hint is None or hint.kind != "marks" or hint.cells != cells:
                self._current_stats().hints_used += 1
            self.hint = Hint("marks", cells=cells)
            return self.hint
        if hint is not None and hint.kind == "thinking":
            return hint
        if hint is None or hint.kind != "step":
            if state.solved:
                self.hint = Hint("none")
                return self.hint
            grid, marked = state.marks_grid()
            self.hint = Hint("thinking", search=HintSearch(grid, tuple(grid.candidates), marked))
            return self.hint
        if hint.stage == 1:
            self.hint = replace(hint, stage=2)
            return self.hint
        assert hint.step is not None  # a "step" hint always carries its step (resolve_hint)
        self._commit(self._applied(state, hint.step))
        self.hint = None
        return None

    def walk_link(self, delta: int) -> bool:
        """Walk the chain of the hint on show one link forward (``delta`` 1) or back (-1): from
        the whole chain to link 1, 2, ... n and round to the whole chain again. Only a step
        with links at stage 2; returns False (changing nothing) otherwise."""
        hint = self.hint
        if hint is None or hint.kind != "step" or hint.stage < 2:
            return False
        assert hint.step is not None  # a "step" hint always carries its step (resolve_hint)
        if not hint.step.links:
            return False
        self.hint = replace(hint, link=(hint.link + delta) % (len(hint.step.links) + 1))
        return True

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
            self.hint = Hint(
                "step", 1, step, candidates=search.candidates, values=tuple(search.grid.values), marked=search.marked
            )
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
