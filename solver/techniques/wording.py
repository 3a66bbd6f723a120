"""Small helpers for the sentences the finders write beside each step."""

from __future__ import annotations

from collections.abc import Iterable

from solver.grid import cell_name


def and_list(words: Iterable[object]) -> str:
    """``'a'``, ``'a and b'``, ``'a, b and c'``: a list as a person writes it."""
    texts = [str(word) for word in words]
    if len(texts) <= 1:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} and {texts[-1]}"


def or_list(words: Iterable[object]) -> str:
    """``'a'``, ``'a or b'``, ``'a, b or c'``."""
    texts = [str(word) for word in words]
    if len(texts) <= 1:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} or {texts[-1]}"


def cells_text(cells: Iterable[int]) -> str:
    """``'r1c2 and r1c7'`` for cells 1 and 6."""
    return and_list(cell_name(cell) for cell in cells)
