"""The least and most each count of the dealer language comes to in one hand (`together.count_range`),
what the up-front checks refuse a condition by: no hand passes it, and some hand reaches each end."""

from __future__ import annotations

import numpy as np
import pytest

from bridgetools.dealer.batch import DealBatch, random_batch
from bridgetools.dealer.compiler import compile_script
from bridgetools.dealer.language import Cccc, Count, Expr, Quality, parse
from bridgetools.dealer.together import count_range
from bridgetools.model import Hand, Seat, Suit

COUNTS = ("hcp", "controls", "losers", *(f"pt{i}" for i in range(10)))


def values(expr: Expr, batch: DealBatch) -> np.ndarray:
    """``expr`` for each deal of ``batch``, as a script's condition would count it."""
    return np.asarray(compile_script(parse("condition 1")).value(expr, batch, {}))


def of_north(hand: str) -> DealBatch:
    """One deal in which North holds ``hand``."""
    return random_batch(np.random.default_rng(1), 1, {Seat.N: Hand.parse(hand).mask})


@pytest.mark.parametrize("expr", [
    *(Count(kind, Seat.N) for kind in COUNTS),
    *(Count(kind, Seat.N, Suit.H) for kind in COUNTS),
    Quality(Seat.N, Suit.S),
    Cccc(Seat.N),
])
def test_no_hand_counts_past_the_range_the_checks_weigh_it_by(expr: Count | Quality | Cccc) -> None:
    kind = expr.kind if isinstance(expr, Count) else type(expr).__name__.lower()
    least, most = count_range(kind, Seat.N, getattr(expr, "suit", None), {})
    counted = values(expr, random_batch(np.random.default_rng(7), 20_000))
    assert least <= counted.min() and counted.max() <= most


@pytest.mark.parametrize("expr, hand, end", [
    (Count("controls", Seat.N), "AK2.AK2.AK2.AK32", 1),  # four aces and four kings
    (Count("losers", Seat.N), "5432.432.432.432", 1),  # no ace, king or queen, no suit under three
    (Count("losers", Seat.N, Suit.H), "5432.432.432.432", 1),
    (Count("losers", Seat.N), "AKQJT98765432...", 0),
    (Count("pt4", Seat.N), "A432.A32.A32.A32", 1),  # aces
    (Count("pt6", Seat.N, Suit.H), "432.AKQ.5432.432", 1),  # top3 of a suit
    (Count("pt8", Seat.N), "AKQJT.AKQJ.AKQJ.", 1),  # top5: 13 honours
    (Count("pt9", Seat.N), "AKQJ.AKQ.AKQ.AKQ", 1),  # c13: 4 aces, kings and queens, and a jack
    (Quality(Seat.N, Suit.S), "AKQJT98765432...", 1),  # all 13 spades
    (Cccc(Seat.N), "AKQ.AKQ.AKQ.AKQT", 1),
    (Cccc(Seat.N), "5432.432.432.432", 0),  # 4-3-3-3 with no honour: the flat hand's half point off
])
def test_a_hand_reaches_the_end_of_the_range(expr: Count | Quality | Cccc, hand: str, end: int) -> None:
    kind = expr.kind if isinstance(expr, Count) else type(expr).__name__.lower()
    assert values(expr, of_north(hand))[0] == count_range(kind, Seat.N, getattr(expr, "suit", None), {})[end]
