"""Whether a later position of a solve path has a chain link the earlier one lacked.

A solve path only removes candidates (a placed cell keeps none), so a later position's links
are almost all links the earlier one had: a weak link needs both its ends, and they were there.
What can be new is a strong link:

  a cell left with two candidates (a bivalue cell);
  a digit left with two places in a house (a conjugate pair);
  with grouped nodes (``solver.techniques.links``), a house whose places of a digit now split
  into two nodes, one of them a group (the cells of a box-line intersection that hold it), in
  a way the earlier places did not: a place lost outside the groups of the split.

A grouped node that lost a cell but kept two or more is no new node: the cells that see all of
its cells are the same (its line and its box), and so are its links, but for one weak link: a
row's group and a column's group in one box, which overlapped in the cell that lost the digit,
no longer do, and a weak link joins them (counted too). So a chain made of links and nodes that
were all there before was there before, as long or shorter, with the same ends and the same or
fewer targets (``solver.techniques.loops`` uses this to skip a search that found nothing; see
``loops._quiet_since``).
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.grid import HOUSE_MASK, POPCOUNT
from solver.techniques.links import LINE_BOXES

BOX_SEGMENTS = tuple(
    tuple(HOUSE_MASK[line] & HOUSE_MASK[box] for line in range(18) if HOUSE_MASK[line] & HOUSE_MASK[box])
    for box in range(18, 27)
)
"""Per box 0..8: the 81-bit masks of its three row segments and three column segments, where
its grouped nodes lie."""
SEGMENTS = tuple(tuple(inter for _, inter in LINE_BOXES[line]) for line in range(18)) + BOX_SEGMENTS
"""Per house 0..26: the segments its grouped nodes lie in (a line's three box intersections, a
box's six line segments)."""


def new_strong_link(
    before: Sequence[int],
    before_places: Sequence[int],
    now: Sequence[int],
    now_places: Sequence[int],
    grouped: bool,
) -> bool:
    """Whether the position ``now`` may hold a strong link (or, with ``grouped``, a grouped
    strong link) that ``before`` did not, as the module docstring counts them; also True when
    ``now`` holds a candidate ``before`` did not (not a later position of the same path).

    ``before``, ``now``: 81 candidate masks each (bit d-1 = digit d; 0 for a filled cell);
    ``*_places``: their ``solver.grid.places_of``. A True may be a false alarm (with
    ``grouped``, a split is counted whether or not HoDoKu links it), never a False.
    """
    for cell in range(81):
        old, new = before[cell], now[cell]
        if old != new and (new & ~old or POPCOUNT[new] == 2):
            return True
    for d in range(1, 10):
        lost = before_places[d] & ~now_places[d]
        if not lost:
            continue
        places = now_places[d]
        for house in range(27):
            lost_here = lost & HOUSE_MASK[house]
            if not lost_here:
                continue
            here = places & HOUSE_MASK[house]
            count = here.bit_count()
            if count == 2:
                return True
            if grouped and count > 2 and _new_split(here, lost_here, SEGMENTS[house]):
                return True
            if grouped and house >= 18 and _apart(here, lost_here, SEGMENTS[house]):
                return True
    return False


def _apart(places: int, lost: int, segments: Sequence[int]) -> bool:
    """Whether a box's row group and column group (two places or more each, of ``places``)
    meet in a ``lost`` place: they overlapped before and are now weakly linked. ``segments``:
    the box's three row segments, then its three column segments."""
    for row in segments[:3]:
        if (places & row).bit_count() < 2:
            continue
        for column in segments[3:]:
            if row & column & lost and (places & column).bit_count() >= 2:
                return True
    return False


def _new_split(places: int, lost: int, segments: Sequence[int]) -> bool:
    """Whether a house's ``places`` of a digit (three or more cells) split into two nodes, at
    least one a group (a segment's places, two cells or more), with a ``lost`` place outside
    the groups' segments: a strong link the places before (``places | lost``) did not give."""
    for segment in segments:
        part = places & segment
        rest = places & ~segment
        if not part or not rest:
            continue
        covered = segment if part & (part - 1) else 0
        if rest & (rest - 1):
            held = [other for other in segments if other != segment and places & other == rest]
            if not held:
                continue  # the rest is no node
            covered |= held[0]
        elif not covered:
            continue  # two candidates: a plain link, counted by the caller
        if lost & ~covered:
            return True
    return False
