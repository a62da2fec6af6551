"""The computer's auction and its choices before the play in the variants: an estimate of the tricks a
player's side can take in each strain (from high-card points and suit lengths, the unseen cards counted at
their average), a bid of the highest contract the estimate makes safe, nullo with a weak, low, flat hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgetools.model import Card, Suit
from bridgetools.rules.variants import Action, VariantDeal, VariantRules
from bridgetools.rules.variants.actions import DOUBLE, PASS, bid_parts
from bridgetools.rules.variants.deal import pack_of

MARGIN = 0.8
"""Tricks of safety between the estimate and the contract bid."""
DOUBLE_MARGIN = 2.0
"""Tricks by which the opponents' contract must look beyond them for a double."""
BOOBY_UNSEEN_WEIGHT = 0.4
"""The booby's unseen cards are the others' discards, mostly low: counted at this part of the average."""
SUITS = tuple(Suit)
TRICK_SPREAD = {"sholem": (2.0, 2.0), "booby": (1.5, 2.0), "konstam": (1.5, 1.5)}
"""How much faster than the estimate's share of the tricks a stronger hand's tricks grow, where they do, at
notrump and in a suit: the tricks the computer took for each trick more of the estimate, over 150 deals a
strain played at the one level (Sholem, two cards each to a trick over 16 cards and 10 tricks: 1.9-2.1;
Booby and Bridge for two, four hands of 13: 1.3-1.6 in a suit, 0.8-1.05 at notrump, where 1.5 throughout
scored best in whole rubbers); in Booby's suits 2.0, the growth of the double-dummy tricks over 400 deals
(1.97; 1.27 at notrump, which scored worse in whole rubbers than 1.5: docs/variants.md); other variants 1."""
CHEAPEST_BID = frozenset({"chinese"})
"""Variants in which the computer bids the cheapest bid of its best strain, not its safe level at once: in
Chinese bridge the jump lost in whole rubbers (one seat jumping against both bidding the cheapest, the same
deals both ways, 891 rubbers, 2026-12-07: -54 a rubber, 95% interval -101 to -8; 198 better, 514 worse)."""


def hcp(cards: Sequence[Card]) -> int:
    return sum(max(0, c.rank - 10) for c in cards)


@dataclass(frozen=True, slots=True)
class Side:
    """What one player knows of a side's cards: the cards seen, how many are unseen, and how much the
    unseen ones are worth against the average unseen card."""

    known: tuple[Card, ...]
    unseen: int
    weight: float = 1.0


def own_cards(deal: VariantDeal, player: int) -> list[Card]:
    """The cards of the player's own hands (reserve included) and their face-up table cards."""
    cards = [c for h, owner in enumerate(deal.owners) if owner == player and h < len(deal.hands)
             and (h < deal.players or deal.rules.reserve) for c in deal.hands[h]]
    if deal.piles:
        cards += [p[0] for p in deal.piles[player] if p[0] is not None]
    return cards


def sides(deal: VariantDeal, player: int) -> tuple[Side, Side, list[Card]]:
    """Declaring ``player``'s side and the other side as the player sees them before the play, and the
    cards the player has not seen (the pool the unseen cards come from)."""
    rules = deal.rules
    mine = own_cards(deal, player)
    seen = set(mine)
    if rules.dealing == "booby":
        own_discards = [c for p, a in deal.actions if p == player and a.kind == "discard" for c in a.cards()]
        seen |= set(own_discards)
        me = Side((*mine, *own_discards), 13 - len(own_discards), BOOBY_UNSEEN_WEIGHT)
        them = Side((), 26)
    elif rules.dealing == "dummies":
        open_dummy = tuple(deal.hands[2])
        seen |= set(open_dummy)
        closed_on_average = 13 * (40 - hcp(mine) - hcp(open_dummy)) / 26
        if strength(open_dummy) >= closed_on_average:
            me, them = Side((*mine, *open_dummy), 0), Side((), 26)
        else:
            me, them = Side(tuple(mine), 13), Side(open_dummy, 13)
    elif rules.dealing == "table":
        theirs = tuple(p[0] for p in deal.piles[1 - player] if p[0] is not None)
        seen |= set(theirs)
        me = Side(tuple(mine), 26 - len(mine))
        them = Side(theirs, 26 - len(theirs))
    else:
        each = held_in_play(rules)
        me = Side(tuple(mine), each - len(mine))
        them = Side((), each)
    pool = [c for c in pack_of(rules) if c not in seen]
    return me, them, pool


def held_in_play(rules: VariantRules) -> int:
    """The cards each player holds for the play: the pack shared out (Sholem's 16 come in three rounds),
    but in Nullo the 13 dealt, one for each trick, the rest being the stock that nobody plays."""
    return rules.tricks if rules.dealing == "stock" else rules.pack // rules.players


def strength(cards: Sequence[Card]) -> float:
    return hcp(cards) + 0.5 * sum(max(0, sum(1 for c in cards if c.suit == s) - 4) for s in SUITS)


