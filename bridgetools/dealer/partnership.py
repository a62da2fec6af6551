"""Exact sampling of two hands' HCP added, so a rare partnership total (slam practice) needs no rejection.

What ``hcp(north) + hcp(south) >= 33`` asks depends only on which 26 cards the two hands hold between them,
and of those only on how many aces, kings, queens and jacks: with a_A..a_J of them (0 to 4 each) there are
C(4, a_A) C(4, a_K) C(4, a_Q) C(4, a_J) C(36, 26 - a_A - a_K - a_Q - a_J) such sets of 26 cards (36 spot
cards), and 4 a_A + 3 a_K + 2 a_Q + a_J HCP. A deal picks one allowed count of honours in proportion to
those weights, the honours and spot cards uniformly given it, splits the 26 cards uniformly 13 and 13
between the two seats, and deals the other 26 at random. Each deal meeting the bound is thus exactly as
likely as under rejection. Predealt cards are counted as they are: only cards predealt to nobody are
drawn, and each seat keeps its own.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb, prod

import numpy as np
import numpy.typing as npt

from bridgetools.dealer import tables
from bridgetools.dealer.batch import DealBatch, check_predeal, complete_batch, random_subsets
from bridgetools.dealer.smart import HandSpec, Range, SmartDealer
from bridgetools.errors import ConstraintError
from bridgetools.model.cards import Seat
from bridgetools.model.hand import FULL_DECK

PAIR_HCP = 40
"""The most HCP two hands can hold between them: every honour."""

_HONOURS = ((4, tables.ACE), (3, tables.ACE - 1), (2, tables.ACE - 2), (1, tables.ACE - 3))
"""Each honour's HCP and its bit within a suit's 13-bit holding, ace first."""


@dataclass(frozen=True)
class PairSpec:
    """Two seats' HCP added kept within ``hcp`` (inclusive): what ``hcp(north) + hcp(south) >= 33`` asks."""

    seats: tuple[Seat, Seat]
    hcp: Range

    def describe(self) -> str:
        """The limit in words, for messages: ``North and South HCP 33-40 together``."""
        first, second = self.seats
        return f"{first.full_name} and {second.full_name} HCP {self.hcp[0]}-{self.hcp[1]} together"

    def matches(self, batch: DealBatch) -> npt.NDArray[np.bool_]:
        """Which deals of ``batch`` give the two seats HCP together within the range."""
        first, second = self.seats
        total = batch.hcp(first) + batch.hcp(second)
        ok: npt.NDArray[np.bool_] = (total >= self.hcp[0]) & (total <= self.hcp[1])
        return ok


Spec = HandSpec | PairSpec
"""What the engine may draw exactly: one seat's hand (`HandSpec`) or two seats' HCP together."""


def _free_cards(predeal: tuple[int, int, int, int]) -> tuple[list[list[int]], list[int], list[int]]:
    """The cards predealt to nobody (card indices): the honours rank by rank (ace first), the spot cards,
    and all of them."""
    free = FULL_DECK & ~(predeal[0] | predeal[1] | predeal[2] | predeal[3])
    cards = [c for c in range(52) if free >> c & 1]
    honours = [[c for c in cards if c % 13 == bit] for _, bit in _HONOURS]
    spots = [c for c in cards if c % 13 < tables.ACE - 3]
    return honours, spots, cards


@lru_cache(maxsize=64)
def _compositions(spec: PairSpec, predeal: tuple[int, int, int, int]) -> tuple[tuple[tuple[int, ...], ...],
                                                                               tuple[int, ...], int]:
    """The free cards the two seats may take together within the bound, as honours of each rank and spot
    cards (each a row: aces, kings, queens, jacks, spots), with how many sets of cards each is; and how many
    sets of free cards the two seats could take at all."""
    honours, spots, cards = _free_cards(predeal)
    own = predeal[spec.seats[0]] | predeal[spec.seats[1]]
    need = 26 - own.bit_count()
    own_hcp = sum(int(tables.hcp_table()[own >> (13 * s) & 0x1FFF]) for s in range(4))
    rows, weights = [], []
    for counts in itertools.product(*(range(len(rank) + 1) for rank in honours)):
        spot = need - sum(counts)
        points = own_hcp + sum(hcp * n for (hcp, _), n in zip(_HONOURS, counts, strict=True))
        if 0 <= spot <= len(spots) and spec.hcp[0] <= points <= spec.hcp[1]:
            rows.append((*counts, spot))
            weights.append(prod(comb(len(rank), n) for rank, n in zip(honours, counts, strict=True))
                           * comb(len(spots), spot))
    return tuple(rows), tuple(weights), comb(len(cards), need)


def pair_share(spec: PairSpec, predeal: Mapping[Seat, int] | None = None) -> float:
    """The chance that a random deal (with the predealt cards) meets ``spec``: exact, from the counts of
    the sets of cards the two seats may hold together."""
    _, weights, possible = _compositions(spec, check_predeal(predeal))
    return sum(weights) / possible


class PairDealer:
    """Deals whose two seats' HCP together are drawn exactly within a `PairSpec`, the rest at random."""

    def __init__(self, spec: PairSpec, predeal: Mapping[Seat, int] | None = None) -> None:
        self.spec = spec
        self.predeal = check_predeal(predeal)
        rows, weights, possible = _compositions(spec, self.predeal)
        if not weights:
            raise ConstraintError(f"no deal can meet the condition: {spec.describe()} cannot be dealt"
                                  + (" with the cards predealt" if any(self.predeal) else ""))
        self._rows = np.array(rows, dtype=np.int64)
        self._cumulative = np.cumsum(np.array(weights, dtype=np.int64))
        self._total = sum(weights)
        self.acceptance = self._total / possible
        """The chance a random deal meets the spec (what exact drawing saves)."""
        self._honours, self._spots, self._cards = _free_cards(self.predeal)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The two seats drawn exactly."""
        return self.spec.seats

    def deal(self, rng: np.random.Generator, n: int) -> DealBatch:
        """``n`` deals: the two seats' cards drawn exactly, split at random between them, the rest dealt at
        random."""
        pick = np.searchsorted(self._cumulative, rng.integers(0, self._total, size=n), side="right")
        counts = self._rows[pick]
        none = np.zeros(n, dtype=np.uint64)
        both = random_subsets(rng, self._spots, none, counts[:, 4])
        for i, rank in enumerate(self._honours):
            both |= random_subsets(rng, rank, none, counts[:, i])
        first, second = self.spec.seats
        own_first = self.predeal[first]
        takes = np.full(n, 13 - own_first.bit_count(), dtype=np.intp)
        first_cards = random_subsets(rng, self._cards, ~both, takes)
        partial = np.empty((n, 4), dtype=np.uint64)
        partial[:] = np.array(self.predeal, dtype=np.uint64)
        partial[:, first] |= first_cards
        partial[:, second] |= both & ~first_cards
        return complete_batch(rng, partial)


def exact_dealer(specs: Sequence[Spec],
                 predeal: Mapping[Seat, int] | None = None) -> SmartDealer | PairDealer:
    """The dealer that draws ``specs`` exactly: a `PairDealer` for a `PairSpec` (given alone), else a
    `SmartDealer` for hand specs."""
    pairs = [spec for spec in specs if isinstance(spec, PairSpec)]
    hands = [spec for spec in specs if isinstance(spec, HandSpec)]
    if pairs and (len(pairs) > 1 or hands):
        raise ConstraintError("two seats' HCP together are drawn exactly alone, without other specs")
    return PairDealer(pairs[0], predeal) if pairs else SmartDealer(hands, predeal)
