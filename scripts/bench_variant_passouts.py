"""How often the variants' computers pass a deal out: the computer (``samples=0``) in every seat of seeded
deals, the auction only.

    python scripts/bench_variant_passouts.py                  # 400 deals of each variant
    python scripts/bench_variant_passouts.py --variants booby --deals 100

Deal ``i`` is ``new_deal(name, seed=i, dealer=i % players)``. Chinese bridge and Bridge for two pass out
none: their dealer may not pass.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bridgetools.bots.variants import ComputerPlayer
from bridgetools.rules.variants import VARIANT_NAMES, new_deal, rules_of

BEFORE_THE_PLAY = ("bidding", "discard", "exchange")
"""The phases the auction's outcome is still open in (Sholem's rounds of bidding included)."""


def passed_out(name: str, deals: int) -> int:
    """How many of ``deals`` seeded deals of variant ``name`` the computers pass out."""
    players = rules_of(name).players
    count = 0
    for seed in range(deals):
        deal = new_deal(name, seed=seed, dealer=seed % players)
        computers = [ComputerPlayer(seed, samples=0) for _ in range(players)]
        while deal.phase in BEFORE_THE_PLAY and deal.to_act is not None:
            deal.act(computers[deal.to_act].action(deal))
        count += deal.phase == "over"
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=list(VARIANT_NAMES), choices=VARIANT_NAMES)
    parser.add_argument("--deals", type=int, default=400, help="seeded deals per variant (default 400)")
    args = parser.parse_args()
    for name in args.variants:
        start = time.perf_counter()
        count = passed_out(name, args.deals)
        print(f"{name:8} {count:4}/{args.deals} passed out = {count / args.deals:6.1%} "
              f"({time.perf_counter() - start:.1f}s)", flush=True)


if __name__ == "__main__":
    main()
