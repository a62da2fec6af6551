"""A vugraph header's ``rs`` line brought up to date with the boards written under it.

The header a LIN match was read with is written back as it was, so LIN -> LIN gives the same pairs.
But ``bid --rebid`` and ``autoplay`` give its boards new auctions and play: the header's ``rs`` then
still said the file's contracts and results (``4HE=`` over a board the computer bid to 3NT and never
played), and a reader took the old result for a board whose contract happened to be the same. Each
entry that no longer says its board's contract, declarer and tricks is written anew from the board;
the others stay as the file wrote them.
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgetools.board import Board
from bridgetools.formats.lin_codes import LinRecord, parse_result, result_entry


def header_with_results(header: tuple[tuple[str, str], ...],
                        boards: Sequence[Board]) -> tuple[tuple[str, str], ...]:
    """``header`` with each ``rs`` entry of ``boards`` whose auction or play the computer replaced
    (`LinRecord.result_replaced`) rewritten where it disagrees with its board (the header itself when
    every entry agrees, or it has no ``rs`` or no first board in ``vg``)."""
    codes = [code.lower() for code, _ in header]
    if "rs" not in codes or "vg" not in codes:
        return header
    vg = [f.strip() for f in header[codes.index("vg")][1].split(",")]
    if len(vg) < 4 or not vg[3].isdecimal():
        return header
    first = int(vg[3])
    at = codes.index("rs")
    results = header[at][1].split(",")
    for board in boards:
        record = board.extra.get("lin")
        if board.number is None or board.room not in ("open", "closed") or not (
                isinstance(record, LinRecord) and record.result_replaced):
            continue
        index = 2 * (board.number - first) + (board.room == "closed")
        if not 0 <= index < len(results):
            continue
        said = parse_result(results[index])
        now = None if board.contract is None else (board.contract, board.declarer, board.tricks)
        if said != now:
            results[index] = result_entry(board)
    value = ",".join(results)
    if value == header[at][1]:
        return header
    return (*header[:at], (header[at][0], value), *header[at + 1:])


__all__ = ["header_with_results"]