def estimate(deal: VariantDeal, player: int) -> dict[str, float]:
    """Tricks ``player`` expects to take as declarer in each strain of the variant."""
    rules = deal.rules
    me, them, pool = sides(deal, player)
    per_card = hcp(pool) / len(pool) if pool else 0.0

    def points(side: Side) -> float:
        return hcp(side.known) + side.unseen * per_card * side.weight

    def length(side: Side, suit: Suit) -> float:
        share = sum(1 for c in pool if c.suit == suit) / len(pool) if pool else 0.0
        return sum(1 for c in side.known if c.suit == suit) + side.unseen * share

    mine, theirs = points(me), points(them)
    share = mine / (mine + theirs) if mine + theirs else 0.5
    total = rules.tricks
    at_notrump, in_a_suit = TRICK_SPREAD.get(rules.name, (1.0, 1.0))

    def spread_out(tricks: float, spread: float) -> float:
        return total / 2 + spread * (tricks - total / 2)
    tricks: dict[str, float] = {}
    for strain in rules.strains:
        if strain == "N0":
            longest = max(sum(1 for c in me.known if c.suit == s) for s in SUITS)
            flat = max(0.0, longest - len(me.known) / 4 - 1)
            tricks[strain] = total * share + 0.5 * flat
        elif strain == "NT":
            tricks[strain] = spread_out(total * share, at_notrump)
        else:
            suit = Suit[strain]
            ours, other = length(me, suit), length(them, suit)
            fit = ours / (ours + other) if ours + other else 0.5
            tricks[strain] = spread_out(total * (0.6 * share + 0.4 * fit), in_a_suit)
    return tricks


def highest_safe(rules: VariantRules, strain: str, tricks: float) -> int:
    """The highest level the estimate makes safe in ``strain`` (0 when none)."""
    if strain == "N0":
        level = int(rules.tricks - rules.book - tricks - MARGIN)
    else:
        level = int(tricks - MARGIN) - rules.book
    return max(0, min(level, rules.max_level))


def choose_call(deal: VariantDeal, player: int) -> Action:
    """A call by simple rules: in the strain that is safe highest, the bid of the level the estimate makes
    safe, at once (no partner will raise a cheaper bid; in `CHEAPEST_BID`'s variants, the cheapest); a
    double when the opponents' contract looks two tricks beyond them, else pass (or, when pass is not
    allowed, the cheapest bid in the most promising strain)."""
    rules, legal = deal.rules, deal.legal_calls()
    tricks = estimate(deal, player)
    safe = {s: highest_safe(rules, s, t) for s, t in tricks.items()}
    bids = [c for c in legal if c not in (PASS, DOUBLE, "XX")]
    affordable = [c for c in bids if bid_parts(c)[0] <= safe[bid_parts(c)[1]]]
    if affordable:
        best = max(safe, key=lambda s: (safe[s], tricks[s]))
        in_best = [c for c in affordable if bid_parts(c)[1] == best]
        jump = in_best[:1] if rules.name in CHEAPEST_BID else in_best[-1:]
        return Action("call", (jump or affordable)[0])
    if DOUBLE in legal and deal.auction:
        bid = next(c for _, c in reversed(deal.auction) if c not in (PASS, DOUBLE, "XX"))
        level, strain = bid_parts(bid)
        theirs = rules.tricks - tricks[strain]
        beyond = theirs - rules.nullo_limit(level) if strain == "N0" else rules.book + level - theirs
        if beyond >= DOUBLE_MARGIN:
            return Action("call", DOUBLE)
    if PASS in legal:
        return Action("call", PASS)
    return Action("call", min(bids, key=lambda c: (-(tricks[bid_parts(c)[1]]), deal.ladder(c))))


def choose_selection(deal: VariantDeal, player: int) -> Action:
    """Discards to the booby (the four lowest cards), an exchange with the stock (low cards of the short
    suits when aiming high, high cards when aiming at nullo) or Sholem's reserve (declarer in nullo keeps
    the three lowest back, everyone else the three highest, trumps first)."""
    choice = deal.choice()
    assert choice is not None
    kind, low, high, cards = choice
    by_rank = sorted(cards, key=lambda c: (c.rank, -len([d for d in cards if d.suit == c.suit])))
    if kind == "discard":
        chosen = by_rank[:low]
    elif kind == "reserve":
        contract = deal.contract
        assert contract is not None
        if contract.is_nullo and player == deal.declarer:
            chosen = by_rank[:low]
        else:
            trump = deal.rules.trump(contract.strain)
            chosen = sorted(cards, key=lambda c: (c.suit.name == trump, c.rank), reverse=True)[:low]
    else:
        points = hcp(cards)
        longest = max(SUITS, key=lambda s: sum(1 for c in cards if c.suit == s))
        if points >= 11:
            chosen = [c for c in by_rank if c.rank < 10 and c.suit != longest]
        elif points <= 7 and deal.rules.has_nullo:
            chosen = [c for c in by_rank if c.rank >= 12]
        else:
            chosen = []
        chosen = chosen[:high]
    return Action(kind, tuple(str(c) for c in chosen))


def choose_dummy(deal: VariantDeal, player: int) -> Action:
    """Bridge for two: the open dummy when it is worth more than the closed one is on average."""
    contract = deal.contract
    assert contract is not None
    open_dummy = deal.hands[2]
    trump = deal.rules.trump(contract.strain)
    value = strength(open_dummy) + sum(1 for c in open_dummy if c.suit.name == trump)
    unseen = [c for c in pack_of(deal.rules) if c not in set(deal.hands[player]) | set(open_dummy)]
    average = (strength(unseen) + sum(1 for c in unseen if c.suit.name == trump)) / 2
    return Action("choose_dummy", "open" if value >= average else "closed")
