"""Ctrl-C, SIGTERM and a closed terminal (SIGHUP) stop every command cleanly: exit 128 + the signal's
number, one line on stderr and no traceback, no temporary file left, no worker process left behind.

The signals are really sent, to a real ``bridgetools`` process caught in the middle of its work (its
temporary output file exists); every wait is bounded."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from bridgetools.formats import dumps

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

WAIT = 300.0
"""Seconds any step may take on a loaded machine before the test fails instead of hanging: every wait is
on a condition (the temporary file made, the workers busy, the command ended, its workers gone), so the
ceiling costs nothing when the machine is idle. Under eight busy processes on two cores a command took
over 30 s to start (importing pyarrow) where 60 s was the ceiling."""

BUSY = 20
"""Clock ticks of processor time (``/proc/PID/stat``: a tick is 10 ms on Linux) a worker has spent once
it is dealing its chunks, not only started."""

SIGNALS = {"Ctrl-C": signal.SIGINT, "SIGTERM": signal.SIGTERM, "a closed terminal": signal.SIGHUP}


def _start(args: list[str], cwd: Path, marker: str, stdin: int | None = None) -> subprocess.Popen[bytes]:
    env = {**os.environ, "BRIDGETOOLS_TEST_MARKER": marker}
    return subprocess.Popen([sys.executable, "-m", "bridgetools", *args], cwd=cwd, env=env, stdin=stdin,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)


def _wait_for_temporary_file(cwd: Path, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + WAIT
    while not list(cwd.glob(".*.tmp")):
        assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
        assert time.monotonic() < deadline, "the command never started writing"
        time.sleep(0.05)


def _wait_for_busy_workers(process: subprocess.Popen[bytes], marker: str, jobs: int) -> None:
    """Until ``jobs`` workers of ``process`` have each spent `BUSY` ticks of processor time: dealing their
    chunks, which a fixed second did not promise on a loaded machine. Where there is no ``/proc``, a
    second."""
    if not sys.platform.startswith("linux"):
        time.sleep(1)
        return
    deadline = time.monotonic() + WAIT
    while len([pid for pid in _workers(process.pid, marker) if _ticks(pid) >= BUSY]) < jobs:
        assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
        assert time.monotonic() < deadline, f"the {jobs} workers never got busy"
        time.sleep(0.05)


def _workers(parent: int, marker: str) -> list[int]:
    """The pool's workers among the processes with ``marker``: forked by the fork server (whose parent is
    the command), or spawned by the command itself (``spawn_main``); not the fork server, nor the
    resource tracker."""
    found = []
    for pid in _processes_with(marker):
        try:
            stat = (Path("/proc") / str(pid) / "stat").read_text()
            spawned = b"spawn_main" in (Path("/proc") / str(pid) / "cmdline").read_bytes()
        except OSError:
            continue
        parent_pid = int(stat.rpartition(")")[2].split()[1])  # after the name: state, then parent's pid
        if pid != parent and (parent_pid != parent or spawned):
            found.append(pid)
    return found


def _ticks(pid: int) -> int:
    """Processor time ``pid`` has spent, user and system, in clock ticks (0 once it is gone)."""
    try:
        fields = (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime and stime, fields 14 and 15 of the whole line


def _processes_with(marker: str) -> list[int]:
    """Processes (workers, a forkserver) still running with the test's marker in their environment."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if f"BRIDGETOOLS_TEST_MARKER={marker}".encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _finish(process: subprocess.Popen[bytes]) -> str:
    """What ``process`` said on stderr once it has ended (killed, its group too, past the ceiling)."""
    try:
        _, err = process.communicate(timeout=WAIT)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    return err.decode(errors="replace")


def _stop_and_check(process: subprocess.Popen[bytes], signum: int, cwd: Path, marker: str,
                    whole_group: bool) -> None:
    if whole_group:  # a terminal sends Ctrl-C and its hang-up to every process of the job
        os.killpg(process.pid, signum)
    else:  # `kill PID`, `timeout`: the command alone
        os.kill(process.pid, signum)
    message = _finish(process)
    assert process.returncode == 128 + signum, message
    assert "Traceback" not in message and len(message.strip().splitlines()) == 1, message
    assert sorted(p.name for p in cwd.iterdir() if p.name.endswith(".tmp")) == []
    deadline = time.monotonic() + WAIT
    if sys.platform.startswith("linux"):
        while _processes_with(marker):
            assert time.monotonic() < deadline, f"processes left running: {_processes_with(marker)}"
            time.sleep(0.1)


