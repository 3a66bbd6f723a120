"""The play-state model: what each player action does, undo/redo, conflicts, the timer (the staged
hint is tested in tests/test_game_hints.py)."""

from __future__ import annotations

import pytest

from game.playstate import PlayState, Puzzle
from game.session import Game
from solver.grid import BIT, parse_values
from solver.levels import Level
from solver.step import Step
from tests.gameplay import (
    PUZZLE,
    R1C3,
    R1C4,
    R2C2,
    R5C5,
    SOLUTION,
    FakeClock,
    almost_solved,
    make_game,
    make_puzzle,
)


def fill_solution(game: Game) -> None:
    for cell in range(81):
        if not game.state.values[cell]:
            game.select([cell])
            game.input_digit(game.puzzle.solution[cell], "normal")


# --- puzzle -------------------------------------------------------------------------------------


def test_puzzle_rejects_given_that_disagrees_with_solution():
    givens = list(parse_values(PUZZLE))
    givens[R1C3] = 1  # the solution has 4 there
    with pytest.raises(ValueError, match="r1c3"):
        Puzzle(tuple(givens), tuple(parse_values(SOLUTION)))


def test_puzzle_from_generated_takes_grade_hardest():
    class Generated:
        puzzle = tuple(parse_values(PUZZLE))
        solution = tuple(parse_values(SOLUTION))
        level = Level.MEDIUM
        seed = 7

        class grade:
            hardest = "Hidden Pair"

    puzzle = Puzzle.from_generated(Generated)
    assert (puzzle.level, puzzle.hardest, puzzle.seed) == (Level.MEDIUM, "Hidden Pair", 7)
    assert puzzle.givens[0] == 5 and puzzle.givens[2] == 0


# --- entries --------------------------------------------------------------------------------------


def test_entry_goes_into_selected_cell():
    game = make_game()
    game.select([R1C3])
    assert game.input_digit(4)
    assert game.state.entries[R1C3] == 4
    assert game.state.values[R1C3] == 4


def test_same_digit_again_clears_the_entry():
    game = make_game()
    game.select([R1C3])
    game.input_digit(4)
    game.input_digit(4)
    assert game.state.entries[R1C3] == 0
    assert len(game.undo_stack) == 2


def test_givens_cannot_be_changed_and_push_no_undo_step():
    game = make_game()
    game.select([0])
    assert not game.input_digit(9)
    assert not game.clear()
    assert game.state.values[0] == 5
    assert game.state.entries[0] == 0
    assert game.undo_stack == []


def test_multi_cell_entry_sets_all_then_clears_all():
    game = make_game()
    game.select([R1C3, R1C4, 0])  # the given r1c1 is skipped
    game.input_digit(1)
    assert [game.state.entries[c] for c in (R1C3, R1C4, 0)] == [1, 1, 0]
    game.input_digit(1)
    assert [game.state.entries[c] for c in (R1C3, R1C4)] == [0, 0]


def test_multi_cell_entry_sets_all_when_only_some_have_it():
    game = make_game()
    game.select([R1C3])
    game.input_digit(1)
    game.select([R1C3, R1C4])
    game.input_digit(1)
    assert game.state.entries[R1C3] == 1 and game.state.entries[R1C4] == 1


# --- marks and colours ---------------------------------------------------------------------------


def test_corner_and_centre_marks_toggle_separately():
    game = make_game()
    game.select([R1C3])
    game.input_digit(2, "corner")
    game.input_digit(4, "centre")
    assert game.state.corner[R1C3] == BIT[2]
    assert game.state.centre[R1C3] == BIT[4]
    game.input_digit(2, "corner")
    assert game.state.corner[R1C3] == 0
    assert game.state.centre[R1C3] == BIT[4]


def test_marks_skip_cells_with_a_digit():
    game = make_game()
    game.select([R1C3])
    game.input_digit(4)
    game.select([R1C3, R1C4, 0])
    game.input_digit(7, "corner")
    assert game.state.corner[R1C3] == 0 and game.state.corner[0] == 0
    assert game.state.corner[R1C4] == BIT[7]


def test_multi_cell_mark_adds_to_all_unless_all_have_it():
    game = make_game()
    game.select([R1C3])
    game.input_digit(6, "centre")
    game.select([R1C3, R1C4])
    game.input_digit(6, "centre")
    assert game.state.centre[R1C3] == game.state.centre[R1C4] == BIT[6]
    game.input_digit(6, "centre")
    assert game.state.centre[R1C3] == game.state.centre[R1C4] == 0


def test_marks_stay_under_an_entry_and_show_again_when_it_is_cleared():
    game = make_game()
    game.select([R1C3])
    game.input_digit(3, "corner")
    game.input_digit(4)
    assert game.state.corner[R1C3] == BIT[3]
    game.clear()
    assert game.state.entries[R1C3] == 0 and game.state.corner[R1C3] == BIT[3]


