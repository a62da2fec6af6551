"""The one mutable record: a board as played (or as dealt), with everything a file said about it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import compress, repeat
from operator import attrgetter, is_, itemgetter
from typing import TYPE_CHECKING, Any, Literal

from bridgetools.errors import BridgeError, Issue
from bridgetools.model.calls import Contract
from bridgetools.model.cards import Seat, Vul, whole_number
from bridgetools.model.hand import Deal
from bridgetools.model.results import DDTable, Par, TableResult

if TYPE_CHECKING:
    from bridgetools.rules.auction import Auction
    from bridgetools.rules.play import Play


@dataclass
class Table:
    """A table a file kept (a PBN supplemental table): column specs and rows of cells."""

    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list, compare=False, repr=False)
    """Each row's line in the file it was read from (its first cell's), so that what a later check finds in
    a row is said at its line; empty where the reader does not know them (a table made in code, JSON)."""

    @property
    def names(self) -> list[str]:
        """Column names without sort signs and width specs (``Score\\6R`` -> ``Score``)."""
        return [c.lstrip("+-").split("\\", 1)[0] for c in self.columns]

    def lines_up(self, row: int) -> bool:
        """Whether row ``row``'s cells stand in their columns: a row of a cell for each column, or a last row
        of fewer cells after rows that line up (its trailing cells missing). Any other row (a file's line
        with a cell too many or missing, a name with spaces not in quotes) lines up with no column."""
        width, cells = len(self.columns), self.rows[row]
        if len(cells) == width:
            return True
        return row == len(self.rows) - 1 and len(cells) < width and all(
            len(before) == width for before in self.rows[:row])

    def records(self) -> list[dict[str, str]]:
        """Each row's cells by column name (a last row missing trailing cells gives those it has); an empty
        record for a row that lines up with no column (`lines_up`), whose cells are kept as written but say
        nothing: read by position, a name's second word would be a contract, a tricks cell a score."""
        names = self.names
        return [dict(zip(names, cells, strict=False)) if self.lines_up(row) else {}
                for row, cells in enumerate(self.rows)]

    def cell_index(self, row: int, column: int) -> int:
        """The position of row ``row``'s cell ``column`` among the table's cells in file order (rows may
        hold other numbers of cells than the columns: `lines_up`)."""
        return sum(len(cells) for cells in self.rows[:row]) + column


