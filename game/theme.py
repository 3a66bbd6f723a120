"""The look: the palettes (a dark arcade one and two for accessibility), fonts, and caches for
everything that is drawn the same way every frame (text surfaces, glows, the background).
Rendering text is the costly part of a frame, so nothing here renders the same string twice.
A Theme holds the palette it draws with; drawing code takes its colours from there.

Only the UI thread uses this module (pygame's font functions are not thread-safe).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import pygame

# --- palettes: the settings' choice of colours -------------------------------------------------

RGB = tuple[int, int, int]

# A colour named by its place in the palette (a Palette field), resolved when drawn: what a
# widget keeps when it is made before the palette it is drawn with is known (game.widgets.Button).
Role = Literal[
    "bg_top",
    "bg_bottom",
    "panel",
    "panel_edge",
    "board_bg",
    "grid_thin",
    "grid_box",
    "board_glow",
    "text",
    "text_dim",
    "given",
    "entry",
    "mark",
    "conflict",
    "good",
    "accent",
    "accent_2",
    "accent_3",
    "selected",
    "select_edge",
    "peer",
    "same_digit",
    "hint_house",
    "hint_edge",
    "wrong_edge",
    "filter",
]


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours of one look, each an RGB tuple; a Theme draws with one (``Theme.palette``).

    The screen: ``bg_top`` and ``bg_bottom`` (the backdrop's gradient), ``panel`` and
    ``panel_edge`` (panels and buttons). The board: ``board_bg``, ``grid_thin`` and ``grid_box``
    (cell and box lines), ``board_glow`` (its halo). Text and digits: ``text``, ``text_dim``,
    ``given``, ``entry`` (the player's digits), ``mark`` (pencil marks). Signals: ``conflict``
    (a mistake) and ``good``. Accents: ``accent`` (magenta), ``accent_2`` (yellow) and ``accent_3``
    (cyan). Cell fills and outlines: ``selected`` and ``select_edge``, ``peer``, ``same_digit``,
    ``hint_house``, ``hint_edge`` and ``wrong_edge``. ``filter``: the digit filter's marks, and
    its tint of the cells where the digit can go (game.board.FILTER_TINT). ``cell_colours``: Colour mode's nine, in
    COLOUR_NAMES' order.
    """

    bg_top: RGB
    bg_bottom: RGB
    panel: RGB
    panel_edge: RGB
    board_bg: RGB
    grid_thin: RGB
    grid_box: RGB
    board_glow: RGB
    text: RGB
    text_dim: RGB
    given: RGB
    entry: RGB
    mark: RGB
    conflict: RGB
    good: RGB
    accent: RGB
    accent_2: RGB
    accent_3: RGB
    selected: RGB
    select_edge: RGB
    peer: RGB
    same_digit: RGB
    hint_house: RGB
    hint_edge: RGB
    wrong_edge: RGB
    filter: RGB
    cell_colours: tuple[RGB, RGB, RGB, RGB, RGB, RGB, RGB, RGB, RGB]

    def colour(self, colour: Role | RGB) -> RGB:
        """The colour of role ``colour`` (a field's name, such as "accent_3") in this palette;
        an RGB tuple is its own colour."""
        if isinstance(colour, tuple):
            return colour
        rgb: RGB = getattr(self, colour)
        return rgb


STANDARD = Palette(
    bg_top=(12, 10, 30),
    bg_bottom=(4, 14, 28),
    panel=(20, 22, 48),
    panel_edge=(58, 64, 120),
    board_bg=(17, 20, 42),
    grid_thin=(46, 54, 96),
    grid_box=(124, 140, 230),
    board_glow=(60, 190, 255),
    text=(226, 230, 255),
    text_dim=(128, 136, 184),
    given=(242, 244, 255),
    entry=(72, 208, 255),
    mark=(120, 196, 255),
    conflict=(255, 72, 104),
    good=(92, 240, 150),
    accent=(255, 64, 196),  # magenta
    accent_2=(255, 214, 72),  # yellow
    accent_3=(72, 220, 255),  # cyan
    selected=(92, 58, 150),
    select_edge=(255, 214, 72),
    peer=(27, 33, 66),
    same_digit=(40, 84, 112),
    hint_house=(66, 52, 26),
    hint_edge=(255, 178, 64),
    wrong_edge=(255, 72, 104),
    filter=(150, 255, 80),  # lime: apart from the hint's orange, the same digit's blue, the selection's violet
    # The 9 cell colours of Colour mode, in SudokuPad's order (grey, dark grey, black, pink, red,
    # orange, yellow, green, blue), brightened where the original vanishes on a dark board: over
    # the board (CELL_COLOUR_ALPHA) each reaches 3:1 contrast with the board, WCAG's rule for what
    # is not text, in every palette, and none comes near the selection's fill
    # (tests/test_game_colours.py).
    cell_colours=(
        (150, 156, 176),
        (118, 123, 141),
        (156, 100, 236),
        (240, 96, 196),
        (236, 72, 72),
        (246, 150, 52),
        (250, 226, 60),
        (72, 204, 112),
        (64, 144, 246),
    ),
)

