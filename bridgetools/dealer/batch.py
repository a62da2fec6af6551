"""Batches of deals as numpy arrays, evaluated a whole batch at a time, and dealt uniformly at random.

A batch holds ``hands: uint64[n, 4]``: row i is one deal, column `Seat` a hand as a 52-bit card set in the
model's encoding (bit ``Card.index = suit * 13 + rank - 2``), so ``(mask >> 13 * suit) & 0x1FFF`` is a suit
holding and every per-holding count is one gather from a table in `bridgetools.dealer.tables`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from bridgetools.dealer import tables
from bridgetools.dealer.tables import SHAPE_CODES, shape_code_of
from bridgetools.errors import BridgeError, ConstraintError
from bridgetools.model.cards import SUITS_DISPLAY_ORDER, Card, Seat, Suit
from bridgetools.model.hand import FULL_DECK, Deal, Hand, holding_str

_SUIT_MASK = np.uint64(0x1FFF)
_U64 = np.uint64
_T = TypeVar("_T", bound=np.generic)

ROWS_PER_DRAW = 4096
"""Deals shuffled per numpy pass inside `random_batch`: big enough to amortise numpy calls, small enough to
stay in cache."""


def shape_table(shapes: Iterable[Sequence[int]]) -> npt.NDArray[np.bool_]:
    """A boolean lookup over shape codes, true for each shape given (S, H, D, C lengths)."""
    table = np.zeros(SHAPE_CODES, dtype=np.bool_)
    for shape in shapes:
        if len(shape) != 4 or any(not 0 <= x <= 13 for x in shape):
            raise ConstraintError(f"not a shape: {tuple(shape)!r} (four suit lengths, 0 to 13 each)")
        table[shape_code_of(shape)] = True
    return table


class DealBatch:
    """Deals as a ``uint64[n, 4]`` array of hand masks, with counts evaluated for every deal at once."""

    __slots__ = ("hands", "keys")

    hands: npt.NDArray[np.uint64]
    keys: npt.NDArray[np.uint64] | None
    """Each deal's place in its seeded stream, mixed with the seed (`stream_keys`), or None for deals made
    elsewhere: what ``rnd()`` draws from, so that equal deals (every deal of a fully predealt script) still
    draw different numbers. Selections and slices keep them."""

    def __init__(self, hands: npt.ArrayLike, keys: npt.ArrayLike | None = None) -> None:
        array = np.ascontiguousarray(hands, dtype=np.uint64)
        if array.ndim != 2 or array.shape[1] != 4:
            raise ValueError(f"a deal batch is an array of shape (n, 4), not {array.shape}")
        self.hands = array
        self.keys = None if keys is None else np.ascontiguousarray(keys, dtype=np.uint64)
        if self.keys is not None and self.keys.shape != (array.shape[0],):
            raise ValueError(f"a deal batch of {array.shape[0]} deals has {self.keys.shape} keys")

    # Size ---------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return int(self.hands.shape[0])

    def __len__(self) -> int:
        return self.n

    # Per-hand evaluation ------------------------------------------------------------------
    def holding(self, seat: Seat | int, suit: Suit | int) -> npt.NDArray[np.uint16]:
        """``seat``'s 13-bit holding in ``suit``, for every deal."""
        return ((self.hands[:, seat] >> _U64(13 * suit)) & _SUIT_MASK).astype(np.uint16)

    def length(self, seat: Seat | int, suit: Suit | int) -> npt.NDArray[np.int16]:
        """Number of cards ``seat`` holds in ``suit``."""
        return np.bitwise_count(self.holding(seat, suit)).astype(np.int16)

    def count(self, seat: Seat | int, table: tables.Table, suit: Suit | int | None = None) -> np.ndarray:
        """A per-holding count (a table from `tables`) summed over ``seat``'s hand, or of one suit."""
        if suit is not None:
            return table[self.holding(seat, suit)]
        column = self.hands[:, seat]
        wide = np.int32 if table.dtype.itemsize <= 2 else np.int64
        total: tables.Table = table[(column & _SUIT_MASK).astype(np.intp)].astype(wide)
        for s in (1, 2, 3):
            total += table[((column >> _U64(13 * s)) & _SUIT_MASK).astype(np.intp)]
        return total

    def hcp(self, seat: Seat | int, suit: Suit | int | None = None) -> np.ndarray:
        """High-card points (4-3-2-1) of ``seat``'s hand, or of one suit."""
        return self.count(seat, tables.hcp_table(), suit)

    def cccc(self, seat: Seat | int) -> np.ndarray:
        """Kaplan-Rubens four C's in hundredths, as dealer's ``cccc`` (1200 is about a minimum opening)."""
        return self.count(seat, tables.cccc_table()) + tables.cccc_shape_table()[self.shape_code(seat)]

    def quality(self, seat: Seat | int, suit: Suit | int) -> np.ndarray:
        """Kaplan-Rubens suit quality in hundredths, as dealer's ``quality``."""
        return self.count(seat, tables.quality_table(), suit)

    def has_card(self, seat: Seat | int, card_index: int) -> npt.NDArray[np.bool_]:
        """Whether ``seat`` holds the card with this `Card.index`."""
        return ((self.hands[:, seat] >> _U64(card_index)) & _U64(1)).astype(np.bool_)

    def shape_code(self, seat: Seat | int) -> npt.NDArray[np.intp]:
        """``spades * 2744 + hearts * 196 + diamonds * 14 + clubs``: index a `shape_table` with it."""
        code = np.zeros(self.n, dtype=np.intp)
        for suit in SUITS_DISPLAY_ORDER:
            code = code * 14 + self.length(seat, suit)
        return code

    # Selection and conversion -------------------------------------------------------------
    def select(self, mask: npt.ArrayLike) -> DealBatch:
        """The deals where ``mask`` is true (or at the given indices), in order."""
        chosen = np.asarray(mask)
        return DealBatch(self.hands[chosen], None if self.keys is None else self.keys[chosen])

    def __getitem__(self, index: slice) -> DealBatch:
        return DealBatch(self.hands[index], None if self.keys is None else self.keys[index])

    @staticmethod
    def concat(batches: Iterable[DealBatch]) -> DealBatch:
        """One batch holding the deals of several, in order."""
        batches = list(batches)
        if not batches:
            return DealBatch(np.empty((0, 4), dtype=np.uint64))
        keys = [b.keys for b in batches if b.keys is not None]
        return DealBatch(np.concatenate([b.hands for b in batches]),
                         np.concatenate(keys) if len(keys) == len(batches) else None)

    def deal(self, i: int) -> Deal:
        """Deal ``i`` as a model `Deal`."""
        return Deal([Hand(m) for m in self.hands[i].tolist()])

    def to_deals(self) -> list[Deal]:
        """Every deal as a model `Deal`, in order.

        A batch made by dealing holds only true deals, so this skips `Deal`'s checks (three times faster);
        a batch built from an array checks its rows once, here, as a whole.
        """
        check_deals(self.hands)
        return Deal._from_dealt_masks(self.hands.tolist)

    def pbn_strings(self, first: Seat = Seat.N) -> list[str]:
        """Every deal as a PBN deal string (``Deal.to_pbn``), made from a table of holding strings: several
        times faster than going through `Deal` objects."""
        names = _holding_names()
        shifts = np.array([13 * s for s in SUITS_DISPLAY_ORDER], dtype=np.uint64)
        order = [first.offset(i) for i in range(4)]
        holdings = ((self.hands[:, order, None] >> shifts) & _SUIT_MASK).reshape(self.n, 16).tolist()
        head = f"{first.name}:"
        return [
            head
            + " ".join(".".join(names[h] for h in row[i : i + 4]) for i in (0, 4, 8, 12))
            for row in holdings
        ]

    def __iter__(self) -> Iterator[Deal]:
        return iter(self.to_deals())

    def __repr__(self) -> str:
        return f"<DealBatch of {self.n} deals>"

    @classmethod
    def from_deals(cls, deals: Iterable[Deal]) -> DealBatch:
        """A batch of model deals (an unknown hand becomes an empty one)."""
        rows = [[d.hand(s).mask for s in Seat] for d in deals]
        return cls(np.array(rows, dtype=np.uint64).reshape(-1, 4))


