"""Field results: each result of a board against the others (matchpoints, cross-IMPs, Butler)."""

from __future__ import annotations

import io
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgetools as bt
from bridgetools.analysis.columns import UNKNOWN, BoardArrays
from bridgetools.analysis.export import traveller_matchpoints
from bridgetools.analysis.extract import board_arrays
from bridgetools.analysis.field import (
    CLOSED,
    MOST_TABLES,
    OPEN,
    FieldInputs,
    field_results,
    field_scores,
    multiplicities,
    room_codes,
)
from bridgetools.board import Board, Table
from bridgetools.formats._results_tables import read_recorded
from bridgetools.model import Contract, Deal, Seat, Vul
from bridgetools.rules import deal_shuffled
from bridgetools.scoring import average_cross_imps, butler, matchpoints, neuberg_matchpoints, percentages

VUGRAPH = Path(__file__).parent / "data" / "lin" / "bridge-bots__usbf_sf_14502.lin"
DEAL = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")


def result(contract: str, declarer: Seat, tricks: int, number: int = 1, deal: Deal = DEAL,
           **kwargs: object) -> Board:
    board = Board(number=number, deal=deal, contract=Contract.from_str(contract), declarer=declarer,
                  tricks=tricks, **kwargs)  # type: ignore[arg-type]
    read_recorded(board)  # a ScoreTable gives its results as the PBN reader reads them
    return board


def test_the_same_board_in_several_games_is_one_field() -> None:
    # Board 1, nobody vulnerable: 3NT= by South +400, 3NT+1 +430, 4S-1 by North -50.
    frame = bt.to_dataframe([result("3NT", Seat.S, 9), result("3NT", Seat.S, 10), result("4S", Seat.N, 9)])
    assert frame["score_ns"].tolist() == [400, 430, -50]
    assert frame["field_size"].tolist() == [3, 3, 3]
    # 2 per score beaten, 1 per tie: +400 beats -50 (2), +430 beats both (4), -50 beats none (0); top 4.
    assert frame["mp_ns"].tolist() == [2.0, 4.0, 0.0]
    assert frame["pct_ns"].tolist() == [50.0, 100.0, 0.0]


def test_cross_imps_are_averaged_over_the_comparisons() -> None:
    frame = bt.to_dataframe([result("3NT", Seat.S, 9), result("3NT", Seat.S, 10), result("4S", Seat.N, 9)])
    # +400: -30 is 1 IMP down, +450 is 10 up -> 9 / 2; +430: 30 -> 1, 480 -> 10 -> 11 / 2;
    # -50: -450 -> -10, -480 -> -10 -> -20 / 2 (Law 78B: 20-40 is 1 IMP, 430-490 is 10).
    assert frame["ximp_ns"].tolist() == [4.5, 5.5, -10.0]


def test_butler_drops_the_top_and_bottom_and_imps_against_the_datum() -> None:
    frame = bt.to_dataframe([result("3NT", Seat.S, 9), result("3NT", Seat.S, 10), result("4S", Seat.N, 9)])
    # Dropping +430 and -50 leaves +400: the datum. +430 is 30 over (1 IMP), -50 is 450 under (-10).
    assert frame["datum"].tolist() == [400, 400, 400]
    assert frame["butler_ns"].tolist() == [0, 1, -10]


def test_open_and_closed_rooms_of_a_team_match_are_compared() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 10, room="open"), result("4S", Seat.N, 9, room="closed")])
    # +420 against -50: 470 is 10 IMPs; with two results the datum is their mean, 185 -> 180 (half to even).
    assert frame["ximp_ns"].tolist() == [10.0, -10.0]
    assert frame["datum"].tolist() == [180, 180]
    assert frame["pct_ns"].tolist() == [100.0, 0.0]


def test_boards_with_different_deals_are_not_one_field() -> None:
    frame = bt.to_dataframe([result("3NT", Seat.S, 9), result("3NT", Seat.S, 9, deal=deal_shuffled(seed=1))])
    assert frame["field_size"].tolist() == [1, 1]
    assert frame["mp_ns"].isna().all()


def test_a_lone_result_has_no_field_figures() -> None:
    frame = bt.to_dataframe([result("3NT", Seat.S, 9)])
    assert frame["field_size"].tolist() == [1]
    assert frame[["mp_ns", "pct_ns", "ximp_ns", "butler_ns", "datum"]].isna().all().all()


SCORE_TABLE = Table(["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS", "Names_NS"], [
    ["1", "5", "4S", "N", "10", "420", "Ann;Bob"],
    ["2", "6", "4S", "N", "9", "-50", "Cy;Di"],
    ["3", "7", "3NT", "E", "9", "-400", "Ed;Flo"],
])


