"""Hands that are each possible but cannot go together: refused before any dealing.

The compiler's per-seat limits (`bridgetools.dealer.compiler.SeatLimits`) are checked one seat at a time,
and two seats at a time by the engine when it samples a pair exactly. Limits whose sum over the seats
passes what the deck holds (``hcp(north) >= 21 && hcp(south) >= 20``: 41 HCP of 40; five spades each for
North and South and four for East) or falls short of it (every hand at most 9 HCP: 36 of 40) can never be
met, yet each hand alone can: without this check such a condition is dealt until ``generate`` (10 million
deals, half a minute) runs out and then reports no board found, with no word of why. The same holds of
one card asked of two hands (``hascard(north, AS) && hascard(south, AS)``), or of one hand while it is
predealt to another: `check_cards`. Whole-hand HCP, each hand's limits and those on two or more hands'
HCP together (``hcp(east) + hcp(west) >= 20 && hcp(north) + hcp(south) >= 21``, 41 of 40), are weighed
in one place, by ranges over every set of seats: `check_hcp_totals`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from bridgetools import evaluate
from bridgetools.errors import NO_DEAL, ConstraintError
from bridgetools.model import Card, Seat, Suit


class SeatLimits(Protocol):
    """What `bridgetools.dealer.compiler.SeatLimits` says of one hand, as far as this check reads it."""

    hcp: tuple[int, int]
    lengths: dict[Suit, tuple[int, int]]
    shapes: frozenset[tuple[int, int, int, int]] | None
    suit_hcp: dict[Suit, tuple[int, int]]


SUIT_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)
"""The order of the lengths in a shape: spades first."""


def _length_range(limits: SeatLimits, suit: Suit) -> tuple[int, int]:
    """The fewest and most cards of ``suit`` the seat's lengths and shapes allow."""
    low, high = limits.lengths.get(suit, (0, 13))
    if limits.shapes:
        at = SUIT_ORDER.index(suit)
        low = max(low, min(shape[at] for shape in limits.shapes))
        high = min(high, max(shape[at] for shape in limits.shapes))
    return low, high


def _names(seats: list[Seat]) -> str:
    """``North``, ``North and South``, ``North, South and East``."""
    names = [seat.full_name for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _check(ranges: Mapping[Seat, tuple[int, int]], what: str, deck: int) -> None:
    """Refuse when the seats' least amounts of ``what`` add up to more than the ``deck`` holds, or the most
    the four hands may hold to less."""
    least = sum(low for low, _ in ranges.values())
    if least > deck:
        seats = [seat for seat in Seat if ranges[seat][0] > 0]
        raise ConstraintError(f"{NO_DEAL}: {_names(seats)} hold at least {least} "
                              f"{what} between them, and the deck has {deck}")
    most = sum(high for _, high in ranges.values())
    if most < deck:
        raise ConstraintError(f"{NO_DEAL}: the four hands hold at most {most} {what} "
                              f"between them, and the deck has {deck}")


def check_together(limits: Mapping[Seat, SeatLimits]) -> None:
    """Raise `ConstraintError` when the four hands' limits cannot all be met in one deal: HCP in a suit
    (10) or a suit's length (13). A seat with no limits holds any amount. Whole-hand HCP (40 in the deck)
    is `check_hcp_totals`'s, which weighs one hand's limits with those on hands added together."""
    for suit in SUIT_ORDER:
        in_suit = {seat: limits[seat].suit_hcp.get(suit, (0, 10)) if seat in limits else (0, 10)
                   for seat in Seat}
        _check(in_suit, f"HCP in {suit.full_name}", 10)
        _check({seat: _length_range(limits[seat], suit) if seat in limits else (0, 13) for seat in Seat},
               suit.full_name, 13)


def check_cards(demanded: Iterable[tuple[Seat, Card]], predealt: Mapping[Seat, int]) -> None:
    """Raise `ConstraintError` when a card the condition demands of a hand (a top-level ``hascard``) is
    demanded of another hand too, or predealt to another (``predealt``: seat -> mask of its cards)."""
    holder: dict[Card, Seat] = {}
    for seat, card in demanded:
        other = holder.setdefault(card, seat)
        if other is not seat:
            both = _names(sorted([other, seat]))
            raise ConstraintError(f"{NO_DEAL}: it asks both {both} to hold {card} "
                                  "(hascard), and a card is in one hand only")
        owner = next((s for s, mask in predealt.items() if mask & card.bit and s is not seat), None)
        if owner is not None:
            raise ConstraintError(f"{NO_DEAL}: it asks {seat.full_name} to hold {card} "
                                  f"(hascard), which is predealt to {owner.full_name}")


DECK_HCP = 40
"""The HCP in the pack."""


def _sets(mask: int) -> frozenset[Seat]:
    return frozenset(seat for seat in Seat if mask >> seat & 1)


def check_hcp_totals(ranges: Mapping[frozenset[Seat], tuple[int, int]]) -> None:
    """Raise `ConstraintError` when the HCP ranges set on hands and sets of hands (a seat set -> the least
    and most its hands hold together) cannot all hold in one deal of 40 HCP. Interval reasoning: a set's
    range is what its own limit says, narrowed by every split of it into smaller sets whose ranges add up;
    the four hands hold exactly 40."""
    every = (1 << len(Seat)) - 1
    low, high = [0] * (every + 1), [0] * (every + 1)
    for mask in range(1, every + 1):
        seats = _sets(mask)
        low[mask], high[mask] = ranges.get(seats, (0, evaluate.MAX_HCP if len(seats) == 1 else 2**63))
        part = (mask - 1) & mask
        while part:
            low[mask] = max(low[mask], low[part] + low[mask ^ part])
            high[mask] = min(high[mask], high[part] + high[mask ^ part])
            part = (part - 1) & mask
        if low[mask] > high[mask]:
            raise ConstraintError(f"{NO_DEAL}: {_names(sorted(seats))} would hold at least {low[mask]} HCP "
                                  f"and at most {high[mask]} between them")
    if low[every] > DECK_HCP:
        limited = sorted({seat for seats, (least, _) in ranges.items() if least > 0 for seat in seats})
        who = "the four hands" if len(limited) == len(Seat) else _names(limited)
        raise ConstraintError(f"{NO_DEAL}: {who} hold at least {low[every]} HCP between them, "
                              f"and the deck has {DECK_HCP}")
    if high[every] < DECK_HCP:
        raise ConstraintError(f"{NO_DEAL}: the four hands hold at most {high[every]} HCP between them, and "
                              f"the deck has {DECK_HCP}")
