"""The link graph and the chain techniques: X-Chain, XY-Chain, Nice Loops, AICs, grouped forms.

Hand-made positions start from an empty grid (every cell holds all nine candidates), so a
digit has strong links only where a test confines it to two places; the one chain present is
easy to check by eye. HoDoKu's regression cases for 0701-0708 run with every other
technique's in tests/test_techniques.py; the grouped codes 0709-0711 run here, because their
ALS variants need the ALS-node option the registry leaves off (as HoDoKu does). Soundness runs
along solve paths of SE-rated puzzles with solutions from solver.exact.
"""

from __future__ import annotations

from itertools import islice

import pytest

from solver.exact import solve
from solver.grid import Grid, places_of
from solver.step import Step
from solver.techniques.chains import grouped_nice_loop, nice_loop, x_chain, xy_chain
from solver.techniques.hodoku_order import rank
from solver.techniques.implications import Implications
from solver.techniques.intersections import locked_candidates_claiming, locked_candidates_pointing
from solver.techniques.link_changes import new_strong_link
from solver.techniques.link_view import state
from solver.techniques.links import link_graph
from solver.techniques.loops import loops_and_aics
from solver.techniques.singles import full_house, hidden_single, naked_single
from solver.techniques.subsets import hidden_pair, naked_pair, naked_triple
from tests.conftest import data_puzzles
from tests.positions import cell, confine, elims, narrowed, notation, shipped_puzzles, steps_of
from tests.reglib import REGLIB_TECHNIQUES, reglib_cases
from tests.solving import rated_puzzles

FINDERS = (x_chain, xy_chain, nice_loop, grouped_nice_loop)
ROW1, ROW3, ROW5, ROW8, COL9, BOX1, BOX2, BOX3 = 0, 2, 4, 7, 17, 18, 19, 20


def named(steps: list[Step], technique: str) -> list[Step]:
    return [step for step in steps if step.technique == technique]


def x_chain_position() -> Grid:
    """4 has two places in row 1 (r1c2, r1c8) and in row 8 (r8c3, r8c8)."""
    grid = narrowed()
    confine(grid, "4", ROW1, "r1c2", "r1c8")
    return confine(grid, "4", ROW8, "r8c3", "r8c8")


def with_five_link_x_chain(grid: Grid) -> Grid:
    """``grid`` with 7 in two places in rows 1, 5 and 8: an X-Chain of five links from r1c1 to
    r8c2, whose ends r2c2, r3c2, r7c1 and r9c1 see."""
    confine(grid, "7", ROW1, "r1c1", "r1c5")
    confine(grid, "7", ROW5, "r5c5", "r5c9")
    return confine(grid, "7", ROW8, "r8c9", "r8c2")


# --- the link graph ---------------------------------------------------------------------------


def test_link_graph_strong_and_weak_links():
    grid = narrowed(r1c1="12")
    confine(grid, "4", ROW1, "r1c2", "r1c8")
    graph = link_graph(grid)
    one, two = graph.candidate(cell("r1c1"), 1), graph.candidate(cell("r1c1"), 2)
    four, partner = graph.candidate(cell("r1c2"), 4), graph.candidate(cell("r1c8"), 4)
    assert graph.candidate(cell("r1c1"), 3) == -1
    assert two in graph.strong[one] and two in graph.weak[one]  # a bivalue cell
    assert partner in graph.strong[four] and partner in graph.weak[four]  # two places in row 1
    assert graph.candidate(cell("r2c2"), 4) in graph.weak[four]  # box 1
    assert graph.candidate(cell("r2c2"), 4) not in graph.strong[four]
    assert graph.node(four) == ((cell("r1c2"),), 4)
    assert all(node not in graph.weak[node] for node in range(graph.size))


