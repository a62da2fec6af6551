"""A ScoreTable's cells as the reader takes them: a score beyond any board's, figures with a decimal comma
or no number at all, and a line holding a cell too many, each said at its own place."""

from __future__ import annotations

import bridgetools as bt
from bridgetools.formats import loads

BOARD = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Contract "2NT"]
[Declarer "S"]
[Result "7"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW;Percentage_NS"]
"""


def _table(*rows: str, head: str = BOARD) -> bt.Board:
    (board,) = loads(head + "\n".join(rows) + "\n", "pbn")
    return board


def test_a_score_cell_beyond_any_boards_score_is_said_at_its_cell_and_read_as_none() -> None:
    board = _table("1 6 2NT S 7 - 3000000000 4 2 67", "2 7 4S W 10 - 420 0 6 0")
    (issue,) = [i for i in board.issues if "Score_EW" in i.message]
    assert (issue.line, issue.column) == (8, 15)
    assert "is beyond any score of one board (at most 7,750" in issue.message
    assert [r.score_ns for r in board.results] == [None, -420]


def test_a_score_cell_of_more_digits_than_a_machine_word_exports_as_unknown() -> None:
    # ArrowInvalid (beyond 64 bits: OverflowError) was an unexpected error of export and analyze.
    board = _table("1 6 2NT S 7 - 99999999999999999999999 4 2 67", "2 7 4S W 10 - 420 0 6 0")
    frame = bt.to_dataframe([board])
    assert frame.file_score_ns.isna().sum() == 1


def test_a_score_tag_beyond_any_boards_score_is_said_and_read_as_none() -> None:
    head = BOARD.replace('[Result "7"]', '[Result "7"]\n[Score "NS 9000000"]')
    board = _table("1 6 2NT S 7 - 50 4 2 67", head=head)
    (issue,) = [i for i in board.issues if i.message.startswith("Score ")]
    assert issue.line == 7 and "beyond any score of one board" in issue.message


def test_a_json_score_beyond_any_boards_score_is_read_as_unknown_at_its_value() -> None:
    text = ('{"boards": [{"number": 1, "results": [\n'
            '{"contract": "4H", "declarer": "N", "tricks": 10, "score_ns": 9999999999999999999999}]}]}')
    (board,) = loads(text, "json")
    (issue,) = board.issues
    assert (issue.line, issue.column) == (2, text.splitlines()[1].index("9999") + 1)
    assert "beyond any score of one board" in issue.message
    assert board.results[0].score_ns is None


def test_a_result_given_a_score_beyond_any_boards_exports_it_as_unknown() -> None:
    from bridgetools.model import Contract, Seat, TableResult

    result = TableResult(contract=Contract.from_str("4H"), declarer=Seat.N, tricks=10, score_ns=10**22)
    frame = bt.to_dataframe([bt.Board(number=1, results=(result,))])
    assert frame.file_score_ns.isna().all() and frame.score_ns.dropna().tolist() == [420]


def test_matchpoints_and_percentages_with_a_decimal_comma_are_read_as_decimals() -> None:
    board = _table("1 6 2NT S 7 - 50 4,5 1,5 66,67")
    (result,) = board.results
    assert (result.matchpoints_ns, result.matchpoints_ew, result.percentage_ns) == (4.5, 1.5, 66.67)
    assert board.issues == []


def test_a_figure_cell_that_is_no_number_is_said_at_its_cell() -> None:
    board = _table("1 6 2NT S 7 - 50 extra 2 67")
    (issue,) = board.issues
    assert (issue.line, issue.column) == (8, 18)
    assert issue.message == "ScoreTable row 1: MP_NS 'extra': expected a number (4, 4.5 or 4,5); read as none"


def test_a_line_with_a_cell_too_many_is_said_at_that_line_not_the_next() -> None:
    board = _table("1 6 2NT S 7 - 50 4 2 67", "2 7 Ann Bob 4S W 10 - 420 0 6 0", "3 8 3NT E 9 - 400 0 6 0",
                   "4 9 1S E 8 - 110 0 6 0")
    first = board.issues[0]
    assert (first.line, first.column) == (9, 1)
    assert first.message.startswith("ScoreTable: line holds 12 cells where each row has 10 (a cell too many")


def test_a_score_ew_cell_naming_its_side_is_read_as_that_side_says() -> None:
    # 'EW 420' and 'NS -420' in Score_EW were read as North-South +420 (the side's sign turned twice)
    head = BOARD.replace(";MP_NS;MP_EW;Percentage_NS", "")
    board = _table('1 6 4S W 10 - 420', '2 7 4S W 10 - "EW 420"', '3 8 4S W 10 - "NS -420"',
                   '4 9 4S W 10 "EW 420" -', head=head)
    assert [r.score_ns for r in board.results] == [-420, -420, -420, -420]


def test_a_score_ew_that_does_not_balance_score_ns_is_noted_at_its_cell() -> None:
    # A director's assigned scores need not balance (^-420 to North-South, ^100 to East-West, Law 12C1):
    # each side is scored on its own cell, and the cell is noted so the user knows.
    board = _table("1 6 2NT S 7 -50 50 4 2 67", "2 7 - - - ^-420 ^100 0 6 0")
    (issue,) = [i for i in board.issues if "does not balance" in i.message]
    assert (issue.line, issue.column, issue.level) == (9, 17, "info")
    assert issue.message.startswith("ScoreTable row 2: Score_EW ^100 does not balance Score_NS ^-420")
    assert "North-South on -420 and East-West on +100" in issue.message


def test_a_score_ew_that_balances_score_ns_is_not_said() -> None:
    board = _table("1 6 2NT S 7 -50 50 4 2 67", "2 7 4S W 10 -420 420 0 6 0")
    assert not [i for i in board.issues if "does not balance" in i.message]


def test_a_percentage_beside_a_score_in_points_is_said_at_its_cell() -> None:
    # ^-420 to North-South with ^60% to East-West: the row is scored on the points, East-West on +420,
    # and their 60% was passed over with nothing said.
    board = _table("1 6 2NT S 7 -50 50 4 2 67", '2 7 - - - ^-420 "^60%" 0 6 0')
    (issue,) = [i for i in board.issues if "is a percentage beside" in i.message]
    assert (issue.line, issue.column) == (9, 17)
    assert issue.message == ("ScoreTable row 2: Score_EW ^60% is a percentage beside Score_NS ^-420, a score "
                             "in points: the row is scored on the points, so East-West are matchpointed on "
                             "+420, not on 60%")


def test_a_north_south_percentage_beside_east_wests_points_is_said_at_its_cell() -> None:
    board = _table("1 6 2NT S 7 -50 50 4 2 67", '2 7 - - - "^60%" ^-420 0 6 0')
    (issue,) = [i for i in board.issues if "is a percentage beside" in i.message]
    assert (issue.line, issue.column) == (9, 11)
    assert "North-South are matchpointed on +420, not on 60%" in issue.message
    assert board.results[1].score_ns == 420
