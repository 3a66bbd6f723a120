"""The puzzle setter's commands: optimize, bank (build, check, stats) and book. Their work lives
in generator/ (optimize.py, bank*.py, book.py); here are their options and their output.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from cli.common import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PUZZLE,
    EXIT_USAGE,
    LEVEL_NAMES,
    Commands,
    UsageError,
    level_arg,
    level_list_arg,
    non_negative_arg,
    output_argument,
    positive_arg,
    progress_bar,
    puzzles_of,
    report,
)
from puzzle_io.batch import Output, json_line
from puzzle_io.formats import FORMATS, BadLine, to_line
from solver.errors import PuzzleError
from solver.levels import PLAYABLE_LEVELS, Level


def cmd_optimize(args: argparse.Namespace, out: Output) -> int:
    """Optimize a pool of puzzles of one level for interest; print the pool, best first."""
    from generator import GenerationError
    from generator.optimize import optimize, plot_history

    level = args.difficulty
    if args.plot:  # said before the run, not after it
        try:
            import matplotlib  # noqa: F401  # only asked whether it is there
        except ImportError:
            raise UsageError(f"--plot {args.plot}: install matplotlib for --plot") from None
    report(
        out, f"optimize: making a first pool of {args.pool} {level.label} puzzles, then {args.iterations} iterations"
    )
    bar = progress_bar(args.iterations, f"{level.label} interest")
    bar.unit = "it"

    def progress(iteration: int, best: float) -> None:
        bar.set_postfix_str(f"best {best:.1f}", refresh=False)
        bar.update(1)

    try:
        result = optimize(level, args.iterations, pool=args.pool, seed=args.seed, progress=progress)
    except GenerationError as error:
        report(out, f"error: optimize: {error}")
        return EXIT_PUZZLE
    finally:
        bar.close()
    for entry in result.pool:
        out.write(json_line(entry.to_dict()) if args.json else to_line(entry.puzzle) + "\n")
    first, last = result.history[0], result.history[-1]
    report(
        out,
        f"optimize: {level.label}, seed {result.seed}, {result.iterations} iterations in "
        f"{result.seconds:.1f} s: best interest {last.best:.1f} (generated {first.best:.1f}), "
        f"pool mean {last.mean:.1f} (generated {first.mean:.1f})",
    )
    if args.plot:
        try:
            plot_history(result.history, args.plot)
        except (RuntimeError, OSError) as error:
            raise UsageError(f"--plot {args.plot}: {getattr(error, 'strerror', None) or error}") from None
    return EXIT_OK


def cmd_bank(args: argparse.Namespace, out: Output) -> int:
    """bank build | check | regrade | practice | stats (see add_bank)."""
    from generator.bank import (
        SHIPPED_BANK,
        BankError,
        BuildCancelled,
        build_bank,
        check_bank,
        levels_of,
        regrade_bank,
    )
    from generator.practice import PER_TECHNIQUE

    bars: dict[Level, Any] = {}  # tqdm bars (untyped)

    def progress(level: Level, done: int, total: int) -> None:
        bar = bars.get(level)
        if bar is None:
            bar = bars[level] = progress_bar(total, f"{level.label:<6}", position=len(bars))
        bar.total = total
        bar.update(done - bar.n)

    try:
        if args.action == "build":
            target = Path(args.output_dir or SHIPPED_BANK)
            if target.exists() and not target.is_dir():
                raise UsageError(f"cannot build a bank in {target}: it is a file, not a folder")
            try:
                built = build_bank(
                    args.output_dir or SHIPPED_BANK,
                    args.per_level,
                    args.levels,
                    args.seed,
                    args.jobs,
                    optimize_iterations=args.optimize_iterations,
                    progress=progress,
                    scheduler=args.scheduler,
                )
            finally:
                for bar in bars.values():
                    bar.close()
            for done in built.levels:
                out.write(
                    f"{done.level.name.lower():<7} {done.total:>6} puzzles  "
                    f"({done.kept} kept, {done.made} made, {done.retried} seeds retried, "
                    f"{done.cpu_seconds:.0f} s of worker time)  {done.path}\n"
                )
            out.write(f"built in {built.seconds:.1f} s\n")
            _practice_index(args.output_dir or SHIPPED_BANK, args.jobs, 0, PER_TECHNIQUE, out)
            return EXIT_OK
        if args.action == "practice":
            if args.folder is not None and not Path(args.folder).is_dir():
                raise BankError(f"no bank folder at {args.folder}")
            _practice_index(args.folder, args.jobs, args.seed, args.per_technique, out)
            return EXIT_OK
        if args.action == "check":
            try:
                result = check_bank(args.folder, jobs=args.jobs, progress=progress, scheduler=args.scheduler)
            finally:
                for bar in bars.values():
                    bar.close()
            for fault in result.faults:
                out.write(f"fault: {fault}\n")
            for level, count in result.counts.items():
                out.write(f"{level.name.lower():<7} {count:>6} puzzles checked\n")
            verdict = (
                "every puzzle is unique, solved, exactly its level and its hardest step as recorded"
                if result.ok
                else f"{len(result.faults)} fault(s)"
            )
            out.write(f"{result.folder}: {result.puzzles} puzzles: {verdict}\n")
            return EXIT_OK if result.ok else EXIT_PUZZLE
        if args.action == "regrade":
            if args.folder is not None and not Path(args.folder).is_dir():
                raise UsageError(f"bank regrade: no bank folder at {args.folder}")
            try:
                regraded = regrade_bank(args.folder, jobs=args.jobs, progress=progress, scheduler=args.scheduler)
            finally:
                for bar in bars.values():
                    bar.close()
            for name, changes in regraded.changes.items():
                fields = ", ".join(f"{key} {count}" for key, count in changes)
                out.write(f"{name:<12} {'renewed: ' + fields if fields else 'as recorded'}\n")
            out.write(
                f"{args.folder or SHIPPED_BANK}: {regraded.graded} puzzles graded, {regraded.changed} records renewed\n"
            )
            return EXIT_OK
        from generator.bank_stats import bank_table

        if args.folder is not None and not Path(args.folder).is_dir():
            raise BankError(f"no bank folder at {args.folder}")
        out.write(bank_table(args.folder, levels_of(None)))
        return EXIT_OK
    except (BuildCancelled, InterruptedError, KeyboardInterrupt) as stop:
        if args.action == "regrade":
            report(out, "interrupted: the levels graded before were written; the one under way was left as it was")
        elif isinstance(stop, BuildCancelled):
            report(out, "interrupted: the puzzles made so far are kept; run the same command to go on")
        elif args.action == "practice":  # the old index stays
            report(out, "interrupted: the practice index was left as it was")
        else:  # check, stats: they only read
            report(out, "interrupted")
        return EXIT_INTERRUPTED
    except BankError as error:
        report(out, f"error: bank {args.action}: {error}")
        # check, stats, practice: a folder that cannot be read (unreadable input); build: a folder it
        # refuses; regrade (a missing folder exits 2 above): a bad file or record, a puzzle that fails
        return EXIT_USAGE if args.action in ("check", "stats", "practice") else EXIT_PUZZLE


def cmd_book(args: argparse.Namespace, out: Output) -> int:
    """A printable PDF: puzzles of one level from the bank, or the puzzles of FILE."""
    from generator.bank import BankError
    from generator.book import (
        BookError,
        book_puzzle,
        book_puzzles_from_bank,
        write_book,
    )

    bar = progress_bar(args.n, "grading")
    try:
        if args.file is None:
            puzzles = book_puzzles_from_bank(
                args.difficulty, args.n, seed=args.seed, progress=lambda done, total: bar.update(done - bar.n)
            )
        else:
            puzzles = []
            for entry in puzzles_of(args, out):
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
        pages = write_book(
            args.pdf, puzzles, title=args.title or f"{level} Sudoku", per_page=args.per_page, page_size=args.page_size
        )
    except (BookError, BankError) as error:
        report(out, f"error: book: {error}")
        return EXIT_PUZZLE
    except OSError as error:
        raise UsageError(f"cannot write {args.pdf}: {error.strerror or error}") from None
    finally:
        bar.close()
    out.write(f"{args.pdf}: {len(puzzles)} puzzles on {pages} pages\n")
    return EXIT_OK


def add_optimize(commands: Commands) -> None:
    optimize = commands.add_parser(
        "optimize",
        help="search for interesting puzzles of a level (deep, narrow solutions)",
        description="Keep a pool of puzzles of one level; each iteration mutates one (adds givens "
        "back and digs again, moves a given, or refills boxes by WFC), keeps the result if it is "
        "unique and exactly the level, and drops the least interesting. Prints the pool, most "
        "interesting first.",
    )
    optimize.add_argument(
        "-d", "--difficulty", type=level_arg, required=True, metavar="LEVEL", help=", ".join(LEVEL_NAMES)
    )
    optimize.add_argument(
        "--iterations", type=non_negative_arg, default=300, metavar="N", help="mutations to try (default 300)"
    )
    optimize.add_argument("--pool", type=positive_arg, default=10, help="pool size (default 10)")
    optimize.add_argument("--seed", type=non_negative_arg, help="makes the run reproducible")
    optimize.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per puzzle: puzzle, solution, level, se, depth, "
        "width_max, width_mean, bottlenecks, interest, ...",
    )
    optimize.add_argument(
        "--plot", metavar="FILE.png", help="plot the best and mean interest per iteration (needs matplotlib)"
    )
    output_argument(optimize)
    optimize.set_defaults(func=cmd_optimize)


def _practice_index(folder: str | os.PathLike[str] | None, jobs: int | None, seed: int, per: int, out: Output) -> None:
    """Write the practice index of the bank at ``folder`` (``generator.practice.build_index``)
    with a progress bar, and say what it holds."""
    from generator.practice import MIN_POSITIONS, build_index, index_path

    bar = progress_bar(0, "Practice")
    try:

        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        counts = build_index(folder, per_technique=per, seed=seed, jobs=jobs or os.cpu_count() or 1, progress=progress)
    finally:
        bar.close()
    rare = [f"{name} ({found})" for name, (_, found) in counts.items() if found < MIN_POSITIONS]
    out.write(
        f"practice index: {sum(kept for kept, _ in counts.values())} positions of {len(counts)} techniques"
        f"  {index_path(folder)}\n"
        + (f"topped up by symmetry, found fewer than {MIN_POSITIONS} times: {', '.join(rare)}\n" if rare else "")
    )


def add_bank(commands: Commands) -> None:
    bank = commands.add_parser("bank", help="build, check, regrade or summarise a puzzle bank; index its practice")
    actions = bank.add_subparsers(dest="action", metavar="ACTION", required=True)
    build = actions.add_parser(
        "build",
        help="make (or finish) a bank: N verified puzzles per level, on every core",
        description="Generates puzzles for every level in parallel, checks each (unique, its "
        "solution, exactly its level) and writes one JSON file per level. Reproducible from "
        "--seed; interrupted, the same command goes on where it stopped.",
    )
    build.add_argument(
        "-o",
        "--output",
        dest="output_dir",
        default=None,
        metavar="DIR",
        help="the bank folder (default: the shipped bank, assets/bank)",
    )
    build.add_argument(
        "--per-level", type=positive_arg, default=1000, metavar="N", help="puzzles per level (default 1000)"
    )
    build.add_argument(
        "--levels",
        type=level_list_arg,
        default=PLAYABLE_LEVELS,
        metavar="L,L",
        help="levels to build, comma-separated (default: all)",
    )
    build.add_argument(
        "--jobs", "-j", type=positive_arg, default=os.cpu_count() or 1, help="worker processes (default: every core)"
    )
    build.add_argument(
        "--optimize-iterations",
        type=non_negative_arg,
        default=0,
        metavar="K",
        help="optimize each puzzle for interest with K iterations (default 0)",
    )
    build.add_argument("--seed", type=non_negative_arg, default=1, help="the bank's seed (default 1)")
    build.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask cluster (tcp://host:8786; pip install -r requirements-dask.txt)",
    )
    check = actions.add_parser(
        "check",
        help="re-verify every puzzle of a bank; exit 1 on a fault",
        description="Checks each puzzle from scratch: unique, its solution, exactly its level, and the "
        "hardest step the record names (the game shows it). Exit 1 on any fault.",
    )
    regrade = actions.add_parser(
        "regrade",
        help="grade every puzzle again and renew its se, score, hardest and interest fields",
        description="Re-verifies and grades each puzzle in full with today's engine and rewrites the "
        "fields that come from the grade where they differ (a level file only if something "
        "changed). A puzzle whose level changed stops it: nothing of its level is written.",
    )
    stats = actions.add_parser("stats", help="givens, SE and interest per level (min, median, max)")
    practice = actions.add_parser(
        "practice",
        help="(re)write the bank's practice index: positions where each technique is the next step",
        description="Solves every puzzle of the bank and keeps, per technique, up to N positions "
        "where it is the step the solver takes next (one per puzzle), in practice.json beside the "
        "level files; `practice` and the game read it. `bank build` writes it too.",
    )
    practice.add_argument(
        "--per-technique", type=positive_arg, default=24, metavar="N", help="positions per technique (default 24)"
    )
    practice.add_argument("--seed", type=non_negative_arg, default=0, help="the order puzzles are taken in (default 0)")
    practice.add_argument(
        "--jobs", "-j", type=positive_arg, default=None, help="worker processes (default: every core)"
    )
    for action in (check, regrade, stats, practice):
        action.add_argument(
            "folder", nargs="?", default=None, metavar="DIR", help="the bank folder (default: the shipped bank)"
        )
    for action in (check, regrade):
        action.add_argument(
            "--jobs", "-j", type=positive_arg, default=None, help="worker processes (default: every core)"
        )
        action.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster")
    bank.set_defaults(func=cmd_bank)


def add_book(commands: Commands) -> None:
    book = commands.add_parser(
        "book",
        help="a printable puzzle book (PDF): puzzles, captions, answer key",
        description="Writes a PDF: a title page, the puzzles with their level, SE estimate, "
        "interest and the techniques each needs, and the solutions at the back. The puzzles "
        "come from the puzzle bank (-d, -n), or from FILE (any format solve reads).",
    )
    book.add_argument(
        "file",
        nargs="?",
        default=None,
        metavar="FILE",
        help="take the puzzles from FILE (- for standard input) instead of the bank",
    )
    book.add_argument(
        "--from", dest="source", choices=FORMATS, default=None, metavar="FORMAT", help="read FILE as this format"
    )
    book.add_argument(
        "-d",
        "--difficulty",
        type=level_arg,
        default=Level.MEDIUM,
        metavar="LEVEL",
        help=f"{', '.join(LEVEL_NAMES)} (default medium)",
    )
    book.add_argument("-n", type=positive_arg, default=12, help="how many puzzles (default 12)")
    book.add_argument(
        "-o",
        "--output",
        dest="pdf",
        required=True,
        metavar="FILE.pdf",
        help="the PDF to write (replaced only when the book is complete)",
    )
    book.add_argument("--per-page", type=int, choices=(1, 2, 4, 6), default=1, help="puzzles per page (default 1)")
    book.add_argument("--page-size", choices=("A4", "letter"), default="A4", help="default A4")
    book.add_argument("--title", help="the title page's title (default: 'LEVEL Sudoku')")
    book.add_argument(
        "--seed",
        type=non_negative_arg,
        help="which bank puzzles: the same seed picks the same ones (default: a random pick)",
    )
    book.set_defaults(func=cmd_book)
