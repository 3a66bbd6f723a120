"""The command line behind main.py: the parser of every command, the commands, and the
plumbing they share (-o files written atomically, flushing, errors, exit codes, Ctrl+C).

main.py is a launcher of a few lines: Python compiles a script afresh at every start and only
then runs its first statement, so a long main.py left a window of milliseconds in which Ctrl+C
printed a traceback. This module is imported, so its compiled form is cached. Commands,
options and exit codes: main.py's docstring.

Adding a command: write ``cmd_NAME(args, out) -> exit code`` (read with ``puzzles_of(args,
out)``, write text with ``out.write``, report on stderr with ``report``) and
``_add_NAME(commands)`` (its subparser; ``input_arguments`` and ``output_argument`` add FILE,
--from and -o; cli/common.py has the shared helpers, cli/setter.py the setter's commands,
cli/practice.py the practice command), and add ``"NAME": _add_NAME`` to ``COMMANDS``. The
command's work lives in its package; -o, atomic writing, flushing, errors and Ctrl+C are
handled here for every command.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from functools import partial
from typing import TextIO, cast

from cli.common import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PUZZLE,
    EXIT_USAGE,
    LEVEL_NAMES,
    Commands,
    UsageError,
    day_arg,
    input_arguments,
    level_arg,
    non_negative_arg,
    output_argument,
    positive_arg,
    program_name,
    puzzles_of,
    report,
    se_config_option,
    uniqueness_option,
)
from cli.practice import add_practice
from cli.setter import add_bank, add_book, add_optimize
from puzzle_io.atomic import AtomicFile
from puzzle_io.batch import (
    InputError,
    Output,
    convert_batch,
    json_line,
    rate_batch,
    solve_batch,
    view_batch,
)
from puzzle_io.formats import FORMATS, GRID_FORMATS, to_line
from solver.errors import PuzzleError
from solver.levels import Level

_interrupt_unwinds = False  # True while main() runs: Ctrl+C unwinds it (temporary files go)


def _on_interrupt(signum: int, frame: object) -> None:
    """SIGINT: unwind main() once with KeyboardInterrupt; at any other moment (starting up,
    shutting down, a second Ctrl+C) exit at once with 130, never with a traceback."""
    global _interrupt_unwinds
    if _interrupt_unwinds:
        _interrupt_unwinds = False
        raise KeyboardInterrupt
    os._exit(130)


def cmd_solve(args: argparse.Namespace, out: Output) -> int:
    problems = solve_batch(
        puzzles_of(args, out), out, method=args.method, as_json=args.json, steps=args.steps, uniqueness=args.uniqueness
    )
    return EXIT_PUZZLE if problems else EXIT_OK


def cmd_rate(args: argparse.Namespace, out: Output) -> int:
    problems = rate_batch(
        puzzles_of(args, out), out, as_json=args.json, uniqueness=args.uniqueness, se_config=args.se_config
    )
    return EXIT_PUZZLE if problems else EXIT_OK


def cmd_view(args: argparse.Namespace, out: Output) -> int:
    return EXIT_PUZZLE if view_batch(puzzles_of(args, out), out) else EXIT_OK


def cmd_convert(args: argparse.Namespace, out: Output) -> int:
    problems = convert_batch(
        puzzles_of(args, out), out, args.to, lambda message: report(out, f"{program_name()} convert: {message}")
    )
    return EXIT_PUZZLE if problems else EXIT_OK


def cmd_gen(args: argparse.Namespace, out: Output) -> int:
    """Generate ``-n`` puzzles, seed after seed; a seed that fails is reported and skipped."""
    from generator import GenerationError, generate

    code = EXIT_OK
    first = args.seed
    if args.daily is not None:
        from generator.daily import daily_seed

        if args.n != 1:
            report(out, f"{program_name()} gen: error: --daily makes one puzzle: leave out -n")
            return EXIT_USAGE
        first = daily_seed(args.daily, args.difficulty)
    for index in range(args.n):
        seed = None if first is None else first + index
        try:
            made = generate(
                args.difficulty,
                seed,
                symmetry=args.symmetry,
                max_blanks=args.max_blanks,
                order=args.order,
                uniqueness=args.uniqueness,
                full_grade=args.json,  # the score, SE estimate and layers are only printed with --json
            )
        except GenerationError as error:
            code = EXIT_PUZZLE
            which = f"seed {seed}" if seed is not None else f"puzzle {index + 1}"
            report(out, f"error: {which}: {error}")
            continue
        if args.json:
            out.write(json_line(made.to_dict()))
        else:
            line = to_line(made.puzzle)
            out.write(line + (" " + to_line(made.solution) if args.solution else "") + "\n")
        out.flush()  # each puzzle takes a while: show it now
    return code


def cmd_play(args: argparse.Namespace, out: Output) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    imported = None
    if args.puzzle is not None:
        from game.tools import import_puzzle

        try:
            imported = import_puzzle(args.puzzle)
        except PuzzleError as error:
            print(f"{program_name()} play: --puzzle: {error}", file=sys.stderr)
            return EXIT_PUZZLE
    from game.window import run

    return run(level=args.difficulty, seed=args.seed, demo=args.demo, puzzle=imported)


# --- the parser: one _add_NAME per command -------------------------------------------------------


def _add_play(commands: Commands) -> None:
    play = commands.add_parser("play", help="play the game (the default)")
    play.add_argument(
        "--difficulty",
        "-d",
        type=level_arg,
        metavar="LEVEL",
        help=f"skip the menu and start a puzzle: {', '.join(LEVEL_NAMES)}",
    )
    play.add_argument("--seed", type=non_negative_arg, help="seed for the first generated puzzle")
    play.add_argument("--demo", action="store_true", help="attract mode: the game plays itself with hints until closed")
    play.add_argument(
        "--puzzle",
        metavar="STRING",
        help="play this puzzle: 81 characters (0 or . for empty) or a 9-line grid; "
        "it is checked first, then graded while you play",
    )
    play.set_defaults(func=cmd_play)


def _add_gen(commands: Commands) -> None:
    gen = commands.add_parser("gen", help="generate graded puzzles, one per line")
    gen.add_argument(
        "-d",
        "--difficulty",
        type=level_arg,
        default=Level.EASY,
        metavar="LEVEL",
        help=f"{', '.join(LEVEL_NAMES)} (default easy)",
    )
    gen.add_argument("-n", type=non_negative_arg, default=1, help="how many puzzles (default 1)")
    first = gen.add_mutually_exclusive_group()
    first.add_argument(
        "--seed", type=non_negative_arg, help="seed of the first puzzle (0 or more); puzzle i uses seed+i"
    )
    first.add_argument(
        "--daily",
        type=day_arg,
        metavar="YYYY-MM-DD",
        help="the day's puzzle of the level (or 'today'): the same on every machine",
    )
    gen.add_argument("--symmetry", action="store_true", help="remove givens in 180-degree pairs")
    gen.add_argument(
        "--max-blanks", type=positive_arg, metavar="K", help="leave at most K empty cells (1 or more: 0 is no puzzle)"
    )
    gen.add_argument(
        "--order",
        choices=("entropy", "random"),
        default=None,
        help="digging order: lowest entropy first or random (default: entropy up "
        "to hard, random for expert and master)",
    )
    uniqueness_option(gen)
    gen.add_argument("-s", "--solution", action="store_true", help="append the solution to each line")
    output_argument(gen)
    gen.add_argument(
        "--json", action="store_true", help="one JSON object per line: puzzle, solution, level, seed, givens, ms, ..."
    )
    gen.set_defaults(func=cmd_gen)


def _add_solve(commands: Commands) -> None:
    solve = commands.add_parser("solve", help="solve puzzles: the solution, or why there is none")
    input_arguments(solve)
    solve.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    uniqueness_option(solve)
    solve.add_argument("--steps", action="store_true", help="also print the human solver's steps in standard notation")
    solve.add_argument(
        "--method",
        choices=("wave", "wfc"),
        default="wave",
        help="exact solver: wave (adds hidden singles; default) or wfc",
    )
    output_argument(solve)
    solve.set_defaults(func=cmd_solve)


def _add_rate(commands: Commands) -> None:
    rate = commands.add_parser("rate", help="grade puzzles by the hardest technique a person needs")
    input_arguments(rate)
    rate.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    uniqueness_option(rate)
    se_config_option(rate)
    output_argument(rate)
    rate.set_defaults(func=cmd_rate)


def _add_view(commands: Commands) -> None:
    view = commands.add_parser("view", help="print puzzles as boxed grids")
    input_arguments(view)
    output_argument(view)
    view.set_defaults(func=cmd_view)


def _add_convert(commands: Commands) -> None:
    convert = commands.add_parser("convert", help="convert puzzles between formats")
    convert.add_argument(
        "--to",
        required=True,
        choices=FORMATS,
        metavar="FORMAT",
        help=f"the format to write: {', '.join(FORMATS)} ({', '.join(GRID_FORMATS)} "
        "puzzles are separated by a blank line; only sdk keeps .sdk metadata, "
        "only hodoku keeps candidates)",
    )
    input_arguments(convert)
    output_argument(convert)
    convert.set_defaults(func=cmd_convert)


COMMANDS = {
    "play": _add_play,
    "gen": _add_gen,
    "solve": _add_solve,
    "practice": add_practice,
    "rate": _add_rate,
    "view": _add_view,
    "convert": _add_convert,
    "optimize": add_optimize,
    "bank": add_bank,
    "book": add_book,
}


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, the terminal's width read as shutil reads it: argparse imports
    shutil (and the compression modules shutil loads) for this alone, 3% of a short run."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        if width is None:
            try:
                width = int(os.environ.get("COLUMNS") or 0) or os.get_terminal_size(1).columns
            except (ValueError, OSError):
                width = 80
            width -= 2
        super().__init__(prog, indent_increment, max_help_position, width)


class _CommandParser(argparse.ArgumentParser):
    """A command's parser: an argument it does not know is reported with the command's own
    usage (``main.py solve: error: ...``), not the whole program's."""

    def parse_known_args(  # type: ignore[override]  # the same call; typeshed's overloads differ
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extra = super().parse_known_args(args, namespace)
        if extra:
            self.error(f"unrecognized arguments: {' '.join(extra)}")
        return parsed, extra


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's, or only ``command``'s (one of
    ``COMMANDS``: building the others' parsers would cost a short run a tenth of its time)."""
    parser = argparse.ArgumentParser(
        prog=program_name(),
        formatter_class=_Formatter,
        description="Sudoku: a game whose puzzles are generated on the spot, and tools for "
        "puzzle setters. With no command, the game starts.",
    )
    # argparse calls parser_class(**options): a partial that adds the formatter serves as the class
    subparser = cast(type[argparse.ArgumentParser], partial(_CommandParser, formatter_class=_Formatter))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=subparser)
    for name, add in COMMANDS.items():
        if command is None or name == command:
            add(commands)
    return parser


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; return the exit code (see the module docstring).

    ``argv`` defaults to ``sys.argv[1:]``, ``out`` to ``sys.stdout`` (None when it is closed).
    """
    argv = sys.argv[1:] if argv is None else argv
    out = sys.stdout if out is None else out
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["play", *argv]
    parser = build_parser(argv[0] if argv[0] in COMMANDS else None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return EXIT_USAGE if exit_.code else EXIT_OK
    path = getattr(args, "output", None)
    if out is None and path is None and args.func is not cmd_play:
        print("error: cannot write the output: standard output is closed", file=sys.stderr)
        return EXIT_USAGE
    if out is sys.stdout and hasattr(out, "reconfigure"):
        # a puzzle's bad character may not exist in the terminal's encoding (cp1252, ASCII)
        out.reconfigure(errors="backslashreplace")
    sink, target = Output(out), None
    try:
        if path is not None:
            try:
                target = AtomicFile(path)
            except OSError as error:
                raise UsageError(f"cannot write {path}: {error.strerror or error}") from None
            sink = Output(target.stream)
        code: int = args.func(args, sink)
        sink.flush()
        if target is not None and (code == EXIT_OK or sink.written):
            target.commit()  # a run that failed and made nothing leaves FILE as it was
        return code
    except (UsageError, InputError) as error:
        report(sink, f"error: {error}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _discard_pending_output(out)
        return EXIT_OK
    except OSError as error:  # a full disk, say: writing the output failed
        what = "cannot run the game" if args.func is cmd_play else "cannot write the output"
        print(f"error: {what}: {error.strerror or error}", file=sys.stderr)
        _discard_pending_output(out)
        return EXIT_USAGE
    finally:
        if target is not None:
            target.discard()


def _discard_pending_output(out: TextIO | None) -> None:
    """Point standard output at the null device so the exit-time flush of what could not be
    written raises no second error (as the Python docs advise for SIGPIPE)."""
    if out is sys.__stdout__ and out is not None:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
        except (OSError, ValueError):
            pass


def _run() -> int:
    """The script: ``main()`` with Ctrl+C turned into exit code 130 at every moment."""
    global _interrupt_unwinds
    import signal

    from solver.runtime import tune_gc

    tune_gc()  # the engine's allocation pattern: see solver.runtime
    signal.signal(signal.SIGINT, _on_interrupt)
    _interrupt_unwinds = True
    try:
        code = main()
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    _interrupt_unwinds = False
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError:
        _discard_pending_output(sys.stdout)
    return code
