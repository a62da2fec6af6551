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
in a hand of 13), and a suit's HCP over the seats (``hcp(north, spades) + hcp(south, spades) > 10``: 11 of
10). Any other sum of lengths and HCP, whatever it mixes (``spades(north) + hearts(south) >= 27``,
``hcp(north) + spades(north) + hearts(north) > 50``), is weighed alone against the least and most it can
come to: `check_sums`. Each check refuses only what it proves no deal can meet.
"""

from __future__ import annotations

import itertools
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
SUIT_HCP = 10
"""The HCP in one suit of the pack."""


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


Cells = frozenset[tuple[Seat, Suit]]
"""The (seat, suit) pairs a sum adds: ``spades(north) + spades(south)``, ``hcp(north, hearts) + ...``."""


def check_together(limits: Mapping[Seat, SeatLimits], lengths: Mapping[Cells, tuple[int, int]] | None = None,
                   suit_hcp: Mapping[Cells, tuple[int, int]] | None = None) -> None:
    """Raise `ConstraintError` when the four hands' limits cannot all be met in one deal: HCP in a suit
    (10), each seat's and those added over seats (``suit_hcp``: the (seat, suit) pairs added -> their
    range), or suit lengths, each seat's and those added together (``lengths``), in one suit (13 cards in
    the deck) or in one hand (13 cards in a hand). A seat with no limits holds any amount. Whole-hand HCP
    (40 in the deck) is `check_hcp_totals`'s; sums that mix suits and hands, `check_sums`'s."""
    added_hcp = dict(suit_hcp or {})
    for suit in SUIT_ORDER:
        in_suit = {frozenset([seat]): limits[seat].suit_hcp.get(suit, (0, SUIT_HCP)) for seat in limits}
        in_suit |= _of_one(added_hcp, suit)
        _refuse_clash(_clash(in_suit, list(Seat), SUIT_HCP, SUIT_HCP),
                      _Words(f"HCP in {suit.full_name}", SUIT_HCP))
    added = dict(lengths or {})
    for suit in SUIT_ORDER:
        held = {frozenset([seat]): _length_range(limits[seat], suit) for seat in limits}
        held |= _of_one(added, suit)
        _refuse_clash(_clash(held, list(Seat), 13, 13), _Words(suit.full_name, 13))
    for seat in Seat:
        own = limits.get(seat)
        in_hand = {frozenset([suit]): _length_range(own, suit) for suit in SUIT_ORDER} if own else {}
        in_hand |= {frozenset(suit for _, suit in cells): bounds for cells, bounds in added.items()
                    if {s for s, _ in cells} == {seat}}
        _refuse_clash(_clash(in_hand, list(SUIT_ORDER), 13, 13), _Words("cards", 13, seat))


def _of_one(added: Mapping[Cells, tuple[int, int]], suit: Suit) -> dict[frozenset[Seat], tuple[int, int]]:
    """The sums of ``added`` over cells of ``suit`` alone, as the seats they add -> their range."""
    return {frozenset(seat for seat, _ in cells): bounds for cells, bounds in added.items()
            if {s for _, s in cells} == {suit}}


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


@dataclass(frozen=True)
class Addend:
    """One hand function of a sum the condition limits: a suit length (``spades(north)``), the HCP of one
    suit (``hcp(north, spades)``) or of a whole hand (``hcp(north)``)."""

    kind: str  # "length" or "hcp"
    seat: Seat
    suit: Suit | None = None

    def __str__(self) -> str:
        """As the dealer language writes it."""
        seat = self.seat.full_name.lower()
        if self.kind == "length":
            assert self.suit is not None
            return f"{self.suit.full_name}({seat})"
        return f"hcp({seat})" if self.suit is None else f"hcp({seat}, {self.suit.full_name})"


def check_sums(limits: Mapping[Seat, SeatLimits], sums: Mapping[tuple[Addend, ...], tuple[int, int]]) -> None:
    """Raise `ConstraintError` when a sum of hand functions (``spades(north) + hearts(south) >= 27``,
    ``hcp(north) + spades(north) + hearts(north) > 50``) is limited to a range no deal reaches: the least
    and most it can come to (`sum_range`, given each seat's limits) miss the range asked. What the sums of
    one kind in one suit or one hand say together is `check_together`'s and `check_hcp_totals`'s; this
    weighs each sum alone, whatever it mixes."""
    for added, (low, high) in sums.items():
        least, most = sum_range(added, limits)
        written = " + ".join(map(str, added))
        if low > most:
            raise ConstraintError(f"{NO_DEAL}: {written} is never more than {most}, and it asks for at "
                                  f"least {low}")
        if high < least:
            raise ConstraintError(f"{NO_DEAL}: {written} is never less than {least}, and it asks for at "
                                  f"most {high}")


def sum_range(added: Iterable[Addend], limits: Mapping[Seat, SeatLimits]) -> tuple[int, int]:
    """The least and most the addends can come to in a deal whose hands meet ``limits`` (a seat with none
    holds anything): bounds, never tighter than the truth. Lengths are weighed cell by cell (each seat's
    range, narrowed by what the suit's other holders and the hand's other suits must hold) and as a whole:
    cards of the suits of one hand or one suit of the hands are at most 13, so cells no two of which share
    a hand or a suit (`_apart`) bound the sum at 13 a cell, and the cells left out bound it from below.
    HCP of a suit is weighed suit by suit (10 in each) and a hand's HCP seat by seat (40 in the deck).
    Each hand's addends are also weighed together, over the 13 cards it holds (`_in_one_hand`: HCP and
    length of one suit go together, ``hcp(north) + spades(north)`` is at most 41), and the tighter of
    the two ways bounds the sum."""
    added = list(added)
    lengths = {(a.seat, a.suit) for a in added if a.kind == "length" and a.suit is not None}
    in_suits = {(a.seat, a.suit) for a in added if a.kind == "hcp" and a.suit is not None}
    hands = {a.seat for a in added if a.kind == "hcp" and a.suit is None}
    parts = [_length_sum(lengths, limits)]
    for suit in SUIT_ORDER:
        ranges = {seat: limits[seat].suit_hcp.get(suit, (0, SUIT_HCP)) if seat in limits else (0, SUIT_HCP)
                  for seat in Seat}
        parts.append(_share({seat for seat, s in in_suits if s is suit}, ranges, SUIT_HCP))
    hcp = {seat: limits[seat].hcp if seat in limits else (0, evaluate.MAX_HCP) for seat in Seat}
    parts.append(_share(hands, hcp, DECK_HCP))
    by_hand = [_in_one_hand([a for a in added if a.seat is seat], limits.get(seat)) for seat in Seat]
    return (max(sum(least for least, _ in parts), sum(least for least, _ in by_hand)),
            min(sum(most for _, most in parts), sum(most for _, most in by_hand)))


HONOURS = (4, 3, 2, 1)
"""The HCP of the ace, king, queen and jack."""


def _in_one_hand(added: Sequence[Addend], limits: SeatLimits | None) -> tuple[int, int]:
    """The least and most one hand's addends come to over its 13 cards, each suit of a length its limits
    allow (None: any): a suit of k cards holds at most its k top honours (AKQJ) and at least the honours
    past its nine spot cards, chosen suit by suit so that the lengths add up to 13 (dynamic programming
    over the suits; each suit's HCP counted once for the hand's HCP and once more for that suit's)."""
    if not added:
        return 0, 0
    whole = any(a.kind == "hcp" and a.suit is None for a in added)
    reach = {0: (0, 0)}  # cards held in the suits so far -> the least and most the addends come to
    for suit in SUIT_ORDER:
        per_hcp = whole + any(a.kind == "hcp" and a.suit is suit for a in added)
        per_card = any(a.kind == "length" and a.suit is suit for a in added)
        low, high = (0, 13) if limits is None else _length_range(limits, suit)
        after: dict[int, tuple[int, int]] = {}
        for cards, (least, most) in reach.items():
            for k in range(low, min(high, 13 - cards) + 1):
                fewest = least + per_hcp * sum(HONOURS[::-1][:max(0, k - 9)]) + per_card * k
                greatest = most + per_hcp * sum(HONOURS[:k]) + per_card * k
                old = after.get(cards + k, (fewest, greatest))
                after[cards + k] = (min(old[0], fewest), max(old[1], greatest))
        reach = after
    return reach.get(13, (0, 2**63))  # lengths that never make 13: the clash check's to refuse


def _share(held: set[Seat], ranges: Mapping[Seat, tuple[int, int]], whole: int) -> tuple[int, int]:
    """The least and most ``held`` hands hold together of what the four hold ``whole`` of, each seat in its
    range: their own ranges added, and what the others leave."""
    if not held:
        return 0, 0
    others = [ranges[seat] for seat in Seat if seat not in held]
    least = max(sum(ranges[seat][0] for seat in held), whole - sum(high for _, high in others))
    most = min(sum(ranges[seat][1] for seat in held), whole - sum(low for low, _ in others))
    return least, most


def _length_sum(cells: set[tuple[Seat, Suit]], limits: Mapping[Seat, SeatLimits]) -> tuple[int, int]:
    """The least and most the suit lengths ``cells`` (seat, suit) add up to (`sum_range`)."""
    if not cells:
        return 0, 0
    free = (0, 13)
    own = {(seat, suit): _length_range(limits[seat], suit) if seat in limits else free
           for seat in Seat for suit in SUIT_ORDER}
    narrowed = {}
    for seat, suit in cells:
        in_suit = [own[other, suit] for other in Seat if other is not seat]
        in_hand = [own[seat, other] for other in SUIT_ORDER if other is not suit]
        low, high = own[seat, suit]
        others_most = min(sum(most for _, most in in_suit), sum(most for _, most in in_hand))
        others_least = max(sum(least for least, _ in in_suit), sum(least for least, _ in in_hand))
        narrowed[seat, suit] = (max(low, 13 - others_most), min(high, 13 - others_least))
    left_out = {cell for cell in own if cell not in cells}
    least = max(sum(low for low, _ in narrowed.values()), 52 - 13 * _apart(left_out))
    most = min(sum(high for _, high in narrowed.values()), 13 * _apart(cells))
    return least, most


def _apart(cells: set[tuple[Seat, Suit]]) -> int:
    """The most of ``cells`` no two of which are in one hand or one suit (a largest matching of hands to
    suits): the four hands' lengths are 13 times a mix of such sets (Birkhoff), so 13 times this is the
    most the cells hold together."""
    best = 0
    for seats in itertools.permutations(Seat):
        best = max(best, sum((seat, suit) in cells for seat, suit in zip(seats, SUIT_ORDER, strict=True)))
    return best
