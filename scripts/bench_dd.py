"""Benchmark double dummy: tables per second against endplay's calc_all_tables, par, leads and reviews.

    python scripts/bench_dd.py                 # 200 deals (5 batches of 40) 5 times, 10 leads, 2 reviews
    python scripts/bench_dd.py --deals 40 --repeats 5   # one batch of 40, 5 times: on a busy machine
    python scripts/bench_dd.py --quick         # 40 deals once, 2 leads, 1 review: a smoke run

The deals are random full deals from one seeded shuffle. Tables: `bt.dd_tables` (our `Deal`s in, our
`DDTable`s out, conversion included) and endplay's `calc_all_tables` (endplay's own deals, made before
the clock starts) solve the same deals, batch by batch, in turn, the one that goes first changing every
batch, so both see the same load on a shared machine, and all of it ``--repeats`` times; the script
checks the tables agree and prints, over the repeats, the median rate of each and the median of the
repeats' ratios (the goal: at least 0.95), by the wall clock and by CPU time (the process's, all of
DDS's threads: what the other sessions on a shared machine move least). Par: `bt.par` from each table
under all four vulnerabilities (and endplay's `par` on the same tables). Leads: `bt.dd_leads` of 3NT by
South. Review: `bt.dd_review` of a board played to the end by random legal cards (52 solves). DDS's
first call in a process sets up its threads' memory; two deals solved by each before the clock starts
keep that out of the figures (without it, whichever goes first loses 20-25% on the first batch).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bridgetools as bt
from bridgetools.dd import _dds
from bridgetools.model import Card, Deal, Hand, Seat, Vul

SEED = 20261201
GOAL = 0.95


def random_deals(n: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deck = [Card.from_index(i) for i in range(52)]
    deals = []
    for _ in range(n):
        rng.shuffle(deck)
        deals.append(Deal([Hand.from_cards(deck[i * 13:(i + 1) * 13]) for i in range(4)]))
    return deals


Seconds = dict[str, float]


def tables(deals: list[Deal], size: int, repeats: int
           ) -> tuple[list[Seconds], list[Seconds], list[bt.DDTable], object]:
    """Wall and CPU seconds (all of DDS's threads) spent by bt.dd_tables and by endplay's
    calc_all_tables on the same deals, ``size`` at a time, once per repeat; our tables and one of
    endplay's."""
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom

    denom = {bt.Strain.C: Denom.clubs, bt.Strain.D: Denom.diamonds, bt.Strain.H: Denom.hearts,
             bt.Strain.S: Denom.spades, bt.Strain.NT: Denom.nt}
    theirs_in = [EndplayDeal(d.to_pbn()) for d in deals]
    warm = random_deals(2, 0)  # DDS sets up its threads' memory on its first call: not timed for either
    list(bt.dd_tables(warm))
    calc_all_tables([EndplayDeal(d.to_pbn()) for d in warm])
    walls: list[Seconds] = []
    cpus: list[Seconds] = []
    solved: list[bt.DDTable] = []
    turn = 0
    for repeat in range(repeats):
        wall = {"ours": 0.0, "endplay": 0.0}
        cpu = {"ours": 0.0, "endplay": 0.0}
        for start in range(0, len(deals), size):
            batch, their_batch = deals[start:start + size], theirs_in[start:start + size]
            for who in (("ours", "endplay") if turn % 2 == 0 else ("endplay", "ours")):
                t, c = time.perf_counter(), time.process_time()
                if who == "ours":
                    ours = list(bt.dd_tables(batch))
                else:
                    theirs = calc_all_tables(their_batch)
                wall[who] += time.perf_counter() - t
                cpu[who] += time.process_time() - c
            turn += 1
            if repeat == 0:
                solved.extend(ours)
            for table, their in zip(ours, theirs, strict=True):
                for seat, strain, tricks in table.cells():
                    assert their[denom[strain], int(seat)] == tricks, "the two disagree"
        walls.append(wall)
        cpus.append(cpu)
        print(f"  repeat {repeat + 1}: {len(deals)} deals; wall ours {wall['ours']:.1f} s, endplay "
              f"{wall['endplay']:.1f} s ({wall['endplay'] / wall['ours']:.3f}); CPU ours "
              f"{cpu['ours']:.1f} s, endplay {cpu['endplay']:.1f} s ({cpu['endplay'] / cpu['ours']:.3f})",
              flush=True)
    return walls, cpus, solved, theirs[0]


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes), where the system gives them."""
    try:
        return "load average " + ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def par_times(solved: list[bt.DDTable], their_table: Any) -> tuple[float, float]:
    """Microseconds per par (ours, endplay's), over every table under each vulnerability."""
    from endplay.dds import par
    from endplay.types import Player
    from endplay.types import Vul as EVul

    t = time.perf_counter()
    for table in solved:
        for vul in Vul:
            bt.par(table, vul, Seat.N)
    ours = (time.perf_counter() - t) / (4 * len(solved)) * 1e6
    # endplay's par takes endplay's table: one of them, used over and over
    n = 4 * len(solved)
    vuls = list(EVul)
    t = time.perf_counter()
    for i in range(n):
        par(their_table, vuls[i % 4], Player.north)
    return ours, (time.perf_counter() - t) / n * 1e6


def random_play(deal: Deal, rng: random.Random) -> bt.Play:
    play = bt.Play(deal, "3NT", "S")
    while not play.is_complete:
        play.add(rng.choice(play.legal_cards()))
    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--leads", type=int, default=10)
    parser.add_argument("--reviews", type=int, default=2)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--batch", type=int, default=_dds.BATCH,
                        help="deals a turn (default 40, DDS's batch; smaller turns share the load "
                             "more evenly)")
    parser.add_argument("--repeats", type=int, default=5,
                        help="times both solve all the deals; the figures are the medians (default 5)")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.leads, args.reviews, args.repeats = 40, 2, 1, 1
    deals = random_deals(args.deals, args.seed)

    print(f"tables: {len(deals)} random full deals (seed {args.seed}), {args.batch} a turn, "
          f"turns alternating, {args.repeats} repeats; {load()}", flush=True)
    walls, cpus, solved, their_table = tables(deals, args.batch, args.repeats)
    for name, runs in (("wall", walls), ("CPU", cpus)):
        ratios = sorted(run["endplay"] / run["ours"] for run in runs)
        ours = statistics.median(len(deals) / run["ours"] for run in runs)
        theirs = statistics.median(len(deals) / run["endplay"] for run in runs)
        ratio = statistics.median(ratios)
        print(f"  {name:<4} median of {len(runs)}: bt.dd_tables {ours:6.2f} tables/s, endplay "
              f"calc_all_tables {theirs:6.2f} tables/s; ratio {ratio:.3f} (repeats {ratios[0]:.3f}-"
              f"{ratios[-1]:.3f}; goal >= {GOAL}): {'met' if ratio >= GOAL else 'NOT MET'}")
    print(f"  {load()}")

    ours_par, their_par = par_times(solved, their_table)
    print(f"par: bt.par {ours_par:.1f} µs a table, endplay par {their_par:.1f} µs ({4 * len(solved)} each)")

    t = time.perf_counter()
    for deal in deals[:args.leads]:
        bt.dd_leads(deal, "3NT", "S")
    print(f"leads: bt.dd_leads {(time.perf_counter() - t) / args.leads * 1000:.0f} ms a deal "
          f"({args.leads} deals, 3NT by South)")

    rng = random.Random(args.seed)
    boards = [random_play(deal, rng) for deal in deals[:args.reviews]]
    t = time.perf_counter()
    for play in boards:
        bt.dd_review(play)
    print(f"review: bt.dd_review {(time.perf_counter() - t) / args.reviews:.2f} s a played board "
          f"({args.reviews} boards, 52 cards each)")


if __name__ == "__main__":
    main()
