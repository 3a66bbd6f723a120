"""The puzzle book (generator.book): puzzles picked from a small bank and from lines, graded;
the PDF has the title page, the puzzle pages and the solution pages, and its text holds every
puzzle's caption; bad input raises a clear error; a failed write leaves the old file alone."""

from __future__ import annotations

import re

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator import book
from generator.bank import BankError, build_bank
from generator.book import (
    BookError,
    BookPuzzle,
    book_puzzles_from_bank,
    book_puzzles_from_lines,
    caption_lines,
    page_count,
    techniques_in_order,
    write_book,
)
from solver import exact
from solver.grid import parse_values
from solver.levels import Level

NO_SOLUTION = "12345678." + "........9" + "." * 63
SEVERAL = "." * 81


@pytest.fixture(scope="module")
def bank_folder(tmp_path_factory):
    """A bank of 4 Easy puzzles (built in about a tenth of a second)."""
    folder = tmp_path_factory.mktemp("bank")
    build_bank(folder, 4, (Level.EASY,), 5, 1)
    return folder


@pytest.fixture(scope="module")
def puzzles(bank_folder) -> list[BookPuzzle]:
    return book_puzzles_from_bank(Level.EASY, 3, seed=1, folder=bank_folder)


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", data))


def pdf_text(data: bytes) -> str:
    """The strings shown on the pages of an uncompressed PDF, one per line, decoded."""

    def unescape(match: re.Match) -> bytes:
        code = match.group(1)
        return bytes([int(code, 8)]) if code[:1].isdigit() else code

    shown = re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", data)
    return "\n".join(re.sub(rb"\\([0-7]{3}|.)", unescape, s).decode("cp1252") for s in shown)


# --- picking and grading -----------------------------------------------------------------------


def test_bank_puzzles_are_distinct_graded_and_reproducible(bank_folder, puzzles):
    assert len({p.puzzle for p in puzzles}) == 3
    for p in puzzles:
        assert p.level == Level.EASY and p.solved
        assert p.solution == "".join(map(str, exact.solve_unique(parse_values(p.puzzle))))
        assert all(a in ".0" or a == b for a, b in zip(p.puzzle, p.solution))
        assert p.techniques and p.hardest in p.techniques and p.se > 0 and p.interest >= 0
    calls = []
    again = book_puzzles_from_bank(Level.EASY, 3, seed=1, folder=bank_folder, progress=lambda *a: calls.append(a))
    assert again == puzzles and calls == [(1, 3), (2, 3), (3, 3)]
    others = book_puzzles_from_bank(
        Level.EASY, 1, seed=1, folder=bank_folder, exclude=[p.puzzle.replace(".", "0") for p in puzzles]
    )
    assert others[0].puzzle not in {p.puzzle for p in puzzles}


def test_bank_errors_say_what_is_wrong(bank_folder, tmp_path):
    with pytest.raises(BookError, match="has 4 Easy puzzles, fewer than the 5 asked for"):
        book_puzzles_from_bank(Level.EASY, 5, folder=bank_folder)
    one = book_puzzles_from_bank(Level.EASY, 1, seed=2, folder=bank_folder)[0].puzzle
    with pytest.raises(BookError, match=r"has 3 Easy puzzles \(after the excluded ones\), fewer than the 4"):
        book_puzzles_from_bank(Level.EASY, 4, folder=bank_folder, exclude=[one])
    with pytest.raises(BookError, match="has 0 Hard puzzles"):
        book_puzzles_from_bank(Level.HARD, 1, folder=bank_folder)
    for n in (0, -2):
        with pytest.raises(BookError, match="at least 1 puzzle"):
            book_puzzles_from_bank(Level.EASY, n, folder=bank_folder)
    with pytest.raises(BookError, match="Beyond is not a playable level"):
        book_puzzles_from_bank(Level.BEYOND, 1, folder=bank_folder)
    (tmp_path / "easy.json").write_text("not json")
    with pytest.raises(BankError):
        book_puzzles_from_bank(Level.EASY, 1, folder=tmp_path)


def test_puzzles_from_lines_are_checked_and_graded(puzzles):
    lines = ["# my puzzles", "", f"1 {puzzles[0].puzzle} extra", puzzles[1].puzzle.replace(".", "0")]
    found = book_puzzles_from_lines(lines)
    assert [p.puzzle for p in found] == [p.puzzle for p in puzzles[:2]]
    assert found == puzzles[:2]
    for bad, message in (
        (SEVERAL, "line 2: .*multiple solutions"),
        (NO_SOLUTION, "line 2: .*no solution"),
        ("12x" + "." * 78, "line 2: bad character 'x'"),
        ("11" + "." * 79, "line 2: two 1s in row 1"),
    ):
        with pytest.raises(BookError, match=message):
            book_puzzles_from_lines([puzzles[0].puzzle, bad])
    with pytest.raises(BookError, match="no puzzle given"):
        book_puzzles_from_lines(["", "# nothing"])


