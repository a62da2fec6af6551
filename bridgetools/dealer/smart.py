"""Exact sampling of a hand pinned by shape, suit lengths and HCP, so rare constraints need no rejection.

For one seat, every hand it could hold (its predealt cards plus cards nobody else was given) is counted
suit by suit by (length, HCP). The counts give, for every shape and split of the HCP over the suits that the
constraint allows, how many hands have it. A deal picks one of those (shape, HCP split) combinations with
probability proportional to its count, then in each suit a holding uniformly among the free holdings with
that length and HCP, and finally deals the other cards at random. Each allowed hand is thus exactly equally
likely, which is what rejection sampling would give, only without the rejections.

A second seat whose spec limits only shape and suit lengths is drawn exactly as well (`SmartDealer`): how
many hands it could hold depends only on how many cards of each suit the first hand took, so the first
hand can be weighted for it exactly.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from math import comb

import numpy as np
import numpy.typing as npt

from bridgetools import evaluate
from bridgetools.dealer import tables
from bridgetools.dealer.batch import DealBatch, check_predeal, complete_batch, random_subsets, shape_table
from bridgetools.dealer.language import all_shapes
from bridgetools.errors import NO_DEAL, ConstraintError
from bridgetools.model.cards import SUITS_DISPLAY_ORDER, Seat
from bridgetools.model.hand import FULL_DECK

Range = tuple[int, int]
Shape = tuple[int, int, int, int]

ANY_LENGTH: Range = (0, 13)
ANY_SUIT_HCP: Range = (0, 10)
ANY_HCP: Range = (0, evaluate.MAX_HCP)

_HCP_VALUES = 11  # a suit holds 0..10 HCP
_SUITS = tuple(int(suit) for suit in SUITS_DISPLAY_ORDER)
"""Suits spades first: the order of shapes and of a spec's per-suit ranges."""


@dataclass(frozen=True)
class HandSpec:
    """What one seat's hand must be: a set of shapes (S, H, D, C lengths), suit length ranges (spades first),
    a total HCP range and HCP ranges per suit (spades first); every range is inclusive."""

    seat: Seat
    shapes: frozenset[Shape] | None = None
    lengths: tuple[Range, Range, Range, Range] = (ANY_LENGTH,) * 4
    hcp: Range = ANY_HCP
    suit_hcp: tuple[Range, Range, Range, Range] = (ANY_SUIT_HCP,) * 4

    @cached_property
    def allowed(self) -> tuple[Shape, ...]:
        """The shapes this spec allows, in `all_shapes` order."""
        return tuple(
            shape
            for shape in all_shapes()
            if (self.shapes is None or shape in self.shapes)
            and all(lo <= n <= hi for n, (lo, hi) in zip(shape, self.lengths, strict=True))
        )

    @cached_property
    def _shape_table(self) -> npt.NDArray[np.bool_]:
        return shape_table(self.allowed)

    @property
    def limits_shape_only(self) -> bool:
        """Whether the spec says nothing about HCP."""
        return self.hcp == ANY_HCP and all(r == ANY_SUIT_HCP for r in self.suit_hcp)

    def describe(self) -> str:
        """The limits in words, for messages: ``HCP 15-17, 21 shapes, spades 5-13``."""
        parts = [f"HCP {self.hcp[0]}-{self.hcp[1]}"] if self.hcp != ANY_HCP else []
        if self.shapes is not None:
            parts.append(f"{len(self.shapes)} shape{'s' if len(self.shapes) != 1 else ''}")
        for name, (lo, hi), (plo, phi) in zip(
            ("spades", "hearts", "diamonds", "clubs"), self.lengths, self.suit_hcp, strict=True
        ):
            if (lo, hi) != ANY_LENGTH:
                parts.append(f"{name} {lo}-{hi}")
            if (plo, phi) != ANY_SUIT_HCP:
                parts.append(f"HCP in {name} {plo}-{phi}")
        return ", ".join(parts) or "any hand"

    def matches(self, batch: DealBatch) -> npt.NDArray[np.bool_]:
        """Which deals of ``batch`` give the seat a hand this spec allows."""
        seat = self.seat
        ok = self._shape_table[batch.shape_code(seat)]
        hcp = batch.hcp(seat)
        ok &= (hcp >= self.hcp[0]) & (hcp <= self.hcp[1])
        for suit, (lo, hi) in zip(SUITS_DISPLAY_ORDER, self.suit_hcp, strict=True):
            if (lo, hi) != ANY_SUIT_HCP:
                points = batch.hcp(seat, suit)
                ok &= (points >= lo) & (points <= hi)
        return ok


