"""The implication engine: what follows from assuming a candidate true or false, as whole-board
sweeps on the exact-cover fields of ``solver.cover`` (the way ``solver.exact`` finds singles).

``ImplicationEngine(cells)`` takes a position (81 candidate masks) once; ``assume(cand, on)``
then places (``on``) or removes a candidate and propagates singles until nothing changes or a
constraint is left with no option. What it deduces is exactly the closure of Sudoku Explainer's
*dynamic* chains (``solver.se.chains.propagate`` with ``dynamic=True``, Y and X links, no
nested rule) from the same premise:

  on  -> off  a placed candidate clears every candidate sharing a cell or a house-digit with it;
  off -> on   a cell or a house-digit left with one place places it: in a dynamic chain that is
              the other candidate of a field that had two when an "off" was processed.

Only the fields (cells and house-digits) holding two or more candidates in the position are
watched: a chain derives an "on" from a field only when one of two places goes off, and finds a
contradiction only where a field that had two runs out (or two of its candidates are placed),
so a field that starts with one option or none is left alone here too. Under that rule the two
agree, premise by premise: a contradiction is found exactly when the chain finds one, and
otherwise the candidates placed and removed are exactly the chain's "on" and "off" potentials
(both are the least fixpoint of the same rules from the same start, whatever the order). A
chain's *ancestors* (what Sudoku Explainer rates) depend on the order, so the chain search runs
only where the engine shows that a premise leads somewhere: measured on SE 8.1+ puzzles, about a
fifth of the dynamic premises do.

Sets of candidates come back as *field bits*: bit ``WIDTH * cell + digit - 1`` (the candidate's
bit in its cell field), so intersections are single ANDs; ``candidates`` turns them into
candidate indices (``9 * cell + digit - 1``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from solver.cover import (
    BITS,
    CELL_OPTIONS,
    DROP,
    GUARDS,
    KEEP_OTHERS,
    KEEP_OTHERS_AT,
    PLACE,
    PLACE_AT,
    WIDTH,
    by_bit_length,
)
from solver.grid import HOUSES, POPCOUNT

_FIELD_MASK = (1 << 9) - 1
FIELD_BIT = [1 << (WIDTH * (cand // 9) + cand % 9) for cand in range(729)]
"""Per candidate index: its field bit."""
_FIELD_BIT_AT = by_bit_length(FIELD_BIT)
_CANDIDATE_AT = by_bit_length(list(range(729)))
# per digit - 1: bit 0 of each of its 27 house fields (81 + 9 * house + digit - 1)
_DIGIT_LOWS = [sum(1 << (WIDTH * (81 + 9 * house + d)) for house in range(27)) for d in range(9)]


def candidates(bits: int) -> list[int]:
    """The candidate indices (``9 * cell + digit - 1``, ascending) of a set of field bits."""
    found = []
    while bits:
        low = bits & -bits
        position = low.bit_length() - 1
        found.append(position // WIDTH * 9 + position % WIDTH)
        bits ^= low
    return found


def field_bits(cands: Iterable[int]) -> int:
    """The field bits of candidate indices ``cands``."""
    bits = 0
    for cand in cands:
        bits |= FIELD_BIT[cand]
    return bits


class Consequence:
    """What follows from one premise: ``contradiction`` (True when some cell or house-digit
    that had two or more options runs out), else ``on`` and ``off``: the field bits of the
    candidates placed (the premise too, when it is an "on") and removed (the premise too, when
    it is an "off"). Both are 0 after a contradiction. ``depth``: how many rounds of singles
    were placed before the sweep that found the contradiction (or that found nothing more);
    for ``StaticImplications``, how many rounds along the links. ``rounds`` (without a
    contradiction): per round, the "on" and "off" field bits found by its end, round 0 being
    the premise and what it clears directly.

    A dynamic chain's contradiction needs at least that many rounds on its longer side, so its
    *complexity* (the ancestors of the two potentials that clash, counted as Sudoku Explainer
    rates them) is at least ``2 * depth + 3`` from an "on" premise and ``2 * depth + 1`` from
    an "off" (``complexity_floor``); the same argument bounds the ancestors of each candidate
    implied (``ancestors_floor``)."""

    __slots__ = ("contradiction", "depth", "off", "on", "rounds")

    def __init__(self, contradiction: bool, on: int, off: int, depth: int = 0, rounds: Sequence[tuple[int, int]] = ()):
        self.contradiction, self.on, self.off, self.depth = contradiction, on, off, depth
        self.rounds = rounds

    def complexity_floor(self, on: bool) -> int:
        """A lower bound of the complexity of any contradiction the dynamic chain search finds
        from this premise (``on``: the premise is an "on"), 0 when there is none.

        Why: the chain search derives the same potentials as the sweeps, so a potential it
        derives after ``j`` rounds has, among its ancestors, an alternating chain back to the
        premise with an "on" and an "off" per round (2j + 1 potentials from an "on" premise,
        2j from an "off"; an "off" one more). A candidate found both on and off must have one
        side derived after ``depth`` rounds at least, or the sweeps would have emptied its
        field sooner; the other side holds the premise at least (an "off" side two
        potentials)."""
        if not self.contradiction:
            return 0
        return 2 * self.depth + (3 if on else 1)

    def ancestors_floor(self, bit: int, target_on: bool, premise_on: bool) -> int:
        """A lower bound of the ancestors (Sudoku Explainer's count, the potential itself
        included) the chain search gives the implied candidate whose field bit is ``bit``, "on"
        or "off" (``target_on``), from this premise (``premise_on``: an "on"); 1 when ``bit`` is
        not implied that way or the rounds are not known.

        Why: the sweeps place every single as soon as it exists, so a potential first found
        in round ``j`` has a cause found in round ``j - 1`` at least ("on") or ``j`` ("off"), and
        the chain search counts a potential's causes among its ancestors: 2j + 1 ancestors for
        an "on" from an "on" premise, 2j + 2 for an "off" (2j and 2j + 1 from an "off" premise).
        """
        side = 0 if target_on else 1
        for j, found in enumerate(self.rounds):
            if found[side] & bit:
                return 2 * j + (0 if target_on else 1) + (1 if premise_on else 0)
        return 1


class ImplicationEngine:
    """Singles propagation from a fixed position, premise by premise (see the module docstring).

    ``cells``: 81 candidate masks (bit d-1 = digit d; 0 = a solved cell). The position is read
    once; ``assume`` never changes it.
    """

    __slots__ = ("_guards", "_lows", "_options", "_scope", "_start", "present")

    def __init__(self, cells: Sequence[int]):
        state = 0
        for cell, mask in enumerate(cells):
            base = cell * 9
            while mask:
                low = mask & -mask
                state |= BITS[base + low.bit_length() - 1]
                mask ^= low
        lows = 0
        rest = state
        for field in range(324):
            options = rest & _FIELD_MASK
            rest >>= WIDTH
            if options & (options - 1):  # two or more: watched
                lows |= 1 << (WIDTH * field)
        self._lows = lows
        self._guards = lows << 9
        self._options = lows * _FIELD_MASK
        self._scope = self._guards | self._options
        self._start = state | self._guards
        self.present = state & CELL_OPTIONS
        """The field bits of the position's candidates."""

    def x_contradiction(self, cand: int, on: bool) -> bool:
        """True when placing (``on``) or removing candidate ``cand`` and following its digit's
        places alone (X links, as a Nishio chain does: a house with one place left places it)
        empties a watched house of that digit: exactly when Sudoku Explainer's Nishio chain
        (``propagate`` with ``y_links=False``) finds a contradiction."""
        lows = self._lows & _DIGIT_LOWS[cand % 9]
        guards = lows << 9
        options = lows * _FIELD_MASK
        scope = guards | options
        place_at, keep_others_at = PLACE_AT, KEEP_OTHERS_AT
        state = self._start & (PLACE[cand] if on else DROP[cand])
        while True:
            x = state & scope
            y = x - lows
            if (x ^ y) & guards:
                return True
            single = ((x & y) + options) & guards
            if not single:
                return False
            chosen = x & (single - (single >> 9))
            while chosen:
                b = chosen.bit_length()
                state &= place_at[b]
                chosen &= keep_others_at[b]

    def assume(self, cand: int, on: bool) -> Consequence:
        """Place (``on``) or remove candidate ``cand`` (``9 * cell + digit - 1``, present in the
        position) and propagate singles in the watched fields until nothing changes."""
        state = self._start & (PLACE[cand] if on else DROP[cand])
        lows, guards, options, scope = self._lows, self._guards, self._options, self._scope
        place_at, keep_others_at, field_bit_at = PLACE_AT, KEEP_OTHERS_AT, _FIELD_BIT_AT
        present = self.present
        placed = FIELD_BIT[cand] if on else 0
        depth = 0
        rounds: list[tuple[int, int]] = []
        while True:
            x = state & scope
            y = x - lows
            if (x ^ y) & guards:  # a watched field emptied: its guard was borrowed
                return Consequence(True, 0, 0, depth)
            off = present & ~state
            rounds.append((placed, off))
            single = ((x & y) + options) & guards  # the open watched fields with one option
            if not single:
                return Consequence(False, placed, off, depth, rounds)
            depth += 1
            chosen = x & (single - (single >> 9))
            while chosen:
                b = chosen.bit_length()
                state &= place_at[b]
                chosen &= keep_others_at[b]
                placed |= field_bit_at[b]

    def look_ahead(self, cand: int, on: bool, rounds: int) -> tuple[int, int]:
        """HoDoKu's Forcing Net table entry for a premise (its TablingSolver's net tables, read
        for the rule): candidate ``cand`` placed (``on``), or removed and its cell's last
        candidate placed; then ``rounds`` rounds (HoDoKu's ``anzTableLookAhead``, 4) of every
        single open at the round's start, placed one after another. A single that an earlier
        one of its round cleared is not placed but still counts as true, with every candidate
        it would clear false (HoDoKu records it so, and its table then shows the clash).

        Returns (field bits of the candidates true, field bits of the position's candidates
        false): both can hold one candidate, a contradiction."""
        state = self._start & (PLACE[cand] if on else DROP[cand])
        placed = FIELD_BIT[cand] if on else 0
        if not on:
            rest = (state >> (WIDTH * (cand // 9))) & _FIELD_MASK
            if rest and not rest & (rest - 1):  # the cell's last candidate
                last = cand // 9 * 9 + rest.bit_length() - 1
                state &= PLACE[last]
                placed |= FIELD_BIT[last]
        lows, guards, options, scope = self._lows, self._guards, self._options, self._scope
        clashed = 0
        for _ in range(rounds):
            x = state & scope
            single = ((x & (x - lows)) + options) & guards  # an emptied field is no single
            if not single:
                break
            chosen = x & (single - (single >> 9))
            while chosen:
                b = chosen.bit_length()
                chosen ^= 1 << (b - 1)
                i = _CANDIDATE_AT[b]
                if state & BITS[i]:  # still there (or placed already, as a single twice)
                    state &= PLACE[i]
                else:
                    clashed |= CELL_OPTIONS & ~KEEP_OTHERS[i]
                placed |= FIELD_BIT[i]
        return placed, self.present & (~state | clashed)


class StaticImplications:
    """What a premise implies along the position's fixed links, as Sudoku Explainer's *static*
    chains find it (``solver.se.chains.propagate`` with ``dynamic=False``, Y and X links): an
    "on" clears every candidate sharing a cell or a house-digit with it; an "off" turns on the
    other candidate of a cell that holds two in the position, and the other place of a digit
    that has two places in a house of the position. Nothing is ever removed from the position,
    so what is implied does not depend on the order either, and a contradiction (a candidate
    both on and off) is found exactly when the chain finds one.

    ``cells``: 81 candidate masks (bit d-1 = digit d; 0 = a solved cell).
    """

    __slots__ = ("_partners", "_start", "present")

    def __init__(self, cells: Sequence[int]):
        engine = ImplicationEngine(cells)
        self.present = engine.present
        """The field bits of the position's candidates."""
        self._start = engine._start & ~GUARDS
        partners = [0] * len(_FIELD_BIT_AT)  # by bit_length of a candidate's field bit
        for cell, mask in enumerate(cells):
            if POPCOUNT[mask] == 2:
                low, high = mask & -mask, mask & (mask - 1)
                a, b = cell * 9 + low.bit_length() - 1, cell * 9 + high.bit_length() - 1
                partners[FIELD_BIT[a].bit_length()] |= FIELD_BIT[b]
                partners[FIELD_BIT[b].bit_length()] |= FIELD_BIT[a]
        for d in range(9):
            for house in HOUSES:
                places = [cell * 9 + d for cell in house if cells[cell] >> d & 1]
                if len(places) == 2:
                    a, b = places
                    partners[FIELD_BIT[a].bit_length()] |= FIELD_BIT[b]
                    partners[FIELD_BIT[b].bit_length()] |= FIELD_BIT[a]
        self._partners = partners

    def assume(self, cand: int, on: bool = True) -> Consequence:
        """Candidate ``cand`` (``9 * cell + digit - 1``, present in the position) assumed on
        (or off, ``on`` False): everything the static links imply, or a contradiction.

        ``depth`` counts the rounds (the "ons" placed, their "offs" and the partners those turn
        on) before the one that found the contradiction; the argument of
        ``Consequence.complexity_floor`` holds round by round here too (a round adds an "on"
        and an "off" to the longer side's ancestors)."""
        place_at, partners, present = PLACE_AT, self._partners, self.present
        rounds: list[tuple[int, int]] = []
        if on:
            implied_on = fresh = FIELD_BIT[cand]
            off = 0
        else:
            off = FIELD_BIT[cand]
            rounds.append((0, off))  # round 0: the premise; its partners come on in round 1
            implied_on = fresh = partners[off.bit_length()]
        state = self._start
        depth = 0
        while True:
            while fresh:
                b = fresh.bit_length()
                state &= place_at[b]
                fresh ^= 1 << (b - 1)
            new_off = present & ~state & ~off
            off |= new_off
            rounds.append((implied_on, off))
            if not new_off:
                return Consequence(False, implied_on, off, depth, rounds)
            while new_off:
                b = new_off.bit_length()
                fresh |= partners[b]
                new_off ^= 1 << (b - 1)
            fresh &= ~implied_on
            implied_on |= fresh
            if implied_on & off:
                return Consequence(True, 0, 0, depth)
            depth += 1
