"""The link graph of a position: strong and weak links between candidates and grouped nodes.

One graph per position serves X-Chain, XY-Chain, Nice Loops and AICs, plain and grouped, and
Forcing Chains (``solver.techniques.forcing_tables``; forcing nets run on ``solver.se.chains``);
``link_graph`` reuses the last position's graph while its 81 candidate masks are unchanged.
After HoDoKu's TablingSolver (hodoku.sourceforge.net/en/tech_chains.php).
``solver.techniques.implications`` expands premises on it and rebuilds chains;
``solver.techniques.als_links``, which builds on this module, adds ALS nodes on request
(``LinkGraph.view`` with a builder).

Glossary:
  node     an int id. Ids ``0 .. candidate_count - 1`` are candidates ``(cell, digit)`` in cell
           order; the ids after them are grouped nodes: the 2 or 3 cells of one box-line
           intersection that hold a digit ("the digit is in one of these cells").
  strong   a strong link: the two nodes can't both be false (a digit with two places in a house,
           a bivalue cell's two digits, a grouped node and the rest of its box or line).
  weak     a weak link: the two nodes can't both be true (one digit in two cells that see each
           other, two digits of one cell). Strong links between cells are weak links too.
  state    ``2 * node + value``: the node false (value 0) or true (value 1).
  premise  a state assumed at the start of a chain.
  chain    a list of states, premise first, alternating: from a true node a weak link makes the
           next one false; from a false node a strong link makes the next one true.
  view     which links a technique may use: ``"x"`` (one digit, candidates), ``"xy"`` (bivalue
           cells, strong links inside cells only), ``"plain"`` (candidates), ``"grouped"``
           (candidates and grouped nodes) or ``"als"`` (and Almost Locked Sets, from
           ``solver.techniques.als_links``); ``View`` (``solver.techniques.link_view``) holds
           one, as the states each state's links lead to, and its closure.
Step helpers turn a chain into ``Step.links`` (Eureka order), its pattern, groups and houses;
``solver.techniques.chain_text`` reads it aloud.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable, Sequence

from solver.grid import (
    CELL_BIT,
    CELLS,
    COL_OF,
    DIGITS,
    DIGITS_OF,
    HOUSE_MASK,
    HOUSES_OF,
    PEER_MASK,
    POPCOUNT,
    ROW_OF,
    Grid,
    cell_name,
    cells_of,
    places_of,
)
from solver.step import Link, Node
from solver.techniques.link_view import View

MAX_LINKS = 20
"""The longest chain any search builds, in links (HoDoKu's default chain length limit: 20)."""

# Per line house 0..17: the boxes it crosses, as (box house, 81-bit mask of the 3 shared cells).
LINE_BOXES = tuple(
    tuple((box, HOUSE_MASK[line] & HOUSE_MASK[box]) for box in range(18, 27) if HOUSE_MASK[line] & HOUSE_MASK[box])
    for line in range(18)
)


def _group_shapes() -> dict[int, tuple[tuple[int, ...], int]]:
    """Every grouped node's cell mask (2 or 3 cells of a box-line intersection) -> (its cells,
    ascending; the cells that see all of them)."""
    shapes = {}
    for line in range(18):
        for _, inter in LINE_BOXES[line]:
            for size in (2, 3):
                for cells in itertools.combinations(cells_of(inter), size):
                    sees = PEER_MASK[cells[0]]
                    for c in cells[1:]:
                        sees &= PEER_MASK[c]
                    shapes[sum(CELL_BIT[c] for c in cells)] = (cells, sees)
    return shapes


GROUP_SHAPES = _group_shapes()


class LinkGraph:
    """Strong and weak links between the candidates and grouped nodes of one position.

    Attributes (lists indexed by node id):
        size, candidate_count: number of nodes; ids from ``candidate_count`` on are grouped.
            The grouped nodes are added when a view that follows them is first asked for
            (``"grouped"``, ``"als"``); until then ``size == candidate_count``.
        als_start: the first id of an ALS node (``size`` until ``als_links.als_view`` adds them).
        cells: the node's cells (a tuple, sorted); digit: its digit 1..9.
        cell_mask: its cells as an 81-bit mask; first_cell: its first cell's bit.
        sees: the cells that see all of its cells.
        strong, weak: the linked node ids (tuples), candidates first, then grouped nodes.
        cell_nodes: per cell 0..80, the ids of its candidates (a tuple).
        digit_cells: per digit 1..9, the 81-bit mask of the cells holding it.
        cell_candidates: the position's 81 candidate masks.
    Build it with ``link_graph(grid)``, which caches the graph of the last position.
    """

    def __init__(self, candidates: Sequence[int]):
        """Build the graph of a position given as 81 candidate masks (0 for a filled cell).

        Each node's links are listed in HoDoKu's order (the other digits of its cell, then its
        row, column and box, then grouped nodes), which decides between equally short chains.
        """
        self.cell_candidates = candidates = tuple(candidates)
        # the candidates in cell order; each cell's nodes are consecutive ids
        pairs = [(cell, d) for cell in CELLS for d in DIGITS_OF[candidates[cell]]]
        cells: list[tuple[int, ...]] = [(cell,) for cell, _ in pairs]
        digits = [d for _, d in pairs]
        ids = self._id = [-1] * 810
        cell_nodes = []
        node = 0
        for cell in CELLS:
            after = node + POPCOUNT[candidates[cell]]
            cell_nodes.append(tuple(range(node, after)))
            node = after
        house_nodes: list[list[int]] = [[] for _ in range(270)]  # house * 10 + digit -> node ids, ascending
        house_cells = [0] * 270  # house * 10 + digit -> 81-bit mask of cells
        at: list[tuple[int, int, int]] = []  # per node: its place in its row's, column's and box's list
        for node, (cell, d) in enumerate(pairs):
            ids[cell * 10 + d] = node
            row, column, box = HOUSES_OF[cell]
            in_row, in_column, in_box = (
                house_nodes[row * 10 + d],
                house_nodes[column * 10 + d],
                house_nodes[box * 10 + d],
            )
            at.append((len(in_row), len(in_column), len(in_box)))
            in_row.append(node)
            in_column.append(node)
            in_box.append(node)
        places = places_of(candidates)
        for house in range(27):
            mask, key = HOUSE_MASK[house], house * 10
            for d in DIGITS:
                house_cells[key + d] = places[d] & mask
        self.candidate_count = len(cells)
        node_row = [ROW_OF[cell] for cell, _ in pairs]
        node_column = [COL_OF[cell] for cell, _ in pairs]
        groups = [tuple(members) for members in house_nodes]
        strong: list[tuple[int, ...]] = []
        weak: list[tuple[int, ...]] = []
        for node, (cell, d) in enumerate(pairs):
            # the other digits of the cell, then the digit's other cells in the row, the
            # column and the rest of the box (node ids ascend with the cells)
            here = cell_nodes[cell]
            i = node - here[0]
            others = here[:i] + here[i + 1 :]
            row, column, box = HOUSES_OF[cell]
            row_group, column_group = groups[row * 10 + d], groups[column * 10 + d]
            box_group = groups[box * 10 + d]
            p, q, b = at[node]  # the node's place in each
            r, c = node_row[node], node_column[node]
            weak.append(
                others
                + row_group[:p]
                + row_group[p + 1 :]
                + column_group[:q]
                + column_group[q + 1 :]
                + tuple([y for y in box_group if node_row[y] != r and node_column[y] != c])
            )
            strong_here = list(others) if len(others) == 1 else []
            for in_house, place in ((row_group, p), (column_group, q), (box_group, b)):
                if len(in_house) == 2:
                    other = in_house[1 - place]
                    if other not in strong_here:
                        strong_here.append(other)
            strong.append(tuple(strong_here))
        self.cells, self.digit, self.cell_nodes = cells, digits, cell_nodes
        self.size = self.als_start = len(cells)
        self.strong, self.weak = strong, weak
        self.first_cell = [CELL_BIT[cell] for (cell,) in cells]
        self.cell_mask = self.first_cell[:]  # a candidate's one cell, then the grouped nodes' cells
        self.sees = [PEER_MASK[cell] for (cell,) in cells]
        self._house_cells: list[int] | None = house_cells  # kept until the grouped nodes are added
        self.digit_cells = list(places)
        # per-candidate tables the techniques derive from the graph, by name (or (name, flag))
        self.memo: dict[str | tuple[str, bool], list[int]] = {}
        self._views: dict[str, View] = {}

    def _add_grouped_nodes(self) -> None:
        """Add the grouped nodes and their links, once: only the views that follow them need
        them (``view`` calls this), so the X-, XY- and plain searches never pay for them. The
        candidate nodes keep their ids; lists that grow are replaced, never changed in place,
        but for ``cells`` and ``digit``, which only get longer."""
        house_cells = self._house_cells
        if house_cells is None:
            return
        strong = [list(ys) for ys in self.strong]
        weak = [list(ys) for ys in self.weak]
        group_masks = [group[3] for group in self._add_groups(house_cells, strong, weak)]
        self.strong = [tuple(ys) for ys in strong]
        self.weak = [tuple(ys) for ys in weak]
        self.first_cell = self.first_cell + [mask & -mask for mask in group_masks]
        self.cell_mask = self.cell_mask + group_masks
        self.sees = self.sees + [GROUP_SHAPES[mask][1] for mask in group_masks]
        self.size = self.als_start = len(self.cells)
        self._house_cells = None

    def _add_groups(
        self, house_cells: list[int], strong: list[list[int]], weak: list[list[int]]
    ) -> list[tuple[int, int, int, int]]:
        """Append the grouped nodes and their links (HoDoKu's group node rules and order) to
        ``strong`` and ``weak`` (lists per node) and to the graph's ``cells`` and ``digit``.

        A grouped node is weakly linked to every node of its digit that sees all of its cells
        (the rest of its line and box, and other grouped nodes there that it does not overlap);
        it is strongly linked to the rest of its box or line when that rest is one candidate or
        exactly one other grouped node. Returns the groups: (node, line, box, cell mask) each.
        """
        groups = []  # (node, line, box, cell mask)
        node_cells, digit, ids = self.cells, self.digit, self._id
        for line in range(18):
            for d in DIGITS:
                in_line = house_cells[line * 10 + d]
                for box, inter in LINE_BOXES[line]:
                    mask = in_line & inter
                    if mask & (mask - 1):
                        groups.append((len(node_cells), line, box, mask))
                        node_cells.append(GROUP_SHAPES[mask][0])
                        digit.append(d)
                        strong.append([])
                        weak.append([])
        by_cells = {(digit[g[0]], g[3]): g[0] for g in groups}
        by_house: dict[int, list[tuple[int, int]]] = {}  # house * 10 + digit -> groups
        for node, line, box, mask in groups:
            d = digit[node]
            by_house.setdefault(line * 10 + d, []).append((node, mask))
            by_house.setdefault(box * 10 + d, []).append((node, mask))
        for node, line, box, mask in groups:
            d = digit[node]
            strong_here, weak_here = strong[node], weak[node]
            rest_box = house_cells[box * 10 + d] & ~mask
            rest_line = house_cells[line * 10 + d] & ~mask
            for cell in cells_of(rest_box | rest_line):
                other = ids[cell * 10 + d]
                weak_here.append(other)
                weak[other].append(node)
            for rest in (rest_box, rest_line):
                if rest and not rest & (rest - 1):
                    other = ids[(rest.bit_length() - 1) * 10 + d]
                    strong_here.append(other)
                    strong[other].append(node)
            for rest in (rest_line, rest_box):
                if (d, rest) in by_cells:
                    strong_here.append(by_cells[(d, rest)])
            others = by_house[line * 10 + d] + by_house[box * 10 + d]
            weak_here.extend(sorted([o for o, mask2 in others if o != node and not mask & mask2]))
        return groups

    # --- nodes -----------------------------------------------------------------------------

    def candidate(self, cell: int, digit: int) -> int:
        """The node id of candidate ``digit`` in ``cell``, or -1 if it is not a candidate."""
        return self._id[cell * 10 + digit]

    def is_group(self, node: int) -> bool:
        """True for a grouped node."""
        return node >= self.candidate_count

    def node(self, node: int) -> Node:
        """The node as ``Step.links`` writes it: ``((cells...), digit)``."""
        return self.cells[node], self.digit[node]

    def candidates(self, node: int) -> tuple[tuple[int, int], ...]:
        """The (cell, digit) candidates of a node: one, the cells of a grouped node, or every
        candidate of an ALS."""
        if node >= self.als_start:  # an ALS: the whole set justifies the step
            return tuple((c, d) for c in self.cells[node] for d in DIGITS_OF[self.cell_candidates[c]])
        d = self.digit[node]
        return tuple((cell, d) for cell in self.cells[node])

    def name(self, node: int) -> str:
        """``r1c2`` for a candidate's cell, ``r1c2/r1c3`` for a grouped node's cells."""
        return "/".join(cell_name(cell) for cell in self.cells[node])

    # --- views -------------------------------------------------------------------------------

    def view(self, name: str, build: Callable[[LinkGraph], View] | None = None) -> View:
        """The links a technique may follow (cached): ``"x"``: one digit, candidates only;
        ``"xy"``: bivalue cells, strong links only inside a cell, weak links only between
        cells; ``"plain"``: all links between candidates; ``"grouped"``: all links.

        A module that extends the graph names its own view and passes ``build``, called once
        per graph to add its nodes and make the view: ``solver.techniques.als_links.als_view``
        asks for ``"als"`` this way (Almost Locked Sets as nodes; HoDoKu's option, off by
        default).

        Raises:
            KeyError: an unknown view name and no ``build``.
        """
        view = self._views.get(name)
        if view is None:
            with _views_lock:  # a build may add nodes to the graph: build each view once
                view = self._views.get(name)
                if view is None:
                    if name not in ("x", "xy", "plain"):
                        self._add_grouped_nodes()
                    view = self._views[name] = build(self) if build else self._make_view(name)
        return view

    def _make_view(self, name: str) -> View:
        count, digit, cells = self.candidate_count, self.digit, self.cells
        if name == "grouped":
            return View(self.strong, self.weak)
        if self.size == count:  # no grouped node yet: every link is between candidates
            plain_strong, plain_weak = self.strong, self.weak
        else:
            plain_strong = [tuple([y for y in ys if y < count]) for ys in self.strong[:count]]
            plain_weak = [tuple([y for y in ys if y < count]) for ys in self.weak[:count]]
        if name == "plain":
            return View(plain_strong, plain_weak)
        if name == "x":
            strong = [tuple([y for y in ys if digit[y] == digit[x]]) for x, ys in enumerate(plain_strong)]
            weak = [tuple([y for y in ys if digit[y] == digit[x]]) for x, ys in enumerate(plain_weak)]
            return View(strong, weak)
        if name == "xy":
            bivalue = [len(self.cell_nodes[c[0]]) == 2 for c in cells[:count]]
            strong = [
                tuple([y for y in ys if cells[y] == cells[x]]) if bivalue[x] else ()
                for x, ys in enumerate(plain_strong)
            ]
            weak = [
                tuple([y for y in ys if bivalue[y] and digit[y] == digit[x]]) if bivalue[x] else ()
                for x, ys in enumerate(plain_weak)
            ]
            return View(strong, weak)
        raise KeyError(f"unknown view {name!r}; known views: x, xy, plain, grouped")

    # --- chains ------------------------------------------------------------------------------

    def links(self, chain: Sequence[int]) -> tuple[Link, ...]:
        """``Step.links`` for a chain of states: one link per pair of neighbours, strong when it
        makes its second node true."""
        return tuple((self.node(a >> 1), self.node(b >> 1), bool(b & 1)) for a, b in itertools.pairwise(chain))

    def pattern(self, chain: Iterable[int]) -> tuple[tuple[int, int], ...]:
        """The candidates of a chain's nodes, sorted, each once."""
        return tuple(sorted({c for s in chain for c in self.candidates(s >> 1)}))

    def groups(self, chain: Iterable[int]) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The candidates of each grouped node in a chain (for the UI to outline)."""
        seen = []
        for s in chain:
            if self.is_group(s >> 1) and self.candidates(s >> 1) not in seen:
                seen.append(self.candidates(s >> 1))
        return tuple(seen)

    def houses(self, chain: Sequence[int]) -> tuple[int, ...]:
        """The houses of a chain's links between cells (the first house holding both ends)."""
        found: list[int] = []
        for a, b in itertools.pairwise(chain):
            both = self.cell_mask[a >> 1] | self.cell_mask[b >> 1]
            if self.cells[a >> 1] != self.cells[b >> 1]:
                for house in HOUSES_OF[self.cells[a >> 1][0]]:
                    if both & HOUSE_MASK[house] == both:
                        if house not in found:
                            found.append(house)
                        break
        return tuple(found)


_last: tuple[tuple[int, ...], LinkGraph] | None = None  # one entry, replaced in one step
_views_lock = threading.Lock()


def link_graph(grid: Grid) -> LinkGraph:
    """The link graph of ``grid``'s candidates; the last position's graph is reused while its
    81 candidate masks are unchanged (the grid itself is never changed). Safe to call from
    the game's worker thread and the solver at once: the cache entry is swapped atomically."""
    global _last
    key = tuple(grid.candidates)
    last = _last
    if last is not None and last[0] == key:
        return last[1]
    graph = LinkGraph(key)
    _last = (key, graph)
    return graph
