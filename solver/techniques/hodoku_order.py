"""HoDoKu's choice among several steps of one chain technique: the order its solver sorts them in.

HoDoKu 2.2 finds every X-Chain, XY-Chain, Nice Loop and AIC up to its length limit, sorts them
and takes the first (``SolutionStep.compareTo``, read for the rule only):

  1. the step that removes the most candidates;
  2. then the lowest weighted index sum of its eliminations: listed by digit, then cell (the
     order HoDoKu keeps them in once it has compared them with earlier finds), the i-th
     elimination (from 0) counts ``cell * (1 + 80 * i) + digit`` (cells 0..80);
  3. then, for the same eliminations, the shortest chain.

``rank`` gives the key of rules 1 and 2; the chain finders add the chain's length after it.
"""

from __future__ import annotations

from collections.abc import Iterable


def rank(eliminations: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """(minus the number of eliminations, HoDoKu's weighted index sum) for (cell, digit) pairs:
    the smaller key is the step HoDoKu takes. Repeated pairs count once."""
    ordered = sorted(set(eliminations), key=lambda candidate: (candidate[1], candidate[0]))
    total = 0
    for i, (cell, digit) in enumerate(ordered):
        total += cell * (1 + 80 * i) + digit
    return -len(ordered), total
