"""A printable puzzle book (PDF, made with reportlab): a title page, the puzzles with a caption
under each (level, SE estimate, interest, the techniques its solution needs), and the solutions
at the back, nine to a page, their givens in bold.

  book_puzzles_from_bank   n distinct puzzles of one level from a bank, re-graded
  book_puzzles_from_lines  the user's puzzles (81-character lines), checked and graded
  book_puzzle              one puzzle (a line or 81 ints), checked and graded
  write_book               the PDF, written atomically; ``page_count`` says how many pages

Glossary:
  slot     the part of a page that holds one puzzle: its title, its grid and its caption.
  caption  the lines under a puzzle's grid: "Hard · SE 4.2 · interest 49", then the
           techniques, easiest first and hardest last, on at most ``TECHNIQUE_LINES`` lines.
Lengths are in PDF points (1/72 inch). Never imports pygame; never prints.
"""

from __future__ import annotations

import io
import math
import os
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from generator.bank import load_bank
from puzzle_io.atomic import AtomicFile
from solver import exact
from solver.errors import PuzzleError
from solver.grading import grade
from solver.grid import check_houses, parse_values, puzzle_token, values_to_string
from solver.levels import PLAYABLE_LEVELS, Level
from solver.techniques import TECHNIQUES

__all__ = [
    "BookError",
    "BookPuzzle",
    "book_puzzle",
    "book_puzzles_from_bank",
    "book_puzzles_from_lines",
    "caption_lines",
    "page_count",
    "techniques_in_order",
    "write_book",
]

PER_PAGE = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}  # puzzles per page -> (columns, rows)
ANSWERS = (3, 3)  # solutions per page: columns, rows
PAGE_SIZES = {"a4": A4, "letter": LETTER}
MARGIN = 54  # three quarters of an inch
GAP = 18  # between slots
TECHNIQUE_LINES = 2
FONT, BOLD = "Helvetica", "Helvetica-Bold"
# per puzzles per page: (title, caption, largest grid) sizes
SIZES = {1: (18, 11, 432), 2: (14, 10, 330), 4: (12, 8.5, 250), 6: (11, 8, 220)}
FILLED_GREY = 0.38  # the solutions' filled digits, apart from the black bold givens
_ORDER = {name: (t.level, i) for i, t in enumerate(TECHNIQUES) for name in t.names}


class BookError(ValueError):
    """A book that cannot be made from what was asked; the message is a sentence for a person."""


@dataclass(frozen=True)
class BookPuzzle:
    """One puzzle of a book: ``puzzle`` and ``solution`` are 81-character lines ('.' empty),
    ``level`` its grade, ``se`` the Sudoku Explainer estimate, ``interest`` the interest score
    (solver.interest), ``techniques`` step name -> steps (``Grade.techniques``), ``hardest`` the
    hardest technique's name (None when no step is needed), ``solved`` False when our
    techniques cannot finish it (level BEYOND)."""

    puzzle: str
    solution: str
    level: Level
    se: float
    interest: float
    techniques: dict[str, int]
    hardest: str | None
    solved: bool = True


def book_puzzle(puzzle: str | Sequence[int]) -> BookPuzzle:
    """Check and grade one puzzle: an 81-character line (or 9-line grid), or 81 ints (0 = empty).

    Raises:
        PuzzleFormatError: not a Sudoku grid (wrong length, bad character, a digit twice in a house).
        NoSolutionError, MultipleSolutionsError: not exactly one grid completes the givens.
    """
    values = parse_values(puzzle) if isinstance(puzzle, str) else list(puzzle)
    check_houses(values)
    graded = grade(values)  # checks uniqueness first
    return BookPuzzle(
        values_to_string(values),
        values_to_string(exact.solve_unique(values)),
        graded.level,
        graded.se,
        graded.interest().score,
        dict(graded.techniques),
        graded.hardest,
        graded.solved,
    )


