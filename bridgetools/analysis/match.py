"""Team matches: each board's two rooms side by side, its IMPs, and the running score of each team.

A match is the results that name their room and share their event, stage (segment), round, teams and
carry-over, whichever input each came in (`bridgetools.analysis.field.match_numbers`, the rule
the export's field results use too: what a LIN vugraph ``vg`` line gives each board under it, so two
matches or two segments in one file are two matches, each from its own carry-over): the home
team sits North-South in the open room and East-West in the closed room, so a board's IMPs to the home team
are those of the open room's North-South score less the closed room's (`bridgetools.scoring.imps`, Law
78B). In a board-a-match (scoring ``BAM``, LIN's ``vg`` letter ``B``) the board is won instead: 1 point to
the team whose score is higher, 1/2 each when the two rooms' scores are equal. Team names come from the
``HomeTeam`` and ``VisitTeam`` tags (a LIN vugraph ``vg`` line gives them too), the carry-over from
``HomeCarryOver`` and ``VisitCarryOver``. A board played in one room only is listed without IMPs, as a
vugraph operator leaves it open until the other room finishes.
"""

from __future__ import annotations

import functools
import io
import itertools
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bridgetools._words import plural
from bridgetools.analysis.segments import (
    PLAYER_COLUMNS,
    _given,
    match_numbers,
    scoring_base,
    seated_names,
    segment_rooms,
)
from bridgetools.analysis.summary import aligned_lines
from bridgetools.errors import BridgeError
from bridgetools.scoring import imps, victory_points

if TYPE_CHECKING:
    import pandas as pd

    from bridgetools.board import Board

COLUMNS = ("file", "source", "event", "date", "board", "room", "contract", "declarer", "result", "score_ns",
           "tags", "scoring", *PLAYER_COLUMNS)
"""The `boards` columns a match is read from."""
FORMATS = ("text", "csv", "json", "markdown")


@dataclass(frozen=True)
class RoomResult:
    """One room's result of a board: ``4S E -1`` and North-South's score."""

    contract: str
    declarer: str | None
    result: int | None
    """Over- (positive) or undertricks; 0 = just made; None for a passed-out board."""
    score_ns: int | None

    def __str__(self) -> str:
        if self.declarer is None or self.result is None:
            return self.contract
        made = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.contract} {self.declarer} {made}"


@dataclass(frozen=True)
class MatchBoard:
    """A board of the match: both rooms, the IMPs each team won on it, and the running totals."""

    number: int | None
    open: RoomResult | None
    closed: RoomResult | None
    home_imps: int | None
    """IMPs the home team won on the board (None until both rooms have a score)."""
    visitors_imps: int | None
    home_total: float
    visitors_total: float
    home_points: float | None = None
    """In a board-a-match, the board's point to the home team: 1 won, 1/2 tied, 0 lost (None in an IMP
    match, and until both rooms have a score); the IMPs are None then."""
    visitors_points: float | None = None


BOARD_A_MATCH = "BAM"
"""The scoring (``scoring`` column: PBN's Scoring tag, LIN's ``vg`` letter ``B``) of a board-a-match."""


