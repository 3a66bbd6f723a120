"""Finned and sashimi fish: X-Wing, Swordfish and Jellyfish with fins.

Glossary (after HoDoKu's "Finned/Sashimi Fish" page; the words of solver.techniques.fish):
  fin      a candidate of the digit in a base set but outside every cover set. If no fin is
           the digit, the fish stands and the digit leaves the rest of the cover sets; if a fin
           is, it removes the digit from its peers. Either way the digit goes from every cell of
           the cover sets, outside the base sets, that sees every fin.
  body     the base sets' candidates inside the cover sets.
  sashimi  a finned fish in which some base set keeps at most one body candidate: without its
           fins it would be no fish at all (HoDoKu's definition; "finned" otherwise).
  siamese  two finned fish of one digit on the same base sets, with other cover sets and fins;
           HoDoKu reports them as one step with both sets of eliminations (named as the finned
           fish if either is finned, else sashimi). A finder yields such a step after the plain
           fish of those base sets, when each of the two removes something the other does not.

With rows as base sets (columns as cover sets) a cell outside the base rows sees a fin only
through its box, so every fin must lie in one box and the eliminations are the cover cells of
that box outside the base rows; the same holds with the roles of rows and columns swapped. The
search uses the positions table of the basic fish: it picks the base lines, then the stack (or
band) that holds the fins, then which of the lines crossing the fin box are cover sets.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from solver.grid import DIGITS, POPCOUNT, Grid, cell_name, house_name
from solver.step import Candidate, Step
from solver.techniques.digit_memo import DigitMemo
from solver.techniques.fish import FISH_NAMES, INDICES_OF, _cell, _positions
from solver.techniques.wording import and_list

MEMO = DigitMemo()
"""Digits with no finned (sashimi) fish at their places (``solver.techniques.digit_memo``)."""
GROUPS = (0o7, 0o70, 0o700)  # the 9-bit masks of lines 1-3, 4-6, 7-9 (a band or a stack)
GROUP_OF_LINES = tuple(
    next((g for g in range(3) if not mask & ~GROUPS[g]), -1) for mask in range(512)
)  # the group (0..2) holding every line of a mask, -1 if they span several
SUBSETS_BY_SIZE = {
    mask: tuple(tuple(sub for sub in range(1, mask + 1) if sub & mask == sub and POPCOUNT[sub] == k) for k in range(4))
    for group in GROUPS
    for mask in range(1, 512)
    if not mask & ~group
}  # a mask within one group -> submasks by size
FinnedCover = tuple[int, int, list[Candidate]]  # (cover mask, fin crosses mask, sorted eliminations) of one fish
FinnedFish = tuple[int, int, tuple[int, ...], list[FinnedCover]]  # (digit, orientation, base lines, fish)


def _base_sets(masks: list[int], lines: list[int], size: int, limit: int) -> list[tuple[tuple[int, ...], int]]:
    """(base lines, union) for every ``size`` (2, 3 or 4) of ``lines`` whose masks together
    cross at most ``limit`` lines, in lexicographic order; prefixes that already cross too many
    are cut off. Plain nested loops: a recursive generator cost a call per prefix.

    Raises:
        ValueError: ``size`` is not 2, 3 or 4 (the finned fish: X-Wing, Swordfish, Jellyfish).
    """
    if not 2 <= size <= 4:
        raise ValueError(f"finned fish have 2 to 4 base lines, not {size}")
    found: list[tuple[tuple[int, ...], int]] = []
    n = len(lines)
    for i in range(n - size + 1):
        a = lines[i]
        union_a = masks[a]
        for j in range(i + 1, n - size + 2):
            b = lines[j]
            union_b = union_a | masks[b]
            if POPCOUNT[union_b] > limit:
                continue
            if size == 2:
                found.append(((a, b), union_b))
                continue
            for k in range(j + 1, n - size + 3):
                c = lines[k]
                union_c = union_b | masks[c]
                if POPCOUNT[union_c] > limit:
                    continue
                if size == 3:
                    found.append(((a, b, c), union_c))
                    continue
                for m in range(k + 1, n):
                    d = lines[m]
                    union_d = union_c | masks[d]
                    if POPCOUNT[union_d] <= limit:
                        found.append(((a, b, c, d), union_d))
    return found


def _finned_fish(positions: list[list[list[int]]], size: int, digits: Iterable[int] = DIGITS) -> Iterator[FinnedFish]:
    """(digit, orientation, base lines, [(cover, fin crosses, eliminations), ...]) for every
    choice of base lines that carries at least one finned fish of ``size``.

    ``positions`` is the basic fish's table (``fish._positions``). Orientation 0 means row base
    sets (crossing lines are columns), 1 column base sets. Each fish is given by its cover mask
    (crossing lines), the mask of crossing lines holding its fins, and its eliminations as
    sorted (cell, digit) pairs (never empty).
    """
    limit = size + 2  # at most size - 1 cover lines outside the fin box and 3 lines in it
    for digit in digits:
        for orientation in (0, 1):
            masks = positions[orientation][digit]
            lines = [line for line in range(9) if 0 < POPCOUNT[masks[line]] <= limit]
            if len(lines) < size:
                continue
            for base, union in _base_sets(masks, lines, size, limit):
                if POPCOUNT[union] <= size:
                    continue  # a basic fish (or less): no cover choice leaves a fin
                fish = []
                for group in GROUPS:
                    outside = union & ~group
                    inside = union & group
                    need = size - POPCOUNT[outside]  # cover lines to take in the fin group
                    if need < 1 or need >= POPCOUNT[inside]:
                        continue  # no elimination in the fin box, or no fin at all
                    for chosen in SUBSETS_BY_SIZE[inside][need]:
                        fin_crosses = inside & ~chosen
                        fin_lines = 0
                        for line in base:
                            if masks[line] & fin_crosses:
                                fin_lines |= 1 << line
                        band = GROUP_OF_LINES[fin_lines]
                        if band < 0:
                            continue  # fins in two boxes: nothing sees them all
                        eliminations = [
                            (_cell(orientation, line, cross), digit)
                            for line in INDICES_OF[GROUPS[band]]
                            if line not in base
                            for cross in INDICES_OF[masks[line] & chosen]
                        ]
                        if eliminations:
                            eliminations.sort()
                            fish.append((outside | chosen, fin_crosses, eliminations))
                if fish:
                    yield digit, orientation, base, fish


def _is_sashimi(masks: list[int], base: tuple[int, ...], cover: int) -> bool:
    """HoDoKu's sashimi test: some base line keeps at most one position inside the cover."""
    return any(POPCOUNT[masks[line] & cover] <= 1 for line in base)


