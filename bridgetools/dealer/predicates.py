"""Composable predicates for Python code, written as dealer-language text so that both front ends share
one constraint representation (and one compiler):

>>> from bridgetools.dealer import hcp, spades, balanced
>>> str(hcp("north").between(15, 17) & balanced("north"))
'hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)'
>>> str((spades("south") >= 5) | ~(hcp("south") > 10))
'spades(south) >= 5 || !(hcp(south) > 10)'
>>> shorthand("south", "5+S 6-10")
'spades(south) >= 5 && hcp(south) >= 6 && hcp(south) <= 10'
"""

from __future__ import annotations

import re

from bridgetools.errors import ConstraintError
from bridgetools.model import Card, Seat, Suit

SeatLike = Seat | str
SuitLike = Suit | str

BALANCED = "any 4333 + any 4432 + any 5332"
SEMI_BALANCED = BALANCED + " + any 5422 + any 6322"


def seat_word(seat: SeatLike) -> str:
    """``north`` for `Seat.N`, ``"N"``, ``"north"``."""
    if isinstance(seat, str) and seat.lower() in ("north", "east", "south", "west"):
        return seat.lower()
    return Seat.parse(seat).full_name.lower()


def suit_word(suit: SuitLike) -> str:
    """``spades`` for `Suit.S`, ``"S"``, ``"spades"``."""
    if isinstance(suit, str) and suit.lower().rstrip("s") in ("club", "diamond", "heart", "spade"):
        return suit.lower().rstrip("s") + "s"
    return Suit.parse(suit).full_name.lower()


class Predicate:
    """A condition on a deal; combine with ``&``, ``|`` and ``~``; ``str()`` is its dealer-language text."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __and__(self, other: Predicate) -> Predicate:
        return Predicate(f"{_operand(self)} && {_operand(other)}")

    def __or__(self, other: Predicate) -> Predicate:
        return Predicate(f"{self.text} || {other.text}")

    def __invert__(self) -> Predicate:
        return Predicate(f"!({self.text})")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Predicate({self.text!r})"


def _operand(p: Predicate) -> str:
    """The text of ``p`` as an operand of ``&&``: bracketed when it holds an ``||`` (which binds looser)."""
    return f"({p.text})" if " || " in p.text else p.text


def _text(value: Predicate | Quantity | int) -> str:
    return str(value)


class Quantity:
    """A number per deal (hcp, a suit length, ...); compare it to get a `Predicate`, add or scale it."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def _compare(self, op: str, other: Quantity | int) -> Predicate:
        return Predicate(f"{self.text} {op} {_text(other)}")

    def __ge__(self, other: Quantity | int) -> Predicate:
        return self._compare(">=", other)

    def __gt__(self, other: Quantity | int) -> Predicate:
        return self._compare(">", other)

    def __le__(self, other: Quantity | int) -> Predicate:
        return self._compare("<=", other)

    def __lt__(self, other: Quantity | int) -> Predicate:
        return self._compare("<", other)

    def __eq__(self, other: object) -> Predicate:  # type: ignore[override]  # builds a predicate
        return self._compare("==", other)  # type: ignore[arg-type]  # _compare checks the operand

    def __ne__(self, other: object) -> Predicate:  # type: ignore[override]  # builds a predicate
        return self._compare("!=", other)  # type: ignore[arg-type]  # _compare checks the operand

    __hash__ = None  # type: ignore[assignment]  # == builds a predicate, so unhashable

    def between(self, low: int, high: int) -> Predicate:
        """``low <= self <= high``."""
        return Predicate(f"{self.text} >= {low} && {self.text} <= {high}")

    def __add__(self, other: Quantity | int) -> Quantity:
        return Quantity(f"({self.text} + {_text(other)})")

    def __radd__(self, other: int) -> Quantity:
        return Quantity(f"({other} + {self.text})")

    def __sub__(self, other: Quantity | int) -> Quantity:
        return Quantity(f"({self.text} - {_text(other)})")

    def __mul__(self, other: Quantity | int) -> Quantity:
        return Quantity(f"({self.text} * {_text(other)})")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Quantity({self.text!r})"


def _count(name: str, seat: SeatLike, suit: SuitLike | None) -> Quantity:
    """dealer's ``name(seat)`` or ``name(seat, suit)``: a count over a hand or one suit."""
    return Quantity(f"{name}({seat_word(seat)}{'' if suit is None else ', ' + suit_word(suit)})")


def hcp(seat: SeatLike, suit: SuitLike | None = None) -> Quantity:
    """High-card points of a hand, or of one suit."""
    return _count("hcp", seat, suit)