@dataclass(frozen=True)
class TeamMatch:
    """A team match as the vugraph operator checks it: board by board, then the totals."""

    title: str
    home: str
    visitors: str
    carry_over: tuple[float, float]
    boards: tuple[MatchBoard, ...]
    named_a_match: bool = False
    """Whether a board of the file shows a team match (`bridgetools.formats.text.names_a_match`): a closed
    room, or the teams named (``HomeTeam``/``VisitTeam`` tags, LIN's ``vg`` line)."""
    file: str = ""
    """The file the match was read from (its ``file`` column; empty when the frame has none): the first,
    when its results came in several (`files`)."""
    left_out: tuple[str, ...] = ()
    """What the match leaves out, one sentence each: a board's second result in a room it was already
    played in (the first is scored)."""
    scoring: str = "IMP"
    """``IMP``, or `BOARD_A_MATCH`: each board won (1), tied (1/2) or lost (0) on the two rooms' scores."""
    files: tuple[str, ...] = ()
    """Every file the match's results came from, in the order first met (a room sent late in a file of its
    own is one of them)."""
    event: str = ""
    """The event its results name (the title's first part)."""
    stage: str = ""
    """Its stage (``Stage`` tag, the LIN ``vg`` line's segment: ``Segment 2 of 2``), empty for none."""
    round: str = ""
    """Its round (``Round`` tag), empty for none."""
    carry_said: bool = True
    """Whether its results give a carry-over (``HomeCarryOver``/``VisitCarryOver``, LIN's ``vg`` line): a
    segment of a file that gives none (rpbridge.net's PBN) starts from the total before it, unsaid."""
    match_boards: int | None = None
    """The match's length in boards as the director gives it (``analyze --match-boards``): its victory
    point scale's board count in place of the boards the inputs hold (an excerpt, a segment); None for
    those boards."""

    @property
    def looks_like_a_match(self) -> bool:
        """Whether the file reads as a team match (`named_a_match`): a board played in the closed room, or
        the teams named. A BBO teaching-table or myhands download marks every board ``qx|o1|``, open room,
        with no teams: a set of boards, not a match."""
        return self.named_a_match

    @property
    def totals(self) -> tuple[float, float]:
        """Each team's score: the carry-over plus the IMPs won on every board scored in both rooms."""
        if not self.boards:
            return self.carry_over
        return self.boards[-1].home_total, self.boards[-1].visitors_total

    @property
    def scored(self) -> int:
        """How many boards have a score in both rooms (a finished match's all: its victory point scale's
        board count)."""
        return sum(1 for board in self.boards if _board_won(self, board)[0] is not None)

    @property
    def victory_points(self) -> tuple[float, float] | None:
        """Each team's victory points on the WBF scale (`bridgetools.scoring.victory_points`) for its total
        over its boards: None for a board-a-match (won on boards), a match with a board not scored in both
        rooms (not over) or none at all, and a segment of a longer match that says so (``Segment 1 of 2``:
        the scale counts the whole match's boards)."""
        if not _whole((self,)):
            return None
        return _victory_points(self.scoring, self.totals, self.match_boards or self.scored)


def team_match(boards: Iterable[Board]) -> TeamMatch | None:
    """The team match that ``boards`` (one file's) record (the first, when they hold several: `team_matches`),
    or None when no board names its room."""
    from bridgetools.analysis.export import to_dataframe

    matches = team_matches(to_dataframe(list(boards)))
    return matches[0] if matches else None


def team_matches(frame: pd.DataFrame) -> list[TeamMatch]:
    """One `TeamMatch` per match among the results of a `boards` frame (rows of ScoreTables are left out)
    whose results name their room: per event, stage, teams and carry-over, whichever file each result came
    in (`match_groups`); results without a room are no match."""
    rows = frame[frame["source"].astype(str) == "table"] if "source" in frame else frame
    matches = []
    for files, group in match_groups(rows):
        rooms = group["room"].astype(object).str.lower()
        if not rooms.isin(["open", "closed"]).any():
            continue
        matches.append(_match(group, rooms, files))
    return matches


