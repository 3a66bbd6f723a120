"""The command line behind main.py: the parser of every command, the commands, and the
plumbing they share (-o files written atomically, flushing, errors, exit codes, Ctrl+C).

main.py is a launcher of a few lines: Python compiles a script afresh at every start and only
then runs its first statement, so a long main.py left a window of milliseconds in which Ctrl+C
printed a traceback. This module is imported, so its compiled form is cached. ``import main``
gives this module. Commands, options and exit codes: main.py's docstring.

Adding a command: write ``cmd_NAME(args, out) -> exit code`` (read with ``_puzzles(args,
out)``, write text with ``out.write``, report on stderr with ``_report``) and
``_add_NAME(commands)`` (its subparser; ``_input_arguments`` and ``_output_argument`` add FILE,
--from and -o), and add ``"NAME": _add_NAME`` to ``COMMANDS``. The command's work lives in its
package; -o, atomic writing, flushing, errors and Ctrl+C are handled here for every command.
"""

from __future__ import annotations

import os
import sys

_interrupt_unwinds = False  # True while main() runs: Ctrl+C unwinds it (temporary files go)


def _on_interrupt(signum: int, frame: object) -> None:
    """SIGINT: unwind main() once with KeyboardInterrupt; at any other moment (starting up,
    shutting down, a second Ctrl+C) exit at once with 130, never with a traceback."""
    global _interrupt_unwinds
    if _interrupt_unwinds:
        _interrupt_unwinds = False
        raise KeyboardInterrupt
    os._exit(130)


import argparse
from collections.abc import Iterator
from functools import partial
from typing import TextIO

from solver.batch import (
    AtomicFile,
    InputError,
    Output,
    convert_batch,
    json_line,
    rate_batch,
    read_source,
    solve_batch,
    view_batch,
)
from solver.errors import PuzzleError
from solver.formats import FORMATS, GRID_FORMATS, BadLine, Puzzle, to_line
from solver.levels import PLAYABLE_LEVELS, Level

LEVEL_NAMES = [level.name.lower() for level in PLAYABLE_LEVELS]
EXIT_OK, EXIT_PUZZLE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


class UsageError(Exception):
    """A problem with the command line itself (exit code 2)."""


def _level(text: str) -> Level:
    try:
        level = Level.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if level not in PLAYABLE_LEVELS:
        raise argparse.ArgumentTypeError(f"choose one of {', '.join(LEVEL_NAMES)}")
    return level


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {value}")
    return value


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value < 1:
        raise argparse.ArgumentTypeError("expected 1 or more")
    return value


def _level_list(text: str) -> tuple[Level, ...]:
    return tuple(_level(name.strip()) for name in text.split(",") if name.strip())


def _puzzles(args: argparse.Namespace, out: Output) -> Iterator[Puzzle | BadLine]:
    """The entries of FILE (--from: its format), read as asked for; ``out`` flushed before waits."""
    return read_source(args.file, args.source, sys.stdin, out.flush)


def _report(out: Output, message: str) -> None:
    """A message on stderr, after the results so far (so a terminal shows them in order)."""
    try:
        out.flush()
    except OSError:
        pass  # the output's own failure is reported where it happens
    print(message, file=sys.stderr)


def cmd_solve(args: argparse.Namespace, out: Output) -> int:
    problems = solve_batch(_puzzles(args, out), out, method=args.method, as_json=args.json,
                           steps=args.steps, uniqueness=args.uniqueness)
    return EXIT_PUZZLE if problems else EXIT_OK


def cmd_rate(args: argparse.Namespace, out: Output) -> int:
    problems = rate_batch(_puzzles(args, out), out, as_json=args.json, uniqueness=args.uniqueness)
    return EXIT_PUZZLE if problems else EXIT_OK


def cmd_view(args: argparse.Namespace, out: Output) -> int:
    return EXIT_PUZZLE if view_batch(_puzzles(args, out), out) else EXIT_OK


def cmd_convert(args: argparse.Namespace, out: Output) -> int:
    problems = convert_batch(_puzzles(args, out), out, args.to,
                             lambda message: _report(out, f"main.py convert: {message}"))
    return EXIT_PUZZLE if problems else EXIT_OK


