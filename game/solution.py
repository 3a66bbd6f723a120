"""The solution path panel and "all steps here" (HoDoKu's solution panel and Find all steps).
Never imports pygame.

Glossary:
  path       the rest of the logical solution from the position on the board, one step per line
             (the solver's path: the cheapest technique that fires, each time).
  here       every step that fires in the position on the board now, grouped by technique in the
             solver's order (at most ``PER_TECHNIQUE`` of each).
  position   the board as the hint sees it (``PlayState.marks_grid``: the player's centre marks
             stand for a cell's candidates); each line keeps the position before its step, so
             selecting it draws the step where it happens.

The search runs on a thread of the play screen (``PathSearch.run``), handing over the path's
lines as they are found, so the first screenful shows at once while the rest is worked out (a
Master path from its givens takes 0.25 s in the median, under a second for the first 300
shipped Masters; the window draws only what changed meanwhile, ``Scene.working``); selecting a
line shows it on a preview of the board (``preview_game``) without changing the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice

from game.hints import Hint
from game.playstate import PlayState
from game.session import Game
from solver.grid import Grid
from solver.levels import Level
from solver.step import Step

PER_TECHNIQUE = 20
"""All steps here: at most this many steps of one technique."""
MODES = {"path": "SOLUTION PATH", "here": "ALL STEPS HERE"}


@dataclass(frozen=True)
class PathStep:
    """One line of the panel: ``step`` and the position before it (81 ``values``, 81
    ``candidates`` masks)."""

    step: Step
    values: tuple[int, ...]
    candidates: tuple[int, ...]

    def line(self, number: int) -> str:
        """``12. X-Wing: r8c6<>8`` (a chain's Eureka notation before its result)."""
        return f"{number}. {self.step}"


@dataclass(frozen=True, eq=False)
class PathSearch:
    """One search, compared by identity: ``mode`` ("path" or "here") on ``grid`` (the UI
    thread builds it and never touches it again)."""

    mode: str
    grid: Grid

    def run(
        self,
        cancel: Callable[[], bool] | None = None,
        partial: Callable[[tuple[PathStep, ...]], None] | None = None,
    ) -> tuple[tuple[PathStep, ...], bool]:
        """(the lines, whether the path solves the grid; for "here", whether any step fires).
        In "path" mode ``partial``, if given, gets the lines so far after each step.

        Raises:
            InterruptedError: ``cancel()`` turned true (polled before each technique).
        """
        from solver.human import solve_path
        from solver.techniques import techniques_up_to

        grid = self.grid.copy()
        if self.mode == "path":
            lines: list[PathStep] = []

            def taken(step: Step) -> None:
                lines.append(PathStep(step, tuple(grid.values), tuple(grid.candidates)))
                step.apply(grid)
                if partial is not None:
                    partial(tuple(lines))

            path = solve_path(grid.copy(), Level.MASTER, cancel=cancel, on_step=taken)
            return tuple(lines), path.solved
        found: list[PathStep] = []
        position = (tuple(grid.values), tuple(grid.candidates))
        for tech in techniques_up_to(Level.MASTER, True):
            if cancel is not None and cancel():
                raise InterruptedError("all steps here: cancelled")
            seen = set()
            for step in islice(tech.finder(grid.copy()), PER_TECHNIQUE):
                key = (step.technique, step.placements, step.eliminations)
                if key not in seen:
                    seen.add(key)
                    found.append(PathStep(step, *position))
        return tuple(found), bool(found)


@dataclass
class SolutionPanel:
    """The panel's state: ``mode``, the ``search`` while it runs, then its ``lines``, whether the
    path ends solved (``solved``), and the ``selected`` line (0-based)."""

    mode: str
    search: PathSearch | None = None
    lines: tuple[PathStep, ...] = ()
    solved: bool = False
    selected: int = 0
    note: str = ""
    window: int = field(default=12)  # lines shown around the selected one

    @property
    def ready(self) -> bool:
        """True when there are lines to choose (the path's first ones while it is worked out)."""
        return bool(self.lines)

    def move(self, delta: int) -> None:
        """Select ``delta`` lines further (clamped)."""
        if self.lines:
            self.selected = max(0, min(len(self.lines) - 1, self.selected + delta))

    @property
    def current(self) -> PathStep | None:
        return self.lines[self.selected] if self.ready else None

    def title(self) -> str:
        count = ""
        if self.lines:
            count = f" ({len(self.lines)} so far)" if self.search is not None else f" ({len(self.lines)})"
        return MODES[self.mode] + count

    def body(self) -> str:
        """The lines around the selected one, the selected marked with ``>``."""
        if self.search is not None and not self.lines:
            return "Working it out..."
        if not self.lines:
            return self.note or ("No technique I know finds a step here." if self.mode == "here" else "Nothing left.")
        start = max(0, min(self.selected - self.window // 3, len(self.lines) - self.window))
        shown = []
        for index in range(start, min(len(self.lines), start + self.window)):
            mark = "> " if index == self.selected else "   "
            shown.append(mark + self.lines[index].line(index + 1))
        if start + self.window >= len(self.lines):
            if self.search is not None:
                shown.append("   ... working out the rest.")
            elif self.mode == "path" and not self.solved:
                shown.append("   ... no technique I know goes on from here.")
        return "\n".join(shown)

    def prompt(self) -> str:
        apply = "Enter applies up to here" if self.mode == "path" else "Enter applies it"
        other = "A all steps here" if self.mode == "path" else "S the path"
        return f"Up/Down choose - {apply} - {other} - Esc closes"


def preview_game(game: Game, line: PathStep) -> Game:
    """A Game showing ``line``'s position (its placed digits as entries, its candidates as
    centre marks, the player's colours) with its step drawn as hint stage 2 draws it; ``game``
    is not changed."""
    puzzle = game.puzzle
    entries = tuple(v if v and not g else 0 for v, g in zip(line.values, puzzle.givens))
    centre = tuple(0 if line.values[c] else line.candidates[c] for c in range(81))
    preview = Game(puzzle, clock=game.clock)
    preview.state = PlayState(puzzle, entries, (0,) * 81, centre, game.state.colours)
    preview.selection = game.selection
    preview.hint = Hint("step", 2, line.step, candidates=line.candidates, values=line.values)
    return preview


def steps_up_to(panel: SolutionPanel) -> list[Step]:
    """The steps "apply" makes: the path up to the selected line, or the selected step alone."""
    if not panel.ready:
        return []
    if panel.mode == "path":
        return [line.step for line in panel.lines[: panel.selected + 1]]
    return [panel.lines[panel.selected].step]
