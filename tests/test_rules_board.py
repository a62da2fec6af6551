"""Boards: Law 2 (dealer and vulnerability from the board number), the dealing of a deck, the record."""

from __future__ import annotations

import pytest

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.model import Contract, Seat, Strain, Vul
from bridgetools.rules import Auction, Play, deal_shuffled, dealer_of_board, vulnerability_of_board

# The Law 2 table, boards 1 to 16, as the Laws print it; it repeats every 16 boards.
LAW_2 = {
    1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "Both"),
    5: ("N", "NS"), 6: ("E", "EW"), 7: ("S", "Both"), 8: ("W", "None"),
    9: ("N", "EW"), 10: ("E", "Both"), 11: ("S", "None"), 12: ("W", "NS"),
    13: ("N", "Both"), 14: ("E", "None"), 15: ("S", "NS"), 16: ("W", "EW"),
}


@pytest.mark.parametrize("number", range(1, 65))
def test_law_2_dealer_and_vulnerability_repeat_every_16_boards(number: int) -> None:
    dealer, vul = LAW_2[(number - 1) % 16 + 1]
    assert dealer_of_board(number) is Seat.parse(dealer)
    assert vulnerability_of_board(number) is Vul.parse(vul)


def test_a_board_takes_dealer_and_vulnerability_from_its_number() -> None:
    board = Board(number=7)
    assert board.dealer is Seat.S and board.vulnerability is Vul.BOTH


def test_a_board_keeps_a_dealer_and_vulnerability_it_is_given() -> None:
    board = Board(number=7, dealer=Seat.N, vulnerability=Vul.NONE)
    assert board.dealer is Seat.N and board.vulnerability is Vul.NONE


def test_board_numbers_start_at_one() -> None:
    with pytest.raises(bt.BridgeError, match="start at 1"):
        dealer_of_board(0)


def test_a_board_without_a_number_has_no_dealer() -> None:
    assert Board().dealer is None and Board().vulnerability is None


def test_a_completed_auction_gives_the_board_its_contract_and_declarer() -> None:
    board = Board(number=1, auction=Auction(Seat.N, ["1C", "P", "1H", "P", "4H", "P", "P", "P"]))
    assert board.contract == Contract(4, Strain.H) and board.declarer is Seat.S


def test_a_passed_out_auction_gives_a_passed_out_board() -> None:
    board = Board(number=1, auction=Auction(Seat.N, ["P"] * 4))
    assert board.is_passed_out and board.declarer is None and board.result is None


def test_result_is_tricks_over_or_under_the_contract() -> None:
    # 4S needs 6 + 4 = 10 tricks
    assert Board(contract=Contract.from_str("4S"), declarer=Seat.N, tricks=8).result == 8 - 10


def test_declarer_vulnerability_is_that_of_declarers_side() -> None:
    board = Board(number=2, contract=Contract.from_str("3NT"), declarer=Seat.E)  # NS vulnerable
    assert board.declarer_vulnerable is False


# The deal (Law 6) -----------------------------------------------------------------------------
def test_a_shuffled_deal_gives_13_cards_to_each_player() -> None:
    deal = deal_shuffled(Seat.N, seed=1)
    assert deal.is_complete and all(len(hand) == 13 for hand in deal if hand is not None)


def test_the_same_seed_gives_the_same_deal() -> None:
    assert deal_shuffled(Seat.N, seed=42) == deal_shuffled(Seat.N, seed=42)


def test_different_seeds_give_different_deals() -> None:
    assert deal_shuffled(Seat.N, seed=1) != deal_shuffled(Seat.N, seed=2)


def test_the_cards_go_round_from_dealers_left() -> None:
    # the same shuffled deck dealt by East: every hand moves one seat clockwise
    by_north, by_east = deal_shuffled(Seat.N, seed=5), deal_shuffled(Seat.E, seed=5)
    for seat in Seat:
        assert by_east[seat.lho] == by_north[seat]


def test_a_finished_play_gives_the_board_its_contract_declarer_and_tricks() -> None:
    play = Play(None, "4H", Seat.S)
    play.claim(11)
    board = Board(number=1, play=play)
    assert board.contract == Contract(4, Strain.H) and board.declarer is Seat.S and board.tricks == 11
    assert board.result == 11 - 10


# Derived facts stay true as the board changes --------------------------------------------------
def test_an_auction_set_after_the_board_was_made_gives_contract_and_declarer() -> None:
    board = Board(number=1)
    board.auction = Auction(Seat.N, ["1C", "P", "1H", "P", "4H", "P", "P", "P"])
    assert board.contract == Contract(4, Strain.H) and board.declarer is Seat.S


def test_renumbering_a_board_moves_its_dealer_and_vulnerability_by_law_2() -> None:
    board = Board(number=1)
    board.number = 7
    assert board.dealer is Seat.S and board.vulnerability is Vul.BOTH


def test_a_given_dealer_stands_when_the_board_is_renumbered_and_the_disagreement_is_named() -> None:
    board = Board(number=1, dealer=Seat.W)
    board.number = 2
    assert board.dealer is Seat.W and board.derived("dealer") is Seat.E
    assert board.conflicts() == ["dealer"]


def test_assigning_none_clears_a_given_value() -> None:
    board = Board(number=3, vulnerability=Vul.BOTH)
    board.vulnerability = None
    assert board.vulnerability is Vul.EW and board.given("vulnerability") is None


def test_a_given_contract_stands_against_the_auction() -> None:
    board = Board(number=1, contract=Contract.from_str("3NT"))
    board.auction = Auction(Seat.N, ["1S", "P", "4S", "P", "P", "P"])
    assert board.contract == Contract.from_str("3NT") and board.conflicts() == ["contract"]


def test_a_passed_out_board_has_the_auctions_final_contract_and_no_declarer() -> None:
    auction = Auction(Seat.N, ["P"] * 4)
    board = Board(number=1, auction=auction)
    assert auction.contract is None and board.contract == auction.final_contract == Contract.PASSED_OUT
    assert board.is_passed_out and board.declarer is None and board.tricks is None


def test_tricks_follow_a_claim_made_after_the_play_was_set() -> None:
    board = Board(number=1, play=Play(None, "4H", Seat.S))
    assert board.tricks is None
    assert board.play is not None
    board.play.claim(10)
    assert board.tricks == 10 and board.result == 0


def test_an_unfinished_auction_gives_no_contract() -> None:
    board = Board(number=1, auction=Auction(Seat.N, ["1S", "P"]))
    assert board.contract is None and board.declarer is None


def test_the_board_record_moved_above_the_rules_and_the_old_name_warns() -> None:
    import bridgetools.model

    with pytest.warns(DeprecationWarning, match="bridgetools.board"):
        old = bridgetools.model.Board
    assert old is bt.Board is Board
