"""From `Board`s to table rows: one `boards` row per board and per other result of its ScoreTable, and
the long `calls` and `plays` tables.

Everything is read from the model: deal, contract, tricks, auction, play, players, double-dummy tricks
(`Board.dd_table`), par (`Board.par`) and the other results of the board (`Board.results`, one extra row
each); only the file's own score (the ``Score`` tag) is read from the tags.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from itertools import compress, repeat
from operator import contains, is_not
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from bridgetools.analysis.columns import DD_DECLARERS, DD_STRAINS, UNKNOWN, BoardArrays, coded
from bridgetools.analysis.field import PLAYER_COLUMNS, TEAM_TAGS, record_matches, room_players, seated_names
from bridgetools.analysis.moves import CODE_SETS, Moves, flags
from bridgetools.analysis.schema import (
    CALLS_SCHEMA,
    DD_COLUMNS,
    PLAYS_SCHEMA,
    SOURCES,
)
from bridgetools.board import Board, DerivedName, Table, field_columns
from bridgetools.board.leftovers import FormatRecord
from bridgetools.formats._law77 import law77_score
from bridgetools.formats._losses import Losses, stray_results
from bridgetools.formats._results_tables import SCORE_TABLE as SCORE_TABLE_TAG
from bridgetools.formats._results_tables import (
    board_section,
    contradicts,
    corresponding_rows,
    players_of,
    read_recorded,
    result_rooms,
    result_sections,
    seated_result,
    seated_rows,
    side_score,
    within_points,
)
from bridgetools.formats.jsonfmt import formats_from_json, formats_json
from bridgetools.model import Annotation, Contract, Deal, Seat, Vul
from bridgetools.model.results import DDTable, Par, TableResult
from bridgetools.rules import Auction, Play

TABLE, SCORE_TABLE = range(len(SOURCES))
SCORE_TABLE_NAME = SOURCES[SCORE_TABLE]

FILE_FIGURES = ("file_mp_ns", "file_mp_ew", "file_pct_ns", "file_pct_ew")
"""The columns of a ScoreTable row's own matchpoints and percentages (MP_NS, MP_EW, Percentage_NS,
Percentage_EW), beside those the field gives (``mp_ns``, ``pct_ns``)."""
_SWAPPED = (("ns_pair", "ew_pair"), ("file_mp_ns", "file_mp_ew"), ("file_pct_ns", "file_pct_ew"))
"""The columns of a ScoreTable row that name a side: swapped where the row names the board's pairs with
their sides swapped (`_split_score_table`)."""



def dd_tricks(board: Board) -> list[int | None]:
    """Double-dummy tricks in `DD_COLUMNS` order (declarers N, S, E, W; strains NT, S, H, D, C)."""
    return _dd_cells(board.dd_table)


def _dd_cells(table: DDTable | None) -> list[int | None]:
    if table is None:
        return [None] * len(DD_COLUMNS)
    return [table[seat, strain] for seat in DD_DECLARERS for strain in DD_STRAINS]


def _annotation(annotation: Annotation | None) -> dict[str, Any] | None:
    if not annotation:
        return None
    return {k: v for k, v in asdict(annotation).items() if v not in (None, False, ())}


def extra_json(board: Board) -> str | None:
    """What `read_parquet` needs beyond the columns: notes, commentary, tables, annotations, and each
    format's record (``formats``, as a JSON board's: where each comment stood, PBN's ``%`` lines...)."""
    extra: dict[str, Any] = {}
    if board.notes:
        extra["notes"] = {str(k): v for k, v in board.notes.items()}
    if board.commentary:
        extra["commentary"] = board.commentary
    if board.tables:
        extra["tables"] = {name: {"columns": t.columns, "rows": t.rows} for name, t in board.tables.items()}
    if board.auction is not None:
        calls = {str(i): a for i, note in enumerate(board.auction.annotations) if (a := _annotation(note))}
        if calls:
            extra["call_annotations"] = calls
    if board.play is not None:
        cards = {str(i): a for i, note in board.play.annotations.items() if (a := _annotation(note))}
        if cards:
            extra["card_annotations"] = cards
    records = formats_json(board, as_held=True) if board.extra else None
    if records:
        extra["formats"] = records
    return _EXTRA_TEXT.encode(extra) if extra else None


_EXTRA_TEXT = json.JSONEncoder(ensure_ascii=False)
"""How the ``extra`` column's JSON is written (UTF-8 text as it is), made once: ``json.dumps`` with an
option makes an encoder each call."""


EXPORT = "the analysis export"
"""How a loss warning names the Parquet and DataFrame export (`note_losses`)."""


def note_losses(boards: Iterable[Board], losses: Losses) -> None:
    """Count in ``losses`` what of ``boards`` the export has no column for (docs/analysis.md, "What the
    export leaves out"): the keys of boards read from JSON that the schema does not define, and a
    declarer or result no contract was played to (`stray_results`: a row's declarer and tricks are its
    contract's), and a board number the ``board`` column cannot hold. Named, never dropped without a
    word."""
    from bridgetools.formats.jsonfmt import json_only

    for board in boards:
        losses.add([*json_only(board), *stray_results(board), *_numbered_out_of_reach(board)])


MOST_BOARD = 2**31 - 1
"""The highest board number the ``board`` column (int32) holds; a number above it, or below 1, is null
there, and the export says so (`note_losses`)."""


def _numbered_out_of_reach(board: Board) -> list[str]:
    """``board number beyond 2,147,483,647`` (or below 1) for a board whose number the ``board`` column
    cannot hold: named, not made null without a word."""
    number = board.number
    if number is None or 1 <= number <= MOST_BOARD:
        return []
    return [f"board number {'below 1' if number < 1 else f'beyond {MOST_BOARD:,}'}"]


