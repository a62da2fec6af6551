"""The computer bidder: chooses a call by the first rule whose meaning the hand satisfies, explains any
call by the same rules, and falls back to `fallback_candidates` where no rule applies.
`judgement.JudgingBidder` also judges the slam decisions by double-dummy simulation."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from bridgetools.board import Board
from bridgetools.board.terms import playing_terms
from bridgetools.bots.fallback import capped, capped_by_calls_before, fallback_candidates
from bridgetools.bots.given import given_auction, given_deal, given_hand
from bridgetools.bots.meaning import (
    ANY_HCP,
    ANY_LENGTH,
    NO_AGREEMENT,
    Explanation,
    HandFacts,
    Meaning,
    lengths_of,
    shown_by_calls,
)
from bridgetools.bots.rules import NONE_VULNERABLE, Rule, RuleIndex, Situation, Vulnerability
from bridgetools.bots.sampling import HandConstraint
from bridgetools.bots.slam import slam_candidates
from bridgetools.bots.system import ALL_RULES, ALL_RULES_INDEX, MAJOR_SUIT_SLAM_TRY, MINOR_SUIT_SLAM_TRY
from bridgetools.errors import BridgeError, IllegalCallError
from bridgetools.formats._suit_marks import calls_marked
from bridgetools.formats.pbn_write import LINE_LIMIT
from bridgetools.formats.replaced_play import irregular_auction, with_replacements, without_stale_records
from bridgetools.model import PASS, Annotation, Bid, Call, Deal, Hand, Seat, Suit, Vul
from bridgetools.rules import Auction

_CACHE_LIMIT = 200_000


class Bidder:
    """A natural SAYC-lite bidder: ``call(auction, hand)`` chooses a legal call and
    ``explain(auction, call)`` says what a call by anyone there shows (an `Explanation`). ``rules`` are
    the tables to bid by, None (the default) for the system's own (`bots.system.ALL_RULES`): a default
    that help() and an editor show as ``None``, not as thousands of rules."""

    def __init__(self, rules: Sequence[Rule] | None = None) -> None:
        self.rules = ALL_RULES if rules is None else tuple(rules)
        self.judge = False
        """Whether slam decisions are judged by simulation (`judgement.JudgingBidder`); never here."""
        self._index = ALL_RULES_INDEX if self.rules is ALL_RULES else RuleIndex(self.rules)
        """The system's one index when the rules are its tables, so its fallback and slam share what a
        situation's rules offer; else an index of these rules."""
        self._explained: dict[tuple[tuple[Call, ...], Vulnerability], Explanation] = {}
        self._offered: dict[tuple[tuple[Call, ...], Vulnerability], tuple[tuple[Call, Meaning], ...]] = {}
        self._tabled: dict[tuple[tuple[Call, ...], Vulnerability], _Tabled] = {}

    def candidates(self, auction: Auction, vulnerability: Vulnerability = NONE_VULNERABLE
                   ) -> Iterator[tuple[Call, Meaning]]:
        """Every legal call the system could make now with its meaning, in the order they are tried:
        slam tries by the partnership's values, the tables' rules, the fallback, then (when judging) the
        calls only the simulation chooses; never a meaning no hand could hold (`Meaning.possible`).
        ``vulnerability`` is as the player to call sees it."""
        yield from self._candidates(self._situation(auction, vulnerability))

    def _situation(self, auction: Auction, vulnerability: Vulnerability) -> Situation:
        """``auction`` seen by the player to call, each earlier call explained at the vulnerability its
        maker saw."""
        return Situation(auction, self._explainer(vulnerability.after(len(auction.calls))), vulnerability)

    def _explainer(self, dealer_sees: Vulnerability) -> Callable[[tuple[Call, ...]], Explanation]:
        """The rules' reading (`Explanation.as_read`) of the calls of one auction, given the vulnerability
        its dealer sees."""
        return lambda made: self._explain_calls(made, dealer_sees.after(len(made) - 1)).as_read()

    def _candidates(self, sit: Situation) -> Iterator[tuple[Call, Meaning]]:
        offers = self._offers(tuple(sit.auction.calls), sit.vulnerability)
        yield from offers
        if self.judge:
            yield from ((call, m) for call, m in self._judged(sit, _by_call(offers)) if m.possible)

    def _offers(self, calls: tuple[Call, ...], vulnerability: Vulnerability = NONE_VULNERABLE
                ) -> tuple[tuple[Call, Meaning], ...]:
        """The rules' legal calls after ``calls`` with their meanings, in order: they depend on the
        auction and the vulnerability alone (not on the hand), so each one's are worked out once and kept."""
        key = (calls, vulnerability)
        known = self._offered.get(key)
        if known is None:
            sit = self._situation(Auction(Seat.N, calls), vulnerability)
            known = tuple(self._rule_candidates(sit, self._tables_at(calls, vulnerability, sit)))
            if len(self._offered) > _CACHE_LIMIT:
                self._offered.clear()
            self._offered[key] = known
        return known

    def _tables_at(self, calls: tuple[Call, ...], vulnerability: Vulnerability, sit: Situation) -> _Tabled:
        """What the tables and the slam tries offer after ``calls`` (``sit``, as `_situation` sees them): both
        the bidder's offers (`_offers`) and the explanation of each call there (`_explain_calls`) read them,
        so each auction's are worked out once and kept, not twice for every call of a file's auction."""
        key = (calls, vulnerability)
        known = self._tabled.get(key)
        if known is None:
            known = _tabled(sit, self._index)
            if len(self._tabled) > _CACHE_LIMIT:
                self._tabled.clear()
            self._tabled[key] = known
        return known

    def _judged(self, sit: Situation, offered: dict[Call, list[Meaning]]) -> Iterator[tuple[Call, Meaning]]:
        """The calls only a judging bidder makes, with their meanings: none for the rule bidder."""
        return iter(())

    def _considers(self, sit: Situation, call: Call, meaning: Meaning) -> bool:
        """Whether a judging bidder weighs the rules' ``call`` by simulation: never for the rule bidder."""
        return False

    def _judge(self, sit: Situation, hand: Hand, facts: HandFacts, choice: tuple[Call, Meaning],
               judged: list[tuple[Call, Meaning]], vulnerability: Vul) -> Call | None:
        """The call a judging bidder prefers to the rules' ``choice``, or None: always None here."""
        return None

    def _rule_candidates(self, sit: Situation, tabled: _Tabled | None = None
                         ) -> Iterator[tuple[Call, Meaning]]:
        """The legal calls in order: the slam tries, the tables' calls, the fallback's; but over
        partner's slam invitation that a table answers (`TABLE_ANSWERED`: a quantitative 4NT, a minor- or
        major-suit slam try), the table alone accepts or declines. A pass that
        any hand may make is capped by the calls tried before it (`capped`), and left out when no
        hand reaches it and an earlier pass already serves (it would widen what the pass shows); the
        fallback's competitive bid is so capped, told and read (`capped_by_calls_before`); where the
        calls before it leave it no HCP it is read whole, untold (dropping it lost on the tuning sets). A
        meaning no hand could hold (`Meaning.possible`) is left out: it would be read, and told, with an
        inverted range. ``tabled``: what the tables and slam tries offer there, when already known."""
        offered: list[tuple[Call, Meaning]] = []
        for call, meaning in self._ordered_candidates(sit, tabled):
            if not meaning.possible:
                continue
            if call is PASS and meaning.hcp_for_any_shape() == ANY_HCP:
                narrowed = capped(meaning, offered)
                if narrowed is not None and not _overlaps(narrowed.hcp, _own_hcp(sit)):
                    narrowed = None  # (a cap the player's own calls rule out: 1NT's 15-17 passing "0-14")
                if narrowed is None and any(c is PASS for c, _ in offered):
                    continue
                meaning = narrowed or meaning
            elif capped_by_calls_before(meaning):
                # where the calls before it leave no HCP, no hand makes it: read whole, untold
                told = capped(meaning, offered)
                meaning = told if told is not None else replace(meaning, untold=True)
            offered.append((call, meaning))
            yield call, meaning

    def _ordered_candidates(self, sit: Situation, tabled: _Tabled | None = None
                            ) -> Iterator[tuple[Call, Meaning]]:
        """`_rule_candidates` before their passes and the fallback's competitive bids are capped."""
        auction = sit.auction
        ruled, tries = tabled or _tabled(sit, self._index)
        yield from tries
        yield from ((call, meaning) for call, meaning in ruled if auction.is_legal(call))
        for call, meaning in fallback_candidates(sit):
            if auction.is_legal(call):
                yield call, meaning

    def call(self, auction: Auction, hand: Hand | str, vulnerability: Vul | str = Vul.NONE) -> Call:
        """The call this bidder makes with ``hand`` (a `Hand` or its PBN string) in ``auction``
        (``vulnerability`` weighs the judged slam decisions): always a legal one. `choose`'s call: a
        subclass changes the bidder's calls by overriding `choose`, which the table's players, `bid_deal`
        and `bid_board` call, not this."""
        return self.choose(auction, hand, vulnerability)[0]

    def choose(self, auction: Auction, hand: Hand | str, vulnerability: Vul | str = Vul.NONE
               ) -> tuple[Call, Meaning | None]:
        """`call` with the meaning that chose it: the rule's when the rules made the call, the judge's
        when the simulation changed it (None for the safety pass no meaning made). A note on the call
        tells this meaning, not the others a hand could make the call with."""
        if given_auction(auction).is_complete:
            raise BridgeError("the auction is over: no call can be made")
        return self._choose(auction, given_hand(hand), Vul.parse(vulnerability), self.judge)

    def rule_call(self, auction: Auction, hand: Hand | str, vulnerability: Vul | str = Vul.NONE) -> Call:
        """The call the rules alone make with ``hand`` (no simulation): what the judge expects partner to
        have bid with a hand it imagines."""
        return self.rule_choose(auction, hand, vulnerability)[0]

    def rule_choose(self, auction: Auction, hand: Hand | str, vulnerability: Vul | str = Vul.NONE
                    ) -> tuple[Call, Meaning | None]:
        """`rule_call` with the meaning of the rule that made it (`choose` without the simulation)."""
        return self._choose(given_auction(auction), given_hand(hand), Vul.parse(vulnerability), False)

    def rule_choice(self, calls: tuple[Call, ...], facts: HandFacts,
                    vulnerability: Vulnerability = NONE_VULNERABLE) -> Call:
        """`rule_call` of a hand given by its facts after ``calls`` (``vulnerability`` as its holder sees
        it): what a judge replaying partner's calls on thousands of imagined hands asks, each hand's facts
        worked out once."""
        return next((c for c, m in self._offers(calls, vulnerability) if m.allows(facts)), PASS)

    def _choose(self, auction: Auction, hand: Hand, vulnerability: Vul, judge: bool
                ) -> tuple[Call, Meaning | None]:
        facts = HandFacts.of(hand)
        seen = Vulnerability.of(vulnerability, auction.turn)
        offers = self._offers(tuple(auction.calls), seen)
        choice = next(((c, m) for c, m in offers if m.allows(facts)), None)
        if choice is None:
            return PASS, None  # the fallback's last candidate is an unconstrained pass; kept for safety
        if not judge:
            return choice
        sit = self._situation(auction, seen)
        if not self._considers(sit, *choice):
            return choice
        judged = list(self._judged(sit, _by_call(offers)))
        better = self._judge(sit, hand, facts, choice, judged, vulnerability)
        if better is None or better == choice[0]:
            return choice
        return better, next((m for c, m in judged if c == better and m.allows(facts)), None)

    def explain(self, auction: Auction, call: Call | str, vulnerability: Vul | str = Vul.NONE) -> Explanation:
        """What ``call`` made now in ``auction`` shows, by the rules that could make it at the board's
        ``vulnerability``. An illegal call (insufficient, a double of partner, any call once the auction
        is over) is an `IllegalCallError`: no agreement gives it a meaning."""
        parsed = Call.parse(call)
        why = given_auction(auction).why_illegal(parsed)
        if why is not None:
            raise IllegalCallError(f"{parsed} has no meaning here: it is not a legal call now: {why}")
        seen = Vulnerability.of(Vul.parse(vulnerability), auction.turn)
        return self._explain_calls((*auction.calls, parsed), seen)

    def _explain_calls(self, calls: tuple[Call, ...], vulnerability: Vulnerability = NONE_VULNERABLE
                       ) -> Explanation:
        """What the last of ``calls`` shows, made at ``vulnerability`` as its maker sees it."""
        key = (calls, vulnerability)
        known = self._explained.get(key)
        if known is not None:
            return known
        auction = Auction(Seat.N, calls[:-1])
        call = calls[-1]
        sit = self._situation(auction, vulnerability)
        meanings = tuple(m for c, m in self._candidates(sit) if c == call)
        ruled, slam_tries = self._tables_at(calls[:-1], vulnerability, sit)
        tables = tuple(m for c, m in ruled if c == call)
        # a table's pass any hand may make is read capped by the calls before it (`capped`)
        tables += tuple(m for m in meanings if call is PASS and not m.judged and m not in tables and any(
            t.label == m.label and t.extra == m.extra for t in tables))
        tried = {m for c, m in slam_tries if c == call}
        tries = tuple(m for m in meanings if m in tried and m not in tables)
        result = Explanation(str(call), meanings or (NO_AGREEMENT,), tables, tries)
        if len(self._explained) > _CACHE_LIMIT:
            self._explained.clear()
        self._explained[key] = result
        return result


