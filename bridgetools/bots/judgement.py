"""Judgement by double-dummy simulation at the bidder's game and slam decisions, as strong programs
check their candidate bids: where the rules' call places the partnership in a contract (a pass of our
side's bid, or a natural bid that does not force) and another contract is open, deal the three unseen
hands a number of times to fit what the auction showed, count each contract's real tricks double dummy
(batched one-target searches), and choose the call whose contract gains most on average: each option
scored on the same layouts by its exact duplicate score (declarer's vulnerability) in IMPs against the
rules' contract, by a margin. Layouts are solved a stage at a time until a sequential test settles the
decision, with a cap on the searches, so clear decisions are cheap and every call is deterministic
(unless a time budget, as at the table, stops the searches sooner).

The decisions judged (`considers`): where the rules pass partner's bid below game, bidding game in a
fit or in notrump instead; where they bid game over it, passing instead (not over a forced call, such as
the cheapest advance of a takeout double, which places no contract: `_forced_answer`); where they pass or
bid game over partner's natural sign-off, bidding a slam (`JUDGE_SLAM_OVER_SIGN_OFF`); and (with `JUDGE_SLAM`)
bidding a slam over partner's other natural calls. The calls the judge may choose are offered by
`judged_candidates` with meanings worked out from the auction alone (a floor or cap of high cards
together and the trump fit), so `Bidder.explain` states them and every call the judge makes is allowed
by its own explanation. The layouts are dealt in numpy batches (`sampling.sample_deals`) and seeded
from the hand and the auction, so the same auction always gets the same call.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from bridgetools.bots.bidder import Bidder, rule_bidder
from bridgetools.bots.fallback import GAME_LEVEL, PartnerView, at_least_in, invitation_declined
from bridgetools.bots.inference import auction_constraints
from bridgetools.bots.meaning import ANY_LENGTH, Explanation, Force, HandFacts, Meaning, lengths_of
from bridgetools.bots.rules import Rule, Situation, Vulnerability
from bridgetools.bots.sampling import sample_deals
from bridgetools.bots.slam import asker_aces, partner_hcp
from bridgetools.model import DOUBLE, PASS, Bid, Call, Contract, Deal, Hand, Seat, Strain, Suit, Vul
from bridgetools.rules import Auction
from bridgetools.scoring import imps, score

__all__ = [
    "FIT_GAME_HCP",
    "FIT_SLAM_HCP",
    "JUDGE_BY_DEFAULT",
    "NOTRUMP_GAME_HCP",
    "NOTRUMP_SLAM_HCP",
    "PASS_GAME_HCP",
    "SAMPLES",
    "JudgingBidder",
    "available",
    "considers",
    "default_bidder",
    "judge",
    "judged_candidates",
]

SAMPLES = 32
"""Layouts dealt for one decision: enough that a contract making two times in three stands clear of one
making one time in three, few enough for a decision well under a second."""
FIT_SLAM_HCP = 26
"""High cards together (ours and what partner is played for) from which a slam in an agreed suit is
simulated: over partner's sign-off the judged slams that gained came with 27-31 together, none below, and
24 gained no more deals on the tuning sets than 26 (docs/performance.md, "Twenty-fifth pass")."""
NOTRUMP_SLAM_HCP = 31
"""High cards together from which 6NT is simulated."""
FIT_GAME_HCP = 22
"""High cards together from which game in an eight-card fit is simulated where the rules stop short."""
NOTRUMP_GAME_HCP = 23
"""High cards together from which 3NT is simulated where the rules stop short."""
PASS_GAME_HCP = 27
"""High cards together up to which passing partner's invitation or non-forcing bid is simulated where
the rules bid game."""
STAGE = 8
"""Layouts solved between two looks of the sequential test."""
MIN_LAYOUTS = 16
"""Layouts solved before the sequential test may settle a decision."""
Z = 2.0
"""Standard errors the mean gain must stand from the margin for the sequential test to settle early."""
MAX_SEARCHES = 160
"""One-target double-dummy searches one decision may spend (a count, not a clock, so the same auction
always gets the same call however loaded the machine)."""
UNDERTRICKS = 2
"""Undertricks told apart below the lowest contract weighed (more count as that many)."""
JUDGE_SLAM = False
"""Whether slams are judged over partner's natural calls that are not a sign-off: no, as on four tuning
sets no floor (24-29 HCP together, losers, controls, fit) or margin (0-3 IMPs) gained there: where the
layouts favour slam it makes less often than they say (docs/performance.md, "Twenty-fifth pass")."""
JUDGE_SLAM_OVER_SIGN_OFF = True
"""Whether slams are judged where partner's last call is a natural sign-off (1S 4D 4S, 1H 1S 4H) and the
rules pass it or bid game: yes, as partner's sign-off limits the layouts and there the judged slams
gained 0.027 IMPs a deal on two tuning sets (6 deals gained, 1 lost in 2,000); a few deals in a thousand
on the held-out sets (docs/performance.md, "Twenty-fifth pass")."""
SLAM_MARGIN = 2.0
"""IMPs a deal a slam must gain on average over the rules' game before the judge bids it: over a sign-off
2 and 3 chose the same deals on the tuning sets, 1 or less added losing ones."""
GAME_MARGIN = 1.5
"""IMPs a deal a game (or stopping short of one) must gain on average over the rules' contract."""
JUDGE_DEFENCE = True
"""Whether the judge weighs defending the opponents' contract against the rules' game where their bid stands
and partner has bid (`_defend_ready`). Not the other way (a judged game over the rules' pass of their bid):
measured, it bid games that failed (docs/performance.md, "Forty-sixth pass (the judge defends)")."""
JUDGED = "chosen by playing out sample deals of the unseen cards"
"""How a judged meaning's note says where it comes from, in words a student reads: the judge deals the
cards it cannot see many ways and plays each deal out (double dummy)."""


