"""Puzzles in and out of files, for the command line and the game alike (the engine, ``solver``,
reads and writes nothing): ``formats`` reads and writes the puzzle formats setters use (81-character
lines, .sdm, .sdk, .ss, HoDoKu's pencil-mark grid, SudokuWiki links); ``batch`` streams a file's
puzzles through the solver and the grader a line at a time, and writes files atomically
(``write_atomic``, ``AtomicFile``).
"""
