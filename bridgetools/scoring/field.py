"""Scoring a board against the field: matchpoints (Law 78A) with Neuberg, cross-IMPs and Butler.

Every function takes the scores of one board, all from the same direction (say North-South), one per
table, and returns one figure per score in the same order. A passed-out board is a result like any
other (score 0).

A large field is never scored pair by pair, so 100,000 results (a simulation) score in well under a
second: matchpoints come from the sorted scores (how many are lower, how many equal), and cross-IMPs
from counting, for each of the 24 steps of the IMP scale, how many scores lie that far below or above
(`count_fields`, numpy, which also scores many fields at once). The figures are exactly those of the
definitions; only a handful of results, or scores that are not whole numbers, are compared pair by pair.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, overload

from bridgetools.errors import BridgeError
from bridgetools.scoring.imps import IMP_THRESHOLDS, imps

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

NUMPY_FROM = 64
"""Fields of at least this many results get their matchpoints from numpy (plain Python is quicker below)."""
COUNT_FROM = 6
"""Fields of at least this many whole-number scores get cross-IMPs by counting; smaller ones pair by pair."""
SMALL_FIELD = 16
"""`count_fields` compares each score with each other of its field when no field is larger than this."""
BLOCK = 1 << 14
"""Scores counted at a time by the numpy cross-IMPs: memory stays near 3 x 24 x BLOCK x 8 bytes (9 MB)."""

Scale = Literal["wbf", "acbl"]
WIN = {"wbf": 2.0, "acbl": 1.0}
"""Matchpoints for each score beaten; a tie earns half of it (WBF 2/1/0, ACBL 1/0.5/0)."""


def _win(scale: Scale) -> float:
    if scale not in WIN:
        raise BridgeError(f"matchpoint scale is 'wbf' (2/1/0) or 'acbl' (1/0.5/0), not {scale!r}")
    return WIN[scale]


def top(n: int, scale: Scale = "wbf") -> float:
    """The most matchpoints a result can earn on a board played ``n`` times: beating every other one."""
    return _win(scale) * max(n - 1, 0)


def matchpoints(scores: Sequence[int], scale: Scale = "wbf") -> list[float]:
    """Matchpoints of each score: 2 for every score it beats, 1 for every tie (ACBL scale: 1 and 0.5).

    >>> matchpoints([650, 620, 620, 170])
    [6.0, 3.0, 3.0, 0.0]
    """
    win = _win(scale)
    if (len(scores) >= NUMPY_FROM and (array := _integers(scores)) is not None
            and (counts := count_fields(array, cross=False)) is not None):
        points: list[float] = (win * counts.below + win / 2 * (counts.equal - 1)).astype(float).tolist()
        return points
    ordered = sorted(scores)
    lower = [bisect_left(ordered, s) for s in scores]
    # Each score ties with itself once: the ties with other scores are the equal ones less one.
    return [win * below + win / 2 * (bisect_right(ordered, s) - below - 1)
            for s, below in zip(scores, lower, strict=True)]


def _integers(scores: Sequence[int]) -> npt.NDArray[np.int64] | None:
    """``scores`` as a numpy integer array, or None when they are not all integers that fit in 64 bits."""
    import numpy as np

    try:
        array = np.asarray(scores)
    except (OverflowError, ValueError):
        return None
    return array.astype(np.int64) if array.ndim == 1 and array.dtype.kind in "iu" else None


def percentages(scores: Sequence[int], scale: Scale = "wbf") -> list[float]:
    """Matchpoints as a percentage of the top (100 = beat every other score); a lone result gets 50."""
    n = len(scores)
    if n == 1:
        return [50.0]
    return [100 * mp / top(n, scale) for mp in matchpoints(scores, scale)]


@overload
def neuberg(mp: float, n: int, expected: int, scale: Scale = "wbf") -> float: ...


@overload
def neuberg(mp: npt.NDArray[Any], n: npt.NDArray[Any] | int, expected: npt.NDArray[Any] | int,
            scale: Scale = "wbf") -> npt.NDArray[np.float64]: ...


def neuberg(mp: Any, n: Any, expected: Any, scale: Scale = "wbf") -> Any:
    """Matchpoints ``mp`` won on a board played ``n`` times, scaled to a field of ``expected`` (Neuberg);
    numbers, or numpy arrays of them (every field of a session at once).

    (MP + 1) x N / n - 1 on the 2/1/0 scale; (MP + 1/2) x N / n - 1/2 on the ACBL scale. Like a tie with
    itself, each result is credited half a win before scaling, and it is taken off again afterwards.

    >>> round(neuberg(18, 10, 11), 1)
    19.9
    """
    if _smallest(n) < 1 or _smallest(expected) < 1:
        raise BridgeError(f"Neuberg needs at least one result and one expected (got {n} and {expected})")
    if _smallest(expected - n) < 0:  # it fills in the results missing from a field, never takes any away
        raise BridgeError(f"Neuberg scales a field up to the results expected: {expected} expected is fewer "
                          f"than the {n} results")
    half = _win(scale) / 2
    return (mp + half) * expected / n - half


def _smallest(value: Any) -> float:
    """A number, or the smallest of an array of them (1 for an empty one)."""
    return float(value.min(initial=1)) if hasattr(value, "min") else float(value)


def neuberg_matchpoints(scores: Sequence[int], expected: int, scale: Scale = "wbf") -> list[float]:
    """Matchpoints of each score, Neuberg-adjusted from ``len(scores)`` results to ``expected``."""
    n = len(scores)
    return [neuberg(mp, n, expected, scale) for mp in matchpoints(scores, scale)]


def cross_imps(scores: Sequence[int]) -> list[int]:
    """Cross-IMPs ("total IMPs"): each score IMPed against every other score, summed.

    >>> cross_imps([650, 620, 170])
    [11, 9, -20]
    """
    if (len(scores) >= COUNT_FROM and (array := _integers(scores)) is not None
            and (counts := count_fields(array)) is not None):
        totals: list[int] = counts.cross_imps.tolist()
        return totals
    # A handful of results, or differences that are not whole numbers (rounded first): IMP each pair.
    return [sum(imps(s - other) for other in scores) for s in scores]


STEPS = tuple(t - 5 for t in IMP_THRESHOLDS)
"""A whole difference ``d`` is worth at least ``k`` IMPs when ``|d| >= STEPS[k - 1]``: `imps` rounds
``|d|`` to the nearest 10, halves up, so 15 already counts as 20 (the first step), 45 as 50, and so on."""


class FieldCounts(NamedTuple):
    """What field scoring needs of each score, for many fields at once."""

    size: npt.NDArray[np.int64]
    """Results in its field."""
    below: npt.NDArray[np.int64]
    """Scores of its field below it."""
    equal: npt.NDArray[np.int64]
    """Scores of its field equal to it, itself included."""
    cross_imps: npt.NDArray[np.int64]
    """Its cross-IMPs against the rest of its field (zeros when not asked for)."""


def count_fields(scores: npt.NDArray[np.int64], groups: npt.NDArray[np.integer] | None = None,
                 cross: bool = True, weights: npt.NDArray[np.int64] | None = None) -> FieldCounts | None:
    """Matchpoint and cross-IMP counts of whole-number ``scores`` without comparing every pair.

    ``groups[i]`` (a small non-negative integer) names the field of ``scores[i]``; without it all the
    scores are one field. ``weights[i]`` (at least 1) is how many tables ``scores[i]`` stands for: the
    counts are those of the scores written out one per table, without writing them out (a ScoreTable's
    ``Multiplicity``). Each score gets a key, its field's number times a span wider than the scores
    and the largest IMP step, plus its score, so that sorting the keys sorts each field apart from the
    others and a search never strays into another field. Matchpoints then count the keys below and equal
    to a score's. Against one other score a score earns one IMP for each step of the scale it is ahead by
    (at least 15, 45, 85, ...) and loses one for each step it is behind by, so its cross-IMPs are, over
    the 24 steps, the scores of its field at least a step below it less those at least a step above it:
    two binary searches per step. Returns None when the keys would not fit in 64 bits.
    """
    import numpy as np

    n = len(scores)
    field = np.zeros(n, dtype=np.int64) if groups is None else np.asarray(groups, dtype=np.int64)
    if n == 0:
        empty = np.zeros(0, dtype=np.int64)
        return FieldCounts(empty, empty, empty, empty)
    if weights is not None and (weights == 1).all():
        weights = None
    if weights is None:
        size = np.bincount(field)
        large = size[field] > SMALL_FIELD
        if not large.any():
            return _count_small_fields(scores, field, size, cross)
        if not large.all():
            return _count_apart(scores, field, large, cross)
    reach = STEPS[-1]
    low = int(scores.min())
    span = int(scores.max()) - low + 2 * reach + 1
    if span * (int(field.max()) + 1) >= 1 << 62:
        return None
    base = field * span
    keys = base + (scores - low + reach)
    if weights is None:  # tables[i]: the tables of the first i keys in order (i, one table a score)
        ordered, tables = np.sort(keys), np.arange(n + 1)
    else:
        order = np.argsort(keys)
        ordered, tables = keys[order], np.concatenate([[0], np.cumsum(weights[order])])
    first = tables[np.searchsorted(ordered, base, side="left")]
    last = tables[np.searchsorted(ordered, base + span, side="left")]
    below = tables[np.searchsorted(ordered, keys, side="left")] - first
    equal = tables[np.searchsorted(ordered, keys, side="right")] - first - below
    total = np.zeros(n, dtype=np.int64)
    if cross:
        steps = np.array(STEPS, dtype=np.int64)
        for start in range(0, n, BLOCK):
            block = slice(start, start + BLOCK)
            key = keys[block, None]
            below_step = np.searchsorted(ordered, key - steps, side="right")     # keys <= s - step
            above_step = np.searchsorted(ordered, key + steps, side="left")      # keys < s + step
            behind = tables[below_step] - first[block, None]
            ahead = last[block, None] - tables[above_step]
            total[block] = (behind - ahead).sum(axis=1)
    return FieldCounts(last - first, below, equal, total)


def _count_apart(scores: npt.NDArray[np.int64], field: npt.NDArray[np.int64], large: npt.NDArray[np.bool_],
                 cross: bool) -> FieldCounts | None:
    """`count_fields` of the small fields apart from the large ones (a session's big field among
    matches and club tables): only the large ones are sorted and searched, and the small ones are laid
    out in rows as narrow as the widest of them."""
    import numpy as np

    small_counts = count_fields(scores[~large], field[~large], cross)
    large_counts = count_fields(scores[large], field[large], cross)
    if small_counts is None or large_counts is None:
        return None
    merged = []
    for small, big in zip(small_counts, large_counts, strict=True):
        both = np.empty(len(scores), dtype=np.int64)
        both[~large], both[large] = small, big
        merged.append(both)
    return FieldCounts(*merged)


def _count_small_fields(scores: npt.NDArray[np.int64], field: npt.NDArray[np.int64],
                        size: npt.NDArray[np.int64], cross: bool) -> FieldCounts:
    """`count_fields` when no field has more than `SMALL_FIELD` results (a team match, a club game):
    each score against the others of its field, laid out as a row of ``size.max()`` places."""
    import numpy as np

    from bridgetools.scoring.imps import imps_array

    order = np.argsort(field, kind="stable")
    start = np.concatenate([[0], np.cumsum(size)[:-1]])
    place = np.empty(len(field), dtype=np.int64)
    place[order] = np.arange(len(field)) - start[field[order]]
    width = int(size.max())
    table = np.zeros((len(size), width), dtype=np.int64)
    table[field, place] = scores
    present = np.arange(width)[None, :] < size[:, None]
    # Each score's field, one row per score; the places past the end of its field hold the score itself,
    # which is neither below it nor IMPs away from it, and which the ties leave out again.
    own = scores[:, None]
    others = np.where(present[field], table[field], own)
    sizes = size[field].astype(np.int64)
    below = (others < own).sum(axis=1)
    equal = (others == own).sum(axis=1) - (width - sizes)
    total = np.zeros(len(scores), dtype=np.int64)
    if cross:
        total = imps_array(own - others).sum(axis=1, dtype=np.int64)
    return FieldCounts(sizes, below.astype(np.int64), equal.astype(np.int64), total)


def average_cross_imps(scores: Sequence[int]) -> list[float]:
    """Cross-IMPs divided by the number of comparisons (``len(scores) - 1``): "average IMPs"."""
    n = len(scores)
    if n < 2:
        return [0.0] * n
    return [total / (n - 1) for total in cross_imps(scores)]


Rounding = Literal["half-even", "half-up"]


def datum(scores: Sequence[int], discard: int = 1, rounding: Rounding = "half-even") -> int:
    """The Butler datum: the mean score after dropping the ``discard`` highest and lowest, to the nearest 10.

    A mean exactly halfway between two tens goes to the even ten by default, as ACBLscore does
    (425 -> 420, 435 -> 440); ``rounding="half-up"`` takes it away from zero instead (425 -> 430).
    The mean is taken exactly (as a fraction), so only true halves are ties.
    """
    if discard < 0:
        raise BridgeError(f"cannot discard {discard} scores")
    if len(scores) <= 2 * discard:
        raise BridgeError(f"a datum needs more than {2 * discard} scores when {discard} are dropped "
                          f"at each end; there are {len(scores)}")
    if rounding not in ("half-even", "half-up"):
        raise BridgeError(f"datum rounding is 'half-even' or 'half-up', not {rounding!r}")
    kept = sorted(scores)[discard:len(scores) - discard]
    return int(nearest_ten(Fraction(sum(kept)), len(kept), rounding))  # a Fraction: floats exactly too


def median_datum(scores: Sequence[int], rounding: Rounding = "half-even") -> int:
    """The datum a PBN ``Median`` Scoring field names: the middle score (the mean of the two middle ones
    of an even field, to the nearest 10, as `datum` rounds), so that one wild result does not move it."""
    if not scores:
        raise BridgeError("a median datum needs at least one score")
    ranked = sorted(scores)
    middle = ranked[(len(ranked) - 1) // 2:len(ranked) // 2 + 1]
    return int(nearest_ten(Fraction(sum(middle)), len(middle), rounding))


def nearest_ten(total: Any, count: Any, rounding: Rounding = "half-even") -> Any:
    """``total / count`` to the nearest 10, exactly: Python ints, Fractions or numpy integer arrays alike.

    A mean exactly halfway between two tens goes to the even ten (``half-even``) or away from zero
    (``half-up``), as `datum` documents.
    """
    ten_counts = 10 * count
    tens = total // ten_counts                # floor, for negative totals too
    twice_rest = 2 * (total - tens * ten_counts)
    halfway = twice_rest == ten_counts
    up = (twice_rest > ten_counts) | (halfway & ((tens % 2 == 1) if rounding == "half-even" else (total > 0)))
    return (tens + up) * 10


def butler(scores: Sequence[int], discard: int = 1,
           rounding: Rounding = "half-even") -> tuple[int, list[int]]:
    """The Butler datum of a board and each score's IMPs against it (they need not sum to zero).

    >>> butler([650, 620, 620, 170, 140, -100, -200])
    (290, [8, 8, 8, -3, -4, -9, -10])
    """
    d = datum(scores, discard, rounding)
    return d, [imps(s - d) for s in scores]
