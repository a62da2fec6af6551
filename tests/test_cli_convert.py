"""``bridgetools convert`` and ``validate``: several inputs into one output, issues as file:line:col."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.formats import jsonfmt, lin

DATA = Path(__file__).parent / "data" / "lin"
SAMPLE = DATA / "bridge-bots__sample.lin"
VUGRAPH = DATA / "bridge-bots__usbf_sf_14502.lin"
BAD_LIN = "pn|a,b,c,d|md|3SA,,,|sv|q|\nmb|1S|mb|1H|\n"
SAMPLE_DEAL = "3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,"
SV_COLUMN = BAD_LIN.index("sv|q|") + 4  # the bad vulnerability q, on line 1; the illegal 1H is at 2:10


def run(*args: str, input: str | None = None) -> object:
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def boards_of(path: Path) -> list:
    return list(lin.read_boards(path.open(encoding="utf-8"), str(path)))


def test_convert_several_inputs_into_one_jsonl_file(tmp_path: Path) -> None:
    out = tmp_path / "all.jsonl"
    result = run("convert", str(SAMPLE), str(VUGRAPH), "-o", str(out))
    assert result.exit_code == 0, result.output
    lines = out.read_text().splitlines()
    assert len(lines) == 1 + 30
    assert json.loads(lines[0])["schema"] == jsonfmt.SCHEMA


def test_convert_infers_the_format_from_the_output_suffix(tmp_path: Path) -> None:
    out = tmp_path / "copy.lin"
    assert run("convert", str(VUGRAPH), "-o", str(out)).exit_code == 0
    assert boards_of(out) == boards_of(VUGRAPH)


def test_convert_reads_stdin_and_writes_stdout() -> None:
    result = run("convert", "-", "--format", "lin", input=SAMPLE.read_text())
    assert result.exit_code == 0
    assert "md|1SQ982HQ82DKQ763CT" in result.output


def test_convert_to_text_shows_diagrams() -> None:
    result = run("convert", str(SAMPLE), "--format", "text", "--suits", "ascii")
    assert result.exit_code == 0
    assert "Board 15" in result.output and "Contract 3NT by N" in result.output  # N bid 2NT first


def test_convert_never_touches_its_inputs(tmp_path: Path) -> None:
    source = tmp_path / "in.lin"
    source.write_text(SAMPLE.read_text())
    before = source.read_bytes()
    result = run("convert", str(source), "-o", str(source))
    assert result.exit_code == 2 and "also an input" in result.output
    run("convert", str(source), "-o", str(tmp_path / "out.json"))
    assert source.read_bytes() == before


def test_convert_prints_issues_as_file_line_column_and_goes_on(tmp_path: Path) -> None:
    source = tmp_path / "bad.lin"
    source.write_text(BAD_LIN)
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "out.lin")])
    assert result.exit_code == 1  # written; sv|q| cannot be read, a problem of syntax
    assert f"{source}:1:{SV_COLUMN}: not a vulnerability" in result.output
    assert f"{source}:2:10: illegal call 1H" in result.output


def test_convert_carries_a_lessons_introduction_lin_to_pbn_and_back_with_no_warning(tmp_path: Path) -> None:
    source = tmp_path / "a.lin"
    source.write_text("nt|Intro|qx|o1|md|1SAKQJT98765432,H23456789TJQKA,DAKQJT98765432,|\n")
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "a.pbn")])
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
    pbn = (tmp_path / "a.pbn").read_text(encoding="utf-8")
    assert pbn.index("{Intro}") < pbn.index("[Event")
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "a.pbn"), "-f", "lin"])
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
    assert result.stdout.startswith("nt|Intro|qx|o1|")


def test_convert_strict_stops_with_one_line_and_writes_nothing(tmp_path: Path) -> None:
    source = tmp_path / "bad.lin"
    source.write_text(BAD_LIN)
    out = tmp_path / "out.lin"
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(out), "--strict"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)  # not a crash
    assert len(result.output.strip().splitlines()) == 1
    assert not out.exists()


@pytest.mark.parametrize(
    "content", [b"\x00\xff\xfe garbage | | |", b"pn|", b"", b'{"schema": 3', b'[Event "x"]\n', b"||||||\n"]
)
def test_malformed_input_is_never_a_traceback(tmp_path: Path, content: bytes) -> None:
    source = tmp_path / "junk.lin"
    source.write_bytes(content)
    result = CliRunner().invoke(cli, ["convert", str(source), "--format", "json", "--strict"])
    assert result.exit_code in (0, 1)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output


def test_an_unknown_output_suffix_asks_for_format(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", str(SAMPLE), "-o", str(tmp_path / "x.abc")])
    assert result.exit_code == 2 and "--format" in result.output  # (x.doc names a kind convert refuses)


@pytest.mark.parametrize("name", ["club", "/dev/null"])
def test_an_output_name_without_suffix_is_written_as_pbn(tmp_path: Path, name: str) -> None:
    # As --format's help says ("from the -o suffix, else pbn") and as deal does: it was a usage error.
    out = name if name.startswith("/") else str(tmp_path / name)
    result = CliRunner().invoke(cli, ["convert", str(SAMPLE), "-o", out])
    assert result.exit_code == 0, result.output
    if out != "/dev/null":
        assert Path(out).read_text(encoding="utf-8").startswith("% PBN")


@pytest.mark.parametrize(("name", "pointer"), [("records.pdf", "bridgetools print"),
                                              ("records.html", "bridgetools print"),
                                              ("season.csv", "bridgetools analyze"), ("notes.docx", "")])
def test_a_suffix_of_a_kind_convert_does_not_write_is_refused_even_with_format(tmp_path: Path, name: str,
                                                                               pointer: str) -> None:
    # As deal does: --format text used to put a text diagram under records.pdf.
    out = tmp_path / name
    result = CliRunner().invoke(cli, ["convert", str(SAMPLE), "-o", str(out), "--format", "text"])
    assert result.exit_code == 2 and not out.exists()
    assert f"convert does not write {out.suffix} files" in result.output and pointer in result.output


def test_an_output_suffix_naming_another_format_than_format_is_refused_and_nothing_written(
    tmp_path: Path,
) -> None:
    out = tmp_path / "y.pbn"
    result = CliRunner().invoke(cli, ["convert", str(SAMPLE), "-o", str(out), "-f", "lin"])
    assert result.exit_code == 2 and not out.exists()
    assert f"{out} names a pbn file but --format is lin" in result.output


@pytest.mark.parametrize(("fmt", "name", "blind"), [("dupblind", "s.dup", " " * 68),
                                                    ("dlmblind", "s.dlm", "Status=Sealed")],
                         ids=["dupblind", "dlmblind"])
def test_a_blind_variant_writes_its_format_s_suffix(tmp_path: Path, fmt: str, name: str, blind: str) -> None:
    out = tmp_path / name  # docs/records.md: convert session.pbn --format dupblind -o session.dup
    result = run("convert", "-q", str(Path(__file__).parent.parent / "samples" / "club_night.pbn"),
                 "--format", fmt, "-o", str(out))
    assert result.exit_code == 0, result.output
    assert blind in out.read_text(encoding="latin-1")


def test_a_jsonl_suffix_is_not_taken_for_json(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", str(SAMPLE), "-o", str(tmp_path / "y.json"), "-f", "jsonl"])
    assert result.exit_code == 2 and "names a json file but --format is jsonl" in result.output


def test_an_output_suffix_no_format_claims_takes_the_format_named(tmp_path: Path) -> None:
    out = tmp_path / "y.dat"
    assert run("convert", str(SAMPLE), "-o", str(out), "-f", "lin").exit_code == 0
    assert boards_of(out) == boards_of(SAMPLE)


def test_a_missing_input_is_one_line_and_exit_1(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "nope.lin"), "--format", "lin"])
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1


def test_a_json_file_with_a_brace_too_many_is_one_line_naming_its_place_and_the_end_expected(
        tmp_path: Path) -> None:
    source = tmp_path / "one.json"
    source.write_text('{"number": 1}}\n')
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "one.pbn")])
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1
    assert f"{source}:1:14: " in result.output
    assert "expected the end of the file after the boards, found '}'" in result.output


def test_validate_clean_files_exit_0() -> None:
    result = CliRunner().invoke(cli, ["validate", *map(str, sorted(DATA.glob("*.lin")))])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""


def test_validate_lists_every_issue_and_exits_1(tmp_path: Path) -> None:
    source = tmp_path / "bad.lin"
    source.write_text(BAD_LIN)
    result = CliRunner().invoke(cli, ["validate", str(SAMPLE), str(source)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert [line.split(": ")[0] for line in lines] == [f"{source}:1:{SV_COLUMN}", f"{source}:2:10"]


def test_validate_lists_every_problem_of_a_file_with_no_readable_board_in_order_then_says_so(
    tmp_path: Path,
) -> None:
    source = tmp_path / "bad.lin"
    source.write_text("md|9zz|sv|q|mb|1x|\nqq")
    result = CliRunner().invoke(cli, ["validate", str(source)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = result.stdout.splitlines()
    places = [tuple(int(p) for p in line[len(str(source)) + 1:].split(": ")[0].split(":"))
              for line in lines[:-1]]
    assert places == [(1, 4), (1, 11), (1, 16), (2, 1)]  # each bad value, then the tail
    assert lines[-1] == f"{source}: no boards found (read as LIN)"
    assert "0 boards, 5 problems" in result.stderr


def test_validate_of_a_pbn_file_with_no_tag_pair_says_its_one_problem_on_one_line(tmp_path: Path) -> None:
    """It said the file held no tag pair, then that it held no boards: two lines, "2 problems", for one."""
    source = tmp_path / "notag.pbn"
    source.write_text("just some words\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(source)])
    assert result.exit_code == 1
    [line] = result.stdout.splitlines()
    assert "no PBN tag pair" in line and line.endswith("; no boards found (read as PBN)")
    assert "1 file, 0 boards, 1 problem" in result.stderr


def test_validate_of_an_empty_file_says_so_at_its_start_on_one_line(tmp_path: Path) -> None:
    source = tmp_path / "empty.pbn"
    source.write_text("", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(source)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [f"{source}:1:1: no boards found: the input is empty"]
    assert "1 file, 0 boards, 1 problem" in result.stderr


def test_validate_reports_an_unreadable_file_as_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "missing.pbn")])
    assert result.exit_code == 1
    assert result.stdout.strip().startswith(str(tmp_path / "missing.pbn"))


def test_validate_counts_bytes_the_encoding_cannot_decode_as_a_problem_and_exits_1(tmp_path: Path) -> None:
    source = tmp_path / "cafe.pbn"
    source.write_bytes(b'[Event "x"]\n[Site "Caf\xe9"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                       b'[Deal "N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963"]\n')
    result = CliRunner().invoke(cli, ["validate", "--encoding", "ascii", str(source)])
    assert result.exit_code == 1, result.output
    assert result.stdout == (f"{source}:2:11: 1 character could not be decoded as ascii and was replaced"
                             " by U+FFFD (the first: byte 0xE9)\n")
    assert "1 board, 1 problem" in result.stderr and "Traceback" not in result.output
    again = CliRunner().invoke(cli, ["validate", "--encoding", "cp1252", str(source)])
    assert again.exit_code == 0, again.output


def test_validate_lists_a_files_problems_in_the_order_of_their_lines() -> None:
    shared = Path(__file__).parent / "data" / "pbn" / "bridge-bots__shared_deals.pbn"
    result = CliRunner().invoke(cli, ["validate", str(shared)])
    places = [tuple(int(p) for p in line[len(str(shared)) + 1:].split(": ")[0].split(":"))
              for line in result.stdout.splitlines()]
    assert len(places) == 6 and places == sorted(places)


def test_validate_names_the_source_of_problems_a_json_file_carries_from_it(tmp_path: Path) -> None:
    shared = Path(__file__).parent / "data" / "pbn" / "bridge-bots__shared_deals.pbn"
    out = tmp_path / "sd.json"
    assert CliRunner().invoke(cli, ["convert", "-q", str(shared), "-o", str(out)]).exit_code == 0
    result = CliRunner().invoke(cli, ["validate", str(out)])
    assert result.exit_code == 1  # the data's problems still hold; the JSON keeps them as read
    lines = result.stdout.splitlines()
    assert len(lines) == 6 and all(line.startswith(f"{out}: ") for line in lines)
    assert f"{out}: board 62: recorded from {shared}:21:1: Play columns do not match" in " ".join(lines)
    assert (f"{out}: recorded from {shared}:61:1: Declarer W differs from the auction's S "
            "(board 7): the tag is kept") in lines  # the board named once, by the message
    assert result.stderr.strip() == ("1 file, 4 boards, 4 problems (4 from the files they were converted "
                                     "from), 2 notes")  # the notes are listed, and are no problems


def test_convert_lists_a_boards_problems_in_the_order_of_their_lines(tmp_path: Path) -> None:
    shared = Path(__file__).parent / "data" / "pbn" / "bridge-bots__shared_deals.pbn"
    result = CliRunner().invoke(cli, ["convert", str(shared), "-o", str(tmp_path / "out.pbn")])
    lines = [int(line.split(":")[1]) for line in result.stderr.splitlines() if line.startswith(str(shared))]
    assert len(lines) == 6 and lines == sorted(lines)


@pytest.mark.parametrize(("boards", "said"), [(1, "1 board written"), (2, "2 boards written")])
def test_convert_counts_its_boards_in_good_english(tmp_path: Path, boards: int, said: str) -> None:
    source = tmp_path / "in.pbn"
    assert CliRunner().invoke(cli, ["deal", "-n", str(boards), "-q", "-o", str(source)]).exit_code == 0
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "out.lin")])
    assert said in result.stderr and "(0 issues)" in result.stderr


def test_validate_counts_one_file_as_one_file(tmp_path: Path) -> None:
    source = tmp_path / "in.pbn"
    assert CliRunner().invoke(cli, ["deal", "-n", "1", "-q", "-o", str(source)]).exit_code == 0
    result = CliRunner().invoke(cli, ["validate", str(source)])
    assert result.stderr.strip() == "1 file, 1 board, 0 problems"


def test_the_old_to_option_still_works_with_a_deprecation_warning() -> None:
    result = CliRunner().invoke(cli, ["convert", str(SAMPLE), "--to", "lin"])
    assert result.exit_code == 0 and "--to is deprecated; use --format" in result.stderr
    assert result.stdout == CliRunner().invoke(cli, ["convert", str(SAMPLE), "--format", "lin"]).stdout


def test_the_to_option_is_hidden_from_help() -> None:
    help_text = CliRunner().invoke(cli, ["convert", "--help"]).output
    assert "--format" in help_text and "--to" not in help_text


INSUFFICIENT_LIN = "pn|a,b,c,d|md|3SAKQJT98765432,,,|sv|o|\nmb|1S|mb|1H|\n"
INSUFFICIENT_PBN = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                    '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
                    '[Auction "N"]\n1S 1H Pass Pass\nPass\n')


@pytest.mark.parametrize(("name", "text"), [("bad.lin", INSUFFICIENT_LIN), ("bad.pbn", INSUFFICIENT_PBN)])
def test_strict_says_where_it_stopped_once_and_not_what_lenient_reading_keeps(
        tmp_path: Path, name: str, text: str) -> None:
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    lenient = CliRunner().invoke(cli, ["convert", str(source), "--format", "json"])
    assert "kept as" in lenient.stderr  # lenient reading goes on, and says what it kept
    result = CliRunner().invoke(cli, ["convert", str(source), "--format", "json", "--strict"])
    [line] = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and "insufficient bid" in line
    assert "kept" not in line and line.count(str(source)) == 1


# A Latin-1 stdout: suit symbols as the format's own escapes, or nothing written ----------------------

NOTED = Path(__file__).parent / "data" / "pbn" / "endplay__sample.pbn"  # [Note "2: ♠"]


def convert_to_latin1_stdout(*args: str, first: tuple[Path, ...] = ()) -> subprocess.CompletedProcess[bytes]:
    """``convert FIRST... NOTED -o - ARGS`` in a process whose stdout is Latin-1."""
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    inputs = [str(p) for p in (*first, NOTED)]
    return subprocess.run([sys.executable, "-m", "bridgetools", "convert", *inputs, "-o", "-", *args],
                          capture_output=True, env=env, check=False)


def test_pbn_to_a_latin1_stdout_writes_suit_symbols_as_pbn_escapes() -> None:
    done = convert_to_latin1_stdout("-f", "pbn")
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("latin-1")
    assert "charset=ISO-8859-1" in text
    assert '[Note "2: \\S"]' in text  # the file's "2: ♠", its space kept
    assert text.count("[Deal ") == NOTED.read_text(encoding="utf-8").count("[Deal ")


def test_json_to_a_latin1_stdout_writes_suit_symbols_as_json_escapes() -> None:
    done = convert_to_latin1_stdout("-f", "json")
    assert done.returncode == 0, done.stderr
    boards = json.loads(done.stdout.decode("latin-1"))["boards"]
    assert "\u2660" in [note.strip() for board in boards for note in board["notes"].values()]


def test_lin_to_a_latin1_stdout_writes_suit_symbols_in_explanations_as_bbo_s_suit_marks() -> None:
    done = convert_to_latin1_stdout("-f", "lin")
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("latin-1")
    assert "|an|!S|" in text  # the Note "2: ♠" (its text "♠") as BBO writes a suit in an explanation
    assert text.count("md|") == NOTED.read_text(encoding="utf-8").count("[Deal ")


def test_lin_to_a_latin1_stdout_writes_suit_symbols_in_commentary_as_lin_s_suit_marks(tmp_path: Path) -> None:
    source = tmp_path / "commented.pbn"
    comment = "{lead a \u2665, not a \u2663}\n"
    text = NOTED.read_text(encoding="utf-8")
    source.write_text(text.replace("[Note ", comment + "[Note ", 1), encoding="utf-8")
    done = convert_to_latin1_stdout("-f", "lin", first=(source,))
    assert done.returncode == 0, done.stderr
    assert "nt|lead a @H, not a @C|" in done.stdout.decode("latin-1")


def test_rbn_to_a_latin1_stdout_writes_suit_symbols_as_letters_and_says_so() -> None:
    """RBN has no escapes: it was refused (``cannot write '\\u2660'``); it falls back to the letters, as
    text diagrams do, with a warning, since they read back as letters."""
    done = convert_to_latin1_stdout("-f", "rbn", first=(VUGRAPH,))  # 30 boards before the symbol
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("latin-1")
    assert "\n2 S\n" in text and text.count("\nH ") == 30 + NOTED.read_text(encoding="utf-8").count("[Deal ")
    warned = [line for line in done.stderr.decode().splitlines() if "suit symbols" in line]
    assert warned == ["warning: RBN to an output whose encoding has no suit symbols: they are written as "
                      "the letters S H D C (read back as letters; write UTF-8 to keep them: "
                      "encoding='utf-8', a file's default; -o FILE on the command line)"]


def test_a_character_other_than_a_suit_symbol_to_a_latin1_stdout_is_refused_before_anything_is_written(
        tmp_path: Path) -> None:
    source = tmp_path / "arrow.pbn"
    text = NOTED.read_text(encoding="utf-8")
    source.write_text(text.replace("[Note ", "{2\u2192 3}\n[Note ", 1), encoding="utf-8")
    done = convert_to_latin1_stdout("-f", "rbn", first=(VUGRAPH, source))
    assert done.returncode == 1
    assert done.stdout == b""
    (line,) = done.stderr.decode().splitlines()
    assert "cannot write '\\u2192'" in line and "--suits" not in line  # --suits is for text diagrams


# Any other single-byte stdout: the PBN declares the charset of the bytes it is written in ------------

@pytest.mark.parametrize(("encoding", "west"), [
    ("cp1252", "M\u00fcller \u2013 Gr\u00fcn"),  # the en dash is 0x96, a control character in Latin-1
    ("cp850", "M\u00fcller"),  # a DOS console's code page: \u00fc is 0x81
    ("latin-1", "M\u00fcller"),
])
def test_pbn_to_stdout_declares_the_charset_its_bytes_are_in(tmp_path: Path, encoding: str,
                                                             west: str) -> None:
    source = tmp_path / "named.pbn"
    text = NOTED.read_text(encoding="utf-8").replace('[West "', f'[West "{west} ', 1)
    source.write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    command = [sys.executable, "-m", "bridgetools", "convert", str(source), "-o", "-", "-f", "pbn"]
    done = subprocess.run(command, capture_output=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    declared = re.search(rb"charset=([A-Za-z0-9_.:-]+)", done.stdout)
    assert declared is not None
    assert west in done.stdout.decode(declared.group(1).decode("ascii"))  # what another program reads
    again = tmp_path / "again.pbn"
    again.write_bytes(done.stdout)
    assert run("convert", str(again), "-o", str(tmp_path / "back.pbn")).exit_code == 0
    assert west in (tmp_path / "back.pbn").read_text(encoding="utf-8")  # and what bridgetools reads


@pytest.mark.parametrize("text", ["garbage", "a\x00b", ""])
def test_validate_names_stdin_once_as_the_readers_do(text: str) -> None:
    result = CliRunner().invoke(cli, ["validate", "-"], input=text)
    assert result.exit_code == 1
    assert result.stdout.startswith("<stdin>:") and "-: " not in result.stdout
    assert result.stdout.count("<stdin>") == 1


CLUB_NIGHT = Path(__file__).parent.parent / "samples" / "club_night.pbn"


class Terminal:
    """A stream taken for a terminal: it says it is one and writes as the stream under it does."""

    def __init__(self, stream: object) -> None:
        self.stream = stream

    def isatty(self) -> bool:
        return True

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


def as_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's streams taken for a terminal (CliRunner's are not)."""
    from bridgetools.cli import common

    real = common.text_stream
    monkeypatch.setattr(common, "text_stream", lambda name: Terminal(real(name)))


