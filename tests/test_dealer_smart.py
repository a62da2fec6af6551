"""Exact sampling of a constrained hand: every deal meets the spec, with the predeal, and counts are exact."""

from __future__ import annotations

import itertools
import random
from math import comb

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bridgetools.dealer.batch import DealBatch, check_predeal, random_batch
from bridgetools.dealer.smart import HandSpec, SmartDealer, all_shapes, lengths_chance, probability
from bridgetools.errors import ConstraintError
from bridgetools.model import Hand, Seat, Suit

BALANCED = frozenset(s for s in all_shapes() if sorted(s) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5]))
STRONG_NT = HandSpec(Seat.N, shapes=BALANCED, hcp=(15, 17))


def _deal(
    specs: list[HandSpec], n: int = 2000, seed: int = 1, predeal: dict[Seat, int] | None = None
) -> DealBatch:
    return SmartDealer(specs, predeal).deal(np.random.default_rng(seed), n)


def _dealt_round(cards: list[int]) -> dict[Seat, int]:
    """The cards (indices) given out one at a time, North first, as predeal masks."""
    predeal = dict.fromkeys(Seat, 0)
    for i, card in enumerate(cards):
        predeal[Seat(i % 4)] |= 1 << card
    return predeal


def assert_whole_deals_keeping(batch: DealBatch, predeal: dict[Seat, int]) -> None:
    """Every deal gives 13 cards to each seat, predealt cards included."""
    for seat, mask in predeal.items():
        assert (batch.hands[:, seat] & np.uint64(mask) == np.uint64(mask)).all()
    assert (np.bitwise_count(batch.hands) == 13).all()


def test_there_are_560_shapes_of_thirteen_cards() -> None:
    assert len(all_shapes()) == comb(13 + 3, 3)  # four lengths summing to 13: stars and bars


def test_every_smart_deal_meets_the_spec_and_is_a_whole_deal() -> None:
    batch = _deal([STRONG_NT])
    assert STRONG_NT.matches(batch).all()
    assert (np.bitwise_count(batch.hands) == 13).all()
    union = batch.hands[:, 0] | batch.hands[:, 1] | batch.hands[:, 2] | batch.hands[:, 3]
    assert (union == np.uint64((1 << 52) - 1)).all()


def test_suit_lengths_and_suit_hcp_ranges_are_met() -> None:
    spec = HandSpec(
        Seat.W, lengths=((0, 13), (6, 6), (0, 13), (0, 1)), suit_hcp=((0, 10), (5, 10), (0, 10), (0, 0))
    )
    batch = _deal([spec])
    assert (batch.length(Seat.W, Suit.H) == 6).all()
    assert (batch.hcp(Seat.W, Suit.H) >= 5).all()
    assert (batch.length(Seat.W, Suit.C) <= 1).all() and (batch.hcp(Seat.W, Suit.C) == 0).all()


def test_predealt_cards_are_kept_in_the_specified_hand_and_elsewhere() -> None:
    north = Hand.parse("SA SK").mask
    east = Hand.parse("HA HK HQ").mask
    batch = _deal([STRONG_NT], predeal={Seat.N: north, Seat.E: east})
    assert (batch.hands[:, Seat.N] & np.uint64(north) == np.uint64(north)).all()
    assert (batch.hands[:, Seat.E] & np.uint64(east) == np.uint64(east)).all()
    assert STRONG_NT.matches(batch).all()


@settings(max_examples=25, deadline=None)
@given(
    seat=st.sampled_from(list(Seat)),
    lo=st.integers(0, 20),
    width=st.integers(0, 8),
    min_spades=st.integers(0, 6),
    predealt=st.lists(st.integers(0, 51), max_size=6, unique=True),
    seed=st.integers(0, 2**32),
)
def test_any_satisfiable_spec_with_predeal_gives_deals_meeting_both(
    seat: Seat, lo: int, width: int, min_spades: int, predealt: list[int], seed: int
) -> None:
    spec = HandSpec(seat, lengths=((min_spades, 13), (0, 13), (0, 13), (0, 13)), hcp=(lo, lo + width))
    predeal = _dealt_round(predealt)
    assume(probability(spec, predeal) > 0)
    batch = _deal([spec], n=50, seed=seed, predeal=predeal)
    assert spec.matches(batch).all()
    assert_whole_deals_keeping(batch, predeal)


