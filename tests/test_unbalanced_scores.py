"""A director's assigned scores that do not balance (Law 12C1: ``^-420`` to North-South with ``^100`` to
East-West): each side is scored on its own score, compared with the other tables' scores of its direction.

The board: a Mitchell of five tables, North-South's scores 150, -420, -420 (assigned), -140, -450 and
East-West's -150, 420, +100 (assigned), 140, 450. By hand, 2 matchpoints a score beaten and 1 a tie (top 8):
North-South 8, 3, 3, 6, 0; East-West 0, 6, 2, 4, 8 (pair 8's +100 beats only -150). Were East-West scored on
+420, the negation of North-South's, pair 8 would have 5, pair 7 5 and pair 9 2.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.analysis.export import travellers_figures
from bridgetools.analysis.field import east_west_imps, east_west_matchpoints
from bridgetools.analysis.ranking import pair_rankings
from bridgetools.board import Board
from bridgetools.cli import cli
from bridgetools.formats import dumps, loads
from bridgetools.model.results import TableResult

MITCHELL = """[Event "T5"]
[Date "2026.12.07"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:Q5.KJT653.A83.75 K98.4.T976.AT964 T732.AQ97.4.J832 AJ64.82.KQJ52.KQ"]
[Scoring "MP"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"]
 1  6 2NT  N  9    150   -150
 2  7 4S   W 10     -     420
 3  8 -    -  -    ^-420  ^100
 4  9 3S   W  9      -    140
 5 10 4S   W 11      -    450
"""
EAST_WEST_MP = [0.0, 6.0, 2.0, 4.0, 8.0]
"""East-West pairs 6 to 10's matchpoints, worked out by hand above."""


def _board(text: str = MITCHELL) -> Board:
    (board,) = loads(text, "pbn")
    return board


def _frame(text: str = MITCHELL) -> pd.DataFrame:
    """The ScoreTable's rows (not the board's own, which has no result), East-West pairs 6 to 10, each
    column as floats (NaN for null)."""
    frame = bt.to_dataframe([_board(text)])
    frame = frame[frame.ew_pair.notna()].sort_values("ew_pair", key=lambda pair: pair.astype(int))
    names = ("mp_ns", "mp_ew", "field_size", "adjusted_pct_ew", "ximp_ns", "ximp_ew", "butler_ns",
             "butler_ew", "file_score_ew")
    return pd.DataFrame({name: frame[name].to_numpy(dtype=float, na_value=float("nan")) for name in names})


def test_a_score_ew_that_does_not_balance_is_east_wests_own_score() -> None:
    (_, _, assigned, _, _) = _board().results
    assert (assigned.score_ns, assigned.score_ew, assigned.east_west_score) == (-420, 100, 100)


def test_a_score_ew_that_balances_is_held_once_as_north_souths() -> None:
    first = _board().results[0]
    assert (first.score_ns, first.score_ew, first.east_west_score) == (150, None, -150)
    assert TableResult(score_ns=-420, score_ew=420).score_ew is None


def test_the_unbalanced_cell_is_a_note_naming_each_sides_score() -> None:
    (issue,) = [i for i in _board().issues if "does not balance" in i.message]
    assert issue.level == "info"
    assert (issue.line, issue.column) == (11, 27)
    assert "North-South on -420 and East-West on +100" in issue.message


def test_a_turned_board_gives_each_side_the_others_own_score() -> None:
    assigned = _board().results[2].turned(1)
    assert (assigned.score_ns, assigned.score_ew) == (100, -420)


def test_east_west_are_matchpointed_on_their_own_scores() -> None:
    frame = _frame()
    assert frame.mp_ns.tolist() == [8.0, 3.0, 3.0, 6.0, 0.0]
    assert east_west_matchpoints(frame.mp_ns, frame.field_size, frame.adjusted_pct_ew,
                                 frame.mp_ew).tolist() == EAST_WEST_MP


def test_east_west_cross_imps_and_butler_compare_their_own_scores() -> None:
    # East-West's scores -150, 420, 100, 140, 450: pair 6 loses 11, 6, 7 and 12 IMPs (-36 over 4); their
    # Butler datum drops -150 and 450: (420 + 100 + 140) / 3 = 220.
    frame = _frame()
    assert east_west_imps(frame.ximp_ns, frame.ximp_ew).tolist() == [-9.0, 6.25, -2.75, -1.5, 7.0]
    assert east_west_imps(frame.butler_ns, frame.butler_ew).tolist() == [-9.0, 5.0, -3.0, -2.0, 6.0]


def test_a_field_whose_scores_balance_has_no_east_west_figures_of_its_own() -> None:
    frame = _frame(MITCHELL.replace("^100", "^420"))
    assert frame.mp_ew.isna().all() and frame.ximp_ew.isna().all() and frame.file_score_ew.isna().all()


def test_the_pair_ranking_ranks_east_west_on_their_own_scores() -> None:
    (east_west,) = [r for r in pair_rankings(bt.to_dataframe([_board()])).rankings if r.direction == "EW"]
    assert [(p.pair, p.matchpoints) for p in east_west.pairs] == [
        ("10", 8.0), ("7", 6.0), ("9", 4.0), ("8", 2.0), ("6", 0.0)]


def test_the_export_keeps_east_wests_score_and_ranks_them_on_it_read_back(tmp_path: Path) -> None:
    source, parquet = tmp_path / "t5.pbn", tmp_path / "t5.parquet"
    source.write_text(MITCHELL)
    runner = CliRunner()
    assert runner.invoke(cli, ["export", str(source), "-o", str(parquet)]).exit_code == 0
    table = pq.read_table(parquet, columns=["ew_pair", "file_score_ew", "mp_ew"]).to_pylist()
    assert {row["ew_pair"]: (row["file_score_ew"], row["mp_ew"]) for row in table if row["ew_pair"]} == {
        "6": (None, 0.0), "7": (None, 6.0), "8": (100, 2.0), "9": (None, 4.0), "10": (None, 8.0)}
    ranked = runner.invoke(cli, ["analyze", str(parquet), "--by", "pair", "--format", "csv"])
    rows = [line.split(",") for line in ranked.output.splitlines()]
    head = rows[0]
    east_west = [dict(zip(head, row, strict=True)) for row in rows[1:]
                 if row[head.index("direction")] == "EW"]
    assert [(row["pair"], float(row["mp"])) for row in east_west] == [
        ("10", 8.0), ("7", 6.0), ("9", 4.0), ("8", 2.0), ("6", 0.0)]


def test_a_traveller_gives_east_west_their_own_matchpoints_and_score() -> None:
    board = _board()
    assert [ew for _, ew in travellers_figures([board], "mp_ns")[0]] == EAST_WEST_MP
    assert [ew for _, ew in travellers_figures([board], "butler_ns")[0]] == [-9.0, 5.0, -3.0, -2.0, 6.0]


def test_json_keeps_east_wests_own_score() -> None:
    (again,) = loads(dumps([_board()], "json"), "json")
    assert [(r.score_ns, r.score_ew) for r in again.results][2] == (-420, 100)


def test_a_rebuilt_score_table_writes_both_scores() -> None:
    board = _board()
    board.tables.pop("ScoreTable")  # written from the results, not as kept
    (again,) = loads(dumps([board], "pbn"), "pbn")
    assert [(r.score_ns, r.score_ew) for r in again.results][2] == (-420, 100)


def test_east_west_declarers_are_summarised_on_their_own_figures() -> None:
    # West declared for pairs 7, 9 and 10: 6, 4 and 8 of 8 (75%), where +420 for pair 8 made it 5, 2, 8.
    from bridgetools.analysis.summary import summarise

    west = summarise(bt.to_dataframe([_board()]), by="declarer").loc["W"]
    assert west["avg_mp_pct"] == 75.0


SLIP = MITCHELL.replace(" 2  7 4S   W 10     -     420", " 2  7 4S   W 10   -420    100")
"""Pair 7's row with a Score_EW that does not balance its Score_NS beside a contract that scores it: 4S by
West making 10 is +420 to East-West (Law 77) whatever the cell says, as North-South are ranked on -420."""


def test_a_score_ew_beside_a_contract_that_scores_it_is_not_east_wests_ranking_score() -> None:
    # Ranked on the cell's +100, pair 7 would tie pair 8 (3 each) and pair 9 have 6.
    frame = _frame(SLIP)
    assert east_west_matchpoints(frame.mp_ns, frame.field_size, frame.adjusted_pct_ew,
                                 frame.mp_ew).tolist() == EAST_WEST_MP


def test_a_score_ew_beside_a_contract_that_scores_it_is_warned_of_at_its_cell() -> None:
    (issue,) = [i for i in _board(SLIP).issues if "does not balance" in i.message and "row 2" in i.message]
    assert (issue.level, issue.line, issue.column) == ("warning", 10, 27)
    assert "North-South are ranked on -420 and East-West on +420, not on +100" in issue.message


def test_a_traveller_figures_east_west_beside_a_contract_on_the_contract() -> None:
    # Butler of every score (PBN's Butler with no discard): East-West's datum of -150, 420, 100, 140 and
    # 450 is 190; with the cell's +100 for pair 7 it would be 130.
    figures = [ew for _, ew in travellers_figures([_board(SLIP)], "butler_all_ns")[0]]
    assert figures == [ew for _, ew in travellers_figures([_board()], "butler_all_ns")[0]]


def test_a_printed_traveller_rescores_a_score_ew_beside_a_contract(tmp_path: Path) -> None:
    source, page = tmp_path / "slip.pbn", tmp_path / "slip.html"
    source.write_text(SLIP)
    assert CliRunner().invoke(cli, ["print", str(source), "--traveller", "-o", str(page)]).exit_code == 0
    assert "the file says NS -420 and EW 100 for 4" in page.read_text()


def test_east_west_declarers_are_summarised_on_the_contracts_score() -> None:
    # West declared for pairs 7, 9 and 10: +420 (not the cell's +100), +140 and +450.
    from bridgetools.analysis.summary import summarise

    west = summarise(bt.to_dataframe([_board(SLIP)]), by="declarer").loc["W"]
    assert round(west["avg_score"], 2) == round((420 + 140 + 450) / 3, 2)


ARROW = MITCHELL.replace('[Scoring "MP"]', '[Scoring "MP"]\n[North "Nora"]\n[South "Sam"]\n[East "Ed"]\n'
                         '[West "Wendy"]\n[Score "NS 100"]').replace(
    "PairId_EW\\2R;", "PairId_EW\\2R;Names_NS\\12L;Names_EW\\12L;").replace(
    " 1  6 ", ' 1  6 "A - B" "C - D" ').replace(" 2  7 ", ' 2  7 "E - F" "G - H" ').replace(
    " 3  8 ", ' 3  8 "Ed - Wendy" "Nora - Sam" ').replace(" 4  9 ", ' 4  9 "I - J" "K - L" ').replace(
    " 5 10 ", ' 5 10 "M - N" "O - P" ')
"""The board's own table, Nora - Sam North-South with their +100, written in row 3 with the sides swapped
(an arrow switch): the row's ^100 is Nora - Sam's, its ^-420 Ed - Wendy's."""


def test_an_arrow_switched_row_gives_each_pair_its_own_score() -> None:
    frame = bt.to_dataframe([_board(ARROW)])
    (own,) = frame[frame.player_n == "Nora"].itertuples()
    # North-South's +100 beats -420, -140 and -450 (6 of 8); East-West's -420, the lowest of -420, -150,
    # 420, 140 and 450, none (ranked on Score_NS's +100 negated, as before, they would have 2).
    assert (own.file_score_ns, own.file_score_ew, own.mp_ns, own.mp_ew) == (100, -420, 6.0, 0.0)


def test_an_east_west_score_alone_is_north_souths_negated() -> None:
    # A JSON result giving East-West's score alone: a written ScoreTable kept it nowhere.
    result = TableResult(score_ew=100)
    assert (result.score_ns, result.score_ew, result.east_west_score) == (-100, None, 100)
