"""A vugraph header's ``rs`` line brought up to date with the boards written under it.

The header a LIN match was read with is written back as it was, so LIN -> LIN gives the same pairs.
But ``bid --rebid`` and ``autoplay`` give its boards new auctions and play: the header's ``rs`` then
still said the file's contracts and results (``4HE=`` over a board the computer bid to 3NT and never
played), and a reader took the old result for a board whose contract happened to be the same. Each
entry that no longer says its board's contract, declarer and tricks is written anew from the board;
the others stay as the file wrote them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bridgetools.board import Board
from bridgetools.formats._law77 import played_alike
from bridgetools.formats._losses import HeldForOthers
from bridgetools.formats.lin_codes import LinRecord, lin_record, parse_result, result_entry
from bridgetools.model import Contract, Seat

BlockOutcome = tuple[int, str, Contract, Seat | None]
"""A block's board number, room (``open``, ``closed``), contract and declarer as its calls give them."""


def header_with_results(header: tuple[tuple[str, str], ...],
                        boards: Sequence[Board]) -> tuple[tuple[str, str], ...]:
    """``header`` with each ``rs`` entry of ``boards`` whose auction or play the computer replaced
    (`LinRecord.result_replaced`) rewritten where it disagrees with its board (the header itself when
    every entry agrees, or it has no ``rs``); each board's entry is the one it was read with
    (`entry_index`)."""
    codes = [code.lower() for code, _ in header]
    if "rs" not in codes:
        return header
    first, numbers = first_of_results(header, _placed(boards)), board_list(header)
    at = len(codes) - 1 - codes[::-1].index("rs")  # the list as last restated: the one read
    results = header[at][1].split(",")
    for board in boards:
        record = board.extra.get("lin")
        if not (isinstance(record, LinRecord) and record.result_replaced):
            continue
        index = entry_index(first, board.number, board.room, record.results_place, numbers)
        if index is None or not 0 <= index < len(results):
            continue
        said = parse_result(results[index])
        now = None if board.contract is None else (board.contract, board.declarer, board.tricks)
        if said != now:
            results[index] = result_entry(board)
    value = ",".join(results)
    if value == header[at][1]:
        return header
    return (*header[:at], (header[at][0], value), *header[at + 1:])


def entry_index(first: int | None, number: int | None, room: str | None, place: int | None,
                numbers: Sequence[int] | None = None) -> int | None:
    """The ``rs`` entry a block takes, by the one rule of the list's order, its blocks' ``o1, c1, o2, c2``:
    under a ``vg`` (``first``, the board its entries start at), entry ``2 * (number - first)``, plus one in
    the closed room, or where a ``bn`` list numbers the pairs (``numbers``, `board_list`), twice the place
    of ``number`` in it; in a list no ``vg`` numbers (``rs|5HS-2|`` over a board with no ``qx``), ``place``,
    the entry the reader gave it (`lin._ResultsListed`) (None: none, a block with no number or room under a
    ``vg``, or of a board its ``bn`` does not list)."""
    if place is not None:
        return place
    if number is None or room not in ("open", "closed"):
        return None
    if numbers is not None:
        return 2 * numbers.index(number) + (room == "closed") if number in numbers else None
    return None if first is None else 2 * (number - first) + (room == "closed")


