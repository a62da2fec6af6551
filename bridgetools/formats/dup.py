"""DUP, Jannersten's Duplimate file of 156 bytes a board: the deal as BRI digits (78), again as DGE characters
(68), then a trailer: random hands ``Y``, backwards ``N``, lowest board (3), copies (2), highest board (3)
(hand-records spec §2.3).

The "blind" variant (``dupblind``) writes 68 spaces for board 1's DGE part so that the machine's screen shows
no cards; readers always decode the BRI part and check the DGE part against it when it is there, and
keep a blind file's boards blind (``board.extra["dup"]``) so that DUP -> DUP stays blind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from bridgetools._words import boards_numbered, plural
from bridgetools.board import Board
from bridgetools.errors import BridgeError, FormatLossWarning, Issue, RecordError, warn_caller
from bridgetools.formats import BINARY_FORMATS, SUFFIXES
from bridgetools.formats._losses import files_named
from bridgetools.formats._machine import (
    bri_part,
    deal_from_bri,
    deal_from_dge,
    dge_char_named,
    dge_part,
    past_last_board,
    records,
)
from bridgetools.formats._problems import report
from bridgetools.model import Deal

EXTENSIONS = SUFFIXES["dup"]
BINARY = "dup" in BINARY_FORMATS
RECORD = 156
MAX_BOARD = 99
_HEAD = re.compile(r"\d{78}(\x06| {68})")


def sniff(head: str) -> bool:
    """78 digits followed by a spade marker (or, blind, 68 spaces)."""
    return _HEAD.match(head) is not None


FLAGS: dict[str, Any] = {"random": "Y", "backwards": "N", "copies": 0}
"""The trailer's flags a writer gives a set that keeps none of its own: random hands, not counting backwards,
0 copies (Big Deal's)."""


def trailer(low: int, high: int, flags: dict[str, Any] | None = None) -> str:
    """The ten trailer bytes: random hands, counting backwards, lowest board, copies, highest board; the
    flags are ``flags`` (those a set read from a DUP file kept, `trailer_flags`) over `FLAGS`."""
    given = {**FLAGS, **(flags or {})}
    return f"{given['random']}{given['backwards']}{low:<3d}{given['copies']:<2d}{high:<3d}"


def trailer_flags(text: str) -> dict[str, Any]:
    """Record 1's trailer flags that differ from `FLAGS` (random hands ``N``, counting backwards ``Y``, a
    count of copies 1-99), kept so that DUP -> DUP writes them again; bytes that are none of these (a
    Big Deal 1.2 NUL) are none kept."""
    copies = text[151:153].strip(" \x00")
    read = {"random": text[146:147], "backwards": text[147:148],
            "copies": int(copies) if copies.isdecimal() else 0}
    return {name: value for name, value in read.items()
            if value != FLAGS[name] and (name == "copies" or value in ("Y", "N"))}


def _text(boards: Iterable[Board], blind: bool) -> str:
    """The records of ``boards``, blind when asked or when a board was read from a blind DUP file."""
    from bridgetools.formats._machine import numbered, numbered_boards, one_deal_a_board

    boards = list(one_deal_a_board(boards, "dup"))  # the trailer needs the lowest and highest board
    blind = blind or any(map(blind_board, boards))
    in_file = numbered_boards(boards)
    if not in_file:
        list(numbered(boards, "dup"))  # no deal to write: the records are named left out all the same
        return ""
    _refuse_past_last_board(in_file)
    low = min(number for number, _ in in_file)
    deals = list(numbered(boards, "dup", by_place_from=low))  # a reader numbers them from there
    flags = _set_flags([board for _, board in in_file])
    tail = trailer(low, low + len(deals) - 1, flags)  # the boards a reader reads back, gaps renumbered
    out = []
    for k, (_, deal) in enumerate(deals):
        shown = " " * 68 if blind and k == 0 else dge_part(deal)
        out.append(bri_part(deal) + shown + tail)
    return "".join(out)


def _set_flags(boards: list[Board]) -> dict[str, Any]:
    """The trailer flags of the set: those the first board keeping flags kept (a DUP file holds one
    trailer), with one warning naming the boards that kept others (DUP files merged into one)."""
    kept = [(board, flags) for board in boards if (flags := kept_flags(board))]
    if not kept:
        return {}
    chosen = kept[0][1]
    others = [board for board, flags in kept if flags != chosen]
    if others:
        warn_caller(f"{files_named(others)}a DUP file holds one trailer a set: written with the flags "
                    f"{_flags_named(chosen)}; the others' ({plural(len(others), 'board')}) not written",
                    FormatLossWarning)
    return chosen


def kept_flags(board: Board) -> dict[str, Any]:
    """The trailer flags a board read from a DUP file kept (``board.extra["dup"]``) that a trailer can hold
    (``Y`` or ``N``; copies 0-99: one edited in a JSON file to another value is none), else none."""
    kept = board.extra.get("dup")
    return {name: kept[name] for name in FLAGS if isinstance(kept, dict) and _holds(name, kept.get(name))}


def _holds(name: str, value: Any) -> bool:
    """Whether a trailer holds ``value`` as its flag ``name``."""
    if name == "copies":
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_BOARD
    return value in ("Y", "N")


def _flags_named(flags: dict[str, Any]) -> str:
    """The flags as a director reads them: ``random hands N, counting backwards Y, copies 2``."""
    words = {"random": "random hands", "backwards": "counting backwards", "copies": "copies"}
    return ", ".join(f"{words[name]} {value}" for name, value in flags.items())


def _refuse_past_last_board(in_file: list[tuple[int, Board]]) -> None:
    """Raise, before a byte is written, for boards a DUP file cannot hold: a number past 99, or more records
    than the boards from the lowest to 99 (a reader numbers them by place from the lowest, so boards 1-3
    dealt 40 times over would read back as boards 1-120, past the trailer's last board). The error names
    the input files of the boards (each with its number in the file, ``in_file``) that it is about, where a
    command read them."""
    numbers = [number for number, _ in in_file]
    boards = [board for _, board in in_file]
    low = min(numbers)
    if max(numbers) > MAX_BOARD:
        raise BridgeError(past_last_board("DUP", in_file, MAX_BOARD))
    if low + len(numbers) - 1 > MAX_BOARD:
        raise BridgeError(
            f"{files_named(boards)}a DUP file holds boards 1-{MAX_BOARD}: {len(numbers)} deals numbered by "
            f"place from board {low} "
            f"would end at board {low + len(numbers) - 1} (expected at most {MAX_BOARD - low + 1} deals from "
            f"board {low}: write the rest to another file)")


def encode(boards: Iterable[Board], *, blind: bool = False) -> bytes:
    """The boards as the bytes of a DUP file (``blind``: board 1's cards kept off the machine's screen)."""
    return _text(boards, blind).encode("ascii")


def _decode_record(chunk: str) -> Deal:
    """The deal of a record's BRI part, which its DGE part (unless blank) must hold too: one that holds
    another, or no deal at all (a card in two hands), is said at its first byte that differs from the BRI
    part's deal written as DGE, whatever is wrong with it (a swap of two cards, one wrong card)."""
    deal = deal_from_bri(chunk[:78])
    shown = chunk[78:146]
    if not shown.strip(" "):
        return deal
    try:
        same = deal_from_dge(shown) == deal
    except RecordError:
        same = False
    if not same:
        expected = dge_part(deal)
        at = next((k for k, (a, b) in enumerate(zip(expected, shown, strict=True)) if a != b), 0)
        found, given = dge_char_named(shown[at]), dge_char_named(expected[at])
        raise RecordError(f"the DGE part holds another deal than the BRI part (found {found} where the BRI "
                          f"part's deal gives {given})", 78 + at)
    return deal


def first_board(text: str) -> int:
    """The lowest board the first record's trailer gives (1 when it gives none)."""
    low = text[148:151].strip(" \x00")
    return int(low) if low.isdecimal() and int(low) >= 1 else 1


def trailer_issues(text: str, source: str, strict: bool) -> list[Issue]:
    """What record 1's trailer says against itself or the file, each as one warning at its bytes: a lowest or
    highest board outside 1-99 or given in no digits, a highest below the lowest, a range of boards other
    than the records the file holds (a file cut short). Only record 1's trailer counts: Big Deal 1.2 leaves
    the later ones NUL (hand-records spec §2.3)."""
    issues: list[Issue] = []
    count = len(text) // RECORD
    if not count:
        return issues
    low, high = text[148:151].strip(" \x00"), text[153:156].strip(" \x00")

    def say(message: str, column: int, syntax: bool = False) -> None:
        report(f"DUP trailer: {message}", source, 1, column, strict=strict, issues=issues, syntax=syntax)

    for name, value, column in (("lowest", low, 149), ("highest", high, 154)):
        if not value.isdecimal():
            start = f", boards read from {first_board(text)}" if name == "lowest" else ""
            say(f"expected the {name} board in digits, found {value!r}{start}", column, syntax=True)
        elif not 1 <= int(value) <= MAX_BOARD:
            say(f"the {name} board is {int(value)}, outside the boards 1-{MAX_BOARD} a DUP file holds",
                column)
    if low.isdecimal() and high.isdecimal():
        if int(high) < int(low):
            say(f"the highest board {high} is below the lowest {low}", 154)
        elif int(high) - int(low) + 1 != count:
            read = [str(int(low) + k) for k in range(count)]
            say(f"boards {low}-{high} ({int(high) - int(low) + 1}) where the file holds "
                f"{plural(count, 'record')} (read as {boards_numbered(read)})", 149)
    return issues


def _boards(text: str, source: str, strict: bool) -> Iterator[Board]:
    blank = len(text) >= 146 and not text[78:146].strip(" ")
    issues = trailer_issues(text, source, strict)
    kept = {**trailer_flags(text), **({"blind": True} if blank else {})}
    for board in records(text, RECORD, _decode_record, source, strict, "dup", first_board(text)):
        if kept:
            board.extra["dup"] = dict(kept)
        board.issues[:0], issues = issues, []
        yield board


def blind_board(board: Board) -> bool:
    """Whether ``board`` was read from a blind DUP file (board 1's cards kept off the machine's screen)."""
    kept = board.extra.get("dup")
    return isinstance(kept, dict) and kept.get("blind") is True


def dup_only(board: Board) -> list[str]:
    """What a board read from DUP holds that only DUP can say: a blind file's blindness and its trailer's
    flags other than a writer's own (JSON keeps them; PBN and the other machines' files have no place)."""
    lost = ["DUP blind (cards kept off the machine's screen)"] if blind_board(board) else []
    flags = kept_flags(board)
    return lost + ([f"DUP trailer flags ({_flags_named(flags)})"] if flags else [])


def decode(data: bytes, source: str = "<bytes>", strict: bool = False) -> list[Board]:
    """The boards of a DUP file's bytes."""
    return list(_boards(data.decode("latin-1"), source, strict))


def read_boards(
    stream: TextIO, source: str = "<string>", strict: bool = False, **options: Any
) -> Iterator[Board]:
    """Boards from a DUP file opened as text (one character a byte)."""
    yield from _boards(stream.read(), source, strict)


def write_boards(
    boards: Iterable[Board], out: TextIO, *, format: str = "dup", blind: bool = False, **options: Any
) -> None:
    """Boards as DUP records (boards 1-99, all 52 cards each); ``format="dupblind"`` or ``blind=True``
    blanks board 1's DGE part, as does a board read from a blind DUP file (a blind set stays blind)."""
    out.write(_text(boards, blind or format == "dupblind"))
