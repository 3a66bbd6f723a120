"""Chains whose two ends hold one digit: which premise a chain must start from to remove
something at a given end, and the sentence that concludes it.

Shared by the X-Chains and XY-Chains of ``solver.techniques.chains`` and the AICs of
``solver.techniques.loops``. A premise bit is ``1 << state`` for the premise ``state`` (see
``solver.techniques.links`` for node, state and premise); the tables are cached on the graph.
"""

from __future__ import annotations

from solver.grid import cell_name
from solver.techniques.links import LinkGraph
from solver.techniques.wording import and_list


def peer_premises(graph: LinkGraph) -> list[int]:
    """Per candidate node: the premise bits ``1 << 2s`` (s false) of the candidates s of the
    same digit in the cells it sees (cached on the graph)."""
    if "peer_premises" not in graph.memo:
        digit, count = graph.digit, graph.candidate_count
        graph.memo["peer_premises"] = [
            sum(1 << (y << 1) for y in graph.weak[x] if y < count and digit[y] == digit[x]) for x in range(count)
        ]
    return graph.memo["peer_premises"]


def end_partners(graph: LinkGraph, twice: bool) -> list[int]:
    """Per candidate node m: the premise bits of the candidates s of its digit such that some
    other cell with that digit sees both s and m (``twice``: at least two such cells).

    A chain from premise "s is false" that makes m true removes the digit from those cells.
    Cached on the graph.
    """
    key = ("end_partners", twice)
    if key not in graph.memo:
        seen_by = peer_premises(graph)
        digit, count = graph.digit, graph.candidate_count
        partners = []
        for m in range(count):
            once = more = 0
            for t in graph.weak[m]:
                if t < count and digit[t] == digit[m]:
                    more |= once & seen_by[t]
                    once |= seen_by[t]
            partners.append((more if twice else once) & ~(1 << (m << 1)))
        graph.memo[key] = partners
    return graph.memo[key]


def ends_text(walk: str, digit: int, targets: list[int]) -> str:
    """The sentence of a chain whose two ends hold ``digit``: the walk, then the conclusion."""
    verb = "sees" if len(targets) == 1 else "see"
    names = and_list(cell_name(c) for c in targets)
    return f"{walk}: either way {names}, which {verb} both ends, can't be {digit}."
