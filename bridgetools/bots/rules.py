"""Rules of a bidding system: an auction pattern, a call and its meaning, and how a rule is matched
against an auction (the `Situation`) to give candidate calls with their meanings.

Patterns are written from the opening bid on (passes before it are left out), one token a call:
``P``, ``X``, ``XX``, ``p`` (pass or double), ``_`` (any call) or a bid such as ``1N`` or ``2M`` (``?y``: y
at any level), where a
strain letter may be a variable: ``M`` a major, ``m`` a minor, ``x y z w`` any suit (different letters,
different suits). A pattern starting ``...`` matches the end of the auction. Calls are written the
same way, with level ``c`` for the cheapest level and ``j`` for one level more (a jump); ``T`` is the
suit the bidder's side has agreed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bridgetools.bots.meaning import ANY_HCP, ANY_LENGTH, Explanation, Force, Meaning, lengths_of
from bridgetools.model import DOUBLE, PASS, REDOUBLE, Bid, Call, Seat, Strain, Suit, Vul
from bridgetools.rules import Auction

VARIABLES = {
    "M": (Suit.S, Suit.H), "m": (Suit.D, Suit.C),
    "x": (Suit.S, Suit.H, Suit.D, Suit.C), "y": (Suit.S, Suit.H, Suit.D, Suit.C),
    "z": (Suit.S, Suit.H, Suit.D, Suit.C), "w": (Suit.S, Suit.H, Suit.D, Suit.C),
}
_CONCRETE = {"C": Strain.C, "D": Strain.D, "H": Strain.H, "S": Strain.S, "N": Strain.NT}
_NAMED_CALLS = {"P": PASS, "X": DOUBLE, "XX": REDOUBLE}
_REL = re.compile(r"^(\w+)(>=|>|=)(\w+)$")

Binding = dict[str, Suit]
TRANSFER_LENGTH = 5
"""The least length in another suit an artificial suit bid shows for `Situation.transferred_to` to read it
as a transfer there."""
FIT = 8
"""Cards in a suit the two hands must have shown together for it to count as agreed."""


@dataclass(frozen=True, slots=True)
class Vulnerability:
    """Who is vulnerable as one player sees it: ``we`` (this player's side) and ``they``."""

    we: bool = False
    they: bool = False

    @classmethod
    def of(cls, vul: Vul, seat: Seat) -> Vulnerability:
        """The board's vulnerability as the player in ``seat`` sees it."""
        return cls(vul.is_vulnerable(seat), vul.is_vulnerable(seat.lho))

    def after(self, calls: int) -> Vulnerability:
        """As seen by the player ``calls`` turns later (or earlier): an odd count is an opponent."""
        return Vulnerability(self.they, self.we) if calls % 2 else self


NONE_VULNERABLE = Vulnerability()

VULNERABILITY_CONDITIONS: dict[str, tuple[str, Callable[[Vulnerability], bool]]] = {
    "vul": ("vulnerable", lambda v: v.we),
    "nonvul": ("not vulnerable", lambda v: not v.we),
    "fav": ("not vulnerable against vulnerable", lambda v: v.they and not v.we),
    "neither": ("neither side vulnerable", lambda v: not v.we and not v.they),
}
"""The vulnerability a rule may ask for (`Rule.vul`): its words in the tables, and the test."""


class Situation:
    """An auction seen by the player to call: the calls from the opening bid on, who made them
    relative to this player, what each call already made showed, and who is vulnerable."""

    def __init__(self, auction: Auction, explain: Callable[[tuple[Call, ...]], Explanation],
                 vulnerability: Vulnerability = NONE_VULNERABLE) -> None:
        self.auction = auction
        self.vulnerability = vulnerability
        calls = auction.calls
        self.calls = calls
        first = next((i for i, c in enumerate(calls) if isinstance(c, Bid)), len(calls))
        self.passes_before = first
        self.key: tuple[Call, ...] = calls[first:]
        self.explain_calls = explain
        """What the last of any calls of this auction shows (to see an earlier call as its maker saw it)."""
        self._explanations: dict[int, Explanation] = {}
        self.offered: dict[RuleIndex, tuple[tuple[Call, Meaning], ...]] = {}
        """What each `RuleIndex` offers here: its rules are matched once a situation (keyed by the index
        itself, held here, so another index can never be taken for it)."""

    def explanation(self, index: int) -> Explanation:
        """What call ``index`` (of the whole auction) showed."""
        if index not in self._explanations:
            self._explanations[index] = self.explain_calls(self.calls[:index + 1])
        return self._explanations[index]

    def own_indexes(self, offset: int) -> list[int]:
        """Indexes of the calls made by the player ``offset`` seats after this one (2 = partner)."""
        n = len(self.calls)
        return [i for i in range(n) if (n - i) % 4 == (4 - offset) % 4]

    def passed_hand(self, offset: int) -> bool:
        """Whether the player ``offset`` seats on passed before the opening bid (a passed hand)."""
        return any(i < self.passes_before for i in self.own_indexes(offset))

    def bids_by(self, offset: int) -> list[Bid]:
        return [c for i in self.own_indexes(offset) if isinstance(c := self.calls[i], Bid)]

    @property
    def contested(self) -> bool:
        """Whether an opponent has bid (a double or a pass alone leaves the auction uncontested)."""
        return bool(self.bids_by(1) or self.bids_by(3))

    @property
    def partner_last(self) -> Explanation | None:
        idx = self.own_indexes(2)
        return self.explanation(idx[-1]) if idx else None

    @property
    def bid_suits(self) -> set[Suit]:
        return {s for c in self.calls if isinstance(c, Bid) and (s := c.strain.suit) is not None}

    def natural_bids(self, offset: int) -> list[tuple[int, Suit]]:
        """The index and suit of each suit bid the player ``offset`` seats on made naturally (artificial
        bids left out), in order. The bid of the suit partner's transfer showed (`transferred_to`) accepts
        it, not a suit of the bidder's own (1NT P 2H P 2S: the spades are responder's)."""
        out = []
        for i in self.own_indexes(offset):
            c = self.calls[i]
            if isinstance(c, Bid) and c.strain.suit is not None and not self.explanation(i).artificial \
                    and not (i >= 2 and self.transferred_to(i - 2) == c.strain.suit):
                out.append((i, c.strain.suit))
        return out

    def transferred_to(self, index: int) -> Suit | None:
        """The suit call ``index`` transfers to: an artificial suit bid showing five cards or more in one
        other suit (a Jacoby transfer); None for any other call."""
        call = self.calls[index] if 0 <= index < len(self.calls) else None
        if not isinstance(call, Bid) or call.strain.suit is None:
            return None
        shown = self.explanation(index)
        if not shown.artificial:
            return None
        long = [s for s in Suit if s != call.strain.suit and shown.natural().min_length(s) >= TRANSFER_LENGTH]
        return long[0] if len(long) == 1 else None

    def natural_suits(self, offset: int) -> list[Suit]:
        """Suits the player ``offset`` seats on bid naturally (artificial bids left out), in order."""
        return [suit for _, suit in self.natural_bids(offset)]

    def our_suits(self) -> frozenset[Suit]:
        """The suits this player or partner has bid naturally (`natural_suits`): our side's suits, which
        cue bids, Blackwood and the fallback's stoppers pass over."""
        return frozenset(self.natural_suits(0) + self.natural_suits(2))

    def their_suits(self, after: int = -1) -> frozenset[Suit]:
        """The suits the opponents have bid naturally (`natural_bids`): their side's suits, which are never
        our trump suit and whose stoppers or honours the bots count; only those bid after call ``after``
        if given."""
        return frozenset(suit for offset in (1, 3) for i, suit in self.natural_bids(offset) if i > after)

    def shown_lengths(self, offset: int, longest: bool = False,
                      reader: Callable[[Situation, int], Explanation] | None = None) -> list[int]:
        """The least length in each suit that the calls of the player ``offset`` seats on have shown by
        the tables' meanings (artificial ones included: a Jacoby 2NT shows trumps too; the fallback's
        forced bid of the same call left out, as only a hand no rule fits makes it), or as ``reader``
        reads each call if given; a longest suit counted four with ``longest``."""
        lengths = [0, 0, 0, 0]
        for i in self.own_indexes(offset):
            shown = reader(self, i) if reader is not None else self.explanation(i).natural()
            for s in Suit:
                lengths[s] = max(lengths[s], shown.min_length(s, longest))
        return lengths

    def agreed_suit(self) -> Suit | None:
        """The suit this player's side has agreed: one in which the two hands have shown eight cards
        together (a major first, then the longer fit, then the suit bid last); without such a fit a suit
        bid by both, else partner's last suit, else own, never one the opponents bid naturally (our bid
        of it is a cue bid or a forced bid, not a trump suit)."""
        mine, partner = self.shown_lengths(0), self.shown_lengths(2)
        fits = [s for s in Suit if mine[s] + partner[s] >= FIT]
        if fits:
            last_bid = self._last_bid_by_side()
            return max(fits, key=lambda s: (s in (Suit.S, Suit.H), mine[s] + partner[s], last_bid.get(s, -1)))
        return self._suit_bid_by_both()

    def _last_bid_by_side(self) -> dict[Suit, int]:
        """For each suit this player's side has bid, the index of the side's last bid in it."""
        out: dict[Suit, int] = {}
        for i in sorted(self.own_indexes(0) + self.own_indexes(2)):
            c = self.calls[i]
            if isinstance(c, Bid) and c.strain.suit is not None:
                out[c.strain.suit] = i
        return out

    def _suit_bid_by_both(self) -> Suit | None:
        """A suit bid naturally by both partners (partner's latest such), else partner's last suit,
        else own; suits the opponents bid naturally left out."""
        theirs = self.their_suits()
        mine = [s for s in self.natural_suits(0) if s not in theirs]
        partner = [s for s in self.natural_suits(2) if s not in theirs]
        for s in reversed(partner):
            if s in mine:
                return s
        if partner:
            return partner[-1]
        return mine[-1] if mine else None

    def opening_strain(self) -> Strain:
        """The strain of the opening bid (the first call of ``key``)."""
        first = self.key[0]
        assert isinstance(first, Bid)
        return first.strain

    def opening_bid(self) -> Bid | None:
        """The auction's first bid, whoever made it (None before anyone bids)."""
        return next((c for c in self.calls if isinstance(c, Bid)), None)

    def last_bid(self) -> Bid | None:
        return next((c for c in reversed(self.calls) if isinstance(c, Bid)), None)

    def cheapest_level(self, strain: Strain) -> int:
        last = self.last_bid()
        if last is None:
            return 1
        return last.level + (1 if strain <= last.strain else 0)


@dataclass(frozen=True)
class Rule:
    """One line of a rule table: in an auction matching ``pattern``, ``call`` means ``spec`` (a
    `Meaning` whose suits may be pattern variables, filled in when the rule is matched)."""

    pattern: tuple[str, ...]
    suffix: bool
    call: str
    spec: dict[str, Any]
    label: str
    after: str = ""
    order: tuple[tuple[str, str], ...] = ()
    when: Callable[[Situation], bool] | None = field(default=None, compare=False)
    vul: str = ""
    """A key of `VULNERABILITY_CONDITIONS`: the rule applies only at that vulnerability ("" any)."""
    where: Callable[[Situation, Binding], bool] | None = field(default=None, compare=False)
    """A condition on the auction and the suits bound to the variables (the pattern's and the call's):
    `when` is asked before the call's suits are chosen, so only ``where`` can ask about the suit bid."""

    @property
    def pattern_text(self) -> str:
        return ("... " if self.suffix else "") + " ".join(self.pattern) or "(opening)"

    def candidates(self, sit: Situation) -> Iterator[tuple[Call, Meaning]]:
        """Every call this rule may make in ``sit``, with what it would mean, best first."""
        binding = self._match(sit)
        if binding is None:
            return
        if self.after and (sit.partner_last is None or sit.partner_last.convention != self.after):
            return
        if self.when is not None and not self.when(sit):
            return
        if self.vul and not VULNERABILITY_CONDITIONS[self.vul][1](sit.vulnerability):
            return
        if "T" in self.call:
            agreed = sit.agreed_suit()
            if agreed is None:
                return
            binding = {**binding, "T": agreed}
        for full in self._extend(binding, _call_variables(self.call)):
            if any(_suits_named(a, full, sit)[0] <= _suits_named(b, full, sit)[0] for a, b in self.order):
                continue
            if self.where is not None and not self.where(sit, full):
                continue
            call = _make_call(self.call, full, sit)
            meaning = None if call is None else over_passed_hands_new_suit(
                sit, call, passed_hand_meaning(sit, call, self.meaning(full, sit)))
            if call is not None and meaning is not None:
                yield call, meaning

    def _match(self, sit: Situation) -> Binding | None:
        key = sit.key
        if self.suffix:
            if len(key) < len(self.pattern):
                return None
            key = key[len(key) - len(self.pattern):]
        elif len(key) != len(self.pattern):
            return None
        binding: Binding = {}
        for token, call in zip(self.pattern, key, strict=True):
            if not _token_matches(token, call, binding):
                return None
        return binding

    def _extend(self, binding: Binding, names: list[str]) -> Iterator[Binding]:
        todo = [n for n in names if n not in binding]
        if not todo:
            yield binding
            return
        name = todo[0]
        for suit in VARIABLES[name]:
            if suit not in binding.values():
                yield from self._extend({**binding, name: suit}, todo[1:])

    def meaning(self, binding: Binding, sit: Situation | None) -> Meaning:
        """The rule's meaning with its variables filled in from ``binding``."""
        spec = self.spec
        lengths = [ANY_LENGTH] * 4
        for name, rng in spec.get("lens", {}).items():
            for suit in _suits_named(name, binding, sit):
                lo, hi = lengths[suit]
                lengths[suit] = (max(lo, rng[0]), min(hi, rng[1]))
        relations: list[tuple[Suit, str, Suit]] = []
        for text in spec.get("rel", ()):
            m = _REL.match(text)
            assert m is not None, text
            for a in _suits_named(m.group(1), binding, sit):
                relations.extend((a, m.group(2), b) for b in _suits_named(m.group(3), binding, sit) if b != a)
        meaning = Meaning(
            label=self.label,
            lengths=lengths_of(lengths),
            relations=tuple(relations),
            longest=tuple(s for n in spec.get("longest", ()) for s in _suits_named(n, binding, sit)),
            stoppers=tuple(s for n in spec.get("stop", ()) for s in _suits_named(n, binding, sit)),
            unstopped=tuple(s for n in spec.get("no_stop", ()) for s in _suits_named(n, binding, sit)),
            features=tuple(s for n in spec.get("feature", ()) for s in _suits_named(n, binding, sit)),
            strong=tuple(s for n in spec.get("strong", ()) for s in _suits_named(n, binding, sit)),
            needs_no_help=tuple(s for n in spec.get("no_help", ()) for s in _suits_named(n, binding, sit)),
            wasted=tuple((s, most) for n, most in spec.get("wasted", {}).items()
                         for s in _suits_named(n, binding, sit)),
            first_round=tuple((s, held) for n, held in spec.get("first_round", {}).items()
                              for s in _suits_named(n, binding, sit)),
        )
        simple = {k: v for k, v in spec.items() if k not in (
            "lens", "rel", "longest", "stop", "no_stop", "feature", "strong", "no_help", "wasted",
            "first_round")}
        meaning = replace(meaning, **simple)
        if self.vul:
            meaning = replace(meaning, extra=(*meaning.extra, VULNERABILITY_CONDITIONS[self.vul][0]))
        return meaning


PASSED_HAND_MOST = 11
"""The most HCP a passed hand holds: the tables open every hand of 12 or more HCP (none of 20,000 random
ones passes in first seat)."""
PASSED_HAND = "a passed hand: not forcing"
"""What a passed hand's natural one-level new suit says in place of the table's force
(`passed_hand_meaning`)."""


def passed_hand_meaning(sit: Situation, call: Call, meaning: Meaning) -> Meaning | None:
    """``meaning`` as a passed hand's first bid of a new suit at the one or two level has it: a natural new
    suit that the tables call forcing (a response, a free bid) does not force from a hand that passed before
    the opening, and shows at most `PASSED_HAND_MOST` HCP; an alternative only a stronger hand holds (a
    strong or game-forcing one) is dropped (None). Opener's game and slam decisions read the call as the
    table does (`table_hcp_range`). Conventions (artificial calls), a hand that has bid before, an answer to
    partner's forcing call (a strong 2C) and a new suit above the two level keep the table's meaning."""
    if meaning.force not in (Force.FORCING, Force.GAME_FORCING) or meaning.artificial or meaning.convention \
            or not isinstance(call, Bid) or call.level > 2 or call.strain.suit is None:
        return meaning
    bid = call.strain.suit
    if not sit.passed_hand(0) or sit.bids_by(0) or bid in sit.our_suits() | sit.their_suits() \
            or sit.partner_last is None or sit.partner_last.forcing:
        return meaning
    if meaning.hcp[0] > PASSED_HAND_MOST:
        return None
    return replace(meaning, hcp=(meaning.hcp[0], min(meaning.hcp[1], PASSED_HAND_MOST)), force=Force.NONE,
                   extra=(*meaning.extra, PASSED_HAND))


def over_passed_hands_new_suit(sit: Situation, call: Call, meaning: Meaning | None) -> Meaning | None:
    """``meaning`` as opener's rebid over a passed hand's natural two-level new suit has it: that new suit
    did not force (`passed_hand_meaning`), so a raise of it or his own suit again, which the tables call
    forcing, is a natural call partner may pass, so it shows at most `PASSED_OPPOSITE_MAX` HCP. A new suit
    (a reverse), artificial calls and game forces keep their force."""
    if meaning is None or meaning.force != Force.FORCING or meaning.artificial or meaning.convention \
            or not isinstance(call, Bid) or call.strain.suit not in sit.our_suits():
        return meaning
    partner = sit.partner_last
    if not sit.passed_hand(2) or len(sit.bids_by(0)) != 1 or partner is None or partner.forcing \
            or partner.artificial or len(sit.bids_by(2)) != 1 or sit.bids_by(2)[0].level != 2:
        return meaning
    lo, hi = meaning.hcp
    if lo > PASSED_OPPOSITE_MAX:
        return meaning
    return replace(meaning, force=Force.NONE, hcp=(lo, min(hi, PASSED_OPPOSITE_MAX)))


PASSED_OPPOSITE_MAX = 14
"""The most HCP opener may hold for a call a passed hand's two-level new suit may pass: with 15 or more, game
values opposite its 10-11, opener bids game or a call that still forces (a jump, a reverse, a new suit)."""


def table_hcp_range(explanation: Explanation) -> tuple[int, int]:
    """The HCP range of ``explanation``, but for a passed hand's one-level new suit (capped at 11 by
    `passed_hand_meaning`) its low end and the top of the HCP scale: the fallback's games and slam's tries
    were tuned on that uncapped reading, and read capped they stopped short of slams that made
    (docs/performance.md, "Thirty-second pass (a passed hand's new suit, read as before)")."""
    lo, hi = explanation.hcp_range()
    if any(PASSED_HAND in m.extra for m in explanation.meanings):
        return lo, ANY_HCP[1]
    return lo, hi


PREFIX = 2
"""How many of an auction's first calls `RuleIndex` sorts the tables' rules by."""


class RuleIndex:
    """A rule table sorted by what each pattern needs of the auction: its length and its first calls
    (`PREFIX`); an auction then tries only the rules that can match it, in the table's order, and a
    `Situation` keeps what they offer so the bidder and the fallback match them once."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = tuple(rules)
        self._by_length: dict[int, tuple[Rule, ...]] = {}
        self._by_start: dict[tuple[int, tuple[Call, ...]], tuple[Rule, ...]] = {}

    def rules_for(self, key: tuple[Call, ...]) -> tuple[Rule, ...]:
        """The rules whose pattern can match an auction of ``key`` (its calls from the opening bid on):
        those matching its end, and those of its length whose first calls match its first calls."""
        start = (len(key), key[:PREFIX])
        found = self._by_start.get(start)
        if found is None:
            of_length = self._by_length.get(len(key))
            if of_length is None:
                of_length = tuple(r for r in self.rules if r.suffix or len(r.pattern) == len(key))
                self._by_length[len(key)] = of_length
            found = tuple(r for r in of_length
                          if r.suffix or _prefix_matches(r.pattern[:PREFIX], key[:PREFIX]))
            self._by_start[start] = found
        return found

    def candidates(self, sit: Situation) -> tuple[tuple[Call, Meaning], ...]:
        """Every call the rules may make in ``sit`` with its meaning (legal or not), in the table's order;
        worked out once for each situation."""
        known = sit.offered.get(self)
        if known is None:
            known = tuple(cm for r in self.rules_for(sit.key) for cm in r.candidates(sit))
            sit.offered[self] = known
        return known


def _prefix_matches(tokens: tuple[str, ...], calls: tuple[Call, ...]) -> bool:
    """Whether a pattern's first ``tokens`` match ``calls`` (as `Rule._match` would read them)."""
    binding: Binding = {}
    return all(_token_matches(token, call, binding) for token, call in zip(tokens, calls, strict=True))


def _suits_named(name: str, binding: Binding, sit: Situation | None) -> list[Suit]:
    if name in binding:
        return [binding[name]]
    if name in _CONCRETE:
        suit = _CONCRETE[name].suit
        assert suit is not None
        return [suit]
    if name in ("unbid", "unbidM"):
        bid = sit.bid_suits if sit is not None else set()
        pool = (Suit.S, Suit.H) if name == "unbidM" else tuple(Suit)
        return [s for s in pool if s not in bid]
    raise KeyError(f"unknown suit name {name!r}")


def _call_variables(text: str) -> list[str]:
    return [ch for ch in text[1:] if ch in VARIABLES] if text not in _NAMED_CALLS else []


def _token_matches(token: str, call: Call, binding: Binding) -> bool:
    if token == "_":
        return True
    if token == "p":
        return call is PASS or call is DOUBLE
    if token in _NAMED_CALLS:
        return call is _NAMED_CALLS[token]
    if not isinstance(call, Bid) or (token[0] != "?" and int(token[0]) != call.level):
        return False
    letter = token[1]
    if letter in _CONCRETE:
        return call.strain == _CONCRETE[letter]
    suit = call.strain.suit
    if suit is None or suit not in VARIABLES[letter]:
        return False
    if letter in binding:
        return binding[letter] == suit
    if suit in binding.values():
        return False
    binding[letter] = suit
    return True


def _make_call(text: str, binding: Binding, sit: Situation) -> Call | None:
    if text in _NAMED_CALLS:
        return _NAMED_CALLS[text]
    letter = text[1]
    strain = _CONCRETE[letter] if letter in _CONCRETE else binding[letter].strain
    if text[0] in "cj":
        level = sit.cheapest_level(strain) + (text[0] == "j")
    else:
        level = int(text[0])
    return Bid(level, strain) if level <= 7 else None


def rule(pattern: str, call: str, label: str, *, after: str = "", order: str = "",
         when: Callable[[Situation], bool] | None = None, vul: str = "",
         where: Callable[[Situation, Binding], bool] | None = None, **spec: Any) -> Rule:
    """A rule from its written form: ``rule("1M P", "2M", "single raise", hcp=(6, 9), lens={"M": (3, 13)})``.

    ``order="z>x"`` asks that suit z rank above suit x; ``vul="vul"`` (a key of
    `VULNERABILITY_CONDITIONS`) limits the rule to that vulnerability; ``where`` is a condition that also
    sees the suits bound to the variables (``lambda s, b: s.cheapest_level(b["z"].strain) <= 3``); other
    keywords are `Meaning` fields, with ``lens`` (suit name -> length range), ``wasted`` (suit name -> the
    most HCP in its king, queen and jack), ``first_round`` (suit name -> whether the hand holds its ace or
    a void), ``rel`` (``"x>=y"``), and ``longest``, ``stop``, ``no_stop``,
    ``feature``, ``strong`` and ``no_help`` (`Meaning.needs_no_help`) naming suits by variable, letter,
    ``unbid`` or ``unbidM``.
    """
    tokens = pattern.split()
    suffix = bool(tokens) and tokens[0] == "..."
    if suffix:
        tokens = tokens[1:]
    orders = tuple((o[0], o[2]) for o in order.split()) if order else ()
    if vul and vul not in VULNERABILITY_CONDITIONS:
        raise ValueError(f"unknown vulnerability {vul!r} in rule {pattern!r} {call!r}")
    return Rule(tuple(tokens), suffix, call, spec, label, after, orders, when, vul, where)
