"""Cue bids with a major agreed below game (bridgetools.bots.cuebids): the cheapest first-round control
shown, the cheaper ones denied, and partner's Blackwood or sign-off over it."""

from __future__ import annotations

from bidding_checks import bid_explained

from bridgetools.bots import Bidder
from bridgetools.bots.meaning import HandFacts, Meaning
from bridgetools.model import Call, Hand, Suit

BIDDER = Bidder()


def _bid(calls: str, hand: str) -> tuple[Call, str]:
    return bid_explained(BIDDER, calls, hand)


def test_first_round_control_is_an_ace_or_a_void() -> None:
    facts = HandFacts.of(Hand.from_pbn("A32..KQ98765.432"))
    assert facts.first_round[Suit.S] and facts.first_round[Suit.H]
    assert not facts.first_round[Suit.D] and not facts.first_round[Suit.C]


def test_a_meaning_can_deny_first_round_control() -> None:
    denies_clubs = Meaning("cue bid", first_round=((Suit.C, False), (Suit.D, True)))
    assert denies_clubs.allows(HandFacts.of(Hand.from_pbn("Q873.K2.A986.J86")))
    assert not denies_clubs.allows(HandFacts.of(Hand.from_pbn("Q873.K2.A986.A86")))
    assert "no first-round control of clubs" in denies_clubs.describe()


def test_the_cue_bid_is_the_cheapest_first_round_control() -> None:
    call, why = _bid("1NT P 2H P 3S P", "KQ9873.A4.Q932.9")
    assert str(call) == "4H"
    assert "no first-round control of clubs" in why and "no first-round control of diamonds" in why


def test_a_cue_bid_needs_a_fit_both_hands_have_shown() -> None:
    call, _ = _bid("1C P 1S P", "AKJ4.AQ73..QJ986")
    assert str(call) != "4D"


def test_partner_signs_off_without_control_of_a_denied_suit() -> None:
    call, _ = _bid("1NT P 2H P 3S P 4H P", "AQ54.KQ3.AK4.J32")
    assert str(call) == "4S"


def test_partner_asks_for_aces_with_the_losers_played_for_and_control_of_the_denied_suits() -> None:
    call, why = _bid("1H P 1S P 3S P 4C P", "AKT5.AQT53.5.K32")
    assert str(call) == "4NT" and "Blackwood" in why


def test_the_cue_bidder_passes_the_sign_off() -> None:
    call, _ = _bid("1H P 1S P 3S P 4C P 4S P", "Q873..Q986.AQJ86")
    assert str(call) == "Pass"
