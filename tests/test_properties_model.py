"""Properties of the model and the rules, over random deals, auctions and plays (hypothesis)."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetools.model import (
    ALL_BIDS,
    Bid,
    Call,
    Card,
    Contract,
    Deal,
    Hand,
    Seat,
    Side,
    Strain,
)
from bridgetools.model.cards import RANK_CHARS
from bridgetools.rules import Auction, Play

decks = st.permutations(range(52))
seats = st.sampled_from(list(Seat))


def deal_of(deck: list[int]) -> Deal:
    """The deck dealt in four blocks of 13, North first."""
    masks = [sum(1 << i for i in deck[13 * k : 13 * k + 13]) for k in range(4)]
    return Deal([Hand(m) for m in masks])


# Strings round-trip ---------------------------------------------------------------------------
@given(decks, seats)
def test_deal_strings_round_trip_from_any_first_seat(deck: list[int], first: Seat) -> None:
    deal = deal_of(deck)
    assert Deal.from_pbn(deal.to_pbn(first)) == deal


@given(decks, seats, st.randoms(use_true_random=False))
def test_deal_strings_read_ranks_in_any_order_and_case(deck: list[int], first: Seat, rnd: Random) -> None:
    deal = deal_of(deck)
    hands = []
    for seat in (first.offset(i) for i in range(4)):
        suits = []
        for holding in str(deal[seat]).split("."):
            ranks = list(holding)
            rnd.shuffle(ranks)
            text = "".join(ranks)
            text = text.replace("T", "10") if rnd.random() < 0.5 else text
            suits.append(text.lower() if rnd.random() < 0.5 else text)
        hands.append(".".join(suits))
    assert Deal.from_pbn(f"{first.name}:" + " ".join(hands)) == deal


@given(st.integers(0, (1 << 52) - 1))
def test_any_set_of_cards_round_trips_as_a_pbn_hand(mask: int) -> None:
    hand = Hand(mask)
    assert Hand.from_pbn(hand.to_pbn()) == hand and len(hand) == mask.bit_count()


def test_every_card_round_trips_as_a_string() -> None:
    for index in range(52):
        card = Card.from_index(index)
        assert Card.parse(str(card)) == card and Card.parse(card.unicode()) == card
        assert card.index == index and card.rank.char == RANK_CHARS[index % 13]


def test_every_contract_round_trips_as_a_string() -> None:
    for bid in ALL_BIDS:
        for doubled in (0, 1, 2):
            contract = Contract(bid.level, bid.strain, doubled)
            assert Contract.from_str(str(contract)) == contract
            assert Contract.from_str(contract.unicode()) == contract
    assert Contract.from_str(str(Contract.PASSED_OUT)) == Contract.PASSED_OUT


def test_every_call_round_trips_as_a_string() -> None:
    for call in (*ALL_BIDS, Call.parse("P"), Call.parse("X"), Call.parse("XX")):
        assert Call.parse(str(call)) == call and Call.parse(call.unicode()) == call


# Auctions -------------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(seats, st.data())
def test_every_sequence_of_legal_calls_ends_in_one_contract_or_a_pass_out(
    dealer: Seat, data: st.DataObject
) -> None:
    auction = Auction(dealer)
    last_bidder: Seat | None = None
    while not auction.is_complete:
        legal = auction.legal_calls()
        assert legal, "an auction that is not over always has a legal call (pass)"
        call = data.draw(st.sampled_from(legal))
        if isinstance(call, Bid):
            last_bidder = auction.turn
        auction.add(call)
        assert len(auction) <= 319
    if last_bidder is None:
        assert auction.is_passed_out and auction.contract is None and auction.declarer is None
        assert len(auction) == 4
    else:
        contract, declarer = auction.contract, auction.declarer
        assert contract is not None and declarer is not None
        assert declarer.side == last_bidder.side
        assert auction.calls[-3:] == (Call.parse("P"),) * 3
        named = [auction.seat_of(i) for i, c in enumerate(auction.calls)
                 if isinstance(c, Bid) and c.strain == contract.strain]
        # the first of the side that made the final bid to name its strain (not merely one who named it)
        assert declarer == next(seat for seat in named if seat.side == last_bidder.side)


# Play -----------------------------------------------------------------------------------------
contracts = st.builds(
    lambda level, strain: Contract(level, Strain(strain)), st.integers(1, 7), st.integers(0, 4)
)


@settings(max_examples=60, deadline=None)
@given(decks, contracts, seats, st.data())
def test_random_legal_play_of_52_cards_gives_13_tricks(
    deck: list[int], contract: Contract, declarer: Seat, data: st.DataObject
) -> None:
    deal = deal_of(deck)
    play = Play(deal, contract, declarer)
    leader = declarer.lho
    while not play.is_complete:
        legal = play.legal_cards()
        assert legal
        card = data.draw(st.sampled_from(legal))
        winner = play.add(card)
        if winner is not None:
            trick = play.completed_tricks[-1]
            assert trick.leader is leader and play.turn is winner
            leader = winner
    assert len(play.cards) == 52 and len(set(play.cards)) == 52
    assert len(play.completed_tricks) == 13
    assert play.declarer_tricks + play.defender_tricks == 13
    assert play.tricks_won(Side.NS) + play.tricks_won(Side.EW) == 13
    assert play.result == play.declarer_tricks
