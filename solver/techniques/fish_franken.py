"""Franken fish: X-Wing, Swordfish and Jellyfish with boxes among the base or cover sets.

Glossary (after HoDoKu's "Franken Fish" page; the words of solver.techniques.fish and
solver.techniques.fish_finned):
  Franken fish  base sets are rows and boxes, cover sets columns and boxes (or base sets columns
                and boxes, cover sets rows and boxes), with at least one box. Every candidate
                of the digit in the base sets lies in a cover set, so the n base sets take the
                digit n times, once in each cover set: the digit leaves the rest of the cover
                sets.
  endo fin      a candidate in two base sets (a row and a box that cross). Were it the digit, it
                would serve two base sets at once, so it counts as a fin.
  cannibalism   a candidate in two cover sets is removed too, base candidate or not: as the
                digit it would fill two cover sets with one base set, leaving the other base
                sets one cover set short.
  finned        some base candidates (the fins, endo fins included) lie outside the cover sets;
                only cells that see every fin lose the digit.
  target        a candidate a fish could remove: in a cover set, seeing every fin, and no base
                candidate unless it lies in two cover sets.
  cover rank    the fewest cover sets (boxes that are base sets excepted) holding some
                candidates.

Search limits as HoDoKu's defaults: at most 5 fins of which at most 2 endo fins; like HoDoKu, a
finned fish is not reported when its cover sets but the last (in house order) already hold every
base candidate. Fish made of rows and columns alone are the basic and finned fish of the other
modules and are not repeated here. One search per digit and orientation builds base and cover
sets together (``fish_franken_search.fish_of_digit``), so only cover sets that touch the base sets are tried,
and a choice of base sets that cannot be covered is dropped with everything built on it.

Most positions hold no Franken fish, and that search would still try thousands of near misses,
so a cheap necessary test runs first (the rank test, ``possible_base_sets`` in
solver.techniques.fish_franken_rank): a fish needs a target whose cover rank, together with the
base candidates that do not see it, is at most n. Choices of base sets that have no such target
are never searched; the rest are searched as before, so the same fish come out in the same order.
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.grid import HOUSE_MASK, Grid, cell_name, cells_of, digit_places
from solver.step import Step
from solver.techniques.digit_memo import DigitMemo
from solver.techniques.fish import FISH_NAMES
from solver.techniques.fish_finned import finned_text, houses_text, siamese_text
from solver.techniques.fish_franken_rank import possible_base_sets
from solver.techniques.fish_franken_search import BASE_HOUSES, MAX_ENDO_FINS, fish_of_digit
from solver.techniques.wording import and_list

MEMO = DigitMemo()
"""Digits with no Franken fish at their places (``solver.techniques.digit_memo``)."""


def _franken(grid: Grid, size: int, finned: bool) -> Iterator[Step]:
    """Every (finned) Franken fish of ``size`` base sets that eliminates, each set of
    eliminations once, then the siamese pairs of each choice of base sets; digit by digit
    (digits remembered to have none at their places are skipped, see ``DigitMemo``)."""
    name = ("Finned Franken " if finned else "Franken ") + FISH_NAMES[size]
    masks = digit_places(grid)
    seen: set[tuple[int, int]] = set()  # (digit, eliminations mask) of one fish
    seen_pairs: set[tuple[int, int]] = set()  # (digit, eliminations mask) of a siamese pair
    return MEMO.steps(
        ("franken", size, finned),
        masks.__getitem__,
        [d for d in range(1, 10) if masks[d]],
        lambda digit: _franken_of_digit(name, digit, masks[digit], size, finned, seen, seen_pairs),
    )


def _franken_of_digit(
    name: str,
    digit: int,
    digit_cells: int,
    size: int,
    finned: bool,
    seen: set[tuple[int, int]],
    seen_pairs: set[tuple[int, int]],
) -> Iterator[Step]:
    """``_franken``'s steps for one digit whose candidates are ``digit_cells`` (81-bit)."""
    for orientation in (0, 1):
        pool = []
        for house in BASE_HOUSES[orientation]:
            cands = digit_cells & HOUSE_MASK[house]
            if cands and (finned or cands.bit_count() <= size):
                pool.append((house, cands))
        if len(pool) < size:
            continue
        allowed = possible_base_sets(digit_cells, pool, orientation, size, finned, MAX_ENDO_FINS)
        if not allowed:
            continue
        fish = fish_of_digit(digit_cells, pool, orientation, size, finned, allowed)
        # (base houses, base candidates, endo fins) -> (cover houses, fins, eliminations) of each fish
        by_base: dict[tuple[tuple[int, ...], int, int], list[tuple[tuple[int, ...], int, int]]] = {}
        for base, union, endo, covers, fins, eliminations in fish:
            if (digit, eliminations) not in seen:
                seen.add((digit, eliminations))
                yield _franken_step(name, digit, base, union, endo, [(covers, fins)], eliminations)
            by_base.setdefault((base, union, endo), []).append((covers, fins, eliminations))
        if finned:  # siamese pairs: finned fish on the same base sets
            for (base, union, endo), variants in by_base.items():
                for i, (covers, fins, eliminations) in enumerate(variants):
                    for other_covers, other_fins, other_eliminations in variants[i + 1 :]:
                        both = eliminations | other_eliminations
                        if both in (eliminations, other_eliminations):
                            continue  # together they remove no more than one of them
                        if (digit, both) not in seen_pairs:
                            seen_pairs.add((digit, both))
                            pairs = [(covers, fins), (other_covers, other_fins)]
                            yield _franken_step(name, digit, base, union, endo, pairs, both)


