"""The solution path panel and "all steps here" (issue 16 item 3): S and A open them (keys and the
tools page's buttons), each line's step drawn on a preview of its position, Enter applies up to
the chosen line as one undoable move, and the panel closes on Esc, on its key, or on another key."""

from __future__ import annotations

import threading
import time
from itertools import islice

import pygame

from game import input as act
from game.keypad import TOOL_BUTTONS
from game.solution import PER_TECHNIQUE, PathSearch, preview_game
from solver.human import solve_path
from solver.levels import Level
from solver.techniques import technique
from tests.gameplay import FRAME, R1C3, R5C5, key, play


def open_panel(app, scene, code=pygame.K_s):
    """Press ``code`` (None: nothing, the panel is open) and wait for the search to end."""
    app.frame([key(code)] if code is not None else [], FRAME)
    for _ in range(2000):
        if scene.solution is None or scene.solution.search is None:
            break
        app.frame([], FRAME)
        time.sleep(0.002)
    return scene.solution


def hold_at_three_lines(monkeypatch) -> threading.Event:
    """Make the path search wait, once it has found three lines, until the event returned is set."""
    release = threading.Event()
    real_run = PathSearch.run

    def held_at_three(self, cancel=None, partial=None):
        def hand_over(lines):
            partial(lines)
            if len(lines) == 3:
                release.wait(10)

        return real_run(self, cancel, hand_over)

    monkeypatch.setattr(PathSearch, "run", held_at_three)
    return release


def test_s_lists_the_rest_of_the_solver_s_path_and_draws_each_line_where_it_happens(app):
    scene = play(app)
    panel = open_panel(app, scene)
    expected = solve_path(scene.game.state.marks_grid()[0], Level.MASTER)
    assert [line.step for line in panel.lines] == list(expected.steps) and panel.solved
    assert panel.title() == f"SOLUTION PATH ({len(expected.steps)})"
    app.frame([key(pygame.K_DOWN)] * 3, FRAME)
    line = panel.current
    assert panel.selected == 3 and line is panel.lines[3]
    shown = preview_game(scene.game, line)  # the position after the first three steps
    placed = {cell for step in expected.steps[:3] for cell, _ in step.placements}
    assert all(shown.state.values[c] for c in placed) and shown.hint.step is line.step
    assert not any(scene.game.state.entries)  # the game is untouched
    assert "> 4. " in panel.body() and scene.game.hints_used == 1  # showing the steps is help


def test_the_path_s_lines_come_one_by_one_each_list_a_prefix_of_the_whole():
    from game.playstate import PlayState
    from tests.gameplay import make_puzzle

    grid = PlayState.start(make_puzzle()).marks_grid()[0]
    seen: list[tuple] = []
    lines, solved = PathSearch("path", grid).run(None, seen.append)
    assert solved and [len(partial) for partial in seen] == list(range(1, len(lines) + 1))
    assert all(partial == lines[: len(partial)] for partial in seen)


def test_the_first_lines_show_while_the_rest_is_worked_out(app, monkeypatch):
    # a Master path takes a second or two: what is found is shown and can be chosen at once
    release = hold_at_three_lines(monkeypatch)
    scene = play(app)
    app.frame([key(pygame.K_s)], FRAME)
    for _ in range(2000):
        app.frame([], FRAME)
        if len(scene.solution.lines) == 3:
            break
        time.sleep(0.002)
    panel = scene.solution
    try:
        assert panel.search is not None and len(panel.lines) == 3
        assert panel.title() == "SOLUTION PATH (3 so far)"
        assert panel.body().endswith("... working out the rest.") and scene.game.hints_used == 1
        app.frame([key(pygame.K_DOWN)], FRAME)
        assert panel.current is panel.lines[1]  # already a line to choose and draw
    finally:
        release.set()
    panel = open_panel(app, scene, None)
    assert panel.search is None and len(panel.lines) > 3 and scene.game.hints_used == 1  # counted once


def test_enter_applies_the_path_up_to_the_chosen_line_as_one_undoable_move(app):
    scene = play(app)
    game = scene.game
    panel = open_panel(app, scene)
    steps = [line.step for line in panel.lines[:5]]
    app.frame([key(pygame.K_DOWN)] * 4 + [key(pygame.K_RETURN)], FRAME)
    assert scene.solution is None and len(game.undo_stack) == 1
    for step in steps:
        for cell, digit in step.placements:
            assert game.state.entries[cell] == digit
    game.undo()
    assert not any(game.state.entries)


