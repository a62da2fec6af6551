"""Dealing-machine files (BRI, DGE, DUP, DLM) and RBN: the spec's worked examples read right, 36 boards
written in each format read back the same, and each is known by its content and by its suffix."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner
from random_boards import session

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.cli import cli
from bridgetools.formats import bri, detect_format, dge, dlm, dumps, dup, format_from_name, loads, rbn
from bridgetools.model import Annotation, Deal, Seat
from bridgetools.rules import Auction

DATA = Path(__file__).parent / "data" / "machine"
WORKED = Deal.from_pbn("N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963")
MACHINE = ("bri", "dge", "dup", "dupblind", "dlm", "dlmblind", "rbn")




@pytest.mark.parametrize("name", ["example.bri", "example.dge", "example16.dup", "example.dlm"])
def test_the_spec_worked_example_reads_as_board_1_of_the_worked_deal(name: str) -> None:
    boards = list(bt.read(DATA / name))
    assert len(boards) == 1
    assert boards[0].number == 1 and boards[0].dealer is Seat.N and boards[0].deal == WORKED
    # the DUP example is one record of the spec's 16-board set: its trailer promises 15 more boards
    said = [issue.message for issue in boards[0].issues]
    assert said == (["DUP trailer: boards 1-16 (16) where the file holds 1 record (read as board 1)"]
                    if name.endswith(".dup") else [])


@pytest.mark.parametrize("name", ["example.bri", "example.dge", "example16.dup", "example.dlm"])
def test_each_example_is_known_by_its_content_without_its_suffix(name: str, tmp_path: Path) -> None:
    nameless = tmp_path / "deals"
    nameless.write_bytes((DATA / name).read_bytes())
    assert [b.deal for b in bt.read(nameless)] == [WORKED]


@pytest.mark.parametrize("fmt", ["bri", "dge", "dup", "dlm"])
def test_writing_the_worked_deal_gives_the_spec_bytes(fmt: str) -> None:
    module = {"bri": bri, "dge": dge, "dup": dup, "dlm": dlm}[fmt]
    board = Board(number=1, deal=WORKED)
    if fmt == "dup":  # the spec's record is board 1 of a 16-board set
        data = module.encode([board, *session(15)[:0]])
        assert data[:146] == (DATA / "example16.dup").read_bytes()[:146]
        assert data[146:] == b"YN1  0 1  "
    else:
        assert module.encode([board]) == (DATA / f"example.{fmt}").read_bytes()


def test_a_16_board_dup_set_has_the_big_deal_trailer_on_every_record() -> None:
    data = dup.encode(session(16))
    assert len(data) == 16 * 156
    assert {data[k * 156 + 146:(k + 1) * 156] for k in range(16)} == {b"YN1  0 16 "}


@pytest.mark.parametrize("fmt", MACHINE)
def test_36_boards_written_in_each_format_read_back_the_same(fmt: str) -> None:
    boards = session()
    back = loads(dumps(boards, fmt), fmt)
    assert [(b.number, b.dealer, b.vulnerability, b.deal) for b in back] == [
        (b.number, b.dealer, b.vulnerability, b.deal) for b in boards]
    assert not any(b.issues for b in back)


@pytest.mark.parametrize("fmt", MACHINE)
def test_each_format_written_to_a_file_is_known_by_its_content(fmt: str, tmp_path: Path) -> None:
    path = tmp_path / "set.bin"
    bt.write(session(4), path, fmt)
    head = path.read_bytes()[:8192].decode("latin-1")
    assert detect_format(None, head) == fmt.removesuffix("blind")


@pytest.mark.parametrize("suffix", ["bri", "dge", "dup", "dlm", "rbn"])
def test_the_suffix_names_the_format(suffix: str) -> None:
    assert format_from_name(f"session.{suffix}") == suffix


def test_blind_dup_writes_spaces_for_board_1_cards_only_and_still_reads() -> None:
    data = dup.encode(session(3), blind=True)
    assert data[78:146] == b" " * 68 and data[156 + 78:156 + 79] == b"\x06"
    assert [b.deal for b in dup.decode(data)] == [b.deal for b in session(3)]


def test_blind_dlm_is_sealed_and_its_header_checksum_drops_the_show_bit() -> None:
    text = dumps(session(16), "dlmblind")
    assert "Status=Sealed\r\n" in text and "Checksum=17\r\n" in text  # 0 ^ 1 ^ 16, no show bit
    shown = dumps(session(16), "dlm")
    assert "Status=Show\r\n" in shown and "Checksum=16\r\n" in shown  # the spec's example


def test_a_sealed_dlm_set_stays_sealed_when_written_again_as_dlm() -> None:
    again = dumps(loads(dumps(session(4), "dlmblind"), "dlm"), "dlm")
    assert "Status=Sealed\r\n" in again


def test_a_sealed_dlm_set_stays_sealed_through_json() -> None:
    through_json = loads(dumps(loads(dumps(session(4), "dlmblind"), "dlm"), "json"), "json")
    assert "Status=Sealed\r\n" in dumps(through_json, "dlm")


def test_a_blind_dup_set_stays_blind_when_written_again_as_dup() -> None:
    again = dup.encode(dup.decode(dup.encode(session(3), blind=True)))
    assert again[78:146] == b" " * 68


def test_a_shown_dup_set_is_not_made_blind() -> None:
    again = dup.encode(dup.decode(dup.encode(session(3))))
    assert again[78:79] == b"\x06"


@pytest.mark.parametrize(("fmt", "lost"), [("dlmblind", "DLM sealed status"), ("dupblind", "DUP blind")])
def test_converting_a_sealed_set_to_pbn_names_the_sealing_as_left_out(fmt: str, lost: str) -> None:
    boards = loads(dumps(session(2), fmt), fmt.removesuffix("blind"))
    with pytest.warns(UserWarning, match=f"PBN has no place for {lost}"):
        dumps(boards, "pbn")


def test_dlm_is_padded_to_board_99_and_the_reader_takes_only_from_to() -> None:
    text = dumps(session(5), "dlm")
    assert "Board 99=aaaaaabffffffkkkkkklpppppp109\r\n" in text
    assert len(loads(text, "dlm")) == 5


def test_a_dlm_board_whose_checksum_is_wrong_is_no_board_and_an_issue_at_its_checksum() -> None:
    text = dumps(session(2), "dlm")
    line = next(ln for ln in text.splitlines() if ln.startswith("Board 02="))
    bad = text.replace(line, line[:-3] + f"{(int(line[-3:]) + 1) % 1000:03d}")
    boards = loads(bad, "dlm")
    assert [b.number for b in boards if b.deal is not None] == [1] and boards[1].number is None
    [issue] = boards[1].issues
    assert "checksum" in issue.message and (issue.line, issue.column) == (14, 36)
    with pytest.raises(bt.BridgeError, match="checksum"):
        loads(bad, "dlm", strict=True)


def test_a_dlm_file_cut_inside_a_board_line_makes_no_board_of_it() -> None:
    text = dumps(session(24), "dlm")
    cut = text[:text.index("Board 13=") + 9 + 22]  # 22 of board 13's 26 letters
    boards = bt.loads(cut, "dlm", source="t2.dlm")
    assert [b.number for b in boards if not b.is_empty] == list(range(1, 13))
    assert all(b.deal is not None for b in boards if not b.is_empty)
    said = [str(i) for b in boards for i in b.issues]
    assert ("t2.dlm:36:32: DLM: board 13: the line ends after 22 characters: expected a letter a-p "
            "(26, then a 3-digit checksum); the board is not read") in said


def test_a_dlm_board_line_with_a_wrong_character_is_no_board_and_names_its_column() -> None:
    text = dumps(session(6), "dlm")
    at = text.index("Board 05=") + 9
    boards = bt.loads(text[:at] + "#" + text[at + 1:], "dlm")
    assert [b.number for b in boards] == [1, 2, 3, 4, 6] and all(b.deal is not None for b in boards)
    [issue] = boards[4].issues
    assert (issue.line, issue.column) == (20, 10)
    assert issue.message == ("DLM: board 5: expected a letter a-p (26, then a 3-digit checksum), found '#'; "
                             "the board is not read")


def test_the_dlm_writers_padding_inside_from_to_reads_back_as_no_board_said_in_one_note() -> None:
    boards = session(2)
    boards[0].number, boards[1].number = 62, 7
    with pytest.warns(UserWarning, match="boards 8-61"):
        text = dumps(boards, "dlm")
    read = bt.loads(text, "dlm")
    assert [b.number for b in read if not b.is_empty] == [7, 62]
    [note] = [i for b in read for i in b.issues]
    assert note.is_note and "boards 8-61 hold the padding deal" in note.message
    assert bt.loads(text, "dlm", strict=True)[1].number == 62  # a note, not a problem


def test_a_dlm_header_checksum_problem_names_its_column() -> None:
    text = dumps(session(2), "dlm").replace("Checksum=", "Checksum=5")
    [issue] = [i for b in bt.loads(text, "dlm") for i in b.issues]
    assert (issue.line, issue.column) == (10, 10) and "header checksum" in issue.message


def test_a_bri_card_number_out_of_range_names_record_and_byte() -> None:
    data = bytearray(bri.encode(session(2)))
    data[128 + 4:128 + 6] = b"77"
    boards = bri.decode(bytes(data), "set.bri")
    assert boards[0].deal is not None and boards[1].deal is None
    issue = boards[1].issues[0]
    assert "record 2 (board 2)" in issue.message and "01-52" in issue.message and issue.column == 133


def test_a_dup_whose_dge_part_disagrees_with_the_bri_part_is_an_issue() -> None:
    data = bytearray(dup.encode(session(1)))
    data[79], data[80] = data[80], data[79]  # two ranks of North's spades swapped: no longer highest first
    other = dup.encode([Board(number=1, deal=session(2)[1].deal)])
    data[78:146] = other[78:146]
    assert "another deal" in dup.decode(bytes(data))[0].issues[0].message


def test_dup_refuses_a_board_above_99() -> None:
    with pytest.raises(bt.BridgeError, match="1-99"):
        dup.encode([Board(number=100, deal=WORKED)])


def test_dup_refuses_deals_that_numbered_by_place_would_run_past_board_99(tmp_path: Path) -> None:
    """Boards 1-3 dealt 40 times over (numbers given again with other deals): a reader numbers DUP's
    records by place, so they were written as boards 1-120 and read back with a warning about the trailer."""
    boards = [Board(number=n % 3 + 1, deal=board.deal) for n, board in enumerate(session(120))]
    with pytest.raises(bt.BridgeError, match=r"^a DUP file holds boards 1-99: 120 deals numbered by place "
                       r"from board 1 would end at board 120 \(expected at most 99 deals from board 1"):
        dup.encode(boards)
    bt.write(boards[:10], tmp_path / "kept.pbn", "pbn")  # the command line: one line, no file left
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "kept.pbn"), "-o", str(tmp_path / "x.dup")])
    assert result.exit_code == 0  # ten deals fit
    bt.write(boards, tmp_path / "all.pbn", "pbn")
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "all.pbn"), "-o", str(tmp_path / "y.dup")])
    assert result.exit_code == 1 and not (tmp_path / "y.dup").exists()
    assert result.stderr.splitlines()[-1].startswith(
        f"Error: {tmp_path / 'all.pbn'}: a DUP file holds boards 1-99: 120 deals")


def test_dup_takes_99_deals_from_board_1_and_fewer_from_a_later_board() -> None:
    deals = [board.deal for board in session(99)]
    assert len(dup.decode(dup.encode([Board(deal=deal) for deal in deals]))) == 99
    with pytest.raises(bt.BridgeError, match="would end at board 100"):
        dup.encode([Board(number=2 + n % 3, deal=deal) for n, deal in enumerate(deals)])


@pytest.mark.parametrize("fmt", ["dup", "dlm", "bri", "dge"])
def test_a_board_without_a_number_and_half_a_deal_is_named_by_its_place(fmt: str) -> None:
    half = Deal.from_pbn("N:AJ76.K84.Q93.T52 - KQ3.AJ95.T82.J74 -")
    with pytest.raises(bt.BridgeError, match=r"^board 2: a .* file needs all 52 cards dealt$"):
        dumps([Board(number=1, deal=WORKED), Board(deal=half)], fmt)


@pytest.mark.parametrize("fmt", ["dup", "dlm", "bri", "dge"])
def test_convert_names_the_input_file_of_a_board_a_machine_file_refuses(fmt: str, tmp_path: Path) -> None:
    whole, half = tmp_path / "whole.pbn", tmp_path / "half.pbn"
    bt.write([Board(number=1, deal=WORKED)], whole, "pbn")
    half.write_text('[Board "2"]\n[Deal "N:AJ76.K84.Q93.T52 - KQ3.AJ95.T82.J74 -"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(whole), str(half), "-o", str(tmp_path / f"x.{fmt}")])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == \
        f"Error: {half}:2:8: board 2: a {fmt.upper()} file needs all 52 cards dealt"


@pytest.mark.parametrize("fmt", ["dup", "bri"])
def test_convert_places_a_refused_board_at_its_unreadable_hand_and_says_what_is_wrong(
        fmt: str, tmp_path: Path) -> None:
    typo = tmp_path / "typo.pbn"
    deal = "N:AJ76.KX4.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963"
    typo.write_text(f'[Board "1"]\n[Deal "{deal}"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(typo), "-o", str(tmp_path / f"x.{fmt}")])
    assert result.exit_code == 1
    last = result.stderr.splitlines()[-1]
    assert last.startswith(f"Error: {typo}:2:16: board 1: a {fmt.upper()} file needs all 52 cards dealt; bad "
                           "hearts of North's hand")
    assert "'X' is not a rank" in last


@pytest.mark.parametrize("fmt", ["dup", "dlm", "bri", "dge"])
def test_convert_places_a_refused_board_with_a_card_left_out_at_its_deal(fmt: str, tmp_path: Path) -> None:
    # it said "twelve.pbn: board 1: ..." with no line or column: a director had to hunt for the board
    twelve = tmp_path / "twelve.pbn"
    deal = "N:AJ76.K84.Q93.T5 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963"
    twelve.write_text(f'[Board "1"]\n[Deal "{deal}"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(twelve), "-o", str(tmp_path / f"x.{fmt}")])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1].startswith(
        f"Error: {twelve}:2:8: board 1: a {fmt.upper()} file needs all 52 cards dealt; Deal: the hands hold "
        "different numbers of cards (North 12, East 13, South 13, West 13)")


def test_convert_places_a_refused_board_with_a_hand_left_out_at_its_deal_tag(tmp_path: Path) -> None:
    # a three-hand deal (no problem of its own, a lesson's) said "s2.pbn: board 2: ...": no line or column
    three = tmp_path / "three.pbn"
    deal = "N:- J543.Q98.AK7.KQ5 T98.AT7.QJ5.AJT9 76.6542.6432.876"
    three.write_text(f'[Event "x"]\n[Board "2"]\n[Deal "{deal}"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(three), "-o", str(tmp_path / "x.dup")])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == \
        f"Error: {three}:3:8: board 2: a DUP file needs all 52 cards dealt"


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_a_refused_board_read_from_json_is_placed_in_the_json_not_the_file_it_was_recorded_from(
        fmt: str, tmp_path: Path) -> None:
    # it said "Error: twelve.pbn:2:8: board 1: ...": the file the JSON was converted from, not the one read
    twelve, kept = tmp_path / "twelve.pbn", tmp_path / f"twelve.{fmt}"
    deal = "N:AJ76.K84.Q93.T5 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963"
    twelve.write_text(f'[Board "1"]\n[Deal "{deal}"]\n', encoding="utf-8")
    assert CliRunner().invoke(cli, ["convert", str(twelve), "-o", str(kept)]).exit_code == 0
    result = CliRunner().invoke(cli, ["convert", str(kept), "-o", str(tmp_path / "x.dup")])
    assert result.exit_code == 1
    last = result.stderr.splitlines()[-1]
    line, column = _deal_place_in(kept.read_text(encoding="utf-8"), deal)
    assert last.startswith(f"Error: {kept}:{line}:{column}: board 1: a DUP file needs all 52 cards dealt; "
                           "Deal: ")
    assert last.endswith(f" (recorded from {twelve}:2:8)")


def _deal_place_in(text: str, deal: str) -> tuple[int, int]:
    """The line and column of the JSON string ``deal`` (its opening quote) in ``text``."""
    offset = text.index(f'"{deal}"')
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def test_convert_names_both_input_files_of_a_dlm_board_there_twice(tmp_path: Path) -> None:
    first, second = tmp_path / "a.pbn", tmp_path / "b.pbn"
    one, other = session(2)
    other.number = one.number
    bt.write([one], first, "pbn")
    bt.write([other], second, "pbn")
    result = CliRunner().invoke(cli, ["convert", str(first), str(second), "-o", str(tmp_path / "x.dlm")])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1].startswith(f"Error: {first}, {second}: a DLM file holds one deal a "
                                                     f"board number: board {one.number} is there twice")


def test_a_dlm_board_there_twice_names_the_file_of_a_board_numbered_by_its_place(tmp_path: Path) -> None:
    # a board with no number is board 1 by its place: the error named only the file that said "1"
    first, second = tmp_path / "unn.pbn", tmp_path / "num.pbn"
    one, other = session(2)
    one.number, other.number = None, 1
    bt.write([one], first, "pbn")
    bt.write([other], second, "pbn")
    result = CliRunner().invoke(cli, ["convert", str(first), str(second), "-o", str(tmp_path / "x.dlm")])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1].startswith(f"Error: {first}, {second}: a DLM file holds one deal a "
                                                     "board number: board 1 is there twice")


def test_the_old_80_byte_bri_layout_reads() -> None:
    data = b"".join(bri.encode(session(3))[k * 128:k * 128 + 78] + b"\r\n" for k in range(3))
    assert [b.deal for b in bri.decode(data)] == [b.deal for b in session(3)]


def test_rbn_keeps_auction_event_and_commentary() -> None:
    board = Board(number=7, deal=WORKED, auction=Auction("S", "1N P 3N P P P"), event="Club: Monday")
    board.commentary.append("An easy game.")
    text = dumps([board], "rbn")
    assert "E Club: Monday\n" in text and "A SB:1NP3NA\n" in text  # board 7: South deals, both vulnerable
    back = loads(text, "rbn")[0]
    assert back.auction is not None and back.auction.calls == board.auction.calls  # type: ignore[union-attr]
    assert (back.event, back.commentary, back.contract) == ("Club: Monday", ["An easy game."], board.contract)


def test_rbn_keeps_each_comment_of_a_board_apart() -> None:
    board = Board(number=1, deal=WORKED)
    board.commentary += ["caitlin: Hi all", "vdoubleu: Good ---1 quick hand down", "Two lines,\nthe second"]
    assert loads(dumps([board], "rbn"), "rbn")[0].commentary == board.commentary


def test_rbn_keeps_the_spaces_inside_a_comment() -> None:
    board = Board(number=1, deal=WORKED)
    board.commentary.append("\n                S\n                H 6 3\nS K Q 10 2      S A 8 6 5 4\n")
    assert loads(dumps([board], "rbn"), "rbn")[0].commentary == board.commentary


def test_rbn_keeps_a_long_comment_on_one_line_as_it_is() -> None:
    board = Board(number=1, deal=WORKED)
    board.commentary.append(" ".join(f"word{i}" for i in range(120)))
    text = dumps([board], "rbn")
    assert "{" + board.commentary[0] + "}\n" in text
    assert loads(text, "rbn")[0].commentary == board.commentary


def test_rbn_writes_a_closing_brace_that_would_end_a_comment_early_as_a_bracket_and_says_so() -> None:
    board = Board(number=1, deal=WORKED)
    board.commentary += ["see {x}\nmore text", "kept: {x}", "last {line}\n{two}\nends so}"]
    with pytest.warns(UserWarning, match=r"RBN cannot end a comment's line with '}' before its last"):
        text = dumps([board], "rbn")
    back = loads(text, "rbn")[0]
    assert back.commentary == ["see {x)\nmore text", "kept: {x}", "last {line)\n{two)\nends so}"]
    assert "rbn" not in back.extra  # the lines after the brace were records, kept as unknown labels


def test_rbn_keeps_the_spaces_of_a_note() -> None:
    auction = Auction("N", "1C 1S P P P")
    auction.annotate(0, Annotation(alert=True, explanation="2+  clubs,  11-15 ", note=1))
    board = Board(number=1, deal=WORKED, auction=auction)
    board.notes = {1: "2+  clubs,  11-15 "}
    assert loads(dumps([board], "rbn"), "rbn")[0].notes == board.notes


def test_rbn_without_a_fourth_hand_gives_it_the_cards_left() -> None:
    back = rbn.read_boards(iter(["B 1\n", "H W:95.T632.754.K963:AJ76.K84.Q93.T52:KQ3.AJ95.T82.J74:\n"]))  # type: ignore[arg-type]
    assert next(back).deal == WORKED


def test_rbn_keeps_every_hand_of_a_deal_with_two_hands_unknown() -> None:
    north_south = Deal.from_pbn("W:- K43.AQJ54.63.T95 - A5.KT83.K752.843")
    text = dumps([Board(number=1, deal=north_south)], "rbn")
    assert loads(text, "rbn")[0].deal == north_south


@pytest.mark.parametrize("fmt", ["dup", "dlm", "bri", "dge", "rbn"])
def test_convert_writes_a_machine_file_chosen_by_format(fmt: str, tmp_path: Path) -> None:
    source = tmp_path / "in.pbn"
    bt.write(session(4), source, "pbn")
    out = tmp_path / "out.bin"
    result = CliRunner().invoke(cli, ["convert", str(source), "--format", fmt, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert [b.deal for b in bt.read(out, fmt)] == [b.deal for b in session(4)]


def test_the_big_deal_sample_dlm_reads_as_the_big_deal_sample_pbn() -> None:
    dlm_boards = list(bt.read(DATA / "big-deal.dlm"))
    pbn_boards = list(bt.read(DATA / "big-deal.pbn"))
    assert [(b.number, b.dealer, b.vulnerability, b.deal) for b in dlm_boards] == [
        (b.number, b.dealer, b.vulnerability, b.deal) for b in pbn_boards]
    assert not any(b.issues for b in dlm_boards)  # Big Deal 1.2's header checksum (Duplicates=1) holds


def test_a_dlm_file_written_again_keeps_its_headline_and_duplicates(tmp_path: Path) -> None:
    # `convert big-deal.dlm -o x.dlm` wrote Headline=Generated by bridgetools and Duplicates=0, 0 issues
    out = tmp_path / "x.dlm"
    result = CliRunner().invoke(cli, ["convert", str(DATA / "big-deal.dlm"), "-o", str(out)])
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    written = out.read_text(encoding="ascii").splitlines()
    assert written == (DATA / "big-deal.dlm").read_text(encoding="ascii").splitlines()
    assert "Headline=Generated by Big Deal version 1.2" in written and "Duplicates=1" in written


def test_json_keeps_a_dlm_file_s_headline_and_duplicates_for_the_dlm_writer(tmp_path: Path) -> None:
    bt.write(bt.read(DATA / "big-deal.dlm"), tmp_path / "x.json", "json")
    bt.write(bt.read(tmp_path / "x.json"), tmp_path / "x.dlm", "dlm")
    written = (tmp_path / "x.dlm").read_text(encoding="ascii").splitlines()
    assert "Headline=Generated by Big Deal version 1.2" in written and "Duplicates=1" in written


def test_a_dlm_file_s_headline_and_duplicates_are_named_as_left_out_by_pbn(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", str(DATA / "big-deal.dlm"), "-o", str(tmp_path / "x.pbn")])
    assert result.exit_code == 0
    assert "big-deal.dlm: boards 1, 2: PBN has no place for DLM Headline, DLM Duplicates counts: left out" \
        in result.output


def test_a_dlm_headline_with_runs_of_spaces_is_written_again_byte_for_byte(tmp_path: Path) -> None:
    # the writer made `Generated  by  Big Deal` `Generated by Big Deal`: DLM to DLM was not byte for byte
    source = tmp_path / "spaced.dlm"
    text = (DATA / "big-deal.dlm").read_bytes()
    source.write_bytes(text.replace(b"Generated by Big", b"Generated  by  Big"))
    CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "x.dlm")])
    written = (tmp_path / "x.dlm").read_text(encoding="ascii").splitlines()
    assert written == source.read_text(encoding="ascii").splitlines()


def test_a_kept_duplicates_count_dlm_cannot_hold_is_named_not_lost_without_a_word() -> None:
    board = Board(number=1, deal=session(1)[0].deal)
    board.extra["dlm"] = {"duplicates": 1200, "board_duplicates": 1000}
    with pytest.warns(UserWarning, match=r"DLM Duplicates counts hold 0-999: 1200 \(the set's\), 1000 "
                      r"\(board 1\) written as 0"):
        dumps([board], "dlm")


def test_a_tournament_dlm_s_key_commitment_headline_is_named_as_left_out_by_pbn(tmp_path: Path) -> None:
    # `Headline=Generated by bridgetools, key commitment SHA-256 ...` was dropped without a word by PBN
    dealt = CliRunner().invoke(cli, ["deal", "--tournament", "-n", "2", "-o", str(tmp_path / "s")])
    assert dealt.exit_code == 0, dealt.output
    assert "Headline=Generated by bridgetools, key commitment SHA-256 " in (tmp_path / "s.dlm").read_text()
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "s.dlm"), "-o", str(tmp_path / "x.pbn")])
    assert result.exit_code == 0
    assert (f"{tmp_path / 's.dlm'}: boards 1, 2: PBN has no place for DLM sealed status (cards kept off the "
            "machine's screen), DLM Headline: left out") in result.output


def test_bridgetools_plain_dlm_headline_is_not_named_as_left_out_by_pbn(tmp_path: Path) -> None:
    bt.write(session(2), tmp_path / "s.dlm", "dlm")
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "s.dlm"), "-o", str(tmp_path / "x.pbn")])
    assert result.exit_code == 0 and "Headline" not in result.output, result.output


def test_one_board_missing_from_a_dlm_range_is_said_in_the_singular() -> None:
    with pytest.warns(UserWarning) as caught:
        dumps([b for b in session(3) if b.number != 2], "dlm")
    assert any("board 2, not in the input, is written as its dummy deal (each seat a whole suit), which "
               "bridgetools reads back as no board" in str(w.message) for w in caught)


def test_writing_the_big_deal_sample_gives_its_board_lines() -> None:
    text = dumps(list(bt.read(DATA / "big-deal.pbn")), "dlm")
    assert "Board 01=biipkkobgdfamncjfhnmdodghc030\r\n" in text
    assert "Board 02=admboclaeobkhhjhhpkfiomgfc020\r\n" in text


def test_a_dlm_file_cut_short_reads_the_boards_it_holds_and_says_where_it_ends_in_one_issue() -> None:
    text = dumps(session(24), "dlm")
    cut = text[:text.index("Board 10=") + 2]  # ends inside board 10's line
    boards = bt.loads(cut, "dlm")
    assert [b.number for b in boards if not b.is_empty] == list(range(1, 10))
    assert all(b.deal is not None for b in boards if not b.is_empty)
    [issue] = [i for b in boards for i in b.issues]
    assert (issue.line, issue.column) == (cut.count("\n") + 1, 1)
    assert "ends at board 9 where its header (To board=24, line 6) promised boards 1-24: boards 10-24" \
        in issue.message


def test_a_dlm_board_with_no_line_is_not_read_as_a_board_without_a_deal() -> None:
    text = dumps(session(6), "dlm")
    gap = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("Board 04="))
    boards = bt.loads(gap, "dlm")
    assert [b.number for b in boards] == [1, 2, 3, 5, 6]
    [issue] = boards[3].issues
    assert "no line for board 4" in issue.message and issue.line == gap.splitlines().index(
        next(line for line in gap.splitlines() if line.startswith("Board 05="))) + 1


def test_a_dup_trailer_promising_more_boards_than_the_file_holds_is_a_warning_at_its_bytes() -> None:
    data = bytearray(dup.encode(session(4)))
    for k in range(4):
        data[k * 156 + 153:k * 156 + 156] = b"30 "  # highest board 30, where 4 records are there
    boards = dup.decode(bytes(data), "set.dup")
    [issue] = [i for b in boards for i in b.issues]
    assert issue.level == "warning" and (issue.line, issue.column) == (1, 149)
    assert issue.message == ("DUP trailer: boards 1-30 (30) where the file holds 4 records "
                             "(read as boards 1-4)")


def test_a_dup_trailer_naming_a_board_past_99_is_a_warning() -> None:
    data = bytearray(dup.encode(session(2)))
    data[148:151] = b"200"
    boards = dup.decode(bytes(data), "set.dup")
    said = [i.message for b in boards for i in b.issues]
    assert "DUP trailer: the lowest board is 200, outside the boards 1-99 a DUP file holds" in said
    assert "DUP trailer: the highest board 2 is below the lowest 200" in said


def test_a_dup_written_by_bridgetools_reads_back_without_trailer_issues() -> None:
    assert not [i for b in dup.decode(dup.encode(session(24))) for i in b.issues]


@pytest.mark.parametrize("numbers", [[*range(1, 11), 1, 2], [4, 3]], ids=["repeated", "out of order"])
def test_a_dup_trailer_gives_the_boards_a_reader_reads_back_when_numbers_repeat_or_come_out_of_order(
        numbers: list[int]) -> None:
    boards = session(len(numbers))
    for board, number in zip(boards, numbers, strict=True):
        board.number = number
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # renumbered, or dealer and vulnerability left out
        data = dup.encode(boards)
    read = dup.decode(data, "set.dup")
    low = min(numbers)
    assert [b.number for b in read] == list(range(low, low + len(numbers)))
    assert data[148:156] == f"{low:<3d}0 {low + len(numbers) - 1:<3d}".encode()
    assert not [i for b in read for i in b.issues]


def test_a_dlm_board_line_with_its_number_unpadded_is_read() -> None:
    text = dumps(session(6), "dlm").replace("Board 05=", "Board 5=")
    boards = bt.loads(text, "dlm")
    assert [b.number for b in boards] == [1, 2, 3, 4, 5, 6] and boards[4].deal is not None
    assert not [i for b in boards for i in b.issues]


@pytest.mark.parametrize("suffix, name", [(".dup", "DUP"), (".dlm", "DLM")])
def test_boards_past_99_are_refused_naming_the_first_a_machine_file_cannot_hold(
        tmp_path: Path, suffix: str, name: str) -> None:
    # the writer said "not board 120", where board 100 is the first a DUP cannot hold (`deal` refuses such
    # a run before dealing: test_cli_deal_limits; a converted file reaches the writer)
    source = tmp_path / "big.pbn"
    source.write_text(dumps(session(120), "pbn"))
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / f"big{suffix}")])
    assert result.exit_code == 1
    assert (f"a {name} file holds boards 1-99, not board 100 (nor the 20 after it, to board 120)"
            in result.stderr)
    assert list(tmp_path.iterdir()) == [source]


@pytest.mark.parametrize(("module", "size", "at"), [(bri, bri.RECORD, 5), (dge, dge.RECORD, 5)])
def test_a_record_corrupted_mid_file_is_no_board_and_its_problem_is_kept(module: object, size: int, at: int
                                                                         ) -> None:
    # A BRI or DGE record with a wrong character was read as a board with no deal (written `Deal "?"`).
    boards = session(3)
    data = bytearray(module.encode(boards))  # type: ignore[attr-defined]
    data[size + at] = ord("#")
    read = module.decode(bytes(data), "c.bin")  # type: ignore[attr-defined]
    assert [b.number for b in read] == [1, 3]
    assert all(b.deal is not None for b in read)
    [problem] = read[1].issues
    assert "(board 2)" in problem.message and "the board is not read" in problem.message


def _dlm_set(path: Path, numbers: range, headline: str | None = None, duplicates: int = 0) -> Path:
    """A DLM file of boards ``numbers`` whose header gives ``headline`` and ``duplicates``, as a machine's
    software would have written it."""
    boards = session(max(numbers))[min(numbers) - 1:]
    for board in boards:
        board.extra["dlm"] = {**({"headline": headline} if headline else {}),
                              **({"duplicates": duplicates} if duplicates else {})}
    bt.write(boards, path, "dlm")
    return path


def test_dlm_files_merged_into_one_name_the_file_whose_headline_and_duplicates_are_not_written(
        tmp_path: Path) -> None:
    # `convert a.dlm b.dlm -o c.dlm` wrote a.dlm's Headline and Duplicates, b.dlm's lost without a word
    a = _dlm_set(tmp_path / "a.dlm", range(1, 3), "Club evening, first half", 5)
    b = _dlm_set(tmp_path / "b.dlm", range(3, 5), "Club evening, second half", 2)
    result = CliRunner().invoke(cli, ["convert", str(b), str(a), "-o", str(tmp_path / "c.dlm")])
    assert result.exit_code == 0, result.output
    assert (f"warning: {b}: a DLM file holds one Headline a set: written as board 1's 'Club evening, first "
            "half'; 'Club evening, second half' (boards 3, 4) not written") in result.output
    assert (f"warning: {b}: a DLM file holds one Duplicates count a set: written as board 1's 5; 2 (boards "
            "3, 4) not written") in result.output
    header = (tmp_path / "c.dlm").read_text().splitlines()[1:4]
    assert header == ["Headline=Club evening, first half", "Status=Show", "Duplicates=5"]


def test_a_merged_dlm_takes_the_headline_of_the_lowest_board_that_keeps_one(tmp_path: Path) -> None:
    # boards 1-2 came from PBN (no headline of their own): b.dlm's is written, not bridgetools' own
    bt.write(session(2), tmp_path / "a.pbn", "pbn")
    b = _dlm_set(tmp_path / "b.dlm", range(3, 5), "Club evening", 2)
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "a.pbn"), str(b), "-o",
                                      str(tmp_path / "c.dlm")])
    assert result.exit_code == 0 and "a set" not in result.output, result.output
    header = (tmp_path / "c.dlm").read_text().splitlines()[1:4]
    assert header == ["Headline=Club evening", "Status=Show", "Duplicates=2"]


def test_a_dlm_file_with_the_writer_s_default_headline_gives_way_to_a_merged_file_s_quietly(
        tmp_path: Path) -> None:
    # c.dlm says `Headline=Generated by bridgetools`, `Duplicates=0`: the writer's defaults, no loss
    c = _dlm_set(tmp_path / "c.dlm", range(3, 5))
    a = _dlm_set(tmp_path / "a.dlm", range(1, 3), "Club evening, first half", 2)
    assert "Headline=Generated by bridgetools" in c.read_text()
    result = CliRunner().invoke(cli, ["convert", str(c), str(a), "-o", str(tmp_path / "ca.dlm")])
    assert result.exit_code == 0 and "a set" not in result.output, result.output
    header = (tmp_path / "ca.dlm").read_text().splitlines()[1:4]
    assert header == ["Headline=Club evening, first half", "Status=Show", "Duplicates=2"]


def test_a_dlm_headline_s_outer_spaces_are_written_again(tmp_path: Path) -> None:
    # the reader stripped `Headline=  Club evening  ` to `Club evening`: DLM to DLM was not byte for byte
    source = tmp_path / "spaced.dlm"
    source.write_bytes((DATA / "big-deal.dlm").read_bytes().replace(
        b"Headline=Generated by Big Deal version 1.2", b"Headline=  Club evening  "))
    assert next(iter(bt.read(source))).extra["dlm"]["headline"] == "  Club evening  "
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "x.dlm")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "x.dlm").read_bytes().splitlines() == source.read_bytes().splitlines()  # CRLF written


@pytest.mark.parametrize("through", ["dlm", "json"])
def test_a_latin_1_dlm_headline_is_written_again_in_latin_1(tmp_path: Path, through: str) -> None:
    # `Headline=Clubmästerskap` in Latin-1 (as the machine's Windows software writes it) came back UTF-8
    source = tmp_path / "latin.dlm"
    source.write_bytes((DATA / "big-deal.dlm").read_bytes().replace(
        b"Generated by Big Deal version 1.2", "Clubmästerskap".encode("latin-1")))
    middle = tmp_path / f"middle.{through}"
    for here, there in ((source, middle), (middle, tmp_path / "x.dlm")):
        result = CliRunner().invoke(cli, ["convert", str(here), "-o", str(there)])
        assert result.exit_code == 0, result.output
    assert (tmp_path / "x.dlm").read_bytes().splitlines() == source.read_bytes().splitlines()  # CRLF written


def _latin_1_set(tmp_path: Path) -> list[Board]:
    """The boards of a DLM file whose headline, ``Clubmästerskap``, is in Latin-1."""
    source = tmp_path / "latin.dlm"
    source.write_bytes((DATA / "big-deal.dlm").read_bytes().replace(
        b"Generated by Big Deal version 1.2", "Clubmästerskap".encode("latin-1")))
    return list(bt.read(source))


def test_a_dlm_headline_s_encoding_is_the_default_and_an_encoding_given_wins(tmp_path: Path) -> None:
    # write(..., encoding="utf-8") wrote the headline in Latin-1 all the same, past the file's encoding
    boards = _latin_1_set(tmp_path)
    bt.write(boards, tmp_path / "kept.dlm")
    bt.write(boards, tmp_path / "given.dlm", encoding="utf-8")
    assert "Headline=Clubmästerskap".encode("latin-1") in (tmp_path / "kept.dlm").read_bytes()
    assert "Headline=Clubmästerskap".encode() in (tmp_path / "given.dlm").read_bytes()
    assert next(iter(bt.read(tmp_path / "given.dlm"))).extra["dlm"]["headline"] == "Clubmästerskap"


def test_a_dlm_set_written_to_an_open_file_takes_the_file_s_encoding(tmp_path: Path) -> None:
    # the writer wrote Latin-1 bytes to the buffer under a file its caller opened as UTF-8
    boards = _latin_1_set(tmp_path)
    with (tmp_path / "open.dlm").open("w", encoding="utf-8", newline="") as out:
        bt.write(boards, out, "dlm")
    assert "Headline=Clubmästerskap".encode() in (tmp_path / "open.dlm").read_bytes()


def test_a_kept_encoding_no_codec_has_gives_no_default() -> None:
    board = Board(number=1, deal=Deal.from_pbn(
        "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    board.extra["dlm"] = {"headline": "Clubmästerskap", "encoding": "no-such-codec"}
    assert dlm.default_encoding([board]) is None and dlm.default_encoding([board], headline="x") is None
    assert "Headline=Clubmästerskap".encode() in dlm.encode([board])


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1"])
def test_dlm_decode_reads_the_bytes_dlm_encode_writes(encoding: str) -> None:
    # decode always read Latin-1: a UTF-8 headline came back `ClubmÃ¤sterskap`
    data = (DATA / "big-deal.dlm").read_bytes().replace(
        b"Generated by Big Deal version 1.2", "Clubmästerskap".encode(encoding))
    boards = dlm.decode(data)
    assert boards[0].extra["dlm"]["headline"] == "Clubmästerskap"
    assert dlm.decode(dlm.encode(boards))[0].extra["dlm"]["headline"] == "Clubmästerskap"


def test_a_dlm_file_cut_inside_board_1_says_board_1_s_problem_first(tmp_path: Path) -> None:
    # it said "boards 2-3 not read" first, at column 1 of board 1's line, then board 1's own problem
    text = dumps(session(3), "dlm")
    cut = tmp_path / "cut.dlm"
    cut.write_text(text[:text.index("Board 01=") + 20], newline="")
    result = CliRunner().invoke(cli, ["validate", str(cut)])
    assert result.exit_code == 1
    problems = result.stdout.splitlines()
    assert problems[0].startswith(f"{cut}:12:21: DLM: board 1: the line ends after 11 characters")
    assert problems[1].startswith(f"{cut}:12:21: DLM: the file ends at board 1 where its header")


def test_the_warning_for_a_duplicates_count_past_999_names_its_file(tmp_path: Path) -> None:
    source = tmp_path / "counted.dlm"
    data = (DATA / "big-deal.dlm").read_bytes()
    source.write_bytes(data.replace(b"Duplicates 02=0", b"Duplicates 02=1200"))
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "x.dlm")])
    assert result.exit_code == 0
    said = f"warning: {source}: DLM Duplicates counts hold 0-999: 1200 (board 2) written as 0"
    assert said in result.output


def _flagged(text: bytes) -> bytes:
    """A DUP file's records, each trailer saying random hands N, counting backwards Y, copies 2."""
    return b"".join(text[k:k + 146] + b"NY" + text[k + 148:k + 151] + b"2 " + text[k + 153:k + 156]
                    for k in range(0, len(text), dup.RECORD))


