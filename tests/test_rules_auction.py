"""The auction, as Laws 17-22 describe it: turns, sufficient bids, doubles, redoubles, the end, declarer."""

from __future__ import annotations

import pytest

import bridgetools as bt
from bridgetools.model import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Contract, Seat, Strain
from bridgetools.rules import Auction


def auction(*calls: str, dealer: Seat = Seat.N) -> Auction:
    return Auction(dealer, calls=list(calls))


def illegal(calls: list[str], call: str, dealer: Seat = Seat.N) -> str:
    """The message of the IllegalCallError that ``call`` raises after ``calls``."""
    a = Auction(dealer, calls)
    with pytest.raises(bt.IllegalCallError) as caught:
        a.add(call)
    return str(caught.value)


# Turns (Law 17) -------------------------------------------------------------------------------
def test_dealer_calls_first_then_each_player_in_clockwise_rotation() -> None:
    a = auction(dealer=Seat.W)
    seats = []
    for call in ("1C", "P", "1H", "P"):
        seats.append(a.turn)
        a.add(call)
    assert seats == [Seat.W, Seat.N, Seat.E, Seat.S]


def test_dealer_may_be_named_by_letter() -> None:
    assert Auction("e", ["1S"]).dealer is Seat.E


# Sufficient bids (Law 18) ---------------------------------------------------------------------
def test_any_bid_may_open_the_auction() -> None:
    assert auction().legal_calls()[1:] == list(ALL_BIDS)


def test_a_higher_strain_at_the_same_level_is_sufficient() -> None:
    assert auction("1D", "1H").calls[-1] == Bid(1, Strain.H)


def test_notrump_outranks_spades() -> None:
    assert auction("1S", "1NT").calls[-1] == Bid(1, Strain.NT)


def test_more_tricks_in_a_lower_strain_is_sufficient() -> None:
    assert auction("1NT", "2C").calls[-1] == Bid(2, Strain.C)


def test_a_lower_bid_is_insufficient() -> None:
    message = illegal(["2C"], "1S")
    assert "insufficient bid" in message and "Law 18" in message


def test_repeating_the_last_bid_is_insufficient() -> None:
    assert "insufficient" in illegal(["1S", "P"], "1S")


def test_an_insufficient_bid_is_insufficient_after_passes_and_doubles_too() -> None:
    assert "insufficient" in illegal(["1H", "X", "P"], "1D")


# Doubles (Law 19A) ----------------------------------------------------------------------------
def test_why_illegal_reads_a_call_given_as_a_string_as_add_does() -> None:
    after = auction("1S")
    assert (after.why_illegal("1C") or "").startswith("insufficient bid: 1C does not supersede 1S")
    assert after.why_illegal("XX") == "nothing to redouble: the last bid has not been doubled (Law 19B1)"
    assert after.why_illegal("2C") is None
    with pytest.raises(bt.NotationError, match="not a call"):
        after.why_illegal("1Q")


def test_an_annotation_past_the_last_call_is_refused_not_dropped() -> None:
    alert = bt.Annotation(alert=True)
    with pytest.raises(bt.BridgeError, match="3 annotations for 2 calls"):
        Auction(Seat.N, ["1S", "P"], [None, None, alert])
    assert Auction(Seat.N, ["1S", "P"], [alert, None, None]).annotations == (alert, None)


def test_annotating_a_call_not_made_names_the_auctions_length() -> None:
    with pytest.raises(IndexError, match="no call 5 in an auction of 1 calls"):
        auction("1S").annotate(5, bt.Annotation(alert=True))


def test_an_opponents_bid_may_be_doubled() -> None:
    assert auction("1S", "X").calls[-1] is DOUBLE


def test_an_opponents_bid_may_be_doubled_after_two_passes() -> None:
    assert auction("1S", "P", "P", "X").calls[-1] is DOUBLE


def test_nothing_can_be_doubled_before_a_bid() -> None:
    assert "no bid has been made" in illegal(["P"], "X")


def test_partners_bid_cannot_be_doubled() -> None:
    message = illegal(["1S", "P"], "X")
    assert "your own side" in message and "Law 19A" in message


def test_a_doubled_bid_cannot_be_doubled_again() -> None:
    assert "already doubled" in illegal(["1S", "X", "P"], "X")


def test_a_redoubled_bid_cannot_be_doubled() -> None:
    assert "already doubled" in illegal(["1S", "X", "XX"], "X")


# Redoubles (Law 19B) --------------------------------------------------------------------------
def test_the_doubled_side_may_redouble() -> None:
    assert auction("1S", "X", "XX").contract is None  # legal, and the auction goes on


def test_the_doubled_bidder_may_redouble_after_two_passes() -> None:
    assert auction("1S", "X", "P", "P", "XX").calls[-1] is REDOUBLE


def test_the_doubling_side_cannot_redouble() -> None:
    message = illegal(["1S", "X", "P"], "XX")
    assert "only the side whose bid was doubled" in message and "Law 19B" in message