def available() -> bool:
    """Whether double-dummy simulation can run here (the ``dd`` extra, endplay's DDS, is installed)."""
    from bridgetools.dd import _dds

    return _dds.available()


def _slam_ready(sit: Situation) -> bool:
    """Whether the auction is one where the judge may try for slam: both partners have bid, partner's
    last call is natural, a sign-off (`JUDGE_SLAM_OVER_SIGN_OFF`) or not (`JUDGE_SLAM`), and the bidding
    is below the six level."""
    partner_last = sit.partner_last
    if not sit.bids_by(2) or partner_last is None or partner_last.artificial:
        return False
    if not (JUDGE_SLAM_OVER_SIGN_OFF if _signed_off(sit) else JUDGE_SLAM):
        return False
    last = sit.last_bid()
    return last is not None and last.level < 6


def _signed_off(sit: Situation) -> bool:
    """Whether partner's last call is a sign-off (a limit: the judge weighs slam over it)."""
    partner_last = sit.partner_last
    return partner_last is not None and any(m.force == Force.SIGN_OFF for m in partner_last.meanings)


def _standing(sit: Situation) -> tuple[int, Bid] | None:
    """Our side's bid that ends the auction if this player passes (only passes after it), with its index."""
    calls = sit.calls
    last = next((i for i in range(len(calls) - 1, -1, -1) if isinstance(calls[i], Bid)), None)
    if last is None or any(c is not PASS for c in calls[last + 1:]) or (len(calls) - last) % 2:
        return None
    bid = calls[last]
    assert isinstance(bid, Bid)
    return last, bid


def _theirs(sit: Situation) -> tuple[int, Bid] | None:
    """The opponents' bid that stands if this player and partner pass (only passes after it, none or
    two: the opponent on the right has just bid, or it has come round to this player), with its index."""
    calls = sit.calls
    last = next((i for i in range(len(calls) - 1, -1, -1) if calls[i] is not PASS), None)
    if last is None or not isinstance(bid := calls[last], Bid) or len(calls) - last not in (1, 3):
        return None
    return last, bid


def _defend_ready(sit: Situation) -> bool:
    """Whether the judge may weigh defending the opponents' contract (`JUDGE_DEFENCE`) against our game:
    their bid below slam stands (`_theirs`) and partner has bid naturally (shown a suit or values)."""
    theirs = _theirs(sit)
    return JUDGE_DEFENCE and theirs is not None and theirs[1].level < 6 and bool(sit.natural_suits(2))