@pytest.mark.parametrize(("fmt", "example"), [("dup", "session.dup"), ("dupblind", "session.dup"),
                                              ("bri", "session.bri"), ("dge", "session.dge")])
def test_a_binary_format_to_a_terminal_says_to_redirect(monkeypatch: pytest.MonkeyPatch, fmt: str,
                                                        example: str) -> None:
    as_a_terminal(monkeypatch)
    result = CliRunner().invoke(cli, ["convert", str(CLUB_NIGHT), "--format", fmt])
    assert result.exit_code == 1 and result.stdout_bytes == b""
    assert result.stderr == (f"Error: -o - writes a {fmt.upper()} file, which a terminal cannot show: "
                             f"redirect stdout (> {example}) or give -o {example}\n")


@pytest.mark.parametrize("fmt", ["pbn", "dlm", "rbn", "text"])
def test_a_text_format_still_goes_to_a_terminal(monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    as_a_terminal(monkeypatch)
    assert CliRunner().invoke(cli, ["convert", str(CLUB_NIGHT), "--format", fmt]).exit_code == 0


@pytest.mark.parametrize("fmt", ["dup", "bri", "dge"])
def test_a_binary_format_to_a_pipe_is_the_file_byte_for_byte(tmp_path: Path, fmt: str) -> None:
    written = tmp_path / f"session.{fmt}"
    assert run("convert", "-q", str(CLUB_NIGHT), "-o", str(written)).exit_code == 0
    piped = subprocess.run([sys.executable, "-m", "bridgetools", "convert", "-q", str(CLUB_NIGHT), "--format",
                            fmt], capture_output=True, check=True, cwd=Path(__file__).parent.parent)
    assert piped.stdout == written.read_bytes()


SHORT_AUCTION = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                 '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]\n'
                 '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n[Auction "N"]\n{calls}\n')


