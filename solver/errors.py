"""Errors raised for puzzles that are not proper Sudoku puzzles.

All derive from ``PuzzleError(ValueError)`` so a caller can catch every bad-puzzle case at once;
the message is a sentence meant for a person ("two 5s in row 3").
"""


class PuzzleError(ValueError):
    """A puzzle that cannot be played: badly written, contradictory, or ambiguous."""


class PuzzleFormatError(PuzzleError):
    """The text is not a Sudoku grid: wrong length, a bad character, or a digit twice in a house."""


class NoSolutionError(PuzzleError):
    """The givens are consistent house by house, but no grid completes them."""


class MultipleSolutionsError(PuzzleError):
    """More than one grid completes the givens, so the puzzle has no unique answer."""
