"""Measure the card players: IMPs per board of Monte Carlo double dummy against a random legal player and
against the heuristic player, double-dummy tricks lost, and seconds per decision.

Each board is dealt from a seed and played in its double-dummy par contract (the first par contract,
by the first seat that makes it; passed-out par boards are skipped) twice against each opponent: once
with the Monte Carlo player North-South, once East-West, the same deal and contract in both rooms
(common random numbers: identical players would score exactly 0). IMPs are the Monte Carlo side's.
With ``--bid`` each board is bid by the computer bidders instead and played in the contract they reach
(passed-out boards are skipped), every player seeing the auction, so the Monte Carlo player shapes its
layouts by what the calls showed; ``--no-inference`` makes it ignore the auction (to compare the two on
the same boards).

    .venv/bin/python scripts/bench_cardplay.py --boards 300 --seed 1

Prints one line per board and the summary; ``--json FILE`` keeps every board's figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Mapping
from typing import Any

import bridgetools as bt
from bridgetools.bots import CardPlayer, HeuristicPlayer, RandomPlayer
from bridgetools.bots.play import Player, play_out
from bridgetools.model import Card, Seat, Vul
from bridgetools.rules import Auction, Play
from bridgetools.rules.deck import deal_shuffled
from bridgetools.scoring import ns_score


class TimedPlayer(CardPlayer):
    """The Monte Carlo player, recording the seconds each decision took."""

    def __init__(self, times: list[float], **options: Any) -> None:
        super().__init__(**options)
        self.times = times

    def card(self, play: Play, seat: Seat | None = None, *, auction: Auction | None = None,
             constraints: object = None) -> Card:
        start = time.perf_counter()
        card = super().card(play, seat, auction=auction)
        self.times.append(time.perf_counter() - start)
        return card


def ns_points(play: Play, vulnerability: Vul) -> int:
    result = play.result
    assert result is not None
    return ns_score(play.contract, play.declarer, result, vulnerability)


def tricks_lost(play: Play, ours: str) -> tuple[int, int]:
    """Double-dummy tricks the side ``ours`` lost by its cards: (as declarer, as defence)."""
    review = bt.dd_review(play)
    lost = sum(c.cost for c in review.cards if c.seat.side == ours)
    return (lost, 0) if play.declarer.side == ours else (0, lost)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=30, help="layouts per decision at most")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per decision")
    parser.add_argument("--review", type=int, default=50, help="boards whose plays dd_review checks")
    parser.add_argument("--first", type=int, default=1, help="number of the first board (to split a run)")
    parser.add_argument("--json", help="write every board's figures here")
    parser.add_argument("--bid", action="store_true",
                        help="play the contract the computer bidders reach, the players seeing the auction")
    parser.add_argument("--no-inference", action="store_true",
                        help="the Monte Carlo player ignores what the auction showed")
    parser.add_argument("--opponents", nargs="+", choices=("random", "heuristic"),
                        default=["random", "heuristic"],
                        help="the players the Monte Carlo player meets (heuristic alone halves the run)")
    parser.add_argument("--merge", nargs="+", metavar="JSON", help="only summarise the runs of these files")
    args = parser.parse_args()
    if args.merge:
        merged: dict[str, list[Any]] = {"rows": [], "times": []}
        skipped_total = 0
        for name in args.merge:
            with open(name, encoding="utf-8") as f:
                run = json.load(f)
            merged["rows"].extend(run["rows"])
            merged["times"].extend(run["times"])
            skipped_total += run["skipped"]
        summarise(merged["rows"], merged["times"], skipped_total)
        return 0

    times: list[float] = []
    rows: list[dict[str, Any]] = []
    skipped = 0
    started = time.time()
    for i in range(args.first - 1, args.first - 1 + args.boards):
        number = i + 1
        dealer, vul = Seat.dealer_of_board(number), Vul.of_board(number)
        deal = deal_shuffled(dealer, seed=args.seed * 100_003 + i)
        auction: Auction | None = None
        if args.bid:
            auction = bt.bid_deal(deal, dealer, vul)
            if auction.contract is None or auction.declarer is None:
                skipped += 1
                continue
            contract, declarer = auction.contract, auction.declarer
        else:
            par = bt.par(deal, vul, dealer)
            if not par.contracts:
                skipped += 1
                continue
            best = par.contracts[0]
            contract, declarer = best.contract, best.declarers[0]
        row: dict[str, Any] = {"board": number, "contract": f"{contract}{declarer.letter}"}
        for name in args.opponents:
            scores = []
            for mc_side in ("NS", "EW"):
                mc = TimedPlayer(times, seed=args.seed + i, samples=args.samples, budget=args.budget,
                                 vulnerability=vul, infer=not args.no_inference)
                other: Player = RandomPlayer(seed=args.seed + i) if name == "random" else HeuristicPlayer()
                players: Mapping[Seat, Player] = {s: mc if s.side == mc_side else other for s in Seat}
                play = play_out(deal, contract, declarer, players, auction)
                scores.append(ns_points(play, vul))
                if name == "heuristic" and len(rows) < args.review:
                    decl, defence = tricks_lost(play, mc_side)
                    row.setdefault("lost_declarer", []).append(decl)
                    row.setdefault("lost_defence", []).append(defence)
                    played_declarer = play.declarer.side == mc_side
                    row.setdefault("declared", []).append(played_declarer)
            row[name] = bt.imps(scores[0] - scores[1])
        rows.append(row)
        against = "  ".join(f"vs {name} {row[name]:+3d}" for name in args.opponents)
        print(f"board {number:>3} {row['contract']:>6}  {against}  ({time.time() - started:.0f} s)",
              flush=True)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as out:
                json.dump({"rows": rows, "times": times, "skipped": skipped}, out)
    summarise(rows, times, skipped)
    return 0


def summarise(rows: list[dict[str, Any]], times: list[float], skipped: int) -> None:
    for name in ("random", "heuristic"):
        values = [int(r[name]) for r in rows if name in r]
        n = len(values)
        if not values:
            continue
        mean = statistics.fmean(values)
        se = statistics.stdev(values) / n ** 0.5 if n > 1 else 0.0
        print(f"Monte Carlo vs {name}: {mean:+.2f} IMPs/board (± {se:.2f} s.e.) over {n} boards")
    decl = [d for r in rows for d, was in zip(r.get("lost_declarer", []), r.get("declared", []),
                                                 strict=True) if was]
    defence = [d for r in rows for d, was in zip(r.get("lost_defence", []), r.get("declared", []),
                                                    strict=True) if not was]
    if decl:
        print(f"DD tricks lost per deal (vs heuristic, dd_review): declarer {statistics.fmean(decl):.2f} "
              f"over {len(decl)} plays, defence {statistics.fmean(defence):.2f} over {len(defence)} plays")
    ordered = sorted(times)
    if ordered:
        p50 = ordered[len(ordered) // 2]
        p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
        print(f"seconds per decision: median {p50:.3f}, 95th percentile {p95:.3f}, max {ordered[-1]:.3f} "
              f"over {len(ordered)} decisions")
    print(f"{skipped} boards skipped (passed out)")


if __name__ == "__main__":
    sys.exit(main())
