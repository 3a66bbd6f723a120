"""The technique registry: every human technique's name, level, score and rating, registered once.

Each technique is a rewrite rule on the candidate graph. Its finder takes a ``Grid`` and yields
every ``Step`` it sees (placements and/or eliminations with the pattern that justifies them),
never changing the grid. ``TECHNIQUES`` is ordered by difficulty, cheapest first; the solve
loop in ``solver.human`` tries them in this order and restarts from the top after any progress.

Sources:
  level  HoDoKu 2.2's default difficulty of the technique (EASY, MEDIUM, HARD).
  score  HoDoKu 2.2's default score per step; a puzzle's score is the sum over its steps.
  order  HoDoKu 2.2's default solving order (which is why Locked Pair and Locked Triple come
         before Locked Candidates although Locked Triple scores more).
  se     the rating of the technique in Sudoku Explainer 1.2.1 (see ../shared/data/README.md);
         ``se_in_box`` is the rating when the step's house is a box (Hidden Single: 1.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from solver.grid import Grid
from solver.levels import Level
from solver.step import Step
from solver.techniques import fish, intersections, singles, subsets, wings

Finder = Callable[[Grid], Iterator[Step]]


@dataclass(frozen=True)
class Technique:
    """One row of the registry.

    Fields:
        name: the technique's name as HoDoKu spells it; every Step it yields carries it.
        level: the difficulty level a puzzle needs to use it (HoDoKu's boundaries).
        score: HoDoKu's score for one step of it.
        se: its Sudoku Explainer rating (the difficulty scale of solver.human.Grade.se).
        finder: ``finder(grid) -> Iterator[Step]``; yields every step, never mutates the grid.
        se_in_box: the SE rating when the step's house is a box, if it differs (else None).
    """

    name: str
    level: Level
    score: int
    se: float
    finder: Finder
    se_in_box: float | None = None

    def step_se(self, step: Step) -> float:
        """The SE rating of one of this technique's steps (a box Hidden Single rates 1.2)."""
        if self.se_in_box is not None and step.houses and step.houses[0] >= 18:
            return self.se_in_box
        return self.se


E, M, H = Level.EASY, Level.MEDIUM, Level.HARD

# fmt: off
TECHNIQUES: tuple[Technique, ...] = (
    #          name                                   level score  se   finder
    Technique("Full House",                              E,   4, 1.0, singles.full_house),
    Technique("Naked Single",                            E,   4, 2.3, singles.naked_single),
    Technique("Hidden Single",                           E,  14, 1.5, singles.hidden_single, se_in_box=1.2),
    Technique("Locked Pair",                             M,  40, 3.0, intersections.locked_pair),
    Technique("Locked Triple",                           M,  60, 3.6, intersections.locked_triple),
    Technique("Locked Candidates Type 1 (Pointing)",     M,  50, 2.6, intersections.locked_candidates_pointing),
    Technique("Locked Candidates Type 2 (Claiming)",     M,  50, 2.8, intersections.locked_candidates_claiming),
    Technique("Naked Pair",                              M,  60, 3.0, subsets.naked_pair),
    Technique("Naked Triple",                            M,  80, 3.6, subsets.naked_triple),
    Technique("Hidden Pair",                             M,  70, 3.4, subsets.hidden_pair),
    Technique("Hidden Triple",                           M, 100, 4.0, subsets.hidden_triple),
    Technique("Naked Quad",                              H, 120, 5.0, subsets.naked_quad),
    Technique("Hidden Quad",                             H, 150, 5.4, subsets.hidden_quad),
    Technique("X-Wing",                                  H, 140, 3.2, fish.x_wing),
    Technique("Swordfish",                               H, 150, 3.8, fish.swordfish),
    Technique("Jellyfish",                               H, 160, 5.2, fish.jellyfish),
    Technique("XY-Wing",                                 H, 160, 4.2, wings.xy_wing),
    Technique("XYZ-Wing",                                H, 180, 4.4, wings.xyz_wing),
)
# fmt: on

_BY_NAME = {t.name: t for t in TECHNIQUES}


def technique(name: str) -> Technique:
    """The registry row for a technique name spelled as HoDoKu does (``"Hidden Single"``).

    Raises:
        KeyError: no technique has that name; the message lists the known names.
    """
    try:
        return _BY_NAME[name]
    except KeyError:
        known = ", ".join(_BY_NAME)
        raise KeyError(f"unknown technique {name!r}; known techniques: {known}") from None


def techniques_up_to(level: Level) -> tuple[Technique, ...]:
    """The registry rows whose level is at most ``level``, in registry order."""
    return tuple(t for t in TECHNIQUES if t.level <= level)
