"""What a call shows: a structured constraint on the hand that made it, and the facts of a hand it is
checked against. One `Meaning` serves both to choose a call and to explain it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TypeVar

from bridgetools._words import plural
from bridgetools.bots.sampling import HandConstraint, suit_lengths
from bridgetools.evaluate import MAX_HCP, controls, holding_losers, losers
from bridgetools.model import Call, Hand, Seat, Suit
from bridgetools.rules import Auction

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

LAST_RESORT_PASS = "no other call fits"
"""The label of the fallback's pass made when no other call fits: a hand that a table's meaning of the pass
fits made the table's pass, so its note says the table's words."""


@dataclass(frozen=True, slots=True)
class HandFacts:
    """The counts a bidder looks at, computed once per hand: HCP, points with length, lengths by suit
    (indexed by `Suit`), balance, aces and stoppers; and the losing-trick count, controls (ace 2,
    king 1) and first-round controls (ace or void, by `Suit`), for slam tries; the suits holding the
    ace or king (a "feature", by `Suit`); and the HCP of each suit's king, queen and jack (``wasted``,
    by `Suit`: values that do no work opposite partner's singleton or void); and the tens it holds
    (``tens``: intermediates that make a notrump game with the fewest HCP)."""

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
    top_honours: tuple[bool, bool, bool, bool] = (False, False, False, False)
    wasted: tuple[int, int, int, int] = (0, 0, 0, 0)
    tens: int = 0
    top_three: tuple[int, int, int, int] = (0, 0, 0, 0)
    """How many of the ace, king and queen each suit holds, by `Suit`: a slam's trump suit wants two."""
    honour_losers: tuple[int, int, int, int] = (0, 0, 0, 0)
    """The losers each suit's king and queen save in the losing-trick count, by `Suit`: what they no
    longer save where the opponent who bid the suit sits over them (`Meaning.losers_under`)."""
    suit_losers: tuple[int, int, int, int] = (0, 0, 0, 0)
    """The losing-trick count of each suit, by `Suit`: where a help-suit game try asks for help."""

    @classmethod
    def of(cls, hand: Hand) -> HandFacts:
        c, d, h, s_ = (hand.length(s) for s in Suit)
        lengths = (c, d, h, s_)
        hcp = hand.hcp
        pattern = sorted(lengths, reverse=True)
        stoppers = []
        first_round = []
        top_honours = []
        wasted = []
        honour_losers = []
        suit_losers = []
        top_three = []
        aces = tens = 0
        for s in Suit:
            h = hand.holding(s)
            n = lengths[s]
            aces += h >> 12 & 1
            tens += h >> 8 & 1
            wasted.append(3 * (h >> 11 & 1) + 2 * (h >> 10 & 1) + (h >> 9 & 1))
            first_round.append(bool(h >> 12 & 1 or n == 0))
            top_honours.append(bool(h >> 11 & 3))
            top_three.append((h >> 12 & 1) + (h >> 11 & 1) + (h >> 10 & 1))
            suit_losers.append(holding_losers(h))
            honour_losers.append(min(n, 3) - (h >> 12 & 1) - suit_losers[-1])
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
            top_honours=tuple(top_honours),  # type: ignore[arg-type]
            top_three=tuple(top_three),  # type: ignore[arg-type]
            wasted=tuple(wasted),  # type: ignore[arg-type]
            tens=tens,
            honour_losers=tuple(honour_losers),  # type: ignore[arg-type]
            suit_losers=tuple(suit_losers),  # type: ignore[arg-type]
        )

    def length(self, suit: Suit) -> int:
        return self.lengths[suit]


Range = tuple[int, int]
HELP_WANTED_LOSERS = 2
"""Losers in a suit (of the losing-trick count) that make it one a help-suit game try asks help in."""
Lengths = tuple[Range, Range, Range, Range]
ANY_LENGTH: Range = (0, 13)
NO_LENGTHS: Lengths = (ANY_LENGTH,) * 4
"""The lengths of a meaning that says nothing of shape."""
ANY_HCP: Range = (0, 40)
"""The HCP range of a meaning that says nothing of strength."""


def lengths_of(ranges: list[Range]) -> Lengths:
    """Four length ranges, indexed by `Suit`, as the tuple a `Meaning` holds."""
    c, d, h, s = ranges
    return (c, d, h, s)
_BALANCED = (2, 5)
"""A balanced hand (4-3-3-3, 4-4-3-2, 5-3-3-2) holds two to five cards in every suit."""
LONGEST_SUIT = 4
"""The least length of a hand's longest suit (13 cards in four suits)."""
_OPS = {">": "longer than", ">=": "at least as long as"}
_ACE_ASKS = ("Blackwood", "Gerber")
_KING_COUNTS = ("king ask", "king reply")
"""Conventions (and the grand slam bid on their count, "...aces and kings together") whose rules count
kings by controls (ace 2, king 1) given the aces: their words say the kings, not the controls or aces
the count is made of ("king reply: 2 kings", not "6 controls (ace 2, king 1), 2 aces, 2 kings")."""
_ACE_COUNTS = frozenset(range(5))
"""The counts of aces a hand may hold, 0 to 4: a meaning allows some of them (else it is not `possible`),
and one that allows them all says nothing of aces."""
_ASKS_FOR_ACES = "asks for aces"
"""What an ace-asking convention's explanation always says, whatever else its rule adds."""


