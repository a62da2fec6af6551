"""Seeded streams of deals in fixed-size chunks, and the accepted deals of a stream, in order, over workers.

Chunk ``k`` of a stream is dealt from its own generator, ``PCG64(SeedSequence(seed, spawn_key=(k,)))``, so
any chunk can be dealt anywhere: the accepted deals come out the same whatever the batch size the caller
asks for and however many worker processes deal them (``jobs``); machines given different shards of one
seed (``shard``) deal disjoint sets of chunks, each the same on every run.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bridgetools._words import plural
from bridgetools.dealer.batch import DealBatch, check_predeal, random_batch
from bridgetools.errors import ConstraintError
from bridgetools.model.cards import Seat

if TYPE_CHECKING:
    from concurrent.futures import Future
    from multiprocessing.synchronize import Event

    from bridgetools.dealer.partnership import PairDealer, Spec
    from bridgetools.dealer.smart import SmartDealer

CHUNK = 4096
"""Deals per chunk of a stream. Part of what a seed means: changing it changes the deals."""

Accept = Callable[[DealBatch], npt.NDArray[np.bool_]]
"""A test that keeps some deals of a batch: true where a deal is wanted. It must be picklable for jobs > 1."""


def fresh_seed() -> int:
    """A new random seed from the operating system, for runs that were given none (print and record it)."""
    entropy = np.random.SeedSequence().entropy
    assert isinstance(entropy, int)
    return entropy


def chunk_generator(seed: int, k: int) -> np.random.Generator:
    """The generator that deals chunk ``k`` of the stream seeded with ``seed``."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(k,))))


class DealStream:
    """The deals of one seed, chunk after chunk: uniform random deals with the predealt cards, or, when
    hand specifications are given, deals whose most selective specified hand (and a second, shape-only one)
    is drawn exactly from its constraint (`bridgetools.dealer.smart.SmartDealer`), or whose two seats' HCP
    together are (`bridgetools.dealer.partnership.PairDealer`), the rest at random."""

    def __init__(
        self,
        seed: int,
        predeal: Mapping[Seat, int] | None = None,
        specs: Sequence[Spec] | None = None,
        chunk: int = CHUNK,
    ) -> None:
        if seed < 0:
            raise ConstraintError(f"a seed is a non-negative integer, not {seed}")
        if chunk < 1:
            raise ConstraintError(f"chunks hold at least one deal, not {chunk}")
        self.seed = int(seed)
        self.predeal = dict(zip(Seat, check_predeal(predeal), strict=True))
        self.specs = tuple(specs or ())
        self.chunk = chunk
        self._sampler: SmartDealer | PairDealer | None = None
        if self.specs:
            self._smart()  # build now, so an impossible spec is reported before any dealing

    def _smart(self) -> SmartDealer | PairDealer:
        if self._sampler is None:
            from bridgetools.dealer.partnership import exact_dealer

            self._sampler = exact_dealer(self.specs, self.predeal)
        return self._sampler

    def __getstate__(self) -> dict[str, object]:
        """Without the exact sampler, which a worker process rebuilds rather than receives."""
        state = {k: v for k, v in self.__dict__.items() if k != "_sampler"}
        state["_sampler"] = None
        return state

    def drawn_exactly(self) -> tuple[tuple[Seat, ...], float]:
        """The seats whose hands are drawn exactly (none without specs) and the chance that a random deal
        meets their specs (1.0 without specs)."""
        if not self.specs:
            return (), 1.0
        sampler = self._smart()
        return sampler.seats, sampler.acceptance

    def deals(self, k: int) -> DealBatch:
        """Chunk ``k``: the same deals every time, wherever it is dealt, each keyed by its place."""
        rng = chunk_generator(self.seed, k)
        if self.specs:
            batch = self._smart().deal(rng, self.chunk)
        else:
            batch = random_batch(rng, self.chunk, self.predeal)
        return DealBatch(batch.hands, stream_keys(self.seed, k, batch.n))


