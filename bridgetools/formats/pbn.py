"""PBN (Portable Bridge Notation): a lenient reader of the import format and a strict 2.1 export writer.

Reading streams: `bridgetools.formats.pbn_scan` cuts the file into games (a semi-empty line ends a
game, except inside ``{}`` commentary), counting lines, and each game's text into items by the
grammar's terminals (``grammars/pbn.lark``); a game is interpreted (`bridgetools.formats.pbn_read`)
only once all of it has been read, because tag order is free. ``#``/``##`` inheritance and
shared-deal files are carried from game to game. Writing is `bridgetools.formats.pbn_write`.
Everything the model does not interpret is kept in ``board.extra["pbn"]`` so that PBN -> PBN gives
back every tag, note, table and comment. See docs/formats.md for the mapping.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from bridgetools.board import Board
from bridgetools.formats import SUFFIXES
from bridgetools.formats._deal_checks import BoardsSeen
from bridgetools.formats._losses import calls_kept_words, deal_kept
from bridgetools.formats._problems import Reporter
from bridgetools.formats._quiz import blank_turn_lost
from bridgetools.formats.pbn_read import GameReader, Inheritance, alerts_heading, inherit
from bridgetools.formats.pbn_record import PbnRecord, Token
from bridgetools.formats.pbn_scan import Record, joined, split_records
from bridgetools.formats.pbn_stream import GameIndex, OnIssue, games_of, read_records, record_tags
from bridgetools.formats.pbn_syntax import tag_start
from bridgetools.formats.pbn_values import MANDATORY_TAGS, PLAYER_TAGS, deal_as_written
from bridgetools.model import Seat

EXTENSIONS = SUFFIXES["pbn"]


def sniff(head: str) -> bool:
    """Whether text starting with ``head`` looks like PBN: a ``% PBN`` line or a tag pair."""
    if re.search(r"^%\s*PBN\b", head, re.M):
        return True
    return tag_start().search(head) is not None


# Public API ----------------------------------------------------------------------------------


def read_boards(
    stream: TextIO,
    source: str = "<string>",
    strict: bool = False,
    *,
    carry_deal: bool = True,
    jobs: int = 1,
) -> Iterator[Board]:
    """Boards from a PBN stream, one per game, read as they come (memory stays flat).

    ``carry_deal``: a game with no Deal tag takes the deal and board tags of the game before (files
    of open and closed rooms that give the deal once), with an issue saying so. ``jobs`` > 1 reads
    games in that many worker processes (in file order; strict reading uses one process).
    """
    if jobs > 1 and not strict:
        yield from _read_in_processes(stream, source, carry_deal, jobs)
        return
    reader = GameReader(source, strict, carry_deal)
    yield from read_records(reader, split_records(stream), whole=True)


def read_game(
    stream: TextIO,
    source: str | None = None,
    *,
    strict: bool = False,
    on_issue: OnIssue | None = None,
    line: int | None = None,
    carry_deal: bool = True,
) -> Board | None:
    """The next game of ``stream`` as a `Board`, or None at its end (python-chess's ``read_game``).

    Problems are issues on the board, each also given to ``on_issue``; ``strict=True`` raises
    `ParseError` at the first. Calls on one stream carry line numbers and ``#`` inheritance from
    game to game; after a seek to an offset from `scan_offsets`, they are that game's. ``line``
    names the line the stream stands at, for an offset kept elsewhere.
    """
    games = games_of(stream, source, strict, line=line, carry_deal=carry_deal)
    return games.read_game(on_issue)


def read_headers(stream: TextIO, *, line: int | None = None) -> dict[str, str] | None:
    """The tags of the next game (after ``#`` inheritance), or None at the end, without reading its
    sections: a quick look at what a game is before reading it."""
    return games_of(stream, line=line).read_headers()


def skip_game(stream: TextIO, *, line: int | None = None) -> bool:
    """Pass over the next game without reading it; False when there is none."""
    return games_of(stream, line=line).skip_game()


def scan_offsets(stream: TextIO, *, line: int | None = None) -> Iterator[GameIndex]:
    """Where each game of the rest of ``stream`` starts (offset and line) and its tags, one game at
    a time: an index of a large file, whose games are read again by ``stream.seek(entry.offset)``
    and `read_game`. The stream must be seekable for offsets (else they are None)."""
    return games_of(stream, line=line).scan_offsets()


CHUNK_GAMES = 250
"""Games per task when reading in several processes."""


Located = tuple[Board, tuple[int | None, int | None]]
"""A board read in a worker and where its number was read (line, column), for the check across chunks."""


def _read_chunk(task: tuple[list[Record], Inheritance, str, bool]) -> list[Located]:
    """Worker: the boards of consecutive games, starting from the inheritance state before them, each with
    where its number was read: a number given again with another deal is told by the parent, in file
    order across chunks (`_told_again`), so the warnings are those of one process."""
    records, state, source, carry_deal = task
    reader = GameReader(source, False, carry_deal)
    reader.inherit = state
    reader.seen = None
    boards = list(read_records(reader, records, whole=True))  # a chunk holds games: a tag, unless none has
    return list(zip(boards, reader.named_at, strict=True))


def _told_again(located: Iterable[Located], seen: BoardsSeen, source: str) -> Iterator[Board]:
    """The boards of a chunk, each with the warning for a number that came earlier in the file with another
    deal (`BoardsSeen`, as `GameReader` tells it reading in one process), last of its issues."""
    for board, (line, column) in located:
        seen.check(board, line, column, Reporter(source, False, board.issues))
        yield board


def _read_in_processes(stream: TextIO, source: str, carry_deal: bool, jobs: int) -> Iterator[Board]:
    """Games cut here, read in ``jobs`` processes a chunk at a time, yielded in file order.

    Inheritance runs through the whole file, so this process follows the tag values of every game
    (a quick scan of its tags) and hands each chunk the state it starts from. At most two chunks
    per process are in flight, so memory stays flat.
    """
    import copy
    from collections import deque

    from bridgetools._pool import worker_pool

    state = Inheritance()
    seen = BoardsSeen()
    with worker_pool(jobs, preload=[__name__]) as pool:
        pending: deque[Any] = deque()
        chunk: list[Record] = []
        start = copy.deepcopy(state)
        for record in _merge_tagless(split_records(stream)):
            chunk.append(record)
            inherit(state, record_tags(record), carry_deal)
            heading = alerts_heading(line for line in record.text.splitlines() if line.startswith("%"))
            state.alerts = state.alerts if heading is None else heading
            if len(chunk) == CHUNK_GAMES:
                pending.append(pool.submit(_read_chunk, (chunk, start, source, carry_deal)))
                chunk, start = [], copy.deepcopy(state)
                if len(pending) >= 2 * jobs:
                    yield from _told_again(pending.popleft().result(), seen, source)
        if chunk:
            pending.append(pool.submit(_read_chunk, (chunk, start, source, carry_deal)))
        while pending:
            yield from _told_again(pending.popleft().result(), seen, source)


def _merge_tagless(records: Iterable[Record]) -> Iterator[Record]:
    """Records with no tag (file-header commentary) joined to the record after them."""
    held: Record | None = None
    for record in records:
        if held is not None:
            record, held = joined(held, record), None
        if not record.has_tag:
            held = record
            continue
        yield record
    if held is not None:
        yield held


def pbn_only(board: Board, calls: bool = True, play: bool = True) -> list[str]:
    """What a board read from PBN holds that only PBN can say (see `bridgetools.formats._losses`): calls
    written past what the Laws allow, play rows the model could not replay and tag values it could not
    read, kept as written, the Result's ``^`` (``^4``, a count the players agreed to) and the Declarer's
    (``^E``, declarer and dummy swapped), the game's ``%`` lines (BridgeComposer's directives, Big Deal's
    ``%%!R`` deal codes; not the seed and condition ``deal`` notes: `PbnRecord.comments_lost`) and the
    program and time the file heading names; the calls not when ``calls`` is False: the target wrote
    them, `calls_kept`; the play rows as written not when ``play`` is False: a diagram showed them."""
    record = board.extra.get(PbnRecord.FORMAT)
    if not isinstance(record, PbnRecord):
        return []
    kept = [_calls_kept_words(board, record.auction)] if record.auction is not None and calls else []
    adjusted = record.result_irregular and board.tricks is not None  # Result "^4": no other format says it
    swapped = record.declarer_irregular and board.declarer is not None  # Declarer "^E": nor this
    return kept + ["PBN play as written"] * (record.play_rows is not None and play) \
        + ["adjusted result marks"] * adjusted + ["irregular declarer marks"] * swapped \
        + ["PBN % lines"] * bool(record.comments_lost) + _values_not_read(board, record) \
        + _heading_lost(record)


def _heading_lost(record: PbnRecord) -> list[str]:
    """The source file's heading lines that say which program made it and when (``%Creator: CSVtoPBN
    Version 1.04``, ``%Created: ...``), which another format has no place for."""
    named = record.provenance_named
    return [named] if named is not None else []


def _values_not_read(board: Board, record: PbnRecord) -> list[str]:
    """The mandatory tags whose value the reader could not read (``[Deal "... 6Z"]``, ``[Dealer "Q"]``),
    kept as written for PBN alone (a Deal read but for a hand named with the hands unknown, as LIN's
    md); the placeholders ``?``, ``-``, ``#`` and an empty value say nothing, nor the Result of a play to be
    continued that its cards give (`_tricks_so_far`)."""
    return [deal_kept(board, f'Deal as written (PBN [Deal "{value}"])', Seat)
            if name == "Deal" and deal_as_written(value, board.deal) else f"PBN {name} as written (not read)"
            for name, value in record.raw.items()
            if value.strip() not in ("", "?", "-") and not value.startswith("#")
            and not (name == "Result" and _tricks_so_far(board, record) == value.strip())]


def _tricks_so_far(board: Board, record: PbnRecord) -> str | None:
    """The Result of a play to be continued (``+``) that the cards give, the tricks declarer has won so far
    (§3.4): another format that keeps the cards says it too. None for any other play."""
    play = board.play
    return str(play.declarer_tricks) if play is not None and record.play_end == "+" else None


def _calls_kept_words(board: Board, written: tuple[Token, ...]) -> str:
    """The calls kept as written past the legal start of the auction; a bidding quiz's blank turn
    alone (``____``, `blank_turn_lost`) named as such, for it follows no illegal call."""
    blank = blank_turn_lost(board)
    if blank is not None:
        return blank
    made = len(board.auction) if board.auction is not None else 0
    calls = " ".join(token[0] for token in written[made:])
    return calls_kept_words(board, calls, "PBN, kept after an illegal call")


def write_boards(boards: Iterable[Board], out: TextIO, **options: Any) -> None:
    """Boards as a PBN 2.1 export file (see `bridgetools.formats.pbn_write`)."""
    from bridgetools.formats.pbn_write import write_boards as write

    write(boards, out, **options)


__all__ = [
    "EXTENSIONS",
    "MANDATORY_TAGS",
    "PLAYER_TAGS",
    "GameIndex",
    "pbn_only",
    "read_boards",
    "read_game",
    "read_headers",
    "scan_offsets",
    "skip_game",
    "sniff",
    "split_records",
    "write_boards",
]
