"""Sudoku Explainer's chaining rules, rated as Sudoku Explainer rates them (the SE estimate's engine).

After SukakuExplainer's ``Chaining`` (read in its public source). A *potential* is a candidate
assumed true ("on") or false ("off"). From a premise, implications spread breadth-first:

  on  -> off  the other candidates of its cell (a "Y" link) and the same digit in its peers
              (an "X" link);
  off -> on   the other candidate of a bivalue cell (Y), the other place of a digit with two
              places left in a house (X). In *dynamic* chains every "off" is removed from the
              working grid when it is processed, so any cell or house left with one place
              yields an "on" (and its other removed candidates become its parents).

A hint's rating is its rule's base plus a length bonus computed from its *complexity*: the number
of distinct potentials among the ancestors of its conclusions (summed over the branches of a
multiple chain). Each potential carries its ancestor set as an int bitmask over the 1458
potentials, so complexity is one popcount.

Rules (tried in Sudoku Explainer's order by ``solver.se.rating``): the X/Y cycles and forcing X-/XY-
chains live in ``solver.se.static`` (6.5-7.0, bit-parallel, on this module's tables); this
module holds the propagation (shared with the game's forcing chains); ``solver.se.multiple`` the
rules built on it (``multiple_chains``):
  Nishio Forcing Chains       dynamic contradictions with X links only (7.5)
  Multiple Forcing Chains     cell and region forcing chains (8.0; static)
  Dynamic Forcing Chains      contradiction, double, cell and region forcing chains (8.5)
  ... (+) and nested forms    when propagation stalls, the nested rule of ``level`` adds "offs"
                              (``solver.se.nested``): 9.0, 9.5, 10.0, 10.5.
Each returns its best hint as a ``ChainHint``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from solver.grid import BOX_OF, CELL_BIT, COL_OF, HOUSE_MASK, POPCOUNT, ROW_OF, places_of

BOX_HOUSE = tuple(18 + BOX_OF[c] for c in range(81))
ROW_HOUSE = tuple(ROW_OF[c] for c in range(81))
COL_HOUSE = tuple(9 + COL_OF[c] for c in range(81))
# getOnToOff's order: the box first, then the row and the column outside the box
BOX_PEERS = tuple(HOUSE_MASK[BOX_HOUSE[c]] & ~CELL_BIT[c] for c in range(81))
ROW_OUT_BOX = tuple(HOUSE_MASK[ROW_HOUSE[c]] & ~HOUSE_MASK[BOX_HOUSE[c]] for c in range(81))
COL_OUT_BOX = tuple(HOUSE_MASK[COL_HOUSE[c]] & ~HOUSE_MASK[BOX_HOUSE[c]] for c in range(81))
OFF_ON_HOUSES = tuple((BOX_HOUSE[c], ROW_HOUSE[c], COL_HOUSE[c]) for c in range(81))
# per candidate index (cell * 9 + digit - 1): its cell, its digit - 1, and the ancestor-set bits
# of its two potentials ("off" is bit 2 * cand, "on" bit 2 * cand + 1)
CAND_CELL = tuple(cand // 9 for cand in range(729))
CAND_DIGIT = tuple(cand % 9 for cand in range(729))
OFF_POT = tuple(1 << (2 * cand) for cand in range(729))
ON_POT = tuple(1 << (2 * cand + 1) for cand in range(729))


def off_bit(cand: int) -> int:
    """The ancestor-set bit of potential "candidate ``cand`` is off"."""
    return 1 << (2 * cand)


def length_bonus(complexity: int) -> float:
    """Sudoku Explainer's chain-length bonus: +0.1 for each ceiling 4, 6, 8, 12, 16, 24, ... that
    ``complexity - 2`` exceeds (ChainingHint.getLengthDifficulty)."""
    added, ceil, odd = 0, 4, False
    length = complexity - 2
    while length > ceil:
        added += 1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added / 10


@dataclass(frozen=True)
class ChainHint:
    """One hint of a chaining rule.

    Fields:
        rating: Sudoku Explainer's difficulty (base + length bonus), rounded to 0.1.
        complexity: the ancestor count that set the length bonus.
        name: the rule's name as Sudoku Explainer prints it ("Forcing X-Chain", "Dynamic Cell
            Forcing Chains", ...).
        placements: (cell, digit) pairs it places.
        eliminations: (cell, digit) candidates it removes.
        sort_key: Sudoku Explainer's tie-break among equally rated hints.
    """

    rating: float
    complexity: int
    name: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    sort_key: int = 0

    def key(self) -> tuple[float, int, int]:
        return (self.rating, self.complexity, self.sort_key)


# A nested rule: (source, working position, the chain's "off" ancestors) -> (candidate, ancestors)
# of each further "off" it deduces on the working position (see solver.se.nested).
NestedRule = Callable[["Position", "Position", dict[int, int]], Iterable[tuple[int, int]]]


class Position:
    """The candidates a chaining rule works on: 81 cell masks and 9 digit masks (81-bit)."""

    __slots__ = ("cells", "digits")

    def __init__(self, cells: Sequence[int], digits: list[int] | None = None):
        self.cells = list(cells)
        if digits is None:
            digits = list(places_of(self.cells))  # a dynamic chain changes its copy's
        self.digits = digits

    def copy(self) -> Position:
        return Position(self.cells[:], self.digits[:])


class Propagation:
    """The consequences of a premise: ``on[cand]`` and ``off[cand]`` map each implied candidate
    to its ancestor bitmask; ``contradiction`` is (on_ancestors, off_ancestors) of the first
    candidate found both on and off (``conflict``), or None. ``work`` is the working grid where
    the search stopped (the source itself for static chains), which ``propagate(resume=...)``
    goes on from."""

    __slots__ = ("conflict", "contradiction", "off", "on", "work")

    def __init__(self) -> None:
        self.on: dict[int, int] = {}
        self.off: dict[int, int] = {}
        self.contradiction: tuple[int, int] | None = None
        self.conflict = -1  # the candidate found both on and off
        self.work: Position | None = None


def propagate(
    source: Position,
    on_premises: Sequence[int],
    off_premises: Sequence[int],
    *,
    y_links: bool = True,
    dynamic: bool = False,
    nested: NestedRule | None = None,
    parents: dict[int, int] | None = None,
    resume: Propagation | None = None,
) -> Propagation:
    """Spread the premises (candidate indices cell*9 + digit-1) as Sudoku Explainer's doChaining
    does: an "on" is processed before any "off"; a dynamic chain removes each processed "off"
    from its working copy of ``source``; with a ``nested`` rule (``solver.se.nested.nested_rule``),
    stalled propagation asks it for more "offs". Stops at the first contradiction.

    ``parents``, if given, receives each implied potential's first cause (potential index
    2*cand + on -> the potential it came from), so a chain can be rebuilt for display.

    ``resume``: the result of this call with a shallower ``nested`` rule (or none), same source,
    premises and links; the search goes on from where that one stopped, and ``parents`` must
    hold that search's parents already. It is the same search as from scratch: propagation only
    asks the nested rule where it stalls, and a deeper rule first tries what a shallower one
    tried (``solver.se.nested``), so both runs agree up to the shallower one's last stall; a
    contradiction found before it is the same one, and ``resume`` is returned as it is. The
    earlier result is not changed.
    """
    if resume is not None and (resume.contradiction is not None or nested is None):
        return resume
    result, pending_on, pending_off = _start(source, on_premises, off_premises, dynamic, resume)
    while True:
        if _spread(result, source, pending_on, pending_off, y_links, dynamic, parents):
            return result
        if nested is None or not _add_nested(result, source, nested, pending_off, parents):
            return result


def _start(
    source: Position,
    on_premises: Sequence[int],
    off_premises: Sequence[int],
    dynamic: bool,
    resume: Propagation | None,
) -> tuple[Propagation, deque[int], deque[int]]:
    """``propagate``'s setup: the result to fill (its ``on``, ``off`` and ``work``) and the
    pending "on" and "off" queues. Fresh, it holds the premises, each its own ancestor, both
    queued; resumed, a copy of ``resume``'s implications (and of its working grid, when
    ``dynamic``) with nothing queued, as that search stopped where nothing was left to spread."""
    result = Propagation()
    pending_on: deque[int] = deque()
    pending_off: deque[int] = deque()
    if resume is not None:
        result.on, result.off = dict(resume.on), dict(resume.off)
        assert resume.work is not None  # every Propagation propagate returns has its work
        result.work = resume.work.copy() if dynamic else source
        return result, pending_on, pending_off
    on, off = result.on, result.off
    for cand in on_premises:
        on[cand] = 1 << (2 * cand + 1)
        pending_on.append(cand)
    for cand in off_premises:
        off[cand] = 1 << (2 * cand)
        pending_off.append(cand)
    result.work = source.copy() if dynamic else source
    return result, pending_on, pending_off


def _conflict(
    result: Propagation, target: int, on_anc: int, off_anc: int, parents: dict[int, int] | None, link: tuple[int, int]
) -> bool:
    """Record in ``result`` the contradiction of candidate ``target`` found both on (ancestors
    ``on_anc``) and off (``off_anc``), and the last ``link`` (potential -> its cause) in
    ``parents`` if given; True, for ``_spread`` to return."""
    result.contradiction = (on_anc, off_anc)
    result.conflict = target
    if parents is not None:
        parents[link[0]] = link[1]
    return True


def _spread(
    result: Propagation,
    source: Position,
    pending_on: deque[int],
    pending_off: deque[int],
    y_links: bool,
    dynamic: bool,
    parents: dict[int, int] | None,
) -> bool:
    """Process the pending potentials until none is left, adding their consequences to
    ``result.on`` / ``result.off`` (and ``parents``) and, when ``dynamic``, removing each
    processed "off" from ``result.work``: every pending "on" before the next "off". True when
    a candidate is found both on and off (``result.contradiction`` then holds it), False when
    the propagation stalls. The candidate loops stay inline: this is the engine's hottest loop."""
    on, off = result.on, result.off
    work = result.work
    assert work is not None  # _start sets it
    cells, digits = work.cells, work.digits
    src_cells, src_digits = source.cells, source.digits
    box_peers, row_out, col_out = BOX_PEERS, ROW_OUT_BOX, COL_OUT_BOX
    house_mask, off_on_houses, cell_bit = HOUSE_MASK, OFF_ON_HOUSES, CELL_BIT
    cand_cell, cand_digit, off_pot, on_pot = CAND_CELL, CAND_DIGIT, OFF_POT, ON_POT
    pop_on, pop_off = pending_on.popleft, pending_off.popleft
    push_on, push_off = pending_on.append, pending_off.append
    while pending_on or pending_off:
        if pending_on:
            cand = pop_on()
            anc = on[cand]
            cell, d = cand_cell[cand], cand_digit[cand]
            dmask = digits[d + 1]
            if y_links:
                others = cells[cell] & ~(1 << d)
                base = cell * 9
                while others:
                    low = others & -others
                    target = base + low.bit_length() - 1
                    others ^= low
                    if target in on:
                        link = (2 * target, 2 * cand + 1)
                        return _conflict(result, target, on[target], anc | off_pot[target], parents, link)
                    if target not in off:
                        off[target] = anc | off_pot[target]
                        push_off(target)
                        if parents is not None:
                            parents[2 * target] = 2 * cand + 1
            for mask in (dmask & box_peers[cell], dmask & row_out[cell], dmask & col_out[cell]):
                while mask:
                    low = mask & -mask
                    target = (low.bit_length() - 1) * 9 + d
                    mask ^= low
                    if target in on:
                        link = (2 * target, 2 * cand + 1)
                        return _conflict(result, target, on[target], anc | off_pot[target], parents, link)
                    if target not in off:
                        off[target] = anc | off_pot[target]
                        push_off(target)
                        if parents is not None:
                            parents[2 * target] = 2 * cand + 1
        else:
            cand = pop_off()
            anc = off[cand]
            cell, d = cand_cell[cand], cand_digit[cand]
            found = []
            cmask = cells[cell]
            if y_links and POPCOUNT[cmask] == 2:
                target = cell * 9 + (cmask & ~(1 << d)).bit_length() - 1
                tanc = anc | on_pot[target]
                hidden = src_cells[cell] & ~cmask
                while hidden:
                    low = hidden & -hidden
                    tanc |= off[cell * 9 + low.bit_length() - 1]
                    hidden ^= low
                found.append((target, tanc))
            dmask = digits[d + 1]
            for house in off_on_houses[cell]:
                places = dmask & house_mask[house]
                rest = places & (places - 1)
                if rest and not rest & (rest - 1):  # exactly two places: this one and another
                    target = ((places & ~cell_bit[cell]).bit_length() - 1) * 9 + d
                    tanc = anc | on_pot[target]
                    hidden = src_digits[d + 1] & house_mask[house] & ~places
                    while hidden:
                        low = hidden & -hidden
                        tanc |= off[(low.bit_length() - 1) * 9 + d]
                        hidden ^= low
                    found.append((target, tanc))
            if dynamic:
                cells[cell] = cmask & ~(1 << d)
                digits[d + 1] = dmask & ~cell_bit[cell]
            for target, tanc in found:
                if target in off:
                    return _conflict(result, target, tanc, off[target], parents, (2 * target + 1, 2 * cand))
                if target not in on:
                    on[target] = tanc
                    push_on(target)
                    if parents is not None:
                        parents[2 * target + 1] = 2 * cand
    return False


