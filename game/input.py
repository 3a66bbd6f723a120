"""The play screen's input map (SudokuPad conventions): a key event becomes an action.

An action is a small frozen value saying what the player asked for; the keyboard map here and
the keypad's buttons (game.keypad) give the same ones, and ``PlayScene.perform`` carries them
out with one ``match``:
  Digit(d, mode)        d 1..9 into the selection; mode None = the current entry mode, or
                        "corner" / "centre" forced (Shift, Ctrl)
  SetMode(name)         normal / corner / centre / colour;  CycleMode() the next one (Space)
  Clear()  Undo()  Redo()  Hint()  NewPuzzle()  ToMenu()  Copy()  Paste()
  Move(d_row, d_col, extend)   the selection moves (extend: Shift or Ctrl held)
  UseTool(name)         a tool of game.session.TOOLS (F: fill candidates)
  WalkLink(delta)       a chain hint's highlight one link on (+1) or back (-1)
  Scroll(lines)         the info panel's text
  FlipPage()  ToggleEntropy()  TogglePause()   the keypad's page, the overlay, the pause
  FilterDigit(d)        the digit filter on d 1..9 (F1..F9, Alt+digit); d again, or 0, turns it off
  ToggleMark(cell, d, layer)   one pencil mark in one cell (a click on the mark)

Digits are read from the key code (K_1..K_9, K_KP1..K_KP9), never from ``unicode``: with Shift
held the unicode of K_1 is ``'!'``. Where the layout gives the top row's keys other codes (AZERTY:
& é " ' ( - è _ ç, the digits with Shift), the key's position (its scancode) says which digit it
is, so Shift and Ctrl mean what they mean on any keyboard, as in SudokuPad.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True, slots=True)
class Digit:
    """Enter ``digit`` (1..9) in the selected cells; ``mode`` None means the current entry mode."""

    digit: int
    mode: str | None = None


@dataclass(frozen=True, slots=True)
class SetMode:
    """Switch the entry mode to ``mode`` (one of game.playstate.MODES)."""

    mode: str


@dataclass(frozen=True, slots=True)
class CycleMode:
    """Switch to the next entry mode."""


@dataclass(frozen=True, slots=True)
class Clear:
    """Erase the selected cells' entries and marks."""


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last move."""


@dataclass(frozen=True, slots=True)
class Redo:
    """Make the last move taken back again."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The next hint stage (game.hints)."""


@dataclass(frozen=True, slots=True)
class WalkLink:
    """Move a chain hint's highlight ``delta`` links on (negative: back)."""

    delta: int


@dataclass(frozen=True, slots=True)
class Scroll:
    """Scroll the info panel's text by ``lines`` (negative: up)."""

    lines: int


@dataclass(frozen=True, slots=True)
class Move:
    """Move the selection ``d_row`` rows and ``d_col`` columns; ``extend`` keeps the cells
    already selected."""

    d_row: int
    d_col: int
    extend: bool = False


@dataclass(frozen=True, slots=True)
class NewPuzzle:
    """Start a new puzzle of the same level (the unfinished one stays one undo away)."""


@dataclass(frozen=True, slots=True)
class UseTool:
    """Use the solver tool ``name`` (one of game.session.TOOLS)."""

    name: str


@dataclass(frozen=True, slots=True)
class FlipPage:
    """Show the keypad's other page (digits or tools)."""


@dataclass(frozen=True, slots=True)
class ToggleEntropy:
    """Show or hide the entropy overlay."""


@dataclass(frozen=True, slots=True)
class TogglePause:
    """Pause the game, or go on."""


@dataclass(frozen=True, slots=True)
class FilterDigit:
    """Show only ``digit``'s pencil marks and tint the cells where it can go; the digit already
    filtered, or 0, turns the filter off. A view, not a move: no undo step, not saved."""

    digit: int


@dataclass(frozen=True, slots=True)
class ToggleMark:
    """Toggle pencil mark ``digit`` (1..9) in ``cell``'s ``layer`` ("corner" or "centre"),
    whatever the selection: one undo step."""

    cell: int
    digit: int
    layer: str


@dataclass(frozen=True, slots=True)
class Copy:
    """Copy the puzzle's givens to the clipboard as one line."""


@dataclass(frozen=True, slots=True)
class Paste:
    """Play the puzzle on the clipboard (checked and graded first)."""


@dataclass(frozen=True, slots=True)
class ShowSteps:
    """Open (or close) the solution panel: ``mode`` "path" (the rest of the logical solution)
    or "here" (every step that fires now); game.solution."""

    mode: str


@dataclass(frozen=True, slots=True)
class CheckAnswer:
    """Practice mode: judge the player's answer (game.practice.judge) and show the step."""


@dataclass(frozen=True, slots=True)
class ToMenu:
    """Leave for the menu (the game is saved; in the demo: leave the demo)."""