def check_deals(hands: npt.NDArray[np.uint64]) -> None:
    """Raise `BridgeError` unless every row of ``hands`` is a deal: cards of the deck only, at most 13 in a
    hand, no card in two hands (what `Deal` checks, for a whole batch in a few numpy passes)."""
    if not len(hands):
        return
    if (hands > _U64(FULL_DECK)).any():
        raise BridgeError("a deal batch holds a hand mask beyond the 52 cards")
    if (np.bitwise_count(hands) > 13).any():
        raise BridgeError("a deal batch holds a hand of more than 13 cards")
    seen = hands[:, 0].copy()
    for seat in (1, 2, 3):
        if (seen & hands[:, seat]).any():
            raise BridgeError("a deal batch holds a card in two hands")
        seen |= hands[:, seat]


@cache
def _holding_names() -> tuple[str, ...]:
    """``holding_str`` of every 13-bit holding."""
    return tuple(holding_str(h) for h in range(tables.HOLDINGS))


# Dealing ------------------------------------------------------------------------------------------


def check_predeal(predeal: Mapping[Seat, int] | None) -> tuple[int, int, int, int]:
    """The four seats' predealt card masks, checked: no card given twice, no hand over 13 cards."""
    masks = [0, 0, 0, 0]
    seen = 0
    for seat, mask in (predeal or {}).items():
        seat = Seat(seat)
        mask = int(mask)
        if not 0 <= mask <= FULL_DECK:
            raise ConstraintError(f"predeal for {seat.full_name} is not a set of cards: {mask:#x}")
        if mask.bit_count() > 13:
            raise ConstraintError(f"predeal gives {seat.full_name} {mask.bit_count()} cards (at most 13)")
        twice = seen & mask
        if twice:
            card = Card.from_index((twice & -twice).bit_length() - 1)
            raise ConstraintError(f"predeal gives card {card} to two seats")
        seen |= mask
        masks[seat] |= mask
    return masks[0], masks[1], masks[2], masks[3]


