"""The Sudoku Explainer estimate (solver.se and its rules): ratings, soundness, calibration.

Hand-made positions check that each rule finds what Sudoku Explainer finds and rates it the
same; puzzles of the Sudoku Exchange bank (rated by SukakuExplainer) check the whole path. The
bank-wide calibration (Spearman rank correlation, error per band, share finished) is the slow
test at the end.
"""

from __future__ import annotations

from statistics import mean

import pytest

from solver.exact import solve
from solver.grid import Grid, digit_places
from solver.se.basic import BASIC_RULES, CHAIN_COST
from solver.se.bug import bug
from solver.se.chains import Position, length_bonus, propagate
from solver.se.exclusion import aligned_pair_exclusion
from solver.se.multiple import multiple_chains
from solver.se.nested import MAX_NESTING, nested_rule
from solver.se.rating import next_hint, rate
from solver.se.rules import (
    direct_hidden_set,
    direct_locking,
    strong_links,
    wings,
)
from solver.se.static import forcing_chains_and_cycles
from solver.walks import propagate_singles
from tests.conftest import data_file
from tests.positions import box, cell, col, confine, narrowed

# --- the chain-length bonus ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "complexity, bonus",
    [
        (4, 0.0),
        (6, 0.0),
        (7, 0.1),
        (8, 0.1),
        (9, 0.2),
        (10, 0.2),
        (11, 0.3),
        (14, 0.3),
        (15, 0.4),
        (18, 0.4),
        (19, 0.5),
        (26, 0.5),
        (27, 0.6),
        (34, 0.6),
        (35, 0.7),
        (50, 0.7),
        (51, 0.8),
    ],
)
def test_length_bonus_follows_sudoku_explainer_ceilings(complexity, bonus):
    # ceilings 4, 6, 8, 12, 16, 24, 32, 48, ... on complexity - 2
    assert length_bonus(complexity) == bonus


# --- rules on hand-made positions ---------------------------------------------------------------


def test_direct_pointing_places_the_hidden_single_it_creates():
    # box 1: the 5 only in row 1 (r1c1, r1c2); box 2: the 5 only in r1c5 and r2c5, so the
    # pointing removes r1c5<>5 and leaves r2c5 the only 5 of box 2
    grid = confine(narrowed(), "5", box(1), "r1c1", "r1c2")
    confine(grid, "5", box(2), "r1c5", "r2c5")
    hint = direct_locking(grid, digit_places(grid))
    assert hint.name == "Direct Pointing" and hint.rating == 1.7
    assert hint.placements == ((cell("r2c5"), 5),)


def test_direct_hidden_pair_places_the_single_it_leaves():
    # column 1: 1 and 2 only in r1c1 and r2c1; 3 only in r1c1, r2c1 and r9c1
    grid = confine(narrowed(), "12", col(1), "r1c1", "r2c1")
    confine(grid, "3", col(1), "r1c1", "r2c1", "r9c1")
    hint = direct_hidden_set(grid, digit_places(grid), 2)
    assert (hint.name, hint.rating, hint.placements) == ("Direct Hidden Pair", 2.0, ((cell("r9c1"), 3),))


def test_skyscraper_rates_4_0_and_two_string_kite_4_1():
    # 7 in columns 2 and 6 only at rows 1 and 8 / 1 and 9 shifted: a skyscraper on rows 8, 9
    sky = confine(narrowed(), "7", col(2), "r1c2", "r8c2")
    confine(sky, "7", col(6), "r1c6", "r9c6")
    hint = strong_links(sky, digit_places(sky), 2)
    assert hint.rating == 4.0
    assert (cell("r8c4"), 7) in hint.eliminations and (cell("r9c1"), 7) in hint.eliminations
    # a row and a column joined in box 1: a 2-String Kite
    kite = confine(narrowed(), "4", 0, "r1c2", "r1c8")
    confine(kite, "4", col(1), "r3c1", "r7c1")
    hint = strong_links(kite, digit_places(kite), 2)
    assert hint.rating == 4.1 and hint.eliminations == ((cell("r7c8"), 4),)


def test_wxyz_wing_is_an_als_of_three_cells_and_a_bivalue_cell():
    # box 1: r1c1 (1,2), r1c3 (1,4) and r2c2 (1,3,4) hold 1-4 between them (an ALS); r1c5 is
    # 2/3 and sees the set's only 2 (r1c1), so 2 is restricted: either r1c5 is 3 or the set
    # holds 3 (in r2c2), and 3 goes from every cell seeing both. 3 is not restricted (r2c2
    # does not see r1c5), so nothing else goes.
    grid = narrowed(r1c1="12", r1c3="14", r2c2="134", r1c5="23")
    hint = wings(grid, 4)
    assert hint.name == "WXYZ-Wing" and hint.rating == 5.6
    assert set(hint.eliminations) == {(cell(n), 3) for n in ("r1c2", "r2c4", "r2c5", "r2c6")}


