"""Opening files as text the way real hand records need it, and the cached Lark parsers."""

from __future__ import annotations

import io
import random
import warnings
from pathlib import Path
from typing import Any

import pytest

from bridgetools.errors import BridgeError, ParseError
from bridgetools.formats import _io, _lark, read
from bridgetools.model import Seat


def _text_of(data: bytes, tmp_path: Path, encoding: str | None = None) -> str:
    path = tmp_path / "f.pbn"
    path.write_bytes(data)
    stream, source = _io.open_text(path, encoding)
    with stream:
        assert source == str(path)
        return stream.read()


def test_utf8_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    assert _text_of(b'\xef\xbb\xbf[Event "\xc3\xa9"]', tmp_path) == '[Event "é"]'


def test_declared_latin1_charset_is_used(tmp_path: Path) -> None:
    data = b'%Content-type: text/x-pbn; charset=ISO-8859-1\n[West "Bj\xf6rn"]\n'
    assert "Björn" in _text_of(data, tmp_path)


def test_declared_utf8_charset_is_used(tmp_path: Path) -> None:
    data = '%Content-type: text/x-pbn; charset=UTF-8\n[West "Żmudziński"]\n'.encode()
    assert "Żmudziński" in _text_of(data, tmp_path)


def test_a_declared_dos_code_page_decoding_every_byte_is_used(tmp_path: Path) -> None:
    # IBM850 (a DOS console's code page) gives every byte a character, as Latin-1 does: 0x81 is \u00fc.
    data = b'%Content-type: text/x-pbn; charset=IBM850\n[West "M\x81ller"]\n'
    assert "M\u00fcller" in _text_of(data, tmp_path)


def test_utf8_is_read_as_utf8_without_declaration(tmp_path: Path) -> None:
    assert _text_of('[Event "北京"]'.encode(), tmp_path) == '[Event "北京"]'


def test_latin1_is_the_fallback_when_bytes_are_not_utf8(tmp_path: Path) -> None:
    assert _text_of(b'[West "Str\xf8m"]', tmp_path) == '[West "Strøm"]'


def test_bytes_0x80_to_0x9f_mean_windows_1252_for_western_text(tmp_path: Path) -> None:
    # 0x93 and 0x94 are curly quotes in Windows-1252; 0xE9 is é there as in Latin-1.
    assert _text_of(b"{\x93Caf\xe9\x94 Cup}", tmp_path) == "{\u201cCafé\u201d Cup}"


def test_bytes_0x80_to_0x9f_with_polish_letters_mean_windows_1250(tmp_path: Path) -> None:
    # Windows-1250: 0x8C Ś, 0xB9 ą, 0xA3 Ł; in Windows-1252 they would be Œ, ¹ and £.
    assert _text_of(b'[West "\x8cwi\xb9tek, \xa3ucja"]', tmp_path) == '[West "Świątek, Łucja"]'


def test_a_byte_order_mark_left_in_a_text_stream_or_string_is_ignored() -> None:
    from bridgetools.formats import loads, read

    (pbn,) = loads('\ufeff[Event "Cup"]\n[Board "1"]\n', "pbn")
    (pbn_stream,) = read(io.StringIO('\ufeff[Event "Cup"]\n'), "pbn")
    assert (pbn_stream.event, pbn_stream.issues) == ("Cup", [])
    lin_text = "\ufeffpn|a,b,c,d|md|1SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|"
    (lin,) = read(io.StringIO(lin_text))
    assert (pbn.event, pbn.issues, lin.issues, len(lin.players)) == ("Cup", [], [], 4)


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_a_byte_order_mark_left_in_a_json_text_stream_is_ignored(fmt: str) -> None:
    from bridgetools.board import Board
    from bridgetools.formats import dumps, read

    text = "\ufeff" + dumps([Board(number=3)], fmt)
    (board,) = read(io.StringIO(text))
    assert (board.number, board.issues) == (3, [])


def test_utf8_declared_latin1_is_read_as_utf8(tmp_path: Path) -> None:
    data = '%Content-type: text/x-pbn; charset=ISO-8859-1\n[West "Ørsted"]\n'.encode()
    assert "Ørsted" in _text_of(data, tmp_path)


def test_a_stray_latin1_byte_after_the_first_chunk_does_not_fail(tmp_path: Path) -> None:
    data = b"x" * (_io.HEAD_BYTES + 10) + b'\n[West "Str\xf8m"]\n'
    assert _text_of(data, tmp_path).endswith('[West "Strøm"]\n')


