"""A vugraph header's ``rs`` entries placed by the boards that follow, not by the ``vg``'s first board alone
(session 48: a ``vg`` whose first board was one off its boards gave each board another board's result).
The files are the first three boards of the 2010 USBF semi-final (corpus), the ``vg`` edited."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetools import Board, dumps, loads, read

DATA = Path(__file__).parent / "data" / "lin" / "rs_placed"
OWN_RESULTS = [("4H", "E", 10), ("4H", "E", 10), ("3NT", "W", 10), ("3NT", "W", 10), ("4D", "N", 10),
               ("3NT", "N", 9)]
"""Each block's own rs entry (``4HE=,4HE=,3NW+1,3NW+1,4DN=,3NN=``) as its calls and play give it."""


def results(boards: list[Board]) -> list[tuple[str, str, int | None]]:
    return [(str(b.contract), b.declarer.letter if b.declarer is not None else "", b.tricks) for b in boards]


def all_issues(boards: list[Board]) -> list[str]:
    return [f"{issue.line}:{issue.column}: {issue.message}" for board in boards for issue in board.issues]


def test_a_vg_first_board_one_behind_its_boards_gives_each_board_its_own_rs_result() -> None:
    boards = list(read(DATA / "first_behind.lin"))  # vg 45-60 over boards 46 to 48
    assert [(b.number, b.room) for b in boards][:2] == [(46, "open"), (46, "closed")]
    assert results(boards) == OWN_RESULTS


def test_a_vg_first_board_one_ahead_of_its_boards_gives_each_board_its_own_rs_result() -> None:
    boards = list(read(DATA / "first_ahead.lin"))  # vg 47-60 over boards 46 to 48
    assert results(boards) == OWN_RESULTS


@pytest.mark.parametrize("name", ["first_behind.lin", "first_ahead.lin"])
def test_a_vg_first_board_the_boards_contradict_is_one_warning_at_its_field(name: str) -> None:
    (issue,) = all_issues(list(read(DATA / name)))
    assert issue.startswith("1:36: vg first board 4")  # the first board field of line 1
    assert "the entries are read from board 46" in issue and "(6 of 6 boards)" in issue


def test_a_vg_first_board_the_boards_contradict_is_written_back_as_the_file_said() -> None:
    text = (DATA / "first_behind.lin").read_text()
    again = dumps(list(loads(text, "lin")), "lin")
    assert again.splitlines()[:2] == text.splitlines()[:2]
    assert results(list(loads(again, "lin"))) == OWN_RESULTS


def test_a_match_cut_after_its_first_board_keeps_the_vg_first_board() -> None:
    boards = list(read(DATA / "first_board_cut.lin"))  # vg 46-60, blocks of boards 47 and 48 alone
    assert results(boards) == OWN_RESULTS[2:]
    assert all_issues(boards) == []


def test_a_room_no_block_holds_takes_the_entry_the_boards_place_for_it() -> None:
    boards = list(read(DATA / "closed_room_alone.lin"))  # vg 45-60; no block for board 48's closed room
    assert [(b.number, b.room) for b in boards][-1] == (48, "closed")
    assert results(boards) == OWN_RESULTS


def test_the_results_of_boards_not_written_are_named_by_the_board_the_boards_place_them_at() -> None:
    boards = list(read(DATA / "first_behind.lin"))
    with pytest.warns(UserWarning, match=r"boards 49-60, which no board written holds \(49: 4SE\+1, 4SE\+2;"):
        dumps(boards, "pbn")


def test_a_board_cut_from_its_match_whose_auction_lacks_its_entry_s_double_keeps_the_vg_first_board() -> None:
    """Board 3's calls stop at 3NT by North where its entry says 3NNx-2 (a double the operator missed): the
    same play, so a vote for the vg's board 1, not for the board 3 that board 1's 3NN= would make first."""
    boards = list(read(DATA / "cut_missing_double.lin"))  # vg 1-4, the open room of board 3 alone
    assert [(b.number, b.room, str(b.contract), b.tricks) for b in boards] == [
        (3, "open", "3NTX", 7), (3, "closed", "3NT", 9)]
    assert not any("vg first board" in issue for issue in all_issues(boards))


def test_one_board_s_contracts_that_another_board_s_entries_give_keep_the_vg_first_board() -> None:
    """Both rooms of board 3 give their declarers otherwise than board 3's entries, as board 1's entries
    say: one board's two contracts are a coincidence, not the match's boards numbered otherwise."""
    boards = list(read(DATA / "cut_other_declarers.lin"))  # vg 1-4, both rooms of board 3
    assert results(boards) == [("3NT", "N", 7), ("4S", "W", 10)]
    assert not any("vg first board" in issue for issue in all_issues(boards))


def test_strict_reading_stops_at_the_first_problem_though_later_blocks_were_read_ahead() -> None:
    """The open room's entry differs from its auction (line 2, said when the block is finished); the closed
    room, read ahead before it is, has a card that is none (line 6): the first problem is the one said."""
    from bridgetools.errors import ParseError

    text = (DATA / "cut_other_declarers.lin").read_text().replace("mc|10|", "pc|zz|mc|10|")
    with pytest.raises(ParseError) as stopped:
        list(loads(text, "lin", strict=True))
    assert (stopped.value.line, stopped.value.column) == (2, 26)
    assert "rs entry 3NN-2 (board 3, open room) differs" in stopped.value.message


def test_two_auctions_another_board_s_entries_happen_to_give_do_not_outvote_one_confirming_the_vg() -> None:
    """Board 1's 3NT by North is its own entry; boards 2 and 3 were bid otherwise than their entries, as
    board 1's and board 2's say (the entries one board on): one vote more is no numbering to trust."""
    from bridgetools.formats.lin_results import placed_first
    from bridgetools.model import Contract, Seat

    entries = "3NN=,4SE-1,4HS=,2SE=,3NN=,4HS=,2SE=,3NS=".split(",")  # boards 1 to 4, open and closed
    outcomes = [(1, "open", Contract.from_str("3NT"), Seat.N), (2, "open", Contract.from_str("3NT"), Seat.N),
                (3, "closed", Contract.from_str("2S"), Seat.E)]
    assert placed_first(entries, 1, outcomes) == (1, 1)
