"""The export's whole-session arithmetic agrees with the rules board by board: the calls and plays
tables (seats, trick winners) against `Auction` and `Play`, and field results against the definitions."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import bridgetools as bt
from bridgetools.analysis.extract import calls_batch, plays_batch
from bridgetools.analysis.field import _row_groups
from bridgetools.board import Board
from bridgetools.model import Card, Deal, Rank, Seat, Suit
from bridgetools.rules import Auction, Play
from bridgetools.scoring import field

DATA = Path(__file__).parent / "data"
FILES = sorted([*DATA.glob("pbn/*.pbn"), *DATA.glob("lin/*.lin")])


def plays_by_the_rules(boards: list[Board]) -> list[tuple[int, int, str, str, bool | None]]:
    """(board, trick, seat, card, won) for every card, from `Play.trick_list` one trick at a time."""
    rows = []
    for i, board in enumerate(boards):
        if board.play is None:
            continue
        for number, trick in enumerate(board.play.trick_list, start=1):
            for place, card in enumerate(trick.cards):
                seat = trick.seat_of(place)
                won = None if trick.winner is None else trick.winner == seat
                rows.append((i, number, seat.name, str(card), won))
    return rows


def plays_exported(boards: list[Board]) -> list[tuple[int, int, str, str, bool | None]]:
    table = plays_batch(boards).to_pydict()
    return list(zip(table["board_id"], table["trick"], table["seat"], table["card"], table["won"],
                    strict=True))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_plays_table_gives_each_card_the_seat_and_trick_winner_the_rules_give(path: Path) -> None:
    boards = list(bt.read(path))
    assert plays_exported(boards) == plays_by_the_rules(boards)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_calls_table_gives_each_call_the_seat_the_auction_gives(path: Path) -> None:
    boards = list(bt.read(path))
    table = calls_batch(boards).to_pydict()
    expected = [(i, a.seat_of(k).name, str(call)) for i, b in enumerate(boards) if (a := b.auction)
                for k, call in enumerate(a.calls)]
    assert list(zip(table["board_id"], table["seat"], table["call"], strict=True)) == expected


def test_cards_and_calls_made_outside_the_readers_export_as_the_readers_ones() -> None:
    deal = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
    made_here = [Card(Suit.H, Rank(r)) for r in (14, 8, 4, 3)]  # new objects, equal to the readers'
    auction = Auction(Seat.N, [bt.Bid(1, bt.Strain.S), "Pass", "Pass", "Pass"])
    board = Board(number=1, deal=deal, auction=auction, play=Play(deal, "1S", Seat.N, made_here))
    assert plays_exported([board]) == plays_by_the_rules([board])
    assert calls_batch([board]).column("call").to_pylist() == ["1S", "Pass", "Pass", "Pass"]


def test_a_trump_wins_the_trick_and_its_player_leads_to_the_next() -> None:
    play = Play(None, "2S", Seat.N, ["CA", "C2", "S3", "C5", "HA", "H2"])  # hands unknown: West ruffs
    rows = plays_exported([Board(number=1, play=play)])
    assert [(seat, won) for _, _, seat, _, won in rows] == [
        ("E", False), ("S", False), ("W", True), ("N", False), ("W", None), ("N", None)]
    assert rows == plays_by_the_rules([Board(number=1, play=play)])


def test_small_fields_count_as_the_sorted_search_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(7)
    scores = rng.choice([-1100, -200, -100, 0, 90, 110, 140, 420, 450, 620, 1430], size=500).astype(np.int64)
    groups = rng.integers(0, 60, size=500)
    small = field.count_fields(scores, groups)
    monkeypatch.setattr(field, "SMALL_FIELD", 0)
    sorted_search = field.count_fields(scores, groups)
    assert small is not None and sorted_search is not None
    for mine, theirs in zip(small, sorted_search, strict=True):
        assert mine.tolist() == theirs.tolist()


def test_rows_group_together_exactly_when_they_are_equal() -> None:
    rng = np.random.default_rng(3)
    rows = rng.integers(0, 4, size=(300, 6)).astype(np.uint64)
    groups = _row_groups(rows)
    for i in range(0, 300, 7):
        assert ((groups == groups[i]) == (rows == rows[i]).all(axis=1)).all()