def stream_keys(seed: int, k: int, n: int) -> npt.NDArray[np.uint64]:
    """The keys (`DealBatch.keys`) of the ``n`` deals of chunk ``k`` of the stream seeded with ``seed``: the
    deal's place in the stream (chunk and place in it) added to a word of the seed, SplitMix64's counter."""
    base = np.uint64(seed * 0x9E3779B97F4A7C15 % 2**64)
    places = (np.uint64(k) << np.uint64(32)) | np.arange(n, dtype=np.uint64)
    return places + base


@dataclass
class Production:
    """Running totals of a `produce` run: deals dealt (dealer's "generated"), deals kept, chunks dealt; and
    how the deals were dealt: the seats whose hands were drawn exactly to the condition's and the predeal's
    limits (``exact``, none where every deal is dealt at random and tested, as dealer deals) with the chance
    that a random deal meets those limits (``exact_share``) and the chance that it has the suit lengths
    ``predeal`` fixes (``predeal_share``), so that deals dealt can be told from dealer's count; and the
    script's ``generate`` (``limit``: random deals, as dealer counts them) with the deals drawn for it
    (``budget``, `exact_budget`)."""

    generated: int = 0
    produced: int = 0
    chunks: int = 0
    exact: tuple[Seat, ...] = ()
    exact_share: float = 1.0
    limit: int | None = None
    budget: int | None = None
    predeal_share: float = 1.0

    @property
    def condition_share(self) -> float:
        """The chance that a deal as dealer deals it (with the predeal's cards and suit lengths) meets the
        limits of the hands drawn exactly: 1 where they are the predeal's only. (Above 1 where a seat whose
        suit length the predeal fixes is dealt at random, not drawn exactly: such deals are dealt too.)"""
        share = self.exact_share / self.predeal_share
        return 1.0 if math.isclose(share, 1.0, rel_tol=1e-9) else share

    @property
    def dealer_generated(self) -> int:
        """dealer's ``Generated N hands``: the deals dealt, or, where hands were drawn exactly, the deals
        dealer would deal that they stand for (deals dealt / `condition_share`: dealer would have dealt
        that many to find as many deals within the condition's limits; the predeal's suit lengths it deals
        within, as its predealt cards), so that ``Produced`` / ``Generated`` is how often the condition
        holds either way; ``limit`` itself once the run has dealt all its ``generate`` allows."""
        if self.limit is not None and self.budget is not None and self.generated >= self.budget:
            return self.limit
        return round(self.generated / self.condition_share)

    def check_found(self, n: int | None, limit: int | None, generate: int | None, what: str = "deals",
                    partial_ok: bool = False, bound_too: bool = False) -> None:
        """Raise `ConstraintError` (`shortfall`'s words) when fewer than ``n`` deals were kept (None: no
        count was asked, and none kept) and the script set no ``generate``: with one, fewer deals, none
        included, is what dealer gives too (``Produced 0 hands``, exit 0), so the caller only warns. With
        ``partial_ok`` (the deal command) only finding none at all within the default limit is an error;
        with ``bound_too`` (`bt.generate`, which returns the deals asked for or none) a script's own
        ``generate`` that leaves fewer is one as well, named as that bound."""
        wanted = 1 if n is None else n
        if self.produced >= wanted or (generate is not None and not bound_too) \
                or (partial_ok and self.produced > 0):
            return
        raise ConstraintError(self.shortfall(n, limit, own=generate is not None, what=what))

    def shortfall(self, n: int | None, limit: int | None, own: bool, what: str = "boards") -> str:
        """That only so many of the ``n`` deals asked for (None: no count was asked) met the condition in
        the run's ``limit`` (``own``: the script's ``generate``, else the default), in one sentence said
        alike by every run: where hands were drawn exactly, how many deals were dealt against how many
        would be expected within their limits, or how many random deals those dealt stand for."""
        found = "none" if self.produced == 0 else f"{self.produced:,}"
        limit = self.generated if limit is None else limit
        pool = f"the script's generate {limit:,} deals" if own else f"the default limit of {limit:,} deals"
        said = f"{found} of {pool} met the condition"
        if n is not None:
            asked = plural(n, what.removesuffix("s"), what, thousands=True)
            said = f"only {self.produced:,} of {asked}: {said}"
        if self.exact:
            hands = " and ".join(f"{seat.full_name}'s" for seat in self.exact)
            drawn = f"{hands} {'hands' if len(self.exact) > 1 else 'hand'} drawn exactly"
            if self.limit is None:  # the limit counts deals dealt
                said = f"{said} ({drawn}: they stand for ~{self.dealer_generated:,} random deals)"
            else:
                its = "their" if len(self.exact) > 1 else "its"
                said = (f"{said} ({drawn}: {plural(self.generated, 'deal', thousands=True)} dealt within "
                        f"{its} limits, {_expected(self.limit * self.condition_share)} expected)")
        return said if n is None else f"{said}; {self._the_rest(limit, own)}"

    def _the_rest(self, limit: int, own: bool) -> str:
        """How to get the boards a run stopped short of: a script's ``generate`` counts random deals, which a
        hand drawn exactly does not need (without one, the default limit counts deals dealt); else a larger
        ``generate`` than the limit deals more."""
        if own and self.exact:
            return "for the rest, leave the script's generate out (the default limit counts deals dealt)"
        if own:
            return "for the rest, raise the script's generate"
        return f"for the rest, a script's generate above {limit:,} looks further"


