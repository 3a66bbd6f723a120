"""Shared helpers for the game tests: Wikipedia's example puzzle, a clock that moves only when a
test says so, synthetic pygame events, and ways to start or drive a game on the play screen.

The pygame fixtures (``screen``, ``app``, ``fake_generate``) live in tests/conftest.py.
"""

from __future__ import annotations

import math
import time
from types import SimpleNamespace

import pygame

from game.app import App
from game.board import BoardView
from game.hints import Hint
from game.playstate import Puzzle
from game.scenes.play import PlayScene
from game.session import Game
from solver.grid import parse_values
from solver.levels import Level
from solver.step import Step
from tests.positions import cell

# Wikipedia's example puzzle and its solution.
PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
R1C3, R1C4, R2C2, R5C5 = 2, 3, 10, 40  # empty cells of PUZZLE; r1c1 (0) is a given 5
# Arto Inkala's 2012 puzzle: the exact solver checks it in milliseconds, the grader takes ~10 s.
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

FRAME = 1 / 60  # seconds per frame

# An X-Chain on 4 on an empty board, (4)r1c2=(4)r1c8-(4)r8c8=(4)r8c3 => r2c3<>4, with a sentence
# long enough to wrap in the info panel.
X_CHAIN = Step(
    "X-Chain",
    eliminations=((cell("r2c3"), 4),),
    pattern=((cell("r1c2"), 4), (cell("r1c8"), 4), (cell("r8c8"), 4), (cell("r8c3"), 4)),
    links=(
        (((cell("r1c2"),), 4), ((cell("r1c8"),), 4), True),
        (((cell("r1c8"),), 4), ((cell("r8c8"),), 4), False),
        (((cell("r8c8"),), 4), ((cell("r8c3"),), 4), True),
    ),
    text="Either end of the chain is 4, so r2c3, which sees both, is not 4.",
)


class FakeClock:
    """Seconds that move only when a test says so."""

    def __init__(self, now: float = 100.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def make_puzzle(givens: str = PUZZLE, solution: str = SOLUTION, **kw) -> Puzzle:
    return Puzzle(tuple(parse_values(givens)), tuple(parse_values(solution)), **kw)


def make_game(clock=None, **kw) -> Game:
    return Game(make_puzzle(**kw), clock=clock or FakeClock())


def almost_solved(cell: int) -> Puzzle:
    """The solution with one cell left open (a Full House there)."""
    givens = list(parse_values(SOLUTION))
    givens[cell] = 0
    return Puzzle(tuple(givens), tuple(parse_values(SOLUTION)), level=Level.EASY, hardest="Full House")


def key(code: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0)


def click(pos) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos),
    ]


def generated(puzzle: str = PUZZLE, solution: str = SOLUTION, level=Level.MEDIUM, hardest="Hidden Pair"):
    """What generator.generate returns, as far as the game reads it."""
    return SimpleNamespace(
        puzzle=tuple(parse_values(puzzle)),
        solution=tuple(parse_values(solution)),
        level=level,
        grade=SimpleNamespace(hardest=hardest),
        seed=5,
    )


def run_until(app: App, predicate, frames: int = 600) -> None:
    """Run frames of ``app`` (and give the worker time) until ``predicate()`` holds."""
    for _ in range(frames):
        if predicate():
            return
        app.frame([], FRAME)
        time.sleep(0.002)
    assert predicate(), "condition never became true"


def play(app: App, puzzle: Puzzle | None = None) -> PlayScene:
    """Start a game of ``puzzle`` (default: PUZZLE) on the play screen."""
    puzzle = puzzle or Puzzle(tuple(parse_values(PUZZLE)), tuple(parse_values(SOLUTION)), Level.MEDIUM, "Hidden Pair")
    app.game = Game(puzzle, clock=app.clock)
    app.switch(PlayScene(app, app.game))
    return app.scene


def pixels(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    """How many pixels of ``rect`` are exactly ``colour``."""
    colour = pygame.Color(*colour)
    return sum(
        1
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if surface.get_at((x, y)) == colour
    )


# --- a hint on an empty board, and what its candidates look like -------------------------------

BLANK = Puzzle((0,) * 81, tuple(parse_values(SOLUTION)), Level.EXPERT, "X-Chain")


def show(app: App, step: Step, stage: int = 2, select: int = 80, candidates=None) -> PlayScene:
    """The play screen on an empty board with ``step`` at ``stage``, drawn once; the hint shows
    ``candidates`` (81 masks; default: every digit everywhere)."""
    scene = play(app, BLANK)
    game = scene.game
    game.select([select])
    if candidates is None:
        candidates = tuple(game.state.solver_grid().candidates)
    game.hint = Hint("step", stage, step, candidates=tuple(candidates))
    app.frame([], FRAME)
    return scene


def colour_at(surface, point) -> tuple[int, int, int]:
    return tuple(surface.get_at((round(point[0]), round(point[1]))))[:3]


def disc_pixels(surface, board: BoardView, c: int, digit: int, colour) -> int:
    """How many pixels of the candidate's disc (its bounding square) are ``colour``."""
    x, y = board.painter.spot(c, digit)
    r = board.painter.radius
    return sum(
        1
        for px in range(int(x - r), int(x + r) + 1)
        for py in range(int(y - r), int(y + r) + 1)
        if colour_at(surface, (px, py)) == colour
    )


def is_disc(surface, board: BoardView, c: int, digit: int, colour) -> bool:
    """True when the candidate is drawn on a disc of ``colour`` (most of the disc, less its digit:
    over 55% of the disc's area, whatever the board's size)."""
    r = board.painter.radius
    return disc_pixels(surface, board, c, digit, colour) > 0.55 * math.pi * r * r


def solve_by_hand(game: Game) -> None:
    """Type SOLUTION's digit into every open cell of ``game``, as a player would."""
    for index, digit in enumerate(SOLUTION):
        if not game.state.values[index]:
            game.select([index])
            game.input_digit(int(digit))
