"""Double-dummy table, par and other tables' results as the tags and tables a board keeps give them.

A hand record writes these as PBN tags and tables (``DoubleDummyTricks``, ``OptimumResultTable``,
``OptimumScore``, ``ParContract``, ``ScoreTable``), and the board keeps them as written so that they are
written back unchanged; these functions read them once, here, into the model's values, for
`Board.dd_table`, `Board.par` and `Board.results`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Protocol, TypeVar

from bridgetools.errors import BridgeError
from bridgetools.model import Card, Contract, Seat, Strain
from bridgetools.model.results import DDTable, Par, ParContract, TableResult

_SIDE_SCORE = re.compile(r"^\s*(?:(NS|EW)\s+)?\^?([+-]?\d+)", re.I)
_DD_DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)
_DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
"""The order of ``DoubleDummyTricks``' 20 hex digits: declarers N, S, E, W; strains NT, S, H, D, C."""
_PAR_PART = re.compile(r"(NS|EW|[NESW]{1,2})\s+([1-7](?:NT|N|[CDHS])(?:XX|X)?)\s*([+-]\d+)?", re.I)


T = TypeVar("T")


class KeptTable(Protocol):
    """A table as the board keeps it (`bridgetools.board.Table`): rows of cells, and records by name."""

    rows: list[list[str]]

    def records(self) -> list[dict[str, str]]: ...


def side_score(text: str | None, declarer: Seat | None = None) -> int | None:
    """North-South's score from a PBN score value: ``NS 420``, ``EW -50``, ``NS 420 EW -420``, ``+550``.

    A bare number is the declaring side's score (North-South's when there is no declarer).
    """
    if not text:
        return None
    m = _SIDE_SCORE.match(text)
    if not m:
        return None
    value = int(m.group(2))
    side = (m.group(1) or (declarer.side if declarer is not None else "NS")).upper()
    return value if side == "NS" else -value


def dd_table_of(tags: Mapping[str, str], tables: Mapping[str, KeptTable]) -> DDTable | None:
    """From ``DoubleDummyTricks`` (20 hex digits), else from the rows of ``OptimumResultTable``
    (declarer, strain, tricks); None when the board has neither."""
    digits = tags.get("DoubleDummyTricks", "").strip()
    if re.fullmatch(r"[0-9a-dA-D]{20}", digits):
        return DDTable.from_mapping({
            (seat, strain): int(digits[d * 5 + s], 16)
            for d, seat in enumerate(_DD_DECLARERS) for s, strain in enumerate(_DD_STRAINS)
        })
    table = tables.get("OptimumResultTable")
    if table is None:
        return None
    counts: dict[tuple[Seat, Strain], int] = {}
    for row in table.rows:
        cells = " ".join(row).split()
        if len(cells) != 3 or not cells[2].isdigit() or int(cells[2]) > 13:
            continue
        try:
            counts[Seat.parse(cells[0][:1]), Strain.parse(cells[1])] = int(cells[2])
        except BridgeError:
            continue
    return DDTable.from_mapping(counts)


def par_of(tags: Mapping[str, str]) -> Par | None:
    """From ``OptimumScore`` (North-South's score unless it names EW) and ``ParContract`` (``NS 4S; NS
    5C``, ``EW 3SX-2``); None when the board has neither."""
    score_text, contract_text = tags.get("OptimumScore"), tags.get("ParContract")
    if not score_text and not contract_text:
        return None
    contracts = []
    for part in re.split(r"[;,]", contract_text or ""):
        m = _PAR_PART.fullmatch(part.strip())
        if not m:
            continue
        who = m.group(1).upper()
        seats = (Seat.N, Seat.S) if who == "NS" else (Seat.E, Seat.W) if who == "EW" else \
            tuple(Seat.parse(c) for c in who)
        contracts.append(ParContract(Contract.from_str(m.group(2)), seats, int(m.group(3) or 0)))
    return Par(side_score(score_text), tuple(contracts))


def _number(text: str | None) -> float | None:
    try:
        return float(text) if text else None
    except ValueError:
        return None


def _parsed(parse: Callable[[str], T], text: str) -> T | None:
    """``parse(text)``, or None when the text is empty or not what ``parse`` reads."""
    try:
        return parse(text) if text else None
    except BridgeError:
        return None


def _names(record: Mapping[str, str], column: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in record[column].split(";")) if column in record else ()


def results_of(tables: Mapping[str, KeptTable]) -> tuple[TableResult, ...]:
    """The rows of ``ScoreTable`` that give a contract or a score, as `TableResult`s."""
    table = tables.get("ScoreTable")
    if table is None:
        return ()
    results = []
    for record in table.records():
        contract = _parsed(Contract.from_str, record.get("Contract", ""))
        score = side_score(record.get("Score_NS"), Seat.N)
        if score is None and (ew := side_score(record.get("Score_EW"), Seat.N)) is not None:
            score = -ew
        if contract is None and score is None:
            continue
        result = record.get("Result", "").lstrip("^")
        results.append(TableResult(
            contract=contract,
            declarer=_parsed(Seat.parse, record.get("Declarer", "")),
            tricks=int(result) if result.isdigit() else None,
            lead=_parsed(Card.parse, record.get("Lead", "")),
            score_ns=score,
            ns_pair=record.get("PairId_NS") or None,
            ew_pair=record.get("PairId_EW") or None,
            ns_names=_names(record, "Names_NS"),
            ew_names=_names(record, "Names_EW"),
            matchpoints_ns=_number(record.get("MP_NS")),
            matchpoints_ew=_number(record.get("MP_EW")),
            imps_ns=_number(record.get("IMP_NS")),
            imps_ew=_number(record.get("IMP_EW")),
        ))
    return tuple(results)
