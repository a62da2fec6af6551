"""What every command shares: outputs written through a temporary file, and one-line errors."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import click
import pytest
from click.testing import CliRunner

from bridgetools.cli.common import atomic_output, plural, reports_errors, stdin_holds_input


def test_an_output_in_a_missing_directory_is_named_not_its_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "out.pbn"
    with pytest.raises(FileNotFoundError) as caught, atomic_output(str(target)):
        pass
    assert caught.value.filename == str(target)


def test_an_output_that_is_a_directory_is_named_and_no_temporary_file_is_left(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    with pytest.raises(OSError) as caught, atomic_output(str(tmp_path / "out")) as out:
        out.write("text")
    assert caught.value.filename == str(tmp_path / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_failed_write_leaves_the_old_file_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(RuntimeError), atomic_output(str(target)) as out:
        out.write("new, half written")
        raise RuntimeError("interrupted")
    assert target.read_text(encoding="utf-8") == "old" and len(list(tmp_path.iterdir())) == 1


def test_an_unwritable_output_is_one_line_naming_it_with_exit_1(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "out.txt"

    @click.command()
    @reports_errors
    def write() -> None:
        with atomic_output(str(target)) as out:
            out.write("text")

    result = CliRunner().invoke(write, [])
    assert result.exit_code == 1 and result.stderr == f"Error: {target}: no folder {str(target.parent)!r}\n"


def test_a_reader_that_goes_away_stops_the_command_quietly() -> None:
    @click.command()
    @reports_errors
    def shout() -> None:
        raise BrokenPipeError(32, "Broken pipe")  # as writing to `| head` after it has exited

    result = CliRunner().invoke(shout, [])
    assert result.exit_code == 0 and result.stderr == ""


@pytest.mark.parametrize(("n", "said"), [(0, "0 boards"), (1, "1 board"), (2, "2 boards")])
def test_a_count_takes_the_singular_only_for_one(n: int, said: str) -> None:
    assert plural(n, "board") == said


def test_a_count_can_name_an_irregular_plural() -> None:
    assert plural(3, "match", "matches") == "3 matches"


def _failing_group() -> click.Group:
    """The real ``bridgetools`` group with one more command that fails as a bug would."""
    from bridgetools.cli import cli

    @click.command()
    @reports_errors
    def broken() -> None:
        raise ZeroDivisionError("a bug")

    group = click.Group(params=cli.params, callback=cli.callback, commands={"broken": broken})
    return group


def test_an_unexpected_error_is_one_line_without_a_traceback() -> None:
    result = CliRunner().invoke(_failing_group(), ["broken"])
    assert result.exit_code == 1
    assert result.stderr == "Error: unexpected error (ZeroDivisionError): a bug\n"


def test_debug_shows_the_traceback_behind_the_one_line_error() -> None:
    result = CliRunner().invoke(_failing_group(), ["--debug", "broken"])
    assert result.exit_code == 1 and "Traceback (most recent call last)" in result.stderr
    assert result.stderr.endswith("Error: unexpected error (ZeroDivisionError): a bug\n")


def test_a_temporary_file_left_unguarded_by_a_stop_signal_is_still_removed(tmp_path: Path) -> None:
    from bridgetools._files import discard_unfinished, publish, temporary_beside

    kept, left = temporary_beside(tmp_path / "kept.pbn"), temporary_beside(tmp_path / "left.pbn")
    publish(kept, tmp_path / "kept.pbn")
    discard_unfinished()  # as the command does when a signal stopped it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.pbn"] and not Path(left).exists()


def test_stdout_is_written_only_when_the_command_succeeds() -> None:
    @click.command()
    @click.option("--fail", is_flag=True)
    @reports_errors
    def write(fail: bool) -> None:
        with atomic_output("-") as out:
            out.write("[Board \"1\"]\n")
            if fail:
                raise RuntimeError("half way")

    failed = CliRunner().invoke(write, ["--fail"])
    assert failed.exit_code == 1 and failed.stdout == ""
    done = CliRunner().invoke(write, [])
    assert done.exit_code == 0 and done.stdout == "[Board \"1\"]\n"


def test_binary_stdout_is_written_only_when_the_command_succeeds() -> None:
    @click.command()
    @click.option("--fail", is_flag=True)
    @reports_errors
    def write(fail: bool) -> None:
        with atomic_output("-", "wb") as out:
            out.write(b"%PDF-1.4\n")
            if fail:
                raise RuntimeError("half way")

    assert CliRunner().invoke(write, ["--fail"]).stdout_bytes == b""
    assert CliRunner().invoke(write, []).stdout_bytes == b"%PDF-1.4\n"


def test_stdout_of_text_only_gets_the_output_when_done(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    stdout = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stdout)
    with atomic_output("-") as out:
        out.write("[Board \"1\"]\n")
        assert stdout.getvalue() == ""
    assert stdout.getvalue() == "[Board \"1\"]\n"


@pytest.mark.parametrize(("given", "holds"), [("script", True), ("empty", False), ("/dev/null", False),
                                              ("closed", False), ("no descriptor", False)])
def test_stdin_holds_input_only_as_a_pipe_or_a_non_empty_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              given: str, holds: bool) -> None:
    (tmp_path / "script").write_text("spades(west) >= 6\n")
    (tmp_path / "empty").write_text("")
    streams = {"closed": None, "no descriptor": io.StringIO("spades(west) >= 6\n")}
    with contextlib.ExitStack() as stack:
        stream = streams[given] if given in streams else stack.enter_context(open(tmp_path / given))
        monkeypatch.setattr("sys.stdin", stream)
        assert stdin_holds_input() is holds


def test_stdin_holds_input_as_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    read, write = os.pipe()
    with os.fdopen(read) as stream, os.fdopen(write, "w"):
        monkeypatch.setattr("sys.stdin", stream)
        assert stdin_holds_input()


BOARD = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
         '[Deal "N:AKQ2.KQ2.AJ2.K32 J543.J43.543.654 T987.T98.T98.T98 6.A765.KQ76.AQJ7"]\n')


@pytest.mark.parametrize(("command", "work"), [
    (["deal", "-n", "1", "--seed", "1", "-o", "{out}"], "bridgetools.dealer.dealing.prepare"),
    (["deal", "--tournament", "-n", "2", "-o", "{out}"], "bridgetools.cli.print_tournament.tournament"),
    (["autoplay", "{board}", "--seed", "1", "-o", "{out}.pbn"], "bridgetools.formats.read"),
    (["bid", "{board}", "-o", "{out}.pbn"], "bridgetools.formats.read"),
    (["convert", "{board}", "-o", "{out}.lin"], "bridgetools.formats.read"),
    (["print", "{board}", "-o", "{out}.pdf"], "bridgetools.formats.read"),
    (["dd", "{board}", "--add", "-o", "{out}.pbn"], "bridgetools.formats.read"),
])
def test_an_output_in_a_missing_folder_is_refused_before_the_work_is_done(
        command: list[str], work: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``autoplay -o nosuch/x.pbn`` played every board, ``deal`` dealt, ``dd --add`` solved, before the
    output could not be written; ``deal -o nosuch/`` said ``Not a directory``."""
    from bridgetools.cli import cli

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the work began before the output's folder was looked at")

    board = tmp_path / "board.pbn"
    board.write_text(BOARD, encoding="utf-8")
    monkeypatch.setattr(work, no_work)
    out = str(tmp_path / "nosuch" / "x")
    args = [arg.format(board=board, out=out) for arg in command]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, result.output
    assert result.stderr == f"Error: {args[-1]}: no folder {str(tmp_path / 'nosuch')!r}\n"
    assert not (tmp_path / "nosuch").exists()


