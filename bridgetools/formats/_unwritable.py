"""Characters an output's encoding cannot hold (``write(..., encoding="latin-1")`` of an em dash): written
as ``?``, as they always were, and said in one warning naming the boards and the text they were in, as a
writer's other losses are said, not lost in silence."""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from bridgetools._words import boards_numbered, excerpt, plural
from bridgetools.board import Board
from bridgetools.errors import FormatLossWarning, warn_caller
from bridgetools.model.cards import SUIT_GLYPHS

HANDLER = "bridgetools-question-marks"
"""The encoding error handler of a file `write` opens in a given encoding: ``?`` for a character the
encoding lacks, told to the `Unwritable` of the write under way."""

EXCERPTS_AT_MOST = 3
"""How many of the lines that lost characters the warning quotes."""


class _Places:
    """Where one write's characters of a kind came: the boards being written (or the file's header) and
    the written lines they were in (a PBN tag's line names its tag: ``[Event "Tricks—Length"]``)."""

    def __init__(self) -> None:
        self.boards: list[str] = []
        self.in_header = False
        self.lines: list[str] = []

    def add(self, board: Board | None, error: UnicodeEncodeError) -> None:
        if board is None:  # before the first board, or a header naming many (`now_writing`)
            self.in_header = True
        else:
            number = "?" if board.number is None else str(board.number)
            if not self.boards or self.boards[-1] != number:
                self.boards.append(number)
        start = error.object.rfind("\n", 0, error.start) + 1
        end = error.object.find("\n", error.end)
        line = error.object[start:end if end >= 0 else len(error.object)].strip()
        if line not in self.lines:
            self.lines.append(line)

    def __str__(self) -> str:
        quoted = "; ".join(repr(excerpt(line, 60)) for line in self.lines[:EXCERPTS_AT_MOST])
        more = f"; {len(self.lines) - EXCERPTS_AT_MOST} more" if len(self.lines) > EXCERPTS_AT_MOST else ""
        where = ", ".join([*(["the file's header"] if self.in_header else []),
                           *([boards_numbered(self.boards)] if self.boards else [])])
        return f"{where}: {quoted}{more}"


class Unwritable:
    """What one write could not encode: the characters written as ``?`` and where (`_Places`), and where
    a suit symbol was written as an escape its place reads back as text (PBN's ``\\S`` in a tag's value)."""

    def __init__(self) -> None:
        self.board: Board | None = None
        self.chars: dict[str, int] = {}
        self.lost = _Places()
        self.as_text = _Places()

    def following(self, boards: Iterable[Board]) -> Iterator[Board]:
        """``boards`` as they are, each known as the one being written while the writer writes it."""
        for board in boards:
            self.board = board
            yield board

    def add(self, error: UnicodeEncodeError) -> None:
        for char in error.object[error.start:error.end]:
            self.chars[char] = self.chars.get(char, 0) + 1
        self.lost.add(self.board, error)

    def messages(self, encoding: str) -> list[str]:
        """What the write lost or wrote otherwise, each said in one message."""
        said = []
        if self.chars:
            chars = ", ".join(f"{char!r} ({plural(n, 'time')})" for char, n in self.chars.items())
            said.append(f"the encoding {encoding} cannot hold {chars}: written as '?' ({self.lost}); "
                        f"{_KEEP}")
        if self.as_text.lines:
            said.append(f"the encoding {encoding} cannot hold the suit symbols of {self.as_text}: written as "
                        f"{_AS_TEXT}; {_KEEP}")
        return said


_KEEP = "write UTF-8 (encoding='utf-8', a file's default) to keep them"
_AS_TEXT = ("PBN's \\S \\H \\D \\C, which PBN reads as suit symbols only in commentary and notes: "
            "here they read back as a backslash and a letter")


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
    "pbn": lambda symbol: "\\" + SUIT_GLYPHS[symbol],  # PBN's \S \H \D \C (commentary, notes)
    "json": lambda symbol: f"\\u{ord(symbol):04x}",  # only strings hold a symbol: JSON's \u2660
    "jsonl": lambda symbol: f"\\u{ord(symbol):04x}",
    "rbn": lambda symbol: SUIT_GLYPHS[symbol],  # RBN has no escapes: the letter, as text diagrams write it
}
"""How a format writes a suit symbol an output's encoding cannot hold, where it has a way to."""

