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
sets together (see ``_fish_of_digit``), so only cover sets that touch the base sets are tried,
and a choice of base sets that cannot be covered is dropped with everything built on it.

Most positions hold no Franken fish, and that search would still try thousands of near misses,
so a cheap necessary test runs first (the rank test, ``_possible_base_sets``): a fish needs a
target whose cover rank, together with the base candidates that do not see it, is at most n.
Choices of base sets that have no such target are never searched; the rest are searched as
before, so the same fish come out in the same order.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from solver.grid import DIGITS_OF, HOUSES, HOUSES_OF, PEERS, Grid, cell_name
from solver.step import Step
from solver.techniques.fish import FISH_NAMES
from solver.techniques.fish_finned import finned_text, houses_text, siamese_text
from solver.techniques.wording import and_list

MAX_FINS = 5
MAX_ENDO_FINS = 2
ALL_CELLS = (1 << 81) - 1
HOUSE_BITS = tuple(sum(1 << cell for cell in house) for house in HOUSES)
PEER_BITS = tuple(sum(1 << peer for peer in peers) for peers in PEERS)
BASE_HOUSES = (tuple(range(9)) + tuple(range(18, 27)), tuple(range(9, 27)))  # by orientation
LINE_BITS = (  # per cell, the 81-bit mask of its row (row bases) or column (column bases)
    tuple(HOUSE_BITS[houses[0]] for houses in HOUSES_OF),
    tuple(HOUSE_BITS[houses[1]] for houses in HOUSES_OF),
)
COVER_HOUSES = (tuple(range(9, 27)), tuple(range(9)) + tuple(range(18, 27)))
COVERS_OF = (  # the two houses that may cover a cell: (column, box) or (row, box)
    tuple((houses[1], houses[2]) for houses in HOUSES_OF),
    tuple((houses[0], houses[2]) for houses in HOUSES_OF),
)


# --- the rank test: which choices of base sets can make a fish at all -----------------------
#
# Cover sets of one kind (columns, for row base sets) meet the boxes in three groups: the
# columns of a stack and its three boxes. A candidate's segment is the three cells where its
# cover line crosses its box; a cover set holds whole segments, and none reaches two groups. So
# the fewest cover sets that hold some candidates (their cover rank) is a sum over the groups,
# each a lookup: the fewest of 3 lines and 3 boxes meeting the group's 9 segments, boxes that
# are base sets barred. A group is 12 bits of a "segment word": 9 segment bits (the segment of
# the group's box k and line i, both 0..2, at position p = 3k + i) and 3 bits for the boxes
# that are base sets (bit 9 + k); group g's 12 bits start at bit 12g.

