"""Export to pandas and Parquet: the explicit schema, scores from the Laws, row groups, and the way back."""

from __future__ import annotations

import io
import itertools
import json
import warnings
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import bridgetools as bt
from bridgetools.analysis.export import ParquetExport, read_dataframe, read_parquet, read_table
from bridgetools.analysis.schema import BOARD_COLUMNS, CALL_COLUMNS, CONTRACTS, PLAY_COLUMNS
from bridgetools.board import Board, Table
from bridgetools.formats._results_tables import read_recorded
from bridgetools.model import Annotation, Contract, Deal, Seat, Vul
from bridgetools.rules import Auction, Play, deal_shuffled
from bridgetools.scoring import ns_score

DEAL = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")



def as_read(board: Board) -> Board:
    """``board`` with the values its PBN tags and tables spell, as the PBN reader gives them."""
    read_recorded(board)
    return board

def played_board() -> Board:
    """Board 1: North opens 1S, South raises to 4S, East doubles; 8 tricks after a claim."""
    auction = Auction(Seat.N, ["1S", "Pass", "4S", "Pass", "Pass", "X", "Pass", "Pass", "Pass"],
                      [None, None, Annotation(alert=True, explanation="to play"), None, None,
                       Annotation(note=1)])
    play = Play(DEAL, "4SX", Seat.N, ["HA", "H8", "H4", "H3"])
    play.claim(8)
    return as_read(Board(number=1, deal=DEAL, auction=auction, play=play, tricks=8,
                 players={Seat.N: "North player", Seat.E: "East player", Seat.S: "South", Seat.W: "West"},
                 event="Club pairs", site="Here", date="2025.03.12", scoring="MP",
                 notes={1: "penalty"}, commentary=["A good double."],
                 tables={"OptimumResultTable": Table(["Declarer", "Denomination\\2R", "Result\\2R"],
                                                     [["N", "NT", "9"], ["W", "C", "6"]])},
                 tags={"Score": "NS -500", "OptimumScore": "EW 110", "ParContract": "EW 2C"}))


def test_dataframe_has_every_documented_column_in_schema_order() -> None:
    frame = bt.to_dataframe([played_board()])
    assert list(frame.columns) == [c.name for c in BOARD_COLUMNS]


def test_seats_strains_and_vulnerability_are_ordered_categoricals() -> None:
    frame = bt.to_dataframe([played_board()])
    assert list(frame["declarer"].cat.categories) == ["N", "E", "S", "W"]
    assert list(frame["strain"].cat.categories) == ["C", "D", "H", "S", "NT"]
    assert list(frame["vulnerable"].cat.categories) == ["None", "NS", "EW", "All"]
    assert frame["strain"].cat.ordered


def test_one_row_describes_the_board_as_played() -> None:
    row = bt.to_dataframe([played_board()]).iloc[0]
    assert (row["board"], row["dealer"], row["vulnerable"]) == (1, "N", "None")
    assert row["deal"] == DEAL.to_pbn()
    assert row["hand_n"] == "AKQ2.KJ3.T98.432"
    # N AKQ2.KJ3: 4+3+2 + 3+1 = 13; E J.AQ.KQJ.AKQJ: 1 + 6 + 6 + 10 = 23; S none; W the diamond ace: 4
    assert (row["hcp_n"], row["hcp_e"], row["hcp_s"], row["hcp_w"]) == (13, 23, 0, 4)
    assert row["shape_e"] == "3-3-3-4"
    assert (row["contract"], row["level"], row["strain"], row["doubled"]) == ("4SX", 4, "S", 1)
    assert (row["declarer"], row["tricks"], row["result"], row["made"]) == ("N", 8, -2, False)
    assert (row["lead"], row["n_calls"], row["claimed"]) == ("HA", 9, 8)
    assert row["player_e"] == "East player"


def test_the_boards_table_has_a_row_a_board_played_or_not_and_one_per_other_score_table_result() -> None:
    # docs/analysis.md said "one row per result": a board dealt but not played is a row too.
    table = Table(["Contract", "Declarer", "Result", "Score_NS"],
                  [["4S", "N", "10", "420"], ["3NT", "S", "9", "400"], ["4S", "N", "9", "-50"]])
    with_traveller = as_read(Board(number=3, deal=DEAL, contract=Contract.from_str("4S"), declarer=Seat.N,
                                   tricks=10, tables={"ScoreTable": table}))
    frame = bt.to_dataframe([played_board(), Board(number=2, deal=DEAL), with_traveller])
    assert frame["board"].tolist() == [1, 2, 3, 3, 3]  # the row repeating board 3's own result is not
    assert frame["source"].tolist() == ["table", "table", "table", "score_table", "score_table"]
    assert frame["contract"].isna().tolist() == [False, True, False, False, False]


def test_score_ns_is_computed_not_copied_from_the_file() -> None:
    row = bt.to_dataframe([played_board()]).iloc[0]
    # 4SX two down, not vulnerable: 100 + 200 = 300 to the defenders. The file says -500.
    assert row["score_ns"] == -300
    assert row["file_score_ns"] == -500


def test_score_ns_agrees_with_the_scoring_rules_for_every_contract_and_result() -> None:
    results = itertools.product(CONTRACTS[1:], Seat, Vul, range(14))
    boards = [Board(number=i, vulnerability=vul, contract=Contract.from_str(name), declarer=seat,
                    tricks=tricks)
              for i, (name, seat, vul, tricks) in enumerate(results, start=1)]
    frame = bt.to_dataframe(boards)
    expected = [ns_score(b.contract, b.declarer, b.tricks, b.vulnerability) for b in boards]  # type: ignore[arg-type]
    assert frame["score_ns"].tolist() == expected


