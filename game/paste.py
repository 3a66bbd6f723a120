"""A pasted puzzle, checked, solved and graded off the UI thread (game.tools.import_puzzle on the
app's job runner), for the menu and the play screen alike."""

from __future__ import annotations

from functools import partial

from game import jobs

NO_CLIPBOARD = "The clipboard is not available here."
CHECKING = "Checking the pasted puzzle..."


class PasteJob:
    """One paste at a time on ``app.jobs``: ``start`` submits it, ``poll`` (once per frame)
    returns ("done", game.made.MadePuzzle), ("error", the reason for the player) or None meanwhile;
    ``cancel`` drops it."""

    def __init__(self, app):
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

    def poll(self) -> tuple[str, object] | None:
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
