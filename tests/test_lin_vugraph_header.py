"""A vugraph header's names and carry-overs as the operator wrote them: what can be read of a wrong one is
kept, and what is wrong is told at its line and column (trial 47c: a seven-name header pn dropped every
player of every board with nothing said)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetools import Seat, loads, read
from bridgetools.errors import ParseError

TRIAL = Path(__file__).parent / "data" / "lin" / "trial47c"
OPEN_ROOM = {Seat.S: "Meckstroth", Seat.W: "Levin", Seat.N: "Rodwell", Seat.E: "Weinstein"}


def test_a_header_pn_of_seven_names_gives_the_seven_players_and_leaves_the_eighth_unknown() -> None:
    open_room, closed_room = read(TRIAL / "pn7.lin")
    assert open_room.players == OPEN_ROOM
    assert closed_room.players == {Seat.S: "Stansby", Seat.W: "Hamman", Seat.N: "Martel"}


def test_a_header_pn_of_seven_names_is_a_problem_at_the_pn() -> None:
    open_room, _ = read(TRIAL / "pn7.lin")
    (issue,) = open_room.issues
    assert (issue.line, issue.column) == (3, 60)  # past the seventh name
    assert "gives 7 names where a vugraph match gives 8" in issue.message
    assert "the closed room's East unknown" in issue.message


def test_strict_reading_stops_at_a_header_pn_of_seven_names() -> None:
    with pytest.raises(ParseError) as caught:
        list(read(TRIAL / "pn7.lin", strict=True))
    assert (caught.value.line, caught.value.column) == (3, 60)


def test_a_header_pn_of_nine_names_is_a_problem_at_the_ninth_which_is_left_out() -> None:
    open_room, closed_room = read(TRIAL / "pn9.lin")
    assert open_room.players == OPEN_ROOM and closed_room.players[Seat.E] == "Mahmood"
    (issue,) = open_room.issues
    assert (issue.line, issue.column) == (3, 69)  # at Extra
    assert "gives 9 names" in issue.message and "Extra left out" in issue.message


def test_a_three_name_pn_in_a_block_names_three_seats_and_keeps_the_header_s_fourth() -> None:
    _, closed_room = read(TRIAL / "pn3block.lin")
    assert closed_room.players == {Seat.S: "A", Seat.W: "B", Seat.N: "C", Seat.E: "Mahmood"}
    (issue,) = closed_room.issues
    assert (issue.line, issue.column) == (11, 16)
    assert "gives 3 names where a board gives 4" in issue.message and "(Mahmood)" in issue.message


def test_a_vg_carry_over_that_is_no_number_and_one_not_given_are_problems_at_their_fields() -> None:
    open_room, _ = read(TRIAL / "badvg.lin")
    assert [(i.line, i.column) for i in open_room.issues] == [(1, 50), (1, 65)]
    assert "'eighty' for Nickell (field 7) is no number" in open_room.issues[0].message
    assert "no carry-over for Fleisher (field 9): read as 0" in open_room.issues[1].message
    assert open_room.tags["HomeCarryOver"] == "eighty"  # kept as written


def test_lin_to_lin_keeps_a_claim_that_the_header_s_rs_entry_overrides() -> None:
    """Board 18's open room claims 8 (mc|8) where the rs entry says 1HE= (7): the entry stands, and the
    operator's claim is written back, not dropped without a word."""
    from bridgetools import dumps, loads

    boards = list(read(TRIAL / "segments.lin"))
    (board,) = [b for b in boards if b.number == 18 and b.room == "open"]
    assert board.tricks == 7  # the rs entry's
    text = dumps(boards, "lin")
    assert "pc|DA|mc|8|pg||" in text
    (again,) = [b for b in loads(text, "lin") if b.number == 18 and b.room == "open"]
    assert [i.message for i in again.issues] == [i.message for i in board.issues]  # the entry differs still
    again.issues = board.issues  # the source named differs: the file's, the text's
    assert again == board


