"""Sudoku geometry, computed once, and the candidate grid.

Glossary (after Norvig's "Solving Every Sudoku Puzzle"):
  cell   an int 0..80, row-major; people read it as r1c1..r9c9 (1-based).
  house  a row, column or box; 27 of them: rows are 0-8, columns 9-17, boxes 18-26.
  peers  the 20 other cells that share a house with a cell.
  digit  1..9; its bit in a mask is ``1 << (digit - 1)``; ``ALL_DIGITS`` is 0x1FF.
  mask   a 9-bit set of digits: the candidates of a cell, the digits missing from a house.
  givens the digits printed in the puzzle; ``values`` holds givens and later placements.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from solver.errors import PuzzleFormatError

ALL_DIGITS = 0x1FF
DIGITS = range(1, 10)
CELLS = range(81)

ROW_OF = tuple(cell // 9 for cell in CELLS)
COL_OF = tuple(cell % 9 for cell in CELLS)
BOX_OF = tuple((cell // 27) * 3 + (cell % 9) // 3 for cell in CELLS)

ROWS = tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
COLS = tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
BOXES = tuple(tuple(cell for cell in CELLS if BOX_OF[cell] == b) for b in range(9))
HOUSES = ROWS + COLS + BOXES
HOUSES_OF = tuple((ROW_OF[cell], 9 + COL_OF[cell], 18 + BOX_OF[cell]) for cell in CELLS)
PEERS = tuple(tuple(sorted({p for h in HOUSES_OF[cell] for p in HOUSES[h]} - {cell})) for cell in CELLS)

# The same geometry as 81-bit cell masks (bit c is cell c), the form most techniques work on
CELL_BIT = tuple(1 << cell for cell in CELLS)
HOUSE_MASK = tuple(sum(CELL_BIT[cell] for cell in house) for house in HOUSES)
PEER_MASK = tuple(sum(CELL_BIT[peer] for peer in PEERS[cell]) for cell in CELLS)

BIT = (0,) + tuple(1 << (d - 1) for d in DIGITS)  # BIT[d] is digit d's bit; BIT[0] = 0
POPCOUNT = tuple(bin(mask).count("1") for mask in range(512))
DIGITS_OF = tuple(tuple(d for d in DIGITS if mask & BIT[d]) for mask in range(512))

HOUSE_KINDS = ("row", "column", "box")
EMPTY_CHARS = ".0"


def cell_name(cell: int) -> str:
    """``r5c8`` for cell 43 (row 5, column 8, 1-based)."""
    return f"r{ROW_OF[cell] + 1}c{COL_OF[cell] + 1}"


def cells_of(mask: int) -> list[int]:
    """The cells of an 81-bit cell mask (bit c is cell c), ascending."""
    cells = []
    while mask:  # highest bit first, then reversed: 0.75x the time of peeling the lowest bit
        cell = mask.bit_length() - 1
        cells.append(cell)
        mask ^= 1 << cell
    cells.reverse()
    return cells


def house_name(house: int) -> str:
    """``'row 3'``, ``'column 5'`` or ``'box 7'`` for a house index 0..26 (1-based for people)."""
    return f"{HOUSE_KINDS[house // 9]} {house % 9 + 1}"


def mask_of(digits: Iterable[int]) -> int:
    """The 9-bit mask of some digits 1..9."""
    mask = 0
    for d in digits:
        mask |= BIT[d]
    return mask


def subsets_of(cells: Sequence[int], cands: Sequence[int]) -> list[tuple[int, int, int]]:
    """(81-bit cell mask, digit mask, size) of every non-empty subset of ``cells`` (``cands``: the
    81 candidate masks), in the order of the subsets' bit patterns (bit i is ``cells[i]``; the
    last is all of ``cells``). Built by doubling: the subsets with cell i are those without it,
    each extended by it, so one list comprehension per cell does the work."""
    found = [(0, 0, 0)]
    for cell in cells:
        bit, held = 1 << cell, cands[cell]
        found += [(mask | bit, digits | held, size + 1) for mask, digits, size in found]
    del found[0]
    return found


def lonely_digits(cands: Sequence[int], cells: Iterable[int]) -> int:
    """The mask of digits that are a candidate in exactly one of ``cells`` (``cands``: 81 masks):
    each is a Hidden Single there."""
    once = twice = 0
    for cell in cells:
        mask = cands[cell]
        twice |= once & mask
        once |= mask
    return once & ~twice


def allowed_masks(values: Sequence[int]) -> list[int]:
    """81 masks: the digits no placed value in the cell's houses forbids; 0 for a filled cell
    (``values``: 81 ints, 0 = empty). They are the candidates before any elimination."""
    used = [0] * 27
    for house, cells in enumerate(HOUSES):
        mask = 0
        for cell in cells:
            mask |= BIT[values[cell]]
        used[house] = mask
    allowed = [0] * 81
    for cell in CELLS:
        if not values[cell]:
            r, c, b = HOUSES_OF[cell]
            allowed[cell] = ALL_DIGITS & ~(used[r] | used[c] | used[b])
    return allowed


def _cleaned_cells(text: str) -> str:
    """Drop the layout characters of a 9-line grid (whitespace, ``|``, ``-``, ``+``)."""
    return "".join(ch for ch in text if not ch.isspace() and ch not in "|-+")


def parse_values(text: str) -> list[int]:
    """Read a puzzle: an 81-character line or a 9-line grid; return 81 ints, 0 = empty.

    Accepts ``1``-``9`` for digits and ``0`` or ``.`` for an empty cell. In a 9-line grid,
    whitespace, ``|``, ``-`` and ``+`` are layout and ignored.

    Raises:
        PuzzleFormatError: wrong number of cells, a bad character (its 1-based position and
            cell are named), or the same digit twice in a house ("two 5s in row 3").
    """
    cells = _cleaned_cells(text)
    for position, ch in enumerate(cells[:81]):
        if ch not in EMPTY_CHARS and not ("1" <= ch <= "9"):
            raise PuzzleFormatError(f"bad character {ch!r} at position {position + 1} ({cell_name(position)})")
    if len(cells) != 81:
        raise PuzzleFormatError(f"expected 81 cells, got {len(cells)}")
    values = [0 if ch in EMPTY_CHARS else ord(ch) - 48 for ch in cells]
    check_houses(values)
    return values


def check_houses(values: Sequence[int]) -> None:
    """Raise ``PuzzleFormatError`` if a digit stands twice in a house; 81 ints, 0 = empty."""
    if len(values) != 81:
        raise PuzzleFormatError(f"expected 81 cells, got {len(values)}")
    for cell, v in enumerate(values):
        if not (isinstance(v, int) and 0 <= v <= 9):
            raise PuzzleFormatError(f"bad value {v!r} at {cell_name(cell)}")
    for house, cells in enumerate(HOUSES):
        seen = 0
        for cell in cells:
            bit = BIT[values[cell]]
            if seen & bit:
                raise PuzzleFormatError(f"two {values[cell]}s in {house_name(house)}")
            seen |= bit


def puzzle_token(line: str) -> str | None:
    """The puzzle on one line of a puzzle file, or None for a blank or ``#`` comment line.

    The first whitespace-separated token of exactly 81 puzzle characters wins, so lines such as
    ``id puzzle rating`` or ``puzzle solution`` work. If there is none, the longest token is
    returned so that parsing it names the real problem (wrong length, bad character).
    """
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    tokens = text.split()
    for token in tokens:
        if len(token) == 81 and all(ch in EMPTY_CHARS or "1" <= ch <= "9" for ch in token):
            return token
    return max(tokens, key=len)


def values_to_string(values: Sequence[int], empty: str = ".") -> str:
    """81 ints (0 = empty) as the community's one-line form, ``empty`` for blanks."""
    return "".join(str(v) if v else empty for v in values)


