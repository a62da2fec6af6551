"""Team matches as their results name them: a match's identity, its segments (a segment's later boards naming
no match of their own), its rooms, and the number each result's match is given (`match_numbers`,
`match_codes`), the one rule `export` (field results), `analyze` (the match printed) and `print` group by.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from bridgetools.analysis.columns import BoardArrays
from bridgetools.formats.text import first_rooms

if TYPE_CHECKING:
    from bridgetools.board import Board


OPEN, CLOSED = 1, 2
"""Room codes of `room_codes` (0: no room, or another one)."""


_ROOMS = pa.array(["open", "closed"])
"""The rooms named in the ``room`` column, in the order of their codes from 1."""


MATCH_TAGS = ("Stage", "Round", "HomeTeam", "VisitTeam", "HomeCarryOver", "VisitCarryOver")
"""The tags that, with the event, tell a team match (and its segment) from another in one file: what a
LIN vugraph ``vg`` line gives each board under it (its carry-over too: two ``vg`` lines of one stage text
are two segments), and a Swiss round (`match_identity`). A ``Table`` is one part more where it tells the
matches of a round apart (`match_numbers`)."""


def match_identity(event: str | None, tags: Mapping[str, str], table: bool = False) -> tuple[str, ...]:
    """A team match as its results name it: event, stage (segment), round, home and visiting team and their
    carry-overs, and the table where ``table`` (``""`` for one not said: it agrees with any)."""
    said = (event or "", *(str(tags.get(tag) or "").strip() for tag in MATCH_TAGS))
    return (*said, str(tags.get("Table") or "").strip() if table else "")


_TEAMS_AT, _CARRY_OVERS_AT = slice(3, 5), slice(5, 7)
"""Where a `match_identity` holds the teams and the carry-overs."""


def _carried_into(match: tuple[str, ...], identity: tuple[str, ...]) -> bool:
    """Whether ``identity`` gives a carry-over where ``match`` names its teams and none: a carry-over is
    said at a segment's start, so it starts another (LIN's second ``vg`` line of one stage text, 13.5,16
    after 0,0, which is none); a row giving none agrees with a match that gave one (its later boards)."""
    return any(match[_TEAMS_AT]) and not any(match[_CARRY_OVERS_AT]) and any(identity[_CARRY_OVERS_AT])


def _agree(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Whether two matches' identities can be one match's: equal wherever both say something."""
    return all(not a or not b or a == b for a, b in zip(one, other, strict=True))


def _tables_tell_matches(files: Sequence[str], tags: Sequence[Mapping[str, str] | None],
                         boards: Sequence[Any], rooms: Sequence[str | None]) -> set[str]:
    """The files whose ``Table`` tag tells one match from another: a board's open and closed rooms under
    one table (a Swiss round's table 3 is one match). A file whose open room is at table 1 and closed room
    at table 2 names a room's table, not a match's."""
    seen: dict[tuple[str, Any, str], set[str]] = {}
    found: set[str] = set()
    for file, row_tags, board, room in zip(files, tags, boards, rooms, strict=True):
        table = str((row_tags or {}).get("Table") or "").strip()
        if table and room in ("open", "closed"):
            had = seen.setdefault((file, board, table), set())
            had.add(room)
            if len(had) == 2:
                found.add(file)
    return found


@dataclass
class _Match:
    """A team match being gathered (`match_numbers`): the file it was first met in, the files its rows came
    from, what its rows said so far, and the rooms taken."""

    file: str
    files: set[str]
    identity: tuple[str, ...]
    taken: set[tuple[Any, str]]


def _said(identity: tuple[str, ...]) -> int:
    """The parts an identity says, as bits (part ``i`` said: bit ``i``)."""
    return sum(1 << i for i, part in enumerate(identity) if part)


def _seen_by(identity: tuple[str, ...], parts: int) -> tuple[str, ...]:
    """An identity's ``parts`` (bits, as `_said`), the others blank."""
    return tuple(part if parts >> i & 1 else "" for i, part in enumerate(identity))


