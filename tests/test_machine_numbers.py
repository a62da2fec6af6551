"""Board numbers in the dealing-machine files: BRI, DGE and DUP number their records by place, DLM keys
them by number from ``From board`` to ``To board``; a board whose number such a file cannot hold is said,
never read back silently under another number (hand-records spec §1)."""

from __future__ import annotations

import gc
import io
import re
import warnings
import weakref
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from random_boards import session

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.cli import cli
from bridgetools.formats import dumps, format_module, loads
from bridgetools.formats._machine import repeats
from bridgetools.model import Seat, Vul

BY_PLACE = ("bri", "dge", "dup")


def renumbered(numbers: list[int]) -> list[Board]:
    """Boards of `session` given ``numbers``, each with the dealer and vulnerability Law 2 gives it."""
    boards = session(len(numbers))
    for board, number in zip(boards, numbers, strict=True):
        board.number = number
        board.dealer, board.vulnerability = bt.Seat.dealer_of_board(number), bt.Vul.of_board(number)
    return boards


def renumbering(source: Path, target: Path) -> Result:
    """``convert SOURCE -o TARGET --renumber``, run."""
    return CliRunner().invoke(cli, ["convert", str(source), "-o", str(target), "--renumber"])


def written(boards: list[Board], fmt: str) -> tuple[str, list[str]]:
    """The file ``boards`` give in ``fmt`` and the warnings said while writing it."""
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        text = dumps(boards, fmt)
    return text, [str(w.message) for w in said]


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_a_set_with_a_gap_is_refused_naming_the_missing_board_not_dealt_under_other_numbers(fmt: str) -> None:
    # boards 1-10, 12-16 came back as 1-15, board 12's deal in board 11's place
    boards = renumbered([*range(1, 11), *range(12, 17)])
    with pytest.raises(bt.BridgeError, match=r"cannot leave one out: board 11 is not in the input "
                                             r"\(boards 1-10, 12-16 are\)"):
        dumps(boards, fmt)


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_boards_out_of_order_with_a_gap_between_them_are_refused_naming_the_gap(fmt: str) -> None:
    # boards 17 then 11 came back as 11 and 12 (DUP) or 1 and 2, board 17's deal first
    with pytest.raises(bt.BridgeError, match=r"boards 12-16 are not in the input \(boards 11, 17 are\)"):
        dumps(renumbered([17, 11]), fmt)


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_boards_out_of_order_are_each_written_in_their_own_place(fmt: str) -> None:
    boards = renumbered([3, 1, 4, 2])
    text, said = written(boards, fmt)
    by_number = {b.number: b.deal for b in boards}
    assert [(b.number, b.deal) for b in loads(text, fmt)] == sorted(by_number.items())
    assert not said, said


@pytest.mark.parametrize("fmt", ["bri", "dge"])
def test_a_set_from_a_later_board_is_read_back_from_board_one_as_one_warning_says(fmt: str) -> None:
    boards = renumbered([38, 37, 39])
    text, said = written(boards, fmt)
    assert [b.deal for b in loads(text, fmt)] == [boards[1].deal, boards[0].deal, boards[2].deal]
    assert [w for w in said if "boards 37-39 are written in order and read back as boards 1-3" in w], said
    assert [w for w in said if "has no place for vulnerability (3 boards)" in w], said


@pytest.mark.parametrize(("numbers", "lost"), [
    ([37, 38, 39], "vulnerability (3 boards)"),  # read back as 1-3: dealers North, East, South all the same
    ([8], "dealer (1 board)"),  # West dealer, as board 1 North: neither vulnerable both
    ([2, 3], "dealer and vulnerability (2 boards)"),
])
def test_a_set_read_back_from_board_one_names_which_of_dealer_and_vulnerability_it_loses(
        numbers: list[int], lost: str) -> None:
    # `deal --tournament -n 3 --first-board 37` said "dealer and vulnerability" where only the vulnerability
    _, said = written(renumbered(numbers), "bri")
    assert f"BRI has no place for {lost}: left out" in said, said


def test_a_dup_set_from_a_later_board_keeps_its_numbers() -> None:
    boards = renumbered([38, 37, 39])
    text, said = written(boards, "dup")
    assert [b.number for b in loads(text, "dup")] == [37, 38, 39]
    assert not said, said


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_boards_numbered_in_sequence_keep_their_numbers_without_a_warning(fmt: str) -> None:
    first = 1 if fmt != "dup" else 11  # DUP's trailer gives the lowest board
    boards = renumbered(list(range(first, first + 4)))
    text, said = written(boards, fmt)
    assert [b.number for b in loads(text, fmt)] == [b.number for b in boards]
    assert not any("board numbers" in w for w in said), said