def random_batch(
    rng: np.random.Generator, n: int, predeal: Mapping[Seat, int] | None = None
) -> DealBatch:
    """``n`` deals drawn uniformly from all deals that give each seat its predealt cards (fewer than 13 is
    fine: the rest of the hand is dealt at random)."""
    fixed = np.array(check_predeal(predeal), dtype=np.uint64)
    return complete_batch(rng, np.broadcast_to(fixed, (n, 4)))


def complete_batch(rng: np.random.Generator, partial: npt.NDArray[np.uint64]) -> DealBatch:
    """Deals completed at random: the cards in no hand of ``partial`` (``uint64[m, 4]``) dealt uniformly to
    the seats short of 13, each deal independently. Every row must leave each seat short by the same number.

    Each deal sorts 58-bit random keys, one per free card, and deals the sorted cards out in runs of the
    lengths the seats need; a deal where two keys tie is redrawn (astronomically rare), so every way of
    completing a deal is exactly equally likely.
    """
    m = partial.shape[0]
    out = np.array(partial, dtype=np.uint64)
    if m == 0:
        return DealBatch(out)
    need = [13 - int(c) for c in np.bitwise_count(out[0])]
    if (np.bitwise_count(out) != 13 - np.array(need)).any() or min(need) < 0:
        raise ConstraintError("cannot complete deals whose seats are short by different numbers of cards")
    held = out[:, 0] | out[:, 1] | out[:, 2] | out[:, 3]
    always = int(np.bitwise_and.reduce(held))
    free = np.array([c for c in range(52) if not always >> c & 1], dtype=np.uint64)
    if sum(need) == 0:
        return DealBatch(out)
    varies = not (held == held[0]).all()
    for start in range(0, m, ROWS_PER_DRAW):
        stop = min(m, start + ROWS_PER_DRAW)
        _deal_rest(rng, out[start:stop], free, need, held[start:stop] if varies else None)
    return DealBatch(out)


