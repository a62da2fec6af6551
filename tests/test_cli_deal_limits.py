"""``bridgetools deal`` at the limit of deals tried: like dealer, what was found is kept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

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
                                      "spades(north) + spades(south) >= 10"])
    found = len(re.findall(r"^\[Deal ", target.read_text(), re.M))
    assert result.exit_code == 0
    assert 0 < found < 500
    said = f"only {found} of 500 boards: {found} of the default limit of 12,288 deals met the condition"
    assert said in result.stderr


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


def test_a_generate_whose_hand_drawn_exactly_finds_none_says_it_in_one_plain_sentence(tmp_path: Path) -> None:
    # "only 0 of 2 boards met the condition in 0 deals drawn exactly, as 10,000 random deals (the script's
    # generate, 10,000 deals)": the 10,000 said twice, and 0 deals dealt read as the run dealing nothing
    script = tmp_path / "rare.dlr"
    script.write_text("generate 10000\nproduce 2\ncondition hcp(north) >= 35\n", encoding="utf-8")
    output = tmp_path / "x.pbn"
    result = CliRunner().invoke(cli, ["deal", "-f", str(script), "--seed", "3", "-o", str(output)])
    assert result.exit_code == 0
    assert result.stderr.strip() == (
        "only 0 of 2 boards: none of the script's generate 10,000 deals met the condition (North's hand "
        "drawn exactly: 0 deals dealt within its limits, fewer than 0.01 expected); for the rest, leave the "
        "script's generate out (the default limit counts deals dealt)")


SHORTFALL = re.compile(r"(?:Error: \S+: )?only (\d+) of ([\d,]+) boards: (none|[\d,]+) of "
                       r"(the script's generate |the default limit of )[\d,]+ deals met the condition"
                       r"(?: \((.+) drawn exactly: (.+)\))?; for the rest, .+")


@pytest.mark.parametrize("script, args, limit, exact", [
    ("generate 3000\nproduce 40\nspades(north) + spades(south) >= 11\n", (), 4096, None),
    ("produce 40\nspades(north) + spades(south) >= 11\n", (), 4096, None),
    ("spades(north) + spades(south) == 13\n", ("-n", "3"), 4096, None),  # none: an error
    ("generate 30000\nproduce 40\nhcp(north) >= 27\n", (), 4096, "North's hand"),
    ("hcp(north) >= 30 && hcp(south) >= 10\n", ("-n", "30"), 3000, "North's hand"),
    ("hcp(north) >= 30 && hcp(south) >= 10\n", ("-n", "30"), 50, "North's hand"),  # none: an error
    ("generate 3000\nproduce 40\nhcp(north) + hcp(south) >= 37\n", (), 4096, "North's and South's hands"),
])
def test_every_shortfall_reads_alike(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str,
                                     args: tuple[str, ...], limit: int, exact: str | None) -> None:
    # random deals or hands drawn exactly, the script's generate or the default limit, produce or -n: one
    # form, "only K of N boards: K of <the limit> deals met the condition", and how hands were drawn
    monkeypatch.setattr(compiler, "DEFAULT_GENERATE", limit)
    source = tmp_path / "short.dlr"
    source.write_text(script, encoding="utf-8")
    result = CliRunner().invoke(cli, ["deal", "-f", str(source), "--seed", "1", *args,
                                      "-o", str(tmp_path / "x.pbn")])
    said = result.stderr.strip()
    shape = SHORTFALL.fullmatch(said)
    assert shape is not None, said
    found, _, found_again, _, hands, _ = shape.groups()
    assert found_again == ("none" if found == "0" else found)
    assert hands == exact


def run_script(path: Path, text: str, *args: str) -> Result:
    """``deal -f`` of a script of ``text`` written at ``path``, seed 1 unless ``args`` give another."""
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(cli, ["deal", "-f", str(path), "--seed", "1", *args])


def test_a_statistics_script_that_finds_none_does_not_count_boards_it_never_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # it keeps whatever its deals give, so "only 0 of 1000000 boards met the condition" named a count
    # nobody asked for
    monkeypatch.setattr(compiler, "DEFAULT_GENERATE", 5000)
    script = tmp_path / "never.dlr"
    result = run_script(script, "hcp(north) + spades(north) >= 40\naction average hcp(north)\n")
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"Error: {script}:1:1: none of the default limit of 5,000 deals met the condition")


@pytest.mark.parametrize("statistic", ['average "s" hcp(south)', 'frequency "s" (hcp(south), 0, 3)'])
def test_an_average_or_a_frequency_keeps_a_rare_hand_drawn_exactly_to_its_produce(
    tmp_path: Path, statistic: str
) -> None:
    # with `produce`, dealer's statistics are over the deals produced, which exact sampling gives alike; one
    # average counted the default limit as random deals and found none of 3 37-HCP hands
    script = f"produce 3\nhcp(north) >= 37\naction printoneline, {statistic}\n"
    result = run_script(tmp_path / "rare.dlr", script)
    assert result.exit_code == 0, result.stderr
    assert "Produced 3 hands" in result.stdout


def test_a_statistics_script_without_produce_counts_its_limit_as_dealers_random_deals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # its statistics are over every deal of dealer's default generate that meets the condition
    monkeypatch.setattr(compiler, "DEFAULT_GENERATE", 40_000)
    result = run_script(tmp_path / "stats.dlr", "condition hcp(north) >= 20\naction average hcp(south)\n")
    produced = int(re.search(r"^Produced (\d+) hands$", result.stdout, re.M).group(1))  # type: ignore[union-attr]
    assert result.exit_code == 0 and "Generated 40000 hands" in result.stdout
    assert 0 < produced < 40_000 * 0.05


def test_a_shortfall_under_a_generate_says_how_to_get_the_rest_and_that_way_gets_it(tmp_path: Path) -> None:
    script, target = tmp_path / "rare.dlr", tmp_path / "b.pbn"
    short = run_script(script, "generate 10000\nproduce 2\nhcp(north) >= 35\n", "-o", str(tmp_path / "a.pbn"))
    assert "for the rest, leave the script's generate out" in short.stderr
    whole = run_script(script, "produce 2\nhcp(north) >= 35\n", "-o", str(target))
    assert whole.exit_code == 0 and whole.stderr == ""
    assert target.read_text(encoding="utf-8").count("[Deal ") == 2


class _Bar:
    """A progress bar that keeps what it would draw last."""

    def __init__(self, length: int, label: str) -> None:
        self.length, self.pos, self.drawn = length, 0, (0, length)

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def make_step(self, k: int) -> None:
        self.pos += k

    def update(self, k: int) -> None:
        self.make_step(k)
        self.render_progress()

    def render_progress(self) -> None:
        self.drawn = (self.pos, self.length)


def test_the_progress_bar_ends_full_when_generate_ends_the_run(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # the bar stopped at 6% when a script's generate ended a run of -n 3000000
    from bridgetools.cli import deal as deal_command

    bars: list[_Bar] = []

    def drawn(n: int, label: str) -> _Bar:
        bars.append(_Bar(n, label))
        return bars[-1]

    monkeypatch.setattr(deal_command, "progress_bar", drawn)
    script = tmp_path / "few.dlr"
    script.write_text("generate 3000\ncondition hcp(north) > 10\n")
    result = CliRunner().invoke(cli, ["deal", "-f", str(script), "-n", "20000", "--seed", "1",
                                      "-o", str(tmp_path / "few.pbn")])
    assert result.exit_code == 0, result.output
    (bar,) = bars
    done, whole = bar.drawn
    assert 0 < done == whole < 20000