Action = (
    Digit
    | SetMode
    | CycleMode
    | Clear
    | Undo
    | Redo
    | Hint
    | WalkLink
    | Scroll
    | Move
    | NewPuzzle
    | UseTool
    | FlipPage
    | ToggleEntropy
    | TogglePause
    | FilterDigit
    | ToggleMark
    | Copy
    | Paste
    | ShowSteps
    | CheckAnswer
    | ToMenu
)
WHILE_PAUSED = (TogglePause, ToMenu, FlipPage)  # the actions a paused game still takes
# a tool's message stays
KEEP_NOTICE = (Move, SetMode, CycleMode, ToggleEntropy, FlipPage, WalkLink, Scroll, FilterDigit)


DIGIT_KEYS = {getattr(pygame, f"K_{d}"): d for d in range(1, 10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): d for d in range(1, 10)})
TOP_ROW_DIGITS = {getattr(pygame, f"KSCAN_{d}"): d for d in range(10)}  # key positions, any layout: 0 clears
FILTER_KEYS = {getattr(pygame, f"K_F{d}"): d for d in range(1, 10)}  # F1..F9: the digit filter (F11: full screen)
CLEAR_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_0, pygame.K_KP0, pygame.K_KP_PERIOD)
MODE_KEYS = {pygame.K_z: "normal", pygame.K_x: "corner", pygame.K_c: "centre", pygame.K_v: "colour"}
ARROWS = {
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
}
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META
LETTER_ACTIONS: dict[int, Action] = {
    pygame.K_f: UseTool("fill"),
    pygame.K_e: ToggleEntropy(),
    pygame.K_p: TogglePause(),
    pygame.K_t: FlipPage(),
    pygame.K_s: ShowSteps("path"),
    pygame.K_a: ShowSteps("here"),
}
CTRL_ACTIONS: dict[int, Action] = {pygame.K_y: Redo(), pygame.K_c: Copy(), pygame.K_v: Paste()}  # Ctrl+Z: below
SCROLL_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}  # the info panel's text
# keys without Ctrl (no two of these tables share a key)
PLAIN_ACTIONS: dict[int, Action] = {
    **{key: SetMode(mode) for key, mode in MODE_KEYS.items()},
    **dict.fromkeys(CLEAR_KEYS, Clear()),
    pygame.K_SPACE: CycleMode(),
    pygame.K_h: Hint(),
    pygame.K_COMMA: WalkLink(-1),  # walk a chain hint link by link
    pygame.K_PERIOD: WalkLink(1),
    pygame.K_n: NewPuzzle(),
    pygame.K_RETURN: CheckAnswer(),
    pygame.K_KP_ENTER: CheckAnswer(),
    **LETTER_ACTIONS,
    pygame.K_ESCAPE: ToMenu(),
}


def _top_row_digit(event: pygame.event.Event) -> int | None:
    """The digit (0-9) of a top-row key whose code is not a digit's (AZERTY's & for 1... and à
    for 0), by its position; None for every other key, and for a code that means something here
    already."""
    if event.key in PLAIN_ACTIONS or event.key in ARROWS or event.key in SCROLL_KEYS:
        return None
    return TOP_ROW_DIGITS.get(getattr(event, "scancode", 0))


def play_action(event: pygame.event.Event) -> Action | None:
    """The action for a KEYDOWN event on the play screen, or None if the key means nothing."""
    if event.type != pygame.KEYDOWN:
        return None
    key, mod = event.key, getattr(event, "mod", 0)
    ctrl, shift = bool(mod & CTRL), bool(mod & pygame.KMOD_SHIFT)
    if key in FILTER_KEYS:
        return FilterDigit(FILTER_KEYS[key])
    digit = DIGIT_KEYS.get(key)
    if digit is None:
        digit = _top_row_digit(event)
        if digit == 0 and not ctrl:  # AZERTY's à: its position is the 0's
            return Clear()
    if digit and mod & pygame.KMOD_ALT and not ctrl:
        return FilterDigit(digit)  # Alt+digit: the filter, for keyboards without F-keys
    if digit:
        mode = "centre" if ctrl else "corner" if shift else None
        return Digit(digit, mode)
    if ctrl and key == pygame.K_z:
        return Redo() if shift else Undo()
    if ctrl and key in CTRL_ACTIONS:
        return CTRL_ACTIONS[key]
    if mod & pygame.KMOD_ALT and key in (pygame.K_LEFT, pygame.K_RIGHT):
        return WalkLink(1 if key == pygame.K_RIGHT else -1)  # walk a chain hint link by link
    if key in ARROWS:
        return Move(*ARROWS[key], shift or ctrl)
    if key in SCROLL_KEYS:
        return Scroll(SCROLL_KEYS[key])
    return None if ctrl else PLAIN_ACTIONS.get(key)
