"""The window and the ways in: opening a resizable window fitted to the desktop, the window icon,
``run`` (the game, from main.py); the benchmark's measurements are in game.measure.

pygame is initialised and the window opened only inside these functions, never at import time.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

import pygame

from game.app import CAPTION, App
from game.layout import MIN_H, MIN_W, initial_window_size
from game.made import MadePuzzle
from game.worker_process import ProcessJobRunner
from solver.levels import Level

# While a worker computes, the UI thread must get the GIL back fast after each frame's waits:
# Python's default 5 ms switch interval costs up to 5 ms per frame (measured ~21 ms frames on
# Hard generation instead of ~17 ms).
SWITCH_INTERVAL = 0.001


@contextmanager
def _responsive_threads() -> Iterator[None]:
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
    """A 32x32 window icon drawn here: a neon 3x3 box with three lit cells, in the standard
    palette's colours (the window opens before the settings are read)."""
    from game import theme as th

    palette = th.STANDARD
    icon = pygame.Surface((32, 32))
    icon.fill(palette.board_bg)
    for i in (1, 2):
        pygame.draw.line(icon, palette.grid_box, (i * 32 // 3, 2), (i * 32 // 3, 29))
        pygame.draw.line(icon, palette.grid_box, (2, i * 32 // 3), (29, i * 32 // 3))
    pygame.draw.rect(icon, palette.accent, icon.get_rect(), 2)
    pygame.draw.rect(icon, palette.selected, (11, 11, 10, 10))
    for cell, colour in ((0, palette.given), (4, palette.accent_2), (8, palette.accent_3)):
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


NO_DISPLAY = (
    "no display to open the game's window on: run it in a desktop session "
    "(on Linux, DISPLAY or WAYLAND_DISPLAY must be set)"
)


def display_problem(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str | None:
    """Why no window can be shown, or None: on Linux and the BSDs a desktop session sets DISPLAY
    or WAYLAND_DISPLAY; without them (and without an SDL video driver chosen on purpose, such
    as the tests' dummy driver) SDL would fall back to an invisible offscreen window."""
    if environ.get("SDL_VIDEODRIVER"):
        return None
    if platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        if not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
            return NO_DISPLAY
    return None


INVISIBLE_DRIVERS = frozenset({"offscreen", "dummy"})
"""SDL's video drivers that show nothing: chosen on purpose (SDL_VIDEODRIVER) they draw
headless; chosen by SDL itself they mean the desktop could not be reached."""


def fallback_problem(driver: str, environ: Mapping[str, str] = os.environ) -> str | None:
    """Why the window SDL opened cannot be seen, or None: ``driver`` is the video driver SDL
    settled on (``pygame.display.get_driver()``). When DISPLAY or WAYLAND_DISPLAY names a
    desktop that does not answer (a closed X server, an SSH session's dead forwarding), SDL
    falls back to its offscreen driver without an error; the game would then run unseen,
    holding the saved game so that the next window saves nothing."""
    if environ.get("SDL_VIDEODRIVER") or driver.lower() not in INVISIBLE_DRIVERS:
        return None
    named = [f"{name}={environ[name]}" for name in ("DISPLAY", "WAYLAND_DISPLAY") if environ.get(name)]
    where = " or ".join(named) if named else "the desktop"
    return f"cannot reach {where}: no window could be opened there (is the desktop session still running?)"


def run(
    level: Level | None = None, seed: int | None = None, demo: bool = False, puzzle: MadePuzzle | None = None
) -> int:
    """Open the window and play; return the exit code (0 normal quit, 1 failure).

    ``level`` skips the menu and starts making a puzzle of that level; ``seed`` makes the first
    puzzle reproducible; ``demo`` starts the attract mode (Esc or closing the window quits);
    ``puzzle`` (checked by ``game.tools.import_puzzle``) is played at once, graded meanwhile. The
    player's saved game, settings and statistics are read first (a bad file is set aside with
    a message on screen).
    """
    problem = display_problem()
    if problem is not None:
        print(f"sudoku: {problem}", file=sys.stderr)
        return 1
    try:
        _init_pygame()
        problem = fallback_problem(pygame.display.get_driver())
        if problem is not None:
            pygame.quit()
            print(f"sudoku: {problem}", file=sys.stderr)
            return 1
        screen = _open_window()
    except pygame.error as exc:
        print(f"sudoku: cannot open a window: {exc}", file=sys.stderr)
        return 1
    runner = ProcessJobRunner()
    runner.start()  # ready by the time the player picks a level
    app = App(screen, seed=seed, jobs=runner)
    try:
        with _responsive_threads():
            app.load_profile()
            if demo:
                app.start_demo(level, quits=True)
            elif puzzle is not None:
                app.play_imported(puzzle)
            elif level is not None:
                app.new_game(level)
            else:
                app.goto("menu")
            return app.loop()
    except KeyboardInterrupt:  # Ctrl+C in the terminal: saved as closing the window saves
        app.quit(130)
        return 130
    finally:
        app.cancel_jobs()
        runner.close()
        pygame.quit()
