"""Two hands' HCP added, drawn exactly: the share of deals counted, when a plan draws it, what runs say."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.dealer import deal_batches
from bridgetools.dealer.batch import DealBatch
from bridgetools.dealer.compiler import make_plan
from bridgetools.dealer.engine import exact_budget
from bridgetools.dealer.partnership import PairSpec, pair_share
from bridgetools.dealer.smart import HandSpec
from bridgetools.model import Card, Hand, Seat

NORTH_SOUTH = (Seat.N, Seat.S)


def listed_share(seats: tuple[Seat, Seat], lo: int, hi: int, predeal: dict[Seat, int]) -> Fraction:
    """The share of deals giving ``seats`` lo..hi HCP together, by listing every set of the free honours
    the two hands could take (each with the ways to fill the rest with free spot cards)."""
    given = 0
    for mask in predeal.values():
        given |= mask
    free = [index for index in range(52) if not given >> index & 1]
    honours = [Card.from_index(index) for index in free if Card.from_index(index).rank >= 11]
    spots = len(free) - len(honours)
    own = Hand(predeal.get(seats[0], 0) | predeal.get(seats[1], 0))
    need = 26 - len(own)
    met = 0
    for taken in itertools.product((False, True), repeat=len(honours)):
        cards = [card for card, take in zip(honours, taken, strict=True) if take]
        points = own.hcp + sum(card.rank - 10 for card in cards)
        if lo <= points <= hi:
            met += comb(spots, need - len(cards))
    return Fraction(met, comb(len(free), need))


@pytest.mark.parametrize("seats, lo, hi, predeal", [
    (NORTH_SOUTH, 33, 40, {}),
    (NORTH_SOUTH, 36, 40, {}),
    ((Seat.E, Seat.S), 20, 22, {}),
    (NORTH_SOUTH, 40, 40, {}),
    (NORTH_SOUTH, 30, 40, {Seat.N: Hand.parse("SA HK").mask}),
    (NORTH_SOUTH, 30, 40, {Seat.W: Hand.parse("SA DQ DJ").mask, Seat.E: Hand.parse("C2").mask}),
])
def test_the_share_of_deals_is_the_count_of_every_set_of_honours_the_two_hands_may_take(
    seats: tuple[Seat, Seat], lo: int, hi: int, predeal: dict[Seat, int]
) -> None:
    assert pair_share(PairSpec(seats, (lo, hi)), predeal) == float(listed_share(seats, lo, hi, predeal))


def test_the_plan_draws_a_rare_partnership_total_exactly() -> None:
    assert make_plan("hcp(north) + hcp(south) >= 33").specs == (PairSpec(NORTH_SOUTH, (33, 40)),)


def test_the_plan_draws_the_rarer_of_two_partnership_totals() -> None:
    condition = "hcp(north) + hcp(south) >= 29 && hcp(east) + hcp(south) >= 31"
    assert make_plan(condition).specs == (PairSpec((Seat.E, Seat.S), (31, 40)),)


def test_a_partnership_total_most_deals_meet_is_left_to_rejection() -> None:
    assert make_plan("hcp(north) + hcp(south) >= 26").specs == ()  # 1 deal in 8


def test_a_hand_pinned_more_narrowly_than_the_partnership_is_drawn_instead() -> None:
    specs = make_plan("hcp(north) >= 26 && hcp(north) + hcp(south) >= 30").specs
    assert [type(spec) for spec in specs] == [HandSpec]


def test_a_partnership_total_rarer_than_the_hand_pinned_is_drawn_instead() -> None:
    specs = make_plan("spades(north) >= 7 && hcp(north) + hcp(south) >= 33").specs
    assert specs == (PairSpec(NORTH_SOUTH, (33, 40)),)


def test_predealt_suit_lengths_leave_a_partnership_total_to_rejection() -> None:
    specs = make_plan("predeal spades(north) == 5\ncondition hcp(north) + hcp(south) >= 33").specs
    assert not any(isinstance(spec, PairSpec) for spec in specs)


def test_a_partnership_total_no_deal_with_the_predealt_cards_can_meet_is_refused() -> None:
    from bridgetools.errors import ConstraintError

    with pytest.raises(ConstraintError, match="no deal can meet the condition"):
        make_plan("hcp(north) + hcp(south) >= 38", predeal={"E": "SA HA DA"})


def test_deals_drawn_exactly_are_the_same_with_two_workers() -> None:
    condition = "hcp(north) + hcp(south) >= 35"
    one = DealBatch.concat(deal_batches(condition, 5000, seed=7))
    two = DealBatch.concat(deal_batches(condition, 5000, seed=7, jobs=2))
    assert (one.hands == two.hands).all()


def test_three_thousand_slam_deals_come_out_where_rejection_found_fewer_in_ten_million(
        tmp_path: Path) -> None:
    script = tmp_path / "slam.dlr"
    script.write_text("produce 3000\ncondition hcp(north) + hcp(south) >= 36\n", encoding="utf-8")
    target = tmp_path / "slam.pbn"
    result = CliRunner().invoke(cli, ["deal", "-f", str(script), "--seed", "1", "-o", str(target)])
    assert result.exit_code == 0, result.stderr
    assert len(re.findall(r"^\[Deal ", target.read_text(encoding="utf-8"), re.M)) == 3000


def test_a_scripts_generate_counts_random_deals_where_the_partnership_is_drawn_exactly(
        tmp_path: Path) -> None:
    # dealer's generate 1,000,000 finds as many deals as meet the bound among that many random deals
    script = tmp_path / "slam.dlr"
    script.write_text("generate 1000000\ncondition hcp(north) + hcp(south) >= 33\n"
                      "action average hcp(north)\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["deal", "-f", str(script), "--seed", "1"])
    share = pair_share(PairSpec(NORTH_SOUTH, (33, 40)))
    lines = result.stdout.splitlines()
    assert f"(1 random deal in {round(1 / share):,} meets them)" in lines[-5]
    assert lines[-4:-2] == ["Generated 1000000 hands", f"Produced {exact_budget(1_000_000, share, 1)} hands"]
