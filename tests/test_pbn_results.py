"""PBN spells a board's double-dummy table, par and other tables' results as BridgeComposer does."""

from __future__ import annotations

from pathlib import Path

import pytest

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.formats import dumps, loads, read
from bridgetools.model import DDTable, Par, ParContract, Seat, Strain, TableResult
from bridgetools.model.results import MOST_TABLES

DATA = Path(__file__).parent / "data" / "pbn"
BRIDGECOMPOSER = DATA / "bridge-pbn__three_test_records.pbn"
SCORE_TABLES = DATA / "wild" / "latin1_crlf_score_tables.pbn"
FULL_TABLE = DDTable((*range(14), 0, 1, 2, 3, 4, 5))


def test_the_reader_gives_the_dd_table_and_par_as_values_and_keeps_the_tags() -> None:
    board = next(read(BRIDGECOMPOSER))
    assert board.given("dd_table") == board.dd_table is not None and board.given("par") is not None
    assert "DoubleDummyTricks" in board.tags and "OptimumResultTable" in board.tables


def test_the_reader_gives_a_score_tables_results_as_values() -> None:
    boards = [b for b in read(SCORE_TABLES) if "ScoreTable" in b.tables]
    assert boards and all(b.given("results") for b in boards)


def test_a_dd_table_given_directly_is_written_as_bridgecomposer_names_it() -> None:
    text = dumps([Board(number=1, dd_table=FULL_TABLE)], "pbn")
    assert '[DoubleDummyTricks "' in text
    assert '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]' in text
    assert loads(text, "pbn")[0].dd_table == FULL_TABLE


def test_a_partial_dd_table_is_written_as_the_rows_it_knows() -> None:
    partial = DDTable.from_mapping({(Seat.N, Strain.S): 10, (Seat.W, Strain.NT): 3})
    text = dumps([Board(number=1, dd_table=partial)], "pbn")
    assert "DoubleDummyTricks" not in text
    assert loads(text, "pbn")[0].dd_table == partial


def test_par_given_directly_is_written_as_optimum_score_and_par_contract() -> None:
    par = Par(-300, (ParContract(bt.Contract.from_str("6DX"), (Seat.E, Seat.W), -2),))
    text = dumps([Board(number=1, par=par)], "pbn")
    assert '[OptimumScore "EW 300"]' in text and '[ParContract "EW 6DX-2"]' in text
    assert loads(text, "pbn")[0].par == par


@pytest.mark.parametrize(("par", "written", "not_written"), [
    (Par(420), '[OptimumScore "NS 420"]', "ParContract"),
    (Par(-110), '[OptimumScore "NS -110"]', "ParContract"),
    (Par(None, (ParContract(bt.Contract.from_str("4S"), (Seat.N, Seat.S)),)), '[ParContract "NS 4S"]',
     "OptimumScore"),
    (Par(0), '[ParContract "Pass"]', "ParContract \"NS")])
def test_a_par_given_in_part_is_written_as_given_not_as_a_passed_out_deal(
        par: Par, written: str, not_written: str) -> None:
    # Par(420) with no contracts was written [OptimumScore "NS 0"] [ParContract "Pass"].
    text = dumps([Board(number=1, par=par)], "pbn")
    assert written in text and not_written not in text
    assert loads(text, "pbn")[0].par == par


def test_results_given_directly_are_written_as_a_score_table_that_reads_back_equal() -> None:
    results = (
        TableResult(bt.Contract.from_str("4H"), Seat.S, 10, bt.Card.parse("SA"), 420, "1", "2", ("A", "B")),
        TableResult(bt.Contract.from_str("4SX"), Seat.E, 9, score_ns=100, ns_pair="3", ew_pair="4",
                    matchpoints_ns=3.5, matchpoints_ew=0.5),
    )
    text = dumps([Board(number=1, results=results)], "pbn")
    assert '[ScoreTable "' in text
    assert loads(text, "pbn")[0].results == results


