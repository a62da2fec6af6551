"""Judgement by double-dummy simulation at the bidder's slam decisions, as strong programs check their
candidate bids: where the rules would settle in game and the partnership's values are near a slam,
deal the three unseen hands a number of times to fit what the auction showed, solve the contracts in
question double dummy in batched calls, and choose the call whose contract gains most on average (IMPs
against the rules' game on each layout, with the deal's vulnerability: a slam must gain half an IMP).

The slam calls the judge may choose are offered by `judged_candidates` with meanings worked out from the
auction alone (a floor of high cards together and the trump fit), so `Bidder.explain` states them and
every call the judge makes is allowed by its own explanation. The judge never widens what the rules'
calls show; it only picks, among calls the hand may make, the one the simulation prefers. The layouts
are seeded from the hand and the auction, so the same auction always gets the same call.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from bridgetools.bots.bidder import Bidder
from bridgetools.bots.fallback import GAME_LEVEL, PartnerView, at_least_in
from bridgetools.bots.inference import auction_constraints
from bridgetools.bots.meaning import ANY_LENGTH, Explanation, HandFacts, Meaning, lengths_of
from bridgetools.bots.rules import Rule, Situation
from bridgetools.bots.sampling import sample_hands
from bridgetools.bots.slam import ASKER_ACES, partner_hcp
from bridgetools.bots.system import ALL_RULES
from bridgetools.errors import MissingExtraError
from bridgetools.model import PASS, Bid, Call, Contract, Deal, Hand, Seat, Strain, Suit, Vul
from bridgetools.rules import Auction
from bridgetools.scoring import imps, score

__all__ = ["FIT_SLAM_HCP", "NOTRUMP_SLAM_HCP", "SAMPLES", "JudgingBidder", "available", "considers", "judge",
           "judged_candidates"]

SAMPLES = 16
"""Layouts dealt for one decision: enough to tell a slam that makes two times in three from one that
makes one time in three, few enough for a decision well under a second."""
TRIES = 200
"""Random deals tried for each layout before the one closest to the auction is taken."""
FIT_SLAM_HCP = 28
"""High cards together (ours and what partner is played for) from which a slam in an agreed suit is
simulated: with an eight-card fit and 26-29 HCP slam makes a third to a half of the time double dummy."""
NOTRUMP_SLAM_HCP = 31
"""High cards together from which 6NT is simulated."""
MARGIN = 0.5
"""IMPs a deal a slam must gain on average over the rules' game before the judge bids it."""
JUDGED = "judged by double-dummy simulation"


def available() -> bool:
    """Whether double-dummy simulation can run here (the ``dd`` extra, endplay's DDS, is installed)."""
    from bridgetools.dd import _dds

    try:
        _dds.dds()
    except MissingExtraError:
        return False
    return True


def _slam_ready(sit: Situation) -> bool:
    """Whether the auction is one where the judge may try for slam: both partners have bid, partner's
    last call is natural and not a sign-off, and the bidding is below the six level."""
    partner_last = sit.partner_last
    if not sit.bids_by(2) or partner_last is None or any(
            m.artificial or m.force == "sign-off" for m in partner_last.meanings):
        return False
    last = sit.last_bid()
    return last is not None and last.level < 6


def _trump(sit: Situation, partner: PartnerView) -> Suit | None:
    trump = sit.agreed_suit()
    if trump is not None and (partner.lengths[trump] >= 3 or trump in sit.natural_suits(0)):
        return trump
    return None


