"""Malformed RBN (and JSON) as users give it, cut short or mistyped: each problem told in one line at its
file, line and column with what was expected, the rest of the record still read; under ``--strict`` the
command stops there with exit 1 and no traceback."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools import Seat, Vul, dumps, loads
from bridgetools.cli import cli
from bridgetools.errors import ParseError
from bridgetools.formats import rbn

HANDS = "H W:95.T632.754.K963:AJ76.K84.Q93.T52:KQ3.AJ95.T82.J74:\n"
RECORD = f"E Club\nB 1\n{HANDS}A NZ:1SP2HP4SA\nC 4S:N\nR 10\n"


def _issue(text: str) -> tuple[int | None, int | None, str]:
    [issue] = [issue for board in loads(text, "rbn") for issue in board.issues]
    return issue.line, issue.column, issue.message


def test_a_file_ending_inside_a_comment_is_told_at_its_brace_and_the_record_is_read() -> None:
    text = RECORD + "{a comment the file was cut\ninside"
    [board] = loads(text, "rbn")
    assert board.commentary == ["a comment the file was cut\ninside"] and board.tricks == 10
    [issue] = board.issues
    assert (issue.line, issue.column) == (7, 1)
    assert "a comment not closed: expected '}'" in issue.message


def test_a_file_ending_inside_a_comment_stops_a_strict_reading_at_its_brace() -> None:
    with pytest.raises(ParseError) as caught:
        loads(RECORD + "{cut", "rbn", strict=True)
    assert (caught.value.line, caught.value.column) == (7, 1)


def test_an_auction_cut_short_is_told_at_the_column_of_the_call_it_cannot_read() -> None:
    line, column, message = _issue(f"B 1\n{HANDS}A NZ:1SP:2HP4\n")
    assert (line, column) == (3, len("A NZ:1SP:2HP") + 1)
    assert "expected a call (1C to 7N, P, X, R, or A for all pass) at '4'" in message


def test_an_illegal_call_is_told_at_its_column() -> None:
    line, column, message = _issue(f"B 1\n{HANDS}A NZ:1SP:1HP\n")
    assert (line, column) == (3, len("A NZ:1SP:") + 1)
    assert "insufficient bid" in message


@pytest.mark.parametrize(("head", "column", "expected"), [
    ("QZ", 3, "expected a dealer N, E, S or W before the vulnerability, found 'Q'"),
    ("NQ", 4, "expected a vulnerability letter Z, N, E or B, found 'Q'"),
])
def test_a_wrong_dealer_or_vulnerability_letter_is_told_as_such(head: str, column: int,
                                                                 expected: str) -> None:
    line, at, message = _issue(f"B 1\n{HANDS}A {head}:1SP2HP4SA\n")
    assert (line, at) == (3, column) and expected in message


@pytest.mark.parametrize("result", ["14", "ten"])
def test_a_result_that_is_no_count_of_tricks_is_told_and_kept_as_written(result: str) -> None:
    text = RECORD.replace("R 10", f"R {result}")
    line, column, message = _issue(text)
    assert (line, column) == (6, 3)
    assert f"expected declarer's tricks, 0 to 13, found '{result}'" in message
    assert loads(text, "rbn")[0].extra["rbn"] == [("R", result)]


@pytest.mark.parametrize("calls", ["", "A NZ:PPPP\n"])
def test_a_result_that_is_no_count_of_tricks_is_told_with_no_contract_or_passed_out(calls: str) -> None:
    # With no A or C line, or a pass-out, the R line was kept without a word.
    line, column, message = _issue(f"B 1\n{HANDS}{calls}R 14\n")
    assert (line, column) == (3 + bool(calls), 3)
    assert "expected declarer's tricks, 0 to 13, found '14'" in message


@pytest.mark.parametrize(("name", "text", "place"), [
    ("cut.rbn", RECORD + "{cut", "7:1"),
    ("auction.rbn", f"B 1\n{HANDS}A NZ:1SP2HP4\n", "3:12"),
    ("cut.json", '{"schema": "bridgetools.board/3", "boards": [\n{"number": 1, "deal": "N:AK', "2:23"),
    ("key.json", '{"boards": [{"number": "one"}]}\n', "1:24"),
])
def test_strict_convert_of_a_malformed_file_says_one_line_at_its_place_and_exits_1(
        tmp_path: Path, name: str, text: str, place: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", "--strict", str(path), "-o", str(tmp_path / "out.pbn")])
    assert result.exit_code == 1
    [line] = result.stderr.splitlines()
    assert line.startswith(f"Error: {path}:{place}: ") and "expected" in line
    assert "Traceback" not in result.output + result.stderr and not (tmp_path / "out.pbn").exists()


@pytest.mark.parametrize(("hands", "bad"), [
    ("W:95.T632.754.K963::KQ3.AJ95.T82.J7Z:", "Z"),  # North left out: the Z is still found in East's hand
    ("W:95.T632.754.K963:AJ76.K84.Q93.T52:KQ3.AJ95.T82.J74:XX", "XX"),
])
def test_a_bad_hand_is_told_at_its_column_in_the_line_as_written(hands: str, bad: str) -> None:
    line, column, message = _issue(f"B 1\nH {hands}\n")
    assert (line, column) == (2, len("H ") + hands.index(bad) + 1)
    assert repr(hands) in message


def test_a_label_given_twice_in_a_record_is_told_at_its_line_and_the_first_read() -> None:
    # The second A line took the first's place without a word: 1H by East, not 1S by North.
    [board] = loads("B 6\nA NZ:1SPPP\nA EB:1HPPP\n", "rbn")
    assert (str(board.contract), board.declarer) == ("1S", Seat.N)
    [issue] = board.issues
    assert (issue.line, issue.column) == (3, 1)
    assert issue.message == ("RBN: label A given again in the record (line 2 gave it): kept as written, "
                             "not read")


def test_a_label_given_twice_is_written_back_and_reads_the_same() -> None:
    written = dumps(loads("B 6\nA NZ:1SPPP\nA EB:1HPPP\n", "rbn"), "rbn")
    assert "A NZ:1SA\n" in written and "A EB:1HPPP\n" in written
    assert dumps(loads(written, "rbn"), "rbn") == written


def test_an_unreadable_auction_given_again_leaves_the_read_one_written() -> None:
    # The second A line did not read, so the writer took it for the record's own and wrote no other.
    written = dumps(loads("B 6\nA NZ:1SPPP\nA QZ:1HPPP\n", "rbn"), "rbn")
    assert "A NZ:1SA\n" in written and "A QZ:1HPPP\n" in written
    [board] = loads(written, "rbn")
    assert (str(board.contract), board.declarer, board.dealer) == ("1S", Seat.N, Seat.N)


def test_an_auction_line_not_read_is_written_back_alone() -> None:
    # RBN -> RBN wrote an A line of its own (A EZ:) before the kept one, one more each pass.
    written = dumps(loads("B 6\nA QZ:1SPPP\n", "rbn"), "rbn")
    assert written == "B 6\nA QZ:1SPPP\n"


@pytest.mark.parametrize(("value", "head"), [
    ("NZ:1SPPP", (Seat.N, Vul.NONE)), ("eb:", (Seat.E, Vul.BOTH)), ("N:1SPPP", (Seat.N, None)),
    ("N?:", (Seat.N, None)), ("QZ:1S", (None, Vul.NONE)), ("1SP2HP", (None, None)),
])
def test_an_a_line_head_is_read_in_one_place_a_letter_that_is_none_unknown(value: str, head: object) -> None:
    # The head was read twice, by the auction's reader and again, assigning the board, to word its problem.
    assert rbn._head(value) == head


def test_an_a_line_with_a_bad_call_keeps_the_head_it_gives_and_says_nothing_is_unknown() -> None:
    [board] = loads(f"B 3\n{HANDS}A SB:1SP2HPZ\n", "rbn")
    assert (board.dealer, board.vulnerability, board.unknown) == (Seat.S, Vul.BOTH, frozenset())
    [issue] = board.issues
    assert issue.column == 12 and "read as unknown" not in issue.message


@pytest.mark.parametrize(("contract", "colon_at"), [("4SN", 3), ("3NXW", 4), ("7nrs", 4), ("N", 1)])
def test_a_contract_line_without_its_colon_is_told_where_the_colon_goes_and_kept_as_written(
        contract: str, colon_at: int) -> None:
    # RBN writes `C 4S:N`; `C 4SN` was kept as written with no word, its contract, declarer and tricks unread.
    text = f"B 1\n{HANDS}C {contract}\nR 10\n"
    line, column, message = _issue(text)
    assert (line, column) == (3, 2 + colon_at)
    expected = f"expected a contract and declarer like '4SX:N', a colon between them, found {contract!r}"
    assert expected in message
    assert loads(text, "rbn")[0].extra["rbn"] == [("C", contract), ("R", "10")]


@pytest.mark.parametrize("auction", ["A NZ:A\n", ""])
def test_a_passed_out_contract_line_is_read_with_no_problem_and_written_back(auction: str) -> None:
    # `C P` (passed out: no declarer, so one field) was told "expected a contract and declarer like
    # '4SX:N', a colon between them, found 'P'", and convert --strict stopped at it.
    text = f"B 1\n{HANDS}{auction}C P\n"
    [board] = loads(text, "rbn")
    assert board.issues == [] and board.contract == bt.Contract.PASSED_OUT and board.declarer is None
    assert "rbn" not in board.extra  # read, not kept as written
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        written = dumps([board], "rbn")
    assert ("C P" in written.splitlines()) == (not auction)  # the A line's calls say it when given
    [back] = loads(written, "rbn")
    assert back.issues == [] and (back.contract, back.declarer) == (bt.Contract.PASSED_OUT, None)


def test_an_unreadable_contract_line_beside_the_auctions_is_written_as_a_comment_and_read_once() -> None:
    # The kept `C 4SN` was written after the writer's own `C 4S:N`: read back, "label C given again".
    with pytest.warns(UserWarning, match="RBN holds one C line: the C line '4SN' kept as written"):
        written = dumps(loads(f"B 1\n{HANDS}A NZ:1SP2HP4SA\nC 4SN\nR 10\n", "rbn"), "rbn")
    assert [line for line in written.splitlines() if line.startswith("C")] == ["C 4S:N"]
    assert "{C 4SN}" in written
    [board] = loads(written, "rbn")
    assert board.issues == [] and (str(board.contract), board.declarer, board.tricks) == ("4S", Seat.N, 10)
    assert dumps([board], "rbn") == written


@pytest.mark.parametrize("contract", ["4S:N:E", "4s:n:e", "4S:N:"])
def test_a_contract_line_naming_declarers_left_hand_opponent_as_leader_reads_contract_and_declarer(
        contract: str) -> None:
    # RBN 2.8's third field, the opening leader, left the contract and declarer unread, with no word.
    [board] = loads(f"B 1\n{HANDS}C {contract}\nR 10\n", "rbn")
    assert (str(board.contract), board.declarer, board.tricks) == ("4S", Seat.N, 10)
    assert board.issues == [] and "rbn" not in board.extra


@pytest.mark.parametrize(("contract", "expected"), [
    ("4S:N:S", "South is not declarer North's left-hand opponent, East"),
    ("4S:N:Q", "expected N, E, S or W after the declarer, found 'Q'"),
])
def test_an_opening_leader_other_than_declarers_left_hand_opponent_is_told_at_its_column_and_kept(
        contract: str, expected: str) -> None:
    text = f"B 1\n{HANDS}C {contract}\nR 10\n"
    line, column, message = _issue(text)
    assert (line, column) == (3, len("C 4S:N:") + 1) and expected in message
    [board] = loads(text, "rbn")
    assert (str(board.contract), board.declarer, board.tricks) == ("4S", Seat.N, 10)
    written = dumps([board], "rbn")
    assert [line for line in written.splitlines() if line.startswith("C")] == [f"C {contract}"]


def test_a_lead_out_of_turn_is_a_note_strict_reading_passes() -> None:
    # RBN 2.8 gives the leader for a lead out of turn: --strict stopped on such a legitimate file.
    text = f"B 1\n{HANDS}C 4S:N:S\nR 10\n"
    [issue] = loads(text, "rbn")[0].issues
    assert issue.is_note and "South is not declarer North's left-hand opponent" in issue.message
    [board] = loads(text, "rbn", strict=True)
    assert (str(board.contract), board.declarer, board.tricks) == ("4S", Seat.N, 10)


def test_an_opening_leader_that_is_no_seat_stops_strict_reading() -> None:
    with pytest.raises(ParseError, match="expected N, E, S or W after the declarer, found 'Q'"):
        loads(f"B 1\n{HANDS}C 4S:N:Q\nR 10\n", "rbn", strict=True)


def test_a_contract_line_of_more_fields_is_written_back_once_in_its_place() -> None:
    text = f"B 1\n{HANDS}A NZ:4SA\nC 4S:N:E:table 3\nR 10\n"
    [board] = loads(text, "rbn")
    assert (str(board.contract), board.declarer, board.issues) == ("4S", Seat.N, [])
    assert dumps([board], "rbn") == text


def _lost_in(contract: str, target: str, auction: str = "") -> list[str]:
    """What converting a board with ``C contract`` (and ``auction``'s A line) to ``target`` says it loses."""
    [board] = loads(f"B 1\n{HANDS}{auction}C {contract}\nR 10\n", "rbn")
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        dumps([board], target)
    return [str(w.message) for w in said]


@pytest.mark.parametrize("target", ["pbn", "lin"])
@pytest.mark.parametrize(("contract", "lost"), [
    ("4S:N:S", "RBN C opening leader South (a lead out of turn)"),
    ("4S:N:Q", "RBN C opening leader 'Q' (no seat)"),
    ("4S:N:E:table 3", "RBN C fields past the leader ('table 3')"),
])
def test_a_kept_contract_line_read_for_the_contract_names_only_what_else_it_gave_as_lost(
        contract: str, lost: str, target: str) -> None:
    # "PBN has no place for RBN C (contract)", though the contract and declarer were read and written
    said = _lost_in(contract, target)
    assert [w for w in said if lost in w] and not [w for w in said if "RBN C (contract)" in w], said


def test_a_kept_contract_line_whose_leader_agrees_loses_nothing() -> None:
    assert not [w for w in _lost_in("4S:N:E:", "pbn") if "RBN C" in w]


def test_an_unread_contract_line_is_named_lost_whole() -> None:
    said = _lost_in("4SN", "pbn", auction="A NZ:1SP2HP4SA\n")
    assert [w for w in said if "PBN has no place for RBN C (contract)" in w], said


def test_a_kept_contract_line_the_board_no_longer_holds_is_written_as_a_comment() -> None:
    # A C line kept for its leader out of turn, the board's contract since changed: two C lines were written.
    [board] = loads(f"B 1\n{HANDS}A NZ:4SA\nC 4S:N:S\nR 10\n", "rbn")
    board.contract, board.declarer = bt.Contract.from_str("3NT"), Seat.S
    with pytest.warns(UserWarning, match="the C line '4S:N:S' kept as written, not the board's contract"):
        written = dumps([board], "rbn")
    assert [line for line in written.splitlines() if line.startswith("C")] == ["C 3N:S"]
    assert "{C 4S:N:S}" in written
