"""The rank test of the Franken fish search: which choices of base sets can make a fish at all.

Glossary (the words of solver.techniques.fish_franken):
  segment       the three cells where a cover line (a column, for row base sets) crosses a box.
  group         a stack (or band) of three cover lines and the three boxes they cross; a cover
                set holds whole segments of one group.
  segment word  an int of three 12-bit groups: per group, 9 segment bits and 3 bits for its
                boxes that are base sets (see the table comment below).
  cover rank    the fewest cover sets (boxes that are base sets excepted) holding some
                candidates: a sum over the groups, each one lookup in ``RANK``.

``possible_base_sets`` screens the choices of base sets before the search: a fish needs a target
whose cover rank, together with the base candidates that do not see it, is at most n. The
tables are computed once at import; nothing here changes a grid.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.grid import HOUSE_MASK, PEER_MASK, cells_of

ALL_CELLS = (1 << 81) - 1


def seen_by_all(bits: int) -> int:
    """The 81-bit mask of the cells that see every cell of ``bits`` (all cells if empty)."""
    seen = ALL_CELLS
    while bits:
        low = bits & -bits
        seen &= PEER_MASK[low.bit_length() - 1]
        bits ^= low
    return seen


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

    class Table(dict[int, tuple[int, ...]]):
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


# per cell: segment bit, segments a target there sees, box base-set bit, base line (0..8);
# per group: the cells of each mask of positions (see ``_orientation_tables``)
OrientationTables = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]
]


def _orientation_tables(orientation: int) -> OrientationTables:
    """Per cell: its segment bit, the segments of its cover line and box (what a target there
    sees), the base-set bit of its box, and its base line (0..8); per group, the cells of each
    mask of positions."""
    segment, sees, box_bit, base_line, where = [], [], [], [], []
    for cell in range(81):
        r, c = divmod(cell, 9)
        group, line, k, base = (c // 3, c % 3, r // 3, r) if orientation == 0 else (r // 3, r % 3, c // 3, c)
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


# per pool house: its candidates, segment word, what it leaves per base line, span, base line
PoolWords = tuple[list[int], list[int], list[list[int]], list[int], list[int]]


def _pool_words(pool: list[tuple[int, int]], orientation: int) -> PoolWords:
    """Per house of ``pool`` ((house, 81-bit candidates), as ``possible_base_sets`` takes it),
    five lists: its candidates; its segment word (a box adds its base-set bit); per base line
    0..8, the word it leaves for a target on that line (a box: its base-set bit and the
    segments of its candidates off the line; a line: nothing on itself, all of it on another);
    its span (a box: the cells of the base lines through its candidates; a line: 0); and its
    base line (a box: -1)."""
    segment, _, box_bit, base_line, _ = SEGMENT_TABLES[orientation]
    line_offset = 0 if orientation == 0 else 9
    cands_of, words, leaves, spans, lines = [], [], [], [], []
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
            for line in {base_line[cell] for cell in cells_of(cands)}:
                line_cells = HOUSE_MASK[line_offset + line]
                span |= line_cells
                rest = barred
                for cell in cells_of(cands & ~line_cells):
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
    return cands_of, words, leaves, spans, lines


def possible_base_sets(
    digit_cells: int,
    pool: list[tuple[int, int]],
    orientation: int,
    size: int,
    finned: bool,
    max_endo_fins: int,
) -> set[int]:
    """The choices of ``size`` base sets from ``pool`` ((house, 81-bit candidates of the digit)
    per house, in search order) that pass the rank test, and every prefix of them in ``pool``
    order, as masks of pool indices; empty when no fish of one digit and orientation can
    eliminate anything. A choice may hold at most ``max_endo_fins`` endo fins (none when not
    ``finned``), as the search allows.

    A fish that removes a target holds in its n cover sets the target and every base candidate
    that does not see it (those that see it may be fins), with no base box among them: their
    cover rank is at most n; a cannibalistic target takes its line and its box as two of
    them. More base sets only raise the rank, so the targets of a choice lie among those of
    each smaller choice within it: single base sets (for X-Wings) or pairs are screened first,
    all their targets at once, then each larger choice checks, target by target, only the
    targets that all its smaller choices kept.
    """
    segment, sees, box_bit, base_line, cells_at = SEGMENT_TABLES[orientation]
    count = len(pool)
    kept: set[int] = set()
    if count < size:
        return kept
    cands_of, words, leaves, spans, lines = _pool_words(pool, orientation)
    ordinary = FINNED_TARGETS if finned else PLAIN_TARGETS
    at0, at1, at2 = cells_at

    def targets_at(word: int, table: dict[int, tuple[int, ...]]) -> int:
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
            possible &= seen_by_all(endo)
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
            candidates &= seen_by_all(endo)
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

    endo_limit = max_endo_fins if finned else 0
    if size == 2:
        return _kept_pairs(digit_cells, cands_of, words, endo_limit, rough, exact)
    triples = _triples(digit_cells, cands_of, words, endo_limit, size == 3, rough, exact)
    if size == 3:
        for (a, b), row in triples.items():
            for c in row:
                kept.update((1 << a, 1 << a | 1 << b, 1 << a | 1 << b | 1 << c))
        return kept
    return _kept_quadruples(triples, cands_of, words, endo_limit, exact)


# screen(members, union, endo, word, candidates): the targets among ``candidates`` of the base
# sets ``members`` (pool indices) with candidates ``union``, endo fins ``endo`` and segment word
# ``word`` (``possible_base_sets``'s ``rough`` superset or ``exact`` set)
Screen = Callable[[tuple[int, ...], int, int, int, int], int]


def _kept_pairs(
    digit_cells: int, cands_of: list[int], words: list[int], endo_limit: int, rough: Screen, exact: Screen
) -> set[int]:
    """``possible_base_sets`` for two base sets: each pool house (index a < b; ``cands_of`` and
    ``words`` per house) screened alone over ``digit_cells``, then each pair of at most
    ``endo_limit`` endo fins checked exactly on the targets both kept; the kept pairs and their
    first houses, as masks of pool indices."""
    count = len(cands_of)
    kept: set[int] = set()
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


def _triples(
    digit_cells: int,
    cands_of: list[int],
    words: list[int],
    endo_limit: int,
    last: bool,
    rough: Screen,
    exact: Screen,
) -> dict[tuple[int, int], dict[int, int]]:
    """The triples of pool houses (indices a < b < c; ``cands_of`` and ``words`` per house) of
    at most ``endo_limit`` endo fins whose targets are not screened out: (a, b) -> {c: their
    targets}, c rising. Pairs are screened roughly over ``digit_cells``, then each triple on
    the targets its three pairs kept: exactly when they are the ``last`` size, roughly when
    quadruples follow (a superset screens those well enough)."""
    count = len(cands_of)
    pairs = [[0] * count for _ in range(count)]
    for a in range(count):
        for b in range(a + 1, count):
            endo = cands_of[a] & cands_of[b]
            if endo.bit_count() <= endo_limit:
                pairs[a][b] = rough((a, b), cands_of[a] | cands_of[b], endo, words[a] | words[b], digit_cells)
    screen = exact if last else rough
    triples: dict[tuple[int, int], dict[int, int]] = {}
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
                        abc = screen((a, b, c), union | cands_of[c], more, word | words[c], abc)
                        if abc:
                            row[c] = abc
            if row:
                triples[a, b] = row
    return triples


def _kept_quadruples(
    triples: dict[tuple[int, int], dict[int, int]],
    cands_of: list[int],
    words: list[int],
    endo_limit: int,
    exact: Screen,
) -> set[int]:
    """``possible_base_sets`` for four base sets: each quadruple of pool houses (a < b < c < d;
    ``cands_of`` and ``words`` per house) whose four triples ``_triples`` kept, of at most
    ``endo_limit`` endo fins, checked exactly on the targets all four kept; the kept
    quadruples and their prefixes, as masks of pool indices."""
    kept: set[int] = set()
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
                    if (
                        abcd
                        and more.bit_count() <= endo_limit
                        and exact((a, b, c, d), union | cands_of[d], more, word | words[d], abcd)
                    ):
                        kept.update(
                            (1 << a, 1 << a | 1 << b, 1 << a | 1 << b | 1 << c, 1 << a | 1 << b | 1 << c | 1 << d)
                        )
    return kept