def _game_ready(sit: Situation) -> bool:
    """Whether the judge may weigh game here: our side's bid stands, and partner has bid and its last call
    was natural (a pass would leave a contract partner chose); not once partner has declined this player's
    invitation (`invitation_declined`: he judged game short knowing this hand's top)."""
    partner_last = sit.partner_last
    return (_standing(sit) is not None and bool(sit.bids_by(2)) and partner_last is not None
            and not partner_last.artificial and not invitation_declined(sit))


def _passable(sit: Situation) -> bool:
    """Whether partner's natural bid below game that does not force stands (only passes after it), so
    this player may pass it or bid game."""
    standing = _standing(sit)
    if standing is None:
        return False
    index, bid = standing
    mine = (len(sit.calls) - index) % 4 == 0
    return (not mine and bid.level < GAME_LEVEL[bid.strain] and not sit.explanation(index).forcing
            and sit.calls[-1] is PASS and not _forced_answer(sit))


def _forced_answer(sit: Situation) -> bool:
    """Whether partner's last call was forced, so it places no contract and the judge weighs no pass of it
    (a player with game values never passes it): the fallback's forced bid in every meaning, or partner's
    answer to this player's last call, a double not for penalty or a forcing call that the opponent between
    passed, from a hand that may hold nothing (his HCP floor 0): the cheapest advance of a takeout double,
    0-8 HCP (`P P 1C X P 1H P`: 3NT with 23 HCP, not a pass)."""
    last = sit.partner_last
    if last is None or not last.meanings:
        return False
    if all(m.force == Force.FORCED for m in last.meanings):
        return True
    mine, partners = sit.own_indexes(0), sit.own_indexes(2)
    if not mine or not partners or partners[-1] != mine[-1] + 2 or sit.calls[mine[-1] + 1] is not PASS:
        return False
    asked = sit.explanation(mine[-1])
    doubled = sit.calls[mine[-1]] is DOUBLE and not _for_penalty(asked)
    return (doubled or asked.forcing) and PartnerView(sit).hcp_lo == 0


def _for_penalty(double: Explanation) -> bool:
    """Whether ``double`` is for penalty in every meaning: partner may pass it, so his bid over it is his
    choice, not forced (`1NT X P 2H P`: the weak runout from the penalty double of 1NT)."""
    return bool(double.meanings) and all(m.penalty for m in double.meanings)


def _trump(sit: Situation, partner: PartnerView) -> Suit | None:
    trump = sit.agreed_suit()
    if trump is not None and (partner.lengths[trump] >= 3 or trump in sit.natural_suits(0)):
        return trump
    return None


def _slam_candidates(sit: Situation, offered: Mapping[Call, Sequence[Meaning]], partner: PartnerView
                     ) -> Iterator[tuple[Call, Meaning]]:
    """Blackwood (or six of the suit when 4NT means something else here) with the fit and `FIT_SLAM_HCP`
    together; 6NT with `NOTRUMP_SLAM_HCP` together and no major fit, but not over partner's sign-off,
    where it never gained on the tuning sets and failed both times it was bid (seed 17)."""
    expect = partner_hcp(partner)
    trump = _trump(sit, partner)
    if trump is not None:
        fit = at_least_in(trump, 8 - partner.lengths[trump])
        hcp = (FIT_SLAM_HCP - expect, 40)
        four_nt = Bid(4, Strain.NT)
        blackwood_only = all(m.convention == "Blackwood" for m in offered.get(four_nt, ()))
        if sit.auction.is_legal(four_nt) and blackwood_only:
            yield four_nt, Meaning(
                "Blackwood", hcp=hcp, lengths=fit, aces=asker_aces(trump, partner), force=Force.FORCING,
                artificial=True, convention="Blackwood",
                extra=("asks for aces", f"partnership {FIT_SLAM_HCP}+ HCP, slam {JUDGED}",), judged=True)
        else:
            yield Bid(6, trump.strain), Meaning(
                "small slam", hcp=hcp, lengths=fit, extra=(f"partnership {FIT_SLAM_HCP}+ HCP, {JUDGED}",),
                judged=True)
    if _signed_off(sit):
        return
    no_fit = [ANY_LENGTH] * 4
    for suit in (Suit.S, Suit.H):
        no_fit[suit] = (0, max(0, 7 - partner.lengths[suit]))
    yield Bid(6, Strain.NT), Meaning(
        "slam in notrump", hcp=(NOTRUMP_SLAM_HCP - expect, 40), lengths=lengths_of(no_fit),
        extra=(f"partnership {NOTRUMP_SLAM_HCP}+ HCP, {JUDGED}",), judged=True)


