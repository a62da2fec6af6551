"""Benchmark the Parquet export on generated boards: boards per second and peak memory, in one run.

    python scripts/bench_export.py                  # 1,000,000 and 3,000,000 boards (under a minute)
    python scripts/bench_export.py --quick          # 20,000 and 100,000 boards, a smoke run
    python scripts/bench_export.py --sizes 100000 1000000
    python scripts/bench_export.py --field-size 10          # each deal played 10 times: field results at work
    python scripts/bench_export.py --row-group-size 10000   # another row-group size
    python scripts/bench_export.py --real example3.pbn      # boards read from a real file
    python scripts/bench_export.py --real FILE --copies 13  # that file repeated 13 times
    python scripts/bench_export.py --real FILE --repeats 5  # the API export 5 times over, median
    python scripts/bench_export.py --real FILE --api-only   # without the command line's run
    python scripts/bench_export.py --real FILE --peer /other/checkout/.venv/bin/python  # beside another
    python scripts/bench_export.py --numbered 100000  # a dealt file numbered on against numbered 1-32

Numbered mode (``--numbered N``): ``bridgetools deal -n N`` writes N boards numbered 1 to N, and the same
boards are written again numbered 1-32 over and over; each file is read (`bt.read`, keeping no board) and
exported (``bridgetools export FILE -o OUT -q``) in a child process, and the script prints each one's peak
resident memory and the difference a board: what reading keeps of the boards it has passed (the board
numbers seen, to tell a number given again with another deal), the rest being the same for both.

Real-file mode (``--real FILE``): the boards of a real hand-record file (for the figures in
docs/performance.md, endplay's world-championship archive, ``tests/pbn/example3.pbn`` in endplay's
repository: 7,632 games with auctions and play) are read once (timed: reading),
repeated to about 100,000 boards and exported with the calls and plays tables, through the API
(`bt.to_parquet` of an iterator: sessions of 10,000 boards; ``--repeats`` runs, median, with the load
average printed: the machine is shared; also the CPU time of the reading thread alone, since each table
is made and written in a thread of its own) and through the command line (`bridgetools
export FILE -o OUT --calls --plays` on the file written that many times over, in a child process). Reading
and exporting are timed apart: the API's export time excludes reading; the command's own time includes it,
so the script also prints the command's time less the reading of the same file in another child process.
Both wall-clock and CPU seconds are printed: on a shared machine the CPU figure moves less. With
``--peer PYTHON`` (the interpreter of another checkout, main's say), the API export also runs in child
processes, this checkout's and the peer's in turn, ``--repeats`` times each, and the script prints both
medians and their ratio: the two are measured under the same load; so does the command (unless
``--api-only``), wall-clock and CPU seconds, the whole run of each (its imports and reading included).

Deals come from the dealer engine (`bridgetools.dealer.batch.random_batch`, seeded) in sessions of
10,000; each board gets a number (dealer and vulnerability by Law 2), a random contract, declarer and a
number of tricks near the contract, and goes through the same path as every export: `BoardArrays` ->
`build_batch` (hands, HCP, shapes, deal string, Law 77 score, field results) -> row groups of
`ROW_GROUP_SIZE` (100,000) rows in a temporary file renamed into place. Each size runs in its own child
process so that its peak memory (``ru_maxrss``) is its own: the goal is at least 50,000 boards/s and under
1 GB peak, the same peak for every size (the script prints both peaks, their ratio and their difference).
The baseline, in this process, is the general path (one `Board` object per board through
`to_parquet`) on fewer boards; the script prints how many times faster the array path is.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bridgetools.analysis.columns import BoardArrays
from bridgetools.analysis.export import ROW_GROUP_SIZE, ParquetExport, to_parquet
from bridgetools.board import Board
from bridgetools.dealer.batch import random_batch
from bridgetools.model import Contract, Deal, Hand, Penalty, Seat, Strain, Vul

ROOT = Path(__file__).resolve().parents[1]
SEED = 20250312
SESSION = 10_000
GOAL_RATE = 50_000
GOAL_PEAK_MB = 1024

# Law 2 over one 16-board cycle, from the model: index by (board - 1) % 16.
DEALERS = np.array([Seat.dealer_of_board(n) for n in range(1, 17)], dtype=np.int8)
VULNERABILITY = np.array([Vul.of_board(n) for n in range(1, 17)], dtype=np.int8)


def generated(rng: np.random.Generator, first: int, n: int, field: int = 1) -> BoardArrays:
    """``n`` boards from the dealer with contracts and results: level 1-7 (mostly low), any strain,
    a double one time in ten, and declarer's tricks within two of the contract. With ``field`` > 1 each
    deal is played ``field`` times in a row under one board number: a field of that many results."""
    hands = np.repeat(random_batch(rng, -(-n // field)).hands, field, axis=0)[:n]
    number = ((np.arange(first, first + n) // field) % 32 + 1).astype(np.int32)
    level = rng.choice(np.arange(1, 8), size=n, p=[0.2, 0.25, 0.2, 0.2, 0.08, 0.05, 0.02]).astype(np.int8)
    doubled = rng.choice(np.arange(3), size=n, p=[0.9, 0.08, 0.02]).astype(np.int8)
    tricks = np.clip(level + 6 + rng.integers(-2, 3, size=n), 0, 13).astype(np.int8)
    return BoardArrays(
        masks=hands, known=np.ones((n, 4), dtype=np.bool_), board=number,
        dealer=DEALERS[(number - 1) % 16], vulnerable=VULNERABILITY[(number - 1) % 16],
        level=level, strain=rng.integers(0, 5, size=n).astype(np.int8), doubled=doubled,
        declarer=rng.integers(0, 4, size=n).astype(np.int8), tricks=tricks,
    )


def export_arrays(n: int, path: str, seed: int, field: int, row_group_size: int) -> float:
    """Export ``n`` generated boards to ``path``; the seconds it took (dealing included)."""
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    with ParquetExport(path, metadata={"seed": seed, "generator": "scripts/bench_export.py"},
                       row_group_size=row_group_size) as export:
        for first in range(0, n, SESSION):
            export.add_arrays(generated(rng, first, min(SESSION, n - first), field))
    return time.perf_counter() - start


def as_boards(arrays: BoardArrays) -> list[Board]:
    """The same boards as `Board` objects, for the baseline."""
    boards = []
    for i in range(len(arrays)):
        contract = Contract(int(arrays.level[i]), Strain(int(arrays.strain[i])),
                            Penalty(int(arrays.doubled[i])))
        boards.append(Board(number=int(arrays.board[i]), deal=Deal([Hand(int(m)) for m in arrays.masks[i]]),
                            contract=contract, declarer=Seat(int(arrays.declarer[i])),
                            tricks=int(arrays.tricks[i])))
    return boards


def child(n: int, seed: int, field: int, row_group_size: int) -> None:
    """Run one size and print its figures as JSON (peak memory is this process's own)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "boards.parquet")
        seconds = export_arrays(n, path, seed, field, row_group_size)
        size = os.path.getsize(path)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(json.dumps({"n": n, "seconds": seconds, "peak_mb": peak, "file_mb": size / 1e6}))


def run_child(n: int, seed: int, field: int, row_group_size: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--child", str(n), "--seed", str(seed),
                          "--field-size", str(field), "--row-group-size", str(row_group_size)],
                         check=True, capture_output=True, text=True)
    figures: dict[str, float] = json.loads(out.stdout)
    return figures


