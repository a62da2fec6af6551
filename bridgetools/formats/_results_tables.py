"""Double-dummy table, par and other tables' results as hand records spell them, both ways.

BridgeComposer writes them as the tags ``DoubleDummyTricks``, ``OptimumScore``, ``ParContract`` and the
tables ``OptimumResultTable`` and ``ScoreTable``. The reader keeps those as written (so that they are
written back unchanged) and gives the board their values (`Board.dd_table`, `Board.par`,
`Board.results`) with `read_recorded`; the writer writes a value the kept tags lack or disagree with in
the same spelling (`recorded_tags`). The model holds values; a board keeps these tags and tables
whichever format read it, and LIN's and JSON's readers and writers meet them as PBN's do, so this module
belongs to no one format.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Protocol, TypeVar

from bridgetools._lazy import lazy_compile
from bridgetools.board import Board, Table
from bridgetools.errors import BridgeError
from bridgetools.model import Card, Contract, Seat, Strain
from bridgetools.model.results import (
    ADJUSTED_LABELS,
    TABLE_SEATS,
    TABLE_STRAINS,
    DDTable,
    Par,
    ParContract,
    TableResult,
    label_percentage,
)
from bridgetools.scoring.duplicate import parse_tricks

SIDES_RESULT = lazy_compile(r"\^?(NS|EW) +(\d+) +(NS|EW) +(\d+)")
"""Both sides' tricks in one Result (``NS 9 EW 4``)."""
_DD_DIGITS = lazy_compile(r"[0-9a-dA-D]{20}")
_SIDE_SCORE = lazy_compile(r"^\s*(?:(NS|EW)\s+)?\^?([+-]?\d+)(?=\s*$|\s*;|\s*,(?!\d)|\s+[^\s%])", re.I)
"""A score in points, alone or before more words; not a percentage (an artificial adjusted score,
``^60%``, ``40/60``, ``60A``) nor a fraction (``6.5``)."""
_PERCENT = r"(\d{1,3}(?:\.\d+)?)"
_ADJUSTED_FORMS = (
    lazy_compile(rf"\^?\s*{_PERCENT}\s*%"),                       # ^60%, 40 %
    lazy_compile(rf"\^?\s*{_PERCENT}\s*%?\s*/\s*{_PERCENT}\s*%?"),  # 40/60: this side's, then the other's
    lazy_compile(rf"\^?\s*{_PERCENT}\s*A", re.I),                 # 60A
    lazy_compile(rf"\^?\s*A\s*{_PERCENT}", re.I),                 # A60
)
"""The spellings of an artificial adjusted score (Law 12C2) in a score cell: a percentage for the
cell's side, and with a ``/`` the other side's after it; a label (``AVE+``, ``A-``, ``A=``:
`ADJUSTED_LABELS`) gives its percentage."""
_DD_DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)
_DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
"""The order of ``DoubleDummyTricks``' 20 hex digits: declarers N, S, E, W; strains NT, S, H, D, C."""
_PAR_WHO = r"(?P<who>NS|EW|SN|WE|[NESW]{1,2})"
_PAR_CONTRACT = r"(?P<contract>[1-7](?:NT|N|[CDHS])(?:XX|X|\*\*|\*|R)?)"
_PAR_RESULT = r"(?P<result>[+-]\d+|=)"
_PAR_FORMS = tuple(lazy_compile(form, re.I) for form in (
    rf"{_PAR_WHO}\s*:?\s*{_PAR_CONTRACT}\s*{_PAR_RESULT}?",  # NS 4S, EW 3SX-2, N 4S+1 (BridgeComposer)
    rf"{_PAR_CONTRACT}\s*{_PAR_RESULT}?\s*(?:by\s+)?{_PAR_WHO}",  # 4S N, 4SX-2 EW, 4S by N
    rf"{_PAR_CONTRACT}\s*(?:by\s+)?{_PAR_WHO}\s*{_PAR_RESULT}?",  # 4SN=, 4S N+1 (LIN's rs)
))
"""The spellings of one par contract: the side or seats (``NS``, ``N``, ``NE`` for two seats of both
sides), the contract and its over- or undertricks (``+1``, ``-2``, ``=``), before or after each other."""
_PAR_PASSED = lazy_compile(r"(?:(?:NS|EW)\s+)?(?:pass|passed\s*out|all\s*pass|p)", re.I)
_SCORE_PART = lazy_compile(r"(?:(?:NS|EW)\s+)?[+-]?\d+(?:\s+(?:NS|EW)\s+[+-]?\d+)?", re.I)


T = TypeVar("T")

MOST_POINTS = 7_750
"""The most one board scores under the Laws: 7,600 (thirteen down, redoubled, vulnerable: Law 77), with
150 for honours at rubber bridge. A score cell or tag beyond it (``3000000000``, a slip or a column
shifted) is no bridge score: read as none, and said (`BEYOND_POINTS`)."""
BEYOND_POINTS = (f"beyond any score of one board (at most {MOST_POINTS:,}: 7,600 for thirteen down "
                 "redoubled vulnerable, 150 for honours)")


def within_points(score: int | None) -> int | None:
    """``score`` when a board can score it (`MOST_POINTS` either way), else None (unknown)."""
    return score if score is None or -MOST_POINTS <= score <= MOST_POINTS else None


def beyond_points(text: str | None) -> bool:
    """Whether a score value (a cell, a Score tag) is a score in points larger than any board scores
    (`MOST_POINTS`), which `side_score` reads as none."""
    m = _SIDE_SCORE.match(text or "")
    digits = "" if m is None else m.group(2).lstrip("+-")
    return m is not None and (len(digits) > 9 or int(digits) > MOST_POINTS)


class KeptTable(Protocol):
    """A table as the board keeps it (`bridgetools.board.Table`): rows of cells, and records by name."""

    rows: list[list[str]]

    def records(self) -> list[dict[str, str]]: ...


def side_score(text: str | None, declarer: Seat | None = None) -> int | None:
    """North-South's score from a PBN score value: ``NS 420``, ``EW -50``, ``NS 420 EW -420``, ``+550``.

    A bare number is the declaring side's score (North-South's when there is no declarer). A
    percentage (``^60%``, an artificial adjusted score: Law 12C2) or fraction is no score in points, nor
    is a number larger than any board scores (`beyond_points`): None.
    """
    if not text:
        return None
    m = _SIDE_SCORE.match(text)
    if not m or beyond_points(text):
        return None
    value = int(m.group(2))
    side = (m.group(1) or (declarer.side if declarer is not None else "NS")).upper()
    return value if side == "NS" else -value