def test_a_wing_that_is_also_a_naked_quad_is_doubly_linked():
    # r1c2 (2/3) sees every 2 and 3 of the set r1c1, r1c3, r2c2: all four digits lock in box 1
    hint = wings(narrowed(r1c1="12", r1c2="23", r1c3="134", r2c2="14"), 4)
    assert {d for _, d in hint.eliminations} == {1, 2, 3, 4}


def test_aligned_pair_exclusion_removes_a_value_no_pair_allows():
    # r1c1 (1,2) and r1c2 (1,2,3) see each other and two bivalue excluders 1/3 and 2/3 seeing
    # both: r1c2=3 would pair with 1 (empties the 1/3 cell) or 2 (empties the 2/3 cell)
    grid = narrowed(r1c1="12", r1c2="123", r2c1="13", r2c2="23")
    hint = aligned_pair_exclusion(grid)
    assert hint.rating == 6.2 and (cell("r1c2"), 3) in hint.eliminations


def test_a_turbot_fish_is_a_forcing_x_chain_of_six_nodes():
    grid = confine(narrowed(), "7", col(2), "r1c2", "r8c2")
    confine(grid, "7", col(6), "r1c6", "r9c6")
    [hint] = forcing_chains_and_cycles(Position(grid.candidates))
    assert (hint.name, hint.complexity, hint.rating) == ("Forcing X-Chain", 6, 6.6)


def test_propagate_reports_the_candidate_found_both_ways():
    # r1c1 is 1/2 and r1c2 is 1/2: assuming r1c1=1 makes r1c2=2, and r1c3 (1/2 too) both
    grid = narrowed(r1c1="12", r1c2="12", r1c3="12")
    prop = propagate(Position(grid.candidates), (cell("r1c1") * 9,), (), dynamic=False)
    assert prop.contradiction is not None and prop.conflict // 9 in (cell("r1c2"), cell("r1c3"))


def test_multiple_chains_find_a_cell_forcing_chain():
    # r1c1 and r1c2 hold only 1/2, so r1c3 (1/2/3) is 3: whichever r1c1 is, r1c3 loses 1
    grid = narrowed(r1c1="12", r1c2="12", r1c3="123")
    [dynamic] = multiple_chains(Position(grid.candidates), dynamic=True)
    assert (dynamic.name, dynamic.rating, dynamic.complexity) == ("Dynamic Cell Forcing Chains", 8.5, 6)
    assert dynamic.eliminations == ((cell("r1c3"), 1),) and not dynamic.placements
    [static] = multiple_chains(Position(grid.candidates), dynamic=False)  # no bivalue start
    assert (static.name, static.rating, static.eliminations) == ("Region Forcing Chains", 8.7, ((cell("r1c3"), 1),))


def test_a_nested_level_needs_its_rule():
    grid = narrowed(r1c1="12", r1c2="12", r1c3="123")
    with pytest.raises(ValueError, match="nested rule"):
        multiple_chains(Position(grid.candidates), dynamic=True, level=1)
    for level in (0, MAX_NESTING + 1):
        with pytest.raises(ValueError, match="nesting level"):
            nested_rule(level)
    [hint] = multiple_chains(Position(grid.candidates), dynamic=True, level=3, nested=nested_rule(3))
    assert (hint.name, hint.rating) == ("Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)", 10.0)


# --- rules on positions of real puzzles ---------------------------------------------------------


def position_before(puzzle: str, name: str):
    """The grid on the SE path of ``puzzle`` when the next hint is named ``name``, and that hint."""
    grid, hardest = Grid.parse(puzzle), 0.0
    while not grid.is_solved():
        hint = next_hint(grid, hardest)
        if hint.name == name:
            return grid, hint
        hardest = max(hardest, hint.rating)
        for c, d in hint.placements:
            grid.place(c, d)
        for c, d in hint.eliminations:
            grid.eliminate(c, d)
    raise AssertionError(f"no {name} on the path of {puzzle}")


def names(eliminations) -> set[str]:
    return {f"r{c // 9 + 1}c{c % 9 + 1}<>{d}" for c, d in eliminations}


# Puzzles of the Sudoku Exchange bank whose hardest step SukakuExplainer names (serate --after=%h
# gives the cells and values quoted in each test).
BUG2 = "000000407702000090059700030000186002004090600300254000030001920090000704801000000"
BUG3 = "000000000000913000800000005030809050007000400280704013140206089000000000370080042"
BUG4 = "401000205702050608090000070050406030009000100000080000070000050006000800000721000"


