"""Chains on the link graph: X-Chain and XY-Chain here; Nice Loops and AICs in ``loops``.

After HoDoKu's chain pages (hodoku.sourceforge.net/en/tech_chains.php). A chain is an
alternating inference chain (AIC): it starts with a strong link and ends with one, so at least
one of its two ends is true, and a digit both ends hold goes from every cell that sees both.

Glossary (see ``solver.techniques.links`` for node, state, premise and view):
  X-Chain   an AIC on one digit between candidates of different cells.
  XY-Chain  an AIC through bivalue cells: the strong links are inside the cells, the weak
            links join two cells with the same digit.
  ends      the first and last node of a chain; both hold the digit the chain removes.

Every search runs breadth-first from its premises at once to its end (chains of 3 to
``links.MAX_LINKS`` (20) links), then yields one chain per elimination set, the shortest for
it, in HoDoKu's order (``hodoku_order``: most eliminations, then the lowest weighted index sum),
so the first is the one HoDoKu's solver takes. The premises are those the transitive closure
of the chain's links allows to conclude something (``x_chain_starts``, ``xy_chain_starts``;
``solver.techniques.loops`` does the same for Nice Loops): a premise's implications do not
depend on the other premises', so the steps are those of a search from every premise.
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.closure import reachable
from solver.grid import PEER_MASK, POPCOUNT, Grid, cells_of, digit_places
from solver.step import Step
from solver.techniques.cellsets import strong_links
from solver.techniques.chain_ends import end_partners, ends_text
from solver.techniques.chain_text import walk_text
from solver.techniques.hodoku_order import rank
from solver.techniques.implications import Implications
from solver.techniques.links import LinkGraph, link_graph
from solver.techniques.loops import loops_and_aics

__all__ = ["grouped_nice_loop", "nice_loop", "x_chain", "xy_chain"]


def ends_step(graph: LinkGraph, technique: str, chain: list[int], targets: list[int]) -> Step:
    """The Step of a chain whose ends hold the same digit, removing it from ``targets``."""
    digit = graph.digit[chain[0] >> 1]
    return Step(
        technique=technique,
        eliminations=tuple((cell, digit) for cell in targets),
        pattern=graph.pattern(chain),
        houses=graph.houses(chain),
        links=graph.links(chain),
        text=ends_text(walk_text(graph, chain), digit, targets),
        groups=graph.groups(chain),
    )


_X_STARTS: dict[int, int] = {}
"""81-bit places of a digit -> the places whose "off" may start an X-Chain there (0: none;
``x_chain_starts``'s closure). An X-Chain lives on one digit, so what it finds depends on that
digit's places alone, and a solve path asks again after every step while most digits' places
stay the same. Bounded; safe to share between threads (a lost race only repeats a search)."""
_NO_X_CHAIN: set[int] = set()
"""81-bit places of a digit where the X-Chain search found nothing though the closure allowed a
chain (one longer than 20 links, or through a cell twice). Bounded, as ``_X_STARTS``."""
_MEMO_SIZE = 8192


def x_chain_starts(places: int) -> int:
    """The places (an 81-bit cell set, within ``places``, a digit's cell set) whose "off" may
    start an X-Chain that removes a candidate; 0 when no X-Chain on the digit can. Decided from
    the transitive closure of the digit's links, without building a chain; remembered per
    ``places`` (``_X_STARTS``).

    Each place a is two nodes, "a is false" (off) and "a is true" (on); a strong link leads from
    one end off to the other on, a weak link from a place on to each place it sees off. An
    X-Chain a ... m removing the digit from c (c sees a and m) is a path from a off to m on and
    a weak link on to c off, and c off also follows from a on directly; so every X-Chain from a
    removes a peer c of a that a off reaches (a chain back to a, making a true, removes a's
    peers). A place is kept when a off reaches a peer's off: a bound, not a promise, as the
    closure also counts chains longer than 20 links or through a cell twice, which the search
    does not make."""
    starts = _X_STARTS.get(places)
    if starts is None:
        seen = {cell: cells_of(PEER_MASK[cell] & places) for cell in cells_of(places)}
        succ: dict[int, list[int]] = {}
        for cell, peers in seen.items():
            succ[2 * cell] = []
            succ[2 * cell + 1] = [2 * peer for peer in peers]
        for _, first, second in strong_links(places):
            succ[2 * first].append(2 * second + 1)
            succ[2 * second].append(2 * first + 1)
        reach = reachable(succ)
        starts = 0
        for cell, peers in seen.items():
            after = reach[2 * cell]
            if any(after >> (2 * peer) & 1 for peer in peers):
                starts |= 1 << cell
        if len(_X_STARTS) >= _MEMO_SIZE:
            _X_STARTS.clear()
        _X_STARTS[places] = starts
    return starts


def xy_chain_starts(grid: Grid) -> int:
    """The candidates (bit ``cell * 9 + digit - 1``) of bivalue cells whose "off" may start an
    XY-Chain that removes a candidate from ``grid``; 0 when no XY-Chain can. Decided, like
    ``x_chain_starts``, from the transitive closure of the chain's links, without building the
    link graph's chains.

    Nodes are the candidates of bivalue cells, each "off" and "on": "k off" leads to the other
    candidate of its cell on, "k on" to the same digit in each bivalue peer off. An XY-Chain
    from s to m (same digit x, different cells) is a path from s off to m on, and removes x from
    the cells holding it that see both; so s is kept when such an m exists. A bound, not a
    promise: the closure also counts chains through a cell twice or longer than 20 links."""
    cands = grid.candidates
    places = digit_places(grid)
    nodes_of: list[list[int]] = [[] for _ in range(10)]  # per digit: its candidates in bivalue cells
    succ: dict[int, list[int]] = {}
    for cell, mask in enumerate(cands):
        if POPCOUNT[mask] == 2:
            low = (mask & -mask).bit_length() - 1
            high = mask.bit_length() - 1
            a, b = cell * 9 + low, cell * 9 + high
            succ[2 * a] = [2 * b + 1]
            succ[2 * b] = [2 * a + 1]
            nodes_of[low + 1].append(a)
            nodes_of[high + 1].append(b)
    for nodes in nodes_of:
        for k in nodes:
            peers = PEER_MASK[k // 9]
            succ[2 * k + 1] = [2 * j for j in nodes if peers >> (j // 9) & 1]
    if not succ:
        return 0
    reach = reachable(succ)
    starts = 0
    for digit, nodes in enumerate(nodes_of):
        for s in nodes:
            after = reach[2 * s]
            around_s = PEER_MASK[s // 9] & places[digit]
            for m in nodes:
                if after >> (2 * m + 1) & 1 and m != s and around_s & PEER_MASK[m // 9]:
                    starts |= 1 << s
                    break
    return starts


def _end_chains(grid: Grid, view: str, technique: str) -> Iterator[Step]:
    """X-Chains (``view`` "x") or XY-Chains ("xy"): from every premise "s is false", the
    candidates m of s's digit that the chain makes true; the digit goes from the cells that
    see both. An X-Chain that comes back to s makes s true (HoDoKu reports it as an X-Chain
    removing the digit from s's peers). Digits whose places are known to have no X-Chain
    (``_NO_X_CHAIN``), or whose links' closure shows none (``x_chain_starts``), are not
    searched; a search that runs to its end records its digits. XY-Chains are searched
    only where ``xy_chain_starts`` allows one. Only the premises those closures keep are
    searched (a premise's implications do not depend on the others', so the steps are those of
    a search from every premise)."""
    searched: list[tuple[int, int, int]] = []
    if view == "x":
        searched = _x_chain_digits(grid)
        if not searched:
            return
        starts = [0] * 10  # per digit: the places whose "off" may start an X-Chain
        for d, _, cells in searched:
            starts[d] = cells
    else:
        bivalue = xy_chain_starts(grid)
        if not bivalue:
            return
    graph = link_graph(grid)
    links = graph.view(view)
    digit, first = graph.digit, graph.first_cell
    if view == "x":
        premises = [
            node << 1
            for node in range(graph.candidate_count)
            if links.strong[node] and starts[digit[node]] & first[node]
        ]
    else:
        premises = [
            node << 1
            for node in range(graph.candidate_count)
            if links.strong[node] and bivalue >> (9 * graph.cells[node][0] + digit[node] - 1) & 1
        ]
    implications = Implications(graph, links, premises)
    found = _end_hits(graph, implications, loops=view == "x")
    found.sort(key=lambda item: item[:2])
    done: set[tuple[int, ...]] = set()
    for _, depth, targets, premise, end in found:
        key = (digit[end >> 1],) + targets
        if key in done:
            continue
        chain = implications.chain(premise, end, depth, premise >> 1 == end >> 1, fifo=False)
        if chain is None:
            continue
        done.add(key)
        yield ends_step(graph, technique, chain, list(targets))
    if searched and not done:
        if len(_NO_X_CHAIN) >= _MEMO_SIZE:
            _NO_X_CHAIN.clear()
        _NO_X_CHAIN.update(places for _, places, _ in searched)


def _x_chain_digits(grid: Grid) -> list[tuple[int, int, int]]:
    """The (digit, 81-bit places, places whose "off" may start a chain) triples of ``grid`` an
    X-Chain search must try: the digits with places, not known to have no X-Chain
    (``_NO_X_CHAIN``), where ``x_chain_starts`` keeps some."""
    places = digit_places(grid)
    return [
        (d, places[d], starts)
        for d in range(1, 10)
        if places[d] and places[d] not in _NO_X_CHAIN and (starts := x_chain_starts(places[d]))
    ]


def _end_hits(
    graph: LinkGraph, implications: Implications, loops: bool
) -> list[tuple[tuple[int, int], int, tuple[int, ...], int, int]]:
    """Run ``implications`` (premises "s is false") to its end and list each chain of 3 links
    or more that makes a candidate m of s's digit true where a cell holding the digit sees
    both ends (with ``loops``, also m = s: the cells seeing s), as (HoDoKu's rank, depth,
    targets, premise, end), ``targets`` being the cells that lose the digit."""
    partners = end_partners(graph, twice=False)
    sees, digit, digit_cells = graph.sees, graph.digit, graph.digit_cells
    found = []
    ranks: dict[tuple[int, ...], tuple[int, int]] = {}
    for depth, layer, _ in implications:
        if depth < 3:
            continue
        for t, mask in layer.items():
            if not t & 1:
                continue
            m = t >> 1
            hits = mask & partners[m]
            if loops:
                hits |= mask & (1 << (m << 1))
            while hits:
                low = hits & -hits
                hits ^= low
                premise = low.bit_length() - 1
                s = premise >> 1
                seen = sees[s] & sees[m] if s != m else sees[s]
                targets = tuple(cells_of(seen & digit_cells[digit[m]]))
                if targets:
                    key = (digit[m],) + targets
                    if key not in ranks:
                        ranks[key] = rank((cell, key[0]) for cell in targets)
                    found.append((ranks[key], depth, targets, premise, t))
    return found


def x_chain(grid: Grid) -> Iterator[Step]:
    """Every X-Chain in ``grid`` (untouched) in HoDoKu's order; one Step per elimination set.

    An X-Chain is an AIC on one digit: strong links (the digit's only two places in a house)
    alternate with weak links (two cells of a house), starting and ending with a strong link,
    so one of its ends holds the digit and every cell that sees both ends loses it. Chains of
    3 to 20 links (HoDoKu's default limit), no cell twice. Source: HoDoKu, "Chains and Loops"
    (hodoku.sourceforge.net/en/tech_chains.php#xc).
    """
    return _end_chains(grid, "x", "X-Chain")


def xy_chain(grid: Grid) -> Iterator[Step]:
    """Every XY-Chain in ``grid`` (untouched) in HoDoKu's order; one Step per elimination set.

    An XY-Chain runs through bivalue cells: each cell's two digits are its strong link, and
    consecutive cells see each other and share the digit that links them. The digit at both
    ends goes from every cell that sees both end cells. Chains of 3 to 20 links (HoDoKu's
    default limit: 10 cells). Source: HoDoKu, "Chains and Loops"
    (hodoku.sourceforge.net/en/tech_chains.php#xyc).
    """
    return _end_chains(grid, "xy", "XY-Chain")


def nice_loop(grid: Grid) -> Iterator[Step]:
    """Every Nice Loop and AIC between candidates in ``grid`` (untouched), in HoDoKu's order.

    Yields "Continuous Nice Loop", "Discontinuous Nice Loop" and "AIC" steps, one per
    elimination set; see ``solver.techniques.loops`` for the rules. Chains of 3
    to 20 links. Source: HoDoKu, "Chains and Loops"
    (hodoku.sourceforge.net/en/tech_chains.php#nl).
    """
    return loops_and_aics(grid, grouped=False)


def grouped_nice_loop(grid: Grid) -> Iterator[Step]:
    """Every Nice Loop and AIC in ``grid`` (untouched) that needs a grouped node, HoDoKu's order.

    Yields "Grouped Continuous Nice Loop", "Grouped Discontinuous Nice Loop" and "Grouped AIC"
    steps. A grouped node is the 2 or 3 cells of one box-line intersection that hold a digit,
    used as one node ("the digit is in one of these cells"). Chains of 3 to 20 links. Source:
    HoDoKu, "Chains and Loops" (hodoku.sourceforge.net/en/tech_chains.php#gnl).
    """
    return loops_and_aics(grid, grouped=True)
