"""The play screen's information panel, under the keypad: the staged hint, a tool's message, the
entropy overlay's detail for the cell under the mouse, or the keys.

The panel only draws what it is given (a ``PanelText``); it wraps the text to its width at the
largest size that fits its height, grows over the keypad when nothing fits, and scrolls what still
does not fit (mouse wheel, Page Up / Page Down); it renders each distinct text once. Text is never
smaller than ``READABLE_FONT`` (a 12 px line in the smallest window, 15 px from 1200x800 up).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import pygame

from game import theme as th
from game.layout import Layout
from game.theme import draw_panel, wrap_text

if TYPE_CHECKING:
    from game.hints import Hint
    from game.tools import CellDetail
    from solver.step import Step

TEXT_SIZES = (21, 19)  # design pixels, largest first; the first that fits is used
READABLE_FONT = 17  # window pixels: the least font size of the panel's text (a 12 px line)


@dataclass(frozen=True)
class PanelText:
    """What the panel shows: a ``title``, a ``body`` paragraph, an optional ``chain`` (Eureka
    notation, broken after its links) and a dim ``prompt`` line. ``colour`` tints the title and
    ``edge`` the panel's edge, each a palette role (resolved when drawn) or a fixed RGB colour."""

    title: str
    body: str
    prompt: str = ""
    chain: str = ""
    colour: th.Role | th.RGB = "text_dim"
    edge: th.Role | th.RGB = "panel_edge"
    walk: bool = False  # show the "<" and ">" buttons that walk a chain link by link
    grow: bool = False  # may grow over the keypad when it does not fit (a hint); else it scrolls


class InfoPanel:
    """Draws ``PanelText`` in ``rect`` (window pixels) with sizes from ``layout``."""

    def __init__(self, theme: th.Theme, layout: Layout, rect: pygame.Rect, tall: pygame.Rect | None = None):
        """``rect``: the panel's place; ``tall``: the most it may grow to (upward, keeping its
        bottom edge) when a text does not fit, covering what is above it meanwhile."""
        self.theme, self.layout, self.rect = theme, layout, rect
        self.tall = tall if tall is not None else rect
        self.stops: list[int] = []  # window y values a grown panel's top may stop at (row gaps)
        self.current = rect  # where the panel was drawn last (it may have grown)
        self._lines: tuple[PanelText | None, tuple[pygame.Rect, list[pygame.Surface]]] = (None, (rect, []))
        self.shown: PanelText | None = None  # the text drawn last (tests read it)
        self.scroll = 0  # lines of the body scrolled out of view, at the top
        self.hidden = 0  # lines that did not fit below the last frame's view (0: all shown)
        self.drawn: list[pygame.Rect] = []  # where each line shown was drawn (tests read it)
        self.walk_buttons: dict[int, pygame.Rect] = {}  # -1 / 1 -> the "<" / ">" button drawn

    def draw(self, surface: pygame.Surface, text: PanelText) -> None:
        f = self.layout
        if self.shown != text:
            self.scroll = 0  # a new text starts at its top
        self.shown = text
        if self._lines[0] != text:
            self._lines = (text, self._layout(text))
        rect, lines = self._lines[1]
        if rect.h > self.rect.h:  # grown: up to the next stop, so no row is half covered
            top = max((y for y in self.stops if y <= rect.top), default=self.tall.top)
            top = max(top, self.tall.top)
            rect = pygame.Rect(rect.x, top, rect.w, rect.bottom - top)
        self.current = rect
        palette = self.theme.palette
        edge = palette.colour(text.edge)
        draw_panel(surface, rect, palette, edge=edge, radius=f.px(12), width=f.px(2))
        head, body = lines[0], lines[1:]
        self.scroll = max(0, min(self.scroll, len(body) - 1))
        y = rect.y + f.px(14)
        self.drawn = [surface.blit(head, (rect.x + f.px(16), y))]
        y += head.get_height() + f.px(10)
        bottom = rect.bottom - f.px(8) - (f.px(36) if text.walk else 0)
        self.hidden = 0
        for i, line in enumerate(body[self.scroll :]):
            if y + line.get_height() > bottom:
                self.hidden = len(body) - self.scroll - i
                break
            self.drawn.append(surface.blit(line, (rect.x + f.px(16), y)))
            y += line.get_height() + f.px(4)
        self.walk_buttons = {}
        if text.walk:  # "<" and ">" at the bottom right: walk the chain
            size = f.px(30)
            for i, (delta, label) in enumerate(((1, ">"), (-1, "<"))):
                button = pygame.Rect(
                    rect.right - f.px(12) - (i + 1) * size - i * f.px(6), rect.bottom - f.px(10) - size, size, size
                )
                draw_panel(surface, button, palette, edge=edge, radius=f.px(6), width=f.px(2))
                glyph = self.theme.text(label, self.layout.font(22), palette.text)
                surface.blit(glyph, glyph.get_rect(center=button.center))
                self.walk_buttons[delta] = button
        if self.scroll or self.hidden:  # what scrolling would show, at the title's right
            mark = ("PgUp/PgDn" if self.scroll else "PgDn: more") if self.hidden else "PgUp: back"
            glyph = self.theme.text(mark, self.layout.font(15), palette.text_dim)
            surface.blit(glyph, glyph.get_rect(topright=(rect.right - f.px(14), rect.y + f.px(16))))

    def walk_at(self, pos: tuple[int, int]) -> int:
        """-1 or 1 when ``pos`` is on the "<" or ">" button drawn last, else 0."""
        return next((delta for delta, rect in self.walk_buttons.items() if rect.collidepoint(pos)), 0)

    def scroll_by(self, lines: int) -> None:
        """Scroll the body ``lines`` down (negative: up), within what the text holds."""
        if lines > 0 and not self.hidden:
            return
        self.scroll = max(0, self.scroll + lines)

    def _layout(self, text: PanelText) -> tuple[pygame.Rect, list[pygame.Surface]]:
        """The panel's rectangle and lines: the title, then body, chain notation and prompt at
        the largest of TEXT_SIZES that fits the panel; if none fits, the panel grows (up to
        ``tall``) to the height the text needs at the smallest size when ``text.grow`` allows,
        and what does not fit even there scrolls."""
        theme, f, palette = self.theme, self.layout, self.theme.palette
        width = self.rect.w - f.px(32)
        head = theme.text(text.title, f.font(26), palette.colour(text.colour))
        if head.get_width() > width:
            head = pygame.transform.smoothscale(head, (width, round(head.get_height() * width / head.get_width())))
        frame = f.px(22) + head.get_height() + f.px(10)
        if text.walk:
            frame += f.px(36)  # the row of the walk buttons
        sizes = tuple(dict.fromkeys(max(READABLE_FONT, f.font(size)) for size in TEXT_SIZES))

        def lines_at(size: int) -> list[pygame.Surface]:
            lines = [theme.text(line, size, palette.text) for line in wrap_text(theme, text.body, size, width)]
            if text.chain:
                chain = wrap_chain(theme, text.chain, size, width)
                lines += [theme.text(line, size, palette.accent) for line in chain]
            return lines + [
                theme.text(line, size, palette.text_dim) for line in wrap_text(theme, text.prompt, size, width) if line
            ]

        def height(lines: list[pygame.Surface]) -> int:
            return frame + sum(line.get_height() + f.px(4) for line in lines)

        for size in sizes:
            lines = lines_at(size)
            if height(lines) <= self.rect.h:
                return self.rect, [head] + lines
        if not text.grow:
            return self.rect, [head] + lines
        need = min(height(lines), self.tall.h)
        return pygame.Rect(self.rect.x, self.rect.bottom - need, self.rect.w, need), [head] + lines


