"""The puzzle bank (generator.bank): a small build is sound, reproducible whatever the number of
processes, resumable after an interruption; ``check_bank`` finds a planted fault of each kind;
``load_bank`` reads a level; the Dask path builds through a LocalCluster (skipped without dask).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import bank, bank_format, bank_work
from generator.bank import BankError, BuildCancelled, build_bank, check_bank, load_bank, regrade_bank
from generator.bank_format import INTEREST_KEYS, Rejected, bank_path, puzzle_seed, verify, work_path
from puzzle_io import json_pieces
from solver import exact
from solver.grading import grade
from solver.grid import parse_values
from solver.levels import Level

LEVELS = (Level.EASY, Level.MEDIUM, Level.HARD)
PER_LEVEL = 3
SEED = 7


def texts(folder) -> dict[str, str]:
    """Every bank file of ``folder``, by name."""
    return {path.name: path.read_text() for path in sorted(folder.glob("*.json"))}


def records(folder, level: Level) -> list[dict]:
    return json.loads(bank_path(folder, level).read_text())["puzzles"]


def rewrite(folder, level: Level, puzzles: list[dict]) -> None:
    """Replace the puzzles of ``level``'s file (keeping its envelope)."""
    data = json.loads(bank_path(folder, level).read_text())
    data["puzzles"] = puzzles
    bank_path(folder, level).write_text(json.dumps(data))


@pytest.fixture(scope="module")
def small_bank(tmp_path_factory):
    """3 puzzles per level, Easy..Hard, seed 7, built on 2 processes."""
    folder = tmp_path_factory.mktemp("bank") / "built"
    seen = []
    report = build_bank(folder, PER_LEVEL, LEVELS, SEED, 2, progress=lambda *args: seen.append(args))
    return folder, report, seen


def copy_of(small_bank, tmp_path):
    folder = tmp_path / "bank"
    shutil.copytree(small_bank[0], folder)
    return folder


def test_a_small_build_is_unique_exactly_graded_and_complete(small_bank):
    folder, report, seen = small_bank
    assert sorted(texts(folder)) == ["easy.json", "hard.json", "medium.json"]
    assert not list(folder.glob("*.work.jsonl"))
    for level in LEVELS:
        data = json.loads(bank_path(folder, level).read_text())
        assert (data["format"], data["version"], data["level"]) == ("sudoku-bank", 1, level.name)
        assert len(data["puzzles"]) == PER_LEVEL
        for k, record in enumerate(data["puzzles"]):
            assert set(bank_format.RECORD_KEYS) | set(INTEREST_KEYS) == set(record)
            values = parse_values(record["puzzle"])
            assert exact.count_solutions(values) == 1
            assert "".join(map(str, exact.solve(values))) == record["solution"]
            assert grade(values).level == level and record["level"] == level.name
            assert record["givens"] == sum(1 for v in values if v)
            assert record["seed"] == puzzle_seed(SEED, level, k)
    assert [(r.level, r.total, r.made, r.kept) for r in report.levels] == [(lv, 3, 3, 0) for lv in LEVELS]
    assert (Level.HARD, 3, 3) in seen and (Level.EASY, 0, 3) in seen  # a progress bar per level
    assert check_bank(folder, jobs=1).ok


def test_the_same_seed_gives_the_same_bank_with_one_process_or_two(small_bank, tmp_path):
    build_bank(tmp_path / "one", PER_LEVEL, LEVELS, SEED, 1)
    assert texts(tmp_path / "one") == texts(small_bank[0])
    build_bank(tmp_path / "other", 1, (Level.EASY,), SEED + 1, 1)
    assert records(tmp_path / "other", Level.EASY)[0] != records(small_bank[0], Level.EASY)[0]


