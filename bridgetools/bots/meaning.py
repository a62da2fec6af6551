"""What a call shows: a structured constraint on the hand that made it, and the facts of a hand it is
checked against. One `Meaning` serves both to choose a call and to explain it."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from bridgetools.evaluate import controls, losers
from bridgetools.model import Hand, Suit

SUITS_HIGH_FIRST: tuple[Suit, ...] = (Suit.S, Suit.H, Suit.D, Suit.C)
SHORTNESS_POINTS = (3, 2, 1)
"""Dummy points for a void, a singleton, a doubleton."""


class Force(StrEnum):
    """What a call asks of partner, as its explanation says it (a str, so the text is the value)."""

    NONE = ""
    FORCING = "forcing"
    GAME_FORCING = "game forcing"
    INVITATIONAL = "invitational"
    SIGN_OFF = "sign-off"
    FORCED = "forced"
    """The fallback's bids made only because partner forced a bid and no rule fits."""


_FORCING = (Force.FORCING, Force.GAME_FORCING)


@dataclass(frozen=True, slots=True)
class HandFacts:
    """The counts a bidder looks at, computed once per hand: HCP, points with length, lengths by suit
    (indexed by `Suit`), balance, aces and stoppers; and the losing-trick count, controls (ace 2,
    king 1) and first-round controls (ace or void, by `Suit`), for slam tries."""

    hcp: int
    points: int
    lengths: tuple[int, int, int, int]
    balanced: bool
    aces: int
    stoppers: tuple[bool, bool, bool, bool]
    dummy_points: int
    losers: int
    controls: int
    first_round: tuple[bool, bool, bool, bool] = (False, False, False, False)

    @classmethod
    def of(cls, hand: Hand) -> HandFacts:
        c, d, h, s_ = (hand.length(s) for s in Suit)
        lengths = (c, d, h, s_)
        hcp = hand.hcp
        pattern = sorted(lengths, reverse=True)
        stoppers = []
        first_round = []
        aces = 0
        for s in Suit:
            h = hand.holding(s)
            n = lengths[s]
            aces += h >> 12 & 1
            first_round.append(bool(h >> 12 & 1 or n == 0))
            stoppers.append(bool(h >> 12 & 1 or (h >> 11 & 1 and n >= 2) or (h >> 10 & 1 and n >= 3)
                                 or (h >> 9 & 1 and n >= 4)))
        return cls(
            hcp=hcp,
            points=hcp + sum(max(0, n - 4) for n in lengths),
            lengths=lengths,
            balanced=pattern in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2]),
            aces=aces,
            stoppers=tuple(stoppers),  # type: ignore[arg-type]
            dummy_points=hcp + sum(SHORTNESS_POINTS[n] for n in lengths if n < 3),
            losers=losers(hand),
            controls=controls(hand),
            first_round=tuple(first_round),  # type: ignore[arg-type]
        )

    def length(self, suit: Suit) -> int:
        return self.lengths[suit]


Range = tuple[int, int]
Lengths = tuple[Range, Range, Range, Range]
ANY_LENGTH: Range = (0, 13)
_NO_LENGTHS: Lengths = (ANY_LENGTH,) * 4


def lengths_of(ranges: list[Range]) -> Lengths:
    """Four length ranges, indexed by `Suit`, as the tuple a `Meaning` holds."""
    c, d, h, s = ranges
    return (c, d, h, s)
_OPS = {">": "longer than", ">=": "at least as long as"}


