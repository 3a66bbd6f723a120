"""Forcing Nets in HoDoKu 2.2's order: its net tables pick the step, a dynamic net shows it.

HoDoKu's TablingSolver (read for the rules only) builds a Forcing Net's tables as it builds a
Forcing Chain's (``forcing_tables``: every candidate assumed true and false, each table closed
over the others), but a premise's own entries are what playing it out gives
(``ImplicationEngine.look_ahead``): the premise, then four rounds of every naked and hidden
single, each cell set recording itself true and what it clears false. The closed tables go
through the Forcing Chains' checks and order (placements by cell, then removals by cell and
digit), so the first effect is the step HoDoKu's solver takes.

Each effect is shown by a plain dynamic net (``forcing.net_step``): the contradiction of its
negation when the tables hold one (HoDoKu keeps a placement's contradiction before its verity),
else the verity of a cell or of a digit's places in a house whose tables all conclude it.
Whatever a table holds, the dynamic net from the same premise derives too (it plays every
single to the end, on a grid with at least as much removed), so such a net exists; an effect
that only both tables of one candidate conclude has no such net here and is passed over. When
HoDoKu's tables conclude nothing (it then gives up on logic) Sudoku Explainer's nets, nested as
deep as needed, go on (``forcing.forcing_net``), so logic still finishes every puzzle.

Measured on the four Master paths of 30 made by ``gen`` that parted from HoDoKu's at a Forcing
Net: its step is the first effect here on all four (docs/benchmarks.md, fourteenth session).
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.cover import WIDTH
from solver.grid import Grid, cell_name, house_name
from solver.implication import FIELD_BIT, ImplicationEngine
from solver.step import Step
from solver.techniques import forcing
from solver.techniques.forcing_tables import Tables, contradictory_premises, premise_groups, table_effects
from solver.techniques.links import LinkGraph, link_graph

LOOK_AHEAD = 4  # HoDoKu's default anzTableLookAhead: rounds of singles after a premise
FIELD_BITS = WIDTH * 81  # the cell fields' bits: where a candidate's field bit lies


def net_targets(grid: Grid, graph: LinkGraph) -> list[list[int]]:
    """Per state of ``graph``'s grouped view: for a candidate's states the entries HoDoKu's net
    table gives it (states "true" and "false" of candidates) and its links to grouped nodes;
    for a grouped node's states their links."""
    engine = ImplicationEngine(grid.candidates)
    count = graph.candidate_count
    true_at = [-1] * (FIELD_BITS + 1)  # by bit_length of a candidate's field bit: its state "true"
    for m in range(count):
        true_at[FIELD_BIT[9 * graph.cells[m][0] + graph.digit[m] - 1].bit_length()] = (m << 1) | 1
    links = graph.view("grouped").targets
    targets = [list(ts) for ts in links[2 * count :]]
    own_targets = []
    for m in range(count):
        cand = 9 * graph.cells[m][0] + graph.digit[m] - 1
        for on in (0, 1):
            state = (m << 1) | on
            placed, removed = engine.look_ahead(cand, bool(on), LOOK_AHEAD)
            own = [t for t in links[state] if t >= 2 * count]  # the links to grouped nodes
            while placed:
                b = placed.bit_length()
                placed ^= 1 << (b - 1)
                if true_at[b] != state:
                    own.append(true_at[b])
            while removed:
                b = removed.bit_length()
                removed ^= 1 << (b - 1)
                if true_at[b] ^ 1 != state:
                    own.append(true_at[b] ^ 1)
            own_targets.append(own)
    return own_targets + targets


def forcing_net(grid: Grid) -> Iterator[Step]:
    """Every Forcing Net step HoDoKu's net tables give in ``grid`` (untouched), in its order,
    each shown by a dynamic net; when they give none, Sudoku Explainer's nets (nested as deep
    as needed: ``forcing.forcing_net``)."""
    graph = link_graph(grid)
    tables = Tables(graph, net_targets(grid, graph))
    placed, removed = table_effects(grid, graph, tables)
    found = False
    if placed or removed:
        wrong = contradictory_premises(grid, graph, tables)
        groups = premise_groups(graph)
        for effects in (placed, removed):
            for state in sorted(effects, key=lambda s: graph.cells[s >> 1][0] * 10 + graph.digit[s >> 1]):
                step = _shown(grid, graph, tables, wrong, groups, state)
                if step is not None:
                    found = True
                    yield step
    if not found:
        yield from forcing.forcing_net(grid)


def _shown(
    grid: Grid,
    graph: LinkGraph,
    tables: Tables,
    wrong: int,
    groups: list[tuple[int, tuple[int, ...]]],
    state: int,
) -> Step | None:
    """The dynamic net that shows effect ``state`` (its candidate true or false), or None."""
    node = state >> 1
    cell, digit = graph.cells[node][0], graph.digit[node]
    premise = None
    if wrong >> (state ^ 1) & 1:
        premise = (9 * cell + digit - 1, not state & 1)
    verities: list[tuple[str, list[int]]] = []
    for house, nodes in groups:
        if all(tables.reach[(m << 1) | 1] >> state & 1 for m in nodes):
            first = graph.cells[nodes[0]][0]
            reason = (
                f"{cell_name(first)} must hold one of its candidates"
                if house < 0
                else f"{graph.digit[nodes[0]]} must go somewhere in {house_name(house)}"
            )
            verities.append((reason, [9 * graph.cells[m][0] + graph.digit[m] - 1 for m in nodes]))
    return forcing.net_step(grid, (cell, digit), bool(state & 1), premise, verities)
