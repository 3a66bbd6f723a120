"""Practice mode (issue 16 item 1): the position's game, the verdict on an answer, the per-technique
statistics, and the screens: menu -> Practice -> a technique -> the position -> Enter checks,
N the next position, Esc back to the list."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game import input as act
from game import practice
from game.practice import PracticePosition, answer, judge, practice_game
from game.profile import Profile
from game.scenes import practice as practice_scene
from game.stats import Stats
from solver.grid import BIT, PEERS, allowed_masks, parse_values
from solver.levels import Level
from solver.step import Step
from tests.gameplay import FRAME, PUZZLE, R1C3, SOLUTION, FakeClock, key, run_until

GIVENS = tuple(parse_values(PUZZLE))
ANSWERS = tuple(parse_values(SOLUTION))
R1C4, R4C3, R5C3 = 3, 29, 38


def position(*steps: Step, technique: str = "X-Wing") -> PracticePosition:
    """PUZZLE with r1c3 placed (4) as its position, the rules' candidates, and ``steps``."""
    values = list(GIVENS)
    values[R1C3] = 4
    return PracticePosition(technique, Level.HARD, GIVENS, ANSWERS, tuple(values), tuple(allowed_masks(values)), steps)


# candidates there: r4c3 1, 2, 5, 9 (its solution 9); r5c3 2, 5, 6, 9; r1c4 2, 6 (its solution 6)
TWO = Step("X-Wing", eliminations=((R4C3, 1), (R4C3, 2)), text="Two go.")
OTHER = Step("X-Wing", eliminations=((R1C4, 2),), text="Another X-Wing.")
PLACE = Step("Hidden Single", placements=((R1C4, 6),), eliminations=((R1C4, 2),), text="6 fits only there.")


def test_the_game_shows_the_position_s_candidates_as_centre_marks():
    pos = position(TWO)
    game = practice_game(pos, clock=FakeClock())
    state = game.state
    assert state.entries[R1C3] == 4 and not state.puzzle.givens[R1C3]  # placed, not a given
    assert state.centre[R4C3] == pos.candidates[R4C3] and state.centre[R1C3] == 0
    assert game.mode == "centre" and not game.puzzle.counted and game.puzzle.level == Level.HARD
    cut = list(pos.candidates)
    cut[R4C3] &= ~BIT[5]  # an earlier step removed 5 from r4c3: the hint remembers it
    cut_pos = PracticePosition("X-Wing", Level.HARD, pos.givens, pos.solution, pos.values, tuple(cut), pos.steps)
    game = practice_game(cut_pos, clock=FakeClock())
    assert game.state.eliminated == {(R4C3, 5)} and not game.state.centre[R4C3] & BIT[5]


def test_an_answer_is_judged_right_partly_wrong_or_not_yet():
    pos = position(TWO, OTHER)
    game = practice_game(pos, clock=FakeClock())
    assert judge(pos, game.state).kind == "nothing"
    game.toggle_mark(R4C3, 2, "centre")
    verdict = judge(pos, game.state)
    assert (verdict.kind, verdict.step, verdict.hits, verdict.needed) == ("partly", TWO, 1, 2)
    game.toggle_mark(R4C3, 1, "centre")
    assert judge(pos, game.state).kind == "right" and "Two go." in judge(pos, game.state).text
    game.toggle_mark(R5C3, 6, "centre")  # no step removes 6 there
    verdict = judge(pos, game.state)
    assert verdict.kind == "wrong" and verdict.wrong == ((R5C3, 6, False),) and "r5c3<>6" in verdict.text


def test_any_of_the_technique_s_steps_here_is_a_right_answer():
    pos = position(TWO, OTHER)
    game = practice_game(pos, clock=FakeClock())
    game.toggle_mark(R1C4, 2, "centre")
    verdict = judge(pos, game.state)
    assert verdict.kind == "right" and verdict.step == OTHER


def test_entering_the_placed_digit_is_the_whole_answer_and_its_clean_up_is_not_counted():
    pos = position(PLACE, technique="Hidden Single")
    game = practice_game(pos, clock=FakeClock())
    game.select([R1C4])
    game.input_digit(6, "normal")  # auto-clean takes 6 from the peers' centre marks
    assert any(not game.state.centre[p] & BIT[6] and pos.candidates[p] & BIT[6] for p in PEERS[R1C4])
    assert answer(pos, game.state) == {(R1C4, 6, True)}
    assert judge(pos, game.state).kind == "right"
    game.select([R1C4])
    game.input_digit(6, "normal")  # cleared again
    game.input_digit(2, "normal")
    assert judge(pos, game.state).kind == "wrong"


