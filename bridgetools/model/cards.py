"""Seats, suits, strains, ranks, cards and vulnerability: the small values everything else is made of.

One encoding everywhere: seats N=0 E=1 S=2 W=3 (clockwise), suits and strains in bidding order
C<D<H<S(<NT), ranks 2..14, and ``Card.index = suit * 13 + rank - 2``.
"""

from __future__ import annotations

import contextlib
import operator
from collections.abc import Callable
from enum import IntEnum, StrEnum
from typing import NamedTuple, TypeVar

from bridgetools.errors import BridgeError, NotationError

SUIT_GLYPHS = {
    "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C",
}
"""Suit symbols that parsers accept, both glyph sets, mapped to their letters."""


def _unglyph(text: str) -> str:
    """Text with every suit symbol replaced by its letter."""
    for glyph, letter in SUIT_GLYPHS.items():
        if glyph in text:
            text = text.replace(glyph, letter)
    return text


class Seat(IntEnum):
    """A player's seat at the table, clockwise from North."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next player clockwise."""
        return _SEATS[(self + 1) % 4]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous player clockwise."""
        return _SEATS[(self + 3) % 4]

    @property
    def side(self) -> Side:
        """`Side.NS` or `Side.EW` (equal to the strings ``"NS"`` and ``"EW"`` that it used to be)."""
        return Side.NS if self % 2 == 0 else Side.EW

    @property
    def letter(self) -> str:
        return self.name

    @property
    def full_name(self) -> str:
        return ("North", "East", "South", "West")[self]

    def offset(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return _SEATS[(self + steps) % 4]

    @classmethod
    def parse(cls, text: str | int) -> Seat:
        """A seat from ``N``, ``north``, ``North`` (any case), or a number 0-3 (N=0): an int, not another
        enum's member (``Vul.NS`` is no East, though it is 1) nor a bool."""
        if isinstance(text, Seat):
            return text
        if type(text) is int and 0 <= text <= 3:
            return cls(text)
        if isinstance(text, str):
            key = text.strip().upper()
            for seat in cls:
                if key in (seat.name, seat.full_name.upper()):
                    return seat
        raise NotationError(f"not a seat: {text!r} (expected N, E, S or W)", str(text))

    @classmethod
    def dealer_of_board(cls, number: int) -> Seat:
        """Law 2: board 1 is dealt by North, then clockwise, repeating every four boards."""
        if number < 1:
            raise BridgeError(f"board numbers start at 1, not {number}")
        return cls((number - 1) % 4)

    def __str__(self) -> str:
        return self.name


_SEATS = tuple(Seat)
"""The seats by number: looked up instead of calling the enum, which the play does for every card."""


