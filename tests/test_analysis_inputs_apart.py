"""Results of several inputs: only a true repeat (a file and its export, a file named twice) is counted
once; other tables' results with the same contract and score are results of their own, and a board's
results in several inputs are one field, as a director scores a late traveller; files that seat one pair
at one board are two sections, scored apart (docs/analysis.md, Field results). The files are made from a
club director's trial (trial47a: early_nn.pbn, late_nn.pbn, secA_sec.pbn)."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq

from bridgetools.analysis.pipeline import export_files, load_results

FIELD = ("board", "ns_pair", "ew_pair", "score_ns", "field_size", "mp_ns", "pct_ns", "ximp_ns", "butler_ns")

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


def fields(rows: list[dict[str, object]]) -> list[tuple[object, ...]]:
    """The `FIELD` figures of each result of ``rows``, in a fixed order."""
    return sorted((tuple(row[name] for name in FIELD) for row in rows if row["score_ns"] is not None),
                  key=repr)


def exported_fields(tmp_path: Path, *inputs: Path, jobs: int = 1) -> list[tuple[object, ...]]:
    out = tmp_path / "fields.parquet"
    export_files([str(path) for path in inputs], out, jobs=jobs)
    return [row for row in fields(pq.read_table(out).to_pylist()) if row[0] == 7]


def joined(tmp_path: Path) -> list[tuple[object, ...]]:
    """The field figures of board 7's results with the early and the late traveller in one file."""
    merged = tmp_path / "merged.pbn"
    merged.write_text(EARLY.read_text() + "\n" + LATE.read_text())
    return exported_fields(tmp_path, merged)


def test_a_late_traveller_in_its_own_file_is_matchpointed_in_its_board_s_field(tmp_path: Path) -> None:
    late = [row for row in exported_fields(tmp_path, EARLY, LATE) if row[1:3] == ("4", "5")]
    assert late == [(7, "4", "5", -110, 6, 1.0, 10.0, late[0][7], late[0][8])]  # ties pairs 6 and 2
    assert exported_fields(tmp_path, EARLY, LATE) == joined(tmp_path)


def test_an_export_read_by_two_jobs_scores_the_late_traveller_in_the_same_field(tmp_path: Path) -> None:
    assert exported_fields(tmp_path, EARLY, LATE, jobs=2) == joined(tmp_path)


def test_a_file_named_again_is_left_out_of_the_field_it_repeats(tmp_path: Path) -> None:
    copy = tmp_path / "copy.pbn"
    copy.write_bytes(EARLY.read_bytes())
    assert exported_fields(tmp_path, EARLY, copy, LATE) == joined(tmp_path)


def test_analyze_of_an_export_and_a_late_file_scores_them_as_one_field(tmp_path: Path) -> None:
    early = tmp_path / "early.parquet"
    export_files([str(EARLY)], early)
    frame, _ = load_results([str(early), str(LATE)], list(FIELD))
    assert fields(frame.astype(object).where(frame.notna(), None).to_dict("records")) == \
        joined(tmp_path)


def test_analyze_of_a_file_its_export_and_a_late_file_counts_each_result_once_in_one_field(
        tmp_path: Path) -> None:
    early = tmp_path / "early.parquet"
    export_files([str(EARLY)], early)
    frame, _ = load_results([str(EARLY), str(early), str(LATE)], list(FIELD))
    assert fields(frame.astype(object).where(frame.notna(), None).to_dict("records")) == \
        joined(tmp_path)


def test_a_late_traveller_without_an_event_joins_the_one_event_of_its_board(tmp_path: Path) -> None:
    late = tmp_path / "late.pbn"
    late.write_text(LATE.read_text().replace('[Event "Monday Pairs"]\n', ""))
    scored = [row for row in exported_fields(tmp_path, EARLY, late) if row[1:3] == ("4", "5")]
    assert [row[4:6] for row in scored] == [(6, 1.0)]


def test_a_late_traveller_of_another_event_is_a_field_of_its_own_beside_that_of_its_event(
        tmp_path: Path) -> None:
    other = tmp_path / "tuesday.pbn"
    other.write_text(LATE.read_text().replace("Monday Pairs", "Tuesday Pairs"))
    out = tmp_path / "out.parquet"
    export_files([str(EARLY), str(LATE), str(other)], out)
    sizes = {row["file"]: row["field_size"] for row in pq.read_table(out).to_pylist() if row["contract"]}
    assert sizes == {str(EARLY): 6, str(LATE): 6, str(other): 1}


def test_no_input_is_said_to_be_scored_apart_when_its_board_joins_the_field(tmp_path: Path) -> None:
    _, told = exported(tmp_path, EARLY, LATE)
    assert told == []
    told = []
    load_results([str(EARLY), str(LATE)], ["board"], on_issue=told.append)
    assert told == []