@pytest.mark.parametrize("signum", SIGNALS.values(), ids=SIGNALS.keys())
def test_deal_with_worker_processes_stops_cleanly(tmp_path: Path, signum: int) -> None:
    marker = uuid.uuid4().hex
    process = _start(["deal", "-n", "100000000", "--seed", "1", "--jobs", "2", "-q", "-o", "out.pbn"],
                     tmp_path, marker)
    _wait_for_temporary_file(tmp_path, process)
    _wait_for_busy_workers(process, marker, jobs=2)
    _stop_and_check(process, signum, tmp_path, marker, whole_group=signum != signal.SIGTERM)
    assert not (tmp_path / "out.pbn").exists()


def test_deal_with_worker_processes_stops_cleanly_when_the_whole_group_is_terminated(tmp_path: Path) -> None:
    # `kill -TERM -PGID`, or `timeout` signalling its group: the workers die too, one perhaps while it
    # sends a chunk, and the command must not wait for the rest of it
    marker = uuid.uuid4().hex
    process = _start(["deal", "-n", "10000000", "--seed", "3", "--jobs", "2", "-q", "-o", "out.pbn",
                      "hcp(north) >= 37"], tmp_path, marker)
    _wait_for_temporary_file(tmp_path, process)
    _wait_for_busy_workers(process, marker, jobs=2)  # the workers are busy with their chunks
    _stop_and_check(process, signal.SIGTERM, tmp_path, marker, whole_group=True)
    assert not (tmp_path / "out.pbn").exists()


@pytest.mark.parametrize("signum", SIGNALS.values(), ids=SIGNALS.keys())
@pytest.mark.parametrize("command", [["convert", "-", "-o", "out.lin"], ["export", "-", "-o", "out.parquet"]],
                         ids=["convert", "export"])
def test_a_command_waiting_for_its_input_stops_cleanly(tmp_path: Path, command: list[str],
                                                       signum: int) -> None:
    marker = uuid.uuid4().hex
    read, write = os.pipe()
    try:
        process = _start(command, tmp_path, marker, stdin=read)
        os.close(read)
        os.write(write, dumps([], "pbn").encode())  # the input has begun, and goes on
        _wait_for_temporary_file(tmp_path, process)
        _stop_and_check(process, signum, tmp_path, marker, whole_group=False)
    finally:
        os.close(write)
    assert [p.name for p in tmp_path.iterdir()] == []


def _ignores_ctrl_c(pid: int) -> bool:
    """Whether ``pid`` ignores SIGINT (its ``SigIgn`` mask in ``/proc/PID/status``)."""
    for line in (Path("/proc") / str(pid) / "status").read_text().splitlines():
        if line.startswith("SigIgn:"):
            return bool(int(line.split()[1], 16) >> (signal.SIGINT - 1) & 1)
    return False


def _autoplay(tmp_path: Path, marker: str) -> subprocess.Popen[bytes]:
    """``autoplay --jobs 2`` of 200 boards (far more than it plays before the test is done with it)."""
    dealt = subprocess.run([sys.executable, "-m", "bridgetools", "deal", "-n", "200", "--seed", "1", "-q",
                            "-o", "in.pbn"], cwd=tmp_path, capture_output=True, timeout=WAIT)
    assert dealt.returncode == 0, dealt.stderr.decode()
    return _start(["autoplay", "--jobs", "2", "--seed", "1", "-q", "in.pbn", "-o", "out.pbn"], tmp_path,
                  marker)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_autoplay_workers_leave_ctrl_c_to_the_command(tmp_path: Path) -> None:
    marker = uuid.uuid4().hex
    process = _autoplay(tmp_path, marker)  # it writes its output at the end: no temporary file yet
    _wait_for_busy_workers(process, marker, jobs=2)
    workers = _workers(process.pid, marker)
    assert workers and all(_ignores_ctrl_c(pid) for pid in workers)
    _stop_and_check(process, signal.SIGINT, tmp_path, marker, whole_group=True)
    assert not (tmp_path / "out.pbn").exists()


