"""Scoring against the field: matchpoints (Law 78A), percentages, Neuberg, cross-IMPs and Butler."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgetools as bt
from bridgetools.scoring import (
    average_cross_imps,
    butler,
    cross_imps,
    datum,
    field,
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


@given(st.lists(st.integers(-50, 50).map(lambda x: x * 10), min_size=1, max_size=15), st.integers(0, 15))
def test_neuberg_scores_of_a_board_sum_to_n_times_expected_minus_1(scores: list[int], missing: int) -> None:
    expected = len(scores) + missing
    assert sum(neuberg_matchpoints(scores, expected)) == pytest.approx(len(scores) * (expected - 1))


def test_neuberg_refuses_a_field_expected_smaller_than_the_results() -> None:
    with pytest.raises(bt.BridgeError, match="1 expected is fewer than the 2 results"):
        neuberg_matchpoints([100, 50], 1)


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


def test_butler_datum_of_fractional_scores_rounds_the_exact_mean() -> None:
    assert datum([415.0, 435.0], discard=0) == 420   # 425.0: halfway, to the even ten
    assert datum([415.5, 435.0], discard=0) == 430   # 425.25: past halfway


def test_median_datum_is_the_middle_score_of_an_odd_field() -> None:
    from bridgetools.scoring.field import median_datum

    assert median_datum(FIELD) == 170  # one wild -2000 would not move it: the mean would


def test_median_datum_of_an_even_field_is_the_mean_of_the_two_middle_scores_to_ten() -> None:
    from bridgetools.scoring.field import median_datum

    assert median_datum([-200, 420, 450, 980]) == 440  # 435: halfway, to the even ten


def test_butler_discards_from_each_end() -> None:
    assert datum([-2000, 100, 100, 100, 5000], discard=1) == 100
    assert datum([-2000, 100, 100, 100, 5000], discard=2) == 100
    assert datum([-2000, 100, 100, 100, 5000], discard=0) == 660  # 3300 / 5


def test_butler_needs_a_score_left_after_discarding() -> None:
    with pytest.raises(bt.BridgeError, match="more than 2 scores"):
        datum([100, 200], discard=1)


# The fast paths against a plain transcription of the definitions: every pair of results compared.

def matchpoints_by_definition(scores: list[int], win: float = 2.0) -> list[float]:
    """Law 78A as written: ``win`` for each other score beaten, half of it for each other score tied."""
    return [sum(win if s > other else win / 2 if s == other else 0.0
                for j, other in enumerate(scores) if j != i) for i, s in enumerate(scores)]


def cross_imps_by_definition(scores: list[int]) -> list[int]:
    """Each score IMPed against every other score (Law 78B through `imps`), summed."""
    return [sum(imps(s - other) for j, other in enumerate(scores) if j != i) for i, s in enumerate(scores)]


ANY_SCORE = st.integers(-8000, 8000)                       # whole numbers, not only multiples of 10
CLUB_SCORE = st.integers(-300, 300).map(lambda x: x * 10)  # as duplicate scores are


@given(st.lists(ANY_SCORE | CLUB_SCORE, max_size=150))
def test_fast_matchpoints_equal_the_definition(scores: list[int]) -> None:
    assert matchpoints(scores) == matchpoints_by_definition(scores)
    assert matchpoints(scores, scale="acbl") == matchpoints_by_definition(scores, win=1.0)


@given(st.lists(ANY_SCORE | CLUB_SCORE, max_size=150))
def test_fast_cross_imps_equal_the_definition(scores: list[int]) -> None:
    assert cross_imps(scores) == cross_imps_by_definition(scores)


def counted(scores: list[int], groups: list[int] | None = None) -> tuple[list[float], list[int]]:
    """Matchpoints and cross-IMPs from `field.count_fields` (the numpy path), whatever the field size."""
    counts = field.count_fields(np.array(scores, dtype=np.int64), groups and np.array(groups))
    assert counts is not None
    return (2.0 * counts.below + counts.equal - 1).tolist(), counts.cross_imps.tolist()


@given(st.lists(ANY_SCORE, max_size=12))
def test_numpy_paths_equal_the_definition_on_small_fields_too(scores: list[int]) -> None:
    assert counted(scores) == (matchpoints_by_definition(scores), cross_imps_by_definition(scores))


@given(st.lists(st.tuples(st.integers(0, 5), ANY_SCORE | CLUB_SCORE), max_size=60))
def test_many_fields_counted_at_once_are_each_scored_alone(results: list[tuple[int, int]]) -> None:
    groups, scores = [g for g, _ in results], [s for _, s in results]
    mp, ximps = counted(scores, groups)
    for g in set(groups):
        mine = [i for i, other in enumerate(groups) if other == g]
        alone = [scores[i] for i in mine]
        assert [mp[i] for i in mine] == matchpoints_by_definition(alone)
        assert [ximps[i] for i in mine] == cross_imps_by_definition(alone)


@given(st.lists(st.tuples(st.integers(0, 5), ANY_SCORE | CLUB_SCORE, st.integers(1, 40)), max_size=60))
def test_a_score_standing_for_several_tables_counts_as_those_tables_written_out(
        results: list[tuple[int, int, int]]) -> None:
    """A ScoreTable row of Multiplicity k is counted as k equal rows, without writing the k rows out."""
    groups = np.array([g for g, _, _ in results], dtype=np.int64)
    scores = np.array([s for _, s, _ in results], dtype=np.int64)
    tables = np.array([k for _, _, k in results], dtype=np.int64)
    weighted = field.count_fields(scores, groups, weights=tables)
    written_out = field.count_fields(np.repeat(scores, tables), np.repeat(groups, tables))
    assert weighted is not None and written_out is not None
    first = np.cumsum(tables) - tables  # each score's first table among those written out
    for mine, theirs in zip(weighted, written_out, strict=True):
        assert mine.tolist() == theirs[first].tolist()


def test_a_large_field_is_scored_as_the_definition_says() -> None:
    rng = random.Random(78)
    scores = [rng.choice([rng.randrange(-800, 800) * 10, rng.randrange(-8000, 8000)]) for _ in range(700)]
    assert len(scores) >= field.NUMPY_FROM
    assert matchpoints(scores) == matchpoints_by_definition(scores)
    assert cross_imps(scores) == cross_imps_by_definition(scores)


def test_cross_imps_are_counted_block_by_block(monkeypatch: pytest.MonkeyPatch) -> None:
    scores = list(range(-2000, 2000, 37))
    monkeypatch.setattr(field, "BLOCK", 7)  # many blocks, the last one short
    assert counted(scores)[1] == cross_imps_by_definition(scores)


def test_a_step_starts_halfway_between_two_rows_of_the_table() -> None:
    # Whole differences of 14 and 15 points: 14 rounds to 10 (0 IMPs), 15 to 20 (1 IMP), for every path.
    # 0: 14 ahead is 0, 29 ahead -1; 14: 14 behind 0, 15 ahead -1; 29: 29 and 15 behind, +1 each;
    # and each of the three is 24 IMPs down on each of the ten 10,000s (at least 4000 apart).
    scores = [0, 14, 29] + [10_000] * 10
    assert cross_imps(scores)[:3] == cross_imps_by_definition(scores)[:3] == [-1 - 240, -1 - 240, 2 - 240]


def test_fractional_scores_are_imped_pair_by_pair() -> None:
    scores = [0.0, 15.0, 14.9, 425.0, 100.5, 7.5, 3.0]
    assert cross_imps(scores) == cross_imps_by_definition(scores)  # type: ignore[arg-type]


def test_numpy_integer_arrays_are_scored_like_lists() -> None:
    scores = [650, 620, 620, 170, 140, -100, -200] * 20
    assert cross_imps(np.array(scores, dtype=np.int32)) == cross_imps(scores)  # type: ignore[arg-type]
    assert matchpoints(np.array(scores, dtype=np.int16)) == matchpoints(scores)  # type: ignore[arg-type]


@given(st.integers(-10**6, 10**6), st.integers(1, 50), st.sampled_from(["half-even", "half-up"]))
def test_nearest_ten_is_the_exact_mean_rounded_for_ints_and_arrays(total: int, count: int,
                                                                     rounding: field.Rounding) -> None:
    tens = Fraction(total, 10 * count)
    if rounding == "half-even":
        expected = round(tens) * 10  # Python rounds a Fraction's halves to even
    else:
        expected = (1 if tens > 0 else -1) * math.floor(abs(tens) + Fraction(1, 2)) * 10
    assert field.nearest_ten(total, count, rounding) == expected
    assert field.nearest_ten(np.array([total]), np.array([count]), rounding).tolist() == [expected]


def test_neuberg_scales_every_field_of_a_session_at_once_as_it_scales_one() -> None:
    mp, n, expected = np.array([4.0, 0.0, 18.0]), np.array([3, 3, 10]), np.array([5, 4, 11])
    assert neuberg(mp, n, expected).tolist() == [neuberg(m, k, e) for m, k, e in zip([4, 0, 18], [3, 3, 10],
                                                                                    [5, 4, 11], strict=True)]
    with pytest.raises(bt.BridgeError, match="Neuberg needs at least one result"):
        neuberg(mp, np.array([3, 0, 10]), expected)
