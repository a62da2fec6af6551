"""The computer players of the variants: always legal, bidding from strength and length (nullo with a weak,
low, flat hand), double dummy in the four-hand endings, and better than a random legal player."""

from __future__ import annotations

import random

import pytest

from bridgetools.bots.play import dd_available
from bridgetools.bots.variants import (
    ComputerPlayer,
    RandomVariantPlayer,
    choose_call,
    dd_card,
    estimate,
    play_out,
)
from bridgetools.bots.variants.bidding import highest_safe
from bridgetools.model import Card, Rank, Suit
from bridgetools.rules.variants import VARIANT_NAMES, Action, VariantContract, VariantDeal, new_deal, rules_of
from bridgetools.rules.variants.scoring import contract_points


def nullo_deal_with(hand: list[Card]) -> VariantDeal:
    """A Nullo deal in which player 0 (dealt first by dealer 1) holds ``hand``."""
    rest = [c for c in (Card(s, r) for s in Suit for r in Rank) if c not in hand]
    pack = [card for pair in zip(hand, rest[:13], strict=True) for card in pair] + rest[13:]
    deal = VariantDeal(rules_of("nullo"), pack, dealer=1)
    deal.act(Action("exchange", ()))
    return deal


def call_over_a_pass(hand: list[Card]) -> Action:
    """The computer's call for player 0 holding ``hand`` after nothing is exchanged and player 1 passes."""
    deal = nullo_deal_with(hand)
    deal.act(Action("exchange", ()))
    deal.act(Action("call", "P"))
    return choose_call(deal, 0)


def test_the_computer_bids_nullo_with_a_weak_low_flat_hand() -> None:
    hand = [Card(s, Rank(r)) for s in Suit for r in (2, 3, 4)] + [Card.parse("S5")]
    action = call_over_a_pass(hand)
    assert str(action.value).endswith("N0")


def test_the_computer_bids_its_long_strong_suit() -> None:
    hand = [Card(Suit.S, Rank(r)) for r in range(7, 15)]
    hand += [Card.parse(c) for c in ("HA", "HK", "DA", "C2", "C3")]
    action = call_over_a_pass(hand)
    assert str(action.value).endswith("S")


def test_the_computer_bids_the_level_its_hand_makes_safe_at_once_not_the_cheapest() -> None:
    # no partner will raise a one-level bid: eight spades to the ace and three more aces and kings
    hand = [Card(Suit.S, Rank(r)) for r in range(7, 15)]
    hand += [Card.parse(c) for c in ("HA", "HK", "DA", "C2", "C3")]
    deal = nullo_deal_with(hand)
    deal.act(Action("exchange", ()))
    deal.act(Action("call", "P"))
    safe = highest_safe(deal.rules, "S", estimate(deal, 0)["S"])
    assert safe > 1 and choose_call(deal, 0) == Action("call", f"{safe}S")


def test_in_chinese_bridge_the_computer_bids_the_cheapest_bid_not_its_safe_level() -> None:
    # there the jump to the safe level lost in whole rubbers (docs/variants.md): the first deal whose dealer
    # could bid above the one level
    def best(deal: VariantDeal) -> tuple[int, str]:
        tricks = estimate(deal, deal.dealer)
        safe = {s: highest_safe(deal.rules, s, t) for s, t in tricks.items()}
        strain = max(safe, key=lambda s: (safe[s], tricks[s]))
        return safe[strain], strain

    deal = next(d for d in (new_deal("chinese", seed=seed) for seed in range(100)) if best(d)[0] > 1)
    assert choose_call(deal, deal.dealer) == Action("call", f"1{best(deal)[1]}")


def test_in_bridge_for_two_the_computer_bids_game_with_nine_top_tricks() -> None:
    # six spades to the ace, king, queen, jack, and three more aces and kings: nine tricks at notrump
    mine = [Card.parse(c) for c in "SA SK SQ SJ S9 S8 HA HK H4 DA D4 C3 C2".split()]
    dummy = [Card.parse(c) for c in "S7 S6 S2 HQ HJ H3 DQ DJ D6 D5 C9 C8 C7".split()]
    rest = [c for c in new_deal("konstam", seed=0).pack if c not in mine + dummy]
    pack = [c for i in range(13) for c in (rest[i], mine[i], dummy[i], rest[13 + i])]
    deal = VariantDeal(rules_of("konstam"), pack, dealer=0)  # dealt to 1, 0, the open dummy, the closed
    assert deal.hands[0] == mine and deal.hands[2] == dummy
    call = choose_call(deal, 0)
    assert contract_points(deal.rules, VariantContract.from_str(str(call.value))) >= 100


