"""The practice command: positions where a technique is the solver's next step, as HoDoKu
pencil-mark grids or JSON lines. The positions come from generator/practice.py (the shipped
index, a search of the bank, or made on demand by generator/practice_make.py).
"""

from __future__ import annotations

import argparse
import difflib

from cli.common import (
    EXIT_OK,
    EXIT_PUZZLE,
    EXIT_USAGE,
    Commands,
    non_negative_arg,
    output_argument,
    positive_arg,
    program_name,
    report,
)
from puzzle_io.batch import Output, json_line
from puzzle_io.formats import PuzzleRecord, format_puzzle, read_puzzles, to_line

GIVENS_MATTER = ("Avoidable Rectangle Type 1", "Avoidable Rectangle Type 2")
"""Techniques whose pattern must be made of placed digits that are not givens: a pencil-mark
grid, which does not say which digits are givens, cannot show them."""


def _folded(text: str) -> str:
    """A technique name without case, spaces or punctuation: "x wing" and "X-Wing" agree."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def technique_named(text: str) -> str | None:
    """The registry name (HoDoKu's spelling) of the technique ``text`` names: a technique or
    step name as ``solver.techniques.technique`` reads it ("Simple Colors Wrap"), else the
    same read without regard to case, spaces or punctuation ("x-wing", "nice loop/aic"); None
    when no technique, or several, match."""
    from solver.techniques import TECHNIQUES, technique

    try:
        return technique(text).name
    except KeyError:
        pass
    folded = _folded(text)
    found = {t.name for t in TECHNIQUES for name in (t.name, *t.names) if _folded(name) == folded}
    return found.pop() if len(found) == 1 else None


def cmd_practice(args: argparse.Namespace, out: Output) -> int:
    """Print ``-n`` positions where the technique is the solver's next step (generator.practice):
    HoDoKu pencil-mark grids separated by blank lines, or JSON lines."""
    from generator.bank_format import BankError
    from generator.practice import SEARCH_LIMIT, practice_positions, read_index
    from generator.practice_make import MAKEABLE
    from solver.techniques import TECHNIQUES

    name = technique_named(args.technique)
    if name is None:
        names = [t.name for t in TECHNIQUES]
        folded = {_folded(n): n for n in names}  # "xwng" is near "xwing", not "X-Wing"
        close = [folded[n] for n in difflib.get_close_matches(_folded(args.technique), folded, n=3, cutoff=0.6)]
        hint = f" (did you mean {' or '.join(repr(n) for n in close)}?)" if close else ""
        report(
            out,
            f"{program_name()} practice: error: no technique is called {args.technique!r}{hint}; "
            f"one of: {', '.join(names)}",
        )
        return EXIT_USAGE
    if name in GIVENS_MATTER and not args.json:
        report(
            out,
            f"{program_name()} practice: note: {name} rests on which digits are givens, which a "
            "pencil-mark grid does not say; --json gives each position's puzzle too",
        )
    try:
        indexed = name in read_index()
    except BankError:
        indexed = False
    if not indexed:
        how = "made on demand" if name in MAKEABLE else f"searched for in {SEARCH_LIMIT} bank puzzles"
        report(out, f"{program_name()} practice: note: no shipped path takes {name} next: positions are {how}")
    found = 0
    for position in practice_positions(name, seed=args.seed):
        record = PuzzleRecord(list(position.values), candidates=list(position.candidates))
        if not args.json and not _reads_back(record):
            continue  # its grid would read as another position, which does not start with the step
        if args.json:
            step = position.step.to_dict()
            out.write(
                json_line(
                    {
                        "puzzle": position.puzzle,
                        "position": to_line(position.values),
                        "candidates": list(position.candidates),
                        **step,
                    }
                )
            )
        else:
            out.write(format_puzzle(record, "hodoku", first=found == 0))
        out.flush()
        found += 1
        if found == args.n:
            break  # not one more: a made position can take seconds
    if found < args.n:
        report(out, f"{program_name()} practice: only {found} positions of {name} in the puzzles searched")
        return EXIT_PUZZLE
    return EXIT_OK


def _reads_back(record: PuzzleRecord) -> bool:
    """True when ``record``'s pencil-mark grid reads back as the same position. A cell whose one
    candidate no peer shares reads as a placed digit (HoDoKu's own rule for that ambiguity), so
    a Full House position can come back as the position after it."""
    text = format_puzzle(record, "hodoku").encode()
    back = list(read_puzzles(enumerate(text.splitlines(), 1), "hodoku"))
    return len(back) == 1 and isinstance(back[0], PuzzleRecord) and back[0].values == record.values


def add_practice(commands: Commands) -> None:
    practice = commands.add_parser(
        "practice", help="positions where a technique is the next step, as pencil-mark grids"
    )
    practice.add_argument("--technique", required=True, metavar="NAME", help='as HoDoKu spells it, e.g. "X-Wing"')
    practice.add_argument("-n", type=positive_arg, default=1, help="how many positions (default 1)")
    practice.add_argument("--seed", type=non_negative_arg, help="which positions (default: random)")
    output_argument(practice)
    practice.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per line: puzzle, position, candidates, technique, placements, eliminations, text",
    )
    practice.set_defaults(func=cmd_practice)
