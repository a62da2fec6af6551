"""The dealer manual's example scripts (tests/data/dealer/Descr.*) run unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools import evaluate
from bridgetools.cli import cli
from bridgetools.formats import loads
from bridgetools.model import Deal, Hand, Seat, Suit, Vul

EXAMPLES = Path(__file__).parent / "data" / "dealer"
SCRIPTS = sorted(EXAMPLES.glob("Descr.*"))


def run(path: Path, *options: str) -> str:
    result = CliRunner().invoke(cli, ["deal", "-f", str(path), "-q", *options])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_all_seventeen_examples_are_here() -> None:
    assert len(SCRIPTS) == 17


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_example_runs_unchanged(path: Path) -> None:
    out = run(path, "-n", "20", "--seed", "1")
    closing = out.replace("\n% ", "\n")  # Descr.pbn only prints PBN: its closing lines are PBN comments
    assert "Produced 20 hands\nInitial random seed 1\n" in closing


@pytest.mark.parametrize("name", ["Descr.blue_team", "Descr.you_hold", "Descr.weaktwo"])
def test_example_repeats_with_the_same_seed(name: str) -> None:
    path = EXAMPLES / name
    first, again = run(path, "-n", "10", "--seed", "5"), run(path, "-n", "10", "--seed", "5")
    strip = re.compile(r"Time needed .*\n")
    assert strip.sub("", first) == strip.sub("", again)


def test_operator_order_prints_what_the_reference_output_says() -> None:
    ours = run(EXAMPLES / "Descr.test_operator_order", "--seed", "1")
    reference = (EXAMPLES / "Refer.test_operator_order").read_text(encoding="utf-8")
    assert ours.splitlines()[:12] == reference.splitlines()[:12]


def test_evaluation_example_agrees_with_the_scalar_evaluation() -> None:
    out = run(EXAMPLES / "Descr.evaluation", "--seed", "4").replace("\f", "\n")  # pages end in form feeds
    page = out.split("North hands:\n\n\n\n", 1)[1]
    rows = page.splitlines()[1:5]  # spades, hearts, diamonds, clubs under "   1."
    holdings = ["".join(row.split()).replace("-", "") for row in rows]
    north = Hand.from_pbn(".".join(holdings))
    values = dict(re.findall(r"^(\w+): (-?\d+)$", out, flags=re.M))
    assert int(values["HCP"]) == evaluate.hcp(north)
    assert int(values["Losers"]) == evaluate.losers(north)
    assert int(values["Control"]) == evaluate.controls(north)
    assert int(values["C4"]) == evaluate.cccc_hundredths(north)
    per_suit = re.findall(r"^S : (-?\d+)$", out, flags=re.M)
    assert int(per_suit[0]) == evaluate.losers(north, Suit.S)
    assert int(per_suit[1]) == evaluate.hcp(north, Suit.S)


def _west_opens_one_club_and_north_overcalls_two_diamonds(deal: Deal) -> bool:
    """The manual's complete example (tests/data/dealer/manual_complete_example.dlr), written out in
    Python: West opens 1C (not 1NT, a major or 1D) and North overcalls 2D (a six or seven-card suit, no
    four-card side suit)."""
    west, north = deal.hand(Seat.W), deal.hand(Seat.N)
    s, h, d, c = (west.length(suit) for suit in (Suit.S, Suit.H, Suit.D, Suit.C))
    west1n = evaluate.is_balanced(west) and s != 5 and h != 5 and 14 < evaluate.hcp(west) < 18
    west1d = d > c or (d == c) == 4  # as written: (d == c) == 4 is never true
    west1c = not west1n and evaluate.hcp(west) > 10 and c >= 3 and h < 5 and s < 5 and not west1d
    lengths = [north.length(suit) for suit in (Suit.S, Suit.H, Suit.C)]
    north2d = 5 < evaluate.hcp(north) < 12 and north.length(Suit.D) in (6, 7) and not {4, 5} & set(lengths)
    return west1c and north2d


def test_the_manuals_complete_example_runs_unchanged_and_meets_its_condition(tmp_path: Path) -> None:
    script = EXAMPLES / "manual_complete_example.dlr"
    out = run(script, "--seed", "11")
    assert out.count("\n  25.\n") == 1 and "Produced 25 hands\nInitial random seed 11\n" in out
    dealt = CliRunner().invoke(cli, ["deal", "-f", str(script), "-q", "--seed", "11", "--format", "json"])
    boards = loads(dealt.stdout, "json")
    assert len(boards) == 25
    for board in boards:
        assert board.deal is not None and board.deal.hand(Seat.S).to_pbn() == "AQ542.KJ87.32.AK"
        assert board.dealer is Seat.W and board.vulnerability is Vul.EW
        assert _west_opens_one_club_and_north_overcalls_two_diamonds(board.deal)