def adjusted_percentages(text: str | None) -> tuple[float | None, float | None]:
    """The percentages an artificial adjusted score (``^60%``, ``40/60``, ``60A``) gives the side whose
    score cell it is in and, with ``/``, the other side; (None, None) for any other cell (a score in
    points, a fraction, words) and for a percentage above 100. A label (``AVE+``: `ADJUSTED_LABELS`) gives
    its percentage."""
    labelled = label_percentage(text)
    if labelled is not None:
        return labelled, None
    m = next((m for form in _ADJUSTED_FORMS if (m := form.fullmatch((text or "").strip()))), None)
    if m is None:
        return None, None
    values = [float(v) for v in m.groups()]
    if any(v > 100 for v in values):
        return None, None
    return values[0], values[1] if len(values) > 1 else None


def _label_percentages(record: Mapping[str, str], pct: float | None) -> tuple[float | None, float | None]:
    """North-South's and East-West's percentages of a row whose Contract cell is a label (``A+``) and no
    score cell says whose: each side's Percentage cell where the row gives it (``A+`` with 60 and 40, the
    scorer's North-South average-plus and East-West average-minus), else the label's, to both sides as
    the Laws read a label naming no side (Law 12C2(a)); none for a label of no percentage (``NP``)."""
    if pct is None:
        return None, None
    ns, ew = figure(record.get("Percentage_NS")), figure(record.get("Percentage_EW"))
    return (pct if ns is None else ns), (pct if ew is None else ew)


def _row_percentages(record: Mapping[str, str]) -> tuple[float | None, float | None]:
    """North-South's and East-West's percentages of a ScoreTable row with an artificial adjusted score,
    from its ``Score_NS`` and ``Score_EW`` cells; a side neither cell gives has the other's complement
    (``^60%`` alone: 60 and 40); (None, None) when neither cell is one."""
    ns, ns_other = adjusted_percentages(record.get("Score_NS"))
    ew, ew_other = adjusted_percentages(record.get("Score_EW"))
    ns = ns if ns is not None else ew_other
    ew = ew if ew is not None else ns_other
    if ns is not None:
        return ns, 100 - ns if ew is None else ew
    return (None, None) if ew is None else (100 - ew, ew)


def dd_table_of(tags: Mapping[str, str], tables: Mapping[str, KeptTable]) -> DDTable | None:
    """From ``DoubleDummyTricks`` (20 hex digits), else from the rows of ``OptimumResultTable``
    (declarer, strain, tricks); None when the board has neither."""
    digits = tags.get("DoubleDummyTricks", "").strip()
    if _DD_DIGITS.fullmatch(digits):
        return _dd_of_digits(digits)
    table = tables.get("OptimumResultTable")
    if table is None:
        return None
    return _dd_of_rows(tuple(tuple(row) for row in table.rows))


@functools.lru_cache(maxsize=1024)
def _dd_of_digits(digits: str) -> DDTable:
    """The table of 20 hex digits (remembered: a table is immutable, and files give each deal's
    table at every table it was played)."""
    return DDTable.from_mapping({
        (seat, strain): int(digits[d * 5 + s], 16)
        for d, seat in enumerate(_DD_DECLARERS) for s, strain in enumerate(_DD_STRAINS)
    })


@functools.lru_cache(maxsize=1024)
def _dd_of_rows(rows: tuple[tuple[str, ...], ...]) -> DDTable:
    """The table of ``OptimumResultTable``'s rows (declarer, strain, tricks; remembered likewise)."""
    counts: dict[tuple[Seat, Strain], int] = {}
    for row in rows:
        cells = " ".join(row).split()
        if len(cells) != 3 or not cells[2].isdecimal() or int(cells[2]) > 13:
            continue
        try:
            counts[Seat.parse(cells[0][:1]), Strain.parse(cells[1])] = int(cells[2])
        except BridgeError:
            continue
    return DDTable.from_mapping(counts)


def par_of(tags: Mapping[str, str]) -> Par | None:
    """From ``OptimumScore`` (North-South's score unless it names EW) and ``ParContract`` (``NS 4S; NS
    5C``, ``EW 3SX-2``, ``4S N``, ``4SN=``: `_PAR_FORMS`); None when the board has neither. An
    ``OptimumScore`` that gives the contract before the score (BBO Extractor's ``NS 7N; +1520``) gives
    both, the score the contract's side's."""
    score_text, contract_text = tags.get("OptimumScore"), tags.get("ParContract")
    if not score_text and not contract_text:
        return None
    contracts = _par_contracts(contract_text or "")
    score = side_score(score_text)
    parts = [p.strip() for p in re.split(r"[;,]", score_text or "")]
    if len(parts) > 1 and not _SCORE_PART.fullmatch(parts[0]):
        given = _par_contracts(";".join(parts[:-1]))
        side = given[0].declarers[0] if given and given[0].declarers else None
        score = side_score(parts[-1], side)
        contracts = contracts or given
    return Par(score, tuple(contracts))


def unread_par_contracts(text: str) -> list[str]:
    """The parts of a ``ParContract`` value that are neither a par contract (`_PAR_FORMS`) nor ``Pass``,
    which the reader tells: the par they leave out is not a passed-out deal's."""
    parts = [part.strip() for part in re.split(r"[;,]", text)]
    return [part for part in parts if part and not _PAR_PASSED.fullmatch(part)
            and not any(form.fullmatch(part) for form in _PAR_FORMS)]


def _par_contracts(text: str) -> list[ParContract]:
    """The par contracts of a ``ParContract`` value, ``;`` or ``,`` apart (none for ``Pass``)."""
    contracts = []
    for part in re.split(r"[;,]", text):
        part = part.strip()
        m = next((m for form in _PAR_FORMS if (m := form.fullmatch(part))), None)
        if m is None:
            continue  # Pass, or not a contract (the tag is kept as written all the same)
        who = m.group("who").upper()
        seats = (Seat.N, Seat.S) if who in ("NS", "SN") else (Seat.E, Seat.W) if who in ("EW", "WE") \
            else tuple(Seat.parse(c) for c in who)
        result = m.group("result") or "="
        contracts.append(ParContract(Contract.from_str(m.group("contract")), seats,
                                     0 if result == "=" else int(result)))
    return contracts


