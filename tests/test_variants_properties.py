"""Many random legal games of each variant played to the end: the cards, the tricks, following suit and
the duty to trump checked against the hands independently of the engine, and the scores adding up."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgetools.bots.variants import RandomVariantPlayer
from bridgetools.errors import IllegalPlayError
from bridgetools.model import Card
from bridgetools.rules.variants import VARIANT_NAMES, Action, Rubber, VariantDeal, new_deal, rules_of
from bridgetools.rules.variants.deal import pack_of


def playable(deal: VariantDeal) -> list[Card]:
    """What the player to act holds for this trick, read from the hands and table piles."""
    seat = deal.seat_to_play()
    cards = [c for h in seat.hands for c in deal.hands[h]]
    return cards + [p[0] for p in deal.piles[seat.player] if p[0] is not None] if deal.piles else cards


def check_card(deal: VariantDeal, card: Card, held: list[Card]) -> None:
    """The card was held, follows suit when able and, with a duty to trump, trumps when unable to follow."""
    assert card in held
    if not deal.trick:
        return
    led = deal.trick[0][2].suit
    if any(c.suit == led for c in held):
        assert card.suit == led
        return
    assert deal.contract is not None
    trump = deal.rules.trump(deal.contract.strain)
    if deal.rules.duty_to_trump and trump is not None and any(c.suit.name == trump for c in held):
        assert card.suit.name == trump


def try_a_revoke(deal: VariantDeal, held: list[Card], rng: random.Random) -> None:
    """A card that does not follow suit when the player could is refused, and changes nothing."""
    if not deal.trick:
        return
    led = deal.trick[0][2].suit
    off = [c for c in held if c.suit != led]
    if off and any(c.suit == led for c in held):
        before = deal.to_json()
        with pytest.raises(IllegalPlayError):
            deal.act(Action("card", str(rng.choice(off))))
        assert deal.to_json() == before


def play_randomly(name: str, seed: int, dealer: int) -> VariantDeal:
    rules = rules_of(name)
    deal = new_deal(name, seed=seed, dealer=dealer % rules.players)
    players = [RandomVariantPlayer(seed * 10 + p) for p in range(rules.players)]
    rng = random.Random(seed)
    while deal.to_act is not None:
        action = players[deal.to_act].action(deal)
        if deal.phase == "play":
            held = playable(deal)
            tricks_before, size = len(deal.tricks), len(deal.slots())
            check_card(deal, Card.parse(str(action.value)), held)
            try_a_revoke(deal, held, rng)
            deal.act(action)
            if len(deal.tricks) > tricks_before:
                assert len(deal.tricks[-1]) == size
        else:
            deal.act(action)
    return deal


def trick_sizes(name: str) -> list[int]:
    rules = rules_of(name)
    if name == "sholem":
        return [4] * 6 + [2] * 4
    return [len(rules.hands) if name in ("booby", "konstam") else 2] * rules.tricks


@given(name=st.sampled_from(VARIANT_NAMES), seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 2))
def test_a_random_legal_game_plays_each_card_once_in_tricks_of_the_variants_size(
        name: str, seed: int, dealer: int) -> None:
    deal = play_randomly(name, seed, dealer)
    rules = rules_of(name)
    assert deal.phase == "over" and deal.result is not None
    if deal.contract is None:
        assert name in ("booby", "nullo", "sholem")
        return
    played = [c for t in deal.tricks for _, _, c in t]
    assert len(played) == len(set(played))
    assert [len(t) for t in deal.tricks] == trick_sizes(name)
    assert sum(deal.tricks_won) == rules.tricks
    out_of_play = set(deal.stock) | set(deal.set_aside)
    assert set(played) | out_of_play == set(pack_of(rules))
    assert all(not h for h in deal.hands) and all(p == [None, None] for ps in deal.piles for p in ps)


@given(name=st.sampled_from(VARIANT_NAMES), seed=st.integers(0, 2**32 - 1))
def test_a_random_deal_scores_add_up_for_each_player(name: str, seed: int) -> None:
    deal = play_randomly(name, seed, seed)
    result = deal.result
    assert result is not None
    if result.contract is None:
        assert result.entries == ()
        return
    assert result.tricks == deal.tricks_won[deal.declarer or 0]
    by_player = Counter[int]()
    for entry in result.entries:
        by_player[entry.player] += entry.points
        assert entry.points > 0 and entry.line in ("above", "below")
        assert entry.line == "above" or entry.player == result.declarer
    assert all(result.total(p) == by_player[p] for p in range(rules_of(name).players))


@given(name=st.sampled_from(VARIANT_NAMES), seed=st.integers(0, 2**16))
def test_a_random_rubber_sheet_adds_up_the_deals_and_the_bonus(name: str, seed: int) -> None:
    rules = rules_of(name)
    rubber = Rubber(name)
    players = [RandomVariantPlayer(seed + p) for p in range(rules.players)]
    for n in range(6):
        if rubber.is_over:
            break
        deal = rubber.new_deal(seed * 10 + n)
        while deal.to_act is not None:
            deal.act(players[deal.to_act].action(deal))
        rubber.record(deal)
    sheet = rubber.sheet()
    bonus = sum(e.points for e in rubber.above if e.item == "rubber")
    dealt = sum(d.result.total(p) for d in rubber.deals if d.result for p in range(rules.players))
    assert sum(p["total"] for p in sheet["players"]) == dealt + bonus
    assert sum(p["games"] for p in sheet["players"]) == len(rubber.games) - 1
