"""Every error the library raises on bad input, the warnings it gives, and the `Issue` records of lenient
parsing."""

from __future__ import annotations

import contextlib
import os
import re
import sys
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Literal

from bridgetools._lazy import lazy_compile

QUOTE_LIMIT = 80
"""The most characters of the offending text a message quotes (a 20 MB LIN value is not a line)."""
MESSAGE_LIMIT = 1000
"""The most characters of any one message."""

_QUOTED = lazy_compile(
    "'(?<![A-Za-z]')[^'\\\\]*(?:\\\\.[^'\\\\]*)*'" + '|"(?<![A-Za-z]")[^"\\\\]*(?:\\\\.[^"\\\\]*)*"'
)
"""A quotation as ``repr`` writes one (an apostrophe inside a word, ``North's``, opens none)."""


_ESCAPE = lazy_compile(r"\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)", re.S)
"""One character as ``repr`` escapes it (``\\x00``, ``\\n``, ``\\'``)."""


def _window(match: re.Match[str]) -> str:
    quoted = match.group()
    if len(quoted) <= QUOTE_LIMIT + 2:
        return quoted
    quote, text = quoted[0], quoted[1:-1]
    escapes = _ESCAPE.findall(text) if "\\" in text else []
    length = len(text) - sum(len(e) - 1 for e in escapes)  # the input's characters, not their escapes
    return f"{quote}{text[: QUOTE_LIMIT - 15]}...{text[-10:]}{quote} ({length:,} characters)"


def bounded(message: str) -> str:
    """``message`` with each long quotation of input cut to a window of its start and end, and the
    whole kept to `MESSAGE_LIMIT` characters: an error line stays one short line whatever the input."""
    if len(message) <= QUOTE_LIMIT:
        return message
    message = _QUOTED.sub(_window, message)
    if len(message) > MESSAGE_LIMIT:
        message = f"{message[: MESSAGE_LIMIT - 200]} ... {message[-195:]}"
    return message


class BridgeError(ValueError):
    """Base of every error bridgetools raises on bad input (a ValueError, as python-chess does).

    Its message is `bounded`: the input it quotes is shown as a short window."""

    def __init__(self, *args: object) -> None:
        if args and isinstance(args[0], str):
            args = (bounded(args[0]), *args[1:])
        super().__init__(*args)


class BridgeTypeError(BridgeError, TypeError):
    """A value of the wrong kind given to the library (a string where a `Deal` is wanted): a `TypeError`, as
    Python's own for a wrong type, and a `BridgeError`, so that one ``except bt.BridgeError`` catches every
    error of bad input. The message names what is taken and how to make one."""


class NotationError(BridgeError):
    """A string that is not a valid card, call, contract, hand or deal: says what is wrong and where.

    ``position`` is the 0-based index of the offending character in ``text`` (None when the string
    as a whole is wrong, e.g. too few hands), so that file readers can turn it into a column.
    """

    def __init__(self, message: str, text: str | None = None, position: int | None = None) -> None:
        self.text = text
        self.position = position
        self.detail = message
        """The message without its character number, for a reader that gives the column instead."""
        where = f" (character {position + 1})" if position is not None else ""
        super().__init__(message + where)


class TooManyCardsError(NotationError):
    """A hand of a deal that holds more than 13 cards, which a deal reader refuses (the other hands
    kept): ``seat`` (the `Seat` whose hand it is; errors is below the model: typed Any) and ``cards``
    (how many it holds) say which, so a reader that tells the deal's uneven hands knows this one's
    problem is told already without reading its words."""

    def __init__(self, seat: Any, cards: int, text: str | None = None, position: int | None = None) -> None:
        super().__init__(f"{seat.full_name}'s hand has {cards} cards (at most 13)", text, position)
        self.seat = seat
        self.cards = cards

    def __reduce__(self) -> tuple[Any, ...]:
        """Made again from its seat and count, so that it pickles (to a worker process and back): the
        exception's own reduction gives only the message, which the constructor does not take."""
        return type(self), (self.seat, self.cards, self.text, self.position)


def shifted(error: NotationError, by: int, text: str) -> NotationError:
    """``error``, found in a part of ``text`` that starts ``by`` characters in, placed in ``text``: so
    that a reader of a value made of parts (a LIN ``md``'s hands) gives the bad character's column."""
    if error.position is None:
        return error
    return NotationError(error.detail, text, error.position + by)


