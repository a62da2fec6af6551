"""Counts and lists in messages, in good English: ``1 board``, ``2 boards``, ``1-16, 18`` (one helper for
every message)."""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from typing import TypeVar

from bridgetools.errors import BridgeError, NotationError, ParseError


def plural(n: int, noun: str, nouns: str | None = None, thousands: bool = False) -> str:
    """``n`` with ``noun``, or its plural ``nouns`` (default noun + s) unless ``n`` is 1; ``thousands``
    writes large counts as ``12,345``."""
    count = f"{n:,}" if thousands else str(n)
    return f"{count} {noun if n == 1 else nouns or noun + 's'}"


DEFAULT_TITLE = "Hand records"
"""The heading (and the PDF's and HTML page's title) of hand records given no title: here, not in
`bridgetools.records`, so that ``deal``'s help can name it without loading the printing layer."""


NAME_EVERY: ContextVar[bool] = ContextVar("name_every", default=False)
"""``bridgetools -v``: a loss warning names every thing lost, however long its line grows (without it, past
`bridgetools.formats._losses.LINE_AT_MOST` characters the rest is counted). Here, not in ``_losses``, so
that the command line sets it without loading the writers' loss notes."""


NAMED_AT_MOST = 20
"""Pieces (numbers or runs) a list of board numbers names before "...": a warning stays one line."""


def numbers_named(numbers: list[str]) -> str:
    """Board numbers as a reader takes them in: each once (a match's two rooms name a board twice), in
    order, with each run of three or more written as ``first-last`` (``1-16, 18``); names that are not
    numbers are kept as given. At most `NAMED_AT_MOST` pieces, then "..."."""
    unique = list(dict.fromkeys(numbers))
    if not all(n.isdecimal() for n in unique):
        return _at_most(unique)
    ordered = sorted({int(n) for n in unique})
    out: list[str] = []
    start = 0
    for i in range(1, len(ordered) + 1):
        if i == len(ordered) or ordered[i] != ordered[i - 1] + 1:
            run = ordered[start:i]
            out += [f"{run[0]}-{run[-1]}"] if len(run) >= 3 else [str(n) for n in run]
            start = i
    return _at_most(out)


def boards_numbered(numbers: list[str]) -> str:
    """The boards of ``numbers`` (at least one) a message names: ``board 3``, ``boards 1-16, 18``
    (`numbers_named`), and how many boards in all when numbers repeat (a match's two rooms, its segments):
    ``60 boards, numbered 1-30``."""
    named = numbers_named(numbers)
    if len(numbers) > len(set(numbers)):
        return f"{plural(len(numbers), 'board')}, numbered {named}"
    return f"board{'s' * (len(numbers) > 1)} {named}"


