"""The play screen's header: the glowing title (and DEMO in the demo) and three chips, the
level, the time and the hints used."""

from __future__ import annotations

import pygame

from game import theme as th
from game.layout import Layout
from game.session import Game
from game.theme import draw_panel, fit_text
from game.widgets import format_time

CHIP_GAP = 12  # design pixels between the chips


def draw_header(
    surface: pygame.Surface,
    theme: th.Theme,
    layout: Layout,
    game: Game,
    *,
    demo: bool,
    show_timer: bool,
    title_at: tuple[int, int],
    chips: pygame.Rect,
    status: str = "",
    level_text: str | None = None,
) -> None:
    """The title with its left middle at ``title_at`` and the chips side by side in ``chips``
    (window pixels); the time shows as --:-- when ``show_timer`` is off. ``status`` is a line
    of work under way (grading), drawn between the title and the chips, so neither a hint nor
    pause hides it; ``level_text`` stands in the level chip when the puzzle has no level."""
    f, palette = layout, theme.palette
    title = theme.glow_text("SUDOKU", f.font(64), (255, 236, 250), palette.accent, radius=f.px(10))
    place = title.get_rect(midleft=title_at)
    surface.blit(title, place)
    if demo:
        tag = theme.glow_text("DEMO", f.font(34), palette.accent_2, palette.accent_2, radius=f.px(6))
        surface.blit(tag, tag.get_rect(midleft=(place.right + f.px(12), place.centery + f.px(2))))
    if status:
        left = place.right + f.px(24)
        lines = fit_text(
            theme, status, chips.x - f.px(16) - left, (f.font(22), f.font(18)), max_lines=2, colour=palette.accent_3
        )
        top = place.centery - sum(line.get_height() for line in lines) // 2
        for line in lines:
            surface.blit(line, (left, top))
            top += line.get_height()
    level = game.puzzle.level
    values = [
        ("LEVEL", level.label.upper() if level is not None else (level_text or "-"), palette.accent_3),
        ("TIME", format_time(game.elapsed) if show_timer else "--:--", palette.accent_2),
        ("HINTS", str(game.hints_used), palette.accent),
    ]
    gap = f.px(CHIP_GAP)
    width = (chips.w - 2 * gap) / 3
    for i, (label, value, colour) in enumerate(values):
        rect = pygame.Rect(round(chips.x + i * (width + gap)), chips.y, round(width), chips.h)
        edge = th.blend(palette.panel, colour, 0.6)
        draw_panel(surface, rect, palette, edge=edge, radius=f.px(10), width=f.px(2))
        head = theme.text(label, f.font(18), palette.text_dim)
        surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + f.px(8))))
        text = fit_text(theme, value, rect.w - f.px(12), (f.font(34), f.font(26)), max_lines=1, colour=colour)[0]
        surface.blit(text, text.get_rect(midbottom=(rect.centerx, rect.bottom - f.px(6))))
