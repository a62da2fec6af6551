"""Every sample script in samples/ runs, and every board it deals meets its condition."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools import evaluate
from bridgetools.cli import cli
from bridgetools.dealer.batch import DealBatch
from bridgetools.dealer.compiler import compile_script
from bridgetools.dealer.language import parse
from bridgetools.model import Deal, Seat, Suit

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.dlr"))


def test_there_are_at_least_ten_practice_scripts() -> None:
    assert len(SAMPLES) >= 10


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_deals_boards_that_meet_its_condition(path: Path) -> None:
    result = CliRunner().invoke(cli, ["deal", "-f", str(path), "-n", "4", "--seed", "1", "--format", "json"])
    assert result.exit_code == 0, result.output
    deals = [Deal.from_pbn(b["deal"]) for b in json.loads(result.stdout)["boards"]]
    script = parse(path.read_text(encoding="utf-8"), path.name)
    assert len(deals) == 4
    assert compile_script(script).accept(DealBatch.from_deals(deals)).all()
    for seat, hand in script.predeal:
        assert all(d.hand(seat).mask & hand.mask == hand.mask for d in deals)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_runs_as_dealer_would(path: Path) -> None:
    result = CliRunner().invoke(cli, ["deal", "-f", str(path), "-n", "3", "--seed", "2", "-q"])
    assert result.exit_code == 0, result.output
    script = parse(path.read_text(encoding="utf-8"), path.name)
    if script.actions is not None:
        assert "Produced 3 hands" in result.stdout
    else:
        assert result.stdout.count("[Deal ") == 3


# What each sample's comment says, written out in Python on the dealt hands (not in the dealer language), so
# a script that does not do what its comment says is caught.

S, H, D, C = Suit.S, Suit.H, Suit.D, Suit.C
BALANCED = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}


def _n(deal: Deal, seat: Seat, suit: Suit) -> int:
    return deal.hand(seat).length(suit)


def _hcp(deal: Deal, seat: Seat, suit: Suit | None = None) -> int:
    return evaluate.hcp(deal.hand(seat), suit)


def _balanced(deal: Deal, seat: Seat) -> bool:
    return evaluate.pattern(deal.hand(seat)) in BALANCED


def _notrump(deal: Deal, seat: Seat) -> bool:
    return _balanced(deal, seat) and 15 <= _hcp(deal, seat) <= 17


def _opens_a_minor(deal: Deal, seat: Seat, low: int, high: int) -> bool:
    """``low``-``high`` HCP, no five-card major, a minor of 3+ as long as each major (as overcalls.dlr)."""
    majors = max(_n(deal, seat, S), _n(deal, seat, H))
    return (low <= _hcp(deal, seat) <= high and majors < 5
            and any(_n(deal, seat, m) >= max(3, majors) for m in (D, C)))


def _weak_two(deal: Deal) -> bool:
    north = deal.hand(Seat.N)
    tops = {m: (evaluate.holding_top(north.holding(m), 3), evaluate.holding_top(north.holding(m), 5))
            for m in (S, H)}
    good = [m for m in (S, H) if north.length(m) == 6 and (tops[m][0] >= 2 or tops[m][1] >= 3)]
    other = {S: H, H: S}
    return (5 <= north.hcp <= 10 and min(north.shape) > 0 and len(good) == 1
            and north.length(other[good[0]]) < 4)


def _preempt(deal: Deal) -> bool:
    east = deal.hand(Seat.E)
    long = [s for s in Suit if east.length(s) == 7]
    outside = evaluate.controls(east) - sum(evaluate.controls(east, s) for s in long)
    return len(long) == 1 and 5 <= east.hcp <= 9 and outside <= 2


def _slam(deal: Deal) -> bool:
    fits = [_n(deal, Seat.N, s) + _n(deal, Seat.S, s) for s in (S, H, D, C)]
    controls = evaluate.controls(deal.hand(Seat.N)) + evaluate.controls(deal.hand(Seat.S))
    return (31 <= _hcp(deal, Seat.N) + _hcp(deal, Seat.S) <= 35 and controls >= 9
            and (max(fits[:2]) >= 8 or max(fits[2:]) >= 9))


def _opening_lead(deal: Deal) -> bool:
    west, north = deal.hand(Seat.W), deal.hand(Seat.N)
    return (deal.hand(Seat.S).to_pbn() == "AQ542.KJ87.32.AK"
            and west.hcp >= 11 and west.length(C) >= 3 and max(west.length(S), west.length(H)) < 5
            and west.length(D) <= west.length(C)
            and 6 <= north.hcp <= 11 and north.length(D) in (6, 7) and max(north.shape) == north.length(D)
            and sorted(north.shape)[-2] < 4)


COMMENTS: dict[str, Callable[[Deal], bool]] = {
    "1nt_opening.dlr": lambda d: _notrump(d, Seat.N) and 8 <= _hcp(d, Seat.S) <= 15,
    "jacoby_transfer.dlr": lambda d: _notrump(d, Seat.N) and max(_n(d, Seat.S, S), _n(d, Seat.S, H)) >= 5,
    "michaels.dlr": lambda d: (_hcp(d, Seat.E) >= 11 and max(_n(d, Seat.E, S), _n(d, Seat.E, H)) < 5
                               and _n(d, Seat.S, S) >= 5 and _n(d, Seat.S, H) >= 5 and _hcp(d, Seat.S) >= 7),
    "opening_lead.dlr": _opening_lead,
    "overcalls.dlr": lambda d: (_opens_a_minor(d, Seat.E, 12, 19) and 8 <= _hcp(d, Seat.S) <= 16
                                and any(_n(d, Seat.S, m) >= 5 and _hcp(d, Seat.S, m) >= 4 for m in (S, H))),
    "preempt_three.dlr": _preempt,
    "slam_hands.dlr": _slam,
    "stayman.dlr": lambda d: (_notrump(d, Seat.N) and _hcp(d, Seat.S) >= 8
                              and max(_n(d, Seat.S, S), _n(d, Seat.S, H)) == 4),
    "strong_2c.dlr": lambda d: (_hcp(d, Seat.S) >= 22
                                or (_hcp(d, Seat.S) >= 17 and evaluate.losers(d.hand(Seat.S)) <= 4)),
    "takeout_double.dlr": lambda d: (_n(d, Seat.W, H) >= 5 and 11 <= _hcp(d, Seat.W) <= 19
                                     and _n(d, Seat.N, H) <= 1 and _hcp(d, Seat.N) >= 12
                                     and min(_n(d, Seat.N, s) for s in (S, D, C)) >= 3),
    "two_over_one.dlr": lambda d: (_n(d, Seat.N, S) >= 5 and 12 <= _hcp(d, Seat.N) <= 21
                                   and _hcp(d, Seat.S) >= 13 and _n(d, Seat.S, S) < 3
                                   and (max(_n(d, Seat.S, D), _n(d, Seat.S, C)) >= 4
                                        or _n(d, Seat.S, H) >= 5)),
    "weak_two.dlr": _weak_two,
}


def test_every_sample_has_its_comment_written_out() -> None:
    assert sorted(COMMENTS) == [p.name for p in SAMPLES]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_board_a_sample_deals_is_what_its_comment_describes(path: Path) -> None:
    deals = bt.generate(path.read_text(encoding="utf-8"), 400, seed=11)
    wrong = [d.to_pbn() for d in deals if not COMMENTS[path.name](d)]
    assert wrong == [], f"{path.name}: {len(wrong)} of 400 boards are not what its comment says: {wrong[:2]}"
