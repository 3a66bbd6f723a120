"""Remembering which digits a single-digit technique found nothing for.

A fish (basic, finned, sashimi, Franken) lives on one digit, so whether a finder has a step for
digit d depends on d's places alone. A solve path asks again after every step while most
digits' places stay the same, so a finder that remembers "(its options, d, d's places): no
step" skips those digits next time and yields exactly what it would have yielded.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator

from solver.step import Step

MEMO_SIZE = 8192


class DigitMemo:
    """A bounded set of (finder key, digit, places) that gave no step; safe to share between
    threads (a lost race only repeats a search)."""

    def __init__(self, size: int = MEMO_SIZE):
        self._quiet: set[tuple[Hashable, int, Hashable]] = set()
        self._size = size

    def steps(
        self,
        key: Hashable,
        places: Callable[[int], Hashable],
        digits: Iterable[int],
        steps_of: Callable[[int], Iterator[Step]],
    ) -> Iterator[Step]:
        """The steps of ``steps_of(digit)`` for each of ``digits`` in turn, skipping the digits
        remembered as quiet for ``key`` at ``places(digit)`` (a hashable picture of the digit's
        candidates), and remembering each digit whose steps ran out before any came."""
        for digit in digits:
            entry = (key, digit, places(digit))
            if entry in self._quiet:
                continue
            found = False
            for step in steps_of(digit):
                found = True
                yield step
            if not found:
                if len(self._quiet) >= self._size:
                    self._quiet.clear()
                self._quiet.add(entry)

    def clear(self) -> None:
        """Forget everything (for tests)."""
        self._quiet.clear()
