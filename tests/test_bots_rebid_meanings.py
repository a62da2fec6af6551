"""What opener's rebids show when explained: each rebid's explanation says the suit length and the HCP
the system's hands that make it hold, so that partner's later decisions (which read the explanations'
hull) are not made on a looser reading than the system means."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.model import Hand, Seat, Suit
from bridgetools.rules import Auction

BIDDER = Bidder()


def _shown(calls: list[str], call: str) -> tuple[tuple[int, int], list[int]]:
    """The HCP range and the least length in each suit (clubs first) that ``call`` after ``calls``
    shows by the tables' meanings (the fallback's forced bid left out)."""
    e = BIDDER.explain(Auction(Seat.N, calls), call).natural()
    return e.hcp_range(), [e.min_length(s) for s in Suit]


def test_opener_rebidding_diamonds_over_a_two_club_response_shows_six() -> None:
    _, lengths = _shown(["1D", "P", "2C", "P"], "2D")
    assert lengths[Suit.D] == 6


def test_opener_with_six_diamonds_and_no_other_call_rebids_them_over_2c() -> None:
    auction = Auction(Seat.N, ["1D", "P", "2C", "P"])
    hand = Hand.from_pbn("32.A2.KQJ832.K32")
    assert str(BIDDER.call(auction, hand)) == "2D"
    assert BIDDER.explain(auction, "2D").natural().allows(hand)


def test_opener_rebidding_a_minor_shows_at_least_five() -> None:
    # SAYC: a rebid of one's own suit shows five or more; a minor's five only with no other rebid
    for response in ("1H", "1S"):
        _, lengths = _shown(["1D", "P", response, "P"], "2D")
        assert lengths[Suit.D] == 5, response
    _, lengths = _shown(["1C", "P", "1D", "P"], "2C")
    assert lengths[Suit.C] == 5


def test_opener_rebidding_a_major_over_a_one_level_response_shows_six() -> None:
    # a five-card major always has another rebid (1NT, a new suit, a raise)
    for calls in (["1H", "P", "1S", "P"], ["1H", "P", "1NT", "P"], ["1S", "P", "1NT", "P"]):
        _, lengths = _shown(calls, "2" + calls[0][1])
        assert lengths[Suit.parse(calls[0][1])] == 6, calls


def test_opener_with_five_clubs_and_four_diamonds_rebids_clubs_over_1h() -> None:
    # 2D would be a reverse (17+): the minimum's only rebid, the one that leaves the minor at five cards
    auction = Auction(Seat.N, ["1C", "P", "1H", "P"])
    hand = Hand.from_pbn("72.A2.QT52.AQT96")
    assert str(BIDDER.call(auction, hand)) == "2C"
    assert BIDDER.explain(auction, "2C").natural().allows(hand)


def test_opener_rebidding_a_minor_over_1nt_shows_a_minimum_six_card_suit() -> None:
    # a five-card minor passes 1NT or bids its second suit; 2m is the minimum (11-14), six cards
    hcp, lengths = _shown(["1D", "P", "1NT", "P"], "2D")
    assert lengths[Suit.D] == 6
    assert hcp == (11, 14)


def test_a_strong_long_minor_over_1nt_bids_3nt_not_the_minimum_rebid() -> None:
    # a teacher's note: 2D was offered to 17-21 HCP too, though it is a minimum; the jump rebid (3D)
    # invites with 17-20 points, so 19 HCP and six diamonds bid the game
    auction = Auction(Seat.N, ["1D", "P", "1NT", "P"])
    nineteen = Hand.from_pbn("A2.K3.AKJ732.KJ5")
    assert str(BIDDER.call(auction, nineteen)) == "3NT"
    assert BIDDER.explain(auction, "3NT").natural().allows(nineteen)
    assert not BIDDER.explain(auction, "2D").allows(nineteen)


def test_opener_rebidding_his_major_over_a_two_over_one_shows_five_by_itself() -> None:
    _, lengths = _shown(["1H", "P", "2C", "P"], "2H")
    assert lengths[Suit.H] == 5


def test_responders_preference_to_openers_first_suit_shows_it_at_least_as_long_as_the_second() -> None:
    # with more clubs than diamonds responder passes 2C: 2D gives preference with as many diamonds or more
    auction = Auction(Seat.N, ["1D", "P", "1H", "P", "2C", "P"])
    longer_clubs = Hand.from_pbn("Q2.KJ84.J2.98765")
    assert str(BIDDER.call(auction, longer_clubs)) == "Pass"
    assert not BIDDER.explain(auction, "2D").allows(longer_clubs)
    assert BIDDER.explain(auction, "2D").allows(Hand.from_pbn("Q2.KJ84.J982.976"))


def test_a_six_card_suit_with_15_hcp_jumps_so_the_simple_rebid_over_1nt_shows_at_most_14() -> None:
    auction = Auction(Seat.N, ["1D", "P", "1NT", "P"])
    fifteen = Hand.from_pbn("A2.J3.AKJ864.Q32")
    assert str(BIDDER.call(auction, fifteen)) == "3D"
    assert not BIDDER.explain(auction, "2D").natural().allows(fifteen)
    assert BIDDER.explain(auction, "2D").natural().allows(Hand.from_pbn("A2.93.AKJ864.J32"))


def test_responders_six_card_suit_again_over_openers_rebid_does_not_claim_the_hand_that_jumps() -> None:
    # review: 2S said "at most 10 HCP", though a 10-count with six spades jumps to 3S (invitational)
    auction = Auction(Seat.N, ["1D", "P", "1S", "P", "2D", "P"])
    ten = Hand.from_pbn("KJ9832.Q32.A2.32")
    assert str(BIDDER.call(auction, ten)) == "3S"
    assert not BIDDER.explain(auction, "2S").natural().allows(ten)
    assert BIDDER.explain(auction, "2S").natural().allows(Hand.from_pbn("KJ9832.Q32.K2.32"))


def test_openers_rebid_of_his_suit_after_a_negative_double_shows_the_openings_length() -> None:
    # a teacher's note: 1x (2y) X P 2x, the last resort "rebid", said no length at all
    _, lengths = _shown(["1H", "2C", "X", "P"], "2H")
    assert lengths[Suit.H] == 5
    auction = Auction(Seat.N, ["1D", "2C", "X", "P"])
    four = Hand.from_pbn("K32.Q32.AKJ3.Q32")
    assert str(BIDDER.call(auction, four)) == "2D"
    assert "3+ diamonds" in str(BIDDER.explain(auction, "2D"))
