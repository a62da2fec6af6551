"""Suit symbols in commentary as each format marks them: PBN's ``\\S \\H \\D \\C``, LIN's ``@S @H @D @C``
(and ``!S !H !D !C`` in a call's explanation, as BBO writes them).

A comment is kept as its file wrote it; a writer of the other format translates the marks, so each
program shows symbols, not the other's escapes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bridgetools.board import Board
from bridgetools.model.cards import SUIT_GLYPHS

_PBN_SUIT = re.compile(r"\\([SHDC])")
_LIN_SUIT = re.compile(r"@([SHDCshdc])")
_SYMBOL = re.compile("[" + "".join(SUIT_GLYPHS) + "]")
_LIN_MARKS = {"an": "!", "nt": "@"}
"""How LIN marks a suit in a call's explanation (BBO's ``an|5+ !S|``) and in commentary (``nt|@S``)."""


def lin_suits(text: str) -> str:
    """Commentary with PBN's suit escapes ``\\S \\H \\D \\C`` as LIN's ``@S @H @D @C`` (BBO shows
    those as symbols, a backslash as it is)."""
    return _PBN_SUIT.sub(r"@\1", text)


def pbn_suits(text: str) -> str:
    """Commentary with LIN's suit marks ``@s``/``@S``... as PBN's escapes ``\\S \\H \\D \\C``."""
    return _LIN_SUIT.sub(lambda m: "\\" + m.group(1).upper(), text)


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
    comments. Any other (a LIN board laid out as the writer would, one made in code) may hold either."""
    record = board.extra.get(name)
    if name == "pbn":
        return bool(getattr(record, "comments", None))
    return record is not None


__all__ = ["commentary_written_in", "lin_suit_marks", "lin_suits", "pbn_suits"]