def test_an_undoubled_bid_cannot_be_redoubled() -> None:
    assert "has not been doubled" in illegal(["1S", "P"], "XX")


def test_a_redoubled_bid_cannot_be_redoubled_again() -> None:
    assert "already redoubled" in illegal(["1S", "X", "XX", "P", "P"], "XX")


def test_a_new_bid_cancels_double_and_redouble() -> None:
    a = auction("1S", "X", "XX", "2H", "P", "P", "P")
    assert a.contract == Contract(2, Strain.H, 0)


def test_after_a_new_bid_the_earlier_double_no_longer_blocks_doubling() -> None:
    assert auction("1S", "X", "2H", "X").current_contract == Contract(2, Strain.H, 1)


# The end of the auction (Law 22) --------------------------------------------------------------
def test_three_passes_after_a_call_end_the_auction() -> None:
    assert auction("1S", "P", "P", "P").is_complete


def test_two_passes_after_a_call_do_not_end_it() -> None:
    a = auction("1S", "P", "P")
    assert not a.is_complete and a.contract is None and a.declarer is None


def test_three_passes_after_a_double_end_the_auction() -> None:
    a = auction("1S", "X", "P", "P", "P")
    assert a.is_complete and a.contract == Contract(1, Strain.S, 1)


def test_three_opening_passes_leave_the_fourth_player_free_to_open() -> None:
    a = auction("P", "P", "P")
    assert not a.is_complete and a.legal_calls()[0] is PASS and Bid(1, Strain.C) in a.legal_calls()


def test_four_passes_pass_the_board_out() -> None:
    a = auction("P", "P", "P", "P")
    assert a.is_complete and a.is_passed_out
    assert a.contract is None and a.declarer is None and a.final_contract == Contract.PASSED_OUT


def test_no_call_may_follow_the_end_of_the_auction() -> None:
    assert "auction is over" in illegal(["1S", "P", "P", "P"], "P")


def test_a_call_after_the_end_is_not_said_to_be_made_by_nobody() -> None:
    assert illegal(["1S", "P", "P", "P"], "P") == "illegal call Pass (call 5): the auction is over (Law 22A)"


def test_no_call_is_legal_once_the_auction_is_over() -> None:
    assert auction("P", "P", "P", "P").legal_calls() == []


def test_the_longest_auction_has_319_calls() -> None:
    # three passes, then every bid from 1C to 7NT doubled and redoubled with two passes between
    # each call (9 calls a bid), then the final three passes: 3 + 35 * 9 + 1 = 319
    calls = ["P", "P", "P"]
    for bid in ALL_BIDS:
        calls += [str(bid), "P", "P", "X", "P", "P", "XX", "P", "P"]
    a = Auction(Seat.N, [*calls, "P"])
    assert len(a) == 3 + 35 * 9 + 1 == 319
    assert a.is_complete and str(a.contract) == "7NTXX"


# The contract and declarer (Law 22 and the definitions) ----------------------------------------
def test_the_last_bid_with_its_doubling_becomes_the_contract() -> None:
    assert str(auction("1S", "X", "XX", "P", "P", "P").contract) == "1SXX"


def test_declarer_is_the_first_of_the_side_to_name_the_final_strain() -> None:
    # North opens 1C, South names hearts, North raises: South first named hearts
    a = auction("1C", "P", "1H", "P", "2H", "P", "4H", "P", "P", "P")
    assert a.declarer is Seat.S


def test_declarer_need_not_have_made_the_final_bid() -> None:
    a = auction("1S", "P", "4S", "P", "P", "P")
    assert a.declarer is Seat.N


def test_an_opponent_naming_the_strain_first_does_not_make_them_declarer() -> None:
    # East opens 1H, North cue-bids 2H, South bids 4H: North first named hearts for North-South
    a = auction("1H", "P", "P", "2H", "P", "4H", "P", "P", "P", dealer=Seat.E)
    assert a.declarer is Seat.N


def test_declarer_of_a_doubled_contract_is_on_the_side_that_bid_it() -> None:
    a = auction("1S", "X", "P", "P", "P")
    assert a.declarer is Seat.N


# Legal calls and errors -----------------------------------------------------------------------
def test_legal_calls_include_double_of_an_opponents_bid() -> None:
    legal = auction("1S").legal_calls()
    assert legal[:2] == [PASS, DOUBLE] and legal[2] == Bid(1, Strain.NT) and REDOUBLE not in legal


def test_legal_calls_include_redouble_for_the_doubled_side() -> None:
    legal = auction("1S", "X").legal_calls()
    assert legal[:2] == [PASS, REDOUBLE] and DOUBLE not in legal


def test_the_error_names_the_player_and_the_call() -> None:
    message = illegal(["2C"], "1S")
    assert "1S" in message and "East" in message and "call 2" in message


def test_a_bad_call_string_is_a_bridge_error() -> None:
    with pytest.raises(bt.BridgeError, match="not a call"):
        auction("1Z")


