"""Benchmark `bridgetools deal` end to end against Debian's C dealer on issue 4's tasks T0-T4, in one run.

    python scripts/bench_dealer.py               # the deal command and dealer, each writing PBN to a file
    python scripts/bench_dealer.py --repeat 3    # three runs of each, medians reported (a busy machine)
    python scripts/bench_dealer.py --quick       # a tenth of the boards, a smoke run of a few seconds
    python scripts/bench_dealer.py --tasks T1 --boards 10000   # one task, another number of boards
    python scripts/bench_dealer.py --engine      # the engine in one process instead (deals/s, no output)
    python scripts/bench_dealer.py --scripts --repeat 10   # fixed cost: four whole dealer scripts, and --help
    python scripts/bench_dealer.py --scripts --small --repeat 5   # small jobs, mostly start-up, and --help

The default run times, for each task, ``bridgetools deal -n N --seed S -q -o FILE 'condition'`` and
``/usr/games/dealer`` with ``produce N`` and ``action printpbn`` writing to a file, as commands: start-up,
parsing, dealing and writing included, the two taking turns. It prints the median wall-clock and CPU
seconds of each and dealer's time over bridgetools' (at least 1 means bridgetools is as fast or faster).
The command runs with Python's bytecode cache on (as an installed package has it) after one warm-up run.

``--scripts`` runs four dealer scripts (`SCRIPTS`: a 1NT opening and its response printed one line a deal,
a million deals averaged and counted, 10,000 boards printed compactly, 100 in PBN) as ``bridgetools deal -f
SCRIPT --seed 1`` and ``dealer -s 1 SCRIPT``, each writing to a file, taking turns, plus ``bridgetools
--help``: what a run costs before and besides its deals. It prints the least wall-clock and CPU seconds
of the runs (the steadiest figure on a shared machine) and dealer's time over bridgetools'. With
``--small``, the scripts are `SMALL_JOBS` instead (``deal -n 1``'s one board, a 15-17 1NT opening, the slam
sample, 100,000 deals printed one line each), and ``convert --help`` is timed too.

``--engine`` prints accepted deals per second for: the engine with exact sampling of the most selective
hand (``smart``), the engine with plain rejection (``plain``), the dealer-language front end as batches
(``script``) and as `Deal` objects (``generate``), and the C dealer with its output piped and thrown away.
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bridgetools.dealer import deal_batches, generate
from bridgetools.dealer.batch import DealBatch, random_batch
from bridgetools.dealer.engine import Production, produce
from bridgetools.dealer.language import all_shapes
from bridgetools.dealer.smart import HandSpec
from bridgetools.model import Seat, Suit

BALANCED = frozenset(s for s in all_shapes() if sorted(s) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5]))
DEALER = "/usr/games/dealer"
SEED = 20240601


class Condition:
    """A picklable condition: every hand spec met, plus South's extra requirements."""

    def __init__(
        self, specs: list[HandSpec], south_spades: int = 0, south_hcp: tuple[int, int] = (0, 37)
    ) -> None:
        self.specs = specs
        self.south_spades = south_spades
        self.south_hcp = south_hcp

    def __call__(self, batch: DealBatch) -> npt.NDArray[np.bool_]:
        ok = np.ones(batch.n, dtype=np.bool_)
        for spec in self.specs:
            ok &= spec.matches(batch)
        if self.south_spades:
            ok &= batch.length(Seat.S, Suit.S) >= self.south_spades
        lo, hi = self.south_hcp
        if (lo, hi) != (0, 37):
            points = batch.hcp(Seat.S)
            ok &= (points >= lo) & (points <= hi)
        return ok


@dataclass
class Task:
    name: str
    what: str
    n: int
    specs: list[HandSpec]
    condition: Condition
    dealer_script: str  # the same condition in the dealer language
    dealer_n: int = 0  # how many deals to ask the C dealer for (0: n)
    boards: int = 0  # boards both commands write in the end-to-end run (0: n)
    rates: dict[str, float] = field(default_factory=dict)


def _nt(lo: int, hi: int) -> HandSpec:
    return HandSpec(Seat.N, shapes=BALANCED, hcp=(lo, hi))


