"""Almost Locked Sets: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom.

After HoDoKu's "Almost Locked Sets" page (hodoku.sourceforge.net/en/tech_als.php); the sets,
their reach and their restricted common candidates (RCCs) come from ``als_sets`` (see its
glossary). ALS-XY-Chain lives in ``als_chains`` (on ``als_graph``), Death Blossom in
``death_blossom`` and Sue de Coq in ``sue_de_coq``.

  ALS-XZ       sets A and B with an RCC x: one of them has no x, so it is locked and holds
               every other digit; a digit z both hold is then in A or B, and goes from the
               cells that see all their z's. With two RCCs (doubly linked) each set holds one
               of them and all its other digits.
  ALS-XY-Wing  sets A and B each with an RCC to a pivot set C (x with A, y with C, x != y):
               if neither A nor B held z, A would hold x and B y, leaving C two digits short;
               so z is in A or B.

Every step puts each set in ``Step.groups`` (its candidates) and the RCC and z candidates in
``pattern``. Steps come in the order HoDoKu 2.2's solver finds them, each set of eliminations
once: it takes the first ALS-XZ and the first ALS-XY-Wing it finds (not the best), searching
the pairs of sets (i, j), i < j, of its list of sets (``als_sets``) in order, so the first step
here is the one it takes (read in its AlsSolver for the rule only). Sets that share cells are
used only by ``als_xy_wing_with_overlap`` and Death Blossom (which HoDoKu's default, and so the
registry, leave off), as HoDoKu does with "allow ALS overlap" (its regression library has such
cases); HoDoKu's ALS-XZ never lets its two sets share cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVarTuple

from solver.grid import DIGITS_OF, POPCOUNT, Grid
from solver.step import Candidate, Step
from solver.techniques.als_sets import (
    Als,
    AlsPosition,
    RemovalKey,
    als_houses,
    als_position,
    candidates_in,
    digits_text,
    eliminations_of_key,
    groups_text,
    likewise,
    removal_key,
    removals_text,
)

__all__ = ["als_xy_wing", "als_xy_wing_with_overlap", "als_xz"]

Parts = TypeVarTuple("Parts")  # what a finder keeps per pattern: (a, b, rcc) or (pivot, a, b, rcc_a, rcc_b)
WingParts = tuple[Als, Als, Als, int, int]  # (pivot, a, b, rcc_a, rcc_b)
Order = tuple[tuple[int, int], tuple[int, int]]  # where HoDoKu finds a wing: see ``_wing_order``


def _keep(found: dict[RemovalKey, tuple[Order, tuple[*Parts]]], key: RemovalKey, order: Order, *parts: *Parts) -> None:
    """Keep ``parts`` for the removal key unless a pattern HoDoKu finds earlier has it."""
    if key:
        kept = found.get(key)
        if kept is None or order < kept[0]:
            found[key] = (order, parts)


def _in_order(
    found: dict[RemovalKey, tuple[Order, tuple[*Parts]]],
    build: Callable[[*Parts, tuple[Candidate, ...]], Step],
    seen: set[tuple[Candidate, ...]],
) -> Iterator[Step]:
    """``build(*parts, eliminations)`` for each removal key -> (order, parts) of ``found``, in
    the order HoDoKu finds them, each set of eliminations once (steps are only built when
    asked for)."""
    for key, (_, parts) in sorted(found.items(), key=lambda item: item[1][0]):
        eliminations = eliminations_of_key(key)
        if eliminations not in seen:
            seen.add(eliminations)
            yield build(*parts, eliminations)


def _two_lowest(mask: int) -> int:
    """The lowest two digits of a digit mask (HoDoKu keeps two RCCs per pair of sets)."""
    low = mask & -mask
    rest = mask ^ low
    return low | (rest & -rest)


def als_xz(grid: Grid) -> Iterator[Step]:
    """Every ALS-XZ in ``grid`` (untouched): two ALS without common cells and an RCC, in the
    order HoDoKu finds them (by the pair of sets).

    Singly linked (one RCC x): each digit z both sets hold goes from the cells that see all
    their z's. Doubly linked (two RCCs): every common digit goes from the cells that see all
    its instances in both sets, and each set's other digits from the cells that see all of
    them in that set. Source: HoDoKu, "ALS-XZ" (hodoku.sourceforge.net/en/tech_als.php).
    """
    position = als_position(grid)
    alses = position.alses
    pairs = position.rccs()[0]
    seen: set[tuple[Candidate, ...]] = set()
    targeted = [als.targeted for als in alses]  # most pairs end at this test: plain lists
    for i, j, rcc in pairs:
        if POPCOUNT[rcc] == 1:
            zs = targeted[i] & targeted[j] & ~rcc  # a z that both sets hold and both can lose
            if not zs:
                continue
            a, b = alses[i], alses[j]
            reach_a, reach_b = a.reach, b.reach
            key = tuple([(z, both) for z in DIGITS_OF[zs] if (both := reach_a[z] & reach_b[z])])
        else:
            a, b = alses[i], alses[j]
            common = a.digits & b.digits
            rcc = _two_lowest(rcc)
            removed = [(d, a.reach[d] & b.reach[d]) for d in DIGITS_OF[common]]
            removed += [(d, a.reach[d] & ~b.mask) for d in DIGITS_OF[a.digits & ~rcc]]
            removed += [(d, b.reach[d] & ~a.mask) for d in DIGITS_OF[b.digits & ~rcc]]
            key = removal_key(removed)
        if key:
            eliminations = eliminations_of_key(key)
            if eliminations not in seen:
                seen.add(eliminations)
                yield _xz_step(a, b, rcc, eliminations)


def _xz_step(a: Als, b: Als, rcc: int, eliminations: tuple[Candidate, ...]) -> Step:
    """The Step for one ALS-XZ (``rcc`` has one or two digits)."""
    removed = {d for _, d in eliminations}
    zs = sum(1 << (d - 1) for d in removed) & a.digits & b.digits & ~rcc
    pattern = sorted(set(candidates_in(a, rcc | zs) + candidates_in(b, rcc | zs)))
    intro = groups_text((a, b))
    if POPCOUNT[rcc] == 1:
        x = DIGITS_OF[rcc][0]
        text = (
            f"{intro}. All their {x}s see each other, so A or B has no {x} and must hold all "
            f"its other digits: either way {digits_text(zs)} "
            f"{'is' if POPCOUNT[zs] == 1 else 'are'} in A or B, so "
            f"{removals_text(eliminations)}."
        )
    else:
        x, y = DIGITS_OF[rcc]
        text = (
            f"{intro}. All their {x}s see each other and so do their {y}s, so each of {x} "
            f"and {y} is in at most one group; a group with neither would be short of digits, "
            f"so each holds one of them and all its other digits: "
            f"{removals_text(eliminations)}."
        )
    return Step(
        technique="ALS-XZ",
        eliminations=eliminations,
        pattern=tuple(pattern),
        houses=als_houses(a, b),
        text=text,
        groups=(a.candidates(), b.candidates()),
    )


def als_xy_wing(grid: Grid) -> Iterator[Step]:
    """Every ALS-XY-Wing in ``grid`` (untouched) whose sets share no cells: a pivot ALS C with
    an RCC x to set A and an RCC y to set B (not both the same single digit); a digit z that A
    and B hold, other than their RCCs, goes from the cells that see all z's of A and B.

    HoDoKu's default ("allow ALS overlap" off), so the registry's and the Solo path's: with
    overlapping wings, the Solo path took an ALS-XY-Wing where HoDoKu takes a Forcing Chain on 6
    of 30 Masters made by ``gen``. In the order HoDoKu finds them (``_wing_order``). Source:
    HoDoKu, "ALS-XY-Wing" (hodoku.sourceforge.net/en/tech_als.php)."""
    yield from _in_order(_wings(als_position(grid), overlap=False), _wing_step, set())


def als_xy_wing_with_overlap(grid: Grid) -> Iterator[Step]:
    """``als_xy_wing`` with HoDoKu's "allow ALS overlap" on: sets may share cells (no RCC in a
    shared cell, A and B not one inside the other). Not in the registry (HoDoKu's default leaves
    the option off); its regression library's variant-2 cases need it."""
    yield from _in_order(_wings(als_position(grid), overlap=True), _wing_step, set())