def judged_candidates(sit: Situation, offered: Mapping[Call, Sequence[Meaning]]
                      ) -> Iterator[tuple[Call, Meaning]]:
    """The slam calls only the judge makes, with their meanings: Blackwood (or six of the suit when 4NT
    means something else here) with the fit and 28+ HCP together, 6NT with 31+ HCP together and no
    major fit. ``offered`` holds the calls the rules give a meaning here, so a judged 4NT is offered only
    where no rule reads 4NT as anything but Blackwood."""
    if not _slam_ready(sit):
        return
    partner = PartnerView(sit)
    expect = partner_hcp(partner)
    trump = _trump(sit, partner)
    if trump is not None:
        fit = at_least_in(trump, 8 - partner.lengths[trump])
        hcp = (FIT_SLAM_HCP - expect, 40)
        four_nt = Bid(4, Strain.NT)
        blackwood_only = all(m.convention == "Blackwood" for m in offered.get(four_nt, ()))
        if sit.auction.is_legal(four_nt) and blackwood_only:
            yield four_nt, Meaning(
                "Blackwood", hcp=hcp, lengths=fit, aces=ASKER_ACES.get(trump), force="forcing",
                artificial=True, convention="Blackwood",
                extra=(f"asks for aces; partnership {FIT_SLAM_HCP}+ HCP, slam {JUDGED}",))
        else:
            yield Bid(6, trump.strain), Meaning(
                "small slam", hcp=hcp, lengths=fit, extra=(f"partnership {FIT_SLAM_HCP}+ HCP, {JUDGED}",))
    no_fit = [ANY_LENGTH] * 4
    for suit in (Suit.S, Suit.H):
        no_fit[suit] = (0, max(0, 7 - partner.lengths[suit]))
    yield Bid(6, Strain.NT), Meaning(
        "slam in notrump", hcp=(NOTRUMP_SLAM_HCP - expect, 40), lengths=lengths_of(no_fit),
        extra=(f"partnership {NOTRUMP_SLAM_HCP}+ HCP, {JUDGED}",))


@dataclass(frozen=True)
class _Option:
    """A call the judge weighs and the contract it leads to: ``blackwood`` stops in five of the strain
    when the partnership misses two aces."""

    call: Call
    level: int
    strain: Strain
    declarer: Seat
    blackwood: bool = False

    def contract_on(self, deal: Deal, side: tuple[Seat, Seat]) -> Contract:
        level = self.level
        if self.blackwood:
            aces = sum((deal[s] or Hand(0)).holding(suit) >> 12 & 1 for s in side for suit in Suit)
            level = 6 if aces >= 3 else 5
        return Contract(level, self.strain)


def _seat_of(auction: Auction, index: int) -> Seat:
    return Seat((int(auction.dealer) + index) % 4)


def _declarer(auction: Auction, me: Seat, strain: Strain) -> Seat:
    """Who on this side would play ``strain``: the first of the two to bid it, else this player."""
    for i, call in enumerate(auction.calls):
        seat = _seat_of(auction, i)
        if isinstance(call, Bid) and call.strain == strain and seat in (me, me.partner):
            return seat
    return me


def _placement(sit: Situation, call: Call, meaning: Meaning) -> tuple[int, Strain] | None:
    """The contract the rules' call places the partnership in at game or above (a pass of this side's
    game, or a natural game bid that does not force), or None when the call is not such a placement."""
    auction = sit.auction
    if call is PASS:
        last = next((i for i in range(len(auction.calls) - 1, -1, -1) if isinstance(auction.calls[i], Bid)),
                    None)
        if last is None or any(c is not PASS for c in auction.calls[last + 1:]):
            return None
        bid = auction.calls[last]
        assert isinstance(bid, Bid)
        mine = _seat_of(auction, len(auction.calls))
        ours = _seat_of(auction, last) in (mine, mine.partner)
        return (bid.level, bid.strain) if ours and GAME_LEVEL[bid.strain] <= bid.level < 6 else None
    if isinstance(call, Bid) and not meaning.artificial and meaning.force in ("", "sign-off") \
            and GAME_LEVEL[call.strain] <= call.level < 6:
        return call.level, call.strain
    return None


def considers(sit: Situation, call: Call, meaning: Meaning) -> bool:
    """Whether the judge weighs the rules' ``call`` here: it places the partnership in game (not yet a
    slam) in an auction where a slam try is open."""
    return _placement(sit, call, meaning) is not None and _slam_ready(sit)


def _fits_the_auction(auction: Auction, me: Seat, explain: Callable[[Auction, Call], Explanation],
                      rule_call: Callable[[Auction, Hand], Call]) -> Callable[[Mapping[Seat, Hand]], bool]:
    """A test that the other three hands could have made their calls: each allowed by one of the call's
    meanings, and partner's as the rules would have made them with that hand."""
    told: dict[Seat, list[Explanation]] = {}
    partner: list[tuple[Auction, Call]] = []
    so_far = Auction(auction.dealer)
    for call in auction.calls:
        seat = so_far.turn
        if seat == me.partner:
            partner.append((so_far.copy(), call))
        if seat != me:
            told.setdefault(seat, []).append(explain(so_far, call))
        so_far.add(call)

    def fits(hands: Mapping[Seat, Hand]) -> bool:
        for seat, explanations in told.items():
            facts = HandFacts.of(hands[seat])
            if not all(e.allows(facts) for e in explanations):
                return False
        held = hands[me.partner]
        return all(rule_call(before, held) == call for before, call in reversed(partner))

    return fits


