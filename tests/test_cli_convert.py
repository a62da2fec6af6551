"""``bridgetools convert`` and ``validate``: several inputs into one output, issues as file:line:col."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.formats import jsonfmt, lin

DATA = Path(__file__).parent / "data" / "lin"
SAMPLE = DATA / "bridge-bots__sample.lin"
VUGRAPH = DATA / "bridge-bots__usbf_sf_14502.lin"
BAD_LIN = "pn|a,b,c,d|md|3SA,,,|sv|q|\nmb|1S|mb|1H|\n"
SV_COLUMN = BAD_LIN.index("sv|") + 1  # the bad vulnerability, on line 1; the illegal 1H is at 2:7


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
    result = run("convert", "-", "--to", "lin", input=SAMPLE.read_text())
    assert result.exit_code == 0
    assert "md|1SQ982HQ82DKQ763CT" in result.output


def test_convert_to_text_shows_diagrams() -> None:
    result = run("convert", str(SAMPLE), "--to", "text", "--suits", "ascii")
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
    assert result.exit_code == 0
    assert f"{source}:1:{SV_COLUMN}: not a vulnerability" in result.output
    assert f"{source}:2:7: illegal call 1H" in result.output


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
    result = CliRunner().invoke(cli, ["convert", str(source), "--to", "json", "--strict"])
    assert result.exit_code in (0, 1)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output


def test_an_unknown_output_suffix_asks_for_to(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", str(SAMPLE), "-o", str(tmp_path / "x.doc")])
    assert result.exit_code == 2 and "--to" in result.output


def test_a_missing_input_is_one_line_and_exit_1(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "nope.lin"), "--to", "lin"])
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1


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
    assert [line.split(": ")[0] for line in lines] == [f"{source}:1:{SV_COLUMN}", f"{source}:2:7"]


def test_validate_reports_an_unreadable_file_as_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "missing.pbn")])
    assert result.exit_code == 1
    assert result.stdout.strip().startswith(str(tmp_path / "missing.pbn"))
