"""Singles, intersections and subsets: hand-made positions and must-not-fire cases; and HoDoKu's
regression library for every registered technique (fish and wings included).

Hand-made positions are narrowed empty grids (see tests/positions.py), so each holds the one
pattern under test. The reglib run takes HoDoKu's regression cases for our techniques: a
single passes when the expected placement is among the finder's placements (a position holds
many singles); any other technique passes when ONE yielded step has exactly the case's
eliminations and its pattern uses exactly the case's digits. No union of steps is taken:
HoDoKu reports one subset or one intersection per step, as we do, and every case matches a
single step. No case is skipped.
"""

from __future__ import annotations

import pytest

from solver.levels import Level
from solver.techniques import TECHNIQUES, technique
from solver.techniques.als import als_xy_wing_with_overlap
from solver.techniques.intersections import (
    locked_candidates_claiming,
    locked_candidates_pointing,
    locked_pair,
    locked_triple,
)
from solver.techniques.singles import full_house, hidden_single, naked_single
from solver.techniques.subsets import (
    hidden_pair,
    hidden_quad,
    hidden_triple,
    naked_pair,
    naked_quad,
    naked_triple,
)
from tests.conftest import ROOT
from tests.positions import box, col, confine, elims, narrowed, notation, row, steps_of
from tests.reglib import (
    CANDIDATES_ARE_ELIMINATIONS,
    REGLIB_HODOKU_FAILS,
    REGLIB_SKIPPED,
    REGLIB_TECHNIQUES,
    reglib_cases,
    reglib_codes,
)

# --- registry ---------------------------------------------------------------------------------


HODOKU_TABLE_NAMES = {
    "BUG+1": "Bivalue Universal Grave + 1",
    "Avoidable Rectangle 1": "Avoidable Rectangle Type 1",
    "Avoidable Rectangle 2": "Avoidable Rectangle Type 2",
    "Simple Colors (Trap/Wrap)": "Simple Colors",
    "Multi Colors (1/2)": "Multi-Colors",
    "Nice Loop / AIC (continuous, discontinuous, AIC)": "Nice Loop / AIC",
    "Grouped Nice Loop / Grouped AIC": "Grouped Nice Loop / AIC",
    "Forcing Chain (contradiction/verity)": "Forcing Chain",
    "Forcing Net (contradiction/verity)": "Forcing Net",
}


def hodoku_table() -> list[tuple[int, str, str, int, bool]]:
    """(order, our name, level, score, on) per row of ../shared/HODOKU_LEVELS.md."""
    path = ROOT.parent / "shared" / "HODOKU_LEVELS.md"
    if not path.is_file():
        pytest.skip(f"{path} not found (../shared is absent)")
    rows = []
    for line in path.read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0].isdigit():
            order, name, level, score, on = cells
            rows.append((int(order), HODOKU_TABLE_NAMES.get(name, name), level, int(score), on == "yes"))
    return rows


def test_registry_follows_hodoku_table():
    """Every registered technique HoDoKu has: same level, score and default state, same order."""
    by_name = {name: (order, level, score, on) for order, name, level, score, on in hodoku_table()}
    orders = []
    for tech in TECHNIQUES:
        if tech.name == "WXYZ-Wing":  # not in HoDoKu; SukakuExplainer's, placed as an ALS-XZ
            assert not tech.enabled  # HoDoKu finds these as ALS-XZ: off, or paths part from HoDoKu's
            continue
        order, level, score, on = by_name[tech.name]
        assert (tech.level.hodoku_name, tech.score, tech.enabled) == (level, score, on), tech.name
        orders.append(order)
    assert orders == sorted(orders)


def test_registry_names_are_unique():
    names = [name for t in TECHNIQUES for name in {t.name, *t.names}]
    assert len(set(names)) == len(names)


def test_technique_lookup_and_unknown_name():
    assert technique("Hidden Single").score == 14
    assert technique("XYZ-Wing").level is Level.HARD
    with pytest.raises(KeyError, match=r"unknown technique 'Hidden Singel'.*Hidden Single"):
        technique("Hidden Singel")


# --- singles ----------------------------------------------------------------------------------

EMPTY_ROWS = "." * 72


def test_full_house_fills_the_last_cell_of_a_house():
    grid = narrowed("12345678." + EMPTY_ROWS)
    [step] = steps_of(full_house, grid)
    assert notation(step) == {"r1c9=9"}
    assert step.houses == (row(1),)
    assert step.text == "r1c9 is the last empty cell in row 1, so it must be 9."
    assert str(step) == "Full House: r1c9=9"


