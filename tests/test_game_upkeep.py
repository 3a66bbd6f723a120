"""The app's after-frame work (game.upkeep) with stand-ins for the bank and the app: what starts
when, and what happens once."""

from __future__ import annotations

from types import SimpleNamespace

from game.upkeep import Upkeep


class FakeSupply:
    def __init__(self) -> None:
        self.loading = 0
        self.ready = False
        self.problems: list[str] = []

    def start_loading(self) -> None:
        self.loading += 1


class FakeFiller:
    def __init__(self) -> None:
        self.ticks: list[float] = []

    def tick(self, host: object, dt: float) -> None:
        self.ticks.append(dt)


def run(fn, *args):
    fn(*args)


def make(scene: str = "menu", source: str = "bank"):
    supply, filler, warmed, logged = FakeSupply(), FakeFiller(), [], []
    upkeep = Upkeep(supply, filler, lambda: warmed.append(1), run)
    host = SimpleNamespace(settings=SimpleNamespace(puzzle_source=source), scene=SimpleNamespace(name=scene))
    host.log = logged.append
    return upkeep, host, supply, filler, warmed, logged


def test_the_bank_is_read_once_after_the_first_frame_then_the_play_screen_warmed_once():
    upkeep, host, supply, filler, warmed, _ = make()
    upkeep.after_frame(host, 0.016)
    assert supply.loading == 1 and not warmed  # the bank is not in yet
    upkeep.after_frame(host, 0.016)
    assert not warmed
    supply.ready = True
    for _ in range(3):
        upkeep.after_frame(host, 0.016)
    assert supply.loading == 1 and warmed == [1] and filler.ticks == [0.016] * 5


def test_no_warm_up_on_a_busy_screen_or_without_bank_games():
    for scene, source in (("play", "bank"), ("menu", "generate")):
        upkeep, host, supply, _, warmed, _ = make(scene, source)
        supply.ready = True
        for _ in range(3):
            upkeep.after_frame(host, 0.016)
        assert not warmed, (scene, source)


def test_bank_problems_are_logged_and_sounds_come_once_when_asked(monkeypatch):
    upkeep, host, supply, _, _, logged = make()
    supply.problems.append("assets/bank/easy.json: not JSON")
    assert upkeep.after_frame(host, 0.016) is None
    assert logged == ["assets/bank/easy.json: not JSON"] and not supply.problems
    made = []
    monkeypatch.setattr("game.sound.Sounds.create", lambda volume, enabled: made.append((volume, enabled)) or "sounds")
    upkeep.want_sounds(0.5, False)
    assert upkeep.after_frame(host, 0.016) == "sounds" and made == [(0.5, False)]
    assert upkeep.after_frame(host, 0.016) is None and len(made) == 1
