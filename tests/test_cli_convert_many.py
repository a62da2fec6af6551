"""``bridgetools convert`` of many files: folders and patterns merged into one output in the order given,
or written one output per input into a folder (``-o DIR/``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from bridgetools.cli import cli
from bridgetools.formats import read

DATA = Path(__file__).parent / "data" / "lin"
MATCH = DATA / "bridge-wrangler__ABS2-2_-_NES.lin"  # four boards of a vugraph match
SINGLE = DATA / "pbntools__20784113.lin"  # one board, no header
SAMPLE = DATA / "bridge-bots__sample.lin"  # one board


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(cli, [str(arg) for arg in args])


def deals_of(path: Path) -> list[object]:
    return [board.deal for board in read(str(path))]


def archive(tmp_path: Path, *files: Path) -> Path:
    """A folder holding copies of ``files``."""
    folder = tmp_path / "archive"
    folder.mkdir()
    for file in files:
        shutil.copy(file, folder / file.name)
    return folder


def test_several_files_merge_into_one_output_in_the_order_given(tmp_path: Path) -> None:
    out = tmp_path / "all.pbn"
    result = run("convert", SINGLE, MATCH, "-o", out)
    assert result.exit_code == 0, result.output
    assert deals_of(out) == deals_of(SINGLE) + deals_of(MATCH)


def test_a_directory_without_a_folder_output_gives_one_merged_output(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE, MATCH)
    out = tmp_path / "all.pbn"
    result = run("convert", folder, "-o", out)
    assert result.exit_code == 0, result.output
    found = sorted(folder.iterdir())  # a folder's files are read in the order of their names
    assert deals_of(out) == [deal for file in found for deal in deals_of(file)]
    assert "5 boards written to" in result.stderr


def test_a_directory_and_a_file_merge_in_the_order_given(tmp_path: Path) -> None:
    folder = archive(tmp_path, MATCH)
    out = tmp_path / "all.jsonl"
    result = run("convert", folder, SAMPLE, "-o", out)
    assert result.exit_code == 0, result.output
    assert deals_of(out) == deals_of(MATCH) + deals_of(SAMPLE)


def test_a_folder_converts_into_a_folder_one_output_per_input_named_after_it(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE, MATCH)
    target = tmp_path / "pbn"
    target.mkdir()
    result = run("convert", folder, "-o", f"{target}/", "--format", "pbn")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in target.iterdir()) == sorted(f"{f.stem}.pbn" for f in (SINGLE, MATCH))
    for source in (SINGLE, MATCH):
        alone = tmp_path / f"alone-{source.stem}.pbn"
        assert run("convert", source, "-o", alone).exit_code == 0
        assert (target / f"{source.stem}.pbn").read_text() == alone.read_text()
    assert "5 boards written to 2 files" in result.stderr


def test_an_existing_directory_without_a_slash_is_a_folder_output(tmp_path: Path) -> None:
    target = tmp_path / "json"
    target.mkdir()
    result = run("convert", SINGLE, "-o", target, "--format", "json")
    assert result.exit_code == 0, result.output
    assert deals_of(target / f"{SINGLE.stem}.json") == deals_of(SINGLE)


def test_two_inputs_giving_one_output_name_are_refused_and_nothing_written(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE)
    (folder / "again").mkdir()
    shutil.copy(SAMPLE, folder / "again" / SINGLE.name)  # another file of the same name
    target = tmp_path / "out"
    target.mkdir()
    result = run("convert", folder, "-o", f"{target}/", "--format", "pbn")
    assert result.exit_code == 2
    assert f"would both be written to {target / SINGLE.stem}.pbn" in result.stderr
    assert list(target.iterdir()) == []


def test_a_folder_output_never_overwrites_an_input(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE)
    result = run("convert", folder, "-o", f"{folder}/", "--format", "lin")
    assert result.exit_code == 2 and "inputs are never overwritten" in result.stderr
    assert (folder / SINGLE.name).read_bytes() == SINGLE.read_bytes()


def test_a_folder_output_needs_the_format(tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.mkdir()
    result = run("convert", SINGLE, "-o", f"{target}/")
    assert result.exit_code == 2 and "give --format" in result.stderr


def test_a_folder_output_not_there_is_made_when_its_parent_is(tmp_path: Path) -> None:
    result = run("convert", SINGLE, "-o", f"{tmp_path / 'made'}/", "--format", "pbn")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "made" / f"{SINGLE.stem}.pbn").exists()


def test_a_folder_output_whose_parent_is_not_there_is_refused_and_nothing_made(tmp_path: Path) -> None:
    result = run("convert", SINGLE, "-o", f"{tmp_path / 'typo' / 'out'}/", "--format", "pbn")
    assert result.exit_code == 1 and "no such folder" in result.stderr
    assert not (tmp_path / "typo").exists()


def test_a_folder_output_is_not_made_when_the_inputs_are_refused(tmp_path: Path) -> None:
    result = run("convert", "-", "-o", f"{tmp_path / 'made'}/", "--format", "pbn")
    assert result.exit_code == 2
    assert not (tmp_path / "made").exists()


def test_a_file_that_fails_in_a_folder_output_is_named_and_the_others_written(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE)
    (folder / "empty.lin").write_text("")
    target = tmp_path / "out"
    target.mkdir()
    result = run("convert", folder, "-o", f"{target}/", "--format", "pbn")
    assert result.exit_code == 1
    assert f"{folder / 'empty.lin'}" in result.stderr
    assert sorted(p.name for p in target.iterdir()) == [f"{SINGLE.stem}.pbn"]


def test_standard_input_is_read_once(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", "-", "-", "-o", str(tmp_path / "x.pbn")], input="")
    assert result.exit_code == 2 and "given twice" in result.stderr


def test_a_problem_in_a_folders_file_names_that_file(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE)
    (folder / "bad.lin").write_text("pn|a,b,c,d|md|3SA,,,|sv|q|\n")
    result = run("convert", folder, "-o", tmp_path / "all.pbn")
    assert result.exit_code == 0, result.output
    assert f"{folder / 'bad.lin'}:1:" in result.stderr


def test_a_quoted_pattern_is_matched_as_export_matches_it(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE, MATCH)
    out = tmp_path / "all.pbn"
    result = run("convert", f"{folder}/pbntools*.lin", "-o", out)
    assert result.exit_code == 0, result.output
    assert deals_of(out) == deals_of(SINGLE)
