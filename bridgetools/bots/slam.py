"""Slam tries by the partnership's values, tried before the rule tables: Blackwood once a fit is found
and the points or the losing-trick count promise twelve tricks (two HCP fewer with the asker's hand rich
in controls), 6NT or 7NT on high cards without a fit, and a quantitative 4NT over partner's notrump limit
bid when no suit is agreed.
Each try is a call with a `Meaning` worked out from the auction alone, so the same list explains it."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from bridgetools.bots.cuebids import cue_bid_replies, cue_bids
from bridgetools.bots.fallback import (
    OPEN_ENDED,
    STRONG_FLOOR,
    PartnerView,
    at_least_in,
    partner_losers,
    played_for,
    rebids_own_suit,
    shown_by_own_calls,
)
from bridgetools.bots.meaning import (
    ANY_LENGTH,
    NO_TWO_SUITER,
    Explanation,
    Force,
    Lengths,
    Meaning,
    Range,
    lengths_of,
)
from bridgetools.bots.rules import FIT, Situation
from bridgetools.bots.system import ALL_RULES_INDEX
from bridgetools.bots.tricks import EXTRA_TRUMPS, GRAND_POINTS, SLAM_TRICKS
from bridgetools.evaluate import MAX_HCP
from bridgetools.model import PASS, Bid, Call, Seat, Strain, Suit
from bridgetools.rules import Auction

SLAM_POINTS = 32
NOTRUMP_SLAM_POINTS = 32
QUANTITATIVE_POINTS = 33
"""HCP a quantitative 4NT makes together with the top of partner's notrump range (the textbook 33: 4NT
over a 12-14 rebid is 19); with 32 at most it settles for game."""
DIRECT_FIT = 9
"""Trumps together for Blackwood straight over partner's one-level major (11-21): with four-card
support the fit is all there is to tell (unless he holds a void, `no_void`); with three, or over a
minor, responder bids a forcing new suit first and asks once opener's rebid has placed his range."""
NARROW_RANGE = 5
"""Partner's HCP range is known this closely; with a wider one the count must promise a trick more,
except with a major agreed opposite a response with no real top (a new suit's 6+, not a strong hand's
22+, already counted near its floor) when partner's last call itself has no top: partner can only be
better than counted there (a raise that may only compete, 6-9 or 5+, is loose rather than unlimited)."""
LOSERS_SLAM_HCP = 28
"""High cards the partnership needs besides, for a try on the losing-trick count (a raise counted by the
dummy points it showed where they are more than its HCP)."""
RICH_CONTROLS = 7
"""Controls (ace 2, king 1) in the asker's hand that let a try on the losing-trick count go two HCP lower:
the high cards are aces and kings, the ones a slam needs."""

TWO_SUITER_LENGTH = 5
"""A hand with two suits this long (5-5, 6-5) looks for a suit slam rather than bid 6NT or 7NT."""
TWO_SUITER_WORDS = NO_TWO_SUITER
"""What a notrump slam's `one_suited` lengths say in a note (not their variants by suit)."""
FIT_SHOWN = 3
"""Cards partner's calls show in the agreed suit (by the tables' meanings) for a slam on high cards to be
bid in it rather than in notrump."""
BALANCED_LENGTH = 2
"""The least length in each suit of a balanced hand."""
MAJORS = (Suit.S, Suit.H)
MINOR_SLAM_POINTS = 30
"""Points together for Blackwood in a minor this player bid and partner raised with a narrow range
(1D P 3D P, 11-12): six of the minor makes there on fewer than `SLAM_POINTS` where 3NT stops in game."""
MINOR_CONTROLS = 6
"""Controls (ace 2, king 1) the asker holds for Blackwood at `MINOR_SLAM_POINTS`: the aces and kings
a slam on 30 points needs, not queens and jacks."""

