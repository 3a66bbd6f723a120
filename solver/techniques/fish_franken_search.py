"""The search for Franken fish of one digit (``solver.techniques.fish_franken`` makes the steps).

One search per digit and orientation builds base and cover sets together (``fish_of_digit``),
so only cover sets that touch the base sets are tried, and a choice of base sets that cannot be
covered is dropped with everything built on it; ``solver.techniques.fish_franken_rank`` says
beforehand which choices of base sets can hold a fish at all. Limits as HoDoKu's defaults: at
most 5 fins, of which at most 2 endo fins.
"""

from __future__ import annotations

from itertools import combinations

from solver.grid import HOUSE_MASK, HOUSES_OF, PEER_MASK
from solver.techniques.fish_franken_rank import ALL_CELLS, seen_by_all

MAX_FINS = 5
MAX_ENDO_FINS = 2
BASE_HOUSES = (tuple(range(9)) + tuple(range(18, 27)), tuple(range(9, 27)))  # by orientation
LINE_BITS = (  # per cell, the 81-bit mask of its row (row bases) or column (column bases)
    tuple(HOUSE_MASK[houses[0]] for houses in HOUSES_OF),
    tuple(HOUSE_MASK[houses[1]] for houses in HOUSES_OF),
)
COVER_HOUSES = (tuple(range(9, 27)), tuple(range(9)) + tuple(range(18, 27)))
COVERS_OF = (  # the two houses that may cover a cell: (column, box) or (row, box)
    tuple((houses[1], houses[2]) for houses in HOUSES_OF),
    tuple((houses[0], houses[2]) for houses in HOUSES_OF),
)


Fish = tuple[tuple[int, ...], int, int, tuple[int, ...], int, int]


