"""Measure the computer bidder (issue 11) over seeded random deals, bots in all four seats.

    python scripts/bench_bots.py                       # 5,000 deals for hard failures, 1,000 for quality
    python scripts/bench_bots.py --failures 500 --deals 200   # a quick run while tuning

Hard failures: an exception, an illegal call, an auction that does not end, or a bot's call its own
explanation does not allow; counted over ``--failures`` deals bid by the bots and over the same deals
with ``--chaos`` (15%) of the calls replaced by random legal ones. Quality over ``--deals`` deals: the
reached contract scored double dummy against double-dummy par (IMPs lost per deal, share within 10
points), and game and slam precision (bid ones that make double dummy) and recall (makeable ones bid).
The bots bid as the commands do (`default_bidder`: game decisions judged by double-dummy simulation,
`JudgingBidder`, when the dd extra is installed, about 15 minutes a set of 1,000 deals on two cores);
``--judge`` asks for that, ``--rules-only`` bids by the rule tables alone (about 5 seconds a set once
the tables are cached), which is how rule changes are tuned and compared. The bidder and the seconds
a call (median, 95th percentile) are printed. The IMPs lost are also broken down by cause (missed game
or slam, failed contract, doubled, outbid by the side par belongs to, strain or level), and ``--worst
N`` prints the N deals that lost most, with the hands, the auction, the reached contract's score and
par.
Double-dummy tables are cached in ``--cache`` (SQLite), so a second run solves nothing.

Boards are played at their own vulnerability (boards 1, 2, ...). ``--vulnerability none`` plays every
deal with neither side vulnerable, as CardsWithCats measures the figures issue 11 compares with (its
4.49 IMPs a deal, 71.7% and 63.5%); game precision is printed both ways: all games bid, and counted as
CardsWithCats counts it (doubled games left out, a game made when either hand of the side makes it).

    python scripts/bench_bots.py --sets 23 29 --save before.jsonl     # on the old code
    python scripts/bench_bots.py --sets 23 29 --against before.jsonl  # on the new code

``--save`` keeps each deal's IMPs lost of a ``--sets`` run; ``--against`` compares the run deal by deal
with a saved one (the same deals): the mean change a deal with its standard error, and how many deals
gained and lost. A change tuned on some sets is judged by this on sets it was never tuned on: over the
thirteenth passes the tuning sets gained 0.058 +- 0.009 a deal and six untouched sets +0.003 +- 0.010.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bridgetools as bt
from bridgetools.bots import Bidder, default_bidder
from bridgetools.model import Contract, DDTable, Deal, Par, Seat, Strain, Vul
from bridgetools.rules import Auction
from bridgetools.rules.deck import deal_shuffled
from bridgetools.scoring.duplicate import ns_score

SEED = 20261201
MAX_CALLS = 319  # more calls than any legal auction can hold


def seeded_boards(n: int, seed: int, vulnerable: bool = True) -> list[tuple[Deal, Seat, Vul]]:
    """``n`` random deals with the dealer and vulnerability of boards 1, 2, ...; with ``vulnerable``
    false every deal is played with neither side vulnerable (how CardsWithCats measures)."""
    return [(deal_shuffled(seed=seed * 1_000_003 + i), Seat.dealer_of_board(i + 1),
             Vul.of_board(i + 1) if vulnerable else Vul.NONE)
            for i in range(n)]


def bid_checked(bidder: Bidder, deal: Deal, dealer: Seat, chaos: float, rng: random.Random,
                vul: Vul = Vul.NONE) -> str | None:
    """Bid one deal at the board's vulnerability; the first hard failure in words, or None."""
    auction = Auction(dealer)
    try:
        while not auction.is_complete:
            if len(auction) > MAX_CALLS:
                return "the auction does not end"
            if chaos and rng.random() < chaos:
                auction.add(rng.choice(auction.legal_calls()))
                continue
            hand = deal[auction.turn]
            assert hand is not None
            call = bidder.call(auction, hand, vul)
            if call is None or not auction.is_legal(call):
                return f"illegal or missing call {call} after {auction}"
            if not bidder.explain(auction, call, vul).allows(hand):
                return f"{call} after '{auction}' is outside its explanation"
            auction.add(call)
    except Exception as e:  # counting every failure is the point
        return f"{type(e).__name__}: {e} after {auction}"
    return None