def _add_nested(
    result: Propagation,
    source: Position,
    nested: NestedRule,
    pending_off: deque[int],
    parents: dict[int, int] | None,
) -> bool:
    """Ask the ``nested`` rule, at a stall, for further "offs" on ``result.work`` and queue the
    new ones (their parent in ``parents``: -1, deduced by a nested rule). True when one was
    added, False when none was or one contradicts an "on" (``result.contradiction`` then
    holds it)."""
    on, off = result.on, result.off
    assert result.work is not None  # _start sets it
    added = False
    for target, tanc in nested(source, result.work, off):
        if target in on:
            _conflict(result, target, on[target], tanc | off_bit(target), parents, (2 * target, -1))
            return False
        if target not in off:
            off[target] = tanc | off_bit(target)
            pending_off.append(target)
            added = True
            if parents is not None:
                parents[2 * target] = -1  # deduced by a nested rule
    return added


Searched = tuple[int, Propagation, dict[int, int]]
"""A premise's search kept for reuse: (nesting level, Propagation, its parents)."""

CARRIED: dict[tuple[int, ...], dict[tuple[int, bool], Searched]] = {}
"""Per position (its 81 cell masks): each premise's dynamic search (Y and X links), (cand, on) ->
(nesting level, Propagation, parents), at the deepest level done so far. Shared by Sudoku
Explainer's dynamic chains (``solver.se.multiple``) and HoDoKu's forcing nets
(``solver.techniques.forcing``), which search the same premises with the same rules: the two
paths of ``solver.grading.grade`` pass through most of the same hard positions, and a deeper
level goes on from a shallower one's search (``propagate(resume=...)``). Bounded (emptied when
full); a lost race between threads only repeats a search."""
CARRIED_SIZE = 4  # each holds a position's searches (tens of MB at most, measured on Inkala)