def _game_candidates(sit: Situation, partner: PartnerView) -> Iterator[tuple[Call, Meaning]]:
    """Game in a suit partner has shown three or more of (with eight together) from 22 HCP together, 3NT
    from 23 but not with eight trumps in a major partner has shown (a teacher's 4S, not 3NT, with AK6 over
    `1NT 2H 2S 3S`); and a pass of partner's natural bid below game that does not force, up to 27 together."""
    expect = partner.expected
    for suit in (Suit.S, Suit.H, Suit.D, Suit.C):
        if partner.lengths[suit] >= 3:
            yield Bid(GAME_LEVEL[suit.strain], suit.strain), Meaning(
                "game", hcp=(FIT_GAME_HCP - expect, 40), lengths=at_least_in(suit, 8 - partner.lengths[suit]),
                extra=(f"partnership {FIT_GAME_HCP}+ HCP, {JUDGED}",), judged=True)
    no_major_fit = [ANY_LENGTH] * 4
    for suit in (Suit.S, Suit.H):
        if partner.lengths[suit] >= 3:
            no_major_fit[suit] = (0, max(0, 7 - partner.lengths[suit]))
    yield Bid(3, Strain.NT), Meaning(
        "game in notrump", hcp=(NOTRUMP_GAME_HCP - expect, 40), lengths=lengths_of(no_major_fit),
        extra=(f"partnership {NOTRUMP_GAME_HCP}+ HCP, {JUDGED}",), judged=True)
    if _passable(sit) or _defend_ready(sit):
        yield PASS, Meaning("pass", hcp=(0, max(0, PASS_GAME_HCP - expect)),
                            extra=(f"partnership at most {PASS_GAME_HCP} HCP, game {JUDGED}",),
                            judged=True)


def judged_candidates(sit: Situation, offered: Mapping[Call, Sequence[Meaning]]
                      ) -> Iterator[tuple[Call, Meaning]]:
    """The calls only the judge makes, with their meanings: game or a pass short of it (`_game_ready`),
    slam (`_slam_ready`). ``offered`` holds the calls the rules give a meaning here, so a judged 4NT is
    offered only where no rule reads 4NT as anything but Blackwood."""
    slam, game = _slam_ready(sit), _game_ready(sit) or _defend_ready(sit)
    if not (slam or game):
        return
    partner = PartnerView(sit)
    if game:
        yield from _game_candidates(sit, partner)
    if slam:
        yield from _slam_candidates(sit, offered, partner)


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

    @property
    def slam(self) -> bool:
        return self.level >= 6


def _declarer(auction: Auction, me: Seat, strain: Strain) -> Seat:
    """Who on this side would play ``strain``: the first of the two to bid it, else this player."""
    for i, call in enumerate(auction.calls):
        seat = auction.seat_of(i)
        if isinstance(call, Bid) and call.strain == strain and seat in (me, me.partner):
            return seat
    return me


def _placement(sit: Situation, call: Call, meaning: Meaning) -> _Option | None:
    """The contract ``call`` places the auction in below slam, as an option: a pass of our side's
    standing bid, or of the opponents' (`_theirs`: we defend it, its declarer the first of their side
    to bid the strain), or a natural bid that does not force; None when the call is not such a placement."""
    auction = sit.auction
    me = auction.turn
    if call is PASS:
        stands = _standing(sit) or (_theirs(sit) if _defend_ready(sit) else None)
        if stands is None:
            return None
        index, bid = stands
        return _Option(call, bid.level, bid.strain, _declarer(auction, auction.seat_of(index), bid.strain))
    natural = not meaning.artificial and meaning.force in (Force.NONE, Force.SIGN_OFF)
    if isinstance(call, Bid) and natural and call.level < 6:
        return _Option(call, call.level, call.strain, _declarer(auction, me, call.strain))
    return None


