"""Grading: how hard a puzzle is for a person, measured three ways from the same techniques.

level, score   the Solo-style path in HoDoKu's order (``solver.human.solve_path``): the level
               of the hardest technique a person needs, and HoDoKu's score (the sum of the step
               scores). ``hodoku_level`` applies HoDoKu's extra rule on top, raising the level
               while the score is above the level's cap, so our grades compare honestly with
               HoDoKu's.
se             the Sudoku Explainer estimate (``solver.se.rating.rate``): SE's own rule order, the
               hardest step of a path that always takes SE's first hint.
layers         the depth of the layered path (``solver.human.solve_layers``), the Linjat
               generator's measure, with each layer's width (moves applied) and technique
               for the interest metrics (``solver.interest``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from solver import exact
from solver.errors import MultipleSolutionsError, NoSolutionError, PuzzleFormatError
from solver.grid import POPCOUNT, Grid, cell_name
from solver.human import ALL_LEVELS, CancelFn, PathWalk, SolvePath, solve_layers, solve_path
from solver.interest import Interest, measure
from solver.levels import Level
from solver.se import rating as se_rating
from solver.techniques import TECHNIQUES, technique, techniques_up_to
from solver.walks import hardest_level

_RANK = {t.name: (t.level, i) for i, t in enumerate(TECHNIQUES)}
_ORDER = {name: i for i, t in enumerate(TECHNIQUES) for name in t.names}


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is for a person, measured by the techniques it needs.

    Fields:
        level: the level of the hardest technique used; Level.BEYOND if our techniques cannot
            finish the puzzle; Level.EASY for a grid with no empty cell.
        hardest: the step name of the hardest technique used (highest level, then latest in
            HoDoKu's order), e.g. "Discontinuous Nice Loop"; None if no step was needed.
        score: HoDoKu-style score, the sum of the technique scores over all steps.
        se: the Sudoku Explainer estimate (``solver.se.rating``); 0.0 with no steps. When the SE path
            cannot finish (``se_solved`` False) it is the hardest step rated before it stopped,
            a lower bound.
        steps: the number of steps of the Solo-style path.
        layers: the depth of the layered path (Linjat's measure).
        techniques: step name -> number of steps, only those used, in HoDoKu's order.
        solved: True when our techniques finish the puzzle.
        hodoku_level: HoDoKu's level rule: ``level`` raised while ``score`` is above the
            level's cap (EASY 800, MEDIUM 1000, HARD 1600, EXPERT 1800).
        se_hardest: Sudoku Explainer's name of the step that set ``se`` (None with no step).
        se_solved: True when the SE path finishes the puzzle (False only beyond SE's deepest
            nesting, which no rated puzzle of the bank needs).
        layer_widths: per layer of the layered path, the moves it made available: the steps of
            the layer's technique that were still new when applied (a step made stale by an
            earlier one of the same layer is not counted). Expert and Master layers are
            searched for one step only (``solver.human.DEEP_LEVELS``), so their width is 1.
        layer_techniques: per layer, the registry name of its technique (``Technique.name``,
            e.g. "Nice Loop / AIC"), as many as ``layer_widths``.
    """

    level: Level
    hardest: str | None
    score: int
    se: float
    steps: int
    layers: int
    techniques: dict[str, int]
    solved: bool
    hodoku_level: Level = Level.EASY
    se_hardest: str | None = field(default=None, compare=False)
    se_solved: bool = field(default=True, compare=False)
    layer_widths: tuple[int, ...] = field(default=(), compare=False)
    layer_techniques: tuple[str, ...] = field(default=(), compare=False)

    def interest(self) -> Interest:
        """The layered metrics and interest score of this grade (``solver.interest.measure``)."""
        return measure(self)

    def to_dict(self) -> dict[str, object]:
        """The JSON form of ``rate --json`` (levels in lower case), with the interest metrics
        (depth, width_max, width_mean, bottlenecks, interest)."""
        return {
            "level": self.level.name.lower(),
            "hardest": self.hardest,
            "score": self.score,
            "se": self.se,
            "steps": self.steps,
            "layers": self.layers,
            "techniques": self.techniques,
            "solved": self.solved,
            "hodoku_level": self.hodoku_level.name.lower(),
            "se_hardest": self.se_hardest,
            "se_solved": self.se_solved,
            **self.interest().to_dict(),
        }