def test_a_score_table_is_the_field_of_its_board() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 10, tables={"ScoreTable": SCORE_TABLE})])
    # The board's own result (4S= by North) is the table's first row: it is one row, not two.
    assert frame["source"].tolist() == ["table", "score_table", "score_table"]
    assert frame["board_id"].tolist() == [0, 0, 0]
    assert [(r.contract, r.declarer, r.score_ns, r.file_score_ns) for r in frame.itertuples()] == [
        ("4S", "N", 420, 420), ("4S", "N", -50, -50), ("3NT", "E", -400, -400)]
    # +420 beats -50 and -400 (4), -50 beats -400 (2), -400 beats none (0); top 4.
    assert frame["field_size"].tolist() == [3, 3, 3]
    assert frame["mp_ns"].tolist() == [4.0, 2.0, 0.0]


def test_the_score_table_gives_the_files_score_of_the_own_result_when_no_score_tag_does() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 10, tables={"ScoreTable": SCORE_TABLE}),
                             result("4S", Seat.N, 10, number=2, tags={"Score": "NS 450"},
                                    tables={"ScoreTable": SCORE_TABLE})])
    own = frame[frame["source"] == "table"]
    assert own["file_score_ns"].tolist() == [420, 450]  # Score_NS of the first row; the Score tag wins


def test_an_own_result_missing_from_the_score_table_is_one_more_result() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 11, tables={"ScoreTable": SCORE_TABLE})])
    # 4S+1 by North is +450, not a row of the table: four results, +450 beating all three (top 6).
    assert frame["source"].tolist() == ["table", "score_table", "score_table", "score_table"]
    assert frame["field_size"].tolist() == [4, 4, 4, 4]
    assert frame["mp_ns"].tolist() == [6.0, 4.0, 2.0, 0.0]


def test_east_west_figures_are_the_complement_of_north_souths() -> None:
    frame = bt.to_dataframe([result("2H", Seat.E, 8), result("2H", Seat.E, 9), result("2H", Seat.E, 7)])
    # EW +110, +140, -50: as North-South -110, -140, +50.
    assert frame["score_ns"].tolist() == [-110, -140, 50]
    assert frame["pct_ns"].tolist() == [50.0, 0.0, 100.0]


def test_open_and_closed_rooms_give_the_boards_team_match_imps() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 10, room="open"), result("4S", Seat.N, 9, room="closed")])
    # Board 1, nobody vulnerable: +420 in the open room, -50 in the closed room. The team sitting
    # North-South in the open room (East-West in the closed room) gains 470: 10 IMPs (430-490).
    assert frame["team_imps"].tolist() == [10, 10]


def test_team_imps_are_from_the_open_rooms_side_whatever_the_order() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 9, room="closed"), result("4S", Seat.N, 10, room="open")])
    assert frame["team_imps"].tolist() == [10, 10]  # 420 - (-50), as above


def test_a_field_of_more_than_the_two_rooms_has_no_team_imps() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 10, room="open"), result("4S", Seat.N, 9, room="closed"),
                             result("4S", Seat.N, 10, room="open")])
    assert frame["field_size"].tolist() == [3, 3, 3]
    assert frame["team_imps"].isna().all()


def test_a_result_of_no_room_is_no_field_with_a_team_match_s_rooms() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 10, room="open"), result("4S", Seat.N, 9, room="closed"),
                             result("4S", Seat.N, 10)])
    assert frame["field_size"].tolist() == [2, 2, 1]
    assert frame["team_imps"].tolist()[:2] == [10, 10]


def test_two_results_from_the_same_room_have_no_team_imps() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 10, room="open"), result("4S", Seat.N, 9, room="open")])
    assert frame["ximp_ns"].tolist() == [10.0, -10.0]
    assert frame["team_imps"].isna().all()


def test_rooms_of_different_boards_are_not_a_match() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 10, room="open"),
                             result("4S", Seat.N, 9, number=2, room="closed")])
    assert frame["team_imps"].isna().all()


def test_the_usbf_vugraph_file_scores_board_48_as_the_match_did() -> None:
    boards = [b for b in bt.read(VUGRAPH) if b.number == 48]
    frame = bt.to_dataframe(boards)
    # Board 48 (nobody vulnerable): open room 4D by North making 10 (+130), closed room 3NT by North
    # making 9 (+400). The open room's North-South team is 270 down: -7 IMPs (270-310).
    assert [(r.room, r.contract, r.score_ns) for r in frame.itertuples()] == [("open", "4D", 130),
                                                                              ("closed", "3NT", 400)]
    assert frame["team_imps"].tolist() == [-7, -7]


OTHER_DEAL = deal_shuffled(seed=7)
RESULTS = st.tuples(st.integers(1, 3), st.sampled_from([DEAL, OTHER_DEAL]),
                    st.sampled_from(["1NT", "3NT", "4S", "4SX", "6H", "2CXX", "Pass"]),
                    st.sampled_from(list(Seat)), st.integers(0, 13))