def test_full_house_in_two_houses_is_one_step():
    # r1c9 is the last empty cell of row 1 and of column 9
    grid = narrowed("12345678." + "".join(f"........{d}" for d in "12345678"))
    assert [str(s) for s in steps_of(full_house, grid)] == ["Full House: r1c9=9"]


def test_full_house_must_not_fire_with_two_empty_cells_or_a_contradiction():
    assert steps_of(full_house, narrowed("1234567.." + EMPTY_ROWS)) == []
    broken = narrowed("12345678." + EMPTY_ROWS, r1c9="5")  # 9 removed: no way to finish
    assert steps_of(full_house, broken) == []


def test_naked_single():
    [step] = steps_of(naked_single, narrowed(r5c8="4"))
    assert notation(step) == {"r5c8=4"}
    assert step.text == "r5c8 has only one candidate left: 4."


def test_naked_single_must_not_fire_on_two_candidates():
    assert steps_of(naked_single, narrowed(r5c8="47")) == []


def test_hidden_single_in_a_box():
    grid = confine(narrowed(), "4", box(3), "r2c8")
    [step] = steps_of(hidden_single, grid)
    assert notation(step) == {"r2c8=4"}
    assert step.houses == (box(3),)
    assert step.text == "In box 3, the 4 can only go in r2c8."


def test_hidden_single_in_a_row_and_in_a_column_names_the_house():
    [in_row] = steps_of(hidden_single, confine(narrowed(), "6", row(5), "r5c1"))
    assert in_row.text == "In row 5, the 6 can only go in r5c1."
    [in_col] = steps_of(hidden_single, confine(narrowed(), "2", col(7), "r9c7"))
    assert in_col.text == "In column 7, the 2 can only go in r9c7."


def test_hidden_single_in_box_and_row_is_one_step_naming_the_box():
    grid = confine(confine(narrowed(), "4", box(3), "r2c8"), "4", row(2), "r2c8")
    [step] = steps_of(hidden_single, grid)
    assert step.houses == (box(3),)


def test_hidden_single_must_not_fire_with_two_places():
    assert steps_of(hidden_single, confine(narrowed(), "4", box(3), "r2c8", "r3c9")) == []


# --- intersections ----------------------------------------------------------------------------


def test_pointing_in_a_row():
    grid = confine(narrowed(), "7", box(1), "r2c1", "r2c2")
    [step] = steps_of(locked_candidates_pointing, grid)
    assert notation(step) == {f"r2c{c}<>7" for c in range(4, 10)}
    assert set(step.pattern) == {(9, 7), (10, 7)}
    assert step.text == "In box 1, every 7 lies in row 2, so 7 can't be anywhere else in row 2."
    assert str(step).startswith("Locked Candidates Type 1 (Pointing): r2c4<>7, ")


def test_pointing_in_a_column():
    grid = confine(narrowed(), "5", box(9), "r7c9", "r8c9", "r9c9")
    [step] = steps_of(locked_candidates_pointing, grid)
    assert notation(step) == {f"r{r}c9<>5" for r in range(1, 7)}
    assert step.houses == (box(9), col(9))


def test_pointing_must_not_fire():
    # the 7s of box 1 span two rows and two columns
    assert steps_of(locked_candidates_pointing, confine(narrowed(), "7", box(1), "r2c1", "r3c2")) == []
    # confined, but row 2 has no other 7 left to remove
    grid = confine(confine(narrowed(), "7", box(1), "r2c1", "r2c2"), "7", row(2), "r2c1", "r2c2")
    assert steps_of(locked_candidates_pointing, grid) == []
    # one cell is a Hidden Single, not an intersection
    assert steps_of(locked_candidates_pointing, confine(narrowed(), "7", box(1), "r2c1")) == []


def test_claiming_in_a_row():
    grid = confine(narrowed(), "7", row(2), "r2c1", "r2c3")
    [step] = steps_of(locked_candidates_claiming, grid)
    assert notation(step) == {f"r{r}c{c}<>7" for r in (1, 3) for c in (1, 2, 3)}
    assert step.text == "In row 2, every 7 lies in box 1, so 7 can't be anywhere else in box 1."


def test_claiming_must_not_fire_across_two_boxes():
    assert steps_of(locked_candidates_claiming, confine(narrowed(), "7", row(2), "r2c1", "r2c4")) == []


def test_locked_pair_clears_the_row_and_the_box():
    grid = narrowed(r1c1="38", r1c2="38")
    [step] = steps_of(locked_pair, grid)
    expected = {f"r1c{c}<>{d}" for c in range(3, 10) for d in (3, 8)}
    expected |= {f"r{r}c{c}<>{d}" for r in (2, 3) for c in (1, 2, 3) for d in (3, 8)}
    assert notation(step) == expected
    assert step.houses == (row(1), box(1))
    assert step.text == (
        "r1c1 and r1c2 hold only 3 and 8 between them and lie in both row 1 and box 1, "
        "so no other cell of either house can be 3 or 8."
    )