def book_puzzles_from_bank(
    level: Level,
    n: int,
    seed: int | None = None,
    folder: str | os.PathLike[str] | None = None,
    exclude: Iterable[str] = (),
    progress: Callable[[int, int], None] | None = None,
) -> list[BookPuzzle]:
    """``n`` distinct puzzles of ``level`` from the bank at ``folder`` (None: the shipped bank),
    picked at random (``seed`` makes the pick reproducible) and graded again for their captions.
    ``exclude``: puzzles (81-character lines, '.' or '0' empty) to leave out, e.g. an earlier
    book's. A record that no longer grades as ``level`` is passed over. ``progress(done, n)``
    is called after each puzzle kept (grading takes about 0.5 s a Master puzzle).

    Raises:
        BookError: ``n`` < 1, ``level`` is not playable, or the bank has fewer than ``n``
            usable puzzles of the level.
        BankError: the level's bank file cannot be read.
    """
    if not isinstance(n, int) or n < 1:
        raise BookError(f"a book needs at least 1 puzzle, not {n!r}")
    if level not in PLAYABLE_LEVELS:
        raise BookError(f"{Level(level).label} is not a playable level")
    left_out = {line.replace("0", ".") for line in exclude}
    pool = list(dict.fromkeys(p.puzzle.replace("0", ".") for p in load_bank(folder, level)))
    pool = [line for line in pool if line not in left_out]
    where = "the shipped bank" if folder is None else f"the bank in {os.fspath(folder)}"
    if len(pool) < n:
        extra = " (after the excluded ones)" if left_out else ""
        raise BookError(f"{where} has {len(pool)} {level.label} puzzles{extra}, fewer than the {n} asked for")
    picked: list[BookPuzzle] = []
    for line in random.Random(seed).sample(pool, len(pool)):
        try:
            found = book_puzzle(line)
        except PuzzleError:
            continue
        if found.level == level:
            picked.append(found)
            if progress is not None:
                progress(len(picked), n)
            if len(picked) == n:
                return picked
    raise BookError(
        f"{where} has only {len(picked)} {level.label} puzzles that grade as {level.label}, "
        f"fewer than the {n} asked for; check it with generator.bank.check_bank"
    )


def book_puzzles_from_lines(lines: Iterable[str]) -> list[BookPuzzle]:
    """The puzzles of ``lines``, in order, each checked and graded: one puzzle per line, the
    first 81-character token of the line ('.' or '0' empty); blank and '#' lines are skipped.

    Raises:
        BookError: a line is not a puzzle or has no or several solutions ("line 3: the puzzle
            has multiple solutions"), or there is no puzzle at all.
    """
    found = []
    for number, line in enumerate(lines, 1):
        token = puzzle_token(line)
        if token is None:
            continue
        try:
            found.append(book_puzzle(token))
        except PuzzleError as error:
            raise BookError(f"line {number}: {error}") from None
    if not found:
        raise BookError("no puzzle given (every line is blank or a comment)")
    return found


def techniques_in_order(techniques: Iterable[str]) -> list[str]:
    """Technique (step) names from easiest to hardest: by level, then HoDoKu's order."""
    return sorted(techniques, key=lambda name: _ORDER.get(name, (Level.BEYOND, len(TECHNIQUES))))


def caption_lines(puzzle: BookPuzzle, width: float, size: float) -> list[str]:
    """The caption of ``puzzle`` wrapped to ``width`` points in Helvetica ``size``: the summary
    line, then the techniques on at most ``TECHNIQUE_LINES`` lines: the singles say "singles"
    when harder techniques follow; when they do not fit, the easiest are left out, never the
    hardest."""
    lines = [f"{puzzle.level.label} · SE {puzzle.se:.1f} · interest {puzzle.interest:.0f}"]
    names = techniques_in_order(puzzle.techniques)
    if not names:
        return lines + ["Solved from the givens alone"]
    hard = [name for name in names if _ORDER.get(name, (Level.BEYOND,))[0] > Level.EASY]
    if hard:  # the singles in one word
        names = ["singles"] * (len(hard) < len(names)) + hard
    tail = [] if puzzle.solved else ["then beyond these techniques"]
    for start in range(len(names)):
        shown = (["…"] if start else []) + names[start:] + tail
        wrapped: list[str] = simpleSplit("Techniques: " + ", ".join(shown), FONT, size, width)
        if len(wrapped) <= TECHNIQUE_LINES:
            break
    return lines + wrapped[:TECHNIQUE_LINES]


def page_count(puzzles: int, per_page: int) -> int:
    """Pages of a book of ``puzzles`` at ``per_page``: the title page, the puzzle pages, the
    solution pages. Raises BookError for an unknown ``per_page``."""
    _check_per_page(per_page)
    return 1 + math.ceil(puzzles / per_page) + math.ceil(puzzles / (ANSWERS[0] * ANSWERS[1]))


