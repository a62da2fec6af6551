"""A PBN tag whose value no quote closes on its line (``[Board "3``) is read as the rest of its line, told
where the quote belongs: dropping the line lost the board number, which the line holds whole."""

from __future__ import annotations

import pytest

from bridgetools import Board, Seat, loads
from bridgetools.errors import ParseError

GAME = ('[Event "Club"]\n{board}\n[Dealer "S"]\n[Vulnerable "EW"]\n'
        '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]\n'
        '[Declarer "E"]\n[Contract "2H"]\n[Result "9"]\n')


def read_one(board_line: str) -> Board:
    (board,) = loads(GAME.format(board=board_line), "pbn")
    return board


@pytest.mark.parametrize("board_line", ['[Board "3', '[Board "3]', '[Board "3  '])
def test_a_value_no_quote_closes_is_read_as_the_rest_of_its_line(board_line: str) -> None:
    board = read_one(board_line)
    assert (board.number, board.dealer, str(board.contract), board.tricks) == (3, Seat.S, "2H", 9)


def test_a_value_no_quote_closes_is_told_where_the_quote_belongs() -> None:
    (issue,) = read_one('[Board "3').issues
    assert (issue.line, issue.column) == (2, len('[Board "3') + 1)
    assert issue.message == ("tag Board's value is not closed: expected '\"' after it on its line "
                             '(read as "3")')


@pytest.mark.parametrize("after", ["", "\n", "\n\n[Event \"Club\"]\n[Board \"4\"]\n"])
def test_a_value_no_quote_closes_on_the_game_s_last_line_is_read_as_the_rest_of_it(after: str) -> None:
    # user trial: the last line's value was dropped (the tricks unknown), any other line's read
    text = GAME.replace('[Result "9"]\n', '[Result "9') + after
    board = loads(text, "pbn")[0]
    assert board.tricks == 9
    (issue,) = board.issues
    assert (issue.line, issue.column) == (8, len('[Result "9') + 1) and "(read as \"9\")" in issue.message


def test_a_value_a_line_end_breaks_is_still_joined_with_the_next_line() -> None:
    board = read_one('[Board "3"]\n[Site "Vienna,\nAustria"]')
    assert board.number == 3 and board.site == "Vienna, Austria"


def test_a_value_holding_a_bracket_is_not_taken_as_read() -> None:
    board = read_one('[Board "3 [Dealer "S"]')  # which of the two it was, the line does not say
    assert board.number is None and board.issues


def test_strict_reading_stops_at_a_value_no_quote_closes() -> None:
    with pytest.raises(ParseError, match="tag Board's value is not closed"):
        loads(GAME.format(board='[Board "3'), "pbn", strict=True)
