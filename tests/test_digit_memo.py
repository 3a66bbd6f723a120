"""The per-digit memo of single-digit finders (solver.techniques.digit_memo) skips only digits
that had nothing, and the fish finders that use it yield what they would yield without it; so
do the subset finders, which remember each house's subsets by its candidates."""

from __future__ import annotations

import json
from pathlib import Path

from solver.grid import Grid
from solver.human import solve_path
from solver.techniques import empty_rectangle, fish, fish_finned, fish_franken, single_digit, subsets
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


MEMOS = ((fish, "MEMO", DigitMemo), (fish_finned, "MEMO", DigitMemo), (fish_franken, "MEMO", DigitMemo))
MEMOS += ((subsets, "_CLOSED", dict), (subsets, "_HIDDEN", dict))
MEMOS += ((single_digit, "_TURBOT", dict), (empty_rectangle, "_RECTANGLES", dict))


def test_fish_and_subset_finders_yield_the_same_steps_with_their_memos(monkeypatch):
    finders = [
        fish.x_wing,
        fish.swordfish,
        fish.jellyfish,
        fish_finned.finned_x_wing,
        fish_finned.sashimi_swordfish,
        fish_finned.finned_jellyfish,
        fish_franken.franken_swordfish,
        fish_franken.finned_franken_x_wing,
        fish_franken.finned_franken_swordfish,
        subsets.naked_pair,
        subsets.naked_triple,
        subsets.naked_quad,
        subsets.hidden_pair,
        subsets.hidden_triple,
        subsets.hidden_quad,
        single_digit.turbot_fish,
        empty_rectangle.empty_rectangle,
    ]
    bank = json.loads((Path(__file__).parents[1] / "assets" / "bank" / "master.json").read_text())
    for module, name, empty in MEMOS:
        monkeypatch.setattr(module, name, empty())
    compared, found = 0, set()
    for entry in bank["puzzles"][:2]:
        grid = Grid.parse(entry["puzzle"])
        work = grid.copy()
        for step in solve_path(grid).steps:
            if step.technique not in ("Full House", "Naked Single", "Hidden Single"):
                for finder in finders:
                    remembered = [str(s) for s in finder(work)]
                    kept = [getattr(module, name) for module, name, _ in MEMOS]
                    for module, name, empty in MEMOS:
                        setattr(module, name, empty())
                    fresh = [str(s) for s in finder(work)]
                    for (module, name, _), memo in zip(MEMOS, kept, strict=True):
                        setattr(module, name, memo)
                    assert remembered == fresh, (entry["puzzle"], finder.__name__)
                    compared += 1
                    if fresh:
                        found.add(finder.__name__)
            step.apply(work)
    assert compared >= 100 and len(found) >= 3, (compared, found)


def test_a_position_memo_is_emptied_when_full_and_keeps_the_newest_answer():
    from solver.memo import remember

    memo: dict[int, str] = {}
    assert remember(memo, 1, "one", 2) == "one" and remember(memo, 2, "two", 2) == "two"
    assert memo == {1: "one", 2: "two"}
    assert remember(memo, 3, "three", 2) == "three"
    assert memo == {3: "three"}, "full: emptied before the new answer went in"