@dataclass(frozen=True)
class _SuitPool:
    """The holdings a seat may be given in one suit, sorted by (length, HCP), with where each group starts."""

    counts: npt.NDArray[np.int64]  # [length * 11 + hcp] -> number of holdings
    starts: npt.NDArray[np.int64]  # [length * 11 + hcp] -> first index in `holdings`
    holdings: npt.NDArray[np.uint64]


@cache
def _suit_pool(free: int) -> _SuitPool:
    """The holdings made of the cards of the 13-bit set ``free``, grouped by (length, HCP)."""
    every = np.arange(tables.HOLDINGS, dtype=np.int64)
    inside = every[(every & ~free) == 0]
    keys = tables.length_table()[inside].astype(np.int64) * _HCP_VALUES + tables.hcp_table()[inside]
    order = np.argsort(keys, kind="stable")
    counts = np.bincount(keys, minlength=14 * _HCP_VALUES).astype(np.int64)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    return _SuitPool(counts, starts, inside[order].astype(np.uint64))


_BINOMIALS = np.array([[comb(n, k) for k in range(14)] for n in range(14)], dtype=np.int64)
"""``comb(n, k)`` for n, k in 0..13: the ways to take k of n cards (products of four stay below 2**63)."""


def _own_and_free(seat: Seat, predeal: tuple[int, int, int, int]) -> tuple[int, int]:
    """The cards predealt to ``seat``, and the cards predealt to nobody (which it may be dealt)."""
    given = predeal[0] | predeal[1] | predeal[2] | predeal[3]
    return predeal[seat], FULL_DECK & ~given


def _holdings(cards: int) -> list[int]:
    """The 13-bit holdings of a set of cards, spades first."""
    return [cards >> (13 * s) & 0x1FFF for s in _SUITS]


def _own_hcp(own: int) -> list[int]:
    """The HCP of the predealt cards in each suit, spades first."""
    return [int(tables.hcp_table()[h]) for h in _holdings(own)]


def _to_take(spec: HandSpec, own: int) -> npt.NDArray[np.intp]:
    """For each allowed shape the predealt cards ``own`` leave within reach (in `HandSpec.allowed` order),
    how many more cards of each suit (spades first) the hand takes."""
    held = np.array([h.bit_count() for h in _holdings(own)], dtype=np.intp)
    extra = np.array(spec.allowed, dtype=np.intp).reshape(-1, 4) - held
    return extra[(extra >= 0).all(axis=1)]


