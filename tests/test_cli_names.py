"""File names that are not UTF-8 (``café.pbn`` saved in Latin-1) work in every command and are shown
readably (``caf\\xe9.pbn``), and an output whose encoding cannot write a character gets advice on
encodings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from bridgetools.cli import cli

CAFE = b"caf\xe9"
"""``café`` in Latin-1: not UTF-8, so Python gives the name with a lone surrogate for the byte."""


def _latin1_path(directory: Path, suffix: str) -> str:
    path = os.fsdecode(os.path.join(os.fsencode(directory), CAFE + suffix.encode()))
    try:
        Path(path).write_bytes(b"")
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system takes only UTF-8 names")
    return path


def _pbn(north: str = "?") -> str:
    result = CliRunner().invoke(cli, ["deal", "-n", "1", "--seed", "1", "-q"])
    return result.stdout.replace('[North "?"]', f'[North "{north}"]')


@pytest.fixture
def cafe_pbn(tmp_path: Path) -> str:
    path = _latin1_path(tmp_path, ".pbn")
    out = CliRunner().invoke(cli, ["deal", "-n", "2", "--seed", "5", "-q", "-o", path])
    assert out.exit_code == 0, out.output
    return path


def test_export_of_a_file_whose_name_is_not_utf8_names_it_readably(tmp_path: Path, cafe_pbn: str) -> None:
    target = tmp_path / "out.parquet"
    result = CliRunner().invoke(cli, ["export", cafe_pbn, "-o", str(target), "-q"])
    assert result.exit_code == 0, result.output
    assert pq.read_table(target).column("file").to_pylist() == [str(tmp_path / "caf\\xe9.pbn")] * 2
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_deal_script_whose_name_is_not_utf8_is_recorded_readably_in_utf8(tmp_path: Path) -> None:
    script = _latin1_path(tmp_path, ".dlr")
    Path(script).write_text("produce 1\ncondition hcp(north) > 10\n", encoding="utf-8")
    target = tmp_path / "out.pbn"
    result = CliRunner().invoke(cli, ["deal", "-f", script, "--seed", "1", "-q", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert "% script caf\\xe9.dlr" in target.read_bytes().decode("utf-8")  # its name: no folders


def test_messages_show_a_name_that_is_not_utf8_readably(tmp_path: Path) -> None:
    bad = os.path.join(os.fsencode(tmp_path), CAFE + b".pbn")
    try:
        Path(os.fsdecode(bad)).write_text("not a hand record\n", encoding="utf-8")
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system takes only UTF-8 names")
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "bridgetools", "validate", bad], capture_output=True,
                          env=env, timeout=120)
    assert done.returncode == 1
    said = (done.stdout + done.stderr).decode("utf-8").strip()
    assert said.startswith(str(tmp_path / "caf\\xe9.pbn") + ":1:1: no PBN tag pair")  # where its text starts
    assert "; no boards found (read as PBN)" in said


def test_an_output_that_cannot_encode_a_name_gets_advice_on_encodings(tmp_path: Path) -> None:
    source = tmp_path / "names.pbn"
    source.write_text(_pbn(north="Zmudzi\u0144ski"), encoding="utf-8")
    result = CliRunner(charset="latin-1").invoke(cli, ["convert", str(source), "--format", "pbn"])
    [line] = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and "PYTHONIOENCODING=utf-8" in line and "--suits" not in line


def test_encoding_advice_offers_a_file_to_a_command_that_writes_one(tmp_path: Path) -> None:
    source = tmp_path / "names.pbn"
    source.write_text(_pbn(north="Zmudzi\u0144ski"), encoding="utf-8")
    result = CliRunner(charset="latin-1").invoke(cli, ["convert", "-f", "lin", str(source)])
    [line] = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and "PYTHONIOENCODING=utf-8" in line and "with -o" in line


TEAMS_MATCH = "".join(
    f'[Event "Teams"]\n[Board "1"]\n[Room "{room}"]\n[HomeTeam "Zmudzi\u0144ski"]\n[VisitTeam "Tigers"]\n'
    '[North "Zmudzi\u0144ski"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]\n'
    f'[Declarer "N"]\n[Contract "4S"]\n[Result "{tricks}"]\n\n'
    for room, tricks in (("Open", 10), ("Closed", 9)))
"""A team match whose home team and North are named with a letter Latin-1 lacks (the Polish ń)."""

TEXT_OUTPUTS = {
    "show": ["show"], "convert": ["convert", "-f", "text"], "bid": ["bid", "-f", "text", "-q"],
    "autoplay": ["autoplay", "-f", "text", "--seed", "1", "-q"], "analyze": ["analyze", "-q"],
}
"""Every command whose text output shows a name from its input (``deal`` names only its event)."""


@pytest.mark.parametrize("command", TEXT_OUTPUTS.values(), ids=TEXT_OUTPUTS.keys())
def test_text_output_shows_a_name_its_output_cannot_encode_as_show_does(tmp_path: Path,
                                                                       command: list[str]) -> None:
    # text is read by a person: what a Latin-1 terminal cannot hold is its nearest ASCII, as show gives it
    source = tmp_path / "names.pbn"
    source.write_text(TEAMS_MATCH, encoding="utf-8")
    result = CliRunner(charset="latin-1").invoke(cli, [*command, str(source)])
    assert result.exit_code == 0, result.output
    assert "Zmudzinski" in result.stdout and "Zmudzi\u0144ski" not in result.stdout


def test_deal_text_shows_an_event_its_output_cannot_encode_as_show_does() -> None:
    args = ["deal", "-n", "1", "--seed", "3", "--format", "text", "--event", "Zmudzi\u0144ski Cup"]
    result = CliRunner(charset="latin-1").invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "Zmudzinski Cup"


def test_show_writes_a_name_its_output_cannot_encode_as_its_nearest_ascii(tmp_path: Path) -> None:
    # A display, not a file: what the output cannot hold is substituted, never an error (show has no -o).
    source = tmp_path / "names.pbn"
    source.write_text(_pbn(north="Zmudzi\u0144ski"), encoding="utf-8")
    result = CliRunner(charset="latin-1").invoke(cli, ["show", str(source)])
    assert result.exit_code == 0 and "Zmudzinski" in result.stdout


def test_an_unknown_encoding_is_a_usage_error(tmp_path: Path) -> None:
    source = tmp_path / "x.pbn"
    source.write_text(_pbn(), encoding="utf-8")
    for command in ("convert", "validate", "show"):
        result = CliRunner().invoke(cli, [command, str(source), "--encoding", "klingon"])
        assert result.exit_code == 2 and "'klingon' is not an encoding" in result.stderr, result.output


GENEVE = "Gen\u00e8ve \u2013 club.pbn"
"""A file name with an accent and an en dash: an ASCII stderr holds neither, a Latin-1 one the accent."""


def _stderr_under(encoding: str, *args: str, cwd: Path | None = None) -> tuple[int, bytes]:
    """The exit code and the stderr bytes of ``bridgetools args`` run with ``PYTHONIOENCODING=encoding``."""
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    if cwd is not None:  # the tests' own code, from the folder the command runs in
        env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parents[1]), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-m", "bridgetools", *args], capture_output=True, env=env,
                          timeout=120, check=False, cwd=cwd)
    return done.returncode, done.stderr


@pytest.mark.parametrize(("encoding", "shown"), [("ascii", "Geneve - club.pbn"),
                                                 ("latin-1", "Gen\u00e8ve - club.pbn")])
def test_warnings_and_errors_are_written_in_stderrs_encoding_names_as_their_nearest(
        tmp_path: Path, encoding: str, shown: str) -> None:
    """Under an ASCII stderr click wrote UTF-8 bytes (``Gen\\303\\250ve``), under Latin-1 ``\\u2013``."""
    source = tmp_path / GENEVE
    source.write_text(_pbn().replace('[Dealer "', '[Dealer "Q', 1), encoding="utf-8")
    code, said = _stderr_under(encoding, "show", GENEVE, cwd=tmp_path)
    assert code == 1 and said.decode(encoding).startswith(f"{shown}:15:10: Dealer 'QN'"), said  # syntax
    code, said = _stderr_under(encoding, "show", "x" + GENEVE, cwd=tmp_path)
    assert code == 1 and said.decode(encoding).startswith(f"Error: x{shown}: No such file or directory"), said


def test_clicks_usage_errors_are_written_in_stderrs_encoding() -> None:
    code, said = _stderr_under("ascii", "show", "--bogus\u2013x")
    assert code == 2 and said.decode("ascii") == \
        "Error: bridgetools show: No such option '--bogus-x'; see 'bridgetools show --help'\n", said


def _with_stderr_closed(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """``bridgetools args`` run with its stderr closed (``2>&-``: Python's ``sys.stderr`` is None)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).parents[1]),
                                                        os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "bridgetools", *args], stdout=subprocess.PIPE, env=env,
                          cwd=cwd, timeout=120, check=False, preexec_fn=lambda: os.close(2))


