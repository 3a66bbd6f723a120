"""puzzle_io.formats: each format's reader and writer on exact text, detection by content, and bad
input reported as a BadLine (never an exception).

The literal texts follow the formats' own documents: SudoCue's file-format page (.sdk with #A..#U
metadata, .sdm), Simple Sudoku's .ss (``xxx|xxx|xxx`` rows, ``-----------`` rules, and its framed
clipboard form), HoDoKu's pencil-mark grid (Sudoku2.getSudoku(PM_GRID): each column as wide as its
longest cell plus 2, ``| `` before a box, rules ``.---.``, ``:---+---:``, ``'---'``) and
SudokuWiki's ``sudoku.htm?bd=`` links.
"""

from __future__ import annotations

import pytest

from puzzle_io.formats import (
    FORMATS,
    BadLine,
    PuzzleRecord,
    basic_candidates,
    format_puzzle,
    read_puzzles,
    to_line,
    values_from_cells,
)
from solver.errors import PuzzleFormatError
from solver.grid import BIT

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
EASY_DOTS = EASY.replace("0", ".")

# SudoCue's .sdk example (sudocue.net/fileformats.php), metadata and all
SUDOCUE = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"
SUDOCUE_SDK = """\
#ARuud
#DA random puzzle created by SudoCue
#CJust start plugging in the numbers
#B03-08-2006
#SSudoCue
#LEasy
#Uhttp://www.sudocue.net/
2..1.5..3
.54...71.
.1.2.3.8.
6.28.73.4
.........
1.53.98.6
.2.7.1.6.
.81...24.
7..4.2..1
"""
SUDOCUE_METADATA = {
    "author": "Ruud",
    "description": "A random puzzle created by SudoCue",
    "comment": "Just start plugging in the numbers",
    "date": "03-08-2006",
    "source": "SudoCue",
    "level": "Easy",
    "url": "http://www.sudocue.net/",
}
SUDOCUE_SS = """\
2..|1.5|..3
.54|...|71.
.1.|2.3|.8.
-----------
6.2|8.7|3.4
...|...|...
1.5|3.9|8.6
-----------
.2.|7.1|.6.
.81|...|24.
7..|4.2|..1
"""
SUDOCUE_SS_FRAMED = """\
*-----------*
|2..|1.5|..3|
|.54|...|71.|
|.1.|2.3|.8.|
|---+---+---|
|6.2|8.7|3.4|
|...|...|...|
|1.5|3.9|8.6|
|---+---+---|
|.2.|7.1|.6.|
|.81|...|24.|
|7..|4.2|..1|
*-----------*
"""

# EASY with r5c6=4 placed (not a given) and two candidates eliminated (r1c2<>7, r9c9<>6)
PM_GRID = """\
.-----------------.--------------.------------------.
| 45    458    3  | 49  2     17 | 6   5789   57    |
| 9     24678  47 | 3   47    5  | 78  278    1     |
| 25    257    1  | 8   79    6  | 4   23579  2357  |
:-----------------+--------------+------------------:
| 345   345    8  | 1   356   2  | 9   34567  34567 |
| 7     12359  9  | 59  3569  4  | 1   1356   8     |
| 1345  13459  6  | 7   359   8  | 2   1345   345   |
:-----------------+--------------+------------------:
| 134   1347   2  | 6   478   9  | 5   1478   47    |
| 8     1467   47 | 2   457   3  | 17  1467   9     |
| 46    4679   5  | 4   1     7  | 3   24678  247   |
'-----------------'--------------'------------------'
"""


def values(cells: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in cells]


def pm_values() -> list[int]:
    placed = values(EASY)
    placed[4 * 9 + 5] = 4
    return placed


def pm_candidates() -> list[int]:
    candidates = basic_candidates(pm_values())
    candidates[1] &= ~BIT[7]
    candidates[80] &= ~BIT[6]
    return candidates


def read(text: str | bytes, fmt: str | None = None) -> list[PuzzleRecord | BadLine]:
    data = text.encode() if isinstance(text, str) else text
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return list(read_puzzles(enumerate(lines, 1), fmt))


def strings(entries) -> list[str]:
    """Each entry as its 81-character line, or ``line N: ERROR`` for a bad line."""
    return [f"line {e.line}: {e.error}" if type(e) is BadLine else e.to_string() for e in entries]


# --- line, sdm, url -------------------------------------------------------------------------------