_COMMA_DECIMAL = re.compile(r"[+-]?\d+,\d+")
"""A number with a decimal comma (``4,5``, ``66,67``), as European scoring programs write matchpoints and
percentages."""
FIGURE_COLUMNS = ("MP_NS", "MP_EW", "IMP_NS", "IMP_EW", "Percentage_NS", "Percentage_EW")
"""The ScoreTable columns of a pair's figures on the board, each a number (`figure`)."""


def figure(text: str | None) -> float | None:
    """A matchpoint, IMP or percentage cell's number: ``4``, ``4.5``, or with a decimal comma ``4,5``;
    None for an empty cell or one that is no finite number (``extra``, ``nan``: `_mistyped_cells` says
    so)."""
    text = (text or "").strip()
    if _COMMA_DECIMAL.fullmatch(text):
        text = text.replace(",", ".")
    try:
        value = float(text) if text else None
    except ValueError:
        return None
    return value if value is not None and math.isfinite(value) else None


def _parsed(parse: Callable[[str], T], text: str) -> T | None:
    """``parse(text)``, or None when the text is empty or not what ``parse`` reads."""
    try:
        return parse(text) if text else None
    except BridgeError:
        return None


_PARTNERS = lazy_compile(r"\s*[&/+]\s*|\s+[-\u2013]\s+")
"""What joins two players in a partnership's name as scoring programs write it: ``Smith & Jones``,
``Smith / Jones``, ``Smith + Jones``, ``Smith - Jones`` (a dash with a space each side: ``Smith-Jones``
is one hyphenated surname)."""


_NOT_A_PLAYER = frozenset({"mr", "mrs", "ms", "miss", "dr", "prof", "sir", "dame", "lady", "lord", "team",
                           "pair", "north", "south", "east", "west"})
"""Words that, alone on one side of a partnership's name, are no player: a title (``Mr. & Mrs. Smith``)
or a team's or a seat's name (``Team - North``)."""


def cell_names(text: str) -> tuple[str, ...]:
    """The names of a ScoreTable ``Names_NS`` / ``Names_EW`` cell as written: PBN 2.1 §5.9 separates two
    players with ``;``; a cell of one name (a partnership's, ``Smith - Jones``) stays whole, so that the
    table is written back as read."""
    return tuple(n.strip() for n in text.split(";") if n.strip())


def pair_names(text: str) -> tuple[str, ...]:
    """The players of a ScoreTable ``Names_NS`` / ``Names_EW`` cell (`cell_names`), a partnership's name
    split into its two players (`players_of`)."""
    return players_of(cell_names(text))


def players_of(names: tuple[str, ...]) -> tuple[str, ...]:
    """The players of a pair's names as a results table gives them: a partnership's name is split into
    its two players when it is two names joined by `_PARTNERS` (``Smith - Jones``), and kept whole
    otherwise (``The Aces``, ``Mr. & Mrs. Smith``, ``Team - North``: a side that is a title, one word
    ending in ``.``, or a team's or seat's name is no player)."""
    if len(names) != 1:
        return names
    partners = tuple(n.strip() for n in _PARTNERS.split(names[0]))
    if len(partners) != 2 or not all(partners) or any(_no_player(side) for side in partners):
        return names
    return partners


def _no_player(side: str) -> bool:
    """Whether one side of a partnership's name is no player's name: a single word ending in ``.`` or
    one of `_NOT_A_PLAYER`."""
    words = side.split()
    return len(words) == 1 and (side.endswith(".") or side.lower() in _NOT_A_PLAYER)


_PLAYED_FIELDS = (("contract", "Contract"), ("declarer", "Declarer"), ("tricks", "Result"))
"""What a table's result is played as: each field of `TableResult`, and its ScoreTable column."""


def _folded(name: str) -> str:
    """A player's name as two spellings of it compare: spaces collapsed, case folded."""
    return " ".join(name.split()).casefold()


def _known(names: tuple[str | None, ...] | list[str]) -> Counter[str]:
    """The players a side names, as a multiset of folded names: ``?``, ``-`` and empty name nobody."""
    return Counter(_folded(n) for n in names if n is not None and n.strip() not in ("", "?", "-"))


def _side_fits(named: tuple[str | None, ...], names: tuple[str, ...]) -> bool | None:
    """Whether a result's pair (``names``, a ScoreTable names cell) is the board's players of that side
    (``named``, its two seats' tags): each player the board names is one of the row's, a name once each
    (N and S both ``Smith`` are not the pair ``Smith - Jones``); None when either names nobody."""
    board_side, row_side = _known(named), _known(list(players_of(names)))
    if not board_side or not row_side:
        return None
    return board_side <= row_side


_SEATS = ((Seat.N, Seat.S), (Seat.E, Seat.W))


def _fits(players: Mapping[Seat, str], result: TableResult, swapped: bool = False) -> list[bool | None]:
    """How each side of ``result`` fits the board's ``players`` (`_side_fits`), North-South first; with
    ``swapped`` the row's North-South against the board's East-West and the other way round."""
    cells = (result.ew_names, result.ns_names) if swapped else (result.ns_names, result.ew_names)
    return [_side_fits(tuple(players.get(seat) for seat in pair), names)
            for pair, names in zip(_SEATS, cells, strict=True)]


def seated_rows(players: Mapping[Seat, str], results: tuple[TableResult, ...] | list[TableResult]
                ) -> tuple[list[int], bool]:
    """The ``results`` (a board's ScoreTable rows) naming the board's ``players`` (one side at least, and
    neither side another pair), and whether they name them with the sides swapped (an arrow switch: the
    board's North-South written as East-West), looked for only where none names them as seated."""
    for swapped in (False, True):
        fits = [i for i, result in enumerate(results)
                if True in (sides := _fits(players, result, swapped)) and False not in sides]
        if fits:
            return fits, swapped
    return [], False


def contradicts(players: Mapping[Seat, str], result: TableResult) -> bool:
    """Whether ``result`` names another pair than the board's ``players`` on a side (as seated or swapped):
    another table's, since a pair plays a board once."""
    return all(False in _fits(players, result, swapped) for swapped in (False, True))


