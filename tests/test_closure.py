"""Transitive closure as bit sets (solver.closure), on a graph small enough to check by hand."""

from __future__ import annotations

from solver.closure import components, reachable

# 0 -> 1 -> 2 -> 1 (a cycle of two), 2 -> 3; 4 alone; 5 -> 0
GRAPH = {0: [1], 1: [2], 2: [1, 3], 3: [], 4: [], 5: [0]}


def test_components_come_sinks_first():
    found = components(GRAPH)
    assert sorted(map(sorted, found)) == [[0], [1, 2], [3], [4], [5]]
    order = {node: i for i, component in enumerate(found) for node in component}
    for node, targets in GRAPH.items():
        for target in targets:
            assert order[target] <= order[node], (node, target)


def test_reach_by_one_or_more_links():
    bits = lambda *nodes: sum(1 << n for n in nodes)  # noqa: E731
    assert reachable(GRAPH) == {
        0: bits(1, 2, 3),
        1: bits(1, 2, 3),  # round the cycle back to itself
        2: bits(1, 2, 3),
        3: 0,
        4: 0,
        5: bits(0, 1, 2, 3),
    }