_Tabled = tuple[tuple[tuple[Call, Meaning], ...], tuple[tuple[Call, Meaning], ...]]
"""What the tables' rules offer in a situation (legal or not, as `RuleIndex.candidates` gives them), and
the slam tries' legal calls (`_slam_tries`, by whether a table gives a legal call)."""


def _tabled(sit: Situation, index: RuleIndex) -> _Tabled:
    """What the tables (by ``index``) and the slam tries offer in ``sit`` (`_Tabled`)."""
    ruled = tuple(index.candidates(sit))
    return ruled, tuple(_slam_tries(sit, any(sit.auction.is_legal(c) for c, _ in ruled)))


def _slam_tries(sit: Situation, tables: bool) -> Iterator[tuple[Call, Meaning]]:
    """The slam tries' legal calls, which the bidder tries before the tables' (``tables``: whether a table
    gives a legal call here), but none over partner's slam invitation that a table answers
    (`_table_answered`): the one rule of `Bidder._ordered_candidates` and of `Explanation.tries`."""
    if tables and _table_answered(sit):
        return
    for call, meaning in slam_candidates(sit):
        if sit.auction.is_legal(call):
            yield call, meaning


def _own_hcp(sit: Situation) -> tuple[int, int]:
    """The HCP the player to call has shown by their calls so far (the whole scale when none tell)."""
    lo, hi = ANY_HCP
    for i in sit.own_indexes(0):
        r = sit.explanation(i).hcp_range()
        lo, hi = max(lo, r[0]), min(hi, r[1])
    return lo, hi


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return max(a[0], b[0]) <= min(a[1], b[1])