ASKER_ACES = {Suit.C: (2, 3, 4), Suit.D: (1, 2, 3, 4)}
"""Aces the Blackwood bidder needs with a minor agreed, so that a reply past five of the minor never
leaves two aces missing."""
STRONG_PARTNER = 20
"""HCP partner has shown that make one ace enough to ask with clubs agreed: a hand of 20+ HCP holds
two aces or more 95% of the time, so the 5D reply (one ace, past 5C) is all but impossible."""


def partner_hcp(partner: PartnerView) -> int:
    """The HCP partner is played for in a slam try: as for game, but only two above the least shown
    when partner's range has no real top."""
    return partner.hcp_lo + 2 if partner.hcp_hi >= OPEN_ENDED else partner.expected


def high_card_partner(partner: PartnerView) -> int:
    """The HCP partner is played for in a slam bid on high cards alone (6NT, 7NT, six of the fit): as
    `partner_hcp`, but a strong hand with no real top (2C's 22+, a strong double) at its floor: it has
    heard our values and bids the slam itself with the extras (2C P 3C P 3NT: 6NT needs 10 HCP, not 8)."""
    if partner.hcp_hi >= OPEN_ENDED and partner.hcp_lo >= STRONG_FLOOR:
        return partner.hcp_lo
    return partner_hcp(partner)


def unbid_by_us(sit: Situation) -> tuple[Suit, ...]:
    """The suits neither this player nor partner has bid naturally: Blackwood is not asked with two
    quick losers in one of them (its reply counts aces, not the king that would stop the second trick)."""
    ours = sit.our_suits()
    return tuple(s for s in (Suit.S, Suit.H, Suit.D, Suit.C) if s not in ours)


def asker_aces(trump: Suit, partner: PartnerView) -> tuple[int, ...] | None:
    """The aces the Blackwood bidder needs in ``trump`` (`ASKER_ACES`), one ace enough in clubs
    opposite a strong hand (`STRONG_PARTNER`); None (any) in a major."""
    if trump == Suit.C and partner.hcp_lo >= STRONG_PARTNER:
        return ASKER_ACES[Suit.D]
    return ASKER_ACES.get(trump)


def minimum_minor_rebid(sit: Situation, trump: Suit) -> bool:
    """Whether partner last rebid his own minor at the two level as opener (`rebids_own_suit`: 1C P 1H
    P 2C, a minimum), the fit found only in this hand: Blackwood there is not asked with two quick losers
    in a suit neither of us has bid (`unbid_by_us`, 73 in spades), where the fourth suit asks for a
    stopper first. A jump rebid (16-18) keeps the direct ask: restricting it lost 6D (set 7 b189)."""
    last = sit.own_indexes(2)[-1]
    call = sit.calls[last]
    return trump not in MAJORS and isinstance(call, Bid) and call.level == 2 and rebids_own_suit(sit, last)


def raise_points(sit: Situation) -> int:
    """The least dummy points partner's calls have shown (a raise counts its short suits), 0 if none."""
    return max((min(m.dummy_points[0] for m in sit.explanation(i).meanings) for i in sit.own_indexes(2)
                if sit.explanation(i).meanings), default=0)


def no_void(lengths: Lengths, direct: bool) -> Lengths:
    """``lengths`` with a card at least in every suit when ``direct`` (Blackwood straight over partner's
    one-level major): with a void the reply cannot tell whether partner's ace is the one in the void, so
    that hand splinters (11-15 HCP) or bids Jacoby 2NT first and asks later."""
    if not direct:
        return lengths
    return lengths_of([(max(1, lo), hi) for lo, hi in lengths])


def slam_candidates(sit: Situation) -> Iterator[tuple[Call, Meaning]]:
    """`slam_tries` but those the player's own calls rule out as they were told (`shown_by_own_calls`):
    the 6-10 raiser of 1D 1S 2D 2S P P is not offered 6NT 18+ nor Blackwood 14+, as the fallback does
    not offer him its stronger calls."""
    told = shown_by_own_calls(sit, told=True)
    for call, meaning in slam_tries(sit):
        if told.narrowed(meaning.constraint()).possible:
            yield call, meaning


