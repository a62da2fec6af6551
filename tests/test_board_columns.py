"""Reading many boards a column at a time (`field_columns`, the export's bulk read) gives what each
board's own properties give: the values given, and the facts worked out for boards not given them."""

from __future__ import annotations

from bridgetools.board import Board, field_columns
from bridgetools.model import Contract, Seat, Vul
from bridgetools.rules import Auction

FIELDS = ("number", "dealer", "vulnerability", "contract", "declarer", "tricks", "results", "dd_table",
          "event")


def boards() -> list[Board]:
    derived = Board(number=6, auction=Auction(Seat.E, "1S P 4S P P P".split()))
    given = Board(number=7, dealer=Seat.N, vulnerability=Vul.BOTH, contract=Contract.from_str("3NT"),
                  declarer=Seat.S, tricks=9, event="club")
    return [derived, given, Board()]


def test_columns_hold_what_each_boards_properties_give() -> None:
    columns = field_columns(boards(), FIELDS)
    for name in FIELDS:
        assert list(columns[name]) == [getattr(b, name) for b in boards()], name


def test_a_board_derives_its_dealer_and_contract_when_not_given_them() -> None:
    columns = field_columns(boards(), ("dealer", "contract", "declarer"))
    first = (columns["dealer"][0], str(columns["contract"][0]), columns["declarer"][0])
    assert first == (Seat.E, "4S", Seat.E)


def test_results_not_given_are_no_results() -> None:
    assert list(field_columns(boards(), ("results",))["results"]) == [(), (), ()]


def test_no_boards_give_empty_columns() -> None:
    assert field_columns([], FIELDS) == {name: () for name in FIELDS}


def test_a_board_without_a_number_was_dealt_by_its_first_caller() -> None:
    """Law 2 needs the number; without one, the calls say who dealt (writers name that dealer)."""
    board = Board(auction=Auction(Seat.W, "P 1H P P P".split()))
    assert (board.dealer, field_columns([board], ("dealer",))["dealer"][0]) == (Seat.W, Seat.W)


def test_the_number_says_the_dealer_whoever_made_the_first_call() -> None:
    assert Board(number=1, auction=Auction(Seat.E, "1S P P P".split())).dealer is Seat.N