def seated_result(players: Mapping[Seat, str], results: tuple[TableResult, ...] | list[TableResult],
                  played: tuple[Contract | None, Seat | None, int | None]) -> int | None:
    """Which of a board's ``results`` (its ScoreTable's rows) is the board's own table: the one naming the
    board's players (`seated_rows`: a pair plays a board once, so it is that table whatever result it
    says); of several, the one whose contract, declarer and tricks are ``played``. None when no row names
    the board's players, or several do and none has its result (which is the board's is unknown: the
    caller goes by the result, `seated_ambiguity` says so)."""
    fits, _ = seated_rows(players, results)
    same = [i for i in fits if _played(results[i]) == played]
    return same[0] if same else fits[0] if len(fits) == 1 else None


def seated_ambiguity(players: Mapping[Seat, str], results: tuple[TableResult, ...] | list[TableResult],
                     played: tuple[Contract | None, Seat | None, int | None]) -> tuple[int, int] | None:
    """Where no row can be told the board's own table (`seated_result`): several rows name its players and
    none has its result: the indices of the first two such rows; else None."""
    fits, _ = seated_rows(players, results)
    if len(fits) < 2 or any(_played(results[i]) == played for i in fits):
        return None
    return fits[0], fits[1]


def _played(result: TableResult) -> tuple[Contract | None, Seat | None, int | None]:
    return result.contract, result.declarer, result.tricks


def _said_played(contract: Contract | None, declarer: Seat | None, tricks: int | None) -> str:
    """A result as a player says it: ``4H by N, 10 tricks`` (``?`` for what is not given)."""
    return (f"{'?' if contract is None else contract} by {'?' if declarer is None else declarer.name}, "
            f"{'?' if tricks is None else tricks} tricks")


def own_table_disagreement(board: Board, results: tuple[TableResult, ...] | list[TableResult]
                           ) -> tuple[int, str, str] | None:
    """The board's own table among ``results`` (`seated_result`) when its contract, declarer or tricks
    differ from those the board gives (a Result tag left behind when the table's result was corrected):
    its index, the first `TableResult` field that differs, and what to say of it. The table's result
    is the one the scorer scored, so the analysis counts it, and the one table: None when they agree or
    no row names the board's players."""
    played = (board.contract, board.declarer, board.tricks)
    index = seated_result(board.players, results, played)
    if index is None:
        return None
    row = _played(results[index])
    differ = [name for (name, _), own, held in zip(_PLAYED_FIELDS, played, row, strict=True)
              if own is not None and own != held]
    if not differ:
        return None
    message = (f"({_said_played(*row)}) names the board's players, so it is the board's own table (a pair "
               f"plays a board once), yet the board gives {_said_played(*played)}: the table's result, the "
               "one scored, is the one analyzed, as one table; the board's is kept as written")
    return index, differ[0], message


def played_column(field: str) -> str:
    """The ScoreTable column of one of `TableResult`'s played fields (``tricks``: ``Result``)."""
    return dict(_PLAYED_FIELDS)[field]


def _names(record: Mapping[str, str], column: str) -> tuple[str, ...]:
    return cell_names(record[column]) if column in record else ()


def results_of(tables: Mapping[str, KeptTable]) -> tuple[TableResult, ...]:
    """The rows of ``ScoreTable`` that give a contract or a score, as `TableResult`s."""
    table = tables.get("ScoreTable")
    if table is None:
        return ()
    return tuple(result for result in map(table_result, table.records()) if result is not None)


def is_tricks_cell(value: str) -> bool:
    """Whether a table's Result cell reads as tricks: 0 to 13 (``^`` before it: adjusted), both sides'
    (``NS 9 EW 4``), or nothing said (empty, ``?`` unknown, ``-`` does not apply, §5)."""
    text = value.strip().removeprefix("^")
    return text in ("", "?", "-") or (text.isdecimal() and int(text) <= 13) or bool(
        SIDES_RESULT.fullmatch(text.upper()))


_NOTHING_SAID = ("?", "-")
"""A table cell that says nothing (PBN 2.1 §5): ``?`` unknown, ``-`` does not apply."""


def row_fits(columns: list[str]) -> Callable[[list[str]], bool] | None:
    """A check that a row of a table with these ``columns`` has each cell of a typed column (Contract,
    Declarer, Result, Score_NS, Score_EW) of its kind, so that rows read across lines (§5.2) can be told
    from lines whose cells a cell too many on one and one missing on another shift into wrong columns;
    None when no column is typed. The columns are the table's specs (``Contract\\4L``, ``+Score_NS``): each
    is checked by its name (`Table.names`)."""
    typed = [(at, _CELL_KINDS[name]) for at, name in enumerate(Table(columns).names) if name in _CELL_KINDS]
    if not typed:
        return None
    return lambda row: all(at >= len(row) or row[at].strip() in ("", *_NOTHING_SAID) or kind(row[at].strip())
                           for at, kind in typed)


def _contract_cell(cell: str) -> bool:
    """Whether a Contract cell is a contract (``4SX``, ``Pass``) or a director's adjusted score's label
    (``^60%``, ``A+``, ``AVE=``, ``NP``: `ADJUSTED_LABELS`, as the reader takes them)."""
    return (_parsed(Contract.from_str, cell) is not None or cell.startswith("^")
            or cell.upper() in ("AP", "PASS") or cell.upper() in ADJUSTED_LABELS)


def _score_cell(cell: str) -> bool:
    """Whether a score cell is a score in points or an artificial adjusted score's percentage."""
    return side_score(cell) is not None or adjusted_percentages(cell)[0] is not None


_CELL_KINDS: dict[str, Callable[[str], bool]] = {
    "Contract": _contract_cell,
    "Declarer": lambda cell: _parsed(Seat.parse, cell) is not None,  # as `table_result` reads it: N, North
    "Result": lambda cell: is_tricks_cell(cell) or cell.startswith(("+", "-", "=")),
    "Score_NS": _score_cell,
    "Score_EW": _score_cell,
}
"""The table columns whose cells `row_fits` checks, by the kind of cell each holds."""


def _said(record: Mapping[str, str], column: str) -> str:
    """A row's cell of ``column`` as `table_result` reads it: stripped, and empty where it says nothing
    (``?``, ``-``, or no such column)."""
    cell = record.get(column, "").strip()
    return "" if cell in _NOTHING_SAID else cell


