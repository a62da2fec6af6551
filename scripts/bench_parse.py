"""Reading speed of hand-record files: boards/s and MB/s for bridgetools and, in the same run, endplay.

Makes a PBN file of ``--boards`` boards (seeded random deals with random legal auctions and plays),
then times each reader on it and prints the ratio to endplay's parser (when endplay is installed).
Real files are timed the same way after it: endplay's own ``example3.pbn`` (7,632 games with
auctions and play, in the shared corpus) and each other PBN file of that corpus made large by
repeating its text (to about ``--scale`` bytes: they hold 1 to 46 games each, and a tiny file
times nothing but the start of a read) by default, or the files given with ``--real``. A file that
endplay cannot read, or reads as a different number of boards, is left out, saying so.

    python scripts/bench_parse.py                 # 10,000 boards, 1 and 2 processes
    python scripts/bench_parse.py --boards 2000 --repeat 1
    python scripts/bench_parse.py --boards 2000 --profile   # where the PBN reader's time goes
    python scripts/bench_parse.py --real some.pbn --real other.pbn   # real files instead of example3
    python scripts/bench_parse.py --no-real                  # the synthetic file only
    python scripts/bench_parse.py --no-corpus                # example3.pbn, not the other real files
    python scripts/bench_parse.py --corpus ~/corpus          # the corpus elsewhere (or $BRIDGETOOLS_CORPUS)

``--lin`` also writes the same boards as LIN and times endplay's LIN reader and ours on that file.
`READERS` maps a name to a function that reads a path and returns the number of boards.
"""

from __future__ import annotations

import argparse
import random
import runpy
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bridgetools.board import Board
from bridgetools.formats import read, write
from bridgetools.model import DOUBLE, PASS, REDOUBLE, Seat
from bridgetools.rules import Auction, Play, deal_shuffled


def random_auction(rng: random.Random, dealer: Seat) -> Auction:
    """A legal auction that looks like bridge: mostly passes and low bids, a double now and then."""
    auction = Auction(dealer)
    while not auction.is_complete:
        legal = auction.legal_calls()
        roll = rng.random()
        if roll < 0.55 or len(auction) > 30:
            call = PASS
        elif roll < 0.62 and DOUBLE in legal:
            call = DOUBLE
        elif roll < 0.64 and REDOUBLE in legal:
            call = REDOUBLE
        else:
            bids = [c for c in legal if c not in (PASS, DOUBLE, REDOUBLE)][:6]
            call = rng.choice(bids) if bids else PASS
        auction.add(call)
    return auction


def random_board(rng: random.Random, number: int) -> Board:
    """A board as played: a shuffled deal, a random legal auction and a random legal play."""
    board = Board(number=number)
    assert board.dealer is not None
    board.deal = deal_shuffled(board.dealer, seed=rng.getrandbits(64))
    board.auction = random_auction(rng, board.dealer)
    board.contract = board.auction.final_contract
    board.declarer = board.auction.declarer
    board.event, board.site, board.date, board.scoring = "Benchmark", "Nowhere", "2026.01.01", "IMP"
    board.players = {seat: f"Player {seat.name}" for seat in Seat}
    if board.contract is not None and not board.contract.is_passed_out and board.declarer is not None:
        play = Play(board.deal, board.contract, board.declarer)
        while not play.is_complete:
            play.add(rng.choice(play.legal_cards()))
        board.play = play
        board.tricks = play.result
    return board


def make_pbn(path: Path, boards: int, seed: int) -> None:
    rng = random.Random(seed)
    write((random_board(rng, n % 32 + 1) for n in range(boards)), path, "pbn")


def read_ours(jobs: int) -> Callable[[Path], int]:
    def run(path: Path) -> int:
        return sum(1 for _ in read(path, "pbn", jobs=jobs))

    return run


def read_endplay(path: Path) -> int:
    from endplay.parsers import pbn

    with path.open(encoding="utf-8") as f:
        return len(pbn.load(f))


def read_lin(path: Path) -> int:
    return sum(1 for _ in read(path, "lin"))


def read_endplay_lin(path: Path) -> int:
    from endplay.parsers import lin

    with path.open(encoding="utf-8") as f:
        return len(lin.load(f))


