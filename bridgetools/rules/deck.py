"""A physical deal (Law 6): shuffle, cut, and deal one card at a time clockwise from dealer's left."""

from __future__ import annotations

import random

from bridgetools.model.cards import Seat
from bridgetools.model.hand import Deal, Hand


def deal_shuffled(dealer: Seat = Seat.N, seed: int | None = None) -> Deal:
    """A deal made as at the table, reproducible from ``seed``.

    The deck is shuffled (Fisher-Yates over a seeded generator), cut at a random point, and dealt
    one card at a time clockwise, starting with dealer's left-hand opponent. For dealing in bulk,
    use `bridgetools.dealer`, which is vectorised.
    """
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    cut = rng.randrange(1, 52)
    deck = deck[cut:] + deck[:cut]
    masks = [0, 0, 0, 0]
    for i, index in enumerate(deck):
        masks[dealer.offset(1 + i % 4)] |= 1 << index
    return Deal([Hand(m) for m in masks])
