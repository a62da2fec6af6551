"""A rubber of one of the variants (Booby, Nullo, Sholem, Chinese bridge, Bridge for two) at the table: the
person is player 0, computer players take the other seats; deals follow one another until the rubber ends.

No web code here: `VariantTable` runs the deals through the variants engine (`bridgetools.rules.variants`)
and `VariantTable.view` says, as plain data, what the person may see (the engine's view of player 0, the
score sheet and the rubber's progress).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bridgetools.errors import BridgeError, IllegalPlayError, OutOfTurnError
from bridgetools.rules.variants import (
    VARIANT_NAMES,
    Action,
    Rubber,
    VariantContract,
    VariantDeal,
    VariantRules,
    rules_of,
)
from bridgetools.rules.variants.deal import PlayFault
from bridgetools.rules.variants.how_to_play import HOW_TO_PLAY
from bridgetools.rules.variants.scoring import RUBBER_GAME, contract_points

YOU = 0
"""The person's player index in every variant."""
MAX_DEALS = 200
"""A rubber that has not ended after this many deals (passed out again and again) is stopped."""
PHASE_WORDS = {"discard": "the discard to the booby", "exchange": "the exchange with the stock",
               "bidding": "the auction", "choose_dummy": "declarer's choice of dummy",
               "reserve": "the choice of reserves", "play": "the play", "over": "the end of the deal"}
"""Each phase of a deal as a refusal names it: `it is the auction now, not a time for a card`."""
ACTION_WORDS = {"call": "a call", "card": "a card", "discard": "a discard to the booby",
                "exchange": "an exchange with the stock", "reserve": "a reserve",
                "choose_dummy": "a choice of dummy"}
"""Each kind of action as a refusal names it (`an exchange`, not `a exchange`)."""


class VariantPlayer(Protocol):
    """A computer player of a variant: chooses the action of ``player`` from what that player may see."""

    def choose(self, deal: VariantDeal, player: int) -> Action: ...


PlayersFactory = Callable[[str, int, int | None], Mapping[int, VariantPlayer]]
"""Makes the computer players of a rubber, given the variant's name, its number of players and the seed the
rubber is dealt from (None for a random one): players seeded from it replay the rubber's play too."""


class SimpleVariantPlayer:
    """A quick player that always acts legally and ends rubbers: gives away and sets aside its lowest
    cards, opens at the lowest game level in its longest suit with a fair share of the high cards (and
    passes after anyone's bid), takes the open dummy with 10 points or more, and in the play wins as
    cheaply as it can or throws its lowest card. It reads only ``deal.view(player)``."""

    def choose(self, deal: VariantDeal, player: int) -> Action:
        view = deal.view(player)
        rules = rules_of(view["variant"])
        choose = view["choose"]
        if choose is not None:
            cards = sorted(choose["cards"], key=_power)
            if choose["kind"] == "exchange":
                low = [c for c in cards if _power(c) < RANKS.index("9")]
                return Action(choose["kind"], tuple(low[:choose["max"]]))
            return Action(choose["kind"], tuple(cards[:choose["min"]]))
        legal = [Action.from_str(a) for a in view["legal"]]
        kind = legal[0].kind
        if kind == "choose_dummy":
            shown = next(h for h in view["hands"] if h["label"] == "open dummy" and h["cards"] is not None)
            return Action(kind, "open" if _points(shown["cards"]) >= 10 else "closed")
        own = [c for h in view["hands"] if h["owner"] == player and h["cards"] for c in h["cards"]]
        own += [p["up"] for t in view["table_cards"] if t["owner"] == player for p in t["piles"] if p["up"]]
        if kind == "call":
            return Action(kind, _call(rules, [str(a.value) for a in legal], own, view))
        return Action(kind, _card(rules, [str(a.value) for a in legal], view))


RANKS = "23456789TJQKA"


def _power(card: str) -> int:
    return RANKS.index(card[1])


def _points(cards: Sequence[str]) -> int:
    return sum(max(0, RANKS.index(c[1]) - 8) for c in cards)


def _call(rules: VariantRules, legal: list[str], own: list[str], view: Mapping[str, Any]) -> str:
    """Pass after any bid; otherwise open the game level of the longest suit with a fair share of the
    high cards (or when the dealer may not pass)."""
    bid_made = any(a["call"] not in ("P", "X", "XX") for a in view["auction"])
    fair = 10 * 4 * len(own) // rules.pack
    if "P" in legal and (bid_made or _points(own) < fair):
        return "P"
    suits = [s for s in "SHDC" if s in rules.strains]
    longest = max(suits, key=lambda s: (sum(c[0] == s for c in own), s))
    game = RUBBER_GAME[rules.scoring]
    for level in range(1, rules.max_level + 1):
        bid = f"{level}{longest}"
        if contract_points(rules, VariantContract(level, longest)) >= game and bid in legal:
            return bid
    return next((c for c in legal if c not in ("P", "X", "XX")), legal[0])


