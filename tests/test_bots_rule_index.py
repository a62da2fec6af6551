"""The rule index: an auction tries only the rules that can match it, and never misses one that does."""

from __future__ import annotations

import random

import pytest

from bridgetools.bots import Bidder
from bridgetools.bots.rules import (
    _CONCRETE,
    _NAMED_CALLS,
    NONE_VULNERABLE,
    VARIABLES,
    Rule,
    RuleIndex,
    Situation,
    Vulnerability,
)
from bridgetools.bots.system import ALL_RULES, ALL_RULES_INDEX
from bridgetools.model import DOUBLE, PASS, REDOUBLE, Bid, Call, Hand, Seat, Strain, Suit
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
    return _situation_in(Auction(Seat.N, calls))


def _situation_in(auction: Auction, vulnerability: Vulnerability = NONE_VULNERABLE) -> Situation:
    """``auction`` seen by the player to call at ``vulnerability``, earlier calls explained by the bidder."""
    return Situation(auction, lambda made: BIDDER.explain(Auction(auction.dealer, made[:-1]), made[-1]),
                     vulnerability)


@pytest.mark.parametrize("seed", range(12))
def test_an_auction_tries_every_rule_that_matches_it_in_the_tables_order(seed: int) -> None:
    index = ALL_RULES_INDEX
    for calls in _auction_prefixes(seed, 0.2 if seed % 2 else 0.0):
        sit = _situation(calls)
        matching = [r for r in ALL_RULES if r._match(sit) is not None]
        tried = index.rules_for(sit.key)
        assert [id(r) for r in tried if r._match(sit) is not None] == [id(r) for r in matching], calls
        assert len(tried) < len(ALL_RULES) // 4, calls


def test_the_bidder_of_the_system_s_rules_uses_the_system_s_one_index() -> None:
    assert Bidder()._index is ALL_RULES_INDEX and ALL_RULES_INDEX.rules is ALL_RULES


def test_a_bidder_given_other_rules_indexes_those_rules() -> None:
    table = list(ALL_RULES[:10])
    assert Bidder(table)._index.rules == tuple(table)


def test_a_bidder_given_its_rules_once_indexes_them() -> None:
    """A generator of rules is read once: the bidder indexes the rules it kept, not the spent generator."""
    bidder = Bidder(r for r in ALL_RULES)
    hand = Hand.parse("AKQ2.KJ3.T98.432")
    assert bidder.call(Auction(Seat.N), hand) == Bidder().call(Auction(Seat.N), hand) == Call.parse("1C")


def test_what_the_rules_offer_is_worked_out_once_a_situation() -> None:
    sit = _situation(tuple(Call.parse(c) for c in ("1S", "P")))
    index = ALL_RULES_INDEX
    offered = index.candidates(sit)
    assert offered and index.candidates(sit) is offered
    assert offered == tuple(cm for r in ALL_RULES for cm in r.candidates(sit))


def _instance(rule: Rule, rng: random.Random) -> Auction | None:
    """A random auction that ``rule``'s pattern may match (None when the random choices made one
    impossible): passes, then for a rule matching an auction's end an opening and a few passes, then a call
    for each of the pattern's tokens, the variables bound to random suits."""
    auction = Auction(Seat(rng.randrange(4)))
    for _ in range(rng.randrange(4)):
        auction.add(PASS)
    if rule.suffix:
        auction.add(Bid(1, Strain(rng.randrange(5))))
        for _ in range(rng.randrange(3)):
            auction.add(PASS)
    binding: dict[str, Suit] = {}
    for token in rule.pattern:
        if auction.is_complete:
            return None
        if token in _NAMED_CALLS:
            call = _NAMED_CALLS[token]
        elif token in ("p", "_"):
            call = rng.choice([PASS, DOUBLE] if token == "p" else auction.legal_calls())
        else:
            letter = token[1]
            if letter in _CONCRETE:
                strain = _CONCRETE[letter]
            else:
                free = [s for s in VARIABLES[letter] if s not in binding.values()]
                if letter not in binding and not free:
                    return None
                strain = binding.setdefault(letter, rng.choice(free) if free else Suit.C).strain
            if token[0] != "?":
                call = Bid(int(token[0]), strain)
            else:
                bids = [c for c in auction.legal_calls() if isinstance(c, Bid) and c.strain == strain]
                if not bids:
                    return None
                call = bids[0] if rng.random() < 0.7 else rng.choice(bids)
        if not auction.is_legal(call):
            return None
        auction.add(call)
    return None if auction.is_complete else auction


def test_every_rule_matches_some_auction_and_the_index_offers_it_there() -> None:
    """Each rule, the sixteen matching an auction's end among them, is tried in auctions its pattern
    matches; a rule no auction can match (1H 1S 1y P) fails here, so it is left out of the tables."""
    index = ALL_RULES_INDEX
    rng = random.Random(5)
    for rule in ALL_RULES:
        matched = 0
        for _ in range(200):
            auction = _instance(rule, rng)
            if auction is None:
                continue
            sit = _situation_in(auction)
            if rule._match(sit) is None:
                continue
            assert any(r is rule for r in index.rules_for(sit.key)), (rule.pattern_text, auction.calls)
            matched += 1
            if matched == 5:
                break
        assert matched, f"no auction matches {rule.pattern_text} {rule.call} ({rule.label})"


def _random_auction(rng: random.Random) -> Auction:
    """A random legal auction, mostly low bids, with doubles and redoubles, not yet over."""
    auction = Auction(Seat(rng.randrange(4)))
    length = rng.randrange(16)
    while not auction.is_complete and len(auction.calls) < length:
        legal = auction.legal_calls()
        bids = [c for c in legal if isinstance(c, Bid)]
        roll = rng.random()
        call: Call = PASS
        if roll < 0.35:
            call = PASS
        elif roll < 0.45 and DOUBLE in legal:
            call = DOUBLE
        elif roll < 0.5 and REDOUBLE in legal:
            call = REDOUBLE
        elif bids:
            call = bids[min(len(bids) - 1, int(rng.expovariate(0.35)))]
        auction.add(call)
    if auction.is_complete:
        auction = Auction(auction.dealer, auction.calls[:-1])
    return auction


@pytest.mark.parametrize("seed", range(4))
def test_the_index_offers_what_every_rule_tried_in_turn_offers_in_random_auctions(seed: int) -> None:
    rng = random.Random(seed)
    vulnerabilities = [Vulnerability(we, they) for we in (False, True) for they in (False, True)]
    for _ in range(150):
        auction = _random_auction(rng)
        sit = _situation_in(auction, rng.choice(vulnerabilities))
        matching = [r for r in ALL_RULES if r._match(sit) is not None]
        assert [r for r in ALL_RULES_INDEX.rules_for(sit.key) if r._match(sit) is not None] == matching
        brute_force = tuple(cm for r in ALL_RULES for cm in r.candidates(sit))
        assert RuleIndex(ALL_RULES).candidates(sit) == brute_force, auction.calls