@settings(max_examples=60, deadline=None)
@given(st.lists(RESULTS, min_size=1, max_size=25))
def test_a_sessions_fields_score_as_the_scoring_module_scores_each_board(
        results: list[tuple[int, Deal, str, Seat, int]]) -> None:
    boards = [result(contract, declarer, tricks, number=number, deal=deal)
              for number, deal, contract, declarer, tricks in results]
    frame = bt.to_dataframe(boards)
    for rows in frame.groupby(["board", "deal"]).groups.values():
        field = frame.loc[rows]
        scores = field["score_ns"].tolist()
        assert field["field_size"].tolist() == [len(scores)] * len(scores)
        if len(scores) < 2:
            assert field["mp_ns"].isna().all() and field["datum"].isna().all()
            continue
        assert field["mp_ns"].tolist() == matchpoints(scores)
        assert field["pct_ns"].tolist() == percentages(scores)
        assert field["ximp_ns"].tolist() == average_cross_imps(scores)
        board_datum, imps = butler(scores, discard=1 if len(scores) >= 3 else 0)
        assert field["datum"].tolist() == [board_datum] * len(scores)
        assert field["butler_ns"].tolist() == imps


def test_a_result_without_its_deal_joins_the_one_deal_of_its_board_number() -> None:
    # A vugraph closed room that does not repeat the deal: board 1 is still open +420 against closed -50.
    frame = bt.to_dataframe([result("4S", Seat.N, 10, room="open"),
                             result("4S", Seat.N, 9, room="closed", deal=None)])
    assert frame["field_size"].tolist() == [2, 2]
    assert frame["team_imps"].tolist() == [10, 10]  # 470: 10 IMPs


def test_a_result_without_its_deal_stays_apart_when_its_number_has_two_deals() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 10), result("4S", Seat.N, 9, deal=deal_shuffled(seed=1)),
                             result("4S", Seat.N, 8, deal=None)])
    assert frame["field_size"].tolist() == [1, 1, 1]


def test_results_without_deals_are_fields_by_board_number() -> None:
    frame = bt.to_dataframe([result("4S", Seat.N, 10, deal=None), result("4S", Seat.N, 9, deal=None),
                             result("4S", Seat.N, 9, number=2, deal=None)])
    assert frame["field_size"].tolist() == [2, 2, 1]


def unnumbered(contract: str, tricks: int, **kwargs: object) -> Board:
    """A result of a board the file neither numbers nor deals (nobody vulnerable), declared by North."""
    return result(contract, Seat.N, tricks, number=None, deal=None, vulnerability=Vul.NONE, **kwargs)


def test_results_without_a_number_or_a_deal_are_not_compared_with_each_other() -> None:
    frame = bt.to_dataframe([unnumbered("4S", 10), unnumbered("1NT", 7)])
    assert frame["score_ns"].tolist() == [420, 90]
    assert frame["field_size"].tolist() == [1, 1]
    assert frame["mp_ns"].isna().all()


def test_a_board_without_a_number_or_a_deal_is_still_compared_with_its_score_table() -> None:
    frame = bt.to_dataframe([unnumbered("4S", 10, tables={"ScoreTable": SCORE_TABLE}), unnumbered("1NT", 7)])
    # 4S= (+420, also the table's first row), 4S-1 (-50) and 3NT= by East (-400) are one field; the 1NT
    # board is another board, alone.
    assert frame["field_size"].tolist() == [3, 3, 3, 1]
    assert frame["mp_ns"].tolist()[:3] == [4.0, 2.0, 0.0]


def test_a_large_field_and_small_ones_in_one_session_each_score_as_alone() -> None:
    """A session of a large field (more than sixteen results, a big pairs game) and small ones (team
    matches) scores each field as the scoring module scores it alone."""
    other = deal_shuffled(seed=5)
    large = [result(f"{level}S", Seat.N, tricks) for level in (2, 3, 4, 5) for tricks in (7, 8, 9, 10, 11)]
    small = [result("3NT", Seat.S, 9, number=2, deal=other), result("3NT", Seat.S, 8, number=2, deal=other),
             result("1H", Seat.E, 9, number=3, deal=other), result("2H", Seat.E, 7, number=3, deal=other)]
    frame = bt.to_dataframe(small[:2] + large + small[2:])
    for number in (1, 2, 3):
        field = frame[frame["board"] == number]
        scores = field["score_ns"].tolist()
        assert field["mp_ns"].tolist() == matchpoints(scores)
        assert field["ximp_ns"].tolist() == average_cross_imps(scores)
        assert field["butler_ns"].tolist() == butler(scores, discard=1 if len(scores) >= 3 else 0)[1]