def _card(rules: VariantRules, legal: list[str], view: Mapping[str, Any]) -> str:
    """Lead the highest card; follow with the cheapest card that beats the trick so far (in the suit led,
    or a trump), else the lowest card, trumps last."""
    trick = view["trick"]
    trump = rules.trump(VariantContract.from_str(view["contract"]).strain) if view["contract"] else None
    if not trick:
        return max(legal, key=_power)
    led = trick[0]["card"][0]

    def beats(card: str, other: str) -> bool:
        if card[0] == other[0]:
            return _power(card) > _power(other)
        return card[0] == trump

    best = trick[0]["card"]
    for item in trick[1:]:
        if beats(item["card"], best):
            best = item["card"]
    winners = [c for c in legal if beats(c, best) and (c[0] == led or c[0] == trump)]
    if winners:
        return min(winners, key=lambda c: (c[0] == trump, _power(c)))
    return min(legal, key=lambda c: (c[0] == trump, _power(c)))


def simple_players(name: str, count: int, seed: int | None = None) -> Mapping[int, VariantPlayer]:
    """A simple player in every seat but the person's (it leaves nothing to chance: ``seed`` is not used)."""
    return {player: SimpleVariantPlayer() for player in range(count) if player != YOU}


class ComputerVariantPlayer:
    """The variants' computer players of `bridgetools.bots.variants` at the table (bidding by strength and
    length, nullo included; card play by rules of thumb, or Monte Carlo double dummy in four-hand deals)."""

    def __init__(self, seed: int | None = None) -> None:
        from bridgetools.bots.variants import ComputerPlayer

        self.bot = ComputerPlayer(seed)

    def choose(self, deal: VariantDeal, player: int) -> Action:
        return self.bot.action(deal)


def computer_players(name: str, count: int, seed: int | None = None) -> Mapping[int, VariantPlayer]:
    """The variants' computer players in every seat but the person's."""
    return {player: ComputerVariantPlayer(None if seed is None else seed + player)
            for player in range(count) if player != YOU}


def refused_card_words(fault: PlayFault, deal: VariantDeal) -> str:
    """A card the person may not play, told in their words as standard bridge tells it: `C8 cannot be played
    now: you must follow suit (hearts)`, with the cards that may be played."""
    legal = " ".join(map(str, deal.legal_cards()))
    return f"{fault.card} cannot be played now: {fault.words('you', 'your hand')} (playable: {legal})"


def parse_variant(name: str) -> str:
    """The variant's name as the engine knows it, or a `BridgeError` listing the choices."""
    key = name.strip().lower()
    if key not in VARIANT_NAMES:
        raise BridgeError(f"unknown variant {name!r}: expected standard or one of {', '.join(VARIANT_NAMES)}")
    return key


