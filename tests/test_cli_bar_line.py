"""A progress bar's line on a terminal and what else is said there: whatever is said on stderr (a warning, a
file's problems, an error) or shown on a terminal's stdout while a bar is drawn starts a line of its own,
the bar's line cleared first and drawn again on its next update, for every command with a bar."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_cli_convert import as_a_terminal as on_a_terminal

from bridgetools.cli import cli, common

DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"
JUNK = "-s 1 -C Descr.pbn"
"""Text before the first tag, as dealer's own output leaves it in a PBN file: one problem at 1:1."""


def screen(drawn: str) -> list[str]:
    """The lines a terminal shows of ``drawn``: a carriage return goes back to the line's start, ESC [K
    clears the rest of the line, the cursor's show and hide do nothing, later characters overwrite."""
    lines: list[str] = []
    line: list[str] = []
    column = 0
    for token in re.findall(r"\x1b\[\?25[lh]|\x1b\[K|\r|\n|.", drawn, re.DOTALL):
        if token == "\r":
            column = 0
        elif token == "\x1b[K":
            del line[column:]
        elif token == "\n":
            lines.append("".join(line).rstrip())
            line, column = [], 0
        elif not token.startswith("\x1b"):
            line[column:column + 1] = [token]
            column += 1
    return [*lines, "".join(line).rstrip()] if line else lines


def test_the_screen_shows_a_line_cleared_and_written_again() -> None:
    assert screen("Solving [--]  0\r\x1b[Kwarning\nSolving [##] 100%\n") == ["warning", "Solving [##] 100%"]
    assert screen("Solving [--]  0warning\n") == ["Solving [--]  0warning"]


@pytest.mark.parametrize("later", [1, 0])
def test_a_warning_said_while_a_bar_is_drawn_clears_its_line_and_the_bar_comes_back(
        later: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The bar is drawn again on its next update, or (none coming: ``later`` 0) as it ends, on its own line
    below the warning rather than leaving an empty one."""
    on_a_terminal(monkeypatch)
    with common.progress_bar(1 + later, "Solving") as bar:
        bar.update(1)
        common.warn("warning: something left out")
        bar.update(later)
    shown = screen(capsys.readouterr().err)
    assert shown[0] == "warning: something left out"
    assert shown[1].startswith("Solving") and shown[1].endswith("100%") and len(shown) == 2


def test_what_is_shown_on_a_terminal_s_stdout_clears_the_bar_too(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    on_a_terminal(monkeypatch)
    with common.progress_bar(2, "Showing") as bar:
        bar.update(1)
        common.say("Board 1")
        bar.update(1)
    drawn = capsys.readouterr()
    assert drawn.err.count("\r\x1b[K") == 1 and drawn.out == "Board 1\n"


def test_nothing_is_cleared_where_no_bar_is_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    with common.progress_bar(2, "Solving") as bar:  # stderr no terminal: the bar is hidden
        bar.update(1)
        common.warn("warning: x")
    assert capsys.readouterr().err == "warning: x\n"


def _junk_first(folder: Path) -> Path:
    source = folder / "r.pbn"
    source.write_text(f'{JUNK}\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n\n'
                      f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n', encoding="utf-8")
    return source


@pytest.mark.parametrize("command", ["dd", "convert", "validate", "show", "export", "print"])
def test_a_file_s_problem_said_while_the_bar_is_drawn_starts_a_line_of_its_own(
        command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``dd r.pbn`` on a terminal showed ``Solving  [-----]  0r.pbn:1:1: text '-s 1 -C Descr.pbn' before
    the first tag is not PBN: skipped``: the problem glued onto the bar's line."""
    if command in ("dd", "print"):
        pytest.importorskip("endplay")
    if command == "export":
        pytest.importorskip("pyarrow")
    source = _junk_first(tmp_path)
    outputs = {"convert": ["-o", str(tmp_path / "x.lin")], "export": ["-o", str(tmp_path / "x.parquet")],
               "print": ["-o", str(tmp_path / "x.html"), "--dd"], "dd": ["--suits", "ascii"],
               "show": ["--suits", "ascii"]}
    on_a_terminal(monkeypatch)
    result = CliRunner().invoke(cli, [command, str(source), *outputs.get(command, [])])
    assert result.exit_code in (0, 1), result.output
    problem = f"{source}:1:1: text '{JUNK}' before the first tag is not PBN: skipped"
    said = [line for line in screen(result.output) if "before the first tag" in line]
    assert said and all(line == problem for line in said), said
