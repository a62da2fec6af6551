"""Duplicate scoring, Law 77: every contract, doubling, vulnerability and number of tricks.

The expected scores are derived here from the Law 77 table as the Law states it (values per trick,
premiums, undertrick schedules), independently of bridgetools' own arithmetic.
"""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgetools as bt
from bridgetools.model import Contract, Strain
from bridgetools.scoring import ns_score, score, score_breakdown

DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"

# ---- Law 77, as the Law writes it ------------------------------------------------------------------
# Trick points for each odd trick bid and made, undoubled. Notrump: 40 for the first, 30 for each other.
TRICK_VALUE = {Strain.C: (20, 20), Strain.D: (20, 20), Strain.H: (30, 30), Strain.S: (30, 30),
               Strain.NT: (40, 30)}  # (first trick, each subsequent trick)
DOUBLING_FACTOR = {0: 1, 1: 2, 2: 4}  # trick points doubled, redoubled
# Overtricks, per trick: undoubled the trick value (notrump 30); doubled and redoubled by vulnerability.
OVERTRICK = {1: {False: 100, True: 200}, 2: {False: 200, True: 400}}
# Premiums.
SLAM = {6: {False: 500, True: 750}, 7: {False: 1000, True: 1500}}
GAME = {False: 300, True: 500}  # trick score of 100 or more
PARTSCORE = 50
INSULT = {1: 50, 2: 100}  # for making a doubled / redoubled contract
# Undertricks, per undertrick: (first, second and third each, fourth and each subsequent).
UNDERTRICKS = {
    (0, False): (50, 50, 50), (0, True): (100, 100, 100),
    (1, False): (100, 200, 300), (1, True): (200, 300, 300),
    (2, False): (200, 400, 600), (2, True): (400, 600, 600),
}
STRAINS = list(Strain)


def law77(level: int, strain: Strain, doubled: int, vulnerable: bool, tricks: int) -> dict[str, int]:
    """Every Law 77 item for declarer's side, worked out from the tables above."""
    need = 6 + level
    if tricks < need:
        first, second_third, later = UNDERTRICKS[doubled, vulnerable]
        per_trick = [first if k == 1 else second_third if k <= 3 else later
                     for k in range(1, need - tricks + 1)]
        return {"undertricks": -sum(per_trick)}
    first, other = TRICK_VALUE[strain]
    trick_points = (first + other * (level - 1)) * DOUBLING_FACTOR[doubled]
    over = tricks - need
    items = {
        "trick_points": trick_points,
        "overtricks": over * (other if doubled == 0 else OVERTRICK[doubled][vulnerable]),
        "game_bonus": GAME[vulnerable] if trick_points >= 100 else 0,
        "partscore_bonus": 0 if trick_points >= 100 else PARTSCORE,
        "slam_bonus": SLAM[level][vulnerable] if level in SLAM else 0,
        "insult": INSULT.get(doubled, 0),
    }
    return {k: v for k, v in items.items() if v}


CASES = list(itertools.product(range(1, 8), STRAINS, (0, 1, 2), (False, True)))


@pytest.mark.parametrize(("level", "strain", "doubled", "vulnerable"), CASES)
def test_every_score_follows_the_law_77_table(
    level: int, strain: Strain, doubled: int, vulnerable: bool
) -> None:
    contract = Contract(level, strain, doubled)
    for tricks in range(14):
        expected = law77(level, strain, doubled, vulnerable, tricks)
        got = score_breakdown(contract, tricks, vulnerable)
        assert {name: points for name, points, _ in got.items()} == expected, (str(contract), tricks)
        assert score(str(contract), tricks, vulnerable) == sum(expected.values())