def test_line_reader_finds_the_81_cell_token_among_others():
    text = (
        f"{EASY}\n"
        f"{EASY_DOTS}   # a trailing comment\n"
        f"puzzle-7 {EASY} 2.3\n"  # id puzzle rating
        f"{EASY} {'4' * 81}\n"  # puzzle solution: the first token is the puzzle
        f"\t {EASY}\r\n"
        "# a comment line, and a blank one\n\n"
    )
    entries = read(text)
    assert strings(entries) == [EASY_DOTS] * 5
    assert [e.line for e in entries] == [1, 2, 3, 4, 5]
    assert entries[0].values == values(EASY) and entries[0].candidates is None


def test_line_sdm_and_url_writers_give_exact_text():
    puzzle = PuzzleRecord(values(EASY))
    assert format_puzzle(puzzle, "line") == EASY_DOTS + "\n"
    assert format_puzzle(puzzle, "sdm") == EASY + "\n"
    assert format_puzzle(puzzle, "url") == "https://www.sudokuwiki.org/sudoku.htm?bd=" + EASY + "\n"
    assert format_puzzle(puzzle, "line", first=False) == EASY_DOTS + "\n"  # no blank line
    assert puzzle.to_string("0") == EASY


def test_url_reader_takes_the_cells_after_bd():
    text = (
        f"https://www.sudokuwiki.org/sudoku.htm?bd={EASY}\nsee http://example.org/play?x=1&bd={EASY_DOTS}&lang=en#top\n"
    )
    assert strings(read(text)) == [EASY_DOTS, EASY_DOTS]
    assert strings(read(text, "url")) == [EASY_DOTS, EASY_DOTS]


# --- sdk ------------------------------------------------------------------------------------------


def test_sdk_reader_reads_sudocue_metadata_and_rows():
    [puzzle] = read(SUDOCUE_SDK)
    assert puzzle.to_string() == SUDOCUE
    assert puzzle.metadata == SUDOCUE_METADATA
    assert puzzle.line == 8  # the grid's first row


def test_sdk_reader_skips_a_section_header_and_keeps_metadata_for_one_puzzle():
    rows = "\n".join(SUDOCUE[r * 9 : r * 9 + 9] for r in range(9))
    text = f"[Puzzle]\n#AFirst\n#CTwo\n#Clines\n{rows}\n\n{rows}\n"
    first, second = read(text)
    assert first.to_string() == second.to_string() == SUDOCUE
    assert first.metadata == {"author": "First", "comment": "Two\nlines"}
    assert second.metadata == {}


def test_sdk_writer_gives_sudocue_text_with_metadata():
    puzzle = PuzzleRecord(values(SUDOCUE), metadata=dict(SUDOCUE_METADATA))
    assert format_puzzle(puzzle, "sdk") == SUDOCUE_SDK
    assert format_puzzle(puzzle, "sdk", first=False) == "\n" + SUDOCUE_SDK
    two_lines = PuzzleRecord(values(SUDOCUE), metadata={"comment": "Two\nlines"})
    assert format_puzzle(two_lines, "sdk").splitlines()[:3] == ["#CTwo", "#Clines", "2..1.5..3"]


# --- ss -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [SUDOCUE_SS, SUDOCUE_SS_FRAMED], ids=["ss", "framed"])
def test_ss_reader_reads_simple_sudoku_grids(text):
    [puzzle] = read(text)
    assert puzzle.to_string() == SUDOCUE and puzzle.line == 1  # its first line, a frame or a row
    assert strings(read(text, "ss")) == [SUDOCUE]


def test_ss_writer_gives_simple_sudoku_text():
    assert format_puzzle(PuzzleRecord(values(SUDOCUE)), "ss") == SUDOCUE_SS


# --- hodoku ---------------------------------------------------------------------------------------


def test_hodoku_writer_gives_hodoku_pm_grid_text():
    puzzle = PuzzleRecord(pm_values(), candidates=pm_candidates())
    assert format_puzzle(puzzle, "hodoku") == PM_GRID


def test_hodoku_writer_uses_the_basic_candidates_when_a_puzzle_has_none():
    lines = format_puzzle(PuzzleRecord(values(EASY)), "hodoku").splitlines()
    assert lines[1].startswith("| 45    4578    3  | 49 ")  # r1c1 45, r1c2 4578: the basic rule
    assert lines[6].startswith("| 7     123459  49 | 459 ")
    assert len(lines) == 13 and lines[0][0] == "." and lines[-1][0] == "'"