def test_locked_pair_must_not_fire_outside_one_box():
    grid = narrowed(r1c1="38", r1c4="38")
    assert steps_of(locked_pair, grid) == []
    assert len(steps_of(naked_pair, grid)) == 1  # it is a plain Naked Pair


def test_locked_triple():
    grid = narrowed(r4c5="12", r5c5="23", r6c5="13")
    [step] = steps_of(locked_triple, grid)
    expected = {f"r{r}c5<>{d}" for r in (1, 2, 3, 7, 8, 9) for d in (1, 2, 3)}
    expected |= {f"r{r}c{c}<>{d}" for r in (4, 5, 6) for c in (4, 6) for d in (1, 2, 3)}
    assert notation(step) == expected
    assert steps_of(locked_pair, grid) == []


def test_locked_triple_must_not_fire_with_four_digits():
    assert steps_of(locked_triple, narrowed(r4c5="12", r5c5="23", r6c5="14")) == []


# --- subsets ----------------------------------------------------------------------------------


def test_naked_pair_text_and_eliminations():
    grid = narrowed(r1c2="38", r1c7="38")
    [step] = steps_of(naked_pair, grid)
    assert notation(step) == {f"r1c{c}<>{d}" for c in (1, 3, 4, 5, 6, 8, 9) for d in (3, 8)}
    assert step.text == ("r1c2 and r1c7 hold only 3 and 8 between them, so no other cell in row 1 can be 3 or 8.")
    assert set(step.pattern) == {(1, 3), (1, 8), (6, 3), (6, 8)}


def test_a_pair_in_a_row_and_a_box_that_clears_both_is_a_locked_pair_not_a_naked_pair():
    grid = narrowed(r1c1="38", r1c2="38")
    assert steps_of(naked_pair, grid) == []
    [step] = steps_of(locked_pair, grid)
    # HoDoKu's order: the row's cells, then the box's, each candidate once
    assert step.eliminations[:2] == ((2, 3), (2, 8)) and len(set(step.eliminations)) == 2 * 13


def test_a_pair_in_a_row_and_a_box_that_clears_only_the_row_is_a_naked_pair_found_in_the_box():
    grid = narrowed(r1c1="38", r1c2="38")
    for cell in (2, 9, 10, 11, 18, 19, 20):  # the rest of box 1 holds neither 3 nor 8
        grid.eliminate(cell, 3)
        grid.eliminate(cell, 8)
    assert steps_of(locked_pair, grid) == []
    steps = steps_of(naked_pair, grid)
    assert [s.houses for s in steps] == [(box(1),), (row(1),)]  # boxes are searched first
    assert notation(steps[0]) == {f"r1c{c}<>{d}" for c in range(4, 10) for d in (3, 8)}


def test_naked_pair_must_not_fire():
    assert steps_of(naked_pair, narrowed(r1c2="38", r1c7="39")) == []
    # the pair is there, but nothing is left to remove
    done = narrowed(r1c2="38", r1c7="38")
    for c in (0, 2, 3, 4, 5, 7, 8):
        done.eliminate(c, 3)
        done.eliminate(c, 8)
    assert steps_of(naked_pair, done) == []


def test_naked_triple_with_no_cell_holding_all_three():
    grid = narrowed(r1c1="12", r5c1="23", r9c1="13")
    [step] = steps_of(naked_triple, grid)
    assert notation(step) == {f"r{r}c1<>{d}" for r in (2, 3, 4, 6, 7, 8) for d in (1, 2, 3)}
    assert step.text.startswith("r1c1, r5c1 and r9c1 hold only 1, 2 and 3 between them")


def test_naked_triple_must_not_fire_with_four_digits():
    assert steps_of(naked_triple, narrowed(r1c1="12", r5c1="23", r9c1="34")) == []


def test_naked_quad():
    grid = narrowed(r5c1="12", r5c3="23", r5c5="34", r5c7="14")
    [step] = steps_of(naked_quad, grid)
    assert notation(step) == {f"r5c{c}<>{d}" for c in (2, 4, 6, 8, 9) for d in (1, 2, 3, 4)}


def test_naked_quad_must_not_fire_with_five_digits():
    assert steps_of(naked_quad, narrowed(r5c1="12", r5c3="23", r5c5="34", r5c7="15")) == []


def test_hidden_pair():
    grid = confine(narrowed(), "38", row(1), "r1c2", "r1c7")
    [step] = steps_of(hidden_pair, grid)
    assert notation(step) == elims("r1c2<>1245679 r1c7<>1245679")
    assert set(step.pattern) == {(1, 3), (1, 8), (6, 3), (6, 8)}
    assert step.text == ("In row 1, 3 and 8 can only go in r1c2 and r1c7, so those cells can't hold any other digit.")


