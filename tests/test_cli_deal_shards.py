"""``bridgetools deal --shard i/N``: shards of one seeded run deal different boards, numbered apart."""

from __future__ import annotations

import re

from click.testing import CliRunner

from bridgetools.cli import cli


def shard(i: int, n: int = 3) -> tuple[list[int], list[str]]:
    result = CliRunner().invoke(cli, ["deal", "-n", str(n), "--seed", "5", "--shard", f"{i}/2", "-q",
                                      "hcp(north) >= 10"])
    assert result.exit_code == 0, result.output
    numbers = [int(m) for m in re.findall(r'^\[Board "(\d+)"\]', result.stdout, re.M)]
    deals = re.findall(r'^\[Deal "(.+)"\]', result.stdout, re.M)
    return numbers, deals


def test_shard_i_numbers_its_boards_from_i_times_n_plus_1() -> None:
    assert shard(0)[0] == [1, 2, 3]
    assert shard(1)[0] == [4, 5, 6]


def test_shards_deal_different_boards_and_each_repeats_itself() -> None:
    first, second = shard(0)[1], shard(1)[1]
    assert not set(first) & set(second)
    assert shard(1)[1] == second