def table_result(record: Mapping[str, str]) -> TableResult | None:
    """One ScoreTable row (its cells by column name) as a `TableResult`; None for a row that gives neither
    a contract (one written, read or not: ``3NY`` is kept as its label) nor a score. An adjusted (``^``)
    result is read as its tricks; an artificial adjusted score (``^60%``: Law 12C2) as each side's
    percentage, and no score in points. A cell of ``?`` (unknown) or ``-`` (does not apply, §5) says
    nothing."""
    record = {name: "" if cell.strip() in _NOTHING_SAID else cell for name, cell in record.items()}
    label = record.get("Contract", "").strip()
    contract = _parsed(Contract.from_str, label)
    score = side_score(record.get("Score_NS"), Seat.N)
    from_ew = side_score(record.get("Score_EW"), Seat.E)  # a bare number is East-West's; a labelled one
    if score is None:                                      # says its side itself
        score = from_ew
    pct_ns, pct_ew = (None, None) if score is not None else _row_percentages(record)
    if contract is None and not record.get("Score_NS", "").strip() and not record.get("Score_EW", "").strip():
        pct_ns, pct_ew = _label_percentages(record, label_percentage(label))
    if contract is None and score is None and pct_ns is None and not label:
        return None
    result = record.get("Result", "").strip().lstrip("^")  # as `is_tricks_cell` checks it
    assigned_tricks, assigned_points = (any(record.get(name, "").strip().lstrip("NSEW +").startswith("^")
                                            for name in names) for names in (("Result",), _SCORE_CELLS))
    return TableResult(
        contract=contract,
        declarer=_parsed(Seat.parse, record.get("Declarer", "")),
        tricks=int(result) if result.isdecimal() else relative_tricks(contract, result),
        lead=_parsed(Card.parse, record.get("Lead", "")),
        score_ns=score,
        score_ew=None if from_ew is None else -from_ew,  # held only where it does not balance Score_NS
        ns_pair=record.get("PairId_NS") or None,
        ew_pair=record.get("PairId_EW") or None,
        ns_names=_names(record, "Names_NS"),
        ew_names=_names(record, "Names_EW"),
        matchpoints_ns=figure(record.get("MP_NS")),
        matchpoints_ew=figure(record.get("MP_EW")),
        imps_ns=figure(record.get("IMP_NS")),
        imps_ew=figure(record.get("IMP_EW")),
        multiplicity=_multiplicity(record.get("Multiplicity", "")),
        adjusted_pct_ns=pct_ns,
        adjusted_pct_ew=pct_ew,
        contract_label=label if contract is None and label else None,
        percentage_ns=figure(record.get("Percentage_NS")),
        percentage_ew=figure(record.get("Percentage_EW")),
        adjusted=assigned_tricks or assigned_points,
        tricks_adjusted=assigned_tricks and not assigned_points,
    )



def relative_tricks(contract: Contract | None, result: str) -> int | None:
    """The tricks a relative Result cell (``+1``, ``=``, ``-2``; no PBN Result, reported at its cell) gives
    with the row's contract (3NT +1: 10), as the scorer meant them and as ``bridgetools score`` reads them
    (`parse_tricks`); None for another cell (``+0``, ``abc``), no contract, a passed-out board or tricks
    out of 0 to 13."""
    if contract is None or not result.startswith(("+", "-", "=")):
        return None
    try:
        return parse_tricks(result, contract)
    except BridgeError:
        return None


def _multiplicity(text: str) -> int:
    """How many tables a ScoreTable row stands for (its ``Multiplicity`` cell): 1 when empty or not a
    positive whole number (``isdecimal``: ``'²'.isdigit()`` holds, yet ``int`` refuses it)."""
    text = text.strip()
    return int(text) if text.isdecimal() and int(text) >= 1 else 1


def read_kept_results(board: Board) -> None:
    """Give ``board`` the results its kept ScoreTable spells, in place of those it was given (a JSON
    file of schema 2 holds the results an older reader found in the table, which rows and columns it
    read otherwise; written back, stale results would replace the table)."""
    results = results_of(board.tables)
    if results:
        board.results = results


def read_recorded(board: Board) -> None:
    """Give ``board`` the double-dummy table, par and other tables' results its kept tags and tables
    spell, as given values (the tags and tables stay, for the writer)."""
    tags, tables = board.tags, board.tables
    board.dd_table = dd_table_of(tags, tables)
    board.par = par_of(tags)
    if "ScoreTable" in tables:
        results = results_of(tables)
        if results:
            board.results = results


DD_TAG = "DoubleDummyTricks"
DD_TABLE = "OptimumResultTable"
DD_COLUMNS = ("Declarer", "Denomination\\2R", "Result\\2R")
PAR_TAGS = ("OptimumScore", "ParContract")
SCORE_TABLE = "ScoreTable"


def recorded_tags(board: Board) -> tuple[dict[str, str], dict[str, Table]]:
    """The tags and tables to write for ``board``: those it keeps, unchanged where they spell its
    double-dummy table, par and results (or it has none), else replaced by its values in BridgeComposer's
    spelling (a board given these values directly, or changed since it was read)."""
    tags, tables = board.tags, board.tables
    dd, par, results = board.dd_table, board.par, board.results
    if dd is not None and dd_table_of(tags, tables) != dd:
        tags, tables = dict(tags), dict(tables)
        tags.pop(DD_TAG, None)
        if dd.is_complete:
            tags[DD_TAG] = double_dummy_tricks(dd)
        tables[DD_TABLE] = result_table(dd)
    if par is not None and par_of(tags) != par:
        tags = dict(tags)
        for tag, value in zip(PAR_TAGS, (optimum_score(par), par_contracts_value(par)), strict=True):
            if value is None:
                tags.pop(tag, None)  # not known: no tag, where a made-up one would say a false par
            else:
                tags[tag] = value
    if results and results_of(tables) != results:
        tables = {**tables, SCORE_TABLE: score_table(results, tables.get(SCORE_TABLE))}
    return tags, tables


