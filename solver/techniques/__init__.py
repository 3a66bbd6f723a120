"""The technique registry: every human technique's name, level, score and rating, registered once.

Each technique is a rewrite rule on the candidate graph. Its finder takes a ``Grid`` and yields
every ``Step`` it sees (placements and/or eliminations with the pattern that justifies them),
never changing the grid. ``TECHNIQUES`` is in HoDoKu's solving order; the solve loop in
``solver.human`` tries them in this order and restarts from the top after any progress.

Sources (HoDoKu 2.2's default configuration, Sudoku Explainer's and SukakuExplainer's ratings):
  order  HoDoKu 2.2's default solving order (which is why Locked Pair and Locked Triple come
         before Locked Candidates although Locked Triple scores more).
  level  HoDoKu 2.2's default difficulty of the technique (UNFAIR is our EXPERT, EXTREME our
         MASTER).
  score  HoDoKu 2.2's default score per step; a puzzle's score is the sum over its steps.
  se     the technique's nominal rating on Sudoku Explainer's scale (SukakuExplainer for the
         techniques it added; for techniques Sudoku Explainer lacks, the rating of the chain
         it would use instead). The puzzle's SE estimate comes from ``solver.se.rating``, which rates
         each step as Sudoku Explainer does (chains by their length; a Hidden Single in a box
         1.2).
  names  the step names a row yields when it has several (HoDoKu's: "Simple Colors Trap" and
         "Simple Colors Wrap" are one row).
  enabled     on in HoDoKu's default configuration (Death Blossom and Franken Jellyfish are
              not, so they do not change our levels; they can be asked for by name). WXYZ-Wing,
              which HoDoKu lacks (it finds those as ALS-XZ), is off for the same reason.
  uniqueness  the technique assumes the puzzle has one solution (Unique Rectangles, BUG+1);
              the solver's ``uniqueness=False`` option turns these off.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from solver.grid import Grid
from solver.levels import Level
from solver.step import Step
from solver.techniques import (
    als,
    als_chains,
    chains,
    coloring,
    death_blossom,
    empty_rectangle,
    fish,
    fish_finned,
    fish_franken,
    forcing_tables,
    intersections,
    net_tables,
    single_digit,
    singles,
    subsets,
    sue_de_coq,
    uniqueness,
    wings,
    wings_more,
)

Finder = Callable[[Grid], Iterator[Step]]


@dataclass(frozen=True)
class Technique:
    """One row of the registry.

    Fields:
        name: the technique's name as HoDoKu spells it; its steps carry it or one of ``names``.
        level: the difficulty level a puzzle needs to use it (HoDoKu's boundaries).
        score: HoDoKu's score for one step of it.
        se: its nominal Sudoku Explainer rating.
        finder: ``finder(grid) -> Iterator[Step]``; yields every step, never mutates the grid.
        names: every step name the finder may yield (defaults to ``(name,)``).
        enabled: on by default (HoDoKu's default configuration).
        uniqueness: assumes a unique solution.
    """

    name: str
    level: Level
    score: int
    se: float
    finder: Finder
    names: tuple[str, ...] = ()
    enabled: bool = True
    uniqueness: bool = False

    def __post_init__(self) -> None:
        if not self.names:
            object.__setattr__(self, "names", (self.name,))


E, M, H, U, X = Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.MASTER
T = Technique
NL = ("Continuous Nice Loop", "Discontinuous Nice Loop", "AIC")

# fmt: off
TECHNIQUES: tuple[Technique, ...] = (
    # name                                  level score  se   finder
    T("Full House",                             E,   4, 1.0, singles.full_house),
    T("Naked Single",                           E,   4, 2.3, singles.naked_single),
    T("Hidden Single",                          E,  14, 1.5, singles.hidden_single),
    T("Locked Pair",                            M,  40, 3.0, intersections.locked_pair),
    T("Locked Triple",                          M,  60, 3.6, intersections.locked_triple),
    T("Locked Candidates Type 1 (Pointing)",    M,  50, 2.6, intersections.locked_candidates_pointing),
    T("Locked Candidates Type 2 (Claiming)",    M,  50, 2.8, intersections.locked_candidates_claiming),
    T("Naked Pair",                             M,  60, 3.0, subsets.naked_pair),
    T("Naked Triple",                           M,  80, 3.6, subsets.naked_triple),
    T("Hidden Pair",                            M,  70, 3.4, subsets.hidden_pair),
    T("Hidden Triple",                          M, 100, 4.0, subsets.hidden_triple),
    T("Naked Quad",                             H, 120, 5.0, subsets.naked_quad),
    T("Hidden Quad",                            H, 150, 5.4, subsets.hidden_quad),
    T("X-Wing",                                 H, 140, 3.2, fish.x_wing),
    T("Swordfish",                              H, 150, 3.8, fish.swordfish),
    T("Jellyfish",                              H, 160, 5.2, fish.jellyfish),
    T("Remote Pair",                            H, 110, 6.5, wings_more.remote_pair),
    T("Bivalue Universal Grave + 1",            H, 100, 5.6, uniqueness.bug_plus_1, uniqueness=True),
    T("Skyscraper",                             H, 130, 4.0, single_digit.skyscraper),
    T("2-String Kite",                          H, 150, 4.1, single_digit.two_string_kite,
      names=("2-String Kite", "Dual 2-String Kite")),
    T("Turbot Fish",                            H, 120, 4.2, single_digit.turbot_fish),
    T("Empty Rectangle",                        H, 120, 4.2, empty_rectangle.empty_rectangle,
      names=("Empty Rectangle", "Dual Empty Rectangle")),
    T("W-Wing",                                 H, 150, 4.4, wings_more.w_wing),
    T("XY-Wing",                                H, 160, 4.2, wings.xy_wing),
    T("XYZ-Wing",                               H, 180, 4.4, wings.xyz_wing),
    T("Uniqueness Test 1",                      H, 100, 4.5, uniqueness.uniqueness_test_1, uniqueness=True),
    T("Uniqueness Test 2",                      H, 100, 4.6, uniqueness.uniqueness_test_2, uniqueness=True),
    T("Uniqueness Test 3",                      H, 100, 4.6, uniqueness.uniqueness_test_3, uniqueness=True),
    T("Uniqueness Test 4",                      H, 100, 4.5, uniqueness.uniqueness_test_4, uniqueness=True),
    T("Uniqueness Test 5",                      H, 100, 4.6, uniqueness.uniqueness_test_5, uniqueness=True),
    T("Uniqueness Test 6",                      H, 100, 4.6, uniqueness.uniqueness_test_6, uniqueness=True),
    T("Hidden Rectangle",                       H, 100, 4.6, uniqueness.hidden_rectangle, uniqueness=True),
    T("Avoidable Rectangle Type 1",             H, 100, 4.5, uniqueness.avoidable_rectangle_1, uniqueness=True),
    T("Avoidable Rectangle Type 2",             H, 100, 4.5, uniqueness.avoidable_rectangle_2, uniqueness=True),
    T("Finned X-Wing",                          H, 130, 4.2, fish_finned.finned_x_wing),
    T("Sashimi X-Wing",                         H, 150, 4.2, fish_finned.sashimi_x_wing),
    T("Finned Swordfish",                       U, 200, 6.6, fish_finned.finned_swordfish),
    T("Sashimi Swordfish",                      U, 240, 6.6, fish_finned.sashimi_swordfish),
    T("Finned Jellyfish",                       U, 250, 6.6, fish_finned.finned_jellyfish),
    T("Sashimi Jellyfish",                      U, 260, 6.6, fish_finned.sashimi_jellyfish),
    T("Sue de Coq",                             U, 250, 6.8, sue_de_coq.sue_de_coq),
    T("Simple Colors",                          H, 150, 6.5, coloring.simple_colors,
      names=("Simple Colors Trap", "Simple Colors Wrap")),
    T("Multi-Colors",                           H, 200, 6.6, coloring.multi_colors,
      names=("Multi-Colors 1", "Multi-Colors 2")),
    T("X-Chain",                                U, 260, 6.6, chains.x_chain),
    T("XY-Chain",                               U, 260, 7.0, chains.xy_chain),
    T("Nice Loop / AIC",                        U, 280, 7.0, chains.nice_loop, names=NL),
    T("Grouped Nice Loop / AIC",                U, 300, 7.2, chains.grouped_nice_loop,
      names=tuple(f"Grouped {name}" for name in NL)),
    # not in HoDoKu, which finds these as ALS-XZ: off, so the Solo path stays HoDoKu's
    T("WXYZ-Wing",                              U, 240, 5.5, wings_more.wxyz_wing, enabled=False),
    T("ALS-XZ",                                 U, 300, 7.0, als.als_xz),
    T("ALS-XY-Wing",                            U, 320, 7.2, als.als_xy_wing),
    T("ALS-XY-Chain",                           U, 340, 7.5, als_chains.als_xy_chain),
    T("Death Blossom",                          U, 360, 7.5, death_blossom.death_blossom, enabled=False),
    T("Franken X-Wing",                         U, 300, 6.6, fish_franken.franken_x_wing),
    T("Franken Swordfish",                      U, 350, 7.0, fish_franken.franken_swordfish),
    T("Franken Jellyfish",                      U, 370, 7.2, fish_franken.franken_jellyfish, enabled=False),
    T("Finned Franken X-Wing",                  U, 390, 7.0, fish_franken.finned_franken_x_wing),
    T("Finned Franken Swordfish",               U, 410, 7.2, fish_franken.finned_franken_swordfish),
    T("Finned Franken Jellyfish",               U, 430, 7.5, fish_franken.finned_franken_jellyfish, enabled=False),
    T("Forcing Chain",                          X, 500, 8.0, forcing_tables.forcing_chain,
      names=("Forcing Chain Contradiction", "Forcing Chain Verity")),
    T("Forcing Net",                            X, 700, 8.5, net_tables.forcing_net,
      names=("Forcing Net Contradiction", "Forcing Net Verity")),
)
# fmt: on

_BY_NAME = {name: t for t in TECHNIQUES for name in (t.name, *t.names)}


def technique(name: str) -> Technique:
    """The registry row for a technique or step name spelled as HoDoKu does (``"Hidden
    Single"``, ``"Simple Colors Wrap"``).

    Raises:
        KeyError: no technique has that name; the message lists the known names.
    """
    try:
        return _BY_NAME[name]
    except KeyError:
        known = ", ".join(t.name for t in TECHNIQUES)
        raise KeyError(f"unknown technique {name!r}; known techniques: {known}") from None


def techniques_up_to(level: Level, uniqueness: bool = True) -> tuple[Technique, ...]:
    """The enabled registry rows whose level is at most ``level``, in registry order;
    without the uniqueness techniques when ``uniqueness`` is False."""
    return tuple(t for t in TECHNIQUES if t.enabled and t.level <= level and (uniqueness or not t.uniqueness))
