"""A LIN ``rs`` results list with no ``vg`` to number its boards (``rs|5HS-2|`` over a board with no ``qx``).

Its entries were the results of no board: ``validate`` said nothing, LIN -> PBN wrote the play's result and
dropped the entry without a word. The entries are the file's blocks' in order, the order a match's
``o1, c1, o2, c2`` blocks take theirs, checked against the play as any entry is; an entry no block takes is
told at it and named by a conversion that cannot hold it. So is what a ``vg`` says that the reader does not
read (a scoring none of LIN's, fields past the ninth), which a conversion also dropped without a word.
"""

from __future__ import annotations

import dataclasses
import warnings

from bridgetools import dumps, loads

DEAL = "3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,"
CALLS = "mb|p|mb|p|mb|1H|mb|p|mb|4H|mb|p|mb|p|mb|p|"
BLOCK = f"pn|S,W,N,E|st||md|{DEAL}|rh||ah|Board {{n}}|sv|o|{CALLS}pg||\n"


def _file(results: str, boards: int = 1, claim: str = "") -> str:
    """An ``rs`` of ``results`` over ``boards`` boards of 4H by South, each with ``claim`` after its calls."""
    return f"rs|{results}|\n" + "".join(BLOCK.format(n=n).replace("pg||", f"{claim}pg||") for n in
                                        range(1, boards + 1))


def _pbn(text: str) -> tuple[str, list[str]]:
    boards = loads(text, "lin")
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        out = dumps(boards, "pbn")
    return out, [str(w.message) for w in said]


def test_an_entry_of_a_results_list_with_no_vg_is_its_boards_result() -> None:
    (board,) = loads(_file("4HS-2"), "lin")
    assert board.tricks == 8


def test_the_entries_of_a_results_list_with_no_vg_are_the_boards_in_order() -> None:
    boards = loads(_file("4HS=,4HS+1,4HS-1", boards=3), "lin")
    assert [b.tricks for b in boards] == [10, 11, 9]


def test_an_entry_the_play_contradicts_is_a_problem_at_the_entry() -> None:
    (board,) = loads(_file("4HS-2", claim="mc|11|"), "lin")
    assert board.tricks == 8
    (issue,) = [i for i in board.issues if "rs entry" in i.message]
    assert (issue.line, issue.column) == (1, 4)


def test_entries_no_board_takes_are_told_at_the_first_of_them() -> None:
    boards = loads(_file("4HS=,3NW-1,2SE="), "lin")
    told = [i for b in boards for i in b.issues if "no board" in i.message]
    assert len(told) == 1 and (told[0].line, told[0].column) == (1, 9)
    assert "3NW-1" in told[0].message and "2SE=" in told[0].message


def test_entries_no_board_takes_are_named_when_pbn_leaves_them_out_and_kept_by_lin() -> None:
    text = _file("4HS=,3NW-1")
    _, said = _pbn(text)
    assert any("LIN rs| results no board written takes" in message and "entry 2: 3NW-1" in message
               for message in said), said
    assert "rs|4HS=,3NW-1|" in dumps(loads(text, "lin"), "lin")


def test_the_entry_a_board_takes_is_not_named_as_left_out() -> None:
    out, said = _pbn(_file("4HS-2"))
    assert '[Result "8"]' in out and not any("rs|" in message for message in said), said


MATCH = (f"vg|{{vg}}|rs|4HN=,|pn|a,b,c,d,e,f,g,h|\n"
         f"qx|o1|md|{DEAL}|sv|o|mb|1H|mb|p|mb|4H|mb|p|mb|p|mb|p|pg||\n")


def test_a_vg_scoring_that_is_no_lin_scoring_is_a_problem_at_its_field() -> None:
    (board,) = loads(MATCH.format(vg="Cup,R1,Z,1,1,A,0,B,0"), "lin")
    (issue,) = board.issues
    assert (issue.line, issue.column) == (1, 11) and "'Z'" in issue.message and board.scoring is None


