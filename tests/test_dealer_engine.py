"""Seeded deal streams: the same seed gives the same deals, whatever the batch, the workers or the shards."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from bridgetools.dealer.batch import DealBatch
from bridgetools.dealer.engine import DealStream, Production, fresh_seed, produce
from bridgetools.dealer.smart import HandSpec
from bridgetools.errors import ConstraintError
from bridgetools.model import Hand, Seat


class NorthOpens:
    """North has 12 or more HCP: a picklable condition, as worker processes need."""

    def __call__(self, batch: DealBatch) -> npt.NDArray[np.bool_]:
        return batch.hcp(Seat.N) >= 12


def _hands(batches: object) -> npt.NDArray[np.uint64]:
    return DealBatch.concat(list(batches)).hands  # type: ignore[call-overload]


def test_same_seed_gives_the_same_deals() -> None:
    first = _hands(produce(NorthOpens(), 500, seed=42))
    again = _hands(produce(NorthOpens(), 500, seed=42))
    assert np.array_equal(first, again)
    assert not np.array_equal(first, _hands(produce(NorthOpens(), 500, seed=43)))


def test_exactly_n_deals_are_produced_and_all_meet_the_condition() -> None:
    hands = _hands(produce(NorthOpens(), 1234, seed=1))
    assert len(hands) == 1234
    assert (DealBatch(hands).hcp(Seat.N) >= 12).all()


def test_asking_for_more_deals_extends_the_same_stream() -> None:
    short = _hands(produce(NorthOpens(), 100, seed=5))
    long = _hands(produce(NorthOpens(), 3000, seed=5))
    assert np.array_equal(long[:100], short)


def test_worker_processes_give_the_same_deals_in_the_same_order() -> None:
    alone = _hands(produce(NorthOpens(), 3000, seed=9))
    shared = _hands(produce(NorthOpens(), 3000, seed=9, jobs=2))
    assert np.array_equal(alone, shared)


def test_exact_sampling_streams_are_the_same_with_worker_processes() -> None:
    spec = HandSpec(Seat.N, lengths=((6, 13), (0, 13), (0, 13), (0, 13)), hcp=(12, 37))
    alone = _hands(produce(NorthOpens(), 5000, seed=10, specs=[spec]))
    shared = _hands(produce(NorthOpens(), 5000, seed=10, specs=[spec], jobs=2))
    assert np.array_equal(alone, shared)
    assert spec.matches(DealBatch(alone)).all()


def test_shards_split_the_chunks_of_one_run_between_them() -> None:
    chunk = 64
    whole = DealStream(11, chunk=chunk)
    shard_one = _hands(produce(None, 3 * chunk, seed=11, shard=(1, 3), chunk=chunk))
    expected = np.concatenate([whole.deals(k).hands for k in (1, 4, 7)])
    assert np.array_equal(shard_one, expected)


def test_a_shard_outside_its_count_is_refused() -> None:
    with pytest.raises(ConstraintError, match="shard"):
        list(produce(None, 1, seed=1, shard=(3, 3)))


def test_generated_limit_stops_a_run_that_keeps_too_few() -> None:
    stats = Production()
    hands = _hands(produce(NorthOpens(), 10**6, seed=3, max_generated=1000, stats=stats))
    assert stats.generated == 1000
    whole = DealStream(3).deals(0)[:1000]
    assert np.array_equal(hands, whole.select(whole.hcp(Seat.N) >= 12).hands)


def test_progress_reports_every_deal_produced() -> None:
    seen: list[int] = []
    list(produce(None, 10_000, seed=2, progress=seen.append))
    assert sum(seen) == 10_000


def test_predealt_cards_are_in_every_deal_of_the_stream() -> None:
    aces = Hand.parse("SA HA DA CA").mask
    hands = _hands(produce(None, 100, seed=4, predeal={Seat.S: aces}))
    assert (hands[:, Seat.S] & np.uint64(aces) == np.uint64(aces)).all()


def test_fresh_seeds_differ() -> None:
    assert fresh_seed() != fresh_seed()


class Counted:
    """North opens, counting the deals it is asked about, as a costly double-dummy condition would be."""

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, batch: DealBatch) -> npt.NDArray[np.bool_]:
        self.asked += batch.n
        return batch.hcp(Seat.N) >= 12


def test_a_run_needing_few_deals_tests_only_the_start_of_its_chunk() -> None:
    condition = Counted()
    stats = Production()
    few = _hands(produce(condition, 2, seed=7, chunk=80, stats=stats))
    assert condition.asked < 80
    whole = _hands(produce(NorthOpens(), 80, seed=7, chunk=80))
    assert np.array_equal(few, whole[:2])
    assert stats.generated <= condition.asked


def test_the_deals_dealt_count_up_to_the_deal_that_completes_the_run() -> None:
    chunk = _hands(produce(None, 80, seed=7, chunk=80))
    places = np.flatnonzero(DealBatch(chunk).hcp(Seat.N) >= 12)
    stats = Production()  # a run that needs every deal its first chunk keeps, and no more
    deals = _hands(produce(NorthOpens(), len(places), seed=7, chunk=80, stats=stats))
    assert len(deals) == len(places) and places[-1] < 79
    assert stats.generated == places[-1] + 1


class CountedInFile:
    """North opens, adding the deals it is asked about to a file, so worker processes can be counted."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __call__(self, batch: DealBatch) -> npt.NDArray[np.bool_]:
        with open(self.path, "a", encoding="utf-8") as tally:
            tally.write(f"{batch.n}\n")
        return batch.hcp(Seat.N) >= 12


def test_worker_processes_test_only_the_start_of_their_chunks_when_few_deals_are_needed(tmp_path) -> None:
    tally = tmp_path / "asked.txt"
    few = _hands(produce(CountedInFile(str(tally)), 2, seed=7, chunk=80, jobs=2))
    asked = sum(int(line) for line in tally.read_text().split())
    assert asked < 80, asked  # not a whole chunk of double-dummy solving, let alone the eight sent ahead
    assert np.array_equal(few, _hands(produce(NorthOpens(), 2, seed=7, chunk=80)))
