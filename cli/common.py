"""What the command line's commands share (cli/commands.py, cli/setter.py): argument types
and options, exit codes, usage errors, reading the input, messages and progress bars on stderr.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
from collections.abc import Iterator
from typing import Any, TypeAlias

from puzzle_io.batch import Output, read_source
from puzzle_io.formats import FORMATS, BadLine, PuzzleRecord
from solver.levels import PLAYABLE_LEVELS, Level

LEVEL_NAMES = [level.name.lower() for level in PLAYABLE_LEVELS]
EXIT_OK, EXIT_PUZZLE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


class UsageError(Exception):
    """A problem with the command line itself (exit code 2)."""


def level_arg(text: str) -> Level:
    """A playable level from its name (HoDoKu's "unfair" and "extreme" too); the error lists
    the playable ones only, whatever the text was (an unknown name, or "beyond")."""
    try:
        level: Level | None = Level.parse(text)
    except ValueError:
        level = None
    if level is None or level not in PLAYABLE_LEVELS:
        raise argparse.ArgumentTypeError(f"unknown level {text!r}; choose one of {', '.join(LEVEL_NAMES)}")
    return level


def day_arg(text: str) -> datetime.date:
    """A date as YYYY-MM-DD, or "today" (``generator.daily.parse_day``)."""
    from generator.daily import parse_day

    try:
        return parse_day(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def non_negative_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {value}")
    return value


def positive_arg(text: str) -> int:
    value = non_negative_arg(text)
    if value < 1:
        raise argparse.ArgumentTypeError("expected 1 or more")
    return value


def level_list_arg(text: str) -> tuple[Level, ...]:
    return tuple(level_arg(name.strip()) for name in text.split(",") if name.strip())


def puzzles_of(args: argparse.Namespace, out: Output) -> Iterator[PuzzleRecord | BadLine]:
    """The entries of FILE (--from: its format), read as asked for; ``out`` flushed before waits."""
    return read_source(args.file, args.source, sys.stdin, out.flush)


def program_name() -> str:
    """How the command was started, for messages and usage: ``sudoku`` (the command ``pip
    install .`` puts on the PATH) or ``main.py``."""
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return "sudoku" if name.removesuffix(".exe") == "sudoku" else "main.py"


def report(out: Output, message: str) -> None:
    """A message on stderr, after the results so far (so a terminal shows them in order)."""
    try:
        out.flush()
    except OSError:
        pass  # the output's own failure is reported where it happens
    print(message, file=sys.stderr)


Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What each ``add_NAME(commands)`` adds its subparser to (argparse's subparsers action)."""


def progress_bar(total: int, description: str, position: int = 0) -> Any:
    """A progress bar on stderr (tqdm, untyped: ``Any``), drawn only when stderr is a terminal."""
    from tqdm import tqdm

    return tqdm(
        total=total,
        desc=description,
        position=position,
        unit="puzzle",
        leave=True,
        disable=None,
        file=sys.stderr,
        dynamic_ncols=True,
    )


def input_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", nargs="?", default="-", metavar="FILE", help="puzzle file, or - for standard input (the default)"
    )
    parser.add_argument(
        "--from",
        dest="source",
        choices=FORMATS,
        default=None,
        metavar="FORMAT",
        help=f"read FILE as this format ({', '.join(FORMATS)}); default: worked out from the content, line by line",
    )


def output_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write to FILE instead of standard output (FILE is replaced when "
        "the command ends, and left as it was if it is interrupted or writes nothing)",
    )


def se_config_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--se-config",
        choices=("bank", "sukaku"),
        default="bank",
        help="the Sudoku Explainer estimate's techniques: bank (default) as the "
        "bank was rated, SukakuExplainer without the UVWXYZ- and TUVWXYZ-Wings "
        "and Four Strong Links; sukaku: SukakuExplainer 1.18.1's defaults, with "
        "them",
    )


def uniqueness_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-uniqueness",
        dest="uniqueness",
        action="store_false",
        help="leave out the techniques that assume one solution (Unique Rectangles, BUG+1, ...)",
    )