def test_a_file_of_no_format_known_is_told_the_option_of_the_command_not_the_python_keyword(
        tmp_path: Path) -> None:
    """The CLI said `name it (format=, --from)`: `format=` is read_boards's keyword in Python, and `export`
    and `analyze` have no --from. Each command names what it takes; Python keeps `format=`."""
    import bridgetools as bt
    from bridgetools.cli import cli

    junk = tmp_path / "hands.dat"
    junk.write_text("hello world\n", encoding="ascii")
    told = {}
    for command in (["show"], ["convert", "-f", "pbn"], ["validate"], ["bid", "--rules-only"], ["dd"],
                    ["export", "-o", str(tmp_path / "x.parquet")], ["analyze"]):
        result = CliRunner().invoke(cli, [*command, str(junk)])
        assert result.exit_code == 1, (command, result.output)
        said = [line for line in result.stderr.splitlines() + result.stdout.splitlines()
                if "cannot tell the format" in line]
        assert len(said) == 1 and "format=" not in said[0], (command, said)
        told[command[0]] = said[0].split("; ")[-1]
    assert set(told.values()) == {"name it with --from"}  # export and analyze take --from too
    with pytest.raises(bt.BridgeError, match=r"; name it with format=$"):
        list(bt.read(junk))
    # A file whose name says one format and whose text is another: how to name the other.
    misnamed = tmp_path / "game.pbn"
    misnamed.write_text("pn|S,W,N,E|md|3S876HT98D765CT987,S543H7654DA432C65,SAKQ2HKJ3DT98C432,|pg||\n",
                        encoding="ascii")
    looks = "the text looks like LIN: "
    for command in (["show"], ["validate"], ["export", "-o", str(tmp_path / "y.parquet")]):
        told_so = "name that format (--from lin)"
        result = CliRunner().invoke(cli, [*command, str(misnamed)])
        assert result.exit_code == 1 and f"{looks}{told_so}" in result.output + result.stderr, command
        assert "format=" not in result.output + result.stderr, command
    with pytest.raises(bt.BridgeError, match=re.escape(f"{looks}name that format (format='lin')")):
        list(bt.read(misnamed))


