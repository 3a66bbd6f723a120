"""A premise of Sudoku Explainer's multiple-chain rules (``solver.se.multiple``), searched only
when something needs it, and the floor test that lets a rule skip the searches of hints that
cannot win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solver.implication import Consequence, field_bits
from solver.se.chains import Propagation


class Premise:
    """One premise's propagation, searched only when something needs it.

    ``consequence``, from the implication engine (``solver.implication``), answers at a tenth
    of the cost whether the premise leads to a contradiction and which potentials it implies:
    exactly what the chain search finds, but without the ancestors a rating needs. ``prop``
    runs that search (``search()``) on first use, which the rules ask for only where the
    premise leads to a hint (a contradiction, or a potential every branch implies). Without a
    consequence (Nishio and nested rules), ``prop`` is searched on first use of anything but
    ``dead`` when that is known (``dead``: Nishio's premises are screened for contradictions
    alone); after a contradiction, on first use of anything but ``dead``.
    """

    __slots__ = ("_bits", "_consequence", "_dead", "_prop", "_search", "floor", "on")

    def __init__(
        self,
        search: Callable[[], Propagation],
        consequence: Consequence | None = None,
        dead: bool | None = None,
        on: bool = True,
    ):
        self._search = search
        self.on = on
        """The premise is an "on" (else an "off")."""
        self._dead = consequence.contradiction if consequence is not None else dead
        self.floor = 0
        """A lower bound of the complexity of its contradiction (0: none known)."""
        self._consequence = consequence if not self._dead else None
        self._prop: Propagation | None = None
        self._bits: tuple[int, int] | None = None

    @property
    def prop(self) -> Propagation:
        """The chain search's result (ancestors included)."""
        if self._prop is None:
            self._prop = self._search()
        return self._prop

    @property
    def dead(self) -> bool:
        """True when the premise leads to a contradiction."""
        if self._dead is None:
            self._dead = self.prop.contradiction is not None
        return self._dead

    def ancestors_floor(self, bit: int, target_on: bool) -> int:
        """A lower bound of the ancestors the chain search gives the candidate with field bit
        ``bit``, implied "on" or "off" (``target_on``); 1 without the implication engine's
        rounds (``Consequence.ancestors_floor``)."""
        if self._consequence is None:
            return 1
        return self._consequence.ancestors_floor(bit, target_on, self.on)

    def bits(self) -> tuple[int, int]:
        """The field bits (``solver.implication``) of the potentials implied "on" and "off"
        (after a contradiction, those found before it)."""
        if self._consequence is not None:
            return self._consequence.on, self._consequence.off
        if self._bits is None:
            prop = self.prop
            self._bits = (field_bits(prop.on), field_bits(prop.off))
        return self._bits


OnOf = Callable[[int], Premise]  # candidate index (cell * 9 + digit - 1) -> its "on" premise
Hopeless = Callable[[int, int], bool]  # (complexity, sort key) -> no such hint can beat the best so far


def beaten(premises: Sequence[Premise], on_bits: int, off_bits: int, sort_key: int, hopeless: Hopeless) -> bool:
    """Whether no potential of ``on_bits`` and ``off_bits`` (field bits, each implied by every
    one of ``premises``) can make a hint that beats the best so far: a hint's complexity is the
    sum of its branches' ancestors of the potential, at least the sum of their floors
    (``Premise.ancestors_floor``). True lets the caller skip the chain searches: the hints they
    would offer change nothing."""
    for bits, target_on in ((on_bits, True), (off_bits, False)):
        while bits:
            low = bits & -bits
            bits ^= low
            if not hopeless(sum(p.ancestors_floor(low, target_on) for p in premises), sort_key):
                return False
    return True
