"""The human solver's API: hints, solve paths, the layered mode, the generator's check.

Grading (levels, scores, the SE estimate, agreement with HoDoKu) is tested in test_grading.py.
"""

from __future__ import annotations

from functools import partial

import pytest

from solver.errors import PuzzleFormatError
from solver.grid import Grid
from solver.human import (
    next_step,
    poll_cancel,
    solve_layers,
    solve_path,
)
from solver.levels import Level
from solver.techniques import technique, techniques_up_to
from solver.techniques.singles import SINGLE_NAMES, SINGLES
from solver.walks import bulk_techniques, solvable_within, walk_in_bulk
from tests.positions import confine, narrowed
from tests.solving import cancel_after

# A QQWing "simple" puzzle (HoDoKu: EASY), and its solution.
SIMPLE = "080470003000050016040000050000300700000000004320001065803040002000000000010503000"
SOLVED = "185476293237958416946132857598364721671295384324781965853649172462817539719523648"
# Easter Monster: nothing up to HARD applies, not even a single.
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"


# --- next_step and solve_path -----------------------------------------------------------------


def test_next_step_takes_the_cheapest_technique_and_leaves_the_grid_alone():
    grid = confine(narrowed(r1c2="38", r1c7="38"), "4", 20, "r2c8")  # a Naked Pair and a Hidden Single
    before = grid.copy()
    step = next_step(grid)
    assert str(step) == "Hidden Single: r2c8=4"
    assert grid == before


def test_next_step_respects_max_level():
    grid = confine(narrowed(), "7", 18, "r2c1", "r2c2")  # only a Pointing applies
    assert next_step(grid, Level.EASY) is None
    step = next_step(grid, Level.MEDIUM)
    assert step.technique == "Locked Candidates Type 1 (Pointing)"
    assert str(step) == "Locked Candidates Type 1 (Pointing): " + ", ".join(f"r2c{c}<>7" for c in range(4, 10))


def test_next_step_polls_cancel_before_each_technique_and_stops_at_the_first_true():
    grid = Grid.parse(EASTER_MONSTER)  # nothing up to HARD fires: every technique is tried
    tried = len(techniques_up_to(Level.HARD))
    calls, never = cancel_after(10**9)
    assert next_step(grid, Level.HARD, cancel=never) is None
    assert len(calls) == tried
    before = grid.copy()
    calls, cancel = cancel_after(3)
    with pytest.raises(InterruptedError, match="cancelled"):
        next_step(grid, Level.HARD, cancel=cancel)
    assert calls == [1, 2, 3]  # raised at the third poll, before the third technique ran
    assert grid == before


def test_next_step_with_a_cancel_that_never_fires_finds_the_same_step():
    grid = confine(narrowed(r1c2="38", r1c7="38"), "4", 20, "r2c8")
    calls, never = cancel_after(10**9)
    assert next_step(grid, cancel=never) == next_step(grid)
    assert calls  # polled at least once


def test_solvable_within_polls_cancel_each_round_and_before_each_technique(monkeypatch):
    from solver import human

    monkeypatch.setattr(human, "_QUIET", {})
    values = Grid.parse(EASTER_MONSTER).values
    calls, never = cancel_after(10**9)
    assert not solvable_within(values, Level.HARD, cancel=never)
    # one round: a poll before the singles, then one before each technique but the singles
    assert len(calls) == 1 + sum(1 for t in techniques_up_to(Level.HARD) if t.finder not in SINGLES)
    # again: every technique found nothing at that position (human.quiet_at), none is tried
    calls, never = cancel_after(10**9)
    assert not solvable_within(values, Level.HARD, cancel=never)
    assert len(calls) == 1
    monkeypatch.setattr(human, "_QUIET", {})
    calls, cancel = cancel_after(2)
    with pytest.raises(InterruptedError):
        solvable_within(values, Level.HARD, cancel=cancel)
    assert calls == [1, 2]


def test_poll_cancel_raises_only_when_cancel_returns_true():
    poll_cancel(None)
    poll_cancel(lambda: False)
    with pytest.raises(InterruptedError):
        poll_cancel(lambda: True)


