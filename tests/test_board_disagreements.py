"""A board's facts checked against each other in every format that gives them apart (PBN's tags, JSON's
fields, RBN's lines): a hand of 12 cards, a contract, declarer or dealer other than the auction's, tricks
other than the play's; each told, by the same words, and kept as the file gives it."""

from __future__ import annotations

import io
import json

import pytest

from bridgetools import Auction, Board, Deal, Play, Seat, dumps, loads
from bridgetools.errors import NOTE
from bridgetools.formats import jsonfmt

DEAL = "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"
CALLS = [{"call": "1C"}, {"call": "Pass"}, {"call": "Pass"}, {"call": "Pass"}]


def _json_messages(**fields: object) -> list[str]:
    text = json.dumps({"schema": "bridgetools.board/3", "boards": [{"number": 2, "deal": DEAL, **fields}]})
    [board] = jsonfmt.read_boards(io.StringIO(text), "t.json")
    return [issue.message for issue in board.issues]


def test_a_json_contract_and_declarer_other_than_the_auctions_are_told_and_kept() -> None:
    text = json.dumps({"schema": "bridgetools.board/3", "boards": [{
        "number": 2, "deal": DEAL, "auction": {"dealer": "E", "calls": CALLS}, "contract": "4S",
        "declarer": "N", "tricks": 9}]})
    [board] = jsonfmt.read_boards(io.StringIO(text), "t.json")
    assert [issue.message for issue in board.issues] == [
        "contract 4S differs from the auction's 1C (board 2): the field is kept",
        "declarer N differs from the auction's E (board 2): the field is kept"]
    assert (str(board.contract), board.declarer) == ("4S", Seat.N)


def test_a_json_dealer_other_than_the_auctions_is_told() -> None:
    assert _json_messages(dealer="S", auction={"dealer": "E", "calls": CALLS}) == [
        "dealer S differs from the auction's dealer E: both kept, the calls made from E"]


def test_a_json_hand_of_twelve_cards_is_told_as_pbns_deal_is() -> None:
    short = DEAL.replace("AQJT ", "AQJ ", 1)
    text = json.dumps({"schema": "bridgetools.board/3", "boards": [{"number": 2, "deal": short}]})
    [board] = jsonfmt.read_boards(io.StringIO(text), "t.json")
    [pbn] = loads(f'[Board "2"]\n[Deal "{short}"]\n', "pbn")
    [issue] = board.issues
    assert issue.message == ("deal: the hands hold different numbers of cards (North 12, East 13, South 13, "
                             "West 13): a card left out?")
    assert issue.message.partition(":")[2] == pbn.issues[0].message.partition(":")[2]


def test_a_problem_a_json_file_kept_from_its_pbn_is_not_told_again() -> None:
    [pbn] = loads(f'[Board "2"]\n[Dealer "E"]\n[Deal "{DEAL}"]\n[Contract "4S"]\n[Declarer "E"]\n'
                  '[Result "9"]\n[Auction "E"]\n1C Pass Pass Pass\n', "pbn")
    out = io.StringIO()
    jsonfmt.write_boards([pbn], out)
    [board] = jsonfmt.read_boards(io.StringIO(out.getvalue()), "t.json")
    assert [issue.message for issue in board.issues] == [
        "Contract 4S differs from the auction's 1C (board 2): the tag is kept"]


def test_an_rbn_hand_of_twelve_cards_and_a_contract_other_than_the_auctions_are_told() -> None:
    hands = DEAL.replace("AQJT ", "AQJ ", 1).replace(" ", ":")
    [board] = loads(f"B 2\nH {hands}\nA EN:1CPPP\nC 4S:N\nR 9\n", "rbn")
    assert [(issue.line, issue.message) for issue in board.issues] == [
        (2, "RBN: H line: the hands hold different numbers of cards (North 12, East 13, South 13, West 13): "
            "a card left out?"),
        (4, "RBN: C line's contract 4S differs from the auction's 1C (board 2): the line is kept"),
        (4, "RBN: C line's declarer N differs from the auction's E (board 2): the line is kept")]


def test_an_rbn_hand_of_twelve_beside_a_fourth_left_out_is_named_not_the_fourth() -> None:
    # East has 12: South, the cards left, held 14 and was blamed ("South has 14 cards (at most 13)")
    [board] = loads("B 4\nH W:Q983.Q54.Q84.J84:7.T9.A9752.KQ973:KJT654.K72.T6.A\n", "rbn")
    assert [issue.message for issue in board.issues] == [
        "RBN: H line: the hands hold different numbers of cards (West 13, North 13, East 12): "
        "a card left out?"]
    assert board.deal is not None and board.deal[Seat.S] is None and len(board.deal[Seat.W]) == 13


def test_an_rbn_deal_of_uneven_hands_names_each_seat_in_the_h_lines_order() -> None:
    # as PBN's Deal and LIN's md name theirs: North, East, West whatever seat the line starts from
    [board] = loads("B 4\nH E:KJT654.K72.T6.A::Q983.Q54.Q84.J84:7.T9.A9752.KQ97\n", "rbn")
    assert [issue.message for issue in board.issues] == [
        "RBN: H line: the hands hold different numbers of cards (East 12, West 13, North 12): "
        "a card left out?"]