def test_a_rebuild_keeps_what_is_there_and_makes_only_what_is_missing(small_bank, tmp_path):
    folder = copy_of(small_bank, tmp_path)
    hard = records(folder, Level.HARD)
    rewrite(folder, Level.HARD, [hard[0], hard[2]])  # the middle puzzle is lost
    bank_path(folder, Level.EASY).unlink()
    report = build_bank(folder, PER_LEVEL, LEVELS, SEED, 1)
    assert texts(folder) == texts(small_bank[0])
    assert [(r.level, r.kept, r.made) for r in report.levels] == [
        (Level.EASY, 0, 3),
        (Level.MEDIUM, 3, 0),
        (Level.HARD, 2, 1),
    ]
    more = build_bank(folder, PER_LEVEL + 1, (Level.MEDIUM,), SEED, 1)  # a bigger bank extends it
    assert records(folder, Level.MEDIUM)[:PER_LEVEL] == records(small_bank[0], Level.MEDIUM)
    assert (more.levels[0].kept, more.levels[0].made) == (3, 1)


def test_an_interrupted_build_resumes_from_its_work_file(small_bank, tmp_path, monkeypatch):
    folder = tmp_path / "bank"
    made = []
    real = bank_work.make_puzzle

    def counting(*args, **kwargs):
        made.append(args[:2])
        return real(*args, **kwargs)

    monkeypatch.setattr(bank_work, "make_puzzle", counting)
    with pytest.raises(BuildCancelled):
        build_bank(folder, PER_LEVEL, LEVELS, SEED, 1, cancel=lambda: len(made) > 5)
    assert bank_path(folder, Level.EASY).exists() and not bank_path(folder, Level.HARD).exists()
    work = work_path(folder, Level.MEDIUM).read_text().splitlines()
    assert len(work) == 1 + 2  # the header and the two Medium puzzles finished
    with work_path(folder, Level.MEDIUM).open("a") as handle:
        handle.write('{"index": 2, "attempt": 0, "puzz')  # a line cut short by the interruption
    first = list(made)
    build_bank(folder, PER_LEVEL, LEVELS, SEED, 1)
    assert made[len(first) :] == [("MEDIUM", 2), ("HARD", 0), ("HARD", 1), ("HARD", 2)]
    assert texts(folder) == texts(small_bank[0])
    assert not list(folder.glob("*.work.jsonl"))


def test_a_build_refuses_a_folder_built_with_another_seed(small_bank, tmp_path):
    folder = copy_of(small_bank, tmp_path)
    with pytest.raises(BankError, match="seed"):
        build_bank(folder, PER_LEVEL, (Level.EASY,), SEED + 1, 1)
    with pytest.raises(ValueError):
        build_bank(folder, 0, (Level.EASY,), SEED, 1)
    with pytest.raises(ValueError):
        build_bank(folder, 1, (Level.BEYOND,), SEED, 1)


def test_a_failed_seed_is_replaced_by_the_next_attempt(tmp_path, monkeypatch):
    real = bank_work.generate

    def flaky(level, seed, **kwargs):
        if seed == puzzle_seed(SEED, level, 1):
            raise bank_work.GenerationError("no puzzle")
        return real(level, seed, **kwargs)

    monkeypatch.setattr(bank_work, "generate", flaky)
    report = build_bank(tmp_path, 2, (Level.EASY,), SEED, 1)
    assert report.levels[0].retried == 1
    assert records(tmp_path, Level.EASY)[1]["seed"] == puzzle_seed(SEED, Level.EASY, 1, 1)
    monkeypatch.setattr(bank_work, "generate", real)
    assert build_bank(tmp_path, 2, (Level.EASY,), SEED, 1).levels[0].kept == 2  # found again by its seed


def test_duplicates_are_made_again_from_a_new_seed(tmp_path, monkeypatch):
    real = bank_work.generate
    monkeypatch.setattr(
        bank_work,
        "generate",
        lambda level, seed, **kw: real(
            level, puzzle_seed(SEED, level, 0) if seed == puzzle_seed(SEED, level, 1) else seed, **kw
        ),
    )
    report = build_bank(tmp_path, 2, (Level.EASY,), SEED, 1)
    puzzles = [record["puzzle"] for record in records(tmp_path, Level.EASY)]
    assert len(set(puzzles)) == 2 and report.levels[0].retried == 1
    assert check_bank(tmp_path, jobs=1).ok


