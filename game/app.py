"""The application: the frame loop, the current scene and the one method that switches scenes,
and the player's session (the running game, the profile: settings, statistics, the saved game).
The services it uses live beside it: game.display (the window's surface, layout, resizing and
full screen), game.toasts (messages for the player), game.upkeep (the work after each frame:
the bank's reading, the warm-up, the reserve, the sounds), game.jobs and game.worker_process (work off
the loop), game.supply (instant games), game.profile (the player's files), game.sound. The
window itself is opened by game.window (``run``), never at import time.

No traceback reaches the player: an exception in a scene is logged to stderr in one line and the
game returns to the menu with a message (pyspacewar's UI modes, Solo's midend behind them).
"""

from __future__ import annotations

import datetime
import random
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pygame

from game import theme as th
from game.display import Display, wake_loop
from game.jobs import JobRunner
from game.layout import DESIGN_H, DESIGN_W, Layout
from game.made import MadePuzzle
from game.pacing import FramePacer
from game.playstate import MadeLike, Puzzle
from game.profile import Profile
from game.scenes import SCENES
from game.scenes.base import Scene
from game.session import Game
from game.settings import Settings
from game.supply import PuzzleSupply, ReserveFiller
from game.theme import Theme
from game.toasts import Toasts
from game.upkeep import Upkeep
from solver import levels
from solver.levels import Level

if TYPE_CHECKING:
    from game.sound import Sounds
    from game.worker_process import ProcessJobRunner

WINDOW_SIZE = (DESIGN_W, DESIGN_H)  # the design size; the window opens fitted to the desktop
FPS = 60
ACTIVE_SECONDS = 1.0  # after an input, every frame is drawn this long
IDLE_POLL_MS = 100  # an idle loop still polls background work this often
WORK_POLL_MS = 100
"""While the scene's own search runs on a thread (``Scene.working``), the loop polls this often
and draws only what changed: a frame drawn at 60 fps took the search's thread a third of the
processor (a Master's whole solution path: 2.1 s in the window against 1.5 s alone)."""
MAX_DT = 0.1  # seconds; a longer stall is not replayed as one big jump
CAPTION = "Sudoku - puzzles made on the spot"


class Silence:
    """What ``App.sounds`` is until the real sounds are made: every ``play`` does nothing."""

    def play(self, name: str) -> None:
        pass