def test_bug_type_2_removes_the_bug_value_from_cells_seeing_every_bug_cell():
    # SE: "If the value 1 were removed from the cells r3c1 and r2c5 ... BUG"; r2c2 and r3c5
    # see both
    grid, hint = position_before(BUG2, "BUG type 2")
    assert bug(grid) == hint and hint.rating == 5.7
    assert names(hint.eliminations) == {"r2c2<>1", "r3c5<>1"}
    assert not hint.placements


def test_bug_type_3_is_a_naked_set_with_the_bug_values():
    # SE: "one of r1c3, r1c2 or r1c8 forms a Naked Triplet with r1c1 and r1c5 on the values 4,
    # 7 and 9 in the row": a triplet rates 5.7 + 0.2
    grid, hint = position_before(BUG3, "BUG type 3")
    assert (hint.rating, names(hint.eliminations)) == (5.9, {"r1c9<>4"})
    assert {d for d in range(1, 10) if grid.candidates[cell("r1c1")] >> (d - 1) & 1} <= {4, 7, 9}


def test_bug_type_4_keeps_the_bug_values_and_the_shared_one():
    # SE: "If the values 2 and 3 were removed from the cells r5c4 and r5c6 ... the other of
    # these two cells will contain the value 5"
    grid, hint = position_before(BUG4, "BUG type 4")
    assert (hint.rating, names(hint.eliminations)) == (5.7, {"r5c4<>2", "r5c6<>7"})
    assert all(grid.candidates[c] >> 4 & 1 for c in (cell("r5c4"), cell("r5c6")))  # 5 stays


def test_bug_needs_every_other_cell_bivalue():
    # r1c1 holds three candidates, but the rest of the grid is far from a BUG
    assert bug(narrowed(r1c1="123")) is None


VWXYZ_RING = "090406050005000600001589400000958000000070000052000910040807090008603500000090000"


def test_a_doubly_linked_vwxyz_wing_locks_all_five_digits():
    # SE: "r7c7, r8c8, r8c9 and r9c7 form an almost locked set linked to the bivalue cell r5c7
    # through both values 8 and 3 ... the largest cell of the Ring has 5 candidates" (6.2)
    grid, hint = position_before(VWXYZ_RING, "VWXYZ-Wing")
    assert [grid.candidates[cell(n)] for n in ("r5c7", "r9c7")] == [0b10000100, 0b11000111]
    assert hint.rating == 6.2
    # 3 and 8 from column 7 (seeing r5c7 and the set's 3s and 8s), 1, 2 and 7 from box 9
    assert names(hint.eliminations) == {"r1c7<>3", "r1c7<>8", "r4c7<>3", "r7c9<>1", "r7c9<>2", "r9c8<>2", "r9c8<>7"}


def test_uvwxyz_and_tuvwxyz_wings_rate_flat():
    # row 1: r1c1 (1,2) ... r1c6 (6,7) hold 1-7 in six cells; r2c2 (1/7) sees the only 1
    # (r1c1), so 7 goes from the cells seeing r2c2 and r1c6: r2c4, r2c5, r2c6
    cells = {f"r1c{i}": f"{i}{i + 1}" for i in range(1, 7)}
    hint = wings(narrowed(r2c2="17", **cells), 7)
    assert (hint.name, hint.rating) == ("TUVWXYZ-Wing", 7.5)
    assert names(hint.eliminations) == {"r2c4<>7", "r2c5<>7", "r2c6<>7"}
    # five cells r1c1 (1,2) ... r1c5 (5,6) and r2c2 (1/6): a UVWXYZ-Wing, 6.6 whatever its cells
    cells = {f"r1c{i}": f"{i}{i + 1}" for i in range(1, 6)}
    hint = wings(narrowed(r2c2="16", **cells), 6)
    assert (hint.name, hint.rating) == ("UVWXYZ-Wing", 6.6)
    assert names(hint.eliminations) == {"r2c4<>6", "r2c5<>6", "r2c6<>6"}


# rated by serate with SukakuExplainer 1.18.1's defaults: a UVWXYZ-Wing 2210 (r2c1, r2c2, r2c4,
# r2c5, r2c9 and r1c1 on 3 and 8), and Grouped 4 Strong links 11001 on 9 (6.1); the bank's
# ratings without them are 6.7 and 6.2
UVWXYZ = "090000060007000200502080301010090050700308009000000000200567008004030900000901000"
FOUR_LINKS = "750000034000506000000070000500304006090050020300080007800020005630000081040801070"