def _expected(mean: float) -> str:
    """A mean count in few figures: ``~6.5``, ``~1,234``, ``fewer than 0.01``."""
    if mean >= 100:
        return f"~{mean:,.0f}"
    return f"~{mean:.2g}" if mean >= 0.01 else "fewer than 0.01"


BUDGET_KEY = (0, 1)
"""The spawn key of `exact_budget`'s generator: two words, where a chunk's (`chunk_generator`) has one."""


def exact_budget(generate: int, share: float, seed: int) -> int:
    """The deals to draw for dealer's ``generate`` random ones where hands are drawn exactly to limits that
    1 of dealer's deals in ``1 / share`` meets: how many of dealer's would meet them, a draw from
    Binomial(generate, share) seeded by the run's ``seed`` (so it varies by seed as dealer's count does, and
    is the same for every ``jobs`` and shard); ``generate * share`` where ``share`` is above 1
    (`Production.condition_share`)."""
    if share > 1:
        return round(generate * share)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=BUDGET_KEY)))
    return int(rng.binomial(generate, share))


Chunk = tuple["npt.NDArray[np.uint64]", "npt.NDArray[np.intp]", int, "npt.NDArray[np.uint64] | None"]
"""A chunk's kept deals, their places among the chunk's deals, how many deals it dealt, and the kept deals'
keys."""


FIRST_PART = 8
"""Deals tested first where a run needs fewer than a chunk holds (`_kept`)."""


def _accepted(stream: DealStream, accept: Accept, k: int, limit: int, want: int | None = None,
              done: Callable[[], bool] = lambda: False) -> Chunk:
    """The kept deals of chunk ``k`` (looking at its first ``limit`` deals only), where they stand among the
    chunk's deals, and how many were tested (so a run that stops part-way counts exactly what it dealt);
    ``want``, the most deals the run can still need, lets the testing stop once it has them, and ``done()``
    once the run needs none of this chunk (`_kept`)."""
    if done():
        return np.zeros((0, 4), dtype=np.uint64), np.zeros(0, dtype=np.intp), 0, None
    batch = stream.deals(k)
    if limit < batch.n:
        batch = batch[:limit]
    keep = _kept(accept, batch, want, done)
    tested = batch[:len(keep)]
    return (tested.hands[keep], np.flatnonzero(keep), tested.n,
            None if tested.keys is None else tested.keys[keep])