def slam_tries(sit: Situation) -> Iterator[tuple[Call, Meaning]]:
    """Slam tries by the partnership's values: Blackwood with a fit and 32+ points together, or with
    losers few enough for twelve tricks; 6NT or 7NT without a fit, and over partner's natural notrump
    with no suit agreed a quantitative 4NT (never Blackwood there); on high cards six of the suit partner
    has raised comes before 6NT. The fallback never starts a slam."""
    yield from cue_bid_replies(sit)
    yield from ace_missing_signoff(sit)
    yield from grand_over_six_notrump(sit)
    partner_last = sit.partner_last
    if not sit.bids_by(2) or partner_last is None or any(m.artificial or m.force == Force.SIGN_OFF
                                                         for m in partner_last.meanings):
        return
    last = sit.last_bid()
    if last is None or last.level >= 5:
        return
    if last == Bid(4, Strain.NT) and all(m.convention == "quantitative" for m in partner_last.meanings):
        yield from quantitative_accept(sit)
        return
    partner = PartnerView(sit, with_forced=True)
    need = SLAM_POINTS - partner.expected
    trump = sit.agreed_suit()
    first_response = len(sit.key) == 2 and sit.key[0] == last and last.level == 1 and last.strain != Strain.NT
    if first_response and trump not in MAJORS:
        return  # over a one-level minor (11-21) a new suit first: opener's rebid places his range
    least_fit = DIRECT_FIT if first_response else FIT
    over_notrump = natural_notrump(sit)
    notrump = notrump_range(over_notrump, partner)
    quantitative = bool(over_notrump) and not set(sit.natural_suits(0)) & set(sit.natural_suits(2))
    if trump is not None and not quantitative and not passed_partners_suit(sit, trump) and (
            partner.lengths[trump] >= 3 or trump in sit.natural_suits(0)) and not tables_quantitative(sit):
        blackwood = partial(
            Meaning, "Blackwood", lengths=no_void(at_least_in(trump, least_fit - partner.lengths[trump]),
                                                  first_response),
            aces=asker_aces(trump, partner),
            controlled=unbid_by_us(sit) if first_response or minimum_minor_rebid(sit, trump) else (),
            force=Force.FORCING, artificial=True, convention="Blackwood")
        unlimited = (trump in MAJORS and partner.hcp_hi >= OPEN_ENDED and partner.hcp_lo < STRONG_FLOOR
                     and all(m.hcp[1] >= OPEN_ENDED for m in partner_last.told))
        tricks = SLAM_TRICKS + (partner.hcp_hi - partner.hcp_lo > NARROW_RANGE and not unlimited)
        shown = raise_points(sit)
        strength = max(partner.expected, shown)
        played = (f"partner, a passed hand, played for {partner.expected} HCP",) \
            if partner.passed_read_as_table else ()
        yield Bid(4, Strain.NT), blackwood(points=(need, 50), extra=(
            "asks for aces", f"partnership {SLAM_POINTS}+ points", *played))
        yield Bid(4, Strain.NT), blackwood(dummy_points=(need, 50), extra=(
            "asks for aces", f"partnership {SLAM_POINTS}+ points counting short suits", *played))
        if trump not in MAJORS and not first_response and partner.hcp_hi - partner.hcp_lo <= NARROW_RANGE \
                and trump in sit.natural_suits(0):
            yield Bid(4, Strain.NT), blackwood(
                points=(MINOR_SLAM_POINTS - partner.expected, 50), controls=(MINOR_CONTROLS, 12), extra=(
                    "asks for aces", f"partnership {MINOR_SLAM_POINTS}+ points, {MINOR_CONTROLS}+ controls "
                    "and the minor raised",))
        for together, controls in ((LOSERS_SLAM_HCP, 0), (LOSERS_SLAM_HCP - 2, RICH_CONTROLS)):
            for extra_trumps in EXTRA_TRUMPS:
                yield Bid(4, Strain.NT), blackwood(
                    hcp=(together - strength, 40), controls=(controls, 12),
                    lengths=no_void(at_least_in(trump, max(least_fit, FIT + extra_trumps)
                                                - partner.lengths[trump]), first_response),
                    losers=(0, 24 - tricks - partner_losers(partner, shown) + extra_trumps),
                    extra=("asks for aces", f"{tricks} tricks by the losing-trick count"
                           + (f", {FIT + extra_trumps} trumps together" if extra_trumps else ""),))
        yield from cue_bids(sit, trump, partner, strength, partner_losers(partner, shown))
    if not quantitative and not first_response:
        yield from major_fit_blackwood(sit, trump, need)
    if len(sit.key) == 2 and sit.opening_strain() == Strain.NT:
        return  # the notrump tables answer partner's opening, quantitative 4NT included
    if first_response or (len(sit.key) == 2 and sit.key[0] in (Bid(1, Strain.C), Bid(1, Strain.D))):
        return  # 6NT and six wait for opener's rebid to place his range (11-21), as Blackwood does
    no_fit = [ANY_LENGTH] * 4
    floor = balanced_floor(sit)
    table_lengths = sit.shown_lengths(2)
    for suit in Suit:
        no_fit[suit] = (1, max(1, 7 - max(partner.lengths[suit], floor if suit in MAJORS else 0)))
    expect = high_card_partner(partner) if notrump is None else played_for(*notrump)
    # no notrump slam with a suit the opponents bid wide open (the lead in it beats it), unless our side
    # has since bid notrump naturally (not a 1NT opening before it, Blackwood or an artificial 2NT), which
    # showed the stopper
    our_notrump = [i for seat in (0, 2) for i in sit.own_indexes(seat)
                   if isinstance(c := sit.calls[i], Bid) and c.strain == Strain.NT
                   and not sit.explanation(i).artificial]
    theirs = tuple(sorted(sit.their_suits(after=max(our_notrump, default=-1)) - sit.our_suits()))
    for level, total in ((7, GRAND_POINTS), (6, NOTRUMP_SLAM_POINTS)):
        if level == 6 and trump is not None and table_lengths[trump] >= FIT_SHOWN:
            yield Bid(6, Strain(trump)), Meaning(
                "slam in the fit", hcp=(total - expect, 40),
                lengths=at_least_in(trump, FIT - table_lengths[trump]),
                extra=(f"partnership {total}+ HCP and eight trumps",))
        for lengths in one_suited(no_fit):
            yield Bid(level, Strain.NT), Meaning(
                "slam in notrump", hcp=(total - expect, 40), lengths=lengths, stoppers=theirs,
                extra=(f"partnership {total}+ HCP" + (", their suits stopped" if theirs else ""),
                       TWO_SUITER_WORDS))
    if quantitative and notrump is not None:
        # the invitation's HCP: 33 with partner's top, short of the 32 with what he is played for that
        # bids 6NT; opposite a range two HCP wide (a 2NT or 3NT rebid's 18-19, played for 18) 14 bids 6NT
        # and 13 makes 32 at most, so no hand invites and 4NT is not offered ("14-13 HCP" before)
        invite = (QUANTITATIVE_POINTS - notrump[1], NOTRUMP_SLAM_POINTS - 1 - expect)
        if invite[0] <= invite[1]:
            yield Bid(4, Strain.NT), Meaning(
                "quantitative", hcp=invite, lengths=no_long_major(no_fit), force=Force.INVITATIONAL,
                convention="quantitative",
                extra=(f"invites 6NT: partnership {QUANTITATIVE_POINTS}+ HCP opposite the top of partner's "
                       "notrump range",))