@dataclass(frozen=True, slots=True)
class Meaning:
    """What a call promises: HCP and points (HCP + 1 a card over four) ranges, suit lengths (indexed by
    `Suit`), balance, length relations between suits, stoppers, aces, losers, controls, tens and
    first-round controls in named suits; with how forcing it is, whether it is artificial, and the
    convention's name."""

    label: str
    hcp: Range = ANY_HCP
    points: Range = (0, 50)
    lengths: Lengths = NO_LENGTHS
    balanced: bool | None = None
    relations: tuple[tuple[Suit, str, Suit], ...] = ()
    longest: tuple[Suit, ...] = ()
    stoppers: tuple[Suit, ...] = ()
    unstopped: tuple[Suit, ...] = ()
    """Suits in which the hand holds no stopper: what a cue bid asking for one, or made instead of
    notrump, shows."""
    aces: tuple[int, ...] | None = None
    dummy_points: Range = (0, 50)
    losers: Range = (0, 12)
    controls: Range = (0, 12)
    first_round: tuple[tuple[Suit, bool], ...] = ()
    """Suits in which the hand holds (True) or lacks (False) first-round control, an ace or a void:
    what a cue bid shows and the cheaper ones it skipped deny."""
    features: tuple[Suit, ...] = ()
    """Suits in which the hand holds the ace or the king: what SAYC's reply to the feature ask shows."""
    strong: tuple[Suit, ...] = ()
    """Suits holding two of the ace, king and queen: a trump suit that loses at most one trick to its top
    honours opposite partner's two small (what a slam on a long suit opposite a balanced hand needs)."""
    controlled: tuple[Suit, ...] = ()
    """Suits in which the hand holds second-round control (the ace or king, a singleton or a void), so
    that the opponents cannot cash two quick tricks there: what Blackwood asks in the unbid suits."""
    wasted: tuple[tuple[Suit, int], ...] = ()
    """The most HCP the hand holds in a named suit's king, queen and jack: what a slam try's answer
    opposite partner's singleton or void allows there (an ace still takes a trick)."""
    help_wanted: tuple[Suit, ...] = ()
    """Suits holding two or more losers in the losing-trick count (xxx, Axx, Kxx, Qxx): where a help-suit
    game try asks partner for help, a high card or shortness there."""
    needs_no_help: tuple[Suit, ...] = ()
    """Suits in which the hand wants no help, the opposite of ``help_wanted``: two cards or fewer, or fewer
    than `HELP_WANTED_LOSERS` losers (AKx, AQx, KQx): what an invitation made instead of a help-suit game
    try shows in the suits the try would have named (`1M P 2M P 3M`)."""
    losers_under: tuple[Suit, ...] = ()
    """Suits an opponent sitting over the hand bid, where ``losers`` counts the king and queen as losers:
    the bidder's ace and values lie over them (`HandFacts.honour_losers`)."""
    tens: Range = (0, 4)
    """How many tens the hand holds: a minimum accepts a notrump invitation only with one (the tuning
    sets' notrump games made half as often with no ten at the same HCP together)."""
    force: Force = Force.NONE
    artificial: bool = False
    penalty: bool = False
    """A double for penalty, not takeout: partner may pass it, so his bid over it is his choice, not one
    the double forced (the judge's reading, `judgement._for_penalty`)."""
    convention: str = ""
    extra: tuple[str, ...] = field(default=())
    untold: bool = False
    """Kept for the bidder's readings but not told (`Explanation.text`, `note`): a meaning no hand
    reaches that the readings were tuned with (the first-seat pass's 21 HCP top: every hand of 12+ opens,
    but read as at most 11 the tuning sets lost; docs/performance.md, "the first-seat pass"). The public
    readings keep it too: the first-seat pass's words say "at most 11 HCP" while its
    `Explanation.hcp_range()` and `Explanation.constraint()` give (0, 21), on purpose (docs/bidding.md,
    the departures); the card player reads the meanings told (`inference.told`)."""
    judged: bool = False
    """Chosen by the bidder's double-dummy simulation, not by a table: the rules read the call by the
    tables' meanings where they give it one (`Explanation.as_read`), so a judged meaning never changes
    what a table's call tells partner."""

    @property
    def implied_lengths(self) -> Lengths:
        """The lengths the meaning implies: those it states, a suit it names as a longest suit at least
        `LONGEST_SUIT` (the fallback's forced "longest suit" 2C holds four clubs or more)."""
        if not self.longest:
            return self.lengths
        return lengths_of([(max(lo, LONGEST_SUIT), hi) if s in self.longest else (lo, hi)
                           for s, (lo, hi) in zip(Suit, self.lengths, strict=True)])

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
        if any(f.stoppers[s] for s in self.unstopped):
            return False
        if any(not f.top_honours[s] for s in self.features):
            return False
        if any(f.top_three[s] < 2 for s in self.strong):
            return False
        if any(not f.top_honours[s] and f.lengths[s] > 1 for s in self.controlled):
            return False
        if any(f.wasted[s] > most for s, most in self.wasted):
            return False
        if any(f.suit_losers[s] < HELP_WANTED_LOSERS for s in self.help_wanted):
            return False
        if any(_wants_help(f, s) for s in self.needs_no_help):
            return False
        if not self.tens[0] <= f.tens <= self.tens[1]:
            return False
        counted = f.losers + sum(f.honour_losers[s] for s in self.losers_under)
        if not self.losers[0] <= counted <= self.losers[1]:
            return False
        if not self.controls[0] <= f.controls <= self.controls[1]:
            return False
        if any(f.first_round[s] != held for s, held in self.first_round):
            return False
        return self.aces is None or f.aces in self.aces

    @property
    def possible(self) -> bool:
        """Whether some hand could hold every range the meaning gives (each one's least at most its most,
        and an ace count from 0 to 4 among its aces): a range worked out by subtraction can come out
        inverted ("14-13 HCP"), and such a meaning allows no hand, so it is never offered nor read."""
        ranges = (self.hcp, self.points, self.dummy_points, self.losers, self.controls, self.tens,
                  *self.lengths)
        some_aces = self.aces is None or not _ACE_COUNTS.isdisjoint(self.aces)
        return some_aces and all(lo <= hi for lo, hi in ranges)

    def hcp_for_any_shape(self) -> Range | None:
        """The HCP range in which every hand may make the call, whatever its shape (a strong double's
        17+), or None where the call asks more than HCP: a hand that passed rather than make it holds
        none of those HCP."""
        return self.hcp_for_hands_of(_ANY_HAND)

    def hcp_for_hands_of(self, other: Meaning) -> Range | None:
        """The HCP range in which every hand that may make ``other`` may make this call too (all it asks
        besides HCP, ``other`` asks as well: a raise's 6-10 with four trumps holds every five-trump hand
        of those HCP), or None where no HCP make that so: a hand that made ``other`` instead, when this
        call was tried first, holds none of those HCP."""
        def within(inner: Range, outer: Range) -> bool:
            return outer[0] <= inner[0] and inner[1] <= outer[1]

        shape = other.constraint()
        lengths = all(within((shape.min_length[s], shape.max_length[s]), self.lengths[s]) for s in Suit)
        counts = self.points[1] >= other.points[1] and self.dummy_points[1] >= other.dummy_points[1] \
            and within(other.controls, self.controls) and within(other.tens, self.tens) \
            and (self.losers == (0, 12) or (within(other.losers, self.losers)
                                            and self.losers_under == other.losers_under))
        named = all(set(mine) <= set(theirs) for mine, theirs in (
            (self.relations, other.relations), (self.longest, other.longest), (self.stoppers, other.stoppers),
            (self.unstopped, other.unstopped), (self.features, other.features), (self.strong, other.strong),
            (self.controlled, other.controlled), (self.first_round, other.first_round),
            (self.wasted, other.wasted), (self.help_wanted, other.help_wanted),
            (self.needs_no_help, other.needs_no_help)))
        aces = self.aces is None or (other.aces is not None and set(other.aces) <= set(self.aces))
        if not (lengths and counts and named and aces and self.balanced in (None, other.balanced)):
            return None
        lo = max(self.hcp[0], self.points[0] if self.points[0] > other.points[0] else 0,
                 self.dummy_points[0] if self.dummy_points[0] > other.dummy_points[0] else 0)
        return (lo, self.hcp[1]) if lo <= self.hcp[1] else None

    def constraint(self) -> HandConstraint:
        """The HCP and length ranges this meaning allows (HCP at most the points it allows: points count
        HCP and more; a balanced hand holds two to five cards a suit): what the card player samples from."""
        top = min(self.hcp[1], self.points[1], self.dummy_points[1], MAX_HCP)
        lows, highs = [], []
        implied = self.implied_lengths
        for suit in Suit:
            lo, hi = implied[suit]
            if self.balanced:
                lo, hi = max(lo, _BALANCED[0]), min(hi, _BALANCED[1])
            lows.append(max(0, lo))
            highs.append(min(13, hi))
        return HandConstraint(max(0, self.hcp[0]), top, suit_lengths(lows), suit_lengths(highs))

    def describe(self) -> str:
        """The meaning in words, as a player would explain it at the table."""
        parts: list[str] = []
        kings = self.convention in _KING_COUNTS or "aces and kings" in self.label
        for r, unit, top in ((self.hcp, "HCP", MAX_HCP), (self.points, "points", 50),
                             (self.dummy_points, "dummy points", 50), (self.losers, "losers", 12),
                             (self.controls, "controls (ace 2, king 1)", 12), (self.tens, "tens", 4)):
            if _bounds(r, top) and not (kings and unit.startswith("controls")):
                parts.append(range_words(r, unit, top))
        suits, shortness = length_words(self.implied_lengths, self.balanced)
        parts.extend(suits.values())
        if shortness:
            parts.append(shortness)
        shape = {True: "balanced", False: "unbalanced", None: ""}[self.balanced]
        if shape:
            parts.append(shape)
        if self.losers_under:
            parts.append(losers_under_words(self.losers_under))
        parts.extend(f"{a.full_name.lower()} {_OPS[op]} {b.full_name.lower()}" for a, op, b in self.relations)
        parts.extend(f"{s.full_name.lower()} a longest suit" for s in self.longest)
        if self.stoppers:
            parts.append("stopper in " + ", ".join(s.full_name.lower() for s in self.stoppers))
        if self.unstopped:
            parts.append("no stopper in " + ", ".join(s.full_name.lower() for s in self.unstopped))
        parts.extend(f"ace or king of {s.full_name.lower()}" for s in self.features)
        parts.extend(f"two of the ace, king and queen of {s.full_name.lower()}" for s in self.strong)
        if self.controlled:
            parts.append("second-round control of " + ", ".join(s.full_name.lower() for s in self.controlled))
        parts.extend(("" if held else "no ") + f"first-round control of {s.full_name.lower()}"
                     for s, held in self.first_round)
        parts.extend(wasted_words(s.full_name.lower(), most) for s, most in self.wasted)
        parts.extend(help_wanted_words(s.full_name.lower()) for s in self.help_wanted)
        if self.needs_no_help:
            parts.append(needs_no_help_words([s.full_name.lower() for s in self.needs_no_help]))
        if self.aces is not None and set(self.aces) != _ACE_COUNTS and not kings:  # (any count says nothing)
            parts.append(aces_words(self.aces))
        if self.convention in _ACE_ASKS and _ASKS_FOR_ACES not in self.extra:
            parts.append(_ASKS_FOR_ACES)
        parts.extend(self.extra)
        parts = said_once(self.label, parts)
        head = self.label
        if self.artificial:
            head += " (artificial)"
        if self.force and _FORCE_WORDS.get(self.force, self.force) not in head:
            head += f", {self.force}"
        return head + (": " + ", ".join(parts) if parts else "")