def _kept(accept: Accept, batch: DealBatch, want: int | None,
          done: Callable[[], bool] = lambda: False) -> npt.NDArray[np.bool_]:
    """Which deals of ``batch`` ``accept`` keeps: of all of them, or, where the run wants only ``want`` more,
    of the fewest parts from the start (`FIRST_PART` deals, then twice as many each time) that hold them, so
    a condition that costs half a second a deal (double dummy) is not computed for deals the run will not
    use. Each deal is tested on its own, so the deals kept are the same either way. Once ``done()`` (the run
    has all it needs elsewhere: a worker's chunk that will not be used), no further part is tested."""
    parts: list[npt.NDArray[np.bool_]] = []
    start, size, found = 0, batch.n if want is None else max(FIRST_PART, want), 0
    while start < batch.n and (want is None or found < want) and not done():
        part = batch[start:start + size]
        keep = np.asarray(accept(part), dtype=np.bool_)
        if keep.shape != (part.n,):
            raise ConstraintError(f"the condition gave {keep.shape} values for {part.n} deals")
        parts.append(keep)
        found, start, size = found + int(keep.sum()), start + part.n, 2 * size
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.bool_)


# State of a worker process: its copy of the stream and of the condition, and the run's "done" flag (set by
# the parent once it has all its deals), set once when it starts.
_worker: tuple[DealStream, Accept, Event] | None = None


def _start_worker(stream: DealStream, accept: Accept, finished: Event) -> None:
    global _worker
    _worker = (stream, accept, finished)


def _work(task: tuple[int, int, int]) -> Chunk:
    """Chunk ``k`` tested in a worker as far as ``want`` deals, the most the run can still need (the
    parent's count when it asked), and not at all once the run is done."""
    assert _worker is not None
    stream, accept, finished = _worker
    k, limit, want = task
    return _accepted(stream, accept, k, limit, want, finished.is_set)


def produce(
    accept: Accept | None,
    n: int,
    seed: int,
    *,
    predeal: Mapping[Seat, int] | None = None,
    specs: Sequence[Spec] | None = None,
    jobs: int = 1,
    shard: tuple[int, int] | None = None,
    progress: Callable[[int], None] | None = None,
    max_generated: int | None = None,
    random_limit: bool = False,
    chunk: int = CHUNK,
    stats: Production | None = None,
    predeal_share: float = 1.0,
) -> Iterator[DealBatch]:
    """The first ``n`` deals of the seeded stream that ``accept`` keeps, in stream order, as batches.

    ``accept=None`` keeps every deal. ``jobs`` worker processes deal and test chunks in parallel and the
    results are merged in order, so the deals do not depend on ``jobs``. ``shard=(i, count)`` takes chunks
    ``i, i + count, ...`` only, so ``count`` machines can share one seeded run. ``max_generated`` stops after
    that many deals have been dealt even if fewer than ``n`` were kept; with ``random_limit`` (a script's
    ``generate``, or dealer's default) it counts random deals, as dealer's ``generate`` does: where hands are
    drawn exactly, the run deals `exact_budget` deals, as many as dealer's that meet their limits would be.
    ``predeal_share`` is the chance that a random deal has the suit lengths the predeal fixes
    (`bridgetools.dealer.smart.lengths_chance`), which ``accept`` tests: dealer deals within them, so
    its counts leave out the deals without them. ``progress`` is called with the number of deals each
    batch adds; ``stats`` is updated as deals come.
    Bad arguments and impossible specs raise `ConstraintError` here, before any deal is dealt.
    """
    if n < 0:
        raise ConstraintError(f"cannot produce {n} deals")
    first, step = shard or (0, 1)
    if step < 1 or not 0 <= first < step:
        raise ConstraintError(f"shard {first}/{step} does not exist: use i/N with 0 <= i < N")
    if jobs < 1:
        raise ConstraintError(f"jobs must be at least 1, not {jobs}")
    stream = DealStream(seed, predeal, specs, chunk)  # now, so that bad specs fail before any dealing
    stats = stats if stats is not None else Production()
    stats.exact, stats.exact_share = stream.drawn_exactly()
    stats.predeal_share = predeal_share
    stats.limit = max_generated if random_limit else None
    if random_limit and max_generated is not None and stats.condition_share != 1:
        max_generated = stats.budget = exact_budget(max_generated, stats.condition_share, seed)
    return _produced(stream, accept, n, first, step, jobs, progress, max_generated, chunk, stats)