def test_link_graph_grouped_nodes():
    grid = narrowed()
    confine(grid, "4", ROW1, "r1c1", "r1c7", "r1c8")
    graph = link_graph(grid)
    assert graph.size == graph.candidate_count  # the grouped nodes come with the first view that needs them
    graph.view("grouped")
    groups = {graph.cells[n]: n for n in range(graph.candidate_count, graph.size) if graph.digit[n] == 4}
    group = groups[(cell("r1c7"), cell("r1c8"))]
    assert graph.is_group(group)
    # the rest of row 1 is r1c1 alone: a strong link; the rest of box 3 sees both cells
    assert graph.candidate(cell("r1c1"), 4) in graph.strong[group]
    assert graph.candidate(cell("r2c9"), 4) in graph.weak[group]
    assert graph.candidate(cell("r2c1"), 4) not in graph.weak[group]
    # grouped nodes of the same box that don't overlap it are weakly linked
    assert groups[(cell("r2c7"), cell("r2c8"), cell("r2c9"))] in graph.weak[group]
    assert groups[(cell("r1c7"), cell("r2c7"), cell("r3c7"))] not in graph.weak[group]


def stalls_of_shipped_puzzles(n: int) -> list[Grid]:
    """Where Hard techniques stall on the first ``n`` shipped Expert and Master puzzles."""
    import json
    from pathlib import Path

    from solver.levels import Level
    from solver.walks import walk_in_bulk

    grids = []
    for name in ("expert", "master"):
        bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / f"{name}.json").read_text())
        for entry in bank["puzzles"][:n]:
            grid = Grid.parse(entry["puzzle"])
            walk_in_bulk(grid, Level.HARD)
            grids.append(grid)
    return grids


def test_link_graph_links_are_the_definitions_in_hodokus_order():
    # a candidate's weak links: its cell's other digits, then its digit in the rest of its row,
    # column and box, each part in cell order; strong: a bivalue cell's other digit, then the
    # other place of a digit with two places in the row, column or box, each once
    from solver.grid import BOX_OF, COL_OF, HOUSES_OF, PEER_MASK, ROW_OF

    for grid in stalls_of_shipped_puzzles(6):
        graph = link_graph(grid)
        graph.view("grouped")
        cands = grid.candidates
        for node in range(graph.candidate_count):
            (c,), d = graph.cells[node], graph.digit[node]
            here = [graph.candidate(c, e) for e in range(1, 10) if e != d and cands[c] >> (e - 1) & 1]
            holds = [x for x in range(81) if x != c and cands[x] >> (d - 1) & 1]
            row = [x for x in holds if ROW_OF[x] == ROW_OF[c]]
            column = [x for x in holds if COL_OF[x] == COL_OF[c]]
            box = [x for x in holds if BOX_OF[x] == BOX_OF[c] and x not in row and x not in column]
            expected = here + [graph.candidate(x, d) for x in row + column + box]
            assert [y for y in graph.weak[node] if y < graph.candidate_count] == expected
            strong = here if len(here) == 1 else []
            for house in HOUSES_OF[c]:
                places = [x for x in holds if house in HOUSES_OF[x]]
                if len(places) == 1 and graph.candidate(places[0], d) not in strong:
                    strong = [*strong, graph.candidate(places[0], d)]
            assert [y for y in graph.strong[node] if y < graph.candidate_count] == strong
        for node in range(graph.candidate_count, graph.size):  # grouped nodes
            sees = (1 << 81) - 1
            for c in graph.cells[node]:
                sees &= PEER_MASK[c]
            assert graph.sees[node] == sees
            assert graph.cell_mask[node] == sum(1 << c for c in graph.cells[node])
            assert graph.first_cell[node] == 1 << graph.cells[node][0]
            assert list(graph.cells[node]) == sorted(graph.cells[node]) and len(graph.cells[node]) in (2, 3)


def test_link_graph_is_cached_per_candidate_state():
    grid = x_chain_position()
    graph = link_graph(grid)
    assert link_graph(grid.copy()) is graph
    grid.eliminate(cell("r5c5"), 4)
    assert link_graph(grid) is not graph