def _code(value: int | None) -> int:
    return UNKNOWN if value is None else int(value)


class _Rows:
    """Columns under construction: small-int codes for the arrays, Python lists for the rest."""

    CODES = ("board", "dealer", "vulnerable", "level", "strain", "doubled", "declarer", "tricks")
    LISTS = ("board_id", "game", "source", "file", "event", "site", "date", "room", "scoring",
             "file_score_ns", "file_score_ew", "lead", "n_calls", "auction", "play", "claimed",
             "player_n", "player_e", "player_s", "player_w", *DD_COLUMNS,
             "par_ns", "par_contract", "tags", "extra", "multiplicity", "adjusted_pct_ns", "adjusted_pct_ew",
             "section", "ns_pair", "ew_pair", *FILE_FIGURES, "score_assigned")

    def __init__(self) -> None:
        self.masks: list[list[int]] = []
        self.known: list[list[bool]] = []
        self.codes: dict[str, list[int]] = {name: [] for name in self.CODES}
        self.lists: dict[str, list[Any]] = {name: [] for name in self.LISTS}

    def add(self, board: Board, contract: Contract | None, declarer: Seat | None, tricks: int | None,
            values: dict[str, Any]) -> None:
        hands = list(board.deal) if board.deal is not None else [None] * 4
        self.masks.append([0 if h is None else h.mask for h in hands])
        self.known.append([h is not None for h in hands])
        number = board.number if board.number is not None and 1 <= board.number <= MOST_BOARD else None
        codes = self.codes
        codes["board"].append(_code(number))
        codes["dealer"].append(_code(board.dealer))
        codes["vulnerable"].append(_code(board.vulnerability))
        for name, code in zip(("level", "strain", "doubled"), _contract_parts(contract), strict=True):
            codes[name].append(code)
        codes["declarer"].append(_code(declarer))
        codes["tricks"].append(UNKNOWN if tricks is None or not 0 <= tricks <= 13 else tricks)
        for name in self.LISTS:
            self.lists[name].append(values.get(name))

    def arrays(self) -> BoardArrays:
        n = len(self.masks)
        codes = {name: np.array(values, dtype=np.int8) for name, values in self.codes.items()
                 if name != "board"}
        return BoardArrays(
            masks=np.array(self.masks, dtype=np.uint64).reshape(n, 4),
            known=np.array(self.known, dtype=np.bool_).reshape(n, 4),
            board=np.array(self.codes["board"], dtype=np.int32), dealer=codes["dealer"],
            vulnerable=codes["vulnerable"], level=codes["level"], strain=codes["strain"],
            doubled=codes["doubled"], declarer=codes["declarer"], tricks=codes["tricks"],
            columns=dict(self.lists),
        )


TEXT_TAGS = ("event", "site", "date", "room", "scoring")
"""The board's tags exported as text columns: null when the file leaves them empty."""


def known_text(value: str | None) -> str | None:
    """A tag's text, or None for an empty one: ``[Event ""]`` means unknown, as ``"?"`` does (PBN 2.1 §3.5),
    so the export's column is null, not ``''``."""
    return value if value is not None and value.strip() else None


_ResultRow = tuple[Contract | None, Seat | None, int | None, dict[str, Any]]
"""One result of a board's ScoreTable: contract, declarer, tricks, and the columns of its own."""


def _score_table_rows(board: Board) -> list[_ResultRow]:
    """The other results of a board (`Board.results`): contract, declarer, tricks, and its own score."""
    rows = []
    for result, section, room in zip(board.results or (), result_sections(board), result_rooms(board),
                                     strict=True):
        values: dict[str, Any] = {"file_score_ns": within_points(result.score_ns),
                                  "file_score_ew": within_points(result.score_ew), "section": section,
                                  "score_assigned": _assigned(result),
                                  "ns_pair": _pair(result.ns_pair), "ew_pair": _pair(result.ew_pair),
                                  "multiplicity": result.multiplicity,
                                  "lead": None if result.lead is None else str(result.lead),
                                  "adjusted_pct_ns": result.adjusted_pct_ns,
                                  "adjusted_pct_ew": result.adjusted_pct_ew,
                                  **dict(zip(FILE_FIGURES, (result.matchpoints_ns, result.matchpoints_ew,
                                                            result.percentage_ns, result.percentage_ew),
                                             strict=True)),
                                  _PLAYED: (result.contract, result.declarer, result.tricks)}
        if room is not None:  # the row's own Room cell, not the board's room
            values["room"] = room
        for names, seats in ((result.ns_names, ("n", "s")), (result.ew_names, ("e", "w"))):
            for seat, name in zip(seats, players_of(names), strict=False):
                values[f"player_{seat}"] = known_text(name)
        rows.append((result.contract, result.declarer, result.tricks, values))
    return rows


def _assigned(result: TableResult) -> bool | None:
    """The ``score_assigned`` column of a result: True where its score in points is a director's assigned
    (``^``) one, which ranks it as given (`TableResult.assigned_score`); null elsewhere."""
    return True if result.assigned_score else None


def _pair(number: str | None) -> str | None:
    """A pair number as the ``ns_pair`` / ``ew_pair`` columns hold it: stripped, null for none (``?``,
    ``-``, empty)."""
    text = (number or "").strip()
    return None if text in ("", "?", "-") else text


def _split_score_table(board: Board, records: Sequence[Board] = ()
                       ) -> tuple[list[_ResultRow], dict[str, Any] | None]:
    """The results of a board's ScoreTable other than its own and those of the other ``records`` of its
    board in the file (`repeated_results`), and the columns of the row that repeats its own result
    (`repeated_result`; None when no row does)."""
    rows = _score_table_rows(board)
    same = repeated_result(board)
    theirs = repeated_results(board, records)
    if theirs:
        kept = [i for i in range(len(rows)) if i not in theirs]
        rows = [rows[i] for i in kept]
        same = None if same is None else kept.index(same)
    if same is None:
        return rows, None
    own = rows.pop(same)[3]
    fits, swapped = seated_rows(board.players, board.results or ())
    if swapped and same in fits:  # the row names the board's pairs with the sides swapped
        own = _sides_exchanged(board, own)
    return rows, own


