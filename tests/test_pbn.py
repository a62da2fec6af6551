"""PBN reading and writing, one behaviour of the standard (or of real files) per test."""

from __future__ import annotations

import io
import pickle
import re
from pathlib import Path

import pytest

from bridgetools.board import Board
from bridgetools.errors import BridgeError, ParseError
from bridgetools.formats import detect_format, dumps, format_from_name, loads, read, write
from bridgetools.formats.pbn_record import PbnRecord
from bridgetools.model import PASS, Annotation, Bid, Card, Contract, Deal, Seat, Strain, Vul
from bridgetools.rules import trick_winner

DATA = Path(__file__).parent / "data" / "pbn"

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
"""The Schiphol board of the PBN standard (West KQT2.AT.J6542.85, and so on)."""


def game(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def one(text: str, **options: object) -> object:
    (board,) = loads(text, "pbn", **options)
    return board


# Tags -------------------------------------------------------------------------------------------


def test_several_tags_on_one_line_and_one_tag_over_three_lines() -> None:
    board = one('[Event "Cup"] [Site "Oslo"]\n[Board\n  "7"\n]\n[Dealer "S"]\n')
    assert (board.event, board.site, board.number, board.dealer) == ("Cup", "Oslo", 7, Seat.S)
    assert board.issues == []


def test_escaped_quotes_and_backslashes_in_a_tag_value() -> None:
    # correct_10.pbn of the PBN verifier: \\ is a backslash, \" a quote, \a a backslash and an a.
    board = one('[East  "\\\\\\"\\\\\\"\\"\\\\  \\a"]\n')
    assert board.players[Seat.E] == '\\"\\""\\  \\a'
    assert one(dumps([board], "pbn")).players[Seat.E] == board.players[Seat.E]


@pytest.mark.parametrize("written", [
    r'[Event "a\\b"]', r'[West "trail\\"]', r'[Site "x\\\"y"]', r'[Annotator "\\\\\""]',
    r'[Event "5+ \S"]', r'[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]',
])
def test_pbn_to_pbn_writes_an_escaped_backslash_as_the_file_did(written: str) -> None:
    """PBN 2.1 §3.3 (from PGN): a backslash in a string is two, a quote a backslash and a quote; PBN's own
    backslash sequences, suit symbols ``\\S`` and a table column's width ``\\2R``, are written alone.
    ``[Event "a\\\\b"]`` (the value ``a\\b``) was written ``[Event "a\\b"]``."""
    text = dumps([one(game('[Board "1"]', written))], "pbn")
    assert f"{written}\r\n" in text
    assert dumps(loads(text, "pbn"), "pbn") == text


@pytest.mark.parametrize("written", [r'[Event "a\\Sb"]', r'[Site "C:\\\\Hands"]'])
def test_an_escaped_backslash_before_a_suit_letter_is_not_read_as_the_suit_symbol(written: str) -> None:
    """``"a\\\\Sb"`` is a backslash and an S: read as one backslash, the value was the suit symbol's
    ``\\S`` and written back so, a spade; the escapes are read in one pass and the file comes back as it
    was."""
    board = one(game('[Board "1"]', written))
    text = dumps([board], "pbn")
    assert f"{written}\r\n" in text
    assert dumps(loads(text, "pbn"), "pbn") == text


def test_an_escaped_backslash_before_a_suit_letter_in_commentary_stays_a_backslash_in_lin() -> None:
    """Commentary's ``\\\\S`` went to LIN as ``\\@S`` (a backslash and a spade), the suit's mark read after
    the backslash's; it is a backslash and an S, and ``\\S`` the spade."""
    board = one(game('[Board "1"]', r'{C:\\Spades, 5+ \S}'))
    assert r"nt|C:\Spades, 5+ @S|" in dumps([board], "lin")


def test_a_backslash_given_alone_is_written_escaped_with_the_same_value() -> None:
    board = one(game('[Board "1"]', r'[Event "C:\deals\x"]', r'[Site "\a"]'))
    assert (board.event, board.site) == ("C:\\deals\\x", "\\a")
    again = one(dumps([board], "pbn"))
    assert (again.event, again.site) == (board.event, board.site)
    assert r'[Event "C:\\deals\\x"]' in dumps([board], "pbn")


def test_unknown_tags_are_kept_in_file_order() -> None:
    board = one('[Zebra "1"]\n[Apple "2"]\n[Board "1"]\n[Mango "3"]\n')
    assert list(board.tags.items()) == [("Zebra", "1"), ("Apple", "2"), ("Mango", "3")]


def test_tag_names_from_other_formats_are_written_as_pbn_names() -> None:
    board = one('[Board "1"]\n')
    board.tags = {"room label": "o1", "2nd": "x"}
    again = one(dumps([board], "pbn"))
    assert again.tags == {"X2nd": "x", "room_label": "o1"}


def test_a_repeated_tag_keeps_the_first_value_with_an_issue() -> None:
    board = one('[Site "A"]\n[Site "B"]\n')
    assert board.site == "A"
    assert "given twice" in board.issues[0].message


def test_question_mark_is_unknown_and_empty_is_not_applicable() -> None:
    board = one('[Event "?"]\n[Site ""]\n[Declarer "?"]\n[Result "?"]\n')
    assert (board.event, board.site, board.declarer, board.tricks) == (None, "", None, None)
    assert board.issues == []


@pytest.mark.parametrize(
    ("written", "vulnerability"),
    [
        ("None", Vul.NONE),
        ("Love", Vul.NONE),
        ("-", Vul.NONE),
        ("NS", Vul.NS),
        ("EW", Vul.EW),
        ("All", Vul.BOTH),
        ("Both", Vul.BOTH),
        ("Both ", Vul.BOTH),
    ],
)
def test_vulnerability_spellings_of_the_standard(written: str, vulnerability: Vul) -> None:
    board = one(f'[Vulnerable "{written}"]\n')
    assert board.vulnerability is vulnerability and board.issues == []


@pytest.mark.parametrize(("written", "vulnerability"), [("N-S ", Vul.NS), ("E", Vul.EW), ("both", Vul.BOTH)])
def test_other_vulnerability_spellings_of_real_files_are_read_with_an_issue(
    written: str, vulnerability: Vul
) -> None:
    board = one(f'[Vulnerable "{written}"]\n')
    assert board.vulnerability is vulnerability
    assert "not a PBN spelling" in board.issues[0].message


def test_export_spells_vulnerability_none_ns_ew_all() -> None:
    text = dumps([one('[Board "4"]\n[Vulnerable "Both"]\n')], "pbn")
    assert '[Vulnerable "All"]' in text


def test_result_given_by_side_is_turned_into_declarers_tricks() -> None:
    # Declarer East; "NS 4" means East-West took 13 - 4 = 9 tricks.
    board = one(game('[Declarer "E"]', '[Contract "3NT"]', '[Result "NS 4"]'))
    assert board.tricks == 9


def test_contract_spellings_lower_case_x_and_r_for_redoubled() -> None:
    assert one('[Contract "5Cx"]\n').contract == Contract(5, Strain.C, 1)
    assert one('[Contract "3NR"]\n').contract == Contract(3, Strain.NT, 2)


def test_board_number_that_is_not_a_number_is_kept_as_written() -> None:
    board = one('[Board "1-1"]\n')
    assert board.number is None
    assert '[Board "1-1"]' in dumps([board], "pbn")


# Inheritance (§4.8) -------------------------------------------------------------------------------


def test_hash_takes_the_value_of_the_nearest_earlier_game_that_has_one() -> None:
    boards = loads(game('[Event "Cup"]', "", '[Event "#"]', "", '[Event "#"]'), "pbn")
    assert [b.event for b in boards] == ["Cup", "Cup", "Cup"]


def test_double_hash_value_goes_to_later_games_without_the_tag_until_redefined() -> None:
    text = game(
        '[Date "##2025.03.12"]',
        '[Board "1"]',
        "",
        '[Board "2"]',
        "",
        '[Date "2025.04.01"]',
        '[Board "3"]',
        "",
        '[Board "4"]',
    )
    assert [b.date for b in loads(text, "pbn")] == ["2025.03.12", "2025.03.12", "2025.04.01", None]


def test_hash_on_the_deal_is_reported() -> None:
    boards = loads(game(f'[Deal "{DEAL}"]', "", '[Deal "#"]'), "pbn")
    assert "may not inherit" in boards[1].issues[0].message


def test_shared_deal_games_take_the_deal_of_the_game_before() -> None:
    boards = list(read(DATA / "bridge-bots__shared_deals.pbn"))
    assert boards[1].deal == boards[0].deal and boards[1].number == boards[0].number == 62
    assert any("shared-deal" in i.message for i in boards[1].issues)


def test_a_shared_deal_game_is_told_at_its_first_tags_line_and_column() -> None:
    """The note came with a line alone (``shared_deals.pbn:28: no Deal tag ...``), where every other
    problem names a column."""
    boards = list(read(DATA / "bridge-bots__shared_deals.pbn"))
    (note,) = [i for i in boards[1].issues if "shared-deal" in i.message]
    assert (note.line, note.column) == (28, 1)


@pytest.mark.parametrize(
    "second",
    ['[Declarer ""]\n[Contract "Pass"]\n[Result ""]\n', '[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n'],
)
def test_a_shared_deal_game_with_only_its_result_takes_the_deal_of_the_game_before(second: str) -> None:
    first = f'[Board "38"]\n[Dealer "E"]\n[Vulnerable "EW"]\n[Deal "{DEAL}"]\n[Contract "Pass"]\n'
    open_room, closed_room = loads(first + "\n" + second, "pbn")
    assert closed_room.number == 38 and closed_room.deal == open_room.deal
    assert closed_room.dealer is Seat.E and closed_room.vulnerability is Vul.EW


LESSON = "pn|s,w,n,e|md|4S73,SK6,SAQ,SJ|ah|Board 1|sv|o|mb|1S|mb|p|mb|p|mb|p|pg||\n"
"""A LIN lesson that starts part-way through a trick: East has already played a card."""


def test_a_lesson_deal_part_way_through_a_trick_goes_through_pbn() -> None:
    (lesson,) = loads(LESSON, "lin")
    (board,) = loads(dumps([lesson], "pbn"), "pbn")
    assert board.deal == lesson.deal and [len(board.deal[s]) for s in (Seat.S, Seat.E)] == [2, 1]
    assert [i.level for i in board.issues] == ["info"]
    (back,) = loads(dumps([board], "lin"), "lin")
    assert back.deal == lesson.deal


def test_a_full_hand_beside_a_short_one_is_a_warning() -> None:
    board = one(f'[Board "1"]\n[Deal "{DEAL[:-1]}"]\n')
    assert board.deal is not None and [i.level for i in board.issues] == ["warning"]
    assert "a card left out" in board.issues[0].message


def test_the_parquet_export_writes_deal_strings_that_read_back(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    from bridgetools.analysis import to_parquet
    from bridgetools.model import Deal

    (lesson,) = loads(LESSON, "lin")
    to_parquet([lesson], tmp_path / "lesson.parquet")
    (written,) = pq.read_table(tmp_path / "lesson.parquet").column("deal").to_pylist()
    assert Deal.from_pbn(written) == lesson.deal


# Games and commentary ------------------------------------------------------------------------------


def test_empty_lines_inside_braces_do_not_end_the_game() -> None:
    boards = loads(
        game('[Event "a"]', "{first", "", "   ", "still the comment}", '[Site "b"]', "", '[Event "c"]'), "pbn"
    )
    assert [(b.event, b.site) for b in boards] == [("a", "b"), ("c", None)]
    assert boards[0].commentary == ["first\n\n   \nstill the comment"]


def test_semicolon_comment_runs_to_the_end_of_the_line() -> None:
    board = one('[Event "a"] ; a { not a brace\n[Site "b"]\n')
    assert board.commentary == [" a { not a brace"] and board.site == "b"


def test_comment_stays_after_the_tag_it_follows_when_tags_are_reordered() -> None:
    text = dumps([one('[Zebra "z"]\n{about zebra}\n[Board "1"]\n')], "pbn")
    assert '[Zebra "z"]\r\n{about zebra}\r\n' in text


def test_a_comment_after_the_play_tag_comes_after_the_auctions_comments_as_in_the_file() -> None:
    # The comments between tags were listed before the sections' own: "before the lead" came first.
    board = one(game('[Dealer "N"]', '[Contract "1S"]', '[Declarer "N"]', '[Auction "N"]',
                     "{on the auction} 1S {after 1S} Pass Pass Pass", '[Play "E"]', "{before the lead}", "*",
                     '[Event "e"]', "{after the event}"))
    assert board.commentary == ["on the auction", "after 1S", "before the lead", "after the event"]


def test_a_comment_holding_a_blank_line_and_a_tag_line_exports_as_one_game_stably() -> None:
    # A blank line then a lone tag inside {} is where a reader ends a comment left open: the
    # export leaves the blank line out, so the comment reads back whole and the export is stable.
    board = Board(number=1)
    board.commentary = ['first\n\n[Event "x"]\nlast']
    exported = dumps([board], "pbn")
    (again,) = loads(exported, "pbn")
    assert again.commentary == ['first\n[Event "x"]\nlast']
    assert dumps([again], "pbn") == exported


def test_percent_lines_are_kept_and_export_writes_its_own_header() -> None:
    board = one(game("% PBN 2.0", "%BCOptions Float", '[Event "x"]'))
    lines = dumps([board], "pbn").split("\r\n")
    assert lines[:4] == [
        "% PBN 2.1",
        "% EXPORT",
        "%Content-type: text/x-pbn; charset=UTF-8",
        lines[3],
    ] and lines[3].startswith("%Creator: bridgetools ")
    assert "%BCOptions Float" in lines and "% PBN 2.0" not in lines


def test_a_stray_closing_brace_after_a_comment_keeps_the_comment_and_reports_the_brace() -> None:
    board = one(game('[Event "a"]', "{first comment} junk}", '[Site "b"]'))
    assert board.commentary == ["first comment"] and board.site == "b"
    errors = [i for i in board.issues if i.level == "error"]
    assert [(i.line, i.column) for i in errors] == [(2, 21)] and "'}'" in errors[0].message
    assert any("'junk'" in i.message for i in board.issues)  # the stray text is named, not lost silently


def test_a_stray_line_before_the_first_tag_is_skipped_with_an_issue() -> None:
    boards = list(read(DATA / "dealer-suokko__Refer.pbn"))
    issue = boards[0].issues[0]
    assert (issue.line, issue.column) == (1, 1) and "-s 1 -C Descr.pbn" in issue.message
    assert boards[0].number == 1


def test_a_game_with_no_empty_line_before_it_is_still_a_game() -> None:
    boards = loads(game('[Event "a"]', '[Board "1"]', '[Event "b"]', '[Board "2"]'), "pbn")
    assert [(b.event, b.number) for b in boards] == [("a", 1), ("b", 2)]


def test_bare_quotes_inside_a_tag_value_are_read_with_an_issue() -> None:
    board = one('[Event "The "Big" Cup"]\n[Board "1"]\n')
    assert (board.event, board.number) == ('The "Big" Cup', 1)
    assert board.issues[0].line == 1


def test_cr_only_line_ends_read_like_any_others(tmp_path: Path) -> None:
    path = tmp_path / "mac.pbn"
    path.write_bytes(b'[Event "a"]\r[Board "1"]\r\r[Event "b"]\r[Board "2"]\r')
    assert [b.number for b in read(path)] == [1, 2]


# Auction (§3.5) ----------------------------------------------------------------------------------


def test_auction_with_notes_glued_suffixes_and_nags() -> None:
    board = one(game('[Dealer "N"]', '[Auction "N"]', "1S!!=1=$3 2H? 4S Pass", "AP", '[Note "1:strong"]'))
    auction = board.auction
    assert [str(c) for c in auction.calls] == ["1S", "2H", "4S", "Pass", "Pass", "Pass"]
    # !! is NAG 3 (the same as the $3 after it), ? is NAG 2 (§3.7); the note is the call's explanation.
    assert auction.annotations[0] == Annotation(explanation="strong", note=1, nags=(3,))
    assert auction.annotations[1] == Annotation(nags=(2,))
    assert board.contract == Contract(4, Strain.S) and board.declarer is Seat.N


@pytest.mark.parametrize("calls", ["AP", "Pass AP", "ap"])
def test_ap_at_the_start_passes_the_board_out(calls: str) -> None:
    """``AP`` alone is all four passing: it was read as three passes, an auction not over (written back
    ``Pass Pass Pass`` and ``*``, three passes in LIN), beside the file's ``[Contract "Pass"]``."""
    board = one(game('[Dealer "E"]', '[Contract "Pass"]', '[Auction "E"]', calls))
    assert board.auction is not None and board.auction.is_complete
    assert [str(c) for c in board.auction.calls] == ["Pass"] * 4
    assert board.issues == []
    assert "Pass Pass Pass Pass\r\n" in dumps([board], "pbn") and "*" not in dumps([board], "pbn")


def test_ap_after_an_irregular_auction_closes_it_with_three_passes() -> None:
    """An auction the reader keeps as written (irregularities ``^S``, verifier file correct_10's game 3)
    made no call it could, yet its ``AP`` is not at the start: three passes close it, not the four of a
    passed-out board."""
    board = one(game('[Dealer "N"]', '[Auction "W"]', "- ^S 1D ^I 1C 4S ^I 3NT ^S ^S X 5H X AP"))
    record = board.extra["pbn"]
    assert isinstance(record, PbnRecord)
    assert [call for call, *_ in record.auction[-4:]] == ["X", "Pass", "Pass", "Pass"]


@pytest.mark.parametrize("ending", ["6H all pass", "6H All Pass", "6H\nALL\nPASS", "6H AP"])
def test_all_pass_in_words_closes_the_auction_as_ap_does(ending: str) -> None:
    board = one(game('[Dealer "N"]', f'[Deal "{DEAL}"]', '[Auction "N"]', ending), strict=True)
    assert [str(c) for c in board.auction.calls] == ["6H", "Pass", "Pass", "Pass"]
    assert board.contract == Contract(6, Strain.H) and board.declarer is Seat.N
    assert [i.level for i in board.issues] == ([] if ending.endswith("AP") else ["info"])
    assert "6H AP" in dumps([board], "pbn") or "6H Pass Pass Pass" in dumps([board], "pbn")


def test_a_note_referred_to_and_not_given_is_told_at_its_reference_in_the_auction_and_the_play() -> None:
    """The Schiphol game without its Note 1 tags: each ``=1=`` is told where it stands (it was told at the
    tag after the auction's notes, and in the play, which had no Note tag at all, at no place)."""
    board = one(game('[Dealer "N"]', f'[Deal "{DEAL}"]', '[Auction "N"]', "1D 1S 3H =1= 4S",
                     "4NT =2= X Pass Pass", "5C X 5H X", "Pass Pass Pass", '[Note "2:two colors"]',
                     '[Play "W"]', "SK =1= H3 S4 S3", "*"))
    told = {i.message: (i.line, i.column) for i in board.issues if "no Note tag" in i.message}
    assert told == {"auction: no Note tag for =1=": (4, 10), "play: no Note tag for =1=": (10, 4)}


def test_export_writes_note_reference_then_nags_and_notes_after_the_auction() -> None:
    text = dumps(
        [one(game('[Dealer "N"]', '[Auction "N"]', "1S !! =1= $25 Pass", "*", '[Note "1:strong"]'))], "pbn"
    )
    assert '[Auction "N"]\r\n1S =1= $3 $25 Pass\r\n*\r\n[Note "1:strong"]\r\n' in text


def test_a_note_is_the_calls_explanation_and_nag_15_its_alert() -> None:
    board = one(game('[Dealer "N"]', '[Auction "N"]', "1C =1= $15 1S =2= 2C $15 AP",
                     '[Note "1:strong"]', '[Note "2:natural"]'))
    assert board.auction.annotations[:3] == (
        Annotation(alert=True, explanation="strong", note=1),
        Annotation(explanation="natural", note=2),  # a note alone explains: PBN has no alert (§3.5)
        Annotation(alert=True),  # $15 without a note: alerted, nothing explained
    )


def test_in_a_file_of_earlier_bridgetools_a_note_the_unalerted_tag_does_not_list_is_an_alert() -> None:
    board = one(
        game(
            '[Dealer "N"]', '[Unalerted "2"]', '[Auction "N"]', "1C =1= 1S =2= 2C $15 AP",
            '[Note "1:strong"]', '[Note "2:natural"]',
        )
    )
    assert board.auction.annotations[:3] == (
        Annotation(alert=True, explanation="strong", note=1),
        Annotation(explanation="natural", note=2),
        Annotation(alert=True),  # $15 without a note: alerted, nothing explained
    )
    assert "Unalerted" not in board.tags and board.issues == []


OLDER_BRIDGETOOLS = ("% PBN 2.1\n% EXPORT\n%Content-type: text/x-pbn; charset=UTF-8\n"
                     "%Creator: bridgetools 0.1.0\n")
"""The heading earlier bridgetools wrote, whose notes were alerts (its own reader read them so)."""


def test_a_file_earlier_bridgetools_wrote_without_the_unalerted_tag_reads_its_notes_as_alerts() -> None:
    board = one(OLDER_BRIDGETOOLS + game('[Dealer "N"]', '[Auction "N"]', "1C =1= 1S =2= AP",
                                         '[Note "1:strong"]', '[Note "2:natural"]'))
    assert [(a.alert, a.explanation) for a in board.auction.annotations[:2]] == [(True, "strong"),
                                                                                  (True, "natural")]
    again = loads(dumps([board], "pbn"), "pbn")[0]  # written now with $15, the heading's mark
    assert again.auction.annotations[:2] == board.auction.annotations[:2]


def test_the_creator_line_says_the_alert_convention_in_words() -> None:
    heading = dumps([one(game('[Dealer "N"]'))], "pbn").splitlines()[3]
    assert heading.startswith("%Creator: bridgetools ")
    assert heading.endswith("(alerts as NAG $15; notes explain calls and cards)")


@pytest.mark.parametrize("mark", ["($15 alerts)", "(alerts as NAG $15; notes explain calls)",
                                  "(alerts as NAG $15; notes explain calls and cards)"])
def test_a_file_with_the_earlier_or_the_present_mark_reads_a_note_as_an_explanation_alone(mark: str) -> None:
    # Files written before the mark was reworded say `($15 alerts)`: still read by this convention.
    heading = OLDER_BRIDGETOOLS.replace("bridgetools 0.1.0\n", f"bridgetools 0.1.0 {mark}\n")
    board = one(heading + game('[Dealer "N"]', '[Auction "N"]', "1C =1= $15 1S =2= AP",
                               '[Note "1:strong"]', '[Note "2:natural"]'))
    assert [(a.alert, a.explanation) for a in board.auction.annotations[:2]] == [(True, "strong"),
                                                                                  (False, "natural")]


def test_the_heading_of_earlier_bridgetools_holds_for_every_game_of_its_file_in_any_number_of_processes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.formats import pbn

    monkeypatch.setattr(pbn, "CHUNK_GAMES", 1)  # each game read by a process that did not see the heading
    games = "\n".join(game(f'[Board "{n}"]', '[Dealer "N"]', '[Auction "N"]', "1C =1= AP",
                           '[Note "1:strong"]') for n in (1, 2, 3))
    for jobs in (1, 2):
        boards = list(pbn.read_boards(io.StringIO(OLDER_BRIDGETOOLS + games), jobs=jobs))
        assert [b.auction.annotations[0].alert for b in boards] == [True, True, True], jobs


def test_where_a_board_s_number_was_read_goes_with_the_board_when_it_is_pickled() -> None:
    # It was kept in a table by the board's id in the process that read it: a copy sent back had none.
    from bridgetools.formats._deal_checks import number_place

    board = one(game('[Board "7"]', '[Dealer "S"]'))
    assert number_place(pickle.loads(pickle.dumps(board))) == number_place(board) is not None


def test_a_note_is_an_explanation_alone_in_a_file_another_program_or_this_bridgetools_wrote() -> None:
    calls = game('[Dealer "N"]', '[Auction "N"]', "1C =1= AP", '[Note "1:strong"]')
    for heading in ("", "%Creator: BridgeComposer 5.9\n", dumps([Board()], "pbn").split("[")[0]):
        assert one(heading + calls).auction.annotations[0].alert is False, heading


def test_export_writes_an_explanation_as_a_note_and_an_alert_as_nag_15() -> None:
    board = one(game('[Dealer "N"]', '[Auction "N"]', "1C Pass 1S", "*"))
    board.auction.annotate(0, Annotation(explanation="strong"))
    board.auction.annotate(1, Annotation(alert=True))
    board.auction.annotate(2, Annotation(alert=True, explanation="natural"))
    text = dumps([board], "pbn")
    assert "Unalerted" not in text
    assert '[Auction "N"]\r\n1C =1= Pass $15 1S =2= $15\r\n*\r\n[Note "1:strong"]\r\n' in text
    back = loads(text, "pbn")[0].auction.annotations
    assert [(a.alert, a.explanation) for a in back if a] == [
        (False, "strong"), (True, None), (True, "natural")]


def test_pbn_to_pbn_keeps_each_note_as_written_with_or_without_a_space_after_the_colon() -> None:
    (sample,) = [b for b in read(DATA / "endplay__sample.pbn") if b.auction is not None and b.notes]
    assert sample.notes == {1: "Spades & minor", 2: "♠"}  # the space is the writer's, not the note's
    text = dumps([sample], "pbn")
    assert '[Note "1: Spades & minor"]\r\n[Note "2: ♠"]\r\n' in text
    assert dumps(loads(dumps([sample], "json"), "json"), "pbn") == text  # the record goes through JSON
    schiphol = dumps(read(DATA / "pbn__Schiphol.pbn"), "pbn")
    assert '[Note "1:non-forcing 6-9 points, 6-card"]' in schiphol


def test_a_note_number_written_with_a_leading_zero_or_spaces_is_written_back_so() -> None:
    board = one(game('[Dealer "N"]', '[Auction "N"]', "1C =1= 1D =2= AP", '[Note "01:strong"]',
                     '[Note " 2 :natural"]'))
    assert board.notes == {1: "strong", 2: "natural"}
    assert '[Note "01:strong"]\r\n[Note " 2 :natural"]\r\n' in dumps([board], "pbn")


def test_a_note_number_given_twice_is_reported_with_the_text_left_out() -> None:
    board = one(game('[Dealer "N"]', '[Auction "N"]', "1C =1= AP", '[Note "1:strong"]', '[Note "1:natural"]'))
    assert board.notes == {1: "strong"}
    assert [(i.line, i.message) for i in board.issues] == [
        (5, "Note 1 of the auction is given twice: the second, 'natural', is left out")
    ]


def test_a_note_whose_text_changed_is_written_as_the_writer_spells_it() -> None:
    (sample,) = [b for b in read(DATA / "endplay__sample.pbn") if b.auction is not None and b.notes]
    sample.notes = {1: "Michaels", 2: "♠"}
    assert '[Note "1:Michaels"]\r\n[Note "2: ♠"]\r\n' in dumps([sample], "pbn")


def test_an_unalerted_tag_that_is_not_note_numbers_is_reported() -> None:
    board = one(game('[Dealer "N"]', '[Unalerted "two"]', '[Auction "N"]', "1C =1= AP", '[Note "1:x"]'))
    assert [(i.line, i.message) for i in board.issues] == [
        (2, "Unalerted 'two' is not a list of note numbers")
    ]
    assert not board.auction.annotations[0].alert  # read as a file with no such tag: the note explains


def test_auction_table_starting_before_the_dealer_skips_the_dashes() -> None:
    board = one(game('[Dealer "E"]', '[Auction "W"]', "- 1D Pass 1S", "Pass 2S AP"))
    assert board.auction.dealer is Seat.E and str(board.auction.calls[0]) == "1D"


def test_case_of_calls_does_not_matter_in_import() -> None:
    board = one(game('[Dealer "S"]', '[Auction "S"]', "pass 1nt x xx", "pass pass pass"))
    assert str(board.contract) == "1NTXX"


def test_calls_written_with_suit_symbols_are_read_with_a_note_that_pbn_writes_letters() -> None:
    board = one(game('[Dealer "N"]', '[Auction "N"]', "1♣ Pass 1♥ Pass", "1♠ AP"))
    assert [str(c) for c in board.auction.calls] == ["1C", "Pass", "1H", "Pass", "1S", "Pass", "Pass", "Pass"]
    (issue,) = board.issues
    assert issue.message == "'1♣' is not how PBN writes a call (Pass, X, XX, 1C ... 7NT): read as 1C"
    assert "1C Pass 1H Pass\r\n1S Pass Pass Pass\r\n" in dumps([board], "pbn")


def test_an_auction_the_laws_reject_is_kept_as_written_with_an_issue() -> None:
    text = game('[Dealer "S"]', '[Auction "S"]', "1H Pass 1D Pass", "Pass Pass")
    board = one(text)
    assert [str(c) for c in board.auction.calls] == ["1H", "Pass"]
    assert "insufficient" in board.issues[0].message and board.issues[0].line == 3
    assert "1H Pass 1D Pass\r\nPass Pass" in dumps([board], "pbn")


def test_export_writes_four_calls_a_line_from_the_dealer() -> None:
    board = one(game('[Dealer "W"]', '[Auction "W"]', "Pass Pass", "Pass 1C Pass", "Pass Pass"))
    assert '[Auction "W"]\r\nPass Pass Pass 1C\r\nPass Pass Pass\r\n' in dumps([board], "pbn")


# Play (§3.6) ----------------------------------------------------------------------------------------


def test_play_order_is_rebuilt_from_trick_winners() -> None:
    board = next(read(DATA / "pbn__Schiphol.pbn"))
    # 5HX by South: West leads SK; the columns are W N E S. Trick 1 is SK H3 S4 S3: North ruffs
    # with the H3, so North leads trick 2 (its C2 is in column 2 of the next row).
    first = board.play.trick_list[0]
    assert trick_winner(first.leader, first.cards, board.play.trump) is Seat.N
    assert board.play.trick_list[1].leader is Seat.N
    assert board.play.trick_list[1].cards[0] == Card.parse("C2")
    # The last row "- - - H2" is South's lead to trick 7, and the Result 9 ends the play by a claim.
    assert board.play.trick_list[6].cards == (Card.parse("H2"),) and board.play.claimed == 9


def test_export_puts_each_card_in_its_seats_column() -> None:
    board = next(read(DATA / "pbn__Schiphol.pbn"))
    text = dumps([board], "pbn")
    assert '[Play "W"]\r\nSK =1= H3 S4 S3\r\nC5 C2 C6 CK\r\n' in text
    assert "- - - H2\r\n*\r\n" in text


def test_a_play_stopping_after_the_opening_lead() -> None:
    board = one(
        game('[Dealer "N"]', f'[Deal "{DEAL}"]', '[Declarer "S"]', '[Contract "4H"]', '[Play "W"]', "SK")
    )
    assert board.play.cards == (Card.parse("SK"),) and board.issues == []


def test_an_empty_play_tag_is_kept() -> None:
    board = one(game('[Contract "4H"]', '[Declarer "S"]', '[Play ""]'))
    assert board.play is None and '[Play ""]' in dumps([board], "pbn")


def test_a_card_not_in_the_players_hand_is_reported_where_it_is() -> None:
    board = one(
        game(
            '[Dealer "N"]',
            f'[Deal "{DEAL}"]',
            '[Declarer "S"]',
            '[Contract "4H"]',
            '[Play "W"]',
            "SK H3 S4 S3",
            "C5 C2 C6 SA",
        )
    )
    issue = board.issues[0]
    assert "does not hold SA" in issue.message and (issue.line, issue.column) == (7, 10)
    # North won trick 1 (H3 ruffs); North's C2 and East's C6 stand, South's SA does not.
    assert [str(c) for c in board.play.cards] == ["SK", "H3", "S4", "S3", "C2", "C6"]


CONTINUED = (
    '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]',
    '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]',
    '[Declarer "E"]', '[Contract "3NT"]', '[Auction "N"]', "Pass 1NT Pass 3NT", "AP", '[Play "S"]',
    "S6 S3 SA S9", "H8 H4 H3 HA",
)
"""3NT by East, to be continued (§3.6 ``+``): North won the first trick, East the second."""


@pytest.mark.parametrize(("rows", "so_far"), [(("C7 C5 C2 CA", "+ - - -"), 2), (("+ - - CA",), 1)])
def test_a_play_to_be_continued_is_unfinished_its_result_the_tricks_so_far(
    rows: tuple[str], so_far: int
) -> None:
    # §3.4: while the play is unfinished the Result counts the completed tricks, no claim nor final result
    board = one(game(*CONTINUED, *rows, f'[Result "{so_far}"]'))
    assert board.play is not None and board.play.claimed is None and not board.play.is_complete
    assert (board.tricks, board.result, board.play.declarer_tricks, board.issues) == (None, None, so_far, [])


@pytest.mark.parametrize(("rows", "so_far", "written"), [
    (("C7 C5 C2 CA", "+ - - -"), 2, "C7 C5 C2 CA\r\n- - - +\r\n"),
    (("+ - - CA",), 1, "H8 H4 H3 HA\r\n+ - - CA\r\n"),
])
def test_a_play_to_be_continued_is_written_back_with_its_result_so_far_and_its_next_card_mark(
    rows: tuple[str], so_far: int, written: str
) -> None:
    # the '+' in the slot of the player to play next (East leads trick 4; South follows to East's CA)
    board = one(game(*CONTINUED, *rows, f'[Result "{so_far}"]'))
    text = dumps([board], "pbn")
    assert written in text and f'[Result "{so_far}"]' in text
    assert "mc|" not in dumps([board], "lin")  # LIN: the cards, no claim (and nothing named lost)


def test_a_result_so_far_that_the_cards_do_not_give_is_an_issue() -> None:
    board = one(game(*CONTINUED, "+ - - CA", '[Result "3"]'))
    assert board.tricks is None and [i.message for i in board.issues] == [
        "Result 3 of a play to be continued counts the tricks declarer has won so far (§3.4), "
        "but the cards give E 1"]


def test_an_end_positions_play_is_kept_as_written_with_a_note_not_a_missing_contract() -> None:
    # §3.10: an end position's Contract gives the strain alone, its Deal fewer cards a hand
    text = game('[Board "1"]', '[Dealer "N"]', '[Deal "N:AK.2.. Q3.3.. J2..2. .AK.3."]', '[Declarer "S"]',
                '[Contract "NT"]', '[Result "4"]', '[Play "W"]', "HA S2 H2 H3", "S3 SA D3 SJ", "*")
    board = one(text)
    assert board.contract is None and board.play is None
    assert [(i.level, i.message) for i in board.issues] == [("info", (
        "an end position's Play (Contract 'NT', the strain alone, §3.10) is kept as written: its cards are "
        "not played, for the model plays under a contract of a level"))]
    assert "HA S2 H2 H3\r\nS3 SA D3 SJ\r\n*" in dumps([board], "pbn")


# Tables (§5) ------------------------------------------------------------------------------------------


def test_table_cells_are_regrouped_into_rows_of_the_column_count() -> None:
    board = one(
        game('[ScoreTable "Rank\\2R;Names;Score_NS\\5R"]', ' 1 "Smith;Jones"   450', " 2", '"Lee;Kim" -50')
    )
    table = board.tables["ScoreTable"]
    assert table.columns == ["Rank\\2R", "Names", "Score_NS\\5R"]
    assert table.rows == [["1", "Smith;Jones", "450"], ["2", "Lee;Kim", "-50"]]


def test_table_export_pads_to_the_minimum_width_and_quotes_names() -> None:
    board = one(game('[ScoreTable "Rank\\2R;Names;Score_NS\\5R"]', '1 "Smith;Jones" 450'))
    assert ' 1 "Smith;Jones"   450\r\n' in dumps([board], "pbn")


def test_space_separated_column_list_of_bidding_analyser_files() -> None:
    board = one(game('[OptimumResultTable "Declarer Suit Tricks"]', "W S 9"))
    assert board.tables["OptimumResultTable"].records() == [{"Declarer": "W", "Suit": "S", "Tricks": "9"}]


# Errors ---------------------------------------------------------------------------------------------


def test_strict_reading_raises_with_file_line_and_column() -> None:
    with pytest.raises(ParseError) as caught:
        loads(game('[Event "a"]', "[Board 7]"), "pbn", strict=True, source="x.pbn")
    error = caught.value
    assert (error.source, error.line, error.column) == ("x.pbn", 2, 8)
    assert str(error).startswith("x.pbn:2:8: ")


def test_a_result_that_is_no_number_of_tricks_is_reported_at_its_value_with_what_is_expected() -> None:
    # a relative result (+1, as some scorers write it) is no PBN Result: the issue names the value's column
    board = one(game('[Board "1"]', '[Declarer "N"]', '[Contract "4S"]', '[Result "+1"]'))
    assert isinstance(board, Board) and board.tricks is None
    (issue,) = board.issues
    assert (issue.line, issue.column) == (4, 10)
    assert issue.message == ("Result '+1' is not a number of tricks (0 to 13, or NS 9 EW 4); read as unknown "
                             "('?'), not from the play")


@pytest.mark.parametrize("cut", ["[", "[Boa", "[Board \"7\"", "[Board\n"])
def test_a_file_cut_short_inside_a_tag_is_reported_where_the_text_ends(cut: str) -> None:
    """A file cut short (a download stopped mid-tag) ends in a tag with no value or no ``]``: the error
    names the end of the text, where the missing part was expected, not the tag's first letter."""
    text = '[Event "a"]\n[Site "b"]\n' + cut
    with pytest.raises(ParseError) as caught:
        loads(text, "pbn", strict=True, source="cut.pbn")
    last = text.rstrip().splitlines()[-1]
    assert (caught.value.line, caught.value.column) == (text.rstrip().count("\n") + 1, len(last) + 1), str(
        caught.value)


@pytest.mark.parametrize("text", ['[Dealer "Q"]\n', '[Event "x"]\n[Dealer    " Q"]\n'])
def test_a_bad_tag_value_is_placed_at_its_first_character_inside_the_quotes(text: str) -> None:
    (board,) = loads(text, "pbn")
    (issue,) = board.issues
    line = text.splitlines()[-1]
    assert (issue.line, issue.column) == (text.count("\n"), line.index("Q") + 1)


def test_a_bad_tag_value_is_placed_at_its_value_on_the_slower_grammar_path_too() -> None:
    # a line end inside the tag sends the game through the grammar rather than the fast tag scanner
    (board,) = loads('[Dealer  "Q"\n]\n', "pbn")
    assert [(i.line, i.column) for i in board.issues if "Dealer" in i.message] == [(1, 11)]


def test_strict_reading_raises_on_a_bad_value_too() -> None:
    with pytest.raises(ParseError, match="Vulnerable"):
        loads('[Vulnerable "Sometimes"]\n', "pbn", strict=True)


def test_a_strict_error_says_the_line_it_is_on() -> None:
    with pytest.raises(ParseError, match="Dealer 'Q'") as caught:
        loads('[Event "x"]\n[Board "1"]\n[Dealer "Q"]\n', "pbn", strict=True)
    assert (caught.value.line, caught.value.context) == (3, '[Dealer "Q"]')


def test_a_file_with_one_bad_board_still_yields_the_others() -> None:
    text = game('[Board "1"]', "", '[Board "2"', '[Deal "N:AKQ"]', "", '[Board "3"]')
    boards = loads(text, "pbn")
    assert [b.number for b in boards] == [1, 2, 3]
    assert boards[0].issues == [] and boards[2].issues == []
    assert sorted(i.line for i in boards[1].issues) == [3, 4]


def test_a_tag_missing_its_closing_bracket_is_closed_and_its_game_kept() -> None:
    text = game('[Event "Club"]', '[Board "7"', '[West "Ann"]', '[Dealer "S"]', '[Auction "S"]', "1S Pass")
    (board,) = loads(text, "pbn", source="club.pbn")
    assert (board.event, board.number, board.players[Seat.W], board.dealer) == ("Club", 7, "Ann", Seat.S)
    assert [(i.line, i.column, i.message) for i in board.issues] == [
        (2, 11, "tag Board is not closed: expected ']' after its value")]
    with pytest.raises(ParseError, match="tag Board is not closed"):
        loads(text, "pbn", strict=True)


# Deliberate errors in the style of the PBN verifier's errors_*.pbn files -----------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[Deal "N:AKQJT98765432.AKQ.. - - -"]', "16 cards"),
        ('[Deal "N:AKQ.AKQ.AKQ - - -"]', "four suits"),
        ('[Deal "N:AKQJ.AKQ.AKQ.AKQ AKQ.JT9.JT9.JT98 - -"]', "two hands"),
        ('[Dealer "X"]', "Dealer"),
        ('[Vulnerable "Maybe"]', "Vulnerable"),
        ('[Contract "8NT"]', "Contract"),
        ('[Result "fourteen"]', "Result"),
        ('[Dealer "#"]', "may not inherit"),
        ('[Event "a]', "not closed"),
        ('[Event "a"\n[Site "b"]', "expected"),
        ('{never closed\n[Event "a"]', "comment not closed"),
        ('[Dealer "N"]\n[Auction "N"]\n1S 1H', "insufficient"),
        ('[Dealer "N"]\n[Auction "N"]\nPass Pass X', "nothing to double"),
        ('[Note "strong"]', "Note"),
    ],
)
def test_deliberate_errors_are_reported(text: str, expected: str) -> None:
    text = '[Board "1"]\n' + text + "\n"  # a board, so the problems go on it
    issues = [i for b in loads(text, "pbn") for i in b.issues]
    assert issues and any(expected in i.message for i in issues), [str(i) for i in issues]
    with pytest.raises(ParseError):
        loads(text, "pbn", strict=True)


