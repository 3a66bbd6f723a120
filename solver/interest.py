"""Interest: how deep and narrow a puzzle's solution is, after the Linjat puzzle generator.

Source: Juho Snellman's 2019 article on the procedural puzzle generator of his game Linjat, and
that generator's code. Its solver works in layers (each layer applies every move of the
cheapest rule that fires), and a puzzle is interesting when its solution is deep
(many layers) and narrow (few moves available at each layer), with harder rules weighing more:
Linjat's score is the layer count of each rule times the rule's weight, minus the widest layer.

Our layered path is ``solver.human.solve_layers``; grading runs it once and keeps, per layer,
its width (moves available, ``Grade.layer_widths``) and technique (``Grade.layer_techniques``).
Everything here is arithmetic on those two tuples: no solving.

Glossary:
  layer       every step of the cheapest technique that fires on a position, applied at once.
  width       the moves a layer makes available: its steps that are still new when applied.
              Expert and Master layers are searched for one step only, so their width is 1.
  depth       the number of layers.
  bottleneck  a layer of width 1: the player has exactly one move to find.

The score (the one place its formula and weights are defined):

    interest = sum over layers l of  se(t_l) / width_l

  se(t_l)    the nominal Sudoku Explainer rating of the layer's technique (the registry's
             ``Technique.se``: Full House 1.0, Hidden Single 1.5, Naked Single 2.3, Locked
             Candidates 2.6-2.8, X-Wing 3.2, ..., chains 6.6-7.5, Forcing Net 8.5): harder
             rules weigh more, on the scale the project already rates puzzles with.
  width_l    the layer's width: a layer's weight is shared among its moves, so a bottleneck
             counts in full and a layer of ten singles counts a tenth. The harder a move is to
             find (fewer of them on the board), the more the layer is worth.

The unit is "SE points of bottleneck layers": one single-move Naked Single layer adds 2.3. Deep
solutions add more layers, narrow ones divide less. Generated minimal puzzles score about 20-40
at Easy, 30-50 at Medium and Hard, 60-120 at Expert (benchmarks/interest_report.py prints the
measurements).

Why this form (benchmarks/interest_report.py measures it on the reference puzzle sets and on generated
puzzles; docs/benchmarks.md carries its tables): against depth alone, Linjat's
depth-minus-widest-layer and the weights without widths, it correlates best with the Sudoku
Explainer rating of the Sudoku Exchange calibration puzzles (Spearman 0.84 against 0.69-0.73 for
the depth-based forms) while staying close to depth (0.95), ranks the puzzles of one level by their
rating better, and puts every "dull" puzzle (45 givens, many singles in every layer) below every
plainly generated Easy puzzle. Weighting by HoDoKu's step scores instead correlates more with the
rating (0.92) but less with depth (0.83): it measures difficulty again, which ``Grade.score``
already does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from solver.techniques import technique


class Layered(Protocol):
    """What ``measure`` reads of a grade (``solver.grading.Grade``, which imports this module)."""

    @property
    def layers(self) -> int: ...

    @property
    def layer_widths(self) -> tuple[int, ...]: ...

    @property
    def layer_techniques(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Interest:
    """The layered metrics of one puzzle and its interest score.

    Fields:
        depth: the number of layers of the layered path.
        width_max: the most moves any layer made available (0 with no layer).
        width_mean: the mean moves per layer (0.0 with no layer).
        bottlenecks: the layers with exactly one move available.
        widths: per layer, its width (moves available).
        techniques: per layer, the registry name of its technique.
        score: the interest score (see the module docstring), >= 0.
    """

    depth: int
    width_max: int
    width_mean: float
    bottlenecks: int
    widths: tuple[int, ...]
    techniques: tuple[str, ...]
    score: float

    def to_dict(self) -> dict[str, int | float]:
        """The fields ``rate --json`` adds: depth, width_max, width_mean, bottlenecks, interest
        (width_mean and interest rounded to 2 decimals)."""
        return {
            "depth": self.depth,
            "width_max": self.width_max,
            "width_mean": round(self.width_mean, 2),
            "bottlenecks": self.bottlenecks,
            "interest": round(self.score, 2),
        }


def layer_value(name: str, width: int) -> float:
    """One layer's share of the interest score: the nominal SE rating of technique ``name``
    (a registry or step name) divided by the layer's ``width`` (moves available, >= 1).

    Raises:
        KeyError: no technique has that name.
        ValueError: ``width`` is below 1.
    """
    if width < 1:
        raise ValueError(f"a layer has at least one move, got width {width}")
    return technique(name).se / width


def score(widths: tuple[int, ...], techniques: tuple[str, ...]) -> float:
    """The interest score of a layered path given as its per-layer widths and technique names
    (equal lengths): the sum of ``layer_value`` over the layers.

    Raises:
        ValueError: the tuples differ in length, or a width is below 1.
        KeyError: a technique name is unknown.
    """
    if len(widths) != len(techniques):
        raise ValueError(f"{len(widths)} widths but {len(techniques)} techniques")
    return sum(layer_value(name, width) for name, width in zip(techniques, widths))


def measure(grade: Layered) -> Interest:
    """The layered metrics and interest score of a graded puzzle, from ``grade.layer_widths``
    and ``grade.layer_techniques`` (no solving).

    A puzzle our techniques cannot finish (``grade.solved`` False) is measured on the layers
    they found. A grid with no empty cell has depth 0 and score 0.

    Raises:
        ValueError: the grade carries no layer data although it has layers (a Grade made by
            hand, not by ``solver.grading.grade``), or its tuples disagree.
    """
    widths, names = grade.layer_widths, grade.layer_techniques
    if len(widths) != grade.layers:
        raise ValueError(
            f"the grade has {grade.layers} layers but {len(widths)} layer widths; "
            "grade the puzzle with solver.grading.grade"
        )
    depth = len(widths)
    return Interest(
        depth=depth,
        width_max=max(widths, default=0),
        width_mean=sum(widths) / depth if depth else 0.0,
        bottlenecks=sum(1 for width in widths if width == 1),
        widths=tuple(widths),
        techniques=tuple(names),
        score=score(widths, names),
    )
