"""Render what a player sees of a Master hint into docs/: stage 1 (where to look), stage 2 (the
chain drawn, its sentence and notation), a chain walked link by link, and a hidden single's why.

    SDL_VIDEODRIVER=dummy python docs/screenshots.py [--size 1200x800] [--out docs]

Puzzles come from the shipped bank (the first Master puzzle whose solve path takes a forcing
chain, and the first Hard puzzle's first hidden single), so the pictures change only when the
bank or the drawing does.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.hints import Hint  # noqa: E402
from game.playstate import Puzzle  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402
from game.session import Game  # noqa: E402
from solver.grid import parse_values  # noqa: E402
from solver.human import apply_fresh, next_step  # noqa: E402
from solver.levels import Level  # noqa: E402
from solver.techniques import technique  # noqa: E402
from solver.walks import grid_or_none  # noqa: E402

FRAME = 1 / 60


def _bank(level: str) -> list[dict]:
    return json.loads((ROOT / "assets" / "bank" / f"{level}.json").read_text())["puzzles"]


def _position(wanted: str):
    """The first Master puzzle whose path takes a step named ``wanted``: (record, grid, step)."""
    for record in _bank("master"):
        grid = grid_or_none(parse_values(record["puzzle"]))
        while (step := next_step(grid, Level.MASTER)) is not None:
            if step.technique.startswith(wanted):
                return record, grid, step
            apply_fresh(step, grid)
    raise SystemExit(f"no {wanted} in the bank's Master puzzles")


def _scene(app: App, record: dict, level: Level, grid) -> PlayScene:
    """The play screen on ``record`` with the position ``grid`` entered as the player's digits."""
    puzzle = Puzzle(tuple(parse_values(record["puzzle"])), tuple(parse_values(record["solution"])), level, "")
    app.game = Game(puzzle, clock=app.clock)
    app.switch(PlayScene(app, app.game))
    for cell, value in enumerate(grid.values):
        if value and not puzzle.givens[cell]:
            app.game.select([cell])
            app.game.input_digit(value, "normal")
    app.game.select([80])
    return app.scene


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1200x800", help="window size, WxH (default 1200x800)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder for the PNGs (default docs)")
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.lower().split("x"))
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((width, height))
    app = App(screen, seed=11, clock=lambda: 100.0)
    args.out.mkdir(parents=True, exist_ok=True)

    def shoot(name: str) -> None:
        app.frame([], FRAME)
        pygame.image.save(screen, str(args.out / name))
        print(args.out / name)

    record, grid, step = _position("Forcing Chain")
    scene = _scene(app, record, Level.MASTER, grid)
    values = tuple(grid.values)
    for stage in (1, 2):
        scene.game.hint = Hint("step", stage, step, candidates=tuple(grid.candidates), values=values)
        shoot(f"hint-master-stage{stage}.png")
    scene.game.hint = Hint("step", 2, step, candidates=tuple(grid.candidates), values=values, link=3)
    shoot("hint-master-walk.png")

    record = _bank("hard")[0]
    grid = grid_or_none(parse_values(record["puzzle"]))
    single = next(technique("Hidden Single").finder(grid))
    scene = _scene(app, record, Level.HARD, grid)
    scene.game.hint = Hint("step", 2, single, candidates=tuple(grid.candidates), values=tuple(grid.values))
    shoot("hint-hidden-single.png")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