def test_a_passed_out_board_scores_zero_and_has_no_declarer() -> None:
    row = bt.to_dataframe([Board(number=2, contract=Contract.PASSED_OUT)]).iloc[0]
    assert (row["contract"], row["level"], row["score_ns"]) == ("Pass", 0, 0)
    assert pd_missing(row["declarer"]) and pd_missing(row["tricks"]) and pd_missing(row["made"])


def test_unknown_values_are_null_not_zero() -> None:
    row = bt.to_dataframe([Board()]).iloc[0]
    for name in ("board", "dealer", "deal", "hand_n", "hcp_n", "contract", "score_ns", "lead"):
        assert pd_missing(row[name]), name


def test_an_unknown_hand_is_a_dash_in_the_deal_and_null_in_its_columns() -> None:
    deal = DEAL.with_hand(Seat.W, None)
    row = bt.to_dataframe([Board(number=1, deal=deal)]).iloc[0]
    assert row["deal"].endswith(" -")
    assert pd_missing(row["hand_w"]) and pd_missing(row["hcp_w"]) and pd_missing(row["shape_w"])


def blank_categories(frame: pd.DataFrame) -> dict[str, list[str]]:
    """The categorical columns of ``frame`` with a blank category (``''``), and their categories."""
    return {name: list(column.cat.categories) for name, column in frame.items()
            if isinstance(column.dtype, pd.CategoricalDtype)
            and any(not str(value).strip() for value in column.cat.categories)}


def test_an_unknown_hand_adds_no_blank_category_to_any_column(tmp_path: Path) -> None:
    # Before: shape_w and shape_e had the category '' (counted 0 by value_counts) when a hand was unknown.
    partial = Board(number=1, deal=DEAL.with_hand(Seat.W, None).with_hand(Seat.E, None),
                    tags={"Room": "", "Event": ""}, vulnerability=None, dealer=None)
    boards = [partial, Board(number=2), played_board()]
    path = tmp_path / "boards.parquet"
    bt.to_parquet(boards, path)
    frames = {"to_dataframe": bt.to_dataframe(boards), "read_dataframe": read_dataframe(path),
              "pandas.read_parquet": pd.read_parquet(path)}
    for how, frame in frames.items():
        assert blank_categories(frame) == {}, how
        assert frame["shape_w"].isna().tolist() == [True, True, False], how
    alone = bt.to_dataframe([partial])
    assert list(alone["shape_w"].cat.categories) == []
    assert list(alone["shape_n"].cat.categories) == ["4-3-3-3"]


def test_double_dummy_tricks_read_in_the_tags_order_north_south_east_west() -> None:
    board = as_read(Board(number=1, tags={"DoubleDummyTricks": "77667775576677566775"}))
    row = bt.to_dataframe([board]).iloc[0]
    # Five digits per declarer (N, S, E, W), each in the strain order NT, S, H, D, C: 77667 77557 66775 66775.
    assert [row[f"dd_n_{s}"] for s in ("nt", "s", "h", "d", "c")] == [7, 7, 6, 6, 7]
    assert [row[f"dd_s_{s}"] for s in ("nt", "s", "h", "d", "c")] == [7, 7, 5, 5, 7]
    assert [row[f"dd_e_{s}"] for s in ("nt", "s", "h", "d", "c")] == [6, 6, 7, 7, 5]
    assert [row[f"dd_w_{s}"] for s in ("nt", "s", "h", "d", "c")] == [6, 6, 7, 7, 5]


def test_hex_digits_above_nine_are_ten_to_thirteen() -> None:
    row = bt.to_dataframe([as_read(Board(number=1, tags={"DoubleDummyTricks": "abcd0" * 4}))]).iloc[0]
    assert [row[f"dd_n_{s}"] for s in ("nt", "s", "h", "d", "c")] == [10, 11, 12, 13, 0]


def test_optimum_result_table_fills_double_dummy_tricks_when_the_tag_is_missing() -> None:
    row = bt.to_dataframe([played_board()]).iloc[0]
    assert (row["dd_n_nt"], row["dd_w_c"]) == (9, 6)
    assert pd_missing(row["dd_s_h"])


def test_par_comes_from_optimum_score_for_north_south() -> None:
    row = bt.to_dataframe([played_board()]).iloc[0]
    assert (row["par_ns"], row["par_contract"]) == (-110, "EW 2C")


@pytest.mark.parametrize(("tags", "par_contract"), [
    ({"OptimumScore": "0", "ParContract": "Pass"}, "Pass"), ({"OptimumScore": "0"}, "Pass"),
    ({"OptimumScore": "NS 420"}, None)])
def test_a_par_the_file_gives_as_passed_out_is_pass_and_contracts_not_given_are_null(
        tags: dict[str, str], par_contract: str | None) -> None:
    row = bt.to_dataframe([as_read(Board(number=1, tags=tags))]).iloc[0]
    assert row["par_contract"] == par_contract if par_contract else pd_missing(row["par_contract"])


@pytest.mark.parametrize(("text", "declarer", "ns"), [
    ("NS 420", Seat.E, 420), ("EW 420", Seat.E, -420), ("NS +550", None, 550), ("-50", Seat.W, 50),
    ("620", Seat.S, 620), ("NS -100 EW 100", Seat.N, -100), ("?", Seat.N, None),
    ("^60%", Seat.N, None), ("40 %", None, None), ("NS 6.5", None, None), ("40/60", None, None),
    ("60A", None, None), ("NS 420;", None, 420), ("6,5", None, None),
])
def test_the_files_score_is_read_from_north_south_or_the_declarers_side(
        text: str, declarer: Seat | None, ns: int | None) -> None:
    from bridgetools.analysis.extract import side_score

    assert side_score(text, declarer) == ns


