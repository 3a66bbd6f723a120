"""The practice index (generator.practice): positions where each technique is the solver's next
step, built from a bank's solution paths, read back, and used by `practice` before searching."""

from __future__ import annotations

import io
import json

import pytest

from cli import commands
from generator import practice, practice_symmetry
from generator.bank_format import SHIPPED_BANK, BankError, bank_path, bank_text, load_bank
from solver import exact
from solver.grid import BOX_OF, COL_OF, ROW_OF, Grid
from solver.human import ALL_LEVELS, next_step
from solver.levels import PLAYABLE_LEVELS, Level
from solver.techniques import technique

PER_LEVEL = 3  # shipped puzzles per level in the small bank


def next_technique(values, candidates, puzzle: str) -> str:
    """The technique the solver takes first from a position of ``puzzle`` (HoDoKu's name); its
    givens matter (an Avoidable Rectangle is made of cells that are not)."""
    grid = Grid(list(values), given=[ch in "123456789" for ch in puzzle])
    grid.candidates[:] = list(candidates)
    step = next_step(grid, ALL_LEVELS)
    assert step is not None
    return technique(step.technique).name


@pytest.fixture(scope="module")
def small_bank(tmp_path_factory):
    """A bank folder of the first PER_LEVEL shipped puzzles of each level, and its index
    (2 positions per technique, one process)."""
    folder = tmp_path_factory.mktemp("practice") / "bank"
    folder.mkdir()
    for level in PLAYABLE_LEVELS:
        records = json.loads(bank_path(SHIPPED_BANK, level).read_text())["puzzles"][:PER_LEVEL]
        bank_path(folder, level).write_text(bank_text(level, {"seed": 1, "optimize_iterations": 0}, records))
    counts = practice.build_index(folder, per_technique=2, min_positions=2, jobs=1)
    return folder, counts


def test_each_indexed_position_has_its_technique_as_the_next_step(small_bank):
    folder, counts = small_bank
    index = practice.read_index(folder)
    assert {name: len(entries) for name, entries in index.items()} == {n: kept for n, (kept, _) in counts.items()}
    assert "Full House" in index and "Hidden Single" in index and max(counts.values()) == (2, 2)
    rare = [name for name, (_, found) in counts.items() if found == 1]
    assert rare and all(len(index[name]) == 2 and index[name][1].isomorph for name in rare)  # topped up
    for name, entries in index.items():
        assert len({entry.puzzle for entry in entries}) == len(entries)  # one position per puzzle
        for entry in entries:
            assert next_technique(entry.values, entry.candidates, entry.puzzle) == name
            bank = load_bank(folder, entry.level)
            if not entry.isomorph:
                assert bank[entry.index].puzzle == entry.puzzle  # it names where it came from
            given = [int(ch) if ch in "123456789" else 0 for ch in entry.puzzle]
            assert all(v == g for v, g in zip(entry.values, given) if g)
            solution = exact.solve_unique(given)  # an image of a puzzle is a puzzle
            assert all(solution[c] == v for c, v in enumerate(entry.values) if v)
            assert all(entry.candidates[c] >> (solution[c] - 1) & 1 for c in range(81) if not entry.values[c])


