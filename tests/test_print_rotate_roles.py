"""`print --rotate` turning a player by role (the responder, the opening leader) to a seat, for a teacher's
handout where the student is not the declarer (a teacher's trial, session 46)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import bridgetools as bt
from bridgetools.model import Seat
from bridgetools.records import Options
from bridgetools.records.rotate import role_seat
from bridgetools.records.view import board_view, board_views

DEAL = "N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963"


def lesson_pbn(number: int, calls: str = "Pass 1NT Pass 3NT Pass Pass Pass") -> str:
    """East deals and passes, South opens 1NT, North raises to 3NT: South declares, North responds."""
    return (f'[Board "{number}"]\n[Dealer "E"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Auction "E"]\n'
            f'{calls}\n\n')


def lesson_board(calls: str = "Pass 1NT Pass 3NT Pass Pass Pass") -> bt.Board:
    return next(iter(bt.loads(lesson_pbn(1, calls), "pbn")))


@pytest.mark.parametrize(("role", "seat"), [
    ("declarer", Seat.S), ("dummy", Seat.N), ("dealer", Seat.E), ("opener", Seat.S), ("responder", Seat.N),
    ("leader", Seat.W),
])
def test_each_role_is_the_player_who_does_it_on_the_board(role: str, seat: Seat) -> None:
    assert role_seat(lesson_board(), role) is seat


def test_the_responder_is_the_partner_of_the_first_to_bid_not_of_the_dealer() -> None:
    board = lesson_board("Pass Pass 1C Pass 1H Pass Pass Pass")  # East and South pass, West opens
    assert role_seat(board, "opener") is Seat.W and role_seat(board, "responder") is Seat.E


def test_rotating_the_responder_south_gives_the_student_the_responder_s_hand() -> None:
    board = lesson_board()
    view = board_view(board, Options(rotate=Seat.S, rotate_who="responder"))
    assert view.hands[Seat.S] == board_view(board, Options()).hands[Seat.N]


def test_a_board_without_the_role_is_printed_as_dealt_and_said_once() -> None:
    passed = "Pass Pass Pass Pass"
    boards = bt.loads(lesson_pbn(1, passed) + lesson_pbn(2) + lesson_pbn(3, passed), "pbn")
    options = Options(rotate=Seat.S, rotate_who="responder")
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        views = list(board_views(boards, options))
    unturned = board_view(next(iter(bt.loads(lesson_pbn(1, passed), "pbn"))), Options())
    assert views[0].hands == unturned.hands and views[2].hands == unturned.hands
    assert [str(w.message) for w in said] == [
        "--rotate responder: board(s) 1, 3 printed as dealt, no one bid (passed out, or no auction)"]


def print_html(tmp_path: Path, *options: str) -> tuple[int, str]:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    source = tmp_path / "lesson.pbn"
    source.write_text(lesson_pbn(1))
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(out), "--show", "S", *options])
    return result.exit_code, out.read_text() if result.exit_code == 0 else result.output


def test_print_rotate_takes_a_role_alone_and_turns_that_player_south(tmp_path: Path) -> None:
    code, html = print_html(tmp_path, "--rotate", "Responder")
    assert code == 0 and "AJ76" in html.replace(" ", "") and "T842" not in html.replace(" ", "")


def test_print_rotate_takes_who_and_where_as_deal_rotate_takes_from_and_to(tmp_path: Path) -> None:
    for given in ("opener:N", "south:north"):  # South's hand to North: the responder's, North's, to South
        code, html = print_html(tmp_path, "--rotate", given)
        assert code == 0 and "AJ76" in html.replace(" ", ""), given


def test_print_rotate_refuses_a_word_naming_no_seat_nor_role_and_lists_the_roles(tmp_path: Path) -> None:
    code, said = print_html(tmp_path, "--rotate", "partner")
    assert code == 2 and "'partner': not a seat" in said and "responder, leader" in said