def considers(sit: Situation, call: Call, meaning: Meaning) -> bool:
    """Whether the judge weighs the rules' ``call`` here, a decision between game and a partscore that
    ends the auction: the rules pass partner's bid below game (game is open), or bid game where passing
    partner's bid is open; and a game where a slam is open (`_slam_ready`); where the opponents' bid
    stands (`_defend_ready`), the rules' game against defending it. A partscore bid that partner may raise
    is left to the rules (weighing it as the final contract leans towards game)."""
    placed = _placement(sit, call, meaning)
    if placed is None:
        return False
    level, strain = placed.level, placed.strain
    if _defend_ready(sit):
        return call is not PASS and GAME_LEVEL[strain] <= level
    if GAME_LEVEL[strain] <= level and _slam_ready(sit):
        return True
    if not _game_ready(sit):
        return False
    if call is PASS:
        return level < GAME_LEVEL[strain]
    return level == GAME_LEVEL[strain] and _passable(sit)


def _fits_the_auction(auction: Auction, me: Seat, explain: Callable[[Auction, Call], Explanation],
                      rule_choice: Callable[[tuple[Call, ...], HandFacts], Call]
                      ) -> Callable[[Mapping[Seat, Hand]], bool]:
    """A test that the other three hands could have made their calls: each allowed by one of the call's
    meanings, and partner's as the rules (or the judge's own meanings) would have made them."""
    told: dict[Seat, list[Explanation]] = {}
    partner: list[tuple[tuple[Call, ...], Call, Explanation]] = []
    so_far = Auction(auction.dealer)
    for call in auction.calls:
        seat = so_far.turn
        explanation = explain(so_far, call)
        if seat == me.partner:
            judged = tuple(m for m in explanation.meanings if m.judged)
            partner.append((tuple(so_far.calls), call, Explanation(explanation.call, judged)))
        elif seat != me:
            told.setdefault(seat, []).append(explanation)
        so_far.add(call)

    def fits(hands: Mapping[Seat, Hand]) -> bool:
        facts = HandFacts.of(hands[me.partner])
        for before, call, judged in reversed(partner):
            if rule_choice(before, facts) != call and not (judged.meanings and judged.allows(facts)):
                return False
        for seat, explanations in told.items():
            facts = HandFacts.of(hands[seat])
            if not all(e.allows(facts) for e in explanations):
                return False
        return True

    return fits