@dataclass
class Board:
    """A board: number, dealer, vulnerability, the deal, and what happened at one table.

    Dealer and vulnerability follow the number (Law 2), contract and declarer the auction (or, without
    a completed auction, the play), tricks the play: they are worked out on every access, so
    ``board.auction = ...``, ``board.number = ...`` or ``board.play.undo()`` leave them right. A value
    given explicitly (a file's tag, ``Board(dealer=...)``, ``board.tricks = 9``) stands instead, and a
    reader reports a disagreement with the derived one as an issue; assigning None clears it. A fact may
    be given as a player writes it (``dealer="N"``, ``vulnerability="Both"``, ``contract="4SX"``, a deal
    as PBN text), to the constructor or by assignment alike; one that is no such value is a BridgeError
    naming the field.
    Everything the model does not interpret (unknown tags, tables, notes, commentary, format-specific
    records) is kept so that writers can give it back.
    """

    number: int | None = None
    dealer: Seat | None = None
    vulnerability: Vul | None = None
    deal: Deal | None = None
    auction: Auction | None = None
    play: Play | None = None
    contract: Contract | None = None
    """The contract: `Contract.PASSED_OUT` for a passed-out board (``Auction.final_contract``)."""
    declarer: Seat | None = None
    tricks: int | None = None
    """Tricks won by declarer, or None when unknown (and for a passed-out board)."""
    players: dict[Seat, str] = field(default_factory=dict)
    event: str | None = None
    site: str | None = None
    date: str | None = None
    room: str | None = None
    """``open`` or ``closed`` for team matches, when the file says so."""
    scoring: str | None = None
    notes: dict[int, str] = field(default_factory=dict)
    commentary: list[str] = field(default_factory=list)
    tables: dict[str, Table] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)
    """Tags the model does not interpret, in file order, with their raw values."""
    issues: list[Issue] = field(default_factory=list)
    """What a reader found in the file the board came from; a board made in code has none, its facts that
    disagree (an auction from another seat than the number's dealer) named by `conflicts` instead."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Format-specific records, keyed by format name (``"pbn"``, ``"lin"``), kept for round trips."""
    results: tuple[TableResult, ...] | None = None
    """Other tables' results of this board (``()`` if none given): a reader gives those its file spells."""
    dd_table: DDTable | None = None
    """Double-dummy tricks by declarer and strain, when given (a reader gives a file's)."""
    par: Par | None = None
    """Double-dummy par, when given (a reader gives a file's)."""
    unknown: frozenset[DerivedName] = field(default=frozenset(), compare=False, repr=False)
    """The facts the file gave as unknown (PBN ``[Vulnerable "?"]``, JSON null): they read None, not what
    the board number gives (Law 2), which a missing one follows (`set_unknown`). Only facts with no value
    given: one given a value (``replace(board, vulnerability=Vul.NS)``, an assignment) is not unknown."""

    # Derived facts ---------------------------------------------------------------------------
    def derived(self, name: DerivedName) -> Any:
        """What the number, the auction and the play give for ``name`` (one of `DERIVED`), whatever
        value was given: ``board.derived("contract")``."""
        return _DERIVATIONS[name](self)

    def given(self, name: DerivedName) -> Any:
        """The value given explicitly for ``name`` (one of `DERIVED`), or None when it is derived."""
        return self.__dict__.get(_GIVEN[name])

    def set_unknown(self, name: DerivedName) -> None:
        """Records that the file said ``name`` is unknown: it reads None, not what the board number gives
        (a dealer still comes from the auction's first call); giving it a value ends that."""
        self.__dict__[_GIVEN[name]] = None
        self.__dict__[_UNKNOWN] = self.unknown | {name}

    def is_unknown(self, name: DerivedName) -> bool:
        """Whether ``name`` reads None because the file said it is unknown (`set_unknown`), where a
        board number would have given it (a writer that cannot say unknown names the loss)."""
        return name in self.unknown and getattr(self, name) is None

    def conflicts(self) -> list[str]:
        """The names of given values that differ from what the number, auction or play give (when
        those give anything): each is an issue for a reader to report. ``"auction"`` when the auction's
        first call is not the dealer's (Law 17A): a writer with one dealer gives the calls their seats."""
        found: list[str] = []
        for name in DERIVED:
            given, derived = self.given(name), self.derived(name)
            if given is not None and derived is not None and given != derived:
                found.append(name)
        auction, dealer = self.auction, self.dealer
        if auction is not None and dealer is not None and auction.dealer != dealer:
            found.append("auction")
        return found

    @property
    def is_empty(self) -> bool:
        """Whether the board holds nothing but issues: what a reader gives for text that was no board. Any
        fact of a deal or its table makes one (a record of a vulnerability alone is written, not left out)."""
        if self.deal is not None or self.number is not None:
            return False  # most boards, told at once: both are plain fields, derived from nothing
        facts = (self.number, self.dealer, self.vulnerability, self.deal, self.auction, self.play,
                 self.contract, self.declarer, self.tricks, self.event, self.site, self.date, self.room,
                 self.scoring, self.dd_table, self.par)
        return all(fact is None for fact in facts) and not (
            self.tags or self.tables or self.notes or self.commentary or self.players or self.extra
            or self.results)

    @property
    def is_passed_out(self) -> bool:
        return self.contract is not None and self.contract.is_passed_out

    @property
    def result(self) -> int | None:
        """Over- (positive) or undertricks (negative); None when unknown or passed out."""
        contract, tricks = self.contract, self.tricks
        if contract is None or tricks is None or contract.is_passed_out:
            return None
        return tricks - contract.tricks_needed

    @property
    def declarer_vulnerable(self) -> bool | None:
        declarer, vulnerability = self.declarer, self.vulnerability
        if declarer is None or vulnerability is None:
            return None
        return vulnerability.is_vulnerable(declarer)


DerivedName = Literal[
    "dealer", "vulnerability", "contract", "declarer", "tricks", "results", "dd_table", "par"
]
DERIVED: tuple[DerivedName, ...] = ("dealer", "vulnerability", "contract", "declarer", "tricks")
"""The facts a board works out on access from its number, auction and play, unless they were given."""
RECORDED: tuple[DerivedName, ...] = ("results", "dd_table", "par")
"""What a hand record says besides the play: values given to the board (a reader gives those its file
spells, and keeps the file's tags and tables so that they are written back as they were)."""


def _dealer(board: Board) -> Seat | None:
    """Law 2: board 1 is dealt by North, then clockwise; a board without a number was dealt by whoever
    made its first call (a writer naming another dealer would give the calls to other players)."""
    number = board.number
    if number is not None and number >= 1:
        return Seat.dealer_of_board(number)
    return None if board.auction is None else board.auction.dealer