@pytest.mark.parametrize("calls, flagged", [("1S Pass 2S", True), ("Pass Pass", True),
                                            ("1S Pass 2S *", False), ("1S Pass 2S +", False),
                                            ("1S Pass 4S", False), ("1S Pass 4S AP", False)])
def test_validate_flags_an_unmarked_auction_stopping_short_of_the_contract(tmp_path: Path, calls: str,
                                                                         flagged: bool) -> None:
    # PBN 2.1 §3.5: an auction ends with its closing passes, or with '*' (its outcome then in Contract) or
    # '+' (to be continued); one that stops without them at another contract than the tag's is a mistake.
    source = tmp_path / "short.pbn"
    source.write_text(SHORT_AUCTION.format(calls=calls), encoding="ascii")
    result = CliRunner().invoke(cli, ["validate", str(source)])
    so_far = "passes" if calls.startswith("Pass") else "2S"
    expected = (f"{source}:8:1: Contract 4S differs from the auction's {so_far} so far: the auction stops "
                "before its closing passes without the '*' that marks it unfinished, its outcome in Contract "
                "(PBN 2.1 §3.5)\n")
    assert (result.exit_code, result.stdout) == ((1, expected) if flagged else (0, ""))


TRAVELLER = ('[Event "club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
             '[Deal "N:QJ2.Q84.K92.Q965 T976.K72.A85.K84 K43.963.QT76.AJT A85.AJT5.J43.732"]\n'
             '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R"]\n'
             '1 2 4S N 10 400\n3 4 3NT S 9 400\n')
