"""Hand evaluation: points, lengths, shape and pattern, losers, controls, quick tricks, suit quality.

Scalar and exact, for one hand at a time; `bridgetools.dealer` evaluates batches of deals with numpy
and a test keeps the two equal. Everything that depends on one suit only is defined first on a
13-bit *holding* (bit ``rank - 2`` set for each card held, as `Hand.holding` gives it), so that the
dealer can tabulate it for all 8,192 holdings; the hand-level functions add the suits up.
The definitions, and the choices made where bridge writers differ, are in docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from bridgetools.model.cards import Suit
from bridgetools.model.hand import Hand, holding_hcp

__all__ = [
    "BALANCED", "HOLDINGS", "MAX_HCP", "REGULAR", "SEMI_BALANCED",
    "cccc", "cccc_hundredths", "cccc_shape_hundredths", "controls", "hcp", "holding_cccc",
    "holding_controls", "holding_hcp", "holding_honours", "holding_losers", "holding_quality",
    "holding_quick_tricks", "holding_table", "holding_top", "honours", "is_balanced",
    "is_regular", "is_semi_balanced", "is_two_suited", "length", "losers", "pattern",
    "pattern_str", "quick_tricks", "shape", "shape_str", "suit_quality",
]

HOLDINGS = 1 << 13
"""Number of distinct suit holdings (13-bit ints 0..8191), the size of a lookup table."""

MAX_HCP = 37
"""The most high-card points one hand can hold: four aces, four kings, four queens and a jack."""

_A, _K, _Q, _J, _T, _9, _8 = (1 << 12, 1 << 11, 1 << 10, 1 << 9, 1 << 8, 1 << 7, 1 << 6)

BALANCED = frozenset({(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)})
"""Patterns (longest suit first) of balanced hands."""
SEMI_BALANCED = BALANCED | {(5, 4, 2, 2), (6, 3, 2, 2)}
"""Balanced patterns plus 5422 and 6322: no singleton or void, at most one suit of five or six."""
REGULAR = frozenset({(4, 3, 3, 3), (4, 4, 3, 2), (4, 4, 4, 1)})
"""The seed rules' "regular" hands: no suit longer than four."""

HandLike = Hand | str
T = TypeVar("T")


# Holdings (13-bit ints) ----------------------------------------------------------------------
def holding_top(holding: int, n: int) -> int:
    """How many of the top ``n`` ranks (ace downwards) the holding contains."""
    return (holding >> (13 - n)).bit_count() if n > 0 else 0


def holding_honours(holding: int) -> int:
    """Honours held: the ace, king, queen, jack and ten."""
    return holding_top(holding, 5)


def holding_losers(holding: int) -> int:
    """Losing-trick count of a suit: of its top min(length, 3) places, those the A, K, Q don't fill.

    A void has none, a singleton one unless the ace, a doubleton two less one each for the ace and
    king, a longer suit three less one each for the ace, king and queen (as the dealer program).
    """
    places = min(holding.bit_count(), 3)
    return places - holding_top(holding, places)


def holding_controls(holding: int) -> int:
    """Controls: ace 2, king 1."""
    return 2 * (holding >> 12 & 1) + (holding >> 11 & 1)


def holding_quick_tricks(holding: int) -> float:
    """Quick (defensive) tricks: AK 2, AQ 1.5, A 1, KQ 1, K with a guard 0.5, else 0."""
    ace, king, queen = bool(holding & _A), bool(holding & _K), bool(holding & _Q)
    if ace:
        return 2.0 if king else 1.5 if queen else 1.0
    if king:
        return 1.0 if queen else 0.5 if holding.bit_count() >= 2 else 0.0
    return 0.0


def holding_quality(holding: int) -> int:
    """Kaplan-Rubens suit quality (The Bridge World, October 1982) in hundredths, as dealer's quality().

    Honours A=4, K=3, Q=2, J=1, times length / 10. In a suit of seven or more, missing queen and jack
    are made up (the queen counts 2, the jack 1) up to one point per card beyond six, and the ten
    and nine do not count; in a shorter suit the ten counts 1 with the jack or two higher honours
    and 0.5 otherwise, and the nine 0.5 with exactly two higher honours, the ten or the eight.
    """
    length = holding.bit_count()
    unit = 10 * length  # one honour point, in hundredths, scaled by length / 10
    higher = holding_top(holding, 4)
    quality = unit * (4 * bool(holding & _A) + 3 * bool(holding & _K) + 2 * bool(holding & _Q)
                      + bool(holding & _J))
    if length > 6:
        missing = 3 - 2 * bool(holding & _Q) - bool(holding & _J)
        return quality + unit * min(missing, length - 6)
    if holding & _T:
        quality += unit if higher > 1 or holding & _J else unit // 2
    if holding & _9 and (higher == 2 or holding & (_T | _8)):
        quality += unit // 2
    return quality


def holding_cccc(holding: int) -> int:
    """A suit's part of the Kaplan-Rubens four C's evaluation, in hundredths, as dealer's cccc().

    High cards A=3, K=2 (0.5 singleton), Q=1 (less 0.75 singleton, 0.25 doubleton, 0.25 without the
    ace or king), J 0.5 with two of AKQ and 0.25 with one, T 0.25 with two of AKQJ or with one and
    the nine; plus the suit's quality. Shortness is counted over the whole hand
    (`cccc_shape_hundredths`).
    """
    length = holding.bit_count()
    points = 0
    higher = 0  # A, K, Q (then J) held so far, from the top
    if holding & _A:
        points += 300
        higher += 1
    if holding & _K:
        points += 50 if length == 1 else 200
        higher += 1
    if holding & _Q:
        points += 100 - 75 * (length == 1) - 25 * (length == 2) - 25 * (higher == 0)
        higher += 1
    if holding & _J:
        points += {2: 50, 1: 25}.get(higher, 0)
        higher += 1
    if holding & _T and (higher == 2 or (higher == 1 and holding & _9)):
        points += 25
    return points + holding_quality(holding)


