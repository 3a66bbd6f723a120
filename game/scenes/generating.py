"""Making a puzzle: the generator runs on a worker (game.jobs) while this screen says what it is
doing, then replays how the puzzle was made.

While the worker runs, the screen tells its statuses (game.made.MakingStatus) in words: the
grid being tried and its stage (filling, digging, checking the level), why grids were turned
down ("too easy: Hard techniques solve it"), and the usual time at the pace seen so far; the
field shows that grid, each open cell with how many digits it could still hold, and the bar
runs against the usual time with a light sweeping along it. Esc or the Cancel button stops the
job. When the puzzle arrives, its real Wave Function Collapse trace is replayed (``Replay``):
every open cell shows its entropy, the lowest-entropy cell collapses (its digit appears,
bright), its peers' entropy drops, forced cells settle, a contradiction flashes red and the
search backtracks, then the givens are dug out in the digger's order, leaving the puzzle that
will be played. The replay takes about ``REPLAY_SECONDS[speed]`` whatever the trace's length
(many steps per frame when it is long). Any key or click skips to play; Esc cancels the
job and goes back (to the difficulty screen, or to the game when a new puzzle was asked for
during play). The replay's model is game.replay; everything is drawn relative to the surface's
size (a 1200x800 design, scaled).
"""

from __future__ import annotations

import datetime
import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import jobs
from game import theme as th
from game.layout import Layout
from game.made import MakingStatus
from game.making_field import cell_rect, draw_field
from game.playstate import MadeLike, Puzzle
from game.replay import Replay
from game.scenes.base import Scene
from game.session import Game
from game.theme import draw_panel, fit_text, wrap_text
from game.widgets import Button
from solver.levels import Level

if TYPE_CHECKING:
    from game.host import Host

DESIGN = (1200, 800)  # the layout's reference size; drawn scaled by min(width/1200, height/800)
FIELD = 450  # the field's side in design pixels
FIELD_TOP, BAR_TOP = 146, 614  # design pixels
PANEL_W, PANEL_MARGIN = 330, 30  # the side panels' width and distance from the design's edge
HOLD_SECONDS = 0.5  # a status stays on screen at least this long, so it can be read
SWEEP_SECONDS = 1.6  # the bar's light crosses it this often while the search runs
# What each stage of a grid is (the keys are generator.generate's STAGES).
STAGES = ("filling", "digging", "checking")
STAGE_TEXT = {
    "filling": ("Fill", "Wave Function Collapse fills an empty grid"),
    "digging": ("Dig", "givens come out one by one while the solution stays unique"),
    "checking": ("Check the level", "the solver grades the puzzle"),
}
MIN_SECONDS = 0.7  # a puzzle without a trace to replay is still shown this long
REPLAY_SECONDS = {"slow": 6.0, "normal": 3.5, "fast": 1.8, "off": 0.0}
MODIFIER_KEYS = {
    pygame.K_LSHIFT,
    pygame.K_RSHIFT,
    pygame.K_LCTRL,
    pygame.K_RCTRL,
    pygame.K_LALT,
    pygame.K_RALT,
    pygame.K_LGUI,
    pygame.K_RGUI,
    pygame.K_CAPSLOCK,
    pygame.K_NUMLOCK,
    pygame.K_MODE,
}


