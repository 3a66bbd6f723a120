"""Almost Locked Sets as nodes of the link graph (HoDoKu's "ALS in chains" option).

HoDoKu can let nice loops, AICs and forcing nets pass through an Almost Locked Set; its
default configuration leaves this off, and so do the registered finders. ``als_view(graph)``
adds the nodes to a graph (once per graph) and returns the view that uses them; this module
builds on ``solver.techniques.links``, which knows the view only by name.

Glossary (after HoDoKu's "Chains and Loops" and "Almost Locked Sets" pages):
  ALS      N cells of one house holding N + 1 digits between them (two or more cells here; a
           single bivalue cell is already a pair of candidates). Take one digit away and the
           other N are locked in the set.
  ALS node ``(cells, d)``: "the set holds d" (true when some cell of the set is d).
  reach    of an ALS node: the cells outside the set that see every cell of the set holding d.
Links: two ALS nodes of one set are strongly linked (the set lacks at most one digit); an ALS
node is weakly linked to every candidate of its digit in its reach, to every grouped node of
that digit inside its reach, and to every node of that digit of another set whose cells
holding it lie in its reach. HoDoKu's forcings are strong links too: if the set lacks j and
its other digits then leave a cell of three or more candidates only e, the node "the set holds
j" and the candidate e of that cell can't both be false. In Eureka a chain goes through the
set as ``(j=k)r1c23``.
"""

from __future__ import annotations

from solver.grid import CELL_BIT, DIGITS_OF, HOUSES, PEER_MASK, cells_of
from solver.techniques.link_view import View
from solver.techniques.links import LinkGraph

ALS_MAX_LENGTH = 60
"""The longest chain searched with ALS nodes, in HoDoKu's length units (a link counts 1, a
pass through an ALS of n cells 2n more): HoDoKu's tables have no length limit."""


def almost_locked_sets(candidates: tuple[int, ...]) -> list[tuple[int, int]]:
    """Every ALS of two or more cells, each once: (81-bit cell mask, 9-bit digit mask), by
    house (rows, columns, boxes) and then by subset. ``candidates``: 81 masks."""
    found: list[tuple[int, int]] = []
    seen: set[int] = set()
    for house in HOUSES:
        cells = [c for c in house if candidates[c]]
        count = len(cells)
        union = [0] * (1 << count)
        mask = [0] * (1 << count)
        size = [0] * (1 << count)
        for subset in range(1, 1 << count):
            low = subset & -subset
            rest = subset ^ low
            cell = cells[low.bit_length() - 1]
            union[subset] = union[rest] | candidates[cell]
            mask[subset] = mask[rest] | CELL_BIT[cell]
            size[subset] = size[rest] + 1
            if size[subset] >= 2 and union[subset].bit_count() == size[subset] + 1:
                if mask[subset] not in seen:
                    seen.add(mask[subset])
                    found.append((mask[subset], union[subset]))
    return found


def reach_of(graph: LinkGraph, mask: int, digit: int) -> int:
    """The cells outside the set ``mask`` (81-bit) that see all of its cells holding ``digit``,
    whatever they hold (``& graph.digit_cells[digit]`` gives the set's reach)."""
    seen = -1
    for cell in cells_of(mask & graph.digit_cells[digit]):
        seen &= PEER_MASK[cell]
    return seen & ~mask


def als_view(graph: LinkGraph) -> View:
    """The ``"als"`` view of ``graph``: every grouped-view link plus the ALS links (see the
    module docstring), in HoDoKu's order, links through a set counting as long as HoDoKu
    counts them (2 per cell of the set; a forcing 2 more). The first call for a graph adds
    the ALS nodes to it; later calls return the cached view."""
    return graph.view("als", _build_als_view)


# an ALS entry: (set index, cell mask, digit, cells holding it, reach)
Entry = tuple[int, int, int, int, int]


def _build_als_view(graph: LinkGraph) -> View:
    """Add the ALS nodes to ``graph`` and make the ``"als"`` view (``LinkGraph.view`` calls
    this once per graph). A node is made for each set and digit that has a weak link; the
    others could never be reached."""
    strong = [list(ys) for ys in graph.strong]
    weak = [list(ys) for ys in graph.weak]
    digit_cells = graph.digit_cells
    groups_of: dict[int, list[int]] = {}
    for node in range(graph.candidate_count, graph.size):
        groups_of.setdefault(graph.digit[node], []).append(node)
    sets = almost_locked_sets(graph.cell_candidates)
    entries = [
        (index, mask, d, mask & digit_cells[d], reach_of(graph, mask, d))
        for index, (mask, digits) in enumerate(sets)
        for d in DIGITS_OF[digits]
    ]
    pairs = _entry_pairs(entries)
    linked = [
        bool(reach & digit_cells[d]) or e in pairs or any(not graph.cell_mask[g] & ~reach for g in groups_of.get(d, ()))
        for e, (_, _, d, _, reach) in enumerate(entries)
    ]
    node_of = _add_nodes(graph, entries, linked, strong, weak)
    lengths = _add_strong_links(graph, sets, entries, node_of, strong)
    _add_weak_links(graph, entries, node_of, pairs, groups_of, weak)
    return View([tuple(ys) for ys in strong], [tuple(ys) for ys in weak], lengths)