def _sides_exchanged(board: Board, own: dict[str, Any]) -> dict[str, Any]:
    """The columns of the board's own row whose names sit the other way round: its pair numbers change
    sides, and its MP and percentage cells too only where its score is the board's with the sides exchanged
    (the row's East-West score, Score_EW or Score_NS negated, the board's North-South score): a row written
    compass-wise, its score the board's own, gives North-South's figures as North-South's whatever names it
    shows. Where the row's two scores do not balance (``file_score_ew``), they change sides with the figures:
    each pair keeps its own assigned score."""
    score, given_ew, scored = own.get("file_score_ns"), own.get("file_score_ew"), _own_scored(board)
    theirs = None if score is None else -score if given_ew is None else given_ew  # the row's East-West's
    named = score is not None and score != theirs and theirs in scored and score not in scored
    columns = (*_SWAPPED, *((("file_score_ns", "file_score_ew"),) if given_ew is not None else ())) if named \
        else _SWAPPED[:1]
    return {**own, **{ns: own[ew] for ns, ew in columns}, **{ew: own[ns] for ns, ew in columns}}


def repeated_result(board: Board) -> int | None:
    """Which of the board's results (its ScoreTable's rows) is its own table, exported as that one row:
    the row naming the board's players (`seated_result`: a pair plays a board once, so it is theirs
    whatever its result, and one of two equal results is not another pair's); where no row names them
    (or several do, none with its result), the first with the same contract, declarer and tricks, else
    the first with the same contract and declarer whose tricks are missing (``?``, ``-``, empty) and whose
    score in points is the board's own (`own_score`, else the Law 77 score: a row with no score or an
    adjusted one is another table's), a row naming another pair than the board's never (`contradicts`);
    None when none does or it has none."""
    results = board.results or ()
    played = (board.contract, board.declarer, board.tricks)
    seated = seated_result(board.players, results, played)
    if seated is not None or board.contract is None:
        return seated
    open_rows = [i for i, result in enumerate(results) if not contradicts(board.players, result)]
    same = next((i for i in open_rows if _played(results[i]) == played), None)
    if same is not None or board.tricks is None:
        return same
    scores = _own_scored(board)
    return next((i for i in open_rows
                 if (results[i].contract, results[i].declarer) == played[:2] and results[i].tricks is None
                 and not results[i].adjusted and results[i].score_ns in scores), None)


def repeated_results(board: Board, records: Sequence[Board]) -> set[int]:
    """Which of the board's results (its ScoreTable's rows) are the own tables of the other ``records`` of
    the same board (its match's records: `same_match_records`; a team match's other room, each room's
    record listing both tables): the row naming a record's players (`seated_result`), else the first
    whose Room cell is the record's room (`result_rooms`; the only record of that room, and the row naming
    no other pair: `contradicts`), never the board's own (`repeated_result`). Each is that record's
    result, exported once as its row, not another table of this board's."""
    return {row for row, _ in _rows_of_other_records(board, records)}


def _rows_of_other_records(board: Board, records: Sequence[Board]) -> list[tuple[int, Board]]:
    """`repeated_results`' rows, each with the record whose own table it is."""
    others = [record for record in records if record is not board and record.number == board.number
              and _same_deal(record, board)]
    if not others:  # the usual board: the only record of its number
        return []
    results = board.results or ()
    own = repeated_result(board)
    rooms = result_rooms(board)
    theirs = []
    for record in others:
        seated = seated_result(record.players, results, (record.contract, record.declarer, record.tricks))
        alone = [other.room for other in others].count(record.room) == 1  # the only record of its room
        if seated is None and record.room is not None and alone:
            seated = next((i for i, room in enumerate(rooms)
                           if room == record.room and not contradicts(record.players, results[i])), None)
        if seated is not None and seated != own:
            theirs.append((seated, record))
    return theirs


def other_rooms_disagreements(boards: Sequence[Board], path: str, records: list[list[int]] | None = None
                              ) -> list[str]:
    """A warning for each row of a board's ScoreTable that is another record's own table (a team match's
    other room, `repeated_results`) and gives another contract, declarer or result than that record: the
    record's own result is exported (its auction and play are with it; the row is a copy), so said at the
    row's line, not passed over. ``records``: `same_match_records` of ``boards``, when the caller has it."""
    records = same_match_records(boards) if records is None else records
    found = []
    for i, board in enumerate(boards):
        if not board.results or len(records[i]) < 2:
            continue
        kept = board.tables.get(SCORE_TABLE_TAG)
        rows = corresponding_rows(board.results, kept) if kept is not None else {}
        for row, record in _rows_of_other_records(board, [boards[j] for j in records[i]]):
            given, own = _played(board.results[row]), (record.contract, record.declarer, record.tricks)
            differ = [name for name, theirs, its in zip(("contract", "declarer", "result"), given, own,
                                                        strict=True)
                      if theirs is not None and its is not None and theirs != its]
            if not differ:
                continue
            line = kept.lines[rows[row]] if kept is not None and rows.get(row, len(kept.lines)) < len(
                kept.lines) else None
            where = f"{path}:{line}" if line is not None else path
            room, other = _room_named(record), _room_named(board)
            found.append(f"warning: {where}: board {board.number}: the {room} row of the {other} record's "
                         f"ScoreTable gives {_said_played(given)} where the {room} record gives "
                         f"{_said_played(own)} ({', '.join(differ)} differ): the {room} record's own "
                         "result is used")
    return found