def _vulnerability(board: Board) -> Vul | None:
    """Law 2: the 16-board cycle."""
    number = board.number
    return Vul.of_board(number) if number is not None and number >= 1 else None


def _contract(board: Board) -> Contract | None:
    """The completed auction's contract (`Contract.PASSED_OUT` when passed out), else the play's."""
    auction = board.auction
    if auction is not None and auction.is_complete:
        return auction.final_contract
    return None if board.play is None else board.play.contract


def _declarer(board: Board) -> Seat | None:
    """The completed auction's declarer (None when passed out), else the play's."""
    auction = board.auction
    if auction is not None and auction.is_complete:
        return auction.declarer
    return None if board.play is None else board.play.declarer


def _tricks(board: Board) -> int | None:
    """Declarer's tricks once the play is over (13 tricks or a claim)."""
    return None if board.play is None else board.play.result


_DERIVATIONS: dict[str, Callable[[Board], Any]] = {
    "dealer": _dealer, "vulnerability": _vulnerability, "contract": _contract, "declarer": _declarer,
    "tricks": _tricks,
    "results": lambda board: (),
    "dd_table": lambda board: None,
    "par": lambda board: None,
}
_GIVEN: dict[str, str] = {name: f"_given_{name}" for name in (*DERIVED, *RECORDED)}


def _whole(value: object) -> int | None:
    """``value`` as an int when it is a whole number (a numpy integer too; not True, nor an enum's member:
    ``Seat.S`` is no board 2), else None."""
    return None if isinstance(value, Enum) else whole_number(value)


_TRICKS = range(14)
"""The tricks declarer may win: an int among them is taken as it is (`_derived_field`)."""


def _tricks_given(value: object) -> int:
    """Tricks won by declarer: a whole number 0 to 13."""
    tricks = _whole(value)
    if tricks is None or not 0 <= tricks <= 13:
        raise BridgeError(f"expected a whole number 0 to 13 (or None: unknown), not {value!r}")
    return tricks


_TYPES: dict[str, tuple[type, Callable[[Any], Any]]] = {
    "dealer": (Seat, Seat.parse), "declarer": (Seat, Seat.parse), "vulnerability": (Vul, Vul.parse),
    "contract": (Contract, Contract.from_str), "tricks": (int, _tricks_given),
}
"""Each fact's type and what reads it from the text a player writes (``"N"``, ``"NS"``, ``"4SX"``): a
board holds only values of the model's types."""


def _number_given(number: object) -> int | None:
    """A board's number: a whole number (a numpy integer too), or None."""
    if number is None or type(number) is int:
        return number
    whole = _whole(number)
    if whole is None:
        raise BridgeError(f"a board's number is a whole number, not {number!r}")
    return whole


def _deal_given(deal: object) -> Deal | None:
    """A board's deal: a `Deal`, PBN text read as one (``"N:AKQ2.KJ3.T98.432 ..."``), or None."""
    if deal is None or isinstance(deal, Deal):
        return deal
    if isinstance(deal, str):
        given: Deal = _given_as("deal", Deal.from_pbn, deal)
        return given
    raise BridgeError(f"a board's deal is a Deal or PBN text such as 'N:AKQ2.KJ3.T98.432 ...', not {deal!r}")


class _Checked:
    """A board's field whose every value, given to the constructor or assigned later (``board.deal =
    "N:..."``), is checked and read as a player writes it (``check``), so a board holds only the model's
    types. It has no getter: the value is read from the board's own dict as a plain field's is, at no
    cost to the readers and writers that read it for every board; so ``Board.deal`` on the class is this
    descriptor, not the default None (as ``Board.dealer`` is its property). ``del board.deal`` gives the
    field its default back, None, as a dataclass field reads after one."""

    def __init__(self, name: str, kind: type, check: Callable[[Any], Any]) -> None:
        self.name, self.kind, self.check = name, kind, check

    def __set__(self, board: Board, value: Any) -> None:
        # None or the field's own type (an int, a Deal: what readers give, for every board) as it is
        board.__dict__[self.name] = value if value is None or type(value) is self.kind else self.check(value)

    def __delete__(self, board: Board) -> None:
        board.__dict__[self.name] = None


def _given_as(name: str, parse: Callable[[Any], Any], value: Any) -> Any:
    """``value`` read by ``parse`` for the board's ``name``, or a BridgeError naming the field."""
    if isinstance(value, bool) and parse is not _tricks_given:
        raise BridgeError(f"a board's {name} is not {value!r}")
    try:
        return parse(value)
    except BridgeError as e:
        raise BridgeError(f"a board's {name}: {e}") from None
    except (TypeError, AttributeError):
        raise BridgeError(f"a board's {name} is not {value!r}") from None