# --- check ------------------------------------------------------------------------------------------


def test_check_finds_a_planted_fault_of_each_kind(small_bank, tmp_path):
    folder = copy_of(small_bank, tmp_path)
    easy, medium, hard = (records(folder, level) for level in LEVELS)
    broken_text = dict(easy[0], puzzle=easy[0]["puzzle"][:80])
    cell = next(i for i, ch in enumerate(easy[1]["puzzle"]) if ch != ".")
    wrong = str(int(easy[1]["solution"][cell]) % 9 + 1)
    broken_given = dict(easy[1], puzzle=easy[1]["puzzle"][:cell] + wrong + easy[1]["puzzle"][cell + 1 :])
    solution = list(medium[0]["solution"])
    open_cells = [i for i, ch in enumerate(medium[0]["puzzle"]) if ch == "." and i < 9]
    a, b = open_cells[:2]
    solution[a], solution[b] = solution[b], solution[a]
    broken_solution = dict(medium[0], solution="".join(solution))
    puzzle = list(medium[1]["puzzle"])
    for i, ch in enumerate(puzzle):  # take givens away until the puzzle has two solutions
        if ch != ".":
            puzzle[i] = "."
            if exact.count_solutions(parse_values("".join(puzzle))) > 1:
                break
    ambiguous = dict(medium[1], puzzle="".join(puzzle), givens=sum(1 for ch in puzzle if ch != "."))
    rewrite(folder, Level.EASY, [broken_text, broken_given, dict(hard[0], level="EASY")])
    rewrite(folder, Level.MEDIUM, [broken_solution, ambiguous, medium[2], medium[2]])
    rewrite(folder, Level.HARD, hard[1:])  # its first puzzle moved to the Easy file
    report = check_bank(folder, jobs=2)
    kinds = {(fault.file, fault.index): fault.kind for fault in report.faults}
    assert kinds == {
        ("easy.json", 0): "format",
        ("easy.json", 1): "givens",
        ("easy.json", 2): "level",
        ("medium.json", 0): "solution",
        ("medium.json", 1): "unique",
        ("medium.json", 3): "duplicate",
    }
    assert not report.ok and "medium.json #4: duplicate" in str(report.faults[-1])
    assert report.counts == {Level.EASY: 3, Level.MEDIUM: 4, Level.HARD: 2}


def test_check_faults_a_puzzle_easier_than_its_level(small_bank, tmp_path):
    """An Easy puzzle filed as Medium is as wrong as a Hard one filed as Easy."""
    folder = copy_of(small_bank, tmp_path)
    easy, medium = records(folder, Level.EASY), records(folder, Level.MEDIUM)
    rewrite(folder, Level.MEDIUM, medium + [dict(easy[0], level="MEDIUM")])
    rewrite(folder, Level.EASY, easy[1:])
    report = check_bank(folder, jobs=1)
    assert [(f.file, f.index, f.kind) for f in report.faults] == [("medium.json", len(medium), "level")]
    assert "graded Easy, not Medium" in str(report.faults[0])


def test_verify_rejects_a_valid_grid_that_is_not_the_puzzles_solution(small_bank, tmp_path):
    """A stored solution can be a valid grid, agree with every given and still be wrong only if
    the puzzle has several solutions; with the givens of another grid it is "givens", with one
    open cell's digit changed it is "solution"."""
    record = records(copy_of(small_bank, tmp_path), Level.EASY)[0]
    digits = record["solution"]
    relabelled = "".join(str(int(ch) % 9 + 1) for ch in digits)  # a valid grid, every digit shifted
    with pytest.raises(Rejected) as caught:
        verify(record["puzzle"], relabelled, Level.EASY, grade_it=False)
    assert caught.value.kind == "givens"
    cell = record["puzzle"].index(".")
    changed = digits[:cell] + str(int(digits[cell]) % 9 + 1) + digits[cell + 1 :]
    with pytest.raises(Rejected) as caught:
        verify(record["puzzle"], changed, Level.EASY, grade_it=False)
    assert caught.value.kind == "solution" and "not the puzzle's solution" in str(caught.value)


