"""Field results: every result of a board compared with the others (matchpoints, cross-IMPs, Butler).

A *field* is the set of results of one board within one run (the inputs of one `export` or `analyze`,
or one call of `to_dataframe`): results of the same event, date, section, board number and deal (files that
seat one pair at one board told apart as two sections: `files_apart`), and, for a team match's rooms,
of the same match (`match_codes`: two matches of one file playing the same boards, as a LIN file holding
both semi-finals, are two fields a board, not one of four results). That covers the rows of a
ScoreTable, the open and closed rooms of a team match, and the same board played in several games of a
file (a board's own result is one row even when its ScoreTable repeats it: see `extract.add_board`).
A ScoreTable row with a ``Multiplicity`` (several tables with the same result) counts as that many
tables (`multiplicities`).
All figures are from North-South's side; East-West's are the complement (``top - mp_ns``,
``100 - pct_ns``) or the negation (IMPs), except a director's artificial adjusted score, whose two
percentages are each side's own (60 and 60 when neither side was at fault), and a field holding assigned
scores that do not balance (``file_score_ew``, Law 12C1), where East-West's scores are compared among
themselves (``mp_ew``, ``ximp_ew``, ``butler_ew``). The arithmetic is the
scoring module's, for all the fields of a session at once (`count_fields`, `nearest_ten`, `imps_array`,
`neuberg`): the same figures as `matchpoints`, `percentages`, `average_cross_imps` and `butler` give
board by board.

A field of exactly two results, one from the open room and one from the closed room, is also scored as a
team match scores it: ``team_imps`` is the open room's North-South score less the closed room's, in IMPs,
the board's IMPs to the team that sat North-South in the open room (and East-West in the closed one);
null in a board-a-match (scoring ``BAM``), which is not scored in IMPs (`bridgetools.analysis.match`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from bridgetools.analysis.columns import BoardArrays
from bridgetools.errors import BridgeError
from bridgetools.model.results import MOST_TABLES

if TYPE_CHECKING:
    import pandas as pd

    from bridgetools.board import Board

_NAMED = ("event", "ns_pair", "ew_pair", "date", "player_n", "player_e", "player_s", "player_w")
"""The columns `FieldInputs` keeps as name codes after the file: its event, pairs, date and players."""
OPEN, CLOSED = 1, 2
"""Room codes of `room_codes` (0: no room, or another one)."""
_ROOMS = pa.array(["open", "closed"])
"""The rooms named in the ``room`` column, in the order of their codes from 1."""


@dataclass(frozen=True)
class FieldInputs:
    """What the field results of some results are worked out from: a few numbers a result (120 bytes), so
    that the files of one run are scored as one session without keeping their rows
    (`bridgetools.analysis.export.ParquetExport.start_session`)."""

    masks: npt.NDArray[np.uint64]
    """The four hands of each result's deal (`BoardArrays.masks`), and which of them are ``known``."""
    known: npt.NDArray[np.bool_]
    board: npt.NDArray[np.int32]
    ids: npt.NDArray[np.int64]
    """Each result's ``board_id``: the rows of one board's ScoreTable share it."""
    scores: npt.NDArray[np.int32]
    """North-South's score (`ranked_scores`), where ``valid``: ranked (not a director's percentage)."""
    valid: npt.NDArray[np.bool_]
    ew_scores: npt.NDArray[np.int32]
    """East-West's score of each result (`ranked_scores`): their own where a director's assigned scores
    do not balance (``file_score_ew``), else North-South's negated."""
    adjusted_pct: npt.NDArray[np.float64]
    """North-South's artificial adjusted score as a percentage, where ``adjusted`` (`adjusted_scores`)."""
    adjusted: npt.NDArray[np.bool_]
    tables: npt.NDArray[np.int64]
    """How many tables each result stands for (`multiplicities`)."""
    rooms: npt.NDArray[np.int8]
    """`OPEN`, `CLOSED` or 0 (`room_codes`)."""
    sections: npt.NDArray[np.uint64]
    """Each result's section as a number (`section_codes`), 0 for none: ``section_names[code - 1]``."""
    matches: npt.NDArray[np.uint64]
    """Each result's team match as a number (`match_codes`), 0 for a result of no room:
    ``match_names[code - 1]``."""
    imps: npt.NDArray[np.bool_]
    """Whether a team match scores the result's board in IMPs (not a board-a-match: `imp_scored`)."""
    events: npt.NDArray[np.uint64]
    """Each result's event as a number (`name_codes`), 0 for none: ``names[code - 1]``."""
    files: npt.NDArray[np.uint64]
    """Each result's file as a number (`name_codes`), 0 for none."""
    dates: npt.NDArray[np.uint64]
    """Each result's date as a number (`name_codes`), 0 for none: a club's sessions on one deal file on two
    dates are two fields."""
    pairs: npt.NDArray[np.uint64]
    """Each result's North-South and East-West pair numbers as numbers (two columns: `name_codes`), 0 for
    none: files that seat one pair at one board are apart (`files_apart`)."""
    players: npt.NDArray[np.uint64]
    """Each result's North, East, South and West player as numbers (four columns: `name_codes`), 0 for
    none: the same four players at one board in two files are a result and its correction
    (`result_replacements`)."""
    section_names: tuple[str, ...] = ()
    """The section names the ``sections`` codes stand for: the names themselves tell sections apart, so that
    two sections are one field only when their names are one (a CRC-32 of each could be shared by two)."""
    match_names: tuple[str, ...] = ()
    """The team matches the ``matches`` codes stand for (`match_identity`, its parts joined), as
    ``section_names``."""
    names: tuple[str, ...] = ()
    """The events, files, dates and pairs the ``events``, ``files``, ``dates`` and ``pairs`` codes stand
    for, likewise."""

    @classmethod
    def of(cls, arrays: BoardArrays, first_id: int = 0) -> FieldInputs:
        """The inputs of ``arrays``' results, their ``board_id`` counted from ``first_id``."""
        n = len(arrays)
        scores, valid, ew_scores = ranked_scores(*arrays.ns_scores(), arrays.columns.get)
        adjusted_pct, adjusted = adjusted_scores(arrays)
        ids = np.asarray(arrays.columns.get("board_id", np.arange(n)), dtype=np.int64) + first_id
        rooms = room_codes(arrays)
        sections, section_names = section_codes(arrays)
        matches, match_names = match_codes(arrays.columns, n, rooms, ids, arrays.board)
        file = arrays.columns.get("file")
        codes, names = name_codes([[file] * n if isinstance(file, str) else file]
                                  + [arrays.columns.get(name) for name in _NAMED], n)
        return cls(arrays.masks, arrays.known, arrays.board, ids, scores,
                   valid & ~adjusted,  # a percentage is not ranked, whatever score the contract would give
                   ew_scores,
                   adjusted_pct, adjusted, multiplicities(arrays), rooms, sections, matches,
                   imp_scored(arrays.columns, n), codes[1], codes[0], codes[4], codes[2:4].T.copy(),
                   codes[5:9].T.copy(), section_names, match_names, names)

    @classmethod
    def of_rows(cls, frame: pd.DataFrame) -> FieldInputs:
        """The inputs of the rows of a `boards` frame (an export read back, a file's rows: `analyze` of
        several inputs), worked out as `of` works them out from a batch: the deal (its text) told apart
        by a hash, the score the one exported (``score_ns``, else ``file_score_ns``), the ``board_id``
        as the frame gives it (unique across the frame's inputs)."""
        import pandas as pd

        n = len(frame)

        def column(name: str) -> pd.Series:
            return frame[name] if name in frame else pd.Series([None] * n, index=frame.index, dtype=object)

        def text(name: str) -> list[Any]:
            return list(column(name).astype(object).where(column(name).notna(), None))

        deal = column("deal")
        known = np.zeros((n, 4), dtype=np.bool_)
        known[:, 0] = not_null(deal)
        masks = np.zeros((n, 4), dtype=np.uint64)
        masks[:, 0] = np.where(known[:, 0], pd.util.hash_array(deal.astype(object).fillna("").to_numpy()),
                               np.uint64(0))
        board, numbered = whole_numbers(column("board"), -1, np.iinfo(np.int32).max)
        ids, _ = whole_numbers(column("board_id"))
        score, scored = whole_numbers(column("score_ns"))
        ns, ranked, ew = ranked_scores(score.astype(np.int32), scored, column)
        pct = column("adjusted_pct_ns")
        adjusted = not_null(pct)
        tables, counted = whole_numbers(column("multiplicity"), 0, MOST_TABLES)
        rooms = pc.fill_null(pc.index_in(pa.array(text("room"), pa.string()), value_set=_ROOMS), -1)
        sections, section_names = name_codes([text("section")], n)
        codes, names = name_codes([text(name) for name in ("file", *_NAMED)], n)
        room_code = (np.asarray(rooms.to_numpy(zero_copy_only=False)) + 1).astype(np.int8)
        columns = {name: text(name) for name in ("tags", "event", "scoring", "file", "date", *PLAYER_COLUMNS)}
        matches, match_names = match_codes(columns, n, room_code, ids, board)
        return cls(masks, known, np.where(numbered, board, -1).astype(np.int32), ids,
                   ns, ranked & ~adjusted, ew,
                   np.asarray(pd.to_numeric(pct, errors="coerce").fillna(0.0), dtype=np.float64), adjusted,
                   np.where(counted & (tables >= 1), tables, 1), room_code, sections[0], matches,
                   imp_scored(columns, n), codes[1], codes[0], codes[4], codes[2:4].T.copy(),
                   codes[5:9].T.copy(), section_names, match_names, names)

    @classmethod
    def joined(cls, parts: list[FieldInputs]) -> FieldInputs:
        """The results of ``parts``, one after another, each part's section and match codes given the
        numbers of the joined names (a name is one code in every part)."""
        sections, section_names = _renumbered([(part.sections, part.section_names) for part in parts])
        matches, match_names = _renumbered([(part.matches, part.match_names) for part in parts])
        coded, names = _renumbered([(np.concatenate([part.events, part.files, part.dates, *part.pairs.T,
                                                     *part.players.T]), part.names) for part in parts])
        sizes = [len(part) for part in parts]
        each = np.split(coded, np.cumsum([9 * size for size in sizes])[:-1])
        events, files, dates, ns, ew, *players = (np.concatenate([part.reshape(9, -1)[k] for part in each])
                                                  for k in range(9))
        named = ("sections", "section_names", "matches", "match_names", "events", "files", "dates", "pairs",
                 "players", "names")
        joined = {f.name: np.concatenate([getattr(part, f.name) for part in parts])
                  for f in fields(cls) if f.name not in named}
        return cls(**joined, sections=sections, section_names=section_names, matches=matches,
                   match_names=match_names, events=events, files=files, dates=dates,
                   pairs=np.stack([ns, ew], axis=1), players=np.stack(players, axis=1), names=names)

    def __len__(self) -> int:
        return len(self.board)

    def rows(self, kept: npt.NDArray[np.bool_]) -> FieldInputs:
        """The inputs of the ``kept`` results only (a later input's repeats left out)."""
        return replace(self, **{f.name: getattr(self, f.name)[kept] for f in fields(FieldInputs)
                                if not f.name.endswith("names")})


