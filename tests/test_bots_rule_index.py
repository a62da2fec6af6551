"""The rule index: an auction tries only the rules that can match it, and never misses one that does."""

from __future__ import annotations

import random

import pytest

from bridgetools.bots import Bidder
from bridgetools.bots.rules import Situation, index_of
from bridgetools.bots.system import ALL_RULES
from bridgetools.model import Call, Seat
from bridgetools.rules import Auction
from bridgetools.rules.deck import deal_shuffled

BIDDER = Bidder()


def _auction_prefixes(seed: int, chaos: float) -> list[tuple[Call, ...]]:
    """Every stage of an auction the bots hold on a shuffled deal, some calls replaced by random ones."""
    deal = deal_shuffled(seed=seed)
    rng = random.Random(seed)
    auction = Auction(Seat.N)
    stages = []
    while not auction.is_complete:
        stages.append(tuple(auction.calls))
        hand = deal[auction.turn]
        assert hand is not None
        call = rng.choice(auction.legal_calls()) if rng.random() < chaos else BIDDER.call(auction, hand)
        auction.add(call)
    return stages


def _situation(calls: tuple[Call, ...]) -> Situation:
    """``calls`` seen by the player to call, earlier calls explained by the bidder."""
    return Situation(Auction(Seat.N, calls),
                     lambda made: BIDDER.explain(Auction(Seat.N, made[:-1]), made[-1]))


@pytest.mark.parametrize("seed", range(12))
def test_an_auction_tries_every_rule_that_matches_it_in_the_tables_order(seed: int) -> None:
    index = index_of(ALL_RULES)
    for calls in _auction_prefixes(seed, 0.2 if seed % 2 else 0.0):
        sit = _situation(calls)
        matching = [r for r in ALL_RULES if r._match(sit) is not None]
        tried = index.rules_for(sit.key)
        assert [id(r) for r in tried if r._match(sit) is not None] == [id(r) for r in matching], calls
        assert len(tried) < len(ALL_RULES) // 4, calls


def test_the_same_table_has_one_index_whoever_asks() -> None:
    assert index_of(ALL_RULES) is index_of(ALL_RULES)
    assert index_of(list(ALL_RULES)) is not index_of(ALL_RULES)


def test_what_the_rules_offer_is_worked_out_once_a_situation() -> None:
    sit = _situation(tuple(Call.parse(c) for c in ("1S", "P")))
    index = index_of(ALL_RULES)
    offered = index.candidates(sit)
    assert offered and index.candidates(sit) is offered
    assert offered == tuple(cm for r in ALL_RULES for cm in r.candidates(sit))