@settings(max_examples=25, deadline=None)
@given(
    first=st.sampled_from(list(Seat)),
    lo=st.integers(0, 16),
    spades=st.integers(0, 7),
    hearts=st.integers(0, 6),
    clubs_at_most=st.integers(0, 13),
    predealt=st.lists(st.integers(0, 51), max_size=8, unique=True),
    seed=st.integers(0, 2**32),
)
def test_any_satisfiable_pair_with_predeal_gives_deals_meeting_the_specs_drawn(
    first: Seat, lo: int, spades: int, hearts: int, clubs_at_most: int, predealt: list[int], seed: int
) -> None:
    one = HandSpec(first, lengths=((spades, 13), (0, 13), (0, 13), (0, 13)), hcp=(lo, lo + 6))
    two = HandSpec(first.lho, lengths=((0, 13), (hearts, 13), (0, 13), (0, clubs_at_most)))
    predeal = _dealt_round(predealt)
    try:
        dealer = SmartDealer([one, two], predeal)
    except ConstraintError:
        assume(False)
    batch = dealer.deal(np.random.default_rng(seed), 40)
    drawn = [dealer.exact.spec] + ([dealer.second.spec] if dealer.second is not None else [])
    assert all(spec.matches(batch).all() for spec in drawn)  # a spec not drawn is the condition's to test
    assert_whole_deals_keeping(batch, predeal)


def test_probability_of_eight_spades_is_the_hypergeometric_tail() -> None:
    spec = HandSpec(Seat.S, lengths=((8, 13), (0, 13), (0, 13), (0, 13)))
    # choose k of the 13 spades and 13 - k of the 39 other cards, out of C(52, 13) hands
    exact = sum(comb(13, k) * comb(39, 13 - k) for k in range(8, 14)) / comb(52, 13)
    assert probability(spec) == pytest.approx(exact, rel=1e-12)


def test_probability_matches_the_frequency_of_plain_dealing() -> None:
    batch = random_batch(np.random.default_rng(3), 200_000)
    seen = STRONG_NT.matches(batch).mean()
    p = probability(STRONG_NT)
    assert abs(seen - p) < 6 * (p * (1 - p) / batch.n) ** 0.5


def test_an_unsatisfiable_spec_is_refused() -> None:
    spec = HandSpec(Seat.N, shapes=frozenset({(13, 0, 0, 0)}), hcp=(11, 37))  # 13 spades hold just 10 HCP
    with pytest.raises(ConstraintError, match="no hand for North can meet HCP 11-37, 1 shape"):
        _deal([spec], n=1)


def test_two_specs_for_one_seat_are_refused() -> None:
    with pytest.raises(ConstraintError, match="one hand spec per seat"):
        SmartDealer([STRONG_NT, HandSpec(Seat.N)])


def test_the_most_selective_spec_is_drawn_exactly() -> None:
    rare = HandSpec(Seat.S, hcp=(25, 37))
    dealer = SmartDealer([STRONG_NT, rare])
    assert dealer.exact.spec == rare
    assert dealer.acceptance == probability(rare)


def test_a_second_shape_only_hand_is_drawn_exactly_too() -> None:
    north = HandSpec(Seat.N, lengths=((7, 13), (0, 13), (0, 13), (0, 13)))
    south = HandSpec(Seat.S, lengths=((4, 13), (0, 13), (0, 13), (0, 13)))
    dealer = SmartDealer([north, south])
    assert dealer.second is not None
    batch = dealer.deal(np.random.default_rng(8), 2000)
    assert north.matches(batch).all() and south.matches(batch).all()
    assert (np.bitwise_count(batch.hands) == 13).all()
    # North takes a >= 7 of 13 spades and 13 - a of 39 others; South then b >= 4 of the 13 - a spades left
    # and 13 - b of the 26 + a other cards left, out of C(52, 13) * C(39, 13) ways for the pair
    pairs = sum(
        comb(13, a) * comb(39, 13 - a) * comb(13 - a, b) * comb(26 + a, 13 - b)
        for a in range(7, 14)
        for b in range(4, 14 - a)
    )
    assert dealer.acceptance == pytest.approx(pairs / (comb(52, 13) * comb(39, 13)), rel=1e-12)


def test_a_second_hand_with_hcp_limits_is_left_to_the_condition() -> None:
    dealer = SmartDealer([STRONG_NT, HandSpec(Seat.S, hcp=(0, 4))])
    assert dealer.second is None


def test_a_pair_drawn_exactly_keeps_every_seats_predealt_cards() -> None:
    cards = {Seat.N: "SA HK", Seat.S: "S2 S3", Seat.W: "SK"}
    predeal = {seat: Hand.parse(text).mask for seat, text in cards.items()}
    north = HandSpec(Seat.N, lengths=((6, 13), (0, 13), (0, 13), (0, 13)), hcp=(12, 37))
    south = HandSpec(Seat.S, lengths=((3, 13), (0, 13), (0, 13), (0, 2)))
    batch = _deal([north, south], predeal=predeal)
    assert north.matches(batch).all() and south.matches(batch).all()
    for seat, mask in predeal.items():
        assert (batch.hands[:, seat] & np.uint64(mask) == np.uint64(mask)).all()
    assert (np.bitwise_count(batch.hands) == 13).all()


