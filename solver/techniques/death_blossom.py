"""Death Blossom (re-exported by ``solver.techniques.als``).

After HoDoKu's "Almost Locked Sets" page (hodoku.sourceforge.net/en/tech_als.php): a stem
cell and, for each of its candidates d, a petal: an ALS whose d's all see the stem. Whatever
the stem is, that petal loses d and holds every other digit; so a digit z of every petal (not
a stem candidate) is in some petal, and goes from the cells that see all the petals' z's.
Petals without shared cells come first, then petals that share cells, as HoDoKu's "allow ALS
overlap" finds them (its regression library has such cases). Off in HoDoKu's default
configuration, and so in the registry.
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.grid import ALL_DIGITS, BIT, DIGITS_OF, POPCOUNT, Grid, cell_name, cells_of
from solver.step import Candidate, Step
from solver.techniques.als_sets import (
    BITS_81,
    LETTERS,
    Als,
    RemovalKey,
    als_houses,
    als_position,
    candidates_in,
    digits_text,
    eliminations_of_key,
    groups_text,
    removal_count,
    removals_text,
)
from solver.techniques.wording import and_list

StemOption = tuple[int, list[tuple[Als, list[int]]]]  # (stem digit, [(petal, its reach per free digit)])
Petals = list[tuple[int, Als]]  # (stem digit, petal) per petal chosen
Blossom = tuple[int, int, int, Petals]  # (cells of the petals, stem, stem's digit mask, petals)


def death_blossom(grid: Grid) -> Iterator[Step]:
    """Every Death Blossom in ``grid`` (untouched): a stem cell and one petal ALS per stem
    candidate d, whose d's all see the stem; a digit z of every petal, not a stem candidate,
    goes from the cells that see all z's of the petals.

    Petals without shared cells first, then blossoms whose petals share cells; one step per
    set of eliminations, most eliminations first. Off in HoDoKu's default configuration.
    Source: HoDoKu, "Death Blossom" (hodoku.sourceforge.net/en/tech_als.php).
    """
    position = als_position(grid)
    alses = position.alses
    petals: dict[int, list[int]] = {}
    for p, als in enumerate(alses):
        for d in DIGITS_OF[als.digits]:
            for cell in cells_of(als.reach[d]):
                petals.setdefault(10 * cell + d, []).append(p)
    found: tuple[dict[RemovalKey, Blossom], dict[RemovalKey, Blossom]] = ({}, {})  # without, with shared cells
    for stem, mask in enumerate(position.key):
        if POPCOUNT[mask] < 2:
            continue
        free = list(DIGITS_OF[ALL_DIGITS & ~mask])  # digits a blossom may remove
        options: list[StemOption] = []
        for d in DIGITS_OF[mask]:
            choices = [
                (alses[p], [alses[p].reach[z] for z in free])
                for p in petals.get(10 * stem + d, ())
                if alses[p].targeted & ~mask
            ]
            if not choices:
                break
            options.append((d, choices))
        else:
            options.sort(key=lambda option: len(option[1]))
            for shared, chosen, targets in _blossoms(options, [], 0, [BITS_81] * len(free), False):
                key = tuple((z, seen_by) for z, seen_by in zip(free, targets) if seen_by)
                cells = sum(len(als.cells) for _, als in chosen)
                kept = found[shared].get(key)
                if kept is None or cells < kept[0]:
                    found[shared][key] = (cells, stem, mask, chosen)
    seen: set[tuple[Candidate, ...]] = set()
    for blossoms in found:
        # most eliminations, then fewest cells; each set of eliminations once
        order = sorted(
            blossoms.items(),
            key=lambda item: (-removal_count(item[0]), item[1][0]),
        )
        for key, (_, stem, stem_digits, chosen) in order:
            eliminations = eliminations_of_key(key)
            if eliminations not in seen:
                seen.add(eliminations)
                yield _blossom_step(stem, stem_digits, chosen, eliminations)


def _blossoms(
    options: list[StemOption], chosen: Petals, union: int, targets: list[int], shared: bool
) -> list[tuple[bool, Petals, list[int]]]:
    """Choose a petal for each remaining stem digit; (shared, petals, targets) per blossom.

    ``options`` holds (stem digit, [(petal, its reach for each free digit)]); ``targets`` the
    cells that see every free digit of the petals so far, per free digit (0 once a petal
    lacks it); ``shared`` tells whether two petals so far share a cell.
    """
    if len(chosen) == len(options):
        return [(shared, list(chosen), targets)]
    found: list[tuple[bool, Petals, list[int]]] = []
    digit, choices = options[len(chosen)]
    for petal, reach in choices:
        narrowed = [t & r for t, r in zip(targets, reach)]
        if any(narrowed):
            chosen.append((digit, petal))
            found += _blossoms(options, chosen, union | petal.mask, narrowed, shared or bool(union & petal.mask))
            chosen.pop()
    return found


def _blossom_step(stem: int, stem_digits: int, chosen: Petals, eliminations: tuple[Candidate, ...]) -> Step:
    """The Step for one Death Blossom."""
    chosen = sorted(chosen, key=lambda item: item[0])
    removed = sorted({d for _, d in eliminations})
    zs = sum(BIT[d] for d in removed)
    pattern = {(stem, d) for d in DIGITS_OF[stem_digits]}
    for digit, petal in chosen:
        pattern.update(candidates_in(petal, BIT[digit] | zs))
    stem_name = cell_name(stem)
    names = [LETTERS[k % 26] for k in range(len(chosen))]
    cases = [f"{names[k]} if it is {digit}" for k, (digit, _) in enumerate(chosen)]
    text = (
        f"{groups_text(als for _, als in chosen)}. {stem_name} holds only "
        f"{digits_text(stem_digits)}, and each of its digits is seen by all of that digit in "
        f"one group, which then loses it and must hold all its other digits: "
        f"{and_list(cases)}. So {and_list(removed)} {'is' if len(removed) == 1 else 'are'} in "
        f"one of the groups whatever {stem_name} is: {removals_text(eliminations)}."
    )
    return Step(
        technique="Death Blossom",
        eliminations=eliminations,
        pattern=tuple(sorted(pattern)),
        houses=als_houses(*(petal for _, petal in chosen)),
        text=text,
        groups=tuple(petal.candidates() for _, petal in chosen),
    )
