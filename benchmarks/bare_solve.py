"""The bare exact-solver loop, the yardstick of ``main.py solve``'s plumbing (not a test):

    python benchmarks/bare_solve.py FILE        # FILE: one 81-character puzzle per line

The least Python that reads each line, solves it with the exact solver (uniqueness checked,
as ``solve`` does) and prints the solution. docs/benchmarks.md compares the two whole processes on the
same file (hyperfine, or /usr/bin/time over several runs).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver.exact import search

TO_VALUE = bytes.maketrans(b".0123456789", bytes([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
TO_TEXT = bytes.maketrans(bytes(range(10)), b"0123456789")
write = sys.stdout.buffer.write
with open(sys.argv[1], "rb") as lines:
    for line in lines:
        solutions, _ = search(list(line[:81].translate(TO_VALUE)), "wave", 2)
        write(bytes(solutions[0]).translate(TO_TEXT) + b"\n")
