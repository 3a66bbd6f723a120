"""The board view: draws a Game (it only reads it) and maps pixels to cells.

Layers, bottom to top: cell fills (peers, same digit, the hint's region and groups, the digit
filter's tint, selection, cell colours), the grid lines (pre-drawn once), digits and pencil
marks, or a hint's candidates, group outlines and chain arrows (game.hint_view), hint edges,
selection outline.
Corner marks sit around the cell's edge in SudokuPad's order; centre marks are centred, on two
lines when one line would need text smaller than ``readable_font``; ``mark_spots`` says where
each mark is drawn, so a click on a mark (``mark_at``) finds the very digit under the pointer.
The digit filter draws one digit's marks in the palette's ``filter`` colour, fades the rest and
tints the cells where that digit can go.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import cast

import pygame

from game import theme as th
from game.focus import Focus
from game.hint_view import GROUP_TINT, HintPainter, group_colour
from game.hints import Hint
from game.layout import readable_font
from game.playstate import PlayState
from game.session import Game
from solver.grid import CELLS, COL_OF, DIGITS_OF, HOUSES, PEERS, POPCOUNT, ROW_OF

# Corner-mark slots as fractions of the cell: corners first, then edge middles (SudokuPad); the
# slots in use are filled in reading order so the digits read 1..9 left to right, top to bottom.
CORNER_SLOTS = (  # clear of the selection's frame (4 design pixels in from the cell's edge, 4 wide)
    (0.23, 0.24),
    (0.77, 0.24),
    (0.23, 0.76),
    (0.77, 0.76),
    (0.5, 0.24),
    (0.5, 0.76),
    (0.23, 0.5),
    (0.77, 0.5),
    (0.5, 0.5),
)
DARK_INK = (24, 26, 52)  # small digits on a bright cell colour (yellow, orange...)
BRIGHT_FILL = 110  # luminance above which small digits switch to DARK_INK
POP_SECONDS = 0.16  # a digit just entered grows from POP_SCALE to full size over this time
POP_SCALE = 1.35
ENTROPY = (255, 84, 84)  # the entropy overlay's red
FILTER_TINT = 0.24  # how much of the palette's ``filter`` colour tints a cell where the filtered digit can go
FILTER_FADE = 0.3  # how much of their ink the other marks keep while the digit filter is on
MARK_REACH = 3  # design pixels around a mark's box that a click on it still hits


@dataclass(frozen=True)
class MarkSpot:
    """One pencil mark as drawn: its ``layer`` ("corner" or "centre"), ``digit``, the ``box``
    its glyph fills (window pixels; a click inside hits it) and its font ``size``."""

    layer: str
    digit: int
    box: pygame.Rect
    size: int


class BoardView:
    """A 9x9 board of ``cell``-pixel cells with its top-left corner at ``origin``."""

    def __init__(self, theme: th.Theme, origin: tuple[int, int], cell: int):
        self.theme = theme
        self.cell = cell
        self.k = cell / 72  # line widths and insets were designed for 72-pixel cells
        self.rect = pygame.Rect(origin, (cell * 9, cell * 9))
        self.digit_size = int(cell * 0.86)
        self.mark_size = max(readable_font(cell / 72), int(cell * 0.31))  # 72: a cell's design size
        self._bright = [False] * 81  # per cell: is its fill bright (set by each draw)
        self._fills = [(0, 0, 0)] * 81  # per cell: its fill (set by each draw)
        self.painter = HintPainter(theme, self.cell_rect, cell)
        self._lines = self._draw_lines()
        self._frame = theme.picture(("board-halo", cell, theme.palette.board_glow), self._draw_frame)  # a blur: ~10 ms

    # --- geometry --------------------------------------------------------------------------

    def cell_rect(self, cell: int) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x + COL_OF[cell] * self.cell, self.rect.y + ROW_OF[cell] * self.cell, self.cell, self.cell
        )

    def cell_centre(self, cell: int) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The cell under a pixel, or None outside the board."""
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        if 0 <= x < self.cell * 9 and 0 <= y < self.cell * 9:
            return (y // self.cell) * 9 + x // self.cell
        return None

    # --- static layers ---------------------------------------------------------------------

    def _draw_lines(self) -> pygame.Surface:
        palette = self.theme.palette
        size = self.cell * 9
        lines = pygame.Surface((size + 1, size + 1), pygame.SRCALPHA)
        for i in range(10):
            pos = i * self.cell
            thick = i % 3 == 0
            colour = palette.grid_box if thick else palette.grid_thin
            width = max(3, round(3 * self.k)) if thick else max(1, round(self.k))
            offset = -(width // 2)
            if i in (0, 9):
                continue
            pygame.draw.rect(lines, colour, (pos + offset, 0, width, size + 1))
            pygame.draw.rect(lines, colour, (0, pos + offset, size + 1, width))
        return lines

    def _draw_frame(self) -> pygame.Surface:
        """The neon halo around the board, blurred once; drawn under the cells."""
        pad = self._px(24)
        rect = self.rect
        surface = pygame.Surface((rect.w + 2 * pad, rect.h + 2 * pad), pygame.SRCALPHA)
        inner = pygame.Rect(pad, pad, rect.w, rect.h)
        pygame.draw.rect(
            surface,
            (*self.theme.palette.board_glow, 200),
            inner.inflate(self._px(8), self._px(8)),
            self._px(6),
            border_radius=self._px(8),
        )
        return th.soft_blur(surface, self._px(9))

    def _px(self, length: float) -> int:
        """A length designed for 72-pixel cells, at this board's size (at least 1)."""
        return max(1, round(length * self.k))

    # --- drawing ----------------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        game: Game,
        *,
        now: float = 0.0,
        pops: dict[int, float] | None = None,
        flourish: float | None = None,
        show_selection: bool = True,
        entropy: tuple[int, ...] | None = None,
        peers: bool = True,
        same_digit: bool = True,
        mistakes: frozenset[int] | None = None,
        pulse_now: float | None = None,
        filter_digit: int = 0,
        filter_cells: frozenset[int] = frozenset(),
    ) -> None:
        """Draw ``game`` (read only). ``pops`` maps cells to the time their digit appeared;
        ``flourish`` (seconds since the win) runs the winning sweep; ``entropy``, 81 candidate
        masks (game.tools.candidates), shows each open cell's entropy instead of its marks;
        ``peers`` and ``same_digit`` shade the selected cell's peers and equal digits;
        ``mistakes``, the cells whose digit shows red (default: the rule breaks); ``pulse_now``,
        the time the hint outline's pulse is drawn at (default ``now``; held, it holds still);
        ``filter_digit`` 1..9, the digit filter: that digit's marks in the palette's ``filter``
        colour, the other marks faded, and ``filter_cells`` (game.tools.digit_cells) tinted."""
        mistakes = game.state.conflicts if mistakes is None else mistakes
        state = game.state
        palette = self.theme.palette
        hint = game.hint
        surface.blit(self._frame, (self.rect.x - self._px(24), self.rect.y - self._px(24)))
        self._fill_cells(
            surface,
            game,
            hint,
            show_selection,
            show_selection and peers,
            show_selection and same_digit,
            mistakes,
            flourish,
            filter_cells if filter_digit else frozenset(),
        )
        surface.blit(self._lines, self.rect.topleft)
        self._draw_border(surface)
        staged = hint is not None and hint.kind == "step" and hint.step is not None and hint.stage >= 2
        shown = cast(Hint, hint)  # the hint where ``staged`` is true (not None then): no check per frame
        hint_cells = shown.shown_cells if staged else frozenset()
        roles = self.painter.roles(shown) if staged else {}
        for cell in CELLS:
            rect = self.cell_rect(cell)
            value = state.values[cell]
            if cell in hint_cells and not value:
                self.painter.draw_candidates(surface, cell, shown, roles, self._bright[cell], DARK_INK)
            elif value:
                self._draw_digit(surface, rect, cell, value, state, now, pops, cell in mistakes)
            elif entropy is not None:
                self._draw_entropy(surface, rect, POPCOUNT[entropy[cell]])
            else:
                ink = DARK_INK if self._bright[cell] else palette.mark
                self._draw_marks(surface, cell, state, ink, filter_digit, self._fills[cell])
        if staged:
            self.painter.draw_group_edges(surface, shown)
        if hint is not None:
            self._draw_hint_edges(surface, hint, now if pulse_now is None else pulse_now)
        for cell in game.checked:  # what the last Check flagged
            pygame.draw.rect(surface, palette.wrong_edge, self._inset(cell), self._px(4), border_radius=self._px(6))
        if staged:
            self.painter.draw_links(surface, shown, roles, hint_cells, state.values)
        else:
            self.painter.paths = []
        if show_selection:
            self._draw_selection(surface, game.selection)

    def draw_labels(self, surface: pygame.Surface, size: int) -> None:
        """Row numbers left of the board and column numbers above it (hints speak of r5c8),
        ``size`` pixels high."""
        gap = self._px(17)
        for i in range(9):
            glyph = self.theme.text(str(i + 1), size, self.theme.palette.text_dim)
            middle = self.rect.x + i * self.cell + self.cell // 2
            surface.blit(glyph, glyph.get_rect(center=(middle, self.rect.y - gap)))
            middle = self.rect.y + i * self.cell + self.cell // 2
            surface.blit(glyph, glyph.get_rect(center=(self.rect.x - gap, middle)))

    def _fill_cells(
        self,
        surface: pygame.Surface,
        game: Game,
        hint: Hint | None,
        show_selection: bool,
        peers_on: bool,
        same_on: bool,
        mistakes: frozenset[int],
        flourish: float | None,
        tinted: frozenset[int] = frozenset(),
    ) -> None:
        state = game.state
        palette = self.theme.palette
        values = state.values
        cursor = game.cursor
        peers = set(PEERS[cursor]) if peers_on else set()
        digit = values[cursor] if same_on else 0
        selected = set(game.selection) if show_selection else set()
        hint_houses: set[int] = set()
        groups: dict[int, int] = {}
        if hint is not None and hint.kind == "step" and hint.step is not None:
            # stage 1 points at the region; stage 2 keeps only the step's own houses (fish)
            for house in hint.region if hint.stage == 1 else hint.step.houses:
                hint_houses.update(HOUSES[house])
            if hint.stage >= 2:
                groups = self.painter.group_cells(hint)
        for cell in CELLS:
            fill = palette.board_bg
            if cell in peers:
                fill = palette.peer
            if digit and values[cell] == digit:
                fill = palette.same_digit
            if cell in hint_houses:
                fill = th.blend(fill, palette.hint_edge, 0.17)
            if cell in groups:
                fill = th.blend(fill, group_colour(groups[cell]), GROUP_TINT)
            if cell in mistakes:
                fill = th.blend(fill, palette.conflict, 0.22)
            if cell in tinted:  # the digit filter: the filtered digit can go here
                fill = th.blend(fill, palette.filter, FILTER_TINT)
            if cell in selected:
                fill = palette.selected
            colour = state.colours[cell]
            if colour:
                fill = th.blend(fill, palette.cell_colours[colour - 1], th.CELL_COLOUR_ALPHA)
            if flourish is not None:
                wave = flourish * 14 - (ROW_OF[cell] + COL_OF[cell])
                if 0 <= wave < 3:
                    fill = th.blend(fill, palette.accent_3, 0.6 * math.sin(wave / 3 * math.pi))
            surface.fill(fill, self.cell_rect(cell))
            self._fills[cell] = fill
            self._bright[cell] = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2] > BRIGHT_FILL

    def _draw_digit(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        cell: int,
        value: int,
        state: PlayState,
        now: float,
        pops: dict[int, float] | None,
        mistake: bool,
    ) -> None:
        palette = self.theme.palette
        if mistake:
            colour = palette.conflict
        elif state.is_given(cell):
            colour = palette.given
        else:
            colour = palette.entry
        glyph = self.theme.text(str(value), self.digit_size, colour)
        if pops and cell in pops:
            age = now - pops[cell]
            if age < 0:
                return  # revealed later (a tool places its digits one after another)
            if age < POP_SECONDS:
                scale = POP_SCALE - (POP_SCALE - 1) * (age / POP_SECONDS)
                size = (round(glyph.get_width() * scale), round(glyph.get_height() * scale))
                glyph = pygame.transform.smoothscale(glyph, size)
        surface.blit(glyph, glyph.get_rect(center=(rect.centerx, rect.centery + self._px(2))))

    def _draw_entropy(self, surface: pygame.Surface, rect: pygame.Rect, count: int) -> None:
        """The entropy overlay: the number of digits still possible, in ENTROPY's red (a 0,
        a contradiction, on a red disc)."""
        if count == 0:
            pygame.draw.circle(surface, ENTROPY, rect.center, rect.w // 3)
        ink = self.theme.palette.board_bg if count == 0 else ENTROPY
        glyph = self.theme.text(str(count), int(self.cell * 0.5), ink)
        surface.blit(glyph, glyph.get_rect(center=rect.center))

    def draw_paused(self, surface: pygame.Surface, size: int) -> None:
        """The board hidden behind a pause panel (the timer is stopped meanwhile)."""
        palette = self.theme.palette
        surface.blit(self._frame, (self.rect.x - self._px(24), self.rect.y - self._px(24)))
        surface.fill(palette.board_bg, self.rect)
        self._draw_border(surface)
        title = self.theme.text("PAUSED", size, palette.accent_2)
        surface.blit(title, title.get_rect(center=(self.rect.centerx, self.rect.centery - size // 2)))
        note = self.theme.text(
            "Press P or click Pause to go on", max(readable_font(self.cell / 72), size // 3), palette.text_dim
        )
        surface.blit(note, note.get_rect(center=(self.rect.centerx, self.rect.centery + size // 2)))

    def _draw_border(self, surface: pygame.Surface) -> None:
        """The frame just outside the 81 cells, in the box lines' colour."""
        frame = self.rect.inflate(self._px(6), self._px(6))
        pygame.draw.rect(surface, self.theme.palette.grid_box, frame, self._px(3), border_radius=self._px(6))

    def mark_spots(self, cell: int, corner: int, centre: int) -> tuple[MarkSpot, ...]:
        """Where ``cell``'s corner marks (the mask ``corner``) and centre marks (``centre``) are
        drawn, one MarkSpot per digit: corner marks in CORNER_SLOTS filled in reading order,
        centre marks on one line (two when one would need text smaller than the readable size,
        squeezed when even that is too wide). Drawing and clicks (``mark_at``) both use it."""
        rect = self.cell_rect(cell)
        spots: list[MarkSpot] = []
        if corner:
            digits = DIGITS_OF[corner]
            slots = sorted(CORNER_SLOTS[: len(digits)], key=lambda xy: (xy[1], xy[0]))
            font = self.theme.font(self.mark_size)
            for slot, digit in zip(slots, digits):
                centre_xy = (round(rect.x + slot[0] * rect.w), round(rect.y + slot[1] * rect.h))
                box = pygame.Rect((0, 0), font.size(str(digit)))
                box.center = centre_xy
                spots.append(MarkSpot("corner", digit, box, self.mark_size))
        if centre:
            text = "".join(str(d) for d in DIGITS_OF[centre])
            size = int(
                self.mark_size * (1.1 if len(text) <= 3 else 1.0 if len(text) <= 4 else 0.85 if len(text) <= 6 else 0.7)
            )
            size = max(readable_font(rect.w / 72), size)
            font = self.theme.font(size)
            lines = [text]
            if font.size(text)[0] > rect.w - 6:  # too wide to read: two lines
                half = (len(text) + 1) // 2
                lines = [text[:half], text[half:]]
            height = self.theme.text(text, size, self.theme.palette.mark).get_height()  # a line as rendered
            y = rect.centery - height * len(lines) // 2
            for line in lines:
                advances = [font.size(char)[0] for char in line]  # glyph by glyph, side by side
                squeeze = min(1.0, (rect.w - 6) / sum(advances))  # still too wide: drawn narrower
                x = rect.centerx - sum(advances) * squeeze / 2
                for char, advance in zip(line, advances):
                    left, x = round(x), x + advance * squeeze
                    spots.append(MarkSpot("centre", int(char), pygame.Rect(left, y, round(x) - left, height), size))
                y += height
        return tuple(spots)

    def mark_at(self, state: PlayState, pos: tuple[int, int], digit: int = 0) -> MarkSpot | None:
        """The pencil mark drawn under the pixel ``pos`` (its box grown by ``MARK_REACH`` design
        pixels, the nearest when boxes overlap), or None; with ``digit`` 1..9 only that digit's
        marks count (the digit filter: the other marks are dimmed). Open cells only: a filled
        cell shows its digit."""
        cell = self.cell_at(pos)
        if cell is None or state.values[cell]:
            return None
        reach = self._px(MARK_REACH)
        hits = [
            spot
            for spot in self.mark_spots(cell, state.corner[cell], state.centre[cell])
            if (not digit or spot.digit == digit) and spot.box.inflate(2 * reach, 2 * reach).collidepoint(pos)
        ]
        return min(hits, key=lambda spot: math.dist(spot.box.center, pos), default=None)

    def _draw_marks(
        self,
        surface: pygame.Surface,
        cell: int,
        state: PlayState,
        ink: tuple[int, int, int],
        filter_digit: int = 0,
        fill: tuple[int, int, int] | None = None,
    ) -> None:
        """A cell's corner and centre marks in ``ink``; with ``filter_digit`` 1..9 that digit's
        marks in the palette's ``filter`` colour and the others faded toward ``fill`` (the
        cell's fill)."""
        palette = self.theme.palette
        faded = th.blend(fill or palette.board_bg, ink, FILTER_FADE)
        for spot in self.mark_spots(cell, state.corner[cell], state.centre[cell]):
            colour = ink if not filter_digit else palette.filter if spot.digit == filter_digit else faded
            glyph = self.theme.text(str(spot.digit), spot.size, colour)
            if glyph.get_width() > spot.box.w + 1:  # a squeezed centre line
                glyph = pygame.transform.smoothscale(glyph, (max(1, spot.box.w), glyph.get_height()))
            surface.blit(glyph, glyph.get_rect(center=spot.box.center))

    def _draw_hint_edges(self, surface: pygame.Surface, hint: Hint, now: float) -> None:
        palette = self.theme.palette
        pulse = 0.75 + 0.25 * math.sin(now * 6.0)
        if hint.kind in ("wrong", "marks"):
            colour = th.blend(palette.board_bg, palette.wrong_edge, pulse)
            for cell in hint.cells:
                pygame.draw.rect(surface, colour, self._inset(cell), self._px(4), border_radius=self._px(6))
        elif hint.kind == "step" and hint.step is not None and hint.stage == 1:
            colour = th.blend(palette.board_bg, palette.hint_edge, pulse)
            for cell in cast(Focus, hint.focus).cells:  # the one place to start from (a step's hint has one)
                pygame.draw.rect(surface, colour, self._inset(cell), self._px(3), border_radius=self._px(6))
        elif hint.kind == "step" and hint.step is not None and hint.stage >= 2:
            step = hint.step
            colour = th.blend(palette.board_bg, palette.hint_edge, pulse)
            grouped = self.painter.group_cells(hint)  # outlined in their groups' colours
            fins = {c for c, _ in step.fins}
            for cell in sorted({c for c, _ in step.pattern} - fins - set(grouped)):
                pygame.draw.rect(surface, colour, self._inset(cell), self._px(3), border_radius=self._px(6))
            for cell in sorted(fins - set(grouped)):
                pygame.draw.rect(
                    surface,
                    th.blend(palette.board_bg, palette.accent_2, pulse),  # a fin's yellow
                    self._inset(cell),
                    self._px(3),
                    border_radius=self._px(6),
                )
            for cell, _ in hint.step.placements:
                pygame.draw.rect(surface, palette.good, self._inset(cell), self._px(4), border_radius=self._px(6))
            reason = hint.reason
            why = palette.accent_3  # a single's reasons: the digits that rule options out, the cells they rule
            if reason is not None:  # a single: the digits that rule the rest out, and where
                for cell, _ in reason.blockers:
                    pygame.draw.rect(surface, why, self._inset(cell), self._px(3), border_radius=self._px(6))
                digit = step.placements[0][1]
                arm = self.painter.radius * 0.7
                for cell in reason.ruled:
                    x, y = self.painter.spot(cell, digit)
                    for sx in (-1, 1):
                        pygame.draw.line(surface, why, (x - arm, y - sx * arm), (x + arm, y + sx * arm), self._px(3))

    def _inset(self, cell: int) -> pygame.Rect:
        """The cell's rectangle pulled in by 2 design pixels on each side (hint outlines)."""
        return self.cell_rect(cell).inflate(-self._px(4), -self._px(4))

    def _draw_selection(self, surface: pygame.Surface, selection: tuple[int, ...]) -> None:
        """SudokuPad's outline: thick lines on the outer edges of the selected region."""
        chosen = set(selection)
        inset = width = self._px(4)
        colour = self.theme.palette.select_edge
        for cell in selection:
            rect = self.cell_rect(cell)
            row, col = ROW_OF[cell], COL_OF[cell]
            left, top = rect.x + inset, rect.y + inset
            right, bottom = rect.right - inset, rect.bottom - inset
            up = row > 0 and cell - 9 in chosen
            down = row < 8 and cell + 9 in chosen
            west = col > 0 and cell - 1 in chosen
            east = col < 8 and cell + 1 in chosen
            x0 = rect.x if west else left
            x1 = rect.right if east else right
            y0 = rect.y if up else top
            y1 = rect.bottom if down else bottom
            if not up:
                surface.fill(colour, (x0, top, x1 - x0, width))
            if not down:
                surface.fill(colour, (x0, bottom - width, x1 - x0, width))
            if not west:
                surface.fill(colour, (left, y0, width, y1 - y0))
            if not east:
                surface.fill(colour, (right - width, y0, width, y1 - y0))