def test_a_result_of_unknown_tricks_is_written_as_pbn_s_unknown_and_reads_back_the_same() -> None:
    # The Result cell was written "" (an empty string, no value PBN 2.1 gives a cell); §5: ? unknown, - n/a.
    board = Board(number=1, results=(
        TableResult(contract=bt.Contract.from_str("3NT"), declarer=Seat.S, tricks=10, score_ns=430),
        TableResult(contract=bt.Contract.from_str("3NT"), declarer=Seat.S, tricks=None, score_ns=400),
        TableResult(contract=bt.Contract.PASSED_OUT, score_ns=0)))
    text = dumps([board], "pbn")
    rows = text[text.index("[ScoreTable"):].splitlines()[2:4]
    assert [row.split()[:3] for row in rows] == [["3NT", "S", "?"], ["Pass", "-", "-"]]
    (back,) = loads(text, "pbn")
    assert back.results == board.results and back.issues == []
    assert dumps([back], "pbn") == text


def test_a_score_table_cell_with_no_value_is_written_as_pbn_s_unknown_or_does_not_apply() -> None:
    # The Declarer of a passed-out row, the other side's score cell, a pair with no id or names and a
    # missing Lead were written "" (no value PBN 2.1 gives a cell); §5: ? unknown, - does not apply.
    board = Board(number=1, results=(
        TableResult(contract=bt.Contract.from_str("4S"), declarer=Seat.N, tricks=10, score_ns=420,
                    ns_pair="3", ew_pair="7", ns_names=("Smith", "Jones"), ew_names=("Lee", "Kim"),
                    lead=bt.Card.parse("HK"), multiplicity=2),
        TableResult(contract=bt.Contract.from_str("4S"), declarer=Seat.N, tricks=8, score_ns=-100),
        TableResult(contract=bt.Contract.PASSED_OUT, score_ns=0, ns_pair="1"),
        TableResult(adjusted_pct_ns=60.0, adjusted_pct_ew=40.0, adjusted=True)))
    text = dumps([board], "pbn")
    table = text[text.index("[ScoreTable"):].split("\n\n")[0]
    assert '""' not in table
    rows = [row.split() for row in table.splitlines()[1:]]
    assert rows[1] == ["?", "?", "?", "?", "4S", "N", "8", "?", "-", "100", "1"]
    assert rows[2] == ["1", "?", "?", "?", "Pass", "-", "-", "-", "0", "-", "1"]
    assert rows[3] == ["?", "?", "?", "?", "-", "-", "-", "-", '"^60%"', '"^40%"', "1"]
    (back,) = loads(text, "pbn")
    assert back.results == board.results and back.issues == []
    assert dumps([back], "pbn") == text


TRAVELLER_SAYING_NOTHING = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.QJT9 8765.T987.A76.AK 43.654.5432.8765"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Names_NS;Names_EW"]
 1  1 4S    N 10    420 "Smith - Jones" ?
 2  2 -     -  -      - ? "C;D"
 3  3 -     -  -     50 "A;B" -
