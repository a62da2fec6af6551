"""Judgement by double-dummy simulation (bridgetools.bots.judgement): slam decisions weighed on layouts
that fit the auction, calls still inside their own explanations, the rule bidder kept apart."""

from __future__ import annotations

import random

import pytest

import bridgetools as bt
from bridgetools.bots import Bidder, judgement
from bridgetools.bots.inference import auction_constraints
from bridgetools.bots.judgement import JudgingBidder
from bridgetools.bots.sampling import HandConstraint, sample_hands
from bridgetools.dd import _dds, dd_makes
from bridgetools.errors import MissingExtraError
from bridgetools.model import PASS, Bid, Hand, Seat, Strain, Vul
from bridgetools.rules import Auction
from bridgetools.rules.deck import deal_shuffled

pytest.importorskip("endplay")

# North responded 1H to South's 1C with 20 HCP and bid the fourth suit over South's 2C rebid; South's
# 3NT leaves the rules in game, but with 32+ HCP together 6NT makes on nearly every layout.
STRONG = ("E", "P 1C P 1H P 2C P 2D P 3NT P", "AQ8.AKQJ73.KJ64.")


def _auction(dealer: str, calls: str) -> Auction:
    return Auction(Seat.parse(dealer), calls.split())


def test_dd_makes_agrees_with_the_double_dummy_table() -> None:
    deals = [deal_shuffled(seed=s) for s in range(2)]
    tables = [bt.dd_table(d) for d in deals]
    for strain in (Strain.S, Strain.NT):
        for tricks in (6, 9):
            made = dd_makes(deals, strain, Seat.E, tricks)
            assert made == [(t[Seat.E, strain] or 0) >= tricks for t in tables]


def test_the_judge_bids_a_slam_the_layouts_make_where_the_rules_stop_in_game() -> None:
    dealer, calls, hand = STRONG
    auction, h = _auction(dealer, calls), Hand.from_pbn(hand)
    assert Bidder().call(auction, h) is PASS
    judged = JudgingBidder()
    call = judged.call(auction, h, Vul.EW)
    assert call == Bid(6, Strain.NT)
    explanation = judged.explain(auction, call)
    assert explanation.allows(h)
    assert "simulation" in explanation.text


def test_a_judged_call_is_offered_only_to_a_judging_bidder() -> None:
    dealer, calls, _ = STRONG
    auction = _auction(dealer, calls)
    assert "simulation" not in Bidder().explain(auction, "6NT").text


def test_the_judge_leaves_a_hand_below_its_high_card_floor_to_the_rules() -> None:
    dealer, calls, _ = STRONG
    auction, weak = _auction(dealer, calls), Hand.from_pbn("Q82.AKJ873.K64.4")
    assert JudgingBidder().call(auction, weak) == Bidder().call(auction, weak)


def test_the_layouts_are_seeded_from_the_hand_and_the_auction() -> None:
    dealer, calls, hand = STRONG
    auction, h = _auction(dealer, calls), Hand.from_pbn(hand)
    other = _auction(dealer, calls.replace("3NT", "4NT"))
    assert judgement._seed(h, auction) == judgement._seed(h, _auction(dealer, calls))
    assert judgement._seed(h, auction) != judgement._seed(h, other)


def test_without_the_dd_extra_the_bidder_is_the_rule_bidder(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> None:
        raise MissingExtraError("double-dummy analysis", "dd")

    monkeypatch.setattr(_dds, "dds", missing)
    assert not judgement.available()
    assert not JudgingBidder().judge


def test_the_plain_bidder_is_the_rule_bidder() -> None:
    assert not Bidder().judge


def test_sampled_hands_keep_the_bidders_hand_and_fit_the_auction() -> None:
    dealer, calls, hand = STRONG
    auction, h = _auction(dealer, calls), Hand.from_pbn(hand)
    bidder = Bidder()
    shown = auction_constraints(auction, bidder.explain)
    deals = sample_hands(Seat.N, h, 8, random.Random(1), shown, 200)
    assert all(d[Seat.N] == h and all(len(d[s] or ()) == 13 for s in Seat) for d in deals)
    partner = shown[Seat.S]
    assert all(partner.misfit(d[Seat.S] or Hand(0)) == 0 for d in deals)


def test_sampled_hands_take_the_closest_layout_when_none_fits() -> None:
    impossible = {Seat.W: HandConstraint(hcp_min=30, hcp_max=37)}
    deals = sample_hands(Seat.E, Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ"), 2, random.Random(1), impossible, 20)
    assert len(deals) == 2