def value_column(first: int, value: str, error: BaseException) -> tuple[int, str]:
    """Where a file's bad ``value``, whose first character is in column ``first``, is wrong, and what
    to say: the character a `NotationError` points at (its message then without the character
    number), else the value's first non-blank character. PBN tags and LIN pairs place errors so."""
    position = getattr(error, "position", None)
    if isinstance(error, NotationError) and position is not None:
        return first + position, error.detail
    return first + len(value) - len(value.lstrip()), str(error)


class ParseError(BridgeError):
    """Text that cannot be read: says where (source, line, column) and what was expected.

    ``str(error)`` is one line: ``source:line:column: message``, ready for a terminal.
    """

    def __init__(
        self,
        message: str,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        context: str | None = None,
    ) -> None:
        self.message = bounded(message)
        self.source = source
        self.line = line
        self.column = column
        self.context = context
        super().__init__(self._one_line())

    def _one_line(self) -> str:
        return _placed(self.message, self.source, self.line, self.column)

    def located(
        self, source: str | None = None, line_offset: int = 0, column: int | None = None
    ) -> ParseError:
        """The same error placed in a file: the source named and lines counted from its start."""
        line = None if self.line is None else self.line + line_offset
        return ParseError(
            self.message,
            source if source is not None else self.source,
            line if line is not None else (line_offset + 1 if line_offset else None),
            column if column is not None else self.column,
            self.context,
        )


class StrictStop(ParseError):
    """A problem strict reading stops a file at: its reading began, and read leniently the problem would
    be an issue of a board, not the end of the file (one that cannot be read at all is a `ParseError`)."""


class NoBoardsError(ParseError):
    """Input in which a reader found no board: the message names the first of the problems met on the
    way, and ``issues`` holds each of them, so `validate` can list them all."""

    def __init__(self, message: str, source: str | None = None, issues: tuple[Issue, ...] = (),
                 looks_like: str | None = None, naming: Naming = "format=", no_hand_record: bool = False,
                 rubbers: tuple[tuple[str, int], ...] | None = None,
                 place: tuple[int, int] | None = None) -> None:
        self.issues = issues
        self.place = place
        """Where the error is when no issue says (an empty input: its start, 1:1)."""
        self.plain = message
        self.naming: Naming = naming
        self.looks_like = looks_like
        """The format the text looks like, read as another (``game.pbn`` holding LIN): the name was wrong."""
        self.no_hand_record = no_hand_record
        """The reader read the text whole as a document of another kind, no hand record at all (a folder's
        ``manifest.json``), as its reader recorded the document's shape (`formats._io.Reading`)."""
        self.rubbers = rubbers
        """The rubbers (a variant's title, its deals) of the record of variant rubbers the text is, if it is
        one: a command that lays boards out (show, print) names them with what it cannot do."""
        if looks_like is not None:
            message += f"; the text looks like {looks_like.upper()}: {how_to_name(looks_like, naming)}"
        self.summary = message
        """The message without its first problem: what a list of every problem ends with."""
        first = f"; first problem: {issues[0].message}" if issues else ""
        line, column = (issues[0].line, issues[0].column) if issues else place or (None, None)
        super().__init__(message + first, source, line, column)  # placed at it: file:line:col

    def with_(self, *, looks_like: str | None = None, naming: Naming | None = None) -> NoBoardsError:
        """The same error saying the format the text looks like (``looks_like``), or telling how to name it
        as ``naming`` says; what is not given stays as it was."""
        return NoBoardsError(self.plain, self.source, self.issues, looks_like or self.looks_like,
                             naming or self.naming, self.no_hand_record, self.rubbers, self.place)

    def named_by(self, naming: Naming) -> NoBoardsError:
        """The same error telling how to name the format the text looks like as ``naming`` says."""
        return self.with_(naming=naming)


