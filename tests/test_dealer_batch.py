"""Deal batches: uniform random dealing with predealt cards, and vectorised counts equal to the model's."""

from __future__ import annotations

import gc
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetools import evaluate
from bridgetools.dealer import tables
from bridgetools.dealer.batch import DealBatch, random_batch, random_subsets, shape_code_of, shape_table
from bridgetools.errors import BridgeError, ConstraintError
from bridgetools.model import Card, Deal, Hand, Seat, Suit
from bridgetools.model.hand import FULL_DECK, holding_hcp, parse_holding

seeds = st.integers(min_value=0, max_value=2**32)


def _batch(seed: int, n: int = 200, predeal: dict[Seat, int] | None = None) -> DealBatch:
    return random_batch(np.random.default_rng(seed), n, predeal)


def test_every_deal_gives_each_seat_13_different_cards_from_one_deck() -> None:
    hands = _batch(1, 5000).hands
    assert (np.bitwise_count(hands) == 13).all()
    union = hands[:, 0] | hands[:, 1] | hands[:, 2] | hands[:, 3]
    assert (union == np.uint64(FULL_DECK)).all()


def test_same_generator_state_gives_the_same_deals() -> None:
    assert np.array_equal(_batch(7).hands, _batch(7).hands)
    assert not np.array_equal(_batch(7).hands, _batch(8).hands)


def test_predealt_cards_stay_with_their_seat_and_the_rest_is_dealt() -> None:
    north = Hand.parse("SA SK HQ").mask  # three cards: ten more are dealt to North
    west = Hand.from_pbn("...AKQJT98765432").mask  # West's whole hand
    hands = _batch(3, 1000, {Seat.N: north, Seat.W: west}).hands
    assert (hands[:, Seat.N] & np.uint64(north) == np.uint64(north)).all()
    assert (hands[:, Seat.W] == np.uint64(west)).all()
    assert (np.bitwise_count(hands) == 13).all()


def test_a_card_predealt_to_two_seats_is_refused() -> None:
    ace = Card.parse("SA").bit
    with pytest.raises(ConstraintError, match="two seats"):
        _batch(1, 1, {Seat.N: ace, Seat.E: ace})


def test_a_predeal_of_fourteen_cards_is_refused() -> None:
    with pytest.raises(ConstraintError, match="14 cards"):
        _batch(1, 1, {Seat.S: (1 << 14) - 1})


def test_whole_deck_predealt_gives_that_deal_every_time() -> None:
    deal = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
    batch = _batch(1, 3, {s: deal.hand(s).mask for s in Seat})
    assert batch.to_deals() == [deal, deal, deal]


def test_deals_from_a_batch_equal_deals_built_hand_by_hand() -> None:
    batch = _batch(11, 300)
    assert batch.to_deals() == [Deal([Hand(m) for m in row]) for row in batch.hands.tolist()]
    assert [hash(d) for d in batch.to_deals()] == [hash(Deal(list(d))) for d in batch.to_deals()]


def test_threads_dealing_at_once_deal_what_each_would_alone() -> None:
    """Dealing reuses its work arrays from chunk to chunk: each thread has its own."""
    seeds = range(6)
    alone = [_batch(seed, 9000, {Seat.N: 0xF}).hands for seed in seeds]
    with ThreadPoolExecutor(max_workers=3) as pool:
        together = list(pool.map(lambda seed: _batch(seed, 9000, {Seat.N: 0xF}).hands, seeds))
    assert all(np.array_equal(a, b) for a, b in zip(alone, together, strict=True))


@pytest.mark.parametrize(
    "row, words",
    [
        ([0b11, 0b1, 0, 0], "a card in two hands"),
        ([0, 0, 1 << 52, 0], "beyond the 52 cards"),
        ([(1 << 14) - 1, 0, 0, 0], "more than 13 cards"),
    ],
)
def test_a_batch_built_from_an_array_that_is_no_deal_gives_no_deals(row: list[int], words: str) -> None:
    good = _batch(3, 2).hands
    batch = DealBatch(np.vstack([good, np.array([row], dtype=np.uint64)]))
    with pytest.raises(BridgeError, match=words):
        batch.to_deals()