def test_every_command_that_reads_hand_records_takes_from_and_encoding_alike() -> None:
    """The README says the input options mean the same in every command: `dd`, `export` and `analyze`
    had no --encoding, and `export` and `analyze` no --from."""
    from bridgetools.cli import cli
    from bridgetools.cli.common import encoding_option, from_option

    def option(decorator: Any) -> click.Option:
        (made,) = decorator(click.command()(lambda **_: None)).params
        return cast(click.Option, made)

    shared = {name: option(d) for name, d in (("from_format", from_option), ("encoding", encoding_option))}
    for name in ("show", "convert", "validate", "print", "bid", "autoplay", "dd", "export", "analyze"):
        command = cli.get_command(click.Context(cli), name)
        assert command is not None, name
        params = {p.name: p for p in command.params}
        for key, made in shared.items():
            assert key in params, (name, key)
            assert (params[key].opts, params[key].help) == (made.opts, made.help), (name, key)


def test_export_and_analyze_read_a_misnamed_file_as_from_says(tmp_path: Path) -> None:
    from bridgetools.cli import cli

    misnamed = tmp_path / "game.pbn"
    misnamed.write_text("pn|S,W,N,E|md|3S876HT98D765CT987,S543H7654DA432C65,SAKQ2HKJ3DT98C432,|"
                        "mb|p|mb|p|mb|p|mb|p|pg||\n", encoding="cp1252")
    out = tmp_path / "x.parquet"
    made = CliRunner().invoke(cli, ["export", str(misnamed), "--from", "lin", "--encoding", "cp1252",
                                    "-o", str(out)])
    assert made.exit_code == 0, made.output
    summary = CliRunner().invoke(cli, ["analyze", str(misnamed), "--from", "lin", "--encoding", "cp1252"])
    assert summary.exit_code == 0 and "Pass" in summary.stdout, summary.output


def test_standard_error_as_a_file_is_writable() -> None:
    # click and a progress bar write to it as to a file: a `writable` left after a function's return was
    # dead code, and the stream said it could not be written
    from bridgetools.cli.common import ToldStream

    assert ToldStream().writable()


@pytest.mark.parametrize("args", [
    ["deal", "-n", "1", "-f", "{missing}.dlr"], ["rubber", "{missing}.txt"], ["play", "{missing}.pbn"],
    ["print", "{missing}.pbn", "-o", "{tmp}/r.html"], ["convert", "{missing}.pbn"], ["bid", "{missing}.pbn"],
    ["autoplay", "{missing}.pbn"], ["export", "{missing}.pbn", "-o", "{tmp}/x.parquet"],
    ["analyze", "{missing}.pbn"], ["show", "{missing}.pbn"], ["dd", "{missing}.pbn"],
    ["validate", "{missing}.pbn"],
])
def test_every_command_names_a_missing_input_file_in_one_wording(tmp_path: Path, args: list[str]) -> None:
    from bridgetools.cli import cli

    missing = tmp_path / "club"
    given = [a.format(missing=missing, tmp=tmp_path) for a in args]
    result = CliRunner().invoke(cli, given)
    assert result.exit_code != 0
    name = next(a for a in given if a.startswith(str(missing)))
    assert f"{name}: No such file or directory\n" in result.output


