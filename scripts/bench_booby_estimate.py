"""The Booby computer's trick estimate against double dummy, at notrump and in the suits: each seeded
deal's three players as declarer with the booby opposite, after the computers' discards.

    python scripts/bench_booby_estimate.py              # 400 deals (1,200 declarers), needs the dd extra
    python scripts/bench_booby_estimate.py --deals 40

Printed per strain class: the mean double-dummy tricks, the estimate's mean error (bias) and root mean
square error, and the growth of the double-dummy tricks per trick of the estimate before its spread
(`TRICK_SPREAD`: the least-squares slope, with its intercept), which is what the spread stands for.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bridgetools.bots.variants import ComputerPlayer, bidding
from bridgetools.dd import dd_tables
from bridgetools.model import Deal, Hand, Seat, Strain
from bridgetools.rules.variants import new_deal

STRAINS = {"C": Strain.C, "D": Strain.D, "H": Strain.H, "S": Strain.S, "NT": Strain.NT}
HALF = 6.5
"""Half the tricks: the spread widens the estimate's distance from it."""


def measured(deals: int) -> dict[str, list[tuple[float, float, int]]]:
    """(the estimate before its spread, the estimate, the double-dummy tricks) of every declarer and strain,
    by strain class ("NT", "suit")."""
    spreads = bidding.TRICK_SPREAD
    estimates, layouts = [], []
    for seed in range(deals):
        deal = new_deal("booby", seed=seed, dealer=seed % 3)
        computers = [ComputerPlayer(seed, samples=0) for _ in range(3)]
        while deal.phase != "bidding":
            assert deal.to_act is not None
            deal.act(computers[deal.to_act].action(deal))
        for p in range(3):
            spread = spreads["booby"]
            spreads["booby"] = (1.0, 1.0)
            raw = bidding.estimate(deal, p)
            spreads["booby"] = spread
            estimates.append((raw, bidding.estimate(deal, p)))
            seats = (deal.hands[p], deal.hands[(p + 1) % 3], deal.hands[3], deal.hands[(p + 2) % 3])
            layouts.append(Deal([Hand.from_cards(h) for h in seats]))  # declarer North, the booby South
    found: dict[str, list[tuple[float, float, int]]] = {"NT": [], "suit": []}
    for (raw, estimate), table in zip(estimates, dd_tables(layouts), strict=True):
        for name, strain in STRAINS.items():
            tricks = table[Seat.N, strain]
            assert tricks is not None
            found["NT" if name == "NT" else "suit"].append((raw[name], estimate[name], tricks))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="seeded deals (default 400)")
    args = parser.parse_args()
    for kind, rows in measured(args.deals).items():
        raw = [r for r, _, _ in rows]
        dd = [float(t) for _, _, t in rows]
        error = [e - t for _, e, t in rows]
        slope, intercept = statistics.linear_regression(raw, dd)
        rms = statistics.fmean(e * e for e in error) ** 0.5
        print(f"{kind:4} {len(rows):5} declarers: double dummy {statistics.fmean(dd):.2f} tricks; estimate "
              f"bias {statistics.fmean(error):+.2f}, rms {rms:.2f}; "
              f"growth {slope:.2f} a trick of the estimate before its spread (at {HALF}: "
              f"{slope * HALF + intercept - HALF:+.2f})")


if __name__ == "__main__":
    main()
