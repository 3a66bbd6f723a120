"""The work the app does after each frame, off the player's clock.

Once the first frame is up, the puzzle bank is read on a thread; once it is in and a quiet
screen shows (the menu and the like, where a slow frame goes unseen), a play screen is drawn
once off screen, so that the first instant game's frame finds its text already rendered; the
reserve of fresh puzzles keeps filling; the sounds are made when asked for (synthesis takes a
moment, so never before the first frame); and a bank that cannot be read is logged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.settings import Settings
    from game.sound import Sounds
    from game.supply import PuzzleSupply, ReserveFiller

QUIET_SCENES = ("menu", "difficulty", "settings", "stats")  # where a one-off slow frame goes unseen

Guard = Callable[..., None]  # guard(fn, *args): run fn, turning an exception into the app's recovery


class Frame(Protocol):
    """What the upkeep reads of the app (game.app.App) after a frame."""

    @property
    def settings(self) -> Settings: ...
    @property
    def scene(self) -> object: ...
    def log(self, message: str) -> None: ...


class Upkeep:
    """After-frame work for one app: ``supply`` and ``filler`` are its instant games and their
    reserve filler; ``warm_up()`` draws a play screen off screen; ``guard`` runs a step so that
    an exception goes to the app's recovery instead of the loop."""

    def __init__(self, supply: PuzzleSupply, filler: ReserveFiller, warm_up: Callable[[], None], guard: Guard) -> None:
        self.supply = supply
        self.filler = filler
        self.warm_up = warm_up
        self.guard = guard
        self.bank_read = False  # the bank's reading has started
        self.warm = False  # the play screen has been drawn once off screen
        self._sounds_wanted: tuple[float, bool] | None = None

    def want_sounds(self, volume: float, enabled: bool) -> None:
        """Make the sounds (``volume`` 0..1) after the next frame."""
        self._sounds_wanted = (volume, enabled)

    def after_frame(self, host: Frame, dt: float) -> Sounds | None:
        """The work after one frame of ``host`` (``dt`` seconds long); returns the sounds when
        they were asked for and are made now, else None."""
        if not self.bank_read:
            self.bank_read = True
            self.supply.start_loading()
        elif (
            not self.warm
            and host.settings.puzzle_source == "bank"
            and self.supply.ready
            and getattr(host.scene, "name", None) in QUIET_SCENES
        ):
            self.warm = True
            self.guard(self.warm_up)
        self.guard(self.filler.tick, host, dt)
        while self.supply.problems:
            host.log(self.supply.problems.pop(0))
        if self._sounds_wanted is not None:
            from game.sound import Sounds  # numpy and synthesis, kept out of the first frame

            volume, enabled = self._sounds_wanted
            self._sounds_wanted = None
            return Sounds.create(volume=volume, enabled=enabled)
        return None
