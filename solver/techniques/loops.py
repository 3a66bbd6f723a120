"""Nice Loops and AICs on the link graph, plain or with grouped nodes.

After HoDoKu's "Chains and Loops" page (hodoku.sourceforge.net/en/tech_chains.php) and its
TablingSolver: every candidate is assumed true and assumed false (the premises), the
implications are followed breadth-first, and a chain that comes back to its start cell is a
nice loop; one from "s is false" to "m is true" in another cell is an AIC. Only the premises
that can start a loop or an AIC with an elimination are followed (``_productive``, from the
transitive closure of the links): the same steps, at about two thirds of the search's time.

Glossary (see ``solver.techniques.links`` for node, state, premise and chain):
  start cell           the cell of the premise; a nice loop leaves it and comes back to it.
  Discontinuous Nice Loop
                       the loop contradicts its premise: "s is a" leads to "s is not a" or to
                       another digit in s (a goes), or "s is not a" leads to "s is a" (s is a).
  Continuous Nice Loop the loop is consistent all the way round: every weak link in it then
                       has exactly one true end, so the digit goes from every cell that sees
                       both ends of a weak link, and a cell the loop enters and leaves by
                       strong links on two digits keeps only those two.
  AIC                  "s is not a" leads to "m is b": with a = b the digit goes from the cells
                       that see both ends (at least two of them; one alone is a
                       discontinuous loop); with a != b and s, m seeing each other, s loses b
                       and m loses a.
HoDoKu's rules are kept: a chain is at least 3 links long, a loop leaves its start cell by its
first link and comes back to another state of that cell (never to the premise itself: the
premise is the first entry of HoDoKu's table, so a ring of bivalue cells, an XY-loop, is found
as AICs there, not as a Continuous Nice Loop), no cell comes back (HoDoKu's lasso rule, see
``Implications.chain``; a loop or AIC counts only through the chain HoDoKu's table holds, as it
drops one whose chain breaks the rule), and cells of a continuous loop keep their candidates
when a weak link's digit goes elsewhere. With ALS nodes (HoDoKu's option, off in the registry) a
loop through a set also locks the set's other digits (``_als_link_eliminations``); there a loop
back to the premise itself and any shortest AIC chain still count, standing in for the longer
ones HoDoKu's tables hold that this search does not reach (reglib 0709-2, 0711-4).

Checked against HoDoKu 2.2's TablingSolver (its steps listed for the same positions): the steps
come out in its order with its chains; of 30 Masters made by ``gen``, no solution path parts
from HoDoKu's at a loop or AIC any more (5 did; docs/benchmarks.md, fourteenth session).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from solver.grid import DIGITS_OF, PEER_MASK, Grid, cells_of, places_of
from solver.step import Candidate, Step
from solver.techniques.als_links import ALS_MAX_LENGTH, als_digits, als_view, reach_of
from solver.techniques.chain_ends import end_partners, ends_text, peer_premises
from solver.techniques.chain_text import aic_text, loop_text, walk_text
from solver.techniques.hodoku_order import rank
from solver.techniques.implications import Implications
from solver.techniques.link_changes import new_strong_link
from solver.techniques.link_closure import concluded
from solver.techniques.link_view import View
from solver.techniques.links import MAX_LINKS, LinkGraph, link_graph

CONTINUOUS, DISCONTINUOUS, AIC = "Continuous Nice Loop", "Discontinuous Nice Loop", "AIC"


def _cross_partners(graph: LinkGraph) -> list[int]:
    """Per candidate node m (digit b): the premise bits of "s is a" false, for candidates s
    of another digit a in a cell that sees m, where s's cell also holds b and m's holds a
    (an AIC between them removes b from s and a from m). Cached on the graph."""
    if "cross_partners" not in graph.memo:
        count, digit, cells = graph.candidate_count, graph.digit, graph.cells
        seen_by = peer_premises(graph)
        holding: dict[tuple[int, int], int] = {}  # (a, b) -> premise bits of "(s, a) false" where s's cell also holds b
        for node in range(count):
            for other in graph.cell_nodes[cells[node][0]]:
                if other != node:
                    key = (digit[node], digit[other])
                    holding[key] = holding.get(key, 0) | 1 << (node << 1)
        partners = []
        for m in range(count):
            mask = 0
            for other in graph.cell_nodes[cells[m][0]]:
                if other != m:
                    mask |= holding.get((digit[other], digit[m]), 0) & seen_by[other]
            partners.append(mask)
        graph.memo["cross_partners"] = partners
    return graph.memo["cross_partners"]


def _loop_kind(graph: LinkGraph, premise: int, end: int) -> tuple[str, tuple[Candidate, ...]] | None:
    """(kind, eliminations) for a chain from ``premise`` back to a state ``end`` in its cell;
    the eliminations of a continuous loop are found later (they need the loop), None if the
    pair makes no nice loop."""
    s, e = premise >> 1, end >> 1
    a = graph.digit[s]
    cell = graph.cells[s][0]
    first_strong, last_strong = not premise & 1, bool(end & 1)
    if s == e:
        if premise == end:
            return CONTINUOUS, ()
        if first_strong:
            return DISCONTINUOUS, tuple((cell, graph.digit[n]) for n in graph.cell_nodes[cell] if n != s)
        return DISCONTINUOUS, ((cell, a),)
    if first_strong == last_strong:
        if first_strong or len(graph.cell_nodes[cell]) == 2:
            return CONTINUOUS, ()
        return None
    return DISCONTINUOUS, ((cell, a if last_strong else graph.digit[e]),)


def _continuous_eliminations(graph: LinkGraph, loop: list[int]) -> tuple[tuple[int, int], ...]:
    """The eliminations of a continuous loop (a chain of states whose last equals its first).

    Each weak link between cells removes its digit from the cells that see both ends; a weak
    link inside a cell leaves that cell only its two digits. Cells of the loop are spared,
    as in HoDoKu.
    """
    used = 0
    for s in loop:
        used |= graph.cell_mask[s >> 1]
    found = set()
    for x, y in itertools.pairwise(loop):
        xn, yn = x >> 1, y >> 1
        if y & 1 and (xn >= graph.als_start or yn >= graph.als_start):
            found.update(_als_link_eliminations(graph, xn, yn))
            continue
        if y & 1:
            continue
        if graph.cells[xn] == graph.cells[yn]:
            cell = graph.cells[xn][0]
            keep = {graph.digit[xn], graph.digit[yn]}
            found.update((cell, d) for d in DIGITS_OF[graph.cell_candidates[cell]] if d not in keep)
        else:
            d = graph.digit[yn]
            common = graph.sees[xn] & graph.sees[yn] & graph.digit_cells[d] & ~used
            found.update((cell, d) for cell in cells_of(common))
    return tuple(sorted(found))


def _als_link_eliminations(graph: LinkGraph, x: int, y: int) -> set[tuple[int, int]]:
    """HoDoKu's eliminations at a strong link of a continuous loop that involves an ALS.

    Inside one set (digits j and k): exactly one of them is missing, so its other digits are
    locked and leave their reach. A forcing (the set holds j, or cell c is e): the set lacks
    j or one of c's other digits, so digits outside those leave their reach, and each of c's
    other digits leaves the cells that see c and the set's cells holding it.
    """
    als, other = (x, y) if x >= graph.als_start else (y, x)
    mask, j = graph.cell_mask[als], graph.digit[als]
    if other >= graph.als_start:
        spared, cell = 1 << (graph.digit[other] - 1), None
    else:
        cell = graph.cells[other][0]
        spared = graph.cell_candidates[cell] & ~(1 << (graph.digit[other] - 1))
    found: set[tuple[int, int]] = set()
    for d in DIGITS_OF[als_digits(graph, als)]:
        reach = reach_of(graph, mask, d) & graph.digit_cells[d]
        if d != j and not spared >> (d - 1) & 1:
            found.update((c, d) for c in cells_of(reach))
        elif cell is not None and d != j:
            found.update((c, d) for c in cells_of(reach & PEER_MASK[cell]))
    return found


def loops_and_aics(grid: Grid, grouped: bool, als: bool = False) -> Iterator[Step]:
    """Every Nice Loop and AIC in ``grid`` (untouched), one Step per elimination set; with
    ``grouped`` only chains that use a grouped node (or, with ``als``, an Almost Locked Set:
    HoDoKu's option, off by default), named "Grouped ...". Chains of 3 to ``MAX_LINKS`` (20)
    links. The search runs to its end, then yields in HoDoKu's order (``hodoku_order``: most
    eliminations, then the lowest weighted index sum), the first being the step HoDoKu's solver
    takes; for one elimination set the shortest chain, and among equals the one HoDoKu finds
    first: loops from a true premise, then from a false one, then AICs, each by premise (cell,
    then digit)."""
    now = tuple(grid.candidates)
    if not als and _quiet_since(now, grouped):
        return
    graph = link_graph(grid)
    grouped = grouped or als
    view = als_view(graph) if als else graph.view("grouped" if grouped else "plain")
    count, cells = graph.candidate_count, graph.cells
    cell_premises = [sum(3 << (n << 1) for n in nodes) for nodes in graph.cell_nodes]
    same = end_partners(graph, twice=True)
    cross = _cross_partners(graph)
    longest = ALS_MAX_LENGTH if als else MAX_LINKS
    starts = range(2 * count) if als else _productive(graph, view, cell_premises)
    implications = Implications(graph, view, starts, longest, als, grouped)  # returns: with ALS nodes only
    found: list[Found] = []  # (HoDoKu's rank, depth, source, premise, eliminations, kind, end, chain or None)
    looped = False  # a continuous loop was met
    ranks: dict[tuple[Candidate, ...], tuple[int, int]] = {}

    def offer(eliminations: tuple[Candidate, ...], kind: str, premise: int, end: int, chain: list[int] | None) -> None:
        if eliminations not in ranks:
            ranks[eliminations] = rank(eliminations)
        source = 2 if kind == AIC else 1 - (premise & 1)  # HoDoKu's order of search: loops on, off, AICs
        found.append((ranks[eliminations], depth, source, premise, eliminations, kind, end, chain))

    for depth, layer, returns in implications:
        if depth < 3:
            continue
        wanted = implications.grouped_layers[depth] if grouped else layer
        # A loop back to the premise itself is never in HoDoKu's tables (the premise is their first
        # entry); with ALS nodes it stands in for the longer loop HoDoKu finds there with the same
        # eliminations (reglib 0709-2), which this search does not reach.
        loop_hits = [(p, p) for p in (implications.grouped_returns if grouped else returns)] if als else []
        for t, mask in wanted.items():
            m = t >> 1
            if m >= count:
                continue
            hits = mask & cell_premises[cells[m][0]]
            while hits:
                low = hits & -hits
                hits ^= low
                loop_hits.append((low.bit_length() - 1, t))
            hits = mask & (same[m] | cross[m]) if t & 1 else 0
            while hits:
                low = hits & -hits
                hits ^= low
                premise = low.bit_length() - 1
                offer(_aic_eliminations(graph, premise >> 1, m), AIC, premise, t, None)
        for premise, end in loop_hits:
            kind_found = _loop_kind(graph, premise, end)
            if kind_found is None:
                continue
            kind, eliminations = kind_found
            if kind == DISCONTINUOUS:
                if eliminations:
                    offer(eliminations, kind, premise, end, None)
                continue
            looped = True  # a continuous loop counts through the one chain rebuilt: not by its ends alone
            chain = implications.chain(premise, end, depth, True, grouped, table=True)
            if chain is None:
                continue
            if chain[-1] != premise:
                chain.append(premise)
            eliminations = _continuous_eliminations(graph, chain)
            if eliminations:
                offer(eliminations, kind, premise, end, chain)
    if not found and not looped and not als:
        _keep_quiet(now, grouped)
    yield from _found_steps(graph, implications, found, grouped, als)


_QUIET: dict[bool, tuple[tuple[int, ...], tuple[int, ...]]] = {}
"""grouped -> (candidates, ``places_of`` them) of the last position where the search of Nice
Loops and AICs without ALS nodes found nothing at all: no chain with eliminations and no
continuous loop; for the grouped search, where the plain one found nothing so too. One entry
each, replaced in one step: safe to share between threads (each entry is a fact about its
position, whichever walk it came from). See ``_quiet_since``."""


def _quiet_since(now: tuple[int, ...], grouped: bool) -> bool:
    """Whether the search (grouped or not) is sure to find nothing at the candidates ``now``
    because nothing it could use is new since its ``_QUIET`` position (then ``now`` becomes it).

    A later position has only the links the earlier one had, but for new strong links
    (``solver.techniques.link_changes``). A chain with no new link was there before, as long or
    shorter: an AIC's and a discontinuous loop's eliminations come from its ends, so they were
    there too, and the search, which finds each pair of ends at its shortest chain, would have
    offered them. Two exceptions are kept out of ``_QUIET``: a continuous loop's eliminations
    are those of the one chain its table rebuilds, which may differ later; and the grouped search
    takes a pair of ends only where a shortest chain between them uses a group, so its pair may
    have had a shorter plain chain before: then the plain search would have offered it. The
    search depends on the candidates alone, so a record from another walk serves as well.
    Checked against the whole search along the Solo and layered paths of 430 rated and shipped
    puzzles (CHANGELOG, seventeenth session); tests/test_chains.py does so on shipped Masters."""
    quiet = _QUIET.get(grouped)
    if quiet is None or (quiet[0] != now and new_strong_link(*quiet, now, places_of(now), grouped)):
        return False
    _keep_quiet(now, grouped)  # nothing here either: the record moves on
    return True


def _keep_quiet(now: tuple[int, ...], grouped: bool) -> None:
    """Record ``now`` in ``_QUIET`` as a position where the search (grouped or not) found
    nothing at all; a grouped one only where the plain one is recorded at ``now`` too."""
    if not grouped or _QUIET.get(False, ((),))[0] == now:
        _QUIET[grouped] = (now, places_of(now))


def _productive(graph: LinkGraph, view: View, cell_premises: list[int]) -> list[int]:
    """The premises (candidate state ids, ascending) that can start a loop or an AIC with an
    elimination in ``view``: a superset, from the transitive closure of the view's links
    (``View.closure``), of those the search would offer a step for.

    Every elimination of a loop or AIC is a candidate c whose "true" reaches its "false" in the
    closure (or a placement's "false" its "true"; see ``solver.techniques.link_closure``). An
    AIC's premise "s is false" has s of c's digit in a cell c sees, or s in c's cell (two
    digits); a discontinuous loop's premise lies in the cell it concludes on; a continuous loop
    runs through a node of c's digit that c sees (an end of the weak link c sees both ends of)
    or through c's cell, and every premise on it shares that node's strongly connected
    component. So the premises kept are the states of the nodes that c sees (grouped nodes
    too) or that lie in its cell, and every premise in their components. Measured on 1,231
    positions of the Solo paths of SE 8.1+ puzzles and Masters: 20% of the premises, the same
    steps; where nothing is concluded (half of the searches there) none, and no search.
    """
    closure = view.closure()
    reach, component = closure.forward(), closure.number()
    count, cells, digit, sees = graph.candidate_count, graph.cells, graph.digit, graph.sees
    on_cells = [0] * 10  # per digit: the cells of the candidates the closure concludes on
    near = 0  # the states of the nodes whose loops or chains may conclude something
    for m in itertools.chain(*concluded(graph, reach)):
        on_cells[digit[m]] |= 1 << cells[m][0]
        near |= cell_premises[cells[m][0]]
    if not near:
        return []
    for node in range(len(view.targets) >> 1):
        if sees[node] & on_cells[digit[node]]:
            near |= 3 << (node << 1)
    loops = {component[state] for state in cells_of(near)}  # cells_of: the bits of any int
    return [p for p in range(2 * count) if near >> p & 1 or component[p] in loops]


def _aic_eliminations(graph: LinkGraph, s: int, m: int) -> tuple[Candidate, ...]:
    """The eliminations of an AIC from "candidate node ``s`` is false" to "``m`` is true": with
    one digit, it goes from the cells that see both ends; with two (in cells that see each
    other), s's cell loses m's digit and m's cell loses s's."""
    cells, digit = graph.cells, graph.digit
    if digit[s] == digit[m]:
        common = graph.sees[s] & graph.sees[m] & graph.digit_cells[digit[m]]
        return tuple((c, digit[m]) for c in cells_of(common))
    return tuple(sorted(((cells[s][0], digit[m]), (cells[m][0], digit[s]))))


Found = tuple[tuple[int, int], int, int, int, tuple[Candidate, ...], str, int, list[int] | None]


def _found_steps(
    graph: LinkGraph, implications: Implications, found: list[Found], grouped: bool, als: bool = False
) -> Iterator[Step]:
    """The Steps of the loops and AICs ``found`` ((HoDoKu's rank, depth, source, premise,
    eliminations, kind, end, chain or None) each; source 0 for a loop from a true premise, 1
    from a false one, 2 for an AIC), sorted in place by their first four, one per elimination
    set; a chain not rebuilt yet is rebuilt from ``implications``: the one HoDoKu's table holds
    (with ``als``, an AIC takes any shortest one), and one that cannot be is skipped.
    ``grouped`` names them "Grouped ..."."""
    prefix = "Grouped " if grouped else ""
    found.sort(key=lambda item: item[:4])
    done: set[tuple[Candidate, ...]] = set()
    for _, depth, _, premise, eliminations, kind, end, chain in found:
        if eliminations in done:
            continue
        if chain is None:  # not built yet: a discontinuous loop or an AIC
            table = kind != AIC or not als
            chain = implications.chain(premise, end, depth, kind != AIC, grouped, fifo=False, table=table)
            if chain is None:
                continue
        done.add(eliminations)
        yield _step(graph, prefix + kind, chain, eliminations, _text(graph, kind, chain, eliminations))


def _text(graph: LinkGraph, kind: str, chain: list[int], eliminations: tuple[Candidate, ...]) -> str:
    """The sentence of a nice loop or AIC (``solver.techniques.chain_text``)."""
    if kind != AIC:
        return loop_text(graph, chain, eliminations, continuous=kind == CONTINUOUS)
    if graph.digit[chain[0] >> 1] == graph.digit[chain[-1] >> 1]:
        return ends_text(walk_text(graph, chain), graph.digit[chain[0] >> 1], [c for c, _ in eliminations])
    return aic_text(graph, chain, eliminations)


def _step(graph: LinkGraph, technique: str, chain: list[int], eliminations: tuple[Candidate, ...], text: str) -> Step:
    """The Step of a loop or AIC: its chain's links, pattern, houses and grouped nodes."""
    return Step(
        technique=technique,
        eliminations=eliminations,
        pattern=graph.pattern(chain),
        houses=graph.houses(chain),
        links=graph.links(chain),
        text=text,
        groups=graph.groups(chain),
    )


__all__ = ["loops_and_aics"]
