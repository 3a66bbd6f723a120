"""Practice mode's model (HoDoKu's practising mode): a position where one technique is the
solver's next step, played on the ordinary board, and the verdict on what the player did there.
Never imports pygame; the position is found in the worker (``game.jobs.practice_position``,
from the shipped practice index, ``generator.practice``).

Glossary:
  position  the grid of a bank puzzle where the technique is the next step: values (givens and
            placed digits) and candidates; the player sees the candidates as centre marks.
  answer    what the player did since: the centre marks they removed and the digits they entered.
  verdict   right (the answer is exactly one of the technique's steps here), partly (a part of
            one, nothing wrong), wrong (something no step of it does), or nothing yet.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.playstate import PlayState, Puzzle
from game.session import Game
from solver.grid import DIGITS_OF, PEERS, allowed_masks, cell_name
from solver.levels import Level
from solver.step import Step

INDEX_FILE = Path(__file__).resolve().parents[1] / "assets" / "bank" / "practice.json"  # generator.practice's
Move = tuple[int, int, bool]  # (cell, digit, placed): a placement, or (placed False) an elimination


@dataclass(frozen=True)
class PracticePosition:
    """A practice position, plain data from the worker: ``technique`` (HoDoKu's name) and its
    ``level``, the bank puzzle's ``givens`` and ``solution`` (81 ints each), the position's
    ``values`` and ``candidates`` (81 ints, 81 masks) and ``steps``: the technique's steps
    there, the one the solver takes first (HoDoKu's choice) first."""

    technique: str
    level: Level
    givens: tuple[int, ...]
    solution: tuple[int, ...]
    values: tuple[int, ...]
    candidates: tuple[int, ...]
    steps: tuple[Step, ...]


def practice_game(position: PracticePosition, clock: Callable[[], float] | None = None) -> Game:
    """A ``Game`` on ``position``: the placed digits as entries, every candidate as a centre
    mark (the candidates earlier steps removed are remembered as eliminated, so a hint starts
    from the same position), Centre mode; Restart goes back to it. Its puzzle is not counted in
    the statistics."""
    puzzle = Puzzle(
        position.givens,
        position.solution,
        position.level,
        position.technique,
        counted=False,
    )
    game = Game(puzzle) if clock is None else Game(puzzle, clock=clock)
    allowed = allowed_masks(list(position.values))
    entries = tuple(v if v and not g else 0 for v, g in zip(position.values, position.givens))
    removed = frozenset(
        (cell, digit)
        for cell in range(81)
        if not position.values[cell]
        for digit in DIGITS_OF[allowed[cell] & ~position.candidates[cell]]
    )
    centre = tuple(0 if position.values[c] else position.candidates[c] for c in range(81))
    game.state = game.start = PlayState(puzzle, entries, (0,) * 81, centre, (0,) * 81, removed)
    game.mode = "centre"
    return game


def answer(position: PracticePosition, state: PlayState) -> frozenset[Move]:
    """What the player did on ``position``: each digit they entered, and each candidate whose
    centre mark they removed (cells still empty) but for those an entered digit took from its
    peers (the auto-clean setting's doing, not an answer)."""
    moves = set()
    entered = {(cell, state.entries[cell]) for cell in range(81) if state.entries[cell] and not position.values[cell]}
    for cell, digit in entered:
        moves.add((cell, digit, True))
    for cell in range(81):
        if position.values[cell] or state.entries[cell]:
            continue
        for digit in DIGITS_OF[position.candidates[cell] & ~state.centre[cell]]:
            if not any((peer, digit) in entered for peer in PEERS[cell]):
                moves.add((cell, digit, False))
    return frozenset(moves)


def moves_of(step: Step) -> frozenset[Move]:
    """A step's placements and eliminations as moves."""
    return frozenset({(c, d, True) for c, d in step.placements} | {(c, d, False) for c, d in step.eliminations})


@dataclass(frozen=True)
class Verdict:
    """The verdict on an answer: ``kind`` ("right", "partly", "wrong" or "nothing"; "example"
    shows the step before any answer), the ``step``
    it is judged against (the closest of the technique's steps), the moves of the answer that
    step makes (``hits``) and does not (``wrong``), and how many it makes in all (``needed``)."""

    kind: str
    step: Step
    hits: int
    needed: int
    wrong: tuple[Move, ...]

    @property
    def title(self) -> str:
        titles = {"right": "RIGHT", "partly": "PARTLY RIGHT", "wrong": "NOT QUITE", "nothing": "YOUR ANSWER"}
        return titles.get(self.kind, "EXAMPLE")

    @property
    def text(self) -> str:
        """A sentence for the player; the board then shows the step."""
        if self.kind == "example":
            return f"{self.step.text} Press N for a position to try yourself, Esc for the list."
        if self.kind == "right":
            return f"That is the {self.step.technique}. {self.step.text}"
        if self.kind == "partly":
            return f"Right so far: {self.hits} of its {self.needed} moves. {self.step.text}"
        if self.kind == "nothing":
            return (
                "Remove the candidates the technique eliminates (click them in Centre mode) or enter "
                "the digit it places, then press Enter. The board now shows the step."
            )
        names = ", ".join(_move_name(move) for move in self.wrong[:4])
        return f"{names}: no {self.step.technique} here does that. {self.step.text}"


def _move_name(move: Move) -> str:
    cell, digit, placed = move
    return f"{cell_name(cell)}{'=' if placed else '<>'}{digit}"


def judge(position: PracticePosition, state: PlayState) -> Verdict:
    """The verdict on the player's answer on ``position`` (``state``: the game's state now):
    against each of the technique's steps there, the one it matches best (most of its moves
    made, then fewest wrong; the solver's own first on ties). A placement the step makes also
    counts its eliminations as made: entering the digit is the whole answer.

    Raises:
        ValueError: ``position`` has no steps.
    """
    if not position.steps:
        raise ValueError("a practice position without its step")
    given = answer(position, state)
    best: tuple[tuple[int, int], Verdict] | None = None
    for step in position.steps:
        expected = moves_of(step)
        placed = {(c, d, True) for c, d in step.placements}
        made = given & expected
        wrong = tuple(sorted(given - expected))
        complete = expected <= given or bool(placed and placed <= given)
        if not given:
            kind = "nothing"
        elif wrong:
            kind = "wrong"
        else:
            kind = "right" if complete else "partly"
        verdict = Verdict(kind, step, len(made), len(expected), wrong)
        rank = (len(made) - 10 * len(wrong), int(complete))
        if best is None or rank > best[0]:
            best = (rank, verdict)
    assert best is not None
    return best[1]


# --- the chooser's list ----------------------------------------------------------------------------

NOTES = {
    "Full House": "the last empty cell of a house takes the digit the house still lacks.",
    "Naked Single": "a cell with one candidate left takes it.",
    "Hidden Single": "a digit with one place left in a house goes there.",
    "Locked Pair": "a naked pair inside a box and a line: its digits leave both houses.",
    "Locked Triple": "a naked triple inside a box and a line: its digits leave both houses.",
    "Locked Candidates Type 1 (Pointing)": ("a digit confined to one line within a box leaves the rest of that line."),
    "Locked Candidates Type 2 (Claiming)": "a digit confined to one box within a line leaves the rest of that box.",
    "Naked Pair": "two cells of a house with the same two candidates: those digits leave the house's other cells.",
    "Naked Triple": "three cells of a house holding only three digits between them: those leave the rest.",
    "Hidden Pair": "two digits with the same two places in a house: those cells lose every other candidate.",
    "Hidden Triple": "three digits confined to three cells of a house: those cells lose their other candidates.",
    "Naked Quad": "four cells of a house holding only four digits: those digits leave the house's other cells.",
    "Hidden Quad": "four digits confined to four cells of a house: those cells keep only them.",
    "X-Wing": "a digit in two rows, each with two places in the same two columns: it leaves those columns.",
    "Swordfish": "a digit's places in three rows lie in three columns: it leaves the rest of those columns.",
    "Jellyfish": "a digit's places in four rows lie in four columns: it leaves the rest of those columns.",
    "Remote Pair": (
        "a chain of cells with the same two candidates: cells seeing both ends, an odd distance apart, lose them."
    ),
    "Bivalue Universal Grave + 1": "every cell has two candidates but one: that one's third digit must be true.",
    "Skyscraper": (
        "two strong links of a digit on parallel lines, one end aligned: cells seeing both other ends lose it."
    ),
    "2-String Kite": (
        "a strong link in a row and one in a column, joined in a box: the cell seeing both free ends loses it."
    ),
    "Turbot Fish": "a chain of four links on one digit: a cell seeing both ends loses it.",
    "Empty Rectangle": "a digit's places in a box form a cross; with a strong link outside it removes the digit.",
    "W-Wing": ("two cells with the same two digits, linked by a strong link of one: cells seeing both lose the other."),
    "XY-Wing": "a pivot xy with wings xz and yz: a cell seeing both wings cannot be z.",
    "XYZ-Wing": "a pivot xyz with wings xz and yz: a cell seeing all three cannot be z.",
    "Uniqueness Test 1": "three corners of a rectangle hold only ab: the fourth cannot be a or b.",
    "Uniqueness Test 2": (
        "a rectangle of ab with the same extra digit in two corners: that digit leaves cells seeing both."
    ),
    "Uniqueness Test 3": "a rectangle's extra digits form a naked subset with other cells of a house.",
    "Uniqueness Test 4": "a strong link of a in a rectangle's two roof cells: b leaves both.",
    "Uniqueness Test 5": "an extra digit in three corners of a rectangle: it leaves cells seeing all of them.",
    "Uniqueness Test 6": ("a digit's strong links along a rectangle's rows and columns: it leaves the other diagonal."),
    "Hidden Rectangle": (
        "a rectangle whose one corner is free of strong links removes a digit from the opposite corner."
    ),
    "Avoidable Rectangle Type 1": (
        "three solved corners (not givens) of a rectangle: the fourth cannot complete a swap."
    ),
    "Avoidable Rectangle Type 2": (
        "an avoidable rectangle with one extra digit in two corners: it leaves cells seeing both."
    ),
    "Finned X-Wing": (
        "an X-Wing with extra places (a fin) in one box: cells seeing the fin and the fish lose the digit."
    ),
    "Sashimi X-Wing": "a finned X-Wing missing one of its corners.",
    "Finned Swordfish": "a swordfish with a fin in one box: cells seeing the fin and the fish lose the digit.",
    "Sashimi Swordfish": "a finned swordfish missing one of its corners.",
    "Finned Jellyfish": "a jellyfish with a fin in one box: cells seeing the fin and the fish lose the digit.",
    "Sashimi Jellyfish": "a finned jellyfish missing one of its corners.",
    "Sue de Coq": "cells where a box meets a line hold digits that two sets, one in each house, must share out.",
    "Simple Colors": "colour a digit's strong links in two colours: one colour is all true, the other all false.",
    "Multi-Colors": "two colour clusters of one digit, linked: one colour of one of them must be false.",
    "X-Chain": "an alternating chain of strong and weak links on one digit: a cell seeing both ends loses it.",
    "XY-Chain": "a chain through cells with two candidates: a cell seeing both ends loses the digit they share.",
    "Nice Loop / AIC": "an alternating inference chain or loop over candidates: its weak links remove candidates.",
    "Grouped Nice Loop / AIC": "a chain or loop whose nodes may be groups of cells in a box and line.",
    "WXYZ-Wing": (
        "four cells holding four digits: the one digit not restricted to one cell leaves cells seeing all its places."
    ),
    "ALS-XZ": (
        "two almost locked sets with a restricted common digit: their other common digit leaves cells seeing both."
    ),
    "ALS-XY-Wing": "three almost locked sets linked by two restricted commons: a third common digit is removed.",
    "ALS-XY-Chain": ("a chain of almost locked sets linked by restricted commons: the ends' common digit is removed."),
    "Death Blossom": "a stem cell whose every candidate leads into an almost locked set: their common digit goes.",
    "Franken X-Wing": "an X-Wing whose base or cover houses include a box.",
    "Franken Swordfish": "a swordfish whose base or cover houses include boxes.",
    "Franken Jellyfish": "a jellyfish whose base or cover houses include boxes.",
    "Finned Franken X-Wing": "a Franken X-Wing with a fin.",
    "Finned Franken Swordfish": "a Franken swordfish with a fin.",
    "Finned Franken Jellyfish": "a Franken jellyfish with a fin.",
    "Forcing Chain": "each candidate of a cell (or place of a digit) leads by chains to the same conclusion.",
    "Forcing Net": "forcing chains whose links may need several earlier ones at once.",
}


def explanation(name: str) -> str:
    """One sentence on technique ``name`` for the chooser ("" when there is none)."""
    return NOTES.get(name, "")


def indexed(path: str | os.PathLike[str] | None = None) -> dict[str, tuple[Level, int]]:
    """The techniques the practice index at ``path`` (default: the shipped one) names: name ->
    (its level, positions it holds), cheapest level first; 0 positions: the worker makes them
    on demand (``generator.practice_make``). {} when the file is missing or not a practice
    index. Read as JSON alone (the game's process does not load the generator)."""
    path = Path(path) if path is not None else INDEX_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        techniques, levels = data["techniques"], data["levels"]  # levels: in the solver's order
        found = {name: (Level[level], len(techniques.get(name) or ())) for name, level in levels.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}
    return dict(sorted(found.items(), key=lambda item: item[1][0]))  # stable: the solver's order within a level


def example(position: PracticePosition) -> Verdict:
    """The "verdict" that shows ``position``'s first step as an example, before any answer."""
    step = position.steps[0]
    return Verdict("example", step, 0, len(moves_of(step)), ())
