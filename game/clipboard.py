"""The system clipboard for copy and paste of puzzles (SDL's, through pygame-ce's ``scrap``).

Both functions need the display to be open (they run on the UI thread) and never raise: the
clipboard may be missing (no display server, a headless driver).
"""

from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when there is no clipboard to use."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        return False
    return True


def paste_text() -> str | None:
    """The clipboard's text ("" when it holds none); None when there is no clipboard to use."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return None
