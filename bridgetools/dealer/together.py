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
in one place, by ranges over every set of seats: `check_hcp_totals`. Suit lengths are weighed the same
way (`check_together`), suit by suit over the seats (``spades(north) + spades(south) >= 14``: 14 of 13)
and hand by hand over the suits (``spades(north) + hearts(north) >= 8 && diamonds(north) >= 6``: 14 cards
in a hand of 13).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

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


def _names(parts: Sequence[Seat | Suit]) -> str:
    """``North``, ``North and South``, ``North, South and East``; ``spades and hearts``."""
    names = [part.full_name for part in parts]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def check_together(limits: Mapping[Seat, SeatLimits],
                   lengths: Mapping[frozenset[tuple[Seat, Suit]], tuple[int, int]] | None = None) -> None:
    """Raise `ConstraintError` when the four hands' limits cannot all be met in one deal: HCP in a suit
    (10), or suit lengths, each seat's and those added together (``lengths``: the (seat, suit) pairs added
    -> their range), in one suit (13 cards in the deck) or in one hand (13 cards in a hand). A seat with
    no limits holds any amount. Whole-hand HCP (40 in the deck) is `check_hcp_totals`'s."""
    for suit in SUIT_ORDER:
        in_suit = {frozenset([seat]): limits[seat].suit_hcp.get(suit, (0, 10)) for seat in limits}
        _refuse_clash(_clash(in_suit, list(Seat), 10, 10), _Words(f"HCP in {suit.full_name}", 10))
    added = dict(lengths or {})
    for suit in SUIT_ORDER:
        held = {frozenset([seat]): _length_range(limits[seat], suit) for seat in limits}
        held |= {frozenset(seat for seat, _ in cells): bounds for cells, bounds in added.items()
                 if {s for _, s in cells} == {suit}}
        _refuse_clash(_clash(held, list(Seat), 13, 13), _Words(suit.full_name, 13))
    for seat in Seat:
        own = limits.get(seat)
        in_hand = {frozenset([suit]): _length_range(own, suit) for suit in SUIT_ORDER} if own else {}
        in_hand |= {frozenset(suit for _, suit in cells): bounds for cells, bounds in added.items()
                    if {s for s, _ in cells} == {seat}}
        _refuse_clash(_clash(in_hand, list(SUIT_ORDER), 13, 13), _Words("cards", 13, seat))


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


Part = TypeVar("Part", Seat, Suit)


def _clash(ranges: Mapping[frozenset[Part], tuple[int, int]], parts: Sequence[Part], most_one: int,
           whole: int) -> tuple[frozenset[Part], int, int, frozenset[Part]] | None:
    """Where ranges set on ``parts`` and on sets of them (a set -> the least and most its parts hold
    together; a part alone holds 0 to ``most_one``) cannot all hold when the four parts hold exactly
    ``whole``: the set whose least passes its most, or all of ``parts`` whose least passes ``whole`` or
    whose most falls short of it, with that least and most and the parts a least is set on; else None.
    Interval reasoning: a set's range is what its own limit says, narrowed by every split of it into
    smaller sets whose ranges add up."""
    every = (1 << len(parts)) - 1
    low, high = [0] * (every + 1), [0] * (every + 1)

    def of(mask: int) -> frozenset[Part]:
        return frozenset(part for at, part in enumerate(parts) if mask >> at & 1)

    limited = frozenset(part for held, (least, _) in ranges.items() if least > 0 for part in held)
    for mask in range(1, every + 1):
        held = of(mask)
        low[mask], high[mask] = ranges.get(held, (0, most_one if len(held) == 1 else 2**63))
        part = (mask - 1) & mask
        while part:
            low[mask] = max(low[mask], low[part] + low[mask ^ part])
            high[mask] = min(high[mask], high[part] + high[mask ^ part])
            part = (part - 1) & mask
        if low[mask] > high[mask]:
            return held, low[mask], high[mask], limited
    if low[every] > whole or high[every] < whole:
        return of(every), low[every], high[every], limited
    return None


@dataclass(frozen=True)
class _Words:
    """How a clash is said: of what (``HCP``, ``spades``, ``cards``), how many the whole holds, and the
    hand whose suits are added (None: the four hands are)."""

    what: str
    whole: int
    hand: Seat | None = None

    def clash(self, held: frozenset[Seat] | frozenset[Suit], least: int, most: int) -> str:
        """A set that would hold more than it may: ``North and South would hold at least 20 HCP and at
        most 15 between them``, ``North would hold at least 9 and at most 7 cards in spades and hearts``."""
        if self.hand is None:
            return (f"{_names(sorted(held))} would hold at least {least} {self.what} and at most {most} "
                    "between them")
        return (f"{self.hand.full_name} would hold at least {least} and at most {most} {self.what} in "
                f"{_names(_in_suit_order(held))}")

    def over(self, least: int, limited: frozenset[Seat] | frozenset[Suit]) -> str:
        """The whole asked for more than it holds."""
        if self.hand is None:
            who = "the four hands" if len(limited) == len(Seat) else _names(sorted(limited))
            return f"{who} hold at least {least} {self.what} between them, and the deck has {self.whole}"
        suits = "" if len(limited) == len(Suit) else f" in {_names(_in_suit_order(limited))}"
        return f"{self.hand.full_name} holds at least {least} {self.what}{suits}, and a hand has {self.whole}"

    def under(self, most: int) -> str:
        """The whole asked for less than it holds."""
        if self.hand is None:
            return (f"the four hands hold at most {most} {self.what} between them, and the deck has "
                    f"{self.whole}")
        return f"{self.hand.full_name} holds at most {most} {self.what}, and a hand has {self.whole}"


def _in_suit_order(held: Iterable[Seat | Suit]) -> list[Seat | Suit]:
    """Suits as a shape is written, spades first (seats in their own order)."""
    return sorted(held, key=lambda part: -part if isinstance(part, Suit) else part)


def _refuse_clash(found: tuple[frozenset[Part], int, int, frozenset[Part]] | None, words: _Words) -> None:
    """Raise `ConstraintError` saying ``found`` (`_clash`'s answer) in ``words``; nothing for None."""
    if found is None:
        return
    held, least, most, limited = found
    if least > most:
        raise ConstraintError(f"{NO_DEAL}: {words.clash(held, least, most)}")
    if least > words.whole:
        raise ConstraintError(f"{NO_DEAL}: {words.over(least, limited)}")
    raise ConstraintError(f"{NO_DEAL}: {words.under(most)}")


def check_hcp_totals(ranges: Mapping[frozenset[Seat], tuple[int, int]]) -> None:
    """Raise `ConstraintError` when the HCP ranges set on hands and sets of hands (a seat set -> the least
    and most its hands hold together) cannot all hold in one deal of 40 HCP (`_clash`)."""
    _refuse_clash(_clash(ranges, list(Seat), evaluate.MAX_HCP, DECK_HCP), _Words("HCP", DECK_HCP))