class Side(StrEnum):
    """A partnership: North-South or East-West. A str enum, so ``Side.NS == "NS"`` still holds for code
    written when sides were strings."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of the side: N and S, or E and W."""
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def opponents(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @classmethod
    def parse(cls, text: str | Seat | Side) -> Side:
        """A side from ``NS``/``EW`` (``N-S``, ``ew``, any case) or from one of its seats."""
        if isinstance(text, Side):
            return text
        if isinstance(text, Seat):
            return text.side
        if isinstance(text, str):
            key = text.strip().upper().replace("-", "").replace("/", "")
            if key in ("NS", "SN"):
                return cls.NS
            if key in ("EW", "WE"):
                return cls.EW
        raise NotationError(f"not a side: {text!r} (expected NS or EW)", str(text))

    def __str__(self) -> str:
        return self.value


class Suit(IntEnum):
    """A suit, in bidding order (clubs lowest)."""

    C = 0
    D = 1
    H = 2
    S = 3

    @property
    def letter(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def full_name(self) -> str:
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def strain(self) -> Strain:
        return Strain(int(self))

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """A suit from ``S``, ``s``, ``♠``, ``♤`` or ``spades``."""
        if isinstance(text, Suit):
            return text
        if isinstance(text, str):
            key = _unglyph(text.strip()).upper()
            for suit in cls:
                if key in (suit.name, suit.full_name.upper(), suit.full_name.upper()[:-1]):
                    return suit
        raise NotationError(f"not a suit: {text!r} (expected S, H, D or C)", str(text))

    def __str__(self) -> str:
        return self.name


SUITS_DISPLAY_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)
"""Suits in the order players write a hand: spades first."""


class Strain(IntEnum):
    """A denomination of a bid: the four suits and notrump, in bidding order."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at notrump."""
        return None if self is Strain.NT else Suit(int(self))

    @property
    def letter(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        return "NT" if self is Strain.NT else "♣♦♥♠"[self]

    @property
    def is_major(self) -> bool:
        return self in (Strain.H, Strain.S)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.C, Strain.D)

    @classmethod
    def parse(cls, text: str | int | Suit) -> Strain:
        """A strain from ``S``, ``♠``, ``N``, ``NT``, ``notrump`` (any case), a `Suit`, or a number 0-4
        (C=0): an int, not another enum's member (``Seat.S`` is no hearts, though it is 2) nor a bool."""
        if isinstance(text, Strain):
            return text
        if isinstance(text, Suit):
            return text.strain
        if type(text) is int and 0 <= text <= 4:
            return cls(text)
        key = _unglyph(text.strip()).upper() if isinstance(text, str) else ""
        if key in ("N", "NT", "NOTRUMP", "NOTRUMPS", "NO TRUMP", "SA"):
            return cls.NT
        with contextlib.suppress(BridgeError):
            return Suit.parse(key).strain
        raise NotationError(f"not a strain: {text!r} (expected C, D, H, S or NT)", str(text))

    def __str__(self) -> str:
        return self.name


RANK_CHARS = "23456789TJQKA"


class Rank(IntEnum):
    """A card's rank, 2 to 14 (ace)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        return RANK_CHARS[self - 2]

    @property
    def hcp(self) -> int:
        """Milton Work points: A=4, K=3, Q=2, J=1."""
        return max(0, self - 10)

    @classmethod
    def parse(cls, text: str | Rank) -> Rank:
        """A rank from ``A``, ``k``, ``T``, ``10`` or ``7``."""
        if isinstance(text, Rank):
            return text
        key = text.strip().upper() if isinstance(text, str) else ""
        if key == "10":
            key = "T"
        if len(key) == 1 and key in RANK_CHARS:
            return cls(RANK_CHARS.index(key) + 2)
        raise NotationError(f"not a rank: {text!r} (expected A K Q J T 9 ... 2)", str(text))

    def __str__(self) -> str:
        return self.char


class _SuitAndRank(NamedTuple):
    suit: Suit
    rank: Rank


class Card(_SuitAndRank):
    """A playing card. ``str(Card)`` is ``SA``; ``Card.parse`` also takes ``♠A``, ``sa``, ``S10``, ``AS``.

    ``Card(suit, rank)`` takes a `Suit`, its letter or its number 0-3 (C=0), and a `Rank`, its character
    (``A``, ``T``, ``10``) or its number 2-14 (ace 14): anything else is a BridgeError naming the argument.
    """

    __slots__ = ()

    def __new__(cls, suit: Suit | str | int, rank: Rank | str | int) -> Card:
        if type(suit) is not Suit:
            suit = _card_part(suit, "suit", Suit, Suit.parse, 0, 3, "S, H, D, C or 0-3 (clubs 0)")
        if type(rank) is not Rank:
            rank = _card_part(rank, "rank", Rank, Rank.parse, 2, 14, "A K Q J T 9 ... 2 or 2-14 (ace 14)")
        return super().__new__(cls, suit, rank)

    @property
    def index(self) -> int:  # type: ignore[override]  # a card's place in the deck, not tuple.index
        """0..51: ``suit * 13 + rank - 2`` (clubs 2 is 0, spade ace is 51)."""
        return self.suit * 13 + self.rank - 2

    @property
    def bit(self) -> int:
        return 1 << self.index

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise BridgeError(f"card index out of range: {index}")
        return ALL_CARDS[index]

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """A card from suit-then-rank (``SA``, ``♠A``, ``h10``) or rank-then-suit (``AS``, ``2C``)."""
        if isinstance(text, Card):
            return text
        key = _unglyph(text.strip()).upper() if isinstance(text, str) else ""
        if len(key) in (2, 3):
            for suit_part, rank_part in ((key[0], key[1:]), (key[-1], key[:-1])):
                if suit_part in "SHDC":
                    try:
                        return cls(Suit.parse(suit_part), Rank.parse(rank_part))
                    except BridgeError:
                        continue
        raise NotationError(
            f"not a card: {text!r} (expected a suit and a rank, such as SA or H10)", str(text)
        )

    def unicode(self) -> str:
        return self.suit.symbol + self.rank.char

    def __str__(self) -> str:
        return self.suit.name + self.rank.char

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def whole_number(value: object) -> int | None:
    """``value`` as an int when it is a whole number: an int or an integer of numpy's (a DataFrame's
    column), anything `operator.index` takes; not True or False (a flag, not a count); else None."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]  # anything else: TypeError
    except TypeError:
        return None