def test_a_directors_adjusted_score_with_no_contract_is_ranked_in_the_field() -> None:
    # The traveller's third row is the director's -300 (no contract): 450 beats both others (4 of a top
    # of 4), 420 beats the -300 (2), and the -300 beats none, as the file's own MP_NS column says.
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "adjusted_score_traveller.pbn"
    frame = bt.to_dataframe(list(bt.read(traveller)))
    played = frame[frame["file_score_ns"].notna()]
    assert played["file_score_ns"].tolist() == [450, 420, -300]
    assert played["score_ns"].isna().tolist() == [False, False, True]
    assert played["field_size"].tolist() == [3, 3, 3]
    assert played["mp_ns"].tolist() == [4.0, 2.0, 0.0]


def _listed(column: Any, digits: int = 4) -> list[Any]:
    """A frame's column as a list: None for a missing value, numbers to ``digits`` places."""
    import pandas as pd

    return [None if pd.isna(value) else round(float(value), digits) for value in column]


def test_an_artificial_adjusted_score_earns_its_percentage_of_the_top() -> None:
    # Rows 3 and 4 are average-plus and average (^60%, ^50%, Law 12C2): five tables in play, top 8. The
    # tables given 60% and 50% earn 4.8 and 4; the three played are matchpointed among themselves and
    # scaled to five tables (Neuberg): 450 beat two, (4 + 1) x 5 / 3 - 1; cross-IMPs leave the two out.
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "artificial_adjusted_traveller.pbn"
    boards = list(bt.read(traveller))
    frame = bt.to_dataframe(boards)
    assert [issue.message for issue in boards[0].issues] == []
    assert _listed(frame["file_score_ns"]) == [420, 450, None, None, 400]
    assert _listed(frame["adjusted_pct_ns"]) == [None, None, 60, 50, None]
    assert _listed(frame["adjusted_pct_ew"]) == [None, None, 40, 50, None]
    assert frame["field_size"].tolist() == [5] * 5
    played = neuberg_matchpoints([420, 450, 400], 5)
    won = [played[0], played[1], 4.8, 4, played[2]]
    assert _listed(frame["mp_ns"]) == [round(mp, 4) for mp in won]
    assert _listed(frame["pct_ns"]) == [round(100 * mp / 8, 4) for mp in won]
    cross = [round(x, 4) for x in average_cross_imps([420, 450, 400])]
    assert _listed(frame["ximp_ns"]) == [cross[0], cross[1], None, None, cross[2]]
    datum = butler([420, 450, 400], discard=1)[0]
    assert _listed(frame["datum"]) == [datum, datum, None, None, datum]


def test_a_score_cell_neither_points_nor_a_percentage_leaves_its_table_out_of_the_field_with_a_warning(
        tmp_path: Path) -> None:
    # Row 3 ("A+" "six" "four") is kept, with no score: exported, but in no field, and each cell said.
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "artificial_adjusted_traveller.pbn"
    garbled = tmp_path / "garbled.pbn"
    garbled.write_text(traveller.read_text(encoding="utf-8").replace('"^60%" "^40%"', '"six" "four"'),
                       encoding="utf-8")
    boards = list(bt.read(garbled))
    frame = bt.to_dataframe(boards)
    assert _listed(frame["adjusted_pct_ns"]) == [None, None, None, 50, None]
    assert _listed(frame["field_size"]) == [4, 4, None, 4, 4]
    assert len([i for i in boards[0].issues if "nor a percentage" in i.message]) == 2


def _adjusted_traveller_with(tmp_path: Path, cells: str) -> list[Board]:
    """The artificial adjusted traveller's boards, its row's ``"^60%" "^40%"`` written as ``cells``."""
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "artificial_adjusted_traveller.pbn"
    changed = tmp_path / "changed.pbn"
    text = traveller.read_text(encoding="utf-8")
    changed.write_text(text.replace('"^60%" "^40%"', cells), encoding="utf-8")
    return list(bt.read(changed))


def test_an_unquoted_adjusted_percentage_is_read_as_the_percentage_and_said_unquoted(tmp_path: Path) -> None:
    # ``^60% ^40%`` unquoted: PBN's sections hold no '%', and the stray one blanked left ^60 ranked as 60
    # points for North-South; the table gives the percentages a director meant, with a problem each.
    boards = _adjusted_traveller_with(tmp_path, "^60% ^40%")
    frame = bt.to_dataframe(boards)
    assert _listed(frame["file_score_ns"]) == [420, 450, None, None, 400]
    assert _listed(frame["adjusted_pct_ns"]) == [None, None, 60, 50, None]
    assert [issue.message for issue in boards[0].issues] == [
        f"table cell ^{pct}% is not quoted (PBN quotes a cell holding '%'): read as the percentage it gives"
        for pct in (60, 40)]