def test_colour_mode_paints_and_same_colour_again_removes():
    game = make_game()
    game.set_mode("colour")
    game.select([0, R1C3])  # colours go on givens too
    game.input_digit(5)
    assert game.state.colours[0] == game.state.colours[R1C3] == 5
    assert game.state.entries[R1C3] == 0
    game.input_digit(5)
    assert game.state.colours[0] == game.state.colours[R1C3] == 0


def test_clear_removes_entry_then_marks_then_colours():
    game = make_game()
    game.select([R1C3, R1C4])
    game.input_digit(2, "colour")
    game.input_digit(8, "centre")
    game.select([R1C3])
    game.input_digit(4)
    game.select([R1C3, R1C4])
    game.clear()
    assert game.state.entries[R1C3] == 0
    assert game.state.centre[R1C3] == BIT[8] and game.state.centre[R1C4] == BIT[8]
    game.clear()
    assert game.state.centre[R1C3] == game.state.centre[R1C4] == 0
    assert game.state.colours[R1C3] == 2
    game.clear()
    assert game.state.colours[R1C3] == game.state.colours[R1C4] == 0
    assert not game.clear()  # nothing left: no undo step


def test_clear_in_colour_mode_removes_colours_first():
    game = make_game()
    game.select([R1C3])
    game.input_digit(4)
    game.input_digit(3, "colour")
    game.set_mode("colour")
    game.clear()
    assert game.state.colours[R1C3] == 0 and game.state.entries[R1C3] == 4


def test_unknown_mode_is_refused():
    game = make_game()
    with pytest.raises(ValueError, match="unknown mode"):
        game.set_mode("pen")


# --- undo / redo ------------------------------------------------------------------------------------


def test_each_action_is_one_undo_step_and_undo_redo_restore_states():
    game = make_game()
    game.select([R1C3])
    game.input_digit(2, "corner")
    game.input_digit(4)
    game.input_digit(6, "colour")
    states = game.undo_stack + [game.state]
    assert len(game.undo_stack) == 3
    assert game.undo() and game.state is states[2]
    assert game.state.colours[R1C3] == 0 and game.state.entries[R1C3] == 4
    assert game.undo() and game.state is states[1]
    assert game.state.entries[R1C3] == 0 and game.state.corner[R1C3] == BIT[2]
    assert game.redo() and game.state is states[2]
    assert game.redo() and game.state is states[3]
    assert not game.redo()


def test_new_action_clears_redo_and_undo_on_empty_stack_does_nothing():
    game = make_game()
    assert not game.undo()
    game.select([R1C3])
    game.input_digit(4)
    game.undo()
    game.input_digit(5)
    assert game.redo_stack == []
    assert game.state.entries[R1C3] == 5


def test_selection_and_mode_are_not_undo_steps():
    game = make_game()
    game.select([R1C3, R1C4])
    game.move(1, 0)
    game.set_mode("corner")
    game.cycle_mode()
    assert game.undo_stack == []
    assert game.mode == "centre"


def test_new_puzzle_is_one_undo_step():
    game = make_game()
    game.select([R1C3])
    game.input_digit(4)
    first = game.state
    other = almost_solved(R5C5)
    assert game.new_puzzle(other)
    assert game.puzzle is other and game.state.entries == (0,) * 81
    game.undo()
    assert game.state is first and game.state.entries[R1C3] == 4
    game.redo()
    assert game.puzzle is other


# --- selection ------------------------------------------------------------------------------------


def test_move_wraps_around_the_row_and_column():
    game = make_game()
    game.select([8])  # r1c9
    game.move(0, 1)
    assert game.selection == (0,)
    game.move(-1, 0)
    assert game.selection == (72,)  # r9c1


def test_move_with_extend_adds_to_the_selection():
    game = make_game()
    game.select([0])
    game.move(0, 1, extend=True)
    assert game.selection == (0, 1) and game.cursor == 1


def test_toggle_selected_adds_and_removes_but_never_empties():
    game = make_game()
    game.select([0])
    game.toggle_selected(5)
    assert game.selection == (0, 5)
    game.toggle_selected(0)
    assert game.selection == (5,)
    game.toggle_selected(5)
    assert game.selection == (5,)


def test_select_same_digit_selects_every_cell_with_it():
    game = make_game()
    game.select_same_digit(0)  # the 5 in r1c1
    fives = {c for c in range(81) if PUZZLE[c] == "5"}
    assert set(game.selection) == fives


# --- conflicts, wrong, solved ----------------------------------------------------------------------


def test_conflict_marks_both_cells_of_a_repeated_digit():
    game = make_game()
    game.select([R1C3])
    game.input_digit(5)  # r1c1 holds a given 5
    assert game.state.conflicts == {0, R1C3}
    game.input_digit(5)
    assert game.state.conflicts == frozenset()


def test_wrong_entries_differ_from_the_solution_even_without_conflict():
    game = make_game()
    game.select([R1C4])
    game.input_digit(6)  # correct
    game.select([R1C3])
    game.input_digit(2)  # the solution has 4; no 2 in row 1, column 3 or box 1
    assert game.state.conflicts == frozenset()
    assert game.state.wrong == {R1C3}


