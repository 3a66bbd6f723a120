"""Forcing Chains as HoDoKu 2.2 finds them: tables of every premise's consequences.

HoDoKu's TablingSolver (Trebor's tables; read for the rules only) assumes every candidate true
and false in turn and follows the direct links of the grouped link graph (``solver.techniques
.links``: bivalue cells, conjugate pairs, grouped nodes) to everything the assumption implies.
Here that table is one row of the graph's transitive closure (``solver.closure.reachable_both``),
and its reverse gives, for any consequence, every premise that implies it. A step is:

  Forcing Chain Contradiction  a premise's table holds a candidate both true and false (its own
                               negation, two digits in a cell and one digit twice in a house
                               come to the same in a closed table), every candidate of a cell
                               false, or every place of a digit in a house false (a place where
                               no placed digit forbids it: HoDoKu's "allowed" cells, so a house
                               with a place removed earlier never counts): the premise is wrong.
  Forcing Chain Verity         both tables of one candidate (true and false) share a
                               consequence outside its cell, or the tables of every candidate
                               of a cell, or of every place of a digit in a house, share one:
                               it holds.

HoDoKu sorts what it finds (its TablingComparator) and takes the first: steps that place a digit
before steps that remove candidates, the placement in the lowest cell, else the removal of the
lowest candidate (cell, then digit); the chains' length only orders steps with the same effect,
and it keeps one step per effect, the one with the shortest chains. So the effects below come in
that order, and each is shown with its shortest justification (ties: a contradiction, then two
chains of one candidate, a cell, a house, as HoDoKu searches them). A placement is the
exception: HoDoKu keeps one step per placement *and kind* (the key it dedupes by names the
kind), and its comparator calls a contradiction and a verity for one cell equal, so the
contradiction, found first, stays first: a placement is shown by its shortest contradiction
when it has one, however short a verity (on 30 Masters made by ``gen`` this took the name of 4
of HoDoKu's Forcing Chain steps, with the same effect, from Verity to HoDoKu's Contradiction).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from solver.closure import Closure
from solver.grid import HOUSE_MASK, HOUSES, Grid, allowed_masks, cell_name, cells_of, house_name
from solver.step import Candidate, Link, Step
from solver.techniques.links import LinkGraph, link_graph
from solver.techniques.wording import or_list

Justification = tuple[int, int, str, tuple[int, ...], tuple[int, ...], int]
"""(HoDoKu's length, its search order, kind, premise states, end states, house or -1): chains
from each premise to each end state (a contradiction: one premise and the states that clash; a
verity: one end and a chain per premise)."""
ORDER = {
    kind: rank
    for rank, kind in enumerate(
        ("negation", "clash", "two digits", "twice", "empty cell", "empty house", "candidate", "cell", "house")
    )
}
"""HoDoKu's search order of the kinds (a contradiction's, premise by premise, then the
verities'): of two justifications as short, the one it finds first stays."""


class Tables:
    """The tables of one position: ``reach[s]``, the states state ``s`` implies (itself
    included); ``back[t]``, the states that imply ``t`` (itself included). ``targets``: each
    state's own entries (None: its links in the grouped link graph, a Forcing Chain's)."""

    def __init__(self, graph: LinkGraph, targets: Sequence[Sequence[int]] | None = None):
        if targets is None:  # the grouped view's closure, which the loop search may have made
            view = graph.view("grouped")
            targets, closure = view.targets, view.closure()
        else:
            closure = Closure(targets)
        self.graph = graph
        self.targets = targets
        forward, backward = closure.forward(), closure.backward()
        self.reach = [bits | 1 << s for s, bits in enumerate(forward)]
        self.back = [bits | 1 << s for s, bits in enumerate(backward)]
        count = graph.candidate_count
        self.candidate_states = (1 << 2 * count) - 1
        self._distances: dict[int, tuple[dict[int, int], dict[int, int]]] = {}

    def paths(self, start: int) -> tuple[dict[int, int], dict[int, int]]:
        """(state -> links from ``start``, state -> the state before it), breadth-first."""
        known = self._distances.get(start)
        if known is None:
            distance, parent = {start: 0}, {}
            frontier = [start]
            while frontier:
                following = []
                for s in frontier:
                    for t in self.targets[s]:
                        if t not in distance:
                            distance[t] = distance[s] + 1
                            parent[t] = s
                            following.append(t)
                frontier = following
            known = self._distances[start] = (distance, parent)
        return known

    def chain(self, start: int, end: int) -> list[int]:
        """The states of a shortest chain from ``start`` to ``end`` (which it reaches)."""
        _, parent = self.paths(start)
        states = [end]
        while states[-1] != start:
            states.append(parent[states[-1]])
        return states[::-1]


def forcing_chain(grid: Grid) -> Iterator[Step]:
    """Every Forcing Chain Contradiction and Verity HoDoKu's tables give in ``grid``
    (untouched), one step per effect, in HoDoKu's order: placements by cell, then removals by
    cell and digit (see the module docstring). Nothing when the tables conclude nothing."""
    graph = link_graph(grid)
    tables = Tables(graph)
    placed, removed = table_effects(grid, graph, tables)
    for effects in (placed, removed):
        for state in sorted(effects, key=lambda s: graph.cells[s >> 1][0] * 10 + graph.digit[s >> 1]):
            step = _step(grid, graph, tables, state)
            if step.links:  # none: a single still open, which is no chain (the Solo path takes it first)
                yield step


def contradictory_premises(grid: Grid, graph: LinkGraph, tables: Tables) -> int:
    """The bit set of premise states (candidate states) whose table holds a contradiction."""
    back = tables.back
    found = 0
    for m in range(graph.candidate_count):
        found |= back[m << 1] & back[(m << 1) | 1]  # m both false and true
    for cell in range(81):
        nodes = graph.cell_nodes[cell]
        if nodes:
            every = -1
            for m in nodes:
                every &= back[m << 1]
            found |= every  # every candidate of the cell false
    for _, places in _allowed_places(grid, graph):
        every = -1
        for m in places:
            every &= back[m << 1]
        found |= every  # every place of the digit in the house false
    return found & tables.candidate_states


def _allowed_places(grid: Grid, graph: LinkGraph) -> list[tuple[int, tuple[int, ...]]]:
    """(house, the candidate nodes of a digit's allowed places there) for each house and digit
    whose allowed places (no placed digit forbids them) all still hold the candidate: where
    one does not, HoDoKu's "every place false" check never fires."""
    allowed = allowed_masks(grid.values)
    out = []
    for house, cells in enumerate(HOUSES):
        for digit in range(1, 10):
            places = tuple(graph.candidate(c, digit) for c in cells if allowed[c] >> (digit - 1) & 1)
            if places and -1 not in places:
                out.append((house, places))
    return out


def table_effects(grid: Grid, graph: LinkGraph, tables: Tables) -> tuple[set[int], set[int]]:
    """(states "candidate true" the tables place, states "candidate false" they remove)."""
    reach, states = tables.reach, tables.candidate_states
    concluded = 0
    premises = contradictory_premises(grid, graph, tables)
    for s in cells_of(premises):  # a wrong premise: its negation holds
        concluded |= 1 << (s ^ 1)
    for m in range(graph.candidate_count):  # both tables of one candidate
        cell = graph.cells[m][0]
        outside = ~_cell_states(graph, cell)
        concluded |= reach[m << 1] & reach[(m << 1) | 1] & outside & states
    for _, group in premise_groups(graph):  # every candidate of a cell, every place in a house
        common = states
        for m in group:
            common &= reach[(m << 1) | 1]
        concluded |= common
    placed: set[int] = set()
    removed: set[int] = set()
    for s in cells_of(concluded):
        (placed if s & 1 else removed).add(s)
    return placed, removed


def _cell_states(graph: LinkGraph, cell: int) -> int:
    """The bit set of both states of every candidate of ``cell``."""
    bits = 0
    for m in graph.cell_nodes[cell]:
        bits |= 3 << (m << 1)
    return bits


def premise_groups(graph: LinkGraph) -> list[tuple[int, tuple[int, ...]]]:
    """(-1, the candidates of a cell) for each cell, then (house, a digit's places there) for
    each house (rows, columns, boxes) and digit, as HoDoKu checks them for verities."""
    groups = [(-1, nodes) for nodes in graph.cell_nodes if nodes]
    for house in range(27):
        for digit in range(1, 10):
            cells = cells_of(graph.digit_cells[digit] & HOUSE_MASK[house])
            if cells:
                groups.append((house, tuple(graph.candidate(c, digit) for c in cells)))
    return groups


def _justifications(grid: Grid, graph: LinkGraph, tables: Tables, state: int) -> Iterator[Justification]:
    """Every way the tables give ``state``, with the total length of its chains."""
    reach = tables.reach
    yield from _contradictions_of(grid, graph, tables, state ^ 1)
    for m in range(graph.candidate_count):  # both tables of one candidate
        pair = (m << 1, (m << 1) | 1)
        if reach[pair[0]] >> state & 1 and reach[pair[1]] >> state & 1 and graph.cells[m] != graph.cells[state >> 1]:
            yield _verity(tables, "candidate", pair, state, -1)
    for house, group in premise_groups(graph):
        starts = tuple((m << 1) | 1 for m in group)
        if all(reach[s] >> state & 1 for s in starts):
            yield _verity(tables, "cell" if house < 0 else "house", starts, state, house)


def _verity(tables: Tables, kind: str, starts: tuple[int, ...], state: int, house: int) -> Justification:
    total = sum(_length(tables.paths(s)[0], (state,)) for s in starts)
    return total, ORDER[kind], kind, starts, (state,), house


def _contradictions_of(grid: Grid, graph: LinkGraph, tables: Tables, premise: int) -> list[Justification]:
    """The contradictions in ``premise``'s table, each as HoDoKu's checks find them."""
    distance, _ = tables.paths(premise)
    table = tables.reach[premise]

    def found(kind: str, ends: tuple[int, ...], house: int = -1) -> Justification:
        return _length(distance, ends), ORDER[kind], kind, (premise,), ends, house

    out: list[Justification] = []
    if table >> (premise ^ 1) & 1:
        out.append(found("negation", (premise ^ 1,)))
    for digit in range(1, 10):  # HoDoKu: per digit, the lowest cell where it is both
        both = [m for m in range(graph.candidate_count) if graph.digit[m] == digit and table >> (m << 1) & 3 == 3]
        if both:
            out.append(found("clash", ((both[0] << 1) | 1, both[0] << 1)))
    for first, second in itertools.combinations(range(1, 10), 2):  # per two digits, the lowest cell
        for nodes in graph.cell_nodes:
            pair = [s for m in nodes if graph.digit[m] in (first, second) and table >> (s := (m << 1) | 1) & 1]
            if len(pair) == 2:
                out.append(found("two digits", (pair[0], pair[1])))
                break
    for house, cells in enumerate(HOUSES):
        for digit in range(1, 10):
            ons = tuple(s for c in cells if (m := graph.candidate(c, digit)) >= 0 and table >> (s := (m << 1) | 1) & 1)
            if len(ons) > 1:
                out.append(found("twice", ons, house))
    for nodes in graph.cell_nodes:
        if nodes and all(table >> (m << 1) & 1 for m in nodes):
            out.append(found("empty cell", tuple(m << 1 for m in nodes)))
    for house, places in _allowed_places(grid, graph):
        if all(table >> (m << 1) & 1 for m in places):
            out.append(found("empty house", tuple(m << 1 for m in places), house))
    return out


def _length(distance: dict[int, int], ends: tuple[int, ...]) -> int:
    """HoDoKu's length of a step's chains: the nodes of each (its links and one)."""
    return sum(distance[end] + 1 for end in ends)


def _step(grid: Grid, graph: LinkGraph, tables: Tables, state: int) -> Step:
    """The step for one effect (``state`` true), shown with its shortest justification (a
    placement: its shortest contradiction, if it has one)."""
    verity = ORDER["candidate"]  # a placement keeps a contradiction over a verity (module docstring)
    _, _, kind, starts, ends, house = min(
        _justifications(grid, graph, tables, state), key=lambda j: (state & 1 and j[1] >= verity, j[0], j[1])
    )
    chains = [tables.chain(s, e) for s in starts for e in ends if s != e]
    links: list[Link] = [link for chain in chains for link in graph.links(chain)]
    node = state >> 1
    found: tuple[Candidate, ...] = ((graph.cells[node][0], graph.digit[node]),)
    placements, eliminations = (found, ()) if state & 1 else ((), found)
    pattern = tuple(sorted({(graph.cells[s >> 1][0], graph.digit[s >> 1]) for s in starts}))
    groups: list[tuple[Candidate, ...]] = []
    for chain in chains:
        groups += [g for g in graph.groups(chain) if g not in groups]
    houses: list[int] = []
    for chain in chains:
        houses += [h for h in graph.houses(chain) if h not in houses]
    conclusion = _said(graph, state)
    if ORDER[kind] < ORDER["candidate"]:
        technique = "Forcing Chain Contradiction"
        premise = starts[0]
        if kind == "negation":
            cell, digit = cell_name(graph.cells[premise >> 1][0]), graph.digit[premise >> 1]
            clash = f"{cell} could not be {digit} after all" if premise & 1 else f"{cell} would be {digit} after all"
        elif kind == "clash":
            clash = f"{_said(graph, ends[0])} and {_said(graph, ends[1])} would both hold"
        elif kind == "two digits":
            first, second = (graph.digit[end >> 1] for end in ends)
            clash = f"{cell_name(graph.cells[ends[0] >> 1][0])} would be both {first} and {second}"
        elif kind == "twice":
            clash = f"{graph.digit[ends[0] >> 1]} would be placed twice in {house_name(house)}"
        elif kind == "empty cell":
            clash = f"{cell_name(graph.cells[ends[0] >> 1][0])} would lose every candidate"
        else:
            clash = f"{graph.digit[ends[0] >> 1]} would have no place left in {house_name(house)}"
        text = f"Suppose {_said(graph, premise)}. Following the links, {clash}, which is impossible; so {conclusion}."
    else:
        technique = "Forcing Chain Verity"
        if kind == "candidate":
            m = starts[0] >> 1
            reason = f"{cell_name(graph.cells[m][0])} either is {graph.digit[m]} or is not"
        elif kind == "cell":
            reason = f"{cell_name(graph.cells[starts[0] >> 1][0])} must hold one of its candidates"
        else:
            reason = f"{graph.digit[starts[0] >> 1]} must go somewhere in {house_name(house)}"
        options = or_list(_said(graph, s) for s in starts)
        text = f"{reason}: whichever is true ({options}), the links lead to {conclusion}. So {conclusion}."
    return Step(
        technique,
        placements=placements,
        eliminations=eliminations,
        pattern=pattern,
        houses=tuple(houses),
        links=tuple(links),
        text=text,
        groups=tuple(groups),
    )


def _said(graph: LinkGraph, state: int) -> str:
    """``r1c2=4`` or ``r1c2<>4`` for a candidate state."""
    node = state >> 1
    return f"{cell_name(graph.cells[node][0])}{'=' if state & 1 else '<>'}{graph.digit[node]}"


__all__ = ["forcing_chain"]
