"""The play screen's input map (SudokuPad conventions): a key event becomes an action tuple.

Actions, shared with the keypad buttons:
  ("digit", d, mode)   d 1..9; mode None = the current mode, or "corner" / "centre" forced
  ("mode", name)       normal / corner / centre / colour
  ("cycle_mode",)  ("clear",)  ("undo",)  ("redo",)  ("hint",)  ("new",)  ("menu",)
  ("move", d_row, d_col, extend)
  ("tool", name)       a tool of game.session.TOOLS (F: fill candidates)
  ("tools",)  ("entropy",)  ("pause",)  ("copy",)  ("paste",)

Digits are read from the key code (K_1..K_9, K_KP1..K_KP9), never from ``unicode``: with Shift
held the unicode of K_1 is ``'!'``.
"""

from __future__ import annotations

from typing import Any

import pygame

Action = tuple[Any, ...]  # (name, *arguments): see the docstring; the items' types vary with the name

DIGIT_KEYS = {getattr(pygame, f"K_{d}"): d for d in range(1, 10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): d for d in range(1, 10)})
CLEAR_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_0, pygame.K_KP0, pygame.K_KP_PERIOD)
MODE_KEYS = {pygame.K_z: "normal", pygame.K_x: "corner", pygame.K_c: "centre", pygame.K_v: "colour"}
ARROWS = {
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
}
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META
LETTER_ACTIONS = {
    pygame.K_f: ("tool", "fill"),
    pygame.K_e: ("entropy",),
    pygame.K_p: ("pause",),
    pygame.K_t: ("tools",),
}
CTRL_ACTIONS = {pygame.K_y: ("redo",), pygame.K_c: ("copy",), pygame.K_v: ("paste",)}  # Ctrl+Z: below
SCROLL_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}  # the info panel's text
# keys without Ctrl (no two of these tables share a key)
PLAIN_ACTIONS: dict[int, Action] = {
    **{key: ("mode", mode) for key, mode in MODE_KEYS.items()},
    **dict.fromkeys(CLEAR_KEYS, ("clear",)),
    pygame.K_SPACE: ("cycle_mode",),
    pygame.K_h: ("hint",),
    pygame.K_COMMA: ("link", -1),  # walk a chain hint link by link
    pygame.K_PERIOD: ("link", 1),
    pygame.K_n: ("new",),
    **LETTER_ACTIONS,
    pygame.K_ESCAPE: ("menu",),
}


def play_action(event: pygame.event.Event) -> Action | None:
    """The action for a KEYDOWN event on the play screen, or None if the key means nothing."""
    if event.type != pygame.KEYDOWN:
        return None
    key, mod = event.key, getattr(event, "mod", 0)
    ctrl, shift = bool(mod & CTRL), bool(mod & pygame.KMOD_SHIFT)
    if key in DIGIT_KEYS:
        mode = "centre" if ctrl else "corner" if shift else None
        return ("digit", DIGIT_KEYS[key], mode)
    if ctrl and key == pygame.K_z:
        return ("redo",) if shift else ("undo",)
    if ctrl and key in CTRL_ACTIONS:
        return CTRL_ACTIONS[key]
    if mod & pygame.KMOD_ALT and key in (pygame.K_LEFT, pygame.K_RIGHT):
        return ("link", 1 if key == pygame.K_RIGHT else -1)  # walk a chain hint link by link
    if key in ARROWS:
        return ("move", *ARROWS[key], shift or ctrl)
    if key in SCROLL_KEYS:
        return ("scroll", SCROLL_KEYS[key])
    return None if ctrl else PLAIN_ACTIONS.get(key)