def baseline(n: int, seed: int, field: int) -> float:
    """Boards per second through `Board` objects and `to_parquet` (building the boards not timed)."""
    boards = as_boards(generated(np.random.default_rng(seed), 0, n, field))
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        to_parquet(boards, os.path.join(tmp, "boards.parquet"))
        return n / (time.perf_counter() - start)


REAL_TARGET = 100_000


def _timed(action: Callable[[], object]) -> tuple[float, float, float]:
    """Wall-clock and CPU seconds of ``action()``, and the CPU seconds of this thread alone (the export
    makes and writes each table in a thread of its own: with a core free for them, the wall-clock time
    follows this thread's)."""
    wall, cpu, own = time.perf_counter(), time.process_time(), time.thread_time()
    action()
    return time.perf_counter() - wall, time.process_time() - cpu, time.thread_time() - own


def _own_checkout() -> dict[str, str]:
    """The environment for a child of this checkout: run from an empty directory, it imports this
    checkout's bridgetools, not whichever one is installed (a relative PYTHONPATH such as ``.`` would not
    reach it there). A peer's interpreter is a wrapper that sets its own PYTHONPATH."""
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def _child_seconds(command: list[str], cwd: str | None = None) -> tuple[float, float, float]:
    """Wall-clock and CPU seconds (user + system) of a child process, and its own peak resident memory in
    MB (``wait4``: the RUSAGE_CHILDREN peak is the largest of every child so far)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, env=_own_checkout(), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise subprocess.CalledProcessError(child.returncode, command)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _rate(n: int, seconds: float) -> str:
    """``n`` boards in ``seconds`` as boards a second; a difference of two runs on a loaded machine can be
    nothing or less (the reading alone took longer than the command), which gives no rate."""
    return f"{n / seconds:,.0f} boards/s" if seconds > 0 else "no rate: the two runs differ by the load"


def _load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes (2 cores shared with other work)."""
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