def test_a_score_cell_with_a_stray_character_is_no_score(tmp_path: Path) -> None:
    # ``450}``: the stray brace blanked left 450 ranked; the cell is read whole, so no score in points
    boards = _adjusted_traveller_with(tmp_path, "60} -")
    frame = bt.to_dataframe(boards)
    assert _listed(frame["adjusted_pct_ns"]) == [None, None, None, 50, None]
    assert 60 not in _listed(frame["file_score_ns"])
    messages = [issue.message for issue in boards[0].issues]
    assert messages[0].startswith("unexpected character '}' in table cell '60}'")
    assert any("'60}' is no score in points nor a percentage" in m for m in messages)


def test_a_score_table_row_counts_as_many_tables_as_its_multiplicity() -> None:
    # Six tables in three rows (Multiplicity 1, 3, 2; the board's own 4S= is the row of 3): 450 beats the
    # other five (10 of a top of 10), 420 beats the two 400s and ties two 420s (6), 400 ties one (1).
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "multiplicity_traveller.pbn"
    frame = bt.to_dataframe(list(bt.read(traveller)))
    assert frame["file_score_ns"].tolist() == [420, 450, 400]
    assert frame["field_size"].tolist() == [6, 6, 6]
    assert frame["mp_ns"].tolist() == [6.0, 10.0, 1.0]
    assert frame["pct_ns"].tolist() == [60.0, 100.0, 10.0]
    scores = [420, 420, 420, 450, 400, 400]
    cross = average_cross_imps(scores)
    assert frame["ximp_ns"].tolist() == [cross[0], cross[3], cross[4]]
    datum, imps = butler(scores, discard=1)
    assert frame["datum"].tolist() == [datum] * 3
    assert frame["butler_ns"].tolist() == [imps[0], imps[3], imps[4]]


def test_a_mistyped_multiplicity_counts_at_most_a_thousand_tables(tmp_path: Path) -> None:
    # a Multiplicity of 99999999999 (a slip of the keyboard) must not make the counting take all memory
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "multiplicity_traveller.pbn"
    text = traveller.read_text(encoding="utf-8")
    mistyped = tmp_path / "mistyped.pbn"
    mistyped.write_text(text.replace("420  3", "420  99999999999", 1), encoding="utf-8")
    boards = list(bt.read(mistyped))
    frame = bt.to_dataframe(boards)
    assert frame["field_size"].tolist() == [1_003] * 3


def test_a_field_of_more_than_32767_tables_is_counted_whole(tmp_path: Path) -> None:
    # field_size was a 16-bit column: 34 rows of 1,000 tables each (BBO's biggest daylong fields) read -31,536
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "multiplicity_traveller.pbn"
    head = traveller.read_text(encoding="utf-8").split("4S   N 11")[0]
    rows = "4S   N 10   420  1000\n" + "4S   N 11   450  1000\n" * 33
    big = tmp_path / "daylong.pbn"
    big.write_text(head + rows, encoding="utf-8")
    frame = bt.to_dataframe(list(bt.read(big)))
    assert set(frame["field_size"].tolist()) == {34_000}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.sampled_from([-1100, -100, 0, 110, 140, 420, 450, 620, 1430]),
                          st.integers(1, 30), st.sampled_from([None, None, None, 40.0, 60.0])),
                min_size=1, max_size=40))
def test_field_figures_of_weighted_rows_equal_those_of_the_rows_written_out_one_per_table(
        rows: list[tuple[int, int, int, float | None]]) -> None:
    """Matchpoints, percentages, cross-IMPs, Butler and field sizes of ScoreTable rows with a
    Multiplicity are those of the same rows repeated, one per table (the count never writes them out)."""
    n = len(rows)
    board = np.array([b for b, _, _, _ in rows], dtype=np.int32)
    pct = np.array([p if p is not None else 0.0 for _, _, _, p in rows])
    adjusted = np.array([p is not None for _, _, _, p in rows])
    weighted = FieldInputs(masks=np.repeat(board.astype(np.uint64)[:, None], 4, axis=1),
                           known=np.ones((n, 4), dtype=np.bool_), board=board,
                           ids=np.arange(n, dtype=np.int64),
                           scores=(scores := np.array([s for _, s, _, _ in rows], dtype=np.int32)),
                           valid=~adjusted, ew_scores=-scores, adjusted_pct=pct, adjusted=adjusted,
                           tables=np.array([k for _, _, k, _ in rows], dtype=np.int64),
                           rooms=np.zeros(n, dtype=np.int8), sections=np.zeros(n, dtype=np.uint64),
                           matches=np.zeros(n, dtype=np.uint64), imps=np.ones(n, dtype=np.bool_),
                           events=np.zeros(n, dtype=np.uint64), files=np.zeros(n, dtype=np.uint64),
                           dates=np.zeros(n, dtype=np.uint64), pairs=np.zeros((n, 2), dtype=np.uint64),
                           players=np.zeros((n, 4), dtype=np.uint64))
    tables = weighted.tables
    names = ("section_names", "match_names", "names")
    written_out = FieldInputs(*(np.repeat(getattr(weighted, f.name), tables, axis=0)
                                for f in fields(FieldInputs) if f.name not in names))
    written_out = replace(written_out, tables=np.ones(int(tables.sum()), dtype=np.int64))
    first = np.cumsum(tables) - tables  # each row's first table among those written out
    mine, theirs = field_results(weighted), field_results(written_out)
    for name in ("field_size", "mp_ns", "pct_ns", "ximp_ns", "butler_ns", "datum"):
        assert mine[name].to_pylist() == theirs[name].take(pa.array(first)).to_pylist(), name