def grand_over_six_notrump(sit: Situation) -> Iterator[tuple[Call, Meaning]]:
    """7NT over partner's natural 6NT when this hand's HCP and the least partner's calls have shown make
    `GRAND_POINTS` together: 6NT is a sign-off (no slam try follows it), so the grand the partnership
    knows of is bid by the hand that knows it (1S P 2H P 6NT with 18 HCP opposite 19+)."""
    last = sit.partner_last
    six = Bid(6, Strain.NT)
    if last is None or sit.last_bid() != six or sit.calls[sit.own_indexes(2)[-1]] != six \
            or not last.meanings or last.artificial:
        return
    least = PartnerView(sit).hcp_lo
    yield Bid(7, Strain.NT), Meaning(
        "grand slam in notrump", hcp=(GRAND_POINTS - least, 40), force=Force.SIGN_OFF,
        extra=(f"partnership {GRAND_POINTS}+ HCP with the least partner has shown",))


ACE_MISSING_HCP = 26
"""High cards together a slam with an ace missing needs after Blackwood (partner played for his range):
asked on the losing-trick count with fewer, it makes about one time in five."""
SHORTNESS = 1
"""The most cards a suit may hold for a call to show shortness in it (a splinter, Jacoby's new suit)."""


def shortness_meanings(sit: Situation) -> list[Meaning]:
    """The readings of partner's calls that show a singleton or void (a splinter raise, the shortness
    after Jacoby 2NT): the Blackwood bidder asked on them, so the sign-off reads partner by them."""
    return [m for i in sit.own_indexes(2) for m in sit.explanation(i).meanings
            if any(m.lengths[suit][1] <= SHORTNESS for suit in Suit)]