def _deal_rest(
    rng: np.random.Generator,
    hands: npt.NDArray[np.uint64],
    free: npt.NDArray[np.uint64],
    need: Sequence[int],
    taken: npt.NDArray[np.uint64] | None,
) -> None:
    """The ``free`` cards not ``taken`` dealt at random into ``hands`` (``uint64[m, 4]``, changed in place),
    ``need[seat]`` of them to each seat; the work arrays are `_scratch`'s, so a run allocates none a chunk."""
    m, used = hands.shape[0], sum(need)
    keys = _sorted_keys(rng, free, used, None if taken is None else _holds(taken, free),
                        _scratch(_KEYS, np.uint64, (m, len(free))))
    bits = keys[:, :used]  # each key's low 6 bits are its card: turned into the card's bit in place
    bits &= _U64(63)
    np.left_shift(_U64(1), bits, out=bits)
    if all(k == 13 for k in need):  # each run of 13 cards a hand, summed along the whole array at once
        sums = _scratch(_SUMS, np.uint64, (m, 4))
        np.add.reduceat(bits.reshape(-1), _hand_starts(m), out=sums.reshape(-1))
        hands |= sums
        return
    bounds = np.cumsum([0, *need])
    for seat in range(4):
        if need[seat]:
            hands[:, seat] |= np.add.reduce(bits[:, bounds[seat] : bounds[seat + 1]], axis=1)


def random_subsets(
    rng: np.random.Generator,
    candidates: Sequence[int],
    taken: npt.NDArray[np.uint64],
    sizes: npt.NDArray[np.integer],
) -> npt.NDArray[np.uint64]:
    """For each row, ``sizes[i]`` cards drawn uniformly from the ``candidates`` (card indices) that are
    not in ``taken[i]`` (a card mask), as a card mask."""
    m = len(taken)
    out = np.zeros(m, dtype=np.uint64)
    if m == 0 or len(candidates) == 0 or int(sizes.max(initial=0)) == 0:
        return out
    cards = np.array(candidates, dtype=np.uint64)
    shape = (m, len(cards))
    keys = _sorted_keys(rng, cards, int(sizes.max()), _holds(taken, cards), _scratch(_KEYS, np.uint64, shape))
    keys &= _U64(63)  # the card of each key: its bit, kept only in the first sizes[i] places
    np.left_shift(_U64(1), keys, out=keys)
    beyond = np.greater_equal(np.arange(len(cards)), np.asarray(sizes)[:, None],
                              out=_scratch(_CLOSE, np.bool_, shape))
    np.copyto(keys, _U64(0), where=beyond)
    return np.add.reduce(keys, axis=1, out=out)


_TOP_KEY = _U64(~np.uint64(63))

@lru_cache(maxsize=8)
def _hand_starts(m: int) -> npt.NDArray[np.intp]:
    """Where each hand's 13 cards start in ``m`` deals' 52 cards laid end to end (read only)."""
    starts = np.arange(0, 52 * m, 13, dtype=np.intp)
    starts.flags.writeable = False
    return starts


_KEYS, _GAP, _CLOSE, _HELD, _LOOSE, _SUMS = range(6)
"""The work arrays of `_scratch`: each use's slot. `_GAP` serves `_holds` and then `_ties`, one after the
other."""

_SCRATCH_MOST = ROWS_PER_DRAW * 52
"""The largest work array kept from call to call (a whole draw of 52 cards); a bigger one is made fresh."""


class _Scratch(threading.local):
    """Work arrays kept from chunk to chunk, one set per thread: made anew for every chunk, arrays of a
    megabyte or more were given back to the operating system and faulted in again page by page (half the
    run time of a long rejection run, spent in the kernel)."""

    def __init__(self) -> None:
        self.arrays: dict[int, npt.NDArray[Any]] = {}


_SCRATCH = _Scratch()


def _scratch(slot: int, dtype: type[_T], shape: tuple[int, int]) -> npt.NDArray[_T]:
    """A work array of ``shape`` (contents undefined) for one use (``slot``), the same memory every call."""
    size = shape[0] * shape[1]
    if size > _SCRATCH_MOST:
        return np.empty(shape, dtype=dtype)
    kept = _SCRATCH.arrays.get(slot)
    if kept is None or kept.dtype != dtype or kept.size < size:
        kept = _SCRATCH.arrays[slot] = np.empty(size, dtype=dtype)
    return kept[:size].reshape(shape)