def test_check_reports_bad_files_and_leftover_work_files(small_bank, tmp_path):
    folder = copy_of(small_bank, tmp_path)
    bank_path(folder, Level.HARD).write_text('{"format": "sudoku-bank", "version": 2, "level": "HARD"}')
    bank_path(folder, Level.EASY).write_text("{not json")
    work_path(folder, Level.MEDIUM).write_text("{}\n")
    report = check_bank(folder, jobs=1)
    assert sorted((fault.file, fault.kind) for fault in report.faults) == [
        ("easy.json", "file"),
        ("hard.json", "file"),
        ("medium.work.jsonl", "file"),
    ]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert [fault.kind for fault in check_bank(empty, jobs=1).faults] == ["file"]
    with pytest.raises(BankError):
        check_bank(tmp_path / "nowhere")


# --- reading and annotating ---------------------------------------------------------------------------


def test_load_bank_reads_a_level_without_solving(small_bank, tmp_path):
    folder = small_bank[0]
    puzzles = load_bank(folder, Level.MEDIUM)
    assert [p.puzzle for p in puzzles] == [r["puzzle"] for r in records(folder, Level.MEDIUM)]
    first = puzzles[0]
    assert first.level == Level.MEDIUM and first.hardest and first.seed == puzzle_seed(SEED, Level.MEDIUM, 0)
    assert len(first.values) == 81 and all(first.solution_values)
    assert [v for v in first.values if v] == [first.solution_values[i] for i, v in enumerate(first.values) if v]
    assert load_bank(folder, Level.MASTER) == ()
    bad = tmp_path / "bad"
    bad.mkdir()
    bank_path(bad, Level.EASY).write_text('{"format": "something-else"}')
    with pytest.raises(BankError):
        load_bank(bad, Level.EASY)


def test_a_bank_read_on_a_thread_lets_other_threads_run_after_every_puzzle(small_bank):
    # the game reads the bank while its frame loop runs: ``between`` (a sleep(0) there) must
    # come after each puzzle decoded and each taken, never after one long stretch of C
    folder = small_bank[0]
    calls = []
    puzzles = load_bank(folder, Level.MEDIUM, between=lambda: calls.append(1))
    assert puzzles and len(calls) == 2 * len(puzzles)


def test_regrade_adds_the_interest_fields_to_a_bank_built_without_them(tmp_path, monkeypatch):
    monkeypatch.setattr(bank_work, "measure_interest", lambda result: {})  # a bank made before the metrics existed
    build_bank(tmp_path, 2, (Level.EASY,), SEED, 1)
    assert not set(INTEREST_KEYS) & set(records(tmp_path, Level.EASY)[0])
    stub = {"depth": 9, "width_max": 3, "width_mean": 1.5, "bottlenecks": 4, "interest": 12.5}
    monkeypatch.setattr(bank, "measure_interest", lambda result: dict(stub))
    report = bank.regrade_bank(tmp_path, jobs=1, missing_only=True)
    assert (report.graded, report.changed) == (2, 2)
    assert all(record.items() >= stub.items() for record in records(tmp_path, Level.EASY))
    assert bank.regrade_bank(tmp_path, jobs=1, missing_only=True).graded == 0  # nothing left to measure
    assert check_bank(tmp_path, jobs=1).ok


