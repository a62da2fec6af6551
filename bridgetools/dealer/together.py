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
10). Any other sum of lengths and counts, whatever it mixes (``spades(north) + hearts(south) >= 27``,
``hcp(north) + spades(north) + hearts(north) > 50``), and any count of a fixed range alone
(``controls(north) > 12``, ``losers(north) >= 13``, ``top3(north, spades) > 3``), is weighed alone against
the least and most it can come to: `check_sums`; counts whose every card counts on its own (12 controls,
4 aces in the deck) are weighed over the hands as HCP is (``controls(north) >= 7 && controls(south) >=
6``): `check_counts`. A sum over two or more hands is weighed suit by suit as well, over every way a
suit's cards can be shared (``losers`` of the four hands: 9 a suit, 36 in all, not 4 times 12): `_by_suit`.
Every range holds the cards predealt: those of a hand in it, those of another out of it (`Predealt`).
Each check refuses only what it proves no deal can meet.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from bridgetools import evaluate
from bridgetools._words import listed
from bridgetools.dealer import tables
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
HOLDINGS = evaluate.HOLDINGS
"""The holdings of one suit, 0 to 8191 (the ace is bit 12)."""
FULL_SUIT = HOLDINGS - 1
"""All 13 cards of a suit, as a holding."""


def _length_range(limits: SeatLimits, suit: Suit) -> tuple[int, int]:
    """The fewest and most cards of ``suit`` the seat's lengths and shapes allow."""
    low, high = limits.lengths.get(suit, (0, 13))
    if limits.shapes:
        at = SUIT_ORDER.index(suit)
        low = max(low, min(shape[at] for shape in limits.shapes))
        high = min(high, max(shape[at] for shape in limits.shapes))
    return low, high


Predealt = Mapping[Seat, int]
"""The cards predealt to each seat, as masks (a seat left out is predealt none)."""
NONE_PREDEALT: Predealt = {}


def _holds(seat: Seat, suit: Suit, predealt: Predealt) -> tuple[int, int]:
    """The holding of ``suit`` predealt to ``seat``, which it holds, and the one predealt to the other
    seats, which it cannot."""
    shift = 13 * int(suit)
    barred = 0
    for other, mask in predealt.items():
        if other is not seat:
            barred |= mask >> shift & FULL_SUIT
    return predealt.get(seat, 0) >> shift & FULL_SUIT, barred


def _seat_lengths(seat: Seat, suit: Suit, limits: Mapping[Seat, SeatLimits],
                  predealt: Predealt) -> tuple[int, int]:
    """The fewest and most cards of ``suit`` the seat's limits allow and its predealt cards leave it: at
    least those predealt to it, at most those not predealt to another seat."""
    own_limits = limits.get(seat)
    low, high = (0, 13) if own_limits is None else _length_range(own_limits, suit)
    fewest, most = _held_lengths(*_holds(seat, suit, predealt))
    return max(low, fewest), min(high, most)


def _hand_holds(seat: Seat, predealt: Predealt) -> tuple[tuple[int, int], ...]:
    """`_holds` of each suit, spades first."""
    return tuple(_holds(seat, suit, predealt) for suit in SUIT_ORDER)


def _names(parts: Sequence[Seat | Suit]) -> str:
    """``North``, ``North and South``, ``North, South and East``; ``spades and hearts``."""
    return listed([part.full_name for part in parts])


Cells = frozenset[tuple[Seat, Suit]]
"""The (seat, suit) pairs a sum adds: ``spades(north) + spades(south)``, ``hcp(north, hearts) + ...``."""


