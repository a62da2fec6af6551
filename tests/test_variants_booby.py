"""Booby (three players and a booby): discards to the booby, booby opposite declarer, own scores."""

from __future__ import annotations

import pytest

from bridgetools.errors import BridgeError, IllegalCallError
from bridgetools.model import Card, Rank, Suit
from bridgetools.rules.variants import Action, VariantDeal, new_deal, rules_of

LOW = [Card(s, r) for s in Suit for r in Rank if r <= 5]
"""Sixteen cards from the two to the five: declarer's side holds these and a few more low cards."""


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def low_nullo_deal() -> VariantDeal:
    """Player 0 holds the twos to fives and the S6; everything of the nine up lies with players 1 and 2, so
    declarer's side (player 0 and the booby) can win no trick. Player 2 deals, so player 0 receives first."""
    hands = [
        [*LOW, Card.parse("S6")],
        cards("SA SK SQ SJ ST S9 HA HK HQ HJ HT H9 S8 D6 C6 S7 H7"),
        cards("DA DK DQ DJ DT D9 CA CK CQ CJ CT C9 H8 D7 C7 C8 D8"),
    ]
    pack = [hands[p][i] for i in range(17) for p in range(3)] + [Card.parse("H6")]
    return VariantDeal(rules_of("booby"), pack, dealer=2)


def discard_and_bid(deal: VariantDeal, calls: list[str]) -> None:
    for player, discards in ((0, "S6 H5 D5 C5"), (1, "D6 C6 S7 H7"), (2, "D7 C7 C8 D8")):
        assert deal.to_act == player
        deal.act(Action.parse("discard", tuple(discards.split())))
    for call in calls:
        deal.act(Action.parse("call", call))


def test_each_player_gets_17_cards_and_the_booby_the_52nd() -> None:
    deal = new_deal("booby", seed=1)
    assert [len(h) for h in deal.hands] == [17, 17, 17, 1]
    assert deal.phase == "discard" and deal.to_act == 1


def test_each_player_adds_four_cards_face_down_to_the_booby() -> None:
    deal = low_nullo_deal()
    discard_and_bid(deal, [])
    assert [len(h) for h in deal.hands] == [13, 13, 13, 13]
    assert deal.view(0)["hands"][3]["cards"] is None and deal.phase == "bidding"


def test_each_player_still_knows_the_four_cards_they_gave_the_booby() -> None:
    deal = low_nullo_deal()
    discard_and_bid(deal, [])
    booby = deal.view(0)["hands"][3]
    assert (booby["cards"], booby["known"], booby["count"]) == (None, ["S6", "H5", "D5", "C5"], 13)
    assert deal.view(1)["hands"][3]["known"] == ["S7", "H7", "D6", "C6"]
    assert deal.view(0)["hands"][1]["known"] == []


def test_each_player_sees_how_many_cards_each_gave_the_booby_and_which_of_their_own() -> None:
    # the view held no discard but the player's own `known` cards: a screen reader could not be told them
    deal = low_nullo_deal()
    discard_and_bid(deal, [])
    assert deal.view(1)["choices"] == [
        {"player": 0, "kind": "discard", "count": 4, "cards": None, "value": None, "drawn": None},
        {"player": 1, "kind": "discard", "count": 4, "cards": ["D6", "C6", "S7", "H7"], "value": None,
         "drawn": None},
        {"player": 2, "kind": "discard", "count": 4, "cards": None, "value": None, "drawn": None},
    ]


def test_a_discard_of_other_than_four_own_cards_is_refused() -> None:
    deal = low_nullo_deal()
    with pytest.raises(BridgeError):
        deal.act(Action.parse("discard", ("S6", "H5", "D5")))
    with pytest.raises(BridgeError):
        deal.act(Action.parse("discard", ("SA", "H5", "D5", "C5")))


def test_nullo_ranks_above_hearts_and_below_spades() -> None:
    deal = low_nullo_deal()
    discard_and_bid(deal, ["1H"])
    assert "1N0" in deal.legal_calls() and "1H" not in deal.legal_calls()
    deal.act(Action.parse("call", "1N0"))
    assert "1S" in deal.legal_calls() and "1N0" not in deal.legal_calls()


def test_the_auction_ends_when_the_other_two_pass_after_a_bid() -> None:
    deal = low_nullo_deal()
    discard_and_bid(deal, ["P", "1S", "P", "P"])
    assert (str(deal.contract), deal.declarer, deal.phase) == ("1S", 0, "play")


def test_only_the_bidder_may_redouble() -> None:
    deal = low_nullo_deal()
    discard_and_bid(deal, ["P", "1S", "X"])
    assert "XX" not in deal.legal_calls()
    deal.act(Action.parse("call", "P"))
    assert deal.to_act == 0 and "XX" in deal.legal_calls()
    with pytest.raises(IllegalCallError):
        deal.act(Action.parse("call", "X"))


def test_four_nullo_held_to_three_tricks_scores_120_below_the_line() -> None:
    deal = low_nullo_deal()
    discard_and_bid(deal, ["P", "4N0", "P", "P"])
    assert (str(deal.contract), deal.declarer) == ("4N0", 0)
    assert deal.to_act == 1, "the player on declarer's left leads"
    order = []
    while deal.to_act is not None:
        order.append((deal.to_act, deal.seat_to_play().hands))
        deal.act(deal.legal_actions()[0])
    assert order[:4] == [(1, (1,)), (0, (3,)), (2, (2,)), (0, (0,))], "booby sits opposite declarer"
    assert deal.result is not None and deal.result.tricks is not None and deal.result.tricks <= 3
    below = [(e.player, e.points) for e in deal.result.entries if e.line == "below"]
    assert below == [(0, 120)]


def test_the_booby_is_faced_after_the_opening_lead() -> None:
    deal = low_nullo_deal()
    discard_and_bid(deal, ["P", "4N0", "P", "P"])
    assert deal.view(0)["hands"][3]["cards"] is None
    deal.act(deal.legal_actions()[0])
    assert deal.view(2)["hands"][3]["cards"] is not None and deal.view(2)["hands"][3]["face_up"]


def test_the_view_seats_the_booby_opposite_declarer_once_the_play_begins() -> None:
    deal = low_nullo_deal()
    assert deal.view(0)["seats"] == [], "no seats before the play"
    discard_and_bid(deal, ["P", "4N0", "P", "P"])
    declarer = deal.declarer
    assert declarer is not None
    clockwise = [declarer, (declarer + 1) % 3, 3, (declarer + 2) % 3]  # declarer, LHO, booby, RHO
    assert [deal.view(p)["seats"] for p in range(3)] == [clockwise] * 3


def test_each_defender_scores_the_penalty_of_a_defeated_contract() -> None:
    deal = low_nullo_deal()
    discard_and_bid(deal, ["P", "1S", "P", "P"])
    while deal.to_act is not None:
        deal.act(deal.legal_actions()[0])
    assert deal.result is not None
    down = [(e.player, e.points) for e in deal.result.entries if "down" in e.item]
    assert down == [(1, 350), (2, 350)], "seven tricks short, not vulnerable: 50 each"
