"""game.savegame: the game in progress to plain data and back (states, undo and redo history across
a new puzzle, per-puzzle timers and hints, selection, cursor, mode), the checks that reject bad
data, and the save file."""

from __future__ import annotations

import copy
import json

import pytest

from game import savegame
from game.hints import Hint
from game.savegame import game_from_data, game_to_data, load_game, save_game
from game.session import Game
from solver.levels import Level
from solver.step import Step
from tests.gameplay import R1C3, R1C4, R2C2, R5C5, FakeClock, almost_solved, make_game

ELIMINATION = Step("Test", eliminations=((R2C2, 7),))


def snapshot(state) -> tuple:
    """A state's content, its puzzle by value (puzzles compare by identity)."""
    p = state.puzzle
    puzzle = (p.givens, p.solution, p.level, p.hardest, p.seed)
    return puzzle, state.entries, state.corner, state.centre, state.colours, state.eliminated


def history(game: Game) -> tuple:
    return ([snapshot(s) for s in game.undo_stack], snapshot(game.state), [snapshot(s) for s in game.redo_stack])


def played_game(clock: FakeClock, extra_undos: int = 0) -> Game:
    """A game with every kind of move on one puzzle (filled pencil marks, an entry, corner, centre
    and colour marks, a clear, an applied hint), a new puzzle with a centre mark, a wrong entry and a hint, then
    two undos (and ``extra_undos`` more, back into the first puzzle)."""
    game = make_game(clock, level=Level.MEDIUM, hardest="Hidden Pair", seed=7)
    assert game.use_tool("fill").state is game.state  # pencil marks everywhere
    game.select([R1C3])
    game.input_digit(4, "normal")
    game.select([R1C4])
    game.input_digit(1, "corner")
    game.input_digit(2, "corner")
    game.select([R2C2, R5C5])
    game.input_digit(7, "centre")
    game.input_digit(2, "centre")
    game.input_digit(3, "colour")
    game.select([0])
    game.input_digit(5, "colour")  # a given's colour
    game.select([R5C5])
    game.clear()  # its centre marks go
    thinking = game.request_hint()
    assert game.resolve_hint(thinking.search, ELIMINATION)
    game.request_hint()
    assert game.request_hint() is None  # the hint's elimination is applied
    clock.now += 30
    assert game.new_puzzle(almost_solved(R5C5))
    game.select([R5C5])
    game.input_digit(5, "centre")
    game.input_digit(1, "normal")  # wrong: the solution has 5
    clock.now += 12
    assert game.request_hint().kind == "wrong"
    game.dismiss_hint()
    for _ in range(2 + extra_undos):
        assert game.undo()
    clock.now += 3
    game.select([R5C5, R1C3, R1C4])
    game.toggle_selected(R1C4)
    game.set_mode("centre")
    return game


@pytest.mark.parametrize("extra_undos", [0, 1], ids=["on the new puzzle", "back on the first"])
def test_round_trip_keeps_every_field(extra_undos):
    """Saved and loaded (through JSON text), the game has the same current state, undo and redo
    stacks (states of both puzzles, each puzzle shared by its states), selection, cursor, mode,
    per-puzzle time and hints; the puzzles keep level, hardest technique and seed."""
    original = played_game(FakeClock(), extra_undos)
    data = game_to_data(original)
    text = json.dumps(data, allow_nan=False)
    loaded = game_from_data(json.loads(text), FakeClock(5000.0))

    assert history(loaded) == history(original)
    assert len(original.redo_stack) == 2 + extra_undos and original.undo_stack
    assert len({id(s.puzzle) for s in [*loaded.undo_stack, loaded.state, *loaded.redo_stack]}) == 2
    assert loaded.selection == original.selection == (R5C5, R1C3)
    assert loaded.cursor == original.cursor and loaded.mode == "centre"
    assert loaded.elapsed == pytest.approx(original.elapsed)
    assert loaded.hints_used == original.hints_used
    records = {p.seed: v for p, v in original.puzzle_records().items()}
    expected = {7: (30.0, 1), None: (15.0, 1)} if extra_undos == 0 else {7: (33.0, 1), None: (12.0, 1)}
    assert {p.seed: v for p, v in loaded.puzzle_records().items()} == records == expected
    assert loaded.hint is None and loaded.timer_stopped
    assert game_to_data(loaded) == data


def test_per_puzzle_timers_and_hints_survive():
    """Each puzzle keeps its own seconds and hints: 30 s and one hint on the first puzzle, 15 s
    (a running timer saved as its time so far) and one hint on the second."""
    loaded = game_from_data(game_to_data(played_game(FakeClock())), FakeClock())
    assert loaded.puzzle.level is Level.EASY
    assert (loaded.elapsed, loaded.hints_used) == (pytest.approx(15.0), 1)
    while loaded.puzzle.level is not Level.MEDIUM:
        assert loaded.undo()
    assert (loaded.elapsed, loaded.hints_used) == (pytest.approx(30.0), 1)


