"""The model's values: seats, cards, hands, deals, calls and contracts, and their strings."""

from __future__ import annotations

import numpy as np
import pytest

import bridgetools as bt
from bridgetools.model import Card, Contract, Deal, Hand, NotationError, Rank, Seat, Strain, Suit, Vul

DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def test_seats_go_clockwise_with_partner_opposite() -> None:
    assert Seat.N.lho is Seat.E and Seat.N.rho is Seat.W and Seat.N.partner is Seat.S
    assert Seat.W.lho is Seat.N


def test_card_index_is_suit_times_13_plus_rank_minus_2() -> None:
    assert Card(Suit.C, Rank.TWO).index == 0
    assert Card(Suit.S, Rank.ACE).index == 51


@pytest.mark.parametrize("text", ["SA", "sa", "♠A", "♤A", "AS", "S A"])
def test_card_parses_suit_first_rank_first_and_glyphs(text: str) -> None:
    assert Card.parse(text) == Card(Suit.S, Rank.ACE)


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
    assert Hand.from_pbn(".AK54..QJ9876532").shape == (0, 4, 0, 9)


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


# Bad strings say what is wrong and where ------------------------------------------------------
def test_a_bad_rank_in_a_deal_names_the_hand_the_suit_and_the_character() -> None:
    with pytest.raises(bt.BridgeError, match=r"spades of East's hand.*'Z' is not a rank.*character 21") as e:
        Deal.from_pbn("N:AKQ2.KJ3.T98.432 JZ9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
    assert isinstance(e.value, NotationError) and e.value.position == 20


def test_a_rank_twice_in_a_suit_is_named() -> None:
    with pytest.raises(bt.BridgeError, match=r"clubs of West's hand.*'5' appears twice"):
        Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.655")


def test_a_deal_needs_four_hands() -> None:
    with pytest.raises(bt.BridgeError, match="expected four hands, found 3"):
        Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987")


def test_a_hand_needs_four_suits() -> None:
    with pytest.raises(bt.BridgeError, match=r"South's hand.*four suits separated by dots, found 3"):
        Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765 543.7654.A432.65")


def test_a_bad_first_seat_is_named() -> None:
    with pytest.raises(bt.BridgeError, match="'X' is not a seat"):
        Deal.from_pbn("X:AKQ2.KJ3.T98.432 - - -")


def test_a_card_in_two_hands_names_both_hands() -> None:
    with pytest.raises(bt.BridgeError, match="SA is in two hands \\(North's and South's\\)"):
        Deal.from_pbn("N:A... - A... -")


def test_a_hand_holds_at_most_13_cards() -> None:
    with pytest.raises(bt.BridgeError, match="14 cards"):
        Deal.from_pbn("N:AKQJT98765432.2.. - - -")


@pytest.mark.parametrize(
    ("bad", "what", "position"),
    [("8S", "'8' is not a level", 0), ("4Z", "'Z' is not a strain", 1), ("4SY", "'Y' after the strain", 2),
     ("4", "strain .* is missing", 1)],
)
def test_a_bad_contract_names_the_character(bad: str, what: str, position: int) -> None:
    with pytest.raises(NotationError, match=what) as e:
        Contract.from_str(bad)
    assert e.value.position == position


def test_a_bid_cannot_carry_a_double() -> None:
    with pytest.raises(bt.BridgeError, match="a bid ends with its strain"):
        bt.Call.parse("3NTX")


@pytest.mark.parametrize("bad", ["Z", "S1", "SS", "", "S11"])
def test_a_bad_card_is_a_bridge_error(bad: str) -> None:
    with pytest.raises(bt.BridgeError, match="not a card"):
        Card.parse(bad)


# The public names of DESIGN.md ----------------------------------------------------------------
def test_a_deal_is_indexed_by_seat_or_letter() -> None:
    deal = bt.Deal.from_pbn(DEAL)
    assert deal[bt.Seat.N] == deal["N"] == Hand.from_pbn("AKQ2.KJ3.T98.432")


@pytest.mark.parametrize("kind", [np.int8, np.int64])
def test_a_card_s_suit_and_rank_may_be_numpy_integers(kind: type[np.integer]) -> None:
    assert Card(Suit.S, kind(14)) == Card(kind(3), 14) == Card.parse("SA")  # type: ignore[arg-type]
    with pytest.raises(bt.BridgeError, match="rank"):
        Card(Suit.S, np.float64(14))  # type: ignore[arg-type]


def test_a_known_hand_is_the_hand_at_the_seat_and_an_unknown_one_is_refused() -> None:
    deal = bt.Deal.from_pbn("N:AKQ2.KJ3.T98.432 - 876.T98.765.T987 -")
    assert deal.known_hand("N") == deal[bt.Seat.N] == Hand.from_pbn("AKQ2.KJ3.T98.432")
    with pytest.raises(bt.BridgeError, match="East's hand is not known"):
        deal.known_hand(bt.Seat.E)


def test_ten_may_be_written_10_in_a_deal_and_suit_letters_may_be_repeated() -> None:
    assert Hand.from_pbn("SAKQ2.HKJ3.D1098.C432") == Hand.from_pbn("AKQ2.KJ3.T98.432")


def test_suit_symbols_are_read_in_a_deal() -> None:
    assert Hand.from_pbn("♠AKQ2.♥KJ3.♦T98.♣432") == Hand.from_pbn("AKQ2.KJ3.T98.432")


def test_repr_evaluates_back_to_the_same_value() -> None:
    deal = Deal.from_pbn(DEAL)
    names = {"Deal": Deal, "Hand": Hand, "Card": Card, "Contract": Contract}
    assert eval(repr(deal), names) == deal
    assert eval(repr(deal[Seat.N]), names) == deal[Seat.N]
    assert eval(repr(Card.parse("HT")), names) == Card.parse("HT")
    assert eval(repr(Contract.from_str("6NTX")), names) == Contract.from_str("6NTX")


def test_values_are_immutable() -> None:
    deal = Deal.from_pbn(DEAL)
    with pytest.raises(AttributeError):
        deal._hands = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        deal[Seat.N].mask = 0  # type: ignore[union-attr, misc]


def test_bids_rank_by_level_then_strain() -> None:
    assert bt.Bid(1, Strain.NT) < bt.Bid(2, Strain.C) and bt.Bid(2, Strain.D) < bt.Bid(2, Strain.H)


def test_a_contract_needs_six_plus_its_level_in_tricks() -> None:
    assert Contract.from_str("4S").tricks_needed == 10 and Contract.from_str("7NT").tricks_needed == 13


@pytest.mark.parametrize(
    ("text", "vul"), [("None", Vul.NONE), ("Love", Vul.NONE), ("-", Vul.NONE), ("N-S", Vul.NS),
                      ("EW", Vul.EW), ("All", Vul.BOTH), ("Both", Vul.BOTH)],
)
def test_vulnerability_spellings(text: str, vul: Vul) -> None:
    assert Vul.parse(text) is vul


def test_a_partial_deal_is_completed_from_the_three_known_hands() -> None:
    partial = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 -")
    assert partial.completed() == Deal.from_pbn(DEAL)


def test_hands_of_different_sizes_are_a_trick_part_way_played() -> None:
    deal = Deal.from_pbn("N:AKQ2.KJ3.T98.43 JT9.AQ2.KQJ.AKQ 876.T98.765.T98 543.7654.A43.6")
    assert [len(deal.hand(s)) for s in Seat] == [12, 12, 12, 11]


def test_an_end_position_has_fewer_cards_in_every_hand() -> None:
    assert len(Deal.from_pbn("N:.2.2. A.K.. ..3.3 ..4.A").hand(Seat.N)) == 2


def test_strains_and_seats_may_be_given_as_letters_or_numbers() -> None:
    assert Contract(4, "S", 1) == Contract.from_str("4SX") and bt.Bid(3, "nt") == bt.Bid(3, Strain.NT)
    assert Seat.parse(2) is Seat.S and bt.Auction(0, ["1S"]).dealer is Seat.N


def test_a_seat_or_strain_is_not_read_from_another_enums_member() -> None:
    # Seat.parse(Vul.NS) was East and Strain.parse(Seat.S) hearts: each is an int
    for parse, other in ((Seat.parse, Vul.NS), (Seat.parse, True), (Strain.parse, Seat.S)):
        with pytest.raises(bt.BridgeError, match="not a s"):
            parse(other)  # type: ignore[operator]
    assert Strain.parse(Suit.S) is Strain.S  # a suit is the strain of its name


def test_a_bad_strain_in_a_bid_is_a_bridge_error() -> None:
    with pytest.raises(bt.BridgeError, match="not a strain"):
        bt.Bid(1, "Z")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("parse", "what"),
    [(Vul.parse, "vulnerability"), (Contract.from_str, "contract"), (bt.Call.parse, "call"),
     (Card.parse, "card"), (Suit.parse, "suit"), (Rank.parse, "rank"), (Strain.parse, "strain"),
     (Seat.parse, "seat"), (Deal.from_pbn, "deal"), (Hand.from_pbn, "hand"), (Hand.parse, "hand")],
)
def test_a_value_that_is_not_text_is_a_notation_error_naming_what_it_is_not(parse: object, what: str) -> None:
    # a JSON number or null where a string belongs, say
    with pytest.raises(NotationError, match=f"not a {what}: None"):
        parse(None)  # type: ignore[operator]