def match_groups(rows: pd.DataFrame) -> list[tuple[tuple[str, ...], pd.DataFrame]]:
    """The rows of each match, with the files its rooms came from, in the order first met: the matches
    `match_numbers` finds across the files (export's field results group rows by the same rule); a
    segment's later results of a file naming no rooms are of the match and in the room its file's order
    puts them (`segment_rooms`: its ``room`` column so given)."""
    files = rows["file"].astype(object).where(rows["file"].notna(), "").tolist() if "file" in rows \
        else [""] * len(rows)
    events = [_value(e) for e in rows["event"].tolist()] if "event" in rows else [None] * len(rows)
    tags = [dict(t) if _given(t) else None for t in rows["tags"].tolist()] \
        if "tags" in rows else [None] * len(rows)
    rooms = rows["room"].astype(object).str.lower().tolist() if "room" in rows else [None] * len(rows)
    boards = [_value(b) for b in rows["board"].tolist()] if "board" in rows else [None] * len(rows)
    dates = [_value(d) for d in rows["date"].tolist()] if "date" in rows else None
    players = [seated_names(row) for row in zip(*(rows[name].tolist() if name in rows else [None] * len(rows)
                                                     for name in PLAYER_COLUMNS), strict=True)]
    carried, rooms = segment_rooms(files, events, tags, rooms, boards, dates, players)
    own = [i for i, at in enumerate(carried) if at in (-1, i)]  # the others: a segment's later results
    found, _ = match_numbers([files[i] for i in own], [events[i] for i in own], [tags[i] for i in own],
                             [boards[i] for i in own], [rooms[i] for i in own])
    numbers = [-1] * len(rows)
    for i, number in zip(own, found, strict=True):
        numbers[i] = number
    numbers = [number if at in (-1, i) else numbers[at] for i, (at, number) in enumerate(zip(carried, numbers,
                                                                                             strict=True))]
    rows = rows.assign(room=rooms)
    members: dict[int, list[int]] = {}
    for position, number in enumerate(numbers):
        members.setdefault(number, []).append(position)
    return [(tuple(dict.fromkeys(files[p] for p in positions if rooms[p] in ("open", "closed"))),
             rows.iloc[positions]) for positions in members.values()]


def _match(rows: pd.DataFrame, rooms: pd.Series, files: tuple[str, ...] = ()) -> TeamMatch:
    from bridgetools.formats.text import names_a_match

    tags: dict[str, str] = {}
    for row_tags in rows["tags"]:
        for key, value in (row_tags or {}).items():
            tags.setdefault(key, value)
    carry = (_number(tags.get("HomeCarryOver")), _number(tags.get("VisitCarryOver")))
    by_board: dict[Any, dict[str, RoomResult]] = {}
    left_out: list[str] = []
    for row, room in zip(rows.itertuples(index=False), rooms.tolist(), strict=True):
        if room in ("open", "closed"):
            played, result = by_board.setdefault(_value(row.board), {}), _room_result(row)
            if room in played:
                left_out.append(_second_result(_value(row.board), room, played[room], result))
            else:
                played[room] = result
    scoring = _scoring(rows)
    home_total, visitors_total = carry
    boards = []
    for number, played in by_board.items():
        open_room, closed_room = played.get("open"), played.get("closed")
        won = None
        if open_room is not None and closed_room is not None \
                and open_room.score_ns is not None and closed_room.score_ns is not None:
            won = _won(open_room.score_ns - closed_room.score_ns, scoring)
            home_total += won[0]
            visitors_total += won[1]
        if won is None or scoring == BOARD_A_MATCH:
            boards.append(MatchBoard(number, open_room, closed_room, None, None, home_total, visitors_total,
                                     *(won or (None, None))))
        else:
            boards.append(MatchBoard(number, open_room, closed_room, int(won[0]), int(won[1]), home_total,
                                     visitors_total))
    events = [e for e in rows["event"].dropna().astype(str).unique().tolist() if e] if "event" in rows else []
    title = ", ".join([*events[:1], *([tags["Stage"]] if tags.get("Stage") else [])])
    named = any(names_a_match(_value(room), row_tags or {}) for room, row_tags in zip(rooms, rows["tags"],
                                                                                        strict=True))
    return TeamMatch(title, tags.get("HomeTeam") or "Home", tags.get("VisitTeam") or "Visitors", carry,
                     tuple(boards), named, files[0] if files else "", tuple(left_out), scoring, files,
                     events[0] if events else "", str(tags.get("Stage") or "").strip(),
                     str(tags.get("Round") or "").strip(),
                     any(str(tags.get(tag) or "").strip() for tag in ("HomeCarryOver", "VisitCarryOver")))