class _Matches:
    """The matches found so far, each found by what a row says in a few look-ups, however many there are:
    a match agrees with a row where they are equal on the parts both say, so the matches that say the
    same parts are looked up by those of them the row says too (one table a pair of part sets, made when
    first needed)."""

    def __init__(self) -> None:
        self.matches: list[_Match] = []
        self._by_parts: dict[int, list[int]] = {}
        self._tables: dict[tuple[int, int], dict[tuple[str, ...], list[int]]] = {}
        self._own: dict[tuple[str, tuple[str, ...]], list[int]] = {}

    def _table(self, parts: int, shared: int) -> dict[tuple[str, ...], list[int]]:
        table = self._tables.get((parts, shared))
        if table is None:
            table = self._tables[(parts, shared)] = {}
            for at in self._by_parts[parts]:
                table.setdefault(_seen_by(self.matches[at].identity, shared), []).append(at)
        return table

    def same(self, identity: tuple[str, ...]) -> list[int]:
        """The matches whose identity is ``identity``, in the order found."""
        parts = _said(identity)
        return self._table(parts, parts).get(identity, []) if self._by_parts.get(parts) else []

    def own(self, file: str, identity: tuple[str, ...]) -> list[int]:
        """The matches whose identity is ``identity`` that rows of ``file`` are of, in the order found."""
        return self._own.get((file, identity), [])

    def join(self, at: int, file: str) -> None:
        """Match ``at`` holds rows of ``file`` too."""
        match = self.matches[at]
        if file not in match.files:
            match.files.add(file)
            self._own.setdefault((file, match.identity), []).append(at)

    def agreeing(self, identity: tuple[str, ...]) -> list[int]:
        """The matches that agree with ``identity`` (`_agree`), in no particular order."""
        said = _said(identity)
        found: list[int] = []
        for parts, members in self._by_parts.items():
            if members:
                found += self._table(parts, parts & said).get(_seen_by(identity, parts & said), [])
        return found

    def add(self, match: _Match) -> int:
        """``match`` as a new one: its number."""
        self.matches.append(match)
        self._enter(len(self.matches) - 1)
        return len(self.matches) - 1

    def fill(self, at: int, identity: tuple[str, ...]) -> None:
        """Match ``at`` known by ``identity`` (what its rows have said) from now on."""
        match = self.matches[at]
        parts = _said(match.identity)
        self._by_parts[parts].remove(at)
        for (table_parts, shared), table in self._tables.items():
            if table_parts == parts:
                table[_seen_by(match.identity, shared)].remove(at)
        for file in match.files:
            self._own[(file, match.identity)].remove(at)
            self._own.setdefault((file, identity), []).append(at)
        match.identity = identity
        self._enter(at)

    def _enter(self, at: int) -> None:
        match = self.matches[at]
        parts = _said(match.identity)
        self._by_parts.setdefault(parts, []).append(at)
        for (table_parts, shared), table in self._tables.items():
            if table_parts == parts:
                table.setdefault(_seen_by(match.identity, shared), []).append(at)


