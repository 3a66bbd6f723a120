"""Difficulty levels, ordered so that one comparison ranks puzzles (after Simon Tatham's Solo).

The boundaries follow HoDoKu 2.2's so that our grades can be compared with it (its names in
brackets): EASY needs only singles; MEDIUM adds Locked Candidates and Naked/Hidden Pairs and
Triples; HARD adds quads, basic fish, the single-digit patterns, wings, colouring, finned
X-Wings and the uniqueness techniques; EXPERT (UNFAIR) adds chains, Almost Locked Sets, Sue de
Coq, bigger finned fish and Franken fish; MASTER (EXTREME) adds forcing chains and nets.
BEYOND is a puzzle our techniques cannot finish; it is graded as such, never guessed.
"""

from __future__ import annotations

import enum


class Level(enum.IntEnum):
    EASY = 1
    MEDIUM = 2
    HARD = 3
    EXPERT = 4
    MASTER = 5
    BEYOND = 9

    @property
    def label(self) -> str:
        """The name a person reads: ``'Easy'``, ``'Medium'``, ..., ``'Master'``, ``'Beyond'``."""
        return self.name.capitalize()

    @property
    def hodoku_name(self) -> str:
        """HoDoKu's name for the level: EASY, MEDIUM, HARD, UNFAIR, EXTREME (BEYOND stays)."""
        return _HODOKU_NAMES.get(self, self.name)

    @property
    def score_cap(self) -> int | None:
        """HoDoKu's highest score for a puzzle of this level, None when unlimited.

        HoDoKu raises a puzzle's level while its score (the sum of its step scores) is above
        the cap: EASY 800, MEDIUM 1000, HARD 1600, UNFAIR 1800 (HoDoKu 2.2's Options.java).
        """
        return _SCORE_CAPS.get(self)

    @classmethod
    def parse(cls, text: str) -> Level:
        """``'easy'`` / ``'Medium'`` / ``'HARD'`` / ``'unfair'`` / ``'extreme'`` to a Level.

        HoDoKu's names UNFAIR and EXTREME are read as EXPERT and MASTER.

        Raises:
            ValueError: the text names no level; the message lists the valid names.
        """
        key = text.strip().upper()
        key = {"UNFAIR": "EXPERT", "EXTREME": "MASTER"}.get(key, key)
        try:
            return cls[key]
        except KeyError:
            names = ", ".join(level.name.lower() for level in cls)
            raise ValueError(f"unknown level {text!r}; choose one of {names}") from None


_HODOKU_NAMES = {Level.EXPERT: "UNFAIR", Level.MASTER: "EXTREME"}
_SCORE_CAPS = {Level.EASY: 800, Level.MEDIUM: 1000, Level.HARD: 1600, Level.EXPERT: 1800}

PLAYABLE_LEVELS = (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.MASTER)
"""The levels the game and ``gen`` offer."""