@dataclass(frozen=True)
class MatchTotal:
    """A match played in segments (one event, round, home and visiting team, several stages): each team's
    total over them, as the scorer adds them up."""

    event: str
    home: str
    visitors: str
    segments: tuple[TeamMatch, ...]
    """The segments, by their first board."""
    totals: tuple[float, float]
    """The first segment's carry-over plus what each team won in every segment (a later segment's ``vg``
    carry-over standing for the total before it where it gives another, non-zero one: a penalty or an
    adjustment between segments shows there)."""
    disagreements: tuple[tuple[str, str], ...] = ()
    """Each later segment whose carry-over is not the total before it: its file and a sentence saying so."""

    @property
    def boards(self) -> int:
        """How many boards the segments hold."""
        return sum(len(segment.boards) for segment in self.segments)

    @property
    def victory_points(self) -> tuple[float, float] | None:
        """Each team's victory points for the whole match (`TeamMatch.victory_points`): its total over the
        boards of every segment, each scored in both rooms."""
        if not _whole(self.segments):
            return None
        scale = self.segments[0].match_boards or sum(segment.scored for segment in self.segments)
        return _victory_points(self.segments[0].scoring, self.totals, scale)

    def __str__(self) -> str:
        return self.line()

    def line(self, vp: bool = False) -> str:
        """The total as one line; with ``vp``, each team's victory points after it."""
        home, visitors = self.totals
        name = f"{self.event}: " if self.event else ""
        return (f"{name}{self.home} {_points(home)} - {self.visitors} {_points(visitors)} over "
                f"{len(self.segments)} segments ({self.boards} boards)"
                f"{_vp_said(self.victory_points, vp, self.segments)}")


def with_match_boards(matches: Sequence[TeamMatch], boards: int) -> list[TeamMatch]:
    """``matches``, each ``boards`` long as the director says (`TeamMatch.match_boards`); a `BridgeError`
    when a match (its segments together) holds more boards than that in the inputs."""
    told = [replace(match, match_boards=boards) for match in matches]
    held = [(total.segments[0], total.boards, "") for total in match_totals(told)]
    held += [(match, len(match.boards), match.file if len(match.files) <= 1 else "") for match in told]
    for match, count, file in held:
        if count > boards:  # a file named holds them all; a match in several files or segments does not
            teams = f"{match.home} - {match.visitors}"
            where = f"{file} holds {count} boards of {teams}" if file else \
                f"the match {teams} holds {count} boards in the inputs"
            raise BridgeError(f"--match-boards {boards}: {where}, more than {boards}")
    return told


def match_totals(matches: Iterable[TeamMatch]) -> list[MatchTotal]:
    """The matches among ``matches`` played in several segments (the same event, round, teams and scoring,
    each segment its own stage; a segment naming no event is of the one match of its teams in its file
    that names one, as rpbridge.net's PBN names the event on its first segment alone), each with its total
    over its segments, in the order first met."""
    groups: dict[tuple[str, ...], list[TeamMatch]] = {}
    for match in matches:
        if match.stage:
            key: tuple[str, ...] = (match.event, match.round, match.home, match.visitors, match.scoring)
            if not match.event:  # a segment naming no event: its file's match of these teams naming one
                named = [k for k, segments in groups.items() if k[1:] == key[1:] and k[0]
                         and any(segment.file == match.file for segment in segments)]
                key = named[0] if len(named) == 1 else key
            groups.setdefault(key, []).append(match)
    totals = []
    for segments in groups.values():
        if len({segment.stage for segment in segments}) < 2:
            continue
        ordered = sorted(segments, key=_first_board)
        running = ordered[0].totals
        disagreements = []
        for before, segment in itertools.pairwise(ordered):
            if segment.carry_over != running and segment.carry_said:  # none said: the total counts on
                carried = segment.carry_over != (0, 0)  # 0 - 0: a vg line that carries nothing over
                given = "its carry-over" if carried else f"the total after {before.stage}"
                disagreements.append((segment.file, (
                    f"{segment.stage} starts from {_score(segment, segment.carry_over)} (its carry-over), "
                    f"but {before.stage} ended {_score(segment, running)}: the match total counts on from "
                    f"{given}")))
                if carried:  # a penalty or an adjustment between segments shows there
                    running = segment.carry_over
            running = (running[0] + segment.totals[0] - segment.carry_over[0],
                       running[1] + segment.totals[1] - segment.carry_over[1])
        first = ordered[0]
        totals.append(MatchTotal(first.event, first.home, first.visitors, tuple(ordered), running,
                                 tuple(disagreements)))
    return totals


