"""Making a puzzle: the generator runs on a worker (game.jobs) while this screen animates, then
replays how the puzzle was made.

While the worker runs, a field of open cells shows entropy counts (how many digits a cell could
still hold) that flicker down. When the puzzle arrives, its real Wave Function Collapse trace is
replayed (``Replay``): every open cell shows its entropy, the lowest-entropy cell collapses (its
digit appears, bright), its peers' entropy drops, forced cells settle, a contradiction flashes
red and the search backtracks, then the givens are dug out in the digger's order, leaving the
puzzle that will be played. The replay takes about ``REPLAY_SECONDS[speed]`` whatever the trace's
length (many steps per frame when it is long). Any key or click skips to play; Esc cancels the
job and goes back (to the difficulty screen, or to the game when a new puzzle was asked for
during play). Everything is drawn relative to the surface's size (a 1200x800 design, scaled).
"""

from __future__ import annotations

import math
from functools import partial
import random

import pygame

from game import jobs
from game import theme as th
from game.playstate import Puzzle
from game.scenes.base import Scene
from game.session import Game
from game.theme import draw_panel
from solver.grid import ALL_DIGITS, BIT, HOUSES, HOUSES_OF, PEERS, POPCOUNT, cell_name
from solver.levels import Level

DESIGN = (1200, 800)  # the layout's reference size; drawn scaled by min(width/1200, height/800)
FIELD = 450  # the field's side in design pixels
MIN_SECONDS = 0.7  # a puzzle without a trace to replay is still shown this long
REPLAY_SECONDS = {"slow": 6.0, "normal": 3.5, "fast": 1.8, "off": 0.0}
FILL_SHARE, DIG_SHARE = 0.64, 0.28  # of the replay's time; the rest holds the finished puzzle
WEIGHTS = {"given": 0.4, "collapse": 1.0, "propagate": 0.45, "backtrack": 3.0, "dig": 1.0, "restore": 1.0}
FLASH = 0.35  # seconds a collapse, a restore or a dug cell's fade lasts
CONFLICT_FLASH = 0.6  # seconds a contradiction shows red
FADE_STEPS = 6  # fading digits use this many shades (each shade is one cached text surface)
MODIFIER_KEYS = {
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
    pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_MODE,
}


def entropy_colour(entropy: int) -> tuple[int, int, int]:
    """The colour of an entropy count: red at 0, yellow at 1, magenta at 2, dimmer above."""
    if entropy <= 0:
        return th.CONFLICT
    if entropy == 1:
        return th.ACCENT_2
    if entropy == 2:
        return th.ACCENT
    high, low = th.blend(th.BOARD_BG, th.TEXT, 0.8), th.blend(th.BOARD_BG, th.TEXT_DIM, 0.7)
    return th.blend(high, low, min(1.0, (entropy - 3) / 6))