def test_solved_only_when_every_cell_matches_the_solution():
    game = make_game()
    fill_solution(game)
    assert game.solved and not game.running
    game.select([R1C3])
    game.input_digit(4)  # clears the entry
    assert not game.solved


def test_a_full_board_that_is_wrong_is_not_solved():
    game = make_game()
    fill_solution(game)
    game.select([R1C3])
    game.input_digit(1)  # the solution has 4: every cell is full, one digit is wrong
    assert all(game.state.values) and game.state.values != game.puzzle.solution
    assert not game.solved and game.running


def test_a_full_wrong_board_never_reaches_the_win_screen(app):
    from game.scenes.play import FLOURISH_SECONDS, PlayScene
    from tests.gameplay import FRAME, play

    scene = play(app)
    fill_solution(scene.game)
    scene.game.select([R1C3])
    scene.game.input_digit(1)
    for _ in range(int(FLOURISH_SECONDS / FRAME) + 30):
        app.frame([], FRAME)
    assert isinstance(app.scene, PlayScene) and scene.flourish is None


# --- timer ------------------------------------------------------------------------------------------


def test_timer_counts_play_time_only():
    clock = FakeClock(10.0)
    game = make_game(clock=clock)
    clock.now = 25.0
    assert game.elapsed == pytest.approx(15.0)
    game.pause()
    clock.now = 100.0
    assert game.elapsed == pytest.approx(15.0)
    game.resume()
    clock.now = 101.5
    assert game.elapsed == pytest.approx(16.5)


def test_timer_stops_when_solved():
    clock = FakeClock(0.0)
    game = make_game(clock=clock)
    clock.now = 30.0
    fill_solution(game)
    clock.now = 500.0
    assert game.elapsed == pytest.approx(30.0)


def test_timer_belongs_to_the_puzzle():
    clock = FakeClock(0.0)
    game = make_game(clock=clock)
    clock.now = 40.0
    game.new_puzzle(almost_solved(R5C5))
    clock.now = 45.0
    assert game.elapsed == pytest.approx(5.0)
    game.undo()
    clock.now = 50.0
    assert game.elapsed == pytest.approx(45.0)


# --- the solver grid behind hints (the staged hint itself: tests/test_game_hints.py) -----------------


def test_solver_grid_carries_entries_and_applied_eliminations():
    state = PlayState.start(make_puzzle())
    state = state.enter([R1C3], 4).apply_step(Step("Test", eliminations=((R2C2, 7),)))
    grid = state.solver_grid()
    assert grid.values[R1C3] == 4 and not grid.given[R1C3] and grid.given[0]
    assert not grid.candidates[R2C2] & BIT[7]


def test_marks_grid_takes_each_marked_cell_s_centre_marks_as_its_candidates():
    """Issue 16 item 6: hints work from the player's candidates. Centre marks cut a cell's
    candidates; a cell without them keeps the solver's; corner marks are notes, not read."""
    state = PlayState.start(make_puzzle())
    plain = state.solver_grid()
    r2c2 = plain.candidates[R2C2]  # 2, 4 and 7 are possible there
    state = state.toggle_centre([R2C2], 7).toggle_centre([R2C2], 4).toggle_centre([R2C2], 9)
    state = state.toggle_corner([R5C5], 5)
    grid, marked = state.marks_grid()
    assert grid.candidates[R2C2] == r2c2 & (BIT[4] | BIT[7]) != r2c2  # 9 is not possible: ignored
    assert grid.candidates[R5C5] == plain.candidates[R5C5]  # corner marks are not candidates
    assert [c for c in range(81) if grid.candidates[c] != plain.candidates[c]] == [R2C2]
    assert marked == {R2C2}


def test_marks_grid_leaves_cells_whose_marks_add_nothing_or_hold_no_possible_digit():
    state = PlayState.start(make_puzzle())
    plain = state.solver_grid()
    every = [d for d in range(1, 10) if plain.candidates[R2C2] & BIT[d]]
    for digit in every:  # all of the cell's candidates: nothing narrowed
        state = state.toggle_centre([R2C2], digit)
    impossible = next(d for d in range(1, 10) if not plain.candidates[R1C3] & BIT[d])
    state = state.toggle_centre([R1C3], impossible)  # would leave r1c3 no candidate at all
    grid, marked = state.marks_grid()
    assert grid.candidates == plain.candidates and marked == frozenset()


def test_a_puzzle_learns_its_grade_once_and_stays_the_same_object():
    puzzle = make_puzzle()  # no level yet, as a pasted puzzle
    game = Game(puzzle, clock=FakeClock())
    game.select([R1C3])
    game.input_digit(4)
    state, undo = game.state, list(game.undo_stack)
    puzzle.learn_grade(Level.MEDIUM, "Hidden Pair")
    assert game.puzzle is puzzle and game.state is state and game.undo_stack == undo
    assert (game.puzzle.level, game.puzzle.hardest) == (Level.MEDIUM, "Hidden Pair")
    with pytest.raises(ValueError, match="already graded Medium"):
        puzzle.learn_grade(Level.HARD, None)