def test_a_dup_trailer_s_flags_are_written_again_as_dup() -> None:
    flagged = _flagged(dup.encode(session(3)))
    assert dup.encode(dup.decode(flagged)) == flagged


def test_a_dup_trailer_s_flags_are_kept_through_json() -> None:
    flagged = _flagged(dup.encode(session(3)))
    through_json = loads(dumps(dup.decode(flagged), "json"), "json")
    assert dup.encode(through_json) == flagged


def test_a_dup_trailer_s_flags_are_named_as_left_out_where_the_target_has_no_place() -> None:
    boards = dup.decode(_flagged(dup.encode(session(2))))
    with pytest.warns(UserWarning, match=r"PBN has no place for DUP trailer flags \(random hands N, "
                                         r"counting backwards Y, copies 2\)"):
        dumps(boards, "pbn")


def _one_byte_changed(data: bytes, at: int, to: bytes) -> bytes:
    """``data`` with its byte ``at`` (0-based) made ``to``."""
    return data[:at] + to + data[at + 1:]


@pytest.mark.parametrize("to", [b"2", b"A"], ids=["a card in two hands", "another deal"])
def test_a_dup_record_whose_dge_part_has_one_wrong_card_is_said_at_that_byte(to: bytes) -> None:
    data = dup.encode([bt.Board(number=1, deal=WORKED), bt.Board(number=2, deal=WORKED)])
    at = dup.RECORD + 78 + 2  # record 2's DGE part: North's spades AJ76, the J made 2 (or A)
    boards = dup.decode(_one_byte_changed(data, at, to), source="set.dup")
    said = [(i.column, i.message) for b in boards for i in b.issues]
    assert said == [(at + 1, "DUP record 2 (board 2): the DGE part holds another deal than the BRI part "
                             f"(found {to.decode()!r} where the BRI part's deal gives 'J'); the board is not "
                             "read")]


