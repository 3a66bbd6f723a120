"""What changed since a rule last found nothing: how the SE estimate's slow rules narrow their
search along a rating walk.

A rating walk only ever removes candidates (a placed cell keeps none), so at a later position a
pattern whose cells did not change was there before, with the same or fewer targets. A rule
that found nothing at the earlier position need only look at the patterns touching what changed
since (``Since``), in its usual order, to give the hint its whole search would. The walk keeps a
``Record`` of where each such rule last found nothing and hands each rule its ``Since``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

from solver.grid import CELL_BIT, Grid

Hint = TypeVar("Hint")


class Since(NamedTuple):
    """What changed since an earlier position of the same walk where a rule found nothing.

    A rating walk only ever removes candidates (a placed cell keeps none), so a pattern whose
    cells did not change was there before, with the same or fewer targets, and gave nothing: a
    rule handed a ``Since`` looks only at the patterns that touch ``cells`` and returns what its
    whole search would (the same hint, as it keeps its search order). Made by ``since``.

    Fields:
        cells: the 81-bit set of the cells whose candidates changed (placed cells included).
        before: the earlier position's 81 candidate masks (bit d-1 = digit d).
    """

    cells: int
    before: Sequence[int]


def since(before: Sequence[int], now: Sequence[int]) -> Since | None:
    """The ``Since`` from candidate masks ``before`` to ``now`` (81 each); None when ``now``
    holds a candidate ``before`` did not (not a later position of the same walk)."""
    cells = 0
    for cell in range(81):
        old, new = before[cell], now[cell]
        if old != new:
            if new & ~old:
                return None
            cells |= CELL_BIT[cell]
    return Since(cells, before)


class Record:
    """A walk's record of where each slow rule last found nothing, kept from one ``next_hint``
    to the next as the walk goes on (its positions only lose candidates): such a rule is told
    what changed since (``Since``) and looks only at the patterns touching it, for the same
    answer sooner. A position that does not follow the recorded one (a candidate came back)
    gets the whole search."""

    def __init__(self) -> None:
        self.misses: dict[object, tuple[int, ...]] = {}  # rule -> candidates where it last missed
        self._grid: Grid | None = None  # the position being looked at
        self._now: tuple[int, ...] | None = None  # its candidates (once asked)
        # id(an earlier position) -> what changed since, for the position being looked at
        self._changes: dict[int, Since | None] = {}

    def look_at(self, grid: Grid) -> None:
        """Begin on a new position (``grid``, which must follow the walk's earlier ones)."""
        self._grid, self._now = grid, None
        self._changes.clear()

    def run(self, rule: object, find: Callable[[Since | None], Hint | None]) -> Hint | None:
        """``find(changes)``: what ``rule`` finds at the position, told what changed since it
        last found nothing (None the first time); a miss is recorded."""
        if self._now is None:
            assert self._grid is not None, "look_at first"
            self._now = tuple(self._grid.candidates)
        now = self._now
        before = self.misses.get(rule)
        changes = None
        if before is not None:
            if id(before) not in self._changes:
                self._changes[id(before)] = since(before, now)
            changes = self._changes[id(before)]
            if changes is not None and not changes.cells:
                return None  # the very position where it found nothing
        hint = find(changes)
        if hint is None:
            self.misses[rule] = now
        return hint