def test_implications_rebuild_the_shortest_chain():
    graph = link_graph(x_chain_position())
    premise = state(graph.candidate(cell("r1c2"), 4), False)
    end = state(graph.candidate(cell("r8c3"), 4), True)
    implications = Implications(graph, graph.view("x"), [premise])
    depth = next(depth for depth, layer, _ in implications if end in layer)
    chain = implications.chain(premise, end, depth)
    assert depth == 3 and [s & 1 for s in chain] == [0, 1, 0, 1]
    assert "".join(graph.name(s >> 1) for s in chain) == "r1c2r1c8r8c8r8c3"


# --- X-Chain and XY-Chain ----------------------------------------------------------------------


def test_x_chain():
    steps = steps_of(x_chain, x_chain_position())
    assert len(steps) == 1
    step = steps[0]
    assert notation(step) == elims("r2c3<>4 r3c3<>4 r7c2<>4 r9c2<>4")
    assert str(step) == ("X-Chain: (4)r8c3=(4)r8c8-(4)r1c8=(4)r1c2 => r2c3<>4, r3c3<>4, r7c2<>4, r9c2<>4")
    assert step.text == (
        "If r8c3 is not 4, r8c8 is; then r1c8 is not, so r1c2 is: either way r2c3, r3c3, r7c2 "
        "and r9c2, which see both ends, can't be 4."
    )
    assert set(step.pattern) == {(cell(n), 4) for n in ("r1c2", "r1c8", "r8c8", "r8c3")}
    assert step.houses == (ROW8, 16, ROW1)


def test_x_chain_of_five_links():
    steps = steps_of(x_chain, with_five_link_x_chain(narrowed()))
    five = [step for step in steps if len(step.links) == 5]
    assert [notation(step) for step in five] == [elims("r2c2<>7 r3c2<>7 r7c1<>7 r9c1<>7")]


def test_x_chain_must_not_fire_without_a_cell_seeing_both_ends():
    grid = narrowed()
    confine(grid, "4", ROW1, "r1c2", "r1c8")
    confine(grid, "4", 4, "r5c8", "r5c5")  # r1c8-r5c8 weak; ends r1c2 and r5c5 share no cell
    for digit in "123456789":
        if digit != "4":
            confine(grid, digit, ROW1, "r1c1", "r1c9")
    assert not steps_of(x_chain, grid)


def test_xy_chain():
    grid = narrowed(r1c1="12", r1c5="23", r5c5="34", r5c9="41")
    steps = steps_of(xy_chain, grid)
    assert [notation(step) for step in steps] == [elims("r1c9<>1 r5c1<>1")]
    assert str(steps[0]) == "XY-Chain: (1=4)r5c9-(4=3)r5c5-(3=2)r1c5-(2=1)r1c1 => r1c9<>1, r5c1<>1"
    assert steps[0].text.startswith("If r5c9 is not 1, it is 4; then r5c5 is not, so it is 3;")


def test_xy_chain_must_not_fire_when_the_ends_hold_different_digits():
    grid = narrowed(r1c1="12", r1c5="23", r5c5="34", r5c9="45")
    assert not steps_of(xy_chain, grid)


# --- Nice Loops and AICs ------------------------------------------------------------------------


