"""Boards with random deals from a seeded shuffle, numbered from 1 (Law 2 dealer and vulnerability)."""

from __future__ import annotations

import random

from bridgetools.board import Board
from bridgetools.model import Card, Deal, Hand, Seat


def session(n: int = 36, seed: int = 13) -> list[Board]:
    """``n`` boards whose deals a seeded shuffle gives: the same boards for the same seed."""
    rng = random.Random(seed)
    boards = []
    for number in range(1, n + 1):
        cards = [Card.from_index(i) for i in range(52)]
        rng.shuffle(cards)
        hands = [Hand.from_cards(cards[13 * s:13 * s + 13]) for s in Seat]
        boards.append(Board(number=number, deal=Deal(hands)))
    return boards
