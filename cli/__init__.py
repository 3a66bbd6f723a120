"""The command line: ``main.py`` and the installed ``sudoku`` command (``launch``) run
``commands.main``, the parser of every command and the commands; ``common`` holds what the
commands share (input, levels, exit codes), ``setter`` the puzzle setter's commands (optimize,
bank, book). The game (``game``) is one command, ``play``; nothing in ``game``, ``generator`` or
``solver`` imports this package.
"""