def test_a_dup_board_read_back_under_another_number_names_its_dealer_and_vulnerability_as_lost() -> None:
    _, said = written(renumbered([1, 2, 1]), "dup")
    assert any("dealer and vulnerability" in w for w in said), said


MACHINES = (*BY_PLACE, "dlm")
MATCH = Path(__file__).parent / "data" / "lin" / "bridge-bots__usbf_sf_14502.lin"
"""A vugraph match (boards 46-60, each played in the open and the closed room): the shared corpus's copy."""


def test_a_dlm_board_number_twice_with_different_deals_is_refused_naming_the_board() -> None:
    with pytest.raises(bt.BridgeError, match=r"board 1 .*twice, with different deals"):
        dumps(renumbered([1, 2, 1]), "dlm")


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_sets_each_numbered_from_one_are_written_in_file_order_and_said_renumbered(fmt: str) -> None:
    boards = renumbered([1, 2, 1, 2, 3])
    text, said = written(boards, fmt)
    back = loads(text, fmt)
    assert [b.deal for b in back] == [b.deal for b in boards]
    assert [b.number for b in back] == [1, 2, 3, 4, 5]
    assert [w for w in said if "renumbered 1-5" in w and "boards 1, 2 are there more than once" in w] \
        and not any("out of sequence" in w for w in said), said


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_an_unnumbered_board_then_board_one_are_both_written(fmt: str) -> None:
    boards = session(2)
    boards[0].number = None
    boards[1].number = 1
    assert [b.deal for b in loads(dumps(boards, fmt), fmt)] == [b.deal for b in boards]


def test_a_record_without_a_deal_takes_no_part_in_finding_the_other_room() -> None:
    repeat = repeats()
    room = session(1)[0]
    room.number = 1
    assert [repeat(b) for b in (Board(number=1, event="introduction"), room, room)] == [False, False, True]


@pytest.mark.parametrize("fmt", ("bri", "dge"))
def test_a_machine_file_lets_each_board_go_once_its_record_is_made(fmt: str) -> None:
    # the file is made whole before it is written, but from the records, not by keeping every board
    alive: list[weakref.ref[Board]] = []

    def coming() -> Iterator[Board]:
        pending = session(4)
        for k in range(len(pending)):
            gc.collect()  # board k - 1 is still being placed
            assert all(ref() is None for ref in alive[:k - 1]), "a board kept after its record was made"
            board = pending.pop(0)
            alive.append(weakref.ref(board))
            yield board

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        format_module(fmt).write_boards(coming(), out := io.StringIO())
    assert len(out.getvalue()) == 4 * format_module(fmt).RECORD


def half_dealt(number: int) -> Board:
    """Board ``number`` with North's hand alone, which no machine file can deal."""
    board = renumbered([number])[0]
    assert board.deal is not None
    board.deal = bt.Deal([board.deal[bt.Seat.N], None, None, None])
    return board


REFUSED = {"a gap": lambda: renumbered([1, 2, 4, 5]),
           "half a deal": lambda: [*renumbered([1, 2]), half_dealt(3)]}
"""Sets a machine file refuses only once boards before the refusal's cause were placed."""