def test_practice_statistics_count_tried_and_solved_and_a_bad_entry_costs_only_itself(tmp_path):
    stats = Stats()
    stats.record_practice("X-Wing", tried=True, solved=False)
    stats.record_practice("X-Wing", tried=True, solved=True)
    assert stats.practice == {"X-Wing": [2, 1]}
    stats.record_practice("X-Wing", tried=False, solved=True)  # right at a later check
    stats.record_practice("Skyscraper", tried=False, solved=True)  # never more solved than tried
    assert stats.practice == {"X-Wing": [2, 2], "Skyscraper": [0, 0]}
    del stats.practice["Skyscraper"]
    data = stats.to_data()
    data["practice"]["Skyscraper"] = [1, 3]  # more solved than tried
    data["practice"]["XY-Wing"] = "two"
    kept, lost = Stats.salvage(json.loads(json.dumps(data)))
    assert kept.practice == {"X-Wing": [2, 2]} and sorted(lost) == ["practice: Skyscraper", "practice: XY-Wing"]
    profile = Profile(tmp_path)
    profile.record_practice("W-Wing", first=True, solved=False)
    profile.record_practice("W-Wing", first=False, solved=True)  # right at the second check
    profile.record_practice("W-Wing", first=False, solved=False)  # changes nothing
    assert profile.stats.practice["W-Wing"] == [1, 1]


def test_the_chooser_lists_the_index_s_techniques_by_level_in_the_solver_s_order(tmp_path):
    listed = practice.indexed()
    assert list(listed)[:3] == ["Full House", "Naked Single", "Hidden Single"]
    assert [level for level, _ in listed.values()] == sorted(level for level, _ in listed.values())
    assert listed["X-Wing"] == (Level.HARD, 24) and listed["Jellyfish"][1] >= 20
    assert all(practice.explanation(name) for name in listed)  # each has its sentence
    (tmp_path / "practice.json").write_text("{not json")
    assert practice.indexed(tmp_path / "practice.json") == {} == practice.indexed(tmp_path / "missing.json")


# --- the screens ----------------------------------------------------------------------------------


def open_position(app, technique: str = "X-Wing"):
    app.goto("menu")
    app.frame([key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RETURN)], FRAME)  # New, Daily, Practice
    assert app.scene.name == "practice"
    app.scene.choose(technique)
    run_until(app, lambda: app.scene.name == "play", frames=3000)
    return app.scene


def test_menu_practice_plays_a_position_where_enter_checks_and_counts(app):
    scene = open_position(app)
    pos, game = scene.practice, scene.game
    assert pos.technique == "X-Wing" and game is not app.game  # the player's own game is untouched
    assert scene.panel_text[0] == "PRACTICE: X-Wing"
    app.frame([key(pygame.K_RETURN)], FRAME)  # nothing done yet: the step is shown, nothing counted
    assert scene.verdict.kind == "nothing" and game.hint.step == pos.steps[0]
    assert app.profile.stats.practice == {}
    for cell, digit in pos.steps[0].eliminations:
        game.toggle_mark(cell, digit, "centre")
    for cell, digit in pos.steps[0].placements:
        game.select([cell])
        game.input_digit(digit, "normal")
    app.frame([key(pygame.K_RETURN)], FRAME)
    assert scene.verdict.kind == "right" and scene.panel_text[0] == "RIGHT"
    assert app.profile.stats.practice == {"X-Wing": [1, 1]}
    app.frame([key(pygame.K_RETURN)], FRAME)  # checking again counts nothing more
    assert app.profile.stats.practice == {"X-Wing": [1, 1]}
    app.frame([key(pygame.K_ESCAPE)], FRAME)  # the list says how it went
    assert app.scene.name == "practice" and app.scene.record("X-Wing") == "  (tried 1, solved 1)"


def test_n_plays_the_next_position_and_esc_returns_to_the_list(app):
    scene = open_position(app, "Skyscraper")
    first = scene.practice
    app.frame([key(pygame.K_n)], FRAME)
    run_until(app, lambda: app.scene.name == "play" and app.scene is not scene, frames=3000)
    assert app.scene.practice.technique == "Skyscraper" and app.scene.practice_seed == scene.practice_seed + 1
    assert app.scene.practice.values != first.values  # another position
    app.frame([key(pygame.K_ESCAPE)], FRAME)
    chooser = app.scene
    assert chooser.name == "practice" and chooser.menu.focused_action() == ("technique", "Skyscraper")