"""
"""A traveller whose Names cells say ``?`` (unknown) and ``-`` (does not apply), with a row of no result and
one of a score without a contract (``-``): cells the reader reads as nothing said."""


def _table_rows(text: str) -> list[list[str]]:
    """The ScoreTable rows of ``text``, cell by cell as written."""
    table = text[text.index("[ScoreTable"):].split("\n\n")[0]
    return [row.split() for row in table.strip().splitlines()[1:]]


def test_a_score_tables_cells_that_say_nothing_are_written_back_as_read() -> None:
    # since the reader takes ? and - for nothing said, a round trip must still write them back, cell for cell
    board = loads(TRAVELLER_SAYING_NOTHING, "pbn")[0]
    assert [r.ns_pair for r in board.results] == ["1", "3"] and board.results[1].contract is None
    through_pbn = dumps([board], "pbn")
    assert _table_rows(through_pbn) == _table_rows(TRAVELLER_SAYING_NOTHING)
    assert dumps(loads(dumps([board], "json"), "json"), "pbn") == through_pbn


def test_a_kept_tag_that_agrees_with_the_value_is_written_unchanged() -> None:
    text = BRIDGECOMPOSER.read_text(encoding="latin-1")
    boards = loads(text, "pbn")
    for board in boards:
        board.dd_table = DDTable(board.dd_table.tricks) if board.dd_table else None  # the same value, anew
    assert dumps(boards, "pbn") == dumps(loads(text, "pbn"), "pbn")


def test_a_value_changed_after_reading_replaces_the_kept_tag() -> None:
    board = next(read(BRIDGECOMPOSER))
    board.dd_table = FULL_TABLE
    again = loads(dumps([board], "pbn"), "pbn")[0]
    assert again.dd_table == FULL_TABLE and again.tags["DoubleDummyTricks"] != board.tags["DoubleDummyTricks"]


def test_the_board_layer_knows_no_pbn_tag_name() -> None:
    package = Path(bt.__file__).parent / "board"
    names = ("DoubleDummyTricks", "OptimumScore", "ParContract", "OptimumResultTable", "ScoreTable")
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not [n for n in names if n in text], path


def test_analysis_reads_no_pbn_tag_name_in_its_code() -> None:
    package = Path(bt.__file__).parent / "analysis"
    for path in package.rglob("*.py"):
        code = [line for line in path.read_text(encoding="utf-8").splitlines()
                if not line.lstrip().startswith(("#", '"', "'")) and '"""' not in line]
        found = [line for line in code for n in ('"DoubleDummyTricks"', '"ScoreTable"', '"OptimumScore"',
                                                 '"ParContract"', '"OptimumResultTable"') if n in line]
        assert not found, (path, found)


def test_a_hand_record_turned_for_a_student_turns_its_values_with_its_tags() -> None:
    from bridgetools.formats._results_tables import dd_table_of, par_of
    from bridgetools.records.rotate import rotate_board

    for board in read(BRIDGECOMPOSER):
        turned = rotate_board(board, 1)
        assert turned.dd_table == dd_table_of(turned.tags, {}) and turned.par == par_of(turned.tags)


SCORED_GAME = """[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "W:T854.QJT54.7.AQ3 AK6.AK2.432.KJT8 J92.3.KQT865.965 Q73.9876.AJ9.742"]
[Declarer "N"]
[Contract "1NT"]
[Result "10"]
[Score "{score}"]
{scoring}"""


def _score_issues(score: str, scoring: str = "") -> list[str]:
    (board,) = loads(SCORED_GAME.format(score=score, scoring=scoring), "pbn")
    return [issue.message for issue in board.issues if "Score" in issue.message]


def test_a_score_tag_that_the_contract_and_result_do_not_give_is_reported_with_its_line() -> None:
    (board,) = loads(SCORED_GAME.format(score="EW 700", scoring=""), "pbn")
    (issue,) = [i for i in board.issues if "Score" in i.message]
    assert issue.line == 8
    assert issue.message.startswith("Score EW 700 differs from the NS 180 that 1NT by N with 10 tricks")
    assert board.tags["Score"] == "EW 700"  # kept as written


def test_a_score_tag_that_agrees_from_either_side_is_not_reported() -> None:
    assert _score_issues("NS 180") == []
    assert _score_issues("180") == []  # a bare number is the declaring side's
    assert _score_issues("EW -180") == []


def test_a_rubber_score_tag_may_count_honours_and_is_not_checked() -> None:
    assert _score_issues("NS 330", '[Scoring "Rubber"]') == []
    assert _score_issues("NS 330") != []


TRAVELLER = """[Board "1"]
[Dealer "N"]
[Vulnerable "{vulnerable}"]
[ScoreTable "Rank\\2R;PairId_NS\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R"]
 1  3 4S   N 11   450     -
 2  1 4S   N 10   450     -
 3  4 3NT  E  9     -   400
 4  5 3NT  E  8     -   400
 5  2 -    - -   ^-300    -
"""


