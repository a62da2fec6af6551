"""JSON and JSON Lines: every field of a `Board` under a versioned schema, for scripts and other tools.

``json`` writes one document ``{"schema": "bridgetools.board/3", "boards": [...]}``; ``jsonl``
writes one board a line, each with its ``schema`` key, so a stream can be cut anywhere. Keys are
snake_case and stable; seats are ``N E S W``, vulnerability ``None NS EW All``, deals PBN deal
strings, calls and contracts as PBN writes them. What a file format kept that the model does not hold
goes under ``formats``, each format's typed record (`FormatRecord`) as its own JSON values. Reading
gives back boards equal to those written; schema 1 (with ``extra``) still reads. docs/json.md
documents the schema field by field.
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, partial
from typing import TYPE_CHECKING, Any, TextIO, TypeVar, cast

from bridgetools._words import listed
from bridgetools.board import Board, DerivedName, Table
from bridgetools.board.leftovers import FormatRecord, record_type, register, well_formed
from bridgetools.errors import BridgeError, Issue, ParseError, PartlyRead
from bridgetools.formats import SUFFIXES
from bridgetools.formats._deal_checks import (
    BOARD_AGAIN,
    BoardsSeen,
    board_named,
    covered,
    deal_read_at,
    disagreement_kind,
    disagreements,
    malformed,
)
from bridgetools.formats._io import codec_name
from bridgetools.formats._json_places import LineStarts, board_offsets, path_offset, whole_boards
from bridgetools.formats._law77 import result_disagrees
from bridgetools.formats._losses import Losses
from bridgetools.formats._problems import (
    LAW_2_FIELDS,
    Reporter,
    lines_as_context,
    read_as_unknown,
    report,
    tricks_read_as_unknown,
    unknown_tricks_unless_given,
    unknown_unless_given,
)
from bridgetools.formats._results_tables import (
    BEYOND_POINTS,
    own_table_disagreement,
    read_kept_results,
    within_points,
)
from bridgetools.formats._score_table import score_table_issues_again
from bridgetools.model import Annotation, Card, Contract, Deal, Seat, Strain, Vul
from bridgetools.model.results import (
    MOST_TABLES,
    TABLE_SEATS,
    TABLE_STRAINS,
    TOO_MANY_TABLES,
    DDTable,
    Par,
    ParContract,
    TableResult,
)
from bridgetools.rules import Auction, Play

if TYPE_CHECKING:
    from bridgetools.formats._io import Reading

_T = TypeVar("_T")
_K = TypeVar("_K")
_C = TypeVar("_C")
Path = tuple[str | int, ...]
"""Where a value is in a board object: keys and list indexes (``("auction", "calls", 2, "call")``)."""
_Problem = tuple[str, Path, bool]
"""A problem of a board object's field: its message, where, and whether the value is no such thing at all
(`Issue.syntax`), not a call or card the rules refuse."""
Place = Callable[[Path | str | None], tuple[int, int]]
"""Where a record's problems are reported (line, column): its field's value, given the field's key, else
the record's start; asked only when there is a problem."""
SCHEMA = "bridgetools.board/3"
OLD_SCHEMAS = ("bridgetools.board/1", "bridgetools.board/2")
"""Earlier versions this module still reads: version 1 kept the readers' leftovers as ``extra``;
version 2 held the results an older reader found in a kept ScoreTable (read from the table again)."""
_SCHEMA_NAME = "bridgetools.board/"
EXTENSIONS = SUFFIXES["json"] + SUFFIXES["jsonl"]
LINE_EXTENSIONS = SUFFIXES["jsonl"]
"""Suffixes that mean one board a line (``jsonl``) rather than one document."""


_FIRST_KEY = re.compile(r'\[?\s*\{\s*"([a-z_]+)"\s*:')
"""The start of a top-level object, or of an array of objects, and the first object's first key."""


def sniff(head: str) -> bool:
    """Whether text starting with ``head`` is bridgetools JSON: a document or JSON Lines naming our schema,
    or a board object or a top-level array of them without one (``jq .boards f.json``, ``jq
    '.boards[0]'``), known by the first object's first key."""
    text = head.lstrip("\ufeff \t\r\n")
    if text[:1] in ("{", "[") and _SCHEMA_NAME in head:
        return True
    first = _FIRST_KEY.match(text)
    return first is not None and first.group(1) in _board_fields()


@cache
def _board_fields() -> frozenset[str]:
    """The keys a board object has (`board_to_dict`), the schema's too."""
    return frozenset(board_to_dict(Board())) | {"schema", *LAW_2_FIELDS}


_GIVEN_FIELDS = frozenset({"results", "dd_table", "par"})
"""The board's keys written only where the board was given them (`_recorded`)."""
_OLD_FIELDS = frozenset({"extra"})
"""The board's keys of an earlier schema that still read (version 1's ``extra``)."""


@register
@dataclass(frozen=True)
class JsonRecord(FormatRecord):
    """A JSON board's keys that the schema does not define (another tool's ``"scorer": "Ann"``), with
    their values as read, and those of the document it came in (``"event_notes"`` beside ``boards``):
    written back as they were by the JSON writer, and named as left out by the others (`json_only`),
    so a key is never dropped without a word. Each value is held as its JSON text, so the record is a
    value like every other (nothing in it can be changed in place); `key_values` and `document_values`
    give them back as JSON values. Make one with `of`."""

    FORMAT = "json"

    keys: tuple[tuple[str, str], ...] = ()
    """Each unknown key with its value's JSON text, in the order read."""
    document: tuple[tuple[str, str], ...] = ()
    """The keys of the document beside ``schema`` and ``boards``, in the order read, with their values'
    JSON text: kept by the document's first board, as a PBN file's heading is by its first game."""
    after_boards: tuple[str, ...] = ()
    """Those of `document` that stood after ``boards``, written back after it."""

    @classmethod
    def of(cls, keys: Mapping[str, object] | None = None, document: Mapping[str, object] | None = None,
           after_boards: Iterable[str] = ()) -> JsonRecord:
        """The record of a board's unknown ``keys`` and its document's, as JSON values."""
        return cls(_texts(keys or {}), _texts(document or {}), tuple(after_boards))

    def key_values(self) -> dict[str, object]:
        """The board's unknown keys and their values, as JSON read them (a fresh copy)."""
        return {key: json.loads(text) for key, text in self.keys}

    def document_values(self) -> dict[str, object]:
        """The document's unknown keys and their values, as JSON read them (a fresh copy)."""
        return {key: json.loads(text) for key, text in self.document}

    def to_json(self) -> dict[str, Any]:
        """The keys and their values as read (the document's only where there are any)."""
        out: dict[str, Any] = {"keys": self.key_values()}
        if self.document:
            out.update(document=self.document_values(), after_boards=list(self.after_boards))
        return out

    def kept(self) -> dict[str, Any]:
        return self.to_json()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> JsonRecord:
        """The record `to_json` gave."""
        keys, document = data.get("keys", {}), data.get("document", {})
        after = data.get("after_boards", [])
        if set(data) - {"keys", "document", "after_boards"} or not isinstance(keys, dict) \
                or not isinstance(document, dict) or not isinstance(after, list):
            raise ValueError('expected a json record {"keys": {...}, "document": {...}, "after_boards": []}')
        return cls.of(keys, document, after)


