"""Reading a PBN file a game at a time, as python-chess reads PGN: the next game, only its tags, skip
it, or an index of where each game starts, to come back to one later.

The functions take an open text stream and read from where it is. Between calls on the same stream
they remember the line count and what ``#`` inheritance and shared deals carry from game to game, so
reading game after game gives what `bridgetools.formats.pbn.read_boards` gives. A game indexed by
`scan_offsets` is read again by seeking the stream to its offset: line numbers and inheritance are
those of the file (see docs/pbn-reading.md).
"""

from __future__ import annotations

import copy
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from bridgetools._gc import collector_paused
from bridgetools.board import Board
from bridgetools.errors import BridgeError, Issue, ParseError, StrictStop
from bridgetools.formats._losses import is_a_board
from bridgetools.formats._problems import report, strict_message, with_line_context
from bridgetools.formats.pbn_read import GameReader, Inheritance, Item, inherit
from bridgetools.formats.pbn_scan import Record, Splitter, join_tagless, parse_game, unescape
from bridgetools.formats.pbn_syntax import tag_parts

OnIssue = Callable[[Issue], None]
"""A hook called with each problem found (an `Issue` with its line and column)."""


@dataclass(frozen=True, slots=True)
class GameIndex:
    """Where a game starts in a stream (``offset``, as the stream's ``tell()`` gives it, and its
    first ``line``), and its tags after inheritance."""

    offset: int | None
    line: int
    headers: dict[str, str]
    state: Inheritance = field(repr=False, compare=False)
    """What earlier games hand down to this one (``#`` values, shared deals)."""


def read_records(reader: GameReader, records: Iterable[Record], whole: bool = False) -> Iterator[Board]:
    """The boards of game records: text with no tag before the first game goes with it.

    ``whole``: the records are a whole file's, so records with no tag at all (or none) give a board of that
    one problem (`GameReader.no_tag`), placed at the first text, rather than nothing.
    The cyclic garbage collector waits while a game is read (its many short-lived pieces would
    start a collection every few hundred; reference counting frees them) and runs again before
    the board is handed on.
    """
    leading: list[Item] = []
    told = False  # a board was given
    for record in records:
        with collector_paused():
            try:
                board, leading = _game_of(reader, record, leading)
            except ParseError as e:  # strict: the game's first problem in the file, not the first met
                raise with_line_context(_first_in_file(reader, record, leading, e), record.text,
                                        record.line) from None
        if board is not None:
            told = True
            yield board
    if whole and not told:
        yield reader.no_tag(leading)


def _game_of(reader: GameReader, record: Record, leading: list[Item]) -> tuple[Board | None, list[Item]]:
    """The board of ``record`` and the items that go with the next game's: commentary or % lines before
    the first game, when ``record`` holds no tag (then no board, unless it was a game too broken to read)."""
    errors = len(reader.issues)
    items = parse_game(record.text, reader.source, record.line, reader.strict, reader.issues)
    if not any(i.kind == "tag" for i in items):
        if record.has_tag and len(reader.issues) > errors:
            return _unless_cut_short(reader.board(reader.group(leading + items)), record), []
        return None, leading + items
    board = _unless_cut_short(reader.board(reader.group(leading + items if leading else items)), record)
    if record.second_deal is not None and board.number is None:
        _second_deal_said(reader, board, *record.second_deal)
    return board, []


def _second_deal_said(reader: GameReader, board: Board, line: int, game: int) -> None:
    """A warning at a game's second Deal tag (line ``line``, in the game from line ``game``) where it starts
    a game with no board number: the deal is kept as a board of its own (PBN's import rule would ignore
    it), and the director learns which it is and what to mend (docs/formats.md, Recovery)."""
    report(f"a second Deal tag in the game from line {game}: read as a board of its own with no board "
           "number (expected one Deal a game: give this one a Board tag and an empty line before it, or "
           "remove it)", reader.source, line, 1, strict=reader.strict, issues=board.issues)