def test_a_comment_the_file_ends_inside_is_kept_and_said_at_its_brace() -> None:
    # was `4:1: unexpected character '{'; expected ... brace comment ...` and the comment's text skipped
    text = '[Board "1"]\n[Dealer "N"]\n[Result "9"]\n{Lead the\n  S K here'
    (board,) = loads(text, "pbn", source="cut.pbn")
    assert board.commentary == ["Lead the\n  S K here"]
    assert [str(i) for i in board.issues] == ["cut.pbn:4:1: comment not closed: expected '}' after its text "
                                              "(taken as closed at the end of the game)"]


def test_an_unclosed_comment_before_a_tag_ends_before_that_tag() -> None:
    (board,) = loads('[Board "1"]\n{never closed\nstill the comment\n[Dealer "E"]\n', "pbn")
    assert board.commentary == ["never closed\nstill the comment"] and board.dealer is Seat.E
    assert [i.message for i in board.issues] == [
        "comment not closed: expected '}' after its text (taken as closed before the tag after it)"]


@pytest.mark.parametrize(("text", "before"), [
    ('[Board "1"]\n{never closed\n[Dealer "E"]\n', "the tag after it"),
    ('[Board "1"]\n{never closed\n', "the end of the game")])
def test_an_unclosed_comment_under_strict_is_said_with_nothing_taken(text: str, before: str) -> None:
    # it said "(taken as closed before the tag after it)", though with --strict nothing was taken
    said = rf"comment not closed: expected '}}' after its text, before {before}$"
    with pytest.raises(ParseError, match=said):
        loads(text, "pbn", strict=True)