@pytest.mark.parametrize("fmt", BY_PLACE)
@pytest.mark.parametrize("cause", sorted(REFUSED))
def test_a_refused_set_writes_not_a_byte_to_stdout(fmt: str, cause: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # BRI and DGE wrote boards 1 and 2 to stdout before the gap at board 3 was refused
    with pytest.raises(bt.BridgeError):
        bt.write(REFUSED[cause](), "-", fmt)
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("fmt", BY_PLACE)
@pytest.mark.parametrize("cause", sorted(REFUSED))
def test_a_refused_set_writes_not_a_byte_to_a_file_the_caller_opened(fmt: str, cause: str) -> None:
    out = io.StringIO()
    with pytest.raises(bt.BridgeError):
        bt.write(REFUSED[cause](), out, fmt)
    assert out.getvalue() == ""


@pytest.mark.parametrize("fmt", MACHINES)
def test_a_matchs_two_rooms_are_dealt_once_each_board_in_its_own_place(fmt: str) -> None:
    match = list(bt.read(MATCH))
    once = list({board.number: board.deal for board in match}.items())
    text, _ = written(match, fmt)
    back = loads(text, fmt)
    assert [b.deal for b in back] == [deal for _, deal in once]
    if fmt in ("dup", "dlm"):  # these say the board numbers; BRI and DGE number from 1
        assert [b.number for b in back] == [number for number, _ in once]


def test_the_other_rooms_left_out_of_a_machine_file_are_said_in_one_line() -> None:
    _, said = written(list(bt.read(MATCH)), "dup")
    assert [w for w in said if "other room" in w and "boards 46-60" in w and "15 records" in w], said


def test_deals_given_again_with_no_table_of_their_own_are_not_called_a_matchs_other_room() -> None:
    """A dealer program's sets dealt with one seed (dealer-suokko's Refer.pbn) repeat boards and deals with
    no room, auction or contract: they were said to be "a match's other room"."""
    boards = renumbered([1, 2])
    again = [Board(number=b.number, deal=b.deal) for b in boards]
    _, said = written([*boards, *again], "dup")
    assert [w for w in said if "(the same deal given again, in no other room: boards 1, 2)" in w], said
    assert not [w for w in said if "a match's other room" in w], said


def test_a_board_repeated_later_with_its_deal_leaves_the_others_in_sequence() -> None:
    boards = renumbered([1, 2])
    again = Board(number=1, deal=boards[0].deal, event="closed room")
    text, said = written([*boards, again], "dup")
    assert [(b.number, b.deal) for b in loads(text, "dup")] == [(b.number, b.deal) for b in boards]
    assert not any("board numbers" in w for w in said), said


def test_convert_counts_a_matchs_board_once_in_a_machine_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", str(MATCH), "-o", str(tmp_path / "m.dup")])
    assert result.exit_code == 0, result.output
    assert "15 boards written" in result.output, result.output


def test_a_dlm_set_with_a_gap_says_the_missing_boards_are_written_as_the_dummy_deal() -> None:
    text, said = written(renumbered([17, 11]), "dlm")
    assert any("boards 12-16" in w and "dummy deal" in w for w in said), said
    back = {b.number: b.deal for b in loads(text, "dlm")}
    assert back[11] == session(2)[1].deal and back[17] == session(2)[0].deal


@pytest.mark.parametrize("suffix", [".dup", ".dlm"])
def test_boards_past_99_numbered_by_their_place_are_refused_naming_their_file(tmp_path: Path,
                                                                              suffix: str) -> None:
    # 110 deals with no board numbers: the error named no file
    source = tmp_path / "deals.pbn"
    source.write_text("".join(line for line in dumps(session(110), "pbn").splitlines(keepends=True)
                              if not line.startswith("[Board ")))
    assert {board.number for board in bt.read(source)} == {None}
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / f"x{suffix}")])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {source}: a {suffix[1:].upper()} file holds boards 1-99, not "
                                    "board 100 (nor the 10 after it, to board 110)")


@pytest.mark.parametrize("fmt", ["dup", "dlm"])
def test_boards_past_99_that_do_not_run_on_are_named_not_counted_as_a_run(fmt: str) -> None:
    # boards 100, 105, 122 were "board 100 (nor the 2 after it, to board 122)"
    with pytest.raises(bt.BridgeError, match=r"not board 100 \(nor boards 105, 122\);"):
        dumps(renumbered([*range(1, 10), 100, 105, 122]), fmt)


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_what_boards_held_back_and_sorted_lose_is_named_by_their_own_numbers(tmp_path: Path,
                                                                            fmt: str) -> None:
    # boards 3, 2, 1 with Event, Event, Site: "board 1: BRI has no place for Site, Event", the last read
    boards = renumbered([3, 2, 1])
    boards[0].event, boards[1].event, boards[2].site = "a", "b", "c"
    source = tmp_path / "h.pbn"
    source.write_text(dumps(boards, "pbn"))
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / f"h.{fmt}")])
    assert result.exit_code == 0, result.output
    assert "boards 1-3:" in result.output and "Site (board 1)" in result.output \
        and "Event (boards 2, 3)" in result.output, result.output


def test_what_boards_renumbered_in_file_order_lose_is_counted_for_each_board(tmp_path: Path) -> None:
    # two sets each numbered 1-2: the losses of the second set were counted on the last board read
    boards = renumbered([1, 2, 1, 2])
    for board in boards:
        board.event = "Pairs"
    source = tmp_path / "sets.pbn"
    source.write_text(dumps(boards, "pbn"))
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "sets.bri")])
    assert result.exit_code == 0, result.output
    assert "4 boards, numbered 1, 2: BRI has no place for" in result.output, result.output


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_a_board_without_a_number_in_a_set_with_a_gap_is_named_as_one_with_no_number(fmt: str) -> None:
    # boards 37, (none), 39 said "boards 3-36, 38 are not in the input (boards 2, 37, 39 are)"
    boards = renumbered([37, 38, 39])
    boards[1].number = None
    with pytest.raises(bt.BridgeError, match=r"\(boards 37, 39 are, and one with no number, dealt as board 2 "
                                             r"by its place\)"):
        dumps(boards, fmt)


