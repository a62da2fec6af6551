"""The fallback's game in a major fit: short suits count outside trumps only, and with a fit the
losing-trick count bids the game that points alone do not reach."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.model import Hand, Seat
from bridgetools.rules import Auction

BIDDER = Bidder()


def _call(calls: str, hand: str) -> str:
    return str(BIDDER.call(Auction(Seat.N, calls.split()), Hand.from_pbn(hand)))


def test_a_doubleton_in_trumps_is_not_counted_as_a_short_suit() -> None:
    # 1NT 2D 2H 3H: six hearts and 8-9 HCP opposite. With K-Q of trumps the doubleton is no ruffing value
    # (15 HCP and seven losers, short of game); the same 15 HCP with three trumps and a doubleton club
    # reaches game. (With six losers the losing-trick count bids game either way.)
    assert _call("1NT P 2D P 2H P 3H P", "AJ64.KQ.Q652.QJ8") == "Pass"
    assert _call("1NT P 2D P 2H P 3H P", "AJ64.KQ8.Q652.QJ") == "4H"


def test_opener_with_four_losers_bids_game_over_an_invitational_raise() -> None:
    # 1S (2H) P (P) 2S (P) 3S: partner's five or six HCP are nine losers; four of opener's make thirteen
    call = BIDDER.call(Auction(Seat.N, "1S 2H P P 2S P 3S P".split()), Hand.from_pbn("AQJ985.5.KQ75.K5"))
    assert str(call) == "4S"
    explanation = BIDDER.explain(Auction(Seat.N, "1S 2H P P 2S P 3S P".split()), call)
    assert "game in the fit by the losing-trick count" in [m.label for m in explanation.meanings]


def test_opener_with_five_losers_passes_the_invitational_raise() -> None:
    assert _call("1S 2H P P 2S P 3S P", "AQJ985.5.KQ75.Q5") == "Pass"
