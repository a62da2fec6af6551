"""Characters an output's encoding cannot hold (``write(..., encoding="latin-1")`` of an em dash): written
as ``?``, as they always were, and said in one warning naming the boards and the text they were in, as a
writer's other losses are said, not lost in silence."""

from __future__ import annotations

import codecs
import contextlib
import os
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from types import FrameType

from bridgetools._words import boards_numbered, excerpt, plural
from bridgetools.board import Board
from bridgetools.model.cards import SUIT_GLYPHS

HANDLER = "bridgetools-question-marks"
"""The encoding error handler of a file `write` opens in a given encoding: ``?`` for a character the
encoding lacks, told to the `Unwritable` of the write under way."""

EXCERPTS_AT_MOST = 3
"""How many of the lines that lost characters the warning quotes."""


class Unwritable:
    """What one write could not encode: the characters, the boards being written when they came (or the
    file's header), and the written lines they were in (a PBN tag's line names its tag:
    ``[Event "Tricks—Length"]``)."""

    def __init__(self) -> None:
        self.board: Board | None = None
        self.chars: dict[str, int] = {}
        self.boards: list[str] = []
        self.in_header = False
        self.lines: list[str] = []

    def following(self, boards: Iterable[Board]) -> Iterator[Board]:
        """``boards`` as they are, each known as the one being written while the writer writes it."""
        for board in boards:
            self.board = board
            yield board

    def add(self, error: UnicodeEncodeError) -> None:
        for char in error.object[error.start:error.end]:
            self.chars[char] = self.chars.get(char, 0) + 1
        if self.board is None:  # before the first board, or a header naming many (`now_writing`)
            self.in_header = True
        else:
            number = "?" if self.board.number is None else str(self.board.number)
            if not self.boards or self.boards[-1] != number:
                self.boards.append(number)
        start = error.object.rfind("\n", 0, error.start) + 1
        end = error.object.find("\n", error.end)
        line = error.object[start:end if end >= 0 else len(error.object)].strip()
        if line not in self.lines:
            self.lines.append(line)

    def message(self, encoding: str) -> str:
        chars = ", ".join(f"{char!r} ({plural(n, 'time')})" for char, n in self.chars.items())
        quoted = "; ".join(repr(excerpt(line, 60)) for line in self.lines[:EXCERPTS_AT_MOST])
        more = f"; {len(self.lines) - EXCERPTS_AT_MOST} more" if len(self.lines) > EXCERPTS_AT_MOST else ""
        where = ", ".join([*(["the file's header"] if self.in_header else []),
                           *([boards_numbered(self.boards)] if self.boards else [])])
        return (f"the encoding {encoding} cannot hold {chars}: written as '?' ({where}: {quoted}{more}); "
                "write UTF-8 (encoding='utf-8', a file's default) to keep them")


_UNDER_WAY: ContextVar[Unwritable | None] = ContextVar("unwritable", default=None)


def now_writing(board: Board | None) -> None:
    """Tell the write under way (if any) what its writer writes next: ``board``, or None for the file's
    header, which may name every board (a LIN vugraph header's players, written after reading them all),
    so that a character it lacks is credited to what holds it, not to the last board read."""
    tally = _UNDER_WAY.get()
    if tally is not None:
        tally.board = board


def _question_mark(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    tally = _UNDER_WAY.get()
    if tally is not None:
        tally.add(error)
    return "?" * (error.end - error.start), error.end


codecs.register_error(HANDLER, _question_mark)


SUIT_ESCAPES: dict[str, Callable[[str], str]] = {
    "pbn": lambda symbol: "\\" + SUIT_GLYPHS[symbol],  # PBN's \S \H \D \C (commentary, notes, tags)
    "json": lambda symbol: f"\\u{ord(symbol):04x}",  # only strings hold a symbol: JSON's \u2660
    "jsonl": lambda symbol: f"\\u{ord(symbol):04x}",
    "rbn": lambda symbol: SUIT_GLYPHS[symbol],  # RBN has no escapes: the letter, as text diagrams write it
}
"""How a format writes a suit symbol an output's encoding cannot hold, where it has a way to."""

SUITS_AS_LETTERS = {
    "rbn": "RBN to an output whose encoding has no suit symbols: they are written as the letters S H D C "
           "(read back as letters; write to a file with -o, which is UTF-8, to keep them)",
}
"""What a format loses when its suit symbols are written as letters (its escape reads back otherwise)."""


def suit_escapes(fmt: str, otherwise: str = "strict") -> str:
    """The name of an encoding error handler writing suit symbols as ``fmt``'s escapes (`SUIT_ESCAPES`),
    and any other character the encoding cannot hold as the handler ``otherwise`` does (an error, or
    `HANDLER`'s told ``?``); ``otherwise`` itself for a format with no escape."""
    if fmt not in SUIT_ESCAPES:
        return otherwise
    name = f"bridgetools-{fmt}-suits-{otherwise}"
    escape, rest = SUIT_ESCAPES[fmt], codecs.lookup_error(otherwise)

    def handler(error: UnicodeError) -> tuple[str, int]:
        if not isinstance(error, UnicodeEncodeError):
            raise error
        bad = error.object[error.start:error.end]
        if not all(c in SUIT_GLYPHS for c in bad):
            text, end = rest(error)
            return str(text), end
        if fmt in SUITS_AS_LETTERS:
            warnings.warn(SUITS_AS_LETTERS[fmt], stacklevel=2)
        return "".join(escape(c) for c in bad), error.end

    codecs.register_error(name, handler)
    return name


@contextmanager
def told_as_question_marks(boards: Iterable[Board], encoding: str) -> Iterator[Iterable[Board]]:
    """Inside, an output opened with errors=`HANDLER` writes ``?`` for what ``encoding`` lacks in the
    ``boards`` given back; once done, one warning says which characters, boards and lines."""
    tally = Unwritable()
    token = _UNDER_WAY.set(tally)
    try:
        yield tally.following(boards)
    finally:
        _UNDER_WAY.reset(token)
    if tally.chars:
        warnings.warn(tally.message(encoding), stacklevel=_callers_level())


def _callers_level() -> int:
    """The stacklevel naming the code that called `write` (or `dumps`): the first frame, from the caller
    on, that runs outside bridgetools.formats and contextlib, however many of theirs lie between (a path,
    ``-`` and a binary file each reach here their own way)."""
    inside = (os.path.dirname(__file__) + os.sep, contextlib.__file__)
    frame: FrameType | None = sys._getframe(2)
    level = 2
    while frame is not None and frame.f_code.co_filename.startswith(inside):
        frame, level = frame.f_back, level + 1
    return level
