"""Measure the variants' computer players (issue 14) against a random legal player.

    python scripts/bench_variants.py                    # at least 200 deals per variant, sides swapped
    python scripts/bench_variants.py --variants booby --deals 30 --samples 4   # a quick run
    python scripts/bench_variants.py --variants booby konstam --against heuristic  # what double dummy adds

Each seeded deal is played once with the computer in each seat and random legal players (passing half
the time in the auction) in the others, so every seat's cards are played by both. Per deal the computer's
score for the deal (its own entries, above and below the line, honours included, not vulnerable) is
compared with the random players' average: a win when it is higher, a loss when lower, a tie otherwise
(passed out deals and equal scores). Printed per variant: deals, wins, losses, ties, the win rate over
decided deals, the average difference, the average gain over the baseline player in the same seat (the
computer's score less the baseline's when the baseline plays every seat of the same deal; in Booby, where
two defenders score the same penalty, this is the fairer measure), and the seconds taken.
``--against heuristic`` puts the computer without double dummy (``samples=0``) in the other seats
instead of the random player.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bridgetools.bots.variants import ComputerPlayer, RandomVariantPlayer, VariantPlayer, play_out
from bridgetools.bots.variants.cardplay import SAMPLES
from bridgetools.rules.variants import VARIANT_NAMES, new_deal, rules_of

SEED = 20261201


def opponent(against: str, seed: int) -> VariantPlayer:
    """The baseline player: random legal, or the computer without double dummy."""
    return RandomVariantPlayer(seed) if against == "random" else ComputerPlayer(seed, samples=0)


def bench(name: str, deals: int, samples: int, seed: int, against: str = "random") -> dict[str, float]:
    """Play at least ``deals`` deals of the variant (seeds in turn, each with the computer in every seat)."""
    rules = rules_of(name)
    seeds = -(-deals // rules.players)
    wins = losses = ties = 0
    difference = same_seat = 0.0
    start = time.perf_counter()
    for i in range(seeds):
        deal_seed = seed * 1_000_003 + i
        dealer = i % rules.players
        baseline = play_out(new_deal(name, seed=deal_seed, dealer=dealer),
                            [opponent(against, deal_seed * 7 + p) for p in range(rules.players)]).result
        assert baseline is not None
        for seat in range(rules.players):
            players: list[VariantPlayer] = [
                ComputerPlayer(deal_seed, samples) if p == seat else opponent(against, deal_seed * 7 + p)
                for p in range(rules.players)]
            result = play_out(new_deal(name, seed=deal_seed, dealer=dealer), players).result
            assert result is not None
            others = [result.total(p) for p in range(rules.players) if p != seat]
            diff = result.total(seat) - sum(others) / len(others)
            difference += diff
            same_seat += result.total(seat) - baseline.total(seat)
            wins += diff > 0
            losses += diff < 0
            ties += diff == 0
    played = seeds * rules.players
    return {"deals": played, "wins": wins, "losses": losses, "ties": ties,
            "win_rate": wins / max(1, wins + losses), "difference": difference / played,
            "same_seat": same_seat / played,
            "seconds": time.perf_counter() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=list(VARIANT_NAMES), choices=VARIANT_NAMES)
    parser.add_argument("--deals", type=int, default=200, help="deals per variant at least (default 200)")
    parser.add_argument("--samples", type=int, default=SAMPLES,
                        help=f"double-dummy layouts a decision in Booby and Bridge for two "
                             f"(default {SAMPLES}; 0: the heuristic throughout)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--against", choices=("random", "heuristic"), default="random")
    args = parser.parse_args()
    print(f"{'variant':8} {'deals':>5} {'won':>4} {'lost':>4} {'tied':>4} {'win rate':>8} "
          f"{'avg diff':>8} {'vs seat':>7} {'seconds':>7}")
    for name in args.variants:
        r = bench(name, args.deals, args.samples, args.seed, args.against)
        print(f"{name:8} {r['deals']:5.0f} {r['wins']:4.0f} {r['losses']:4.0f} {r['ties']:4.0f} "
              f"{r['win_rate']:8.1%} {r['difference']:+8.0f} {r['same_seat']:+7.0f} {r['seconds']:7.1f}",
              flush=True)


if __name__ == "__main__":
    main()
