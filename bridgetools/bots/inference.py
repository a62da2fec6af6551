"""What the auction told about each hand, as `HandConstraint`s for the card player's sampling.

Each call is read through the bidder's public `explain`, at the board's vulnerability (a preempt or an
overcall shows more when vulnerable): the hull of its meanings (the HCP range, capped
by any points range, and each suit's length range; a balanced meaning holds two to five cards a suit).
A seat's calls narrow one another; a call that would leave nothing possible (an off-system call, or
rules that disagree) adds nothing, so what the seat showed before stands. The card player reads only the
meanings told (`told`); the judge's simulations every meaning, as the bidding was tuned.
"""

from __future__ import annotations

from collections.abc import Callable

from bridgetools.bots.bidder import rule_bidder
from bridgetools.bots.meaning import Explanation, shown_by_calls
from bridgetools.bots.sampling import HandConstraint
from bridgetools.model import Call, Seat, Vul
from bridgetools.rules import Auction

__all__ = ["Explain", "auction_constraints", "constraint_of", "told"]

Explain = Callable[[Auction, Call], Explanation]
"""What a call made in an auction shows: `Bidder.explain`."""


def constraint_of(explanation: Explanation) -> HandConstraint:
    """What a call shows whichever of its meanings holds: the hull of their ranges
    (`Explanation.constraint`)."""
    return explanation.constraint()


def auction_constraints(auction: Auction, explain: Explain | None = None,
                        vulnerability: Vul | str = Vul.NONE, *,
                        untold: bool = True) -> dict[Seat, HandConstraint]:
    """What each seat's calls in ``auction`` showed, by ``explain`` (the default computer bidder's, reading
    each call at the board's ``vulnerability``; a given ``explain`` reads them at its own); with ``untold``
    False by the meanings told alone (`told`: the card player's reading)."""
    if explain is None:
        # The process's rule bidder: its meanings depend on the auction and vulnerability alone, so what
        # it worked out for one board (or for bidding it) serves the next.
        bidder, vul = rule_bidder(), Vul.parse(vulnerability)

        def explain(so_far: Auction, call: Call) -> Explanation:
            return bidder.explain(so_far, call, vul)
    return shown_by_calls(auction, explain if untold else told(explain))


def told(explain: Explain) -> Explain:
    """``explain`` by the meanings told, without those kept for the bidder's readings alone
    (`Meaning.untold`), which no hand makes: the first-seat pass shows at most 11 HCP (13 loosened), not
    its untold 21, so a passed hand is not dealt an opening bid, and a later call it cannot hold (3NT read
    as 21+ HCP over partner's call of no agreed meaning) adds nothing, where it narrowed it to 21."""

    def said(so_far: Auction, call: Call) -> Explanation:
        shown = explain(so_far, call)
        meanings = shown.told
        if len(meanings) == len(shown.meanings):
            return shown
        return Explanation(shown.call, meanings, shown.tables, shown.tries)

    return said
