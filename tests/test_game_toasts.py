"""Messages for the player (game.toasts): one at a time, oldest first, each for TOAST_SECONDS,
logged when they arrive, drawn at the bottom of the window."""

from __future__ import annotations

import pygame

from game.layout import Layout
from game.theme import Theme
from game.toasts import MAX_DT, TOAST_SECONDS, Toasts


def test_messages_show_one_at_a_time_oldest_first_and_are_logged_at_once(screen):
    logged: list[str] = []
    toasts = Toasts(logged.append)
    toasts.add("first")
    toasts.add("second")
    assert logged == ["first", "second"] and [m for m, _ in toasts] == ["first", "second"]
    surface = pygame.Surface((1200, 800))
    layout, theme = Layout.fit(surface.get_size()), Theme()
    steps = round(TOAST_SECONDS / MAX_DT)
    for _ in range(steps - 1):
        toasts.draw(surface, layout, theme, MAX_DT)
    assert [m for m, _ in toasts] == ["first", "second"]  # still up, a frame short of its time
    toasts.draw(surface, layout, theme, MAX_DT)
    toasts.draw(surface, layout, theme, MAX_DT)
    assert [m for m, _ in toasts] == ["second"]
    toasts.draw(surface, layout, theme, TOAST_SECONDS - 1)  # a long stall counts as MAX_DT
    for _ in range(steps // 2):
        toasts.draw(surface, layout, theme, MAX_DT)
    assert [m for m, _ in toasts] == ["second"]
    for _ in range(steps // 2):
        toasts.draw(surface, layout, theme, MAX_DT)
    assert not toasts


def test_a_message_is_drawn_in_a_panel_at_the_bottom_of_the_window(screen):
    toasts = Toasts(lambda message: None)
    toasts.add("The bank could not be read.")
    surface = pygame.Surface((1200, 800))
    surface.fill((0, 0, 0))
    toasts.draw(surface, Layout.fit(surface.get_size()), Theme(), 0.016)
    drawn = [y for y in range(0, 800, 4) if surface.get_at((600, y))[:3] != (0, 0, 0)]
    assert drawn and min(drawn) > 650  # only near the bottom edge
