"""The play screen's solution panel (game.solution): the solution path (S) and all steps here (A).

``StepsView`` owns the panel's state, runs its search on a thread of its own (a JobRunner), takes
the keys while the panel is open, and says what the board and the info panel show: the board a
preview of the chosen line's position (``game.solution.preview_game``), the panel its lines.
The play screen (game.scenes.play) asks it at each of those points; nothing here draws.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.display import wake_loop
from game.info_panel import PanelText
from game.jobs import JobRunner
from game.session import Game
from game.solution import MODES, PathSearch, SolutionPanel, preview_game, steps_up_to

MOVES = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
REFUSED = (
    "Some entries are wrong or some centre marks leave out a digit that can still go there: ask "
    "for a hint (H) to see where, then try again."
)


class StepsView:
    """The solution panel of one play screen; ``log`` takes a failed search's message and
    ``failed`` is what the panel then says."""

    def __init__(self, log: Callable[[str], None], failed: str) -> None:
        self.panel: SolutionPanel | None = None
        self.jobs = JobRunner(wake=wake_loop)
        self.job = -1
        self.log, self.failed = log, failed

    def toggle(self, mode: str, game: Game) -> PanelText | None:
        """Open the panel in ``mode`` ("path" or "here") and start its search on the position the
        hint would use; the same mode again closes it. Returns a message instead when wrong
        entries or centre marks missing a possible digit come first (a path from them would
        mislead)."""
        if self.panel is not None and self.panel.mode == mode:
            self.close()
            return None
        state = game.state
        if state.wrong or state.marks_missing:
            return PanelText(MODES[mode], REFUSED, colour="wrong_edge", edge="wrong_edge")
        grid, _ = state.marks_grid()
        search = PathSearch(mode, grid)
        self.panel = SolutionPanel(mode, search=search)
        game.dismiss_hint()
        self.job = self.jobs.submit(lambda progress, cancel: search.run(cancel, progress), name="steps")
        return None

    def close(self) -> None:
        self.jobs.cancel()
        self.panel = None

    def key(self, event: pygame.event.Event, game: Game) -> bool:
        """A key while the panel is open: choose a line, apply (Enter: up to the line, as one
        undoable move), close. True when the panel took it; its own keys (S, A) go on to the
        play screen's actions, and any other key closes the panel and plays on (False)."""
        panel = self.panel
        assert panel is not None
        if event.key in MOVES:
            panel.move(MOVES[event.key])
        elif event.key in (pygame.K_HOME, pygame.K_END):
            panel.move(len(panel.lines) * (1 if event.key == pygame.K_END else -1))
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            steps = steps_up_to(panel)
            self.close()
            if steps:
                game.apply_steps(steps)
        elif event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key in (pygame.K_s, pygame.K_a):
            return False  # its own key closes it, the other one switches (``toggle``)
        else:
            self.close()
            return False
        return True

    def poll(self, game: Game, counted: bool) -> None:
        """Hand the panel its search's lines when they come (the path's first ones while the
        rest is worked out); showing them counts as one hint on ``game`` when ``counted``."""
        for message in self.jobs.poll():
            panel = self.panel
            if panel is None or message.job_id != self.job or message.kind not in ("status", "done", "error"):
                continue
            shown = bool(panel.lines)
            if message.kind == "status":
                panel.lines = message.value
            elif message.kind == "done":
                panel.search = None
                panel.lines, panel.solved = message.value
            else:
                panel.search = None
                self.log(f"solution path search failed: {message.value}")
                panel.note = self.failed
            if panel.lines and not shown and counted:
                game.count_hint()  # the steps are shown: help, as a hint is

    def board_game(self, game: Game) -> Game:
        """What the board draws: a preview of the chosen line's position, else ``game``."""
        line = self.panel.current if self.panel is not None else None
        return game if line is None else preview_game(game, line)

    def content(self) -> PanelText | None:
        """The info panel's text while the panel is open (it grows over the keypad)."""
        panel = self.panel
        if panel is None:
            return None
        return PanelText(
            panel.title(), panel.body(), prompt=panel.prompt(), colour="accent_3", edge="accent_3", grow=True
        )

    @property
    def busy(self) -> bool:
        """True while the search runs (its lines are polled every frame)."""
        return self.panel is not None and self.panel.search is not None

    def looks(self) -> object:
        """What of the panel decides the picture."""
        panel = self.panel
        return panel and (panel.search is None, panel.selected, len(panel.lines))
