"""What every command promises about files: inputs are never modified, outputs appear whole (through a
temporary file renamed into place) with the permissions of a plainly created file."""

from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools._files import atomic_file
from bridgetools.cli import cli

SAMPLES = Path(__file__).parent.parent / "samples"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stderr


@pytest.fixture
def records(tmp_path: Path) -> Path:
    shutil.copy(SAMPLES / "club_night.pbn", tmp_path / "s.pbn")
    shutil.copy(SAMPLES / "weak_two.dlr", tmp_path / "w.dlr")
    return tmp_path


@pytest.mark.parametrize(
    "args",
    [
        ["convert", "{d}/s.pbn", "-o", "{d}/s.pbn"],
        ["export", "{d}/s.pbn", "-o", "{d}/s.pbn"],
        ["export", "{d}", "-o", "{d}/s.pbn"],
        ["analyze", "{d}/s.pbn", "-o", "{d}/s.pbn"],
        ["deal", "-f", "{d}/w.dlr", "-o", "{d}/w.dlr", "-n", "1"],
    ],
)
def test_an_output_that_is_an_input_is_a_usage_error_and_the_input_is_untouched(
    records: Path, args: list[str]
) -> None:
    before = {p.name: p.read_bytes() for p in records.iterdir()}
    code, err = run(*(a.format(d=records) for a in args))
    assert code == 2 and ("is also an input" in err or "script itself" in err)
    assert {p.name: p.read_bytes() for p in records.iterdir()} == before


def _plain_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def test_a_converted_file_has_ordinary_permissions(records: Path) -> None:
    code, _ = run("convert", str(records / "s.pbn"), "-o", str(records / "out.lin"), "-q")
    assert code == 0
    assert stat.S_IMODE((records / "out.lin").stat().st_mode) == _plain_mode()


def test_an_exported_parquet_file_has_ordinary_permissions(records: Path) -> None:
    code, _ = run("export", str(records / "s.pbn"), "-o", str(records / "out.parquet"), "-q")
    assert code == 0
    assert stat.S_IMODE((records / "out.parquet").stat().st_mode) == _plain_mode()


def test_bt_write_keeps_the_mode_of_the_file_it_replaces(records: Path) -> None:
    target = records / "kept.pbn"
    target.write_text("")
    target.chmod(0o640)
    bt.write(list(bt.read(str(records / "s.pbn"))), str(target), "pbn")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640 and target.read_text().startswith("% PBN")


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "old.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic_file(target) as out:
        out.write("half")
        raise RuntimeError("disk full")
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["old.txt"]


def test_a_missing_directory_is_named_as_the_user_wrote_it(tmp_path: Path) -> None:
    wanted = str(tmp_path / "nowhere" / "x.pbn")
    code, err = run("convert", str(SAMPLES / "club_night.pbn"), "-o", wanted)
    assert code == 1 and wanted in err and ".tmp" not in err


@pytest.mark.parametrize("content", [b"", b"garbage\x00\xff", b"hello world\n"])
def test_validate_says_when_a_file_holds_no_boards(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / ("x.lin" if content.startswith(b"hello") else "x.pbn")
    path.write_bytes(content)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path}:") and "no boards found" in result.stdout


def test_convert_of_a_missing_input_writes_nothing() -> None:
    result = CliRunner().invoke(cli, ["convert", "no-such-file.pbn"])
    assert result.exit_code == 1 and result.stdout == "" and "no-such-file.pbn" in result.stderr


@pytest.mark.parametrize("content", ["", "hello world\n"])
def test_convert_to_stdout_writes_nothing_when_its_input_holds_no_board(content: str) -> None:
    result = CliRunner().invoke(cli, ["convert", "-", "-o", "-", "--format", "pbn"], input=content)
    assert result.exit_code == 1
    assert "PBN" not in result.stdout  # no header before the error: stdout cannot be taken back
    assert "Error:" in result.stderr


@pytest.mark.parametrize("command", [["convert", "--format", "pbn"], ["export"]])
def test_an_output_that_is_a_named_pipe_is_written_into_not_replaced(
    records: Path, command: list[str]
) -> None:
    pipe = records / "out"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()), daemon=True)
    reader.start()
    code, err = run(command[0], str(records / "s.pbn"), *command[1:], "-o", str(pipe), "-q")
    reader.join(timeout=30)
    assert code == 0, err
    assert stat.S_ISFIFO(pipe.stat().st_mode) and got and got[0].startswith((b"% PBN", b"PAR1"))
    assert sorted(p.name for p in records.iterdir()) == ["out", "s.pbn", "w.dlr"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_device_as_output_is_an_error_naming_it_and_stays_a_device() -> None:
    code, err = run("convert", str(SAMPLES / "club_night.pbn"), "--format", "pbn", "-o", "/dev/full")
    assert code == 1 and err.strip() == "Error: /dev/full: No space left on device"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["show", str(SAMPLES / "club_night.pbn")],
                                     ["convert", str(SAMPLES / "club_night.pbn"), "-f", "lin"],
                                     ["deal", "-n", "1", "--seed", "1"]])