@dataclass
class ExactHand:
    """Exact sampling of one spec's hand given the predealt cards: the allowed (shape, HCP split)
    combinations with how many hands have each, and how many hands there are in all."""

    spec: HandSpec
    predeal: tuple[int, int, int, int]
    total: int = field(init=False)
    possible: int = field(init=False)

    def __post_init__(self) -> None:
        own, free = _own_and_free(self.spec.seat, self.predeal)
        self._own = own
        self._pools = [_suit_pool(h) for h in _holdings(free)]
        self.possible = comb(free.bit_count(), 13 - own.bit_count())
        self._build(_to_take(self.spec, own), _own_hcp(own))

    def _build(self, to_take: npt.NDArray[np.intp], own_hcp: list[int]) -> None:
        """Every allowed (shape, HCP split) with its number of hands, cumulated for drawing."""
        spec = self.spec
        hcp_values = np.arange(_HCP_VALUES)
        lengths, points, weights = [], [], []
        for extra in to_take.tolist():
            options = []
            for i, pool in enumerate(self._pools):
                row = pool.counts[extra[i] * _HCP_VALUES : (extra[i] + 1) * _HCP_VALUES]
                lo, hi = spec.suit_hcp[i]
                total = own_hcp[i] + hcp_values
                row = np.where((total >= lo) & (total <= hi), row, 0)
                options.append(np.flatnonzero(row))
            if any(len(o) == 0 for o in options):
                continue
            grid = np.stack(np.meshgrid(*options, indexing="ij"), axis=-1).reshape(-1, 4)
            hcp = grid.sum(axis=1) + sum(own_hcp)
            grid = grid[(hcp >= spec.hcp[0]) & (hcp <= spec.hcp[1])]
            if len(grid) == 0:
                continue
            weight = np.ones(len(grid), dtype=np.int64)
            for i, pool in enumerate(self._pools):
                weight *= pool.counts[extra[i] * _HCP_VALUES + grid[:, i]]
            lengths.append(np.broadcast_to(np.array(extra, dtype=np.int64), grid.shape))
            points.append(grid.astype(np.int64))
            weights.append(weight)
        if not weights:
            self.total = 0
            return
        self._extra_len = np.concatenate(lengths).astype(np.int8)
        self._extra_hcp = np.concatenate(points).astype(np.int8)
        self._cumulative = np.cumsum(np.concatenate(weights))
        self.total = int(self._cumulative[-1])

    @property
    def probability(self) -> float:
        """The chance that a random deal with the predealt cards gives the seat a hand the spec allows."""
        return self.total / self.possible

    def hands(self, rng: np.random.Generator, n: int) -> npt.NDArray[np.uint64]:
        """``n`` hands for the seat, each drawn uniformly from the hands the spec allows."""
        return self.draw(rng, n)[0]

    def draw(self, rng: np.random.Generator, n: int) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.intp]]:
        """``n`` hands, with the index of the (shape, HCP split) combination each was drawn from."""
        if self.total == 0:
            raise ConstraintError(_impossible(self.spec))
        pick = np.searchsorted(self._cumulative, rng.integers(0, self.total, size=n), side="right")
        hand = np.full(n, self._own, dtype=np.uint64)
        for i, (suit, pool) in enumerate(zip(_SUITS, self._pools, strict=True)):
            key = self._extra_len[pick, i].astype(np.intp) * _HCP_VALUES + self._extra_hcp[pick, i]
            index = pool.starts[key] + rng.integers(0, pool.counts[key])
            hand |= pool.holdings[index] << np.uint64(13 * suit)
        return hand, pick

    def taken_lengths(self) -> npt.NDArray[np.int8]:
        """For each combination, how many cards of each suit (spades first) the hand takes from the deck."""
        return self._extra_len

    def combination_counts(self) -> npt.NDArray[np.int64]:
        """How many hands each combination holds."""
        return np.diff(self._cumulative, prepend=0)


