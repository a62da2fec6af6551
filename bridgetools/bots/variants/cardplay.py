"""The computer's card play in the variants. A heuristic player for every variant (win cheaply with a
master, third hand high, low when the side is already winning; in nullo everyone ducks under the winning
card and throws the highest), and for Booby and Bridge for two (four hands of 13) Monte Carlo over layouts
of the unseen cards solved double dummy once few cards are left (``bt.dd_solve``; DDS has no misère mode,
so nullo contracts stay heuristic; without the ``dd`` extra the heuristic plays throughout)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bridgetools.model import Card, Deal, Hand, Rank, Seat, Strain, Suit
from bridgetools.rules.variants import VariantDeal
from bridgetools.rules.variants.deal import winning_index

DD_FROM = 9
"""Double dummy from the trick where each hand holds at most this many cards (earlier it is too slow)."""
SAMPLES = 8
"""Layouts of the unseen cards per decision."""


def played_cards(deal: VariantDeal) -> set[Card]:
    return {c for trick in (*deal.tricks, deal.trick) for _, _, c in trick}


def is_master(card: Card, deal: VariantDeal, mine: Sequence[Card]) -> bool:
    """Whether no card of the suit above ``card`` is left outside the player's own cards."""
    gone = played_cards(deal) | set(mine)
    return all(Card(card.suit, Rank(r)) in gone for r in range(card.rank + 1, 15))


def heuristic_card(deal: VariantDeal) -> Card:
    """A card for the player to act by rules of thumb (any variant)."""
    legal = deal.legal_cards()
    if len(legal) == 1:
        return legal[0]
    contract, player = deal.contract, deal.to_act
    assert contract is not None and player is not None
    seat = deal.seat_to_play()
    mine = [c for h in seat.hands for c in deal.hands[h]]
    trump = deal.rules.trump(contract.strain)
    trick = [c for _, _, c in deal.trick]
    last = len(trick) == len(deal.slots()) - 1
    if contract.is_nullo:
        return _duck(legal, trick, last)
    if not trick:
        return _lead(deal, legal, mine, trump, player == deal.declarer)
    win = winning_index(trick, trump)
    ally = (deal.trick[win][0] == deal.declarer) == (player == deal.declarer)

    def beats(card: Card) -> bool:
        return winning_index([*trick, card], trump) == len(trick)

    winners = [c for c in legal if beats(c)]
    if (ally and (last or is_master(trick[win], deal, mine))) or not winners:
        return _lowest(legal, trump)
    if last:
        return min(winners, key=lambda c: (c.suit.name == trump, c.rank))
    masters = [c for c in winners if is_master(c, deal, mine)]
    if masters:
        return min(masters, key=lambda c: (c.suit.name == trump, c.rank))
    return max(winners, key=lambda c: (c.suit.name != trump, c.rank))


def _lowest(legal: Sequence[Card], trump: str | None) -> Card:
    """The cheapest card to give up: a low card, not a trump, from a short suit."""
    return min(legal, key=lambda c: (c.suit.name == trump, c.rank, sum(1 for d in legal if d.suit == c.suit)))


def _lead(deal: VariantDeal, legal: Sequence[Card], mine: Sequence[Card], trump: str | None,
          declarer: bool) -> Card:
    masters = [c for c in legal if is_master(c, deal, mine)]
    if declarer and trump is not None:
        trump_masters = [c for c in masters if c.suit.name == trump]
        if trump_masters:
            return trump_masters[0]
    side_masters = [c for c in masters if c.suit.name != trump]
    if side_masters:
        return max(side_masters, key=lambda c: c.rank)
    longest = max(Suit, key=lambda s: (s.name != trump, sum(1 for c in legal if c.suit == s)))
    return min((c for c in legal if c.suit == longest), key=lambda c: c.rank, default=legal[0])


def _duck(legal: Sequence[Card], trick: Sequence[Card], last: bool) -> Card:
    """Nullo: play under the winning card if possible, else get rid of the highest card."""
    if not trick:
        return min(legal, key=lambda c: c.rank)
    top = trick[winning_index(trick, None)]
    if legal[0].suit != trick[0].suit:
        return max(legal, key=lambda c: c.rank)
    under = [c for c in legal if c.rank < top.rank]
    if under:
        return max(under, key=lambda c: c.rank)
    return max(legal, key=lambda c: c.rank) if last else min(legal, key=lambda c: c.rank)


def _voids(deal: VariantDeal) -> dict[int, set[Suit]]:
    """The suits each hand has shown out of."""
    voids: dict[int, set[Suit]] = {}
    for trick in (*deal.tricks, deal.trick):
        if not trick:
            continue
        led = trick[0][2].suit
        for _, hand, card in trick:
            if hand is not None and card.suit != led:
                voids.setdefault(hand, set()).add(led)
    return voids


def sample_layout(deal: VariantDeal, player: int, rng: random.Random) -> list[list[Card]] | None:
    """The four hands of the play's seats with the unseen cards dealt at random (respecting the suits a
    hand has shown out of); None when no such layout was found."""
    hands = [deal.hands[s.hands[0]] for s in deal.ring]
    seen = [deal.visible(s.hands[0], player) for s in deal.ring]
    unseen = [c for i, h in enumerate(hands) if not seen[i] for c in h]
    voids = _voids(deal)
    for _ in range(20):
        rng.shuffle(unseen)
        layout = [list(h) if seen[i] else [] for i, h in enumerate(hands)]
        ok = True
        for card in unseen:
            room = [i for i, h in enumerate(hands) if not seen[i] and len(layout[i]) < len(h)
                    and card.suit not in voids.get(deal.ring[i].hands[0], set())]
            if not room:
                ok = False
                break
            layout[rng.choice(room)].append(card)
        if ok:
            return layout
    return None


def dd_card(deal: VariantDeal, samples: int, rng: random.Random) -> Card | None:
    """The card that takes most tricks for the side over ``samples`` layouts solved double dummy, or None
    when double dummy does not apply (nullo, a two-card trick, too many cards left, no dd extra)."""
    contract, player = deal.contract, deal.to_act
    if contract is None or player is None or contract.is_nullo or len(deal.ring) != 4 \
            or len(deal.legal_cards()) < 2:
        return None
    if max(len(deal.hands[s.hands[0]]) for s in deal.ring) > DD_FROM:
        return None
    from bridgetools.bots.play import dd_available

    if not dd_available():
        return None
    from bridgetools.dd import Position, dd_solve

    strain = Strain.parse(contract.strain)
    leader = Seat(deal.slots()[0])
    trick = tuple(c for _, _, c in deal.trick)
    hidden = sum(1 for s in deal.ring if not deal.visible(s.hands[0], player))
    totals: dict[Card, int] = {}
    for _ in range(samples if hidden > 1 else 1):  # one hand unseen: its cards are known, one solve is exact
        layout = sample_layout(deal, player, rng)
        if layout is None:
            continue
        tricks = dd_solve(Position(Deal([Hand.from_cards(h) for h in layout]), strain, leader, trick))
        for card, n in tricks.items():
            totals[card] = totals.get(card, 0) + n
    if not totals:
        return None
    best = max(totals.values())
    return min((c for c, n in totals.items() if n == best), key=lambda c: c.rank)