def _renumbered(parts: list[tuple[npt.NDArray[np.uint64], tuple[str, ...]]]
                ) -> tuple[npt.NDArray[np.uint64], tuple[str, ...]]:
    """Several parts' codes (0 for none, else ``names[code - 1]`` of the part's names) as one: each name
    one number in every part, in the order first met."""
    numbers: dict[str, int] = {}
    codes = []
    for part_codes, names in parts:
        table = [0, *(numbers.setdefault(name, len(numbers) + 1) for name in names)]
        codes.append(np.array(table, dtype=np.uint64)[part_codes.astype(np.intp)])
    return np.concatenate(codes), tuple(numbers)


def field_keys(inputs: FieldInputs,
               board: tuple[npt.NDArray[np.uint64], npt.NDArray[np.intp]] | None = None,
               replacements: Replacements | None = None) -> npt.NDArray[np.intp]:
    """A group number per result: equal for results of the same event, date, section, board number and
    deal (a team match's rooms never with results of no room), in files not told apart as two sections
    (`files_apart`: files that name one pair at one board; ``replacements`` as it takes them).
    """
    board = field_key(inputs) if board is None else board
    parts, _ = files_apart(inputs, board, replacements)
    groups = board[1]
    if not parts.any():
        return groups
    return _row_groups(np.stack([groups.astype(np.uint64), parts], axis=1))


@dataclass(frozen=True)
class Clash:
    """A later file that names a pair an earlier file names at the same board on the same side: a pair
    plays a board once, so the two files are two sections (or sessions), each a field of its own."""

    later: str
    """The files, as the ``file`` column names them."""
    earlier: str
    board: int
    """The board's number (-1: none)."""
    side: int
    """0: North-South, 1: East-West."""
    pair: str


def files_apart(inputs: FieldInputs,
                board: tuple[npt.NDArray[np.uint64], npt.NDArray[np.intp]] | None = None,
                replacements: Replacements | None = None) -> tuple[npt.NDArray[np.uint64], list[Apart]]:
    """Which part of the run each result is in (0 for all when no files clash), and the clashes that
    part them: files (in the order they come, those that clash with another first) join the one part none
    of whose files names one of their pairs at one of their boards (``board``: `field_key`) on the
    same side, a file that clashes with every part starting a part of its own. A pair plays a board once:
    two files that seat it at one board twice are two sections without a Section tag (or two sessions on
    the same boards), never one field. A file that could join several parts is a part of its own,
    `Unplaced`: which section it is nothing says, and the order of the inputs is no answer. A result a
    later file replaces (``replacements``: `result_replacements`, worked out when not given) names its
    pairs in no part; the results that name no
    section where several play a board (`unplaced_results`) are told too."""
    parts = np.zeros(len(inputs), dtype=np.uint64)
    key, groups = field_key(inputs) if board is None else board
    told: list[Apart] = [*unplaced_results(inputs, key)]
    codes, first = np.unique(inputs.files, return_index=True)
    if len(codes) < 2:
        return parts, told
    by, replays = result_replacements(inputs) if replacements is None else replacements
    replaced = by >= 0
    told.extend(replays)
    order = codes[np.argsort(first)]
    rank = np.searchsorted(codes, inputs.files)  # each result's file, as an index into ``codes``
    seated = []
    for side in (0, 1):
        named = (inputs.pairs[:, side] != 0) & ~replaced
        seated.append(np.stack([groups[named].astype(np.uint64), np.full(named.sum(), side, np.uint64),
                                inputs.pairs[named, side], rank[named].astype(np.uint64),
                                np.flatnonzero(named).astype(np.uint64)], axis=1))
    seats = np.concatenate(seated)
    _, one = np.unique(seats[:, :4], axis=0, return_index=True)  # each seat once a file
    seats = seats[np.sort(one)]
    _, seat, count = np.unique(seats[:, :3], axis=0, return_inverse=True, return_counts=True)
    twice = seats[count[seat.reshape(-1)] > 1]
    if not len(twice):
        return parts, told
    files_of: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for group, side, pair, file, row in twice.tolist():
        files_of.setdefault((group, side, pair), []).append((file, row))
    clashing: dict[tuple[int, int], tuple[int, int, int]] = {}  # (file, file): the first seat both name
    for (_, side, pair), seen in files_of.items():
        for (a, row_a), (b, _) in itertools.combinations(seen, 2):
            clashing.setdefault((min(a, b), max(a, b)), (row_a, side, pair))
    members: list[list[int]] = []
    alone: set[int] = set()  # the parts of one file that could have joined several
    part_of: dict[int, int] = {}
    unplaced: list[tuple[int, list[int]]] = []
    in_order = [int(i) for i in np.searchsorted(codes, order)]
    clashed = {file for both in clashing for file in both}
    # the files that clash first, so that a file that clashes with none is placed whatever the order
    for file in [f for f in in_order if f in clashed] + [f for f in in_order if f not in clashed]:
        could = [k for k, files in enumerate(members) if k not in alone
                 and not any((min(f, file), max(f, file)) in clashing for f in files)]
        place = could[0] if len(could) == 1 else len(members)
        if place == len(members):
            members.append([])
        if len(could) > 1:
            alone.add(place)
            unplaced.append((file, [members[k][0] for k in could]))
        members[place].append(file)
        part_of[file] = place
    parts = np.array([part_of[i] for i in range(len(codes))], dtype=np.uint64)[rank]

    def name(code: int) -> str:
        return inputs.names[code - 1] if code else "?"

    clashes: list[Apart] = []
    for (a, b), (row, side, pair) in sorted(clashing.items(), key=lambda item: (
            max(first[item[0][0]], first[item[0][1]]), min(first[item[0][0]], first[item[0][1]]))):
        later, earlier = (a, b) if first[a] > first[b] else (b, a)
        clashes.append(Clash(name(int(codes[later])), name(int(codes[earlier])), int(inputs.board[row]), side,
                             name(pair)))
    for file, could in unplaced:
        clashes.append(Unplaced(name(int(codes[file])), tuple(name(int(codes[f])) for f in could)))
    return parts, clashes + told