def test_a_file_mixing_utf8_and_windows_1252_reads_each_part_right_with_one_warning(tmp_path: Path) -> None:
    # The brief's LIN file: a player in UTF-8, commentary with a Windows-1252 dash (0x96), on one line;
    # then a line in UTF-8 alone and two more holding Windows-1252 curly quotes (0x93, 0x94).
    path = tmp_path / "mixed.lin"
    path.write_bytes(b"pn|Jos\xc3\xa9,a,b,c|st||md|1SAKQ2HKJ3DT98C432,SJT9HAQ2DKQJCAKQJ,S876HT98D765CT987,|"
                     b"rh||ah|Board 1|sv|0|nt|\x96 dash|\nnt|\xc3\xbc|\nnt|\x93a\x94|\r\nnt|\x93b\x94|\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        (board,) = read(path)
    assert (board.players[Seat.S], [str(c) for c in board.commentary]) == (
        "José", ["\u2013 dash", "ü", "\u201ca\u201d", "\u201cb\u201d"])
    assert [str(w.message) for w in caught] == [
        f"{path}:1:101: bytes that are not UTF-8 were read as Windows-1252 on lines 1, 3-4"
        " (the rest of the file is UTF-8)"]


def test_utf8_after_a_first_chunk_of_windows_1252_reads_each_part_right_with_a_word(tmp_path: Path) -> None:
    """The file's first 64 KiB are Windows-1252 (a curly quote, 0x93), a UTF-8 name comes after them: the
    encoding is decided on the whole file, so each part reads as it was written, with the mixed file's
    warning, not the name as Windows-1252 (``JosÃ©``) without a word."""
    head = b'[Event "\x93Club\x94"]\n' + (b"{" + b"x" * 100 + b"}\n") * 700
    path = tmp_path / "late.pbn"
    path.write_bytes(head + b'\n[West "Jos\xc3\xa9"]\n')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        boards = list(read(path, "pbn"))
    assert boards[-1].players[Seat.W] == "José"
    assert boards[0].event == "\u201cClub\u201d"
    assert f"{path}:1:9: bytes that are not UTF-8 were read as Windows-1252 on line 1 (the rest of the file" \
        " is UTF-8)" in [str(w.message) for w in caught]


def test_a_stray_windows_1252_byte_after_the_first_chunk_is_named_by_its_line(tmp_path: Path) -> None:
    data = (b"x" * 100 + b"\n") * 700 + b'[West "\x93Str\xf8m\x94"]\n'
    stream, _ = _io.open_text(io.BytesIO(data))
    text = stream.read()
    issue = _io.stray_lines(stream).issue()  # type: ignore[union-attr]  # a UTF-8 stream has one
    assert text.endswith('[West "\u201cStrøm\u201d"]\n')
    assert (issue.line, issue.column) == (701, 8)  # type: ignore[union-attr]  # there was one


def test_windows_1252_capital_before_a_symbol_is_not_taken_for_utf8(tmp_path: Path) -> None:
    # Polish Windows-1250 "STÓŁ" is 0xD3 0xA3, a valid UTF-8 pair (a Cyrillic letter): still Windows-1250.
    assert _text_of(b'{ST\xd3\xa3 \x8cwi\xb9tek}', tmp_path) == "{STÓŁ Świątek}"


def test_every_line_end_becomes_a_newline(tmp_path: Path) -> None:
    assert _text_of(b"a\r\nb\rc\nd", tmp_path) == "a\nb\nc\nd"


def test_explicit_encoding_overrides_detection(tmp_path: Path) -> None:
    assert _text_of("é".encode(), tmp_path, encoding="latin-1") == "Ã©"


CAFE = b'[Event "x"]\r\n[Site "Caf\xe9"] {na\xefve}\r\n[Board "1"]\r\n'
"""A Windows-1252 file: its two accented letters are no ASCII."""


def test_bytes_the_encoding_named_cannot_decode_are_a_warning_naming_the_first(tmp_path: Path) -> None:
    path = tmp_path / "cafe.pbn"
    path.write_bytes(CAFE)
    with pytest.warns(UserWarning) as caught:
        (board,) = read(path, encoding="ascii")
    assert board.site == "Caf\ufffd"
    assert [str(w.message) for w in caught] == [
        f"{path}:2:11: 2 characters could not be decoded as ascii and were replaced by U+FFFD"
        " (the first: byte 0xE9)"
    ]


def test_bytes_the_encoding_named_cannot_decode_are_an_error_in_strict_mode(tmp_path: Path) -> None:
    path = tmp_path / "cafe.pbn"
    path.write_bytes(CAFE)
    with pytest.raises(ParseError, match=r"cafe\.pbn:2:11: byte 0xE9 cannot be decoded as ascii$"):
        list(read(path, encoding="ascii", strict=True))


def test_a_broken_character_in_a_multibyte_encoding_is_a_warning_naming_its_place(tmp_path: Path) -> None:
    path = tmp_path / "wide.pbn"
    text = '[Event "x"]\n[Site "Oslo"]\n'.encode("utf-16-le")
    at = text.index("Oslo".encode("utf-16-le"))
    path.write_bytes(text[:at] + b"\x00\xd8" + text[at:] + b"A")  # a lone surrogate; a cut last character
    with pytest.warns(UserWarning) as caught:
        (board,) = read(path, encoding="utf-16-le")
    assert board.site == "\ufffdOslo"
    assert [str(w.message) for w in caught] == [
        f"{path}:2:8: 2 characters could not be decoded as utf-16-le and were replaced by U+FFFD"
        " (the first: byte 0x00)"
    ]


def test_a_file_its_encoding_decodes_whole_gives_no_decoding_warning(tmp_path: Path) -> None:
    path = tmp_path / "cafe.pbn"
    path.write_bytes(CAFE)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        (board,) = read(path, encoding="cp1252")
    assert board.site == "Caf\u00e9"


def test_an_encoding_named_that_cannot_start_the_file_is_one_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "game.pbn"
    path.write_bytes(b'[Event "Cup"]\n')  # no byte order mark, which a plain utf-16 decoder needs
    with pytest.raises(ParseError, match=r"^.*game\.pbn: cannot decode as utf-16: .*BOM"):
        list(read(path, encoding="utf-16"))


def test_binary_file_object_is_decoded() -> None:
    stream, source = _io.open_text(io.BytesIO(b"\xef\xbb\xbfabc"))
    assert (stream.read(), source) == ("abc", "<stream>")


def test_text_file_object_is_used_as_it_is() -> None:
    text = io.StringIO("abc")
    stream, _ = _io.open_text(text)
    assert stream is text


def test_dash_means_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    class FakeStdin:
        buffer = io.BytesIO(b'[Board "1"]\n')

    monkeypatch.setattr("sys.stdin", FakeStdin)
    stream, source = _io.open_text("-")
    assert (stream.read(), source) == ('[Board "1"]\n', "<stdin>")


def test_peek_gives_the_head_back_to_the_reader() -> None:
    head, stream = _io.peek(io.StringIO("line one\nline two\n"), 5)
    assert head == "line "
    assert list(stream) == ["line one\n", "line two\n"]


def test_peeked_stream_read_part_way_by_lines_then_whole_loses_nothing() -> None:
    _, stream = _io.peek(io.StringIO("one\ntwo\nthree\nfour\n"), 6)
    lines = iter(stream)
    assert [next(lines), next(lines)] == ["one\n", "two\n"]
    assert stream.read() == "three\nfour\n"


def test_peeked_stream_lines_past_the_head_are_the_rest_s_own() -> None:
    _, stream = _io.peek(io.StringIO("a\nb\nc\n"), 1)
    assert list(stream) == ["a\n", "b\n", "c\n"]


def test_parser_is_built_once_per_process() -> None:
    assert _lark.get_parser("pbn") is _lark.get_parser("pbn")


def test_grammar_has_no_conflicts_or_colliding_terminals() -> None:
    _lark.get_parser("pbn", strict=True)


def test_lark_error_becomes_a_parse_error_with_the_file_line() -> None:
    from lark.exceptions import UnexpectedInput

    text = '[Event "a"]\n[Board 7]\n'
    with pytest.raises(UnexpectedInput) as caught:
        _lark.get_parser("pbn").parse(text)
    error = _lark.to_parse_error(caught.value, text, "f.pbn", line_offset=10)
    assert isinstance(error, ParseError)
    assert (error.source, error.line, error.column) == ("f.pbn", 12, 8)
    assert "quoted string" in error.message


def test_writing_into_a_missing_directory_names_the_output_not_a_temporary_file(tmp_path: Path) -> None:
    from bridgetools.board import Board
    from bridgetools.formats import write

    output = tmp_path / "missing" / "out.pbn"
    with pytest.raises(FileNotFoundError) as caught:
        write([Board(number=1)], output)
    assert caught.value.filename == str(output)


# Input that holds no board ---------------------------------------------------------------------------

LIN_BOARD = "pn|a,b,c,d|md|3SAKQ2HKJ3DT98C432,SJT9HAQ2DKQJCAKQJ,S876HT98D765CT987|ah|Board 1|sv|o|\n"


def _program_bytes() -> bytes:
    """The start of a real binary file (an executable: NUL bytes and stray brackets)."""
    import sys

    return Path(sys.executable).resolve().read_bytes()[:4096]


@pytest.mark.parametrize("name", ["deals.pbn", "deals.lin", "deals.dat"])
def test_a_binary_file_is_refused_naming_it(tmp_path: Path, name: str) -> None:
    from bridgetools.formats import read

    path = tmp_path / name
    path.write_bytes(_program_bytes())
    with pytest.raises(BridgeError, match=rf"{name}:\d+:\d+: no boards found: binary data \(a NUL"):
        list(read(path))
    with pytest.raises(BridgeError, match="binary data"):
        list(read(path, "pbn"))


@pytest.mark.parametrize(("name", "format"), [("records.pdf", None), ("records.pbn", None), ("r.pdf", "pbn")])
def test_a_pdf_is_refused_as_a_printed_hand_record(tmp_path: Path, name: str, format: str | None) -> None:
    # was `records.pdf: cannot tell the format ...; name it with --from`, and with one named, PBN's
    # `text '1 0 obj << ...' before the first tag is not PBN`
    from bridgetools.formats import read

    path = tmp_path / name
    path.write_bytes(b"%PDF-1.4\n%\x93\x8c\x8b\x9e ReportLab Generated PDF document\n1 0 obj\n<< >>\n")
    with pytest.raises(BridgeError) as caught:
        list(read(path, format))
    assert str(caught.value) == (f"{path}: no boards found: a PDF file (bridgetools print makes them "
                                 "from hand records), not a hand-record file (expected PBN, LIN or JSON "
                                 "text): read the file it was printed from")


_STRAY = "a stray NUL byte (binary data in a text file: damaged here?), read as a space"


def _read_saying(given: Any, **options: Any) -> tuple[list[Any], list[str]]:
    """The boards read from ``given`` and the warnings said reading them."""
    import warnings

    from bridgetools.formats import read

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        boards = list(read(given, **options))
    return boards, [str(w.message) for w in caught]


def test_a_stray_nul_in_a_text_file_is_read_as_a_space_and_said_at_its_place(tmp_path: Path) -> None:
    """One NUL (a broken transfer, an editor's slip) threw the whole file away as binary data."""
    path = tmp_path / "club.pbn"
    path.write_bytes(b'[Event "Club"]\r\n[Board "1"]\r\n[West "An\x00n"]\r\n\r\n\x00[Board "2"]\r\n')
    boards, said = _read_saying(path)
    assert [b.number for b in boards] == [1, 2]
    assert list(boards[0].players.values()) == ["An n"]
    assert said == [f"{path}:3:10: {_STRAY}", f"{path}:5:1: {_STRAY}"]


def test_a_stray_nul_stops_strict_reading_at_its_place(tmp_path: Path) -> None:
    from bridgetools.formats import read

    path = tmp_path / "club.pbn"
    path.write_bytes(b'[Event "Club"]\r\n[Board "1"]\r\n[West "An\x00n"]\r\n')
    with pytest.raises(BridgeError) as caught:
        list(read(path, strict=True))
    assert str(caught.value) == f"{path}:3:10: a stray NUL byte (binary data in a text file: damaged here?)"


def test_stray_nuls_past_the_first_characters_are_read_as_spaces_and_said(tmp_path: Path) -> None:
    """A NUL after the first 8,192 characters (and 64 KiB) is said at its place as one among them is."""
    import io
    import warnings

    from bridgetools.formats import loads

    text = '[Event "Club"]\r\n{' + "\u00e9" * 40_000 + '\r\nsee \x00}\r\n[Board "1"]\r\n'
    path = tmp_path / "club.pbn"
    path.write_bytes(text.encode())
    for given, source in ((path, str(path)), (io.BytesIO(text.encode()), "<stream>")):
        boards, said = _read_saying(given)
        assert [b.number for b in boards] == [1]
        assert said == [f"{source}:3:5: {_STRAY}"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert [b.number for b in loads(text)] == [1]
    assert [str(w.message) for w in caught] == [f"<string>:3:5: {_STRAY}"]


def test_many_stray_nuls_are_said_a_few_at_their_places_and_the_rest_counted(tmp_path: Path) -> None:
    path = tmp_path / "club.lin"
    lines = [f"qx|o{n}|md|3SAKQ,S2,S3,|pg||\r\n" for n in range(1, 7)]
    path.write_bytes("".join(lines).replace("pg", "p\x00g", 5).encode())
    boards, said = _read_saying(path)
    assert len(boards) == 6
    assert said[:3] == [f"{path}:{n}:24: {_STRAY}" for n in (1, 2, 3)]
    assert said[3:] == [f"{path}:4:24: 2 more stray NUL bytes, read as spaces (the first here)"]


def test_a_png_is_refused_as_binary_data_in_one_line(tmp_path: Path) -> None:
    from bridgetools.formats import read

    path = tmp_path / "deals.pbn"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00" + b'[Board "1"]\n' * 50)
    with pytest.raises(BridgeError) as caught:
        list(read(path))
    assert str(caught.value) == (f"{path}:3:1: no boards found: binary data (a NUL byte), not a hand-record "
                                 "file (expected PBN, LIN or JSON text)")


@pytest.mark.parametrize(("text", "fmt", "at"), [
    ("garbage", "pbn", ":1:1"), ("garbage\n", "lin", ":1:1"), ("[]", "json", ":1:1"),
    (LIN_BOARD, "pbn", ":1:1"), (LIN_BOARD, "json", ":1:1"),
])
def test_text_holding_no_board_in_the_named_format_is_an_error_at_its_first_problem(
    tmp_path: Path, text: str, fmt: str, at: str
) -> None:
    """The error is placed where the first problem is (what was found there is said after it); JSON's empty
    array at itself (`test_json_s_empty_array_of_boards_is_an_error_placed_at_the_array`), nothing at all
    at its start (`test_an_empty_file_named_as_a_format_it_reads_is_an_error_at_its_start`)."""
    from bridgetools.formats import loads, read

    path = tmp_path / "input.txt"
    path.write_text(text)
    with pytest.raises(BridgeError, match=rf"input\.txt{at}: no boards found \(read as {fmt.upper()}\)"):
        list(read(path, fmt))
    with pytest.raises(BridgeError, match=rf"^<string>{at}: no boards found"):
        loads(text, fmt)


@pytest.mark.parametrize(("name", "looks_like"), [("match.pbn", "lin"), ("match.json", "lin")])
def test_a_file_whose_name_says_another_format_than_its_text_names_the_format_it_looks_like(
    tmp_path: Path, name: str, looks_like: str
) -> None:
    path = tmp_path / name
    path.write_text(LIN_BOARD)
    fmt = looks_like
    hint = rf"looks like {fmt.upper()}: name that format \(format='{fmt}'\)"  # Python's keyword
    with pytest.raises(BridgeError, match=hint):
        list(read(path))


def test_a_format_named_by_the_caller_gets_no_hint_of_another() -> None:
    with pytest.raises(BridgeError) as caught:
        list(read(io.StringIO(LIN_BOARD), "pbn"))
    assert "looks like" not in str(caught.value)


@pytest.mark.parametrize("text", ["", "\n \n"])
def test_an_empty_file_named_as_a_format_with_no_reader_says_it_is_empty(tmp_path: Path, text: str) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(text)
    with pytest.raises(BridgeError, match=r"hands.txt:1:1: no boards found: the input is empty"):
        list(read(path))


@pytest.mark.parametrize("name", ["empty.pbn", "empty.lin", "empty.json"])
def test_an_empty_file_named_as_a_format_it_reads_is_an_error_at_its_start(tmp_path: Path, name: str) -> None:
    # it said `empty.pbn: no boards found ...`, with no line and column
    path = tmp_path / name
    path.write_text("")
    with pytest.raises(BridgeError, match=rf"{name}:1:1: no boards found: the input is empty"):
        list(read(path))


def test_empty_unnamed_input_says_it_is_empty_not_that_its_format_is_unknown() -> None:
    with pytest.raises(BridgeError, match=r"no boards found: the input is empty"):
        list(read(io.StringIO("")))


def test_a_file_whose_boards_come_after_garbage_gives_them_all() -> None:
    from bridgetools.formats import loads

    broken, board = loads('[Event "a]\n\n[Board "1"]\n', "pbn")
    assert broken.issues and board.number == 1


@pytest.mark.parametrize("args", [["x.pbn"], ["x.dat", "--from", "pbn"], ["empty.pbn"], ["words.pbn"],
                                  ["lin.lin", "--from", "pbn"], ["lin.lin", "empty.pbn"]])
@pytest.mark.parametrize("command", ["convert", "show", "validate"])
def test_every_command_refuses_input_holding_no_board_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, args: list[str]
) -> None:
    if command == "show" and len(args) == 2 and not args[1].startswith("-"):
        pytest.skip("show reads one file")
    from click.testing import CliRunner

    from bridgetools.cli import cli

    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.pbn").write_bytes(_program_bytes())
    (tmp_path / "x.dat").write_bytes(_program_bytes())
    (tmp_path / "empty.pbn").write_text("")
    (tmp_path / "words.pbn").write_text("These are the hands of Tuesday's lesson.\n")
    (tmp_path / "lin.lin").write_text(LIN_BOARD)
    out = ["-o", "out.pbn"] if command == "convert" else []
    result = CliRunner().invoke(cli, [command, *args, *out])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if args[0] in line or "empty.pbn" in line]
    assert len(lines) == 1 and ("no boards" in lines[0] or "binary data" in lines[0]), result.output
    assert not (tmp_path / "out.pbn").exists()