def match_numbers(files: Sequence[str], events: Sequence[str | None],
                  tags: Sequence[Mapping[str, str] | None], boards: Sequence[Any],
                  rooms: Sequence[str | None]) -> tuple[list[int], list[str]]:
    """Each row's team match, a number, and each match's name (the file it was first met in, and its
    identity, ``names[number]``): the one rule `export` (field results) and `analyze` (the match printed)
    both group results by.

    A match is what its results say, whichever input each came in: a board's closed room sent in a file of
    its own is of the match whose open room another file holds. A row joins the match of exactly its
    identity (`match_identity`: event, stage, round, teams, carry-overs) that has its board's room free, or,
    in its own file, where the room is taken (a board pasted in twice, which `analyze` names; the rows of a
    traveller, all "open room", one field). Else it joins the match that agrees with what it says
    (`_agree`: a board naming no teams beside boards naming them) and has its board's room free: the row
    before it's (in its file), else the first in order, one its own file's rows are of first; what it says
    that the match did not is the match's from then on. Where none has the room free (a second match's
    boards naming no teams after the first's; another file's match with the same names that plays the same
    board in the same room: another match), it starts a match of its own."""
    tabled = _tables_tell_matches(files, tags, boards, rooms)
    found = _Matches()
    matches = found.matches
    numbers: list[int] = []
    last: int | None = None
    last_file: str | None = None
    for file, event, row_tags, board, room in zip(files, events, tags, boards, rooms, strict=True):
        identity = match_identity(event, dict(row_tags or {}), file in tabled)
        place = (board, room) if room in ("open", "closed") else None

        def free(at: int, place: tuple[Any, str] | None = place) -> bool:
            return place is None or place not in matches[at].taken

        def own_first(at: int, file: str = file) -> tuple[bool, int]:
            return file not in matches[at].files, at

        own = found.own(file, identity)  # its own file's first, another file's where none has the room free
        at = next((i for i in own if free(i)), None)
        if at is None:
            at = next((i for i in found.same(identity) if free(i)), own[0] if own else None)
        if at is None and last is not None and last_file == file \
                and _agree(matches[last].identity, identity) and free(last) \
                and not _carried_into(matches[last].identity, identity):
            at = last
        if at is None:
            at = min((i for i in found.agreeing(identity) if free(i)
                      and not _carried_into(matches[i].identity, identity)), key=own_first, default=None)
        if at is None:
            at = found.add(_Match(file, set(), identity, set()))
        found.join(at, file)
        match = matches[at]
        filled = tuple(a or b for a, b in zip(match.identity, identity, strict=True))
        if filled != match.identity:  # what the row says and the match did not yet is the match's now
            found.fill(at, filled)
        if place is not None:
            match.taken.add(place)
        numbers.append(at)
        last, last_file = at, file
    count: dict[tuple[str, tuple[str, ...]], int] = {}
    names = []
    for match in matches:
        nth = count[(match.file, match.identity)] = count.get((match.file, match.identity), -1) + 1
        names.append("\x1f".join((match.file, *match.identity, str(nth))))
    return numbers, names


def record_matches(boards: Sequence[Board], files: Sequence[Hashable] | None = None) -> list[int]:
    """Each record's team match, a number, as an export of ``boards`` finds it (`match_codes`): the records
    naming their room or teams by `match_numbers` over those records (a file's records, or several files'
    read together, as one), a segment's later records (`carried_matches`) by the record naming it in
    their file (``files``: each record's, where they are of several; a pairs file's boards after a team
    match's file are not its segment's); the others (a pairs file's) by the same rule over those, numbered
    after them. `print`'s travellers and the records of one board that list each other's results
    (`bridgetools.analysis.extract.repeated_results`) are grouped by it."""
    rooms = [board.room for board in boards]
    named = carried_matches([None] * len(boards) if files is None else files,
                            [board.event for board in boards], [board.tags for board in boards], rooms,
                            [board.number for board in boards], [board.date for board in boards],
                            [seated_names(board.players.values()) for board in boards])
    placed = [i for i, room in enumerate(rooms) if room in ("open", "closed") or named[i] == i]
    unplaced = [i for i, at in enumerate(named) if at < 0 and rooms[i] not in ("open", "closed")]
    numbers = [0] * len(boards)
    start = 0
    for chosen in (placed, unplaced):
        found, _ = match_numbers([""] * len(chosen), [boards[i].event for i in chosen],
                                 [boards[i].tags for i in chosen], [boards[i].number for i in chosen],
                                 [boards[i].room for i in chosen])
        for i, number in zip(chosen, found, strict=True):
            numbers[i] = start + number
        start += max(found, default=-1) + 1
    for i, at in enumerate(named):
        if at >= 0 and at != i:  # a segment's later board: its match's
            numbers[i] = numbers[at]
    return numbers


def carried_matches(files: Sequence[Hashable], events: Sequence[str | None], tags: Any,
                    rooms: Sequence[str | None], boards: Sequence[Any],
                    dates: Sequence[str | None] | None = None,
                    players: Sequence[frozenset[str]] | None = None) -> list[int]:
    """For each result, the result whose tags name its team match, -1 for none (`Segments`): itself where
    it names its teams (`names_teams`); else the last in its file before it that named a match's teams,
    where it names no room, no match of its own, no other event and no other date (``dates``: each
    result's, when known: a pairs game after the match on another day, on boards the match never played,
    is another session), no players none of whom the segment named (``players``: each result's names,
    `seated_names`; a pairs game after the match on the same day: a team keeps its four players through a
    segment) and its board has not been played at two tables of the segment. So a segment's
    later boards are of the segment, as rpbridge.net's vugraph files (endplay's example3.pbn) name it on
    its first board alone, and as LIN's ``vg`` line holds for the boards after it
    (`bridgetools.formats.lin_write`): else each board played in five matches was one field of ten tables.
    A result with no tags (a ScoreTable row: its board's own result says its match) neither takes nor ends
    one. ``tags``: each result's, as `_tags_named` takes them."""
    return _segment_steps(files, events, tags, rooms, boards, dates, players)[0]


