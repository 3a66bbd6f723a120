"""The game's scenes: menu -> difficulty -> generating -> play -> win, and settings, stats and
the history of games (from stats).

``SCENES`` maps each scene's name to its class. The App switches scenes by name
(``App.goto("play", game=...)``), so no scene imports another and none imports the App.
"""

from collections.abc import Callable

from game.scenes.base import Scene
from game.scenes.difficulty import DifficultyScene
from game.scenes.generating import GeneratingScene
from game.scenes.history import HistoryScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.practice import PracticeScene
from game.scenes.settings import SettingsScene
from game.scenes.stats import StatsScene
from game.scenes.win import WinScene

SCENES: dict[str, Callable[..., Scene]] = {
    scene.name: scene
    for scene in (
        MenuScene,
        DifficultyScene,
        GeneratingScene,
        PlayScene,
        PracticeScene,
        WinScene,
        SettingsScene,
        StatsScene,
        HistoryScene,
    )
}
