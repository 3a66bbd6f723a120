"""What follows from a premise: breadth-first expansion on the link graph, and chain rebuilding.

HoDoKu's TablingSolver keeps, for every premise ("candidate d is true in cell X" and "... is
false"), the table of everything that follows along strong and weak links, with a
back-pointer per implication. Here all premises are expanded together, one link per step,
and every state keeps the set of premises that reach it (one bit per premise), so a whole
layer costs one pass over the links. Back-pointers are not stored: a chain is rebuilt from
the layers when a technique needs it, the same chain HoDoKu's first-in first-out table holds.

See ``solver.techniques.links`` for node, state, premise, chain and view.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import compress

from solver.techniques.link_view import View
from solver.techniques.links import MAX_LINKS, LinkGraph

SEARCH_BUDGET = 2000
"""Most states a fallback chain search may visit before it gives up on one chain."""


class Implications:
    """What each premise implies, breadth-first along one view's links.

    Iterate to get ``(depth, layer, returns)`` triples: ``layer`` maps each state first
    reached at that depth (number of links; a link through an ALS counts longer) to the
    premises (a mask of premise state bits) that reach it there; ``returns`` lists the
    premises that come back to themselves at that depth (a loop through the premise; only
    with ``returns=True``). With ``track_groups``,
    ``grouped_layers[depth]`` holds, per state, the premises that reach it at that depth by
    some chain through a grouped node. Iteration stops after ``max_links`` links or when no
    premise reaches anything new. After a layer has been produced,
    ``chain(premise, state, depth)`` rebuilds a shortest chain to that state.
    """

    def __init__(
        self,
        graph: LinkGraph,
        view: View,
        premises: Iterable[int],
        max_links: int = MAX_LINKS,
        returns: bool = False,
        track_groups: bool = False,
    ):
        """``premises``: state ids; each premise's bit in a layer's masks is ``1 << state``."""
        self.graph, self.view, self.max_links = graph, view, max_links
        self.returns, self.track_groups = returns, track_groups
        self.layers: list[dict[int, int]] = [{p: 1 << p for p in premises}]
        self.grouped_layers: list[dict[int, int]] = [{}]
        self.grouped_returns: list[int] = []

    def __iter__(self) -> Iterator[tuple[int, dict[int, int], list[int]]]:
        graph, view = self.graph, self.view
        count, track, size = graph.candidate_count, self.track_groups, 2 * len(graph.cells)
        targets = view.targets + [()] * (size - len(view.targets))
        longer = view.longer + [()] * (size - len(view.longer))
        group_state = (count << 1) if track else size
        frontier = list(self.layers[0].items())
        grouped = [0] * size
        reached = [0] * size
        later: dict[int, list[tuple[int, int, int]]] = {}  # depth -> (state, mask, grouped mask)
        if not self.returns:
            for p, mask in frontier:
                reached[p] = mask
        for depth in range(1, self.max_links + 1):
            new, new_grouped = _spread(
                frontier, grouped, later, depth, self.max_links, targets, longer, group_state, size, track
            )
            layer, grouped, returns = self._collect(new, new_grouped, reached, grouped)
            self.layers.append(layer)
            self.grouped_layers.append({t: grouped[t] for t in layer if grouped[t]} if track else {})
            if not layer and not returns and not later:
                return
            frontier = list(layer.items())
            if layer or returns:
                yield depth, layer, returns

    def _collect(
        self, new: list[int], new_grouped: list[int], reached: list[int], grouped: list[int]
    ) -> tuple[dict[int, int], list[int], list[int]]:
        """One depth's results from the premise masks ``new`` (and ``new_grouped``, when
        tracking groups) that ``_spread`` gave: (layer, grouped, returns). ``layer`` holds per
        state the premises that reach it for the first time (``reached`` is updated);
        ``grouped``, per state, those of them that came through a grouped node (a fresh list
        when tracking; untracked, the all-zero ``grouped`` given); ``returns``, with
        ``self.returns``, the premises that came back to themselves (``self.grouped_returns``
        is set to those that came back through a grouped node)."""
        track, with_returns = self.track_groups, self.returns
        layer: dict[int, int] = {}
        grouped = [0] * len(new) if track else grouped
        returns: list[int] = []
        self.grouped_returns = []
        for t in compress(range(len(new)), new):  # the states reached, skipped to in C
            mask = new[t]
            if with_returns and mask >> t & 1:
                returns.append(t)
                if track and new_grouped[t] >> t & 1:
                    self.grouped_returns.append(t)
                mask ^= 1 << t
            mask &= ~reached[t]
            if mask:
                reached[t] |= mask
                layer[t] = mask
                if track and new_grouped[t] & mask:
                    grouped[t] = new_grouped[t] & mask
        return layer, grouped, returns

    def chain(
        self,
        premise: int,
        end: int,
        depth: int,
        loop: bool = False,
        grouped: bool = False,
        fifo: bool = True,
        table: bool = False,
    ) -> list[int] | None:
        """A shortest chain of states from ``premise`` to ``end`` (reached at ``depth``), or None.

        The chain HoDoKu's first-in first-out table would hold (links tried in the graph's
        order) is preferred; if it breaks the lasso rule, or ``grouped`` asks for a grouped
        node it lacks, a depth-first search looks for another (visiting at most
        ``SEARCH_BUDGET`` states); with ``fifo`` False that search comes first (cheaper; use it
        when any shortest chain will do). Lasso rule (HoDoKu's): a node's cells must not hold the
        first cell of a node two or more places later (a cell may hold two neighbouring
        nodes). With ``loop``, ``end`` lies in the premise's cell, which no other candidate
        node may use, except the second node of a loop back to the premise itself (the loop
        then goes round through the cell's own link), and no grouped node may cover unless
        it is the group's first cell (HoDoKu marks a group's cells used unless its first cell
        is the start cell, so the loop could not come back).

        With ``table`` (HoDoKu's Nice Loops) only the chain HoDoKu's table holds counts: if it
        breaks the lasso rule or lacks the grouped node asked for, there is none, as HoDoKu's
        TablingSolver then drops the loop without looking for another (on 30 Masters made by
        ``gen``, 40 Experts and QQWing's 1,000 expert puzzles this took the score equal to
        HoDoKu's from 21, 36 and 976 to 23, 40 and 983).
        """
        if table:
            path = self._first_chain(premise, end, depth)
            if path is None or not self._keeps_lasso_rule(path, loop):
                return None
            return path if not grouped or any(s >> 1 >= self.graph.candidate_count for s in path) else None
        if not fifo:
            return self._any_chain(premise, end, depth, loop, grouped)
        path = self._first_chain(premise, end, depth)
        count = self.graph.candidate_count
        if (
            path is not None
            and self._keeps_lasso_rule(path, loop)
            and (not grouped or any(s >> 1 >= count for s in path))
        ):
            return path
        return self._any_chain(premise, end, depth, loop, grouped)

    def _first_chain(self, premise: int, end: int, depth: int) -> list[int] | None:
        """The chain a first-in first-out expansion of ``premise`` finds: at each depth the
        states come in the order of their parents, then of the parents' link lists."""
        layers, bit, view = self.layers, 1 << premise, self.view
        strong, weak, lengths = view.strong, view.weak, view.lengths
        best: dict[tuple[int, int], tuple[tuple[int, ...] | None, int, int]] = {}

        def order(x: int, j: int) -> tuple[int, ...] | None:
            if j == 0:
                return () if x == premise else None
            if (x, j) in best:
                return best[(x, j)][0]
            xnode, value = x >> 1, 0 if x & 1 else 1
            found: tuple[tuple[int, ...] | None, int, int] = (None, -1, -1)
            for ynode in (strong if x & 1 else weak)[xnode]:
                y = (ynode << 1) | value
                i = j - lengths.get((ynode, xnode), 1) if lengths and x & 1 else j - 1
                if i < 0 or not layers[i].get(y, 0) & bit:
                    continue
                before = order(y, i)
                if before is None:
                    continue
                position = before + ((weak if value else strong)[ynode].index(xnode),)
                if found[0] is None or position < found[0]:
                    found = (position, y, i)
            best[(x, j)] = found
            return found[0]

        if order(end, depth) is None:
            return None
        path, j = [end], depth
        while j > 0:
            _, y, j = best[(path[-1], j)]
            path.append(y)
        path.reverse()
        return path

    def _keeps_lasso_rule(self, path: list[int], loop: bool) -> bool:
        """True if ``path`` keeps the lasso rule (see ``chain``)."""
        cm, first, count = self.graph.cell_mask, self.graph.first_cell, self.graph.candidate_count
        als = self.graph.als_start
        start = cm[path[0] >> 1] if loop else 0
        second = 2 if path[0] == path[-1] else 1  # a loop back to the premise may stay in its cell
        far = 0
        for j in range(len(path) - 1, 0, -1):
            xnode, ynode = path[j] >> 1, path[j - 1] >> 1
            xcells, ycells = cm[xnode], cm[ynode]
            if ycells & far or (ycells & xcells and ycells != xcells):
                return False
            if loop and j > second and ynode < count and ycells & start:
                return False
            if loop and j > 1 and count <= ynode < als and ycells & start and not first[ynode] & start:
                return False  # a grouped node over the start cell (not its first cell) closes it
            if not (xnode >= als and xcells == ycells):  # HoDoKu checks a set's entry cell only
                far |= first[xnode] & ~start
        return True

    def _any_chain(self, premise: int, end: int, depth: int, loop: bool, grouped: bool) -> list[int] | None:
        """A shortest chain that keeps the lasso rule (and has a grouped node if asked),
        depth-first from the end, links in graph order; None if none or over budget."""
        graph, layers, view = self.graph, self.layers, self.view
        glayers, lengths = self.grouped_layers, view.lengths
        cm, first, count = graph.cell_mask, graph.first_cell, graph.candidate_count
        als = graph.als_start
        bit = 1 << premise
        start = cm[premise >> 1] if loop else 0
        path = [end]
        budget = [SEARCH_BUDGET]

        def back(x: int, j: int, far: int, need: bool) -> bool:
            if j == 0:
                return x == premise and not need
            budget[0] -= 1
            if budget[0] < 0:
                return False
            xnode = x >> 1
            xcells = cm[xnode]
            value = 0 if x & 1 else 1
            far_next = far | (first[xnode] & ~start)
            exit_node = xnode >= als
            need_next = need and xnode < count
            for ynode in (view.strong if x & 1 else view.weak)[xnode]:
                y = (ynode << 1) | value
                i = j - lengths.get((ynode, xnode), 1) if lengths and x & 1 else j - 1
                if i < 0 or not layers[i].get(y, 0) & bit:
                    continue
                if need_next and ynode < count and not glayers[i].get(y, 0) & bit:
                    continue
                ycells = cm[ynode]
                if ycells & far or (ycells & xcells and ycells != xcells):
                    continue
                if loop and ynode < count and ycells & start and i > (1 if premise == end else 0):
                    continue
                if loop and i and count <= ynode < als and ycells & start and not first[ynode] & start:
                    continue  # a grouped node over the start cell (not its first cell) closes it
                path.append(y)
                through = exit_node and ycells == xcells  # HoDoKu checks a set's entry cell only
                if back(y, i, far if through else far_next, need_next and ynode < count):
                    return True
                path.pop()
            return False

        if back(end, depth, 0, grouped):
            path.reverse()
            return path
        return None


def _spread(
    frontier: list[tuple[int, int]],
    grouped: list[int],
    later: dict[int, list[tuple[int, int, int]]],
    depth: int,
    max_links: int,
    targets: list[tuple[int, ...]],
    longer: list[tuple[tuple[int, int], ...]],
    group_state: int,
    size: int,
    track: bool,
) -> tuple[list[int], list[int]]:
    """One link from the ``frontier`` states (state, premise mask) reached at ``depth - 1``:
    per state, the premises reaching it at ``depth`` (``new``, also fed by the long links that
    ``later`` holds for ``depth``) and, when ``track``, those reaching it through a grouped
    node (``new_grouped``; ``grouped`` holds the frontier's; states from ``group_state`` on
    are grouped nodes); untracked, ``new_grouped`` is ``new`` itself. Long links (ALS) from
    the frontier that end within ``max_links`` are queued in ``later`` by their depth."""
    new = [0] * size
    new_grouped = [0] * size if track else new
    for t, mask, via in later.pop(depth, ()):
        new[t] |= mask
        if track:
            new_grouped[t] |= via
    for s, mask in frontier:
        if not track:
            for t in targets[s]:
                new[t] |= mask
        elif s >= group_state:
            for t in targets[s]:
                new[t] |= mask
                new_grouped[t] |= mask
        else:
            via = grouped[s]
            for t in targets[s]:
                new[t] |= mask
                if t >= group_state:
                    new_grouped[t] |= mask
                elif via:
                    new_grouped[t] |= via
        for t, length in longer[s]:
            if depth - 1 + length <= max_links:
                via = mask if s >= group_state or t >= group_state else grouped[s]
                later.setdefault(depth - 1 + length, []).append((t, mask, via))
    return new, new_grouped
