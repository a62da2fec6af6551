"""The model: immutable values for cards, hands, deals, calls and contracts, and the `Board` record."""

from bridgetools.model.board import Board, Table
from bridgetools.model.calls import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Annotation,
    Bid,
    Call,
    Contract,
    Double,
    Pass,
    Redouble,
)
from bridgetools.model.cards import SUITS_DISPLAY_ORDER, Card, NotationError, Rank, Seat, Strain, Suit, Vul
from bridgetools.model.hand import FULL_DECK, Deal, Hand, holding_hcp, holding_str, parse_holding

__all__ = [
    "ALL_BIDS", "DOUBLE", "FULL_DECK", "PASS", "REDOUBLE", "SUITS_DISPLAY_ORDER",
    "Annotation", "Bid", "Board", "Call", "Card", "Contract", "Deal", "Double", "Hand", "NotationError",
    "Pass", "Rank", "Redouble", "Seat", "Strain", "Suit", "Table", "Vul",
    "holding_hcp", "holding_str", "parse_holding",
]