"""A traveller whose first score is not what 4S made scores (420): a problem kept with the record."""


def test_a_problem_kept_with_the_record_is_counted_once_through_json_pbn_json(tmp_path: Path) -> None:
    # JSON keeps the problems a board was read with, and its reader checks the results' scores again: the
    # one wrong score was two problems in the JSON, and one more for each trip through JSON
    (tmp_path / "club.pbn").write_text(TRAVELLER, encoding="utf-8")
    files = ["club.pbn", "club.json", "back.pbn", "again.json"]
    for source, target in pairwise(files):
        result = CliRunner().invoke(cli, ["convert", str(tmp_path / source), "-o", str(tmp_path / target)])
        assert result.exit_code == 0 and "1 board written" in result.stderr, result.output
        assert "(1 issue)" in result.stderr, result.stderr
    result = CliRunner().invoke(cli, ["validate", *(str(tmp_path / name) for name in files)])
    assert "4 files, 4 boards, 4 problems" in result.stderr, result.output
    scored = "400 differs from the NS 420 that 4S by N with 10 tricks (Vulnerable None) scores (Law 77)"
    assert [line.split(": ", 1)[1] for line in result.stdout.splitlines()] == [
        f"ScoreTable row 1: Score_NS {scored}; the row is kept as written",
        f"results: result 1: score_ns {scored}; the result is kept as written"] * 2