def _tricks(deals: Sequence[Deal], strain: Strain, declarer: Seat, levels: Sequence[int]
            ) -> tuple[list[int], int]:
    """Declarer's tricks on each layout in one strain, exact from `UNDERTRICKS` below the lowest contract
    in ``levels`` up to the highest (fewer count as that many down, more as the highest made): a binary search
    of batched one-target DDS searches, each asked only of the layouts it still decides. Returns the
    tricks and the number of searches."""
    from bridgetools.dd import dd_makes

    floor, top = min(levels) + 6 - UNDERTRICKS, max(levels) + 6
    low = [floor - 1] * len(deals)  # tricks known made (floor - 1 stands for that or fewer)
    high = [top] * len(deals)  # tricks at most
    searches = 0
    while True:
        asks: dict[int, list[int]] = {}
        for k in range(len(deals)):
            if low[k] < high[k]:
                asks.setdefault((low[k] + high[k] + 1) // 2, []).append(k)
        if not asks:
            return low, searches
        for target, todo in sorted(asks.items()):
            made = dd_makes([deals[k] for k in todo], strain, declarer, target)
            searches += len(todo)
            for k, ok in zip(todo, made, strict=True):
                if ok:
                    low[k] = target
                else:
                    high[k] = target - 1


def _seed(hand: Hand, auction: Auction) -> int:
    text = f"{hand.mask}|{auction.dealer}|{' '.join(str(c) for c in auction.calls)}"
    return zlib.crc32(text.encode())


def _options(sit: Situation, placed: _Option, open_: Sequence[tuple[Call, Meaning]]) -> list[_Option]:
    """The rules' contract first, then each judged call's that differs from it (a slam only over a game,
    a game or a pass only where the rules stop short of game or at it; where the opponents' bid stands,
    `_defend_ready`, defending it and our games below slam)."""
    auction = sit.auction
    me = auction.turn
    options = [placed]
    defending = _defend_ready(sit)
    at_game = GAME_LEVEL[placed.strain] <= placed.level and not defending
    for call, m in open_:
        if any(o.call == call for o in options):
            continue
        if call is PASS:
            passed = _placement(sit, call, m) if at_game or defending else None
            if passed is not None:
                options.append(passed)
            continue
        if not isinstance(call, Bid):
            continue
        strain = call.strain
        blackwood = m.convention == "Blackwood"
        if blackwood:
            trump = _trump(sit, PartnerView(sit))
            if trump is None:
                continue
            strain = trump.strain
        level = 6 if blackwood else call.level
        if (level >= 6) != at_game:
            continue
        options.append(_Option(call, level, strain, _declarer(auction, me, strain), blackwood))
    return options


def judge(sit: Situation, hand: Hand, facts: HandFacts, rules_choice: tuple[Call, Meaning],
          judged: Sequence[tuple[Call, Meaning]], vulnerability: Vul,
          explain: Callable[[Auction, Call], Explanation],
          rule_choice: Callable[[tuple[Call, ...], HandFacts], Call],
          timings: list[float] | None = None, budget: float | None = None) -> Call | None:
    """The call the simulation prefers to ``rules_choice`` (the rules' call, with its meaning) among the
    judged calls ``hand`` may make, or None to keep the rules' call. Simulates only where the rules'
    call places the partnership in a contract and a judged call leading elsewhere is open to this hand;
    the seconds each simulation took go to ``timings``. With a ``budget`` (seconds) no further stage of
    layouts is solved once it is spent, and the call is decided on the layouts solved so far."""
    placed = _placement(sit, *rules_choice)
    if placed is None:
        return None
    options = _options(sit, placed, [(c, m) for c, m in judged if m.allows(facts)])
    if len(options) < 2:
        return None
    start = time.perf_counter()
    auction = sit.auction
    me = auction.turn
    deals = sample_deals(me, hand, SAMPLES, _seed(hand, auction), auction_constraints(auction, explain),
                         _fits_the_auction(auction, me, explain, rule_choice))
    deadline = None if budget is None else start + budget
    better = _weigh(options, deals, vulnerability, (me, me.partner), deadline) if deals else None
    if timings is not None:
        timings.append(time.perf_counter() - start)
    return better


def _weigh(options: Sequence[_Option], deals: Sequence[Deal], vulnerability: Vul,
           side: tuple[Seat, Seat], deadline: float | None = None) -> Call | None:
    """The option the layouts prefer to the rules' (``options[0]``), or None. Each option is scored on
    the same layouts with its exact duplicate score (declarer's vulnerability) and IMPs against the
    rules' contract; layouts are solved `STAGE` at a time until a sequential test settles it (every
    other option's mean gain `Z` standard errors below its margin, or the best's that far above) or
    `MAX_SEARCHES` one-target searches are spent (or the clock passes ``deadline``), so a clear decision
    costs few searches; unsettled, the best option must beat the rules' by its margin on average."""
    gains: list[list[int]] = [[] for _ in options]
    searches = 0
    for start in range(0, len(deals), STAGE):
        more, spent = _gains(options, deals[start:start + STAGE], vulnerability, side)
        searches += spent
        for mine, new in zip(gains, more, strict=True):
            mine.extend(new)
        settled = _settled(options, gains)
        late = deadline is not None and time.perf_counter() > deadline
        if settled is not None or searches >= MAX_SEARCHES or late:
            break
    else:
        settled = None
    if settled is None:
        best = max(range(1, len(options)), key=lambda i: sum(gains[i]))
        settled = best if sum(gains[best]) / len(gains[best]) >= _margin(options[best]) else 0
    return None if settled == 0 else options[settled].call


def _gains(options: Sequence[_Option], deals: Sequence[Deal], vulnerability: Vul, side: tuple[Seat, Seat]
           ) -> tuple[list[list[int]], int]:
    """Each option's IMPs against the rules' (``options[0]``) on each layout, by its exact duplicate
    score with its declarer's vulnerability; and the one-target searches that took."""
    groups: dict[tuple[Strain, Seat], list[int]] = {}
    for o in options:
        groups.setdefault((o.strain, o.declarer), []).append(o.level)
    tricks: dict[tuple[Strain, Seat], list[int]] = {}
    searches = 0
    for key, levels in groups.items():
        tricks[key], spent = _tricks(deals, *key, levels)
        searches += spent
    gains: list[list[int]] = [[] for _ in options]
    for k, deal in enumerate(deals):
        scores = [score(o.contract_on(deal, side), tricks[o.strain, o.declarer][k],
                        vulnerability.is_vulnerable(o.declarer)) * (1 if o.declarer in side else -1)
                  for o in options]
        for i, s in enumerate(scores):
            gains[i].append(imps(s - scores[0]))
    return gains, searches


def _margin(option: _Option) -> float:
    return SLAM_MARGIN if option.slam else GAME_MARGIN


def _settled(options: Sequence[_Option], gains: Sequence[Sequence[int]]) -> int | None:
    """The sequential test after each stage: 0 when every other option's mean gain lies `Z` standard
    errors below its margin, the best option's index when its mean lies that far above, else None."""
    n = len(gains[0])
    if n < MIN_LAYOUTS:
        return None
    bounds = []
    for i in range(1, len(options)):
        mean = sum(gains[i]) / n
        spread = (sum((g - mean) ** 2 for g in gains[i]) / (n - 1)) ** 0.5
        error = Z * max(spread, 1.0) / n ** 0.5
        bounds.append((mean - error, mean + error, i))
    if all(high < _margin(options[i]) for _, high, i in bounds):
        return 0
    low, _, best = max(bounds)
    return best if low > _margin(options[best]) else None


class JudgingBidder(Bidder):
    """The rule bidder that also judges its game and slam decisions by double-dummy simulation (`judge`)
    and explains the judged calls; without the ``dd`` extra it is exactly the rule bidder. ``timings``
    holds the seconds each simulated decision took; a ``budget`` (seconds) bounds each one's searches, so a
    player at the table is not kept waiting (the call may then depend on the machine's speed)."""

    def __init__(self, rules: Sequence[Rule] | None = None, budget: float | None = None) -> None:
        super().__init__(rules)
        self.judge = available()
        self.budget = budget
        self.timings: list[float] = []

    def _judged(self, sit: Situation, offered: dict[Call, list[Meaning]]) -> Iterator[tuple[Call, Meaning]]:
        for call, meaning in judged_candidates(sit, offered):
            if sit.auction.is_legal(call):
                yield call, meaning

    def _considers(self, sit: Situation, call: Call, meaning: Meaning) -> bool:
        return considers(sit, call, meaning)

    def _judge(self, sit: Situation, hand: Hand, facts: HandFacts, choice: tuple[Call, Meaning],
               judged: list[tuple[Call, Meaning]], vulnerability: Vul) -> Call | None:
        dealer_sees = Vulnerability.of(vulnerability, sit.auction.dealer)
        return judge(sit, hand, facts, choice, judged, vulnerability,
                     lambda auction, call: self.explain(auction, call, vulnerability),
                     lambda calls, f: self.rule_choice(calls, f, dealer_sees.after(len(calls))),
                     self.timings, self.budget)


_SHARED: dict[tuple[bool, float | None], Bidder] = {}
JUDGE_BY_DEFAULT = True
"""Whether the commands, `bid_deal` and the table judge game decisions by double-dummy simulation unless told
otherwise (with the ``dd`` extra): yes, as on 4,000 deals it was never tuned on it lost 0.07 IMPs a deal
less against par than the rules alone (docs/performance.md, "Fifteenth pass"), at about 0.35 s a deal."""


def default_bidder(judge: bool = JUDGE_BY_DEFAULT, budget: float | None = None) -> Bidder:
    """The computer bidder the commands and the table use, one a process (so each auction's meanings are
    worked out once): with ``judge`` the rules with their game and slam decisions judged by double-dummy
    simulation (`judgement.JudgingBidder`, the rules alone without the ``dd`` extra); without it the
    rules alone, faster. A ``budget`` bounds each judged decision's seconds (`JudgingBidder`)."""
    key = (judge, budget if judge else None)
    if key not in _SHARED:
        _SHARED[key] = JudgingBidder(budget=budget) if judge else rule_bidder()
    return _SHARED[key]