def hard_failures(boards: list[tuple[Deal, Seat, Vul]], chaos: float, seed: int,
                  judge: bool = False) -> list[str]:
    bidder = default_bidder(judge)
    rng = random.Random(seed)
    out = []
    for deal, dealer, vul in boards:
        why = bid_checked(bidder, deal, dealer, chaos, rng, vul)
        if why is not None:
            out.append(why)
    return out


def _game_level(strain: Strain) -> int:
    return {Strain.NT: 3, Strain.H: 4, Strain.S: 4}.get(strain, 5)


@dataclass(frozen=True)
class BidResult:
    """One deal bid by the bots and scored double dummy against par."""

    board: int
    deal: Deal
    dealer: Seat
    vul: Vul
    auction: Auction
    table: DDTable
    par: Par
    score: int  # North-South's score of the reached contract, double dummy

    @property
    def lost(self) -> int:
        assert self.par.score is not None
        return abs(int(bt.imps(self.score - self.par.score)))

    @property
    def contract(self) -> Contract | None:
        c = self.auction.contract
        return None if c is None or c.level == 0 or c.strain is None else c

    @property
    def strain(self) -> Strain:
        """The reached contract's strain (only asked when there is a contract)."""
        assert self.contract is not None and self.contract.strain is not None
        return self.contract.strain


def bid_timed(bidder: Bidder, deal: Deal, dealer: Seat, vul: Vul, times: list[float]) -> Auction:
    """The bots' auction on one deal, each call's seconds added to ``times``."""
    auction = Auction(dealer)
    while not auction.is_complete:
        hand = deal[auction.turn]
        assert hand is not None
        start = time.perf_counter()
        call = bidder.call(auction, hand, vul)
        times.append(time.perf_counter() - start)
        auction.add(call)
    return auction


def bid_boards(boards: list[tuple[Deal, Seat, Vul]], cache: str, judge: bool = False,
               times: list[float] | None = None) -> list[BidResult]:
    """Every board bid by the bots, with its double-dummy table, par and the reached contract's score;
    each call's seconds go to ``times``."""
    bidder = default_bidder(judge)
    tables = list(bt.dd_tables([d for d, _, _ in boards], cache=cache))
    out = []
    times = [] if times is None else times
    for number, ((deal, dealer, vul), table) in enumerate(zip(boards, tables, strict=True), 1):
        auction = bid_timed(bidder, deal, dealer, vul, times)
        contract, declarer = auction.contract, auction.declarer
        if contract is None or contract.strain is None or declarer is None:  # passed out
            got = 0
        else:
            tricks = table[declarer, contract.strain]
            assert tricks is not None
            got = ns_score(contract, declarer, tricks, vul)
        out.append(BidResult(number, deal, dealer, vul, auction, table, bt.par(table, vul, dealer), got))
    return out