def seated_names(names: Iterable[Any]) -> frozenset[str]:
    """The players a result names (its seats' names, blanks and missing ones left out), as `Segments`
    compares them."""
    return frozenset(name.strip() for name in names if isinstance(name, str) and name.strip())


def _segment_steps(files: Sequence[Hashable], events: Sequence[str | None], tags: Any,
                   rooms: Sequence[str | None], boards: Sequence[Any],
                   dates: Sequence[str | None] | None = None,
                   players: Sequence[frozenset[str]] | None = None) -> tuple[list[int], list[int]]:
    """`carried_matches`, and each result's segment: the position of its first result (-1 for none; a
    result naming its room has its segment's too, though it is no later board of it: its room is said)."""
    n = len(rooms)
    teams, matches = _tags_named(tags, n, TEAM_TAGS).tolist(), _tags_named(tags, n, MATCH_TAGS).tolist()
    given = (np.asarray(pc.is_valid(tags).to_numpy(zero_copy_only=False)).tolist()
             if isinstance(tags, pa.Array | pa.ChunkedArray)
             else [_given(row) for row in tags])
    segments = Segments()
    found, starts = [-1] * n, [-1] * n
    days = [None] * n if dates is None else dates
    names = [frozenset[str]()] * n if players is None else players
    for i, (file, event, room, board) in enumerate(zip(files, events, rooms, boards, strict=True)):
        if given[i]:
            found[i] = segments.step(i, file, event, room, board,
                                     match_identity(event, dict(_py(tags[i]))) if teams[i] else None,
                                     matches[i], days[i], names[i])
            starts[i] = segments.start(file)
    return found, starts


def segment_rooms(files: Sequence[Hashable], events: Sequence[str | None], tags: Any,
                  rooms: Sequence[str | None], boards: Sequence[Any],
                  dates: Sequence[str | None] | None = None,
                  players: Sequence[frozenset[str]] | None = None) -> tuple[list[int], list[str | None]]:
    """Each result's team match as `carried_matches` finds it, and its room: the one it names, else, in a
    segment of a match whose file names no rooms (rpbridge.net's vugraph PBN: teams on the segment's first
    board alone), the open room where it is the first of its board's two tables in the segment and the
    closed room where the second, the order match files keep (`bridgetools.formats.text.rooms_named`, as
    ``show`` and ``print`` name them: the home team North-South in the first). A board the segment played
    at one table only, or at more than two, has no room: nothing tells which table it was."""
    found, starts = _segment_steps(files, events, tags, rooms, boards, dates, players)
    return found, _rooms_told(starts, rooms, boards)


def _rooms_told(starts: Sequence[int], rooms: Sequence[str | None], boards: Sequence[Any]
                ) -> list[str | None]:
    """`segment_rooms`' rooms, from each result's segment (``starts``): a board's two tables are the rooms
    `first_rooms` gives from the room the segment's boards naming both name first (the rule ``show`` and
    ``print`` follow)."""
    tables: dict[tuple[int, Any], list[int]] = {}
    for i, start in enumerate(starts):
        if start >= 0 and _given(boards[i]):
            tables.setdefault((start, boards[i]), []).append(i)
    firsts: dict[int, set[str | None]] = {}
    for (start, _), played in tables.items():
        if len(played) == 2 and {rooms[played[0]], rooms[played[1]]} == {"open", "closed"}:
            firsts.setdefault(start, set()).add(rooms[played[0]])
    told = list(rooms)
    for (start, _), played in tables.items():
        order = first_rooms(firsts.get(start, ()))
        if len(played) == 2 and order is not None and not {rooms[i] for i in played} & {"open", "closed"}:
            told[played[0]], told[played[1]] = order
    return told


