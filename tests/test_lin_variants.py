"""LIN variants real files have and the corpus copies do not (formats.md §8): small files made for the
tests in tests/data/lin/variants, each read with the right boards, issues placed at a line and column,
and never a traceback (with ``strict=True`` at most a `ParseError`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetools.errors import ParseError
from bridgetools.formats import dumps, loads, read
from bridgetools.model import Annotation, Contract, Seat, Strain, Vul

VARIANTS = Path(__file__).parent / "data" / "lin" / "variants"

BOARDS = {
    "abandoned_play_and_nt.lin": 1,
    "crlf_inside_values.lin": 1,
    "dos_eof_mark.lin": 1,
    "eight_names.lin": 2,
    "mid_trick_claim.lin": 1,
    "no_pg.lin": 1,
    "packed_calls.lin": 1,
    "partial_deal.lin": 1,
    "qx_label_and_lower_calls.lin": 1,
    "sv_zero.lin": 1,
    "three_boards_no_newlines.lin": 3,
    "windows1250.lin": 1,
}
"""Each file's number of boards, counted by hand when the file was made."""


def boards_of(name: str) -> list:
    return list(read(VARIANTS / name))


def test_every_variant_file_is_listed() -> None:
    assert sorted(p.name for p in VARIANTS.glob("*.lin")) == sorted(BOARDS)


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_variant_reads_with_its_boards_and_no_issue(name: str) -> None:
    boards = boards_of(name)
    assert len(boards) == BOARDS[name]
    assert [b.issues for b in boards] == [[] for _ in boards]
    list(read(VARIANTS / name, strict=True))


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_variant_comes_back_from_lin_and_from_pbn(name: str) -> None:
    boards = boards_of(name)
    assert loads(dumps(boards, "lin"), "lin") == boards
    via_pbn = loads(dumps(loads(dumps(boards, "pbn"), "pbn"), "lin"), "lin")
    assert [(b.deal, b.auction, b.play, b.contract, b.tricks, b.vulnerability) for b in via_pbn] == [
        (b.deal, b.auction, b.play, b.contract, b.tricks, b.vulnerability) for b in boards
    ]


def test_sv_zero_is_nobody_vulnerable() -> None:
    (board,) = boards_of("sv_zero.lin")
    assert board.vulnerability is Vul.NONE and board.contract == Contract.PASSED_OUT


def test_eight_names_give_each_room_its_players() -> None:
    open_room, closed_room = boards_of("eight_names.lin")
    assert (open_room.room, open_room.players[Seat.S]) == ("open", "aS")
    assert (closed_room.room, closed_room.players[Seat.E]) == ("closed", "bE")
    assert open_room.event == "Cup" and open_room.scoring == "IMP"


def test_packed_calls_in_one_mb() -> None:
    (board,) = boards_of("packed_calls.lin")
    assert [str(c) for c in board.auction.calls] == ["1NT", "Pass", "Pass", "Pass"]


def test_a_partial_lesson_deal() -> None:
    (board,) = boards_of("partial_deal.lin")
    assert board.dealer is Seat.E
    assert [len(board.deal[s]) for s in (Seat.S, Seat.W, Seat.N, Seat.E)] == [2, 2, 2, 2]


def test_cards_and_claim_without_pg() -> None:
    (board,) = boards_of("no_pg.lin")
    assert [str(c) for c in board.play.cards] == ["D2", "D6", "DT", "DA"] and board.tricks == 12


def test_line_ends_inside_values_are_removed() -> None:
    (board,) = boards_of("crlf_inside_values.lin")
    assert board.players[Seat.W] == "w" and board.vulnerability is Vul.NONE
    assert board.auction.annotations[0] == Annotation(alert=True, explanation="strong")


def test_windows_1250_names_and_commentary() -> None:
    (board,) = boards_of("windows1250.lin")
    assert [board.players[s] for s in (Seat.S, Seat.W, Seat.N, Seat.E)] == ["Świątek", "Łucja", "Żak", "Gęś"]
    assert board.commentary == ["Kibic: źle"]


def test_qx_label_with_board_text_and_calls_in_any_case() -> None:
    (board,) = boards_of("qx_label_and_lower_calls.lin")
    assert board.number == 1 and board.contract == Contract(1, Strain.NT, 2)


def test_an_abandoned_play_with_commentary_between_cards() -> None:
    (board,) = boards_of("abandoned_play_and_nt.lin")
    assert len(board.play.cards) == 3 and board.tricks is None and board.commentary == ["kib: @s good"]


def test_a_claim_in_the_middle_of_a_trick() -> None:
    (board,) = boards_of("mid_trick_claim.lin")
    assert len(board.play.cards) == 2 and board.tricks == 12


def test_boards_one_after_another_without_line_ends() -> None:
    assert [b.number for b in boards_of("three_boards_no_newlines.lin")] == [1, 2, 3]


def test_a_bad_pair_in_a_variant_is_placed_at_its_line_and_column() -> None:
    text = (VARIANTS / "crlf_inside_values.lin").read_text("utf-8").replace("mb|p|", "mb|zz9|", 1)
    (board,) = loads(text, "lin")
    # Line 4 is "ong|mb|zz9|...": the line end puts the call after "ong|", its value at column 8.
    assert [(i.line, i.column) for i in board.issues if not i.is_note] == [(4, 8)]
    with pytest.raises(ParseError):
        loads(text, "lin", strict=True)


@pytest.mark.parametrize("heading", ["Board 7", "board7", "Rozdanie 7", "Donne 7", "Spiel 7 (offen)"])
def test_a_board_heading_in_another_language_gives_the_number(heading: str) -> None:
    text = f"md|1SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|ah|{heading}|mb|p|mb|p|mb|p|mb|p|"
    (board,) = loads(text, "lin")
    assert board.number == 7
    assert f"ah|{heading}|" in dumps([board], "lin")  # written back as it was


def test_a_heading_that_is_not_a_board_gives_no_number() -> None:
    (board,) = loads("md|1SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|ah|Twój cel: 7 lew|", "lin")
    assert board.number is None


def test_a_bad_md_keeps_its_dealer_digit_and_is_written_back_once() -> None:
    text = "pn|s,w,n,e|md|2SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,p6789|ah|Board 1|mb|p|mb|p|mb|p|mb|p|"
    (board,) = loads(text, "lin")
    assert board.dealer is Seat.W and board.deal is not None and board.deal[Seat.N] is None  # the bad hand
    assert [(i.line, i.column) for i in board.issues] == [(1, text.index("p6789") + 1)]  # the bad hand
    exported = dumps([board], "lin")
    assert exported.count("md|") == 1 and dumps(loads(exported, "lin"), "lin") == exported