def test_a_traveller_row_that_its_contract_and_result_do_not_give_is_reported_at_its_score() -> None:
    (board,) = loads(TRAVELLER.format(vulnerable="None"), "pbn")
    issues = [(i.line, i.column, i.message) for i in board.issues if "ScoreTable" in i.message]
    assert issues == [
        (6, 19, "ScoreTable row 2: Score_NS 450 differs from the NS 420 that 4S by N with 10 tricks "
                "(Vulnerable None) scores (Law 77); the row is kept as written"),
        (8, 25, "ScoreTable row 4: Score_EW 400 differs from the EW -50 that 3NT by E with 8 tricks "
                "(Vulnerable None) scores (Law 77); the row is kept as written"),
    ]
    assert board.tables["ScoreTable"].rows[1][5] == "450"  # kept as written


def test_a_traveller_row_whose_tricks_alone_were_adjusted_is_checked_against_their_score() -> None:
    """``^9`` (tricks adjusted or agreed) beside a Score_NS 9 tricks do not give was passed over silently."""
    text = TRAVELLER.replace("4S   N 10   450", "4S   N ^9   450")
    (board,) = loads(text.format(vulnerable="None"), "pbn")
    issues = [(i.line, i.column, i.level, i.message) for i in board.issues if "ScoreTable" in i.message]
    assert issues[0] == (6, 19, "warning", "ScoreTable row 2: Score_NS 450 differs from the NS -50 that 4S "
                         "by N with 9 tricks (Vulnerable None) scores (Law 77); the row is kept as written")


def test_a_traveller_row_of_a_directors_assigned_score_is_not_checked() -> None:
    text = TRAVELLER.replace("4S   N 10   450", "4S   N 10  ^450")
    (board,) = loads(text.format(vulnerable="None"), "pbn")
    rows = [i.message.split(":")[0] for i in board.issues if "ScoreTable" in i.message]
    assert rows == ["ScoreTable row 4"]


def test_a_traveller_is_scored_at_the_boards_vulnerability() -> None:
    (board,) = loads(TRAVELLER.format(vulnerable="All"), "pbn")
    rows = [i.message.split(":")[0] for i in board.issues if "ScoreTable" in i.message]
    assert rows == ["ScoreTable row 1", "ScoreTable row 2", "ScoreTable row 3", "ScoreTable row 4"]


def _par(optimum: str, contract: str | None = None) -> Board:
    tags = [f'[OptimumScore "{optimum}"]'] + ([f'[ParContract "{contract}"]'] if contract is not None else [])
    (board,) = loads('[Board "1"]\n[Dealer "N"]\n' + "\n".join(tags) + "\n", "pbn")
    return board


def test_a_par_contract_is_read_in_every_spelling_side_or_seat_before_or_after_the_contract() -> None:
    ns_4s, n_4s = ParContract(bt.Contract.from_str("4S"), (Seat.N, Seat.S)), \
        ParContract(bt.Contract.from_str("4S"), (Seat.N,))
    for value, contracts in [
        ("NS 4S", (ns_4s,)), ("4S N", (n_4s,)), ("4S NS", (ns_4s,)), ("4SN=", (n_4s,)), ("4S by N", (n_4s,)),
        ("NS 4S=", (ns_4s,)), ("N 4S; 4S S", (n_4s, ParContract(bt.Contract.from_str("4S"), (Seat.S,)))),
        ("4SX-2 EW", (ParContract(bt.Contract.from_str("4SX"), (Seat.E, Seat.W), -2),)),
        ("3NT+1 E", (ParContract(bt.Contract.from_str("3NT"), (Seat.E,), 1),)),
    ]:
        board = _par("NS 420", value)
        assert board.par == Par(420, contracts), value
        assert board.issues == [], value


