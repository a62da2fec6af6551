"""PBN as real generators write it, beyond the standard: each test is one feature met in files from
public repositories (BridgeComposer, BBA, BBO, PbnTools, KoPS, Ruter, the PBN verifier's own test
files), reproduced in a small file of our own."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbn_content import content

from bridgetools.formats import dumps, loads, read
from bridgetools.model import Seat, Vul

WILD_DIR = Path(__file__).parent / "data" / "pbn" / "wild"
# Games in each file, counted by reading it: a game is what an empty (or blank) line ends, a
# shared-deal game included; commentary holding blank lines does not end one.
WILD_GAMES = {
    "bot_auctions.pbn": 2,  # BBA/EPBot robot output: % lines inside games, "1N", [Play] with only '*'
    "free_text_auctions.pbn": 2,  # lesson notes with prose inside the auction
    "latin1_crlf_score_tables.pbn": 1,  # Ruter-style Latin-1, CRLF, quoted names in tables
    "leading_zero_boards.pbn": 3,  # KoPS-style Board "01", "3NTx", no Event
    "lesson_layouts.pbn": 4,  # BridgeComposer lesson: Board "1-1"/"spacer", one-suit deals
    "shared_deal_padding.pbn": 2,  # rpbridge-style closed room without a Deal, "- - - -" padding
    "space_line_separators.pbn": 3,  # BridgeNZ-style games ended by a line holding one space
}
DEAL_1 = "N:Q7.J7.83.AT86542 843.632.AT9752.3 AJ962.95.KQ64.Q7 KT5.AKQT84.J.KJ9"
DEAL_2 = "E:94.9642.J87.7532 Q52.KT7.Q643.T84 AKJ863.AQ3.AK.KJ T7.J85.T952.AQ96"
TWO_BOARDS = (
    '[Event "Turniej Brzeziny Śląskie"]\n[Board "1"]\n[Dealer "N"]\n[Deal "' + DEAL_1 + '"]\n\n'
    '[Event "Turniej Brzeziny Śląskie"]\n[Board "2"]\n[Dealer "E"]\n[Deal "' + DEAL_2 + '"]\n'
)


def round_trips(text: str) -> None:
    """PBN -> PBN keeps every board whole, and the export of the export is the same bytes."""
    boards = loads(text, "pbn")
    first = dumps(boards, "pbn")
    again = loads(first, "pbn")
    assert [content(b) for b in again] == [content(b) for b in boards]
    assert dumps(again, "pbn") == first


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be", "utf-32"])
def test_a_file_saved_as_utf16_or_utf32_with_a_byte_order_mark_reads(tmp_path: Path, codec: str) -> None:
    path = tmp_path / "windows-notepad.pbn"
    bom = {"utf-16-be": b"\xfe\xff"}.get(codec, b"")  # Python's utf-16/utf-32 write their own BOM
    path.write_bytes(bom + TWO_BOARDS.replace("\n", "\r\n").encode(codec))
    boards = list(read(path))
    assert [b.number for b in boards] == [1, 2]
    assert boards[0].event == "Turniej Brzeziny Śląskie"
    assert not any(b.issues for b in boards)


@pytest.mark.parametrize("codec", ["utf-16-be", "utf-16-le"])
def test_a_file_saved_as_utf16_without_a_byte_order_mark_reads(tmp_path: Path, codec: str) -> None:
    path = tmp_path / "unmarked.pbn"  # refused as binary data (a NUL byte) where the BOM'd file was read
    path.write_bytes(TWO_BOARDS.replace("\n", "\r\n").encode(codec))
    boards = list(read(path))
    assert [b.number for b in boards] == [1, 2]
    assert boards[0].event == "Turniej Brzeziny Śląskie"
    assert not any(b.issues for b in boards)


@pytest.mark.parametrize("codec", ["utf-16-be", "utf-16-le"])
@pytest.mark.parametrize("text", [
    '[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[South "\u738b\u4e00"]\n',  # CJK: U+4E00 has a NUL byte
    '[Event "x"]\n[Board "1"]\n[South "A\u3000B \u0100 \u2000"]\n',
    '[Event "\u00c5sa \u2013 \u201dx\u201d"]\n',  # a short file: three pairs in twenty-one not NUL
])
def test_a_utf16_file_without_a_byte_order_mark_may_hold_characters_with_a_nul_byte(
    tmp_path: Path, codec: str, text: str
) -> None:
    path = tmp_path / "unmarked.pbn"  # refused as "binary data (a NUL byte)"
    path.write_bytes(text.replace("\n", "\r\n").encode(codec))
    (board,) = list(read(path))
    assert not board.issues
    named = board.players[Seat.S] if "South" in text else board.event
    assert named == text.split('"')[-2]


def test_a_note_with_no_auction_or_play_to_explain_is_kept_by_the_export() -> None:
    # The PBN verifier's test file has a game that is nothing but a Note tag (its "bad section").
    text = '[Board "1"]\n[Deal "' + DEAL_1 + '"]\n\n% Bad section\n[Note "1:Bad section"]\n'
    boards = loads(text, "pbn")
    assert boards[1].notes == {1: "Bad section"}
    round_trips(text)


def test_a_note_after_an_auction_tag_with_no_calls_is_kept_by_the_export() -> None:
    text = '[Board "1"]\n[Dealer "N"]\n[Deal "' + DEAL_1 + '"]\n[Auction "N"]\n[Note "1:forcing"]\n'
    assert loads(text, "pbn")[0].notes == {1: "forcing"}
    round_trips(text)


def test_a_board_number_written_with_a_leading_zero_names_the_board_without_complaint() -> None:
    # KoPS (Polish pairs scoring) writes [Board "01"].
    board = loads('[Board "01"]\n[Deal "' + DEAL_1 + '"]\n', "pbn")[0]
    assert board.number == 1
    assert not board.issues


def test_a_tab_inside_a_quoted_table_cell_reads_as_a_space_as_in_a_tag_value() -> None:
    text = (
        '[Board "6"]\n[Deal "' + DEAL_1 + '"]\n[ScoreTable "PairId_NS;Score_EW\\6R"]\n1 "\t470"\n'
    )
    board = loads(text, "pbn")[0]
    assert board.tables["ScoreTable"].rows == [["1", " 470"]]
    assert any("tab" in str(issue) for issue in board.issues)
    round_trips(text)


def test_a_table_of_one_column_whose_name_has_spaces_keeps_its_one_column() -> None:
    # A header with ';' is split at ';' only; BBA's header without one ("Declarer Suit Tricks")
    # is split at spaces. A lone column named with spaces must not come back as three.
    text = '[Board "1"]\n[Deal "' + DEAL_1 + '"]\n[OptimumResultTable ";Declarer Suit Tricks"]\nN\nNT\n7\n'
    board = loads(text, "pbn")[0]
    assert board.tables["OptimumResultTable"].columns == ["Declarer Suit Tricks"]
    round_trips(text)


def test_a_declarer_and_result_given_to_a_passed_out_board_are_kept() -> None:
    # The contract says Pass, the file still names a declarer and tricks: an inconsistent record
    # whose values are reported, not dropped by the export.
    text = '[Board "1"]\n[Deal "' + DEAL_1 + '"]\n[Declarer "W"]\n[Contract "Pass"]\n[Result "8"]\n'
    board = loads(text, "pbn")[0]
    assert (board.declarer, board.tricks) == (Seat.W, 8)
    assert board.issues
    round_trips(text)


def test_lesson_commentary_quoting_a_deal_tag_keeps_the_blank_lines_of_its_paragraphs() -> None:
    # Lesson files (CSVtoPBN, Baker Bridge) put "[show S]" and a quoted [Deal] in commentary,
    # then paragraphs: only a blank line *before* a lone tag line would end the comment.
    comment = (
        '{[show S]\n[Deal "W:- Q84.AKJ53.82.A74 - 7.Q9864.T743.K83"]\nBid 3\\H.\n\n[show NS]\n\nPreempt.}'
    )
    text = '[Board "5"]\n[Deal "' + DEAL_1 + '"]\n' + comment + "\n"
    board = loads(text, "pbn")[0]
    assert board.commentary == [comment[1:-1]]
    round_trips(text)


def test_a_comment_in_the_dash_rows_after_the_last_card_played_is_kept() -> None:
    # BBO exports (via PbnTools) pad an unfinished play with "- - - -" rows; the export writes
    # the cards played and '*', so a comment on a padding row moves after the last card.
    text = (
        '[Board "1"]\n[Dealer "N"]\n[Deal "' + DEAL_1 + '"]\n[Declarer "W"]\n[Contract "4H"]\n'
        '[Auction "N"]\nPass 1S Pass 4H\nPass Pass Pass\n[Play "N"]\nH7 H2 H9 HA\n'
        "- - - - {N claims}\n- - - -\n"
    )
    board = loads(text, "pbn")[0]
    assert board.commentary == ["N claims"]
    round_trips(text)


@pytest.mark.parametrize("name", sorted(WILD_GAMES))
def test_wild_file_reads_with_its_number_of_games(name: str) -> None:
    assert len(list(read(WILD_DIR / name))) == WILD_GAMES[name]


@pytest.mark.parametrize("name", sorted(WILD_GAMES))
def test_wild_file_round_trips_and_its_export_is_stable(name: str) -> None:
    boards = list(read(WILD_DIR / name))
    first = dumps(boards, "pbn")
    again = loads(first, "pbn")
    assert [content(b) for b in again] == [content(b) for b in boards]
    assert dumps(again, "pbn") == first


def test_every_wild_file_is_listed_with_its_number_of_games() -> None:
    assert sorted(p.name for p in WILD_DIR.glob("*.pbn")) == sorted(WILD_GAMES)


def test_with_no_empty_line_between_games_the_tags_before_the_next_deal_are_the_next_games() -> None:
    # Hand-made files: [Dealer] [Vulnerable] [Deal], again and again, with no empty line.
    text = (
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "' + DEAL_1 + '"]\n'
        '[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "' + DEAL_2 + '"]\n'
    )
    first, second = loads(text, "pbn")
    assert (first.dealer, first.vulnerability, second.dealer, second.vulnerability) == (
        Seat.N,
        Vul.NONE,
        Seat.E,
        Vul.NS,
    )
    assert not first.issues and not second.issues


def test_a_claim_mark_with_a_nag_in_a_play_that_cannot_be_ordered_exports_stably() -> None:
    # From the PBN verifier's "Card after '+'" game, with a suffix added to the '+'.
    text = (
        '[Dealer "N"]\n[Deal "N:AKJT986.QJ3.4.Q6 32.K7654.T93.AJ5 ..AKQJ87652.K943 Q754.AT982..T872"]\n'
        '[Declarer "N"]\n[Contract "6S"]\n[Play "E"]\nD3 DA S5 D4\nHK D2 H2 HQ\nH7 D5 H8 HJ\nS3 + ! S7 SA\n'
    )
    round_trips(text)


def test_a_pbn_file_saved_with_a_txt_name_reads_as_pbn(tmp_path: Path) -> None:
    # The double-dummy solver's sample hands and many club downloads are PBN named *.txt.
    path = tmp_path / "hands.txt"
    path.write_text('{Thomas 1 - time consuming to solve}\n[Deal "' + DEAL_1 + '"]\n', "utf-8")
    assert [b.deal is not None for b in read(path)] == [True]


def test_a_deal_of_hands_of_different_sizes_is_told_at_its_value() -> None:
    # was 3:1, the tag's bracket: the column points at the value inside the quotes, as Dealer's does
    text = ('[Board "1"]\n[Dealer "N"]\n'
            '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.AKQ.AKQJ 8765.T987.J76.T9 43.654.5432.876"]\n')
    (board,) = loads(text, "pbn")
    assert [(i.line, i.column) for i in board.issues] == [(3, 8)]


def test_a_board_number_that_is_none_is_told_at_its_value() -> None:
    (board,) = loads('[Event "a"]\n[Board "3-1"]\n', "pbn")
    assert [(i.line, i.column) for i in board.issues if "Board" in i.message] == [(2, 9)]


def test_a_second_deal_tag_in_a_numbered_game_is_kept_as_a_board_and_said_at_its_tag() -> None:
    text = f'[Board "1"]\n[Deal "{DEAL_1}"]\n[Vulnerable "None"]\n[Deal "{DEAL_2}"]\n'
    first, second = loads(text, "pbn", source="long.pbn")
    assert (first.number, second.number, second.deal is not None) == (1, None, True)
    said = [(i.line, i.column, i.message) for i in second.issues]
    assert said == [(4, 1, "a second Deal tag in the game from line 1: read as a board of its own with no "
                           "board number (expected one Deal a game: give this one a Board tag and an empty "
                           "line before it, or remove it)")]
    assert not first.issues


def test_a_second_deal_tag_that_starts_a_numbered_game_is_no_problem() -> None:
    text = f'[Board "1"]\n[Deal "{DEAL_1}"]\n[Deal "{DEAL_2}"]\n[Board "2"]\n'
    first, second = loads(text, "pbn")
    assert (first.number, second.number) == (1, 2) and not first.issues and not second.issues