# ---- the closed-form check values of the scoring spec, worked by hand ------------------------------
@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "expected"),
    [
        ("1NT", 7, False, 40 + 50),                    # 90
        ("2S", 9, False, 60 + 30 + 50),                # 140
        ("3NT", 9, False, 100 + 300),                  # 400
        ("3NT", 9, True, 100 + 500),                   # 600
        ("4H", 10, False, 120 + 300),                  # 420
        ("4H", 10, True, 120 + 500),                   # 620
        ("5C", 11, False, 100 + 300),                  # 400
        ("5C", 11, True, 100 + 500),                   # 600
        ("6S", 12, False, 180 + 300 + 500),            # 980
        ("6S", 12, True, 180 + 500 + 750),             # 1430
        ("6NT", 12, False, 190 + 300 + 500),           # 990
        ("6NT", 12, True, 190 + 500 + 750),            # 1440
        ("7NT", 13, False, 220 + 300 + 1000),          # 1520
        ("7NT", 13, True, 220 + 500 + 1500),           # 2220
        ("1CX", 7, False, 40 + 50 + 50),               # 140
        ("1NTX", 7, False, 80 + 50 + 50),              # 180
        ("2HX", 8, False, 120 + 300 + 50),             # 470
        ("2HX", 8, True, 120 + 500 + 50),              # 670
        ("1NTXX", 7, False, 160 + 300 + 100),          # 560
        ("1NTXX", 7, True, 160 + 500 + 100),           # 760
        ("4SX", 10, False, 240 + 300 + 50),            # 590
        ("4SX", 10, True, 240 + 500 + 50),             # 790
        ("7NTXX", 13, True, 880 + 500 + 1500 + 100),   # 2980, the highest score there is
        ("7NTXX", 0, True, -(400 + 12 * 600)),         # -7600, the lowest
        ("7NTXX", 0, False, -(200 + 2 * 400 + 10 * 600)),  # -7000
        ("7NTX", 0, False, -(100 + 2 * 200 + 10 * 300)),   # -3500
        ("7NTX", 0, True, -(200 + 12 * 300)),              # -3800
    ],
)
def test_check_values_worked_by_hand(contract: str, tricks: int, vulnerable: bool, expected: int) -> None:
    assert score(contract, tricks, vulnerable) == expected


def test_doubled_two_hearts_is_a_game() -> None:
    assert score_breakdown("2HX", 8, False).game_bonus == 300


def test_game_is_decided_by_the_contracted_tricks_not_overtricks() -> None:
    four_clubs_plus_one = score_breakdown("4C", 11, False)
    assert four_clubs_plus_one.game_bonus == 0 and four_clubs_plus_one.partscore_bonus == 50


def test_redoubled_insult_is_100() -> None:
    assert score_breakdown("1CXX", 7, True).insult == 100


def test_doubled_overtricks_ignore_the_strain() -> None:
    assert score_breakdown("1CX", 8, False).overtricks == score_breakdown("1NTX", 8, False).overtricks == 100


def test_notrump_overtricks_are_worth_30() -> None:
    assert score_breakdown("1NT", 8, False).overtricks == 30


def test_fourth_doubled_non_vulnerable_undertrick_costs_300() -> None:
    assert score("4SX", 6, False) - score("4SX", 7, False) == -300


def test_redoubled_undertricks_are_twice_doubled() -> None:
    for tricks in range(13):
        assert score("7SXX", tricks, False) == 2 * score("7SX", tricks, False)


def test_twelve_tricks_in_four_spades_earn_no_slam_bonus() -> None:
    assert score_breakdown("4S", 12, True).slam_bonus == 0


def test_slam_bonus_is_not_doubled() -> None:
    assert score_breakdown("6HX", 12, False).slam_bonus == score_breakdown("6H", 12, False).slam_bonus


def test_passed_out_board_scores_zero() -> None:
    assert score("Pass", 0, True) == 0 and score(Contract.PASSED_OUT, 0, False) == 0


def test_a_passed_out_board_scores_0_from_its_own_fields() -> None:
    board = bt.Board(number=3, auction=bt.Auction("S", "P P P P"))
    assert (board.declarer, board.tricks, board.vulnerability) == (None, None, bt.Vul.EW)
    assert bt.score(board.contract, board.tricks, board.vulnerability, declarer=board.declarer) == 0


