"""What a PBN game said that the model does not hold is a typed `PbnRecord` the writer reads."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from bridgetools.board.leftovers import record_type
from bridgetools.formats import dumps, loads, read
from bridgetools.formats.pbn_record import PbnRecord

VERIFIER = Path(__file__).parent / "data" / "pbn" / "verifier"


def test_the_reader_keeps_a_pbn_record_in_the_boards_extra() -> None:
    boards = list(read(VERIFIER / "correct_10.pbn"))
    assert all(isinstance(b.extra["pbn"], PbnRecord) for b in boards)


def test_the_pbn_record_is_the_registered_record_of_the_pbn_format() -> None:
    assert record_type("pbn") is PbnRecord


def test_a_record_with_play_notes_comes_back_equal_from_its_json_values() -> None:
    record = PbnRecord(play_notes={1: "a false card", 12: "count"}, play_seat="W",
                       play_rows=((("SA", 1, (3,), None), ("-", None, (), None)),))
    assert PbnRecord.from_json(record.to_json()) == record


def test_every_record_of_the_verifier_files_comes_back_equal_from_its_json_values() -> None:
    for name in ("correct_10.pbn", "errors_10_excerpt.pbn", "errors_20.pbn"):
        for board in read(VERIFIER / name):
            assert PbnRecord.from_json(board.extra["pbn"].to_json()) == board.extra["pbn"]


def test_the_writer_gives_a_kept_irregular_declarer_back_from_the_record() -> None:
    text = '[Board "1"]\n[Dealer "N"]\n[Declarer "^S"]\n[Contract "4H"]\n[Result "10"]\n'
    (board,) = loads(text, "pbn")
    assert board.extra["pbn"].declarer_irregular
    assert '[Declarer "^S"]' in dumps([board], "pbn")


def test_a_note_that_is_not_a_note_and_the_auctions_first_seat_are_not_kept() -> None:
    # Written by earlier readers and read by no writer: the note is an issue, the seat the Auction tag's.
    assert not {"bad_notes", "auction_first"} & {f.name for f in fields(PbnRecord)}


def test_what_a_reader_gathered_in_a_dict_becomes_an_equal_record() -> None:
    gathered = {"raw": {"Board": "1-1"}, "play": {"seat": "W", "rows": [[["SA", None, [], None]]]},
                "play_notes": {"2": "x"}, "comments": [[["call", 1], "{ok}"]], "bad_notes": ["x"]}
    record = PbnRecord.from_extra(gathered)
    assert record == PbnRecord(raw={"Board": "1-1"}, play_seat="W", play_rows=((("SA", None, (), None),),),
                               play_notes={2: "x"}, comments=((("call", 1), "{ok}"),))
