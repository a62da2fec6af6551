"""What PBN must carry through a round trip, as one comparable value (shared by the PBN tests)."""

from __future__ import annotations

from typing import Any

from bridgetools.board import Board


def content(board: Board) -> dict[str, Any]:
    """The game, every tag, note, table and comment of a board."""
    auction = board.auction
    play = board.play
    return {
        "number": board.number,
        "dealer": board.dealer,
        "vulnerability": board.vulnerability,
        "deal": board.deal,
        "calls": None if auction is None else (auction.calls, auction.annotations),
        "play": None if play is None else (play.cards, dict(play.annotations), play.claimed),
        "contract": board.contract,
        "declarer": board.declarer,
        "tricks": board.tricks,
        "players": board.players,
        "event": board.event,
        "site": board.site,
        "date": board.date,
        "scoring": board.scoring,
        "tags": board.tags,
        "notes": board.notes,
        "tables": {name: (t.columns, t.rows) for name, t in board.tables.items()},
        "commentary": sorted(board.commentary),  # positions are kept; order follows the export layout
    }