@pytest.mark.parametrize("missing", ["nan", "pandas NA"])
def test_a_passed_out_table_row_scores_0_whatever_its_missing_fields_are(missing: str) -> None:
    import pandas as pd

    row = pd.Series({"contract": "Pass", "declarer": float("nan") if missing == "nan" else pd.NA,
                     "tricks": pd.NA if missing == "pandas NA" else float("nan")})
    assert bt.score(row["contract"], row["tricks"], bt.Vul.NS, declarer=row["declarer"]) == 0


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_a_passed_out_contract_with_numpy_s_nan_of_any_width_scores_0(dtype: str) -> None:
    import numpy as np

    nan = np.dtype(dtype).type("nan")
    assert bt.score("Pass", nan, bt.Vul.NS, declarer=nan) == 0  # type: ignore[arg-type]


def test_a_played_contract_with_a_missing_declarer_is_still_an_error() -> None:
    with pytest.raises(bt.BridgeError, match="not a seat"):
        bt.score("4S", 10, bt.Vul.NS, declarer=float("nan"))  # type: ignore[arg-type]


def test_unknown_tricks_score_only_a_passed_out_contract() -> None:
    with pytest.raises(bt.BridgeError, match="0 to 13, not None"):
        score("4S", None, False)


@pytest.mark.parametrize("tricks", [5, "5", "=", "+1", "-1"])
def test_a_passed_out_board_has_no_tricks_nor_result(tricks: int | str) -> None:
    with pytest.raises(bt.BridgeError, match="a passed-out deal has no"):
        score("Pass", tricks, False)


def test_the_package_exposes_score() -> None:
    assert bt.score("4SX", 8, vulnerable=True) == -500


@pytest.mark.parametrize("tricks", [-1, 14, 7.0, True, np.float64(10), np.True_, np.int8(14)])
def test_impossible_tricks_are_an_error(tricks: object) -> None:
    with pytest.raises(bt.BridgeError, match="0 to 13"):
        score("4S", tricks, False)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", [np.int8, np.int64, np.uint8])
def test_tricks_may_be_a_numpy_integer_as_a_dataframe_column_holds_them(kind: type[np.integer]) -> None:
    assert score("4H", kind(10), bt.Vul.NONE, declarer="E") == score("4H", 10, False) == 420
    assert type(score_breakdown("4H", kind(10), False).tricks) is int


def test_the_tricks_of_the_package_s_own_dataframe_score() -> None:
    board = bt.Board(number=1, deal=DEAL, auction=bt.Auction("N", "1S P 4S P P P"), tricks=10)
    row = bt.to_dataframe([board]).iloc[0]
    assert bt.score(row.contract, row.tricks, bt.Vul.parse(row.vulnerable), declarer=row.declarer) == 420


def test_bad_contract_is_an_error() -> None:
    with pytest.raises(bt.BridgeError):
        score("8S", 10, False)


def test_breakdown_reads_as_a_scorer_checks_it() -> None:
    text = str(score_breakdown("4SX", 8, True))
    assert "down 2" in text and "200 + 300" in text and "-500" in text


def how(contract: str, tricks: int, vulnerable: bool) -> dict[str, str]:
    """Each item of the breakdown's working, by the item's name."""
    return {name: how for name, _, how in score_breakdown(contract, tricks, vulnerable).items()}


def test_breakdown_names_the_vulnerability_only_where_it_changes_the_value() -> None:
    # 2S+2 undoubled read "overtricks +60 2 x 30, vulnerable", as if vulnerability counted there
    assert how("2S", 10, True)["overtricks"] == how("2S", 10, False)["overtricks"] == "2 x 30"
    assert how("2SX", 10, True)["overtricks"] == "2 x 200 doubled, vulnerable"
    assert how("4S", 10, True)["game_bonus"] == "game, vulnerable"
    assert how("4S", 8, False)["undertricks"] == "2 down, not vulnerable: 50 + 50"


def test_breakdown_total_is_the_sum_of_its_items() -> None:
    s = score_breakdown("6NTX", 13, True)
    assert s.total == sum(points for _, points, _ in s.items()) == 380 + 200 + 500 + 750 + 50


def test_north_south_score_takes_the_declarers_vulnerability_from_the_board() -> None:
    assert ns_score("4S", "E", 10, "EW") == -620       # East declares, East-West vulnerable
    assert ns_score("4S", "N", 10, "EW") == 420        # North declares, not vulnerable
    assert ns_score("3NT", "S", 8, "Both") == -100     # one down vulnerable
    assert ns_score("Pass", None, 0, "None") == 0


