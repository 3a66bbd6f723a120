"""The play screen: the board on the left, the keypad and hint panel on the right.

Input follows SudokuPad (see game.input); the staged hint follows Good Sudoku (see
game.session.Game.request_hint). A hint's search runs on the app's hint runner (game.jobs): the
panel says "thinking..." meanwhile, the board keeps drawing and taking input, and a move that
changes the grid drops the search (a newer search cancels the older). In demo mode the hint
engine plays: every ``DEMO_STEP`` seconds the shown step is applied and the next one is asked
for, then shown with its highlights as soon as it arrives.
"""

from __future__ import annotations

import pygame

from game import theme as th
from game.board import BoardView
from game.hints import HintSearch
from game.input import CTRL, play_action
from game.keypad import Keypad
from game.scenes.base import Scene
from game.session import Game
from game.theme import draw_panel, fit_text, wrap_text
from game.widgets import format_time
from solver.levels import Level

BOARD_X, BOARD_Y, CELL = 52, 112, 72  # design pixels (game.layout): the board's corner, a cell
PANEL_X, PANEL_W = 736, 424  # the keypad and hint panel column
DOUBLE_CLICK = 0.35  # seconds
FLOURISH_SECONDS = 1.4  # the winning sweep before the win screen
DEMO_STEP = 0.4  # seconds between demo steps
HINT_SIZES = (21, 19, 17)  # the hint panel's text sizes, largest first; the first that fits
SEARCH_FAILED = "The hint engine stumbled on this grid. Try again after your next move."


