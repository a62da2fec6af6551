"""A LIN call that cannot be read (``mb|zz|``) loses nothing else: it took its player's turn, the calls after
it are kept as written, and the contract they give whatever it was is read, with the play and result."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from bridgetools import Board, Seat, dumps, loads
from bridgetools.board.leftovers import calls_kept, cards_kept
from bridgetools.errors import ParseError
from bridgetools.formats import lin
from bridgetools.formats.lin_calls import outcomes_past_unread
from bridgetools.formats.pbn_write import KEPT_CALLS, KEPT_CARDS
from bridgetools.model import Call, Card
from bridgetools.rules import Auction

LIN_DATA = Path(__file__).parent / "data" / "lin"
EXAMPLE = (LIN_DATA / "endplay__example1.lin").read_text("utf-8").splitlines()[3]
"""Board 4 of endplay's example: West deals, p p p 1H p 2H p 4H p p p, 4H by South, ten tricks, West leads."""


def with_call(nth: int, value: str, text: str = EXAMPLE) -> str:
    """``text`` with the value of its ``nth`` call (from 1) written ``value``."""
    spots = list(re.finditer(r"mb\|[^|]*\|", text))
    spot = spots[nth - 1]
    return f"{text[:spot.start()]}mb|{value}|{text[spot.end():]}"


def read_one(text: str) -> Board:
    (board,) = loads(text, "lin")
    return board


def test_an_unreadable_call_keeps_the_contract_play_and_result_the_other_calls_give() -> None:
    board = read_one(with_call(1, "zz"))
    assert (str(board.contract), board.declarer, board.tricks) == ("4H", Seat.S, 10)
    assert board.play is not None and len(board.play.cards) == 52


def test_an_unreadable_call_is_told_at_its_column_and_the_contract_read_noted() -> None:
    text = with_call(1, "zz")
    problem, note = read_one(text).issues
    assert problem.column == note.column == text.index("mb|zz|") + 4
    assert problem.message == ("not a call: 'zz' (expected p, d, r or a bid such as 1S or 3N); this and "
                               "later calls kept as written")
    assert note.is_note and "give 4H by South: read as the contract" in note.message


def test_an_unreadable_call_took_its_players_turn_so_the_calls_after_it_keep_their_seats() -> None:
    """South's 1H unreadable: North's 2H would make North declarer were it the first heart, but West's lead
    says South declares; the calls before it stay in the auction, the rest as written."""
    board = read_one(with_call(4, "1Q"))
    assert (str(board.contract), board.declarer, board.tricks) == ("4H", Seat.S, 10)
    assert board.auction is not None and [str(c) for c in board.auction.calls] == ["Pass"] * 3
    assert "the calls after it and the opening lead give" in board.issues[1].message


def test_the_opening_lead_tells_which_declarer_an_unreadable_call_leaves_open() -> None:
    auction = Auction(Seat.W, ["Pass", "Pass", "Pass"])
    after = [None, *map(Call.parse, ["Pass", "2H", "Pass", "4H", "Pass", "Pass", "Pass"])]
    deal = read_one(EXAMPLE).deal
    both = outcomes_past_unread(auction, after, deal, None, played=True)
    assert sorted(declarer.name for _, declarer in both if declarer is not None) == ["N", "S"]
    play = read_one(EXAMPLE).play
    assert play is not None
    led = outcomes_past_unread(auction, after, deal, play.cards[0], played=True)
    assert [(str(c), d) for c, d in led] == [("4H", Seat.S)]


def test_a_contract_the_calls_leave_open_keeps_the_play_as_written_and_says_so() -> None:
    board = read_one(with_call(8, "4Q"))  # South's 4H: any bid from 2S up
    assert board.contract is None and board.play is None
    warning = board.issues[1].message
    assert warning.startswith("play after a call that cannot be read, where the calls after it leave the "
                              "contract open (2S by South or 2NT by South or 3C by South or 3D by South or ")
    assert "pc|C6|" in dumps([board], "lin")  # the cards are kept as written


def test_a_second_unreadable_call_is_told_too() -> None:
    board = read_one(with_call(6, "zz", with_call(4, "1Q")))
    assert [i.message.split(";")[0] for i in board.issues if not i.is_note] == [
        "not a call: '1Q' (expected p, d, r or a bid such as 1S or 3N)",
        "not a call: 'zz' (expected p, d, r or a bid such as 1S or 3N)",
    ]
    assert (str(board.contract), board.declarer) == ("4H", Seat.S)