_OF = re.compile(r"\b(?:segment|seg|set|stanza|quarter|half|part)\.?\s*(\d+)\s+of\s+(\d+)", re.IGNORECASE)
"""A stage that counts the match's segments: ``Segment 2 of 4``, ``Set 1 of 3`` (not ``Round 5 of 23``: a
round robin's or a Swiss's round is a whole match, the event's rounds counted)."""


def _whole(segments: Sequence[TeamMatch]) -> bool:
    """Whether ``segments`` (by their first board) are a whole match (`_not_whole` says nothing)."""
    return _not_whole(segments) is None


def _not_whole(segments: Sequence[TeamMatch]) -> str | None:
    """Why ``segments`` (by their first board) are not a whole match, or None: the first carries something
    over (it stands for boards not in the inputs), one says it is one of more segments than there are
    (``Segment 1 of 4`` alone), or a board is not scored in both rooms (the match is not over: its victory
    points are neither those of the boards scored so far nor on their scale). A match whose length the
    director gives (`TeamMatch.match_boards`) is scored on it, the boards before or after not needed."""
    first = segments[0]
    if first.match_boards:
        return _open_boards(segments)
    if first.carry_over != (0, 0):
        return f"{first.stage or 'the match'} starts from a carry-over, the boards before it not given"
    for segment in segments:
        found = _OF.search(segment.stage)
        if found and int(found.group(2)) > len(segments):
            return f"{segment.stage}: the other segments not given"
    return _open_boards(segments)


def _open_boards(segments: Sequence[TeamMatch]) -> str | None:
    """The boards of ``segments`` not scored in both rooms (the match is not over), said, or None."""
    open_boards = [board for segment in segments for board in segment.boards
                   if _board_won(segment, board)[0] is None]
    if open_boards:
        named = ", ".join("-" if board.number is None else str(board.number) for board in open_boards)
        return (f"board {named} not scored in both rooms" if len(open_boards) == 1
                else f"boards {named} not scored in both rooms")
    return None


def _vp_missing(scoring: str, segments: Sequence[TeamMatch]) -> str:
    """Why a match shows no victory points though they were asked for."""
    if scoring == BOARD_A_MATCH:
        return "a board-a-match is won on boards"
    return _not_whole(segments) or "no board played"


def _victory_points(scoring: str, totals: tuple[float, float], boards: int) -> tuple[float, float] | None:
    if scoring == BOARD_A_MATCH or not boards:
        return None
    return victory_points(totals[0] - totals[1], boards)


def _vp_said(points: tuple[float, float] | None, vp: bool, segments: Sequence[TeamMatch]) -> str:
    """`` (13.97 - 6.03 VPs)`` after a match's score when asked for, or why it has none."""
    if not vp:
        return ""
    if points is None:
        return f" (no VPs: {_vp_missing(segments[0].scoring, segments)})"
    scale = segments[0].match_boards
    held = sum(len(segment.boards) for segment in segments)
    on = f" on a {scale}-board scale, {plural(held, 'board')} given" if scale and scale != held else ""
    return f" ({points[0]:.2f} - {points[1]:.2f} VPs{on})"


