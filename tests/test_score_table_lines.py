"""A ScoreTable written a row a line, one line of which holds a cell too many or missing (a name with spaces
not in quotes): that line's row is no result, and the rows of the lines after it are read as written, not
shifted into each other's columns."""

from __future__ import annotations

from pathlib import Path

import bridgetools as bt
from bridgetools.board import Table
from bridgetools.formats import dumps, loads
from bridgetools.formats._results_tables import row_fits

TRAVELLER = Path(__file__).parent / "data" / "pbn" / "travellers" / "unquoted_name_traveller.pbn"
HEAD = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Names_NS"]
"""


def _board(*lines: str) -> bt.Board:
    (board,) = loads(HEAD + "\n".join(lines) + "\n", "pbn")
    return board


def _table_issues(board: bt.Board) -> list[bt.Issue]:
    return [issue for issue in board.issues if issue.message.startswith("ScoreTable")]


def test_the_rows_after_a_line_with_an_unquoted_name_are_read_in_their_own_columns() -> None:
    (board,) = bt.read(TRAVELLER)
    assert [(r.ns_pair, str(r.contract), r.tricks, r.score_ns) for r in board.results or ()] == [
        ("1", "4S", 10, 420), ("2", "4S", 11, 450), ("4", "4S", 10, 420), ("5", "2S", 9, 140)]


def test_the_row_of_a_line_with_an_unquoted_name_is_left_out_of_the_matchpoints() -> None:
    frame = bt.to_dataframe(bt.read(TRAVELLER))
    assert frame.contract.astype(str).tolist() == ["4S", "4S", "4S", "2S"]
    assert frame.field_size.tolist() == [4, 4, 4, 4]
    assert frame.mp_ns.tolist() == [3.0, 6.0, 3.0, 0.0]


def test_a_line_with_an_unquoted_name_is_said_once_at_that_line() -> None:
    (board,) = bt.read(TRAVELLER)
    (issue,) = _table_issues(board)
    assert (issue.line, issue.column) == (21, 2)
    assert "a cell too many: a name with spaces not in quotes?" in issue.message
    assert "no result" in issue.message


def test_a_line_missing_a_cell_is_no_result_and_the_next_line_is_a_row_of_its_own() -> None:
    board = _board("1 11 4S N 10 420 Smith", "2 12 4S N 11 450", "3 13 3NT S 9 400 Hill",
                   "4 14 2S N 9 140 Fox")
    assert [r.ns_pair for r in board.results or ()] == ["1", "3", "4"]
    (issue,) = _table_issues(board)
    assert issue.line == 6 and "a cell missing" in issue.message


def test_a_one_row_table_with_a_cell_too_many_is_no_result() -> None:
    # Its first seven cells were read as a row: 'Van' a contract label, 'Dijk' a declarer, '3NT' a Result.
    board = _board("2 12 Van Dijk 3NT S 9 400")
    assert not board.results
    (issue,) = _table_issues(board)
    assert issue.line == 5 and "a cell too many" in issue.message


def test_a_row_wrapped_over_two_lines_among_rows_of_a_line_is_one_row_and_no_problem() -> None:
    # Its two lines were each said to hold another number of cells than a row, the rows after read shifted.
    board = _board("1 11 4S N 10 420 Smith", "2 12 4S N", "11 450 Hill", "3 13 3NT S 9 400 Lee",
                   "4 14 2S N 9 140 Fox")
    assert [(r.ns_pair, r.tricks) for r in board.results or ()] == [("1", 10), ("2", 11), ("3", 9), ("4", 9)]
    assert _table_issues(board) == []


def test_a_problem_with_a_cell_after_the_unread_line_is_said_at_that_cell() -> None:
    board = _board("1 11 4S N 10 420 Smith", "2 12 4S N 11 450 Van Dijk", "3 13 3NT S 9 430 Lee")
    issues = _table_issues(board)
    (law77,) = [i for i in issues if "Law 77" in i.message]
    assert (law77.line, law77.column) == (7, 14)
    assert law77.message.startswith("ScoreTable row 3: Score_NS 430 differs")


def test_the_unread_line_is_written_back_as_it_was() -> None:
    (board,) = bt.read(TRAVELLER)
    written = dumps([board], "pbn")
    assert " 3 13 3NT   S  9    400      -   2   6 Van Dijk \"Hart - Ford\"" in written.splitlines()
    (again,) = loads(written, "pbn")
    assert again.tables["ScoreTable"].rows == board.tables["ScoreTable"].rows


def test_a_kept_row_of_another_number_of_cells_than_columns_is_no_record() -> None:
    table = Table(["PairId_NS", "Contract", "Score_NS"], [["1", "4S", "420"], ["2", "Van", "Dijk", "3NT"]])
    assert table.records() == [{"PairId_NS": "1", "Contract": "4S", "Score_NS": "420"}, {}]
    assert [table.lines_up(row) for row in range(2)] == [True, False]


def test_a_line_of_two_rows_is_two_rows() -> None:
    # Written a row a line but for one line of two rows (§5.2): both rows were said to be no result.
    board = _board("1 11 4S N 10 420 Smith", "2 12 4S N 11 450 Hill 3 13 3NT S 9 400 Lee",
                   "4 14 2S N 9 140 Fox")
    assert [(r.ns_pair, r.tricks) for r in board.results or ()] == [("1", 10), ("2", 11), ("3", 9), ("4", 9)]
    assert _table_issues(board) == []


def test_a_line_of_a_row_s_cells_inside_rows_wrapped_over_lines_is_no_row_of_its_own() -> None:
    # Lines of 8, 7 and 6 cells hold three rows: the 7-cell line is the end of one row and the start of
    # the next, not a row (read as one, its tricks cell was a score, its score a name).
    board = _board("1 11 4S N 10 420 Smith", "2 12 4S N 11 450 Hill 3", "13 3NT S 9 400 Lee 4",
                   "14 2S N 9 140 Fox", "5 15 4S N 10 420 Reed")
    assert [(r.ns_pair, r.ew_pair, r.tricks) for r in board.results or ()] == [
        ("1", "11", 10), ("2", "12", 11), ("3", "13", 9), ("4", "14", 9), ("5", "15", 10)]
    assert _table_issues(board) == []


def test_every_line_with_a_cell_too_many_is_no_result_even_when_the_cells_make_whole_rows() -> None:
    # Seven lines of eight cells are 56 cells, eight rows of seven: read in order they were rows shifted
    # a cell further each line.
    lines = [f"{n} {10 + n} 4S N 10 420 Smith 1" for n in range(1, 8)]
    board = _board(*lines)
    assert not board.results
    (issue,) = _table_issues(board)
    assert issue.line == 5 and "a cell too many on each" in issue.message


def test_a_last_row_missing_its_trailing_cells_gives_the_cells_it_has() -> None:
    board = _board("1 11 4S N 10 420 Smith", "2 12 4S N 11 450 Hill", "3 13 3NT S 9 400")
    assert [(r.ns_pair, r.tricks, r.score_ns) for r in board.results or ()] == [
        ("1", 10, 420), ("2", 11, 450), ("3", 9, 400)]
    (issue,) = _table_issues(board)
    assert issue.line == 7 and "trailing cells are missing" in issue.message


def test_an_action_table_line_not_lining_up_is_not_said_to_be_no_result() -> None:
    (board,) = loads('[Board "1"]\n[ActionTable "Rank;Call;Percentage"]\n1 4H 100\n2 4D 80 Smith\n3 3C 60\n',
                     "pbn")
    (issue,) = [i for i in board.issues if i.message.startswith("ActionTable")]
    assert "not read" in issue.message and "no result" not in issue.message


def test_the_rows_between_a_line_with_a_cell_too_many_and_a_later_one_missing_a_cell_are_read_as_written(
) -> None:
    # Lines of 8, 7, 7 and 6 cells make four rows of 7 together: read across them, the two rows between
    # were shifted a cell (3NT read as the declarer, 13 as the contract) and the director saw no line of it.
    board = _board("1 11 4S N 10 420 Smith", "2 12 4S N 11 450 Van Dijk", "3 13 3NT S 9 400 Lee",
                   "4 14 2S N 9 140 Fox", "5 15 4S N 10 420", "6 16 4S N 10 420 Reed")
    assert [(r.ns_pair, str(r.contract), r.declarer, r.tricks, r.score_ns) for r in board.results or ()] == [
        ("1", "4S", bt.Seat.N, 10, 420), ("3", "3NT", bt.Seat.S, 9, 400), ("4", "2S", bt.Seat.N, 9, 140),
        ("6", "4S", bt.Seat.N, 10, 420)]


def test_both_faulty_lines_around_rows_that_line_up_are_said_at_their_lines() -> None:
    board = _board("1 11 4S N 10 420 Smith", "2 12 4S N 11 450 Van Dijk", "3 13 3NT S 9 400 Lee",
                   "4 14 2S N 9 140 Fox", "5 15 4S N 10 420", "6 16 4S N 10 420 Reed")
    issues = _table_issues(board)
    assert [(issue.line, "too many" in issue.message, "missing" in issue.message) for issue in issues] == [
        (6, True, False), (9, False, True)]


def test_rows_between_a_line_with_a_cell_too_many_and_one_missing_a_cell_are_read_as_written_under_widths(
) -> None:
    # Columns written with widths (Contract\4L), as scoring programs write them: the check of each row read
    # across lines looked the column up as 'Contract\4L', found no typed column and let the shifted rows in.
    specs = "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;Names_NS"
    (board,) = loads(HEAD.replace(HEAD.splitlines()[-1], f'[ScoreTable "{specs}"]')
                     + "1 11 4S N 10 420 Smith\n2 12 4S N 11 450 Van Dijk\n3 13 3NT S 9 400 Lee\n"
                     "4 14 2S N 9 140 Fox\n5 15 4S N 10 420\n6 16 4S N 10 420 Reed\n", "pbn")
    assert [(r.ns_pair, str(r.contract), r.declarer) for r in board.results or ()] == [
        ("1", "4S", bt.Seat.N), ("3", "3NT", bt.Seat.S), ("4", "2S", bt.Seat.N), ("6", "4S", bt.Seat.N)]


def _wrapped(*rows: str) -> bt.Board:
    """A board whose ScoreTable's cells run on over lines of eleven cells, rows starting inside lines."""
    cells = " ".join(rows).split()
    return _board(*(" ".join(cells[at : at + 11]) for at in range(0, len(cells), 11)))