@dataclass
class ShapeOnlyHand:
    """A second seat limited by shape and suit lengths only (no HCP), drawn exactly after a first hand:
    how many hands it may hold depends only on how many cards of each suit the first hand took."""

    spec: HandSpec
    predeal: tuple[int, int, int, int]

    def __post_init__(self) -> None:
        spec = self.spec
        if not spec.limits_shape_only:
            raise ConstraintError("a second hand drawn exactly may limit shape and suit lengths only")
        own, free = _own_and_free(spec.seat, self.predeal)
        self._own = own
        self.candidates = [[c for c in range(13 * s, 13 * s + 13) if free >> c & 1] for s in _SUITS]
        self.extra = _to_take(spec, own).astype(np.int64)

    def ways(self, taken: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """For each allowed shape, how many hands have it once the first hand took ``taken`` cards of each
        suit (spades first) from this seat's free cards; ``taken`` may be a row per group of first hands,
        giving a row of ways each."""
        taken = np.asarray(taken, dtype=np.intp)
        left = np.array([len(c) for c in self.candidates], dtype=np.intp) - taken  # [..., suit]
        ways = np.ones((*left.shape[:-1], len(self.extra)), dtype=np.int64)
        for i in range(4):
            ways *= _BINOMIALS[left[..., i, None], self.extra[:, i]]
        return ways

    def possible(self, taken: int) -> int:
        """How many hands the seat could hold at all once the first hand took ``taken`` free cards."""
        return comb(sum(len(c) for c in self.candidates) - taken, 13 - self._own.bit_count())

    def hands(
        self, rng: np.random.Generator, first: npt.NDArray[np.uint64], shape_index: npt.NDArray[np.intp]
    ) -> npt.NDArray[np.uint64]:
        """The seat's hands, of the allowed shapes at ``shape_index``, from the cards not in ``first``."""
        hand = np.full(len(first), self._own, dtype=np.uint64)
        for i, cards in enumerate(self.candidates):
            hand |= random_subsets(rng, cards, first, self.extra[shape_index, i])
        return hand


def _impossible(spec: HandSpec) -> str:
    return f"no hand for {spec.seat.full_name} can meet {spec.describe()} (with the predealt cards)"


@lru_cache(maxsize=64)
def exact_hand(spec: HandSpec, predeal: tuple[int, int, int, int]) -> ExactHand:
    """The exact sampler of ``spec`` with these predealt masks (built once per process and reused)."""
    return ExactHand(spec, predeal)


def probability(spec: HandSpec, predeal: Mapping[Seat, int] | None = None) -> float:
    """The chance that a random deal (with the predealt cards) meets ``spec``: the acceptance rate plain
    rejection would have, so a caller can see what exact sampling saves."""
    return _chance(spec, check_predeal(predeal))


def _chance(spec: HandSpec, predeal: tuple[int, int, int, int]) -> float:
    total, possible = count_hands(spec, predeal)
    return total / possible


@lru_cache(maxsize=256)
def count_hands(spec: HandSpec, predeal: tuple[int, int, int, int]) -> tuple[int, int]:
    """How many hands the seat may be dealt that meet ``spec``, and how many it may be dealt at all.

    Counted shape by shape, convolving the four suits' HCP counts, without listing every HCP split as
    `ExactHand` does to draw hands: cheap enough to weigh every seat's spec (the two counts agree).
    """
    own, free = _own_and_free(spec.seat, predeal)
    own_hcp = _own_hcp(own)
    possible = comb(free.bit_count(), 13 - own.bit_count())
    extra = _to_take(spec, own)
    points = np.arange(_HCP_VALUES)
    ways = np.ones((len(extra), 1), dtype=np.int64)  # [shape, HCP so far] -> holdings
    for i, holding in enumerate(_holdings(free)):
        pool = _suit_pool(holding).counts.reshape(14, _HCP_VALUES)
        lo, hi = spec.suit_hcp[i]
        rows = pool[extra[:, i]] * ((own_hcp[i] + points >= lo) & (own_hcp[i] + points <= hi))
        longer = np.zeros((len(extra), ways.shape[1] + _HCP_VALUES - 1), dtype=np.int64)
        for h in range(_HCP_VALUES):
            longer[:, h : h + ways.shape[1]] += rows[:, h, None] * ways
        ways = longer
    total = sum(own_hcp) + np.arange(ways.shape[1])
    wanted = (total >= spec.hcp[0]) & (total <= spec.hcp[1])
    return int(ways[:, wanted].sum()), possible


def lengths_chance(fixed: Mapping[tuple[Seat, int], int], predeal: tuple[int, int, int, int]) -> float:
    """The chance that a random deal with the predealt cards gives each (seat, suit) in ``fixed`` that many
    cards of the suit: what ``predeal spades(north) == 7`` asks of every deal, the deals dealer deals
    within. The seats so limited are dealt one after the other from the cards left (the chance of a hand
    taking x of each suit's r is the product of C(r, x) over the suits, over C(cards left, cards it
    takes)); the others take what is left, whatever it is."""
    _, free = _own_and_free(Seat.N, predeal)
    left = [h.bit_count() for h in _holdings(free)]
    chance = np.zeros((14,) * 4)  # [cards left of each suit, spades first] -> chance
    chance[tuple(left)] = 1.0
    cards_left = sum(left)
    binomials = _BINOMIALS.astype(np.float64)
    for seat in Seat:
        wanted = {suit: n for (who, suit), n in fixed.items() if who == seat}
        if not wanted:
            continue
        own = [h.bit_count() for h in _holdings(predeal[seat])]
        takes = 13 - sum(own)
        after = np.zeros_like(chance)
        for extra in itertools.product(*(
                [wanted[suit] - own[i]] if suit in wanted else range(takes + 1)
                for i, suit in enumerate(_SUITS))):
            if sum(extra) != takes or min(extra) < 0:
                continue
            ways = np.einsum("a,b,c,d->abcd", *(binomials[:, x] for x in extra))  # [cards left] -> C(r, x)
            taken, left_after = tuple(slice(x, None) for x in extra), tuple(slice(0, 14 - x) for x in extra)
            after[left_after] += (chance * ways)[taken]
        chance = after / comb(cards_left, takes)
        cards_left -= takes
    return float(chance.sum())


PAIR_EFFICIENCY = 0.02
"""Draw a second, shape-only hand exactly only when at most this share of first hands is redrawn less."""


class SmartDealer:
    """Deals where the most selective hand spec is drawn exactly, then, when another seat's spec limits only
    shape and suit lengths, that hand exactly too, and the remaining cards at random.

    The first hand is drawn in proportion to how many hands the second seat could then hold (by drawing it
    from its own spec and keeping it with probability ``ways / most ways``), so the pair is exactly as
    likely as under rejection. Specs not drawn exactly must still be tested by the caller's condition;
    every hand drawn exactly meets its spec.
    """

    def __init__(self, specs: Sequence[HandSpec], predeal: Mapping[Seat, int] | None = None) -> None:
        if not specs:
            raise ConstraintError("smart dealing needs at least one hand spec")
        seats = [spec.seat for spec in specs]
        if len(set(seats)) != len(seats):
            raise ConstraintError("give at most one hand spec per seat")
        self.predeal = check_predeal(predeal)
        by_chance = sorted(specs, key=lambda spec: _chance(spec, self.predeal))
        self.exact = exact_hand(by_chance[0], self.predeal)
        if self.exact.total == 0:
            raise ConstraintError(_impossible(self.exact.spec))
        self.second: ShapeOnlyHand | None = None
        shape_only = [spec for spec in by_chance[1:] if spec.limits_shape_only]
        if shape_only:
            self._pair(ShapeOnlyHand(shape_only[0], self.predeal))

    def _pair(self, second: ShapeOnlyHand) -> None:
        """Count the second hand's ways for each group of first hands taking the same suit lengths."""
        lengths = self.exact.taken_lengths().astype(np.int64)
        codes = ((lengths[:, 0] * 14 + lengths[:, 1]) * 14 + lengths[:, 2]) * 14 + lengths[:, 3]
        unique_codes, group = np.unique(codes, return_inverse=True)
        taken = unique_codes[:, None] // 14 ** np.array([3, 2, 1, 0]) % 14
        ways = second.ways(taken)  # [group, second shape]
        per_group = ways.sum(axis=1)
        most = int(per_group.max())
        # hands per group of first hands: sums below 2**53, so exact in float64
        first = np.bincount(group, weights=self.exact.combination_counts(), minlength=len(taken))
        joint = sum(int(a) * int(w) for a, w in zip(first.tolist(), per_group.tolist(), strict=True))
        if most == 0:
            one, two = self.exact.spec, second.spec
            raise ConstraintError(f"{NO_DEAL}: {two.seat.full_name} can never hold "
                                  f"{two.describe()} when {one.seat.full_name} holds {one.describe()}")
        efficiency = joint / (self.exact.total * most)
        if efficiency < PAIR_EFFICIENCY:
            return
        self.second = second
        self._group = group.astype(np.intp)
        self._ways = per_group
        self._most = most
        self._stride = most + 1
        self._flat = (np.cumsum(ways, axis=1) + np.arange(len(taken))[:, None] * self._stride).ravel()
        self._shapes = ways.shape[1]
        taken_count = 13 - self.predeal[self.exact.spec.seat].bit_count()
        self._joint_probability = joint / (self.exact.possible * second.possible(taken_count))

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats whose hands are drawn exactly: the most selective one's, then the second's if any."""
        return (self.exact.spec.seat,) + ((self.second.spec.seat,) if self.second is not None else ())

    @property
    def acceptance(self) -> float:
        """The chance a random deal meets the specs drawn exactly (what exact drawing saves)."""
        if self.second is not None:
            return self._joint_probability
        return self.exact.probability

    def deal(self, rng: np.random.Generator, n: int) -> DealBatch:
        """``n`` deals: the chosen hands drawn exactly, the other cards dealt at random."""
        partial = np.empty((n, 4), dtype=np.uint64)
        partial[:] = np.array(self.predeal, dtype=np.uint64)
        if self.second is None:
            partial[:, self.exact.spec.seat] = self.exact.hands(rng, n)
            return complete_batch(rng, partial)
        first, group = self._first_hands(rng, n)
        u = rng.integers(0, self._ways[group]) + group * self._stride
        shape = np.searchsorted(self._flat, u, side="right") - group * self._shapes
        partial[:, self.exact.spec.seat] = first
        partial[:, self.second.spec.seat] = self.second.hands(rng, first, shape)
        return complete_batch(rng, partial)

    def _first_hands(
        self, rng: np.random.Generator, n: int
    ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.intp]]:
        """First hands, each kept with chance (second hand's ways) / (most ways), until ``n`` are kept."""
        hands: list[npt.NDArray[np.uint64]] = []
        groups: list[npt.NDArray[np.intp]] = []
        kept = 0
        while kept < n:
            hand, pick = self.exact.draw(rng, n)
            group = self._group[pick]
            keep = rng.integers(0, self._most, size=n) < self._ways[group]
            hands.append(hand[keep])
            groups.append(group[keep])
            kept += int(keep.sum())
        return np.concatenate(hands)[:n], np.concatenate(groups)[:n]
