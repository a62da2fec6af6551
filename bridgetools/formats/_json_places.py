"""Where each board of a JSON document starts, so a problem in one names its own line and column.

`json.loads` gives values without places; a document holds many boards, and a problem with one of
them (a bad deal, a board number that is not a number) must name where that board is, not the
document's first line. This walks the document's top level once more, only when there is a problem
to place, and gives the offset of each board object, and of a board's field whose value is bad.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterator
from typing import Any

_WHITE = re.compile(r"[ \t\n\r]*")
"""JSON's white space (RFC 8259), skipped between values."""


def board_offsets(text: str) -> list[int]:
    """The offset in ``text`` (a document `json.loads` read) of each board: the items of its top-level
    ``boards`` list, or of the document itself when it is a list; ``[0]`` for a single object."""
    pos = _skip(text, 0)
    if text.startswith("[", pos):
        return _items(text, pos, json.JSONDecoder())
    if not text.startswith("{", pos):
        return []
    return keyed_items(text, pos, "boards") or [0]


def keyed_items(text: str, pos: int, key: str) -> list[int]:
    """The offsets of the items of the list that the object opening at ``pos`` holds under ``key`` (a
    table record's rubbers, a rubber's deals), up to a cut; none when it holds no such list."""
    found = _keyed(text, pos, key, json.JSONDecoder())
    return [] if found is None else [at for at, _ in found[1]]


def _keyed(text: str, pos: int, key: str,
           decoder: json.JSONDecoder) -> tuple[dict[str, Any], Iterator[tuple[int, Any]]] | None:
    """The keys that the object opening at ``pos`` holds before ``key``, with their values, and the items
    of the list it holds under ``key`` (`_walk`); None when it holds no such list before its end or a cut:
    one walk for the places of a whole document's items and for what a cut one holds whole."""
    keys: dict[str, Any] = {}
    pos = _skip(text, pos + 1)
    try:
        while text.startswith('"', pos):
            name, pos = decoder.raw_decode(text, pos)
            pos = _skip(text, _skip(text, pos) + 1)  # past the colon
            if name == key and text.startswith("[", pos):
                return keys, _walk(text, pos, decoder)
            keys[name], end = decoder.raw_decode(text, pos)
            pos = _next(text, end)
    except json.JSONDecodeError:
        return None
    return None


def value_offset(text: str, pos: int, key: str) -> int | None:
    """The offset of the value that the object opening at ``pos`` holds under ``key`` (the last such key,
    as `json.loads` keeps the last, or the last before a cut), or None: where a board's bad field is, for
    its problem."""
    decoder = json.JSONDecoder()
    found = None
    pos = _skip(text, pos + 1)
    try:
        while text.startswith('"', pos):
            name, pos = decoder.raw_decode(text, pos)
            pos = _skip(text, _skip(text, pos) + 1)  # past the colon
            if name == key:
                found = pos
            pos = _after(text, pos, decoder)
    except json.JSONDecodeError:
        pass
    return found


def path_offset(text: str, pos: int, path: tuple[str | int, ...]) -> int | None:
    """The offset of the value that the value opening at ``pos`` holds under ``path``, keys of objects and
    indexes of lists (``("auction", "calls", 2)``: the third call), or of the deepest step of it found:
    where a bad call or card is, for its problem; None when not even the first step is there."""
    found = None
    for step in path:
        if isinstance(step, str) and text.startswith("{", pos):
            at = value_offset(text, pos, step)
        elif isinstance(step, int) and text.startswith("[", pos):
            items = _items(text, pos, json.JSONDecoder())
            at = items[step] if 0 <= step < len(items) else None
        else:
            at = None
        if at is None:
            break
        found = pos = at
    return found


class LineStarts:
    """Where each line of one text starts, found once: a document with a problem in many boards places
    each by bisection, not by counting its lines from the start again (which took time quadratic in
    its size)."""

    def __init__(self, text: str) -> None:
        self.starts = [0, *(match.end() for match in _NEWLINE.finditer(text))]

    def line_column(self, offset: int) -> tuple[int, int]:
        """The line and column (both from 1) of ``offset``."""
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


_NEWLINE = re.compile("\n")


def whole_boards(text: str) -> Any:
    """What a document cut short holds whole: its top-level array of the boards before the cut, or its
    object's keys before the cut with ``boards``, the boards before the cut (the last, cut, left out);
    None when it holds no board whole."""
    decoder = json.JSONDecoder()
    pos = _skip(text, 0)
    if text.startswith("[", pos):
        return [item for _, item in _walk(text, pos, decoder)] or None
    found = _keyed(text, pos, "boards", decoder) if text.startswith("{", pos) else None
    boards = [] if found is None else [item for _, item in found[1]]
    return {**found[0], "boards": boards} if found is not None and boards else None


def _items(text: str, pos: int, decoder: json.JSONDecoder) -> list[int]:
    """The offsets of the items of the list that opens at ``pos``, up to a cut."""
    return [at for at, _ in _walk(text, pos, decoder)]


def _walk(text: str, pos: int, decoder: json.JSONDecoder) -> Iterator[tuple[int, Any]]:
    """The offset and value of each item of the list that opens at ``pos``, up to the first that is cut
    short or bad (a document cut short keeps the items before the cut, and their places)."""
    pos = _skip(text, pos + 1)
    try:
        while pos < len(text) and text[pos] != "]":
            item, end = decoder.raw_decode(text, pos)
            yield pos, item
            pos = _next(text, end)
    except json.JSONDecodeError:
        return


def _after(text: str, pos: int, decoder: json.JSONDecoder) -> int:
    """Where the value at ``pos`` ends, past white space and one comma."""
    return _next(text, decoder.raw_decode(text, pos)[1])


def _next(text: str, end: int) -> int:
    """Where the next value starts after a value that ends at ``end``: past white space and one comma."""
    pos = _skip(text, end)
    return _skip(text, pos + 1) if text.startswith(",", pos) else pos


def _skip(text: str, pos: int) -> int:
    """``pos`` past any white space."""
    match = _WHITE.match(text, pos)
    return match.end() if match else pos


__all__ = ["LineStarts", "board_offsets", "keyed_items", "path_offset", "value_offset", "whole_boards"]
