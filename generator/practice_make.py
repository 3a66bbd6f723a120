"""Practice positions made on demand, for the techniques a real path (almost) never takes next.

Some techniques are next on a solve path so rarely that 5,000 bank puzzles hold no such
position: something cheaper sees the same thing first (a Hidden Quad is the complement of a
naked subset of its house unless all nine cells are open; a Franken X-Wing is usually a grouped
Nice Loop), or the technique is off in HoDoKu's default configuration (Death Blossom, Franken
and Finned Franken Jellyfish), so the solver never takes it at all. Positions for them are made
from the bank's puzzles:

seed     a position of a bank puzzle where the technique fires, with what must stay: its
         step's pattern, fins and groups (``keep``) and at least one of its eliminations
         (``targets``). Two techniques get a made seed (``_hidden_quad_seeds``,
         ``_avoidable_2_seeds``): false candidates are taken out so their pattern appears.
         Seeds are looked for first in ready positions (the practice index's, of techniques as
         hard or harder: a tenth of a second to a second or so), then on bank puzzles' paths
         walked for it (seconds), and for Hidden Quad on puzzles made with an empty house.
settle   from a seed, take false candidates out until the technique is the cheapest that
         fires: each cheaper step that fires is taken (its placements are the solution's
         digits, its eliminations false candidates) when that leaves ``keep`` and a target
         standing; otherwise a false candidate of its own pattern is taken out, which breaks it.

Only false candidates ever go (the solution is read from the bank), so a made position is one a
player can reach, with the solution among its candidates; by construction the technique is the
step the solver takes there first, the enabled techniques before it in HoDoKu's order finding
nothing (for the three HoDoKu leaves off: with it switched on, as HoDoKu's practising mode
does).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, islice
from typing import NamedTuple

from generator.bank_format import load_bank
from generator.wfc import fill
from solver.exact import count_solutions, solve_unique
from solver.grid import BIT, HOUSES, PEERS, POPCOUNT, Grid, parse_values
from solver.human import ALL_LEVELS, first_step, solve_path
from solver.levels import PLAYABLE_LEVELS
from solver.step import Candidate, Step
from solver.techniques import TECHNIQUES, Technique, technique
from solver.techniques.avoidable import SIDES
from solver.techniques.singles import SINGLE_NAMES

MAKEABLE = ("Hidden Quad", "Avoidable Rectangle Type 2", "WXYZ-Wing", "Death Blossom", "Finned Franken Jellyfish")
"""The techniques no shipped path takes next whose positions this module makes, in seconds (the
practice index lists them for the game); WXYZ-Wing and Death Blossom are off in the solver, as
in HoDoKu's default configuration, so only made positions have them next. Franken X-Wing,
Franken Swordfish, Franken Jellyfish and Finned Franken X-Wing are not among them: none was made
from 400 bank puzzles each, as a cheaper step (Locked Candidates, a Hidden Single, a grouped Nice
Loop) always takes their eliminations first; ``made_positions`` still tries when asked by name. Measured 2026-11-27 at
every stall of 400 Expert and Master bank puzzles (seed 2): of 5,590 / 10,723 / 7,881 / 8,567
eliminations these four make there, all but 1 / 0 / 5 / 2 are made by a single cheaper step at
the same position, and those eight fall to a cheaper step and the singles after it (each seed
settled 18 ways, taking or breaking each cheaper step at random). An unfinned Franken X-Wing is
a grouped AIC of four nodes (its bases' intersections with its covers) or, where a base meets
one cover only, Locked Candidates; HoDoKu's order tries both first."""
BANK_PUZZLES = 400  # bank puzzles looked at, at most, for one request
MADE_PUZZLES = 3000  # puzzles made with an empty house, at most, for one Hidden Quad request
QUADS = tuple(combinations(range(1, 10), 4))  # every four digits
SETTLE_STEPS = 60  # cheaper steps taken or broken, at most, before a seed is given up
SEEDS_PER_PUZZLE = 24  # seeds tried, at most, on one bank puzzle's path
STEPS_PER_POSITION = 3  # the technique's steps at one position that seed a try

ProgressFn = Callable[[float], None]
Start = tuple[str, Sequence[int], Sequence[int]]  # (bank puzzle line, a position's values, candidates)
CancelFn = Callable[[], bool]


class Seed(NamedTuple):
    """A position to settle (its own copy), the candidates that must stay, and the candidates at
    least one of which must stay (the technique's eliminations there)."""

    grid: Grid
    keep: frozenset[Candidate]
    targets: frozenset[Candidate]


class MadePosition(NamedTuple):
    """A made position: the bank ``puzzle`` (81-character line), the position's ``values`` and
    ``candidates`` (81 ints, 81 masks) and the technique's ``step`` the solver takes there."""

    puzzle: str
    values: tuple[int, ...]
    candidates: tuple[int, ...]
    step: Step


def order_for(wanted: Technique) -> tuple[Technique, ...]:
    """The techniques the solver tries at a practice position of ``wanted``: the enabled ones
    before it in HoDoKu's order, then ``wanted`` itself (enabled or not)."""
    before = TECHNIQUES[: TECHNIQUES.index(wanted)]
    return (*(t for t in before if t.enabled), wanted)


def made_positions(
    name: str,
    seed: int | None = None,
    limit: int | None = None,
    folder: str | os.PathLike[str] | None = None,
    cancel: CancelFn | None = None,
    progress: ProgressFn | None = None,
    starts: Sequence[Start] = (),
) -> Iterator[MadePosition]:
    """Positions where technique ``name`` is the solver's next step, made from the bank's
    puzzles (``folder``; None: the shipped bank) of its level and above, one per puzzle, in an
    order seeded by ``seed``; at most ``limit`` puzzles are looked at (None: 400 of the bank's;
    for Hidden Quad, 3,000 puzzles made with a house left empty, ``_empty_house_puzzles``).
    ``starts``, tried first in the order given: ready positions of bank puzzles (the practice
    index's, one per puzzle: far cheaper than walking a path to them), each seeding there alone;
    their puzzles are then left out of the rest. ``progress`` is told the fraction of starts and
    puzzles looked at; ``cancel`` is polled before every technique tried.

    Raises:
        KeyError: no technique is called ``name``.
        InterruptedError: ``cancel()`` returned True.
    """
    wanted = technique(name)
    rng = random.Random(seed)
    order = order_for(wanted)
    hidden_quad = wanted.name == "Hidden Quad"
    limit = (MADE_PUZZLES if hidden_quad else BANK_PUZZLES) if limit is None else max(0, limit)
    used = set()
    for done, (puzzle, values, candidates) in enumerate(starts):
        if progress is not None:
            progress(done / (len(starts) + limit))
        used.add(puzzle)
        solution = tuple(solve_unique(parse_values(puzzle)))
        grid = Grid(list(values), given=[ch in "123456789" for ch in puzzle])
        grid.candidates[:] = list(candidates)
        made = _made_at(puzzle, (grid,), solution, wanted, order, rng, cancel)
        if made is not None:
            yield made
    if hidden_quad:
        sources: Iterator[tuple[str, tuple[int, ...]]] = _empty_house_puzzles(rng, limit, cancel)
    else:
        levels = [level for level in PLAYABLE_LEVELS if level >= wanted.level]
        records = [r for level in levels for r in load_bank(folder, level) if r.puzzle not in used]
        rng.shuffle(records)
        limit = min(limit, len(records))
        sources = ((r.puzzle, tuple(int(ch) for ch in r.solution)) for r in records[:limit])
    for done, (puzzle, solution) in enumerate(sources, len(starts)):
        if progress is not None:
            progress(done / (len(starts) + limit))
        made = _made_at(puzzle, _stalls(puzzle, cancel), solution, wanted, order, rng, cancel)
        if made is not None:
            yield made


def _empty_house_puzzles(
    rng: random.Random, count: int, cancel: CancelFn | None
) -> Iterator[tuple[str, tuple[int, ...]]]:
    """``count`` new puzzles (81-character line, solution) with one house empty: a grid filled
    by Wave Function Collapse, a random house emptied, then every other given taken out, in a
    random order, that the puzzle stays unique without (the bank's puzzles hardly ever leave a
    house empty, which a Hidden Quad needs)."""
    for _ in range(count):
        if cancel is not None and cancel():
            raise InterruptedError("cancelled")
        solution = fill(rng=rng)
        puzzle = solution[:]
        for cell in rng.choice(HOUSES):
            puzzle[cell] = 0
        order = [c for c in range(81) if puzzle[c]]
        rng.shuffle(order)
        for cell in order:
            puzzle[cell] = 0
            if count_solutions(puzzle, 1, excluded=((cell, solution[cell]),)):
                puzzle[cell] = solution[cell]
        yield "".join(str(v) if v else "." for v in puzzle), tuple(solution)


def _stalls(puzzle: str, cancel: CancelFn | None) -> Iterator[Grid]:
    """The positions on ``puzzle``'s path where the singles have run out, and its last; one grid,
    changed between them (seeds copy it)."""
    start = Grid.parse(puzzle)
    work = start.copy()
    for step in (*solve_path(start, ALL_LEVELS, cancel=cancel).steps, None):
        if step is None or step.technique not in SINGLE_NAMES:
            yield work
        if step is not None:
            step.apply(work)


def _made_at(
    puzzle: str,
    positions: Iterable[Grid],
    solution: tuple[int, ...],
    wanted: Technique,
    order: tuple[Technique, ...],
    rng: random.Random,
    cancel: CancelFn | None,
) -> MadePosition | None:
    """A position made from the seeds of ``positions`` (of ``puzzle``; ``SEEDS_PER_PUZZLE`` of
    them at most, in all), or None."""
    seeds = (seed for grid in positions for seed in _seeds(grid, wanted, solution, rng))
    for seed in islice(seeds, SEEDS_PER_PUZZLE):
        found = settle(seed, wanted, order, solution, rng, cancel)
        if found is not None:
            return MadePosition(puzzle, tuple(seed.grid.values), tuple(seed.grid.candidates), found)
    return None


def _seeds(grid: Grid, wanted: Technique, solution: tuple[int, ...], rng: random.Random) -> Iterator[Seed]:
    """The seeds ``grid`` offers for ``wanted`` (see the module docstring)."""
    if wanted.name == "Hidden Quad":
        yield from _hidden_quad_seeds(grid, solution, rng)
        return
    if wanted.name == "Avoidable Rectangle Type 2":
        yield from _avoidable_2_seeds(grid, solution)
        return
    for _, step in zip(range(STEPS_PER_POSITION), wanted.finder(grid)):
        yield _seed_of(grid.copy(), step)


def _seed_of(grid: Grid, step: Step) -> Seed:
    """``grid`` with ``step``'s pattern, fins and groups to keep and its eliminations as targets."""
    return Seed(grid, _marked(step), frozenset(step.eliminations))


def _marked(step: Step) -> frozenset[Candidate]:
    """The candidates that make ``step``: its pattern, fins and groups."""
    return frozenset([*step.pattern, *step.fins, *(c for group in step.groups for c in group)])


def _hidden_quad_seeds(grid: Grid, solution: tuple[int, ...], rng: random.Random) -> Iterator[Seed]:
    """Made Hidden Quads: in a house with nine open cells, four digits taken out of the five
    cells the solution does not put them in (a naked quint there, which no technique looks
    for), where the other four cells keep some other candidate (else it is a Naked Quad)."""
    for cells in HOUSES:
        if any(grid.values[c] for c in cells):
            continue
        quads = list(QUADS)
        rng.shuffle(quads)
        for quad in quads[:6]:
            inside = [c for c in cells if solution[c] in quad]
            mask = sum(BIT[d] for d in quad)
            if any(not grid.candidates[c] & ~mask for c in inside):
                continue  # a naked quad, not a hidden one
            if any(POPCOUNT[grid.candidates[c] & ~mask] < 2 for c in cells if c not in inside):
                continue  # a naked single in the house: a placement there leaves a naked quad
            made = grid.copy()
            for cell in cells:
                if cell not in inside:
                    made.candidates[cell] &= ~mask
            # The quad's false candidates may go (it stays hidden); the other five cells must
            # stay as they are: a digit placed there leaves a naked quad, which comes first.
            outside = [(c, d) for c in cells if c not in inside for d in range(1, 10) if made.candidates[c] & BIT[d]]
            keep = frozenset([*((c, solution[c]) for c in inside), *outside])
            targets = frozenset((c, d) for c in inside for d in range(1, 10) if made.candidates[c] & BIT[d] & ~mask)
            yield Seed(made, keep, targets)


def _avoidable_2_seeds(grid: Grid, solution: tuple[int, ...]) -> Iterator[Seed]:
    """Made Avoidable Rectangles Type 2: two corners in one box, not givens, solved (placed, if
    still open: the solution's digits ``a`` and ``b``), and the far corners cut down to
    ``b``/``x`` and ``a``/``x``, where the solution has ``x`` in one of them and the other is
    the digit the deadly pattern would want, and some cell that sees both far corners still has
    ``x`` (then false: one of the far corners is ``x``)."""
    values, given = grid.values, grid.given
    for s1, s2, rest in SIDES:
        if given[s1] or given[s2]:
            continue
        a, b = solution[s1], solution[s2]
        for f1, f2, corners in rest:
            if values[f1] or values[f2] or given[f1] or given[f2]:
                continue
            x = solution[f2] if solution[f1] == b else solution[f1] if solution[f2] == a else 0
            if x in (0, a, b):
                continue
            made = grid.copy()
            for cell, digit in ((s1, a), (s2, b)):
                if not made.values[cell]:
                    made.place(cell, digit)
            cands = made.candidates
            if not cands[f1] & BIT[b] or not cands[f2] & BIT[a] or not cands[f1] & cands[f2] & BIT[x]:
                continue
            sees = set(PEERS[f1]) & set(PEERS[f2]) - set(corners)
            targets = frozenset((c, x) for c in sees if cands[c] & BIT[x])
            if not targets:
                continue
            cands[f1] = BIT[b] | BIT[x]
            cands[f2] = BIT[a] | BIT[x]
            yield Seed(made, frozenset({(f1, b), (f1, x), (f2, a), (f2, x)}), targets)


def settle(
    seed: Seed,
    wanted: Technique,
    order: tuple[Technique, ...],
    solution: tuple[int, ...],
    rng: random.Random,
    cancel: CancelFn | None = None,
) -> Step | None:
    """Take false candidates out of ``seed.grid`` (in place) until ``wanted`` is the first
    technique of ``order`` that fires; its step there, or None when that did not happen within
    ``SETTLE_STEPS`` (see the module docstring).

    Raises:
        InterruptedError: ``cancel()`` returned True.
    """
    grid, keep, targets = seed
    for _ in range(SETTLE_STEPS):
        step = first_step(grid, order, cancel)
        if step is None:
            return None
        if technique(step.technique) is wanted:
            return step
        targets = frozenset(t for t in targets if grid.candidates[t[0]] & BIT[t[1]])
        gone = _removed_by(grid, step)
        if not gone & keep and targets - gone and all(solution[c] != d for c, d in gone):
            step.apply(grid)
            continue
        breakable = sorted(
            (c, d)
            for c, d in _marked(step)
            if solution[c] != d and not grid.values[c] and grid.candidates[c] & BIT[d] and (c, d) not in keep
        )
        if not breakable:
            return None
        cell, digit = rng.choice(breakable)
        grid.eliminate(cell, digit)
    return None


def _removed_by(grid: Grid, step: Step) -> set[Candidate]:
    """The candidates ``step`` would take out of ``grid``: its eliminations, and for each
    placement the cell's other candidates and the digit in its peers."""
    cands = grid.candidates
    gone = {(c, d) for c, d in step.eliminations if cands[c] & BIT[d]}
    for cell, digit in step.placements:
        gone.update((cell, d) for d in range(1, 10) if d != digit and cands[cell] & BIT[d])
        gone.update((p, digit) for p in PEERS[cell] if cands[p] & BIT[digit])
    return gone
