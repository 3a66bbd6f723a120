"""The window as the app sees it: the display surface, the layout that maps the 1200x800 design
onto it, resizing, and full screen (F11). The window itself is opened by game.window.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from game.layout import Layout

SETTLE_SECONDS = 1.0  # after F11, focus lost and regained is the window system's doing
WAKE = pygame.event.custom_type()
"""The event a worker thread posts when its job has ended (``wake_loop``): the frame loop, which
waits for events while a search runs (``Scene.working``), wakes at once to show the result."""


def wake_loop() -> None:
    """Post ``WAKE`` (from any thread: pygame 2's event queue takes posts from threads); nothing
    when pygame's event system is not running (tests without a display, shutdown)."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:
        pass


class Display:
    """``screen`` (the display surface, or a plain Surface in tests), its ``size`` and its
    ``layout``. ``on_resize()`` is called after the surface changed size (the app lays its
    screen out again); ``log`` takes one-line messages for the terminal."""

    def __init__(self, screen: pygame.Surface, on_resize: Callable[[], None], log: Callable[[str], None]) -> None:
        self.on_resize = on_resize
        self.log = log
        self.settling_until = 0.0  # until then focus changes are the window system's (F11)
        self._windowed_size: tuple[int, int] | None = None  # the window's size before full screen
        self.set_screen(screen)

    def set_screen(self, screen: pygame.Surface) -> None:
        """Draw on ``screen`` from now on and fit the layout to it (``on_resize`` is not called)."""
        self.screen = screen
        self.size: tuple[int, int] = screen.get_size()
        self.layout = Layout.fit(self.size)

    def resize(self, screen: pygame.Surface) -> None:
        """The window changed size: ``screen`` is the new surface; ``on_resize`` follows."""
        self.set_screen(screen)
        self.on_resize()

    def handle(self, event: pygame.event.Event) -> bool:
        """Resizing and full screen (F11), and a worker's ``WAKE``; True when ``event`` was one
        of them."""
        if event.type == WAKE:
            return True  # it woke the loop, which polls the job's messages this frame
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._follow_surface()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            if pygame.display.get_surface() is not None:
                self.toggle_full_screen()
            return True
        return False

    def toggle_full_screen(self) -> None:
        """F11: full screen and back. The window the player had comes back at its size, and the
        focus the window loses and regains meanwhile does not pause the game (``settling``)."""
        self.settling_until = time.monotonic() + SETTLE_SECONDS
        leaving = bool(getattr(pygame.display, "is_fullscreen", lambda: False)())
        if not leaving:
            self._windowed_size = self.size
        try:
            pygame.display.toggle_fullscreen()
            if leaving and self._windowed_size is not None:
                pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        except pygame.error as exc:
            self.log(f"full screen is not available: {exc}")
        self._follow_surface()

    def settling(self) -> bool:
        """True for a moment after F11, while the window system moves the focus about."""
        return time.monotonic() < self.settling_until

    def _follow_surface(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() != self.size:
            self.resize(surface)
