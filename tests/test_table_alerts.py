"""Alerts and explanations at the table: the calls the bidder's rule alerts are marked for the page, and
the record keeps every call's alert and explanation as `bridgetools bid` writes them."""

from __future__ import annotations

from pathlib import Path

from table_players import STAYMAN, play_out, rules_bidders

import bridgetools as bt
from bridgetools.bots.bidder import bid_board
from bridgetools.formats.pbn_values import ALERTS_MARK
from bridgetools.table.game import Game, south_view
from bridgetools.table.record import PbnRecord


def stayman_game() -> Game:
    board = bt.Board(number=5, dealer=bt.Seat.N, vulnerability=bt.Vul.NS, deal=STAYMAN)
    return Game.from_board(board, rules_bidders())


def test_the_stayman_ask_and_its_reply_are_alerted_for_the_page() -> None:
    game = stayman_game()
    game.advance()
    game.call("2C")
    game.advance()
    state = south_view(game)
    assert state["auction"][:5] == ["1NT", "Pass", "2C", "Pass", "2D"]
    assert state["alerts"] == [2, 4]  # Stayman, and the reply denying a major; 1NT is natural


def test_the_record_keeps_the_alerts_and_explanations_bid_writes(tmp_path: Path) -> None:
    game = stayman_game()
    play_out(game, ["2C", "2NT"])
    path = tmp_path / "rec.pbn"
    PbnRecord(path)(game.board())
    text = path.read_text(encoding="utf-8")
    assert ALERTS_MARK in text and "$15" in text and "[Note " in text
    (recorded,) = bt.read(path)
    assert recorded.auction is not None and game.auction is not None
    # `bridgetools bid` makes the same first six calls (then 3NT for South's 2NT) and annotates them alike
    bid = bid_board(bt.Board(number=5, dealer=bt.Seat.N, vulnerability=bt.Vul.NS, deal=STAYMAN))
    assert bid.auction is not None and bid.auction.calls[:6] == recorded.auction.calls[:6]
    def told(auction: bt.Auction) -> list[tuple[bool, str | None] | None]:
        return [(note.alert, note.explanation) if note else None for note in auction.annotations[:6]]

    assert told(recorded.auction) == told(bid.auction)
    alerted = [str(c) for c, note in zip(recorded.auction.calls, recorded.auction.annotations, strict=True)
               if note is not None and note.alert]
    assert alerted[:2] == ["2C", "2D"]
    assert all(note is not None and note.explanation for c, note in
               zip(recorded.auction.calls, recorded.auction.annotations, strict=True) if c is not bt.PASS)