def test_rows_wrapped_inside_lines_with_a_declarer_written_as_a_word_are_each_read() -> None:
    board = _wrapped("1 11 4S North 10 420 Smith", "2 12 3NT South 9 400 Lee", "3 13 2S N 9 140 Fox",
                     "4 14 4S N 10 420 Reed")
    assert [(r.ns_pair, r.declarer) for r in board.results or ()] == [
        ("1", bt.Seat.N), ("2", bt.Seat.S), ("3", bt.Seat.N), ("4", bt.Seat.N)]
    assert not _table_issues(board)


def test_rows_wrapped_inside_lines_with_one_contract_not_read_are_each_read() -> None:
    # One row's contract a director's label: that row does not fit its columns, yet read line by line (11
    # and 17 cells) no row would line up, and the table's every result would be lost.
    board = _wrapped("1 11 4S N 10 420 Smith", "2 12 ADJ - - 400 Lee", "3 13 2S N 9 140 Fox",
                     "4 14 4S N 10 420 Reed")
    assert [(r.ns_pair, r.score_ns) for r in board.results or ()] == [
        ("1", 420), ("2", 400), ("3", 140), ("4", 420)]


def test_one_line_of_rows_between_a_line_with_a_cell_too_many_and_one_missing_a_cell_is_read_as_written(
) -> None:
    board = _board("1 11 4S N 10 420 Smith", "2 12 4S N 11 450 Van Dijk", "3 13 3NT S 9 400 Lee",
                   "5 15 4S N 10 420", "6 16 4S N 10 420 Reed")
    assert [(r.ns_pair, str(r.contract)) for r in board.results or ()] == [
        ("1", "4S"), ("3", "3NT"), ("6", "4S")]


def test_a_row_whose_contract_cell_is_a_directors_adjusted_label_fits_its_columns() -> None:
    fits = row_fits(["PairId_NS\\2R", "Contract\\4L", "Declarer\\1R", "Score_NS\\5R"])
    assert fits is not None
    assert all(fits(["3", label, "", ""]) for label in ("A+", "AVE-", "A=", "NP"))
    assert not fits(["3", "13", "", ""])
