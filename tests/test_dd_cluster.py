"""Tables solved on a Dask cluster the tests start and stop themselves (loopback only)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgetools.errors import BridgeError
from bridgetools.model import Card, Deal, Hand

dd = pytest.importorskip("bridgetools.dd")
pytest.importorskip("endplay")
distributed = pytest.importorskip("distributed")


def small_deal(rng: random.Random, size: int) -> Deal:
    cards = rng.sample([Card.from_index(i) for i in range(52)], 4 * size)
    return Deal([Hand.from_cards(cards[i * size:(i + 1) * size]) for i in range(4)])


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                                       host="127.0.0.1", dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def deals(seed: int, n: int, size: int = 3) -> list[Deal]:
    rng = random.Random(seed)
    return [small_deal(rng, size) for _ in range(n)]


def test_a_cluster_gives_the_tables_of_a_local_run_in_input_order(client: object) -> None:
    # 130 deals: three full batches of 40 and a part one
    given = deals(1, 120) + deals(11, 10, size=5)
    assert list(dd.dd_tables(given, scheduler=client)) == list(dd.dd_tables(given))


def test_a_cluster_is_reached_by_its_address(client: object) -> None:
    given = deals(2, 45)
    address = client.scheduler.address  # type: ignore[attr-defined]
    assert list(dd.dd_tables(given, scheduler=address)) == list(dd.dd_tables(given))


def test_deals_are_read_only_as_the_window_of_batches_in_flight_frees_up(client: object) -> None:
    # An endless stream: sending every deal at once would never end; a bounded window does.
    pulled = 0
    rng = random.Random(3)

    def endless() -> Iterator[Deal]:
        nonlocal pulled
        while True:
            pulled += 1
            yield small_deal(rng, 2)

    first = list(itertools.islice(dd.dd_tables(endless(), scheduler=client), 200))
    assert len(first) == 200
    solver = dd.cluster.ClusterSolver(client)
    assert pulled <= 200 + (solver.window + 1) * dd._dds.BATCH


def test_a_run_on_a_cluster_solves_only_the_deals_the_cache_lacks(client: object, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    given = deals(4, 100)
    cache = tmp_path / "tables.sqlite"
    first = list(itertools.islice(dd.dd_tables(given, cache=cache), 60))  # a run stopped part way
    local = list(dd.dd_tables(given))
    sent: list[int] = []
    solve = dd._dds.solve_tables
    monkeypatch.setattr(dd._dds, "solve_tables", lambda batch: sent.append(len(batch)) or solve(batch))
    again = list(dd.dd_tables(given, scheduler=client, cache=cache))
    assert again[:60] == first and again == local
    assert sum(sent) <= 100 - 40  # the batches finished before the stop are not solved again


def test_a_deal_the_solver_refuses_stops_the_run_with_its_reason(client: object) -> None:
    unequal = Deal([Hand.parse(h) for h in ("AK...", "Q...", "J...", "T9...")])
    with pytest.raises(BridgeError, match="equal size"):
        list(dd.dd_tables([*deals(5, 3), unequal], scheduler=client))


@pytest.mark.parametrize("address", ["foo", "foo:bar"])
def test_an_address_dask_cannot_read_is_one_line_naming_it(address: str) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    sample = str(Path(__file__).parent / "data" / "pbn" / "endplay__sample.pbn")
    result = CliRunner().invoke(cli, ["dd", sample, "--dask", address, "-q"])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {address!r} is not a Dask scheduler's address (")
    assert lines[0].endswith("expected one such as tcp://host:8786")
    with pytest.raises(BridgeError, match="not a Dask scheduler's address"):
        list(dd.dd_tables(deals(1, 2), scheduler=address))


@pytest.mark.parametrize("address", ["foo", "foo:bar", "tcp://foo"])
def test_an_address_dask_cannot_read_makes_no_client(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A Client that fails half-built is closed by the garbage collector whenever it runs; inside the next
    # Client's start that hung the process (the lock it waits for is held). So none is made.
    import distributed

    from bridgetools.dd import cluster

    made: list[object] = []

    class Spy:
        def __init__(self, *args: object) -> None:
            made.append(args)

    monkeypatch.setattr(distributed, "Client", Spy)
    with pytest.raises(BridgeError, match="not a Dask scheduler's address"):
        cluster.ClusterSolver(address)
    assert made == []


def test_a_cluster_with_no_worker_left_is_said_once_and_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    # With every worker gone a run waited forever without a word; it now says so once, and a worker that
    # connects later finishes it.
    import threading

    from bridgetools.dd import cluster as solving

    monkeypatch.setattr(solving, "NO_WORKERS_WAIT", 0.2)
    given = deals(6, 45)
    said: list[str] = []
    got: list[object] = []
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as empty:
        address = empty.scheduler_address
        run = threading.Thread(target=lambda: got.extend(dd.dd_tables(given, scheduler=address,
                                                                       waiting=said.append)))
        run.start()
        run.join(timeout=3)
        assert run.is_alive() and not got
        assert said == [f"no workers connected to {address}: waiting"]
        empty.scale(1)
        run.join(timeout=60)
        assert not run.is_alive()
    assert got == list(dd.dd_tables(given)) and len(said) == 1


def test_no_worker_is_said_once_a_run_though_the_client_s_count_lags(monkeypatch: pytest.MonkeyPatch) -> None:
    # The client refreshes its count of workers every few seconds: the batches a worker that just connected
    # runs still see none, and each said it again (once a batch); it is once a run.
    from bridgetools.dd import cluster as solving

    monkeypatch.setattr(solving, "NO_WORKERS_WAIT", 0.01)

    class Late:
        """A batch whose tables come after one wait."""

        def __init__(self) -> None:
            self.waits = 0

        def result(self, timeout: float) -> list[object]:
            self.waits += 1
            if self.waits == 1:
                raise TimeoutError
            return []

        def release(self) -> None:
            pass

        def cancel(self) -> None:
            pass

    class Lagging:
        """A client whose count of workers is stale: none, while the batches are run."""

        def scheduler_info(self) -> dict[str, object]:
            return {"workers": {}}

        def submit(self, *args: object, **kwargs: object) -> Late:
            return Late()

    monkeypatch.setattr(solving, "_connect", lambda distributed, address: Lagging())
    said: list[str] = []
    solver = solving.ClusterSolver("tcp://host:8786", waiting=said.append)
    assert len(list(solver.map([(i, deals(1, i)) for i in range(3)]))) == 3
    assert said == ["no workers connected to tcp://host:8786: waiting"]