def _first_board(match: TeamMatch) -> float:
    """A segment's first board number (segments are played in board order), infinity for none."""
    return min((board.number for board in match.boards if board.number is not None), default=float("inf"))


def _score(match: TeamMatch, score: tuple[float, float]) -> str:
    return f"{match.home} {_points(score[0])} - {match.visitors} {_points(score[1])}"


def _scoring(rows: pd.DataFrame) -> str:
    """`BOARD_A_MATCH` when the match's results say so (``scoring``: PBN's Scoring tag, LIN's ``vg``
    letter ``B``), else ``IMP``."""
    if "scoring" not in rows:
        return "IMP"
    said = {scoring_base(v) for v in rows["scoring"].dropna().tolist()}
    return BOARD_A_MATCH if BOARD_A_MATCH in said else "IMP"


def _won(difference: int, scoring: str) -> tuple[float, float]:
    """What each team, home and visitors, wins on a board whose open room's North-South score is
    ``difference`` more than the closed room's: IMPs (Law 78B), or a board-a-match's 1, 1/2 or 0."""
    if scoring == BOARD_A_MATCH:
        return (1.0, 0.0) if difference > 0 else (0.0, 1.0) if difference < 0 else (0.5, 0.5)
    won = imps(difference)
    return max(won, 0), max(-won, 0)


def _second_result(board: Any, room: str, first: RoomResult, second: RoomResult) -> str:
    """The sentence for a board's second result in a room the match has a result of already."""
    def shown(result: RoomResult) -> str:
        return str(result) if result.score_ns is None else f"{result} (NS {result.score_ns})"

    which = "a board with no number" if board is None else f"board {board}"
    return (f"{which} has a second result in the {room} room, {shown(second)}, left out: the first, "
            f"{shown(first)}, is scored")


def _value(value: Any) -> Any:
    """A pandas cell as a Python value (None for a missing one)."""
    import pandas as pd

    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return None
    return value.item() if hasattr(value, "item") else value  # numpy scalars as Python's


def _number(text: str | None) -> float:
    """A carry-over tag's points: 0 for none, and for one that is no plain decimal (the reader says so)."""
    from bridgetools.formats.lin_codes import carry_over

    return carry_over(text) or 0.0


def _room_result(row: Any) -> RoomResult:
    contract = _value(row.contract)
    result = _value(row.result)
    score = _value(row.score_ns)
    declarer = _value(row.declarer)
    return RoomResult("-" if contract is None else str(contract), None if declarer is None else str(declarer),
                      None if result is None or contract == "Pass" else int(result),
                      None if score is None else int(score))


def _points(value: float) -> str:
    return f"{value:g}"


def _board_won(match: TeamMatch, board: MatchBoard) -> tuple[float | None, float | None]:
    """What each team won on ``board``: IMPs, or a board-a-match's points (None until both rooms scored)."""
    if match.scoring == BOARD_A_MATCH:
        return board.home_points, board.visitors_points
    return board.home_imps, board.visitors_imps


def match_rows(match: TeamMatch) -> tuple[list[str], list[list[str]]]:
    """The match as a table: a carry-over row, one row per board, and the totals."""
    unit = "points" if match.scoring == BOARD_A_MATCH else "IMPs"
    header = ["board", "open room", "NS", "closed room", "NS", f"{unit} {match.home}",
              f"{unit} {match.visitors}", match.home, match.visitors]
    rows = [["carry-over", "", "", "", "", "", "", *map(_points, match.carry_over)]]
    for board in match.boards:
        cells = [str(board.number) if board.number is not None else "-"]
        for room in (board.open, board.closed):
            score = "" if room is None or room.score_ns is None else str(room.score_ns)
            cells += ["-" if room is None else str(room), score]
        cells += ["-" if won is None else _points(won) for won in _board_won(match, board)]
        rows.append([*cells, _points(board.home_total), _points(board.visitors_total)])
    won = [sum(each[side] or 0 for each in map(functools.partial(_board_won, match), match.boards))
           for side in (0, 1)]
    rows.append(["total", "", "", "", "", *map(_points, won), *map(_points, match.totals)])
    return header, rows


