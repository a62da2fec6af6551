"""The computer bidder: auctions it takes part in end, its calls are legal and inside their own
explanations, with or without random calls by others; explanations and the deal-level helpers."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.bots import Bidder, bid_board
from bridgetools.bots.meaning import Explanation, Meaning
from bridgetools.bots.rules import Situation
from bridgetools.model import PASS, Call, Hand, Seat, Vul
from bridgetools.rules import Auction
from bridgetools.rules.deck import deal_shuffled

BIDDER = Bidder()


def _bid_with_chaos(seed: int, chaos: float) -> Auction:
    deal = deal_shuffled(seed=seed)
    rng = random.Random(seed)
    auction = Auction(Seat(seed % 4))
    while not auction.is_complete:
        assert len(auction) < 320
        if rng.random() < chaos:
            auction.add(rng.choice(auction.legal_calls()))
            continue
        hand = deal[auction.turn]
        call = BIDDER.call(auction, hand)
        assert auction.is_legal(call)
        assert BIDDER.explain(auction, call).allows(hand), (str(auction), str(call))
        auction.add(call)
    return auction


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_four_bots_end_the_auction_with_legal_calls_inside_their_explanations(seed: int) -> None:
    assert _bid_with_chaos(seed, 0.0).is_complete


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_random_calls_by_others_never_break_the_bots(seed: int) -> None:
    assert _bid_with_chaos(seed, 0.15).is_complete


def test_explain_says_what_an_opening_shows_in_words_and_constraints() -> None:
    e = BIDDER.explain(Auction(Seat.N), "1NT")
    assert e.text == "1NT opening: 15-17 HCP, balanced"
    assert e.meanings[0].hcp == (15, 17) and e.meanings[0].balanced


def test_explain_marks_artificial_and_forcing_calls() -> None:
    e = BIDDER.explain(Auction(Seat.N, ["1NT", "P"]), "2D")
    assert e.meanings[0].artificial and e.forcing
    assert "5+ hearts" in e.text


def test_a_call_no_rule_or_fallback_makes_has_no_agreed_meaning() -> None:
    e = BIDDER.explain(Auction(Seat.N), "7NT")
    assert e.text == "no agreed meaning"
    assert e.allows(Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ"))


def test_fallback_bids_game_with_the_partnership_values() -> None:
    # partner's 1NT rebid shows 11-14 balanced; 14 HCP opposite makes 25+: game in notrump
    auction = Auction(Seat.N, ["1C", "P", "1H", "P", "1NT", "P"])
    call = BIDDER.call(auction, Hand.from_pbn("K32.AQ32.K98.Q32"))
    assert str(call) == "3NT"


def test_fallback_competes_to_the_level_of_the_total_trump_count() -> None:
    # partner overcalled 1S (5+); four spades opposite make nine trumps: 3S over their 3H
    auction = Auction(Seat.N, ["1H", "1S", "3H"])
    call = BIDDER.call(auction, Hand.from_pbn("K432.32.Q982.J32"))
    assert str(call) == "3S"
    assert "trump" in BIDDER.explain(auction, call).text


def test_the_opening_side_doubles_their_sacrifice_over_its_game() -> None:
    # we opened and bid 4H on values; their 4S over it, passed round, would go down undoubled
    auction = Auction(Seat.N, ["1H", "1S", "2H", "2S", "4H", "P", "P", "4S"])
    hand = Hand.from_pbn("3.AT543.AQ83.AK4")
    call = BIDDER.call(auction, hand)
    assert str(call) == "X"
    assert "sacrifice" in BIDDER.explain(auction, call).text
    # short of 23 HCP together (11 opposite the raise's 6-9) the sacrifice is left to play
    assert BIDDER.call(auction, Hand.from_pbn("3.KT543.AQ83.Q84")) is PASS


def test_the_bidder_refuses_a_finished_auction() -> None:
    with pytest.raises(bt.BridgeError):
        BIDDER.call(Auction(Seat.N, ["P", "P", "P", "P"]), Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ"))


@pytest.mark.parametrize(("calls", "call", "why"), [
    (["1NT"], "1C", "insufficient bid"),
    (["1NT", "P"], "X", "your own side"),
    (["P", "P", "P", "P"], "1S", "the auction is over"),
])
def test_explain_refuses_an_illegal_call(calls: list[str], call: str, why: str) -> None:
    with pytest.raises(bt.IllegalCallError, match=why):
        BIDDER.explain(Auction(Seat.N, calls), call)


def test_bid_deal_names_the_hand_a_partial_deal_is_missing() -> None:
    with pytest.raises(bt.BridgeError, match="bidding needs all four hands; East's is missing"):
        bt.bid_deal(bt.Deal.from_pbn("N:AKQ2.KJ3.T98.432 - - -"), "N", "None", seed=1)


def test_bid_deal_names_a_hand_short_of_13_cards() -> None:
    deal = bt.Deal.from_pbn("N:AKQ2.KJ3.T98.43 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
    with pytest.raises(bt.BridgeError, match="North's has 12"):
        bt.bid_deal(deal, "N")


def test_bid_deal_annotates_the_calls_with_their_explanations() -> None:
    deal = bt.Deal.from_pbn("N:AQ2.KJ3.KT98.Q32 T74.Q85.A74.AT74 J85.A962.J52.J85 K963.T74.Q63.K96")
    auction = bt.bid_deal(deal, "N", "None")
    assert str(auction.calls[0]) == "1NT"
    note = auction.annotations[0]
    assert note is not None and note.explanation == "1NT opening: 15-17 HCP, balanced"
    assert auction.is_complete


def test_bid_board_keeps_a_complete_auction_unless_asked_to_bid_again() -> None:
    deal = deal_shuffled(seed=3)
    board = Board(number=1, deal=deal, auction=Auction(Seat.N, ["P", "P", "P", "P"]))
    assert bid_board(board) is board
    rebid = bid_board(board, rebid=True)
    assert rebid.auction is not None and rebid.auction.is_complete
    assert rebid.auction == bt.bid_deal(deal, Seat.N, Vul.NONE)


def _a_kept_auction() -> Board:
    """A file's board with a complete auction to note (the bots' on seed 11's deal, West dealing)."""
    deal = deal_shuffled(seed=11)
    return Board(number=1, deal=deal, auction=Auction(Seat.W, bt.bid_deal(deal, Seat.W, Vul.NONE).calls))