def _room_named(board: Board) -> str:
    """A record's room as a warning names it: ``Open``, ``Closed``, else ``other``."""
    return board.room.capitalize() if board.room else "other"


def _said_played(played: tuple[Contract | None, Seat | None, int | None]) -> str:
    """``3S N 8``: a contract, declarer and tricks as a ScoreTable row writes them (``?`` for unknown)."""
    contract, declarer, tricks = played
    return " ".join("?" if part is None else part.name if isinstance(part, Seat) else str(part)
                    for part in (contract, declarer, tricks))


def same_match_records(boards: Sequence[Board]) -> list[list[int]]:
    """The places of each board's records in ``boards``: those of its number and team match
    (`bridgetools.analysis.field.record_matches`, the match an export counts its field in), so that a
    Swiss file's other matches are not taken for this match's rooms (`repeated_results`)."""
    if len({board.number for board in boards}) == len(boards):  # each record the only one of its number
        return [[i] for i in range(len(boards))]
    records: dict[tuple[int | None, int], list[int]] = {}
    keys = [(board.number, match) for board, match in zip(boards, record_matches(boards), strict=True)]
    for i, key in enumerate(keys):
        records.setdefault(key, []).append(i)
    return [records[key] for key in keys]


def _same_deal(one: Board, other: Board) -> bool:
    """Whether two records may be of one board: the same deal, or one of them gives none."""
    return one.deal is None or other.deal is None or one.deal == other.deal


def _played(result: TableResult) -> tuple[Contract | None, Seat | None, int | None]:
    return result.contract, result.declarer, result.tricks


def _own_scored(board: Board) -> set[int]:
    """North-South's scores the board's own result may have: its Score tag, else what its contract,
    declarer, tricks and vulnerability score (Law 77), at either vulnerability when the board does not say
    its own; none when none can be worked out."""
    given = own_score(board, None)
    if given is not None:
        return {given}
    either = [None] if board.vulnerability is not None else _rows_vulnerability(board)
    scored = [law77_score(board, board.contract, board.declarer, board.tricks, vul) for vul in either]
    return {s[0] for s in scored if s is not None}


def _rows_vulnerability(board: Board) -> list[Vul]:
    """The vulnerabilities the declaring side of a board whose own is unknown may have had: not vulnerable
    and vulnerable (`Vul.NONE`, `Vul.BOTH`), or the one alone that the board's results of that side score
    at (Law 77: each played row whose score one vulnerability only gives), when they all agree: a row's
    score that the table's own rows say the side could not have is not the board's own result."""
    side = board.declarer.side if board.declarer is not None else None
    said: set[Vul] = set()
    for result in board.results or ():
        if (result.declarer is None or result.declarer.side != side or result.tricks is None
                or result.score_ns is None or result.adjusted):
            continue
        fits = {vul for vul in (Vul.NONE, Vul.BOTH)
                if (scored := law77_score(board, result.contract, result.declarer, result.tricks, vul))
                is not None and scored[0] == result.score_ns}
        said |= fits if len(fits) == 1 else set()
    return list(said) if len(said) == 1 else [Vul.NONE, Vul.BOTH]


def _score_table_row_arrays(boards: Sequence[Board], others: Sequence[list[_ResultRow]],
                            board_ids: Sequence[int], games: Sequence[int],
                            file: str | None) -> tuple[BoardArrays, list[int]] | None:
    """The other results that the boards' ScoreTables list (``others``, a list for each board, without the
    row that repeats the board's own result: `_split_score_table`), as rows of their own (a few boards
    have one), and the position of each one's board in ``boards``; None when there are none."""
    rows = _Rows()
    owners: list[int] = []
    for i, (board, results) in enumerate(zip(boards, others, strict=True)):
        if not results:
            continue
        shared = {"board_id": board_ids[i], "game": games[i], "file": file,
                  **{name: known_text(getattr(board, name)) for name in TEXT_TAGS},
                  **_par_values(board.par),
                  **dict(zip(DD_COLUMNS, dd_tricks(board), strict=True))}
        for other, declarer, tricks, own in results:
            rows.add(board, other, declarer, tricks, {**shared, "source": SCORE_TABLE, **own})
            owners.append(i)
    return (rows.arrays(), owners) if owners else None


def own_score(board: Board, repeated: dict[str, Any] | None) -> int | None:
    """North-South's score as the file gives it for the board's own result: its Score tag, or else that of
    ``repeated``, the ScoreTable row that repeats the result (`_split_score_table`); that row's when it is
    the board's own table with another result (`_as_scored`: its result, and so its score)."""
    if repeated is not None and _plays_otherwise(repeated, (board.contract, board.declarer, board.tricks)):
        return int(repeated["file_score_ns"]) if repeated["file_score_ns"] is not None else None
    score = side_score(board.tags.get("Score"), board.declarer)
    return repeated["file_score_ns"] if score is None and repeated is not None else score


def _par_values(par: Par | None) -> dict[str, Any]:
    """``par_ns`` and ``par_contract`` of one board (the contracts as ``NS 4S; ...``, ``Pass`` where par
    passes the deal out: a score of 0, which no contract scores; null where the contracts are unknown)."""
    if par is None:
        return {"par_ns": None, "par_contract": None}
    passed_out = str(Contract.PASSED_OUT) if par.score == 0 else None
    contracts = "; ".join(str(c) for c in par.contracts) or passed_out
    return {"par_ns": par.score, "par_contract": contracts}


def _par_columns(pars: Sequence[Par | None]) -> dict[str, list[Any]]:
    """``par_ns`` and ``par_contract`` of each board, worked out for the boards that have a par."""
    columns: dict[str, list[Any]] = {"par_ns": [None] * len(pars), "par_contract": [None] * len(pars)}
    for i in compress(range(len(pars)), map(is_not, pars, repeat(None))):
        for name, value in _par_values(pars[i]).items():
            columns[name][i] = value
    return columns