def test_hodoku_reader_keeps_candidates_and_placed_digits():
    [puzzle] = read(PM_GRID)
    assert puzzle.values == pm_values()  # r5c6 4 is placed: no peer has 4 as a candidate
    assert puzzle.candidates == pm_candidates()
    assert puzzle.line == 1
    assert [p.candidates for p in read(PM_GRID, "hodoku")] == [pm_candidates()]


def test_hodoku_reader_one_digit_is_a_candidate_when_a_peer_still_has_it():
    [puzzle] = read(PM_GRID)
    r5c3, r9c4 = 4 * 9 + 2, 8 * 9 + 3  # "9" (r5c2 has 9) and "4" (r9c1 has 4)
    assert puzzle.values[r5c3] == 0 and puzzle.candidates[r5c3] == BIT[9]
    assert puzzle.values[r9c4] == 0 and puzzle.candidates[r9c4] == BIT[4]


def test_hodoku_reader_reads_a_cell_without_candidates_as_empty():
    text = PM_GRID.replace("| 45    458 ", "| .     458 ")
    [puzzle] = read(text)
    assert puzzle.values[0] == 0 and puzzle.candidates[0] == 0


# --- every format, both ways ----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_reads_back_what_it_writes(fmt):
    puzzles = [
        PuzzleRecord(values(SUDOCUE), metadata=dict(SUDOCUE_METADATA)),
        PuzzleRecord(values(EASY)),
        PuzzleRecord(pm_values(), candidates=pm_candidates()),
    ]
    text = "".join(format_puzzle(p, fmt, first=i == 0) for i, p in enumerate(puzzles))
    for forced in (None, fmt):
        back = read(text, forced)
        assert [p.values for p in back] == [p.values for p in puzzles]
        assert [p.metadata for p in back] == [p.metadata if fmt == "sdk" else {} for p in puzzles]
        keeps = fmt == "hodoku"
        assert [p.candidates for p in back] == [
            (p.candidates or basic_candidates(p.values)) if keeps else None for p in puzzles
        ]


def test_formats_are_told_apart_by_content_in_one_file():
    text = (
        SUDOCUE_SDK
        + "\n"
        + SUDOCUE_SS
        + f"{EASY}\n"
        + SUDOCUE_SS_FRAMED
        + PM_GRID
        + f"https://www.sudokuwiki.org/sudoku.htm?bd={EASY}\n"
    )
    entries = read(text)
    assert strings(entries) == [SUDOCUE, SUDOCUE, EASY_DOTS, SUDOCUE, to_line(pm_values()), EASY_DOTS]
    assert [e.line for e in entries] == [8, 18, 29, 30, 43, 56]
    assert entries[0].metadata == SUDOCUE_METADATA and entries[1].metadata == {}


# --- grids are detected only when the lines form one ----------------------------------------------


@pytest.mark.parametrize("count", [9, 10, 11, 12, 13])
def test_short_lines_that_are_not_a_grid_are_not_merged(count):
    lines = ["12345678", "1234", ".2.4.6.8", "........", "123456789x"] * 3
    entries = read("\n".join(lines[:count]) + f"\n{EASY}\n")
    assert len(entries) == count + 1 and all(type(e) is BadLine for e in entries[:-1])
    assert [e.line for e in entries] == list(range(1, count + 2))
    assert entries[-1].to_string() == EASY_DOTS


def test_a_wrapped_puzzle_is_not_merged():
    text = "\n".join(EASY[i : i + 27] for i in (0, 27, 54)) + "\n"  # 81 cells on 3 lines
    assert strings(read(text)) == [f"line {n}: expected 81 cells, got 27" for n in (1, 2, 3)]


@pytest.mark.parametrize("cuts", [(2, 4, 6, 8), (1, 6), (3,), (4, 5)])
def test_lines_split_into_odd_groups_are_not_grid_rows(cuts):
    def split(row: str) -> str:  # cuts (2, 4, 6, 8): "00 30 20 60 0"
        return " ".join(row[i:j] for i, j in zip((0, *cuts), (*cuts, 9)))

    text = "".join(split(EASY[r * 9 : r * 9 + 9]) + "\n" for r in range(9))
    entries = read(text)
    assert len(entries) == 9 and all(type(e) is BadLine for e in entries)
    assert strings(read(text.replace(" ", ""))) == [EASY_DOTS]  # the same cells, whole