def test_solve_path_solves_a_copy_and_its_steps_replay():
    grid = Grid.parse(SIMPLE)
    before = grid.copy()
    path = solve_path(grid)
    assert grid == before
    assert path.solved and path.grid.to_string() == SOLVED
    replay = grid.copy()
    for step in path.steps:
        step.apply(replay)
    assert replay == path.grid


def test_solve_path_stops_when_stuck():
    path = solve_path(Grid.parse(EASTER_MONSTER), Level.HARD)
    assert not path.solved and path.steps == ()


def test_layered_path_reaches_the_same_grid_in_fewer_layers():
    grid = Grid.parse(SIMPLE)
    layered = solve_layers(grid)
    path = solve_path(grid)
    assert layered.solved and layered.grid == path.grid
    assert 0 < len(layered.layers) < len(path.steps)
    assert all(layer for layer in layered.layers)
    # every layer uses one technique
    assert all(len({s.technique for s in layer}) == 1 for layer in layered.layers)


# --- solvable_within --------------------------------------------------------------------------


def test_solvable_within_levels():
    values = Grid.parse(SIMPLE).values
    copy = list(values)
    assert solvable_within(values, Level.EASY)
    assert values == copy
    assert solvable_within([int(ch) for ch in SOLVED], Level.EASY)
    assert not solvable_within(Grid.parse(EASTER_MONSTER).values, Level.HARD)
    assert not solvable_within([0] * 81, Level.HARD)


def test_solvable_within_leaves_its_expert_searches_to_the_solve_path(monkeypatch):
    # singles are confluent, so the Solo path meets exactly the positions where the check
    # needed an Expert step: every one of those searches is remembered, none is run again
    import json
    from pathlib import Path

    from solver import human

    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / "expert.json").read_text())
    monkeypatch.setattr(human, "_DEEP_MEMO", {})
    for entry in bank["puzzles"][:3]:
        grid = Grid.parse(entry["puzzle"])
        assert solvable_within(grid.values, Level.EXPERT)
        remembered = len(human._DEEP_MEMO)
        path = solve_path(grid, Level.EXPERT)
        assert path.solved and any(technique(step.technique).level == Level.EXPERT for step in path.steps)
        assert len(human._DEEP_MEMO) == remembered, "the solve path searched a position again"


@pytest.mark.parametrize("level", ["expert", "master"])
def test_the_layered_path_skips_what_the_solo_path_found_nothing_with_at_the_same_position(monkeypatch, level):
    # grade walks the Solo path first; the layered path then passes through nearly every
    # position where the Solo path needed more than singles, and there skips the techniques the
    # Solo path found nothing with (solver.human._QUIET): the same layers, far fewer searches
    import json
    from pathlib import Path

    from solver import human

    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / f"{level}.json").read_text())
    tried: list[None] = []
    monkeypatch.setattr(human, "poll_cancel", lambda cancel: tried.append(None))  # once per technique tried
    for entry in bank["puzzles"][:2]:
        grid = Grid.parse(entry["puzzle"])
        monkeypatch.setattr(human, "_QUIET", {})
        alone = solve_layers(grid)
        searched_alone = len(tried)
        monkeypatch.setattr(human, "_QUIET", {})  # what the Solo path alone leaves
        solve_path(grid)
        tried.clear()
        assert solve_layers(grid) == alone
        assert len(tried) < searched_alone / 2, (len(tried), searched_alone)
        tried.clear()


def test_the_solo_path_skips_what_the_hard_check_found_nothing_with_on_the_same_puzzle(monkeypatch):
    # the Expert generator checks that Hard techniques cannot finish a puzzle, then walks its Solo
    # path: up to the Hard stall it meets the check's positions, and there goes straight to the
    # technique the check took (solver.human.quiet_at): the same path, far fewer searches
    import json
    from pathlib import Path

    from solver import human

    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / "expert.json").read_text())
    order = techniques_up_to(Level.EXPERT, True)
    first_expert = next(i for i, t in enumerate(order) if t.level == Level.EXPERT)
    late = [t for t in order[first_expert:] if t.level <= Level.HARD]
    assert [t.name for t in late] == ["Simple Colors", "Multi-Colors"]
    tried: list[None] = []
    monkeypatch.setattr(human, "poll_cancel", lambda cancel: tried.append(None))  # the Solo path's polls
    for entry in bank["puzzles"][:3]:
        grid = Grid.parse(entry["puzzle"])
        monkeypatch.setattr(human, "_QUIET", {})
        alone = solve_path(grid, Level.EXPERT)
        searched_alone = len(tried)
        monkeypatch.setattr(human, "_QUIET", {})
        assert not solvable_within(grid.values, Level.HARD)
        found_nothing = sum(map(len, human._QUIET.values()))  # at each position the check stopped at
        assert found_nothing > 30  # the Hard techniques at the stall, at least
        tried.clear()
        assert solve_path(grid, Level.EXPERT) == alone
        # each skipped once, but where an Expert technique that HoDoKu's order puts before a
        # Hard one fires first (finned fish, Sue de Coq before Simple Colors, Multi-Colors)
        assert found_nothing - len(late) <= searched_alone - len(tried) <= found_nothing
        tried.clear()


