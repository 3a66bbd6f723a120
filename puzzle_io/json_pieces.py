"""JSON decoded a piece at a time, for a reading thread that must not hold up the frame loop.

``json.loads`` of a bank level file (~370 KB) runs ~5 ms of C holding the interpreter lock;
``loads_in_pieces`` decodes a top-level object's values, and its lists' items, one at a time,
with a callback between them. Same result as ``json.loads``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, cast

_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")
# ``_SPACE.match``, typed as it behaves: the pattern matches the empty string, so never None.
_match_space = cast("Callable[[str, int], re.Match[str]]", _SPACE.match)


def loads_in_pieces(raw: bytes, between: Callable[[], object] | None = None) -> Any:
    """``json.loads(raw)``, decoding a top-level object's values, and the items of its lists, one
    at a time, calling ``between()`` after each list item: the game reads the bank on a thread,
    and one ``json.loads`` of a level file holds the interpreter lock for ~5 ms of C; there
    ``between`` is ``time.sleep(0)``, which hands the lock to the frame loop whenever it waits.
    Anything but a top-level object is decoded in one piece. A UTF-8 byte order mark is accepted.

    Raises:
        ValueError: ``raw`` is not UTF-8 JSON (``json.JSONDecodeError`` or ``UnicodeDecodeError``).
    """
    text = raw.decode("utf-8-sig")
    start = _match_space(text, 0).end()
    if not text.startswith("{", start):
        return json.loads(text)
    decode, space = _DECODER.raw_decode, _match_space
    found: dict[str, Any] = {}
    at = space(text, start + 1).end()
    if text.startswith("}", at):
        return _end(text, at + 1, found)
    while True:
        key, at = decode(text, at)
        if not isinstance(key, str):
            raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, at)
        at = space(text, at).end()
        if not text.startswith(":", at):
            raise json.JSONDecodeError("Expecting ':' delimiter", text, at)
        at = space(text, at + 1).end()
        if text.startswith("[", at):
            found[key], at = _list_in_pieces(text, at + 1, between)
        else:
            found[key], at = decode(text, at)
        at = space(text, at).end()
        if text.startswith("}", at):
            return _end(text, at + 1, found)
        if not text.startswith(",", at):
            raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
        at = space(text, at + 1).end()


def _list_in_pieces(text: str, at: int, between: Callable[[], object] | None) -> tuple[list[Any], int]:
    """The list whose items start at ``at`` (just after its '['), and the index after its ']'."""
    decode, space = _DECODER.raw_decode, _match_space
    items: list[Any] = []  # JSON values
    at = space(text, at).end()
    if text.startswith("]", at):
        return items, at + 1
    while True:
        item, at = decode(text, at)
        items.append(item)
        if between is not None:
            between()
        at = space(text, at).end()
        if text.startswith("]", at):
            return items, at + 1
        if not text.startswith(",", at):
            raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
        at = space(text, at + 1).end()


def _end(text: str, at: int, value: dict[str, Any]) -> dict[str, Any]:
    """``value``, when nothing but white space follows ``at`` in ``text``."""
    at = _match_space(text, at).end()
    if at != len(text):
        raise json.JSONDecodeError("Extra data", text, at)
    return value