class GeneratingScene(Scene):
    """``purpose``: ``"new"`` starts a new Game, ``"replace"`` puts the puzzle into the running
    game as an undoable step, ``"demo"`` hands it to the demo, ``"measure"`` only generates.

    While the worker searches, the screen says what it is doing from the generator's statuses
    (game.made.MakingStatus): the grid being tried and its stage (filling, digging, checking the
    level), why grids were turned down, and how long the search usually takes at the pace seen
    so far. The field shows the grid of the moment (the filled grid while digging, the dug
    puzzle while checking, with each open cell's count of digits it could still hold); what is
    shown is held ``HOLD_SECONDS`` so a person can read it. The bar runs against the usual time
    and carries a sweeping light while the search goes on, so it never stands still. Esc or the
    Cancel button stops the job and goes back. ``daily``: make that day's puzzle of
    the level (generator.daily) instead of one from the app's next seed.

    The replay's length follows ``app.animation_speed`` (``"slow"``, ``"normal"``, ``"fast"``;
    ``"off"`` goes to play as soon as the puzzle is made); absent, it is ``"normal"``."""

    name = "generating"
    uses_jobs = True  # it polls app.jobs every frame: the reserve filler stays away

    def __init__(self, app: Host, level: Level, purpose: str = "new", daily: datetime.date | None = None) -> None:
        super().__init__(app)
        self.level = level
        self.purpose = purpose
        self.daily = daily
        self.seed: int | None = None
        self.progress = 0.0  # the worker's last fraction, 0..1 (an open search only nears 0.99)
        self.status: MakingStatus | None = None  # the worker's last status
        self.shown: MakingStatus | None = None  # the status on screen, held HOLD_SECONDS
        self.shown_at = 0.0
        self.searched = 0.0  # seconds of search so far (stops when the puzzle arrives)
        self.filled = 0.0  # the bar's time-driven share, 0..1; never goes back
        self.time = 0.0
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}  # (text, width, size) -> its lines
        self.job_id = 0
        self.result: MadeLike | None = None  # the finished puzzle
        self.replay: Replay | None = None
        self.skip = False  # a key or click asked to go straight to play
        self.cancel_button = self.make_cancel_button(self.layout)
        self.hover = False

    @staticmethod
    def make_cancel_button(layout: Layout) -> Button:
        """The Cancel button, centred under the bar, in ``layout``'s window pixels."""
        return Button(
            layout.rect(500, 688, 200, 50),
            "Cancel (Esc)",
            "cancel",
            size=layout.font(24),
            colour="accent",
            scale=layout.scale,
        )

    def resize(self) -> None:
        self.cancel_button = self.make_cancel_button(self.layout)

    cell_rect = staticmethod(cell_rect)  # the field's geometry (game.making_field), for tests

    @property
    def speed(self) -> str:
        speed = getattr(self.app, "animation_speed", "normal")
        return speed if speed in REPLAY_SECONDS else "normal"

    def enter(self) -> None:
        self.draw(self.app.screen)  # render the cached text and backdrop before the worker starts
        if self.daily is not None:  # the day's seed is derived in the worker (game.jobs)
            self.job_id = self.app.jobs.submit(partial(jobs.generate_daily, self.level, self.daily), name="generate")
            return
        self.seed = self.app.next_seed()
        level, seed = self.level, self.seed
        self.job_id = self.app.jobs.submit(partial(jobs.generate_puzzle, level, seed), name="generate")

    def leave(self) -> None:
        self.app.jobs.cancel()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.cancel_button.hit(event.pos)
            return
        pressed = (event.type == pygame.KEYDOWN and event.key not in MODIFIER_KEYS) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)
        )
        on_cancel = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.cancel_button.hit(event.pos)
        if (
            (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
            or on_cancel
            or (pressed and self.purpose == "demo")
        ):
            self.cancel()  # in the demo any key leaves
        elif pressed:
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
            app.goto("difficulty", daily=self.daily)  # the daily's own level list, when it was one

    def update(self, dt: float) -> None:
        self.time += dt
        for message in self.app.jobs.poll():
            if message.kind == "progress":
                self.progress = message.value
            elif message.kind == "status":
                self.status = message.value
            elif message.kind == "done":
                self.result = message.value
                self.progress = 1.0
                self.replay = self._replay_of(self.result)
            elif message.kind == "error":
                self.fail(message.value)
                return
        if self.status is not None and (
            self.shown is None or self.time - self.shown_at >= HOLD_SECONDS or self.result is not None
        ):
            self.shown, self.shown_at = self.status, self.time
        if self.result is None:
            self.searched += dt
            usual = self.usual()
            if usual is not None:
                self.filled = max(self.filled, min(1.0, self.searched / max(usual[1], 1e-6)))
            return
        if self.purpose == "measure":
            return
        if self.replay is not None:
            self.replay.advance(dt)
        if (
            self.skip
            or self.speed == "off"
            or (self.replay.done if self.replay is not None else self.time >= MIN_SECONDS)
        ):
            self.finish(self.result)

    def usual(self) -> tuple[float, float] | None:
        """How long the search usually takes at the pace seen so far, (low, high) in seconds
        (game.made.MakingStatus.usual_seconds), or None before the worker has told enough."""
        return self.status.usual_seconds() if self.status is not None else None

    def _replay_of(self, generated: MadeLike) -> Replay | None:
        """The replay of ``generated``'s trace and dig, or None when it carries no trace."""
        trace = getattr(generated, "trace", ())
        if not trace or self.speed == "off":
            return None
        return Replay(
            trace,
            getattr(generated, "dig_order", ()),
            getattr(generated, "put_back", ()),
            generated.solution,
            REPLAY_SECONDS[self.speed],
        )

    def finish(self, generated: MadeLike) -> None:
        """Hand the puzzle on and go to the play screen."""
        app = self.app
        if self.purpose == "measure":
            return
        if self.purpose == "demo":
            app.goto("play", game=Game(Puzzle.from_generated(generated), clock=app.clock), demo=True)
        else:  # "new" or "replace": an unfinished game stays one undo away
            counted = self.daily is None or not app.profile.won_before(generated.puzzle)
            if not counted:  # the day's puzzle again: played as a replay, as the history plays one
                app.toast(f"You solved this {self.level.label} daily puzzle already: this game is not counted.")
            app.goto("play", game=app.new_puzzle(generated, counted=counted, daily=self.daily))

    def fail(self, reason: str) -> None:
        self.app.log(f"generation failed: {reason}")
        self.app.demo = False
        self.app.goto("menu", notice="Could not make a puzzle; please try again.")

    # --- what the screen says ----------------------------------------------------------------

    def caption(self) -> str:
        """The line above the field: what the field shows."""
        shown = self.shown
        if self.replay is not None or self.result is not None:
            grid = f" of grid {shown.grid}" if shown is not None else ""
            return f"Replay{grid}: its real fill, then its dig"
        if shown is None:
            return "Starting the search"
        if shown.stage == "digging":
            return f"Grid {shown.grid} is filled: digging out givens"
        if shown.stage == "checking":
            givens = sum(1 for v in shown.values if v)
            if shown.move:
                moved = f"Grid {shown.grid}, move {shown.move}: a given moved"
                return f"{moved}, dug to {givens} givens: checking its level"
            return f"Grid {shown.grid}, dug to {givens} givens: checking its level"
        return f"Grid {shown.grid}: empty, being filled"

    def stage_index(self) -> int:
        """Which of STAGES the screen marks as under way: 0..2, or 3 once the puzzle is made
        (-1 before the worker has told anything)."""
        if self.result is not None:
            return len(STAGES)
        if self.shown is None:
            return -1
        return STAGES.index(self.shown.stage) if self.shown.stage in STAGES else -1

    def search_lines(self) -> list[tuple[str, str]]:
        """The search panel's lines, (style, text): style "big", "dim" or "text"."""
        shown, level = self.shown, self.level.label
        if shown is None:
            return [("big", "Starting"), ("dim", "the worker is getting ready")]
        lines = [("big", f"Grid {shown.grid}")]
        if self.result is not None:
            givens = sum(1 for v in self.result.puzzle if v)
            hardest = getattr(getattr(self.result, "grade", None), "hardest", None) or getattr(
                self.result, "hardest", None
            )
            lines += [("text", f"accepted: {level}, {givens} givens")]
            if hardest:
                lines.append(("dim", f"hardest step: {hardest}"))
        elif shown.rejected:
            lines += [("dim", f"Grid {shown.grid - 1} turned down:"), ("text", shown.rejected)]
        else:
            lines.append(("dim", "no grid turned down yet"))
        if shown.turned_down:
            total = sum(count for _, count in shown.turned_down)
            lines.append(("dim", f"{total} turned down in all:"))
            lines += [("text", f"{count} {reason}") for reason, count in shown.turned_down]
        return lines

    def odds(self) -> str:
        """The chance of one grid, for the search panel's foot ("" when every grid is taken)."""
        shown = self.shown
        if shown is None or shown.grids_per_puzzle <= 1:
            return ""
        return f"About 1 grid in {shown.grids_per_puzzle:.0f} makes a {self.level.label} puzzle"

    def timing(self) -> str:
        """The line under the bar: the time searched and the usual time."""
        if self.replay is not None:
            return self.replay.status()
        if self.result is not None:
            return "Ready"
        spent = f"{int(self.searched)} s"
        usual = self.usual()
        if usual is None:
            return f"{spent} so far"
        low, high = usual
        span = f"{round(low)}-{math.ceil(high)} s" if low >= 1 else f"under {math.ceil(high)} s"
        if self.searched <= high:
            return f"{spent} so far: {self.level.label} usually takes {span} here"
        return f"{spent}: longer than the usual {span}; each new grid has the same chance"

    def bar(self) -> tuple[float, float | None]:
        """The bar as drawn: (the filled share 0..1, where the sweeping light is, 0..1, or None
        when there is none). While searching the fill is the time searched against the usual
        longest (``usual()``'s high), and the light sweeps every ``SWEEP_SECONDS``; during the
        replay the fill is the replay's clock."""
        if self.replay is not None:
            return min(1.0, self.replay.clock / max(1e-6, self.replay.seconds)), None
        if self.result is not None:
            return 1.0, None
        return self.filled, (self.time / SWEEP_SECONDS) % 1.0

    # --- drawing ---------------------------------------------------------------------------

    @staticmethod
    def field_layout(size: tuple[int, int]) -> tuple[float, pygame.Rect]:
        """The scale (design pixels to screen pixels) and the field's rect on a screen of
        ``size`` (width, height in pixels): the 1200x800 design scaled to fit and centred."""
        layout = Layout.fit(size)
        side = layout.px(FIELD)
        return layout.scale, pygame.Rect((size[0] - side) // 2, layout.y(FIELD_TOP), side, side)

    @staticmethod
    def bar_rect(size: tuple[int, int]) -> pygame.Rect:
        """The bar's rect on a screen of ``size`` (width, height in pixels)."""
        _, field = GeneratingScene.field_layout(size)
        layout = Layout.fit(size)
        return pygame.Rect(field.x, layout.y(BAR_TOP), field.w, max(6, layout.px(22)))

    def draw(self, surface: pygame.Surface) -> None:
        theme, palette = self.theme, self.theme.palette
        self.draw_backdrop(surface)
        layout = Layout.fit(surface.get_size())
        _, field = self.field_layout(surface.get_size())
        centre = layout.centre_x
        title = theme.glow_text("GENERATING", layout.font(60), (255, 236, 250), palette.accent_3, radius=layout.px(10))
        surface.blit(title, title.get_rect(center=(centre, layout.y(50))))
        label = theme.text(f"{self.level.label.upper()} PUZZLE", layout.font(26), palette.accent_2)
        surface.blit(label, label.get_rect(center=(centre, layout.y(98))))
        caption = theme.text(self.caption(), layout.font(20), palette.text)
        surface.blit(caption, caption.get_rect(center=(centre, layout.y(FIELD_TOP - 18))))
        draw_field(surface, field, self.theme, self.layout.scale, self.shown, self.replay, self.time)
        self._draw_stages(surface, layout)
        self._draw_search(surface, layout)
        self._draw_bar(surface, self.bar_rect(surface.get_size()))
        line = theme.text(self.timing(), layout.font(20), palette.text)
        surface.blit(line, line.get_rect(center=(centre, layout.y(BAR_TOP + 44))))
        button = self.cancel_button if layout == self.layout else self.make_cancel_button(layout)
        button.draw(surface, theme, focused=self.hover)
        keys = "Esc cancels    once the puzzle is made, any key or click skips its replay"
        footer = theme.text(keys, layout.font(18), palette.text_dim)
        surface.blit(footer, footer.get_rect(center=(centre, layout.height - layout.px(24))))

    def _panel(self, surface: pygame.Surface, layout: Layout, x: float, heading: str) -> tuple[pygame.Rect, int, int]:
        """A side panel at design ``x`` with ``heading`` drawn: (its rect, its padding, where
        the text below the heading starts), in window pixels."""
        panel = layout.rect(x, FIELD_TOP, PANEL_W, FIELD)
        draw_panel(surface, panel, self.theme.palette, radius=layout.px(12))
        pad = layout.px(16)
        head = self.theme.text(heading, layout.font(18), self.theme.palette.text_dim)
        surface.blit(head, (panel.x + pad, panel.y + pad))
        return panel, pad, panel.y + pad + head.get_height() + layout.px(12)

    def _lines(self, text: str, width: int, size: int, colour: tuple[int, int, int]) -> list[pygame.Surface]:
        """``text`` wrapped to ``width`` (at most 3 lines), remembered: the panels say the
        same things frame after frame, and wrapping measures every word."""
        key = (text, width, size)
        words = self._wrapped.get(key)
        if words is None:
            if len(self._wrapped) > 200:
                self._wrapped.clear()
            words = self._wrapped[key] = wrap_text(self.theme, text, size, width)
        font = self.theme.font(size)
        if len(words) > 3 or any(font.size(line)[0] > width for line in words):
            return fit_text(self.theme, text, width, (size,), max_lines=3, colour=colour)  # the rare squeeze
        return [self.theme.text(line, size, colour) for line in words]

    @staticmethod
    def _blit_lines(surface: pygame.Surface, parts: list[pygame.Surface], x: int, y: int) -> int:
        """Blit ``parts`` one under another from (x, y); returns the y below the last."""
        for part in parts:
            surface.blit(part, (x, y))
            y += part.get_height()
        return y

    def _blit_foot(self, surface: pygame.Surface, layout: Layout, panel: pygame.Rect, pad: int, text: str) -> int:
        """``text`` (dim) at the bottom of ``panel``; returns its top y."""
        parts = self._lines(text, panel.w - 2 * pad, layout.font(18), self.theme.palette.text_dim)
        top = panel.bottom - pad - sum(part.get_height() for part in parts)
        self._blit_lines(surface, parts, panel.x + pad, top)
        return top

    def _draw_stages(self, surface: pygame.Surface, layout: Layout) -> None:
        """The left panel: the three stages of each grid, the one under way marked."""
        theme, palette = self.theme, self.theme.palette
        panel, pad, y = self._panel(surface, layout, PANEL_MARGIN, "HOW A PUZZLE IS MADE")
        width = panel.w - 2 * pad
        current = self.stage_index()
        texts = {
            **STAGE_TEXT,
            "checking": (
                STAGE_TEXT["checking"][0],
                f"the solver grades the puzzle: it must need {self.level.label} techniques",
            ),
        }
        radius = layout.px(6)
        left = panel.x + pad + 3 * radius
        for index, stage in enumerate(STAGES):
            name, detail = texts[stage]
            now, done = index == current, index < current
            colour = palette.accent_2 if now else (palette.good if done else palette.text)
            marker = (panel.x + pad + radius, y + layout.px(12))
            if now:
                pulse = 0.5 + 0.5 * math.sin(self.time * 6)
                pygame.draw.circle(surface, palette.accent_2, marker, radius)
                ring = th.blend(palette.panel, palette.accent_2, pulse)
                pygame.draw.circle(surface, ring, marker, radius + layout.px(3), max(1, layout.px(2)))
            else:
                pygame.draw.circle(surface, colour if done else palette.text_dim, marker, radius, 0 if done else 1)
            glyph = theme.text(f"{index + 1}. {name}", layout.font(22), colour)
            surface.blit(glyph, (left, y))
            parts = self._lines(detail, width - 3 * radius, layout.font(18), palette.text if now else palette.text_dim)
            y = self._blit_lines(surface, parts, left, y + glyph.get_height() + layout.px(4)) + layout.px(14)
        note = f"Not {self.level.label}? The search starts again with a new grid."
        if self.level == Level.MASTER:
            note = "Not Master? If Expert techniques solve it, a given moves toward a harder puzzle; else a new grid."
        self._blit_lines(surface, self._lines(note, width, layout.font(18), palette.text_dim), panel.x + pad, y)
        self._blit_foot(surface, layout, panel, pad, "Small numbers: how many digits an open cell could still hold")

    def _draw_search(self, surface: pygame.Surface, layout: Layout) -> None:
        """The right panel: the grid under way, why grids were turned down, the odds."""
        panel, pad, y = self._panel(surface, layout, DESIGN[0] - PANEL_MARGIN - PANEL_W, "THE SEARCH")
        palette = self.theme.palette
        styles = {
            "big": (layout.font(40), palette.accent_3),
            "text": (layout.font(18), palette.text),
            "dim": (layout.font(18), palette.text_dim),
        }
        odds = self.odds()
        bottom = (self._blit_foot(surface, layout, panel, pad, odds) if odds else panel.bottom - pad) - layout.px(6)
        for style, text in self.search_lines():
            parts = self._lines(text, panel.w - 2 * pad, *styles[style])
            if y + sum(part.get_height() for part in parts) > bottom:
                break  # more reasons than room: the first ones (the most common) are shown
            y = self._blit_lines(surface, parts, panel.x + pad, y) + layout.px(6 if style == "dim" else 10)

    def _draw_bar(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        """The bar: its fill (``bar()``'s share) and the sweeping light while the search runs."""
        filled, sweep = self.bar()
        palette = self.theme.palette
        draw_panel(surface, bar, palette, radius=bar.h // 2)
        inner = bar.inflate(-max(2, bar.h // 4), -max(2, bar.h // 4))
        if filled > 0:
            fill = inner.copy()
            fill.w = max(inner.h, int(inner.w * filled))
            colour = palette.accent_3 if self.replay is None else palette.accent
            pygame.draw.rect(surface, colour, fill, border_radius=inner.h // 2)
        if sweep is not None:
            light = inner.copy()
            light.w = max(inner.h, inner.w // 6)
            light.x = inner.x + round(sweep * (inner.w - light.w))
            pygame.draw.rect(surface, th.blend(palette.panel, palette.text, 0.75), light, border_radius=inner.h // 2)
