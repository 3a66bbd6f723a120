"""One deduction of the human solver: the object that drives grading, hints, the CLI and tests.

After Sudoku Explainer's hints: a step knows what it places and removes, the candidates that
justify it, the houses it looks at, its chain links, and a sentence that explains it.
Placements, eliminations, the justifying pattern, fins and groups live in separate fields and
never share one.

Glossary:
  candidate  (cell, digit): digit 1..9 is still possible in cell 0..80.
  node       (cells, digit): a chain's end point; one cell, or a group of cells of one house
             (a grouped node: "the digit is in one of these cells"), or an Almost Locked Set.
  link       (node, node, strong): a strong link ("if the first is false, the second is true",
             written ``=``) or a weak link ("if the first is true, the second is false", ``-``).
  Eureka     the community's chain notation, as HoDoKu prints it:
             ``(4)r1c2=(4)r1c8-(4)r8c8=(4)r8c3 => r2c3<>4``; a bivalue cell's strong link is
             shortened to ``(1=2)r1c1``, a grouped node is ``(4)r1c23``.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.grid import COL_OF, ROW_OF, Grid, cell_name

Candidate = tuple[int, int]  # (cell 0..80, digit 1..9)
Node = tuple[tuple[int, ...], int]  # (cells, digit)
Link = tuple[Node, Node, bool]  # (from, to, strong)


def placement_text(candidate: Candidate) -> str:
    """``r5c8=4`` for (43, 4)."""
    return f"{cell_name(candidate[0])}={candidate[1]}"


def elimination_text(candidate: Candidate) -> str:
    """``r2c2<>7`` for (10, 7)."""
    return f"{cell_name(candidate[0])}<>{candidate[1]}"


def cells_compact(cells: tuple[int, ...]) -> str:
    """``r1c2`` for one cell, ``r1c23`` for cells of one row, ``r23c1`` of one column, else a
    comma-separated list (``r1c2,r2c1``)."""
    cells = tuple(sorted(cells))
    rows = {ROW_OF[c] for c in cells}
    cols = {COL_OF[c] for c in cells}
    if len(rows) == 1:
        return f"r{ROW_OF[cells[0]] + 1}c" + "".join(str(COL_OF[c] + 1) for c in cells)
    if len(cols) == 1:
        return "r" + "".join(str(ROW_OF[c] + 1) for c in cells) + f"c{COL_OF[cells[0]] + 1}"
    return ",".join(cell_name(c) for c in cells)


def node_text(node: Node) -> str:
    """``(4)r1c2`` for ((1,), 4); ``(4)r1c23`` for a grouped node."""
    return f"({node[1]}){cells_compact(node[0])}"


def split_chains(links: tuple[Link, ...]) -> list[list[Link]]:
    """Cut a flat tuple of links into chains: a link whose start is not the previous link's end
    starts a new chain (forcing chains carry several branches this way)."""
    chains: list[list[Link]] = []
    for link in links:
        if chains and chains[-1][-1][1] == link[0]:
            chains[-1].append(link)
        else:
            chains.append([link])
    return chains


def eureka(chain: list[Link]) -> str:
    """One chain in Eureka notation: ``(4)r1c2=(4)r1c8-(4)r8c8``; ``(1=2)r1c1`` for a strong
    link inside one cell or group."""
    nodes = [chain[0][0]] + [link[1] for link in chain]
    kinds = [link[2] for link in chain]
    parts: list[str] = []
    i = 0
    while i < len(nodes):
        cells, digit = nodes[i]
        if i < len(kinds) and kinds[i] and nodes[i + 1][0] == cells and nodes[i + 1][1] != digit:
            parts.append(f"({digit}={nodes[i + 1][1]}){cells_compact(cells)}")
            i += 1
        else:
            parts.append(node_text(nodes[i]))
        if i < len(kinds):
            parts.append("=" if kinds[i] else "-")
        i += 1
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class Step:
    """An immutable deduction.

    Fields:
        technique: the step's name as HoDoKu spells it, e.g. ``"Hidden Single"``,
            ``"Simple Colors Trap"`` (a registry row may yield several names).
        placements: (cell, digit) pairs the step places.
        eliminations: (cell, digit) candidates the step removes.
        pattern: (cell, digit) candidates that justify the step (Sudoku Explainer's "green").
        fins: (cell, digit) fin candidates of a finned or sashimi fish (drawn apart).
        groups: sets of candidates a hint outlines together: the Almost Locked Sets of an ALS
            step, the two colours of Simple Colors, the corners of a rectangle; each group
            is a tuple of (cell, digit).
        houses: house indices 0..26 the step looks at (base and cover sets for fish).
        links: chain links ((cells, digit), (cells, digit), is_strong) in chain order; a link
            that does not start where the previous one ended begins a new chain (a branch
            of a forcing chain). Empty for steps that are not chains.
        text: one sentence for a person, written by the technique's finder.
    """

    technique: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    pattern: tuple[Candidate, ...] = ()
    houses: tuple[int, ...] = ()
    links: tuple[Link, ...] = ()
    text: str = ""
    fins: tuple[Candidate, ...] = ()
    groups: tuple[tuple[Candidate, ...], ...] = ()

    @property
    def cells(self) -> tuple[int, ...]:
        """The cells of the justifying pattern and fins, sorted, each once."""
        return tuple(sorted({cell for cell, _ in self.pattern + self.fins}))

    @property
    def digits(self) -> tuple[int, ...]:
        """The digits the step is about (pattern, placements and eliminations), sorted."""
        return tuple(sorted({d for _, d in self.pattern + self.placements + self.eliminations}))

    def notation(self) -> list[str]:
        """Placements then eliminations in standard notation: ``['r5c8=4', 'r2c2<>7']``."""
        return [placement_text(p) for p in self.placements] + [elimination_text(e) for e in self.eliminations]

    def chain_text(self) -> str:
        """The step's chains in Eureka notation, branches separated by ``; `` ("" if none)."""
        return "; ".join(eureka(chain) for chain in split_chains(self.links))

    def __str__(self) -> str:
        result = ", ".join(self.notation())
        if self.links:
            return f"{self.technique}: {self.chain_text()} => {result}"
        return f"{self.technique}: {result}"

    def explain(self) -> str:
        """The step's sentence for a person (falls back to the notation when none was written)."""
        return self.text or str(self)

    def apply(self, grid: Grid) -> None:
        """Make the step's placements and eliminations on ``grid`` (in place)."""
        for cell, digit in self.placements:
            if not grid.values[cell]:
                grid.place(cell, digit)
        for cell, digit in self.eliminations:
            grid.eliminate(cell, digit)

    def to_dict(self) -> dict[str, str | list[str]]:
        """The JSON form used by ``solve --steps --json`` (``chain`` only for chain steps)."""
        result: dict[str, str | list[str]] = {
            "technique": self.technique,
            "placements": [placement_text(p) for p in self.placements],
            "eliminations": [elimination_text(e) for e in self.eliminations],
            "text": self.explain(),
        }
        if self.links:
            result["chain"] = self.chain_text()
        return result
