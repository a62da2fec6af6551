"""Warnings of one kind: the first ten said, the others counted in one line when the command ends
(`bridgetools.cli.common.warn`), every one under ``bridgetools -v``; a file that failed is always said."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.cli.common import SHOWN_OF_A_KIND, kind_of

DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def disagreeing_games(path: Path, n: int) -> Path:
    """``n`` boards whose Declarer tag differs from their auction's declarer: one warning each."""
    games = [f'[Board "{b}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n'
             f'[Contract "1NT"]\n[Result "7"]\n[Auction "N"]\n1NT Pass Pass Pass\n\n'
             for b in range(1, n + 1)]
    path.write_text("".join(games), encoding="ascii")
    return path


def stderr_lines(*args: str) -> list[str]:
    result = CliRunner().invoke(cli, list(args))
    return result.stderr.splitlines()


def test_warnings_of_one_kind_after_the_tenth_are_counted_in_one_line_at_the_end(tmp_path: Path) -> None:
    games = disagreeing_games(tmp_path / "g.pbn", 25)
    lines = stderr_lines("export", str(games), "-o", str(tmp_path / "g.parquet"))
    differ = [line for line in lines if "differs from the auction" in line and not line.startswith("...")]
    assert len(differ) == SHOWN_OF_A_KIND
    assert lines[-1].startswith("... and 15 more like this one") and "differs from the auction" in lines[-1]


def test_verbose_says_every_warning(tmp_path: Path) -> None:
    games = disagreeing_games(tmp_path / "g.pbn", 25)
    lines = stderr_lines("-v", "export", str(games), "-o", str(tmp_path / "g.parquet"))
    assert sum("differs from the auction" in line for line in lines) == 25
    assert not any(line.startswith("... and") for line in lines)


def test_convert_counts_its_repeated_warnings_too(tmp_path: Path) -> None:
    games = disagreeing_games(tmp_path / "g.pbn", 12)
    lines = stderr_lines("convert", str(games), "-o", str(tmp_path / "out.pbn"))
    assert sum("differs from the auction" in line for line in lines) == SHOWN_OF_A_KIND + 1  # and the count
    assert any(line.startswith("... and 2 more like this one") for line in lines)


def test_every_file_that_fails_is_said(tmp_path: Path) -> None:
    names = [tmp_path / f"empty{n}.pbn" for n in range(12)]
    for name in names:
        name.write_text("", encoding="ascii")
    good = disagreeing_games(tmp_path / "g.pbn", 1)
    lines = stderr_lines("export", *map(str, names), str(good), "-o", str(tmp_path / "g.parquet"))
    assert all(any(line.startswith(str(name)) for line in lines) for name in names)


def test_warnings_differing_only_in_place_seats_and_numbers_are_one_kind() -> None:
    assert kind_of("a.pbn:333:1: Declarer N differs from the auction's S (board 10): the tag is kept") == \
        kind_of("a.pbn:900:1: Declarer W differs from the auction's E (board 92): the tag is kept")
    assert kind_of("a.pbn:3:1: illegal play H8 by East (trick 6): East does not hold H8 (South has it)") == \
        kind_of("a.pbn:9:4: illegal play SJ by South (trick 3): South does not hold SJ (East has it)")
    assert kind_of("a.pbn: named twice") != kind_of("b.pbn: named twice")