def cmd_gen(args: argparse.Namespace, out: Output) -> int:
    """Generate ``-n`` puzzles, seed after seed; a seed that fails is reported and skipped."""
    from generator import GenerationError, generate

    code = EXIT_OK
    for index in range(args.n):
        seed = None if args.seed is None else args.seed + index
        try:
            made = generate(args.difficulty, seed, symmetry=args.symmetry,
                            max_blanks=args.max_blanks, order=args.order,
                            uniqueness=args.uniqueness)
        except GenerationError as error:
            code = EXIT_PUZZLE
            which = f"seed {seed}" if seed is not None else f"puzzle {index + 1}"
            _report(out, f"error: {which}: {error}")
            continue
        if args.json:
            out.write(json_line(made.to_dict()))
        else:
            line = to_line(made.puzzle)
            out.write(line + (" " + to_line(made.solution) if args.solution else "") + "\n")
        out.flush()  # each puzzle takes a while: show it now
    return code


def _progress_bar(total: int, description: str, position: int = 0):
    """A progress bar on stderr (tqdm), drawn only when stderr is a terminal."""
    from tqdm import tqdm

    return tqdm(total=total, desc=description, position=position, unit="puzzle", leave=True,
                disable=None, file=sys.stderr, dynamic_ncols=True)


def cmd_optimize(args: argparse.Namespace, out: Output) -> int:
    """Optimize a pool of puzzles of one level for interest; print the pool, best first."""
    from generator import GenerationError
    from generator.optimize import optimize, plot_history

    level = args.difficulty
    _report(out, f"optimize: making a first pool of {args.pool} {level.label} puzzles, "
            f"then {args.iterations} iterations")
    bar = _progress_bar(args.iterations, f"{level.label} interest")
    bar.unit = "it"

    def progress(iteration: int, best: float) -> None:
        bar.set_postfix_str(f"best {best:.1f}", refresh=False)
        bar.update(1)

    try:
        result = optimize(level, args.iterations, pool=args.pool, seed=args.seed, progress=progress)
    except GenerationError as error:
        _report(out, f"error: optimize: {error}")
        return EXIT_PUZZLE
    finally:
        bar.close()
    for entry in result.pool:
        out.write(json_line(entry.to_dict()) if args.json else to_line(entry.puzzle) + "\n")
    first, last = result.history[0], result.history[-1]
    _report(out, f"optimize: {level.label}, seed {result.seed}, {result.iterations} iterations in "
            f"{result.seconds:.1f} s: best interest {last.best:.1f} (generated {first.best:.1f}), "
            f"pool mean {last.mean:.1f} (generated {first.mean:.1f})")
    if args.plot:
        try:
            plot_history(result.history, args.plot)
        except (RuntimeError, OSError) as error:
            raise UsageError(f"--plot {args.plot}: {getattr(error, 'strerror', None) or error}") from None
    return EXIT_OK


def cmd_bank(args: argparse.Namespace, out: Output) -> int:
    """bank build | check | stats (see _add_bank)."""
    from generator.bank import SHIPPED_BANK, BankError, BuildCancelled, build_bank, check_bank, levels_of

    bars: dict[Level, object] = {}

    def progress(level: Level, done: int, total: int) -> None:
        bar = bars.get(level)
        if bar is None:
            bar = bars[level] = _progress_bar(total, f"{level.label:<6}", position=len(bars))
        bar.total = total
        bar.update(done - bar.n)

    try:
        if args.action == "build":
            try:
                report = build_bank(args.output_dir or SHIPPED_BANK, args.per_level, args.levels, args.seed, args.jobs,
                                    optimize_iterations=args.optimize_iterations, progress=progress,
                                    scheduler=args.scheduler)
            finally:
                for bar in bars.values():
                    bar.close()
            for level in report.levels:
                out.write(f"{level.level.name.lower():<7} {level.total:>6} puzzles  "
                          f"({level.kept} kept, {level.made} made, {level.retried} seeds retried, "
                          f"{level.cpu_seconds:.0f} s of worker time)  {level.path}\n")
            out.write(f"built in {report.seconds:.1f} s\n")
            return EXIT_OK
        if args.action == "check":
            try:
                report = check_bank(args.folder, jobs=args.jobs, progress=progress, scheduler=args.scheduler)
            finally:
                for bar in bars.values():
                    bar.close()
            for fault in report.faults:
                out.write(f"fault: {fault}\n")
            for level, count in report.counts.items():
                out.write(f"{level.name.lower():<7} {count:>6} puzzles checked\n")
            verdict = "every puzzle is unique, solved and exactly its level" if report.ok else \
                f"{len(report.faults)} fault(s)"
            out.write(f"{report.folder}: {report.puzzles} puzzles: {verdict}\n")
            return EXIT_OK if report.ok else EXIT_PUZZLE
        from generator.bank_stats import bank_table

        out.write(bank_table(args.folder, levels_of(None)))
        return EXIT_OK
    except BuildCancelled:
        _report(out, "interrupted: the puzzles made so far are kept; run the same command to go on")
        return EXIT_INTERRUPTED
    except BankError as error:
        _report(out, f"error: bank {args.action}: {error}")
        return EXIT_PUZZLE


