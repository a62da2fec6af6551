"""The one mutable record: a board as played (or as dealt), with everything a file said about it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bridgetools.errors import Issue
from bridgetools.model.calls import Contract
from bridgetools.model.cards import Seat, Vul
from bridgetools.model.hand import Deal

if TYPE_CHECKING:
    from bridgetools.rules.auction import Auction
    from bridgetools.rules.play import Play


@dataclass
class Table:
    """A PBN supplemental table (ScoreTable, OptimumResultTable...): column specs and rows of cells."""

    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        """Column names without sort signs and width specs (``Score\\6R`` -> ``Score``)."""
        return [c.lstrip("+-").split("\\", 1)[0] for c in self.columns]

    def records(self) -> list[dict[str, str]]:
        return [dict(zip(self.names, row, strict=False)) for row in self.rows]


@dataclass
class Board:
    """A board: number, dealer, vulnerability, the deal, and what happened at one table.

    ``Board(number=n)`` takes dealer and vulnerability from Law 2 unless they are given; contract,
    declarer and tricks default to what a given auction and play show.
    Fields a file does not give stay None. Everything the model does not interpret (unknown tags,
    tables, notes, commentary, format-specific records) is kept so that writers can give it back.
    """

    number: int | None = None
    dealer: Seat | None = None
    vulnerability: Vul | None = None
    deal: Deal | None = None
    auction: Auction | None = None
    play: Play | None = None
    contract: Contract | None = None
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
    extra: dict[str, Any] = field(default_factory=dict)
    """Format-specific records, keyed by format name (``"pbn"``, ``"lin"``), kept for round trips."""

    def __post_init__(self) -> None:
        if self.number is not None and self.number >= 1:
            if self.dealer is None:
                self.dealer = Seat.dealer_of_board(self.number)
            if self.vulnerability is None:
                self.vulnerability = Vul.of_board(self.number)
        if self.auction is not None and self.auction.is_complete:
            if self.contract is None:
                self.contract = self.auction.contract or Contract.PASSED_OUT
            if self.declarer is None:
                self.declarer = self.auction.declarer
        if self.play is not None:
            if self.contract is None:
                self.contract = self.play.contract
            if self.declarer is None:
                self.declarer = self.play.declarer
            if self.tricks is None:
                self.tricks = self.play.result

    @property
    def is_empty(self) -> bool:
        """Whether the board holds nothing but issues: what a reader gives for text that was no board."""
        return self.number is None and self.deal is None and self.auction is None and self.play is None \
            and self.contract is None and not (self.tags or self.tables or self.notes or self.commentary
                                               or self.players or self.extra or self.event)

    @property
    def is_passed_out(self) -> bool:
        return self.contract is not None and self.contract.is_passed_out

    @property
    def result(self) -> int | None:
        """Over- (positive) or undertricks (negative); None when unknown or passed out."""
        if self.contract is None or self.tricks is None or self.contract.is_passed_out:
            return None
        return self.tricks - self.contract.tricks_needed

    @property
    def declarer_vulnerable(self) -> bool | None:
        if self.declarer is None or self.vulnerability is None:
            return None
        return self.vulnerability.is_vulnerable(self.declarer)