@pytest.mark.parametrize(("ns", "ew", "percentages"), [
    ("^60%", "^40%", (60.0, 40.0)), ("^60%", "", (60.0, 40.0)), ("", "^40%", (60.0, 40.0)),
    ("40/60", "", (40.0, 60.0)), ("", "40/60", (60.0, 40.0)), ("60A", "60A", (60.0, 60.0)),
    ("^50 %", "^50 %", (50.0, 50.0)), ("420", "", (None, None)), ("^150%", "", (None, None)),
])
def test_an_artificial_adjusted_score_is_read_as_each_sides_percentage(
        ns: str, ew: str, percentages: tuple[float | None, float | None]) -> None:
    from bridgetools.formats._results_tables import table_result

    row = table_result({"Contract": "A+", "Score_NS": ns, "Score_EW": ew})
    read = (None, None) if row is None else (row.adjusted_pct_ns, row.adjusted_pct_ew)
    assert read == percentages


def test_an_artificial_adjusted_score_is_written_back_as_read(tmp_path: Path) -> None:
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "artificial_adjusted_traveller.pbn"
    board = next(iter(bt.read(traveller)))
    board.results = board.results[1:]  # changed: the ScoreTable is written from the results
    for name in ("again.pbn", "again.json"):
        bt.write([board], tmp_path / name)
        again = next(iter(bt.read(tmp_path / name)))
        assert again.results == board.results
        assert [(r.adjusted_pct_ns, r.adjusted_pct_ew) for r in again.results][1:3] == [(60, 40), (50, 50)]


def test_a_rebuilt_score_table_keeps_every_digit_of_a_percentage_and_the_contract_labels(
        tmp_path: Path) -> None:
    import dataclasses

    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "artificial_adjusted_traveller.pbn"
    board = next(iter(bt.read(traveller)))
    _, second, adjusted, *rest = board.results
    board.results = (second, dataclasses.replace(adjusted, adjusted_pct_ns=400 / 7, adjusted_pct_ew=300 / 7),
                     *rest)  # changed: the ScoreTable is written from the results
    bt.write([board], tmp_path / "again.pbn")
    text = (tmp_path / "again.pbn").read_text(encoding="utf-8")
    assert f"^{400 / 7!r}%" in text and " A+ " in text and " A " in text
    again = next(iter(bt.read(tmp_path / "again.pbn")))
    assert again.results == board.results
    assert [r.contract_label for r in again.results] == [None, "A+", "A", None]


@pytest.mark.parametrize(("cell", "players"), [
    ("Smith;Jones", ("Smith", "Jones")), ("Smith - Jones", ("Smith", "Jones")),
    ("Smith & Jones", ("Smith", "Jones")), ("Smith/Jones", ("Smith", "Jones")),
    ("Smith \u2013 Jones", ("Smith", "Jones")), ("Smith-Jones", ("Smith-Jones",)),
    ("Villas-Boas - Kim", ("Villas-Boas", "Kim")), ("Smith-Jones;Lee", ("Smith-Jones", "Lee")),
    ("The Aces", ("The Aces",)), ("A - B - C", ("A - B - C",)), ("", ()),
    ("Mr. & Mrs. Smith", ("Mr. & Mrs. Smith",)), ("Team - North", ("Team - North",)),
    ("Dr & Mrs Jones", ("Dr & Mrs Jones",)), ("J. Smith & K. Jones", ("J. Smith", "K. Jones")),
])
def test_a_partnership_name_of_two_players_gives_both_players(cell: str, players: tuple[str, ...]) -> None:
    from bridgetools.formats._results_tables import pair_names

    assert pair_names(cell) == players


def test_a_score_table_pair_written_smith_dash_jones_exports_both_players() -> None:
    table = Table(["Contract", "Declarer", "Result", "Score_NS", "Names_NS", "Names_EW"],
                  [["4S", "N", "9", "-50", "Smith - Jones", "Brown & Green"]])
    board = Board(number=1, deal=deal_shuffled(seed=1), contract=Contract.from_str("4S"), declarer=Seat.N,
                  tricks=10, tables={"ScoreTable": table})
    read_recorded(board)
    row = bt.to_dataframe([board]).iloc[1]
    assert [row[f"player_{seat}"] for seat in "nsew"] == ["Smith", "Jones", "Brown", "Green"]


def test_plain_pandas_reads_made_as_objects_and_integers_as_floats_only_where_a_column_has_a_null(
        tmp_path: Path) -> None:
    # docs/analysis.md said "floats where a column has nulls": `made` came back as object, not float.
    played, dealt = tmp_path / "played.parquet", tmp_path / "dealt.parquet"
    bt.to_parquet([played_board()], played)
    bt.to_parquet([played_board(), Board(number=2, deal=DEAL)], dealt)
    alone, with_unplayed = pd.read_parquet(played), pd.read_parquet(dealt)
    assert (alone["made"].dtype, alone["level"].dtype) == (bool, "int8")
    assert (with_unplayed["made"].dtype, with_unplayed["level"].dtype) == (object, "float64")
    assert with_unplayed["made"].tolist() == [False, None]
    assert with_unplayed["hcp_n"].dtype == "int8"  # dealt, so known on both rows
    assert not with_unplayed["contract"].cat.ordered
    assert dict(with_unplayed["tags"][0]) == dict(bt.to_dataframe([played_board()])["tags"][0])