def _holds(taken: npt.NDArray[np.uint64], cards: npt.NDArray[np.uint64]) -> npt.NDArray[np.bool_]:
    """For each row of ``taken`` (card masks), whether it holds each of ``cards`` (card indices)."""
    shape = (len(taken), len(cards))
    bit = np.right_shift(taken[:, None], cards[None, :], out=_scratch(_GAP, np.uint64, shape))
    bit &= _U64(1)
    return np.not_equal(bit, _U64(0), out=_scratch(_HELD, np.bool_, shape))


def _sorted_keys(
    rng: np.random.Generator,
    cards: npt.NDArray[np.uint64],
    used: int,
    taken: npt.NDArray[np.bool_] | None,
    keys: npt.NDArray[np.uint64],
) -> npt.NDArray[np.uint64]:
    """``keys`` (``uint64[m, len(cards)]``) filled, row by row, with a sort key for each of ``cards`` (card
    indices), sorted: 58 random bits over the card (6 bits), with the largest key for a card already
    ``taken`` so the first ``used`` keys are cards still free.

    A deal where two free cards' random bits tie among the first ``used + 1`` keys, or a free card's are all
    ones (it could sort among the taken cards), is redrawn, so ties cannot favour some cards (about once in
    10**14 deals). The random bits alone order the keys that are dealt, so the deals are the same as with
    the card's place among ``cards`` in the low bits.
    """
    _random_words(rng, keys)
    keys &= _TOP_KEY
    saturated: npt.NDArray[np.bool_] | None = None
    if taken is not None:
        # A free card whose random bits are all ones could sort among the taken cards: redraw that deal.
        loose = np.equal(keys, _TOP_KEY, out=_scratch(_LOOSE, np.bool_, keys.shape))
        saturated = np.logical_or.reduce(np.greater(loose, taken, out=loose), axis=1)
        np.copyto(keys, _TOP_KEY, where=taken)
    keys |= cards
    keys.sort(axis=1)
    tied = _ties(keys, used, taken is not None)
    if saturated is not None and saturated.any():
        tied = saturated if tied is None else tied | saturated
    if tied is not None:
        again = np.empty((int(tied.sum()), len(cards)), dtype=np.uint64)
        keys[tied] = _sorted_keys(rng, cards, used, None if taken is None else taken[tied], again)
    return keys


def _ties(keys: npt.NDArray[np.uint64], used: int, some_taken: bool) -> npt.NDArray[np.bool_] | None:
    """Which rows of sorted ``keys`` have two keys among the first ``used + 1`` with the same random bits
    (with ``some_taken``, not counting the taken cards' largest keys); None where no row has (all but
    about once in 10**14 deals). Neighbours are compared along the whole array at once, row ends included
    and then left out: five times faster than row by row."""
    m, f = keys.shape
    n = min(used + 1, f) - 1  # the neighbouring pairs of a row that are looked at
    flat = keys.reshape(-1)
    gap = _scratch(_GAP, np.uint64, (m, f))  # [i, j]: keys[i, j] ^ keys[i, j + 1] (j + 1 < f)
    np.bitwise_xor(flat[:-1], flat[1:], out=gap.reshape(-1)[:-1])
    close = np.less(gap, _U64(64), out=_scratch(_CLOSE, np.bool_, (m, f)))
    if some_taken:
        right = _scratch(_LOOSE, np.bool_, (m, f))
        np.less(flat[1:], _TOP_KEY, out=right.reshape(-1)[:-1])
        close &= right
    close[:, n:] = False  # pairs past the first used + 1 keys, and a row's last key with the next row's first
    if not close.any():
        return None
    tied: npt.NDArray[np.bool_] = np.logical_or.reduce(close, axis=1)
    return tied


_DRAW_PIECE = 8192
"""Random words drawn per call of the generator into a work array: numpy's raw draws have no ``out=``, and
a piece of 64 KB is below the size (128 KB by default) from which the C allocator maps fresh memory from
the system for each array. The words come out the same as in one call."""


def _random_words(rng: np.random.Generator, into: npt.NDArray[np.uint64]) -> None:
    """Fill ``into`` (contiguous) with the generator's next raw 64-bit words, in order."""
    flat = into.reshape(-1)
    draw = rng.bit_generator.random_raw
    for start in range(0, flat.size, _DRAW_PIECE):
        piece = flat[start : start + _DRAW_PIECE]
        piece[:] = draw(piece.size)
