"""Benchmark double dummy: tables per second against endplay's calc_all_tables, par, leads and reviews.

    python scripts/bench_dd.py                 # 200 deals (5 batches of 40), 10 lead solves, 2 reviews
    python scripts/bench_dd.py --deals 80      # fewer deals, on a busy machine
    python scripts/bench_dd.py --quick         # 40 deals, 2 leads, 1 review: a smoke run

The deals are random full deals from one seeded shuffle. Tables: `bt.dd_tables` (our `Deal`s in, our
`DDTable`s out, conversion included) and endplay's `calc_all_tables` (endplay's own deals, made before
the clock starts) solve the same deals, batch by batch, in turn, the one that goes first changing every
batch, so both see the same load on a shared machine; the script checks the tables agree and prints each
rate and their ratio (the goal: at least 0.95), by the wall clock and by CPU time (the process's, all of
DDS's threads: what the other sessions on a shared machine move least). Par: `bt.par` from each table
under all four vulnerabilities (and endplay's `par` on the same tables). Leads: `bt.dd_leads` of 3NT by
South. Review: `bt.dd_review` of a board played to the end by random legal cards (52 solves). DDS's
first call in a process sets up its threads' memory; two deals solved by each before the clock starts
keep that out of the figures (without it, whichever goes first loses 20-25% on the first batch).
"""

from __future__ import annotations

import argparse
import random
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


def tables(deals: list[Deal], size: int) -> tuple[Seconds, Seconds, list[bt.DDTable], object]:
    """Wall and CPU seconds (all of DDS's threads) spent by bt.dd_tables and by endplay's
    calc_all_tables on the same deals, ``size`` at a time, our tables and one of endplay's."""
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom

    denom = {bt.Strain.C: Denom.clubs, bt.Strain.D: Denom.diamonds, bt.Strain.H: Denom.hearts,
             bt.Strain.S: Denom.spades, bt.Strain.NT: Denom.nt}
    theirs_in = [EndplayDeal(d.to_pbn()) for d in deals]
    warm = random_deals(2, 0)  # DDS sets up its threads' memory on its first call: not timed for either
    list(bt.dd_tables(warm))
    calc_all_tables([EndplayDeal(d.to_pbn()) for d in warm])
    wall = {"ours": 0.0, "endplay": 0.0}
    cpu = {"ours": 0.0, "endplay": 0.0}
    solved: list[bt.DDTable] = []
    for i, start in enumerate(range(0, len(deals), size)):
        batch, their_batch = deals[start:start + size], theirs_in[start:start + size]
        for who in (("ours", "endplay") if i % 2 == 0 else ("endplay", "ours")):
            t, c = time.perf_counter(), time.process_time()
            if who == "ours":
                ours = list(bt.dd_tables(batch))
            else:
                theirs = calc_all_tables(their_batch)
            wall[who] += time.perf_counter() - t
            cpu[who] += time.process_time() - c
        solved.extend(ours)
        for table, their in zip(ours, theirs, strict=True):
            for seat, strain, tricks in table.cells():
                assert their[denom[strain], int(seat)] == tricks, "the two disagree"
        print(f"  batch {i + 1}: {len(batch)} deals; so far wall ours {wall['ours']:.1f} s, endplay "
              f"{wall['endplay']:.1f} s; CPU ours {cpu['ours']:.1f} s, endplay {cpu['endplay']:.1f} s",
              flush=True)
    return wall, cpu, solved, theirs[0]


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
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.leads, args.reviews = 40, 2, 1
    deals = random_deals(args.deals, args.seed)

    print(f"tables: {len(deals)} random full deals (seed {args.seed}), {args.batch} a turn, "
          f"turns alternating", flush=True)
    wall, cpu, solved, their_table = tables(deals, args.batch)
    for name, seconds in (("wall", wall), ("CPU", cpu)):
        rates = {who: len(deals) / t for who, t in seconds.items()}
        ratio = rates["ours"] / rates["endplay"]
        print(f"  {name:<4} bt.dd_tables {rates['ours']:6.2f} tables/s, endplay calc_all_tables "
              f"{rates['endplay']:6.2f} tables/s: ratio {ratio:.3f} (goal >= {GOAL}): "
              f"{'met' if ratio >= GOAL else 'NOT MET'}")

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