@dataclass(frozen=True)
class Replayed:
    """A board a later file gives again with the same four players in the same seats as an earlier file
    (a director's corrected result): the four play a board once, so the later result replaces the
    earlier, which is left out of its field (`result_replacements`)."""

    later: str
    """The files, as the ``file`` column names them."""
    earlier: str
    board: int
    """The board's number (-1: none)."""
    players: tuple[str, ...]
    """North, East, South and West (none: the table told by its pairs' numbers, ``pairs``)."""
    pairs: tuple[str, str] = ("", "")
    """The North-South and East-West pair numbers that tell the table where no four players do."""
    scores: tuple[str, str] = ("", "")
    """The later result's North-South score and the earlier's, as the note says them."""


_NOBODY = frozenset({"n", "e", "s", "w", "north", "east", "south", "west", "unknown", "none", "nn", "n.n.",
                     "n/a"})
"""Names (`folded_name`) that name no one player: a seat's name or letter, unknown (PBN's ``?`` and
Dealer's ``-``, with no letter or digit, are told by that: `names_someone`). Another name of one letter is
a person's: a Chinese name of one character (``王``), a player entered by an initial."""
_ROBOTS = frozenset({"robot", "gib"})
"""Names (`folded_name`) of a computer player besides BBO's ``~~`` ones (`is_robot`)."""


def folded_name(name: str) -> str:
    """A player's name as it tells the player, for every rule that compares players (a pair in a ranking,
    a table's four players in a correction): ``Ann  Smith``, ``ann smith`` and `` ANN SMITH`` are one."""
    return " ".join(name.split()).casefold()


def is_robot(name: str | None) -> bool:
    """Whether a seat's name is a computer player's: BBO's (``~~`` and the robot's id, ``~~M12345``),
    ``GIB``, ``Robot``: a seat, not a person (`names_someone`)."""
    folded = folded_name(name) if name is not None else ""
    return folded.startswith("~~") or folded in _ROBOTS


def names_someone(name: str | None) -> bool:
    """Whether a seat's name is one person's: not a placeholder (empty, a name without a letter or digit:
    ``?``, ``-``; one of `_NOBODY`: ``N``, ``North``, ``Unknown``, ``NN``) nor a robot (`is_robot`), in any
    case and spacing: only such names tell a table's players (`seated_people`) or a pair."""
    if name is None:
        return False
    folded = folded_name(name)
    return any(c.isalnum() for c in folded) and folded not in _NOBODY and not is_robot(folded)


def seated_people(inputs: FieldInputs) -> npt.NDArray[np.uint64]:
    """Each result's North, East, South and West as numbers of the people they name (four columns), one
    number a person (`folded_name`: ``Ann`` and ``ann`` one), 0 for a seat naming nobody (`names_someone`:
    no name, a placeholder, a robot)."""
    found: dict[str, int] = {}
    table = np.array([0, *(found.setdefault(folded_name(name), len(found) + 1) if names_someone(name) else 0
                           for name in inputs.names)], dtype=np.uint64)
    people: npt.NDArray[np.uint64] = table[inputs.players.astype(np.intp)]
    return people


def seated_players(inputs: FieldInputs, people: npt.NDArray[np.uint64] | None = None
                   ) -> npt.NDArray[np.bool_]:
    """Whether each result names its four players: four people (`seated_people`, or ``people`` as it gives
    them), none in two seats, so that another result naming them in the same seats at its board is the
    same table's: a seat naming nobody (a placeholder, a robot) tells no table."""
    people = seated_people(inputs) if people is None else people
    four = (np.diff(np.sort(people, axis=1), axis=1) != 0).all(axis=1)  # no one in two seats
    seated: npt.NDArray[np.bool_] = (people != 0).all(axis=1) & four
    return seated


Replacements = tuple[npt.NDArray[np.intp], list[Replayed]]
"""The result that replaces each result (its row; -1: none), and each board so replaced
(`result_replacements`)."""


def result_replacements(inputs: FieldInputs) -> Replacements:
    """The result that replaces each result (its row; -1: none), and each board so replaced: results of one
    board (the same event, date, section and deal: `field_key` without the team match) at one table in
    several files are one table's result given twice, the last file's the one that stands (a director gives a
    correction after the result it corrects), at the same table: the pairs the earlier names. A table is
    told by its four players in their seats (four people, their names folded: `seated_players`), else by
    its North-South and East-West pair numbers (`renumbered_tables`: a ScoreTable row sent again). The team
    match is no part of it: four players play a deal once, whatever match or segment each file's header
    names (a vugraph file sent again with its carry-over corrected names another), so the rule is the same
    whichever columns a caller has (`analyze --by board` and ``--by pair`` alike)."""
    n = len(inputs)
    replaced = np.full(n, -1, dtype=np.intp)
    codes, first = np.unique(inputs.files, return_index=True)
    if len(codes) < 2:
        return replaced, []
    people = seated_people(inputs)
    seated = seated_players(inputs, people)
    paired = (inputs.pairs != 0).all(axis=1)
    if seated.sum() < 2 and paired.sum() < 2:
        return replaced, []
    groups = field_key(inputs, by_match=False)[1]
    order = first[np.searchsorted(codes, inputs.files)]  # each result's file, as where it starts
    tables: list[list[int]] = []
    if seated.sum() >= 2:
        rows = np.flatnonzero(seated)
        key = np.concatenate([groups[rows, None].astype(np.uint64), people[rows]], axis=1)
        _, table, count = np.unique(key, axis=0, return_inverse=True, return_counts=True)
        table = table.reshape(-1)
        by_people: dict[int, list[int]] = {}
        for row, at in zip(rows[count[table] > 1].tolist(), table[count[table] > 1].tolist(), strict=True):
            by_people.setdefault(at, []).append(row)
        tables.extend(by_people.values())

    def name(code: int) -> str:
        return inputs.names[code - 1] if code else "?"

    def said(row: int) -> str:
        if inputs.adjusted[row]:
            return f"{inputs.adjusted_pct[row]:g}%"
        return str(int(inputs.scores[row])) if inputs.valid[row] else "no score"

    replays: list[Replayed] = []
    for each in tables:
        last = max(each, key=lambda row: order[row])
        earlier = [row for row in each if order[row] != order[last]]
        replaced[earlier] = last
        for row in dict((int(order[row]), row) for row in earlier).values():
            four = tuple(name(int(code)) for code in inputs.players[last])
            replays.append(Replayed(name(int(inputs.files[last])), name(int(inputs.files[row])),
                                    int(inputs.board[last]), four))
    for was, now in renumbered_tables(inputs, groups, order, seated, people):
        if replaced[was] < 0 and replaced[now] < 0:
            replaced[was] = now
            replays.append(Replayed(name(int(inputs.files[now])), name(int(inputs.files[was])),
                                    int(inputs.board[now]), (),
                                    (name(int(inputs.pairs[now, 0])), name(int(inputs.pairs[now, 1]))),
                                    (said(now), said(was))))
    return replaced, replays


def most_again(again: int, tables: int) -> bool:
    """Whether ``again`` of a section's ``tables`` (a session's, or a board's) given again by their pair
    numbers with other results are most of them, so another section's on the same movement, not a
    correction: a correction changes a few results (one of a board's two tables is one), another
    section's traveller or session most (more than half: a file of one table given again is all of it)."""
    return 2 * again > tables


