"""Suit symbols in commentary as each format marks them: PBN's ``\\S \\H \\D \\C``, LIN's ``@S @H @D @C``.

A comment is kept as its file wrote it; a writer of the other format translates the marks, so each
program shows symbols, not the other's escapes.
"""

from __future__ import annotations

import re

from bridgetools.board import Board

_PBN_SUIT = re.compile(r"\\([SHDC])")
_LIN_SUIT = re.compile(r"@([SHDCshdc])")


def lin_suits(text: str) -> str:
    """Commentary with PBN's suit escapes ``\\S \\H \\D \\C`` as LIN's ``@S @H @D @C`` (BBO shows
    those as symbols, a backslash as it is)."""
    return _PBN_SUIT.sub(r"@\1", text)


def pbn_suits(text: str) -> str:
    """Commentary with LIN's suit marks ``@s``/``@S``... as PBN's escapes ``\\S \\H \\D \\C``."""
    return _LIN_SUIT.sub(lambda m: "\\" + m.group(1).upper(), text)


def commentary_written_in(board: Board, name: str) -> bool:
    """Whether the board's commentary holds ``name``'s own suit marks, to be written back as they are: a
    LIN board's when the LIN reader kept a record of it, a PBN board's when the PBN reader kept its
    comments. Any other (a LIN board laid out as the writer would, one made in code) may hold either."""
    record = board.extra.get(name)
    if name == "pbn":
        return bool(getattr(record, "comments", None))
    return record is not None


__all__ = ["commentary_written_in", "lin_suits", "pbn_suits"]
