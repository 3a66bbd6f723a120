"""Reader for HoDoKu's technique regression library (../shared/data/hodoku/reglib-1.3.txt).

Line format (see the file's header): ``:<code>[-<variant>]:<candidates>:<givens>:<deleted>:
<eliminations>:<placements>:<extra>``; candidates are written ``<digit><row><col>``, 1-based;
in <givens> a ``+`` marks a placed (not given) digit. Variant ``x`` is a case that must not fire.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.grid import Grid
from tests.conftest import data_file

REGLIB = "hodoku/reglib-1.3.txt"

# HoDoKu's technique codes and the step name (as HoDoKu spells it) each case must be found as.
REGLIB_TECHNIQUES = {
    "0000": "Full House",
    "0002": "Hidden Single",
    "0003": "Naked Single",
    "0100": "Locked Candidates Type 1 (Pointing)",
    "0101": "Locked Candidates Type 2 (Claiming)",
    "0110": "Locked Pair",
    "0111": "Locked Triple",
    "0200": "Naked Pair",
    "0201": "Naked Triple",
    "0202": "Naked Quad",
    "0210": "Hidden Pair",
    "0211": "Hidden Triple",
    "0212": "Hidden Quad",
    "0300": "X-Wing",
    "0301": "Swordfish",
    "0302": "Jellyfish",
    "0310": "Finned X-Wing",
    "0311": "Finned Swordfish",
    "03111": "Finned Swordfish",
    "0312": "Finned Jellyfish",
    "03121": "Finned Jellyfish",
    "0320": "Sashimi X-Wing",
    "0321": "Sashimi Swordfish",
    "03211": "Sashimi Swordfish",
    "0322": "Sashimi Jellyfish",
    "03221": "Sashimi Jellyfish",
    "0331": "Franken Swordfish",
    "0332": "Franken Jellyfish",
    "0340": "Finned Franken X-Wing",
    "0341": "Finned Franken Swordfish",
    "03411": "Finned Franken Swordfish",
    "0342": "Finned Franken Jellyfish",
    "03421": "Finned Franken Jellyfish",
    "0400": "Skyscraper",
    "0401": "2-String Kite",
    "0402": "Empty Rectangle",
    "0403": "Turbot Fish",
    "0404": "Dual 2-String Kite",
    "0405": "Dual Empty Rectangle",
    "0500": "Simple Colors Trap",
    "0501": "Simple Colors Wrap",
    "0502": "Multi-Colors 1",
    "0503": "Multi-Colors 2",
    "0600": "Uniqueness Test 1",
    "0601": "Uniqueness Test 2",
    "0602": "Uniqueness Test 3",
    "0603": "Uniqueness Test 4",
    "0604": "Uniqueness Test 5",
    "0605": "Uniqueness Test 6",
    "0606": "Hidden Rectangle",
    "0607": "Avoidable Rectangle Type 1",
    "0608": "Avoidable Rectangle Type 2",
    "0610": "Bivalue Universal Grave + 1",
    "0701": "X-Chain",
    "0702": "XY-Chain",
    "0703": "Remote Pair",
    "0706": "Continuous Nice Loop",
    "0707": "Discontinuous Nice Loop",
    "0708": "AIC",
    "0709": "Grouped Continuous Nice Loop",
    "0710": "Grouped Discontinuous Nice Loop",
    "0711": "Grouped AIC",
    "0800": "XY-Wing",
    "0801": "XYZ-Wing",
    "0803": "W-Wing",
    "0901": "ALS-XZ",
    "0902": "ALS-XY-Wing",
    "0903": "ALS-XY-Chain",
    "0904": "Death Blossom",
    "1101": "Sue de Coq",
}

# Codes in the library that no test runs, with the reason (the test suite prints them).
REGLIB_SKIPPED = {
    "03621": "Finned Mutant fish: off in HoDoKu's default configuration; not implemented",
    "0362": "Finned Mutant fish: off in HoDoKu's default configuration; not implemented",
    "0363": "Finned Mutant fish: off in HoDoKu's default configuration; not implemented",
    "0364": "Finned Mutant fish: off in HoDoKu's default configuration; not implemented",
    "1201": "Template Set: off in HoDoKu's default configuration; not implemented",
    "1202": "Template Delete: off in HoDoKu's default configuration; not implemented",
    "0404": "2 of 9 cases (lines 836, 838) pair kites of two different digits, a HoDoKu 2.2 "
    "quirk, not a Dual 2-String Kite; the other 7 run in tests/test_single_digit.py",
    "0709": "variants -2 use ALS nodes, HoDoKu's 'ALS in chains' option that its default "
    "and our registry leave off; every variant passes in tests/test_chains.py",
    "0710": "variants -3/4 use ALS nodes, HoDoKu's 'ALS in chains' option that its default "
    "and our registry leave off; every variant passes in tests/test_chains.py",
    "0711": "variants -3/4 use ALS nodes, HoDoKu's 'ALS in chains' option that its default "
    "and our registry leave off; every variant passes in tests/test_chains.py",
}

# Cases HoDoKu 2.2's own regression tester (hodoku.jar /test on the library's lines) fails: its
# ALS-XY-Chain search follows its list of sets forward only and finds no chain for them. Ours is
# HoDoKu's search, so test_reglib asserts that it finds none either.
REGLIB_HODOKU_FAILS = {
    1445: "0903-1",
    1453: "0903-1",
    1454: "0903-1",
    1455: "0903-1",
    1459: "0903",
}

# Codes whose <candidates> field lists the eliminated candidates (chains, ALS, Sue de Coq,
# forcing chains) rather than the digits the pattern uses.
CANDIDATES_ARE_ELIMINATIONS = ("07", "09", "11", "13")


@dataclass(frozen=True)
class ReglibCase:
    line_no: int
    code: str  # e.g. "0300" or "03111"
    variant: str  # "" or "1", "2", "x"
    digits: tuple[int, ...]  # the <candidates> field's digits
    grid: Grid
    eliminations: frozenset[tuple[int, int]]  # (cell, digit)
    placements: frozenset[tuple[int, int]]

    @property
    def must_not_fire(self) -> bool:
        return self.variant == "x"

    def __str__(self) -> str:
        return f"reglib line {self.line_no} ({self.code}{'-' + self.variant if self.variant else ''})"


def _candidates(field: str) -> frozenset[tuple[int, int]]:
    found = set()
    for token in field.split():
        digit, row, col = int(token[0]), int(token[1]), int(token[2])
        found.add(((row - 1) * 9 + col - 1, digit))
    return frozenset(found)


def _grid(givens: str, deleted: str) -> Grid:
    values, given, placed_next = [], [], False
    for ch in givens:
        if ch == "+":
            placed_next = True
            continue
        values.append(0 if ch in ".0" else int(ch))
        given.append(bool(values[-1]) and not placed_next)
        placed_next = False
    grid = Grid(values, given)
    for cell, digit in _candidates(deleted):
        grid.eliminate(cell, digit)
    return grid


def reglib_cases(*codes: str) -> list[ReglibCase]:
    """Every case whose base code is one of ``codes`` (e.g. ``"0300"``); skips if data is absent."""
    cases = []
    with data_file(REGLIB).open() as handle:
        for line_no, line in enumerate(handle, 1):
            if not line.startswith(":"):
                continue
            fields = line.rstrip("\n").split(":")
            code, _, variant = fields[1].partition("-")
            if code not in codes:
                continue
            cases.append(
                ReglibCase(
                    line_no=line_no,
                    code=code,
                    variant=variant,
                    digits=tuple(int(ch) for ch in fields[2] if ch.isdigit()),
                    grid=_grid(fields[3], fields[4]),
                    eliminations=_candidates(fields[5]),
                    placements=_candidates(fields[6]),
                )
            )
    return cases


def reglib_codes() -> set[str]:
    """Every technique code that has cases in the library (skips if the data is absent)."""
    with data_file(REGLIB).open() as handle:
        return {line.split(":")[1].partition("-")[0] for line in handle if line.startswith(":")}