def test_a_paste_in_practice_leaves_the_player_s_game_and_the_position_alone(app, monkeypatch):
    from game import clipboard
    from tests.gameplay import PUZZLE, play

    own = play(app).game
    app.goto("practice")
    app.scene.choose("X-Wing")
    run_until(app, lambda: app.scene.name == "play", frames=3000)
    scene = app.scene
    position = scene.game.state
    monkeypatch.setattr(clipboard.pygame.scrap, "get_text", lambda: PUZZLE)
    app.frame([key(pygame.K_v, pygame.KMOD_CTRL)], FRAME)
    for _ in range(20):
        app.frame([], FRAME)
    assert app.game is own and own.puzzle.givens != scene.game.puzzle.givens and scene.game.state is position
    assert scene.panel_text[0] == "PASTE" and "not here: leave practice" in scene.panel_text[1]


def test_restart_in_practice_goes_back_to_the_position_and_solve_is_not_offered(app):
    scene = open_position(app)
    game, position = scene.game, scene.game.state
    cell, digit = scene.practice.steps[0].eliminations[0]
    game.toggle_mark(cell, digit, "centre")
    scene.perform(act.UseTool("restart"))
    assert game.state == position  # the position, not the bare givens (32 digits, 49 cells of marks)
    app.frame([key(pygame.K_RETURN)], FRAME)
    assert scene.verdict.kind == "nothing"  # nothing done: not blamed for steps never made
    scene.perform(act.UseTool("solve"))
    app.frame([], FRAME)
    assert not game.solved and scene.panel_text[0] == "SOLVE" and "H shows it" in scene.panel_text[1]


@pytest.mark.parametrize("action", ["back", "example", ("technique", "Skyscraper")])
def test_a_new_window_size_keeps_the_focus_where_it_was(app, action):
    """Resizing rebuilt the buttons and took "back" and "example" for technique names: the focus
    fell on a technique, and Enter started its position instead of going back."""
    scene = app.goto("practice")
    scene.menu.focus_on(action)
    assert scene.menu.focused_action() == action
    scene.resize()
    assert scene.menu.focused_action() == action


def test_enter_outside_practice_changes_nothing(app):
    from tests.gameplay import play

    scene = play(app)
    before = scene.game.state
    scene.perform(act.CheckAnswer())
    assert scene.game.state is before and scene.game.hint is None and scene.verdict is None


