"""The solver's tools in the player's hands (after web Sudoku solvers' tools and Good Sudoku's notes).

Every tool reads a ``PlayState`` (game.playstate) and returns a new one, so the session can make
it one undoable step; nothing here changes a state or imports pygame.

Glossary (see game.playstate for givens, entries and marks):
  candidates  per open cell, the digits no peer holds and no applied hint removed: a 9-bit
              mask; the cell's *entropy* is their number (Wave Function Collapse's word).
  open cell   a cell with neither a given nor an entry.

Tools:
  fill_candidates   every open cell's candidates as centre marks (Good Sudoku's smart notes).
  clean_marks       a placed digit leaves its peers' pencil marks (auto-clean).
  solve_singles     Naked and Hidden Singles, again and again, as entries.
  solve_pairs       Naked Pairs' eliminations, then the singles they expose, until stuck.
  reveal_solution   every open cell gets its solution digit, lowest entropy first.
  mistakes          entries that break a rule or contradict the solution (Check).
  restart           the puzzle with none of the player's work.
  cell_detail       the entropy overlay's panel: a cell's candidates, and for every other
                    digit the peers (or the hint) that rule it out.
  digit_cells       the digit filter's cells: the open cells where one digit can still go.
  import_puzzle     a pasted puzzle checked and solved (fast); its grade comes later (game.jobs).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from game.made import MadePuzzle
from game.playstate import PlayState
from solver.grid import (
    ALL_DIGITS,
    BIT,
    CELLS,
    DIGITS,
    DIGITS_OF,
    HOUSES,
    HOUSES_OF,
    PEERS,
    POPCOUNT,
    Grid,
    house_name,
    lonely_digits,
)

WRONG_ENTRIES = "Some entries break the rules or the solution: Check shows them. Fix them first."


@dataclass(frozen=True)
class ToolResult:
    """What a tool did: the new ``state`` (the old one when nothing changed), the cells it
    filled in the order it filled them, the candidates it removed as (cell, digit), and a
    one-line ``message`` for the player."""

    state: PlayState
    placed: tuple[int, ...] = ()
    removed: tuple[tuple[int, int], ...] = ()
    message: str = ""


@dataclass(frozen=True)
class CellDetail:
    """The entropy overlay's panel for one cell.

    Fields: ``cell``; ``value`` (0 when open); ``candidates`` (digits still possible, in
    order); ``ruled_out``: for each other digit, the peers holding it (cells, in order), or an
    empty tuple when an applied hint removed it; ``houses``: the names of its row, column and
    box ("row 5", "column 8", "box 6").
    """

    cell: int
    value: int
    candidates: tuple[int, ...]
    ruled_out: dict[int, tuple[int, ...]]
    houses: tuple[str, ...]  # row, column, box (built by a generator expression)

    @property
    def entropy(self) -> int:
        """The number of digits still possible (0 for a filled cell)."""
        return len(self.candidates)


def candidates(state: PlayState) -> tuple[int, ...]:
    """81 candidate masks of ``state``: for an open cell the digits none of its peers holds,
    less the candidates applied hints removed; 0 for a filled cell. A cell whose mask is 0 while
    open is a contradiction (the player's entries leave it no digit)."""
    values = state.values
    used = [0] * 27
    for cell in CELLS:
        if values[cell]:
            for house in HOUSES_OF[cell]:
                used[house] |= BIT[values[cell]]
    masks = [
        0 if values[cell] else ALL_DIGITS & ~(used[r] | used[c] | used[b]) for cell, (r, c, b) in enumerate(HOUSES_OF)
    ]
    for cell, digit in state.eliminated:
        masks[cell] &= ~BIT[digit]
    return tuple(masks)


def entropies(state: PlayState) -> tuple[int, ...]:
    """81 ints: the number of candidates of each open cell; 0 for a filled cell."""
    return tuple(POPCOUNT[mask] for mask in candidates(state))


def remaining(state: PlayState) -> tuple[int, ...]:
    """How many of each digit are still to place: index d for digit d (index 0 unused, 0)."""
    counts = [0] * 10
    for value in state.values:
        counts[value] += 1
    return (0,) + tuple(max(0, 9 - counts[d]) for d in DIGITS)


def mistakes(state: PlayState) -> frozenset[int]:
    """The cells Check marks: digits that break a rule (a digit twice in a house, givens
    included) and entries that differ from the solution."""
    return state.conflicts | state.wrong


def digit_cells(state: PlayState, digit: int) -> frozenset[int]:
    """The open cells where ``digit`` (1..9) can still go, as the digit filter tints them: by
    the player's centre marks in a cell that has some (the player's own candidates, even where
    they are wrong), else by the cell's candidates (``candidates``: no peer holds the digit and
    no applied hint removed it). Corner marks are notes of where a digit may go in a box, not a
    cell's candidates, so they are not read (as in ``PlayState.marks_missing``)."""
    bit = BIT[digit]
    masks = candidates(state)
    return frozenset(
        c for c in CELLS if not state.values[c] and (state.centre[c] if state.centre[c] else masks[c]) & bit
    )


def cell_detail(state: PlayState, cell: int) -> CellDetail:
    """The entropy overlay's panel for ``cell`` (0..80); see ``CellDetail``."""
    values = state.values
    mask = candidates(state)[cell]
    ruled_out: dict[int, tuple[int, ...]] = {}
    if not values[cell]:
        for digit in DIGITS:
            if not mask & BIT[digit]:
                ruled_out[digit] = tuple(p for p in PEERS[cell] if values[p] == digit)
    houses = tuple(house_name(h) for h in HOUSES_OF[cell])
    return CellDetail(cell, values[cell], DIGITS_OF[mask], ruled_out, houses)


def fill_candidates(state: PlayState) -> ToolResult:
    """Every open cell's candidates become its centre marks (corner marks stay)."""
    masks = candidates(state)
    centre = tuple(masks[c] if not state.values[c] else state.centre[c] for c in CELLS)
    if centre == state.centre:
        return ToolResult(state, message="The centre marks already show every candidate.")
    return ToolResult(replace(state, centre=centre), message="Candidates filled in as centre marks.")


def clean_marks(state: PlayState, cells: Iterable[int], digit: int) -> PlayState:
    """``digit`` removed from the corner and centre marks of the peers of ``cells`` that hold
    it (auto-clean after a placement); ``state`` itself when no mark changes."""
    bit = BIT[digit]
    corner, centre = list(state.corner), list(state.centre)
    changed = False
    for cell in cells:
        if state.values[cell] != digit:
            continue
        for peer in PEERS[cell]:
            if (corner[peer] | centre[peer]) & bit:
                corner[peer] &= ~bit
                centre[peer] &= ~bit
                changed = True
    return replace(state, corner=tuple(corner), centre=tuple(centre)) if changed else state


def _usable(state: PlayState) -> bool:
    return not state.wrong and not state.conflicts


def _place(state: PlayState, cell: int, digit: int, clean: bool) -> PlayState:
    entries = list(state.entries)
    entries[cell] = digit
    state = replace(state, entries=tuple(entries))
    return clean_marks(state, (cell,), digit) if clean else state


def _next_single(masks: tuple[int, ...], values: tuple[int, ...]) -> tuple[int, int] | None:
    """(cell, digit) of the first Naked Single in cell order, else the first Hidden Single in
    house order; None when there is none."""
    for cell in CELLS:
        if not values[cell] and POPCOUNT[masks[cell]] == 1:
            return cell, DIGITS_OF[masks[cell]][0]
    for cells in HOUSES:
        single = lonely_digits(masks, cells)
        if single:
            digit = DIGITS_OF[single & -single][0]
            return next(c for c in cells if masks[c] & BIT[digit]), digit
    return None


def _singles(state: PlayState, clean: bool) -> tuple[PlayState, list[int]]:
    placed: list[int] = []
    while True:
        found = _next_single(candidates(state), state.values)
        if found is None:
            return state, placed
        cell, digit = found
        state = _place(state, cell, digit, clean)
        placed.append(cell)


def solve_singles(state: PlayState, clean: bool = True) -> ToolResult:
    """Place Naked and Hidden Singles until none is left (``clean``: each placement cleans its
    peers' pencil marks). Refuses, changing nothing, while an entry is wrong."""
    if not _usable(state):
        return ToolResult(state, message=WRONG_ENTRIES)
    new, placed = _singles(state, clean)
    if not placed:
        return ToolResult(state, message="No single to place: try Solve pairs or a hint.")
    return ToolResult(new, tuple(placed), message=f"Placed {len(placed)} single{'s' * (len(placed) != 1)}.")


def solve_pairs(state: PlayState, clean: bool = True) -> ToolResult:
    """Singles, then every Naked Pair's eliminations, then the singles they expose, until
    neither applies. The removed candidates are remembered like a hint's (``eliminated``) and
    leave the pencil marks. Refuses, changing nothing, while an entry is wrong."""
    if not _usable(state):
        return ToolResult(state, message=WRONG_ENTRIES)
    placed: list[int] = []
    removed: list[tuple[int, int]] = []
    new = state
    while True:
        new, more = _singles(new, clean)
        placed += more
        from solver.techniques.subsets import (
            naked_pair,  # the technique registry loads slowly
        )

        grid = Grid(new.values)
        grid.candidates = list(candidates(new))
        fresh = [(c, d) for step in naked_pair(grid) for c, d in step.eliminations]
        fresh = list(dict.fromkeys(fresh))
        if not fresh:
            break
        corner, centre = list(new.corner), list(new.centre)
        for cell, digit in fresh:
            corner[cell] &= ~BIT[digit]
            centre[cell] &= ~BIT[digit]
        new = replace(new, corner=tuple(corner), centre=tuple(centre), eliminated=new.eliminated | frozenset(fresh))
        removed += fresh
    if new == state:
        return ToolResult(state, message="No pair or single to use: try a hint.")
    return ToolResult(
        new,
        tuple(placed),
        tuple(removed),
        message=f"Removed {len(removed)} candidate{'s' * (len(removed) != 1)} with "
        f"pairs and placed {len(placed)} digit{'s' * (len(placed) != 1)}.",
    )


def reveal_solution(state: PlayState) -> ToolResult:
    """Every open cell gets its solution digit; ``placed`` lists them lowest entropy first (ties
    in cell order), the order the board reveals them. Wrong entries are corrected too."""
    solution = state.puzzle.solution
    masks = candidates(state)
    order = sorted(
        (c for c in CELLS if not state.puzzle.givens[c] and state.entries[c] != solution[c]),
        key=lambda c: (POPCOUNT[masks[c]] if not state.values[c] else 10, c),
    )
    if not order:
        return ToolResult(state, message="The puzzle is already solved.")
    entries = tuple(0 if state.puzzle.givens[c] else solution[c] for c in CELLS)
    return ToolResult(replace(state, entries=entries), tuple(order), message="Solved.")


def restart(state: PlayState, start: PlayState | None = None) -> ToolResult:
    """Back to ``start``: by default the puzzle with no entries, marks, colours or applied hints
    (a practice position starts from its own state: game.practice)."""
    fresh = start if start is not None else PlayState.start(state.puzzle)
    if fresh == state:
        return ToolResult(state, message="Nothing to clear yet.")
    return ToolResult(fresh, message="Restarted: your work is one undo away.")


def import_puzzle(text: str) -> MadePuzzle:
    """Check and solve a puzzle the player pasted: an 81-character line (``0`` or ``.`` for
    empty cells) or a 9-line grid; surrounding blank space is ignored. Returns it as a
    ``game.made.MadePuzzle`` with no level yet (no seed, no trace): the exact solver answers in
    milliseconds (67 ms at most over 6,000 hard and 17-clue puzzles), but grading can take
    many seconds, so it is a separate job (``game.jobs.grade_puzzle``) that the play screen runs.

    Raises:
        PuzzleError: with a message for the player: the text is not a puzzle (what and where,
            or every cell filled), or the puzzle has no solution or more than one.
    """
    from solver.errors import PuzzleFormatError
    from solver.exact import solve_unique

    text = text.strip()
    if not text:
        raise PuzzleFormatError("the clipboard holds no puzzle")
    grid = Grid.parse(text)
    if all(grid.values):  # solved on arrival: a win for nothing, and the game it replaces unreachable
        raise PuzzleFormatError("every cell already holds a digit: there is nothing to play")
    solution = solve_unique(grid.values)
    return MadePuzzle(tuple(grid.values), tuple(solution), None, None)