def cmd_book(args: argparse.Namespace, out: Output) -> int:
    """A printable PDF: puzzles of one level from the bank, or the puzzles of FILE."""
    from generator.bank import BankError
    from generator.book import BookError, book_puzzle, book_puzzles_from_bank, write_book

    bar = _progress_bar(args.n, "grading")
    try:
        if args.file is None:
            puzzles = book_puzzles_from_bank(args.difficulty, args.n, seed=args.seed,
                                             progress=lambda done, total: bar.update(done - bar.n))
        else:
            puzzles = []
            for entry in _puzzles(args, out):
                if type(entry) is BadLine:
                    raise BookError(f"line {entry.line}: {entry.error}")
                try:
                    puzzles.append(book_puzzle(entry.values))
                except PuzzleError as error:
                    raise BookError(f"line {entry.line}: {error}") from None
                bar.update(1)
            if not puzzles:
                raise BookError("no puzzle given")
        bar.close()
        level = args.difficulty.label if args.file is None else "Sudoku"
        pages = write_book(args.pdf, puzzles, title=args.title or f"{level} Sudoku",
                           per_page=args.per_page, page_size=args.page_size)
    except (BookError, BankError) as error:
        _report(out, f"error: book: {error}")
        return EXIT_PUZZLE
    except OSError as error:
        raise UsageError(f"cannot write {args.pdf}: {error.strerror or error}") from None
    finally:
        bar.close()
    out.write(f"{args.pdf}: {len(puzzles)} puzzles on {pages} pages\n")
    return EXIT_OK


def cmd_play(args: argparse.Namespace, out: Output) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    imported = None
    if args.puzzle is not None:
        from game.tools import import_puzzle

        try:
            imported = import_puzzle(args.puzzle)
        except PuzzleError as error:
            print(f"main.py play: --puzzle: {error}", file=sys.stderr)
            return EXIT_PUZZLE
    from game.window import run

    return run(level=args.difficulty, seed=args.seed, demo=args.demo, puzzle=imported)


# --- the parser: one _add_NAME per command -------------------------------------------------------


def _input_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", default="-", metavar="FILE",
                        help="puzzle file, or - for standard input (the default)")
    parser.add_argument("--from", dest="source", choices=FORMATS, default=None, metavar="FORMAT",
                        help=f"read FILE as this format ({', '.join(FORMATS)}); default: worked "
                        "out from the content, line by line")


def _output_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write to FILE instead of standard output (FILE is replaced when "
                        "the command ends, and left as it was if it fails or is interrupted)")


def _uniqueness_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-uniqueness", dest="uniqueness", action="store_false",
                        help="leave out the techniques that assume one solution (Unique "
                        "Rectangles, BUG+1, ...)")


def _add_play(commands) -> None:
    play = commands.add_parser("play", help="play the game (the default)")
    play.add_argument("--difficulty", "-d", type=_level, metavar="LEVEL",
                      help=f"skip the menu and start a puzzle: {', '.join(LEVEL_NAMES)}")
    play.add_argument("--seed", type=_non_negative, help="seed for the first generated puzzle")
    play.add_argument("--demo", action="store_true",
                      help="attract mode: the game plays itself with hints until closed")
    play.add_argument("--puzzle", metavar="STRING",
                      help="play this puzzle: 81 characters (0 or . for empty) or a 9-line grid; "
                      "it is checked and graded first")
    play.set_defaults(func=cmd_play)