def check_together(limits: Mapping[Seat, SeatLimits], lengths: Mapping[Cells, tuple[int, int]] | None = None,
                   suit_hcp: Mapping[Cells, tuple[int, int]] | None = None,
                   predealt: Predealt = NONE_PREDEALT) -> None:
    """Raise `ConstraintError` when the four hands' limits cannot all be met in one deal: HCP in a suit
    (10), each seat's and those added over seats (``suit_hcp``: the (seat, suit) pairs added -> their
    range), or suit lengths, each seat's and those added together (``lengths``), in one suit (13 cards in
    the deck) or in one hand (13 cards in a hand). A seat with no limits holds any amount but the cards
    ``predealt`` to it, and none predealt to another. Whole-hand HCP (40 in the deck) is
    `check_hcp_totals`'s; sums that mix suits and hands, `check_sums`'s."""
    added_hcp = dict(suit_hcp or {})
    for suit in SUIT_ORDER:
        in_suit = hcp_ranges(limits, suit, predealt) | _of_one(added_hcp, suit)
        _refuse_clash(_clash(in_suit, list(Seat), SUIT_HCP, SUIT_HCP),
                      _Words(f"HCP in {suit.full_name}", SUIT_HCP))
    added = dict(lengths or {})
    for suit in SUIT_ORDER:
        held = {frozenset([seat]): _seat_lengths(seat, suit, limits, predealt) for seat in Seat}
        held |= _of_one(added, suit)
        _refuse_clash(_clash(held, list(Seat), 13, 13), _Words(suit.full_name, 13))
    for seat in Seat:
        in_hand = {frozenset([suit]): _seat_lengths(seat, suit, limits, predealt) for suit in SUIT_ORDER}
        in_hand |= {frozenset(suit for _, suit in cells): bounds for cells, bounds in added.items()
                    if {s for s, _ in cells} == {seat}}
        _refuse_clash(_clash(in_hand, list(SUIT_ORDER), 13, 13), _Words("cards", 13, seat))


def hcp_ranges(limits: Mapping[Seat, SeatLimits], suit: Suit | None,
               predealt: Predealt = NONE_PREDEALT) -> dict[frozenset[Seat], tuple[int, int]]:
    """Each hand's HCP range, whole or in ``suit``: what its limits say, or with cards predealt what they
    force and leave it as well (`count_range`, 18 ms more for a script's first plan, so only then)."""
    if predealt:
        return {frozenset([seat]): count_range("hcp", seat, suit, limits, predealt) for seat in Seat}
    return {frozenset([seat]): (lim.hcp if suit is None else lim.suit_hcp.get(suit, (0, SUIT_HCP)))
            for seat, lim in limits.items()}


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

    def of(self, n: int) -> str:
        """What is counted, as ``n`` of it is said: ``1 spade``, ``1 card``, ``1 ace or king``, ``1 ace in
        spades`` (``HCP`` as it is), else as given: ``2 spades``, ``0 cards``."""
        if n != 1 or self.what.startswith("HCP"):
            return self.what
        counted, within, suit = self.what.partition(" in ")
        one = re.sub(r"(\w+?)s\b", r"\1", counted).replace(" and ", " or ")
        return f"{one}{within}{suit}"

    def clash(self, held: frozenset[Seat] | frozenset[Suit], least: int, most: int) -> str:
        """A set that would hold more than it may: ``North and South would hold at least 20 HCP and at
        most 15 between them``, ``North would hold at least 9 and at most 7 cards in spades and hearts``."""
        if self.hand is None:
            return (f"{_names(sorted(held))} would hold at least {least} {self.of(least)} and at most {most} "
                    "between them")
        return (f"{self.hand.full_name} would hold at least {least} and at most {most} {self.of(most)} in "
                f"{_names(_in_suit_order(held))}")

    def over(self, least: int, limited: frozenset[Seat] | frozenset[Suit]) -> str:
        """The whole asked for more than it holds."""
        if self.hand is None:
            who = "the four hands" if len(limited) == len(Seat) else _names(sorted(limited))
            return f"{who} hold at least {least} {self.of(least)} between them, and the deck has {self.whole}"
        suits = "" if len(limited) == len(Suit) else f" in {_names(_in_suit_order(limited))}"
        return (f"{self.hand.full_name} holds at least {least} {self.of(least)}{suits}, and a hand has "
                f"{self.whole}")

    def under(self, most: int) -> str:
        """The whole asked for less than it holds."""
        if self.hand is None:
            return (f"the four hands hold at most {most} {self.of(most)} between them, and the deck has "
                    f"{self.whole}")
        return f"{self.hand.full_name} holds at most {most} {self.of(most)}, and a hand has {self.whole}"


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


COUNT_SPELLINGS = {f"pt{i}": name for i, name in enumerate(tables.ALT_COUNT_NAMES)}
"""How the dealer language writes the alternate counts ``pt0`` .. ``pt9`` by name: ``top3(north)``."""