def test_loaded_game_is_paused_and_the_timer_continues_on_resume():
    """A loaded game does not count time until it resumes; then it counts on from the saved time."""
    clock = FakeClock(1000.0)
    loaded = game_from_data(game_to_data(played_game(FakeClock())), clock)
    clock.now += 100
    assert loaded.elapsed == pytest.approx(15.0)
    loaded.resume()
    clock.now += 7
    assert loaded.elapsed == pytest.approx(22.0)


def test_undo_and_redo_on_the_loaded_game_behave_like_the_original():
    """The same undos, redos and moves on the original and the loaded game give the same states at
    every step, across the switch between the two puzzles."""
    original = played_game(FakeClock(), extra_undos=1)
    loaded = game_from_data(game_to_data(original), FakeClock())
    actions = [
        "redo",
        "redo",
        "redo",
        "redo",
        "undo",
        "undo",
        "undo",
        "undo",
        "undo",
        "undo",
        "enter",
        "redo",
        "undo",
        "undo",
    ]
    for action in actions:
        for game in (original, loaded):
            if action == "enter":
                game.select([R1C4])
                assert game.input_digit(6, "normal")
            else:
                getattr(game, action)()
        assert history(loaded) == history(original), action


def test_the_staged_hint_is_not_saved():
    """A hint on show is transient: the data holds no trace of it and the loaded game has none."""
    game = played_game(FakeClock())
    game.hint = Hint("step", 2, ELIMINATION)
    data = game_to_data(game)
    assert set(data) == {"puzzles", "state", "undo", "redo", "selection", "cursor", "mode"}
    assert ELIMINATION.technique not in json.dumps(data)
    assert game_from_data(data, FakeClock()).hint is None


# --- bad data ------------------------------------------------------------------------------------


def good_data() -> dict:
    return game_to_data(played_game(FakeClock()))


def _set(*keys_and_value):
    """A change to the data: set the value at the path of keys."""
    *keys, value = keys_and_value

    def change(data):
        target = data
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
        return data

    return change


def _drop(key):
    def change(data):
        del data[key]
        return data

    return change


def _cell(text_key, where, cell, char):
    """Replace one character of an 81-digit string."""

    def change(data):
        target = data[where] if not isinstance(where, tuple) else data[where[0]][where[1]]
        text = target[text_key]
        target[text_key] = text[:cell] + char + text[cell + 1 :]
        return data

    return change


GIVEN_R1C1 = 0  # a given 5 in the first puzzle
BAD = {
    "not an object": (lambda data: [data], "not an object"),
    "no puzzles": (_set("puzzles", []), "no puzzles"),
    "missing redo": (_drop("redo"), "no 'redo'"),
    "short givens": (_set("puzzles", 0, "givens", "0" * 80), "givens of puzzle 1 must be 81 digits"),
    "letter in givens": (_cell("givens", ("puzzles", 0), 5, "x"), "must be 81 digits"),
    "zero in solution": (_cell("solution", ("puzzles", 0), 5, "0"), "must be digits 1..9"),
    "solution breaks a rule": (_set("puzzles", 0, "solution", "123456789" * 9), "breaks a rule"),
    "given disagrees": (_cell("givens", ("puzzles", 0), 0, "6"), "disagrees with the solution"),
    "unknown level": (_set("puzzles", 1, "level", "IMPOSSIBLE"), "unknown level"),
    "seed not a number": (_set("puzzles", 0, "seed", "7"), "seed"),
    "negative time": (_set("puzzles", 0, "elapsed", -1), "number of seconds"),
    "time as text": (_set("puzzles", 0, "elapsed", "10"), "number of seconds"),
    "negative hints": (_set("puzzles", 0, "hints_used", -1), "hints used"),
    "puzzle index out of range": (_set("state", "puzzle", 2), "puzzle index"),
    "puzzle index a bool": (_set("state", "puzzle", True), "puzzle index"),
    "entry on a given": (_set("undo", 3, "entries", [[GIVEN_R1C1, 5]]), "entry on the given at r1c1"),
    "entries too long": (_set("state", "entries", "0" * 82), "entries of the current state"),
    "mask too big": (_set("undo", 2, "corner", [[4, 512]]), "a corner mark in undo step 3"),
    "change not a pair": (_set("redo", 0, "centre", [[4]]), "centre of redo step 1 must be a list of [cell, value]"),
    "change cell out of range": (_set("redo", 1, "colours", [[81, 1]]), "a cell in redo step 2"),
    "step not an object": (_set("undo", 0, [1, 2]), "undo step 1 is not an object"),
    "unknown field in a step": (_set("undo", 1, "pencil", []), "unknown field 'pencil'"),
    "step puzzle out of range": (_set("undo", 0, "puzzle", 5), "puzzle index of undo step 1"),
    "mask as text": (_set("state", "centre", ["1"] * 81), "centre marks"),
    "letter in colours": (_cell("colours", "state", 9, "a"), "colours"),
    "elimination cell": (_set("state", "eliminated", [[81, 1]]), "a cell in"),
    "elimination digit": (_set("state", "eliminated", [[3, 0]]), "a digit in"),
    "elimination not a pair": (_set("state", "eliminated", [[3]]), "[cell, digit] pair"),
    "undo not a list": (_set("undo", {}), "undo history"),
    "empty selection": (_set("selection", []), "selection is empty"),
    "selected cell out of range": (_set("selection", [0, 81]), "selected cell"),
    "selected twice": (_set("selection", [4, 4]), "twice"),
    "cursor out of range": (_set("cursor", -1), "cursor"),
    "unknown mode": (_set("mode", "pen"), "unknown mode"),
}


