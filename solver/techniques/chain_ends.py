"""Chains whose two ends hold one digit: which premise a chain must start from to remove
something at a given end, and the sentence that concludes it.

Shared by the X-Chains and XY-Chains of ``solver.techniques.chains`` and the AICs of
``solver.techniques.loops``. A premise bit is ``1 << state`` for the premise ``state`` (see
``solver.techniques.links`` for node, state and premise); the tables are cached on the graph.
"""

from __future__ import annotations

from solver.grid import HOUSES_OF, cell_name
from solver.techniques.links import LinkGraph
from solver.techniques.wording import and_list


def peer_premises(graph: LinkGraph) -> list[int]:
    """Per candidate node: the premise bits ``1 << 2s`` (s false) of the candidates s of the
    same digit in the cells it sees (cached on the graph)."""
    if "peer_premises" not in graph.memo:
        digit, cells = graph.digit, graph.cells
        houses = [HOUSES_OF[cells[x][0]] for x in range(graph.candidate_count)]
        in_house = [0] * 270  # house * 10 + digit -> the premise bits of its candidates
        for x, (row, column, box) in enumerate(houses):
            bit, d = 1 << (x << 1), digit[x]
            in_house[row * 10 + d] |= bit
            in_house[column * 10 + d] |= bit
            in_house[box * 10 + d] |= bit
        graph.memo["peer_premises"] = [
            (in_house[row * 10 + digit[x]] | in_house[column * 10 + digit[x]] | in_house[box * 10 + digit[x]])
            & ~(1 << (x << 1))
            for x, (row, column, box) in enumerate(houses)
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
        count, weak, cells, cell_nodes = graph.candidate_count, graph.weak, graph.cells, graph.cell_nodes
        partners = []
        for m in range(count):
            once = more = 0
            # m's weak links: its cell's other digits, then its digit's other candidates in
            # the cells it sees, then grouped nodes (LinkGraph's order)
            for t in weak[m][len(cell_nodes[cells[m][0]]) - 1 :]:
                if t >= count:
                    break
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
