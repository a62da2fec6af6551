"""What a hand record says besides one table's play, as typed values on the board: double-dummy tricks
(`Board.dd_table`), par (`Board.par`) and other tables' results (`Board.results`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bridgetools as bt
from bridgetools.board import Board, Table
from bridgetools.formats import dumps, loads, read
from bridgetools.formats._results_tables import dd_table_of, par_of
from bridgetools.model import DDTable, Par, ParContract, Seat, Strain

DATA = Path(__file__).parent / "data" / "pbn"
BRIDGECOMPOSER = DATA / "bridge-pbn__three_test_records.pbn"
SCORE_TABLES = DATA / "wild" / "latin1_crlf_score_tables.pbn"


def test_a_dd_table_is_indexed_by_declarer_and_strain() -> None:
    table = DDTable.from_mapping({(Seat.N, Strain.S): 10, (Seat.W, Strain.NT): 3})
    assert table[Seat.N, Strain.S] == 10 and table[Seat.W, Strain.NT] == 3 and table[Seat.E, Strain.C] is None
    assert not table.is_complete and dict(table.items()) == {(Seat.N, Strain.S): 10, (Seat.W, Strain.NT): 3}


def test_a_dd_table_indexed_by_a_seat_alone_says_it_takes_declarer_and_strain() -> None:
    table = DDTable.from_mapping({(seat, strain): 7 for seat in Seat for strain in Strain})
    with pytest.raises(TypeError, match=r"indexed by declarer and strain, table\['N', 'NT'\]"):
        table[Seat.N]  # type: ignore[index]


def test_a_dd_table_holds_0_to_13_tricks() -> None:
    with pytest.raises(bt.BridgeError, match="0 to 13"):
        DDTable.from_mapping({(Seat.N, Strain.S): 14})


def test_a_bridgecomposer_record_gives_a_complete_dd_table_that_its_optimum_table_agrees_with() -> None:
    for board in read(BRIDGECOMPOSER):
        assert board.dd_table is not None and board.dd_table.is_complete
        from_rows = dd_table_of({}, {"OptimumResultTable": board.tables["OptimumResultTable"]})
        assert from_rows == board.dd_table  # the hex digits and the rows are two spellings of one table


def test_the_dd_digits_go_north_south_east_west_and_notrump_down_to_clubs() -> None:
    table = dd_table_of({"DoubleDummyTricks": "63b3c63b3c492a0492a0"}, {})  # BridgeComposer's board 1
    assert table is not None
    assert (table[Seat.N, Strain.NT], table[Seat.N, Strain.H]) == (6, 11)
    assert (table[Seat.E, Strain.S], table[Seat.W, Strain.C]) == (9, 0)


def test_par_score_is_north_souths_and_its_contracts_are_typed() -> None:
    par = par_of({"OptimumScore": "EW 110", "ParContract": "EW 2C; EW 3SX-2"})
    assert par == Par(-110, (ParContract(bt.Contract.from_str("2C"), (Seat.E, Seat.W)),
                             ParContract(bt.Contract.from_str("3SX"), (Seat.E, Seat.W), -2)))
    assert [str(c) for c in par.contracts] == ["EW 2C", "EW 3SX-2"]


def test_a_bridgecomposer_record_gives_par_and_writes_it_all_back_unchanged() -> None:
    text = BRIDGECOMPOSER.read_text(encoding="latin-1")
    boards = loads(text, "pbn")
    assert [b.par.score for b in boards if b.par is not None] == [300, -110, -600]
    again = loads(dumps(boards, "pbn"), "pbn")
    assert [(b.dd_table, b.par, b.tags, b.tables) for b in again] == [
        (b.dd_table, b.par, b.tags, b.tables) for b in boards]


def test_a_score_table_gives_the_other_tables_results() -> None:
    boards = [b for b in read(SCORE_TABLES) if "ScoreTable" in b.tables]
    assert boards
    result = boards[0].results[0]
    assert result.ns_pair == "3" and result.ew_pair == "4" and result.declarer is Seat.E
    assert str(result.contract) == "1NT" and result.tricks == 8 and str(result.lead) == "S7"
    assert result.imps_ns == 5 and result.imps_ew == -5


def test_a_given_dd_table_stands_and_none_clears_it() -> None:
    board = Board(number=1)
    board.dd_table = DDTable.from_mapping({(Seat.N, Strain.NT): 13})
    assert board.dd_table is not None and board.dd_table[Seat.N, Strain.NT] == 13
    board.dd_table = None
    assert board.dd_table is None


def test_the_model_does_not_read_pbn_tag_names() -> None:
    board = Board(tags={"DoubleDummyTricks": "63b3c63b3c492a0492a0", "OptimumScore": "NS 420"})
    assert board.dd_table is None and board.par is None


def test_a_board_without_them_has_no_dd_table_no_par_and_no_results() -> None:
    board = Board(number=1)
    assert board.dd_table is None and board.par is None and board.results == ()


def test_analysis_reads_the_dd_table_from_the_model() -> None:
    board = Board(number=1, dd_table=DDTable.from_mapping({(Seat.S, Strain.H): 10}))
    row = bt.to_dataframe([board]).iloc[0]
    assert row["dd_s_h"] == 10


def test_other_tables_results_given_as_values_become_rows_of_the_export() -> None:
    result = bt.TableResult(contract=bt.Contract.from_str("4S"), declarer=Seat.N, tricks=10, score_ns=420)
    frame = bt.to_dataframe([Board(number=1, results=(result,), tables={"ScoreTable": Table(["Contract"])})])
    assert len(frame) == 2 and frame.iloc[1]["file_score_ns"] == 420