def test_an_isomorph_maps_cells_and_digits_one_to_one_and_keeps_the_next_technique():
    """A symmetry of Sudoku: rows within bands, bands, columns within stacks, stacks,
    transposition and digits permuted; a position's next technique does not change."""
    puzzle = load_bank(None, Level.HARD)[0].puzzle
    grid = Grid.parse(puzzle)
    record = {
        "level": "HARD",
        "index": 0,
        "puzzle": puzzle,
        "values": "".join(map(str, grid.values)),
        "candidates": "".join(f"{m:03x}" for m in grid.candidates),
    }
    flips = set()
    for seed in range(1, 9):
        source, digit = practice_symmetry.isomorph(seed)
        assert sorted(source) == list(range(81)) and sorted(digit) == list(range(10)) and digit[0] == 0
        for a in range(81):  # houses go to houses: two cells share a house exactly when their images do
            for b in (a + 1, a + 9, a + 10):
                if b < 81:
                    same = {ROW_OF[a], COL_OF[a] + 9, BOX_OF[a] + 18} & {ROW_OF[b], COL_OF[b] + 9, BOX_OF[b] + 18}
                    i, j = source.index(a), source.index(b)
                    image = {ROW_OF[i], COL_OF[i] + 9, BOX_OF[i] + 18} & {ROW_OF[j], COL_OF[j] + 9, BOX_OF[j] + 18}
                    assert bool(same) == bool(image)
        flips.add(source[0] // 9 != source[1] // 9)  # r1c1 and r1c2 from two rows: transposed
        entry = practice._entry(practice_symmetry.mapped(record, seed))
        assert entry is not None and entry.isomorph == seed
        before = next_technique(grid.values, grid.candidates, puzzle)
        assert next_technique(entry.values, entry.candidates, entry.puzzle) == before
    assert flips == {True, False}  # transposed sometimes, not always


def test_the_index_is_versioned_and_a_bad_record_costs_only_itself(small_bank, tmp_path):
    folder, _ = small_bank
    data = json.loads(practice.index_path(folder).read_text())
    assert (data["format"], data["version"], data["per_technique"]) == ("sudoku-practice", 1, 2)
    assert data["searched"] == PER_LEVEL * len(PLAYABLE_LEVELS)
    name = "Hidden Single"
    data["techniques"][name][0]["candidates"] = "xyz"  # not 243 hex digits
    data["techniques"][name][1].pop("puzzle")
    (tmp_path / "practice.json").write_text(json.dumps(data))
    index = practice.read_index(tmp_path)
    assert index[name] == [] and index["Full House"]  # the other techniques are untouched
    data["version"] = 2
    (tmp_path / "practice.json").write_text(json.dumps(data))
    with pytest.raises(BankError, match="version 2"):
        practice.read_index(tmp_path)
    (tmp_path / "practice.json").write_text("{not json")
    with pytest.raises(BankError, match="not a readable practice index"):
        practice.read_index(tmp_path)
    assert practice.read_index(tmp_path / "nowhere") == {}


def test_practice_takes_the_index_s_positions_before_searching_the_bank(small_bank, monkeypatch):
    folder, counts = small_bank
    name = next(n for n, count in counts.items() if count == (2, 2) and technique(n).level > Level.EASY)
    searched = []
    monkeypatch.setattr(practice, "_first_position", lambda puzzle, wanted: searched.append(puzzle))
    found = list(practice.practice_positions(name, seed=3, folder=folder))
    indexed = {entry.puzzle for entry in practice.read_index(folder)[name]}
    assert [p.puzzle for p in found] == [p.puzzle for p in found if p.puzzle in indexed] and len(found) == 2
    assert all(technique(p.step.technique).name == name for p in found)
    assert not set(searched) & indexed  # the bank search skips the puzzles the index gave


def test_bank_practice_writes_the_index_and_refuses_a_missing_folder(small_bank, tmp_path, capsys):
    folder, _ = small_bank
    out = io.StringIO()
    code = commands.main(["bank", "practice", str(folder), "-j", "1"], out=out)
    assert code == 0 and "practice index:" in out.getvalue() and str(practice.index_path(folder)) in out.getvalue()
    assert "topped up by symmetry" in out.getvalue()  # 15 puzzles: every technique is rarer than 20
    assert min(len(entries) for entries in practice.read_index(folder).values()) == practice.MIN_POSITIONS
    out = io.StringIO()  # up to N: the top-up goes no further either (it filled to 20 whatever N was)
    assert commands.main(["bank", "practice", str(folder), "--per-technique", "2", "-j", "1"], out=out) == 0
    assert {len(entries) for entries in practice.read_index(folder).values()} <= {1, 2}
    practice.build_index(folder, per_technique=2, min_positions=2, jobs=1)  # as the other tests expect it
    out = io.StringIO()
    assert commands.main(["bank", "practice", str(tmp_path / "missing")], out=out) == 2
    assert "no bank folder" in capsys.readouterr().err


@pytest.mark.skipif(not practice.index_path().is_file(), reason="no shipped practice index")
def test_the_shipped_index_holds_20_positions_of_each_technique_a_shipped_puzzle_needs():
    """Issue 16 item 1 (its lookup time is a benchmark: `benchmarks.bench_setter --only
    practice`); the first position of each technique, and every position a rare one was topped
    up with, is checked to have it as the solver's next step."""
    index = practice.read_index()
    for name, entries in index.items():
        assert len(entries) >= 20, name
        for entry in entries[:1] + [e for e in entries if e.isomorph]:  # the images: all of them
            assert next_technique(entry.values, entry.candidates, entry.puzzle) == name