def test_a_full_device_as_stdout_is_an_error_naming_stdout(command: list[str]) -> None:
    """``show game.pbn > /dev/full`` said ``Error: No space left on device``, naming no output."""
    env = {**os.environ, "PYTHONPATH": str(SAMPLES.parent)}
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "bridgetools", *command], stdout=full,
                              stderr=subprocess.PIPE, env=env, check=False, text=True)
    assert done.returncode == 1 and done.stderr.splitlines()[-1] == "Error: <stdout>: No space left on device"


@pytest.mark.parametrize("command", [["convert"], ["export"], ["deal", "-n", "1", "--seed", "1"]])
def test_a_read_only_output_is_refused_and_left_as_it_was(records: Path, command: list[str]) -> None:
    target = records / ("out.parquet" if command[0] == "export" else "out.pbn")
    target.write_text("old")
    target.chmod(0o444)
    inputs = [] if command[0] == "deal" else [str(records / "s.pbn")]
    code, err = run(command[0], *inputs, *command[1:], "-o", str(target), "-q")
    assert code == 1 and err == f"Error: {target}: a read-only file, not replaced (make it writable first)\n"
    assert target.read_text() == "old" and stat.S_IMODE(target.stat().st_mode) == 0o444
    assert sorted(p.name for p in records.iterdir()) == sorted(["s.pbn", "w.dlr", target.name])


def test_dd_add_to_a_read_only_output_is_refused_before_any_solving(records: Path) -> None:
    pytest.importorskip("endplay")
    source, target = records / "s.pbn", records / "out.pbn"
    target.write_text("old")
    target.chmod(0o444)
    before = source.read_bytes()
    code, err = run("dd", str(source), "--add", "-o", str(target))
    assert code == 1 and err == f"Error: {target}: a read-only file, not replaced (make it writable first)\n"
    assert target.read_text() == "old" and source.read_bytes() == before


@pytest.mark.skipif(not Path("/dev/stdout").exists(), reason="needs /dev/stdout")
def test_an_output_named_dev_stdout_appended_to_a_file_keeps_what_the_file_held(records: Path) -> None:
    """``-o /dev/stdout >> log.txt``: the output goes where the shell sent it, after what was there; the
    temporary file was renamed over log.txt (found through /proc/self/fd/1), losing its earlier lines."""
    import subprocess
    import sys

    log = records / "log.txt"
    log.write_text("EARLIER\n")
    inode = log.stat().st_ino
    convert = [sys.executable, "-m", "bridgetools", "convert", str(records / "s.pbn"), "--format", "pbn",
               "-o", "/dev/stdout", "-q"]
    with open(log, "ab") as appended:
        subprocess.run(convert, stdout=appended, check=True)
    text = log.read_text()
    assert text.startswith("EARLIER\n% PBN") and log.stat().st_ino == inode
    assert sorted(p.name for p in records.iterdir()) == ["log.txt", "s.pbn", "w.dlr"]
    # { echo start; bridgetools ...; echo end; } > log.txt: each where it was written, none over another
    script = 'echo start; "$@"; echo end'
    with open(log, "wb") as fresh:
        subprocess.run(["sh", "-c", script, "sh", *convert], stdout=fresh, check=True)
    assert log.read_text() == "start\n" + text.removeprefix("EARLIER\n") + "end\n"


def test_an_open_descriptor_named_as_output_is_written_at_its_place(tmp_path: Path) -> None:
    """``/dev/fd/N`` names a file already open (a shell's redirection): written into, not replaced."""
    log = tmp_path / "log.txt"
    log.write_text("first\n")
    with open(log, "a") as appended:
        appended.write("second\n")
        appended.flush()
        with atomic_file(f"/dev/fd/{appended.fileno()}") as out:
            out.write("third\n")
    assert log.read_text() == "first\nsecond\nthird\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.txt"]


def test_export_through_a_symbolic_link_writes_the_file_it_points_to(records: Path) -> None:
    real = records / "latest-real.parquet"
    link = records / "latest.parquet"
    link.symlink_to(real.name)
    code, output = run("export", str(records / "s.pbn"), "-o", str(link))
    assert code == 0, output
    assert link.is_symlink() and link.resolve() == real
    assert real.stat().st_size > 0


@pytest.mark.parametrize("command", [["autoplay"], ["bid"], ["dd", "--add"], ["convert"],
                                     ["deal", "-n", "1", "--seed", "1"]])
def test_an_output_in_a_folder_that_cannot_be_written_is_refused_before_any_work(
        records: Path, command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``autoplay six.pbn -o ro/x.pbn`` played for 86 s, then failed "Read-only file system"."""
    if command[0] == "dd":
        pytest.importorskip("endplay")
    folder = records / "ro"
    folder.mkdir()
    make = os.open

    def read_only(path: Any, *args: Any, **kwargs: Any) -> int:
        if str(path).startswith(str(folder)):  # a read-only file system (chmod does not bind root)
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), path)
        return make(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    worked = []
    if command[0] in ("autoplay", "bid"):  # their writing, reached once every board is played or bid
        monkeypatch.setattr(f"bridgetools.cli.{command[0]}.write_records",
                            lambda *args, **kwargs: worked.append(args))
    target = folder / "x.pbn"
    inputs = [] if command[0] == "deal" else [str(records / "s.pbn")]
    code, err = run(command[0], *inputs, *command[1:], "-o", str(target), "-q")
    assert (code, err, worked) == (1, f"Error: {target}: {os.strerror(errno.EROFS)}\n", [])
    assert list(folder.iterdir()) == []