def quality(bids: list[BidResult]) -> dict[str, float]:
    """IMPs lost against par, and game and slam precision and recall, double dummy."""
    lost = within = 0
    counts = {k: 0 for k in ("game_bid", "game_made", "game_possible", "game_found",
                             "slam_bid", "slam_made", "slam_possible", "slam_found",
                             "undoubled_game_bid", "undoubled_game_made")}
    for b in bids:
        contract, declarer, table = b.contract, b.auction.declarer, b.table
        strain = b.strain if contract is not None else Strain.NT
        assert b.par.score is not None
        lost += b.lost
        within += abs(b.score - b.par.score) <= 10
        for side in ((Seat.N, Seat.S), (Seat.E, Seat.W)):
            ours = declarer in side and contract is not None
            for kind, level_of in (("game", _game_level), ("slam", lambda s: 6)):
                possible = any((table[seat, s] or 0) >= level_of(s) + 6 for seat in side for s in Strain)
                counts[f"{kind}_possible"] += possible
                if ours and contract is not None and contract.level >= level_of(strain):
                    assert declarer is not None
                    counts[f"{kind}_bid"] += 1
                    counts[f"{kind}_made"] += (table[declarer, strain] or 0) >= contract.level + 6
                    counts[f"{kind}_found"] += possible
            game = contract is not None and contract.level >= _game_level(strain)
            if ours and game and contract is not None and not contract.doubled:
                counts["undoubled_game_bid"] += 1
                counts["undoubled_game_made"] += max(table[seat, strain] or 0 for seat in side) \
                    >= contract.level + 6
    n = len(bids)
    return {
        "imps_lost": lost / n, "within_10": within / n,
        "game_precision": counts["game_made"] / max(1, counts["game_bid"]),
        "game_recall": counts["game_found"] / max(1, counts["game_possible"]),
        # CardsWithCats's count: doubled games left out, made if either hand of the side makes it
        "game_precision_cwc": counts["undoubled_game_made"] / max(1, counts["undoubled_game_bid"]),
        "slam_precision": counts["slam_made"] / max(1, counts["slam_bid"]),
        "slam_recall": counts["slam_found"] / max(1, counts["slam_possible"]),
        "games_bid": counts["game_bid"], "slams_bid": counts["slam_bid"],
    }


def _best_level(b: BidResult, side: tuple[Seat, Seat]) -> int:
    """The highest level the side makes in any strain, double dummy."""
    return max((b.table[seat, s] or 0) - 6 for seat in side for s in Strain)


def cause(b: BidResult) -> str:
    """Why the reached contract is not par, in a player's words (the first that applies)."""
    contract, declarer = b.contract, b.auction.declarer
    assert b.par.score is not None
    if b.lost == 0:
        return "at par"
    if contract is None or declarer is None:
        return "passed out"
    side = (declarer, declarer.partner)
    tricks = b.table[declarer, b.strain] or 0
    if contract.doubled:
        return "doubled contract"
    if tricks < contract.level + 6:
        return "failed slam" if contract.level >= 6 else \
            "failed game" if contract.level >= _game_level(b.strain) else "failed partscore"
    best = _best_level(b, side)
    par_side = (Seat.N, Seat.S) if b.par.score > 0 else (Seat.E, Seat.W) if b.par.score < 0 else None
    if par_side is not None and declarer not in par_side:
        return "outbid"
    if best >= 6 and contract.level < 6:
        return "missed slam"
    if contract.level < _game_level(b.strain) and any(
            (b.table[seat, s] or 0) >= _game_level(s) + 6 for seat in side for s in Strain):
        return "missed game"
    return "strain or level"


def causes(bids: list[BidResult]) -> list[tuple[str, int, float]]:
    """IMPs lost by cause: the cause, how many deals, IMPs a deal over all deals; largest first."""
    by: dict[str, list[int]] = {}
    for b in bids:
        by.setdefault(cause(b), []).append(b.lost)
    return sorted(((c, len(v), sum(v) / len(bids)) for c, v in by.items()), key=lambda t: -t[2])


def by_start(bids: list[BidResult], calls: int) -> list[tuple[str, int, int]]:
    """IMPs lost by how the auction starts (its first ``calls`` calls after the opening passes): the
    start, the IMPs in all, how many deals; most IMPs first. Where to look for a rule that loses."""
    by: dict[str, list[int]] = {}
    for b in bids:
        made = [str(c) for c in b.auction.calls]
        while made and made[0] == "Pass":
            made = made[1:]
        by.setdefault(" ".join(made[:calls]) or "passed out", []).append(b.lost)
    return sorted(((start, sum(v), len(v)) for start, v in by.items()), key=lambda t: -t[1])


