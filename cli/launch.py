"""The installed ``sudoku`` command (``pip install .``): the same as ``python main.py``.

Importing this module makes Ctrl+C end the process at once with exit code 130, silently: it is
the first thing the command runs, before any module that takes time to load (see main.py and
``cli.commands``), so no moment of a start prints a traceback. Nothing else imports it.
"""

import _signal  # the C module behind `signal`, loaded with the interpreter: runs no code

_signal.signal(_signal.SIGINT, lambda signum, frame: __import__("os")._exit(130))


def main() -> int:
    """Run the command line (``cli.commands``); return its exit code."""
    from cli.commands import _run

    return _run()
