"""Card play by the rules of thumb every player learns, for when no double-dummy solver is installed.

Second hand low, third hand high (the lowest of equal cards), cover an honour with an honour, win as
cheaply as possible, return partner's suit, draw trumps and cash winners as declarer, and the opening
lead from a table (partner's suit, top of a sequence, fourth best). It looks only at what its seat may
see (`View`): its own hand, dummy once faced, and the cards played.
"""

from __future__ import annotations

from collections.abc import Iterable

from bridgetools.bots.given import given_turn
from bridgetools.bots.sampling import View
from bridgetools.model import Bid, Card, Contract, Hand, Rank, Seat, Suit
from bridgetools.rules import Auction, Play

__all__ = ["HeuristicPlayer", "equal_floor", "equal_top", "lead_order", "partner_suits"]


def partner_suits(auction: Auction | None, seat: Seat) -> set[Suit]:
    """The suits ``seat``'s partner bid (natural or not: a lead director is the best guess we have)."""
    if auction is None:
        return set()
    suits: set[Suit] = set()
    for i, call in enumerate(auction.calls):
        if isinstance(call, Bid) and auction.seat_of(i) == seat.partner and call.strain.suit is not None:
            suits.add(call.strain.suit)
    return suits


def _lead_from(cards: list[Card], long_lead: bool) -> Card:
    """The card to lead from a suit (``cards`` highest first): top of touching honours, top of a
    doubleton, else fourth best (``long_lead``, four or more cards) or the lowest."""
    if len(cards) <= 2:
        return cards[0]
    if cards[0].rank >= Rank.TEN and cards[0].rank - cards[1].rank == 1:
        return cards[0]
    if long_lead and len(cards) >= 4:
        return cards[3]
    return cards[-1]


def lead_order(hand: Hand, contract: Contract, partner: Iterable[Suit] = ()) -> list[Card]:
    """Opening leads from ``hand`` against ``contract``, best first, one card per suit: partner's
    suit, then a sequence, fourth best from length against notrump, a short suit against a trump
    contract; never an ace underled against a suit contract when another suit will do."""
    trump = contract.strain.suit if contract.strain is not None else None
    partner = set(partner)
    scored: list[tuple[int, int, Card]] = []
    for suit in Suit:
        cards = hand.cards_in(suit)
        if not cards:
            continue
        card = _lead_from(cards, long_lead=True)
        ranks = [c.rank for c in cards]
        worth = 0
        if suit in partner:
            worth += 100
            card = cards[0] if len(cards) <= 2 or ranks[0] < Rank.JACK else card
        if len(cards) >= 2 and ranks[0] >= Rank.TEN and ranks[0] - ranks[1] == 1:
            worth += 40 if len(cards) >= 3 and ranks[1] - ranks[2] == 1 else 30
        if trump is None:
            worth += 6 * len(cards)
        else:
            if suit == trump:
                worth -= 30
            elif len(cards) == 1:
                worth += 15
            if ranks[0] == Rank.ACE and card.rank != Rank.ACE:
                worth -= 40
            if ranks[0] == Rank.ACE and len(cards) >= 2 and ranks[1] == Rank.KING:
                worth += 20
        if card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK) and Card(suit, Rank(card.rank - 1)) not in hand:
            worth -= 25  # an unsupported honour
        scored.append((-worth, card.rank, card))
    return [c for _, _, c in sorted(scored)]


def equal_floor(card: Card, hand: Hand, quitted: Hand) -> Card:
    """The lowest card of ``hand`` equal to ``card``: ranks between them are ours or ``quitted`` (in completed
    tricks). A card in the trick in progress keeps them apart: with the king led, the ace wins the trick
    and the queen does not (dummy's ace overtaking declarer's king to unblock)."""
    return _equal_end(card, hand, quitted, -1)


def equal_top(card: Card, hand: Hand, quitted: Hand) -> Card:
    """The highest card of ``hand`` equal to ``card`` (as `equal_floor`): the top of its sequence."""
    return _equal_end(card, hand, quitted, 1)


def _equal_end(card: Card, hand: Hand, quitted: Hand, step: int) -> Card:
    end = card
    rank = card.rank + step
    while Rank.TWO <= rank <= Rank.ACE:
        other = Card(card.suit, Rank(rank))
        if other in hand:
            end = other
        elif other not in quitted:
            break
        rank += step
    return end


class HeuristicPlayer:
    """Plays by the rules of thumb (see the module docstring); deterministic, and fast."""

    def card(self, play: Play, seat: Seat | None = None, *, auction: Auction | None = None) -> Card:
        """The card to play now for the seat in turn (``seat`` is checked against it when given)."""
        mover = given_turn(play, seat, auction)
        view = View.of_play(play, mover)
        legal = play.legal_cards()
        if len(legal) == 1:
            return legal[0]
        return _Choice(play, view, legal, auction).choose()