def _rows_of(n: int) -> BoardArrays:
    """``n`` results of one deal, all played (3NT by South making 9), for columns to be put beside."""
    return board_arrays([result("3NT", Seat.S, 9) for _ in range(n)])


def _old_multiplicities(given: list[int | None]) -> list[int]:
    """What the per-row loop gave (before it became column arithmetic): the reference."""
    return [1 if m is None or m < 1 else min(m, MOST_TABLES) for m in given]


def _forms(values: list[Any], type_: pa.DataType) -> list[Any]:
    """A column as the export holds it: a list, an Arrow array, a chunked one, and (strings) dictionary."""
    array = pa.array(values, type_)
    forms = [values, array, pa.chunked_array([array[:1], array[1:]], type_)]
    return [*forms, array.dictionary_encode()] if type_ == pa.string() else forms


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(-5, 2_000), st.just(99_999_999_999)), min_size=1,
                max_size=12),
       st.lists(st.one_of(st.none(), st.integers(-7_600, 7_600)), min_size=1, max_size=12),
       st.lists(st.sampled_from([None, "open", "closed", "Open", "other"]), min_size=1, max_size=12))
def test_multiplicities_scores_and_rooms_are_those_of_the_per_row_loop(
        tables: list[int | None], scores: list[int | None], rooms: list[str | None]) -> None:
    """The columns are worked out column at a time (no Python loop over rows): the same values as the
    loop gave, for a column as a list, an Arrow array, a chunked or a dictionary one."""
    n = min(len(tables), len(scores), len(rooms))
    arrays = _rows_of(n)
    for form in _forms(tables[:n], pa.int64()):
        got = multiplicities(replace(arrays, columns={**arrays.columns, "multiplicity": form}))
        assert got.tolist() == _old_multiplicities(tables[:n])
    huge = ([10**30, -10**30, None] * n)[:n]
    got = multiplicities(replace(arrays, columns={**arrays.columns, "multiplicity": huge}))
    assert got.tolist() == _old_multiplicities(huge)
    own, valid = arrays.ns_scores()
    unscored = replace(arrays, level=np.full(n, UNKNOWN, dtype=np.int8))  # the file's score alone ranks
    for form in _forms(scores[:n], pa.int32()):
        given = replace(arrays, columns={**arrays.columns, "file_score_ns": form})
        got_scores, got_valid = field_scores(given)
        assert got_scores.tolist() == own.tolist() and got_valid.tolist() == valid.tolist()
        got_scores, got_valid = field_scores(replace(unscored, columns={**unscored.columns,
                                                                         "file_score_ns": form}))
        assert got_valid.tolist() == [s is not None for s in scores[:n]]
        assert got_scores.dtype == np.int32
        assert [s for s, ok in zip(got_scores.tolist(), got_valid, strict=True) if ok] == \
            [s for s in scores[:n] if s is not None]
    named: dict[str | None, int] = {"open": OPEN, "closed": CLOSED}
    for form in _forms(rooms[:n], pa.string()):
        codes = room_codes(replace(arrays, columns={**arrays.columns, "room": form}))
        assert codes.dtype == np.int8
        assert codes.tolist() == [named.get(r, 0) for r in rooms[:n]]


def test_a_multiplicity_in_other_digits_counts_one_table(tmp_path: Path) -> None:
    # '²' passes str.isdigit but not int(): the file was refused with a ValueError (an unexpected error)
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "multiplicity_traveller.pbn"
    text = traveller.read_text(encoding="utf-8")
    mistyped = tmp_path / "superscript.pbn"
    mistyped.write_text(text.replace("420  3", "420  \u00b2", 1), encoding="utf-8")
    frame = bt.to_dataframe(list(bt.read(mistyped)))
    assert frame["multiplicity"].tolist() == [1, 1, 2]


def test_a_score_table_rows_opening_lead_is_exported() -> None:
    # Each traveller row gives its table's lead (the Lead column Bridgemate and ScoreBridge fill); the
    # board's own result, played without a Play section, takes the lead of the row repeating it.
    text = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.QJT9 8765.T987.A76.AK 43.654.5432.8765"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]