@dataclass
class VariantTable:
    """A rubber of variant ``name``: the person acts through `act`; the computer players act in `advance`
    until it is the person's turn again or the deal is over; `next_deal` starts the following deal."""

    name: str
    players: Mapping[int, VariantPlayer]
    seed: int | None = None
    player_names: Sequence[str] = ()
    rubber: Rubber = field(init=False)
    deal: VariantDeal = field(init=False)
    number: int = field(default=1, init=False)
    """The number of the deal being played in the rubber, from 1."""
    finished: list[VariantDeal] = field(default_factory=list, init=False)
    """The deals played to the end, in order (the current one included once it is over)."""
    thinking: float = field(default=0.0, init=False)
    """Seconds the computer players have spent choosing, in total."""
    rounds: list[int] = field(default_factory=list, init=False)
    """The round of the auction each call of this deal was made in (Sholem bids in three)."""
    last_winner: int | None = field(default=None, init=False)
    """The player who won the last completed trick of this deal."""

    def __post_init__(self) -> None:
        self.name = parse_variant(self.name)
        count = rules_of(self.name).players
        missing = [str(p) for p in range(count) if p != YOU and p not in self.players]
        if missing:
            raise BridgeError(f"no computer player for player {', '.join(missing)}")
        names = list(self.player_names) or (["You", "Left", "Right"] if count == 3 else ["You", "Computer"])
        self.rubber = Rubber(self.name, names)
        self.deal = self.rubber.new_deal(self._deal_seed())

    def _deal_seed(self) -> int | None:
        return None if self.seed is None else self.seed * 1000 + self.number

    @property
    def deal_over(self) -> bool:
        return self.deal.phase == "over"

    @property
    def rubber_over(self) -> bool:
        return bool(self.rubber.is_over) or (self.deal_over and self.number >= MAX_DEALS)

    @property
    def your_turn(self) -> bool:
        return not self.deal_over and self.deal.to_act == YOU

    def act(self, kind: str, value: str | Sequence[str]) -> None:
        """The person's action; raises `OutOfTurnError`, or the engine's error for an illegal action, and
        then changes nothing."""
        if not self.your_turn:
            raise OutOfTurnError("it is not your turn")
        expected = {"bidding": "call", "play": "card"}.get(self.deal.phase, self.deal.phase)
        if kind != expected:
            phase = PHASE_WORDS.get(self.deal.phase, f"the {self.deal.phase}")
            raise OutOfTurnError(f"it is {phase} now, not a time for {ACTION_WORDS.get(kind, kind)}")
        parsed = Action.parse(kind, value if isinstance(value, str) else tuple(value))
        try:
            self._take(parsed)
        except IllegalPlayError as error:
            if not isinstance(error.reason, PlayFault):
                raise
            raise IllegalPlayError(refused_card_words(error.reason, self.deal), error.reason) from None

    def advance(self, acted: Callable[[], None] | None = None) -> None:
        """Let the computer players act until it is the person's turn or the deal is over; a deal that
        ends is scored in the rubber once. ``acted`` is called after each of their actions (the table
        publishes the deal as it stands meanwhile)."""
        while not self.deal_over and self.deal.to_act != YOU:
            player = self.deal.to_act
            assert player is not None
            started = time.perf_counter()
            action = self.players[player].choose(self.deal, player)
            self.thinking += time.perf_counter() - started
            self._take(action)
            if acted is not None and not self.deal_over:  # (a deal ended is published once scored)
                acted()
        if self.deal_over and (not self.finished or self.finished[-1] is not self.deal):
            self.finished.append(self.deal)
            self.rubber.record(self.deal)
            if self.rubber_over:  # (stopped after its last deal: Law 80's credits, as any rubber left)
                self.rubber.leave_unfinished()

    def _take(self, action: Action) -> None:
        """Act in the deal, noting the round of a call and the winner of a trick the action completes."""
        deal = self.deal
        round_, tricks, won = deal.round, len(deal.tricks), list(deal.tricks_won)
        deal.act(action)
        if action.kind == "call":
            self.rounds.append(round_)
        if len(deal.tricks) > tricks:
            self.last_winner = next((p for p, (a, b) in enumerate(zip(won, deal.tricks_won, strict=True))
                                     if b > a), None)

    def next_deal(self) -> None:
        """The next deal of the rubber, once this one is over and the rubber is not: dealt only, the
        computer players acting in it by `advance` (the table publishes the new deal before they think)."""
        if not self.deal_over:
            raise OutOfTurnError("the deal is not over yet")
        if self.rubber_over:
            raise OutOfTurnError("the rubber is over: start a new one")
        self.number += 1
        self.deal = self.rubber.new_deal(self._deal_seed())
        self.rounds, self.last_winner = [], None

    def view(self) -> dict[str, Any]:
        """What the person may see now, as plain data for JSON: the engine's view of player 0, the deal's
        number, the variant's strains and rounds of bidding, the score sheet of the rubber, the players'
        vulnerability in this deal (the sheet's, once the deal is over, is the next deal's), the seed
        the rubber is dealt from (None: random; the page's Seed box shows it) and the variant's rules in
        short (`how_to_play`, for the page's "How to play" panel)."""
        state = dict(self.deal.view(YOU))
        rules = rules_of(self.name)
        state.update(your_turn=self.your_turn, deal_number=self.number,
                     rubber=self.rubber.sheet(numbered=True),
                     vulnerable=list(self.deal.vulnerable),
                     rubber_over=self.rubber_over, strains=list(rules.strains), title=rules.title,
                     max_level=rules.max_level, rounds=rules.rounds, auction_rounds=list(self.rounds),
                     last_winner=self.last_winner, seed=self.seed, how_to_play=list(HOW_TO_PLAY[self.name]))
        return state

    def to_json(self) -> dict[str, Any]:
        """The record of the rubber so far: every finished deal as the engine records it (every card,
        every action) and the score sheet, which for a rubber not over is its sheet should play stop here
        (`Rubber.left_here`: Law 80's credits): a rubber left for a new one, or never played on, keeps
        them; the record of its next deal replaces it."""
        return {"variant": self.name, "seed": self.seed, "deals": [d.to_json() for d in self.finished],
                "sheet": self.rubber.left_here().sheet(), "over": self.rubber_over}