def untagged(tmp_path: Path, section: Path, name: str, overtrick: bool = False) -> Path:
    """``section``'s file without its Section tag (two sections' files numbering their pairs alike), each
    table a trick more with ``overtrick`` (no result the other section's)."""
    path = tmp_path / name
    text = "".join(line for line in section.read_text().splitlines(keepends=True)
                   if not line.startswith("[Section"))
    for was, now in (('N 9 400 -', 'N 10 430 -'), ('N 10 420 -', 'N 11 450 -'), ('N 8 - 50', 'N 9 400 -')):
        text = text.replace(was, now) if overtrick else text
    path.write_text(text)
    return path


def test_files_that_seat_one_pair_at_one_board_are_two_sections_scored_apart(tmp_path: Path) -> None:
    a = untagged(tmp_path, SECTION_A, "a.pbn")
    b = untagged(tmp_path, SECTION_B, "b.pbn", overtrick=True)
    told: list[str] = []
    out = tmp_path / "out.parquet"
    export_files([str(a), str(b)], out, on_issue=told.append)
    sizes = {row["file"]: row["field_size"] for row in pq.read_table(out).to_pylist() if row["contract"]}
    assert sizes == {str(a): 6, str(b): 6}
    assert told == [f"{b}: scored apart from {a}: North-South pair 1 plays board 1 in both, and a pair plays "
                    "a board once, so each is a section (or session) of its own, a field apart (a Section "
                    "tag in each names its section)"]
    told = []
    frame, _ = load_results([str(a), str(b)], ["field_size"], on_issue=told.append)
    assert set(frame["field_size"].dropna()) == {6} and len(told) == 1


def late_table(tmp_path: Path) -> Path:
    """Board 1 of section A's file (no Section tag) with one table of pairs neither section seats there."""
    late = tmp_path / "late.pbn"
    late.write_text(untagged(tmp_path, SECTION_A, "x.pbn").read_text().split("[ScoreTable")[0]
                    + '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;'
                    'Score_NS\\6R;Score_EW\\6R"]\n 4 7 "3NT" N 9 400 -\n')
    return late


def test_a_late_traveller_that_could_be_of_either_untagged_section_is_a_field_of_its_own_said(
        tmp_path: Path) -> None:
    # It joined whichever section's file came first: 6 matchpoints or 12, on the order of the inputs.
    a = untagged(tmp_path, SECTION_A, "a.pbn")
    b = untagged(tmp_path, SECTION_B, "b.pbn", overtrick=True)
    late = late_table(tmp_path)
    out = tmp_path / "out.parquet"
    for inputs in ([a, b, late], [b, a, late], [late, b, a]):
        told: list[str] = []
        export_files([str(path) for path in inputs], out, on_issue=told.append)
        sizes = {row["file"]: row["field_size"] for row in pq.read_table(out).to_pylist() if row["contract"]}
        assert sizes == {str(a): 6, str(b): 6, str(late): 1}
        assert [line for line in told if line.startswith(f"{late}: ")] == [
            f"{late}: scored apart, a field of its own: it could be of the section of "
            f"{' or of '.join(str(p) for p in inputs if p != late)}, which are scored apart (a Section tag "
            "in it names its section)"]


def test_a_late_traveller_with_its_section_tag_joins_that_section(tmp_path: Path) -> None:
    a = tmp_path / "a.pbn"
    a.write_bytes(SECTION_A.read_bytes())
    b = untagged(tmp_path, SECTION_B, "b.pbn", overtrick=True)
    late = late_table(tmp_path)
    late.write_text(late.read_text().replace('[Board "1"]', '[Board "1"]\n[Section "A"]'))
    told: list[str] = []
    out = tmp_path / "out.parquet"
    export_files([str(b), str(late), str(a)], out, on_issue=told.append)
    sizes = {row["file"]: row["field_size"] for row in pq.read_table(out).to_pylist() if row["contract"]}
    assert sizes == {str(a): 7, str(b): 6, str(late): 7} and told == []


def day(tmp_path: Path, name: str, date: str | None, first_pair: int = 1) -> Path:
    """Section A's board 1 (no Section tag) played on ``date`` (none: no Date tag), its pairs numbered from
    ``first_pair``."""
    text = untagged(tmp_path, SECTION_A, name).read_text().replace('[Date "2026.12.07"]\n', "")
    if date is not None:
        text = text.replace('[Board "1"]', f'[Date "{date}"]\n[Board "1"]')
    lines = [line if not line.startswith(" ") else
             " " + " ".join(str(int(cell) + first_pair - 1) if k < 2 else cell
                            for k, cell in enumerate(line.split()))
             for line in text.splitlines()]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return path


