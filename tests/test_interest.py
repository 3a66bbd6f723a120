"""Interest: the layered metrics (depth, widths, bottlenecks) and the score of solver.interest,
on hand-made layered paths with known widths and on real puzzles."""

from __future__ import annotations

import dataclasses

import pytest

from solver.grading import Grade, grade
from solver.interest import Interest, layer_value, measure, score
from solver.levels import Level
from solver.techniques import technique

SOLVED = "185476293237958416946132857598364721671295384324781965853649172462817539719523648"
# A QQWing "simple" puzzle: 27 layers, at most 6 moves in a layer.
SIMPLE = "080470003000050016040000050000300700000000004320001065803040002000000000010503000"
# A "dull" puzzle: a random dig stopped at 36 blanks (45 givens): 8 layers, up to 13 moves each.
DULL = "265301708071952604030000520053000006609210300700000480120079050540100900397865140"


def made_grade(widths: tuple[int, ...], techniques: tuple[str, ...]) -> Grade:
    """A Grade carrying a hand-made layered path (the other fields do not matter here)."""
    return Grade(
        level=Level.HARD,
        hardest=None,
        score=0,
        se=0.0,
        steps=sum(widths),
        layers=len(widths),
        techniques={},
        solved=True,
        layer_widths=widths,
        layer_techniques=techniques,
    )


def without(cells) -> list[int]:
    """SOLVED with ``cells`` emptied."""
    values = [int(ch) for ch in SOLVED]
    for cell in cells:
        values[cell] = 0
    return values


def test_metrics_of_a_hand_made_layered_path():
    path = made_grade(
        (3, 1, 1, 2, 1),
        ("Naked Single", "Hidden Single", "Full House", "Locked Candidates Type 1 (Pointing)", "X-Wing"),
    )
    found = measure(path)
    assert (found.depth, found.width_max, found.bottlenecks) == (5, 3, 3)
    assert found.width_mean == pytest.approx(8 / 5)
    assert found.widths == (3, 1, 1, 2, 1)
    assert found.techniques[-1] == "X-Wing"
    # SE weights: Naked Single 2.3, Hidden Single 1.5, Full House 1.0, Pointing 2.6, X-Wing 3.2.
    assert found.score == pytest.approx(2.3 / 3 + 1.5 + 1.0 + 2.6 / 2 + 3.2)
    assert found.to_dict() == {
        "depth": 5,
        "width_max": 3,
        "width_mean": 1.6,
        "bottlenecks": 3,
        "interest": round(2.3 / 3 + 1.5 + 1.0 + 2.6 / 2 + 3.2, 2),
    }


def test_metrics_of_a_real_layered_path_with_known_widths():
    # Row 1 and column 1 emptied: the 16 cells other than r1c1 are each the last empty cell of
    # their column or row (16 Full Houses in one layer); then r1c1 is a Full House alone.
    result = grade(without([*range(9), *range(9, 81, 9)]))
    assert result.layer_widths == (16, 1)
    assert result.layer_techniques == ("Full House", "Full House")
    found = measure(result)
    assert (found.depth, found.width_max, found.bottlenecks) == (2, 16, 1)
    assert found.width_mean == pytest.approx(8.5)
    assert found.score == pytest.approx(1.0 / 16 + 1.0)
    one_row = measure(grade(without(range(9))))  # nine Full Houses at once
    assert (one_row.depth, one_row.widths, one_row.bottlenecks) == (1, (9,), 0)


def test_a_solved_grid_has_no_interest():
    found = measure(grade(SOLVED))
    assert (found.depth, found.width_max, found.width_mean, found.bottlenecks, found.score) == (0, 0, 0.0, 0, 0)


def test_each_factor_moves_the_score_the_way_the_formula_says():
    base = measure(made_grade((2, 1), ("Naked Single", "Naked Single"))).score
    deeper = measure(made_grade((2, 1, 1), ("Naked Single",) * 3)).score
    narrower = measure(made_grade((1, 1), ("Naked Single",) * 2)).score
    harder = measure(made_grade((2, 1), ("Naked Single", "X-Wing"))).score
    assert deeper == pytest.approx(base + 2.3)
    assert narrower == pytest.approx(base + 2.3 / 2)
    assert harder == pytest.approx(base + 3.2 - 2.3)
    assert min(deeper, narrower, harder) > base


def test_the_score_orders_two_known_puzzles_as_the_formula_says():
    simple, dull = measure(grade(SIMPLE)), measure(grade(DULL))
    # The dull puzzle is shallow and wide, the simple one deep and narrow.
    assert dull.depth < simple.depth and dull.width_max > simple.width_max
    assert dull.width_mean > simple.width_mean and dull.bottlenecks < simple.bottlenecks
    for found in (simple, dull):
        expected = sum(technique(n).se / w for n, w in zip(found.techniques, found.widths))
        assert found.score == pytest.approx(expected)
    assert simple.score > 3 * dull.score


def test_grading_records_one_width_and_technique_per_layer():
    result = grade(SIMPLE)
    assert len(result.layer_widths) == len(result.layer_techniques) == result.layers > 0
    assert all(width >= 1 for width in result.layer_widths)
    assert {technique(name).name for name in result.layer_techniques} == set(result.layer_techniques)
    # Singles only: each empty cell is placed by exactly one move of one layer.
    assert set(result.layer_techniques) <= {"Full House", "Naked Single", "Hidden Single"}
    assert sum(result.layer_widths) == SIMPLE.count("0")


def test_the_new_grade_fields_change_no_comparison_and_no_json():
    result = grade(SIMPLE)
    assert dataclasses.replace(result, layer_widths=(), layer_techniques=()) == result
    assert not any(key.startswith("layer_") for key in result.to_dict())


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="layer widths"):
        measure(Grade(Level.EASY, None, 0, 0.0, 3, 3, {}, True))  # a Grade without layer data
    with pytest.raises(ValueError):
        layer_value("Naked Single", 0)
    with pytest.raises(ValueError):
        score((1, 2), ("Naked Single",))
    with pytest.raises(KeyError):
        layer_value("No Such Technique", 1)


def test_interest_is_frozen():
    found = measure(grade(SIMPLE))
    assert isinstance(found, Interest)
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.score = 0.0