# Messages quote a short window of the input ----------------------------------------------------------

HUGE = 1_000_000


@pytest.mark.parametrize(
    ("text", "fmt"),
    [("pn|a,b,c,d|md|3SAKQ" + "X" * HUGE + ",,,|ah|Board 1|sv|o|\n", "lin"),
     ('[Board "1"]\n[Dealer "' + "Q" * HUGE + '"]\n', "pbn"),
     ('[Board "1"]\n[Deal "N:' + "A" * HUGE + '"]\n', "pbn")],
    ids=["lin-md", "pbn-dealer", "pbn-deal"],
)
def test_an_issue_quotes_a_short_window_of_a_huge_value(text: str, fmt: str) -> None:
    from bridgetools.errors import MESSAGE_LIMIT
    from bridgetools.formats import loads

    (issue, *_) = [i for b in loads(text, fmt) for i in b.issues]
    assert len(str(issue)) < MESSAGE_LIMIT and "characters)" in issue.message, str(issue)
    with pytest.raises(ParseError) as raised:
        loads(text, fmt, strict=True)
    assert len(str(raised.value)) < MESSAGE_LIMIT


def test_a_quoted_window_counts_the_characters_of_the_input_not_of_their_escapes() -> None:
    """4,096 NUL bytes at the end of a damaged file were said to be 16,384 characters (``\\x00`` each)."""
    from bridgetools.errors import bounded

    nuls = "\x00" * 4096
    assert "(4,096 characters)" in bounded(f"not a card: {nuls!r}")
    assert "(1,000 characters)" in bounded(f"not a card: {'A' * 1000!r}")