def test_hardest_level_is_the_grades_level():
    # the same positions and steps as the Solo path, so the same level, on shipped puzzles of
    # every level; BEYOND when the allowed techniques cannot finish or the grid is contradictory
    import json
    from pathlib import Path

    from solver.grading import grade
    from solver.walks import hardest_level

    for name, count in (("easy", 2), ("medium", 2), ("hard", 2), ("expert", 2), ("master", 1)):
        bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / f"{name}.json").read_text())
        for entry in bank["puzzles"][:count]:
            values = Grid.parse(entry["puzzle"]).values
            assert hardest_level(values) == grade(values).level == Level[entry["level"]], entry["puzzle"]
    assert hardest_level(Grid.parse(EASTER_MONSTER).values, Level.HARD) == Level.BEYOND
    assert hardest_level([int(ch) for ch in SOLVED]) == Level.EASY
    assert hardest_level([1, 1] + [0] * 79) == Level.BEYOND


def test_walk_in_bulk_answers_as_the_solo_path_does_on_shipped_puzzles():
    # every step of a round at once: the same answer as solvable_within, one level below and at
    # each puzzle's own, with only true candidates taken out, and a Hard stall to go on from
    import json
    from pathlib import Path

    from solver.exact import solve_unique

    for name in ("hard", "expert", "master"):
        bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / f"{name}.json").read_text())
        for entry in bank["puzzles"][:4]:
            values = Grid.parse(entry["puzzle"]).values
            solution = solve_unique(values)
            level = Level[entry["level"]]
            for check in sorted({Level.HARD, min(level, Level.EXPERT)}):
                grid = Grid(values)
                finished = walk_in_bulk(grid, check)
                assert finished == solvable_within(values, check), (entry["puzzle"], check)
                assert finished == grid.is_solved()
                assert all(v in (0, solution[c]) for c, v in enumerate(grid.values))
                assert all(grid.candidates[c] >> (solution[c] - 1) & 1 for c in range(81) if not grid.values[c])
            stalled = Grid(values)
            if level > Level.HARD:  # the Expert walk goes on from where the Hard one stalled
                assert not walk_in_bulk(stalled, Level.HARD)
                assert walk_in_bulk(stalled, Level.EXPERT) == (level == Level.EXPERT)


def test_walk_in_bulk_tells_the_level_of_each_round():
    # the Master generator counts a near miss's Expert rounds: none in the Hard walk, at least
    # one once the Expert walk goes on from its stall, and each round's level is a technique's
    import json
    from pathlib import Path

    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / "expert.json").read_text())
    levels = {tech.level for tech in techniques_up_to(Level.EXPERT, True) if tech.finder not in SINGLES}
    for entry in bank["puzzles"][:3]:
        grid, rounds = Grid.parse(entry["puzzle"]), []
        assert not walk_in_bulk(grid, Level.HARD, rounds=rounds)
        assert rounds and set(rounds) <= levels - {Level.EXPERT}
        hard_rounds = len(rounds)
        assert walk_in_bulk(grid, Level.EXPERT, rounds=rounds)
        assert Level.EXPERT in rounds[hard_rounds:] and set(rounds) <= levels
        again = []
        assert walk_in_bulk(Grid.parse(entry["puzzle"]), Level.EXPERT, rounds=again)
        assert again.count(Level.EXPERT) >= 1


def _count(calls: list[int]) -> bool:
    """A cancel callable's body that counts its polls in ``calls[0]`` and never cancels."""
    calls[0] += 1
    return False


