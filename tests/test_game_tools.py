"""The player's solver tools (game.tools): what each does to a play state, cell by cell."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game import jobs, tools
from game.hints import Hint
from game.playstate import PlayState
from solver.exact import solve
from solver.grid import BIT, CELLS, PEERS, mask_of, parse_values
from tests.gameplay import INKALA, PUZZLE, R1C3, R1C4, R2C2, SOLUTION, make_game, make_puzzle

GIVENS = parse_values(PUZZLE)
SOLVED = parse_values(SOLUTION)


def start() -> PlayState:
    return PlayState.start(make_puzzle())


def test_candidates_are_the_digits_no_peer_holds_less_applied_hints():
    state = start()
    masks = tools.candidates(state)
    # r1c3 (row 1: 5 3 . . 7, column 3: 8, box 1: 5 3 6 9 8) can be 1, 2 or 4.
    assert masks[R1C3] == mask_of((1, 2, 4))
    assert masks[0] == 0  # r1c1 holds a given
    state = replace(state, eliminated=frozenset({(R1C3, 2)}))
    assert tools.candidates(state)[R1C3] == mask_of((1, 4))
    assert tools.entropies(state)[R1C3] == 2


def test_cell_detail_names_the_peers_that_rule_each_digit_out():
    detail = tools.cell_detail(start(), R1C3)
    assert detail.candidates == (1, 2, 4)
    assert detail.entropy == 3
    assert detail.houses == ("row 1", "column 3", "box 1")
    assert detail.ruled_out[5] == (0,)  # the given 5 in r1c1
    assert detail.ruled_out[8] == (20,)  # r3c3
    assert set(detail.ruled_out) == {3, 5, 6, 7, 8, 9}
    for digit, cells in detail.ruled_out.items():
        assert cells and all(GIVENS[c] == digit and c in PEERS[R1C3] for c in cells)


def test_fill_candidates_sets_centre_marks_of_open_cells_only():
    state = start().toggle_corner([R1C3], 9)
    result = tools.fill_candidates(state)
    masks = tools.candidates(state)
    for cell in CELLS:
        assert result.state.centre[cell] == (0 if GIVENS[cell] else masks[cell])
    assert result.state.corner == state.corner  # corner marks stay
    assert tools.fill_candidates(result.state).state is result.state  # nothing more to fill


def test_clean_marks_removes_a_placed_digit_from_its_peers_marks_only():
    state = tools.fill_candidates(start()).state
    placed = state.enter([R1C3], 4)
    cleaned = tools.clean_marks(placed, [R1C3], 4)
    for cell in CELLS:
        expected = placed.centre[cell] & ~BIT[4] if cell in PEERS[R1C3] else placed.centre[cell]
        assert cleaned.centre[cell] == expected
    assert tools.clean_marks(placed, [R1C3], 5) is placed  # 5 is not in r1c3


def test_solve_singles_places_only_solution_digits_and_finishes_an_easy_puzzle():
    result = tools.solve_singles(start())
    assert result.placed and len(set(result.placed)) == len(result.placed)
    for cell in result.placed:
        assert result.state.entries[cell] == SOLVED[cell]
    assert result.state.solved  # Wikipedia's example falls to singles alone


def test_solve_singles_refuses_while_an_entry_is_wrong():
    state = start().enter([R1C3], 1)  # the solution has 4 there
    result = tools.solve_singles(state)
    assert result.state is state and result.message == tools.WRONG_ENTRIES


def test_solve_pairs_goes_on_where_singles_stall_and_removes_no_solution_digit():
    # A QQWing "intermediate" puzzle: singles place 15 digits and stall; pairs finish it.
    puzzle = "000100000020000000050700083800370902074000010000800305900000050000200790400950201"
    solution = solve(parse_values(puzzle))
    state = PlayState.start(make_puzzle(puzzle, "".join(map(str, solution))))
    assert not tools.solve_singles(state).state.solved
    result = tools.solve_pairs(state)
    assert result.removed and result.state.solved
    for cell, digit in result.removed:
        assert solution[cell] != digit
    for cell in result.placed:
        assert result.state.entries[cell] == solution[cell]
    assert frozenset(result.removed) <= result.state.eliminated


def test_reveal_solution_fills_every_open_cell_lowest_entropy_first():
    state = start().enter([R2C2], 9)  # wrong: the solution has 7
    entropy = tools.entropies(state)
    result = tools.reveal_solution(state)
    assert result.state.solved
    assert set(result.placed) == {c for c in CELLS if not GIVENS[c] and state.entries[c] != SOLVED[c]}
    open_first = [c for c in result.placed if not state.values[c]]
    assert [entropy[c] for c in open_first] == sorted(entropy[c] for c in open_first)
    assert tools.reveal_solution(result.state).state is result.state


def test_mistakes_are_conflicts_and_entries_against_the_solution():
    state = start().enter([R1C3], 5)  # 5 twice in row 1, and wrong
    assert tools.mistakes(state) == {0, R1C3}
    state = start().enter([R1C4], 2)  # breaks no rule, but the solution has 6
    assert tools.mistakes(state) == {R1C4}
    assert tools.mistakes(start()) == frozenset()


def test_restart_clears_the_players_work_but_not_the_givens():
    state = tools.fill_candidates(start().enter([R1C3], 4).toggle_colour([0], 3)).state
    fresh = tools.restart(state).state
    assert fresh.values == tuple(GIVENS)
    assert not any(fresh.centre) and not any(fresh.colours) and not fresh.eliminated
    assert tools.restart(fresh).state is fresh


def test_remaining_counts_each_digit_still_to_place():
    counts = tools.remaining(start())
    assert counts[5] == 9 - GIVENS.count(5)
    assert sum(counts) == GIVENS.count(0)
    assert tools.remaining(tools.reveal_solution(start()).state) == (0,) * 10


# --- the tools in a play session (game.session.Game) ----------------------------------------


def test_each_tool_is_one_undoable_step_and_solving_tools_count_as_hints():
    game = make_game()
    for name, counts in (("fill", 0), ("singles", 1), ("restart", 0), ("solve", 1)):
        before, hints = game.state, game.hints_used
        result = game.use_tool(name)
        assert game.state is result.state and game.state != before, name
        assert game.hints_used == hints + counts, name
        assert game.undo() and game.state is before, name
        assert game.redo() and game.state is result.state, name
    assert game.solved


def test_check_flags_mistakes_until_the_next_action_and_counts_as_a_hint():
    game = make_game()
    game.select([R1C3])
    game.input_digit(1)  # wrong: the solution has 4
    state = game.state
    result = game.use_tool("check")
    assert game.checked == {R1C3} and game.state is state and game.hints_used == 1
    assert result.message == "1 cell marked."
    game.use_tool("check")  # the same position again: nothing new told, nothing counted
    assert game.hints_used == 1
    game.select([R1C4])
    game.input_digit(6)
    assert game.checked == frozenset()


def test_placing_a_digit_cleans_its_peers_marks_when_auto_clean_is_on():
    game = make_game()
    game.use_tool("fill")
    game.select([R1C3])
    game.input_digit(4)
    assert not any(game.state.centre[p] & BIT[4] for p in PEERS[R1C3])
    game.undo()
    assert any(game.state.centre[p] & BIT[4] for p in PEERS[R1C3])  # one step: entry and cleaning
    game.auto_clean = False
    game.input_digit(4)
    assert any(game.state.centre[p] & BIT[4] for p in PEERS[R1C3])


def test_a_hint_s_placement_cleans_its_peers_marks_as_a_typed_digit_does():
    from solver.step import Step

    for applied_by in ("hint", "steps"):
        game = make_game()
        game.use_tool("fill")
        step = Step("Naked Single", placements=((R1C3, 4),))
        if applied_by == "hint":
            game.hint = Hint("step", 2, step, candidates=tuple(game.state.centre))
            game.request_hint()  # the third press: applied
        else:
            game.apply_steps([step])  # the solution panel's Enter
        assert game.state.entries[R1C3] == 4
        assert not any(game.state.centre[p] & BIT[4] for p in PEERS[R1C3]), applied_by
        game.undo()  # one step: the placement and its cleaning
        assert game.state.entries[R1C3] == 0 and any(game.state.centre[p] & BIT[4] for p in PEERS[R1C3])


def test_a_digit_typed_on_a_given_changes_nothing_anywhere():
    game = make_game()
    given = next(c for c in range(81) if GIVENS[c])
    digit = GIVENS[given]
    peer = next(p for p in PEERS[given] if not GIVENS[p])
    game.select([peer])
    game.input_digit(digit, "corner")
    state = game.state
    game.select([given])
    assert not game.input_digit(digit) and game.state is state  # no move, the peer's mark stays


def test_an_unknown_tool_is_refused():
    with pytest.raises(ValueError):
        make_game().use_tool("guess")


def test_a_pasted_puzzle_is_checked_and_solved_then_graded_by_its_own_job(monkeypatch):
    import solver.grading

    def no_grading(*args, **kwargs):
        raise AssertionError("grading belongs to the grading job")

    monkeypatch.setattr(solver.grading, "grade", no_grading)
    imported = tools.import_puzzle(f"  {PUZZLE}\n")
    assert imported.puzzle == tuple(GIVENS) and imported.solution == tuple(SOLVED)
    assert imported.level is None and imported.hardest is None  # known later
    grid_text = "\n".join(PUZZLE[r * 9 : (r + 1) * 9] for r in range(9))
    assert tools.import_puzzle(grid_text).puzzle == tuple(GIVENS)
    inkala = tools.import_puzzle(INKALA)  # grades for seconds; checked at once
    assert inkala.level is None and all(inkala.solution)
    monkeypatch.undo()
    level, hardest = jobs.grade_puzzle(imported.puzzle, lambda value: None, lambda: False)
    assert level.name == "EASY" and hardest in ("Full House", "Naked Single", "Hidden Single")


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "no puzzle"),
        ("hello", "bad character 'h' at position 1 (r1c1)"),
        (PUZZLE[:-1] + "5", "two 5s in column 9"),
        ("0" * 81, "multiple solutions"),
        ("1234567891" + "0" * 71, "two 1s in column 1"),
        (SOLUTION, "every cell already holds a digit: there is nothing to play"),  # a win for nothing
    ],
)
def test_a_bad_paste_says_what_is_wrong(text, words):
    from solver.errors import PuzzleError

    with pytest.raises(PuzzleError) as error:
        tools.import_puzzle(text)
    assert words in str(error.value)