@dataclass(frozen=True, slots=True)
class Meaning:
    """What a call promises: HCP and points (HCP + 1 a card over four) ranges, suit lengths (indexed by
    `Suit`), balance, length relations between suits, stoppers, aces, losers, controls and first-round
    controls in named suits; with how
    forcing it is, whether it is artificial, and the convention's name."""

    label: str
    hcp: Range = (0, 40)
    points: Range = (0, 50)
    lengths: Lengths = _NO_LENGTHS
    balanced: bool | None = None
    relations: tuple[tuple[Suit, str, Suit], ...] = ()
    longest: tuple[Suit, ...] = ()
    stoppers: tuple[Suit, ...] = ()
    aces: tuple[int, ...] | None = None
    dummy_points: Range = (0, 50)
    losers: Range = (0, 12)
    controls: Range = (0, 12)
    first_round: tuple[tuple[Suit, bool], ...] = ()
    """Suits in which the hand holds (True) or lacks (False) first-round control, an ace or a void:
    what a cue bid shows and the cheaper ones it skipped deny."""
    force: Force = Force.NONE
    artificial: bool = False
    convention: str = ""
    extra: tuple[str, ...] = field(default=())

    def allows(self, f: HandFacts) -> bool:
        """Whether a hand with facts ``f`` may make the call."""
        if not (self.hcp[0] <= f.hcp <= self.hcp[1] and self.points[0] <= f.points <= self.points[1]):
            return False
        if not self.dummy_points[0] <= f.dummy_points <= self.dummy_points[1]:
            return False
        for s in Suit:
            lo, hi = self.lengths[s]
            if not lo <= f.lengths[s] <= hi:
                return False
        if self.balanced is not None and f.balanced != self.balanced:
            return False
        for a, op, b in self.relations:
            la, lb = f.lengths[a], f.lengths[b]
            if (op == ">" and la <= lb) or (op == ">=" and la < lb):
                return False
        top = max(f.lengths)
        if any(f.lengths[s] != top for s in self.longest):
            return False
        if any(not f.stoppers[s] for s in self.stoppers):
            return False
        if not self.losers[0] <= f.losers <= self.losers[1]:
            return False
        if not self.controls[0] <= f.controls <= self.controls[1]:
            return False
        if any(f.first_round[s] != held for s, held in self.first_round):
            return False
        return self.aces is None or f.aces in self.aces

    def describe(self) -> str:
        """The meaning in words, as a player would explain it at the table."""
        parts: list[str] = []
        if self.hcp != (0, 40):
            parts.append(_range_words(self.hcp, "HCP", 37))
        if self.points != (0, 50):
            parts.append(_range_words(self.points, "points", 50))
        if self.dummy_points != (0, 50):
            parts.append(_range_words(self.dummy_points, "dummy points", 50))
        if self.losers != (0, 12):
            parts.append(_range_words(self.losers, "losers", 12))
        if self.controls != (0, 12):
            parts.append(_range_words(self.controls, "controls (ace 2, king 1)", 12))
        for s in SUITS_HIGH_FIRST:
            if self.lengths[s] != ANY_LENGTH:
                parts.append(_range_words(self.lengths[s], s.full_name.lower(), 13))
        if self.balanced is not None:
            parts.append("balanced" if self.balanced else "unbalanced")
        parts.extend(f"{a.full_name.lower()} {_OPS[op]} {b.full_name.lower()}" for a, op, b in self.relations)
        parts.extend(f"{s.full_name.lower()} a longest suit" for s in self.longest)
        if self.stoppers:
            parts.append("stopper in " + ", ".join(s.full_name.lower() for s in self.stoppers))
        parts.extend(("" if held else "no ") + f"first-round control of {s.full_name.lower()}"
                     for s, held in self.first_round)
        if self.aces is not None:
            parts.append(" or ".join(str(a) for a in self.aces) + " aces")
        parts.extend(self.extra)
        head = self.label
        if self.artificial:
            head += " (artificial)"
        if self.force:
            head += f", {self.force}"
        return head + (": " + ", ".join(parts) if parts else "")


def _range_words(r: Range, unit: str, top: int) -> str:
    lo, hi = r
    if hi >= top:
        return f"{lo}+ {unit}"
    if lo <= 0:
        return f"at most {hi} {unit}"
    if lo == hi:
        return f"{lo} {unit}"
    return f"{lo}-{hi} {unit}"


NO_AGREEMENT = Meaning("no agreed meaning")


@dataclass(frozen=True, slots=True)
class Explanation:
    """What one call shows: the meanings of every rule that could have made it (any one holds)."""

    call: str
    meanings: tuple[Meaning, ...]

    def allows(self, f: HandFacts | Hand) -> bool:
        facts = f if isinstance(f, HandFacts) else HandFacts.of(f)
        return any(m.allows(facts) for m in self.meanings)

    @property
    def text(self) -> str:
        return "; or ".join(dict.fromkeys(m.describe() for m in self.meanings))

    @property
    def forcing(self) -> bool:
        """Whether partner must bid again: every meaning forces; or every meaning read naturally
        (`natural`) forces to game, as a hand that fits a game-forcing meaning never makes the fallback's
        forced bid of the same call, so the forced reading does not let partner pass below game."""
        if self.forcing_every_way:
            return True
        shown = self.natural().meanings
        return bool(shown) and all(m.force == Force.GAME_FORCING for m in shown)

    @property
    def forcing_every_way(self) -> bool:
        """Whether every meaning forces, the fallback's forced bid included: a call read so is certain
        to come from a hand that wants to go on (the strength-reading thresholds were tuned on it)."""
        return bool(self.meanings) and all(m.force in _FORCING for m in self.meanings)

    @property
    def convention(self) -> str:
        names = {m.convention for m in self.meanings}
        return names.pop() if len(names) == 1 else ""

    def natural(self) -> Explanation:
        """The call read by the tables' meanings alone: the fallback's forced bid of the same call left
        out (only a hand no rule fits makes it), unless it is all the call means."""
        shown = tuple(m for m in self.meanings if m.force != Force.FORCED)
        return Explanation(self.call, shown) if shown and len(shown) < len(self.meanings) else self

    def hcp_range(self) -> Range:
        """The HCP range any of the meanings allows (their hull)."""
        return (min(m.hcp[0] for m in self.meanings), max(m.hcp[1] for m in self.meanings))

    def min_length(self, suit: Suit) -> int:
        return min(m.lengths[suit][0] for m in self.meanings)

    def __str__(self) -> str:
        return f"{self.call}: {self.text}"