def _by_call(offers: Sequence[tuple[Call, Meaning]]) -> dict[Call, list[Meaning]]:
    """The meanings the rules give each call."""
    out: dict[Call, list[Meaning]] = {}
    for call, meaning in offers:
        out.setdefault(call, []).append(meaning)
    return out


_DEFAULT: list[Bidder] = []


def rule_bidder() -> Bidder:
    """The rule bidder, one a process: what `bid_deal` and `bid_board` use unless given one, and what
    `judgement.default_bidder` gives without judgement (so each auction's meanings are worked out once)."""
    if not _DEFAULT:
        _DEFAULT.append(Bidder())
    return _DEFAULT[0]


def bid_deal(deal: Deal, dealer: Seat | str, vulnerability: Vul | str = Vul.NONE, seed: int | None = None,
             bidder: Bidder | None = None) -> Auction:
    """The auction four computer bidders hold on ``deal`` (``bidder``, by default the rule bidder),
    each call annotated with its explanation.

    The bidder's only random choices, the judged slam decisions' layouts, are seeded from the hand and
    the auction, so ``seed`` does not change the auction; it is accepted so bidding and play
    (`play_deal`) are driven the same way. A deal short of four hands of 13 cards is a `BridgeError`.
    """
    auction = Auction(Seat.parse(dealer))
    _finish(auction, given_deal(deal, "bidding"), bidder or rule_bidder(), Vul.parse(vulnerability))
    return auction


