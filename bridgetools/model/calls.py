"""Calls of the auction (bids, pass, double, redouble), their annotations, and contracts."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import IntEnum
from typing import ClassVar

from bridgetools.errors import BridgeError, NotationError
from bridgetools.model.cards import Strain, _unglyph, whole_number

_CALL_EXPECTED = "a bid such as 1S or 3NT, Pass, X or XX"
_CONTRACT_EXPECTED = "level, strain and X/XX, such as 4SX, or Pass"


class Call:
    """A call: a `Bid`, or one of `PASS`, `DOUBLE`, `REDOUBLE`. Values are immutable and hashable."""

    __slots__ = ()

    @staticmethod
    def parse(text: str | Call) -> Call:
        """From ``1S``, ``1NT``/``1N``/``1♠``, ``Pass``/``P``, ``X``/``Dbl``/``D``, ``XX``/``Rdbl``/``R``."""
        if isinstance(text, Call):
            return text
        if not isinstance(text, str):
            raise NotationError(f"not a call: {text!r} (expected {_CALL_EXPECTED})")
        key = _unglyph(text.strip()).upper().replace(" ", "").rstrip("!")
        if key in _NAMED:
            return _NAMED[key]
        m = re.fullmatch(r"([1-7])(NT|N|SA|C|D|H|S)", key)
        if m:
            return Bid(int(m.group(1)), Strain.parse(m.group(2)))
        why, at = _what_is_wrong(key, doubling=False)
        raise NotationError(
            f"not a call: {text!r}: {why} (expected {_CALL_EXPECTED})", str(text), at
        )

    def unicode(self) -> str:
        return str(self)


def _what_is_wrong(key: str, doubling: bool) -> tuple[str, int | None]:
    """What is wrong with a bid (or, with ``doubling``, a contract) written as ``key`` (stripped,
    upper case), and the index of the first bad character."""
    if not key:
        return "it is empty", None
    if key[0].isalpha():
        return f"{key!r} is not a word for Pass, double or redouble", 0
    if key[0] not in "1234567":
        return f"{key[0]!r} is not a level 1 to 7", 0
    m = re.match(r"NT|N|SA|C|D|H|S", key[1:])
    if not m:
        if len(key) == 1:
            return "the strain (C, D, H, S or NT) is missing", 1
        return f"{key[1]!r} is not a strain C, D, H, S or NT", 1
    rest = key[1 + m.end():]
    if not doubling:
        return f"{rest!r} after the strain: a bid ends with its strain", 1 + m.end()
    return f"{rest!r} after the strain is not X or XX", 1 + m.end()


class _NamedCall(Call):
    """Pass, double and redouble: each class has one instance (``Pass() is PASS``), so both
    ``call is PASS`` and ``isinstance(call, Pass)`` test for it."""

    __slots__ = ()
    _text: ClassVar[str]
    _name: ClassVar[str]
    _one: ClassVar[_NamedCall | None] = None

    def __new__(cls) -> _NamedCall:
        one = cls.__dict__.get("_one")
        if one is None:
            one = super().__new__(cls)
            cls._one = one
        return one

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._name

    def __reduce__(self) -> str:
        return self._name  # unpickles to the module's one instance, so ``is`` still holds


class Pass(_NamedCall):
    """A pass; `PASS` is the one instance."""

    __slots__ = ()
    _text, _name = "Pass", "PASS"


class Double(_NamedCall):
    """A double (X); `DOUBLE` is the one instance."""

    __slots__ = ()
    _text, _name = "X", "DOUBLE"


class Redouble(_NamedCall):
    """A redouble (XX); `REDOUBLE` is the one instance."""

    __slots__ = ()
    _text, _name = "XX", "REDOUBLE"


PASS: Call = Pass()
DOUBLE: Call = Double()
REDOUBLE: Call = Redouble()

_NAMED: dict[str, Call] = {
    "P": PASS, "PASS": PASS, "PAS": PASS,
    "X": DOUBLE, "D": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE,
    "XX": REDOUBLE, "R": REDOUBLE, "RDBL": REDOUBLE, "REDOUBLE": REDOUBLE, "XXX": REDOUBLE,
}


@dataclass(frozen=True, slots=True, order=True)
class Bid(Call):
    """A bid of ``level`` (1-7) in ``strain``; bids compare in auction order."""

    level: int
    strain: Strain

    def __post_init__(self) -> None:
        if type(self.level) is not int:
            object.__setattr__(self, "level", _check_level(self.level, "bid"))
        elif not 1 <= self.level <= 7:
            _check_level(self.level, "bid")
        object.__setattr__(self, "strain", Strain.parse(self.strain))

    @property
    def index(self) -> int:
        """0 (1C) to 34 (7NT): bids in the order they outrank each other."""
        return (self.level - 1) * 5 + self.strain

    def unicode(self) -> str:
        return f"{self.level}{self.strain.symbol}"

    def __str__(self) -> str:
        return f"{self.level}{self.strain.name}"

    def __repr__(self) -> str:
        return f"Bid({self.level}, Strain.{self.strain.name})"


def _check_level(level: object, what: str) -> int:
    """A level is a whole number 1 to 7 (not True, not 4.5, not "4": `Contract.from_str` reads text); a
    numpy integer is read as the int it is."""
    whole = whole_number(level)
    if whole is None:
        raise BridgeError(f"a {what}'s level is a whole number 1 to 7, not {level!r}")
    if not 1 <= whole <= 7:
        raise BridgeError(f"a {what}'s level is 1 to 7, not {level!r}")
    return whole


ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, Strain(s)) for level in range(1, 8) for s in range(5))


@dataclass(frozen=True, slots=True)
class Annotation:
    """What goes with a call or a card besides itself: alert and explanation (LIN ``!``/``an``),
    PBN note reference ``=n=``, suffix (``!``, ``?!``...) and NAGs."""

    alert: bool = False
    explanation: str | None = None
    note: int | None = None
    suffix: str | None = None
    nags: tuple[int, ...] = field(default_factory=tuple)

    def __bool__(self) -> bool:
        return bool(self.alert or self.explanation is not None or self.note is not None
                    or self.suffix or self.nags)


class Penalty(IntEnum):
    """Whether a contract is doubled or redoubled; an int enum, so it still compares with 0, 1, 2."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract: level (1-7), strain and its `Penalty` (``doubled``; 0, 1, 2 are accepted).

    A passed-out board has ``level == 0`` and ``strain is None`` (``str()`` gives ``Pass``).
    """

    level: int
    strain: Strain | None
    doubled: Penalty = Penalty.UNDOUBLED

    PASSED_OUT: ClassVar[Contract]

    def __post_init__(self) -> None:
        if self.level == 0 and type(self.level) is int:
            if self.strain is not None or self.doubled:
                raise BridgeError("a passed-out contract has no strain and is not doubled")
            return
        object.__setattr__(self, "level", _check_level(self.level, "contract"))
        if self.strain is None:
            raise BridgeError("a contract needs a strain")
        object.__setattr__(self, "strain", Strain.parse(self.strain))
        if self.doubled not in (0, 1, 2):
            raise BridgeError(f"doubled is 0, 1 or 2, not {self.doubled}")
        object.__setattr__(self, "doubled", Penalty(self.doubled))

    @property
    def penalty(self) -> Penalty:
        """`Penalty.UNDOUBLED`, `DOUBLED` or `REDOUBLED` (the same as ``doubled``)."""
        return self.doubled

    @property
    def is_passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer needs: six plus the level (0 when passed out)."""
        return 0 if self.level == 0 else 6 + self.level

    @property
    def bid(self) -> Bid | None:
        return None if self.strain is None else Bid(self.level, self.strain)

    @classmethod
    def from_str(cls, text: str | Contract) -> Contract:
        """From ``4S``, ``4SX``, ``3NTXX``, ``3N``, ``4♠x``, ``Pass`` (any case; ``R`` for redoubled).

        A declarer letter between strain and doubling, as in ``4SNX`` or ``4S-N``, is not allowed here;
        contracts and declarers are separate (see `Board.declarer`).
        """
        if isinstance(text, Contract):
            return text
        if not isinstance(text, str):
            raise NotationError(f"not a contract: {text!r} (expected {_CONTRACT_EXPECTED})")
        key = _unglyph(text.strip()).upper().replace(" ", "")
        if key in ("PASS", "P", "AP", "PASSED", "PASSEDOUT", "ALLPASS"):
            return cls.PASSED_OUT
        m = re.fullmatch(r"([1-7])(NT|N|C|D|H|S)(XX|X|R|\*\*|\*)?", key)
        if not m:
            why, at = _what_is_wrong(key, doubling=True)
            raise NotationError(
                f"not a contract: {text!r}: {why} (expected {_CONTRACT_EXPECTED})",
                str(text), at,
            )
        doubled = {None: 0, "X": 1, "*": 1, "XX": 2, "R": 2, "**": 2}[m.group(3)]
        return cls(int(m.group(1)), Strain.parse(m.group(2)), Penalty(doubled))

    parse = from_str

    def unicode(self) -> str:
        if self.is_passed_out:
            return "Pass"
        assert self.strain is not None
        return f"{self.level}{self.strain.symbol}" + "X" * self.doubled

    def __str__(self) -> str:
        if self.is_passed_out:
            return "Pass"
        assert self.strain is not None
        return f"{self.level}{self.strain.name}" + "X" * self.doubled

    def __repr__(self) -> str:
        return f"Contract.from_str({str(self)!r})"


Contract.PASSED_OUT = Contract(0, None, Penalty.UNDOUBLED)