def test_xy_loop_is_four_aics_as_in_hodoku():
    """Four bivalue cells in a ring: HoDoKu 2.2 finds no Continuous Nice Loop here (each way
    round comes back to its premise, the first entry of its table) but one AIC per digit, and
    lists them in this order, each chain read from the same cell (checked with its
    TablingSolver)."""
    grid = narrowed(r1c1="12", r1c5="23", r5c5="34", r5c1="41")
    steps = steps_of(nice_loop, grid)
    assert not named(steps, "Continuous Nice Loop")
    columns = " ".join(f"r{r}c1<>1" for r in (2, 3, 4, 6, 7, 8, 9))
    assert [step.chain_text() for step in steps[:4]] == [
        "(2=1)r1c1-(1=4)r5c1-(4=3)r5c5-(3=2)r1c5",
        "(4=1)r5c1-(1=2)r1c1-(2=3)r1c5-(3=4)r5c5",
        "(1=2)r1c1-(2=3)r1c5-(3=4)r5c5-(4=1)r5c1",
        "(3=2)r1c5-(2=1)r1c1-(1=4)r5c1-(4=3)r5c5",
    ]
    assert notation(steps[0]) == elims(" ".join(f"r1c{c}<>2" for c in (2, 3, 4, 6, 7, 8, 9)))
    assert notation(steps[2]) == elims(columns)
    assert {step.technique for step in steps[:4]} == {"AIC"}


def test_x_loop_is_two_aics_as_in_hodoku():
    """5 twice in rows 1 and 5, both times in columns 1 and 5 (an X-Wing read as a loop): as
    HoDoKu 2.2, an AIC for each column, no Continuous Nice Loop."""
    grid = narrowed()
    confine(grid, "5", ROW1, "r1c1", "r1c5")
    confine(grid, "5", ROW5, "r5c1", "r5c5")
    steps = steps_of(nice_loop, grid)
    assert not named(steps, "Continuous Nice Loop")
    assert [str(step) for step in named(steps, "AIC")] == [
        "AIC: (5)r1c1=(5)r1c5-(5)r5c5=(5)r5c1 => " + ", ".join(f"r{r}c1<>5" for r in (2, 3, 4, 6, 7, 8, 9)),
        "AIC: (5)r1c5=(5)r1c1-(5)r5c1=(5)r5c5 => " + ", ".join(f"r{r}c5<>5" for r in (2, 3, 4, 6, 7, 8, 9)),
    ]


def test_discontinuous_nice_loops_and_aic_of_one_digit():
    steps = steps_of(nice_loop, x_chain_position())
    aics = named(steps, "AIC")
    assert [notation(step) for step in aics] == [elims("r2c3<>4 r3c3<>4 r7c2<>4 r9c2<>4")]
    loops = named(steps, "Discontinuous Nice Loop")
    assert {tuple(notation(step)) for step in loops} == {
        ("r2c3<>4",),
        ("r3c3<>4",),
        ("r7c2<>4",),
        ("r9c2<>4",),
    }
    r2c3 = next(step for step in loops if notation(step) == {"r2c3<>4"})
    assert r2c3.chain_text() == "(4)r2c3-(4)r8c3=(4)r8c8-(4)r1c8=(4)r1c2-(4)r2c3"  # the chain its table holds
    assert r2c3.text.endswith("a contradiction (r2c3 can't be 4 and not be it), so r2c3 can't be 4.")


def aic_two_digits_position() -> Grid:
    """1 has two places in row 1, 2 in box 2, 5 in row 3: a chain from r3c2 (5) to r1c1 (1)."""
    grid = narrowed()
    confine(grid, "1", ROW1, "r1c1", "r1c5")
    confine(grid, "2", BOX2, "r1c5", "r3c6")
    return confine(grid, "5", ROW3, "r3c6", "r3c2")


def test_aic_with_two_digits_at_its_ends():
    steps = steps_of(nice_loop, aic_two_digits_position())
    aics = named(steps, "AIC")
    # HoDoKu 2.2: "AIC: 1/5 1- r1c1 =1= r1c5 =2= r3c6 =5= r3c2 -5 => r3c2<>1, r1c1<>5"
    assert [str(step) for step in aics] == ["AIC: (1)r1c1=(1)r1c5-(2)r1c5=(2)r3c6-(5)r3c6=(5)r3c2 => r1c1<>5, r3c2<>1"]
    assert "either way r1c1 is 1 or r3c2 is 5" in aics[0].text
    # each elimination alone is a discontinuous loop: two digits in one cell, or read backwards
    loops = {str(step) for step in named(steps, "Discontinuous Nice Loop")}
    assert loops == {
        "Discontinuous Nice Loop: (5)r1c1-(5)r3c2=(5)r3c6-(2)r3c6=(2)r1c5-(1)r1c5=(1)r1c1 => r1c1<>5",
        "Discontinuous Nice Loop: (1)r3c2-(1)r1c1=(1)r1c5-(2)r1c5=(2)r3c6-(5)r3c6=(5)r3c2 => r3c2<>1",
    }


