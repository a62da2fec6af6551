"""Lookup tables indexed by a 13-bit suit holding (8192 entries each), so one gather evaluates a suit.

A holding has bit ``rank - 2`` set for each rank held (the ace is bit 12). Every table here is built once,
on first use, and is read-only; `holding_table` builds a table for any per-holding count, and
`rank_weight_table` for a per-card weighting such as dealer's ``pointcount`` and ``altcount``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from bridgetools import evaluate
from bridgetools.errors import ConstraintError

HOLDINGS = evaluate.HOLDINGS
"""Number of distinct 13-bit suit holdings."""

SHAPE_CODES = 14**4
"""Size of a table over shapes: one entry per (spades, hearts, diamonds, clubs) with each length 0..13."""

TABLE_DTYPE = np.int16
"""Element type of the built-in tables: small integers, cheap to gather and to add four of."""

Table = npt.NDArray[np.integer]

# The bit of the ace within a holding (bit = rank - 2).
ACE = 12

ALT_COUNT_NAMES = ("tens", "jacks", "queens", "kings", "aces", "top2", "top3", "top4", "top5", "c13")
"""dealer's readable names for the alternate counts ``pt0`` .. ``pt9``, in order."""

# Default weights of the alternate counts pt0..pt9, ace first (as dealer's ``altcount`` lists them).
_ALT_DEFAULTS: tuple[tuple[int, ...], ...] = (
    (0, 0, 0, 0, 1),  # tens
    (0, 0, 0, 1),  # jacks
    (0, 0, 1),  # queens
    (0, 1),  # kings
    (1,),  # aces
    (1, 1),  # top2: A K
    (1, 1, 1),  # top3: A K Q
    (1, 1, 1, 1),  # top4: A K Q J
    (1, 1, 1, 1, 1),  # top5: A K Q J T
    (6, 4, 2, 1),  # c13: A=6 K=4 Q=2 J=1
)

HCP_WEIGHTS = (4, 3, 2, 1)
"""Milton Work's count, ace first: what dealer's ``hcp`` uses unless ``pointcount`` changes it."""


def _frozen(table: np.ndarray) -> np.ndarray:
    table.setflags(write=False)
    return table


@cache
def _all_holdings() -> npt.NDArray[np.int64]:
    return np.arange(HOLDINGS, dtype=np.int64)


def _bit(rank_bit: int) -> npt.NDArray[np.int64]:
    """1 where a holding holds the card at ``rank_bit``, else 0."""
    return (_all_holdings() >> rank_bit) & 1


@cache
def length_table() -> Table:
    """Number of cards in each holding."""
    return _frozen(np.bitwise_count(_all_holdings()).astype(TABLE_DTYPE))


def rank_weight_table(weights_by_rank: Sequence[int]) -> Table:
    """A table that sums per-card weights: ``weights_by_rank`` lists up to 13 weights, ace first, as dealer's
    ``pointcount`` and ``altcount`` do; ranks left out weigh nothing."""
    weights = tuple(int(w) for w in weights_by_rank)
    if len(weights) > 13:
        raise ConstraintError(f"a point count has at most 13 weights (ace down to two), not {len(weights)}")
    return _weights_cached(weights)


@cache
def _weights_cached(weights: tuple[int, ...]) -> Table:
    total = np.zeros(HOLDINGS, dtype=np.int64)
    for i, weight in enumerate(weights):
        if weight:
            total += weight * _bit(ACE - i)
    return _frozen(_narrow(total))


def _narrow(values: npt.NDArray[np.int64]) -> Table:
    """The values in `TABLE_DTYPE` when they fit, else as 64-bit integers."""
    info = np.iinfo(TABLE_DTYPE)
    if values.size and (values.min() < info.min or values.max() > info.max):
        return values
    return values.astype(TABLE_DTYPE)


def hcp_table() -> Table:
    """High-card points of each holding (A=4, K=3, Q=2, J=1)."""
    return rank_weight_table(HCP_WEIGHTS)


def alt_count_table(number: int) -> Table:
    """dealer's default alternate count ``pt<number>`` (0 = tens ... 9 = c13)."""
    if not 0 <= number <= 9:
        raise ConstraintError(f"alternate counts are numbered 0 to 9, not {number}")
    return rank_weight_table(_ALT_DEFAULTS[number])


@cache
def controls_table() -> Table:
    """Controls in each holding: ace 2, king 1 (`bridgetools.evaluate.holding_controls`)."""
    return holding_table(evaluate.holding_controls)


@cache
def losers_table() -> Table:
    """Losers in each holding, as dealer counts them (`bridgetools.evaluate.holding_losers`)."""
    return holding_table(evaluate.holding_losers)


@cache
def quality_table() -> Table:
    """Kaplan-Rubens suit quality of each holding, in hundredths (`bridgetools.evaluate.holding_quality`)."""
    return holding_table(evaluate.holding_quality)


@cache
def cccc_table() -> Table:
    """Each holding's part of the four C's, in hundredths (`bridgetools.evaluate.holding_cccc`)."""
    return holding_table(evaluate.holding_cccc)


def shape_code_of(shape: Sequence[int]) -> int:
    """The code of a shape (spades, hearts, diamonds, clubs lengths): ``s * 2744 + h * 196 + d * 14 + c``."""
    spades, hearts, diamonds, clubs = shape
    return spades * 2744 + hearts * 196 + diamonds * 14 + clubs


@cache
def cccc_shape_table() -> Table:
    """The shortness part of the four C's in hundredths, indexed by shape code (entries that are not
    13-card shapes are 0)."""
    table = np.zeros(SHAPE_CODES, dtype=np.int64)
    for shape in np.ndindex(14, 14, 14):
        clubs = 13 - sum(shape)
        if clubs >= 0:
            lengths = (*shape, clubs)
            table[shape_code_of(lengths)] = evaluate.cccc_shape_hundredths(lengths)
    return _frozen(_narrow(table))


def holding_table(fn: Callable[[int], int]) -> Table:
    """A table of ``fn(holding)`` over every 13-bit holding, for counts no built-in table covers."""
    return _frozen(_narrow(np.array(evaluate.holding_table(fn), dtype=np.int64)))


def named_table(name: str) -> Table:
    """A built-in table by the name dealer gives its count: ``hcp``, ``length``, ``controls``, ``losers``,
    ``tens`` .. ``c13`` and ``pt0`` .. ``pt9``."""
    key = name.lower()
    if key == "hcp":
        return hcp_table()
    if key == "length":
        return length_table()
    if key in ("control", "controls"):
        return controls_table()
    if key in ("loser", "losers"):
        return losers_table()
    if key in ALT_COUNT_NAMES:
        return alt_count_table(ALT_COUNT_NAMES.index(key))
    if len(key) == 3 and key.startswith("pt") and key[2].isdigit():
        return alt_count_table(int(key[2]))
    raise ConstraintError(f"no count named {name!r}")
