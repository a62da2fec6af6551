"""``bridgetools convert`` of many files: folders and patterns merged into one output in the order given,
or written one output per input into a folder (``-o DIR/``)."""

from __future__ import annotations

import os
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
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
    assert f"Error: {folder / 'empty.lin'}" in result.stderr
    assert sorted(p.name for p in target.iterdir()) == [f"{SINGLE.stem}.pbn"]


def test_standard_input_is_read_once(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", "-", "-", "-o", str(tmp_path / "x.pbn")], input="")
    assert result.exit_code == 2 and "given twice" in result.stderr


def test_a_problem_in_a_folders_file_names_that_file(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE)
    (folder / "bad.lin").write_text("pn|a,b,c,d|md|3SA,,,|sv|q|\n")
    result = run("convert", folder, "-o", tmp_path / "all.pbn")
    assert result.exit_code == 1, result.output  # all written; sv|q| is a problem of syntax
    assert f"{folder / 'bad.lin'}:1:" in result.stderr


def test_a_quoted_pattern_is_matched_as_export_matches_it(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE, MATCH)
    out = tmp_path / "all.pbn"
    result = run("convert", f"{folder}/pbntools*.lin", "-o", out)
    assert result.exit_code == 0, result.output
    assert deals_of(out) == deals_of(SINGLE)


def test_an_output_that_is_a_link_to_another_inputs_output_is_refused_and_nothing_written(
        tmp_path: Path) -> None:
    # a.lin went to out/a.pbn, a link to out/b.pbn, which b.lin then replaced: a board lost, exit 0
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SINGLE, folder / "a.lin")
    shutil.copy(MATCH, folder / "b.lin")
    target = tmp_path / "out"
    target.mkdir()
    (target / "a.pbn").symlink_to("b.pbn")
    result = run("convert", folder, "-o", f"{target}/", "--format", "pbn")
    assert result.exit_code == 2 and "would both be written to" in result.stderr
    assert sorted(p.name for p in target.iterdir()) == ["a.pbn"] and not (target / "b.pbn").exists()


def test_two_inputs_apart_in_case_only_are_refused_on_every_disk(tmp_path: Path) -> None:
    # A.lin and a.lin went to one file out/a.pbn on a disk that takes case as the same (a Mac's)
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SINGLE, folder / "A.lin")
    shutil.copy(MATCH, folder / "a.lin")
    target = tmp_path / "out"
    result = run("convert", folder, "-o", f"{target}/", "--format", "pbn")
    assert result.exit_code == 2 and "one file" in result.stderr
    assert not target.exists()


def test_two_inputs_apart_in_unicode_form_only_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SINGLE, folder / "caf\u00e9.lin")  # é as one character (NFC)
    shutil.copy(MATCH, folder / "cafe\u0301.lin")  # e and its accent (NFD, a Mac's names)
    result = run("convert", folder, "-o", f"{tmp_path / 'out'}/", "--format", "pbn")
    assert result.exit_code == 2 and "one file" in result.stderr


def no_hand_record(folder: Path) -> Path:
    """A folder's ``manifest.json``, JSON of no hand record."""
    manifest = folder / "manifest.json"
    manifest.write_text('{"files": 2, "source": "club"}\n')
    return manifest


def test_a_folders_file_that_is_no_hand_record_is_passed_over_in_one_output(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE)
    manifest = no_hand_record(folder)
    out = tmp_path / "all.pbn"
    result = run("convert", folder, "-o", out)
    assert result.exit_code == 0, result.output
    assert result.stderr.count(f"{manifest}: ") == 1 and "passed over" in result.stderr
    assert deals_of(out) == deals_of(SINGLE)


def test_a_folders_file_that_is_no_hand_record_is_passed_over_in_a_folder_output(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE)
    no_hand_record(folder)
    target = tmp_path / "out"
    result = run("convert", folder, "-o", f"{target}/", "--format", "pbn")
    assert result.exit_code == 0, result.output
    assert "passed over" in result.stderr
    assert sorted(p.name for p in target.iterdir()) == [f"{SINGLE.stem}.pbn"]


def test_a_file_of_no_hand_record_named_by_itself_still_fails(tmp_path: Path) -> None:
    manifest = no_hand_record(tmp_path)
    result = run("convert", SINGLE, manifest, "-o", tmp_path / "all.pbn")
    assert result.exit_code == 1 and "passed over" not in result.stderr
    assert not (tmp_path / "all.pbn").exists()