@pytest.mark.parametrize(
    "puzzle, bank, sukaku, hardest",
    [
        (UVWXYZ, 6.7, 6.6, "UVWXYZ-Wing"),
        (FOUR_LINKS, 6.2, 6.1, "Four Strong Links"),
    ],
)
def test_the_sukaku_config_adds_sukaku_explainers_default_rules(puzzle, bank, sukaku, hardest):
    assert rate(Grid.parse(puzzle)).rating == bank
    result = rate(Grid.parse(puzzle), config="sukaku")
    assert (result.rating, result.hardest) == (sukaku, hardest)


def test_an_unknown_config_is_refused():
    with pytest.raises(ValueError, match="sukaku"):
        rate(Grid.parse(UVWXYZ), config="hodoku")


@pytest.mark.parametrize(
    "puzzle, rating, hardest",
    [
        (BUG2, 5.7, "BUG type 2"),
        (BUG3, 5.9, "BUG type 3"),
        (BUG4, 5.7, "BUG type 4"),
        (VWXYZ_RING, 6.2, "VWXYZ-Wing"),
    ],
)
def test_puzzles_rate_as_sudoku_explainer(puzzle, rating, hardest):
    result = rate(Grid.parse(puzzle))
    assert (result.rating, result.hardest) == (rating, hardest)


# --- the path on real puzzles -------------------------------------------------------------------


def bank(limit_rating: float) -> dict[str, str]:
    """The first puzzle of each rating of the SE-rated bank, up to ``limit_rating``."""
    first: dict[str, str] = {}
    with data_file("se_rated/calibration.txt").open() as handle:
        for line in handle:
            _, puzzle, rating = line.split()
            if rating not in first and float(rating) <= limit_rating:
                first[rating] = puzzle
    return first


def test_rating_matches_sudoku_explainer_on_one_puzzle_per_rating():
    results = {r: rate(Grid.parse(p)).rating for r, p in bank(8.0).items()}
    exact = sum(1 for r, ours in results.items() if ours == float(r))
    error = mean(abs(ours - float(r)) for r, ours in results.items())
    # measured: 35 of 44 exact, mean error 0.20 (Unique Loops and BUG types 2-4 are missing)
    assert exact >= 0.75 * len(results) and error < 0.25, results


def test_every_hint_of_the_path_keeps_the_solution():
    for _rating, puzzle in list(bank(9.0).items())[::4]:
        solution = solve(Grid.parse(puzzle).values)
        work = Grid.parse(puzzle)
        hardest = 0.0
        while not work.is_solved():
            if hardest >= 2.3 and propagate_singles(work.values, work.candidates) <= 0:
                break
            hint = next_hint(work, hardest)
            assert all(solution[c] == d for c, d in hint.placements), (puzzle, hint)
            assert all(solution[c] != d for c, d in hint.eliminations), (puzzle, hint)
            hardest = max(hardest, hint.rating)
            for c, d in hint.placements:
                work.place(c, d)
            for c, d in hint.eliminations:
                work.eliminate(c, d)
        assert work.values == solution, puzzle


def test_rate_leaves_the_grid_alone_and_reports_the_hardest_rule():
    grid = Grid.parse(bank(4.0)["3.6"])
    before = grid.copy()
    result = rate(grid)
    assert grid == before
    assert (result.rating, result.hardest, result.solved) == (3.6, "Naked Triplet", True)


def shipped_master_path(count: int):
    """(puzzle, position, Sudoku Explainer's own hint there) along the SE paths of the first
    ``count`` shipped Masters; the hint is applied once the caller has looked (the position
    must not be changed)."""
    import json
    from pathlib import Path

    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / "master.json").read_text())
    for entry in bank["puzzles"][:count]:
        work = Grid.parse(entry["puzzle"])
        hardest = 0.0
        while not work.is_solved():
            if hardest >= 2.3 and propagate_singles(work.values, work.candidates) <= 0:
                break
            own = next_hint(work)  # no cap: Sudoku Explainer's choice
            yield entry["puzzle"], work, own
            hardest = max(hardest, own.rating)
            for c, d in own.placements:
                work.place(c, d)
            for c, d in own.eliminations:
                work.eliminate(c, d)