@pytest.mark.parametrize("rule_after", [1, 2, 4, 5, 7, 8])
def test_a_rule_line_inside_a_box_breaks_the_grid(rule_after):
    rows = SUDOCUE_SS.replace("-----------\n", "").splitlines()
    text = "\n".join(rows[:rule_after] + ["-----------"] + rows[rule_after:]) + "\n"
    entries = read(text)
    assert len(entries) == 9
    assert all(e.error == "a grid row outside a 9-row grid" for e in entries)
    assert [e.line for e in entries] == [n for n in range(1, 11) if n != rule_after + 1]


def test_two_rules_in_a_row_break_the_grid():
    text = SUDOCUE_SS.replace("-----------\n", "-----------\n-----------\n", 1)
    assert [type(e) for e in read(text)] == [BadLine] * 9


def test_grids_back_to_back_and_a_tenth_row():
    rows = [SUDOCUE[r * 9 : r * 9 + 9] for r in range(9)]
    entries = read("\n".join(rows + rows + rows[:1]) + "\n")
    assert strings(entries) == [SUDOCUE, SUDOCUE, "line 19: expected 81 cells, got 9"]
    assert [e.line for e in entries] == [1, 10, 19]


def test_an_interrupted_grid_reports_each_row_in_place():
    rows = [SUDOCUE[r * 9 : r * 9 + 9] for r in range(9)]
    entries = read("\n".join(rows[:4] + [EASY] + rows[4:]) + "\n")
    assert [type(e) for e in entries] == [BadLine] * 4 + [PuzzleRecord] + [BadLine] * 5
    assert [e.line for e in entries] == list(range(1, 11))
    assert entries[4].to_string() == EASY_DOTS


def test_comment_lines_inside_a_grid_do_not_break_it():
    rows = [SUDOCUE[r * 9 : r * 9 + 9] for r in range(9)]
    assert strings(read("\n".join(rows[:5] + ["# half way"] + rows[5:]) + "\n")) == [SUDOCUE]


# --- bytes: byte order mark, bad bytes, long lines ------------------------------------------------


def test_a_byte_order_mark_at_the_start_is_skipped():
    bom = b"\xef\xbb\xbf"
    assert strings(read(bom + EASY.encode() + b"\n")) == [EASY_DOTS]
    assert strings(read(bom + SUDOCUE_SS.encode())) == [SUDOCUE]
    [puzzle] = read(bom + SUDOCUE_SDK.encode())
    assert puzzle.metadata == SUDOCUE_METADATA


def test_a_bad_byte_makes_only_its_line_invalid():
    data = EASY.encode() + b"\n" + b"00\xff" + EASY.encode()[3:] + b"\n# caf\xe9\n" + EASY.encode() + b"\n"
    entries = read(data)
    assert strings(entries) == [EASY_DOTS, "line 2: bad byte 0xff at column 3", EASY_DOTS]
    assert entries[1].text is None


def test_a_bad_byte_inside_a_grid_reports_its_rows():
    rows = SUDOCUE_SS.encode().splitlines()
    rows[4] = rows[4][:2] + b"\x80" + rows[4][3:]
    entries = read(b"\n".join(rows) + b"\n")
    assert [e.error for e in entries] == ["a grid row outside a 9-row grid"] * 3 + ["bad byte 0x80 at column 3"] + [
        "a grid row outside a 9-row grid"
    ] * 5


def test_a_line_too_long_to_keep_is_reported_in_place():
    lines = [(1, EASY.encode()), (2, None), (3, EASY.encode())]
    entries = list(read_puzzles(lines))
    assert strings(entries) == [EASY_DOTS, "line 2: line too long", EASY_DOTS]


# --- bad input: a clear BadLine, never an exception -----------------------------------------------


@pytest.mark.parametrize(
    "text, fmt, error",
    [
        (EASY[:40] + "x" + EASY[41:], None, "bad character 'x' at position 41 (r5c5)"),
        (EASY[:-1], None, "expected 81 cells, got 80"),
        (EASY + "1", None, "expected 81 cells, got 82"),
        ("\u0661" * 81, None, "bad character '\u0661' at position 1 (r1c1)"),
        ("hello world", None, "bad character 'h' at position 1 (r1c1)"),
        ("https://www.sudokuwiki.org/sudoku.htm?bd=" + EASY[:80], None, "the link's bd=: expected 81 cells, got 80"),
        ("| 45 458 3 | 49 2 17 | 6 5789 57 |", None, "a pencil-mark row outside a 9-row grid"),
        ("2..|1.5|..3", None, "a grid row outside a 9-row grid"),
        ("2..1.5..3", None, "expected 81 cells, got 9"),
        (EASY, "sdk", "expected a row of a 9-row grid"),
        (EASY, "hodoku", "expected a row of a 9-row grid"),
        (EASY, "url", "expected a link with bd= and 81 cells"),
        ("https://www.sudokuwiki.org/sudoku.htm?bd=" + EASY, "line", "bad character 'h' at position 1 (r1c1)"),
        ("2..1.5..3", "sdk", "a grid row outside a 9-row grid"),
    ],
)
def test_bad_lines_say_what_is_wrong(text, fmt, error):
    [entry] = read(text + "\n", fmt)
    assert type(entry) is BadLine
    assert (entry.line, entry.error) == (1, error)