def render_match(match: TeamMatch, fmt: str = "text", vp: bool = False) -> str:
    """The match as aligned text (a title line, then the table), CSV, JSON or a Markdown table; with
    ``vp``, each team's victory points too (`TeamMatch.victory_points`: in the title, a JSON key
    ``victory_points``, CSV columns ``home_vp`` and ``visitors_vp``)."""
    if fmt == "json":
        return json.dumps(_match_json(match, None, vp), indent=2) + "\n"
    if fmt == "csv":
        return match_csv([match], vp, ())  # one match: no total over segments
    header, rows = match_rows(match)  # the table the text and Markdown show
    heading = _heading(match) + _vp_said(match.victory_points, vp, (match,))
    if fmt == "markdown":
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---", "---", "---:", "---", "---:",
                                                                     "---:", "---:", "---:", "---:"]) + "|"]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return f"**{heading}**\n\n" + "\n".join(lines) + "\n"
    if fmt != "text":
        raise ValueError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
    lines = [heading, *(line.rstrip() for line in aligned_lines(header, rows, left={0, 1, 3}))]
    return "\n".join(lines) + "\n"


def _match_json(match: TeamMatch, total: MatchTotal | None, vp: bool = False) -> dict[str, Any]:
    """The match as JSON: its file, title, teams, scoring, carry-over and totals, its boards as records,
    and the ``match_totals`` of the match it is a segment of (`match_totals`; null for none); with ``vp``
    its ``victory_points`` (null for a segment) and the ``match_victory_points`` of the match it is a
    segment of, and the ``match_boards`` their scale counts when the director gives it."""
    def listed(points: tuple[float, float] | None) -> list[float] | None:
        return None if points is None else list(points)

    shown = {"victory_points": listed(None if total else match.victory_points),
             "match_victory_points": listed(total.victory_points if total else None),
             **({"match_boards": match.match_boards} if match.match_boards else {})} if vp else {}
    return {
        "file": match.file or None, "title": match.title, "home": match.home, "visitors": match.visitors,
        "scoring": match.scoring, "carry_over": list(match.carry_over), "totals": list(match.totals), **shown,
        "boards": [{"board": b.number, "open": _room_json(b.open), "closed": _room_json(b.closed),
                    "home_imps": b.home_imps, "visitors_imps": b.visitors_imps,
                    "home_points": b.home_points, "visitors_points": b.visitors_points,
                    "home_total": b.home_total, "visitors_total": b.visitors_total}
                   for b in match.boards],
        "match_totals": None if total is None else list(total.totals),
    }


def _totals_of(matches: list[TeamMatch], totals: Iterable[MatchTotal]) -> list[MatchTotal | None]:
    """The total (among ``totals``, the `match_totals` of ``matches``) of the match each of ``matches`` is a
    segment of, None for one played in one segment: the line text and Markdown end with, on each segment's
    JSON object and CSV row."""
    of = {id(segment): total for total in totals for segment in total.segments}
    return [of.get(id(match)) for match in matches]


CSV_COLUMNS = ("file", "title", "home", "visitors", "board", "open_result", "open_score_ns", "closed_result",
               "closed_score_ns", "home_imps", "visitors_imps", "home_total", "visitors_total", "scoring",
               "home_points", "visitors_points", "match_home_total", "match_visitors_total")
"""A match as CSV: one row a board, one type a column, the fields of the JSON's boards with the match's
file, title, teams, scoring and the total of the match it is a segment of (JSON's ``match_totals``) on
every row (so several matches make one table); an empty cell where the JSON has null. The carry-over is
each team's total less the IMPs (or board-a-match points) it won on the boards so far."""


