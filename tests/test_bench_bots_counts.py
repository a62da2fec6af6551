"""The bidding benchmark's counts (scripts/bench_bots.py): game precision counted as the issue's
reference, CardsWithCats, counts it, so the two figures compare."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import bridgetools as bt
from bridgetools.model import DDTable, Seat, Strain, Vul
from bridgetools.rules import Auction
from bridgetools.rules.deck import deal_shuffled
from bridgetools.scoring.duplicate import ns_score

ROOT = Path(__file__).resolve().parents[1]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bots", ROOT / "scripts" / "bench_bots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_bots"] = module
    spec.loader.exec_module(module)
    return module


def _table(north_spades: int, south_spades: int) -> DDTable:
    """Every contract takes six tricks, but North and South in spades what they are given."""
    counts = {(seat, strain): 6 for seat in Seat for strain in Strain}
    counts[Seat.N, Strain.S] = north_spades
    counts[Seat.S, Strain.S] = south_spades
    return DDTable.from_mapping(counts)


def _result(bench: ModuleType, calls: str, table: DDTable) -> object:
    auction = Auction(Seat.N)
    for call in calls.split():
        auction.add(call)
    contract, declarer = auction.contract, auction.declarer
    assert contract is not None and declarer is not None
    tricks = table[declarer, contract.strain]
    assert tricks is not None
    score = ns_score(contract, declarer, tricks, Vul.NONE)
    return bench.BidResult(1, deal_shuffled(seed=1), Seat.N, Vul.NONE, auction, table,
                           bt.par(table, Vul.NONE, Seat.N), score)


def test_a_game_made_by_partner_but_not_by_declarer_counts_as_made_only_in_the_reference_count() -> None:
    bench = _bench()
    bid = _result(bench, "4S P P P", _table(north_spades=9, south_spades=10))
    q = bench.quality([bid])
    assert q["game_precision"] == 0.0
    assert q["game_precision_cwc"] == 1.0


def test_a_doubled_game_is_left_out_of_the_reference_count() -> None:
    bench = _bench()
    doubled = _result(bench, "4S X P P P", _table(north_spades=8, south_spades=8))
    made = _result(bench, "4S P P P", _table(north_spades=10, south_spades=8))
    q = bench.quality([doubled, made])
    assert q["game_precision"] == 0.5
    assert q["game_precision_cwc"] == 1.0


def test_every_deal_is_non_vulnerable_in_the_reference_protocol() -> None:
    bench = _bench()
    assert {vul for _, _, vul in bench.seeded_boards(8, 3, vulnerable=False)} == {Vul.NONE}
    assert len({vul for _, _, vul in bench.seeded_boards(8, 3)}) == 4
