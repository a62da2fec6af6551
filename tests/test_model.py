"""The model's values: seats, cards, hands, deals, calls and contracts, and their strings."""

from __future__ import annotations

import pytest

import bridgetools as bt
from bridgetools.model import Card, Contract, Deal, Hand, Rank, Seat, Strain, Suit, Vul

DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def test_seats_go_clockwise_with_partner_opposite() -> None:
    assert Seat.N.lho is Seat.E and Seat.N.rho is Seat.W and Seat.N.partner is Seat.S
    assert Seat.W.lho is Seat.N


def test_card_index_is_suit_times_13_plus_rank_minus_2() -> None:
    assert Card(Suit.C, Rank.TWO).index == 0
    assert Card(Suit.S, Rank.ACE).index == 51


@pytest.mark.parametrize("text", ["SA", "sa", "♠A", "♤A", "AS", "S A"])
def test_card_parses_suit_first_rank_first_and_glyphs(text: str) -> None:
    assert Card.parse(text.replace(" ", "")) == Card(Suit.S, Rank.ACE)


def test_ten_may_be_written_10() -> None:
    assert Card.parse("H10") == Card(Suit.H, Rank.TEN)


def test_deal_string_round_trips() -> None:
    assert Deal.from_pbn(DEAL).to_pbn() == DEAL


def test_deal_string_may_start_at_any_seat_with_ranks_in_any_order() -> None:
    east_first = "E:9TJ.2QA.JQK.JQKA 678.89T.567.789T 345.4567.234A.56 2QKA.3JK.89T.234"
    assert Deal.from_pbn(east_first) == Deal.from_pbn(DEAL)


def test_unknown_hand_is_a_dash() -> None:
    deal = Deal.from_pbn("W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -")
    assert deal[Seat.N] is None and deal[Seat.S] is None
    assert deal.to_pbn(Seat.W) == "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"


def test_a_card_in_two_hands_is_an_error_naming_it() -> None:
    with pytest.raises(bt.BridgeError, match="SA"):
        Deal.from_pbn("N:A... A... - -")


def test_hand_hcp_shape_and_membership() -> None:
    hand = Deal.from_pbn(DEAL)[Seat.N]
    assert hand is not None
    assert hand.hcp == 13 and hand.shape == (4, 3, 3, 3) and len(hand) == 13
    assert Card.parse("SA") in hand and "HA" not in hand


def test_void_is_an_empty_suit() -> None:
    assert Hand.from_pbn(".AK5..QJ9876532").shape == (0, 3, 0, 9)


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubled"),
    [("4SX", 4, Strain.S, 1), ("3NTXX", 3, Strain.NT, 2), ("3N", 3, Strain.NT, 0),
     ("4♠x", 4, Strain.S, 1), ("1c", 1, Strain.C, 0)],
)
def test_contract_strings(text: str, level: int, strain: Strain, doubled: int) -> None:
    contract = Contract.from_str(text)
    assert (contract.level, contract.strain, contract.doubled) == (level, strain, doubled)


def test_contract_prints_back() -> None:
    assert str(Contract.from_str("3nxx")) == "3NTXX"
    assert str(Contract.from_str("Pass")) == "Pass" and Contract.from_str("pass").is_passed_out


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1S", bt.Bid(1, Strain.S)), ("1NT", bt.Bid(1, Strain.NT)), ("1N", bt.Bid(1, Strain.NT)),
     ("2♥", bt.Bid(2, Strain.H)), ("Pass", bt.PASS), ("P", bt.PASS), ("X", bt.DOUBLE),
     ("Dbl", bt.DOUBLE), ("XX", bt.REDOUBLE), ("Rdbl", bt.REDOUBLE)],
)
def test_call_strings(text: str, expected: bt.Call) -> None:
    assert bt.Call.parse(text) == expected


@pytest.mark.parametrize("bad", ["8S", "0NT", "1Z", "Passs", ""])
def test_bad_call_raises_bridge_error(bad: str) -> None:
    with pytest.raises(bt.BridgeError, match="not a call"):
        bt.Call.parse(bad)


def test_law_2_board_cycle() -> None:
    dealers = "NESW" * 4
    vul = "None NS EW All NS EW All None EW All None NS All None NS EW".split()
    for n in range(1, 33):
        board = bt.Board(number=n)
        assert board.dealer == Seat.parse(dealers[(n - 1) % 16])
        assert board.vulnerability == Vul.parse(vul[(n - 1) % 16])


def test_vulnerability_is_per_side() -> None:
    assert Vul.NS.is_vulnerable(Seat.S) and not Vul.NS.is_vulnerable(Seat.E)