def _texts(values: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    """Each key with its value's JSON text, in order."""
    return tuple((str(key), json.dumps(value, ensure_ascii=False, default=str))
                 for key, value in values.items())


def _unknown_keys(data: Mapping[str, Any], known: frozenset[str]) -> dict[str, object]:
    """The keys of a JSON object that are not ``known``, with their values, in the order read."""
    return {key: value for key, value in data.items() if key not in known}


@cache
def _board_keys() -> frozenset[str]:
    """Every key the schema defines for a board object, those of an earlier schema too."""
    return _board_fields() | _GIVEN_FIELDS | _OLD_FIELDS


def names_a_board_field(value: object) -> bool:
    """Whether ``value`` is an object with a key the schema defines for a board (``number``, ``deal``):
    a board object, not another tool's record (a manifest's ``{"file": ..., "boards": 3}``)."""
    return isinstance(value, dict) and not _board_keys().isdisjoint(value)


_DOCUMENT_FIELDS = frozenset({"schema", "boards"})
"""The keys the schema defines for a document."""


def no_hand_record(value: object) -> bool:
    """Whether a JSON value read whole is no hand record at all: an object with neither a document's key
    (``boards``, ``schema``) nor a board's (``{"name": "x"}``), or an array of objects none of which has a
    board's key (a corpus's ``manifest.json``: ``[{"file": "a.pbn", "boards": 3}]``). An empty array or a
    document of no boards (``[]``, ``{"boards": []}``) is a hand record with none."""
    if isinstance(value, list):
        return bool(value) and not any(names_a_board_field(item) for item in value)
    return isinstance(value, dict) and _DOCUMENT_FIELDS.isdisjoint(value) and not names_a_board_field(value)


def record_shape(reading: Reading, data: object) -> None:
    """Record in ``reading`` the shape of ``data``, a JSON document read whole: whether it is no hand
    record (`no_hand_record`), and the rubbers of the record of variant rubbers it is, if it is one."""
    from bridgetools.rules.variants.record_shape import rubber_variants_of

    reading.no_hand_record = no_hand_record(data)
    reading.rubbers = rubber_variants_of(data)


def json_only(board: Board) -> list[str]:
    """What a board read from JSON holds that only JSON can say: the keys the schema does not define
    (`JsonRecord`), of the board and of its document, named for a writer of another format that leaves
    them out (``JSON key scorer``, ``JSON document key event_notes``), one name a key."""
    record = board.extra.get(JsonRecord.FORMAT)
    if not isinstance(record, JsonRecord):
        return []
    return _named("JSON key", (key for key, _ in record.keys)) \
        + _named("JSON document key", (key for key, _ in record.document))


def _named(what: str, keys: Iterable[str]) -> list[str]:
    """Each of ``keys`` named as a loss of its own (``JSON key scorer``), so that a warning counting the
    boards that lost each names each key once, with its count."""
    return [f"{what} {key}" for key in keys]


_NOT_MISSPELT = frozenset({"schema", "extra"})
"""Keys of the schema no board key is taken for a misspelling of (``scheme`` is another tool's word)."""


def _misspelt_keys(data: Mapping[str, Any], unknown: Iterable[str]) -> list[tuple[str, Path]]:
    """A problem for each unknown key that is a schema key the board lacks (one written only when given,
    ``results``, too) with a slip (`_one_slip`: ``declerer`` or ``dael`` with no ``declarer`` or ``deal``):
    a key a writer meant, kept (`JsonRecord`) but not read. Lengths must match, so another tool's
    ``result`` or ``contact`` beside ``results`` or ``contract`` is never taken for one."""
    missing = sorted((_board_fields() | _GIVEN_FIELDS) - _NOT_MISSPELT - set(data))
    found: list[tuple[str, Path]] = []
    for key in unknown:
        meant = next((name for name in missing if _one_slip(key, name)), None)
        if meant is not None:
            found.append((f"unknown key {_json_text(key)} (is it {_json_text(meant)} misspelt?); "
                          "kept as another tool's key", (key,)))
    return found


def _one_slip(typed: str, meant: str) -> bool:
    """Whether ``typed`` is ``meant`` in other capitals (``Deal``), with two neighbouring letters swapped
    (``dael``), or, both of six letters or more, with one letter changed (``declerer``): a shorter key one
    letter off is as likely another word (``data`` beside ``date``, ``table``, ``dual``)."""
    folded = typed.casefold()
    if len(folded) != len(meant) or typed == meant:
        return False
    diff = [i for i, (a, b) in enumerate(zip(folded, meant, strict=True)) if a != b]
    swapped = len(diff) == 2 and diff[1] == diff[0] + 1 and folded[diff[0]] == meant[diff[1]] \
        and folded[diff[1]] == meant[diff[0]]
    return not diff or swapped or (len(diff) == 1 and len(meant) >= 6)


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
    """A board as JSON-ready data (every field; None where the board says nothing, but a dealer or
    vulnerability is null only where the board says it is unknown, and left out where nothing gives it;
    tricks null over a play that gives some are unknown, `_mark_unknown`),
    and after them the keys a board read from JSON had that the schema does not define, as they were
    (`JsonRecord`)."""
    data = {
        "number": board.number,
        **_law_2_facts(board),
        "deal": None if board.deal is None else board.deal.to_pbn(),
        "auction": None if board.auction is None else _auction_dict(board.auction),
        "play": None if board.play is None else _play_dict(board.play),
        "contract": None if board.contract is None else str(board.contract),
        "declarer": None if board.declarer is None else board.declarer.name,
        "tricks": board.tricks,
        "players": {seat.name: board.players[seat] for seat in Seat if seat in board.players},  # N E S W
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
            {"message": i.message, "line": i.line, "column": i.column, "source": i.source, "level": i.level,
             **{name: value for name, value in (("unread", i.unread), ("about", i.about), ("kind", i.kind))
                if value}}
            for i in board.issues
        ],
        **_recorded(board),
        "formats": formats_json(board),
    }
    record = board.extra.get(JsonRecord.FORMAT)
    if isinstance(record, JsonRecord):
        for key, value in record.key_values().items():
            data.setdefault(key, value)  # (never over a key of the schema's own)
    return data


def formats_json(board: Board, *, as_held: bool = False) -> dict[str, Any]:
    """Each format's record the board keeps (``board.extra``) as JSON values, by format: a board's
    ``formats``, and what the analysis export keeps of them for `read_parquet` (`formats_from_json` reads
    them back). The JSON format's own record (`JsonRecord`) is left out: a JSON writer gives its keys as
    the board's own. ``as_held``: each record's values as it holds them (`FormatRecord.kept`), which
    `json.dumps` writes as the plain ones, for a caller that only writes them (the export)."""
    return {name: (record.kept() if as_held else record.to_json()) if isinstance(record, FormatRecord)
            else encode_extra(record)
            for name, record in board.extra.items() if not isinstance(record, JsonRecord)}


def formats_from_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """The records `formats_json` gave, each format's as its typed record (values its record does not
    take kept plain, `_record_from`)."""
    return {name: _record_from(name, value) for name, value in data.items()}


def _law_2_facts(board: Board) -> dict[str, Any]:
    """The dealer and vulnerability: null where the board marks one unknown (`Board.is_unknown`), left
    out where nothing gives it (no number, no tag), so that reading it back does not make it unknown."""
    values: dict[DerivedName, str | None] = {
        "dealer": None if board.dealer is None else board.dealer.name,
        "vulnerability": None if board.vulnerability is None else board.vulnerability.pbn}
    return {name: value for name, value in values.items() if value is not None or board.is_unknown(name)}


def _auction_dict(auction: Auction) -> dict[str, Any]:
    """The auction: its dealer and each call with its annotation."""
    return {
        "dealer": auction.dealer.name,
        "calls": [
            {"call": str(c), **_annotation(a)}
            for c, a in zip(auction.calls, auction.annotations, strict=True)
        ],
    }


def _play_dict(play: Play) -> dict[str, Any]:
    """The play: contract, declarer, the cards in order, a claim, and the cards' annotations."""
    out: dict[str, Any] = {
        "contract": str(play.contract),
        "declarer": play.declarer.name,
        "cards": [str(c) for c in play.cards],
        "claim": play.claimed,
    }
    if play.annotations:
        out["card_annotations"] = {str(i): _annotation(a) for i, a in sorted(play.annotations.items())}
    return out


def _recorded(board: Board) -> dict[str, Any]:
    """``results``, ``dd_table`` and ``par`` where the board was given them (left out otherwise)."""
    out: dict[str, Any] = {}
    results = board.given("results")
    if results is not None:
        out["results"] = [_table_result(r) for r in results]
    table = board.given("dd_table")
    if table is not None:
        out["dd_table"] = {
            seat.name: {strain.name: table[seat, strain] for strain in TABLE_STRAINS
                        if table[seat, strain] is not None}
            for seat in TABLE_SEATS
        }  # fmt: skip
    par = board.given("par")
    if par is not None:
        out["par"] = {
            "score": par.score,
            "contracts": [
                {"contract": str(c.contract), "declarers": [s.name for s in c.declarers], "result": c.result}
                for c in par.contracts
            ],
        }
    return out


def _table_result(result: TableResult) -> dict[str, Any]:
    """One other table's result: the fields it gives (None and empty left out)."""
    out: dict[str, Any] = {}
    for name in _RESULT_FIELDS:
        value = getattr(result, name)
        if value is None or value == () or value is False or (name == "multiplicity" and value == 1):
            continue
        if isinstance(value, Contract | Card):  # a Card is a tuple too: its name, not its numbers
            value = str(value)
        elif isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, Seat):
            value = value.name
        out[name] = value
    return out


_RESULT_FIELDS = ("contract", "declarer", "tricks", "lead", "score_ns", "score_ew", "ns_pair", "ew_pair",
                  "ns_names", "ew_names", "matchpoints_ns", "matchpoints_ew", "imps_ns", "imps_ew",
                  "multiplicity",
                  "adjusted_pct_ns", "adjusted_pct_ew", "contract_label", "percentage_ns", "percentage_ew",
                  "adjusted", "tricks_adjusted")


_ITEMS, _TUPLE = "__items__", "__tuple__"


