"""Making a puzzle: the generator runs on a worker (game.jobs) while this screen animates.

The animation is a wave-function-collapse picture: a 9x9 field of flickering digits that settle
one by one as the worker reports progress. Esc cancels the job and goes back (to the difficulty
screen, or to the game when a new puzzle was asked for during play).
"""

from __future__ import annotations

import math
import random

import pygame

from game import jobs
from game import theme as th
from game.playstate import Puzzle
from game.scenes.base import Scene
from game.session import Game
from game.theme import draw_panel
from solver.levels import Level

MINI_CELL = 40
FLICKER_SECONDS = 0.09
MIN_SECONDS = 0.7  # a puzzle made faster still gets this much of the collapse animation


def _pattern(seed: int) -> tuple[list[int], list[int]]:
    """A valid-looking filled grid (a shuffled base pattern) and a collapse order, from a seed."""
    rng = random.Random(seed)
    digits = list(range(1, 10))
    rng.shuffle(digits)
    values = [digits[(r * 3 + r // 3 + c) % 9] for r in range(9) for c in range(9)]
    order = list(range(81))
    rng.shuffle(order)
    return values, order


class GeneratingScene(Scene):
    """``purpose``: ``"new"`` starts a new Game, ``"replace"`` puts the puzzle into the running
    game as an undoable step, ``"demo"`` hands it to the demo, ``"measure"`` only generates."""

    name = "generating"

    def __init__(self, app, level: Level, purpose: str = "new"):
        super().__init__(app)
        self.level = level
        self.purpose = purpose
        self.seed: int | None = None
        self.progress = 0.0  # what the worker reported, 0..1
        self.shown = 0.0  # what the bar shows, easing toward ``progress``
        self.time = 0.0
        self.job_id = 0
        self.result = None  # the finished puzzle, held until MIN_SECONDS have passed
        self.values, self.order = _pattern(random.randrange(1 << 30))
        self._rank = {cell: i for i, cell in enumerate(self.order)}

    def enter(self) -> None:
        self.draw(self.app.screen)  # render the cached text and backdrop before the worker starts
        self.seed = self.app.next_seed()
        level, seed = self.level, self.seed
        self.job_id = self.app.jobs.submit(
            lambda progress, cancel: jobs.generate_puzzle(level, seed, progress, cancel), name="generate"
        )

    def leave(self) -> None:
        self.app.jobs.cancel()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()

    def cancel(self) -> None:
        """Stop the worker and go back."""
        self.app.jobs.cancel()
        app = self.app
        if self.purpose == "demo":
            app.end_demo()
        elif self.purpose == "replace" and app.game is not None and app.game.running:
            app.goto("play", game=app.game)
        else:
            app.goto("difficulty")

    def update(self, dt: float) -> None:
        self.time += dt
        for message in self.app.jobs.poll():
            if message.kind == "progress":
                self.progress = message.value
            elif message.kind == "done":
                self.result = message.value
                self.progress = 1.0
                if self.purpose == "measure":
                    self.app.last_generated = self.result
            elif message.kind == "error":
                self.fail(message.value)
                return
        self.shown += (self.progress - self.shown) * min(1.0, dt * 8)
        if self.result is not None and self.time >= MIN_SECONDS:
            self.finish(self.result)

    def finish(self, generated) -> None:
        """Hand the puzzle on and go to the play screen."""
        app = self.app
        if self.purpose == "measure":
            return
        puzzle = Puzzle.from_generated(generated)
        if self.purpose == "replace" and app.game is not None:
            app.game.new_puzzle(puzzle)
            app.goto("play", game=app.game)
        elif self.purpose == "demo":
            app.goto("play", game=Game(puzzle, clock=app.clock), demo=True)
        else:
            app.game = Game(puzzle, clock=app.clock)
            app.goto("play", game=app.game)

    def fail(self, reason: str) -> None:
        self.app.log(f"generation failed: {reason}")
        self.app.demo = False
        self.app.goto("menu", notice="Could not make a puzzle; please try again.")

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        self.draw_backdrop(surface)
        width = surface.get_width()
        self.draw_title(surface, "GENERATING", 96, size=92, glow=th.ACCENT_3)
        label = theme.text(f"{self.level.label.upper()} PUZZLE", 30, th.ACCENT_2)
        surface.blit(label, label.get_rect(center=(width // 2, 160)))
        self._draw_field(surface, pygame.Rect((width - 9 * MINI_CELL) // 2, 196, 9 * MINI_CELL, 9 * MINI_CELL))
        bar = pygame.Rect((width - 560) // 2, 590, 560, 30)
        draw_panel(surface, bar, th.PANEL, th.PANEL_EDGE, radius=15)
        fill = bar.inflate(-8, -8)
        fill.w = max(fill.h, int(fill.w * self.shown))
        pygame.draw.rect(surface, th.ACCENT_3, fill, border_radius=11)
        shine = pygame.Rect(fill.x + 6, fill.y + 3, max(0, fill.w - 12), 5)
        pygame.draw.rect(surface, th.blend(th.ACCENT_3, (255, 255, 255), 0.6), shine, border_radius=3)
        percent = theme.text(f"{int(self.shown * 100):3d}%", 30, th.TEXT)
        surface.blit(percent, percent.get_rect(center=(width // 2, 648)))
        self.draw_footer(surface, "Esc cancels")

    def _draw_field(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Digits flicker in superposition and collapse (bright) as progress grows."""
        theme = self.theme
        pygame.draw.rect(surface, th.BOARD_BG, rect)
        settled = int(self.shown * 81)
        tick = int(self.time / FLICKER_SECONDS)
        scan = (self.time * 1.6) % 1.0 * rect.h
        for cell in range(81):
            r, c = divmod(cell, 9)
            box = pygame.Rect(rect.x + c * MINI_CELL, rect.y + r * MINI_CELL, MINI_CELL, MINI_CELL)
            if self._rank[cell] < settled:
                glyph = theme.text(str(self.values[cell]), 30, th.ACCENT_3)
            else:
                digit = (cell * 7 + tick * (1 + cell % 5)) % 9 + 1
                near = abs(box.centery - rect.y - scan) < MINI_CELL
                glyph = theme.text(str(digit), 26, th.ACCENT if near else th.blend(th.BOARD_BG, th.ACCENT, 0.45))
            surface.blit(glyph, glyph.get_rect(center=box.center))
        for i in range(1, 9):
            colour = th.GRID_BOX if i % 3 == 0 else th.GRID_THIN
            pygame.draw.line(surface, colour, (rect.x + i * MINI_CELL, rect.y), (rect.x + i * MINI_CELL, rect.bottom - 1))
            pygame.draw.line(surface, colour, (rect.x, rect.y + i * MINI_CELL), (rect.right - 1, rect.y + i * MINI_CELL))
        glow = 0.6 + 0.4 * math.sin(self.time * 4)
        pygame.draw.rect(surface, th.blend(th.BG_TOP, th.ACCENT_3, glow), rect.inflate(6, 6), 3, border_radius=4)
