"""What a player does in a variant: `Action` (a call, a card, a discard, an exchange, a choice of dummy, a
reserve) and the contract a variant's auction reaches, with nullo as a strain."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgetools.errors import BridgeError, NotationError
from bridgetools.model import Call, Card
from bridgetools.model.cards import _unglyph
from bridgetools.rules.variants.rules import NOTRUMP, NULLO

KINDS = ("call", "card", "discard", "exchange", "choose_dummy", "reserve")
SELECTIONS = ("discard", "exchange", "reserve")
"""Kinds whose value is a tuple of cards."""
PASS, DOUBLE, REDOUBLE = "P", "X", "XX"
_BID = re.compile(r"([1-9]|1[0-3])(C|D|H|S|NT|N0|N)")


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a player does: ``kind`` (see `KINDS`) and its value, a string or, for discards,
    exchanges and reserves, a tuple of cards. ``str(action)`` is ``kind:value`` (cards joined by commas)."""

    kind: str
    value: str | tuple[str, ...]

    @classmethod
    def parse(cls, kind: str, value: str | tuple[str, ...] | list[str]) -> Action:
        """An action in the canonical spelling (``1nt`` -> ``1NT``, ``sa`` -> ``SA``); bad text raises."""
        if kind not in KINDS:
            raise NotationError(f"not an action kind: {kind!r} (expected one of {', '.join(KINDS)})")
        if kind in SELECTIONS:
            items = value.split(",") if isinstance(value, str) else list(value)
            return cls(kind, tuple(str(Card.parse(c)) for c in items if c.strip()))
        if not isinstance(value, str):
            raise NotationError(f"a {kind} is one word, not {value!r}")
        if kind == "card":
            return cls(kind, str(Card.parse(value)))
        if kind == "call":
            return cls(kind, normal_call(value))
        if value not in ("open", "closed"):
            raise NotationError(f"the dummy chosen is 'open' or 'closed', not {value!r}")
        return cls(kind, value)

    @classmethod
    def from_str(cls, text: str) -> Action:
        """The action ``str(action)`` wrote: ``call:1S``, ``card:SA``, ``discard:SA,HK,D2,C3``."""
        kind, sep, value = text.partition(":")
        if not sep:
            raise NotationError(f"not an action: {text!r} (expected kind:value, such as card:SA)", text)
        return cls.parse(kind, value)

    def cards(self) -> tuple[Card, ...]:
        """The cards of a card, discard, exchange or reserve action."""
        if isinstance(self.value, tuple):
            return tuple(Card.parse(c) for c in self.value)
        return (Card.parse(self.value),) if self.kind == "card" else ()

    def __str__(self) -> str:
        value = ",".join(self.value) if isinstance(self.value, tuple) else self.value
        return f"{self.kind}:{value}"


def normal_call(text: str) -> str:
    """A call in canonical spelling: ``P``, ``X``, ``XX`` or a bid such as ``1S``, ``3NT``, ``2N0``; read
    as standard bridge's calls are (``Dbl``, ``Rdbl``, ``1♠``, ``1 NT``) and as the page writes nullo
    (``2 nullo``)."""
    key = _unglyph(text.strip()).upper().replace(" ", "").replace("NULLO", "N0").replace("NO", "N0")
    match = _BID.fullmatch(key)
    if match:
        strain = NOTRUMP if match.group(2) in ("N", NOTRUMP) else match.group(2)
        return f"{match.group(1)}{strain}"
    try:
        call = Call.parse(key)
    except NotationError:
        raise NotationError(f"not a call: {text!r} (expected P, X, XX or a bid such as 1S, 3NT or 2N0)",
                            text) from None
    return PASS if str(call) == "Pass" else str(call)  # (X, XX; or a bid in another spelling: 1SA is 1NT)


def bid_parts(call: str) -> tuple[int, str]:
    """The level and strain of a bid in canonical spelling."""
    match = _BID.fullmatch(call)
    if match is None:
        raise BridgeError(f"not a bid: {call!r}")
    return int(match.group(1)), match.group(2)


@dataclass(frozen=True, slots=True)
class VariantContract:
    """A variant's contract: level, strain (``C D H S NT`` or ``N0`` for nullo) and 0/1/2 for undoubled,
    doubled, redoubled. ``str`` gives ``4N0``, ``3SX``."""

    level: int
    strain: str
    doubled: int = 0

    @property
    def is_nullo(self) -> bool:
        return self.strain == NULLO

    @classmethod
    def from_str(cls, text: str) -> VariantContract:
        body = text.strip().upper()
        doubled = 2 if body.endswith("XX") else 1 if body.endswith("X") else 0
        level, strain = bid_parts(normal_call(body[: len(body) - doubled]))
        return cls(level, strain, doubled)

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{'X' * self.doubled}"