NOTE_LIMIT = LINE_LIMIT - len('[Note "999:"]')
"""The longest explanation `bid_board` writes: its PBN Note tag stays within PBN's line length."""


def bid_board(board: Board, rebid: bool = False, bidder: Bidder | None = None, *,
              keep_irregular: bool = True) -> Board:
    """``board`` with a computer auction: a board without an auction (or any board, with ``rebid``)
    gets a new one, a board whose auction stopped part way has it finished; the calls the bots make
    carry their explanations. A board whose deal is not four full hands comes back unchanged, and so does
    one whose auction goes on past an illegal call (`irregular_auction`) unless ``rebid``, or unless not
    ``keep_irregular`` (autoplay, which needs a contract to play), which bids on from its last legal call."""
    deal, terms = board.deal, playing_terms(board)
    if deal is None or not deal.is_complete or terms.dealer is None:
        return board
    if board.auction is not None and not rebid and keep_irregular and irregular_auction(board):
        return board  # an irregular auction as the table made it (the Laws' rectification)
    bot = bidder or rule_bidder()
    assumed = "vulnerability" in terms.unknown
    kept = board.auction if board.auction is not None and not rebid else None
    if kept is not None and kept.is_complete:  # the file's auction, its calls explained where it gave no word
        auction = explained_calls(bot, kept, len(kept.calls), deal, terms.vulnerability, assumed)
        return board if auction.annotations == kept.annotations else replace(board, auction=auction)
    if kept is not None:
        auction = Auction(kept.dealer, kept.calls, kept.annotations)
    else:
        auction = Auction(terms.dealer)
    _finish(auction, deal, bot, terms.vulnerability, assumed)  # an unknown one as `playing_terms` assumes it
    bid = replace(board, auction=auction, contract=None, declarer=None, tricks=None, play=None)
    done = with_replacements(board, without_stale_records(board, bid))
    if kept is None or done.auction is None:
        return done
    # the file's calls the computer bid on from, explained as its own are (after `with_replacements`,
    # which keeps them as the file wrote them)
    explained = explained_calls(bot, done.auction, len(kept.calls), deal, terms.vulnerability, assumed)
    return replace(done, auction=explained)