def test_a_lists_every_step_that_fires_here_each_a_step_of_its_technique(app):
    scene = play(app)
    panel = open_panel(app, scene, pygame.K_a)
    grid = scene.game.state.marks_grid()[0]
    found = {}  # technique -> its first PER_TECHNIQUE steps here, as the panel takes them
    for line in panel.lines:
        name = technique(line.step.technique).name
        if name not in found:
            found[name] = list(islice(technique(name).finder(grid.copy()), PER_TECHNIQUE))
        assert line.step in found[name]
    assert panel.mode == "here" and next(technique("Naked Single").finder(grid.copy())) in found["Naked Single"]
    results = {(s.technique, s.placements, s.eliminations) for steps in found.values() for s in steps}
    assert len(panel.lines) == len(results)  # each result once (a pattern found twice is one line)
    app.frame([key(pygame.K_DOWN), key(pygame.K_RETURN)], FRAME)  # applies that one step
    chosen = panel.lines[1].step
    assert all(scene.game.state.entries[c] == d for c, d in chosen.placements)
    assert all(not scene.game.state.centre[c] >> (d - 1) & 1 for c, d in chosen.eliminations)


def test_the_panel_closes_on_its_key_on_esc_and_on_another_key_which_then_plays(app):
    scene = play(app)
    open_panel(app, scene)
    app.frame([key(pygame.K_s)], FRAME)
    assert scene.solution is None
    open_panel(app, scene, pygame.K_a)
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    assert scene.solution is None and app.scene is scene  # Esc closed the panel, not the game
    open_panel(app, scene)
    scene.game.select([R5C5])
    app.frame([key(pygame.K_5)], FRAME)
    assert scene.solution is None and scene.game.state.entries[R5C5] == 5


def test_wrong_entries_come_first_and_the_buttons_match_the_keys(app):
    scene = play(app)
    scene.game.select([R1C3])
    scene.game.input_digit(9)  # wrong: r1c3 is 4
    app.frame([key(pygame.K_s)], FRAME)
    assert scene.solution is None and "wrong" in scene.notice.body
    buttons = {label: action for label, _, action in TOOL_BUTTONS}
    assert buttons["Solution path"] == act.play_action(key(pygame.K_s)) == act.ShowSteps("path")
    assert buttons["All steps here"] == act.play_action(key(pygame.K_a)) == act.ShowSteps("here")


def test_a_search_stops_when_cancelled():
    from game.playstate import PlayState
    from tests.gameplay import make_puzzle

    grid = PlayState.start(make_puzzle()).marks_grid()[0]
    try:
        PathSearch("here", grid).run(lambda: True)
    except InterruptedError:
        return
    raise AssertionError("the search did not stop")


def test_while_the_path_is_worked_out_the_loop_yields_and_draws_only_what_changed(app, monkeypatch):
    # the search runs on a thread of the game's process: frames drawn every 1/60 s took a third
    # of the processor from it, so the screen is drawn when its lines change (and on input)
    release = hold_at_three_lines(monkeypatch)
    scene = play(app)
    assert not scene.working() and app.busy_drawing(0.0)  # after an input every frame is drawn
    app.frame([key(pygame.K_s)], FRAME)
    try:
        for _ in range(2000):
            app.frame([], FRAME, None)
            if len(scene.solution.lines) == 3:
                break
            time.sleep(0.002)
        assert scene.working() and not scene.animating() and not app.busy_drawing(0.0)
        app.frame([], FRAME)  # drawn: the three lines are on screen
        assert not app.frame([], FRAME, None)  # nothing new: not drawn again
    finally:
        release.set()
    open_panel(app, scene, None)
    assert not scene.working() and app.busy_drawing(0.0)


def test_a_hint_being_thought_out_is_work_and_its_dots_move_three_times_a_second(app, monkeypatch):
    from game.hints import Hint, HintSearch

    scene = play(app)
    grid = scene.game.state.marks_grid()[0]
    scene.game.hint = Hint("thinking", search=HintSearch(grid, tuple(grid.candidates), False))
    monkeypatch.setattr(scene, "_sync_search", lambda: None)  # no search started: the hint stays
    assert scene.working() and not scene.animating()
    app.frame([], FRAME)
    drawn = [app.frame([], 0.1, None) for _ in range(6)]  # 0.6 s: the dots change once, at 1/3 s
    assert drawn == [False, False, False, True, False, False]


def test_pausing_closes_the_panel_so_the_path_is_neither_read_nor_applied_on_a_stopped_clock(app):
    scene = play(app)
    assert open_panel(app, scene) is not None
    before = scene.game.state
    app.frame([pygame.event.Event(pygame.WINDOWFOCUSLOST)], FRAME)
    assert scene.paused and scene.solution is None
    app.frame([key(pygame.K_END), key(pygame.K_RETURN)], FRAME)
    assert scene.game.state is before and not scene.game.solved
