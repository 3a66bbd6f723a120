"""Transitive closure of a small directed graph, as bit sets: what each node reaches.

Used where every start of an implication graph must be answered at once: the static links of
Sudoku Explainer's chains (``solver.se.static.static_reach``) and the chain graph of Almost
Locked Sets (``solver.techniques.als_graph``). Nodes are non-negative ints; a node's reach is an
int with bit n set for each node n it reaches, so a whole graph costs one pass over its links
after Tarjan's strongly connected components (sinks first, so every link leaves for a component
already done).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def components(succ: Mapping[int, Sequence[int]]) -> list[list[int]]:
    """Strongly connected components of a graph (Tarjan, iterative), sinks first.

    ``succ`` maps every node to the nodes its links lead to (each of them a key too)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    found: list[list[int]] = []
    for root in succ:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(succ[root]))]
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(succ[child])))
                    break
                if child in on_stack and index[child] < low[node]:
                    low[node] = index[child]
            else:
                work.pop()
                if work and low[node] < low[work[-1][0]]:
                    low[work[-1][0]] = low[node]
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    found.append(component)
    return found


def reachable(succ: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """Node -> the bit set of the nodes it reaches by one or more links (itself only through a
    cycle of two or more nodes). ``succ`` as for ``components``."""
    after: dict[int, int] = {}
    for component in components(succ):
        members = set(component)
        reach = 0
        for node in component:
            for target in succ[node]:
                if target not in members:
                    reach |= (1 << target) | after[target]
        if len(component) > 1:
            for node in component:
                reach |= 1 << node
        for node in component:
            after[node] = reach
    return after


def reachable_with_union(
    succ: Mapping[int, Sequence[int]], weight: Mapping[int, int]
) -> tuple[dict[int, int], dict[int, int]]:
    """``reachable(succ)`` and, per node, the union of ``weight`` (an int bit set per node) over
    the node itself and every node it reaches: (node -> reach, node -> union), in the same one
    pass over the components. ``weight`` has every node of ``succ``."""
    after: dict[int, int] = {}
    unions: dict[int, int] = {}
    for component in components(succ):
        members = set(component)
        reach = union = 0
        for node in component:
            union |= weight[node]
            for target in succ[node]:
                if target not in members:
                    reach |= (1 << target) | after[target]
                    union |= unions[target]
        if len(component) > 1:
            for node in component:
                reach |= 1 << node
        for node in component:
            after[node] = reach
            unions[node] = union
    return after, unions
