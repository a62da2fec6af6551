"""Double-dummy tables solved on an existing Dask cluster (``dask.distributed``, extra ``bridgetools[dist]``).

The deals go out in batches of `_dds.BATCH` (one call of DDS's batched solver on a worker); only a
bounded window of batches is in flight at a time, so a million deals stream through in flat memory,
and results come back in input order. Each worker solves with DDS's own threads, so one worker
process per machine (``--nworkers 1 --nthreads 1``) uses every core of it.
"""

from __future__ import annotations

import gc
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from bridgetools.dd import _dds
from bridgetools.errors import BridgeError, MissingExtraError
from bridgetools.model import Deal
from bridgetools.model.results import DDTable

C = TypeVar("C")

NO_WORKERS_WAIT = 10.0
"""Seconds a batch is waited for between looks at whether the cluster still has a worker: with none (the
last one killed), the run says so once, and goes on waiting for one to connect."""


def _distributed() -> Any:
    """The ``distributed`` package, or a one-line error saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise MissingExtraError("solving on a Dask cluster", "dist") from None
    return distributed


def solve_batch(deals: list[Deal], threads: int | None = None) -> list[DDTable]:
    """What a worker runs: one call of DDS's batched solver (``threads`` caps DDS's threads there)."""
    if threads is not None:
        _dds.set_threads(threads)
    return _dds.solve_tables(deals)


def _connect(distributed: Any, address: Any) -> Any:
    """A client of the scheduler at ``address``; an address Dask cannot read (``foo``, no port) is one
    line naming it and the form expected, where it was an unexpected ValueError.

    The address is read before any client is made: a ``Client`` that fails half-built is closed by the
    garbage collector whenever it runs, and when that is inside the next ``Client``'s start, which holds
    the lock the closing one waits for, the process hangs (distributed 2024-2025)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        if isinstance(address, str):
            scheme, location = parse_address(address, strict=False)
            if scheme in ("tcp", "tls"):
                parse_host_port(location)
        return distributed.Client(address)
    except ValueError as e:
        reason = str(e)
    gc.collect()  # a client that failed half-built is closed now, while no lock is held
    raise BridgeError(f"{address!r} is not a Dask scheduler's address ({reason}); expected one such as "
                      "tcp://host:8786")


class ClusterSolver:
    """Batches of deals solved on a Dask cluster, at most ``window`` batches in flight.

    ``scheduler`` is the scheduler's address (``tcp://host:8786``; a client is opened and closed
    here) or a ``distributed.Client`` already connected (left open). ``waiting`` is told, once a run
    until a worker is seen again, that no worker has been connected for `NO_WORKERS_WAIT` seconds while a
    batch is awaited (Dask holds the batch until a worker connects, without a word). Once a run, not once
    a batch: the client's count of workers is refreshed only every few seconds, so the batches that a
    worker just connected runs would each say it again.
    """

    def __init__(self, scheduler: Any, threads: int | None = None, window: int | None = None,
                 waiting: Callable[[str], None] | None = None) -> None:
        distributed = _distributed()
        self._own = not isinstance(scheduler, distributed.Client)
        self.client = _connect(distributed, scheduler) if self._own else scheduler
        self.threads = threads
        self.waiting = waiting
        self.address = scheduler if isinstance(scheduler, str) else self.client.scheduler.address
        self._said = False
        """Whether `waiting` has been told that no worker is connected, since one last was."""
        workers = max(1, self._workers())
        self.window = window if window is not None else 2 * workers + 2

    def _workers(self) -> int:
        """How many workers the scheduler has now."""
        return len(self.client.scheduler_info().get("workers", {}))

    def map(self, batches: Iterable[tuple[C, list[Deal]]]) -> Iterator[tuple[C, list[DDTable]]]:
        """Each batch's tables with what came with it, in input order; input is read only as the
        window frees up."""
        in_flight: deque[tuple[C, Any]] = deque()
        try:
            for context, deals in batches:
                future = self.client.submit(solve_batch, deals, self.threads, pure=False) if deals else None
                in_flight.append((context, future))
                while len(in_flight) >= self.window:
                    yield self._collect(in_flight)
            while in_flight:
                yield self._collect(in_flight)
        finally:
            for _, future in in_flight:  # a consumer that stopped early leaves nothing running
                if future is not None:
                    future.cancel()

    def _collect(self, in_flight: deque[tuple[C, Any]]) -> tuple[C, list[DDTable]]:
        context, future = in_flight.popleft()
        if future is None:
            return context, []
        while True:
            try:
                tables: list[DDTable] = future.result(timeout=NO_WORKERS_WAIT)
                break
            except TimeoutError:  # a batch still running, or no worker left to run it
                if self._workers():
                    self._said = False  # a worker came back: a later loss is said again
                elif not self._said and self.waiting is not None:
                    self.waiting(f"no workers connected to {self.address}: waiting")
                    self._said = True
        future.release()
        return context, tables

    def close(self) -> None:
        if self._own:
            self.client.close()
