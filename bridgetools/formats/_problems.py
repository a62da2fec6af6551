"""One rule for a problem found while reading any format: raise when strict, else note it and go on.

Lenient reading records an `Issue` (message, line, column) on the board and carries on with the
next board; ``strict=True`` raises `ParseError` at the first problem instead (issue 3, Errors).
Notes of level ``info`` (a deal carried from the game before) are never errors.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from bridgetools._lazy import lazy_compile
from bridgetools.board import Board, DerivedName
from bridgetools.errors import QUOTE_LIMIT, Issue, ParseError, StrictStop

_WHAT_LENIENT_READING_KEEPS = lazy_compile(r"[;:] [^;:]*\b(?:kept|read as unknown)\b[^;:]*$")
"""The last clause of a message that says what lenient reading keeps (``; the auction is kept as written``,
``: the first value is kept``, ``; read as unknown ('?')``): messages put it last, after ``;`` or ``:``."""


LAW_2_FIELDS: tuple[DerivedName, ...] = ("dealer", "vulnerability")
"""The facts a board number gives when a file leaves them out (Law 2); one a file gives as unknown, or
unreadable, is unknown (`unknown_unless_given`), not the number's."""


def read_as_unknown(spelt: str = "", names: Iterable[str] = (), instead: str = "the board number") -> str:
    """What a problem with a fact the file gave (`LAW_2_FIELDS`) adds: ``; read as unknown ('?'), not from
    the board number`` (``spelt``: the format's unknown, as ``('?')``; ``names``: the facts, as ``dealer
    and vulnerability``; ``instead``: what would have given it)."""
    said = " and ".join(names)
    return f"; {said + ' ' if said else ''}read as unknown{' ' + spelt if spelt else ''}, not from {instead}"


def unknown_unless_given(board: Board, names: Iterable[DerivedName]) -> list[DerivedName]:
    """Each of ``names``, facts the file gave, that ``board`` holds no value of (the format's unknown, or
    unreadable) marked unknown, so that it reads None, not what the board number gives (Law 2); those
    marked."""
    unknown = [name for name in names if board.given(name) is None]
    for name in unknown:
        board.set_unknown(name)
    return unknown


def tricks_read_as_unknown(spelt: str) -> str:
    """What a problem with tricks a file gave that cannot be read adds (``"ten"``): ``; read as unknown
    (spelt), not from the play`` (`unknown_tricks_unless_given`)."""
    return read_as_unknown(spelt, instead="the play")


def unknown_tricks_unless_given(board: Board) -> None:
    """Tricks the file gave, as a value that cannot be read (``"ten"``) or JSON's null, marked unknown
    where ``board`` holds none and the play gives some: the cards' count is no reading of them (JSON's
    ``tricks``, PBN's Result)."""
    if board.given("tricks") is None and board.derived("tricks") is not None:
        board.set_unknown("tricks")


def strict_message(message: str) -> str:
    """``message`` as strict reading says it: it stops at the problem, so nothing is kept as written."""
    return _WHAT_LENIENT_READING_KEEPS.sub("", message)


def report(
    message: str,
    source: str,
    line: int | None,
    column: int | None,
    *,
    strict: bool,
    issues: list[Issue] | None,
    context: str | None = None,
    level: str = "warning",
    unread: str | None = None,
    about: str | None = None,
    kind: str | None = None,
    syntax: bool = False,
) -> None:
    """Raise `StrictStop` (a `ParseError`) when ``strict`` (unless ``level`` is ``info``), else add an
    `Issue` to ``issues`` (None: the caller only wants the strict check); ``syntax``: the text does not
    parse as the format (`Issue.syntax`)."""
    if strict and level != "info":
        raise StrictStop(strict_message(message), source, line, column, context)
    if issues is not None:
        issues.append(Issue(message, line, column, source, level, unread, about, kind, syntax))


def with_line_context(error: ParseError, text: str, first_line: int) -> ParseError:
    """``error`` given the text of its line (cut to `QUOTE_LIMIT` characters) as its ``context`` where it
    has none and the line is in ``text`` (whose first line is ``first_line``): strict reading says the
    offending line, as LIN's and the dealer language's errors do."""
    if error.context is None and error.line is not None and error.line >= first_line:
        lines = text.split("\n", error.line - first_line + 1)
        if error.line - first_line < len(lines):
            error.context = lines[error.line - first_line].rstrip("\r\n")[:QUOTE_LIMIT]
    return error


@contextmanager
def lines_as_context(text: str, first_line: int) -> Iterator[None]:
    """Inside, a `ParseError` raised on a line of ``text`` (from line ``first_line``) says that line
    (`with_line_context`)."""
    try:
        yield
    except ParseError as e:
        raise with_line_context(e, text, first_line) from None


class _Reading:
    """The block of `Reporter.reading`: a class, not a generator's context manager, for a reader enters
    one several times a board, and this costs a third as much."""

    __slots__ = ("outer", "part", "reporter")

    def __init__(self, reporter: Reporter, part: str) -> None:
        self.reporter, self.part, self.outer = reporter, part, reporter.part

    def __enter__(self) -> None:
        self.outer, self.reporter.part = self.reporter.part, self.part

    def __exit__(self, *raised: object) -> None:
        self.reporter.part = self.outer


class Reporter:
    """What a reader of one file knows to report a problem: the file's name, strictness, and the
    issues found so far (they go on the board being read)."""

    def __init__(self, source: str, strict: bool, issues: list[Issue] | None = None) -> None:
        self.source = source
        self.strict = strict
        self.issues: list[Issue] = [] if issues is None else issues
        """Where a problem found goes: a list of the reader's own, or ``issues`` (a board's)."""
        self.part: str | None = None
        """The part of the board being read (`ISSUE_PARTS`): what a problem found now is about."""

    def problem(
        self,
        message: str,
        line: int | None,
        column: int | None = None,
        level: str = "warning",
        context: str | None = None,
        unread: str | None = None,
        about: str | None = None,
        kind: str | None = None,
        syntax: bool = False,
    ) -> None:
        """Raise or record ``message`` at ``line``:``column`` (see `report`); ``unread`` names the board's
        field it leaves unknown, ``about`` the part it is in (the part being read, `part`, unless given),
        ``kind`` the check that found it (`Issue.kind`), ``syntax`` whether the text does not parse as the
        format (`Issue.syntax`)."""
        report(
            message,
            self.source,
            line,
            column,
            strict=self.strict,
            issues=self.issues,
            context=context,
            level=level,
            unread=unread,
            about=about or self.part,
            kind=kind,
            syntax=syntax,
        )

    def reading(self, part: str) -> _Reading:
        """Problems found inside the block are about ``part`` of the board (`ISSUE_PARTS`)."""
        return _Reading(self, part)