def room_players(files: Sequence[Hashable], events: Sequence[str | None], tags: Any,
                 rooms: Sequence[str | None], boards: Sequence[Any], seated: Sequence[frozenset[str]],
                 dates: Sequence[str | None] | None = None) -> tuple[list[str | None], list[int]]:
    """Each result's room (`segment_rooms`), and the result whose players sat at it (-1: its own or none
    known): where a result of a team match's segment names no player (``seated``: the players each
    names, `seated_names`), the last before it in its segment and room that names them, as a director
    reads a file that names a segment's players on its first board alone (a team fields its four players
    in a segment's two rooms: a later board's players are its room's; a board naming its room and players
    names them for that room). A result with no room (`segment_rooms`) takes none, nor one naming its room."""
    found, starts = _segment_steps(files, events, tags, rooms, boards, dates, seated)
    told = _rooms_told(starts, rooms, boards)
    last: dict[tuple[int, str], int] = {}
    sat = [-1] * len(told)
    for i, (start, room) in enumerate(zip(starts, told, strict=True)):
        if start < 0 or room not in ("open", "closed"):
            continue
        if seated[i]:
            last[(start, room)] = i
        elif found[i] >= 0:  # a later board naming no room (one naming it keeps its file's players)
            sat[i] = last.get((start, room), -1)
    return told, sat


def _given(value: Any) -> bool:
    """Whether a row's ``value`` is given: not None nor NaN (a missing value of a pandas column)."""
    return value is not None and not isinstance(value, float)


@dataclass
class _Segment:
    """A team match's segment being read (`Segments`): the last result naming it, its event and identity,
    and how many of its tables have played each board."""

    named: int
    event: str
    identity: tuple[str, ...]
    tables: dict[int, int]
    start: int
    date: str
    players: set[str]
    seatings: int = 0
    """How many of its results named players none of whom it had named before (a room's four: two)."""

    def seat(self, players: frozenset[str]) -> None:
        """Count ``players`` (a result's) among the segment's."""
        self.seatings += bool(players and not players & self.players)
        self.players |= players


class Segments:
    """The team-match segment each of a file's results is a later board of, told one result at a time in
    file order (`carried_matches`; `bridgetools.analysis.export.sessions` reading a file as it comes)."""

    def __init__(self) -> None:
        self._open: dict[Hashable, _Segment] = {}

    def step(self, i: int, file: Hashable, event: str | None, room: str | None, board: Any,
             identity: tuple[str, ...] | None, names_match: bool, date: str | None = None,
             players: frozenset[str] = frozenset()) -> int:
        """The result (its position ``i``) naming the match of result ``i``, -1 for none: itself where it
        names its teams (``identity``, `match_identity`, else None), starting a segment where its match
        is another or its board was played at two tables of it; else the segment's, where it names no
        room, no match of its own (``names_match``: any of `MATCH_TAGS`), no other event or ``date`` (than
        the result that started the segment names, when both name one), no ``players`` none of whom the
        segment named once it named both rooms' (a team keeps its players through a segment, a pairs game
        after it seats others), and its board was played at fewer than two tables of it (a team match plays a
        board in two rooms: a pairs game on the same boards after it is not the match's), else the segment
        has ended."""
        number = int(board) if _given(board) and board >= 0 else None
        segment = self._open.get(file)
        if identity is not None:
            if segment is None or segment.identity != identity or self._played(segment, number):
                segment = self._open[file] = _Segment(i, event or "", identity, {}, i, date or "", set())
            segment.named = i
            segment.seat(players)
            self._count(segment, number)
            return i
        if segment is None:
            return -1
        other_day = bool(date and segment.date and date != segment.date)
        strangers = bool(players and segment.seatings >= 2 and not players & segment.players)
        if (names_match or (event and event != segment.event) or other_day or strangers
                or self._played(segment, number)):
            del self._open[file]  # another match's or event's result: the segment has ended
            return -1
        segment.seat(players)
        self._count(segment, number)
        return -1 if room in ("open", "closed") else segment.named

    def of_board(self, i: int, board: Board) -> int:
        """`step` for ``board``, the file's ``i``-th."""
        return self.step(i, None, board.event, board.room, board.number,
                         match_identity(board.event, board.tags) if names_teams(board.tags) else None,
                         _names_any(board.tags, MATCH_TAGS), board.date, seated_names(board.players.values()))

    def start(self, file: Hashable) -> int:
        """The position of the first result of ``file``'s segment being read, -1 for none."""
        segment = self._open.get(file)
        return -1 if segment is None else segment.start

    @staticmethod
    def _played(segment: _Segment, number: int | None) -> bool:
        return number is not None and segment.tables.get(number, 0) >= 2

    @staticmethod
    def _count(segment: _Segment, number: int | None) -> None:
        if number is not None:
            segment.tables[number] = segment.tables.get(number, 0) + 1


