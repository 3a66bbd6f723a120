"""Sudoku as exact cover, packed into one Python int: the tables of the whole-board sweeps.

Knuth's exact-cover view ("Dancing Links", 2000) with every constraint a bit field, so that one
big-int operation looks at the whole board (SWAR). Shared by the exact solver
(``solver.exact``) and the implication engine (``solver.implication``).

  constraint  324 of them: each cell needs a digit (81); each row, column and box needs each
              digit (3 x 81).
  option      a way to meet a constraint: a digit of the cell, or a place for the digit in
              the house (column of a row, row of a column, position 0..8 in a box).
  field       one constraint: 9 option bits, a guard bit (bit 9) and a carry bit (bit 10), 11
              bits from bit 11 * f (``WIDTH``).
              Field ``cell`` (0..80) is that cell's candidate mask, bit d-1 = digit d; then
              81 + 9*row + d-1, 162 + 9*column + d-1 and 243 + 9*box + d-1 list the places
              left for digit d in that house.
  candidate   (cell, digit), index ``9 * cell + digit - 1``; it is an option of 4 fields.
  state       an int holding the fields; a field's guard bit is set while the constraint is
              open (not met yet).

Placing a candidate is one AND with ``PLACE[candidate]``: it clears every candidate sharing a
constraint with it and the guards of its 4 constraints. Removing one is an AND with
``DROP[candidate]``. Tables ending in ``_AT`` are indexed by ``bit.bit_length()`` of any of a
candidate's 4 option bits, so a loop over the set bits of a state needs no arithmetic to find
the candidate.
"""

from __future__ import annotations

from solver.grid import ALL_DIGITS, BOX_OF, BOXES, CELLS, COL_OF, ROW_OF

WIDTH = 11  # bits per field: 9 options, a guard and a carry bit
LOWS = sum(1 << (WIDTH * field) for field in range(324))  # bit 0 of every field
GUARDS = LOWS << 9
OPTIONS = LOWS * ALL_DIGITS  # every option bit: the state before any placement
CELL_LOWS = sum(1 << (WIDTH * cell) for cell in CELLS)
CELL_GUARDS = CELL_LOWS << 9
CELL_OPTIONS = CELL_LOWS * ALL_DIGITS
CELL_SHIFTS = tuple(WIDTH * cell for cell in CELLS)


def _options_of(cell: int, digit: int) -> tuple[tuple[int, int], ...]:
    """The 4 (field, option) pairs of candidate (cell, digit); digit 1..9."""
    d = digit - 1
    box = BOX_OF[cell]
    return (
        (cell, d),
        (81 + 9 * ROW_OF[cell] + d, COL_OF[cell]),
        (162 + 9 * COL_OF[cell] + d, ROW_OF[cell]),
        (243 + 9 * box + d, BOXES[box].index(cell)),
    )


def _build_tables() -> tuple[list[int], list[int], list[int], list[int]]:
    """Per candidate: its option bits, the state mask that places it and the one that places
    it and drops its own bits; per option bit position: its candidate."""
    bits: list[int] = []
    closes: list[int] = []
    fields: list[list[int]] = []  # per candidate: its 4 fields
    candidate_at = [-1] * (WIDTH * 324)
    for cell in CELLS:
        for digit in range(1, 10):
            own = guard = 0
            pairs = _options_of(cell, digit)
            for field, option in pairs:
                own |= 1 << (WIDTH * field + option)
                guard |= 1 << (WIDTH * field + 9)
                candidate_at[WIDTH * field + option] = len(bits)
            bits.append(own)
            closes.append(guard)
            fields.append([field for field, _ in pairs])
    # The candidates that clash with one are those sharing one of its 4 fields (itself too).
    members = [0] * 324  # per field: the bits of every candidate with an option there
    for candidate, own in enumerate(bits):
        for field in fields[candidate]:
            members[field] |= own
    place, keep_others = [], []
    for candidate, own in enumerate(bits):
        a, b, c, d = fields[candidate]
        clash = members[a] | members[b] | members[c] | members[d]
        keep_others.append(OPTIONS ^ clash)
        place.append(OPTIONS ^ clash ^ own | GUARDS ^ closes[candidate])
    return bits, place, keep_others, candidate_at


BITS, PLACE, KEEP_OTHERS, CANDIDATE_AT = _build_tables()
DROP = [GUARDS | OPTIONS ^ own for own in BITS]  # per candidate: the state mask that removes it


def by_bit_length(per_candidate: list[int]) -> list[int]:
    """``per_candidate`` indexed by ``bit.bit_length()`` for each of the candidate's 4 option
    bits, so a loop over the set bits of an int looks an entry up with no arithmetic."""
    table = [0] * (WIDTH * 324 + 1)
    for position, candidate in enumerate(CANDIDATE_AT):
        if candidate >= 0:
            table[position + 1] = per_candidate[candidate]
    return table


PLACE_AT = by_bit_length(PLACE)
KEEP_OTHERS_AT = by_bit_length(KEEP_OTHERS)
DROP_AT = by_bit_length(DROP)