_Part = TypeVar("_Part", Suit, Rank)


def _card_part(value: object, name: str, kind: type[_Part], parse: Callable[[str], _Part], low: int,
               high: int, expected: str) -> _Part:
    """A card's suit or rank given otherwise than as its enum: a letter, or its number."""
    number = whole_number(value)
    if number is not None and low <= number <= high:
        return kind(number)
    if isinstance(value, str):
        with contextlib.suppress(BridgeError):
            return parse(value)
    raise BridgeError(f"a card's {name} is {expected}, not {value!r}")


ALL_CARDS: tuple[Card, ...] = tuple(Card(Suit(i // 13), Rank(i % 13 + 2)) for i in range(52))
"""Every card, by its index (clubs 2 to ace, then diamonds, hearts, spades)."""


class Vul(IntEnum):
    """Vulnerability of a board: nobody, North-South, East-West or both sides."""

    NONE = 0
    NS = 1
    EW = 2
    BOTH = 3

    def is_vulnerable(self, seat: Seat) -> bool:
        """Whether ``seat``'s side is vulnerable."""
        if self is Vul.BOTH:
            return True
        if self is Vul.NONE:
            return False
        return (self is Vul.NS) == (seat % 2 == 0)

    @property
    def pbn(self) -> str:
        """The PBN export spelling: None, NS, EW, All."""
        return ("None", "NS", "EW", "All")[self]

    @classmethod
    def parse(cls, text: str | Vul) -> Vul:
        """From PBN and common spellings: None/Love/-/o, NS/N-S, EW/E-W, All/Both/b."""
        if isinstance(text, Vul):
            return text
        if isinstance(text, str):
            key = text.strip().upper().replace("-", "").replace("/", "").replace(" ", "")
            if key in _VUL_WORDS:  # ``-`` is "" once the dashes of N-S and E-W are taken out
                return cls[_VUL_WORDS[key]]
        raise NotationError(f"not a vulnerability: {text!r} (expected None, NS, EW or All)", str(text))

    @classmethod
    def of_board(cls, number: int) -> Vul:
        """Law 2: the 16-board vulnerability cycle."""
        if number < 1:
            raise BridgeError(f"board numbers start at 1, not {number}")
        b = number - 1
        return (cls.NONE, cls.NS, cls.EW, cls.BOTH)[(b + b // 4) % 4]

    def __str__(self) -> str:
        return self.pbn


_VUL_WORDS = {
    "": "NONE", "NONE": "NONE", "LOVE": "NONE", "O": "NONE", "0": "NONE", "NS": "NS", "N": "NS",
    "EW": "EW", "E": "EW", "ALL": "BOTH", "BOTH": "BOTH", "B": "BOTH",
}
"""The spellings `Vul.parse` accepts, upper case without dashes, slashes or spaces, by member name."""
