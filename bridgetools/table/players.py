"""The players at the table: the computer players of `bridgetools.bots` (`computer_players`, what
`bridgetools play` seats), and a simple player that always acts legally (opens and raises by points and
length, plays the lowest card that does the job), which keeps the table's tests fast and repeatable."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

from bridgetools.model.calls import PASS, Annotation, Bid, Call
from bridgetools.model.cards import Card, Seat, Strain, Suit, Vul
from bridgetools.model.hand import Deal, Hand
from bridgetools.rules.auction import Auction
from bridgetools.rules.play import Play, trick_winner
from bridgetools.table.game import HUMAN, CardView, Player

if TYPE_CHECKING:
    from bridgetools.bots.meaning import Meaning

CALL_BUDGET = 2.0
"""Seconds a computer's judged call may spend on its double-dummy layouts at the table (unbounded, a
game decision under load took up to 30 s; the card player has `CARD_BUDGET` a card)."""
CARD_BUDGET = 1.0
"""Seconds a computer's card may spend on its double-dummy layouts at the table (fewer of `CARD_SAMPLES`
when short of time)."""
SEEDED_CEILING = 10.0
"""Seconds a seeded deal's computer call or card may spend at most (`computer_players`): far more than a
decision takes (a card about 0.1 s, a judged call under 2 s), so the seed replays the deal, but a bound on
a slow or overloaded machine, where without it one decision took as long as it liked (any client may ask
for a seeded deal)."""
CARD_SAMPLES = 20
"""Layouts a computer player solves for each card, as `autoplay` by default."""


class SimplePlayer:
    """Opens its longest suit with 12+ points (1NT with a balanced 15-17), raises partner's suit with
    three-card support and 8+ points, otherwise passes; in the play, wins as cheaply as it can unless
    partner is already winning, and leads its longest suit."""

    def call(self, auction: Auction, hand: Hand, seat: Seat, vulnerability: Vul = Vul.NONE) -> Call:
        bids = [(auction.seat_of(i), c) for i, c in enumerate(auction.calls) if isinstance(c, Bid)]
        points = hand.hcp
        longest = max(Suit, key=lambda s: (hand.length(s), s))
        wanted: Bid | None = None
        if not bids and points >= 12:
            balanced = sorted(hand.shape)[0] >= 2 and sorted(hand.shape)[1] >= 3
            wanted = Bid(1, Strain.NT) if balanced and 15 <= points <= 17 else Bid(1, longest.strain)
        elif bids and bids[-1][0] == seat.partner and points >= 8:
            strain = bids[-1][1].strain
            if strain.suit is not None and hand.length(strain.suit) >= 3 and bids[-1][1].level < 4:
                wanted = Bid(bids[-1][1].level + 1, strain)
        if wanted is not None and auction.is_legal(wanted):
            return wanted
        return PASS

    def card(self, view: CardView) -> Card:
        legal = sorted(view.legal, key=lambda c: c.rank)
        trick = view.current
        if not trick.cards:
            hand = view.hands[view.seat]
            suit = max({c.suit for c in legal}, key=lambda s: (hand.length(s), s))
            return min((c for c in legal if c.suit == suit), key=lambda c: c.rank)
        trump = view.contract.strain.suit if view.contract.strain is not None else None
        winner = trick_winner(trick.leader, trick.cards, trump)
        if winner == view.seat.partner:
            return _cheapest(legal, trump)
        for card in sorted(legal, key=lambda c: (c.suit == trump, c.rank)):
            if trick_winner(trick.leader, (*trick.cards, card), trump) == view.seat:
                return card
        return _cheapest(legal, trump)

    def explain(self, auction: Auction, call: Call, vulnerability: Vul = Vul.NONE) -> str:
        return _meaning(auction, call) or "no explanation (this simple player has nothing more to say)"

    def annotate(self, auction: Auction, call: Call, hand: Hand, vulnerability: Vul = Vul.NONE,
                 assumed: bool = False) -> Annotation | None:
        """A bid's explanation, never an alert: this player's bids are all natural; None for a pass and
        for a call its rules never make (an overcall, a new suit, a jump), which it cannot explain."""
        meaning = _meaning(auction, call)
        return Annotation(explanation=meaning) if meaning is not None else None


def _meaning(auction: Auction, call: Call) -> str | None:
    """What ``call``, made next in ``auction``, means by the simple player's rules: an opening (its longest
    suit, or 1NT balanced 15-17) or a raise of partner's last bid suit one level up; None for any other
    call, which those rules never make."""
    if not isinstance(call, Bid):
        return None
    bids = [(auction.seat_of(i), c) for i, c in enumerate(auction.calls) if isinstance(c, Bid)]
    if not bids:
        if call == Bid(1, Strain.NT):
            return "a balanced hand of 15 to 17 points"
        if call.level == 1:
            return "an opening bid, 12 or more points, the longest suit"
        return None
    bidder, last = bids[-1]
    if (bidder == auction.turn.partner and last.strain.suit is not None and last.level < 4
            and call == Bid(last.level + 1, last.strain)):
        return "a raise of partner's suit, 8 or more points and three-card support"
    return None


def _cheapest(legal: list[Card], trump: Suit | None) -> Card:
    """The least useful card: the lowest non-trump if there is one."""
    return min(legal, key=lambda c: (c.suit == trump, c.rank))


def simple_players(seed: int | None = None) -> Mapping[Seat, Player]:
    """A simple player in each of the computer seats (North, East and West); it leaves nothing to chance,
    so ``seed`` is not used."""
    return {seat: SimplePlayer() for seat in Seat if seat is not HUMAN}


class ComputerPlayer:
    """The computer players of `bridgetools.bots` at the table: the rule-table bidder, which also explains
    its calls (its game and slam decisions judged by double-dummy simulation with ``judge`` and the ``dd``
    extra, by default as `default_bidder`'s, within `CALL_BUDGET` seconds a call), and the Monte Carlo
    double-dummy card player (the heuristic player without the ``dd`` extra). The card player sees only
    the view the table gives it: the cards it may see, the auction (it samples the unseen hands within
    what the calls showed) and the vulnerability (it plays for its side's score). Unless ``clocked`` is
    False it thinks within `CALL_BUDGET` and `CARD_BUDGET`, so that its calls and cards depend on the
    machine's speed; without those clocks ``seed`` gives the same calls and cards every time, unless a
    decision reaches `SEEDED_CEILING`, which only a slow or overloaded machine does."""

    def __init__(self, seed: int | None = None, judge: bool | None = None, clocked: bool = True) -> None:
        from bridgetools.bots import CardPlayer, default_bidder
        from bridgetools.bots.judgement import JUDGE_BY_DEFAULT

        self.bidder = default_bidder(JUDGE_BY_DEFAULT if judge is None else judge,
                                     budget=CALL_BUDGET if clocked else SEEDED_CEILING)
        self.card_player = CardPlayer(seed=seed, samples=CARD_SAMPLES,
                                      budget=CARD_BUDGET if clocked else SEEDED_CEILING)
        self._made: dict[tuple[Seat, tuple[Call, ...], Call], tuple[Hand, Meaning | None]] = {}
        """The calls it made this deal, passes too, by dealer, calls before and call, with the hand and
        the meaning that chose each (`Bidder.choose`): their explanation and note tell that meaning."""
        self.clocked = clocked
        self.ceiling_reached = False
        """Whether its last call or card, a seeded player's (not ``clocked``), reached `SEEDED_CEILING`:
        a card whose layouts the ceiling cut short, a call that took the ceiling's seconds (a judged call
        stops its searches there). A replay of the seed may then differ; the table's record says so."""

    def call(self, auction: Auction, hand: Hand, seat: Seat, vulnerability: Vul = Vul.NONE) -> Call:
        started = time.perf_counter()
        call, chosen = self.bidder.choose(auction, hand, vulnerability)
        self.ceiling_reached = not self.clocked and time.perf_counter() - started >= SEEDED_CEILING
        calls = tuple(auction.calls)
        self._made = {key: made for key, made in self._made.items()  # another deal's calls forgotten
                      if key[0] is auction.dealer and calls[:len(key[1])] == key[1]}
        self._made[_made_key(auction, call)] = (hand, chosen)
        return call

    def card(self, view: CardView) -> Card:
        self.card_player.vulnerability = view.vulnerability
        card = self.card_player.card(_play_of(view), view.seat, auction=view.auction)
        self.ceiling_reached = not self.clocked and self.card_player.cut_short
        return card

    def explain(self, auction: Auction, call: Call, vulnerability: Vul = Vul.NONE) -> str:
        """A call of its own this deal by the meaning that chose it (the fallback's "longest suit, forced",
        the judge's pass: what the hand that made it holds); another's call (South's) by `brief`."""
        from bridgetools.bots.bidder import with_what_was_shown

        explanation = self.bidder.explain(auction, call, vulnerability)
        made = self._made.get(_made_key(auction, call))
        text = explanation.brief if made is None or made[1] is None else explanation.note(chosen=made[1])
        return with_what_was_shown(self.bidder, auction, call, vulnerability, text)

    def annotate(self, auction: Auction, call: Call, hand: Hand, vulnerability: Vul = Vul.NONE,
                 assumed: bool = False) -> Annotation | None:
        """As `bridgetools bid` and autoplay annotate the call (`call_annotation`): one rule of what is
        alerted, the same explanation in the record."""
        from bridgetools.bots.bidder import call_annotation

        made = self._made.get(_made_key(auction, call))
        chosen = made[1] if made is not None and made[0] == hand else None
        return call_annotation(self.bidder, auction, call, hand, vulnerability, assumed, chosen)


def _made_key(auction: Auction, call: Call) -> tuple[Seat, tuple[Call, ...], Call]:
    """The key a computer player keeps the call it made by: dealer, the calls before it and the call."""
    return auction.dealer, tuple(auction.calls), call


def _play_of(view: CardView) -> Play:
    """A play holding only what ``view`` shows: the hands the player may see (as dealt: the cards still
    held and those they played), the others unknown, and every card played so far."""
    tricks = (*view.tricks, view.current)
    cards = [card for trick in tricks for card in trick.cards]
    played: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
    for trick in tricks:
        for i, card in enumerate(trick.cards):
            played[trick.seat_of(i)].append(card)
    hands = [view.hands[seat] | Hand.from_cards(played[seat]) if seat in view.hands else None
             for seat in Seat]
    return Play(Deal(hands), view.contract, view.declarer, cards)


def computer_players(seed: int | None = None, judge: bool | None = None) -> Mapping[Seat, Player]:
    """The computer players of `bridgetools.bots` in North, East and West (``judge`` as for
    `ComputerPlayer`). Those of a deal dealt from a ``seed`` are seeded from it and think without the
    table's clocks, so that the seed replays the whole deal, as `autoplay --seed` does, but within
    `SEEDED_CEILING` a decision; the others think within the table's time budgets (a random deal has
    nothing to replay)."""
    return {seat: ComputerPlayer(None if seed is None else seed + seat, judge, clocked=seed is None)
            for seat in Seat if seat is not HUMAN}
