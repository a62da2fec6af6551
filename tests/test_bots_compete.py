"""Competitive auctions: overcalls and their advances, raises in competition,
each call inside its own explanation."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.bots.rules import Situation
from bridgetools.model import Hand, Seat, Suit
from bridgetools.rules import Auction

BIDDER = Bidder()


def _call(calls: list[str], hand: str) -> str:
    auction = Auction(Seat.N, calls)
    h = Hand.from_pbn(hand)
    call = BIDDER.call(auction, h)
    assert BIDDER.explain(auction, call).allows(h)
    return str(call)


def test_a_jump_to_two_of_a_suit_over_one_of_a_lower_suit_is_only_the_weak_jump_overcall() -> None:
    explanation = BIDDER.explain(Auction(Seat.N, ["1D"]), "2H")
    assert [m.label for m in explanation.meanings] == ["weak jump overcall"]


def test_the_advancer_raises_a_weak_jump_overcall_with_three_trumps_when_they_raise() -> None:
    # 1D 2H 3D: six hearts and three make nine, so three of the suit (the law of total tricks)
    assert _call(["1D", "2H", "3D"], "J984.K84.A7.Q942") == "3H"


def _situation(calls: str) -> Situation:
    auction = Auction(Seat.N, calls.split())
    return Situation(auction, lambda made: BIDDER.explain(Auction(Seat.N, made[:-1]), made[-1]))


def test_a_cue_bid_of_their_suit_is_artificial_and_agrees_partners_suit() -> None:
    # 1H (1S) 2S: a limit raise in hearts, not spades; opener's side has agreed hearts
    explanation = BIDDER.explain(Auction(Seat.N, ["1H", "1S"]), "2S")
    assert all(m.artificial for m in explanation.meanings)
    assert _situation("1H 1S 2S Pass").agreed_suit() == Suit.H


def test_advancers_cue_bid_of_their_suit_agrees_the_overcall() -> None:
    # 1D (1S) Pass (2D): a limit raise of spades or better
    assert _situation("1D 1S Pass 2D Pass").agreed_suit() == Suit.S
