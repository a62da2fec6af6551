"""The penalty double of the opponents' slam with the tricks that beat it: a sure trick against a grand
slam, two against a small slam; partner leaves it in, and neither an artificial six-level call nor a slam
whose bidders have shown shortness is doubled on aces that may be ruffed."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.model import Hand, Seat, Vul
from bridgetools.rules import Auction
from bridgetools.table.players import ComputerPlayer

BIDDER = Bidder()


def test_the_games_west_doubles_souths_opening_7nt_holding_an_ace() -> None:
    # the trial's deal (the plain game, seed 7): South deals and opens 7NT; West holds the heart ace
    auction = Auction(Seat.S, ["7NT"])
    west = ComputerPlayer(seed=7, clocked=False)  # as the game seats it (judged, where the dd extra is)
    call = west.call(auction, Hand.from_pbn("Q543.A83.KT763.8"), Seat.W, Vul.BOTH)
    assert str(call) == "X"
    assert "sure trick against their grand slam" in west.explain(auction, call, Vul.BOTH)


def test_a_double_of_their_grand_slam_is_read_as_penalty_alone() -> None:
    explanation = BIDDER.explain(Auction(Seat.S, ["7NT"]), "X")
    assert explanation.meanings
    assert all(m.label.startswith("penalty double") for m in explanation.meanings)


def test_a_grand_slam_in_a_suit_is_not_doubled_on_a_side_ace_off_lead() -> None:
    # 7H by North: South (on lead) doubles with the spade ace, but West, who does not lead, passes:
    # declarer may discard his spades before West's ace is played
    hand = Hand.from_pbn("A832.Q2.J8765.32")
    assert str(BIDDER.call(Auction(Seat.N, ["7H"]), hand)) == "X"
    assert str(BIDDER.call(Auction(Seat.N, ["7H", "P", "P"]), hand)) == "Pass"


def test_aces_are_not_counted_sure_against_a_slam_bid_on_a_shown_void() -> None:
    # bench set 227, deal 329: South's 6H showed a void in spades; East's spade ace is ruffed at trick one
    # and 6H doubled made, so East (on lead, the ace of hearts and of spades) passes
    auction = Auction(Seat.N, "P 2S X 3S P P X P 4H P 4N P 5C P 6H".split())
    assert str(BIDDER.call(auction, Hand.from_pbn("AJ9642.A.T6.T432"))) == "Pass"


def test_an_artificial_six_level_reply_is_not_doubled() -> None:
    # 5NT asks for kings; South's 6D counts them, a contract nobody means to play
    auction = Auction(Seat.N, "1S P 3S P 4N P 5H P 5N P 6D".split())
    assert str(BIDDER.call(auction, Hand.from_pbn("A32.A32.5432.432"))) == "Pass"


def test_partner_leaves_in_the_penalty_double_of_their_small_slam() -> None:
    # over a takeout double of their opening (?x X P) the long spades would be bid; here they are not
    auction = Auction(Seat.N, ["6H", "X", "P"])
    call, chosen = BIDDER.choose(auction, Hand.from_pbn("KQJT987.2.32.432"))
    assert str(call) == "Pass"
    assert chosen is not None and "leaves in partner's penalty double" in chosen.label
