"""A PBN Deal with a hand that cannot be read keeps the hands that can: the bad one is unknown (``-``), told
at its character, and the Deal is kept as written, so PBN -> PBN gives it back (as LIN keeps its md)."""

from __future__ import annotations

import warnings

import pytest

from bridgetools import Board, Deal, Seat, dumps, loads

GOOD = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"
BAD_NORTH = GOOD.replace(".432 ", ".43Z ", 1)
"""North's clubs written 43Z: the other three hands can be read."""


def game(deal: str) -> str:
    return (f'[Event "Club"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{deal}"]\n'
            '[Declarer "S"]\n[Contract "3NTX"]\n[Result "7"]\n')


def read_one(text: str) -> Board:
    (board,) = loads(text, "pbn")
    return board


def test_a_hand_that_cannot_be_read_leaves_the_other_hands_of_the_deal_read() -> None:
    board = read_one(game(BAD_NORTH))
    good = Deal.from_pbn(GOOD)
    assert board.deal is not None
    assert [board.deal[seat] for seat in Seat] == [None, good[Seat.E], good[Seat.S], good[Seat.W]]
    assert board.tricks == 7 and board.contract is not None


def test_a_hand_of_more_than_13_cards_is_unknown_and_the_others_kept() -> None:
    fourteen = GOOD.replace(".432 ", ".5432 ", 1)  # West's club five too
    board = read_one(game(fourteen))
    good = Deal.from_pbn(GOOD)
    assert board.deal is not None
    assert [board.deal[seat] for seat in Seat] == [None, good[Seat.E], good[Seat.S], good[Seat.W]]
    told = [(i.column, i.message) for i in board.issues if "13" in i.message]
    assert told == [(len('[Deal "N:') + 1,
                     "North's hand has 14 cards (at most 13); the hand read as unknown, the others kept")]


def test_hands_left_unknown_are_named_as_a_list() -> None:
    three_bad = GOOD.replace(".AKQJ ", ".AKQZ ", 1).replace(".T987 ", ".T98Z ", 1)
    three_bad = three_bad.replace(".432 ", ".43Z ", 1)
    with pytest.warns(UserWarning) as caught:
        dumps([read_one(game(three_bad))], "lin")
    assert "): North, East and South's hands unknown" in str(caught[0].message)


def test_a_hand_that_cannot_be_read_is_told_at_its_bad_character() -> None:
    (issue,) = read_one(game(BAD_NORTH)).issues
    assert (issue.line, issue.column) == (5, len('[Deal "') + BAD_NORTH.index("Z") + 1)
    assert issue.message.startswith("bad clubs of North's hand in ")
    assert issue.message.endswith("'Z' is not a rank (expected AKQJT98765432); the hand read as unknown, "
                                  "the others kept")
    assert issue.unread == "deal"


def test_pbn_with_a_hand_that_cannot_be_read_comes_back_as_it_was() -> None:
    board = read_one(game(BAD_NORTH))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing is lost
        written = dumps([board], "pbn")
    assert f'[Deal "{BAD_NORTH}"]' in written
    again = read_one(written)
    assert again.deal == board.deal and dumps([again], "pbn") == written


def test_lin_keeps_the_hands_read_and_names_the_deal_as_written() -> None:
    board = read_one(game(BAD_NORTH))
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "lin")
    assert "md|4S876HT98D765CT987,S543H7654DA432C65,,SJT9HAQ2DKQJCAKQJ|" in text
    assert f"board 2's Deal as written (PBN [Deal \"{BAD_NORTH}\"]): North's hand unknown" \
        in str(caught[0].message)


def test_a_deal_changed_after_reading_is_written_as_the_board_holds_it() -> None:
    board = read_one(game(BAD_NORTH))
    board.deal = Deal.from_pbn(GOOD)
    assert read_one(dumps([board], "pbn")).deal == Deal.from_pbn(GOOD)


def test_a_card_held_twice_still_leaves_the_whole_deal_unread() -> None:
    twice = BAD_NORTH.replace(" 876.T98.765.T987", " 876.T98.765.AT98", 1)  # the club ace: East's, South's
    board = read_one(game(twice))
    assert board.deal is None
    assert [i.unread for i in board.issues] == ["deal"] and "in two hands" in board.issues[0].message


def test_a_deal_not_of_four_hands_still_leaves_the_whole_deal_unread() -> None:
    board = read_one(game(BAD_NORTH.rsplit(" ", 1)[0]))  # West left out
    assert board.deal is None and "expected four hands, found 3" in board.issues[0].message


def test_a_deal_with_no_hand_read_is_not_read() -> None:
    board = read_one(game("N:AKQZ.KJ3.T98.432 - - -"))
    assert board.deal is None and board.issues[0].unread == "deal"
