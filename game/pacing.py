"""Frame pacing: flips that come every 1/FPS seconds, whatever each frame's work.

``pygame.time.Clock.tick(fps)`` sleeps for what is left of the period after the *previous*
frame's work, and the frame's own work comes after the sleep; so when one frame takes 8 ms and
the one before it 3 ms (a puzzle being made on the other core slows drawing down that much),
the flip lands 5 ms late: on a 2-core machine the interval between flips reached 20-24 ms at
60 fps. ``FramePacer`` schedules the flip instead, as a display with vertical sync does: a
frame starts early enough for the work the last frames took (``expected``), and its flip
waits for its slot. A frame reads its input at most ``expected`` seconds before it is shown,
about what the old order cost when the work was slow, and the first frame after a pause
shows as soon as it is drawn.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

MARGIN = 0.001
"""Seconds a frame starts earlier than its expected work needs (sleep wake-up and jitter)."""
WINDOW = 120
"""Frames whose work sets the expectation (the longest of them)."""


class FramePacer:
    """Paces frames at ``fps`` on flip times: ``begin()`` before a frame (it sleeps until the
    frame should start and returns the seconds from the previous frame's flip to this one's),
    ``present(flip)`` once it is drawn (it waits for the frame's slot, then calls ``flip``), or
    ``skip()`` when it drew nothing (the slot passes as if flipped, so a loop of frames that draw
    nothing still runs at ``fps``). A frame that reaches its slot late is shown at once and the
    slots start again from it (never a burst of frames to catch up); so does the first frame,
    and the first after a pause (``pause()``, e.g. while the loop waits for events). What
    ``flip`` itself takes does not move the slots.

    ``now`` and ``sleep`` (seconds) default to ``time.perf_counter`` and ``time.sleep``.
    """

    def __init__(
        self,
        fps: float,
        *,
        now: Callable[[], float] = time.perf_counter,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if fps <= 0:
            raise ValueError(f"fps must be positive, not {fps}")
        self.period = 1.0 / fps
        self.now, self.sleep = now, sleep
        # until WINDOW frames are timed, half a period is assumed possible: the first frames
        # of a scene render new text and pictures, and a late flip is what the pacer is for
        self.works: deque[float] = deque([self.period / 2], maxlen=WINDOW)
        self.slot: float | None = None  # when the frame being made should be flipped; None: at once
        self.started: float | None = None  # when it began
        self.shown: float | None = None  # when the last frame was flipped (or skipped)

    def expected(self) -> float:
        """The work a frame is expected to take: the longest of the last ``WINDOW`` (a period
        at most: a frame cannot start before the flip before it), plus ``MARGIN``."""
        return min(max(self.works, default=0.0), self.period) + MARGIN

    def begin(self) -> float:
        """Sleep until this frame should start (its slot less ``expected()``); return the
        seconds from the previous frame's flip to this frame's slot (when it is meant to be
        seen; at once after a pause), what an animation should advance by (0.0 at first)."""
        now = self.now()
        if self.slot is not None:
            start_at = self.slot - self.expected()
            if start_at > now:
                self.sleep(start_at - now)
                now = self.now()
        self.started = now
        shown_at = self.slot if self.slot is not None else now
        return 0.0 if self.shown is None else max(0.0, shown_at - self.shown)

    def present(self, flip: Callable[[], None]) -> None:
        """Wait for this frame's slot (if its work left time), ``flip()``, and book the next
        slot a period after this one; or, if the frame reached its slot late, a period after
        it was shown."""
        now = self.now()
        if self.started is not None:
            self.works.append(now - self.started)
        slot = self.slot
        if slot is not None and now < slot:
            self.sleep(slot - now)
            now = self.now()
        flip()
        if slot is not None and now - slot <= MARGIN:
            self.shown = slot  # on time: the slots keep their cadence
        else:
            self.shown = now  # late, or the first frame: the slots start again from here
        self.slot = self.shown + self.period

    def skip(self) -> None:
        """The frame drew nothing: its slot passes as a flip's would (a frame a period later)."""
        self.present(_nothing)

    def pause(self) -> None:
        """The loop stops drawing for a while: the next frame shows as soon as it is drawn."""
        self.slot = None


def _nothing() -> None:
    """The flip of a frame that drew nothing."""
