"""Computer players for the table's tests: calls from a script, cards as the simple player plays them."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable

from bridgetools.model.calls import PASS, Call
from bridgetools.model.cards import Card, Seat, Vul
from bridgetools.model.hand import Deal, Hand
from bridgetools.rules.auction import Auction
from bridgetools.table.game import CardView, Game, Phase
from bridgetools.table.players import ComputerPlayer, SimplePlayer


class Scripted(SimplePlayer):
    """Makes the calls it is given, in order, then passes; sees only what its views give it."""

    def __init__(self, calls: Iterable[str] = ()) -> None:
        self.calls = [Call.parse(c) for c in calls]
        self.views: list[CardView] = []
        self.vulnerabilities: list[Vul] = []

    def call(self, auction: Auction, hand: Hand, seat: Seat, vulnerability: Vul = Vul.NONE) -> Call:
        self.vulnerabilities.append(vulnerability)
        return self.calls.pop(0) if self.calls else PASS

    def card(self, view: CardView) -> Card:
        self.views.append(view)
        return super().card(view)


class Pondering(Scripted):
    """A `Scripted` player that thinks ``seconds`` over each call: time for a test to click meanwhile."""

    def __init__(self, calls: Iterable[str] = (), seconds: float = 1.0) -> None:
        super().__init__(calls)
        self.seconds = seconds

    def call(self, auction: Auction, hand: Hand, seat: Seat, vulnerability: Vul = Vul.NONE) -> Call:
        time.sleep(self.seconds)
        return super().call(auction, hand, seat, vulnerability)


class Held(Scripted):
    """A `Scripted` player that, at each call, says it is thinking (``thinking`` set) and waits till the
    test lets it go (``release`` set): the test acts meanwhile, with no clock to race."""

    def __init__(self, calls: Iterable[str] = ()) -> None:
        super().__init__(calls)
        self.thinking = threading.Event()
        self.release = threading.Event()

    def call(self, auction: Auction, hand: Hand, seat: Seat, vulnerability: Vul = Vul.NONE) -> Call:
        self.thinking.set()
        self.release.wait(timeout=60)
        return super().call(auction, hand, seat, vulnerability)


class Hurried(Scripted):
    """A seeded player whose cards of ``tricks`` (from 1) reached its time ceiling, as a slow machine's
    would (`ComputerPlayer.ceiling_reached`)."""

    def __init__(self, tricks: set[int]) -> None:
        super().__init__()
        self.tricks = tricks
        self.ceiling_reached = False

    def card(self, view: CardView) -> Card:
        self.ceiling_reached = len(view.tricks) + 1 in self.tricks
        return super().card(view)


def scripted(north: Iterable[str] = (), east: Iterable[str] = (),
             west: Iterable[str] = ()) -> dict[Seat, Scripted]:
    return {Seat.N: Scripted(north), Seat.E: Scripted(east), Seat.W: Scripted(west)}


def play_out(game: Game, south_calls: Iterable[str] = ()) -> list[Seat]:
    """South makes ``south_calls`` (then passes) and plays the lowest legal card; returns the seats of
    the cards South chose."""
    calls = list(south_calls)
    chosen: list[Seat] = []
    game.advance()
    while game.phase is not Phase.OVER:
        if game.phase is Phase.AUCTION:
            game.call(calls.pop(0) if calls else "Pass")
        else:
            assert game.play is not None and game.to_act is not None
            chosen.append(game.to_act)
            game.card(min(game.play.legal_cards(), key=lambda c: c.index))
        game.advance()
    return chosen


STAYMAN = Deal.from_pbn("N:AK2.K83.QJ54.K32 765.T976.T763.A6 QJ43.542.K2.QJ54 T98.AQJ.A98.T987")
"""North a balanced 16 (no four-card major), South nine points with four spades: 1NT P 2C P 2D."""


class RulesBidder(ComputerPlayer):
    """The computer bidder by its rule tables (which alerts and explains), playing its cards as the simple
    player does (quickly)."""

    def __init__(self) -> None:
        super().__init__(judge=False)

    def card(self, view: CardView) -> Card:
        return SimplePlayer().card(view)


def rules_bidders(seed: int | None = None) -> dict[Seat, RulesBidder]:
    return {seat: RulesBidder() for seat in (Seat.N, Seat.E, Seat.W)}