PALETTE_NAMES = ("standard", "colour-blind", "high-contrast")
PALETTES: dict[str, Palette] = {
    "standard": STANDARD,
    # Okabe and Ito's colour-blind-safe set: no red against green anywhere (mistakes vermillion,
    # good news sky blue), and cell colours that stay apart under every common colour blindness.
    "colour-blind": replace(
        STANDARD,
        conflict=(230, 97, 0),
        wrong_edge=(230, 97, 0),
        good=(86, 180, 233),
        entry=(86, 180, 233),
        hint_edge=(240, 228, 66),
        select_edge=(240, 228, 66),
        cell_colours=(  # Okabe and Ito's, dark grey and blue lightened to reach 3:1
            (153, 153, 153),
            (125, 125, 125),
            (204, 121, 167),
            (236, 190, 214),
            (213, 94, 0),
            (230, 159, 0),
            (240, 228, 66),
            (0, 158, 115),
            (31, 131, 187),
        ),
    ),
    # Black and white with one bright accent for the player's digits; strong grid lines.
    "high-contrast": replace(
        STANDARD,
        bg_top=(0, 0, 0),
        bg_bottom=(0, 0, 0),
        panel=(0, 0, 0),
        panel_edge=(255, 255, 255),
        board_bg=(0, 0, 0),
        grid_thin=(170, 170, 170),
        grid_box=(255, 255, 255),
        board_glow=(255, 255, 255),
        text=(255, 255, 255),
        text_dim=(215, 215, 215),
        given=(255, 255, 255),
        entry=(255, 221, 0),
        mark=(190, 215, 255),
        peer=(38, 38, 52),
        same_digit=(0, 74, 128),
        selected=(0, 92, 200),
        select_edge=(255, 221, 0),
        hint_house=(70, 52, 0),
    ),
}

# --- the same in every palette -----------------------------------------------------------------

CELL_COLOUR_ALPHA = 0.8  # how much of a cell colour shows over the board
COLOUR_NAMES = ("grey", "dark grey", "violet", "pink", "red", "orange", "yellow", "green", "blue")

FONT_SCALE = 1.0  # pygame's bundled font; sizes are pixel sizes passed to pygame.font.Font


def blend(base: tuple[int, int, int], over: tuple[int, int, int], alpha: float) -> tuple[int, int, int]:
    """``over`` laid on ``base`` with opacity ``alpha`` (0..1)."""
    return tuple(round(b + (o - b) * alpha) for b, o in zip(base, over))  # type: ignore[return-value]