def test_plain_pyarrow_reads_the_documented_columns(tmp_path: Path) -> None:
    path = tmp_path / "boards.parquet"
    bt.to_parquet([played_board()], path)
    table = pq.read_table(path)
    assert table.schema.names == [c.name for c in BOARD_COLUMNS]
    for column in BOARD_COLUMNS:
        assert table.schema.field(column.name).type == column.type, column.name
        assert table.schema.field(column.name).metadata[b"description"].decode() == column.doc
    assert table.column("declarer").to_pylist() == ["N"]


def test_seed_and_versions_are_in_the_schema_metadata(tmp_path: Path) -> None:
    path = tmp_path / "boards.parquet"
    bt.to_parquet([played_board()], path, metadata={"seed": 7})
    meta = pq.read_schema(path).metadata
    assert meta[b"bridgetools.seed"] == b"7"
    assert meta[b"bridgetools.version"] == bt.__version__.encode()
    assert json.loads(meta[b"bridgetools.categories"])["declarer"] == ["N", "E", "S", "W"]


def test_source_date_epoch_makes_two_exports_byte_for_byte_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the creation time is the one thing that differs between two exports of the same boards; the
    # reproducible-builds variable fixes it, as packagers and archives that compare files expect
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    first, second = tmp_path / "a.parquet", tmp_path / "b.parquet"
    bt.to_parquet([played_board()], first)
    bt.to_parquet([played_board()], second)
    assert first.read_bytes() == second.read_bytes()
    assert pq.read_schema(first).metadata[b"bridgetools.created"] == b"2023-11-14T22:13:20+00:00"


def test_rows_are_written_in_row_groups_of_the_given_size(tmp_path: Path) -> None:
    path = tmp_path / "boards.parquet"
    boards = (Board(number=n, deal=deal_shuffled(seed=n)) for n in range(1, 26))
    assert bt.to_parquet(boards, path, row_group_size=10) == 25
    meta = pq.ParquetFile(path).metadata
    assert [meta.row_group(i).num_rows for i in range(meta.num_row_groups)] == [10, 10, 5]


def test_a_row_group_gathers_several_sessions(tmp_path: Path) -> None:
    # Sessions of 10, 10 and 5 boards into row groups of 20: the footer pyarrow keeps in memory grows per
    # row group, so groups are larger than sessions (docs/analysis.md, Memory).
    path = tmp_path / "boards.parquet"
    with ParquetExport(path, row_group_size=20) as export:
        for numbers in (range(1, 11), range(11, 21), range(21, 26)):
            export.add_session([Board(number=n, deal=deal_shuffled(seed=n)) for n in numbers])
    meta = pq.ParquetFile(path).metadata
    assert [meta.row_group(i).num_rows for i in range(meta.num_row_groups)] == [20, 5]
    assert pq.read_table(path, columns=["board_id"])["board_id"].to_pylist() == list(range(25))


def test_an_iterator_is_read_a_session_at_a_time_not_all_at_once(tmp_path: Path) -> None:
    taken = 0

    def boards() -> Iterator[Board]:
        nonlocal taken
        for n in itertools.count(1):
            taken += 1
            yield Board(number=n)
            if n == 30:
                return

    from bridgetools.analysis.export import sessions

    first = next(sessions(boards(), size=10))
    # Ten boards, and one more read ahead to see that it is not board 10 again (another room).
    assert len(first) == 10 and taken == 11


def test_sessions_do_not_cut_between_the_rooms_of_a_board() -> None:
    from bridgetools.analysis.export import sessions

    # Boards 1-5, each in the open and then the closed room, in sessions of about 3: a cut after board
    # 2's open room would part it from its closed room, so the session takes that one too.
    rooms = (Board(number=n, room=room) for n in range(1, 6) for room in ("open", "closed"))
    cut = [[(b.number, b.room) for b in chunk] for chunk in sessions(rooms, size=3)]
    assert [len(chunk) for chunk in cut] == [4, 4, 2]
    assert cut[0] == [(1, "open"), (1, "closed"), (2, "open"), (2, "closed")]


def test_a_session_grows_past_its_size_at_most_twice() -> None:
    from bridgetools.analysis.export import sessions

    same = (Board(number=1) for _ in range(25))
    assert [len(chunk) for chunk in sessions(same, size=5)] == [10, 10, 5]


def test_boards_without_numbers_are_cut_at_the_size() -> None:
    from bridgetools.analysis.export import sessions

    assert [len(chunk) for chunk in sessions((Board() for _ in range(7)), size=3)] == [3, 3, 1]


def test_a_failed_export_leaves_no_file_and_keeps_the_old_one(tmp_path: Path) -> None:
    path = tmp_path / "boards.parquet"
    path.write_bytes(b"old")

    def broken() -> Iterator[Board]:
        yield Board(number=1)
        raise bt.BridgeError("bad board")

    with pytest.raises(bt.BridgeError):
        bt.to_parquet(broken(), path)
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["boards.parquet"]


def test_an_error_in_writing_a_row_group_is_raised_and_leaves_no_file(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # Row groups are written in a thread of their own: its error must still stop the export.
    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pq.ParquetWriter, "write_table", full_disk)
    boards = (Board(number=n, deal=deal_shuffled(seed=n)) for n in range(1, 26))
    with pytest.raises(OSError, match="No space left"):
        bt.to_parquet(boards, tmp_path / "boards.parquet", row_group_size=10)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("enabled", [True, False])