def paired(lost: dict[tuple[int, int], int], saved: str) -> str:
    """This run's IMPs lost against a saved run's, deal by deal on the deals both hold: the mean change
    a deal with its standard error (negative is better), and how many deals gained and lost."""
    before = {(s, n): v for s, n, v in map(json.loads, Path(saved).read_text().splitlines())}
    diffs = [lost[k] - before[k] for k in lost if k in before]
    if not diffs:
        return f"against {saved}: no deal in common"
    mean = sum(diffs) / len(diffs)
    error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / len(diffs)) / math.sqrt(len(diffs))
    return (f"against {saved}: {mean:+.4f} IMPs lost a deal (standard error {error:.4f})"
            f" over {len(diffs)} deals; {sum(d < 0 for d in diffs)} gained, {sum(d > 0 for d in diffs)} lost")


def _hand(deal: Deal, seat: Seat) -> str:
    hand = deal[seat]
    assert hand is not None
    return hand.to_pbn()


def show(b: BidResult) -> str:
    """A deal as a player reads it: board, hands, auction, reached contract and par."""
    hands = "  ".join(f"{s.name}:{_hand(b.deal, s)}"
                      for s in Seat)
    contract = b.auction.contract
    return (f"board {b.board} ({b.dealer.name}, {b.vul}) lost {b.lost} IMPs, {cause(b)}\n  {hands}\n"
            f"  auction: {' '.join(str(c) for c in b.auction.calls)}\n"
            f"  reached {contract} by {b.auction.declarer} scoring {b.score:+d}; par {b.par}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--failures", type=int, default=5000, help="deals for the hard-failure counts")
    parser.add_argument("--deals", type=int, default=1000, help="deals for the double-dummy quality figures")
    parser.add_argument("--chaos", type=float, default=0.15, help="share of calls replaced by random ones")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--sets", type=int, nargs="+", metavar="SEED",
                        help="only the IMPs lost a deal on each of these seeds' deals, to three decimals, "
                             "and their sum: how a rule change is judged (tune on two sets, hold two out)")
    parser.add_argument("--save", metavar="FILE", help="with --sets: each deal's IMPs lost, as JSON lines")
    parser.add_argument("--against", metavar="FILE",
                        help="with --sets: compare deal by deal with a --save file of the same deals")
    parser.add_argument("--vulnerability", choices=("board", "none"), default="board",
                        help="board: each board's own (boards 1, 2, ...); none: neither side vulnerable on "
                             "any deal, the protocol of CardsWithCats's 4.49 IMPs a deal")
    parser.add_argument("--cache", default=str(Path.home() / ".cache" / "bridgetools" / "bench_bots.sqlite"))
    parser.add_argument("--show", type=int, default=5, help="failures to print")
    parser.add_argument("--worst", type=int, default=0, help="deals that lost most IMPs to print")
    parser.add_argument("--by-start", type=int, default=0, metavar="CALLS",
                        help="IMPs lost by the auction's first CALLS calls (after opening passes), top 20")
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--judge", action="store_true", default=None,
                        help="judge game decisions by double-dummy simulation "
                             "(JudgingBidder; the default with the dd extra)")
    choice.add_argument("--rules-only", dest="judge", action="store_false",
                        help="bid by the rule tables alone (Bidder)")
    args = parser.parse_args()
    args.judge = default_bidder().judge if args.judge is None else args.judge
    print("bidder:", "JudgingBidder (game decisions judged by double-dummy simulation)"
          if default_bidder(args.judge).judge else "Bidder (the rule tables alone)")
    Path(args.cache).parent.mkdir(parents=True, exist_ok=True)
    vulnerable = args.vulnerability == "board"
    if not vulnerable:
        print("vulnerability: none on every deal (CardsWithCats's protocol)")
    if args.sets:
        total = 0.0
        by_deal: dict[tuple[int, int], int] = {}
        every: list[tuple[int, BidResult]] = []
        for seed in args.sets:
            bids = bid_boards(seeded_boards(args.deals, seed + 1, vulnerable), args.cache, args.judge)
            by_deal.update(((seed, b.board), b.lost) for b in bids)
            every += [(seed, b) for b in bids]
            q = quality(bids)
            total += q["imps_lost"]
            print(f"seed {seed}: {q['imps_lost']:.3f} IMPs lost a deal over {args.deals} deals, "
                  f"game precision {q['game_precision']:.1%} ({q['game_precision_cwc']:.1%} undoubled, "
                  f"either hand), recall {q['game_recall']:.1%}", flush=True)
        print(f"sum over {len(args.sets)} sets: {total:.3f}")
        if args.save:
            Path(args.save).write_text("".join(json.dumps([s, n, v]) + "\n" for (s, n), v in by_deal.items()))
        if args.against:
            print(paired(by_deal, args.against))
        for seed, b in sorted(every, key=lambda t: -t[1].lost)[:args.worst]:
            print(f"set {seed} {show(b)}")
        return
    if args.failures:
        boards = seeded_boards(args.failures, args.seed)
        for chaos in (0.0, args.chaos):
            start = time.perf_counter()
            failures = hard_failures(boards, chaos, args.seed, args.judge)
            took = time.perf_counter() - start
            print(f"hard failures over {len(boards)} seeded deals, {chaos:.0%} random calls: {len(failures)}"
                  f"  ({took / len(boards) * 1000:.1f} ms a deal)")
            for why in failures[:args.show]:
                print("   ", why)
    if args.deals:
        boards = seeded_boards(args.deals, args.seed + 1, vulnerable)
        start = time.perf_counter()
        times: list[float] = []
        bids = bid_boards(boards, args.cache, args.judge, times)
        took = time.perf_counter() - start
        q = quality(bids)
        times.sort()
        print(f"bidding time: {len(times)} calls, seconds a call: median {times[len(times) // 2]:.4f},"
              f" 95th percentile {times[int(len(times) * 0.95)]:.4f}, slowest {times[-1]:.2f}")
        judged = sorted(getattr(default_bidder(args.judge), "timings", []))
        if judged:
            print(f"simulated decisions: {len(judged)}, seconds each: median {judged[len(judged) // 2]:.3f},"
                  f" 95th percentile {judged[int(len(judged) * 0.95)]:.3f}, slowest {judged[-1]:.2f}")
        print(f"quality over {len(boards)} seeded deals (double dummy, seed {args.seed + 1}), bid and scored "
              f"in {took:.0f} s ({took / len(boards) * 1000:.1f} ms a deal):")
        print(f"  IMPs lost per deal against par: {q['imps_lost']:.2f}   within 10 points of par: "
              f"{q['within_10']:.1%}")
        print(f"  game precision {q['game_precision']:.1%} ({q['game_precision_cwc']:.1%} counted as "
              f"CardsWithCats does: undoubled games, made by either hand)  recall {q['game_recall']:.1%}"
              f"  ({q['games_bid']:.0f} games bid)")
        print(f"  slam precision {q['slam_precision']:.1%}  recall {q['slam_recall']:.1%}"
              f"  ({q['slams_bid']:.0f} slams bid)")
        print("  IMPs lost a deal by cause:")
        for name, count, per_deal in causes(bids):
            print(f"    {name:18} {count:4} deals  {per_deal:.2f}")
        if args.by_start:
            print(f"  IMPs lost by the first {args.by_start} calls (IMPs in all, deals, IMPs a deal):")
            for opening, lost, count in by_start(bids, args.by_start)[:20]:
                print(f"    {opening:32} {lost:5} {count:5} {lost / count:6.2f}")
        for b in sorted(bids, key=lambda b: -b.lost)[:args.worst]:
            print(show(b))


if __name__ == "__main__":
    main()