@pytest.mark.parametrize("fmt", MACHINES)
def test_convert_renumber_deals_a_set_with_a_gap_by_its_place_in_the_input(tmp_path: Path, fmt: str) -> None:
    # endplay's sample.pbn (boards 17, then 11) could not be written to DUP, BRI or DGE at all
    boards = renumbered([17, 11])
    source = tmp_path / "lesson.pbn"
    source.write_text(dumps(boards, "pbn"))
    target = tmp_path / f"lesson.{fmt}"
    result = renumbering(source, target)
    assert result.exit_code == 0, result.output
    assert [(b.number, b.deal) for b in bt.read(target)] == [(1, boards[0].deal), (2, boards[1].deal)]
    assert "board 2" in result.output and "dealer and vulnerability" in result.output, result.output


def test_convert_renumber_names_a_board_s_losses_with_the_number_it_was_read_with(tmp_path: Path) -> None:
    # said `board 2: BRI has no place for dealer and vulnerability`: board 2 of the output, 11 of the input
    source = tmp_path / "lesson.pbn"
    source.write_text(dumps(renumbered([17, 11]), "pbn"))
    target = tmp_path / "lesson.bri"
    result = renumbering(source, target)
    assert result.exit_code == 0, result.output
    assert f"warning: {source}: board 2 (was 11): BRI has no place for dealer and vulnerability: left out" \
           in result.stderr, result.stderr


def test_convert_renumber_names_a_board_s_own_losses_with_the_number_it_was_read_with(tmp_path: Path) -> None:
    # said `board 1's second explanation of 1C`: board 1 of the output, 11 of the input
    calls = "mb|1C!|an|16+|an|or 4441|mb|p|mb|1S|mb|p|mb|2N|mb|p|mb|3N|mb|p|mb|p|mb|p|"
    (tmp_path / "match.lin").write_text(
        f"ah|Board 11|md|3SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|{calls}\n")
    said = renumbering(tmp_path / "match.lin", tmp_path / "match.pbn").stderr
    assert "board 1 (was 11)'s second explanation of 1C by North (LIN an|: or 4441)" in said, said


def test_convert_renumber_names_the_input_numbers_of_the_boards_that_lost_one_thing(tmp_path: Path) -> None:
    boards = renumbered([17, 11])
    boards[0].event = "Lesson"
    source = tmp_path / "lesson.pbn"
    source.write_text(dumps(boards, "pbn"))
    target = tmp_path / "lesson.bri"
    result = renumbering(source, target)
    assert f"warning: {source}: boards 1, 2 (were 11, 17): BRI has no place for Event (board 1, was 17); " \
           "dealer and vulnerability (board 2, was 11): left out" in result.stderr, result.stderr


def test_the_refusal_of_a_gap_names_convert_renumber() -> None:
    with pytest.raises(bt.BridgeError, match=r"number the boards by their place \(convert --renumber\)"):
        dumps(renumbered([17, 11]), "bri")


def test_convert_renumber_keeps_a_match_s_other_room_on_its_board(tmp_path: Path) -> None:
    # --renumber numbered each room as a board of its own: a match's two rooms came out as two boards
    boards = renumbered([17, 11])
    rooms = [replace(board, room=room) for board in boards for room in ("Open", "Closed")]
    source = tmp_path / "match.pbn"
    source.write_text(dumps(rooms, "pbn"))
    machine = tmp_path / "match.bri"
    result = renumbering(source, machine)
    assert result.exit_code == 0, result.output
    assert [b.deal for b in bt.read(machine)] == [boards[0].deal, boards[1].deal]
    result = renumbering(source, tmp_path / "out.pbn")
    assert [b.number for b in bt.read(tmp_path / "out.pbn")] == [1, 1, 2, 2]


def test_convert_renumber_keeps_the_dealer_and_vulnerability_the_old_number_gave(tmp_path: Path) -> None:
    source = tmp_path / "one.pbn"
    source.write_text('[Board "18"]\n[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 '
                      '543.7654.A432.65"]\n')
    result = renumbering(source, tmp_path / "out.pbn")
    assert result.exit_code == 0, result.output
    (board,) = bt.read(tmp_path / "out.pbn")
    assert (board.number, board.dealer, board.vulnerability) == (1, bt.Seat.E, bt.Vul.NS)


BIG_DEAL = Path(__file__).parent / "data" / "pbn" / "pbn-cpp__bigdeal.pbn"
"""Big Deal's 15 boards, 1-15."""


def cut_in_board_five(tmp_path: Path) -> Path:
    """Big Deal's file cut inside board 5's Deal tag: the reader keeps board 5's number, dealer and
    vulnerability, with the cut's problem, and no deal."""
    text = BIG_DEAL.read_text(encoding="utf-8")
    source = tmp_path / "cut.pbn"
    source.write_text(text[:text.index("[Deal", text.index('[Board "5"]')) + 15], encoding="utf-8")
    assert [(b.number, b.deal is None) for b in bt.read(source)][-1] == (5, True)
    return source


