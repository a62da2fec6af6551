"""Rubber bridge and Chicago: booking below and above the line, games, honours, the rubber bonus,
unfinished rubbers (Law 80), and four-deal bridge with its vulnerability schedule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.model import Contract, Deal, Hand, Seat, Side, Strain
from bridgetools.scoring.rubber import (
    Chicago,
    DealResult,
    Honours,
    Rubber,
    chicago_vulnerable,
    honours_held,
    settle,
)


def d(contract: str, declarer: str | None = None, tricks: int = 0, honours: str | None = None,
      deal: Deal | None = None) -> DealResult:
    """A deal of a rubber in a line: ``d("4S", "N", 10)``."""
    return DealResult(Contract.from_str(contract), None if declarer is None else Seat.parse(declarer), tricks,
                      None if honours is None else Honours.parse(honours), deal)


WORKED = [d("2H", "S", 9, "NS100"), d("1NT", "W", 7), d("2S", "N", 8), d("4SX", "E", 8), d("3NT", "N", 9)]
# A deal where South holds AKQJ of hearts (and no one hand holds four aces or four spade honours).
SOUTH_HEART_HONOURS = Deal.from_pbn(
    "N:AJ82.85.AJ85.Q96 KT7.T74.KT7.AJ85 543.AKQJ2.432.32 Q96.963.Q96.KT74")


# ---- the worked rubber of the spec ---------------------------------------------------------------
def test_worked_rubber_totals() -> None:
    r = Rubber(WORKED)
    # We: below 60 + 60 + 100 = 220; above 30 + 100 + 300 + 700 = 1130. They: below 40.
    assert (r.below("NS"), r.above("NS")) == (60 + 60 + 100, 30 + 100 + 300 + 700)
    assert r.totals == (220 + 1130, 40)
    assert r.net == 1350 - 40 and r.is_finished and r.games == {"NS": 2, "EW": 0}


def test_worked_rubber_stopped_after_deal_four_credits_the_one_game() -> None:
    r = Rubber(WORKED[:4])
    # We: 120 below + 430 above + 300 for the only completed game; They's 40 belongs to the finished game.
    assert r.totals == (120 + 430 + 300, 40) and r.net == 810 and not r.is_finished


def test_sheet_shows_both_columns_totals_and_the_winner() -> None:
    text = Rubber(WORKED).sheet()
    assert "We" in text and "They" in text and "1350" in text and "We win by 1310." in text
    assert text.index("rubber bonus") < text.index("game 1") < text.index("game 2")  # above, then below


# ---- below and above the line --------------------------------------------------------------------
def test_only_contracted_trick_points_go_below_the_line() -> None:
    r = Rubber([d("2H", "S", 10)])
    assert r.below("NS") == 60 and r.pending["NS"] == 60
    assert [e.points for e in r.entries if not e.below and "overtricks" in e.what] == [60]


def test_there_is_no_partscore_or_game_premium_in_rubber() -> None:
    r = Rubber([d("4S", "N", 10)], count_unfinished=False)
    assert r.totals == (120, 0)
    assert r.scores[0] is not None and r.scores[0].game_bonus == r.scores[0].partscore_bonus == 0


def test_partscores_add_up_to_game() -> None:
    r = Rubber([d("2S", "N", 8), d("2D", "S", 8)])
    assert r.games["NS"] == 1 and r.pending == {"NS": 0, "EW": 0}


def test_a_game_wipes_the_opponents_partscore_too() -> None:
    r = Rubber([d("2S", "E", 8), d("4H", "N", 10), d("2S", "E", 8)])
    assert r.games == {"NS": 1, "EW": 0} and r.pending["EW"] == 60  # not 120: the first 60 no longer counts


def test_the_wiped_partscore_still_counts_in_the_total() -> None:
    r = Rubber([d("2S", "E", 8), d("4H", "N", 10)], count_unfinished=False)
    assert r.total("EW") == 60


def test_undertricks_go_above_the_line_to_the_defenders() -> None:
    r = Rubber([d("3NT", "N", 7)], count_unfinished=False)
    assert r.totals == (0, 2 * 50) and all(not e.below for e in r.entries)


def test_doubled_contract_below_the_line_counts_doubled() -> None:
    r = Rubber([d("2HX", "N", 8)])
    assert r.below("NS") == 120 and r.games["NS"] == 1  # 2 x 30 x 2: game
    assert r.above("NS") == 50 + 300  # insult, plus 300 for the one game of an unfinished rubber


# ---- vulnerability and the rubber bonus ------------------------------------------------------------
def test_a_side_with_a_game_is_vulnerable() -> None:
    r = Rubber([d("4S", "N", 10)])
    assert r.vulnerable("NS") and not r.vulnerable("EW")


def test_vulnerable_undertricks_after_winning_a_game() -> None:
    r = Rubber([d("4S", "N", 10), d("4SX", "N", 9)])
    assert r.total("EW") == 200  # one down doubled, vulnerable


def test_vulnerable_slam_bonus_after_winning_a_game() -> None:
    r = Rubber([d("3NT", "S", 9), d("6H", "N", 12)])
    assert r.scores[1] is not None and r.scores[1].slam_bonus == 750


def test_two_games_to_none_earn_700() -> None:
    r = Rubber([d("4S", "N", 10), d("3NT", "S", 9)])
    assert r.total("NS") == 120 + 100 + 700


def test_two_games_to_one_earn_500() -> None:
    r = Rubber([d("4S", "N", 10), d("5C", "E", 11), d("3NT", "S", 9)])
    assert r.totals == (120 + 100 + 500, 100) and r.games == {"NS": 2, "EW": 1}


def test_the_side_with_more_points_wins_even_if_it_lost_the_rubber() -> None:
    r = Rubber([d("7NTXX", "N", 0), d("3NT", "N", 9), d("3NT", "S", 9)])
    assert r.games["NS"] == 2 and r.net < 0 and r.result().startswith("They win")


def test_no_deal_after_the_rubber_is_over() -> None:
    with pytest.raises(bt.BridgeError, match="over after deal 2"):
        Rubber([d("4S", "N", 10), d("4S", "N", 10), d("1C", "N", 7)])


def test_a_passed_out_deal_scores_nothing() -> None:
    r = Rubber([d("Pass")])
    assert r.totals == (0, 0) and r.scores == (None,)


# ---- honours ------------------------------------------------------------------------------------
def test_honours_go_to_the_side_holding_them_even_when_defending() -> None:
    r = Rubber([d("2H", "E", 8, "NS100")], count_unfinished=False)
    assert r.totals == (100, 60)
    assert r.scores[0] is not None and r.scores[0].honours == -100  # counted against declarer's side


def test_honours_count_when_the_contract_fails_and_are_not_doubled() -> None:
    r = Rubber([d("4SX", "N", 9, "NS150")], count_unfinished=False)
    assert r.totals == (150, 100)


def test_honours_are_found_in_the_deal() -> None:
    assert honours_held(SOUTH_HEART_HONOURS, Strain.H) == Honours("NS", 100)
    r = Rubber([d("2H", "N", 8, deal=SOUTH_HEART_HONOURS)], count_unfinished=False)
    assert r.above("NS") == 100


def test_all_five_trump_honours_in_one_hand_are_150() -> None:
    deal = Deal([Hand.from_pbn("AKQJT.5432.32.32"), None, None, None])
    assert honours_held(deal, Strain.S) == Honours("NS", 150)


def test_four_aces_at_notrump_are_150() -> None:
    deal = Deal([None, Hand.from_pbn("A32.A32.A32.A432"), None, None])
    assert honours_held(deal, Strain.NT) == Honours("EW", 150)
    assert honours_held(deal, Strain.S) is None


def test_honours_split_between_partners_score_nothing() -> None:
    deal = Deal([Hand.from_pbn("AK2.5432.432.432"), None, Hand.from_pbn("QJT.9876.765.765"), None])
    assert honours_held(deal, Strain.S) is None


def test_honours_given_explicitly_take_precedence_over_the_deal() -> None:
    r = Rubber([d("2H", "N", 8, "EW150", deal=SOUTH_HEART_HONOURS)], count_unfinished=False)
    assert r.totals == (60, 150)


def test_no_honours_given_explicitly_take_precedence_over_the_deal() -> None:
    result = DealResult(Contract.from_str("2H"), Seat.N, 8, False, SOUTH_HEART_HONOURS)
    assert Rubber([result], count_unfinished=False).totals == (60, 0)


def test_honours_can_be_left_out() -> None:
    assert Rubber([d("2H", "N", 8, "NS100")], honours=False, count_unfinished=False).totals == (60, 0)


@pytest.mark.parametrize("text", ["NS120", "XY100", "NS"])
def test_bad_honours_are_an_error(text: str) -> None:
    with pytest.raises(bt.BridgeError, match="honours"):
        Honours.parse(text)


def test_honours_of_100_at_notrump_are_an_error() -> None:
    with pytest.raises(bt.BridgeError, match="at notrump only the four aces"):
        d("3NT", "N", 9, "NS100")


def test_honours_on_a_passed_out_deal_are_an_error() -> None:
    with pytest.raises(bt.BridgeError, match="a passed-out deal scores no honours"):
        d("Pass", honours="NS150")


# ---- unfinished rubber (Law 80) -------------------------------------------------------------------
def test_unfinished_with_games_one_all_gives_no_300() -> None:
    r = Rubber([d("4S", "N", 10), d("4S", "E", 10)])
    assert r.totals == (120, 120)


def test_unfinished_only_one_side_with_a_partscore_gets_100() -> None:
    r = Rubber([d("2S", "E", 8)])
    assert r.totals == (0, 60 + 100)


def test_unfinished_partscores_on_both_sides_give_no_100() -> None:
    r = Rubber([d("2S", "E", 8), d("2C", "N", 8)])
    assert r.totals == (40, 60)


def test_unfinished_partscore_credit_of_old_codes_is_50() -> None:
    assert Rubber([d("2S", "E", 8)], unfinished_partscore=50).totals == (0, 110)


def test_rubber_scores_boards_too() -> None:
    board = Board(number=1, contract=Contract.from_str("4S"), declarer=Seat.N, tricks=10)
    assert Rubber([board], count_unfinished=False).totals == (120, 0)


def test_they_can_be_north_south() -> None:
    r = Rubber(WORKED, we="EW")
    assert r.totals == (40, 1350) and r.net == -1310


# ---- Chicago ------------------------------------------------------------------------------------
CHICAGO = [d("2S", "N", 8), d("2D", "S", 8), d("4SX", "E", 9), d("1NT", "W", 8)]


def test_chicago_vulnerability_none_dealer_dealer_both() -> None:
    dealers = [Seat.N, Seat.E, Seat.S, Seat.W]
    schedule = [chicago_vulnerable(i, dealers[i - 1]) for i in range(1, 5)]
    assert schedule == [(), ("EW",), ("NS",), ("NS", "EW")]


def test_switched_chicago_makes_the_non_dealers_vulnerable_on_deals_two_and_three() -> None:
    assert chicago_vulnerable(2, Seat.E, switched=True) == ("NS",)
    assert chicago_vulnerable(3, Seat.S, switched=True) == ("EW",)
    assert chicago_vulnerable(4, Seat.W, switched=True) == ("NS", "EW")


@pytest.mark.parametrize("switched", [False, True])
def test_chicago_vulnerability_is_given_as_sides_on_every_deal(switched: bool) -> None:
    for number, dealer in zip(range(1, 5), Seat, strict=True):
        sides = chicago_vulnerable(number, dealer, switched)
        assert all(type(side) is Side for side in sides), (number, sides)


def test_worked_chicago_laws_variant() -> None:
    c = Chicago(CHICAGO)
    # NS: 60 + 40 + 300 (game completed on deal 2, NS not vulnerable) + 100; EW: 70 + 100 (deal-4 partscore).
    assert c.totals == (60 + 40 + 300 + 100, 70 + 100) and c.net == 330 and c.is_finished


def test_worked_chicago_duplicate_variant() -> None:
    c = Chicago(CHICAGO, variant="duplicate")
    # NS 110 + 90 + 100; EW 1NT+1 vulnerable 120.
    assert c.totals == (110 + 90 + 100, 120) and c.net == 180


def test_chicago_game_premium_takes_the_vulnerability_of_the_deal_completing_it() -> None:
    c = Chicago([d("2S", "E", 8), d("2D", "W", 8)])  # EW vulnerable on deal 2 (East deals)
    assert c.total("EW") == 60 + 40 + 500


def test_chicago_partscore_premium_only_on_deal_four() -> None:
    c = Chicago([d("2S", "N", 8), d("1C", "E", 7), d("1C", "E", 7), d("1C", "N", 7)])
    assert c.totals == (60 + 20 + 100, 20 + 20)  # 80 is no game: 100 for the deal-4 partscore only


def test_chicago_fourth_deal_partscore_is_on_deal_4_after_a_pass_out() -> None:
    c = Chicago([d("Pass"), d("2S", "N", 8), d("1C", "E", 7), d("1C", "E", 7), d("1C", "N", 7)])
    [premium] = [e for e in c.entries if e.points == 100]
    assert (premium.deal, premium.what) == (4, "partscore on the fourth deal")  # the pass-out is redealt
    assert [e.deal for e in c.entries if e.below] == [1, 2, 3, 4]


def test_chicago_partscores_carry_over_to_a_game() -> None:
    c = Chicago([d("2S", "N", 8), d("1C", "E", 7), d("1C", "E", 7), d("2S", "N", 8)])
    assert c.total("NS") == 60 + 60 + 500  # game completed on deal 4, everyone vulnerable


def test_chicago_game_wipes_both_partscores() -> None:
    c = Chicago([d("2S", "E", 8), d("4H", "N", 10), d("2S", "E", 8), d("1NT", "W", 7)])
    assert c.total("EW") == 60 + 60 + 40 + 500  # 60 + 40 completes game on deal 4 (both vulnerable)


def test_chicago_duplicate_variant_scores_each_deal_on_its_own() -> None:
    c = Chicago([d("2S", "N", 8), d("2S", "N", 8)], variant="duplicate")
    assert c.totals == (110 + 110, 0)


def test_chicago_passed_out_deal_is_dealt_again_with_the_same_vulnerability() -> None:
    c = Chicago([d("Pass"), d("4S", "N", 10), d("4S", "E", 10)])
    assert c.played == 2 and c.totals == (120 + 300, 120 + 500)  # deal 2 (East deals): EW vulnerable


def test_chicago_has_four_deals() -> None:
    with pytest.raises(bt.BridgeError, match="four deals"):
        Chicago([*CHICAGO, d("1C", "N", 7)])


def test_chicago_laws_variant_counts_honours_and_duplicate_does_not() -> None:
    deals = [d("2H", "N", 8, "NS100")]
    assert Chicago(deals).total("NS") == 60 + 100
    assert Chicago(deals, variant="duplicate").total("NS") == 110
    assert Chicago(deals, variant="duplicate", honours=True).total("NS") == 210


def test_chicago_unknown_variant_is_an_error() -> None:
    with pytest.raises(bt.BridgeError, match="variant"):
        Chicago(CHICAGO, variant="club")  # type: ignore[arg-type]


# ---- properties over random sequences of deals ---------------------------------------------------
RANDOM_DEALS = st.lists(
    st.builds(DealResult,
              st.builds(Contract, st.integers(1, 7), st.sampled_from(list(Strain)), st.integers(0, 2)),
              st.sampled_from(list(Seat)), st.integers(0, 13)),
    max_size=8,
)


def _until_over(deals: list[DealResult]) -> list[DealResult]:
    """The deals up to the end of the rubber (a rubber takes no deal after it is over)."""
    for n in range(len(deals), -1, -1):
        try:
            Rubber(deals[:n])
            return deals[:n]
        except bt.BridgeError:
            continue
    return []


@given(RANDOM_DEALS)
def test_a_rubber_ends_exactly_when_a_side_has_two_games(deals: list[DealResult]) -> None:
    r = Rubber(_until_over(deals))
    assert max(r.games.values()) <= 2
    assert r.is_finished == (max(r.games.values()) == 2)
    bonuses = [e.points for e in r.entries if e.what.startswith("rubber bonus")]
    assert bonuses == ([700 if min(r.games.values()) == 0 else 500] if r.is_finished else [])


@given(RANDOM_DEALS)
def test_every_point_is_above_or_below_the_line(deals: list[DealResult]) -> None:
    r = Rubber(_until_over(deals))
    for side in ("NS", "EW"):
        assert r.total(side) == r.above(side) + r.below(side)
    assert r.net == -Rubber(_until_over(deals), we="EW").net


@given(RANDOM_DEALS)
def test_below_the_line_are_the_trick_points_of_made_contracts(deals: list[DealResult]) -> None:
    kept = _until_over(deals)
    r = Rubber(kept)
    for n, (deal, s) in enumerate(zip(kept, r.scores, strict=True), 1):
        assert s is not None
        below = [e for e in r.entries if e.below and e.deal == n]
        made = deal.tricks >= deal.contract.tricks_needed
        assert [e.points for e in below] == ([s.trick_points] if made else [])
        assert all(e.side == deal.side for e in below)


# ---- settling in hundreds (club custom, not the Laws) --------------------------------------------
@pytest.mark.parametrize(
    ("points", "rule", "settled"),
    [(1350, "none", 1350), (1350, "nearest-100-half-down", 1300), (1350, "nearest-100-half-up", 1400),
     (1360, "nearest-100-half-down", 1400), (1340, "nearest-100-half-up", 1300),
     (-1350, "nearest-100-half-down", -1300), (-1350, "nearest-100-half-up", -1400),
     (50, "nearest-100-half-down", 0)],
)
def test_settlement_rounds_the_size_of_the_margin(points: int, rule: str, settled: int) -> None:
    assert settle(points, rule) == settled  # type: ignore[arg-type]


def test_settlement_shows_in_the_result_line() -> None:
    assert Rubber(WORKED).result("nearest-100-half-up") == "We win by 1310 (settled: 1300)."


def test_unknown_settlement_is_an_error() -> None:
    with pytest.raises(bt.BridgeError, match="settlement"):
        settle(1350, "nearest-50")  # type: ignore[arg-type]
