"""BRI, the dealing-machine file of 128 bytes a board: North's, East's and South's cards as two-digit numbers,
then 32 spaces and 18 NULs (hand-records spec §2.1). West holds the cards not written.

The older 80-byte layout (78 digits and CRLF) reads too. No dealer, vulnerability or board number is stored:
record k is board k, or board ``first_board + k - 1`` when the reader is given ``first_board`` (a set of
boards 25-48: hand-records spec §1).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from bridgetools.board import Board
from bridgetools.formats import BINARY_FORMATS, SUFFIXES
from bridgetools.formats._machine import bri_part, by_place_text, deal_from_bri, records

EXTENSIONS = SUFFIXES["bri"]
BINARY = "bri" in BINARY_FORMATS
NUMBERED_BY_PLACE = True
"""The file gives no board numbers: its reader takes ``first_board`` (`bridgetools.formats.read`)."""
RECORD = 128
PADDING = " " * 32 + "\x00" * 18
_HEAD = re.compile(r"\d{78}( {32}\x00|\r?\n|\Z)")


def sniff(head: str) -> bool:
    """78 digits, then the BRI padding (or a line end in the old layout)."""
    return _HEAD.match(head) is not None


def encode(boards: Iterable[Board]) -> bytes:
    """The boards as the bytes of a BRI file."""
    return _text(boards).encode("ascii")


def decode(data: bytes, source: str = "<bytes>", strict: bool = False, first_board: int = 1) -> list[Board]:
    """The boards of a BRI file's bytes, the first numbered ``first_board``."""
    return list(_boards(data.decode("latin-1"), source, strict, first_board))


def _boards(text: str, source: str, strict: bool, first_board: int = 1) -> Iterator[Board]:
    size = 80 if len(text) % RECORD and _HEAD.match(text) and text[78:79] in "\r\n" else RECORD
    if size == 80:
        text = re.sub(r"\r?\n", "\r\n", text)
    yield from records(text, size, lambda chunk: deal_from_bri(chunk[:78]), source, strict, "bri",
                       first_board)


def read_boards(
    stream: TextIO, source: str = "<string>", strict: bool = False, first_board: int = 1, **options: Any
) -> Iterator[Board]:
    """Boards from a BRI file opened as text (one character a byte), the first numbered ``first_board``."""
    yield from _boards(stream.read(), source, strict, first_board)


def write_boards(boards: Iterable[Board], out: TextIO, **options: Any) -> None:
    """Boards as BRI records, written once all are placed; every board must have all 52 cards, and
    the set no gap (nothing is written where one is refused)."""
    out.write(_text(boards))


def _text(boards: Iterable[Board]) -> str:
    """The file's text, made whole before a byte is written (`by_place_text`)."""
    return by_place_text(boards, "bri", lambda deal: bri_part(deal) + PADDING)
