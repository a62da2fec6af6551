"""A board changed step by step (auction set, cards added and undone, renumbered, a field given or
cleared) always reads as a board built afresh from the parts it holds; and the play's fast paths, its
legal cards and its undo keep to the one statement of the rules (hypothesis)."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetools.board import DERIVED, Board
from bridgetools.model import Card, Contract, Seat, Strain, Vul
from bridgetools.rules import Auction, Play, deal_shuffled

# Law 2 as the Laws print it (boards 1-16), kept apart from the code that computes it.
LAW_2 = {
    1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "Both"),
    5: ("N", "NS"), 6: ("E", "EW"), 7: ("S", "Both"), 8: ("W", "None"),
    9: ("N", "EW"), 10: ("E", "Both"), 11: ("S", "None"), 12: ("W", "NS"),
    13: ("N", "Both"), 14: ("E", "None"), 15: ("S", "NS"), 16: ("W", "EW"),
}

STEPS = st.lists(
    st.sampled_from(["auction", "card", "card", "card", "undo", "number", "give", "clear", "claim"]),
    max_size=40,
)


def random_auction(rng: Random, dealer: Seat) -> Auction:
    """A legal auction, complete or not, passed out now and then."""
    auction = Auction(dealer)
    for _ in range(rng.randrange(0, 14)):
        if auction.is_complete:
            break
        calls = auction.legal_calls()
        auction.add(calls[0] if rng.random() < 0.5 else rng.choice(calls[:40]))
    return auction


def fresh(board: Board) -> Board:
    """The board built anew from the parts it holds and the values it was given."""
    play = None
    if board.play is not None:
        play = Play(board.play.deal, board.play.contract, board.play.declarer, board.play.cards)
        if board.play.claimed is not None:
            play.claim(board.play.claimed)
    auction = None if board.auction is None else Auction(board.auction.dealer, board.auction.calls)
    given = {name: board.given(name) for name in DERIVED}
    return Board(number=board.number, deal=board.deal, auction=auction, play=play, **given)


def check(board: Board) -> None:
    """Every derived field is the given value, else what the number, auction and play give."""
    again = fresh(board)
    for name in DERIVED:
        assert getattr(board, name) == getattr(again, name), name
    if board.given("dealer") is None:
        # Law 2 by the number; without one, whoever made the first call dealt
        first_caller = None if board.auction is None else board.auction.dealer
        expected = first_caller if board.number is None else Seat.parse(LAW_2[(board.number - 1) % 16 + 1][0])
        assert board.dealer is expected
    if board.given("vulnerability") is None:
        expected_vul = None if board.number is None else Vul.parse(LAW_2[(board.number - 1) % 16 + 1][1])
        assert board.vulnerability is expected_vul
    auction = board.auction
    if board.given("contract") is None and auction is not None and auction.is_complete:
        assert board.contract == auction.final_contract
        assert board.is_passed_out == (auction.contract is None)
    if board.given("declarer") is None and auction is not None and auction.is_complete:
        assert board.declarer == auction.declarer
    if board.given("tricks") is None:
        play = board.play
        assert board.tricks == (None if play is None or not play.is_complete else
                                play.claimed if play.claimed is not None else play.declarer_tricks)
    assert board.conflicts() == [
        n for n in DERIVED
        if board.given(n) is not None and board.derived(n) is not None and board.given(n) != board.derived(n)
    ] + (["auction"] if auction is not None and board.dealer not in (None, auction.dealer) else [])


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), STEPS)
def test_a_board_changed_step_by_step_keeps_every_derived_field_right(seed: int, steps: list[str]) -> None:
    rng = Random(seed)
    deal = deal_shuffled(Seat.N, seed=seed)
    board = Board(number=rng.randrange(1, 40), deal=deal)
    check(board)
    for step in steps:
        if step == "auction":
            board.auction = random_auction(rng, board.dealer or Seat.N)
            contract, declarer = board.auction.contract, board.auction.declarer
            if contract is not None and declarer is not None:
                board.play = Play(deal, contract, declarer)
        elif step == "card" and board.play is not None and not board.play.is_complete:
            board.play.add(rng.choice(board.play.legal_cards()))
        elif step == "undo" and board.play is not None and board.play.cards:
            board.play.undo()
        elif step == "number":
            board.number = rng.choice([None, rng.randrange(1, 40)])
        elif step == "give":
            name = rng.choice(DERIVED)
            value = {"dealer": rng.choice(list(Seat)), "vulnerability": rng.choice(list(Vul)),
                     "contract": Contract(rng.randrange(1, 8), Strain(rng.randrange(5))),
                     "declarer": rng.choice(list(Seat)), "tricks": rng.randrange(14)}[name]
            setattr(board, name, value)
        elif step == "clear":
            setattr(board, rng.choice(DERIVED), None)
        elif step == "claim" and board.play is not None and board.play.claimed is None:
            done, left = board.play.declarer_tricks, 13 - len(board.play.completed_tricks)
            board.play.claim(done + rng.randrange(left + 1))
        check(board)


def random_play(rng: Random, seed: int) -> Play:
    deal = deal_shuffled(Seat.N, seed=seed)
    return Play(deal, Contract(rng.randrange(1, 8), Strain(rng.randrange(5))), rng.choice(list(Seat)))


def same(a: Play, b: Play) -> bool:
    return (a.cards, a.trick_list, a.turn, a.legal_cards(), a.claimed, a.declarer_tricks) == (
        b.cards, b.trick_list, b.turn, b.legal_cards(), b.claimed, b.declarer_tricks)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32))
def test_legal_cards_add_if_legal_and_why_illegal_agree_on_every_card(seed: int) -> None:
    rng = Random(seed)
    play = random_play(rng, seed)
    while not play.is_complete:
        legal = play.legal_cards()
        for card in (Card.from_index(i) for i in range(52)):
            trial = play.copy()
            assert trial.add_if_legal(card) is (play.why_illegal(card) is None) is (card in legal)
        play.add(rng.choice(legal))
    assert play.legal_cards() == [] and not play.copy().add_if_legal(Card.parse("SA"))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 52))
def test_undoing_cards_gives_back_the_play_as_it_was(seed: int, back: int) -> None:
    rng = Random(seed)
    play = random_play(rng, seed)
    history = [play.copy()]
    while not play.is_complete:
        play.add(rng.choice(play.legal_cards()))
        history.append(play.copy())
    for _ in range(back):
        play.undo()
        history.pop()
        assert same(play, history[-1])


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 52))
def test_tricks_given_by_seat_play_as_card_by_card_does(seed: int, cut: int) -> None:
    rng = Random(seed)
    one_by_one = random_play(rng, seed)
    while len(one_by_one.cards) < cut and not one_by_one.is_complete:
        one_by_one.add(rng.choice(one_by_one.legal_cards()))
    first = rng.choice(list(Seat))
    rows = []
    for trick in one_by_one.trick_list:
        row: list[Card | None] = [None] * 4
        for k, card in enumerate(trick.cards):
            row[(trick.leader + k - first) % 4] = card
        rows.append(row)
    by_rows = Play(one_by_one.deal, one_by_one.contract, one_by_one.declarer)
    by_rows.add_tricks_by_seat(rows, first)
    assert same(by_rows, one_by_one)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 20))
def test_undoing_calls_gives_back_the_auction_as_it_was(seed: int, back: int) -> None:
    rng = Random(seed)
    auction = random_auction(rng, rng.choice(list(Seat)))
    calls = list(auction.calls)
    for _ in range(min(back, len(calls))):
        assert auction.undo() == calls.pop()
        again = Auction(auction.dealer, calls)
        assert (auction.legal_calls(), auction.current_contract, auction.turn) == (
            again.legal_calls(), again.current_contract, again.turn)
