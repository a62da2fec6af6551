"""The fallback's search for the right game: a game-forcing new suit with an unbalanced hand instead of
a blind 3NT, five of a minor with a fit and shape, and neither widening what a table's call shows."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.model import Hand, Seat, Suit
from bridgetools.rules import Auction

BIDDER = Bidder()


def test_an_unbalanced_hand_with_game_values_bids_a_new_suit_rather_than_3nt() -> None:
    # 1H - 2D - 2H: 14 HCP, a singleton heart and five-four in the minors, spades unstopped (with both
    # unbid suits stopped 3NT is natural), looks for a game
    auction = Auction(Seat.N, ["1H", "P", "2D", "P", "2H", "P"])
    call = BIDDER.call(auction, Hand.from_pbn("654.5.AKQ87.KQ98"))
    assert str(call) == "3C"
    assert BIDDER.explain(auction, call).forcing


def test_a_doubleton_in_partners_rebid_major_bids_the_major_game_before_a_new_suit() -> None:
    # 1H - 2D - 2H: with K-5 the six hearts make an eight-card fit; game there rather than 3C
    auction = Auction(Seat.N, ["1H", "P", "2D", "P", "2H", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("A4.K5.Q9872.KJ82"))) == "4H"


def test_a_balanced_hand_with_a_doubleton_in_partners_rebid_major_bids_the_major_game() -> None:
    # 1H 2D 2H: the rebid shows six hearts, so K-5 makes eight and 4H beats 3NT
    auction = Auction(Seat.N, ["1H", "P", "2D", "P", "2H", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("A42.K5.Q987.KJ82"))) == "4H"


def test_opener_with_a_fit_and_a_singleton_raises_the_new_suit_to_game() -> None:
    # two aces: with the third the slam tries come first and it asks for aces (tests/test_bots_slam.py)
    auction = Auction(Seat.N, ["1H", "P", "2D", "P", "2H", "P", "3C", "P"])
    call = BIDDER.call(auction, Hand.from_pbn("3.KT863.K4.AQT97"))
    assert str(call) == "5C"
    assert "shape" in BIDDER.explain(auction, call).text


def test_the_game_forcing_new_suit_never_widens_what_a_tables_call_shows() -> None:
    # after 1C X P 1S P the doubler's 2H is the table's "strong, own suit" (17+ HCP), nothing weaker
    auction = Auction(Seat.S, ["P", "1C", "X", "P", "1S", "P"])
    explanation = BIDDER.explain(auction, "2H")
    assert explanation.hcp_range()[0] >= 17
    assert all("best game" not in m.label for m in explanation.meanings)


def test_a_game_forcing_new_suit_in_a_major_is_not_read_as_an_invitational_raise() -> None:
    # 1H 3C X P 3H P: 3S is a suit partner never bid, so it can only be the forcing search for game
    auction = Auction(Seat.N, ["1H", "3C", "X", "P", "3H", "P"])
    call = BIDDER.call(auction, Hand.from_pbn("AK9742.A3.975.82"))
    assert str(call) == "3S"
    explanation = BIDDER.explain(auction, call)
    assert explanation.forcing
    assert all(m.label != "invitational raise" for m in explanation.meanings)


def test_the_balancing_seat_doubles_when_they_stop_in_two_of_their_fit() -> None:
    auction = Auction(Seat.N, ["1H", "P", "2H", "P", "P"])
    call = BIDDER.call(auction, Hand.from_pbn("KJ42.4.QJ43.K973"))
    assert str(call) == "X"
    assert BIDDER.explain(auction, call).meanings[0].label == "balancing double"


def test_the_balancing_seat_overcalls_a_five_card_suit_at_the_two_level() -> None:
    auction = Auction(Seat.N, ["1H", "P", "2H", "P", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("KJ842.4.QJ4.9873"))) == "2S"


def test_partner_of_the_balancing_double_bids_the_longest_unbid_suit() -> None:
    auction = Auction(Seat.N, ["1H", "P", "2H", "P", "P", "X", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("Q8652.943.J7.Q53"))) == "2S"


def test_opener_accepts_the_2nt_invitation_after_two_suits_with_12_hcp() -> None:
    auction = Auction(Seat.N, ["1D", "P", "1H", "P", "1S", "P", "2NT", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("AJT8.4.QJT83.AT9"))) == "3NT"
    assert str(BIDDER.call(auction, Hand.from_pbn("AJT8.4.QJT83.KT9"))) == "Pass"


def test_opener_accepts_the_2nt_invitation_in_responders_major_with_three_of_it() -> None:
    auction = Auction(Seat.N, ["1D", "P", "1H", "P", "1S", "P", "2NT", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("AJT8.Q84.QJT83.A"))) == "4H"


def test_opener_accepts_the_2nt_invitation_after_rebidding_the_suit_with_13_hcp() -> None:
    auction = Auction(Seat.N, ["1D", "P", "1H", "P", "2D", "P", "2NT", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("54.AJ.KQT762.K76"))) == "3NT"


def test_the_fallbacks_invitational_raise_promises_nine_trumps_together() -> None:
    # opener's 1H shows five: the fallback's raise to 3H asks for four more
    explanation = BIDDER.explain(Auction(Seat.N, ["1H", "P", "1S", "P", "2C", "P"]), "3H")
    raise_ = next(m for m in explanation.meanings if m.label == "invitational raise")
    assert raise_.lengths[Suit.H][0] == 4


def test_the_fallbacks_2nt_invitation_shows_a_balanced_hand() -> None:
    explanation = BIDDER.explain(Auction(Seat.N, ["1D", "P", "1H", "P", "2C", "P"]), "2NT")
    invitation = next(m for m in explanation.meanings if m.label == "invitational")
    assert invitation.balanced is True


def test_a_strong_hand_with_no_top_is_played_near_its_floor() -> None:
    # 2C shows 22+: partner is counted for 24, not 26, so a 4-count does not ask for aces over 3S
    auction = Auction(Seat.N, ["2C", "P", "2D", "P", "2H", "P", "2NT", "P", "3S", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("Q985.4.J943.J654"))) == "4S"


def test_a_weak_hand_does_not_bid_five_of_a_minor_opposite_a_strong_doublers_new_suit() -> None:
    # 2H P P X P 3C P 3D: 5 HCP opposite a strong double is short of an eleven-trick game
    auction = Auction(Seat.E, ["2H", "P", "P", "X", "P", "3C", "P", "3D", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("Q75.J2.763.KJT97"))) == "Pass"
