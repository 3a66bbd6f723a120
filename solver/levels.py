"""Difficulty levels, ordered so that one comparison ranks puzzles (after Simon Tatham's Solo).

The boundaries follow HoDoKu's so that our grades can be compared with it:
EASY needs only singles; MEDIUM adds Locked Candidates and Naked/Hidden Pairs and Triples;
HARD adds quads, basic fish (X-Wing, Swordfish, Jellyfish), XY-Wing and XYZ-Wing.
BEYOND is a puzzle our techniques cannot finish; it is graded as such, never guessed.
The gap in the values leaves room for EXPERT and MASTER between HARD and BEYOND.
"""

from __future__ import annotations

import enum


class Level(enum.IntEnum):
    EASY = 1
    MEDIUM = 2
    HARD = 3
    BEYOND = 9

    @property
    def label(self) -> str:
        """The name a person reads: ``'Easy'``, ``'Medium'``, ``'Hard'``, ``'Beyond'``."""
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> "Level":
        """``'easy'`` / ``'Medium'`` / ``'HARD'`` / ``'beyond'`` to a Level.

        Raises:
            ValueError: the text names no level; the message lists the valid names.
        """
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(level.name.lower() for level in cls)
            raise ValueError(f"unknown level {text!r}; choose one of {names}") from None


PLAYABLE_LEVELS = (Level.EASY, Level.MEDIUM, Level.HARD)
