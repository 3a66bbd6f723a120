"""Almost Locked Sets (ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, Death Blossom) and Sue de Coq.

Hand-checked positions are candidate states built on an empty grid (tests/positions.py): only
the cells a test names are narrowed, so the pattern under test is easy to check by eye. The
rest of the grid still holds ALS (eight full cells of a house hold nine digits), so tests look
for the step they expect by its eliminations unless the finder must yield exactly one step.
HoDoKu's regression cases (0901-0904, 1101) run in tests/test_techniques.py; one overlap case
is checked here for its order. Soundness runs along real solve paths with solutions from
solver.exact.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.exact import solve
from solver.grid import BIT, DIGITS_OF, HOUSES, PEERS, POPCOUNT, Grid, cells_of
from solver.human import solve_path
from solver.levels import Level
from solver.techniques import technique
from solver.techniques.als import als_xy_wing, als_xy_wing_with_overlap, als_xz
from solver.techniques.als_chains import als_xy_chain
from solver.techniques.als_sets import als_position
from solver.techniques.death_blossom import death_blossom
from solver.techniques.hodoku_order import rank
from solver.techniques.sue_de_coq import sue_de_coq
from tests.conftest import data_puzzles
from tests.positions import cell, elims, narrowed, notation, steps_of
from tests.reglib import reglib_cases
from tests.solving import rated_puzzles

FINDERS = (als_xz, als_xy_wing, als_xy_wing_with_overlap, als_xy_chain, death_blossom, sue_de_coq)


def checked(finder, grid: Grid) -> list:
    """Every step of ``finder`` on ``grid``, with the invariants every step must keep."""
    steps = steps_of(finder, grid)
    names = technique(steps[0].technique).names if steps else ()
    for step in steps:
        assert step.technique in names
        assert step.eliminations and step.eliminations == tuple(sorted(set(step.eliminations)))
        assert not step.placements
        assert not set(step.eliminations) & set(step.pattern)
        every = step.eliminations + step.pattern + tuple(c for g in step.groups for c in g)
        assert all(grid.candidates[c] & BIT[d] for c, d in every)
        assert step.groups and step.text
    eliminations = [step.eliminations for step in steps]
    assert len(eliminations) == len(set(eliminations)), "the same eliminations twice"
    return steps


def group_cells(step) -> list[set[int]]:
    return [{c for c, _ in group} for group in step.groups]


def cells(*names: str) -> set[int]:
    return {cell(name) for name in names}


# --- the sets and their restricted commons ---------------------------------------------------


def brute_alses(grid: Grid) -> set[int]:
    found = set()
    for house in HOUSES:
        empty = [c for c in house if grid.candidates[c]]
        for size in range(1, len(empty)):
            for subset in combinations(empty, size):
                digits = 0
                for c in subset:
                    digits |= grid.candidates[c]
                if POPCOUNT[digits] == size + 1:
                    found.add(sum(1 << c for c in subset))
    return found


def real_position() -> Grid:
    """The first hard calibration puzzle, stuck after the Hard techniques."""
    return solve_path(Grid.parse(rated_puzzles(1)[0]), Level.HARD).grid


def test_alses_are_every_set_of_n_cells_of_a_house_with_n_plus_1_digits_each_once():
    grid = real_position()
    position = als_position(grid)
    masks = [als.mask for als in position.alses]
    assert len(masks) == len(set(masks))
    assert set(masks) == brute_alses(grid)
    for als in position.alses:
        assert set(als.cells) <= set(HOUSES[als.house])
        assert POPCOUNT[als.digits] == len(als.cells) + 1
        for d in DIGITS_OF[als.digits]:
            holding = {c for c in als.cells if grid.candidates[c] & BIT[d]}
            assert set(cells_of(als.where[d])) == holding
            seeing = {
                c
                for c in range(81)
                if grid.candidates[c] & BIT[d] and c not in als.cells and all(c in PEERS[h] for h in holding)
            }
            assert set(cells_of(als.reach[d])) == seeing


def test_restricted_commons_match_their_definition():
    grid = real_position()
    position = als_position(grid)
    alses = position.alses
    pairs, neighbours, shared_pairs, _ = position.rccs()
    plain = {(i, j): rcc for i, j, rcc in pairs}
    shared = {(i, j): rcc for i, j, rcc in shared_pairs}
    for i, j in combinations(range(len(alses)), 2):
        a, b = alses[i], alses[j]
        rcc = 0
        for d in DIGITS_OF[a.digits & b.digits]:
            spots = list(cells_of(a.where[d] | b.where[d]))
            overlap = a.mask & b.mask
            if (a.where[d] | b.where[d]) & overlap:
                continue
            if all(x in PEERS[y] for x, y in combinations(spots, 2)):
                rcc |= BIT[d]
        table = shared if a.mask & b.mask else plain
        assert table.get((i, j), 0) == rcc, (a, b)
    assert all((i, rcc) in neighbours[j] for (i, j), rcc in plain.items())


def test_sets_remembered_by_house_along_a_path_equal_sets_found_afresh():
    from solver.techniques import als_sets

    def sets(position):
        return [(a.mask, a.digits, a.house, tuple(a.where), a.reach, a.targeted) for a in position.alses]

    grid = Grid.parse(rated_puzzles(1)[0])
    warm = []
    for number, step in enumerate(solve_path(grid, Level.HARD).steps):
        for cell_, digit in step.placements:
            grid.place(cell_, digit)
        for cell_, digit in step.eliminations:
            grid.eliminate(cell_, digit)
        if number % 3 == 0:  # each position shares most houses with the one before
            warm.append((grid.copy(), als_sets.AlsPosition(tuple(grid.candidates))))
    assert len(warm) > 5
    for position_grid, position in warm:
        for cache in (als_sets._HOUSE_SETS, als_sets._SEES, als_sets._SPOT_HOUSES):
            cache.clear()
        fresh = als_sets.AlsPosition(tuple(position_grid.candidates))
        assert sets(position) == sets(fresh) and position.rccs() == fresh.rccs()
        for als in position.alses:
            assert als.targeted == sum(BIT[d] for d in DIGITS_OF[als.digits] if als.reach[d])


def test_position_is_cached_until_the_candidates_change():
    grid = narrowed(r1c1="12", r4c1="13", r5c2="23")
    first = als_position(grid)
    assert als_position(grid) is first
    grid.eliminate(cell("r9c9"), 5)
    assert als_position(grid) is not first


# --- ALS-XZ -------------------------------------------------------------------------------------


def test_als_xz_singly_linked():
    # A = r1c1 {1,2}, B = r4c1 + r5c2 {1,2,3}; their 1s see each other in column 1. The 2 is in
    # A or B, so it goes from cells seeing r1c1 and r5c2.
    grid = narrowed(r1c1="12", r4c1="13", r5c2="23")
    (step,) = checked(als_xz, grid)
    assert notation(step) == elims("r1c2<>2 r2c2<>2 r3c2<>2 r5c1<>2 r6c1<>2")
    assert group_cells(step) == [cells("r1c1"), cells("r4c1", "r5c2")]
    assert set(step.pattern) == {(cell("r1c1"), 1), (cell("r4c1"), 1), (cell("r1c1"), 2), (cell("r5c2"), 2)}
    assert step.houses == (18 + 3,)  # box 4; a single cell names no house
    assert step.text == (
        "Each group holds one digit more than it has cells: A = r1c1 (1 and 2), B = r4c1 and "
        "r5c2 (1, 2 and 3). All their 1s see each other, so A or B has no 1 and must hold all "
        "its other digits: either way 2 is in A or B, so 2 can't be in r1c2, r2c2, r3c2, r5c1 "
        "or r6c1."
    )


def test_als_xz_doubly_linked_locks_every_digit():
    # 1 and 2 both restricted between r1c1 {1,2} and r4c1 + r5c1 {1,2,4}: each set holds one of
    # them, and B its 4 as well.
    grid = narrowed(r1c1="12", r4c1="14", r5c1="24")
    (step,) = checked(als_xz, grid)
    column_rest = ["r2c1", "r3c1", "r6c1", "r7c1", "r8c1", "r9c1"]
    expected = {f"{c}<>{d}" for c in column_rest for d in (1, 2, 4)}
    expected |= elims("r4c2<>4 r4c3<>4 r5c2<>4 r5c3<>4 r6c2<>4 r6c3<>4")
    assert notation(step) == expected
    assert "All their 1s see each other and so do their 2s" in step.text


def test_als_xz_needs_the_x_to_see_each_other():
    # As above, but B's 1 is in column 2: it does not see r1c1, so no digit is restricted.
    grid = narrowed(r1c1="12", r4c2="13", r5c2="23")
    assert checked(als_xz, grid) == []


# --- ALS-XY-Wing --------------------------------------------------------------------------------


def test_als_xy_wing_with_a_two_cell_pivot():
    # C = r5c4 + r5c6 {1,3,7}; A = r1c4 {1,2} sees C's 1, B = r5c9 {2,3} sees C's 3s.
    grid = narrowed(r5c4="137", r5c6="37", r1c4="12", r5c9="23")
    (step,) = checked(als_xy_wing, grid)
    assert notation(step) == elims("r1c9<>2")
    assert group_cells(step) == [cells("r1c4"), cells("r5c9"), cells("r5c4", "r5c6")]
    assert step.text.endswith(
        "If neither A nor B held 2, A would hold 1 and B 3; C, whose 1 and 3 they see, would "
        "lose them and be short of digits. So A or B holds 2: 2 can't be in r1c9."
    )


def test_als_xy_wing_needs_two_different_restricted_digits():
    # A = r1c4 and B = r4c5 both see C's only 1: both may hold 1, C is never short.
    grid = narrowed(r5c4="137", r5c6="37", r1c4="12", r4c5="12")
    assert checked(als_xy_wing, grid) == []


def test_als_xy_wing_with_shared_cells_comes_after_the_others_and_only_with_the_overlap_option():
    # HoDoKu's regression tester runs variant 2 with "allow ALS overlap" on; its default (and
    # the registry's finder) leaves it off, and finds no wing with those eliminations
    case = next(case for case in reglib_cases("0902") if case.variant == "2")
    steps = checked(als_xy_wing_with_overlap, case.grid)
    index = next(k for k, s in enumerate(steps) if set(s.eliminations) == case.eliminations)
    shares = [any(x & y for x, y in combinations(group_cells(s), 2)) for s in steps]
    assert shares[index]
    assert shares == sorted(shares)  # wings without shared cells first
    plain = checked(als_xy_wing, case.grid)
    assert [s.eliminations for s in plain] == [s.eliminations for s in steps[: shares.index(True)]]
    assert all(set(s.eliminations) != case.eliminations for s in plain)


# --- ALS-XY-Chain -------------------------------------------------------------------------------


def test_als_xy_chain():
    # r1c1 + r1c5 {1,2,5} -5- r2c5 {3,5} -3- r5c5 {3,4} -4- r5c9 {1,4}: 1 is in row 1's set or
    # in r5c9. (Other chains of four sets give the same eliminations, r2c5 + r5c5 {3,4,5} as
    # one set for instance; the finder reports one.)
    grid = narrowed(r1c1="12", r1c5="25", r2c5="35", r5c5="34", r5c9="14")
    (step,) = checked(als_xy_chain, grid)
    assert notation(step) == elims("r1c9<>1 r5c1<>1")
    assert str(step) == ("ALS-XY-Chain: (1)r1c1=(5)r1c5-(5=3)r2c5-(3=4)r5c5-(4=1)r5c9 => r1c9<>1, r5c1<>1")
    assert group_cells(step) == [cells("r1c1", "r1c5"), cells("r2c5"), cells("r5c5"), cells("r5c9")]
    strong = [link[2] for link in step.links]
    assert strong == [True, False, True, False, True, False, True]
    assert "If A held no 1, it would hold 5; then B could not hold 5 and would hold 3" in step.text


def test_als_xy_chain_needs_every_link():
    # The last set moved to r6c9: its 4 no longer sees r5c5.
    grid = narrowed(r1c1="12", r1c5="25", r2c5="35", r5c5="34", r6c9="14")
    assert checked(als_xy_chain, grid) == []


# --- Death Blossom ------------------------------------------------------------------------------


def test_death_blossom():
    # Stem r5c5 {1,2,4}; petals r1c5 {1,3}, r5c1 {2,3}, r2c2 + r2c5 {3,4,5}: 3 is in a petal.
    grid = narrowed(r5c5="124", r1c5="13", r5c1="23", r2c2="35", r2c5="45")
    (step,) = checked(death_blossom, grid)
    assert notation(step) == elims("r1c1<>3")
    assert group_cells(step) == [cells("r1c5"), cells("r5c1"), cells("r2c2", "r2c5")]
    assert {(cell("r5c5"), d) for d in (1, 2, 4)} <= set(step.pattern)
    assert "A if it is 1, B if it is 2 and C if it is 4" in step.text
    assert not technique("Death Blossom").enabled


def test_death_blossom_needs_a_petal_for_every_stem_digit():
    # r2c6 replaces r2c5: the 4 of that set no longer sees the stem.
    grid = narrowed(r5c5="124", r1c5="13", r5c1="23", r2c2="35", r2c6="45")
    assert checked(death_blossom, grid) == []


# --- Sue de Coq ---------------------------------------------------------------------------------


def test_sue_de_coq():
    # r1c1 + r1c2 hold 1-4; r1c7 {1,2} takes two of them in row 1, r2c3 {3,4} the other two
    # in box 1: four cells, four digits.
    grid = narrowed(r1c1="123", r1c2="124", r1c7="12", r2c3="34")
    (step,) = checked(sue_de_coq, grid)
    row_rest = ["r1c3", "r1c4", "r1c5", "r1c6", "r1c8", "r1c9"]
    box_rest = ["r1c3", "r2c1", "r2c2", "r3c1", "r3c2", "r3c3"]
    expected = {f"{c}<>{d}" for c in row_rest for d in (1, 2)}
    expected |= {f"{c}<>{d}" for c in box_rest for d in (3, 4)}
    assert notation(step) == expected
    assert group_cells(step) == [cells("r1c1", "r1c2"), cells("r1c7"), cells("r2c3")]
    assert step.houses == (0, 18)
    assert step.text.startswith("r1c1 and r1c2, where row 1 meets box 1, hold only 1, 2, 3 and 4.")


def test_sue_de_coq_sets_may_not_share_a_core_digit():
    # The box cell would hold 1, which the row cell also takes.
    grid = narrowed(r1c1="123", r1c2="124", r1c7="12", r2c3="13")
    assert checked(sue_de_coq, grid) == []


# --- soundness ----------------------------------------------------------------------------------


def check_along_path(puzzle: str) -> int:
    """Every step of every finder here, at each position of the puzzle's solve path where the
    singles are spent, keeps the solution; returns how many steps were checked."""
    grid = Grid.parse(puzzle)
    solution = solve(grid.values)
    assert solution is not None
    work = grid.copy()
    checked_steps = 0
    for applied in solve_path(grid).steps:
        if applied.technique not in ("Full House", "Naked Single", "Hidden Single"):
            for finder in FINDERS:
                for step in finder(work):
                    wrong = [(c, d) for c, d in step.eliminations if solution[c] == d]
                    assert not wrong, (puzzle, str(step))
                    checked_steps += 1
        applied.apply(work)
    return checked_steps


def test_every_step_keeps_the_solution_on_a_sample():
    puzzles = rated_puzzles(4)
    assert len(puzzles) == 4
    assert sum(check_along_path(p) for p in puzzles) > 0


@pytest.mark.slow
def test_every_step_keeps_the_solution_on_150_hard_puzzles():
    puzzles = rated_puzzles(150)
    assert len(puzzles) == 150
    for puzzle in puzzles:
        check_along_path(puzzle)


@pytest.mark.slow
def test_steps_come_in_hodokus_order_on_top95():
    # ALS-XZ: by the pair of sets in HoDoKu's list of sets (it takes the first it finds); Sue de
    # Coq: most eliminations first; ALS-XY-Chain: HoDoKu's sort (most eliminations, then the
    # lowest weighted index sum)
    for puzzle in data_puzzles("top95.txt")[:20]:
        grid = solve_path(Grid.parse(puzzle), Level.HARD).grid
        index = {frozenset(als.cells): i for i, als in enumerate(als_position(grid).alses)}
        pairs = [
            tuple(index[frozenset(c for c, _ in group)] for group in step.groups) for step in checked(als_xz, grid)
        ]
        assert all(i < j for i, j in pairs) and pairs == sorted(pairs)
        sizes = [len(step.eliminations) for step in checked(sue_de_coq, grid)]
        assert sizes == sorted(sizes, reverse=True)
        keys = [rank(step.eliminations) for step in checked(als_xy_chain, grid)]
        assert keys == sorted(keys)


@given(
    st.lists(st.integers(0, 80), min_size=0, max_size=9, unique=True),
    st.lists(st.integers(1, 511), min_size=81, max_size=81),
)
def test_subsets_of_lists_every_subset_in_the_order_of_its_bit_pattern(cells, cands):
    """The ALS and Sue de Coq searches take subsets in this order (HoDoKu's search order
    follows it), so the doubling construction must give exactly the plain definition."""
    from solver.grid import subsets_of

    expected = []
    for pattern in range(1, 1 << len(cells)):
        chosen = [spot for i, spot in enumerate(cells) if pattern >> i & 1]
        digits = 0
        for spot in chosen:
            digits |= cands[spot]
        expected.append((sum(1 << spot for spot in chosen), digits, len(chosen)))
    assert subsets_of(cells, cands) == expected