def hodoku_level(level: Level, score: int) -> Level:
    """HoDoKu's level for a path of ``level`` and ``score``: raised while the score is above the
    level's cap (HoDoKu 2.2's rule; BEYOND stays BEYOND)."""
    while level.score_cap is not None and score > level.score_cap:
        level = Level(level + 1)
    return level


def _hardest(names: Iterable[str]) -> str | None:
    """The hardest of the step names of a path, in path order, as ``Grade.hardest`` names it:
    the highest level, then latest in the registry; among step names of one technique, the
    first in HoDoKu's order, then the first taken."""
    ordered = sorted(dict.fromkeys(names), key=_ORDER.__getitem__)  # stable: ties keep path order
    return max(ordered, key=lambda name: _RANK[technique(name).name], default=None)


def path_level(names: Sequence[str]) -> tuple[Level, str | None]:
    """``(level, hardest)`` of a Solo path that took the steps ``names`` (``Step.technique``,
    singles left out, in path order; at least one), as ``level_of`` reports them.

    Raises:
        ValueError: ``names`` is empty (a path of singles: ``level_of`` names them).
    """
    if not names:
        raise ValueError("a path of singles alone: ask level_of")
    return max(technique(name).level for name in names), _hardest(names)


def level_of(
    values: Sequence[int],
    *,
    uniqueness: bool = True,
    cancel: CancelFn | None = None,
    used: list[str] | None = None,
) -> tuple[Level, str | None]:
    """``(level, hardest)`` as ``grade`` reports them, without the score, the SE estimate and
    the layers, for a puzzle known to have one solution (not checked here: the generator's).

    ``values``: 81 ints, 0 = empty. The level comes from ``solver.walks.hardest_level`` (the
    same Solo path without step objects), the name of the hardest step from the steps it took;
    when singles alone solve the puzzle (or stall on it), their names come from ``solve_path``.
    About half the time of ``grade`` for an Expert puzzle. ``used``, when given, receives the
    step names of the path's steps other than singles, in path order.

    Raises:
        PuzzleFormatError: ``values`` is not 81 ints in 0..9.
        InterruptedError: ``cancel()`` returned True.
    """
    names: list[str] = [] if used is None else used
    level = hardest_level(values, uniqueness=uniqueness, cancel=cancel, used=names)
    if not names:
        return level, _hardest(
            step.technique for step in solve_path(Grid(list(values)), Level.EASY, cancel=cancel).steps
        )
    return level, _hardest(names)


def _as_grid(puzzle: Grid | str | Sequence[int]) -> Grid:
    if isinstance(puzzle, str):
        return Grid.parse(puzzle)
    if isinstance(puzzle, Grid):
        return Grid(puzzle.values)  # grade the values, not whatever candidates were removed
    return Grid(puzzle)


def with_marks(grid: Grid, marks: Sequence[int], solution: Sequence[int]) -> Grid:
    """A copy of ``grid`` whose candidates are also limited to ``marks`` (81 masks, bit d-1 =
    digit d: a pencil-mark grid's candidates), so a solver starts from the player's or setter's
    marks instead of the basic rule.

    Raises:
        PuzzleFormatError: ``marks`` is not 81 masks 0..511.
        NoSolutionError: the marks leave out a cell's digit of ``solution`` (81 ints), naming it.
    """
    if len(marks) != 81 or any(not isinstance(m, int) or not 0 <= m <= 0x1FF for m in marks):
        raise PuzzleFormatError("pencil marks must be 81 masks of the digits 1..9")
    marked = grid.copy()
    for cell, mask in enumerate(marks):
        if marked.values[cell]:
            continue
        digit = solution[cell]
        if not mask >> (digit - 1) & 1:
            raise NoSolutionError(f"the pencil marks rule out the solution: {cell_name(cell)} must be {digit}")
        marked.candidates[cell] &= mask
    return marked


class _Walk(Protocol):
    work: Grid

    def advance(self) -> bool: ...


