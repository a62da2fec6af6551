"""A lesson's board at the table: the auction so far (a bidding quiz) and an opening lead that the file
gives are where the table goes on from, as `autoplay` does; a board the file gives as played is bid and
played afresh."""

from __future__ import annotations

import io
import warnings

import pytest
from table_players import scripted

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.table.game import Game, Phase

S, N, E, W = bt.Seat.S, bt.Seat.N, bt.Seat.E, bt.Seat.W

DEAL = '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]'


def lesson(*tags: str) -> Board:
    """A board of a lesson file: dealer West, none vulnerable, the deal above, and ``tags``."""
    text = "\n".join(['[Board "1"]', '[Dealer "W"]', '[Vulnerable "None"]', DEAL, *tags]) + "\n"
    (board,) = bt.read(io.StringIO(text), format="pbn")
    return board


BIDDING_QUIZ = ('[Auction "W"]', "Pass 1C X")
"""West passes, North opens 1C, East doubles: South to call."""

OPENING_LEAD = ('[Declarer "E"]', '[Contract "3NT"]', '[Auction "W"]', "Pass Pass 1NT Pass",
                "3NT Pass Pass Pass", '[Play "S"]', "S8 - - -")
"""East declares 3NT; South has led the eight of spades, West (dummy) is to play."""


def test_a_lesson_s_auction_so_far_is_where_the_table_goes_on_from() -> None:
    game = Game.from_board(lesson(*BIDDING_QUIZ), scripted())
    assert [str(c) for c in game.auction.calls] == ["Pass", "1C", "X"]
    game.advance()
    assert game.souths_turn and len(game.auction) == 3  # South's call, the quiz's question


def test_a_lesson_s_opening_lead_is_played_and_the_table_plays_on_from_it() -> None:
    game = Game.from_board(lesson(*OPENING_LEAD), scripted())
    assert game.phase is Phase.PLAY and game.declarer is E
    assert game.play is not None and [str(c) for c in game.play.cards] == ["S8"]
    game.advance()
    assert game.play.cards[0] == bt.Card.parse("S8") and len(game.play.cards) >= 4


def test_the_lesson_s_calls_are_not_taken_back_by_undo() -> None:
    game = Game.from_board(lesson(*BIDDING_QUIZ), scripted())
    game.practice = True
    game.advance()
    assert game.why_no_undo() is not None  # nothing of South's yet: the quiz's calls are the lesson's
    game.call("1H")
    game.advance()
    game.undo()
    assert [str(c) for c in game.auction.calls] == ["Pass", "1C", "X"] and game.souths_turn


def test_the_api_s_board_of_a_lesson_file_starts_with_its_auction_so_far() -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():  # starlette's notice about its httpx test client
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from bridgetools.table.web.app import create_app

    client = TestClient(create_app(lambda seed: scripted(), boards=[lesson(*BIDDING_QUIZ)]))
    state = client.post("/api/games", json={"board": 0}).json()["state"]
    assert state["auction"] == ["Pass", "1C", "X"] and state["your_turn"]
