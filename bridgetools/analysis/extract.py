"""From `Board`s to table rows: one `boards` row per result, and the long `calls` and `plays` tables.

Everything is read from the model: deal, contract, tricks, auction, play, players, double-dummy tricks
(`Board.dd_table`), par (`Board.par`) and the other results of the board (`Board.results`, one extra row
each); only the file's own score (the ``Score`` tag) is read from the tags.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import numpy as np
import pyarrow as pa

from bridgetools.analysis.columns import UNKNOWN, BoardArrays, coded
from bridgetools.analysis.schema import (
    CALL_COLUMNS,
    CALLS_SCHEMA,
    CATEGORIES,
    DD_COLUMNS,
    PLAYS_SCHEMA,
    SOURCES,
)
from bridgetools.board import Board, Table
from bridgetools.board.kept import side_score
from bridgetools.model import Annotation, Bid, Contract, Deal, Seat, Strain, Vul
from bridgetools.rules import Auction, Play

TABLE, SCORE_TABLE = range(len(SOURCES))

_DD_DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)
_DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)


def dd_tricks(board: Board) -> list[int | None]:
    """Double-dummy tricks in `DD_COLUMNS` order (declarers N, S, E, W; strains NT, S, H, D, C)."""
    table = board.dd_table
    if table is None:
        return [None] * len(DD_COLUMNS)
    return [table[seat, strain] for seat in _DD_DECLARERS for strain in _DD_STRAINS]


def _annotation(annotation: Annotation | None) -> dict[str, Any] | None:
    if not annotation:
        return None
    return {k: v for k, v in asdict(annotation).items() if v not in (None, False, ())}


def extra_json(board: Board) -> str | None:
    """What `read_parquet` needs beyond the columns: notes, commentary, tables and annotations."""
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
    return json.dumps(extra, ensure_ascii=False) if extra else None


def _code(value: int | None) -> int:
    return UNKNOWN if value is None else int(value)


class _Rows:
    """Columns under construction: small-int codes for the arrays, Python lists for the rest."""

    CODES = ("board", "dealer", "vulnerable", "level", "strain", "doubled", "declarer", "tricks")
    LISTS = ("board_id", "game", "source", "file", "event", "site", "date", "room", "scoring",
             "file_score_ns", "lead", "n_calls", "auction", "play", "claimed",
             "player_n", "player_e", "player_s", "player_w", *DD_COLUMNS,
             "par_ns", "par_contract", "tags", "extra")

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
        number = board.number if board.number is not None and 1 <= board.number <= 32767 else None
        codes = self.codes
        codes["board"].append(_code(number))
        codes["dealer"].append(_code(board.dealer))
        codes["vulnerable"].append(_code(board.vulnerability))
        codes["level"].append(UNKNOWN if contract is None else contract.level)
        strain = None if contract is None else contract.strain
        codes["strain"].append(_code(strain))
        codes["doubled"].append(UNKNOWN if contract is None else contract.doubled)
        codes["declarer"].append(_code(declarer))
        codes["tricks"].append(UNKNOWN if tricks is None or not 0 <= tricks <= 13 else tricks)
        for name in self.LISTS:
            self.lists[name].append(values.get(name))

    def arrays(self) -> BoardArrays:
        n = len(self.masks)
        return BoardArrays(
            masks=np.array(self.masks, dtype=np.uint64).reshape(n, 4),
            known=np.array(self.known, dtype=np.bool_).reshape(n, 4),
            **{name: np.array(values, dtype=np.int16 if name == "board" else np.int8)
               for name, values in self.codes.items()},
            columns={name: values for name, values in self.lists.items()},
        )


def _score_table_rows(board: Board) -> list[tuple[Contract | None, Seat | None, int | None, dict[str, Any]]]:
    """The other results of a board (`Board.results`): contract, declarer, tricks, and its own score."""
    rows = []
    for result in board.results or ():
        values: dict[str, Any] = {"file_score_ns": result.score_ns}
        for names, seats in ((result.ns_names, ("n", "s")), (result.ew_names, ("e", "w"))):
            for seat, name in zip(seats, names, strict=False):
                values[f"player_{seat}"] = name or None
        rows.append((result.contract, result.declarer, result.tricks, values))
    return rows


def add_board(rows: _Rows, board: Board, board_id: int, game: int, file: str | None) -> None:
    """The board's own row, then one row per other result in its ScoreTable.

    The board's own result is usually also a row of its ScoreTable: the first row with the same contract,
    declarer and tricks is that result again, so it is not written twice (its ``Score_NS`` stands in for a
    missing ``Score`` tag; its names do not, as `read_parquet` reads the players from the own row).
    """
    auction = board.auction
    play = board.play
    contract = board.contract
    par = board.par
    values: dict[str, Any] = {
        "board_id": board_id, "game": game, "source": TABLE, "file": file,
        "event": board.event, "site": board.site, "date": board.date, "room": board.room,
        "scoring": board.scoring,
        "file_score_ns": side_score(board.tags.get("Score"), board.declarer),
        "lead": str(play.cards[0]) if play is not None and play.cards else None,
        "n_calls": len(auction) if auction is not None else None,
        "auction": [str(c) for c in auction.calls] if auction is not None else None,
        "play": [str(c) for c in play.cards] if play is not None else None,
        "claimed": play.claimed if play is not None else None,
        "par_ns": None if par is None else par.score,
        "par_contract": None if par is None else "; ".join(str(c) for c in par.contracts) or None,
        "tags": list(board.tags.items()),
        "extra": extra_json(board),
    }
    for seat in Seat:
        values[f"player_{seat.name.lower()}"] = board.players.get(seat)
    values.update(zip(DD_COLUMNS, dd_tricks(board), strict=True))
    others = _score_table_rows(board)
    if contract is not None:
        played = (contract, board.declarer, board.tricks)
        same = next((i for i, (*result, _) in enumerate(others) if tuple(result) == played), None)
        if same is not None:
            repeated = others.pop(same)[3]
            if values["file_score_ns"] is None:
                values["file_score_ns"] = repeated["file_score_ns"]
    rows.add(board, contract, board.declarer, board.tricks, values)
    shared = {k: values[k] for k in ("board_id", "game", "file", "event", "site", "date", "room", "scoring",
                                     "par_ns", "par_contract", *DD_COLUMNS)}
    for other, declarer, tricks, own in others:
        rows.add(board, other, declarer, tricks, {**shared, "source": SCORE_TABLE, **own})


def board_arrays(boards: Sequence[Board], first_id: int = 0, file: str | None = None,
                 first_game: int = 0) -> BoardArrays:
    """The `boards` rows of ``boards`` (ids from ``first_id``) as arrays for `build_batch`."""
    rows = _Rows()
    for i, board in enumerate(boards):
        add_board(rows, board, first_id + i, first_game + i, file)
    return rows.arrays()


def _long_batch(cols: dict[str, list[Any]], schema: pa.Schema) -> pa.RecordBatch:
    """A record batch of ``schema`` from its columns as lists; code-set columns by their category names."""
    arrays = []
    for column in schema:
        values = cols[column.name]
        if column.name in CATEGORIES:
            index = {name: i for i, name in enumerate(CATEGORIES[column.name])}
            codes = np.array([UNKNOWN if v is None else index[v] for v in values], dtype=np.int8)
            arrays.append(coded(codes, CATEGORIES[column.name]))
        else:
            arrays.append(pa.array(values, column.type))
    return pa.RecordBatch.from_arrays(arrays, schema=schema)


def calls_batch(boards: Sequence[Board], first_id: int = 0) -> pa.RecordBatch:
    """The long `calls` table of ``boards``: one row per call."""
    cols: dict[str, list[Any]] = {c.name: [] for c in CALL_COLUMNS}
    for i, board in enumerate(boards):
        auction = board.auction
        if auction is None:
            continue
        for index, (call, note) in enumerate(zip(auction.calls, auction.annotations, strict=True)):
            bid = call if isinstance(call, Bid) else None
            cols["board_id"].append(first_id + i)
            cols["position"].append(index)
            cols["seat"].append(auction.seat_of(index).name)
            cols["call"].append(str(call))
            cols["level"].append(bid.level if bid else None)
            cols["strain"].append(bid.strain.name if bid else None)
            cols["alert"].append(bool(note and note.alert))
            cols["explanation"].append(note.explanation if note else None)
    return _long_batch(cols, CALLS_SCHEMA)


def plays_batch(boards: Sequence[Board], first_id: int = 0) -> pa.RecordBatch:
    """The long `plays` table of ``boards``: one row per card, with its trick and whether it won."""
    cols: dict[str, list[Any]] = {c.name: [] for c in PLAYS_SCHEMA}
    for i, board in enumerate(boards):
        if board.play is None:
            continue
        index = 0
        for number, trick in enumerate(board.play.trick_list, start=1):
            for position, card in enumerate(trick.cards):
                seat = trick.seat_of(position)
                cols["board_id"].append(first_id + i)
                cols["position"].append(index)
                cols["trick"].append(number)
                cols["seat"].append(seat.name)
                cols["card"].append(str(card))
                cols["suit"].append(card.suit.name)
                cols["rank"].append(int(card.rank))
                cols["won"].append(trick.winner == seat if trick.winner is not None else None)
                index += 1
    return _long_batch(cols, PLAYS_SCHEMA)


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
    players = {seat: row[f"player_{seat.name.lower()}"] for seat in Seat
               if row.get(f"player_{seat.name.lower()}") is not None}
    vulnerable = row.get("vulnerable")
    return Board(
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
    )


def _tupled(note: dict[str, Any]) -> dict[str, Any]:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in note.items()}
