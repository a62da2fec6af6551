"""``--first-board N`` numbers a BRI or DGE file's boards (which give no numbers) from N on every command
that reads hand-record files, as it does for convert, validate, show and print (hand-records spec §1)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.cli import cli
from bridgetools.cli.play import _boards as boards_to_play

READERS = ["convert", "validate", "show", "print", "export", "analyze", "dd", "bid", "play", "autoplay"]


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="bridgetools")
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(params=["bri", "dge"])
def set_of_two(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """Two dealt boards in a file that gives no board numbers."""
    path = tmp_path / f"t25.{request.param}"
    code, _, err = invoke("deal", "-n", "2", "--seed", "4", "-q", "-o", str(path))
    assert code == 0, err
    return path


@pytest.mark.parametrize("command", READERS)
def test_every_command_that_reads_hand_records_takes_first_board(command: str) -> None:
    code, out, _ = invoke(command, "--help")
    assert code == 0
    assert "--first-board N" in out


def test_export_numbers_the_boards_from_first_board(set_of_two: Path, tmp_path: Path) -> None:
    out = tmp_path / "t.parquet"
    code, _, err = invoke("export", str(set_of_two), "--first-board", "25", "-o", str(out), "-q")
    assert code == 0, err
    assert sorted(pd.read_parquet(out)["board"]) == [25, 26]


def test_analyze_reads_with_first_board(tmp_path: Path) -> None:
    """analyze reads its files as export does: the option reaches the reader, which says a PBN file
    numbers its own boards."""
    pbn = tmp_path / "club.pbn"
    pbn.write_text('[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
                   '[Deal "N:AQ2.KJ3.KT98.Q32 T74.Q85.A74.AT74 J85.A962.J52.J85 K963.T74.Q63.K96"]\n'
                   '[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n', encoding="utf-8")
    code, _, err = invoke("analyze", str(pbn), "--first-board", "25")
    assert code == 0, err
    assert "the first board (25) numbers BRI and DGE files" in err


NUMBERED = ('[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
            '[Deal "N:AQ2.KJ3.KT98.Q32 T74.Q85.A74.AT74 J85.A962.J52.J85 K963.T74.Q63.K96"]\n'
            '[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n')
"""A PBN board that gives its own number, which --first-board leaves alone (and the reader says so)."""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_export_says_each_file_s_unused_first_board_once(tmp_path: Path, jobs: str) -> None:
    # it went to Python's warnings (a raw UserWarning line, or none at all from --jobs workers)
    for name in ("monday.pbn", "tuesday.pbn"):
        (tmp_path / name).write_text(NUMBERED, encoding="utf-8")
    code, _, err = invoke("export", str(tmp_path / "monday.pbn"), str(tmp_path / "tuesday.pbn"),
                          "--first-board", "5", "--jobs", jobs, "-o", str(tmp_path / "t.parquet"))
    assert code == 0, err
    for name in ("monday.pbn", "tuesday.pbn"):
        assert err.count(f"warning: {tmp_path / name}: the first board (5) numbers BRI and DGE") == 1


def test_export_quiet_says_no_unused_first_board(tmp_path: Path) -> None:
    (tmp_path / "club.pbn").write_text(NUMBERED, encoding="utf-8")
    code, _, err = invoke("export", str(tmp_path / "club.pbn"), "--first-board", "5", "-q",
                          "-o", str(tmp_path / "t.parquet"))
    assert code == 0 and err == ""


def test_dd_finds_a_board_by_the_number_first_board_gives(set_of_two: Path) -> None:
    pytest.importorskip("endplay")
    code, out, err = invoke("dd", str(set_of_two), "--first-board", "25", "-b", "26", "-q")
    assert code == 0, err
    assert "26" in out.splitlines()[0]


def test_bid_writes_the_boards_under_the_numbers_first_board_gives(set_of_two: Path, tmp_path: Path) -> None:
    out = tmp_path / "bid.pbn"
    code, _, err = invoke("bid", str(set_of_two), "--first-board", "25", "--rules-only", "-q", "-o", str(out))
    assert code == 0, err
    assert [board.number for board in bt.read(out)] == [25, 26]


def test_autoplay_writes_the_boards_under_the_numbers_first_board_gives(set_of_two: Path,
                                                                       tmp_path: Path) -> None:
    out = tmp_path / "played.pbn"
    code, _, err = invoke("autoplay", str(set_of_two), "--first-board", "25", "--rules-only", "--seed", "1",
                          "--samples", "1", "-q", "-o", str(out))
    assert code == 0, err
    assert [board.number for board in bt.read(out)] == [25, 26]


def test_play_deals_the_boards_under_the_numbers_first_board_gives(set_of_two: Path) -> None:
    assert [board.number for board in boards_to_play(str(set_of_two), first_board=25)] == [25, 26]