def test_the_expert_walk_from_a_hard_stall_starts_after_the_hard_techniques():
    # where the Hard walk stalled its techniques find nothing again: told so (quiet=Hard), the
    # Expert walk's first round starts after them (one poll of cancel fewer for each) and the
    # walk ends where it ends without being told, after the same rounds
    import json
    from pathlib import Path

    skipped = sum(t.level <= Level.HARD for t in bulk_techniques(Level.EXPERT))
    assert skipped > 30
    for name in ("expert", "master"):
        bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / f"{name}.json").read_text())
        for entry in bank["puzzles"][:3]:
            stall = Grid.parse(entry["puzzle"])
            assert not walk_in_bulk(stall, Level.HARD)
            walked = {}
            for quiet in (None, Level.HARD):
                grid, rounds, polls = stall.copy(), [], [0]
                done = walk_in_bulk(grid, Level.EXPERT, rounds=rounds, quiet=quiet, cancel=partial(_count, polls))
                walked[quiet] = (done, rounds, grid, polls[0])
            (done, rounds, grid, polls), (told_done, told_rounds, told_grid, told_polls) = walked.values()
            assert (told_done, told_rounds, told_grid) == (done, rounds, grid)
            assert done == (name == "expert") and Level.EXPERT in rounds
            assert polls - told_polls == skipped


def test_the_bulk_walk_tries_the_link_closure_before_the_rest_of_expert():
    # HoDoKu's order up to Hard; at Expert the Nice Loop round (the closure) moves ahead of the
    # Expert techniques HoDoKu tries before it, and X-/XY-Chain, which it subsumes, are gone
    names = [t.name for t in techniques_up_to(Level.EXPERT, True) if t.finder not in SINGLES]
    assert [t.name for t in bulk_techniques(Level.HARD)] == [
        t.name for t in techniques_up_to(Level.HARD, True) if t.finder not in SINGLES
    ]
    expert = [t.name for t in bulk_techniques(Level.EXPERT)]
    assert sorted(expert) == sorted(set(names) - {"X-Chain", "XY-Chain"})
    closure = expert.index("Nice Loop / AIC")
    assert expert[closure - 2 : closure] == ["Simple Colors", "Multi-Colors"]
    assert expert[closure + 1 : closure + 6] == [
        "Finned Swordfish",
        "Sashimi Swordfish",
        "Finned Jellyfish",
        "Sashimi Jellyfish",
        "Sue de Coq",
    ]
    assert expert[closure + 6 :] == names[names.index("Nice Loop / AIC") + 1 :]
    assert all(technique(name).level < Level.EXPERT for name in expert[:closure])
    assert "Uniqueness Test 1" not in [t.name for t in bulk_techniques(Level.EXPERT, uniqueness=False)]


def test_walk_in_bulk_stops_on_a_contradiction_and_polls_cancel():
    dead = Grid.parse("12345678." + "........9" + "." * 63)  # r1c9 has no candidate left
    assert not walk_in_bulk(dead, Level.HARD)
    calls, cancel = cancel_after(3)
    with pytest.raises(InterruptedError):
        walk_in_bulk(Grid.parse(EASTER_MONSTER), Level.EXPERT, cancel=cancel)
    assert calls == [1, 2, 3]


def test_solvable_within_rejects_contradictions():
    clash = [0] * 81
    clash[0] = clash[5] = 3  # two 3s in row 1
    assert not solvable_within(clash, Level.HARD)
    # r1c9 has no candidate left: row 1 holds 1-8, column 9 holds the 9
    dead = Grid.parse("12345678." + "........9" + "." * 63).values
    assert not solvable_within(dead, Level.HARD)


def test_solvable_within_needs_81_values():
    with pytest.raises(PuzzleFormatError):
        solvable_within([0] * 80, Level.EASY)


def test_the_single_names_are_the_step_names_of_the_singles_finders():
    from solver.techniques import TECHNIQUES

    assert {name for t in TECHNIQUES if t.finder in SINGLES for name in t.names} == SINGLE_NAMES
    steps = solve_path(Grid.parse(SIMPLE), Level.EASY).steps  # singles alone
    assert steps and {step.technique for step in steps} <= SINGLE_NAMES
