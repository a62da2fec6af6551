"""RBN's P (play), R (result), F (scoring) labels and its alerts and notes: each written from a board that
holds it and read back the same, so a PBN or LIN record goes through RBN without losing its play, result,
scoring or explained calls (Pavlicek's RBN 3.2: P tricks apart by ``:``, a card of the suit led by its
rank alone; ``!`` an alert, ``^n`` a note n on a digit line, which explains the call without alerting it)."""

from __future__ import annotations

import warnings

import pytest

from bridgetools import Board, Deal, Seat, dumps, loads
from bridgetools.model import Annotation
from bridgetools.rules import Auction, Play

DEAL = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
CARDS = "C7 C5 C4 CA SJ S6 S3 SA HK HA H8 H4".split()  # East declares 3NT; South leads


def _played_board(claim: int | None = None) -> Board:
    board = Board(number=1, deal=DEAL, auction=Auction(Seat.N, "P 2N P 3N P P P"))
    board.contract, board.declarer = board.auction.contract, board.auction.declarer  # type: ignore[union-attr]
    board.play = Play(DEAL, "3NT", "E", CARDS)
    if claim is not None:
        board.play.claim(claim)
        board.tricks = claim
    return board


def _quietly(boards: list[Board]) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return dumps(boards, "rbn")


def test_the_play_is_written_trick_by_trick_with_ranks_alone_for_cards_of_the_suit_led() -> None:
    assert "P C754A:SJ63A:HKA84\n" in _quietly([_played_board()])


def test_the_play_reads_back_card_for_card() -> None:
    back = loads(_quietly([_played_board()]), "rbn")[0]
    assert back.play is not None and [str(c) for c in back.play.cards] == CARDS
    assert back.play.declarer is Seat.E


def test_a_discard_keeps_its_suit_and_the_next_card_is_of_the_suit_led() -> None:
    text = ("B 1\nH W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:\nA NZ:P2NP3NA\nC 3N:E\n"
            "P C754A:SJ63A:HKA84:CK963:CQ8D22\n")  # West, out of clubs, discards D2; North follows C2
    back = loads(text, "rbn")[0]
    assert back.play is not None and [str(c) for c in back.play.cards[-4:]] == ["CQ", "C8", "D2", "C2"]
    assert "P C754A:SJ63A:HKA84:CK963:CQ8D22\n" in _quietly([back])


def test_the_result_is_declarers_tricks_on_the_r_line() -> None:
    text = _quietly([_played_board(claim=9)])
    assert "R 9\n" in text
    assert loads(text, "rbn")[0].tricks == 9


def test_cards_that_stop_short_of_the_result_read_as_a_claim() -> None:
    back = loads(_quietly([_played_board(claim=9)]), "rbn")[0]
    assert back.play is not None and back.play.claimed == 9


def test_a_play_and_result_go_through_rbn_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dumps([_played_board(claim=9)], "rbn")


def test_an_illegal_play_is_an_issue_at_its_line_and_is_kept_as_written() -> None:
    text = "B 1\nH W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:\nA NZ:P2NP3NA\nC 3N:E\nP C75SA\n"
    back = loads(text, "rbn")[0]
    assert back.play is None and any("line 5" in str(i) or i.line == 5 for i in back.issues)
    assert "P C75SA\n" in _quietly([back])


@pytest.mark.parametrize(("line", "what"),
                         [("B 1a", "board number"), ("H Q:AKQ", "hands"), ("A Q", "auction")])
def test_a_b_h_or_a_line_that_cannot_be_read_is_an_issue_and_is_kept_as_written(line: str, what: str) -> None:
    good = ["E Club", "B 7", "H W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:", "A SB:1NP3NA"]
    place = next(n for n, old in enumerate(good, 1) if old[0] == line[0])
    good[place - 1] = line
    (back,) = loads("\n".join(good) + "\n", "rbn")
    assert [i.line for i in back.issues] == [place]
    assert back.issues[0].message.startswith(f"RBN: bad {what}:")
    assert f"\n{line}\n" in _quietly([back])


@pytest.mark.parametrize(("scoring", "line"), [("MP", "F M"), ("IMP", "F I"), ("BAM", "F B"),
                                               ("IMP;Butler", "F IMP;Butler")])
