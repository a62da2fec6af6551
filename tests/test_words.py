"""Counts in messages are in good English: ``1 board``, ``1 file``, ``1 trick``, never ``1 boards``."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from bridgetools.cli import cli


def test_export_of_one_file_says_one_file_and_one_board(tmp_path: Path) -> None:
    source = tmp_path / "one.pbn"
    assert CliRunner().invoke(cli, ["deal", "-n", "1", "-q", "-o", str(source)]).exit_code == 0
    result = CliRunner().invoke(cli, ["export", str(source), "-o", str(tmp_path / "x.parquet")])
    assert result.exit_code == 0, result.output
    assert result.stderr.strip().endswith(": 1 board, 0 results (no board has a contract) from 1 file")


def test_a_score_breakdown_with_one_trick_says_one_trick() -> None:
    result = CliRunner().invoke(cli, ["score", "7NT", "1"])
    assert result.exit_code == 0 and "7NT not vulnerable, 1 trick: down 12" in result.stdout


def test_board_numbers_are_named_once_each_with_runs_as_ranges() -> None:
    from bridgetools._words import numbers_named

    assert numbers_named(["3", "1", "2", "2", "5", "9", "10", "11"]) == "1-3, 5, 9-11"


def test_boards_named_by_a_number_given_twice_are_counted_in_all() -> None:
    """A match's two rooms name each board twice: the message says how many boards it means."""
    from bridgetools._words import boards_numbered

    assert boards_numbered(["1", "2", "3", "1", "2", "3"]) == "6 boards, numbered 1-3"
    assert (boards_numbered(["7"]), boards_numbered(["7", "9"])) == ("board 7", "boards 7, 9")


def test_a_long_list_of_board_numbers_ends_with_an_ellipsis() -> None:
    from bridgetools._words import NAMED_AT_MOST, numbers_named

    named = numbers_named([str(n) for n in range(1, 200, 2)])
    assert named.endswith(", ...") and named.count(",") == NAMED_AT_MOST