def explained_calls(bot: Bidder, given: Auction, kept: int, deal: Deal, vulnerability: Vul,
                    assumed: bool = False) -> Auction:
    """``given`` with each of its first ``kept`` calls (a lesson's or a table's, kept) given the system's
    explanation as its note where the record gives it none and the hand that made it holds a meaning a
    table's rule gives it (`call_annotation`, by that hand), so a reader can check the calls the computer
    bids on from; a call no table explains, one the hand made outside the system's meanings (a pair playing
    another system: the note would tell of a hand it did not hold, as their agreement), and one the record
    already notes, are left as they were. The calls are never changed."""
    auction = given.copy()
    so_far = Auction(given.dealer)
    for index, (call, annotation) in enumerate(zip(given.calls[:kept], given.annotations, strict=False)):
        hand = deal.hand(so_far.turn)
        # a pass before its side has called is noted by no one (`call_annotation`): not explained at all
        if not (annotation and (annotation.explanation or annotation.note is not None)) \
                and (call is not PASS or _side_has_called(so_far)) \
                and _holds_a_table_s_meaning(bot.explain(so_far, call, vulnerability), hand):
            told = call_annotation(bot, so_far, call, hand, vulnerability, assumed)
            if told is not None:
                auction.annotate(index, told if not annotation else replace(
                    annotation, alert=annotation.alert or told.alert, explanation=told.explanation))
        so_far.add(call)
    return auction


