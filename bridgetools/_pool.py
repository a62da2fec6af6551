"""Worker processes for ``jobs`` > 1 (dealing, reading PBN, exporting): the one place a pool is made.

Workers are started fresh (forkserver where the system has it, else spawn), never forked from this
process, which may run threads (numpy's, pyarrow's, the pool's own): forking a threaded process can
deadlock, Python 3.12+ warns about it and 3.14 no longer does it by default. Workers ignore Ctrl-C and
a hang-up (a closed terminal signals the whole process group), so only the parent reports them; a pool
left early (an interrupt, a consumer that has enough) cancels the tasks not yet started and waits only for
the running ones.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import BaseContext
from multiprocessing.synchronize import Event
from typing import Any


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
) -> Iterator[ProcessPoolExecutor]:
    """A `ProcessPoolExecutor` of ``jobs`` fresh workers, each set up by ``initializer(*initargs)``
    (which, like the tasks and their arguments, must be picklable). ``preload`` names modules the
    forkserver imports once, so each worker starts without importing them again."""
    _start_resource_tracker()
    context = _context(preload)
    if start_method() == "forkserver":
        _start_forkserver_quietly()
    pool = ProcessPoolExecutor(
        jobs, mp_context=context, initializer=_start_worker, initargs=(initializer, initargs)
    )
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
