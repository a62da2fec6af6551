"""The one worker pool of ``--jobs``: fresh workers (never a fork of this process), Ctrl-C left to the
parent, an interrupted pool that does not run what it had not started, and a pool left after a stop
signal that does not wait on workers that are gone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING
from unittest.mock import patch

import pytest

from bridgetools._pool import worker_pool

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

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


HALF_A_RESULT = textwrap.dedent("""
    import os, signal, struct, sys, time
    from bridgetools._pool import worker_pool

    def send_half_a_result_and_die() -> None:
        frame = sys._getframe()
        while "result_queue" not in frame.f_locals:
            frame = frame.f_back
        writer = frame.f_locals["result_queue"]._writer
        os.write(writer.fileno(), struct.pack("!i", 1 << 20) + b"the first bytes of a chunk")
        os.kill(os.getpid(), signal.SIGTERM)

    if __name__ == "__main__":
        try:
            with worker_pool(1) as pool:
                pid = pool.submit(os.getpid).result(timeout=60)
                pool.submit(send_half_a_result_and_die)
                while True:
                    try:
                        os.kill(pid, 0)
                    except ProcessLookupError:
                        break
                    time.sleep(0.05)
                raise KeyboardInterrupt  # the stop signal, as it reaches the parent
        except KeyboardInterrupt:
            print("left the pool")
""")


def test_a_pool_left_after_a_worker_died_mid_result_does_not_wait_for_the_rest(tmp_path: Path) -> None:
    # a SIGTERM to the whole process group killed a worker while it sent a chunk: the pool's thread read
    # the rest of it for ever, and deal --jobs 2 hung in the pool's shutdown
    script = tmp_path / "half_a_result.py"
    script.write_text(HALF_A_RESULT)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)})
    assert (done.returncode, done.stdout) == (0, "left the pool\n"), done.stderr


def test_the_pool_failing_a_task_its_caller_cancelled_says_nothing_else_is_said() -> None:
    # before Python 3.12 the pool's thread stops on such a task with a traceback on the terminal, after
    # "Stopped by SIGTERM." (gh-107219); any other exception in a thread is said as before
    from concurrent.futures import InvalidStateError
    from concurrent.futures.process import _ExecutorManagerThread

    from bridgetools._pool import _UnlessCancelledFutureRace

    said: list[type[BaseException] | None] = []
    hook = _UnlessCancelledFutureRace(lambda args: said.append(args.exc_type))
    pool_thread = object.__new__(_ExecutorManagerThread)
    for error, thread in [(InvalidStateError, pool_thread), (ValueError, pool_thread),
                          (InvalidStateError, threading.Thread())]:
        hook(threading.ExceptHookArgs([error, error(), None, thread]))
    assert said == [ValueError, InvalidStateError]


def test_a_running_pool_makes_its_workers_and_result_queue_through_its_context() -> None:
    # leaving a pool after a stop signal ends the workers and closes the result queue that the pool's
    # context made: a Python whose pool made them some other way would bring the hang back without a
    # word, so this fails there instead
    from bridgetools._pool import _PoolContext

    made: list[_PoolContext] = []

    def recorded(context: BaseContext) -> _PoolContext:
        made.append(_PoolContext(context))
        return made[-1]

    with patch("bridgetools._pool._PoolContext", side_effect=recorded), worker_pool(1) as pool:
        pid = pool.submit(os.getpid).result(timeout=60)
        (context,) = made
        assert [worker.pid for worker in context.workers] == [pid]
        assert len(context.results) == 1


def test_a_worker_a_stop_signal_caught_before_it_started_is_not_waited_on() -> None:
    # the pool's context makes a worker, then starts it: Ctrl-C in between leaves one never started
    import multiprocessing

    from bridgetools._pool import _end_workers

    never_started = multiprocessing.get_context("spawn").Process(target=abs, args=(-1,))
    _end_workers([never_started], grace=0.1)
    assert never_started.exitcode is None


def test_a_script_without_a_main_guard_is_told_to_put_its_call_under_one(tmp_path: Path) -> None:
    # each spawned worker imports the script again and starts workers of its own: the pool breaks
    script = tmp_path / "deals.py"
    script.write_text("import bridgetools as bt\n"
                      "try:\n"
                      "    bt.generate('hcp(north) > 10', 200, seed=1, jobs=2)\n"
                      "except bt.BridgeError as e:\n"
                      "    print(e)\n")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120,
                         cwd=tmp_path)
    said = run.stdout.strip().splitlines()[-1]
    assert said.startswith("a worker process stopped") and 'if __name__ == "__main__":' in said, run.stdout
    assert "--jobs" not in said


def test_the_command_line_names_its_option_when_a_worker_stopped() -> None:
    from concurrent.futures.process import BrokenProcessPool

    from bridgetools.cli.common import one_line_error
    from bridgetools.errors import WorkerStopped

    with pytest.raises(WorkerStopped) as stopped, worker_pool(1):
        raise BrokenProcessPool("a worker was killed.")
    assert one_line_error(stopped.value) == "a worker process stopped: a worker was killed; try --jobs 1"
    assert "--jobs" not in str(stopped.value)


def test_a_stopped_worker_pickles_with_its_message_once() -> None:
    import pickle

    from bridgetools.errors import WorkerStopped

    stopped = WorkerStopped("killed", command_line=True)
    again = pickle.loads(pickle.dumps(stopped))
    assert (str(again), again.cause, again.command_line) == (str(stopped), "killed", True)
