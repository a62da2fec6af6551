"""``bridgetools bid``: computer auctions for a file's boards, written as PBN with explanations."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.cli import cli

PBN = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AQ2.KJ3.KT98.Q32 T74.Q85.A74.AT74 J85.A962.J52.J85 K963.T74.Q63.K96"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AQ2.KJ3.KT98.Q32 T74.Q85.A74.AT74 J85.A962.J52.J85 K963.T74.Q63.K96"]
[Auction "E"]
Pass Pass Pass Pass
"""


def _run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["bid", *args], input=stdin, prog_name="bridgetools")
    return result.exit_code, result.stdout, result.stderr


def test_bid_gives_a_board_without_an_auction_one_with_notes(tmp_path: Path) -> None:
    src = tmp_path / "in.pbn"
    src.write_text(PBN, encoding="utf-8")
    out = tmp_path / "out.pbn"
    code, _, err = _run([str(src), "-o", str(out), "-q"])
    assert code == 0, err
    boards = list(bt.read(out))
    assert [str(c) for c in boards[0].auction.calls][:1] == ["1NT"]
    assert '[Note "1:1NT opening: 15-17 HCP, balanced"]' in out.read_text(encoding="utf-8")


def test_bid_keeps_an_auction_the_board_has_unless_rebid(tmp_path: Path) -> None:
    code, out, _ = _run(["-", "-q"], PBN)
    assert code == 0
    kept = list(bt.loads(out, "pbn"))[1]
    assert [str(c) for c in kept.auction.calls] == ["Pass"] * 4
    code, out, _ = _run(["-", "-q", "--rebid"], PBN)
    rebid = list(bt.loads(out, "pbn"))[1]
    assert [str(c) for c in rebid.auction.calls] != ["Pass"] * 4


def test_bid_names_a_missing_file_in_one_line() -> None:
    code, _, err = _run(["no-such.pbn"])
    assert code == 1
    assert err.strip().count("\n") == 0 and "no-such.pbn" in err


# South's five spades and a void opposite North's 1S: the judge bids 4S at once where the rules pass.
FIT_PBN = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AQ952.K6.K873.K5 T76.QJT.QJ6.JT96 KJ843.A5432..Q43 .987.AT9542.A872"]
"""


def test_bid_judges_game_by_simulation_with_judge_and_not_with_rules_only() -> None:
    pytest.importorskip("endplay")
    code, judged, err = _run(["-", "-q", "--judge"], FIT_PBN)
    assert code == 0, err
    assert "judged by double-dummy simulation" in judged
    code, rules, err = _run(["-", "-q", "--rules-only"], FIT_PBN)
    assert code == 0, err
    assert "simulation" not in rules


def test_bid_counts_only_the_boards_it_bid_and_names_those_it_could_not(tmp_path: Path) -> None:
    partial = (PBN + '\n[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
               '[Deal "S:A5.KT83.K752.843 - K43.AQJ54.63.T95 -"]\n')  # a lesson's two hands
    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    src.write_text(partial, encoding="utf-8")
    code, _, err = _run([str(src), "-o", str(out)])
    assert code == 0, err
    assert "board 3: no four full hands to bid, written unchanged" in err
    assert f"1 board bid, 1 kept their own auction, 1 could not be bid; 3 boards written to {out}" in err