LINE_SEGMENTS = tuple(sum(1 << (3 * k + i) for k in range(3)) for i in range(3))
BOX_SEGMENTS = tuple(7 << (3 * k) for k in range(3))
TARGET_SEGMENTS = tuple(LINE_SEGMENTS[p % 3] | BOX_SEGMENTS[p // 3] for p in range(9))


def _term_rank(segments: int) -> int:
    """The largest number of segments (9-bit group mask) in distinct lines and boxes."""
    if not segments:
        return 0
    for lines in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        if all(segments >> (3 * k + i) & 1 for k, i in enumerate(lines)):
            return 3  # one segment in each box, on three different lines
    held = [(p // 3, p % 3) for p in range(9) if segments >> p & 1]
    if any(k != k2 and i != i2 for k, i in held for k2, i2 in held):
        return 2
    return 1


def _rank_table() -> tuple[int, ...]:
    """``RANK[segments | barred << 9]``: the fewest lines and allowed boxes of one group that
    meet its segments. A barred box's segments need their lines; the rest is a bipartite
    vertex cover, as large as the largest matching (Kőnig's theorem): the term rank."""
    term = [_term_rank(segments) for segments in range(512)]
    table = []
    for barred in range(8):
        box_bits = sum(BOX_SEGMENTS[k] for k in range(3) if barred >> k & 1)
        for segments in range(512):
            forced = 0
            for i in range(3):
                if segments & box_bits & LINE_SEGMENTS[i]:
                    forced |= LINE_SEGMENTS[i]
            table.append(bin(forced).count("1") // 3 + term[segments & ~box_bits & ~forced])
    return tuple(table)


RANK = _rank_table()


def _target_table(kind: int) -> dict[int, tuple[int, ...]]:
    """A lazily filled map from a group's 12 bits to 5 masks of its 9 positions: mask ``s`` holds
    the positions p where a target leaves the group's rank at most ``s``. ``kind`` 0: a target
    of a finned fish (its line and box segments see it, so they need no cover; its own
    segment does); 1: of a fish without fins (its segment joins the rest); 2: a cannibalistic
    target (it needs its line and its box, 2 cover sets, which then hold their segments)."""

    class Table(dict):
        def __missing__(self, index: int) -> tuple[int, ...]:
            segments, barred = index & 511, index >> 9
            ranks = []
            for p in range(9):
                if kind == 0:
                    ranks.append(RANK[(segments & ~TARGET_SEGMENTS[p]) | 1 << p | barred << 9])
                elif kind == 1:
                    ranks.append(RANK[segments | 1 << p | barred << 9])
                elif barred >> (p // 3) & 1:
                    ranks.append(9)  # its box is a base set: never a cover set
                else:
                    ranks.append(2 + RANK[(segments & ~TARGET_SEGMENTS[p]) | barred << 9])
            masks = tuple(sum(1 << p for p in range(9) if ranks[p] <= s) for s in range(5))
            self[index] = masks
            return masks

    return Table()


FINNED_TARGETS, PLAIN_TARGETS, CANNIBAL_TARGETS = (_target_table(kind) for kind in range(3))


def _orientation_tables(orientation: int) -> tuple:
    """Per cell: its segment bit, the segments of its cover line and box (what a target there
    sees), the base-set bit of its box, and its base line (0..8); per group, the cells of each
    mask of positions."""
    segment, sees, box_bit, base_line, where = [], [], [], [], []
    for cell in range(81):
        r, c = divmod(cell, 9)
        group, line, k, base = (c // 3, c % 3, r // 3, r) if orientation == 0 else (
            r // 3, r % 3, c // 3, c)
        segment.append(1 << (12 * group + 3 * k + line))
        sees.append(TARGET_SEGMENTS[3 * k + line] << 12 * group)
        box_bit.append(1 << (12 * group + 9 + k))
        base_line.append(base)
        where.append((group, 3 * k + line))
    cells_at = []
    for group in range(3):
        at = [0] * 9
        for cell in range(81):
            if where[cell][0] == group:
                at[where[cell][1]] |= 1 << cell
        table = [0] * 512
        for mask in range(1, 512):
            low = mask & -mask
            table[mask] = table[mask ^ low] | at[low.bit_length() - 1]
        cells_at.append(tuple(table))
    return tuple(segment), tuple(sees), tuple(box_bit), tuple(base_line), tuple(cells_at)


SEGMENT_TABLES = (_orientation_tables(0), _orientation_tables(1))


def _cells(bits: int) -> list[int]:
    """The cells of an 81-bit mask, in order."""
    cells = []
    while bits:
        low = bits & -bits
        cells.append(low.bit_length() - 1)
        bits ^= low
    return cells


def _seen_by_all(bits: int) -> int:
    """The 81-bit mask of the cells that see every cell of ``bits`` (all cells if empty)."""
    seen = ALL_CELLS
    while bits:
        low = bits & -bits
        seen &= PEER_BITS[low.bit_length() - 1]
        bits ^= low
    return seen


def _digit_masks(grid: Grid) -> list[int]:
    """``masks[digit]``: the 81-bit mask of the cells holding ``digit`` as a candidate."""
    masks = [0] * 10
    for cell, cands in enumerate(grid.candidates):
        if cands:
            bit = 1 << cell
            for digit in DIGITS_OF[cands]:
                masks[digit] |= bit
    return masks


def _possible_base_sets(
    digit_cells: int, pool: list[tuple[int, int]], orientation: int, size: int, finned: bool
) -> set[int]:
    """The choices of ``size`` base sets from ``pool`` that pass the rank test, and every
    prefix of them in ``pool`` order, as masks of pool indices; empty when no fish of one digit
    and orientation can eliminate anything.

    A fish that removes a target holds in its n cover sets the target and every base candidate
    that does not see it (those that see it may be fins), with no base box among them: their
    cover rank is at most n; a cannibalistic target takes its line and its box as two of
    them. More base sets only raise the rank, so the targets of a choice lie among those of
    each smaller choice within it: single base sets (for X-Wings) or pairs are screened first,
    all their targets at once, then each larger choice checks, target by target, only the
    targets that all its smaller choices kept.
    """
    segment, sees, box_bit, base_line, cells_at = SEGMENT_TABLES[orientation]
    line_offset = 0 if orientation == 0 else 9
    count = len(pool)
    kept: set[int] = set()
    if count < size:
        return kept
    cands_of, words, leaves, spans, lines = [], [], [], [], []  # per pool house
    for house, cands in pool:
        word = 0
        bits = cands
        while bits:
            low = bits & -bits
            word |= segment[low.bit_length() - 1]
            bits ^= low
        if house >= 18:  # a box: its base-set bit; what it leaves when a base line is a peer
            barred = box_bit[(cands & -cands).bit_length() - 1]
            word |= barred
            left = [word] * 9
            span = 0
            for line in {base_line[cell] for cell in _cells(cands)}:
                line_cells = HOUSE_BITS[line_offset + line]
                span |= line_cells
                rest = barred
                for cell in _cells(cands & ~line_cells):
                    rest |= segment[cell]
                left[line] = rest
            lines.append(-1)
        else:  # a line: all of it, or nothing to a target on the line itself
            left = [word] * 9
            left[house - line_offset] = 0
            span = 0
            lines.append(house - line_offset)
        cands_of.append(cands)
        words.append(word)
        leaves.append(left)
        spans.append(span)
    ordinary = FINNED_TARGETS if finned else PLAIN_TARGETS
    at0, at1, at2 = cells_at

    def targets_at(word: int, table: dict) -> int:
        """Cells where a target of ``table`` keeps the rank of ``word`` at most ``size``."""
        rank0, rank1, rank2 = RANK[word & 4095], RANK[word >> 12 & 4095], RANK[word >> 24]
        spare = size - rank0 - rank1 - rank2
        found = 0
        if spare + rank0 >= 0:
            found |= at0[table[word & 4095][spare + rank0]]
        if spare + rank1 >= 0:
            found |= at1[table[word >> 12 & 4095][spare + rank1]]
        if spare + rank2 >= 0:
            found |= at2[table[word >> 24][spare + rank2]]
        return found

    def rough(members: tuple[int, ...], union: int, endo: int, word: int, possible: int) -> int:
        """A superset of the targets among ``possible`` of base sets ``members`` (candidates
        ``union``, endo fins ``endo``, segment word ``word``); exact without fins, while with
        fins every target on a base line through a base box is kept."""
        if endo:
            possible &= _seen_by_all(endo)
        found = 0
        if not finned:
            if possible & ~union:
                found = possible & ~union & targets_at(word, ordinary)
            if possible & union:
                found |= possible & union & targets_at(word, CANNIBAL_TARGETS)
            return found
        if possible & ~union:
            found = targets_at(word, ordinary)
            for i in members:
                found |= spans[i]
            found &= possible & ~union
        for i in members:  # cannibalistic targets on a base line: the rest without that line
            line = lines[i]
            if line >= 0 and possible & cands_of[i]:
                rest = 0
                for j in members:
                    rest |= leaves[j][line]
                found |= possible & cands_of[i] & targets_at(rest, CANNIBAL_TARGETS)
        return found

    def exact(members: tuple[int, ...], union: int, endo: int, word: int, candidates: int) -> int:
        """The targets of base sets ``members`` among ``candidates``, one by one."""
        if endo:
            candidates &= _seen_by_all(endo)
        found = 0
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            target = low.bit_length() - 1
            if finned:
                line = base_line[target]
                rest = 0
                for i in members:
                    rest |= leaves[i][line]
            else:
                rest = word
            if low & union:  # cannibalistic: its line and its box (no base set) cover it
                if word & box_bit[target]:
                    continue
                rank = 2
                rest &= ~sees[target]
            else:
                rank = 0
                if finned:
                    rest &= ~sees[target]
                rest |= segment[target]
            if rank + RANK[rest & 4095] + RANK[rest >> 12 & 4095] + RANK[rest >> 24] <= size:
                found |= low
        return found

    endo_limit = MAX_ENDO_FINS if finned else 0  # a < b < c < d below index base sets in pool
    if size == 2:
        singles = [rough((a,), cands_of[a], 0, words[a], digit_cells) for a in range(count)]
        for a in range(count):
            for b in range(a + 1, count):
                both = singles[a] & singles[b]
                if both:
                    endo = cands_of[a] & cands_of[b]
                    if endo.bit_count() <= endo_limit and exact(
                        (a, b), cands_of[a] | cands_of[b], endo, words[a] | words[b], both
                    ):
                        kept.update((1 << a, 1 << a | 1 << b))
        return kept
    pairs = [[0] * count for _ in range(count)]
    for a in range(count):
        for b in range(a + 1, count):
            endo = cands_of[a] & cands_of[b]
            if endo.bit_count() <= endo_limit:
                pairs[a][b] = rough((a, b), cands_of[a] | cands_of[b], endo, words[a] | words[b],
                                    digit_cells)
    triples: dict[tuple[int, int], dict[int, int]] = {}  # (a, b) -> {c: targets}, c rising
    for a in range(count):
        for b in range(a + 1, count):
            ab = pairs[a][b]
            if not ab:
                continue
            union = cands_of[a] | cands_of[b]
            endo = cands_of[a] & cands_of[b]
            word = words[a] | words[b]
            row = {}
            for c in range(b + 1, count):
                abc = ab & pairs[a][c] & pairs[b][c]
                if abc:
                    more = endo | union & cands_of[c]
                    if more.bit_count() <= endo_limit:
                        members, union3, word3 = (a, b, c), union | cands_of[c], word | words[c]
                        if size == 3:
                            abc = exact(members, union3, more, word3, abc)
                        else:  # a superset screens the quadruples well enough
                            abc = rough(members, union3, more, word3, abc)
                        if abc:
                            row[c] = abc
            if row:
                triples[a, b] = row
    if size == 3:
        for (a, b), row in triples.items():
            for c in row:
                kept.update((1 << a, 1 << a | 1 << b, 1 << a | 1 << b | 1 << c))
        return kept
    none: dict[int, int] = {}
    for (a, b), row in triples.items():
        thirds = list(row.items())
        for x, (c, abc) in enumerate(thirds):
            union = cands_of[a] | cands_of[b] | cands_of[c]
            endo = cands_of[a] & cands_of[b] | cands_of[c] & (cands_of[a] | cands_of[b])
            word = words[a] | words[b] | words[c]
            for d, abd in thirds[x + 1 :]:
                abcd = abc & abd & triples.get((a, c), none).get(d, 0)
                if abcd:
                    abcd &= triples.get((b, c), none).get(d, 0)
                    more = endo | union & cands_of[d]
                    if abcd and more.bit_count() <= endo_limit and exact(
                        (a, b, c, d), union | cands_of[d], more, word | words[d], abcd
                    ):
                        kept.update((1 << a, 1 << a | 1 << b, 1 << a | 1 << b | 1 << c,
                                     1 << a | 1 << b | 1 << c | 1 << d))
    return kept


Fish = tuple[tuple[int, ...], int, int, tuple[int, ...], int, int]


def _fish_of_digit(
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
    pool indices, see ``_possible_base_sets``), which drops searches that cannot succeed and
    keeps the order of the rest.
    """
    covers_of = COVERS_OF[orientation]
    line_bits = LINE_BITS[orientation]
    cover_houses = COVER_HOUSES[orientation]
    found = []
    last = len(pool)

    def hopeless(union, fins, seen):
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

    def finish(bases, union, endo, covers, covered, twice, fins, seen):
        fins |= endo
        if finned != bool(fins):
            return
        covers = tuple(sorted(covers))
        if bases[-1] < 18 and covers[-1] < 18:
            return  # rows and columns only: a basic or finned fish
        if finned and not union & ~covered:
            held = 0
            for house in covers[:-1]:
                held |= HOUSE_BITS[house]
            if not union & ~held:
                return  # the last cover set is not needed (HoDoKu's search stops before it)
        eliminations = ((covered & ~union) | twice) & seen
        if eliminations:
            found.append((bases, union, endo, covers, fins, eliminations))

    def grow(bases, start, chosen, union, endo, covers, banned, covered, twice, fins, seen):
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
                cells = digit_cells & HOUSE_BITS[first]
                if not cells & fins:
                    grow(bases, start, chosen, union, endo, covers + (first,), banned,
                         covered | cells, twice | (covered & cells), fins, seen)
            if second not in bases and second not in covers and second not in banned:
                cells = digit_cells & HOUSE_BITS[second]
                if not cells & fins:
                    grow(bases, start, chosen, union, endo, covers + (second,), banned + (first,),
                         covered | cells, twice | (covered & cells), fins, seen)
            if finned and (fins | endo).bit_count() < MAX_FINS:
                seen &= PEER_BITS[cell]
                if seen & digit_cells & ~union or not hopeless(union, fins | low, seen):
                    grow(bases, start, chosen, union, endo, covers, banned, covered, twice,
                         fins | low, seen)
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
                    grown_seen = seen & _seen_by_all(overlap)
                    if hopeless(union | cands, fins, grown_seen):
                        continue
                    grow(bases + (house,), i + 1, chosen | 1 << i, union | cands, endo | overlap,
                         covers, banned, covered, twice, fins, grown_seen)
                elif not (fins or endo) or not hopeless(union | cands, fins, seen):
                    grow(bases + (house,), i + 1, chosen | 1 << i, union | cands, endo, covers,
                         banned, covered, twice, fins, seen)
        elif fins | endo:  # pad with cover sets that touch only covered base candidates
            spare = [
                h for h in cover_houses
                if h not in covers and h not in bases and h not in banned
                and HOUSE_BITS[h] & union and not HOUSE_BITS[h] & fins
            ]
            for extra in combinations(spare, size - len(covers)):
                more, again = covered, twice
                for house in extra:
                    cells = digit_cells & HOUSE_BITS[house]
                    again |= more & cells
                    more |= cells
                finish(bases, union, endo, covers + extra, more, again, fins, seen)

    def close(bases, start, chosen, union, endo, covers, covered, twice, fins, seen):
        """Every cover set is taken: open candidates, and those of base sets still to come,
        must be fins; stop as soon as no target is left."""
        if not ((covered & ~union) | twice) & seen:
            return
        open_cells = union & ~covered & ~fins
        if open_cells:
            if not finned or (fins | endo | open_cells).bit_count() > MAX_FINS:
                return
            seen &= _seen_by_all(open_cells)
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
                seen_now = seen & _seen_by_all(overlap | (cands & ~covered & ~fins))
            else:
                endo_now = endo
                fins_now = fins | (cands & ~covered)
                if (fins_now | endo).bit_count() > MAX_FINS:
                    continue
                seen_now = seen & _seen_by_all(cands & ~covered)
            if ((covered & ~(union | cands)) | twice) & seen_now:
                close(bases + (house,), i + 1, chosen | 1 << i, union | cands, endo_now, covers,
                      covered, twice, fins_now, seen_now)

    grow((), 0, 0, 0, 0, (), (), 0, 0, 0, ALL_CELLS)
    return found


def _franken(grid: Grid, size: int, finned: bool) -> Iterator[Step]:
    """Every (finned) Franken fish of ``size`` base sets that eliminates, each set of
    eliminations once, then the siamese pairs of each choice of base sets."""
    name = ("Finned Franken " if finned else "Franken ") + FISH_NAMES[size]
    masks = _digit_masks(grid)
    seen, seen_pairs = set(), set()
    for digit in range(1, 10):
        digit_cells = masks[digit]
        if not digit_cells:
            continue
        for orientation in (0, 1):
            pool = []
            for house in BASE_HOUSES[orientation]:
                cands = digit_cells & HOUSE_BITS[house]
                if cands and (finned or cands.bit_count() <= size):
                    pool.append((house, cands))
            if len(pool) < size:
                continue
            allowed = _possible_base_sets(digit_cells, pool, orientation, size, finned)
            if not allowed:
                continue
            fish = _fish_of_digit(digit_cells, pool, orientation, size, finned, allowed)
            by_base = {}
            for base, union, endo, covers, fins, eliminations in fish:
                if (digit, eliminations) not in seen:
                    seen.add((digit, eliminations))
                    yield _franken_step(name, digit, base, union, endo, [(covers, fins)],
                                        eliminations)
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
    removed = [(cell, digit) for cell in _cells(eliminations)]
    if len(fish) == 2:
        parts = [(one_covers, _cells(one_fins)) for one_covers, one_fins in fish]
        text = siamese_text(digit, base, parts, removed)
    else:
        text = _franken_text(digit, base, covers, _cells(fins), _cells(endo), eliminations & ~union,
                             eliminations & union)
    return Step(
        technique=name,
        eliminations=tuple(removed),
        pattern=tuple((cell, digit) for cell in _cells(union & ~fins)),
        fins=tuple((cell, digit) for cell in _cells(fins)),
        houses=base + covers,
        text=text,
    )


def _franken_text(digit: int, base: tuple[int, ...], covers: tuple[int, ...], fins: list[int],
                  endo: list[int], ordinary: int, cannibals: int) -> str:
    """The sentence of a Franken fish: the fish (and fins) for the cover eliminations, the
    cover-set count for cannibalistic ones."""
    if fins:
        removed = [(cell, digit) for cell in _cells(ordinary | cannibals)]
        text = finned_text(digit, base, covers, fins, removed, frozenset(endo))
    else:
        text = f"In {houses_text(base)}, the {digit} can only go in {houses_text(covers)}"
        if ordinary:
            text += (f", so {digit} can be removed from the rest of {houses_text(covers)} "
                     f"({and_list(cell_name(c) for c in _cells(ordinary))})")
        text += "."
    if cannibals:
        cells = _cells(cannibals)
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