def score_table_losses(board: Board) -> list[str]:
    """What a ScoreTable rebuilt from ``board``'s results (changed since the file was read) leaves out
    of the one it kept, each as a whole warning: the cells of columns no result holds (``Section``,
    ``Remark``) in rows no result corresponds to (`corresponding_rows`), and rows beyond the results'
    (the rebuilt table has a row a result). The kept rows are read once."""
    kept = board.tables.get(SCORE_TABLE)
    results = board.results
    if kept is None or not results:
        return []
    records = kept.records()
    read = [table_result(record) for record in records]
    giving = _result_rows(read)
    if tuple(read[r] for r in giving) == results:  # unchanged: `recorded_tags` keeps the table as it is
        return []
    lost: list[str] = []
    matched = set(_corresponding_rows(results, records, giving).values())
    carried = [i for i, name in enumerate(kept.names) if name not in READ_COLUMNS]
    unmatched = [row for r, row in enumerate(kept.rows) if read[r] is not None and r not in matched
                 and any(row[i:i + 1] not in ([], [""]) for i in carried)]
    if unmatched:
        names = ", ".join(kept.names[i] for i in carried if any(row[i:i + 1] not in ([], [""])
                                                                for row in unmatched))
        lost.append(f"ScoreTable {names} of rows no changed result corresponds to ({len(unmatched)}; a "
                    "result keeps the row with its pair numbers, or in its place with none when the "
                    "results are as many): left out, as no result holds these columns")
    if len(kept.rows) > len(results):
        lost.append(f"ScoreTable rows no result holds ({len(kept.rows) - len(results)}): left out, "
                    "the table being rebuilt from the changed results")
    return lost


def _result_rows(read: list[TableResult | None]) -> list[int]:
    """The indices of a kept ScoreTable's rows that give a result (a contract or a score), from each
    row's `table_result`."""
    return [i for i, result in enumerate(read) if result is not None]


def corresponding_rows(results: tuple[TableResult, ...], kept: KeptTable) -> dict[int, int]:
    """The kept ScoreTable row each of ``results`` corresponds to, by result index: with as many results
    as rows that give one, the i-th result is the i-th such row while their pair numbers (``PairId_NS``,
    ``PairId_EW``; ``-`` and ``?`` read as none, as `table_result` reads them) are the same, or empty in
    both (an edited result stays in its row); otherwise a result
    is the one such row with its pair numbers, when exactly one has them and no other result shares them.
    A result with no row is a new one (a reordered or replaced result takes no other pair's cells)."""
    records = kept.records()
    return _corresponding_rows(results, records, _result_rows([table_result(r) for r in records]))


def _corresponding_rows(results: tuple[TableResult, ...], records: list[dict[str, str]],
                        rows: list[int]) -> dict[int, int]:
    """`corresponding_rows` of a ScoreTable already read: its ``records`` and the ``rows`` giving a result."""
    held = [(_said(records[r], "PairId_NS"), _said(records[r], "PairId_EW")) for r in rows]
    wanted = [((result.ns_pair or "").strip(), (result.ew_pair or "").strip()) for result in results]
    in_place = {i: rows[i] for i in range(len(rows))
                if len(rows) == len(results) and held[i] == wanted[i]}
    return in_place | {i: rows[held.index(pairs)] for i, pairs in enumerate(wanted)
                       if i not in in_place and pairs != ("", "") and held.count(pairs) == 1
                       and wanted.count(pairs) == 1}


def result_sections(board: Board) -> list[str | None]:
    """The section each of the board's results was played in: the ``Section`` cell of the kept ScoreTable
    row it corresponds to (`corresponding_rows`), a row naming none in the board's (`filled_sections`)."""
    results = board.results or ()
    own = board_section(board)
    kept = board.tables.get(SCORE_TABLE)
    if kept is None or "Section" not in kept.names:
        return [own] * len(results)
    records = kept.records()
    rows = corresponding_rows(results, kept)
    return filled_sections([_said(records[rows[i]], "Section") or None if i in rows else None
                            for i in range(len(results))], own)


def result_rooms(board: Board) -> list[str | None]:
    """The room each of the board's results was played in (``open`` or ``closed``, as `Board.room`): the
    ``Room`` cell of the kept ScoreTable row it corresponds to (`corresponding_rows`); None where it names
    neither."""
    results = board.results or ()
    kept = board.tables.get(SCORE_TABLE)
    if kept is None or "Room" not in kept.names:
        return [None] * len(results)
    records = kept.records()
    rows = corresponding_rows(results, kept)
    cells = [_said(records[rows[i]], "Room").lower() if i in rows else "" for i in range(len(results))]
    return [cell if cell in ("open", "closed") else None for cell in cells]


def filled_sections(cells: list[str | None], own: str | None) -> list[str | None]:
    """Each result's section from its ``cells`` (a ScoreTable's Section cells, None where a row names
    none): one naming none is in the board's section ``own`` (its Section tag), else in the one section
    the others name (scoring programs write the Section on some rows only); where they name two or more,
    which is unknown, and all the board's results are one field (`mixed_sections` says so)."""
    if own is not None:
        return [cell or own for cell in cells]
    named = set(filter(None, cells))
    if len(named) == 1:
        return [named.pop()] * len(cells)
    return [None] * len(cells) if mixed_sections(cells, own) else list(cells)


def mixed_sections(cells: list[str | None], own: str | None) -> bool:
    """Whether a board's Section ``cells`` leave some results' section unknown: some name none, the others
    two sections or more, and the board has no Section tag (``own``)."""
    return own is None and None in cells and len(set(filter(None, cells))) >= 2


def board_section(board: Board) -> str | None:
    """The section a board was played in: its ``Section`` tag, None where it has none (or ``?``, ``-``)."""
    return board.tags.get("Section", "").strip().strip("?-").strip() or None


def double_dummy_tricks(table: DDTable) -> str:
    """The ``DoubleDummyTricks`` value: 20 hex digits, declarers N S E W by strains NT S H D C."""
    return "".join(f"{table[seat, strain]:x}" for seat in TABLE_SEATS for strain in TABLE_STRAINS)


def optimum_score(par: Par) -> str | None:
    """The ``OptimumScore`` value: the par contract's side and its own score (``NS 420``, ``EW -300``),
    North-South's where no contract is known (``NS 420``, ``NS 0``); None where the score is unknown."""
    if par.score is None:
        return None
    side = par.contracts[0].side if par.contracts else "NS"
    return f"{side} {par.score if side == 'NS' else -par.score}"


