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


SEATS = ("north", "east", "south", "west")
SUITS = ("spades", "hearts", "diamonds", "clubs")
TERMS = ("hcp({seat})", "hcp({seat}, {suit})", "{suit}({seat})", "controls({seat})",
         "controls({seat}, {suit})", "losers({seat})", "losers({seat}, {suit})", "quality({seat}, {suit})",
         "cccc({seat})", "aces({seat})", "top3({seat}, {suit})", "c13({seat})", "tens({seat}, {suit})")


def _met_by(deal: DealBatch, rng: np.random.Generator) -> str:
    """A condition ``deal`` meets: one to three sums of one to four counts and lengths of any hands, each
    at, from or up to what it comes to in the deal, and now and then a hand's exact shape."""
    terms = []
    for _ in range(rng.integers(1, 4)):
        added = " + ".join(TERMS[rng.integers(len(TERMS))].format(seat=SEATS[rng.integers(4)],
                                                                  suit=SUITS[rng.integers(4)])
                           for _ in range(rng.integers(1, 5)))
        condition = parse(f"condition {added}").condition
        assert condition is not None
        value = int(values(condition, deal)[0])
        terms.append(f"{added} {('>=', '<=', '==')[rng.integers(3)]} {value}")
    seat = int(rng.integers(4))
    lengths = [int(deal.length(seat, suit)[0]) for suit in (Suit.S, Suit.H, Suit.D, Suit.C)]
    if rng.random() < 0.3 and max(lengths) < 10:
        terms.append(f"shape({SEATS[seat]}, {''.join(map(str, lengths))})")
    return " && ".join(terms)


def _some_of(deal: DealBatch, rng: np.random.Generator) -> dict[Seat, int]:
    """Some of the cards of ``deal`` predealt to the hands holding them: none, a few or most."""
    predealt = {}
    for seat in Seat:
        if rng.random() < 0.5:
            keep = rng.random()
            cards = [bit for bit in range(52) if int(deal.hands[0, seat]) >> bit & 1 and rng.random() < keep]
            predealt[seat] = sum(1 << bit for bit in cards)
    return predealt


@pytest.mark.parametrize("seed", range(12))  # each seed some 0.3 s of passes over split suits
def test_no_condition_a_deal_meets_with_some_of_its_cards_predealt_is_refused(seed: int) -> None:
    from bridgetools.dealer.compiler import make_plan

    rng = np.random.default_rng(seed)
    for _ in range(8):
        deal = random_batch(rng, 1)
        condition, predealt = _met_by(deal, rng), _some_of(deal, rng)
        plan = make_plan(condition, predeal=predealt)  # raises ConstraintError when refused
        assert plan.compiled.accept(deal)[0], condition  # the deal does meet it