def _together(*walks: _Walk) -> None:
    """Walk the Solo path and the Sudoku Explainer path side by side to their ends, the one
    with more candidates left (further behind) first. Both fall back on the same forcing chains
    at the hard end, mostly in the same positions, and a premise's search is kept for the last
    few positions (``solver.se.chains.searches_of``): walked side by side, whichever path comes
    to a hard position second finds the searches there done. Each path is what it is alone."""
    going = list(walks)
    while going:
        walk = max(going, key=lambda w: sum(map(POPCOUNT.__getitem__, w.work.candidates)))
        if not walk.advance():
            going.remove(walk)


def grade(
    puzzle: Grid | str | Sequence[int],
    *,
    uniqueness: bool = True,
    cancel: CancelFn | None = None,
    se_config: str = "bank",
    marks: Sequence[int] | None = None,
    solo_path: SolvePath | None = None,
) -> Grade:
    """Grade a puzzle by the techniques a person needs (every enabled technique).

    ``puzzle``: a Grid, a puzzle string (81 characters or a 9-line grid, see Grid.parse), or
    81 ints (0 = empty); of a Grid only the values count (candidates are recomputed).
    ``uniqueness=False`` grades without the techniques that assume one solution. Uniqueness
    is checked first with the exact solver (``solver.exact.search``; ``marks`` are checked
    against its solution). ``cancel``, for work on a worker thread, is polled before every
    technique and chaining rule tried.
    ``se_config``: the Sudoku Explainer technique set of ``se`` (``solver.se.rating.SE_CONFIGS``).
    ``marks``: 81 candidate masks (a pencil-mark grid's) to start from, within the basic rule's
    candidates; every technique then works on them (``with_marks``).
    ``solo_path``: the puzzle's Solo path when the caller has walked it already, so it is not
    walked again: ``solve_path(grid, level, uniqueness=uniqueness)`` for this puzzle without
    ``marks``, solved, with ``level`` Expert or above (the Master techniques come last in HoDoKu's
    order, so a path solved within Expert is the whole path). It is trusted, not checked.

    Raises:
        ValueError: ``se_config`` is unknown, or ``solo_path`` comes with ``marks`` or unsolved.
        PuzzleFormatError: the text or values are not a Sudoku grid.
        NoSolutionError: no grid completes the givens, or the ``marks`` leave out its solution.
        MultipleSolutionsError: more than one grid completes them.
        InterruptedError: ``cancel()`` returned True.
    """
    if se_config not in se_rating.SE_CONFIGS:
        raise ValueError(f"unknown SE configuration {se_config!r}")
    if solo_path is not None and (marks is not None or not solo_path.solved):
        raise ValueError("a walked Solo path must be solved, and of the puzzle without pencil marks")
    grid = _as_grid(puzzle)
    solutions, _ = exact.search(grid.values, limit=2)
    if not solutions:
        raise NoSolutionError("the puzzle has no solution")
    if len(solutions) > 1:
        raise MultipleSolutionsError("the puzzle has multiple solutions")
    if marks is not None:
        grid = with_marks(grid, marks, solutions[0])
    se_walk = se_rating.RatingWalk(grid, uniqueness=uniqueness, cancel=cancel, config=se_config)
    if solo_path is None:
        walk = PathWalk(grid, techniques_up_to(ALL_LEVELS, uniqueness), cancel)
        _together(walk, se_walk)
        path = walk.result()
    else:
        _together(se_walk)
        path = solo_path
    counts: dict[str, int] = {}
    for step in path.steps:
        counts[step.technique] = counts.get(step.technique, 0) + 1
    used = dict(sorted(counts.items(), key=lambda item: _ORDER[item[0]]))
    hardest = _hardest(used)
    score = sum(technique(name).score * n for name, n in used.items())
    level = (technique(hardest).level if hardest else Level.EASY) if path.solved else Level.BEYOND
    rating = se_walk.result()
    layered = solve_layers(grid, ALL_LEVELS, uniqueness=uniqueness, cancel=cancel).layers
    return Grade(
        level=level,
        hardest=hardest,
        score=score,
        se=rating.rating,
        steps=len(path.steps),
        layers=len(layered),
        techniques=used,
        solved=path.solved,
        hodoku_level=hodoku_level(level, score),
        se_hardest=rating.hardest,
        se_solved=rating.solved,
        layer_widths=tuple(len(layer) for layer in layered),
        layer_techniques=tuple(technique(layer[0].technique).name if layer else "" for layer in layered),
    )
