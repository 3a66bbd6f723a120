"""A chain of the link graph read aloud, for the sentence beside a chain step.

``walk_text`` reads a chain of states (``solver.techniques.links``: ``2 * node + value``) as a person
would follow it: ``If r1c2 is not 4, r1c8 is; then r8c8 is not, so r8c3 is``. ``statement`` is
one clause of it. The finders of X-Chains, XY-Chains, Nice Loops and AICs
(``solver.techniques.chains``, ``solver.techniques.loops``) put it before their conclusion.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from solver.grid import cell_name
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
