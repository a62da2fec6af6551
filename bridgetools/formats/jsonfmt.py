"""JSON and JSON Lines: every field of a `Board` under a versioned schema, for scripts and other tools.

``json`` writes one document ``{"schema": "bridgetools.board/1", "boards": [...]}``; ``jsonl``
writes one board a line, each with its ``schema`` key, so a stream can be cut anywhere. Keys are
snake_case and stable; seats are ``N E S W``, vulnerability ``None NS EW All``, deals PBN deal
strings, calls and contracts as PBN writes them. Reading gives back boards equal to those written.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from bridgetools.board import Board, Table
from bridgetools.board.leftovers import FormatRecord, record_type
from bridgetools.errors import BridgeError, Issue
from bridgetools.formats._problems import report
from bridgetools.model import Annotation, Contract, Deal, Seat, Vul
from bridgetools.rules import Auction, Play

SCHEMA = "bridgetools.board/1"
EXTENSIONS = (".json", ".jsonl", ".ndjson")
LINE_EXTENSIONS = (".jsonl", ".ndjson")
"""Suffixes that mean one board a line (``jsonl``) rather than one document."""
EXTENSIONS_OF = {"json": (".json",), "jsonl": LINE_EXTENSIONS}
"""Which of `EXTENSIONS` names which of the two formats this module writes."""


def sniff(head: str) -> bool:
    """Whether text starting with ``head`` is bridgetools JSON (a document or JSON Lines)."""
    text = head.lstrip("\ufeff \t\r\n")
    return text[:1] in ("{", "[") and SCHEMA in head


# Board -> plain data ------------------------------------------------------------------------------


def _annotation(note: Annotation | None) -> dict[str, Any]:
    if note is None:
        return {}
    out: dict[str, Any] = {}
    if note.alert:
        out["alert"] = True
    if note.explanation is not None:
        out["explanation"] = note.explanation
    if note.note is not None:
        out["note"] = note.note
    if note.suffix:
        out["suffix"] = note.suffix
    if note.nags:
        out["nags"] = list(note.nags)
    return out


def board_to_dict(board: Board) -> dict[str, Any]:
    """A board as JSON-ready data (every field; None where the board says nothing)."""
    auction = None
    if board.auction is not None:
        auction = {
            "dealer": board.auction.dealer.name,
            "calls": [
                {"call": str(c), **_annotation(a)}
                for c, a in zip(board.auction.calls, board.auction.annotations, strict=True)
            ],
        }
    play: dict[str, Any] | None = None
    if board.play is not None:
        p = board.play
        play = {
            "contract": str(p.contract),
            "declarer": p.declarer.name,
            "cards": [str(c) for c in p.cards],
            "claim": p.claimed,
        }
        if p.annotations:
            play["card_annotations"] = {str(i): _annotation(a) for i, a in sorted(p.annotations.items())}
    return {
        "number": board.number,
        "dealer": None if board.dealer is None else board.dealer.name,
        "vulnerability": None if board.vulnerability is None else board.vulnerability.pbn,
        "deal": None if board.deal is None else board.deal.to_pbn(),
        "auction": auction,
        "play": play,
        "contract": None if board.contract is None else str(board.contract),
        "declarer": None if board.declarer is None else board.declarer.name,
        "tricks": board.tricks,
        "players": {seat.name: name for seat, name in board.players.items()},
        "event": board.event,
        "site": board.site,
        "date": board.date,
        "room": board.room,
        "scoring": board.scoring,
        "notes": {str(n): text for n, text in board.notes.items()},
        "commentary": list(board.commentary),
        "tables": {
            name: {"columns": list(t.columns), "rows": [list(r) for r in t.rows]}
            for name, t in board.tables.items()
        },
        "tags": dict(board.tags),
        "issues": [
            {"message": i.message, "line": i.line, "column": i.column, "source": i.source, "level": i.level}
            for i in board.issues
        ],
        "extra": encode_extra(board.extra),
    }


_ITEMS, _TUPLE, _RECORD = "__items__", "__tuple__", "__record__"


def encode_extra(value: Any) -> Any:
    """Format-specific data as JSON values that decode to equal Python values: a dict with keys
    that are not strings becomes ``{"__items__": [[key, value], ...]}``, a tuple ``{"__tuple__": [...]}``,
    a format's typed record ``{"__record__": [format, its JSON values]}``."""
    if isinstance(value, FormatRecord):
        return {_RECORD: [value.FORMAT, value.to_json()]}
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value) and not ({_ITEMS, _TUPLE, _RECORD} & set(value)):
            return {k: encode_extra(v) for k, v in value.items()}
        return {_ITEMS: [[encode_extra(k), encode_extra(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {_TUPLE: [encode_extra(v) for v in value]}
    if isinstance(value, list):
        return [encode_extra(v) for v in value]
    return value


def decode_extra(value: Any) -> Any:
    """The inverse of `encode_extra`."""
    if isinstance(value, dict):
        if len(value) == 1 and _ITEMS in value:
            return {_hashable(decode_extra(k)): decode_extra(v) for k, v in value[_ITEMS]}
        if len(value) == 1 and _TUPLE in value:
            return tuple(decode_extra(v) for v in value[_TUPLE])
        if len(value) == 1 and _RECORD in value:
            return _record(*value[_RECORD])
        return {k: decode_extra(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode_extra(v) for v in value]
    return value


def _record(format_name: str, data: dict[str, Any]) -> Any:
    """A format's typed record from its JSON values (the format's module registers the type)."""
    from bridgetools.formats import FORMATS, format_module

    if format_name in FORMATS:
        format_module(format_name)
    cls = record_type(format_name)
    return cls.from_json(data) if cls is not None else {_RECORD: [format_name, data]}


def _hashable(key: Any) -> Any:
    return tuple(key) if isinstance(key, list) else key


# Plain data -> Board ------------------------------------------------------------------------------


def _note(data: dict[str, Any]) -> Annotation | None:
    note = Annotation(
        alert=bool(data.get("alert", False)),
        explanation=data.get("explanation"),
        note=data.get("note"),
        suffix=data.get("suffix"),
        nags=tuple(data.get("nags", ())),
    )
    return note if note else None


def board_from_dict(data: dict[str, Any], problems: list[str] | None = None) -> Board:
    """A board from `board_to_dict` data; a field that cannot be read is left None and its
    problem appended to ``problems`` (or raised as `BridgeError` when ``problems`` is None)."""
    if not isinstance(data, dict):
        raise BridgeError(f"expected a board object, found {type(data).__name__}")
    board = Board()

    def field(name: str, convert: Any) -> None:
        value = data.get(name)
        if value is None:
            return
        try:
            setattr(board, name, convert(value))
        except (BridgeError, TypeError, ValueError, KeyError, AttributeError) as e:
            # A KeyError's text is only the key: say that it is missing.
            message = f"{name}: no {e.args[0]!r} given" if isinstance(e, KeyError) else f"{name}: {e}"
            if problems is None:
                raise BridgeError(message) from None
            problems.append(message)

    field("number", int)
    field("dealer", Seat.parse)
    field("vulnerability", Vul.parse)
    field("deal", Deal.from_pbn)
    field("contract", Contract.from_str)
    field("declarer", Seat.parse)
    field("tricks", int)
    field("players", lambda v: {Seat.parse(k): str(name) for k, name in v.items()})
    for name in ("event", "site", "date", "room", "scoring"):
        field(name, str)
    field("notes", lambda v: {int(k): str(text) for k, text in v.items()})
    field("commentary", lambda v: [str(t) for t in v])
    field(
        "tables",
        lambda v: {
            name: Table(list(t["columns"]), [list(r) for r in t.get("rows", [])]) for name, t in v.items()
        },
    )
    field("tags", lambda v: {str(k): str(t) for k, t in v.items()})
    field(
        "issues",
        lambda v: [
            Issue(i["message"], i.get("line"), i.get("column"), i.get("source"), i.get("level", "warning"))
            for i in v
        ],
    )
    field("extra", lambda v: dict(decode_extra(v)))
    field("auction", _auction)
    field("play", lambda v: _play(v, board.deal))
    return board


def _auction(data: dict[str, Any]) -> Auction:
    calls = data.get("calls", [])
    return Auction(data["dealer"], [c["call"] for c in calls], [_note(c) for c in calls])


def _play(data: dict[str, Any], deal: Deal | None) -> Play:
    play = Play(deal, data["contract"], data["declarer"])
    notes = {int(k): v for k, v in data.get("card_annotations", {}).items()}
    for i, card in enumerate(data.get("cards", [])):
        play.add(card, _note(notes.get(i, {})))
    if data.get("claim") is not None:
        play.claim(int(data["claim"]))
    return play


# Files ----------------------------------------------------------------------------------------------


def write_boards(
    boards: Iterable[Board], out: TextIO, *, format: str = "json", indent: int | None = None, **options: Any
) -> None:
    """Write boards as one JSON document (``format="json"``) or one board a line (``"jsonl"``)."""
    if format == "jsonl":
        for board in boards:
            record = {"schema": SCHEMA, **board_to_dict(board)}
            out.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
        return
    out.write('{"schema": ' + json.dumps(SCHEMA) + ', "boards": [')
    for i, board in enumerate(boards):
        out.write(
            ("," if i else "")
            + "\n"
            + json.dumps(board_to_dict(board), ensure_ascii=False, indent=indent, default=str)
        )
    out.write("\n]}\n")


def read_boards(
    stream: TextIO, source: str = "<string>", strict: bool = False, **options: Any
) -> Iterator[Board]:
    """Boards from a JSON document or JSON Lines, one at a time; a bad line or field is an `Issue`."""
    first = ""
    line_no = 0
    for raw in stream:
        line_no += 1
        if line_no == 1:  # the byte order mark of a text stream opened as plain UTF-8
            raw = raw.removeprefix("\ufeff")
        if raw.strip():
            first = raw
            break
    if not first:
        return
    try:
        record = json.loads(first)
        whole = not (isinstance(record, dict) and "boards" not in record)
    except json.JSONDecodeError:
        record, whole = None, True
    if whole:
        text = first + stream.read() if record is None else first
        yield from _document(text, source, strict, line_no - 1)
        return
    pending: list[Issue] = []
    yield from _line_board(record, source, strict, line_no, pending)
    for raw in stream:
        line_no += 1
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as e:
            message = f"bad JSON: {e.msg}"
            report(message, source, line_no, e.colno, strict=strict, issues=pending, context=raw[:40])
            continue
        yield from _line_board(record, source, strict, line_no, pending)
    if pending:
        board = Board()
        board.issues = pending
        yield board


def _line_board(record: Any, source: str, strict: bool, line: int, pending: list[Issue]) -> Iterator[Board]:
    problems: list[str] = []
    if not isinstance(record, dict):
        report(
            f"expected a board object, found {type(record).__name__}", source, line, 1,
            strict=strict, issues=pending,
        )  # fmt: skip
        return
    _check_schema(record, source, line, strict, pending)
    board = board_from_dict(record, problems)
    for message in problems:
        report(message, source, line, 1, strict=strict, issues=pending)
    board.issues = [*pending, *board.issues] if pending else board.issues
    pending.clear()
    yield board


def _check_schema(record: dict[str, Any], source: str, line: int, strict: bool, pending: list[Issue]) -> None:
    schema = record.get("schema")
    if schema is not None and schema != SCHEMA:
        report(
            f"unknown schema {schema!r} (expected {SCHEMA!r})", source, line, 1, strict=strict, issues=pending
        )


def _document(text: str, source: str, strict: bool, line_offset: int) -> Iterator[Board]:
    pending: list[Issue] = []
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        report(f"bad JSON: {e.msg}", source, e.lineno + line_offset, e.colno, strict=strict, issues=pending)
        board = Board()
        board.issues = pending
        yield board
        return
    if isinstance(data, dict) and "boards" in data:
        _check_schema(data, source, line_offset + 1, strict, pending)
        records = data["boards"]
    else:
        records = data if isinstance(data, list) else [data]
    if not isinstance(records, list):
        report("'boards' is not a list", source, line_offset + 1, 1, strict=strict, issues=pending)
        records = []
    for record in records:
        # One document: line numbers of single boards are not known; the document's first line is named.
        yield from _line_board(record, source, strict, line_offset + 1, pending)
    if pending:
        board = Board()
        board.issues = pending
        yield board


__all__ = ["EXTENSIONS", "SCHEMA", "board_from_dict", "board_to_dict", "read_boards", "sniff", "write_boards"]