def _tags_column(all_tags: Sequence[dict[str, str]]) -> pa.Array:
    """The ``tags`` column: each board's tags as a map."""
    return pa.array(all_tags, _TAGS_TYPE)


def _dd_columns(tables: Sequence[DDTable | None]) -> dict[str, pa.Array]:
    """The 20 double-dummy columns, from the boards' double-dummy tables (none at all: null columns)."""
    given = [i for i, table in enumerate(tables) if table is not None]
    if not given:
        return {}  # null columns
    tricks = np.full((len(tables), len(DD_COLUMNS)), UNKNOWN, dtype=np.int8)
    for i in given:
        tricks[i] = [UNKNOWN if t is None else t for t in _dd_cells(tables[i])]
    return {name: pa.array(tricks[:, j], pa.int8(), mask=tricks[:, j] < 0)
            for j, name in enumerate(DD_COLUMNS)}


_TAGS_TYPE = pa.map_(pa.string(), pa.string())
_NO_HAND = 1 << 63
"""Stands for an unknown hand among the masks (no card has this bit)."""
_NO_DEAL = (None,) * 4
_FIELDS = ("number", "dealer", "vulnerability", "contract", "declarer", "tricks", "deal", "auction", "play",
           "players", "event", "site", "date", "room", "scoring", "tags", "tables", "notes", "commentary",
           "results", "dd_table", "par", "extra")
"""What the export reads of a board (`read_boards`)."""


def read_boards(boards: Sequence[Board]) -> dict[str, Sequence[Any]]:
    """Each field of `_FIELDS` for every board, a column per field, each board read once
    (`bridgetools.board.field_columns`)."""
    return field_columns(boards, _FIELDS)


def _hand_masks(deals: Sequence[Deal | None]) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.bool_],
                                                      tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]]:
    """Each board's four hand masks, which hands the board gives, and the boards that share a deal object
    (`BoardArrays.deals`): read once for each deal object (the rooms of a match share theirs)."""
    ids = np.fromiter(map(id, deals), dtype=np.uint64, count=len(deals))
    _, first, inverse = np.unique(ids, return_index=True, return_inverse=True)
    distinct = [deals[i] for i in first.tolist()]
    hands = itertools.chain.from_iterable([_NO_DEAL if deal is None else deal.hands for deal in distinct])
    masks = np.fromiter([_NO_HAND if h is None else h.mask for h in hands], dtype=np.uint64,
                        count=4 * len(distinct)).reshape(len(distinct), 4)[inverse.reshape(-1)]
    known = masks != np.uint64(_NO_HAND)
    masks[~known] = 0
    return masks, known, (first, inverse.reshape(-1))


def _contract_parts(contract: Contract | None) -> tuple[int, int, int]:
    """Level, strain and doubled codes of a contract, as `BoardArrays` holds them (`UNKNOWN` for each
    when there is none; a passed-out board's: level 0, strain `UNKNOWN`, doubled 0)."""
    if contract is None:
        return UNKNOWN, UNKNOWN, UNKNOWN
    return contract.level, _code(contract.strain), contract.doubled


def _contract_codes(contracts: Sequence[Contract | None]) -> tuple[npt.NDArray[np.int8], ...]:
    """Level, strain and doubled of each board's contract (`_contract_parts`), worked out once for each
    contract object (readers share one object per contract)."""
    ids = np.fromiter(map(id, contracts), dtype=np.uint64, count=len(contracts))
    _, first, inverse = np.unique(ids, return_index=True, return_inverse=True)
    parts = np.array([_contract_parts(contracts[i]) for i in first.tolist()], dtype=np.int8).reshape(-1, 3)
    level, strain, doubled = np.ascontiguousarray(parts[inverse.reshape(-1)].T)  # a row each, contiguous
    return level, strain, doubled


def _players(players: Sequence[dict[Seat, str]]) -> dict[str, list[str | None]]:
    """The ``player_n`` ... ``player_w`` columns, looked up only in the boards that name a player (most
    boards of a hand-record file name none: each board's names are read once, not once a seat)."""
    n = len(players)
    named = np.flatnonzero(flags(players)).tolist()
    some = [players[i] for i in named]
    columns: dict[str, list[str | None]] = {}
    for letter, seat in zip("nesw", Seat, strict=True):
        column: list[str | None] = [None] * n
        for i, name in zip(named, map(dict.get, some, repeat(seat)), strict=True):
            column[i] = known_text(name)
        columns[f"player_{letter}"] = column
    return columns


PLAYERS_FROM = "players_from"
"""The ``extra`` key saying where a board's own row's player names come from: ``score_table`` (a traveller
row's ``source``) where the board names no player and the traveller row repeating its result does (read
back, no player tags)."""


def _give_travellers_names(boards: Sequence[Board], columns: dict[str, Any],
                           repeated: dict[int, dict[str, Any] | None]) -> None:
    """The names of the ScoreTable row repeating a board's result in the board's own row (``player_n``
    ...), where the board names no player, marked in ``extra`` (`PLAYERS_FROM`) so that `read_parquet`
    gives back a board without player tags."""
    for i, row in repeated.items():
        names = {} if row is None or boards[i].players else \
            {column: row.get(column) for column in PLAYER_COLUMNS if row.get(column) is not None}
        if not names:
            continue
        for column, name in names.items():
            columns[column][i] = name
        extra = json.loads(columns["extra"][i]) if columns["extra"][i] else {}
        columns["extra"][i] = json.dumps({**extra, PLAYERS_FROM: SCORE_TABLE_NAME}, ensure_ascii=False)