def test_the_scoring_is_an_f_line_by_its_letter_or_its_words(scoring: str, line: str) -> None:
    board = Board(number=1, deal=DEAL, scoring=scoring)
    text = _quietly([board])
    assert f"\n{line}\n" in f"\n{text}"
    assert loads(text, "rbn")[0].scoring == scoring


def test_the_scoring_carries_over_to_later_records() -> None:
    back = loads(_quietly([Board(number=n, deal=DEAL, scoring="MP") for n in (1, 2)]), "rbn")
    assert [b.scoring for b in back] == ["MP", "MP"]


def test_an_f_letter_pbn_has_no_name_for_is_kept_as_written() -> None:
    back = loads("F X\nB 1\nH W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:\n", "rbn")[0]
    assert back.scoring is None and "F X\n" in _quietly([back])


def test_an_alert_and_an_explained_call_read_with_their_note() -> None:
    text = ("B 1\nH W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:\n"
            "A NZ:P2N!^1P3N!A\n1 20-22 balanced\n")
    back = loads(text, "rbn")[0]
    assert back.auction is not None
    assert back.auction.annotations[1] == Annotation(alert=True, explanation="20-22 balanced", note=1)
    assert back.auction.annotations[3] == Annotation(alert=True)
    assert back.notes == {1: "20-22 balanced"}