def par_contracts_value(par: Par) -> str | None:
    """The ``ParContract`` value: the contracts (`par_contract`), ``Pass`` where par passes the deal out (a
    score of 0, no contract); None where the contracts are not known (a score alone)."""
    if par.contracts:
        return "; ".join(par_contract(c) for c in par.contracts)
    return "Pass" if par.score == 0 else None


def par_contract(contract: ParContract) -> str:
    """One ``ParContract`` entry: ``NS 4S``, ``EW 3N+1``, ``E 5DX-2`` (N for notrump, X for doubled)."""
    strain = "N" if contract.contract.strain is Strain.NT else str(contract.contract.strain)
    doubled = "X" * contract.contract.doubled
    result = "" if contract.result == 0 else f"{contract.result:+d}"
    seats = "".join(s.letter for s in contract.declarers)
    return f"{seats} {contract.contract.level}{strain}{doubled}{result}"


def result_table(table: DDTable) -> Table:
    """The ``OptimumResultTable``: a row ``N NT 9`` per known entry, declarers N S E W, strains NT to C."""
    return Table(list(DD_COLUMNS), [[seat.letter, strain.letter, str(table[seat, strain])]
                                    for seat in TABLE_SEATS for strain in TABLE_STRAINS
                                    if table[seat, strain] is not None])


_SCORE_COLUMNS: tuple[tuple[str, Callable[[TableResult], str | None]], ...] = (
    ("PairId_NS\\2R", lambda r: r.ns_pair),
    ("PairId_EW\\2R", lambda r: r.ew_pair),
    ("Names_NS", lambda r: ";".join(r.ns_names) or None),
    ("Names_EW", lambda r: ";".join(r.ew_names) or None),
    ("Contract\\5L", lambda r: r.contract_label if r.contract is None else str(r.contract)),
    ("Declarer\\1R", lambda r: None if r.declarer is None else r.declarer.name),
    ("Result\\2R", lambda r: None if r.tricks is None else f"{'^' if r.tricks_adjusted else ''}{r.tricks}"),
    ("Lead\\3L", lambda r: None if r.lead is None else str(r.lead)),
    ("Score_NS\\6R", lambda r: _adjusted(r.adjusted_pct_ns) if r.score_ns is None
     else None if r.score_ns < 0 and r.score_ew is None else _score(r, r.score_ns)),
    ("Score_EW\\6R", lambda r: _adjusted(r.adjusted_pct_ew) if r.score_ns is None
     else _score(r, r.score_ew) if r.score_ew is not None  # assigned scores that do not balance: both
     else None if r.score_ns >= 0 else _score(r, -r.score_ns)),
    ("MP_NS\\5R", lambda r: _figure(r.matchpoints_ns)),
    ("MP_EW\\5R", lambda r: _figure(r.matchpoints_ew)),
    ("IMP_NS\\6R", lambda r: _figure(r.imps_ns)),
    ("IMP_EW\\6R", lambda r: _figure(r.imps_ew)),
    ("Percentage_NS\\3R", lambda r: _figure(r.percentage_ns)),
    ("Percentage_EW\\3R", lambda r: _figure(r.percentage_ew)),
    ("Multiplicity\\2R", lambda r: None if r.multiplicity == 1 else str(r.multiplicity)),
)
"""BridgeComposer's ScoreTable columns: each with what it shows of a result (None: nothing)."""
READ_COLUMNS = frozenset(column.split("\\")[0] for column, _ in _SCORE_COLUMNS)
"""The ScoreTable columns `table_result` reads into a `TableResult` (those it writes back); the table keeps
the others (``Table``, ``Round``, ``Section``, ``Rank``, ``Remark``) as written, which no result holds."""


def _score(result: TableResult, points: int) -> str:
    """A score cell in points, ``^`` before it when the director assigned it (``^-300``, not ``^`` on the
    Result alone: `TableResult.assigned_score`); ``?`` (unknown)
    for one beyond any board's score, which a reader takes for none (`unheld_results` says so)."""
    if within_points(points) is None:
        return "?"
    return f"^{points}" if result.assigned_score else str(points)


def _adjusted(percentage: float | None) -> str | None:
    """A score cell's artificial adjusted score as written: ``^60%``, ``^57.1428571%`` (every digit the
    number holds); None for no percentage, ``?`` (unknown) for one outside 0 to 100, which a reader takes
    for no score (`unheld_results` says so)."""
    if percentage is None:
        return None
    return f"^{_exact(percentage)}%" if _a_percentage(percentage) else "?"


def _a_percentage(value: float) -> bool:
    """Whether ``value`` is a percentage a score cell holds (`adjusted_percentages` reads 0 to 100)."""
    return math.isfinite(value) and 0 <= value <= 100


def _figure(value: float | None) -> str | None:
    """A matchpoint, IMP or percentage cell; ``?`` (unknown) for no finite number (`unheld_results`)."""
    return None if value is None else _exact(value) if math.isfinite(value) else "?"


_UNHELD: tuple[tuple[Callable[[TableResult], bool], str], ...] = (
    (lambda r: r.score_ns is not None and within_points(r.score_ns) is None,
     f"PBN cannot hold a ScoreTable score {BEYOND_POINTS}: written as ? (unknown)"),
    (lambda r: any(p is not None and not _a_percentage(p) for p in (r.adjusted_pct_ns, r.adjusted_pct_ew)),
     "PBN cannot hold a ScoreTable artificial adjusted score outside 0% to 100% (Law 12C2): written as ? "
     "(unknown)"),
    (lambda r: any(v is not None and not math.isfinite(v) for v in (
        r.matchpoints_ns, r.matchpoints_ew, r.imps_ns, r.imps_ew, r.percentage_ns, r.percentage_ew)),
     "PBN cannot hold a ScoreTable MP, IMP or Percentage that is no finite number: written as ? (unknown)"),
)
"""What a result may hold that a ScoreTable cell cannot, and what the writer says of it."""


def unheld_results(board: Board) -> list[str]:
    """What of ``board``'s results the ScoreTable `recorded_tags` builds for them cannot hold, each said
    once (`_UNHELD`): a score beyond any board's, a percentage outside 0 to 100, a figure that is no
    finite number (a JSON file's, a program's); written as ``?``, where a reader would take the cell for
    a mistake. None when the board's kept table is written as it is."""
    results = board.results
    if not results or results_of(board.tables) == results:
        return []
    return [message for unheld, message in _UNHELD if any(unheld(r) for r in results)]