SUITS_AS_LETTERS = {
    "rbn": "RBN to an output whose encoding has no suit symbols: they are written as the letters S H D C "
           "(read back as letters; write UTF-8 to keep them: encoding='utf-8', a file's default; -o FILE "
           "on the command line)",
}
"""What a format loses when its suit symbols are written as letters (its escape reads back otherwise)."""


class _PbnScan:
    """Where a game's text (as the PBN writer writes it, from its first line) stands, read up to a point:
    whether in a string and in which tag's brackets. Read on from where it stopped for each later
    symbol of the same text, so a table of many rows each with a symbol is read once, not once a row."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.tag: str | None = None
        self.quoted = False

    def reads_suit_escape(self, at: int) -> bool:
        """`pbn_reads_suit_escapes` at ``at``, not before where this scan stopped."""
        text, i, tag, quoted = self.text, self.i, self.tag, self.quoted
        inside: bool | None = None
        while i < at and inside is None:
            char = text[i]
            if quoted:
                i += 2 if char == "\\" else 1
                quoted = char != '"'
                continue
            if (char == "%" and (i == 0 or text[i - 1] == "\n")) or char == ";" or char == "{":
                end = text.find("}" if char == "{" else "\n", i)
                if end < 0 or end > at:  # ``at`` is in it: read from here again for the next symbol
                    inside = char != "%"
                    continue
                i = end
            elif char == "[":
                tag = text[i + 1:i + 6]
            elif char == "]":
                tag = None
            quoted = char == '"'
            i += 1
        self.i, self.tag, self.quoted = i, tag, quoted
        return inside if inside is not None else quoted and tag == "Note "


_SCAN: ContextVar[_PbnScan | None] = ContextVar("pbn_scan", default=None)
"""The scan of the text last asked about (`pbn_reads_suit_escapes`), read on for its later symbols: one
a thread (a context), so two writes at once do not read each other's text."""


def pbn_reads_suit_escapes(text: str, at: int) -> bool:
    """Whether PBN reads a suit escape ``\\S`` at ``at`` of ``text`` (a game as the writer writes it, from
    its first line) as the suit symbol: in commentary (``{...}``, ``;`` to the line's end; PBN 2.1 §3.8)
    and in a Note's value (a call's or card's explanation, read as LIN's ``!S``); not in a ``%`` line, a
    table's cells nor another tag's value, which keep the backslash and the letter."""
    scan = _SCAN.get()
    if scan is None or scan.text is not text or scan.i > at:
        scan = _PbnScan(text)
        _SCAN.set(scan)
    return scan.reads_suit_escape(at)


def suit_escapes(fmt: str, otherwise: str = "strict") -> str:
    """The name of an encoding error handler writing suit symbols as ``fmt``'s escapes (`SUIT_ESCAPES`),
    and any other character the encoding cannot hold as the handler ``otherwise`` does (an error, or
    `HANDLER`'s told ``?``), one character at a time; ``otherwise`` itself for a format with no escape.
    A PBN escape where PBN reads it as text (`pbn_reads_suit_escapes`) is said, as RBN's letters are."""
    if fmt not in SUIT_ESCAPES:
        return otherwise
    name = f"bridgetools-{fmt}-suits-{otherwise}"
    escape, rest = SUIT_ESCAPES[fmt], codecs.lookup_error(otherwise)

    def handler(error: UnicodeError) -> tuple[str, int]:
        if not isinstance(error, UnicodeEncodeError):
            raise error
        written = []
        for at in range(error.start, error.end):
            one = UnicodeEncodeError(error.encoding, error.object, at, at + 1, error.reason)
            if error.object[at] not in SUIT_GLYPHS:
                written.append(str(rest(one)[0]))
                continue
            if fmt in SUITS_AS_LETTERS:
                warn_caller(SUITS_AS_LETTERS[fmt], FormatLossWarning)
            elif fmt == "pbn" and not pbn_reads_suit_escapes(error.object, at):
                _escaped_as_text(one)
            written.append(escape(error.object[at]))
        return "".join(written), error.end

    codecs.register_error(name, handler)
    return name


def _escaped_as_text(error: UnicodeEncodeError) -> None:
    """Say that a suit symbol was written as PBN's escape where it reads back as text: in the warning of
    the write under way, or alone (a command's stdout, whose other characters stop it)."""
    tally = _UNDER_WAY.get()
    if tally is not None:
        tally.as_text.add(tally.board, error)
    else:
        warn_caller(f"PBN to an output whose encoding has no suit symbols: written as {_AS_TEXT}",
                    FormatLossWarning)


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
    for message in tally.messages(encoding):
        warn_caller(message, FormatLossWarning)