def test_an_unclosed_comment_of_nothing_is_left_out_and_one_ends_before_the_next_games_escapes() -> None:
    # the PBN verifier's `1  {` in a table: an empty comment was made of it, and the next game's % line
    text = '[ActionTable "Rank;MyText"]\n1  {\n\n% game 20\n'
    (board,) = loads(text, "pbn")
    assert board.commentary == [] and board.tables["ActionTable"].rows == [["1"]]
    assert any("(a comment of nothing, left out)" in i.message for i in board.issues)
    (board,) = loads('[Board "1"]\n{kept\n\n% game 2\n', "pbn")
    assert board.commentary == ["kept"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("", "no boards found (read as PBN)"), ("just some words\n", "no boards"),
     ('[Event "a\\]\n', "not closed"), ('[Note "strong"]\n', "does not start with a number")],
)
def test_text_holding_no_board_is_an_error_naming_the_first_problem(text: str, expected: str) -> None:
    with pytest.raises(BridgeError, match=re.escape(expected)):
        loads(text, "pbn", source="lesson.pbn")


NO_TAG = 'no PBN tag pair: expected tags such as [Board "1"] and [Deal "N:AKQ2.KJ3..."], found '


@pytest.mark.parametrize(
    ("text", "where", "found"),
    [("\n  The hands of Tuesday's lesson.\n", "2:3", "\"The hands of Tuesday's lesson.\""),
     ("% PBN 2.1\n\n{a comment}\n", "1:1", "commentary and % lines alone"),
     ("", "1:1", "nothing: the input is empty")],
    ids=["words", "commentary alone", "empty"],
)
def test_a_pbn_file_with_no_tag_names_the_place_and_what_was_expected(
        text: str, where: str, found: str) -> None:
    """It said `lesson.pbn: no boards found (read as PBN)`, naming no place and nothing expected."""
    with pytest.raises(BridgeError) as caught:
        loads(text, "pbn", source="lesson.pbn")
    said = f"lesson.pbn:{where}: no boards found (read as PBN); first problem: {NO_TAG}{found}"
    assert str(caught.value) == said


