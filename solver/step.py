"""One deduction of the human solver: the object that drives grading, hints, the CLI and tests.

After Sudoku Explainer's hints: a step knows what it places and removes, the candidates that
justify it, the houses it looks at, and a sentence that explains it. Placements, eliminations
and the justifying pattern live in separate fields and never share one.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.grid import Grid, cell_name

Candidate = tuple[int, int]  # (cell 0..80, digit 1..9)


def placement_text(candidate: Candidate) -> str:
    """``r5c8=4`` for (43, 4)."""
    return f"{cell_name(candidate[0])}={candidate[1]}"


def elimination_text(candidate: Candidate) -> str:
    """``r2c2<>7`` for (10, 7)."""
    return f"{cell_name(candidate[0])}<>{candidate[1]}"


@dataclass(frozen=True, slots=True)
class Step:
    """An immutable deduction.

    Fields:
        technique: the technique's name as HoDoKu spells it, e.g. ``"Hidden Single"``.
        placements: (cell, digit) pairs the step places.
        eliminations: (cell, digit) candidates the step removes.
        pattern: (cell, digit) candidates that justify the step (Sudoku Explainer's "green").
        houses: house indices 0..26 the step looks at (base and cover sets for fish).
        links: chain links as ((cell, digit), (cell, digit), is_strong); empty for non-chains.
        text: one sentence for a person, written by the technique's finder.
    """

    technique: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    pattern: tuple[Candidate, ...] = ()
    houses: tuple[int, ...] = ()
    links: tuple[tuple[Candidate, Candidate, bool], ...] = ()
    text: str = ""

    @property
    def cells(self) -> tuple[int, ...]:
        """The cells of the justifying pattern, sorted, each once."""
        return tuple(sorted({cell for cell, _ in self.pattern}))

    @property
    def digits(self) -> tuple[int, ...]:
        """The digits the step is about (pattern, placements and eliminations), sorted."""
        return tuple(sorted({d for _, d in self.pattern + self.placements + self.eliminations}))

    def notation(self) -> list[str]:
        """Placements then eliminations in standard notation: ``['r5c8=4', 'r2c2<>7']``."""
        return [placement_text(p) for p in self.placements] + [
            elimination_text(e) for e in self.eliminations
        ]

    def __str__(self) -> str:
        return f"{self.technique}: {', '.join(self.notation())}"

    def explain(self) -> str:
        """The step's sentence for a person (falls back to the notation when none was written)."""
        return self.text or str(self)

    def apply(self, grid: Grid) -> None:
        """Make the step's placements and eliminations on ``grid`` (in place)."""
        for cell, digit in self.placements:
            if not grid.values[cell]:
                grid.place(cell, digit)
        for cell, digit in self.eliminations:
            grid.eliminate(cell, digit)

    def to_dict(self) -> dict:
        """The JSON form used by ``solve --steps --json``."""
        return {
            "technique": self.technique,
            "placements": [placement_text(p) for p in self.placements],
            "eliminations": [elimination_text(e) for e in self.eliminations],
            "text": self.explain(),
        }
