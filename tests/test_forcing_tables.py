"""Forcing Chains as HoDoKu 2.2 finds them (solver.techniques.forcing_tables)."""

from __future__ import annotations

from solver.grid import HOUSES, Grid, allowed_masks
from solver.human import solve_path
from solver.step import split_chains
from solver.techniques.forcing_tables import forcing_chain
from solver.techniques.links import link_graph
from tests.positions import narrowed, shipped_positions, steps_of

PAIR = narrowed(r1c1="12", r1c2="12", r1c3="123")  # a naked pair: its eliminations, by chains


def test_a_naked_pairs_eliminations_come_by_cell_then_digit_each_once():
    steps = steps_of(forcing_chain, PAIR)
    row = [f"r1c{c}<>{d}" for c in range(3, 10) for d in (1, 2)]
    box = [f"r{r}c{c}<>{d}" for r in (2, 3) for c in (1, 2, 3) for d in (1, 2)]
    assert [s.notation() for s in steps] == [[e] for e in row + box]
    first = steps[0]
    # the shortest justifications by HoDoKu's measure (nodes per chain) tie at 6: the premise's
    # negation (one chain), r1c1 left empty (2 + 4 nodes), 1 twice in row 1; HoDoKu finds the
    # negation first
    assert str(first) == "Forcing Chain Contradiction: (1)r1c3-(1=2)r1c1-(2=1)r1c2-(1)r1c3 => r1c3<>1"
    assert first.text == (
        "Suppose r1c3=1. Following the links, r1c3 could not be 1 after all, which is impossible; so r1c3<>1."
    )
    assert first.pattern == ((2, 1),)


def test_nothing_when_the_links_imply_nothing():
    assert steps_of(forcing_chain, narrowed()) == []


# HoDoKu 2.2's own Forcing Chain steps (hodoku-bs /vp) on three Masters made by `gen`, whose
# whole paths are HoDoKu's step for step: the tables, HoDoKu's contradictions ("in r1", "in
# r6c3": a house or cell left empty) and its order (placements first, lowest cell first).
HODOKU_FORCING_CHAINS = {
    "086020090030007005000000012000392000400000003000080600090000050103460000004009000": [
        "r4c2<>5",
        "r4c7<>7",
        "r5c7<>7",
        "r7c7<>2",
        "r8c7<>7",
        "r8c2<>2",
    ],
    "250000800010009030000570000000060090028000100500001003300000904000030006006000070": [
        "r7c6=6",
        "r2c1<>4",
        "r7c4<>2",
        "r7c5<>2",
        "r2c3=4",
        "r1c8=6",
    ],
    "600004009000100004200000760030000070000005200006082900900031008005000000000009402": ["r3c4=8"],
}


def test_the_solo_path_takes_hodokus_forcing_chains():
    for puzzle, theirs in HODOKU_FORCING_CHAINS.items():
        path = solve_path(Grid.parse(puzzle))
        ours = [n for s in path.steps if s.technique.startswith("Forcing Chain") for n in s.notation()]
        assert ours == theirs, puzzle


def test_a_placement_is_shown_by_its_contradiction_even_when_a_verity_is_shorter():
    """HoDoKu keeps one placement step per kind (its key names the kind) and sorts the two with
    the same cell as equal, so the contradiction, found first, stays first: HoDoKu 2.2 (/vp)
    shows "Forcing Chain Contradiction in r4c3 => r1c2=5" on this Master's path, where the
    verity from r4's 4 (r4c1, r4c7, r4c8: 11 + 11 + 7 nodes) is shorter than the three chains
    to r4c3 (11 + 9 + 11)."""
    puzzle = "000000103004000650900000020020081000000390000507000000030050007080640390000002000"
    steps = [s for s in solve_path(Grid.parse(puzzle)).steps if s.placements == ((1, 5),)]
    assert len(steps) == 1 and steps[0].technique == "Forcing Chain Contradiction"
    ends = [chain.split("-")[-1] for chain in steps[0].chain_text().split("; ")]
    assert ends == ["(3)r4c3", "(6)r4c3", "(9)r4c3"]