def test_an_optimum_score_giving_the_contract_before_the_score_gives_both() -> None:
    """BBO Extractor's ``[OptimumScore "NS 7N; +1520"]`` was read as a par of 7."""
    grand = ParContract(bt.Contract.from_str("7NT"), (Seat.N, Seat.S))
    assert _par("NS 7N; +1520").par == Par(1520, (grand,))
    assert _par("EW 4S; +620").par == Par(-620, (ParContract(bt.Contract.from_str("4S"), (Seat.E, Seat.W)),))


def test_a_par_contract_that_is_none_is_told_and_the_par_not_said_passed_out() -> None:
    board = _par("NS 420", "four spades")
    (issue,) = board.issues
    assert "ParContract 'four spades'" in issue.message and issue.line == 4
    assert board.par == Par(420) and str(board.par) == "NS 420"
    assert _par("NS 0", "Pass").issues == [] and str(_par("NS 0", "Pass").par) == "0 (passed out)"


def test_a_traveller_result_that_is_not_a_number_of_tricks_is_reported_at_its_cell() -> None:
    text = TRAVELLER.replace("4S   N 11", "4S   N abc").replace("4S   N 10", "4S   N ²")
    (board,) = loads(text.format(vulnerable="None"), "pbn")
    issues = [(i.line, i.column, i.message) for i in board.issues if "Result" in i.message]
    assert issues == [
        (5, 14, "ScoreTable row 1: Result 'abc' is not a number of tricks (0 to 13, ? or -)"),
        (6, 14, "ScoreTable row 2: Result '²' is not a number of tricks (0 to 13, ? or -)"),
    ]
    assert board.tables["ScoreTable"].rows[0][4] == "abc"  # kept as written


def test_a_score_table_result_written_with_spaces_is_read_as_the_tricks_the_reader_checked() -> None:
    text = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Contract "4S"]\n[Declarer "S"]\n[Result "10"]\n'
            '[ScoreTable "Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R"]\n3NT N " 10" "NS 400"\n')
    board = loads(text, "pbn")[0]
    assert [r.tricks for r in board.results or ()] == [10]
    assert "differs from the NS 430" in board.issues[0].message  # the check read the cell as 10 tricks too


def _played_by_the_auction_s_declarer(declarer: str, result: str) -> Board:
    """A board bid to 4H by North and played out by North (East leads), whose Declarer tag says
    ``declarer`` and whose Result tag says ``result`` (none when empty)."""
    from bridgetools.model import Contract, Deal
    from bridgetools.rules import Auction, Play

    deal = Deal.from_pbn("N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42")
    play = Play(deal, Contract.from_str("4H"), Seat.N)
    while not play.is_complete:
        play.add(sorted(play.legal_cards(), key=str)[0])
    board = Board(number=1, deal=deal, auction=Auction(Seat.N, calls=["1NT", "P", "4C", "P", "4H", "P", "P",
                                                                       "P"]), play=play)
    lines = [line for line in dumps([board], "pbn").splitlines()
             if not line.startswith(("[Declarer ", "[Result "))]
    at = lines.index(next(line for line in lines if line.startswith("[Contract ")))
    lines[at:at] = [f'[Declarer "{declarer}"]'] + ([f'[Result "{result}"]'] if result else [])
    (read,) = loads("\n".join(lines) + "\n", "pbn")
    return read


def test_a_play_led_against_the_auction_s_declarer_is_that_declarer_s_play() -> None:
    # Declarer "E" over 4H by North: East's lead was read as South's, the first trick reordered.
    board = _played_by_the_auction_s_declarer("E", "11")
    assert board.play is not None and (board.declarer, board.play.declarer) == (Seat.E, Seat.N)
    assert board.tricks == 11
    assert not any("opening leader" in issue.message for issue in board.issues)


def test_the_tricks_of_the_auction_s_declarer_are_no_other_declarer_s() -> None:
    # With no Result, North's tricks were read as the Declarer tag's East's: a made 4H for the wrong side.
    board = _played_by_the_auction_s_declarer("E", "")
    assert board.play is not None and board.play.result == 11 and board.tricks is None