class Replay:
    """How a generated puzzle was made, as steps on a clock (plain Python, no pygame).

    Built from ``trace`` (``generator.wfc.Event``-like objects with ``kind``, ``cell``,
    ``digit``, ``undone``), ``dig_order`` and ``put_back`` (cells), and ``solution`` (81 ints).
    The fill's steps share ``FILL_SHARE`` of ``seconds`` and the dig's ``DIG_SHARE``, each in
    proportion to its kind's weight in ``WEIGHTS``. ``advance(dt)`` applies every step whose
    time has come; ``values`` is the grid so far (81 ints, 0 = empty); ``done`` turns true after
    ``seconds``.
    """

    def __init__(self, trace, dig_order, put_back, solution, seconds: float):
        self.steps = [(e.kind, e.cell, e.digit, tuple(e.undone)) for e in trace]
        self.fill_steps = len(self.steps)
        self.steps += [("dig", cell, 0, ()) for cell in dig_order]
        self.steps += [("restore", cell, solution[cell], ()) for cell in put_back]
        self.seconds = seconds
        fill, dig = self.steps[:self.fill_steps], self.steps[self.fill_steps:]
        self.times = _schedule(fill, 0.0, FILL_SHARE * seconds) + _schedule(
            dig, FILL_SHARE * seconds, DIG_SHARE * seconds)
        self.clock = 0.0
        self.cursor = 0
        self.values = [0] * 81
        self.ghost = [0] * 81  # the digit a cell just lost (undone or dug), drawn fading
        self.changed = [-9.0] * 81  # when each cell last changed (replay seconds)
        self.effect = [""] * 81  # the kind of that change
        self.focus, self.focus_time = -1, -9.0  # the last collapse
        self.conflict, self.conflict_time, self.conflict_undone = -1, -9.0, 0
        self.counts = {"collapse": 0, "propagate": 0, "backtrack": 0}
        self._entropy: list[int] | None = None

    @property
    def done(self) -> bool:
        return self.clock >= self.seconds and self.cursor == len(self.steps)

    @property
    def digging(self) -> bool:
        """True once the fill is over and the first given has been dug out."""
        return self.cursor > self.fill_steps

    def advance(self, dt: float) -> None:
        """Move the clock ``dt`` seconds on and apply the steps due by then."""
        self.clock += dt
        while self.cursor < len(self.steps) and self.times[self.cursor] <= self.clock:
            self._apply(*self.steps[self.cursor], self.times[self.cursor])
            self.cursor += 1

    def _apply(self, kind: str, cell: int, digit: int, undone: tuple[int, ...], when: float) -> None:
        self._entropy = None
        if kind == "backtrack":
            self.conflict, self.conflict_time, self.conflict_undone = cell, when, len(undone)
            for c in undone:
                self._set(c, 0, "undone", when)
        elif kind == "dig":
            self._set(cell, 0, "dig", when)
        else:
            self._set(cell, digit, kind, when)
            if kind == "collapse":
                self.focus, self.focus_time = cell, when
        if kind in self.counts:
            self.counts[kind] += 1

    def _set(self, cell: int, digit: int, effect: str, when: float) -> None:
        if not digit:
            self.ghost[cell] = self.values[cell]
        self.values[cell] = digit
        self.changed[cell], self.effect[cell] = when, effect

    def entropy(self) -> list[int]:
        """81 ints: for each open cell, how many digits no peer holds (0 for a filled cell)."""
        if self._entropy is None:
            used = [0] * 27
            for h, house in enumerate(HOUSES):
                for c in house:
                    used[h] |= BIT[self.values[c]]
            self._entropy = [
                0 if self.values[c] else POPCOUNT[ALL_DIGITS & ~(used[r] | used[k] | used[b])]
                for c, (r, k, b) in enumerate(HOUSES_OF)
            ]
        return self._entropy

    def status(self) -> str:
        """One line saying what the replay is showing now."""
        if self.clock - self.conflict_time < CONFLICT_FLASH and not self.digging:
            return f"Contradiction at {cell_name(self.conflict)}: backtrack, {self.conflict_undone} cells undone"
        stuck = [c for c, e in enumerate(self.entropy()) if not e and not self.values[c]]
        if stuck and not self.digging:
            return f"Contradiction: no digit is left for {cell_name(stuck[0])}"
        if self.digging:
            givens = sum(1 for v in self.values if v)
            return f"Digging out givens: {givens} left" if self.cursor < len(self.steps) else f"Ready: {givens} givens"
        if self.focus >= 0:
            return (f"Collapse {cell_name(self.focus)} = {self.values[self.focus] or '?'}   "
                    f"{self.counts['collapse']} collapses, {self.counts['propagate']} forced, "
                    f"{self.counts['backtrack']} backtracks")
        return "Every cell could hold any of 9 digits"


