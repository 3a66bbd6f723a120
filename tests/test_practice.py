"""Practice positions (generator.practice, `practice`): from the shipped bank, positions where
the technique asked for is the step the human solver takes next."""

from __future__ import annotations

import io
import json

from cli import commands
from solver.grid import BIT, parse_values


def run(argv):
    out = io.StringIO()
    return commands.main(argv, out=out), out.getvalue()


def first_steps(pm_text: str, tmp_path) -> list[dict]:
    """The first step `solve --steps` takes from each pencil-mark grid of ``pm_text``."""
    path = tmp_path / "positions.txt"
    path.write_text(pm_text)
    code, text = run(["solve", "--steps", "--json", "--from", "hodoku", str(path)])
    assert code == 0
    return [json.loads(line)["steps"][0] for line in text.splitlines()]


def test_each_position_starts_with_the_technique_asked_for(tmp_path):
    code, text = run(["practice", "--technique", "X-Wing", "-n", "3", "--seed", "1"])
    assert code == 0 and text.count("\n\n") == 2  # three grids, a blank line between them
    assert [step["technique"] for step in first_steps(text, tmp_path)] == ["X-Wing"] * 3
    assert run(["practice", "--technique", "X-Wing", "-n", "3", "--seed", "1"])[1] == text  # seeded


def test_a_full_house_grid_reads_back_as_a_full_house(tmp_path):
    """A Full House cell whose digit no peer has as a candidate reads back as a placed digit
    (HoDoKu's rule for a lone digit), and its grid began with the step after it: such
    positions are left out of the pencil-mark output (seed 4: the first of three)."""
    code, text = run(["practice", "--technique", "Full House", "-n", "3", "--seed", "4"])
    assert code == 0
    assert [step["technique"] for step in first_steps(text, tmp_path)] == ["Full House"] * 3


def test_json_gives_the_position_and_the_expected_step():
    code, text = run(["practice", "--technique", "Skyscraper", "-n", "2", "--seed", "4", "--json"])
    assert code == 0
    for line in text.splitlines():
        item = json.loads(line)
        assert item["technique"] == "Skyscraper" and item["eliminations"] and not item["placements"]
        values, candidates = parse_values(item["position"]), item["candidates"]
        given = parse_values(item["puzzle"])
        assert all(v == g for v, g in zip(values, given) if g)  # the position grows from the puzzle
        for text_elim in item["eliminations"]:  # each elimination removes a candidate still there
            cell = (int(text_elim[1]) - 1) * 9 + int(text_elim[3]) - 1
            assert candidates[cell] & BIT[int(text_elim[-1])]


def test_an_unknown_technique_exits_2_naming_the_known_ones(capsys):
    code, text = run(["practice", "--technique", "Quantum Wing"])
    err = capsys.readouterr().err
    assert code == 2 and not text and "Quantum Wing" in err and "X-Wing" in err and "Forcing Net" in err


def test_a_technique_is_found_without_regard_to_case_spaces_or_punctuation(capsys):
    """A setter types "x-wing" or "nice loop/aic": the positions are HoDoKu's X-Wing and Nice
    Loop / AIC; a misspelt name gets the closest names first."""
    x_wing = run(["practice", "--technique", "x-wing", "-n", "1", "--seed", "1"])
    assert x_wing[0] == 0 and x_wing == run(["practice", "--technique", "X-Wing", "-n", "1", "--seed", "1"])
    code, text = run(["practice", "--technique", "nice loop/aic", "-n", "1", "--seed", "2", "--json"])
    assert code == 0 and (code, text) == run(
        ["practice", "--technique", "Nice Loop / AIC", "-n", "1", "--seed", "2", "--json"]
    )
    assert "Nice Loop" in json.loads(text)["technique"] or "AIC" in json.loads(text)["technique"]
    # a step's name reads as its technique's, as before: exactly, or folded
    assert run(["practice", "--technique", "discontinuous nice loop", "-n", "1", "--seed", "2", "--json"]) == (
        code,
        text,
    )
    for typed in ("X Wnig", "xwng"):  # the closest first, whatever the case and the marks
        code, _ = run(["practice", "--technique", typed, "-n", "1"])
        assert code == 2 and f"no technique is called {typed!r} (did you mean 'X-Wing' or 'XY-Wing'" in (
            capsys.readouterr().err
        )


def test_a_technique_that_rests_on_givens_is_noted_on_stderr(capsys):
    """An Avoidable Rectangle needs placed digits that are not givens; a pencil-mark grid cannot
    say which are, so the command says so (and --json, which carries the puzzle, does not)."""
    code, text = run(["practice", "--technique", "Avoidable Rectangle Type 1", "-n", "1", "--seed", "2"])
    assert code == 0 and text and "rests on which digits are givens" in capsys.readouterr().err
    code, text = run(["practice", "--technique", "Avoidable Rectangle Type 1", "-n", "1", "--json"])
    assert code == 0 and json.loads(text)["puzzle"] and not capsys.readouterr().err
