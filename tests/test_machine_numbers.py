"""Board numbers in the dealing-machine files: BRI, DGE and DUP number their records by place, DLM keys
them by number from ``From board`` to ``To board``; a board whose number such a file cannot hold is said,
never read back silently under another number (hand-records spec §1)."""

from __future__ import annotations

import warnings

import pytest
from random_boards import session

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.formats import dumps, loads

BY_PLACE = ("bri", "dge", "dup")


def renumbered(numbers: list[int]) -> list[Board]:
    """Boards of `session` given ``numbers``, each with the dealer and vulnerability Law 2 gives it."""
    boards = session(len(numbers))
    for board, number in zip(boards, numbers, strict=True):
        board.number = number
        board.dealer, board.vulnerability = bt.Seat.dealer_of_board(number), bt.Vul.of_board(number)
    return boards


def written(boards: list[Board], fmt: str) -> tuple[str, list[str]]:
    """The file ``boards`` give in ``fmt`` and the warnings said while writing it."""
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        text = dumps(boards, fmt)
    return text, [str(w.message) for w in said]


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_boards_out_of_sequence_warn_that_their_numbers_are_left_out(fmt: str) -> None:
    boards = renumbered([17, 11])
    text, said = written(boards, fmt)
    back = [b.number for b in loads(text, fmt)]
    assert back != [17, 11]
    assert any("board numbers" in w and "(2 boards)" in w for w in said), said


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_boards_numbered_in_sequence_keep_their_numbers_without_a_warning(fmt: str) -> None:
    first = 1 if fmt != "dup" else 11  # DUP's trailer gives the lowest board
    boards = renumbered(list(range(first, first + 4)))
    text, said = written(boards, fmt)
    assert [b.number for b in loads(text, fmt)] == [b.number for b in boards]
    assert not any("board numbers" in w for w in said), said


def test_a_dup_board_read_back_under_another_number_names_its_dealer_and_vulnerability_as_lost() -> None:
    _, said = written(renumbered([17, 11]), "dup")
    assert any("dealer and vulnerability" in w for w in said), said


def test_a_dlm_set_with_a_board_number_twice_is_refused_naming_the_board() -> None:
    with pytest.raises(bt.BridgeError, match=r"board 1 .*twice"):
        dumps(renumbered([1, 2, 1]), "dlm")


def test_a_dlm_set_with_a_gap_says_the_missing_boards_are_written_as_the_dummy_deal() -> None:
    text, said = written(renumbered([17, 11]), "dlm")
    assert any("boards 12-16" in w and "dummy deal" in w for w in said), said
    back = {b.number: b.deal for b in loads(text, "dlm")}
    assert back[11] == session(2)[1].deal and back[17] == session(2)[0].deal
