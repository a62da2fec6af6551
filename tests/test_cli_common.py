"""What every command shares: outputs written through a temporary file, and one-line errors."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from bridgetools.cli.common import atomic_output, reports_errors


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
    assert result.exit_code == 1 and result.stderr == f"Error: {target}: No such file or directory\n"


def test_a_reader_that_goes_away_stops_the_command_quietly() -> None:
    @click.command()
    @reports_errors
    def shout() -> None:
        raise BrokenPipeError(32, "Broken pipe")  # as writing to `| head` after it has exited

    result = CliRunner().invoke(shout, [])
    assert result.exit_code == 0 and result.stderr == ""