_SAID_BY = {"no singleton or void": ("no short suit",),
            "no singleton": ("no singleton or void", "no short suit"),
            "no void": ("no singleton or void", "no short suit")}
"""The words that say a clause too: "no singleton" beside the lengths' "no singleton or void" is said once,
and so is "no singleton or void" after a label's "no short suit"."""
_OTHER_UNIT = (r" (points|dummy points|losers|controls|tens|trumps|cards?|spades|hearts|diamonds|clubs"
               r"|aces?|kings?)\b")
"""A unit after a range in a label that makes it another count than the HCP: "9+ trumps"."""
_NOT_OWN_RANGE = ("opposite", "showing")
"""Words before a range in a label that make it partner's, not the hand's: "no game opposite 6-10"."""


def said_once(label: str, parts: Iterable[str]) -> list[str]:
    """The words ``parts`` of a meaning called ``label`` with each fact said once (a note a student reads
    in one breath): a clause said before (a part may hold several, "partnership 25+ HCP, no major fit"),
    one the label says ("balanced", "15+ HCP"), one other words say too (`_SAID_BY`), and an HCP range
    the label names bare ("balanced, 18-19": "18-19 HCP") left out. `Meaning.describe` and the rule
    tables' page (scripts/bidding_doc.py) both say their words so."""
    clauses = [c for part in parts for c in part.split(", ") if c]
    out: list[str] = []
    for c in clauses:
        bare = c.removesuffix(" HCP")
        if c in out or _label_says(label, c) or (bare != c and _label_says(label, bare, bare=True)) \
                or any(w in clauses or _label_says(label, w) for w in _SAID_BY.get(c, ())):
            continue
        out.append(c)
    return out


