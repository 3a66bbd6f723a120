"""Forcing nets: the last resort that lets logic finish every puzzle.

After HoDoKu's "Forcing Chains" page (hodoku.sourceforge.net/en/tech_chains.php) and Sudoku
Explainer's chaining rules, on the implication engine of ``solver.se.chains`` (Forcing Chains,
as HoDoKu finds them, are in ``forcing_tables``; the registry's Forcing Net is ``net_tables``,
which takes HoDoKu's step and shows it with ``net_step`` here, and turns to ``forcing_net``
here where HoDoKu's tables conclude nothing):

  Forcing Net Contradiction    assuming a candidate true (or false) leads to some candidate
                               being both true and false: so the assumption is wrong.
  Forcing Net Verity           every candidate of a cell (or every place of a digit in a house),
                               assumed true in turn, leads to the same conclusion: so it holds.
                               In a net each removed candidate stays removed while the
                               chain goes on, so a cell or house left with one place gives a new
                               link (a "net": a link may rest on several earlier ones). When
                               plain nets find nothing, nets that also apply pointing, pairs and
                               X-Wings along the way are tried, then nets that also nest forcing
                               chains, then multiple forcing chains (Sudoku Explainer's nesting
                               levels 1 to 3: enough for the forum's hardest, rated 11+).

Every step is a proper chain: ``Step.links`` holds each branch from its assumption to its
conclusion (strong links ``=`` where a false candidate forces a true one, weak ``-`` where a
true candidate forces a false one), so the hint can draw it and the CLI print it in Eureka
notation. Steps from bivalue cells come first (they are the cheapest to find and to follow),
then the others; each group shortest first.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator
from functools import partial
from typing import cast

from solver.grid import DIGITS_OF, HOUSES, POPCOUNT, Grid, cell_name, house_name
from solver.implication import Consequence, ImplicationEngine, candidates, field_bits
from solver.se.chains import Position, Propagation, Searched, kept_search, searches_of
from solver.se.nested import nested_rule
from solver.step import Candidate, Link, Step
from solver.techniques.wording import and_list, or_list

MAX_NET_NESTING = 3  # nets nest pointing, pairs and X-Wings (1), forcing chains (2), multiple ones (3)
Branch = tuple[Propagation, dict[int, int]]  # a premise's propagation and its parents (first causes)
Carry = dict[tuple[int, bool], Searched]  # (cand, on) -> (level, propagation, parents)


def _text(cand: int, on: bool) -> str:
    cell, d = divmod(cand, 9)
    return f"{cell_name(cell)}={d + 1}" if on else f"{cell_name(cell)}<>{d + 1}"


def _chain(parents: dict[int, int], potential: int) -> list[Link]:
    """The links from an assumption to ``potential`` (2*cand + on), following first causes."""
    nodes = [potential]
    while nodes[-1] in parents and parents[nodes[-1]] >= 0 and len(nodes) < 200:
        nodes.append(parents[nodes[-1]])
    nodes.reverse()
    links: list[Link] = []
    for a, b in itertools.pairwise(nodes):
        ca, cb = a >> 1, b >> 1
        links.append((((ca // 9,), ca % 9 + 1), ((cb // 9,), cb % 9 + 1), not a & 1))
    return links


class _Search:
    """Premise propagations of one position, computed once and shared by every kind of step.

    ``carry`` holds each premise's search at the deepest nesting level done so far: the searches
    kept for the position (``solver.se.chains.searches_of``, shared with Sudoku Explainer's
    dynamic chains, which search the same premises with the same rules). A search already done
    at this level is reused, and a deeper level goes on from where a shallower one stopped
    (``propagate(resume=...)``)."""

    def __init__(self, grid: Grid, level: int):
        self.pos = Position(grid.candidates)
        self.level = level
        self.nested = nested_rule(level) if level else None
        self.cache: dict[tuple[int, bool], Branch] = {}
        self.carry: Carry = searches_of(grid.candidates)
        # plain nets ask the implication engine which premises
        # lead anywhere (it finds what the search finds, without the chains): only those and
        # their contradictions, when due, are searched
        self.engine = ImplicationEngine(grid.candidates) if not level else None
        self.answers: dict[tuple[int, bool], Consequence | None] = {}

    def run(self, cand: int, on: bool) -> Branch:
        key = (cand, on)
        if key not in self.cache:
            self.cache[key] = kept_search(self.pos, cand, on, self.level, self.nested, self.carry, dynamic=True)
        return self.cache[key]

    def leads(self, cand: int, on: bool) -> Consequence | None:
        """The engine's answer for the premise (None without an engine: search it), asked once
        per premise (a candidate assumed true is asked for by its cell and each of its houses)."""
        key = (cand, on)
        if key in self.answers:
            return self.answers[key]
        answer: Consequence | None = None
        if self.engine is not None:
            answer = self.engine.assume(cand, on)
        self.answers[key] = answer
        return answer


Found = tuple[int, int, "Step | Callable[[], tuple[int, Step] | None]"]
"""(complexity, order found, step); or, for a contradiction not searched yet, (a floor of its
complexity, order found, the search that gives (complexity, step))."""


def _phases(grid: Grid, level: int) -> Iterator[Iterator[tuple[int, Step]]]:
    """Contradiction and verity steps as (complexity, Step), in two phases: first what the
    bivalue cells give (their candidates assumed true and false, and their verities), then
    everything else (other cells, and each digit's places in each house); each phase shortest
    first, ties in the order found. Finding the first step usually needs only the first,
    cheaper phase, and of a plain net's contradictions only those whose complexity floor
    (``Consequence.complexity_floor``) comes up before the first step are searched."""
    search = _Search(grid, level)
    kind = "Forcing Net"
    cands = grid.candidates
    for phase in (0, 1):
        found: list[Found] = []
        for cell in range(81):
            count = POPCOUNT[cands[cell]]
            if count < 2 or (count == 2) != (phase == 0):
                continue
            premises = [cell * 9 + d - 1 for d in DIGITS_OF[cands[cell]]]
            leads = []
            for cand in premises:
                for on in (True, False):
                    consequence = search.leads(cand, on)
                    if on:
                        leads.append(consequence)
                    if consequence is not None:
                        if consequence.contradiction:  # searched when its floor comes up
                            later = partial(_searched_contradiction, search, kind, level, cand, on)
                            found.append((consequence.complexity_floor(on), len(found), later))
                        continue
                    prop, parents = search.run(cand, on)
                    if prop.contradiction is not None:
                        complexity, step = _contradiction(kind, level, cand, on, prop, parents)
                        found.append((complexity, len(found), step))
            if _may_agree(leads, premises, cands):
                verities = _verities(
                    kind,
                    level,
                    f"{cell_name(cell)} must hold one of its candidates",
                    premises,
                    [search.run(cand, True) for cand in premises],
                    grid,
                )
                found += [(complexity, len(found) + i, step) for i, (complexity, step) in enumerate(verities)]
        if phase == 1:
            for house, cells in enumerate(HOUSES):
                for digit in range(1, 10):
                    places = [c for c in cells if cands[c] >> (digit - 1) & 1]
                    if len(places) < 2:
                        continue
                    premises = [c * 9 + digit - 1 for c in places]
                    if not _may_agree([search.leads(p, True) for p in premises], premises, cands):
                        continue
                    branches = [search.run(p, True) for p in premises]
                    if any(b[0].contradiction is not None for b in branches):
                        continue
                    verities = _verities(
                        kind, level, f"{digit} must go somewhere in {house_name(house)}", premises, branches, grid
                    )
                    found += [(complexity, len(found) + i, step) for i, (complexity, step) in enumerate(verities)]
        yield _shortest_first(found)


def _searched_contradiction(search: _Search, kind: str, level: int, cand: int, on: bool) -> tuple[int, Step] | None:
    """The contradiction step of a premise the engine found contradictory, searched now."""
    prop, parents = search.run(cand, on)
    if prop.contradiction is None:  # never: the engine and the search agree
        return None
    return _contradiction(kind, level, cand, on, prop, parents)


def _shortest_first(found: list[Found]) -> Iterator[tuple[int, Step]]:
    """The steps of ``found`` by complexity, ties in the order found (what a stable sort gives),
    searching a pending contradiction only when its floor is the least left: a step comes out
    once no entry left could come before it, since a pending one's complexity is at least its
    floor."""
    heap = [(bound, order) for bound, order, _ in found]
    heapq.heapify(heap)
    payload = {order: item for _, order, item in found}
    while heap:
        bound, order = heapq.heappop(heap)
        item = payload[order]
        if isinstance(item, Step):
            yield bound, item
            continue
        searched = item()
        if searched is not None:
            payload[order] = searched[1]
            heapq.heappush(heap, (searched[0], order))


def _may_agree(leads: list[Consequence | None], premises: list[int], cands: list[int]) -> bool:
    """False when the engine shows that the branches ``leads`` (each premise assumed true; None
    where the engine was not asked) share no conclusion a verity could state: one of them is
    a contradiction, or all of them together imply nothing new on the board. True otherwise
    (then the branches are searched)."""
    if any(lead is None for lead in leads):
        return True
    on = off = -1
    for lead in leads:
        assert lead is not None
        if lead.contradiction:
            return False
        on &= lead.on
        off &= lead.off
    on &= ~field_bits(premises)
    if off:
        return True  # every "off" is a candidate of the board
    return any(POPCOUNT[cands[cand // 9]] >= 2 for cand in candidates(on))


def _steps(grid: Grid, level: int) -> Iterator[Step]:
    """Every step of both phases, each phase shortest first, each elimination set once."""
    seen: set[tuple[tuple[Candidate, ...], tuple[Candidate, ...]]] = set()  # (placements, eliminations)
    for found in _phases(grid, level):
        for _, step in found:
            key = (step.placements, step.eliminations)
            if key not in seen:
                seen.add(key)
                yield step


_NESTED_TEXT = {
    1: " (with pointing, pairs and X-Wings nested in the net)",
    2: " (with pointing, pairs, X-Wings and forcing chains nested in the net)",
    3: " (with pointing, pairs, X-Wings and single and multiple forcing chains nested in the net)",
}


def _suffix(level: int) -> str:
    return _NESTED_TEXT.get(level, "")


def _contradiction(
    kind: str, level: int, cand: int, on: bool, prop: Propagation, parents: dict[int, int]
) -> tuple[int, Step]:
    on_anc, off_anc = cast("tuple[int, int]", prop.contradiction)  # called only when there is one
    target = prop.conflict
    links = _chain(parents, 2 * target + 1) + _chain(parents, 2 * target)
    cell, d = divmod(cand, 9)
    found = ((cell, d + 1),)
    placements, eliminations = ((), found) if on else (found, ())
    conclusion = f"{cell_name(cell)} can't be {d + 1}" if on else f"{cell_name(cell)} must be {d + 1}"
    text = (
        f"Suppose {_text(cand, on)}. Following the links{_suffix(level)}, {_text(target, True)} "
        f"would have to be both true and false, which is impossible; so {conclusion}."
    )
    step = Step(
        f"{kind} Contradiction",
        placements=placements,
        eliminations=eliminations,
        pattern=((cell, d + 1),),
        links=tuple(links),
        text=text,
    )
    return on_anc.bit_count() + off_anc.bit_count(), step


def _verities(
    kind: str, level: int, reason: str, premises: list[int], branches: list[Branch], grid: Grid
) -> list[tuple[int, Step]]:
    """Conclusions shared by every branch (each premise assumed true in turn)."""
    if any(prop.contradiction is not None for prop, _ in branches):
        return []
    common_on = set(branches[0][0].on)
    common_off = set(branches[0][0].off)
    for prop, _ in branches[1:]:
        common_on &= prop.on.keys()
        common_off &= prop.off.keys()
    out = []
    cands = grid.candidates
    for target, on in [(t, True) for t in sorted(common_on)] + [(t, False) for t in sorted(common_off)]:
        cell, d = divmod(target, 9)
        if target in premises:
            continue
        if (on and POPCOUNT[cands[cell]] < 2) or not cands[cell] >> d & 1:
            continue
        out.append(_verity(kind, level, reason, premises, branches, target, on))
    return out


def _verity(
    kind: str, level: int, reason: str, premises: list[int], branches: list[Branch], target: int, on: bool
) -> tuple[int, Step]:
    """(complexity, the Verity step) of ``target`` placed (``on``) or removed, which every
    branch (each premise assumed true in turn) reaches, or ends in a contradiction (then that
    premise is false, and its branch shows the contradiction)."""
    links: list[Link] = []
    complexity = 0
    impossible = []  # premises whose branch ends in a contradiction before it reaches the target
    for premise, (prop, parents) in zip(premises, branches):
        reached = prop.on if on else prop.off
        if target in reached:
            links += _chain(parents, 2 * target + on)
            complexity += reached[target].bit_count()
        else:
            on_anc, off_anc = cast("tuple[int, int]", prop.contradiction)
            links += _chain(parents, 2 * prop.conflict + 1) + _chain(parents, 2 * prop.conflict)
            complexity += on_anc.bit_count() + off_anc.bit_count()
            impossible.append(premise)
    found = ((target // 9, target % 9 + 1),)
    placements, eliminations = (found, ()) if on else ((), found)
    options = or_list(_text(p, True) for p in premises)
    text = f"{reason}: whichever is true ({options}), the links{_suffix(level)} lead to {_text(target, on)}"
    if impossible:
        verb = "leads" if len(impossible) == 1 else "lead"
        text += f" ({and_list([_text(p, True) for p in impossible])} {verb} to a contradiction instead)"
    text += f". So {_text(target, on)}."
    pattern = tuple((p // 9, p % 9 + 1) for p in premises)
    step = Step(
        f"{kind} Verity",
        placements=placements,
        eliminations=eliminations,
        pattern=pattern,
        links=tuple(links),
        text=text,
    )
    return complexity, step


def net_step(
    grid: Grid, effect: Candidate, placed: bool, premise: tuple[int, bool] | None, groups: list[tuple[str, list[int]]]
) -> Step | None:
    """A plain dynamic net (no nesting) that shows one effect another search found (``effect``
    placed, or removed): the contradiction of ``premise`` (candidate index, assumed true) when
    given, else the first verity of ``groups`` ((reason, candidate indices assumed true in
    turn) each) that concludes it; None when neither does."""
    search = _Search(grid, 0)
    if premise is not None:
        cand, on = premise
        prop, parents = search.run(cand, on)
        if prop.contradiction is not None:
            return _contradiction("Forcing Net", 0, cand, on, prop, parents)[1]
    target = 9 * effect[0] + effect[1] - 1
    for reason, premises in groups:
        if target in premises:
            continue
        branches = [search.run(p, True) for p in premises]
        # a branch that reaches the effect stands even if it ends in a contradiction later; one
        # that ends in a contradiction first shows its premise false (HoDoKu's tables hold
        # everything for a contradictory premise)
        reached = [target in (prop.on if placed else prop.off) for prop, _ in branches]
        if any(reached) and all(r or prop.contradiction is not None for r, (prop, _) in zip(reached, branches)):
            return _verity("Forcing Net", 0, reason, premises, branches, target, placed)[1]
    return None


def forcing_net(grid: Grid) -> Iterator[Step]:
    """Every Forcing Net Contradiction and Verity step, bivalue cells first, each group
    shortest first; when plain nets find nothing, nets that nest pointing, pairs and X-Wings
    (and then forcing chains) are tried."""
    for level in range(MAX_NET_NESTING + 1):
        found = False
        for step in _steps(grid, level):
            found = True
            yield step
        if found:
            return
