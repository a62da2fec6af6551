"""The IMP scale (Law 78B, WBF): a difference in points turned into International Match Points."""

from __future__ import annotations

import functools
import math
from bisect import bisect_right
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING

from bridgetools.errors import BridgeError, BridgeTypeError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

IMP_THRESHOLDS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)
"""The smallest difference worth 1, 2, ... 24 IMPs (Law 78B); 4000 and more is worth 24."""


def round_to_ten(value: float | int | Decimal) -> int:
    """``value`` to the nearest multiple of 10, halves away from zero (15 -> 20, -15 -> -20)."""
    tens = Decimal(str(value)) / 10
    return int(tens.quantize(Decimal(1), rounding=ROUND_HALF_UP)) * 10


def imps(difference: float) -> int:
    """IMPs for a difference in points, with the sign of the difference (Law 78B, WBF scale).

    The Law's table is defined on multiples of 10. Any other difference (an averaged datum, an expected
    value in a simulation) is first rounded to the nearest 10, halves away from zero, so each step begins
    halfway between two rows of the table: 15 is 1 IMP, 45 is 2, 14.9 is 0 (redeal does the same).

    >>> imps(420), imps(430), imps(-430), imps(15)
    (9, 10, -10, 1)
    """
    if isinstance(difference, int):  # the usual case, kept off the Decimal path
        size = (abs(difference) + 5) // 10 * 10
    else:
        try:
            finite = math.isfinite(difference)
        except TypeError:  # "430": a number written, not a number
            raise BridgeTypeError(f"a difference in points is a number, not {difference!r} "
                                  f"({type(difference).__name__})") from None
        if not finite:
            raise BridgeError(f"a difference in points is a finite number, not {difference!r}")
        size = round_to_ten(abs(difference))
    points = bisect_right(IMP_THRESHOLDS, size)
    return points if difference >= 0 else -points


def imps_array(differences: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """`imps` of every whole-number difference in an array at once (numpy), for columns of results.

    >>> imps_array([420, -430, 15, 14]).tolist()
    [9, -10, 1, 0]
    """
    import numpy as np

    d = np.asarray(differences)
    if d.dtype.kind not in "iu":
        raise BridgeTypeError(f"imps_array takes whole-number differences, not {d.dtype}; "
                              "use imps() for others")
    top = IMP_THRESHOLDS[-1]  # any difference beyond it is worth as much as the top itself
    within = np.clip(d.astype(np.int64, copy=False), -top, top)
    signed: npt.NDArray[np.int8] = _imps_by_difference()[within + top]
    return signed


@functools.cache
def _imps_by_difference() -> npt.NDArray[np.int8]:
    """IMPs of every difference from -4000 to 4000 (the top of the scale), by the difference plus 4000, made
    by `imps` itself: one look-up a difference, no rounding or search (8x quicker on the export's fields)."""
    import numpy as np

    top = IMP_THRESHOLDS[-1]
    return np.array([imps(d) for d in range(-top, top + 1)], dtype=np.int8)