class _Choice:
    """One decision: the position as the player sees it and the rules applied in order."""

    def __init__(self, play: Play, view: View, legal: list[Card], auction: Auction | None) -> None:
        self.play, self.view, self.legal, self.auction = play, view, legal, auction
        self.mover = play.turn
        self.trump = play.trump
        self.played = view.played_cards
        known = view.known()
        self.hand = Hand(known[self.mover].mask & ~self.played.mask)
        self.declaring = self.mover in (play.declarer, play.dummy)
        self.unseen = view.unseen()
        self.trick = play.current_trick

    # What the player can tell ------------------------------------------------------------------
    def others_may_hold(self) -> Hand:
        """Cards the opponents (or, for a defender, partner) may hold: unseen, plus dummy's when the
        mover is a defender."""
        mask = self.unseen.mask
        if not self.declaring and self.view.dummy is not None:
            mask |= self.view.dummy.mask & ~self.played.mask
        return Hand(mask)

    def is_master(self, card: Card) -> bool:
        """No card the others may hold beats ``card`` in its suit."""
        higher = self.others_may_hold().holding(card.suit) >> (card.rank - 1)
        return higher == 0

    def lowest(self, cards: list[Card]) -> Card:
        """The least useful card: not a trump, not a winner, lowest."""
        return min(cards, key=lambda c: (c.suit == self.trump, self.is_master(c), c.rank, c.suit))

    def cheapest_winner(self, beat: Card, led: Suit) -> Card | None:
        """Our lowest legal card that beats ``beat`` in a trick led in ``led``."""
        wins = [c for c in self.legal if _beats(c, beat, led, self.trump)]
        return min(wins, key=lambda c: (c.suit == self.trump, c.rank)) if wins else None

    # Rules -------------------------------------------------------------------------------------
    def choose(self) -> Card:
        cards = self.trick.cards
        if not cards:
            return self.lead()
        led = cards[0].suit
        winner_index = max(range(len(cards)), key=lambda i: _strength(cards[i], led, self.trump))
        winning = cards[winner_index]
        partner_winning = (len(cards) - winner_index) % 2 == 0
        following = self.legal[0].suit == led
        if len(cards) == 1:
            return self.second_hand(winning, led, following)
        if len(cards) == 2:
            return self.third_hand(winning, led, following, partner_winning)
        return self.fourth_hand(winning, led, partner_winning)

    def second_hand(self, led_card: Card, led: Suit, following: bool) -> Card:
        """Second hand low, but cover an honour with an honour."""
        if following:
            if led_card.rank >= Rank.JACK:
                cover = self.cheapest_winner(led_card, led)
                if cover is not None and cover.rank >= Rank.JACK:
                    return cover
            return min(self.legal, key=lambda c: c.rank)
        if self.trump is not None and (self.is_master(led_card) or led_card.rank >= Rank.QUEEN):
            ruff = self.cheapest_winner(led_card, led)
            if ruff is not None:
                return ruff
        return self.lowest(self.legal)

    def third_hand(self, winning: Card, led: Suit, following: bool, partner_winning: bool) -> Card:
        """Third hand high (the lowest of equal top cards) unless partner's card already wins."""
        if partner_winning and self.is_master(winning):
            return self.lowest(self.legal)
        if following:
            top = max(self.legal, key=lambda c: c.rank)
            if _beats(top, winning, led, self.trump):
                return equal_floor(top, self.hand, self.view.quitted_cards)
            return min(self.legal, key=lambda c: c.rank)
        if not partner_winning:
            ruff = self.cheapest_winner(winning, led)
            if ruff is not None:
                return ruff
        return self.lowest(self.legal)

    def fourth_hand(self, winning: Card, led: Suit, partner_winning: bool) -> Card:
        """Fourth hand wins as cheaply as possible, or plays low when partner has the trick."""
        if not partner_winning:
            win = self.cheapest_winner(winning, led)
            if win is not None:
                return win
        if self.legal[0].suit == led:
            return min(self.legal, key=lambda c: c.rank)
        return self.lowest(self.legal)

    def lead(self) -> Card:
        if not self.play.cards:
            order = lead_order(self.hand, self.play.contract, partner_suits(self.auction, self.mover))
            return order[0]
        return self.declarer_lead() if self.declaring else self.defender_lead()

    def declarer_lead(self) -> Card:
        """Draw trumps while the opponents have some and we hold the top one; then cash winners; then
        lead low from our longest suit."""
        trump = self.trump
        if trump is not None and self.unseen.length(trump) > 0:
            masters = [c for c in self.legal if c.suit == trump and self.is_master(c)]
            if masters:
                return max(masters, key=lambda c: c.rank)
        if trump is None or self.unseen.length(trump) == 0:
            winners = [c for c in self.legal if self.is_master(c) and c.suit != trump]
            if winners:
                return max(winners, key=lambda c: (self.hand.length(c.suit), c.rank))
        side = [c for c in self.legal if c.suit != trump] or self.legal
        longest = max({c.suit for c in side}, key=lambda s: (self.hand.length(s), s))
        return min((c for c in side if c.suit == longest), key=lambda c: c.rank)

    def defender_lead(self) -> Card:
        """Return partner's suit (top of two, else low), else cash a winner the opponents cannot ruff
        in dummy, else lead as at trick one."""
        partner = self.mover.partner
        for trick in reversed(self.play.completed_tricks):
            if trick.leader == partner:
                cards = self.hand.cards_in(trick.cards[0].suit)
                if cards:
                    return cards[0] if len(cards) <= 2 else cards[-1]
        dummy = self.view.dummy
        dummy_left = Hand(dummy.mask & ~self.played.mask) if dummy is not None else Hand()
        for card in sorted(self.legal, key=lambda c: -c.rank):
            safe = self.trump is None or dummy_left.length(card.suit) > 0
            if card.suit != self.trump and safe and self.is_master(card):
                return card
        return lead_order(self.hand, self.play.contract)[0]


def _strength(card: Card, led: Suit, trump: Suit | None) -> int:
    if trump is not None and card.suit == trump:
        return 100 + card.rank
    return card.rank if card.suit == led else 0


def _beats(card: Card, other: Card, led: Suit, trump: Suit | None) -> bool:
    return _strength(card, led, trump) > _strength(other, led, trump)
