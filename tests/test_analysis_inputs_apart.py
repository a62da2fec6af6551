"""Results of several inputs: only a true repeat (a file and its export, a file named twice) is counted
once; other tables' results with the same contract and score are results of their own, and a board whose
results are split over inputs is said to be scored apart (docs/analysis.md, Field results). The files are
made from a club director's trial (trial47a: early_nn.pbn, late_nn.pbn, secA_sec.pbn)."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq

from bridgetools.analysis.pipeline import export_files, load_results

SPLIT = Path(__file__).parent / "data" / "pbn" / "travellers" / "split"
EARLY, LATE = SPLIT / "early_board7.pbn", SPLIT / "late_board7.pbn"
"""Board 7 of five tables, and its late traveller: pairs 4 and 5, 3D by W making 9, as pairs 6 and 2."""
SECTION_A, SECTION_B = SPLIT / "section_a_board1.pbn", SPLIT / "section_b_board1.pbn"
"""Board 1 of six tables in section A, and the same six results in section B."""


def exported(tmp_path: Path, *inputs: Path) -> tuple[list[tuple[object, ...]], list[str]]:
    """The (section, NS pair, EW pair, NS score) of each result an export of ``inputs`` writes, and its
    warnings."""
    told: list[str] = []
    out = tmp_path / "out.parquet"
    export_files([str(path) for path in inputs], out, on_issue=told.append)
    rows = pq.read_table(out).to_pylist()
    return [(row["section"], row["ns_pair"], row["ew_pair"], row["score_ns"]) for row in rows
            if row["contract"] is not None], told


def test_a_late_traveller_with_another_pairs_equal_result_is_a_result_of_its_own(tmp_path: Path) -> None:
    results, told = exported(tmp_path, EARLY, LATE)
    assert (None, "4", "5", -110) in results and (None, "6", "2", -110) in results
    assert len(results) == 6
    assert not [line for line in told if "counted once" in line]


def test_a_late_traveller_first_keeps_the_equal_result_of_the_other_file(tmp_path: Path) -> None:
    results, _ = exported(tmp_path, LATE, EARLY)
    assert (None, "6", "2", -110) in results and len(results) == 6


def test_a_second_section_s_equal_results_are_results_of_their_own(tmp_path: Path) -> None:
    results, _ = exported(tmp_path, SECTION_A, SECTION_B)
    assert len(results) == 12
    assert sorted(row[1:] for row in results if row[0] == "A") == sorted(row[1:] for row in results
                                                                         if row[0] == "B")
    frame, _ = load_results([str(SECTION_A), str(SECTION_B)], ["board", "section", "score_ns"])
    assert frame["score_ns"].notna().sum() == 12


def test_a_file_and_its_export_are_still_counted_once(tmp_path: Path) -> None:
    first = tmp_path / "early.parquet"
    export_files([str(EARLY), str(LATE)], first)
    told: list[str] = []
    frame, _ = load_results([str(EARLY), str(LATE), str(first)], ["board", "score_ns"], on_issue=told.append)
    assert frame["score_ns"].notna().sum() == 6
    assert any(line.startswith(f"{first}: 6 results repeat those of ") for line in told)


def test_a_board_dealt_in_both_files_is_no_repeat_said_to_be_counted_once(tmp_path: Path) -> None:
    # The late file's board row (the deal, no result) matched the early file's: "1 board repeats ...:
    # counted once", while its result was kept, a field of 1.
    _, told = exported(tmp_path, EARLY, LATE)
    assert not [line for line in told if "repeat" in line]


def test_a_lone_late_result_is_warned_of_as_a_field_of_one_apart_from_the_board_s_other_results(
        tmp_path: Path) -> None:
    _, told = exported(tmp_path, EARLY, LATE)
    assert [line for line in told if "field" in line] == [
        f"{LATE}: board 7 has results in {EARLY} too, scored apart: each input is a field of its "
        "own; board 7 here is a field of 1, with no matchpoints (join the files into one with convert to "
        "score them together)"]
    told = []
    load_results([str(EARLY), str(LATE)], ["board"], on_issue=told.append)
    assert [line for line in told if "field of 1" in line]


def test_two_sections_of_one_board_are_no_board_scored_apart(tmp_path: Path) -> None:
    _, told = exported(tmp_path, SECTION_A, SECTION_B)
    assert told == []