def test_a_record_giving_only_a_vulnerability_is_converted_not_dropped_without_a_word(tmp_path: Path) -> None:
    """A PBN game of only ``[Vulnerable "All"]`` (PBN 2.1's own verifier file has such games) written as LIN
    is ``pn|,,,|sv|b|``: converting that LIN again kept it in the count of boards read but wrote it nowhere,
    since a record was taken for no board unless it had a number, deal or play."""
    source = tmp_path / "two.lin"
    source.write_text(f"pn|a,b,c,d|md|{SAMPLE_DEAL}|sv|o|\npn|,,,|sv|b|\n", encoding="utf-8")
    out = tmp_path / "two.pbn"
    result = run("convert", str(source), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text().count('[Vulnerable "') == 2
    assert '[Vulnerable "All"]' in out.read_text()


def test_convert_reads_one_board_object_from_stdin_without_from() -> None:
    """``jq '.boards[0]' f.json | bridgetools convert -``: one board object (no schema) is JSON by its first
    key, as an array of them is."""
    board = json.loads(run("convert", str(SAMPLE), "--format", "json").output)["boards"][0]
    result = run("convert", "-", "--format", "pbn", input=json.dumps(board, indent=2))
    assert result.exit_code == 0, result.output
    assert f'[Board "{board["number"]}"]' in result.output


def test_convert_reads_a_json_array_of_boards_from_stdin_without_from() -> None:
    """``jq .boards f.json | bridgetools convert -``: a top-level array of board objects (no schema line)
    is JSON by its content, as the same file named ``f.json`` is by its name."""
    boards = json.loads(run("convert", str(SAMPLE), "--format", "json").output)["boards"]
    result = run("convert", "-", "--format", "lin", input=json.dumps(boards, indent=2))
    assert result.exit_code == 0, result.output
    assert result.output == run("convert", str(SAMPLE), "--format", "lin").output


def _pbn_of_two_boards(path: Path) -> Path:
    result = run("deal", "-n", "2", "--seed", "3", "-o", str(path))
    assert result.exit_code == 0
    return path


def test_validate_names_a_directory_among_its_inputs_as_one_problem_and_checks_the_other_files(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "adir.pbn"
    folder.mkdir()
    result = CliRunner().invoke(cli, ["validate", str(SAMPLE), str(folder)])
    assert result.exit_code == 1 and "Usage" not in result.output
    assert result.stdout.splitlines() == [f"{folder}: is a directory, not a hand-record file"]
    assert result.stderr.startswith("2 files, 1 board, 1 problem")


def test_a_directory_given_to_print_is_one_line_naming_it_exit_1(tmp_path: Path) -> None:
    folder = tmp_path / "adir.pbn"
    folder.mkdir()
    out = tmp_path / "out.html"
    result = CliRunner().invoke(cli, ["print", str(SAMPLE), str(folder), "-o", str(out)])
    assert result.exit_code == 1 and "Usage" not in result.output
    assert result.stderr == f"Error: {folder}: is a directory, not a hand-record file\n"
    assert not out.exists()


def test_a_directory_with_no_hand_record_given_to_convert_is_one_line_naming_it_exit_1(
        tmp_path: Path) -> None:
    folder = tmp_path / "adir.pbn"
    folder.mkdir()
    out = tmp_path / "out.pbn"
    result = CliRunner().invoke(cli, ["convert", str(SAMPLE), str(folder), "-o", str(out)])
    assert result.exit_code == 1 and "Usage" not in result.output
    assert result.stderr.startswith(f"Error: {folder}: no ")
    assert result.stderr.endswith(" files in this directory\n")
    assert not out.exists()


@pytest.mark.parametrize(("command", "what"), [("show", "a hand-record file"), ("dd", "a hand-record file"),
                                             ("play", "a hand-record file"), ("rubber", "a rubber log")])
def test_a_directory_given_to_a_command_reading_one_file_is_one_line_naming_it_exit_1(
        command: str, what: str, tmp_path: Path) -> None:
    folder = tmp_path / "d2.pbn"
    folder.mkdir()
    result = CliRunner().invoke(cli, [command, str(folder)])
    assert result.exit_code == 1 and "Usage" not in result.output
    assert result.stderr == f"Error: {folder}: is a directory, not {what}\n"


def test_validate_flags_a_lin_board_number_given_again_with_another_deal(tmp_path: Path) -> None:
    text = (DATA / "endplay__example1.lin").read_text(encoding="utf-8")
    assert text.startswith("ah|Board 1|") or "ah|Board 1|" in text.splitlines()[0]
    source = tmp_path / "b7.lin"
    source.write_text(text.replace("ah|Board 1|", "ah|Board 7|", 1), encoding="utf-8")  # board 7 comes later
    result = CliRunner().invoke(cli, ["validate", str(source)])
    assert result.exit_code == 1
    [line] = [line for line in result.stdout.splitlines() if ": note: " not in line]  # a note: md's dealer
    said = "board 7 again with another deal than board 7 at line 1"
    assert line.startswith(f"{source}:7:110: {said}")


def test_a_pbn_cut_inside_a_tag_writes_no_board_for_the_fragment(tmp_path: Path) -> None:
    whole = _pbn_of_two_boards(tmp_path / "two.pbn").read_text(encoding="utf-8")
    cut = tmp_path / "cut.pbn"
    cut.write_text(whole[:whole.rindex("[Event") + len('[Event "bridgetools')], encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(cut), "-o", str(tmp_path / "out.pbn")])
    assert result.exit_code == 1  # the whole board written; a tag not closed is a problem of syntax
    assert "value is not closed" in result.stderr and "1 board written" in result.stderr
    assert (tmp_path / "out.pbn").read_text(encoding="utf-8").count("[Board ") == 1


def test_print_says_which_board_is_printed_without_hands_when_its_deal_could_not_be_read(
    tmp_path: Path,
) -> None:
    source = _pbn_of_two_boards(tmp_path / "two.pbn")
    text = source.read_text(encoding="utf-8")
    assert '[Deal "N:' in text
    source.write_text(text.replace('[Deal "N:', '[Deal "Q:', 1), encoding="utf-8")  # no such seat
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "p.html")])
    assert result.exit_code == 1  # printed; a Deal from seat Q is no deal, a problem of syntax
    assert f"warning: {source}: board 1: printed without hands (no deal read)" in result.stderr.splitlines()