def write_book(
    path: str | os.PathLike[str],
    puzzles: Sequence[BookPuzzle],
    *,
    title: str = "Sudoku",
    per_page: int = 1,
    page_size: str = "A4",
    compress: bool = True,
) -> int:
    """Write the book of ``puzzles`` as a PDF at ``path``: atomically (a temporary file in the
    same folder, fsynced, then renamed), so a failure leaves an existing file as it was; the
    new file keeps an old one's permissions. ``per_page`` is 1, 2, 4 or 6; ``page_size`` "A4"
    or "letter"; ``compress=False`` leaves page streams readable (for tests). Returns the
    number of pages (``page_count``).

    Raises:
        BookError: no puzzles, an unknown ``per_page`` or ``page_size``, or an empty title.
        OSError: the file cannot be written (its folder is missing, or is not writable).
    """
    _check_per_page(per_page)
    size = PAGE_SIZES.get(str(page_size).lower())
    if size is None:
        raise BookError(f"unknown page size {page_size!r}; choose A4 or letter")
    if not puzzles:
        raise BookError("a book needs at least 1 puzzle")
    if not isinstance(title, str) or not title.strip():
        raise BookError("the book needs a title")
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, pageCompression=int(compress))
    canvas.setTitle(title)
    canvas.setSubject(f"{len(puzzles)} Sudoku puzzles with solutions")
    _title_page(canvas, size, title, puzzles, per_page)
    for first in range(0, len(puzzles), per_page):
        for slot, (x, y, w, h) in enumerate(_slots(size, *PER_PAGE[per_page], top=0)):
            if first + slot < len(puzzles):
                _puzzle_slot(canvas, puzzles[first + slot], first + slot + 1, x, y, w, h, SIZES[per_page])
        _finish_page(canvas, size)
    per_answer_page = ANSWERS[0] * ANSWERS[1]
    for first in range(0, len(puzzles), per_answer_page):
        canvas.setFont(BOLD, 16)
        canvas.drawString(MARGIN, size[1] - MARGIN - 16, "Solutions")
        for slot, (x, y, w, h) in enumerate(_slots(size, *ANSWERS, top=30)):
            if first + slot < len(puzzles):
                _answer_slot(canvas, puzzles[first + slot], first + slot + 1, x, y, w, h)
        _finish_page(canvas, size)
    canvas.save()
    output = AtomicFile(os.fspath(path))  # the same atomic replace as every command's -o
    try:
        output.stream.buffer.write(buffer.getvalue())
        output.commit()
    finally:
        output.discard()
    return page_count(len(puzzles), per_page)


def _check_per_page(per_page: int) -> None:
    if per_page not in PER_PAGE:
        raise BookError(f"cannot put {per_page!r} puzzles on a page; choose 1, 2, 4 or 6")


