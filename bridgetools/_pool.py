"""Worker processes for ``jobs`` > 1 (dealing, reading PBN, exporting): the one place a pool is made.

Workers are started fresh (forkserver where the system has it, else spawn), never forked from this
process, which may run threads (numpy's, pyarrow's, the pool's own): forking a threaded process can
deadlock, Python 3.12+ warns about it and 3.14 no longer does it by default. Workers ignore Ctrl-C and
a hang-up (a closed terminal signals the whole process group), so only the parent reports them; a pool
left early (a stop signal, an error, a consumer that has enough) cancels the tasks not yet started, gives
the running ones a few seconds and then ends their workers: it never waits on workers that are gone.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from multiprocessing.queues import SimpleQueue
from multiprocessing.synchronize import Event
from typing import Any, cast

from bridgetools.errors import WorkerStopped

GRACE = 3.0
"""Seconds a pool left early gives its running tasks, and then its workers' ending, before going on."""


def start_method() -> str:
    """``forkserver`` where the system has it, else ``spawn``: never ``fork``."""
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def _context(preload: Sequence[str]) -> BaseContext:
    context = multiprocessing.get_context(start_method())
    if preload and start_method() == "forkserver":  # the server imports these once; workers fork from it
        context.set_forkserver_preload(list(preload))
    return context


def shared_flag() -> Event:
    """A flag the parent sets and the pool's workers read (pass it in ``initargs``): made in the pool's
    own start method, as a worker can only receive such an object as it starts. Its semaphore is the
    first thing the resource tracker is asked to watch, so the tracker is started here, hang-ups held."""
    _start_resource_tracker()
    return multiprocessing.get_context(start_method()).Event()


def _start_forkserver_quietly() -> None:
    """Start the fork server with its standard error on the null device. A worker reports through its
    futures, never on the terminal; what it would print there is a worker that could not start because
    the command was stopping (its queues already gone): a traceback after "Stopped by SIGTERM"."""
    import os
    from multiprocessing import forkserver

    saved = os.dup(2)
    quiet = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(quiet, 2)
        with _hangups_held():  # the server and the workers it forks leave a hang-up to the parent
            forkserver.ensure_running()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(quiet)


def _start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker with hang-ups held back, as it holds back Ctrl-C and
    SIGTERM: a closed terminal would kill it too, and the pool's clean-up would then print its errors."""
    from multiprocessing import resource_tracker

    with _hangups_held():
        resource_tracker.ensure_running()


@contextlib.contextmanager
def _hangups_held() -> Iterator[None]:
    """Block SIGHUP in this thread while a helper process starts: a blocked signal stays blocked over
    fork and exec, so the helper (and what it forks) is not killed by a closed terminal's hang-up."""
    hangup = getattr(signal, "SIGHUP", None)
    if hangup is None or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {hangup})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _start_worker(initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    """Run in each worker first: leave Ctrl-C and a hang-up to the parent (a worker killed while it sends
    a result leaves the pool waiting for the rest of it for ever), then the caller's initializer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    if initializer is not None:
        initializer(*initargs)


@contextlib.contextmanager
def worker_pool(
    jobs: int,
    initializer: Callable[..., object] | None = None,
    initargs: tuple[Any, ...] = (),
    preload: Sequence[str] = (),
    patience: float = GRACE,
) -> Iterator[ProcessPoolExecutor]:
    """A `ProcessPoolExecutor` of ``jobs`` fresh workers, each set up by ``initializer(*initargs)``
    (which, like the tasks and their arguments, must be picklable). ``preload`` names modules the
    forkserver imports once, so each worker starts without importing them again. A pool left early gives
    its running tasks ``patience`` seconds (0 where their results would be thrown away). A worker that dies
    (killed, out of memory, a script without a main guard) breaks the pool: that is raised as a one-line
    `WorkerStopped`."""
    _start_resource_tracker()
    _quiet_the_cancelled_future_race()
    context = _PoolContext(_context(preload))
    if start_method() == "forkserver":
        _start_forkserver_quietly()
    pool = ProcessPoolExecutor(  # the pool asks its context only for Process, Queue, SimpleQueue and locks
        jobs, mp_context=cast(BaseContext, context), initializer=_start_worker,
        initargs=(initializer, initargs),
    )
    try:
        yield pool
    except BrokenProcessPool as e:  # a worker killed (out of memory, `kill -9`): said in one line
        _leave_pool(pool, context, patience=patience)
        raise WorkerStopped(str(e)) from None
    except BaseException:
        _leave_pool(pool, context, patience=patience)
        raise
    pool.shutdown(wait=True, cancel_futures=True)


class _PoolContext:
    """The pool's start method (its ``mp_context``, which makes the pool's processes and queues), keeping
    the workers and the result queues it made: what a pool left after a stop signal must end and
    unblock, known through the pool's documented parameter instead of its private attributes."""

    def __init__(self, context: BaseContext) -> None:
        self.context = context
        self.workers: list[BaseProcess] = []
        self.results: list[_ResultQueue] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.context, name)

    def Process(self, *args: Any, **kwargs: Any) -> BaseProcess:
        worker: BaseProcess = self.context.Process(*args, **kwargs)  # type: ignore[attr-defined]
        self.workers.append(worker)
        return worker

    def SimpleQueue(self) -> _ResultQueue:
        results = _ResultQueue(ctx=self.context)
        self.results.append(results)
        return results