TEAM_TAGS = ("HomeTeam", "VisitTeam")
"""The tags naming a team match's teams (`names_teams`)."""


def names_teams(tags: Mapping[str, str] | None) -> bool:
    """Whether a result's tags name a team match's teams (``HomeTeam`` or ``VisitTeam``): its match's,
    whether or not it names its room."""
    return tags is not None and _names_any(tags, TEAM_TAGS)


def _names_any(tags: Mapping[str, str], names: Sequence[str]) -> bool:
    """Whether ``tags`` give any of ``names`` a value (not blank)."""
    return any(str(tags.get(tag) or "").strip() for tag in names)


def _tags_named(tags: Any, n: int, names: Sequence[str]) -> npt.NDArray[np.bool_]:
    """Whether each of ``n`` rows' tags give any of ``names`` a value (an Arrow map column, or a list:
    None, a mapping or key-value pairs for each row; None for no column)."""
    if tags is None:
        return np.zeros(n, dtype=np.bool_)
    if isinstance(tags, pa.Array | pa.ChunkedArray):
        named = np.zeros(n, dtype=np.bool_)
        for tag in names:
            value = pc.utf8_trim_whitespace(pc.map_lookup(tags, pa.scalar(tag), "first"))
            named |= np.asarray(pc.fill_null(pc.greater(pc.utf8_length(value), 0), False)
                                .to_numpy(zero_copy_only=False), dtype=np.bool_)
        return named
    return np.fromiter((_given(row) and _names_any(dict(row), names)
                        for row in tags), dtype=np.bool_, count=n)


def match_codes(columns: Mapping[str, Any], n: int, rooms: npt.NDArray[np.int8], ids: npt.NDArray[np.int64],
                boards: npt.NDArray[Any]
                ) -> tuple[npt.NDArray[np.uint64], tuple[str, ...], npt.NDArray[np.int8]]:
    """A number for each result's team match (`match_numbers`): the board's own result's, when that names
    its room or its teams (`names_teams`: a PBN match naming no rooms; a ScoreTable row carries its
    board's), 0 otherwise (results of no team match are one field whatever their event); the matches
    the numbers stand for (``names[code - 1]``, in the order first met: `FieldInputs.joined` gives a match
    one number in every part of an export); and each result's room as ``analyze --by match`` takes it
    (`segment_rooms`: the file's ``rooms``, else its segment's order), so that `team_imps` scores the
    rooms the match is scored on."""
    codes = np.zeros(n, dtype=np.uint64)
    played = rooms
    tags, events = columns.get("tags"), columns.get("event")
    named = _tags_named(tags, n, TEAM_TAGS)
    carried = np.where(named, np.arange(n), -1)
    if named.any():  # a segment's later results naming no match of their own are of it (`carried_matches`)
        file = columns.get("file")
        room_names = {OPEN: "open", CLOSED: "closed"}
        found, told = segment_rooms(
            [file] * n if file is None or isinstance(file, str) else _listed(file), _listed(events, n), tags,
            [room_names.get(room) for room in rooms.tolist()], np.asarray(boards).tolist(),
            _listed(columns.get("date"), n), _seats_named(columns, n))
        carried = np.array(found, dtype=np.intp)
        played = np.array([{"open": OPEN, "closed": CLOSED}.get(room or "", 0) for room in told],
                                 dtype=np.int8)
    own = []
    for i in np.flatnonzero((rooms != 0) | (carried == np.arange(n))).tolist():
        row_tags = _py(tags[i]) if tags is not None else None
        if row_tags is not None:  # a ScoreTable row (no tags): its board's own result says the match
            own.append((i, dict(row_tags), _py(events[i]) if events is not None else None))
    if not own:
        return codes, (), played
    room_names = {OPEN: "open", CLOSED: "closed"}
    numbers, names = match_numbers([""] * len(own), [event for _, _, event in own], [t for _, t, _ in own],
                                   [int(boards[i]) for i, _, _ in own],
                                   [room_names.get(int(rooms[i])) for i, _, _ in own])
    number_of = dict(zip((i for i, _, _ in own), numbers, strict=True))
    later = np.flatnonzero((carried >= 0) & (carried != np.arange(n))).tolist()  # a segment's: its match's
    own += [(i, {}, None) for i in later]
    numbers += [number_of[int(carried[i])] for i in later]
    used: dict[int, int] = {}
    by_board: dict[int, int] = {}
    for (i, _, _), number in zip(own, numbers, strict=True):
        by_board.setdefault(int(ids[i]), used.setdefault(number, len(used) + 1))
    board_ids, board_codes = np.array(list(by_board)), np.array(list(by_board.values()), dtype=np.uint64)
    order = np.argsort(board_ids)
    where = np.clip(np.searchsorted(board_ids[order], ids), 0, len(order) - 1)
    found_at = board_ids[order][where] == ids
    codes[found_at] = board_codes[order][where[found_at]]
    return codes, tuple(names[number] for number in used), played


