"""Transitive closure of a small directed graph, as bit sets: what each node reaches.

Used where every start of an implication graph must be answered at once: the static links of
Sudoku Explainer's chains (``solver.se.static``), X-Chains (``solver.techniques.chains``) and
the link graph's states (``solver.techniques.link_closure``, ``solver.techniques.loops``, and
HoDoKu's tables in ``solver.techniques.forcing_tables``). A node's reach is an int
with bit n set for each node n it reaches, so a whole graph costs one pass over its links
after Tarjan's strongly connected components (sinks first, so every link leaves for a component
already done). The search runs on node positions 0..n-1 in lists (a graph whose nodes are
already those, ``reachable_dense``, skips the translation; lists take 0.7x the time of dicts).
``Closure`` keeps one graph's parts once computed: a link view's closure is read by the loop
search and then the Forcing Chains' tables at the same position (``View.closure``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def _components(succ: Sequence[Sequence[int]]) -> list[list[int]]:
    """Strongly connected components of the graph on nodes 0..len(succ)-1 (Tarjan, iterative),
    sinks first."""
    count = len(succ)
    index = [-1] * count
    low = [0] * count
    on_stack = [False] * count
    stack: list[int] = []
    found: list[list[int]] = []
    visited = 0
    for root in range(count):
        if index[root] >= 0:
            continue
        index[root] = low[root] = visited
        visited += 1
        stack.append(root)
        on_stack[root] = True
        work = [(root, iter(succ[root]))]
        while work:
            node, children = work[-1]
            for child in children:
                if index[child] < 0:
                    index[child] = low[child] = visited
                    visited += 1
                    stack.append(child)
                    on_stack[child] = True
                    work.append((child, iter(succ[child])))
                    break
                if on_stack[child] and index[child] < low[node]:
                    low[node] = index[child]
            else:
                work.pop()
                if work and low[node] < low[work[-1][0]]:
                    low[work[-1][0]] = low[node]
                if low[node] == index[node]:
                    member = stack.pop()
                    on_stack[member] = False
                    component = [member]
                    while member != node:
                        member = stack.pop()
                        on_stack[member] = False
                        component.append(member)
                    found.append(component)
    return found


def _dense(succ: Mapping[int, Sequence[int]]) -> tuple[list[int], list[list[int]]]:
    """(the nodes of ``succ`` in its order, its links between their positions in that list)."""
    nodes = list(succ)
    position = {node: i for i, node in enumerate(nodes)}
    return nodes, [[position[target] for target in succ[node]] for node in nodes]


def components(succ: Mapping[int, Sequence[int]]) -> list[list[int]]:
    """Strongly connected components of a graph (Tarjan, iterative), sinks first.

    ``succ`` maps every node to the nodes its links lead to (each of them a key too)."""
    nodes, links = _dense(succ)
    return [[nodes[i] for i in component] for component in _components(links)]


def _close(
    succ: Sequence[Sequence[int]],
    bits: Sequence[int],
    weight: Sequence[int] | None,
    order: Sequence[list[int]] | None = None,
) -> tuple[list[int], list[int], list[int]]:
    """Per node position: (the bits, ``bits[i]`` for node i, of the nodes it reaches by one or
    more links; the union of ``weight`` over it and all it reaches, or [] without ``weight``;
    the number of its strongly connected component in ``order``). ``order``: the graph's
    strongly connected components, each link leaving for one earlier in it (None: Tarjan's,
    sinks first)."""
    after = [0] * len(succ)
    unions = [0] * len(succ) if weight is not None else []
    number = [0] * len(succ)
    for k, component in enumerate(_components(succ) if order is None else order):
        reach = union = 0
        if len(component) == 1:
            node = component[0]
            number[node] = k
            for target in succ[node]:
                if target != node:
                    reach |= bits[target] | after[target]
            after[node] = reach
            if weight is not None:
                union = weight[node]
                for target in succ[node]:
                    union |= unions[target]
                unions[node] = union
            continue
        members = set(component)
        for node in component:
            reach |= bits[node]  # round the cycle back to itself
            for target in succ[node]:
                if target not in members:
                    reach |= bits[target] | after[target]
            if weight is not None:
                union |= weight[node]
                for target in succ[node]:
                    if target not in members:
                        union |= unions[target]
        for node in component:
            after[node] = reach
            number[node] = k
            if weight is not None:
                unions[node] = union
    return after, unions, number


def reachable_dense(succ: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """``reachable`` of a graph whose nodes are 0..len(succ)-1 (``succ[n]``: where node n's
    links lead), as lists: (node -> the bit set of the nodes it reaches, node -> the number of
    its strongly connected component; two nodes lie on a common cycle exactly when their
    numbers are equal)."""
    closure = Closure(succ)
    return closure.forward(), closure.number()


def reachable_both(succ: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """``reachable_dense`` of a graph and of its reverse: (node -> the bit set of the nodes it
    reaches, node -> the bit set of the nodes that reach it), each by one or more links."""
    closure = Closure(succ)
    return closure.forward(), closure.backward()


class Closure:
    """The closure of one graph on nodes 0..len(succ)-1 (``succ[n]``: where node n's links
    lead), each part computed on first use and kept: a graph whose closure several techniques
    read (the grouped link view: the Grouped Nice Loop search, then the Forcing Chains' tables,
    at the same position) is closed once. ``succ`` must not change after. Safe to share between
    threads (a lost race only repeats the work)."""

    __slots__ = ("_backward", "_components", "_forward", "_number", "succ")

    def __init__(self, succ: Sequence[Sequence[int]]):
        self.succ = succ
        self._components: list[list[int]] | None = None
        self._forward: list[int] | None = None
        self._number: list[int] | None = None
        self._backward: list[int] | None = None

    def _order(self) -> list[list[int]]:
        if self._components is None:
            self._components = _components(self.succ)
        return self._components

    def forward(self) -> list[int]:
        """Node -> the bit set of the nodes it reaches by one or more links."""
        if self._forward is None:
            bits = [1 << node for node in range(len(self.succ))]
            self._forward, _, self._number = _close(self.succ, bits, None, self._order())
        return self._forward

    def number(self) -> list[int]:
        """Node -> the number of its strongly connected component (sinks first); two nodes lie
        on a common cycle exactly when their numbers are equal."""
        if self._number is None:
            self.forward()
        assert self._number is not None
        return self._number

    def backward(self) -> list[int]:
        """Node -> the bit set of the nodes that reach it by one or more links. The reverse
        graph has the same strongly connected components in the opposite order (its sinks are
        the graph's sources), so Tarjan's pass serves both."""
        if self._backward is None:
            succ = self.succ
            sources: list[list[int]] = [[] for _ in succ]
            for node, targets in enumerate(succ):
                for target in targets:
                    sources[target].append(node)
            bits = [1 << node for node in range(len(succ))]
            self._backward = _close(sources, bits, None, self._order()[::-1])[0]
        return self._backward


def reachable(succ: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """Node -> the bit set of the nodes it reaches by one or more links (itself only through a
    cycle of two or more nodes). ``succ`` as for ``components``."""
    nodes, links = _dense(succ)
    after = _close(links, [1 << node for node in nodes], None)[0]
    return dict(zip(nodes, after))


def reachable_with_union(
    succ: Mapping[int, Sequence[int]], weight: Mapping[int, int]
) -> tuple[dict[int, int], dict[int, int]]:
    """``reachable(succ)`` and, per node, the union of ``weight`` (an int bit set per node) over
    the node itself and every node it reaches: (node -> reach, node -> union), in the same one
    pass over the components. ``weight`` has every node of ``succ``."""
    nodes, links = _dense(succ)
    after, unions, _ = _close(links, [1 << node for node in nodes], [weight[node] for node in nodes])
    return dict(zip(nodes, after)), dict(zip(nodes, unions))
