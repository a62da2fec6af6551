"""RBN's text (comments, the digit lines' notes, the event, site and names) and the suit marks of the
other formats: RBN has neither suit marks nor escapes, so PBN's ``\\S`` and LIN's ``!S``/``@S`` are
written as the suit symbols, and RBN's symbols read back as the board holds text (PBN's way)."""

from __future__ import annotations

import warnings

import pytest

from bridgetools import Board, dumps, loads
from bridgetools.errors import NoBoardsError

PBN = r"""[Event "Cup \S C:\\Sim"]
[Board "1"]
[North "A\\Smith"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 J765.AQ2.KJ7.AK5 T98.T987.A5.QJT9 43.654.Q6432.876"]
[Auction "N"]
1C =1= Pass 1S Pass
2NT Pass Pass Pass
[Note "1:2+ \C, 11-15"]
{C:\\Spades: lead a \S, not a \H}
"""
LIN = ("pn|,,,|md|3ST98HT987DA5CQJT9,S43H654DQ6432C876,SAKQ2HKJ3DT98C432,SJ765HAQ2DKJ7CAK5|sv|o|"
       "mb|1C!|an|2+ !C|mb|p|mb|1S|mb|p|mb|2N|mb|p|mb|p|mb|p|pg||nt|lead a @S, C:\\Spades|\n")


def _rbn(text: str, fmt: str) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return dumps(loads(text, fmt), "rbn")


def test_pbn_suit_marks_in_notes_and_comments_are_written_to_rbn_as_the_symbols() -> None:
    rbn = _rbn(PBN, "pbn")
    assert "\n1 2+ \u2663, 11-15\n" in rbn
    assert "\n{C:\\Spades: lead a \u2660, not a \u2665}" in rbn  # PBN's escaped backslash is one backslash


def test_pbn_suit_marks_in_the_event_and_names_are_written_to_rbn_as_the_symbols() -> None:
    rbn = _rbn(PBN, "pbn")
    assert "E Cup \u2660 C:\\Sim\n" in rbn and "N A\\Smith+:+\n" in rbn


def test_pbn_to_rbn_to_pbn_keeps_every_suit_mark_and_backslash() -> None:
    (board,) = loads(PBN, "pbn")
    (back,) = loads(_rbn(PBN, "pbn"), "rbn")
    assert (back.notes, back.commentary) == (board.notes, board.commentary)
    assert (back.event, back.players) == (board.event, board.players)
    assert back.auction is not None and back.auction.annotations[0].explanation == "2+ \\C, 11-15"  # type: ignore[union-attr]


def test_lin_suit_marks_are_written_to_rbn_as_the_symbols_and_come_back_to_lin() -> None:
    rbn = _rbn(LIN, "lin")
    assert "\n1 2+ \u2663\n" in rbn and "\n{lead a \u2660, C:\\Spades}" in rbn
    back = dumps(loads(rbn, "rbn"), "lin")
    assert "|an|2+ !C|" in back and "|nt|lead a @S, C:\\Spades|" in back


def test_a_backslash_before_a_suit_letter_in_rbn_text_is_no_suit_symbol_in_pbn() -> None:
    rbn = "B 1\nH W:43.654.Q6432.876:AKQ2.KJ3.T98.432:J765.AQ2.KJ7.AK5:\n{C:\\Spades and \u2660}\n"
    (board,) = loads(rbn, "rbn")
    assert board.commentary == ["C:\\\\Spades and \\S"]  # as PBN holds a backslash and an S, and a spade
    assert "{C:\\\\Spades and \\S}" in dumps([board], "pbn")


def test_a_comment_of_paragraphs_is_written_with_no_blank_line_and_read_back_the_same() -> None:
    """A BridgeComposer comment's blank line between paragraphs was written as it was: RBN's blank line
    ends the record, so another reader took the next paragraph for the next deal's labels."""
    (board,) = loads(PBN, "pbn")
    board.commentary = ["First paragraph.\n\nSecond one,\n\n\nand a third."]
    rbn = _rbn(dumps([board], "pbn"), "pbn")
    assert "\n\n" not in rbn.strip()
    assert loads(rbn, "rbn")[0].commentary == board.commentary


def test_a_comments_line_of_one_space_is_said_to_read_back_empty() -> None:
    (board,) = loads(PBN, "pbn")
    board.commentary = ["a\n \nb\n\nc"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = dumps([board], "rbn")
    assert any("line of one space from an empty line" in str(w.message) for w in caught)
    assert loads(text, "rbn")[0].commentary == ["a\n\nb\n\nc"]


def test_a_paragraph_standing_alone_between_records_is_a_board_of_commentary() -> None:
    """A PBN file's introduction (a game of commentary alone) was written to RBN and dropped when read
    back, without a word: one board fewer."""
    intro = Board(commentary=["Most bad results come from bidding unsafely.\nSometimes you just have to let"])
    (board,) = loads(PBN, "pbn")
    boards = loads(_rbn(dumps([intro, board], "pbn"), "pbn"), "rbn")
    assert len(boards) == 2 and boards[0].commentary == intro.commentary and boards[0].deal is None
    assert boards[1].deal == board.deal


def test_a_file_of_an_introduction_alone_reads_back_as_its_record() -> None:
    """A lesson's introduction alone (LIN ``pn|,,,|nt|Intro|``) was written to RBN as ``{Intro}``, which read
    back as ``no boards found (read as RBN)``: RBN's commentary is a record of its own, as LIN's ``nt`` is."""
    text = _rbn("pn|,,,|nt|Intro|\n", "lin")
    assert text.strip() == "{Intro}"
    (board,) = loads(text, "rbn")
    assert board.commentary == ["Intro"] and board.deal is None


def test_another_formats_text_with_a_comment_is_no_rbn_record() -> None:
    """A PBN game read as RBN is unlabelled lines (each told), not a record of its commentary."""
    with pytest.raises(NoBoardsError, match="no boards found"):
        loads('{x}\n[Event "a"]\n[Board "1"]\n', "rbn")


def test_lins_lower_case_suit_marks_are_said_to_come_back_upper_case_as_pbn_says() -> None:
    # was silent, while PBN warned: nt|2@s| came back through RBN as nt|2@S|
    lin = LIN.replace("nt|lead a @S", "nt|lead a @s")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rbn = dumps(loads(lin, "lin"), "rbn")
    assert "lead a ♠" in rbn
    assert any("RBN has no lower-case suit mark" in str(w.message) for w in caught)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        dumps(loads(LIN, "lin"), "rbn")
    assert not any("lower-case" in str(w.message) for w in caught)
