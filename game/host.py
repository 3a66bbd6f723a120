"""What the scenes, the reserve filler and the paste job use of the app they are given.

``game.app.App`` is the one host. The protocol stands here, below them, so they can say what
they need without importing ``game.app``, which imports them (the screens are the app's parts;
the app is not theirs).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from game.jobs import JobRunner
    from game.layout import Layout
    from game.made import MadePuzzle
    from game.playstate import MadeLike
    from game.profile import Profile
    from game.session import Game
    from game.settings import Settings
    from game.theme import Theme
    from game.worker_process import ProcessJobRunner
    from solver.levels import Level


class SoundPlayer(Protocol):
    """The app's sounds (real ones, or silence)."""

    def play(self, name: str) -> None: ...


class ReserveJob(Protocol):
    """The reserve filler as others see it: the number of the job it has running, if any."""

    job: int | None


class Host(Protocol):
    """The app: its screen and layout, job runners, current game and scene, settings and
    profile, and the moves the screens ask of it (see ``game.app.App`` for each)."""

    theme: Theme
    jobs: JobRunner | ProcessJobRunner
    hint_jobs: JobRunner
    clock: Callable[[], float]
    game: Game | None
    scene: object  # the current scene (game.scenes.base.Scene), or None before the first
    profile: Profile
    filler: ReserveJob
    sounds: SoundPlayer
    demo: bool
    animation_speed: str

    @property
    def screen(self) -> pygame.Surface: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def settings(self) -> Settings: ...

    def goto(self, name: str, **kwargs: Any) -> object: ...
    def log(self, message: str) -> None: ...
    def quit(self, code: int = 0) -> None: ...
    def apply_settings(self, settings: Settings) -> None: ...
    def new_game(self, level: Level, replace: bool = False) -> None: ...
    def new_puzzle(
        self, made: MadeLike, counted: bool = True, daily: datetime.date | None = None, source: str | None = None
    ) -> Game: ...
    def play_imported(self, imported: MadePuzzle) -> None: ...
    def start_demo(self, level: Level | None = None, quits: bool = False) -> None: ...
    def end_demo(self) -> None: ...
    def next_seed(self) -> int: ...
    def record_win(self, game: Game) -> bool: ...
    def record_practice(self, technique: str, first: bool, solved: bool) -> None: ...
    def toast(self, message: str) -> None: ...
    def window_settling(self) -> bool: ...