@dataclass(frozen=True)
class Addend:
    """One hand function of a sum, or a term alone, the condition limits: a suit length (``spades(north)``),
    a count of a hand or of one suit (``hcp``, ``controls``, ``losers``, ``aces`` .. ``c13``, as the counts
    ``pt0`` .. ``pt9`` name them: ``hcp(north)``, ``controls(north, spades)``), ``quality(north, spades)``
    or ``cccc(north)``: dealer's own counts only, never one a script's ``pointcount`` or ``altcount``
    redefines."""

    kind: str  # "length", "quality", "cccc", or a count: "hcp", "controls", "losers", "pt0" .. "pt9"
    seat: Seat
    suit: Suit | None = None

    def __str__(self) -> str:
        """As the dealer language writes it."""
        seat = self.seat.full_name.lower()
        if self.kind == "length":
            assert self.suit is not None
            return f"{self.suit.full_name}({seat})"
        name = COUNT_SPELLINGS.get(self.kind, self.kind)
        return f"{name}({seat})" if self.suit is None else f"{name}({seat}, {self.suit.full_name})"


def check_sums(limits: Mapping[Seat, SeatLimits], sums: Mapping[tuple[Addend, ...], tuple[int, int]],
               predealt: Predealt = NONE_PREDEALT) -> None:
    """Raise `ConstraintError` when a sum of hand functions, or one alone (``spades(north) + hearts(south)
    >= 27``, ``hcp(north) + spades(north) + hearts(north) > 50``, ``controls(north) > 12``), is limited to
    a range no deal reaches: the least and most it can come to (`sum_range`, given each seat's limits and
    the cards predealt) miss the range asked. What the sums of one kind in one suit or one hand say
    together is `check_together`'s, `check_hcp_totals`'s and `check_counts`'s; this weighs each sum alone,
    whatever it mixes."""
    for added, (low, high) in sums.items():
        refuse_outside(" + ".join(map(str, added)), sum_range(added, limits, predealt), (low, high))


def refuse_outside(written: str, reached: tuple[int, int], asked: tuple[int, int]) -> None:
    """Raise `ConstraintError` when what is ``written`` comes to a value in the range ``reached`` only
    (least, most) and the condition asks for one in ``asked``, which misses it."""
    why = outside(written, reached, asked)
    if why is not None:
        raise ConstraintError(f"{NO_DEAL}: {why}")


def outside(written: str, reached: tuple[int, int], asked: tuple[int, int]) -> str | None:
    """``x is never more than 13, and it asks for at least 14``: why what is ``written``, which comes to a
    value in the range ``reached`` only (least, most), misses the range ``asked``; None when it does not."""
    (least, most), (low, high) = reached, asked
    if low > most:
        return f"{written} is never more than {most}, and it asks for at least {low}"
    if high < least:
        return f"{written} is never less than {least}, and it asks for at most {high}"
    return None


