"""One deal of a variant as a state machine: dealing, discards or exchanges, the auction (in rounds in
Sholem), the choice of dummy or reserve, the play of tricks and the score, all read from `VariantRules`.

A deal is fixed by its pack (the shuffled cards in dealing order) and the actions taken, so its record
(`VariantDeal.to_json`) is the pack and the actions, and `VariantDeal.from_json` replays them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Literal

from bridgetools.errors import BridgeError, IllegalCallError, IllegalPlayError
from bridgetools.model import Card, Rank, Suit
from bridgetools.rules.variants.actions import (
    DOUBLE,
    PASS,
    REDOUBLE,
    SELECTIONS,
    Action,
    VariantContract,
    bid_parts,
)
from bridgetools.rules.variants.rules import VariantRules, rules_of
from bridgetools.rules.variants.scoring import VariantResult, score_deal

PHASES = ("discard", "exchange", "bidding", "choose_dummy", "reserve", "play", "over")
SHOLEM_ROUNDS = (10, 2, 4)
"""Cards dealt to each player before each of Sholem's three rounds of bidding."""
CHINESE_HAND, CHINESE_PILES = 4, 11
Played = tuple[int, int | None, Card]
"""A card in a trick: the player who played it, the hand it came from (None: a Chinese table card)."""


def pack_of(rules: VariantRules) -> list[Card]:
    """The variant's pack in a fixed order: 52 cards, or 32 from the seven up."""
    low = Rank.TWO if rules.pack == 52 else Rank.SEVEN
    return [Card(suit, rank) for suit in Suit for rank in Rank if rank >= low]


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table in the play: the player who plays from it and the hands it plays from."""

    player: int
    hands: tuple[int, ...]


FaultKind = Literal["not_held", "other_hand", "follow_suit", "must_trump"]
"""Why a card may not be played: not held by the player, held in a hand that does not play now (Bridge for
two's own hand and dummy, Sholem's reserve), a revoke, or Chinese bridge's duty to trump broken."""


@dataclass(frozen=True, slots=True)
class PlayFault:
    """The rule a card would break, as data for whoever words it (the table says it to "you", a record's
    check to the player by name): ``led`` the suit led, ``trump`` the trump suit (``must_trump``),
    ``held_in`` and ``play_from`` the labels of the hand the card is in and of the hands that play now."""

    kind: FaultKind
    card: Card
    led: Suit | None = None
    trump: Suit | None = None
    held_in: str | None = None
    play_from: tuple[str, ...] = ()
    variant: str = ""

    def words(self, who: str, own: str = "") -> str:
        """The fault in a player's words, ``who`` doing it (``you``, ``Computer``); ``own`` names a hand
        of that player's (``your hand``: a hand labelled ``player N`` is the player's own)."""
        def hand(label: str) -> str:
            if label.startswith("player "):
                return own or f"{who}'s hand"
            if label.startswith("reserve of "):
                return "your reserve" if who == "you" else f"{who}'s reserve"
            return f"the {label}"
        if self.kind == "not_held":
            verb = "do not" if who == "you" else "does not"
            return f"{who} {verb} hold {self.card}"
        if self.kind == "other_hand":
            held = hand(self.held_in or "")
            later = ", played after the hands' tricks" if "reserve" in held else ""
            turn = " and ".join(map(hand, self.play_from))
            return f"{self.card} is in {held}{later}: it is the turn of {turn}"
        assert self.led is not None
        if self.kind == "follow_suit":
            return f"{who} must follow suit ({self.led.full_name})"
        assert self.trump is not None
        verb = "have" if who == "you" else "has"
        return (f"{who} {verb} no {self.led.full_name}: {self.variant} says play a trump "
                f"({self.trump.full_name}), from hand or table")


def new_deal(name: str, *, dealer: int = 0, seed: int | None = None,
             vulnerable: tuple[bool, ...] | None = None) -> VariantDeal:
    """A freshly shuffled deal of a variant (``seed`` makes it repeatable; without one a seed is drawn
    and recorded); ``vulnerable[i]`` says whether player i is vulnerable (from the rubber)."""
    rules = rules_of(name)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    pack = pack_of(rules)
    random.Random(seed).shuffle(pack)
    return VariantDeal(rules, pack, dealer=dealer, vulnerable=vulnerable, seed=seed)


