"""Nothing the game keeps is lost silently (issue 14 item 1): for every file (save, settings,
stats, played, reserve, history), a bad field costs at most that field or its record, the player is told,
the original bytes are kept beside the file, and every good record survives. Hypothesis mutates
one field of a valid file at random."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import savegame, storage
from game.history import GameRecord, History, history_path, load_history, save_history
from game.profile import PLAYED_FILE, PLAYED_KIND, PLAYED_VERSION, load_played
from game.settings import Settings, load_settings, save_settings, settings_path
from game.stats import LevelStats, Stats, load_stats, save_stats, stats_path
from game.supply import RESERVE_FILE, PuzzleSupply
from solver.levels import Level
from tests.gameplay import PUZZLE, SOLUTION, FakeClock, make_game

BAD_VALUES = st.sampled_from([None, -1, -2.5, "x", "", True, [], {}, [1, 2], {"a": 1}, 1e309, 10**20, "12" * 50])
SETTINGS = Settings(highlight_peers=False, volume=0.7, palette="colour-blind", puzzle_source="bank")
STATS = Stats(
    {
        "EASY": LevelStats(played=5, won=3, best_time=60.0, total_time=300.0, hints_used=2, streak=2, best_streak=3),
        "HARD": LevelStats(played=2, won=1, best_time=500.0, total_time=500.0, hints_used=0, streak=1, best_streak=1),
        "MASTER": LevelStats(played=1),
    }
)
KEYS = ["".join(str((i * 7 + k) % 9 + 1) if (i + k) % 3 else "." for i in range(81)) for k in range(4)]


def _relabel(k: int, text: str) -> str:
    return "".join(ch if ch in ".0" else str((int(ch) - 1 + k) % 9 + 1) for ch in text)


RESERVE = {
    "EASY": [
        {
            "puzzle": _relabel(k, PUZZLE).replace("0", "."),
            "solution": _relabel(k, SOLUTION),
            "hardest": "Hidden Single",
            "seed": k,
        }
        for k in range(3)
    ]
}


def _leaves(data, path=()):
    """Every (path, value) of the JSON tree below ``data`` that is a plain value."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, path + (index,))
    else:
        yield path, data


def _mutate(path: Path, pick: int, value) -> tuple | None:
    """Set the ``pick``-th leaf of the file's data to ``value`` (when that changes it); returns
    the leaf's path in the data, or None when nothing changed."""
    envelope = json.loads(path.read_text(encoding="utf-8"))
    leaves = list(_leaves(envelope["data"]))
    where, old = leaves[pick % len(leaves)]
    if json.dumps(old) == json.dumps(value, allow_nan=False) if value != 1e309 else False:
        return None
    node = envelope["data"]
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    path.write_text(json.dumps(envelope), encoding="utf-8")
    return where


def _kept_original(folder: Path, original: bytes) -> bool:
    return any(p.read_bytes() == original for p in folder.iterdir() if ".broken-" in p.name)


def _check(folder: Path, file: Path, pick: int, value, load):
    """Mutate, load, and check the rules that hold for every file; returns (loaded, leaf path)."""
    where = _mutate(file, pick, value)
    original = file.read_bytes()
    loaded, message, _ = load()
    if where is None:
        return None, None
    if message is not None:
        assert _kept_original(folder, original), message
    return (loaded, message), where


COMMON = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@COMMON
@given(pick=st.integers(0, 1000), value=BAD_VALUES)
def test_stats(tmp_path_factory, pick, value):
    folder = tmp_path_factory.mktemp("stats")
    save_stats(folder, STATS)
    result, where = _check(folder, stats_path(folder), pick, value, lambda: load_stats(folder))
    if result is None:
        return
    (stats, message), level = result, where[1]
    assert {k: v for k, v in stats.levels.items() if k != level} == {
        k: v for k, v in STATS.levels.items() if k != level
    }  # every other record survives
    written = json.loads(stats_path(folder).read_text())["data"]["levels"][level] if not message else None
    kept = stats.levels.get(level)
    if message is None:  # kept exactly as written (a value that fits), or it would have been said
        assert kept is not None and dict(vars(kept).items()) == {
            k: (float(v) if k.endswith("time") and v is not None else v) for k, v in written.items()
        }
    else:
        assert Level[level].label in message


@COMMON
@given(pick=st.integers(0, 1000), value=BAD_VALUES)
def test_settings(tmp_path_factory, pick, value):
    folder = tmp_path_factory.mktemp("settings")
    save_settings(folder, SETTINGS)
    result, where = _check(folder, settings_path(folder), pick, value, lambda: load_settings(folder))
    if result is None:
        return
    (chosen, message), name = result, where[0]
    for field in SETTINGS.to_data():
        if field != name:
            assert getattr(chosen, field) == getattr(SETTINGS, field)
    if getattr(chosen, name) != value:  # not taken as written: said so
        assert message is not None and name.replace("_", " ") in message


