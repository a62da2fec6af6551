"""The check every bidding test makes of a computer call: the call its hand chooses after an auction,
and an explanation of it that admits the hand (a call outside its own explanation is a hard failure)."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.model import Call, Hand, Seat
from bridgetools.rules import Auction


def bid_explained(bidder: Bidder, calls: str, hand: str) -> tuple[Call, str]:
    """The call ``hand`` (PBN) makes after ``calls`` (dealer North), and its explanation in words."""
    auction = Auction(Seat.N, calls.split())
    h = Hand.from_pbn(hand)
    call = bidder.call(auction, h)
    explanation = bidder.explain(auction, call)
    assert explanation.allows(h), f"{call} after {calls} does not allow {hand}: {explanation}"
    return call, explanation.text
