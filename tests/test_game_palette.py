"""The palette is a value the theme holds (issue 15 item 5): ``Theme.set_palette`` swaps it,
and what is drawn afterwards takes its colours from it."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import get_args

import pygame
import pytest

from game import settings
from game import theme as th
from game.widgets import Button
from solver.levels import Level
from tests.gameplay import FRAME, play

HIGH = th.PALETTES["high-contrast"]
BLIND = th.PALETTES["colour-blind"]


@pytest.fixture
def theme(screen):
    return th.Theme()


def test_every_palette_has_a_name_the_settings_accept():
    assert tuple(th.PALETTES) == th.PALETTE_NAMES == settings.PALETTES
    assert th.PALETTES["standard"] is th.STANDARD


def test_the_roles_are_the_palettes_single_colours():
    single = {field.name for field in fields(th.Palette)} - {"cell_colours"}
    assert set(get_args(th.Role)) == single
    assert th.STANDARD.colour("accent_3") == th.STANDARD.accent_3
    assert th.PALETTES["colour-blind"].colour("good") == (86, 180, 233)
    assert th.STANDARD.colour((1, 2, 3)) == (1, 2, 3)


def test_set_palette_swaps_the_colours_and_draws_the_backdrop_again(theme):
    top = theme.background((200, 100)).get_at((100, 1))[:3]
    assert top == th.STANDARD.bg_top
    theme.set_palette("high-contrast")
    assert theme.palette is th.PALETTES["high-contrast"]
    assert theme.background((200, 100)).get_at((100, 1))[:3] == (0, 0, 0)
    theme.set_palette(th.STANDARD)
    assert theme.palette is th.STANDARD and theme.background((200, 100)).get_at((100, 1))[:3] == top


def test_set_palette_forgets_cached_pictures(theme):
    made = []

    def make():
        made.append(1)
        return pygame.Surface((2, 2))

    theme.picture(("halo",), make)
    theme.picture(("halo",), make)
    theme.set_palette("colour-blind")
    theme.picture(("halo",), make)
    assert len(made) == 2


def test_an_unknown_palette_name_is_refused(theme):
    with pytest.raises(KeyError):
        theme.set_palette("neon")
    assert theme.palette is th.STANDARD


def use(app, name: str) -> None:
    """Pick palette ``name`` in the settings, as the settings screen does."""
    app.apply_settings(replace(app.settings, palette=name))


# --- what used to keep the standard colours: defaults bound when game.theme was imported ---------


def test_a_panel_drawn_with_defaults_takes_the_palettes_fill_and_edge(theme):
    surface = pygame.Surface((100, 60))
    th.draw_panel(surface, pygame.Rect(10, 10, 80, 40), HIGH)
    assert surface.get_at((50, 30))[:3] == HIGH.panel
    assert surface.get_at((50, 10))[:3] == HIGH.panel_edge == (255, 255, 255)
    th.draw_panel(surface, pygame.Rect(10, 10, 80, 40), th.STANDARD)
    assert surface.get_at((50, 30))[:3] == th.STANDARD.panel
    assert surface.get_at((50, 10))[:3] == th.STANDARD.panel_edge


def test_fit_text_writes_in_the_palettes_text_colour(theme):
    theme.set_palette(replace(th.STANDARD, text=(250, 20, 20)))
    (line,) = th.fit_text(theme, "HELLO", 300, (30,))
    colours = {line.get_at((x, y))[:3] for x in range(line.get_width()) for y in range(line.get_height())}
    assert (250, 20, 20) in colours and th.STANDARD.text not in colours


def test_a_buttons_default_colour_follows_the_palette(theme):
    lime = replace(th.STANDARD, accent_3=(10, 250, 10))
    button = Button(pygame.Rect(10, 10, 120, 50), "Go", "go")
    surface = pygame.Surface((140, 70))
    button.draw(surface, theme, focused=True)  # a focused button's edge is its colour
    assert surface.get_at((70, 10))[:3] == th.STANDARD.accent_3
    theme.set_palette(lime)
    button.draw(surface, theme, focused=True)
    assert surface.get_at((70, 10))[:3] == (10, 250, 10)
    button.colour = (176, 120, 255)  # a fixed colour stays
    button.draw(surface, theme, focused=True)
    assert surface.get_at((70, 10))[:3] == (176, 120, 255)


def test_the_level_buttons_take_the_palettes_colours(app, screen):
    use(app, "colour-blind")
    scene = app.goto("difficulty")
    scene.menu.focus_on(Level.EASY)
    app.frame([], FRAME)
    easy = next(button for button in scene.menu.buttons if button.action == Level.EASY)
    assert screen.get_at((easy.rect.centerx, easy.rect.top))[:3] == BLIND.good != th.STANDARD.good


def test_the_play_screens_keys_panel_is_edged_in_the_palettes_colours(app, screen):
    scene = play(app)
    use(app, "high-contrast")
    app.frame([], FRAME)
    panel = app.scene.panel.current
    assert app.scene is scene and app.scene.panel.shown.title == "KEYS"
    assert screen.get_at((panel.centerx, panel.top))[:3] == HIGH.panel_edge
    assert screen.get_at((panel.centerx, panel.bottom - 3))[:3] == HIGH.panel


def test_the_toast_and_the_backdrop_follow_the_palette(app, screen):
    app.goto("menu")
    use(app, "high-contrast")
    app.toast("A message")
    app.frame([], FRAME)
    assert screen.get_at((3, 1))[:3] == HIGH.bg_top
    bottom = screen.get_height() - app.layout.px(12) - 3  # inside the toast panel's lower edge
    assert screen.get_at((screen.get_width() // 2, bottom))[:3] == HIGH.panel
    assert screen.get_at((screen.get_width() // 2, bottom + 2))[:3] == HIGH.accent_2


def test_the_win_screens_confetti_takes_the_palettes_colours(app, screen):
    from game.scenes.win import WinScene
    from game.session import Game
    from tests.gameplay import SOLUTION, almost_solved

    use(app, "colour-blind")
    game = Game(almost_solved(0), clock=app.clock)
    game.select([0])
    game.input_digit(int(SOLUTION[0]), "normal")
    app.switch(WinScene(app, game))
    for _ in range(60):  # the confetti falls into the window
        app.frame([], FRAME)

    def count(colour):
        return pygame.mask.from_threshold(screen, colour, (1, 1, 1, 255)).count()

    assert count(BLIND.good) > 50 and count(th.STANDARD.good) == 0
