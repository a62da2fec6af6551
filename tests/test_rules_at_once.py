"""Whole tricks and whole auctions checked at once (`Play.add_tricks_if_legal`,
`Auction.add_calls_if_legal`, for readers) follow the Laws exactly as a card or call at a time does."""

from __future__ import annotations

import random

from bridgetools.model import DOUBLE, PASS, REDOUBLE, Bid, Call, Card, Contract, Deal, Seat
from bridgetools.rules import Auction, Play, deal_shuffled

DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def by_seat(play: Play, cards: list[Card]) -> list[int]:
    """A trick as the index of the card each seat plays (N, E, S, W), the leader being ``play.turn``."""
    trick = [0] * 4
    for n, card in enumerate(cards):
        trick[play.turn.offset(n)] = card.index
    return trick


def state(play: Play) -> tuple[object, ...]:
    return (play.cards, play.trick_list, play.turn, play.declarer_tricks, play.legal_cards())


def random_tricks(rng: random.Random, deal: Deal, contract: str, count: int, wild: float) -> list[list[Card]]:
    """Tricks in playing order, each card legal, or (with chance ``wild``) any card of the deck."""
    play = Play(deal, contract, Seat.S)
    tricks: list[list[Card]] = []
    for _ in range(count):
        trick = []
        for _ in range(4):
            legal = play.legal_cards()
            wild_card = rng.random() < wild or not legal
            card = Card.from_index(rng.randrange(52)) if wild_card else rng.choice(legal)
            trick.append(card)
            if play.why_illegal(card) is None:
                play.add(card)
        tricks.append(trick)
    return tricks


def test_legal_tricks_played_at_once_leave_the_play_as_card_by_card() -> None:
    rng = random.Random(7)
    for seed in range(60):
        deal = deal_shuffled(seed=seed)
        contract = rng.choice(["3NT", "4S", "2H", "5C", "1D"])
        tricks = random_tricks(rng, deal, contract, rng.randrange(1, 14), wild=0.0)
        one_by_one, at_once = Play(deal, contract, Seat.S), Play(deal, contract, Seat.S)
        rows = []
        for trick in tricks:
            rows.append(by_seat(one_by_one, trick))
            for card in trick:
                one_by_one.add(card)
        assert at_once.add_tricks_if_legal(rows)
        assert state(at_once) == state(one_by_one)


def test_a_trick_that_breaks_a_law_is_refused_and_nothing_is_played() -> None:
    rng = random.Random(11)
    refused = 0
    for seed in range(300):
        deal = deal_shuffled(seed=seed)
        tricks = random_tricks(rng, deal, "4H", rng.randrange(1, 14), wild=0.05)
        play, check = Play(deal, "4H", Seat.S), Play(deal, "4H", Seat.S)
        rows, legal = [], True
        for trick in tricks:
            rows.append(by_seat(check, trick))
            for card in trick:
                if legal and check.why_illegal(card) is not None:
                    legal = False
                if legal:
                    check.add(card)
        before = state(play)
        assert play.add_tricks_if_legal(rows) is legal
        assert state(play) == (state(check) if legal else before)
        refused += not legal
    assert refused > 50  # the wild cards did break the Laws often enough to test the refusals


def test_a_revoke_is_refused_at_once() -> None:
    play = Play(DEAL, "3NT", Seat.S)  # West leads a heart; North holds hearts but plays a spade
    trick = [0] * 4
    for seat, card in ((Seat.W, "H5"), (Seat.N, "SA"), (Seat.E, "HJ"), (Seat.S, "H8")):
        trick[seat] = Card.parse(card).index
    assert not play.add_tricks_if_legal([trick])
    assert play.cards == ()


def test_a_card_held_by_another_hand_is_refused_at_once() -> None:
    play = Play(DEAL, "3NT", Seat.S)
    trick = [0] * 4
    for seat, card in ((Seat.W, "H5"), (Seat.N, "HA"), (Seat.E, "H8"), (Seat.S, "HJ")):
        trick[seat] = Card.parse(card).index
    assert not play.add_tricks_if_legal([trick])


