"""The scene protocol: ``enter`` / ``leave`` around its time on screen, then per frame
``handle`` each event, ``update`` by the elapsed seconds, and ``draw`` (which only reads)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import theme as th

if TYPE_CHECKING:
    from game.host import Host
    from game.layout import Layout
    from game.widgets import ButtonList


class Scene:
    """Base scene; App.switch calls ``leave`` on the old scene, then ``enter`` on the new one.

    ``app`` is the game.app.App that shows the scene; a scene asks it for the next scene by name
    (``app.goto("menu")``) and never imports another scene.
    """

    name = "scene"

    def __init__(self, app: Host) -> None:
        self.app = app
        self.theme = app.theme

    def enter(self) -> None:
        """Called when the scene becomes current."""

    def leave(self) -> None:
        """Called when another scene replaces this one."""

    def resize(self) -> None:
        """The window changed size (``self.layout`` is new): lay the screen out again."""

    @property
    def layout(self) -> Layout:
        """The app's ``game.layout.Layout``: design pixels to window pixels."""
        return self.app.layout

    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event."""

    def update(self, dt: float) -> None:
        """Advance animations and poll background work; ``dt`` in seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole screen; never changes the model."""

    def animating(self) -> bool:
        """True while something on screen moves by itself, so every frame is drawn. When False
        (and no input came lately) the app waits for events and draws only when ``stale``.
        A scene that does not say otherwise animates."""
        return True

    def stale(self) -> bool:
        """True when the screen must be drawn again although nothing moves (a clock that shows
        a new second). Asked only while the scene is not animating."""
        return False

    def working(self) -> bool:
        """True while a search of the scene's own runs on a thread of the game's process (the
        play screen's hint or solution path): the app then yields the processor to it, polling
        every ``WORK_POLL_MS`` and drawing only what changed, even right after an input. Asked
        only while the scene is not animating."""
        return False

    # --- shared drawing ---------------------------------------------------------------------

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.blit(self.theme.background(surface.get_size()), (0, 0))

    def draw_title(
        self,
        surface: pygame.Surface,
        text: str,
        y: int,
        size: int = 120,
        glow: th.RGB | None = None,
    ) -> None:
        """``text`` as a glowing title centred at design height ``y``, ``size`` design pixels,
        with a halo in ``glow`` (None: the palette's accent)."""
        layout = self.layout
        glow = self.theme.palette.accent if glow is None else glow
        title = self.theme.glow_text(text, layout.font(size), (255, 236, 250), glow, radius=layout.px(12))
        surface.blit(title, title.get_rect(center=(layout.centre_x, layout.y(y))))

    def draw_footer(self, surface: pygame.Surface, text: str) -> None:
        """One dim line of key help at the bottom of the window."""
        layout = self.layout
        footer = self.theme.text(text, layout.font(22), self.theme.palette.text_dim)
        surface.blit(footer, footer.get_rect(center=(layout.centre_x, layout.height - layout.px(34))))


class ListScene(Scene):
    """A scene driven by a ButtonList ``self.menu``: Esc calls ``escape``, a fired button calls
    ``activate`` with its action."""

    menu: ButtonList  # set by each subclass's __init__

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.escape()
            return
        action = self.menu.handle(event)
        if action is not None:
            self.activate(action)

    def escape(self) -> None:
        """Esc was pressed."""

    def activate(self, action: Any) -> None:  # a button's action: each scene's own kind
        """A button fired."""

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def animating(self) -> bool:
        """A list of buttons holds still between inputs (a press's flash runs in the app's
        active second after the input)."""
        return False


class BackListScene(ListScene):
    """A list screen the menu opens, with a Back button (action ``"back"``): Esc and Back return
    to the menu; any other button's action goes to ``choose``."""

    def escape(self) -> None:
        self.activate("back")

    def activate(self, action: Any) -> None:
        if action == "back":
            self.app.goto("menu")
        else:
            self.choose(action)

    def choose(self, action: Any) -> None:
        """A button other than Back fired."""
