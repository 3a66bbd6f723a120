"""The one rule of the solver's position memos: bounded by entries, emptied when full.

A solve path asks the same finders again after every step while most of the position stays as
it was, so several finders remember what depends on a part of it (a house's candidates, a
digit's places). ``remember`` stores one answer; a memo that reaches its size is emptied
first (cheaper than keeping an order, and a path refills what it still needs within a few
steps). A plain dict with single get and set calls is safe to share between threads: a lost
race only repeats work.
"""

from __future__ import annotations

from typing import TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")


def remember(memo: dict[_K, _V], key: _K, value: _V, size: int) -> _V:
    """Store ``value`` under ``key`` in ``memo`` (emptied first when it holds ``size`` entries
    or more) and return it."""
    if len(memo) >= size:
        memo.clear()
    memo[key] = value
    return value
