"""Tricks a file gives that cannot be read (``ten``) are unknown, not the play's count, in every format that
reads a result beside the cards: JSON's ``tricks``, PBN's Result, RBN's R line, a LIN ``rs`` entry."""

from __future__ import annotations

import json

import pytest

from bridgetools.board import Board
from bridgetools.formats import dumps, loads
from bridgetools.model import Contract, Deal, Seat
from bridgetools.rules import Auction, Play

DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"
CARDS = ("CJ C7 C5 C2 DJ D5 DA D8 D2 D9 DQ D6 DK D7 D3 DT CQ C8 C6 C3 CK C9 S3 C4 S4 SQ S9 S6 SK ST S7 S5 "
         "SA SJ S8 D4 S2 H2 H8 H4 H3 HQ H9 H5 CA CT H6 HJ HA HT H7 HK").split()


def played() -> Board:
    """1S by North, bid and played out: the cards give North 4 tricks."""
    deal = Deal.from_pbn(DEAL)
    play = Play(deal, Contract.from_str("1S"), Seat.N)
    for card in CARDS:
        play.add(card)
    return Board(number=1, deal=deal, auction=Auction(Seat.N, calls=["1S", "P", "P", "P"]), play=play)


def _json(tricks: str) -> str:
    data = json.loads(dumps([played()], "json"))
    data["boards"][0]["tricks"] = tricks
    return json.dumps(data)


def _pbn(tricks: str) -> str:
    return dumps([played()], "pbn").replace('[Result "4"]', f'[Result "{tricks}"]')


def _rbn(tricks: str) -> str:
    return dumps([played()], "rbn").replace("\nR 4", f"\nR {tricks}")


def _lin(tricks: str) -> str:
    board = dumps([played()], "lin").removeprefix("pn|,,,|st||")
    return f"vg|Match,1,I,1,1,A,0,B,0|\nrs|1SN{tricks},|\npn|a,b,c,d,e,f,g,h|\nqx|o1|{board}"


WRITTEN = {"json": _json, "pbn": _pbn, "rbn": _rbn, "lin": _lin}
"""Each format's file of the played board, its result's tricks (LIN's over or under) as given."""


def test_the_played_board_gives_north_four_tricks_in_every_format() -> None:
    # the same files with a readable result: what "ten" must not fall back to
    for name, write in WRITTEN.items():
        (board,) = loads(write("-3" if name == "lin" else "4"), name)
        assert (board.tricks, board.is_unknown("tricks"), board.issues) == (4, False, []), name


@pytest.mark.parametrize("name", list(WRITTEN))
def test_tricks_that_cannot_be_read_are_unknown_not_the_plays(name: str) -> None:
    # JSON read "tricks": "ten" as unknown; PBN's [Result "ten"], RBN's R ten and LIN's rs|1SNten| read the
    # play's 4 tricks, and LIN said nothing
    (board,) = loads(WRITTEN[name]("ten"), name)
    assert (board.contract, board.declarer) == (Contract.from_str("1S"), Seat.N)
    assert board.tricks is None and board.is_unknown("tricks")
    (issue,) = board.issues
    assert issue.message.endswith(", not from the play") and "read as unknown" in issue.message


def test_a_lin_rs_entry_that_is_no_result_is_reported_and_left_out() -> None:
    # rs|xyz| was passed over without a word
    (board,) = loads(_lin("").replace("rs|1SN,", "rs|xyz,"), "lin")
    assert board.tricks == 4
    assert [i.message for i in board.issues] == [
        "rs entry xyz (board 1, open room) is no result such as 4SN=, 3NEx-1 or P: left out"]


def test_a_pbn_result_that_cannot_be_read_is_written_back_as_it_was() -> None:
    # [Result "ten"] came back from PBN as [Result "4"], the play's count
    (board,) = loads(_pbn("ten"), "pbn")
    assert '[Result "ten"]' in dumps([board], "pbn")