def test_a_pbn_file_with_no_tag_read_strictly_is_an_error_at_its_first_text() -> None:
    with pytest.raises(ParseError) as caught:
        loads("\nhello\n", "pbn", source="lesson.pbn", strict=True)
    assert str(caught.value) == f"lesson.pbn:2:1: {NO_TAG}'hello'"


def test_a_pbn_file_with_no_tag_read_in_several_processes_says_the_same(tmp_path: Path) -> None:
    path = tmp_path / "lesson.pbn"
    path.write_text("hello\n", encoding="utf-8")
    for jobs in (1, 2):
        said = f":1:1: no boards found (read as PBN); first problem: {NO_TAG}'hello'"
        with pytest.raises(BridgeError, match=re.escape(said)):
            list(read(path, "pbn", jobs=jobs))


# Files and formats ------------------------------------------------------------------------------------


def test_latin1_export_declares_its_charset_and_reads_back(tmp_path: Path) -> None:
    board = one('[West "Strøm"]\n[Board "1"]\n')
    path = tmp_path / "latin.pbn"
    write([board], path, "pbn", encoding="latin-1")
    data = path.read_bytes()
    assert b"%Content-type: text/x-pbn; charset=ISO-8859-1" in data and b"Str\xf8m" in data
    assert next(read(path)).players[Seat.W] == "Strøm"


