"""The fallback bidder for auctions no rule covers: game when the partnership has the values, compete
to the level of the total trump count, a penalty double with a trump stack, with the balance of power or
of their sacrifice over our game, a bid when partner's call forces one, otherwise pass. Each choice is a
call with a `Meaning` worked out from the auction alone, so the same list explains the call afterwards.
It never starts a slam (slam tries are in `slam`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

from bridgetools.bots.meaning import (
    ANY_LENGTH,
    LAST_RESORT_PASS,
    NO_LENGTHS,
    SHORTNESS_POINTS,
    Explanation,
    Force,
    Lengths,
    Meaning,
    lengths_of,
)
from bridgetools.bots.rules import PASSED_HAND_MOST, Situation, table_hcp_range
from bridgetools.bots.sampling import HandConstraint
from bridgetools.bots.system import ALL_RULES_INDEX, COMPETES_OVER_RAISE, CUE_RAISE
from bridgetools.evaluate import MAX_HCP
from bridgetools.model import DOUBLE, PASS, Bid, Call, Strain, Suit

GAME_LEVEL = {Strain.C: 5, Strain.D: 5, Strain.H: 4, Strain.S: 4, Strain.NT: 3}
EXTRA = 4
"""Partner is played for up to this many HCP above the least shown (a third of the range at most)."""
OPEN_ENDED = 30
"""A range whose top reaches this many HCP has no real top (a new suit's 10+)."""
STRONG_FLOOR = 12
"""A range with no real top and at least this floor is a strong hand (an opening bid, a strong double, 2C)."""
STRONG_EXTRA = 2
"""A strong hand with no real top is played for this many HCP above its floor: a third of an arbitrary
width (a strong double's 17-40 read as 21) counts on values such a hand seldom holds."""
LIMITED_RANGE = 7
"""A range at most this wide (a rebid's 11-18, a 1NT rebid's 11-14) is a limited hand, played for its
middle: the rebid has placed it, where an opening's 11-21 is most often near its floor."""
GAME_POINTS = 25
GAME_LOSERS = 13
"""With an eight-card major fit, game when the two hands hold at most this many losing tricks: 24 less the
losers is the tricks the losing-trick count expects, so eleven, a trick to spare for partner's losers,
which are guessed from the HCP he is played for and the suits he has shown (`partner_losers`), not
counted."""
MINOR_GAME_POINTS = 28
MINOR_GAME_LOSERS = 11
"""In a contested auction, five of a minor when the two hands hold at most this many losing tricks with
eight trumps (`_contested_minor_game`): two fewer than `GAME_LOSERS`, one for the eleventh trick and one
measured (twelve losers: tuning sets -0.0041 a deal, precision down on all seven; eleven: -0.0067)."""
MINOR_TRUMP_CREDIT = 2
"""The most trumps over eight that each allow the contested minor game a loser more."""
SACRIFICE_DOUBLE_HCP = 23
"""Their bid over a game our side bid after opening is doubled when the partnership holds this many HCP
(partner as played for): passing lets a sacrifice go undoubled (seven sets 27.541 -> 27.523)."""
TRUMP_STACK_HCP = 23
"""Their two-level or higher suit contract is doubled with four trumps and a stopper in them when the
partnership holds this many HCP (partner at his least)."""
TRUMP_STACK_MIN_HCP = 8
"""The fewest HCP of the player who makes a penalty double (trump stack or balance of power)."""
BALANCE_OF_POWER = 24
"""With this many HCP together a side doubles the opponents' partscore at the two level or higher without
a trump stack: they compete on shape against the majority of the values, and the side that sold out
to them had a game (failed partscores: seven sets 27.541 -> 27.481, 18 deals gained, 1 lost)."""
ACCEPT_POINTS = GAME_POINTS + 1
"""An invitation is accepted when partner's maximum would give the partnership this many HCP: read
without the fallback's forced bid, the invitation's range is a real one, and its top the rarer hand."""
OPENER_INVITES_ACCEPT_POINTS = GAME_POINTS
"""Opener's invitation (a jump raise or jump rebid, 2NT over interference) is accepted when his maximum
gives the partnership 25: a 16-18 jump raise goes to game opposite 7. Responder's invitations keep
`ACCEPT_POINTS` (SAYC: opener accepts a limit raise with 14+)."""
ACELESS_PENALTY = 1
"""The point more an aceless hand needs for the fallback's game in the fit (on points or dummy points) and
its 3NT ("game in notrump") when neither opponent has bid (`_aceless_needs_more`): on the tuning sets the
fallback's games bid by an aceless hand made 47% against 69% with an ace (at 21-22 HCP together 34%
against 59%); a point more for the minor games and in competition lost."""


class PartnerView:
    """What partner has shown so far: the HCP range and the least length in each suit; and the least
    lengths the tables' meanings show (`shown_lengths`), for choosing a game: the fallback's forced bid
    of the same call is made only by a hand no rule fits, so game in a fit need not allow for it.

    The range and lengths leave that forced bid out too (a 1NT rebid is 11-14, not 0-40), unless
    ``with_forced``: slam's thresholds were tuned on the wider reading and still use it."""

    def __init__(self, sit: Situation, with_forced: bool = False) -> None:
        lo, hi = 0, MAX_HCP
        self.passed_read_as_table = False
        """Whether a passed hand's new suit is read as the tables give it (`table_hcp_range`), not capped."""
        for i in sit.own_indexes(2):
            e = whole_reading(sit, i) if with_forced else sit.explanation(i).natural()
            r = table_hcp_range(e)
            self.passed_read_as_table |= r != e.hcp_range()
            lo, hi = max(lo, r[0]), min(hi, r[1])
        self.hcp_lo = lo if lo <= hi else min(lo, 20)
        self.hcp_hi = max(hi, self.hcp_lo)
        self.expected = played_for(self.hcp_lo, self.hcp_hi, limited=not with_forced)
        """What partner is played for: the middle of a limited range, just over the floor of a wide one;
        after his competitive bid on the trump count, as `competitive_bid_played_for` says."""
        if not with_forced:
            self.expected = competitive_bid_played_for(sit, self.hcp_lo, self.hcp_hi, self.expected)
        # with the forced bids each call is read as `whole_reading` reads it: the forced bid's any length
        # left out of his raise after this player's 2C, as its HCP are, so that the raise still shows the
        # trumps it agrees (`2C P 2N P 3H P 4H` three hearts, not none); opener's raise of this player's
        # one-level response is read by the tables' lengths alone (`slam_lengths_reading`)
        self.lengths = sit.shown_lengths(2, reader=slam_lengths_reading) if with_forced \
            else sit.shown_lengths(2)
        self.shown_lengths = sit.shown_lengths(2)


STRONG_TWO_CLUBS = Bid(2, Strain.C)
"""The strong artificial opening, after which partner's raise of this player's new suit is a table call."""


def whole_reading(sit: Situation, index: int) -> Explanation:
    """Partner's call ``index`` read with the fallback's forced bid of it, as slam's thresholds were
    tuned, except partner's game-forcing raise of a suit this player bid after his strong 2C (`2C P 3C
    P 3S P 4S`, `2C P 2D P 2S P 3S`), read as that raise alone: it shows 8+ HCP, which the forced bid's
    0-40 and the fallback's games in the fit (a hand that made the positive raises) would hide."""
    e = sit.explanation(index)
    call = sit.calls[index]
    opener = len(sit.calls) - len(sit.key)
    mine = {suit for i, suit in sit.natural_bids(0) if i < index}
    raises = isinstance(call, Bid) and call.strain.suit in mine and not e.artificial
    after_2c = sit.key[:1] == (STRONG_TWO_CLUBS,) and opener in sit.own_indexes(0)
    forcing = tuple(m for m in e.meanings if m.force == Force.GAME_FORCING)
    return Explanation(e.call, forcing) if raises and after_2c and forcing else e


def raises_response(sit: Situation, index: int) -> bool:
    """Whether partner's call ``index`` is opener's raise of this player's one-level response in an
    uncontested auction (`1C P 1H P 2H`, `1D P 1S P 3S`): the tables' raise, whose trumps a forced bid of
    the same call (any length) must not hide from slam's count of the fit."""
    bids = _uncontested_rebid(sit, index)
    return bids is not None and bids[1].strain != Strain.NT and bids[2].strain == bids[1].strain


def rebids_own_suit(sit: Situation, index: int) -> bool:
    """Whether partner's call ``index`` is opener's rebid of his own suit in an uncontested auction
    (`1D P 1H P 2D`, `1C P 1NT P 3C`): the tables' five or six cards, which a forced bid of the same call
    (a longest suit, any length) must not bring down to the opening's three."""
    bids = _uncontested_rebid(sit, index)
    return bids is not None and bids[2].strain == bids[0].strain


def _uncontested_rebid(sit: Situation, index: int) -> tuple[Bid, Bid, Bid] | None:
    """The opening, response and rebid when partner's call ``index`` is opener's rebid after a one-level
    suit opening and a one-level response with the opponents silent (`1x P 1y P`), else None."""
    key, opener = sit.key, len(sit.calls) - len(sit.key)
    if len(key) < 5 or index != opener + 4 or opener not in sit.own_indexes(2):
        return None
    opening, response, rebid = key[0], key[2], key[4]
    if not (isinstance(opening, Bid) and isinstance(response, Bid) and isinstance(rebid, Bid)):
        return None
    one_level = opening.level == 1 and opening.strain != Strain.NT and response.level == 1
    return (opening, response, rebid) if one_level and key[1] is PASS and key[3] is PASS else None


def slam_lengths_reading(sit: Situation, index: int) -> Explanation:
    """Partner's call ``index`` as slam reads its lengths: as `whole_reading`, but opener's raise of this
    player's one-level response or rebid of his own suit by the tables' meanings (`raises_response`,
    `rebids_own_suit`), so that it shows its cards."""
    by_tables = raises_response(sit, index) or rebids_own_suit(sit, index)
    return sit.explanation(index).natural() if by_tables else whole_reading(sit, index)


def played_for(lo: int, hi: int, limited: bool = False) -> int:
    """The HCP a partner who showed ``lo``-``hi`` is played for: if ``limited`` (not for slam's reading
    with the forced bids, whose thresholds assume the old figure), the middle of a range at most
    `LIMITED_RANGE` wide (rounded up), else a third of the range above the least (`EXTRA` at most), but
    a strong hand with no real top (an opening bid, a strong double, 2C, and nothing more said) only
    `STRONG_EXTRA`, as it is most often near its floor."""
    if hi >= OPEN_ENDED and lo >= STRONG_FLOOR:
        return lo + STRONG_EXTRA
    if limited and hi - lo <= LIMITED_RANGE:
        return lo + (hi - lo + 1) // 2
    return lo + min(EXTRA, (hi - lo) // 3)


COMPETITIVE_RAISE_EXTRA = EXTRA
"""HCP over the floor a partner whose last call was the fallback's competitive bid on the trump count,
with a floor below an opening's (a raise's 5-10, not opener's 11-21), is played for in the games, one
short of his top at most: 5-10 as 9, not its middle 8. Read whole (5+, played for 9) that raise found
the games over it; read capped at its middle the tuning sets lost (docs/performance.md, "Forty-first
pass"); opener's competitive bid is played for what his earlier calls showed
(`competitive_bid_played_for`)."""


def competitive_bid_played_for(sit: Situation, lo: int, hi: int, usual: int) -> int:
    """The HCP partner is played for in the games after his competitive bid on the trump count (the
    fallback's), his calls showing ``lo``-``hi`` (``usual``, what `played_for` gives, otherwise): that bid
    his last call, with a floor below an opening bid's (`PASSED_HAND_MOST`: a raise, 5-10),
    `competitive_raise_played_for`, never less than ``usual``; as opener (his calls before his first such
    bid showed an opening's floor), then or later, what those calls showed, within ``hi``: the bid counts
    trumps, not values, so its capped middle (11-18 as 15, 11-14 as 13) is no better a figure than his
    opening's 11-21 as 14."""
    last = sit.partner_last
    if last is not None and lo < PASSED_HAND_MOST and any(m.label == COMPETES for m in last.meanings):
        return max(usual, competitive_raise_played_for(lo, hi))
    mine = sit.own_indexes(2)
    competed = [n for n, i in enumerate(mine)
                if any(m.label == COMPETES for m in sit.explanation(i).meanings)]
    if not competed:
        return usual
    before_lo, before_hi = 0, MAX_HCP
    for i in mine[:competed[0]]:
        r = table_hcp_range(sit.explanation(i).natural())
        before_lo, before_hi = max(before_lo, r[0]), min(before_hi, r[1])
    if not PASSED_HAND_MOST <= before_lo <= before_hi:
        return usual
    return min(played_for(before_lo, before_hi, limited=True), hi)


def competitive_raise_played_for(lo: int, hi: int) -> int:
    """The HCP partner's competitive raise of ``lo``-``hi`` is played for in the games
    (`COMPETITIVE_RAISE_EXTRA` over its floor, one short of its top at most)."""
    return min(lo + COMPETITIVE_RAISE_EXTRA, hi - 1)


def forced_by(partner_last: Explanation | None, sit: Situation) -> bool:
    """Whether partner's last call forces this player to bid (it was forcing and RHO passed)."""
    return partner_last is not None and partner_last.forcing and sit.calls[-1] is PASS


def at_least_in(suit: Suit, n: int) -> Lengths:
    """Lengths that ask ``n`` or more cards in ``suit`` and say nothing of the others."""
    out = [ANY_LENGTH] * 4
    out[suit] = (max(0, n), 13)
    return lengths_of(out)


def _they_outbid_our_game(sit: Situation, last: Bid) -> bool:
    """Whether the opponents' last bid, at the four level or higher, outbids a game our side bid naturally
    (Blackwood's 4NT is no game), whichever side opened: most often a sacrifice, which a pass would let
    them play undoubled. The overcalling side's game doubles it too (it was the opening side's alone:
    seven tuning sets 26.074 -> 26.071, 2 deals gained and none lost; held out 24.085 -> 24.094, 3 / 4)."""
    if last.level < 4:
        return False
    return any(b.level >= GAME_LEVEL[b.strain] and b.strain != last.strain
               and not sit.explanation(i).artificial
               for i in sit.own_indexes(0) + sit.own_indexes(2) if isinstance(b := sit.calls[i], Bid))


def _natural_contract(sit: Situation, index: int, table: dict[Call, list[Meaning]]) -> bool:
    """Whether the opponents' bid at ``index`` is a contract to double for penalty: natural, not forcing,
    not in one of our suits (a cue bid), and the tables give the double here no meaning of their own (a
    negative double stays one)."""
    bid = sit.calls[index]
    e = sit.explanation(index)
    return (DOUBLE not in table and isinstance(bid, Bid) and bid.strain.suit not in sit.our_suits()
            and not e.forcing and not e.artificial)


def _invitational_raise_open(sit: Situation, suit: Suit, table: dict[Call, list[Meaning]]) -> bool:
    """Whether the fallback's invitational raise to three of ``suit`` may be offered: not as this player's
    first call in a suit partner has not bid (his notrump's two cards are no suit to raise: 1NT P 3H, a
    slam try), nor where a table plays that call competitive, to play (`COMPETES_OVER_RAISE`: `1M P 2M X
    3M`, SAYC's return to the major after a double or overcall of the raise, not a game try), nor where a
    table's cue bid raises with 11+ (`CUE_RAISE`: 1H 1S 2H 3S) and no table reads the jump: the cue bid is
    the invitation, and SAYC's preemptive jump raise there is not played (docs/bidding.md, the
    departures)."""
    if not sit.bids_by(0) and suit not in sit.natural_suits(2):
        return False
    raise_ = table.get(Bid(3, suit.strain), [])
    if any(m.label == COMPETES_OVER_RAISE for m in raise_):
        return False
    return bool(raise_) or not any(m.label == CUE_RAISE for ms in table.values() for m in ms)


def _raises_partners_suit(sit: Situation, suit: Suit) -> bool:
    """Whether a raise of ``suit`` raises a suit partner showed: bid naturally, or three cards at least. The
    fallback's invitational raise of a suit he did not show (1NT P 2H P 2S P 3H, responder's second suit
    over opener's two hearts) is kept untold (`Meaning.untold`): no hand bids by it, but read without it
    opener counted responder's game-forcing 3H as 10+ and bid slams on 27 HCP (three deals of the 13 sets
    lost, none gained)."""
    return suit in sit.natural_suits(2) or sit.shown_lengths(2)[suit] >= 3


def _no_fit_in_majors(pmin: list[int]) -> Lengths:
    """Lengths that leave the partnership short of eight cards in either major."""
    out = [ANY_LENGTH] * 4
    for suit in (Suit.S, Suit.H):
        out[suit] = (0, max(0, 7 - pmin[suit]))
    return lengths_of(out)


def capped(meaning: Meaning, passed_up: Iterable[tuple[Call, Meaning]]) -> Meaning | None:
    """``meaning`` with the HCP left out for which every hand that may make it would have made one of the
    calls tried before it (``passed_up``, `Meaning.hcp_for_hands_of`): a player who passes over a
    one-level opening, where any 17+ doubles, holds at most 16, and partner's slam and game tries count
    him so. Unchanged when no such call was tried; None when they leave it no HCP at all."""
    lo, hi = meaning.hcp[0], min(meaning.hcp[1], MAX_HCP)
    covered: set[int] = set()
    for _, m in passed_up:
        r = m.hcp_for_hands_of(meaning)
        if r is not None:
            covered.update(range(max(r[0], lo), min(r[1], hi) + 1))
    left = [h for h in range(lo, hi + 1) if h not in covered]
    if not left:
        return None
    if not covered:
        return meaning
    return replace(meaning, hcp=(left[0], left[-1]))


COMPETES = "competes by the total trump count"
"""The label of the fallback's competitive bid on the total trump count."""


def capped_by_calls_before(meaning: Meaning) -> bool:
    """Whether ``meaning``, the fallback's, is told and read with the HCP its hands can hold (`capped` by
    the calls tried before it): the competitive bid on the trump count, offered to any 5+ HCP but made
    only by a hand short of the game calls and the tables' stronger calls (`1D 1S 2D`: every such hand
    raises 6-10, doubles with 10+ or passes, so 2D tells the raise alone; a bid no hand makes is read
    whole, untold). Partner is played for more than its middle in the games over it
    (`COMPETITIVE_RAISE_EXTRA`)."""
    return meaning.label == COMPETES


def _table_meanings(sit: Situation) -> dict[Call, list[Meaning]]:
    """The meanings the system's tables give each call here: a forcing fallback bid is offered only where
    they give none, so it never widens what a table's call shows."""
    out: dict[Call, list[Meaning]] = {}
    for call, meaning in ALL_RULES_INDEX.candidates(sit):
        out.setdefault(call, []).append(meaning)
    return out



def shown_by_own_calls(sit: Situation, told: bool = False) -> HandConstraint:
    """What this player's own calls have shown (each call's hull, as the card player reads them); with
    ``told``, a bid's or double's hull of the meanings told (`Explanation.as_told`: partner reads the
    fallback's competitive raise whole, but 1D 1S 2D told 6-10; a pass is read whole, as its 21 HCP top
    is on purpose, docs/bidding.md's departures). A call that would leave nothing possible (an off-system
    one) adds nothing."""
    shown = HandConstraint()
    for i in sit.own_indexes(0):
        said = sit.explanation(i)
        both = shown.narrowed((said.as_told() if told and sit.calls[i] is not PASS else said).constraint())
        if both.possible:
            shown = both
    return shown


def _conventional(meanings: Iterable[Meaning]) -> bool:
    """Whether a table's call is artificial or conventional here: partner reads it by the convention alone."""
    return any(m.artificial or m.convention for m in meanings)


def _highest_competition(sit: Situation, suit: Suit, their_level: int) -> int:
    """How high the total trump count competes: the four level, the five level at favourable
    vulnerability (eleven trumps together, where going down undoubled costs less than their game); a
    minor one level lower, as four of it scores no more than three and is not game: the partscore
    fight stops at three unless the vulnerability favours us (four sets 17.045 -> 17.024). Over their
    three-level partscore a major stops at three: four of it is a game, bid on the values for it (the
    game rules above), not on trump length, which turns their partscore, often going down, into ours
    going down at the game level (ten sets 44.259 -> 44.199)."""
    highest = 5 if sit.vulnerability.they and not sit.vulnerability.we else 4
    if suit in (Suit.D, Suit.C):
        return highest - 1
    return 3 if their_level == 3 else highest


FOURTH_SUIT_ASK = "fourth suit, asks for a stopper"
FOURTH_SUIT_ANSWER = "answers the fourth suit's ask"


def _fourth_suit(sit: Situation) -> tuple[Suit, ...]:
    """The one suit nobody has bid when our side has bid the other three naturally and partner has not
    bid notrump: no stopper is shown in it, so notrump needs one in this hand (1D P 2C P 2H P 3NT with
    three small spades runs their suit). This hand's own notrump does not stop the ask: the tables' 2NT
    and 1NT rebids show a balanced range and no stopper (1H P 2C P 2NT P 3D P 986.AKQ73.KT4.63 asks
    with 3S rather than bid 3NT with three small spades: 5D made, 3NT went down on 20261201 b471)."""
    rest = set(Suit) - sit.bid_suits
    notrump = any(b.strain == Strain.NT for b in sit.bids_by(2))
    return tuple(rest) if len(sit.our_suits()) == 3 and len(rest) == 1 and not notrump else ()


def _stopper_asked(sit: Situation) -> tuple[Suit, ...]:
    """The suit our side's fourth-suit ask named when no notrump has been bid since: partner's answer
    without a stopper denied one, so notrump still needs one in this hand."""
    ours = sorted(sit.own_indexes(0) + sit.own_indexes(2))
    for n, i in enumerate(ours):
        call = sit.calls[i]
        if isinstance(call, Bid) and call.strain.suit is not None and \
                any(m.label == FOURTH_SUIT_ASK for m in sit.explanation(i).meanings):
            later = (sit.calls[j] for j in ours[n + 1:])
            if not any(isinstance(c, Bid) and c.strain == Strain.NT for c in later):
                return (call.strain.suit,)
    return ()


def _suits_latest_first(sit: Situation) -> tuple[list[Suit], list[Suit]]:
    """The suits partner and this player have bid naturally, each once, the latest bid first: the order
    in which the fallback offers our suits as trumps."""
    return (list(dict.fromkeys(reversed(sit.natural_suits(2)))),
            list(dict.fromkeys(reversed(sit.natural_suits(0)))))


def _fourth_suit_answers(sit: Situation, asked: Suit, stoppers: tuple[Suit, ...], shown: list[int]
                         ) -> Iterator[tuple[Call, Meaning]]:
    """The answers to partner's fourth-suit ask for a stopper in ``asked``: 3NT with one (and the
    opponents' suits ``stoppers``); without, three-card support of partner's major, else a rebid of a
    five-card suit of this hand's, else four-card support of partner's minor, each below game, so that
    the partnership finds 4M in a 5-3 fit or 5m, not 3NT with a suit neither hand stops. ``shown`` is
    partner's least length in each suit (`PartnerView.shown_lengths`)."""
    name = asked.full_name.lower()
    notrump = sit.cheapest_level(Strain.NT)
    if notrump <= 3:  # the cheapest notrump: the ask forced to game, so 2NT leaves the asker room
        yield Bid(notrump, Strain.NT), Meaning(
            f"stopper in {name}", stoppers=tuple(sorted(set(stoppers) | {asked})),
            force=Force.FORCING if notrump < 3 else Force.NONE, extra=(FOURTH_SUIT_ANSWER,))
    partner_suits, own_suits = _suits_latest_first(sit)
    answers: list[tuple[Suit, int, str]] = [
        (s, n, f"{'three' if n == 3 else 'four'}-card support") for s in partner_suits
        if s in (Suit.S, Suit.H) and (n := max(3, 8 - shown[s])) <= 4]
    answers += [(s, 5, "a five-card suit") for s in own_suits]
    answers += [(s, 8 - shown[s], "support") for s in partner_suits if s in (Suit.D, Suit.C)]
    for suit, length, what in answers:
        level = sit.cheapest_level(suit.strain)
        if level < GAME_LEVEL[suit.strain]:
            yield Bid(level, suit.strain), Meaning(
                f"no stopper in {name}, {what}", lengths=at_least_in(suit, length), unstopped=(asked,),
                force=Force.FORCING, extra=(FOURTH_SUIT_ANSWER,))


def _unstopped_by_partner(sit: Situation) -> tuple[Suit, ...]:
    """The opponents' suits a notrump bid here must stop: all of them, unless partner has bid notrump;
    then only those first bid after his last notrump bid. His notrump over their suit promised a stopper
    in it; his 1NT opening or response said nothing of a suit they bid later (1NT (2S) 3NT with small
    spades runs their suit)."""
    partner_nt = [i for i in sit.own_indexes(2)
                  if isinstance(c := sit.calls[i], Bid) and c.strain == Strain.NT]
    after = partner_nt[-1] if partner_nt else -1
    covered: set[Suit] = set()
    unstopped: set[Suit] = set()
    for i in sorted(sit.own_indexes(1) + sit.own_indexes(3)):
        call = sit.calls[i]
        if isinstance(call, Bid) and call.strain.suit is not None:
            (unstopped if i > after and call.strain.suit not in covered else covered).add(call.strain.suit)
    return tuple(sorted(unstopped))


def fallback_candidates(sit: Situation) -> Iterator[tuple[Call, Meaning]]:
    """Fallback calls with their meanings, best first; the last is always a pass. The fallback takes no
    call a table gives an artificial or conventional meaning (a Stayman reply, a cue bid, Jordan 2NT):
    that call shows what the convention says and nothing else; and a meaning no hand can hold, or
    the player's own earlier calls rule out as they were told (a 2C opener's invitational 19-20; the 6-10
    raiser's 1D 1S 2D 2S P P 3H 11+), is left out: no hand that bid so makes the call by it. The others'
    least HCP is raised to what those calls showed as read (Stayman's 8+ then the invitational 2NT is 8-9,
    not the 7-8 worked out from partner's range alone)."""
    table = _table_meanings(sit)
    shown, told = shown_by_own_calls(sit), shown_by_own_calls(sit, told=True)
    for call, meaning in _fallback_calls(sit, table):
        if call is PASS:
            yield call, within_own_range(meaning, shown) if meaning.label == DECLINES_THE_INVITATION \
                else meaning
        elif not _conventional(table.get(call, ())) and told.narrowed(meaning.constraint()).possible:
            yield call, within_own_range(meaning, shown)


def within_own_range(meaning: Meaning, shown: HandConstraint) -> Meaning:
    """``meaning`` with its least HCP raised to the floor the player's own calls showed (``shown``); the
    top is kept, as a hand a little over its range (a 19-count's 1NT overcall) still bids by it."""
    lo, hi = max(meaning.hcp[0], shown.hcp_min), meaning.hcp[1]
    return meaning if lo == meaning.hcp[0] or lo > hi else replace(meaning, hcp=(lo, hi))


def _fallback_calls(sit: Situation, table: dict[Call, list[Meaning]]) -> Iterator[tuple[Call, Meaning]]:
    """The fallback's calls and meanings before `fallback_candidates` leaves out the impossible ones;
    ``table`` holds the tables' meanings of each call here."""
    partner = PartnerView(sit)
    last = sit.last_bid()
    n = len(sit.calls)
    last_index = max((i for i, c in enumerate(sit.calls) if isinstance(c, Bid)), default=-1)
    ours = last_index >= 0 and (n - last_index) % 2 == 0
    theirs = last_index >= 0 and not ours
    in_game = ours and last is not None and last.level >= GAME_LEVEL[last.strain]
    partner_last = sit.partner_last
    signed_off = partner_last is not None and any(m.force == Force.SIGN_OFF for m in partner_last.meanings)
    need = GAME_POINTS - partner.expected
    if _advanced_in_a_minor(sit):
        need = GAME_POINTS - played_for(partner.hcp_lo, partner.hcp_hi)
    if partner_last is not None and partner_last.forcing and partner.hcp_hi >= OPEN_ENDED:
        need = GAME_POINTS - partner.hcp_lo - 1  # partner bids again: game now only opposite a near-minimum
    invited = partner_last is not None and all(m.force == Force.INVITATIONAL for m in partner_last.meanings)
    # accept an invitation when partner's maximum would give the partnership game and one; an invitation
    # with no real top (a strong double's 17+ bidding his suit) has no maximum to accept by: its 40 let any
    # hand bid game (1H X P 2C P 2D P 3NT with 5 HCP), so game waits for the points partner is played for
    if invited and partner.hcp_hi < OPEN_ENDED:
        accept = OPENER_INVITES_ACCEPT_POINTS if _partner_opened(sit) else ACCEPT_POINTS
        need = min(need, accept - partner.hcp_hi)
    pmin = partner.shown_lengths
    partner_bid = bool(sit.bids_by(2))
    partner_notrump = any(b.strain == Strain.NT for b in sit.bids_by(2))
    stoppers = _unstopped_by_partner(sit)
    asked = _stopper_asked(sit)
    fourth = tuple(suit for suit in _fourth_suit(sit) if sit.cheapest_level(suit.strain) <= 3
                   and Bid(sit.cheapest_level(suit.strain), suit.strain) not in table)
    if asked and not in_game and partner_last is not None \
            and any(m.label == FOURTH_SUIT_ASK for m in partner_last.meanings):
        yield from _fourth_suit_answers(sit, asked[0], stoppers, pmin)
    if not in_game and partner_last is not None and sit.cheapest_level(Strain.NT) == 3 \
            and isinstance(sit.calls[-2], Bid) and sit.calls[-2].strain == Strain.NT \
            and any(FOURTH_SUIT_ANSWER in m.extra for m in partner_last.meanings):
        yield Bid(3, Strain.NT), Meaning(  # the ask forced to game: not passed, and partner stops the suit
            "game in notrump, partner stops the fourth suit", force=Force.FORCED,
            extra=("our side forced to game",))

    if not in_game and not signed_off and partner_bid and not invitation_declined(sit):
        for suit in (Suit.S, Suit.H):
            yield from _aceless_needs_more(sit, Bid(4, suit.strain), Meaning(
                "game in the fit", points=(need, 50), lengths=at_least_in(suit, 8 - pmin[suit]),
                extra=("partnership 25+ points and eight trumps",)))
            for call, meaning in _game_counting_short_suits(suit, need, pmin[suit]):
                yield from _aceless_needs_more(sit, call, meaning)
            yield Bid(4, suit.strain), Meaning(
                "game in the fit by the losing-trick count",
                losers=(0, GAME_LOSERS - partner_losers(partner)),
                lengths=at_least_in(suit, 8 - pmin[suit]),
                extra=(f"at most {GAME_LOSERS} losers together, eight trumps",))
        no_major_fit = _no_fit_in_majors(pmin)
        ours_bid = sit.our_suits()
        all_stopped = tuple(sorted(set(stoppers) | (set(Suit) - ours_bid)))
        for suit in (Suit.D, Suit.C):
            if not partner_notrump and suit in ours_bid:  # 3NT before the side's minor game, all stopped
                minor_fit = list(no_major_fit)
                minor_fit[suit] = (max(0, 8 - pmin[suit]), 13)
                yield Bid(3, Strain.NT), Meaning(
                    "game in notrump rather than the minor", hcp=(need, 40), points=(need + 1, 50),
                    balanced=False, lengths=lengths_of(minor_fit), stoppers=all_stopped,
                    extra=("partnership 25+ HCP, eight cards in the minor, no major fit, the unbid suits "
                           "stopped",))
            if partner_notrump or sit.contested:
                yield Bid(3, Strain.NT), _notrump_before_the_minor(
                    suit, need, pmin, tuple(sorted(set(stoppers) | set(fourth) | set(asked))))
            if sit.contested:
                yield from _contested_minor_game(sit, suit, partner)
            yield Bid(5, suit.strain), Meaning(
                "game in the minor", points=(need + 1, 50), balanced=False,
                lengths=at_least_in(suit, 8 - pmin[suit]),
                extra=("partnership 26+ points, eight trumps and shape",))
        yield from _game_in_rebid_major(sit, need, pmin)
        for suit in (Suit.S, Suit.H, Suit.D, Suit.C):
            level = sit.cheapest_level(suit.strain)
            if suit in sit.bid_suits or suit in fourth or level > 3 or Bid(level, suit.strain) in table:
                continue
            yield Bid(level, suit.strain), Meaning(
                "new suit, looking for the best game", hcp=(need, 40), balanced=False,
                lengths=at_least_in(suit, 4), force=Force.GAME_FORCING,
                extra=("partnership 25+ HCP",))
        for suit in fourth:
            yield Bid(sit.cheapest_level(suit.strain), suit.strain), Meaning(
                FOURTH_SUIT_ASK, hcp=(need, 40), lengths=no_major_fit, unstopped=(suit,),
                force=Force.GAME_FORCING, artificial=True,
                extra=(f"asks for a stopper in {suit.full_name.lower()}, partnership 25+ HCP",))
        yield from _aceless_needs_more(sit, Bid(3, Strain.NT), Meaning(
            "game in notrump", hcp=(need, 40), lengths=no_major_fit,
            stoppers=tuple(sorted(set(stoppers) | set(fourth) | set(asked))),
            extra=("partnership 25+ HCP, no major fit",)))
        for suit in (Suit.D, Suit.C):
            yield Bid(5, suit.strain), Meaning(
                "game in the minor", points=(MINOR_GAME_POINTS - partner.expected, 50),
                lengths=at_least_in(suit, 8 - pmin[suit]), extra=("partnership 28+ points and eight trumps",))

    if not in_game and not signed_off and partner_bid and not forced_by(partner_last, sit):
        invite = (GAME_POINTS - 2 - partner.expected, need - 1)
        for suit in (Suit.S, Suit.H):
            if sit.cheapest_level(suit.strain) <= 3 and pmin[suit] \
                    and _invitational_raise_open(sit, suit, table):
                yield Bid(3, suit.strain), Meaning(
                    "invitational raise", hcp=invite, lengths=at_least_in(suit, 9 - pmin[suit]),
                    force=Force.INVITATIONAL, extra=("partnership 23-24 HCP and nine trumps",),
                    untold=not _raises_partners_suit(sit, suit))
        if sit.cheapest_level(Strain.NT) <= 2:
            no_fit = [ANY_LENGTH] * 4
            for suit in (Suit.S, Suit.H):
                no_fit[suit] = (0, max(0, 7 - pmin[suit]))
            yield Bid(2, Strain.NT), Meaning(
                "invitational", hcp=invite, lengths=lengths_of(no_fit), stoppers=stoppers, balanced=True,
                force=Force.INVITATIONAL, extra=("partnership 23-24 HCP",))

    if theirs and last is not None:
        for suit in (Suit.S, Suit.H, Suit.D, Suit.C):
            if partner.lengths[suit] < 3:
                continue
            level = sit.cheapest_level(suit.strain)
            if level > _highest_competition(sit, suit, last.level):
                continue
            yield Bid(level, suit.strain), Meaning(
                COMPETES, hcp=(5, 40),
                lengths=at_least_in(suit, level + 6 - partner.lengths[suit]),
                extra=(f"{level + 6}+ trumps together",))
        trump = last.strain.suit
        if _they_outbid_our_game(sit, last) and sit.auction.is_legal(DOUBLE):
            yield DOUBLE, Meaning(
                "penalty double of their sacrifice", penalty=True,
                hcp=(max(0, SACRIFICE_DOUBLE_HCP - partner.expected), 40),
                extra=(f"they outbid our game; partnership {SACRIFICE_DOUBLE_HCP}+ HCP",))
        if trump is not None and last.level >= 2 and sit.auction.is_legal(DOUBLE) \
                and _natural_contract(sit, last_index, table):
            yield DOUBLE, Meaning(
                "penalty double", penalty=True,
                hcp=(max(TRUMP_STACK_MIN_HCP, TRUMP_STACK_HCP - partner.hcp_lo), 40),
                lengths=at_least_in(trump, 4), stoppers=(trump,),
                extra=(f"trump stack, partnership {TRUMP_STACK_HCP}+ HCP",))
            yield DOUBLE, Meaning(
                "penalty double, the balance of power", penalty=True,
                hcp=(max(TRUMP_STACK_MIN_HCP, BALANCE_OF_POWER - partner.hcp_lo), 40),
                lengths=at_least_in(trump, 1),
                extra=(f"partnership {BALANCE_OF_POWER}+ HCP, not void in their suit",))

    if forced_by(partner_last, sit) and last is not None:
        partner_suits = [b.strain.suit for b in sit.bids_by(2) if b.strain.suit is not None]
        partner_suits = [s for s in partner_suits if s not in asked]  # an ask is not partner's suit
        options: list[tuple[Strain, Meaning]] = []
        unbid = tuple(u for u in Suit if u not in sit.bid_suits)
        if partner_suits and partner_suits[-1] in (Suit.D, Suit.C) and not asked and unbid \
                and sit.cheapest_level(Strain.NT) == 3:
            # partner's new minor looks for the best game: 3NT with the unbid suits stopped comes before
            # a three-card raise (1S 2H 2S 3D: K9864.9.KJ3.KQ53 bid 4D and 5D went two down in a 4-3 fit)
            # their suits need a stopper too (1H 2S 3D with 85.AKJ95.Q7.KQ43 raised, not 3NT)
            stopped = unbid + tuple(sorted(sit.their_suits()))
            options.append((Strain.NT, Meaning("notrump, the unbid suits stopped", stoppers=stopped,
                                               force=Force.FORCED)))
        if partner_suits:
            s = partner_suits[-1]
            # after his fourth-suit ask, support of his major is eight cards together, as the answers
            support = max(3, 8 - pmin[s]) if asked and s in (Suit.S, Suit.H) else 3
            options.append((s.strain, Meaning("support", lengths=at_least_in(s, support),
                                              force=Force.FORCED)))
        options.append((Strain.NT, Meaning("notrump", balanced=True, stoppers=asked, force=Force.FORCED)))
        options.extend(_preferences(sit))
        theirs_bid = sit.their_suits()
        options.extend((s.strain, Meaning("longest suit", longest=(s,), force=Force.FORCED))
                       for s in (Suit.S, Suit.H, Suit.D, Suit.C) if s not in theirs_bid and s not in fourth)
        options.append((Strain.NT, Meaning("no better call", stoppers=asked, force=Force.FORCED)))
        # where partner's call forces only as a game force read past the fallback's forced bid of it,
        # the forced bid takes no call a table gives a meaning, so as not to widen what that call shows
        assert partner_last is not None
        open_calls = _forces_every_way(sit, partner_last)
        for strain, meaning in options:
            level = sit.cheapest_level(strain)
            if level <= GAME_LEVEL[strain] and (open_calls or Bid(level, strain) not in table):
                yield Bid(level, strain), meaning
    yield from _own_long_suit_over_their_bid(sit, partner_last, table)
    if theirs:
        yield from _own_long_suit_again(sit, table)
    if not in_game and ours and _game_forced(sit):
        yield from _game_when_forced(sit, pmin, asked)
    elif not in_game and ours and _answered_by_a_forced_bid(sit):
        yield from _game_over_a_forced_bid(sit, GAME_POINTS - partner.hcp_lo, stoppers)
    if invited and partner.hcp_hi < OPEN_ENDED and not in_game and need > 0:
        # the pass of partner's invitation says what it is: a minimum, short of the game's values
        yield PASS, Meaning(DECLINES_THE_INVITATION, hcp=(0, need - 1), extra=("a minimum",))
    yield PASS, Meaning(LAST_RESORT_PASS)


DECLINES_THE_INVITATION = "declines the invitation"
"""The label of the fallback's pass of partner's invitation with fewer HCP than its games need."""


def _own_long_suit_over_their_bid(sit: Situation, partner_last: Explanation | None,
                                  table: dict[Call, list[Meaning]]) -> Iterator[tuple[Call, Meaning]]:
    """Partner's forcing new suit, then their natural bid (`1C 1H 2D 2H`): their bid frees this player from
    the forced rebid, but a pass would tell partner (who still has a call) nothing of the hand, so a
    six-card suit this player opened (or overcalled) and has not bid since is bid again at the cheapest
    level below game, where no table gives the call a meaning (not to widen what it shows); the fallback's
    games and fits come before it. Not when partner had passed before (`P P 1C 1H 2D 2H`): a passed hand's
    new suit forces nothing (at most 11 HCP), however a table reads it; a pass after the opening (`1D P
    1H 1S 2H 3C 3H`) is not a passed hand's."""
    theirs = sit.calls[-1] if sit.calls else None
    mine = sit.natural_suits(0)
    if partner_last is None or not partner_last.forcing or not isinstance(theirs, Bid) \
            or len(mine) != 1 or len(sit.bids_by(0)) != 1 or theirs.strain == mine[0].strain \
            or sit.explanation(len(sit.calls) - 1).artificial \
            or sit.passed_hand(2):
        return
    level = sit.cheapest_level(mine[0].strain)
    if level < GAME_LEVEL[mine[0].strain] and (bid := Bid(level, mine[0].strain)) not in table:
        yield bid, Meaning("six-card suit, over their bid", lengths=at_least_in(mine[0], 6))


def _own_long_suit_again(sit: Situation, table: dict[Call, list[Meaning]]) -> Iterator[tuple[Call, Meaning]]:
    """Over their bid, when partner has bid or doubled, a long suit this player has bid (and partner has
    not) bid again at the cheapest level below game, the three level at most, rather than sold out: a
    seven-card suit, or six with six losers at most (the overcaller's tables, `_overcaller_long_suit`, ask
    five; six gained here, seven did not). Partner's call says the points are ours or split; with partner
    silent throughout (`1C X P 1S 2C`) the points are theirs and the suit again lost. Where no table gives
    the call a meaning (not to widen what it shows)."""
    if all(sit.calls[i] is PASS for i in sit.own_indexes(2)):
        return
    their = sit.their_suits()
    partner_suits = set(sit.natural_suits(2))
    for suit in dict.fromkeys(sit.natural_suits(0)):
        level = sit.cheapest_level(suit.strain)
        if suit in their or suit in partner_suits or level > 3 or level >= GAME_LEVEL[suit.strain] \
                or (bid := Bid(level, suit.strain)) in table:
            continue
        yield bid, Meaning("own long suit again, over their bid", lengths=at_least_in(suit, 7))
        yield bid, Meaning("own long suit again, over their bid", lengths=at_least_in(suit, 6), losers=(0, 6))


def _preferences(sit: Situation) -> Iterator[tuple[Strain, Meaning]]:
    """The forced bid's simple preference: partner's earlier suits (his last one is `support`), the first
    bid first, with two cards or more; before a suit of one's own, and never the opponents' suit."""
    partner = sit.natural_suits(2)
    for suit in dict.fromkeys(s for s in partner if s != partner[-1]):
        yield suit.strain, Meaning("simple preference", lengths=at_least_in(suit, 2), force=Force.FORCED)


def _forces_every_way(sit: Situation, partner_last: Explanation) -> bool:
    """Whether partner's last call forces every way, read as it was before artificial calls lost the
    forced bid's meaning: an artificial call made over this player's own forcing call (2C P 2D) is
    counted as carrying it, so a forced bid over it still takes no table call."""
    if not partner_last.forcing_every_way:
        return False
    mine = sit.own_indexes(0)
    answered = bool(mine) and len(sit.calls) >= 3 and sit.calls[-3] is PASS \
        and sit.explanation(mine[-1]).forcing_every_way
    return not (answered and _conventional(partner_last.meanings))


def partner_losers(partner: PartnerView, raise_points: int = 0) -> int:
    """The losers partner is played for: seven for an opening bid's 13-14 HCP, one more for every
    three HCP less, one fewer for every card over five in a suit partner has shown, and one fewer for
    every card over eight in partner's two longest shown suits (a 5-4 hand is short somewhere).
    A raise that showed ``raise_points`` dummy points is counted by those where they are more."""
    first, second = sorted(partner.lengths, reverse=True)[:2]
    shape = max(0, first - 5) + max(0, first + second - 8)
    return max(3, min(10, round((34 - max(partner.expected, raise_points)) / 3) - shape))


def _aceless_needs_more(sit: Situation, call: Call, meaning: Meaning) -> Iterator[tuple[Call, Meaning]]:
    """``meaning`` for a hand with an ace, and one `ACELESS_PENALTY` points stronger for an aceless hand
    (its partnership total in words too): a game bid by a hand with no ace fails more often than its
    points say. Unchanged once an opponent has bid (a double alone leaves it on): their bidding places
    the values, and a point more there lost as much as it gained."""
    if sit.contested:
        yield call, meaning
        return
    yield call, replace(meaning, aces=(1, 2, 3, 4))
    yield call, replace(meaning, aces=(0,), hcp=_stronger(meaning.hcp), points=_stronger(meaning.points),
                        dummy_points=_stronger(meaning.dummy_points),
                        extra=tuple(_PARTNERSHIP_GAME.sub(_ACELESS_GAME, e) for e in meaning.extra))


_PARTNERSHIP_GAME = re.compile(rf"partnership {GAME_POINTS}\+ (points|HCP)")
_ACELESS_GAME = rf"partnership {GAME_POINTS + ACELESS_PENALTY}+ \1 without an ace"
"""The words of the game's partnership total (``partnership 25+ points``), and those of the point more
an aceless hand needs (``partnership 26+ points without an ace``)."""


def _stronger(bounds: tuple[int, int]) -> tuple[int, int]:
    """``bounds`` with a lower bound one `ACELESS_PENALTY` higher, where there is a lower bound."""
    return (bounds[0] + ACELESS_PENALTY, bounds[1]) if bounds[0] else bounds


def _game_counting_short_suits(suit: Suit, need: int, partner_trumps: int) -> Iterator[tuple[Call, Meaning]]:
    """Game in the major fit on dummy points: short suits count outside trumps only, so with fewer than
    three trumps (opposite partner's six-card suit) the trump suit's own shortness is not counted (Q-x of
    trumps adds no ruffing value: it takes a point more)."""
    fewest = max(0, 8 - partner_trumps)
    yield Bid(4, suit.strain), Meaning(
        "game in the fit", dummy_points=(need, 50), lengths=at_least_in(suit, max(3, fewest)),
        extra=("partnership 25+ points counting short suits, and eight trumps",))
    for trumps in range(fewest, 3):
        lengths = [ANY_LENGTH] * 4
        lengths[suit] = (trumps, trumps)
        yield Bid(4, suit.strain), Meaning(
            "game in the fit", dummy_points=(need + SHORTNESS_POINTS[trumps], 50),
            lengths=lengths_of(lengths),
            extra=("partnership 25+ points counting short suits outside trumps, and eight trumps",))


def _advanced_in_a_minor(sit: Situation) -> bool:
    """Whether partner's only bid is an advance in a minor of this player's double or overcall (the
    opponents opened): often a weak hand made to bid, so it is played for a third above its floor, not
    the middle of its range (3NT or five of the minor opposite it wants more than a limited hand)."""
    return (len(sit.key) % 2 == 1 and [b.strain for b in sit.bids_by(2)] in ([Strain.C], [Strain.D])
            and any(sit.calls[i] is not PASS for i in sit.own_indexes(0)))


def invitation_declined(sit: Situation) -> bool:
    """Whether partner has declined this player's invitation to game: this player's last call invited
    with a range whose top partner knows, and partner's call since stays below game, forces in none of its
    meanings and limits the hand in one, not only inviting in turn (`1NT P 2H P 2S P 2NT P 3S`). Partner
    judged game short opposite that top, so no game is bid on the same values counted again (8-9 HCP and a
    fifth spade's length point). Not when the opponent between bid (`1H P 3H 3S P P`): partner's call over
    it is a competitive one, and the game over their bid is a competitive decision (treated as declined,
    1H 1S 3H 3S P P 4H and the like lost 28 IMPs and gained 2 on the eleven tuning sets). Their double
    between takes no room: partner's answer over it still answers the invitation (the tables give it the
    meaning they give it over a pass: `1M P 2M P 3C X 3M`, "declines"), so it declines as over a pass."""
    mine, partners = sit.own_indexes(0), sit.own_indexes(2)
    if not mine or not partners or partners[-1] < mine[-1] or isinstance(sit.calls[mine[-1] + 1], Bid):
        return False
    invitation = sit.explanation(mine[-1]).natural().meanings
    if not invitation or any(m.force != Force.INVITATIONAL for m in invitation) \
            or shown_by_own_calls(sit).hcp_max >= OPEN_ENDED:
        return False
    answer, read = sit.calls[partners[-1]], sit.explanation(partners[-1]).natural().meanings
    below_game = not isinstance(answer, Bid) or answer.level < GAME_LEVEL[answer.strain]
    return below_game and not any(m.force in (Force.FORCING, Force.GAME_FORCING) for m in read) \
        and any(m.force in (Force.NONE, Force.SIGN_OFF) for m in read)


def _partner_opened(sit: Situation) -> bool:
    """Whether partner opened the bidding (the auction's first bid, where ``key`` starts, is his)."""
    return len(sit.key) % 4 == 2


def _notrump_before_the_minor(suit: Suit, need: int, pmin: list[int], stoppers: tuple[Suit, ...]) -> Meaning:
    """3NT rather than five of a minor fit when partner has bid notrump or the opponents have bid: game
    values, no major fit, no singleton or void, their suits stopped (by partner's notrump or this hand):
    nine tricks come before eleven when no ruff is there to make the eleventh."""
    lengths = [(2, 13)] * 4
    for major in (Suit.S, Suit.H):
        lengths[major] = (2, max(0, 7 - pmin[major]))  # an eight-card major fit plays there
    lengths[suit] = (max(2, 8 - pmin[suit]), 13)
    return Meaning("game in notrump before the minor, no short suit", hcp=(need, 40),
                   lengths=lengths_of(lengths), stoppers=stoppers,
                   extra=("partnership 25+ HCP, eight cards in the minor, no major fit, no singleton",))


def _game_in_rebid_major(sit: Situation, need: int, pmin: list[int]) -> Iterator[tuple[Call, Meaning]]:
    """Game in a major partner has rebid in an uncontested auction: the rebid shows five and most often
    six, so a hand with game values takes a doubleton as support and bids the major game rather than
    3NT or a new suit (balanced or not: the eight-card major fit plays better double dummy). Not after
    the opponents bid, where the rebid may be forced by their interference rather than show a long suit."""
    if sit.contested:
        return
    partner_suits = sit.natural_suits(2)
    for suit in (Suit.S, Suit.H):
        if partner_suits.count(suit) >= 2 and pmin[suit] >= 5:
            yield Bid(4, suit.strain), Meaning(
                "game in partner's rebid major", points=(need, 50), lengths=at_least_in(suit, 2),
                extra=("partnership 25+ points; partner bid the major twice, so a doubleton "
                                       "is support",))


def _game_forced(sit: Situation) -> bool:
    """Whether this player's own last call forced the partnership to game (a fallback new suit, say)."""
    mine = sit.own_indexes(0)
    if not mine:
        return False
    meanings = sit.explanation(mine[-1]).meanings
    return bool(meanings) and all(m.force == Force.GAME_FORCING for m in meanings)


def _answered_by_a_forced_bid(sit: Situation) -> bool:
    """Whether partner's last call is the fallback's forced bid (no table call fitted his hand) over this
    player's own forcing call: it shows no more than his earlier calls did, and passing it leaves game
    to a hand that has it opposite partner's least (1C (1H) 2D P 3D P with 15 HCP)."""
    mine = sit.own_indexes(0)
    last = sit.partner_last
    if not mine or last is None or not last.meanings:
        return False
    own = sit.explanation(mine[-1]).meanings
    return (all(m.force == Force.FORCED for m in last.meanings)
            and bool(own) and all(m.force == Force.FORCING for m in own))


def _game_choices(sit: Situation, pmin: list[int], fit: bool = False
                  ) -> Iterator[tuple[Bid, str, Lengths, str]]:
    """The games the fallback bids instead of passing below game, best first: a major with seven cards
    together (partner's suit, then our own), else 3NT, else a minor; each with its label, the lengths it
    needs and what it adds to the explanation. With ``fit``, a suit game needs eight trumps together."""
    partner_suits, own_suits = _suits_latest_first(sit)
    trumps = 8 if fit else 7
    together = f"{'eight' if fit else 'seven'} trumps together"
    for major in [s for s in partner_suits + own_suits if s in (Suit.S, Suit.H)]:
        yield Bid(4, major.strain), "game in the fit", at_least_in(major, trumps - pmin[major]), together
    if sit.cheapest_level(Strain.NT) <= 3:
        yield Bid(3, Strain.NT), "game in notrump", NO_LENGTHS, "no major fit"
    for minor in [s for s in partner_suits + own_suits if s in (Suit.D, Suit.C)]:
        lengths = at_least_in(minor, trumps - pmin[minor]) if fit else NO_LENGTHS
        yield Bid(5, minor.strain), "game in the minor", lengths, together if fit else ""


def _game_when_forced(sit: Situation, pmin: list[int], asked: tuple[Suit, ...]
                      ) -> Iterator[tuple[Call, Meaning]]:
    """Game after this player's own game-forcing call, where the fallback would otherwise pass below
    game (`_game_choices`); notrump with a stopper in the suit ``asked`` (`_stopper_asked`)."""
    for bid, label, lengths, detail in _game_choices(sit, pmin):
        stopped = asked if bid == Bid(3, Strain.NT) else ()
        yield bid, Meaning(f"{label}, forced to game", lengths=lengths, force=Force.FORCED, stoppers=stopped,
                           extra=("; ".join(x for x in ("our side forced to game", detail) if x),))


def _game_over_a_forced_bid(sit: Situation, hcp: int, stoppers: tuple[Suit, ...]
                            ) -> Iterator[tuple[Call, Meaning]]:
    """Game over partner's forced bid (`_answered_by_a_forced_bid`) with ``hcp`` or more, game opposite
    partner's least (`_game_choices`): a major with eight trumps counting what the forced bid showed
    (3H, support or a longest suit: three), 3NT with ``stoppers`` (the opponents' suits partner has not
    stopped)."""
    for bid, label, lengths, detail in _game_choices(sit, sit.shown_lengths(2, longest=True), fit=True):
        stopped = stoppers if bid == Bid(3, Strain.NT) else ()
        yield bid, Meaning(f"{label} over partner's forced bid", hcp=(hcp, 40), lengths=lengths,
                           stoppers=stopped,
                           extra=(f"partnership {GAME_POINTS}+ HCP counting partner at his least; {detail}",))


def _over_this_hand(sit: Situation) -> tuple[Suit, ...]:
    """The suits the left-hand opponent bid naturally and our side did not, in the order he bid them (him
    alone: the right-hand opponent's honours sit under this hand's): his ace and values there sit over this
    hand's king and queen, which the losing-trick count then counts as losers."""
    ours = sit.our_suits()
    return tuple(dict.fromkeys(s for s in sit.natural_suits(1) if s not in ours))


def _contested_minor_game(sit: Situation, suit: Suit, partner: PartnerView) -> Iterator[tuple[Call, Meaning]]:
    """Five of a minor after the opponents bid, by a losing-trick count that places their values: at most
    `MINOR_GAME_LOSERS` together with eight trumps, a loser more for each trump over eight (the ninth and
    tenth ruff what the count loses; `MINOR_TRUMP_CREDIT` at most), the king and queen of the suit the
    left-hand opponent bid counted as losers (`_over_this_hand`); partner's losers as `partner_losers`
    guesses them. The auction found the fit and shows where their values lie, which HCP do not measure."""
    fewest = max(0, 8 - partner.shown_lengths[suit])
    under = _over_this_hand(sit)
    most = MINOR_GAME_LOSERS - partner_losers(partner)
    for extra in range(MINOR_TRUMP_CREDIT + 1):
        lengths = [ANY_LENGTH] * 4
        lengths[suit] = (fewest + extra, fewest + extra if extra < MINOR_TRUMP_CREDIT else 13)
        yield Bid(5, suit.strain), Meaning(
            "game in the minor by the losing-trick count", losers=(0, most + extra), losers_under=under,
            lengths=lengths_of(lengths),
            extra=(f"at most {MINOR_GAME_LOSERS + extra} losers together, {8 + extra}"
                   f"{'+' if extra == MINOR_TRUMP_CREDIT else ''} trumps, the opponents bid",))
