"""No explanation shows a range whose least is above its most ("14-13 HCP"): such a meaning allows no
hand, and a range worked out by subtraction (a quantitative 4NT's) comes out so when there is no room."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetools.bots import Bidder
from bridgetools.bots.meaning import Meaning
from bridgetools.bots.rules import NONE_VULNERABLE
from bridgetools.bots.system import ALL_RULES
from bridgetools.model import Call, Seat, Suit
from bridgetools.rules import Auction
from bridgetools.rules.deck import deal_shuffled

BIDDER = Bidder()


def _auction(calls: str) -> Auction:
    return Auction(Seat.N, [Call.parse(c) for c in calls.split()])


def _impossible_offers(auction: Auction) -> list[str]:
    """The calls the rules would consider now whose meaning no hand could hold, before the bidder's
    guard leaves them out: what a rule, the fallback or the slam tries produced wrongly."""
    sit = BIDDER._situation(auction, NONE_VULNERABLE)
    return [f"{auction} {call}: {meaning.describe()}" for call, meaning in BIDDER._ordered_candidates(sit)
            if not meaning.possible]


def test_a_meaning_with_an_inverted_range_is_not_possible() -> None:
    assert Meaning("quantitative", hcp=(13, 13)).possible
    assert not Meaning("quantitative", hcp=(14, 13)).possible
    assert not Meaning("long spades", lengths=((6, 5), (0, 13), (0, 13), (0, 13))).possible


def test_a_meaning_that_allows_no_ace_count_is_not_possible() -> None:
    assert Meaning("answer to Blackwood", aces=(0, 4)).possible
    assert not Meaning("answer to Blackwood", aces=()).possible
    assert not Meaning("answer to Blackwood", aces=(5,)).possible


def test_every_table_rules_fixed_ranges_allow_some_hand() -> None:
    # a rule's HCP, points, losers, controls, tens and aces are fixed when the tables are built (only its
    # lengths depend on the suits bound), so an inverted one ("15-12 HCP") or an ace count no hand holds is
    # found here, not only by an auction that happens to reach the rule
    fixed = ("hcp", "points", "dummy_points", "losers", "controls", "tens", "aces")
    wrong = [f"{rule.pattern_text} {rule.call} {rule.label}" for rule in ALL_RULES
             if not Meaning(rule.label, **{k: v for k, v in rule.spec.items() if k in fixed}).possible]
    assert not wrong


def test_no_quantitative_4nt_opposite_a_two_point_notrump_rebid() -> None:
    # 2NT after a negative double, 3NT after a two-over-one: 18-19, played for 18; 14 HCP bids 6NT (32
    # with 18) and 13 makes at most 32 with the top, so no hand invites ("14-13 HCP" before)
    for calls in ("1D 1S X P 2N P", "1H P 2C P 3N P"):
        assert not _impossible_offers(_auction(calls))
        explained = BIDDER.explain(_auction(calls), "4N")
        assert all(m.possible and m.convention != "quantitative" for m in explained.meanings), explained.text


def test_the_quantitative_4nt_stays_opposite_a_wider_notrump_range_in_competition() -> None:
    why = BIDDER.explain(_auction("1D P 1S P 2N 3H"), "4N")
    assert why.convention == "quantitative" and all(m.possible for m in why.meanings)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_no_rule_offers_a_meaning_no_hand_could_hold(seed: int) -> None:
    deal = deal_shuffled(seed=seed)
    rng = random.Random(seed)
    auction = Auction(Seat(seed % 4))
    while not auction.is_complete and len(auction) < 40:
        assert not _impossible_offers(auction)
        if rng.random() < 0.15:
            auction.add(rng.choice(auction.legal_calls()))
        else:
            hand = deal[auction.turn]
            assert hand is not None
            auction.add(BIDDER.call(auction, hand))


def test_a_call_holds_every_hand_of_a_later_one_only_where_it_asks_nothing_more_of_it() -> None:
    # a raise's 6-10 with four trumps holds every five-trump hand of those HCP; a stopper it asks does not
    diamonds = ((0, 13), (4, 13), (0, 13), (0, 13))
    five = ((0, 13), (5, 13), (0, 13), (0, 13))
    raise_ = Meaning("raise", hcp=(6, 10), lengths=diamonds)
    competes = Meaning("competes", hcp=(5, 40), lengths=five)
    assert raise_.hcp_for_hands_of(competes) == (6, 10)
    assert competes.hcp_for_hands_of(raise_) is None
    assert Meaning("game", points=(14, 50), lengths=five).hcp_for_hands_of(competes) == (14, 40)
    assert Meaning("notrump", hcp=(11, 40), stoppers=(Suit.S,)).hcp_for_hands_of(competes) is None
