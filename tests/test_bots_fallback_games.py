"""The fallback's games: in a major fit short suits count outside trumps only, and with a fit the
losing-trick count bids the game that points alone do not reach; 3NT needs a stopper in a suit they bid
after partner's notrump."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.bots.fallback import _game_counting_short_suits
from bridgetools.bots.meaning import HandFacts
from bridgetools.model import Hand, Seat, Suit
from bridgetools.rules import Auction

BIDDER = Bidder()


def _call(calls: str, hand: str) -> str:
    return str(BIDDER.call(Auction(Seat.N, calls.split()), Hand.from_pbn(hand)))


def test_a_doubleton_in_trumps_is_not_counted_as_a_short_suit() -> None:
    # Game in hearts opposite six of them on 16 dummy points: with K-Q of trumps the doubleton is no
    # ruffing value (15 HCP and the doubleton's point fall short); the same 15 HCP with three trumps and
    # a doubleton club reach it.
    games = [m for _, m in _game_counting_short_suits(Suit.H, 16, 6)]
    assert not any(m.allows(HandFacts.of(Hand.from_pbn("AJ64.KQ.Q652.QJ8"))) for m in games)
    assert any(m.allows(HandFacts.of(Hand.from_pbn("AJ64.KQ8.Q652.QJ"))) for m in games)
    # in the auction, 1NT 2D 2H 3H (6+ hearts and 8-9 HCP, or 7+ and 7-8), the K-Q doubleton passes
    assert _call("1NT P 2D P 2H P 3H P", "AJ64.KQ.Q652.QJ8") == "Pass"


def test_opener_with_four_losers_bids_game_over_an_invitational_raise() -> None:
    # 1S (2H) P (P) 2S (P) 3S: partner's five or six HCP are nine losers; four of opener's make thirteen
    call = BIDDER.call(Auction(Seat.N, "1S 2H P P 2S P 3S P".split()), Hand.from_pbn("AQJ985.5.KQ75.K5"))
    assert str(call) == "4S"
    explanation = BIDDER.explain(Auction(Seat.N, "1S 2H P P 2S P 3S P".split()), call)
    assert "game in the fit by the losing-trick count" in [m.label for m in explanation.meanings]


def test_opener_with_five_losers_passes_the_invitational_raise() -> None:
    assert _call("1S 2H P P 2S P 3S P", "AQJ985.5.KQ75.Q5") == "Pass"


def test_notrump_game_needs_a_stopper_in_the_suit_they_bid_after_partners_notrump() -> None:
    # 1NT (2S): partner's 1NT opening said nothing of spades, so 3NT with J-10-x of them runs their suit;
    # the same values with K-10-x bid the game
    assert _call("1NT 2S", "JT4.J76.AJ96.K82") != "3NT"
    assert _call("1NT 2S", "KT4.J76.AJ96.Q82") == "3NT"


def test_partners_notrump_over_their_suit_still_stops_it_when_they_raise() -> None:
    # (1S) 1NT (2S) 2NT (3S): the overcall promised the spade stopper; their raise does not take it away,
    # so the 2NT bidder with a doubleton spade still bids the game in notrump
    assert _call("P 1S 1NT 2S 2NT 3S P P", "92.AT8.J87.QJT75") == "3NT"


def test_a_king_or_queen_counts_no_loser_saved_in_a_suit_they_bid_over_it() -> None:
    # A-K-x saves two losers, K-x one, a singleton queen none: losers the count adds back where the
    # opponent over the hand bid the suit
    facts = HandFacts.of(Hand.from_pbn("AK3.K3.Q.JT98765"))
    assert facts.honour_losers[Suit.S] == 1  # the ace still takes its trick
    assert facts.honour_losers[Suit.H] == 1
    assert facts.honour_losers[Suit.D] == 0
    assert facts.honour_losers[Suit.C] == 0


def test_contested_minor_game_by_the_losing_trick_count() -> None:
    # 1D (1S) 2D (2S): five losers and ten diamonds together bid five (as in seed 227's board 675, where
    # 5D made and 3D had been bid); the same hand with K-x of spades under the overcaller has six
    # losers once the king counts as one, and competes with 3D
    assert _call("1D 1S 2D 2S", "3.AT96.KQ9876.K3") == "5D"
    assert _call("1D 1S 2D 2S", "K3.AT96.KQ9876.3") == "3D"


def test_contested_minor_game_by_the_count_with_a_void_in_their_suit() -> None:
    # 1C (1D) P (2D) P: the overcaller with a void in opener's clubs and four losers bids the game (seed
    # 211's board 865: 5D made, he had passed)
    assert _call("1C 1D P 2D P", "KQ832.94.AKQ754.") == "5D"


def _texts(calls: str, call: str) -> list[str]:
    return [m.describe() for m in BIDDER.explain(Auction(Seat.N, calls.split()), call).meanings]


def test_the_aceless_game_says_the_point_more_it_asks() -> None:
    # the aceless meaning of the fallback's game asks a point more, and its words say 26+, not 25+
    for calls, call in (("1NT P 2C P 2S P", "4S"), ("1H P 1S P 3H P", "3NT")):
        aceless = [t for t in _texts(calls, call) if "0 aces" in t]
        assert aceless and all("partnership 26+" in t and "25+" not in t for t in aceless)


def test_the_minor_game_names_the_left_hand_opponents_suits_in_the_order_he_bid_them() -> None:
    # West bid 2S, then 3H: South's five of a minor counts his king and queen in both as losers
    texts = _texts("1D P 2C 2S 3C P 3D 3H P P", "5C")
    assert any("any king or queen of spades or hearts counted as a loser (under the opponent who bid spades "
               "and hearts)" in t for t in texts)
