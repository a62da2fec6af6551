"""Benchmark ``bridgetools analyze`` end to end on a generated file whose ScoreTables stand for many tables.

    python scripts/bench_analyze.py                 # 8 boards of 500 rows, every fourth row 1,000 tables
    python scripts/bench_analyze.py --boards 4 --rows 2000 --by contract strain
    python scripts/bench_analyze.py --peer /tmp/main  # beside another checkout's code, same load
    python scripts/bench_analyze.py --write big.pbn       # only write the generated file

The file is PBN: ``--boards`` boards (random deals, seeded; dealer and vulnerability by Law 2), each with a
ScoreTable of ``--rows`` rows of random contracts (any level and strain, doubled now and then, passed
out, either side declaring, tricks near the contract), every fourth row standing for ``--multiplicity``
tables (PBN 2.1 section 5.9's Multiplicity) and now and then a director's adjusted score (``A+ ^60%
^40%``, ``^-300``): a summary counts, averages and ranks each table, so such a file stands for hundreds of
thousands of tables in a few thousand rows. It is exported once (``bridgetools export``), then each
``--by`` is summarised from the export by the command in a child process, its wall-clock seconds and
peak memory (``ru_maxrss`` of the child) printed; with ``--peer`` (a folder holding another checkout's
``bridgetools`` package, main's say) the same command runs with that code too, turn about, and the
outputs are compared: they must be the same.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SEED = 20261206
SUITS = "SHDC"
RANKS = "AKQJT98765432"
STRAINS = ("C", "D", "H", "S", "NT")
DEALERS = "NESW"
VULNERABLE = ("None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None",
              "NS", "EW")


def deal_text(rng: np.random.Generator) -> str:
    """A random deal as a PBN Deal tag's value, North first."""
    order = rng.permutation(52)
    hands = []
    for seat in range(4):
        cards = sorted(order[seat * 13:(seat + 1) * 13])
        hands.append(".".join("".join(RANKS[c % 13] for c in cards if c // 13 == suit) for suit in range(4)))
    return "N:" + " ".join(hands)


def score_row(rng: np.random.Generator, pair: int, multiplicity: int, tables: int) -> str:
    """One ScoreTable row: a contract and its result, or now and then a director's adjusted score."""
    tail = f"{pair} {pair + 1}"
    draw = rng.random()
    if draw < 0.01:
        return f'{tail} "A+" - - "^60%" "^40%" {tables}'
    if draw < 0.02:
        return f'{tail} "-" - - "^-300" - {tables}'
    if draw < 0.04:
        return f'{tail} "Pass" - - - - {tables}'
    level = int(rng.choice(np.arange(1, 8), p=[0.2, 0.25, 0.2, 0.2, 0.08, 0.05, 0.02]))
    doubled = str(rng.choice(["", "X", "XX"], p=[0.9, 0.08, 0.02]))
    contract = f"{level}{STRAINS[rng.integers(0, 5)]}{doubled}"
    tricks = int(np.clip(level + 6 + rng.integers(-2, 3), 0, 13))
    return f'{tail} "{contract}" {DEALERS[rng.integers(0, 4)]} {tricks} - - {tables}'


def write_file(path: str, boards: int, rows: int, multiplicity: int, seed: int) -> int:
    """Write the generated PBN file; the number of tables its ScoreTables stand for."""
    rng = np.random.default_rng(seed)
    lines = ['% Written by scripts/bench_analyze.py: ScoreTables whose rows stand for many tables.']
    total = 0
    for board in range(1, boards + 1):
        lines += ['[Event "Bench"]', f'[Board "{board}"]', f'[Dealer "{DEALERS[(board - 1) % 4]}"]',
                  f'[Vulnerable "{VULNERABLE[(board - 1) % 16]}"]', f'[Deal "{deal_text(rng)}"]',
                  '[ScoreTable "PairId_NS\\4R;PairId_EW\\4R;Contract\\5L;Declarer\\1R;Result\\2R;'
                  'Score_NS\\6R;Score_EW\\6R;Multiplicity\\4R"]']
        for row in range(rows):
            tables = multiplicity if row % 4 == 3 else 1
            total += tables
            lines.append(score_row(rng, 2 * row + 1, multiplicity, tables))
        lines.append("")
    Path(path).write_text("\n".join(lines) + "\n", encoding="ascii")
    return total


def timed(code: str, args: list[str]) -> tuple[float, int, bytes]:
    """Run ``bridgetools`` with ``args`` on ``code`` (a folder holding the package) in a child process:
    its seconds, its peak memory in MB (its own ``ru_maxrss``) and its output."""
    env = {**os.environ, "PYTHONPATH": code}
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "bridgetools", *args], env=env, stdout=subprocess.PIPE)
    assert child.stdout is not None
    out = child.stdout.read()
    child.stdout.close()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait for it again
    seconds = time.perf_counter() - start
    if child.returncode:
        raise SystemExit(f"bridgetools {' '.join(args)} failed ({child.returncode})")
    return seconds, usage.ru_maxrss // 1024, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=8)
    parser.add_argument("--rows", type=int, default=500, help="ScoreTable rows a board")
    parser.add_argument("--multiplicity", type=int, default=1000, help="tables every fourth row stands for")
    parser.add_argument("--by", nargs="+", default=["contract", "strain", "board"])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--peer", help="a folder holding another checkout's bridgetools package")
    parser.add_argument("--write", metavar="PBN", help="only write the generated file")
    options = parser.parse_args()
    if options.write:
        total = write_file(options.write, options.boards, options.rows, options.multiplicity, options.seed)
        rows = options.boards * options.rows
        print(f"{options.write}: {options.boards} boards, {rows:,} rows, {total:,} tables")
        return
    with tempfile.TemporaryDirectory() as tmp:
        source, export = os.path.join(tmp, "bench.pbn"), os.path.join(tmp, "bench.parquet")
        total = write_file(source, options.boards, options.rows, options.multiplicity, options.seed)
        seconds, peak, _ = timed(str(ROOT), ["export", source, "-o", export, "-q"])
        print(f"{options.boards} boards, {options.boards * options.rows:,} rows, {total:,} tables; "
              f"export {seconds:.1f} s, {peak} MB")
        for by in options.by:
            args = ["analyze", export, "--by", by]
            seconds, peak, out = timed(str(ROOT), args)
            line = f"--by {by:<10} {seconds:6.1f} s {peak:5} MB"
            if options.peer:
                peer_seconds, peer_peak, peer_out = timed(options.peer, args)
                same = "same output" if peer_out == out else "OUTPUT DIFFERS"
                line += f"   peer {peer_seconds:6.1f} s {peer_peak:5} MB   {same}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
