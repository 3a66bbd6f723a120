"""The game's scenes: menu -> difficulty -> generating -> play -> win (see game.app.App.switch)."""