BAD_TAGS = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Event "unclosed
[Contract "8S"]
[Declarer "Q"]
[Result "14"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]
"""
"""A board with four problems, one a line: an unclosed tag (line 4, said where its quote belongs and read as
the rest of its line), then an impossible contract, declarer and result (lines 5-7; the declarer is checked
before the contract)."""


@pytest.mark.parametrize("command", [["dd"], ["bid", "-o", "-"], ["autoplay", "-o", "-", "--seed", "1"],
                                     ["show"], ["convert", "-o", "-"], ["validate"]])
def test_a_commands_warnings_come_in_file_order(tmp_path: Path, command: list[str]) -> None:
    # Before: dd, bid and autoplay said 4:8, 6:12, 5:12, 7:10 (the order the reader found them).
    if command == ["dd"]:
        pytest.importorskip("endplay")
    from bridgetools.cli import cli

    path = tmp_path / "bad2.pbn"
    path.write_text(BAD_TAGS, encoding="utf-8")
    result = CliRunner().invoke(cli, [command[0], str(path), *command[1:]], prog_name="bridgetools")
    said = result.stderr + result.stdout  # validate lists the problems on stdout
    places = [tuple(int(n) for n in m.groups())
              for m in re.finditer(rf"^{re.escape(str(path))}:(\d+):(\d+): ", said, re.MULTILINE)]
    assert places == [(4, 17), (5, 12), (6, 12), (7, 10)], said


def _console(*args: str) -> subprocess.CompletedProcess[str]:
    """``bridgetools args`` as the console script runs it (`bridgetools.cli.main`), not CliRunner's click."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    return subprocess.run([sys.executable, "-m", "bridgetools", *args], capture_output=True, text=True,
                          env=env, timeout=120, check=False)


def test_an_unknown_option_is_one_line_with_its_nearest_options_and_where_help_is() -> None:
    # user trial: click's usage, "Try ... for help." and the error were three lines
    done = _console("convert", "good.pbn", "-o", "x.lin", "--frobnicate")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("Error: bridgetools convert: No such option '--frobnicate' (did you mean "
                           "'--format' or '--strict'?); see 'bridgetools convert --help'\n")


def test_an_unknown_option_is_not_told_an_old_hidden_name_as_its_nearest() -> None:
    # convert's --to is the old name of --format, hidden: "--frob" was told "'--from' or '--to'"
    from bridgetools.cli import cli

    result = CliRunner().invoke(cli, ["convert", "good.pbn", "--frob"])
    assert result.exit_code == 2
    assert "(did you mean '--from'?)" in result.output and "'--to'" not in result.output


def test_every_command_s_help_is_ascii_for_a_c_locale_terminal() -> None:
    from bridgetools.cli import cli

    ctx = cli.make_context("bridgetools", ["--help"], resilient_parsing=True)
    for name in cli.list_commands(ctx):
        text = CliRunner().invoke(cli, [name, "--help"]).output
        assert text.isascii(), (name, sorted({c for c in text if not c.isascii()}))


@pytest.mark.parametrize(("args", "said"), [
    (["convert"], "Error: bridgetools convert: Missing argument 'INPUTS...'; see 'bridgetools convert "
                  "--help'"),
    (["frob"], "Error: bridgetools: No such command 'frob'; see 'bridgetools --help'"),
    (["deal", "--dealer", "Q"], "Error: bridgetools deal: Invalid value for '--dealer': 'Q': not a seat"),
    # review: click's parser gives these no context, and they were said with no command and no help
    (["deal", "-n"], "Error: bridgetools deal: Option '-n' requires an argument; see 'bridgetools deal "
                     "--help'"),
    (["--debug=1", "deal"], "Error: bridgetools: Option '--debug' does not take a value; see 'bridgetools "
                            "--help'"),
])
def test_every_usage_error_is_one_line_and_exits_2(args: list[str], said: str) -> None:
    done = _console(*args)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and done.stderr.startswith(said)


@pytest.mark.parametrize("args", [["convert", "x.pbn", "--frobnicate"], ["frob"], ["--debug=1", "deal"],
                                  ["deal", "-n"]])
def test_a_usage_error_run_through_click_s_runner_is_one_line_and_exits_2(args: list[str]) -> None:
    # user trial: the one line came only from the console script; CliRunner (and any caller of the group)
    # still got click's three
    from bridgetools.cli import cli

    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("Error: bridgetools")