def test_a_note_marker_explains_its_call_without_alerting_it() -> None:
    """``^n`` refers to a note (BridgeData reads and writes it so); it was read as an alert, and every PBN
    note (an explanation, no alert) warned ``RBN cannot hold a call explained without an alert``."""
    text = ("B 1\nH W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:\n"
            "A NZ:P2N^1P3N*^2A\n1 20-22 balanced\n2 to play\n")
    back = loads(text, "rbn")[0]
    assert back.auction is not None
    assert back.auction.annotations[1] == Annotation(explanation="20-22 balanced", note=1)
    assert back.auction.annotations[3] == Annotation(alert=True, explanation="to play", note=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pbn = dumps([back], "pbn")
        assert "A NZ:P2N^1P3N!^2A\n1 20-22 balanced\n2 to play\n" in dumps(loads(pbn, "pbn"), "rbn")


def test_an_explained_call_goes_to_lin_with_its_explanation_and_no_warning() -> None:
    """bridge-bots__usbf_sf_14502.lin through RBN to LIN lost 13 boards' explanations (``jacoby 2N``): the
    RBN reader kept a ``^1`` call's text in the notes alone, and LIN named it a note reference with no
    Note."""
    text = ("B 1\nH W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:\n"
            "A NZ:P2N^1P3NA\n1 20-22 balanced\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lin = dumps(loads(text, "rbn"), "lin")
    assert "mb|2N|an|20-22 balanced|" in lin


def test_a_problem_with_a_carried_line_is_told_at_the_line_that_gave_it() -> None:
    """An H line holds until another: a bad one was told for the next record at no line (``x.rbn:3:``,
    its column alone)."""
    boards = loads("B 1\nH X:AKQ\n\nB 2\n", "rbn")
    assert [(i.line, i.column) for b in boards for i in b.issues] == [(2, 3), (2, 3)]


def test_an_explanation_is_written_as_a_numbered_note() -> None:
    auction = Auction(Seat.N)
    for call in "P 2N P 3N P P P".split():
        auction.add(call, Annotation(alert=True, explanation="20-22 balanced") if call == "2N" else None)
    text = _quietly([Board(number=1, deal=DEAL, auction=auction)])
    assert "A NZ:P2N!^1P3NA\n1 20-22 balanced\n" in text


def test_notes_after_the_play_line_are_kept_as_written() -> None:
    text = ("B 1\nH W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:\nA NZ:P2NP3NA\nC 3N:E\n"
            "P C754A\n1 a fine lead\n")
    back = loads(text, "rbn")[0]
    assert back.notes == {} and "1 a fine lead\n" in _quietly([back])


def test_a_play_note_numbered_as_an_auction_note_is_kept() -> None:
    text = ("B 1\nH W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:\nA NZ:P2N^1P3NA\n1 20-22\nC 3N:E\n"
            "P C754A\n1 a fine lead\n")
    back = loads(text, "rbn")[0]
    assert back.notes == {1: "20-22"} and "1 a fine lead\n" in _quietly([back])


def test_a_note_on_a_card_is_named_as_left_out() -> None:
    board = _played_board()
    assert board.play is not None
    board.play.annotate(0, Annotation(note=1))
    board.notes[1] = "fourth best"
    with pytest.warns(UserWarning, match="notes"):
        dumps([board], "rbn")


def test_a_label_said_twice_in_a_record_is_kept_twice() -> None:
    text = "B 1\nH W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:\nI first item\nI second item\n"
    written = _quietly(loads(text, "rbn"))
    assert "I first item\nI second item\n" in written


def test_a_line_only_rbn_holds_is_named_when_converting_to_pbn() -> None:
    board = loads("T Squeezes:Pavlicek\nB 1\nH W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:\n",
                  "rbn")[0]
    with pytest.warns(UserWarning, match=r"RBN T \(title\)"):
        dumps([board], "pbn")


@pytest.mark.parametrize("field, value", [
    ("event", "Club night"), ("site", "Town hall"), ("date", "2026.11.30"), ("scoring", "MP"),
    ("players", {Seat.N: "Ann", Seat.S: "Bob", Seat.E: "Cy", Seat.W: "Di"}),
])
def test_a_header_label_a_later_board_does_not_have_is_not_carried_to_it(field: str, value: object) -> None:
    first, second = Board(number=1, deal=DEAL), Board(number=2, deal=DEAL)
    setattr(first, field, value)
    back = loads(_quietly([first, second]), "rbn")
    assert getattr(back[0], field) == value
    assert not getattr(back[1], field)


def test_a_line_with_no_label_is_told_at_its_place_and_kept_whole() -> None:
    """``hello world`` was read as label ``h`` with the data ``llo world`` (its second character lost),
    without a word: a PBN file read with --from rbn passed validate."""
    text = "B 1\nH W:95.T632.754.K963:AJ76.K84.Q93.T52:KQ3.AJ95.T82.J74:\nhello world\nA NZ:1SP\n"
    (board,) = loads(text, "rbn")
    assert [(i.line, i.column) for i in board.issues] == [(3, 1)]
    assert "not a labelled line" in board.issues[0].message and "'hello world'" in board.issues[0].message
    assert "\nhello world\n" in _quietly([board])


def test_an_a_line_without_dealer_and_vulnerability_is_dealt_by_west() -> None:
    """RBN 3.2: ``A 1SP2SA`` omits ``NZ:``, which then stands for dealer West, vulnerability any."""
    (board,) = loads("H W:95.T632.754.K963:AJ76.K84.Q93.T52:KQ3.AJ95.T82.J74:\nA 1SP2SA\n", "rbn")
    assert board.issues == [] and board.auction is not None
    assert (board.auction.dealer, board.vulnerability, str(board.contract)) == (Seat.W, None, "2S")


def test_calls_in_lower_case_read_as_the_same_calls() -> None:
    """RBN 2.7 keeps the case of a call's letters (CDHSNPXR) for a writer's own coding: ``A NZ:1sp2hx!ra``
    was told as a bad auction at its first call and kept as written, no call read."""
    hands = "H W:95.T632.754.K963:AJ76.K84.Q93.T52:KQ3.AJ95.T82.J74:\n"
    (lower,) = loads(f"B 1\n{hands}A nz:1sp2hx!ra\n", "rbn")
    (upper,) = loads(f"B 1\n{hands}A NZ:1SP2HX!RA\n", "rbn")
    assert lower.issues == [] and "rbn" not in lower.extra
    assert lower.auction is not None and upper.auction is not None
    assert lower.auction.calls == upper.auction.calls
    assert lower.auction.annotations == upper.auction.annotations
    assert (str(lower.contract), lower.declarer) == ("2HXX", Seat.S)


def test_calls_at_an_unknown_vulnerability_are_written_not_left_out() -> None:
    """A board with calls and no vulnerability had no A line, and RBN said nothing of the lost calls."""
    for dealer in (Seat.W, Seat.E):
        board = Board(deal=DEAL, auction=Auction(dealer, "1S P 2S P P P"))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            text = dumps([board], "rbn")
        (back,) = loads(text, "rbn")
        assert back.auction is not None and back.auction.calls == board.auction.calls  # type: ignore[union-attr]
        assert back.auction.dealer is dealer
        said = [str(w.message) for w in caught]
        zed = ("RBN cannot give an unknown vulnerability (but for calls dealt by West): written as none (Z) "
               "(1 board)")
        assert said == ([] if dealer is Seat.W else [zed])


@pytest.mark.parametrize(("pbn", "rbn"), [("1998.01.31", "19980131"), ("1997.09.??", "199709"),
                                          ("1955.??.??", "1955")])
def test_a_date_is_written_and_read_in_each_formats_own_form(pbn: str, rbn: str) -> None:
    """PBN's ``2026.11.24`` was written ``D 2026.11.24`` (RBN's D is ``yyyymmdd``, no dots) and RBN's
    ``D 19980131`` read into a PBN ``[Date "19980131"]`` that validate then rejected."""
    board = Board(number=1, deal=DEAL, date=pbn)
    text = _quietly([board])
    assert f"D {rbn}\n" in text
    assert loads(text, "rbn")[0].date == pbn


def test_a_date_rbn_says_otherwise_is_kept_as_written() -> None:
    (board,) = loads("D 1955C\nB 1\nH W:95.T632.754.K963:AJ76.K84.Q93.T52:KQ3.AJ95.T82.J74:\n", "rbn")
    assert board.date == "1955C"


def test_empty_player_names_make_no_n_line_and_are_named_as_read_back_unknown() -> None:
    """BridgeComposer's ``[North ""]`` (no player): RBN writes no N line, which reads back as unknown."""
    board = Board(number=1, deal=DEAL, players={seat: "" for seat in Seat})
    with pytest.warns(UserWarning, match='PBN\'s "" \\(none, read back as unknown\\) for North'):
        text = dumps([board], "rbn")
    assert "\nN" not in text and not text.startswith("N")


def test_an_explanation_past_rbn_s_nine_notes_is_named_with_its_call_and_the_others_kept() -> None:
    """A tenth explained call was reported as ``RBN has no place for alerts and explanations``, as though
    every alert and explanation of the board were lost."""
    calls = "1C 1D 1H 1S 1NT 2C 2D 2H 2S 2NT P P P".split()
    auction = Auction(Seat.N)
    for call in calls:
        auction.add(call, None if call == "P" else Annotation(alert=call == "1C", explanation=f"x{call}"))
    board = Board(number=4, deal=DEAL, auction=auction)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = dumps([board], "rbn")
    (message,) = [str(w.message) for w in caught if "no place" in str(w.message)]
    assert "board 4's explanation of 2NT by East (past RBN's nine notes)" in message
    assert "alerts and explanations" not in message
    back = loads(text, "rbn")[0].auction
    assert back is not None and back.annotations[0] == Annotation(alert=True, explanation="x1C", note=1)
    explained = [a.explanation if a else None for a in back.annotations[:10]]
    assert explained == [f"x{c}" for c in calls[:9]] + [None]


NOTED_PBN = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KQ2.AJ2.K32 J543.J43.543.654 T987.T98.T98.T98 6.A765.KQ76.AQJ7"]
[Auction "N"]
2C =1= Pass 2D =12= Pass
2NT =10= Pass Pass Pass
[Note "1:strong"]
[Note "12:waiting"]
[Note "10:22-24"]
"""
"""A PBN board whose notes are numbered past 9 (PBN allows any number; RBN's note labels are one digit)."""


def test_pbn_notes_numbered_above_9_take_rbn_s_free_numbers_and_come_back() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing is lost: no warning
        written = dumps(loads(NOTED_PBN, "pbn"), "rbn")
    assert "A NZ:2C^1P2D^2P2N^3A" in written and "\n2 waiting\n3 22-24" in written
    (back,) = loads(written, "rbn")
    assert back.notes == {1: "strong", 2: "waiting", 3: "22-24"}


def test_notes_past_rbn_s_nine_are_named_with_their_calls() -> None:
    calls = "1C 1D 1H 1S 1NT 2C 2D 2H 2S 2NT 3C".split()
    text = NOTED_PBN.split("[Auction")[0] + '[Auction "N"]\n' + " ".join(
        f"{call} ={20 + i}=" for i, call in enumerate(calls)) + " Pass Pass Pass\n" + "".join(
        f'[Note "{20 + i}:about {call}"]\n' for i, call in enumerate(calls))
    with pytest.warns(UserWarning) as caught:
        written = dumps(loads(text, "pbn"), "rbn")
    assert "\n9 about 2S\n" in written
    (message,) = [str(w.message) for w in caught]
    assert "board 1's explanation of 2NT by East (past RBN's nine notes)" in message
    assert "board 1's explanation of 3C by South" in message and "notes (1 board)" not in message


def test_a_suit_symbol_typed_as_such_is_said_to_read_back_as_a_suit_mark() -> None:
    """endplay's sample.pbn has ``[Note "2:♠"]``: RBN writes PBN's ``\\S`` as that symbol too, so it read back
    as ``\\S`` without a word."""
    (board,) = loads(NOTED_PBN.replace("12:waiting", "12:5+ ♠"), "pbn")
    with pytest.warns(UserWarning, match=r"suit symbol typed as such \(♠\) from a suit mark"):
        written = dumps([board], "rbn")
    (back,) = loads(written, "rbn")
    assert back.notes[2] == "5+ \\S"
    (marked,) = loads(NOTED_PBN.replace("12:waiting", "12:5+ \\S"), "pbn")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dumps([marked], "rbn")


def test_a_board_without_a_deal_or_number_does_not_take_the_board_befores_through_rbn() -> None:
    """RBN carries B and H over to later records (RBN 3.2): a board with no deal (a lesson's page of text)
    after one with a deal read back with that deal, and a deal with no number with the number before."""
    first = Board(number=1, deal=DEAL)
    no_deal = Board(number=2, commentary=["Think about board 1."])
    no_number = Board(deal=DEAL, event="x")
    text = _quietly([first, no_deal, no_number])
    back = loads(text, "rbn")
    assert [(b.number, b.deal) for b in back] == [(1, DEAL), (2, None), (None, DEAL)]
    assert not any(b.issues for b in back)
    assert _quietly(back) == text


def test_a_record_saying_only_the_header_in_force_is_written_and_reads_back() -> None:
    # a heading record whose Event the one before had set wrote no line at all (two blank lines), and
    # reading it back lost the record without a word
    boards = [Board(event="Club", commentary=["hi"]), Board(event="Club"), Board(number=3, event="Club")]
    back = loads(dumps(boards, "rbn"), "rbn")
    assert [(board.event, board.number) for board in back] == [("Club", None), ("Club", None), ("Club", 3)]


# A board number given again with another deal: told as PBN and LIN tell it (`BoardsSeen`) --------------

OTHER_DEAL = Deal.from_pbn("N:543.7654.A432.65 AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987")


def _records(*numbered: tuple[int, Deal], heading: str = "") -> str:
    """RBN records of the boards given as (number, deal), after ``heading`` lines (E, S, K...)."""
    return heading + "\n".join(_quietly([Board(number=n, deal=d)]) for n, d in numbered)


def test_an_rbn_board_number_given_again_with_another_deal_is_a_warning_at_its_b_line() -> None:
    text = _records((1, DEAL), (2, DEAL), (2, OTHER_DEAL))
    boards = loads(text, "rbn")
    assert not boards[0].issues and not boards[1].issues
    [issue] = boards[2].issues
    first, again = [i + 1 for i, line in enumerate(text.splitlines()) if line == "B 2"]
    assert issue.level == "warning" and (issue.line, issue.column) == (again, 3)
    assert issue.message.startswith(f"board 2 again with another deal than board 2 at line {first}")


@pytest.mark.parametrize("numbered", [((1, DEAL), (1, DEAL)), ((1, DEAL), (2, OTHER_DEAL), (1, OTHER_DEAL))],
                         ids=["the other room's deal", "a second set numbered from 1"])
def test_an_rbn_board_number_again_is_no_problem_in_its_other_room_or_a_new_set(
        numbered: tuple[tuple[int, Deal], ...]) -> None:
    assert not [i for b in loads(_records(*numbered), "rbn") for i in b.issues]


def test_an_rbn_board_number_again_in_another_session_is_another_set() -> None:
    text = _records((1, DEAL), (2, DEAL), heading="S Monday\n") + "\nS Tuesday\n" + _records((2, OTHER_DEAL))
    assert not [i for b in loads(text, "rbn") for i in b.issues]
