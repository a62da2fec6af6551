"""PBN variants real files have and the corpus copies do not (formats.md §2.2, §2.3, §7): small files
made for the tests in tests/data/pbn/variants, each read with the right boards, issues placed at a
line and column, and never a traceback (not even with ``strict=True``, which may only raise
`ParseError`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbn_content import content

from bridgetools.errors import ParseError
from bridgetools.formats import dumps, loads, read
from bridgetools.model import Contract, Seat, Strain, Vul

VARIANTS = Path(__file__).parent / "data" / "pbn" / "variants"

BOARDS = {
    "auction_padded_and_PASS.pbn": 1,
    "board_forms.pbn": 4,
    "bom_utf8.pbn": 1,
    "comment_line_between_tags.pbn": 1,
    "contract_forms.pbn": 3,
    "cr_only.pbn": 2,
    "crlf_inside_value.pbn": 1,
    "date_forms.pbn": 4,
    "date_with_time.pbn": 1,
    "dealer_command_line.pbn": 2,
    "dos_eof_mark.pbn": 1,
    "declarer_suit_tricks_table.pbn": 1,
    "latin1_no_charset.pbn": 1,
    "lower_case_calls.pbn": 1,
    "p_for_pass.pbn": 1,
    "play_before_contract.pbn": 1,
    "play_forms.pbn": 3,
    "result_ns.pbn": 1,
    "scoring_odd.pbn": 2,
    "space_separator_no_final_newline.pbn": 2,
    "tabs_in_auction.pbn": 1,
    "vulnerable_love_dash.pbn": 2,
    "vulnerable_odd_spellings.pbn": 4,
    "windows1250.pbn": 1,
}
"""Each file's number of games, counted by hand when the file was made."""


def boards_of(name: str) -> list:
    return list(read(VARIANTS / name))


def test_every_variant_file_is_listed() -> None:
    assert sorted(p.name for p in VARIANTS.glob("*.pbn")) == sorted(BOARDS)


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_variant_reads_with_its_boards_and_issues_that_say_where(name: str) -> None:
    boards = boards_of(name)
    assert len(boards) == BOARDS[name]
    for issue in (i for b in boards for i in b.issues):
        assert issue.line is not None and issue.line >= 1 and issue.column is not None and issue.column >= 1


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_variant_read_strictly_gives_boards_or_a_parse_error(name: str) -> None:
    try:
        list(read(VARIANTS / name, strict=True))
    except ParseError as e:
        assert e.line is not None and e.line >= 1


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_variant_round_trips_and_exports_stably(name: str) -> None:
    boards = boards_of(name)
    exported = dumps(boards, "pbn")
    again = loads(exported, "pbn")
    assert [content(b) for b in again] == [content(b) for b in boards]
    assert dumps(again, "pbn") == exported


def test_cr_only_line_ends_separate_games() -> None:
    assert [b.number for b in boards_of("cr_only.pbn")] == [1, 2]


def test_names_in_latin1_without_a_charset_line() -> None:
    (board,) = boards_of("latin1_no_charset.pbn")
    assert board.players[Seat.W] == "Müller, Jürgen" and board.tags["Annotator"] == "Søren Åberg"


def test_a_byte_order_mark_then_utf8() -> None:
    (board,) = boards_of("bom_utf8.pbn")
    assert board.event == "Variant" and board.players[Seat.W] == "Zoë Łukasz 王"


def test_windows_1250_bytes_read_as_polish_letters() -> None:
    (board,) = boards_of("windows1250.pbn")
    assert board.players[Seat.W] == "Świątek, Łucja" and board.event == "Mistrzostwa Polski źródło"
    assert board.issues == []


def test_tabs_between_calls_and_a_note() -> None:
    (board,) = boards_of("tabs_in_auction.pbn")
    assert [str(c) for c in board.auction.calls][:4] == ["Pass", "1C", "Pass", "1H"]
    assert board.auction.annotations[1].explanation == "Precision"


def test_result_for_a_side_gives_declarers_tricks() -> None:
    (board,) = boards_of("result_ns.pbn")
    assert (board.declarer, board.tricks) == (Seat.S, 9)


def test_play_before_contract_is_read_after_the_whole_game() -> None:
    (board,) = boards_of("play_before_contract.pbn")
    assert board.contract == Contract(4, Strain.H) and [str(c) for c in board.play.cards] == ["SK"]