@pytest.mark.parametrize("claim", [10, None])
def test_a_claim_edited_since_it_was_read_is_written_not_the_file_s_mc(claim: int | None) -> None:
    """Board 18's claim set to 10, or taken away (edited JSON): LIN still wrote the file's mc|8."""
    from bridgetools import dumps

    boards = list(read(TRIAL / "segments.lin"))
    (board,) = [b for b in boards if b.number == 18 and b.room == "open"]
    assert board.play is not None
    board.play.claimed = claim
    text = dumps(boards, "lin")
    assert "pc|DA|mc|8|" not in text and (claim is None or "pc|DA|mc|10|pg||" in text)


@pytest.mark.parametrize("carry", ["nan", "inf", "1e2", "1_000"])
def test_a_vg_carry_over_that_is_no_plain_decimal_is_a_problem(carry: str) -> None:
    """Python's float read them (nan, infinity, 100, 1000): a carry-over is digits and one point."""
    (board,) = loads(f"vg|Cup,Final,I,1,1,Alpha,-3,Bravo,{carry}|\nqx|o1|sv|o|pg||\n", "lin")
    assert [i.message for i in board.issues] == [
        f"vg carry-over '{carry}' for Bravo (field 9) is no number such as 12 or 10.5: read as 0"]


def test_an_empty_vg_carry_over_is_none_as_bbo_writes_it_not_a_problem() -> None:
    (board,) = loads("vg|Cup,Final,I,1,1,Alpha,,Bravo,|\nqx|o1|sv|o|pg||\n", "lin")
    assert board.issues == []


def test_a_vg_restated_before_the_closed_room_tells_its_problems_once() -> None:
    """The same wrong vg line again before the closed room said its two problems a second time."""
    text = (TRIAL / "badvg.lin").read_text(encoding="utf-8")
    vg = text.splitlines()[0]
    restated = text.replace("qx|c46|", f"{vg}\nqx|c46|", 1)
    assert restated != text
    boards = loads(restated, "lin")
    assert len([i for b in boards for i in b.issues if "carry-over" in i.message]) == 2


def test_lin_to_pbn_names_the_claim_that_the_header_s_rs_entry_overrides_as_lost() -> None:
    """Board 18's mc|8 under the rs entry 1HE= (7): PBN has one result, the entry's, written as though it
    were the claim; the operator's claim of 8 was dropped without a word."""
    from bridgetools import dumps
    from bridgetools.errors import FormatLossWarning

    boards = list(read(TRIAL / "segments.lin"))
    with pytest.warns(FormatLossWarning, match=r"board 18's claim of 8 tricks, where the result's 7 stand"):
        text = dumps(boards, "pbn")
    assert '[Result "7"]' in text


def test_lin_to_lin_writes_a_block_pn_of_three_names_as_the_block_said_it() -> None:
    """The closed room's pn|A,B,C| came back pn|A,B,C,Mahmood|: the header's East written into the block as
    though the block had named him."""
    from bridgetools import dumps, loads

    boards = list(read(TRIAL / "pn3block.lin"))
    text = dumps(boards, "lin")
    assert "|pn|A,B,C|" in text and "A,B,C,Mahmood" not in text
    assert [b.players for b in loads(text, "lin")] == [b.players for b in boards]


def test_a_block_pn_of_three_names_written_without_its_header_names_the_header_s_player_too() -> None:
    from bridgetools import dumps

    boards = list(read(TRIAL / "pn3block.lin"))
    assert "|pn|A,B,C,Mahmood|" in dumps(boards, "lin", vugraph=False)  # no header to give East


def test_lin_to_lin_writes_no_header_again_for_a_room_its_rs_entry_alone_holds() -> None:
    """Board 19's closed room is segment 2's rs entry 5CN= alone, read after segment 3: its header, written
    before board 17, holds it; the header written again at the end held nothing."""
    from bridgetools import dumps

    boards = list(read(TRIAL / "segments.lin"))
    text = dumps(boards, "lin")
    assert text.count("Segment 2 of 4") == 1
    assert text.rstrip().endswith("mc|8|pg||")  # segment 3's closed room ends the file, as it did
    (again,) = [b for b in loads(text, "lin") if b.number == 19 and b.room == "closed"]
    assert (str(again.contract), again.tricks) == ("5C", 11)