def test_each_position_of_a_kept_auction_is_read_by_the_tables_once(monkeypatch: pytest.MonkeyPatch) -> None:
    board, bot = _a_kept_auction(), Bidder()
    positions: list[tuple[object, ...]] = []
    reading = type(bot._index).candidates

    def counted(sit: Situation) -> tuple[tuple[Call, Meaning], ...]:
        if bot._index not in sit.offered:  # a situation keeps what it read
            positions.append((*sit.auction.calls, sit.vulnerability))
        return reading(bot._index, sit)

    monkeypatch.setattr(bot._index, "candidates", counted)
    bid_board(board, bidder=bot)
    assert positions and len(positions) == len(set(positions))


def test_a_pass_before_its_side_has_called_is_not_explained_to_note_a_kept_auction(
        monkeypatch: pytest.MonkeyPatch) -> None:
    board, bot = _a_kept_auction(), Bidder()
    explained: list[Auction] = []
    explain = Bidder.explain

    def counted(auction: Auction, call: Call, vulnerability: Vul = Vul.NONE) -> Explanation:
        if call is PASS:
            explained.append(auction.copy())
        return explain(bot, auction, call, vulnerability)

    monkeypatch.setattr(bot, "explain", counted)
    bid_board(board, bidder=bot)
    assert not [a for a in explained if all(c is PASS or a.seat_of(i) not in (a.turn, a.turn.partner)
                                            for i, c in enumerate(a.calls))]


def test_bid_board_finishes_an_auction_that_stopped_part_way() -> None:
    board = Board(number=1, deal=deal_shuffled(seed=5), auction=Auction(Seat.N, ["P"]))
    done = bid_board(board)
    assert done.auction is not None and done.auction.is_complete and done.auction.calls[0] is PASS


def test_bid_board_leaves_a_board_without_four_hands_alone() -> None:
    board = Board(number=1, deal=bt.Deal([Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ"), None, None, None]))
    assert bid_board(board) is board


def _notes_naming_the_vulnerability(vulnerable: str) -> list[str]:
    """The notes `bid_board` writes on the deal of seed 6 (an overcall whose rule asks that neither
    side be vulnerable) at the PBN ``Vulnerable`` tag given."""
    import io

    deal = deal_shuffled(seed=6).to_pbn()
    text = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "{vulnerable}"]\n[Deal "{deal}"]\n'
    [board] = bt.read(io.StringIO(text), "pbn")
    auction = bid_board(board).auction
    assert auction is not None
    return [a.explanation for a in auction.annotations
            if a is not None and a.explanation and "vulnerable" in a.explanation]


def test_a_note_naming_an_assumed_vulnerability_says_it_was_assumed() -> None:
    notes = _notes_naming_the_vulnerability("?")
    assert notes and all(n.endswith("(vulnerability unknown, bid as neither vulnerable)") for n in notes)


def test_a_note_at_a_known_vulnerability_states_it_as_a_fact() -> None:
    notes = _notes_naming_the_vulnerability("None")
    assert notes and not any("unknown" in n for n in notes)