PLAYER_COLUMNS = ("player_n", "player_e", "player_s", "player_w")
"""The columns naming a result's players, a seat each."""


def _seats_named(columns: Mapping[str, Any], n: int) -> list[frozenset[str]]:
    """Each of ``n`` rows' players (`seated_names`) from ``columns``' `PLAYER_COLUMNS` (none if absent)."""
    return [seated_names(row) for row in zip(*(_listed(columns.get(name), n) for name in PLAYER_COLUMNS),
                                                strict=True)]


def _listed(values: Any, n: int | None = None) -> list[Any]:
    """A column as a Python list (an Arrow array's values, a list as it is), ``n`` Nones for no column."""
    if values is None:
        return [None] * (n or 0)
    if isinstance(values, pa.Array | pa.ChunkedArray):
        return list(values.to_pylist())
    return list(values)


def _py(value: Any) -> Any:
    """An Arrow scalar as a Python value (other values as they are)."""
    return value.as_py() if isinstance(value, pa.Scalar) else value


def imp_scored(columns: Mapping[str, Any], n: int) -> npt.NDArray[np.bool_]:
    """Whether each result's board is scored in IMPs as a team match's (`team_imps`): every scoring but a
    board-a-match's (``BAM``), which wins or loses the board, 1 or 0, on the two rooms' scores."""
    scoring = columns.get("scoring")
    if scoring is None:
        return np.ones(n, dtype=np.bool_)
    names = scoring.to_pylist() if isinstance(scoring, pa.Array | pa.ChunkedArray) else list(scoring)
    return np.array([scoring_base(name) != "BAM" for name in names], dtype=np.bool_)


def scoring_base(name: str | None) -> str:
    """A Scoring tag's base scoring, upper case: PBN's ``BAM;Mean`` (a base and its modifiers, §3.5) is
    ``BAM``; ``""`` for none."""
    return str(name).split(";")[0].strip().upper() if name is not None else ""


def room_codes(arrays: BoardArrays) -> npt.NDArray[np.int8]:
    """`OPEN` or `CLOSED` for each result from the ``room`` column, 0 where it names neither."""
    rooms = arrays.columns.get("room")
    if rooms is None:
        return np.zeros(len(arrays), dtype=np.int8)
    names = rooms if isinstance(rooms, pa.Array | pa.ChunkedArray) else pa.array(rooms, pa.string())
    if pa.types.is_dictionary(names.type):
        names = names.cast(pa.string())
    place = pc.index_in(names, value_set=_ROOMS)  # 0 open, 1 closed, null neither
    codes: npt.NDArray[np.int64] = np.asarray(pc.fill_null(place, -1).to_numpy(zero_copy_only=False)) + 1
    return codes.astype(np.int8)