def test_good_data_loads():
    """The data the bad cases start from loads (so each case fails for its own fault only)."""
    data = good_data()
    assert data["puzzles"][0]["givens"][0] == "5" and len(data["undo"]) > 3 and len(data["redo"]) > 1
    assert isinstance(game_from_data(data, FakeClock()), Game)


def test_the_history_is_kept_as_the_cells_each_move_changed():
    """Each undo step lists only what differs from the state after it: entering a 4 in r1c3 is
    one cell of entries, so a long game's save stays small."""
    game = make_game(FakeClock())
    game.select([R1C3])
    game.input_digit(4)
    game.select([R1C4])
    game.input_digit(1, "corner")
    data = game_to_data(game)
    assert data["undo"] == [{"entries": [[R1C3, 0]]}, {"corner": [[R1C4, 0]]}]
    for move in range(400):
        game.select([R1C4])
        game.input_digit(move % 9 + 1, "corner")
    assert len(json.dumps(game_to_data(game))) < 40_000  # about 30 bytes a move


@pytest.mark.parametrize("name", BAD)
def test_bad_data_raises_value_error(name):
    """Each kind of fault raises ValueError with a short reason that names it."""
    change, reason = BAD[name]
    data = change(copy.deepcopy(good_data()))
    with pytest.raises(ValueError, match=reason.replace("[", r"\[").replace(".", r"\.")):
        game_from_data(data, FakeClock())


# --- the save file --------------------------------------------------------------------------------


def test_save_and_load_through_the_data_folder(user_data_dir):
    """save_game writes save.json in the data folder; load_game reads it back; with no file it
    gives (None, None)."""
    assert load_game(clock=FakeClock()) == (None, None, None)
    original = played_game(FakeClock())
    save_game(original)
    assert (user_data_dir / "save.json").is_file()
    loaded, message, _ = load_game(clock=FakeClock())
    assert message is None and history(loaded) == history(original)


def test_a_save_with_bad_data_is_moved_aside(tmp_path):
    """A well-formed file whose game data fails the checks is moved aside with a message that
    gives the reason; its bytes survive."""
    data = good_data()
    data["mode"] = "pen"
    from game.storage import write_json

    path = tmp_path / "save.json"
    write_json(path, savegame.SAVE_KIND, savegame.SAVE_VERSION, data)
    raw = path.read_bytes()
    game, message, _ = load_game(tmp_path, FakeClock())
    assert game is None and not path.exists()
    assert message.startswith("Your saved game could not be read (unknown mode 'pen')")
    [moved] = tmp_path.glob("save.broken-*.json")
    assert moved.read_bytes() == raw and moved.name in message


def test_a_newer_position_goes_on_top_of_the_save_as_one_undoable_step(tmp_path):
    """What the background save had not written when the game was killed comes back from the
    position file: the moves as one step (undo returns to what was saved), timer and hints."""
    from game.savegame import load_game, save_game, write_position
    from tests.gameplay import FakeClock, make_game

    game = make_game(clock=FakeClock())
    game.select([2])
    game.input_digit(4)
    save_game(game, tmp_path)  # the full save: one move (position 0)
    game.select([3])
    game.input_digit(6)
    game.select([10])
    game.input_digit(7)
    write_position(tmp_path, game, 5)  # two moves later, then killed
    restored, message, _ = load_game(tmp_path, FakeClock())
    assert message is None and restored.state.entries == game.state.entries
    restored.undo()
    assert restored.state.entries[2] == 4 and not restored.state.entries[3]
