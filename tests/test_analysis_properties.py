"""Properties of the export over random boards (hypothesis): Parquet gives back what it was given."""

from __future__ import annotations

import tempfile
from pathlib import Path
from random import Random

import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.model import PASS, Seat
from bridgetools.rules import Auction, Play, deal_shuffled


def random_board(seed: int, number: int, cards: int) -> Board:
    """A legal board: a shuffled deal, a random legal auction (passes likelier), and ``cards`` legal cards."""
    rng = Random(seed)
    dealer = Seat.dealer_of_board(number)
    deal = deal_shuffled(dealer, seed)
    auction = Auction(dealer)
    while not auction.is_complete:
        legal = auction.legal_calls()
        auction.add(PASS if rng.random() < 0.6 else rng.choice(legal))
    board = Board(number=number, deal=deal, auction=auction)
    if auction.contract is not None and auction.declarer is not None:
        play = Play(deal, auction.contract, auction.declarer)
        for _ in range(cards):
            play.add(rng.choice(play.legal_cards()))
        board.play = play
        board.tricks = play.declarer_tricks + (13 - len(play.completed_tricks)) // 2
    return board


boards = st.builds(random_board, st.integers(0, 2**32), st.integers(1, 64), st.integers(0, 52))


@settings(max_examples=40, deadline=None)
@given(st.lists(boards, min_size=1, max_size=6))
def test_read_parquet_gives_back_random_legal_boards(sample: list[Board]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "boards.parquet"
        bt.to_parquet(sample, path)
        assert list(bt.read_parquet(path)) == sample


@settings(max_examples=25, deadline=None)
@given(st.lists(boards, min_size=1, max_size=6))
def test_the_dataframe_read_back_keeps_dtypes_and_ordered_categoricals(sample: list[Board]) -> None:
    from bridgetools.analysis import read_dataframe

    frame = bt.to_dataframe(sample)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "boards.parquet"
        bt.to_parquet(sample, path)
        again = read_dataframe(path)
    assert list(again.dtypes) == list(frame.dtypes)
    assert again["strain"].cat.ordered and list(again["strain"].cat.categories) == ["C", "D", "H", "S", "NT"]
    pd.testing.assert_frame_equal(again, frame)


@settings(max_examples=25, deadline=None)
@given(st.lists(boards, min_size=1, max_size=6))
def test_every_hand_adds_up_to_the_deal(sample: list[Board]) -> None:
    frame = bt.to_dataframe(sample)
    for board, row in zip(sample, frame.itertuples(index=False), strict=True):
        assert board.deal is not None
        assert row.deal == board.deal.to_pbn()
        assert sum((row.hcp_n, row.hcp_e, row.hcp_s, row.hcp_w)) == 40
        for seat in Seat:
            hand = board.deal[seat]
            assert hand is not None
            assert getattr(row, f"shape_{seat.name.lower()}") == "-".join(map(str, hand.shape))
            assert getattr(row, f"hcp_{seat.name.lower()}") == hand.hcp