def test_vg_fields_past_the_ninth_are_a_problem_at_the_tenth() -> None:
    (board,) = loads(MATCH.format(vg="Cup,R1,I,1,1,A,0,B,0,extra,more"), "lin")
    (issue,) = board.issues
    assert (issue.line, issue.column) == (1, 25) and "extra,more" in issue.message


def test_what_a_vg_says_that_no_field_holds_is_named_when_pbn_leaves_it_out() -> None:
    _, said = _pbn(MATCH.format(vg="Cup,R1,Z,1,1,A,0,B,0,extra"))
    assert any("LIN vg| scoring Z" in message and "LIN vg| fields past the ninth (extra)" in message
               for message in said), said


def test_a_boards_entry_is_written_anew_once_the_computer_replaced_its_play() -> None:
    # bid --rebid and autoplay mark the record; the writer wrote the list's old entry back, which its
    # reader now takes over the board's new result
    boards = loads(_file("4HS=,4HS+1", boards=2), "lin")
    record = boards[1].extra["lin"]
    boards[1].extra["lin"] = dataclasses.replace(record, result_replaced=True)
    boards[1].tricks = 8
    text = dumps(boards, "lin")
    assert "rs|4HS=,4HS-2|" in text and [b.tricks for b in loads(text, "lin")] == [10, 8]


ROOM_BLOCK = f"qx|{{q}}|md|{DEAL}|rh||ah|Board {{n}}|sv|o|{CALLS}pg||\n"


def test_a_list_with_no_vg_gives_a_board_of_a_qx_room_its_rooms_entry_of_the_boards_pair() -> None:
    # BBO pairs its rs entries open, closed a board (a pairs event's closed rooms left empty); a vugraph
    # file cut of its vg line gave board 2 board 1's empty closed room and board 3 board 2's result
    text = "rs|4HS=,,4HS+1,,4HS-1,|pn|a,b,c,d|pg||\n" + "".join(
        ROOM_BLOCK.format(q=f"o{n}", n=n) for n in (1, 2, 3))
    assert [b.tricks for b in loads(text, "lin")] == [10, 11, 9]


def test_a_list_restated_grown_before_each_board_is_one_list() -> None:
    # rs|4HS=,| then rs|4HS=,4HS-1|: the second board takes the entry the list grew by, not the first again
    text = _file("4HS=,") + _file("4HS=,4HS-1").replace("Board 1", "Board 2")
    boards = loads(text, "lin")
    assert [b.tricks for b in boards] == [10, 9] and not [i for b in boards for i in b.issues], boards


def test_an_entry_no_board_takes_of_a_grown_list_is_named_and_none_a_board_took() -> None:
    # the loss report read the list's first statement, so an entry only its latest holds went unnamed
    _, said = _pbn(_file("4HS=,") + _file("4HS=,4HS-1,3NW=").replace("Board 1", "Board 2"))
    lost = [message for message in said if "rs|" in message]
    assert len(lost) == 1 and "entry 3: 3NW=" in lost[0] and "4HS" not in lost[0], said


def test_a_board_after_a_gap_in_the_qx_numbers_takes_its_own_boards_pair() -> None:
    # o1, c1, o3, c3, o4 took the pairs in order: board 3 read board 2's results, board 4 board 3's
    results = "4HS=,4HS-1,4HS+1,4HS-2,4HS-3,4HS+2,4HS-4,"
    rooms = ("o1", "c1", "o3", "c3", "o4")
    text = f"rs|{results}|\n" + "".join(ROOM_BLOCK.format(q=q, n=q[1:]) for q in rooms)
    assert [b.tricks for b in loads(text, "lin")] == [10, 9, 7, 12, 6]


def test_a_bn_list_gives_each_pair_of_entries_of_a_list_with_no_vg_its_board() -> None:
    # bn|5,2|: the first pair is board 5's, the second board 2's, whatever order the blocks come in
    text = "rs|4HS=,4HS-1,4HS+1,4HS-2|bn|5,2|\n" + "".join(
        ROOM_BLOCK.format(q=q, n=q[1:]) for q in ("o2", "c2", "o5", "c5"))
    assert [b.tricks for b in loads(text, "lin")] == [11, 8, 10, 9]