def test_the_export_leaves_the_garbage_collector_as_it_found_it(tmp_path: Path, enabled: bool) -> None:
    import gc

    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        bt.to_parquet([played_board()], tmp_path / "boards.parquet")
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_threads_take_turns_often_while_an_export_runs_and_as_before_after(tmp_path: Path) -> None:
    import sys

    from bridgetools.analysis.export import SWITCH_INTERVAL

    seen = []

    def boards() -> Iterator[Board]:
        seen.append(sys.getswitchinterval())
        yield played_board()

    before = sys.getswitchinterval()
    bt.to_parquet(boards(), tmp_path / "boards.parquet")
    assert seen == [pytest.approx(SWITCH_INTERVAL)] and before > SWITCH_INTERVAL
    assert sys.getswitchinterval() == before


def test_a_failed_export_leaves_the_switch_interval_as_it_found_it(tmp_path: Path) -> None:
    import sys

    def broken() -> Iterator[Board]:
        yield played_board()
        raise bt.BridgeError("bad board")

    before = sys.getswitchinterval()
    with pytest.raises(bt.BridgeError):
        bt.to_parquet(broken(), tmp_path / "boards.parquet")
    assert sys.getswitchinterval() == before


def test_exports_running_side_by_side_restore_the_switch_interval_when_the_last_ends(tmp_path: Path) -> None:
    import sys

    from bridgetools.analysis.export import SWITCH_INTERVAL

    before = sys.getswitchinterval()
    first = ParquetExport(tmp_path / "a.parquet")
    with ParquetExport(tmp_path / "b.parquet") as second:
        second.add_session([played_board()])
    assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL)
    first.close()
    assert sys.getswitchinterval() == before


def test_boards_whose_facts_are_derived_export_as_those_given_them(tmp_path: Path) -> None:
    # The export reads the values a board was given and works out the others through its properties.
    auction = Auction(Seat.N, ["1S", "Pass", "4S", "Pass", "Pass", "Pass"])
    derived = Board(number=5, deal=DEAL, auction=auction)
    given = Board(number=5, deal=DEAL, auction=auction, dealer=Seat.N, vulnerability=Vul.NS,
                  contract=Contract.from_str("4S"), declarer=Seat.N)
    columns = ["dealer", "vulnerable", "contract", "declarer", "score_ns"]
    assert (bt.to_dataframe([derived])[columns].to_dict("records")
            == bt.to_dataframe([given])[columns].to_dict("records"))
    assert bt.to_dataframe([derived])["vulnerable"].tolist() == ["NS"]


def test_read_parquet_gives_back_the_same_boards(tmp_path: Path) -> None:
    boards = [played_board(), Board(number=2, contract=Contract.PASSED_OUT, room="closed"),
              Board(number=3, deal=deal_shuffled(seed=3), contract=Contract.from_str("3NT"),
                    declarer=Seat.W, tricks=9)]
    path = tmp_path / "boards.parquet"
    bt.to_parquet(boards, path)
    assert list(bt.read_parquet(path)) == boards


def test_read_parquet_gives_back_a_board_whose_score_table_repeats_its_result(tmp_path: Path) -> None:
    table = Table(["Contract", "Declarer", "Result", "Score_NS", "Names_NS"],
                  [["4S", "N", "10", "420", "Ann;Bob"], ["4S", "N", "9", "-50", "Cy;Di"]])
    board = Board(number=1, deal=deal_shuffled(seed=1), contract=Contract.from_str("4S"), declarer=Seat.N,
                  tricks=10, tables={"ScoreTable": table})
    read_recorded(board)
    path = tmp_path / "boards.parquet"
    assert bt.to_parquet([board], path) == 2  # the own result once, and 4S-1
    assert list(bt.read_parquet(path)) == [board]


def test_calls_and_plays_tables_are_long_one_row_per_call_and_card(tmp_path: Path) -> None:
    path = tmp_path / "boards.parquet"
    bt.to_parquet([played_board()], path, calls_path=tmp_path / "calls.parquet",
                  plays_path=tmp_path / "plays.parquet")
    calls = pq.read_table(tmp_path / "calls.parquet")
    plays = pq.read_table(tmp_path / "plays.parquet")
    assert calls.schema.names == [c.name for c in CALL_COLUMNS]
    assert plays.schema.names == [c.name for c in PLAY_COLUMNS]
    assert calls.column("call").to_pylist()[:3] == ["1S", "Pass", "4S"]
    assert calls.column("seat").to_pylist()[:3] == ["N", "E", "S"]
    assert calls.column("alert").to_pylist()[2] is True
    # The opening lead is made by declarer's left (East); the heart ace wins the trick.
    assert plays.column("seat").to_pylist() == ["E", "S", "W", "N"]
    assert plays.column("won").to_pylist() == [True, False, False, False]
    assert set(calls.column("board_id").to_pylist()) == {0}


def pd_missing(value: object) -> bool:
    import pandas as pd

    return value is None or bool(pd.isna(value))


def test_dictionary_columns_hold_strings_so_parquet_restores_them(tmp_path: Path) -> None:
    path = tmp_path / "boards.parquet"
    bt.to_parquet([played_board()], path)
    field = pq.read_schema(path).field("contract")
    assert pa.types.is_dictionary(field.type) and field.type.value_type == pa.string()


def test_calls_and_plays_dataframes_use_the_same_categoricals() -> None:
    from bridgetools.analysis import calls_dataframe, plays_dataframe

    calls = calls_dataframe([played_board()])
    plays = plays_dataframe([played_board()])
    assert list(calls["call"].cat.categories[:3]) == ["Pass", "X", "XX"]
    assert calls["explanation"].tolist()[2] == "to play"
    assert plays["card"].tolist() == ["HA", "H8", "H4", "H3"]
    assert plays["trick"].tolist() == [1, 1, 1, 1]