class NothingReadError(BridgeError):
    """No input of several could be read (`bridgetools.analysis.pipeline.load_results`): ``problems`` holds
    each one's line, as a command says them; the message is the one line of a single input, else how
    many could not be read and the first."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        if len(self.problems) == 1:
            message = self.problems[0]
        elif self.problems:
            message = f"no input could be read ({len(self.problems)} inputs); first: {self.problems[0]}"
        else:
            message = "no input given"
        super().__init__(message)


class NothingToPrintError(BridgeError):
    """Boards that hold nothing a hand record prints (Event and Site tags alone): `print` writes no file."""


class IllegalCallError(BridgeError):
    """A call that the Laws (18-22) do not allow at this point of the auction. What an `Auction` refuses
    also says which: ``call`` (the `Call`), ``seat`` (the `Seat` whose turn it was; None once the auction
    is over), ``number`` (the call's place in the auction, 1 for the dealer's first) and ``reason`` (the
    rule broken); None where the raiser does not give them (errors is below the model: typed Any)."""

    def __init__(self, message: str, call: Any = None, seat: Any = None, number: int | None = None,
                 reason: str | None = None) -> None:
        super().__init__(message)
        self.call = call
        self.seat = seat
        self.number = number
        self.reason = reason


class IllegalPlayError(BridgeError):
    """A card that may not be played now (not held, not this player's turn, or a revoke). ``reason`` is the
    rule broken as data where the raiser gives it (a variant's `PlayFault`), for its caller to word."""

    def __init__(self, message: str, reason: Any = None) -> None:
        super().__init__(message)
        self.reason = reason


class ConstraintError(BridgeError):
    """A dealer constraint or script that cannot be compiled, or cannot be satisfied."""


NO_DEAL = "no deal can meet the condition"
"""How a `ConstraintError` for a condition no deal meets begins (after its place), followed by ``: `` and
why; `bridgetools deal` finds it there to name the hand options ANDed with the condition."""


class UnclearHand(ConstraintError):
    """A turn was asked for, but the condition names several hands, or none, to turn."""


class WorkerStopped(BridgeError):
    """A worker process of ``jobs`` > 1 stopped (killed, out of memory, or a script without a main guard,
    whose workers import it again and start workers of their own). The message tells a Python caller
    of the main guard and ``jobs=1``; the command line says it its own way (`on_command_line`)."""

    def __init__(self, cause: str, command_line: bool = False) -> None:
        self.cause = cause
        hint = "try --jobs 1" if command_line else (
            'in a script, put the call with jobs= under `if __name__ == "__main__":` (each worker process '
            "starts by importing the script again), or give jobs=1; a worker may also have been killed "
            "(out of memory?)")
        super().__init__(f"a worker process stopped: {cause.rstrip('.')}; {hint}")
        self.command_line = command_line

    def __reduce__(self) -> tuple[Any, ...]:
        """Made again from its cause, so that it pickles: the exception's own reduction gives the whole
        message as the cause, which the constructor words again (the message twice)."""
        return type(self), (self.cause, self.command_line)

    def on_command_line(self) -> WorkerStopped:
        """The same error telling a command's user of ``--jobs 1``."""
        return WorkerStopped(self.cause, command_line=True)


class PartlyRead(BridgeError):
    """A field read up to a problem (an illegal call or card), or read but for some of its values (a
    result's tricks "nine"): ``value`` holds what was read, which the reader keeps, as the PBN and LIN
    readers keep the legal start of an auction or a play."""

    def __init__(self, message: str, value: object, at: tuple[str | int, ...] = (),
                 more: Sequence[tuple[str, tuple[str | int, ...]]] = ()) -> None:
        super().__init__(message)
        self.value = value
        self.at = at
        """Where in the field the problem is, as keys and list indexes (``("calls", 2, "call")``: the third
        call's), so a reader can place it at the bad call or card rather than the whole field."""
        self.problems = ((message, at), *more)
        """Every problem met in the field with its place, the first that of ``message`` and ``at``: a field
        of many values is read on past a bad one, which alone is left out or unknown."""


class MisreadValue(BridgeError):
    """A file line's data that cannot be read, with the place of the problem in it (``at``: characters from
    the start of the data), so that a reader tells it at its column (RBN's lines)."""

    def __init__(self, message: str, at: int) -> None:
        super().__init__(message)
        self.at = at


class SheetError(BridgeError):
    """A deal that cannot be booked where it stands on a rubber or Chicago score sheet (after the
    rubber or the four deals are over)."""

    def __init__(self, message: str, deal: int) -> None:
        super().__init__(f"deal {deal}: {message}")
        self.message = message
        self.deal = deal
        """Which deal of the sequence (1-based), so a reader can point at its line."""


Naming = Literal["format=", "--from", "suffix"]
"""How the reader of a message names an input's format: Python's ``format=``, a command's ``--from``, or
(where neither is taken: `export`, `analyze`) the file's suffix."""


def how_to_name(fmt: str | None, naming: Naming) -> str:
    """How to name the format ``fmt`` (None: any), as ``naming`` says it is named."""
    if naming == "suffix":
        return f"give the file a .{fmt} name" if fmt else "give the file a .pbn, .lin or .json name"
    if fmt is None:
        return f"name it with {naming}"
    return f"name that format ({'--from ' + fmt if naming == '--from' else f'format={fmt!r}'})"


READ_NAMES = "PBN, LIN, JSON, RBN or a dealing machine's DUP, BRI, DGE or DLM"
"""The formats `bridgetools.read` reads, as an error names them (a test keeps them its readers')."""


class UnknownFormatError(BridgeError):
    """Input whose format neither its name nor its first characters tell. The message says how to name
    the format in Python (``format=``); a command says it its own way (`named_by`). A ``.dlr`` file is
    named a dealer script, with how to deal it, rather than a format to name."""

    def __init__(self, source: str | None, naming: Naming = "format=",
                 dealer_output: str | None = None) -> None:
        self.source = source
        self.dealer_output = dealer_output
        if dealer_output is not None:  # dealer's printall columns: boards for the eye, not a file to read
            super().__init__(f"{f'{source}: ' if source else ''}dealer's {dealer_output} output, boards laid "
                             f"out to read, not a hand record (expected {READ_NAMES}): deal the script again "
                             "to a board file, bridgetools deal -f SCRIPT -o boards.pbn, or with action "
                             "printpbn")
            return
        if source is not None and source.lower().endswith(".dlr"):  # the dealer program's input, no boards
            deal = f"bridgetools.generate(open({source!r}).read(), n)" if naming == "format=" else \
                f"bridgetools deal -f {source}"
            super().__init__(f"{source}: a dealer script (.dlr), not a hand record (expected {READ_NAMES}): "
                             f"deal it with {deal}")
            return
        super().__init__(f"{f'{source}: ' if source else ''}cannot tell the format (expected {READ_NAMES}); "
                         f"{how_to_name(None, naming)}")

    def named_by(self, naming: Naming) -> UnknownFormatError:
        """The same error telling how to name the format as ``naming`` says."""
        return UnknownFormatError(self.source, naming, self.dealer_output)


class RecordError(BridgeError):
    """A dealing-machine record that holds no deal: the message says what was expected, ``offset`` where."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


class OutOfTurnError(BridgeError):
    """At the table, South tried to act when it is not South's turn (or the deal is over)."""


class UndoRefused(BridgeError):
    """At the table, an undo the game refuses: the plain game, a deal that is over, or nothing yet to
    take back (undo is a practice-mode aid)."""


class HintRefused(BridgeError):
    """At the table, a hint the game refuses: the plain game, or not South's turn (a hint is a
    practice-mode aid)."""


ISSUE_PARTS = ("deal", "auction", "play", "result", "results")
"""The parts of a board an `Issue` can be about: its deal and dealer, its calls, its cards, its Contract,
Declarer, Result and Score as given (the last three `bid` and `autoplay` replace with the computer's), and
the scores of other tables' results (a ScoreTable's, JSON ``results``) that their contract, declarer and
tricks score otherwise by Law 77, which each reader of them checks again."""


NOTE = "info"
"""The level of an `Issue` that is a note, not a problem (a bidding quiz's blank, ``All Pass``)."""


@dataclass(frozen=True, slots=True)
class Issue:
    """A problem found while reading leniently: where it is and what is wrong."""

    message: str
    line: int | None = None
    column: int | None = None
    source: str | None = None
    level: str = "warning"
    unread: str | None = None
    """The board's field this problem left unknown (``deal``: a deal string that cannot be read), so that
    what shows the board says so in its place rather than show it empty."""
    about: str | None = None
    """The part of the board the problem is in (`ISSUE_PARTS`: ``auction``, ``play``, ``result``...), so
    that it goes with that part when the computer replaces it (``bid --rebid``, ``autoplay``)."""
    kind: str | None = None
    """Which check found it, for a later reader to tell it by rather than by its words, which may change
    (`BOARD_AGAIN`: a board number given again with another deal, which a JSON reader checks anew)."""
    syntax: bool = field(default=False, compare=False)
    """Whether the text does not parse as the format (a tag line not closed, a card or call that is no
    card or call, a LIN pair or JSON that cannot be read): bad input, which makes a command's exit status
    1 once it has done what it could. False for a disagreement of well-formed text (a Score the contract
    does not give, a board number given again), which leaves it 0. A property of the text read, so a
    JSON file does not carry it with the issues it keeps of its source (nor do issues compare by it)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", bounded(self.message))

    @property
    def is_note(self) -> bool:
        """Whether this is a note (level ``info``: nothing is in doubt, --strict passes it), not a problem."""
        return self.level == NOTE

    def __str__(self) -> str:
        """``file:line:col: message``, a note marked in its line (``file:3:1: note: ...``) so that it is
        told from a problem where they are listed together."""
        return _placed(f"note: {self.message}" if self.is_note else self.message, self.source, self.line,
                       self.column)


def unread_issue(issues: Iterable[Issue], name: str) -> Issue | None:
    """The problem that left the board's field ``name`` (``deal``) unread, if one did."""
    return next((issue for issue in issues if issue.unread == name), None)


def place(issue: Issue) -> tuple[float, float]:
    """Where ``issue`` is, to sort by: line and column, what is not known after all that is."""
    far = float("inf")
    return (issue.line if issue.line is not None else far, issue.column if issue.column is not None else far)


def by_place(issues: Iterable[Issue]) -> list[Issue]:
    """Issues by line and column (those without a place last, in the order found)."""
    return sorted(issues, key=place)


class BridgeWarning(UserWarning):
    """Base of every warning bridgetools gives but a renamed name's `DeprecationWarning` (a `UserWarning`), so
    that a program can filter them all: ``warnings.filterwarnings("ignore", category=bt.BridgeWarning)``."""


class FormatLossWarning(BridgeWarning):
    """A write that leaves out, or writes otherwise, what the target format or the output's encoding cannot
    hold (LIN has no place for a PBN tag): the file will not read back the same."""


def warn_caller(message: str | Warning, category: type[Warning] = BridgeWarning) -> None:
    """Warn at the code that called into bridgetools (``bt.write(...)`` in a user's script), however many
    of the library's frames lie between, rather than at a line inside the library: the first frame
    outside the package and `contextlib` (whose context managers the writers run in)."""
    inside = (os.path.dirname(__file__) + os.sep, contextlib.__file__)
    frame: FrameType | None = sys._getframe(1)
    level = 2  # warn's stacklevel of this function's caller
    while frame is not None and frame.f_code.co_filename.startswith(inside):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, category, stacklevel=level)


class DecodeWarning(BridgeWarning):
    """Bytes of a file its encoding could not decode (read as U+FFFD): the warning's ``issue`` says
    where the first one was, so ``validate`` can count it as a problem of the file."""

    def __init__(self, issue: Issue) -> None:
        super().__init__(str(issue))
        self.issue = issue


def _placed(message: str, source: str | None, line: int | None, column: int | None) -> str:
    """``source:line:column: message``, leaving out what is not known."""
    where = ":".join(str(p) for p in (source, line, column) if p is not None)
    return f"{where}: {message}" if where else message


def named_extra(extra: str, *more: str) -> str:
    """An optional extra (or several) named with the one line that installs it, as every message and help
    text names one: ``the 'dd' extra: pip install 'bridgetools[dd]'``."""
    named = " and ".join(f"'{name}'" for name in (extra, *more))
    return f"the {named} extra{'s' if more else ''}: pip install 'bridgetools[{','.join((extra, *more))}]'"


class MissingExtraError(BridgeError):
    """A feature whose optional dependency is not installed; the message says how to install it."""

    def __init__(self, feature: str, extra: str, *more: str) -> None:
        self.feature = feature
        self.extra = extra
        super().__init__(f"{feature} needs {named_extra(extra, *more)}")