def test_check_faults_a_stale_hardest_step_and_regrade_renews_it(small_bank, tmp_path):
    """The game shows a bank puzzle's recorded hardest step: ``bank check`` compares it with
    today's grade, and ``regrade_bank`` renews it (and a stale SE estimate) in place, leaving
    every other record and field as it was."""
    folder = copy_of(small_bank, tmp_path)
    medium = records(folder, Level.MEDIUM)
    truth = dict(medium[1])
    medium[1]["hardest"], medium[1]["se"] = "Jellyfish", 9.9
    rewrite(folder, Level.MEDIUM, medium)
    medium_inode = bank_path(folder, Level.MEDIUM).stat().st_ino
    report = check_bank(folder, jobs=1)
    assert [(f.file, f.index, f.kind) for f in report.faults] == [("medium.json", 1, "hardest")]
    assert f"its hardest step is {truth['hardest']}, recorded as Jellyfish" in str(report.faults[0])
    untouched = {level: bank_path(folder, level).stat().st_ino for level in (Level.EASY, Level.HARD)}
    result = regrade_bank(folder, jobs=1)
    assert (result.graded, result.changed) == (3 * PER_LEVEL, 1)
    assert result.changes["medium.json"] == [("se", 1), ("hardest", 1)] and result.changes["easy.json"] == []
    assert records(folder, Level.MEDIUM) == [medium[0], truth, *medium[2:]]
    # not rewritten (a rewrite renames a new file over the old one: another inode)
    assert {level: bank_path(folder, level).stat().st_ino for level in untouched} == untouched
    assert bank_path(folder, Level.MEDIUM).stat().st_ino != medium_inode
    assert check_bank(folder, jobs=1).ok


def test_regrade_stops_at_a_puzzle_whose_level_changed_and_writes_nothing_of_its_level(small_bank, tmp_path):
    folder = copy_of(small_bank, tmp_path)
    easy, medium = records(folder, Level.EASY), records(folder, Level.MEDIUM)
    rewrite(folder, Level.MEDIUM, [dict(easy[0], level="MEDIUM", hardest="X-Wing"), *medium])
    before = bank_path(folder, Level.MEDIUM).read_bytes()
    with pytest.raises(BankError, match=r"medium.json: a puzzle fails verification: graded Easy, not Medium"):
        regrade_bank(folder, jobs=1)
    assert bank_path(folder, Level.MEDIUM).read_bytes() == before
    with pytest.raises(BankError, match="no bank folder"):
        regrade_bank(tmp_path / "nowhere", jobs=1)
    (tmp_path / "empty").mkdir()
    with pytest.raises(BankError, match="no bank file"):
        regrade_bank(tmp_path / "empty", jobs=1)


def test_regrade_stops_at_a_malformed_record_before_grading_anything(small_bank, tmp_path):
    folder = copy_of(small_bank, tmp_path)
    easy = records(folder, Level.EASY)
    del easy[1]["solution"]
    rewrite(folder, Level.EASY, easy)
    before = texts(folder)
    with pytest.raises(BankError, match=r"easy.json #2: missing solution"):
        regrade_bank(folder, jobs=1)
    assert texts(folder) == before


def test_an_optimized_bank_takes_the_best_of_the_optimizer(tmp_path, monkeypatch):
    from generator import optimize as optimize_module

    runs = []
    real = optimize_module.optimize

    def spy(*args, **kwargs):
        runs.append(real(*args, **kwargs))
        return runs[-1]

    monkeypatch.setattr(optimize_module, "optimize", spy)
    build_bank(tmp_path, 1, (Level.EASY,), SEED, 1, optimize_iterations=3)
    data = json.loads(bank_path(tmp_path, Level.EASY).read_text())
    assert data["build"] == {"seed": SEED, "optimize_iterations": 3}
    [run] = runs
    best = run.pool[0]
    [record] = data["puzzles"]
    assert record["puzzle"] == best.to_dict()["puzzle"]
    assert record["interest"] == round(best.score, 2) == round(max(e.score for e in run.pool), 2)
    assert check_bank(tmp_path, jobs=1).ok


# --- Dask -----------------------------------------------------------------------------------------------


def test_the_dask_path_says_how_to_install_it_when_dask_is_missing(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)
    with pytest.raises(BankError, match=r"requirements-dask\.txt"):
        build_bank(tmp_path, 1, (Level.EASY,), SEED, 1, scheduler="tcp://127.0.0.1:1")