def test_an_error_of_the_model_quotes_a_short_window_of_its_text() -> None:
    from bridgetools.errors import MESSAGE_LIMIT
    from bridgetools.model import Deal

    with pytest.raises(BridgeError) as raised:
        Deal.from_pbn("N:" + "A" * HUGE)
    assert len(str(raised.value)) < MESSAGE_LIMIT and "'N:AAAA" in str(raised.value)


def test_a_short_quotation_and_an_apostrophe_are_left_as_they_are() -> None:
    from bridgetools.errors import bounded

    message = "bad North's hand in 'AKQ2.KJ3.T98': expected four suits separated by dots, found 3"
    assert bounded(message) == message


@pytest.mark.parametrize(("data", "encoding"), [
    (b"produce 2\r\n# caf\xe9 \xff\xfe\n", "utf-8"),
    ("produce 2\nhcp(north) > 14 # caf\n".encode("utf-16-le")[:30] + b"\x00\xd8" + b"x\x00y", "utf-16-le"),
    ("produce 2\n".encode("utf-32-be") + b"\x00\x11\x00\x00\x00\x00", "utf-32-be"),
    (b"clean text\n", "utf-8"),
])
def test_a_whole_file_decoded_once_says_what_reading_it_in_chunks_says(data: bytes, encoding: str) -> None:
    chunks = _io.DecodeTally(encoding)
    for at in range(0, len(data), 7):
        chunks.see(data[at:at + 7])
    chunks.see(b"")
    whole = _io.DecodeTally(encoding)
    assert whole.decode(data) == data.decode(encoding, "replace")
    assert whole.issue() == chunks.issue()


def test_input_holding_no_board_names_its_first_problem_by_place() -> None:
    from bridgetools.board import Board
    from bridgetools.errors import Issue, NoBoardsError
    from bridgetools.formats import at_least_one_board

    found_first = Board(issues=[Issue("a bad tag", line=2, column=8)])
    found_last = Board(issues=[Issue("text before the first tag", line=1, column=1)])
    said = "quiz.pbn:1:1: no boards found .*; first problem: text before the first tag"
    with pytest.raises(NoBoardsError, match=said) as caught:
        list(at_least_one_board([found_first, found_last], "quiz.pbn", "pbn"))
    assert [(i.line, i.column) for i in caught.value.issues] == [(1, 1), (2, 8)]


def test_a_no_boards_error_given_the_format_it_looks_like_keeps_everything_else() -> None:
    from bridgetools.errors import Issue, NoBoardsError

    error = NoBoardsError("no boards found", "game.pbn", (Issue("a stray line", 1, 1),), naming="--from",
                          no_hand_record=True)
    hinted = error.with_(looks_like="lin")
    assert (hinted.plain, hinted.source, hinted.issues, hinted.no_hand_record) == (
        error.plain, error.source, error.issues, True)
    assert "the text looks like LIN: name that format (--from lin)" in str(hinted)
    assert hinted.named_by("format=").with_().summary.endswith("(format='lin')")


def test_a_board_number_again_is_told_by_the_reader_s_reporter_with_its_kind() -> None:
    from bridgetools.board import Board
    from bridgetools.errors import Issue
    from bridgetools.formats._deal_checks import BOARD_AGAIN, BoardsSeen
    from bridgetools.formats._problems import Reporter
    from bridgetools.model import Deal

    seen, issues = BoardsSeen(), list[Issue]()
    first = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    other = Deal.from_pbn("N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 2.5432.5432.5432")
    for line, number, deal in ((1, 1, first), (2, 2, other), (3, 2, first)):
        seen.check(Board(number=number, deal=deal), line, 5, Reporter("f.pbn", strict=False, issues=issues))
    # boards 1, 2, 2 again with another deal: the third is told, at its place, into the reporter's list
    (issue,) = issues
    assert (issue.source, issue.line, issue.column, issue.kind) == ("f.pbn", 3, 5, BOARD_AGAIN)