@pytest.mark.parametrize("signum", SIGNALS.values(), ids=SIGNALS.keys())
def test_autoplay_with_worker_processes_stops_cleanly(tmp_path: Path, signum: int) -> None:
    marker = uuid.uuid4().hex
    process = _autoplay(tmp_path, marker)  # it writes its output at the end: no temporary file yet
    _wait_for_busy_workers(process, marker, jobs=2)
    _stop_and_check(process, signum, tmp_path, marker, whole_group=signum != signal.SIGTERM)
    assert not (tmp_path / "out.pbn").exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_autoplay_says_in_one_line_that_a_worker_was_killed(tmp_path: Path) -> None:
    marker = uuid.uuid4().hex
    process = _autoplay(tmp_path, marker)  # it writes its output at the end: no temporary file yet
    _wait_for_busy_workers(process, marker, jobs=2)
    os.kill(_workers(process.pid, marker)[0], signal.SIGKILL)  # out of memory, `kill -9`
    message = _finish(process)
    assert process.returncode == 1, message
    assert len(message.strip().splitlines()) == 1 and "a worker process stopped" in message, message
    assert "unexpected error" not in message and "Traceback" not in message, message
    assert not (tmp_path / "out.pbn").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def _ended_with_usage(process: subprocess.Popen[bytes]) -> tuple[str, float]:
    """What ``process`` said on stderr once it has ended, and the processor time it spent in all (user and
    system, every thread), from its own exit status (killed, its group too, past the ceiling)."""
    deadline = time.monotonic() + WAIT
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            pytest.fail("the command did not end")
        time.sleep(0.05)
    process.returncode = os.waitstatus_to_exitcode(status)
    said = process.stderr.read().decode(errors="replace") if process.stderr else ""
    return said, usage.ru_utime + usage.ru_stime


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_dd_stops_at_ctrl_c_without_solving_the_rest_of_its_batch(tmp_path: Path) -> None:
    # a batch of 40 deals takes DDS 8 s of processor time (20-25 s under load), and Ctrl-C used to wait
    # for all of it: the time the command spends after the signal is well under what was left of it
    pytest.importorskip("endplay")
    dealt = subprocess.run([sys.executable, "-m", "bridgetools", "deal", "-n", "200", "--seed", "1", "-q",
                            "-o", "in.pbn"], cwd=tmp_path, capture_output=True, timeout=WAIT)
    assert dealt.returncode == 0, dealt.stderr.decode()
    marker = uuid.uuid4().hex
    process = _start(["dd", "in.pbn", "--add", "-o", "out.pbn", "--jobs", "1", "-q"], tmp_path, marker)
    _wait_for_temporary_file(tmp_path, process)
    solving = _ticks(process.pid) + 50  # half a second into the first batch
    deadline = time.monotonic() + WAIT
    while (ticks := _ticks(process.pid)) < solving:
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)
    message, seconds = _ended_with_usage(process)
    assert process.returncode == 128 + signal.SIGINT, message
    assert "Traceback" not in message and message.strip() == "Stopped by SIGINT (Ctrl-C).", message
    assert seconds - ticks / 100 < 2.5, f"{seconds - ticks / 100:.1f} s of processor time after Ctrl-C"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.pbn"]


def test_a_ctrl_c_while_the_exit_waits_for_a_dds_batch_is_ignored_and_the_wait_said_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A second Ctrl-C while the exit waited for a DDS call left running cut the wait short ("Exception
    ignored in atexit callback") and the interpreter then finished under the running call: a crash."""
    import threading

    from bridgetools.dd import _dds

    release = threading.Event()

    def ctrl_c_then_release() -> None:
        deadline = time.monotonic() + 2  # the wait starts at once
        while signal.getsignal(signal.SIGINT) is not signal.SIG_IGN and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.2)
        release.set()

    caller = threading.Thread(target=_dds._abandonable, args=(release.wait,), daemon=True)
    caller.start()
    while not _dds.left_running():
        time.sleep(0.01)
    threading.Thread(target=ctrl_c_then_release, daemon=True).start()
    _dds._finish_abandoned()  # as at the exit: the Ctrl-C raises nothing here
    assert release.is_set() and not _dds.left_running()
    assert capsys.readouterr().err.count(_dds.WAITING_AT_EXIT) == 1
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_the_wait_for_a_dds_batch_at_the_exit_is_said_through_the_command_line_s_tell(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The exit's wait was printed to stderr past `tell` (the one way a line reaches the user: stderr's
    encoding, a progress bar cleared first); the command line now has a layer below it say it through
    `tell` (`_words.told_by`)."""
    import threading

    from bridgetools import _words
    from bridgetools.dd import _dds

    installed = subprocess.run(  # in a process of its own: main() installs its signal handlers
        [sys.executable, "-c", "import sys; from bridgetools import _words; from bridgetools.cli import "
         "common, main; sys.argv = ['bridgetools', '--version']\ntry: main()\nexcept SystemExit: pass\n"
         "print(_words._teller is common.tell)"], capture_output=True, text=True, timeout=WAIT)
    assert installed.stdout.splitlines()[-1] == "True", installed.stderr
    said: list[str] = []
    monkeypatch.setattr(_words, "_teller", said.append)
    release = threading.Event()
    threading.Thread(target=_dds._abandonable, args=(release.wait,), daemon=True).start()
    while not _dds.left_running():
        time.sleep(0.01)
    threading.Timer(0.2, release.set).start()
    _dds._finish_abandoned()
    assert said == [_dds.WAITING_AT_EXIT] and _dds.WAITING_AT_EXIT not in capsys.readouterr().err


def test_the_stop_line_is_the_last_said_not_scrolled_away_by_the_reading_problems_let_go(
        tmp_path: Path) -> None:
    # `print` of a file with a problem on each board, stopped half-way: "Stopped by SIGINT (Ctrl-C)." came
    # first, then the 120 problems of the boards read so far, said as their reader was let go
    deal = "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"
    (tmp_path / "in.pbn").write_text("".join(
        f'[Board "{n}"]\n[Dealer "N"]\n[Deal "{deal}"]\n[Declarer "E"]\n[Contract "1C"]\n[Result "7"]\n'
        '[Auction "N"]\n1C Pass Pass Pass\n\n' for n in range(1, 20001)))
    marker = uuid.uuid4().hex
    process = _start(["print", "in.pbn", "-o", "out.html"], tmp_path, marker)
    _wait_for_temporary_file(tmp_path, process)
    os.kill(process.pid, signal.SIGINT)
    message = _finish(process)
    assert process.returncode == 128 + signal.SIGINT, message[-400:]
    assert message.splitlines() == ["Stopped by SIGINT (Ctrl-C)."], message[-400:]


_SIGNALLED = """
import os, signal, sys, time
from bridgetools import cli
def signalled(*_):  # a SIGTERM caught in this function
    os.kill(os.getpid(), signal.SIGTERM)
    for _ in range(100_000):
        pass
