"""Hands (a 52-bit set of cards) and deals (four hands, some possibly unknown), with PBN deal strings."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from bridgetools._gc import collector_paused
from bridgetools.errors import BridgeError, NotationError, TooManyCardsError
from bridgetools.model.cards import (
    ALL_CARDS,
    RANK_CHARS,
    SUITS_DISPLAY_ORDER,
    Card,
    Seat,
    Suit,
    _unglyph,
)

SUIT_MASK = (1 << 13) - 1
FULL_DECK = (1 << 52) - 1
_SEATS = tuple(Seat)

# HCP of every 13-bit suit holding (bit r-2 set for rank r): J=bit 9, Q=10, K=11, A=12.
_HONOUR_BITS = ((9, 1), (10, 2), (11, 3), (12, 4))


def holding_hcp(holding: int) -> int:
    """High-card points of a 13-bit suit holding."""
    return sum(points for bit, points in _HONOUR_BITS if holding >> bit & 1)


def holding_str(holding: int) -> str:
    """Ranks of a 13-bit suit holding, highest first (``AKT2``); empty for a void."""
    return "".join(RANK_CHARS[r] for r in range(12, -1, -1) if holding >> r & 1)


_RANK_BITS = {c: 1 << i for i, c in enumerate(RANK_CHARS)} | {
    c.lower(): 1 << i for i, c in enumerate(RANK_CHARS)
}


def parse_holding(text: str, what: str = "holding") -> int:
    """A 13-bit suit holding from ranks in any order and case (``AKT2``, ``2tka``, ``A10``).

    Raises `NotationError` naming ``what`` was being read and the offending character.
    """
    return _scan_holding(text, 0, text, what)


def _scan_holding(text: str, start: int, whole: str, what: str) -> int:
    """The holding written in ``text``, which begins at index ``start`` of ``whole`` (for positions)."""
    holding = 0
    for ch in text:  # the common case, ranks only and each once, without the bookkeeping below
        bit = _RANK_BITS.get(ch, 0)
        if not bit or holding & bit:
            break
        holding |= bit
    else:
        return holding
    holding = 0
    i = 0
    while i < len(text):
        ch = text[i].upper()
        width = 1
        if ch == "1" and text[i + 1 : i + 2] == "0":
            ch, width = "T", 2
        if ch.isspace():
            i += 1
            continue
        if ch not in RANK_CHARS:
            raise NotationError(
                f"bad {what} in {whole!r}: {text[i]!r} is not a rank (expected AKQJT98765432)",
                whole, start + i,
            )
        bit = 1 << RANK_CHARS.index(ch)
        if holding & bit:
            raise NotationError(f"bad {what} in {whole!r}: {ch!r} appears twice", whole, start + i)
        holding |= bit
        i += width
    return holding


def _scan_hand(text: str, start: int, whole: str, owner: str) -> Hand:
    """A PBN hand (four holdings split by dots) found at index ``start`` of ``whole``."""
    parts = text.split(".")
    if len(parts) != 4:
        raise NotationError(
            f"bad {owner} in {whole!r}: expected four suits separated by dots, found {len(parts)}",
            whole, start,
        )
    holdings = []
    offset = start
    for suit, part in zip(SUITS_DISPLAY_ORDER, parts, strict=True):
        skip = 0
        # Redundant suit letters (``SA7.H864.DQJT73.CAKQ``) are tolerated, as real files use them.
        if part[:1].upper() == suit.name:
            skip = 1
        what = f"{suit.full_name} of {owner}"
        holdings.append(_scan_holding(part[skip:], offset + skip, whole, what))
        offset += len(part) + 1
    return Hand.from_holdings(*holdings)


def hands_read(
    text: str, readers: Iterable[tuple[Seat, int, Callable[[], Hand] | None]],
) -> tuple[dict[Seat, Hand | None], list[NotationError]]:
    """Each seat's hand as its reader reads it (None: unknown as given) from ``text``, where it starts at
    the index given; one that cannot be read, or holds more than 13 cards, unknown and its problem given
    back, not raised: so that a deal's other hands stand (PBN's Deal, LIN's md)."""
    hands: dict[Seat, Hand | None] = {}
    bad: list[NotationError] = []
    for seat, at, read in readers:
        try:
            hand = hands[seat] = None if read is None else read()
            if hand is not None and len(hand) > 13:
                raise TooManyCardsError(seat, len(hand), text, at)
        except NotationError as e:
            hands[seat] = None
            bad.append(e)
    return hands, bad


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards, stored as a 52-bit int (bit ``Card.index``): a player's hand, or any card set."""

    mask: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.mask <= FULL_DECK:
            raise BridgeError(f"hand mask out of range: {self.mask:#x}")

    # Construction -------------------------------------------------------------------------
    @classmethod
    def from_cards(cls, cards: Iterable[Card | str]) -> Hand:
        mask = 0
        for card in cards:
            bit = Card.parse(card).bit
            if mask & bit:
                raise BridgeError(f"card {Card.parse(card)} appears twice")
            mask |= bit
        return cls(mask)

    @classmethod
    def from_holdings(cls, spades: int, hearts: int, diamonds: int, clubs: int) -> Hand:
        """From four 13-bit holdings, in the order players write them."""
        return cls(clubs | diamonds << 13 | hearts << 26 | spades << 39)

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """From a PBN hand: ``AKQ2.KJ3.T98.432`` (spades first, any rank order, ``10`` for T).

        Redundant suit letters (``SA7.H864.DQJT73.CAKQ``) are tolerated, as real files use them.
        """
        if not isinstance(text, str):
            raise NotationError(f"not a hand: {text!r} (expected four suits separated by dots)")
        raw = _unglyph(text)
        return _scan_hand(raw.strip(), len(raw) - len(raw.lstrip()), text, "hand")

    @classmethod
    def parse(cls, text: str) -> Hand:
        """From a PBN hand (``AKQ2.KJ3.T98.432``) or a list of cards (``SA SK HQ``)."""
        if not isinstance(text, str) or "." in text:
            return cls.from_pbn(text)
        return cls.from_cards(text.replace(",", " ").split())

    # Queries ------------------------------------------------------------------------------
    def holding(self, suit: Suit) -> int:
        """The 13-bit holding in ``suit`` (bit ``rank - 2``)."""
        return self.mask >> (13 * suit) & SUIT_MASK

    def length(self, suit: Suit) -> int:
        return self.holding(suit).bit_count()

    def cards_in(self, suit: Suit) -> list[Card]:
        """Cards of ``suit``, highest first."""
        h, base = self.holding(suit), 13 * suit
        return [ALL_CARDS[base + r] for r in range(12, -1, -1) if h >> r & 1]

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths as (spades, hearts, diamonds, clubs)."""
        spades, hearts, diamonds, clubs = (self.length(s) for s in SUITS_DISPLAY_ORDER)
        return spades, hearts, diamonds, clubs

    @property
    def hcp(self) -> int:
        """High-card points (A=4, K=3, Q=2, J=1)."""
        return sum(holding_hcp(self.holding(s)) for s in Suit)

    def cards(self) -> list[Card]:
        """Every card, spades first and highest first within a suit."""
        return [c for s in SUITS_DISPLAY_ORDER for c in self.cards_in(s)]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards())

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = Card.parse(card)
        if not isinstance(card, Card):
            return False
        return bool(self.mask >> card.index & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    # Set operations -----------------------------------------------------------------------
    def __or__(self, other: Hand) -> Hand:
        return Hand(self.mask | other.mask)

    def __and__(self, other: Hand) -> Hand:
        return Hand(self.mask & other.mask)

    def __sub__(self, other: Hand) -> Hand:
        return Hand(self.mask & ~other.mask)

    def add(self, card: Card) -> Hand:
        return Hand(self.mask | card.bit)

    def remove(self, card: Card) -> Hand:
        return Hand(self.mask & ~card.bit)

    # Printing -----------------------------------------------------------------------------
    def to_pbn(self) -> str:
        return ".".join(holding_str(self.holding(s)) for s in SUITS_DISPLAY_ORDER)

    def unicode(self) -> str:
        """``♠AKQ2 ♥KJ3 ♦T98 ♣432``, with ``-`` for a void."""
        return " ".join(
            s.symbol + (holding_str(self.holding(s)) or "-") for s in SUITS_DISPLAY_ORDER
        )

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.to_pbn()!r})"


class Deal:
    """Four hands indexed by `Seat`; a hand may be unknown (None), and hands may hold fewer than 13
    cards, as many or not (end positions; a lesson that starts part-way through a trick). No card may
    be in two hands."""

    __slots__ = ("_hands",)
    _hands: tuple[Hand | None, ...]

    def __init__(self, hands: Iterable[Hand | None] | dict[Seat, Hand | None]) -> None:
        if isinstance(hands, dict):
            seq: tuple[Hand | None, ...] = tuple(hands.get(s) for s in Seat)
        else:
            seq = tuple(hands)
        if len(seq) != 4:
            raise BridgeError(f"a deal has four hands, not {len(seq)}")
        seen = 0
        for seat, hand in zip(Seat, seq, strict=True):
            if hand is None:
                continue
            if not isinstance(hand, Hand):
                raise BridgeError(f"{seat.full_name}'s hand is not a Hand: {hand!r}")
            if len(hand) > 13:
                raise BridgeError(f"{seat.full_name} has {len(hand)} cards (at most 13)")
            twice = seen & hand.mask
            if twice:
                card = Card.from_index((twice & -twice).bit_length() - 1)
                other = next(s for s, h in zip(Seat, seq, strict=False) if h is not None and card in h)
                raise BridgeError(
                    f"card {card} is in two hands ({other.full_name}'s and {seat.full_name}'s)"
                )
            seen |= hand.mask
        object.__setattr__(self, "_hands", seq)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    def __reduce__(self) -> tuple[type[Deal], tuple[tuple[Hand | None, ...]]]:
        """Pickled through the constructor (slots cannot be set on an immutable deal): boards read in
        worker processes come back to the parent."""
        return (Deal, (self._hands,))

    # Construction -------------------------------------------------------------------------
    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """From a PBN deal string ``N:AKQ2.KJ3.T98.432 ...`` (any first seat, ``-`` for an unknown hand).

        The first seat and colon may be left out (North is assumed), as some programs do. Hands may
        hold different numbers of cards (a position part-way through a trick): every deal string
        `to_pbn` writes reads back.
        """
        deal, bad = cls.read_pbn(text)
        if bad:
            raise bad[0]
        return deal

    @classmethod
    def read_pbn(cls, text: str) -> tuple[Deal, list[NotationError]]:
        """As `from_pbn`, but a hand that cannot be read is unknown and its problem (placed in ``text``)
        given back, not raised, so the other hands stand (a file reader keeps them). Raises
        `NotationError` for a bad seat, other than four hands, a card in two hands or no hand read."""
        if not isinstance(text, str):
            raise NotationError(f"not a deal: {text!r} (expected a PBN deal string, N:AKQ2.KJ3.T98.432 ...)")
        raw = _unglyph(text)
        body = raw.lstrip()
        start = len(raw) - len(body)
        first = Seat.N
        if len(body) >= 2 and body[1] == ":":
            try:
                first = Seat.parse(body[0])
            except BridgeError:
                raise NotationError(
                    f"bad deal {text!r}: {body[0]!r} is not a seat (expected N, E, S or W)", text, start
                ) from None
            start += 2
        words = [(m.start(), m.group()) for m in re.finditer(r"\S+", raw[start:])]
        if len(words) != 4:
            raise NotationError(f"bad deal {text!r}: expected four hands, found {len(words)}", text)
        seats = [first.offset(i) for i in range(4)]
        hands, bad = hands_read(text, (
            (seat, start + at, None if word == "-" else functools.partial(_scan_hand, word, start + at, text,
                                                                          f"{seat.full_name}'s hand"))
            for seat, (at, word) in zip(seats, words, strict=True)))
        if bad and all(hand is None for hand in hands.values()):
            raise bad[0]  # nothing read: not a deal
        try:
            return cls(hands), bad
        except BridgeError as e:
            raise NotationError(f"bad deal {text!r}: {e}", text) from None

    @classmethod
    def parse(cls, text: str) -> Deal:
        return cls.from_pbn(text)

    @classmethod
    def _from_dealt_masks(cls, rows: Iterable[Iterable[int]] | Callable[[], Iterable[Iterable[int]]]
                          ) -> list[Deal]:
        """Deals from rows of four card masks (N, E, S, W) that are known to be deals already: no card in
        two hands, at most 13 cards each, every mask within the deck. For the dealer, whose engine deals
        only such rows, so building a million deals does not check each card again. Nothing is checked:
        any other caller uses ``Deal(...)``.

        ``rows`` may be a callable returning them (such as a numpy array's ``tolist``), so that making
        the rows falls in the time the cyclic garbage collector is paused: the new objects hold no cycles,
        and its passes over a growing heap would otherwise take most of the time.
        """
        new, set_mask, set_hands = object.__new__, _SET_MASK, _SET_HANDS
        deals = []
        with collector_paused():
            for row in rows() if callable(rows) else rows:
                hands = []
                for mask in row:
                    hand = new(Hand)
                    set_mask(hand, mask)
                    hands.append(hand)
                deal = new(cls)
                set_hands(deal, tuple(hands))
                deals.append(deal)
        return deals

    # Queries ------------------------------------------------------------------------------
    def __getitem__(self, seat: Seat | int | str) -> Hand | None:
        """The hand of ``seat`` (a `Seat`, its letter or name, or its number 0-3, N=0), None if unknown: typed
        ``Hand | None`` as a partial deal has unknown hands; `known_hand` is the ``Hand``-typed form."""
        if type(seat) is not Seat:
            try:
                seat = Seat.parse(seat)
            except BridgeError:
                raise BridgeError(f"a deal is indexed by seat: Seat.N, 'N', 'north' or 0-3 (N=0), "
                                  f"not {seat!r}") from None
        return self._hands[seat]

    def __iter__(self) -> Iterator[Hand | None]:
        return iter(self._hands)

    def hand(self, seat: Seat) -> Hand:
        """``seat``'s hand; an empty hand when it is unknown."""
        return self._hands[seat] or Hand()

    def known_hand(self, seat: Seat | int | str) -> Hand:
        """``seat``'s hand, typed `Hand` where ``deal[seat]`` is ``Hand | None``: for code checked by mypy
        that reads whole deals (`generate`'s, a hand record's). Raises `BridgeError` when the hand is
        unknown, rather than give an empty one as `hand` does."""
        hand = self[seat]
        if hand is None:
            raise BridgeError(f"{Seat.parse(seat).full_name}'s hand is not known in the deal {self.to_pbn()}")
        return hand

    @property
    def hands(self) -> tuple[Hand | None, ...]:
        return self._hands

    @property
    def is_complete(self) -> bool:
        """All four hands known, 13 cards each."""
        return all(h is not None and len(h) == 13 for h in self._hands)

    def known_cards(self) -> Hand:
        mask = 0
        for h in self._hands:
            if h is not None:
                mask |= h.mask
        return Hand(mask)

    def holder(self, card: Card | str) -> Seat | None:
        """Who holds ``card``, a `Card` or its string (``"SA"``), as `Play.add` takes it (None when the card
        is in no known hand); a string that is no card is a `NotationError`."""
        if type(card) is not Card:
            card = Card.parse(card)
        bit = 1 << card.index
        for seat, hand in zip(_SEATS, self._hands, strict=True):
            if hand is not None and hand.mask & bit:
                return seat
        return None

    def with_hand(self, seat: Seat, hand: Hand | None) -> Deal:
        hands = list(self._hands)
        hands[seat] = hand
        return Deal(hands)

    def completed(self) -> Deal:
        """With the one unknown (or empty) hand given the cards nobody else holds, when the other
        three hold 13 each; otherwise the deal unchanged."""
        missing = [s for s in Seat if not self._hands[s]]
        if len(missing) == 1 and all(
            len(self._hands[s] or Hand()) == 13 for s in Seat if s != missing[0]
        ):
            return self.with_hand(missing[0], Hand(FULL_DECK & ~self.known_cards().mask))
        return self

    # Printing -----------------------------------------------------------------------------
    def to_pbn(self, first: Seat = Seat.N) -> str:
        parts = []
        for i in range(4):
            hand = self._hands[first.offset(i)]
            parts.append("-" if hand is None else hand.to_pbn())
        return f"{first.name}:" + " ".join(parts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._hands == other._hands

    def __hash__(self) -> int:
        return hash(self._hands)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"


# Slot setters for `Deal._from_dealt_masks`, which skips the constructors' checks.
_SET_MASK = Hand.mask.__set__  # type: ignore[attr-defined,misc]  # a slot descriptor mypy cannot see
_SET_HANDS = Deal._hands.__set__  # type: ignore[attr-defined,misc]  # a slot descriptor mypy cannot see