def sum_range(added: Iterable[Addend], limits: Mapping[Seat, SeatLimits],
              predealt: Predealt = NONE_PREDEALT) -> tuple[int, int]:
    """The least and most the addends can come to in a deal whose hands meet ``limits`` (a seat with none
    holds anything) and hold the cards ``predealt`` to them: bounds, never tighter than the truth.
    Lengths are weighed cell by cell (each seat's range, narrowed by what the suit's other holders and the
    hand's other suits must hold) and as a whole:
    cards of the suits of one hand or one suit of the hands are at most 13, so cells no two of which share
    a hand or a suit (`_apart`) bound the sum at 13 a cell, and the cells left out bound it from below.
    A count whose every card counts on its own (HCP, controls, aces .. c13: `per_card_total`) is weighed
    suit by suit (10 HCP, 3 controls, 1 ace in each) and over the whole hands (40 HCP, 12 controls,
    4 aces in the deck), each seat in its range; any other (losers, quality, cccc) addend by addend.
    Each hand's addends are also weighed together, over the 13 cards it holds (`_in_one_hand`: HCP and
    length of one suit go together, ``hcp(north) + spades(north)`` is at most 41), and, when the sum
    adds two or more hands, suit by suit over the four hands (`_by_suit`: ``losers`` of the four hands
    come to at most 36, 9 a suit). The tightest of these ways bounds the sum."""
    added = list(added)
    lengths = {(a.seat, a.suit) for a in added if a.kind == "length" and a.suit is not None}
    parts = [_length_sum(lengths, limits, predealt)]
    for kind in dict.fromkeys(a.kind for a in added if a.kind != "length"):
        of_kind = [a for a in added if a.kind == kind]
        whole = per_card_total(kind)
        if whole is None:
            parts += [_in_one_hand([a], limits.get(a.seat), _hand_holds(a.seat, predealt)) for a in of_kind]
            continue
        for suit in (*SUIT_ORDER, None):
            held = {a.seat for a in of_kind if a.suit is suit}
            if held:
                ranges = {seat: count_range(kind, seat, suit, limits, predealt) for seat in Seat}
                parts.append(_share(held, ranges, whole * (len(Suit) if suit is None else 1)))
    by_hand = [_in_one_hand([a for a in added if a.seat is seat], limits.get(seat),
                            _hand_holds(seat, predealt)) for seat in Seat]
    ways = [parts, by_hand]
    if len({a.seat for a in added}) > 1 and all(a.kind != "cccc" for a in added):
        ways.append(_by_suit(added, limits, predealt))
    return (max(sum(least for least, _ in way) for way in ways),
            min(sum(most for _, most in way) for way in ways))


def count_range(kind: str, seat: Seat, suit: Suit | None, limits: Mapping[Seat, SeatLimits],
                predealt: Predealt = NONE_PREDEALT) -> tuple[int, int]:
    """The least and most a count (``kind``) of the seat's hand, or of one suit of it, comes to given its
    limits and the cards predealt: what 13 cards of the lengths they allow, among them those predealt to
    the seat and none predealt to another, can hold (`_in_one_hand`), and for HCP what the limits say."""
    own = limits.get(seat)
    least, most = _in_one_hand([Addend(kind, seat, suit)], own, _hand_holds(seat, predealt))
    if kind == "hcp" and own is not None:
        said = own.hcp if suit is None else own.suit_hcp.get(suit, (0, SUIT_HCP))
        least, most = max(least, said[0]), min(most, said[1])
    return least, most


COUNT_WORDS = {"controls": "controls", "pt0": "tens", "pt1": "jacks", "pt2": "queens", "pt3": "kings",
               "pt4": "aces", "pt5": "aces and kings", "pt6": "aces, kings and queens",
               "pt7": "aces, kings, queens and jacks", "pt8": "honours", "pt9": "c13 points"}
"""What the counts other than HCP whose every card counts on its own count, as a clash says it."""


def check_counts(sums: Mapping[tuple[Addend, ...], tuple[int, int]],
                 limits: Mapping[Seat, SeatLimits] | None = None, predealt: Predealt = NONE_PREDEALT) -> None:
    """Raise `ConstraintError` when the ranges set on one such count (`COUNT_WORDS`) of hands, alone or
    added over hands, whole or in one suit, cannot all hold in one deal: the deck holds 12 controls and 4
    aces, a suit 3 controls and 1 ace (`_clash`): ``controls(north) >= 7 && controls(south) >= 6``, each
    possible alone, asks for 13; each hand holds what its ``limits`` and the cards ``predealt`` allow
    (`count_range`). HCP is `check_hcp_totals`'s and `check_together`'s; each sum alone is `check_sums`'s."""
    grouped: dict[tuple[str, Suit | None], dict[frozenset[Seat], tuple[int, int]]] = {}
    for added, (low, high) in sums.items():
        kinds = {(a.kind, a.suit) for a in added}
        kind, suit = next(iter(kinds))
        if len(kinds) == 1 and kind in COUNT_WORDS:
            ranges = grouped.setdefault((kind, suit), {})
            seats = frozenset(a.seat for a in added)
            old = ranges.get(seats, (0, 2**63))
            ranges[seats] = (max(old[0], low), min(old[1], high))
    for (kind, suit), ranges in grouped.items():
        whole = per_card_total(kind)
        assert whole is not None
        whole *= len(Suit) if suit is None else 1
        what = COUNT_WORDS[kind] + ("" if suit is None else f" in {suit.full_name}")
        for seat in Seat:
            alone = ranges.get(frozenset([seat]), (0, 2**63))
            least, most = count_range(kind, seat, suit, limits or {}, predealt)
            ranges[frozenset([seat])] = (max(alone[0], least), min(alone[1], most))
        _refuse_clash(_clash(ranges, list(Seat), whole, whole), _Words(what, whole))


