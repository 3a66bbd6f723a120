"""The look: a dark arcade palette, fonts, and caches for everything that is drawn the same way
every frame (text surfaces, glows, the background). Rendering text is the costly part of a
frame, so nothing here renders the same string twice.

Only the UI thread uses this module (pygame's font functions are not thread-safe).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

# --- palette (RGB) -----------------------------------------------------------------------------
BG_TOP = (12, 10, 30)
BG_BOTTOM = (4, 14, 28)
PANEL = (20, 22, 48)
PANEL_EDGE = (58, 64, 120)
BOARD_BG = (17, 20, 42)
GRID_THIN = (46, 54, 96)
GRID_BOX = (124, 140, 230)
BOARD_GLOW = (60, 190, 255)

TEXT = (226, 230, 255)
TEXT_DIM = (128, 136, 184)
GIVEN = (242, 244, 255)
ENTRY = (72, 208, 255)
MARK = (120, 196, 255)
CONFLICT = (255, 72, 104)
GOOD = (92, 240, 150)
ACCENT = (255, 64, 196)  # magenta
ACCENT_2 = (255, 214, 72)  # yellow
ACCENT_3 = (72, 220, 255)  # cyan

SELECTED = (92, 58, 150)
SELECT_EDGE = (255, 214, 72)
PEER = (27, 33, 66)
SAME_DIGIT = (40, 84, 112)
HINT_HOUSE = (66, 52, 26)
HINT_EDGE = (255, 178, 64)
WRONG_EDGE = (255, 72, 104)

# The 9 cell colours of Colour mode, in SudokuPad's order (grey, dark grey, black, pink, red,
# orange, yellow, green, blue), brightened where the original vanishes on a dark board: over the
# board (CELL_COLOUR_ALPHA) each reaches 3:1 contrast with the board, WCAG's rule for what is not
# text, in every palette, and none comes near the selection's fill (tests/test_game_layout.py).
CELL_COLOURS = (
    (150, 156, 176),
    (118, 123, 141),
    (156, 100, 236),
    (240, 96, 196),
    (236, 72, 72),
    (246, 150, 52),
    (250, 226, 60),
    (72, 204, 112),
    (64, 144, 246),
)
CELL_COLOUR_ALPHA = 0.8  # how much of a cell colour shows over the board
COLOUR_NAMES = ("grey", "dark grey", "violet", "pink", "red", "orange", "yellow", "green", "blue")

FONT_SCALE = 1.0  # pygame's bundled font; sizes are pixel sizes passed to pygame.font.Font

# --- palettes: the settings' choice; each overrides some of the colours above ---------------------

PALETTE_NAMES = ("standard", "colour-blind", "high-contrast")
_STANDARD = {name: value for name, value in globals().items() if name.isupper() and isinstance(value, tuple)}
PALETTES: dict[str, dict[str, object]] = {
    "standard": {},
    # Okabe and Ito's colour-blind-safe set: no red against green anywhere (mistakes vermillion,
    # good news sky blue), and cell colours that stay apart under every common colour blindness.
    "colour-blind": {
        "CONFLICT": (230, 97, 0),
        "WRONG_EDGE": (230, 97, 0),
        "GOOD": (86, 180, 233),
        "ENTRY": (86, 180, 233),
        "HINT_EDGE": (240, 228, 66),
        "SELECT_EDGE": (240, 228, 66),
        "CELL_COLOURS": (  # Okabe and Ito's, dark grey and blue lightened to reach 3:1
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
    },
    # Black and white with one bright accent for the player's digits; strong grid lines.
    "high-contrast": {
        "BG_TOP": (0, 0, 0),
        "BG_BOTTOM": (0, 0, 0),
        "PANEL": (0, 0, 0),
        "PANEL_EDGE": (255, 255, 255),
        "BOARD_BG": (0, 0, 0),
        "GRID_THIN": (170, 170, 170),
        "GRID_BOX": (255, 255, 255),
        "BOARD_GLOW": (255, 255, 255),
        "TEXT": (255, 255, 255),
        "TEXT_DIM": (215, 215, 215),
        "GIVEN": (255, 255, 255),
        "ENTRY": (255, 221, 0),
        "MARK": (190, 215, 255),
        "PEER": (38, 38, 52),
        "SAME_DIGIT": (0, 74, 128),
        "SELECTED": (0, 92, 200),
        "SELECT_EDGE": (255, 221, 0),
        "HINT_HOUSE": (70, 52, 0),
    },
}


def apply_palette(name: str) -> None:
    """Switch this module's colours to palette ``name`` (one of PALETTE_NAMES; an unknown name
    means "standard"). Views that pre-render (the board's grid, backgrounds) must be rebuilt:
    ``Theme.clear`` and each scene's ``resize``."""
    globals().update(_STANDARD)
    globals().update(PALETTES.get(name, {}))


def blend(base: tuple[int, int, int], over: tuple[int, int, int], alpha: float) -> tuple[int, int, int]:
    """``over`` laid on ``base`` with opacity ``alpha`` (0..1)."""
    return tuple(round(b + (o - b) * alpha) for b, o in zip(base, over))  # type: ignore[return-value]


class Theme:
    """Fonts and cached surfaces. Create after ``pygame.init()``; use from the UI thread only."""

    MAX_TEXTS = 4096
    MAX_BACKGROUNDS = 2  # window sizes whose backdrop is kept (a resize makes a new one)

    def __init__(self) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}
        self._glows: dict[tuple[object, ...], pygame.Surface] = {}
        self._backgrounds: dict[tuple[int, int], pygame.Surface] = {}

    def clear(self) -> None:
        """Forget every cached text, glow and background (after ``apply_palette``)."""
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
        """A cached picture: ``make()`` the first time ``key`` is asked for (until ``clear``);
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
        surface = _column(height, lambda y: (*blend(BG_TOP, BG_BOTTOM, y / max(1, height - 1)), 255), width)
        lines = pygame.Surface(size, pygame.SRCALPHA)
        horizon = int(height * 0.62)
        haze = pygame.Surface((width, 120), pygame.SRCALPHA)
        pygame.draw.rect(haze, (*ACCENT, 70), (0, 54, width, 12))
        lines.blit(soft_blur(haze, 18), (0, horizon - 60))
        floor = pygame.Surface(size, pygame.SRCALPHA)
        for i in range(1, 15):  # floor lines getting denser toward the horizon
            y = horizon + int((height - horizon) * (i / 14) ** 2)
            pygame.draw.line(floor, (*ACCENT, 60), (0, y), (width, y))
        for i in range(-20, 21):  # rays from the vanishing point
            pygame.draw.line(floor, (*ACCENT, 60), (width // 2, horizon), (width // 2 + i * width // 10, height))
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
    fill: tuple[int, int, int] = PANEL,
    edge: tuple[int, int, int] | None = PANEL_EDGE,
    radius: int = 12,
    width: int = 2,
) -> None:
    """A rounded panel with an optional edge line."""
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def wrap_text(theme: Theme, text: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels at ``size``."""
    font = theme.font(size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_text(
    theme: Theme, text: str, width: int, sizes: tuple[int, ...], max_lines: int = 2, colour: tuple[int, int, int] = TEXT
) -> list[pygame.Surface]:
    """``text`` rendered to fit ``width`` pixels: on one line at the largest of ``sizes`` that
    fits, else wrapped at the smallest size into at most ``max_lines`` lines (a line still too
    wide, a single long word, is scaled down to the width)."""
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