BALANCED_DLR = "shape(north, any 4333 + any 4432 + any 5332)"


def tasks(quick: bool) -> list[Task]:
    scale = 10 if quick else 1
    eight_spades = HandSpec(Seat.N, lengths=((8, 13), (0, 13), (0, 13), (0, 13)), hcp=(10, 37))
    pair = [eight_spades, HandSpec(Seat.S, lengths=((4, 13), (0, 13), (0, 13), (0, 13)))]
    strong = HandSpec(Seat.N, lengths=((4, 13), (0, 13), (0, 13), (0, 13)), hcp=(22, 37))
    return [
        Task("T0", "1,000,000 unconstrained deals", 1_000_000 // scale, [], Condition([]), "",
             boards=200_000 // scale),
        Task(
            "T1", "North 15-17 balanced", 10_000 // scale, [_nt(15, 17)], Condition([_nt(15, 17)]),
            f"hcp(north) >= 15 && hcp(north) <= 17 && {BALANCED_DLR}", boards=50_000 // scale,
        ),
        Task(
            "T2", "North 20-21 balanced, South 0-4", 1_000 // scale, [_nt(20, 21)],
            Condition([_nt(20, 21)], south_hcp=(0, 4)),
            f"hcp(north) >= 20 && hcp(north) <= 21 && {BALANCED_DLR} && hcp(south) <= 4",
        ),
        Task(
            "T3", "North 8+ spades and 10+ HCP, South 4+ spades", 1_000 // scale, pair,
            Condition([eight_spades], south_spades=4),
            "spades(north) >= 8 && hcp(north) >= 10 && spades(south) >= 4",
            dealer_n=100 // scale, boards=100 // scale,
        ),
        Task(
            "T4", "North 22+ HCP and 4+ spades, South 8+ HCP", 1_000 // scale, [strong],
            Condition([strong], south_hcp=(8, 37)),
            "hcp(north) >= 22 && spades(north) >= 4 && hcp(south) >= 8",
        ),
    ]


def timed(run: Callable[[], int]) -> float:
    """Deals per second of ``run``, which returns how many deals it produced."""
    start = time.perf_counter()
    produced = run()
    return produced / (time.perf_counter() - start)


def engine_rate(task: Task, jobs: int, smart: bool, budget: int | None = None) -> float:
    def run() -> int:
        stats = Production()
        for _ in produce(
            task.condition if task.specs else None, task.n, SEED, specs=task.specs if smart else None,
            jobs=jobs, max_generated=budget, stats=stats,
        ):
            pass
        return stats.produced

    return timed(run)


def language_rate(task: Task) -> float:
    """Deals per second through ``bt.generate`` (the dealer language, a list of `Deal` objects)."""
    condition = task.dealer_script or "1"
    return timed(lambda: len(generate(condition, task.n, seed=SEED)))


def script_rate(task: Task) -> float:
    """Deals per second through the dealer language kept as batches (``deal_batches``): what the
    ``deal`` command and the dealer's actions consume, without one Python object per deal."""
    condition = task.dealer_script or "1"
    return timed(lambda: sum(len(b) for b in deal_batches(condition, task.n, seed=SEED)))


def dealer_rate(task: Task, workdir: Path) -> float | None:
    """Deals per second of Debian's C dealer on the task, or None when it is not installed."""
    if not Path(DEALER).exists() and shutil.which("dealer") is None:
        return None
    n = task.dealer_n or task.n
    script = workdir / f"{task.name}.dlr"
    lines = ["generate 1000000000", f"produce {n}"]
    if task.dealer_script:
        lines.append(f"condition {task.dealer_script}")
        lines.append("action printcompact")
    else:
        lines.append('action average "hcp" hcp(north)')
    script.write_text("\n".join(lines) + "\n")
    program = DEALER if Path(DEALER).exists() else "dealer"
    start = time.perf_counter()
    out = subprocess.run([program, "-s", "1", str(script)], capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - start
    produced = next(
        (int(line.split()[1]) for line in out.stdout.splitlines() if line.startswith("Produced")), n
    )
    return produced / elapsed


def engine_main(args: argparse.Namespace) -> int:
    """Accepted deals per second of the engine and its front ends in this process, and of the C dealer."""

    def best(measure: Callable[[], float | None]) -> float | None:
        rates = [measure() for _ in range(max(1, args.repeat))]
        return None if rates[0] is None else max(r for r in rates if r is not None)

    # Warm up numpy and the holding tables; the exact samplers are built inside each timed run.
    random_batch(np.random.default_rng(0), 10)
    work = tasks(args.quick)
    single = timed(lambda: random_batch(np.random.default_rng(SEED), work[0].n).n)
    print(f"random_batch alone: {single:,.0f} deals/s ({work[0].n:,} deals, one process)")

    have_dealer = not args.no_dealer and (Path(DEALER).exists() or shutil.which("dealer") is not None)
    if not have_dealer and not args.no_dealer:
        print("C dealer not found (apt-get install dealer): its column is skipped")
    budget = 2_000_000 if args.quick else 20_000_000  # deals plain rejection may deal per task
    with tempfile.TemporaryDirectory() as tmp:
        for task in work:
            measures: dict[str, Callable[[], float | None]] = {
                "smart": functools.partial(engine_rate, task, args.jobs, smart=True),
                "script": functools.partial(script_rate, task),
                "generate": functools.partial(language_rate, task),
            }
            if task.specs and not args.no_plain:
                measures["plain"] = functools.partial(engine_rate, task, args.jobs, smart=False,
                                                      budget=budget)
            if have_dealer:
                measures["C dealer"] = functools.partial(dealer_rate, task, Path(tmp))
            for name, measure in measures.items():
                rate = best(measure)
                if rate is not None:
                    task.rates[name] = rate

    columns = ["smart", "plain", "script", "generate", "C dealer"]
    ratios = [("smart", "smart/C"), ("script", "script/C")]
    print(f"\n{'task':4} {'deals':>9} " + " ".join(f"{c:>11}" for c in columns)
          + "".join(f" {r:>9}" for _, r in ratios) + "  what")
    for task in work:
        cells = [f"{task.rates[c]:11,.0f}" if c in task.rates else f"{'-':>11}" for c in columns]
        versus = task.rates.get("C dealer")
        shown = [f"{task.rates[c] / versus:9.1f}" if versus and c in task.rates else f"{'-':>9}"
                 for c, _ in ratios]
        print(f"{task.name:4} {task.n:9,} " + " ".join(cells) + " " + " ".join(shown) + f"  {task.what}")
    print("(accepted deals/s, each timed run including its set-up. smart = the engine with exact\n"
          " sampling of"
          " the hand the task pins; plain = the engine with rejection only; script = the same condition in\n"
          " the dealer language through deal_batches; generate = bt.generate, which also builds one Deal\n"
          " object per deal; C dealer = /usr/games/dealer with printcompact output to a pipe)")
    return 0



# End to end: the deal command against the C dealer, both writing PBN ---------------------------------------


def deal_command() -> list[str]:
    """The ``bridgetools`` command next to this Python (a virtual environment's), else ``python -m``."""
    script = Path(sys.executable).with_name("bridgetools")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bridgetools"]


def command_environment() -> dict[str, str]:
    """This environment with Python's bytecode cache on, as an installed package has its modules compiled."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


@dataclass
class Timing:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, run: Callable[[], None]) -> None:
        """Time ``run`` (a child process): seconds on the clock and CPU seconds of the children."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        run()
        self.wall.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def boards_in(path: Path) -> int:
    return path.read_bytes().count(b"[Board ")


def run_deal(task: Task, n: int, out: Path) -> None:
    command = [*deal_command(), "deal", "-n", str(n), "--seed", str(SEED), "-q", "-o", str(out)]
    if task.dealer_script:
        command.append(task.dealer_script)
    subprocess.run(command, check=True, env=command_environment())
    if boards_in(out) != n:
        raise SystemExit(f"{task.name}: bridgetools deal wrote {boards_in(out)} boards, not {n}")


def run_dealer(task: Task, n: int, workdir: Path, out: Path) -> None:
    script = workdir / f"{task.name}.dlr"
    lines = ["generate 2000000000", f"produce {n}"]
    if task.dealer_script:
        lines.append(f"condition {task.dealer_script}")
    lines.append("action printpbn")
    script.write_text("\n".join(lines) + "\n")
    with out.open("wb") as sink:
        subprocess.run([DEALER if Path(DEALER).exists() else "dealer", "-s", "1", str(script)], stdout=sink,
                       check=True)
    if boards_in(out) != n:
        raise SystemExit(f"{task.name}: dealer wrote {boards_in(out)} boards, not {n}")


SCRIPTS = {
    "S1": ("produce 1000\n"
           "nt = hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)\n"
           "condition nt && hcp(south) >= 10 && (spades(south) >= 4 || hearts(south) >= 4)\n"
           "action printoneline\n"),
    "S2": ("generate 1000000\n"
           'action average "ltc" losers(north), frequency "hcp" (hcp(north), 0, 37), '
           "frequency (spades(north), 0, 13, hearts(north), 0, 13)\n"),
    "S3": ("produce 10000\n"
           "condition shape(west, any 5431 + any 5422) && hcp(west) > 11 && controls(west) >= 4 && "
           "quality(west, spades) > 300\n"
           "action printcompact\n"),
    "S4": "produce 100\ncondition hcp(north) >= 25\naction printpbn\n",
}
"""A dealer user's four scripts, run whole by both programs (``--scripts``): S1 and S4 are mostly start-up."""

SMALL_JOBS = {
    "N1": "produce 1\naction printpbn\n",
    "SP": ("produce 2000\ncondition hcp(north) >= 15 && hcp(north) <= 17 && "
           "shape(north, any 4333 + any 4432 + any 5332) && hcp(south) >= 8\naction printoneline\n"),
    "SLAM": (Path(__file__).resolve().parents[1] / "samples" / "slam_hands.dlr").read_text(),
    "U100K": "produce 100000\naction printoneline\n",
}
"""Small and common jobs, whose time is mostly start-up (``--scripts --small``): one board, 2,000 15-17
balanced openings printed one line each, the slam sample's ten boards, 100,000 deals with no condition."""

TYPED = {"N1": ["-n", "1"]}
"""Jobs that ``bridgetools deal`` runs as a user types them (``deal -n 1``), not from the script that dealer
runs for them."""


def deal_args(name: str, script: Path) -> list[str]:
    """``bridgetools deal``'s arguments for job ``name`` whose dealer script is ``script``."""
    return [*deal_command(), "deal", *TYPED.get(name, ["-f", str(script)]), "--seed", "1"]


def run_script_with(command: list[str], out: Path) -> None:
    with out.open("wb") as sink:
        subprocess.run(command, stdout=sink, check=True, env=command_environment())


def scripts_main(args: argparse.Namespace) -> int:
    """`SCRIPTS` and ``--help``, each program in turn, ``--repeat`` times: the least time of each."""
    dealer = DEALER if Path(DEALER).exists() else shutil.which("dealer")
    scripts = SMALL_JOBS if args.small else SCRIPTS
    helps = {"--help": ["--help"], **({"convert --help": ["convert", "--help"]} if args.small else {})}
    times: dict[tuple[str, str], Timing] = {}
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        out = workdir / "out.txt"
        for name, text in scripts.items():
            (workdir / f"{name}.dlr").write_text(text)
        for name in scripts:  # compiles the bytecode cache and keeps lark's parser cache, once
            run_script_with(deal_args(name, workdir / f"{name}.dlr"), out)
        for _ in range(max(1, args.repeat)):
            for name in [*scripts, *helps]:
                if name in helps:
                    times.setdefault((name, "deal"), Timing()).add(
                        functools.partial(run_script_with, [*deal_command(), *helps[name]], out))
                    continue
                script = str(workdir / f"{name}.dlr")
                times.setdefault((name, "deal"), Timing()).add(functools.partial(
                    run_script_with, deal_args(name, Path(script)), out))
                if dealer is not None:
                    times.setdefault((name, "dealer"), Timing()).add(
                        functools.partial(run_script_with, [dealer, "-s", "1", script], out))
    print(f"{'script':14} {'deal s':>7} {'dealer s':>9} {'ratio':>6} {'deal cpu':>9} {'dealer cpu':>11}"
          f" {'ratio':>6}")
    for name in [*scripts, *helps]:
        ours, theirs = times[(name, "deal")], times.get((name, "dealer"))
        line = f"{name:14} {min(ours.wall):7.3f}"
        if theirs is None:
            print(f"{line} {'':>9} {'':>6} {min(ours.cpu):9.3f}")
            continue
        print(f"{line} {min(theirs.wall):9.3f} {min(theirs.wall) / min(ours.wall):6.2f} {min(ours.cpu):9.3f}"
              f" {min(theirs.cpu):11.3f} {min(theirs.cpu) / min(ours.cpu):6.2f}")
    print(f"(least of {max(1, args.repeat)} runs; ratio = dealer's seconds / bridgetools deal's;"
          " start-up included)")
    return 0


def command_main(args: argparse.Namespace) -> int:
    """The deal command and the C dealer, each writing the task's boards as PBN to a file, taking turns."""
    if not Path(DEALER).exists() and shutil.which("dealer") is None:
        print("C dealer not found (apt-get install dealer): nothing to compare with")
        return 1
    work = [t for t in tasks(args.quick) if not args.tasks or t.name in args.tasks.split(",")]
    if not work:
        print(f"no task named {args.tasks!r} (T0-T4)")
        return 2
    times: dict[tuple[str, str], Timing] = {}
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        run_deal(work[0], 1, workdir / "warm-up.pbn")  # compiles the bytecode cache once
        for _ in range(max(1, args.repeat)):
            for task in work:
                n = args.boards or task.boards or task.n
                ours = times.setdefault((task.name, "deal"), Timing())
                theirs = times.setdefault((task.name, "dealer"), Timing())
                ours.add(functools.partial(run_deal, task, n, workdir / "deal.pbn"))
                theirs.add(functools.partial(run_dealer, task, n, workdir, workdir / "dealer.pbn"))
    median = statistics.median
    print(f"{'task':4} {'boards':>9} {'deal s':>8} {'dealer s':>9} {'ratio':>6} {'deal cpu':>9}"
          f" {'dealer cpu':>11} {'ratio':>6}  what")
    for task in work:
        ours, theirs = times[(task.name, "deal")], times[(task.name, "dealer")]
        n = args.boards or task.boards or task.n
        wall = median(theirs.wall) / median(ours.wall)
        cpu = median(theirs.cpu) / median(ours.cpu)
        print(f"{task.name:4} {n:9,} {median(ours.wall):8.2f} {median(theirs.wall):9.2f} {wall:6.1f}"
              f" {median(ours.cpu):9.2f} {median(theirs.cpu):11.2f} {cpu:6.1f}  {task.what}")
    print(f"(medians of {max(1, args.repeat)} runs; ratio = dealer's seconds / bridgetools deal's, wall clock"
          " and CPU;\n both write PBN to a file; start-up included)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run with a tenth of the boards")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each measurement: the median (commands) or the best (--engine)")
    parser.add_argument("--boards", type=int, default=0, help="boards for every task (commands only)")
    parser.add_argument("--tasks", default="", help="only these tasks, e.g. T0,T1 (commands only)")
    parser.add_argument("--engine", action="store_true", help="the engine in this process, deals/s")
    parser.add_argument("--scripts", action="store_true", help="four dealer scripts and --help, whole")
    parser.add_argument("--small", action="store_true",
                        help="with --scripts: small jobs (one board, 2,000 or 10 boards, 100,000 deals), "
                        "--help and convert --help")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the engine (--engine)")
    parser.add_argument("--no-dealer", action="store_true", help="skip the C dealer (--engine)")
    parser.add_argument("--no-plain", action="store_true", help="skip plain rejection on T1-T4 (--engine)")
    args = parser.parse_args(argv)
    if args.scripts:
        return scripts_main(args)
    return engine_main(args) if args.engine else command_main(args)


if __name__ == "__main__":
    sys.exit(main())