NOTHING = (-2**63, 2**63)
"""The range of a hand whose limits let no 13 cards meet them: no deal, and the clash check refuses it."""


NO_HOLDS = ((0, 0),) * len(SUIT_ORDER)
"""A hand with no card predealt, to it or to another: `_hand_holds` where nothing is predealt."""


def _in_one_hand(added: Sequence[Addend], limits: SeatLimits | None,
                 holds: tuple[tuple[int, int], ...] = NO_HOLDS) -> tuple[int, int]:
    """The least and most one hand's addends come to over its 13 cards, each suit of a length its limits
    allow (None: any), exactly: each suit of ``k`` cards holds whichever ``k`` cards come to least, or
    most, in that suit, among the holdings with the cards predealt to the hand and none predealt to
    another (``holds``: `_hand_holds`) (`_by_length`: every addend's value of the holding added, the
    hand's counts once for each of its suits), and the suits' lengths are every split of 13 the limits
    allow; a hand's ``cccc`` adds its shortness, by the lengths."""
    if not added:
        return 0, 0
    kinds = tuple(tuple(sorted(a.kind for a in added if a.suit in (None, suit))) for suit in SUIT_ORDER)
    allowed = tuple((0, 13) if limits is None else _length_range(limits, suit) for suit in SUIT_ORDER)
    return _over_shapes(kinds, sum(a.kind == "cccc" for a in added), allowed, holds)


@lru_cache(maxsize=4096)
def _over_shapes(kinds: tuple[tuple[str, ...], ...], shortness: int, allowed: tuple[tuple[int, int], ...],
                 holds: tuple[tuple[int, int], ...] = NO_HOLDS) -> tuple[int, int]:
    """`_in_one_hand` over every split of 13 cards into suits of the ``allowed`` lengths (spades first),
    each suit counting its ``kinds`` among the holdings ``holds`` leaves it (`_by_length`), and
    ``shortness`` times cccc's shortness."""
    per_suit = np.array([_by_length(of_suit, *held) for of_suit, held in zip(kinds, holds, strict=True)])
    shapes = _shapes()
    fits = np.ones(len(shapes), bool)
    for at, ((low, high), held) in enumerate(zip(allowed, holds, strict=True)):
        fewest, most_cards = _held_lengths(*held)
        fits &= (shapes[:, at] >= max(low, fewest)) & (shapes[:, at] <= min(high, most_cards))
    if not fits.any():
        return NOTHING
    shapes = shapes[fits]
    extra = shortness * _shortness()[fits]
    by_suit = per_suit[np.arange(len(SUIT_ORDER)), shapes]  # [shape, suit, least or most]
    least, most = (extra + by_suit[:, :, 0].sum(axis=1)), (extra + by_suit[:, :, 1].sum(axis=1))
    return int(least.min()), int(most.max())


@cache
def _shapes() -> npt.NDArray[np.int64]:
    """Every shape of 13 cards, spades first."""
    grid = np.indices((14, 14, 14)).reshape(3, -1).T
    grid = grid[grid.sum(axis=1) <= 13]
    return np.column_stack([grid, 13 - grid.sum(axis=1)])


@cache
def _shortness() -> npt.NDArray[np.int64]:
    """The four C's shortness of each of `_shapes`, in hundredths."""
    return np.array([evaluate.cccc_shape_hundredths(tuple(shape)) for shape in _shapes().tolist()])


def _held_lengths(own: int, barred: int) -> tuple[int, int]:
    """The fewest and most cards of a suit a hand holds when ``own`` is predealt to it and ``barred`` to
    the others."""
    return own.bit_count(), 13 - barred.bit_count()