def _slots(size: tuple[float, float], columns: int, rows: int, top: float) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of each slot, left to right then top to bottom, inside the margins,
    below ``top`` points of heading and above the footer."""
    width = (size[0] - 2 * MARGIN - GAP * (columns - 1)) / columns
    height = (size[1] - 2 * MARGIN - top - GAP * (rows - 1)) / rows
    return [
        (MARGIN + col * (width + GAP), MARGIN + (rows - 1 - row) * (height + GAP), width, height)
        for row in range(rows)
        for col in range(columns)
    ]


def _title_page(
    canvas: Canvas, size: tuple[float, float], title: str, puzzles: Sequence[BookPuzzle], per_page: int
) -> None:
    width, height = size
    y = height * 0.68
    for line in simpleSplit(title, BOLD, 34, width - 2 * MARGIN)[:3]:
        canvas.setFont(BOLD, 34)
        canvas.drawCentredString(width / 2, y, line)
        y -= 42
    levels = sorted({p.level for p in puzzles})
    kind = levels[0].label if len(levels) == 1 else f"{levels[0].label} to {levels[-1].label}"
    count = len(puzzles)
    canvas.setFont(FONT, 16)
    canvas.drawCentredString(width / 2, y - 6, f"{count} {kind} puzzle{'s' * (count != 1)}, with solutions")
    first_answers = 2 + math.ceil(count / per_page)
    canvas.setFont(FONT, 11)
    canvas.drawCentredString(width / 2, y - 30, f"Puzzles from page 2 · solutions from page {first_answers}")
    logic = " Logic alone is enough: no guessing." if all(p.solved for p in puzzles) else ""
    text = [
        (
            "How to play",
            f"Fill every empty cell with a digit from 1 to 9 so that each row, each column "
            f"and each 3×3 box holds every digit once. Each puzzle has exactly one solution.{logic}",
        ),
        (
            "Under each puzzle",
            "its level; SE, the Sudoku Explainer rating (higher is harder, 1.0 to about "
            "10); its interest (how long and narrow the path of deductions is); and the "
            "techniques its solution needs, hardest last. In the solutions the givens are bold.",
        ),
    ]
    y = height * 0.38
    for heading, body in text:
        canvas.setFont(BOLD, 12)
        canvas.drawString(MARGIN + 30, y, heading)
        y -= 17
        canvas.setFont(FONT, 11)
        for line in simpleSplit(body, FONT, 11, width - 2 * MARGIN - 60):
            canvas.drawString(MARGIN + 30, y, line)
            y -= 15
        y -= 14
    canvas.showPage()


def _puzzle_slot(
    canvas: Canvas,
    puzzle: BookPuzzle,
    number: int,
    x: float,
    y: float,
    w: float,
    h: float,
    sizes: tuple[float, float, float],
) -> None:
    """Draw puzzle ``number``'s title, grid and caption centred in the slot at (x, y, w, h)."""
    title_size, caption_size, largest = sizes
    title_h = title_size * 1.6
    caption_h = caption_size * 1.35 * (1 + TECHNIQUE_LINES) + 4
    grid = min(w, h - title_h - caption_h, largest)
    left = x + (w - grid) / 2
    top = y + h - (h - title_h - grid - caption_h) / 2  # the block is centred vertically
    canvas.setFont(BOLD, title_size)
    canvas.drawString(left, top - title_size, f"Puzzle {number}")
    _grid(canvas, left, top - title_h - grid, grid, puzzle.puzzle)
    canvas.setFillGray(0.2)
    line_y = top - title_h - grid - 4 - caption_size * 1.1
    for line in caption_lines(puzzle, grid, caption_size):
        canvas.setFont(FONT, caption_size)
        canvas.drawString(left, line_y, line)
        line_y -= caption_size * 1.35
    canvas.setFillGray(0)


def _answer_slot(canvas: Canvas, puzzle: BookPuzzle, number: int, x: float, y: float, w: float, h: float) -> None:
    """Draw the solution of puzzle ``number`` in the slot at (x, y, w, h), givens in bold."""
    label = 14
    grid = min(w - 6, h - label - 6, 160)
    left, top = x + (w - grid) / 2, y + h
    canvas.setFont(BOLD, 9.5)
    canvas.drawString(left, top - 10, f"Puzzle {number}")
    _grid(canvas, left, top - label - grid, grid, puzzle.puzzle, puzzle.solution)


def _grid(canvas: Canvas, x: float, y: float, size: float, puzzle: str, solution: str | None = None) -> None:
    """A 9x9 grid with its bottom-left corner at (x, y): thin cell lines, thick box lines,
    the givens centred; with ``solution``, the other cells' digits too, lighter and not bold."""
    cell = size / 9
    canvas.saveState()
    canvas.setLineWidth(max(0.4, size / 900))
    canvas.setStrokeGray(0.35)
    for i in range(1, 9):
        if i % 3:
            canvas.line(x + i * cell, y, x + i * cell, y + size)
            canvas.line(x, y + i * cell, x + size, y + i * cell)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(max(1.2, size / 200))
    for i in (3, 6):
        canvas.line(x + i * cell, y, x + i * cell, y + size)
        canvas.line(x, y + i * cell, x + size, y + i * cell)
    canvas.setLineWidth(max(1.6, size / 160))
    canvas.rect(x, y, size, size)
    digit_size = cell * 0.62
    for index in range(81):
        given = puzzle[index] not in ".0"
        digit = puzzle[index] if given else (solution[index] if solution else "")
        if not digit:
            continue
        canvas.setFont(BOLD if given and solution else FONT, digit_size)
        canvas.setFillGray(0 if given else FILLED_GREY)
        row, col = divmod(index, 9)
        canvas.drawCentredString(x + (col + 0.5) * cell, y + (8.5 - row) * cell - digit_size * 0.36, digit)
    canvas.restoreState()


def _finish_page(canvas: Canvas, size: tuple[float, float]) -> None:
    """The footer (the page number), then the next page."""
    canvas.setFont(FONT, 9)
    canvas.setFillGray(0.35)
    canvas.drawCentredString(size[0] / 2, MARGIN / 2, str(canvas.getPageNumber()))
    canvas.setFillGray(0)
    canvas.showPage()
