"""How many deals a run dealt: counted to the deal that completed it, as dealer's "Generated" line says."""

from __future__ import annotations

from bridgetools.dealer import deal_batches
from bridgetools.dealer.engine import Production


def generated(condition: str, n: int, jobs: int = 1) -> int:
    stats = Production()
    assert sum(len(b) for b in deal_batches(condition, n, seed=3, jobs=jobs, stats=stats)) == n
    return stats.generated


def test_a_run_that_keeps_every_deal_dealt_exactly_n() -> None:
    assert generated("1", 10) == 10
    assert generated("1", 5000) == 5000  # past one 4,096-deal chunk


def test_a_rejecting_run_counts_up_to_the_deal_that_completed_it() -> None:
    # The first 20 kept deals are the first 20 of the first 21 kept: the count grows, and by at least one.
    twenty, twenty_one = generated("hcp(north) + hcp(south) >= 26", 20), generated(
        "hcp(north) + hcp(south) >= 26", 21)
    assert 20 <= twenty < twenty_one


def test_the_count_does_not_depend_on_worker_processes() -> None:
    assert generated("hcp(north) + hcp(south) >= 26", 30, jobs=2) == generated(
        "hcp(north) + hcp(south) >= 26", 30)
