"""Sudoku Explainer's "Forcing Chains & Cycles" (ratings 6.5 to about 7.5), found all at once.

Sudoku Explainer starts a breadth-first search from every candidate, assumed true and assumed
false, over the static links of the position (see ``solver.se.chains``), in three modes:
X links only (one digit), Y links only (bivalue cells; cycles only) and both. A search that
comes back to its start assumed the other way is a forcing chain (the start is false, or true);
one that comes back to its start the same way after four or more steps is a bidirectional
cycle, whose weak links remove candidates. A hint rates its base (X-Cycle and Y-Cycle 6.5,
Forcing X-Chain 6.6, anything with both link kinds 7.0) plus the length bonus of its number of
nodes.

Rather than one search per start, all starts spread together: every potential carries an int
whose bit ``i`` says that start ``i`` has reached it, and each layer ORs a node's fresh bits into
its successors. Layer ``t`` holds exactly the nodes at distance ``t``, so the first layer where a
start meets its conjugate gives its shortest chain, as Sudoku Explainer's breadth-first search
does. Only the hint that is kept is searched again, alone, to rebuild its cycle.

``solver.se.conclusions.static_conclusions`` finds what every hint of the rule concludes, at
once and without ratings: the rule asks it first whether there is any hint at all.
"""

from __future__ import annotations

from functools import lru_cache

from solver.grid import CELL_BIT, HOUSE_MASK, PEER_MASK, POPCOUNT, cells_of
from solver.se.chains import OFF_ON_HOUSES, ChainHint, Position, length_bonus
from solver.se.conclusions import static_conclusions
from solver.step import Candidate

BASE = {("x", "cycle"): 6.5, ("y", "cycle"): 6.5, ("xy", "cycle"): 7.0, ("x", "chain"): 6.6, ("xy", "chain"): 7.0}
NAMES = {
    ("x", "cycle"): "Bidirectional X-Cycle",
    ("y", "cycle"): "Bidirectional Y-Cycle",
    ("xy", "cycle"): "Bidirectional Cycle",
    ("x", "chain"): "Forcing X-Chain",
    ("xy", "chain"): "Forcing Chain",
}
SORT_KEY = {"x": 2, "y": 3, "xy": 4}