def test_tricks_at_once_need_every_hand_known() -> None:
    partial = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ - 6543.876.876.876 -")
    play = Play(partial, "3NT", Seat.S)
    trick = [Card.parse(c).index for c in ("HA", "HJ", "H8", "H5")]
    assert not play.add_tricks_if_legal([trick])


def test_a_fourteenth_trick_is_refused() -> None:
    rng = random.Random(3)
    deal = deal_shuffled(seed=5)
    tricks = random_tricks(rng, deal, "2S", 13, wild=0.0)
    play, rows = Play(deal, "2S", Seat.S), []
    for trick in tricks:
        rows.append(by_seat(play, trick))
        for card in trick:
            play.add(card)
    assert not Play(deal, "2S", Seat.S).add_tricks_if_legal([*rows, rows[0]])


def test_an_auction_made_at_once_is_the_auction_made_call_by_call() -> None:
    rng = random.Random(5)
    kinds = [PASS] * 6 + [DOUBLE, REDOUBLE] * 2
    agreed = 0
    for _ in range(3000):
        dealer = Seat(rng.randrange(4))
        head = [Call.parse(c) for c in rng.choice(["", "1C", "P 1S", "1H X"]).split()]
        made = Auction(dealer, head)
        calls: list[Call] = []
        for _ in range(rng.randrange(0, 12)):
            calls.append(rng.choice(kinds) if rng.random() < 0.6 else Call.parse(rng.choice(
                ["1C", "1D", "1H", "1S", "1NT", "2C", "2S", "3NT", "4H", "4S", "6NT", "7NT"])))
        one_by_one, legal = made.copy(), True
        for call in calls:
            if one_by_one.why_illegal(call) is not None:
                legal = False
                break
            one_by_one.add(call)
        assert made.add_calls_if_legal(calls) is legal, (dealer, head, calls)
        if legal:
            agreed += 1
            assert made == one_by_one
            assert (made.is_complete, made.contract, made.declarer) == (
                one_by_one.is_complete, one_by_one.contract, one_by_one.declarer)
            assert made.legal_calls() == one_by_one.legal_calls()
        else:
            assert made.calls == tuple(head)
    assert agreed > 300


def test_no_call_is_made_after_the_auction_ends() -> None:
    auction = Auction(Seat.N, [PASS, PASS, PASS, PASS])
    assert not auction.add_calls_if_legal([PASS])
    assert not Auction(Seat.N).add_calls_if_legal([Call.parse("1S"), PASS, PASS, PASS, PASS])
    assert Auction(Seat.N).add_calls_if_legal([Call.parse("1S"), PASS, PASS, PASS])


def test_the_declarer_and_contract_of_random_auctions_follow_law_22() -> None:
    rng = random.Random(22)
    for _ in range(300):
        auction = Auction(Seat(rng.randrange(4)))
        while not auction.is_complete:
            auction.add(rng.choice(auction.legal_calls()[:8] if rng.random() < 0.4 else [PASS]))
        bids = [(auction.seat_of(i), c) for i, c in enumerate(auction.calls) if isinstance(c, Bid)]
        if not bids:
            assert auction.final_contract == Contract.PASSED_OUT and auction.declarer is None
            continue
        last_seat, last = bids[-1]
        doubled = [c for c in auction.calls[auction.calls.index(last):] if c in (DOUBLE, REDOUBLE)]
        assert auction.final_contract == Contract(last.level, last.strain, len(doubled))
        first = next(s for s, c in bids if c.strain == last.strain and s.side == last_seat.side)
        assert auction.declarer == first  # the first of the side to name the strain (Law 22A)


def test_a_card_of_a_hidden_hand_is_not_said_to_be_held_there() -> None:
    # the rules name who holds a card the player to play does not hold; to a player who may not see that
    # hand (the browser game's South) they say only that he does not hold it
    deal = deal_shuffled(seed=3)
    play = Play(deal, Contract.from_str("3NT"), Seat.S)  # West leads
    north_card = max(deal[Seat.N])
    told = f"West does not hold {north_card} (North holds it)"
    assert play.why_illegal(north_card) == told
    assert play.why_illegal(north_card, seen={Seat.W}) == f"West does not hold {north_card}"
    assert play.why_illegal(north_card, seen={Seat.W, Seat.N}) == told