def test_a_dge_hand_holding_a_card_twice_is_a_record_s_problem_and_the_next_record_reads() -> None:
    data = dge.encode([bt.Board(number=1, deal=WORKED), bt.Board(number=2, deal=WORKED)])
    boards = dge.decode(_one_byte_changed(data, 2, b"A"), source="set.dge")  # North's AJ76 made AA76
    assert [b.number for b in boards] == [2]
    assert [(i.column, i.message) for i in boards[0].issues] == [
        (1, "DGE record 1 (board 1): card SA appears twice; the board is not read")]


@pytest.mark.parametrize("fmt", ["bri", "dge", "dup"])
@pytest.mark.parametrize("named", ["deals.pbn", "deals.lin"])
def test_a_dealing_machine_file_under_a_text_name_is_named_for_what_it_is(fmt: str, named: str,
                                                                         tmp_path: Path) -> None:
    # BRI and DGE, which hold NULs, were refused as "binary data (a NUL byte)", with no word of --from
    path = tmp_path / named
    bt.write([Board(number=1, deal=WORKED)], path, fmt)
    result = CliRunner().invoke(cli, ["convert", str(path), "-o", str(tmp_path / "out.json")])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        f"Error: {path}:1:1: no boards found (read as {named[-3:].upper()}); the text looks like "
        f"{fmt.upper()}: name that format (--from {fmt})")


