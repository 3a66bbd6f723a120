"""The chain graph of a position's Almost Locked Sets, for ALS-XY-Chain, as HoDoKu searches it.

HoDoKu 2.2's solver (read in its AlsSolver and RestrictedCommon for the rules only) lists the
RCCs of two sets only from a set to sets after it in its list ("forward only", its default when
solving), so its chains visit the sets in increasing order, and the graph is acyclic. A node is
"set j entered through the RCC digits m" (its *actual* RCCs: one digit, or both digits of a
doubly linked pair), numbered densely; ``mask[n]`` is m. Leaving j through a pair with RCCs
c1 < c2 HoDoKu's adjacency rule compares them with one digit e of m, its lowest (for a pair
entered through both digits HoDoKu compares its first RCC only):

  one RCC c1:   none if c1 = e, else c1;
  two, c1, c2:  c1 if e = c2, c2 if e = c1, else both.

A chain starts at a set through one RCC digit x of its first pair (a doubly linked first pair
is tried through each digit), so the first node is (j, {x}). ``after[n]`` is the bit set of the
nodes reachable from node n by one or more links (one pass, sets last to first).
"""

from __future__ import annotations

from solver.grid import BIT, DIGITS_OF
from solver.techniques.als_sets import AlsPosition


class ChainGraph:
    """Nodes (set, actual RCC digits), their successors and the nodes each reaches.

    Fields:
        set_of, mask: per node, its set (index into the position's sets) and digit mask.
        succ: per node, the nodes one link on; after: per node, the bit set of the nodes one
            or more links on.
        starts: per set a, (x, node) for each way a chain can leave it: through RCC digit x
            to the node (j, {x}), in HoDoKu's order (by j, then x).
        nodes_of: per set, the bit set of its nodes.
    """

    __slots__ = ("after", "mask", "nodes_of", "set_of", "starts", "succ")

    def __init__(self, position: AlsPosition):
        size = len(position.alses)
        out: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(size)]
        for i, j, rcc in position.rccs()[0]:
            digits = DIGITS_OF[rcc]
            out[i].append((j, (digits[0], digits[-1]) if len(digits) > 1 else (digits[0],)))
        ids: dict[int, int] = {}
        self.set_of: list[int] = []
        self.mask: list[int] = []
        self.nodes_of = [0] * size

        def node(j: int, mask: int) -> int:
            key = j << 9 | mask
            found = ids.get(key)
            if found is None:
                found = ids[key] = len(self.set_of)
                self.set_of.append(j)
                self.mask.append(mask)
                self.nodes_of[j] |= 1 << found
            return found

        self.starts: list[list[tuple[int, int]]] = [
            [(x, node(j, BIT[x])) for j, rccs in arms for x in rccs] for arms in out
        ]
        for arms in out:  # every entry a pair of RCCs can give
            for j, rccs in arms:
                if len(rccs) == 2:
                    node(j, BIT[rccs[0]] | BIT[rccs[1]])
        succ: list[list[int]] = [[] for _ in self.set_of]
        after = [0] * len(self.set_of)
        by_set: list[list[int]] = [[] for _ in range(size)]
        for n, j in enumerate(self.set_of):
            by_set[j].append(n)
        for i in range(size - 1, -1, -1):
            for n in by_set[i]:
                e = DIGITS_OF[self.mask[n]][0]
                targets = succ[n]
                for j, rccs in out[i]:
                    if len(rccs) == 1:
                        if rccs[0] != e:
                            targets.append(node(j, BIT[rccs[0]]))
                    elif e == rccs[1]:
                        targets.append(node(j, BIT[rccs[0]]))
                    elif e == rccs[0]:
                        targets.append(node(j, BIT[rccs[1]]))
                    else:
                        targets.append(node(j, BIT[rccs[0]] | BIT[rccs[1]]))
                reach = 0
                for target in targets:
                    reach |= 1 << target | after[target]
                after[n] = reach
        self.succ, self.after = succ, after

    def path(self, source: int, goal: int) -> list[int] | None:
        """The nodes of a shortest chain from ``source`` to ``goal`` two or more links on
        (breadth-first, over (node, links so far, at most 2)), or None."""
        parent: dict[tuple[int, int], tuple[int, int] | None] = {(source, 0): None}
        frontier = [(source, 0)]
        while frontier:
            following = []
            for state in frontier:
                n, links = state
                for child in self.succ[n]:
                    if child != goal and not self.after[child] >> goal & 1:
                        continue
                    reached = (child, min(links + 1, 2))
                    if reached in parent:
                        continue
                    parent[reached] = state
                    if reached == (goal, 2):
                        nodes = []
                        back: tuple[int, int] | None = reached
                        while back is not None:
                            nodes.append(back[0])
                            back = parent[back]
                        return nodes[::-1]
                    following.append(reached)
            frontier = following
        return None
