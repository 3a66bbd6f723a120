"""The palette is a value the theme holds (issue 15 item 5): ``Theme.set_palette`` swaps it,
and what is drawn afterwards takes its colours from it."""

from __future__ import annotations

from dataclasses import fields
from typing import get_args

import pygame
import pytest

from game import settings
from game import theme as th


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