def _finned(grid: Grid, size: int, sashimi: bool) -> Iterator[Step]:
    """Every finned (or, with ``sashimi``, sashimi) fish of ``size`` base sets that eliminates,
    each fish once per set of eliminations, then the siamese pairs of each set of base lines;
    digit by digit (digits remembered to have none at their places are skipped, see
    ``DigitMemo``)."""
    name = ("Sashimi " if sashimi else "Finned ") + FISH_NAMES[size]
    positions = _positions(grid)
    seen: set[tuple[int, tuple[Candidate, ...]]] = set()  # (digit, eliminations) of one fish
    seen_pairs: set[tuple[int, tuple[Candidate, ...]]] = set()  # (digit, eliminations) of a siamese pair
    return MEMO.steps(
        ("finned", size, sashimi),
        lambda digit: tuple(positions[0][digit]),
        [d for d in DIGITS if any(positions[0][d])],
        lambda digit: _finned_of_digit(name, positions, size, sashimi, digit, seen, seen_pairs),
    )


def _finned_of_digit(
    name: str,
    positions: list[list[list[int]]],
    size: int,
    sashimi: bool,
    digit: int,
    seen: set[tuple[int, tuple[Candidate, ...]]],
    seen_pairs: set[tuple[int, tuple[Candidate, ...]]],
) -> Iterator[Step]:
    """``_finned``'s steps for one digit."""
    for _, orientation, base, fish in _finned_fish(positions, size, (digit,)):
        masks = positions[orientation][digit]
        kinds = [_is_sashimi(masks, base, cover) for cover, _, _ in fish]
        for (cover, fin_crosses, eliminations), kind in zip(fish, kinds):
            key = (digit, tuple(eliminations))
            if kind == sashimi and key not in seen:
                seen.add(key)
                yield _finned_step(name, digit, orientation, base, masks, [(cover, fin_crosses)], eliminations)
        for i, (cover, fin_crosses, eliminations) in enumerate(fish):
            for j in range(i + 1, len(fish)):
                other_cover, other_fins, other_eliminations = fish[j]
                if (kinds[i] and kinds[j]) != sashimi:
                    continue
                mine, theirs = set(eliminations), set(other_eliminations)
                if mine <= theirs or theirs <= mine:
                    continue  # together they remove no more than one of them
                both = sorted(mine | theirs)
                if (digit, tuple(both)) not in seen_pairs:
                    seen_pairs.add((digit, tuple(both)))
                    pairs = [(cover, fin_crosses), (other_cover, other_fins)]
                    yield _finned_step(name, digit, orientation, base, masks, pairs, both)


