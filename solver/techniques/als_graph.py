"""The chain graph of a position's Almost Locked Sets, for ALS-XY-Chain.

A state is "set A has lost digit d" (numbered ``9 * A + d - 1``): A is then locked and holds
every other digit, among them its RCC y != d with a set B, so B has lost y. One transitive
closure per position (strongly connected components, sinks first, then bit sets of the states
each state reaches) answers every start at once; the chains a step shows are rebuilt by
breadth-first search, shortest first, through distinct sets only. See ``als_sets`` for the
sets and their RCCs.
"""

from __future__ import annotations

from solver.closure import reachable
from solver.grid import BIT, DIGITS_OF, cells_of
from solver.techniques.als_sets import AlsPosition


class ChainGraph:
    """States ``9 * set + digit - 1`` ("the set has lost the digit"), their successors, and
    ``after[s]``: the bit set of states reachable from s by one or more links."""

    __slots__ = ("after", "pred", "states_of", "succ")

    def __init__(self, position: AlsPosition):
        neighbours = position.rccs()[1]
        succ: dict[int, list[int]] = {}
        states_of = [0] * len(position.alses)
        for i, arms in enumerate(neighbours):
            lost = 0
            out = []
            for j, rcc in arms:
                lost |= rcc
                out += [(9 * j + y - 1, y) for y in DIGITS_OF[rcc]]
            for d in DIGITS_OF[lost]:
                state = 9 * i + d - 1
                succ[state] = [target for target, y in out if y != d]
                states_of[i] |= 1 << state
        after = reachable(succ)
        pred: dict[int, list[int]] = {state: [] for state in succ}
        for state, targets in succ.items():
            for target in targets:
                pred[target].append(state)
        self.succ, self.pred, self.after, self.states_of = succ, pred, after, states_of


def targets_index(position: AlsPosition, graph: ChainGraph) -> dict[int, int]:
    """``index[81 * z + cell]``: the states (B, w), w != z, of sets B whose z's all see cell."""
    index: dict[int, int] = {}
    for b, als in enumerate(position.alses):
        states = graph.states_of[b]
        if not states:
            continue
        for z in DIGITS_OF[als.digits]:
            ends = states & ~(1 << (9 * b + z - 1))
            for cell in cells_of(als.reach[z]):
                key = 81 * z + cell
                index[key] = index.get(key, 0) | ends
    return index


def _walk(succ: dict[int, list[int]], sources: list[int], goal: int, banned: set[int]) -> list[int] | None:
    """The shortest state path from one of ``sources`` to ``goal`` of two or more links,
    avoiding the states of the sets in ``banned`` (but for the goal itself)."""
    sources = [state for state in sources if state // 9 not in banned]
    parent: dict[int, int | None] = dict.fromkeys(sources)
    frontier = sources
    depth = 0
    while frontier:
        following = []
        for node in frontier:
            for child in succ[node]:
                if child == goal and depth:
                    path = [child]
                    back: int | None = node
                    while back is not None:
                        path.append(back)
                        back = parent[back]
                    return path[::-1]
                if child not in parent and child // 9 not in banned:
                    parent[child] = node
                    following.append(child)
        frontier = following
        depth += 1
    return None


def _simple_walk(graph: ChainGraph, sources: list[int], goal: int, used: set[int], longest: int) -> list[int] | None:
    """A shortest state path from one of ``sources`` to ``goal`` of two or more links and at
    most ``longest`` states, through distinct sets none of which is in ``used`` (but for the
    goal itself, whose set should be in ``used``).

    Depth-first, pruned by each state's distance to the goal (breadth-first backwards); gives
    up after a hundred states (a longer search rarely finds one).
    """
    distance = {goal: 0}
    frontier = [goal]
    while frontier:
        following = []
        for node in frontier:
            for parent in graph.pred[node]:
                if parent not in distance and parent // 9 not in used:
                    distance[parent] = distance[node] + 1
                    following.append(parent)
        frontier = following

    budget = 100

    def extend(path: list[int], links: int) -> list[int] | None:
        nonlocal budget
        node = path[-1]
        if not links:
            return path if node == goal else None
        budget -= 1
        if budget < 0:
            return None
        for child in graph.succ[node]:
            if links == 1:
                if child == goal:
                    return path + [child]
            elif distance.get(child, links) < links and child // 9 not in used:
                used.add(child // 9)
                found = extend(path + [child], links - 1)
                used.discard(child // 9)
                if found:
                    return found
        return None

    for states in range(3, longest + 1):
        for source in sources:
            if source // 9 not in used and distance.get(source, states) < states:
                used.add(source // 9)
                found = extend([source], states - 1)
                used.discard(source // 9)
                if found:
                    return found
    return None


class _Tree:
    """A breadth-first tree of chains of distinct sets from the states after one start (first
    set, first RCC), grown only as far as the goals asked for need."""

    __slots__ = ("depth", "next", "on_path", "parent", "queue", "succ")

    def __init__(self, succ: dict[int, list[int]], start: int, sources: list[int]):
        self.succ = succ
        self.parent: dict[int, int | None] = dict.fromkeys(sources)
        self.depth = dict.fromkeys(sources, 0)
        # the bit set of the sets on each state's path: a state joins only once per chain
        self.on_path = {source: 1 << start | 1 << source // 9 for source in sources}
        self.queue = list(sources)
        self.next = 0  # queue[next:] is not expanded yet

    def path(self, goal: int) -> list[int] | None:
        """The tree's path to ``goal`` if the goal is two or more links from a source."""
        parent, depth, on_path, queue = self.parent, self.depth, self.on_path, self.queue
        while goal not in parent and self.next < len(queue):
            node = queue[self.next]
            self.next += 1
            sets, below = on_path[node], depth[node] + 1
            for child in self.succ[node]:
                if child not in parent and not sets >> child // 9 & 1:
                    parent[child] = node
                    depth[child] = below
                    on_path[child] = sets | 1 << child // 9
                    queue.append(child)
        if depth.get(goal, 0) < 2:
            return None
        path = [goal]
        while (up := parent[path[-1]]) is not None:
            path.append(up)
        return path[::-1]


class Rebuilder:
    """Rebuilds the chains the finder yields: one tree per start, shared by every step that
    starts there."""

    def __init__(self, position: AlsPosition, graph: ChainGraph):
        self.position, self.graph = position, graph
        self.trees: dict[int, _Tree] = {}

    def sources(self, a: int, x: int) -> list[int]:
        """The states right after set ``a`` through an RCC on ``x``."""
        return [9 * b + x - 1 for b, rcc in self.position.rccs()[1][a] if BIT[x] & rcc]

    def path(self, a: int, x: int, goal: int) -> list[int] | None:
        """The states of a shortest chain of distinct sets from set ``a`` through ``x`` to
        ``goal`` (two or more links after ``a``'s first), or None."""
        tree = self.trees.get(10 * a + x)
        if tree is None:
            tree = self.trees[10 * a + x] = _Tree(self.graph.succ, a, self.sources(a, x))
        found = tree.path(goal)
        if found is None:
            # the goal is a source or next to one, or only a longer chain avoids a repeated set
            sources = self.sources(a, x)
            found = _walk(self.graph.succ, sources, goal, {a, goal // 9})
            if found and len({state // 9 for state in found} | {a}) <= len(found):
                found = _simple_walk(self.graph, sources, goal, {a, goal // 9}, len(found) + 3)
        return found
