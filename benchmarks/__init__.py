"""Benchmarks and measurement scripts (not tests, not shipped in the wheel): run them as modules
from the repository's root, e.g. ``python -m benchmarks.bench --quick``. Each prints Markdown
tables for docs/benchmarks.md and reads the optional reference puzzle sets in ../shared/data,
reporting and skipping what is missing.

  bench.py            solver, grading and generator speed, frame times, saving, idle, start-up
  bench_anchors.py    bench.py's rows against HoDoKu 2.2 and Sukaku Explainer (whole processes)
  bench_setter.py     the setter's side: gen/bank build throughput on every core, instant games
  calibrate.py        the SE estimate and HoDoKu levels against the references' ratings
  interest_report.py  the interest score's tables
  bare_solve.py       the exact solver as a bare script, for whole-process comparisons
  yardstick.py        a frozen workload's time: the machine's speed this hour, printed first
  common.py           what they share: the data folder, SE bands, the grading sample, Markdown
                      tables, time spread, a target's verdict
"""