def wrap_chain(theme: th.Theme, chain: str, size: int, width: int) -> list[str]:
    """Eureka notation broken after its links (``=`` and ``-``) to fit ``width`` pixels."""
    font = theme.font(size)
    lines, line = [], ""
    token = ""
    for ch in chain + " ":
        token += ch
        if ch in "=- ;":
            trial = line + token
            if font.size(trial.rstrip())[0] > width and line:
                lines.append(line.rstrip())
                line = token.lstrip()
            else:
                line = trial
            token = ""
    if line.strip():
        lines.append(line.rstrip())
    return lines


KEYS_HELP = (
    "Shift+digit corner mark, Ctrl+digit centre mark, Space changes mode. H a hint (again: see "
    "it, again: apply it). S the solution path, A all steps here. F1-F9 filter a digit's marks. "
    "T tools, P pause."
)
DEMO_HELP = "The hint engine is playing. Esc returns to the menu."


def entropy_text(detail: CellDetail) -> PanelText:
    """The entropy overlay's panel for one cell (a ``game.tools.CellDetail``)."""
    from solver.grid import cell_name

    name = cell_name(detail.cell)
    if detail.value:
        return PanelText(
            f"{name}: {detail.value}",
            f"{name} is filled; its houses are {', '.join(detail.houses)}.",
            colour=ENTROPY_INK,
            edge=ENTROPY_INK,
        )
    possible = " ".join(map(str, detail.candidates)) or "none: a contradiction"
    reasons = []
    for digit, cells in detail.ruled_out.items():
        reasons.append(f"{digit} by {', '.join(cell_name(c) for c in cells)}" if cells else f"{digit} by a hint")
    body = f"Candidates: {possible}. Ruled out: {'; '.join(reasons) or 'nothing'}."
    return PanelText(
        f"{name}: entropy {detail.entropy}",
        body,
        prompt=f"Houses: {', '.join(detail.houses)}.",
        colour=ENTROPY_INK,
        edge=ENTROPY_INK,
    )


ENTROPY_INK = (255, 84, 84)  # the entropy overlay's red (game.board.ENTROPY)


def hint_text(hint: Hint, demo: bool, now: float) -> PanelText:
    """The panel for a staged hint (game.hints.Hint): its title with the stage, its sentence,
    the chain in Eureka notation from stage 2, and what pressing H does next (not in the demo);
    while the search runs, "thinking" with dots that move with ``now`` (seconds)."""
    colour: th.Role = "wrong_edge" if hint.kind in ("wrong", "marks") else "hint_edge"
    title, body, chain = hint.title, hint.message, ""
    walk = False
    if hint.kind == "step":
        title = f"{title}  ({hint.stage}/3)"
        step = cast("Step", hint.step)  # a "step" hint carries its step (drawn each frame: no check)
        walk = hint.stage >= 2 and bool(step.links) and not demo
        if hint.stage >= 2 and step.text and step.links and not hint.link:
            chain = step.chain_text()
    elif hint.kind == "thinking":
        body = "thinking" + "." * (1 + int(now * 3) % 3)
    return PanelText(title, body, "" if demo else hint.prompt, chain, colour, colour, walk, grow=True)
