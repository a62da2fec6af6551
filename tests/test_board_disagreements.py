"""A board's facts checked against each other in every format that gives them apart (PBN's tags, JSON's
fields, RBN's lines): a hand of 12 cards, a contract, declarer or dealer other than the auction's, tricks
other than the play's; each told, by the same words, and kept as the file gives it."""

from __future__ import annotations

import io
import json

from bridgetools import Seat, loads
from bridgetools.formats import jsonfmt

DEAL = "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"
CALLS = [{"call": "1C"}, {"call": "Pass"}, {"call": "Pass"}, {"call": "Pass"}]


def _json_messages(**fields: object) -> list[str]:
    text = json.dumps({"schema": "bridgetools.board/3", "boards": [{"number": 2, "deal": DEAL, **fields}]})
    [board] = jsonfmt.read_boards(io.StringIO(text), "t.json")
    return [issue.message for issue in board.issues]


def test_a_json_contract_and_declarer_other_than_the_auctions_are_told_and_kept() -> None:
    text = json.dumps({"schema": "bridgetools.board/3", "boards": [{
        "number": 2, "deal": DEAL, "auction": {"dealer": "E", "calls": CALLS}, "contract": "4S",
        "declarer": "N", "tricks": 9}]})
    [board] = jsonfmt.read_boards(io.StringIO(text), "t.json")
    assert [issue.message for issue in board.issues] == [
        "contract 4S differs from the auction's 1C",
        "declarer N differs from the auction's E (board 2): the field is kept"]
    assert (str(board.contract), board.declarer) == ("4S", Seat.N)


def test_a_json_dealer_other_than_the_auctions_is_told() -> None:
    assert _json_messages(dealer="S", auction={"dealer": "E", "calls": CALLS}) == [
        "dealer S differs from the auction's dealer E: both kept, the calls made from E"]


def test_a_json_hand_of_twelve_cards_is_told_as_pbns_deal_is() -> None:
    short = DEAL.replace("AQJT ", "AQJ ", 1)
    text = json.dumps({"schema": "bridgetools.board/3", "boards": [{"number": 2, "deal": short}]})
    [board] = jsonfmt.read_boards(io.StringIO(text), "t.json")
    [pbn] = loads(f'[Board "2"]\n[Deal "{short}"]\n', "pbn")
    [issue] = board.issues
    assert issue.message == ("deal: the hands hold different numbers of cards (12, 13, 13, 13): "
                             "a card left out?")
    assert issue.message.partition(":")[2] == pbn.issues[0].message.partition(":")[2]


def test_a_problem_a_json_file_kept_from_its_pbn_is_not_told_again() -> None:
    [pbn] = loads(f'[Board "2"]\n[Dealer "E"]\n[Deal "{DEAL}"]\n[Contract "4S"]\n[Declarer "E"]\n'
                  '[Result "9"]\n[Auction "E"]\n1C Pass Pass Pass\n', "pbn")
    out = io.StringIO()
    jsonfmt.write_boards([pbn], out)
    [board] = jsonfmt.read_boards(io.StringIO(out.getvalue()), "t.json")
    assert [issue.message for issue in board.issues] == ["Contract 4S differs from the auction's 1C"]


def test_an_rbn_hand_of_twelve_cards_and_a_contract_other_than_the_auctions_are_told() -> None:
    hands = DEAL.replace("AQJT ", "AQJ ", 1).replace(" ", ":")
    [board] = loads(f"B 2\nH {hands}\nA EN:1CPPP\nC 4S:N\nR 9\n", "rbn")
    assert [(issue.line, issue.message) for issue in board.issues] == [
        (2, "RBN: H line: the hands hold different numbers of cards (12, 13, 13, 13): a card left out?"),
        (4, "RBN: C line's contract 4S differs from the auction's 1C"),
        (4, "RBN: C line's declarer N differs from the auction's E (board 2): the line is kept")]