def entry_board(first: int | None, index: int,
                numbers: Sequence[int] | None = None) -> tuple[int, str] | None:
    """The board number and room whose entry under a ``vg`` is ``index`` (`entry_index` read backwards;
    None: past the boards its ``bn``, ``numbers``, lists, or with neither a ``bn`` nor a first board)."""
    room = "closed" if index % 2 else "open"
    if numbers is not None:
        return (numbers[index // 2], room) if index // 2 < len(numbers) else None
    return None if first is None else (first + index // 2, room)


def board_list(header: Sequence[tuple[str, str]]) -> tuple[int, ...] | None:
    """The board numbers a header's ``bn`` gives its ``rs`` pairs, one a board, open and closed
    (``bn|1,2,3,4|``; a range ``5-8`` is its boards; a trailing empty field says nothing), its last ``bn``
    if restated; None without one, or one with a field that is no board number or a board listed twice
    (the ``vg``'s first board and the blocks' order stand then)."""
    value = next((value for code, value in reversed(header) if code.lower() == "bn"), None)
    if value is None:
        return None
    fields = [field.strip() for field in value.split(",")]
    if fields and not fields[-1]:
        fields.pop()
    numbers: list[int] = []
    for field in fields:
        low, _, high = field.partition("-")
        if not (low.isdecimal() and (high or low).isdecimal() and 0 <= int(high or low) - int(low) < 1000):
            return None
        numbers.extend(range(int(low), int(high or low) + 1))
    return tuple(numbers) if numbers and len(set(numbers)) == len(numbers) else None


def results_grown(old: Sequence[str], new: Sequence[str]) -> bool:
    """Whether the ``rs`` entries ``new`` are ``old`` restated with more results: each of ``old``'s as it
    was (an empty one may be filled) and more given (``4HS=,`` then ``4HS=,4HS-1``: a live file's)."""
    if len(new) < len(old):
        return False
    kept = all(o.strip() in ("", n.strip()) for o, n in zip(old, new[:len(old)], strict=True))
    return kept and sum(1 for e in new if e.strip()) > sum(1 for e in old if e.strip())


def first_of_results(header: tuple[tuple[str, str], ...], placed: int | None = None) -> int | None:
    """The board number of the first ``rs`` entry of ``header``: ``placed``, where the boards' calls showed
    it (`LinRecord.results_first`), else the first board its ``vg`` names; None when it has no ``rs``, no
    ``vg`` or no first board in it."""
    codes = [code.lower() for code, _ in header]
    if "rs" not in codes or "vg" not in codes:
        return None
    if placed is not None:
        return placed
    vg = [f.strip() for f in header[codes.index("vg")][1].split(",")]
    return int(vg[3]) if len(vg) > 3 and vg[3].isdecimal() else None


def _placed(boards: Sequence[Board]) -> int | None:
    """The board the ``rs`` entries start at as the reader placed them for ``boards`` (None: vg's)."""
    records = [record for board in boards if isinstance(record := board.extra.get("lin"), LinRecord)]
    return next((record.results_first for record in records if record.results_first is not None), None)


def placed_first(results: Sequence[str], first: int, outcomes: Sequence[BlockOutcome]) -> tuple[int, int]:
    """The board the ``rs`` entries ``results`` start at, as the blocks' ``outcomes`` show it, and how many
    of them it matches: each block whose contract and declarer an entry of its room gives (a double changes
    no card, as the reader takes an entry) votes for the board that entry then starts from. ``first``, the
    vg's, stands unless another gets two votes more than it, those of most of the blocks and of blocks of
    two boards or more, and no other as many: a few auctions that differ from their entries, and the
    contracts another board's entries happen to give, move nothing, nor do one board's (a board cut from
    its match)."""
    said = [parse_result(entry) for entry in results]
    votes: Counter[int] = Counter()
    boards: dict[int, set[int]] = {}  # by the board the entries would start at: the boards that vote for it
    for number, room, contract, declarer in outcomes:
        for index in range(room == "closed", len(said), 2):
            result = said[index]
            if result is not None and played_alike(result[0], result[1], contract, declarer):
                votes[number - index // 2] += 1
                boards.setdefault(number - index // 2, set()).add(number)
    best, most = max(votes.items(), key=lambda item: (item[1], item[0] == first), default=(first, 0))
    alone = list(votes.values()).count(most) == 1
    if most >= votes[first] + 2 and 2 * most > len(outcomes) and alone and len(boards[best]) > 1:
        return best, most
    return first, votes[first]


def results_by_board(header: tuple[tuple[str, str], ...], placed: int | None = None) -> dict[int, str]:
    """The ``rs`` entries of ``header`` by board number, both rooms' together (``4SN=, 4SN-1``), those
    of a board with none left out: what the header says of each board's results (``placed``: the board
    the entries start at where the boards' calls showed it, `LinRecord.results_first`)."""
    first, numbers = first_of_results(header, placed), board_list(header)
    codes = {code.lower() for code, _ in header}
    if "rs" not in codes or "vg" not in codes or (first is None and numbers is None):
        return {}
    entries = next(value for code, value in header if code.lower() == "rs").split(",")
    said: dict[int, str] = {}
    for index, entry in enumerate(entries):
        if entry.strip() and (board := entry_board(first, index, numbers)) is not None:
            number = board[0]
            said[number] = f"{said[number]}, {entry.strip()}" if number in said else entry.strip()
    return said


def lin_held_for_others(board: Board) -> list[HeldForOthers]:
    """What the vugraph header ``board`` was read under says of each board of its match, which a target
    other than LIN and JSON loses for boards not written with it: the results its ``rs`` gives them (a
    board cut from a match keeps the whole match's ``rs``: `_ResultsAlone`), and the match's first and
    last boards its ``vg`` names (`_range_for_others`); none without such a header."""
    record = lin_record(board)
    if record is None:
        return []
    ranged = _range_for_others(record)
    held = [] if ranged is None else [ranged]
    if record.results_place is not None:
        return [_listed_for_others(record, record.results_place), *held]
    said = results_by_board(record.header, record.results_first)
    if not said:
        return held
    vg = next(value for code, value in record.header if code.lower() == "vg")
    return [HeldForOthers(vg, {n: f"{n}: {results}" for n, results in said.items()},
                          "LIN rs| results of the match's {boards}, which no board written holds ({said})"),
            *held]


def _range_for_others(record: LinRecord) -> HeldForOthers | None:
    """The match's first and last boards, fields 4 and 5 of the ``vg`` of ``record``'s header: a target
    with no place for them (PBN has no tag for a match's range of boards) keeps them only in the numbers
    of the boards written, which LIN's writer gives its ``vg`` again, so a board of the two not written
    loses them (a board or a segment cut from its match); None without a ``vg`` naming them."""
    value = next((value for code, value in record.header if code.lower() == "vg"), None)
    fields = [] if value is None else [field.strip() for field in value.split(",")]
    if len(fields) < 5 or not (fields[3].isdecimal() and fields[4].isdecimal()):
        return None
    first, last = int(fields[3]), int(fields[4])
    said = {first: f"first board {first}", last: f"last board {last}"} if first != last else {
        first: f"first and last board {first}"}
    return HeldForOthers(value or "", said, "LIN vg| the match's first and last boards, which no board "
                                            "written is ({said})")


def _listed_for_others(record: LinRecord, place: int) -> HeldForOthers:
    """The entries of the ``rs`` no ``vg`` numbers that a board at ``place`` under it was read with, by
    their places (`_ResultsListed`): a target other than LIN and JSON loses those no board written took. The
    list as last restated, from the board's own entry (those before it are the earlier boards', which
    were read with the list as it stood: a list grown since names none of them again)."""
    value = [value for code, value in record.header if code.lower() == "rs"][-1]
    said = {i: f"entry {i + 1}: {entry.strip()}" for i, entry in enumerate(value.split(","))
            if entry.strip() and i >= place}
    return HeldForOthers(f"rs|{value}", said, "LIN rs| results no board written takes, of an rs with no vg "
                                              "to number its boards ({said})", holds=place)


__all__ = ["BlockOutcome", "board_list", "entry_board", "entry_index", "first_of_results",
           "header_with_results", "lin_held_for_others", "placed_first", "results_by_board", "results_grown"]
