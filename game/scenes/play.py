"""The play screen: the board on the left, the keypad and hint panel on the right.

Input follows SudokuPad (see game.input); the staged hint follows Good Sudoku (see
game.session.Game.request_hint). A hint's search runs on the app's hint runner (game.jobs): the
panel says "thinking..." meanwhile, the board keeps drawing and taking input, and a move that
changes the grid drops the search (a newer search cancels the older). In demo mode the hint
engine plays: each step is shown with its highlights and sentence for as long as a person needs
to read it (``demo_pause``), then applied, and the next one is asked for.

The solver's tools (game.tools) sit on the keypad's tools page; the entropy overlay shows every
open cell's entropy and, under the mouse, why each digit is ruled out; the digit filter (F1..F9,
Alt+digit, the tools page's filter row) shows one digit's marks and tints where it can go, and
in Corner or Centre mode a click on a pencil mark toggles it; Pause (P, or the window
losing focus) hides the board and stops the timer; a pasted puzzle is checked on the app's job
runner before it replaces the current one (one undo away), then graded there while it is played
(game.paste.Grading: the header says so; Esc stops it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never, cast

import pygame

from game import input as act
from game import theme as th
from game import tools
from game.board import POP_SECONDS, BoardView, MarkSpot
from game.clipboard import copy_text, paste_text
from game.hints import Hint, HintSearch
from game.hud import draw_header
from game.info_panel import DEMO_HELP, KEYS_HELP, InfoPanel, PanelText, entropy_text, hint_text
from game.input import CTRL, Action, play_action
from game.keypad import Keypad
from game.paste import Grading, PasteJob
from game.practice import PracticePosition, Verdict, judge
from game.practice import example as practice_example
from game.scenes.base import Scene
from game.scenes.steps_view import StepsView
from game.session import Game
from game.solution import SolutionPanel
from solver.grid import HOUSES, values_to_string
from solver.levels import Level
from solver.techniques.singles import SINGLE_NAMES

if TYPE_CHECKING:
    from game.host import Host
    from game.playstate import PlayState
    from solver.step import Step

BOARD_X, BOARD_Y, CELL = 52, 112, 72  # design pixels (game.layout): the board's corner, a cell
PANEL_X, PANEL_W = 736, 424  # the keypad and hint panel column
DOUBLE_CLICK = 0.35  # seconds
FLOURISH_SECONDS = 1.4  # the winning sweep before the win screen
DEMO_STEP = 0.5  # seconds a single (or a wrong-entry note) stays on screen in the demo
DEMO_READING = 0.22  # seconds per word of a harder step's explanation, up to DEMO_LONGEST
DEMO_LONGEST = 6.0
REVEAL_STEP = 0.03  # seconds between the digits a tool places, as they appear one by one,
REVEAL_SECONDS = 1.2  # or less when there are many (the whole reveal takes at most this)
PAUSE_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED)  # the game pauses itself
HINT_PULSE_SECONDS = 2.0  # a new hint's outline pulses this long, then holds still
SEARCH_FAILED = "The hint engine stumbled on this grid. Try again after your next move."
PRACTICE_HELP = (
    "It is the next step here. Remove the candidates it eliminates (click them in Centre mode) "
    "or enter the digit it places, then press Enter."
)
PRACTICE_KEYS = "Enter checks  -  N next  -  H shows it  -  Esc list"
PRACTICE_SOLVE = "Practice is the one step here: H shows it, N gives the next position."
PRACTICE_PASTE = "A pasted puzzle is played in the game, not here: leave practice (Esc twice), then paste it."


class PlayScene(Scene):
    """Plays ``game``; ``demo`` lets the hint engine play it; ``practice`` is the practice
    position ``game`` plays (game.practice: Enter checks the answer, N asks for the next
    position, ``practice_seed`` the one after it, Esc goes back to the technique list;
    ``example`` draws its step at once, as the list's Example asks)."""

    name = "play"

    def __init__(
        self,
        app: Host,
        game: Game,
        demo: bool = False,
        practice: PracticePosition | None = None,
        practice_seed: int = 0,
        example: bool = False,
    ) -> None:
        super().__init__(app)
        self.game = game
        self.demo = demo
        self.practice = practice
        self.practice_seed = practice_seed
        self.verdict: Verdict | None = None  # the last check of a practice answer, until the next move
        self.checked_once = False  # the practice position counted as tried
        self.solved_once = False  # ... and as solved
        self.steps = StepsView(app.log, SEARCH_FAILED)  # the solution path / all steps here panel
        self.resize()
        self.time = 0.0
        self.pops: dict[int, float] = {}
        self.flourish: float | None = None
        self.new_best = False  # the win of ``_won`` made a new best time
        self._won: Game | None = None  # the game whose win was recorded
        self.dragging = False
        self.drag_pos = (0, 0)
        self.last_click = (-1, -10.0)
        self.demo_clock = 0.0
        self._shown_values = game.state.values
        self._search: HintSearch | None = None  # the search whose job runs on app.hint_jobs
        self.paused = False  # by the player (P) or the window losing focus
        self.entropy = False  # the entropy overlay is on
        self.filter_digit = 0  # the digit filter's digit, 0 when off (a view: not saved, no undo step)
        self.hover_cell: int | None = None  # the cell under the mouse
        self.notice: PanelText | None = None  # a tool's message, until the next action
        self.pasting = PasteJob(app)  # a pasted puzzle checked on app.jobs
        self.grading = Grading(app)  # then graded there while it is played
        self.reveal_end = 0.0  # when the digits a tool placed have all appeared (scene time)
        self._hint_seen: Hint | None = None  # the hint on show, and since when (its outline pulses a while)
        self._hint_since = -HINT_PULSE_SECONDS
        self._drawn: tuple[object, ...] = ()  # what the last frame showed (``_looks``)
        if example and practice is not None:  # the technique's step drawn before any answer
            self.verdict = practice_example(practice)
            game.hint = Hint("step", 2, self.verdict.step, candidates=practice.candidates, values=practice.values)

    # --- lifecycle ---------------------------------------------------------------------------

    def resize(self) -> None:
        """Lay the board, keypad and hint panel out for the app's layout (window size)."""
        f = self.layout
        self.board = BoardView(self.theme, f.point(BOARD_X, BOARD_Y), f.px(CELL))
        old = getattr(self, "keypad", None)
        self.keypad = Keypad(f, PANEL_X, BOARD_Y, PANEL_W, page=old.page if old else "digits")
        if old is not None and old.hover is not None:
            self.keypad.hover = next((b for b in self.keypad.buttons if b.action == old.hover.action), None)
        top = self.keypad.bottom + f.px(18)
        self.hint_rect = pygame.Rect(f.x(PANEL_X), top, f.px(PANEL_W), self.board.rect.bottom - top)
        tall = pygame.Rect(self.hint_rect.x, f.y(BOARD_Y), self.hint_rect.w, self.hint_rect.bottom - f.y(BOARD_Y))
        self.panel = InfoPanel(self.theme, f, self.hint_rect, tall)  # a long hint grows over the keypad

    @property
    def panel_text(self) -> tuple[str, str, str]:
        """The panel's title, body and prompt as last drawn (empty before the first frame)."""
        shown = self.panel.shown
        return (shown.title, shown.body, shown.prompt) if shown else ("", "", "")

    def enter(self) -> None:
        self.game.resume()
        self._shown_values = self.game.state.values
        self._sync_search()  # a hint that was thinking when the player left asks again

    def leave(self) -> None:
        self.steps.close()
        self.game.pause()
        self.dragging = False
        self.app.hint_jobs.cancel()
        self._search = None
        self.pasting.cancel()
        self.grading.cancel()

    def set_paused(self, paused: bool) -> None:
        """Pause (hide the board, stop the timer) or go on."""
        if paused == self.paused or self.game.solved:
            return
        self.paused = paused
        if paused:
            self.game.pause()
            self.dragging = False
            self.steps.close()  # the solution path is not read, nor applied, on a stopped clock
        else:
            self.game.resume()

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
        panel = self.steps.panel
        if panel is not None and not self.demo:
            if event.type == pygame.KEYDOWN and self.steps.key(event, self.game):
                self._shown_values = self.game.state.values  # steps applied at once: no pops
                return
            if event.type == pygame.MOUSEWHEEL:
                panel.move(-event.y)
                return
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.steps.close()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.filter_digit and not self.demo:
            self.perform(act.FilterDigit(0))  # Esc turns the digit filter off first
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.grading.stop(self.game):
            return  # Esc stops a grading first; the next one leaves
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE) or (
            self.demo and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
        ):
            self.perform(act.ToMenu())  # in the demo any key or click leaves
            return
        if self.demo or self.flourish is not None or (self.game.solved and self.practice is None):
            return  # a solved board takes no more moves (the Solve tool's reveal included)
        if event.type in PAUSE_EVENTS:
            if not self.app.window_settling():  # F11's focus shuffle is no reason to pause
                self.set_paused(True)
        elif event.type == pygame.KEYDOWN:
            action = play_action(event)
            if action is not None:
                self.perform(action)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self._drag_to(event.pos)
            covered = self.panel.current.collidepoint(event.pos)
            self.keypad.hover = None if covered else self.keypad.button_at(event.pos)
            cell = self.board.cell_at(event.pos)
            if self.entropy and cell is not None and cell != self.hover_cell:
                self.notice = None  # the overlay's detail of the cell under the mouse takes over
            self.hover_cell = cell
        elif event.type == pygame.MOUSEWHEEL and self.panel.current.collidepoint(pygame.mouse.get_pos()):
            self.perform(act.Scroll(-event.y))
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
        if cell is not None and not self.paused:
            mods = pygame.key.get_mods()
            mark = self._mark_at(pos, mods)
            if mark is not None:  # a click on a pencil mark toggles it; the selection stays
                self.perform(act.ToggleMark(cell, mark.digit, mark.layer))
                return
            last_cell, last_time = self.last_click
            if mods & CTRL:
                game.toggle_selected(cell)
            elif mods & pygame.KMOD_SHIFT:
                game.select([cell], extend=True)
            elif last_cell == cell and self.time - last_time < DOUBLE_CLICK:
                game.select_same_digit(cell)
            else:
                game.select([cell])
            self.dragging = cell in game.selection  # a Ctrl+click that took it out drags nothing back in
            self.drag_pos = pos
            self.last_click = (cell, self.time)
            return
        if self.panel.current.collidepoint(pos):
            delta = self.panel.walk_at(pos)
            if delta:
                self.perform(act.WalkLink(delta))
            return  # the panel (grown over the keypad for a long hint) takes the click
        button = self.keypad.button_at(pos)
        if button is not None:
            button.press()
            self.perform(button.action)

    def _mark_at(self, pos: tuple[int, int], mods: int) -> MarkSpot | None:
        """The pencil mark a plain click at ``pos`` toggles: in Corner or Centre mode, a mark
        drawn there (with the digit filter on, only the filtered digit's), unless the cell shows
        something else (the entropy overlay's count, a hint's candidates)."""
        game = self.game
        if mods & (CTRL | pygame.KMOD_SHIFT | pygame.KMOD_ALT) or game.mode not in ("corner", "centre") or self.entropy:
            return None
        hint = game.hint
        cell = self.board.cell_at(pos)
        if hint is not None and hint.kind == "step" and hint.stage >= 2 and cell in hint.shown_cells:
            return None
        return self.board.mark_at(game.state, pos, self.filter_digit)

    def perform(self, action: Action) -> None:
        """Carry out one action (see game.input) on the game or the app. While paused only
        pause, menu and the keypad's page flip do anything."""
        game = self.game
        if self.paused and not isinstance(action, act.WHILE_PAUSED):
            return
        if not isinstance(action, act.KEEP_NOTICE):
            self.notice = None
            if not isinstance(action, act.CheckAnswer):
                self.verdict = None
        match action:
            case act.Digit(digit, mode):
                before = game.state
                if game.input_digit(digit, mode) and (mode or game.mode) == "normal":
                    self._digit_sound(before, game.state)
            case act.SetMode(mode):
                game.set_mode(mode)
            case act.CycleMode():
                game.cycle_mode()
            case act.Clear():
                game.clear()
            case act.Undo():
                game.undo()
            case act.Redo():
                game.redo()
            case act.Hint():
                game.request_hint()
                self._sync_search()
                self.app.sounds.play("hint")
            case act.WalkLink(delta):
                game.walk_link(delta)
            case act.Scroll(lines):
                self.panel.scroll_by(3 * lines)
            case act.Move(d_row, d_col, extend):
                game.move(d_row, d_col, extend=extend)
            case act.NewPuzzle():
                if self.practice is not None:
                    self.app.goto(
                        "practice", technique=self.practice.technique, seed=self.practice_seed + 1, start=True
                    )
                else:
                    self.app.new_game(game.puzzle.level or Level.MEDIUM, replace=True)
            case act.UseTool("solve") if self.practice is not None:
                game.dismiss_hint()  # the panel says why instead
                self.notice = PanelText("SOLVE", PRACTICE_SOLVE, colour="accent_3", edge="accent_3")
            case act.UseTool(name):
                result = game.use_tool(name)
                self._tool_notice(name, result)
                self._sync_search()
            case act.FlipPage():
                self.keypad.flip()
            case act.ToggleEntropy():
                self.entropy = not self.entropy
            case act.TogglePause():
                self.set_paused(not self.paused)
            case act.FilterDigit(digit):
                self.filter_digit = 0 if digit == self.filter_digit else digit
            case act.ToggleMark(cell, digit, layer):
                game.toggle_mark(cell, digit, layer)
            case act.Copy():
                self._copy()
            case act.Paste():
                self.paste(paste_text())
            case act.ShowSteps(mode):
                self.notice = self.steps.toggle(mode, game)
            case act.CheckAnswer():
                self._check_answer()
            case act.ToMenu():
                if self.practice is not None:
                    self.app.goto("practice", technique=self.practice.technique, seed=self.practice_seed + 1)
                elif self.demo:
                    self.app.end_demo()
                else:
                    self.app.goto("menu")
            case _:
                assert_never(action)

    @property
    def solution(self) -> SolutionPanel | None:
        """The solution panel's state while it is open (``StepsView.panel``), else None."""
        return self.steps.panel

    def _check_answer(self) -> None:
        """Practice: judge the answer, say so, and draw the step it is judged against (as hint
        stage 2 draws it). The first check of a position counts it as tried, a right answer as
        solved (game.stats). Outside practice Enter does nothing."""
        position = self.practice
        if position is None:
            return
        verdict = judge(position, self.game.state)
        self.verdict = verdict
        self.game.hint = Hint("step", 2, verdict.step, candidates=position.candidates, values=position.values)
        if verdict.kind == "nothing":
            return
        solved = verdict.kind == "right" and not self.solved_once
        self.app.record_practice(position.technique, not self.checked_once, solved)
        self.checked_once = True
        self.solved_once = self.solved_once or solved

    def _copy(self) -> None:
        """Copy the givens as one line and say so (or that there is no clipboard)."""
        line = values_to_string(self.game.puzzle.givens)
        copied = copy_text(line)
        rows = " ".join(line[i : i + 9] for i in range(0, 81, 9))  # wraps inside the panel
        self.notice = PanelText(
            "COPIED" if copied else "NO CLIPBOARD",
            f"The puzzle, row by row: {rows}" if copied else "The clipboard is not available here.",
        )

    def _digit_sound(self, before: PlayState, after: PlayState) -> None:
        """A blip for a digit, a chime when it completes a house, a thud when it breaks a rule."""
        sounds = self.app.sounds
        if after.conflicts - before.conflicts:
            sounds.play("error")
        elif any(all(after.values[c] for c in house) and not all(before.values[c] for c in house) for house in HOUSES):
            sounds.play("house")
        else:
            sounds.play("place")

    def _tool_notice(self, name: str, result: tools.ToolResult) -> None:
        step = min(REVEAL_STEP, REVEAL_SECONDS / max(1, len(result.placed)))
        for offset, cell in enumerate(result.placed):  # revealed one after another
            self.pops[cell] = self.time + offset * step
        self.reveal_end = self.time + len(result.placed) * step
        self._shown_values = self.game.state.values
        title = {
            "fill": "FILL CANDIDATES",
            "singles": "SOLVE SINGLES",
            "pairs": "SOLVE PAIRS",
            "check": "CHECK",
            "solve": "SOLVE",
            "restart": "RESTART",
        }[name]
        colour: th.Role = "wrong_edge" if name == "check" and self.game.checked else "accent_3"
        self.notice = PanelText(title, result.message, colour=colour, edge=colour)

    def paste(self, text: str | None) -> None:
        """Check, solve and grade ``text`` (a puzzle line or 9-line grid) off the UI thread;
        when it is good it replaces the puzzle as one undoable step. Not in practice: its
        position is not the player's game, which a paste would replace behind the screen."""
        if self.practice is not None:
            self.notice = PanelText("PASTE", PRACTICE_PASTE, colour="accent_3", edge="accent_3")
            return
        self.notice = PanelText("PASTE", self.pasting.start(text), colour="accent_3", edge="accent_3")

    def _poll_paste(self) -> None:
        result = self.pasting.poll()
        if result is None:
            return
        kind, value = result
        if kind == "done":
            self.game = self.app.new_puzzle(value, counted=False)  # the player brought it
            self._shown_values = self.game.state.values
            self.notice = PanelText(
                "PASTED",
                "Play it now; it is graded meanwhile. Undo brings the last one back.",
                colour="good",
                edge="good",
            )
        else:
            self.notice = PanelText("CANNOT PASTE", value, colour="wrong_edge", edge="wrong_edge")

    # --- frame -----------------------------------------------------------------------------

    def animating(self) -> bool:
        """True while something moves: the demo, the win flourish, digits popping in or being
        revealed, a new hint's outline pulsing (its first HINT_PULSE_SECONDS), a paste being
        checked. A hint being thought out and the solution panel's search are ``working``."""
        if self.demo or self.flourish is not None or self.time < self.reveal_end or self.pasting.active:
            return True
        if any(-POP_SECONDS < self.time - t < POP_SECONDS for t in self.pops.values()):
            return True
        hint = self.game.hint
        return hint is not None and not self._thinking and self.time - self._hint_since < HINT_PULSE_SECONDS

    @property
    def _thinking(self) -> bool:
        """A hint is being thought out (its search runs on the app's hint runner)."""
        return self.game.hint is not None and self.game.hint.kind == "thinking"

    def working(self) -> bool:
        """True while a hint is thought out or the solution panel's search runs, on threads of
        this process: the app polls them a few times a second instead of drawing every frame
        (the panel's lines and the thinking dots are drawn when they change)."""
        return self.steps.busy or self._thinking

    def stale(self) -> bool:
        """Something drawn changed since the last frame: the timer's second, the game, its
        position or hint, the panel's message, the pause, a pasted puzzle's grading."""
        return self._drawn != self._looks()

    def _looks(self) -> tuple[object, ...]:
        """What decides the picture, cheaply: identities of immutable parts and the second."""
        game = self.game
        return (
            int(game.elapsed),
            id(game),
            id(game.state),
            id(game.hint),
            id(self.notice),
            self.paused,
            self.entropy,
            self.filter_digit,
            self.hover_cell,
            self.keypad.page,
            self.steps.looks(),
            int(self.time * 3) if self._thinking else 0,  # the thinking dots move three times a second
            self.grading.line(),  # a pasted puzzle's grading: its seconds, then how it ended
            game.puzzle.level,  # learned in place when the grading ends
        )

    def update(self, dt: float) -> None:
        self.time += dt
        if self.game.hint is not self._hint_seen:
            self._hint_seen, self._hint_since = self.game.hint, self.time
        self.keypad.update(dt)
        self._sync_search()
        self._poll_search()
        self.steps.poll(self.game, counted=self.practice is None)
        self._poll_paste()
        self.grading.tick(self.game, dt)
        values = self.game.state.values
        if values != self._shown_values:
            for cell in range(81):
                if values[cell] and values[cell] != self._shown_values[cell]:
                    self.pops[cell] = self.time
            self._shown_values = values
        if self.game.solved and self.practice is None and self._won is not self.game:
            # counted the moment it is solved: Esc or closing the window during the reveal or
            # the flourish must not lose the win (the history, the statistics, a best time);
            # once per game, and a game pasted in after it is counted in its turn
            self._won = self.game
            self.new_best = not self.demo and self.game is self.app.game and self.app.record_win(self.game)
        if self.game.solved and self.time >= self.reveal_end and self.practice is None:
            if self.flourish is None:
                self.flourish = 0.0
                if not self.demo and not self.game.revealed:  # the Solve tool's finish is no win
                    self.app.sounds.play("win")
            else:
                self.flourish += dt
            if self.flourish >= FLOURISH_SECONDS:
                self.app.goto("win", game=self.game, demo=self.demo, new_best=self.new_best)
            return
        self.flourish = None
        if self.demo:
            self.demo_clock += dt
            if self.demo_clock >= demo_pause(self.game.hint):
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
        self.keypad.sync(self.game, self.theme.palette)
        self.keypad.entropy_on = self.entropy
        self.keypad.filter_digit = self.filter_digit
        if self.paused:
            self.board.draw_paused(surface, self.layout.font(56))
        else:
            entropy = tools.candidates(self.game.state) if self.entropy else None
            settings = self.app.settings
            state = self.game.state
            mistakes = state.conflicts | state.wrong if settings.show_mistakes == "solution" else state.conflicts
            self.board.draw(
                surface,
                self.steps.board_game(self.game),
                now=self.time,
                pops=self.pops,
                flourish=None if self.game.revealed else self.flourish,  # no winning sweep for Solve
                pulse_now=min(self.time, self._hint_since + HINT_PULSE_SECONDS),
                show_selection=not self.demo,
                entropy=entropy,
                peers=settings.highlight_peers,
                same_digit=settings.highlight_same_digit,
                mistakes=mistakes,
                filter_digit=self.filter_digit,
                filter_cells=tools.digit_cells(state, self.filter_digit) if self.filter_digit else frozenset(),
            )
        self.board.draw_labels(surface, self.layout.font(18))
        self.keypad.draw(surface, self.theme, self.game, paused=self.paused)
        self.panel.stops = [b.rect.top - self.layout.px(6) for b in self.keypad.buttons]
        self.panel.draw(surface, self._panel_content())

    def _draw_header(self, surface: pygame.Surface) -> None:
        self._drawn = self._looks()
        f = self.layout
        draw_header(
            surface,
            self.theme,
            f,
            self.game,
            demo=self.demo,
            show_timer=self.app.settings.show_timer,
            title_at=f.point(BOARD_X - 24, 50),
            chips=f.rect(PANEL_X, 22, PANEL_W, 64),
            status=self.grading.line(),
            level_text=self.grading.level_text(self.game),
        )

    def _panel_content(self) -> PanelText:
        """What the panel shows, first that applies: the hint, a tool's message, the entropy
        detail of the cell under the mouse, the keys."""
        hint = self.game.hint
        steps = self.steps.content()
        if steps is not None:
            return steps
        if self.verdict is not None:
            colours: dict[str, th.Role] = {
                "right": "good",
                "partly": "accent_3",
                "nothing": "hint_edge",
                "example": "hint_edge",
            }
            colour = colours.get(self.verdict.kind, "wrong_edge")
            return PanelText(self.verdict.title, self.verdict.text, colour=colour, edge=colour, prompt=PRACTICE_KEYS)
        if hint is not None:
            return hint_text(hint, self.demo, self.time)
        if self.notice is not None:
            return self.notice
        if self.entropy and self.hover_cell is not None and not self.paused:
            return entropy_text(tools.cell_detail(self.game.state, self.hover_cell))
        if self.demo:
            return PanelText("DEMO", DEMO_HELP)
        if self.practice is not None:
            return PanelText(f"PRACTICE: {self.practice.technique}", PRACTICE_HELP, prompt=PRACTICE_KEYS)
        return PanelText("KEYS", KEYS_HELP)


def demo_pause(hint: Hint | None) -> float:
    """Seconds the demo shows ``hint`` before it goes on: half a second for singles (the demo
    would crawl otherwise), else time to read the step's sentence."""
    # a "step" hint carries its step (asked every demo frame: no check)
    if hint is None or hint.kind != "step" or cast("Step", hint.step).technique in SINGLE_NAMES:
        return DEMO_STEP
    return min(DEMO_LONGEST, max(1.5, DEMO_READING * len(hint.message.split())))
