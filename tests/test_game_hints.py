"""The staged hint: the model's stages, find_step against the solver, and the search off the UI
thread (thinking, stale results dropped, a newer search cancelling the older). Steps are built
by hand here, so these tests do not depend on the solver's finders; what stages 1 and 2 show is
tested in tests/test_game_hint_view.py."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pygame
import pytest

from game import hints
from game.hints import Hint, HintCancelled, find_step
from game.scenes.play import PlayScene
from game.session import Game
from solver.grid import BIT, Grid, parse_values
from solver.levels import Level
from solver.step import Step
from tests.gameplay import (
    FRAME,
    PUZZLE,
    R1C3,
    R2C2,
    R5C5,
    SOLUTION,
    FakeClock,
    almost_solved,
    generated,
    key,
    make_game,
    play,
    run_until,
)
from tests.positions import cell
from tests.solving import cancel_after

# A made-up step on PUZZLE's start: place 4 at r1c3, remove 6 from r2c2 (stands in for the solver).
FAKE_STEP = Step(
    "Hidden Single",
    placements=((R1C3, 4),),
    eliminations=((R2C2, 6),),
    pattern=((R1C3, 4),),
    houses=(0,),
    text="In row 1, 4 fits only in r1c3.",
)


@pytest.fixture
def fake_solver(monkeypatch):
    """hints.find_step returns FAKE_STEP at once; the grids it was asked about are recorded."""
    grids = []

    def fake_find_step(grid, cancel=None):
        grids.append(grid)
        return FAKE_STEP

    monkeypatch.setattr(hints, "find_step", fake_find_step)
    return grids


@pytest.fixture
def slow_solver(monkeypatch):
    """hints.find_step that waits for ``gate`` (checking cancel) and then returns ``step``;
    ``cancelled`` lists the calls (0, 1, ...) that saw cancel() turn true."""
    fake = SimpleNamespace(calls=0, gate=threading.Event(), cancelled=[], step=FAKE_STEP)

    def find_step(grid, cancel=None):
        index = fake.calls
        fake.calls += 1
        while not fake.gate.is_set():
            if cancel is not None and cancel():
                fake.cancelled.append(index)
                raise HintCancelled("cancelled")
            time.sleep(0.001)
        return fake.step

    monkeypatch.setattr(hints, "find_step", find_step)
    yield fake
    fake.gate.set()


def ask(game: Game) -> Hint | None:
    """Press H and, if a search starts, run it here (as the play screen's worker would)."""
    game.request_hint()
    return game.think()


# --- the model's stages ---------------------------------------------------------------------------


def test_hint_points_at_wrong_entries_before_any_technique(fake_solver):
    game = make_game()
    game.select([R5C5])
    game.input_digit(9)
    hint = ask(game)
    assert hint.kind == "wrong" and hint.cells == (R5C5,)
    assert "r5c5" in hint.message
    assert fake_solver == []  # no technique was looked for
    ask(game)
    assert game.hints_used == 1  # pressing again on the same wrong cells is not a new hint
    assert game.state.entries[R5C5] == 9  # the hint does not fix it


def test_hint_says_where_centre_marks_leave_out_a_digit_that_can_still_go_there(fake_solver):
    """Issue 16 item 6: a step worked out from marks that lost a possible digit could mislead, so
    the hint points at those cells first (never naming the digit: that would give it away)."""
    game = make_game()
    game.use_tool("fill")  # centre marks = every candidate: the solution's digit is in each
    assert ask(game).kind == "step" and game.hints_used == 1
    game.dismiss_hint()
    target = next(c for c in range(81) if bin(game.state.centre[c]).count("1") >= 2)
    name = f"r{target // 9 + 1}c{target % 9 + 1}"
    digit = game.puzzle.solution[target]
    game.select([target])
    game.input_digit(digit, "centre")  # toggles it out of the cell's centre marks
    hint = ask(game)
    assert hint.kind == "marks" and hint.cells == (target,) and game.hints_used == 2
    assert name in hint.message and str(digit) not in hint.message.replace(name, "")
    assert len(fake_solver) == 1  # no technique was looked for this time
    ask(game)
    assert game.hints_used == 2  # the same cells again: not a new hint
    game.input_digit(digit, "centre")  # put back
    assert ask(game).kind == "step"


def test_corner_marks_and_empty_centre_marks_are_not_read_as_candidates(fake_solver):
    game = make_game()
    game.select([R5C5])
    wrong = game.puzzle.solution[R5C5] % 9 + 1
    game.input_digit(wrong, "corner")  # a note of where a digit may go, not the cell's candidates
    assert ask(game).kind == "step"


def test_hint_searches_the_player_s_centre_marks_and_says_so(fake_solver):
    """Issue 16 item 6: the search runs on the player's candidates (their centre marks where
    they have any), and a step reading a marked cell says it was worked out from them."""
    game = make_game()
    r4c2 = 28  # candidates 1, 2 and 5; the solution's digit is 5
    game.select([r4c2])
    game.input_digit(9, "centre")  # 9 is not possible in r4c2: ignored
    game.input_digit(5, "centre")
    game.input_digit(2, "centre")
    hint = ask(game)
    grid = fake_solver[-1]
    assert grid.candidates[r4c2] == BIT[2] | BIT[5] and hint.marked == {r4c2}
    assert hint.message == "Look at row 1."  # FAKE_STEP reads row 1 and r2c2, not r4c2
    assert game.request_hint().stage == 2 and "centre marks" not in game.hint.message
    game.dismiss_hint()
    game.select([R2C2])
    game.input_digit(7, "centre")  # r2c2 (FAKE_STEP removes 6 there) is now marked too
    assert ask(game).message == "Look at row 1. It is worked out from your centre marks."
    locked = Step("Locked Candidates Type 1 (Pointing)", eliminations=((R2C2, 6),), pattern=((R1C3, 6),), houses=(18,))
    shown = Hint("step", 2, locked, marked=frozenset({R2C2, R5C5}))  # r5c5: outside box 1
    assert shown.message.endswith("Worked out from your centre marks in r2c2.")


def test_a_step_found_from_marks_names_the_marked_cells_it_reads():
    """With the real solver: centre marks leaving one digit make that cell's Naked Single the
    next step, which a hint on the plain candidates would not take first."""
    game = make_game()
    plain = ask(game).step
    game.dismiss_hint()
    target = next(c for c in range(81) if not game.state.values[c] and c not in {p for p, _ in plain.placements})
    digit = game.puzzle.solution[target]
    game.select([target])
    game.input_digit(digit, "centre")
    hint = ask(game)
    assert hint.step.placements == ((target, digit),) and hint.step.technique == "Naked Single"
    name = f"r{target // 9 + 1}c{target % 9 + 1}"  # stage 1 must not give the cell away
    assert hint.message.endswith("It is worked out from your centre marks.") and name not in hint.message
    assert game.request_hint().message.endswith(f"are not in your centre marks: only {digit} is left.")
    assert game.request_hint() is None and game.state.entries[target] == digit


def test_hint_stages_think_name_show_then_apply_as_one_undo_step(fake_solver):
    game = make_game()
    game.select([R2C2])
    game.input_digit(6, "corner")
    game.input_digit(7, "corner")
    steps_before = len(game.undo_stack)

    thinking = game.request_hint()
    assert thinking.kind == "thinking" and thinking.message == "thinking..." and game.hints_used == 0
    assert game.request_hint() is thinking  # pressing again while it thinks changes nothing
    first = game.think()
    assert (first.kind, first.stage, first.title) == ("step", 1, "Hidden Single")
    assert first.message == "Look at row 1." and "H again" in first.prompt  # the digit would give it away
    second = game.request_hint()
    assert second.stage == 2 and "4 fits only in r1c3" in second.message and "apply" in second.prompt
    assert game.state.entries[R1C3] == 0  # nothing applied yet
    assert game.request_hint() is None  # third press applies

    assert game.state.entries[R1C3] == 4
    assert game.state.corner[R2C2] == BIT[7]  # the elimination left the player's marks
    assert (R2C2, 6) in game.state.eliminated
    assert len(game.undo_stack) == steps_before + 1
    assert game.hints_used == 1 and game.hint is None
    game.undo()
    assert game.state.entries[R1C3] == 0 and game.state.corner[R2C2] == BIT[6] | BIT[7]


def test_next_hint_starts_from_the_eliminations_already_applied(fake_solver):
    game = make_game()
    for _ in range(3):
        ask(game)
    ask(game)
    grid = fake_solver[-1]
    assert not grid.candidates[R2C2] & BIT[6]
    assert grid.values[R1C3] == 4  # the applied placement is an entry now
    assert game.hints_used == 2


def test_any_other_action_resets_the_hint_stage(fake_solver):
    game = make_game()
    ask(game)
    game.request_hint()
    game.select([R5C5])
    game.input_digit(2, "corner")
    assert game.hint is None
    assert ask(game).stage == 1


def test_a_search_result_for_a_changed_grid_is_dropped(fake_solver):
    game = make_game()
    search = game.request_hint().search
    game.select([R5C5])
    game.input_digit(2, "corner")  # the grid changed while the search ran
    assert game.hint is None
    assert not game.resolve_hint(search, FAKE_STEP)
    assert game.hint is None and game.hints_used == 0
    newer = game.request_hint().search
    assert not game.resolve_hint(search, FAKE_STEP)  # the older search's result, late
    assert game.hint.kind == "thinking"
    assert game.resolve_hint(newer, FAKE_STEP) and game.hint.kind == "step" and game.hints_used == 1


def test_a_failed_search_says_so_and_counts_nothing(fake_solver):
    game = make_game()
    search = game.request_hint().search
    assert game.resolve_hint(search, None, failure="The hint engine stumbled.")
    assert game.hint.kind == "none" and game.hint.message == "The hint engine stumbled."
    assert game.hints_used == 0


def test_hint_on_a_solved_grid_says_so_without_counting(fake_solver):
    game = make_game()
    for c in range(81):
        if not game.state.values[c]:
            game.select([c])
            game.input_digit(game.puzzle.solution[c], "normal")
    hint = ask(game)
    assert hint.kind == "none" and game.hints_used == 0 and fake_solver == []


def test_real_solver_hint_finds_and_applies_the_full_house():
    game = Game(almost_solved(R5C5), clock=FakeClock())
    first = ask(game)
    assert first.step.technique == "Full House"
    assert first.step.placements == ((R5C5, 5),)
    game.request_hint()
    game.request_hint()
    assert game.solved


def test_find_step_agrees_with_the_solver_and_honours_cancel():
    from solver.human import next_step

    grid = Grid(parse_values(PUZZLE))
    assert str(find_step(grid)) == str(next_step(grid))
    with pytest.raises(HintCancelled):
        find_step(grid, cancel=lambda: True)


# An Expert puzzle part solved (singles, a Pointing, a Hidden Pair, two 2-String Kites) with the
# eliminations made so far: the cheapest technique that fires there is a Sue de Coq.
SDC_PUZZLE = ".3....41......9..8...8..2...4.6371...........5....2..3.971...2.4..2......5..86..."
SDC_VALUES = ".3.7.5419...3.9..89..8.123..4.6371.....5.8...5..4.2..3.97154.264..273....5.986..."
SDC_GONE = "r2c1<>6 r2c2<>6 r2c3<>1 r2c3<>2 r2c3<>6 r2c5<>6 r3c3<>6 r5c9<>7 r6c7<>8 r8c8<>8"


def sue_de_coq_position() -> Grid:
    grid = Grid(parse_values(SDC_VALUES), given=Grid.parse(SDC_PUZZLE).given)
    for elimination in SDC_GONE.split():
        name, digit = elimination.split("<>")
        grid.eliminate(cell(name), int(digit))
    return grid


def test_find_step_gives_the_steps_it_gave_before_it_became_next_step():
    # recorded from find_step's own loop over the techniques, before it called next_step
    assert str(find_step(Grid(parse_values(PUZZLE)))) == "Naked Single: r5c5=5"
    grid = sue_de_coq_position()
    before = grid.copy()
    assert str(find_step(grid)) == "Sue de Coq: r1c3<>6, r2c2<>7, r5c1<>1, r5c1<>2, r5c1<>3"
    assert grid == before


def test_find_step_polls_cancel_before_each_technique_and_stops_at_the_first_true():
    from solver.techniques import techniques_up_to

    calls, never = cancel_after(10**9)
    assert find_step(sue_de_coq_position(), cancel=never).technique == "Sue de Coq"
    assert len(calls) == [t.name for t in techniques_up_to(Level.MASTER)].index("Sue de Coq") + 1
    calls, cancel = cancel_after(5)
    with pytest.raises(HintCancelled):
        find_step(sue_de_coq_position(), cancel=cancel)
    assert calls == [1, 2, 3, 4, 5]  # raised at the fifth poll: no technique ran after it


# --- the search off the UI thread ---------------------------------------------------------------------


def test_the_panel_thinks_while_the_search_runs_and_the_board_takes_input(app, screen, slow_solver):
    scene = play(app)
    game = scene.game
    game.select([R5C5])
    app.frame([key(pygame.K_h)], FRAME)
    assert game.hint.kind == "thinking" and app.hint_jobs.busy
    for _ in range(3):
        app.frame([], FRAME)
    assert scene.panel_text[1].startswith("thinking") and app.scene is scene
    app.frame([key(pygame.K_RIGHT)], FRAME)  # moving the selection keeps the search
    assert game.selection == (R5C5 + 1,) and game.hint.kind == "thinking"
    slow_solver.gate.set()
    run_until(app, lambda: game.hint.kind == "step")
    assert scene.panel_text[0] == "Hidden Single  (1/3)" and game.hints_used == 1
    assert not app.hint_jobs.busy


def test_a_move_while_thinking_cancels_the_search_and_drops_its_result(app, slow_solver):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    app.frame([key(pygame.K_h)], FRAME)
    app.frame([key(pygame.K_3, pygame.KMOD_LSHIFT)], FRAME)  # a corner mark changes the grid
    assert game.hint is None
    run_until(app, lambda: slow_solver.cancelled == [0])
    slow_solver.gate.set()
    for _ in range(10):
        app.frame([], FRAME)
        time.sleep(0.002)
    assert game.hint is None and game.hints_used == 0


def test_a_newer_search_cancels_the_older(app, slow_solver):
    scene = play(app)
    game = scene.game
    game.select([R1C3])
    app.frame([key(pygame.K_h)], FRAME)
    app.frame([key(pygame.K_3, pygame.KMOD_LSHIFT), key(pygame.K_h)], FRAME)  # a mark, then H again
    assert game.hint.kind == "thinking"
    run_until(app, lambda: slow_solver.cancelled == [0] and slow_solver.calls == 2)
    slow_solver.gate.set()
    run_until(app, lambda: game.hint.kind == "step")
    assert game.hints_used == 1 and slow_solver.cancelled == [0]


def test_a_search_that_raises_is_reported_in_the_panel_not_as_a_traceback(app, monkeypatch, capsys):
    def broken(grid, cancel=None):
        raise RuntimeError("forcing net tangled")

    monkeypatch.setattr(hints, "find_step", broken)
    scene = play(app)
    app.frame([key(pygame.K_h)], FRAME)
    run_until(app, lambda: scene.game.hint.kind == "none")
    assert app.scene is scene and "stumbled" in scene.game.hint.message
    err = capsys.readouterr().err
    assert "forcing net tangled" in err and "Traceback" not in err


def test_leaving_the_play_screen_while_thinking_asks_again_on_return(app, slow_solver):
    from game.scenes.menu import MenuScene

    scene = play(app)
    app.frame([key(pygame.K_h)], FRAME)
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, MenuScene)
    run_until(app, lambda: slow_solver.cancelled == [0])
    app.frame([key(pygame.K_RETURN)], FRAME)  # Continue
    assert isinstance(app.scene, PlayScene)
    slow_solver.gate.set()
    run_until(app, lambda: app.scene.game.hint.kind == "step")
    assert scene.game is app.scene.game


def test_the_demo_waits_for_a_slow_search_and_goes_on(app, monkeypatch, slow_solver):
    from game import jobs

    puzzle = list(SOLUTION)
    puzzle[R5C5] = "0"
    monkeypatch.setattr(
        jobs, "generate_puzzle", lambda level, seed, progress, cancel: generated("".join(puzzle), level=level)
    )
    slow_solver.step = Step("Full House", placements=((R5C5, 5),), pattern=((R5C5, 5),), houses=(4,))
    app.start_demo()
    run_until(app, lambda: isinstance(app.scene, PlayScene))
    scene = app.scene
    for _ in range(10):
        app.frame([], 0.1)  # several demo ticks while the search is held
    assert scene.game.hint.kind == "thinking" and not scene.game.solved
    slow_solver.gate.set()
    run_until(app, lambda: scene.game.solved, frames=100)