SEGMENT_ROOM = "segment_room"
"""`PLAYERS_FROM`'s value for a team match's result whose players are its room's, named on an earlier
board of its segment (`_give_rooms_names`)."""


def _give_rooms_names(fields: dict[str, Sequence[Any]], columns: dict[str, Any]) -> None:
    """The players of a team match's result naming none, where its segment named those of its room on an
    earlier board (`bridgetools.analysis.field.room_players`: rpbridge.net's vugraph PBN names them on a
    segment's first board alone), in its row (``player_n`` ...), marked in ``extra`` (`PLAYERS_FROM`) so
    that `read_parquet` gives back a board without player tags."""
    tags = fields["tags"]
    if not any(tag is not None and any(tag.get(name) for name in TEAM_TAGS) for tag in tags):
        return
    seated = [seated_names(columns[column][i] for column in PLAYER_COLUMNS) for i in range(len(tags))]
    _, sat = room_players([None] * len(tags), fields["event"], tags, fields["room"], fields["number"], seated,
                          fields["date"])
    for i, at in enumerate(sat):
        if at < 0:
            continue
        for column in PLAYER_COLUMNS:
            columns[column][i] = columns[column][at]
        extra = json.loads(columns["extra"][i]) if columns["extra"][i] else {}
        columns["extra"][i] = json.dumps({**extra, PLAYERS_FROM: SEGMENT_ROOM}, ensure_ascii=False)


def _extra_column(boards: Sequence[Board], fields: dict[str, Sequence[Any]], moves: Moves
                  ) -> list[str | None]:
    """The ``extra`` column, worked out only for the boards that have something to put in it."""
    n = len(boards)
    wanted = moves.card_notes.copy()
    for name in ("notes", "commentary", "tables"):
        wanted |= flags(fields[name])
    if moves.notes:
        ends = np.cumsum(moves.call_counts)
        wanted[np.searchsorted(ends, np.fromiter(moves.notes, np.int64), "right")] = True
    extra: list[str | None] = [None] * n
    for i in np.flatnonzero(wanted).tolist():
        extra[i] = extra_json(boards[i])
    for i in np.flatnonzero(flags(fields["extra"]) & ~wanted).tolist():  # records alone: most boards read
        extra[i] = _records_json(boards[i])
    return extra


def _records_json(board: Board) -> str | None:
    """The ``extra`` of a board that keeps nothing for it but its formats' records (`extra_json`): one
    text for all the boards whose one record keeps nothing, as most boards read from a file."""
    kept = board.extra
    if len(kept) == 1:
        ((name, record),) = kept.items()
        if isinstance(record, FormatRecord) and record.keeps_nothing:
            key = (name, type(record))
            if key not in _NOTHING_KEPT:
                _NOTHING_KEPT[key] = _formats_text(board)
            return _NOTHING_KEPT[key]
    return _formats_text(board)


def _formats_text(board: Board) -> str | None:
    records = formats_json(board, as_held=True)
    return _EXTRA_TEXT.encode({"formats": records}) if records else None


_NOTHING_KEPT: dict[tuple[str, type], str | None] = {}
"""The ``extra`` of a board whose one record keeps nothing (`_records_json`), by its name and class."""


def _file_scores(boards: Sequence[Board], fields: dict[str, Sequence[Any]],
                 repeated: dict[int, dict[str, Any] | None]) -> list[int | None]:
    """The ``file_score_ns`` column: `own_score` of the boards with a Score tag or tables (``repeated``:
    the ScoreTable row that repeats a board's own result, by the board's position)."""
    n = len(boards)
    scored = (np.fromiter(map(contains, fields["tags"], repeat("Score")), dtype=np.bool_, count=n)
              | flags(fields["tables"]))
    scored[[i for i, row in repeated.items() if row is not None]] = True  # results given with no table
    scores: list[int | None] = [None] * n
    for i in np.flatnonzero(scored).tolist():
        scores[i] = own_score(boards[i], repeated.get(i))
    return scores


def _file_scores_ew(file_scores: list[int | None], repeated: dict[int, dict[str, Any] | None]
                    ) -> list[int | None]:
    """The ``file_score_ew`` column of the boards' own rows: East-West's score of the ScoreTable row that
    repeats a board's result where it does not balance North-South's (``^-420`` with ``^100``) and the row
    gives the board's score; null elsewhere (East-West's is North-South's negated)."""
    scores: list[int | None] = [None] * len(file_scores)
    for i, row in repeated.items():
        if row is not None and row["file_score_ew"] is not None and row["file_score_ns"] == file_scores[i]:
            scores[i] = row["file_score_ew"]
    return scores


def _leads(played: pa.Array, repeated: dict[int, dict[str, Any] | None]) -> pa.Array:
    """The ``lead`` column of the boards' own rows: the play's first card, else the lead of the ScoreTable
    row that repeats the board's result (``repeated``, by position: a traveller's Lead column)."""
    given = {i: row["lead"] for i, row in repeated.items() if row is not None and row["lead"] is not None}
    if not given:
        return played
    leads = played.to_pylist()
    for i, lead in given.items():
        leads[i] = lead if leads[i] is None else leads[i]
    return pa.array(leads, played.type)


def _sections(boards: Sequence[Board], tags: Sequence[dict[str, str]]) -> list[str | None]:
    """The ``section`` of each board's own row: its Section tag (`board_section`), looked up only in the
    boards that have one."""
    sections: list[str | None] = [None] * len(boards)
    for i in compress(range(len(boards)), map(contains, tags, repeat("Section"))):
        sections[i] = board_section(boards[i])
    return sections


def _small_ints(values: Sequence[int | None]) -> npt.NDArray[np.int64]:
    """Integers (seats, numbers...), `UNKNOWN` for None (read in one C loop when none is None)."""
    try:
        return np.fromiter(values, dtype=np.int64, count=len(values))
    except TypeError:  # a None among them
        return np.fromiter([UNKNOWN if v is None else v for v in values], dtype=np.int64, count=len(values))


