"""Sudoku: the game and the puzzle setter's command line.

    python main.py                      play (the default)
    python main.py gen -d hard -n 5     generate graded puzzles
    python main.py solve FILE           solve puzzles, one per line
    python main.py rate FILE            grade puzzles by the techniques a person needs
    python main.py view FILE            show puzzles as boxed grids

Exit codes: 0 success (every puzzle unique), 1 some puzzle was invalid, unsolvable or
ambiguous (the batch still runs to the end), or gen could not make a puzzle as asked, or the
game could not open its window, 2 usage errors (bad options, unreadable file, unwritable
output), 130 interrupted (Ctrl+C).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from solver.errors import PuzzleError, PuzzleFormatError
from solver.grid import Grid, format_board, puzzle_token, values_to_string
from solver.levels import PLAYABLE_LEVELS, Level

LEVEL_NAMES = [level.name.lower() for level in PLAYABLE_LEVELS]
EXIT_OK, EXIT_PUZZLE, EXIT_USAGE = 0, 1, 2


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


def read_puzzles(source: str) -> Iterator[tuple[int, str]]:
    """Yield (line number, puzzle text) for each puzzle line of FILE or ``-`` (standard input).

    The first 81-cell token of each line is the puzzle; blank lines and ``#`` comments are
    skipped. A file of exactly one 9-line grid is read as one puzzle.

    Raises:
        UsageError: the file cannot be read (or standard input is closed).
    """
    if source == "-" and sys.stdin is None:
        raise UsageError("cannot read standard input: it is closed")
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read {source}: {getattr(error, 'strerror', None) or error}")
    lines = text.splitlines()
    content = [line.split("#", 1)[0] for line in lines if line.split("#", 1)[0].strip()]
    if 9 <= len(content) <= 13 and all(len(puzzle_token(line) or "") < 81 for line in content):
        yield 1, "\n".join(content)  # one puzzle written as a 9-line grid
        return
    for number, line in enumerate(lines, 1):
        token = puzzle_token(line)
        if token is not None:
            yield number, token


def _exact_status(grid: Grid, method: str) -> tuple[str, list[int] | None]:
    from solver.exact import search

    solutions, _ = search(grid, method=method, limit=2)
    if not solutions:
        return "none", None
    if len(solutions) > 1:
        return "multiple", None
    return "unique", solutions[0]


STATUS_TEXT = {"none": "no solution", "multiple": "multiple solutions"}


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    from solver.human import solve_path

    code = EXIT_OK
    for _, text in read_puzzles(args.file):
        record: dict = {"puzzle": text if "\n" not in text else None, "status": None,
                        "solution": None, "error": None}
        steps = None
        try:
            grid = Grid.parse(text)
            record["puzzle"] = grid.to_string()
            status, solution = _exact_status(grid, args.method)
            record["status"] = status
            if solution is not None:
                record["solution"] = values_to_string(solution)
                if args.steps:
                    path = solve_path(grid, max_level=Level.MASTER, uniqueness=args.uniqueness)
                    steps = path.steps
                    record["steps"] = [step.to_dict() for step in steps]
                    record["solved_by_steps"] = path.solved
            else:
                record["error"] = STATUS_TEXT[status]
        except PuzzleError as error:
            record.update(status="invalid", error=str(error))
        if record["status"] != "unique":
            code = EXIT_PUZZLE
        if args.json:
            out.write(json.dumps(record) + "\n")
            continue
        if record["status"] == "invalid":
            out.write(f"invalid: {record['error']}\n")
        elif record["status"] != "unique":
            out.write(f"{record['error']}\n")
        else:
            out.write(record["solution"] + "\n")
        if steps is not None:
            for number, step in enumerate(steps, 1):
                out.write(f"  {number}. {step}\n")
            if not record["solved_by_steps"]:
                out.write("  (the human techniques stop here: the rest is beyond them)\n")
    return code


def cmd_rate(args: argparse.Namespace, out: TextIO) -> int:
    from solver.grading import grade

    code = EXIT_OK
    for _, text in read_puzzles(args.file):
        try:
            grid = Grid.parse(text)
            result = grade(grid, uniqueness=args.uniqueness)
        except PuzzleError as error:
            code = EXIT_PUZZLE
            if args.json:
                out.write(json.dumps({"puzzle": text, "error": str(error)}) + "\n")
            else:
                prefix = "invalid: " if isinstance(error, PuzzleFormatError) else ""
                out.write(f"{prefix}{error}\n")
            continue
        if args.json:
            out.write(json.dumps({"puzzle": grid.to_string(), **result.to_dict()}) + "\n")
        else:
            used = ", ".join(f"{name} x{count}" for name, count in result.techniques.items())
            level = result.level.name.lower()
            if result.hodoku_level != result.level:
                level += f" (HoDoKu: {result.hodoku_level.hodoku_name.lower()})"
            se_text = f"{result.se:.1f}" if result.se_solved else f">{result.se:.1f}"
            out.write(
                f"{grid.to_string()}  {level:<6}  score {result.score:>5}"
                f"  SE {se_text}  steps {result.steps:>3}  layers {result.layers:>3}"
                f"  hardest: {result.hardest or '-'}  [{used}]\n"
            )
    return code


def cmd_view(args: argparse.Namespace, out: TextIO) -> int:
    code = EXIT_OK
    first = True
    for number, text in read_puzzles(args.file):
        if not first:
            out.write("\n")
        first = False
        try:
            grid = Grid.parse(text)
        except PuzzleError as error:
            code = EXIT_PUZZLE
            out.write(f"line {number}: invalid: {error}\n")
            continue
        givens = sum(1 for v in grid.values if v)
        out.write(f"{grid.to_string()}  ({givens} givens)\n{format_board(grid.values)}\n")
    return code


def _check_writable(path: str) -> None:
    """Raise UsageError unless ``path`` can be written; an existing file is left as it is."""
    try:
        with open(path, "a"):
            pass
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}") from None


def cmd_gen(args: argparse.Namespace, out: TextIO) -> int:
    """Generate ``-n`` puzzles. With ``-o FILE`` the file is checked first and replaced only once
    the first puzzle is made, so a run that fails before that leaves it untouched."""
    from generator import GenerationError, generate

    if args.output:
        _check_writable(args.output)
    sink = None
    try:
        for index in range(args.n):
            seed = None if args.seed is None else args.seed + index
            try:
                made = generate(args.difficulty, seed, symmetry=args.symmetry,
                                max_blanks=args.max_blanks, order=args.order,
                                uniqueness=args.uniqueness)
            except GenerationError as error:
                print(f"error: {error}", file=sys.stderr)
                return EXIT_PUZZLE
            if sink is None:
                sink = open(args.output, "w") if args.output else out
            if args.json:
                sink.write(json.dumps(made.to_dict()) + "\n")
            else:
                line = values_to_string(made.puzzle)
                if args.solution:
                    line += " " + values_to_string(made.solution)
                sink.write(line + "\n")
            sink.flush()
        if sink is None and args.output:
            sink = open(args.output, "w")  # -n 0: the file holds exactly the 0 puzzles made
    finally:
        if sink is not None and sink is not out:
            sink.close()
    return EXIT_OK


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
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


def _uniqueness_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-uniqueness", dest="uniqueness", action="store_false",
                        help="leave out the techniques that assume one solution (Unique "
                        "Rectangles, BUG+1, ...)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Sudoku: a game whose puzzles are generated on the spot, and tools for "
        "puzzle setters. With no command, the game starts.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

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
    gen.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    gen.add_argument("--json", action="store_true",
                     help="one JSON object per line: puzzle, solution, level, seed, givens, ms, ...")
    gen.set_defaults(func=cmd_gen)

    for name, helptext, func in (
        ("solve", "solve puzzles (the first 81-cell token of each line)", cmd_solve),
        ("rate", "grade puzzles by the hardest technique a person needs", cmd_rate),
        ("view", "print puzzles as boxed grids", cmd_view),
    ):
        sub = commands.add_parser(name, help=helptext)
        sub.add_argument("file", nargs="?", default="-", metavar="FILE",
                         help="puzzle file, or - for standard input (the default)")
        if name != "view":
            sub.add_argument("--json", action="store_true", help="one JSON object per puzzle")
            _uniqueness_option(sub)
        sub.set_defaults(func=func)
        if name == "solve":
            sub.add_argument("--steps", action="store_true",
                             help="also print the human solver's steps in standard notation")
            sub.add_argument("--method", choices=("wave", "wfc"), default="wave",
                             help="exact solver: wave (adds hidden singles; default) or wfc")

    return parser


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; return the exit code (see the module docstring)."""
    argv = sys.argv[1:] if argv is None else argv
    out = sys.stdout if out is None else out
    parser = build_parser()
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return EXIT_USAGE if exit_.code else EXIT_OK
    if args.command is None:
        args = parser.parse_args(["play"])
    if out is None and args.func is not cmd_play:
        print("error: cannot write the output: standard output is closed", file=sys.stderr)
        return EXIT_USAGE
    if out is sys.stdout and hasattr(out, "reconfigure"):
        # a puzzle's bad character may not exist in the terminal's encoding (cp1252, ASCII)
        out.reconfigure(errors="backslashreplace")
    try:
        return args.func(args, out)
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except OSError as error:  # a full disk, say: writing the output failed
        what = "cannot run the game" if args.func is cmd_play else "cannot write the output"
        print(f"error: {what}: {error.strerror or error}", file=sys.stderr)
        _discard_pending_output(out)
        return EXIT_USAGE


def _discard_pending_output(out: TextIO) -> None:
    """Point standard output at the null device so the exit-time flush of what could not be
    written raises no second error (as the Python docs advise for SIGPIPE)."""
    if out is sys.__stdout__ and out is not None:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
        except (OSError, ValueError):
            pass


if __name__ == "__main__":
    sys.exit(main())