@settings(max_examples=30, deadline=None)
@given(
    seat=st.sampled_from(list(Seat)),
    lo=st.integers(0, 24),
    width=st.integers(0, 12),
    min_spades=st.integers(0, 6),
    max_clubs=st.integers(0, 13),
    heart_points=st.integers(0, 10),
    predealt=st.lists(st.integers(0, 51), max_size=8, unique=True),
)
def test_counting_hands_by_shape_agrees_with_listing_every_hcp_split(
    seat: Seat, lo: int, width: int, min_spades: int, max_clubs: int, heart_points: int, predealt: list[int]
) -> None:
    from bridgetools.dealer.batch import check_predeal
    from bridgetools.dealer.smart import ExactHand, count_hands

    lengths = ((min_spades, 13), (0, 13), (0, 13), (0, max_clubs))
    suit_hcp = ((0, 10), (heart_points, 10), (0, 10), (0, 10))
    predeal = check_predeal(_dealt_round(predealt))
    for spec in (HandSpec(seat, lengths=lengths, hcp=(lo, lo + width), suit_hcp=suit_hcp),
                 HandSpec(seat, lengths=lengths)):
        listed = ExactHand(spec, predeal)
        assert count_hands(spec, predeal) == (listed.total, listed.possible)


def test_counting_hands_agrees_with_trying_every_hand() -> None:
    import itertools

    from bridgetools.dealer.batch import check_predeal
    from bridgetools.dealer.smart import count_hands

    # 39 cards predealt, five of them to South: South's other 8 cards come from the 13 left (1,287 hands)
    deck = list(range(52))
    random.Random(3).shuffle(deck)
    predeal = {Seat.S: sum(1 << c for c in deck[0:5]), Seat.N: sum(1 << c for c in deck[5:18]),
               Seat.E: sum(1 << c for c in deck[18:31]), Seat.W: sum(1 << c for c in deck[31:39])}
    free = deck[39:]
    spec = HandSpec(Seat.S, lengths=((2, 13), (0, 13), (0, 13), (0, 13)), hcp=(4, 12))
    meets = 0
    for cards in itertools.combinations(free, 8):
        hand = Hand(predeal[Seat.S] | sum(1 << c for c in cards))
        meets += hand.length(Suit.S) >= 2 and 4 <= hand.hcp <= 12
    assert 0 < meets < comb(13, 8)
    assert count_hands(spec, check_predeal(predeal)) == (meets, comb(13, 8))


def test_the_chance_of_the_predeals_suit_lengths_is_the_share_of_deals_that_have_them() -> None:
    """Counted against every way of dealing the last eight cards, two to each seat (2,520 deals)."""
    cards = list(range(52))
    random.Random(3).shuffle(cards)
    predeal, rest = _dealt_round(cards[:44]), cards[44:]  # left: a club, 2 diamonds, 4 hearts, a spade
    more = {(Seat.N, Suit.S): 1, (Seat.E, Suit.H): 2, (Seat.W, Suit.D): 0}  # beyond their predealt cards
    fixed = {(seat, suit): Hand(predeal[seat]).length(suit) + n for (seat, suit), n in more.items()}
    dealt = kept = 0
    for north in itertools.combinations(rest, 2):
        left = [c for c in rest if c not in north]
        for east in itertools.combinations(left, 2):
            left2 = [c for c in left if c not in east]
            for south in itertools.combinations(left2, 2):
                west = [c for c in left2 if c not in south]
                hands = dict(zip(Seat, (north, east, south, west), strict=True))
                deal = {seat: Hand(predeal[seat] | sum(1 << c for c in hands[seat])) for seat in Seat}
                dealt += 1
                kept += all(deal[seat].length(suit) == n for (seat, suit), n in fixed.items())
    assert dealt == 2520 and 0 < kept < dealt
    chance = lengths_chance(fixed, check_predeal(predeal))
    assert chance == pytest.approx(kept / dealt, rel=1e-12)


def test_the_chance_of_one_seats_suit_length_is_the_share_of_its_hands() -> None:
    seven_spades = HandSpec(Seat.N, lengths=((7, 7), (0, 13), (0, 13), (0, 13)))
    chance = lengths_chance({(Seat.N, Suit.S): 7}, check_predeal(None))
    assert chance == pytest.approx(probability(seven_spades))