@pytest.mark.parametrize("option", ["-q", "--quiet"])
def test_a_command_s_option_before_the_command_says_it_goes_after_it(option: str) -> None:
    # it said "No such option '-q'" alone, though the README lists -q among the options every command takes
    from bridgetools.cli import cli

    result = CliRunner().invoke(cli, [option, "convert", "x.lin", "-o", "x.pbn"])
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert f"No such option '{option}'; {option} goes after the command: bridgetools convert {option} ..." \
        in result.stderr


@pytest.mark.parametrize("option", ["-v", "--verbose", "--debug"])
def test_the_group_s_option_after_a_command_says_it_goes_before_the_command(option: str) -> None:
    done = _console("export", "good.pbn", "-o", "x.parquet", option)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert f"No such option '{option}'; {option} goes before the command: bridgetools {option} export ..." \
        in done.stderr


def test_version_after_a_command_is_told_to_be_asked_alone_not_before_the_command() -> None:
    # `bridgetools --version show ...` would print the version and show nothing
    done = _console("show", "--version", "x")
    assert done.returncode == 2
    assert "No such option '--version'; --version is asked alone: bridgetools --version;" in done.stderr


def test_a_command_s_own_words_for_an_option_it_has_not_are_said_by_the_console_script() -> None:
    # deal names dealer's switches; the console's one line said only "No such option '-s'"
    done = _console("deal", "-s", "42", "hcp(north) > 20")
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "No such option '-s': dealer's -s SEED is --seed SEED here" in done.stderr


def test_bridgetools_alone_shows_its_plain_help() -> None:
    # review: click's "show the help" for no arguments is a usage error, and was worded as one
    done = _console()
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("Usage: bridgetools [OPTIONS] COMMAND [ARGS]...\n")
    assert "Commands:" in done.stderr and "Error:" not in done.stderr and "; see '" not in done.stderr



EXTRA_NAMED = re.compile(r"the ('?)(\w+)'? extra\b|extra (bridgetools)\[")
"""An extra named in a help text, quoted or not (``the dd extra``), or by package (``bridgetools[dist]``)."""


def test_every_help_text_naming_an_extra_says_how_to_install_it() -> None:
    """A help text said "needs the dd extra", or "extra bridgetools[dist]", with no line to install it;
    each names it as the errors do: ``the 'dd' extra: pip install 'bridgetools[dd]'``."""
    from bridgetools.cli import cli

    context = click.Context(cli)
    unsaid = []
    for name in cli.list_commands(context):
        command = cli.get_command(context, name)
        assert command is not None, name
        texts = [command.help or "", *(getattr(p, "help", None) or "" for p in command.params)]
        whole = " ".join(" ".join(text.split()) for text in texts)  # as wrapped on any screen
        for quoted, extra, package in EXTRA_NAMED.findall(whole):
            if package or not quoted or f"pip install 'bridgetools[{extra}]'" not in whole:
                unsaid.append((name, extra or package))
    assert unsaid == []


@pytest.mark.parametrize(("command", "suffix"), [
    (["convert"], ".json"), (["export"], ".parquet"), (["print", "--result"], ".html"),
    (["bid", "--rules-only"], ".pbn"),
])
def test_quiet_leaves_out_the_closing_summary_and_its_help_says_so(tmp_path: Path, command: list[str],
                                                                     suffix: str) -> None:
    # `export -q` left out its summary line where its help promised only "no warnings or progress bar".
    import bridgetools as bt
    from bridgetools.cli import cli

    source = tmp_path / "one.pbn"
    deal = bt.Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
    bt.write([bt.Board(number=1, dealer=bt.Seat.N, vulnerability=bt.Vul.NONE, deal=deal,
                       contract=bt.Contract.from_str("3NT"), declarer=bt.Seat.E, tricks=10)], source, "pbn")
    said = [CliRunner().invoke(cli, [*command, str(source), "-o", str(tmp_path / f"out{suffix}"), *quiet])
            for quiet in ([], ["-q"])]
    assert [result.exit_code for result in said] == [0, 0], [result.output for result in said]
    assert said[0].stderr.strip() and said[1].stderr == ""
    helped = " ".join(CliRunner().invoke(cli, [command[0], "--help"]).output.split())
    assert re.search(r"-q, --quiet No [^.]*summary", helped)


