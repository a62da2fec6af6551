"""Benchmark printed hand records: boards per second for PDF and HTML at 4 boards a page, and peak memory.

    python scripts/bench_print.py                 # 36 and 1,000 boards, PDF and HTML, with the DD grid
    python scripts/bench_print.py --sizes 36 250 1000 4000
    python scripts/bench_print.py --no-dd         # without the double-dummy grid, makeable and par lines

Boards are tournament deals from a fixed key (`bridgetools.dealer.tournament.tournament_boards`), each
given a DoubleDummyTricks and OptimumScore tag (made-up numbers: the figure measured is drawing, not
solving) so that the grid, makeable contracts and par are drawn as on a club's hand records. Each size and
output runs in its own child process, so its peak memory (``ru_maxrss``) is its own: flat memory means the
same peak for 36 and for 1,000 boards. Targets: 36 boards under 2 s, 1,000 boards under 20 s. Times are
wall-clock seconds of `write_records` (reading nothing; importing reportlab is outside the timing) and
CPU seconds beside them, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def child(size: int, kind: str, dd: bool) -> dict[str, float]:
    from bridgetools.dealer.tournament import tournament_boards
    from bridgetools.model import Seat
    from bridgetools.records import Options, write_records

    if kind == "pdf":
        import reportlab.pdfgen.canvas  # noqa: F401  (import cost outside the timing)
    boards = list(tournament_boards(bytes(32), size))
    for board in boards:
        deal = board.deal
        assert deal is not None
        points = [hand.hcp if (hand := deal[Seat.parse(seat)]) is not None else 0 for seat in "NSEW"]
        tricks = (min(13, 3 + p // 3 + j) for p in points for j in range(5))  # made up: drawing is measured
        board.tags["DoubleDummyTricks"] = "".join(f"{t:x}" for t in tricks)
        board.tags["OptimumScore"] = "NS 420"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"records.{kind}"
        wall, cpu = time.perf_counter(), time.process_time()
        write_records(boards, out, Options(per_page=4, dd=dd))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        size_bytes = out.stat().st_size
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"boards": size, "seconds": wall, "cpu": cpu, "boards_per_s": size / wall, "peak_mb": peak,
            "bytes": size_bytes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[36, 1000])
    parser.add_argument("--no-dd", dest="dd", action="store_false")
    parser.add_argument("--child", nargs=2, metavar=("SIZE", "KIND"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(int(args.child[0]), args.child[1], args.dd)))
        return
    print(f"{'output':6} {'boards':>7} {'seconds':>8} {'cpu s':>7} {'boards/s':>9} {'peak MB':>8} "
          f"{'file KB':>8}")
    for kind in ("pdf", "html"):
        for size in args.sizes:
            command = [sys.executable, __file__, "--child", str(size), kind]
            command += [] if args.dd else ["--no-dd"]
            result = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
            print(f"{kind:6} {size:>7} {result['seconds']:>8.2f} {result['cpu']:>7.2f} "
                  f"{result['boards_per_s']:>9.0f} {result['peak_mb']:>8.0f} {result['bytes'] / 1024:>8.0f}")


if __name__ == "__main__":
    main()