"""
"""A script's start: ``signalled``, a function that catches a SIGTERM sent to the process."""

_STOPPED_OR_NOT = """
try:
    Finalised()
    started = time.monotonic()
    while time.monotonic() - started < 60:
        pass
    print("ran to the end")
except cli.Stopped:
    print("stopped")
"""
"""A script's end: a ``Finalised`` let go, then a minute's work, says whether it ``stopped``."""

_CAUGHT_IN_A_FINALISER = _SIGNALLED + """
cli.catch_stop_signals()
class Finalised:
    __del__ = signalled  # the signal is caught here, as in a reader's generator closed by the collector
""" + _STOPPED_OR_NOT


def test_a_stop_signal_caught_in_a_finaliser_still_stops_the_command(tmp_path: Path) -> None:
    # Python lets go of an exception raised in a finaliser with a traceback: `print` stopped by SIGTERM
    # as a reader was let go said a traceback, ran on to its end deaf to another signal and wrote its file
    done = subprocess.run([sys.executable, "-c", _CAUGHT_IN_A_FINALISER], cwd=tmp_path, capture_output=True,
                          timeout=WAIT)
    assert done.stdout.decode().split() == ["stopped"], done.stderr.decode()[-400:]
    assert "Traceback" not in done.stderr.decode()


_SAID_WHILE_ANOTHER_IS_SAID = _SIGNALLED + """
sys.unraisablehook = signalled  # the signal comes while the hook says another finaliser's exception
cli.catch_stop_signals()
class Finalised:
    def __del__(self):
        raise ValueError("a finaliser's own error")
""" + _STOPPED_OR_NOT


def test_a_stop_signal_come_while_a_finalisers_exception_is_said_still_stops_the_command(
        tmp_path: Path) -> None:
    # the signal sent again once came while the hook still ran (starting its timer, under load): raised
    # there, it was let go with a traceback, and the command ran to its end deaf to any other
    done = subprocess.run([sys.executable, "-c", _SAID_WHILE_ANOTHER_IS_SAID], cwd=tmp_path,
                          capture_output=True, timeout=WAIT)
    assert done.stdout.decode().split() == ["stopped"], done.stderr.decode()[-400:]
    assert "Stopped" not in done.stderr.decode()


_ENDING_AS_CAUGHT_IN_A_FINALISER = _SIGNALLED + """
class Finalised:
    __del__ = signalled  # the signal is caught here, as the command's last reader is let go
def run():
    Finalised()
    sys.exit(0)
cli._run = run
cli.main()
"""


def test_a_command_ending_before_a_signal_lost_in_a_finaliser_is_sent_again_ends_stopped(
        tmp_path: Path) -> None:
    # it exited 0, the signal sent again too late to be caught
    done = subprocess.run([sys.executable, "-c", _ENDING_AS_CAUGHT_IN_A_FINALISER], cwd=tmp_path,
                          capture_output=True, timeout=WAIT)
    assert done.returncode == 128 + signal.SIGTERM, done.stderr.decode()[-400:]
    assert done.stderr.decode().splitlines() == ["Stopped by SIGTERM."]