def test_what_is_said_on_a_closed_stderr_never_goes_to_stdout(tmp_path: Path) -> None:
    """Under ``2>&-`` an input's problems went into the PBN on stdout, and a usage error, its display
    failing, exited 1 rather than 2."""
    (tmp_path / "bad.pbn").write_text(_pbn().replace('[Dealer "', '[Dealer "Q', 1), encoding="utf-8")
    done = _with_stderr_closed("convert", "bad.pbn", "-f", "pbn", "-o", "-", cwd=tmp_path)
    assert done.returncode == 1 and done.stdout.startswith(b"% PBN"), done.stdout[:200]  # Dealer 'QN'...
    done = _with_stderr_closed("show", "--bogus", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, b"")


def test_a_command_with_a_progress_bar_runs_with_stderr_closed(tmp_path: Path) -> None:
    """``bid`` (and ``dd``, ``print --dd``) asked a closed stderr whether it is a terminal and stopped on
    ``'NoneType' object has no attribute 'isatty'``."""
    (tmp_path / "one.pbn").write_text(_pbn(), encoding="utf-8")
    done = _with_stderr_closed("bid", "one.pbn", "-o", "-", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith(b"% PBN"), done.stdout[:200]


def test_a_name_that_is_not_utf8_keeps_its_stand_in_on_an_ascii_stderr(tmp_path: Path) -> None:
    bad = os.path.join(os.fsencode(tmp_path), CAFE + b"\xe2\x80\x93.pbn")  # Latin-1 é, then UTF-8's en dash
    code, said = _stderr_under("ascii", "convert", os.fsdecode(bad), "-f", "lin")
    assert code == 1
    assert said.decode("ascii") == f"Error: {tmp_path}/caf\\xe9-.pbn: No such file or directory\n"


@pytest.mark.parametrize(("encoding", "shown"), [("ascii", "Geneve - club.pbn"),
                                                 ("latin-1", "Gen\u00e8ve - club.pbn")])
def test_the_debug_traceback_shows_names_as_every_stderr_line_does(tmp_path: Path, encoding: str,
                                                                   shown: str) -> None:
    """``--debug``'s traceback went round `tell`: its last line had Python's ``Gen\\xe8ve \\u2013 club.pbn``
    where the ``Error:`` line under it said ``Geneve - club.pbn``."""
    source = tmp_path / GENEVE
    source.write_text(_pbn().replace('[Dealer "', '[Dealer "Q', 1), encoding="utf-8")
    code, said = _stderr_under(encoding, "--debug", "convert", GENEVE, "--strict", "-f", "json", cwd=tmp_path)
    lines = said.decode(encoding).splitlines()
    assert code == 1 and lines[0] == "Traceback (most recent call last):", said
    assert lines[-2].startswith(f"bridgetools.errors.StrictStop: {shown}:15:10: "), said  # a ParseError
    assert "\\x" not in said.decode(encoding) and "\\u" not in said.decode(encoding), said
    assert lines[-1].startswith(f"Error: {shown}:15:10: "), said
