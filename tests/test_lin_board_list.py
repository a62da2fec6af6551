"""A LIN vugraph header's ``bn`` board list (``bn|1,3,4|``): the board of each pair of ``rs`` entries.

It was not read: the entries were placed from the ``vg``'s first board on, one pair a board, so a match
whose list skips a board gave the boards after the gap the results of the boards before them. And the
``vg``'s first and last boards, which PBN has no tag for, went without a word when a conversion could not
carry them (the boards written do not reach them).
"""

from __future__ import annotations

import dataclasses
import warnings

from bridgetools import dumps, loads

DEAL = "3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,"
CALLS = "mb|p|mb|p|mb|1H|mb|p|mb|4H|mb|p|mb|p|mb|p|"


def _match(rooms: tuple[str, ...], results: str, bn: str | None, vg: str = "Cup,R1,I,1,4,A,0,B,0") -> str:
    """A vugraph match of 4H by South in ``rooms`` (``o1``, ``c3``...) under ``results`` and ``bn``."""
    header = f"vg|{vg}|rs|{results}|" + (f"bn|{bn}|" if bn is not None else "") + "pn|a,b,c,d,e,f,g,h|\n"
    return header + "".join(f"qx|{q}|md|{DEAL}|sv|o|{CALLS}pg||\n" for q in rooms)


def _pbn_said(text: str) -> list[str]:
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        dumps(loads(text, "lin"), "pbn")
    return [str(w.message) for w in said]


ROOMS = ("o1", "c1", "o3", "c3", "o4", "c4")
RESULTS = "4HS=,4HS-1,4HS+1,4HS-2,4HS-3,4HS+2"


def test_a_bn_list_gives_each_pair_of_rs_entries_its_board() -> None:
    boards = loads(_match(ROOMS, RESULTS, "1,3,4"), "lin")
    assert [(b.number, b.room, b.tricks) for b in boards][2:] == [
        (3, "open", 11), (3, "closed", 8), (4, "open", 7), (4, "closed", 12)]


def test_a_bn_range_lists_each_board_of_it() -> None:
    boards = loads(_match(ROOMS, RESULTS, "1,3-4"), "lin")
    assert [b.tricks for b in boards] == [10, 9, 11, 8, 7, 12]


def test_a_bn_field_that_is_no_board_number_is_a_problem_and_the_vg_numbers_the_entries() -> None:
    boards = loads(_match(("o1", "c1", "o2", "c2"), RESULTS, "1,x"), "lin")
    assert [b.tricks for b in boards] == [10, 9, 11, 8]
    (issue,) = [i for b in boards for i in b.issues]
    assert (issue.line, issue.column) == (1, 66) and "bn '1,x' is no list of board numbers" in issue.message


def test_a_bn_list_is_kept_lin_to_lin() -> None:
    text = _match(ROOMS, RESULTS, "1,3,4")
    again = loads(dumps(loads(text, "lin"), "lin"), "lin")
    assert "bn|1,3,4|" in dumps(again, "lin") and [b.tricks for b in again] == [10, 9, 11, 8, 7, 12]


def test_a_rooms_entry_alone_is_the_board_its_bn_names() -> None:
    # the closed room of board 3 has an entry and no block: a board of its result alone, board 3's
    boards = loads(_match(("o1", "c1", "o3"), "4HS=,4HS-1,4HS+1,4HS-2", "1,3"), "lin")
    assert [(b.number, b.room, b.tricks) for b in boards][-1] == (3, "closed", 8)


def test_rooms_of_entries_alone_keep_their_order_when_a_later_one_is_given_a_block() -> None:
    # bid --rebid gave board 3's closed room a block: written after the open rooms, it was read back
    # before board 1's closed room, which a reader gives after every block
    boards = loads(_match(("o1", "o3"), "4HS=,4HS-1,4HS+1,4HS-2", "1,3"), "lin")
    boards[3].extra["lin"] = dataclasses.replace(boards[3].extra["lin"], result_replaced=True)
    boards[3].tricks = 7
    again = loads(dumps(boards, "lin"), "lin")
    assert [(b.number, b.room, b.tricks) for b in again] == [
        (1, "open", 10), (3, "open", 11), (1, "closed", 9), (3, "closed", 7)]


def test_the_match_boards_a_vg_names_past_those_written_are_named_when_pbn_leaves_them_out() -> None:
    said = _pbn_said(_match(("o1", "c1"), "4HS=,4HS-1", None, vg="Cup,R1,I,1,16,A,0,B,0"))
    assert any("LIN vg| the match's first and last boards" in m and "last board 16" in m for m in said), said


def test_a_match_header_made_anew_names_the_vg_first_and_last_boards_no_board_written_is() -> None:
    # convert --to lin --vugraph makes the header from the boards written: vg|...,1,16,...| over boards
    # 2 and 3 became vg|...,2,3,...| without a word
    boards = loads(_match(("o2", "c2", "o3", "c3"), RESULTS, None, vg="Cup,R1,I,1,16,A,0,B,0"), "lin")
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        text = dumps(boards, "lin", vugraph=True)
    assert text.startswith("vg|Cup,R1,I,2,3,")
    messages = [str(w.message) for w in said]
    assert any("LIN vg| the match's first and last boards" in m and "first board 1; last board 16" in m
               for m in messages), messages