def test_a_small_bank_builds_on_a_dask_local_cluster(small_bank, tmp_path):
    distributed = pytest.importorskip(
        "dask.distributed", reason="dask[distributed] is not installed (pip install -r requirements-dask.txt)"
    )
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
    ) as cluster:
        report = build_bank(tmp_path, PER_LEVEL, LEVELS[:2], SEED, 1, scheduler=cluster.scheduler_address)
        assert [level.made for level in report.levels] == [PER_LEVEL, PER_LEVEL]
        check = check_bank(tmp_path, scheduler=cluster.scheduler_address)
    assert check.ok and check.puzzles == 2 * PER_LEVEL
    assert texts(tmp_path) == {name: text for name, text in texts(small_bank[0]).items() if name != "hard.json"}


def _children(pid: int) -> set[int]:
    """Every process whose parent is ``pid``, and theirs (from /proc)."""
    found, parents = set(), {pid}
    while True:
        more = set()
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and int(entry.name) not in found:
                try:
                    ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                if ppid in parents:
                    more.add(int(entry.name))
        if not more:
            return found
        found |= more
        parents = more


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc (Linux)")
def test_the_pool_workers_end_when_bank_check_is_killed(tmp_path):
    """SIGKILL a `bank check` running on two worker processes: its workers and the resource
    tracker are gone within 5 s (they used to stay, waiting for work, for good)."""
    import os
    import signal
    import subprocess
    import time

    root = Path(__file__).resolve().parents[1]
    checking = subprocess.Popen(
        [sys.executable, "main.py", "bank", "check", "--jobs", "2"],
        cwd=root,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    children: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(_children(checking.pid)) < 3 and time.monotonic() < deadline:  # 2 workers + tracker
            time.sleep(0.2)
        children = _children(checking.pid)
        assert len(children) >= 2, "the pool never started"
        time.sleep(1.0)  # the workers are checking puzzles
        os.kill(checking.pid, signal.SIGKILL)
        checking.wait()
        end = time.monotonic() + 5
        while any(_alive(pid) for pid in children) and time.monotonic() < end:
            time.sleep(0.1)
        assert not [pid for pid in children if _alive(pid)], "workers outlived their parent"
    finally:
        checking.kill()
        for pid in children | _children(checking.pid):  # a failed run leaves no orphans behind
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


# --- reading in pieces (puzzle_io.json_pieces.loads_in_pieces) ----------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(value=JSON_VALUES, indent=st.sampled_from([None, 0, 2]), bom=st.booleans())
def test_reading_in_pieces_gives_what_json_loads_gives(value, indent, bom):
    raw = (b"\xef\xbb\xbf" if bom else b"") + json.dumps(value, indent=indent).encode()
    assert json_pieces.loads_in_pieces(raw) == json.loads(raw)


@pytest.mark.parametrize(
    "text",
    ['{"a":1,}', '{"a" 1}', '{"a":[1 2]}', '{"a":1} x', "{1:2}", '{"a":[1,]}', "{", '{"a":[', '{"a":1', "", "  "],
)
def test_reading_in_pieces_refuses_what_json_loads_refuses(text):
    with pytest.raises(ValueError):
        json.loads(text.encode())
    with pytest.raises(ValueError):
        json_pieces.loads_in_pieces(text.encode())


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.MASTER])
def test_the_shipped_banks_records_name_what_the_engine_names(level):
    """The game shows a bank puzzle's recorded level and hardest step: a sample of every level
    (each 100th record) must still grade so. When an engine change fails this, run
    `python main.py bank regrade` (and `bank check`) and commit the renewed bank."""
    from generator.bank_format import SHIPPED_BANK
    from solver.grading import level_of

    sample = records(SHIPPED_BANK, level)[::100]
    assert len(sample) == 10
    for record in sample:
        found = level_of(parse_values(record["puzzle"]))
        assert (found[0].name, found[1]) == (record["level"], record["hardest"]), record["puzzle"]