@pytest.mark.parametrize("fmt", MACHINES)
def test_a_board_cut_short_with_no_deal_is_named_and_left_out_and_the_rest_written(tmp_path: Path,
                                                                                  fmt: str) -> None:
    # "Error: cut.pbn: board 5: a BRI file needs all 52 cards dealt": the four whole boards were not written
    source, target = cut_in_board_five(tmp_path), tmp_path / f"cut.{fmt}"
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(target)])
    assert result.exit_code == 1, result.output  # written; the PBN cut inside a tag is a problem of syntax
    whole = [b.deal for b in bt.read(BIG_DEAL)][:4]
    assert [b.deal for b in bt.read(target)][:4] == whole
    assert [b.number for b in bt.read(target)] == [1, 2, 3, 4]
    assert f"{source}: a {fmt.upper()} file deals whole deals: board 5, given with no deal (a record cut " \
           "short, or one without its cards), left out" in result.stderr, result.stderr
    assert "4 boards written" in result.stderr, result.stderr


@pytest.mark.parametrize("fmt", MACHINES)
def test_boards_that_all_lack_a_deal_are_refused_naming_them(fmt: str) -> None:
    # DUP wrote nothing and said nothing when no board had a deal (BRI, DGE and DLM named them); then all
    # four wrote an empty file, "0 boards written", exit 0
    told = (f"a {fmt.upper()} file deals whole deals, and no board of the input has one: board 3, given with "
            "no deal (a record cut short, or one without its cards); nothing written")
    with pytest.raises(bt.BridgeError, match=re.escape(told)):
        dumps(loads('[Board "3"]\n[Dealer "S"]\n', "pbn"), fmt)