def test_format_is_known_from_the_file_name() -> None:
    assert format_from_name("boards/Club Night.PBN") == "pbn"
    assert format_from_name("-") is None


def test_format_is_sniffed_from_content_when_the_name_says_nothing() -> None:
    assert detect_format("<stdin>", '% PBN 2.1\n[Event "x"]\n') == "pbn"
    assert detect_format(None, '\n[Board "1"]\n') == "pbn"


@pytest.mark.parametrize("head", ['{"rubbers": []}', '\ufeff {\n  "variant": "booby"', '[\n {"deals": []}]',
                                  "[]"])
def test_json_no_sniffer_claims_is_read_as_json_when_the_name_says_nothing(head: str) -> None:
    # A record of variant rubbers (booby.txt) was "cannot tell the format": the JSON reader names it.
    assert detect_format("booby.txt", head) == "json"
    assert detect_format(None, head) == "json"


@pytest.mark.parametrize("head", ["[note to self", "{not json", "Bring the boards.\n",
                                  "[[wikilink]] notes", "[ [1, 2]]"])
def test_text_that_only_opens_with_a_bracket_is_still_no_format(head: str) -> None:
    # `[[wikilink]]` (a notes.md) was read as JSON, an array opening on an array, and got a JSON error:
    # none of our JSON formats starts so.
    with pytest.raises(BridgeError, match="cannot tell the format"):
        detect_format("notes.txt", head)