@COMMON
@given(pick=st.integers(0, 1000), value=BAD_VALUES)
def test_played(tmp_path_factory, pick, value):
    folder = tmp_path_factory.mktemp("played")
    storage.write_json(folder / PLAYED_FILE, PLAYED_KIND, PLAYED_VERSION, {"puzzles": KEYS})
    result, where = _check(folder, folder / PLAYED_FILE, pick, value, lambda: load_played(folder))
    if result is None:
        return
    (played, message), index = result, where[1]
    assert set(KEYS) - {KEYS[index]} <= played
    if KEYS[index] not in played:
        assert message is not None and f"#{index + 1}" in message


@COMMON
@given(pick=st.integers(0, 1000), value=BAD_VALUES)
def test_reserve(tmp_path_factory, pick, value):
    folder = tmp_path_factory.mktemp("reserve")
    supply = PuzzleSupply(folder, bank_dir=folder / "no-bank")
    storage.write_json(folder / RESERVE_FILE, "sudoku-reserve", 1, {"levels": RESERVE})

    def load():
        message = supply.load_reserve()
        return supply.reserve, message, None

    result, where = _check(folder, folder / RESERVE_FILE, pick, value, load)
    if result is None:
        return
    (reserve, message), index = result, where[2]
    kept = [entry["puzzle"] for entry in reserve[Level.EASY]]
    others = [entry["puzzle"] for i, entry in enumerate(RESERVE["EASY"]) if i != index]
    assert all(puzzle in kept for puzzle in others)
    if len(kept) < len(RESERVE["EASY"]):
        assert message is not None and f"Easy #{index + 1}" in message


@COMMON
@given(pick=st.integers(0, 100000), value=BAD_VALUES)
def test_save(tmp_path_factory, pick, value):
    """The saved game is one record: a bad field sets the whole file aside (moved, bytes kept)
    with a message, or the game loads."""
    folder = tmp_path_factory.mktemp("save")
    game = make_game(clock=FakeClock())
    for cell, digit in ((2, 4), (3, 6), (10, 7)):
        game.select([cell])
        game.input_digit(digit)
    savegame.save_game(game, folder)
    path = savegame.save_path(folder)
    where = _mutate(path, pick, value)
    original = path.read_bytes()
    loaded, message, _ = savegame.load_game(folder, FakeClock())
    if where is None:
        return
    if loaded is None:
        assert message is not None and _kept_original(folder, original)


HISTORY = History(
    [
        GameRecord(
            started=f"2026-11-2{k}T21:0{k}:00+01:00",
            givens=_relabel(k, PUZZLE).replace("0", "."),
            solution=_relabel(k, SOLUTION),
            level=("EASY", "HARD", "MASTER", None)[k],
            hardest=("Hidden Single", "X-Wing", None, None)[k],
            source=("bank", "generated", "daily", "pasted")[k],
            daily=(None, None, "2026-11-22", None)[k],
            result=("won", "abandoned", "revealed", "playing")[k],
            seconds=60.0 * k + 0.5,
            hints=k,
        )
        for k in range(4)
    ]
)


@COMMON
@given(pick=st.integers(0, 1000), value=BAD_VALUES)
def test_history(tmp_path_factory, pick, value):
    """A bad field costs that field (back to its default) or, for the start, the givens or the
    result, that game's record; every other game survives exactly."""
    folder = tmp_path_factory.mktemp("history")
    save_history(folder, HISTORY)
    result, where = _check(folder, history_path(folder), pick, value, lambda: load_history(folder))
    if result is None:
        return
    (history, message), index = result, where[1]
    written = HISTORY.records[index]
    others = [r for i, r in enumerate(HISTORY.records) if i != index]
    assert [r for r in history.records if r != written and r.started != written.started] == others
    kept = [r for r in history.records if r.started == written.started]
    if message is None:  # taken as written (a value that fits), or it would have been said
        assert kept and kept[0].to_data() == {**written.to_data(), where[2]: value}
    else:
        assert f"game #{index + 1}" in message
        if kept:  # one field lost, back to its default; the rest as written
            lost = where[2]
            assert getattr(kept[0], lost) == getattr(GameRecord("", ""), lost)
            assert {k: v for k, v in kept[0].to_data().items() if k != lost} == {
                k: v for k, v in written.to_data().items() if k != lost
            }