def _min_max_columns(path: Path) -> dict[str, bool]:
    """Whether each column of the first row group has a minimum and maximum, by its path in the file."""
    group = pq.ParquetFile(path).metadata.row_group(0)
    columns = (group.column(i) for i in range(group.num_columns))
    return {c.path_in_schema: c.statistics is not None and c.statistics.has_min_max for c in columns}


def test_row_groups_carry_statistics_for_the_columns_a_query_filters_on(tmp_path: Path) -> None:
    """Numbers, categories and dates: minimum and maximum; text, lists and maps (deals, names, the
    auction, the cards): none (docs/analysis.md, Encoding)."""
    path, plays = tmp_path / "b.parquet", tmp_path / "p.parquet"
    bt.to_parquet([played_board()], path, plays_path=plays)
    boards = _min_max_columns(path)
    assert all(boards[name] for name in ("board_id", "score_ns", "contract", "date"))
    assert not any(boards[name] for name in ("deal", "hand_n", "player_n", "auction.list.element",
                                              "tags.key_value.key"))
    assert not _min_max_columns(plays)["card"] and _min_max_columns(plays)["trick"]


def _encodings(path: Path) -> dict[str, tuple[str, ...]]:
    """The encodings of each column of the first row group, by its path in the file."""
    group = pq.ParquetFile(path).metadata.row_group(0)
    columns = (group.column(i) for i in range(group.num_columns))
    return {c.path_in_schema: c.encodings for c in columns}


def test_ids_are_written_as_differences_and_positions_as_they_are(tmp_path: Path) -> None:
    """``board_id`` and ``game`` count up row by row and ``position`` changes every row: no dictionary
    for them, which was larger and slower to write; the other columns keep theirs (docs/analysis.md)."""
    paths = {table: tmp_path / f"{table}.parquet" for table in ("boards", "calls", "plays")}
    bt.to_parquet([played_board()] * 3, paths["boards"], calls_path=paths["calls"], plays_path=paths["plays"])
    encodings = {table: _encodings(path) for table, path in paths.items()}
    for table in encodings:
        assert set(encodings[table]["board_id"]) == {"RLE", "DELTA_BINARY_PACKED"}  # RLE: the null flags
    assert set(encodings["boards"]["game"]) == {"RLE", "DELTA_BINARY_PACKED"}
    for table in ("calls", "plays"):
        assert set(encodings[table]["position"]) == {"RLE", "PLAIN"}
    boards = encodings["boards"]
    kept = (encodings["plays"]["card"], boards["deal"], boards["auction.list.element"],
            boards["tags.key_value.value"])
    assert all("RLE_DICTIONARY" in column for column in kept)
    assert pq.read_table(paths["plays"])["board_id"].to_pylist() == [0] * 4 + [1] * 4 + [2] * 4


def test_card_and_call_names_are_written_from_their_codes_and_read_as_text(tmp_path: Path) -> None:
    """The lead, auction, play and card columns are made as codes of the names (no string per card is
    made or hashed); the file declares text, so readers get the same strings as before."""
    from bridgetools.analysis.export import written_schema
    from bridgetools.analysis.schema import BOARDS_SCHEMA, PLAYS_SCHEMA

    assert pa.types.is_dictionary(written_schema(PLAYS_SCHEMA).field("card").type)
    assert pa.types.is_dictionary(written_schema(BOARDS_SCHEMA).field("play").type.value_type)
    paths = {table: tmp_path / f"{table}.parquet" for table in ("boards", "plays")}
    bt.to_parquet([played_board()], paths["boards"], plays_path=paths["plays"])
    boards, plays = pq.read_table(paths["boards"]), pq.read_table(paths["plays"])
    assert boards.schema.field("lead").type == pa.string()
    assert boards.schema.field("play").type == pa.list_(pa.string())
    assert boards.schema.field("play").metadata == BOARDS_SCHEMA.field("play").metadata
    assert plays.schema.field("card").type == pa.string()
    assert boards["lead"].to_pylist() == ["HA"] and plays["card"].to_pylist() == ["HA", "H8", "H4", "H3"]
    file_metadata = pq.ParquetFile(paths["plays"]).metadata.metadata
    assert file_metadata[b"bridgetools.schema"] == PLAYS_SCHEMA.metadata[b"bridgetools.schema"]


def test_each_row_names_its_own_board_s_players_when_only_some_boards_name_them() -> None:
    named = played_board()
    one_seat = Board(number=2, deal=DEAL, players={Seat.W: "Only West"})
    frame = bt.to_dataframe([Board(number=3, deal=DEAL), named, one_seat, Board(number=4, deal=DEAL)])
    assert frame["player_e"].fillna("-").tolist() == ["-", "East player", "-", "-"]
    assert frame["player_w"].fillna("-").tolist() == ["-", "West", "Only West", "-"]


def test_boards_sharing_a_deal_get_the_hand_columns_of_their_own_deal() -> None:
    other = deal_shuffled(seed=7)
    partial = DEAL.with_hand(Seat.E, None)
    shared = [DEAL, other, DEAL, DEAL, partial, other, None, partial]  # 4 deal objects for 8 boards
    own = [None if d is None else Deal.from_pbn(d.to_pbn()) for d in shared]  # a deal object a board
    columns = ["deal", *(f"{kind}_{seat}" for kind in ("hand", "hcp", "shape") for seat in "nesw")]
    once = bt.to_dataframe([Board(number=i + 1, deal=d) for i, d in enumerate(shared)])[columns]
    apart = bt.to_dataframe([Board(number=i + 1, deal=d) for i, d in enumerate(own)])[columns]
    assert once.equals(apart)
    assert once["hand_e"].isna().tolist() == [False, False, False, False, True, False, True, True]


