"""Benchmark dealer scripts whose action prints every deal: `bridgetools deal -f` against Debian's dealer.

    python scripts/bench_print_actions.py                      # the five print actions, 100,000 deals each
    python scripts/bench_print_actions.py --repeat 3           # medians of three runs (a busy machine)
    python scripts/bench_print_actions.py --before /work/main  # also another checkout's code, same run
    python scripts/bench_print_actions.py --actions printpbn --boards 1000000

For each action (printall, printew, printpbn, printcompact, printoneline) a script ``produce N`` /
``action ACTION`` is run, taking turns, by ``bridgetools deal -f SCRIPT --seed 1`` (this checkout's code;
with ``--before DIR`` also DIR's, e.g. the main branch before a change) and by ``/usr/games/dealer -s 1
SCRIPT``, standard output to a file, start-up included. The script checks that each wrote N deals (its
``Produced N hands`` line) and prints the medians of wall-clock and CPU seconds (user + system of the child),
and dealer's time over each checkout's (at least 1: bridgetools is as fast or faster).
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_dealer import DEALER, Timing, command_environment, deal_command

ACTIONS = ("printall", "printew", "printpbn", "printcompact", "printoneline")
HERE = Path(__file__).resolve().parents[1]


def produced(out: Path) -> int:
    """The deals a run says it produced (its ``Produced N hands`` line), 0 if it says none."""
    tail = out.read_bytes()[-300:].decode(errors="replace")
    return next((int(line.split()[1]) for line in tail.splitlines() if line.startswith("Produced ")), 0)


def run_deal(root: Path, script: Path, out: Path, n: int) -> None:
    """``bridgetools deal -f SCRIPT --seed 1`` with the code of the checkout at ``root``."""
    env = command_environment()
    env["PYTHONPATH"] = os.pathsep.join([str(root), *filter(None, [env.get("PYTHONPATH")])])
    with out.open("wb") as sink:
        subprocess.run([*deal_command(), "deal", "-f", str(script), "--seed", "1"], stdout=sink, check=True,
                       env=env, cwd=root)
    if produced(out) != n:
        raise SystemExit(f"{root}: bridgetools deal produced {produced(out)} deals of {script}, not {n}")


def run_dealer(script: Path, out: Path, n: int) -> None:
    with out.open("wb") as sink:
        subprocess.run([DEALER, "-s", "1", str(script)], stdout=sink, check=True)
    if produced(out) != n:
        raise SystemExit(f"dealer produced {produced(out)} deals of {script}, not {n}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100_000, help="deals each script produces")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each command: the median is shown")
    parser.add_argument("--actions", default=",".join(ACTIONS), help="a comma-separated list of actions")
    parser.add_argument("--before", type=Path, help="another checkout whose code is timed too (e.g. main)")
    args = parser.parse_args(argv)
    if not Path(DEALER).exists():
        print(f"{DEALER} not found (apt-get install dealer): nothing to compare with")
        return 1
    actions = [a for a in args.actions.split(",") if a]
    roots = {"deal": HERE} | ({"before": args.before.resolve()} if args.before else {})
    times: dict[tuple[str, str], Timing] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        warm = work / "warm.dlr"
        warm.write_text("produce 1\naction printall\n")
        for root in roots.values():
            run_deal(root, warm, work / "warm.txt", 1)  # compiles the bytecode cache once
        for _ in range(max(1, args.repeat)):
            for action in actions:
                script = work / f"{action}.dlr"
                script.write_text(f"produce {args.boards}\naction {action}\n")
                for name, root in roots.items():
                    times.setdefault((action, name), Timing()).add(
                        functools.partial(run_deal, root, script, work / "out.txt", args.boards))
                times.setdefault((action, "dealer"), Timing()).add(
                    functools.partial(run_dealer, script, work / "out.txt", args.boards))
    median = statistics.median
    names = [*roots, "dealer"]
    print(f"{'action':12} {'deals':>9} " + " ".join(f"{n + ' s':>9} {n + ' cpu':>11}" for n in names)
          + "".join(f" {'ratio ' + n:>12}" for n in roots))
    for action in actions:
        cells = " ".join(f"{median(times[action, n].wall):9.2f} {median(times[action, n].cpu):11.2f}"
                         for n in names)
        theirs = median(times[action, "dealer"].wall)
        ratios = "".join(f" {theirs / median(times[action, n].wall):12.2f}" for n in roots)
        print(f"{action:12} {args.boards:9,} {cells}{ratios}")
    print(f"(medians of {max(1, args.repeat)} runs, output to a file, start-up included; ratio = dealer's"
          f" wall seconds / bridgetools'; load average {os.getloadavg()[0]:.1f} at the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
