"""A chain of the link graph read aloud, for the sentence beside a chain step.

``walk_text`` reads a chain of states (``solver.techniques.links``: ``2 * node + value``) as a person
would follow it: ``If r1c2 is not 4, r1c8 is; then r8c8 is not, so r8c3 is``. ``statement`` is
one clause of it. The finders of X-Chains, XY-Chains, Nice Loops and AICs
(``solver.techniques.chains``, ``solver.techniques.loops``) put it before their conclusion:
``loop_text`` and ``aic_text`` write a nice loop's and an AIC's whole sentence (a chain whose
ends hold one digit: ``solver.techniques.chain_ends.ends_text``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from solver.grid import cell_name
from solver.step import Candidate
from solver.techniques.wording import and_list

if TYPE_CHECKING:
    from solver.techniques.links import LinkGraph


def walk_text(graph: LinkGraph, chain: Sequence[int]) -> str:
    """The chain read aloud: ``If r1c2 is not 4, r1c8 is; then r8c8 is not, so r8c3 is``
    (a digit is named only when it changes). ``chain``: states of ``graph``, premise first."""
    text = ""
    previous = None
    for i, s in enumerate(chain):
        clause = statement(graph, s >> 1, s & 1, previous)
        if i == 0:
            text = f"If {clause}"
        elif i == 1:
            text += f", {clause}"
        else:
            text += f", so {clause}" if s & 1 else f"; then {clause}"
        previous = s >> 1
    return text


def statement(graph: LinkGraph, node: int, value: int, previous: int | None = None) -> str:
    """``r1c2 is 4``, ``r1c2 is not 4``, ``r1c2 or r1c3 is 4``, ``neither r1c2 nor r1c3 is
    4`` for ``node`` of ``graph`` true (``value`` 1) or false (0); the digit is left out when
    ``previous`` has the same one, the cell is "it" when ``previous`` is in the same cell. An
    Almost Locked Set's node (``solver.techniques.als_links``) "must hold" its digit or "holds
    no" digit."""
    digit = graph.digit[node]
    same_digit = previous is not None and graph.digit[previous] == digit
    tail = "" if same_digit else f" {digit}"
    cells = graph.cells[node]
    if node >= graph.als_start:
        names = "/".join(cell_name(c) for c in cells)
        size = len(cells)
        if value:
            return f"the set {names} ({size} cells, {size + 1} digits) must hold {digit}"
        return f"the set {names} holds no {digit}"
    if previous is not None and graph.cells[previous] == cells:
        subject = "it"
    elif graph.is_group(node):
        members = [cell_name(c) for c in cells]
        if not value:
            if len(members) == 2:
                return f"neither {members[0]} nor {members[1]} is{tail}"
            return f"none of {and_list(members)} is{tail}"
        subject = " or ".join(members)
    else:
        subject = cell_name(cells[0])
    return f"{subject} is{tail}" if value else f"{subject} is not{tail}"


def removals(eliminations: Sequence[Candidate]) -> str:
    """``r1c2 and r1c3 can't be 2; r2c1 can't be 1``: eliminations grouped by digit."""
    by_digit: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_digit.setdefault(digit, []).append(cell)
    return "; ".join(f"{and_list(cell_name(c) for c in cells)} can't be {d}" for d, cells in by_digit.items())


def loop_text(graph: LinkGraph, chain: Sequence[int], eliminations: Sequence[Candidate], continuous: bool) -> str:
    """The sentence of a nice loop (``chain`` leaves its start cell and comes back to it): the
    walk, then why ``eliminations`` follow, for a continuous loop or a discontinuous one (which
    contradicts its premise)."""
    walk = walk_text(graph, chain)
    removed = removals(eliminations)
    if continuous:
        return (
            f"{walk}, back where it started. The loop works whichever way round it is read, so "
            f"each weak link in it has exactly one true end: {removed}."
        )
    premise, end = chain[0], chain[-1]
    cell = cell_name(graph.cells[premise >> 1][0])
    if premise & 1 and end >> 1 == premise >> 1:
        why = f"{cell} can't be {graph.digit[premise >> 1]} and not be it"
    elif premise & 1:
        why = f"{cell} can't hold two digits"
    elif end & 1:
        return f"{walk}: assuming the opposite proves it, so {cell} is {graph.digit[end >> 1]}."
    else:
        return (
            f"{walk}. Read backwards: if {cell} were {graph.digit[end >> 1]}, it would have to be "
            f"{graph.digit[premise >> 1]} too, so {removed}."
        )
    return f"{walk}: a contradiction ({why}), so {removed}."


def aic_text(graph: LinkGraph, chain: Sequence[int], eliminations: Sequence[Candidate]) -> str:
    """The sentence of an AIC whose ends hold two digits in cells that see each other."""
    s, m = chain[0] >> 1, chain[-1] >> 1
    first, last = cell_name(graph.cells[s][0]), cell_name(graph.cells[m][0])
    ends = f"{first} is {graph.digit[s]} or {last} is {graph.digit[m]}"
    removed = removals(eliminations)
    return f"{walk_text(graph, chain)}: either way {ends}, and as the two cells see each other, {removed}."