# --- captions ------------------------------------------------------------------------------------


def test_techniques_run_from_easiest_to_hardest():
    names = ["AIC", "Hidden Single", "X-Wing", "Naked Pair", "Full House"]
    assert techniques_in_order(names) == ["Full House", "Hidden Single", "Naked Pair", "X-Wing", "AIC"]


def test_caption_keeps_the_hardest_and_fits(puzzles):
    many = dict.fromkeys(
        (
            "Full House",
            "Hidden Single",
            "Locked Candidates Type 1 (Pointing)",
            "Locked Candidates Type 2 (Claiming)",
            "Naked Pair",
            "Hidden Triple",
            "X-Wing",
            "Skyscraper",
            "XY-Wing",
            "W-Wing",
            "XY-Chain",
            "Grouped Discontinuous Nice Loop",
        ),
        1,
    )
    hard = BookPuzzle(
        puzzles[0].puzzle, puzzles[0].solution, Level.EXPERT, 7.25, 101.6, many, "Grouped Discontinuous Nice Loop"
    )
    for width, size in ((432, 11), (180, 8)):
        lines = caption_lines(hard, width, size)
        assert lines[0] == "Expert · SE 7.2 · interest 102"
        assert 2 <= len(lines) <= 1 + book.TECHNIQUE_LINES
        assert lines[-1].endswith("Grouped Discontinuous Nice Loop")
        assert all(stringWidth(line, book.FONT, size) <= width for line in lines)
    assert caption_lines(hard, 1000, 8)[1].startswith("Techniques: singles, Locked Candidates Type 1")
    assert "…" in caption_lines(hard, 180, 8)[1]
    easy = caption_lines(puzzles[0], 300, 9)
    assert easy[0].startswith("Easy · SE ") and "singles" not in easy[1]
    assert easy[1] == "Techniques: " + ", ".join(techniques_in_order(puzzles[0].techniques))


# --- the PDF -------------------------------------------------------------------------------------


@pytest.mark.parametrize("per_page, page_size", [(1, "A4"), (2, "letter"), (4, "a4"), (6, "Letter")])
def test_book_has_its_pages_and_captions(tmp_path, puzzles, per_page, page_size):
    path = tmp_path / "book.pdf"
    many = (puzzles * 4)[:10]  # 10 puzzles: pages are filled and a last one is not
    pages = write_book(path, many, title="My (Easy) Book", per_page=per_page, page_size=page_size, compress=False)
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert pages == page_count(10, per_page) == 1 + -(-10 // per_page) + 2 == pdf_pages(data)
    text = pdf_text(data)
    assert "My (Easy) Book" in text and "10 Easy puzzles, with solutions" in text
    joined = " ".join(text.splitlines())
    lines = text.splitlines()
    for number, p in enumerate(many, 1):
        assert lines.count(f"Puzzle {number}") == 2  # its page and its solution
        assert f"Easy · SE {p.se:.1f} · interest {p.interest:.0f}" in lines
        assert "Techniques: " + ", ".join(techniques_in_order(p.techniques)) in joined
    assert lines.count("Solutions") == 2
    assert lines[-1] == str(pages)  # the last page's footer


def test_bad_book_input_raises(tmp_path, puzzles):
    path = tmp_path / "book.pdf"
    for kwargs, message in (
        ({"per_page": 3}, "cannot put 3 puzzles on a page; choose 1, 2, 4 or 6"),
        ({"page_size": "A5"}, "unknown page size 'A5'; choose A4 or letter"),
        ({"title": "  "}, "needs a title"),
    ):
        with pytest.raises(BookError, match=re.escape(message)):
            write_book(path, puzzles, **kwargs)
    with pytest.raises(BookError, match="at least 1 puzzle"):
        write_book(path, [])
    with pytest.raises(BookError):
        page_count(3, 5)
    with pytest.raises(OSError):
        write_book(tmp_path / "missing" / "book.pdf", puzzles)
    assert not path.exists()


def test_a_failed_write_leaves_the_old_file(tmp_path, puzzles, monkeypatch):
    path = tmp_path / "book.pdf"
    path.write_bytes(b"the old book")
    path.chmod(0o640)

    def broken(*args, **kwargs):
        raise RuntimeError("drawing failed")

    with monkeypatch.context() as patch:
        patch.setattr(book, "_grid", broken)
        with pytest.raises(RuntimeError):
            write_book(path, puzzles)
    with monkeypatch.context() as patch:
        patch.setattr(book.os, "replace", lambda *args: (_ for _ in ()).throw(OSError(28, "disk full")))
        with pytest.raises(OSError, match="disk full"):
            write_book(path, puzzles)
    assert path.read_bytes() == b"the old book"
    assert [p.name for p in tmp_path.iterdir()] == ["book.pdf"]
    write_book(path, puzzles)
    assert pdf_pages(path.read_bytes()) == page_count(3, 1) and path.stat().st_mode & 0o777 == 0o640