_CHILD_EXPORT = """
import json, os, resource, sys, tempfile, time
import bridgetools as bt
boards = list(bt.read(sys.argv[1])) * int(sys.argv[2])
with tempfile.TemporaryDirectory() as tmp:
    wall, cpu, own = time.perf_counter(), time.process_time(), time.thread_time()
    bt.to_parquet(iter(boards), os.path.join(tmp, "b.parquet"), calls_path=os.path.join(tmp, "c.parquet"),
                  plays_path=os.path.join(tmp, "p.parquet"))
    print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
                      "own": time.thread_time() - own,
                      "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""
"""The API export in a child process (reading not timed), for `beside_peer`; its peak resident memory (MB)
includes the boards read."""


def beside_peer(path: Path, copies: int, n: int, peer: str, repeats: int) -> None:
    """The API export by this checkout and by ``peer`` (another checkout's interpreter), in child processes
    run in turn (each from an empty directory, so that each imports its own bridgetools)."""
    runs: dict[str, list[dict[str, float]]] = {"this checkout": [], "peer": []}
    with tempfile.TemporaryDirectory() as empty:
        for _ in range(repeats):
            for name, python in (("this checkout", sys.executable), ("peer", peer)):
                out = subprocess.run([python, "-c", _CHILD_EXPORT, str(path.resolve()), str(copies)],
                                     check=True, capture_output=True, text=True, cwd=empty,
                                     env=_own_checkout())
                runs[name].append(json.loads(out.stdout))
    keys = ("wall", "cpu", "own", "peak")
    medians = {name: {key: statistics.median(run[key] for run in done) for key in keys}
               for name, done in runs.items()}
    for name, m in medians.items():
        print(f"  export (API) in child processes, {name}, median of {repeats}: {m['wall']:6.2f} s wall "
              f"{n / m['wall']:>9,.0f} boards/s; {m['cpu']:6.2f} s CPU {n / m['cpu']:>9,.0f} boards/s; "
              f"reading thread {m['own']:6.2f} s; peak {m['peak']:5.0f} MB (the boards read included)")
    ours, theirs = medians["this checkout"], medians["peer"]
    print(f"    this checkout / peer, in time (less is faster): wall {ours['wall'] / theirs['wall']:.3f}, "
          f"CPU {ours['cpu'] / theirs['cpu']:.3f}, reading thread {ours['own'] / theirs['own']:.3f}; "
          f"load average {_load()}")


def command_beside_peer(big: str, out: str, n: int, peer: str, repeats: int) -> None:
    """`bridgetools export --calls --plays` of ``big`` by this checkout and by ``peer``, in child processes
    run in turn from an empty directory (each imports its own bridgetools), ``repeats`` times each."""
    runs: dict[str, list[tuple[float, float, float]]] = {"this checkout": [], "peer": []}
    with tempfile.TemporaryDirectory() as empty:
        for _ in range(repeats):
            for name, python in (("this checkout", sys.executable), ("peer", peer)):
                runs[name].append(_child_seconds([python, "-m", "bridgetools", "export", big, "-o", out,
                                                  "--calls", "--plays", "-q"], cwd=empty))
    medians = {name: [statistics.median(run[i] for run in done) for i in (0, 1, 2)]
               for name, done in runs.items()}
    for name, (wall, cpu, peak) in medians.items():
        print(f"  bridgetools export in child processes, {name}, median of {repeats}: {wall:6.2f} s wall "
              f"{n / wall:>9,.0f} boards/s; {cpu:6.2f} s CPU {n / cpu:>9,.0f} boards/s; peak {peak:5.0f} MB")
    (ours_wall, ours_cpu, _), (theirs_wall, theirs_cpu, _) = medians["this checkout"], medians["peer"]
    print(f"    this checkout / peer, in time (less is faster): wall {ours_wall / theirs_wall:.3f}, "
          f"CPU {ours_cpu / theirs_cpu:.3f}; load average {_load()}")


def real(path: Path, copies: int | None, repeats: int = 3, command: bool = True,
         peer: str | None = None) -> None:
    """Export the boards of a real file, repeated, through the API (``repeats`` times, median) and the
    command line (see above)."""
    import bridgetools as bt

    print(f"load average at the start: {_load()}")
    boards: list[Board] = []
    wall, cpu, _ = _timed(lambda: boards.extend(bt.read(path)))
    copies = copies or max(1, round(REAL_TARGET / len(boards)))
    n = len(boards) * copies
    print(f"real file {path.name}: {len(boards):,} boards, {copies} copies = {n:,} boards "
          f"(calls and plays tables included)")
    print(f"  reading (API, {len(boards):,} boards): {wall:6.2f} s wall {len(boards) / wall:>9,.0f} "
          f"boards/s; {cpu:6.2f} s CPU {len(boards) / cpu:>9,.0f} boards/s")
    many = boards * copies
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "boards.parquet")
        runs = [_timed(lambda: to_parquet(iter(many), out, calls_path=os.path.join(tmp, "c.parquet"),
                                          plays_path=os.path.join(tmp, "p.parquet")))
                for _ in range(repeats)]
        wall, cpu, own = (statistics.median(run[i] for run in runs) for i in range(3))
        print(f"  export (API, bt.to_parquet), median of {repeats}: {wall:6.2f} s wall {n / wall:>9,.0f} "
              f"boards/s; {cpu:6.2f} s CPU {n / cpu:>9,.0f} boards/s  goal >= {GOAL_RATE:,}: "
              f"{'met' if n / wall >= GOAL_RATE else 'NOT met'} (wall), "
              f"{'met' if n / cpu >= GOAL_RATE else 'NOT met'} (CPU)")
        print(f"    the reading thread's CPU: {own:6.2f} s {n / own:>9,.0f} boards/s (the tables are made "
              f"and written in three more threads)")
        print(f"    each run: {', '.join(f'{n / w:,.0f}' for w, _, _ in runs)} boards/s wall; "
              f"{', '.join(f'{n / c:,.0f}' for _, c, _ in runs)} CPU; load average {_load()}")
        if peer is not None:
            beside_peer(path, copies, n, peer, repeats)
        if not command:
            print(f"load average at the end: {_load()}")
            return
        big = os.path.join(tmp, "big.pbn")
        text = path.read_bytes()
        with open(big, "wb") as f:
            for _ in range(copies):
                f.write(text + b"\n")
        cli_wall, cli_cpu, cli_peak = _child_seconds([sys.executable, "-m", "bridgetools", "export", big,
                                                      "-o", out, "--calls", "--plays", "-q"])
        reading = "import sys, bridgetools as bt; sum(1 for _ in bt.read(sys.argv[1]))"
        read_wall, read_cpu, read_peak = _child_seconds([sys.executable, "-c", reading, big])
        print(f"  bridgetools export --calls --plays: {cli_wall:6.2f} s wall ({n / cli_wall:,.0f} boards/s), "
              f"{cli_cpu:6.2f} s CPU, peak {cli_peak:.0f} MB")
        print(f"    reading the same file alone: {read_wall:6.2f} s wall ({n / read_wall:,.0f} boards/s), "
              f"{read_cpu:6.2f} s CPU, peak {read_peak:.0f} MB")
        left_wall, left_cpu = cli_wall - read_wall, cli_cpu - read_cpu
        print(f"    the command less the reading: {left_wall:6.2f} s wall ({_rate(n, left_wall)}), "
              f"{left_cpu:6.2f} s CPU ({_rate(n, left_cpu)})")
        if peer is not None:
            command_beside_peer(big, out, n, peer, repeats)
    print(f"load average at the end: {_load()}")


_PEAK_AT_EXIT = """import atexit, runpy, sys
said = sys.argv.pop(1)
atexit.register(lambda: open(said, "w").write(
    next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM"))))
if sys.argv[1] == "-m":
    sys.argv = [sys.argv[2], *sys.argv[3:]]
    runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
else:
    code, sys.argv = sys.argv[2], sys.argv[2:]
    exec(code)
"""
"""A child that says its own peak resident memory (Linux's VmHWM, which starts afresh at exec, where
``wait4``'s ru_maxrss keeps the forking parent's) in a file when it exits."""


def _own_peak(arguments: list[str], said: Path) -> tuple[float, float]:
    """Wall-clock seconds and the child's own peak resident memory in MB (`_PEAK_AT_EXIT`) of ``python
    ARGUMENTS``."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", _PEAK_AT_EXIT, str(said), *arguments], env=_own_checkout(),
                   stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start, int(said.read_text()) / 1024


def numbered(n: int, seed: int) -> None:
    """The peaks of reading and exporting ``n`` dealt boards numbered on, and the same numbered 1-32."""
    import itertools
    import re

    with tempfile.TemporaryDirectory() as tmp:
        on, cycled = Path(tmp, "on.pbn"), Path(tmp, "cycled.pbn")
        subprocess.run([sys.executable, "-m", "bridgetools", "deal", "-n", str(n), "--seed", str(seed), "-o",
                        str(on), "-q"], env=_own_checkout(), check=True)
        count = itertools.count()
        cycled.write_text(re.sub(r'\[Board "\d+"\]', lambda _: f'[Board "{next(count) % 32 + 1}"]',
                                 on.read_text(encoding="ascii")), encoding="ascii")
        print(f"{n:,} dealt boards (seed {seed}): peak resident memory of each child")
        peaks = {}
        for name, path in (("numbered 1-N", on), ("numbered 1-32", cycled)):
            read = _own_peak(["-c", "import sys, bridgetools as bt\nfor _ in bt.read(sys.argv[1]): pass",
                              str(path)], Path(tmp, "peak"))
            export = _own_peak(["-m", "bridgetools", "export", str(path), "-o", str(Path(tmp, "out.parquet")),
                                "-q"], Path(tmp, "peak"))
            peaks[name] = read[1], export[1]
            print(f"  {name:>14}: bt.read {read[1]:6.0f} MB ({read[0]:5.1f} s), export {export[1]:6.0f} MB "
                  f"({export[0]:5.1f} s)")
        (read_on, export_on), (read_cycled, export_cycled) = peaks.values()
        print(f"  numbered on keeps {(read_on - read_cycled) * 1e6 / n:,.0f} bytes a board reading, "
              f"{(export_on - export_cycled) * 1e6 / n:,.0f} exporting")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000_000, 3_000_000])
    parser.add_argument("--quick", action="store_true", help="20,000 and 100,000 boards")
    parser.add_argument("--baseline", type=int, default=20_000, help="boards for the Board-object baseline")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--field-size", type=int, default=1, help="results per deal (a divisor of 10,000)")
    parser.add_argument("--row-group-size", type=int, default=ROW_GROUP_SIZE)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--real", metavar="FILE", help="export the boards of a real file instead")
    parser.add_argument("--copies", type=int, help="with --real: how many times over (about 100,000 boards)")
    parser.add_argument("--repeats", type=int, default=3, help="with --real: API runs (median)")
    parser.add_argument("--api-only", action="store_true", help="with --real: not the command line")
    parser.add_argument("--peer", metavar="PYTHON",
                        help="with --real: also the API export by another checkout's interpreter, in turn")
    parser.add_argument("--numbered", type=int, metavar="N",
                        help="read and export N dealt boards numbered on, and numbered 1-32")
    args = parser.parse_args()
    if args.numbered is not None:
        numbered(args.numbered, args.seed)
        return
    if args.real is not None:
        real(Path(args.real), args.copies, args.repeats, not args.api_only, args.peer)
        return
    if args.child is not None:
        child(args.child, args.seed, args.field_size, args.row_group_size)
        return
    if SESSION % args.field_size:
        parser.error("--field-size must divide the session size, 10,000, so that no field is cut")
    sizes = [20_000, 100_000] if args.quick else args.sizes
    print(f"export of generated boards to Parquet (seed {args.seed}, sessions of {SESSION:,}, "
          f"row groups of {args.row_group_size:,}, fields of {args.field_size})")
    results = []
    for n in sizes:
        r = run_child(n, args.seed, args.field_size, args.row_group_size)
        rate = r["n"] / r["seconds"]
        results.append((n, rate, r["peak_mb"]))
        print(f"  {n:>10,} boards: {r['seconds']:6.2f} s  {rate:>9,.0f} boards/s  peak {r['peak_mb']:6.0f} MB"
              f"  file {r['file_mb']:6.1f} MB")
    base_n = min(args.baseline, 5_000) if args.quick else args.baseline
    base = baseline(base_n, args.seed, args.field_size)
    best = max(rate for _, rate, _ in results)
    print(f"  baseline, {base_n:,} Board objects through to_parquet: {base:,.0f} boards/s; "
          f"array path {best / base:.1f}x faster")
    smallest, largest = results[0], results[-1]
    print(f"  peak memory {smallest[2]:.0f} MB for {smallest[0]:,} boards, {largest[2]:.0f} MB for "
          f"{largest[0]:,}: ratio {largest[2] / smallest[2]:.3f} (flat = 1.0), "
          f"{largest[2] - smallest[2]:+.1f} MB")
    rate_ok = all(rate >= GOAL_RATE for _, rate, _ in results)
    peak_ok = all(peak < GOAL_PEAK_MB for _, _, peak in results)
    print(f"  goal >= {GOAL_RATE:,} boards/s: {'met' if rate_ok else 'NOT met'}; "
          f"peak < {GOAL_PEAK_MB} MB: {'met' if peak_ok else 'NOT met'}")


if __name__ == "__main__":
    main()