# -- the progress bar of the bytes read --------------------------------------------------------------------

def test_convert_draws_the_bar_of_the_bytes_read_on_a_terminal(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """`-q, --quiet  No warnings or progress bar` promised a bar convert never drew: a 49,419-board file
    converted in 46 s with none. The bar now goes by the bytes of the input read; the output is the same."""
    plain, drawn = tmp_path / "plain.jsonl", tmp_path / "drawn.jsonl"
    assert run("convert", str(CLUB_NIGHT), "-o", str(plain)).exit_code == 0
    as_a_terminal(monkeypatch)
    result = CliRunner().invoke(cli, ["convert", str(CLUB_NIGHT), "-o", str(drawn)])
    assert result.exit_code == 0, result.output
    assert drawn.read_bytes() == plain.read_bytes()
    assert "Converting" in result.stderr and "100%" in result.stderr


def test_convert_quiet_draws_no_bar_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    as_a_terminal(monkeypatch)
    result = CliRunner().invoke(cli, ["convert", str(CLUB_NIGHT), "-q", "-o", str(tmp_path / "x.pbn")])
    assert result.exit_code == 0 and result.stderr == ""


def test_convert_draws_no_bar_in_a_pipe(tmp_path: Path) -> None:
    result = run("convert", str(CLUB_NIGHT), "-o", str(tmp_path / "x.pbn"))
    assert result.exit_code == 0  # type: ignore[attr-defined]
    assert "Converting" not in result.stderr  # type: ignore[attr-defined]


def _board_2_again(folder: Path) -> Path:
    """A PBN of boards 1, 2 and 2 again with another deal: one problem, at line 7 column 1."""
    source = folder / "again.pbn"
    deals = ("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
             "N:T98.765.432.AKQJ AKQJ.T98.765.432 432.AKQJ.T98.765 765.432.AKQJ.T98")
    source.write_text("\n".join(f'[Board "{n}"]\n[Deal "{deals[d]}"]\n' for n, d in ((1, 0), (2, 0), (2, 1))))
    return source


@pytest.mark.parametrize("command", ["convert", "validate"])
def test_a_problem_said_while_the_bar_is_drawn_starts_a_line_of_its_own(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal a problem was glued to the bar: `Converting [####] 100%/tmp/e3.pbn:7:1: board 2 ...`."""
    source = _board_2_again(tmp_path)
    as_a_terminal(monkeypatch)
    output = ["-o", str(tmp_path / "x.lin")] if command == "convert" else []
    result = CliRunner().invoke(cli, [command, str(source), *output])
    said = [line for line in result.output.splitlines() if f"{source}:7:1:" in line]
    assert said and all(line.rsplit("\x1b[K", 1)[-1].startswith(f"{source}:7:1:") for line in said), said


def test_validate_draws_the_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = run("validate", str(CLUB_NIGHT))
    as_a_terminal(monkeypatch)
    result = CliRunner().invoke(cli, ["validate", str(CLUB_NIGHT)])
    assert result.exit_code == plain.exit_code and result.stdout == plain.stdout  # type: ignore[attr-defined]
    assert "Checking" in result.stderr and "100%" in result.stderr


def test_counts_of_boards_have_thousands_separators_as_export_and_analyze_write_them(tmp_path: Path) -> None:
    """convert and validate said "9913 boards" where export and analyze said "9,913 boards"."""
    import bridgetools as bt

    many = tmp_path / "many.pbn"
    bt.write(bt.generate("", 1200, seed=1), many, "pbn")
    converted = run("convert", str(many), "-o", str(tmp_path / "many.jsonl"))
    assert converted.stderr.startswith("1,200 boards written to ")  # type: ignore[attr-defined]
    checked = run("validate", str(many))
    assert checked.stderr == "1 file, 1,200 boards, 0 problems\n"  # type: ignore[attr-defined]


def test_validate_quiet_still_lists_its_problems_and_summary_as_its_help_says(tmp_path: Path) -> None:
    source = _board_2_again(tmp_path)
    result = CliRunner().invoke(cli, ["validate", "-q", str(source)])
    assert result.exit_code == 1 and result.stdout.startswith(f"{source}:7:1: board 2 again")
    assert result.stderr == "1 file, 3 boards, 1 problem\n"
    said = " ".join(CliRunner().invoke(cli, ["validate", "--help"]).output.split())
    assert "No progress bar (the problems are still listed on stdout, the summary on stderr)." in said


def test_text_to_a_file_stays_utf8_when_stdout_is_latin1(tmp_path: Path) -> None:
    """Text for a person falls back to letters on a terminal that cannot show a character (ń as n); a file
    is UTF-8 whatever the terminal, so `-o FILE.txt` keeps the name as written."""
    source = tmp_path / "pl.pbn"
    source.write_text('[Event "Gdańsk Open"]\n[Board "1"]\n[North "Kowalczyń"]\n'
                      '[Deal "N:AKQJ.AKQJ.AKQ.AK 2345.2345.2345.2 6789.6789.6789.3 T.T.JT.QJT987654"]\n',
                      encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    shown = subprocess.run([sys.executable, "-m", "bridgetools", "convert", str(source), "-f", "text"],
                           env=env, capture_output=True, timeout=120)
    assert shown.returncode == 0 and "Kowalczyn" in shown.stdout.decode("latin-1")  # the terminal's letters
    done = subprocess.run([sys.executable, "-m", "bridgetools", "convert", str(source), "-o",
                           str(tmp_path / "pl.txt")], env=env, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    written = (tmp_path / "pl.txt").read_text(encoding="utf-8")
    assert "Gdańsk Open" in written and "Kowalczyń" in written

def test_convert_lists_the_problems_a_board_carries_from_its_source_after_the_file_s_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A JSON board keeps the problems of the file it was converted from: they name that file's lines, not
    this one's, so they follow this file's own problems (in file order) rather than mix with them."""
    import bridgetools.formats
    from bridgetools.board import Board
    from bridgetools.errors import Issue

    source = tmp_path / "club.json"
    source.write_text("", encoding="utf-8")
    carrying = Board(number=1, issues=[Issue("carried", 1, 1, "in.pbn")])
    own = Board(number=2, issues=[Issue("own", 9, 1, str(source))])
    monkeypatch.setattr(bridgetools.formats, "read", lambda *args, **kwargs: iter([carrying, own]))
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "out.pbn")])
    assert [line for line in result.stderr.splitlines() if line.startswith(str(source))] == [
        f"{source}:9:1: own", f"{source}: board 1: recorded from in.pbn:1:1: carried"]