def _entry_pairs(entries: list[Entry]) -> dict[int, list[int]]:
    """Per entry (index in ``entries``), the entries of the same digit it is weakly linked to:
    entries a < b of disjoint sets are paired (both ways) when b's cells holding the digit all
    lie in a's reach. Each list in entry order."""
    by_digit: dict[int, list[int]] = {}
    for e, entry in enumerate(entries):
        by_digit.setdefault(entry[2], []).append(e)
    pairs: dict[int, list[int]] = {}
    for members in by_digit.values():
        for a_pos, a in enumerate(members):
            _, mask, _, _, reach = entries[a]
            for b in members[a_pos + 1 :]:
                _, mask2, _, where2, _ = entries[b]
                if not mask & mask2 and not where2 & ~reach:
                    pairs.setdefault(a, []).append(b)
                    pairs.setdefault(b, []).append(a)
    return pairs


def _add_nodes(
    graph: LinkGraph, entries: list[Entry], linked: list[bool], strong: list[list[int]], weak: list[list[int]]
) -> dict[int, int]:
    """Append to ``graph`` a node for each of ``entries`` that is ``linked`` (and empty link
    lists to ``strong`` and ``weak``), setting ``graph.als_start``; entry -> its node."""
    graph.als_start = len(graph.cells)
    node_of: dict[int, int] = {}
    for e, (_index, mask, d, where, reach) in enumerate(entries):
        if linked[e]:
            node_of[e] = len(graph.cells)
            graph.cells.append(tuple(cells_of(mask)))
            graph.digit.append(d)
            graph.cell_mask.append(mask)
            graph.first_cell.append(CELL_BIT[cells_of(where)[0]])
            graph.sees.append(reach)
            strong.append([])
            weak.append([])
    return node_of


def _add_strong_links(
    graph: LinkGraph,
    sets: list[tuple[int, int]],
    entries: list[Entry],
    node_of: dict[int, int],
    strong: list[list[int]],
) -> dict[tuple[int, int], int]:
    """Add to ``strong`` the links between the nodes of one set (of ``sets``) and its forcings
    (both ways); their lengths, (node, node) -> HoDoKu's length, are returned."""
    lengths: dict[tuple[int, int], int] = {}
    members_of: dict[int, list[int]] = {}
    for e in node_of:
        members_of.setdefault(entries[e][0], []).append(e)
    for index, members in members_of.items():
        mask, digits = sets[index]
        penalty = 2 * mask.bit_count()  # HoDoKu's: (digits - 1) * 2
        for e in members:
            node = node_of[e]
            for other in members:
                if other != e:
                    strong[node].append(node_of[other])
                    lengths[(node, node_of[other])] = penalty
            for cell, forced in _forcings(graph, mask, digits, entries[e][2]):
                other = graph.candidate(cell, forced)
                strong[node].append(other)
                strong[other].append(node)
                lengths[(node, other)] = lengths[(other, node)] = penalty + 2
    return lengths


def _add_weak_links(
    graph: LinkGraph,
    entries: list[Entry],
    node_of: dict[int, int],
    pairs: dict[int, list[int]],
    groups_of: dict[int, list[int]],
    weak: list[list[int]],
) -> None:
    """Add to ``weak`` each ALS node's weak links, both ways: to the candidates of its digit in
    its reach and to the grouped nodes of its digit (``groups_of``) inside it; then, one way,
    to the nodes of the entries it ``pairs`` with."""
    digit_cells = graph.digit_cells
    for e, node in node_of.items():
        _, _, d, _, reach = entries[e]
        for cell in cells_of(reach & digit_cells[d]):
            other = graph.candidate(cell, d)
            weak[node].append(other)
            weak[other].append(node)
        for group in groups_of.get(d, ()):
            if not graph.cell_mask[group] & ~reach:
                weak[node].append(group)
                weak[group].append(node)
        weak[node].extend(node_of[b] for b in pairs.get(e, ()) if b in node_of)


def _forcings(graph: LinkGraph, mask: int, digits: int, j: int) -> list[tuple[int, int]]:
    """HoDoKu's ALS forcings: if the set lacks digit j, its other digits leave every cell in
    their reach; each (cell, digit) of a cell of three or more candidates left with one.
    "The set holds j" and "the cell is that digit" can't both be false: a strong link."""
    candidates, digit_cells = graph.cell_candidates, graph.digit_cells
    removed_from: dict[int, int] = {}  # cell -> digits the locked set takes from it
    for k in DIGITS_OF[digits]:
        if k != j:
            for cell in cells_of(reach_of(graph, mask, k) & digit_cells[k]):
                removed_from[cell] = removed_from.get(cell, 0) | (1 << (k - 1))
    found = []
    for cell in sorted(removed_from):
        left = candidates[cell] & ~removed_from[cell]
        if candidates[cell].bit_count() > 2 and left.bit_count() == 1:
            found.append((cell, left.bit_length()))
    return found


def als_digits(graph: LinkGraph, node: int) -> int:
    """The 9-bit digit mask of the set an ALS node belongs to."""
    digits = 0
    for cell in graph.cells[node]:
        digits |= graph.cell_candidates[cell]
    return digits