def ace_missing_signoff(sit: Situation) -> Iterator[tuple[Call, Meaning]]:
    """Over partner's Blackwood reply showing the side an ace short, five of the agreed suit (pass when
    the reply is that suit) with fewer than `ACE_MISSING_HCP` HCP together, partner played for his
    range: with an ace to lose the high cards must make up the twelfth trick. After a call that showed
    a singleton or void partner is played for its range, and his values are in shape: then only when
    the losing-trick count (a loser fewer for each short suit) does not promise twelve tricks either."""
    last = sit.partner_last
    reply = sit.last_bid()
    shown = [a for m in (last.meanings if last is not None else ()) if m.label == "Blackwood reply"
             for a in m.aces or ()]
    if reply is None or reply.level != 5 or reply.strain == Strain.NT or not shown:
        return
    trump = sit.agreed_suit()
    if trump is None:
        return
    signoff = Bid(5, Strain(trump))
    if signoff.index < reply.index:
        return
    partner = PartnerView(sit, with_forced=True)
    strength = partner.expected
    losers: Range = (0, 12)
    extra = f"fewer than {ACE_MISSING_HCP} HCP together"
    short = shortness_meanings(sit)
    if short:
        lo = max([partner.hcp_lo] + [m.hcp[0] for m in short])
        hi = max(lo, min([partner.hcp_hi] + [m.hcp[1] for m in short]))
        strength = played_for(lo, hi)
        suits = sum(1 for suit in Suit if any(m.lengths[suit][1] <= SHORTNESS for m in short))
        partner_count = partner_losers(partner, max(strength, raise_points(sit))) - suits
        losers = (25 - SLAM_TRICKS - partner_count, 12)
        extra += f" and fewer than {SLAM_TRICKS} tricks by the losing-trick count opposite the shortness"
    missing_one = (3 - min(shown),)
    for suit in sorted(sit.their_suits() - sit.our_suits()):
        # a void in a suit the opponents bid: an ace missing is most likely there, where it takes no
        # trick, so one ace missing elsewhere at most
        yield Bid(6, Strain(trump)), Meaning(
            "small slam, a void in their suit and one or two aces missing",
            aces=tuple(a for a in (2 - min(shown), 3 - min(shown)) if a >= 0),
            lengths=lengths_of([(0, 0) if s == suit else ANY_LENGTH for s in Suit]), force=Force.SIGN_OFF)
    call: Call = PASS if signoff == reply else signoff
    yield call, Meaning(
        "sign-off, an ace missing and the high cards short", hcp=(0, ACE_MISSING_HCP - 1 - strength),
        losers=losers, aces=missing_one, force=Force.SIGN_OFF, extra=(extra,))


