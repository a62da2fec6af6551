"""The IMP scale, Law 78B (WBF): every boundary from 0 to 5000 and the sign of the difference."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgetools as bt
from bridgetools.scoring import imps, imps_array

# Law 78B as printed: (lowest difference, highest difference, IMPs).
LAW_78B = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
    (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
    (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
    (3500, 3990, 23), (4000, None, 24),
]


def law_imps(difference: int) -> int:
    """IMPs for a non-negative multiple of 10, looked up in the Law's table."""
    rows = [i for lo, hi, i in LAW_78B if lo <= difference and (hi is None or difference <= hi)]
    assert len(rows) == 1, difference
    return rows[0]


def test_every_multiple_of_ten_up_to_5000_is_as_the_law_says() -> None:
    for difference in range(0, 5001, 10):
        assert imps(difference) == law_imps(difference), difference
        assert imps(-difference) == -law_imps(difference), -difference


BOUNDARIES = [(hi, next_lo) for (_, hi, _), (next_lo, _, _) in itertools.pairwise(LAW_78B)]


@pytest.mark.parametrize(("last", "first"), BOUNDARIES)
def test_each_boundary_pair_steps_up_by_one(last: int, first: int) -> None:
    assert first == last + 10
    assert imps(first) == imps(last) + 1 == law_imps(first)


def test_the_scale_stops_at_24() -> None:
    assert imps(4000) == imps(7600 + 2980) == 24


def test_420_is_9_and_1290_is_15() -> None:
    """Two boundaries that some dealer programs get wrong (410 and 1190)."""
    assert (imps(410), imps(420), imps(430)) == (9, 9, 10)
    assert (imps(1190), imps(1290), imps(1300)) == (15, 15, 16)


def test_3000_to_3490_is_22_not_21() -> None:
    assert imps(2990) == 21 and imps(3000) == 22 and imps(3990) == 23


@pytest.mark.parametrize(("difference", "expected"), [(15, 1), (14.9, 0), (45, 2), (44, 1), (85, 3),
                                                      (-15, -1), (415.5, 9), (425, 10), (5, 0)])
def test_other_differences_are_rounded_to_the_nearest_ten_first(difference: float, expected: int) -> None:
    assert imps(difference) == expected


def test_the_package_exposes_imps() -> None:
    assert bt.imps(-620) == -12


@given(st.integers(-20000, 20000))
def test_imps_are_antisymmetric(d: int) -> None:
    assert imps(-d) == -imps(d)


@given(st.floats(-9000, 9000, allow_nan=False))
def test_imps_are_antisymmetric_for_fractional_differences(d: float) -> None:
    assert imps(-d) == -imps(d)


@given(st.integers(-9000, 9000), st.integers(0, 9000))
def test_imps_never_fall_as_the_difference_grows(d: int, more: int) -> None:
    assert imps(d + more) >= imps(d)


@given(st.integers(-9000, 9000))
def test_whole_and_fractional_differences_are_rounded_alike(d: int) -> None:
    assert imps(d) == imps(float(d)) == imps(d + 0.0001 * (1 if d >= 0 else -1))


def test_imps_array_is_imps_for_every_whole_difference() -> None:
    differences = np.arange(-6000, 6001)
    assert imps_array(differences).tolist() == [imps(int(d)) for d in differences]


def test_imps_array_refuses_fractions() -> None:
    with pytest.raises(TypeError, match="whole-number"):
        imps_array([15.5])


@pytest.mark.parametrize("difference", [float("inf"), float("-inf"), float("nan")])
def test_a_difference_that_is_no_number_of_points_is_refused_as_bad_input(difference: float) -> None:
    with pytest.raises(bt.BridgeError, match="finite number"):
        bt.imps(difference)
