"""ALS-XY-Chain (re-exported by ``solver.techniques.als``).

After HoDoKu's "Almost Locked Sets" page (hodoku.sourceforge.net/en/tech_als.php): sets A1,
A2, ..., An (n >= 4), each with an RCC to the next, two RCCs in a row never the same digit. If
A1 has no z it is locked and holds its RCC x1; then A2 cannot hold x1 and holds x2, and so on
until An holds z. So a digit z of A1 and An (other than the end RCCs) is in one of them.

The search runs on ``als_graph``'s closure, so chains may be of any length and run in any
direction (HoDoKu only follows its list of sets forward, so it finds a subset of these); a
step shows the shortest chain of distinct sets found for its eliminations.
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.grid import BIT, DIGITS_OF, Grid, cells_of
from solver.step import Step
from solver.techniques.als_graph import ChainGraph, Rebuilder, targets_index
from solver.techniques.als_sets import (
    LETTERS,
    AlsPosition,
    RemovalKey,
    als_houses,
    als_position,
    candidates_in,
    eliminations_of_key,
    groups_text,
    likewise,
    removal_count,
    removals_text,
)

ChainStart = tuple[int, int, int]  # (first set, its first RCC, last state)


def als_xy_chain(grid: Grid) -> Iterator[Step]:
    """Every ALS-XY-Chain in ``grid`` (untouched): four or more ALS without common cells
    between neighbours, linked by RCCs, no two links in a row on the same digit; a digit z of
    the first and last set, other than the first and last RCC, goes from the cells that see
    all z's of both.

    One step per set of eliminations (the shortest chain of distinct sets found for it):
    first those whose end sets share no cell (HoDoKu allows ends that share cells; a person
    reads two groups more easily), then by most eliminations. ``Step.links`` holds the chain:
    strong links inside each set, weak links across the RCCs. Source: HoDoKu, "ALS-XY-Chain"
    (hodoku.sourceforge.net/en/tech_als.php).
    """
    position = als_position(grid)
    alses = position.alses
    graph = position.derived.get("chain")
    if not isinstance(graph, ChainGraph):
        graph = position.derived["chain"] = ChainGraph(position)
    succ, after, states_of = graph.succ, graph.after, graph.states_of
    index = targets_index(position, graph)
    neighbours = position.rccs()[1]
    size = len(alses)
    found: dict[RemovalKey, tuple[list[ChainStart], list[ChainStart]]] = {}  # key -> starts (ends sharing cells, apart)
    two_links: dict[int, int] = {}
    done: set[int] = set()
    for a, start in enumerate(alses):
        ends_by_z = []
        for z in DIGITS_OF[start.digits]:
            ends = 0
            for cell in cells_of(start.reach[z]):
                ends |= index.get(81 * z + cell, 0)
            if ends & ~states_of[a]:
                ends_by_z.append((z, ends & ~states_of[a]))
        if not ends_by_z:
            continue
        # the states two or more links after A's first RCC, by its digit x
        reach_by_x: dict[int, int] = {}
        for b, rcc in neighbours[a]:
            for x in DIGITS_OF[rcc]:
                first = 9 * b + x - 1
                reach = two_links.get(first)
                if reach is None:
                    reach = 0
                    for state in succ[first]:
                        reach |= after[state]
                    two_links[first] = reach
                reach_by_x[x] = reach_by_x.get(x, 0) | reach
        for x, reach in reach_by_x.items():
            hits = 0
            for z, mask in ends_by_z:
                if z != x:
                    hits |= mask
            hits &= reach
            while hits:
                end = ((hits & -hits).bit_length() - 1) // 9
                lasts = hits >> (9 * end) & 0x1FF
                hits &= ~(0x1FF << (9 * end))
                finish = alses[end]
                apart = not finish.mask & start.mask
                pair = a * size + end
                for last in DIGITS_OF[lasts]:
                    # the eliminations depend only on which common digits x and last exclude
                    excluded = (BIT[x] | BIT[last]) & start.digits & finish.digits
                    if pair * 512 + excluded in done:
                        continue
                    done.add(pair * 512 + excluded)
                    key = tuple(
                        (z, start.reach[z] & finish.reach[z])
                        for z in DIGITS_OF[start.digits & finish.digits & ~excluded]
                        if start.reach[z] & finish.reach[z]
                    )
                    if key:
                        starts = found.setdefault(key, ([], []))[apart]
                        if len(starts) < 4:
                            starts.append((a, x, 9 * end + last - 1))
    # chains whose end sets share no cell first, then the others; most eliminations first
    order = sorted(found, key=lambda key: -removal_count(key))
    later: list[RemovalKey] = []
    rebuild = Rebuilder(position, graph)
    for apart in (True, False):
        for key in order if apart else later:  # later is in the same order
            starts = found[key][apart]
            step = _chain_step(position, rebuild, key, starts) if starts else None
            if step is not None:
                yield step
            elif apart:
                later.append(key)


def _chain_step(position: AlsPosition, rebuild: Rebuilder, key: RemovalKey, starts: list[ChainStart]) -> Step | None:
    """The Step for the shortest chain of distinct sets (then fewest cells) among ``starts``
    (first set, its first RCC, last state), or None if there is none. ``key`` is the
    eliminations as (digit, cell mask) pairs. A middle set may hold an eliminated candidate
    (the chain is sound all the same); it is left out of the pattern."""
    eliminations = eliminations_of_key(key)
    alses = position.alses
    best = None
    for a, x, goal in starts[:4]:
        path = rebuild.path(a, x, goal)
        if path is not None:
            cells = sum(len(alses[state // 9].cells) for state in path)
            if best is None or (len(path), cells) < best[:2]:
                best = (len(path), cells, a, path)
    if best is None:
        return None  # only walks that pass a set twice: not a chain of distinct sets
    _, _, first, path = best
    chain = [alses[first]] + [alses[state // 9] for state in path]
    rccs = [state % 9 + 1 for state in path]
    removed = sorted({d for _, d in eliminations})
    z = removed[0]  # the chain is told, and drawn, for the first digit; the others alike
    links = []
    for k, als in enumerate(chain):
        enter = z if k == 0 else rccs[k - 1]
        leave = z if k == len(chain) - 1 else rccs[k]
        links.append((als.node(enter), als.node(leave), True))
        if k < len(rccs):
            links.append((als.node(leave), chain[k + 1].node(leave), False))
    pattern: set[tuple[int, int]] = set()
    for k, als in enumerate(chain):
        digits = (BIT[rccs[k - 1]] if k else 0) | (BIT[rccs[k]] if k < len(rccs) else 0)
        if k in (0, len(chain) - 1):
            digits |= sum(BIT[d] for d in removed) & als.digits
        pattern.update(candidates_in(als, digits))
    pattern.difference_update(eliminations)
    names = [LETTERS[k % 26] for k in range(len(chain))]
    steps = [f"If A held no {z}, it would hold {rccs[0]}"]
    for k in range(1, len(chain)):
        holds = rccs[k] if k < len(rccs) else z
        steps.append(f"{names[k]} could not hold {rccs[k - 1]} and would hold {holds}")
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
