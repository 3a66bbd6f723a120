"""A pasted puzzle off the UI thread, for the menu and the play screen alike: checked and solved
at once (``PasteJob``: game.tools.import_puzzle on the app's job runner, milliseconds), then
graded while the player already plays it (``Grading``: game.jobs.grade_puzzle, which can take
many seconds). The grade only fills in the level: the board never changes because of it."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from game import jobs

if TYPE_CHECKING:
    from game.host import Host
    from game.playstate import Puzzle
    from game.session import Game

NO_CLIPBOARD = "The clipboard is not available here."
CHECKING = "Checking the pasted puzzle..."
SAID_SECONDS = 4.0  # how long "Graded: ..." or "Grading stopped" stays in the header


class PasteJob:
    """One paste at a time on ``app.jobs``: ``start`` submits it, ``poll`` (once per frame)
    returns ("done", game.made.MadePuzzle), ("error", the reason for the player) or None meanwhile;
    ``cancel`` drops it."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.active = False

    def start(self, text: str | None) -> str:
        """Check ``text`` (the clipboard's; None when there is no clipboard); returns the line to
        show meanwhile."""
        if text is None:
            return NO_CLIPBOARD
        self.active = True
        self.app.jobs.submit(partial(jobs.import_puzzle, text), name="paste")
        return CHECKING

    def poll(self) -> tuple[str, Any] | None:  # ("done", MadePuzzle) or ("error", str)
        if not self.active:
            return None
        for message in self.app.jobs.poll():
            if message.kind == "done":
                self.active = False
                return "done", message.value
            if message.kind in ("error", "cancelled"):
                self.active = False
                reason = str(message.value or "cancelled").split(": ", 1)[-1]
                return "error", f"{reason[:1].upper()}{reason[1:]}."
        return None

    def cancel(self) -> None:
        if self.active:
            self.app.jobs.cancel()
            self.active = False


class Grading:
    """Grades the play screen's puzzle on ``app.jobs`` while it is played, when its level is not
    known (a pasted puzzle, or ``play --puzzle``); one scene's, cancelled when it leaves.

    ``tick(game, dt)`` once per frame starts the grading of ``game``'s current puzzle when it
    has no level and the player has not stopped its grading (``game.grading_stopped``), follows
    the job, and hands a grade in through ``game.grade_puzzle`` (the level appears; nothing on
    the board changes). A newer job on the runner (another paste, a new puzzle) supersedes the
    grading, which starts again once the runner is free (or only filling the reserve) when its
    puzzle is still ungraded. ``stop`` is Esc: the grading
    ends and the puzzle stays "not graded". ``line`` and ``level_text`` are what the header shows.
    """

    def __init__(self, app: Host) -> None:
        self.app = app
        self.puzzle: Puzzle | None = None  # the puzzle being graded (a game.playstate.Puzzle), or None
        self.job = 0
        self.seconds = 0.0  # how long the grading has run
        self.said, self.said_left = "", 0.0  # the last outcome, and how long it stays

    @property
    def active(self) -> bool:
        """True while a grading job runs."""
        return self.puzzle is not None

    def tick(self, game: Game, dt: float) -> None:
        """One frame (``dt`` seconds) of the play screen showing ``game`` (a game.session.Game)."""
        self.said_left = max(0.0, self.said_left - dt)
        runner = self.app.jobs
        if self.puzzle is not None and runner.current != self.job:
            self.puzzle = None  # superseded by a newer job; started again below if still needed
        if self.puzzle is None:
            puzzle = game.puzzle
            free = not runner.busy or runner.current == self.app.filler.job  # the reserve can wait
            if free and puzzle.level is None and puzzle not in game.grading_stopped and not game.solved:
                self.puzzle, self.seconds = puzzle, 0.0
                self.job = runner.submit(partial(jobs.grade_puzzle, puzzle.givens), name="grade")
            return
        self.seconds += dt
        for message in runner.poll():
            if message.kind == "done":
                level, hardest = message.value
                assert self.puzzle is not None  # a job ends with one message: set until then
                self.puzzle.learn_grade(level, hardest)
                self.app.profile.history_graded(self.puzzle)
                if self.puzzle.counted:  # a pasted puzzle is not counted in the statistics
                    self.app.profile.record_start(level)
                self._say(f"Graded: {level.label}" + (f", hardest step {hardest}" if hardest else ""))
            elif message.kind == "error":
                self.app.log(f"grading failed: {message.value}")
                assert self.puzzle is not None  # a job ends with one message: set until then
                game.grading_stopped.add(self.puzzle)
                self._say("The grader failed on this puzzle: not graded")
            elif message.kind != "cancelled":
                continue
            self.puzzle = None

    def stop(self, game: Game) -> bool:
        """Esc: stop the grading of ``game``'s puzzle for good (it stays "not graded"); True when
        a grading was running, False (nothing done) otherwise."""
        if self.puzzle is None:
            return False
        game.grading_stopped.add(self.puzzle)
        self.cancel()
        self._say("Grading stopped: the puzzle stays not graded")
        return True

    def cancel(self) -> None:
        """Drop the running grading (the play screen is left); it starts again on return."""
        if self.puzzle is not None:
            if self.app.jobs.current == self.job:
                self.app.jobs.cancel()
            self.puzzle = None

    def _say(self, words: str) -> None:
        self.said, self.said_left = words, SAID_SECONDS

    def line(self) -> str:
        """The header's status line: the running grading, else the last outcome for a few
        seconds, else ""."""
        if self.puzzle is not None:
            return f"Grading... {int(self.seconds)} s    Esc stops it"
        return self.said if self.said_left > 0 else ""

    def level_text(self, game: Game) -> str | None:
        """What the header's level chip says when ``game``'s puzzle has no level: "GRADING" or
        "NOT GRADED"; None when it has one."""
        puzzle = game.puzzle
        if puzzle.level is not None:
            return None
        return "GRADING" if puzzle is self.puzzle else "NOT GRADED"
