"""Cards as hand-record files write them (``SA``, ``hT``, ``c9``, ``D10``), looked up rather than parsed.

A file holds up to 52 cards a board, so readers look each up in one table built once; anything
else goes to `Card.parse`, which explains what is wrong.
"""

from __future__ import annotations

from bridgetools.model import Card


def _spellings(card: Card) -> set[str]:
    """Every way a file writes ``card``: suit letter and rank in either case, ``10`` for the ten."""
    ranks = {card.rank.char, card.rank.char.lower()} | ({"10"} if card.rank == 10 else set())
    return {suit + rank for suit in (card.suit.name, card.suit.name.lower()) for rank in ranks}


CARDS_BY_TEXT: dict[str, Card] = {
    text: card for card in map(Card.from_index, range(52)) for text in _spellings(card)
}


def card_of(text: str) -> Card:
    """The card ``text`` names; `BridgeError` (from `Card.parse`) when it names none."""
    card = CARDS_BY_TEXT.get(text)
    return card if card is not None else Card.parse(text)


__all__ = ["CARDS_BY_TEXT", "card_of"]