def length(seat: SeatLike, suit: SuitLike) -> Quantity:
    """Cards held in a suit."""
    return Quantity(f"{suit_word(suit)}({seat_word(seat)})")


def spades(seat: SeatLike) -> Quantity:
    return length(seat, Suit.S)


def hearts(seat: SeatLike) -> Quantity:
    return length(seat, Suit.H)


def diamonds(seat: SeatLike) -> Quantity:
    return length(seat, Suit.D)


def clubs(seat: SeatLike) -> Quantity:
    return length(seat, Suit.C)


def controls(seat: SeatLike, suit: SuitLike | None = None) -> Quantity:
    """Controls (ace 2, king 1)."""
    return _count("controls", seat, suit)


def losers(seat: SeatLike, suit: SuitLike | None = None) -> Quantity:
    """Losing-trick count, as dealer counts it."""
    return _count("losers", seat, suit)


def shape(seat: SeatLike, shapes: str) -> Predicate:
    """dealer's shape list: ``shape("north", "any 4333 + 54xx - any 0xxx")``."""
    return Predicate(f"shape({seat_word(seat)}, {shapes})")


def balanced(seat: SeatLike) -> Predicate:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
    return shape(seat, BALANCED)


def semi_balanced(seat: SeatLike) -> Predicate:
    """Balanced, or 5-4-2-2 or 6-3-2-2."""
    return shape(seat, SEMI_BALANCED)


def has_card(seat: SeatLike, card: Card | str) -> Predicate:
    """The seat holds the card (``"AS"``, ``"SA"`` or a `Card`)."""
    c = Card.parse(card) if isinstance(card, str) else card
    return Predicate(f"hascard({seat_word(seat)}, {c.rank.char}{c.suit.letter})")


_COUNT = r"(\d+)(?:-(\d+)|(\+)|(-))?"
"""A count as a player writes one: ``15-17``, ``15+``, ``10-`` (at most), ``12``."""

_SUIT_NAMES = {
    **{name: letter for letter, word in zip("SHDC", ("spade", "heart", "diamond", "club"), strict=True)
       for name in (word, word + "s", letter.lower(), letter)},
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    **dict.fromkeys(("major", "majors", "M"), "M"), **dict.fromkeys(("minor", "minors", "m"), "m"),
}
"""What a count of cards may be of, as a player names it (``5+ spades``, ``5+S``, ``5+ major``), as the
suit's letter or ``M`` / ``m`` (either major, either minor)."""

def _counted_as(word: str) -> str | None:
    """What a count of cards named ``word`` is of (`_SUIT_NAMES`: as written, ``M`` and ``m`` apart, else
    in any case: ``Spades``, ``MAJOR``); None for a word that names none."""
    return _SUIT_NAMES.get(word) or _SUIT_NAMES.get(word.lower())


_SHORTHAND_WORDS = ("balanced", "semibalanced", "unbalanced", "any", "hcp", "points", "spades", "hearts",
                    "diamonds", "clubs", "major", "minor")
"""The words of the hand shorthand a misspelt one is matched against (`_unread`)."""


def _unread(word: str, text: str) -> ConstraintError:
    """The error for a ``word`` of a shorthand ``text`` that says nothing it knows, with what it takes and
    the word it is closest to (``balancd``: did you mean balanced?)."""
    import difflib

    m = re.fullmatch(_COUNT + r"(\D+)", word)  # 5+spaeds: the unit misspelt
    count, unit = (word[:m.start(5)], m.group(5)) if m else ("", word)
    close = [w for w in difflib.get_close_matches(unit.lower(), _SHORTHAND_WORDS, n=1, cutoff=0.8)
             if w != unit.lower()]  # 'any' alone, '5+balanced': the word is known, its use is not
    guess = f"did you mean {count}{close[0]}? " if close else ""
    return ConstraintError(f"cannot read {word!r} in {text!r} ({guess}expected e.g. 15-17 hcp, 5+S, "
                           "5+ spades, 5+M, balanced, 4=4=1=4, 4-4-1-4)")


_POINTS = frozenset({"hcp", "hcps", "points", "point", "pts", "pt", "hcp."})
"""Words that say a count is of high-card points (which a count alone is)."""


