"""A director's assigned score beside the contract played (Law 12C: ``4S W 10 ^200 ^-200``) is the ruling:
the result is ranked on the assigned score as given, in both directions, not on the contract's (Law 77); a
score without ``^`` that disagrees with its contract stays a scoring slip, ranked on the contract's score.

The board: a four-table Mitchell, North-South's scores 150, ^200 (4S by West making, -420 played), -140,
-450. By hand, 2 matchpoints a score beaten (top 6): North-South pairs 1 to 4 have 4, 6, 2, 0 and East-West
pairs 6 to 9 2, 0, 4, 6. Ranked on -420, pair 2 would have 2 (pair 1 6, pair 3 4) and pair 7 4.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.analysis.export import travellers_figures
from bridgetools.analysis.field import east_west_matchpoints
from bridgetools.board import Board
from bridgetools.cli import cli
from bridgetools.formats import loads

MITCHELL = """[Event "T"]
[Date "2026.12.07"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:Q5.KJT653.A83.75 K98.4.T976.AT964 T732.AQ97.4.J832 AJ64.82.KQJ52.KQ"]
[Scoring "MP"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"]
 1  6 2NT  N  9    150   -150
 2  7 4S   W 10   ^200   ^-200
 3  8 3S   W  9     -     140
 4  9 4S   W 11      -    450
"""
NORTH_SOUTH_MP = [4.0, 6.0, 2.0, 0.0]
EAST_WEST_MP = [2.0, 0.0, 4.0, 6.0]

UNBALANCED = MITCHELL.replace("^200   ^-200", "^-300   ^100")
"""Row 2 assigned ^-300 to North-South and ^100 to East-West (Law 12C1): North-South's -300 beats -450
alone (2), East-West's +100 beats -150 alone (2)."""

SLIP = MITCHELL.replace("^200   ^-200", " 200    -200")
"""Row 2 with the same score and no ``^``: a slip, ranked on the contract's -420 (pair 2: 2 of 6)."""


def _board(text: str) -> Board:
    (board,) = loads(text, "pbn")
    return board


def _frame(text: str) -> pd.DataFrame:
    """The ScoreTable's rows (the board's own has no result), in the table's order."""
    frame = bt.to_dataframe([_board(text)])
    return frame[frame.ns_pair.notna()].sort_values("ns_pair", key=lambda pair: pair.astype(int))


def _east_west_mp(frame: pd.DataFrame) -> list[float]:
    return east_west_matchpoints(frame.mp_ns.to_numpy(dtype=float), frame.field_size.to_numpy(dtype=float),
                                 frame.adjusted_pct_ew.to_numpy(dtype=float, na_value=float("nan")),
                                 frame.mp_ew.to_numpy(dtype=float, na_value=float("nan"))).tolist()


def test_north_south_are_ranked_on_the_assigned_score_not_the_contracts() -> None:
    assert _frame(MITCHELL).mp_ns.tolist() == NORTH_SOUTH_MP


def test_east_west_are_ranked_on_the_assigned_score_not_the_contracts() -> None:
    assert _east_west_mp(_frame(MITCHELL)) == EAST_WEST_MP


def test_unbalanced_assigned_scores_beside_a_contract_rank_each_side_on_its_own() -> None:
    frame = _frame(UNBALANCED)
    assert frame.mp_ns.tolist() == [6.0, 2.0, 4.0, 0.0]
    assert _east_west_mp(frame) == [0.0, 2.0, 4.0, 6.0]


def test_unbalanced_assigned_scores_beside_a_contract_are_a_note_not_a_warning() -> None:
    (issue,) = [i for i in _board(UNBALANCED).issues if "does not balance" in i.message]
    assert issue.level == "info"
    assert "North-South on -300 and East-West on +100" in issue.message


def test_a_score_without_a_caret_that_disagrees_is_ranked_on_the_contract() -> None:
    assert _frame(SLIP).mp_ns.tolist() == [6.0, 2.0, 4.0, 0.0]


def test_a_traveller_figures_the_assigned_score() -> None:
    assert travellers_figures([_board(MITCHELL)], "mp_ns")[0] == list(zip(NORTH_SOUTH_MP, EAST_WEST_MP,
                                                                         strict=True))


def test_the_export_marks_the_assigned_score_and_ranks_on_it_read_back(tmp_path: Path) -> None:
    source, parquet = tmp_path / "t.pbn", tmp_path / "t.parquet"
    source.write_text(MITCHELL)
    runner = CliRunner()
    assert runner.invoke(cli, ["export", str(source), "-o", str(parquet)]).exit_code == 0
    table = pq.read_table(parquet, columns=["ns_pair", "score_ns", "file_score_ns", "score_assigned",
                                            "mp_ns"]).to_pylist()
    assert [tuple(row.values())[1:] for row in table if row["ns_pair"] == "2"] == [(-420, 200, True, 6.0)]
    ranked = runner.invoke(cli, ["analyze", str(parquet), "--by", "pair", "--format", "csv"])
    rows = [line.split(",") for line in ranked.output.splitlines()]
    head = rows[0]
    ranking = [dict(zip(head, row, strict=True)) for row in rows[1:]]
    assert [(row["pair"], float(row["mp"])) for row in ranking if row["direction"] == "NS"] == [
        ("2", 6.0), ("1", 4.0), ("3", 2.0), ("4", 0.0)]
    assert [(row["pair"], float(row["mp"])) for row in ranking if row["direction"] == "EW"] == [
        ("9", 6.0), ("8", 4.0), ("6", 2.0), ("7", 0.0)]


ADJUSTED_TRICKS = MITCHELL.replace("4S   W 10   ^200   ^-200", "4S   W ^9    200   -200")
"""Row 2's ``^`` on its Result alone (the tricks adjusted, 4S by West one down: +50 to North-South), its
score cells none: no assigned score, ranked on the tricks' +50 (pair 2: 4 of 6, pair 1 6), not on the
200 written beside them."""


def test_a_caret_on_the_result_alone_is_no_assigned_score() -> None:
    (_, result, *_) = _board(ADJUSTED_TRICKS).results or ()
    assert result.adjusted and result.tricks_adjusted and not result.assigned_score


def test_a_caret_on_the_result_alone_ranks_on_the_score_its_tricks_give() -> None:
    frame = _frame(ADJUSTED_TRICKS)
    assert frame.mp_ns.tolist() == [6.0, 4.0, 2.0, 0.0]
    assert frame.score_assigned.isna().all()


def test_a_caret_on_the_result_alone_is_written_back_on_the_result_and_ranks_so_read_back() -> None:
    from bridgetools.formats import dumps

    plain = replace(_board(ADJUSTED_TRICKS), tables={})  # the ScoreTable written from the results
    for fmt in ("pbn", "json"):
        text = dumps([plain], fmt)
        assert fmt == "json" or ("^9" in text and "^200" not in text)
        frame = bt.to_dataframe(list(loads(text, fmt)))
        ranked = frame[frame.ns_pair.notna()].sort_values("ns_pair", key=lambda pair: pair.astype(int))
        assert ranked.mp_ns.tolist() == [6.0, 4.0, 2.0, 0.0], fmt