class Links:
    """The static successors of every potential of a position (potential = 2*cand + on):
    ``succ(mode)`` for mode "x", "y" or "xy", worked out on first use (a search often needs
    only some of them)."""

    def __init__(self, pos: Position):
        cells, digits = pos.cells, pos.digits
        self.cands = [c * 9 + d for c in range(81) for d in range(9) if cells[c] >> d & 1]
        on_x, on_y, off_x, off_y = {}, {}, {}, {}
        for k in self.cands:
            cell, d = divmod(k, 9)
            on_x[k] = [2 * (p * 9 + d) for p in cells_of(digits[d + 1] & PEER_MASK[cell])]
            mask = cells[cell]
            on_y[k] = [2 * (cell * 9 + e) for e in range(9) if mask >> e & 1 and e != d]
            off_y[k] = [2 * (cell * 9 + (mask & ~(1 << d)).bit_length() - 1) + 1] if POPCOUNT[mask] == 2 else []
            targets = []
            for house in OFF_ON_HOUSES[cell]:
                places = digits[d + 1] & HOUSE_MASK[house]
                if places.bit_count() == 2:
                    target = 2 * (((places & ~CELL_BIT[cell]).bit_length() - 1) * 9 + d) + 1
                    if target not in targets:
                        targets.append(target)
            off_x[k] = targets
        self._links = (on_x, on_y, off_x, off_y)
        self._tables: dict[str, dict[int, list[int]]] = {}
        self.bivalue = {k for k in self.cands if POPCOUNT[cells[k // 9]] == 2}

    def succ(self, mode: str) -> dict[int, list[int]]:
        """Potential -> the potentials its links of ``mode`` lead to."""
        table = self._tables.get(mode)
        if table is None:
            on_x, on_y, off_x, off_y = self._links
            table = self._tables[mode] = {}
            for k in self.cands:
                table[2 * k + 1] = on_x[k] + on_y[k] if "y" in mode else on_x[k]
                table[2 * k] = (off_x[k] if "x" in mode else []) + (off_y[k] if "y" in mode else [])
        return table


def _rating(mode: str, kind: str, complexity: int) -> float:
    return round(BASE[mode, kind] + length_bonus(complexity), 1)


def _chain_hint(mode: str, length: int, k: int, on: bool) -> ChainHint:
    """The forcing chain of ``length`` that places candidate ``k`` (cell*9 + digit-1) when
    ``on``, else removes it."""
    target = ((k // 9, k % 9 + 1),)
    return ChainHint(
        _rating(mode, "chain", length),
        length,
        NAMES[mode, "chain"],
        placements=target if on else (),
        eliminations=() if on else target,
        sort_key=SORT_KEY[mode],
    )


def _cycle_hint(mode: str, found: tuple[int, tuple[Candidate, ...]]) -> ChainHint:
    """The cycle ``_cycles`` found: ``found`` is its (length, eliminations)."""
    length, eliminations = found
    return ChainHint(
        _rating(mode, "cycle", length), length, NAMES[mode, "cycle"], eliminations=eliminations, sort_key=SORT_KEY[mode]
    )


def _cycles(
    pos: Position, links: Links, mode: str, start: int, max_length: int
) -> tuple[int, tuple[Candidate, ...]] | None:
    """The first cycle through "start is on" that removes something, as Sudoku Explainer's
    doCycles finds it: (length, eliminations), or None.

    Layer by layer; an "on" is expanded once, but an "off" is expanded every time it is reached
    except from its own descendants, so every route of a loop is seen (the eliminations of a
    loop depend on its route). Loops longer than ``max_length`` nodes are not looked for.
    """
    succ = links.succ(mode)
    source = 2 * start + 1
    nodes = [source]  # potentials
    parent = [-1]  # index of each node's first cause
    seen_on = {source}
    layer_on: list[int] = [0]
    layer_off: list[int] = []
    length = 0
    while (layer_on or layer_off) and length < max_length:
        length += 1
        for index in layer_on:
            for q in succ[nodes[index]]:
                ancestor = parent[index]
                while ancestor >= 0 and nodes[ancestor] != q:
                    ancestor = parent[ancestor]
                if ancestor < 0:
                    nodes.append(q)
                    parent.append(index)
                    layer_off.append(len(nodes) - 1)
        layer_on = []
        length += 1
        for index in layer_off:
            for q in succ[nodes[index]]:
                if q == source and length >= 4:
                    loop = []
                    node = index
                    while node >= 0:
                        loop.append(nodes[node])
                        node = parent[node]
                    eliminations = _cycle_eliminations(pos, loop)
                    if eliminations:
                        return len(loop), eliminations
                if q not in seen_on:
                    seen_on.add(q)
                    nodes.append(q)
                    parent.append(index)
                    layer_on.append(len(nodes) - 1)
        layer_off = []
        if len(nodes) > 20000:  # pathological fan-out: give up on this start
            return None
    return None


def _cycle_eliminations(pos: Position, loop: list[int]) -> tuple[tuple[int, int], ...]:
    """Sudoku Explainer's createCycleHint: a candidate outside the loop's cells that sees an "on"
    and an "off" node of its digit is removed."""
    loop_cells = 0
    for p in loop:
        loop_cells |= CELL_BIT[(p >> 1) // 9]
    forward = [0] * 9
    back = [0] * 9
    for p in loop:
        cell, d = divmod(p >> 1, 9)
        seen = PEER_MASK[cell] & pos.digits[d + 1] & ~loop_cells
        if p & 1:
            forward[d] |= seen
        else:
            back[d] |= seen
    return tuple(sorted((c, d + 1) for d in range(9) for c in cells_of(forward[d] & back[d])))


def forcing_chains_and_cycles(pos: Position, cap: float = 0.0) -> list[ChainHint]:
    """Sudoku Explainer's Forcing Chains & Cycles rule on ``pos``: the cheapest hints it finds.

    Returns a list holding the best hint (lowest rating, then complexity), or an empty list.
    With ``cap``, the search stops at the first hint rated ``cap`` or less (any of those will do
    for the SE estimate, which only keeps the hardest step); from a ``cap`` of 7.0, where forcing
    XY-chains can rate within it, that hint is every forcing XY-chain rated ``cap`` or less at
    once (``_chains_within``), when there is one.
    """
    true, false = static_conclusions(pos)
    if not true and not false:
        return []  # every hint of the rule is one of these (see static_conclusions): none here
    links = Links(pos)
    if cap >= BASE["xy", "chain"]:
        every = _chains_within(links, cap)
        if every is not None:
            return [every]
    best = None
    if any(_x_concludes(pos.digits[digit]) for digit in range(1, 10)):
        best = _search(pos, links, "x", None, cap)  # forcing X-chains
        if best is None or best.rating > cap:
            best = _exact_cycles(pos, links, "x", best, cap)
    if best is None or best.rating > cap:
        best = _exact_cycles(pos, links, "y", best, cap)
    if best is None or (best.rating > cap and best.rating >= 7.0):
        best = _search(pos, links, "xy", best, cap)
    return [best] if best is not None else []


@lru_cache(maxsize=4096)
def _x_concludes(places: int) -> bool:
    """Whether X links alone conclude anything about a digit whose places are ``places`` (an
    81-bit set). Every forcing X-chain and every elimination of an X-cycle is a walk from "k is
    on" to "k is off", or from "k is off" to "k is on" (see ``static_conclusions``); the second
    kind starts by turning on k's conjugate p (the other place of the digit in a house) and
    ends on k, which sees p, so p's "on" reaches p's "off": the first kind covers both. When no
    digit has one, the rule's X searches find nothing. A walk on X links stays on its digit,
    so this depends on the digit's places alone (kept).

    "k is on" reaching "k is off" is "k is on", "b is off" for a place b that k sees, then an
    X-Chain from b to a place that sees k: the closure HoDoKu's X-Chain search asks first
    (``solver.techniques.chains.x_chain_starts``), which answers it."""
    # imported here: the techniques package imports this module (forcing chains) as it loads
    from solver.techniques.chains import x_chain_starts

    return bool(x_chain_starts(places))


def _exact_cycles(pos: Position, links: Links, mode: str, best: ChainHint | None, cap: float) -> ChainHint | None:
    """X-Cycles or Y-Cycles (``mode``), one exact doCycles search per start, shortest first."""
    starts = sorted(links.bivalue) if mode == "y" else links.cands
    limit = _cycle_limit(mode, best)
    for k in starts:
        if limit <= 4:
            return best
        found = _cycles(pos, links, mode, k, limit)
        if found:
            hint = _cycle_hint(mode, found)
            if _better(hint, best):
                best = hint
                if best.rating <= cap:
                    return best
                limit = _cycle_limit(mode, best)
    return best


def _cycle_limit(mode: str, best: ChainHint | None) -> int:
    """The most nodes a cycle of ``mode`` may have and still beat ``best`` (60 with none yet);
    4 or fewer: none can."""
    limit = 60
    if best is not None:
        while limit > 4 and (_rating(mode, "cycle", limit), limit) >= best.key()[:2]:
            limit -= 1
    return limit


def _better(hint: ChainHint, best: ChainHint | None) -> bool:
    return best is None or hint.key() < best.key()


def _starts(links: Links, mode: str) -> tuple[list[int], int, dict[int, int]]:
    """The starts of a search of ``mode`` spreading from all of them at once: (slot, off, bits).

    Start k's bits: "k is on" is bit slot[k], "k is off" bit off + slot[k] (not in mode "y",
    which starts from bivalue cells "on" only), numbered among the starts (not the 729
    candidates), so the sets stay a few hundred bits wide; ``bits`` maps each start's
    potential to its bit, the first layer of the search (slot[k] is -1 for a candidate that is
    no start)."""
    starts = sorted(links.bivalue) if mode == "y" else links.cands
    slot = [-1] * 729
    off = len(starts)
    bits: dict[int, int] = {}
    for i, k in enumerate(starts):
        slot[k] = i
        bits[2 * k + 1] = 1 << i
        if mode != "y":
            bits[2 * k] = 1 << (off + i)
    return slot, off, bits


def _layer(succ: dict[int, list[int]], fresh: dict[int, int]) -> dict[int, int]:
    """One layer of a search from all starts at once: potential -> the start bits arriving
    there from ``fresh`` (potential -> the bits that reached it in the layer before)."""
    arrivals: dict[int, int] = {}
    for p, bits in fresh.items():
        for q in succ[p]:
            arrivals[q] = arrivals.get(q, 0) | bits
    return arrivals


def _search(pos: Position, links: Links, mode: str, best: ChainHint | None, cap: float) -> ChainHint | None:
    succ = links.succ(mode)
    slot, off, fresh = _starts(links, mode)
    reached = dict(fresh)
    floor = BASE[mode, "cycle"]
    depth = 0
    while fresh:
        depth += 1
        if best is not None and best.key() <= (round(floor + length_bonus(depth), 1), depth, 0):
            break  # nothing found from here on can rate lower
        arrivals = _layer(succ, fresh)
        fresh = {}
        for q, bits in arrivals.items():
            k = q >> 1
            i = slot[k]  # -1 (no start) only in mode "y", which looks at neither
            if q & 1:
                if mode != "y" and bits >> (off + i) & 1:  # "k is off" forces k on
                    hint = _chain_hint(mode, depth + 1, k, True)
                    if _better(hint, best):
                        best = hint
                if mode == "xy" and depth >= 4 and bits >> i & 1:
                    rating = _rating(mode, "cycle", depth)
                    if best is None or (rating, depth) < best.key()[:2]:
                        found = _cycles(pos, links, mode, k, depth)
                        if found:
                            best = _cycle_hint(mode, found)
            elif mode != "y" and bits >> i & 1:  # "k is on" forces k off
                hint = _chain_hint(mode, depth + 1, k, False)
                if _better(hint, best):
                    best = hint
            new = bits & ~reached.get(q, 0)
            if new:
                reached[q] = reached.get(q, 0) | new
                fresh[q] = new
        if best is not None and best.rating <= cap:
            break
    return best


def _chains_within(links: Links, cap: float) -> ChainHint | None:
    """Every forcing XY-chain rated ``cap`` or less, as one hint (None if there is none): all
    their placements and eliminations, rated as the longest of them.

    Any hint rated within the rating so far leaves the SE estimate as it is, so the walk may
    take several at once where Sudoku Explainer takes one and places the singles between them
    (as ``solver.se.rating`` places every single at once). The search spreads from every start
    as ``_search`` does, to the last layer whose chains rate within ``cap``, and keeps every
    start that meets its own negation on the way; it is not asked below 7.0, where no forcing
    XY-chain can rate within ``cap``. At the steps of the SE path where the rule is searched
    with such a cap, a few a puzzle, this takes the place of several single steps: 0.78x the SE
    estimate's time over 20 Experts made by ``gen``, 0.87x over the 5,174 calibration puzzles
    rated 7.0 and up, with the same rating and hardest step on every one (docs/benchmarks.md).
    """
    succ = links.succ("xy")
    slot, off, fresh = _starts(links, "xy")
    reached = dict(fresh)
    placements: dict[Candidate, None] = {}  # dicts as ordered sets: the order found
    eliminations: dict[Candidate, None] = {}
    depth = longest = 0
    while fresh and _rating("xy", "chain", depth + 2) <= cap:
        depth += 1  # a chain met in this layer has depth + 1 nodes
        arrivals = _layer(succ, fresh)
        fresh = {}
        for q, bits in arrivals.items():
            k = q >> 1
            i = slot[k]
            if q & 1:
                found = placements if bits >> (off + i) & 1 else None  # "k is off" forces k on
            else:
                found = eliminations if bits >> i & 1 else None  # "k is on" forces k off
            if found is not None:
                target = (k // 9, k % 9 + 1)
                if target not in found:
                    found[target] = None
                    longest = depth + 1
            new = bits & ~reached.get(q, 0)
            if new:
                reached[q] = reached.get(q, 0) | new
                fresh[q] = new
    if not longest:
        return None
    return ChainHint(
        _rating("xy", "chain", longest),
        longest,
        NAMES["xy", "chain"],
        placements=tuple(placements),
        eliminations=tuple(eliminations),
        sort_key=SORT_KEY["xy"],
    )