def test_forcing_a_line_format_on_a_grid_reports_every_row():
    entries = read(SUDOCUE_SDK, "line")
    assert len(entries) == 9 and all(type(e) is BadLine for e in entries)
    assert entries[0].error == "expected 81 cells, got 9"


def test_metadata_of_a_bad_puzzle_is_dropped():
    entries = read(f"#AAlice\n{EASY[:-1]}\n{EASY}\n", "sdk")
    assert [type(e) for e in entries] == [BadLine, BadLine]
    [bad, good] = read(f"#AAlice\n{EASY[:-1]}\n{EASY}\n")
    assert type(bad) is BadLine and good.metadata == {}


def test_metadata_goes_with_its_own_grid_around_lines_that_fail():
    """A line that fails (a bad byte, too long) takes the metadata before it along; metadata
    after a stray row is the next puzzle's; a stray row before a grid does not shift the grid
    (.sdk metadata comes before a grid, never inside one)."""
    [bad, good] = read(b"#AAlice\n\xff\n" + EASY.encode() + b"\n")
    assert type(bad) is BadLine and bad.line == 2 and good.metadata == {}
    [stray, puzzle] = read(f"..3|.2.|6..\n#AAlice\n{EASY}\n")
    assert type(stray) is BadLine and stray.line == 1 and puzzle.metadata == {"author": "Alice"}
    grid = "".join(EASY_DOTS[r * 9 : r * 9 + 9] + "\n" for r in range(9))
    [stray, puzzle] = read(f".........\n#AAlice\n{grid}")
    assert (type(stray), stray.line) == (BadLine, 1)
    assert (puzzle.to_string(), puzzle.line, puzzle.metadata) == (EASY_DOTS, 3, {"author": "Alice"})


def test_a_metadata_field_keeps_at_most_4096_characters():
    """Each #C line used to be joined onto the last (quadratic, no bound): 20,000 lines of a
    thousand characters took two minutes and 75 MB before the puzzle under them was read."""
    [puzzle] = read("#CA first line\n" + "#C" + "x" * 1000 + "\n" + ("#C" + "y" * 1000 + "\n") * 50 + EASY)
    comment = puzzle.metadata["comment"]
    assert comment.startswith("A first line\n" + "x" * 1000) and len(comment) <= 4096
    assert comment.count("\n") == 4  # whole lines only: the first, the x's and three of the y's


def test_unknown_formats_are_a_value_error():
    with pytest.raises(ValueError, match="unknown format 'csv'"):
        read(EASY, "csv")
    with pytest.raises(ValueError, match="unknown format 'csv'"):
        format_puzzle(PuzzleRecord(values(EASY)), "csv")


def test_values_and_lines_convert_both_ways_with_clear_errors():
    assert values_from_cells(EASY) == values(EASY) == values_from_cells(EASY_DOTS)
    assert to_line(values(EASY)) == EASY_DOTS and to_line(values(EASY), "0") == EASY
    with pytest.raises(PuzzleFormatError, match="expected 81 cells, got 80"):
        values_from_cells(EASY[1:])
    with pytest.raises(PuzzleFormatError, match=r"bad character '\*' at position 81 \(r9c9\)"):
        values_from_cells(EASY[:80] + "*")
    with pytest.raises(ValueError, match=r"value 10 in cell 3 is not 0\.\.9"):
        to_line([0, 0, 10] + [0] * 78)


# --- reading is lazy: a puzzle comes out as soon as its last line is in ---------------------------


def test_each_puzzle_comes_out_before_the_next_line_is_read():
    pulled = []

    def lines():
        for number, line in enumerate([EASY] + SUDOCUE_SS.splitlines() + [EASY], 1):
            pulled.append(number)
            yield number, line.encode()

    entries = read_puzzles(lines())
    assert next(entries).line == 1 and pulled == [1]
    assert next(entries).line == 2 and pulled[-1] == 12  # the grid's last row
    assert next(entries).line == 13 and pulled[-1] == 13
