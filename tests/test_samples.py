"""Every sample script in samples/ runs, and every board it deals meets its condition."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.dealer.batch import DealBatch
from bridgetools.dealer.compiler import compile_script
from bridgetools.dealer.language import parse
from bridgetools.model import Deal

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.dlr"))


def test_there_are_at_least_ten_practice_scripts() -> None:
    assert len(SAMPLES) >= 10


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_deals_boards_that_meet_its_condition(path: Path) -> None:
    result = CliRunner().invoke(cli, ["deal", "-f", str(path), "-n", "4", "--seed", "1", "--format", "json"])
    assert result.exit_code == 0, result.output
    deals = [Deal.from_pbn(b["deal"]) for b in json.loads(result.stdout)["boards"]]
    script = parse(path.read_text(encoding="utf-8"), path.name)
    assert len(deals) == 4
    assert compile_script(script).accept(DealBatch.from_deals(deals)).all()
    for seat, hand in script.predeal:
        assert all(d.hand(seat).mask & hand.mask == hand.mask for d in deals)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_runs_as_dealer_would(path: Path) -> None:
    result = CliRunner().invoke(cli, ["deal", "-f", str(path), "-n", "3", "--seed", "2", "-q"])
    assert result.exit_code == 0, result.output
    script = parse(path.read_text(encoding="utf-8"), path.name)
    if script.actions is not None:
        assert "Produced 3 hands" in result.stdout
    else:
        assert result.stdout.count("[Deal ") == 3