def _label_says(label: str, words: str, bare: bool = False) -> bool:
    """Whether ``label`` says ``words`` of the hand: as whole words, not denied ("no stopper in ...") nor
    partner's (`_NOT_OWN_RANGE`); with ``bare``, a range followed by no other unit (`_OTHER_UNIT`)."""
    for m in re.finditer(rf"(?<![\w+-]){re.escape(words)}(?![\w+-])", label):
        before = label[:m.start()].split()
        if before and before[-1] in ("no", *_NOT_OWN_RANGE):
            continue
        if not (bare and re.match(_OTHER_UNIT, label[m.end():])):
            return True
    return False


_FORCE_WORDS = {Force.INVITATIONAL: "invit"}
"""The words of a force that a label already saying them leaves out of the note: a "slam invitation" is
not told "invitational" again."""

_ANY_HAND = Meaning("")
"""The meaning every hand may make, against which `Meaning.hcp_for_any_shape` weighs a call."""

LONG_SUIT_UNTOLD = 7
"""The least cap on a suit's length that a note leaves out when the meaning asks no cards there: "at most 7
hearts" beside a notrump game only rules out an eight-card suit the hand would have bid."""
_SHORTNESS = {1: "no void", 2: "no singleton or void"}
"""What a meaning with at least one or two cards in every suit says once for them all."""


def length_words(lengths: Lengths, balanced: bool | None) -> tuple[dict[Suit, str], str]:
    """The suit lengths of a meaning as a teacher says them, by suit (spades first), with what its
    shortest suits' minimum says once for every suit ("no void", "no singleton or void"): a cap that
    "balanced" implies (five cards) or the other suits' minimums imply, a cap of `LONG_SUIT_UNTOLD` or
    more in a suit it asks no cards in, and a minimum that "balanced" implies (two) are left out."""
    lows = [lo for lo, _ in lengths]
    short = min(lows)
    shortness = _SHORTNESS.get(short, "") if not balanced else ""
    words: dict[Suit, str] = {}
    for s in SUITS_HIGH_FIRST:
        lo, hi = lengths[s]
        if hi >= 13 - (sum(lows) - lows[s]) or (balanced and hi >= _BALANCED[1]):
            hi = 13
        if (shortness and lo == short) or (balanced and lo <= _BALANCED[0]):
            lo = 0
        if lo == 0 and hi >= LONG_SUIT_UNTOLD:
            hi = 13
        if _bounds((lo, hi), 13):
            words[s] = range_words((lo, hi), s.full_name.lower(), 13)
    return words, shortness


def losers_under_words(suits: tuple[Suit, ...]) -> str:
    """`Meaning.losers_under` as a teacher says it: a king or queen the hand may hold in a suit an
    opponent bid over it counted as a loser, since his ace sits over them (said as a rule of counting, not
    as honours held: a void there holds none)."""
    either = " or ".join(s.full_name.lower() for s in suits)
    names = " and ".join(s.full_name.lower() for s in suits)
    return f"any king or queen of {either} counted as a loser (under the opponent who bid {names})"