def _wing_order(pivot: int, a: int, b: int) -> Order:
    """Where HoDoKu finds the wing of sets ``a`` and ``b`` on ``pivot`` (indices into the
    position's sets): it lists the RCCs of every two sets (i, j), i < j, by (i, j) and tries
    every two of them in that order, the first of a wing's two RCCs before the second."""
    first, second = (min(pivot, a), max(pivot, a)), (min(pivot, b), max(pivot, b))
    return (first, second) if first < second else (second, first)


def _wings(position: AlsPosition, overlap: bool) -> dict[RemovalKey, tuple[Order, WingParts]]:
    """The wings of a position, with or without sets that share cells:
    removal key -> (HoDoKu's order of the first wing found for it, (pivot, a, b, rcc_a, rcc_b))."""
    alses = position.alses
    _, neighbours, _, shared_neighbours = position.rccs()
    found: dict[RemovalKey, tuple[Order, WingParts]] = {}
    targeted = [als.targeted for als in alses]  # the inner loop reads plain lists
    masks = [als.mask for als in alses]
    reaches = [als.reach for als in alses]
    for c, pivot in enumerate(alses):
        arms = neighbours[c] + shared_neighbours[c] if overlap else neighbours[c]
        # per arm: (set, RCC, the digits it can lose other than its RCC): two arms' z digits
        # are the AND of theirs (targeted_a & targeted_b & ~(rcc_a | rcc_b))
        losing = [(j, rcc, targeted[j] & ~rcc) for j, rcc in arms]
        for first, (i, rcc_a, lose_a) in enumerate(losing):
            if not lose_a:
                continue  # A can lose no digit but its RCC: no wing from it
            mask_a, reach_a = masks[i], reaches[i]
            single_a = POPCOUNT[rcc_a] == 1
            for second in range(first + 1, len(losing)):
                j, rcc_b, lose_b = losing[second]
                common = lose_a & lose_b
                if not common or (single_a and rcc_a == rcc_b):
                    continue
                mask_b = masks[j]
                if mask_a & mask_b and (not overlap or (mask_a | mask_b) in (mask_a, mask_b)):
                    continue
                reach_b = reaches[j]
                key = tuple([(z, both) for z in DIGITS_OF[common] if (both := reach_a[z] & reach_b[z])])
                if key:
                    _keep(found, key, _wing_order(c, i, j), pivot, alses[i], alses[j], rcc_a, rcc_b)
    return found


def _wing_step(pivot: Als, a: Als, b: Als, rcc_a: int, rcc_b: int, eliminations: tuple[Candidate, ...]) -> Step:
    """The Step for one ALS-XY-Wing."""
    zs = sum(1 << (d - 1) for d in {d for _, d in eliminations})
    pattern = set(candidates_in(a, rcc_a | zs) + candidates_in(b, rcc_b | zs))
    pattern.update(candidates_in(pivot, rcc_a | rcc_b))
    x, y = digits_text(rcc_a), digits_text(rcc_b)
    z, *others = DIGITS_OF[zs]
    text = (
        f"{groups_text((a, b, pivot))}. If neither A nor B held {z}, A would hold {x} and B "
        f"{y}; C, whose {x} and {y} they see, would lose them and be short of digits. So A or "
        f"B holds {z}{likewise(others)}: {removals_text(eliminations)}."
    )
    return Step(
        technique="ALS-XY-Wing",
        eliminations=eliminations,
        pattern=tuple(sorted(pattern)),
        houses=als_houses(pivot, a, b),
        text=text,
        groups=(a.candidates(), b.candidates(), pivot.candidates()),
    )
