"""Victory points: a team match's IMP margin turned into the 20-point scale a round robin or a Swiss ranks by.

The scale is the WBF's continuous one (adopted 2013, the USBF scale with minor corrections, used by most
national bodies since): a drawn match is 10 - 10, the winner's share grows with the margin ever more slowly,
and from the blitz margin on (15 times the square root of the boards played) the winner has all 20. Each
integer margin gets a value to two decimal places, and the two teams' values add up to 20:

    VP = 10 + 10 (1 - r^(margin / blitz)) / (1 - r),   r = tau^3,  tau = (sqrt 5 - 1) / 2

Rounded to hundredths the values can break the scale's promise that no IMP is worth more than the one
before it (16 boards: 13.52, 13.74, 13.97, an IMP worth 0.22 then 0.23); wherever they do, the value before
the offending step is raised by 0.01 until every step is worth at most the one before it, as the WBF's
technical panel corrects its published tables.
"""

from __future__ import annotations

import functools
import math

from bridgetools.errors import BridgeError

__all__ = ["blitz", "victory_point_scale", "victory_points"]

HUNDREDTHS = 2000
"""A whole match's victory points, in hundredths (20.00): the two teams' shares add up to it."""
RATIO = ((math.sqrt(5) - 1) / 2) ** 3
"""The scale's ratio r: the cube of the golden section's tau (0.236...)."""


def blitz(boards: int) -> float:
    """The margin from which the winner takes all 20 victory points: 15 times the square root of the boards
    (60 IMPs over 16 boards; not in general a whole number)."""
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise BridgeError(f"a match has a whole number of boards, at least 1, not {boards!r}")
    return 15 * math.sqrt(boards)


@functools.cache
def victory_point_scale(boards: int) -> tuple[float, ...]:
    """The winner's victory points for each IMP margin from 0 up to the blitz (the last entry is 20.0): the
    WBF continuous scale for a match of ``boards`` boards, concavity corrected (see the module)."""
    top = blitz(boards)
    scale = [min(HUNDREDTHS, _hundredths(margin, top)) for margin in range(math.ceil(top) + 1)]
    step = 2
    while step < len(scale):
        if scale[step] - scale[step - 1] > scale[step - 1] - scale[step - 2]:
            scale[step - 1] += 1  # the IMP before the step is worth a hundredth more
            step = 2  # a raised value can make an earlier step worth more than the one before it
        else:
            step += 1
    return tuple(value / 100 for value in scale)


def _hundredths(margin: int, top: float) -> int:
    """The winner's victory points for ``margin`` on the continuous scale, in hundredths, halves up."""
    exact: float = HUNDREDTHS / 2 * (1 + (1 - RATIO ** (margin / top)) / (1 - RATIO))
    return math.floor(exact + 0.5 + 1e-9)


def victory_points(margin: float, boards: int) -> tuple[float, float]:
    """Each team's victory points, the winner's first when ``margin`` (IMPs, the first team's total less the
    second's, carry-over included) is positive: ``victory_points(15, 16)`` is ``(13.97, 6.03)``. A margin
    that is not a whole number (a half-IMP adjustment) takes the value of the margin rounded down toward
    zero, as the published tables list whole IMPs."""
    if not math.isfinite(margin):
        raise BridgeError(f"an IMP margin is a finite number, not {margin!r}")
    scale = victory_point_scale(boards)
    won = scale[min(int(abs(margin)), len(scale) - 1)]
    lost = round(20 - won, 2)
    return (won, lost) if margin >= 0 else (lost, won)