EXCERPT = 100
"""Characters of a file's text a message quotes before "...": a warning stays about a line (one quoting a
LIN auction's calls after an illegal one, every explanation with them, ran to 1,500)."""


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` whole when it is at most ``limit`` characters, else its first words within them and
    `` ...``: what a message quotes of a file, cut to a length a reader takes in."""
    if len(text) <= limit:
        return text
    head = text[:limit + 1]
    return (head.rsplit(" ", 1)[0] if " " in head else text[:limit]).rstrip() + " ..."


def listed(names: Sequence[str]) -> str:
    """Names as a person lists them: ``South``, ``South and East``, ``South, West, North and East``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def hands_of(seats: Sequence[str]) -> str:
    """The hands of seats named in full: ``South's hand``, ``East and West's hands``."""
    return f"{listed(seats)}'s hand{'s' * (len(seats) > 1)}"


def close_word(name: str, known: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The known word closest to a misspelt ``name`` (difflib's judgement, as close as ``cutoff``: a seat
    asks more, so that ``northeast`` is no ``north`` misspelt), else None: the one "did you mean" of every
    message."""
    import difflib

    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=cutoff)
    return close[0] if close else None


def _at_most(pieces: list[str]) -> str:
    return ", ".join(pieces[:NAMED_AT_MOST]) + (", ..." if len(pieces) > NAMED_AT_MOST else "")


PLACEHOLDERS = frozenset({"", "?", "-"})
"""Tag values that name nothing: empty (none), ``?`` (unknown, PBN) and ``-`` (Dealer's and Dealer4's
placeholder for a player or site: ``[North "-"]``, ``[Site "-"]``)."""


def named(value: str | None) -> str | None:
    """``value`` stripped, or None where it names nothing (`PLACEHOLDERS`): what a reader is shown of a
    player, an event, a site or a date, so that Dealer's ``-`` does not print as a name."""
    text = (value or "").strip()
    return None if text in PLACEHOLDERS else text


_NEAREST_ASCII = {
    **dict.fromkeys("\u2010\u2011\u2013\u2014\u2212", "-"), **dict.fromkeys("\u2018\u2019\u201a", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u00ab\u00bb", '"'), "\u2026": "...", "\u00a0": " ", "\u00d7": "x",
    "\u2022": "*", "\u00df": "ss", "\u00e6": "ae", "\u00c6": "AE", "\u00f8": "o", "\u00d8": "O",
    "\u0153": "oe", "\u0152": "OE", "\u0142": "l", "\u0141": "L", "\u0111": "d", "\u0110": "D",
    "\u2265": ">=", "\u2264": "<=", "\u2192": "->", "\u2190": "<-", "\u00bd": "1/2",
}
"""Characters with no ASCII letters under them (dashes, quotes, Nordic and Polish letters, a teacher's
``≥``) and what stands for each where they cannot be shown."""


def nearest_ascii(char: str) -> str:
    """What stands for ``char`` where only ASCII can be shown: its stand-in (`_NEAREST_ASCII`), an accented
    letter without its accent (é as e), else ``?``."""
    if char in _NEAREST_ASCII:
        return _NEAREST_ASCII[char]
    letters = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    return letters or "?"


_teller: Callable[[str], None] | None = None
"""How `tell_user` says a line: the command line's `bridgetools.cli.common.tell` once `told_by` set it."""


def told_by(tell: Callable[[str], None]) -> None:
    """Have `tell_user` say its lines through ``tell``: the command line sets its own, so that a layer
    below it (which may not import it) reaches the user the one way every stderr line does."""
    global _teller
    _teller = tell


def tell_user(message: str) -> None:
    """Say ``message`` on stderr from a layer below the command line: through the command line's `tell`
    (`told_by`), or, with none set (the library used from Python), written to stderr as it is."""
    if _teller is not None:
        _teller(message)
    elif sys.stderr is not None:
        print(message, file=sys.stderr, flush=True)


CONDITION_GOES_ON = " " * len("condition ")
"""What starts each line of a condition given on several lines after its first, in the note of it that
`deal` writes (a PBN file's ``%`` lines, `bridgetools.formats.pbn_record`): set under the first line's
text (``% condition hcp(north) >= 15`` then ``%           && hearts(south) >= 4``), so the reader tells
the condition's lines from a user's own ``%`` line after it (``% seat Ann North``)."""


# The words of a score log's line (`bridgetools.scoring.log`, `bridgetools.rules.variants.log`) ----------

K = TypeVar("K")
_TOKEN = re.compile(r'#.*|[^\s"=#]+="[^"]*"|"[^"]*"|[^\s#]+')


def tokens(line: str) -> list[tuple[int, str]]:
    """The words of a line with their 1-based columns, up to a ``#`` comment; quotes keep spaces."""
    found = []
    for m in _TOKEN.finditer(line):
        if m.group().startswith("#"):
            break
        found.append((m.start() + 1, m.group()))
    return found


def unquoted(value: str) -> str:
    """An option's value without the double quotes around it (``W="Dan Smith"``); a quote left open
    (``N="Ann``) or stray (``N=Ann"``) is an error, not a name that lost its quote or its other words."""
    if len(value) >= 2 and value[0] == value[-1] == '"' and '"' not in value[1:-1]:
        return value[1:-1]
    if '"' in value:
        raise BridgeError(f"the double quote in {value!r} is not closed (expected \"...\" around a value "
                          "with spaces)")
    return value


def located_in_word(error: BridgeError, source: str, line: int, column: int, word: str) -> ParseError:
    """``error`` in the word ``word`` at ``column`` of ``line``, as a `ParseError`; a notation error that
    says which character is wrong (the ``Z`` of ``4Z``) is placed at that character's column."""
    message = error.message if isinstance(error, ParseError) else str(error)
    if isinstance(error, NotationError) and error.position is not None and error.text and error.text in word:
        column += word.index(error.text) + error.position
        message = error.detail
    return ParseError(message, source, line, column)


def seated_names(words: list[tuple[int, str]], seat_of: Callable[[str], K], said: Callable[[K], str],
                 expected: str, source: str, line: int) -> dict[K, str]:
    """The names the ``SEAT=NAME`` words of a ``rubber`` line give (a name with spaces in double quotes),
    by the seat ``seat_of`` reads (a bridge seat, a variant's player); a seat or a name given twice, or a
    word that is none, is a `ParseError` at its column (``expected``: what the word should be)."""
    names: dict[K, str] = {}
    for column, word in words:
        try:
            key, equals, value = word.partition("=")
            name = unquoted(value).strip()
            if not equals or not name:
                raise BridgeError(f"expected {expected}, not {word!r}")
            seat = seat_of(key)
            if seat in names:
                raise BridgeError(f"{said(seat)} is named twice")
            if name in names.values():
                raise BridgeError(f"{name} cannot sit in two seats")
            names[seat] = name
        except BridgeError as e:
            raise located_in_word(e, source, line, column, word) from None
    return names


def is_bare_rubber_line(text: str) -> bool:
    """Whether ``text`` is a ``rubber`` line naming nobody: the next rubber, with the same players as the
    one before (none named, if none were), as a player writes it at the table."""
    words = tokens(text)
    return len(words) == 1 and words[0][1].lower() == "rubber"