def test_an_rbn_line_of_three_twelve_card_hands_and_a_fourth_left_out_is_told() -> None:
    # West, North and East hold 12 each: South, not the 16 cards left, is unknown; it was read silently
    [board] = loads("B 3\nH W:94.A76.QJ98.KJT:A65.J4.A764.A98:QJT73.9852.K3.Q:\nA EB:1SPPP\n", "rbn")
    assert [(issue.line, issue.column, issue.message) for issue in board.issues] == [
        (2, 3, "RBN: H line: three hands of 12 cards and South left out: South's hand is left unknown (the "
               "cards left make a hand only beside three of 13)")]
    assert board.deal is not None and board.deal[Seat.S] is None


def test_a_pbn_deal_of_uneven_hands_names_each_seat_in_the_deals_order() -> None:
    [board] = loads('[Board "4"]\n[Deal "W:Q983.Q54.Q84.J84 7.T9.A9752.KQ973 KJT654.K72.T6.A -"]\n', "pbn")
    assert [issue.message for issue in board.issues] == [
        "Deal: the hands hold different numbers of cards (West 13, North 13, East 12): a card left out?"]


def _played_out() -> dict[str, object]:
    """Board 2's JSON fields: the auction, its 13 tricks (each card the first legal one) and tricks one
    more than they give."""
    auction = Auction(Seat.E, ["1C", "P", "P", "P"])
    play = Play(Deal.from_pbn(DEAL), auction.contract, auction.declarer)
    while len(play.cards) < 52:
        play.add(play.legal_cards()[0])
    cards = [str(card) for card in play.cards]
    return {"auction": {"dealer": "E", "calls": CALLS},
            "play": {"contract": "1C", "declarer": "E", "cards": cards}, "tricks": play.declarer_tricks + 1}


def test_tricks_other_than_the_plays_name_the_board_and_say_what_is_kept_as_their_siblings_do() -> None:
    # It said "tricks 8 differs from the 7 tricks the play gives", with neither the board nor what stood.
    fields = _played_out()
    played = int(str(fields["tricks"])) - 1
    assert _json_messages(**fields) == [
        f"tricks {played + 1} differs from the {played} tricks the play gives (board 2): the field is kept"]
    text = json.dumps({"schema": "bridgetools.board/3", "boards": [{"number": 2, "deal": DEAL, **fields}]})
    [board] = loads(dumps([Board(number=2, deal=b.deal, auction=b.auction, play=b.play, tricks=b.tricks)
                           for b in loads(text, "json")], "pbn"), "pbn")
    assert [issue.message for issue in board.issues] == [
        f"Result {played + 1} differs from the {played} tricks the play gives (board 2): the tag is kept"]


def _claimed(tricks: int) -> dict[str, object]:
    """Board 2's JSON fields: the auction, three tricks played (each card the first legal one), a claim of
    ten by declarer and the ``tricks`` given."""
    auction = Auction(Seat.E, ["1C", "P", "P", "P"])
    play = Play(Deal.from_pbn(DEAL), auction.contract, auction.declarer)
    while len(play.cards) < 12:
        play.add(play.legal_cards()[0])
    return {"auction": {"dealer": "E", "calls": CALLS}, "tricks": tricks,
            "play": {"contract": "1C", "declarer": "E", "cards": [str(c) for c in play.cards], "claim": 10}}


def test_tricks_other_than_the_plays_claim_are_a_note_both_kept_as_a_directors_ruling() -> None:
    # tricks 3 beside a claim of 10 was a problem, so --strict and validate refused a file recording a
    # director's ruling on a contested claim (Laws 69-71), which conversion keeps as valid data
    fields = {"number": 2, "deal": DEAL, **_claimed(3)}
    text = json.dumps({"schema": "bridgetools.board/3", "boards": [fields]})
    [board] = jsonfmt.read_boards(io.StringIO(text), "t.json", strict=True)
    assert [(issue.level, issue.message) for issue in board.issues] == [(NOTE, (
        "tricks 3 differs from the 10 tricks the play's claim gives (board 2): both kept (a director may "
        "rule a contested claim otherwise, Laws 69-71)"))]
    assert board.play is not None and (board.tricks, board.play.claimed) == (3, 10)


LIN_RULED = ("vg|Club Teams,Match 1,I,1,1,Home,0,Away,0|\nrs|3NS-1,|\n"
             "pn|Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal|pg||\nqx|o1|st||md|3SK872HQTDQT5CJ653,SQ96H5432DK84CA87,SA53HK76DA962CK92,SJT4HAJ98DJ73CQT4|sv|e|"
             "mb|p|mb|p|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||\nmc|9|pg||\n")
"""Board 1 bid to 3NT by South, ended by a claim of nine, its rs entry the director's eight."""