def _when_unknown(board: Board, name: str) -> Any:
    """What a fact given as unknown reads: None, but a dealer is still the auction's first caller."""
    if name == "dealer" and board.auction is not None:
        return board.auction.dealer
    return None


def _derived_field(name: str) -> property:
    """The property behind a derived field: the given value if any, else the derivation."""
    key, derive = _GIVEN[name], _DERIVATIONS[name]
    kind, parse = _TYPES.get(name, (object, None))

    def get(board: Board) -> Any:
        value = board.__dict__.get(key)
        if value is not None:
            return value
        # read from the dict: ``__init__`` assigns the derived fields before ``unknown``
        return _when_unknown(board, name) if name in board.__dict__.get(_UNKNOWN, ()) else derive(board)

    def set_(board: Board, value: Any) -> None:
        if parse is not None and value is not None and (
                type(value) is not kind or (kind is int and value not in _TRICKS)):
            # a Seat is no int: the enums are their own types; tricks of 0 to 13 are taken at once
            value = _given_as(name, parse, value)
        board.__dict__[key] = value
        if value is not None and name in board.__dict__.get(_UNKNOWN, ()):
            board.__dict__[_UNKNOWN] = board.__dict__[_UNKNOWN] - {name}  # a value ends unknown

    return property(get, set_, doc=f"The board's {name}: the value given, else what it derives from.")


_UNKNOWN = "_unknown"
"""Where a board keeps `Board.unknown`: only names with no value given (`_unknown_field`)."""


def _unknown_field() -> property:
    """The property behind `Board.unknown`: assigning it keeps only the names with no value given, so
    ``replace(board, vulnerability=Vul.NS)`` (whose ``__init__`` assigns the vulnerability first) or
    ``board.unknown = ...`` over a given value never leaves a name listed that the board gives."""

    def get(board: Board) -> frozenset[DerivedName]:
        unknown: frozenset[DerivedName] = board.__dict__.get(_UNKNOWN, frozenset())
        return unknown

    def set_(board: Board, names: frozenset[DerivedName]) -> None:
        given = board.__dict__
        board.__dict__[_UNKNOWN] = frozenset(name for name in names if given.get(_GIVEN[name]) is None)

    return property(get, set_, doc="The facts given as unknown (no value given for any of them).")


setattr(Board, "unknown", _unknown_field())  # noqa: B010 (as the derived fields below)
for _name, _kind, _check in (("number", int, _number_given), ("deal", Deal, _deal_given)):
    # Replaces the dataclass's class-level default (None), as for the derived fields below.
    setattr(Board, _name, _Checked(_name, _kind, _check))
for _name in (*DERIVED, *RECORDED):
    # Replaces the dataclass's class-level default (None); ``__init__`` still takes the field and
    # assigns it through the property, so ``Board(dealer=Seat.E)`` gives a dealer.
    setattr(Board, _name, _derived_field(_name))


def field_columns(boards: Sequence[Board], fields: Sequence[str]) -> dict[str, Sequence[Any]]:
    """Each of ``fields`` for every board, a column per field, as the properties give them. For bulk
    readers (the export): each board is read once, by one C loop over what it keeps, and only the facts
    a board derives (no value given) are worked out through its properties; reading the boards field by
    field would fetch each from memory once a field."""
    if not boards:
        return {name: () for name in fields}
    try:
        rows = list(map(itemgetter(*(_GIVEN.get(name, name) for name in fields)), map(vars, boards)))
    except (KeyError, TypeError):  # a board kept otherwise: its properties give the same
        rows = list(map(attrgetter(*fields), boards))
    if len(fields) == 1:
        rows = [(row,) for row in rows]
    columns: dict[str, Sequence[Any]] = dict(zip(fields, zip(*rows, strict=True), strict=True))
    for name in fields:
        values = columns[name]
        # by identity: ``None in values`` would call each value's ``__eq__`` (a contract's, a table's)
        if name not in _GIVEN or not any(map(is_, values, repeat(None))):
            continue
        if name in RECORDED:  # a recorded value not given is nothing, whatever the board
            nothing = _DERIVATIONS[name](boards[0])
            if nothing is not None:
                columns[name] = [nothing if value is None else value for value in values]
            continue
        worked_out = list(values)
        for i in compress(range(len(values)), map(is_, values, repeat(None))):
            worked_out[i] = getattr(boards[i], name)
        columns[name] = worked_out
    return columns
