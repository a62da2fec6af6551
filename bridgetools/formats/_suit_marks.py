"""Suit symbols in commentary and in calls' explanations as each format marks them: PBN's
``\\S \\H \\D \\C`` in both, LIN's ``@S @H @D @C`` in commentary (``nt``) and ``!S !H !D !C`` in a call's
explanation (``an``), as BBO writes them.

A comment or an explanation is kept as its file wrote it; a writer of the other format translates the
marks, so each program shows symbols, not the other's escapes. A backslash before a suit's letter is the
one exception: whatever format the text came from, the board holds it as PBN does, ``\\\\S`` (a
backslash and an S), apart from PBN's suit symbol ``\\S``, so no writer takes a LIN backslash for the
symbol.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from bridgetools._lazy import lazy_compile
from bridgetools.board import Board
from bridgetools.formats._commentary import PlacesItsComments
from bridgetools.model.cards import SUIT_GLYPHS, Suit

_PBN_MARK = lazy_compile(r"\\(\\?)([SHDC])")
"""PBN's suit symbol ``\\S`` or, with its backslash escaped, ``\\\\S``: a backslash and the letter."""
_BEFORE_SUIT = lazy_compile(r"\\(?=[SHDC])")
"""A backslash before a suit's letter, as LIN (which has no escapes) writes it in ``C:\\Spades``."""
_SYMBOL = lazy_compile("[" + "".join(SUIT_GLYPHS) + "]")
_BLACK_SYMBOL = lazy_compile("[" + "".join(suit.symbol for suit in Suit) + "]")
"""The suit symbols `plain_suits` writes (``♠ ♥ ♦ ♣``; a white ``♤`` is kept as it is)."""


def holds_suit_symbols(text: str) -> bool:
    """Whether ``text`` has a suit symbol typed as such (``♠``), which a format writing its suit marks as
    the symbols (RBN) cannot tell from a mark: it reads back as one (PBN's ``\\S``)."""
    return _BLACK_SYMBOL.search(text) is not None


_LIN_MARKS = {"an": "!", "nt": "@"}
"""How LIN marks a suit in a call's explanation (BBO's ``an|5+ !S|``) and in commentary (``nt|@S``)."""
_MARKED_LETTER = "([SHDC]|[shdc](?=(?:s|[akqjtx]*)(?![a-z])))"
"""The suit's letter after a LIN mark: upper case, or lower case followed by no more than a plural ``s``
or a run of ranks (``!hs``, ``5!ss``, ``!sa``, ``!sxx``, ``!sAK``); a lower-case letter starting any other
lower-case word is text (``!so``, ``@hello``)."""
_LIN_SUIT = {code: lazy_compile(re.escape(mark) + _MARKED_LETTER) for code, mark in _LIN_MARKS.items()}
"""LIN's suit mark in a call's explanation or in commentary: the mark and a suit's letter as BBO writes it
(`_MARKED_LETTER`): the one rule of what is a suit, for every writer and display."""


_SHOWN_SUIT = lazy_compile("[" + re.escape("".join(_LIN_MARKS.values())) + "]" + _MARKED_LETTER)
"""Either of LIN's suit marks by the same rule (`_LIN_SUIT`), as a display shows them in any text: BBO
shows ``@S`` in an explanation and ``!S`` in commentary as the symbol too."""


_SHOWN_OR_PBN_MARK = lazy_compile(f"{_SHOWN_SUIT.pattern}|{_PBN_MARK.pattern}")
"""LIN's suit marks as a display reads them (`_SHOWN_SUIT`, the suit's letter group 1) or PBN's
(`_PBN_MARK`, groups 2 and 3), read in one pass."""


def shown_marks(text: str, suit: Callable[[str], str]) -> str:
    """Text with a suit as BBO marks it in an explanation or a comment (``!S``, ``@S``) or as PBN does
    (``\\S``) given as ``suit`` gives its letter, read in one pass by the rule the writers follow, so
    ``show`` and ``convert`` agree on what is a suit (``!so`` is text; PBN's ``\\\\S`` is a backslash
    and S)."""
    return _SHOWN_OR_PBN_MARK.sub(lambda m: "\\" + m[3] if m[2] else suit(m[1] or m[3]), text)


def pbn_marks(text: str, suit: Callable[[str], str]) -> str:
    """Text with PBN's marks read in one pass: each suit symbol ``\\S \\H \\D \\C`` as ``suit`` gives its
    letter, and ``\\\\S`` (an escaped backslash before the letter, as the reader keeps a string's
    ``"\\\\S"``) as the backslash and the letter. Read one after the other, the two would make a file's
    backslash-S a spade."""
    return _PBN_MARK.sub(lambda m: "\\" + m[2] if m[1] else suit(m[2]), text)


def escaped_backslashes(text: str) -> str:
    """LIN text (a comment, an explanation, a field of the match line ``vg``, a player's name) with each
    backslash before a suit's letter as PBN's escaped backslash ``\\\\S``, as the board keeps it
    (`lin_suits` and `plain_suits` write it back as one backslash): kept as LIN wrote it,
    ``C:\\Spades`` would be PBN's spade symbol followed by ``pades``."""
    return _BEFORE_SUIT.sub(r"\\\\", text)


