"""Control-showing cue bids once a major is agreed below game: the hand a trick short of a Blackwood
try bids the cheapest side suit in which it holds first-round control (an ace or a void), denying it in
the cheaper ones skipped; partner, with a trick more than shown and first-round control of the suits the
cue bid denied, goes on with Blackwood, and otherwise signs off in game."""

from __future__ import annotations

from collections.abc import Iterator

from bridgetools.bots.fallback import PartnerView, at_least_in
from bridgetools.bots.meaning import Force, Meaning
from bridgetools.bots.rules import FIT, Situation
from bridgetools.bots.tricks import EXTRA_TRUMPS, SLAM_TRICKS
from bridgetools.model import Bid, Call, Strain, Suit

CUE_BID_HCP = 26
"""High cards the partnership needs for a cue bid, partner played for the values shown (two fewer than
a Blackwood try on the losing-trick count)."""
ACCEPT_HCP = 26
"""High cards partner needs with the cue bidder's least shown to go on with Blackwood; partner's losers
must be no more than the cue bidder played for."""
CUE_LEVEL = 4
"""Cue bids are made at the four level, under game in the agreed major: each commits to game, and the
three-level calls keep their game-try meanings."""
CUE_BID = "cue bid"


def cue_bids(sit: Situation, trump: Suit, partner: PartnerView, strength: int, losers: int
             ) -> Iterator[tuple[Call, Meaning]]:
    """Cue bids with ``trump`` (a major) agreed in an uncontested auction: partner played for
    ``strength`` HCP and ``losers`` losers; each side suit our side has not bid, cheapest first, shows
    first-round control of it and denies it in the cheaper ones, with the losers of a Blackwood try but
    fewer high cards."""
    game = Bid(CUE_LEVEL, Strain(trump))
    last = sit.last_bid()
    if trump not in (Suit.S, Suit.H) or last is None or last.index >= game.index or not sit.bids_by(0) \
            or sit.contested or _tables_slam_try(sit) \
            or sit.shown_lengths(0)[trump] + sit.shown_lengths(2)[trump] < FIT:
        return
    ours = sit.our_suits()
    denied: list[tuple[Suit, bool]] = []
    for suit in (Suit.C, Suit.D, Suit.H):
        bid = Bid(CUE_LEVEL, Strain(suit))
        if suit == trump or suit in ours or bid.index >= game.index:
            continue
        if bid.index > last.index:
            for extra in EXTRA_TRUMPS:
                yield bid, Meaning(
                    CUE_BID, hcp=(CUE_BID_HCP - strength, 40),
                    lengths=at_least_in(trump, max(1, FIT + extra - partner.lengths[trump])),
                    losers=(0, 24 - SLAM_TRICKS - losers + extra),
                    first_round=(*denied, (suit, True)), force=Force.GAME_FORCING, artificial=True,
                    convention=CUE_BID,
                    extra=(f"slam try in {trump.full_name.lower()}: {SLAM_TRICKS} tricks by the "
                           "losing-trick count" + (f", {FIT + extra} trumps together" if extra else ""),))
        denied.append((suit, False))


def _tables_slam_try(sit: Situation) -> bool:
    """Whether this is opener over partner's single or limit raise of his major (1M-2M, 1M-3M), where
    the tables' new suits are the agreed slam tries (a splinter over the single raise, the cheapest new
    suit over the limit raise)."""
    key = sit.key
    return (len(key) == 4 and isinstance(key[0], Bid) and key[0] == Bid(1, key[0].strain)
            and key[2] in (Bid(2, key[0].strain), Bid(3, key[0].strain)))


def cue_bid_replies(sit: Situation) -> Iterator[tuple[Call, Meaning]]:
    """Over partner's cue bid: Blackwood with no more losers than the cue bidder played for, some high
    cards to spare and first-round control of every suit it denied; else game in the agreed major."""
    last = sit.partner_last
    cue = [m for m in last.meanings if m.convention == CUE_BID] if last is not None else []
    trumps = {s for m in cue for s in (Suit.S, Suit.H) if m.lengths[s][0] > 0}
    if len(trumps) != 1:
        return
    trump = trumps.pop()
    partner = PartnerView(sit, with_forced=True)
    cue_losers = min(m.losers[1] for m in cue)
    denied = {s for m in cue for s, held in m.first_round if not held}
    together = min(m.lengths[trump][0] for m in cue)
    for extra in EXTRA_TRUMPS:
        yield Bid(4, Strain.NT), Meaning(
            "Blackwood, accepting the cue bid", hcp=(ACCEPT_HCP - partner.hcp_lo, 40),
            lengths=at_least_in(trump, max(0, FIT + extra - together)),
            losers=(0, 24 - SLAM_TRICKS - cue_losers + extra),
            first_round=tuple((s, True) for s in sorted(denied)), force=Force.FORCING, artificial=True,
            convention="Blackwood",
            extra=("asks for aces", f"{SLAM_TRICKS} tricks by the losing-trick count with the cue bid's",))
    yield Bid(4, Strain(trump)), Meaning("declines the cue bid", force=Force.SIGN_OFF)