@pytest.mark.parametrize("command", ["convert", "validate", "bid", "autoplay"])
def test_an_empty_input_file_name_is_said_so_not_named_by_nothing(command: str) -> None:
    from bridgetools.cli import cli

    result = CliRunner().invoke(cli, [command, ""])
    assert result.exit_code != 0
    assert "an empty file name was given ('')" in result.output
    assert "Error: : " not in result.output


def test_the_readme_names_the_commands_that_take_jobs() -> None:
    """It listed ``-j/--jobs`` among every command's options; ``convert`` has none."""
    from bridgetools.cli import COMMANDS, cli

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    said = re.search(r"`-j/--jobs` \(worker processes, in (.*?);", readme, re.S)
    assert said is not None
    ctx = click.Context(cli)
    taking = {name for name in COMMANDS if (command := cli.get_command(ctx, name)) is not None
              and any("--jobs" in param.opts for param in command.params)}
    assert set(re.findall(r"`(\w+)`", said.group(1))) == taking


SAMPLE = Path(__file__).parents[1] / "samples" / "club_night.pbn"


def test_a_title_typed_in_the_c_locale_is_printed_as_typed(tmp_path: Path) -> None:
    # only deal read the lone surrogates Python makes of a Latin-1 é under LC_ALL=C: print refused to
    # write the page, "'\udce9' is bytes the locale could not read as text"
    from bridgetools.cli import cli

    out = tmp_path / "records.html"
    result = CliRunner().invoke(cli, ["print", str(SAMPLE), "-o", str(out), "--title", "Caf\udce9 night"])
    assert result.exit_code == 0, result.output
    assert "Café night" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("args", [["score", "4S\udce9"], ["show", "N:AKQ\udce9"], ["dd", "N:AKQ\udce9"]])
def test_text_typed_in_the_c_locale_is_named_as_typed_in_an_error(args: list[str]) -> None:
    from bridgetools.cli import cli

    result = CliRunner().invoke(cli, args)
    assert result.exit_code != 0
    assert "é" in result.stderr and "udce9" not in result.stderr and "bytes the locale" not in result.stderr


@pytest.mark.parametrize(("given", "said"), [("windows-1252", "windows-1252"), ("", "cp1252")])
def test_a_code_page_output_is_named_in_the_users_word_not_charmap(given: str, said: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.cli import cli

    monkeypatch.setenv("PYTHONIOENCODING", given)
    args = ["deal", "-n", "1", "--seed", "1", "--event", "\u0141odz"]
    result = CliRunner(charset="cp1252").invoke(cli, args)
    assert result.exit_code == 1
    assert f"the output's encoding ({said}) cannot write" in result.stderr and "charmap" not in result.stderr


@pytest.mark.parametrize("command", [["print"], ["convert"], ["bid"], ["show"], ["dd"]])
def test_a_file_name_with_a_space_not_quoted_is_told_to_be_quoted(command: list[str], tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # "my: No such file or directory" (or click's "unexpected extra argument") with no word of the quotes
    from bridgetools.cli import cli

    (tmp_path / "my file.pbn").write_bytes(SAMPLE.read_bytes())
    monkeypatch.chdir(tmp_path)
    output = [] if command[0] in ("show", "dd") else ["-o", "out.pdf" if command[0] == "print" else "out.lin"]
    result = CliRunner().invoke(cli, [*command, "my", "file.pbn", *output])
    assert result.exit_code != 0
    assert "did you mean to quote 'my file.pbn'?" in result.stderr


def test_a_missing_file_whose_words_name_no_file_together_gets_no_quote_hint(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.cli import cli

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["convert", "my", "file.pbn", "-o", "out.lin"])
    assert result.exit_code == 1 and "quote" not in result.stderr


@pytest.mark.parametrize("command", [["deal", "-n", "1"], ["bid", "x.pbn"], ["autoplay", "x.pbn"],
                                     ["dd", "x.pbn"], ["export", "x.pbn", "-o", "x.parquet"]])
def test_a_number_of_jobs_past_what_a_machine_runs_is_refused_in_one_line(command: list[str]) -> None:
    # `deal -j 99999999999999999999999` said "unexpected error (OverflowError)"; so did bid, autoplay, dd
    from bridgetools.cli import cli
    from bridgetools.cli.common import JOBS_AT_MOST

    result = CliRunner().invoke(cli, [*command, "-j", "99999999999999999999999"])
    assert result.exit_code == 2, result.output
    assert f"expected a whole number from 1 to {JOBS_AT_MOST}" in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
