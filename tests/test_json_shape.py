"""The JSON reader records a document's shape as it reads it: a file of no board that is some other JSON
document (a folder's ``manifest.json``, ``{"name": "x"}``) is told apart from a broken hand record by
what the reader found, so `export` and `analyze` pass it over without parsing the file a second time."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridgetools import read
from bridgetools.analysis.pipeline import ReadAs, export_sessions
from bridgetools.errors import NoBoardsError

MANIFEST = [{"file": f"pbn/game{i}.pbn", "boards": 3, "sha256": "ab12"} for i in range(50)]


def _no_boards(path: Path) -> NoBoardsError:
    with pytest.raises(NoBoardsError) as caught:
        list(read(path))
    return caught.value


@pytest.mark.parametrize("text", ['{"name": "x"}\n', '{\n  "name": "x",\n  "size": 2\n}\n',
                                  json.dumps(MANIFEST, indent=1) + "\n"],
                         ids=["an object on one line", "an object over lines", "a manifest's array"])
def test_a_json_document_of_another_kind_is_recorded_as_no_hand_record(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    assert _no_boards(path).no_hand_record


@pytest.mark.parametrize("text", ["[]\n", '{"boards": []}\n', '{"schema": "bridgetools.board/3"}\n',
                                  '{"name":\n', '{"a": 1}\n{"b": 2}\n'],
                         ids=["an empty array", "a document of no boards", "a schema alone", "cut short",
                              "JSON Lines of other records"])
def test_a_hand_record_of_no_boards_or_broken_json_is_not_no_hand_record(tmp_path: Path, text: str) -> None:
    path = tmp_path / "boards.json"
    path.write_text(text, encoding="utf-8")
    assert not _no_boards(path).no_hand_record


def test_a_folders_manifest_is_parsed_once_when_passed_over(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(MANIFEST, indent=1) + "\n", encoding="utf-8")
    size = len(path.read_text(encoding="utf-8"))
    parsed: list[int] = []
    real = json.loads

    def counted(text: Any, *args: Any, **kwargs: Any) -> Any:
        parsed.append(len(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", counted)  # json.load parses through json.loads too
    sessions = list(export_sessions(str(path), False, False, False,
                                    read_as=ReadAs(in_a_folder=frozenset([str(path)]))))
    assert "passed over" in sessions[-1]
    assert parsed.count(size) == 1


def test_a_boards_players_are_written_north_east_south_west_whatever_order_it_was_given_them() -> None:
    from bridgetools.board import Board
    from bridgetools.formats import dumps
    from bridgetools.model import Seat

    board = Board(number=1, players={Seat.W: "Wendy", Seat.N: "Ned", Seat.S: "Sue", Seat.E: "Eve"})
    (written,) = json.loads(dumps([board], "json"))["boards"]
    assert list(written["players"]) == ["N", "E", "S", "W"]


def test_the_export_counts_the_boards_convert_and_validate_count_leaving_out_objects_that_were_no_board(
        tmp_path: Path) -> None:
    # {"number": -3} alone: its number left out, nothing else; validate and convert counted 1 board, export 2.
    path = tmp_path / "nums.json"
    path.write_text('{"boards": [{"number": 5, "deal": "N:AKQJ.AKQ.AKQ.AKQ - - -"}, {"number": -3}]}')
    sessions = list(export_sessions(str(path), False, False, False))
    assert sum(session["n"] for session in sessions) == 1
    assert any("not -3" in issue for session in sessions for issue in session["issues"])


def test_a_board_holding_only_table_results_is_a_board_the_export_keeps(tmp_path: Path) -> None:
    # an object with its results and no number was left out as no board: its two tables lost without a word
    path = tmp_path / "results.json"
    path.write_text('{"boards": [{"number": 1, "contract": "4S", "declarer": "N", "tricks": 10}, {"results": '
                    '[{"contract": "4S", "declarer": "N", "tricks": 10, "score_ns": 420}]}]}')
    sessions = list(export_sessions(str(path), False, False, False))
    assert sum(session["n"] for session in sessions) == 2