@pytest.mark.parametrize("size", [(1200, 800), (800, 600)])
def test_the_chooser_s_buttons_fit_the_window_without_overlap(screen, size):
    from game.app import App

    small = App(pygame.Surface(size), seed=11, clock=FakeClock())
    for level in Level.HARD, Level.EXPERT:  # the two longest lists
        chooser = small.goto("practice", technique="X-Wing" if level == Level.HARD else "XY-Chain")
        rects = [button.rect for button in chooser.menu.buttons]
        assert all(r.left >= 0 and r.right <= size[0] and r.top >= 0 and r.bottom <= size[1] for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_e_on_the_list_shows_an_example_of_the_focused_technique_drawn_on_the_board(app):
    chooser = app.goto("practice", technique="W-Wing")
    app.frame([key(pygame.K_e)], FRAME)
    run_until(app, lambda: app.scene.name == "play", frames=3000)
    scene = app.scene
    assert scene.practice.technique == "W-Wing" and scene.verdict.kind == "example"
    assert scene.game.hint.step == scene.practice.steps[0] and scene.game.hint.stage == 2
    app.frame([], FRAME)
    assert scene.panel_text[0] == "EXAMPLE" and app.profile.stats.practice == {}  # nothing tried yet
    assert chooser.last == "W-Wing"


def test_a_new_visit_goes_on_to_a_position_not_tried_yet(app):
    first = open_position(app).practice
    app.frame([key(pygame.K_RETURN)], FRAME)  # shown, not tried
    again = open_position(app).practice
    assert again.values == first.values  # nothing was tried: the same position
    game = app.scene.game
    game.toggle_mark(
        *next((c, d) for c in range(81) for d in range(1, 10) if game.state.centre[c] >> (d - 1) & 1), "centre"
    )
    app.frame([key(pygame.K_RETURN)], FRAME)  # tried (whatever the verdict)
    assert app.profile.stats.practice["X-Wing"][0] == 1
    assert open_position(app).practice.values != first.values


def test_a_rare_technique_is_listed_and_its_position_is_made_in_the_worker(app):
    chooser = app.goto("practice", technique="Hidden Quad")
    assert chooser.level == Level.HARD and "Hidden Quad" in chooser.names(Level.HARD)
    assert chooser.techniques["Hidden Quad"][1] == 0 and "made on demand" in chooser.made_note("Hidden Quad")
    assert chooser.made_note("X-Wing") == ""
    chooser.seed = 3
    chooser.last = "Hidden Quad"
    chooser.choose("Hidden Quad")
    assert chooser.message.startswith("Making a position where Hidden Quad is the next step")
    run_until(app, lambda: app.scene.name == "play", frames=6000)
    scene = app.scene
    assert scene.practice.technique == "Hidden Quad" and scene.practice.steps[0].technique == "Hidden Quad"


# --- the example card beside the list -------------------------------------------------------------


@pytest.mark.parametrize("size", [(1200, 800), (800, 600)])
def test_every_label_fits_its_button_and_the_card_sits_beside_the_list(screen, size):
    from game.app import App
    from game.scenes.practice import CARD_W, CARD_X, GRID_TOP

    small = App(pygame.Surface(size), seed=11, clock=FakeClock())
    chooser = small.goto("practice", technique="X-Wing")
    card = chooser.layout.rect(CARD_X, GRID_TOP, CARD_W, CARD_W)
    assert card.right <= size[0]
    for level in Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.MASTER:
        chooser.activate(("level", level))
        for button in chooser.menu.buttons:
            if isinstance(button.action, tuple) and button.action[0] == "technique":
                assert chooser.theme.font(button.size).size(button.label)[0] <= button.rect.w, button.label
                assert not button.rect.colliderect(card)


def test_the_focused_technique_s_example_is_found_in_the_worker_and_drawn_beside_the_list(app):
    chooser = app.goto("practice", technique="X-Wing")
    run_until(app, lambda: "X-Wing" in chooser.examples, frames=3000)
    example = chooser.examples["X-Wing"]
    assert example.technique == "X-Wing" and example.steps[0].technique == "X-Wing"
    assert chooser.example_for is None and not chooser.animating()  # at rest once it came
    chooser.menu.focus_on(("technique", "Swordfish"))
    app.frame([], FRAME)  # the newly focused technique's example is asked for
    assert chooser.example_for == "Swordfish" or "Swordfish" in chooser.examples
    run_until(app, lambda: "Swordfish" in chooser.examples, frames=3000)


def test_an_example_that_comes_while_the_player_is_idle_is_drawn_at_once(app):
    """The window draws an idle frame only when the scene is stale or animating: once the
    example came, the scene no longer animates, so it must say that its picture is stale (it
    did not: the card said "Drawing an example..." until the mouse moved)."""
    chooser = app.goto("practice", technique="X-Wing")
    app.frame([], FRAME)  # drawn while the example is asked for
    drew = True
    while "X-Wing" not in chooser.examples:
        assert chooser.animating()
        drew = app.frame([], FRAME, None)  # the idle window's frames
    assert drew and not chooser.animating()  # the frame the example came in drew it
    assert not chooser.stale() and not app.frame([], FRAME, None)  # then the window rests


def test_an_example_is_asked_for_once_and_its_job_stops_when_the_list_is_left(app, monkeypatch):
    asked = []

    def failing(name, seed, progress, cancel):
        asked.append(name)
        raise LookupError("none")

    monkeypatch.setattr(practice_scene.jobs, "practice_position", failing)
    monkeypatch.setattr(practice_scene, "_EXAMPLES", {})  # none kept from other tests, none left for them
    chooser = app.goto("practice", technique="Turbot Fish")
    run_until(app, lambda: "Turbot Fish" in chooser.examples, frames=3000)
    for _ in range(5):
        app.frame([], FRAME)
    assert asked == ["Turbot Fish"] and chooser.examples["Turbot Fish"] is None  # failed: not asked again
    del chooser.examples["Turbot Fish"]
    monkeypatch.setattr(practice_scene.jobs, "practice_position", lambda *args: time.sleep(5))
    app.frame([], FRAME)
    assert chooser.example_for == "Turbot Fish" and app.jobs.busy
    app.frame([key(pygame.K_ESCAPE)], FRAME)  # back to the menu: the example's job is stopped
    assert app.scene.name == "menu" and not app.jobs.busy and chooser.example_for is None


def test_choosing_the_technique_whose_example_is_under_way_waits_for_that_job(app, monkeypatch):
    import threading

    release = threading.Event()
    made = []

    def slow(name, seed, progress, cancel):
        made.append((name, seed))
        release.wait(5)
        return chooser.examples["X-Wing"]

    monkeypatch.setattr(practice_scene, "_EXAMPLES", {})
    chooser = app.goto("practice", technique="X-Wing")
    run_until(app, lambda: "X-Wing" in chooser.examples, frames=3000)  # a real position to hand back
    monkeypatch.setattr(practice_scene.jobs, "practice_position", slow)
    chooser.menu.focus_on(("technique", "Swordfish"))
    app.frame([], FRAME)
    assert chooser.example_for == "Swordfish"
    chooser.choose("Swordfish")  # seed 0, as the example's: no second job
    assert chooser.job == chooser.example_job
    deadline = time.monotonic() + 5
    while not made and time.monotonic() < deadline:  # the worker thread starts the job
        time.sleep(0.005)
    assert made == [("Swordfish", 0)]
    release.set()
    run_until(app, lambda: app.scene.name == "play", frames=3000)
    assert made == [("Swordfish", 0)]


def test_the_card_tints_the_pattern_and_the_eliminations_and_fits_digits_or_dots(screen):
    from game.example_card import TINT, cell_rect, draw_example
    from game.theme import Theme, blend

    theme = Theme()
    surface = pygame.Surface((300, 300))
    board = pygame.Rect(12, 12, 270, 270)  # 30 px cells
    step = Step(
        "X-Wing",
        eliminations=((40, 7),),
        pattern=((10, 7), (16, 7), (64, 7), (70, 7)),
    )
    values = [0] * 81
    values[0] = 5
    drawn = draw_example(surface, theme, board, values, step, 17)
    assert drawn == {10: "digits", 16: "digits", 64: "digits", 70: "digits", 40: "digits"}
    palette = theme.palette

    def fill(cell):
        rect = cell_rect(board, cell)
        return tuple(surface.get_at((rect.x + 3, rect.y + 3)))[:3]

    assert fill(10) == blend(palette.board_bg, palette.good, TINT)
    assert fill(40) == blend(palette.board_bg, palette.conflict, TINT)
    assert fill(20) == palette.board_bg  # a cell the step does not mark
    crowded = Step("Naked Triple", pattern=((10, 1), (10, 4), (10, 9)), eliminations=((11, 4),))
    tiny = pygame.Rect(0, 0, 150, 150)  # 16-17 px cells: three digits do not fit at 17
    assert draw_example(surface, theme, tiny, [0] * 81, crowded, 17)[10] == "dots"


def test_the_arrows_move_through_the_technique_grid_by_rows_and_columns(app):
    chooser = app.goto("practice", technique="Naked Quad")  # Hard: three columns
    names = chooser.names(Level.HARD)
    assert chooser.focused_technique() == names[0]
    app.frame([key(pygame.K_RIGHT)], FRAME)
    assert chooser.focused_technique() == names[1]  # the next column
    app.frame([key(pygame.K_DOWN)], FRAME)
    assert chooser.focused_technique() == names[4]  # the row below, same column
    app.frame([key(pygame.K_LEFT)], FRAME)
    assert chooser.focused_technique() == names[3]
    app.frame([key(pygame.K_UP)], FRAME)
    assert chooser.focused_technique() == names[0]
    app.frame([key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RIGHT)], FRAME)
    assert chooser.focused_technique() == names[0]  # a row wraps round, never to a tab
    app.frame([key(pygame.K_UP)], FRAME)
    assert chooser.menu.focused_action() == ("level", Level.EASY)  # the tab above
    app.frame([key(pygame.K_DOWN)], FRAME)
    assert chooser.focused_technique() == names[0]
    for _ in range(-(-len(names) // 3)):  # down the first column and on to the button under it
        app.frame([key(pygame.K_DOWN)], FRAME)
    assert chooser.menu.focused_action() == "example"


def test_a_list_without_buttons_has_no_focused_action():
    from game.widgets import ButtonList

    assert ButtonList([]).focused_action() is None
