"""The one worker pool of ``--jobs``: fresh workers (never a fork of this process), Ctrl-C left to the
parent, and an interrupted pool that does not run what it had not started."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from bridgetools._pool import worker_pool

SEEN_BY_A_FORK = ["only in this process's memory"]


def _marks() -> list[str]:
    return SEEN_BY_A_FORK


def test_workers_are_started_fresh_not_forked_from_this_process() -> None:
    SEEN_BY_A_FORK.append("added after import")
    try:
        with worker_pool(1) as pool:
            assert pool.submit(_marks).result(timeout=60) == ["only in this process's memory"]
    finally:
        SEEN_BY_A_FORK.pop()


def test_workers_ignore_ctrl_c_so_only_the_parent_reports_it() -> None:
    with worker_pool(2) as pool:
        assert pool.submit(signal.getsignal, signal.SIGINT).result(timeout=60) == signal.SIG_IGN


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no hang-ups here")
def test_workers_ignore_a_hang_up_so_a_closed_terminal_cannot_kill_one_mid_result() -> None:
    # a closed terminal signals the whole process group; a worker killed while it sends a result left
    # the pool reading the rest of it for ever (deal --jobs 2 hung after a hang-up)
    with worker_pool(1) as pool:
        assert pool.submit(signal.getsignal, signal.SIGHUP).result(timeout=60) == signal.SIG_IGN


def test_an_interrupted_pool_cancels_the_tasks_it_had_not_started() -> None:
    with pytest.raises(KeyboardInterrupt), worker_pool(1) as pool:
        futures = [pool.submit(time.sleep, 0.2) for _ in range(20)]
        futures[0].result(timeout=60)
        raise KeyboardInterrupt
    assert sum(f.cancelled() for f in futures) >= 15


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_shared_flag_made_first_starts_the_resource_tracker_with_hang_ups_held_back() -> None:
    """A closed terminal hangs up the whole job: the tracker must outlive it, or the pool's clean-up
    prints its KeyError tracebacks after "Stopped by SIGHUP"."""
    script = (
        "from multiprocessing import resource_tracker\n"
        "from bridgetools._pool import shared_flag\n"
        "flag = shared_flag()\n"
        "pid = resource_tracker._resource_tracker._pid\n"
        "print(open(f'/proc/{pid}/status').read().split('SigBlk:')[1].split()[0])\n"
    )
    blocked = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert int(blocked.stdout, 16) & (1 << (signal.SIGHUP - 1))