class Theme:
    """The palette drawn with, fonts and cached surfaces. Create after ``pygame.init()``; use
    from the UI thread only."""

    MAX_TEXTS = 4096
    MAX_BACKGROUNDS = 2  # window sizes whose backdrop is kept (a resize makes a new one)

    def __init__(self, palette: Palette = STANDARD) -> None:
        self.palette = palette  # the colours drawn with
        self._fonts: dict[int, pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}
        self._glows: dict[tuple[object, ...], pygame.Surface] = {}
        self._backgrounds: dict[tuple[int, int], pygame.Surface] = {}

    def set_palette(self, palette: str | Palette) -> None:
        """Draw with ``palette`` from now on: a Palette or a name in PALETTES (KeyError for
        another name). Every cached text, picture and background is forgotten; views that
        pre-render with the palette's colours (the board's grid lines) are made again by each
        scene's ``resize``."""
        self.palette = PALETTES[palette] if isinstance(palette, str) else palette
        self._texts.clear()
        self._glows.clear()
        self._backgrounds.clear()

    def font(self, size: int) -> pygame.font.Font:
        """pygame's bundled bold sans (freesansbold) at ``size`` pixels; the same on every OS."""
        font = self._fonts.get(size)
        if font is None:
            font = pygame.font.Font(None, round(size * FONT_SCALE))
            self._fonts[size] = font
        return font

    def text(self, text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
        """A cached antialiased text surface."""
        key = (text, size, colour)
        surface = self._texts.get(key)
        if surface is None:
            if len(self._texts) > self.MAX_TEXTS:
                self._texts.clear()
            surface = self.font(size).render(text, True, colour)
            self._texts[key] = surface
        return surface

    def picture(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A cached picture: ``make()`` the first time ``key`` is asked for (until ``set_palette``);
        ``key`` must name everything the picture depends on (sizes, colours)."""
        surface = self._glows.get(key)
        if surface is None:
            surface = self._glows[key] = make()
        return surface

    def spaced_text(self, text: str, size: int, colour: tuple[int, int, int], spacing: float = 0.04) -> pygame.Surface:
        """Display text set letter by letter with even gaps (the bundled font has no kerning,
        so large titles look uneven otherwise); not cached, callers cache the result."""
        font = self.font(size)
        glyphs = [font.render(ch, True, colour) for ch in text]
        gap = round(size * spacing)
        widths = [font.size(ch)[0] if ch != " " else size // 3 for ch in text]
        surface = pygame.Surface((sum(widths) + gap * (len(text) - 1), font.get_height()), pygame.SRCALPHA)
        x = 0
        for glyph, width in zip(glyphs, widths):
            surface.blit(glyph, (x, 0))
            x += width + gap
        return surface

    def glow_text(
        self,
        text: str,
        size: int,
        colour: tuple[int, int, int],
        glow: tuple[int, int, int],
        radius: int = 10,
    ) -> pygame.Surface:
        """Text with a soft neon halo (a blurred copy underneath); cached."""
        key = (text, size, colour, glow, radius)
        surface = self._glows.get(key)
        if surface is None:
            core = self.spaced_text(text, size, colour)
            halo_src = self.spaced_text(text, size, glow)
            pad = radius * 2
            surface = pygame.Surface((core.get_width() + 2 * pad, core.get_height() + 2 * pad), pygame.SRCALPHA)
            halo = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            halo.blit(halo_src, (pad, pad))
            halo = soft_blur(halo, radius)
            surface.blit(halo, (0, 0))
            surface.blit(halo, (0, 0))
            surface.blit(core, (pad, pad))
            self._glows[key] = surface
        return surface

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """The screen backdrop: a dark vertical gradient, a faint perspective grid, scanlines."""
        surface = self._backgrounds.get(size)
        if surface is not None:
            return surface
        width, height = size
        top, bottom, accent = self.palette.bg_top, self.palette.bg_bottom, self.palette.accent
        surface = _column(height, lambda y: (*blend(top, bottom, y / max(1, height - 1)), 255), width)
        lines = pygame.Surface(size, pygame.SRCALPHA)
        horizon = int(height * 0.62)
        haze = pygame.Surface((width, 120), pygame.SRCALPHA)
        pygame.draw.rect(haze, (*accent, 70), (0, 54, width, 12))
        lines.blit(soft_blur(haze, 18), (0, horizon - 60))
        floor = pygame.Surface(size, pygame.SRCALPHA)
        for i in range(1, 15):  # floor lines getting denser toward the horizon
            y = horizon + int((height - horizon) * (i / 14) ** 2)
            pygame.draw.line(floor, (*accent, 60), (0, y), (width, y))
        for i in range(-20, 21):  # rays from the vanishing point
            pygame.draw.line(floor, (*accent, 60), (width // 2, horizon), (width // 2 + i * width // 10, height))
        depth = max(1, height - horizon)  # the floor fades out toward the horizon
        fade = _column(depth, lambda y: (255, 255, 255, int(255 * (y / depth) ** 1.5)), width)
        floor.blit(fade, (0, horizon), special_flags=pygame.BLEND_RGBA_MULT)
        floor.fill((0, 0, 0, 0), (0, 0, width, horizon))
        lines.blit(floor, (0, 0))
        lines.blit(_column(height, lambda y: (0, 0, 0, 40 if y % 3 == 0 else 0), width), (0, 0))  # scanlines
        surface.blit(lines, (0, 0))
        surface = surface.convert() if pygame.display.get_surface() else surface
        while len(self._backgrounds) >= self.MAX_BACKGROUNDS:  # the oldest size goes
            del self._backgrounds[next(iter(self._backgrounds))]
        self._backgrounds[size] = surface
        return surface


def _column(height: int, colour_at: Callable[[int], Sequence[int]], width: int) -> pygame.Surface:
    """A ``width`` x ``height`` surface whose every row has one colour, ``colour_at(y)`` (RGBA):
    one pixel column filled row by row, then stretched sideways in one call (filling whole rows
    cost tens of milliseconds at 4K)."""
    column = pygame.Surface((1, height), pygame.SRCALPHA)
    for y in range(height):
        column.set_at((0, y), colour_at(y))
    return pygame.transform.scale(column, (width, height))


def soft_blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A gaussian blur done at half size and scaled back (4x cheaper; a halo needs no detail)."""
    width, height = surface.get_size()
    small = pygame.transform.smoothscale(surface, (max(1, width // 2), max(1, height // 2)))
    small = pygame.transform.gaussian_blur(small, max(1, radius // 2))
    return pygame.transform.smoothscale(small, (width, height))


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    palette: Palette,
    fill: RGB | None = None,
    edge: RGB | None = None,
    radius: int = 12,
    width: int = 2,
) -> None:
    """A panel with corners rounded by ``radius`` filling ``rect`` of ``surface`` with ``fill``,
    inside an ``edge`` line ``width`` pixels wide (None: ``palette``'s panel and panel_edge)."""
    pygame.draw.rect(surface, palette.panel if fill is None else fill, rect, border_radius=radius)
    pygame.draw.rect(surface, palette.panel_edge if edge is None else edge, rect, width, border_radius=radius)


def wrap_text(theme: Theme, text: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels at ``size``, between words; a word
    too wide for a line of its own (a chain in Eureka notation) is cut after its links (``=``,
    ``-``), or between characters where that is not enough."""
    font = theme.font(size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            pieces = [word] if font.size(word)[0] <= width else _cut(font, word, width)
            for index, piece in enumerate(pieces):
                trial = (f"{line} {piece}" if index == 0 else line + piece) if line else piece
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = piece
        lines.append(line)
    return lines


def _cut(font: pygame.font.Font, word: str, width: int) -> list[str]:
    """``word`` cut into pieces of at most ``width`` pixels: after ``=`` and ``-`` where it can
    be, else between characters."""
    pieces, piece = [], ""
    for token in re.findall(r"[^=-]*[=-]|[^=-]+$", word):
        if piece and font.size(piece + token)[0] > width:
            pieces.append(piece)
            piece = token
        else:
            piece += token
    pieces.append(piece)
    fitted = []
    for piece in pieces:
        while len(piece) > 1 and font.size(piece)[0] > width:
            cut = len(piece) - 1
            while cut > 1 and font.size(piece[:cut])[0] > width:
                cut -= 1
            fitted.append(piece[:cut])
            piece = piece[cut:]
        fitted.append(piece)
    return fitted


def fit_text(
    theme: Theme, text: str, width: int, sizes: tuple[int, ...], max_lines: int = 2, colour: RGB | None = None
) -> list[pygame.Surface]:
    """``text`` rendered in ``colour`` (None: the theme's text colour) to fit ``width`` pixels:
    on one line at the largest of ``sizes`` that fits, else wrapped at the smallest size into at
    most ``max_lines`` lines (a line still too wide, a single long word, is scaled down to the
    width)."""
    colour = theme.palette.text if colour is None else colour
    for size in sizes:
        if theme.font(size).size(text)[0] <= width:
            return [theme.text(text, size, colour)]
    size = sizes[-1]
    lines = wrap_text(theme, text, size, width)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1 :])]
    surfaces = []
    for line in lines:
        glyph = theme.text(line, size, colour)
        if glyph.get_width() > width:
            glyph = pygame.transform.smoothscale(
                glyph, (width, max(1, round(glyph.get_height() * width / glyph.get_width())))
            )
        surfaces.append(glyph)
    return surfaces