@pytest.mark.parametrize(("suit", "rank"),
                         [(Suit.S, 14), ("S", "A"), (3, 14), ("s", Rank.ACE), (Suit.S, "A")])
def test_a_card_takes_its_suit_and_rank_as_letters_or_numbers(suit: object, rank: object) -> None:
    card = Card(suit, rank)  # type: ignore[arg-type]
    assert card == Card.parse("SA") and type(card.suit) is Suit and type(card.rank) is Rank


@pytest.mark.parametrize(("suit", "rank", "named"), [
    ("Q", 14, "suit"), (4, 14, "suit"), (Suit.S, 1, "rank"), (Suit.S, 15, "rank"), (Suit.S, "Z", "rank"),
    (Suit.S, True, "rank"),
])
def test_a_card_of_no_such_suit_or_rank_is_refused_naming_which(suit: object, rank: object,
                                                               named: str) -> None:
    with pytest.raises(bt.BridgeError, match=f"card's {named}"):
        Card(suit, rank)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", [4.5, True, "4", 0.0, 8])
def test_a_contracts_level_is_a_whole_number_1_to_7(level: object) -> None:
    with pytest.raises(bt.BridgeError, match="level"):
        Contract(level, Strain.S)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", [1.5, True, "1", 0])
def test_a_bids_level_is_a_whole_number_1_to_7(level: object) -> None:
    with pytest.raises(bt.BridgeError, match="level"):
        bt.Bid(level, Strain.S)  # type: ignore[arg-type]


def test_a_deal_is_indexed_by_seat_and_says_so_when_it_is_not() -> None:
    deal = Deal.from_pbn(DEAL)
    assert deal[0] == deal["N"] == deal[Seat.N]
    with pytest.raises(bt.BridgeError, match="indexed by seat"):
        deal[9]
