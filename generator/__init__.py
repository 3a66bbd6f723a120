"""Puzzle generation: WFC fill, digging, difficulty targeting. Never imports pygame."""

from generator.generate import GeneratedPuzzle, GenerationCancelled, GenerationError, generate

__all__ = ["GeneratedPuzzle", "GenerationCancelled", "GenerationError", "generate"]