def _exact(value: float) -> str:
    """A number as it reads back to itself: ``60`` for 60.0, else every digit it holds (``57.1428571``,
    where ``:g`` keeps six: ``57.1429``)."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


_NAMES_COLUMNS = {"Names_NS": "ns_names", "Names_EW": "ew_names"}
"""The ScoreTable's names columns and the result field each gives."""


def score_table(results: tuple[TableResult, ...], kept: KeptTable | None = None) -> Table:
    """The ``ScoreTable`` of ``results``, with the columns that some result fills; a pair's names as the
    ``kept`` table wrote them (``A ; B``) while they are still its names, else joined by ``;``. The kept
    table's columns no result holds (``Section``, ``Table``, ``Round``, ``Rank``, ``Remark``) are carried
    over, in the kept order, for the rows the results correspond to (`corresponding_rows`)."""
    cells = [[show(r) for r in results] for _, show in _SCORE_COLUMNS]
    for i, (column, _) in enumerate(_SCORE_COLUMNS):
        if column in _NAMES_COLUMNS and kept is not None:
            written = _names_as_written(kept, column)
            names = [getattr(r, _NAMES_COLUMNS[column]) for r in results]
            cells[i] = [written.get(n, cell) for n, cell in zip(names, cells[i], strict=True)]
    used = [i for i, column in enumerate(cells) if any(c is not None for c in column)]
    columns = [_SCORE_COLUMNS[i][0] for i in used]
    rows = [[cells[i][row] or _said_nothing(results[row], _SCORE_COLUMNS[i][0]) for i in used]
            for row in range(len(results))]
    if kept is None or not isinstance(kept, Table):
        return Table(columns, rows)
    return _with_kept_columns(Table(columns, rows), results, kept)


def _said_nothing(result: TableResult, column: str) -> str:
    """The cell of ``column`` (a spec, ``Declarer\\1R``) for a result that gives it nothing, as PBN 2.1 (§5)
    says so in a table: ``-`` (does not apply) for the declarer, tricks and lead of a board passed out or
    given an artificial adjusted score (and its contract), the score cell of the other side's score; ``1``
    table (Multiplicity); ``?`` (unknown) for the rest. An empty string, as written before, is no value PBN
    gives a cell, and `table_result` reads ``-`` and ``?`` as nothing said, so it reads back the same."""
    name = column.split("\\")[0]
    passed_out = result.contract is not None and result.contract.is_passed_out
    artificial = result.adjusted_pct_ns is not None or result.adjusted_pct_ew is not None
    if name == "Multiplicity":
        return str(result.multiplicity)
    if (name in ("Declarer", "Result", "Lead") and (passed_out or artificial)) or (
            name == "Contract" and artificial) or (name in _SCORE_CELLS and (result.score_ns is not None
                                                                               or artificial)):
        return "-"
    return "?"


def _with_kept_columns(built: Table, results: tuple[TableResult, ...], kept: Table) -> Table:
    """``built`` with ``kept``'s other columns put back: those no result holds with a corresponding row's
    cells (`corresponding_rows`), nothing for a new result; a result its row still reads as keeps that
    row's every cell as written (``^-300``, ``-``, ``?``); the columns in ``kept``'s order and spelling,
    a new one after the column it follows in ``built``."""
    rows_of = corresponding_rows(results, kept)
    records = kept.records()
    unchanged = {r: records[k] for r, k in rows_of.items() if table_result(records[k]) == results[r]}
    exact = set(unchanged)
    unchanged |= {r: _cells_still_true(records[k], results[r]) for r, k in rows_of.items()
                  if r not in exact}

    def _as_kept(r: int, name: str, cell: str) -> bool:
        """Whether an edited result's row writes its kept cell: a score cell, or one saying nothing."""
        return r in unchanged and (cell in ("", "?", "-") or name in _SCORE_CELLS)

    spec = dict(zip(kept.names, kept.columns, strict=True))
    place: list[float] = []
    for name in built.names:
        after = place[-1] if place else -1.0
        place.append(float(kept.names.index(name)) if name in spec else after + 0.001)
    columns = [(place[c], spec.get(name, built.columns[c]),
                [unchanged[r].get(name, row[c]) if r in exact or _as_kept(r, name, row[c]) else row[c]
                 for r, row in enumerate(built.rows)])
               for c, name in enumerate(built.names)]
    for i, name in enumerate(kept.names):
        if name not in built.names:  # a column no result holds, or one no result fills
            rows = rows_of if name not in READ_COLUMNS else {r: rows_of[r] for r in unchanged}
            cells = [records[rows[r]].get(name, "") if r in rows else "" for r in range(len(results))]
            columns.append((float(i), kept.columns[i], cells))
    columns.sort(key=lambda column: column[0])
    return Table([spec for _, spec, _ in columns],
                 [[cells[r] for _, _, cells in columns] for r in range(len(results))])


_SCORE_CELLS = ("Score_NS", "Score_EW")


def _cells_still_true(record: dict[str, str], result: TableResult) -> dict[str, str]:
    """The cells of an edited result's kept row to write as they were: both score cells while they still
    give its score (an adjusted NS ``^-300`` stays in Score_NS), and each cell that said nothing (``-``,
    ``?``) where the result says nothing either (`_with_kept_columns` writes these for an empty cell)."""
    scores = {name: record[name] for name in _SCORE_CELLS if name in record}
    said = table_result(scores)
    same = said is not None and (said.score_ns, said.score_ew, said.adjusted_pct_ns, said.adjusted_pct_ew,
                                 said.adjusted) \
        == (result.score_ns, result.score_ew, result.adjusted_pct_ns, result.adjusted_pct_ew, result.adjusted)
    kept = {name: text for name, text in record.items() if text.strip() in _NOTHING_SAID}
    return {**kept, **scores} if same else {k: v for k, v in kept.items() if k not in _SCORE_CELLS}


def _names_as_written(kept: KeptTable, column: str) -> dict[tuple[str, ...], str]:
    """The cells of a kept table's names ``column`` by the names each holds (`cell_names`), as written."""
    written: dict[tuple[str, ...], str] = {}
    for record in kept.records():
        text = record.get(column)
        if text is not None and (names := cell_names(text)):
            written.setdefault(names, text)
    return written