class PlayScene(Scene):
    """Plays ``game``; ``demo`` lets the hint engine play it."""

    name = "play"

    def __init__(self, app, game: Game, demo: bool = False):
        super().__init__(app)
        self.game = game
        self.demo = demo
        self.resize()
        self.time = 0.0
        self.pops: dict[int, float] = {}
        self.flourish: float | None = None
        self.dragging = False
        self.drag_pos = (0, 0)
        self.last_click = (-1, -10.0)
        self.demo_clock = 0.0
        self._shown_values = game.state.values
        self._hint_lines: tuple[tuple, list[pygame.Surface]] = ((), [])
        self._search: HintSearch | None = None  # the search whose job runs on app.hint_jobs
        self.panel_text = ("", "", "")  # the hint panel's title, body and prompt, as last drawn

    # --- lifecycle ---------------------------------------------------------------------------

    def resize(self) -> None:
        """Lay the board, keypad and hint panel out for the app's layout (window size)."""
        f = self.layout
        self.board = BoardView(self.theme, f.point(BOARD_X, BOARD_Y), f.px(CELL))
        hover = getattr(self, "keypad", None) and self.keypad.hover
        self.keypad = Keypad(f, PANEL_X, BOARD_Y, PANEL_W)
        if hover is not None:
            self.keypad.hover = next((b for b in self.keypad.buttons if b.action == hover.action), None)
        top = self.keypad.bottom + f.px(18)
        self.hint_rect = pygame.Rect(f.x(PANEL_X), top, f.px(PANEL_W), self.board.rect.bottom - top)
        self._hint_lines = ((), [])

    def enter(self) -> None:
        self.game.resume()
        self._shown_values = self.game.state.values
        self._sync_search()  # a hint that was thinking when the player left asks again

    def leave(self) -> None:
        self.game.pause()
        self.dragging = False
        self.app.hint_jobs.cancel()
        self._search = None

    # --- the hint search, off the UI thread ------------------------------------------------

    def _sync_search(self) -> None:
        """Run the search of a thinking hint on the hint runner; cancel a search whose hint is
        gone (the grid changed). Called after every action and every layout."""
        hint = self.game.hint
        search = hint.search if hint is not None and hint.kind == "thinking" else None
        if search is self._search:
            return
        if search is None:
            self.app.hint_jobs.cancel()
        else:  # submitting cancels the older search
            self.app.hint_jobs.submit(lambda progress, cancel: search.run(cancel), name="hint")
        self._search = search

    def _poll_search(self) -> None:
        """Hand a finished search to the game (which drops it if it is stale)."""
        search = self._search
        for message in self.app.hint_jobs.poll():
            if search is None or message.kind not in ("done", "error"):
                continue
            self._search = None
            if message.kind == "done":
                self.game.resolve_hint(search, message.value)
            else:
                self.app.log(f"hint search failed: {message.value}")
                self.game.resolve_hint(search, None, failure=SEARCH_FAILED)
            hint = self.game.hint
            if self.demo and hint is not None and hint.kind == "step":
                self.game.request_hint()  # the demo shows the pattern at once
                self.demo_clock = 0.0

    # --- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.perform(("menu",))
            return
        if self.demo or self.flourish is not None:
            return
        if event.type == pygame.KEYDOWN:
            action = play_action(event)
            if action is not None:
                self.perform(action)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self._drag_to(event.pos)
            self.keypad.hover = self.keypad.button_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False

    def _drag_to(self, pos: tuple[int, int]) -> None:
        """Add every cell on the way from the last drag position (a fast mouse skips cells)."""
        (x0, y0), (x1, y1) = self.drag_pos, pos
        samples = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) / (self.board.cell / 4)))
        for i in range(1, samples + 1):
            point = (x0 + (x1 - x0) * i // samples, y0 + (y1 - y0) * i // samples)
            cell = self.board.cell_at(point)
            if cell is not None and cell not in self.game.selection:
                self.game.select([cell], extend=True)
        self.drag_pos = pos

    def _click(self, pos: tuple[int, int]) -> None:
        game = self.game
        cell = self.board.cell_at(pos)
        if cell is not None:
            mods = pygame.key.get_mods()
            last_cell, last_time = self.last_click
            if mods & CTRL:
                game.toggle_selected(cell)
            elif mods & pygame.KMOD_SHIFT:
                game.select([cell], extend=True)
            elif last_cell == cell and self.time - last_time < DOUBLE_CLICK:
                game.select_same_digit(cell)
            else:
                game.select([cell])
            self.dragging = True
            self.drag_pos = pos
            self.last_click = (cell, self.time)
            return
        button = self.keypad.button_at(pos)
        if button is not None:
            button.press()
            self.perform(button.action)

    def perform(self, action: tuple) -> None:
        """Carry out one action tuple (see game.input) on the game or the app."""
        game = self.game
        kind = action[0]
        if kind == "digit":
            game.input_digit(action[1], action[2])
        elif kind == "mode":
            game.set_mode(action[1])
        elif kind == "cycle_mode":
            game.cycle_mode()
        elif kind == "clear":
            game.clear()
        elif kind == "undo":
            game.undo()
        elif kind == "redo":
            game.redo()
        elif kind == "hint":
            game.request_hint()
            self._sync_search()
        elif kind == "move":
            game.move(action[1], action[2], extend=action[3])
        elif kind == "new":
            self.app.goto("generating", level=game.puzzle.level or Level.MEDIUM, purpose="replace")
        elif kind == "menu":
            if self.demo:
                self.app.end_demo()
            else:
                self.app.goto("menu")

    # --- frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        self.keypad.update(dt)
        self._sync_search()
        self._poll_search()
        values = self.game.state.values
        if values != self._shown_values:
            for cell in range(81):
                if values[cell] and values[cell] != self._shown_values[cell]:
                    self.pops[cell] = self.time
            self._shown_values = values
        if self.game.solved:
            if self.flourish is None:
                self.flourish = 0.0
            else:
                self.flourish += dt
            if self.flourish >= FLOURISH_SECONDS:
                self.app.goto("win", game=self.game, demo=self.demo)
            return
        self.flourish = None
        if self.demo:
            self.demo_clock += dt
            if self.demo_clock >= DEMO_STEP:
                self.demo_clock = 0.0
                self.demo_step()

    def demo_step(self) -> None:
        """Apply the hint on show (if any) and ask for the next one (shown when it arrives)."""
        game = self.game
        hint = game.hint
        if hint is not None and hint.kind == "thinking":
            return  # the search is still running; the board keeps drawing
        if hint is not None and hint.kind == "step":
            game.request_hint()  # stage 1 -> 2, or stage 2 -> applied
            if game.hint is not None:
                return
        elif hint is not None:  # no technique fires: place one solution digit so the demo goes on
            cell = next(c for c in range(81) if not game.state.values[c])
            game.select([cell])
            game.input_digit(game.puzzle.solution[cell], "normal")
        if game.solved:
            return
        game.request_hint()
        self._sync_search()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self._draw_header(surface)
        self.keypad.sync(self.game)
        self.board.draw(
            surface, self.game, now=self.time, pops=self.pops, flourish=self.flourish,
            show_selection=not self.demo,
        )
        self.board.draw_labels(surface, self.layout.font(18))
        self.keypad.draw(surface, self.theme, self.game)
        self._draw_hint_panel(surface)

    def _draw_header(self, surface: pygame.Surface) -> None:
        theme, game, f = self.theme, self.game, self.layout
        title = theme.glow_text("SUDOKU", f.font(64), (255, 236, 250), th.ACCENT, radius=f.px(10))
        surface.blit(title, title.get_rect(midleft=f.point(BOARD_X - 24, 50)))
        if self.demo:
            tag = theme.glow_text("DEMO", f.font(34), th.ACCENT_2, th.ACCENT_2, radius=f.px(6))
            surface.blit(tag, tag.get_rect(midleft=f.point(BOARD_X + 246, 52)))
        level = game.puzzle.level
        chips = [
            ("LEVEL", level.label.upper() if level is not None else "-", th.ACCENT_3),
            ("TIME", format_time(game.elapsed), th.ACCENT_2),
            ("HINTS", str(game.hints_used), th.ACCENT),
        ]
        x = PANEL_X
        width = (PANEL_W - 2 * 12) / 3
        for label, value, colour in chips:
            rect = f.rect(x, 22, width, 64)
            draw_panel(surface, rect, th.PANEL, th.blend(th.PANEL, colour, 0.6), radius=f.px(10), width=f.px(2))
            head = theme.text(label, f.font(18), th.TEXT_DIM)
            surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + f.px(8))))
            text = fit_text(theme, value, rect.w - f.px(12), (f.font(34), f.font(26)), max_lines=1, colour=colour)[0]
            surface.blit(text, text.get_rect(midbottom=(rect.centerx, rect.bottom - f.px(6))))
            x += width + 12

    def _draw_hint_panel(self, surface: pygame.Surface) -> None:
        hint = self.game.hint
        rect = self.hint_rect
        prompt, extra = "", ""
        if hint is None:
            title = "DEMO" if self.demo else "KEYS"
            body = ("The hint engine is playing. Esc returns to the menu." if self.demo else
                    "Shift+digit corner mark, Ctrl+digit centre mark, Space changes mode. "
                    "H asks for a hint: once to name it, twice to see it, three times to apply it.")
            edge, title_colour = th.PANEL_EDGE, th.TEXT_DIM
        else:
            title, body = hint.title, hint.message
            prompt = "" if self.demo else hint.prompt
            colour = th.WRONG_EDGE if hint.kind == "wrong" else th.HINT_EDGE
            edge, title_colour = colour, colour
            if hint.kind == "step":
                title = f"{title}  ({hint.stage}/3)"
                if hint.stage >= 2 and hint.step.text and hint.step.links:
                    extra = hint.step.chain_text()
            elif hint.kind == "thinking":
                body = "thinking" + "." * (1 + int(self.time * 3) % 3)
        f = self.layout
        draw_panel(surface, rect, th.PANEL, edge, radius=f.px(12), width=f.px(2))
        self.panel_text = (title, body, prompt)
        key = (title, body, prompt, extra, title_colour)
        if self._hint_lines[0] != key:
            self._hint_lines = (key, self._layout_hint(title.upper() if hint is None else title,
                                                       body, prompt, extra, title_colour))
        y = rect.y + f.px(14)
        for i, line in enumerate(self._hint_lines[1]):
            if y + line.get_height() > rect.bottom - f.px(8):
                break
            surface.blit(line, (rect.x + f.px(16), y))
            y += line.get_height() + f.px(10 if i == 0 else 4)

    def _layout_hint(self, title: str, body: str, prompt: str, extra: str, title_colour) -> list[pygame.Surface]:
        """The panel's lines: the title, then body, chain notation and prompt at the largest of
        HINT_SIZES that fits the panel (the chain notation is left out when nothing fits)."""
        theme, rect, f = self.theme, self.hint_rect, self.layout
        width = rect.w - f.px(32)
        head = theme.text(title, f.font(26), title_colour)
        if head.get_width() > width:
            head = pygame.transform.smoothscale(head, (width, round(head.get_height() * width / head.get_width())))
        room = rect.h - f.px(22) - head.get_height() - f.px(10)
        sizes = tuple(dict.fromkeys(f.font(size) for size in HINT_SIZES))
        for extras in ((extra,) if extra else ()) + ("",):
            for size in sizes:
                lines = [theme.text(line, size, th.TEXT) for line in wrap_text(theme, body, size, width)]
                if extras:
                    lines += [theme.text(line, size, th.ACCENT) for line in wrap_chain(theme, extras, size, width)]
                lines += [theme.text(line, size, th.TEXT_DIM) for line in wrap_text(theme, prompt, size, width) if line]
                if sum(line.get_height() + f.px(4) for line in lines) <= room:
                    return [head] + lines
        return [head] + lines


def wrap_chain(theme, chain: str, size: int, width: int) -> list[str]:
    """Eureka notation broken after its links (``=`` and ``-``) to fit ``width`` pixels."""
    font = theme.font(size)
    lines, line = [], ""
    token = ""
    for ch in chain + " ":
        token += ch
        if ch in "=- ;":
            trial = line + token
            if font.size(trial.rstrip())[0] > width and line:
                lines.append(line.rstrip())
                line = token.lstrip()
            else:
                line = trial
            token = ""
    if line.strip():
        lines.append(line.rstrip())
    return lines
