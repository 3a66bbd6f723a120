"""Colouring: Simple Colors (Trap/Wrap) and Multi-Colors (1/2).

Definitions after HoDoKu's "Coloring" page (hodoku.sourceforge.net/en/tech_col.php).

Glossary (see also solver.techniques.cellsets):
  cluster  for one digit, the places joined by strong links (houses with only two places),
           coloured in turn: the two ends of a strong link get different colours. Exactly one
           colour of a cluster holds the digit in all its cells; the other holds it nowhere.
  Trap     a place outside the cluster that sees both colours can't hold the digit.
  Wrap     two cells of one colour see each other: that colour is false everywhere.
  Multi-Colors 1  two clusters, a colour of one sees a colour of the other: those two can't
           both be true, so one of the other two colours is; places seeing both go.
  Multi-Colors 2  a colour whose cells see both colours of another cluster is false.

Each colour goes in the step's ``groups`` (one tuple of (cell, digit) per colour, A and B, then
C and D for the second cluster) so a hint can paint them; the text names them the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from solver.grid import CELL_BIT, DIGITS, PEER_MASK, Grid, cell_name, cells_of, digit_places
from solver.step import Candidate, Step
from solver.techniques.cellsets import strong_links
from solver.techniques.wording import and_list, or_list


class Cluster:
    """One digit's strong-link component, two-coloured.

    Fields:
        colours: two cell sets (81-bit ints), the cells of each colour.
        seen: two cell sets, the cells that see at least one cell of each colour.
    """

    __slots__ = ("colours", "seen")

    def __init__(self, colours: tuple[int, int]):
        self.colours = colours
        self.seen = tuple(_seen_by(bits) for bits in colours)


def _seen_by(bits: int) -> int:
    """The cells that see at least one cell of the cell set ``bits``."""
    seen = 0
    for cell in cells_of(bits):
        seen |= PEER_MASK[cell]
    return seen


@lru_cache(maxsize=4096)
def clusters(where: int) -> tuple[Cluster, ...]:
    """The clusters of one digit whose places are the cell set ``where``: components of its
    strong links, coloured in turn (lowest cell first, coloured A), in order of lowest cell.
    Kept for the last few thousand place sets (a digit's places rarely change between steps)."""
    partners: dict[int, list[int]] = {}
    for _, first, second in strong_links(where):
        partners.setdefault(first, []).append(second)
        partners.setdefault(second, []).append(first)
    found = []
    coloured: set[int] = set()
    for start in sorted(partners):
        if start in coloured:
            continue
        colours = [0, 0]
        coloured.add(start)
        todo = [(start, 0)]
        while todo:
            cell, colour = todo.pop()
            colours[colour] |= CELL_BIT[cell]
            for partner in partners[cell]:
                if partner not in coloured:
                    coloured.add(partner)
                    todo.append((partner, 1 - colour))
        found.append(Cluster((colours[0], colours[1])))
    return tuple(found)


def _names(bits: int) -> str:
    """``'r1c1, r3c5 and r9c9'``."""
    return and_list(cell_name(cell) for cell in cells_of(bits))


def _colour_step(name: str, digit: int, colours: tuple[int, ...], removed: int, text: str) -> Step:
    """A colouring Step: pattern = every coloured place, one group per colour."""
    groups = tuple(tuple((cell, digit) for cell in cells_of(bits)) for bits in colours)
    return Step(
        technique=name,
        eliminations=tuple((cell, digit) for cell in cells_of(removed)),
        pattern=tuple(sorted(candidate for group in groups for candidate in group)),
        groups=groups,
        text=text,
    )


def _introduce(digit: int, cluster: Cluster, other: Cluster | None = None) -> str:
    """The sentences that set up a cluster's colours A and B (and another's, C and D)."""
    a, b = cluster.colours
    text = (
        f"Chain the {digit}s through houses with only two places for {digit} and colour them in "
        f"turn: either every cell of colour A ({_names(a)}) is {digit} or every cell of colour B "
        f"({_names(b)}) is."
    )
    if other is not None:
        c, d = other.colours
        text += f" Likewise either colour C ({_names(c)}) or colour D ({_names(d)}) is {digit}."
    return text


def _wrap(cluster: Cluster) -> tuple[int, int, int] | None:
    """(colour index, cell, cell) for two cells of one colour that see each other, or None."""
    for index, bits in enumerate(cluster.colours):
        for cell in cells_of(bits):
            clash = PEER_MASK[cell] & bits
            if clash:
                return index, cell, (clash & -clash).bit_length() - 1
    return None


def simple_colors(grid: Grid) -> Iterator[Step]:
    """Every Simple Colors step in ``grid`` (untouched): per digit and cluster, a Wrap (a
    colour with two cells that see each other is false: the digit goes from all its cells) and
    a Trap (places outside the cluster that see both colours lose the digit). Steps are named
    "Simple Colors Wrap" and "Simple Colors Trap"; most eliminations first.

    Source: HoDoKu, "Coloring" (hodoku.sourceforge.net/en/tech_col.php).
    """
    places = digit_places(grid)
    steps: list[Step] = []
    for digit in DIGITS:
        for cluster in clusters(places[digit]):  # a Wrap and a Trap never remove the same
            a, b = cluster.colours
            wrap = _wrap(cluster)
            if wrap:
                index, first, second = wrap
                wrong = cluster.colours[index]
                name = "AB"[index]
                text = (
                    f"{_introduce(digit, cluster)} {cell_name(first)} and {cell_name(second)} are "
                    f"both colour {name} and see each other, so colour {name} is not {digit}: "
                    f"{digit} can be removed from {_names(wrong)}."
                )
                steps.append(_colour_step("Simple Colors Wrap", digit, (a, b), wrong, text))
            trap = places[digit] & cluster.seen[0] & cluster.seen[1] & ~(a | b)
            if trap:
                targets = cells_of(trap)
                text = (
                    f"{_introduce(digit, cluster)} {_names(trap)} "
                    f"{'sees' if len(targets) == 1 else 'see'} both colours, so {digit} can't be "
                    f"in {'it' if len(targets) == 1 else 'them'}."
                )
                steps.append(_colour_step("Simple Colors Trap", digit, (a, b), trap, text))
    steps.sort(key=lambda step: -len(step.eliminations))
    yield from steps


def multi_colors(grid: Grid) -> Iterator[Step]:
    """Every Multi-Colors step in ``grid`` (untouched), over pairs of clusters of one digit.

    "Multi-Colors 2": a colour of cluster 1 whose cells see both colours of cluster 2 is false;
    the digit goes from all its cells. "Multi-Colors 1": when a colour of cluster 1 sees a
    colour of cluster 2, one of the two opposite colours is true, and places that see both
    opposite colours lose the digit (all four such pairings of a cluster pair go into one
    step, as HoDoKu does). Most eliminations first.

    Source: HoDoKu, "Coloring" (hodoku.sourceforge.net/en/tech_col.php).
    """
    places = digit_places(grid)
    steps: list[Step] = []
    seen: set[tuple[Candidate, ...]] = set()  # eliminations of the steps kept
    for digit in DIGITS:
        where = places[digit]
        digit_clusters = clusters(where)
        for i, first in enumerate(digit_clusters):
            for j, second in enumerate(digit_clusters):
                if i == j:
                    continue
                colours = first.colours + second.colours
                found = [_multi_colors_2(digit, first, second, colours)]
                if j > i:  # Multi-Colors 1 is symmetric: once per pair of clusters
                    found.append(_multi_colors_1(digit, where, first, second, colours))
                for step in found:  # Multi-Colors 2 first, as HoDoKu: one step per removal set
                    if step and step.eliminations not in seen:
                        seen.add(step.eliminations)
                        steps.append(step)
    steps.sort(key=lambda step: -len(step.eliminations))
    yield from steps


def _multi_colors_2(digit: int, first: Cluster, second: Cluster, colours: tuple[int, ...]) -> Step | None:
    """The Multi-Colors 2 step for a colour of ``first`` that sees both colours of ``second``."""
    c, d = second.colours
    for index, bits in enumerate(first.colours):
        seen = first.seen[index]
        if seen & c and seen & d:
            name = "AB"[index]
            text = (
                f"{_introduce(digit, first, second)} Colour {name} sees cells of both C and D, so "
                f"it would leave neither true: colour {name} is not {digit}, and {digit} can be "
                f"removed from {_names(bits)}."
            )
            return _colour_step("Multi-Colors 2", digit, colours, bits, text)
    return None


def _multi_colors_1(digit: int, where: int, first: Cluster, second: Cluster, colours: tuple[int, ...]) -> Step | None:
    """The Multi-Colors 1 step for two clusters, or None when no colours see each other or
    nothing is removed."""
    removed = 0
    reasons = []
    for i in (0, 1):
        for j in (0, 1):
            if not first.seen[i] & second.colours[j]:
                continue
            # as HoDoKu, only the two opposite colours are left out: a cell of colour i or j
            # that sees both opposite colours goes too (its colour is false)
            other_a, other_b = first.colours[1 - i], second.colours[1 - j]
            targets = where & first.seen[1 - i] & second.seen[1 - j] & ~(other_a | other_b)
            if targets:
                removed |= targets
                reasons.append(("AB"[i], "CD"[j], "AB"[1 - i], "CD"[1 - j]))
    if not removed:
        return None
    because = "; ".join(
        f"colour {x} sees colour {y}, so they can't both be {digit}: colour {ox} or {oy} is" for x, y, ox, oy in reasons
    )
    if len(reasons) == 1:
        which = f"both colour {reasons[0][2]} and colour {reasons[0][3]}"
    else:
        which = "both colours of one of these pairs"
    removed_cells = cells_of(removed)
    text = (
        f"{_introduce(digit, first, second)} {because[0].upper()}{because[1:]}. {digit} can't be "
        f"in {or_list(cell_name(t) for t in removed_cells)}: "
        f"{'it sees' if len(removed_cells) == 1 else 'each of them sees'} {which}."
    )
    return _colour_step("Multi-Colors 1", digit, colours, removed, text)