def _own_rows(boards: Sequence[Board], fields: dict[str, Sequence[Any]], moves: Moves, first_id: int,
              file: str | None, games: npt.NDArray[np.int32],
              repeated: dict[int, dict[str, Any] | None]) -> BoardArrays:
    """One row per board, a column at a time, from the fields read of the boards (`read_boards`) and the
    ScoreTable rows that repeat their own results (``repeated``, by position: `_split_score_table`)."""
    n = len(boards)
    masks, known, (first, inverse) = _hand_masks(fields["deal"])
    level, strain, doubled = _contract_codes(fields["contract"])
    tricks = _small_ints(fields["tricks"])
    numbers = _small_ints(fields["number"])
    columns: dict[str, Any] = {
        "board_id": np.arange(first_id, first_id + n, dtype=np.int64),
        "game": games,
        "source": np.full(n, TABLE, dtype=np.int8),
        "file": file,
        **{name: list(map(known_text, fields[name])) for name in TEXT_TAGS},
        "file_score_ns": (file_scores := _file_scores(boards, fields, repeated)),
        "file_score_ew": _file_scores_ew(file_scores, repeated),
        "lead": _leads(moves.lead_column(), repeated),
        "n_calls": pa.array(moves.call_counts.astype(np.int16), pa.int16(), mask=~moves.has_auction),
        "auction": moves.auction_column(),
        "play": moves.play_column(),
        "claimed": moves.claimed,
        **_players(fields["players"]),
        **_dd_columns(fields["dd_table"]),
        **_par_columns(fields["par"]),
        "tags": _tags_column(fields["tags"]),
        "extra": _extra_column(boards, fields, moves),
        "section": _sections(boards, fields["tags"]),
    }
    _give_travellers_names(boards, columns, repeated)
    _give_rooms_names(fields, columns)
    return BoardArrays(
        masks=masks, known=known,
        board=np.where((numbers >= 1) & (numbers <= MOST_BOARD), numbers, UNKNOWN).astype(np.int32),
        dealer=_small_ints(fields["dealer"]).astype(np.int8),
        vulnerable=_small_ints(fields["vulnerability"]).astype(np.int8),
        level=level, strain=strain, doubled=doubled,
        declarer=_small_ints(fields["declarer"]).astype(np.int8),
        tricks=np.where((tricks >= 0) & (tricks <= 13), tricks, UNKNOWN).astype(np.int8),
        columns=columns, deals=(first, inverse),
    )


def _as_scored(boards: Sequence[Board], fields: dict[str, Sequence[Any]],
               repeated: dict[int, dict[str, Any] | None]) -> dict[str, Sequence[Any]]:
    """``fields`` with the contract, declarer and tricks of each board whose own table (the ScoreTable row
    ``repeated``, `repeated_result`) gives another result (a Result tag left behind when the table's was
    corrected; the reader says so): the table's, which the scorer scored and which is the one table."""
    changed = {i: row for i, row in repeated.items() if row is not None and _plays_otherwise(
        row, (fields["contract"][i], fields["declarer"][i], fields["tricks"][i]))}
    if not changed:
        return fields
    fields = dict(fields)
    for k, name in enumerate(("contract", "declarer", "tricks")):
        column = list(fields[name])
        for i, row in changed.items():
            column[i] = column[i] if row[_PLAYED][k] is None else row[_PLAYED][k]
        fields[name] = column
    return fields


def _plays_otherwise(row: dict[str, Any], played: tuple[Contract | None, Seat | None, int | None]) -> bool:
    """Whether a ScoreTable ``row`` gives another contract, declarer or tricks than ``played`` (one it
    leaves unsaid, a ``?`` Result, is no other: the board's own then stands)."""
    return any(held is not None and held != own for held, own in zip(row[_PLAYED], played, strict=True))


_PLAYED = "played"
"""The key of a ScoreTable row's columns holding its contract, declarer and tricks (`_score_table_rows`)."""


def board_arrays(boards: Sequence[Board], first_id: int = 0, file: str | None = None,
                 first_game: int | Sequence[int] = 0, moves: Moves | None = None,
                 fields: dict[str, Sequence[Any]] | None = None,
                 records: list[list[int]] | None = None) -> BoardArrays:
    """The `boards` rows of ``boards`` (ids from ``first_id``) as arrays for `build_batch`: each board's
    own row, then one row per other result in its ScoreTable. ``first_game`` is the first board's position
    in its file, or each board's (where text that was no board was left out between them). ``fields``,
    ``moves`` and ``records``, when given, are what `read_boards`, `Moves.of_moves` and
    `same_match_records` give of these boards."""
    games = (np.arange(first_game, first_game + len(boards), dtype=np.int32) if isinstance(first_game, int)
             else np.asarray(first_game, dtype=np.int32))
    fields = read_boards(boards) if fields is None else fields
    moves = Moves.of_moves(fields["auction"], fields["play"]) if moves is None else moves
    with_results = [i for i, results in enumerate(fields["results"]) if results]
    # each board's records of its match: a team match's rooms may list each other's results
    records = (same_match_records(boards) if records is None else records) if with_results else []
    split = [_split_score_table(boards[i], [boards[j] for j in records[i]]) for i in with_results]
    repeated = {i: row for i, (_, row) in zip(with_results, split, strict=True)}
    own = _own_rows(boards, _as_scored(boards, fields, repeated), moves, first_id, file, games, repeated)
    if not with_results:
        return own
    # the tables the board's own result stands for: the Multiplicity of the row repeating it (PBN 2.1 §5.9)
    own.columns["multiplicity"] = [1 if row is None else int(row["multiplicity"])
                                   for row in map(repeated.get, range(len(boards)))]
    for name in ("adjusted_pct_ns", "adjusted_pct_ew", "ns_pair", "ew_pair", *FILE_FIGURES):  # own table's
        own.columns[name] = [None if row is None else row[name]
                             for row in map(repeated.get, range(len(boards)))]
    scores = own.columns["file_score_ns"]  # assigned where the board's score is the repeating row's
    own.columns["score_assigned"] = [None if row is None or row["file_score_ns"] != scores[i]
                                     else row["score_assigned"] for i, row in
                                     enumerate(map(repeated.get, range(len(boards))))]
    sections = own.columns["section"] = list(own.columns["section"])  # the own table's section
    for i, row in repeated.items():
        if row is not None and row["section"] is not None:
            sections[i] = row["section"]
        elif row is None and sections[i] is None:  # not in the table: in its one section, if it names one
            named = set(filter(None, result_sections(boards[i])))
            sections[i] = named.pop() if len(named) == 1 else None
    others = _score_table_row_arrays([boards[i] for i in with_results], [rows for rows, _ in split],
                                     [first_id + i for i in with_results],
                                     [int(games[i]) for i in with_results], file)
    if others is None:
        return own
    extra, owners = others
    owners = [with_results[i] for i in owners]
    order = np.argsort(np.concatenate([np.arange(len(boards)), np.array(owners)]), kind="stable")
    return own.concat(extra).take(order)


