"""Remote Pair, W-Wing and WXYZ-Wing: patterns built from cells with few candidates.

Glossary (see also solver.techniques.cellsets):
  bivalue cell  a cell with exactly two candidates.
  Remote Pair   a chain of bivalue cells holding the same two digits, each seeing the next:
                the cells alternate between the two digits, so a cell that sees two chain
                cells an odd number of steps apart (3, 5, ...) can hold neither digit.
  W-Wing        two bivalue cells ``x/y`` (not necessarily seeing each other) and a strong link
                on ``x`` whose ends see one cell each: both cells can't be ``x``, so one is
                ``y``, and ``y`` goes from every cell that sees both.
  restricted    a digit of a set of cells is restricted when every two of its cells there see
                each other, so it can fill at most one of them.
  WXYZ-Wing     four cells holding four digits between them, exactly one digit (``z``) not
                restricted: the three restricted digits fill at most three of the cells, so
                one holds ``z``, and ``z`` goes from every cell that sees each ``z`` of the four.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from solver.grid import (
    BIT,
    CELL_BIT,
    DIGITS,
    DIGITS_OF,
    HOUSES_OF,
    PEER_MASK,
    POPCOUNT,
    Grid,
    cell_name,
    cells_of,
    digit_places,
    house_name,
)
from solver.step import Candidate, Link, Step
from solver.techniques.cellsets import shared_house, strong_links
from solver.techniques.wording import and_list, cells_text, or_list

MAX_REMOTE_PAIR_CELLS = 10  # HoDoKu's chain limit: 20 nodes, two per cell

# MASKS_WITHIN_FOUR[union]: the masks of 2..4 digits that keep ``union`` within four digits
# (the cells that may join a WXYZ-Wing whose cells so far hold ``union``).
_SMALL = tuple(mask for mask in range(512) if 2 <= POPCOUNT[mask] <= 4)
MASKS_WITHIN_FOUR = tuple(
    tuple(mask for mask in _SMALL if POPCOUNT[mask | union] <= 4) if POPCOUNT[union] <= 4 else ()
    for union in range(512)
)


def _bivalue_groups(grid: Grid, minimum: int) -> dict[int, list[int]]:
    """Bivalue cells by their candidate mask, only masks held by ``minimum`` cells or more."""
    groups: dict[int, list[int]] = {}
    for cell, mask in enumerate(grid.candidates):
        if POPCOUNT[mask] == 2:
            groups.setdefault(mask, []).append(cell)
    return {mask: cells for mask, cells in groups.items() if len(cells) >= minimum}


# --- Remote Pair -----------------------------------------------------------------------------


def _remote_pair_targets(path: list[int], members: int) -> int:
    """Cells that see two cells of ``path`` an odd number (3 or more) of steps apart, not
    counting the cells in ``members`` (the cells holding the pair)."""
    targets = 0
    for i, first in enumerate(path):
        for second in path[i + 3 :: 2]:
            targets |= PEER_MASK[first] & PEER_MASK[second]
    return targets & ~members


def remote_pair(grid: Grid) -> Iterator[Step]:
    """Every Remote Pair in ``grid`` (untouched): a path of an even number (4 or more, at most
    10) of bivalue cells holding the same two digits, each seeing the next; both digits go
    from every cell that sees two path cells an odd number of steps apart (3, 5, ...). One
    Step per set of eliminations, its shortest path; most eliminations first, then shortest.

    Source: HoDoKu, "Chains and Loops", Remote Pair (hodoku.sourceforge.net/en/tech_chains.php).
    """
    places = digit_places(grid)
    best: dict[tuple[Candidate, ...], tuple[int, list[int], int]] = {}  # removed -> (length, path, mask)
    for mask, cells in _bivalue_groups(grid, 4).items():
        members = sum(CELL_BIT[cell] for cell in cells)
        neighbours = {cell: cells_of(PEER_MASK[cell] & members) for cell in cells}
        first, second = DIGITS_OF[mask]
        for start in cells:
            path = [start]
            stack = [iter(neighbours[start])]
            while stack:
                cell = next(stack[-1], None)
                if cell is None:
                    stack.pop()
                    path.pop()
                    continue
                if cell in path:
                    continue
                path.append(cell)
                if len(path) >= 4 and len(path) % 2 == 0 and path[0] < path[-1]:
                    targets = _remote_pair_targets(path, members)
                    removed = tuple(
                        (target, digit)
                        for target in cells_of(targets)
                        for digit in (first, second)
                        if places[digit] & CELL_BIT[target]
                    )
                    if removed and (removed not in best or best[removed][0] > len(path)):
                        best[removed] = (len(path), path[:], mask)
                if len(path) < MAX_REMOTE_PAIR_CELLS:
                    stack.append(iter(neighbours[cell]))
                else:
                    path.pop()
    ordered = sorted(best.items(), key=lambda item: (-len(item[0]), item[1][0]))
    for removed, (_, path, mask) in ordered:
        yield _remote_pair_step(path, mask, removed)


def _remote_pair_step(path: list[int], mask: int, removed: tuple[Candidate, ...]) -> Step:
    """The Step for one Remote Pair path."""
    first, second = DIGITS_OF[mask]
    links: list[Link] = []
    digit, other = first, second
    for i, cell in enumerate(path):
        links.append((((cell,), digit), ((cell,), other), True))
        if i + 1 < len(path):
            links.append((((cell,), other), ((path[i + 1],), other), False))
        digit, other = other, digit
    targets = sorted({cell for cell, _ in removed})
    text = (
        f"{cells_text(path)} hold only {first} and {second} and each sees the next, so they "
        f"alternate: {cells_text(path[0::2])} hold one digit, {cells_text(path[1::2])} the "
        f"other. {cells_text(targets)} "
        f"{'sees' if len(targets) == 1 else 'see'} one cell of each kind, so {first} and "
        f"{second} can be removed from {'it' if len(targets) == 1 else 'them'}."
    )
    return Step(
        technique="Remote Pair",
        eliminations=tuple(sorted(removed)),
        pattern=tuple(sorted((cell, d) for cell in path for d in (first, second))),
        houses=tuple(dict.fromkeys(shared_house(a, b) for a, b in itertools.pairwise(path))),
        links=tuple(links),
        text=text,
    )


# --- W-Wing ----------------------------------------------------------------------------------


def _bridge(links: Sequence[tuple[int, int, int]], first: int, second: int) -> tuple[int, int, int] | None:
    """(house, end seeing ``first``, end seeing ``second``) for the first strong link whose
    ends see one of the two cells each, or None. As HoDoKu 2.2 decides it: an end that sees
    ``first`` counts for ``first`` only, so an end seeing both cells pairs with an end seeing
    ``second`` alone, never with one seeing ``first`` alone."""
    for house, a, b in links:
        if a in (first, second) or b in (first, second):
            continue
        a1, a2 = PEER_MASK[a] >> first & 1, PEER_MASK[a] >> second & 1
        b1, b2 = PEER_MASK[b] >> first & 1, PEER_MASK[b] >> second & 1
        if a1 and not b1 and b2:
            return house, a, b
        if b1 and not a1 and a2:
            return house, b, a
    return None


def w_wing(grid: Grid) -> Iterator[Step]:
    """Every W-Wing in ``grid`` (untouched): two bivalue cells with the same digits ``x/y`` and
    a strong link on ``x`` (a house with two places for it, neither of them the two cells) whose
    ends see one cell each; ``y`` goes from every cell that sees both bivalue cells. One Step
    per pair of cells and digit removed (the first such strong link, in house order), in
    HoDoKu's order, the first being the one its solver takes: by the first cell, then the
    second, then the lower digit removed first.

    Source: HoDoKu, "Wings" (hodoku.sourceforge.net/en/tech_wings.php).
    """
    places = digit_places(grid)
    links_of: dict[int, tuple[tuple[int, int, int], ...]] = {}
    steps: list[tuple[int, int, int, Step]] = []
    seen: set[tuple[int, tuple[int, ...]]] = set()  # (digit removed, target cells)
    for mask, cells in _bivalue_groups(grid, 2).items():
        d1, d2 = DIGITS_OF[mask]
        for i, first in enumerate(cells):
            for second in cells[i + 1 :]:
                both = PEER_MASK[first] & PEER_MASK[second]
                for removed, link_digit in ((d1, d2), (d2, d1)):
                    targets = cells_of(places[removed] & both)
                    if not targets:
                        continue
                    if link_digit not in links_of:
                        links_of[link_digit] = strong_links(places[link_digit])
                    bridge = _bridge(links_of[link_digit], first, second)
                    key = (removed, tuple(targets))
                    if bridge and key not in seen:
                        seen.add(key)
                        step = _w_wing_step(first, second, link_digit, removed, bridge, targets)
                        steps.append((first, second, removed, step))
    steps.sort(key=lambda item: item[:3])
    for *_, step in steps:
        yield step


def _w_wing_step(first: int, second: int, x: int, y: int, bridge: tuple[int, int, int], targets: list[int]) -> Step:
    """The Step for a W-Wing: ``first`` - ``bridge`` (strong link on x) - ``second``."""
    house, end1, end2 = bridge
    links = (
        (((first,), y), ((first,), x), True),
        (((first,), x), ((end1,), x), False),
        (((end1,), x), ((end2,), x), True),
        (((end2,), x), ((second,), x), False),
        (((second,), x), ((second,), y), True),
    )
    text = (
        f"{cell_name(first)} and {cell_name(second)} both hold only {min(x, y)} and {max(x, y)}. "
        f"{house_name(house).capitalize()} has {x} only in {cell_name(end1)} and "
        f"{cell_name(end2)}, "
        f"which see {cell_name(first)} and {cell_name(second)} in turn, so {cell_name(first)} and "
        f"{cell_name(second)} can't both be {x}: one of them is {y}, and {y} can't be in "
        f"{or_list(cell_name(t) for t in targets)}, which "
        f"{'sees' if len(targets) == 1 else 'see'} both."
    )
    pattern = [(first, x), (first, y), (second, x), (second, y), (end1, x), (end2, x)]
    return Step(
        technique="W-Wing",
        eliminations=tuple((t, y) for t in targets),
        pattern=tuple(sorted(pattern)),
        houses=(shared_house(first, end1), house, shared_house(end2, second)),
        links=links,
        text=text,
    )


# --- WXYZ-Wing -------------------------------------------------------------------------------


def wxyz_wing(grid: Grid) -> Iterator[Step]:
    """Every WXYZ-Wing in ``grid`` (untouched): four cells of 2..4 candidates that hold four
    digits between them, all but one (``z``) restricted (each two of its cells see each other);
    ``z`` goes from every cell that sees all the four cells' ``z``s. Every digit must be in two
    of the cells or more (a cell with a digit of its own adds nothing to a smaller wing); four
    cells of one house have every digit restricted (a Naked Quad), so they are no wing. One
    Step per four cells, most eliminations first.

    Source: SukakuExplainer's WXYZ-Wing (github.com/SudokuMonster/SukakuExplainer), in the
    general form of Sudopedia / sudokuwiki.org "WXYZ-Wing"; HoDoKu has no such technique.
    """
    cands = grid.candidates
    places = digit_places(grid)
    by_mask: dict[int, list[int]] = {}
    for cell, mask in enumerate(cands):
        if 2 <= POPCOUNT[mask] <= 4:
            by_mask.setdefault(mask, []).append(cell)
    steps: list[Step] = []
    done: set[tuple[int, ...]] = set()
    for z in DIGITS:
        z_bit = BIT[z]
        holders = [cell for mask, cells in by_mask.items() if mask & z_bit for cell in cells]
        for i, a in enumerate(holders):
            for b in holders[i + 1 :]:
                # z is free because a and b hold it without seeing each other; they share no
                # other digit, and some cell with z must see both
                if PEER_MASK[a] >> b & 1 or cands[a] & cands[b] != z_bit:
                    continue
                union = cands[a] | cands[b]
                targets = places[z] & PEER_MASK[a] & PEER_MASK[b]
                if POPCOUNT[union] > 4 or not targets:
                    continue
                for four, removed in _completions(cands, by_mask, a, b, z_bit, union, targets):
                    key = tuple(sorted(four))
                    if key not in done:
                        done.add(key)
                        z_cells = [cell for cell in key if cands[cell] & z_bit]
                        quad = union | cands[four[2]] | cands[four[3]]
                        steps.append(_wxyz_step(cands, key, quad, z, z_cells, cells_of(removed)))
    steps.sort(key=lambda step: -len(step.eliminations))
    yield from steps


def _completions(
    cands: list[int],
    by_mask: dict[int, list[int]],
    a: int,
    b: int,
    z_bit: int,
    union: int,
    targets: int,
) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """((a, b, c, d), eliminations) for every two cells c, d that complete a and b (which
    hold z without seeing each other) into a WXYZ-Wing that removes something. A digit other
    than z that a new cell shares with a cell of the wing must stay restricted: the two cells
    see each other."""
    peers_a, peers_b = PEER_MASK[a], PEER_MASK[b]
    other_a, other_b = cands[a] & ~z_bit, cands[b] & ~z_bit
    options = []
    for mask in MASKS_WITHIN_FOUR[union]:
        cells = by_mask.get(mask)
        if not cells:
            continue
        must_see_a, must_see_b = mask & other_a, mask & other_b
        for cell in cells:
            if cell in (a, b):
                continue
            if (must_see_a and not peers_a >> cell & 1) or (must_see_b and not peers_b >> cell & 1):
                continue
            seen = targets & PEER_MASK[cell] if mask & z_bit else targets
            if seen:
                options.append((cell, seen))
    for i, (c, seen_c) in enumerate(options):
        others_c = cands[c] & ~z_bit
        peers_c = PEER_MASK[c]
        for d, seen_d in options[i + 1 :]:
            quad = union | cands[c] | cands[d]
            if POPCOUNT[quad] != 4 or not seen_c & seen_d:
                continue
            if cands[d] & others_c and not peers_c >> d & 1:
                continue
            four = (a, b, c, d)
            if _every_digit_twice(cands, four) == quad:
                yield four, seen_c & seen_d


def _every_digit_twice(cands: list[int], cells: tuple[int, ...]) -> int:
    """The digits held by two or more of ``cells``. A digit held by one cell only makes that
    cell useless: the other three then prove the same (an XY-Wing, XYZ-Wing or locked set)."""
    once = twice = 0
    for cell in cells:
        twice |= once & cands[cell]
        once |= cands[cell]
    return twice


def _wxyz_step(
    cands: list[int],
    four: tuple[int, ...],
    quad: int,
    z: int,
    z_cells: list[int],
    targets: list[int],
) -> Step:
    """The Step for one WXYZ-Wing."""
    others = [d for d in DIGITS_OF[quad] if d != z]
    text = (
        f"{cells_text(four)} hold only {and_list(DIGITS_OF[quad])} between them, and "
        f"{and_list(others)} can each fill at most one of them (their cells there see each "
        f"other), so one of the four is {z}. {z} can't be in "
        f"{or_list(cell_name(t) for t in targets)}, "
        f"which {'sees' if len(targets) == 1 else 'see'} every {z} among them "
        f"({cells_text(z_cells)})."
    )
    houses = sorted(
        {house for i, a in enumerate(four) for b in four[i + 1 :] for house in HOUSES_OF[a]
         if house in HOUSES_OF[b]}
    )  # fmt: skip
    return Step(
        technique="WXYZ-Wing",
        eliminations=tuple((t, z) for t in targets),
        pattern=tuple(sorted((cell, d) for cell in four for d in DIGITS_OF[cands[cell]])),
        houses=tuple(houses),
        text=text,
    )