def test_discontinuous_nice_loop_that_places_a_digit():
    # r1c1 not 6 -> r1c9 is 6 -> r1c9 not 7 -> r5c9 is 7 -> r5c9 not 8 -> r5c1 is 8 -> r5c1
    # not 6 -> r1c1 is 6: r1c1 must be 6 (each link: a digit with two places in a house)
    grid = narrowed()
    confine(grid, "6", ROW1, "r1c1", "r1c9")
    confine(grid, "7", COL9, "r1c9", "r5c9")
    confine(grid, "8", ROW5, "r5c9", "r5c1")
    confine(grid, "6", 9, "r1c1", "r5c1")
    loops = named(steps_of(nice_loop, grid), "Discontinuous Nice Loop")
    placing = [step for step in loops if notation(step) == elims("r1c1<>12345789")]
    assert len(placing) == 1
    assert placing[0].chain_text() == "(6)r1c1=(6)r1c9-(7)r1c9=(7)r5c9-(8)r5c9=(8)r5c1-(6)r5c1=(6)r1c1"
    assert placing[0].text.endswith("assuming the opposite proves it, so r1c1 is 6.")


def test_grouped_discontinuous_nice_loop():
    grid = narrowed()
    confine(grid, "4", ROW1, "r1c1", "r1c7", "r1c8")
    confine(grid, "4", BOX3, "r1c7", "r1c8", "r2c9")
    confine(grid, "4", COL9, "r2c9", "r7c9")
    assert not steps_of(nice_loop, grid)  # the chain needs the grouped node r1c78
    steps = steps_of(grouped_nice_loop, grid)
    assert all(step.technique.startswith("Grouped ") and step.groups for step in steps)
    loop = next(step for step in steps if notation(step) == {"r7c1<>4"})
    assert str(loop) == ("Grouped Discontinuous Nice Loop: (4)r7c1-(4)r7c9=(4)r2c9-(4)r1c78=(4)r1c1-(4)r7c1 => r7c1<>4")
    assert "r2c9 is; then neither r1c7 nor r1c8 is, so r1c1 is" in loop.text
    assert loop.groups == (((cell("r1c7"), 4), (cell("r1c8"), 4)),)


def test_chains_must_not_fire_without_strong_links():
    grid = narrowed(r1c1="12", r9c9="34")  # two bivalue cells that share no digit or house
    for finder in FINDERS:
        assert not steps_of(finder, grid), finder.__name__


def test_first_step_is_hodokus_most_eliminations_then_lowest_weighted_index_sum():
    # two X-Chains removing four candidates each: the 3-link chain on 4 and a 5-link chain on
    # 7; HoDoKu sorts by the eliminations' weighted index sum (rule 2 of hodoku_order), not by
    # length, so the longer chain, whose eliminations lie further up and left, comes first
    steps = steps_of(x_chain, with_five_link_x_chain(x_chain_position()))
    assert [len(step.links) for step in steps] == [5, 3]
    assert notation(steps[0]) == elims("r2c2<>7 r3c2<>7 r7c1<>7 r9c1<>7")
    assert [rank(step.eliminations) for step in steps] == sorted(rank(step.eliminations) for step in steps)


def test_hodoku_rank_counts_eliminations_first_then_weights_their_cells_by_position():
    # r1c1<>5 and r1c2<>5: 0 * 1 + 5 + 1 * 81 + 5
    assert rank([(1, 5), (0, 5)]) == (-2, 91)
    assert rank([(80, 9)]) > rank([(0, 1), (1, 1)])  # more eliminations win
    # listed by digit first: r9c9<>1 comes before r1c1<>2
    assert rank([(0, 2), (80, 1)]) == (-2, 80 + 1 + 0 * 81 + 2)