class VariantDeal:
    """The mutable state of one deal of a variant; `legal_actions` and `act` move it on, `view` shows
    one player what they may see, `result` holds the score once the deal is over."""

    def __init__(self, rules: VariantRules, pack: Sequence[Card], *, dealer: int = 0,
                 vulnerable: tuple[bool, ...] | None = None, seed: int | None = None,
                 names: Sequence[str] | None = None) -> None:
        if sorted(pack) != sorted(pack_of(rules)):
            raise BridgeError(f"a pack for {rules.name} holds each of its {rules.pack} cards once")
        if not 0 <= dealer < rules.players:
            raise BridgeError(f"dealer is a player from 0 to {rules.players - 1}, not {dealer}")
        self.rules = rules
        self.players = rules.players
        self.dealer = dealer
        self.vulnerable = tuple(vulnerable) if vulnerable is not None else (False,) * rules.players
        if len(self.vulnerable) != rules.players:
            raise BridgeError(f"vulnerability is given for each of the {rules.players} players")
        self.seed = seed
        self.names = list(names) if names is not None else [f"player {i + 1}" for i in range(self.players)]
        self.pack = tuple(pack)
        self.actions: list[tuple[int, Action]] = []
        self.hands: list[list[Card]] = [[] for _ in rules.hands]
        self.owners: list[int | None] = [h.owner for h in rules.hands]
        self.face_up: list[bool] = [h.face_up for h in rules.hands]
        self.piles: list[list[list[Card | None]]] = [[] for _ in range(self.players)]
        """Chinese bridge: each player's table piles as [face-up card or None, face-down card or None]."""
        self.stock: list[Card] = []
        self.set_aside: list[Card] = []
        self.drawn: dict[int, list[Card]] = {}
        """Nullo: the cards each exchange drew from the stock, by the exchange's place in `actions`."""
        self.auction: list[tuple[int, str]] = []
        self.round = 1
        self._round_start = 0
        self.contract: VariantContract | None = None
        self.declarer: int | None = None
        self.ring: list[Seat] = []
        self.tricks: list[list[Played]] = []
        self.trick: list[Played] = []
        self.tricks_won = [0] * self.players
        self._leader = 0
        self._queue: list[int] = []
        self._holdings: list[tuple[int, list[Card]]] = []
        self.at_play: list[list[Card]] = []
        """Each hand's cards as the play began (a Chinese player's table cards with the hand): what the
        end of the deal shows, as the standard table shows the deal."""
        self.result: VariantResult | None = None
        self.phase = "bidding"
        self.to_act: int | None = dealer
        self._deal()

    # ----- dealing -----

    def _deal(self) -> None:
        rules, n = self.rules, self.players
        cards = iter(self.pack)
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        if rules.dealing == "booby":
            self._deal_round(cards, order, 17)
            self.hands[n].append(next(cards))
            self._start_selection("discard", order)
        elif rules.dealing == "stock":
            self._deal_round(cards, order, 13)
            self.stock = list(cards)
            self._start_selection("exchange", order)
        elif rules.dealing == "rounds":
            self.stock = list(cards)
            self._deal_sholem_round()
        elif rules.dealing == "table":
            self._deal_round(cards, order, CHINESE_HAND)
            for _ in range(CHINESE_PILES):
                for p in order:
                    down = next(cards)
                    self.piles[p].append([next(cards), down])
        else:
            for _ in range(13):
                for h in (*order, 2, 3):
                    self.hands[h].append(next(cards))

    def _deal_round(self, cards: Iterator[Card], order: Sequence[int], each: int) -> None:
        for _ in range(each):
            for p in order:
                self.hands[p].append(next(cards))

    def _deal_sholem_round(self) -> None:
        cards = iter(self.stock)
        self._deal_round(cards, [(self.dealer + 1 + i) % self.players for i in range(self.players)],
                         SHOLEM_ROUNDS[self.round - 1])
        self.stock = list(cards)

    def _start_selection(self, phase: str, queue: Sequence[int]) -> None:
        self.phase = phase
        self._queue = list(queue)
        self.to_act = self._queue[0]

    # ----- what may be done -----

    def choice(self) -> tuple[str, int, int, list[Card]] | None:
        """In a discard, exchange or reserve phase: the kind, the fewest and most cards to choose, and the
        cards to choose from; None in the other phases."""
        if self.phase not in SELECTIONS or self.to_act is None:
            return None
        own = sorted(self.hands[self.to_act])
        if self.phase == "discard":
            return ("discard", self.rules.discards, self.rules.discards, own)
        if self.phase == "reserve":
            return ("reserve", self.rules.reserve, self.rules.reserve, own)
        return ("exchange", 0, min(len(own), len(self.stock)), own)

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now (for discards, exchanges and reserves, every set of
        cards: see `choice` for the compact form)."""
        if self.to_act is None:
            return []
        if self.phase == "bidding":
            return [Action("call", c) for c in self.legal_calls()]
        if self.phase == "play":
            return [Action("card", str(c)) for c in self.legal_cards()]
        if self.phase == "choose_dummy":
            return [Action("choose_dummy", "open"), Action("choose_dummy", "closed")]
        choice = self.choice()
        assert choice is not None
        kind, low, high, cards = choice
        return [Action(kind, tuple(str(c) for c in chosen))
                for k in range(low, high + 1) for chosen in combinations(cards, k)]

    def _round_calls(self) -> list[tuple[int, str]]:
        return self.auction[self._round_start:]

    def _highest(self) -> tuple[int, int] | None:
        """The highest bid so far as (its index on the bidding ladder, the player who made it)."""
        bid = _last_bid(self.auction)
        return None if bid is None else (self.ladder(bid[1]), bid[0])

    def ladder(self, call: str) -> int:
        """A bid's step on the variant's bidding ladder (1C is 0; each strain of each level one step)."""
        level, strain = bid_parts(call)
        return (level - 1) * len(self.rules.strains) + self.rules.strains.index(strain)

    def legal_calls(self) -> list[str]:
        """The calls the player to act may make."""
        if self.phase != "bidding" or self.to_act is None:
            return []
        rules, player = self.rules, self.to_act
        highest = self._highest()
        calls = [] if highest is None and not rules.first_may_pass else [PASS]
        last = next(((p, c) for p, c in reversed(self.auction) if c != PASS), None)
        if last is not None and last[1] not in (DOUBLE, REDOUBLE) and last[0] != player:
            calls.append(DOUBLE)
        if last is not None and last[1] == DOUBLE and highest is not None and highest[1] == player:
            calls.append(REDOUBLE)
        start = 0 if highest is None else highest[0] + 1
        limited = rules.raise_limit is not None and self.round < rules.rounds and highest is not None
        for level in range(1, rules.max_level + 1):
            for strain in rules.strains:
                bid = f"{level}{strain}"
                step = self.ladder(bid)
                if step < start:
                    continue
                if limited and highest is not None and rules.raise_limit is not None \
                        and step - highest[0] > rules.raise_limit and level < rules.small_slam:
                    continue
                calls.append(bid)
        return calls

    def legal_cards(self) -> list[Card]:
        """The cards the player to act may play to the trick: follow suit if able and, where the variant
        has the duty, trump if unable to follow."""
        if self.phase != "play":
            return []
        playable = self._playable(self.seat_to_play())
        if self.trick:
            led = self.trick[0][2].suit
            follow = [c for c in playable if c.suit == led]
            if follow:
                return sorted(follow)
            assert self.contract is not None
            trump = self.rules.trump(self.contract.strain)
            if self.rules.duty_to_trump and trump is not None:
                trumps = [c for c in playable if c.suit.name == trump]
                if trumps:
                    return sorted(trumps)
        return sorted(playable)

    def why_illegal(self, card: Card | str) -> PlayFault | None:
        """The rule playing ``card`` (a `Card` or its string) now would break, or None when it is legal (in
        the play, for the player to act): the one reason `legal_cards` leaves it out."""
        if type(card) is not Card:
            card = Card.parse(card)
        if self.phase != "play" or card in self.legal_cards():
            return None
        seat = self.seat_to_play()
        title = self.rules.title.split(" (")[0]
        if card not in self._playable(seat):
            player = seat.player
            held = next((h for h, owner in enumerate(self.owners)
                         if owner == player and card in self.hands[h]), None)
            if held is None:
                return PlayFault("not_held", card, variant=title)
            return PlayFault("other_hand", card, held_in=self.rules.hands[held].label,
                             play_from=tuple(self.rules.hands[h].label for h in seat.hands), variant=title)
        led = self.trick[0][2].suit
        assert self.contract is not None
        trump = self.rules.trump(self.contract.strain)
        if any(c.suit == led for c in self._playable(seat)) or trump is None:
            return PlayFault("follow_suit", card, led=led, variant=title)
        return PlayFault("must_trump", card, led=led, trump=Suit.parse(trump), variant=title)

    def _playable(self, seat: Seat) -> list[Card]:
        cards = [c for h in seat.hands for c in self.hands[h]]
        if self.rules.dealing == "table":
            cards += [pile[0] for pile in self.piles[seat.player] if pile[0] is not None]
        return cards

    def slots(self) -> list[int]:
        """The seats that play to the current trick, in order."""
        size = len(self.ring)
        seats = [(self._leader + k) % size for k in range(size)]
        if self._first_stage():
            return [s for s in seats for _ in range(self.rules.cards_per_trick)]
        return seats

    def _first_stage(self) -> bool:
        return self.rules.cards_per_trick > 1 and len(self.tricks) < self.first_stage_tricks

    @property
    def first_stage_tricks(self) -> int:
        """Tricks played before the reserves come in (Sholem: 6 tricks of 4 cards from hands of 13)."""
        hand = self.rules.pack // self.players - self.rules.reserve
        return hand // self.rules.cards_per_trick

    def seat_to_play(self) -> Seat:
        """The seat whose card is next in the trick, with the hands it may play from now."""
        seat = self.ring[self.slots()[len(self.trick)]]
        if self.rules.reserve and not self._first_stage():
            return Seat(seat.player, (seat.player, self.players + seat.player))
        return seat

    # ----- acting -----

    def act(self, action: Action) -> None:
        """Take ``action`` for the player to act; an illegal one raises and changes nothing."""
        player = self.to_act
        if player is None:
            raise BridgeError("the deal is over: nothing more may be done")
        expected = {"bidding": "call", "play": "card"}.get(self.phase, self.phase)
        if action.kind != expected:
            raise BridgeError(f"now is the {self.phase} phase: expected a {expected}, not a {action.kind}")
        if action.kind == "call":
            assert isinstance(action.value, str)
            if action.value not in self.legal_calls():
                raise IllegalCallError(f"{self.names[player]} may not call {action.value} now "
                                       f"(legal: {' '.join(self.legal_calls())})")
            self._call(player, action.value)
        elif action.kind == "card":
            card = Card.parse(str(action.value))
            fault = self.why_illegal(card)
            if fault is not None:
                who = self.names[player]
                raise IllegalPlayError(f"{who} may not play {card} now: {fault.words(who)} "
                                       f"(legal: {' '.join(map(str, self.legal_cards()))})", fault)
            self._play(player, card)
        elif action.kind == "choose_dummy":
            self._choose_dummy(player, str(action.value))
        else:
            self._select(player, action)
        self.actions.append((player, action))

    def _select(self, player: int, action: Action) -> None:
        choice = self.choice()
        assert choice is not None
        _, low, high, own = choice
        chosen = action.cards()
        how = str(low) if low == high else f"{low} to {high}"
        unheld = list(dict.fromkeys(str(c) for c in chosen if c not in own))
        if unheld:
            name = self.names[player]
            verb = "do not" if name == "You" else "does not"
            raise BridgeError(f"{name} {verb} hold {', '.join(unheld)}: choose {how} different cards in hand "
                              f"for the {action.kind}")
        if len(set(chosen)) != len(chosen) or not low <= len(chosen) <= high:
            raise BridgeError(f"{self.names[player]} must choose {how} different cards in hand "
                              f"for the {action.kind}, not {', '.join(map(str, chosen)) or 'none'}")
        for card in chosen:
            self.hands[player].remove(card)
        if action.kind == "discard":
            self.hands[self.players].extend(chosen)
        elif action.kind == "exchange":
            self.set_aside.extend(chosen)
            self.drawn[len(self.actions)] = self.stock[: len(chosen)]
            self.hands[player].extend(self.stock[: len(chosen)])
            del self.stock[: len(chosen)]
        else:
            self.hands[self.players + player].extend(chosen)
        self._queue.pop(0)
        if self._queue:
            self.to_act = self._queue[0]
        elif action.kind == "reserve":
            self._start_play()
        else:
            self.phase, self.to_act = "bidding", self.dealer

    def _call(self, player: int, call: str) -> None:
        self.auction.append((player, call))
        calls = self._round_calls()
        bid_made = any(c != PASS for _, c in calls)
        ends = self.rules.passes_to_end
        closing = len(calls) > ends and all(c == PASS for _, c in calls[-ends:]) and bid_made
        if not (closing or (not bid_made and len(calls) == self.players)):
            self.to_act = (player + 1) % self.players
            return
        if self.round < self.rules.rounds:
            self.round += 1
            self._round_start = len(self.auction)
            self._deal_sholem_round()
            self.to_act = self.dealer
            return
        self._end_auction()

    def _end_auction(self) -> None:
        standing = _contract_of(self.auction)
        if standing is None:
            self.phase, self.to_act = "over", None
            self.result = VariantResult(None, None, None, ())
            return
        self.contract, self.declarer = standing
        declarer = self.declarer
        opponent = (declarer + 1) % self.players
        if self.rules.dealing == "dummies":
            self.phase, self.to_act = "choose_dummy", declarer
        elif self.rules.reserve:
            self._start_selection("reserve", [opponent, declarer])
        else:
            self._start_play()

    def standing(self) -> tuple[VariantContract, int] | None:
        """The contract and its declarer as they stand: the final ones once the auction is over, and in
        Sholem's later rounds those an earlier round left standing, which this round may overcall (the
        calls of the round in progress stand only once it closes); None before any bid stands."""
        if self.contract is not None and self.declarer is not None:
            return self.contract, self.declarer
        return _contract_of(self.auction[:self._round_start]) if self.phase == "bidding" else None

    def _choose_dummy(self, player: int, which: str) -> None:
        if which not in ("open", "closed"):
            raise BridgeError(f"the dummy chosen is 'open' or 'closed', not {which!r}")
        mine, theirs = (2, 3) if which == "open" else (3, 2)
        self.owners[mine], self.owners[theirs] = player, 1 - player
        self._start_play()

    def _start_play(self) -> None:
        declarer = self.declarer
        assert declarer is not None
        n = self.players
        if self.rules.dealing == "booby":
            self.owners[n] = declarer
            order = [declarer, (declarer + 1) % n, None, (declarer + 2) % n]
            self.ring = [Seat(declarer, (n,)) if p is None else Seat(p, (p,)) for p in order]
        elif self.rules.dealing == "dummies":
            opponent = 1 - declarer
            mine = self.owners.index(declarer, 2)
            self.ring = [Seat(declarer, (declarer,)), Seat(opponent, (opponent,)), Seat(declarer, (mine,)),
                         Seat(opponent, (5 - mine,))]
        else:
            self.ring = [Seat(declarer, (declarer,)), Seat(1 - declarer, (1 - declarer,))]
        self._leader = 1
        self._holdings = self._holdings_now()
        self.at_play = [self._with_table_cards(h) for h in range(len(self.hands))]
        self.phase = "play"
        self.to_act = self.ring[self._leader].player

    def _holdings_now(self) -> list[tuple[int, list[Card]]]:
        """Each hand with the player it scores honours for: a player's reserve and table cards count
        with the hand; dummies count for whoever plays them."""
        holdings: list[tuple[int, list[Card]]] = []
        for h, cards in enumerate(self.hands):
            owner = self.owners[h]
            if owner is None:
                continue
            if h >= self.players and self.rules.reserve:
                holdings[owner][1].extend(cards)
                continue
            holdings.append((owner, self._with_table_cards(h)))
        return holdings

    def _with_table_cards(self, h: int) -> list[Card]:
        """Hand ``h``'s cards with its player's table cards not yet played (Chinese bridge's piles,
        face up and face down): they count with the hand; a dummy or reserve has none."""
        table = (c for pile in self.piles[h] for c in pile if c is not None) if h < self.players else ()
        return [*self.hands[h], *table]

    def _play(self, player: int, card: Card) -> None:
        seat = self.seat_to_play()
        hand = next((h for h in seat.hands if card in self.hands[h]), None)
        if hand is None:
            for pile in self.piles[player]:
                if pile[0] == card:
                    pile[0] = None
        else:
            self.hands[hand].remove(card)
        self.trick.append((player, hand, card))
        if len(self.tricks) == 0 and len(self.trick) == 1:
            for h, spec in enumerate(self.rules.hands):
                if spec.owner is None and spec.label != "stock":
                    self.face_up[h] = True
        slots = self.slots()
        if len(self.trick) < len(slots):
            self.to_act = self.seat_to_play().player
            return
        winner = self._winner()
        self.tricks_won[self.trick[winner][0]] += 1
        self._leader = slots[winner]
        self.tricks.append(self.trick)
        self.trick = []
        for pile in (p for piles in self.piles for p in piles):
            if pile[0] is None and pile[1] is not None:
                pile[0], pile[1] = pile[1], None
        if len(self.tricks) == self.rules.tricks:
            self._finish()
        else:
            self.to_act = self.seat_to_play().player

    def _winner(self) -> int:
        assert self.contract is not None
        return winning_index([c for _, _, c in self.trick], self.rules.trump(self.contract.strain))

    def _finish(self) -> None:
        assert self.contract is not None and self.declarer is not None
        declarer = self.declarer
        mine = [c for owner, cards in self._holdings if owner == declarer for c in cards] \
            if self.rules.reserve else []
        self.result = score_deal(self.rules, self.contract, declarer, self.tricks_won[declarer],
                                 self.vulnerable, self._holdings, mine)
        self.phase, self.to_act = "over", None

    # ----- what a player sees, and the record -----

    def visible(self, hand: int, player: int) -> bool:
        """Whether ``player`` may see the cards of ``hand`` now. Nullo's stock stays a face-down pile
        even once the deal is over: it takes no part in the play, and its cards are kept apart (`stock`)."""
        spec = self.rules.hands[hand]
        if spec.label == "stock":
            return False
        if self.face_up[hand] or self.phase == "over":
            return True
        return spec.owner == player

    def given(self, player: int, hand: int) -> list[Card]:
        """The cards of ``hand`` that ``player`` put there and so knows though it lies face down: Booby's
        discards, which the player who gave them remembers as the auction goes on."""
        return [c for p, a in self.actions if p == player and a.kind == "discard"
                for c in a.cards() if c in self.hands[hand]]

    def _count(self, hand: int) -> int:
        """How many cards ``hand`` holds: the stock's cards are kept apart from the hands."""
        return len(self.stock) if self.rules.hands[hand].label == "stock" else len(self.hands[hand])

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see now, as JSON-able data (the keys of docs/variants.md)."""
        if not 0 <= player < self.players:
            raise BridgeError(f"player is from 0 to {self.players - 1}, not {player}")
        choice = self.choice() if self.to_act == player else None
        standing = self.standing()

        def trick_json(trick: Sequence[Played]) -> list[dict[str, Any]]:
            return [{"player": p, "hand": h, "card": str(c)} for p, h, c in trick]

        return {
            "variant": self.rules.name, "phase": self.phase, "round": self.round, "you": player,
            "to_act": self.to_act, "dealer": self.dealer,
            "players": [{"index": i, "name": self.names[i], "role": self._role(i)}
                        for i in range(self.players)],
            "hands": [{"id": h, "owner": self.owners[h], "label": spec.label,
                       "cards": [str(c) for c in sorted(self.hands[h], key=_display)]
                       if self.visible(h, player) else None,
                       "known": [] if self.visible(h, player) else
                       [str(c) for c in sorted(self.given(player, h), key=_display)],
                       "count": self._count(h), "face_up": self.face_up[h]}
                      for h, spec in enumerate(self.rules.hands)],
            "table_cards": [{"owner": p, "piles": [{"up": None if up is None else str(up),
                                                    "down": int(down is not None)} for up, down in piles]}
                            for p, piles in enumerate(self.piles) if piles],
            "auction": [{"player": p, "call": c} for p, c in self.auction],
            "contract": None if standing is None else str(standing[0]),
            "declarer": None if standing is None else standing[1],
            "seats": [seat.hands[0] for seat in self.ring],
            "trick": trick_json(self.trick), "tricks_won": list(self.tricks_won),
            "last_trick": trick_json(self.tricks[-1]) if self.tricks else [],
            "legal": [] if self.to_act != player or choice is not None
            else [str(a) for a in self.legal_actions()],
            "choose": None if choice is None else {"kind": choice[0], "min": choice[1], "max": choice[2],
                                                   "cards": [str(c) for c in choice[3]]},
            "result": None if self.result is None else self.result.to_json(),
            "deal": self._deal_shown(),
            "choices": self._choices_seen(player),
        }

    def _choices_seen(self, player: int) -> list[dict[str, Any]]:
        """The choices made so far beside the calls and cards, in order, as ``player`` may know them:
        Booby's discards, Nullo's exchanges and Sholem's reserves by how many cards (and which, for
        ``player``'s own, face down to the others; for an exchange of ``player``'s own, the cards drawn
        from the stock too, ``drawn``), Bridge for two's dummy by which one (``open``)."""
        return [{"player": p, "kind": a.kind,
                 "count": len(a.value) if isinstance(a.value, tuple) else None,
                 "cards": list(a.value) if isinstance(a.value, tuple) and p == player else None,
                 "value": None if isinstance(a.value, tuple) else a.value,
                 "drawn": [str(c) for c in self.drawn[at]] if at in self.drawn and p == player else None}
                for at, (p, a) in enumerate(self.actions) if a.kind not in ("call", "card")]

    def _deal_shown(self) -> list[list[str] | None] | None:
        """Once a played deal is over, each hand as the play began (None for Nullo's stock, which stays
        face down); None before the end and for a passed-out deal, whose hands are still held."""
        if self.phase != "over" or not self.at_play:
            return None
        return [None if self.rules.hands[h].label == "stock"
                else [str(c) for c in sorted(cards, key=_display)] for h, cards in enumerate(self.at_play)]

    def _role(self, player: int) -> str:
        if self.declarer is None:
            return ""
        return "declarer" if player == self.declarer else "defender"

    def to_json(self) -> dict[str, Any]:
        """The whole record: the variant, the pack in dealing order, every action, and the result."""
        return {"variant": self.rules.name, "dealer": self.dealer, "seed": self.seed,
                "vulnerable": list(self.vulnerable), "names": list(self.names),
                "pack": [str(c) for c in self.pack],
                "actions": [{"player": p, "action": str(a)} for p, a in self.actions],
                "contract": None if self.contract is None else str(self.contract),
                "declarer": self.declarer, "tricks_won": list(self.tricks_won),
                "result": None if self.result is None else self.result.to_json()}

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> VariantDeal:
        """The deal a `to_json` record describes, replayed action by action (each one checked)."""
        try:
            deal = cls(rules_of(record["variant"]), [Card.parse(c) for c in record["pack"]],
                       dealer=int(record["dealer"]), vulnerable=tuple(bool(v) for v in record["vulnerable"]),
                       seed=record.get("seed"), names=record.get("names"))
            for item in record["actions"]:
                if item["player"] != deal.to_act:
                    raise BridgeError(f"the record has player {item['player']} act when {deal.to_act} is to")
                deal.act(Action.from_str(item["action"]))
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, BridgeError):
                raise
            raise BridgeError(f"not a variant deal record: {error!r}") from None
        return deal

    def __eq__(self, other: object) -> bool:
        return isinstance(other, VariantDeal) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # a mutable state

    def __repr__(self) -> str:
        return f"<VariantDeal {self.rules.name} {self.phase} dealer={self.dealer}>"


