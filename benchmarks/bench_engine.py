"""The implication engine against Sudoku Explainer's chain search, premise by premise.

    python -m benchmarks.bench_engine [--data DIR] [--puzzles N]

On the starts of the first N puzzles rated SE 8.0 or more in ``se_rated/calibration.txt``, every
candidate of a cell with two or more is assumed true and false: ``propagate(dynamic=True)``
(what a Dynamic Forcing Chain searches, ancestors included) against
``ImplicationEngine.assume`` (the same consequences, no ancestors), and static ``propagate``
against ``StaticImplications.assume``. CPU time per premise, one process.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from solver.grid import POPCOUNT, Grid
from solver.implication import ImplicationEngine, StaticImplications
from solver.se.chains import Position, propagate

ROOT = Path(__file__).resolve().parent.parent


def _per_premise(run, starts: list[list[int]]) -> tuple[float, int]:
    """(microseconds per premise, premises) of ``run(cells, premises)`` over ``starts``."""
    total = 0
    start = time.process_time()
    for cells in starts:
        premises = [c for c in range(729) if POPCOUNT[cells[c // 9]] >= 2 and cells[c // 9] >> (c % 9) & 1]
        run(cells, premises)
        total += len(premises)
    return (time.process_time() - start) / total * 1e6, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data", help="reference data folder")
    parser.add_argument("--puzzles", type=int, default=40, help="how many SE 8.0+ starts (default 40)")
    args = parser.parse_args(argv)
    path = args.data / "se_rated" / "calibration.txt"
    if not path.is_file():
        print(f"skipped: {path} not found")
        return 0
    with path.open() as handle:
        rows = [line.split() for line in handle]
    starts = [list(Grid.parse(p).candidates) for _, p, r in rows if float(r) >= 8.0][: args.puzzles]

    def chain(dynamic: bool):
        def run(cells: list[int], premises: list[int]) -> None:
            pos = Position(cells)
            for cand in premises:
                propagate(pos, (cand,), (), dynamic=dynamic)
                if dynamic:
                    propagate(pos, (), (cand,), dynamic=True)

        return run

    def engine(cells: list[int], premises: list[int]) -> None:
        found = ImplicationEngine(cells)
        for cand in premises:
            found.assume(cand, True)
            found.assume(cand, False)

    def static(cells: list[int], premises: list[int]) -> None:
        found = StaticImplications(cells)
        for cand in premises:
            found.assume(cand)

    print(f"{len(starts)} SE 8.0+ starts; CPU per premise (dynamic: on and off, static: on)")
    for name, slow, fast in (("dynamic", chain(True), engine), ("static", chain(False), static)):
        slow_us, count = _per_premise(slow, starts)
        fast_us, _ = _per_premise(fast, starts)
        print(
            f"{name}: chain search {slow_us:.1f} us, engine {fast_us:.1f} us "
            f"({slow_us / fast_us:.1f}x), {count} premises"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