def _franken_step(
    name: str,
    digit: int,
    base: tuple[int, ...],
    union: int,
    endo: int,
    fish: list[tuple[tuple[int, ...], int]],
    eliminations: int,
) -> Step:
    """The Step for one Franken fish, or two siamese ones: ``fish`` holds (cover houses, fins)
    per fish (81-bit fins, endo fins included). Pattern = base candidates that are no fin."""
    covers = tuple(sorted({house for one_covers, _ in fish for house in one_covers}))
    fins = 0
    for _, one_fins in fish:
        fins |= one_fins
    removed = [(cell, digit) for cell in cells_of(eliminations)]
    if len(fish) == 2:
        parts = [(one_covers, cells_of(one_fins)) for one_covers, one_fins in fish]
        text = siamese_text(digit, base, parts, removed)
    else:
        text = _franken_text(
            digit, base, covers, cells_of(fins), cells_of(endo), eliminations & ~union, eliminations & union
        )
    return Step(
        technique=name,
        eliminations=tuple(removed),
        pattern=tuple((cell, digit) for cell in cells_of(union & ~fins)),
        fins=tuple((cell, digit) for cell in cells_of(fins)),
        houses=base + covers,
        text=text,
    )


def _franken_text(
    digit: int,
    base: tuple[int, ...],
    covers: tuple[int, ...],
    fins: list[int],
    endo: list[int],
    ordinary: int,
    cannibals: int,
) -> str:
    """The sentence of a Franken fish: the fish (and fins) for the cover eliminations, the
    cover-set count for cannibalistic ones."""
    if fins:
        removed = [(cell, digit) for cell in cells_of(ordinary | cannibals)]
        text = finned_text(digit, base, covers, fins, removed, frozenset(endo))
    else:
        text = f"In {houses_text(base)}, the {digit} can only go in {houses_text(covers)}"
        if ordinary:
            text += (
                f", so {digit} can be removed from the rest of {houses_text(covers)} "
                f"({and_list(cell_name(c) for c in cells_of(ordinary))})"
            )
        text += "."
    if cannibals:
        cells = cells_of(cannibals)
        one = len(cells) == 1
        text += (
            f" {and_list(cell_name(c) for c in cells)} {'lies' if one else 'lie'} in two cover "
            f"sets: a {digit} there would fill both and leave the other base sets one cover set "
            f"short."
        )
    return text


def franken_x_wing(grid: Grid) -> Iterator[Step]:
    """Every Franken X-Wing in ``grid`` (untouched): 2 base sets (rows or columns and boxes)
    whose digit lies in 2 cover sets (columns or rows and boxes), a box among them; the digit
    goes from the rest of the cover sets and from cells in two cover sets. One Step per set of
    eliminations. Source: HoDoKu, "Franken Fish" (hodoku.sourceforge.net/en/tech_fishfr.php).
    """
    return _franken(grid, 2, finned=False)


def franken_swordfish(grid: Grid) -> Iterator[Step]:
    """Every Franken Swordfish in ``grid`` (untouched): 3 base sets, 3 cover sets, boxes among
    them (see ``franken_x_wing``). Source: HoDoKu, "Franken Fish"."""
    return _franken(grid, 3, finned=False)


def franken_jellyfish(grid: Grid) -> Iterator[Step]:
    """Every Franken Jellyfish in ``grid`` (untouched): 4 base sets, 4 cover sets, boxes among
    them (see ``franken_x_wing``). Source: HoDoKu, "Franken Fish"."""
    return _franken(grid, 4, finned=False)


def finned_franken_x_wing(grid: Grid) -> Iterator[Step]:
    """Every Finned Franken X-Wing in ``grid`` (untouched): a Franken X-Wing with fins (base
    candidates outside the cover sets, or in two base sets); the digit goes from the cover
    cells that see every fin. Then siamese pairs on the same base sets as one step.
    Source: HoDoKu, "Franken Fish" and "Finned/Sashimi Fish"."""
    return _franken(grid, 2, finned=True)


def finned_franken_swordfish(grid: Grid) -> Iterator[Step]:
    """Every Finned Franken Swordfish in ``grid`` (untouched): 3 base sets, 3 cover sets, fins
    (see ``finned_franken_x_wing``). Source: HoDoKu, "Franken Fish"."""
    return _franken(grid, 3, finned=True)


def finned_franken_jellyfish(grid: Grid) -> Iterator[Step]:
    """Every Finned Franken Jellyfish in ``grid`` (untouched): 4 base sets, 4 cover sets, fins
    (see ``finned_franken_x_wing``). Source: HoDoKu, "Franken Fish"."""
    return _franken(grid, 4, finned=True)