def test_a_list_restated_as_it_was_over_numbered_rooms_is_one_list() -> None:
    # cuts of one match joined, each with the match's rs and no vg: board 2 took board 1's results again
    results = "rs|4HS=,4HS-1,4HS+1,4HS-2|\n"
    text = "".join(results + "".join(ROOM_BLOCK.format(q=f"{room}{n}", n=n) for room in "oc") for n in (1, 2))
    boards = loads(text, "lin")
    assert [b.tricks for b in boards] == [10, 9, 11, 8] and not [i for b in boards for i in b.issues]


def test_cuts_of_one_match_joined_later_segment_first_read_the_list_from_the_earlier_board() -> None:
    # board 2's cut, then board 1's, each with the match's rs: both boards were read from the first pair
    results = "rs|4HS=,4HS-1,4HS+1,4HS-2|\n"
    text = "".join(results + "".join(ROOM_BLOCK.format(q=f"{room}{n}", n=n) for room in "oc") for n in (2, 1))
    boards = loads(text, "lin")
    assert [(b.number, b.tricks) for b in boards] == [(2, 11), (2, 8), (1, 10), (1, 9)]
    assert not [i for b in boards for i in b.issues]


def test_cuts_joined_later_segment_first_read_the_earlier_board_from_a_list_grown_since() -> None:
    # board 2's cut saved live (board 3 not yet played), then board 1's with the whole rs: board 1 was read
    # from board 2's pair, and board 2 from board 1's
    lists = (("4HS=,4HS-1,4HS+1,4HS-2,,", 2), ("4HS=,4HS-1,4HS+1,4HS-2,4HS-3,4HS+2", 1))
    text = "".join(f"rs|{results}|\n" + "".join(ROOM_BLOCK.format(q=f"{room}{n}", n=n) for room in "oc")
                   for results, n in lists)
    boards = loads(text, "lin")
    assert [(b.number, b.tricks) for b in boards] == [(2, 11), (2, 8), (1, 10), (1, 9)]


def test_cuts_joined_later_segment_first_past_the_blocks_held_are_said_read_from_the_first_pair() -> None:
    # a later cut of 33 boards (66 blocks, past the 64 held) then board 1's: the later cut's boards were
    # finished from the list's first pair with no word of it
    results = "rs|" + ",".join(["4HS=", "4HS-1", "4HS+1", "4HS-2"] * 17) + "|\n"
    text = "".join(results + "".join(ROOM_BLOCK.format(q=f"{room}{n}", n=n) for n in numbers for room in "oc")
                   for numbers in (range(2, 35), (1,)))
    boards = loads(text, "lin")
    assert any("below board 2 of its first pair" in i.message for i in boards[-2].issues)


def test_another_matchs_list_of_the_same_entries_over_a_board_below_is_not_the_first_ones_cut() -> None:
    # board 2 of one match (4H by South, as its entries say), then board 1 of another whose rs happens to
    # read the same: board 2 was read again from the third and fourth entries, 3NT by North
    results = "rs|4HS=,4HS-1,3NN+1,3NN-2|\n"
    text = "".join(results + "".join(ROOM_BLOCK.format(q=f"{room}{n}", n=n) for room in "oc") for n in (2, 1))
    boards = loads(text, "lin")
    assert [(b.number, str(b.contract), b.tricks) for b in boards] == [
        (2, "4H", 10), (2, "4H", 9), (1, "4H", 10), (1, "4H", 9)]


def test_a_list_restated_with_no_vg_is_written_once_lin_to_lin() -> None:
    # the reader adds the restatement to the header before; LIN -> LIN wrote the old list again ahead of
    # the new one, a line more each trip
    text = _file("4HS=,") + _file("4HS=,4HS-1").replace("Board 1", "Board 2")
    once = dumps(loads(text, "lin"), "lin")
    assert once.count("rs|") == 2 and dumps(loads(once, "lin"), "lin") == once


