"""The per-digit memo of single-digit finders (solver.techniques.digit_memo) skips only digits
that had nothing, and the fish finders that use it yield what they would yield without it."""

from __future__ import annotations

import json
from pathlib import Path

from solver.grid import Grid
from solver.human import solve_path
from solver.techniques import fish_finned, fish_franken
from solver.techniques.digit_memo import DigitMemo


def test_a_quiet_digit_is_skipped_until_its_places_change():
    calls = []
    places = {1: "a", 2: "b", 3: "c"}

    def steps_of(digit):
        calls.append(digit)
        if digit == 2:
            yield "step of 2"

    memo = DigitMemo()
    assert list(memo.steps("finder", places.get, [1, 2, 3], steps_of)) == ["step of 2"]
    assert calls == [1, 2, 3]
    calls.clear()
    assert list(memo.steps("finder", places.get, [1, 2, 3], steps_of)) == ["step of 2"]
    assert calls == [2], "digits 1 and 3 had nothing at the same places"
    calls.clear()
    places[3] = "changed"
    list(memo.steps("finder", places.get, [1, 2, 3], steps_of))
    assert calls == [2, 3]
    calls.clear()
    list(memo.steps("another finder", places.get, [1], steps_of))
    assert calls == [1], "the memo is per finder"


def test_a_digit_left_before_its_steps_ran_out_is_not_remembered():
    memo = DigitMemo()
    calls = []

    def steps_of(digit):
        calls.append(digit)
        yield f"first of {digit}"
        yield f"second of {digit}"

    assert next(memo.steps("finder", str, [1], steps_of)) == "first of 1"
    assert next(memo.steps("finder", str, [1], steps_of)) == "first of 1"
    assert calls == [1, 1]


def test_fish_finders_yield_the_same_steps_with_the_memo(monkeypatch):
    finders = [
        fish_finned.finned_x_wing,
        fish_finned.sashimi_swordfish,
        fish_finned.finned_jellyfish,
        fish_franken.franken_swordfish,
        fish_franken.finned_franken_x_wing,
        fish_franken.finned_franken_swordfish,
    ]
    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / "master.json").read_text())
    monkeypatch.setattr(fish_finned, "MEMO", DigitMemo())
    monkeypatch.setattr(fish_franken, "MEMO", DigitMemo())
    compared = found = 0
    for entry in bank["puzzles"][:2]:
        grid = Grid.parse(entry["puzzle"])
        work = grid.copy()
        for step in solve_path(grid).steps:
            if step.technique not in ("Full House", "Naked Single", "Hidden Single"):
                for finder in finders:
                    remembered = [str(s) for s in finder(work)]
                    kept = fish_finned.MEMO, fish_franken.MEMO
                    fish_finned.MEMO, fish_franken.MEMO = DigitMemo(), DigitMemo()
                    fresh = [str(s) for s in finder(work)]
                    fish_finned.MEMO, fish_franken.MEMO = kept
                    assert remembered == fresh, (entry["puzzle"], finder.__name__)
                    compared += 1
                    found += bool(fresh)
            step.apply(work)
    assert compared >= 50 and found >= 1, (compared, found)
