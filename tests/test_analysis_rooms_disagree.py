"""A team match's PBN records, each room's ScoreTable listing both tables: the other room's row that gives
another contract, declarer or result than that room's own record is said at its line, and the room's own
record is the result used (its auction and play are with it; the row is a copy)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.board import Board
from bridgetools.cli import cli

DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.QJT9 8765.T987.A76.AK 43.654.5432.8765"
COLUMNS = "Room;Names_NS;Names_EW;Contract;Declarer;Result;Score_NS;Score_EW"


def _room(room: str, players: tuple[str, str, str, str], played: tuple[str, str, str],
          rows: tuple[str, str]) -> str:
    north, south, east, west = players
    contract, declarer, result = played
    return (f'[Event "Teams"]\n[Board "1"]\n[Room "{room}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            f'[Deal "{DEAL}"]\n[Scoring "IMP"]\n[North "{north}"]\n[South "{south}"]\n[East "{east}"]\n'
            f'[West "{west}"]\n[Contract "{contract}"]\n[Declarer "{declarer}"]\n[Result "{result}"]\n'
            f'[ScoreTable "{COLUMNS}"]\n{rows[0]}\n{rows[1]}\n\n')


def _match(tmp_path: Path, closed_row: str) -> Path:
    path = tmp_path / "teams2.pbn"
    path.write_text(
        _room("Open", ("Smith", "Jones", "Brown", "Green"), ("4S", "N", "10"),
              (closed_row, 'Open "Smith;Jones" "Brown;Green" 4S N 10 420 -'))
        + _room("Closed", ("Hill", "Lee", "Moss", "Park"), ("2S", "N", "9"),
                ('Open "Smith;Jones" "Brown;Green" 4S N 10 420 -',
                 'Closed "Hill;Lee" "Moss;Park" 2S N 9 140 -')))
    return path


def test_the_other_room_s_row_disagreeing_with_its_own_record_is_said_at_its_line(tmp_path: Path) -> None:
    path = _match(tmp_path, 'Closed "Hill;Lee" "Moss;Park" 3S N 8 -50 -')
    result = CliRunner().invoke(cli, ["analyze", str(path)])
    (said,) = [line for line in result.stderr.splitlines() if "Closed row" in line]
    assert said.startswith(f"warning: {path}:16: board 1: ")
    assert "gives 3S N 8 where the Closed record gives 2S N 9" in said
    assert said.endswith("the Closed record's own result is used")


def test_the_other_room_s_own_record_is_the_result_the_match_scores(tmp_path: Path) -> None:
    path = _match(tmp_path, 'Closed "Hill;Lee" "Moss;Park" 3S N 8 -50 -')
    result = CliRunner().invoke(cli, ["analyze", str(path)])
    (board,) = [line for line in result.stdout.splitlines() if line.startswith("1 ")]
    assert board.split() == ["1", "4S", "N", "=", "420", "2S", "N", "+1", "140", "7", "0", "7", "0"]


def test_the_other_room_s_row_agreeing_with_its_own_record_is_not_said(tmp_path: Path) -> None:
    path = _match(tmp_path, 'Closed "Hill;Lee" "Moss;Park" 2S N 9 140 -')
    result = CliRunner().invoke(cli, ["export", str(path), "-o", str(tmp_path / "m.parquet")])
    assert result.exit_code == 0, result.output
    assert "Closed row" not in result.stderr


def test_exporting_a_file_finds_each_boards_match_records_once(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # The rooms' check and the rows' arrays each found them: twice the work on a file of many matches.
    from bridgetools.analysis import extract
    from bridgetools.analysis.pipeline import export_sessions

    found = extract.same_match_records
    calls: list[int] = []

    def counted(boards: Sequence[Board]) -> list[list[int]]:
        calls.append(len(boards))
        return found(boards)

    monkeypatch.setattr(extract, "same_match_records", counted)
    path = _match(tmp_path, 'Closed "Hill;Lee" "Moss;Park" 3S N 8 -50 -')
    session, = export_sessions(str(path), strict=False, calls=False, plays=False)
    assert calls == [2]
    assert any("the Closed row of the Open record's ScoreTable" in line for line in session["issues"])