def _finned_step(
    name: str,
    digit: int,
    orientation: int,
    base: tuple[int, ...],
    masks: list[int],
    fish: list[tuple[int, int]],
    eliminations: list[tuple[int, int]],
) -> Step:
    """The Step for one finned fish, or two siamese ones: ``fish`` holds (cover, fin crosses)
    per fish. Pattern = base candidates that are no fin; fins apart; houses = base then cover."""
    base_offset, cover_offset = (0, 9) if orientation == 0 else (9, 0)
    base_houses = tuple(base_offset + line for line in base)

    def cells_at(crosses: int) -> list[int]:
        """The base cells at ``crosses`` (a 9-bit mask of positions along the base lines)."""
        return sorted(_cell(orientation, line, cross) for line in base for cross in INDICES_OF[masks[line] & crosses])

    cover = fin_crosses = 0
    parts = []
    for one_cover, one_fins in fish:
        cover |= one_cover
        fin_crosses |= one_fins
        covers = tuple(cover_offset + cross for cross in INDICES_OF[one_cover])
        parts.append((covers, cells_at(one_fins)))
    fins = [(c, digit) for c in cells_at(fin_crosses)]
    pattern = [(c, digit) for c in cells_at(0x1FF & ~fin_crosses)]
    if len(parts) == 1:
        text = finned_text(digit, base_houses, parts[0][0], parts[0][1], eliminations)
    else:
        text = siamese_text(digit, base_houses, parts, eliminations)
    return Step(
        technique=name,
        eliminations=tuple(eliminations),
        pattern=tuple(pattern),
        fins=tuple(fins),
        houses=base_houses + tuple(cover_offset + cross for cross in INDICES_OF[cover]),
        text=text,
    )