@pytest.mark.parametrize(("fmt", "named"), [("dup", "deals.bri"), ("bri", "deals.dup"), ("dge", "deals.bri")])
def test_one_dealing_machines_file_under_anothers_name_is_named_for_what_it_is(fmt: str, named: str,
                                                                              tmp_path: Path) -> None:
    # a DUP file named .bri was read as BRI: its first record, then garbage, written out with 2 issues
    path = tmp_path / named
    bt.write([Board(number=n, deal=WORKED) for n in (1, 2)], path, fmt)
    result = CliRunner().invoke(cli, ["convert", str(path), "-o", str(tmp_path / "out.pbn")])
    assert result.exit_code == 1 and not (tmp_path / "out.pbn").exists()
    assert result.stderr.splitlines()[-1].endswith(f"the text looks like {fmt.upper()}: name that format "
                                                   f"(--from {fmt})")


def test_a_pdf_under_a_machine_files_name_is_named_a_pdf(tmp_path: Path) -> None:
    # read as DUP records: "expected a card number 01-52, found '%P'"
    path = tmp_path / "records.dup"
    path.write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n")
    result = CliRunner().invoke(cli, ["convert", str(path), "-o", str(tmp_path / "out.pbn")])
    assert result.exit_code == 1
    assert "a PDF file (bridgetools print makes them from hand records)" in result.stderr