@lru_cache(maxsize=4096)
def _by_length(kinds: tuple[str, ...], own: int = 0, barred: int = 0) -> tuple[tuple[int, int], ...]:
    """For each length 0 to 13, the least and most the ``kinds`` (each a count, ``length`` or ``quality``,
    added once for each time it is named; a hand's ``cccc`` is its suits' part here) come to in one
    suit of that many cards that holds ``own`` and none of ``barred`` (a length no such holding has:
    `NOTHING` turned about, which no shape takes)."""
    values = _values(kinds)
    may = _may_hold(own, barred)
    lengths = tables.length_table()[may]
    least, most = np.full(14, NOTHING[1]), np.full(14, NOTHING[0])
    np.minimum.at(least, lengths, values[may])
    np.maximum.at(most, lengths, values[may])
    return tuple(zip(least.tolist(), most.tolist(), strict=True))


def _may_hold(own: int, barred: int) -> npt.NDArray[np.bool_]:
    """Which holdings of a suit hold the cards ``own`` and none of ``barred``."""
    every = np.arange(HOLDINGS)
    may: npt.NDArray[np.bool_] = ((every & own) == own) & ((every & barred) == 0)
    return may


def _values(kinds: Sequence[str]) -> npt.NDArray[np.int64]:
    """What the ``kinds`` add up to in each holding of a suit (a kind named twice, twice)."""
    return sum((_holding_values(kind).astype(np.int64) for kind in kinds), np.zeros(HOLDINGS, np.int64))


def _holding_values(kind: str) -> tables.Table:
    """What ``kind`` comes to in each suit holding (a hand's ``cccc``: its suit's part, without shortness)."""
    if kind == "quality":
        return tables.quality_table()
    if kind == "cccc":
        return tables.cccc_table()
    return tables.named_table(kind)  # length, hcp, controls, losers, pt0 .. pt9


@cache
def per_card_total(kind: str) -> int | None:
    """What a suit of the deck holds of ``kind`` when each card counts on its own, whoever holds it (10
    HCP, 3 controls, 1 ace, 13 of c13): a holding's count is its cards' counts added. None for a count
    that weighs a holding as a whole (losers, quality, cccc) or a length (13 a suit, but also a hand's)."""
    if kind in ("length", "cccc"):
        return None
    values = _holding_values(kind).astype(np.int64)
    each = [int(values[1 << bit]) for bit in range(13)]
    cards = sum(((np.arange(HOLDINGS) >> bit & 1) * weight for bit, weight in enumerate(each)),
                np.zeros(HOLDINGS, np.int64))
    return int(values[-1]) if np.array_equal(values, cards) else None


def _share(held: set[Seat], ranges: Mapping[Seat, tuple[int, int]], whole: int) -> tuple[int, int]:
    """The least and most ``held`` hands hold together of what the four hold ``whole`` of, each seat in its
    range: their own ranges added, and what the others leave."""
    if not held:
        return 0, 0
    others = [ranges[seat] for seat in Seat if seat not in held]
    least = max(sum(ranges[seat][0] for seat in held), whole - sum(high for _, high in others))
    most = min(sum(ranges[seat][1] for seat in held), whole - sum(low for low, _ in others))
    return least, most


def _length_sum(cells: set[tuple[Seat, Suit]], limits: Mapping[Seat, SeatLimits],
                predealt: Predealt = NONE_PREDEALT) -> tuple[int, int]:
    """The least and most the suit lengths ``cells`` (seat, suit) add up to (`sum_range`)."""
    if not cells:
        return 0, 0
    own = {(seat, suit): _seat_lengths(seat, suit, limits, predealt) for seat in Seat for suit in SUIT_ORDER}
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


def _by_suit(added: Sequence[Addend], limits: Mapping[Seat, SeatLimits],
             predealt: Predealt) -> list[tuple[int, int]]:
    """For each suit, the least and most the addends come to in it over every way its 13 cards can be
    shared among the four hands (`_shared`), each holding of a length the hand's limits allow, with the
    cards predealt to it and none predealt to another: what sums over hands weigh that a hand at a time
    cannot (four hands have 3 aces, kings and queens a suit to lose 9 losers by, not 12 each). A hand's
    count adds its suits' (no ``cccc``, whose shortness is the whole hand's)."""
    found = []
    for suit in SUIT_ORDER:
        seats = tuple((tuple(sorted(a.kind for a in added if a.seat is seat and a.suit in (None, suit))),
                       *_holds(seat, suit, predealt), _seat_lengths(seat, suit, limits, predealt))
                      for seat in Seat)
        found.append(_shared(seats))
    return found