class _ResultQueue(SimpleQueue[Any]):
    """A pool's result queue that two threads may close at once (the pool's own shutdown, and a pool
    left after a stop signal), its pipe closed once."""

    def __init__(self, *, ctx: BaseContext) -> None:
        super().__init__(ctx=ctx)
        self.closing = threading.Lock()

    def close(self) -> None:
        with self.closing:
            super().close()


SETTLE = 0.5
"""Seconds the pool's thread gets to end by itself once no worker is left, before its result pipe is
closed under it: one that is not stuck reading a half-sent result sees its workers gone and ends."""


def _leave_pool(pool: ProcessPoolExecutor, context: _PoolContext, patience: float) -> None:
    """Shut ``pool`` down without waiting on it: a stop signal to the process group can kill a worker
    while it sends a result, and the pool's own thread would then read the rest of it for ever. The
    running tasks get ``patience`` seconds; the workers left are then ended (given `GRACE`), and the
    pool's thread is unblocked (the result pipe closed) so that it, and the interpreter's exit, do not
    wait for ever.
    The shutdown, which waits for the pool's thread, runs in a thread of its own: while it runs, the
    pool's thread does."""
    ending = threading.Thread(target=pool.shutdown, kwargs={"wait": True, "cancel_futures": True},
                              name="bridgetools: leaving a worker pool", daemon=True)
    ending.start()
    deadline = time.monotonic() + patience
    while (ending.is_alive() and any(worker.is_alive() for worker in context.workers)
           and time.monotonic() < deadline):
        ending.join(0.05)  # the running tasks end, and the pool with them; or the workers are gone
    _end_workers(context.workers, GRACE)
    ending.join(SETTLE)
    if not ending.is_alive():
        return
    for results in context.results:  # no worker is left to write: the half-sent result ends
        results.close()
    ending.join(GRACE)


def _end_workers(workers: Sequence[BaseProcess], grace: float) -> None:
    """End the workers still running: SIGTERM, then SIGKILL to any that outlives ``grace`` seconds. A
    worker never started (a stop signal in its start: the pool's context made it) has nothing to end."""
    workers = [worker for worker in workers if worker.pid is not None]
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    deadline = time.monotonic() + grace
    for worker in workers:
        worker.join(max(0.0, deadline - time.monotonic()))
        if worker.is_alive():
            worker.kill()
            worker.join(grace)


def _quiet_the_cancelled_future_race() -> None:
    """Before Python 3.12 (gh-107219) a pool that finds a worker gone fails each task it still holds, and
    stops with a traceback on the terminal at one the caller has just cancelled: that one is not said."""
    if sys.version_info < (3, 12) and not isinstance(threading.excepthook, _UnlessCancelledFutureRace):
        threading.excepthook = _UnlessCancelledFutureRace(threading.excepthook)


class _UnlessCancelledFutureRace:
    """A thread exception hook that says every uncaught exception as ``said`` does, but the pool's
    failing a task its caller cancelled (`_quiet_the_cancelled_future_race`)."""

    def __init__(self, said: Callable[[threading.ExceptHookArgs], object]) -> None:
        self.said = said

    def __call__(self, args: threading.ExceptHookArgs) -> None:
        from concurrent.futures import InvalidStateError
        from concurrent.futures.process import _ExecutorManagerThread

        pool_thread = isinstance(args.thread, _ExecutorManagerThread)
        if not (pool_thread and isinstance(args.exc_value, InvalidStateError)):
            self.said(args)