def test_a_declarer_tag_against_the_auction_names_the_board_and_says_the_tricks_went_unknown() -> None:
    board = _played_by_the_auction_s_declarer("E", "")
    (message,) = [i.message for i in board.issues if i.message.startswith("Declarer ")]
    assert message == ("Declarer E differs from the auction's N (board 1): the tag is kept and the tricks "
                       "read as unknown (the play gives N 11)")


def test_a_declarer_tag_against_the_auction_with_a_result_says_only_the_tag_is_kept() -> None:
    board = _played_by_the_auction_s_declarer("E", "11")
    (message,) = [i.message for i in board.issues if i.message.startswith("Declarer ")]
    assert message == "Declarer E differs from the auction's N (board 1): the tag is kept"


def _result_issues(declarer: str, contract: str, tag: str = "Result") -> list[str]:
    """What the reader says of ``tag`` (Result "9", Declarer) on a board with these Declarer and Contract
    tags, each problem after its line and column."""
    text = (f'[Board "18"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Declarer "{declarer}"]\n'
            f'[Contract "{contract}"]\n[Result "9"]\n')
    (board,) = loads(text, "pbn")
    issues = [issue for issue in board.issues if issue.message.startswith(tag)]
    return [issue.message if tag == "Result" else f"{issue.line}:{issue.column}: {issue.message}"
            for issue in issues]


def test_a_declarer_given_for_a_board_passed_out_is_a_problem_at_the_declarer() -> None:
    # PBN's Declarer of a passed-out board is "": [Declarer "S"] [Contract "Pass"] was read without a word
    assert _result_issues("S", "Pass", "Declarer") == ["4:12: Declarer 'S' for a board passed out"]
    assert _result_issues("", "Pass", "Declarer") == []


def test_a_result_for_a_board_passed_out_says_it_was_passed_out_though_a_declarer_is_given() -> None:
    # review: said "for a board with no declarer" beside [Declarer "S"]
    assert _result_issues("S", "Pass") == ["Result '9' for a board passed out"]


def test_a_result_for_a_contract_with_no_declarer_says_so() -> None:
    assert _result_issues("", "4S") == ["Result '9' for a board with no declarer"]


def _traveller_issues(old: str, new: str) -> tuple[Board, list[tuple[int | None, int | None, str]]]:
    """The traveller read with ``old`` in its rows written as ``new``, and its ScoreTable problems."""
    (board,) = loads(TRAVELLER.replace(old, new).format(vulnerable="None"), "pbn")
    return board, [(i.line, i.column, i.message) for i in board.issues if "ScoreTable" in i.message]


def test_a_traveller_contract_that_is_no_contract_is_reported_at_its_cell_and_its_table_kept() -> None:
    board, issues = _traveller_issues("4S   N 11   450", "3NY  N 11   450")
    assert issues[0] == (5, 7, "ScoreTable row 1: Contract '3NY': expected a contract such as 4SX, 3NT or "
                               "Pass; read as no contract: the table is ranked by the score given, as one "
                               "with no contract is")
    assert board.results is not None and board.results[0].contract_label == "3NY"


@pytest.mark.parametrize("label", ["A+", "A", "A-", "AVG", "AVG-", "NP", "avg+"])
def test_a_traveller_row_of_an_adjusted_label_and_no_score_is_no_mistyped_contract(label: str) -> None:
    # A director's A+ with matchpoints given and no score cell, or NP, is an adjusted row (trial 42's
    # aplus.pbn): it was told "expected a contract" as a typo would be.
    board, issues = _traveller_issues("4S   N 11   450", f"{label:4} -  -     -")
    assert [m for *_, m in issues if "row 1:" in m and "expected a contract" in m] == []
    assert board.results is not None and board.results[0].contract_label == label


def test_a_traveller_row_of_a_mistyped_contract_and_no_score_stays_a_result_said_unscorable() -> None:
    board, issues = _traveller_issues("4S   N 11   450", "8NT  N 11     -")
    assert issues[0][2].endswith("read as no contract: with no score either, the table is left out of the "
                                 "field (unscorable)")
    assert board.results is not None and len(board.results) == 5
    assert (board.results[0].contract_label, board.results[0].score_ns) == ("8NT", None)


