"""Hands (a 52-bit set of cards) and deals (four hands, some possibly unknown), with PBN deal strings."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from bridgetools.errors import BridgeError
from bridgetools.model.cards import (
    RANK_CHARS,
    SUITS_DISPLAY_ORDER,
    Card,
    Rank,
    Seat,
    Suit,
    _unglyph,
)

SUIT_MASK = (1 << 13) - 1
FULL_DECK = (1 << 52) - 1

# HCP of every 13-bit suit holding (bit r-2 set for rank r): J=bit 9, Q=10, K=11, A=12.
_HONOUR_BITS = ((9, 1), (10, 2), (11, 3), (12, 4))


def holding_hcp(holding: int) -> int:
    """High-card points of a 13-bit suit holding."""
    return sum(points for bit, points in _HONOUR_BITS if holding >> bit & 1)


def holding_str(holding: int) -> str:
    """Ranks of a 13-bit suit holding, highest first (``AKT2``); empty for a void."""
    return "".join(RANK_CHARS[r] for r in range(12, -1, -1) if holding >> r & 1)


def parse_holding(text: str, what: str = "holding") -> int:
    """A 13-bit suit holding from ranks in any order and case (``AKT2``, ``2tka``, ``A10``)."""
    text = text.strip().upper().replace("10", "T")
    holding = 0
    for ch in text:
        if ch not in RANK_CHARS:
            raise BridgeError(f"bad {what} {text!r}: {ch!r} is not a rank")
        bit = 1 << RANK_CHARS.index(ch)
        if holding & bit:
            raise BridgeError(f"bad {what} {text!r}: {ch!r} appears twice")
        holding |= bit
    return holding


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
        raw = _unglyph(text.strip())
        parts = raw.split(".")
        if len(parts) != 4:
            raise BridgeError(f"bad hand {text!r}: expected four suits separated by dots")
        holdings = []
        for suit, part in zip(SUITS_DISPLAY_ORDER, parts, strict=True):
            part = part.strip()
            if part[:1].upper() == suit.name and len(part) > 0 and part[:1].upper() not in "TJQKA":
                part = part[1:]
            holdings.append(parse_holding(part, f"{suit.full_name} in hand {text!r}"))
        return cls.from_holdings(*holdings)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """From a PBN hand (``AKQ2.KJ3.T98.432``) or a list of cards (``SA SK HQ``)."""
        if "." in text:
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
        h = self.holding(suit)
        return [Card(suit, Rank(r + 2)) for r in range(12, -1, -1) if h >> r & 1]

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths as (spades, hearts, diamonds, clubs)."""
        return tuple(self.length(s) for s in SUITS_DISPLAY_ORDER)  # type: ignore[return-value]

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
    cards (end positions). No card may be in two hands."""

    __slots__ = ("_hands",)

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
                raise BridgeError(f"card {card} is in two hands ({seat.full_name} and another)")
            seen |= hand.mask
        object.__setattr__(self, "_hands", seq)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    # Construction -------------------------------------------------------------------------
    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """From a PBN deal string ``N:AKQ2.KJ3.T98.432 ...`` (any first seat, ``-`` for an unknown hand).

        The first seat and colon may be left out (North is assumed), as some programs do.
        """
        raw = text.strip()
        first = Seat.N
        if len(raw) >= 2 and raw[1] == ":":
            try:
                first = Seat.parse(raw[0])
            except BridgeError:
                raise BridgeError(
                    f"bad deal {text!r}: {raw[0]!r} is not a seat (expected N, E, S or W)"
                ) from None
            raw = raw[2:]
        parts = raw.split()
        if len(parts) != 4:
            raise BridgeError(f"bad deal {text!r}: expected four hands, found {len(parts)}")
        hands: dict[Seat, Hand | None] = {}
        for i, part in enumerate(parts):
            seat = first.offset(i)
            hands[seat] = None if part == "-" else Hand.from_pbn(part)
        try:
            return cls(hands)
        except BridgeError as e:
            raise BridgeError(f"bad deal {text!r}: {e}") from None

    @classmethod
    def parse(cls, text: str) -> Deal:
        return cls.from_pbn(text)

    # Queries ------------------------------------------------------------------------------
    def __getitem__(self, seat: Seat | int | str) -> Hand | None:
        if isinstance(seat, str):
            seat = Seat.parse(seat)
        return self._hands[seat]

    def __iter__(self) -> Iterator[Hand | None]:
        return iter(self._hands)

    def hand(self, seat: Seat) -> Hand:
        """``seat``'s hand; an empty hand when it is unknown."""
        return self._hands[seat] or Hand()

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

    def holder(self, card: Card) -> Seat | None:
        """Who holds ``card`` (None when the card is in no known hand)."""
        for seat, hand in zip(Seat, self._hands, strict=True):
            if hand is not None and card in hand:
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