def renumbered_tables(inputs: FieldInputs, groups: npt.NDArray[np.intp], order: npt.NDArray[np.intp],
                      seated: npt.NDArray[np.bool_], people: npt.NDArray[np.uint64]) -> list[tuple[int, int]]:
    """Each result a later file gives again by its pair numbers, and the result that replaces it (a
    director's ScoreTable row sent again: Law 79C): a row of the same field (``groups``: `field_key`
    without the team match) with the same North-South and East-West pair numbers as an earlier file's
    row is that table's result corrected, the latest file's standing, unless the two files are two
    sections numbering their pairs alike: the later seats one of the earlier's pairs at another table of a
    board both give (a pair plays a board once), gives most of the earlier's tables, or of a board's
    tables, again with other results (`most_again`: a correction changes a few of a session's results;
    another section on the same movement most, its session or a board's traveller: its equal results are
    its own, no repeats, by the same rule: `pipeline.RepeatedResults`), or names other players at one of its
    tables (both naming four). A row that matches no earlier table is a result of its own (`files_apart`
    then places it)."""
    paired = (inputs.pairs != 0).all(axis=1)
    rows = np.flatnonzero(paired)
    if len(rows) < 2:
        return []
    key = np.stack([groups[rows].astype(np.uint64), inputs.pairs[rows, 0], inputs.pairs[rows, 1]], axis=1)
    _, table = np.unique(key, axis=0, return_inverse=True)
    table = table.reshape(-1)
    at_table: dict[int, dict[int, list[int]]] = {}  # a table's results, by the file they are in
    for row, at in zip(rows.tolist(), table.tolist(), strict=True):
        at_table.setdefault(at, {}).setdefault(int(order[row]), []).append(row)
    again = {at: files for at, files in at_table.items() if len(files) > 1}
    if not again:
        return []
    files = sorted({file for each in again.values() for file in each})
    tables_of: dict[int, set[int]] = {file: set() for file in files}  # each file's tables
    seats_of: dict[int, dict[tuple[int, int, int], set[int]]] = {file: {} for file in files}
    for side in (0, 1):
        named = np.flatnonzero((inputs.pairs[:, side] != 0) & np.isin(order, files))
        for row in named.tolist():
            seat = (int(groups[row]), side, int(inputs.pairs[row, side]))
            seats_of[int(order[row])].setdefault(seat, set()).add(-row - 1)  # a row of no table: itself
    board_of: dict[int, int] = {}  # each table's board (its field)
    for row, at in zip(rows.tolist(), table.tolist(), strict=True):
        file = int(order[row])
        board_of[at] = int(groups[row])
        if file in tables_of:
            tables_of[file].add(at)
            for side in (0, 1):
                seat = (int(groups[row]), side, int(inputs.pairs[row, side]))
                seats_of[file][seat].discard(-row - 1)
                seats_of[file][seat].add(at)

    def corrects(later: int, earlier: int) -> bool:
        """Whether ``later``'s tables that ``earlier`` has are its results corrected (not another
        section's)."""
        both = tables_of[earlier] & tables_of[later]
        if most_again(len(both), len(tables_of[earlier])):
            return False
        at_board = Counter(board_of[at] for at in tables_of[earlier])
        if any(most_again(n, at_board[board]) for board, n in Counter(board_of[at] for at in both).items()):
            return False
        for at in both:
            one, other = at_table[at][earlier][-1], at_table[at][later][-1]
            if seated[one] and seated[other] and (people[one] != people[other]).any():
                return False
        mine, theirs = seats_of[later], seats_of[earlier]
        return all(len(mine[seat] | theirs[seat]) == 1 for seat in mine.keys() & theirs.keys())

    told = {(later, earlier): corrects(later, earlier) for later in files for earlier in files
            if earlier < later}
    pairs: list[tuple[int, int]] = []
    for each in again.values():
        ordered = sorted(each)
        for k, earlier in enumerate(ordered[:-1]):
            by = [later for later in ordered[k + 1:] if told[(later, earlier)]]
            if by:
                pairs.extend((row, each[by[-1]][-1]) for row in each[earlier])
    return pairs


@dataclass(frozen=True)
class Unplaced:
    """A file that clashes with none of several parts of the run (`files_apart`), so could be of any of
    them: a field of its own, since the order of the inputs does not say which section it is."""

    file: str
    could: tuple[str, ...]
    """The first file of each part it could join."""


def clash_lines(clashes: Sequence[Apart]) -> list[str]:
    """The warning for each file scored apart from an earlier one as a section of its own
    (`files_apart`), the first pair both name at one board given as the reason; and for each file that
    could be of several sections, which."""
    from bridgetools._files import readable_name

    told: dict[str, list[Clash]] = {}
    for clash in clashes:
        if isinstance(clash, Clash):
            told.setdefault(clash.later, []).append(clash)
    lines = []
    for later, each in told.items():
        first = each[0]
        earlier = " and ".join(readable_name(clash.earlier) for clash in each)
        board = f"board {first.board}" if first.board >= 0 else "a board without a number"
        lines.append(f"{readable_name(later)}: scored apart from {earlier}: "
                     f"{('North-South', 'East-West')[first.side]} pair {first.pair} plays "
                     f"{board} in both, and a pair plays a board once, so each is a section (or session) "
                     "of its own, a field apart (a Section tag in each names its section)")
    for unplaced in (clash for clash in clashes if isinstance(clash, Unplaced)):
        lines.append(f"{readable_name(unplaced.file)}: scored apart, a field of its own: it could be of the "
                     f"section of {' or of '.join(readable_name(f) for f in unplaced.could)}, which are "
                     "scored apart (a Section tag in it names its section)")
    for lost in (clash for clash in clashes if isinstance(clash, Unsectioned)):
        board = f"board {lost.board}" if lost.board >= 0 else "a board without a number"
        count = "1 result names" if lost.results == 1 else f"{lost.results} results name"
        lines.append(f"{readable_name(lost.file)}: {count} no section on a board several sections play "
                     f"(the first {board}, sections {', '.join(lost.sections)}): each left out of the "
                     "sections' fields, a field of its own (a Section tag or column names its section)")
    for replay in (clash for clash in clashes if isinstance(clash, Replayed)):
        board = f"board {replay.board}" if replay.board >= 0 else "a board without a number"
        if not replay.players:
            lines.append(f"{readable_name(replay.later)}: {board} again with North-South pair "
                         f"{replay.pairs[0]} and East-West pair {replay.pairs[1]} of "
                         f"{readable_name(replay.earlier)}: a pair plays a board once, so the later result "
                         f"(NS {replay.scores[0]}) replaces the earlier (NS {replay.scores[1]}: a corrected "
                         "result), left out of its field")
            continue
        lines.append(f"{readable_name(replay.later)}: {board} again with the players of "
                     f"{readable_name(replay.earlier)} (N {replay.players[0]}, E {replay.players[1]}, "
                     f"S {replay.players[2]}, W {replay.players[3]}): four players play a board once, so the "
                     f"later result replaces the earlier (a corrected result), left out of its field")
    return lines


