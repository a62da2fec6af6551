"""Game bidding, second pass: the fallback waits for partner's further bid after a forcing call with no
upper limit, opener with four trumps super-accepts a major transfer, responder raises opener's second
suit after 1NT, and responder with a six-card major jumps in it or bids game over opener's minimum
rebid."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.model import Bid, Hand, Seat
from bridgetools.rules import Auction

BIDDER = Bidder()


def _assert_invites(calls: list[str], hand: str, expected: str) -> None:
    auction = Auction(Seat.N, calls)
    call = BIDDER.call(auction, Hand.from_pbn(hand))
    assert str(call) == expected
    assert BIDDER.explain(auction, call).meanings[0].force == "invitational"


def test_opener_with_a_minimum_does_not_jump_to_3nt_over_a_forcing_new_suit_with_no_top() -> None:
    # 1C (2H) 2S: the new suit shows 10+ and forces; eleven HCP opposite 10+ is no game yet
    auction = Auction(Seat.N, ["1C", "2H", "2S", "P"])
    call = BIDDER.call(auction, Hand.from_pbn("Q.KT4.65.AQ65432"))
    assert str(call) != "3NT"
    assert isinstance(call, Bid) and call.level <= 3


def test_opener_with_extras_still_bids_game_over_a_forcing_new_suit() -> None:
    auction = Auction(Seat.N, ["1C", "2H", "2S", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("Q.AK4.A5.AQ65432"))) == "3NT"


def test_opener_with_four_trumps_and_a_maximum_super_accepts_the_transfer() -> None:
    auction = Auction(Seat.N, ["1NT", "P", "2D", "P"])
    call = BIDDER.call(auction, Hand.from_pbn("92.AJ86.AK7.KQT3"))
    assert str(call) == "3H"
    assert BIDDER.explain(auction, call).meanings[0].label == "super-accept"


def test_opener_with_four_trumps_and_a_minimum_super_accepts_the_transfer() -> None:
    # the super-accept tells the fourth trump, not a maximum: a flat 15-count with four hearts jumps
    auction = Auction(Seat.N, ["1NT", "P", "2D", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("Q92.AJ86.A73.KJ3"))) == "3H"


def test_opener_with_three_trumps_completes_the_transfer() -> None:
    auction = Auction(Seat.N, ["1NT", "P", "2H", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("A92.AJ8.AK7.QT63"))) == "2S"


def test_responder_bids_game_over_the_super_accept_with_a_few_points() -> None:
    auction = Auction(Seat.N, ["1NT", "P", "2D", "P", "3H", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("J83.KQ975.T984.6"))) == "4H"
    assert str(BIDDER.call(auction, Hand.from_pbn("J83.Q9752.T984.6"))) == "Pass"


def test_responder_with_a_maximum_and_four_cards_raises_openers_second_suit_after_1nt() -> None:
    _assert_invites(["1S", "P", "1NT", "P", "2H", "P"], "Q96.J742.K6.KT54", "3H")


def test_responder_with_a_minimum_passes_openers_second_suit_after_1nt() -> None:
    auction = Auction(Seat.N, ["1S", "P", "1NT", "P", "2H", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("96.J742.K6.QT543"))) == "Pass"


def test_responder_with_a_six_card_major_and_game_values_bids_four_over_opener_1nt_rebid() -> None:
    auction = Auction(Seat.N, ["1D", "P", "1S", "P", "1NT", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("AQJ974.K83.5.Q62"))) == "4S"


def test_responder_with_a_six_card_major_invites_with_a_jump_in_it() -> None:
    _assert_invites(["1C", "P", "1H", "P", "2C", "P"], "Q74.AQJ973.Q5.86", "3H")


def _assert_bids(calls: list[str], hand: str, expected: str) -> None:
    """The hand's call is ``expected`` and the bidder's explanation of that call allows the hand."""
    auction = Auction(Seat.N, calls)
    call = BIDDER.call(auction, Hand.from_pbn(hand))
    assert str(call) == expected
    assert BIDDER.explain(auction, call).allows(Hand.from_pbn(hand))


def test_responder_with_a_six_card_major_bids_game_in_it_over_openers_minor_rebid_even_with_support() -> None:
    # 1C 1S 2C: four clubs do not make 3NT the game when the spades are six (QJT862 opposite a doubleton)
    _assert_bids(["1C", "P", "1S", "P", "2C", "P"], "QJT862.J9.A.KQ84", "4S")


def test_responder_transfers_over_the_strong_2c_openers_2nt_rebid() -> None:
    # 2C 2D 2NT (22-24): the 2NT opening's transfers apply; JT754 of spades plays in four, not 3NT
    _assert_bids(["2C", "P", "2D", "P", "2NT", "P"], "JT754.Q.764.KJ53", "3H")


def test_responder_uses_stayman_over_the_strong_2c_openers_2nt_rebid_with_three_hcp() -> None:
    _assert_bids(["2C", "P", "2D", "P", "2NT", "P"], "KQ52.J876.865.53", "3C")
    _assert_bids(["2C", "P", "2D", "P", "2NT", "P", "3C", "P", "3S", "P"], "KQ52.J876.865.53", "4S")


def test_responder_with_two_hcp_passes_the_transfer_completion_over_the_strong_2nt_rebid() -> None:
    _assert_bids(["2C", "P", "2D", "P", "2NT", "P", "3H", "P", "3S", "P"], "JT754.8.764.8653", "Pass")


def test_advancer_bids_game_in_the_balancing_overcallers_major_with_three_trumps_and_11_hcp() -> None:
    # 2H P P 2S P: the balancing overcall shows 8-16 HCP and five spades; K84 and 11 HCP make game likely
    _assert_bids(["2H", "P", "P", "2S", "P"], "K84.Q754.76.AQ75", "4S")


def test_advancer_raises_the_balancing_overcall_with_three_trumps_and_8_to_10_hcp() -> None:
    _assert_bids(["2D", "P", "P", "2S", "P"], "K643.KJT72.QJ3.T", "3S")


REOPENED = ["1D", "1S", "P", "P", "X", "P", "2C", "P"]


def test_reopening_doubler_with_19_hcp_does_not_bid_3nt_opposite_a_forced_advance() -> None:
    # the advance may be made on nothing: 19 HCP invites rather than bids game
    call = BIDDER.call(Auction(Seat.N, REOPENED), Hand.from_pbn("AQ4.Q82.AK96.A92"))
    assert str(call) != "3NT"


def test_reopening_doubler_with_20_hcp_bids_3nt_over_the_advance() -> None:
    call = BIDDER.call(Auction(Seat.N, REOPENED), Hand.from_pbn("AQ4.K82.AK96.A92"))
    assert str(call) == "3NT"


def test_reopening_doubler_with_18_hcp_bids_3nt_over_a_three_level_advance() -> None:
    # partner was forced to the three level: no room left to invite
    auction = Auction(Seat.N, ["1S", "3C", "P", "P", "X", "P", "3D", "P"])
    call = BIDDER.call(auction, Hand.from_pbn("AQ842.A2.KJ5.KJ4"))
    assert str(call) == "3NT"
    assert BIDDER.explain(auction, call).meanings[0].label.startswith("to play")


LIMIT_RAISE_OVER_OVERCALL = ["1H", "1S", "3H", "P"]


def test_opener_accepts_the_limit_raise_when_its_top_gives_game_values() -> None:
    # 3H shows 10-12: 14 dummy points and partner's 12 make 26 (with 13 opener passes: see below)
    auction = Auction(Seat.N, LIMIT_RAISE_OVER_OVERCALL)
    assert str(BIDDER.call(auction, Hand.from_pbn("2.K9753.AKJ8.J84"))) == "4H"


def test_opener_declines_the_limit_raise_with_a_bare_minimum() -> None:
    # 13 dummy points: game only if partner has the very top of 10-12, so pass (SAYC accepts with 14+)
    auction = Auction(Seat.N, LIMIT_RAISE_OVER_OVERCALL)
    assert str(BIDDER.call(auction, Hand.from_pbn("2.K9753.AKJ8.984"))) == "Pass"


def test_opener_declines_the_limit_raise_when_even_its_top_leaves_the_partnership_short() -> None:
    auction = Auction(Seat.N, LIMIT_RAISE_OVER_OVERCALL)
    assert str(BIDDER.call(auction, Hand.from_pbn("982.K9753.AKJ.98"))) == "Pass"