class App:
    """Runs the frame loop over the current scene, and owns the running Game and the services.

    ``jobs`` runs puzzle generation and paste checks (a game.jobs.JobRunner thread by default;
    the real window passes a game.worker_process.ProcessJobRunner), ``hint_jobs`` the play
    screen's hint searches (two runners, so neither cancels the other).

    ``screen`` is the display surface (or a plain Surface in tests) of any size, held by
    ``display`` (game.display.Display), whose ``layout`` maps the screens' 1200x800 design
    space onto it and follows ``resize``; ``toasts`` the messages for the player; ``clock``
    returns seconds and drives the game timer; ``seed`` makes the first puzzle reproducible
    (later puzzles use seed + 1, seed + 2, ...). ``scenes`` maps scene names to scene factories
    (default: game.scenes.SCENES); scenes ask for the next one by name through ``goto``, so
    they never import each other. ``supply`` serves instant games (game.supply.PuzzleSupply;
    default: the shipped bank and a reserve in the profile's folder), refilled in the
    background by ``filler``.
    """

    def __init__(
        self,
        screen: pygame.Surface,
        *,
        seed: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        scenes: dict[str, Callable[..., Scene]] | None = None,
        profile: Profile | None = None,
        jobs: JobRunner | ProcessJobRunner | None = None,
        supply: PuzzleSupply | None = None,
    ) -> None:
        self.display = Display(screen, on_resize=self._lay_out, log=self.log)
        self.toasts = Toasts(self.log)
        self.theme = Theme()
        self.jobs: JobRunner | ProcessJobRunner = jobs if jobs is not None else JobRunner()
        self.hint_jobs = JobRunner(wake=wake_loop)
        self.clock = clock
        self.game: Game | None = None
        self.scene: Scene | None = None
        self.scenes: dict[str, Callable[..., Scene]] = dict(SCENES if scenes is None else scenes)
        self.running = True
        self.exit_code = 0
        self.demo = False
        self.demo_quits = False
        self._seed = seed
        self._failing = False
        self.profile = profile if profile is not None else Profile()
        self.supply = supply if supply is not None else PuzzleSupply(self.profile.folder, self.profile.writer)
        self.filler = ReserveFiller(self.supply)
        self.upkeep = Upkeep(self.supply, self.filler, self.warm_up, self._guard)
        self.sounds: Silence | Sounds = Silence()  # ``apply_settings`` asks for the real ones (game.sound)
        self.animation_speed = self.settings.animation_speed  # the generating screen's replay

    # --- the window ----------------------------------------------------------------------------

    @property
    def screen(self) -> pygame.Surface:
        """The surface every screen draws on (game.display)."""
        return self.display.screen

    @property
    def size(self) -> tuple[int, int]:
        return self.display.size

    @property
    def layout(self) -> Layout:
        """The design-to-window mapping of ``screen`` (game.layout)."""
        return self.display.layout

    def resize(self, screen: pygame.Surface) -> None:
        """The window changed size: lay every screen out again on ``screen`` (the new display
        surface, or a plain Surface in tests)."""
        self.display.resize(screen)

    def _lay_out(self) -> None:
        if self.scene is not None:
            self._guard(self.scene.resize)

    def window_settling(self) -> bool:
        """True for a moment after F11, while the window system moves the focus about."""
        return self.display.settling()

    # --- the profile ---------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.profile.settings

    def load_profile(self) -> None:
        """Read the player's files at start-up: settings, statistics, and the saved game (which
        becomes ``game``, offered by the menu's Continue). Messages about bad files show. A
        fault of the game's own while reading (a file it cannot make sense of in a way nobody
        foresaw) costs the player neither the window nor the files: this window then saves
        nothing, so they stay as they were."""
        try:
            self.game = self.profile.load(self.clock)
            message = self.supply.load_reserve() if self.profile.readable else None
        except Exception as exc:
            self.log(f"reading the saved files failed: {type(exc).__name__}: {exc}")
            self.profile.writer.read_only = True
            self.game = None
            message = (
                f"Your saved files could not be read (an error in the game: {type(exc).__name__}); "
                "this window saves nothing, so they stay as they are."
            )
        if message:
            self.profile.messages.append(message)
        self.apply_settings(self.profile.settings)

    def apply_settings(self, settings: Settings) -> None:
        """Use (and save, when they changed) ``settings``: palette, sounds, auto-clean."""
        if settings != self.profile.settings:
            self.profile.set_settings(settings)
        if th.PALETTES[settings.palette] != self.theme.palette:  # new colours: every cached picture goes
            self.theme.set_palette(settings.palette)
        self.animation_speed = settings.animation_speed
        self.upkeep.want_sounds(settings.volume, settings.sound)  # made after the next frame
        if self.game is not None:
            self.game.auto_clean = settings.auto_clean_marks
        if self.scene is not None:
            self._guard(self.scene.resize)

    def start_game(self, game: Game) -> None:
        """Make ``game`` the player's game (it replaces the one in ``game``)."""
        game.auto_clean = self.settings.auto_clean_marks
        self.game = game

    def new_game(self, level: Level, replace: bool = False) -> None:
        """Start a new puzzle of ``level``: with the "bank" puzzle source, at once from the
        reserve or the bank (a puzzle never played before); otherwise, or when the level has
        none left, made on the spot by the generating screen. ``replace``: asked for during
        play (the generating screen then returns there on Esc)."""
        if self.settings.puzzle_source == "bank":
            made = self.supply.take(level, self.profile.played)
            while self.supply.notices:
                self.toast(self.supply.notices.pop(0))
            if made is not None:
                source = "generated" if self.supply.taken_from == "reserve" else "bank"
                self.goto("play", game=self.new_puzzle(made, source=source))
                return
            self.toast(f"Every {level.label} puzzle of the bank has been played: making a new one.")
        self.goto("generating", level=level, purpose="replace" if replace else "new")

    def new_puzzle(
        self, made: MadeLike, counted: bool = True, daily: datetime.date | None = None, source: str | None = None
    ) -> Game:
        """Play ``made`` (a game.made.MadePuzzle, or a generator.GeneratedPuzzle) as the
        player's game: an unfinished game stays one undo away (it counts as given up: its
        streak ends, its hints count), a finished one is replaced. The statistics count the
        start unless ``counted`` is False (a puzzle the player brought, or a replay), and the
        profile remembers the puzzle as played. ``daily``: the date of a daily puzzle (its win
        counts in the daily streak). The history records the start, from ``source``
        (game.history.SOURCES; None: "daily" with a date, "pasted" when not counted, else
        "generated"), and the old game as abandoned. Returns the game."""
        day = daily.isoformat() if daily is not None else None
        puzzle = replace(Puzzle.from_generated(made), counted=counted, daily=day)
        self.profile.record_played(puzzle.givens)
        old = self.game
        if old is not None and old.running:
            if old.puzzle.counted:
                self.profile.record_abandon(old.puzzle.level, old.hints_used)
            self.profile.history_end(old.puzzle, "abandoned", old.elapsed, old.hints_used)
            old.new_puzzle(puzzle)
            self.toast("A new puzzle: your unfinished one is one Undo (Ctrl+Z) away.")
        else:
            self.start_game(Game(puzzle, clock=self.clock))
        if counted:
            self.profile.record_start(puzzle.level)
        if source is None:
            source = "daily" if day is not None else "generated" if counted else "pasted"
        self.profile.history_start(puzzle, source)
        assert self.game is not None  # start_game set it, or it is ``old``
        return self.game

    def play_imported(self, imported: MadePuzzle) -> None:
        """Start ``imported`` (a game.made.MadePuzzle the player pasted or named) and show the
        play screen; it is not counted in the statistics."""
        self.goto("play", game=self.new_puzzle(imported, counted=False))

    def record_practice(self, technique: str, first: bool, solved: bool) -> None:
        """A practice answer on ``technique`` was checked (see ``Profile.record_practice``)."""
        self.profile.record_practice(technique, first, solved)

    def record_win(self, game: Game) -> bool:
        """The player solved ``game``'s puzzle: count it (unless the Solve tool finished it);
        True when its time is the level's new best. The history records how it ended."""
        level = game.puzzle.level
        self.profile.history_end(game.puzzle, "revealed" if game.revealed else "won", game.elapsed, game.hints_used)
        if not game.puzzle.counted:
            return False
        if game.revealed:
            self.profile.record_abandon(level, game.hints_used)
            return False
        if game.puzzle.daily is not None:
            self.profile.record_daily(datetime.date.fromisoformat(game.puzzle.daily))
        return self.profile.record_win(level, game.elapsed, game.hints_used)

    def toast(self, message: str) -> None:
        """Show ``message`` over every screen for a few seconds (and log it)."""
        self.toasts.add(message)

    # --- scenes ------------------------------------------------------------------------------

    def switch(self, scene: Scene) -> None:
        """Make ``scene`` current: the old scene's ``leave``, then the new scene's ``enter``."""
        old, self.scene = self.scene, scene
        if old is not None:
            self._guard(old.leave)
        self._guard(scene.enter)

    def goto(self, name: str, **kwargs: Any) -> Scene:  # each scene's own arguments
        """Switch to a new scene ``name`` made with ``kwargs`` (e.g. ``goto("play", game=g)``);
        returns it. Raises KeyError for an unknown name."""
        scene = self.scenes[name](self, **kwargs)
        self.switch(scene)
        return scene

    def next_seed(self) -> int:
        """The seed for the next puzzle: the one asked for, then the ones after it; else random."""
        if self._seed is None:
            return random.randrange(1 << 31)
        seed, self._seed = self._seed, self._seed + 1
        return seed

    def start_demo(self, level: Level | None = None, quits: bool = False) -> None:
        """Attract mode: the hint engine plays puzzle after puzzle until Esc (``quits``: Esc
        closes the app, as when started with ``run(demo=True)``)."""
        self.demo, self.demo_quits = True, quits
        first = level if level is not None else levels.PLAYABLE_LEVELS[0]
        self.goto("generating", level=first, purpose="demo")

    def end_demo(self) -> None:
        """Leave the demo: back to the menu (the player's own game is untouched), or quit."""
        self.demo = False
        if self.demo_quits:
            self.quit(0)
        else:
            self.goto("menu")

    def quit(self, code: int = 0) -> None:
        """Stop the loop with ``code``; the game in progress is saved (waiting up to 3 s)."""
        self.running = False
        self.exit_code = code
        self.cancel_jobs()
        if not self.profile.close(self.game):
            self.log("the last save is still being written")

    def cancel_jobs(self) -> None:
        """Ask every background job to stop (their late results are dropped)."""
        self.jobs.cancel()
        self.hint_jobs.cancel()

    # --- frame -------------------------------------------------------------------------------

    def frame(self, events: list[pygame.event.Event], dt: float, draw: bool | None = True) -> bool:
        """One frame: each event to the scene, then update by ``dt`` seconds, then draw. With
        ``draw`` None (an idle frame) it draws only when, after the update, the scene is
        ``stale`` or animating. Returns True when it drew."""
        # ``scene`` is set before the first frame (load, then goto): cast, no check per frame
        for event in events:
            if event.type == pygame.QUIT:
                self.quit(0)
                return False
            if self.display.handle(event):
                continue
            self._guard(cast(Scene, self.scene).handle, event)
            if not self.running:
                return False
        self._guard(cast(Scene, self.scene).update, min(dt, MAX_DT))
        for message in self.profile.take_messages():
            self.toast(message)
        if draw is None:
            draw = bool(self.toasts) or cast(Scene, self.scene).stale() or cast(Scene, self.scene).animating()
        if self.running and draw:
            self._guard(cast(Scene, self.scene).draw, self.screen)
            self.toasts.draw(self.screen, self.layout, self.theme, dt)
        # last, so the writer thread turns the save into JSON while the loop waits for the next frame
        self.profile.autosave(self.game)
        sounds = self.upkeep.after_frame(self, dt)
        if sounds is not None:
            self.sounds = sounds
        return bool(draw and self.running)

    def warm_up(self) -> None:
        """Draw a play screen once, off screen, so the first instant game's frame finds its
        text already rendered (the first play frame renders about 70 texts: 40-90 ms)."""
        solution = tuple((row * 3 + row // 3 + col) % 9 + 1 for row in range(9) for col in range(9))
        givens = tuple(v if (cell * 7) % 3 else 0 for cell, v in enumerate(solution))
        game = Game(Puzzle(givens, solution, Level.MEDIUM, "Hidden Single"), clock=self.clock)
        self.scenes["play"](self, game=game).draw(pygame.Surface(self.size))

    def busy_drawing(self, since_input: float) -> bool:
        """True when every frame must be drawn: the scene animates, a message is up, or an
        input came less than ACTIVE_SECONDS ago (a press's flash, a hover). Otherwise the loop
        idles: it waits for events and draws only when the scene is ``stale``."""
        scene = cast(Scene, self.scene)  # set by now
        if self.toasts or scene.animating():
            return True
        return since_input < ACTIVE_SECONDS and not scene.working()

    def loop(self) -> int:
        """Run frames until quit; return the exit code. At FPS while something moves; idle
        (waiting for events, IDLE_POLL_MS at most, drawing only what changed) when nothing
        does, so a still screen costs next to nothing."""
        pacer = FramePacer(FPS)  # flips every 1/FPS s while something moves (game.pacing)
        since_input = 0.0
        last_input = time.monotonic()  # the wall clock: late frames must not stretch the second
        while self.running:
            working = cast(Scene, self.scene).working()  # a search of the scene's own runs
            if self.busy_drawing(since_input):
                dt = pacer.begin()
                events = pygame.event.get()
            else:
                pacer.pause()
                first = pygame.event.wait(WORK_POLL_MS if working else IDLE_POLL_MS)
                events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
                dt = pacer.begin()
            if events:
                last_input = time.monotonic()
            since_input = time.monotonic() - last_input
            eager = since_input < ACTIVE_SECONDS and not working
            if self.frame(events, dt, True if events or eager else None):
                pacer.present(pygame.display.flip)
            else:
                pacer.skip()
        return self.exit_code

    # --- errors ------------------------------------------------------------------------------

    def log(self, message: str) -> None:
        """One line on stderr for whoever runs the game from a terminal."""
        print(f"sudoku: {message}", file=sys.stderr)

    def _guard(self, fn: Callable[..., object], *args: Any) -> None:
        try:
            fn(*args)
        except Exception as exc:
            self.recover(exc)

    def recover(self, exc: Exception) -> None:
        """Log ``exc`` briefly and go back to the menu with a message; quit (code 1) if the
        menu itself fails."""
        frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
        where = f" at {Path(frame.filename).name}:{frame.lineno}" if frame else ""
        self.log(f"{type(exc).__name__}: {exc}{where}; back to the menu")
        self.cancel_jobs()
        if self._failing or getattr(self.scene, "name", None) == "menu":
            self.quit(1)
            return
        self._failing = True
        try:
            self.demo = False
            self.goto("menu", notice="Something went wrong; back to the menu.")
        finally:
            self._failing = False