# --- a search that found nothing, skipped where nothing new came --------------------------------


def _new_links(before: Grid, now: Grid, grouped: bool) -> bool:
    return new_strong_link(
        before.candidates, places_of(before.candidates), now.candidates, places_of(now.candidates), grouped
    )


def test_new_strong_links_are_bivalue_cells_and_conjugate_pairs():
    before = confine(narrowed(r5c5="123"), "7", ROW1, "r1c1", "r1c4", "r1c7")
    same = before.copy()
    same.eliminate(cell("r9c9"), 1)  # 1 keeps eight places or more in each house of r9c9
    assert not _new_links(before, same, grouped=False)
    bivalue = before.copy()
    bivalue.eliminate(cell("r5c5"), 3)
    assert _new_links(before, bivalue, grouped=False)
    pair = before.copy()
    pair.eliminate(cell("r1c7"), 7)  # 7 in row 1: three places, now two
    assert _new_links(before, pair, grouped=False)
    assert _new_links(pair, before, grouped=False)  # a candidate came back: not a later position


def test_new_grouped_links_are_splits_with_a_lost_place_outside_their_groups():
    # 7 in row 1 at r1c1, r1c2 (box 1), r1c4 and r1c7; no other 7 in columns 1 and 2 of box 1
    before = confine(narrowed(), "7", ROW1, "r1c1", "r1c2", "r1c4", "r1c7")
    for name in ("r2c1", "r3c1", "r2c2", "r3c2"):
        before.eliminate(cell(name), 7)
    now = before.copy()
    now.eliminate(cell("r1c7"), 7)  # row 1 splits into the group r1c1/r1c2 and r1c4
    assert not _new_links(before, now, grouped=False)
    assert _new_links(before, now, grouped=True)
    # 7 in row 1 at r1c1, r1c2, r1c3 and r1c5, in box 1 in its rows 1 and 2: losing r1c3
    # shrinks the group r1c1/r1c2/r1c3, which keeps its links to r1c5 and to r2c1/r2c2/r2c3
    before = confine(narrowed(), "7", ROW1, "r1c1", "r1c2", "r1c3", "r1c5")
    confine(before, "7", BOX1, "r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3")
    now = before.copy()
    now.eliminate(cell("r1c3"), 7)
    assert not _new_links(before, now, grouped=True)


def test_new_grouped_links_include_a_row_and_a_column_group_that_no_longer_overlap():
    before = narrowed()
    now = before.copy()
    now.eliminate(cell("r1c1"), 5)  # box 1: the groups r1c2/r1c3 and r2c1/r3c1 now weakly linked
    assert not _new_links(before, now, grouped=False)
    assert _new_links(before, now, grouped=True)


def test_loop_search_that_skips_finds_what_the_whole_search_finds(monkeypatch):
    """Along the Solo paths of shipped Masters, at every position: Nice Loops and AICs, plain
    then grouped, as the path asks for them (skipping where ``loops._quiet_since`` allows),
    yield the same steps as the whole search; and the search did skip."""
    from solver.human import solve_path
    from solver.techniques import loops

    quiet_since = loops._quiet_since
    skips = []

    def counted(now: tuple[int, ...], grouped: bool) -> bool:
        skips.append(quiet_since(now, grouped))
        return skips[-1]

    monkeypatch.setattr(loops, "_quiet_since", counted)
    monkeypatch.setattr(loops, "_QUIET", {})
    positions = 0
    for puzzle in shipped_puzzles("master", 4):
        work = Grid.parse(puzzle)
        for step in solve_path(work.copy()).steps:
            for grouped in (False, True):
                fast = [(s.technique, s.eliminations, s.links) for s in loops_and_aics(work, grouped)]
                kept = dict(loops._QUIET)
                loops._QUIET.clear()
                whole = [(s.technique, s.eliminations, s.links) for s in loops_and_aics(work, grouped)]
                loops._QUIET.clear()
                loops._QUIET.update(kept)
                assert fast == whole, (puzzle, step)
            positions += 1
            step.apply(work)
    assert positions > 100 and skips.count(True) > 20, (positions, skips.count(True))