def test_reading_streams_one_game_at_a_time() -> None:
    class Endless(io.TextIOBase):
        """A file that never ends: one-tag games separated by empty lines."""

        def __init__(self) -> None:
            self.lines_read = 0

        def readable(self) -> bool:
            return True

        def __next__(self) -> str:
            self.lines_read += 1
            return '[Board "1"]\n' if self.lines_read % 2 else "\n"

    stream = Endless()
    boards = read(stream, "pbn")
    assert [next(boards).number, next(boards).number] == [1, 1]
    assert stream.lines_read < 10


def test_reading_in_two_processes_gives_the_same_boards() -> None:
    one_process = list(read(DATA / "pbn-to-pdf__Drury.pbn"))
    two = list(read(DATA / "pbn-to-pdf__Drury.pbn", jobs=2))
    assert dumps(two, "pbn") == dumps(one_process, "pbn")
    assert [[str(i) for i in b.issues] for b in two] == [[str(i) for i in b.issues] for b in one_process]


def test_inheritance_crosses_the_chunks_given_to_worker_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Chunks of two games: games 3-5 inherit, through '#' and '##', values set in chunk one, and the
    # shared-deal game 6 takes the deal of game 5, in the chunk before it.
    from bridgetools.formats import pbn

    monkeypatch.setattr(pbn, "CHUNK_GAMES", 2)
    path = tmp_path / "inherit.pbn"
    path.write_text(
        game(
            '[Event "Cup"]', '[Date "##2025.03.12"]', '[Board "1"]', f'[Deal "{DEAL}"]', "",
            '[Event "#"]', '[Board "2"]', "",
            '[Event "#"]', '[Board "3"]', "",
            '[Event "#"]', '[Board "4"]', "",
            '[Event "#"]', '[Board "5"]', f'[Deal "{DEAL}"]', "",
            '[Auction "N"]', "Pass Pass Pass Pass",
        )
    )
    boards = list(read(path, jobs=2))
    assert [b.event for b in boards] == ["Cup"] * 6
    assert [b.date for b in boards] == ["2025.03.12"] * 6
    assert boards[5].number == 5 and boards[5].deal == boards[4].deal
    assert dumps(boards, "pbn") == dumps(read(path), "pbn")


def test_boards_survive_pickling_for_worker_processes() -> None:
    board = next(read(DATA / "pbn__Schiphol.pbn"))
    again = pickle.loads(pickle.dumps(board))
    assert again.deal == board.deal and again.play == board.play
    assert again.play.trick_list == board.play.trick_list and again.play.turn == board.play.turn
    assert again.auction.calls[-1] is PASS and again.auction.calls[0] == Bid(1, Strain.D)


# Line length (the export's 255 characters a line) --------------------------------------------------

KIBITZED = game('[Board "1"]', '[Dealer "N"]', f'[Deal "{DEAL}"]', '[Auction "N"]',
                "1D " + " ".join(f"{{kibitzer {i}: {'a long remark about the opening ' * 3}}}"
                                 for i in range(6)) + " 1S 3H 4S", "Pass Pass Pass")
"""Six kibitzers' comments on one call, 110 characters each: 600 characters after 1D."""

LECTURE = game('[Board "1"]', "{" + "The 2\\D rebid shows a hand that partner would have opened. " * 12 + "}")
"""One comment line of 720 characters, as BridgeComposer writes a paragraph."""


def test_the_comments_on_one_call_are_written_on_lines_of_at_most_255_characters() -> None:
    lines = dumps([one(KIBITZED)], "pbn").split("\r\n")
    assert max(len(line) for line in lines) <= 255


def test_comments_moved_to_lines_of_their_own_read_back_exactly() -> None:
    board = one(KIBITZED)
    (again,) = loads(dumps([board], "pbn"), "pbn")
    assert again.commentary == board.commentary and len(board.commentary) == 6


def test_a_comment_line_over_255_characters_is_wrapped_at_spaces() -> None:
    lines = dumps([one(LECTURE)], "pbn").split("\r\n")
    assert max(len(line) for line in lines) <= 255


def test_a_wrapped_comment_reads_back_with_its_words_and_spaces_a_line_end_at_each_wrap() -> None:
    board = one(LECTURE)
    exported = dumps([board], "pbn")
    (again,) = loads(exported, "pbn")
    (text,) = again.commentary
    assert "\n" in text and text.replace("\n", " ") == board.commentary[0]
    assert dumps([again], "pbn") == exported  # exported again as it was


def test_a_wrapped_comment_is_named_in_a_warning_saying_what_changed() -> None:
    with pytest.warns(UserWarning, match=r"PBN lines hold at most 255 characters: longer comment lines were "
                                         r"broken at spaces, which read back as line ends \(1 board\)"):
        dumps([one(LECTURE)], "pbn")


def test_a_closing_brace_in_another_formats_comment_is_named_as_written_otherwise() -> None:
    (board,) = loads("pn|a,b,c,d|st||md|3SAKQJ,,,|rh||ah|Board 1|sv|o|nt|bob: nice :}|pg||\n", "lin")
    with pytest.warns(UserWarning, match=r"PBN cannot hold '}' in commentary \(it ends a comment\): "
                                         r"written as '\)' \(1 board\)"):
        text = dumps([board], "pbn")
    assert "{bob: nice :)}" in text


def test_a_word_longer_than_a_line_is_left_whole_on_a_line_of_its_own() -> None:
    address = "http://example.org/" + "x" * 300
    board = one(game('[Board "1"]', "{see " + address + " for more}"))
    lines = dumps([board], "pbn").split("\r\n")
    assert address in lines and all(len(line) <= 255 for line in lines if line != address)
    (again,) = loads(dumps([board], "pbn"), "pbn")
    assert again.commentary[0].replace("\n", " ") == board.commentary[0]


def test_a_semicolon_comment_ends_its_line_so_the_comment_and_call_after_it_read_back() -> None:
    board = one(game('[Board "1"]', '[Dealer "N"]', '[Auction "N"]', "1D ;semi", "{brace} 1S"))
    (again,) = loads(dumps([board], "pbn"), "pbn")
    assert again.commentary == ["semi", "brace"] and [str(c) for c in again.auction.calls] == ["1D", "1S"]


def test_the_club_night_samples_noted_2nt_is_explained_not_alerted() -> None:
    """``2NT =1=`` with ``[Note "1:20-22 balanced"]``: the export's calls table said alert=True."""
    board = next(iter(read(Path(__file__).parent.parent / "samples" / "club_night_export.pbn")))
    assert board.auction is not None
    (noted,) = [a for a in board.auction.annotations if a]
    assert (noted.alert, noted.explanation) == (False, "20-22 balanced")


def test_calls_with_no_board_dealer_give_the_dealer_tag_their_first_seat() -> None:
    """``Board(auction=Auction("E", ...))`` was written ``[Dealer "?"]``, which its own reader then told:
    ``an Auction needs a Dealer tag``."""
    from bridgetools.model import Deal
    from bridgetools.rules import Auction

    deal = Deal.from_pbn("N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963")
    text = dumps([Board(deal=deal, auction=Auction("E", "1S P 2S P P P"))], "pbn")
    assert '[Dealer "E"]' in text and '[Deal "E:KQ3.' in text
    assert loads(text, "pbn")[0].issues == []


@pytest.mark.parametrize(("old", "new", "told"), [
    ('[Board "1"]', '[Board "\u00b2"]', "expected a board number"),
    ('[Result "9"]', '[Result "\u00b2"]', "is not a number of tricks"),
    ("3NT N  9  400", "3NT N  \u00b2  400", "ScoreTable row 1: Result '\u00b2' is not a number of tricks"),
])
def test_a_number_written_in_superscript_is_told_not_an_unexpected_error(old: str, new: str,
                                                                          told: str | None) -> None:
    # '²'.isdigit() holds where int('²') fails: the readers raised ValueError (exit 1, 'unexpected error')
    text = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
            '[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n'
            '[ScoreTable "Contract\\4R;Declarer\\1R;Result\\2R;Score_NS\\6R"]\n3NT N  9  400\n')
    (board,) = loads(text.replace(old, new, 1), "pbn")
    messages = [issue.message for issue in board.issues]
    assert (told is None and not messages) or any(told in m for m in messages if told), messages


DEALS = ("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
         "N:T98.765.432.AKQJ AKQJ.T98.765.432 432.AKQJ.T98.765 765.432.AKQJ.T98")


def _boards(*numbered: tuple[int, int]) -> str:
    """PBN of boards given as (board number, which of `DEALS`), one after another."""
    return "\n".join(f'[Board "{number}"]\n[Deal "{DEALS[deal]}"]\n' for number, deal in numbered)


def test_a_board_number_given_again_with_another_deal_is_a_warning_at_its_board_tag() -> None:
    boards = loads(_boards((1, 0), (2, 0), (2, 1)), "pbn")
    assert not boards[0].issues and not boards[1].issues
    [issue] = boards[2].issues
    assert issue.level == "warning" and (issue.line, issue.column) == (7, 1)
    assert issue.message.startswith("board 2 again with another deal than board 2 at line 4")


def test_a_board_number_given_again_with_its_deal_is_the_other_room_not_a_problem() -> None:
    assert not [i for b in loads(_boards((1, 0), (1, 0)), "pbn") for i in b.issues]