def field_key(inputs: FieldInputs, by_match: bool = True
              ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.intp]]:
    """Each result's field as its parts (a row a result: board number, the deal's hands, which hands are
    known, section, room, team match, date and event, the codes of `FieldInputs` as the field takes them),
    and a group number per result: equal for results of the same event, date, section, board number and
    deal (and team match), whatever file each is in; a team match's rooms (a result naming its room) are
    never in one field with results of no room (a pairs game's), whatever event and date each names.

    A result that names no section, date or event (a late traveller typed without its Section, Date or
    Event, and every LIN file, which names none) is in the section (then the date and event) of the other
    results of its board and deal when they all name one; apart otherwise (`unplaced_results`). A result
    naming the open room (BBO's ``qx|o1|`` on a pairs result) on a board whose results name no closed room
    is of no team match: it is in the field of the results naming no room.

    A result of a team match naming no date or event (a segment's later board: `carried_matches`) has
    those its match's other results name, where they name one.

    A result whose deal the file does not give (a vugraph room without its ``md``) joins the results of
    its board number when they all have one and the same deal; with several deals it stays apart. A
    result with neither a number nor a deal is compared only with the other results of its own board
    (``board_id``: its ScoreTable's rows), since nothing says that it is another result's board.
    ``by_match=False`` leaves the team match out (`result_replacements`: one table's results).
    """
    n = len(inputs)
    dealt = inputs.known.any(axis=1)
    key = np.zeros((n, 11), dtype=np.uint64)
    key[:, 0] = inputs.board.astype(np.int64).astype(np.uint64)
    key[:, 1:5] = np.where(inputs.known, inputs.masks, np.uint64(0))
    key[:, 5] = (inputs.known * np.array([1, 2, 4, 8])).sum(axis=1).astype(np.uint64)
    lone = ~dealt & (inputs.board < 0)
    if lone.any():  # told apart by board_id, in a key column no dealt result uses (its hands are 0)
        key[lone, 1] = inputs.ids[lone].astype(np.uint64)
    rooms, matches = _rooms_of_matches(_row_groups(key), inputs)
    key[:, 7] = rooms != 0  # a team match's rooms never a field with results of no room (pairs)
    key[:, 6] = _sections(key, inputs)  # each section its own field
    key[:, 8] = matches if by_match else 0  # each team match its own field
    in_match = np.where(matches != 0, matches, matches.max(initial=0) + 1 + np.arange(n, dtype=np.uint64)
                        ).astype(np.intp)
    dates, events = _events(in_match, inputs.dates), _events(in_match, inputs.events)  # a segment's later
    key[:, 9] = _events(_row_groups(key), dates)  # each date its own field (a club's two sessions)
    key[:, 10] = _events(_row_groups(key), events)  # each event its own field
    groups = _row_groups(key)
    if dealt.all() or not dealt.any():
        return key, groups
    # Each board number's deals (as groups) among the results that have one; numbers with exactly one.
    number = inputs.board.astype(np.int64)
    pairs = np.unique(np.stack([number[dealt], groups[dealt]], axis=1), axis=0)
    numbers, first, count = np.unique(pairs[:, 0], return_index=True, return_counts=True)
    where = np.clip(np.searchsorted(numbers, number), 0, len(numbers) - 1)
    joins = ~dealt & ~lone & (numbers[where] == number) & (count[where] == 1)
    groups[joins] = pairs[first[where[joins]], 1]
    return key, groups


def field_names(inputs: FieldInputs) -> dict[str, list[str | None]]:
    """Each result's ``section``, ``date`` and ``event`` as its field takes them (`field_key`): a result
    that names none has those of the other results of its board where they name one, so that a late
    traveller is ranked in the section whose field it is in."""
    key = field_key(inputs)[0]

    def named(codes: npt.NDArray[np.uint64], names: tuple[str, ...]) -> list[str | None]:
        return [names[code - 1] if code else None for code in codes.tolist()]

    return {"section": named(key[:, 6], inputs.section_names), "date": named(key[:, 9], inputs.names),
            "event": named(key[:, 10], inputs.names)}


def _sections(key: npt.NDArray[np.uint64], inputs: FieldInputs) -> npt.NDArray[np.uint64]:
    """Each result's section as its field takes it (`field_key`: ``key`` its board, deal and room so far): a
    result naming none is in its board's one section (`_events`), unless its file seats one of its pairs
    where that section seats it (a section's file without a Section tag, a section apart: `files_apart`).
    A result naming none whose four players (`seated_players`) sit at a result of its board naming one is
    that table's result again (a correction: `result_replacements`), in that section, whatever else plays
    the board, unless another result of its file clashes so (its file a section apart); so is one naming
    no players whose North-South and East-West pair numbers are those of one section's table at its board
    (a ScoreTable row sent again: `renumbered_tables` says whether it corrects that table)."""
    boards = _row_groups(key)
    sections = _events(boards, inputs.sections)
    people = seated_people(inputs)
    seated = seated_players(inputs, people)
    tables = _row_groups(np.concatenate([boards[:, None].astype(np.uint64), people], axis=1))
    same = _events(tables, np.where(seated, inputs.sections, np.uint64(0)))
    paired = (inputs.pairs != 0).all(axis=1) & ~seated
    numbered = _row_groups(np.concatenate([boards[:, None].astype(np.uint64), inputs.pairs], axis=1))
    same = np.where(seated, same, _events(numbered, np.where(paired, inputs.sections, np.uint64(0))))
    renumbered = (inputs.sections == 0) & paired & (same != 0)
    if renumbered.any():  # a file giving most of the sections' tables again is a section of its own
        tabled = paired & (inputs.sections != 0)
        files, again = np.unique(inputs.files[renumbered], return_counts=True)
        most = {int(f) for f, n in zip(files.tolist(), again.tolist(), strict=True)
                if most_again(n, int((tabled & (inputs.files != f)).sum()))}
        renumbered &= ~np.isin(inputs.files, list(most))
    replay = (inputs.sections == 0) & ((seated & (same != 0)) | renumbered)
    joined = (inputs.sections == 0) & (sections != 0) & ~replay
    sections = np.where(replay, same, sections)
    if not joined.any():
        return sections
    board = key.copy()
    board[:, 6] = sections
    groups = _row_groups(board).astype(np.uint64)
    named = inputs.sections != 0
    clashing: set[int] = set()
    for side in (0, 1):
        pair = inputs.pairs[:, side]
        seats = _row_groups(np.stack([groups, pair], axis=1))
        taken = np.isin(seats, seats[named & (pair != 0)])
        clashing.update(inputs.files[joined & (pair != 0) & taken].tolist())
    if clashing:
        sections[(joined | replay) & np.isin(inputs.files, list(clashing))] = 0
    return sections


def _rooms_of_matches(boards: npt.NDArray[np.intp], inputs: FieldInputs
                      ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint64]]:
    """Each result's room and team match as its field takes them: a result naming the open room on a board
    (``boards``: a group number per board and deal) that no result names the closed room of, and that
    results naming no room play, is of no room and no match (BBO's ``qx|o1|`` on a pairs game's result)."""
    rooms, matches = inputs.rooms, inputs.matches
    size = int(boards.max()) + 1 if len(boards) else 0
    closed = np.bincount(boards[rooms == CLOSED], minlength=size) > 0
    roomless = np.bincount(boards[rooms == 0], minlength=size) > 0
    pairs_game = (rooms == OPEN) & ~closed[boards] & roomless[boards]
    if not pairs_game.any():
        return rooms, matches
    return np.where(pairs_game, np.int8(0), rooms), np.where(pairs_game, np.uint64(0), matches)


@dataclass(frozen=True)
class Unsectioned:
    """Results that name no section on a board several sections play: which section each is of nothing
    says, so each is a field of its own, left out of the sections' scores (`field_key`)."""

    file: str
    """The file, as the ``file`` column names it."""
    board: int
    """The first such board's number (-1: none)."""
    results: int
    sections: tuple[str, ...]
    """The sections the board's other results name."""


Apart = Clash | Unplaced | Unsectioned | Replayed
"""What a warning says of a run's fields: files scored apart, results left out of a section's field or
replaced by a later file's (`files_apart`)."""


def unplaced_results(inputs: FieldInputs, key: npt.NDArray[np.uint64] | None = None) -> list[Unsectioned]:
    """The results, a file at a time, that name no section on a board whose other results name several
    (``key``: `field_key`'s): a field of their own, which the warning says."""
    key = field_key(inputs)[0] if key is None else key
    lost = (key[:, 6] == 0) & (inputs.sections == 0) & (inputs.valid | inputs.adjusted)  # results only
    if not lost.any() or inputs.sections.max(initial=0) == 0:
        return []
    board = key.copy()
    board[:, 6] = 0
    groups = _row_groups(board[:, :8])
    named = inputs.sections != 0
    sections: dict[int, set[int]] = {}
    for group, code in zip(groups[named].tolist(), inputs.sections[named].tolist(), strict=True):
        sections.setdefault(group, set()).add(code)
    found: dict[int, Unsectioned] = {}
    for row in np.flatnonzero(lost).tolist():
        codes = sections.get(int(groups[row]), set())
        if len(codes) < 2:
            continue
        file = int(inputs.files[row])
        had = found.get(file)
        found[file] = Unsectioned(inputs.names[file - 1] if file else "", int(inputs.board[row]), 1,
                                  tuple(inputs.section_names[c - 1] for c in sorted(codes))) \
            if had is None else replace(had, results=had.results + 1)
    return list(found.values())