def _unless_cut_short(board: Board, record: Record) -> Board:
    """``board``, unless ``record`` is a fragment cut short, which holds nothing of a game (no board number,
    deal, auction, play, contract, declarer or result: only the tags a next game starts with, Event, Site,
    Date ...): then only a record of its problems, which no writer counts as a board but whose problems are
    still said (docs/formats.md, Problems). A fragment ends the input inside a line (``[Event ...][Site
    ...][Board`` with no line end: a file cut short), with a problem on that line; a game whose last line is
    whole is no fragment, whatever its problems (a table of a verifier's test file, its ``%`` lines kept)."""
    if _holds_a_game(board) or record.text.endswith("\n"):
        return board
    last = record.line + record.text.count("\n")
    if not any(issue.level == "error" and issue.line == last for issue in board.issues):
        return board
    fragment = Board()
    fragment.issues.extend(board.issues)
    return fragment


def _holds_a_game(board: Board) -> bool:
    """Whether a record holds something of a game that a cut must not lose: it is a board (`is_a_board`: a
    number, a deal or an auction), or it gives play, a contract, declarer or result."""
    return is_a_board(board) or any(value is not None for value in (board.play, board.contract,
                                                                   board.declarer, board.tricks))


def _first_in_file(reader: GameReader, record: Record, leading: list[Item], met: ParseError) -> ParseError:
    """Strict reading's error for ``record``: ``met``, the first problem met, unless the game read
    leniently has one on a line before it (a tag's value is read once the whole game is: a bad Dealer
    on line 2 comes before an unclosed tag on line 5 that the scanner meets first). One on the same
    line is not taken: it may be what lenient reading made of the one met (``1S ??!`` is a second
    suffix at the ``!``, then a call with two suffix NAGs at the ``1S``)."""
    kept = reader.strict, reader.issues
    reader.strict, reader.issues = False, []
    try:
        board, _ = _game_of(reader, record, leading)
        found = [i for i in (board.issues if board is not None else []) + reader.issues
                 if i.level != "info" and i.line is not None]
    except BridgeError:
        return met
    finally:
        reader.strict, reader.issues = kept
    first = min(found, key=lambda i: (i.line, i.column or 0), default=None)
    if first is None or first.line is None or (met.line is not None and first.line >= met.line):
        return met
    return StrictStop(strict_message(first.message), first.source, first.line, first.column)


def record_tags(record: Record) -> list[tuple[str, str]]:
    """A game's tags as written, the first of each name, notes left out (a quick scan of its text)."""
    seen: dict[str, str] = {}
    for name, value in tag_parts().findall(record.text):
        if name not in seen and name != "Note":
            seen[name] = unescape(value)
    return list(seen.items())