def test_a_new_set_numbered_from_1_again_is_no_repeat_of_the_first_set() -> None:
    boards = loads(_boards((1, 0), (2, 1), (1, 1), (2, 0)), "pbn")  # a second set's boards 1-2
    assert not [i for b in boards for i in b.issues]


def test_a_board_number_given_again_inside_its_set_is_told_though_the_numbers_go_back() -> None:
    boards = loads(_boards(*((n, 0) for n in range(1, 7)), (2, 1)), "pbn")  # boards 1-6, then 2 again
    assert [len(b.issues) for b in boards] == [0] * 6 + [1]
    assert boards[6].issues[0].message.startswith("board 2 again with another deal than board 2 at line 4")


def test_a_run_of_boards_given_again_with_other_deals_is_told_once_at_its_first() -> None:
    # Another match's boards 3-6 after one's 1-6, with no tag to tell the matches apart (a LIN written
    # from PBN keeps no Stage or teams): one warning, not one a board.
    boards = loads(_boards(*((n, 0) for n in range(1, 7)), *((n, 1) for n in range(3, 7))), "pbn")
    assert [len(b.issues) for b in boards] == [0] * 6 + [1, 0, 0, 0]
    assert "the boards from here on are read as a new set" in boards[6].issues[0].message


def test_a_board_given_again_with_another_deal_says_how_to_mark_a_fouled_board() -> None:
    # validate exits 1 on a fouled board recorded right: nothing in a file says fouled, so the warning says
    # how to mark one.
    boards = loads(_boards(*((n, 0) for n in range(1, 4)), (2, 1)), "pbn")
    assert boards[3].issues[0].message.endswith(
        "(a fouled board, its tables given two deals, is scored so, each deal a field of its own; a tag "
        'telling the second deal\'s games apart, such as [Round "2"], marks it fouled and stops this '
        "warning)")


def test_a_set_starting_at_14_then_1_to_13_and_a_next_set_from_1_are_no_repeats() -> None:
    mitchell = [*range(14, 28), *range(1, 14)]
    boards = loads(_boards(*((n, 0) for n in mitchell), *((n, 1) for n in range(1, 28))), "pbn")
    assert not [i for b in boards for i in b.issues]


def test_single_board_exports_each_numbered_1_are_a_set_each_not_a_repeat() -> None:
    boards = loads(_boards((1, 0), (1, 1), (1, 0), (1, 1)), "pbn")  # four files of board 1, joined
    assert not [i for b in boards for i in b.issues]


def test_a_board_number_repeated_across_worker_chunks_is_told_as_in_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Chunks of two games: board 2 of game 2 comes back with another deal in game 3, the next chunk.
    from bridgetools.formats import pbn

    monkeypatch.setattr(pbn, "CHUNK_GAMES", 2)
    path = tmp_path / "again.pbn"
    path.write_text(_boards((1, 0), (2, 0), (2, 1), (3, 1)))
    said = {jobs: [[str(i) for i in b.issues] for b in read(path, jobs=jobs)] for jobs in (1, 2)}
    assert said[2] == said[1]
    assert said[2][2] and said[2][2][0].startswith(f"{path}:7:1: board 2 again with another deal")


def test_the_board_numbers_seen_keep_no_deal_or_hand_of_the_boards_read() -> None:
    # A Deal a board number was kept for the check of a number given again: a dealing run's 100,000 boards
    # numbered on held 90 MB more than the same boards numbered 1-32 (bt.read did not stream flat)
    import gc

    from bridgetools.errors import Issue
    from bridgetools.formats._deal_checks import BoardsSeen
    from bridgetools.formats._problems import Reporter
    from bridgetools.model import Hand

    seen, told = BoardsSeen(), list[Issue]()
    for number in range(1, 101):
        seen.check(Board(number=number, deal=Deal.from_pbn(DEALS[number % 2])), 2 * number, 1,
                   Reporter("x.pbn", False, told))
    reached, todo = {id(seen)}, [seen]
    while todo:
        for held in gc.get_referents(todo.pop()):
            assert not isinstance(held, Deal | Hand | Board)
            if id(held) not in reached and not isinstance(held, type):
                reached.add(id(held))
                todo.append(held)
    assert not told
    again = Board(number=7, deal=Deal.from_pbn(DEALS[0]))
    seen.check(again, 999, 1, Reporter("x.pbn", False, told))
    assert told[0].message.startswith("board 7 again with another deal than board 7 at line 14")


def test_a_file_cut_inside_a_tag_gives_only_an_empty_record_for_the_fragment() -> None:
    boards = loads(_boards((1, 0), (2, 1)) + '\n[Event "cut sho', "pbn")
    assert [b.number for b in boards if not b.is_empty] == [1, 2]
    assert "value is not closed" in boards[-1].issues[0].message  # read as "cut sho", and said so


@pytest.mark.parametrize("cut", ['[Board', '[Board "', '[Site "Vienna, '])
def test_a_file_cut_after_the_next_games_first_tags_gives_no_board_of_the_fragment(cut: str) -> None:
    # Event, Site and Date read, then the cut: a second board `[Board "?"] ... [Deal "?"]` was written
    text = _boards((1, 0)) + '\n[Event "Youth Teams"]\n[Date "1998.07.16"]\n' + cut
    boards = loads(text, "pbn")
    assert [b.number for b in boards if not b.is_empty] == [1]
    [issue] = boards[-1].issues
    assert issue.level == "error" and issue.line == 6 and issue.column is not None


def test_a_game_with_a_contract_but_no_number_or_deal_is_kept_when_cut_in_its_last_line() -> None:
    # the auction, contract, declarer and result were dropped with their problem: "no boards found"
    text = ('[Event "x"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Contract "4S"]\n[Declarer "N"]\n'
            '[Result "10"]\n[Auction "N"]\n1S Pass 4S Pass\nPass Pass\n[Note "1:abc')
    [board] = loads(text, "pbn")
    assert (str(board.contract), board.declarer, board.tricks) == ("4S", Seat.N, 10)
    assert board.auction is not None and len(board.auction.calls) == 6
    assert (board.issues[0].level, board.issues[0].line, board.issues[0].column) == ("error", 10, 13)


def test_a_heading_of_event_and_date_alone_that_is_not_cut_is_still_a_record() -> None:
    boards = loads('[Event "Youth Teams"]\n[Date "1998.07.16"]\n\n' + _boards((1, 0)), "pbn")
    assert [(b.event, b.number) for b in boards] == [("Youth Teams", None), (None, 1)]


@pytest.mark.parametrize("seat", ["N", "E"])
def test_an_auction_starting_before_the_dealer_names_its_seat_north_too(seat: str) -> None:
    # Seat.N is 0: `first.name if first else '?'` said "the Auction starts at ? but S deals"
    deal = "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"
    text = f'[Board "1"]\n[Dealer "S"]\n[Deal "{deal}"]\n[Auction "{seat}"]\n1C Pass Pass Pass\n'
    [board] = loads(text, "pbn")
    assert [issue.message for issue in board.issues] == [
        f"the Auction starts at {seat} but S deals: the seats before the dealer take '-'"]


AU_DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def test_too_few_dashes_before_the_dealer_name_how_many_were_expected() -> None:
    # Auction "N", Dealer W: North, East and South take '-' (§3.5), three of them
    text = f'[Board "1"]\n[Dealer "W"]\n[Deal "{AU_DEAL}"]\n[Auction "N"]\n- Pass 1NT Pass 3NT AP\n'
    [board] = loads(text, "pbn")
    [issue] = board.issues
    assert issue.message.startswith("the Auction starts at N and W deals: 3 '-' expected before the "
                                    "dealer's first call, 1 given")
    assert (issue.line, issue.column) == (5, 1)


def test_a_dash_before_the_dealers_own_first_call_says_none_was_expected() -> None:
    text = f'[Board "1"]\n[Dealer "N"]\n[Deal "{AU_DEAL}"]\n[Auction "N"]\n- 1NT Pass 3NT AP\n'
    [board] = loads(text, "pbn")
    [issue] = board.issues
    assert "no '-' expected (the Auction tag names the dealer), 1 given" in issue.message
    assert board.auction is not None and str(board.auction.calls[0]) == "1NT"


def test_a_tag_name_in_lower_case_is_a_problem_at_the_tag_and_read_as_the_tag_it_names() -> None:
    # §3.3: a tag name starts with a capital letter; a hand-typed [board "3"] means Board
    text = f'[event "x"]\n[board "3"]\n[dealer "N"]\n[deal "{AU_DEAL}"]\n[myTag "y"]\n'
    [board] = loads(text, "pbn")
    assert (board.number, board.dealer, board.event) == (3, Seat.N, "x")
    messages = {issue.line: issue.message for issue in board.issues}
    assert messages[2] == "tag names start with a capital letter (§3.3): 'board' read as Board"
    assert messages[5] == "tag names start with a capital letter (§3.3): 'myTag' kept as written"
    assert board.tags["myTag"] == "y"


@pytest.mark.parametrize(("first", "dashes"), [("W", "-"), ("E", "- - -"), ("W", "- *")])
def test_the_dashes_alone_before_the_dealer_are_an_auction_not_yet_begun(first: str, dashes: str) -> None:
    # a bidding quiz on the dealer's opening: the seats before him take '-', and no call follows yet
    text = f'[Board "1"]\n[Dealer "N"]\n[Deal "{AU_DEAL}"]\n[Auction "{first}"]\n{dashes}\n'
    [board] = loads(text, "pbn")
    assert not [issue for issue in board.issues if issue.level != "info"]
    assert board.auction is None or not board.auction.calls


