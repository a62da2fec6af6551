"""A file read in several batches is one session for field results: a board's results in its first and
last batch are one field, whether exported (`export_files`), analysed (`load_results`) or written by
`to_parquet` from an iterator (docs/analysis.md, Field results)."""

from __future__ import annotations

import functools
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import bridgetools as bt
import bridgetools.analysis.export as export
from bridgetools.analysis.pipeline import export_files, load_results
from bridgetools.formats import read

FIELD = ["field_size", "mp_ns", "pct_ns", "ximp_ns", "butler_ns", "datum"]
DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def game(board: int, contract: str, declarer: str, result: int) -> str:
    return "\n".join([f'[Board "{board}"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL}"]',
                      f'[Declarer "{declarer}"]', f'[Contract "{contract}"]', f'[Result "{result}"]', "", ""])


@pytest.fixture
def seven_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Board 1 in seven games, each with another result, read three boards at a time: its seven
    results come in three batches."""
    path = tmp_path / "games.pbn"
    path.write_text("".join(game(1, "3NT", "S", 7 + n) for n in range(7)), encoding="ascii")
    monkeypatch.setattr(export, "sessions", functools.partial(export.sessions, size=3))
    return path


def one_session(path: Path) -> dict[str, list[object]]:
    """The field columns of the file's boards all taken together (`to_dataframe` of a list)."""
    frame = bt.to_dataframe(list(read(str(path))))
    return {name: frame[name].tolist() for name in FIELD}


def test_export_of_a_file_read_in_several_batches_scores_each_board_over_the_whole_file(
        seven_games: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.parquet"
    export_files([str(seven_games)], out)
    table = pq.read_table(out, columns=FIELD).to_pydict()
    assert table["field_size"] == [7] * 7
    assert table == one_session(seven_games)


def test_export_with_calls_and_plays_keeps_the_board_ids_of_a_file_read_in_batches(
        seven_games: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.parquet"
    export_files([str(seven_games), str(seven_games.with_name("games.pbn"))], out,
                 calls_path=tmp_path / "out.calls.parquet", once=False)
    ids = pq.read_table(out, columns=["board_id", "field_size"]).to_pydict()
    assert ids["board_id"] == list(range(14)) and ids["field_size"] == [7] * 14


def test_export_writes_once_the_results_of_a_file_read_in_batches_given_twice(
        seven_games: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.parquet"
    told: list[str] = []
    report = export_files([str(seven_games), str(seven_games)], out, on_issue=told.append)
    assert pq.read_table(out, columns=FIELD).to_pydict() == one_session(seven_games)
    assert pq.read_table(out, columns=["board_id"])["board_id"].to_pylist() == list(range(7))
    assert (report.boards, report.results) == (7, 7)
    assert told == [f"{seven_games}: 7 results repeat those of {seven_games} (same event, board, deal, table "
                    "and result): counted once"]


def test_an_export_leaves_no_temporary_file_beside_its_output(seven_games: Path, tmp_path: Path) -> None:
    export_files([str(seven_games)], tmp_path / "out.parquet")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.pbn", "out.parquet"]


def test_analyze_of_a_file_read_in_several_batches_scores_each_board_over_the_whole_file(
        seven_games: Path) -> None:
    frame, problems = load_results([str(seven_games)], FIELD)
    assert not problems
    assert {name: frame[name].tolist() for name in FIELD} == one_session(seven_games)


def test_to_parquet_of_an_iterator_scores_its_boards_as_one_session(seven_games: Path,
                                                                   tmp_path: Path) -> None:
    out = tmp_path / "out.parquet"
    bt.to_parquet(iter(list(read(str(seven_games)))), out)
    assert pq.read_table(out, columns=FIELD).to_pydict() == one_session(seven_games)
