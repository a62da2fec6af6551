"""A board's facts given by hand: the text a player writes is read, anything else refused, and an auction
that does not start at the board's dealer is named, never moved to other seats by a writer."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.errors import BridgeError
from bridgetools.model import Contract, Deal, Seat, Vul
from bridgetools.rules import Auction

DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def board_dealt_by_north_bid_from_south() -> Board:
    board = Board(number=1, deal=Deal.from_pbn(DEAL))
    board.auction = Auction("S", "1NT P 3NT P P P")
    return board


def test_an_auction_that_does_not_start_at_the_dealer_is_a_conflict() -> None:
    assert board_dealt_by_north_bid_from_south().conflicts() == ["auction"]


def test_an_auction_from_the_given_dealer_is_no_conflict_though_the_number_names_another() -> None:
    board = Board(number=1, dealer=Seat.S, auction=Auction("S", "1NT P 3NT P P P"))
    assert board.conflicts() == ["dealer"]


@pytest.mark.parametrize("fmt", ["pbn", "lin", "rbn"])
def test_a_writer_keeps_each_call_with_its_player_and_says_the_dealer_changed(fmt: str) -> None:
    board = board_dealt_by_north_bid_from_south()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = bt.dumps([board], fmt)
    again, auction = bt.loads(text, fmt)[0], Auction("S", "1NT P 3NT P P P")
    assert again.auction is not None and again.auction.dealer is Seat.S
    assert again.auction.calls == auction.calls
    assert again.declarer is Seat.S
    assert any("first caller as dealer" in str(w.message) for w in caught)


def test_json_keeps_the_dealer_and_the_auction_apart() -> None:
    board = board_dealt_by_north_bid_from_south()
    again = bt.loads(bt.dumps([board], "json"), "json")[0]
    assert again.dealer is Seat.N and again.auction is not None and again.auction.dealer is Seat.S


def test_facts_given_as_a_player_writes_them_are_read() -> None:
    board = Board(number=3, dealer="N", vulnerability="NS", deal=DEAL, contract="4SX",  # type: ignore[arg-type]
                  declarer="S", tricks=10)
    assert (board.dealer, board.vulnerability, board.declarer) == (Seat.N, Vul.NS, Seat.S)
    assert board.deal == Deal.from_pbn(DEAL) and board.contract == Contract.from_str("4SX")


@pytest.mark.parametrize(("text", "vulnerability"),
                         [("None", Vul.NONE), ("Both", Vul.BOTH), ("All", Vul.BOTH)])
def test_vulnerability_may_be_written_as_pbn_and_players_do(text: str, vulnerability: Vul) -> None:
    assert Board(vulnerability=text).vulnerability is vulnerability  # type: ignore[arg-type]


def test_a_board_with_facts_given_as_text_is_written_like_any_other() -> None:
    board = Board(number=3, dealer="S", vulnerability="EW", deal=DEAL, contract="4S",  # type: ignore[arg-type]
                  declarer="S", tricks=10)
    assert bt.dumps([board], "pbn") == bt.dumps([Board(
        number=3, dealer=Seat.S, vulnerability=Vul.EW, deal=Deal.from_pbn(DEAL),
        contract=Contract.from_str("4S"), declarer=Seat.S, tricks=10)], "pbn")


@pytest.mark.parametrize(("field", "value"), [
    ("contract", "4Z"), ("declarer", "X"), ("dealer", "Q"), ("vulnerability", "NE"), ("deal", "N:AKQ2"),
    ("dealer", True), ("contract", 4), ("number", "5"), ("number", True),
])
def test_a_fact_that_is_no_such_value_is_refused_naming_it(field: str, value: object) -> None:
    with pytest.raises(BridgeError, match=field):
        Board(**{field: value})  # type: ignore[arg-type]


def test_a_fact_assigned_later_is_read_or_refused_as_when_given() -> None:
    board = Board(number=1)
    board.contract = "3NT"  # type: ignore[assignment]
    assert board.contract == Contract.from_str("3NT")
    with pytest.raises(BridgeError, match="declarer"):
        board.declarer = "X"  # type: ignore[assignment]


def test_a_deal_or_number_assigned_later_is_read_or_refused_as_when_given() -> None:
    # board.deal = "N:..." stayed a string, board.deal = 5 and board.number = "x" were taken as they came
    board = Board(number=1)
    board.deal = DEAL  # type: ignore[assignment]
    assert board.deal == Deal.from_pbn(DEAL)
    for field, value in (("deal", 5), ("deal", "N:AKQ2"), ("number", "x"), ("number", True)):
        with pytest.raises(BridgeError, match=field):
            setattr(board, field, value)
    assert board.deal == Deal.from_pbn(DEAL) and board.number == 1  # refused: the board as it was


def test_a_deal_or_number_deleted_reads_its_default_as_a_dataclass_field_does() -> None:
    # del board.deal raised AttributeError: __delete__ (the checked field had a setter alone)
    board = Board(number=1, deal=DEAL)
    del board.deal, board.number
    assert (board.deal, board.number) == (None, None)


@pytest.mark.parametrize(("field", "value"), [
    ("dealer", Vul.NS), ("declarer", Vul.EW), ("vulnerability", Seat.E), ("number", Seat.S),
    ("tricks", Seat.S),
])
def test_another_enums_member_is_refused_not_taken_for_its_number(field: str, value: object) -> None:
    # Board(dealer=Vul.NS) was East: Vul.NS is 1
    with pytest.raises(BridgeError, match=field):
        Board(**{field: value})  # type: ignore[arg-type]
    board = Board()
    with pytest.raises(BridgeError, match=field):
        setattr(board, field, value)


@pytest.mark.parametrize("tricks", [14, 20, -1, "9", True, 9.0])
def test_tricks_are_a_whole_number_0_to_13(tricks: object) -> None:
    with pytest.raises(BridgeError, match="tricks"):
        Board(tricks=tricks)  # type: ignore[arg-type]


@pytest.mark.parametrize("tricks", [0, 13, None])
def test_tricks_0_to_13_or_unknown_are_taken(tricks: int | None) -> None:
    assert Board(tricks=tricks).tricks == tricks


def _validated(tmp_path: Path, name: str, text: str) -> tuple[int, str]:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    return result.exit_code, result.stdout + result.stderr


def _pbn(dealer: str, auction: str | None) -> str:
    calls = f'[Auction "{dealer}"]\n1NT Pass Pass Pass\n' if auction else ""
    return f'[Event "T"]\n[Board "1"]\n[Dealer "{dealer}"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n{calls}'


def test_a_board_bid_from_another_dealer_than_its_number_gives_is_a_note_of_validate(tmp_path: Path) -> None:
    # Law 2 gives board 1 to North; a lesson may deal it from East: legal, so a note, not a problem, and
    # validate's: the board read keeps no issue of it (written and read back, it is the same board).
    code, out = _validated(tmp_path, "east.pbn", _pbn("E", "E"))
    assert code == 0
    assert ("note: board 1 is dealt by East, not by North as its number gives (Law 2): kept, the calls made "
            "from East") in out
    assert "0 problems, 1 note" in out
    assert bt.loads(_pbn("E", "E"), "pbn")[0].issues == []
    # a deal without calls: its dealer is the dealing's choice (deal --dealer)
    assert "note" not in _validated(tmp_path, "deal.pbn", _pbn("E", None))[1]


def test_validate_s_law_2_note_is_at_the_board_number_s_line_and_column(tmp_path: Path) -> None:
    out = _validated(tmp_path, "east.pbn", _pbn("E", "E"))[1]
    assert "east.pbn:2:1: note: board 1 is dealt by East" in out  # [Board "1"], the board's number


def test_validate_s_law_2_note_of_a_shared_deal_game_is_at_no_line_0(tmp_path: Path) -> None:
    # the other room's game carries the Board tag of the game before (a shared-deal file): it wrote none
    other_room = '\n[Room "Closed"]\n[Auction "E"]\n1NT Pass Pass Pass\n[Result "7"]\n'
    out = _validated(tmp_path, "match.pbn", _pbn("E", "E") + other_room)[1]
    assert out.count("note: board 1 is dealt by East") == 2
    assert ":0:" not in out


def test_json_calls_from_another_seat_than_the_numbers_dealer_are_told_with_no_dealer_given() -> None:
    # Board 1 is North's to deal (Law 2), as a board made in code without a dealer says: calls from East.
    text = json.dumps({"schema": "bridgetools.board/3", "boards": [{
        "number": 1, "deal": DEAL, "auction": {"dealer": "E", "calls": [{"call": "Pass"}] * 4}}]})
    [board] = bt.loads(text, "json")
    assert [issue.message for issue in board.issues] == [
        "the dealer N of board 1 (Law 2: no dealer given) differs from the auction's dealer E: both kept, "
        "the calls made from E"]