def test_the_entry_written_anew_is_in_the_list_as_last_restated() -> None:
    # the writer rewrote the first statement of a list restated, and the reader took the last, unchanged
    boards = loads(_file("4HS=,") + _file("4HS=,4HS+1").replace("Board 1", "Board 2"), "lin")
    boards[1].extra["lin"] = dataclasses.replace(boards[1].extra["lin"], result_replaced=True)
    boards[1].tricks = 8
    text = dumps(boards, "lin")
    assert "rs|4HS=,4HS-2|" in text and [b.tricks for b in loads(text, "lin")] == [10, 8]


def _rooms(results: str, rooms: tuple[str, ...]) -> str:
    """An ``rs`` of ``results`` over blocks of the ``qx`` ``rooms`` (``o1``, ``c3``...) of 4H by South."""
    return f"rs|{results}|\n" + "".join(ROOM_BLOCK.format(q=q, n=q[1:]) for q in rooms)


def test_a_board_below_the_lists_first_takes_a_pair_no_later_board_takes() -> None:
    # board 1 after board 2 took the next pair, then board 3 took it again by its number: one result twice
    boards = loads(_rooms("4HS=,4HS-1,4HS+1,4HS-2,4HS-3,4HS+2", ("o2", "c2", "o1", "c1", "o3", "c3")), "lin")
    assert [b.tricks for b in boards] == [10, 9, 11, 8, 7, 12]


def test_a_list_restated_as_it_was_over_a_board_it_has_no_pair_for_is_another_list() -> None:
    # two single-board files joined, the same rs in each: board 3 was placed past the list, its result lost
    boards = loads(_rooms("4HS-1,", ("o1",)) + _rooms("4HS-1,", ("o3",)), "lin")
    assert [b.tricks for b in boards] == [9, 9]


def test_a_list_with_a_bn_restated_as_it_was_is_one_list_with_no_entry_left_over() -> None:
    # cuts of one match joined, each with the match's rs and bn: each told the other's entries as no board's
    text = "".join(_rooms("4HS=,4HS-1,4HS+1,4HS-2|bn|1,2", (f"o{n}", f"c{n}")) for n in (1, 2))
    boards = loads(text, "lin")
    assert [b.tricks for b in boards] == [10, 9, 11, 8] and not [i for b in boards for i in b.issues]


def test_a_result_written_anew_before_a_list_restated_goes_into_the_list_restated_too() -> None:
    # the restated list kept board 1's old result, so it no longer went on from the first: board 2 read
    # board 1's old entry
    boards = loads(_file("4HS=,") + _file("4HS=,4HS+1").replace("Board 1", "Board 2"), "lin")
    boards[0].extra["lin"] = dataclasses.replace(boards[0].extra["lin"], result_replaced=True)
    boards[0].tricks = 8
    text = dumps(boards, "lin")
    assert text.count("rs|") == 2 and "rs|4HS-2,4HS+1|" in text
    assert [b.tricks for b in loads(text, "lin")] == [8, 11]


def test_a_result_written_anew_stays_out_of_a_list_restated_otherwise() -> None:
    # single-board files joined, each with its own rs: board 2's list is another, its entry its own
    boards = loads(_file("4HS=") + _file("4HS+1").replace("Board 1", "Board 2"), "lin")
    boards[0].extra["lin"] = dataclasses.replace(boards[0].extra["lin"], result_replaced=True)
    boards[0].tricks = 8
    assert [b.tricks for b in loads(dumps(boards, "lin"), "lin")] == [8, 11]


def test_a_result_written_anew_stays_out_of_a_list_restated_alike_over_another_board() -> None:
    # two single-board files joined with the same rs: board 3 takes its own file's entry, not board 1's new
    boards = loads(_rooms("4HS-1,", ("o1",)) + _rooms("4HS-1,", ("o3",)), "lin")
    boards[0].extra["lin"] = dataclasses.replace(boards[0].extra["lin"], result_replaced=True)
    boards[0].tricks = 8
    assert [b.tricks for b in loads(dumps(boards, "lin"), "lin")] == [8, 9]


