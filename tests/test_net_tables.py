"""Forcing Nets in HoDoKu 2.2's order (solver.techniques.net_tables, ImplicationEngine.look_ahead)."""

from __future__ import annotations

from solver.grid import Grid
from solver.human import solve_path
from solver.implication import ImplicationEngine, candidates
from solver.techniques.net_tables import forcing_net
from tests.positions import cell, narrowed, shipped_positions, steps_of


def cand(name: str, digit: int) -> int:
    """The candidate index (9 * cell + digit - 1) of ``digit`` in cell ``name`` ("r1c1")."""
    return 9 * cell(name) + digit - 1


def names(bits: int) -> list[str]:
    """The names ("r1c2=3") of a set of field bits, in candidate order."""
    return [f"r{c // 81 + 1}c{c // 9 % 9 + 1}={c % 9 + 1}" for c in candidates(bits)]


def test_a_premise_set_clears_its_peers_and_nothing_more_on_an_open_grid():
    placed, removed = ImplicationEngine(Grid().candidates).look_ahead(cand("r1c1", 1), True, 4)
    assert names(placed) == ["r1c1=1"]
    peers = {f"r{r}c1=1" for r in range(2, 10)} | {f"r1c{c}=1" for c in range(2, 10)}
    peers |= {f"r{r}c{c}=1" for r in (2, 3) for c in (2, 3)}
    assert set(names(removed)) == peers | {f"r1c1={d}" for d in range(2, 10)}


def test_a_removed_premise_sets_its_cells_last_candidate_then_plays_singles_round_by_round():
    # r1c1 {1,2}, r1c2 {2,3}, r1c3 {3,4}, r1c4 {4,5}, ...: a row of bivalue cells, each set
    # by the one before; the premise's cell counts before the rounds, so 4 rounds reach r1c5
    grid = narrowed(r1c1="12", r1c2="23", r1c3="34", r1c4="45", r1c5="56", r1c6="67", r1c7="78")
    placed, _ = ImplicationEngine(grid.candidates).look_ahead(cand("r1c1", 1), False, 4)
    assert names(placed) == ["r1c1=2", "r1c2=3", "r1c3=4", "r1c4=5", "r1c5=6"]


def test_two_singles_of_one_digit_in_a_round_both_count_true_as_hodoku_records_them():
    grid = narrowed(r1c1="12", r1c2="13", r1c3="13")
    placed, removed = ImplicationEngine(grid.candidates).look_ahead(cand("r1c1", 1), True, 4)
    assert {"r1c2=3", "r1c3=3"} <= set(names(placed))
    assert set(names(placed)) & set(names(removed)), "the clash is in the table"


# HoDoKu 2.2's own Forcing Net steps (hodoku-bs /vp) on Masters made by `gen` whose paths,
# with these, are HoDoKu's step for step: the effect and the kind of each.
HODOKU_FORCING_NETS = {
    "070053000000460070200100000008007100960010030500000000000300006800500094040000050": [
        ("Forcing Net Verity", "r2c2=8"),
    ],
    "600040000009700000300820000090300700100000080050002406270000018001000005060030040": [
        ("Forcing Net Contradiction", "r1c2=8"),
    ],
    "200050030008000000000602008020070850070000006300009020001300760080000003000006500": [
        ("Forcing Net Contradiction", "r3c3=3"),
        ("Forcing Net Contradiction", "r4c4=4"),
        ("Forcing Net Verity", "r1c2=9"),
    ],
    "000100003000004005009000486008007020000000800103200604050010000400370000000029000": [
        ("Forcing Net Contradiction", "r1c5=6"),
        ("Forcing Net Contradiction", "r4c9=1"),
    ],
}


def test_the_solo_path_takes_hodokus_forcing_nets():
    for puzzle, theirs in HODOKU_FORCING_NETS.items():
        steps = [s for s in solve_path(Grid.parse(puzzle)).steps if s.technique.startswith("Forcing Net")]
        ours = [(s.technique, n) for s in steps for n in s.notation()]
        assert ours == theirs, puzzle


def test_a_verity_whose_other_branches_are_contradictions_says_so():
    puzzle = "200050030008000000000602008020070850070000006300009020001300760080000003000006500"
    step = next(s for s in solve_path(Grid.parse(puzzle)).steps if s.placements == ((1, 9),))
    assert step.technique == "Forcing Net Verity"
    assert step.text == (
        "r6c2 must hold one of its candidates: whichever is true (r6c2=1, r6c2=4 or r6c2=5), the "
        "links lead to r1c2=9 (r6c2=1 and r6c2=5 lead to a contradiction instead). So r1c2=9."
    )


def test_steps_are_sound_placements_first_each_shown_by_a_net():
    positions = shipped_positions("master", "Forcing Net", 40)  # (position, solution) each
    assert len(positions) >= 5
    for grid, solution in positions[:8]:
        steps = steps_of(forcing_net, grid)[:6]
        assert steps
        placing = [bool(s.placements) for s in steps]
        assert placing == sorted(placing, reverse=True), "placements before eliminations"
        for step in steps:
            assert step.technique in ("Forcing Net Contradiction", "Forcing Net Verity")
            assert all(solution[c] == d for c, d in step.placements), str(step)
            assert all(solution[c] != d for c, d in step.eliminations), str(step)
            assert step.links and step.text and step.pattern
