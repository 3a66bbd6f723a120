"""The rules a Dynamic Forcing Chain (+) nests: what a stalled propagation may still deduce.

After SukakuExplainer's ``Chaining.getAdvancedPotentials``: when a dynamic propagation runs out of
implications, pointing and claiming, hidden pairs, naked pairs and X-Wings (in that order; the
first rule that finds anything wins) are tried on the propagation's working grid. A deduction
counts only if it depends on the chain: its *parents* are the candidates of the pattern's houses
or cells that the chain removed (present in the source grid, gone from the working grid); its
eliminations join the chain as new "off" potentials whose ancestors are those parents'.

Deeper levels add, when those find nothing, a chaining rule run on the working grid: level 2
(9.5) Forcing Chains & Cycles, level 3 (10.0) also Multiple Forcing Chains, level 4 (10.5) also
Dynamic Forcing Chains. As in Sudoku Explainer, the nested Forcing Chains & Cycles contribute
every hint they have, found all at once (``solver.se.conclusions.static_conclusions``: every
candidate a static chain proves true or false, which includes every cycle's eliminations). A
nested chain's eliminations take as parents every candidate the outer chain has removed so far
(an upper bound of Sudoku Explainer's count), and a nested multiple chain contributes its first
hint rather than all of them (fewer deductions, never wrong ones).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

from solver.grid import DIGITS_OF, HOUSE_MASK, HOUSES, POPCOUNT, cells_of
from solver.se.chains import ChainHint, NestedRule, Position
from solver.se.conclusions import static_conclusions
from solver.se.multiple import multiple_chains

MAX_NESTING = 4  # Sudoku Explainer's deepest level: Dynamic Forcing Chains nested (10.5)

BOX_LINES = tuple((box, line) for box in range(18, 27) for line in range(18) if HOUSE_MASK[box] & HOUSE_MASK[line])
# Sudoku Explainer's order: (box, column), (box, row), (column, box), (row, box)
POINTING = [(box, line) for box, line in BOX_LINES if line >= 9] + [(box, line) for box, line in BOX_LINES if line < 9]
CLAIMING = [(line, box) for box, line in BOX_LINES if line >= 9] + [(line, box) for box, line in BOX_LINES if line < 9]
SE_HOUSE_ORDER = tuple(range(18, 27)) + tuple(range(9, 18)) + tuple(range(9))  # box, column, row
_BOX_HOUSES, _COLUMN_HOUSES, _ROW_HOUSES = tuple(range(18, 27)), tuple(range(9, 18)), tuple(range(9))
_BOX_OF = tuple(18 + (cell // 27) * 3 + cell % 9 // 3 for cell in range(81))
_COLUMN_OF = tuple(9 + cell % 9 for cell in range(81))
_ROW_OF = tuple(cell // 9 for cell in range(81))
# POINTING and CLAIMING as four passes: (base houses, the cover house of each cell)
_LOCKING_PASSES = ((_BOX_HOUSES, _COLUMN_OF), (_BOX_HOUSES, _ROW_OF), (_COLUMN_HOUSES, _BOX_OF), (_ROW_HOUSES, _BOX_OF))


Deduction = tuple[tuple[int, ...], tuple[int, ...]]
"""What a nested rule deduces on a working grid: (its parents: the candidates of the pattern the
chain removed, whose ancestors the deduction takes; the candidates it removes), candidate index
cell*9 + digit-1. It depends on the source and working grids alone, not on the chain's
ancestors, so it can be remembered by the two grids (``_basic_deductions``)."""


def _digit_candidates(cells_mask: int, d: int) -> tuple[int, ...]:
    """The candidates (cell*9 + d) of digit ``d`` (0-based) in the cells of ``cells_mask``."""
    return tuple(cell * 9 + d for cell in cells_of(cells_mask))


def _locking(source: Position, work: Position) -> list[Deduction]:
    """Pointing and claiming, in Sudoku Explainer's order (``POINTING`` then ``CLAIMING``, digit
    by digit)."""
    found: list[Deduction] = []
    before, after = source.digits, work.digits
    for digit in range(1, 10):
        if before[digit] != after[digit]:  # the chain removed some: a deduction may count
            found += _locking_of(digit - 1, before[digit], after[digit])
    return found


@lru_cache(maxsize=1 << 15)
def _locking_of(d: int, before: int, after: int) -> tuple[Deduction, ...]:
    """``_locking``'s deductions for digit ``d`` (0-based) whose places were ``before`` in the
    source and are ``after`` on the working grid (81-bit cell masks): they depend on those
    alone, and the same pairs come back all the time (97% of them on Inkala's puzzle), so they
    are remembered. A base house's places fit in at most one cover, the one holding its first
    place, so each base is looked at once; claiming's matches are put in (box, line) order."""
    found = []
    lost = before & ~after
    for bases, cover_of in _LOCKING_PASSES:
        matches = []
        for base in bases:
            base_mask = HOUSE_MASK[base]
            if not lost & base_mask:
                continue  # a deduction counts only if the chain removed some of its candidates
            places = after & base_mask
            if not places & (places - 1):
                continue
            cover = cover_of[(places & -places).bit_length() - 1]
            cover_mask = HOUSE_MASK[cover]
            if places & ~cover_mask:
                continue
            removed = after & cover_mask & ~base_mask
            if removed:
                matches.append((cover if base < 18 else base, base, removed))
        if matches and bases[0] < 18:
            matches.sort()  # claiming: Sudoku Explainer goes box by box
        for _, base, removed in matches:
            parents = _digit_candidates(lost & HOUSE_MASK[base], d)
            if parents:
                found.append((parents, _digit_candidates(removed, d)))
    return tuple(found)


def _hidden_pairs(source: Position, work: Position) -> list[Deduction]:
    found = []
    cells, digits = work.cells, work.digits
    lost = [(source.digits[d + 1] & ~digits[d + 1]) for d in range(9)]
    lost_any = 0
    for mask in lost:
        lost_any |= mask
    empty = 0  # the cells with candidates
    for mask in digits[1:]:
        empty |= mask
    for house in SE_HOUSE_ORDER:
        hmask = HOUSE_MASK[house]
        if not lost_any & hmask:
            continue  # a deduction counts only if the chain removed some of its candidates
        if (empty & hmask).bit_count() <= 4:
            continue  # Sudoku Explainer leaves these to the naked sets
        # a hidden pair's digits have one or two places each, two together
        few = []
        for d in range(9):
            places = digits[d + 1] & hmask
            if places and places.bit_count() <= 2:
                few.append((d, places, bool(lost[d] & hmask)))
        for i, (a, places_a, touched_a) in enumerate(few):
            for b, places_b, touched_b in few[i + 1 :]:
                if not (touched_a or touched_b):
                    continue
                both = places_a | places_b
                if both.bit_count() != 2:
                    continue
                keep = (1 << a) | (1 << b)
                removed = [(c * 9 + e - 1) for c in cells_of(both) for e in DIGITS_OF[cells[c] & ~keep]]
                if not removed:
                    continue
                parents = _digit_candidates(lost[a] & hmask, a) + _digit_candidates(lost[b] & hmask, b)
                if parents:
                    found.append((parents, tuple(removed)))
    return found


def _naked_pairs(source: Position, work: Position) -> list[Deduction]:
    found = []
    cells = work.cells
    bivalue = 0  # the cells with two candidates
    for cell, mask in enumerate(cells):
        if POPCOUNT[mask] == 2:
            bivalue |= 1 << cell
    for house in SE_HOUSE_ORDER:
        in_house = bivalue & HOUSE_MASK[house]
        if not in_house & (in_house - 1):
            continue  # no two bivalue cells
        members = [c for c in HOUSES[house] if cells[c]]
        pairs = [c for c in members if POPCOUNT[cells[c]] == 2]
        for i, first in enumerate(pairs):
            for second in pairs[i + 1 :]:
                mask = cells[first]
                if cells[second] != mask:
                    continue
                if source.cells[first] == mask and source.cells[second] == mask:
                    continue  # the chain removed nothing from the pair: it counts for nothing
                removed = [
                    c * 9 + e - 1 for c in members if c not in (first, second) for e in DIGITS_OF[cells[c] & mask]
                ]
                if not removed:
                    continue
                parents = tuple(c * 9 + e - 1 for c in (first, second) for e in DIGITS_OF[source.cells[c] & ~cells[c]])
                found.append((parents, tuple(removed)))
    return found


def _x_wings(source: Position, work: Position) -> list[Deduction]:
    found: list[Deduction] = []
    before, after = source.digits, work.digits
    for digit in range(1, 10):
        if before[digit] != after[digit]:  # the chain removed some: a deduction may count
            found += _x_wings_of(digit - 1, before[digit], after[digit])
    return found


@lru_cache(maxsize=1 << 15)
def _x_wings_of(d: int, before: int, after: int) -> tuple[Deduction, ...]:
    """``_x_wings``'s deductions for digit ``d``, remembered as ``_locking_of``'s are."""
    found = []
    lost = before & ~after
    for bases, covers in ((range(9), range(9, 18)), (range(9, 18), range(9))):
        lines = [(b, after & HOUSE_MASK[b]) for b in bases]
        lines = [(b, m) for b, m in lines if m.bit_count() == 2]
        for i, (b1, m1) in enumerate(lines):
            for b2, m2 in lines[i + 1 :]:
                both_lines = HOUSE_MASK[b1] | HOUSE_MASK[b2]
                if not lost & both_lines:
                    continue  # a deduction counts only if the chain removed some of its candidates
                cover_mask = 0
                for c in covers:
                    if HOUSE_MASK[c] & m1:
                        cover_mask |= HOUSE_MASK[c]
                if (m2 & ~cover_mask) or (cover_mask & (m1 | m2)).bit_count() != 4:
                    continue
                removed = after & cover_mask & ~both_lines
                if removed:
                    found.append((_digit_candidates(lost & both_lines, d), _digit_candidates(removed, d)))
    return tuple(found)


RULES = (_locking, _hidden_pairs, _naked_pairs, _x_wings)

_BASIC: dict[tuple[int, ...], tuple[Deduction, ...]] = {}
_BASIC_SIZE = 1 << 15


def _basic_deductions(source: Position, work: Position) -> tuple[Deduction, ...]:
    """What the first of ``RULES`` that finds anything deduces on ``work`` (empty: none does),
    remembered by the two grids' digit masks: the same stalls come back, from premises with the
    same consequences (a bivalue cell's "a on" and "b off"), from a deeper level going on from a
    shallower one, and from the solve path and the SE path searching the same positions (close
    to half the stalls on Inkala's puzzle). Bounded (emptied when full); safe to share between
    threads."""
    key = (*source.digits, *work.digits)
    found = _BASIC.get(key)
    if found is None:
        found = ()
        for rule in RULES:
            found = tuple(rule(source, work))
            if found:
                break
        if len(_BASIC) >= _BASIC_SIZE:
            _BASIC.clear()
        _BASIC[key] = found  # immutable all through: shared by every chain that stalls here
    return found


def with_ancestors(found: Iterable[Deduction], off: dict[int, int]) -> Iterator[tuple[int, int]]:
    """(candidate, ancestors) of each candidate the deductions ``found`` remove, in order; a
    deduction's ancestors are those of its parents, from ``off`` (the chain's "off" candidates
    -> their ancestor masks)."""
    for parents, removed in found:
        anc = 0
        for cand in parents:
            anc |= off[cand]
        for cand in removed:
            yield cand, anc


def nested_offs(source: Position, work: Position, off: dict[int, int], level: int) -> Iterator[tuple[int, int]]:
    """(candidate, ancestors) of each "off" the nested rules deduce on ``work``; ``off`` maps the
    chain's "off" candidates to their ancestor masks. Level 1 nests the four basic rules;
    levels 2-4 add chaining rules (see the module docstring) when those find nothing."""
    found = _basic_deductions(source, work)
    if found:
        yield from with_ancestors(found, off)
        return
    if level < 2:
        return
    true, false = _static_conclusions_of(work)
    if not true and not false and level < 3:
        return  # nothing more at level 2
    removed_anc = 0
    for anc in off.values():
        removed_anc |= anc
    if true or false:
        for cand in false:
            yield cand, removed_anc
        for cand in true:
            cell, d = divmod(cand, 9)
            for e in DIGITS_OF[work.cells[cell]]:
                if e != d + 1:
                    yield cell * 9 + e - 1, removed_anc
        return
    chaining: list[Callable[[], list[ChainHint]]] = []
    if level >= 3:
        chaining.append(lambda: multiple_chains(work, dynamic=False, cap=99.0))
    if level >= 4:
        chaining.append(lambda: multiple_chains(work, dynamic=True, cap=99.0))
    for chain_rule in chaining:
        hints = chain_rule()
        for hint in hints:
            for cell, digit in hint.eliminations:
                yield cell * 9 + digit - 1, removed_anc
            for cell, digit in hint.placements:
                for e in DIGITS_OF[work.cells[cell]]:
                    if e != digit:
                        yield cell * 9 + e - 1, removed_anc
        if hints:
            return


_CONCLUSIONS: dict[tuple[int, ...], tuple[list[int], list[int]]] = {}
_CONCLUSIONS_SIZE = 4096


def _static_conclusions_of(work: Position) -> tuple[list[int], list[int]]:
    """``static_conclusions(work)``, remembered by position: the same working grids come back
    (the next nesting level repeats the stalls of the one before; the solve path and the SE path
    search the same positions). Bounded; safe to share between threads."""
    key = tuple(work.cells)
    found = _CONCLUSIONS.get(key)
    if found is None:
        found = static_conclusions(work)
        if len(_CONCLUSIONS) >= _CONCLUSIONS_SIZE:
            _CONCLUSIONS.clear()
        _CONCLUSIONS[key] = found
    return found


def nested_rule(level: int) -> NestedRule:
    """The rule that nesting ``level`` (1 to MAX_NESTING) adds to a stalled propagation, for
    ``solver.se.chains.propagate(nested=...)``.

    Raises:
        ValueError: ``level`` is outside 1..MAX_NESTING.
    """
    if not 1 <= level <= MAX_NESTING:
        raise ValueError(f"nesting level must be 1 to {MAX_NESTING}, not {level}")
    return lambda source, work, off: nested_offs(source, work, off, level)
