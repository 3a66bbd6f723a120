"""Where a stage-1 hint points (Good Sudoku's first hint): one place per kind of step, and the
words for it. Never imports pygame.

``focus_of`` tries a rule per kind of step (forcing chains and nets, Almost Locked Sets, other
chains, fish, wings, rectangles, colourings) and falls back on the step's first house.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from solver.grid import BOX_OF, HOUSE_KINDS, HOUSES, HOUSES_OF, PEERS, cell_name, house_name
from solver.step import Link, Node, Step, split_chains

PEER_SET = tuple(frozenset(p) for p in PEERS)


@dataclass(frozen=True)
class Focus:
    """Where a stage-1 hint points: one concrete place to start looking.

    houses: houses to tint (0-8 rows, 9-17 columns, 18-26 boxes); cells: cells to outline;
    text: the sentence ("Look at the 3s in rows 3 and 7."). It never names an elimination or a
    placement as such.
    """

    houses: tuple[int, ...]
    cells: tuple[int, ...]
    text: str


FISH_WORDS = ("X-Wing", "Swordfish", "Jellyfish")
ALS_NAMES = ("ALS-XZ", "ALS-XY-Wing", "ALS-XY-Chain", "Death Blossom", "Sue de Coq")
WING_NAMES = ("XY-Wing", "XYZ-Wing", "WXYZ-Wing")
RECTANGLE_WORDS = ("Uniqueness Test", "Avoidable Rectangle", "Hidden Rectangle")


def focus_of(step: Step) -> Focus:
    """The one place a stage-1 hint points at, by the step's kind:

    - forcing chains and nets: the cell whose candidates they try, or the house and digit
      whose places they try, or the one premise a contradiction starts from;
    - Almost Locked Sets (ALS-XZ, -XY-Wing, -XY-Chain, Death Blossom, Sue de Coq): the first
      set's cells;
    - other chains (X-, XY-Chains, Nice Loops, AICs, Skyscraper, Kites, W-Wing...): the
      chain's start candidate;
    - fish: the base houses and the digit; wings: the pivot cell; rectangles: their corners;
    - colourings: the digit and the first colour's first cell;
    - the rest (singles, intersections, subsets): the step's first house, or the box of
      its first cell when it names none. Houses that meet in one cell name that cell.
    """
    chains = split_chains(step.links)
    digits = _focus_digits(step)
    the_digit = f"the {digits[0]}s in " if len(digits) == 1 else ""
    for rule in _FOCUS_RULES:
        found = rule(step, chains, the_digit)
        if found is not None:
            return found
    return _house_focus(step, the_digit)


# Each rule of focus_of: (step, its chains, "the Ns in " or "") -> the Focus, or None when the
# step is not of its kind. Tried in this order; _house_focus is the rest.
FocusRule = Callable[[Step, list[list[Link]], str], "Focus | None"]


def _forcing_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if not step.technique.startswith(("Forcing Chain", "Forcing Net")) or not (step.pattern or chains):
        return None
    # the premises: the pattern holds them (a net's drawn chains may start further on)
    starts: list[Node] = [((cell,), digit) for cell, digit in step.pattern] or [chain[0][0] for chain in chains]
    return _forcing_focus(starts)


def _als_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if step.technique not in ALS_NAMES or not step.groups:
        return None
    cells = tuple(sorted({c for c, _ in step.groups[0]}))
    return Focus((), cells, f"Look at {cells_text(cells)}: {_set_word(step.technique)}.")


def _chain_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if not chains:
        return None
    (cells, digit) = chains[0][0][0]
    noun = cell_name(cells[0]) if len(cells) == 1 else "/".join(cell_name(c) for c in cells)
    return Focus((), tuple(cells), f"Look at the {digit} in {noun} and follow the chain from there.")


def _fish_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if not any(word in step.technique for word in FISH_WORDS) or not step.houses:
        return None
    base = tuple(step.houses[: len(step.houses) // 2])
    return Focus(base, (), f"Look at {the_digit}{houses_text(base)}.")


def _wing_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if step.technique not in WING_NAMES or not step.pattern:
        return None
    pivot = _pivot(step)
    return Focus((), (pivot,), f"Look at {cell_name(pivot)} and the cells it sees.")


def _rectangle_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if not any(word in step.technique for word in RECTANGLE_WORDS) or not step.groups:
        return None
    corners = tuple(sorted({c for c, _ in step.groups[0]}))
    return Focus((), corners, f"Look at the rectangle {cells_text(corners)}.")


def _colouring_rule(step: Step, chains: list[list[Link]], the_digit: str) -> Focus | None:
    if "Colors" not in step.technique or not step.groups:
        return None
    start = min(c for c, _ in step.groups[0])
    digit = step.groups[0][0][1]
    return Focus(
        (),
        (start,),
        f"Look at the {digit} in {cell_name(start)} and follow the {digit}s' conjugate pairs from there.",
    )


_FOCUS_RULES: tuple[FocusRule, ...] = (
    _forcing_rule,
    _als_rule,
    _chain_rule,
    _fish_rule,
    _wing_rule,
    _rectangle_rule,
    _colouring_rule,
)


def _house_focus(step: Step, the_digit: str) -> Focus:
    """Singles, intersections, subsets and the rest: the step's first house (the cell where
    its houses meet, if they meet in one), or the box of its first cell."""
    houses = step.houses[:1]
    if houses:
        cell = _meeting_cell(step.houses) if len(step.houses) > 1 else None
        if cell is not None:
            return Focus((), (cell,), f"Look at {cell_name(cell)}.")
        return Focus(houses, (), f"Look at {the_digit}{houses_text(houses)}.")
    cells = [c for c, _ in step.pattern + step.placements + step.eliminations]
    box = (18 + BOX_OF[cells[0]],) if cells else ()
    return Focus(box, (), f"Look at {the_digit}{houses_text(box)}." if box else "Look at the whole grid.")


def _forcing_focus(premises: Iterable[Node]) -> Focus:
    """A forcing chain's or net's start: its premises (nodes) share a cell, or a house and a
    digit, or are one candidate (a contradiction)."""
    starts = list(dict.fromkeys(premises))
    cells = {c for node_cells, _ in starts for c in node_cells}
    digits = {d for _, d in starts}
    if len(starts) == 1 or (len(cells) == 1 and len(digits) == 1):
        cell, digit = starts[0][0][0], starts[0][1]
        return Focus((), (cell,), f"Look at {cell_name(cell)}: what follows if it is {digit}?")
    if len(cells) == 1:
        cell = next(iter(cells))
        return Focus((), (cell,), f"Look at {cell_name(cell)}: try each of its candidates in turn.")
    if len(digits) == 1:
        shared = set(HOUSES_OF[min(cells)]).intersection(*(HOUSES_OF[c] for c in cells))
        if shared:
            house = min(shared)
            return Focus(
                (house,),
                tuple(sorted(cells)),
                f"Look at the {next(iter(digits))}s in {house_name(house)}: try each place in turn.",
            )
    return Focus((), tuple(sorted(cells)), f"Look at {cells_text(tuple(sorted(cells)))}: try each in turn.")


def _pivot(step: Step) -> int:
    """A wing's pivot: the pattern cell that sees the most other pattern cells (then the one
    with the most pattern candidates, then the first)."""
    cells = sorted({c for c, _ in step.pattern})
    held = {c: sum(1 for x, _ in step.pattern if x == c) for c in cells}
    return max(cells, key=lambda c: (sum(1 for o in cells if o in PEER_SET[c]), held[c], -c))


def _meeting_cell(houses: tuple[int, ...]) -> int | None:
    """The one cell every house of ``houses`` holds, or None."""
    common = set(HOUSES[houses[0]]).intersection(*(HOUSES[h] for h in houses[1:]))
    return next(iter(common)) if len(common) == 1 else None


def cells_text(cells: tuple[int, ...]) -> str:
    return and_list([cell_name(c) for c in cells])


def _set_word(name: str) -> str:
    if name == "Sue de Coq":
        return "the cells where a box and a line cross, and what they hold"
    if name == "Death Blossom":
        return "a stem cell and the sets around it"
    return "an almost locked set (one more candidate than cells)"


def region_of(step: Step) -> tuple[int, ...]:
    """The houses a stage-1 hint tints: those of its ``focus_of``."""
    return focus_of(step).houses


def houses_text(houses: tuple[int, ...]) -> str:
    """``'rows 1 and 8'``, ``'row 2, columns 3 and 5, box 9'``: houses grouped by kind."""
    parts = []
    for kind_index, kind in enumerate(HOUSE_KINDS):
        numbers = [str(h % 9 + 1) for h in houses if h // 9 == kind_index]
        if not numbers:
            continue
        noun = kind if len(numbers) == 1 else ("boxes" if kind == "box" else kind + "s")
        parts.append(f"{noun} {and_list(numbers)}")
    return ", ".join(parts)


def and_list(words: list[str]) -> str:
    """As solver.techniques.wording.and_list, which cannot be imported here: importing it loads
    the whole technique registry (200 ms) before the first frame."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _focus_digits(step: Step) -> tuple[int, ...]:
    """The digits a stage-1 hint may name: those of its pattern, fins, groups and chain nodes;
    none for a step that places a digit (naming it would give the answer away)."""
    if step.placements:
        return ()
    digits = {d for _, d in step.pattern + step.fins}
    digits.update(d for group in step.groups for _, d in group)
    digits.update(node[1] for link in step.links for node in link[:2])
    return tuple(sorted(digits))