def test_a_second_checkout_parses_with_its_own_grammars(tmp_path: Path) -> None:
    """A worktree imported through PYTHONPATH, while another checkout is installed, reads its own grammars."""
    import shutil
    import subprocess
    import sys

    repo = Path(_lark.__file__).resolve().parents[2]
    checkout = tmp_path / "checkout"
    shutil.copytree(repo / "bridgetools", checkout / "bridgetools",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(repo / "grammars", checkout / "grammars", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(repo / "pyproject.toml", checkout / "pyproject.toml")
    code = ("from bridgetools.formats import _lark; _lark._ensure_grammar_package(); "
            "import bridgetools.grammars as g; print(g.__file__)")
    found = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                           env={"PYTHONPATH": str(checkout), "PATH": ""}, check=True).stdout.strip()
    assert Path(found).resolve().is_relative_to(checkout.resolve())


def test_one_windows_1252_capital_before_a_curly_quote_is_not_taken_for_utf8(tmp_path: Path) -> None:
    # "NÅ" in curly quotes: 0xC5 0x94 is also UTF-8's "Ŕ"; one such pair is no proof of UTF-8, two are.
    assert _text_of(b"{\x93N\xc5\x94 sa han}", tmp_path) == "{\u201cNÅ\u201d sa han}"
    assert _text_of("{Łódź, Żółć}".encode(), tmp_path) == "{Łódź, Żółć}"


def test_one_windows_1252_capital_before_a_quote_after_the_first_chunk_is_not_taken_for_utf8(
    tmp_path: Path,
) -> None:
    head = b'[Event "\x93Club\x94"]\n' + (b"{" + b"x" * 100 + b"}\n") * 700
    path = tmp_path / "late.pbn"
    path.write_bytes(head + b'{\x93N\xc5\x94 sa han}\n')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        stream, _ = _io.open_text(path)
        text = stream.read()
        stream.close()
    assert text.endswith("{\u201cNÅ\u201d sa han}\n") and not caught


_NORDIC_CUP_1252 = (
    '[Event "Nordisk lagturnering \u201cBLÅ\u201d"]\n[Site "Café \u201cLe Château\u201d, Ålesund"]\n'
    '[Board "1"]\n[West "Bjørn Ågren"]\n[North "François Lefèvre"]\n[East "Józef Wójcik"]\n'
    '[South "Åsa Nyström"]\n{Nord sa \u201cNÅ\u201d \u2013 og Syd svarte \u201cPASS\u2026\u201d}\n'
)


def test_a_windows_1252_file_with_two_capitals_before_curly_quotes_is_not_taken_for_utf8(
    tmp_path: Path,
) -> None:
    """``“BLÅ”`` and ``“NÅ”`` in Windows-1252: each ``Å”`` (0xC5 0x94) is also UTF-8's ``Ŕ``, but the opening
    quote of the same word (0x93) is not UTF-8, so neither is taken for a UTF-8 letter: two are no proof."""
    data = _NORDIC_CUP_1252.encode("cp1252")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert _text_of(data, tmp_path) == _NORDIC_CUP_1252
        (board,) = read(tmp_path / "f.pbn")
    assert (board.event, board.players[Seat.W]) == ("Nordisk lagturnering \u201cBLÅ\u201d", "Bjørn Ågren")
    assert not caught


def test_a_windows_1252_capital_before_a_no_break_space_in_a_quoted_word_is_not_taken_for_utf8(
    tmp_path: Path,
) -> None:
    # "Å" then a no-break space (0xC5 0xA0) is also UTF-8's "Š", which alone would prove UTF-8; the word's
    # opening quote (0x93) is not UTF-8, so it does not count.
    text = '[Event "Klubbkväll \u201cBLÅ\xa0LAGET\u201d"]\n[West "Åsa Nyström"]\n'
    assert _text_of(text.encode("cp1252"), tmp_path) == text


def test_a_utf8_name_in_windows_1252_quotes_is_still_read_as_utf8(tmp_path: Path) -> None:
    # UTF-8 "é" (0xC3 0xA9) is "Ã©" in Windows-1252, which no real word holds: the name is UTF-8 even in a
    # word whose quotes (0x93, 0x94) are not.
    assert _text_of(b"{Lead by \x93Jos\xc3\xa9\x94}\n", tmp_path) == "{Lead by \u201cJosé\u201d}\n"


def test_a_windows_1252_capital_before_a_guillemet_in_a_quoted_word_is_not_taken_for_utf8(
    tmp_path: Path,
) -> None:
    # Swedish quotes »NÅ»: "Å»" (0xC5 0xBB) is also UTF-8's "Ż"; the opening "»" is not UTF-8 alone.
    text = "{Han sa \xbbNÅ\xbb och \xbbJA\xbb \u2013 Åsa Nyström}\n"
    assert _text_of(text.encode("cp1252"), tmp_path) == text


def test_two_windows_1252_capitals_before_curly_quotes_after_the_first_chunk_are_not_taken_for_utf8(
    tmp_path: Path,
) -> None:
    head = b'[Event "\x93Club\x94"]\n' + (b"{" + b"x" * 100 + b"}\n") * 700
    path = tmp_path / "late.pbn"
    path.write_bytes(head + _NORDIC_CUP_1252.encode("cp1252"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        stream, _ = _io.open_text(path)
        text = stream.read()
        stream.close()
    assert text.endswith(_NORDIC_CUP_1252) and not caught


@pytest.mark.parametrize("cut", range(1, 12))
def test_a_word_cut_between_two_reads_is_looked_at_whole(cut: int) -> None:
    """The quote opening ``“NÅ”`` (0x93) is not UTF-8 wherever the bytes are cut; UTF-8 ``Łódź`` is."""
    code_page = b"{\x93N\xc5\x94 og \x93P\xc5\x94}\n"
    utf8 = "{Łódź, Michał}\n".encode()
    for data, is_utf8 in ((code_page, False), (utf8, True)):
        letters = _io._Utf8Letters()
        found = [letters.found_in(data[:cut], more=True), letters.found_in(data[cut:], more=True),
                 letters.found_in(b"")]
        assert any(found) is is_utf8


class _ShortReads(io.RawIOBase):
    """A pipe's bytes as a slow writer gives them: not seekable, at most ``piece`` bytes a read."""

    def __init__(self, data: bytes, piece: int = 5000) -> None:
        self._data, self._at, self._piece = data, 0, piece

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]  # typeshed: Buffer
        n = min(len(buffer), self._piece, len(self._data) - self._at)
        buffer[:n] = self._data[self._at : self._at + n]
        self._at += n
        return n


def _read_with_warnings(source: _io.PathOrFile) -> tuple[str, str, list[str]]:
    """The text, encoding and warnings of ``source`` opened as `read` opens it."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        stream, _ = _io.open_text(source)
        with stream:
            text = stream.read()
            stray = _io.stray_lines(stream)
            issue = stray.issue() if stray is not None else None
    return text, stream.encoding, [str(w.message) for w in caught] + ([issue.message] if issue else [])


def test_a_pipe_giving_short_reads_is_decided_as_the_same_file_from_a_path() -> None:
    """errors_10_excerpt.pbn (Windows-1252 accents after 11 KB of ASCII) read 5,000 bytes at a time: the
    first read alone is ASCII, which decided UTF-8 with its accented lines stray; now all of it counts."""
    path = Path(__file__).parent / "data" / "pbn" / "verifier" / "errors_10_excerpt.pbn"
    text, encoding, said = _read_with_warnings(_ShortReads(path.read_bytes()))
    assert (text, encoding, said) == _read_with_warnings(path)
    assert (encoding, said) == ("cp1252", [])


def test_standard_input_is_decided_on_the_whole_of_it_as_a_path_is(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """64 KiB of Windows-1252 then a UTF-8 name, through a pipe giving short reads: read as the mixed file
    it is, as from a path (the name ``José``, the warning), not in the code page to the end (``JosÃ©``)."""
    data = b'[Event "\x93Club\x94"]\n' + (b"{" + b"x" * 100 + b"}\n") * 700 + b'[West "Jos\xc3\xa9"]\n'
    path = tmp_path / "late.pbn"
    path.write_bytes(data)

    class FakeStdin:
        buffer = io.BufferedReader(_ShortReads(data))

    monkeypatch.setattr("sys.stdin", FakeStdin)
    text, encoding, said = _read_with_warnings("-")
    assert text.endswith('[West "José"]\n') and text.startswith('[Event "\u201cClub\u201d"]')
    assert (text, encoding, said) == _read_with_warnings(path)
    assert said == ["bytes that are not UTF-8 were read as Windows-1252 on line 1"
                    " (the rest of the file is UTF-8)"]
    assert not FakeStdin.buffer.closed


def test_utf8_letters_between_windows_1252_quotes_read_as_utf8_in_a_mixed_file(tmp_path: Path) -> None:
    """A UTF-8 file with quotes and dashes typed in Windows-1252 (a file edited in two programs): every
    valid UTF-8 letter is UTF-8's, however the code page's bytes stand around it (``„Wisłą Kraków”``,
    ``“PÅ SPEL”``, ``GÖTEBORG–MALMÖ``, ``„Tě šest“``); a Windows ``“NÅ”`` in such a file reads ``“NŔ”``
    (docs/formats.md)."""
    data = (b'[West "Jos\xc3\xa9"]\n{\x84Wis\xc5\x82\xc4\x85 Krak\xc3\xb3w\x94 \x93P\xc3\x85 SPEL\x94 '
            b'G\xc3\x96TEBORG\x96MALM\xc3\x96 \x84T\xc4\x9b \xc5\xa1est\x93}\n')
    assert _text_of(data, tmp_path) == ('[West "José"]\n{\u201eWisłą Kraków\u201d \u201cPÅ SPEL\u201d '
                                        'GÖTEBORG\u2013MALMÖ \u201eTě šest\u201c}\n')


def test_a_utf8_letter_in_a_mixed_files_windows_1252_word_stays_utf8(tmp_path: Path) -> None:
    # UTF-8 "ł" (0xC5 0x82) in Windows-1252 quotes is "Å‚" in the code page: a lower-case word goes on
    # into it, and 0x82 ends no word, so the letter is UTF-8's.
    data = b'[West "Jos\xc3\xa9"]\n{Lead by \x93Micha\xc5\x82\x94}\n'
    assert _text_of(data, tmp_path) == '[West "José"]\n{Lead by \u201cMichał\u201d}\n'


def test_a_lone_utf8_letter_in_a_windows_1252_file_reads_as_utf8(tmp_path: Path) -> None:
    """A Windows-1252 file (curly quotes, 0x93 0x94) holding one UTF-8 ``ł`` (0xC5 0x82), which alone does
    not make the file UTF-8 (it is a code page's ``Å‚`` too): read in the code page the name would be
    ``MichaÅ‚``, no word; as UTF-8 it is a letter in its word, so it is read so."""
    data = '{Lead by \u201cMicha'.encode("cp1252") + "ł".encode() + '\u201d \u2013 Åsa}\n'.encode("cp1252")
    assert _text_of(data, tmp_path) == "{Lead by \u201cMichał\u201d \u2013 Åsa}\n"


def test_a_windows_1252_capital_before_a_quote_stays_in_the_code_page_in_a_windows_1252_file(
    tmp_path: Path,
) -> None:
    text = "{Han sa \u201cNÅ\u201d, \u201cBLÅ\u2026\u201d och \u201cMÅ\u2019\u201d}\n"
    assert _text_of(text.encode("cp1252"), tmp_path) == text


def test_pairs_read_as_their_words_say_across_the_reads_of_a_pipe(tmp_path: Path) -> None:
    # The same words, line after line, over many reads of 5,000 bytes and chunks of the text stream: each
    # word is decided whole wherever the reads cut it.
    line = '{\u201cMicha'.encode("cp1252") + "ł".encode() + '\u201d sa \u201cNÅ\u201d}\n'.encode("cp1252")
    data = line * 3000
    expected = "{\u201cMichał\u201d sa \u201cNÅ\u201d}\n" * 3000
    assert _text_of(data, tmp_path) == expected
    assert _read_with_warnings(io.BufferedReader(_ShortReads(data)))[0] == expected


def test_a_utf8_capital_before_a_windows_1252_quote_in_a_mixed_file_stays_utf8(tmp_path: Path) -> None:
    """UTF-8 ``Ö`` (0xC3 0x96) and ``Å`` (0xC3 0x85) end in bytes that are a Windows-1252 dash and ellipsis
    too; in Windows-1252 quotes (0x93 0x94, 0x92) the quote after them goes on no UTF-8 character, so the
    pair before it is UTF-8's letter, not the code page's ``Ã–``: ``“NÅ”``'s quote ends its word."""
    data = (b'[North "Micha\xc5\x82 \xc5\x81\xc3\xb3d\xc5\xba"]\n'
            b'[West "\x93MALM\xc3\x96\x94 \x93BL\xc3\x85\x94 MALM\xc3\x96\x92s"]\n')
    assert _text_of(data, tmp_path) == ('[North "Michał Łódź"]\n'
                                        '[West "\u201cMALMÖ\u201d \u201cBLÅ\u201d MALMÖ\u2019s"]\n')


@pytest.mark.parametrize("words", ["BLÅ\u2013VIT", "GÅ\u2019s team", "\u201cSKÅ\u2014NE\u201d", "TRÄ\u2022X",
                                   "Ä\u201ex"])
def test_a_windows_1252_capital_before_punctuation_stays_in_the_code_page_in_a_windows_1252_file(
    words: str, tmp_path: Path,
) -> None:
    """In a Windows-1252 file a pair that is a UTF-8 capital (``Å–`` is ``Ŗ``, ``Å’`` is ``Œ``, ``Ä„`` is
    ``Ą``), or a small letter after a capital (``Å—`` is ``ŗ``, ``Ä•`` is ``ĕ``), is the code page's: only a
    small letter going on a small letter (``Michał``) is read as UTF-8."""
    text = f'[West "Håkan {words}"]\n'
    assert _text_of(text.encode("cp1252"), tmp_path) == text


def test_utf8_small_letters_going_on_a_small_letter_read_as_utf8_in_a_windows_1252_file(
    tmp_path: Path,
) -> None:
    # "ł" (0xC5 0x82) after "a", "ę" (0xC4 0x99) after that "ł": a Polish name in a Windows-1252 file.
    data = '[West "Håkan"]\n{\u201cWa'.encode("cp1252") + "łęsa".encode() + "\u201d}\n".encode("cp1252")
    assert _text_of(data, tmp_path) == '[West "Håkan"]\n{\u201cWałęsa\u201d}\n'


def test_a_utf8_small_letter_after_a_utf8_capital_stays_in_the_code_page_in_a_windows_1252_file(
    tmp_path: Path,
) -> None:
    """Czech ``Úřadu`` typed in UTF-8 between Windows-1252 quotes: ``Ú`` (0xC3 0x9A) is a capital, so the
    code page's ``Ãš``, and ``ř`` (0xC5 0x99) after it is the code page's ``Å™`` too: the capital's second
    byte is no small ``š`` for ``ř`` to go on. The word stays whole in the code page (it reads back as
    UTF-8 from its Windows-1252 bytes), not half of each, ``Ãšřadu``."""
    data = '[Event "Pohár \u201c'.encode("cp1252") + "Úřadu".encode() + ' vlády\u201d"]\n'.encode("cp1252")
    in_the_code_page = "Úřadu".encode().decode("cp1252")
    assert _text_of(data, tmp_path) == f'[Event "Pohár \u201c{in_the_code_page} vlády\u201d"]\n'


@pytest.mark.parametrize("name", ["Öberg", "Çelik", "Śliwa"])
def test_a_one_line_utf8_file_with_one_capital_before_a_code_page_symbol_reads_as_utf8(
    name: str, tmp_path: Path,
) -> None:
    """``Ö`` is 0xC3 0x96, Windows-1252's ``Ã–`` too, and one such pair is no proof of UTF-8; but a file that
    decodes as UTF-8 is UTF-8, however short, so a one-name file keeps its name. A one-line Windows-1252
    file of the same shape, ``[West "NÅ”"]``, reads ``NŔ`` (docs/formats.md)."""
    text = f'[West "{name}"]\n'
    assert _text_of(text.encode(), tmp_path) == text


def test_a_utf8_file_reads_as_utf8_after_a_long_word(tmp_path: Path) -> None:
    """A word of a hundred ``中`` (300 bytes, longer than a word is looked at whole) and then ``×`` (0xC3
    0x97, a Windows-1252 ``Ã—`` too): the look along the word stops on whole characters, so no half
    character counts as a byte that is not UTF-8."""
    text = '[Event "' + "中" * 100 + '×2"]\n'
    assert _text_of(text.encode(), tmp_path) == text


_MIXED_WORDS = ('[North "Michał"]\n[West "\u201cMALMÖ\u201d"]\n{Nord sa \u201cPÅ SPEL\u201d}\n'
                '[Event "' + "中" * 100 + '×2"]\n')
_WINDOWS_WORDS = '[West "Håkan BLÅ\u2013VIT"]\n{\u201cMicha'


@pytest.mark.parametrize("piece", [1, 2, 3, 7, 64, 257])
@pytest.mark.parametrize(("data", "expected"), [
    (b'[North "Micha\xc5\x82"]\n[West "\x93MALM\xc3\x96\x94"]\n{Nord sa \x93P\xc3\x85 SPEL\x94}\n'
     + ('[Event "' + "中" * 100 + '×2"]\n').encode(), _MIXED_WORDS),
    (_WINDOWS_WORDS.encode("cp1252") + "ł".encode() + "\u201d}\n".encode("cp1252"),
     _WINDOWS_WORDS + "ł\u201d}\n"),
], ids=["mixed", "windows-1252"])
def test_pairs_read_as_their_words_say_however_a_pipe_cuts_the_bytes(
    data: bytes, expected: str, piece: int,
) -> None:
    assert _read_with_warnings(io.BufferedReader(_ShortReads(data, piece)))[0] == expected


@pytest.mark.parametrize("pair, proof", [(b"\xc5\x94", False), (b"\xc5\xa0", True)])
def test_a_lookalike_far_from_a_code_page_byte_in_a_long_word_is_utf8(pair: bytes, proof: bool) -> None:
    """A word is looked at 256 bytes either side of the letter: a Windows quote (0x93) further off in a
    word of 600 bytes leaves ``Ŕ`` (one capital before punctuation, counted) and ``Š`` (proof) UTF-8."""
    letters = _io._Utf8Letters()
    found = letters.found_in(b"a" * 300 + b"\x93" + b"a" * 300 + b"N" + pair + b"a" * 10)
    assert (found, letters.ambiguous) == (proof, 0 if proof else 1)


@pytest.mark.parametrize("word", [b"\x93N\xc5\xa0", b"N\xc5\xa0\x93",
                                  b"a" * 200 + b"\x93N\xc5\xa0" + b"b" * 200])
def test_a_lookalike_in_a_word_with_a_code_page_byte_is_not_utf8(word: bytes) -> None:
    """``Å`` before a no-break space (UTF-8's ``Š``) next to a Windows quote, in a short word or a long one,
    at the start of the bytes or not, is the code page's."""
    for data in (word, b"{" + word + b"}"):
        letters = _io._Utf8Letters()
        assert not letters.found_in(data) and letters.ambiguous == 0


@pytest.mark.parametrize("seed", range(6))
def test_each_letter_of_a_long_word_with_stray_bytes_is_judged_by_the_bytes_around_it(seed: int) -> None:
    """A long word's letters are judged from where its stray bytes lie (`_io._LongWord`) as the bytes
    around each would be decoded (`_io._in_a_utf8_word`): a character cut where the look stops included."""
    rng = random.Random(seed)
    pieces = [b"a", b"a", b"\xc3\x85", b"\xc5\xa0", b"\x93", b"\xe2\x80", b"\xe2\x80\x93", b"\xf0\x9f\x98",
              b"\xbf", b"\0"]
    for _ in range(60):
        stray = rng.choice([0.02, 0.1, 1.0])
        weights = [40, 40, 6, 3, stray, stray, 1, stray, stray, stray]
        data = b" " + b"".join(rng.choices(pieces, weights, k=rng.randrange(100, 700)))
        text = data.decode("utf-8", "surrogateescape")
        cut = rng.randrange(1, len(text))
        word = _io._LongWord(data, text[1:cut], text[cut:], 1)
        at_byte, letters = 1, []
        for character in text[1:cut]:
            if _io._LOOKALIKE_LETTER.match(character):
                letters.append(at_byte)
            at_byte += len(character.encode("utf-8", "surrogateescape"))
        assert word.letters == letters
        for letter in letters:
            assert word.utf8_around(data, letter) == _io._in_a_utf8_word(data, letter, letter + 2), \
                (seed, data, letter)


def _characters_from(first: int, last: int) -> list[tuple[str, bytes]]:
    return [(chr(code), chr(code).encode("utf-8")) for code in range(first, last + 1)
            if not 0xD800 <= code <= 0xDFFF]


def test_the_letters_searched_for_in_text_are_the_utf8_letters_a_hand_record_holds() -> None:
    """`_io._SURE_LETTER` and `_io._LOOKALIKE_LETTER`, searched for in decoded text, split between them
    the characters whose bytes `_io._UTF8_LETTER` matches, and `_io._MAYBE_UTF8` finds each one's start."""
    for character, encoded in _characters_from(0x80, 0x2FFF):
        sure = _io._SURE_LETTER.fullmatch(character) is not None
        lookalike = _io._LOOKALIKE_LETTER.fullmatch(character) is not None
        assert (_io._UTF8_LETTER.fullmatch(encoded) is not None) == (sure or lookalike), character
        assert not (sure and lookalike), character
        assert not (sure or lookalike) or _io._MAYBE_UTF8.match(encoded), character


def test_the_lookalike_letters_searched_for_in_text_are_those_searched_for_in_bytes() -> None:
    """A lookalike letter and an ambiguous one are the same characters searched for in decoded text
    (`_io._LOOKALIKE_LETTER`, `_io._AMBIGUOUS_LETTER`) as in a file's bytes (`_io._CODE_PAGE_LOOKALIKE`,
    `_io._CAPITAL_AND_PUNCTUATION`)."""
    for character, encoded in _characters_from(0x80, 0x2FFF):
        assert (_io._LOOKALIKE_LETTER.fullmatch(character) is None) == \
            (_io._CODE_PAGE_LOOKALIKE.fullmatch(encoded) is None), character
        assert (_io._AMBIGUOUS_LETTER.fullmatch(character) is None) == \
            (_io._CAPITAL_AND_PUNCTUATION.fullmatch(encoded) is None), character


def test_input_of_no_known_format_is_refused_naming_every_format_read() -> None:
    from bridgetools.formats import READABLE

    with pytest.raises(BridgeError, match="cannot tell the format") as refused:
        list(read(io.StringIO("Bring the boards for Tuesday.\n")))
    named = str(refused.value).split("(expected ")[1].split(")")[0]  # JSON Lines is JSON to a reader
    words = {word.strip(",").lower() for word in named.split() if word.strip(",").isupper()}
    assert words == {{"jsonl": "json"}.get(fmt, fmt) for fmt in READABLE}


_PRINTALL = ("   1.\n"
             "Q 4                 A K 7 2             9 8 6 3             J T 5 \n"
             "A Q T 6 3           9 5 4               K 8 7               J 2 \n"
             "A 7 3               J 6 4 2             9 5                 K Q T 8 \n"
             "A J 7               T 6                 K Q 4 3             9 8 5 2 \n\n")
_PRINTEW = ("T 7 6               9 2 \nA T 4               Q 8 7 6 \n"
            "8                   K Q J T 6 5 \nA K T 9 7 5         6 \n\n")
_ONELINE = "n Q7432.Q63.983.J4 e .J92.QT6.A986532 s KJT95.K854.K5.KT w A86.AT7.AJ742.Q7 \n"
_COMPACT = "n Q7432.Q63.983.J4\ne .J92.QT6.A986532\ns KJT95.K854.K5.KT\nw A86.AT7.AJ742.Q7\n"


@pytest.mark.parametrize(("text", "action"), [
    (_PRINTALL + "Generated 42 hands\nProduced 1 hands\n", "printall"),
    ("\ufeff" + _PRINTALL.replace("\n", "\r\n"), "printall"),
    (_ONELINE, "printoneline"), (_COMPACT, "printcompact"), (_PRINTEW, "printew"),
    ("\n\nNorth hands:\n\n\n\n   1.                  2.\n", "print"),
])
def test_dealers_printed_boards_are_refused_naming_the_action_and_how_to_get_a_file(text: str,
                                                                                     action: str) -> None:
    # a teacher's old dealer output was `cannot tell the format ...; name it with format=`, though no format
    # reads it: it says what it is and how to get the boards as a file
    with pytest.raises(BridgeError) as refused:
        list(read(io.StringIO(text)))
    assert f"dealer's {action} output, boards laid out to read, not a hand record" in str(refused.value)
    assert str(refused.value).endswith("bridgetools deal -f SCRIPT -o boards.pbn, or with action printpbn")


_PRINT_ONE = "\n\n{} hands:\n\n\n\n   1.               \n- \nA 8 5 4 \nJ T 8 3 2 \nA K 3 2 \n\n"
"""What dealer's print(north) prints of one board, each a row of its own."""


@pytest.mark.parametrize(("text", "action"), [
    (_PRINT_ONE.format("North"), "print"), (_ONELINE + _PRINT_ONE.format("East"), "printoneline"),
])
def test_dealers_printed_boards_are_named_by_the_action_printed_first(text: str, action: str) -> None:
    # print(north)'s one board a row is numbered as printall's boards are, under its "North hands:" heading,
    # and `action printoneline, print(east)` prints both: dealer's Refer.evaluation was named printall and
    # Refer.notrump print
    with pytest.raises(BridgeError) as refused:
        list(read(io.StringIO(text)))
    assert f"dealer's {action} output" in str(refused.value)


def test_the_size_a_progress_bar_counts_is_a_regular_files_alone(tmp_path: Path) -> None:
    # One measure for convert's bar and export's: a folder or stdin counts nothing, not a folder's 4096.
    path = tmp_path / "a.pbn"
    path.write_bytes(b"x" * 7)
    assert _io.regular_size(str(path)) == 7
    assert _io.regular_size(str(tmp_path)) is None and _io.regular_size("-") is None
    assert _io.regular_size(str(tmp_path / "missing.pbn")) is None


def test_each_name_the_api_table_of_docs_formats_gives_is_there() -> None:
    # the table listed `FORMATS` beside bt.read, and bt.FORMATS raised AttributeError
    import importlib
    import re

    text = (Path(__file__).parents[1] / "docs" / "formats.md").read_text(encoding="utf-8")
    table = text[text.index("| function | what |"):].split("\n\n", 1)[0]
    named = re.findall(r"^\| `([\w.]+)", table, re.M)
    assert len(named) >= 6, named
    for name in named:
        module, _, attribute = name.rpartition(".")
        assert hasattr(importlib.import_module(module or "bridgetools"), attribute), name


def test_reading_a_dlr_file_names_it_a_dealer_script_that_generate_deals(tmp_path: Path) -> None:
    from bridgetools.formats import read

    script = tmp_path / "teach.dlr"
    script.write_text("dealer north\ncondition hcp(north) >= 15\n", encoding="utf-8")
    with pytest.raises(BridgeError, match=r"teach\.dlr: a dealer script \(\.dlr\), not a hand record .*: "
                                          r"deal it with bridgetools\.generate\(open\(.*\)\.read\(\), n\)$"):
        list(read(script))
