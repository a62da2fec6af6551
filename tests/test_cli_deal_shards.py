"""``bridgetools deal --shard i/N``: shards 1..N of one seeded run deal different boards, numbered apart."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.model import Deal


def shard(i: int, n: int = 3, *more: str) -> tuple[list[int], list[str]]:
    result = CliRunner().invoke(cli, ["deal", "-n", str(n), "--seed", "5", "--shard", f"{i}/2", "-q", *more,
                                      "hcp(north) >= 10"])
    assert result.exit_code == 0, result.output
    numbers = [int(m) for m in re.findall(r'^\[Board "(\d+)"\]', result.stdout, re.M)]
    deals = re.findall(r'^\[Deal "(.+)"\]', result.stdout, re.M)
    return numbers, deals


def test_shard_i_numbers_its_boards_from_i_minus_1_times_n_plus_1() -> None:
    assert shard(1)[0] == [1, 2, 3]
    assert shard(2)[0] == [4, 5, 6]


def test_the_last_shard_is_n_of_n() -> None:
    result = CliRunner().invoke(cli, ["deal", "-n", "1", "--seed", "5", "--shard", "3/3", "-q"])
    assert result.exit_code == 0 and '[Board "3"]' in result.stdout and "shard 3/3" in result.stdout


def test_shards_deal_different_boards_and_each_repeats_itself() -> None:
    first, second = shard(1)[1], shard(2)[1]
    assert not set(first) & set(second)
    assert shard(2)[1] == second


def test_shard_numbers_count_on_from_the_first_board() -> None:
    assert shard(2, 3, "--first-board", "101")[0] == [104, 105, 106]


def test_shards_together_deal_what_the_engine_deals_for_each_chunk_index() -> None:
    from bridgetools.dealer.compiler import make_plan
    from bridgetools.dealer.engine import produce

    plan = make_plan("hcp(north) >= 10")
    second = produce(plan.accept, 3, 5, shard=(1, 2))
    expected = [d for batch in second for d in batch.to_deals()]
    assert [Deal.from_pbn(d) for d in shard(2)[1]] == expected


def test_readme_docs_and_help_number_shard_boards_as_the_command_does() -> None:
    root = Path(__file__).parent.parent
    claim = re.compile(r"`--shard (\d+)/(\d+) -n (\d+)` deals\s+boards\s+(\d+)-(\d+)")
    claims = [claim.search(" ".join((root / name).read_text(encoding="utf-8").split()))
              for name in ("README.md", "docs/dealer.md")]
    assert all(claims) and len({c.groups() for c in claims if c}) == 1
    i, n, count, low, high = (int(x) for x in claims[0].groups())  # type: ignore[union-attr]
    result = CliRunner().invoke(cli, ["deal", "-q", "--seed", "1", "-n", str(count), "--shard", f"{i}/{n}"])
    numbers = [int(m) for m in re.findall(r'^\[Board "(\d+)"\]', result.stdout, re.M)]
    assert numbers == list(range(low, high + 1))
    help_text = " ".join(CliRunner().invoke(cli, ["deal", "--help"]).stdout.split())
    assert "shard i of N (1 to N)" in help_text and "(i-1) x n + 1" in help_text
    assert low == (i - 1) * count + 1