def _tricks(deals: Sequence[Deal], strain: Strain, declarer: Seat, options: Sequence[_Option]) -> list[int]:
    """Declarer's tricks on each layout as far as the options' contracts tell apart: the most of their
    targets (a slam's twelve, game's, Blackwood's five level) made, or one less than the fewest; each
    target is a one-target search in DDS, asked only of the layouts it still decides."""
    from bridgetools.dd import dd_makes

    targets = sorted({o.level + 6 for o in options} | {11 for o in options if o.blackwood}, reverse=True)
    found = [targets[-1] - 1] * len(deals)
    todo = list(range(len(deals)))
    for target in targets:
        if not todo:
            break
        made = dd_makes([deals[k] for k in todo], strain, declarer, target)
        for k, ok in zip(todo, made, strict=True):
            if ok:
                found[k] = target
        todo = [k for k, ok in zip(todo, made, strict=True) if not ok]
    return found


def _seed(hand: Hand, auction: Auction) -> int:
    text = f"{hand.mask}|{auction.dealer}|{' '.join(str(c) for c in auction.calls)}"
    return zlib.crc32(text.encode())


def judge(sit: Situation, hand: Hand, facts: HandFacts, rules_choice: tuple[Call, Meaning],
          judged: Sequence[tuple[Call, Meaning]], vulnerability: Vul,
          explain: Callable[[Auction, Call], Explanation], rule_call: Callable[[Auction, Hand], Call]
          ) -> Call | None:
    """The call the simulation prefers to ``rules_choice`` (the rules' call, with its meaning) among the
    judged slam calls ``hand`` may make, or None to keep the rules' call. Simulates only where the rules
    place the partnership in game and a judged slam call is open to this hand."""
    choice, meaning = rules_choice
    placed = _placement(sit, choice, meaning)
    open_ = [(c, m) for c, m in judged if m.allows(facts)]
    if placed is None or not open_:
        return None
    auction = sit.auction
    me = auction.turn
    side = (me, me.partner)
    options = [_Option(choice, placed[0], placed[1], _declarer(auction, me, placed[1]))]
    for call, m in open_:
        if not isinstance(call, Bid) or any(o.call == call for o in options):
            continue
        strain = call.strain
        if m.convention == "Blackwood":
            trump = _trump(sit, PartnerView(sit))
            if trump is None:
                continue
            strain = trump.strain
        options.append(_Option(call, 6, strain, _declarer(auction, me, strain), m.convention == "Blackwood"))
    if len(options) < 2:
        return None
    rng = random.Random(_seed(hand, auction))
    deals = sample_hands(me, hand, SAMPLES, rng, auction_constraints(auction, explain), TRIES,
                         _fits_the_auction(auction, me, explain, rule_call))
    tricks = {key: _tricks(deals, *key, options) for key in {(o.strain, o.declarer) for o in options}}
    gains = [0.0] * len(options)
    for k, deal in enumerate(deals):
        scores = [score(o.contract_on(deal, side), tricks[o.strain, o.declarer][k],
                        vulnerability.is_vulnerable(o.declarer)) for o in options]
        for i, s in enumerate(scores):
            gains[i] += imps(s - scores[0])
    best = max(range(len(options)), key=lambda i: gains[i])
    if best == 0 or gains[best] / len(deals) < MARGIN:
        return None
    return options[best].call


class JudgingBidder(Bidder):
    """The rule bidder that also judges its slam decisions by double-dummy simulation (`judge`) and
    explains the judged calls; without the ``dd`` extra it is exactly the rule bidder."""

    def __init__(self, rules: Sequence[Rule] = ALL_RULES) -> None:
        super().__init__(rules)
        self.judge = available()

    def _judged(self, sit: Situation, offered: dict[Call, list[Meaning]]) -> Iterator[tuple[Call, Meaning]]:
        for call, meaning in judged_candidates(sit, offered):
            if sit.auction.is_legal(call):
                yield call, meaning

    def _considers(self, sit: Situation, call: Call, meaning: Meaning) -> bool:
        return considers(sit, call, meaning)

    def _judge(self, sit: Situation, hand: Hand, facts: HandFacts, choice: tuple[Call, Meaning],
               judged: list[tuple[Call, Meaning]], vulnerability: Vul) -> Call | None:
        return judge(sit, hand, facts, choice, judged, vulnerability, self.explain, self.rule_call)
