"""Competitive auctions: overcalls and their advances, raises in competition, balancing when they stop
low in a fit, each call inside its own explanation."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.model import Hand, Seat
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


def test_responder_raises_opener_major_to_two_over_a_two_level_overcall() -> None:
    assert _call(["1S", "2H"], "Q74.985.AT93.T52") == "2S"
    assert _call(["1H", "2C"], "74.K85.QJ93.T852") == "2H"


def test_the_balancing_seat_doubles_when_opener_raised_responders_suit_to_two() -> None:
    # 1C P 1H P 2H P P: they hold eight hearts or more, so our side holds a fit too
    assert _call(["1C", "P", "1H", "P", "2H", "P", "P"], "KQJ5.2.A653.Q852") == "X"


def test_the_balancing_seat_overcalls_at_two_when_they_stop_in_two_of_a_fit() -> None:
    assert _call(["1C", "P", "1H", "P", "2H", "P", "P"], "KQT975.9.Q8.Q632") == "2S"


def test_partner_of_the_balancing_double_over_their_raised_suit_bids_the_longest_unbid_suit() -> None:
    # two of diamonds is gone (their 2H), so three
    assert _call(["1C", "P", "1H", "P", "2H", "P", "P", "X", "P"], "A62.K7.J753.T743") == "3D"