VP_COLUMNS = ("home_vp", "visitors_vp", "match_home_vp", "match_visitors_vp")
"""The columns ``--vp`` adds to a match's CSV: its victory points (empty for a segment, not scored on its
own) and those of the match it is a segment of (JSON's ``victory_points`` and ``match_victory_points``)."""


def _vp_cells(points: tuple[float, float] | None) -> list[str]:
    return ["", ""] if points is None else [f"{p:.2f}" for p in points]


def match_csv(matches: Iterable[TeamMatch], vp: bool = False,
              totals: Sequence[MatchTotal] | None = None) -> str:
    """The matches' boards as one CSV table (`CSV_COLUMNS`), for a spreadsheet or pandas; with ``vp``, the
    victory points (`VP_COLUMNS`) on each row. ``totals``: the matches' `match_totals`, when the caller has
    them already (worked out here when not)."""
    import csv

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*CSV_COLUMNS, *(VP_COLUMNS if vp else ())])
    matches = list(matches)
    each = _totals_of(matches, match_totals(matches) if totals is None else totals)
    for match, total in zip(matches, each, strict=True):
        overall = (None, None) if total is None else tuple(map(_points, total.totals))
        extra = [] if not vp else [*_vp_cells(None if total else match.victory_points),
                                   *_vp_cells(total.victory_points if total else None)]
        for b in match.boards:
            rooms: list[object] = []
            for room in (b.open, b.closed):
                rooms += [None, None] if room is None else [str(room), room.score_ns]
            writer.writerow(["" if v is None else v for v in (
                match.file, match.title, match.home, match.visitors, b.number, *rooms, b.home_imps,
                b.visitors_imps, _points(b.home_total), _points(b.visitors_total), match.scoring,
                *(None if p is None else _points(p) for p in (b.home_points, b.visitors_points)), *overall)]
                            + extra)
    return out.getvalue()


def _room_json(room: RoomResult | None) -> dict[str, Any] | None:
    return None if room is None else {"result": str(room), "score_ns": room.score_ns}


def _heading(match: TeamMatch) -> str:
    home, visitors = match.totals
    teams = f"{match.home} {_points(home)} - {match.visitors} {_points(visitors)}"
    return f"{match.title}: {teams}" if match.title else teams


def render_matches(matches: list[TeamMatch], fmt: str = "text", vp: bool = False,
                   totals: Sequence[MatchTotal] | None = None) -> str:
    """Several matches (one per match its results say): one after another, then the total of each match
    played in several segments (`match_totals`), or a JSON list (a list of one for one match, so that its
    shape does not hang on how many files were given; each segment's ``match_totals`` the total, as each
    CSV row's ``match_home_total`` and ``match_visitors_total``). With ``vp``, each match's victory points:
    a match played in segments has them on its total line only (a segment is not scored on its own): in
    JSON each segment's ``victory_points`` is null and its ``match_victory_points`` the match's, in CSV
    ``match_home_vp`` and ``match_visitors_vp``. ``totals``: the matches' `match_totals`, when the caller
    has them already (worked out here, once, when not)."""
    if totals is None:
        totals = match_totals(matches)
    segments = {id(segment) for total in totals for segment in total.segments}
    if fmt == "json":
        each = _totals_of(matches, totals)
        return json.dumps([_match_json(m, total, vp) for m, total in zip(matches, each, strict=True)],
                          indent=2) + "\n"
    if fmt == "csv":
        return match_csv(matches, vp, totals)
    lines = [total.line(vp) for total in totals]
    if fmt == "markdown":
        lines = [f"**{line}**" for line in lines]
    return "\n".join([*(render_match(m, fmt, vp and id(m) not in segments) for m in matches),
                      *(f"{line}\n" for line in lines)])
