"""Practice: choose a technique (grouped by level, as HoDoKu's practising mode offers them) and
play a position where it is the solver's next step.

The techniques listed are those of the shipped practice index (``game.practice.indexed``); the
position itself is found in the worker (``game.jobs.practice_position``), then played on the
ordinary play screen (``PlayScene`` with ``practice``), where Enter checks the answer.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import jobs
from game.example_card import draw_example
from game.layout import readable_font
from game.practice import PracticePosition, explanation, indexed, practice_game
from game.scenes.base import ListScene
from game.scenes.difficulty import LEVEL_COLOURS
from game.theme import fit_text
from game.widgets import Button, ButtonList
from solver.levels import PLAYABLE_LEVELS, Level

if TYPE_CHECKING:
    from game.host import Host

GRID_TOP, GRID_BOTTOM = 236, 640  # design pixels: where the technique buttons may go
GRID_W, GAP = 1000, 10  # the tabs' width
LIST_W = 760  # the technique buttons' width; the example card takes the rest
CARD_X, CARD_W = 876, 224  # the example card: a schematic board, its notation under it
EXAMPLE_SEED = 0  # the example is a technique's position of this seed (a first visit's too)

_EXAMPLES: dict[str, PracticePosition | None] = {}
"""technique -> its example position, None when none could be found or made: kept for the
process, so a made example is made once (it can take seconds) and a failed one is not retried."""


class PracticeScene(ListScene):
    """The technique chooser. ``technique``: the one to focus (coming back from a position);
    with ``start``, a position of it is asked for at once (the play screen's "next"). ``seed``
    picks the position (the practice index's order); None: the player's count of positions
    tried for the technique, so each visit goes on to a position not tried yet."""

    name = "practice"
    uses_jobs = True  # it polls app.jobs: the reserve filler stays away (game.supply)

    def __init__(self, app: Host, technique: str | None = None, seed: int | None = None, start: bool = False) -> None:
        super().__init__(app)
        self.techniques = indexed()  # name -> (level, positions)
        self.level = self.techniques[technique][0] if technique in self.techniques else Level.HARD
        self.seed = seed
        self.waiting: str | None = None  # the technique whose position the worker is finding
        self.show = False  # ... to show its step as an example
        self.last: str | None = technique if technique in self.techniques else None  # the last focused
        self.job = -1
        self.examples = _EXAMPLES  # technique -> its example position (None: none to be had)
        self.example_job = -1
        self._drawn: tuple[object, ...] | None = None  # what the last drawn picture showed (``stale``)
        self.example_for: str | None = None  # the technique whose example the worker is finding
        self.ready: PracticePosition | None = None  # a position to play at the next frame (an example's)
        self.progress = 0.0  # of a position being made: the fraction of puzzles looked at
        self.message = "" if self.techniques else "No practice index was found: reinstall the game."
        self.menu = ButtonList([])
        self._lay_out(("technique", technique) if technique is not None else None)
        if start and technique in self.techniques:
            self.choose(technique)

    def names(self, level: Level) -> list[str]:
        """The techniques of ``level``, in the solver's order (the cheapest first)."""
        return [name for name, (lvl, _) in self.techniques.items() if lvl == level]

    def _lay_out(self, focus: Any = None) -> None:
        layout = self.layout
        tabs = []
        tab_w = (GRID_W - 4 * GAP) / len(PLAYABLE_LEVELS)
        x0 = (1200 - GRID_W) / 2
        for i, level in enumerate(PLAYABLE_LEVELS):
            tab = Button(
                layout.rect(x0 + i * (tab_w + GAP), 170, tab_w, 50),
                level.label,
                ("level", level),
                size=layout.font(26),
                scale=layout.scale,
                colour=LEVEL_COLOURS.get(level, "accent_3"),
                dim=level != self.level,
            )
            tabs.append(tab)
        names = self.names(self.level)
        columns = 2 if len(names) <= 14 else 3
        rows = max(1, -(-len(names) // columns))
        button_h = min(56, (GRID_BOTTOM - GRID_TOP - (rows - 1) * GAP) / rows)
        button_w = (LIST_W - (columns - 1) * GAP) / columns
        grid = []
        for i, name in enumerate(names):
            rect = layout.rect(
                x0 + (i % columns) * (button_w + GAP), GRID_TOP + (i // columns) * (button_h + GAP), button_w, button_h
            )
            grid.append(
                Button(
                    rect,
                    name,
                    ("technique", name),
                    size=self._label_size(name, rect.w - layout.px(12), 22 if button_h >= 40 else 18),
                    scale=layout.scale,
                    colour=LEVEL_COLOURS.get(self.level, "accent_3"),
                )
            )
        back = Button(layout.rect(610, 696, 200, 46), "Back", "back", size=layout.font(28), scale=layout.scale)
        shown = Button(
            layout.rect(390, 696, 200, 46), "Example", "example", size=layout.font(28), scale=layout.scale, hint="E"
        )
        self.menu = ButtonList(grid + tabs + [shown, back])
        if focus is not None:  # a button's action: ("technique", name), ("level", level), "back", "example"
            self.menu.focus_on(focus)

    def _label_size(self, name: str, width: int, design: int) -> int:
        """The largest font size, from ``design``'s down to the readable floor, at which
        ``name`` fits ``width`` pixels (the floor when none does)."""
        floor = readable_font(self.layout.scale)
        size = self.layout.font(design)
        while size > floor and self.theme.font(size).size(name)[0] > width:
            size -= 1
        return size

    def resize(self) -> None:
        self._lay_out(self.menu.focused_action())

    def _stop(self) -> bool:
        """Cancel the search for a position, if one runs; True when one did."""
        if self.waiting is None:
            return False
        self.app.jobs.cancel()
        self.waiting = self.ready = None
        self.example_for = None  # a play request may have taken the example's job over
        return True

    def leave(self) -> None:
        """Stop the worker's job for this screen, if one runs (a position or an example)."""
        if self.waiting is not None or self.example_for is not None:
            self.app.jobs.cancel()
            self.waiting = self.example_for = None

    def escape(self) -> None:
        """Esc stops a search for a position first, then leaves for the menu."""
        if self._stop():
            self.message = "Stopped."
        else:
            self.app.goto("menu")

    def activate(self, action: Any) -> None:
        if action == "back":
            self._stop()
            self.app.goto("menu")
            return
        if action == "example":
            technique = self.focused_technique() or self.last
            if technique is not None:
                self.choose(technique, show=True)
            return
        kind, value = action
        if kind == "level":
            self.level = value
            self.message = ""
            self._lay_out(("level", value))
        else:
            self.choose(value)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_e:
            self.activate("example")
            return
        super().handle(event)
        self.last = self.focused_technique() or self.last

    def choose(self, technique: str, show: bool = False) -> None:
        """Ask the worker for a position of ``technique``; the play screen opens when it comes,
        with the step already drawn as an example when ``show``."""
        self.waiting = technique
        self.show = show
        if self.seed is None or technique != self.last:
            self.seed = self.app.profile.stats.practice.get(technique, [0, 0])[0]
        verb = "Making" if self.made_on_demand(technique) else "Finding"
        self.message = f"{verb} a position where {technique} is the next step..."
        self.progress = 0.0
        example = self.examples.get(technique)
        if self.seed == EXAMPLE_SEED and example is not None:
            self.job = -1
            self.ready = example  # its example is that very position: played on the next frame
            return
        if self.seed == EXAMPLE_SEED and self.example_for == technique:
            self.job = self.example_job  # the example under way is that very position: wait for it
            return
        self.example_for = None  # the example's job, if one runs, is cancelled by this one
        self.job = self.app.jobs.submit(partial(jobs.practice_position, technique, self.seed), "practice")

    def focused_technique(self) -> str | None:
        """The technique whose button has the focus, or None."""
        focused = self.menu.focused_action()
        return focused[1] if isinstance(focused, tuple) and focused[0] == "technique" else None

    def _want_example(self) -> None:
        """Ask the worker for the focused technique's example (its first position in the index,
        or one made on demand: seconds), if it has none yet and nothing else is asked for."""
        name = self.focused_technique()
        if name is None or name in self.examples or self.waiting is not None or name == self.example_for:
            return
        self.example_for = name
        self.example_job = self.app.jobs.submit(partial(jobs.practice_position, name, EXAMPLE_SEED), "practice-example")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.ready is not None and self.waiting is not None:
            ready, self.ready = self.ready, None
            self._play(ready)
            return
        self._want_example()
        if self.waiting is None and self.example_for is None:
            return  # no job of ours: the runner's messages are someone else's (the reserve's)
        for message in self.app.jobs.poll():
            if message.job_id == self.example_job and self.example_for is not None:
                if message.kind == "done":
                    self.examples[self.example_for] = message.value
                elif message.kind == "error":
                    self.examples[self.example_for] = None  # not asked for again
                if message.kind != "progress":
                    self.example_for = None
            if message.job_id != self.job or self.waiting is None:
                continue
            if message.kind == "progress":
                self.progress = float(message.value)
            elif message.kind == "done":
                self._play(message.value)
            elif message.kind == "error":
                self.message = str(message.value)
                self.waiting = None

    def _play(self, position: PracticePosition) -> None:
        self.waiting = None
        game = practice_game(position, clock=self.app.clock)
        self.app.goto("play", game=game, practice=position, practice_seed=self.seed or 0, example=self.show)

    def record(self, technique: str) -> str:
        """`` (tried 3, solved 2)``: the player's practice of ``technique`` so far ("" if none)."""
        tried, solved = self.app.profile.stats.practice.get(technique, (0, 0))
        return f"  (tried {tried}, solved {solved})" if tried else ""

    def made_on_demand(self, technique: str) -> bool:
        """True for a technique the practice index lists with no position (the solver almost
        never takes it next on a real path): the worker makes its positions."""
        return self.techniques.get(technique, (None, 1))[1] == 0

    def made_note(self, technique: str) -> str:
        """A note for a technique whose positions are made on demand; else ""."""
        return "  Rare on real paths: positions are made on demand." if self.made_on_demand(technique) else ""

    def animating(self) -> bool:
        return self.waiting is not None or self.example_for is not None  # the worker's answer is polled

    def stale(self) -> bool:
        """An answer of the worker changed the picture since it was drawn (an example came, a
        position could not be found): the idle window draws it without waiting for an input."""
        return self._drawn != self._looks()

    def _looks(self) -> tuple[object, ...]:
        return (tuple(self.examples), self.message, self.waiting)

    def draw(self, surface: pygame.Surface) -> None:
        self._drawn = self._looks()
        self.draw_backdrop(surface)
        self.draw_title(surface, "PRACTICE", 90, size=90, glow=self.theme.palette.accent_3)
        self.menu.draw(surface, self.theme)
        layout = self.layout
        name = self.focused_technique()
        text = self.message
        if text and self.waiting is not None and self.progress >= 0.01:
            text = f"{text}  {round(100 * self.progress)}% of the puzzles looked at"
        if not text and name is not None:
            text = f"{name}: {explanation(name)}{self.record(name)}{self.made_note(name)}"
        elif not text and self.menu.focused_action() == "example" and self.last is not None:
            text = f"An example of {self.last}, its step drawn on the board."
        if not text:
            count = len(self.names(self.level))
            text = f"{count} techniques of {self.level.label} to practise: choose one."
        lines = fit_text(self.theme, text, layout.px(GRID_W), (layout.font(22), layout.font(19)), max_lines=3)
        y = layout.y(652)
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(layout.centre_x, y)))
            y += line.get_height()
        self._draw_card(surface)
        self.draw_footer(surface, "Arrows and Enter, or click  -  E an example  -  a tab shows a level  -  Esc back")

    def _draw_card(self, surface: pygame.Surface) -> None:
        """The focused technique's example beside the list: its step on a schematic board
        (``game.example_card``) and the step's notation under it; a line of text while the
        worker finds (or makes) it."""
        name = self.focused_technique()
        if name is None:
            return
        layout = self.layout
        board = layout.rect(CARD_X, GRID_TOP, CARD_W, CARD_W)
        board.h = board.w
        example = self.examples.get(name)
        floor = readable_font(layout.scale)
        if example is None:
            if name in self.examples:
                text = "No example could be found or made."
            elif self.made_on_demand(name):
                text = "Making an example: positions of this technique are made on demand..."
            else:
                text = "Drawing an example..."
            lines = fit_text(self.theme, text, board.w, (layout.font(19),), max_lines=4)
            y = board.y
        else:
            step = example.steps[0]
            draw_example(surface, self.theme, board, example.values, step, floor)
            lines = fit_text(self.theme, ", ".join(step.notation()), board.w, (layout.font(19),), max_lines=3)
            y = board.bottom + layout.px(8)
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(board.centerx, y)))
            y += line.get_height()
