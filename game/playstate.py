"""The play state: what the player has done to a puzzle, apart from the solver's candidates.

Glossary:
  givens     the puzzle's digits, 81 ints (0 = empty); they never change.
  entries    the player's digits, 81 ints (0 = none); never set on a given.
  corner     corner marks: 81 9-bit masks (pencil marks placed around the cell's edge).
  centre     centre marks: 81 9-bit masks (small digits in the middle of the cell).
  colours    81 ints, 0 = none, 1..9 = an index into the 9-colour palette.
  eliminated (cell, digit) candidates that applied hints removed; the hint engine remembers them.

After Simon Tatham's Solo midend: a move returns a new, immutable ``PlayState``, so undo and redo
are two stacks of states (game.session.Game holds them). This module never imports pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Protocol

from solver.grid import BIT, CELLS, HOUSES, Grid, cell_name
from solver.levels import Level
from solver.step import Step

MODES = ("normal", "corner", "centre", "colour")
MODE_LABELS = {"normal": "Normal", "corner": "Corner", "centre": "Centre", "colour": "Colour"}


class MadeLike(Protocol):
    """What ``Puzzle.from_generated`` reads: a ``game.made.MadePuzzle``, a
    ``generator.GeneratedPuzzle``, or anything with these fields (``hardest``, ``grade`` and
    ``seed`` are read with getattr, so they may be missing)."""

    @property
    def puzzle(self) -> Sequence[int]: ...

    @property
    def solution(self) -> Sequence[int]: ...

    @property
    def level(self) -> Level | None: ...


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One puzzle to play: 81 givens (0 = empty) and its 81-int solution, plus what it needs.

    Compared by identity: two games of the same digits are still two games.
    ``hardest`` is the hardest technique the grader needed (None when unknown). A pasted puzzle
    is played before its grade is known: ``learn_grade`` fills ``level`` and ``hardest`` in once,
    the only change a Puzzle ever sees, so every state that plays it shows the grade and none
    is replaced (undo, redo, the timers and saves keep the very same objects). ``counted`` is
    False for a puzzle the player brought (pasted, ``play --puzzle``): the statistics leave it out.
    ``daily`` is the date (YYYY-MM-DD) of a daily puzzle (generator.daily), None for any other.
    """

    givens: tuple[int, ...]
    solution: tuple[int, ...]
    level: Level | None = None
    hardest: str | None = None
    seed: int | None = None
    counted: bool = True
    daily: str | None = None

    def __post_init__(self) -> None:
        if len(self.givens) != 81 or len(self.solution) != 81:
            raise ValueError("givens and solution must be 81 ints each")
        for cell in CELLS:
            if self.givens[cell] and self.givens[cell] != self.solution[cell]:
                raise ValueError(f"given at {cell_name(cell)} disagrees with the solution")

    def learn_grade(self, level: Level, hardest: str | None) -> None:
        """Fill in the grade of a puzzle played before it was known (``level`` None so far).

        Raises:
            ValueError: the puzzle already has a level.
        """
        if self.level is not None:
            raise ValueError(f"the puzzle is already graded {self.level.label}")
        object.__setattr__(self, "level", level)  # frozen otherwise: see the class docstring
        object.__setattr__(self, "hardest", hardest)

    @classmethod
    def from_generated(cls, generated: MadeLike) -> Puzzle:
        """From a made puzzle: a ``game.made.MadePuzzle`` (fields puzzle, solution, level,
        hardest, seed) or anything with those fields, the hardest technique possibly in a
        ``grade`` (a ``generator.GeneratedPuzzle``)."""
        hardest = getattr(generated, "hardest", None) or getattr(getattr(generated, "grade", None), "hardest", None)
        return cls(
            givens=tuple(generated.puzzle),
            solution=tuple(generated.solution),
            level=generated.level,
            hardest=hardest,
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
    def start(cls, puzzle: Puzzle) -> PlayState:
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
    def marks_missing(self) -> frozenset[int]:
        """Empty cells whose centre marks (the player's candidates) leave out the cell's
        solution digit: a digit that can still go there. Corner marks are notes of where a
        digit may go in a box, not a cell's candidates, so they are not read."""
        solution, centre = self.puzzle.solution, self.centre
        return frozenset(
            c for c in CELLS if centre[c] and not self.values[c] and not centre[c] >> (solution[c] - 1) & 1
        )

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

    def enter(self, cells: Iterable[int], digit: int) -> PlayState:
        """Enter ``digit`` (1..9) in the non-given cells; if all already hold it, clear it.

        The cells' marks stay underneath and show again when the entry is cleared (SudokuPad).
        """
        targets = self.editable(cells)
        if not targets:
            return self
        value = 0 if all(self.entries[c] == digit for c in targets) else digit
        return replace(self, entries=_set_all(self.entries, targets, value))

    def toggle_corner(self, cells: Iterable[int], digit: int) -> PlayState:
        """Toggle corner mark ``digit`` in the open cells: removed if all have it, else added."""
        targets = self.open_cells(cells)
        if not targets:
            return self
        return replace(self, corner=_toggled(self.corner, targets, BIT[digit]))

    def toggle_centre(self, cells: Iterable[int], digit: int) -> PlayState:
        """Toggle centre mark ``digit`` in the open cells: removed if all have it, else added."""
        targets = self.open_cells(cells)
        if not targets:
            return self
        return replace(self, centre=_toggled(self.centre, targets, BIT[digit]))

    def toggle_colour(self, cells: Iterable[int], colour: int) -> PlayState:
        """Paint the cells with ``colour`` (1..9); if all already have it, remove it."""
        targets = list(cells)
        if not targets:
            return self
        value = 0 if all(self.colours[c] == colour for c in targets) else colour
        return replace(self, colours=_set_all(self.colours, targets, value))

    def clear(self, cells: Iterable[int], mode: str = "normal") -> PlayState:
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

    def apply_step(self, step: Step) -> PlayState:
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

    def marks_grid(self) -> tuple[Grid, frozenset[int]]:
        """The position a hint works from: ``solver_grid`` with each empty cell's candidates
        cut to the player's centre marks where the cell has any (SudokuWiki's "solve from your
        candidates"); a cell without centre marks keeps all its candidates. Returns (grid, the
        cells whose marks removed a candidate the solver grid still had). Marks that would
        leave a cell no candidate at all are not applied there.

        Sound as long as no cell's marks leave out its solution digit (``marks_missing``,
        which the hint checks first): every step found then holds for the puzzle too. Corner
        marks are not read (they note where a digit may go, not a cell's candidates).

        Raises:
            PuzzleFormatError: the entries break a rule (callers check ``wrong`` first).
        """
        grid = self.solver_grid()
        narrowed = set()
        for cell in CELLS:
            marks = self.centre[cell]
            kept = grid.candidates[cell] & marks
            if marks and not grid.values[cell] and kept and kept != grid.candidates[cell]:
                grid.candidates[cell] = kept
                narrowed.add(cell)
        return grid, frozenset(narrowed)