def encode_extra(value: Any) -> Any:
    """Format-specific data as JSON values that decode to equal Python values: a dict with keys
    that are not strings becomes ``{"__items__": [[key, value], ...]}``, a tuple ``{"__tuple__": [...]}``."""
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value) and not ({_ITEMS, _TUPLE} & set(value)):
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
        return {k: decode_extra(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode_extra(v) for v in value]
    return value


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


def _whole_number(value: Any) -> int:
    """A JSON whole number, or its digits as a string; a `ValueError` saying so for anything else
    (``int()`` would take 1.7 as 1 and true as 1, and word its refusal of 'x' for programmers)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdecimal():
        return int(value)
    raise ValueError(f"expected a whole number, found {_found(value)}")


def _board_number(value: Any) -> int:
    """A board number: a whole number from 1, as PBN's Board tag holds."""
    number = _whole_number(value)
    if number < 1:
        raise ValueError(f"expected a board number from 1, not {number}")
    return number


def _tricks(value: Any) -> int:
    """Declarer's tricks: a whole number from 0 to 13."""
    tricks = _whole_number(value)
    if not 0 <= tricks <= 13:
        raise ValueError(f"expected 0 to 13 tricks, not {tricks}")
    return tricks


_PARSED_FIELDS: tuple[tuple[str, Callable[[Any], Any]], ...] = (
    ("number", _board_number),
    ("dealer", Seat.parse),
    ("vulnerability", Vul.parse),
    ("deal", Deal.from_pbn),
    ("contract", Contract.from_str),
    ("declarer", Seat.parse),
    ("tricks", _tricks),
)
"""The board's fields that one parser of the model reads from their JSON value, in the order read."""
_READ_AS_UNKNOWN: dict[str, str] = {
    **dict.fromkeys(LAW_2_FIELDS, read_as_unknown("(null)")),
    "tricks": tricks_read_as_unknown("(null)"),
}
"""What a problem with one of `LAW_2_FIELDS` or the tricks adds: the value, given and unreadable, is
unknown, as null (`_mark_unknown`)."""
_LEFT_OUT_WHOLE = "; left out whole"
"""What a problem with a field of many values (`_SHAPES`) that cannot be read at all adds: nothing of it is
kept (one bad value in it is left out or unknown alone, `_Values`)."""


def board_from_dict(data: dict[str, Any], problems: list[_Problem] | None = None) -> Board:
    """A board from `board_to_dict` data; a field that cannot be read is left None (an auction or play, up to
    an illegal call or card), its problem appended to ``problems`` with its path and whether the value is
    no such thing at all, ``(message, path, syntax)`` (`Issue.syntax`; else raised)."""
    if not isinstance(data, dict):
        raise BridgeError(f"expected a board object, found {_kind(data)}")
    board = Board()

    def field(name: str, convert: Any, attribute: str | None = None) -> None:
        value = data.get(name)
        if value is None:
            return
        try:
            setattr(board, attribute or name, convert(_checked(name, value)))
        except (BridgeError, TypeError, ValueError, KeyError, AttributeError) as e:
            if isinstance(e, PartlyRead):
                setattr(board, attribute or name, e.value)
            syntax = malformed(e)  # a value that is no such thing (the model's error its context)
            for message, at in _field_problems(name, e):
                if problems is None:
                    raise BridgeError(message) from None
                problems.append((message, (name, *at), syntax))

    for name, parse in _PARSED_FIELDS:
        field(name, parse)
    field("players", partial(_entries, key=Seat.parse, read=_plain))
    for name in ("event", "site", "date", "room", "scoring"):
        field(name, _plain)
    field("notes", partial(_entries, key=_whole_number, read=_plain))
    field("commentary", partial(_each, named="comment", read=_plain, kind=list))
    field("tables", partial(_entries, key=str, read=_table))
    field("tags", partial(_entries, key=str, read=_plain))
    field("issues", _issues)
    field("auction", _auction)
    field("play", lambda v: _play(v, board.deal))
    _mark_unknown(board, data)
    field("results", _results_from)
    if problems is not None and isinstance(data.get("results"), list):
        problems.extend((*problem, False) for problem in _unknown_result_keys(data["results"]))
    field("dd_table", _dd_table_from)
    field("par", _par_from)
    field("formats", _formats, "extra")
    field("extra", lambda v: {**board.extra, **_old_records(v)})  # beside those of "formats"
    _keep_unknown_keys(board, data, problems)
    if "extra" in data:  # schema 1: the model read a format's kept values itself; the format gives them now
        _give_kept_values(board)
    return board


def _field_problems(name: str, error: Exception) -> tuple[tuple[str, Path], ...]:
    """The problems of field ``name`` that ``error`` gives, each with its place in the field, in JSON's
    quotes: those of the values a `PartlyRead` left out or unknown, else the field's own, saying what
    became of it (unknown, `_READ_AS_UNKNOWN`; a field of many values left out whole, another left out)."""
    if isinstance(error, PartlyRead):
        return tuple((f"{name}: {_json_quotes(message)}", at) for message, at in error.problems)
    then = _READ_AS_UNKNOWN.get(name, _LEFT_OUT_WHOLE if name in _SHAPES else "; left out")
    return ((f"{name}: {_what_is_wrong(error)}{then}", ()),)


def _what_is_wrong(error: Exception) -> str:
    """What ``error`` says of a value, in JSON's quotes; a `KeyError`, whose text is only the key, says that
    the key is missing."""
    if isinstance(error, KeyError):
        return f"no {_json_text(error.args[0])} given"
    return _json_quotes(str(error))


_UNREAD = (BridgeError, TypeError, ValueError, KeyError, AttributeError)
"""The errors of a value that cannot be read (the model's parsers, `_expect`, a missing key)."""


class _Values:
    """The values of a field of many read one by one (results, a table's cells): one that cannot be read is
    left out or unknown, its problem kept with its place in the field, and the rest are read, so one bad
    value loses no other (`done` gives them to the field as a `PartlyRead`)."""

    def __init__(self) -> None:
        self.problems: list[tuple[str, Path]] = []

    def read(self, at: Path, named: str, read: Callable[[], _T], then: str) -> _T | None:
        """``read()``, or None where it fails, its problem named (``result 2``; none where the error names
        the value) and told what became of the value (``then``: ``left out``); a value read in part (a
        `PartlyRead`) is kept, its problems named and placed inside it."""
        prefix = f"{named}: " if named else ""
        try:
            return read()
        except PartlyRead as e:
            self.problems.extend((prefix + message, (*at, *inside)) for message, inside in e.problems)
            return cast("_T", e.value)
        except _UNREAD as e:
            self.problems.append((f"{prefix}{_what_is_wrong(e)}; {then}", at))
            return None

    def done(self, value: _T) -> _T:
        """``value``, or a `PartlyRead` holding it with the problems met reading it."""
        if not self.problems:
            return value
        (message, at), *more = self.problems
        raise PartlyRead(message, value, at, more)


def _each(data: list[Any], named: str, read: Callable[[Any], _T],
          kind: Callable[[Iterable[_T]], _C]) -> _C:
    """Each item of a JSON array read by ``read``, in a ``kind`` (a list, a tuple); one that cannot be read is
    left out (its problem named ``named`` and its number: ``comment 2``), the others kept."""
    values = _Values()
    items = [values.read((i,), f"{named} {i + 1}", partial(read, item), "left out")
             for i, item in enumerate(data)]
    return values.done(kind(item for item in items if item is not None))


def _entries(data: dict[str, Any], key: Callable[[str], _K], read: Callable[[Any], _T]) -> dict[_K, _T]:
    """Each entry of a JSON object, its key read by ``key`` and its value by ``read``; one whose key or
    value cannot be read is left out, the others kept."""
    values = _Values()
    entries: dict[_K, _T] = {}
    for name, item in data.items():
        known = values.read((name,), "", partial(key, name), "left out")
        value = None if known is None else values.read((name,), name, partial(read, item), "left out")
        if known is not None and value is not None:
            entries[known] = value
    return values.done(entries)


def _mark_unknown(board: Board, data: dict[str, Any]) -> None:
    """The facts the board's JSON gives as unknown: a dealer or vulnerability null or unreadable (one left
    out is the board number's, Law 2), tricks null or unreadable where the play gives some (left out: the
    play's; ``"tricks": "ten"`` is no count of the cards' tricks)."""
    unknown_unless_given(board, (name for name in LAW_2_FIELDS if name in data))
    if "tricks" in data:  # e.g. a LIN rs entry's contract with no result, over another's play
        unknown_tricks_unless_given(board)


def _old_records(extra: object) -> dict[str, object]:
    """Each format's record in a schema 1 board's ``extra``."""
    return {name: _old_record(name, value) for name, value in decode_extra(extra).items()}


def _keep_unknown_keys(board: Board, data: dict[str, Any], problems: list[_Problem] | None) -> None:
    """The keys of board object ``data`` that the schema does not define, kept by ``board`` (`JsonRecord`),
    and a problem for each that looks like a misspelt schema key (`_misspelt_keys`)."""
    unknown = _unknown_keys(data, _board_keys())
    if unknown:
        kept = board.extra.get(JsonRecord.FORMAT)  # those a JSON writer kept before ("formats": {"json"})
        if kept is not None and not isinstance(kept, JsonRecord):
            _left_out_beside_plain(unknown, problems)
            return
        before = kept if isinstance(kept, JsonRecord) else JsonRecord()
        board.extra[JsonRecord.FORMAT] = dataclasses.replace(
            before, keys=_texts({**before.key_values(), **unknown}))  # the key as it stands wins
        if problems is not None:
            problems.extend((*problem, False) for problem in _misspelt_keys(data, unknown))


def _left_out_beside_plain(unknown: Mapping[str, object], problems: list[_Problem] | None) -> None:
    """A problem for each of the ``unknown`` keys of a board whose ``"formats": {"json": ...}`` holds a value
    that is no `JsonRecord` (hand-edited): that value is kept, as read, where the keys would have gone, so
    the keys are left out, with a word (they were dropped with none, or dropped the value with none)."""
    for key in unknown:
        message = (f"unknown key {_json_text(key)} left out, as the board's formats.json holds a value "
                   "that is no record of JSON keys, which is written back as read")
        if problems is None:
            raise BridgeError(message)
        problems.append((message, (key,), False))


def _give_kept_values(board: Board) -> None:
    """Each format's kept values, given to ``board`` by its record (a schema 1 board's ``extra``)."""
    for name in board.extra:
        give = getattr(_record_type(name), "give_kept_values", None)
        if give is not None:
            give(board)


_SHAPES: dict[str, type] = {
    "players": dict, "notes": dict, "tables": dict, "tags": dict, "auction": dict, "play": dict,
    "dd_table": dict, "par": dict, "formats": dict, "commentary": list, "issues": list, "results": list,
}
"""The JSON kind each field of many values is: another kind was read for a programmer's error
(``'list' object has no attribute 'items'``), or taken apart character by character."""
_PARSED = ("dealer", "vulnerability", "deal", "contract", "declarer")
"""The fields parsed from a JSON string: another kind is said as JSON (``found an array [1]``), where the
parser would show it as Python (``not a deal: {'a': 1}``)."""


def _kind(value: Any) -> str:
    """A JSON value's kind, in JSON's words: ``a string``, ``a number``, ``an array``, ``an object``,
    ``true``, ``false``, ``null`` (never Python's ``list`` or ``NoneType``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return "a number"
    kinds: dict[type, str] = {str: "a string", list: "an array", dict: "an object", type(None): "null"}
    return kinds.get(type(value), "a value of no JSON kind")


def _found(value: Any) -> str:
    """A JSON value as a message names what was found: its kind and its JSON text (``a string "x"``,
    ``an array [1]``), or the literal alone (``true``, ``null``); a long value cut short."""
    text = _json_text(value)
    return text if value is None or isinstance(value, bool) else f"{_kind(value)} {text}"


def _json_text(value: Any) -> str:
    """A value as JSON writes it (``"X"``, not Python's ``'X'``), a long one cut short."""
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= 40 else text[:37] + "..."


_PYTHON_QUOTED = re.compile(r"(?<![\w'\"])'([^'\"\\\n]*)'(?![\w'])")
"""A string as Python shows it (``'X'``) in a message of the model's parsers, which every reader shares;
an apostrophe inside a word (``dummy's``) starts none."""


def _json_quotes(message: str) -> str:
    """``message`` with each string Python quoted (``not a seat: 'X'``) quoted as JSON (``"X"``): the
    value read was a JSON string, and is named as the file writes it."""
    return _PYTHON_QUOTED.sub(lambda m: json.dumps(m.group(1), ensure_ascii=False), message)


def _expect(what: str, value: Any, shown: bool = False) -> TypeError:
    """The `TypeError` of a value of another kind than ``what`` (``an object``, ``an array of names``):
    ``expected X, found Y``, with the value itself after its kind when ``shown`` (`_found`)."""
    return TypeError(f"expected {what}, found {_found(value) if shown else _kind(value)}")


def _checked(name: str, value: Any) -> Any:
    """``value``, or a `TypeError` saying what field ``name`` must be when it is another kind of value."""
    shape = _SHAPES.get(name)
    if shape is not None and not isinstance(value, shape):
        raise _expect("an object" if shape is dict else "an array", value)
    return _string(value) if name in _PARSED else value


def _string(value: Any) -> str:
    """A JSON string, or a `TypeError` naming the value found."""
    if not isinstance(value, str):
        raise _expect("a string", value, shown=True)
    return value


def _from_string(parse: Callable[[str], Any]) -> Callable[[Any], Any]:
    """``parse`` of a JSON string; another kind is said as JSON (`_string`), not shown as Python."""
    return lambda value: parse(_string(value))


def _plain(value: Any) -> str:
    """A field of text (an event, a player's name, a tag's value): a JSON string, or a number as its digits;
    another kind is said rather than kept as Python writes it (``[1]``, ``True``)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return _string(value)


def _table(data: Any) -> Table:
    """A table's column specs and rows of cells, as text: a cell written as a JSON number is its digits (a
    table's cells are text, and a number broke the PBN writer); another kind is said."""
    table = _object(data)
    rows = table.get("rows", [])
    if not isinstance(table["columns"], list) or not isinstance(rows, list):
        raise TypeError(f"expected arrays of columns and rows, found {_kind(table['columns'])} and "
                        f"{_kind(rows)}")
    return Table([_cell(c) for c in table["columns"]], [[_cell(c) for c in _listed(row)] for row in rows])


def _listed(value: Any) -> list[Any]:
    """A JSON array, or a `TypeError` naming the kind found."""
    if not isinstance(value, list):
        raise _expect("an array", value)
    return value


def _cell(value: Any) -> str:
    """A table's cell or column spec: a string, or a number written as its digits."""
    return str(value) if isinstance(value, float) else _text(value)


def _issues(data: list[Any]) -> list[Issue]:
    """The issues a file kept, each an object (another kind is said, not Python's error for it)."""
    return _each(data, "issue", _issue, list)


def _issue(data: Any) -> Issue:
    """A kept issue; a line or column that is no whole number (text there was printed as the issue's source,
    ``x: m``) is unknown, the rest of the issue kept."""
    issue, values = _object(data), _Values()
    line, column = (values.read((key,), key, partial(_maybe, _whole_number, issue.get(key)),
                                "read as unknown, the rest of the issue kept") for key in ("line", "column"))
    return values.done(Issue(issue["message"], line, column, issue.get("source"),
                             issue.get("level", "warning"), issue.get("unread"), issue.get("about"),
                             issue.get("kind")))


def _results_from(data: list[Any]) -> tuple[TableResult, ...]:
    """Other tables' results, each checked (a score that is no number was kept, and broke the writers): one
    that is no object left out, a value that cannot be read unknown in its result (`_result_from`)."""
    return _each(data, "result", _result_from, tuple)


def _check_result_scores(board: Board, source: str, where: Place, strict: bool, pending: list[Issue]) -> None:
    """Report each ``results`` score that Law 77 gives otherwise (`_result_score_problems`), at its place
    in this file. The board's issues kept from the file it was converted from about those scores give way
    to these: checked again here, one problem would be counted once more for each file it went through."""
    board.issues = [issue for issue in board.issues if issue.about != "results"]
    for message, key in _result_score_problems(board):
        report(message, source, *where(key), strict=strict, issues=pending, about="results")


_FIELDS_CHECKED = {name: name for name in ("deal", "dealer", "contract", "declarer", "tricks")}
"""The fields `disagreements` checks against each other, as the JSON names them."""


def _check_against_itself(board: Board, source: str, where: Place, strict: bool,
                          pending: list[Issue]) -> None:
    """Report what the board's own fields say against each other (`disagreements`: a 12-card hand, a
    contract or dealer other than the auction's), as PBN's and LIN's readers do, at the field's place. One
    the board's kept issues already say (the file it was converted from told it) is not said again."""
    for message, fact, level in disagreements(board, _FIELDS_CHECKED, "field"):
        if not covered(fact, board.issues):
            report(message, source, *where(fact), strict=strict, issues=pending, level=level,
                   kind=disagreement_kind(fact))


def _result_score_problems(board: Board) -> list[tuple[str, Path]]:
    """Each ``results`` entry whose ``score_ns`` its contract, declarer and tricks score otherwise at the
    board's vulnerability (Law 77, as a PBN ScoreTable row is checked), at that score."""
    found: list[tuple[str, Path]] = []
    for i, result in enumerate(board.given("results") or ()):
        scored = result_disagrees(board, result)
        if scored is not None:
            expected, how = scored
            message = (f"results: result {i + 1}: score_ns {result.score_ns} differs from the NS {expected}"
                       f" that {how} scores (Law 77); the result is kept as written")
            found.append((message, ("results", i, "score_ns")))
    disagreement = own_table_disagreement(board, board.given("results") or ())
    if disagreement is not None:
        index, field, said = disagreement
        value = getattr(board.given("results")[index], field)
        shown = "?" if value is None else value.name if isinstance(value, Seat) else value
        found.append((f"results: result {index + 1}: {field} {shown} {said}", ("results", index, field)))
    return found


def _unknown_result_keys(data: list[Any]) -> list[tuple[str, Path]]:
    """A problem for each key of a ``results`` entry that no `TableResult` field has (``bogus``, a
    misspelt ``percentage_n``): the result is read without it, and the file is told so."""
    known = _RESULT_FIELDS
    return [(f"results: result {i + 1}: unknown key {_json_text(key)} (expected {', '.join(sorted(known))}):"
             " left out", ("results", i, key))
            for i, entry in enumerate(data) if isinstance(entry, dict)
            for key in entry if key not in known]


_UNKNOWN_IN_RESULT = "read as unknown, the rest of the result kept"


def _result_from(data: Any) -> TableResult:
    """One table's result: each key of the kind `TableResult` holds, or a `ValueError` naming the key."""
    if not isinstance(data, dict):
        raise _expect("an object", data)
    checks: dict[str, Callable[[Any], Any]] = {
        "contract": _from_string(Contract.from_str), "declarer": _from_string(Seat.parse), "tricks": _tricks,
        "lead": _from_string(Card.parse),
        "score_ns": _points, "score_ew": _points, "ns_pair": _text, "ew_pair": _text, "ns_names": _names,
        "ew_names": _names, "matchpoints_ns": _number, "matchpoints_ew": _number, "imps_ns": _number,
        "imps_ew": _number, "multiplicity": _multiplicity, "adjusted_pct_ns": _number,
        "adjusted_pct_ew": _number, "contract_label": _text, "percentage_ns": _number,
        "percentage_ew": _number, "adjusted": _flag,
        "tricks_adjusted": _flag,
    }
    values = _Values()
    read = {key: values.read((key,), key, partial(check, data[key]), _UNKNOWN_IN_RESULT)
            for key, check in checks.items() if data.get(key) is not None}
    return values.done(TableResult(**{key: value for key, value in read.items() if value is not None}))


def _object(value: Any) -> dict[str, Any]:
    """A JSON object, or a `TypeError` naming the kind found."""
    if not isinstance(value, dict):
        raise _expect("an object", value)
    return value


def _text(value: Any) -> str:
    """A pair's number or name as text: a JSON string or number."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise _expect("a string", value)
    return str(value)


def _names(value: Any) -> tuple[str, ...]:
    """A pair's names: an array of strings."""
    if not isinstance(value, list):
        raise _expect("an array of names", value)
    return tuple(_text(name) for name in value)


def _number(value: Any) -> float:
    """Matchpoints or IMPs: a JSON number (a whole one stays whole)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _expect("a number", value, shown=True)
    return value


def _points(value: Any) -> int:
    """A score in points: a whole number no board's score exceeds (`MOST_POINTS`, `BEYOND_POINTS`)."""
    score = _whole_number(value)
    if within_points(score) is None:
        digits = len(str(abs(score)))
        raise ValueError(f"{score if digits < 30 else f'a number of {digits} digits'} is {BEYOND_POINTS}")
    return score


def _multiplicity(value: Any) -> int:
    """How many tables a result stands for: a whole number from 1; one over `MOST_TABLES` (a slip) is
    kept as written and reported, as the PBN reader reports its Multiplicity cell."""
    count = _whole_number(value)
    if count < 1:
        raise ValueError(f"expected a number of tables from 1, not {count}")
    if count > MOST_TABLES:
        raise PartlyRead(f"{count}: {TOO_MANY_TABLES}", count)
    return count


def _flag(value: Any) -> bool:
    """Whether a result was adjusted: JSON ``true`` or ``false``."""
    if not isinstance(value, bool):
        raise _expect("true or false", value, shown=True)
    return value


def _maybe(parse: Any, text: str | None) -> Any:
    return None if text is None else parse(text)


def _dd_table_from(data: dict[str, Any]) -> DDTable | None:
    """Double-dummy tricks by declarer and strain: a cell that is no count of tricks is unknown, and a row or
    cell whose seat or strain is none is left out, the rest of the table kept (none where no cell could be
    read)."""
    values = _Values()
    cells: dict[tuple[Seat, Strain], int] = {}
    for seat, row in data.items():
        declarer = values.read((seat,), "", partial(Seat.parse, seat), "its row left out")
        strains = None if declarer is None else values.read((seat,), seat, partial(_object, row), "left out")
        for strain, tricks in (strains or {}).items():
            named = values.read((seat, strain), seat, partial(Strain.parse, strain), "left out")
            count = None if named is None else values.read(
                (seat, strain), f"{seat}: {strain}", partial(_tricks, tricks),
                "read as unknown, the rest of the table kept")
            if declarer is not None and named is not None and count is not None:
                cells[declarer, named] = count
    return values.done(DDTable.from_mapping(cells) if cells or not values.problems else None)


def _par_from(data: dict[str, Any]) -> Par | None:
    """The par score and contracts: a score that is no whole number is unknown, a contract that cannot be
    read left out, the rest kept (none where nothing could be read)."""
    values = _Values()
    score = values.read(("score",), "score", partial(_maybe, _whole_number, data.get("score")),
                        "read as unknown, the contracts kept")
    listed = values.read(("contracts",), "contracts", partial(_listed, data.get("contracts", [])), "left out")
    read = partial(_each, listed or [], "contract", _par_contract, tuple)  # only ever read in part
    contracts = values.read(("contracts",), "", read, "left out") or ()
    return values.done(Par(score, contracts) if score is not None or contracts or not values.problems
                       else None)


def _par_contract(data: Any) -> ParContract:
    """One par contract: its contract, the seats that may declare it, and its over- or undertricks."""
    c = _object(data)
    return ParContract(Contract.from_str(_string(c["contract"])),
                       tuple(Seat.parse(_string(s)) for s in _listed(c["declarers"])),
                       _whole_number(c.get("result", 0)))


def _record_type(name: str) -> type[FormatRecord] | None:
    """The record class kept as ``name``, loading its format's module when the package knows the record
    (formats register their record when imported; this module imports none of them): `record_owner`."""
    found = record_type(name)
    if found is None:
        from bridgetools.formats import format_module, record_owner

        owner = record_owner(name)
        if owner is not None:
            format_module(owner)
            found = record_type(name)
    return found


def _formats(data: dict[str, Any]) -> dict[str, Any]:
    """Each format's record; a known format's that is no object is a `PartlyRead` naming each, the others kept
    (it was kept plain, and its writer dropped it with no word)."""
    records: dict[str, Any] = {}
    bad: list[str] = []
    for name, value in data.items():
        if _record_type(name) is not None and not isinstance(value, dict):
            bad.append(name)
        else:
            records[name] = _record_from(name, value)
    if bad:
        (said, at), *more = [(f"{name}: expected an object, found {_kind(data[name])}; it is left out",
                              (name,)) for name in bad]
        raise PartlyRead(said, records, at, more)
    return records


def _record_from(name: str, value: Any) -> Any:
    """A format's record from its JSON values; a format that keeps no typed record, or values its record
    does not take (written before it had one), keep their plain values."""
    kind = _record_type(name)
    if kind is not None and isinstance(value, dict):
        try:
            record = kind.from_json(value)
        except (TypeError, ValueError):
            pass
        else:
            if well_formed(record):  # a hand-edited value of another kind stays plain, for no writer
                return record
    return decode_extra(value)


def _old_record(name: str, value: Any) -> Any:
    """A schema 1 ``extra`` entry (what a reader gathered, as a dict) as its format's typed record:
    through the record's ``from_extra`` when it has one, else ``from_json``; kept when neither takes it."""
    kind = _record_type(name)
    if kind is None or not isinstance(value, dict):
        return value
    convert = getattr(kind, "from_extra", None)
    try:
        return convert(value) if convert is not None else kind.from_json(value)
    except (TypeError, ValueError, KeyError):
        return value


def _auction(data: dict[str, Any]) -> Auction:
    """The calls in order; the ones before a call that is none (``"P"``, not ``{"call": "P"}``) or breaks the
    Laws, with `PartlyRead`."""
    auction = Auction(data["dealer"])
    calls = data.get("calls", [])
    for i, call in enumerate(calls):
        at: Path = ("calls", i, "call")
        try:
            if not isinstance(call, dict):
                at = ("calls", i)
                example = '{"call": "1S"}'
                raise _expect(f"an object such as {example}", call)
            auction.add(call["call"], _note(call))
        except (BridgeError, TypeError, KeyError) as e:  # the model's error names the call itself
            said = str(e) if isinstance(e, BridgeError) else f"call {i + 1}: {_what_is_wrong(e)}"
            raise PartlyRead(f"{said}; the calls from there on ({len(calls) - i}) are left out", auction,
                             at) from None
    return auction


def _play(data: dict[str, Any], deal: Deal | None) -> Play:
    """The cards in order and a claim; the cards before one the Laws reject, with `PartlyRead`."""
    play = Play(deal, data["contract"], data["declarer"])
    notes = {int(k): v for k, v in data.get("card_annotations", {}).items()}
    cards = data.get("cards", [])
    for i, card in enumerate(cards):
        try:
            play.add(card, _note(notes.get(i, {})))
        except BridgeError as e:
            raise PartlyRead(f"{e}; the cards from there on ({len(cards) - i}) are left out", play,
                             ("cards", i)) from None
    if data.get("claim") is not None:
        claim = data["claim"]
        try:
            # a whole number written as text or 9.0 reads as one; 9.5 or true is no number of tricks (int()
            # made them 9 and 1 without a word), refused by Play.claim as any other
            whole = (isinstance(claim, str) and claim.strip().isdecimal()) \
                or (isinstance(claim, float) and claim.is_integer())
            play.claim(int(claim) if whole else claim)
        except BridgeError as e:  # the cards stand, as the PBN and LIN readers keep them
            raise PartlyRead(f"{e}; the claim is left out", play, ("claim",)) from None
    return play


# Files ----------------------------------------------------------------------------------------------


def write_boards(
    boards: Iterable[Board], out: TextIO, *, format: str = "json", indent: int | None = None, **options: Any
) -> None:
    """Write boards as one JSON document (``format="json"``) or one board a line (``"jsonl"``). The keys
    of the documents the boards were read from that the schema does not define (`JsonRecord.document`)
    are written back beside ``boards``, as they stood; JSON Lines, which has no document, names them as
    left out, as does a document given a key's second value by another. On an output whose encoding is no
    UTF (a console in ASCII or a code page) every character beyond ASCII is written ``\\uXXXX``, which
    reads back the same."""
    ascii = _ascii_only(out)
    if format == "jsonl":
        losses = Losses("JSON Lines")
        for board in boards:
            losses.writing(board)
            record = {"schema": SCHEMA, **board_to_dict(board)}
            out.write(json.dumps(record, ensure_ascii=ascii, default=str) + "\n")
            losses.add(_named("JSON document key", _document_of(board)[0]))
        losses.warn()
        return
    boards = iter(boards)
    first = next(boards, None)
    written, after = _document_of(first)
    head = {key: value for key, value in written.items() if key not in after}
    out.write('{"schema": ' + json.dumps(SCHEMA) + _members(head, ascii) + ', "boards": [')
    tail = {key: written[key] for key in after}
    losses = Losses("JSON")
    for i, board in enumerate(itertools.chain([first], boards) if first is not None else ()):
        losses.writing(board)
        out.write(
            ("," if i else "")
            + "\n"
            + json.dumps(board_to_dict(board), ensure_ascii=ascii, indent=indent, default=str)
        )
        for key, value in _document_of(board)[0].items():
            if key not in written:
                written[key] = tail[key] = value
            elif written[key] != value:
                losses.alter(f"JSON document key {key} given another value by a second document: "
                             "that value left out")
    out.write("\n]" + _members(tail, ascii) + "}\n")
    losses.warn()


def _document_of(board: Board | None) -> tuple[dict[str, object], tuple[str, ...]]:
    """The unknown document keys ``board`` keeps (`JsonRecord.document`) and those after ``boards``."""
    record = None if board is None else board.extra.get(JsonRecord.FORMAT)
    if not isinstance(record, JsonRecord):
        return {}, ()
    document = {key: value for key, value in record.document_values().items() if key not in _DOCUMENT_FIELDS}
    return document, record.after_boards


def _members(keys: Mapping[str, object], ascii: bool) -> str:
    """``keys`` as members of a JSON object, each after a comma (``, "event_notes": "x"``)."""
    return "".join(f", {json.dumps(key, ensure_ascii=ascii)}: "
                   + json.dumps(value, ensure_ascii=ascii, default=str) for key, value in keys.items())


def _ascii_only(out: TextIO) -> bool:
    """Whether ``out`` writes an encoding that is no UTF (``ascii``, ``cp1252``): JSON then writes what
    lies beyond ASCII as ``\\uXXXX``, losslessly, where that encoding could not write it."""
    name = codec_name(getattr(out, "encoding", None))
    return name is not None and not name.startswith("utf")


def read_boards(
    stream: TextIO,
    source: str = "<string>",
    strict: bool = False,
    lines: bool = False,
    reading: Reading | None = None,
    **options: Any,
) -> Iterator[Board]:
    """Boards from a JSON document or JSON Lines, one at a time; a bad line or field is an `Issue`. A file
    whose first line is a board object, or a whole JSON value with more lines after it, is JSON Lines; so is
    text that is no JSON document when ``lines`` (``--from jsonl``) or its name (``.jsonl``, ``.ndjson``) says
    JSON Lines, or, unnamed (standard input), when its first line starts no document. How it was read is
    appended to ``reading.how``, and a document read whole that is no hand record (`no_hand_record`) is
    marked there, for a no-boards error to say without parsing the file again."""
    said = reading.how if reading is not None else []
    numbered = _lines(stream)
    first = next(numbered, None)
    if first is None:
        return
    line_no, raw = first
    try:
        record = json_value(raw)
    except json.JSONDecodeError:  # the start of a document written over many lines, or a bad first line
        text = _without_end_mark(raw + stream.read())
        loaded = _loaded(text)  # parsed once, whatever it is read as
        # no one value: JSON Lines when the name or --from says so, or each line a record (a .json file too)
        text_lines = [] if loaded.error is None else list(_lines(io.StringIO(text), line_no))
        as_lines = lines or _named_lines(source, raw) or _lines_of_records(text_lines)
        with lines_as_context(text, line_no):  # strict: the error says its line
            if loaded.error is not None and as_lines:
                yield from _lines_else_document(said, text, text_lines, source, strict, loaded)
            else:
                document = _document(text, source, strict, line_no - 1, shape=reading, loaded=loaded)
                yield from _said(said, document, DOCUMENT)
        return
    board_line = isinstance(record, dict) and "boards" not in record
    second = next(numbered, None)
    if second is None and not board_line:
        # a one-line document
        one = _document(raw, source, strict, line_no - 1, shape=reading, loaded=_Loaded(data=record))
        with lines_as_context(raw, line_no):
            yield from _said(said, one, DOCUMENT)
        return
    after = () if second is None else (second,)
    # one line alone in a file not named JSON Lines is one JSON value, as a .json file is (`{"name": "x"}`)
    how = LINES if (second is not None and not board_line) or lines or _named_lines(source, raw) else DOCUMENT
    if second is None and how == DOCUMENT and reading is not None:
        record_shape(reading, record)  # the file's one value, parsed: its shape
    yield from _said(said, _json_lines(itertools.chain((first,), after, numbered), source, strict), how)


DOCUMENT = "JSON"
LINES = "JSON Lines, line by line"
"""How a JSON file was read, as a no-boards error says it."""


def _named_lines(source: str, first: str) -> bool:
    """Whether a file's name says JSON Lines (``.jsonl``, ``.ndjson``), or, unnamed (standard input), its
    first line starts no document (``{"schema": ..., "boards": [``)."""
    if source.lower().endswith(LINE_EXTENSIONS):
        return True
    return source == "<stdin>" and '"boards"' not in first


def _lines_of_records(lines: list[tuple[int, str]]) -> bool:
    """Whether a file not named JSON Lines, no one JSON value, is JSON Lines all the same: each of its
    ``lines`` starts a record (`_record_a_line`) and the first starts no document (``{"schema": ...,
    "boards": [``, a ``{`` alone, or any ``[``: a JSON Lines line is a board's object, so ``[{"number": 1},``
    is an array of boards cut short), as a document cut short does."""
    first = lines[0][1] if lines else ""
    return (_record_a_line(lines) and '"boards"' not in first and first.strip() != "{"
            and not first.lstrip().startswith("["))


def _lines_else_document(
    said: list[str], text: str, lines: list[tuple[int, str]], source: str, strict: bool, loaded: _Loaded
) -> Iterator[Board]:
    """The boards of ``text`` (its numbered ``lines``), no one document (``loaded``: its error), read line
    by line; when no line gives a board (a document over many lines, with a typo), the whole document's
    problem at its place instead."""
    from bridgetools.formats import holds_a_board  # the package imports this module

    line_no = lines[0][0] if lines else 1
    if strict:
        # The lines are read leniently only until one gives a board; strict reading then stops at its first
        # problem, on the first line (no JSON, or `read_boards` would not be here): that line alone is read
        # again, for its error as strict reading says it.
        lined = any(holds_a_board(board) for board in _json_lines(lines, source, False))
        reading = (_json_lines(lines, source, True) if lined
                   else _document(text, source, True, line_no - 1, loaded=loaded))
        yield from _said(said, reading, LINES if lined else DOCUMENT)
        return
    boards = list(_json_lines(lines, source, False))
    if any(holds_a_board(board) for board in boards):
        yield from _said(said, boards, LINES)
    else:
        document = list(_document(text, source, False, line_no - 1, loaded=loaded))
        if _record_a_line(lines):
            document = _with_first_line_issue(document, boards)
        yield from _said(said, document, DOCUMENT)


def _record_a_line(lines: list[tuple[int, str]]) -> bool:
    """Whether every one of a text's ``lines`` starts a record (``{`` or ``[``), as in JSON Lines, not a
    document written over many lines (whose lines start with keys and closing brackets too)."""
    return all(raw.lstrip().startswith(("{", "[")) for _, raw in lines)


def _with_first_line_issue(document: list[Board], lines: list[Board]) -> list[Board]:
    """``document`` (no one JSON value: the board of its problem) with the first problem of its lines read
    one by one added, unless on the same line: a JSON Lines file no line of which is good is reported at
    both places."""
    first = next((issue for board in lines for issue in board.issues), None)
    said = {issue.line for board in document for issue in board.issues}
    if first is not None and document and first.line not in said:
        document[-1].issues.append(first)
    return document


def _said(said: list[str], boards: Iterable[Board], reading: str) -> Iterator[Board]:
    """``boards`` as they come, ``said`` told how they were read (one document, or line by line)."""
    said.append(reading)
    return iter(boards)


@dataclass(frozen=True)
class _Loaded:
    """A text parsed as one JSON value: the value, or why it is none."""

    data: Any = None
    error: json.JSONDecodeError | None = None


def _loaded(text: str) -> _Loaded:
    """``text`` parsed as one JSON value, once: a reader that asks whether it is one reads it from this."""
    try:
        return _Loaded(data=json_value(text))
    except json.JSONDecodeError as e:
        return _Loaded(error=e)


def _json_lines(lines: Iterable[tuple[int, str]], source: str, strict: bool) -> Iterator[Board]:
    """The boards of JSON Lines, given as numbered lines: each good line's, each bad line an issue at its
    line and column, on the next board."""
    pending: list[Issue] = []
    seen = BoardsSeen()  # the file's board numbers: told again with another deal, as PBN and LIN tell them
    for line_no, raw in lines:
        try:
            record = json_value(raw.rstrip("\r\n"))  # a line cut short: placed at its end, not the next line
        except json.JSONDecodeError as e:
            message = _bad_json(raw, e, "line")
            report(message, source, line_no, e.colno, strict=strict, issues=pending, context=raw[:40],
                   syntax=True)
            continue
        with lines_as_context(raw, line_no):
            yield from _line_boards(record, raw, line_no, source, strict, pending, seen)
    if pending:
        board = Board()
        board.issues = pending
        yield board


def _lines(stream: TextIO, first: int = 1) -> Iterator[tuple[int, str]]:
    """The lines of ``stream`` that hold something, with their numbers from ``first`` (a byte order mark,
    left by a stream opened as plain UTF-8, taken off line 1)."""
    for line_no, raw in enumerate(stream, first):
        if line_no == 1:
            raw = raw.removeprefix("\ufeff")
        raw = _without_end_mark(raw)
        if raw.strip():
            yield line_no, raw


END_MARK = "\x1a"
"""DOS's end-of-file mark (Ctrl-Z), which old programs wrote after a file's last line."""


def _without_end_mark(text: str) -> str:
    """``text`` without a DOS end-of-file mark at its end (skipped as the PBN and LIN readers skip it)."""
    written = text.rstrip()
    return written.rstrip(END_MARK) if written.endswith(END_MARK) else text


def _line_boards(
    record: Any, raw: str, line_no: int, source: str, strict: bool, pending: list[Issue], seen: BoardsSeen
) -> Iterator[Board]:
    """The boards of one JSON Lines line: its board object, or those of a document written on the line
    (``{"schema": ..., "boards": [...]}`` or an array of boards, each bad one reported at its place on the
    line)."""
    if isinstance(record, list) or (isinstance(record, dict) and "boards" in record):
        yield from _document(raw, source, strict, line_no - 1, pending, seen, loaded=_Loaded(data=record))
    else:
        where = _on_line(raw, line_no)
        yield from _line_board(record, source, strict, where, pending, seen=seen, line=line_no)


def _lost_for(board: Board, problems: list[_Problem]) -> str | None:
    """Why a board object is lost, when its deal could not be read and nothing else of it makes a board
    (``{"number": "x", "dealer": "Q", "deal": "N:AKQ"}``): its keys that could not be read, the deal
    first, which each problem after it names one by one; None when it is a board, or gave a deal that
    was read (or none)."""
    from bridgetools.formats import holds_a_board  # the package imports this module

    names = list(dict.fromkeys(str(key[0]) for _, key, _ in problems if key))
    if "deal" not in names or holds_a_board(board):
        return None
    names.sort(key=lambda name: name != "deal")
    return f"board left out: its {listed(names)} cannot be read, and it holds nothing else"


def _line_board(
    record: Any, source: str, strict: bool, where: Place, pending: list[Issue], schema: Any = None,
    seen: BoardsSeen | None = None, line: int | None = None,
) -> Iterator[Board]:
    """The board of one record, its problems reported at ``where(key)`` (the line and column of the bad
    field's value, in JSON Lines or a document alike, found only when there is a problem); ``schema`` is
    its document's (a JSON Lines record names its own). A number ``seen`` earlier in its set with another
    deal is told at the record's ``number`` (`BoardsSeen`); ``line``, a JSON Lines record's, is all
    ``seen`` keeps of where it was (not ``where``, which holds the line's text)."""
    problems: list[_Problem] = []
    if not isinstance(record, dict):
        report(
            f"expected a board object, found {_kind(record)}", source, *where(None),
            strict=strict, issues=pending, syntax=True,
        )  # fmt: skip
        return
    _check_schema(record, source, where, strict, pending)
    board = board_from_dict(record, problems)
    if "deal" in record and (board.deal is None or not board.deal.is_complete):
        deal_read_at(board, source, lambda: where("deal"))  # a hand left out or not read: where to mend it
    if record.get("schema", schema) == OLD_SCHEMAS[1]:
        read_kept_results(board)
    if record.get("schema", schema) in OLD_SCHEMAS:
        score_table_issues_again(board)
        if board.number is None:  # it wrote null for a dealer or vulnerability nothing gave: not given
            board.unknown = board.unknown - frozenset(LAW_2_FIELDS)
            for name, kept in list(board.extra.items()):  # PBN's empty tags: what its writer writes anew
                if isinstance(kept, FormatRecord):
                    board.extra[name] = kept.less_placeholders(board)
    lost = _lost_for(board, problems)
    if lost is not None:  # first: the board's own problem, at its start
        report(lost, source, *where(None), strict=strict, issues=pending)
    for message, key, syntax in problems:
        report(_with_what_is_kept(board, message, key), source, *where(key), strict=strict, issues=pending,
               syntax=syntax)
    _check_result_scores(board, source, where, strict, pending)
    _check_against_itself(board, source, where, strict, pending)
    if seen is not None and board.number is not None:
        # A JSON file keeps the issues of the file it was converted from: the number's check, made again
        # here, takes the kept one's place (one problem, not one more for each file it went through).
        board.issues = [issue for issue in board.issues if issue.kind != BOARD_AGAIN]
        seen.check_at(board, lambda: where("number"), Reporter(source, strict, pending), line=line)
    board.issues = [*pending, *board.issues] if pending else board.issues
    pending.clear()
    yield board


def _with_what_is_kept(board: Board, message: str, key: Path) -> str:
    """A problem with a field, and for a ``contract`` or ``declarer`` that cannot be read the board's number
    and what stands in its place: the complete auction's (else the play's), which the board gives once its
    own is left out (it did so saying only ``left out``), or nothing."""
    if key not in (("contract",), ("declarer",)):
        return message
    message = message.removesuffix("; left out")
    character = _CHARACTER.search(message)  # said with the board in one phrase: (character 2 of board 5)
    if character is not None:
        message = message[:character.start()]
    where = board_named(board, None if character is None else f"character {character.group(1)}")
    kept = board.contract if key == ("contract",) else board.declarer
    if kept is None:
        return f"{message}{where}; left out"
    auction = board.auction
    by = "auction" if auction is not None and auction.is_complete else "play"
    said = kept.name if isinstance(kept, Seat) else str(kept)
    return f"{message}{where}: the {by}'s {said} is kept"


_CHARACTER = re.compile(r" \(character (\d+)\)$")
"""The place a `NotationError` gives at the end of its message (``(character 2)``)."""


def _check_schema(
    record: dict[str, Any], source: str, where: Place, strict: bool, pending: list[Issue]
) -> None:
    schema = record.get("schema")
    if schema is not None and schema != SCHEMA and schema not in OLD_SCHEMAS:
        message = f"unknown schema {_json_text(schema)} (expected {_json_text(SCHEMA)})"
        report(message, source, *where("schema"), strict=strict, issues=pending)


_JSON_PROBLEMS = {
    "Unterminated string starting at": "a string is not closed: expected its closing '\"' (a missing quote, "
                                       "or the file ends inside it)",
    "Invalid control character at": "a string not closed on its line: expected its closing '\"' (a line end "
                                    "or a tab in one is written \\n or \\t)",
    "Expecting value": "expected a value (a string, a number, an object, an array, true, false or null)",
    "Expecting ',' delimiter": "expected ',' after a value, or the '}' or ']' that closes it",
    "Expecting ':' delimiter": "expected ':' after a key",
    "Expecting property name enclosed in double quotes": "expected a key in double quotes (or the '}' that "
                                                         "closes the object, with no ',' before it)",
}
"""Python's words for a JSON error whose position it gives after them (``... starting at``), said whole:
the position is already the message's line and column."""


def _json_problem(message: str) -> str:
    """What is wrong with JSON text, in words that end where the message does (``at`` cut off)."""
    return _JSON_PROBLEMS.get(message, message.removesuffix(" at"))


def _bad_json(text: str, error: json.JSONDecodeError, whole: str) -> str:
    """The problem of JSON ``text`` (``whole``: a file, a document, a line), said as text cut short when it
    ends inside an object or an array where more was expected (``head -c 700`` of a file), which the
    error's own words do not say: ``bad JSON: the file ends inside an object (truncated?): expected a key
    ...``."""
    problem = _extra_data(text, error, whole) if error.msg == "Extra data" else _json_problem(error.msg)
    inside = _open_at_end(text) if error.pos >= len(text.rstrip()) else None
    return f"bad JSON: the {whole} ends inside {inside} (truncated?): {problem}" if inside \
        else f"bad JSON: {problem}"


def _extra_data(text: str, error: json.JSONDecodeError, whole: str) -> str:
    """What Python calls "Extra data", text after the value a ``whole`` (a file, a document, a line) holds,
    said as what was expected there and what stands instead: ``expected the end of the file after the
    boards, found '}' (one too many?)``."""
    boards = "its board" if whole == "line" else "the boards"
    found = text[error.pos]
    what = f"'{found}' (one too many?)" if found in "}]" else \
        "another value (JSON Lines puts each board on a line of its own)" if found in '{["' else repr(found)
    return f"expected the end of the {whole} after {boards}, found {what}"


def _brackets(text: str) -> Iterator[tuple[int, str]]:
    """The place and character of each bracket of JSON ``text`` outside its strings; a last ``"`` when the
    text ends inside a string."""
    in_string = escaped = False
    for at, char in enumerate(text):
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "{[}]":
            yield at, char
    if in_string:
        yield len(text), '"'


def _open_at_end(text: str) -> str | None:
    """``an object`` or ``an array``: what is still open at the end of ``text`` (the innermost), or None."""
    opened: list[str] = []
    for _, char in _brackets(text):
        if char == '"':
            return None
        if char in "{[":
            opened.append(char)
        elif opened:
            opened.pop()
    if not opened:
        return None
    return "an object" if opened[-1] == "{" else "an array"


NESTED_AT_MOST = 100
"""Arrays and objects a JSON hand record is read nested in, said when a text nested deeper is too deep for
Python's parser (a few levels hold a board; thousands only exhaust the stack)."""


def json_value(text: str) -> Any:
    """``text`` parsed as one JSON value; nested too deeply for Python's parser (``[[[[...``), a
    `json.JSONDecodeError` at the bracket opened past `NESTED_AT_MOST`, as any bad JSON is said."""
    try:
        return json.loads(text)
    except RecursionError:
        depth, place = 0, 0
        for at, char in _brackets(text):
            depth += 1 if char in "{[" else -1 if char in "}]" else 0
            if depth > NESTED_AT_MOST:
                place = at
                break
        message = f"arrays and objects nested too deeply to read (here past {NESTED_AT_MOST})"
        raise json.JSONDecodeError(message, text, place) from None


def _error_place(text: str, error: json.JSONDecodeError) -> tuple[int, int]:
    """The line and column of a JSON error; a text cut short is placed at the end of its last written line,
    not on the empty line after it."""
    written = text.rstrip()
    if error.pos < len(written):
        return error.lineno, error.colno
    return written.count("\n") + 1, len(written) - written.rfind("\n")


def _document(
    text: str, source: str, strict: bool, line_offset: int, lines_pending: list[Issue] | None = None,
    seen: BoardsSeen | None = None,
    shape: Reading | None = None,
    loaded: _Loaded | None = None,
) -> Iterator[Board]:
    """The boards of a document starting after line ``line_offset`` (``loaded``: ``text`` already parsed);
    a problem no board holds goes to ``lines_pending`` (the issues of a JSON Lines file, for its next board),
    else to a board of its own. ``shape``, for a file's whole text, records whether the document is no hand
    record (`no_hand_record`)."""
    pending: list[Issue] = [] if lines_pending is None else lines_pending
    loaded = _loaded(text) if loaded is None else loaded
    data, e = loaded.data, loaded.error
    if e is not None:
        data = _bad_document(text, e, source, strict, line_offset, pending, lines_pending is None)
        if data is None:
            if lines_pending is None:
                board = Board()
                board.issues = pending
                yield board
            return
    if shape is not None:
        record_shape(shape, data)
    places = _Places(text, line_offset)
    seen = BoardsSeen() if seen is None else seen
    records, kept = _records(data, source, places, strict, pending)
    if not records and shape is not None:  # a hand record of no boards: the error placed at its []
        shape.place = places.of_document("boards" if isinstance(data, dict) else None)
    schema = data.get("schema") if isinstance(data, dict) else None
    for i, record in enumerate(records):
        for board in _line_board(record, source, strict, partial(places.of, i), pending, schema, seen):
            yield _keeping(board, kept)
            kept = None
    if pending and lines_pending is None:
        board = Board()
        board.issues = pending
        yield _keeping(board, kept)


def _bad_document(text: str, e: json.JSONDecodeError, source: str, strict: bool, line_offset: int,
                  pending: list[Issue], whole_file: bool) -> Any:
    """The problem of a document that is bad JSON, reported (raised for a file's one document under
    ``strict``: it cannot be read, not stopped), and what of it is read: a file cut short gives the
    boards it holds whole before the cut (`whole_boards`), as the other formats' readers do; anything
    else, nothing (None)."""
    line, column = _error_place(text, e)
    message = _bad_json(text, e, "file" if whole_file else "document")
    if strict and whole_file:
        raise ParseError(message, source, line + line_offset, column)
    # A string not closed runs to the end (a line end in it is another error): the text is cut there too.
    cut = whole_file and (e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string"))
    kept = whole_boards(text) if cut else None
    if kept is not None:
        message += "; the boards before it, written whole, are read"
    report(message, source, line + line_offset, column, strict=strict, issues=pending, syntax=True)
    return kept


def _records(data: Any, source: str, places: _Places, strict: bool,
             pending: list[Issue]) -> tuple[list[Any], JsonRecord | None]:
    """The board records of a document's ``data`` (its ``boards``, an array's items, or the one object),
    and the document's own keys to keep (`_document_record`); a ``boards`` that is no array is a problem
    added to ``pending``, and no records."""
    if not (isinstance(data, dict) and "boards" in data):
        return (data if isinstance(data, list) else [data]), None
    _check_schema(data, source, places.of_document, strict, pending)
    records = data["boards"]
    if not isinstance(records, list):
        report(f"boards: expected an array of board objects, found {_kind(records)}", source,
               *places.of_document("boards"), strict=strict, issues=pending, syntax=True)
        records = []
    return records, _document_record(data)


def _document_record(data: dict[str, Any]) -> JsonRecord | None:
    """The keys of a document the schema does not define (beside ``schema`` and ``boards``), in order, or
    None when it has none."""
    document = _unknown_keys(data, _DOCUMENT_FIELDS)
    if not document:
        return None
    after = list(data)[list(data).index("boards") + 1:]
    return JsonRecord.of(document=document, after_boards=(key for key in after if key in document))


def _keeping(board: Board, document: JsonRecord | None) -> Board:
    """``board`` keeping its document's unknown keys (``document``, if any) beside its own."""
    if document is not None:
        own = board.extra.get(JsonRecord.FORMAT)
        keys = own.keys if isinstance(own, JsonRecord) else ()
        board.extra[JsonRecord.FORMAT] = dataclasses.replace(document, keys=keys)
    return board


def _on_line(raw: str, line: int) -> Place:
    """The place of a JSON Lines record ``raw`` on ``line``, or of its field's value there (or of the bad
    call or card in it)."""
    def where(key: Path | str | None) -> tuple[int, int]:
        at = None if key is None else path_offset(raw, len(raw) - len(raw.lstrip()), _path(key))
        return line, 1 if at is None else at + 1
    return where


def _path(key: Path | str) -> Path:
    """``key`` as a path: a field's key alone is the path of one step."""
    return (key,) if isinstance(key, str) else key


class _Places:
    """The line and column of each board of one document, found the first time a problem needs one."""

    def __init__(self, text: str, line_offset: int) -> None:
        self.text, self.line_offset = text, line_offset
        self.offsets: list[int] | None = None
        self.lines: LineStarts | None = None

    def line_column(self, offset: int) -> tuple[int, int]:
        """The line and column of ``offset`` in the file, its lines found the first time one is asked."""
        if self.lines is None:
            self.lines = LineStarts(self.text)
        line, column = self.lines.line_column(offset)
        return line + self.line_offset, column

    def of_document(self, key: Path | str | None = None) -> tuple[int, int]:
        """Where the document holds the value of ``key`` (``schema``, ``boards``), or starts."""
        start = len(self.text) - len(self.text.lstrip())
        at = path_offset(self.text, start, _path(key)) if key else None
        return self.line_column(start if at is None else at)

    def of(self, i: int, key: Path | str | None = None) -> tuple[int, int]:
        """Where board ``i`` (from 0) holds the value of ``key`` (a field, or a path into one), or starts (no
        key, or none found); the document's first line if it cannot be told."""
        if self.offsets is None:
            self.offsets = board_offsets(self.text)
        if i >= len(self.offsets):
            return self.line_offset + 1, 1
        start = self.offsets[i]
        at = path_offset(self.text, start, _path(key)) if key else None
        return self.line_column(start if at is None else at)


__all__ = [
    "EXTENSIONS", "SCHEMA", "board_from_dict", "board_to_dict", "no_hand_record", "read_boards", "sniff",
    "write_boards",
]