def long_batch(columns: dict[str, Any], schema: pa.Schema) -> pa.RecordBatch:
    """A record batch of ``schema``; code-set columns are given as codes of their category lists."""
    arrays = []
    for column in schema:
        values = columns[column.name]
        if column.name in CODE_SETS:
            arrays.append(coded(np.asarray(values), CODE_SETS[column.name]))
        elif isinstance(values, pa.Array):
            arrays.append(values if values.type == column.type else values.cast(column.type))
        else:
            arrays.append(pa.array(values, column.type))
    return pa.RecordBatch.from_arrays(arrays, schema=schema)


def calls_batch(boards: Sequence[Board], first_id: int = 0, moves: Moves | None = None) -> pa.RecordBatch:
    """The long `calls` table of ``boards``: one row per call."""
    moves = Moves.of(boards) if moves is None else moves
    return long_batch(moves.calls_columns(first_id), CALLS_SCHEMA)


def plays_batch(boards: Sequence[Board], first_id: int = 0, moves: Moves | None = None) -> pa.RecordBatch:
    """The long `plays` table of ``boards``: one row per card, with its trick and whether it won."""
    moves = Moves.of(boards) if moves is None else moves
    return long_batch(moves.plays_columns(first_id), PLAYS_SCHEMA)


def _unknown_of(number: int | None, dealer: Seat | None, vulnerable: str | None) -> frozenset[DerivedName]:
    """A row's null dealer and vulnerability: unknown where the row has a board number (the export writes
    the values the number gives otherwise); with no number, null is only "not given"."""
    unknown: list[DerivedName] = []
    if number is None:
        return frozenset()
    if dealer is None:
        unknown.append("dealer")
    if vulnerable is None:
        unknown.append("vulnerability")
    return frozenset(unknown)


def board_from_row(row: dict[str, Any]) -> Board:
    """A `Board` back from a `boards` row of source ``table`` (see `read_parquet`)."""
    extra = json.loads(row["extra"]) if row.get("extra") else {}
    dealer = Seat.parse(row["dealer"]) if row.get("dealer") else None
    deal = Deal.from_pbn(row["deal"]) if row.get("deal") else None
    contract = Contract.from_str(row["contract"]) if row.get("contract") else None
    declarer = Seat.parse(row["declarer"]) if row.get("declarer") else None
    auction = None
    if row.get("auction") is not None and dealer is not None:
        notes = extra.get("call_annotations", {})
        auction = Auction(dealer, row["auction"],
                          [Annotation(**_tupled(notes[str(i)])) if str(i) in notes else None
                           for i in range(len(row["auction"]))])
    play = None
    if row.get("play") is not None and contract is not None and declarer is not None:
        play = Play(deal, contract, declarer)
        notes = extra.get("card_annotations", {})
        for i, card in enumerate(row["play"]):
            play.add(card, Annotation(**_tupled(notes[str(i)])) if str(i) in notes else None)
        if row.get("claimed") is not None:
            play.claim(row["claimed"])
    players = {} if extra.get(PLAYERS_FROM) in (SCORE_TABLE_NAME, SEGMENT_ROOM) else {
        seat: row[f"player_{seat.name.lower()}"] for seat in Seat
        if row.get(f"player_{seat.name.lower()}") is not None}
    vulnerable = row.get("vulnerable")
    board = Board(
        number=row.get("board"),
        dealer=dealer,
        vulnerability=None if vulnerable is None else Vul.parse(vulnerable),
        deal=deal,
        auction=auction,
        play=play,
        contract=contract,
        declarer=declarer,
        tricks=row.get("tricks"),
        players=players,
        event=row.get("event"),
        site=row.get("site"),
        date=row.get("date"),
        room=row.get("room"),
        scoring=row.get("scoring"),
        notes={int(k): v for k, v in extra.get("notes", {}).items()},
        commentary=list(extra.get("commentary", [])),
        tables={name: Table(list(t["columns"]), [list(r) for r in t["rows"]])
                for name, t in extra.get("tables", {}).items()},
        tags=dict(row.get("tags") or []),
        extra=formats_from_json(extra.get("formats", {})),
        unknown=_unknown_of(row.get("board"), dealer, vulnerable),
    )
    read_recorded(board)  # the tags and tables are a PBN file's: its format reads their values
    return board


def _tupled(note: dict[str, Any]) -> dict[str, Any]:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in note.items()}