def wasted_words(name: str, most: int) -> str:
    """The king, queen and jack a meaning allows in the suit called ``name`` as a player says them: "no
    king, queen or jack of spades", "at most 1 HCP in the king, queen and jack of spades"."""
    if most == 0:
        return f"no king, queen or jack of {name}"
    return f"at most {most} HCP in the king, queen and jack of {name}"


def help_wanted_words(name: str) -> str:
    """`Meaning.help_wanted` in the suit called ``name`` as a player says it: "2+ losers in clubs"."""
    return f"{HELP_WANTED_LOSERS}+ losers in {name}"


HELP_SUIT_LENGTH = 3
"""The fewest cards in a suit a help-suit game try names: a doubleton's losers are partner's ruffs."""


def _wants_help(f: HandFacts, suit: Suit) -> bool:
    """Whether ``suit`` is one a help-suit game try asks help in: `HELP_SUIT_LENGTH` cards or more with
    `HELP_WANTED_LOSERS` losers or more (xxx, Axx, Kxx, Qxx)."""
    return f.lengths[suit] >= HELP_SUIT_LENGTH and f.suit_losers[suit] >= HELP_WANTED_LOSERS


def needs_no_help_words(names: list[str]) -> str:
    """`Meaning.needs_no_help` in the suits called ``names`` as a player says it: "no suit needing help
    (3+ cards with 2+ losers) in clubs, diamonds or hearts"."""
    either = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    return (f"no suit needing help ({HELP_SUIT_LENGTH}+ cards with {HELP_WANTED_LOSERS}+ losers) "
            f"in {either}")


def aces_words(aces: tuple[int, ...]) -> str:
    """The aces a meaning allows as a player says them: "1 ace", "0 or 4 aces", and a run up to all four
    as "at least 1 ace" (not "1 or 2 or 3 or 4 aces")."""
    if len(aces) > 2 and aces == tuple(range(aces[0], 5)):
        return f"at least {aces[0]} ace" + ("s" if aces[0] > 1 else "")
    return " or ".join(str(a) for a in aces) + (" ace" if aces == (1,) else " aces")


def _bounds(r: Range, top: int) -> bool:
    """Whether the range ``r`` (of a count up to ``top``) rules any hand out: a game try's points worked
    out as what partner's strength leaves to need can fall below zero ("-10+ points"), which says nothing."""
    return r[0] > 0 or r[1] < top


def range_words(r: Range, unit: str, top: int) -> str:
    """A range as a player says it: "5+ spades", "at most 1 club", "no diamonds", "15-17
    HCP"."""
    lo, hi = r
    if hi >= top:
        return f"{lo}+ {unit}"
    one = unit[:-1] if hi == 1 and unit.endswith("s") else unit
    if hi <= 0:
        return f"no {unit}"
    if lo <= 0:
        return f"at most {hi} {one}"
    if lo == hi:
        return f"{lo} {one}"
    return f"{lo}-{hi} {unit}"


NO_AGREEMENT = Meaning("no agreed meaning")

_T = TypeVar("_T")


def _widest(ranges: list[Range]) -> Range:
    return min(lo for lo, _ in ranges), max(hi for _, hi in ranges)


def _shared(values: list[tuple[_T, ...]]) -> tuple[_T, ...]:
    """What every one of ``values`` holds, in the first one's order."""
    return tuple(v for v in values[0] if all(v in other for other in values[1:]))


def covers(wide: Meaning, narrow: Meaning) -> bool:
    """Whether ``wide`` says all ``narrow`` says and allows every hand it allows, under another name: a
    new suit's 10+ HCP within a new suit at the two level's 8+, told once as the wider ("new suit at the
    two level: 8+ HCP, 5+ spades", not both). A convention is what a call says too ("asks for aces"), so
    ``wide`` must be the same one's."""
    return (wide.force == narrow.force and wide.artificial == narrow.artificial
            and wide.convention == narrow.convention and hull([wide, narrow]) == wide)


def hull(meanings: list[Meaning]) -> Meaning:
    """The least meaning that allows every hand any of ``meanings`` allows (the first one's name): each
    range widened to cover them all, and only the conditions they all share kept."""
    first, rest = meanings[0], meanings[1:]
    if not rest:
        return first

    aces = [m.aces for m in meanings]
    return Meaning(
        first.label,
        hcp=_widest([m.hcp for m in meanings]),
        points=_widest([m.points for m in meanings]),
        lengths=lengths_of([_widest([m.lengths[s] for m in meanings]) for s in Suit]),
        balanced=first.balanced if all(m.balanced == first.balanced for m in rest) else None,
        relations=_shared([m.relations for m in meanings]),
        longest=_shared([m.longest for m in meanings]),
        stoppers=_shared([m.stoppers for m in meanings]),
        unstopped=_shared([m.unstopped for m in meanings]),
        features=_shared([m.features for m in meanings]),
        strong=_shared([m.strong for m in meanings]),
        controlled=_shared([m.controlled for m in meanings]),
        aces=None if None in aces else tuple(sorted({a for m in meanings for a in m.aces or ()})),
        dummy_points=_widest([m.dummy_points for m in meanings]),
        losers=_widest([m.losers for m in meanings]),
        losers_under=_shared([m.losers_under for m in meanings]),
        controls=_widest([m.controls for m in meanings]),
        first_round=_shared([m.first_round for m in meanings]),
        wasted=_shared([m.wasted for m in meanings]),
        help_wanted=_shared([m.help_wanted for m in meanings]),
        needs_no_help=_shared([m.needs_no_help for m in meanings]),
        tens=_widest([m.tens for m in meanings]),
        force=first.force, artificial=first.artificial, penalty=all(m.penalty for m in meanings),
        convention=first.convention,
        extra=_shared([m.extra for m in meanings]), judged=all(m.judged for m in meanings),
    )