def _produced(stream: DealStream, accept: Accept | None, n: int, first: int, step: int, jobs: int,
              progress: Callable[[int], None] | None, max_generated: int | None, chunk: int,
              stats: Production) -> Iterator[DealBatch]:
    """`produce`'s batches, dealt as they are asked for."""
    if n == 0:
        return
    keep = accept if accept is not None else _keep_all
    budget = max_generated if max_generated is not None else -1

    def tasks() -> Iterator[tuple[int, int]]:
        dealt, j = 0, 0
        while budget < 0 or dealt < budget:
            limit = chunk if budget < 0 else min(chunk, budget - dealt)
            yield first + j * step, limit
            dealt += limit
            j += 1

    def wanted() -> int:
        """The deals the run still needs, read as each chunk is tested."""
        return n - stats.produced

    results = (_run_local(stream, keep, tasks(), wanted) if jobs == 1
               else _run_pool(stream, keep, tasks(), wanted, jobs))
    try:
        for hands, places, dealt, keys in results:
            if stats.produced >= n:
                return
            need = n - stats.produced
            # The last chunk counts the deals up to the one that completes the run, as dealer counts.
            stats.generated += dealt if len(hands) < need else int(places[need - 1]) + 1
            stats.chunks += 1
            hands = hands[:need]
            if len(hands):
                stats.produced += len(hands)
                if progress is not None:
                    progress(len(hands))
                yield DealBatch(hands, None if keys is None else keys[:need])
            if stats.produced >= n:
                return
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()


def _keep_all(batch: DealBatch) -> npt.NDArray[np.bool_]:
    return np.ones(batch.n, dtype=np.bool_)


def _run_local(
    stream: DealStream, accept: Accept, tasks: Iterator[tuple[int, int]], wanted: Callable[[], int]
) -> Iterator[Chunk]:
    """Chunks dealt here one after the other, each tested only as far as the run still needs."""
    for k, limit in tasks:
        yield _accepted(stream, accept, k, limit, wanted())


def _ahead(wanted: int, kept: int, returned: int, most: int) -> int:
    """How many chunks to have in the workers' hands: one until a chunk comes back, then as many as the
    deals the run still wants take at the rate chunks have kept them (at most ``most``). Chunks sent
    beyond that are work a costly condition (double dummy) would do for deals the run will not use."""
    if returned == 0:
        return 1
    if kept == 0:
        return most
    return max(1, min(most, math.ceil(wanted * returned / kept)))


def _run_pool(
    stream: DealStream, accept: Accept, tasks: Iterator[tuple[int, int]], wanted: Callable[[], int], jobs: int
) -> Iterator[Chunk]:
    """Chunks dealt by ``jobs`` processes, as many ahead of the consumer as the run looks to need
    (`_ahead`), yielded in stream order. Each is tested only as far as the run still needed when it was
    sent (never fewer than it will need), as with one process; once the consumer stops, the workers test
    no further part of the chunks they hold."""
    from bridgetools._pool import shared_flag, worker_pool  # here: a run with one job need not import it

    finished = shared_flag()
    with worker_pool(jobs, _start_worker, (stream, accept, finished), preload=[__name__]) as pool:
        pending: deque[Future[Chunk]] = deque()
        kept = returned = 0
        try:
            while True:
                while len(pending) < _ahead(wanted(), kept, returned, 4 * jobs):
                    task = next(tasks, None)
                    if task is None:
                        break
                    pending.append(pool.submit(_work, (*task, wanted())))
                if not pending:
                    return
                result = pending.popleft().result()
                kept, returned = kept + len(result[0]), returned + 1
                yield result
        finally:
            finished.set()
            for future in pending:
                future.cancel()