def test_read_parquet_of_the_plays_table_is_an_error_not_no_boards(tmp_path: Path) -> None:
    boards, plays = tmp_path / "boards.parquet", tmp_path / "boards.plays.parquet"
    bt.to_parquet([played_board()], boards, plays_path=plays)
    with pytest.raises(bt.BridgeError, match="the plays table of an export, not its boards"):
        list(bt.read_parquet(plays))
    assert len(list(bt.read_parquet(boards))) == 1


EMPTY_TAGS = ('[Event ""]\n[Site ""]\n[Date ""]\n[Board "1"]\n[North ""]\n[East ""]\n[South ""]\n[West ""]\n'
              '[Dealer "N"]\n[Vulnerable "None"]\n[Scoring ""]\n'
              f'[Deal "{DEAL.to_pbn()}"]\n[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n')


def test_an_empty_tag_exports_as_null_not_an_empty_string(tmp_path: Path) -> None:
    source = tmp_path / "empty.pbn"
    source.write_text(EMPTY_TAGS, encoding="ascii")
    frame = bt.to_dataframe(bt.read(source))
    columns = ["event", "site", "date", "scoring", "player_n", "player_e", "player_s", "player_w"]
    assert frame[columns].isna().all(axis=None), frame[columns].iloc[0].tolist()


def test_a_tag_a_game_leaves_out_is_not_taken_from_the_game_before(tmp_path: Path) -> None:
    # PBN 2.1 §4.8: only "#" (and a tag set with "##") takes an earlier game's value; a tag left out
    # is unknown.
    source = tmp_path / "two.pbn"
    first = EMPTY_TAGS.replace('[Event ""]', '[Event "Club pairs"]').replace('[Site ""]', '[Site "##Here"]')
    second = "\n".join(line for line in first.replace('[Board "1"]', '[Board "2"]').split("\n")
                       if not line.startswith(("[Event ", "[Site ")))
    third = second.replace('[Board "2"]', '[Board "3"]\n[Event "#"]')
    source.write_text(f"{first}\n{second}\n{third}", encoding="ascii")
    frame = bt.to_dataframe(bt.read(source))
    assert frame["event"].tolist()[0] == "Club pairs" and pd_missing(frame["event"].tolist()[1])
    assert frame["event"].tolist()[2] == "Club pairs"
    assert frame["site"].tolist() == ["Here"] * 3


def test_the_export_keeps_how_many_tables_each_result_stands_for(tmp_path: Path) -> None:
    """Without a ``multiplicity`` column, figures recomputed from an export counted a ScoreTable row of
    three tables once: the field figures count it three times, and the column says so."""
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "multiplicity_traveller.pbn"
    out = tmp_path / "traveller.parquet"
    bt.to_parquet(list(bt.read(traveller)), out)
    table = pq.read_table(out)
    assert table.column("multiplicity").to_pylist() == [3, 1, 2]
    assert table.column("field_size").to_pylist() == [sum([3, 1, 2])] * 3
    frame = bt.to_dataframe([played_board()])
    assert frame["multiplicity"].tolist() == [1]


def test_a_partnership_name_is_kept_as_written_in_the_results_and_a_rebuilt_score_table() -> None:
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "pair_names_percentages_traveller.pbn"
    board = next(iter(bt.read(traveller)))
    assert (board.results[0].ns_names, board.results[0].ew_names) == (("Smith - Jones",), ("Brown & Green",))
    board.results = board.results[:2]  # changed: the ScoreTable is written from the results
    with pytest.warns(UserWarning, match="ScoreTable rows no result holds"):
        (again,) = bt.loads(bt.dumps([board], "pbn"), "pbn")
    assert again.tables["ScoreTable"].records()[0]["Names_NS"] == "Smith - Jones"
    again.tricks = 9  # no ScoreTable row repeats the board's own result (whose players are its tags')
    frame = bt.to_dataframe([again])
    players = [[row[f"player_{seat}"] for seat in "nsew"] for _, row in frame.iterrows()]
    assert ["Smith", "Jones", "Brown", "Green"] in players


def test_a_boards_own_row_has_the_names_of_the_score_table_row_it_repeats(tmp_path: Path) -> None:
    # The board names no player; its traveller row (written once, as the board's own) names four.
    table = Table(["Contract", "Declarer", "Result", "Score_NS", "Names_NS", "Names_EW"],
                  [["4S", "N", "10", "420", "Ann;Bob", "Cy;Di"],
                   ["4S", "N", "9", "-50", "Ed;Flo", "Gus;Hal"]])
    board = Board(number=1, deal=deal_shuffled(seed=1), contract=Contract.from_str("4S"), declarer=Seat.N,
                  tricks=10, tables={"ScoreTable": table})
    read_recorded(board)
    path = tmp_path / "boards.parquet"
    bt.to_parquet([board], path)
    rows = pq.read_table(path).to_pylist()
    assert [(r["source"], r["player_n"], r["player_e"], r["player_s"], r["player_w"]) for r in rows] == [
        ("table", "Ann", "Cy", "Bob", "Di"), ("score_table", "Ed", "Gus", "Flo", "Hal")]
    (back,) = bt.read_parquet(path)
    assert back == board and back.players == {}


