"""Whether a dug puzzle is exactly its level: the generator's checks, cheapest first.

``judge`` takes the dig's result and says what to serve, or why the grid is turned down: a
minimal puzzle that Hard techniques finish ends an Expert attempt at once; Expert puts givens
back along the dig to the last puzzle still solvable within Expert (``last_within``, a binary
search: fewer givens never make a puzzle easier); Master checks in bulk rounds first
(``solver.walks.walk_in_bulk``), and tells the Expert rounds of a near miss for
``generator.steer``. The level itself comes from one walk of the Solo path
(``solver.grading.level_of``, or for Expert and Master ``solver.human.solve_path``), and the
full grade follows for the accepted puzzle only when asked for, taking an Expert's or Master's
path as walked instead of walking it again (with the full grade, 0.93x the instructions of
generating 30 Experts, 0.975x of 6 Masters; the same puzzles and grades).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solver.grading import Grade, grade, level_of, path_level
from solver.grid import Grid
from solver.human import SolvePath, solve_path
from solver.levels import PLAYABLE_LEVELS, Level
from solver.techniques import TECHNIQUES, technique
from solver.techniques.singles import SINGLE_NAMES
from solver.walks import solvable_within, walk_in_bulk

Verdict = tuple[list[int], Grade | None, str | None, str]
"""What ``judge`` says of a puzzle: (the puzzle to serve, its grade, its hardest step, why it
was turned down or "" when accepted)."""


def judge(
    puzzle: list[int],
    solution: Sequence[int],
    removed: Sequence[Sequence[int]],
    level: Level,
    uniqueness: bool,
    cancel: Callable[[], bool] | None,
    full_grade: bool = True,
    depth: list[int] | None = None,
) -> Verdict:
    """Check a dug grid's level, cheapest checks first: (the puzzle to serve, its grade, the
    name of its hardest step, "") when it is exactly ``level``, else (the puzzle, None, None,
    why it was turned down, in words).

    ``puzzle`` is the dig's result, ``solution`` the filled grid and ``removed`` the dig's
    removals (81 ints, 81 ints, groups of cells); Expert puts givens back along the dig. The
    level is decided by one Solo path (``solver.grading.level_of``; for Expert and Master the
    path itself, ``solver.human.solve_path``), and a puzzle is exactly of its level when the
    techniques of the level below cannot finish it too (for Expert this is a check of its own:
    see below); with ``full_grade`` the accepted puzzle is then graded in full
    (``solver.grading.grade``, which takes an Expert's or Master's path as walked), else the
    grade is None. ``depth``, when given, receives for a
    Master candidate that Expert techniques finish the number of their Expert rounds (the
    near miss ``generator.steer`` walks from).

    Raises:
        InterruptedError: ``cancel()`` returned True (every level check and the grade poll it).
    """
    index = PLAYABLE_LEVELS.index(level)
    if level == Level.EXPERT and solvable_within(puzzle, Level.HARD, uniqueness=uniqueness, cancel=cancel):
        # the minimal puzzle is too easy, so is every one along the dig
        return puzzle, None, None, _too_easy(Level.HARD)
    if level == Level.MASTER:
        # Nearly every fill ends here, Hard or Expert techniques finishing the grid: seen in
        # bulk rounds, the Expert walk going on where the Hard one stalled (0.74x the time of
        # the Solo path's walks, and 0.80x that since the closure comes first); a grid they do
        # not finish is graded on that path below.
        work = Grid(puzzle)
        rounds: list[Level] = []
        for easier, stalled in ((Level.HARD, None), (Level.EXPERT, Level.HARD)):
            if walk_in_bulk(work, easier, uniqueness=uniqueness, cancel=cancel, rounds=rounds, quiet=stalled):
                if easier == Level.EXPERT and depth is not None:
                    depth.append(rounds.count(Level.EXPERT))
                return puzzle, None, None, _too_easy(easier)
    used: list[str] = []
    path: SolvePath | None = None  # Expert and Master: the Solo path, which the grade takes on
    if level == Level.EXPERT:
        found = last_within(solution, removed, level, uniqueness, cancel)
        if found is None or found[0] == list(solution):
            return puzzle, None, None, f"no {level.label} puzzle along its dig"  # never seen
        puzzle, path = found
        used = _names(path)
        if not used:  # singles alone solve it
            return puzzle, None, None, _too_easy(PLAYABLE_LEVELS[index - 1])
        # Master's techniques come last in HoDoKu's order, so the Solo path that solved it
        # within Expert is the whole Solo path: its level and hardest step are level_of's
        graded, hardest = path_level(used)
    elif level == Level.MASTER:  # the bulk rounds left Hard and Expert steps to do: some are taken
        path = solve_path(Grid(puzzle), level, uniqueness=uniqueness, cancel=cancel)
        used = _names(path)
        if not path.solved:
            graded, hardest = Level.BEYOND, None
        elif used:
            graded, hardest = path_level(used)
        else:  # singles alone: never seen, the bulk rounds finish such a grid
            graded, hardest = Level.EASY, None
    else:
        graded, hardest = level_of(puzzle, uniqueness=uniqueness, cancel=cancel, used=used)
    if graded == level == Level.EXPERT and _hard_may_finish(used):
        if solvable_within(puzzle, Level.HARD, uniqueness=uniqueness, cancel=cancel):
            return puzzle, None, None, _too_easy(Level.HARD)
    if graded < level:
        return puzzle, None, None, _too_easy(PLAYABLE_LEVELS[index - 1])  # graded is Easy at least
    if graded != level:
        return puzzle, None, None, _too_hard(graded)
    if not full_grade:
        return puzzle, None, hardest, ""
    result = grade(puzzle, uniqueness=uniqueness, cancel=cancel, solo_path=path)
    if result.level != level:  # the same Solo path: never seen
        return puzzle, None, None, _too_hard(result.level) if result.level > level else _too_easy(result.level)
    return puzzle, result, result.hardest, ""


def _names(path: SolvePath) -> list[str]:
    """The names of a Solo path's steps other than singles, in path order (``path_level``'s
    input, what ``solver.walks.hardest_level`` gives as ``used``)."""
    return [step.technique for step in path.steps if step.technique not in SINGLE_NAMES]


EARLY_EXPERT = frozenset(
    t.name
    for i, t in enumerate(TECHNIQUES)
    if t.level == Level.EXPERT and any(u.level == Level.HARD for u in TECHNIQUES[i + 1 :])
)
"""Expert techniques that HoDoKu's order puts before some Hard one (finned and sashimi fish,
Sue de Coq before colouring)."""


def _hard_may_finish(used: Sequence[str]) -> bool:
    """Whether Hard techniques might finish a puzzle whose Solo path took the steps ``used``
    (names, path order, singles left out) and graded Expert. The path took its first Expert step
    where every technique before it in HoDoKu's order had failed; were those all the Hard ones,
    the path that stops at Hard stalls there too. Only an early Expert technique
    (``EARLY_EXPERT``) leaves a Hard one untried, and then only the Hard path itself can tell."""
    for name in used:
        found = technique(name)
        if found.level == Level.EXPERT:  # the first Expert step
            return found.name in EARLY_EXPERT
    return False


def _too_easy(level: Level) -> str:
    return f"too easy: {level.label} techniques solve it"


def _too_hard(level: Level) -> str:
    if level == Level.BEYOND:
        return "too hard: no technique here finishes it"
    return f"too hard: graded {level.label}"


def last_within(
    start: Sequence[int],
    removed: Sequence[Sequence[int]],
    level: Level,
    uniqueness: bool = True,
    cancel: Callable[[], bool] | None = None,
) -> tuple[list[int], SolvePath] | None:
    """The puzzle furthest along a dig's removals that is still solvable within ``level``,
    found by binary search (fewer givens never make a puzzle easier), with its Solo path.

    ``start`` is 81 ints (0 = empty) before the dig; ``removed`` the groups of cells the dig
    emptied, in order. Returns (the puzzle as 81 ints, its Solo path within ``level``: solved,
    ``solver.human.solve_path``'s), or None when ``start`` itself is not solvable within
    ``level``. For Expert the path is the whole Solo path (Master's techniques come last in
    HoDoKu's order), which ``solver.grading.grade`` takes instead of walking it again. Each
    check polls ``cancel`` (``InterruptedError`` once it returns True)."""
    paths: dict[int, SolvePath] = {}  # count -> the Solo path of the puzzle after it

    def within(count: int) -> bool:
        path = solve_path(Grid(after(count)), level, uniqueness=uniqueness, cancel=cancel)
        if path.solved:
            paths[count] = path
        return path.solved

    def after(count: int) -> list[int]:
        puzzle = list(start)
        for group in removed[:count]:
            for cell in group:
                puzzle[cell] = 0
        return puzzle

    if within(len(removed)):
        return after(len(removed)), paths[len(removed)]
    if not within(0):
        return None
    low, high = 0, len(removed)  # solvable after `low` removals, not after `high`
    while high - low > 1:
        middle = (low + high) // 2
        if within(middle):
            low = middle
        else:
            high = middle
    return after(low), paths[low]