def plain_suits(text: str) -> str:
    """A board's text for a field that has no suit marks (LIN's match line ``vg`` and names in ``pn``,
    every text of RBN), as `escaped_backslashes` (LIN) or `marked_suits` (RBN) reads it back: an
    escaped backslash ``\\\\S`` as one backslash, and PBN's suit symbol ``\\S`` as the symbol ``♠``
    itself (a ``\\S`` there would read back as a backslash and an S)."""
    return pbn_marks(text, lambda letter: Suit[letter].symbol)


def marked_suits(text: str) -> str:
    """Text of a format with no suit marks and no escapes (RBN) as the board holds it, PBN's way: a
    backslash before a suit's letter as ``\\\\S`` (`escaped_backslashes`) and each suit symbol
    ``♠ ♥ ♦ ♣`` as PBN's ``\\S \\H \\D \\C``, so that `plain_suits` writes it back as it was and
    PBN -> RBN -> PBN keeps a Note's or a comment's ``\\S``."""
    return _BLACK_SYMBOL.sub(lambda m: "\\" + SUIT_GLYPHS[m.group()], escaped_backslashes(text))


def lin_suits(text: str, code: str = "nt") -> str:
    """Commentary (``code`` ``nt``) or a call's explanation (``an``) with PBN's suit escapes
    ``\\S \\H \\D \\C`` as LIN marks them there, ``@S`` or ``!S`` (BBO shows those as symbols, a
    backslash as it is), and an escaped backslash ``\\\\S`` as LIN's one backslash. A LIN board's own
    text (its ``@S`` kept) goes through it too: it holds a backslash before a suit's letter so."""
    return pbn_marks(text, lambda letter: _LIN_MARKS[code] + letter)


def pbn_suits(text: str, code: str = "nt") -> str:
    """Commentary (``code`` ``nt``) or a call's explanation (``an``) with LIN's suit marks there,
    ``@s``/``@S`` or ``!s``/``!S``..., as PBN's escapes ``\\S \\H \\D \\C`` (PBN has no lower-case one)."""
    return _LIN_SUIT[code].sub(lambda m: "\\" + m.group(1).upper(), text)


_CALL_IN_LETTERS = lazy_compile(r"(?<![\w\\])([1-7])([SHDC])\b")
"""A bid named in letters in words (``asks opener to bid 2S``): a level and a suit's capital letter."""


def calls_marked(text: str) -> str:
    """Words naming bids in letters (``asks opener to bid 2S``) with PBN's suit mark in each (``2\\S``), as
    a board holds text: what shows the auction's 2♠ then shows the words' 2♠ too, or 2S in letters."""
    return _CALL_IN_LETTERS.sub(lambda m: f"{m.group(1)}\\{m.group(2)}", text)


def has_lower_case_marks(text: str, code: str = "nt") -> bool:
    """Whether LIN commentary (``code`` ``nt``) or an explanation (``an``) has a lower-case suit mark
    (``@s``, ``!s``), which `pbn_suits` writes as PBN's ``\\S``: read back, it is ``@S``."""
    return any(m.group(1).islower() for m in _LIN_SUIT[code].finditer(text))


def lin_suit_marks(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """LIN pairs with the suit symbols (``♠``...) of explanations and commentary as LIN marks them,
    ``!S`` and ``@S`` (BBO shows both as the symbol), for an output that cannot hold the symbols; any
    other pair as it is."""
    return [(code, _marked(value, _LIN_MARKS[code.lower()])) if code.lower() in _LIN_MARKS else (code, value)
            for code, value in pairs]


def _marked(text: str, mark: str) -> str:
    """Text with each suit symbol as ``mark`` and the suit's letter."""
    return _SYMBOL.sub(lambda m: mark + SUIT_GLYPHS[m.group()], text)


def commentary_written_in(board: Board, name: str) -> bool:
    """Whether the board's commentary holds ``name``'s own suit marks, to be written back as they are: a
    LIN board's when the LIN reader kept a record of it, a PBN board's when the PBN reader kept its
    comments, or when a record that places the comments says the board holds them in PBN's marks
    (``COMMENTARY_MARKS``: RBN's, whose reader holds its suit symbols as PBN's ``\\S``; RBN has no other
    mark, so its ``@s`` is text, not LIN's mark). Any other (a LIN board laid out as the writer would, one
    made in code) may hold either."""
    if name == "pbn":
        return bool(getattr(board.extra.get(name), "comments", None)) or any(
            getattr(record, "COMMENTARY_MARKS", None) == name and isinstance(record, PlacesItsComments)
            and record.comment_places(board) is not None for record in board.extra.values())
    return explanations_written_in(board, name)


def explanations_written_in(board: Board, name: str) -> bool:
    """Whether the explanations of the board's calls hold ``name``'s own suit marks, to be written back
    as they are: the board was read from that format (its reader kept a record: always for PBN, for
    LIN when the board's layout needed one). Any other may hold either format's marks."""
    return board.extra.get(name) is not None


__all__ = [
    "calls_marked", "commentary_written_in", "escaped_backslashes", "explanations_written_in",
    "has_lower_case_marks", "lin_suit_marks", "lin_suits",
    "marked_suits", "pbn_marks", "pbn_suits", "plain_suits", "shown_marks",
]
