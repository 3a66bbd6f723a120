"""ALS-XY-Chain (re-exported by ``solver.techniques.als``).

After HoDoKu's "Almost Locked Sets" page (hodoku.sourceforge.net/en/tech_als.php): sets A1,
A2, ..., An (n >= 4), each with an RCC to the next, two RCCs in a row never the same digit. If
A1 has no z it is locked and holds its RCC x1; then A2 cannot hold x1 and holds x2, and so on
until An holds z. So a digit z of A1 and An (other than the end RCCs) is in one of them.

The chains are HoDoKu 2.2's (``als_graph``: its sets in its order, forward only, its adjacency
rule for doubly linked pairs), so the steps are the ones its solver finds; it sorts them by
``hodoku_order.rank`` of their eliminations (its AlsComparator: most eliminations, then the
lowest weighted index sum) and takes the first. A step shows a shortest chain found for its
eliminations.
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.grid import BIT, DIGITS_OF, Grid, cells_of
from solver.step import Step
from solver.techniques.als_graph import ChainGraph
from solver.techniques.als_sets import (
    LETTERS,
    AlsPosition,
    RemovalKey,
    als_houses,
    als_position,
    candidates_in,
    digits_text,
    eliminations_of_key,
    groups_text,
    likewise,
    removals_text,
)
from solver.techniques.hodoku_order import rank
from solver.techniques.wording import or_list

ChainEnds = tuple[int, int, int]  # (first set, its first node, last node)


def als_xy_chain(grid: Grid) -> Iterator[Step]:
    """Every ALS-XY-Chain HoDoKu's solver finds in ``grid`` (untouched): four or more ALS, each
    after the one before in its list of sets and sharing no cell with it, linked by RCCs by its
    adjacency rule; a digit z of the first and last set, other than the first and last RCCs,
    goes from the cells outside those two that see all their z's.

    One step per set of eliminations, in HoDoKu's order (most eliminations, then the lowest
    weighted index sum). ``Step.links`` holds the chain: strong links inside each set, weak
    links across the RCCs. Source: HoDoKu, "ALS-XY-Chain" (hodoku.sourceforge.net/en/tech_als.php).
    """
    position = als_position(grid)
    alses = position.alses
    graph = position.derived.get("chain")
    if not isinstance(graph, ChainGraph):
        graph = position.derived["chain"] = ChainGraph(position)
    succ, after, set_of, mask = graph.succ, graph.after, graph.set_of, graph.mask
    index = _targets_index(position, graph)
    found: dict[RemovalKey, list[ChainEnds]] = {}
    three_links: dict[int, int] = {}  # first node -> the nodes two or more links after it
    done: set[tuple[int, int, int]] = set()
    for a, start in enumerate(alses):
        if not graph.starts[a]:
            continue
        ends_by_z = []
        for z in DIGITS_OF[start.targeted]:
            ends = 0
            for cell in cells_of(start.reach[z]):
                ends |= index.get(81 * z + cell, 0)
            if ends:
                ends_by_z.append((z, ends))
        if not ends_by_z:
            continue
        for x, first in graph.starts[a]:
            reach = three_links.get(first)
            if reach is None:
                reach = 0
                for second in succ[first]:
                    reach |= after[second]
                three_links[first] = reach
            hits = 0
            for z, ends in ends_by_z:
                if z != x:
                    hits |= ends
            hits &= reach
            while hits:
                last = (hits & -hits).bit_length() - 1
                hits ^= 1 << last
                finish = alses[set_of[last]]
                # the eliminations depend only on which common digits x and the last RCCs exclude
                excluded = (BIT[x] | mask[last]) & start.digits & finish.digits
                if (a, set_of[last], excluded) in done:
                    continue
                done.add((a, set_of[last], excluded))
                key = tuple(
                    (z, start.reach[z] & finish.reach[z])
                    for z in DIGITS_OF[start.digits & finish.digits & ~excluded]
                    if start.reach[z] & finish.reach[z]
                )
                if key:
                    ends_found = found.setdefault(key, [])
                    if len(ends_found) < 4:
                        ends_found.append((a, first, last))
    order = sorted(found, key=lambda key: rank(eliminations_of_key(key)))  # stable: ties as found
    for key in order:
        yield _chain_step(position, graph, key, found[key])


def _targets_index(position: AlsPosition, graph: ChainGraph) -> dict[int, int]:
    """``index[81 * z + cell]``: the nodes (B, m), z not in m, of sets B whose z's all see cell."""
    index: dict[int, int] = {}
    for b, als in enumerate(position.alses):
        nodes = graph.nodes_of[b]
        if not nodes:
            continue
        for z in DIGITS_OF[als.targeted]:
            ends = 0
            for n in cells_of(nodes):  # node numbers, read as bit positions
                if not graph.mask[n] & BIT[z]:
                    ends |= 1 << n
            if not ends:
                continue
            for cell in cells_of(als.reach[z]):
                key = 81 * z + cell
                index[key] = index.get(key, 0) | ends
    return index