def cccc_shape_hundredths(lengths: tuple[int, ...]) -> int:
    """Shortness in the four C's, in hundredths: void 3, singleton 2, doubleton 1, less 1 for the
    hand; a 4-3-3-3 hand (no suit shorter than three) loses 0.5 instead."""
    short = sum(100 * (3 - n) for n in lengths if n < 3)
    return short - 100 if short else -50


def holding_table(function: Callable[[int], T]) -> list[T]:
    """``function`` of every holding 0..8191, indexed by holding: a lookup table for batches."""
    return [function(h) for h in range(HOLDINGS)]


# Hands --------------------------------------------------------------------------------------
def _hand(hand: HandLike) -> Hand:
    return Hand.parse(hand) if isinstance(hand, str) else hand


def _holdings(hand: HandLike, suit: Suit | str | None) -> list[int]:
    """The holdings to add up: the one suit asked for, or all four."""
    h = _hand(hand)
    if suit is None:
        return [h.holding(s) for s in Suit]
    return [h.holding(Suit.parse(suit))]


def hcp(hand: HandLike, suit: Suit | str | None = None) -> int:
    """High-card points (A=4, K=3, Q=2, J=1), of the hand or of one suit."""
    return sum(holding_hcp(h) for h in _holdings(hand, suit))


def length(hand: HandLike, suit: Suit | str) -> int:
    """Number of cards held in ``suit``."""
    return _hand(hand).length(Suit.parse(suit))


def shape(hand: HandLike) -> tuple[int, int, int, int]:
    """Suit lengths in the order players write them: (spades, hearts, diamonds, clubs)."""
    return _hand(hand).shape


def pattern(hand: HandLike) -> tuple[int, int, int, int]:
    """Suit lengths longest first, whatever the suits: (5, 3, 3, 2) for any 5-3-3-2 hand."""
    first, second, third, fourth = sorted(shape(hand), reverse=True)
    return first, second, third, fourth


def shape_str(hand: HandLike) -> str:
    """The shape as players write it, spades first: ``5-3-3-2`` is five spades and two clubs."""
    return "-".join(str(n) for n in shape(hand))


def pattern_str(hand: HandLike) -> str:
    """The pattern as players write it, without suits: ``5332``."""
    return "".join(str(n) for n in pattern(hand))


def is_balanced(hand: HandLike) -> bool:
    """Pattern 4-3-3-3, 4-4-3-2 or 5-3-3-2."""
    return pattern(hand) in BALANCED


def is_semi_balanced(hand: HandLike) -> bool:
    """Balanced, or pattern 5-4-2-2 or 6-3-2-2 (7-2-2-2 is not included)."""
    return pattern(hand) in SEMI_BALANCED


def is_regular(hand: HandLike) -> bool:
    """Pattern 4-3-3-3, 4-4-3-2 or 4-4-4-1: no suit longer than four."""
    return pattern(hand) in REGULAR


def is_two_suited(hand: HandLike) -> bool:
    """At least nine cards in the two longest suits, the shorter of them at least four (5-4, 6-4,
    5-5 ... and 5-4-4-0; not 6-3 or 7-2, which are one-suited)."""
    first, second, _, _ = pattern(hand)
    return first + second >= 9 and second >= 4


def losers(hand: HandLike, suit: Suit | str | None = None) -> int:
    """Losing-trick count (classical, no adjustments), of the hand or one suit: see `holding_losers`."""
    return sum(holding_losers(h) for h in _holdings(hand, suit))


def controls(hand: HandLike, suit: Suit | str | None = None) -> int:
    """Controls (ace 2, king 1), of the hand or of one suit."""
    return sum(holding_controls(h) for h in _holdings(hand, suit))


def quick_tricks(hand: HandLike, suit: Suit | str | None = None) -> float:
    """Quick tricks (AK 2, AQ 1.5, A 1, KQ 1, Kx 0.5), of the hand or of one suit."""
    return sum(holding_quick_tricks(h) for h in _holdings(hand, suit))


def honours(hand: HandLike, suit: Suit | str | None = None) -> int:
    """Honours (A, K, Q, J, 10) held, in one suit or in all four."""
    return sum(holding_honours(h) for h in _holdings(hand, suit))


def suit_quality(hand: HandLike, suit: Suit | str) -> float:
    """Kaplan-Rubens suit quality of one suit (dealer's quality() / 100): see `holding_quality`."""
    return holding_quality(_hand(hand).holding(Suit.parse(suit))) / 100


def cccc_hundredths(hand: HandLike) -> int:
    """The four C's in hundredths, the integer that dealer's cccc() gives (1200 is a minimum opening)."""
    h = _hand(hand)
    suits = sum(holding_cccc(h.holding(s)) for s in Suit)
    return suits + cccc_shape_hundredths(h.shape)


def cccc(hand: HandLike) -> float:
    """Kaplan-Rubens four C's valuation (The Bridge World, October 1982): 12.0 is about an opening."""
    return cccc_hundredths(hand) / 100
