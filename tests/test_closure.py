"""Transitive closure as bit sets (solver.closure), on a graph small enough to check by hand."""

from __future__ import annotations

import random

from solver.closure import components, reachable, reachable_both, reachable_dense, reachable_with_union

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


def test_union_over_the_node_and_all_it_reaches():
    weight = {node: 1 << (10 + node) for node in GRAPH}  # each node its own bit, apart from reach's
    reach, union = reachable_with_union(GRAPH, weight)
    assert reach == reachable(GRAPH)
    for node in GRAPH:
        expected = weight[node]
        for other in GRAPH:
            if reach[node] >> other & 1:
                expected |= weight[other]
        assert union[node] == expected, node
    assert union[4] == 1 << 14  # alone: its own weight only
    assert union[5] == sum(1 << (10 + n) for n in (0, 1, 2, 3, 5))


def test_dense_graphs_give_the_same_reach_and_number_their_cycles():
    dense = [GRAPH[node] for node in range(len(GRAPH))]  # nodes 0..5 already
    reach, component = reachable_dense(dense)
    assert reach == [reachable(GRAPH)[node] for node in range(len(GRAPH))]
    assert component[1] == component[2]  # the cycle
    assert len({component[node] for node in (0, 1, 3, 4, 5)}) == 5  # every other node alone


def test_both_directions_from_one_pass():
    dense = [GRAPH[node] for node in range(len(GRAPH))]
    forward, backward = reachable_both(dense)
    assert forward == reachable_dense(dense)[0]
    bits = lambda *nodes: sum(1 << n for n in nodes)  # noqa: E731
    # who reaches each node: 5 -> 0 -> 1 <-> 2 -> 3
    assert backward == [bits(5), bits(0, 1, 2, 5), bits(0, 1, 2, 5), bits(0, 1, 2, 5), 0, 0]


def test_the_reverse_closure_is_the_transpose_on_random_graphs():
    rng = random.Random(7)
    for size in (1, 5, 30, 80):
        for density in (0.02, 0.1, 0.3):
            succ = [[t for t in range(size) if rng.random() < density] for _ in range(size)]
            forward, backward = reachable_both(succ)
            assert forward == reachable_dense(succ)[0]
            for s in range(size):
                for t in range(size):
                    assert backward[t] >> s & 1 == forward[s] >> t & 1, (size, density, s, t)


def test_a_closure_computes_each_part_once_in_any_order(monkeypatch):
    import solver.closure as closure_module

    dense = [GRAPH[node] for node in range(len(GRAPH))]
    passes = []
    tarjan = closure_module._components
    monkeypatch.setattr(closure_module, "_components", lambda succ: passes.append(1) or tarjan(succ))
    closure = closure_module.Closure(dense)
    backward = closure.backward()  # before the forward reach: the components serve both
    assert closure.forward() is closure.forward()
    assert (closure.forward(), backward) == reachable_both(dense)
    assert closure.number() == reachable_dense(dense)[1]
    assert closure.backward() is backward
    assert len(passes) == 1 + 2  # this closure's one Tarjan pass, then one each for the two checks