# --- HoDoKu's regression cases for the grouped codes ----------------------------------------------

ALS_VARIANTS = {"0709": ("2",), "0710": ("3", "4"), "0711": ("3", "4")}


@pytest.mark.parametrize("code", sorted(ALS_VARIANTS))
def test_reglib_grouped_codes_every_variant(code):
    """Variants without ALS with the registered finder; ALS variants with ALS nodes on."""
    name = REGLIB_TECHNIQUES[code]
    failed = []
    for case in reglib_cases(code):
        if case.variant in ALS_VARIANTS[code]:
            steps = steps_of(lambda grid: loops_and_aics(grid, grouped=True, als=True), case.grid)
        else:
            steps = steps_of(grouped_nice_loop, case.grid)
        if not any(step.technique == name and set(step.eliminations) == case.eliminations for step in steps):
            failed.append(str(case))
    assert not failed, failed


def test_als_nodes_print_as_eureka_sets():
    case = next(case for case in reglib_cases("0711") if case.line_no == 1344)
    steps = steps_of(lambda grid: loops_and_aics(grid, grouped=True, als=True), case.grid)
    step = next(step for step in steps if set(step.eliminations) == case.eliminations)
    assert "(8=7)r2c258" in step.chain_text() or "ALS" not in step.chain_text()
    assert any(len(group) > 2 for group in step.groups)


# --- soundness along solve paths ------------------------------------------------------------------

BASIC = (
    full_house,
    naked_single,
    hidden_single,
    locked_candidates_pointing,
    locked_candidates_claiming,
    naked_pair,
    hidden_pair,
    naked_triple,
)


def check_chain_steps(puzzle: str, every_step: bool = True) -> int:
    """Walk a solve path (basic techniques, then chains, else a solution digit); at every
    position where the basic techniques are stuck, every step of every chain finder (or only
    the first, without ``every_step``) must keep the solution. Returns the number of chain
    steps checked."""
    grid = Grid.parse(puzzle)
    solution = solve(grid.values)
    checked = 0
    while not grid.is_solved():
        step = next((s for finder in BASIC for s in finder(grid)), None)
        if step is None:
            firsts = []
            for finder in FINDERS:
                steps = steps_of(finder, grid) if every_step else list(islice(finder(grid), 1))
                firsts += steps[:1]
                for chain in steps:
                    checked += 1
                    assert chain.eliminations and not chain.placements, str(chain)
                    for c, d in chain.eliminations:
                        assert solution[c] != d, (puzzle, str(chain))
            step = firsts[0] if firsts else None
        if step is None:
            empty = min(grid.empty_cells(), key=lambda c: grid.candidates[c].bit_count())
            grid.place(empty, solution[empty])
        else:
            step.apply(grid)
    assert grid.values == solution
    return checked


def test_soundness_along_solve_paths():
    """50 puzzles rated 6.0 or more: every step on the first 10 paths, the first step of each
    finder on the others (the slow run checks every step on 150 such paths and harder ones)."""
    puzzles = rated_puzzles(50)
    assert len(puzzles) == 50
    checked = sum(check_chain_steps(puzzle, every_step=i < 10) for i, puzzle in enumerate(puzzles))
    assert checked > 2500


@pytest.mark.slow
def test_soundness_of_every_step_along_solve_paths():
    for puzzle in rated_puzzles(150) + rated_puzzles(300, 8.0) + data_puzzles("top95.txt"):
        check_chain_steps(puzzle)
