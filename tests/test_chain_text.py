"""A chain read aloud (solver.techniques.chain_text): the sentence beside every chain step.

The finders' tests check whole sentences on real positions; these pin each kind of clause on a
hand-made graph: a candidate, the same cell again ("it"), the same digit again (left out),
grouped nodes of two and of three cells, an Almost Locked Set, and how the clauses join; then
each kind of nice loop's and AIC's whole sentence (the chains need not be sound: only the
wording is under test).
"""

from __future__ import annotations

from solver.grid import ALL_DIGITS, DIGITS_OF, Grid
from solver.techniques.als_links import als_view
from solver.techniques.chain_text import aic_text, loop_text, removals, statement, walk_text
from solver.techniques.links import LinkGraph, link_graph


def _graph() -> LinkGraph:
    """Every candidate everywhere but 4 in r1c3, so box 1's 4s in row 1 are a group of two
    cells (r1c1, r1c2) and its 5s a group of three."""
    candidates = [ALL_DIGITS] * 81
    candidates[2] = ALL_DIGITS & ~(1 << 3)
    graph = LinkGraph(candidates)
    graph.view("grouped")  # adds the grouped nodes
    return graph


def _group(graph: LinkGraph, cells: tuple[int, ...], digit: int) -> int:
    return next(n for n in range(graph.candidate_count, graph.size) if graph.node(n) == (cells, digit))


def test_a_candidate_is_named_by_cell_and_digit_and_the_digit_is_not_repeated() -> None:
    graph = _graph()
    r1c1_4, r1c1_7, r2c1_4 = graph.candidate(0, 4), graph.candidate(0, 7), graph.candidate(9, 4)
    assert statement(graph, r1c1_4, 1) == "r1c1 is 4"
    assert statement(graph, r1c1_4, 0) == "r1c1 is not 4"
    assert statement(graph, r1c1_7, 1, previous=r1c1_4) == "it is 7"  # the same cell: "it"
    assert statement(graph, r2c1_4, 0, previous=r1c1_4) == "r2c1 is not"  # the same digit: left out
    assert statement(graph, r2c1_4, 1, previous=r1c1_7) == "r2c1 is 4"


def test_a_grouped_node_names_all_its_cells() -> None:
    graph = _graph()
    pair = _group(graph, (0, 1), 4)
    triple = _group(graph, (0, 1, 2), 5)
    assert statement(graph, pair, 1) == "r1c1 or r1c2 is 4"
    assert statement(graph, pair, 0) == "neither r1c1 nor r1c2 is 4"
    assert statement(graph, triple, 1) == "r1c1 or r1c2 or r1c3 is 5"
    assert statement(graph, triple, 0) == "none of r1c1, r1c2 and r1c3 is 5"
    assert statement(graph, triple, 0, previous=graph.candidate(80, 5)) == "none of r1c1, r1c2 and r1c3 is"


def test_a_chain_reads_premise_first_then_each_link() -> None:
    graph = _graph()
    r1c1, r1c9, r9c9, r9c1 = (graph.candidate(cell, 4) for cell in (0, 8, 80, 72))
    chain = [2 * r1c1, 2 * r1c9 + 1, 2 * r9c9, 2 * r9c1 + 1]
    assert walk_text(graph, chain) == "If r1c1 is not 4, r1c9 is; then r9c9 is not, so r9c1 is"
    assert walk_text(graph, [2 * r1c1 + 1]) == "If r1c1 is 4"


def test_an_almost_locked_set_must_hold_its_digit_or_holds_none() -> None:
    grid = Grid.parse("7..2.....8..67....54.8...2.......8...7.....9.2..16......3.1...4.1..2.38......89.6")
    graph = link_graph(grid)
    als_view(graph)  # adds the ALS nodes
    first = graph.als_start
    assert graph.node(first) == ((1, 2, 4, 5, 6), 1)
    digits = set().union(*(DIGITS_OF[grid.candidates[c]] for c in graph.cells[first]))
    assert len(digits) == 6  # an almost locked set: one digit more than cells, as the sentence says
    assert statement(graph, first, 1) == "the set r1c2/r1c3/r1c5/r1c6/r1c7 (5 cells, 6 digits) must hold 1"
    assert statement(graph, first, 0) == "the set r1c2/r1c3/r1c5/r1c6/r1c7 holds no 1"


def _nodes(graph: LinkGraph, *pairs: tuple[int, int]) -> list[int]:
    """The node ids of (cell, digit) candidates."""
    return [graph.candidate(cell, digit) for cell, digit in pairs]


def test_removals_are_grouped_by_digit() -> None:
    assert removals(((0, 2), (1, 2), (9, 1))) == "r1c1 and r1c2 can't be 2; r2c1 can't be 1"


def test_a_continuous_loop_says_every_weak_link_has_one_true_end() -> None:
    graph = _graph()
    a4, b4, b7, a7 = _nodes(graph, (0, 4), (4, 4), (4, 7), (0, 7))
    chain = [2 * a4 + 1, 2 * b4, 2 * b7 + 1, 2 * a7]
    assert loop_text(graph, chain, ((8, 4), (2, 7)), continuous=True) == (
        "If r1c1 is 4, r1c5 is not, so it is 7; then r1c1 is not, back where it started. The loop "
        "works whichever way round it is read, so each weak link in it has exactly one true end: "
        "r1c9 can't be 4; r1c3 can't be 7."
    )


def test_each_discontinuous_loop_names_its_contradiction() -> None:
    graph = _graph()
    a4, b4, b7, c7, a7 = _nodes(graph, (0, 4), (4, 4), (4, 7), (8, 7), (0, 7))
    two_digits = [2 * a4 + 1, 2 * b4, 2 * b7 + 1, 2 * c7, 2 * a7 + 1]
    assert loop_text(graph, two_digits, ((0, 4),), continuous=False) == (
        "If r1c1 is 4, r1c5 is not, so it is 7; then r1c9 is not, so r1c1 is: a contradiction "
        "(r1c1 can't hold two digits), so r1c1 can't be 4."
    )
    itself = [2 * a4 + 1, 2 * b4, 2 * b7 + 1, 2 * c7, 2 * a4]
    assert loop_text(graph, itself, ((0, 4),), continuous=False).endswith(
        "; then r1c9 is not; then r1c1 is not 4: a contradiction (r1c1 can't be 4 and not be it), so r1c1 can't be 4."
    )
    backwards = [2 * a4, 2 * b4 + 1, 2 * b7, 2 * a7]
    assert loop_text(graph, backwards, ((0, 7),), continuous=False) == (
        "If r1c1 is not 4, r1c5 is; then it is not 7; then r1c1 is not. Read backwards: if r1c1 "
        "were 7, it would have to be 4 too, so r1c1 can't be 7."
    )
    proves = [2 * a4, 2 * b4 + 1, 2 * b7, 2 * c7 + 1, 2 * a4 + 1]
    assert loop_text(graph, proves, (), continuous=False).endswith(": assuming the opposite proves it, so r1c1 is 4.")


def test_an_aic_on_two_digits_removes_each_from_the_other_end() -> None:
    graph = _graph()
    a4, b4, b7, c7 = _nodes(graph, (0, 4), (4, 4), (4, 7), (10, 7))
    chain = [2 * a4, 2 * b4 + 1, 2 * b7, 2 * c7 + 1]
    assert aic_text(graph, chain, ((0, 7), (10, 4))) == (
        "If r1c1 is not 4, r1c5 is; then it is not 7, so r2c2 is: either way r1c1 is 4 or r2c2 "
        "is 7, and as the two cells see each other, r1c1 can't be 7; r2c2 can't be 4."
    )