def passed_partners_suit(sit: Situation, suit: Suit) -> bool:
    """Whether this player passed after partner had bid ``suit`` naturally: the tables raise partner's
    suit, or cue-bid a raise, from a few HCP up, so no hand that passed there holds the values of a slam
    try in it (advancer who passed 1C 1D 1S holds at most five HCP with three diamonds, never 22 points)."""
    bids = [i for i, bid_suit in sit.natural_bids(2) if bid_suit is suit]
    return bool(bids) and any(sit.calls[i] is PASS for i in sit.own_indexes(0) if i > bids[0])


def major_fit_blackwood(sit: Situation, trump: Suit | None, need: int) -> Iterator[tuple[Call, Meaning]]:
    """Blackwood with the points for slam and three cards in a five-card major partner has shown but
    the auction has not agreed (1H-2D-2S, 1H-2C-2NT): the fit is found in this hand, so jumping to
    game in the major would sign off with slam values."""
    shown = sit.shown_lengths(2)
    for major in MAJORS:
        if major != trump and shown[major] >= 5 and major in sit.natural_suits(2) \
                and not passed_partners_suit(sit, major):
            yield Bid(4, Strain.NT), Meaning(
                "Blackwood", points=(need, 50), lengths=at_least_in(major, FIT - shown[major]),
                force=Force.FORCING, artificial=True, convention="Blackwood",
                extra=("asks for aces", f"partnership {SLAM_POINTS}+ points and a fit in partner's "
                       f"{major.full_name}",))


def own_range(sit: Situation) -> tuple[int, int]:
    """The HCP range this player's own calls have shown (the tables' meanings, forced bids left out; a
    notrump bid by the range its table gives it, as partner reads it in `natural_notrump`)."""
    lo, hi = 0, MAX_HCP
    for i in sit.own_indexes(0):
        call = sit.calls[i]
        tables = tuple(m for m in table_meanings(sit, i) if m.force != Force.FORCED) \
            if isinstance(call, Bid) and call.strain == Strain.NT else ()
        shown = Explanation(str(call), tables) if tables else sit.explanation(i).natural()
        r = shown.hcp_range()
        lo, hi = max(lo, r[0]), min(hi, r[1])
    return lo, max(lo, hi)


ACCEPT_CONTROLS = 7
"""Controls (ace 2, king 1) with which a hand a point short of the upper half of its notrump range
accepts a quantitative 4NT: on 30-31 HCP together the twelve tricks need the aces and kings (1D 1S 2NT
4NT: AJ5.KJ98.AJT6.A2, 18 with three aces, makes 6NT opposite 12)."""


def quantitative_accept(sit: Situation) -> Iterator[tuple[Call, Meaning]]:
    """Over partner's quantitative 4NT that no table answers (it invites over a notrump rebid), 6NT with
    the upper half of the range this player has shown (the invitation counts on a maximum), or a point
    less with `ACCEPT_CONTROLS`; else pass."""
    lo, hi = own_range(sit)
    accept = lo + (hi - lo + 1) // 2
    yield Bid(6, Strain.NT), Meaning("accepts the slam invitation", hcp=(accept, 40), force=Force.SIGN_OFF,
                                     extra=("the upper half of the range shown",))
    yield Bid(6, Strain.NT), Meaning("accepts the slam invitation", hcp=(accept - 1, 40),
                                     controls=(ACCEPT_CONTROLS, 12), force=Force.SIGN_OFF,
                                     extra=("a point below the upper half of the range shown",))


def one_suited(lengths: list[Range]) -> Iterator[Lengths]:
    """``lengths`` split into hands with at most one suit of `TWO_SUITER_LENGTH` or more: a slam in
    notrump is not bid with two long suits (5-5, 6-5), where a suit slam plays a trick or two better;
    the tables' calls show its suits instead."""
    short = [(lo, min(hi, TWO_SUITER_LENGTH - 1)) for lo, hi in lengths]
    if all(lo <= hi for lo, hi in short):
        yield lengths_of(short)
    for suit in Suit:
        lo, hi = lengths[suit]
        if max(lo, TWO_SUITER_LENGTH) <= hi and all(a <= b for s, (a, b) in enumerate(short) if s != suit):
            yield lengths_of([(max(lo, TWO_SUITER_LENGTH), hi) if s == suit else short[s] for s in Suit])