@lru_cache(maxsize=4096)
def _shared(seats: tuple[tuple[tuple[str, ...], int, int, tuple[int, int]], ...]) -> tuple[int, int]:
    """The least and most the four hands' ``kinds`` of one suit add up to over every split of its 13
    cards, each hand (its kinds, the holding predealt to it, that predealt to the others, its fewest and
    most cards) holding what it may: a pass over the hands whose state is the cards dealt so far. Cards
    no hand tells apart (a suit's 2 to ten, for losers) are counted, not listed (`_interchangeable`), so
    that the pass is small."""
    values, allowed = [], []
    length = tables.length_table()
    for kinds, own, barred, (low, high) in seats:
        values.append(_values(kinds))
        allowed.append(_may_hold(own, barred) & (length >= low) & (length <= high))
    groups = _interchangeable(values, allowed)
    sizes = [len(group) for group in groups]
    strides = np.cumprod([1, *[size + 1 for size in sizes]])
    states = int(strides[-1])
    counts = np.arange(states)[:, None] // strides[:-1] % (np.array(sizes) + 1)  # [state, group]
    holding = np.zeros(states, np.int64)
    for at, group in enumerate(groups):
        for taken, bit in enumerate(group):
            holding |= (counts[:, at] > taken).astype(np.int64) << bit
    first, then = _pairs(tuple(sizes))
    found = []
    for sign in (1, -1):
        scores = [np.where(may, sign * value, -_INF)[holding]
                  for value, may in zip(values, allowed, strict=True)]
        front, back = _fold(scores[:2], first, then), _fold(scores[2:], first, then)
        found.append(sign * int((front + back[::-1]).max()))  # state s and its complement: every card
    most, least = found
    return (least, most) if least <= most else NOTHING


def _fold(scores: Sequence[npt.NDArray[np.int64]], first: npt.NDArray[np.int32],
          then: npt.NDArray[np.int32]) -> npt.NDArray[np.int64]:
    """The most the hands' ``scores`` add up to for each state of `_shared` (so many cards of each group
    dealt among them), over the `_pairs` ``first`` and ``then``: two hands met halfway, not four in a row,
    so that a suit takes two passes over the pairs, not three."""
    reach = scores[0]
    for step in scores[1:]:
        best = np.full(len(reach), -_INF)
        np.maximum.at(best, first + then, reach[first] + step[then])
        reach = np.maximum(best, -_INF)
    return reach


_INF = 2**40
"""Past any count of a suit: what a holding a hand may not hold is worth, in `_shared`."""


def _interchangeable(values: Sequence[npt.NDArray[np.int64]],
                     allowed: Sequence[npt.NDArray[np.bool_]]) -> list[list[int]]:
    """The cards of a suit (bits, two first) in runs of next ranks that every hand's ``values`` and
    ``allowed`` holdings treat alike: swapping two of a run changes no hand's value."""
    every = np.arange(HOLDINGS)
    groups = [[0]]
    for bit in range(1, 13):
        swapped = every ^ (((every >> bit ^ every >> (bit - 1)) & 1) * (3 << (bit - 1)))
        alike = all(np.array_equal(value[swapped], value) and np.array_equal(may[swapped], may)
                    for value, may in zip(values, allowed, strict=True))
        if alike:
            groups[-1].append(bit)
        else:
            groups.append([bit])
    return groups


@lru_cache(maxsize=4)
def _pairs(sizes: tuple[int, ...]) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Every two states of `_shared` (so many cards of each group) that together take no more of a group
    than it has: the cards dealt so far, and those the next hand takes. Up to 3**13 pairs (13 MB) when
    predealt cards part every card from the next: so few kept that a run of predeals cannot pile them up."""
    first, then = np.zeros(1, np.int32), np.zeros(1, np.int32)
    stride = 1
    for size in sizes:
        split = [(x, y) for x in range(size + 1) for y in range(size + 1 - x)]
        xs = np.array([x for x, _ in split], np.int32) * stride
        ys = np.array([y for _, y in split], np.int32) * stride
        first = (first[:, None] + xs).ravel()
        then = (then[:, None] + ys).ravel()
        stride *= size + 1
    return first, then