def format_board(values: Sequence[int], empty: str = ".") -> str:
    """A boxed 9-line grid for a terminal, e.g. ``5 3 . | . 7 . | . . .``, with rule lines."""
    lines = []
    rule = "------+-------+------"
    for r in range(9):
        if r and r % 3 == 0:
            lines.append(rule)
        row = [str(values[r * 9 + c]) if values[r * 9 + c] else empty for c in range(9)]
        lines.append(" | ".join(" ".join(row[i : i + 3]) for i in (0, 3, 6)))
    return "\n".join(lines)


class Grid:
    """A Sudoku position: the values placed and the candidates left (the candidate graph).

    ``values`` is 81 ints (0 = empty); ``candidates`` is 81 masks, 0 for a filled cell;
    ``given`` is 81 bools marking the puzzle's givens. The grid is mutable and cheap to copy;
    solvers copy it before they change it unless a function says otherwise.
    """

    __slots__ = ("candidates", "given", "values")

    def __init__(self, values: Sequence[int] | None = None, given: Sequence[bool] | None = None):
        """Build a grid from 81 ints (0 = empty), candidates from the basic Sudoku rule.

        Raises:
            PuzzleFormatError: wrong length, a value outside 0..9, or a digit twice in a house.
        """
        values = [0] * 81 if values is None else list(values)
        check_houses(values)
        self.values = values
        self.given = [bool(v) for v in values] if given is None else list(given)
        self.candidates = [0] * 81
        self.reset_candidates()

    @classmethod
    def parse(cls, text: str) -> Grid:
        """Parse an 81-character line or a 9-line grid (see ``parse_values``)."""
        return cls(parse_values(text))

    def reset_candidates(self) -> None:
        """Recompute every cell's candidates from the values alone (forgets eliminations)."""
        self.candidates[:] = allowed_masks(self.values)

    def copy(self) -> Grid:
        """An independent copy."""
        new = Grid.__new__(Grid)
        new.values = self.values[:]
        new.candidates = self.candidates[:]
        new.given = self.given[:]
        return new

    def place(self, cell: int, digit: int) -> None:
        """Set ``cell`` to ``digit`` and remove ``digit`` from the candidates of its peers."""
        self.values[cell] = digit
        self.candidates[cell] = 0
        clear = ~BIT[digit]
        cands = self.candidates
        for peer in PEERS[cell]:
            cands[peer] &= clear

    def eliminate(self, cell: int, digit: int) -> bool:
        """Remove candidate ``digit`` from ``cell``; True if it was there."""
        bit = BIT[digit]
        if self.candidates[cell] & bit:
            self.candidates[cell] &= ~bit
            return True
        return False

    def empty_cells(self) -> list[int]:
        """The cells with no value, in cell order."""
        return [cell for cell in CELLS if not self.values[cell]]

    def is_solved(self) -> bool:
        """True when all 81 cells hold a value (the values are valid by construction)."""
        return all(self.values)

    def to_string(self, empty: str = ".") -> str:
        """The one-line form: 81 characters, ``empty`` for blanks."""
        return values_to_string(self.values, empty)

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"Grid.parse({self.to_string()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self.values == other.values and self.candidates == other.candidates

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable (mypy expects a method)


_LAST_PLACES: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # (candidates, their places)


def digit_places(grid: Grid) -> tuple[int, ...]:
    """``places[d]`` for d in 1..9 (index 0 unused): the cells where d is still a candidate."""
    return places_of(grid.candidates)


def places_of(masks: Sequence[int]) -> tuple[int, ...]:
    """``places[d]`` for d in 1..9 (index 0 unused) of 81 candidate masks (bit d-1 = digit d):
    the 81-bit set of the cells holding d.

    The finders a solver tries one after another at one position all ask for these, so the
    last position's answer is kept (one entry; safe between threads, as a lost race only
    recomputes it)."""
    key = tuple(masks)
    last = _LAST_PLACES
    if last[0] == key:
        return last[1]
    places = [0] * 10
    for cell, mask in enumerate(key):
        if mask:
            bit = CELL_BIT[cell]
            for digit in DIGITS_OF[mask]:
                places[digit] |= bit
    result = tuple(places)
    _remember(key, result)
    return result


def _remember(key: tuple[int, ...], places: tuple[int, ...]) -> None:
    global _LAST_PLACES
    _LAST_PLACES = (key, places)