def searches_of(cells: Sequence[int]) -> dict[tuple[int, bool], Searched]:
    """The premises' dynamic searches kept for the position ``cells`` (see ``CARRIED``)."""
    key = tuple(cells)
    carry = CARRIED.get(key)
    if carry is None:
        if len(CARRIED) >= CARRIED_SIZE:
            CARRIED.clear()
        carry = CARRIED[key] = {}
    return carry


def kept_search(
    pos: Position,
    cand: int,
    on: bool,
    level: int,
    nested: NestedRule | None,
    carry: dict[tuple[int, bool], Searched],
    *,
    dynamic: bool = True,
    y_links: bool = True,
) -> tuple[Propagation, dict[int, int]]:
    """(propagation, parents) of premise ``cand`` on (or off) at nesting ``level`` (its rule
    ``nested``), reusing ``carry`` (``searches_of`` for dynamic searches): a search kept at this
    level is returned as it is, one kept at a shallower level is gone on from
    (``propagate(resume=...)``), else the premise is searched afresh; the result is kept unless
    a deeper search of it already is."""
    key = (cand, on)
    earlier = carry.get(key)
    if earlier is not None and earlier[0] == level:
        return earlier[1], earlier[2]
    if earlier is not None and earlier[0] < level:
        parents = dict(earlier[2])
        prop = propagate(
            pos, (), (), y_links=y_links, dynamic=dynamic, nested=nested, parents=parents, resume=earlier[1]
        )
    else:
        parents = {}
        ons, offs = ((cand,), ()) if on else ((), (cand,))
        prop = propagate(pos, ons, offs, y_links=y_links, dynamic=dynamic, nested=nested, parents=parents)
    if earlier is None or earlier[0] < level:
        carry[key] = (level, prop, parents)
    return prop, parents
