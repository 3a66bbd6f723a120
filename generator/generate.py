"""Make a graded puzzle on the spot: WFC fill, dig at the target level, accept only that level.

After Simon Tatham's Solo: the digger removes givens only while the puzzle stays solvable within
the target level, and the result is accepted only if the grader says it needs exactly that
level (an Easy puzzle is not served as Hard). A rejected attempt starts again from a new fill.
"""

from __future__ import annotations

import random
import secrets
import time
from dataclasses import dataclass
from typing import Callable

from generator.dig import dig
from generator.wfc import fill
from solver.human import Grade, grade, solvable_within
from solver.grid import values_to_string
from solver.levels import PLAYABLE_LEVELS, Level

DEFAULT_MAX_ATTEMPTS = 500


class GenerationError(RuntimeError):
    """No puzzle of the asked level came out within the attempt limit."""


class GenerationCancelled(Exception):
    """The caller's ``cancel()`` turned true; nothing was produced."""


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A generated puzzle with its solution and grade.

    Fields: ``puzzle`` and ``solution`` are 81 ints (0 = empty in the puzzle); ``level`` is the
    grade's level (always the level asked for); ``seed`` reproduces the puzzle with the same
    options; ``ms`` is the wall time taken in milliseconds; ``attempts`` counts fills tried.
    """

    puzzle: tuple[int, ...]
    solution: tuple[int, ...]
    level: Level
    grade: Grade
    seed: int
    ms: float
    attempts: int

    @property
    def givens(self) -> int:
        """How many cells the puzzle fills in."""
        return sum(1 for v in self.puzzle if v)

    def to_dict(self) -> dict:
        """The JSON form used by ``gen --json``."""
        return {
            "puzzle": values_to_string(self.puzzle),
            "solution": values_to_string(self.solution),
            "level": self.level.name.lower(),
            "seed": self.seed,
            "givens": self.givens,
            "ms": round(self.ms, 2),
            "attempts": self.attempts,
            "hardest": self.grade.hardest,
            "score": self.grade.score,
            "se": self.grade.se,
            "steps": self.grade.steps,
            "layers": self.grade.layers,
        }


def generate(
    level: Level,
    seed: int | None = None,
    *,
    symmetry: bool = False,
    max_blanks: int | None = None,
    order: str = "entropy",
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    max_attempts: int = DEFAULT_MAX_ATTEMPTS,
) -> GeneratedPuzzle:
    """Generate one puzzle whose grade is exactly ``level``.

    Args:
        level: EASY, MEDIUM or HARD.
        seed: a whole number >= 0 that makes the result reproducible; None draws a fresh seed
            (reported in the result).
        symmetry, max_blanks, order: passed to ``generator.dig.dig``.
        progress: called (from the calling thread) with a fraction 0..1 that never decreases.
        cancel: polled often; when it returns True, ``GenerationCancelled`` is raised.
        max_attempts: fills to try before giving up.

    Raises:
        ValueError: ``level`` is not playable, ``seed`` is negative (``random.Random`` ignores
            the sign, so -s would repeat s), or ``order`` is unknown.
        GenerationCancelled: ``cancel()`` returned True.
        GenerationError: no fill within ``max_attempts`` gave a puzzle of exactly ``level``
            (likely with a tight ``max_blanks``).
    """
    if level not in PLAYABLE_LEVELS:
        raise ValueError(f"cannot generate {level.label} puzzles; choose easy, medium or hard")
    if seed is None:
        seed = secrets.randbits(32)
    elif seed < 0:
        raise ValueError(f"seed must be 0 or more, got {seed}")
    rng = random.Random(seed)
    index = PLAYABLE_LEVELS.index(level)
    easier = PLAYABLE_LEVELS[index - 1] if index else None
    start = time.perf_counter()
    shown = 0.0

    def report(attempt: int, fraction: float) -> None:
        nonlocal shown
        value = min(0.99, 1 - (1 - fraction) * 0.5**attempt)
        if progress is not None and value > shown:
            shown = value
            progress(value)

    try:
        for attempt in range(max_attempts):
            solution = fill(rng=rng, cancel=cancel)
            puzzle = dig(
                solution,
                level,
                rng=rng,
                order=order,
                symmetry=symmetry,
                max_blanks=max_blanks,
                cancel=cancel,
                progress=lambda f, a=attempt: report(a, f),
            )
            if easier is not None and solvable_within(puzzle, easier):
                continue  # too easy: cheaper to see than a full grade
            result = grade(puzzle)
            if result.level == level:
                if progress is not None:
                    progress(1.0)
                return GeneratedPuzzle(
                    puzzle=tuple(puzzle),
                    solution=tuple(solution),
                    level=level,
                    grade=result,
                    seed=seed,
                    ms=(time.perf_counter() - start) * 1000,
                    attempts=attempt + 1,
                )
    except InterruptedError:
        raise GenerationCancelled("generation cancelled") from None
    raise GenerationError(
        f"no {level.label} puzzle in {max_attempts} attempts"
        + (f" with at most {max_blanks} blanks" if max_blanks is not None else "")
    )