def shorthand(seat: SeatLike, text: str) -> str:
    """The everyday description of one hand as a dealer condition.

    Words, in any order: ``15-17`` / ``15+`` / ``10-`` / ``12`` (HCP, ``hcp`` or ``points`` anywhere or
    joined: ``15-17hcp``, ``balanced 15-17 hcp``, ``15-17 balanced hcp``), ``5+S`` / ``5+ spades`` / ``4-5H``
    / ``6 diamonds`` / ``2-S`` (suit lengths: the count, then the suit's letter or name, joined or not),
    ``5+M`` / ``5+ major`` / ``4+m`` / ``4+ minor`` (either major / either minor), ``balanced`` /
    ``semibalanced`` / ``unbalanced``, ``4=4=1=4`` (spades, hearts, diamonds, clubs exactly), ``4-4-1-4``
    or ``any 4441`` (those lengths in any suits), and dealer's own ``5332`` / ``54xx`` (spades first).
    Raises `ConstraintError` naming the word it cannot read.
    """
    who = seat_word(seat)
    terms: list[str] = []
    words = text.replace(",", " ").split()
    points_said = points_given = False
    i = 0
    while i < len(words):
        word, low = words[i], words[i].lower()
        after = words[i + 1] if i + 1 < len(words) else ""
        if low in ("balanced", "bal"):
            terms.append(f"shape({who}, {BALANCED})")
        elif low in ("semibalanced", "semi-balanced", "semi"):
            terms.append(f"shape({who}, {SEMI_BALANCED})")
        elif low == "unbalanced":
            terms.append(f"!shape({who}, {SEMI_BALANCED})")
        elif low == "any" and _shape_word(after.lower(), ""):
            terms.append(f"shape({who}, any {after.lower()})")
            i += 1
        elif _shape_word(low, "="):
            terms.append(f"shape({who}, {low.replace('=', '')})")
        elif _shape_word(low, "-"):
            terms.append(f"shape({who}, any {low.replace('-', '')})")
        elif _shape_word(low, ""):
            terms.append(f"shape({who}, {low})")
        elif low in _POINTS:
            points_said = True
        elif m := re.fullmatch(_COUNT + r"(\D*)", word):
            unit = m.group(5)
            if not unit and _counted_as(after):
                unit, i = after, i + 1  # 5+ spades: the count, then what it counts
            elif not unit and after.lower() in _POINTS:
                unit, i = after, i + 1
            terms.extend(_counted(who, word, text, m.groups()[:4], unit))
            points_given |= not unit or unit.lower() in _POINTS
        elif _counted_as(word):
            raise ConstraintError(f"{word!r} in {text!r} has no count before it (expected e.g. 5+ {word})")
        else:
            raise _unread(word, text)
        i += 1
    if points_said and not points_given:
        raise ConstraintError(f"'hcp' in {text!r} has no count of points (expected e.g. 15-17 hcp)")
    if not terms:
        raise ConstraintError(f"nothing to deal by in {text!r}")
    return " && ".join(terms)


def _counted(who: str, word: str, text: str, count: tuple[str | None, ...], unit: str) -> list[str]:
    """The terms of one count (``15-17``, ``5+``) of ``unit``: HCP when it is none or ``hcp``, else the
    cards of a suit (``S``, ``spades``) or of either major or minor (``M``, ``m``)."""
    lo, hi, plus, minus = count
    assert lo is not None  # the pattern's first group always matches
    if not unit or unit.lower() in _POINTS:
        return _range(f"hcp({who})", int(lo), hi, plus, minus)
    kind = _counted_as(unit)
    if kind is None:
        raise _unread(word, text)
    if kind in ("M", "m"):
        suits = ("spades", "hearts") if kind == "M" else ("diamonds", "clubs")
        either = [" && ".join(_range(f"{suit}({who})", int(lo), hi, plus, minus)) for suit in suits]
        return ["(" + " || ".join(f"({e})" if " && " in e else e for e in either) + ")"]
    return _range(f"{suit_word(kind)}({who})", int(lo), hi, plus, minus)


def _shape_word(word: str, separator: str) -> bool:
    """Whether ``word`` is four suit lengths (digits or ``x``) joined by ``separator``; without one, a
    pattern that is 13 cards or holds an ``x`` (``1517`` is not a shape)."""
    parts = word.split(separator) if separator else list(word)
    if len(parts) != 4 or not all(re.fullmatch(r"[0-9x]", p) for p in parts):
        return False
    return "x" in parts or sum(map(int, parts)) == 13


def _range(what: str, lo: int, hi: str | None, plus: str | None, minus: str | None) -> list[str]:
    if hi is not None:
        return [f"{what} >= {lo}", f"{what} <= {int(hi)}"]
    if plus:
        return [f"{what} >= {lo}"]
    if minus:
        return [f"{what} <= {lo}"]
    return [f"{what} == {lo}"]