def test_a_boards_own_player_tags_stay_in_its_row_beside_a_traveller_naming_others(tmp_path: Path) -> None:
    table = Table(["Contract", "Declarer", "Result", "Score_NS", "Names_NS"],
                  [["4S", "N", "10", "420", "Ann;Bob"]])
    board = Board(number=1, deal=deal_shuffled(seed=1), contract=Contract.from_str("4S"), declarer=Seat.N,
                  tricks=10, players={Seat.N: "Zed"}, tables={"ScoreTable": table})
    read_recorded(board)
    path = tmp_path / "boards.parquet"
    bt.to_parquet([board], path)
    (row,) = pq.read_table(path).to_pylist()
    assert (row["player_n"], row["player_s"]) == ("Zed", None)
    assert list(bt.read_parquet(path)) == [board]


def test_the_export_names_a_declarer_or_result_no_contract_was_played_to(tmp_path: Path) -> None:
    # The verifier's games 27 (Declarer, no Contract) and 54 (Result on a passed-out board): a row's
    # declarer and tricks are its contract's, so the export has no place for them.
    boards = [Board(number=27, deal=DEAL, declarer=Seat.S),
              Board(number=54, deal=DEAL, contract=Contract.from_str("Pass"), tricks=1)]
    for export in (bt.to_dataframe, lambda b: bt.to_parquet(iter(b), tmp_path / "b.parquet")):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            export(boards)
        assert [str(w.message) for w in caught] == [
            "the analysis export has no place for declarer with no contract, result of a passed-out board "
            "(1 board): left out"]


def test_the_export_names_the_json_keys_it_has_no_column_for_in_one_warning(tmp_path: Path) -> None:
    boards = bt.read(io.StringIO('[{"number": 1, "deal": "N:AKQ2.KJ3.T98.432 - - -", "scorer": "Ann"}, '
                                 '{"number": 2, "deal": "N:AKQ2.KJ3.T98.432 - - -", "scorer": "Bob"}]'),
                     format="json")
    board_list = list(boards)
    for export in (bt.to_dataframe, lambda b: bt.to_parquet(iter(b), tmp_path / "b.parquet")):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            export(board_list)
        assert [str(w.message) for w in caught] == [
            "the analysis export has no place for JSON key scorer (2 boards): left out"]


def test_deals_as_generate_gives_them_are_exported_as_boards_numbered_from_1(tmp_path: Path) -> None:
    deals = bt.generate("hcp(north) > 10", 2, seed=1)
    frame = bt.to_dataframe(deals)
    assert frame["board"].tolist() == [1, 2]
    assert frame["dealer"].astype(str).tolist() == ["N", "E"]
    assert frame["hcp_n"].tolist() == [deal.known_hand("N").hcp for deal in deals]
    assert bt.to_parquet(iter(deals), tmp_path / "deals.parquet") == 2
    assert read_dataframe(tmp_path / "deals.parquet")["board"].tolist() == [1, 2]


def test_anything_but_boards_and_deals_is_refused_naming_the_item() -> None:
    with pytest.raises(TypeError, match=r"Boards or Deals, not str \(item 1\)"):
        bt.to_dataframe(["N:AKQ2.KJ3.T98.432 - - -"])  # type: ignore[list-item]


def test_the_game_column_is_the_board_s_position_in_its_file_past_an_object_that_was_no_board(
        tmp_path: Path) -> None:
    """An object left out as no board still takes its place: the board after it is game 2, not 1."""
    from bridgetools.analysis.pipeline import export_files

    source = tmp_path / "gap.json"
    source.write_text(json.dumps({"schema": "bridgetools.board/3", "boards": [
        {"number": 1, "contract": "4S", "declarer": "N", "tricks": 10}, {"number": "x"},
        {"number": 3, "contract": "3NT", "declarer": "S", "tricks": 9}]}), encoding="ascii")
    out = tmp_path / "gap.parquet"
    export_files([str(source)], out)
    table = pq.read_table(out)
    assert table.column("board").to_pylist() == [1, 3]
    assert table.column("game").to_pylist() == [0, 2]


def test_par_contract_is_described_with_its_seats_and_a_sacrifices_undertricks() -> None:
    # The schema said 'NS 4S; EW 5HX' (a side and a contract) where a sacrifice is 'EW 6DX-2' and a par
    # one seat alone makes 'W 4H': every example it gives now has the shape of the values written
    import re

    from bridgetools.analysis.schema import BOARD_COLUMNS

    (described,) = [column.doc for column in BOARD_COLUMNS if column.name == "par_contract"]
    examples = [part for quoted in re.findall(r"'([^']*\d[^']*)'", described) for part in quoted.split("; ")]
    board = as_read(Board(number=1, deal=DEAL, tags={"OptimumScore": "EW 300", "ParContract": "EW 5DX-2"}))
    written = bt.to_dataframe([board]).iloc[0]["par_contract"]
    shape = re.compile(r"(NS|EW|[NESW]) [1-7](NT|[SHDC])X{0,2}([+-][1-9]\d?)?")
    assert written == "EW 5DX-2"
    assert all(shape.fullmatch(example) for example in [*examples, written])
    assert {"W 4H", "EW 6DX-2"} <= set(examples)


def test_an_export_pandas_re_saved_reads_as_the_export(tmp_path: Path) -> None:
    boards = [Board(number=seed + 1, deal=deal_shuffled(seed=seed)) for seed in range(3)]
    for board in boards:
        board.tags["Generator"] = "test"
    export = tmp_path / "x.parquet"
    bt.to_parquet(boards, export)
    copy = tmp_path / "y.parquet"
    pq.read_table(export).to_pandas().to_parquet(copy)  # the tags map saved as lists of pairs
    assert read_table(copy).equals(read_table(export))
    assert [b.tags for b in read_parquet(copy)] == [b.tags for b in read_parquet(export)]