def test_steps_are_sound_placements_first_and_each_chain_starts_at_a_premise():
    positions = shipped_positions("master", "Forcing Chain", 6)  # (position, solution) each
    assert len(positions) >= 6
    kinds = set()
    for grid, solution in positions:
        steps = steps_of(forcing_chain, grid)
        assert steps
        placing = [bool(s.placements) for s in steps]
        assert placing == sorted(placing, reverse=True), "placements before eliminations"
        for step in steps:
            assert all(solution[c] == d for c, d in step.placements), str(step)
            assert all(solution[c] != d for c, d in step.eliminations), str(step)
            assert step.links and step.text and step.pattern
            for chain in split_chains(step.links):
                cells, digit = chain[0][0]
                assert (cells[0], digit) in step.pattern, str(step)
            kinds.add(step.text.split(",")[1] if step.text.startswith("Suppose") else step.text.split(":")[0][-12:])
    assert len(kinds) >= 3, kinds


def brute_effects(grid: Grid) -> set[str]:
    """What HoDoKu's checks conclude, premise by premise, on breadth-first tables: an
    independent reading of the rules against the closure and its reverse."""
    graph = link_graph(grid)
    targets = graph.view("grouped").targets
    count = graph.candidate_count

    def table(start: int) -> set[int]:
        seen, frontier = {start}, [start]
        while frontier:
            frontier = [t for s in frontier for t in targets[s] if t not in seen and not seen.add(t)]
        return {s for s in seen if s < 2 * count}

    def said(state: int) -> str:
        m = state >> 1
        return f"r{graph.cells[m][0] // 9 + 1}c{graph.cells[m][0] % 9 + 1}{'=' if state & 1 else '<>'}{graph.digit[m]}"

    tables = {s: table(s) for s in range(2 * count)}
    allowed = allowed_masks(grid.values)
    house_places = []  # a digit's allowed places in a house, when each still holds it
    for cells in HOUSES:
        for d in range(1, 10):
            nodes = [graph.candidate(c, d) for c in cells if allowed[c] >> (d - 1) & 1]
            if nodes and -1 not in nodes:
                house_places.append(nodes)
    found = set()
    for s, t in tables.items():
        clash = any(2 * m in t and 2 * m + 1 in t for m in range(count))
        empty_cell = any(nodes and all(2 * m in t for m in nodes) for nodes in graph.cell_nodes)
        empty_house = any(all(2 * m in t for m in nodes) for nodes in house_places)
        if clash or empty_cell or empty_house:
            found.add(said(s ^ 1))
    for m in range(count):
        cell = graph.cells[m][0]
        both = tables[2 * m] & tables[2 * m + 1]
        found |= {said(s) for s in both if graph.cells[s >> 1][0] != cell}
    groups = [nodes for nodes in graph.cell_nodes if nodes]
    for cells in HOUSES:
        for d in range(1, 10):
            nodes = [graph.candidate(c, d) for c in cells if graph.candidate(c, d) >= 0]
            if nodes:
                groups.append(nodes)
    for nodes in groups:
        common = set.intersection(*(tables[2 * m + 1] for m in nodes))
        found |= {said(s) for s in common}
    return found


def test_the_effects_are_what_the_rules_give_premise_by_premise():
    checked = 0
    for grid, _ in shipped_positions("master", "Forcing Chain", 3)[:4] + [(PAIR, [])]:
        ours = {n for s in steps_of(forcing_chain, grid) for n in s.notation()}
        assert ours == brute_effects(grid)
        checked += 1
    assert checked == 5


def test_an_open_single_is_no_forcing_chain():
    # at a shipped Master's start, singles are open: their "contradictions" (the cell left empty
    # by the premise itself) have no chain, and the finder leaves them to the singles
    import json
    from pathlib import Path

    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / "master.json").read_text())
    steps = steps_of(forcing_chain, Grid.parse(bank["puzzles"][0]["puzzle"]))
    assert steps and all(step.links for step in steps)


def test_the_tables_close_the_grouped_view_the_loop_search_closed(monkeypatch):
    # the Grouped Nice Loop search and the Forcing Chains' tables read one closure per position
    import solver.closure as closure_module
    from solver.techniques.forcing_tables import Tables

    grid = narrowed(r1c1="12", r1c2="12", r1c3="123", r5c5="45", r5c6="45")
    graph = link_graph(grid)
    view = graph.view("grouped")
    reach = view.closure().forward()  # as the loop search asks (``loops._productive``)
    passes = []
    tarjan = closure_module._components
    monkeypatch.setattr(closure_module, "_components", lambda succ: passes.append(1) or tarjan(succ))
    tables = Tables(graph)
    assert passes == []  # no second Tarjan pass: the backward reach reuses the components
    assert tables.reach == [bits | 1 << s for s, bits in enumerate(reach)]
    forward, backward = closure_module.reachable_both(view.targets)
    assert forward == reach
    assert tables.back == [bits | 1 << s for s, bits in enumerate(backward)]
