"""Equivalent positions for rare techniques: the practice index's top-ups.

A technique the bank's solution paths seldom take next gets more positions from Sudoku's
symmetries (``isomorph``): each of its positions mapped by a seeded one (``mapped``), kept
when the solver's next step there is still the technique (``top_up``).
"""

from __future__ import annotations

import random
from typing import Any

from solver.grid import Grid
from solver.human import ALL_LEVELS, next_step
from solver.techniques import technique


def isomorph(seed: int) -> tuple[list[int], list[int]]:
    """One of Sudoku's symmetries, drawn from ``seed``: (source cell of each of the 81 cells,
    new digit of each digit 0..9 (0 stays 0)). Bands, the rows within each band, stacks and the
    columns within each stack are permuted, the grid is transposed half the time, and the
    digits relabelled. A position and its image need the same techniques (every technique is
    defined alike for rows, columns and boxes, and for every digit), so one where a technique
    is the solver's next step mostly maps to another where it is; not always, since HoDoKu's
    ALS-XY-Chain search follows its list of sets, which follows the cells' order (``top_up``
    checks each image)."""
    rng = random.Random(seed)

    def lines() -> list[int]:
        bands = rng.sample(range(3), 3)
        return [3 * band + row for band in bands for row in rng.sample(range(3), 3)]

    rows, cols, flip = lines(), lines(), rng.random() < 0.5
    source = [9 * rows[c] + cols[r] if flip else 9 * rows[r] + cols[c] for r in range(9) for c in range(9)]
    return source, [0, *rng.sample(range(1, 10), 9)]


def mapped(record: dict[str, Any], seed: int) -> dict[str, Any]:
    """``record`` (an index record) under ``isomorph(seed)``, saying so (``"isomorph"``)."""
    source, digit = isomorph(seed)
    puzzle, values, masks = record["puzzle"], record["values"], record["candidates"]
    relabel = [0] * 512
    for mask in range(512):
        for d in range(1, 10):
            if mask >> (d - 1) & 1:
                relabel[mask] |= 1 << (digit[d] - 1)
    return {
        **record,
        "puzzle": "".join("." if puzzle[c] in ".0" else str(digit[int(puzzle[c])]) for c in source),
        "values": "".join(str(digit[int(values[c])]) for c in source),
        "candidates": "".join(f"{relabel[int(masks[3 * c : 3 * c + 3], 16)]:03x}" for c in source),
        "isomorph": seed,
    }


def top_up(techniques: dict[str, list[dict[str, Any]]], wanted: int, seed: int) -> None:
    """Give each technique of ``techniques`` (name -> its index records, from the bank) at least
    ``wanted`` records: a rare one's positions are repeated under Sudoku's symmetries
    (``isomorph``, seeds drawn from ``seed`` and the name), each record saying which
    (``"isomorph"``), in turn over the technique's own positions. An image where the solver's
    next step is another technique is passed over (at most ``20 * wanted`` images are tried)."""
    for name, kept in techniques.items():
        found = [record for record in kept if "isomorph" not in record]
        rng = random.Random(f"{seed} {name}")
        tries = 0
        while found and len(kept) < wanted and tries < 20 * wanted:
            image = mapped(found[tries % len(found)], rng.randrange(1, 2**32))
            tries += 1
            if _next_technique(image) == name:
                kept.append(image)


def _next_technique(record: dict[str, Any]) -> str | None:
    """The name of the technique the solver takes first at an index record's position."""
    puzzle, masks = record["puzzle"], record["candidates"]
    grid = Grid([int(ch) for ch in record["values"]], given=[ch in "123456789" for ch in puzzle])
    grid.candidates[:] = [int(masks[3 * c : 3 * c + 3], 16) for c in range(81)]
    step = next_step(grid, ALL_LEVELS)
    return None if step is None else technique(step.technique).name