def fish_of_digit(
    digit_cells: int,
    pool: list[tuple[int, int]],
    orientation: int,
    size: int,
    finned: bool,
    allowed: set[int],
) -> list[Fish]:
    """(base houses, base candidates, endo fins, cover houses, fins, eliminations) for every
    fish of one digit and orientation (masks are 81-bit; fins include endo fins).

    One search builds base and cover sets together: while some base candidate is neither
    covered nor a fin, the lowest one is covered by its column (row) or its box, unless that is
    a base set or would swallow a fin, or else becomes a fin while some candidate could still
    see every fin. Once every base candidate is settled, the next base set is added (after the
    last one, in ``pool`` order), so what a choice of base sets costs in cover sets is paid once
    for all the base sets added after it. When all cover sets are taken, the candidates left
    must be fins. Choosing a box for a cell bans its column (row) from later choices, so each
    cover set is reached once. Base sets are added only along ``allowed`` choices (masks of
    pool indices, see ``possible_base_sets``), which drops searches that cannot succeed and
    keeps the order of the rest.
    """
    covers_of = COVERS_OF[orientation]
    line_bits = LINE_BITS[orientation]
    cover_houses = COVER_HOUSES[orientation]
    found: list[Fish] = []
    last = len(pool)

    def hopeless(union: int, fins: int, seen: int) -> bool:
        """True when no cell can lose the digit whatever comes next: no candidate outside the
        base sets sees every fin (``seen``: the cells that see all fins, endo fins included),
        and no base candidate can be cannibalised. A cannibalised candidate lies in the cover
        sets of both its column (row) and its box, so the uncovered ``fins`` see it through
        its row (column): they must share one."""
        if seen & digit_cells & ~union:
            return False
        if not fins:
            return not seen & union
        low = fins & -fins
        line = line_bits[low.bit_length() - 1]
        return bool(fins & ~line) or not seen & union & line

    def finish(
        bases: tuple[int, ...],
        union: int,
        endo: int,
        covers: tuple[int, ...],
        covered: int,
        twice: int,
        fins: int,
        seen: int,
    ) -> None:
        fins |= endo
        if finned != bool(fins):
            return
        covers = tuple(sorted(covers))
        if bases[-1] < 18 and covers[-1] < 18:
            return  # rows and columns only: a basic or finned fish
        if finned and not union & ~covered:
            held = 0
            for house in covers[:-1]:
                held |= HOUSE_MASK[house]
            if not union & ~held:
                return  # the last cover set is not needed (HoDoKu's search stops before it)
        eliminations = ((covered & ~union) | twice) & seen
        if eliminations:
            found.append((bases, union, endo, covers, fins, eliminations))

    def grow(
        bases: tuple[int, ...],
        start: int,
        chosen: int,
        union: int,
        endo: int,
        covers: tuple[int, ...],
        banned: tuple[int, ...],
        covered: int,
        twice: int,
        fins: int,
        seen: int,
    ) -> None:
        open_cells = union & ~covered & ~fins
        if open_cells:
            if len(covers) == size:
                close(bases, start, chosen, union, endo, covers, covered, twice, fins, seen)
                return
            low = open_cells & -open_cells
            cell = low.bit_length() - 1
            first, second = covers_of[cell]
            # cover the cell by its column (row) or its box; a box chosen here bans the column
            # (row) from later choices, so a cover set holding both is reached once
            if first not in banned and first not in covers:
                cells = digit_cells & HOUSE_MASK[first]
                if not cells & fins:
                    grow(
                        bases,
                        start,
                        chosen,
                        union,
                        endo,
                        covers + (first,),
                        banned,
                        covered | cells,
                        twice | (covered & cells),
                        fins,
                        seen,
                    )
            if second not in bases and second not in covers and second not in banned:
                cells = digit_cells & HOUSE_MASK[second]
                if not cells & fins:
                    grow(
                        bases,
                        start,
                        chosen,
                        union,
                        endo,
                        covers + (second,),
                        banned + (first,),
                        covered | cells,
                        twice | (covered & cells),
                        fins,
                        seen,
                    )
            if finned and (fins | endo).bit_count() < MAX_FINS:
                seen &= PEER_MASK[cell]
                if seen & digit_cells & ~union or not hopeless(union, fins | low, seen):
                    grow(bases, start, chosen, union, endo, covers, banned, covered, twice, fins | low, seen)
            return
        if len(covers) == size:
            close(bases, start, chosen, union, endo, covers, covered, twice, fins, seen)
        elif len(bases) < size:
            for i in range(start, last - (size - len(bases)) + 1):
                house, cands = pool[i]
                if house in covers or house in banned or chosen | 1 << i not in allowed:
                    continue
                overlap = union & cands
                if overlap:
                    if not finned or (endo | overlap).bit_count() > MAX_ENDO_FINS:
                        continue
                    if (fins | endo | overlap).bit_count() > MAX_FINS:
                        continue
                    grown_seen = seen & seen_by_all(overlap)
                    if hopeless(union | cands, fins, grown_seen):
                        continue
                    grow(
                        bases + (house,),
                        i + 1,
                        chosen | 1 << i,
                        union | cands,
                        endo | overlap,
                        covers,
                        banned,
                        covered,
                        twice,
                        fins,
                        grown_seen,
                    )
                elif not (fins or endo) or not hopeless(union | cands, fins, seen):
                    grow(
                        bases + (house,),
                        i + 1,
                        chosen | 1 << i,
                        union | cands,
                        endo,
                        covers,
                        banned,
                        covered,
                        twice,
                        fins,
                        seen,
                    )
        elif fins | endo:  # pad with cover sets that touch only covered base candidates
            spare = [
                h
                for h in cover_houses
                if h not in covers
                and h not in bases
                and h not in banned
                and HOUSE_MASK[h] & union
                and not HOUSE_MASK[h] & fins
            ]
            for extra in combinations(spare, size - len(covers)):
                more, again = covered, twice
                for house in extra:
                    cells = digit_cells & HOUSE_MASK[house]
                    again |= more & cells
                    more |= cells
                finish(bases, union, endo, covers + extra, more, again, fins, seen)

    def close(
        bases: tuple[int, ...],
        start: int,
        chosen: int,
        union: int,
        endo: int,
        covers: tuple[int, ...],
        covered: int,
        twice: int,
        fins: int,
        seen: int,
    ) -> None:
        """Every cover set is taken: open candidates, and those of base sets still to come,
        must be fins; stop as soon as no target is left."""
        if not ((covered & ~union) | twice) & seen:
            return
        open_cells = union & ~covered & ~fins
        if open_cells:
            if not finned or (fins | endo | open_cells).bit_count() > MAX_FINS:
                return
            seen &= seen_by_all(open_cells)
            if not ((covered & ~union) | twice) & seen:
                return
            fins |= open_cells
        if len(bases) == size:
            finish(bases, union, endo, covers, covered, twice, fins, seen)
            return
        for i in range(start, last - (size - len(bases)) + 1):
            house, cands = pool[i]
            if house in covers or chosen | 1 << i not in allowed:
                continue
            overlap = union & cands
            if overlap:
                if not finned or (endo | overlap).bit_count() > MAX_ENDO_FINS:
                    continue
                endo_now = endo | overlap
                fins_now = fins | (cands & ~covered)
                if (fins_now | endo_now).bit_count() > MAX_FINS:
                    continue
                seen_now = seen & seen_by_all(overlap | (cands & ~covered & ~fins))
            else:
                endo_now = endo
                fins_now = fins | (cands & ~covered)
                if (fins_now | endo).bit_count() > MAX_FINS:
                    continue
                seen_now = seen & seen_by_all(cands & ~covered)
            if ((covered & ~(union | cands)) | twice) & seen_now:
                close(
                    bases + (house,),
                    i + 1,
                    chosen | 1 << i,
                    union | cands,
                    endo_now,
                    covers,
                    covered,
                    twice,
                    fins_now,
                    seen_now,
                )

    grow((), 0, 0, 0, 0, (), (), 0, 0, 0, ALL_CELLS)
    return found
