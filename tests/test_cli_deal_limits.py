"""``bridgetools deal`` at the limit of deals tried: like dealer, what was found is kept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.dealer import compiler


def test_the_default_limit_is_dealers_ten_million() -> None:
    assert compiler.DEFAULT_GENERATE == 10_000_000


def test_boards_found_before_the_limit_are_written_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compiler, "DEFAULT_GENERATE", 3 * 4096)
    target = tmp_path / "rare.pbn"
    result = CliRunner().invoke(cli, ["deal", "-n", "500", "--seed", "1", "-o", str(target),
                                      "hcp(north) + hcp(south) >= 30"])
    found = len(re.findall(r"^\[Deal ", target.read_text(), re.M))
    assert result.exit_code == 0
    assert 0 < found < 500
    assert f"only {found} of 500 boards met the condition" in result.stderr
    assert "the default limit, 12,288 deals" in result.stderr


def test_docs_and_help_give_the_default_count_of_a_script_that_only_averages(tmp_path: Path) -> None:
    # dealer keeps every deal its `generate` gives when no action prints one; the docs and --help said
    # "the script's produce, else 40" only.
    script = tmp_path / "avg.dlr"
    script.write_text('generate 300\naction average "hcp" hcp(north)\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["deal", "--seed", "1", "-f", str(script)])
    assert result.exit_code == 0 and "Produced 300 hands" in result.stdout
    help_text = " ".join(CliRunner().invoke(cli, ["deal", "--help"]).stdout.split())
    docs = " ".join((Path(__file__).parent.parent / "docs" / "dealer.md").read_text(encoding="utf-8").split())
    for text in (help_text, docs):
        assert "only averages or counts" in text and "1,000,000" in text