def _holds_a_table_s_meaning(explanation: Explanation, hand: Hand) -> bool:
    """Whether ``hand`` holds one of the meanings a table's rule (or a slam try) gives the call explained."""
    facts = HandFacts.of(hand)
    return any(explanation.agreement(m) and m.allows(facts) for m in explanation.meanings)


ASSUMED_IN_NOTE = " (vulnerability unknown, bid as neither vulnerable)"
"""Said after an explanation that names the vulnerability, where the board's was unknown and assumed
(`playing_terms`): the note must not state the assumption as a fact."""


def call_annotation(bot: Bidder, auction: Auction, call: Call, hand: Hand, vulnerability: Vul,
                    assumed: bool = False, chosen: Meaning | None = None) -> Annotation | None:
    """What a record keeps with ``call`` made next in ``auction`` from ``hand``: alerted when its meaning is
    artificial (`Explanation.artificial`, the one rule of what is alerted), explained as ``bot`` reads it
    within `NOTE_LIMIT`, by the meaning that ``chosen`` the call when it is known (`Bidder.choose`), else
    by the rule that makes it with ``hand`` when the rules alone would (a player's own call annotated as
    the computer's would be); None for a pass but one a table's rule or a slam try made for a side that has
    called (`_side_has_called`, `Explanation.agreement`). ``assumed``: the vulnerability was unknown and
    assumed, which an explanation naming it says. `bid_board`, `bid_deal`, autoplay and the table's record
    all use it."""
    if call is PASS and not _side_has_called(auction):
        return None
    if chosen is None:
        ruled, meaning = bot.rule_choose(auction, hand, vulnerability)
        chosen = meaning if ruled == call else None
    note = bot.explain(auction, call, vulnerability)
    if call is PASS and (chosen is None or not note.agreement(chosen)):
        return None
    facts = HandFacts.of(hand)
    text = with_what_was_shown(bot, auction, call, vulnerability, note.note(NOTE_LIMIT, facts, chosen))
    if assumed and "vulnerable" in text:
        text = note.note(NOTE_LIMIT - len(ASSUMED_IN_NOTE), facts, chosen) + ASSUMED_IN_NOTE
    # a bid the words name (asks opener to bid 2S) marked as a board holds text, so it is shown as the
    # auction's bids are: 2♠ beside the auction's 2♠, 2S in letters (it stayed 2S beside 2♠); in letters
    # still where the marks would take the note past its limit
    marked = calls_marked(text)
    return Annotation(alert=note.artificial, explanation=marked if len(marked) <= NOTE_LIMIT else text)


def _side_has_called(auction: Auction) -> bool:
    """Whether the side to call has bid, doubled or redoubled: its pass then declines an invitation, leaves
    partner in his contract or his double, and a table's rule that made it says which; a side's passes
    before it calls say only that it had nothing to open or to show, and are noted by no one."""
    side = {auction.turn, auction.turn.partner}
    return any(c is not PASS and auction.seat_of(i) in side for i, c in enumerate(auction.calls))