def houses_text(houses: tuple[int, ...]) -> str:
    """``rows 2 and 7`` when all houses are of one kind, else ``row 2, row 7 and box 4``."""
    if len({h // 9 for h in houses}) == 1 and len(houses) > 1:
        kinds = ("rows", "columns", "boxes")[houses[0] // 9]
        return f"{kinds} {and_list(h % 9 + 1 for h in houses)}"
    return and_list(house_name(h) for h in houses)


def fins_text(fins: list[int], endo: frozenset[int] = frozenset()) -> str:
    """``the fin r7c1`` or ``the fins r7c1 and r8c2``; an endo fin is marked as lying in two
    base sets."""
    words = [cell_name(c) + (" (in two base sets)" if c in endo else "") for c in fins]
    return ("the fin " if len(words) == 1 else "the fins ") + and_list(words)


def finned_text(
    digit: int,
    base: tuple[int, ...],
    cover: tuple[int, ...],
    fins: list[int],
    eliminations: list[tuple[int, int]],
    endo: frozenset[int] = frozenset(),
) -> str:
    """The sentence of a finned fish: why each elimination holds whether or not a fin is true."""
    targets = [c for c, _ in eliminations]
    one_fin = len(fins) == 1
    return (
        f"In {houses_text(base)}, the {digit} can only go in {houses_text(cover)} or in "
        f"{fins_text(fins, endo)}. Either the fish stands, and {digit} leaves the rest of "
        f"{houses_text(cover)}, or {'the fin' if one_fin else 'a fin'} is {digit}; both remove "
        f"{digit} from {and_list(cell_name(c) for c in targets)}, which "
        f"{'sees' if len(targets) == 1 else 'see'} {'the fin' if one_fin else 'every fin'}."
    )


def siamese_text(
    digit: int,
    base: tuple[int, ...],
    parts: list[tuple[tuple[int, ...], list[int]]],
    eliminations: list[tuple[int, int]],
) -> str:
    """The sentence of two siamese fish; ``parts`` holds (cover houses, fin cells) per fish."""
    (first, first_fins), (second, second_fins) = parts
    return (
        f"Two finned fish share {houses_text(base)} for {digit}: one covers "
        f"{houses_text(first)} with {fins_text(first_fins)}, the other {houses_text(second)} "
        f"with {fins_text(second_fins)}. Each removes {digit} from the cells of its cover "
        f"sets that see all its fins: {and_list(cell_name(c) for c, _ in eliminations)}."
    )


def finned_x_wing(grid: Grid) -> Iterator[Step]:
    """Every Finned X-Wing in ``grid`` (untouched): 2 rows (columns) whose digit lies in 2
    columns (rows) apart from fins in one box; the digit goes from the cells of those columns
    (rows) in the fin box, outside the base sets. One Step per set of eliminations; digits
    1..9, row bases first. Source: HoDoKu, "Finned/Sashimi Fish"
    (hodoku.sourceforge.net/en/tech_fishfs.php).
    """
    return _finned(grid, 2, sashimi=False)


def sashimi_x_wing(grid: Grid) -> Iterator[Step]:
    """Every Sashimi X-Wing in ``grid`` (untouched): a Finned X-Wing one of whose base sets
    keeps a single candidate besides its fins. Source: HoDoKu, "Finned/Sashimi Fish"."""
    return _finned(grid, 2, sashimi=True)


def finned_swordfish(grid: Grid) -> Iterator[Step]:
    """Every Finned Swordfish in ``grid`` (untouched): 3 base rows (columns) whose digit lies
    in 3 cover columns (rows) apart from fins in one box; then siamese pairs on the same base
    sets as one step. Source: HoDoKu, "Finned/Sashimi Fish"."""
    return _finned(grid, 3, sashimi=False)


def sashimi_swordfish(grid: Grid) -> Iterator[Step]:
    """Every Sashimi Swordfish in ``grid`` (untouched): a Finned Swordfish with a base set of
    at most one candidate besides its fins; then siamese pairs. Source: HoDoKu,
    "Finned/Sashimi Fish"."""
    return _finned(grid, 3, sashimi=True)


def finned_jellyfish(grid: Grid) -> Iterator[Step]:
    """Every Finned Jellyfish in ``grid`` (untouched): 4 base rows (columns), 4 cover columns
    (rows), fins in one box; then siamese pairs. Source: HoDoKu, "Finned/Sashimi Fish"."""
    return _finned(grid, 4, sashimi=False)


def sashimi_jellyfish(grid: Grid) -> Iterator[Step]:
    """Every Sashimi Jellyfish in ``grid`` (untouched): a Finned Jellyfish with a base set of
    at most one candidate besides its fins; then siamese pairs. Source: HoDoKu,
    "Finned/Sashimi Fish"."""
    return _finned(grid, 4, sashimi=True)