def _add_gen(commands) -> None:
    gen = commands.add_parser("gen", help="generate graded puzzles, one per line")
    gen.add_argument("-d", "--difficulty", type=_level, default=Level.EASY, metavar="LEVEL",
                     help=f"{', '.join(LEVEL_NAMES)} (default easy)")
    gen.add_argument("-n", type=_non_negative, default=1, help="how many puzzles (default 1)")
    gen.add_argument("--seed", type=_non_negative,
                     help="seed of the first puzzle (0 or more); puzzle i uses seed+i")
    gen.add_argument("--symmetry", action="store_true", help="remove givens in 180-degree pairs")
    gen.add_argument("--max-blanks", type=_non_negative, metavar="K",
                     help="leave at most K empty cells")
    gen.add_argument("--order", choices=("entropy", "random"), default=None,
                     help="digging order: lowest entropy first or random (default: entropy up "
                     "to hard, random for expert and master)")
    _uniqueness_option(gen)
    gen.add_argument("-s", "--solution", action="store_true",
                     help="append the solution to each line")
    _output_argument(gen)
    gen.add_argument("--json", action="store_true",
                     help="one JSON object per line: puzzle, solution, level, seed, givens, ms, ...")
    gen.set_defaults(func=cmd_gen)


def _add_solve(commands) -> None:
    solve = commands.add_parser("solve", help="solve puzzles: the solution, or why there is none")
    _input_arguments(solve)
    solve.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    _uniqueness_option(solve)
    solve.add_argument("--steps", action="store_true",
                       help="also print the human solver's steps in standard notation")
    solve.add_argument("--method", choices=("wave", "wfc"), default="wave",
                       help="exact solver: wave (adds hidden singles; default) or wfc")
    solve.set_defaults(func=cmd_solve)


def _add_rate(commands) -> None:
    rate = commands.add_parser("rate", help="grade puzzles by the hardest technique a person needs")
    _input_arguments(rate)
    rate.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    _uniqueness_option(rate)
    rate.set_defaults(func=cmd_rate)


def _add_view(commands) -> None:
    view = commands.add_parser("view", help="print puzzles as boxed grids")
    _input_arguments(view)
    view.set_defaults(func=cmd_view)


def _add_convert(commands) -> None:
    convert = commands.add_parser("convert", help="convert puzzles between formats")
    convert.add_argument("--to", required=True, choices=FORMATS, metavar="FORMAT",
                         help=f"the format to write: {', '.join(FORMATS)} ({', '.join(GRID_FORMATS)} "
                         "puzzles are separated by a blank line; only sdk keeps .sdk metadata, "
                         "only hodoku keeps candidates)")
    _input_arguments(convert)
    _output_argument(convert)
    convert.set_defaults(func=cmd_convert)


def _add_optimize(commands) -> None:
    optimize = commands.add_parser(
        "optimize", help="search for interesting puzzles of a level (deep, narrow solutions)",
        description="Keep a pool of puzzles of one level; each iteration mutates one (adds givens "
        "back and digs again, moves a given, or refills boxes by WFC), keeps the result if it is "
        "unique and exactly the level, and drops the least interesting. Prints the pool, most "
        "interesting first.")
    optimize.add_argument("-d", "--difficulty", type=_level, required=True, metavar="LEVEL",
                          help=", ".join(LEVEL_NAMES))
    optimize.add_argument("--iterations", type=_non_negative, default=300, metavar="N",
                          help="mutations to try (default 300)")
    optimize.add_argument("--pool", type=_positive, default=10, help="pool size (default 10)")
    optimize.add_argument("--seed", type=_non_negative, help="makes the run reproducible")
    optimize.add_argument("--json", action="store_true",
                          help="one JSON object per puzzle: puzzle, solution, level, se, depth, "
                          "width_max, width_mean, bottlenecks, interest, ...")
    optimize.add_argument("--plot", metavar="FILE.png",
                          help="plot the best and mean interest per iteration (needs matplotlib)")
    _output_argument(optimize)
    optimize.set_defaults(func=cmd_optimize)


