"""The History screen (Stats -> History): every game started, newest first, one line each (when,
level, where the puzzle came from, how it ended, time, hints); the chosen one can be played again
from the start (Replay) or copied to the clipboard as an 81-character line (Copy).

A replay is a new game of the same puzzle and level; it is not counted in the statistics (the
player has seen the puzzle) and never in the daily streak."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import theme as th
from game.clipboard import copy_text
from game.input import CTRL
from game.made import MadePuzzle
from game.scenes.base import ListScene
from game.theme import draw_panel, fit_text
from game.widgets import Button, ButtonList, format_time
from solver.errors import PuzzleError
from solver.exact import solve_unique
from solver.levels import Level

if TYPE_CHECKING:
    from game.history import GameRecord
    from game.host import Host

COLUMNS = ("Started", "Level", "From", "Result", "Time", "Hints")
COLUMN_X = (92, 340, 480, 680, 900, 1040)  # design pixels: left edges (Time and Hints: centres)
PANEL_X, PANEL_W, TABLE_TOP = 60, 1080, 142  # the table's panel and its heading's top
HEAD_H, ROW_H, VISIBLE = 40, 40, 10  # design pixels; rows shown at once
BUTTONS_TOP, BUTTON_W, BUTTON_H, BUTTON_GAP = 648, 250, 54, 24
WHEEL_ROWS = 3  # rows one notch of the mouse wheel scrolls
DOUBLE_CLICK = 0.35  # seconds: a double click on a line replays it
SOURCE_NAMES = {"generated": "Made", "bank": "Bank", "daily": "Daily", "pasted": "Pasted", "replay": "Replay"}
RESULT_NAMES = {"playing": "Playing", "won": "Won", "revealed": "Revealed", "abandoned": "Abandoned"}
RESULT_COLOURS: dict[str, th.Role] = {
    "playing": "accent_3",
    "won": "good",
    "revealed": "text_dim",
    "abandoned": "text_dim",
}
EMPTY = "No games yet: every game you start from now on is listed here."


def row_texts(record: GameRecord, seconds: float | None = None) -> tuple[str, ...]:
    """One line of the table, in COLUMNS order; ``seconds`` overrides the record's time (the game
    in progress shows its live timer)."""
    started = record.start_time
    when = started.strftime("%Y-%m-%d %H:%M")
    level = Level[record.level].label if record.level is not None else "Not graded"
    source = SOURCE_NAMES[record.source]
    if record.daily is not None:
        source += " " + record.daily[5:]  # the day's puzzle of 11-26
    time = format_time(record.seconds if seconds is None else seconds)
    return when, level, source, RESULT_NAMES[record.result], time, str(record.hints)


@dataclass
class Scroller:
    """A list of ``count`` lines shown ``visible`` at a time: the ``selected`` line and the
    ``top`` line of the view, kept in range; moving the selection brings it into view, the wheel
    moves only the view. No pygame."""

    count: int
    visible: int
    selected: int = 0
    top: int = 0

    def select(self, index: int) -> None:
        """Select line ``index`` (clamped) and scroll it into view."""
        if not self.count:
            return
        self.selected = max(0, min(self.count - 1, index))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.visible:
            self.top = self.selected - self.visible + 1

    def scroll(self, lines: int) -> None:
        """Move the view by ``lines`` (the selection stays where it is)."""
        self.top = max(0, min(max(0, self.count - self.visible), self.top + lines))

    @property
    def shown(self) -> range:
        """The indices of the lines in view."""
        return range(self.top, min(self.count, self.top + self.visible))


class HistoryScene(ListScene):
    """Browses ``app.profile.history`` newest first; Replay, Copy, Back (to Stats)."""

    name = "history"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.records = app.profile.history.newest_first()
        self.list = Scroller(len(self.records), VISIBLE)
        self.menu = ButtonList([])
        self.last_click = (-1, -10.0)
        self.time = 0.0
        self.resize()

    # --- layout ----------------------------------------------------------------------------------

    def resize(self) -> None:
        f = self.layout
        focus = self.menu.focus
        left = (1200 - 3 * BUTTON_W - 2 * BUTTON_GAP) / 2
        enabled = bool(self.records)
        labels = (("Replay", "replay", "R", enabled), ("Copy", "copy", "C", enabled), ("Back", "back", "Esc", True))
        self.menu = ButtonList(
            [
                Button(
                    f.rect(left + i * (BUTTON_W + BUTTON_GAP), BUTTONS_TOP, BUTTON_W, BUTTON_H),
                    label,
                    action,
                    size=f.font(32),
                    scale=f.scale,
                    hint=hint,
                    enabled=on,
                )
                for i, (label, action, hint, on) in enumerate(labels)
            ]
        )
        self.menu.focus = focus if enabled else 2

    def panel_rect(self) -> pygame.Rect:
        return self.layout.rect(PANEL_X, TABLE_TOP - 12, PANEL_W, HEAD_H + VISIBLE * ROW_H + 24)

    def row_rect(self, slot: int) -> pygame.Rect:
        """The window rectangle of the ``slot``-th line in view (0 = the top one)."""
        return self.layout.rect(PANEL_X + 12, TABLE_TOP + HEAD_H + slot * ROW_H, PANEL_W - 40, ROW_H)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the record whose line is at window point ``pos``, or None."""
        for slot, index in enumerate(self.list.shown):
            if self.row_rect(slot).collidepoint(pos):
                return index
        return None

    # --- input -----------------------------------------------------------------------------------

    @property
    def chosen(self) -> GameRecord | None:
        """The selected record (None when there are none)."""
        return self.records[self.list.selected] if self.records else None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -VISIBLE,
                pygame.K_PAGEDOWN: VISIBLE,
                pygame.K_HOME: -len(self.records),
                pygame.K_END: len(self.records),
            }
            if event.key in moves:
                self.list.select(self.list.selected + moves[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.activate("back")
            elif event.key == pygame.K_r:
                self.activate("replay")
            elif event.key == pygame.K_c:
                self.activate("copy")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not event.mod & CTRL:
                self.activate(self.menu.focused_action())
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                step = -1 if event.key == pygame.K_LEFT or event.mod & pygame.KMOD_SHIFT else 1
                enabled = [i for i, b in enumerate(self.menu.buttons) if b.enabled]
                at = enabled.index(self.menu.focus) if self.menu.focus in enabled else 0
                self.menu.focus = enabled[(at + step) % len(enabled)]
            return
        if event.type == pygame.MOUSEWHEEL:
            self.list.scroll(-event.y * WHEEL_ROWS)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                double = self.last_click[0] == index and self.time - self.last_click[1] < DOUBLE_CLICK
                self.list.select(index)
                self.last_click = (index, self.time)
                if double:
                    self.activate("replay")
                return
        action = self.menu.handle(event)
        if action is not None:
            self.activate(action)

    def activate(self, action: Any) -> None:  # a button's action: "replay", "copy" or "back"
        if action == "back":
            self.app.goto("stats")
        elif action == "replay":
            self.replay()
        elif action == "copy":
            self.copy()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt

    def replay(self) -> None:
        """Play the chosen record's puzzle again from the start, at its level (not counted)."""
        record = self.chosen
        if record is None:
            return
        givens = tuple(0 if ch == "." else int(ch) for ch in record.givens)
        if record.solution is not None:
            solution = tuple(int(ch) for ch in record.solution)
        else:  # lost from a damaged file: the exact solver finds it again
            try:
                solution = tuple(solve_unique(givens))
            except PuzzleError as error:
                self.app.toast(f"This puzzle cannot be replayed: {error}")
                return
        made = MadePuzzle(givens, solution, record.level_enum, record.hardest)
        game = self.app.new_puzzle(made, counted=False, source="replay")
        self.app.goto("play", game=game)

    def copy(self) -> None:
        """Put the chosen record's puzzle on the clipboard as one line and say so."""
        record = self.chosen
        if record is None:
            return
        if copy_text(record.givens):
            self.app.toast(f"Copied: {record.givens}")
        else:
            self.app.toast("The clipboard is not available here.")

    # --- drawing ---------------------------------------------------------------------------------

    def live_seconds(self, record: GameRecord) -> float | None:
        """The running game's time when ``record`` is its record, else None."""
        game = self.app.game
        if record.result != "playing" or game is None or not game.running:
            return None
        return game.elapsed if self.app.profile.record_of(game.puzzle) is record else None

    def draw(self, surface: pygame.Surface) -> None:
        f, theme, palette = self.layout, self.theme, self.theme.palette
        self.draw_backdrop(surface)
        self.draw_title(surface, "HISTORY", 72, size=84, glow=palette.accent_3)
        panel = self.panel_rect()
        draw_panel(surface, panel, palette, edge=palette.accent_3, radius=f.px(14), width=f.px(2))
        size = f.font(24)
        head_y = f.y(TABLE_TOP + HEAD_H // 2)
        count = len(self.records)
        for c, text in enumerate(COLUMNS):
            glyph = theme.text(text, f.font(21), palette.text_dim)
            x = f.x(COLUMN_X[c])
            surface.blit(glyph, glyph.get_rect(center=(x, head_y)) if c >= 4 else glyph.get_rect(midleft=(x, head_y)))
        if not self.records:
            lines = fit_text(theme, EMPTY, f.px(PANEL_W - 80), (size, f.font(20)), max_lines=2, colour=palette.text)
            y = f.y(TABLE_TOP + HEAD_H + 2 * ROW_H)
            for line in lines:
                surface.blit(line, line.get_rect(midtop=(panel.centerx, y)))
                y += line.get_height()
        for slot, index in enumerate(self.list.shown):
            record = self.records[index]
            rect = self.row_rect(slot)
            selected = index == self.list.selected
            if selected:
                fill = th.blend(palette.panel, palette.accent_3, 0.22)
                draw_panel(surface, rect, palette, fill, palette.accent_3, radius=f.px(8), width=f.px(2))
            elif slot % 2:
                pygame.draw.rect(surface, th.blend(palette.panel, palette.text_dim, 0.08), rect, border_radius=f.px(8))
            texts = row_texts(record, self.live_seconds(record))
            for c, text in enumerate(texts):
                colour = palette.text
                if c == 3:
                    colour = palette.colour(RESULT_COLOURS[record.result])
                elif c == 1 and record.level is None:
                    colour = palette.text_dim
                glyph = theme.text(text, size, (255, 255, 255) if selected and c != 3 else colour)
                x = f.x(COLUMN_X[c])
                spot = glyph.get_rect(center=(x, rect.centery)) if c >= 4 else glyph.get_rect(midleft=(x, rect.centery))
                surface.blit(glyph, spot)
        if count > VISIBLE:  # the scroll bar: where the view is in the whole list
            track = pygame.Rect(panel.right - f.px(20), self.row_rect(0).top, f.px(6), VISIBLE * f.px(ROW_H))
            pygame.draw.rect(surface, th.blend(palette.panel, palette.text_dim, 0.3), track, border_radius=f.px(3))
            height = max(f.px(16), track.h * VISIBLE // count)
            top = track.top + (track.h - height) * self.list.top // max(1, count - VISIBLE)
            thumb = pygame.Rect(track.x, top, track.w, height)
            pygame.draw.rect(surface, palette.accent_3, thumb, border_radius=f.px(3))
        self.draw_detail(surface, panel.bottom + f.px(8))
        self.menu.draw(surface, theme)
        self.draw_footer(surface, "Up/Down choose  -  R replays  -  C copies  -  Esc returns to Stats")

    def draw_detail(self, surface: pygame.Surface, top: int) -> None:
        """The chosen game's puzzle line and count: what Copy copies, where it stands."""
        record = self.chosen
        if record is None:
            return
        f, theme, palette = self.layout, self.theme, self.theme.palette
        where = f"Game {self.list.selected + 1} of {len(self.records)}"
        hardest = f"  -  hardest step {record.hardest}" if record.hardest else ""
        text = f"{where}{hardest}  -  {record.givens}"
        sizes = (max(17, f.font(20)), max(17, f.font(18)))
        y = top
        for line in fit_text(theme, text, f.px(PANEL_W), sizes, max_lines=2, colour=palette.text_dim):
            surface.blit(line, line.get_rect(midtop=(f.centre_x, y)))
            y += line.get_height()