def test_a_board_after_a_block_with_no_room_takes_the_next_pair_not_one_taken() -> None:
    # the block with no room took entry 2 in order, then board 2 took it again by its number
    text = _rooms("4HS=,4HS-1,4HS+1,4HS-2,4HS-3,4HS+2", ("o1", "c1")) + f"st||md|{DEAL}|sv|o|{CALLS}pg||\n" \
        + ROOM_BLOCK.format(q="o2", n=2)
    assert [b.tricks for b in loads(text, "lin")] == [10, 9, 11, 7]


def test_a_result_written_anew_after_a_list_restated_as_it_was_goes_into_the_list_before_too() -> None:
    # cuts of one match joined: board 2's new result went into its own list alone, which then no longer
    # restated the first, and board 2 read back as a new list's first, with board 1's results
    text = "".join(_rooms("4HS=,4HS-1,4HS+1,4HS-2", (f"o{n}", f"c{n}")) for n in (1, 2))
    boards = loads(text, "lin")
    boards[2].extra["lin"] = dataclasses.replace(boards[2].extra["lin"], result_replaced=True)
    boards[2].tricks = 7
    assert [b.tricks for b in loads(dumps(boards, "lin"), "lin")] == [10, 9, 7, 8]


def test_a_result_written_anew_under_a_grown_list_goes_into_the_list_it_grew_from() -> None:
    # board 1, after board 2 and before the list grew, keeps the third pair: its new result written in the
    # grown list alone made it no longer grown from the first, and board 1 read back board 2's result
    text = _rooms("4HS=,4HS-1,4HS+1,4HS-2,,", ("o2", "c2", "o1")) + _rooms(
        "4HS=,4HS-1,4HS+1,4HS-2,4HS-3,4HS+2", ("c1", "o3", "c3"))
    boards = loads(text, "lin")
    boards[3].extra["lin"] = dataclasses.replace(boards[3].extra["lin"], result_replaced=True)
    boards[3].tricks = 6
    assert [b.tricks for b in boards] == [10, 9, 11, 6, 7, 12]
    assert [b.tricks for b in loads(dumps(boards, "lin"), "lin")] == [10, 9, 11, 6, 7, 12]


def test_a_result_written_anew_stays_out_of_a_vg_matchs_rs_restated_otherwise() -> None:
    # a match's rs restated with other entries: the board before's new result went into the restated list
    # too, where board 1 of the later blocks read it
    vg = "vg|Match,Seg,I,1,2,A,0,B,0|pn|n1,e1,s1,w1,n2,e2,s2,w2|\n"
    text = vg + _rooms("4HS=,4HS-1,4HS+1,4HS-2", ("o1", "c1")) + _rooms("4HS+2,4HS-3", ("o1", "c1"))
    boards = loads(text, "lin")
    boards[0].extra["lin"] = dataclasses.replace(boards[0].extra["lin"], result_replaced=True)
    boards[0].tricks = 6
    assert [b.tricks for b in boards] == [6, 9, 12, 7]
    assert [b.tricks for b in loads(dumps(boards, "lin"), "lin")] == [6, 9, 12, 7]


def test_a_list_restated_as_it_was_after_a_board_placed_in_order_is_one_list() -> None:
    # board 1 after board 2 took the next pair in order; the list restated over board 3 was then another,
    # whose first pair board 3 took: board 2's result
    text = _rooms("4HS=,4HS-1,4HS+1,4HS-2,4HS-3,4HS+2", ("o2", "c2", "o1", "c1")) + _rooms(
        "4HS=,4HS-1,4HS+1,4HS-2,4HS-3,4HS+2", ("o3", "c3"))
    boards = loads(text, "lin")
    assert [b.tricks for b in boards] == [10, 9, 11, 8, 7, 12] and not [i for b in boards for i in b.issues]
