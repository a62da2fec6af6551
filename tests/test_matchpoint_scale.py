"""A session's matchpoint scale: the file's own (the ACBL's 1 a table beaten) where the matchpoints it gives
are half ours, else ours (2 a table beaten, the EBU's); `--mp-scale acbl|ebu` names it. One rule for
`analyze --by pair` and a printed traveller; percentages the same on both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.analysis.field import matchpoint_scale
from bridgetools.cli import cli

DEAL_1 = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"
DEAL_2 = "E:KQ76.AJ5.K32.Q94 AT984.KQT98.5.K3 32.2.QJT94.T8762 J5.7643.A876.AJ5"
TABLE = '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer;Result\\2R;Score_NS\\5R{mp}"]\n'


def session(tmp_path: Path, given: str | None) -> Path:
    """Three tables of two boards; board 1's ScoreTable gives ``given`` (each row's MP_NS and MP_EW, rows
    apart by ``;``: a tie at the second and third tables), board 2's none."""
    one = ["1 4 3NT E 9 -400", "2 5 4S E 10 -420", "3 6 4S E 10 -420"]
    two = ["1 4 4H N 10 620", "2 5 4H N 11 650", "3 6 4H N 9 -100"]
    mps = given.split(";") if given is not None else ["", "", ""]
    path = tmp_path / "club.pbn"
    path.write_text(
        '[Event "Club"]\n[Date "2026.12.07"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Scoring "MP"]\n[Deal "{DEAL_1}"]\n' + TABLE.format(mp=";MP_NS;MP_EW" if given else "")
        + "".join(f"{row} {mp}\n" for row, mp in zip(one, mps, strict=True))
        + f'\n[Event "Club"]\n[Date "2026.12.07"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n'
        f'[Scoring "MP"]\n[Deal "{DEAL_2}"]\n' + TABLE.format(mp="") + "".join(f"{row}\n" for row in two),
        encoding="utf-8")
    return path


def ranked(path: Path, *options: str) -> dict[str, tuple[float, float, float]]:
    """Each North-South pair's matchpoints, top and percentage as `analyze --by pair` gives them."""
    result = CliRunner().invoke(cli, ["analyze", str(path), "--by", "pair", "--format", "json", *options])
    assert result.exit_code == 0, result.output
    return {p["pair"]: (p["mp"], p["top"], p["percentage"]) for p in json.loads(result.stdout)
            if p["direction"] == "NS"}


ACBL = "2 0;0.5 1.5;0.5 1.5"
"""Board 1 matchpointed 1 a table beaten and 1/2 a tie (top 2): North-South 1 beat both, 2 and 3 tied."""


def test_a_tie_on_the_acbls_scale_is_half_of_ours() -> None:
    assert matchpoint_scale([(2.0, 4.0), (0.5, 1.0), (0.5, 1.0), (1.5, 3.0)]) == 0.5


def test_matchpoints_given_on_our_scale_keep_ours() -> None:
    assert matchpoint_scale([(4.0, 4.0), (1.0, 1.0), (1.0, 1.0)]) == 1.0


def test_a_neuberg_figure_rounded_to_one_decimal_is_still_half() -> None:
    assert matchpoint_scale([(3.3, 6.67), (0.7, 1.33)]) == 0.5


def test_a_field_of_zeros_says_no_scale() -> None:
    assert matchpoint_scale([(0.0, 0.0)]) == 1.0


def test_a_scale_named_overrides_the_files() -> None:
    assert matchpoint_scale([(2.0, 4.0)], "ebu") == 1.0
    assert matchpoint_scale([(4.0, 4.0)], "acbl") == 0.5


def test_analyze_by_pair_shows_the_matchpoints_on_the_scale_the_file_gives_them(tmp_path: Path) -> None:
    # Board 1: 2, 1/2, 1/2 (the ACBL's); board 2 counted on it too: 620 beats -100 only, 650 both.
    assert ranked(session(tmp_path, ACBL)) == {"1": (3.0, 4.0, 75.0), "2": (2.5, 4.0, 62.5),
                                               "3": (0.5, 4.0, 12.5)}


def test_analyze_by_pair_keeps_two_a_table_where_the_file_gives_none_or_ours(tmp_path: Path) -> None:
    ours = {"1": (6.0, 8.0, 75.0), "2": (5.0, 8.0, 62.5), "3": (1.0, 8.0, 12.5)}
    assert ranked(session(tmp_path, None)) == ours
    assert ranked(session(tmp_path, "4 0;1 3;1 3")) == ours


def test_mp_scale_names_the_scale_over_what_the_file_gives(tmp_path: Path) -> None:
    assert ranked(session(tmp_path, ACBL), "--mp-scale", "ebu")["1"] == (6.0, 8.0, 75.0)
    assert ranked(session(tmp_path, None), "--mp-scale", "acbl")["1"] == (3.0, 4.0, 75.0)


def test_mp_scale_is_refused_where_no_matchpoints_are_shown(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["analyze", str(session(tmp_path, None)), "--mp-scale", "acbl"])
    assert result.exit_code == 2
    assert "--mp-scale shows the pairs' matchpoints" in result.stderr


@pytest.mark.parametrize(("given", "options", "counted"), [
    (ACBL, (), "1 1;2 0;0 2"), (ACBL, ("--mp-scale", "ebu"), "2 2;4 0;0 4"),
    ("4 0;1 3;1 3", (), "2 2;4 0;0 4"),
    (None, ("--mp-scale", "acbl"), "1 1;2 0;0 2")])
def test_print_traveller_counts_on_the_scale_analyze_shows(tmp_path: Path, given: str | None,
                                                          options: tuple[str, ...], counted: str) -> None:
    page = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(session(tmp_path, given)), "-o", str(page), "--traveller",
                                      *options])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    for score, mp in zip(("620</td><td>", "650</td><td>", "</td><td>100"), counted.split(";"), strict=True):
        ns, ew = mp.split()
        assert f"<td>{score}</td><td>{ns}</td><td>{ew}</td>" in html


def test_print_mp_scale_warns_of_the_boards_whose_given_matchpoints_are_on_another_scale(
        tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(session(tmp_path, ACBL)), "-o", str(page), "--traveller",
                                      "--mp-scale", "ebu"])
    assert result.exit_code == 0, result.output
    assert ("--mp-scale ebu: the matchpoints given on board 1 are on another scale, printed as given beside "
            "the tables counted on the EBU's, 2 a table beaten") in result.stderr


def test_print_mp_scale_on_the_files_own_scale_warns_of_nothing(tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(session(tmp_path, ACBL)), "-o", str(page), "--traveller",
                                      "--mp-scale", "acbl"])
    assert result.exit_code == 0, result.output
    assert "--mp-scale" not in result.stderr