def with_what_was_shown(bot: Bidder, auction: Auction, call: Call, vulnerability: Vul | str,
                        text: str) -> str:
    """``text``, the words of ``call`` made next in ``auction``, with what its maker's calls showed before
    when the words are a name alone, or the name and the length in that strain the maker showed before, and
    the call bids again a strain the maker bid: opener's "rebid" of his suit, the rule that makes it asking
    no more than the opening's length (1D 3C X P 3D: "rebid: 11-21 HCP, at most 4 spades, at most 4
    hearts, 3+ diamonds", where the note said "rebid: 3+ diamonds"; the HCP left out where the name says
    "minimum" or "maximum", or names a slam). The words say what the hand holds, by the meanings told; the
    call's meaning is the rule's as before."""
    name, _, own = text.partition(": ")
    if not isinstance(call, Bid) or (own and ", " in own) or call.strain.suit is None:
        return text
    maker = auction.turn
    bid_before = any(isinstance(c, Bid) and c.strain == call.strain and auction.dealer.offset(i) == maker
                     for i, c in enumerate(auction.calls))
    if not bid_before:
        return text
    seen = Vul.parse(vulnerability)
    # by the meanings told (`Explanation.as_told`): one kept for the readings alone widens no word of it
    shown = shown_by_calls(auction, lambda so_far, made: bot.explain(so_far, made, seen).as_told()).get(maker)
    if shown is None or (own and ": " + own != _length_words(shown, call.strain.suit)):
        return text
    text = name
    lengths = lengths_of(list(zip(shown.min_length, shown.max_length, strict=True)))
    strength = not any(word in text for word in (*STRENGTH_NAMED, *SLAM_NAMED))
    hcp = (shown.hcp_min, shown.hcp_max) if strength else ANY_HCP
    words = Meaning("", hcp=hcp, lengths=lengths).describe()
    return text + words if words and len(text + words) <= NOTE_LIMIT else text


def _length_words(shown: HandConstraint, suit: Suit) -> str:
    """The words of the length in ``suit`` that ``shown`` holds, alone (": 3+ diamonds")."""
    lengths = [ANY_LENGTH] * 4
    lengths[suit] = (shown.min_length[suit], shown.max_length[suit])
    return Meaning("", lengths=lengths_of(lengths)).describe()


STRENGTH_NAMED = ("minimum", "maximum")
"""Words of a call's name that place the hand in the range its calls showed: `with_what_was_shown` then
gives the lengths alone ("minimum, sign-off: 5+ spades", not "minimum ...: 11-21 HCP")."""
SLAM_NAMED = ("slam",)
"""Words of a call's name that bid on what the partnership holds together (the grand slam on all the aces and
kings): `with_what_was_shown` gives the lengths alone, not the HCP the maker showed long before ("grand
slam, ...: 4+ diamonds", not "...: 7-17 HCP", which a reader takes for the slam's values)."""


def _finish(auction: Auction, deal: Deal, bot: Bidder, vulnerability: Vul, assumed: bool = False) -> None:
    while not auction.is_complete:
        hand = deal.hand(auction.turn)
        call, chosen = bot.choose(auction, hand, vulnerability)
        auction.add(call, call_annotation(bot, auction, call, hand, vulnerability, assumed, chosen))


TABLE_ANSWERED = ("quantitative", MINOR_SUIT_SLAM_TRY, MAJOR_SUIT_SLAM_TRY)
"""Slam invitations a table answers alone: over them the partnership's values do not start a slam try of
their own (the invitation has said what the table's answer weighs)."""


def _table_answered(sit: Situation) -> bool:
    """Whether partner's last call was a slam invitation a table answers (`TABLE_ANSWERED`)."""
    last = sit.partner_last
    return last is not None and bool(last.meanings) and all(m.convention in TABLE_ANSWERED
                                                            for m in last.meanings)
