"""Everything Sudoku Explainer's Forcing Chains & Cycles rule concludes, all hints at once.

``static_conclusions`` finds what every hint of the rule (``solver.se.static``) concludes, at
once and without ratings, from the links' strongly connected components and their reach: the
rule asks it first whether there is any hint at all, and nested chains (``solver.se.nested``)
take all of it.
"""

from __future__ import annotations

from solver.closure import reachable_with_union
from solver.grid import HOUSE_MASK, PEER_MASK, POPCOUNT, cells_of
from solver.se.chains import Position


def static_conclusions(pos: Position) -> tuple[list[int], list[int]]:
    """Everything Sudoku Explainer's Forcing Chains & Cycles rule concludes on ``pos``, all hints
    together: (candidates that must be true, candidates that must be false), candidate index
    cell*9 + digit-1, ascending.

    A candidate k is false when "k is on" reaches "k is off" along static X and Y links (those
    of ``solver.se.static.Links`` in mode "xy"), and true when "k is off" reaches "k is on".
    That covers every hint of the rule: its forcing X- and XY-chains are such walks, and a
    bidirectional cycle's eliminations are too (assume a removed candidate true and follow the
    loop back to it). Static links are contrapositive, so a start that reaches both "j is on"
    and "j is off" also reaches its own negation. (On a contradictory working grid a candidate
    may come out both true and false.)

    Method: a walk alternates "on" and "off", so it is a walk on the candidates assumed on,
    a -> c whenever a candidate b that a sees (its weak links: the same digit in a peer, another
    digit of its cell) has c as its strong partner (the other digit of a bivalue cell, the other
    place of a digit with two in a house). Only strong candidates have such links, so the graph
    is closed on them (``solver.closure.reachable_with_union``): R(c), what "c is on" reaches,
    and K(c), every candidate that c or what it reaches sees (what "c is on" kills). "b is off"
    turns b's partners on: k is true when R of a partner of k holds k, and k is false when "k
    is on" turns off some strong b whose partners kill k: k in seen(b) and in K of b's
    partners, one AND per strong candidate for every k at once. This graph has half the nodes
    of the potentials' and only the links through strong links, several times cheaper to close
    than the potentials' graph (tests/test_se_nested.py closes that one to check this).
    """
    cells, digits = pos.cells, pos.digits
    present = 0  # the candidates of the position, bit k
    strong: dict[int, list[int]] = {}  # candidate -> its strong partners (some twice)
    for cell in range(81):
        mask = cells[cell]
        if not mask:
            continue
        present |= mask << (9 * cell)
        if POPCOUNT[mask] == 2:  # a bivalue cell: its two candidates
            a = cell * 9 + (mask & -mask).bit_length() - 1
            b = cell * 9 + mask.bit_length() - 1
            strong.setdefault(a, []).append(b)
            strong.setdefault(b, []).append(a)
    for d in range(9):
        dmask = digits[d + 1]
        for house_mask in HOUSE_MASK:
            places = dmask & house_mask
            if places.bit_count() == 2:  # a digit with two places in a house: the two
                a = ((places & -places).bit_length() - 1) * 9 + d
                b = (places.bit_length() - 1) * 9 + d
                strong.setdefault(a, []).append(b)
                strong.setdefault(b, []).append(a)
    strong_bits = 0
    for b in strong:
        strong_bits |= 1 << b
    # The walks run through strong candidates only: c -> c' when c sees a strong b whose
    # partner is c'. Close that core, with what each of its candidates sees.
    succ: dict[int, list[int]] = {}
    seen_of: dict[int, int] = {}
    for c in strong:
        cell, d = divmod(c, 9)
        targets: list[int] = []
        for b in cells_of(_seen_mask(strong_bits, cell, d)):
            targets += strong[b]
        succ[c] = targets
        seen_of[c] = _seen_mask(present, cell, d)
    reach, kills = reachable_with_union(succ, seen_of)
    # "b is off": its partners on and all they reach (true when that holds b), and all those
    # see: a candidate k is false when "k is on" makes some strong b it sees off whose partners
    # reach a candidate that sees k, that is when k is in seen(b) and in what "b is off" kills
    true = []
    false_bits = 0
    for b, partners in strong.items():
        after = killed = 0
        for c in partners:
            after |= 1 << c | reach[c]
            killed |= kills[c]
        if after >> b & 1:
            true.append(b)
        false_bits |= seen_of[b] & killed
    false = cells_of(false_bits)  # ascending bit indices (any int, not only cell masks)
    return sorted(true), sorted(false)


# Per cell: its peers' bits spread to candidate positions (bit 9 * peer), and its own 9 candidates.
_PEER_SPREAD = tuple(sum(1 << (9 * p) for p in cells_of(PEER_MASK[c])) for c in range(81))
_CELL_SPREAD = tuple(0x1FF << (9 * c) for c in range(81))


def _seen_mask(present: int, cell: int, d: int) -> int:
    """The candidates (bit index cell*9 + digit-1) of ``present`` that candidate (cell, d) sees:
    d in its peers, the other digits of its cell."""
    return present & ((_PEER_SPREAD[cell] << d) | (_CELL_SPREAD[cell] & ~(1 << (9 * cell + d))))