def _chain_step(position: AlsPosition, graph: ChainGraph, key: RemovalKey, ends: list[ChainEnds]) -> Step:
    """The Step for the shortest chain (then fewest cells) among ``ends`` (first set, first
    node, last node); ``key`` is the eliminations as (digit, cell mask) pairs. A middle set may
    hold an eliminated candidate (the chain is sound all the same); it is left out of the
    pattern."""
    eliminations = eliminations_of_key(key)
    alses = position.alses
    best = None
    for a, first, last in ends:
        path = graph.path(first, last)
        assert path is not None  # ``last`` is two or more links after ``first``
        cells = sum(len(alses[graph.set_of[n]].cells) for n in path)
        if best is None or (len(path), cells) < best[:2]:
            best = (len(path), cells, a, path)
    assert best is not None
    _, _, start, path = best
    chain = [alses[start]] + [alses[graph.set_of[n]] for n in path]
    rccs = [graph.mask[n] for n in path]  # the RCC digits of each link (one, or both of a pair)
    removed = sorted({d for _, d in eliminations})
    z = removed[0]  # the chain is told, and drawn, for the first digit; the others alike
    links = []
    for k, als in enumerate(chain):
        enter = BIT[z] if k == 0 else rccs[k - 1]
        leave = BIT[z] if k == len(chain) - 1 else rccs[k]
        links.append((als.node(DIGITS_OF[enter][0]), als.node(DIGITS_OF[leave][0]), True))
        if k < len(rccs):
            links += [(als.node(d), chain[k + 1].node(d), False) for d in DIGITS_OF[leave]]
    pattern: set[tuple[int, int]] = set()
    for k, als in enumerate(chain):
        digits = (rccs[k - 1] if k else 0) | (rccs[k] if k < len(rccs) else 0)
        if k in (0, len(chain) - 1):
            digits |= sum(BIT[d] for d in removed) & als.digits
        pattern.update(candidates_in(als, digits))
    pattern.difference_update(eliminations)
    names = [LETTERS[k % 26] for k in range(len(chain))]
    steps = [f"If A held no {z}, it would hold {digits_text(rccs[0])}"]
    for k in range(1, len(chain)):
        holds = digits_text(rccs[k]) if k < len(rccs) else str(z)
        steps.append(f"{names[k]} could not hold {digits_text(rccs[k - 1], or_list)} and would hold {holds}")
    text = (
        f"{groups_text(chain)}. {'; then '.join(steps)}. So A or {names[-1]} holds {z}"
        f"{likewise(removed[1:])}: {removals_text(eliminations)}."
    )
    return Step(
        technique="ALS-XY-Chain",
        eliminations=eliminations,
        pattern=tuple(sorted(pattern)),
        houses=als_houses(*chain),
        links=tuple(links),
        text=text,
        groups=tuple(als.candidates() for als in chain),
    )
