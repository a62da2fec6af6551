"""DGE, the dealing-machine file of 128 bytes a board: the four hands N E S W, each suit introduced by the
code page 437 pip character (0x06 spades, 0x03 hearts, 0x04 diamonds, 0x05 clubs) and its ranks, highest
first, then 60 NULs (hand-records spec §2.2). Record k is board k, or board
``first_board + k - 1`` when the reader is given ``first_board`` (hand-records spec §1).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from bridgetools.board import Board
from bridgetools.formats import BINARY_FORMATS, SUFFIXES
from bridgetools.formats._machine import by_place_text, deal_from_dge, dge_part, records

EXTENSIONS = SUFFIXES["dge"]
BINARY = "dge" in BINARY_FORMATS
NUMBERED_BY_PLACE = True
"""The file gives no board numbers: its reader takes ``first_board`` (`bridgetools.formats.read`)."""
RECORD = 128
PADDING = "\x00" * 60


def sniff(head: str) -> bool:
    """A spade marker first, and the record's 68 characters followed by NUL padding."""
    return head.startswith("\x06") and head[68:70] in ("\x00\x00", "")


def encode(boards: Iterable[Board]) -> bytes:
    """The boards as the bytes of a DGE file."""
    return _text(boards).encode("ascii")


def decode(data: bytes, source: str = "<bytes>", strict: bool = False, first_board: int = 1) -> list[Board]:
    """The boards of a DGE file's bytes, the first numbered ``first_board``."""
    return list(_boards(data.decode("latin-1"), source, strict, first_board))


def _boards(text: str, source: str, strict: bool, first_board: int = 1) -> Iterator[Board]:
    yield from records(text, RECORD, lambda chunk: deal_from_dge(chunk[:68]), source, strict, "dge",
                       first_board)


def read_boards(
    stream: TextIO, source: str = "<string>", strict: bool = False, first_board: int = 1, **options: Any
) -> Iterator[Board]:
    """Boards from a DGE file opened as text (one character a byte), the first numbered ``first_board``."""
    yield from _boards(stream.read(), source, strict, first_board)


def write_boards(boards: Iterable[Board], out: TextIO, **options: Any) -> None:
    """Boards as DGE records, written once all are placed; every board must have all 52 cards, and
    the set no gap (nothing is written where one is refused)."""
    out.write(_text(boards))


def _text(boards: Iterable[Board]) -> str:
    """The file's text, made whole before a byte is written (`by_place_text`)."""
    return by_place_text(boards, "dge", lambda deal: dge_part(deal) + PADDING)