def _events(boards: npt.NDArray[np.intp], events: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """Each result's event or date (`FieldInputs.events`, ``dates``), one given none taking that of the
    other results of its board (``boards``: a group number per result) where they name one and one only."""
    named = events != 0
    if named.all() or not named.any():
        return events
    pairs = np.unique(np.stack([boards[named].astype(np.uint64), events[named]], axis=1), axis=0)
    numbers, first, count = np.unique(pairs[:, 0], return_index=True, return_counts=True)
    where = np.clip(np.searchsorted(numbers, boards.astype(np.uint64)), 0, len(numbers) - 1)
    joins = ~named & (numbers[where] == boards.astype(np.uint64)) & (count[where] == 1)
    given = events.copy()
    given[joins] = pairs[first[where[joins]], 1]
    return given


def _row_groups(key: npt.NDArray[np.uint64]) -> npt.NDArray[np.intp]:
    """A group number per row of ``key``, equal for equal rows: the rows are hashed to one number each
    and grouped by it (quick), and by the whole rows only if two different rows share a hash."""
    mixed = np.zeros(len(key), dtype=np.uint64)
    with np.errstate(over="ignore"):
        for column in key.T:  # a multiply-xorshift hash of the row, column by column
            mixed = (mixed ^ column) * np.uint64(0x9E3779B97F4A7C15)
            mixed ^= mixed >> np.uint64(29)
    _, first, groups = np.unique(mixed, return_index=True, return_inverse=True)
    groups = groups.reshape(-1)
    if not (key == key[first[groups]]).all():  # a collision: group by the rows themselves
        _, groups = np.unique(key, axis=0, return_inverse=True)
        groups = groups.reshape(-1)
    return groups


def section_codes(arrays: BoardArrays) -> tuple[npt.NDArray[np.uint64], tuple[str, ...]]:
    """A number for each result's section (the ``section`` column: a ScoreTable's Section cell), 0 for none,
    and the names the numbers stand for (``names[code - 1]``, in the order first met): `FieldInputs.joined`
    gives a name one number in every part of an export."""
    given = arrays.columns.get("section")
    codes = np.zeros(len(arrays), dtype=np.uint64)
    if given is None:
        return codes, ()
    found: dict[str, int] = {}
    names = given.to_pylist() if isinstance(given, pa.Array | pa.ChunkedArray) else list(given)
    for i, name in enumerate(names):
        if name is not None:
            codes[i] = found.setdefault(str(name), len(found) + 1)
    return codes, tuple(found)


def name_codes(columns: list[Any], n: int) -> tuple[npt.NDArray[np.uint64], tuple[str, ...]]:
    """A number for each of ``n`` rows' name in each of ``columns`` (a list with None for null, an Arrow
    array, or None for a column not there), 0 for none, one table of names for all of them (``names[code -
    1]``, in the order first met), as `section_codes` numbers sections: a row of codes a column."""
    codes = np.zeros((len(columns), n), dtype=np.uint64)
    found: dict[str, int] = {}
    for row, given in enumerate(columns):
        if given is None:
            continue
        if isinstance(given, pa.Array | pa.ChunkedArray) and pa.types.is_string(given.type):
            # each distinct name looked up once (a column of a million players' names holds a few hundred)
            encoded = pc.dictionary_encode(given.combine_chunks() if isinstance(given, pa.ChunkedArray)
                                           else given)
            table = np.array([found.setdefault(str(name), len(found) + 1)
                              for name in encoded.dictionary.to_pylist()] + [0], dtype=np.uint64)
            index = pc.fill_null(encoded.indices, len(encoded.dictionary)).to_numpy(zero_copy_only=False)
            codes[row] = table[np.asarray(index, dtype=np.intp)]
            continue
        names = given.to_pylist() if isinstance(given, pa.Array | pa.ChunkedArray) else list(given)
        for i, name in enumerate(names):
            if name is not None:
                codes[row, i] = found.setdefault(str(name), len(found) + 1)
    return codes, tuple(found)


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


def matchpoint_tops(field_size: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """The top of each result's board, 2 a table beaten (2 x (tables - 1)); NaN for a field of fewer than
    two tables or none (no top: a table alone is not ranked)."""
    size = np.asarray(field_size, dtype=np.float64)
    with np.errstate(invalid="ignore"):
        return np.where(size >= 2, 2.0 * (size - 1), np.nan)


def east_west_matchpoints(mp_ns: npt.ArrayLike, field_size: npt.ArrayLike, adjusted_pct_ew: npt.ArrayLike,
                          mp_ew: npt.ArrayLike | None = None) -> npt.NDArray[np.float64]:
    """East-West's matchpoints of each result: their own (``mp_ew``) where a field holds scores that do not
    balance, else from a row's North-South matchpoints: the rest of the top (`matchpoint_tops`), or
    East-West's own artificial adjusted percentage of it (Law 12C2: the two sides' percentages need not add
    to 100); NaN where North-South have none or there is no top. `analyze --by pair` ranks East-West by
    them and a printed traveller shows them (the one rule for both)."""
    ns = np.asarray(mp_ns, dtype=np.float64)
    pct_ew = np.asarray(adjusted_pct_ew, dtype=np.float64)
    top = matchpoint_tops(field_size)
    ew = np.where(np.isnan(pct_ew), top - ns, pct_ew / 100 * top)
    if mp_ew is not None:
        own = np.asarray(mp_ew, dtype=np.float64)
        ew = np.where(np.isnan(own), ew, own)
    return np.where(np.isnan(ns), np.nan, ew)


def east_west_imps(imps_ns: npt.ArrayLike, imps_ew: npt.ArrayLike | None = None) -> npt.NDArray[np.float64]:
    """East-West's IMPs of each result (cross-IMPs or Butler): their own (``imps_ew``) where a field holds
    scores that do not balance, else North-South's negated; NaN where there are none."""
    ew = -np.asarray(imps_ns, dtype=np.float64)
    if imps_ew is None:
        return ew
    own = np.asarray(imps_ew, dtype=np.float64)
    return np.where(np.isnan(own), ew, own)


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
    """`segment_rooms`' rooms, from each result's segment (``starts``): a board's first table is the room
    the segment's boards naming both their rooms name first (the file's order; the open room where none
    does), none where some name the open room first and some the closed room."""
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
        first = firsts.get(start, {"open"})
        if len(played) == 2 and len(first) == 1 and not {rooms[i] for i in played} & {"open", "closed"}:
            told[played[0]], told[played[1]] = ("open", "closed") if "open" in first else ("closed", "open")
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
                boards: npt.NDArray[Any]) -> tuple[npt.NDArray[np.uint64], tuple[str, ...]]:
    """A number for each result's team match (`match_numbers`): the board's own result's, when that names
    its room or its teams (`names_teams`: a PBN match naming no rooms; a ScoreTable row carries its
    board's), 0 otherwise (results of no team match are one field whatever their event); and the matches
    the numbers stand for (``names[code - 1]``, in the order first met: `FieldInputs.joined` gives a match
    one number in every part of an export)."""
    codes = np.zeros(n, dtype=np.uint64)
    tags, events = columns.get("tags"), columns.get("event")
    named = _tags_named(tags, n, TEAM_TAGS)
    carried = np.where(named, np.arange(n), -1)
    if named.any():  # a segment's later results naming no match of their own are of it (`carried_matches`)
        file = columns.get("file")
        room_names = {OPEN: "open", CLOSED: "closed"}
        carried = np.array(carried_matches(
            [file] * n if file is None or isinstance(file, str) else _listed(file), _listed(events, n), tags,
            [room_names.get(room) for room in rooms.tolist()], np.asarray(boards).tolist(),
            _listed(columns.get("date"), n), _seats_named(columns, n)), dtype=np.intp)
    own = []
    for i in np.flatnonzero((rooms != 0) | (carried == np.arange(n))).tolist():
        row_tags = _py(tags[i]) if tags is not None else None
        if row_tags is not None:  # a ScoreTable row (no tags): its board's own result says the match
            own.append((i, dict(row_tags), _py(events[i]) if events is not None else None))
    if not own:
        return codes, ()
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
    return codes, tuple(names[number] for number in used)


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


def team_imps(groups: npt.NDArray[np.intp], member: npt.NDArray[np.bool_], rooms: npt.NDArray[np.int8],
              scores: npt.NDArray[np.int32]) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.bool_]]:
    """Each result's board in IMPs to the team North-South in the open room, and where that applies: a
    field of exactly one open-room and one closed-room result."""
    from bridgetools.scoring import imps_array

    n = len(groups)
    open_room, closed_room = member & (rooms == OPEN), member & (rooms == CLOSED)
    pairs = ((np.bincount(groups[member], minlength=n) == 2)
             & (np.bincount(groups[open_room], minlength=n) == 1)
             & (np.bincount(groups[closed_room], minlength=n) == 1))
    difference = np.zeros(n, dtype=np.int64)  # per group: + open room's score - closed room's
    np.add.at(difference, groups[open_room], scores[open_room].astype(np.int64))
    np.subtract.at(difference, groups[closed_room], scores[closed_room].astype(np.int64))
    applies = member & pairs[groups]
    return imps_array(difference)[groups], applies