def test_annotations_stay_with_their_calls() -> None:
    note = bt.Annotation(alert=True, explanation="strong")
    a = Auction(Seat.N, ["2C", "P"], annotations=[note, None])
    assert a.annotations == (note, None)


def test_repr_gives_the_calls_back() -> None:
    assert repr(auction("1S", "P")) == "Auction(Seat.N, ['1S', 'Pass'])"


def test_undo_takes_back_the_last_call_and_what_it_did() -> None:
    a = Auction(Seat.N, ["1S", "X", "XX"])
    assert a.undo() is REDOUBLE and a.turn is Seat.S and REDOUBLE in a.legal_calls()
    assert a.undo() is DOUBLE and DOUBLE in a.legal_calls() and a.current_contract == Contract(1, Strain.S)


def test_undo_reopens_a_completed_auction() -> None:
    a = Auction(Seat.N, ["1S", "P", "P", "P"])
    a.undo()
    assert not a.is_complete and a.contract is None and a.turn is Seat.W


def test_nothing_to_undo_before_the_first_call() -> None:
    with pytest.raises(bt.IllegalCallError, match="nothing to undo"):
        Auction(Seat.N).undo()


def test_a_copy_goes_on_without_changing_the_original() -> None:
    a = Auction(Seat.N, ["1S"])
    b = a.copy()
    b.add("2S")
    assert a.calls == (Bid(1, Strain.S),) and len(b) == 2 and a.turn is Seat.E


def test_the_final_contract_and_declarer_follow_an_undone_auction() -> None:
    """Worked out once for a complete auction, they change with it when its last calls are undone
    and others made (Law 22: the first of the side to name the strain declares)."""
    auction = Auction(Seat.N, "1S P 4S P P P")
    assert (auction.final_contract, auction.declarer) == (Contract.from_str("4S"), Seat.N)
    for _ in range(3):
        auction.undo()
    assert auction.final_contract is None and auction.declarer is None
    auction.add_calls_if_legal([DOUBLE, PASS, PASS, PASS])
    assert (auction.final_contract, auction.declarer) == (Contract.from_str("4SX"), Seat.N)
    for _ in range(5):
        auction.undo()
    for call in ("P", "2H", "P", "P", "P"):
        auction.add(call)
    assert (auction.final_contract, auction.declarer) == (Contract.from_str("2H"), Seat.W)
    assert auction.copy().declarer == Seat.W


# The calls as codes (what exports read) -------------------------------------------------------
def _codes_of(a: Auction) -> bytes:
    return bytes(3 + c.index if isinstance(c, Bid) else (PASS, DOUBLE, REDOUBLE).index(c) for c in a.calls)


def test_codes_are_pass_double_redouble_then_the_bids_upwards() -> None:
    assert Auction(Seat.N, "1C X XX 7NT P P P").codes == bytes([3, 1, 2, 37, 0, 0, 0])


def test_codes_follow_calls_made_at_once_one_by_one_and_undone() -> None:
    calls = [Bid(1, Strain.S), DOUBLE, REDOUBLE, Bid(2, Strain.H), PASS, PASS, DOUBLE, PASS, PASS, PASS]
    at_once = Auction(Seat.E)
    assert at_once.add_calls_if_legal(calls[:4]) and at_once.add_calls_if_legal(calls[4:])
    one_by_one = Auction(Seat.E, calls)
    assert at_once.codes == one_by_one.codes == _codes_of(one_by_one)
    assert not at_once.add_calls_if_legal([PASS]) and at_once.codes == _codes_of(at_once)
    while len(at_once):
        at_once.undo()
        assert at_once.codes == _codes_of(at_once)


def test_codes_survive_copying_and_pickling() -> None:
    import pickle

    a = Auction(Seat.S, "1N P 2C")
    b = a.copy()
    b.add("X")
    c = pickle.loads(pickle.dumps(a))
    assert a.codes == _codes_of(a) and b.codes == _codes_of(b) and c.codes == a.codes and c == a


@pytest.mark.parametrize("calls", ["1S AP", "1S all pass", "1S All Pass"])
def test_all_pass_ends_the_auction_with_three_passes(calls: str) -> None:
    assert Auction(Seat.N, calls).calls == Auction(Seat.N, "1S P P P").calls


def test_all_pass_at_the_start_passes_the_board_out() -> None:
    assert Auction(Seat.E, "AP").is_passed_out


def test_all_pass_after_the_end_is_illegal() -> None:
    with pytest.raises(bt.IllegalCallError):
        Auction(Seat.N, "1S P P P AP")


def test_an_illegal_call_says_which_call_whose_and_where() -> None:
    with pytest.raises(bt.IllegalCallError) as refused:
        Auction(Seat.N, "1S P 1H")
    error = refused.value
    assert (error.call, error.seat, error.number) == (Bid(1, Strain.H), Seat.S, 3)
    assert error.reason is not None and "Law 18" in error.reason
