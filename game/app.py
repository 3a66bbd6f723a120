"""The application: window, clock, the current scene, and the one method that switches scenes.

Entry points for main.py:
  run(level=None, seed=None, demo=False) -> exit code
  measure_generation_frames(level, seed, max_seconds=30) -> frame times in milliseconds

pygame is initialised and the window opened only inside these functions, never at import time.
No traceback reaches the player: an exception in a scene is logged to stderr in one line and the
game returns to the menu with a message (pyspacewar's UI modes, Solo's midend behind them).
"""

from __future__ import annotations

import random
import sys
import time
import traceback
import warnings
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

import pygame

from game.jobs import JobRunner
from game.layout import DESIGN_H, DESIGN_W, MIN_H, MIN_W, Layout, initial_window_size
from game.scenes import SCENES
from game.scenes.base import Scene
from game.session import Game
from game.theme import Theme
from solver import levels
from solver.levels import Level

WINDOW_SIZE = (DESIGN_W, DESIGN_H)  # the design size; the window opens fitted to the desktop
FPS = 60
MAX_DT = 0.1  # seconds; a longer stall is not replayed as one big jump
CAPTION = "Sudoku - puzzles made on the spot"
# While a worker computes, the UI thread must get the GIL back fast after each frame's waits:
# Python's default 5 ms switch interval costs up to 5 ms per frame (measured ~21 ms frames on
# Hard generation instead of ~17 ms).
SWITCH_INTERVAL = 0.001