@pytest.mark.parametrize("fmt", MACHINES)
def test_a_file_whose_deals_all_could_not_be_read_is_refused_and_no_file_is_left(tmp_path: Path, fmt: str
                                                                                  ) -> None:
    # a trial's bad/v2.pbn (two boards, each `[Deal "N:"]`) gave a 0-byte file, "0 boards written", exit 0
    source, target = tmp_path / "v2.pbn", tmp_path / f"v2.{fmt}"
    source.write_text('[Board "1"]\n[Deal "N:"]\n\n[Board "2"]\n[Deal "E:"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(target)])
    assert result.exit_code == 1 and not target.exists()
    assert (f"Error: {source}: a {fmt.upper()} file deals whole deals, and no board of the input has one: "
            "boards 1, 2, given with a deal that could not be read (said above); nothing written"
            ) in result.output


def refused_with_no_deal(numbers: list[int], undealt: int, fmt: str) -> str:
    """The refusal of boards of ``numbers`` in ``fmt`` when the one at index ``undealt`` has no deal."""
    boards = renumbered(numbers)
    boards[undealt].deal = None
    with pytest.raises(bt.BridgeError) as refused:
        dumps(boards, fmt)
    return str(refused.value)


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_a_board_with_no_deal_inside_a_set_is_refused_as_a_gap_naming_it_and_the_way_past(fmt: str) -> None:
    assert re.search(r"board 3 is given with no deal \(boards 1, 2, 4, 5 are dealt\): .* give board 3 its "
                     r"deal, .*\(convert --renumber\)", refused_with_no_deal([1, 2, 3, 4, 5], 2, fmt))


@pytest.mark.parametrize("fmt", ("bri", "dge"))
def test_a_first_board_with_no_deal_is_a_gap_not_a_set_read_back_from_board_one(fmt: str) -> None:
    # boards 2-5 were written with a warning that they read back as boards 1-4: each deal in another's slot
    # (DUP numbers its boards, so there board 1 is left out and 2-5 keep their numbers)
    assert re.search(r"board 1 is given with no deal \(boards 2-5 are dealt\): .* give board 1 its deal, ",
                     refused_with_no_deal([1, 2, 3, 4, 5], 0, fmt))


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_a_board_with_no_deal_inside_a_second_set_is_refused_as_a_gap(fmt: str) -> None:
    # boards 1-3 then 1, 2 (no deal), 3 were written as five boards, the second set's 3 in board 2's place
    assert re.search(r"board 2 is given with no deal \(boards 1, 3 are dealt\)",
                     refused_with_no_deal([1, 2, 3, 1, 2, 3], 4, fmt))


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_a_board_missing_from_a_second_set_is_refused_as_a_gap(fmt: str) -> None:
    # said "board 2 is not in the input", though the first set holds it
    with pytest.raises(bt.BridgeError, match=r"cannot leave one out: board 2 is not in set 2 "
                                             r"\(boards 1, 3 are\)"):
        dumps(renumbered([1, 2, 3, 1, 3]), fmt)


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_a_second_set_whose_first_board_has_no_deal_is_refused_as_a_gap(fmt: str) -> None:
    # boards 1-3 then 1 (no deal), 2, 3 were written as five boards, the first board 1 said "again"
    assert re.search(r"board 1 is given with no deal \(boards 2, 3 are dealt\)",
                     refused_with_no_deal([1, 2, 3, 1, 2, 3], 3, fmt))


def test_a_board_missing_from_a_second_file_is_said_to_be_not_in_that_file(tmp_path: Path) -> None:
    first, second = tmp_path / "a.pbn", tmp_path / "b.pbn"
    boards = renumbered([1, 2, 3, 1, 3])
    first.write_text(dumps(boards[:3], "pbn"))
    second.write_text(dumps(boards[3:], "pbn"))
    result = CliRunner().invoke(cli, ["convert", str(first), str(second), "-o", str(tmp_path / "ab.bri")])
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1, result.output
    assert f"{second}: a BRI file numbers its boards by their place and cannot leave one out: board 2 is " \
           f"not in {second} (boards 1, 3 are)" in result.output, result.output


def two_files_with_no_deal(tmp_path: Path, undealt: list[int], fmt: str) -> tuple[Path, Path, Result]:
    """``convert a.pbn b.pbn -o ab.FMT`` of two sets numbered 1-3, the boards at index ``undealt`` (of six)
    with no deal."""
    first, second = tmp_path / "a.pbn", tmp_path / "b.pbn"
    boards = renumbered([1, 2, 3, 1, 2, 3])
    for k in undealt:
        boards[k].deal = None
    first.write_text(dumps(boards[:3], "pbn"))
    second.write_text(dumps(boards[3:], "pbn"))
    return first, second, CliRunner().invoke(cli, ["convert", str(first), str(second), "-o",
                                                   str(tmp_path / f"ab.{fmt}")])


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_a_second_file_whose_first_board_has_no_deal_is_refused_naming_it(tmp_path: Path, fmt: str) -> None:
    _, second, result = two_files_with_no_deal(tmp_path, [3], fmt)
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1, result.output
    assert f"{second}: a {fmt.upper()} file numbers its boards by their place and cannot leave one out: " \
           "board 1 is given with no deal (boards 2, 3 are dealt)" in result.output, result.output


def test_dup_files_each_missing_the_deal_of_board_one_are_sets_from_board_two(tmp_path: Path) -> None:
    # review: refused "board 1 is given with no deal (boards 2, 3 are dealt)", naming no file, though DUP
    # numbers from its lowest dealt board and each file alone is written from board 2
    first, second, result = two_files_with_no_deal(tmp_path, [0, 3], "dup")
    assert result.exit_code == 0, result.output
    assert [b.number for b in bt.read(tmp_path / "ab.dup")] == [2, 3, 4, 5]
    for file in (first, second):
        assert f"{file}: a DUP file deals whole deals: board 1, given with no deal" in result.stderr


@pytest.mark.parametrize("fmt", ("bri", "dge"))
def test_files_each_missing_the_deal_of_board_one_are_refused_naming_the_first(tmp_path: Path,
                                                                              fmt: str) -> None:
    # as each file alone is: BRI and DGE number from board 1, which has no deal
    first, _, result = two_files_with_no_deal(tmp_path, [0, 3], fmt)
    assert result.exit_code == 1 and f"{first}: a {fmt.upper()} file numbers its boards by their place and " \
           "cannot leave one out: board 1 is given with no deal" in result.output, result.output


def test_a_gap_of_boards_missing_and_boards_with_no_deal_names_each() -> None:
    boards = renumbered([1, 2, 3, 5])
    boards[2].deal = None
    with pytest.raises(bt.BridgeError, match=r"board 4 is not in the input and board 3 is given with no deal "
                                             r"\(boards 1, 2, 5 are dealt\): .* give the missing boards and "
                                             r"deals,"):
        dumps(boards, "bri")


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_convert_renumber_deals_the_boards_either_side_of_one_with_no_deal(tmp_path: Path, fmt: str) -> None:
    boards = renumbered([1, 2, 3, 4])
    source = tmp_path / "set.pbn"
    source.write_text(dumps([replace(board, deal=None) if board.number == 2 else board for board in boards],
                            "pbn"))  # [Deal "?"]
    target = tmp_path / f"set.{fmt}"
    result = renumbering(source, target)
    assert result.exit_code == 0, result.output
    assert [b.deal for b in bt.read(target)] == [boards[0].deal, boards[2].deal, boards[3].deal]
    assert "board 2 of the input, given with no deal" in result.stderr, result.stderr
    assert "3 boards written" in result.stderr, result.stderr


def test_a_dlm_set_says_a_board_with_no_deal_is_written_as_the_dummy_deal() -> None:
    boards = renumbered([1, 2, 3])
    boards[1].deal = None
    text, said = written(boards, "dlm")
    assert [w for w in said if "board 2, given with no deal, is written as its dummy deal" in w], said
    assert [b.number for b in loads(text, "dlm")] == [1, 3]


@pytest.mark.parametrize("fmt", BY_PLACE)
def test_the_problems_read_before_a_refused_board_come_before_the_refusal(tmp_path: Path, fmt: str) -> None:
    # BRI and DGE said "Error: ... board 3: a BRI file needs all 52 cards dealt" before board 1's problem
    boards = [*renumbered([1, 2]), half_dealt(3)]
    source = tmp_path / "half.pbn"
    source.write_text(dumps(boards, "pbn").replace('[Dealer "N"]', '[Dealer "Q"]', 1))
    result = CliRunner().invoke(cli, ["convert", str(source), "--format", fmt, "-o", "-"])
    assert result.exit_code == 1
    said = result.stderr.splitlines()
    assert "Dealer 'Q'" in said[0] and said[-1].startswith("Error: ") and "board 3" in said[-1], said
    assert result.stdout == ""


def other_room_and_no_deal() -> list[Board]:
    """Boards 1-3, board 1 again with its deal (a match's other room), and board 4 with no deal."""
    boards = renumbered([1, 2, 3, 4])
    boards[3].deal = None
    return [*boards[:3], replace(boards[0]), boards[3]]


def later_set_and_no_deal() -> list[Board]:
    """Boards 38, 37, 39 and board 40 with no deal."""
    boards = renumbered([38, 37, 39, 40])
    boards[3].deal = None
    return boards


def with_an_event() -> list[Board]:
    """Boards 1-2 with an Event, which no machine file holds: a loss warning."""
    return [replace(board, event="Club pairs") for board in renumbered([1, 2])]


@pytest.mark.parametrize("fmt", MACHINES)
@pytest.mark.parametrize("boards", [later_set_and_no_deal, lambda: renumbered([1, 2, 1, 2]),
                                    other_room_and_no_deal, with_an_event])
def test_a_machine_files_warnings_point_at_the_caller_not_inside_bridgetools(
        fmt: str, boards: Callable[[], list[Board]]) -> None:
    # a BRI or DGE warning pointed at _machine.py's by_place_text, then at the writer (bri.py, dlm.py:213):
    # a program calling dumps is told of its own line, as Python's own warnings do
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        try:
            dumps(boards(), fmt)
        except bt.BridgeError:  # DLM holds one deal a board number
            assert fmt == "dlm"
            return
    assert said
    assert all(w.filename == __file__ for w in said), [(w.filename, w.message) for w in said]


def pbn_with_no_deal(path: Path, numbers: list[int], undealt: int) -> Path:
    """A PBN file of boards of ``numbers``, the one at index ``undealt`` with no deal."""
    boards = renumbered(numbers)
    path.write_text(dumps([replace(board, deal=None) if at == undealt else board
                           for at, board in enumerate(boards)], "pbn"))
    return path


def converted(tmp_path: Path, *args: str) -> str:
    """What ``convert`` says, writing ``args`` (inputs, then the output)."""
    *inputs, output = args
    result = CliRunner().invoke(cli, ["convert", *inputs, "-o", str(tmp_path / output)])
    assert result.exit_code == 0, result.output
    return result.stderr


def test_a_second_record_of_a_board_with_no_deal_is_named_as_a_repeat_not_the_board_written(
        tmp_path: Path) -> None:
    # "board 1, given with no deal ... left out", though board 1 is written from its first record
    said = converted(tmp_path, str(pbn_with_no_deal(tmp_path / "e.pbn", [1, 2, 1, 3], 2)), "e.bri")
    assert "deals whole deals: board 1 again (the record with its deal written), given with no deal" in said


def test_renumbered_a_board_with_no_deal_is_named_by_its_number_in_the_input(tmp_path: Path) -> None:
    # "board 2, given with no deal ... left out", then "board 2: ... left out" of input board 3, written as 2
    said = converted(tmp_path, "--renumber", str(pbn_with_no_deal(tmp_path / "a.pbn", [1, 2, 3], 1)), "a.bri")
    assert "deals whole deals: board 2 of the input, given with no deal" in said, said


def test_dlm_names_a_board_with_no_deal_inside_its_range_as_its_dummy_deal_alone(tmp_path: Path) -> None:
    said = converted(tmp_path, str(pbn_with_no_deal(tmp_path / "a.pbn", [1, 2, 3], 1)), "a.dlm")
    assert "board 2, given with no deal, is written as its dummy deal" in said, said
    assert "left out" not in said, said


def test_boards_with_no_deal_of_two_inputs_are_named_each_with_its_file(tmp_path: Path) -> None:
    # "a.pbn, c.pbn: ... boards 2, 4, given with no deal"
    first = pbn_with_no_deal(tmp_path / "a.pbn", [1, 2, 3], 1)
    second = pbn_with_no_deal(tmp_path / "c.pbn", [4, 5, 6], 2)
    said = converted(tmp_path, "--renumber", str(first), str(second), "ac.bri")
    assert f"{first}: a BRI file deals whole deals: board 2 of the input, given" in said, said
    assert f"{second}: a BRI file deals whole deals: board 6 of the input, given" in said, said


@pytest.mark.parametrize("fmt", ["bri", "dge"])
def test_first_board_numbers_a_bri_or_dge_file_s_records_and_law_2_follows(fmt: str, tmp_path: Path) -> None:
    path = tmp_path / f"t25.{fmt}"
    path.write_bytes(format_module(fmt).encode(session(3)))
    out = tmp_path / "t.json"
    result = CliRunner().invoke(cli, ["convert", str(path), "--first-board", "25", "-o", str(out)])
    assert result.exit_code == 0, result.output
    boards = list(bt.read(out))
    assert [(b.number, b.dealer, b.vulnerability) for b in boards] == [
        (25, Seat.N, Vul.EW), (26, Seat.E, Vul.BOTH), (27, Seat.S, Vul.NONE)]


def test_first_board_leaves_a_file_that_numbers_its_own_boards_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "s.pbn"
    path.write_text(dumps(session(2), "pbn"), encoding="utf-8")
    with pytest.warns(UserWarning, match=r"first board \(25\) numbers BRI and DGE files.*PBN gives its own"):
        boards = list(bt.read(path, first_board=25))
    assert [b.number for b in boards] == [1, 2]


def _first_record_unreadable(fmt: str) -> list[Board]:
    """Boards 1-5 written as ``fmt`` with record 1's first card made the second's (a card held twice), read
    back: the reader leaves board 1 out, its problem carried by board 2 (a trial's bad/dupcard.dup)."""
    text = dumps(renumbered([1, 2, 3, 4, 5]), fmt)
    if fmt == "dlm":
        at = text.index("Board 01=") + 9
        return loads(text[:at] + text[at + 1] + text[at + 1:], fmt)
    cards = 2 if fmt != "dge" else 1  # BRI and DUP: two-digit card numbers; DGE: ranks after a suit mark
    at = 0 if fmt != "dge" else 1
    return loads(text[:at] + text[at + cards:at + 2 * cards] + text[at + cards:], fmt)


@pytest.mark.parametrize("source", ["dup", "bri", "dge", "dlm"])
@pytest.mark.parametrize("fmt", ("bri", "dge"))
def test_a_first_record_not_read_is_a_gap_not_a_set_read_back_from_board_one(source: str, fmt: str) -> None:
    # a DUP whose record 1 held a card twice gave a BRI of boards 2-5 as records 1-4, exit 0: a dealing
    # machine put board 2's cards in board 1's wallet
    boards = _first_record_unreadable(source)
    assert [b.number for b in boards] == [2, 3, 4, 5]
    with pytest.raises(bt.BridgeError, match=r"board 1 is given with a deal that could not be read \(boards "
                                             r"2-5 are dealt\): .* mend board 1's deal, "):
        dumps(boards, fmt)


@pytest.mark.parametrize("fmt", ("dup", "dlm"))
def test_a_board_whose_deal_could_not_be_read_is_left_out_said_for_what_it_is(fmt: str) -> None:
    # a PBN board 1 holding a card twice was said "given with no deal (a record cut short, or one without
    # its cards)"; DUP and DLM keep the other boards' numbers, so they leave it out
    held_twice = "N:AKQ2.KJ3.T98.432 AT9.AQ2.KQJ.QJT9 8765.T987.A76.AK 43.654.5432.8765"  # SA, no SJ
    boards = [*loads(f'[Board "1"]\n[Deal "{held_twice}"]\n', "pbn"), *renumbered([1, 2, 3])[1:]]
    told = f"a {fmt.upper()} file deals whole deals: board 1, given with a deal that could not be read"
    with pytest.warns(UserWarning, match=told):
        dumps(boards, fmt)


@pytest.mark.parametrize("source", ["dup", "bri", "dge", "dlm"])
@pytest.mark.parametrize("fmt", ("dup", "dlm"))
def test_a_record_not_read_that_a_file_leaves_out_is_said_for_what_it_is(source: str, fmt: str) -> None:
    # a DUP whose record 1 held a card twice was written as a DUP of boards 2-5 with no word of board 1;
    # each source's reader says a record not read its own way (BRI and DGE number records by place, DUP
    # and DLM by their own numbers): each is guarded, and each failed (no warning) before 605a038a
    told = f"a {fmt.upper()} file deals whole deals: board 1, given with a deal that could not be read"
    with pytest.warns(UserWarning, match=told):
        dumps(_first_record_unreadable(source), fmt)
