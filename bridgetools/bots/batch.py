"""Boards bid or played side by side in worker processes, given back in their order: what ``bid --jobs``
and ``autoplay --jobs`` share. Each board's work is seeded from the board alone, so the result does not
depend on how many processes do it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

from bridgetools.board import Board

A = TypeVar("A")
R = TypeVar("R")


def in_order(work: Callable[[A], R], items: Iterable[A], jobs: int = 1) -> Iterator[R]:
    """``work`` of each item, in the items' order: here when ``jobs`` is 1, else in ``jobs`` worker
    processes of `worker_pool` (``work`` a module-level function, items and results picklable), which
    leave Ctrl-C to this process and are ended at once when it stops (a board half done is not kept); a
    worker killed is a `BridgeError`."""
    if jobs <= 1:
        yield from map(work, items)
        return
    from bridgetools._pool import worker_pool  # here: a run with one job need not import it

    with worker_pool(jobs, preload=[work.__module__], patience=0.0) as pool:  # stopped: nothing is kept
        yield from pool.map(work, items)


def bid_boards(boards: Sequence[Board], rebid: bool = False, judge: bool | None = None,
               jobs: int = 1) -> Iterator[Board]:
    """Each board through `bid_board` by `default_bidder` (``judge`` as its), in order, in ``jobs``
    processes; a board `bid_board` leaves as it was comes back as the very same object. The judge seeds
    its layouts from the hand and the auction, so the auctions do not depend on ``jobs``."""
    work = ((board, rebid, judge) for board in boards)
    for board, new in zip(boards, in_order(_bid_one, work, jobs), strict=True):
        yield board if new is None else new


def _bid_one(args: tuple[Board, bool, bool | None]) -> Board | None:
    """One board bid in a worker; None when it is left as it was (the parent keeps its own object)."""
    from bridgetools.bots.bidder import bid_board
    from bridgetools.bots.judgement import default_bidder

    board, rebid, judge = args
    new = bid_board(board, rebid=rebid, bidder=default_bidder() if judge is None else default_bidder(judge))
    return None if new is board else new
