"""Computer players for the variants (Booby, Nullo, Sholem, Chinese bridge, Bridge for two): always
legal; bidding by simple rules from strength and length (nullo included); card play by rules of thumb,
and by Monte Carlo double dummy where the deal is four hands of 13. `RandomVariantPlayer` is the baseline."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol

from bridgetools.bots.variants.bidding import choose_call, choose_dummy, choose_selection, estimate
from bridgetools.bots.variants.cardplay import SAMPLES, dd_card, heuristic_card
from bridgetools.rules.variants import Action, VariantDeal

RANDOM_PASS = 0.5
"""How often the random player passes when it may: a uniform choice among ~40 bids would reach the seven
level in every auction."""


class VariantPlayer(Protocol):
    """Anything that chooses the action for the player to act in a variant deal."""

    def action(self, deal: VariantDeal) -> Action: ...


class ComputerPlayer:
    """The computer: `choose_call` in the auction, `choose_selection` for discards, exchanges and
    reserves, `choose_dummy` in Bridge for two, double dummy or the heuristic in the play."""

    def __init__(self, seed: int | None = None, samples: int = SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def action(self, deal: VariantDeal) -> Action:
        player = deal.to_act
        assert player is not None, "the deal is over"
        if deal.phase == "bidding":
            return choose_call(deal, player)
        if deal.phase == "choose_dummy":
            return choose_dummy(deal, player)
        if deal.phase == "play":
            card = dd_card(deal, self.samples, self.rng) if self.samples else None
            return Action("card", str(card if card is not None else heuristic_card(deal)))
        return choose_selection(deal, player)


class RandomVariantPlayer:
    """A random legal player: any legal card or choice; in the auction it passes half the time."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def action(self, deal: VariantDeal) -> Action:
        choice = deal.choice()
        if choice is not None:
            kind, low, high, cards = choice
            chosen = self.rng.sample(cards, self.rng.randint(low, high))
            return Action(kind, tuple(str(c) for c in chosen))
        legal = deal.legal_actions()
        if deal.phase == "bidding" and Action("call", "P") in legal and self.rng.random() < RANDOM_PASS:
            return Action("call", "P")
        return self.rng.choice(legal)


def play_out(deal: VariantDeal,
             players: Mapping[int, VariantPlayer] | Sequence[VariantPlayer]) -> VariantDeal:
    """Let ``players`` (by player index) act until the deal is over; returns the deal."""
    while deal.to_act is not None:
        deal.act(players[deal.to_act].action(deal))
    return deal


__all__ = ["ComputerPlayer", "RandomVariantPlayer", "VariantPlayer", "choose_call", "choose_dummy",
           "choose_selection", "dd_card", "estimate", "heuristic_card", "play_out"]