def make_lin(path: Path, pbn_path: Path) -> None:
    write(read(pbn_path, "pbn"), path, "lin")


READERS: dict[str, Callable[[Path], int]] = {
    "bridgetools": read_ours(1),
    "bridgetools jobs=2": read_ours(2),
    "endplay": read_endplay,
}


def timed_together(
    readers: dict[str, Callable[[Path], int]], path: Path, repeat: int
) -> dict[str, tuple[float, float]]:
    """Median wall-clock and CPU time of each reader over ``repeat`` rounds that run them one after
    the other, so that load from other processes on the machine falls on all of them alike (CPU
    time, this process's own, moves less than the wall clock on a loaded machine)."""
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in readers}
    for _ in range(repeat):
        for name, reader in readers.items():
            start, cpu = time.perf_counter(), time.process_time()
            reader(path)
            times[name].append((time.perf_counter() - start, time.process_time() - cpu))
    return {
        name: (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))
        for name, runs in times.items()
    }


CORPUS: Path = runpy.run_path(str(Path(__file__).resolve().parents[1] / "tests" / "shared_corpus.py"))[
    "CORPUS"]
"""The corpus of real files, where the tests find it (tests/shared_corpus.py: ``$BRIDGETOOLS_CORPUS``, else
the project's ``shared/corpus``)."""
EXAMPLE3 = "endplay__example3.pbn"
"""endplay's own example file, in the corpus of real files (its ``pbn`` folder)."""