class App:
    """Owns the screen surface, the job runners, the running Game and the current scene.

    ``jobs`` runs puzzle generation, ``hint_jobs`` the play screen's hint searches (two runners,
    so neither cancels the other).

    ``screen`` is the display surface (or a plain Surface in tests) of any size; ``frame`` maps
    the screens' 1200x800 design space onto it (game.layout) and follows ``resize``; ``clock`` returns seconds and drives the game timer; ``seed`` makes the first
    puzzle reproducible (later puzzles use seed + 1, seed + 2, ...). ``scenes`` maps scene
    names to scene factories (default: game.scenes.SCENES); scenes ask for the next one by
    name through ``goto``, so they never import each other.
    """

    def __init__(self, screen: pygame.Surface, *, seed: int | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 scenes: dict[str, Callable[..., Scene]] | None = None):
        self.screen = screen
        self.size = screen.get_size()
        self.layout = Layout.fit(self.size)
        self.theme = Theme()
        self.jobs = JobRunner()
        self.hint_jobs = JobRunner()
        self.clock = clock
        self.game: Game | None = None
        self.scene: Scene | None = None
        self.scenes = dict(SCENES if scenes is None else scenes)
        self.running = True
        self.exit_code = 0
        self.demo = False
        self.demo_quits = False
        self.last_generated = None
        self._seed = seed
        self._failing = False

    # --- scenes ------------------------------------------------------------------------------

    def switch(self, scene: Scene) -> None:
        """Make ``scene`` current: the old scene's ``leave``, then the new scene's ``enter``."""
        old, self.scene = self.scene, scene
        if old is not None:
            self._guard(old.leave)
        self._guard(scene.enter)

    def goto(self, name: str, **kwargs) -> Scene:
        """Switch to a new scene ``name`` made with ``kwargs`` (e.g. ``goto("play", game=g)``);
        returns it. Raises KeyError for an unknown name."""
        scene = self.scenes[name](self, **kwargs)
        self.switch(scene)
        return scene

    def resize(self, screen: pygame.Surface) -> None:
        """The window changed size: lay every screen out again on ``screen`` (the new display
        surface, or a plain Surface in tests)."""
        self.screen = screen
        self.size = screen.get_size()
        self.layout = Layout.fit(self.size)
        if self.scene is not None:
            self._guard(self.scene.resize)

    def _window_event(self, event: pygame.event.Event) -> bool:
        """Resizing and full screen (F11); True when ``event`` was one of them."""
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surface = pygame.display.get_surface()
            if surface is not None and surface.get_size() != self.size:
                self.resize(surface)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            if pygame.display.get_surface() is not None:
                try:
                    pygame.display.toggle_fullscreen()
                except pygame.error as exc:
                    self.log(f"full screen is not available: {exc}")
                surface = pygame.display.get_surface()
                if surface is not None and surface.get_size() != self.size:
                    self.resize(surface)
            return True
        return False

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
        self.running = False
        self.exit_code = code
        self.cancel_jobs()

    def cancel_jobs(self) -> None:
        """Ask every background job to stop (their late results are dropped)."""
        self.jobs.cancel()
        self.hint_jobs.cancel()

    # --- frame -------------------------------------------------------------------------------

    def frame(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: each event to the scene, then update by ``dt`` seconds, then draw."""
        for event in events:
            if event.type == pygame.QUIT:
                self.quit(0)
                return
            if self._window_event(event):
                continue
            self._guard(self.scene.handle, event)
            if not self.running:
                return
        self._guard(self.scene.update, min(dt, MAX_DT))
        if self.running:
            self._guard(self.scene.draw, self.screen)

    def loop(self) -> int:
        """Run frames until quit; return the exit code."""
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(FPS) / 1000.0
            self.layout(pygame.event.get(), dt)
            pygame.display.flip()
        return self.exit_code

    # --- errors ------------------------------------------------------------------------------

    def log(self, message: str) -> None:
        """One line on stderr for whoever runs the game from a terminal."""
        print(f"sudoku: {message}", file=sys.stderr)

    def _guard(self, fn: Callable, *args) -> None:
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


@contextmanager
def _responsive_threads():
    """Use SWITCH_INTERVAL for the app's lifetime, then restore the interpreter's setting."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def _init_pygame() -> None:
    """Only what the game uses: display and fonts (no audio, so no sound-card warnings)."""
    pygame.display.init()
    pygame.font.init()


def _icon() -> pygame.Surface:
    """A 32x32 window icon drawn here: a neon 3x3 box with three lit cells."""
    from game import theme as th

    icon = pygame.Surface((32, 32))
    icon.fill(th.BOARD_BG)
    for i in (1, 2):
        pygame.draw.line(icon, th.GRID_BOX, (i * 32 // 3, 2), (i * 32 // 3, 29))
        pygame.draw.line(icon, th.GRID_BOX, (2, i * 32 // 3), (29, i * 32 // 3))
    pygame.draw.rect(icon, th.ACCENT, icon.get_rect(), 2)
    pygame.draw.rect(icon, th.SELECTED, (11, 11, 10, 10))
    for cell, colour in ((0, th.GIVEN), (4, th.ACCENT_2), (8, th.ACCENT_3)):
        row, col = divmod(cell, 3)
        pygame.draw.circle(icon, colour, (col * 32 // 3 + 5, row * 32 // 3 + 5), 3)
    return icon


def _open_window() -> pygame.Surface:
    """The window: resizable, at the design size fitted to the desktop (never larger than the
    screen; at least 800x600 where the screen allows)."""
    pygame.display.set_caption(CAPTION)
    pygame.display.set_icon(_icon())
    desktops = pygame.display.get_desktop_sizes() if hasattr(pygame.display, "get_desktop_sizes") else []
    size = initial_window_size(desktops[0] if desktops else None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error:
            surface = pygame.display.set_mode(size)
    try:  # pygame-ce's Window API; the window never shrinks below the smallest layout
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # from_display_module, kept for this
            pygame.Window.from_display_module().minimum_size = (min(MIN_W, size[0]), min(MIN_H, size[1]))
    except (AttributeError, pygame.error):
        pass
    return surface


def run(level: Level | None = None, seed: int | None = None, demo: bool = False) -> int:
    """Open the window and play; return the exit code (0 normal quit, 1 failure).

    ``level`` skips the menu and starts making a puzzle of that level; ``seed`` makes the first
    puzzle reproducible; ``demo`` starts the attract mode (Esc or closing the window quits).
    """
    try:
        _init_pygame()
        screen = _open_window()
    except pygame.error as exc:
        print(f"sudoku: cannot open a window: {exc}", file=sys.stderr)
        return 1
    app = App(screen, seed=seed)
    try:
        with _responsive_threads():
            if demo:
                app.start_demo(level, quits=True)
            elif level is not None:
                app.goto("generating", level=level, purpose="new")
            else:
                app.goto("menu")
            return app.loop()
    except KeyboardInterrupt:
        return 130
    finally:
        app.cancel_jobs()
        pygame.quit()


def measure_generation_frames(level: Level, seed: int, max_seconds: float = 30) -> list[float]:
    """Open the app, make one puzzle of ``level`` from ``seed``, and time the frames meanwhile.

    Returns the interval between consecutive drawn frames, in milliseconds, for every frame
    drawn while the worker ran (the loop is capped at FPS, so ~16.7 ms is the floor when the
    frame's work fits). Stops after ``max_seconds`` (cancelling the worker). Uses whatever SDL
    video driver is set (``SDL_VIDEODRIVER=dummy`` for a headless run).
    """
    _init_pygame()
    try:
        with _responsive_threads():
            return _measure(level, seed, max_seconds)
    finally:
        pygame.quit()


def _measure(level: Level, seed: int, max_seconds: float) -> list[float]:
    app = App(_open_window(), seed=seed)
    app.goto("generating", level=level, purpose="measure")  # warms the caches, then submits
    clock = pygame.time.Clock()
    times: list[float] = []
    start = last = time.perf_counter()
    try:
        while app.jobs.busy and app.running:
            dt = clock.tick(FPS) / 1000.0
            app.frame(pygame.event.get(), dt)
            pygame.display.flip()
            now = time.perf_counter()
            times.append((now - last) * 1000.0)
            last = now
            if now - start > max_seconds:
                break
    finally:
        app.jobs.cancel()
    return times