def winning_index(cards: Sequence[Card], trump: str | None) -> int:
    """The index of the card that wins (or is winning) a trick: the highest trump, else the highest card
    of the suit led."""
    led = cards[0].suit

    def power(card: Card) -> int:
        if trump is not None and card.suit.name == trump:
            return 100 + card.rank
        return card.rank if card.suit == led else 0

    return max(range(len(cards)), key=lambda i: power(cards[i]))


def _display(card: Card) -> tuple[int, int]:
    """Spades first, high cards first: the order a player holds them in."""
    return (-card.suit, -card.rank)


def _last_bid(calls: Sequence[tuple[int, str]]) -> tuple[int, str] | None:
    """The last bid of the auction ``calls`` (player, call), the highest since each outranks the one
    before, with its player; None with no bid."""
    return next(((p, c) for p, c in reversed(calls) if c not in (PASS, DOUBLE, REDOUBLE)), None)


def _contract_of(calls: Sequence[tuple[int, str]]) -> tuple[VariantContract, int] | None:
    """The contract the auction ``calls`` (player, call) leave, with its declarer, the player of the last
    bid (each bid outranks the one before, and no partner names a strain first); None with no bid."""
    bid = _last_bid(calls)
    if bid is None:
        return None
    last = next(c for _, c in reversed(calls) if c != PASS)
    level, strain = bid_parts(bid[1])
    return VariantContract(level, strain, {DOUBLE: 1, REDOUBLE: 2}.get(last, 0)), bid[0]