def test_convert_lists_a_files_problems_in_file_order_as_validate_does(tmp_path: Path) -> None:
    """A DLM file cut inside board 13's line: the line cut short (36:32), then the boards after it not read
    (placed where the file ends, 36:32, not at 36:1 before it), as validate lists them."""
    from random_boards import session

    from bridgetools.formats import dumps

    text = dumps(session(24), "dlm")
    cut = tmp_path / "t2.dlm"
    cut.write_text(text[:text.index("Board 13=") + 9 + 22], encoding="ascii", newline="")
    converted = CliRunner().invoke(cli, ["convert", str(cut), "-o", str(tmp_path / "t2.pbn")])
    validated = CliRunner().invoke(cli, ["validate", str(cut)])
    placed = re.compile(rf"{re.escape(str(cut))}:\d")  # not the closing line of the exit status
    problems = [line for line in converted.stderr.splitlines() if placed.match(line)]
    assert [place.split(": ")[0] for place in problems] == [f"{cut}:36:32", f"{cut}:36:32"]
    assert "board 13: the line ends" in problems[0] and "boards 14-24 not read" in problems[1]
    assert problems == [line for line in validated.output.splitlines() if line.startswith(f"{cut}:")]


def test_convert_keeps_every_result_of_a_json_board_with_one_unreadable_tricks(tmp_path: Path) -> None:
    # "tricks": "nine" in the second result lost both: the PBN had no ScoreTable, the message no word of it
    deal = "N:T32.AKQ7.T3.AQJ2 A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.4"
    results = [{"ns_pair": 1, "ew_pair": 2, "contract": "4S", "declarer": "N", "tricks": 10},
               {"ns_pair": 3, "ew_pair": 4, "contract": "3NT", "declarer": "S", "tricks": "nine"}]
    (tmp_path / "r2.json").write_text(json.dumps([{"number": 1, "deal": deal, "results": results}]))
    result = run("convert", str(tmp_path / "r2.json"), "-o", str(tmp_path / "r2.pbn"))
    assert result.exit_code == 1, result.output  # written; "nine" is no number, a problem of syntax
    said = 'result 2: tricks: expected a whole number, found a string "nine"; read as unknown'
    assert said in result.stderr
    rows = (tmp_path / "r2.pbn").read_text().split("[ScoreTable ", 1)[1].splitlines()[1:]
    assert [row.split()[:4] for row in rows] == [["1", "2", "4S", "N"], ["3", "4", "3NT", "S"]]


