"""A bidding quiz's blank turn (BridgeComposer's ``2D Pass Pass ____``): read, shown, converted, validated."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.cli import cli
from bridgetools.formats import text
from bridgetools.formats._quiz import is_quiz_turn

QUIZ_BLANK = """[Board "1"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "S:- - 953.J72.AKQJ2.K4 -"]
[Auction "S"]
2D Pass Pass ____
[Hidden "NSW"]
"""
"""A bidding quiz as BridgeComposer writes one (pbn-to-pdf reads it): the student's turn a blank."""


def quiz() -> bt.Board:
    (board,) = bt.read(io.StringIO(QUIZ_BLANK), format="pbn")
    return board


def written(board: bt.Board, fmt: str) -> tuple[str, list[str]]:
    """``board`` written as ``fmt``, and the warnings the writer gave."""
    out = io.StringIO()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        bt.write([board], out, fmt)
    return out.getvalue(), [str(w.message) for w in caught]


@pytest.mark.parametrize(("word", "blank"), [("____", True), ("__", True), ("_", False), ("P_", False)])
def test_a_blank_is_two_underscores_or_more(word: str, blank: bool) -> None:
    assert is_quiz_turn(word) is blank


def test_text_shows_the_student_s_turn_as_print_does() -> None:
    rows = text.board_text(quiz()).splitlines()
    assert rows[rows.index("West    North   East    South") + 2].split() == ["Pass", "Pass", "?"]


def test_pbn_to_pbn_keeps_the_blank_as_written_and_says_other_pbn_readers_stop_at_it() -> None:
    pbn, said = written(quiz(), "pbn")
    assert "2D Pass Pass ____" in pbn
    assert any("kept as written" in w and "endplay" in w for w in said)


@pytest.mark.parametrize("fmt", ["lin", "rbn"])
def test_lin_and_rbn_name_the_blank_they_leave_out_as_the_quiz_s_turn(fmt: str) -> None:
    _, said = written(quiz(), fmt)
    assert any("board 1's bidding quiz's blank turn ____ (call 4, the student's)" in w for w in said)
    assert not any("illegal call" in w for w in said)


def test_validate_lists_the_blank_s_note_and_passes_the_quiz(tmp_path: Path) -> None:
    path = tmp_path / "quiz.pbn"
    path.write_text(QUIZ_BLANK)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0
    # two notes: the blank's, and South dealing board 1, which Law 2 gives North (legal: a lesson's choice)
    assert "read as a bidding quiz's blank" in result.output and "0 problems, 2 notes" in result.output
    path.write_text(QUIZ_BLANK.replace("[Vulnerable \"None\"]", "[Vulnerable \"Q\"]"))
    assert CliRunner().invoke(cli, ["validate", str(path)]).exit_code == 1  # a problem still fails it


def test_validate_marks_the_note_in_its_line_apart_from_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "quiz.pbn"
    path.write_text(QUIZ_BLANK.replace("[Vulnerable \"None\"]", "[Vulnerable \"Q\"]"))
    lines = CliRunner().invoke(cli, ["validate", str(path)]).output.splitlines()
    [note] = [line for line in lines if "quiz's blank" in line]
    assert note.startswith(f"{path}:6:14: note: '____' read as a bidding quiz's blank")
    assert not any(": note: " in line for line in lines if "Vulnerable" in line)


def read_out(tmp_path: Path, command: str, suffix: str) -> tuple[Path, list[str]]:
    """The quiz, and the lines ``command`` (convert or export) says reading it into a ``suffix`` file."""
    path = tmp_path / "quiz.pbn"
    path.write_text(QUIZ_BLANK)
    result = CliRunner().invoke(cli, [command, str(path), "-o", str(tmp_path / f"quiz.{suffix}")])
    assert result.exit_code == 0, result.output
    return path, result.output.splitlines()


@pytest.mark.parametrize(("command", "suffix"), [("convert", "json"), ("export", "parquet")])
def test_convert_and_export_mark_a_reading_note_as_validate_does(
        tmp_path: Path, command: str, suffix: str) -> None:
    path, lines = read_out(tmp_path, command, suffix)
    assert any(line.startswith(f"{path}:6:14: note: '____' read as a bidding quiz's blank") for line in lines)


def test_convert_counts_the_note_apart_from_the_issues(tmp_path: Path) -> None:
    _, lines = read_out(tmp_path, "convert", "json")
    assert lines[-1] == f"1 board written to {tmp_path / 'quiz.json'} (0 issues, 1 note)"