QUANTITATIVE_MAJOR_MOST = 5
"""The most cards in a major a quantitative 4NT holds: a six-card major is shown first (1H P 1S P 2NT P
3S, forcing), where 4NT would bury the nine-card fit (trial39b t9 b8: QT87632.K.87.AK7 bid 4NT, 6NT)."""


def no_long_major(lengths: list[Range]) -> Lengths:
    """``lengths`` with at most `QUANTITATIVE_MAJOR_MOST` cards in each major."""
    return lengths_of([(lo, min(hi, QUANTITATIVE_MAJOR_MOST)) if suit in MAJORS else (lo, hi)
                       for suit, (lo, hi) in zip(Suit, lengths, strict=True)])


def balanced_floor(sit: Situation) -> int:
    """The least length partner holds in every suit: two once a call of partner's showed a balanced
    hand (a notrump opening or rebid), so that a six-card major is a known nine-card fit and slam is
    played in it, not in notrump; else 0."""
    shown = [sit.explanation(i).meanings for i in sit.own_indexes(2)]
    return BALANCED_LENGTH if any(ms and all(m.balanced for m in ms) for ms in shown) else 0


def natural_notrump(sit: Situation) -> list[Meaning]:
    """The meanings of partner's last call when it was a natural notrump bid up to 3NT (the tables'
    meanings where a table defines the call, not the fallback's forced bid or open-ended game in notrump,
    which would leave a 13-17 3NT no top), else none: over it 4NT without an agreed suit is quantitative,
    never Blackwood."""
    last = sit.partner_last
    bid = sit.calls[sit.own_indexes(2)[-1]] if last is not None else None
    if last is None or not isinstance(bid, Bid) or bid.strain != Strain.NT or bid.level > 3:
        return []
    shown = [m for m in last.meanings if m.force != Force.FORCED]
    if any(m.artificial for m in shown):
        return []
    tables = [m for m in table_meanings(sit, sit.own_indexes(2)[-1]) if m.force != Force.FORCED]
    return tables or shown


def tables_quantitative(sit: Situation) -> bool:
    """Whether a table gives 4NT here a quantitative meaning (over a jump shift or a reverse): Blackwood
    would share the call and partner answer the invitation, so the fit is shown first."""
    return any(c == Bid(4, Strain.NT) and m.convention == "quantitative"
               for c, m in ALL_RULES_INDEX.candidates(sit))


def table_meanings(sit: Situation, index: int) -> list[Meaning]:
    """What the tables' rules give call ``index`` to mean, the fallback's meanings left out: a hand no
    rule fits seldom makes a natural notrump bid the tables define, so its range is the tables'."""
    seen_by = sit.vulnerability.after(len(sit.calls) - index)
    before = Situation(Auction(Seat.N, sit.calls[:index]), sit.explain_calls, seen_by)
    call = sit.calls[index]
    rules = sorted(ALL_RULES_INDEX.rules_for(before.key), key=lambda r: r.suffix)
    return [m for r in rules for c, m in r.candidates(before) if c == call]



def notrump_range(shown: list[Meaning], partner: PartnerView) -> tuple[int, int] | None:
    """The HCP range partner's natural notrump bid (its meanings ``shown``) promises when it spans five
    HCP or less, a limit bid 4NT can invite over and 6NT be bid on; else None."""
    if not shown:
        return None
    lo = max(partner.hcp_lo, min(m.hcp[0] for m in shown))
    hi = min(partner.hcp_hi, max(m.hcp[1] for m in shown))
    return (lo, hi) if lo <= hi and hi - lo < NARROW_RANGE else None