def test_hidden_pair_must_not_fire():
    # 3 and 8 each have two places, but not the same two
    grid = confine(confine(narrowed(), "3", row(1), "r1c2", "r1c7"), "8", row(1), "r1c2", "r1c8")
    assert steps_of(hidden_pair, grid) == []
    # the pair's cells hold nothing else: nothing to remove (it is a Naked Pair now)
    bare = confine(narrowed(r1c2="38", r1c7="38"), "38", row(1), "r1c2", "r1c7")
    assert steps_of(hidden_pair, bare) == []


def test_hidden_triple():
    grid = confine(narrowed(), "123", col(5), "r1c5", "r4c5", "r9c5")
    grid.eliminate(0 * 9 + 4, 3)  # r1c5 keeps 1 and 2 of the triple, r4c5 and r9c5 all three
    [step] = steps_of(hidden_triple, grid)
    assert notation(step) == elims("r1c5<>456789 r4c5<>456789 r9c5<>456789")
    assert step.text.startswith("In column 5, 1, 2 and 3 can only go in r1c5, r4c5 and r9c5")


def test_hidden_triple_must_not_fire_when_the_digits_need_four_cells():
    grid = confine(narrowed(), "12", col(5), "r1c5", "r4c5", "r9c5")
    confine(grid, "3", col(5), "r1c5", "r6c5")
    assert steps_of(hidden_triple, grid) == []


def test_hidden_quad():
    grid = confine(narrowed(), "1234", box(5), "r4c4", "r4c6", "r6c4", "r6c6")
    [step] = steps_of(hidden_quad, grid)
    assert notation(step) == elims("r4c4<>56789 r4c6<>56789 r6c4<>56789 r6c6<>56789")


def test_hidden_quad_must_not_fire_when_the_digits_need_five_cells():
    grid = confine(narrowed(), "1234", box(5), "r4c4", "r4c6", "r6c4", "r6c6", "r5c5")
    assert steps_of(hidden_quad, grid) == []


# --- HoDoKu's regression library --------------------------------------------------------------


def reglib_case_passes(case, steps) -> bool:
    """The case's placements are among the placements, or one step has exactly its eliminations
    (and, where the case lists the pattern's digits, a pattern on exactly those digits)."""
    if case.placements:
        return case.placements <= {p for step in steps for p in step.placements}
    digits_checked = not case.code.startswith(CANDIDATES_ARE_ELIMINATIONS)
    return any(
        set(step.eliminations) == case.eliminations
        and (not digits_checked or {d for _, d in step.pattern + step.fins} == set(case.digits))
        for step in steps
    )


def test_every_reglib_code_is_tested_or_skipped_with_a_reason():
    missing = reglib_codes() - set(REGLIB_TECHNIQUES) - set(REGLIB_SKIPPED)
    assert not missing, f"reglib codes neither tested nor skipped: {sorted(missing)}"


# variants HoDoKu's regression tester runs with "allow ALS overlap" on (its default, and the
# registry's finder, leave it off)
OVERLAP_VARIANTS = {("0902", "2"): als_xy_wing_with_overlap}


@pytest.mark.parametrize("code", REGLIB_TECHNIQUES, ids=[f"{c} {n}" for c, n in REGLIB_TECHNIQUES.items()])
def test_reglib(code):
    if code in REGLIB_SKIPPED:
        pytest.skip(f"reglib {code}: {REGLIB_SKIPPED[code]}")
    name = REGLIB_TECHNIQUES[code]
    tech = technique(name)
    cases = reglib_cases(code)
    assert cases, f"no reglib cases for {code}"
    failed = []
    for case in cases:
        steps = steps_of(OVERLAP_VARIANTS.get((code, case.variant), tech.finder), case.grid)
        assert all(step.technique in tech.names for step in steps)
        steps = [step for step in steps if step.technique == name]
        if case.must_not_fire:
            if steps:
                failed.append(f"{case}: fired {steps[0]}")
        elif case.line_no in REGLIB_HODOKU_FAILS:
            assert REGLIB_HODOKU_FAILS[case.line_no] == f"{case.code}-{case.variant}".rstrip("-")
            if reglib_case_passes(case, steps):
                failed.append(f"{case}: HoDoKu 2.2 finds no such step, we did: {[str(s) for s in steps][:3]}")
        elif not reglib_case_passes(case, steps):
            failed.append(f"{case}: got {[str(s) for s in steps][:3]}")
    assert not failed, f"{len(failed)}/{len(cases)} cases failed:\n" + "\n".join(failed)