def test_a_lin_rs_entry_other_than_the_claim_is_the_same_note_as_jsons_both_kept() -> None:
    # the rs entry's 8 tricks beside mc|9| was a warning, as JSON's tricks beside a claim were
    [board] = loads(LIN_RULED, "lin", strict=True)
    [issue] = board.issues
    assert issue.level == NOTE and issue.message.endswith(
        "the play's claim give: both kept (a director may rule a contested claim otherwise, Laws 69-71)")
    assert board.play is not None and (board.tricks, board.play.claimed) == (8, 9)


def test_tricks_the_plays_claim_gives_are_no_problem() -> None:
    assert _json_messages(**_claimed(10)) == []


@pytest.mark.parametrize("text, form", [
    ('[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ2 2345.2345.2345.2 6789.6789.6789.3 T.JT.JT.JT98765"]\n', "pbn"),
    ("md|3SAKQJHAKQDAKQCAKQ2,S2345H2345D2345C2,S6789H6789D6789C3,STHJTDJTCJT98765|ah|Board 1|", "lin"),
])
def test_a_hand_of_fourteen_cards_is_one_problem_not_a_second_of_a_short_hand(text: str, form: str) -> None:
    # the card too many in one hand is the card short in another: "the hands hold different numbers of
    # cards (... West 12): a card left out?" followed, misleading
    [board] = loads(text, form)
    assert [issue.message.split(";")[0] for issue in board.issues] == [
        f"{'North' if form == 'pbn' else 'South'}'s hand has 14 cards (at most 13)"]


FOURTEEN_PBN = "N:AKQJ.AKQ.AKQ.AKQ2 2345.2345.2345.2 6789.6789.6789.3 T.JT.JT.JT98765"
FOURTEEN_MD = "3SAKQJHAKQDAKQCAKQ2,S2345H2345D2345C2,S6789H6789D6789C3,STHJTDJTCJT98765"


def test_a_hand_refused_for_too_many_cards_carries_its_seat_and_count() -> None:
    from bridgetools.errors import TooManyCardsError
    from bridgetools.formats.lin import read_md

    _, [pbn] = Deal.read_pbn(FOURTEEN_PBN)
    _, _, [md] = read_md(FOURTEEN_MD)
    assert isinstance(pbn, TooManyCardsError) and (pbn.seat, pbn.cards) == (Seat.N, 14)
    assert isinstance(md, TooManyCardsError) and (md.seat, md.cards) == (Seat.S, 14)


def test_a_hand_refused_for_too_many_cards_pickles_with_its_seat_count_and_place() -> None:
    # A worker process sends its errors back pickled: this one could not be made again ("missing cards").
    import pickle

    from bridgetools.errors import TooManyCardsError

    _, [refused] = Deal.read_pbn(FOURTEEN_PBN)
    assert isinstance(refused, TooManyCardsError)
    again = pickle.loads(pickle.dumps(refused))
    assert isinstance(again, TooManyCardsError) and str(again) == str(refused)
    assert (again.seat, again.cards) == (Seat.N, 14)
    assert (again.text, again.position) == (refused.text, refused.position)


def test_uneven_hands_knows_a_refused_long_hand_by_its_type_not_its_words() -> None:
    # it searched the error's message for "hand has 14 cards (at most 13)": words, not a fact
    from bridgetools.errors import NotationError, TooManyCardsError
    from bridgetools.formats._deal_checks import uneven_hands

    deal, _ = Deal.read_pbn(FOURTEEN_PBN)
    assert uneven_hands(deal, Seat.N, refused=[TooManyCardsError(Seat.N, 14)]) is None
    worded_alike = NotationError("bad deal: North's hand has 14 cards (at most 13) in the comment")
    assert uneven_hands(deal, Seat.N, refused=[worded_alike]) is not None


def test_tricks_fewer_than_declarer_won_before_the_claim_are_still_a_problem() -> None:
    # declarer won the three tricks played before claiming ten: no ruling on the claim takes one away, so
    # tricks 2 is no director's ruling (it was a note, both kept, and --strict passed it)
    fields = {"number": 2, "deal": DEAL, **_claimed(2)}
    text = json.dumps({"schema": "bridgetools.board/3", "boards": [fields]})
    [board] = jsonfmt.read_boards(io.StringIO(text), "t.json")
    assert [(issue.level, issue.message) for issue in board.issues] == [("warning", (
        "tricks 2 differs from the 10 tricks the play's claim gives (board 2): the field is kept"))]


def test_a_lin_rs_entry_beyond_the_tricks_left_at_the_claim_is_still_a_problem() -> None:
    # the defence won the first trick, so 3NS+4 (thirteen) is beyond any ruling on the claim of nine
    text = LIN_RULED.replace("rs|3NS-1,|", "rs|3NS+4,|").replace(
        "mc|9|", "pc|H2|pc|H6|pc|HA|pc|HT|mc|9|")
    [board] = loads(text, "lin")
    [issue] = board.issues
    assert issue.level == "warning" and "the rs entry stands" in issue.message
