"""``bridgetools autoplay``: boards played out by computer players and written as full PBN records."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.bots import play as bots_play
from bridgetools.cli import cli
from bridgetools.scoring import ns_score

DEAL = bt.Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")


def board_file(tmp_path: Path, *boards: bt.Board) -> Path:
    path = tmp_path / "in.pbn"
    bt.write(list(boards), str(path), "pbn")
    return path


def bid(calls: str, number: int = 1) -> bt.Board:
    dealer = bt.Seat.dealer_of_board(number)
    return bt.Board(number=number, deal=DEAL, auction=bt.Auction(dealer, calls.split()))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["autoplay", *args], prog_name="bridgetools")
    return result.exit_code, result.output


def test_each_board_is_written_with_its_play_result_and_score(tmp_path: Path) -> None:
    out = tmp_path / "out.pbn"
    code, output = run(str(board_file(tmp_path, bid("1NT P 3NT P P P"))), "-o", str(out), "--seed", "1",
                       "--samples", "1", "-q")
    assert code == 0, output
    (board,) = list(bt.read(str(out)))
    assert board.play is not None and len(board.play.cards) == 52
    assert board.tricks == board.play.result and board.contract == bt.Contract.from_str("3NT")
    points = ns_score(board.contract, board.declarer, board.tricks, board.vulnerability)
    assert board.tags["Score"] == f"NS {points}"


def test_a_passed_out_board_is_written_without_play_and_scores_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.pbn"
    code, output = run(str(board_file(tmp_path, bid("P P P P"))), "-o", str(out), "--seed", "1", "-q")
    assert code == 0, output
    (board,) = list(bt.read(str(out)))
    assert board.play is None and board.tags["Score"] == "NS 0"


def test_the_same_seed_gives_the_same_records_with_any_number_of_jobs(tmp_path: Path) -> None:
    source = str(board_file(tmp_path, bid("1NT P 3NT P P P", 1), bid("P 1S P 4S P P P", 2)))
    one, two = tmp_path / "one.pbn", tmp_path / "two.pbn"
    assert run(source, "-o", str(one), "--seed", "9", "--samples", "1", "-q")[0] == 0
    assert run(source, "-o", str(two), "--seed", "9", "--samples", "1", "--jobs", "2", "-q")[0] == 0
    assert one.read_text() == two.read_text()


def test_a_board_without_an_auction_is_an_error_when_no_bidder_is_installed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots_play, "_bidder", lambda: None)
    source = board_file(tmp_path, bt.Board(number=3, deal=DEAL))
    out = tmp_path / "out.pbn"
    code, output = run(str(source), "-o", str(out), "--seed", "1")
    assert code == 1
    assert "board 3" in output and "no complete auction" in output and "Traceback" not in output
    assert not out.exists()


def test_a_board_without_all_four_hands_is_an_error(tmp_path: Path) -> None:
    partial = bt.Deal([DEAL[bt.Seat.N], None, None, None])
    source = board_file(tmp_path, bt.Board(number=1, deal=partial, auction=bt.Auction(bt.Seat.N, ["P"] * 4)))
    code, output = run(str(source), "--seed", "1")
    assert code == 1 and "all four hands" in output


SCHIPHOL = Path(__file__).parent / "data" / "pbn" / "pbn__Schiphol.pbn"
"""One board with its auction, its play and a Note on the opening lead (SK =1=)."""


def test_a_play_the_file_gave_is_replaced_with_a_warning_and_its_card_notes_go_too(tmp_path: Path) -> None:
    out = tmp_path / "out.pbn"
    result = CliRunner().invoke(cli, ["autoplay", str(SCHIPHOL), "-o", str(out), "--seed", "1",
                                      "--samples", "1"], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert "board 1: the play the file gave is replaced by the computer's" in result.output
    text = out.read_text(encoding="utf-8")
    play_section = text[text.index("[Play "):]
    assert "highest of series" not in play_section  # the note of the lead no longer made
    (board,) = list(bt.read(str(out)))
    assert not board.issues  # no Note left that no card refers to
