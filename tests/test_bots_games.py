"""Game bidding, second pass: the fallback waits for partner's further bid after a forcing call with no
upper limit."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.model import Bid, Hand, Seat
from bridgetools.rules import Auction

BIDDER = Bidder()


def test_opener_with_a_minimum_does_not_jump_to_3nt_over_a_forcing_new_suit_with_no_top() -> None:
    # 1C (2H) 2S: the new suit shows 10+ and forces; eleven HCP opposite 10+ is no game yet
    auction = Auction(Seat.N, ["1C", "2H", "2S", "P"])
    call = BIDDER.call(auction, Hand.from_pbn("Q.KT4.65.AQ65432"))
    assert str(call) != "3NT"
    assert isinstance(call, Bid) and call.level <= 3


def test_opener_with_extras_still_bids_game_over_a_forcing_new_suit() -> None:
    auction = Auction(Seat.N, ["1C", "2H", "2S", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("Q.AK4.A5.AQ65432"))) == "3NT"