def _within(told: list[str], limit: int | None) -> str:
    """The meanings ``told`` joined by "or", kept within ``limit`` characters by leaving out the last ones
    and saying how many in words that end the sentence ("...; or 1 other meaning (no room to show it)",
    where "...; or ..." read as cut off); a first meaning too long even for that is cut, ending "..."."""
    text = "; or ".join(told)
    if limit is None or len(text) <= limit:
        return text
    for kept in range(len(told) - 1, 0, -1):
        left_out = len(told) - kept
        left = f"{plural(left_out, 'other meaning')} (no room to show {'it' if left_out == 1 else 'them'})"
        shorter = "; or ".join([*told[:kept], left])
        if len(shorter) <= limit:
            return shorter
    return text[:limit - 3].rstrip(" ,;:") + "..."


@dataclass(frozen=True, slots=True)
class Explanation:
    """What one call shows: the meanings of every rule that could have made it (any one holds)."""

    call: str
    meanings: tuple[Meaning, ...]
    tables: tuple[Meaning, ...] | None = None
    """The meanings a rule table gives the call, when known (`Bidder.explain` says): the others are the
    judge's, the fallback's or the slam tries' (`origin`)."""
    tries: tuple[Meaning, ...] = ()
    """The meanings the slam tries give the call (`slam.slam_candidates`: Blackwood, a quantitative 4NT,
    a cue bid, a slam bid on the partnership's values), which the bidder tries before the tables."""

    def origin(self, meaning: Meaning) -> str:
        """Where ``meaning`` comes from: "judge" (the simulation's, `Meaning.judged`), "slam" (a slam
        try's, `tries`), "table" (a rule table's) or "fallback" (the fallback's; without `tables`, its
        forced bid or last-resort pass)."""
        if meaning.judged:
            return "judge"
        if meaning in self.tries:
            return "slam"
        if self.tables is None:
            return "fallback" if _fallbacks(meaning) else "table"
        return "table" if meaning in self.tables else "fallback"

    def agreement(self, meaning: Meaning) -> bool:
        """Whether ``meaning`` is the partnership's agreement, a slam try's or a table's (`origin`): what
        the bidder reads the call by before the fallback and what a note tells where one gives it one."""
        return self.origin(meaning) in _AGREED

    def allows(self, f: HandFacts | Hand) -> bool:
        facts = f if isinstance(f, HandFacts) else HandFacts.of(f)
        return any(m.allows(facts) for m in self.meanings)

    @property
    def told(self) -> tuple[Meaning, ...]:
        """The meanings told, those kept for the readings alone (`Meaning.untold`) left out unless they
        are all: what the call says, as a player judges from it whether partner's range has a top."""
        return _told(self.meanings)

    @property
    def text(self) -> str:
        """Every meaning in words, joined by "or": the whole agreement, as `explain` reads it."""
        return "; or ".join(dict.fromkeys(m.describe() for m in self.told))

    @property
    def brief(self) -> str:
        """The meanings in words with those of one name (label, artificial, forcing) and origin told once,
        by what all of them allow (`hull`) with their variants by suit named (`_with_variants`): what a
        player says at the table, and short enough for a note. Where a table gives the call a meaning, its
        meanings alone are told (`agreed`): 1NT P 2NT "invitational: 8-9 HCP", not merged with the
        fallback's balanced 7-8 of the same name; a pass of partner's 1H "weak: at most 5 HCP", not "...;
        or no other call fits: 6+ HCP; or pass: at most 13 HCP, ... chosen by playing out sample deals of
        the unseen cards")."""
        return self.note()

    def agreed(self, maker: HandFacts | None = None) -> tuple[Meaning, ...]:
        """The meanings a note tells, the one rule of `note` and `brief`: those told (`told`); of them, where
        a table gives the call a meaning, the tables' alone (the fallback's forced bid, last-resort pass and
        other readings, and the judge's, are made only by hands no table's rule fits or the simulation
        moved: what a student is told the call means is the system's agreement), else the fallback's and
        the judge's, the judge's left out where the fallback gives one (`as_read`) and the fallback's forced
        bid and last-resort pass where it gives another (1S P 3S X P: "declines the invitation: 11-13 HCP,
        a minimum", not "no other call fits", whose any hand covers it). With the ``maker``'s
        hand known, the tables' alone where it holds one of them, else every one told, the fallback's forced
        bid and last-resort pass left out where it holds another (a hand that made them holds no other), so
        that the note says what the hand holds (`_told_apart` keeps the groups it holds)."""
        told = self.told
        tables = tuple(m for m in told if self.agreement(m))  # (slam tries first, as the bidder reads them)
        if maker is not None and not any(m.allows(maker) for m in tables):
            if any(not _fallbacks(m) and m.allows(maker) for m in told):
                return tuple(m for m in told if not _fallbacks(m))
            return told if any(m.allows(maker) for m in told) else self.agreed()
        read = tuple(m for m in told if not m.judged) or told
        return tables or tuple(m for m in read if not _fallbacks(m)) or read

    def note(self, limit: int | None = None, maker: HandFacts | None = None,
             chosen: Meaning | None = None) -> str:
        """`brief`, kept within ``limit`` characters when one is given by leaving out the last meanings
        (the fallback's come last) and saying how many (`_within`): a note a file format bounds. With the
        ``maker``'s hand only the meanings it holds are told (a note on a known hand's call says what that
        hand shows, not what another hand would), when it holds any; and
        when it holds a table's meaning the fallback's and the judge's are left out (`agreed`: the tables
        come before the fallback, so the call was the table's: "Stayman reply: 4+ spades", not
        "...; or longest suit, forced"; "minimum, ...", not "no other call fits"). With the meaning that
        ``chosen`` the call (`Bidder.choose`) that meaning is told first, as one with the meanings of its
        name and origin (`_chosen_note`), not the judge's or the fallback's (``1NT P 2NT``: "invitational:
        8-9 HCP"; a pass of partner's 1H: "weak: at most 5 HCP", not the alternatives other hands would
        pass with)."""
        if chosen is not None:
            return self._chosen_note(chosen, limit, maker)
        return _within(self._told_apart(maker), limit)

    def _told_apart(self, maker: HandFacts | None = None) -> list[str]:
        """The words of each meaning `note` tells (`agreed`), in its order: those of one name and origin as
        one, with their variants by suit (`_with_variants`: Stayman's "4 hearts or 4 spades"), those
        ``maker``'s hand holds alone when it holds any."""
        groups = self._named(self.agreed(maker))
        if maker is not None and any(m.allows(maker) for group in groups for m in group):
            groups = [group for group in groups if any(m.allows(maker) for m in group)]  # what it holds
        hulls = [hull(group) for group in groups]
        words = [_with_variants(group) for group in groups]

        def covered(i: int) -> bool:  # (of two that cover each other, the first is kept)
            return any(j != i and covers(g, hulls[i]) and not (covers(hulls[i], g) and j > i)
                       and (words[j] == g.describe() or any(covers(m, hulls[i]) for m in groups[j]))
                       for j, g in enumerate(hulls))

        return list(dict.fromkeys(w for i, w in enumerate(words) if not covered(i)))

    def _named(self, meanings: tuple[Meaning, ...]) -> list[list[Meaning]]:
        """``meanings`` grouped by what a note tells as one: name, artificiality, force and origin
        (`origin`: the table's 8-9 HCP invitation and the fallback's balanced 7-8 of its name are two)."""
        named: dict[tuple[str, bool, Force, str], list[Meaning]] = {}
        for m in meanings:
            named.setdefault(self._name(m), []).append(m)
        return list(named.values())

    def _name(self, meaning: Meaning) -> tuple[str, bool, Force, str]:
        """What a note tells ``meaning`` as one with others by: its label, artificiality, force and origin."""
        return meaning.label, meaning.artificial, meaning.force, self.origin(meaning)

    @property
    def artificial(self) -> bool:
        """Whether any meaning is artificial (says nothing of the suit named): the call is alerted, and
        the fallback and the slam rules do not take it for a contract or a suit."""
        return any(m.artificial for m in self.meanings)

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

    def _chosen_note(self, chosen: Meaning, limit: int | None, maker: HandFacts | None = None) -> str:
        """The note on a call ``chosen`` made: the meanings of its name, artificiality, force and origin
        (table, fallback or judge: `origin`) told as one by what all of them allow, whatever their HCP (1H
        2C: one "5+ clubs" range on every board), and their variants by suit named ("Stayman (artificial),
        forcing: 8+ HCP, 4 hearts or 4 spades"); for an artificial call the call's other table meanings
        follow ("; or Stayman, weak with both majors ..."), since an opponent asking hears the agreement,
        but with the ``maker``'s hand known only those it holds too: a student reading the note on a
        14-HCP hand's Blackwood is not told of the 16+ HCP one it is not."""
        kin = self._name(chosen)
        group = [m for m in self.told if self._name(m) == kin] or [chosen]  # (the untold left out: `told`)
        told = [_with_variants(group)]
        if chosen.artificial:
            others = tuple(m for m in self.told if self.agreement(m) and m not in group
                           and (maker is None or m.allows(maker)))
            if others:
                told += Explanation(self.call, others)._told_apart()
        return _within(told, limit)

    def as_told(self) -> Explanation:
        """The call as it is told (`text`): only the meanings `told` holds."""
        shown = self.told
        return replace(self, meanings=shown) if len(shown) < len(self.meanings) else self

    def as_read(self) -> Explanation:
        """The call as the rules read it: the judge's meanings (`Meaning.judged`) left out where a table
        or the fallback gives the call a meaning too, so the reading is the rule bidder's wherever the
        judge agrees with the rules."""
        shown = tuple(m for m in self.meanings if not m.judged)
        return Explanation(self.call, shown) if shown and len(shown) < len(self.meanings) else self

    def constraint(self) -> HandConstraint:
        """What the call shows whichever of its meanings holds: the hull of their ranges."""
        each = [m.constraint() for m in self.meanings]
        if not each:
            return HandConstraint()
        return HandConstraint(
            min(c.hcp_min for c in each), max(c.hcp_max for c in each),
            suit_lengths(min(c.min_length[s] for c in each) for s in Suit),
            suit_lengths(max(c.max_length[s] for c in each) for s in Suit),
        )

    def hcp_range(self) -> Range:
        """The HCP range any of the meanings allows (their hull)."""
        return (min(m.hcp[0] for m in self.meanings), max(m.hcp[1] for m in self.meanings))

    def min_length(self, suit: Suit, longest: bool = False) -> int:
        """The fewest cards in ``suit`` any meaning allows: a balanced meaning holds at least two; with
        ``longest``, a longest suit four (the fallback's forced 3D, support or longest suit, shows three).
        The bidder's readings of partner (his fits, slam's strain) ask ``longest`` only for the game over
        his forced bid: counting it in all of them, as `Meaning.implied_lengths` does for the explanation
        and the card player, lost on the tuning sets (docs/performance.md, the forced bids' lengths)."""
        return min(max((m.implied_lengths if longest else m.lengths)[suit][0],
                       _BALANCED[0] if m.balanced else 0) for m in self.meanings)

    def __str__(self) -> str:
        return f"{self.call}: {self.text}"