def test_a_folder_of_no_hand_record_alone_writes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    no_hand_record(folder)
    result = run("convert", folder, "-o", tmp_path / "all.pbn")
    assert result.exit_code == 1 and "nothing to convert" in result.stderr
    assert not (tmp_path / "all.pbn").exists()


def test_strict_stops_a_folder_output_at_the_first_file_that_fails(tmp_path: Path) -> None:
    folder = archive(tmp_path, SAMPLE, SINGLE)  # bridge-bots__sample.lin, m-bad.lin, pbntools__...lin
    (folder / "m-bad.lin").write_text("pn|a,b,c,d|md|3SA,,,|sv|q|\n")
    target = tmp_path / "out"
    result = run("convert", folder, "-o", f"{target}/", "--format", "pbn", "--strict")
    assert result.exit_code == 1
    assert sorted(p.name for p in target.iterdir()) == [f"{SAMPLE.stem}.pbn"]  # written before it: kept
    assert "2 files not converted" in result.stderr


def test_a_folder_output_is_not_made_when_an_input_is_missing(tmp_path: Path) -> None:
    result = run("convert", tmp_path / "nosuch.lin", "-o", f"{tmp_path / 'made'}/", "--format", "pbn")
    assert result.exit_code == 1 and "No such file" in result.stderr
    assert not (tmp_path / "made").exists()


def test_a_folder_output_looks_at_each_input_a_few_times_not_once_per_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # each output was checked against every input: 1,500 files took 42 s
    folder = tmp_path / "archive"
    folder.mkdir()
    for n in range(30):
        shutil.copy(SAMPLE, folder / f"{n:02}.lin")
    looked: Counter[str] = Counter()
    stat = os.stat

    def counted(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        looked[os.fspath(path)] += 1
        return stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", counted)
    result = run("convert", folder, "-o", f"{tmp_path / 'out'}/", "--format", "pbn")
    assert result.exit_code == 0, result.output
    assert max(looked[str(file)] for file in folder.iterdir()) < 10


def test_a_folder_and_a_file_in_it_are_read_once(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE, MATCH)
    out = tmp_path / "all.pbn"
    result = run("convert", folder, folder, folder / MATCH.name, "-o", out)
    assert result.exit_code == 0, result.output
    assert deals_of(out) == [deal for file in sorted(folder.iterdir()) for deal in deals_of(file)]
    assert "named twice" in result.stderr


def test_an_output_folder_inside_the_input_folder_is_not_searched_again(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE, MATCH)
    for _ in range(2):  # the second run found the first's outputs and refused them as inputs
        result = run("convert", folder, "-o", f"{folder / 'pbn'}/", "--format", "pbn")
        assert result.exit_code == 0, result.output
        assert "5 boards written to 2 files" in result.stderr
    written = sorted(p.name for p in (folder / "pbn").iterdir())
    assert written == sorted(f"{f.stem}.pbn" for f in (SINGLE, MATCH))


def test_an_unexpected_error_in_one_file_is_said_and_the_others_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bridgetools.formats

    folder = archive(tmp_path, SAMPLE, SINGLE)
    read_as_is = bridgetools.formats.read

    def failing(source: Any, *args: Any, **kwargs: Any) -> Any:
        if SAMPLE.name in str(getattr(source, "name", source)):
            raise ValueError("a bug")
        return read_as_is(source, *args, **kwargs)

    monkeypatch.setattr(bridgetools.formats, "read", failing)
    target = tmp_path / "out"
    result = run("convert", folder, "-o", f"{target}/", "--format", "pbn")
    assert result.exit_code == 1
    assert "Error: unexpected error (ValueError): a bug" in result.stderr
    assert "1 board written to 1 file" in result.stderr
    assert sorted(p.name for p in target.iterdir()) == [f"{SINGLE.stem}.pbn"]


def test_from_searches_a_folder_for_that_formats_files_alone(tmp_path: Path) -> None:
    folder = archive(tmp_path, SINGLE)
    assert run("convert", MATCH, "-o", folder / "match.pbn").exit_code == 0
    target = tmp_path / "out"
    result = run("convert", folder, "--from", "lin", "-o", f"{target}/", "--format", "json")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in target.iterdir()) == [f"{SINGLE.stem}.json"]


def test_a_folder_outputs_summary_names_the_folder(tmp_path: Path) -> None:
    target = tmp_path / "out"
    result = run("convert", SINGLE, "-o", f"{target}/", "--format", "pbn")
    assert result.exit_code == 0, result.output
    assert f"1 board written to 1 file in {target}/" in result.stderr