def test_lin_with_an_unreadable_call_comes_back_as_it_was_read() -> None:
    board = read_one(with_call(1, "zz"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing is lost
        again = read_one(dumps([board], "lin"))
    again.issues = board.issues
    assert again == board


def test_an_unreadable_call_with_no_play_still_gives_the_contract_and_lin_keeps_it() -> None:
    text = EXAMPLE[:EXAMPLE.index("pg||")]
    board = read_one(with_call(1, "zz", text))
    assert (str(board.contract), board.declarer, board.tricks) == ("4H", Seat.S, None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = read_one(dumps([board], "lin"))
    assert (again.contract, again.declarer) == (board.contract, board.declarer)


def test_pbn_keeps_the_unreadable_call_and_the_calls_after_it_in_their_turns() -> None:
    board = read_one(with_call(1, "zz"))
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "pbn")
    assert '[Auction "W"]\r\nzz Pass Pass 1H =1=\r\nPass 2H =2= Pass 4H =3=\r\nPass Pass Pass\r\n' in text
    assert [str(w.message) for w in caught] == [f"{KEPT_CALLS} (1 board)"]  # altered, nothing left out
    (again,) = loads(text, "pbn")
    assert [(k.call, k.explanation is None) for k in calls_kept(again)] == [(k.call, k.explanation is None)
                                                                           for k in calls_kept(board)]


def test_lin_through_pbn_and_back_keeps_the_calls_contract_and_play() -> None:
    board = read_one(with_call(1, "zz"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PBN says how it writes the calls kept as written
        pbn = dumps([board], "pbn")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing is lost on the way back
        text = dumps(loads(pbn, "pbn"), "lin")
    assert "mb|zz|mb|p|mb|p|mb|1H|an|Major suit opening" in text
    again = read_one(text)
    assert (again.contract, again.declarer, again.tricks) == (board.contract, board.declarer, board.tricks)
    assert again.play is not None and board.play is not None and again.play.cards == board.play.cards


def test_lin_through_pbn_and_back_pauses_after_the_last_call_when_the_first_cannot_be_read() -> None:
    """BBO's ``pg||`` after the auction follows the calls kept as written too: an auction whose first call
    cannot be read holds no call of its own, and the pause was left out."""
    end_of_auction = "mb|4H|an|5+ !H; 17-21 HCP; 18-22 total points|mb|p|mb|p|mb|p|pg||pc|C6|"
    source = with_call(1, "zz")
    assert end_of_auction in source
    (from_pbn,) = loads(_pbn_of(read_one(source)), "pbn")
    assert end_of_auction in dumps([from_pbn], "lin")


def test_a_pbn_auction_with_an_unreadable_call_keeps_its_contract_and_play_in_lin() -> None:
    board = read_one(with_call(4, "1Q"))
    pbn = _pbn_of(board)
    (from_pbn,) = loads(pbn.replace("1Q", "1q"), "pbn")  # a PBN file's own unreadable call
    assert from_pbn.contract is not None and from_pbn.play is not None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = dumps([from_pbn], "lin")
    again = read_one(text)
    assert "mb|1q|" in text
    assert (again.contract, again.declarer, again.tricks) == (from_pbn.contract, from_pbn.declarer,
                                                              from_pbn.tricks)


def _pbn_of(board: Board) -> str:
    """``board`` as PBN, its writer's warnings (of the calls kept as written) let pass."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return dumps([board], "pbn")


def test_a_call_no_pbn_word_can_hold_is_named_left_out_of_pbn_with_the_calls_after_it() -> None:
    board = read_one(with_call(1, "z="))
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "pbn")
    assert '[Contract "4H"]' in text and '[Result "10"]' in text
    assert "from call 1 of the auction on (LIN mb|): not a call: 'z='" in str(caught[0].message)


def test_lin_writes_the_cards_of_calls_that_leave_the_contract_open_as_its_reader_keeps_them() -> None:
    """Two calls that cannot be read leave the contract open: PBN's Contract tag says it, LIN cannot (it
    says a contract by its calls), so it names the contract lost, and writes the cards all the same."""
    pbn = _pbn_of(read_one(EXAMPLE)).replace("1H =1=", "1Q =1=").replace("4H =3=", "4Q =3=")
    (from_pbn,) = loads(pbn, "pbn")
    assert from_pbn.contract is not None and from_pbn.play is not None
    with pytest.warns(UserWarning, match="contract and result, the play as a play") as caught:
        text = dumps([from_pbn], "lin")
    assert "the play, where the auction" not in str(caught[0].message)
    assert "pc|C6|pc|C7|" in text  # the cards, kept as written by the reader


def test_strict_reading_stops_at_an_unreadable_call() -> None:
    with pytest.raises(ParseError, match="not a call: 'zz'"):
        loads(with_call(1, "zz"), "lin", strict=True)


@pytest.mark.parametrize("path", sorted(LIN_DATA.glob("*.lin")), ids=lambda p: p.name)
def test_any_one_call_unreadable_gives_the_files_contract_or_none(path: Path) -> None:
    """Each call of each played board of the LIN corpus made unreadable in turn: the contract, declarer and
    tricks read are the file's, or unknown; never another (most are the file's: 556 of 613 calls)."""
    for board in loads(path.read_text("utf-8", errors="replace"), "lin"):
        if board.issues or board.auction is None or not board.auction.is_complete or board.play is None:
            continue
        text = lin.to_lin(board)
        for nth in range(1, len(board.auction.calls) + 1):
            again = read_one(with_call(nth, "zz", text))
            if again.contract is not None:
                assert (again.contract, again.declarer, again.tricks) == (board.contract, board.declarer,
                                                                          board.tricks)


def test_pbn_writes_cards_of_calls_leaving_the_contract_open_under_their_holders_from_the_leader() -> None:
    """PBN's Play section needs the opening leader, which the deal gives (the first card's holder), not the
    contract: the cards are written four a trick under their holders, none named left out."""
    board = read_one(with_call(8, "4Q"))  # the contract left open; West leads
    assert board.play is None
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "pbn")
    assert [str(w.message) for w in caught if "(LIN pc|):" in str(w.message)] == []  # none left out
    assert '[Play "W"]' in text and '[Contract "?"]' in text
    (again,) = loads(text, "pbn")
    rows, deal = again.extra["pbn"].play_rows, board.deal
    assert rows is not None and deal is not None
    kept = [str(card) for card in cards_kept(board)]
    tricks = [set(kept[t:t + 4]) for t in range(0, len(kept), 4)]
    assert [{item[0] for item in row} - {"-"} for row in rows] == tricks
    assert all(deal.holder(Card.parse(item[0])) == Seat.W.offset(column)
               for row in rows for column, item in enumerate(row) if item[0] != "-")


WRONG_LEADER = ("md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|ah|Board 1|"
                "mb|1C|mb|p|mb|p|mb|p|pc|C2|pc|C3|pc|CT|pc|CA|")
"""1C by North, but West leads: the cards cannot be played under the contract (East leads)."""


def test_pbn_names_cards_a_known_contract_cannot_play_left_out_not_seated_from_their_first_holder() -> None:
    """Under a known contract the opening leader is the contract's: West's cards written from West would
    read back as a Play section a reader refuses, and LIN again would reorder them."""
    board = read_one(WRONG_LEADER)
    assert str(board.contract) == "1C" and board.play is None
    assert cards_kept(board) == ()
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "pbn")
    assert "[Play " not in text
    assert any("card C2 and the 3 cards after it (LIN pc|)" in str(w.message) for w in caught)


def test_the_warning_of_cards_written_to_pbn_with_no_contract_says_lin_again_loses_them() -> None:
    """The PBN reader keeps them, but PBN -> LIN names them left out: the warning says so, not that they
    survive the way back."""
    board = read_one(with_call(8, "4Q"))
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "pbn")
    assert any(str(w.message).startswith(KEPT_CARDS) for w in caught)
    assert KEPT_CARDS.endswith("PBN -> LIN names them left out")
    with pytest.warns(UserWarning) as back:
        dumps(loads(text, "pbn"), "lin")
    assert any("LIN has no place for PBN play as written" in str(w.message) for w in back)


def test_cards_kept_on_a_board_with_no_deal_are_named_left_out_by_pbn() -> None:
    """With no hands to seat them by, cards after a call that cannot be read are no Play section: PBN names
    them left out (the writer stopped with an IndexError)."""
    board = read_one("ah|Board 7|mb|zz|pc|S2|")
    assert board.deal is None and cards_kept(board) == (Card.parse("S2"),)
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "pbn")
    assert "[Play " not in text and "[Board \"7\"]" in text
    assert any("board 7's card S2 (LIN pc|)" in str(w.message) for w in caught)


def test_calls_before_any_board_opened_are_told_where_they_stand_once() -> None:
    """Calls before any ``md``, ``ah`` or ``qx`` have no dealer to seat them: no board holds them, they
    are kept as written, and the first of them is told at its column (they were read without a word)."""
    (board,) = loads("mb|1C|mb|zz|mb|p|ah|Board 1|", "lin")
    assert board.auction is None
    assert [(i.line, i.column, i.message) for i in board.issues] == [
        (1, 1, "a call before the dealer is known (before any board's md, ah or qx): no board holds it; "
               "kept as written"),
    ]


def test_the_calls_kept_as_written_are_read_from_a_record_s_events_by_one_walk() -> None:
    """An ``an`` before the first kept call is a legal call's second explanation, not a kept call's: the
    writer, the diagram and the losses named all leave it out (`kept_call_events`)."""
    from bridgetools.formats.lin_codes import kept_call_events
    events = [(0, "an", "or strong"), (1, "MB", "zz"), (2, "pg", None), (3, "an", "asks"), (4, "mb", "p")]
    assert kept_call_events(events) == [("mb", "zz"), ("an", "asks"), ("mb", "p")]