def test_a_traveller_declarer_that_is_no_seat_is_reported_at_its_cell() -> None:
    _, issues = _traveller_issues("4S   N 11", "4S   Q 11")
    assert issues[0][:2] == (5, 12)
    assert issues[0][2].startswith("ScoreTable row 1: Declarer 'Q': expected a seat N, E, S or W; read as no "
                                   "declarer")


def test_a_traveller_score_that_is_no_score_beside_a_contract_is_reported_at_its_cell() -> None:
    board, issues = _traveller_issues("11   450", "11   45O")
    assert issues[0] == (5, 19, "ScoreTable row 1: Score_NS '45O' is no score in points nor a percentage "
                                "(an artificial adjusted score, ^60%); read as no score")
    assert board.results is not None and board.results[0].score_ns is None


def test_a_traveller_score_off_a_multiple_of_ten_is_reported_at_its_cell() -> None:
    _, issues = _traveller_issues("5  2 -    - -   ^-300", "5  2 -    - -       3")
    assert issues[-1][:2] == (9, 22)
    assert issues[-1][2].startswith("ScoreTable row 5: Score_NS '3': no bridge score is off a multiple of 10")


MULTIPLIED = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[ScoreTable "Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;Multiplicity\\5R"]
4S   N 11   450     {first}
3NT  S  9   400     {second}
"""


def _multiplicity_issues(first: str, second: str = "2"
                         ) -> tuple[Board, list[tuple[int | None, int | None, str]]]:
    """A traveller whose two rows stand for ``first`` and ``second`` tables, and its ScoreTable problems."""
    (board,) = loads(MULTIPLIED.format(first=first, second=second), "pbn")
    return board, [(i.line, i.column, i.message) for i in board.issues if "ScoreTable" in i.message]


def test_a_multiplicity_of_more_tables_than_a_session_holds_is_reported_at_its_cell_and_kept() -> None:
    board, issues = _multiplicity_issues("99999")
    assert issues == [(5, 21, "ScoreTable row 1: Multiplicity '99999': more tables than a session holds "
                              f"(a slip?); kept as written, counted as {MOST_TABLES:,} tables (the most a "
                              "row is counted for)")]
    assert board.results is not None and board.results[0].multiplicity == 99999


def test_a_multiplicity_that_is_no_number_of_tables_is_reported_at_its_cell() -> None:
    _, issues = _multiplicity_issues("0", "2.5")
    assert [(line, message.partition(": expected")[2]) for line, _, message in issues] == [
        (5, " a number of tables (1 or more); counted as 1 table"),
        (6, " a number of tables (1 or more); counted as 1 table")]


def test_a_plausible_or_unknown_multiplicity_is_no_problem() -> None:
    assert _multiplicity_issues(str(MOST_TABLES), "?")[1] == []
    assert _multiplicity_issues("1", "-")[1] == []


def test_a_score_table_after_a_blank_line_is_said_to_be_no_boards_results(tmp_path: Path) -> None:
    # a trial's s2res.pbn: a blank line between board 72's Result and its ScoreTable made the table a game
    # of its own (PBN 2.1 §3.1), whose rows validate, convert and print passed over without a word
    text = TRAVELLER.format(vulnerable="None").replace("[ScoreTable", '[Deal "N:AKQ2.KJ3.T98.432 '
                                                        'JT9.AQ2.KQJ.QJT9 8765.T987.A76.AK 43.654.5432.8765"]'
                                                        "\n\n[ScoreTable")
    source = tmp_path / "split.pbn"
    source.write_text(text, encoding="utf-8")
    board, table = read(source)
    assert not board.results and board.issues == []
    (issue,) = table.issues
    assert (issue.line, issue.column) == (6, 1)
    assert issue.message.startswith("ScoreTable in a game with no Board or Deal tag: its rows are no board's "
                                    "results (a blank line before it ends the game above, PBN 2.1 §3.1")