def scaled_corpus(corpus: Path, folder: Path, size: int) -> list[Path]:
    """Each PBN file of ``corpus`` but example3, its text repeated (a blank line between copies) to
    about ``size`` bytes, in ``folder``."""
    scaled = []
    for real in sorted((corpus / "pbn").glob("*.pbn")):
        if real.name == EXAMPLE3:
            continue
        text = real.read_bytes()
        newline = b"\r\n" if b"\r\n" in text else b"\n"
        copies = max(1, size // len(text))
        path = folder / real.name
        path.write_bytes(newline.join([text.rstrip(b"\r\n") + newline] * copies))
        scaled.append(path)
    return scaled


def time_file(readers: dict[str, Callable[[Path], int]], path: Path, repeat: int) -> None:
    """Count, then time, each reader on ``path`` and print boards/s, MB/s and the ratio to endplay
    (nothing when endplay cannot read the file or reads a different number of boards)."""
    counts = {}
    for name, reader in readers.items():  # warm up, count
        try:
            counts[name] = reader(path)
        except Exception as e:  # endplay's parser fails on some real files
            print(f"  left out: {name} cannot read it ({type(e).__name__}: {e})")
            return
    if len(set(counts.values())) > 1:
        print(f"  left out: the readers count different boards ({counts})")
        return
    best = timed_together(readers, path, repeat)
    baseline = best.get("endplay")
    for name, seconds in best.items():
        report(name, seconds, counts[name], path.stat().st_size, baseline if name != "endplay" else None)


Times = tuple[float, float]
"""Wall-clock and CPU seconds."""


def report(name: str, seconds: Times, count: int, size: int, baseline: Times | None) -> None:
    wall, cpu = seconds
    ratio = ""
    if baseline:
        ratio = f"  x{baseline[0] / wall:5.2f} endplay's speed (CPU x{baseline[1] / cpu:5.2f})"
    print(f"{name:<22} {count:>7} boards {wall:7.2f} s ({cpu:6.2f} s CPU) {count / wall:9.0f} boards/s "
          f"{size / wall / 1e6:6.2f} MB/s{ratio}")


PROFILED: dict[str, Callable[[str, str], bool]] = {
    "game scan (the grammar's terminals in one regex)": lambda where, name: name == "_scan_items",
    "Lark parse (games the scan leaves to it)": lambda where, name: (
        name == "parse" and where.endswith("lark/lark.py")
    ),
    "plain plays, a whole trick at a time (Play.add_tricks_if_legal)": lambda where, name: (
        name == "add_tricks_if_legal"
    ),
    "other plays, card by card (Play.add_tricks_by_seat)": lambda where, name: name == "add_tricks_by_seat",
    "plain auctions, made at once (Auction.add_calls_if_legal)": lambda where, name: (
        name == "add_calls_if_legal"
    ),
    "other auctions, call by call (Auction.add)": lambda where, name: (
        name == "add" and where.endswith("auction.py")
    ),
    "plays whose columns are not seats (replayed by holder)": lambda where, name: name == "_replay_by_holder",
}
"""Parts of one PBN read whose share of the time ``--profile`` prints."""


def profile(path: Path) -> None:
    """Where one read of the PBN file spends its time (cProfile), and what pickling its boards
    costs beside reading them (what ``jobs=`` adds for every board)."""
    import cProfile
    import pickle
    import pstats

    profiler = cProfile.Profile()
    profiler.enable()
    boards = list(read(path, "pbn"))
    profiler.disable()
    stats = pstats.Stats(profiler)
    for label, wanted in PROFILED.items():
        seconds = sum(v[3] for k, v in stats.stats.items() if wanted(k[0], k[2]))  # type: ignore[attr-defined]
        print(f"{label:<50} {seconds / stats.total_tt:6.1%} of the read (under cProfile)")  # type: ignore[attr-defined]
    start = time.perf_counter()
    list(read(path, "pbn"))
    reading = time.perf_counter() - start
    start = time.perf_counter()
    for board in boards:
        pickle.loads(pickle.dumps(board))
    print(f"pickling and unpickling the boards: {(time.perf_counter() - start) / reading:.2f} x reading them")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--lin", action="store_true", help="also time the LIN reader on the same boards")
    parser.add_argument("--profile", action="store_true", help="where our PBN reader spends its time")
    parser.add_argument("--real", type=Path, action="append", default=[],
                        help="a real PBN file to time as well (repeatable; default endplay's example3.pbn)")
    parser.add_argument("--no-real", action="store_true", help="time the synthetic file only")
    parser.add_argument("--no-corpus", action="store_true", help="of the real files, example3.pbn only")
    parser.add_argument("--corpus", type=Path, default=CORPUS,
                        help=f"the corpus of real files (default: $BRIDGETOOLS_CORPUS or {CORPUS})")
    parser.add_argument("--scale", type=int, default=300_000,
                        help="bytes each other corpus file is repeated to (default 300000)")
    args = parser.parse_args()
    example3 = args.corpus / "pbn" / EXAMPLE3
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.pbn"
        start = time.perf_counter()
        make_pbn(path, args.boards, args.seed)
        print(f"made {path.name}: {args.boards} boards, {path.stat().st_size / 1e6:.2f} MB "
              f"in {time.perf_counter() - start:.1f} s (seed {args.seed})")
        real = [] if args.no_real else args.real or [p for p in (example3,) if p.exists()]
        if not (args.no_real or args.real or example3.exists()):
            print(f"the real files are skipped: no {example3} (--corpus, or $BRIDGETOOLS_CORPUS)")
        if not (args.no_real or args.real or args.no_corpus) and example3.exists():
            real += scaled_corpus(args.corpus, Path(tmp), args.scale)
        if args.profile:
            for profiled in (path, *real):
                print(f"profile of {profiled.name}:")
                profile(profiled)
            return
        readers = dict(READERS)
        try:
            import endplay  # noqa: F401
        except ImportError:
            print("endplay is not installed: no ratio")
            del readers["endplay"]
        time_file(readers, path, args.repeat)
        for real_path in real:
            copies = "" if real_path.parent == example3.parent or args.real else ", its text repeated"
            print(f"real file {real_path.name}: {real_path.stat().st_size / 1e6:.2f} MB{copies}")
            time_file(readers, real_path, args.repeat)
        if args.lin:
            lin_path = Path(tmp) / "bench.lin"
            make_lin(lin_path, path)
            lin_readers: dict[str, Callable[[Path], int]] = {"bridgetools LIN": read_lin}
            if "endplay" in readers:  # endplay is installed
                lin_readers = {"endplay LIN": read_endplay_lin, **lin_readers}
            lin_counts = {name: reader(lin_path) for name, reader in lin_readers.items()}
            lin_best = timed_together(lin_readers, lin_path, args.repeat)
            lin_baseline = lin_best.get("endplay LIN")
            for name, seconds in lin_best.items():
                report(name, seconds, lin_counts[name], lin_path.stat().st_size,
                       lin_baseline if name != "endplay LIN" else None)


if __name__ == "__main__":
    main()