def test_one_event_s_sessions_on_one_deal_file_on_two_dates_are_two_fields(tmp_path: Path) -> None:
    first, second = day(tmp_path, "d1.pbn", "2026.12.07"), day(tmp_path, "d2.pbn", "2026.12.14", 11)
    out = tmp_path / "out.parquet"
    export_files([str(first), str(second)], out)
    rows = [row for row in pq.read_table(out).to_pylist() if row["contract"]]
    assert {row["field_size"] for row in rows} == {6}
    assert sorted(row["mp_ns"] for row in rows if row["file"] == str(second)) == [0, 4, 4, 4, 9, 9]


def test_a_result_without_a_date_joins_its_board_s_one_date(tmp_path: Path) -> None:
    first = day(tmp_path, "d1.pbn", "2026.12.07")
    late = late_table(tmp_path)
    late.write_text(late.read_text().replace('[Date "2026.12.07"]\n', ""))
    out = tmp_path / "out.parquet"
    export_files([str(first), str(late)], out)
    assert {row["field_size"] for row in pq.read_table(out).to_pylist() if row["contract"]} == {7}


def test_analyze_of_two_dates_sessions_scores_them_as_two_fields(tmp_path: Path) -> None:
    first, second = day(tmp_path, "d1.pbn", "2026.12.07"), day(tmp_path, "d2.pbn", "2026.12.14", 11)
    frame, _ = load_results([str(first), str(second)], ["field_size"])
    assert set(frame["field_size"].dropna()) == {6}


TEAM_BOARD = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:A75.A.54.J987643 T98.KQT64.KJ9.A2 Q6432.9753.A32.Q KJ.J82.QT876.KT5"]
[Room "{room}"]
[HomeTeam "Red"]
[VisitTeam "Blue"]
[Declarer "N"]
[Contract "{contract}"]
[Result "{tricks}"]
"""


def test_a_team_match_without_an_event_is_no_field_with_a_pairs_game_on_its_deal(tmp_path: Path) -> None:
    # The match took the pairs' match code and then their event: one field of 8 (pairs 7 of 14).
    pairs = untagged(tmp_path, SECTION_A, "a.pbn")
    teams = tmp_path / "teams.pbn"
    teams.write_text(TEAM_BOARD.format(room="Open", contract="4S", tricks=10) + "\n"
                     + TEAM_BOARD.format(room="Closed", contract="3NT", tricks=8))
    out = tmp_path / "out.parquet"
    export_files([str(pairs), str(teams)], out)
    rows = [row for row in pq.read_table(out).to_pylist() if row["contract"]]
    assert {row["field_size"] for row in rows if row["file"] == str(pairs)} == {6}
    assert sorted((row["room"], row["field_size"], row["mp_ns"], row["butler_ns"], row["team_imps"])
                  for row in rows if row["file"] == str(teams)) == [("closed", 2, 0.0, -6, 10),
                                                                    ("open", 2, 2.0, 6, 10)]


def test_analyze_by_pair_says_once_that_two_files_are_scored_apart(tmp_path: Path) -> None:
    # load_results said "scored apart from", and the rankings again "ranked apart".
    from click.testing import CliRunner

    from bridgetools.cli import cli

    a = untagged(tmp_path, SECTION_A, "a.pbn")
    b = untagged(tmp_path, SECTION_B, "b.pbn", overtrick=True)
    result = CliRunner().invoke(cli, ["analyze", str(a), str(b), "--by", "pair"])
    assert result.exit_code == 0, result.stderr
    assert [line for line in result.stderr.splitlines() if "apart" in line] == [
        f"warning: {b}: scored apart from {a}: North-South pair 1 plays board 1 in both, and a pair plays a "
        "board once, so each is a section (or session) of its own, a field apart (a Section tag in each "
        "names its section)"]



def _older_export(tmp_path: Path, source: Path) -> Path:
    """An export of ``source`` as a bridgetools before session 47 wrote it: no section or pair columns."""
    out = tmp_path / "older.parquet"
    export_files([str(source)], out)
    table = pq.read_table(out)
    pq.write_table(table.drop_columns(["section", "ns_pair", "ew_pair"]), out)
    return out


def test_an_older_export_without_pair_columns_after_its_source_is_counted_once(tmp_path: Path) -> None:
    told: list[str] = []
    frame, _ = load_results([str(EARLY), str(_older_export(tmp_path, EARLY))], ["contract", "score_ns"],
                            on_issue=told.append)
    assert len(frame[frame.contract.notna()]) == 5
    assert [line for line in told if "5 results repeat those of" in line and "counted once" in line]


def test_an_older_export_before_its_source_is_counted_once(tmp_path: Path) -> None:
    frame, _ = load_results([str(_older_export(tmp_path, EARLY)), str(EARLY)], ["contract", "score_ns"])
    assert len(frame[frame.contract.notna()]) == 5


def test_a_late_traveller_after_a_file_and_its_older_export_keeps_its_equal_result(tmp_path: Path) -> None:
    older = _older_export(tmp_path, EARLY)
    frame, _ = load_results([str(EARLY), str(older), str(LATE)], ["contract", "score_ns"])
    assert len(frame[frame.contract.notna()]) == 6