def test_a_capped_hint_is_rated_within_the_cap_or_is_sudoku_explainers_own():
    # Once a hint rated within the cap will do, the rules are searched cheapest first (the basic
    # rules by time per hint found; Multiple Forcing Chains ahead from 8.0, Nishio from 7.5):
    # what comes back is rated within the cap when Sudoku Explainer's own hint is, and is that
    # very hint when it is not. The second is what was seen, not what the order promises (an
    # early rule's hint within the cap is taken before the rules ahead of it are searched; see
    # solver.se.rating._speed_order): this pins it on two shipped Masters
    compared = above = 0
    for puzzle, work, own in shipped_master_path(2):
        for cap in (7.5, 7.9, 8.0, 8.4, 8.5, 9.0) if own.rating >= 7.0 else (3.4, 4.4, 6.4):
            capped = next_hint(work, cap)
            if own.rating <= cap:
                assert capped.rating <= cap, (puzzle, cap, own, capped)
            else:
                assert capped == own, (puzzle, cap, own, capped)
                above += 1
            compared += 1
    assert compared >= 300 and above >= 60, (compared, above)  # 354 and 78


def test_the_first_chaining_rule_takes_its_turn_among_the_free_basic_rules(monkeypatch):
    # From the rating 8.0 on, every basic rule's hint leaves the rating as it is, and so does a
    # Multiple Forcing Chains hint within 8.0: the chain is searched after the basic rules whose
    # cost is below CHAIN_COST and before the rest. At 6.4 the basic rules are free too, but no
    # chaining rule rates that low: the basic rules keep the position to themselves.
    import solver.se.rating as se_rating

    cheap = [rule for rule in BASIC_RULES if rule.cost < CHAIN_COST]
    searched: list[int] = []  # chaining rules searched, by index

    def counted(index, rule):
        def search(grid, cap):
            searched.append(index)
            return rule(grid, cap)

        return search

    monkeypatch.setattr(
        se_rating, "CHAIN_RULES", tuple((counted(i, r), b) for i, (r, b) in enumerate(se_rating.CHAIN_RULES))
    )
    basic_positions = chain_first = 0
    for puzzle, work, own in shipped_master_path(8):
        if own.rating >= 6.5:
            continue  # a chaining rule's
        basic_positions += 1
        searched.clear()
        assert next_hint(work, 6.4).rating < 6.5, (puzzle, own)
        assert not searched, (puzzle, own)  # no chain rates 6.4: none searched
        capped = next_hint(work, 8.0)
        assert capped.rating <= 8.0, (puzzle, own, capped)
        masks = digit_places(work)
        if any(rule.find(work, masks, 8.0, None) for rule in cheap):
            assert capped.rating < 6.5, (puzzle, own, capped)  # a cheap rule's
        elif capped.rating >= 6.5:
            assert capped.name.endswith("Forcing Chains"), capped
            chain_first += 1
    assert basic_positions >= 150 and chain_first >= 8, (basic_positions, chain_first)  # 179 and 11


def test_forcing_chains_within_the_cap_come_all_at_once():
    # From a cap of 7.0 the rule hands back every forcing XY-chain rated within it as one hint:
    # each conclusion true of the solution and one of the rule's (static_conclusions), the
    # shortest chain alone (the search it replaces) among them, a higher cap never fewer
    from solver.se.conclusions import static_conclusions
    from solver.se.static import Links, _search

    positions = several = 0
    solutions: dict[str, list[int] | None] = {}
    for puzzle, work, _own in shipped_master_path(2):
        pos = Position(work.candidates)
        true, false = static_conclusions(pos)
        if puzzle not in solutions:
            solutions[puzzle] = solve(Grid.parse(puzzle).values)
        solution = solutions[puzzle]
        assert solution is not None, puzzle
        before: set[tuple[int, int]] = set()
        for cap in (7.0, 7.1, 7.3):
            single = _search(pos, Links(pos), "xy", None, cap)
            if single is None or single.rating > cap:
                continue
            [hint] = forcing_chains_and_cycles(pos, cap)
            found = set(hint.placements) | {(c, -d) for c, d in hint.eliminations}
            positions += 1
            several += len(found) > 1
            assert hint.name == "Forcing Chain" and hint.rating <= cap, (puzzle, cap, hint)
            assert all(solution[c] == d for c, d in hint.placements), (puzzle, hint)
            assert all(solution[c] != d for c, d in hint.eliminations), (puzzle, hint)
            assert {c * 9 + d - 1 for c, d in hint.placements} <= set(true), (puzzle, hint)
            assert {c * 9 + d - 1 for c, d in hint.eliminations} <= set(false), (puzzle, hint)
            assert set(single.placements) <= set(hint.placements), (puzzle, cap, single, hint)
            assert set(single.eliminations) <= set(hint.eliminations), (puzzle, cap, single, hint)
            assert before <= found, (puzzle, cap)
            before = found
    assert positions >= 120 and several >= 100, (positions, several)  # 132 and 114
