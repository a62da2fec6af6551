"""Scoring against the field: matchpoints (Law 78A), percentages, Neuberg, cross-IMPs and Butler."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgetools as bt
from bridgetools.scoring import (
    average_cross_imps,
    butler,
    cross_imps,
    datum,
    imps,
    matchpoints,
    neuberg,
    neuberg_matchpoints,
    percentages,
    top,
)

FIELD = [650, 620, 620, 170, 140, -100, -200]  # the spec's seven North-South results


def test_two_for_each_score_beaten_and_one_for_each_tie() -> None:
    # 650 beats six; 620 beats four and ties one; 170 beats three; 140 two; -100 one; -200 none.
    assert matchpoints(FIELD) == [2 * 6, 2 * 4 + 1, 2 * 4 + 1, 2 * 3, 2 * 2, 2 * 1, 0]


def test_acbl_scale_is_one_and_a_half() -> None:
    assert matchpoints(FIELD, scale="acbl") == [6, 4.5, 4.5, 3, 2, 1, 0]


def test_a_pass_out_is_a_result_like_any_other() -> None:
    assert matchpoints([0, -50, 110]) == [2, 0, 4]


def test_percentages_are_matchpoints_over_the_top() -> None:
    assert percentages(FIELD) == pytest.approx([100, 75, 75, 50, 400 / 12, 200 / 12, 0])


def test_a_lone_result_is_average() -> None:
    assert percentages([420]) == [50.0]


def test_unknown_scale_is_an_error() -> None:
    with pytest.raises(bt.BridgeError, match="scale"):
        matchpoints(FIELD, scale="ebu")  # type: ignore[arg-type]


@given(st.lists(st.integers(-50, 50).map(lambda x: x * 10), min_size=1, max_size=20))
def test_a_boards_matchpoints_sum_to_n_times_n_minus_1(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)


@given(st.lists(st.integers(-50, 50).map(lambda x: x * 10), min_size=2, max_size=20))
def test_north_south_and_east_west_matchpoints_add_to_the_top(scores: list[int]) -> None:
    ns, ew = matchpoints(scores), matchpoints([-s for s in scores])
    assert all(a + b == top(len(scores)) for a, b in zip(ns, ew, strict=True))


def test_neuberg_ebu_example_ten_results_eleven_expected() -> None:
    # (MP + 1) x 11 / 10 - 1: a sole top 18 -> 19.9, the next 16 -> 17.7, a sole bottom 0 -> 0.1.
    assert neuberg(18, 10, 11) == pytest.approx(19 * 1.1 - 1)
    assert round(neuberg(18, 10, 11), 1) == 19.9
    assert round(neuberg(16, 10, 11), 1) == 17.7
    assert round(neuberg(0, 10, 11), 1) == 0.1


def test_neuberg_of_the_spec_field_to_eight_results() -> None:
    expected = [(mp + 1) * 8 / 7 - 1 for mp in (12, 9, 9, 6, 4, 2, 0)]
    assert neuberg_matchpoints(FIELD, 8) == pytest.approx(expected)
    assert neuberg_matchpoints(FIELD, 8) == pytest.approx([13.857, 10.429, 10.429, 7.0, 4.714, 2.429, 0.143],
                                                          abs=1e-3)


def test_neuberg_on_the_acbl_scale_uses_halves() -> None:
    assert neuberg(6, 7, 8, scale="acbl") == pytest.approx((6 + 0.5) * 8 / 7 - 0.5)


def test_neuberg_with_the_expected_number_changes_nothing() -> None:
    assert neuberg_matchpoints(FIELD, len(FIELD)) == pytest.approx(matchpoints(FIELD))


@given(st.lists(st.integers(-50, 50).map(lambda x: x * 10), min_size=1, max_size=15), st.integers(1, 30))
def test_neuberg_scores_of_a_board_sum_to_n_times_expected_minus_1(scores: list[int], expected: int) -> None:
    assert sum(neuberg_matchpoints(scores, expected)) == pytest.approx(len(scores) * (expected - 1))


def test_cross_imps_compare_each_score_with_every_other() -> None:
    # +650 against 620 (30: 1), 620 (1), 170 (480: 10), 140 (510: 11), -100 (750: 13), -200 (850: 13).
    assert cross_imps(FIELD)[0] == 1 + 1 + 10 + 11 + 13 + 13 == 49
    assert cross_imps(FIELD) == [sum(imps(s - o) for o in FIELD) for s in FIELD]


def test_average_cross_imps_divide_by_the_comparisons() -> None:
    assert average_cross_imps(FIELD)[0] == pytest.approx(49 / 6)
    assert average_cross_imps([420]) == [0.0]


@given(st.lists(st.integers(-300, 300).map(lambda x: x * 10), min_size=1, max_size=12))
def test_cross_imps_sum_to_zero(scores: list[int]) -> None:
    assert sum(cross_imps(scores)) == 0


def test_butler_datum_of_the_spec_field() -> None:
    # Drop 650 and -200: (620 + 620 + 170 + 140 - 100) / 5 = 1450 / 5 = 290.
    d, results = butler(FIELD)
    assert d == 290
    # 650-290 = 360: 8; 330: 8; 330: 8; -120: -3; -150: -4; -390: -9; -490: -10.
    assert results == [8, 8, 8, -3, -4, -9, -10]


def test_butler_datum_is_rounded_to_the_nearest_ten() -> None:
    assert datum([100, 110, 110], discard=0) == 110  # 106.67


def test_butler_datum_halfway_goes_to_the_even_ten_by_default() -> None:
    assert datum([420, 430], discard=0) == 420      # 425
    assert datum([430, 440], discard=0) == 440      # 435
    assert datum([-420, -430], discard=0) == -420   # -425


def test_butler_datum_halfway_can_round_away_from_zero() -> None:
    assert datum([420, 430], discard=0, rounding="half-up") == 430
    assert datum([-420, -430], discard=0, rounding="half-up") == -430


def test_butler_discards_from_each_end() -> None:
    assert datum([-2000, 100, 100, 100, 5000], discard=1) == 100
    assert datum([-2000, 100, 100, 100, 5000], discard=2) == 100
    assert datum([-2000, 100, 100, 100, 5000], discard=0) == 660  # 3300 / 5


def test_butler_needs_a_score_left_after_discarding() -> None:
    with pytest.raises(bt.BridgeError, match="more than 2 scores"):
        datum([100, 200], discard=1)
