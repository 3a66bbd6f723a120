"""Sudoku Explainer's multiple-chain rules, on the propagation of ``solver.se.chains``.

  Nishio Forcing Chains       dynamic contradictions with X links only (7.5)
  Multiple Forcing Chains     cell and region forcing chains (8.0; static)
  Dynamic Forcing Chains      contradiction, double, cell and region forcing chains (8.5)
  ... (+) and nested forms    when propagation stalls, the nested rule of ``level`` adds "offs"
                              (``solver.se.nested``): 9.0, 9.5, 10.0, 10.5.

Each is rated as Sudoku Explainer rates it: the rule's base plus the length bonus of the hint's
complexity (``solver.se.chains.length_bonus``), and returns its best hint as a ``ChainHint``.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.grid import CELL_BIT, DIGITS_OF, HOUSE_MASK, POPCOUNT, cells_of
from solver.implication import ImplicationEngine, StaticImplications
from solver.se.chains import (
    OFF_ON_HOUSES,
    ChainHint,
    NestedRule,
    Position,
    Propagation,
    kept_search,
    length_bonus,
    propagate,
    searches_of,
)
from solver.se.premise import Hopeless, OnOf, Premise, beaten
from solver.step import Candidate

# offer(kind, target, target_on, complexity, sort_key): propose the hint concluding potential
# (target, target_on); True when the search should stop
Offer = Callable[[str, int, bool, int, int], bool]


def _target_result(pos: Position, cand: int, on: bool) -> tuple[tuple[Candidate, ...], tuple[Candidate, ...]]:
    """(placements, eliminations) of a hint whose conclusion is potential (cand, on)."""
    cell, d = divmod(cand, 9)
    if on:
        if POPCOUNT[pos.cells[cell]] < 2:
            return (), ()
        return ((cell, d + 1),), ()
    if not pos.cells[cell] >> d & 1:
        return (), ()
    return (), ((cell, d + 1),)


NESTED_SUFFIX = {
    1: " (+)",
    2: " (+ Forcing Chains)",
    3: " (+ Multiple Forcing Chains)",
    4: " (+ Dynamic Forcing Chains)",
}


def rule_base(dynamic: bool, nishio: bool, level: int) -> float:
    """The base difficulty of a chaining rule (Chaining.getDifficulty)."""
    if level >= 2:
        return 9.5 + 0.5 * (level - 2)
    if level > 0:
        return 8.5 + 0.5 * level
    if nishio:
        return 7.5
    return 8.5 if dynamic else 8.0


def _name(kind: str, dynamic: bool, nishio: bool, level: int) -> str:
    if nishio:
        return "Nishio Forcing Chains"
    prefix = "Dynamic " if dynamic or level else ""
    return f"{prefix}{kind} Forcing Chains{NESTED_SUFFIX.get(level, '')}"


def multiple_chains(
    pos: Position,
    *,
    dynamic: bool,
    nishio: bool = False,
    level: int = 0,
    nested: NestedRule | None = None,
    cap: float = 0.0,
    screen: bool = True,
) -> list[ChainHint]:
    """One of Sudoku Explainer's multiple-chain rules on ``pos``: Nishio (``nishio``; X links
    only, contradictions only), Multiple Forcing Chains (static: cell and region forcing chains
    from cells with three or more candidates), Dynamic Forcing Chains (``dynamic``: also
    contradiction and double forcing chains, from every cell) and their nested forms (``level``).

    ``nested``: the rule that nesting ``level`` (1 and up) adds to propagation, from
    ``solver.se.nested.nested_rule(level)``. Returns a list holding the best hint found, or an
    empty list; with ``cap``, the first hint rated ``cap`` or less. ``screen`` (default): the
    implication engine tells which premises of static, dynamic and Nishio chains lead anywhere
    and only those are searched for their ancestors; False searches every premise (the same hint,
    slower: for tests and measurements).

    Raises:
        ValueError: ``level`` is 1 or more and no ``nested`` rule is given.
    """
    if level and nested is None:
        raise ValueError(f"nesting level {level} needs its nested rule (solver.se.nested.nested_rule)")
    base = rule_base(dynamic, nishio, level)
    y_links = not nishio
    multiple = not nishio
    best: ChainHint | None = None
    premises: dict[tuple[int, bool], Premise] = {}
    carry = searches_of(pos.cells) if dynamic and not nishio else None
    # the implication engine screens the premises of plain dynamic and static chains (Premise)
    plain = screen and not nishio and nested is None
    engine = ImplicationEngine(pos.cells) if plain and dynamic else None
    x_engine = ImplicationEngine(pos.cells) if screen and nishio and nested is None else None
    static = StaticImplications(pos.cells) if plain and not dynamic else None

    def run(cand: int, on: bool) -> Propagation:
        """The propagation of "cand is on" (or off); dynamic ones kept per position, with their
        parents, for a deeper level to go on from and for HoDoKu's forcing nets
        (``kept_search``)."""
        if carry is not None:
            return kept_search(pos, cand, on, level, nested, carry, y_links=y_links)[0]
        return propagate(
            pos,
            (cand,) if on else (),
            () if on else (cand,),
            y_links=y_links,
            dynamic=dynamic or nishio or not on,  # "off" premises: always dynamic
            nested=nested,
        )

    def premise(cand: int, on: bool) -> Premise:
        found = premises.get((cand, on))
        if found is None:
            consequence, dead = None, None
            if engine is not None:
                consequence = engine.assume(cand, on)
            elif static is not None and on:
                consequence = static.assume(cand)
            elif x_engine is not None:
                dead = x_engine.x_contradiction(cand, on)
            found = premises[(cand, on)] = Premise(lambda: run(cand, on), consequence, dead, on)
            if engine is not None and consequence is not None:
                found.floor = consequence.complexity_floor(on)
        return found

    def on_of(cand: int) -> Premise:
        return premise(cand, True)

    def offer(kind: str, target: int, target_on: bool, complexity: int, sort_key: int) -> bool:
        nonlocal best
        placements, eliminations = _target_result(pos, target, target_on)
        if not placements and not eliminations:
            return False
        hint = ChainHint(
            round(base + length_bonus(complexity), 1),
            complexity,
            _name(kind, dynamic, nishio, level),
            placements,
            eliminations,
            sort_key,
        )
        if best is None or hint.key() < best.key():
            best = hint
        return best.rating <= max(cap, base)  # nothing can rate below the rule's base

    def hopeless(complexity: int, sort_key: int) -> bool:
        """Whether no hint of at least ``complexity`` can beat the best so far (its rating only
        grows with complexity, and ``offer`` keeps the first of equal hints)."""
        return best is not None and (round(base + length_bonus(complexity), 1), complexity, sort_key) >= best.key()

    def stop() -> list[ChainHint]:
        """The best hint, once ``offer`` has asked to stop (so there is one)."""
        assert best is not None
        return [best]

    def contradiction(premise: Premise, cand: int, digit: int, target_on: bool) -> bool:
        """Offer the premise's contradiction, if it has one (cand is then ``target_on``);
        True when ``offer`` asks to stop."""
        if not premise.dead:
            return False
        if nishio:
            loud.add(digit)
        if premise.floor and hopeless(premise.floor, 7):
            return False  # it cannot rate below the best hint so far: no need to search it
        assert premise.prop.contradiction is not None  # dead
        a, b = premise.prop.contradiction
        return offer("Contradiction", cand, target_on, a.bit_count() + b.bit_count(), 7)

    cells = pos.cells
    memo = nishio and nested is None  # digits known to give no Nishio contradiction are skipped
    places, quiet = _nishio_memo(pos) if memo else ([], set())
    loud: set[int] = set()
    fewest = 2 if dynamic or nishio else 3  # the candidates a cell needs to be tried
    for cell in range(81):
        count = POPCOUNT[cells[cell]]
        if count < fewest:
            continue
        digits = DIGITS_OF[cells[cell]]
        branches = []
        for digit in digits:
            if digit in quiet:
                continue
            cand = cell * 9 + digit - 1
            prop_on = on_of(cand)
            if dynamic or nishio:
                if contradiction(prop_on, cand, digit, False):
                    return stop()
                prop_off = premise(cand, False)
                if contradiction(prop_off, cand, digit, True):
                    return stop()
                if count >= 3 and not nishio and _double_chains(prop_on, prop_off, offer, hopeless):
                    return stop()
            if not nishio and _region_chains(pos, cell, digit, on_of, offer, multiple, hopeless):
                return stop()
            branches.append(prop_on)
        if not nishio and _reductions("Cell", branches, offer, 2, hopeless):  # cell forcing chains
            return stop()
    if memo:
        _remember_quiet(places, loud)
    return [best] if best is not None else []


_NISHIO_QUIET: set[tuple[int, int]] = set()
"""(digit, 81-bit mask of its places in cells of two or more candidates) that give no Nishio
contradiction. A Nishio chain has X links only, so what it finds for a digit depends on that
digit's places alone, and the SE path asks again after every step while most digits' places
stay the same. Bounded; safe to share between threads (a lost race only repeats a search)."""
_NISHIO_QUIET_SIZE = 8192


def _nishio_memo(pos: Position) -> tuple[list[int], set[int]]:
    """(places, quiet): per digit (index 0 unused) the 81-bit mask of its places in cells of two
    or more candidates, what decides whether it has a Nishio contradiction; and the digits
    whose places ``_NISHIO_QUIET`` knows to have none."""
    several = _several(pos.cells)
    places = [pos.digits[d] & several for d in range(10)]
    return places, {d for d in range(1, 10) if (d, places[d]) in _NISHIO_QUIET}


def _remember_quiet(places: list[int], loud: set[int]) -> None:
    """Record in ``_NISHIO_QUIET`` the digits of ``places`` (per digit, as ``_nishio_memo``
    gives) that have places and gave no contradiction (not in ``loud``), emptying it when full."""
    if len(_NISHIO_QUIET) >= _NISHIO_QUIET_SIZE:
        _NISHIO_QUIET.clear()
    _NISHIO_QUIET.update((d, places[d]) for d in range(1, 10) if places[d] and d not in loud)


def _several(cells: list[int]) -> int:
    """The 81-bit mask of the cells holding two or more candidates."""
    mask = 0
    for cell, cands in enumerate(cells):
        if cands & (cands - 1):
            mask |= CELL_BIT[cell]
    return mask


def _double_chains(premise_on: Premise, premise_off: Premise, offer: Offer, hopeless: Hopeless) -> bool:
    """Double forcing chains: offer every potential that both a candidate's "on" propagation
    (``premise_on``) and its "off" one (``premise_off``) imply, the "ons" first; True when
    ``offer`` asks to stop. The two chain searches are skipped when no such potential could
    beat the best hint so far (``solver.se.premise.beaten``)."""
    on_a, off_a = premise_on.bits()
    on_b, off_b = premise_off.bits()
    if not (on_a & on_b or off_a & off_b):
        return False
    if beaten((premise_on, premise_off), on_a & on_b, off_a & off_b, 1, hopeless):
        return False
    prop_on, prop_off = premise_on.prop, premise_off.prop
    for target in prop_on.on.keys() & prop_off.on.keys():
        if offer("Double", target, True, prop_on.on[target].bit_count() + prop_off.on[target].bit_count(), 1):
            return True
    for target in prop_on.off.keys() & prop_off.off.keys():
        if offer("Double", target, False, prop_on.off[target].bit_count() + prop_off.off[target].bit_count(), 1):
            return True
    return False


def _reductions(kind: str, premises: list[Premise], offer: Offer, sort_key: int, hopeless: Hopeless) -> bool:
    """Offer every potential that all ``premises`` imply; True when ``offer`` asks to stop.
    The chain searches are skipped when no such potential could beat the best hint so far
    (``solver.se.premise.beaten``)."""
    on_bits, off_bits = premises[0].bits()
    for premise in premises[1:]:
        on, off = premise.bits()
        on_bits &= on
        off_bits &= off
    if not (on_bits or off_bits):
        return False
    if beaten(premises, on_bits, off_bits, sort_key, hopeless):
        return False
    branches = [premise.prop for premise in premises]
    common_on = set(branches[0].on)
    common_off = set(branches[0].off)
    for branch in branches[1:]:
        common_on &= branch.on.keys()
        common_off &= branch.off.keys()
    for target in sorted(common_on):
        if offer(kind, target, True, sum(b.on[target].bit_count() for b in branches), sort_key):
            return True
    for target in sorted(common_off):
        if offer(kind, target, False, sum(b.off[target].bit_count() for b in branches), sort_key):
            return True
    return False


def _region_chains(
    pos: Position, cell: int, digit: int, on_of: OnOf, offer: Offer, multiple: bool, hopeless: Hopeless
) -> bool:
    """Region forcing chains for ``digit`` in each house of ``cell`` whose first place is ``cell``
    (Chaining.doRegionChainings); True when ``offer`` asks to stop."""
    d = digit - 1
    dmask = pos.digits[digit]
    for house in OFF_ON_HOUSES[cell]:
        places = dmask & HOUSE_MASK[house]
        count = places.bit_count()
        if not (count == 2 or (multiple and count > 2)):
            continue
        if (places & -places) != CELL_BIT[cell]:
            continue
        branches = [on_of(other * 9 + d) for other in cells_of(places)]
        if any(b.dead for b in branches):
            continue
        if _reductions("Region", branches, offer, 3, hopeless):
            return True
    return False