class GameStream:
    """The games of one text stream, read one at a time from where it stands (see the module)."""

    def __init__(
        self,
        stream: TextIO,
        source: str = "<string>",
        strict: bool = False,
        *,
        carry_deal: bool = True,
        line: int = 1,
        state: Inheritance | None = None,
    ) -> None:
        self.stream = stream
        self.reader = GameReader(source, strict, carry_deal)
        if state is not None:
            self.reader.inherit = copy.deepcopy(state)
        self.seekable = stream.seekable()
        self.records = join_tagless(self._cut(line))
        self.boards = read_records(self.reader, self._pulled())
        """Boards of the records, pulled one at a time from the record stream the index shares."""
        self.position: int | None = None
        """Where the stream stood after this object last read it (None: not seekable)."""
        self.starts: dict[int, GameIndex] = {}
        """Games indexed so far, by offset."""

    def _cut(self, line: int) -> Iterator[Record]:
        """Records of the stream from ``line`` on, each with the offset of its first line (the stream
        is asked where it is only before a line that may start a game)."""
        splitter, stream = Splitter(), self.stream
        marks: dict[int, int] = {}
        number = line - 1
        while True:
            if self.seekable and splitter.between_games:
                marks[number + 1] = stream.tell()
            text = stream.readline()
            if not text:
                break
            number += 1
            if number == 1:
                text = text.removeprefix("\ufeff")
            record = splitter.feed(text, number)
            if record is not None:
                yield self._placed(record, marks)
        last = splitter.cut()
        if last is not None:
            yield self._placed(last, marks)

    def _placed(self, record: Record, marks: dict[int, int]) -> Record:
        """``record`` with its offset: marked before its first line, else found by reading again
        from the last mark before it (a game that starts with no blank line before it)."""
        record.offset = marks.get(record.line)
        if record.offset is None and self.seekable:
            record.offset = self._offset_of(record.line, marks)
        for number in [n for n in marks if n < record.line]:
            del marks[number]
        if record.offset is not None:
            marks[record.line] = record.offset  # where the next search starts
        return record

    def _offset_of(self, line: int, marks: dict[int, int]) -> int | None:
        earlier = [n for n in marks if n <= line]
        if not earlier:
            return None
        here = self.stream.tell()
        start = max(earlier)
        self.stream.seek(marks[start])
        for _ in range(line - start):
            self.stream.readline()
        offset = self.stream.tell()
        self.stream.seek(here)
        return offset

    def _pulled(self) -> Iterator[Record]:
        """The records for the boards, taken from the shared record stream one at a time."""
        while (record := next(self.records, None)) is not None:
            yield record

    def _moved(self) -> None:
        if self.seekable:
            self.position = self.stream.tell()

    def read_game(self, on_issue: OnIssue | None = None) -> Board | None:
        """The next game as a `Board` (None at the end of the stream); ``on_issue`` sees its issues."""
        board = next(self.boards, None)
        self._moved()
        if board is not None and on_issue is not None:
            for issue in board.issues:
                on_issue(issue)
        return board

    def read_headers(self) -> dict[str, str] | None:
        """The tags of the next game after inheritance (None at the end), without reading the rest."""
        entry = self._next_index()
        return None if entry is None else entry.headers

    def skip_game(self) -> bool:
        """Pass over the next game (False when there is none)."""
        return self._next_index() is not None

    def scan_offsets(self) -> Iterator[GameIndex]:
        """Where each remaining game starts, with its tags: an index of the rest of the stream."""
        while (entry := self._next_index()) is not None:
            yield entry

    def _next_index(self) -> GameIndex | None:
        record = next(self.records, None)
        self._moved()
        if record is None:
            return None
        before = copy.deepcopy(self.reader.inherit)
        values, _, _ = inherit(self.reader.inherit, record_tags(record), self.reader.carry_deal)
        entry = GameIndex(record.offset, record.line, values, before)
        if record.offset is not None:
            self.starts[record.offset] = entry
        return entry


_STREAMS: weakref.WeakKeyDictionary[Any, GameStream] = weakref.WeakKeyDictionary()
"""The reading state of each stream the module functions have read, while the stream lives."""


def games_of(
    stream: TextIO,
    source: str | None = None,
    strict: bool = False,
    *,
    line: int | None = None,
    carry_deal: bool = True,
) -> GameStream:
    """The `GameStream` of ``stream``: the one that read it last, if the stream is still where that
    left it; else a new one from here, starting at ``line`` (by default the line of the game
    indexed at this offset, or line 1)."""
    if source is None:
        name = getattr(stream, "name", None)
        source = name if isinstance(name, str) else "<string>"
    games = _STREAMS.get(stream)
    here = stream.tell() if stream.seekable() else None
    if games is not None and line is None and (here is None or here == games.position):
        games.reader.source, games.reader.strict = source, strict
        return games
    known = games.starts.get(here) if games is not None and here is not None else None
    state = known.state if known is not None else None
    start = line if line is not None else known.line if known is not None else 1
    fresh = GameStream(stream, source, strict, carry_deal=carry_deal, line=start, state=state)
    if games is not None:
        fresh.starts = games.starts
    _STREAMS[stream] = fresh
    return fresh