def _add_bank(commands) -> None:
    bank = commands.add_parser("bank", help="build, check or summarise a puzzle bank")
    actions = bank.add_subparsers(dest="action", metavar="ACTION", required=True)
    build = actions.add_parser(
        "build", help="make (or finish) a bank: N verified puzzles per level, on every core",
        description="Generates puzzles for every level in parallel, checks each (unique, its "
        "solution, exactly its level) and writes one JSON file per level. Reproducible from "
        "--seed; interrupted, the same command goes on where it stopped.")
    build.add_argument("-o", "--output", dest="output_dir", default=None, metavar="DIR",
                       help="the bank folder (default: the shipped bank, assets/bank)")
    build.add_argument("--per-level", type=_positive, default=1000, metavar="N",
                       help="puzzles per level (default 1000)")
    build.add_argument("--levels", type=_level_list, default=PLAYABLE_LEVELS, metavar="L,L",
                       help="levels to build, comma-separated (default: all)")
    build.add_argument("--jobs", "-j", type=_positive, default=os.cpu_count() or 1,
                       help="worker processes (default: every core)")
    build.add_argument("--optimize-iterations", type=_non_negative, default=0, metavar="K",
                       help="optimize each puzzle for interest with K iterations (default 0)")
    build.add_argument("--seed", type=_non_negative, default=1, help="the bank's seed (default 1)")
    build.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on a Dask cluster (tcp://host:8786; pip install -r requirements-dask.txt)")
    check = actions.add_parser("check", help="re-verify every puzzle of a bank; exit 1 on a fault")
    stats = actions.add_parser("stats", help="givens, SE and interest per level (min, median, max)")
    for action in (check, stats):
        action.add_argument("folder", nargs="?", default=None, metavar="DIR",
                            help="the bank folder (default: the shipped bank)")
    check.add_argument("--jobs", "-j", type=_positive, default=None, help="worker processes (default: every core)")
    check.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster")
    bank.set_defaults(func=cmd_bank)


def _add_book(commands) -> None:
    book = commands.add_parser(
        "book", help="a printable puzzle book (PDF): puzzles, captions, answer key",
        description="Writes a PDF: a title page, the puzzles with their level, SE estimate, "
        "interest and the techniques each needs, and the solutions at the back. The puzzles "
        "come from the puzzle bank (-d, -n), or from FILE (any format solve reads).")
    book.add_argument("file", nargs="?", default=None, metavar="FILE",
                      help="take the puzzles from FILE (- for standard input) instead of the bank")
    book.add_argument("--from", dest="source", choices=FORMATS, default=None, metavar="FORMAT",
                      help="read FILE as this format")
    book.add_argument("-d", "--difficulty", type=_level, default=Level.MEDIUM, metavar="LEVEL",
                      help=f"{', '.join(LEVEL_NAMES)} (default medium)")
    book.add_argument("-n", type=_positive, default=12, help="how many puzzles (default 12)")
    book.add_argument("-o", "--output", dest="pdf", required=True, metavar="FILE.pdf",
                      help="the PDF to write (replaced only when the book is complete)")
    book.add_argument("--per-page", type=int, choices=(1, 2, 4, 6), default=1,
                      help="puzzles per page (default 1)")
    book.add_argument("--page-size", choices=("A4", "letter"), default="A4", help="default A4")
    book.add_argument("--title", help="the title page's title (default: 'LEVEL Sudoku')")
    book.add_argument("--seed", type=_non_negative, help="which bank puzzles: the same seed picks the same")
    book.set_defaults(func=cmd_book)


COMMANDS = {"play": _add_play, "gen": _add_gen, "solve": _add_solve, "rate": _add_rate,
            "view": _add_view, "convert": _add_convert, "optimize": _add_optimize, "bank": _add_bank,
            "book": _add_book}


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, the terminal's width read as shutil reads it: argparse imports
    shutil (and the compression modules shutil loads) for this alone, 3% of a short run."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None):
        if width is None:
            try:
                width = int(os.environ.get("COLUMNS", 0)) or os.get_terminal_size(1).columns
            except (ValueError, OSError):
                width = 80
            width -= 2
        super().__init__(prog, indent_increment, max_help_position, width)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's, or only ``command``'s (one of
    ``COMMANDS``: building the others' parsers would cost a short run a tenth of its time)."""
    parser = argparse.ArgumentParser(
        prog="main.py", formatter_class=_Formatter,
        description="Sudoku: a game whose puzzles are generated on the spot, and tools for "
        "puzzle setters. With no command, the game starts.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=partial(
        argparse.ArgumentParser, formatter_class=_Formatter))
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
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
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
        code = args.func(args, sink)
        sink.flush()
        if target is not None and (code == EXIT_OK or sink.written):
            target.commit()  # a run that failed and made nothing leaves FILE as it was
        return code
    except (UsageError, InputError) as error:
        _report(sink, f"error: {error}")
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

