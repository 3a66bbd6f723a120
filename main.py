"""Sudoku: the game and the puzzle setter's command line.

    python main.py                          play (the default)
    python main.py gen -d hard -n 5         generate graded puzzles
    python main.py solve FILE               solve puzzles
    python main.py rate FILE                grade puzzles by the techniques a person needs
    python main.py view FILE                show puzzles as boxed grids
    python main.py convert --to sdk FILE    convert puzzles to another format
    python main.py optimize -d hard         search for deep, narrow puzzles of a level
    python main.py bank build               build (or finish) the puzzle bank, on every core
    python main.py bank check               re-verify the shipped puzzle bank
    python main.py book -d expert -n 12 -o book.pdf   a printable puzzle book

Input (solve, rate, view, convert): FILE, or - for standard input (the default), in any format
of puzzle_io.formats (81-character lines, .sdm, .sdk, .ss, HoDoKu's pencil-mark grid, SudokuWiki
links), worked out from the content or forced with --from. It is read, processed and printed a
line at a time: one result per puzzle, in input order, each out as soon as it is made; a line
that is not a puzzle is reported in its place and the batch goes on.
Output: standard output, or with -o FILE a file replaced all at once when the command ends
(an interrupted run, or one that wrote nothing, leaves FILE as it was).

Exit codes:
  0    solve, rate, view: every puzzle read and with exactly one solution; convert: every puzzle
       converted; gen, optimize, book: every puzzle made; bank build: the bank is complete;
       bank check: no fault found.
  1    some puzzle was invalid (solve, rate and view also: no solution, or more than one), or a
       gen seed failed (reported on stderr; the batch goes on), or the game could not open its
       window or --puzzle is not a proper puzzle; optimize could not make its first pool; bank
       build could not finish (a bank of other options in DIR, a worker that died); bank check
       found a fault.
  2    usage errors: bad options, an unreadable input, an unwritable output.
  130  interrupted (Ctrl+C), at any moment, without a traceback (bank build keeps what it made:
       the same command goes on from there).
"""

if __name__ == "__main__":  # the first statement: from here on Ctrl+C exits 130, silently
    import _signal  # the C module behind `signal`, loaded with the interpreter: runs no code

    _signal.signal(_signal.SIGINT, lambda signum, frame: __import__("os")._exit(130))
    import sys

    from cli.commands import _run

    sys.exit(_run())
