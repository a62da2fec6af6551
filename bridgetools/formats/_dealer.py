"""The dealer a writer names for a board: its own (given, or Law 2's from its number), else its calls'.

``Board(auction=Auction("E", ...))`` has calls dealt by East and no dealer of its own; a writer that named
another (LIN's ``md`` digit, PBN's Dealer tag, RBN's ``A EZ:``) would make the calls other players'.
"""

from __future__ import annotations

from bridgetools.board import Board
from bridgetools.model import Seat


def dealer_of(board: Board) -> Seat | None:
    """The board's dealer, else its auction's first seat; None when neither says one."""
    if board.dealer is not None:
        return board.dealer
    return board.auction.dealer if board.auction is not None else None


__all__ = ["dealer_of"]
