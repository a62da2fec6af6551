"""The rules of the game: Law 2 board cycle, auction legality and outcome, play and trick winners."""

from bridgetools.model.cards import Seat, Vul
from bridgetools.rules.auction import Auction
from bridgetools.rules.deck import deal_shuffled
from bridgetools.rules.play import Play, Trick, trick_winner


def dealer_of_board(number: int) -> Seat:
    """Law 2: North deals board 1, then clockwise."""
    return Seat.dealer_of_board(number)


def vulnerability_of_board(number: int) -> Vul:
    """Law 2: the 16-board vulnerability cycle."""
    return Vul.of_board(number)


__all__ = [
    "Auction", "Play", "Trick", "deal_shuffled", "dealer_of_board", "trick_winner",
    "vulnerability_of_board",
]