def test_in_nullo_the_computer_weighs_its_13_cards_against_the_opponents_13_not_the_stock() -> None:
    weak = nullo_deal_with([Card(s, Rank(r)) for s in Suit for r in (2, 3, 4)] + [Card.parse("S5")])
    weak.act(Action("exchange", ()))
    assert estimate(weak, 0)["NT"] == 0  # no high card against the opponent's 13: no trick at notrump
    strong = nullo_deal_with([Card(s, Rank(r)) for s in Suit for r in (14, 13, 12)] + [Card.parse("SJ")])
    strong.act(Action("exchange", ()))
    assert estimate(strong, 0)["NT"] == pytest.approx(13 * 37 / (37 + 13 * 3 / 39))


def test_the_computer_passes_a_middling_hand_when_it_may() -> None:
    # (10 of the 40 high-card points: the opponent's 13 cards of the 39 unseen hold 10 on average)
    hand = [Card.parse(c) for c in "SQ S8 S6 HK H9 H4 DK D7 D5 CQ C8 C4 C2".split()]
    assert call_over_a_pass(hand) == Action("call", "P")


def test_in_booby_the_computer_bids_seven_clubs_to_the_ace_king_queen_jack() -> None:
    # seven sure tricks or so in clubs, little else: a suit's tricks grow faster than notrump's with length
    deal = new_deal("booby", seed=2, dealer=0)
    players = [ComputerPlayer(p, samples=0) for p in range(3)]
    while deal.phase != "bidding":
        deal.act(players[deal.to_act].action(deal))
    assert sorted(str(c) for c in deal.hands[0] if c.suit == Suit.C) == sorted("CA CK CQ CJ C9 C8 C7".split())
    assert choose_call(deal, 0) == Action("call", "1C")


def sholem_deal_with(hand: list[Card]) -> VariantDeal:
    """A Sholem deal in which player 0 (dealt first by dealer 1, in every round) holds ``hand``, both
    players having passed the first two rounds and dealer 1 the third."""
    rest = [c for c in new_deal("sholem", seed=0).pack if c not in hand]
    pack = [card for pair in zip(hand, rest, strict=True) for card in pair]
    deal = VariantDeal(rules_of("sholem"), pack, dealer=1)
    for _ in range(5):
        deal.act(Action("call", "P"))
    return deal


def test_in_sholem_the_computer_bids_a_hand_with_most_of_the_high_cards_and_a_long_suit() -> None:
    # 24 of the 40 high-card points and five spades to the ace, king, queen: eight tricks or so of ten
    hand = [Card.parse(c) for c in "SA SK SQ S9 S8 HA HK H7 DQ DJ D8 D7 CK CQ C8 C7".split()]
    assert choose_call(sholem_deal_with(hand), 0) != Action("call", "P")


def test_in_sholem_the_computers_pass_out_few_deals() -> None:
    passed_out = sum(play_out(new_deal("sholem", seed=seed, dealer=seed % 2),
                              [ComputerPlayer(seed, samples=0), ComputerPlayer(seed + 1, samples=0)]).contract
                     is None for seed in range(40))
    assert passed_out < 40 // 3


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_the_computer_only_takes_legal_actions(name: str) -> None:
    players = [ComputerPlayer(p, samples=2) for p in range(3)]
    for seed in range(3):
        deal = play_out(new_deal(name, seed=seed, dealer=seed % rules_of(name).players), players)
        assert deal.phase == "over"


@pytest.mark.skipif(not dd_available(), reason="the dd extra is not installed")
def test_the_computer_solves_four_hand_endings_double_dummy() -> None:
    deal = new_deal("konstam", seed=4, dealer=0)
    deal.act(Action("call", "1NT"))
    deal.act(Action("call", "P"))
    deal.act(Action("choose_dummy", "open"))
    for _ in range(20):
        deal.act(deal.legal_actions()[0])
    assert max(len(h) for h in deal.hands) <= 9
    card = dd_card(deal, 2, random.Random(1))
    assert card is None or card in deal.legal_cards()
    while len(deal.legal_cards()) < 2:
        deal.act(deal.legal_actions()[0])
    assert dd_card(deal, 2, random.Random(1)) in deal.legal_cards()


def test_the_computer_plays_nullo_by_heuristic_not_double_dummy() -> None:
    deal = new_deal("konstam", seed=4, dealer=0)
    assert "1N0" not in deal.legal_calls()
    booby = new_deal("booby", seed=4, dealer=0)
    play_out(booby, [RandomVariantPlayer(p) for p in range(3)])
    assert dd_card(booby, 2, random.Random(1)) is None, "the deal is over"


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_the_computer_scores_more_than_a_random_player(name: str) -> None:
    rules = rules_of(name)
    difference = 0
    for seed in range(8):
        for seat in range(rules.players):
            players = [ComputerPlayer(seed, samples=0) if p == seat else RandomVariantPlayer(seed + p)
                       for p in range(rules.players)]
            result = play_out(new_deal(name, seed=seed, dealer=seed % rules.players), players).result
            assert result is not None
            others = [result.total(p) for p in range(rules.players) if p != seat]
            difference += result.total(seat) - sum(others) // len(others)
    assert difference > 0