def test_more_dashes_alone_than_seats_before_the_dealer_name_how_many_were_expected() -> None:
    text = f'[Board "1"]\n[Dealer "N"]\n[Deal "{AU_DEAL}"]\n[Auction "W"]\n- -\n'
    [board] = loads(text, "pbn")
    [issue] = board.issues
    assert "1 '-' expected before the dealer's first call, 2 given" in issue.message


def test_a_tag_name_in_lower_case_beside_the_tag_as_pbn_writes_it_is_kept_apart() -> None:
    # [score "..."] before [Score "NS 420"]: read as Score, it took the Score's place and NS 420 was lost
    text = f'[Board "1"]\n[Dealer "N"]\n[Deal "{AU_DEAL}"]\n[score "my program 12"]\n[Score "NS 420"]\n'
    [board] = loads(text, "pbn")
    assert [issue.message for issue in board.issues] == [
        "tag names start with a capital letter (§3.3): 'score' kept as written: the game has Score too"]
    written = dumps([board], "pbn")
    assert '[Score "NS 420"]' in written and '[score "my program 12"]' in written


def test_a_tag_name_in_capitals_is_a_problem_at_the_tag_and_read_as_the_tag_it_names() -> None:
    text = f'[BOARD "3"]\n[DEALER "N"]\n[DEAL "{AU_DEAL}"]\n'
    [board] = loads(text, "pbn")
    assert (board.number, board.dealer) == (3, Seat.N)
    assert board.issues[0].message == "tag names are written as PBN spells them (§3.3): 'BOARD' read as Board"


def _explained_to_seven_notrump(explanations: list[str]) -> Board:
    """A board whose auction climbs 1C Pass 1D Pass ... 7NT, each bid explained by the next of
    ``explanations`` (PBN numbers at most 32 notes)."""
    from bridgetools.rules import Auction

    auction = Auction(Seat.N)
    bids = [Bid(level, strain) for level in range(1, 8) for strain in Strain]
    for bid, words in zip(bids, explanations, strict=False):
        auction.add(bid, Annotation(explanation=words))
        auction.add(PASS)
    return Board(number=1, dealer=Seat.N, auction=auction)


def test_explanations_past_thirty_two_notes_are_written_as_comments_after_their_calls() -> None:
    board = _explained_to_seven_notrump([f"meaning {i}" for i in range(1, 36)])
    with pytest.warns(UserWarning, match="PBN numbers an auction's or a play's notes 1 to 32"):
        text = dumps([board], "pbn")
    assert not re.search(r"=(3[3-9])=|Note \"3[3-9]:", text)
    back = loads(text, "pbn")[0]
    assert not back.issues
    assert [back.notes[n] for n in range(1, 33)] == [f"meaning {i}" for i in range(1, 33)]
    assert [c for c in back.commentary if c.startswith("meaning")] == [f"meaning {i}" for i in (33, 34, 35)]


def test_a_new_explanation_past_note_thirty_two_shares_the_note_saying_the_same() -> None:
    board = _explained_to_seven_notrump([f"meaning {i}" for i in range(1, 33)] + ["meaning 2"])
    text = dumps([board], "pbn")
    back = loads(text, "pbn")[0]
    assert not back.issues and max(back.notes) == 32
    assert back.auction.annotations[64] == Annotation(explanation="meaning 2", note=2)


def _referring_to_note_five_then_explained(explanations: list[str]) -> Board:
    """A board whose opening 1C refers to note 5 with no Note tag given, the bids after it explained by
    ``explanations``."""
    from bridgetools.rules import Auction

    auction = Auction(Seat.N)
    bids = [Bid(level, strain) for level in range(1, 8) for strain in Strain]
    auction.add(bids[0], Annotation(note=5))
    auction.add(PASS)
    for bid, words in zip(bids[1:], explanations, strict=False):
        auction.add(bid, Annotation(explanation=words))
        auction.add(PASS)
    return Board(number=1, dealer=Seat.N, auction=auction)


def test_a_new_explanation_does_not_take_the_number_of_a_note_a_call_refers_to_without_its_tag() -> None:
    board = _referring_to_note_five_then_explained([f"meaning {i}" for i in range(1, 7)])
    back = loads(dumps([board], "pbn"), "pbn")[0]
    assert back.auction.annotations[0] == Annotation(note=5)
    assert 5 not in back.notes


def test_past_note_thirty_two_a_new_explanation_does_not_take_a_number_a_call_refers_to() -> None:
    board = _referring_to_note_five_then_explained([f"meaning {i}" for i in range(1, 35)])
    with pytest.warns(UserWarning, match="PBN numbers an auction's or a play's notes 1 to 32"):
        text = dumps([board], "pbn")
    back = loads(text, "pbn")[0]
    assert back.auction.annotations[0] == Annotation(note=5)
    assert 5 not in back.notes


def _played_with(annotations: list[Annotation]) -> Board:
    """A board of 3NT by South whose first cards (one per annotation, from a fixed deal) carry them."""
    import random

    from bridgetools.rules import Play, deal_shuffled

    deal = deal_shuffled(seed=1)
    play = Play(deal, "3NT", Seat.S)
    rng = random.Random(1)
    for annotation in annotations:
        play.add(rng.choice(play.legal_cards()), annotation)
    return Board(number=1, dealer=Seat.S, deal=deal, play=play)


def test_an_alerted_card_with_no_note_number_left_reads_back_alerted() -> None:
    signals = [Annotation(explanation=f"signal {index}") for index in range(1, 33)]
    text = dumps([_played_with([*signals, Annotation(alert=True)])], "pbn")
    assert loads(text, "pbn")[0].play.annotations[32] == Annotation(alert=True)


def test_an_alerted_card_keeps_its_alert_and_explanation_pbn_to_pbn_and_through_json() -> None:
    alerted = [Annotation(alert=True, explanation="count"), Annotation(alert=True, explanation="")]
    back = loads(dumps([_played_with(alerted)], "pbn"), "pbn")[0]
    again = loads(dumps(loads(dumps([back], "json"), "json"), "pbn"), "pbn")[0]
    for board in (back, again):
        assert [(a.alert, a.explanation) for a in board.play.annotations.values()] == [
            (True, "count"), (True, "")
        ]


def test_an_alerted_card_with_no_explanation_is_the_alert_nag_alone_and_reads_back_unexplained() -> None:
    text = dumps([_played_with([Annotation(alert=True)])], "pbn")
    assert "[Note" not in text
    assert loads(text, "pbn")[0].play.annotations[0] == Annotation(alert=True)


def test_a_card_with_nag_15_in_another_program_s_file_is_alerted_as_a_call_is() -> None:
    text = dumps([_played_with([Annotation()])], "pbn").replace("%Creator", "%Made")
    lead = loads(text, "pbn")[0].play.cards[0]
    text = text.replace(f"\n{lead} ", f"\n{lead} $15 $20 ", 1)
    assert loads(text, "pbn")[0].play.annotations[0] == Annotation(alert=True, nags=(20,))


@pytest.mark.parametrize("mark", ["", " ($15 alerts)", " (alerts as NAG $15; notes explain calls)"])
def test_an_earlier_bridgetools_empty_card_note_is_an_alert_with_no_explanation(mark: str) -> None:
    # Before session 51 bridgetools wrote an alerted card with no explanation as `HK =1=`, `[Note "1:"]`.
    text = dumps([_played_with([Annotation(explanation="count"), Annotation(alert=True)])], "pbn")
    second = loads(text, "pbn")[0].play.cards[1]
    text = text.replace(f" {second} $15", f" {second} =2=").replace(
        "*\r\n", '*\r\n[Note "2:"]\r\n').replace(
        "\r\n%Creator: bridgetools 0.1.0 (alerts as NAG $15; notes explain calls and cards)",
        f"\r\n%Creator: bridgetools 0.1.0{mark}")
    board = loads(text, "pbn")[0]
    assert list(board.play.annotations.values()) == [Annotation(explanation="count", note=1),
                                                     Annotation(alert=True)]
    again = loads(dumps([board], "pbn"), "pbn")[0]  # written now as this bridgetools writes it: `$15`
    assert again.play.annotations == board.play.annotations and '"2:"' not in dumps([board], "pbn")


def test_an_empty_card_note_of_another_program_or_this_bridgetools_is_an_empty_explanation() -> None:
    text = dumps([_played_with([Annotation(explanation="")])], "pbn")
    for heading in ("% PBN 2.1\r\n%Creator: BridgeComposer 5.9\r\n", ""):
        again = text if not heading else heading + text.split("%Creator", 1)[1].split("\r\n", 1)[1]
        assert loads(again, "pbn")[0].play.annotations[0] == Annotation(explanation="", note=1), heading


@pytest.mark.parametrize("unalerted", [Annotation(nags=(15,)), Annotation(explanation="x", nags=(15, 20))])
def test_a_nag_15_without_an_alert_reads_back_unalerted_and_is_said_left_out(unalerted: Annotation) -> None:
    from bridgetools.errors import FormatLossWarning

    with pytest.warns(FormatLossWarning, match="the NAG 15 of a call or card not alerted was left out"):
        text = dumps([_played_with([unalerted])], "pbn")
    back = loads(text, "pbn")[0].play.annotations.get(0, Annotation())
    assert (back.alert, back.explanation, back.nags) == (False, unalerted.explanation,
                                                         tuple(n for n in unalerted.nags if n != 15))


def test_an_empty_explanation_with_no_note_number_left_is_said_not_dropped_silently() -> None:
    board = _explained_to_seven_notrump([f"meaning {i}" for i in range(1, 33)] + [""])
    with pytest.warns(UserWarning, match="an empty explanation not at all"):
        dumps([board], "pbn")
