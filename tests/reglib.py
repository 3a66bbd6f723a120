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

# HoDoKu's technique codes for the techniques we have, and our (HoDoKu's) names for them.
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
    "0800": "XY-Wing",
    "0801": "XYZ-Wing",
}


@dataclass(frozen=True)
class ReglibCase:
    line_no: int
    code: str  # e.g. "0300"
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
