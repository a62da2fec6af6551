"""A LIN ``md`` with a hand that cannot be read keeps the hands that can: the bad one is unknown (``-`` in
PBN), told at its column, and the md is kept as written, so LIN -> LIN gives it back."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from bridgetools import Board, Seat, dumps, loads

LIN_DATA = Path(__file__).parent / "data" / "lin"
EXAMPLE = (LIN_DATA / "endplay__example1.lin").read_text("utf-8").splitlines()[3]
BAD_SOUTH = re.sub(r"md\|(\d)S", r"md|\1X", EXAMPLE, count=1)
"""Board 4 of endplay's example with South's first suit letter written X: ``md|2X78AH39TQKD2TCQKA,...``."""


def read_one(text: str) -> Board:
    (board,) = loads(text, "lin")
    return board


def test_a_hand_that_cannot_be_read_leaves_the_other_hands_of_the_md_read() -> None:
    board = read_one(BAD_SOUTH)
    good = read_one(EXAMPLE).deal
    assert board.deal is not None and good is not None
    assert [board.deal[seat] for seat in Seat] == [good[Seat.N], None, None, good[Seat.W]]  # N E S W
    assert board.dealer is Seat.W


def test_a_hand_that_cannot_be_read_is_told_at_its_column() -> None:
    (issue,) = read_one(BAD_SOUTH).issues
    assert issue.column == BAD_SOUTH.index("2X78A") + 2  # the X
    assert issue.message == ("bad hand 'X78AH39TQKD2TCQKA' for South: ranks before the first suit letter; "
                             "the hand read as unknown, the others kept")


def test_a_hand_that_cannot_be_read_is_not_given_the_cards_the_others_leave() -> None:
    four_hands = BAD_SOUTH.replace("S2TH47JAD3459QC7T,|", "S2TH47JAD3459QC7T,SQ543H862DAJ87C42|")
    board = read_one(four_hands)
    assert board.deal is not None and board.deal[Seat.S] is None and board.deal[Seat.E] is not None


def test_a_hand_of_more_than_13_cards_is_unknown_and_the_others_kept() -> None:
    fourteen = EXAMPLE.replace("md|2S78AH39TQKD2TCQKA,", "md|2S78AH39TQKD2TCQKAJ,", 1)  # West's club jack too
    board = read_one(fourteen)
    good = read_one(EXAMPLE).deal
    assert board.deal is not None and good is not None
    assert [board.deal[seat] for seat in Seat] == [good[Seat.N], None, None, good[Seat.W]]  # N E S W
    (issue,) = board.issues
    assert issue.column == fourteen.index("2S78A") + 2
    assert issue.message == ("South's hand has 14 cards (at most 13); the hand read as unknown, "
                             "the others kept")


def test_lin_with_a_hand_that_cannot_be_read_comes_back_as_it_was() -> None:
    board = read_one(BAD_SOUTH)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing is lost
        written = dumps([board], "lin")
    assert "md|2X78AH39TQKD2TCQKA,S69JKH5D6KC35689J,S2TH47JAD3459QC7T,|" in written
    again = read_one(written)
    again.issues = board.issues
    assert again == board


def test_pbn_keeps_the_hands_read_and_names_the_md_as_written() -> None:
    board = read_one(BAD_SOUTH)
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "pbn")
    assert '[Deal "W:KJ96.5.K6.J98653 T2.AJ74.Q9543.T7 - -"]' in text and '[Result "10"]' in text
    assert ("board 4's md as written (LIN md|2X78AH39TQKD2TCQKA,S69JKH5D6KC35689J,S2TH47JAD3459QC7T,|): "
            "South and East's hands unknown") in str(caught[0].message)


PBN_BAD_NORTH = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.43Z JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]
"""
"""North's club 2 written ``Z``: the PBN reader reads North's hand as unknown, the others kept."""


def test_a_hand_unread_in_pbn_comes_back_from_lin_as_the_cards_left_with_a_note() -> None:
    (board,) = loads(PBN_BAD_NORTH, "pbn")
    assert board.deal is not None and board.deal[Seat.N] is None
    with pytest.warns(UserWarning, match="North's hand unknown"):
        text = dumps([board], "lin")
    (again,) = loads(text, "lin")
    assert again.deal is not None and again.deal == board.deal.completed()  # no card lost or moved
    (note,) = again.issues
    assert note.is_note and note.message == ("md gives no hand for North, not its last (East's): read as "
                                             "the cards the other three leave")
    (plain,) = loads(dumps([again], "lin"), "lin")  # BBO's own md, East left out, says nothing
    assert not plain.issues