def _told(meanings: tuple[Meaning, ...]) -> tuple[Meaning, ...]:
    """``meanings`` without those kept for the readings alone (`Meaning.untold`), unless they are all."""
    return tuple(m for m in meanings if not m.untold) or meanings


VARIANTS_TOLD = 3
"""The most variants by suit a note names ("4 hearts or 4 spades"): a slam in notrump's five (no suit of
five, or one in any suit) are told as "no two five-card suits"."""


def _with_variants(group: list[Meaning]) -> str:
    """``group`` in words as one (`hull`), with the suit lengths each member fixes and the hull does not
    named as alternatives: Stayman with four hearts or four spades, "..., 4 hearts or 4 spades". Variants
    in one suit alone say no more than its range (a preempt's "7+ spades", not "..., 8+ spades or 7
    spades"), and more than `VARIANTS_TOLD` are no sentence a player says: the label or the meaning's
    words say them."""
    whole = hull(group)
    text = whole.describe()
    wide, _ = length_words(whole.implied_lengths, whole.balanced)
    variants = []
    varied: set[Suit] = set()
    for m in group:
        own, _ = length_words(m.implied_lengths, m.balanced)
        differ = [s for s in SUITS_HIGH_FIRST if s in own and own[s] != wide.get(s)]
        varied.update(differ)
        variants.append(", ".join(own[s] for s in differ))
    named = list(dict.fromkeys(variants))
    if 1 < len(named) <= VARIANTS_TOLD and all(named) and len(varied) > 1:
        pair = tuple(s for s in SUITS_HIGH_FIRST if s in varied)
        both = _not_both_long(group, pair[0], pair[1]) if len(pair) == 2 else None
        if both is None:
            text += ", " + " or ".join(named)
        elif not (both.startswith("not five-five") and NO_TWO_SUITER in whole.extra):  # (said once)
            text += ", " + both
    return text