CONTRACTS = st.builds(Contract, st.integers(1, 7), st.sampled_from(STRAINS), st.integers(0, 2))


@given(CONTRACTS, st.booleans(), st.integers(0, 12))
def test_scores_rise_with_tricks(contract: Contract, vulnerable: bool, tricks: int) -> None:
    assert score(contract, tricks + 1, vulnerable) > score(contract, tricks, vulnerable)


@given(CONTRACTS, st.integers(0, 13))
def test_vulnerability_never_helps_a_failing_contract_nor_hurts_a_made_one(
    contract: Contract, tricks: int
) -> None:
    nv, vul = score(contract, tricks, False), score(contract, tricks, True)
    assert (vul >= nv) if tricks >= contract.tricks_needed else (vul < nv)


# ---- What `score` accepts for vulnerability and tricks ----------------------------------------------
@pytest.mark.parametrize("vulnerable", ["None", "NS", "vul", 1, 0, None, 1.0])
def test_vulnerability_that_is_not_a_bool_nor_a_vul_is_a_type_error_naming_the_argument(
    vulnerable: object,
) -> None:
    # Any truthy value used to count as vulnerable: "None" scored 620 for 4S made.
    with pytest.raises(TypeError, match="vulnerable must be True/False"):
        score("4S", 10, vulnerable)  # type: ignore[arg-type]


def test_a_vulnerability_string_is_pointed_at_vul_parse() -> None:
    with pytest.raises(TypeError, match=r"Vul\.parse\('EW'\)"):
        score("4S", 10, "EW")  # type: ignore[arg-type]


@pytest.mark.parametrize("vul", list(bt.Vul))
def test_a_board_vulnerability_without_the_declarer_asks_for_the_declarer(vul: bt.Vul) -> None:
    with pytest.raises(TypeError, match="give the declarer"):
        score("4S", 10, vul)


@pytest.mark.parametrize(
    ("vul", "declarer", "expected"),
    [(bt.Vul.EW, "N", 420), (bt.Vul.EW, bt.Seat.E, 620), (bt.Vul.EW, "W", 620), (bt.Vul.NS, "S", 620),
     (bt.Vul.NS, "W", 420), (bt.Vul.NONE, "N", 420), (bt.Vul.BOTH, "E", 620)],
)
def test_a_board_vulnerability_counts_only_for_the_declaring_side(
    vul: bt.Vul, declarer: str, expected: int
) -> None:
    assert score("4S", 10, vul, declarer=declarer) == expected
    assert score_breakdown("4S", 10, vul, declarer=declarer).vulnerable is (expected == 620)


def test_a_declarer_beside_a_bool_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="declarer= goes with a Vul"):
        score("4S", 10, True, declarer="N")


@pytest.mark.parametrize(("tricks", "expected"), [("=", 420), ("+1", 450), ("-2", -100), ("10", 420),
                                                  ("+3", 510), ("-10", -500)])
def test_tricks_may_be_written_as_the_result(tricks: str, expected: int) -> None:
    assert score("4S", tricks, False) == expected


@pytest.mark.parametrize("tricks", ["+4", "-11", "14", "ten", "", "=1"])
def test_a_result_that_cannot_be_is_an_error(tricks: str) -> None:
    with pytest.raises(bt.BridgeError, match="tricks"):
        score("4S", tricks, False)


@pytest.mark.parametrize("result", ["+0", "-0", "+00"])
def test_a_result_of_plus_or_minus_nothing_is_an_error_naming_it(result: str) -> None:
    with pytest.raises(bt.BridgeError, match=f"not a result: '\\{result}'.*made exactly is '='"):
        score("4S", result, False)


def test_the_library_reads_results_as_the_command_line_does() -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    for result in ("=", "+1", "-2", "9"):
        out = CliRunner().invoke(cli, ["score", "3NT", result, "--vul", "--json"]).stdout
        assert json.loads(out)["total"] == score("3NT", result, True)
