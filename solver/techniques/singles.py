"""Singles: Full House, Naked Single, Hidden Single.

Each finder reads the grid's candidates and yields one ``Step`` per placement it sees, in cell
(or house) order; none changes the grid. Definitions follow HoDoKu's technique pages
(hodoku.sourceforge.net/en/tech_singles.php):

  Full House     a house with one empty cell left; that cell takes the house's missing digit.
  Naked Single   a cell with one candidate left.
  Hidden Single  a digit with one place left in a house (box, row or column; the text names it).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from operator import itemgetter

from solver.grid import (
    ALL_DIGITS,
    BIT,
    DIGITS_OF,
    HOUSES,
    HOUSES_OF,
    PEERS,
    Grid,
    cell_name,
    house_name,
    lonely_digits,
)
from solver.step import Step

# Boxes first, then rows and columns: a person scans boxes first, and Sudoku Explainer rates a
# hidden single in a box (1.2) below one in a row or column (1.5).
HOUSE_VALUES = tuple(itemgetter(*cells) for cells in HOUSES)  # HOUSE_VALUES[h](values): 9 values

HIDDEN_SINGLE_HOUSE_ORDER = tuple(range(18, 27)) + tuple(range(18))


def full_house(grid: Grid) -> Iterator[Step]:
    """Yield a Full House step for each house with exactly one empty cell (each cell once)."""
    values, cands = grid.values, grid.candidates
    seen = set()
    for house, cells in enumerate(HOUSES):
        if HOUSE_VALUES[house](values).count(0) != 1:
            continue
        empty = [cell for cell in cells if not values[cell]]
        if empty[0] in seen:
            continue
        cell = empty[0]
        used = 0
        for other in cells:
            used |= BIT[values[other]]
        missing = 0x1FF & ~used
        if not cands[cell] & missing:  # contradictory grid: the cell cannot take it
            continue
        seen.add(cell)
        yield full_house_step(cell, DIGITS_OF[missing][0], house)


def full_house_step(cell: int, digit: int, house: int) -> Step:
    """The Full House step placing ``digit`` in ``cell``, the last empty cell of ``house``."""
    return Step(
        "Full House",
        placements=((cell, digit),),
        pattern=((cell, digit),),
        houses=(house,),
        text=f"{cell_name(cell)} is the last empty cell in {house_name(house)}, so it must be {digit}.",
    )


def naked_single(grid: Grid) -> Iterator[Step]:
    """Yield a Naked Single step for each empty cell with exactly one candidate."""
    cands = grid.candidates
    for cell in range(81):
        mask = cands[cell]
        if mask and not mask & (mask - 1):
            yield naked_single_step(cell, DIGITS_OF[mask][0])


def naked_single_step(cell: int, digit: int) -> Step:
    """The Naked Single step placing ``digit``, the only candidate of ``cell``."""
    return Step(
        "Naked Single",
        placements=((cell, digit),),
        pattern=((cell, digit),),
        text=f"{cell_name(cell)} has only one candidate left: {digit}.",
    )


def hidden_single(grid: Grid) -> Iterator[Step]:
    """Yield a Hidden Single step for each (digit, cell) whose digit has one place in a house.

    Houses are scanned boxes first, then rows, then columns; a placement that is hidden in
    several houses is yielded once, naming the first of them. A cell whose only candidate is
    the digit still counts (it is then a Naked Single too).
    """
    cands = grid.candidates
    seen = set()
    for house in HIDDEN_SINGLE_HOUSE_ORDER:
        cells = HOUSES[house]
        single = lonely_digits(cands, cells)
        if not single:
            continue
        for digit in DIGITS_OF[single]:
            bit = BIT[digit]
            cell = next(cell for cell in cells if cands[cell] & bit)
            if (cell, digit) in seen:
                continue
            seen.add((cell, digit))
            yield hidden_single_step(cell, digit, house)


def hidden_single_step(cell: int, digit: int, house: int) -> Step:
    """The Hidden Single step placing ``digit`` in ``cell``, its only place in ``house``."""
    return Step(
        "Hidden Single",
        placements=((cell, digit),),
        pattern=((cell, digit),),
        houses=(house,),
        text=f"In {house_name(house)}, the {digit} can only go in {cell_name(cell)}.",
    )


SINGLES = (full_house, naked_single, hidden_single)
"""The singles finders; the fast path in ``solver.human`` replaces them with bit-mask loops."""

SINGLE_NAMES = frozenset({"Full House", "Naked Single", "Hidden Single"})
"""The step names the singles finders give (``Step.technique``)."""


class SinglesQueue:
    """Which single HoDoKu 2.2 takes when several are there: the one that appeared first.

    HoDoKu keeps two queues beside its grid (Sudoku2's ``nsQueue`` and ``hsQueue``): a cell
    joins the naked queue when a removal leaves it one candidate, and (cell, digit) joins the
    hidden queue when a removal leaves the digit one place in a house. Full House is the first
    entry of the naked queue whose cell is alone in a house (the queue is only read); Naked
    Single and Hidden Single take entries off the front of their queue, dropping those whose
    cell has been filled since, and use the first one left. The solve path follows this order
    so that its counts of each single, and so its score, are HoDoKu's.

    The queues are filled in HoDoKu's order of removals: loading places the givens in cell
    order; placing a digit removes it from the peers in cell order (for each peer the naked
    entry, then hidden entries for its row, column and box), then frees the cell's own
    candidates (digits ascending, row, column, box); a step's eliminations are removed in the
    order the step lists them. Usage: build it on the position, take singles with
    ``full_house``/``naked_single``/``hidden_single`` and make every step with ``apply``.
    """

    __slots__ = ("free", "hidden", "naked")

    def __init__(self, grid: Grid) -> None:
        """Replay HoDoKu's loading of ``grid``: its values placed in cell order on an empty grid
        (every candidate), then the candidates ``grid`` lacks beyond that removed in cell and
        digit order. ``grid`` is not changed."""
        self.naked: deque[tuple[int, int]] = deque()
        self.hidden: deque[tuple[int, int]] = deque()
        self.free = [[9] * 10 for _ in range(27)]  # free[house][digit]: empty cells holding it
        values = [0] * 81
        cands = [ALL_DIGITS] * 81
        for cell, digit in enumerate(grid.values):
            if digit:
                self._place(values, cands, cell, digit)
        for cell, mask in enumerate(grid.candidates):
            for digit in DIGITS_OF[cands[cell] & ~mask]:
                self._remove(cands, cell, digit)

    def _remove(self, cands: list[int], cell: int, digit: int) -> None:
        """Remove candidate ``digit`` (present) from empty ``cell``; queue what it makes single."""
        mask = cands[cell] & ~BIT[digit]
        cands[cell] = mask
        if mask and not mask & (mask - 1):
            self.naked.append((cell, DIGITS_OF[mask][0]))
        for house in HOUSES_OF[cell]:
            free = self.free[house]
            free[digit] -= 1
            if free[digit] == 1:
                self._hidden_in(cands, house, digit)

    def _hidden_in(self, cands: list[int], house: int, digit: int) -> None:
        bit = BIT[digit]
        for other in HOUSES[house]:
            if cands[other] & bit:
                self.hidden.append((other, digit))
                return

    def _place(self, values: list[int], cands: list[int], cell: int, digit: int) -> None:
        """Place ``digit`` in ``cell`` as HoDoKu's setCell does, queueing the singles it makes."""
        own = cands[cell]
        values[cell] = digit
        cands[cell] = 0
        bit = BIT[digit]
        for peer in PEERS[cell]:
            if cands[peer] & bit:
                self._remove(cands, peer, digit)
        for freed in DIGITS_OF[own]:
            for house in HOUSES_OF[cell]:
                free = self.free[house]
                free[freed] -= 1
                if free[freed] == 1 and freed != digit:
                    self._hidden_in(cands, house, freed)

    def apply(self, step: Step, grid: Grid) -> None:
        """Make ``step`` on ``grid`` (in place, as ``Step.apply``), keeping the queues."""
        values, cands = grid.values, grid.candidates
        for cell, digit in step.placements:
            if not values[cell]:
                self._place(values, cands, cell, digit)
        for cell, digit in step.eliminations:
            if cands[cell] & BIT[digit]:
                self._remove(cands, cell, digit)

    def full_house(self, grid: Grid) -> Step | None:
        """The first queued naked single whose cell is the last empty one of a house (row,
        column, box), as a Full House step; the queue is left as it is."""
        values = grid.values
        for cell, digit in self.naked:
            if values[cell]:
                continue
            for house in HOUSES_OF[cell]:
                if HOUSE_VALUES[house](values).count(0) == 1:
                    return full_house_step(cell, digit, house)
        return None

    def naked_single(self, grid: Grid) -> Step | None:
        """The first queued naked single whose cell is still empty (earlier entries are dropped)."""
        values, naked = grid.values, self.naked
        while naked:
            cell, digit = naked.popleft()
            if not values[cell]:
                return naked_single_step(cell, digit)
        return None

    def hidden_single(self, grid: Grid) -> Step | None:
        """The first queued hidden single whose cell is still empty (earlier entries are
        dropped), named by its first house in ``HIDDEN_SINGLE_HOUSE_ORDER``."""
        values, cands, hidden = grid.values, grid.candidates, self.hidden
        while hidden:
            cell, digit = hidden.popleft()
            if not values[cell]:
                bit = BIT[digit]
                row, col, box = HOUSES_OF[cell]
                for house in (box, row, col):
                    if sum(1 for other in HOUSES[house] if cands[other] & bit) == 1:
                        return hidden_single_step(cell, digit, house)
                return None  # a contradictory grid: the digit has more places everywhere
        return None