NO_TWO_SUITER = "no two five-card suits"
"""What a meaning with no two suits of five cards or more says in its words (a notrump slam's, whose
variants by suit it stands for: `_with_variants` leaves them out)."""
_COUNTS = {4: "four", 5: "five", 6: "six", 7: "seven"}


def _not_both_long(group: list[Meaning], a: Suit, b: Suit) -> str | None:
    """The variants of ``group`` in suits ``a`` and ``b`` as a player says them when they are each short
    holding with each long one and the two short ones, never both long: "not five-five in hearts and
    clubs", not "at most 4 hearts, at most 4 clubs or at most 4 hearts, 5-7 clubs or 5-7 hearts, at most 4
    clubs" (a slam in notrump's). The short holdings' least and the long ones' top are the group's
    (`hull`), whose words say them ("no void"; a cap of seven untold); None for variants of another
    form."""
    pairs = {(m.implied_lengths[a], m.implied_lengths[b]) for m in group}
    splits = []
    for side in (0, 1):
        ranges = sorted({pair[side] for pair in pairs})
        if len(ranges) != 2 or ranges[0][1] + 1 != ranges[1][0]:
            return None
        splits.append(ranges)
    (short_a, long_a), (short_b, long_b) = splits
    if pairs != {(short_a, short_b), (short_a, long_b), (long_a, short_b)}:
        return None
    least_a, least_b = long_a[0], long_b[0]
    name_a, name_b = a.full_name.lower(), b.full_name.lower()
    if least_a == least_b and least_a in _COUNTS:
        return f"not {_COUNTS[least_a]}-{_COUNTS[least_a]} in {name_a} and {name_b}"
    return f"not {least_a}+ {name_a} with {least_b}+ {name_b}"


_AGREED = ("slam", "table")
"""The origins (`Explanation.origin`) of the partnership's agreements: a slam try's and a table's."""


def _fallbacks(meaning: Meaning) -> bool:
    """Whether ``meaning`` is one only the fallback gives (its forced bid or its last-resort pass)."""
    return meaning.force == Force.FORCED or meaning.label == LAST_RESORT_PASS


def shown_by_calls(auction: Auction, explain: Callable[[Auction, Call], Explanation]
                   ) -> dict[Seat, HandConstraint]:
    """What each seat's calls in ``auction`` showed, read by ``explain``: each call's hull of meanings
    (`Explanation.constraint`) narrowing the seat's earlier ones, the fallback's forced bid of a call a
    table gives a meaning left out (`Explanation.natural`: 1D P 1H P 2D shows five diamonds, not the forced
    "longest suit"'s four); a call that would leave nothing possible (an off-system call) adds nothing. Here,
    below the bidder, so the bidder's notes and the card player's inference (`inference.auction_constraints`)
    read an auction the one way."""
    shown: dict[Seat, HandConstraint] = {}
    so_far = Auction(auction.dealer)
    for call in auction.calls:
        seat = so_far.turn
        both = shown.get(seat, HandConstraint()).narrowed(explain(so_far, call).natural().constraint())
        if both.possible:
            shown[seat] = both
        so_far.add(call)
    return {seat: shown_ for seat, shown_ in shown.items() if shown_ != HandConstraint()}
