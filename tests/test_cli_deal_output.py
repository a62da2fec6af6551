"""``bridgetools deal -o NAME``: the suffix is honoured or refused, never filled with another format."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.formats import read

SLAM = Path(__file__).parent.parent / "samples" / "slam_hands.dlr"


def deal(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["deal", "--seed", "1", "-n", "2", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name", ["deals.parquet", "deals.csv", "deals.docx", "deals.dat"])
def test_a_suffix_deal_does_not_write_is_a_usage_error_naming_it(tmp_path: Path, name: str) -> None:
    code, _, err = deal("-o", str(tmp_path / name))
    suffix = Path(name).suffix
    assert code == 2 and f"does not write {suffix} files" in err and "pbn (.pbn)" in err
    assert list(tmp_path.iterdir()) == []


def test_parquet_is_pointed_at_export(tmp_path: Path) -> None:
    assert "bridgetools export" in deal("-o", str(tmp_path / "x.parquet"))[2]


@pytest.mark.parametrize("name, fmt", [("deals.lin", "pbn"), ("deals.pbn", "json"), ("deals.parquet", "pbn")])
def test_a_suffix_naming_another_format_than_format_is_refused(tmp_path: Path, name: str, fmt: str) -> None:
    code, _, err = deal("-o", str(tmp_path / name), "--format", fmt)
    assert code == 2 and name in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name, fmt", [("deals.lin", "lin"), ("deals.jsonl", "jsonl"), ("deals.pbn", "pbn")])
def test_a_suffix_naming_a_format_is_honoured(tmp_path: Path, name: str, fmt: str) -> None:
    assert deal("-o", str(tmp_path / name))[0] == 0
    assert len(list(read(tmp_path / name, fmt))) == 2


@pytest.mark.parametrize("name", ["deals.txt", "deals.dat", "deals"])
def test_a_neutral_suffix_takes_the_format_asked_for(tmp_path: Path, name: str) -> None:
    assert deal("-o", str(tmp_path / name), "--format", "lin")[0] == 0
    assert len(list(read(tmp_path / name, "lin"))) == 2


def test_a_name_without_suffix_is_pbn(tmp_path: Path) -> None:
    assert deal("-o", str(tmp_path / "deals"))[0] == 0
    assert len(list(read(tmp_path / "deals", "pbn"))) == 2


def test_a_script_with_actions_writing_a_pbn_file_writes_pbn_boards(tmp_path: Path) -> None:
    code, _, err = deal("-f", str(SLAM), "-o", str(tmp_path / "slam.pbn"))
    boards = list(read(tmp_path / "slam.pbn"))
    assert code == 0 and len(boards) == 2 and all(b.deal is not None for b in boards)
    assert "actions are not run" in err


def test_a_script_with_actions_writing_a_txt_file_prints_dealers_output(tmp_path: Path) -> None:
    assert deal("-f", str(SLAM), "-o", str(tmp_path / "slam.txt"))[0] == 0
    assert "Produced 2 hands" in (tmp_path / "slam.txt").read_text()


def test_board_options_with_dealers_own_output_are_a_usage_error() -> None:
    code, out, err = deal("-f", str(SLAM), "--rotate", "north:south", "--vul", "ns")
    assert code == 2 and out == "" and "--vul, --rotate" in err and "--format pbn" in err


@pytest.mark.parametrize("suffix", [".dup", ".dlm", ".bri", ".dge", ".rbn"])
def test_a_dealing_machine_suffix_writes_that_machine_s_file_of_the_same_deals(tmp_path: Path,
                                                                             suffix: str) -> None:
    machine, pbn = tmp_path / f"deals{suffix}", tmp_path / "deals.pbn"
    assert deal("-q", "-o", str(machine))[0] == 0 and deal("-q", "-o", str(pbn))[0] == 0
    assert [b.deal for b in read(str(machine))] == [b.deal for b in read(str(pbn))]


def test_the_help_names_the_dealing_machines_files() -> None:
    text = CliRunner().invoke(cli, ["deal", "--help"]).stdout
    assert ".dup" in text and ".dlm" in text


@pytest.mark.parametrize("fmt", ["dup", "dlm", "bri", "dge", "rbn"])
def test_format_names_a_dealing_machine_s_file_as_its_suffix_does(tmp_path: Path, fmt: str) -> None:
    by_suffix, by_format = tmp_path / f"deals.{fmt}", tmp_path / "deals"
    assert deal("-q", "-o", str(by_suffix))[0] == 0
    assert deal("-q", "--format", fmt, "-o", str(by_format))[0] == 0
    result = CliRunner().invoke(cli, ["deal", "--seed", "1", "-n", "2", "-q", "--format", fmt, "-o", "-"])
    assert result.exit_code == 0
    assert by_format.read_bytes() == by_suffix.read_bytes() == result.stdout_bytes


def test_a_binary_machine_file_to_a_terminal_says_to_redirect(monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.cli import common

    monkeypatch.setattr(common, "text_stream", lambda name: type("Tty", (), {"isatty": lambda self: True})())
    result = CliRunner().invoke(cli, ["deal", "--seed", "1", "-n", "2", "--format", "dup"])
    assert result.exit_code == 1 and result.stdout_bytes == b""
    assert result.stderr.count("\n") == 1 and "redirect stdout (> session.dup)" in result.stderr


def test_the_help_names_the_machine_formats_format_takes() -> None:
    text = " ".join(CliRunner().invoke(cli, ["deal", "--help"]).stdout.split())
    assert "[pbn|lin|json|jsonl|text|dup|dlm|bri|dge|rbn]" in text


@pytest.mark.parametrize("name, args, words", [
    ("big.dlm", ("-n", "100000"), "a DLM file holds boards 1-99, and 100000 boards from board 1 would end at "
                                  "board 100000: give -n 99 at most"),
    ("big.dup", ("-n", "10", "--first-board", "95"), "10 boards from board 95 would end at board 104: give "
                                                     "-n 5 at most"),
    ("big.dup", ("-n", "60", "--shard", "2/2"), "60 boards from board 61 would end at board 120: give -n 49"),
])
def test_boards_past_what_a_dup_or_dlm_file_holds_are_refused_before_dealing(
        tmp_path: Path, name: str, args: tuple[str, ...], words: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # `-n 100000 -o big.dlm` dealt all 100,000 boards (13 s) before the writer refused board 100
    from bridgetools.dealer import dealing

    def dealt(*args: object, **kwargs: object) -> None:
        raise AssertionError("a deal was dealt")

    monkeypatch.setattr(dealing, "produce", dealt)
    code, _, err = deal("--seed", "1", *args, "-o", str(tmp_path / name))
    assert code == 2 and words in err
    assert not (tmp_path / name).exists()


def test_a_script_s_generate_bounds_the_boards_a_dup_file_is_asked_to_hold(tmp_path: Path) -> None:
    script = tmp_path / "few.dlr"
    script.write_text("generate 50\nproduce 500\ncondition hcp(north) > 10\n")
    code, _, err = deal("-f", str(script), "--seed", "1", "-o", str(tmp_path / "few.dup"))
    assert code == 0, err
    assert 0 < len(list(read(tmp_path / "few.dup"))) <= 50