@pytest.mark.parametrize("enabled", [True, False])
def test_making_deals_leaves_the_garbage_collector_as_it_was(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        _batch(5, 10).to_deals()
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


@settings(max_examples=20, deadline=None)
@given(seeds)
def test_vectorised_counts_equal_the_models_on_random_deals(seed: int) -> None:
    batch = _batch(seed, 50)
    for i, deal in enumerate(batch.to_deals()):
        for seat in Seat:
            hand = deal.hand(seat)
            assert batch.hcp(seat)[i] == hand.hcp
            assert batch.shape_code(seat)[i] == shape_code_of(hand.shape)
            for suit in Suit:
                assert batch.holding(seat, suit)[i] == hand.holding(suit)
                assert batch.length(seat, suit)[i] == hand.length(suit)
                assert batch.hcp(seat, suit)[i] == holding_hcp(hand.holding(suit))
            card = Card.from_index(seed % 52)
            assert batch.has_card(seat, card.index)[i] == (card in hand)


def test_hcp_table_agrees_with_the_models_holding_hcp() -> None:
    table = tables.hcp_table()
    assert all(table[h] == holding_hcp(h) for h in range(tables.HOLDINGS))


@pytest.mark.parametrize(
    ("holding", "losers"),
    [("", 0), ("A", 0), ("K", 1), ("AK", 0), ("K2", 1), ("Q2", 2), ("AKQ2", 0), ("KQJ5", 1), ("J9876", 3)],
)
def test_losers_follow_dealers_rule(holding: str, losers: int) -> None:
    assert tables.losers_table()[parse_holding(holding)] == losers


def test_controls_count_ace_two_and_king_one() -> None:
    assert tables.controls_table()[parse_holding("AKQ")] == 2 + 1
    assert tables.controls_table()[parse_holding("QJ")] == 0


def test_c13_gives_thirteen_for_a_whole_suit() -> None:
    assert tables.named_table("c13")[parse_holding("AKQJT98765432")] == 6 + 4 + 2 + 1


@pytest.mark.parametrize(
    ("name", "holding", "value"), [("top3", "AQ2", 2), ("top5", "KJT", 3), ("tens", "T9", 1)]
)
def test_alternate_counts_default_to_dealers_meanings(name: str, holding: str, value: int) -> None:
    assert tables.named_table(name)[parse_holding(holding)] == value


def test_pointcount_weights_list_the_ace_first() -> None:
    table = tables.rank_weight_table([6, 4, 2, 1])  # ranks not listed count nothing
    assert table[parse_holding("AJ2")] == 6 + 1


def test_custom_holding_table_applies_the_function_to_every_holding() -> None:
    table = tables.holding_table(lambda h: 1 if h & 1 else 0)  # holds the two
    assert table.sum() == tables.HOLDINGS // 2


def test_count_sums_a_table_over_the_four_suits() -> None:
    batch = DealBatch.from_deals([Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 -")])
    assert batch.count(Seat.N, tables.controls_table())[0] == 3 + 1
    assert batch.count(Seat.E, tables.controls_table(), Suit.C)[0] == 3


def test_shape_table_marks_exactly_the_given_shapes() -> None:
    table = shape_table([(4, 3, 3, 3), (3, 4, 3, 3)])
    batch = _batch(5, 2000)
    hit = table[batch.shape_code(Seat.N)]
    expected = [d.hand(Seat.N).shape in ((4, 3, 3, 3), (3, 4, 3, 3)) for d in batch.to_deals()]
    assert hit.tolist() == expected


def test_select_and_concat_keep_deals_in_order() -> None:
    batch = _batch(2, 10)
    picked = batch.select(batch.hcp(Seat.N) >= 10)
    assert [d for d in batch.to_deals() if d.hand(Seat.N).hcp >= 10] == picked.to_deals()
    both = DealBatch.concat([batch[:4], batch[4:]])
    assert np.array_equal(both.hands, batch.hands)
    assert batch.deal(3) == batch.to_deals()[3]


@settings(max_examples=10, deadline=None)
@given(seeds)
def test_vectorised_losers_controls_and_cccc_equal_the_scalar_evaluation(seed: int) -> None:
    batch = _batch(seed, 30)
    for i, deal in enumerate(batch.to_deals()):
        for seat in Seat:
            hand = deal.hand(seat)
            assert batch.count(seat, tables.losers_table())[i] == evaluate.losers(hand)
            assert batch.count(seat, tables.controls_table())[i] == evaluate.controls(hand)
            assert batch.cccc(seat)[i] == evaluate.cccc_hundredths(hand)
            assert batch.quality(seat, Suit.S)[i] == evaluate.holding_quality(hand.holding(Suit.S))


def test_pbn_strings_are_the_deals_own_pbn_from_any_first_seat() -> None:
    batch = _batch(6, 100)
    assert batch.pbn_strings() == [d.to_pbn() for d in batch.to_deals()]
    assert batch.pbn_strings(Seat.W) == [d.to_pbn(Seat.W) for d in batch.to_deals()]


def test_random_subsets_take_the_asked_number_of_untaken_candidates() -> None:
    spades = list(range(39, 52))
    taken = np.array([Hand.parse("SA SK").mask, 0, Hand.from_pbn("AKQJT98765432...").mask], dtype=np.uint64)
    sizes = np.array([11, 4, 0])
    got = random_subsets(np.random.default_rng(4), spades, taken, sizes)
    spade_mask = np.uint64(Hand.from_pbn("AKQJT98765432...").mask)
    assert np.bitwise_count(got).tolist() == [11, 4, 0]
    assert ((got & taken) == 0).all() and ((got & ~spade_mask) == 0).all()
