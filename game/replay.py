"""How a generated puzzle was made, replayed on a clock for the generating screen: the Wave
Function Collapse trace (collapses, forced cells, contradictions and backtracks), then the digger
taking givens out. Plain Python (no pygame): game.scenes.generating draws what this computes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from solver.grid import ALL_DIGITS, BIT, HOUSES, HOUSES_OF, POPCOUNT, cell_name

FILL_SHARE, DIG_SHARE = 0.64, 0.28  # of the replay's time; the rest holds the finished puzzle
WEIGHTS = {"given": 0.4, "collapse": 1.0, "propagate": 0.45, "backtrack": 3.0, "dig": 1.0, "restore": 1.0}
CONFLICT_FLASH = 0.6  # seconds a contradiction shows red

Step = tuple[str, int, int, tuple[int, ...]]  # (kind, cell, digit, undone)


class TraceEventLike(Protocol):
    """One step of a recorded fill: a ``generator.wfc.Event`` or a ``game.made.TraceEvent``."""

    @property
    def kind(self) -> str: ...

    @property
    def cell(self) -> int: ...

    @property
    def digit(self) -> int: ...

    @property
    def undone(self) -> Iterable[int]: ...


def open_counts(values: Sequence[int]) -> list[int]:
    """81 ints for ``values`` (81 ints, 0 = empty): for each open cell, how many digits no peer
    holds (its entropy); 0 for a filled cell."""
    used = [0] * 27
    for h, house in enumerate(HOUSES):
        for c in house:
            used[h] |= BIT[values[c]]
    return [
        0 if values[c] else POPCOUNT[ALL_DIGITS & ~(used[r] | used[k] | used[b])]
        for c, (r, k, b) in enumerate(HOUSES_OF)
    ]


class Replay:
    """How a generated puzzle was made, as steps on a clock (plain Python, no pygame).

    Built from ``trace`` (``generator.wfc.Event``-like objects with ``kind``, ``cell``,
    ``digit``, ``undone``), ``dig_order`` and ``put_back`` (cells), and ``solution`` (81 ints).
    The fill's steps share ``FILL_SHARE`` of ``seconds`` and the dig's ``DIG_SHARE``, each in
    proportion to its kind's weight in ``WEIGHTS``. ``advance(dt)`` applies every step whose
    time has come; ``values`` is the grid so far (81 ints, 0 = empty); ``done`` turns true after
    ``seconds``.
    """

    def __init__(
        self,
        trace: Iterable[TraceEventLike],
        dig_order: Iterable[int],
        put_back: Iterable[int],
        solution: Sequence[int],
        seconds: float,
    ) -> None:
        self.steps: list[Step] = [(e.kind, e.cell, e.digit, tuple(e.undone)) for e in trace]
        self.fill_steps = len(self.steps)
        self.steps += [("dig", cell, 0, ()) for cell in dig_order]
        self.steps += [("restore", cell, solution[cell], ()) for cell in put_back]
        self.seconds = seconds
        fill, dig = self.steps[: self.fill_steps], self.steps[self.fill_steps :]
        self.times = _schedule(fill, 0.0, FILL_SHARE * seconds) + _schedule(
            dig, FILL_SHARE * seconds, DIG_SHARE * seconds
        )
        self.clock = 0.0
        self.cursor = 0
        self.values = [0] * 81
        self.ghost = [0] * 81  # the digit a cell just lost (undone or dug), drawn fading
        self.changed = [-9.0] * 81  # when each cell last changed (replay seconds)
        self.effect = [""] * 81  # the kind of that change
        self.focus, self.focus_time = -1, -9.0  # the last collapse
        self.conflict, self.conflict_time, self.conflict_undone = -1, -9.0, 0
        self.counts = {"collapse": 0, "propagate": 0, "backtrack": 0}
        self._entropy: list[int] | None = None

    @property
    def done(self) -> bool:
        return self.clock >= self.seconds and self.cursor == len(self.steps)

    @property
    def digging(self) -> bool:
        """True once the fill is over and the first given has been dug out."""
        return self.cursor > self.fill_steps

    def advance(self, dt: float) -> None:
        """Move the clock ``dt`` seconds on and apply the steps due by then."""
        self.clock += dt
        while self.cursor < len(self.steps) and self.times[self.cursor] <= self.clock:
            self._apply(*self.steps[self.cursor], self.times[self.cursor])
            self.cursor += 1

    def _apply(self, kind: str, cell: int, digit: int, undone: tuple[int, ...], when: float) -> None:
        self._entropy = None
        if kind == "backtrack":
            self.conflict, self.conflict_time, self.conflict_undone = cell, when, len(undone)
            for c in undone:
                self._set(c, 0, "undone", when)
        elif kind == "dig":
            self._set(cell, 0, "dig", when)
        else:
            self._set(cell, digit, kind, when)
            if kind == "collapse":
                self.focus, self.focus_time = cell, when
        if kind in self.counts:
            self.counts[kind] += 1

    def _set(self, cell: int, digit: int, effect: str, when: float) -> None:
        if not digit:
            self.ghost[cell] = self.values[cell]
        self.values[cell] = digit
        self.changed[cell], self.effect[cell] = when, effect

    def entropy(self) -> list[int]:
        """81 ints: for each open cell, how many digits no peer holds (0 for a filled cell)."""
        if self._entropy is None:
            self._entropy = open_counts(self.values)
        return self._entropy

    def status(self) -> str:
        """One line saying what the replay is showing now."""
        if self.clock - self.conflict_time < CONFLICT_FLASH and not self.digging:
            return f"Contradiction at {cell_name(self.conflict)}: backtrack, {self.conflict_undone} cells undone"
        stuck = [c for c, e in enumerate(self.entropy()) if not e and not self.values[c]]
        if stuck and not self.digging:
            return f"Contradiction: no digit is left for {cell_name(stuck[0])}"
        if self.digging:
            givens = sum(1 for v in self.values if v)
            return f"Digging out givens: {givens} left" if self.cursor < len(self.steps) else f"Ready: {givens} givens"
        if self.focus >= 0:
            return (
                f"Collapse {cell_name(self.focus)} = {self.values[self.focus] or '?'}   "
                f"{self.counts['collapse']} collapses, {self.counts['propagate']} forced, "
                f"{self.counts['backtrack']} backtracks"
            )
        return "Every cell could hold any of 9 digits"


def _schedule(steps: list[Step], start: float, span: float) -> list[float]:
    """When each of ``steps`` is due (seconds): from ``start`` over ``span``, each step after a
    wait in proportion to its kind's weight (so a contradiction stays on screen before the
    backtrack undoes it); the last step is due at ``start + span``."""
    total = sum(WEIGHTS.get(step[0], 1.0) for step in steps) or 1.0
    times: list[float] = []
    clock = 0.0
    for step in steps:
        clock += WEIGHTS.get(step[0], 1.0)
        times.append(start + clock * span / total)
    return times