def test_convert_names_a_dlr_file_a_dealer_script_and_how_to_deal_it(tmp_path: Path) -> None:
    # was "cannot tell the format ...; name it with --from", as if some format would read it
    script = tmp_path / "teach.dlr"
    script.write_text("dealer north\ncondition hcp(north) >= 15\n", encoding="utf-8")
    result = run("convert", str(script), "-o", str(tmp_path / "x.pbn"))
    assert result.exit_code == 1
    last = result.stderr.splitlines()[-1]
    assert last.startswith(f"Error: {script}: a dealer script (.dlr), not a hand record (expected PBN, ")
    assert last.endswith(f": deal it with bridgetools deal -f {script}")
    assert not (tmp_path / "x.pbn").exists()


STRAY_NUL_PBN = b'[Event "Club"]\n[Board "1"]\n[West "An\x00n"]\n[Dealer "N"]\n[Vulnerable "None"]\n' \
    b'[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'


def test_convert_counts_a_stray_nul_among_its_issues_and_exits_1(tmp_path: Path) -> None:
    """A stray NUL is text that is not the format: said at its place, counted, a problem of syntax."""
    path = tmp_path / "club.pbn"
    path.write_bytes(STRAY_NUL_PBN)
    result = run("convert", str(path), "-o", str(tmp_path / "club.json"))
    assert result.exit_code == 1
    assert f"{path}:3:10: a stray NUL byte" in result.stderr
    assert "1 board written to" in result.stderr and "(1 issue)" in result.stderr
    assert (tmp_path / "club.json").exists()


@pytest.mark.parametrize("command", ["show", "export"])
def test_a_stray_nul_read_as_a_space_makes_the_exit_status_1(tmp_path: Path, command: str) -> None:
    path = tmp_path / "club.pbn"
    path.write_bytes(STRAY_NUL_PBN)
    out = ["-o", str(tmp_path / "club.parquet")] if command == "export" else []
    done = subprocess.run([sys.executable, "-m", "bridgetools", command, str(path), *out],
                          capture_output=True, text=True, cwd=Path(__file__).parent.parent)
    assert done.returncode == 1, done.stderr
    assert f"{path}:3:10: a stray NUL byte" in done.stderr
    assert "1 problem of syntax" in done.stderr