[ScoreTable "Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R"]
4S  N 10 D3 420
3NT S  9 H6 400
4S  N 11 -  450
"""
    frame = bt.to_dataframe(list(bt.read(io.StringIO(text), "pbn")))
    assert frame["lead"].tolist()[:2] == ["D3", "H6"]
    assert frame["lead"].isna().tolist() == [False, False, True]


def test_a_percentage_run_into_another_character_is_not_quoted_as_a_cell(tmp_path: Path) -> None:
    # ``60%\``: the run ``60%`` ends at a backslash, not a cell's end; quoted, it was read as the
    # percentage 60 beside a cell '\' no one wrote. Its '%' is blanked, as before quoting.
    boards = _adjusted_traveller_with(tmp_path, "60%\\ ^40%")
    messages = [issue.message for issue in boards[0].issues]
    assert messages[0].startswith("unexpected character '%'")
    assert not any("table cell 60% is not quoted" in m for m in messages)


def test_a_table_line_of_two_stray_characters_is_said_left_out(tmp_path: Path) -> None:
    # ``% %``: each '%' alone is blanked; the second on the line empties it, and row 3 went unsaid
    boards = _adjusted_traveller_with(tmp_path, "% %")
    messages = [issue.message for issue in boards[0].issues]
    assert messages[1].endswith("a second on this line of ScoreTable, the line is left out (its cells are "
                                "not read)")
    assert [row[0] for row in boards[0].tables["ScoreTable"].rows] == ["1", "2", "4", "5"]


def _columns_of(text: str, mark: str, row: str) -> list[tuple[int, int]]:
    """Where each ``mark`` stands on the line holding ``row`` of ``text``: its line and column in the file."""
    (number, line), = ((n, line) for n, line in enumerate(text.splitlines(), 1) if row in line)
    return [(number, column + 1) for column, ch in enumerate(line) if ch == mark]


def test_a_cell_after_an_unquoted_percentage_is_told_at_its_column_in_the_file(tmp_path: Path) -> None:
    # quoting ``^60%`` put two characters on its line: ``^40%`` after it was told 2 columns right of its '%'
    boards = _adjusted_traveller_with(tmp_path, "^60% ^40%")
    text = (tmp_path / "changed.pbn").read_text(encoding="utf-8")
    assert [(issue.line, issue.column) for issue in boards[0].issues] == _columns_of(text, "%", "^60% ^40%")


def test_a_table_of_many_unquoted_percentages_is_read_whole(tmp_path: Path) -> None:
    # each unquoted cell spent one of the game's 25 repairs: 30 of them lost the board
    rows = "".join(f"{n:2} {n:2} \"A\" - - ^{n + 20}% ^{80 - n}% 50 50\n" for n in range(6, 21))
    _adjusted_traveller_with(tmp_path, '"^60%" "^40%"')
    changed = tmp_path / "changed.pbn"
    changed.write_text(changed.read_text(encoding="utf-8") + rows, encoding="utf-8")
    (board,) = bt.read(changed)
    assert len([i for i in board.issues if "is not quoted" in i.message]) == 30
    assert _listed(bt.to_dataframe([board])["adjusted_pct_ns"])[-15:] == [n + 20 for n in range(6, 21)]


def test_a_tag_after_an_unquoted_percentage_on_its_line_is_told_at_its_value_in_the_file() -> None:
    # the tag's value was told 2 columns right, past the quotes put round ``^60%``
    row = ' 1 ^60% [Contract "9X"]'
    text = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.QJT9 8765.T987.A76.AK 43.654.5432.8765"]\n'
            f'[ScoreTable "PairId_NS\\2R;Percentage_NS\\3R"]\n{row}\n')
    (board,) = bt.read(io.StringIO(text), "pbn")
    told = [(issue.line, issue.column) for issue in board.issues if "Contract" in issue.message]
    assert told == [(6, row.index("9X") + 1)]


OWN_RESULT_TRAVELLER = Path(__file__).parent / "data" / "pbn" / "travellers" / "own_result_traveller.pbn"
"""Board 1 (3NT by N, 10 tricks) and a five-table ScoreTable whose row 1 is that result (a trial's file)."""


def _own_result_row(cell: str, score: str = "430") -> list[Board]:
    """The boards of `OWN_RESULT_TRAVELLER` with board 1's row 1 given Result ``cell`` and NS ``score``."""
    text = OWN_RESULT_TRAVELLER.read_text(encoding="utf-8")
    return list(bt.read(io.StringIO(text.replace(" 1 11 3NT   N 10    430", f" 1 11 3NT   N {cell} {score}")),
                        "pbn"))


@pytest.mark.parametrize("cell", ["10", "?", "-", '""', "+1"])
def test_a_traveller_row_with_no_tricks_is_the_boards_own_result_when_its_contract_and_score_agree(
        cell: str) -> None:
    # a row '3NT N ? 430' of a board whose tags say 3NT by N making 10 was counted as a sixth table (top 10)
    (board, _) = _own_result_row(cell)
    figures = traveller_matchpoints(board)
    assert len(figures) == 5 and figures[0] == (8.0, 0.0)  # five tables: a top of 8
    frame = bt.to_dataframe([board])
    assert len(frame) == 5


def test_a_traveller_row_with_no_tricks_is_the_boards_own_result_when_the_vulnerability_is_unknown() -> None:
    # with no Score tag and Vulnerable "?", the board's own score could not be worked out and the row
    # '3NT N ? 430' was counted as a sixth table, though 430 is 3NT making 10 at either vulnerability
    text = OWN_RESULT_TRAVELLER.read_text(encoding="utf-8").replace('[Vulnerable "None"]',
                                                                   '[Vulnerable "?"]', 1)
    (board, _) = bt.read(io.StringIO(text.replace(" 1 11 3NT   N 10    430", " 1 11 3NT   N ?     430")),
                         "pbn")
    assert board.vulnerability is None
    assert len(bt.to_dataframe([board])) == 5


def test_a_row_with_no_tricks_scored_at_a_vulnerability_the_other_rows_rule_out_is_a_table_of_its_own(
) -> None:
    # '3NT N ? 630' is 3NT making 10 vulnerable only; the table's own '3NT N 9 400' is North-South not
    # vulnerable, so 630 is no score of the board's 3NT making 10: it was taken for the board's own table
    text = OWN_RESULT_TRAVELLER.read_text(encoding="utf-8").replace('[Vulnerable "None"]',
                                                                   '[Vulnerable "?"]', 1)
    text = text.replace(" 1 11 3NT   N 10    430", " 1 11 3NT   N ?     630", 1)
    (board, _) = bt.read(io.StringIO(text.replace(" 2 12 1NT   N  7     90", " 2 12 3NT   N  9    400", 1)),
                         "pbn")
    assert board.vulnerability is None
    assert len(bt.to_dataframe([board])) == 6


def test_a_traveller_row_with_no_tricks_and_another_score_is_a_table_of_its_own() -> None:
    # 3NT by N down one (-50) is no repeat of the board's 3NT making 10 (430): six tables
    (board, _) = _own_result_row("?", "-50")
    assert len(traveller_matchpoints(board)) == 5 and len(bt.to_dataframe([board])) == 6


@pytest.mark.parametrize("score", ["-", "^60%", "^430"])
def test_a_traveller_row_with_no_tricks_and_no_score_in_points_is_a_table_of_its_own(score: str) -> None:
    # a row '3NT N ? -' or '3NT N ? ^60%' (another table's adjusted score) was folded into the board's 430
    (board, _) = _own_result_row("?", f"{score:>6}")
    assert len(bt.to_dataframe([board])) == 6


def test_a_traveller_row_with_an_artificial_adjusted_score_keeps_the_top_of_six_tables() -> None:
    # the board's 430 against 90, 300, 110, -140 and an adjusted 60%: a top of 10, 6 and 4 (was 8 and 0)
    (board, _) = _own_result_row("?", "  ^60%")
    assert traveller_matchpoints(board)[0] == (6.0, 4.0)


@pytest.mark.parametrize(("cell", "tricks"), [("=", 7), ("+1", 8), ("-2", 5)])
def test_a_relative_traveller_result_is_read_against_the_rows_contract(cell: str, tricks: int) -> None:
    text = OWN_RESULT_TRAVELLER.read_text(encoding="utf-8")
    (board, _) = bt.read(io.StringIO(text.replace(" 2 12 1NT   N  7", f" 2 12 1NT   N {cell:>2}")), "pbn")
    assert board.results is not None and board.results[1].tricks == tricks
    (said,) = [issue.message for issue in board.issues if "Result" in issue.message]
    assert said.endswith(f"; read against the row's contract 1NT: {tricks} tricks")


@pytest.mark.parametrize("cell", ["+0", "-0"])
def test_a_traveller_result_of_plus_or_minus_nought_is_no_tricks_as_score_refuses_it(cell: str) -> None:
    # '1NT N +0' was read as 7 tricks, though `bridgetools score 1NT +0` refuses it (made exactly is '=')
    text = OWN_RESULT_TRAVELLER.read_text(encoding="utf-8")
    (board, _) = bt.read(io.StringIO(text.replace(" 2 12 1NT   N  7", f" 2 12 1NT   N {cell}")), "pbn")
    assert board.results is not None and board.results[1].tricks is None
    (said,) = [issue.message for issue in board.issues if "Result" in issue.message]
    assert said.endswith("is not a number of tricks (0 to 13, ? or -)")