def test_a_lone_comment_line_between_tags_is_commentary() -> None:
    (board,) = boards_of("comment_line_between_tags.pbn")
    assert board.commentary == [" Bridge Monitor comment ", ""] and board.issues == []


def test_love_and_dash_mean_nobody_vulnerable() -> None:
    assert [b.vulnerability for b in boards_of("vulnerable_love_dash.pbn")] == [Vul.NONE, Vul.NONE]


def test_vulnerable_with_trailing_space_or_hyphen() -> None:
    boards = boards_of("vulnerable_odd_spellings.pbn")
    assert [b.vulnerability for b in boards[:3]] == [Vul.NONE, Vul.NS, Vul.EW]


def test_a_date_with_a_time_is_kept_and_reported() -> None:
    (board,) = boards_of("date_with_time.pbn")
    assert board.date == "2012.08.17 21:05"
    assert [(i.line, i.column) for i in board.issues] == [(3, 8)]  # at the value, inside the quotes


def test_date_inheritance_with_double_hash() -> None:
    assert [b.date for b in boards_of("date_forms.pbn")][2:] == ["2012.08.??", "2012.08.??"]


def test_p_for_pass_and_lower_case_calls() -> None:
    (p,) = boards_of("p_for_pass.pbn")
    (lower,) = boards_of("lower_case_calls.pbn")
    assert p.contract == Contract(4, Strain.H) and p.declarer is Seat.W
    assert lower.contract == Contract(4, Strain.H, 2) and lower.issues == []


def test_a_tag_value_broken_by_a_line_end_is_joined_and_reported() -> None:
    (board,) = boards_of("crlf_inside_value.pbn")
    assert board.players[Seat.W] == "Smith, John"
    assert [(i.line, i.column) for i in board.issues] == [(5, 7)]


def test_dealer_command_line_and_statistics_are_skipped_with_issues() -> None:
    first, second = boards_of("dealer_command_line.pbn")
    assert [(i.line, i.column) for i in first.issues] == [(1, 1)]
    assert len(second.issues) == 1 and second.number == 2


def test_a_game_separator_holding_a_space_and_no_final_newline() -> None:
    assert [b.number for b in boards_of("space_separator_no_final_newline.pbn")] == [1, 2]


def test_board_numbers_that_are_not_numbers_are_kept_raw() -> None:
    boards = boards_of("board_forms.pbn")
    assert [b.number for b in boards] == [None] * 4
    exported = dumps(boards, "pbn")
    assert '[Board "1-1"]' in exported and '[Board "spacer"]' in exported


def test_contract_spellings_x_r_and_n() -> None:
    boards = boards_of("contract_forms.pbn")
    assert [b.contract for b in boards] == [
        Contract(5, Strain.C, 1),
        Contract(3, Strain.NT, 2),
        Contract(3, Strain.NT),
    ]
    expected = ("Result 'C-1' is not a number of tricks (0 to 13, or NS 9 EW 4); read as unknown ('?'), not "
                "from the play")
    assert [i.message for i in boards[1].issues] == [expected]


def test_empty_play_single_lead_and_trailing_dashes() -> None:
    boards = boards_of("play_forms.pbn")
    assert [None if b.play is None else len(b.play.cards) for b in boards] == [None, 1, 4]


def test_declarer_suit_tricks_table_has_three_columns() -> None:
    (board,) = boards_of("declarer_suit_tricks_table.pbn")
    table = board.tables["OptimumResultTable"]
    assert (len(table.columns), table.rows) == (3, [["W", "S", "9"]])


def test_a_dos_end_of_file_mark_after_the_last_line_is_not_text() -> None:
    (board,) = boards_of("dos_eof_mark.pbn")
    assert (board.tricks, board.issues) == (9, [])


def test_a_plus_kept_in_its_trick_is_not_written_again_as_the_end() -> None:
    # Game 8 of the PBN verifier's errors_20.pbn: "S3 +  S7 SA", a card after '+' (an error, kept).
    text = (VARIANTS.parent / "verifier" / "errors_20.pbn").read_text("latin-1")
    game = text[text.index("% ==================== game 8") : text.index("% ==================== game 9")]
    exported = dumps(loads(game, "pbn"), "pbn")
    assert "S3 + S7 SA\r\n\r\n" in exported or exported.endswith("S3 + S7 SA\r\n")
    assert dumps(loads(exported, "pbn"), "pbn") == exported