class GeneratingScene(Scene):
    """``purpose``: ``"new"`` starts a new Game, ``"replace"`` puts the puzzle into the running
    game as an undoable step, ``"demo"`` hands it to the demo, ``"measure"`` only generates.

    The replay's length follows ``app.animation_speed`` (``"slow"``, ``"normal"``, ``"fast"``;
    ``"off"`` goes to play as soon as the puzzle is made); absent, it is ``"normal"``."""

    name = "generating"
    uses_jobs = True  # it polls app.jobs every frame: the reserve filler stays away

    def __init__(self, app, level: Level, purpose: str = "new"):
        super().__init__(app)
        self.level = level
        self.purpose = purpose
        self.seed: int | None = None
        self.progress = 0.0  # what the worker reported, 0..1
        self.shown = 0.0  # what the bar shows, easing toward ``progress``
        self.time = 0.0
        self.job_id = 0
        self.result = None  # the finished puzzle
        self.replay: Replay | None = None
        self.skip = False  # a key or click asked to go straight to play
        rng = random.Random(len(level.label))
        self._rates = [rng.uniform(1.2, 3.5) for _ in range(81)]  # entropy drops per second
        self._phases = [rng.uniform(0, 9) for _ in range(81)]

    @property
    def speed(self) -> str:
        speed = getattr(self.app, "animation_speed", "normal")
        return speed if speed in REPLAY_SECONDS else "normal"

    def enter(self) -> None:
        self.draw(self.app.screen)  # render the cached text and backdrop before the worker starts
        self.seed = self.app.next_seed()
        level, seed = self.level, self.seed
        self.job_id = self.app.jobs.submit(partial(jobs.generate_puzzle, level, seed), name="generate")

    def leave(self) -> None:
        self.app.jobs.cancel()

    def handle(self, event: pygame.event.Event) -> None:
        pressed = (event.type == pygame.KEYDOWN and event.key not in MODIFIER_KEYS) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3))
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE) or (pressed and self.purpose == "demo"):
            self.cancel()  # in the demo any key leaves
        elif (event.type == pygame.KEYDOWN and event.key not in MODIFIER_KEYS) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)):
            self.skip = True
            if self.result is not None and self.purpose != "measure":
                self.finish(self.result)

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
                self.replay = self._replay_of(self.result)
                if self.purpose == "measure":
                    self.app.last_generated = self.result
            elif message.kind == "error":
                self.fail(message.value)
                return
        self.shown += (self.progress - self.shown) * min(1.0, dt * 8)
        if self.result is None or self.purpose == "measure":
            return
        if self.replay is not None:
            self.replay.advance(dt)
        if self.skip or self.speed == "off" or (
                self.replay.done if self.replay is not None else self.time >= MIN_SECONDS):
            self.finish(self.result)

    def _replay_of(self, generated) -> Replay | None:
        """The replay of ``generated``'s trace and dig, or None when it carries no trace."""
        trace = getattr(generated, "trace", ())
        if not trace or self.speed == "off":
            return None
        return Replay(trace, getattr(generated, "dig_order", ()), getattr(generated, "put_back", ()),
                      generated.solution, REPLAY_SECONDS[self.speed])

    def finish(self, generated) -> None:
        """Hand the puzzle on and go to the play screen."""
        app = self.app
        if self.purpose == "measure":
            return
        if self.purpose == "demo":
            app.goto("play", game=Game(Puzzle.from_generated(generated), clock=app.clock), demo=True)
        else:  # "new" or "replace": an unfinished game stays one undo away
            app.goto("play", game=app.new_puzzle(generated))

    def fail(self, reason: str) -> None:
        self.app.log(f"generation failed: {reason}")
        self.app.demo = False
        self.app.goto("menu", notice="Could not make a puzzle; please try again.")

    # --- drawing ---------------------------------------------------------------------------

    @staticmethod
    def field_layout(size: tuple[int, int]) -> tuple[float, pygame.Rect]:
        """The scale (design pixels to screen pixels) and the field's rect on a screen of
        ``size`` (width, height in pixels): the 1200x800 design scaled to fit and centred."""
        width, height = size
        scale = min(width / DESIGN[0], height / DESIGN[1])
        top = (height - DESIGN[1] * scale) / 2
        side = round(FIELD * scale)
        return scale, pygame.Rect((width - side) // 2, round(top + 176 * scale), side, side)

    @staticmethod
    def cell_rect(field: pygame.Rect, cell: int) -> pygame.Rect:
        """Cell ``cell``'s rect inside the field rect ``field``."""
        row, col = divmod(cell, 9)
        x0, x1 = field.x + col * field.w // 9, field.x + (col + 1) * field.w // 9
        y0, y1 = field.y + row * field.h // 9, field.y + (row + 1) * field.h // 9
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        self.draw_backdrop(surface)
        width, height = surface.get_size()
        scale, field = self.field_layout((width, height))
        top = (height - DESIGN[1] * scale) / 2
        font = self.layout.font
        title = theme.glow_text("GENERATING", font(84), (255, 236, 250), th.ACCENT_3,
                                radius=max(2, round(12 * scale)))
        surface.blit(title, title.get_rect(center=(width // 2, round(top + 84 * scale))))
        label = theme.text(f"{self.level.label.upper()} PUZZLE", font(28), th.ACCENT_2)
        surface.blit(label, label.get_rect(center=(width // 2, round(top + 146 * scale))))
        self._draw_field(surface, field)
        bar = pygame.Rect(field.x, round(top + 650 * scale), field.w, max(6, round(24 * scale)))
        draw_panel(surface, bar, th.PANEL, th.PANEL_EDGE, radius=bar.h // 2)
        inner = bar.inflate(-max(2, round(6 * scale)), -max(2, round(6 * scale)))
        fraction = self.shown if self.replay is None else min(1.0, self.replay.clock / max(1e-6, self.replay.seconds))
        inner.w = max(inner.h, int(inner.w * fraction))
        pygame.draw.rect(surface, th.ACCENT_3 if self.replay is None else th.ACCENT, inner, border_radius=inner.h // 2)
        if self.replay is not None:
            line = theme.text(self.replay.status(), font(24), th.TEXT)
        else:
            line = theme.text(f"{int(self.shown * 100):3d}%", font(30), th.TEXT)
        surface.blit(line, line.get_rect(center=(width // 2, round(top + 700 * scale))))
        footer = theme.text("Esc cancels    any key or click skips", font(22), th.TEXT_DIM)
        surface.blit(footer, footer.get_rect(center=(width // 2, round(height - 34 * scale))))

    def _draw_field(self, surface: pygame.Surface, field: pygame.Rect) -> None:
        pygame.draw.rect(surface, th.BOARD_BG, field)
        if self.replay is None:
            self._draw_waiting(surface, field)
        else:
            self._draw_replay(surface, field)
        for i in range(1, 9):
            colour = th.GRID_BOX if i % 3 == 0 else th.GRID_THIN
            x, y = field.x + i * field.w // 9, field.y + i * field.h // 9
            pygame.draw.line(surface, colour, (x, field.y), (x, field.bottom - 1))
            pygame.draw.line(surface, colour, (field.x, y), (field.right - 1, y))
        glow = 0.6 + 0.4 * math.sin(self.time * 4)
        edge = max(2, field.w // 150)
        pygame.draw.rect(surface, th.blend(th.BG_TOP, th.ACCENT_3, glow), field.inflate(2 * edge, 2 * edge), edge,
                         border_radius=edge + 1)

    def _draw_waiting(self, surface: pygame.Surface, field: pygame.Rect) -> None:
        """Entropy counts flicker down from 9 to 1 (and start over) while the worker runs."""
        size = max(6, field.w // 21)
        scan = (self.time * 0.8) % 1.0 * field.h
        for cell in range(81):
            box = self.cell_rect(field, cell)
            entropy = 9 - int(self.time * self._rates[cell] + self._phases[cell]) % 9
            if abs(box.centery - field.y - scan) < box.h:
                pygame.draw.rect(surface, th.PEER, box)
            glyph = self.theme.text(str(entropy), size, entropy_colour(entropy))
            surface.blit(glyph, glyph.get_rect(center=box.center))

    def _draw_replay(self, surface: pygame.Surface, field: pygame.Rect) -> None:
        """The replay's grid: digits placed so far, entropy counts in open cells, and fading
        flashes for collapses (cyan), contradictions (red), undone and dug digits."""
        theme, replay = self.theme, self.replay
        now = replay.clock
        small, large = max(6, field.w // 21), max(8, field.w // 14)
        entropy = replay.entropy()
        focus_age = now - replay.focus_time
        peers = set(PEERS[replay.focus]) if replay.focus >= 0 and focus_age < FLASH and not replay.digging else ()
        for cell in range(81):
            box = self.cell_rect(field, cell)
            age = now - replay.changed[cell]
            effect = replay.effect[cell]
            fresh = max(0.0, 1.0 - age / FLASH)
            if cell == replay.conflict and now - replay.conflict_time < CONFLICT_FLASH:
                strength = 1.0 - (now - replay.conflict_time) / CONFLICT_FLASH
                pygame.draw.rect(surface, th.blend(th.BOARD_BG, th.CONFLICT, 0.8 * strength), box)
            elif fresh and effect in ("collapse", "restore"):
                pygame.draw.rect(surface, th.blend(th.BOARD_BG, th.ACCENT_3 if effect == "collapse" else th.ACCENT_2,
                                                   0.5 * fresh), box)
            elif not replay.values[cell] and not entropy[cell] and not replay.digging:
                pygame.draw.rect(surface, th.blend(th.BOARD_BG, th.CONFLICT, 0.5), box)  # no candidate left
            elif cell in peers:
                pygame.draw.rect(surface, th.PEER, box)
            digit = replay.values[cell]
            if digit:
                if effect == "propagate":
                    colour = th.blend(th.ENTRY, th.ACCENT_3, _shade(fresh))
                else:
                    colour = th.blend(th.GIVEN, th.ACCENT_2, _shade(fresh))
                glyph = theme.text(str(digit), large, colour)
            elif fresh and effect in ("undone", "dig") and replay.ghost[cell]:
                base = th.CONFLICT if effect == "undone" else th.GIVEN
                glyph = theme.text(str(replay.ghost[cell]), large, th.blend(th.BOARD_BG, base, _shade(fresh)))
            elif not replay.digging:
                glyph = theme.text(str(entropy[cell]), small, entropy_colour(entropy[cell]))
            else:
                continue
            surface.blit(glyph, glyph.get_rect(center=box.center))


def _schedule(steps: list[tuple], start: float, span: float) -> list[float]:
    """When each of ``steps`` is due (seconds): from ``start`` over ``span``, each step after a
    wait in proportion to its kind's weight (so a contradiction stays on screen before the
    backtrack undoes it); the last step is due at ``start + span``."""
    total = sum(WEIGHTS.get(step[0], 1.0) for step in steps) or 1.0
    times, clock = [], 0.0
    for step in steps:
        clock += WEIGHTS.get(step[0], 1.0)
        times.append(start + clock * span / total)
    return times


def _shade(fraction: float) -> float:
    """``fraction`` (0..1) rounded to one of FADE_STEPS shades, so fades reuse cached text."""
    return round(fraction * FADE_STEPS) / FADE_STEPS