def field_scores(arrays: BoardArrays) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_]]:
    """North-South's score of each result for its field, and which results have one (`ranked_scores` of
    the contract's scores, `BoardArrays.ns_scores`)."""
    ns, valid, _ = ranked_scores(*arrays.ns_scores(), arrays.columns.get)
    return ns, valid


def ranked_scores(contract: npt.NDArray[np.int32], contract_scored: npt.NDArray[np.bool_],
                  column: Callable[[str], Any]
                  ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
    """The scores each result is ranked by: North-South's, where they have one, and East-West's; the one
    rule export, analyze and the traveller share. A result is ranked on the score worked out from its
    contract (``contract`` where ``contract_scored``, Law 77: a ``Score_NS`` that disagrees is a slip),
    except that a director's assigned score (``score_assigned``: a ScoreTable ``^200``, Law 12C) is the
    ruling and ranks it as given whatever its contract; where no contract scores it, the file's score
    (``file_score_ns``: ``^-300`` with no contract, a Score tag beside no result) ranks it, rather than
    the field's matchpoints counted without it. East-West's is North-South's negated, except the file's
    own East-West score where it ranks the result and does not balance (``file_score_ew``: a director's
    assigned scores need not, Law 12C1)."""
    assigned = column("score_assigned")
    ruled = ~contract_scored | (np.zeros(len(contract), np.bool_) if assigned is None else _flags(assigned))
    given = column("file_score_ns")
    ns, valid = contract, contract_scored
    if given is not None:
        file_scores, known = whole_numbers(given)
        ns = np.where(known & ruled, file_scores, contract).astype(np.int32)
        valid = contract_scored | known
    negated = (-ns.astype(np.int64)).astype(np.int32)
    given_ew = column("file_score_ew")
    if given_ew is None:
        return ns, valid, negated
    own, known_ew = whole_numbers(given_ew, np.iinfo(np.int32).min, np.iinfo(np.int32).max)
    return ns, valid, np.where(known_ew & ruled, own, negated).astype(np.int32)


def _flags(values: Any) -> npt.NDArray[np.bool_]:
    """A column of booleans (a list with None, an Arrow array, a pandas Series) as a numpy array, null as
    False."""
    if isinstance(values, pa.Array | pa.ChunkedArray):
        return np.asarray(pc.fill_null(values, False).to_numpy(zero_copy_only=False), dtype=np.bool_)
    if hasattr(values, "fillna"):
        return np.asarray(values.astype(object).fillna(False).to_numpy(), dtype=np.bool_)
    return np.asarray([bool(value) for value in values], dtype=np.bool_)


def multiplicities(arrays: BoardArrays) -> npt.NDArray[np.int64]:
    """How many tables each result stands for: a ScoreTable row's ``Multiplicity`` (PBN 2.1 §5.9, at most
    `MOST_TABLES`), and the board's own result that row repeats; 1 for every other result."""
    given = arrays.columns.get("multiplicity")
    if given is None:
        return np.ones(len(arrays), dtype=np.int64)
    tables, known = whole_numbers(given, 0, MOST_TABLES)
    return np.where(known & (tables >= 1), tables, 1)


_INT64 = np.iinfo(np.int64)


def whole_numbers(values: Any, lowest: int = _INT64.min, highest: int = _INT64.max
                  ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """A column of whole numbers (a list with None for null, an Arrow or a numpy array) as int64, each
    kept between ``lowest`` and ``highest`` however large it is written, 0 where null; and where it is
    not null. Column at a time, not value by value in Python."""
    known = not_null(values)
    if isinstance(values, pa.Array | pa.ChunkedArray):
        filled = pc.fill_null(values.cast(pa.int64()), 0).to_numpy(zero_copy_only=False)
        return np.where(known, np.clip(filled, lowest, highest), 0).astype(np.int64), known
    column = np.asarray(values, dtype=object)  # Python ints of any size stay whole until clipped
    return np.clip(np.where(known, column, 0), lowest, highest).astype(np.int64), known


def not_null(values: Any) -> npt.NDArray[np.bool_]:
    """Where a column (a list with None for null, an Arrow or a numpy array, a pandas Series) is not
    null."""
    if isinstance(values, pa.Array | pa.ChunkedArray):
        return np.asarray(pc.is_valid(values).to_numpy(zero_copy_only=False), dtype=np.bool_)
    if hasattr(values, "notna"):  # a pandas Series, whose NaN and NA are null too
        return np.asarray(values.notna().to_numpy(dtype=np.bool_), dtype=np.bool_)
    column = np.asarray(values, dtype=object)
    return np.asarray(np.not_equal(column, np.array(None, dtype=object)), dtype=np.bool_)


ADJUSTED_BY = ("adjusted_pct_ns", "adjusted_pct_ew", "file_score_ns")
"""The columns that give a director's adjusted score: either side's artificial percentage (``^60%``, Law
12C2), or a score in points the file gives (``^-300``)."""


class Columns(Protocol):
    """Columns by name: a batch's (`BoardArrays.columns`) or a pandas DataFrame."""

    def __contains__(self, name: object, /) -> bool: ...

    def __getitem__(self, name: str, /) -> Any: ...


def adjusted_rows(no_contract: npt.NDArray[np.bool_], columns: Columns) -> npt.NDArray[np.bool_]:
    """Which rows are a director's adjusted score with no contract: the rule `analyze` counts them by,
    over a batch's arrays and a frame alike. ``no_contract``: the rows with no contract, or a contract
    with no declarer (a mistyped cell: `3NY`, `4S Q`), which a score given ranks as it ranks an adjusted
    one. ``columns``: the rows' columns, of which those of `ADJUSTED_BY` there are read (`not_null`)."""
    any_given = np.zeros(len(no_contract), dtype=np.bool_)
    for name in ADJUSTED_BY:
        if name in columns:
            any_given |= not_null(columns[name])
    return no_contract & any_given


def adjusted_scores(arrays: BoardArrays) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """North-South's artificial adjusted score of each result as a percentage (Law 12C2: the
    ``adjusted_pct_ns`` column), and which results have one (they have no score in points)."""
    given = arrays.columns.get("adjusted_pct_ns")
    if given is None:
        return np.zeros(len(arrays)), np.zeros(len(arrays), dtype=np.bool_)
    column = pa.array(given, pa.float64()) if not isinstance(given, pa.Array | pa.ChunkedArray) \
        else given.cast(pa.float64())
    known = not_null(column)
    values = np.asarray(pc.fill_null(column, 0.0).to_numpy(zero_copy_only=False), dtype=np.float64)
    return values, known


FIELD_RESULTS = ("field_size", "mp_ns", "pct_ns", "ximp_ns", "butler_ns", "mp_ew", "ximp_ew", "butler_ew",
                 "datum", "team_imps", "multiplicity", "replaced")
"""The columns `field_columns` gives (and, where a later file corrects a result, `CORRECTED`)."""


def field_columns(arrays: BoardArrays) -> dict[str, pa.Array]:
    """``field_size``, ``mp_ns``, ``pct_ns``, ``ximp_ns``, ``butler_ns``, ``datum`` and ``team_imps``
    for a session, the ``multiplicity`` each result was counted with, and whether a later file's result
    ``replaced`` it (`result_replacements`).

    Every field of the session is scored at once (`count_fields`, no loop over boards), with the same
    figures as `matchpoints`, `percentages`, `average_cross_imps` and `butler` give field by field.
    A table with an artificial adjusted score (Law 12C2, `adjusted_scores`) is in its field's size and
    top, and earns its percentage of that top; the results played are matchpointed among themselves and
    scaled to the whole field (`neuberg`), and compared among themselves alone for cross-IMPs and Butler.
    """
    return field_results(FieldInputs.of(arrays))


def field_results(inputs: FieldInputs) -> dict[str, pa.Array]:
    """`field_columns` of the results ``inputs`` holds, one session however many files' parts it joins."""
    n = len(inputs)
    board = field_key(inputs)
    replacements = result_replacements(inputs)  # a result a later file corrects: not in its field
    groups = field_keys(inputs, board, replacements)
    by = replacements[0]
    replaced = by >= 0
    scores, valid = inputs.scores, inputs.valid & ~replaced
    adjusted_pct, adjusted = inputs.adjusted_pct, inputs.adjusted & ~replaced
    index = np.flatnonzero(valid)  # every scored result is in its field
    each = inputs.tables
    weight = each[index]
    field, own = groups[index], scores[index].astype(np.int64)
    given = np.flatnonzero(adjusted)  # the tables given a percentage count in their field's size and top
    fields_in_play = (np.bincount(groups[index], weights=weight, minlength=n)
                      + np.bincount(groups[given], weights=each[given], minlength=n)).astype(np.int64)
    in_play = fields_in_play[field]
    size, mp, ximp, butler_imps, datum = _side_figures(own, field, weight, in_play)
    shared = size >= 2
    ranked = in_play >= 2
    top = 2.0 * np.maximum(in_play - 1, 1)
    pct = 100 * mp / top
    # East-West's own figures, in each field where a director's assigned scores do not balance (Law 12C1):
    # there each side's score is compared with the other tables' scores of the same direction.
    own_ew = inputs.ew_scores[index].astype(np.int64)
    apart = np.zeros(n, dtype=np.bool_)
    apart[field[own_ew != -own]] = True
    unbalanced = apart[field]
    ew = _side_figures(own_ew, field, weight, in_play)[1:4] if unbalanced.any() else (mp, ximp, butler_imps)
    match_imps, in_match = team_imps(groups, valid, inputs.rooms, scores)
    in_match &= inputs.imps  # a board-a-match wins the board (1, 1/2, 0): no IMPs

    given_in_play = fields_in_play[groups[given]]
    given_mp = adjusted_pct[given] / 100 * 2.0 * (given_in_play - 1)

    def column(values: npt.NDArray[Any], type_: pa.DataType, known: npt.NDArray[np.bool_],
               percentage: tuple[npt.NDArray[Any], npt.NDArray[np.bool_]] | None = None) -> pa.Array:
        full = np.zeros(n, dtype=values.dtype)
        full[index] = values
        mask = np.ones(n, dtype=np.bool_)
        mask[index] = ~known
        if percentage is not None:  # the figure of a table with an artificial adjusted score
            full[given] = percentage[0]
            mask[given] = ~percentage[1]
        return pa.array(full, type_, mask=mask)

    everyone = np.ones(len(index), dtype=np.bool_)
    return {
        "field_size": column(in_play.astype(np.int32), pa.int32(), everyone,
                             (given_in_play, np.ones(len(given), dtype=np.bool_))),
        "mp_ns": column(mp, pa.float64(), ranked, (given_mp, given_in_play >= 2)),
        "pct_ns": column(pct, pa.float64(), ranked, (adjusted_pct[given], np.ones(len(given), np.bool_))),
        "ximp_ns": column(ximp, pa.float64(), shared),
        "butler_ns": column(butler_imps.astype(np.int16), pa.int16(), shared),
        "mp_ew": column(ew[0], pa.float64(), ranked & unbalanced),
        "ximp_ew": column(ew[1], pa.float64(), shared & unbalanced),
        "butler_ew": column(ew[2].astype(np.int16), pa.int16(), shared & unbalanced),
        "datum": column(datum.astype(np.int32), pa.int32(), shared),
        "team_imps": pa.array(match_imps, pa.int8(), mask=~in_match),
        "multiplicity": pa.array(each.astype(np.int16), pa.int16()),  # as counted, a slip cut to MOST_TABLES
        "replaced": pa.array(replaced, pa.bool_()),
        **(corrected_tables(inputs, by) if replaced.any() else {}),
    }


def _side_figures(own: npt.NDArray[np.int64], field: npt.NDArray[np.int64], weight: npt.NDArray[np.int64],
                  in_play: npt.NDArray[np.int64]) -> tuple[npt.NDArray[Any], ...]:
    """One direction's figures of each scored result, its ``own`` score compared with those of its
    ``field`` (``weight`` tables each; ``in_play``: the tables of its field, with those given a
    percentage): the tables scored, matchpoints (Neuberg-scaled to ``in_play``), average cross-IMPs,
    Butler IMPs and the datum."""
    from bridgetools.scoring import imps_array
    from bridgetools.scoring.field import count_fields, nearest_ten, neuberg

    n = int(field.max(initial=-1)) + 1  # the fields, numbered from 0
    counts = count_fields(own, field, weights=weight)  # each result counted as many times as its tables
    if counts is None:  # cannot happen: duplicate scores are within 7,600 of 0 and fields number at most n
        raise BridgeError("field scores out of range")
    size = counts.size
    others = np.where(size >= 2, size - 1, 1)
    mp = 2.0 * counts.below + (counts.equal - 1)           # 2 per score beaten, 1 per tie
    # scaled to the tables in play (a field played in full keeps its own: Neuberg only scales up)
    mp = np.where(in_play > size, neuberg(mp, size, np.maximum(in_play, size)), mp)
    ximp = counts.cross_imps / others
    # Butler: the mean of the field without its highest and lowest score (with three or more), to 10.
    total = np.zeros(n, np.int64)
    lowest, highest = np.full(n, own.max(initial=0)), np.full(n, own.min(initial=0))
    np.add.at(total, field, own * weight)
    np.minimum.at(lowest, field, own)
    np.maximum.at(highest, field, own)
    drop = size >= 3
    kept = total[field] - np.where(drop, lowest[field] + highest[field], 0)
    datum = nearest_ten(kept, size - 2 * drop)
    return size, mp, ximp, imps_array(own - datum), datum


CORRECTED = ("section", "ns_pair", "ew_pair")
"""The columns a correction naming none takes from the result it replaces (`corrected_tables`)."""


def corrected_tables(inputs: FieldInputs, by: npt.NDArray[np.intp]) -> dict[str, pa.Array]:
    """Each result's `CORRECTED` columns, a correction's (a result that replaces another: ``by``,
    `result_replacements`) taken from the result it replaces where it names none (a LIN file names no
    section or pair): its four players say its table, so `export` writes, and `analyze` ranks, the
    correction in that table's section and pairs once the earlier row is left out."""
    earlier = np.flatnonzero(by >= 0)
    later = by[earlier]
    sections, pairs = inputs.sections.copy(), inputs.pairs.copy()
    unnamed = sections[later] == 0
    sections[later[unnamed]] = inputs.sections[earlier[unnamed]]
    for side in (0, 1):
        unnamed = pairs[later, side] == 0
        pairs[later[unnamed], side] = inputs.pairs[earlier[unnamed], side]

    def text(codes: npt.NDArray[np.uint64], names: tuple[str, ...]) -> pa.Array:
        return pa.array(np.array([None, *names], dtype=object)[codes.astype(np.intp)], pa.string())

    return {"section": text(sections, inputs.section_names), "ns_pair": text(pairs[:, 0], inputs.names),
            "ew_pair": text(pairs[:, 1], inputs.names)}
